//! A move, as it passes the stages of the rules: a [`MoveAttempt`] (a Traverse, or a blow of
//! the winds) has its target generated, is let in by the hex entered ([`EntryOpen`]: no Lake),
//! let go by the hex left ([`ExitOpen`]: the Swamp did not hold), and made by [`step`]
//! ([`Arrived`]), after which corruption may spread and the winds may blow it on.

use bevy::prelude::*;
use hexx::Hex;

use super::board::Players;
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::Coord;

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

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveAttempt>()
        .add_message::<EntryOpen>()
        .add_message::<ExitOpen>()
        .add_message::<Arrived>();
}

/// Makes the move nothing stopped: the player pays its AP and stands on the target. Reads
/// [`ExitOpen`]; writes the player's position and AP, [`PlayEvent::Moved`] or
/// [`PlayEvent::Blown`], and [`Arrived`].
pub(super) fn step(
    mut open: MessageReader<ExitOpen>,
    mut players: Players,
    mut arrived: MessageWriter<Arrived>,
    mut log: MessageWriter<PlayEvent>,
) {
    for &ExitOpen(m) in open.read() {
        let Ok(mut a) = players.actor(m.player) else {
            continue;
        };
        a.ap = a.ap.saturating_sub(m.cost);
        a.hex = m.to;
        players.save(&a);
        let (from, to) = (Coord::from_hex(m.from), Coord::from_hex(m.to));
        log.write(if m.is_blow() {
            PlayEvent::Blown {
                player: m.player,
                from,
                to,
            }
        } else {
            PlayEvent::Moved {
                player: m.player,
                from,
                to,
                ap: m.cost,
            }
        });
        arrived.write(Arrived(m));
    }
}
