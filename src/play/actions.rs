//! Actions come in as [`Action`] messages, from a UI, a bot or a test, and are resolved in the
//! order sent, each by its rule; a refused action changes nothing and is logged with its reason.

use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::log::PlayEvent;
use super::players::PlayerId;
use super::{construction, movement, stagways};
use crate::hex::{Coord, Direction};
use crate::rules::{BiomeId, FeatureId, Rules};

#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Move to the adjacent hex in `direction`: 1 AP, more off a Perilous Pass; hazards apply.
    Traverse {
        player: PlayerId,
        direction: Direction,
    },
    /// Construct `feature` on `hex` (the player's or one within the construction range).
    Build {
        player: PlayerId,
        hex: Hex,
        feature: FeatureId,
    },
    /// Travel the stagways from the player's Stag Station to the one on `to`.
    Travel { player: PlayerId, to: Hex },
    /// Done for this phase.
    EndTurn { player: PlayerId },
}

impl Action {
    /// The Traverse from `from` onto `to`, when they are neighbours (a click on a hex beside
    /// the player).
    pub fn traverse_toward(player: PlayerId, from: Hex, to: Hex) -> Option<Action> {
        let direction = Direction::ALL
            .into_iter()
            .find(|d| from + d.offset() == to)?;
        Some(Action::Traverse { player, direction })
    }

    pub fn player(&self) -> PlayerId {
        match *self {
            Action::Traverse { player, .. }
            | Action::Build { player, .. }
            | Action::Travel { player, .. }
            | Action::EndTurn { player } => player,
        }
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Refusal {
    UnknownPlayer,
    /// The player ended its turn, travelled the stagways or has no AP left this phase.
    TurnOver,
    NotEnoughAp {
        need: u32,
        have: u32,
    },
    /// The hex is not generated yet.
    Indeterminate(Coord),
    OutOfRange {
        distance: u32,
        range: u32,
    },
    UnknownFeature(FeatureId),
    /// The feature has no construction cost: it cannot be built (Corrupted).
    NotConstructible(FeatureId),
    /// The biome forbids building and the feature does not name it (a Lake).
    BiomeForbids(BiomeId),
    CorruptedHex,
    AlreadyBuilt(FeatureId),
    /// The hex already has a flag (at most one).
    FlagTaken,
    CannotAfford {
        resource: String,
        need: u32,
        have: u32,
    },
    NoStationHere,
    NoStationThere(Coord),
    AlreadyThere,
    /// The target could not be generated: the world's limits keep it indeterminate.
    Beyond(crate::world::limits::Limit),
}

impl Refusal {
    pub fn describe(&self, rules: &Rules) -> String {
        use Refusal::*;
        match self {
            UnknownPlayer => "no such player".into(),
            TurnOver => "its turn is over for this phase".into(),
            NotEnoughAp { need, have } => format!("needs {need} AP, has {have}"),
            Indeterminate(c) => format!("{c} is not generated yet"),
            OutOfRange { distance, range } => {
                format!("the hex is {distance} away; building reaches {range}")
            }
            UnknownFeature(f) => format!("no feature {}", f.0),
            NotConstructible(f) => format!("a {} cannot be built", rules.feature_name(*f)),
            BiomeForbids(b) => format!("nothing of that kind is built on {}", rules.biome_name(*b)),
            CorruptedHex => "nothing is built on a corrupted hex".into(),
            AlreadyBuilt(f) => format!("the hex already has a {}", rules.feature_name(*f)),
            FlagTaken => "the hex already has a flag".into(),
            CannotAfford {
                resource,
                need,
                have,
            } => format!("needs {need} {resource}, has {have}"),
            NoStationHere => "there is no stag station here".into(),
            NoStationThere(c) => format!("there is no stag station on {c}"),
            AlreadyThere => "already there".into(),
            Beyond(limit) => format!("the hex stays indeterminate: {}", limit.describe()),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Action>();
}

pub(super) fn resolve(mut actions: MessageReader<Action>, mut board: Board) {
    for action in actions.read() {
        let done = match *action {
            Action::Traverse { player, direction } => {
                movement::traverse(&mut board, player, direction)
            }
            Action::Build {
                player,
                hex,
                feature,
            } => construction::build(&mut board, player, hex, feature),
            Action::Travel { player, to } => stagways::travel(&mut board, player, to),
            Action::EndTurn { player } => end_turn(&mut board, player),
        };
        if let Err(refusal) = done {
            board.log(PlayEvent::Refused {
                player: action.player(),
                action: action.clone(),
                refusal,
            });
        }
    }
}

/// Ending the turn is allowed with no AP left; only a second end is refused.
fn end_turn(board: &mut Board, player: PlayerId) -> Result<(), Refusal> {
    let mut a = board.actor(player)?;
    if a.ended {
        return Err(Refusal::TurnOver);
    }
    a.ended = true;
    board.save(&a);
    board.log(PlayEvent::TurnEnded { player });
    Ok(())
}
