//! The bounds a game's words keep when they come from outside (a save, a peer): a faction, a
//! phase, action points, and every [`PlayEvent`] of a log, checked against the rules and the
//! players it may name. Errors name the part of the entry at fault and why.

use std::collections::BTreeSet;

use hexx::Hex;

use super::{Action, End, Faction, MAX_COUNTER, MAX_HELD, PlayEvent, PlayerId, Refusal, Score};
use crate::hex::Coord;
use crate::rules::check::MAX_NAME;
use crate::rules::check::aeternus::MAX_AP;
use crate::rules::{MAX_SEATS, Rules};
use crate::world::limits::checked_hex;

/// The largest player id.
pub const MAX_PLAYER_ID: u32 = 1 << 16;

/// The part of a log entry at fault, and why.
pub type PartError = (String, String);

/// Checks one log entry: its hexes in the world's range, its players among the save's (a refused
/// action may name any id in range: refusing unknown players is what it logs), its factions,
/// features, biomes and resources the rules'. Errs with the part of the entry and why.
impl PlayEvent {
    pub fn check(&self, rules: &Rules, ids: &BTreeSet<u32>) -> Result<(), PartError> {
        use PlayEvent::*;
        let e = self;
        let entry = EntryCheck { rules, ids };
        match e {
            Moved { .. } | Blown { .. } | Travelled { .. } | Blocked { .. } | Mired { .. } => {
                entry.journey(e)
            }
            Corrupted { hex, player: p } => {
                entry.player(p)?;
                entry.coord("hex", hex)
            }
            Warded { hex } | Cleansed { hex } => entry.coord("hex", hex),
            Built {
                player: p,
                hex,
                feature: f,
            } => {
                entry.player(p)?;
                entry.coord("hex", hex)?;
                entry.feature("feature", f.0)
            }
            Occupied { hex, faction: f }
            | FlagLost { hex, faction: f }
            | Reclaimed { hex, faction: f } => {
                entry.coord("hex", hex)?;
                entry.faction(f.0)
            }
            Razed {
                player: p,
                hex,
                faction: f,
            } => {
                entry.player(p)?;
                entry.coord("hex", hex)?;
                entry.faction(f.0)
            }
            Gathered {
                player: p,
                hex,
                yields,
            } => {
                entry.player(p)?;
                entry.coord("hex", hex)?;
                entry.amounts(yields)
            }
            Paid { player: p, yields } => {
                entry.player(p)?;
                entry.amounts(yields)
            }
            Advanced {
                player: p,
                faction: f,
                advance,
            } => {
                entry.player(p)?;
                entry.faction(f.0)?;
                entry.advance("advance", *advance)
            }
            Searched {
                player: p,
                hex,
                found,
            } => {
                entry.player(p)?;
                entry.coord("hex", hex)?;
                found_names(found)
            }
            TurnEnded { player: p } => entry.player(p),
            PhaseStarted { phase: n } => phase_bound(*n).map_err(|m| ("phase".into(), m)),
            GameEnded {
                winner,
                phase: n,
                standings,
                end,
            } => entry.game_ended(winner.as_ref(), *n, standings, *end),
            Unseen { .. } => Ok(()),
            Refused {
                player: p,
                action,
                refusal,
            } => entry.refused(p, action, refusal),
        }
    }
}

/// A log entry checked against the rules and the save's players.
struct EntryCheck<'a> {
    rules: &'a Rules,
    ids: &'a BTreeSet<u32>,
}

impl EntryCheck<'_> {
    /// A hex the entry names, in the world's range.
    fn coord(&self, part: &str, c: &Coord) -> Result<(), PartError> {
        checked_hex(*c).map(|_| ()).map_err(|m| (part.into(), m))
    }

    /// A player the entry names, one of the save's.
    fn player(&self, p: &PlayerId) -> Result<(), PartError> {
        if self.ids.contains(&p.0) {
            Ok(())
        } else {
            Err(("player".into(), format!("{} is no player of the save", p.0)))
        }
    }

    /// Action points the entry spends or holds.
    fn ap(&self, n: &u32) -> Result<(), PartError> {
        ap_bound(*n).map_err(|m| ("ap".into(), m))
    }

    /// A faction the entry names.
    fn faction(&self, f: u32) -> Result<(), PartError> {
        faction_bound(self.rules, f).map_err(|m| ("faction".into(), m))
    }

    /// An advance the entry names, one of the rules'.
    fn advance(&self, part: &str, a: crate::rules::AdvanceId) -> Result<(), PartError> {
        let n = self.rules.play.advances.len();
        if (a.0 as usize) < n {
            Ok(())
        } else {
            Err((
                part.into(),
                format!("{} is no advance of the rules (they have {n})", a.0),
            ))
        }
    }

    /// A feature the entry names, one of the rules'.
    fn feature(&self, part: &str, f: u8) -> Result<(), PartError> {
        if (f as usize) < self.rules.features.len() {
            Ok(())
        } else {
            Err((
                part.into(),
                format!(
                    "{f} is no feature of the rules (they have {})",
                    self.rules.features.len()
                ),
            ))
        }
    }

    /// Resources gathered or paid: the rules', none past what a player may hold.
    fn amounts(&self, yields: &std::collections::BTreeMap<String, u32>) -> Result<(), PartError> {
        for (r, &n) in yields {
            if !self.rules.resources.contains(r) {
                return Err((
                    "yields".into(),
                    format!("{r:?} is no resource of the rules"),
                ));
            }
            if n > MAX_HELD {
                return Err(("yields".into(), format!("{n} {r} is past {MAX_HELD}")));
            }
        }
        Ok(())
    }

    /// A player's way across the world (moved, blown, travelled, blocked or mired): the player,
    /// the hexes left and sought, the action points. Other entries are no journey.
    fn journey(&self, e: &PlayEvent) -> Result<(), PartError> {
        use PlayEvent::*;
        match e {
            Moved {
                player: p,
                from,
                to,
                ap: n,
            } => {
                self.player(p)?;
                self.coord("from", from)?;
                self.coord("to", to)?;
                self.ap(n)
            }
            Blown {
                player: p,
                from,
                to,
            }
            | Travelled {
                player: p,
                from,
                to,
            } => {
                self.player(p)?;
                self.coord("from", from)?;
                self.coord("to", to)
            }
            Blocked {
                player: p,
                at,
                toward,
                ap: n,
                ..
            }
            | Mired {
                player: p,
                at,
                toward,
                ap: n,
            } => {
                self.player(p)?;
                self.coord("at", at)?;
                self.coord("toward", toward)?;
                self.ap(n)
            }
            _ => Ok(()),
        }
    }

    /// The game's end: its phase, the winner's and the standings' factions, no more standings
    /// than seats.
    fn game_ended(
        &self,
        winner: Option<&Faction>,
        n: u32,
        standings: &[Score],
        end: End,
    ) -> Result<(), PartError> {
        phase_bound(n).map_err(|m| ("phase".to_string(), m))?;
        if let Some(w) = winner {
            self.faction(w.0)?;
        } else if end.by_flags() {
            return Err((
                "winner".into(),
                format!("none; a game ended by `{}` names its winner", end.name()),
            ));
        }
        if standings.len() > MAX_SEATS as usize {
            return Err((
                "standings".into(),
                format!("{} factions; at most {MAX_SEATS}", standings.len()),
            ));
        }
        standings.iter().try_for_each(|s| self.faction(s.faction.0))
    }

    /// A refused action: its player any id in range (refusing unknown players is what it logs),
    /// its hexes in the world's range, and what the refusal names.
    fn refused(&self, p: &PlayerId, action: &Action, refusal: &Refusal) -> Result<(), PartError> {
        if p.0 > MAX_PLAYER_ID {
            return Err((
                "player".into(),
                format!("{} is past the largest player id, {MAX_PLAYER_ID}", p.0),
            ));
        }
        // An action's hex is written as axial (x, y), unchecked as it is read.
        let far = |part: &str, h: &Hex| {
            let c = Coord::new(h.x, 0, h.y.saturating_neg());
            checked_hex(c).map(|_| ()).map_err(|m| (part.into(), m))
        };
        match action {
            Action::Build { hex, .. } => far("action.hex", hex)?,
            Action::Travel { to, .. } => far("action.to", to)?,
            Action::Traverse { .. }
            | Action::Gather { .. }
            | Action::Search { .. }
            | Action::Advance { .. }
            | Action::EndTurn { .. } => {}
        }
        self.refusal(refusal)
    }

    /// Why an action was refused: its hex in range, its feature, biome or resource the rules'.
    fn refusal(&self, refusal: &Refusal) -> Result<(), PartError> {
        let rules = self.rules;
        match refusal {
            Refusal::Indeterminate(c) | Refusal::NoStationThere(c) => self.coord("refusal", c),
            Refusal::NotConstructible(f) | Refusal::AlreadyBuilt(f) => self.feature("refusal", f.0),
            Refusal::AlreadyAdvanced(a) | Refusal::NeedsAdvance(a) => self.advance("refusal", *a),
            Refusal::BiomeForbids(b) if b.0 as usize >= rules.biomes.len() => Err((
                "refusal".into(),
                format!(
                    "{} is no biome of the rules (they have {})",
                    b.0,
                    rules.biomes.len()
                ),
            )),
            Refusal::CannotAfford { resource, .. } if !rules.resources.contains(resource) => Err((
                "refusal".into(),
                format!("{resource:?} is no resource of the rules"),
            )),
            _ => Ok(()),
        }
    }
}

/// Factions are indices below the rules' faction count or [`MAX_SEATS`], whichever is larger.
pub fn faction_bound(rules: &Rules, f: u32) -> Result<(), String> {
    let seats = (rules.play.factions.len() as u32).max(MAX_SEATS);
    if f < seats {
        Ok(())
    } else {
        Err(format!(
            "{f} is no faction: factions are 0 to {}",
            seats - 1
        ))
    }
}

/// Action points held or spent: at most what any rules give in a phase (not the rules' own
/// number, which a hot reload may have lowered since).
pub fn ap_bound(n: u32) -> Result<(), String> {
    if n <= MAX_AP {
        Ok(())
    } else {
        Err(format!(
            "is {n}; rules give at most {MAX_AP} action points a phase"
        ))
    }
}

/// Phases count from 1.
pub fn phase_bound(n: u32) -> Result<(), String> {
    if (1..=MAX_COUNTER).contains(&n) {
        Ok(())
    } else {
        Err(format!("is {n}; phases count from 1 to {MAX_COUNTER}"))
    }
}

/// The most sites a search names: seven hexes of at most nine sites each.
pub const MAX_FOUND: usize = 63;

/// The sites a search found: at most [`MAX_FOUND`], each a name (the site rules are not read
/// with a save: a name is checked as a name).
fn found_names(found: &[String]) -> Result<(), PartError> {
    if found.len() > MAX_FOUND {
        let n = found.len();
        return Err((
            "found".into(),
            format!("names {n} sites; a search finds at most {MAX_FOUND}"),
        ));
    }
    for (i, name) in found.iter().enumerate() {
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_NAME || name.chars().any(char::is_control) {
            return Err((
                format!("found[{i}]"),
                format!(
                    "has {chars} characters; a site's name has 1 to {MAX_NAME}, none of them a control character"
                ),
            ));
        }
    }
    Ok(())
}
