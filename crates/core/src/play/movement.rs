//! A move, as it passes the stages of the rules: a [`MoveAttempt`] (a Traverse, or a blow of
//! the winds) has its target generated, is let in by the hex entered ([`EntryOpen`]: no Lake),
//! let go by the hex left ([`ExitOpen`]: the Swamp did not hold), and made by [`step`]
//! ([`Arrived`]), after which corruption may spread and the winds may blow it on.

use bevy::prelude::*;

use super::actors::Players;
use super::vocabulary::{Arrived, EntryOpen, ExitOpen, MoveAttempt, PlayEvent};
use crate::hex::Coord;

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
