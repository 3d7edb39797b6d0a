//! Gathering: a player takes what its own hex yields, by the rules' table for its biome and its
//! landmark, for the rules' AP; a corrupted hex yields nothing.

use bevy::prelude::*;

use super::MAX_HELD;
use super::actions::{Action, Order, Refusal, refuse};
use super::board::{Players, is_corrupted};
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::Coord;
use crate::rules::Yield;
use crate::world::HexWorld;

/// Gathers what a player ordered. Reads [`Order`]s (a Gather), the store, the rules and the
/// player; writes the player's AP and resources, and [`PlayEvent::Gathered`] or a refusal.
pub(super) fn gather(
    mut orders: MessageReader<Order>,
    map: Res<HexWorld>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Gather { player } = action else {
            continue;
        };
        match take(&map, &mut players, player) {
            Ok((hex, yields)) => {
                log.write(PlayEvent::Gathered {
                    player,
                    hex,
                    yields,
                });
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

fn take(
    map: &HexWorld,
    players: &mut Players,
    player: PlayerId,
) -> Result<(Coord, Yield), Refusal> {
    let mut a = players.actor(player)?;
    let here = map.get(a.hex).expect("a player stands on a generated hex");
    let gathering = &map.rules.play.gather;
    let yields = if is_corrupted(map, a.hex) {
        Yield::new()
    } else {
        gathering.yield_of(here.biome, here.landmark)
    };
    if yields.is_empty() {
        return Err(Refusal::NothingToGather);
    }
    if a.ap < gathering.ap {
        return Err(Refusal::NotEnoughAp {
            need: gathering.ap,
            have: a.ap,
        });
    }
    a.ap -= gathering.ap;
    players.save(&a);
    let mut purse = players.resources(&a);
    for (name, n) in &yields {
        let held = purse.entry(name.clone()).or_insert(0);
        *held = held.saturating_add(*n).min(MAX_HELD);
    }
    Ok((Coord::from_hex(a.hex), yields))
}
