//! The ledger the views read: for each faction at the table its score, what its flags earn a
//! phase and how many it holds ([`Ledger`]), and every faction's points phase after phase
//! ([`ScoreHistory`]). Both are per game: a new game starts them empty.

use std::collections::BTreeMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::economy::{Earners, income};
use super::vocabulary::{Advances, Faction, Occupied, Phase, PhaseBegun, Score, Standings};
use crate::per_game::PerGameApp;
use crate::rules::Yield;
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::HexPos;

/// The most rows [`ScoreHistory`] keeps. A game may last a million phases; past this many rows
/// the history thins itself (see [`ScoreHistory`]) rather than grow without bound.
pub const MAX_HISTORY: usize = 100_000;

/// One faction's line of the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactionLedger {
    pub faction: Faction,
    /// Its score, as in [`Standings`].
    pub points: u64,
    /// What the sites under its flags pay it at the next phase's start, shared among its
    /// players (the economy's own reckoning).
    pub income: Yield,
    /// How many hexes its flags occupy.
    pub flags: u32,
}

/// Every faction at the table, in the order of the [`Standings`] (best first).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Ledger(pub Vec<FactionLedger>);

/// The scores after one phase: each faction's points, by faction.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScoreRow {
    /// The phase that ended (0: the game as it started or was loaded).
    pub phase: u32,
    /// Each faction's points, ordered by faction.
    pub points: Vec<Score>,
}

/// Every faction's points at the end of every phase: a row when the game starts (or is
/// loaded without one: a save of version 2 holds it), then one each time a phase
/// begins, taken after its pay and scoring, so a row is the standings the next phase starts
/// from. It never holds more than [`MAX_HISTORY`] rows, and it drops none unsaid: when full it
/// keeps every second row and from then on one every `stride` phases (the stride doubles at each
/// thinning, [`ScoreHistory::stride`] tells it), while the newest row is always the last, so a
/// chart of it still spans the whole game, from the first row to the latest.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScoreHistory {
    rows: Vec<ScoreRow>,
    /// Phases between kept rows, once thinned (0 or 1: every phase).
    stride: u32,
}

impl ScoreHistory {
    /// The rows kept, oldest first.
    pub fn rows(&self) -> &[ScoreRow] {
        &self.rows
    }

    /// Phases between the rows kept (1 until the history first thins).
    pub fn stride(&self) -> u32 {
        self.stride.max(1)
    }

    /// The highest score any faction reached in the rows kept.
    pub fn best(&self) -> u64 {
        (self.rows.iter().flat_map(|r| &r.points))
            .map(|s| s.points)
            .max()
            .unwrap_or(0)
    }

    /// Adds `row`, keeping at most `cap` rows (at least 2): the last row stands in for the
    /// phases since the one before until `stride` phases have passed, and a full history keeps
    /// every second row and doubles its stride.
    pub fn record(&mut self, row: ScoreRow, cap: usize) {
        let cap = cap.max(2);
        let n = self.rows.len();
        let provisional = n >= 2
            && self.rows[n - 1]
                .phase
                .saturating_sub(self.rows[n - 2].phase)
                < self.stride();
        if provisional {
            self.rows[n - 1] = row;
        } else {
            self.rows.push(row);
        }
        if self.rows.len() > cap {
            let last = self.rows.pop();
            let mut i = 0;
            self.rows.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.rows.extend(last);
            self.stride = self.stride().saturating_mul(2);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_per_game::<Ledger>()
        .init_per_game::<ScoreHistory>();
}

/// A flag on a hex where its faction does not know every site: its hex, its faction, and how
/// deep that faction has looked there (only such a flag's income can change with what its
/// faction learns).
pub(super) type Unsettled = (hexx::Hex, Faction, Option<u8>);

/// What the flags earn, by faction, as last reckoned, each faction's flags, the flags whose
/// earnings may still change with what their factions learn, and the site layer's count of
/// sites put on old hexes then.
#[derive(Default)]
pub(super) struct Earnings {
    income: BTreeMap<Faction, Yield>,
    flags: BTreeMap<Faction, u32>,
    unsettled: Vec<Unsettled>,
    late: u32,
}

/// What the ledger is made of, and what tells it changed: the standings, the flags (raised or
/// lowered since the last run), the site layer, what the factions know of it and their
/// advances, the phase and its start.
#[derive(SystemParam)]
pub(super) struct LedgerSources<'w, 's> {
    /// The scores.
    standings: Res<'w, Standings>,
    /// Each flag's hex and faction.
    flags: Query<'w, 's, (&'static HexPos, &'static Occupied)>,
    /// Flags raised (or changed hands) since the last run.
    raised: Query<'w, 's, (), Changed<Occupied>>,
    /// Flags lowered since the last run.
    lowered: RemovedComponents<'w, 's, Occupied>,
    /// The sites, whose yields the flags earn.
    sites: Option<Res<'w, SiteLayer>>,
    /// What each faction knows of the sites: a flag earns only its faction's.
    knowledge: Res<'w, Knowledge>,
    /// Each faction's advances: some raise what its flags earn.
    advances: Res<'w, Advances>,
    /// The rules, whose advances say by how much.
    world: Res<'w, HexWorld>,
    /// The phase now.
    phase: Res<'w, Phase>,
    /// Phases begun since the last run.
    begun: MessageReader<'w, 's, PhaseBegun>,
}

/// Keeps the [`Ledger`] and the [`ScoreHistory`], after the scores: what the flags earn is
/// reckoned again only when a flag was raised or lowered, an advance bought, the ledger started
/// anew by a new game, or a faction learned more under a flag of its own; the ledger's lines
/// again when that or the standings changed or a phase began. The history takes a row as each
/// phase begins, and its first row once the table has factions. Reads [`LedgerSources`];
/// writes [`Ledger`] (only when its lines differ) and [`ScoreHistory`].
pub(super) fn keep(
    mut sources: LedgerSources,
    mut ledger: ResMut<Ledger>,
    mut history: ResMut<ScoreHistory>,
    mut earnings: Local<Earnings>,
) {
    let begun: Vec<u32> = sources.begun.read().map(|b| b.0).collect();
    let flags_moved = !sources.raised.is_empty() || sources.lowered.read().count() > 0;
    // Nearly every step sees new hexes and so changes the knowledge and the site layer; what
    // the flags earn changes only when what a flag's faction knows under it does.
    let late = sources.sites.as_ref().map_or(0, |s| s.late);
    let learned = late != earnings.late
        || (sources.knowledge.is_changed()
            && sources.unsettled(&earnings.unsettled) != earnings.unsettled);
    // A new game empties the ledger; this system's own writes never do.
    let new_game = ledger.is_changed() && ledger.0.is_empty();
    let earnings_stale = flags_moved || learned || sources.advances.is_changed() || new_game;
    if earnings_stale {
        *earnings = sources.earnings();
    }
    if earnings_stale || !begun.is_empty() || sources.standings.is_changed() {
        ledger.set_if_neq(sources.reckon(&earnings));
    }
    for phase in begun {
        history.record(sources.row(phase.saturating_sub(1)), MAX_HISTORY);
    }
    if history.rows.is_empty() && !sources.standings.0.is_empty() {
        let row = sources.row(sources.phase.0.saturating_sub(1));
        history.record(row, MAX_HISTORY);
    }
}

impl LedgerSources<'_, '_> {
    /// How deep each faction of `flags` has looked its flag's hex over now.
    fn unsettled(&self, flags: &[Unsettled]) -> Vec<Unsettled> {
        (flags.iter())
            .map(|&(hex, faction, _)| (hex, faction, self.depth(hex, faction)))
            .collect()
    }

    fn depth(&self, hex: hexx::Hex, faction: Faction) -> Option<u8> {
        self.knowledge.of(faction.0).and_then(|k| k.depth(hex))
    }

    /// What each faction's flags earn now, and which flags may yet earn more.
    fn earnings(&self) -> Earnings {
        let mut flags: BTreeMap<Faction, u32> = BTreeMap::new();
        for (_, owner) in &self.flags {
            let n = flags.entry(owner.0).or_insert(0);
            *n = n.saturating_add(1);
        }
        let Some(sites) = &self.sites else {
            return Earnings { flags, ..default() };
        };
        let earners = Earners {
            knowledge: &self.knowledge,
            advances: &self.advances,
            rules: &self.world.rules,
        };
        let unsettled = (self.flags.iter())
            .filter(|(at, owner)| !(sites.known_by(&self.knowledge, owner.0.0)).all_known_at(at.0))
            .map(|(at, owner)| (at.0, owner.0, self.depth(at.0, owner.0)))
            .collect();
        Earnings {
            income: income(self.flags.iter(), sites, &earners),
            flags,
            unsettled,
            late: sites.late,
        }
    }

    /// The ledger now: each faction of the standings with what its flags earn and its flags.
    fn reckon(&self, earnings: &Earnings) -> Ledger {
        let lines = (self.standings.0.iter())
            .map(|s| FactionLedger {
                faction: s.faction,
                points: s.points,
                income: (earnings.income.get(&s.faction).cloned()).unwrap_or_default(),
                flags: earnings.flags.get(&s.faction).copied().unwrap_or(0),
            })
            .collect();
        Ledger(lines)
    }

    /// The standings as a history row for `phase`, by faction.
    fn row(&self, phase: u32) -> ScoreRow {
        let mut points = self.standings.0.clone();
        points.sort_by_key(|s| s.faction.0);
        ScoreRow { phase, points }
    }
}
