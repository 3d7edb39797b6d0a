//! Flags: a hex with one is occupied by the faction of the player who built it. Ownership is kept
//! twice, as [`Occupied`] on the hex entity (for rendering) and in [`Occupation`] (for look-ups).

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::board::Board;
use super::log::PlayEvent;
use super::players::Faction;
use crate::hex::Coord;

/// On a hex entity: the faction whose flag stands there.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Occupied(pub Faction);

/// Hex -> the faction occupying it.
#[derive(Resource, Debug, Default, Deref)]
pub struct Occupation(pub HashMap<Hex, Faction>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Occupation>();
}

/// A flag just built on `hex` by a player of `faction`.
pub(super) fn raise(board: &mut Board, hex: Hex, faction: Faction) {
    board.occupation.0.insert(hex, faction);
    if let Some(e) = board.hexes.entity(hex) {
        board.hexes.commands.entity(e).insert(Occupied(faction));
    }
    board.log(PlayEvent::Occupied {
        hex: Coord::from_hex(hex),
        faction,
    });
}

/// The flag on `hex`, if any, is gone (corruption removes every other feature).
pub(super) fn lose(board: &mut Board, hex: Hex) {
    let Some(faction) = board.occupation.0.remove(&hex) else {
        return;
    };
    if let Some(e) = board.hexes.entity(hex) {
        board.hexes.commands.entity(e).remove::<Occupied>();
    }
    board.log(PlayEvent::FlagLost {
        hex: Coord::from_hex(hex),
        faction,
    });
}
