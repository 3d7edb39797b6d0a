//! Where the game stands: its [`Phase`], the factions' [`Score`]s in [`Standings`], the flags'
//! [`Contest`], and its end ([`GameOver`], [`EndedBy`], [`End`]).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::ids::Faction;

/// The current phase, counted from 1.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Phase(pub u32);

impl Default for Phase {
    fn default() -> Self {
        Phase(1)
    }
}

/// The factions at the table and their scores, best first (ties by faction).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings(pub Vec<Score>);

/// A faction's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub faction: Faction,
    pub points: u64,
}

/// The game is over: its winner (none on a tie) and the phase it ended in.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver {
    pub winner: Option<Faction>,
    pub phase: u32,
}

/// Why a game ended, listed as the tables list it (the last phase first). Endings that come in
/// the same pass are weighed the other way round, the flags' verdicts before the points': the
/// last standing, a lead, the target, the last phase.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The rules' last phase passed.
    #[default]
    Phases,
    /// A faction's score reached the target.
    Target,
    /// A faction held the lead's share of the flags for the lead's phases in a row.
    Lead,
    /// A rival's last flag fell and left one faction alone holding flags.
    LastStanding,
}

impl End {
    /// Every ending, in the order tables list them.
    pub const ALL: [End; 4] = [End::Phases, End::Target, End::Lead, End::LastStanding];

    /// Its name in logs and tables: `phases`, `target`, `lead`, `last_standing`.
    pub fn name(self) -> &'static str {
        match self {
            End::Phases => "phases",
            End::Target => "target",
            End::Lead => "lead",
            End::LastStanding => "last_standing",
        }
    }

    /// How the ending reads after "the game is over": "after its last phase".
    pub fn told(self) -> &'static str {
        match self {
            End::Phases => "after its last phase",
            End::Target => "at the target score",
            End::Lead => "by a lead held",
            End::LastStanding => "with one faction left holding flags",
        }
    }

    /// Whether the flags decided it (a lead or the last standing): nothing the rules count
    /// again on a load says so, so a loaded game learns it from its log.
    pub fn by_flags(self) -> bool {
        matches!(self, End::Lead | End::LastStanding)
    }
}

/// Why the game is over; stands beside [`GameOver`], inserted and removed with it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndedBy(pub End);

/// The flags' contest as the decisive endings follow it: the faction holding the lead's share
/// of the flags and at the end of how many phases in a row, and how many factions held flags at
/// the last look. Per game, and not saved: a loaded game counts the lead afresh.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Contest {
    pub leader: Option<(Faction, u32)>,
    pub holders: usize,
}
