//! The stagways: from a hex with a Stag Station, travel to any other hex with one. It is not a
//! move (no hazards, no corruption, no move target generated; the viewer's sight follows as
//! always) and, as the seed says, it ends the player's actions for the phase.

use bevy::prelude::*;
use hexx::Hex;

use super::actors::Players;
use super::hexes::feature_with;
use super::vocabulary::{Action, Order, PlayEvent, PlayerId, Refusal, refuse};
use crate::hex::Coord;
use crate::rules::FeatureEffect;
use crate::world::HexWorld;

/// Takes a player along the stagways. Reads [`Order`]s (a Travel), the store and the player;
/// writes the player's position and turn, and [`PlayEvent::Travelled`] or a refusal.
pub(super) fn travel(
    mut orders: MessageReader<Order>,
    world: Res<HexWorld>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Travel { player, to } = action else {
            continue;
        };
        match go(&world, &mut players, player, to) {
            Ok(from) => {
                log.write(PlayEvent::Travelled {
                    player,
                    from: Coord::from_hex(from),
                    to: Coord::from_hex(to),
                });
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

/// Moves the player from its station to the one on `to`; returns where it came from.
fn go(world: &HexWorld, players: &mut Players, player: PlayerId, to: Hex) -> Result<Hex, Refusal> {
    let mut a = players.actor(player)?;
    let is_station = |e: &FeatureEffect| matches!(e, FeatureEffect::Stagway { .. });
    let station = feature_with(world, a.hex, is_station).ok_or(Refusal::NoStationHere)?;
    if to == a.hex {
        return Err(Refusal::AlreadyThere);
    }
    feature_with(world, to, is_station).ok_or(Refusal::NoStationThere(Coord::from_hex(to)))?;
    let FeatureEffect::Stagway { ends_actions } = world.rules.features[station.0 as usize].effect
    else {
        unreachable!("found by its effect")
    };
    let from = a.hex;
    a.hex = to;
    a.ended |= ends_actions;
    players.save(&a);
    Ok(from)
}
