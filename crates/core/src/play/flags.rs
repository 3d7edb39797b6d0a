//! Flags: a hex with one is occupied by the faction of the player who built it. Ownership lives
//! once, as [`Occupied`] on the hex entity; [`occupant`] looks it up by hex.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use bevy::platform::collections::HashMap;

use super::actors::Players;
use super::vocabulary::{Built, Occupied, PlayEvent, RazedHexes, Spread};
use crate::hex::Coord;
use crate::rules::FeatureEffect;
use crate::world::plugin::{HexEdited, HexIndex, HexWorld};

/// What may raise or lower a flag: features built, hexes whose features changed, and who
/// corrupted them.
#[derive(SystemParam)]
pub(super) struct FlagChanges<'w, 's> {
    /// Features built: a flag among them goes up.
    built: MessageReader<'w, 's, Built>,
    /// Hexes edited: one whose flag feature is gone is no longer occupied.
    edited: MessageReader<'w, 's, HexEdited>,
    /// Hexes a player's step corrupted: a flag lost there is razed by that player.
    spread: MessageReader<'w, 's, Spread>,
    /// The hexes razed and not yet reclaimed.
    razed: ResMut<'w, RazedHexes>,
}

/// The flags and the hexes they stand on: the store (which features are flags, what each hex
/// holds), the hex entities and the [`Occupied`] on them, set and removed by commands.
#[derive(SystemParam)]
pub(super) struct FlagHexes<'w, 's> {
    /// The store: which features are flags, and what each hex holds.
    world: Res<'w, HexWorld>,
    /// Hex -> entity.
    index: Res<'w, HexIndex>,
    /// The flags up, on hex entities.
    flags: Query<'w, 's, &'static Occupied>,
    /// Raises and lowers the flags.
    commands: Commands<'w, 's>,
}

/// Flags follow their hexes: a flag built goes up for the builder's faction (a reclaim on a hex
/// razed before); a hex whose flag feature is gone (corruption took every feature) is no longer
/// occupied, razed by the player whose step corrupted it. Reads [`Built`], [`HexEdited`],
/// [`Spread`], the store and the players' factions; writes [`Occupied`] on hex entities,
/// [`RazedHexes`], and [`PlayEvent::Occupied`], [`PlayEvent::Reclaimed`],
/// [`PlayEvent::Razed`] or [`PlayEvent::FlagLost`].
pub(super) fn follow(
    mut changes: FlagChanges,
    mut hexes: FlagHexes,
    players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    lower(&mut changes, &mut hexes, &mut log);
    let FlagHexes {
        world,
        index,
        mut commands,
        ..
    } = hexes;
    for b in changes.built.read().filter(|b| is_flag(&world, b.feature)) {
        let (Ok(a), Some(&entity)) = (players.actor(b.player), index.get(&b.hex)) else {
            continue;
        };
        commands.entity(entity).insert(Occupied(a.faction));
        let (hex, faction) = (Coord::from_hex(b.hex), a.faction);
        log.write(if changes.razed.0.remove(&b.hex) {
            PlayEvent::Reclaimed { hex, faction }
        } else {
            PlayEvent::Occupied { hex, faction }
        });
    }
}

/// Whether `f` is a flag.
fn is_flag(world: &HexWorld, f: crate::rules::FeatureId) -> bool {
    world.rules.features[f.0 as usize].effect == FeatureEffect::Occupy
}

/// Lowers the flags of edited hexes that lost their flag feature: razed by the player whose
/// step corrupted the hex, else lost.
fn lower(changes: &mut FlagChanges, hexes: &mut FlagHexes, log: &mut MessageWriter<PlayEvent>) {
    let by: HashMap<Hex, _> = changes.spread.read().map(|s| (s.hex, s.player)).collect();
    for e in changes.edited.read() {
        let Some(&entity) = hexes.index.get(&e.hex) else {
            continue;
        };
        let Ok(&Occupied(faction)) = hexes.flags.get(entity) else {
            continue;
        };
        let world = &hexes.world;
        if (world.get(e.hex)).is_some_and(|d| !d.features.iter().any(|f| is_flag(world, f))) {
            hexes.commands.entity(entity).remove::<Occupied>();
            let hex = Coord::from_hex(e.hex);
            log.write(match by.get(&e.hex) {
                Some(&player) => {
                    changes.razed.0.insert(e.hex);
                    PlayEvent::Razed {
                        player,
                        hex,
                        faction,
                    }
                }
                None => PlayEvent::FlagLost { hex, faction },
            });
        }
    }
}
