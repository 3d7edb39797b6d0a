//! Advances: a faction's research, bought once with resources (`play.advances`), each adding to
//! numbers the game layer owns (never the document's own: a feature's cost, a pylon's reach,
//! the hazards' chances).

use serde::{Deserialize, Serialize};

use super::Yield;

/// The most advances a ruleset lists.
pub const MAX_ADVANCES: usize = 64;
/// The most sight one advance adds, in hexes (as a site's sight).
pub const MAX_ADVANCE_SIGHT: u32 = 8;
/// The most percent one advance adds to gathering or to the flags' income.
pub const MAX_PERCENT: u32 = 1000;

/// An advance by its place in the rules' list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AdvanceId(pub u8);

/// An advance: its price, the advance it needs first, and what it adds.
#[derive(Debug, Clone, PartialEq)]
pub struct Advance {
    pub name: String,
    /// Resource name to amount, paid from the buyer's purse (every amount at least 1).
    pub cost: Yield,
    /// An advance listed before this one that the faction must hold first.
    pub needs: Option<AdvanceId>,
    pub gains: Gains,
    /// Words only, shown with the name.
    pub lore: String,
}

/// What advances add: action points a phase, sight in hexes, and percent more of what a
/// gathering and the flags' sites yield (rounded down, resource by resource).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gains {
    pub action_points: u32,
    pub sight: u32,
    pub gather: u32,
    pub income: u32,
}

impl Gains {
    /// Both gains together (saturating: each part is bounded by the rules, the sum by their
    /// count).
    pub fn and(self, o: Gains) -> Gains {
        Gains {
            action_points: self.action_points.saturating_add(o.action_points),
            sight: self.sight.saturating_add(o.sight),
            gather: self.gather.saturating_add(o.gather),
            income: self.income.saturating_add(o.income),
        }
    }

    /// Whether it adds nothing.
    pub fn is_none(&self) -> bool {
        *self == Gains::default()
    }

    /// "+1 AP a phase, +50% income": what it adds, in words.
    pub fn describe(&self) -> String {
        let parts = [
            (self.action_points, "+{} AP a phase"),
            (self.sight, "+{} sight"),
            (self.gather, "+{}% gathered"),
            (self.income, "+{}% flag income"),
        ];
        let said: Vec<String> = (parts.iter())
            .filter(|(n, _)| *n > 0)
            .map(|(n, f)| f.replace("{}", &n.to_string()))
            .collect();
        if said.is_empty() {
            "nothing".into()
        } else {
            said.join(", ")
        }
    }
}

/// `y` with `percent` more of each resource, rounded down (in u64, then capped at `u32::MAX`).
pub fn raised(y: &Yield, percent: u32) -> Yield {
    if percent == 0 {
        return y.clone();
    }
    (y.iter())
        .map(|(r, &n)| {
            let more = u64::from(n) * u64::from(percent) / 100;
            let total = u64::from(n).saturating_add(more).min(u64::from(u32::MAX));
            (r.clone(), total as u32)
        })
        .collect()
}
