//! Construction (section 5.3.4, as the spec README reads it): a feature goes on the player's hex
//! or one within the ruleset's range, paid from the player's resources; never on a biome that
//! forbids building unless the feature names it (a Boardwalk on a Lake), never on a corrupted
//! hex, and at most one flag a hex.

use bevy::prelude::*;
use hexx::Hex;

use super::actors::Players;
use super::hexes::{feature_with, is_corrupted};
use super::vocabulary::{Action, Built, Order, PlayEvent, PlayerId, Refusal, Resources, refuse};
use crate::hex::{Coord, distance};
use crate::rules::{Feature, FeatureEffect, FeatureId};
use crate::world::HexWorld;
use crate::world::plugin::HexEditor;

/// Builds what a player ordered, when the rules allow it there and the player can pay. Reads
/// [`Order`]s (a Build), the store and the player; writes the player's AP and resources, the
/// hex's features (through [`HexEditor`]; a corruption is left to the corruption rule),
/// [`Built`], and [`PlayEvent::Built`] or a refusal.
pub(super) fn construct(
    mut orders: MessageReader<Order>,
    mut players: Players,
    mut hexes: HexEditor,
    mut built: MessageWriter<Built>,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Build {
            player,
            hex,
            feature,
        } = action
        else {
            continue;
        };
        match build(&mut players, &mut hexes, player, hex, feature) {
            Ok(()) => {
                built.write(Built {
                    player,
                    hex,
                    feature,
                });
                log.write(PlayEvent::Built {
                    player,
                    hex: Coord::from_hex(hex),
                    feature,
                });
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

/// Whether the rules let `feature` go on `hex` for a player on `at` (what it costs aside): a
/// constructible feature, within range, on a generated hex whose biome allows it, not corrupted
/// where the rules forbid it, no second flag, not built there already.
pub(super) fn allowed(
    world: &HexWorld,
    at: Hex,
    hex: Hex,
    feature: FeatureId,
) -> Result<&Feature, Refusal> {
    let rules = &world.rules;
    let f = (rules.features.get(feature.0 as usize)).ok_or(Refusal::UnknownFeature(feature))?;
    if f.cost.is_empty() {
        return Err(Refusal::NotConstructible(feature));
    }
    let range = rules.construction.range;
    let d = distance(at, hex);
    if d > range {
        return Err(Refusal::OutOfRange { distance: d, range });
    }
    let data = world
        .get(hex)
        .ok_or(Refusal::Indeterminate(Coord::from_hex(hex)))?;
    if !rules.biomes[data.biome.0 as usize].buildable && !f.builds_on.contains(&data.biome) {
        return Err(Refusal::BiomeForbids(data.biome));
    }
    if rules.construction.forbidden_on_corrupted && is_corrupted(world, hex) {
        return Err(Refusal::CorruptedHex);
    }
    let occupies = f.effect == FeatureEffect::Occupy;
    if occupies && feature_with(world, hex, |e| *e == FeatureEffect::Occupy).is_some() {
        return Err(Refusal::FlagTaken);
    }
    if data.features.contains(feature) {
        return Err(Refusal::AlreadyBuilt(feature));
    }
    Ok(f)
}

/// Whether a player on `at` with `ap` action points and `purse` may build `feature` on `hex`
/// now: what [`allowed`] asks, then the AP, then the cost (the order a refusal is told in).
pub fn check<'w>(
    world: &'w HexWorld,
    at: Hex,
    ap: u32,
    purse: &Resources,
    hex: Hex,
    feature: FeatureId,
) -> Result<&'w Feature, Refusal> {
    let f = allowed(world, at, hex, feature)?;
    let need_ap = world.rules.play.build_ap;
    if ap == 0 {
        return Err(Refusal::NoApLeft);
    }
    if ap < need_ap {
        return Err(Refusal::NotEnoughAp {
            need: need_ap,
            have: ap,
        });
    }
    purse.afford(&f.cost)?;
    Ok(f)
}

fn build(
    players: &mut Players,
    hexes: &mut HexEditor,
    player: PlayerId,
    hex: Hex,
    feature: FeatureId,
) -> Result<(), Refusal> {
    let mut a = players.actor(player)?;
    let world = hexes.world();
    let mut purse = players.resources(&a);
    let f = check(world, a.hex, a.ap, &purse, hex, feature)?;
    let data = world.get(hex).expect("checked: generated");
    let need_ap = world.rules.play.build_ap;
    let cost = f.cost.clone();
    let corrupts = matches!(f.effect, FeatureEffect::Corruption { .. });
    purse.spend(&cost);
    a.ap -= need_ap;
    players.save(&a);
    // A mod that sells corruption gets it by the corruption rule (pylons, flags and all).
    if !corrupts {
        let mut features = data.features;
        features.insert(feature);
        hexes.set_state(hex, data.landmark, features);
    }
    Ok(())
}
