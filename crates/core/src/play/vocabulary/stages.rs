//! The messages that link the rules' stages: a move as it passes them ([`MoveAttempt`],
//! [`EntryOpen`], [`ExitOpen`], [`Arrived`]), a building ([`Built`]), corruption spread by a step
//! ([`Spread`]) and a phase begun ([`PhaseBegun`]).

use bevy::prelude::*;
use hexx::Hex;

use super::ids::PlayerId;
use crate::rules::FeatureId;

/// One move under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub player: PlayerId,
    pub from: Hex,
    pub to: Hex,
    /// The action points it costs when made (0 for a blow).
    pub cost: u32,
    /// Which blow of its action's chain it is: 0 for the action's own move.
    pub blows: u32,
    /// The target was indeterminate when the move was tried: a move into the indeterminate mass.
    pub into_indeterminate: bool,
}

impl Move {
    pub fn new(player: PlayerId, from: Hex, to: Hex, cost: u32) -> Self {
        Self {
            player,
            from,
            to,
            cost,
            blows: 0,
            into_indeterminate: false,
        }
    }

    pub fn is_blow(&self) -> bool {
        self.blows > 0
    }
}

/// A move to try; its target is generated in the same pass before any hazard reads it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveAttempt(pub Move);

/// The hex entered lets the player in.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryOpen(pub Move);

/// The hex left lets the player go.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitOpen(pub Move);

/// The player stepped from `from` onto `to`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrived(pub Move);

/// A feature was built: for what follows a building (a flag raised, a corruption sold by a mod).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Built {
    pub player: PlayerId,
    pub hex: Hex,
    pub feature: FeatureId,
}

/// A hex a player's step (or build) corrupted: the flags read it to name who razed one.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spread {
    pub hex: Hex,
    pub player: PlayerId,
}

/// A phase has begun (the rules' own signal; the log's is [`PlayEvent::PhaseStarted`](super::PlayEvent::PhaseStarted)).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseBegun(pub u32);
