//! Corruption spreads to the hex a player leaves for a corrupted one; a Pylon of Purity keeps it
//! off its own hex and those within its radius, and cleanses any of them that is corrupted.

use bevy::ecs::system::ParamSet;
use bevy::prelude::*;
use hexx::Hex;

use super::hexes::is_corrupted;
use super::vocabulary::{Arrived, Built, PlayEvent, PlayerId, Spread};
use crate::hex::Coord;
use crate::rules::{FeatureEffect, FeatureId, FeatureSet};
use crate::world::HexWorld;
use crate::world::plugin::{HexEdited, HexEditor, HexGenerated};

/// What a step from `from` onto `to` does to the hex left, should the player arrive (a Lake's
/// block or a Swamp's hold means no arrival): `to` is corrupted, so `from` is corrupted with
/// everything on it ([`StepSpread::Corrupts`]) unless a pylon keeps it clean
/// ([`StepSpread::Warded`]) or it already is corrupted. The rule [`spread`] applies, asked ahead.
pub fn step_spread(world: &HexWorld, from: Hex, to: Hex) -> Option<StepSpread> {
    if !is_corrupted(world, to) || is_corrupted(world, from) || world.get(from).is_none() {
        return None;
    }
    Some(if world.purified(from) {
        StepSpread::Warded
    } else {
        StepSpread::Corrupts
    })
}

/// What a step onto corruption does to the hex left ([`step_spread`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepSpread {
    /// The hex left is corrupted: every feature on it goes, a flag with them (a raze).
    Corrupts,
    /// A pylon keeps the hex left clean.
    Warded,
}

/// Spreads corruption: onto the hex a player left for a corrupted one, and onto a hex where a
/// mod's rules let a player build it. Reads [`Arrived`], [`Built`] and the store; writes the
/// hexes corrupted (landmark and features, through [`HexEditor`]) and
/// [`PlayEvent::Corrupted`] (with a [`Spread`]) or [`PlayEvent::Warded`].
pub(super) fn spread(
    mut arrived: MessageReader<Arrived>,
    mut built: MessageReader<Built>,
    mut hexes: HexEditor,
    mut log: MessageWriter<PlayEvent>,
    mut spread: MessageWriter<Spread>,
) {
    let corruption = hexes.world().rules.corruption;
    let left = arrived
        .read()
        .filter(|Arrived(m)| is_corrupted(hexes.world(), m.to))
        .map(|Arrived(m)| (m.from, m.player))
        .collect::<Vec<_>>();
    let sold = built
        .read()
        .filter(|b| Some(b.feature) == corruption)
        .map(|b| (b.hex, b.player))
        .collect::<Vec<_>>();
    for (hex, player) in left.into_iter().chain(sold) {
        if corrupt(&mut hexes, &mut log, hex, player) {
            spread.write(Spread { hex, player });
        }
    }
}

/// Corrupts `hex` (left by `player`) unless it already is or a pylon protects it: its landmark
/// becomes the corruption's and every other feature goes, a flag with them. Whether it did.
fn corrupt(
    hexes: &mut HexEditor,
    log: &mut MessageWriter<PlayEvent>,
    hex: Hex,
    player: PlayerId,
) -> bool {
    let world = hexes.world();
    let Some(c) = world.rules.corruption else {
        return false;
    };
    let FeatureEffect::Corruption { landmark } = world.rules.features[c.0 as usize].effect else {
        return false;
    };
    if is_corrupted(world, hex) || world.get(hex).is_none() {
        return false;
    }
    let at = Coord::from_hex(hex);
    if world.purified(hex) {
        log.write(PlayEvent::Warded { hex: at });
        return false;
    }
    let mut features = FeatureSet::EMPTY;
    features.insert(c);
    hexes.set_state(hex, landmark, features);
    log.write(PlayEvent::Corrupted { hex: at, player });
    true
}

/// Keeps the pylons' rings clean, following what changed: a corrupted hex just generated or
/// edited that a pylon covers, and every corrupted hex a pylon just built covers, stops being
/// corrupted. Reads [`HexGenerated`], [`HexEdited`] and the store; writes the hexes cleansed
/// (through [`HexEditor`]) and [`PlayEvent::Cleansed`].
pub(super) fn cleanse(
    mut generated: MessageReader<HexGenerated>,
    mut hexes: ParamSet<(MessageReader<HexEdited>, HexEditor)>,
    mut log: MessageWriter<PlayEvent>,
) {
    let mut changed: Vec<Hex> = generated.read().map(|g| g.hex).collect();
    changed.extend(hexes.p0().read().map(|e| e.hex));
    let mut hexes = hexes.p1();
    let world = hexes.world();
    let Some(c) = world.rules.corruption.filter(|_| !changed.is_empty()) else {
        return;
    };
    let pylons: Vec<(FeatureId, u32)> = world.rules.pylons().collect();
    let corrupted = |h: Hex| world.get(h).is_some_and(|d| d.features.contains(c));
    let mut found = Vec::new();
    for hex in changed {
        let Some(d) = world.get(hex) else { continue };
        if d.features.contains(c) && world.purified(hex) {
            found.push(hex);
        }
        for &(pylon, radius) in &pylons {
            if d.features.contains(pylon) {
                found.extend(hex.range(radius).filter(|&h| corrupted(h)));
            }
        }
    }
    found.sort_unstable_by_key(|h| world.get(*h).map(|d| d.order));
    found.dedup();
    for hex in found {
        let d = hexes.world().get(hex).expect("found among generated hexes");
        let mut features = d.features;
        features.remove(c);
        hexes.set_state(hex, d.landmark, features);
        log.write(PlayEvent::Cleansed {
            hex: Coord::from_hex(hex),
        });
    }
}
