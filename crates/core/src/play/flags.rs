//! Flags: a hex with one is occupied by the faction of the player who built it. Ownership lives
//! once, as [`Occupied`] on the hex entity; [`occupant`] looks it up by hex.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::board::Players;
use super::construction::Built;
use super::log::PlayEvent;
use super::players::Faction;
use crate::hex::Coord;
use crate::rules::FeatureEffect;
use crate::world::plugin::{HexEdited, HexIndex, HexWorld};

/// On a hex entity: the faction whose flag stands there.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Occupied(pub Faction);

/// The faction occupying `hex`, if any.
pub fn occupant(hex: Hex, index: &HexIndex, flags: &Query<&Occupied>) -> Option<Faction> {
    let e = index.get(&hex)?;
    flags.get(*e).ok().map(|o| o.0)
}

/// The faction occupying `hex` in a world between frames (tests, tools).
pub fn occupant_in(world: &World, hex: Hex) -> Option<Faction> {
    let e = *world.get_resource::<HexIndex>()?.get(&hex)?;
    world.get::<Occupied>(e).map(|o| o.0)
}

/// What may raise or lower a flag: features built, and hexes whose features changed.
#[derive(SystemParam)]
pub(super) struct FlagChanges<'w, 's> {
    /// Features built: a flag among them goes up.
    built: MessageReader<'w, 's, Built>,
    /// Hexes edited: one whose flag feature is gone is no longer occupied.
    edited: MessageReader<'w, 's, HexEdited>,
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

/// Flags follow their hexes: a flag built goes up for the builder's faction; a hex whose flag
/// feature is gone (corruption took every feature) is no longer occupied. Reads [`Built`],
/// [`HexEdited`], the store and the players' factions; writes [`Occupied`] on hex entities,
/// [`PlayEvent::Occupied`] and [`PlayEvent::FlagLost`].
pub(super) fn follow(
    changes: FlagChanges,
    hexes: FlagHexes,
    players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    let FlagChanges {
        mut built,
        mut edited,
    } = changes;
    let FlagHexes {
        world,
        index,
        flags,
        mut commands,
    } = hexes;
    let is_flag = |f: crate::rules::FeatureId| {
        world.rules.features[f.0 as usize].effect == FeatureEffect::Occupy
    };
    for e in edited.read() {
        let Some(&entity) = index.get(&e.hex) else {
            continue;
        };
        let Ok(&Occupied(faction)) = flags.get(entity) else {
            continue;
        };
        if world
            .get(e.hex)
            .is_some_and(|d| !d.features.iter().any(is_flag))
        {
            commands.entity(entity).remove::<Occupied>();
            log.write(PlayEvent::FlagLost {
                hex: Coord::from_hex(e.hex),
                faction,
            });
        }
    }
    for b in built.read().filter(|b| is_flag(b.feature)) {
        let (Ok(a), Some(&entity)) = (players.actor(b.player), index.get(&b.hex)) else {
            continue;
        };
        commands.entity(entity).insert(Occupied(a.faction));
        log.write(PlayEvent::Occupied {
            hex: Coord::from_hex(b.hex),
            faction: a.faction,
        });
    }
}
