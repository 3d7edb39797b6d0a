//! What a player may do and why it may be refused: an [`Action`] (from a person, a bot, a walk
//! or a replayed log), its [`Refusal`], and the [`Order`] a checked action becomes for the system
//! of its kind.

use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::ids::PlayerId;
use crate::hex::{Coord, Direction};
use crate::rules::{AdvanceId, BiomeId, FeatureId, Rules};

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
    /// Gather what the player's hex yields.
    Gather { player: PlayerId },
    /// Search the player's hex and the six around it for hidden sites.
    Search { player: PlayerId },
    /// Buy an advance for the player's faction with resources from its purse.
    Advance {
        player: PlayerId,
        advance: AdvanceId,
    },
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

    /// The hex the action aims at, for a player standing on `from`: a step's, a build's or a
    /// journey's; none for an action on the player's own hex.
    pub fn target(&self, from: Option<Hex>) -> Option<Hex> {
        match *self {
            Action::Traverse { direction, .. } => from.map(|h| h + direction.offset()),
            Action::Build { hex, .. } => Some(hex),
            Action::Travel { to, .. } => Some(to),
            Action::Gather { .. }
            | Action::Search { .. }
            | Action::Advance { .. }
            | Action::EndTurn { .. } => None,
        }
    }

    pub fn player(&self) -> PlayerId {
        match *self {
            Action::Traverse { player, .. }
            | Action::Build { player, .. }
            | Action::Travel { player, .. }
            | Action::Gather { player }
            | Action::Search { player }
            | Action::Advance { player, .. }
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
    /// Another seat is to act ([`crate::play::to_act`]): the player named.
    NotYourTurn(PlayerId),
    /// A build or an advance with no AP left: neither costs any, but a turn ends at 0 AP (the
    /// rules readings: one rule, so a phase turns once nobody has AP left).
    NoApLeft,
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
    /// The hex yields nothing to gather (or is corrupted).
    NothingToGather,
    /// The game is over.
    GameOver,
    /// The rules have no such advance.
    UnknownAdvance(AdvanceId),
    /// The faction holds the advance already.
    AlreadyAdvanced(AdvanceId),
    /// The advance needs this one first.
    NeedsAdvance(AdvanceId),
}

impl Refusal {
    pub fn describe(&self, rules: &Rules) -> String {
        use Refusal::*;
        match self {
            UnknownPlayer => "no such player".into(),
            TurnOver => "its turn is over for this phase".into(),
            NotYourTurn(p) => format!("it is {p}'s turn"),
            NoApLeft => "no AP left: it costs none, but the turn ends at 0 AP".into(),
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
            NothingToGather => "there is nothing to gather here".into(),
            GameOver => "the game is over".into(),
            UnknownAdvance(a) => format!("the rules have no advance {}", a.0),
            AlreadyAdvanced(a) => format!("the faction holds {} already", rules.advance_name(*a)),
            NeedsAdvance(a) => format!("it needs {} first", rules.advance_name(*a)),
        }
    }
}

/// A checked action that is not a move, for the system of its kind (construction, the
/// stagways, gathering, a search, the end of a turn).
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Order(pub Action);
