//! What the rules read of a hex in the store: a feature of some effect on it, whether it is
//! corrupted, and the movement effects that apply there.

use hexx::Hex;

use crate::rules::{FeatureEffect, FeatureId, Movement, Rules};
use crate::world::{GeneratedHex, HexWorld};

/// The first feature on `hex` whose effect matches.
pub(super) fn feature_with(
    world: &HexWorld,
    hex: Hex,
    effect: impl Fn(&FeatureEffect) -> bool,
) -> Option<FeatureId> {
    let rules = &world.rules;
    world
        .get(hex)?
        .features
        .iter()
        .find(|f| effect(&rules.features[f.0 as usize].effect))
}

pub(super) fn is_corrupted(world: &HexWorld, hex: Hex) -> bool {
    let c = world.rules.corruption;
    c.is_some_and(|c| world.get(hex).is_some_and(|d| d.features.contains(c)))
}

/// The movement effects that apply on `hex`: its biome's, or none where a feature cancels them.
pub fn effects(rules: &Rules, hex: &GeneratedHex) -> Movement {
    let cancelled = hex
        .features
        .iter()
        .any(|f| rules.features[f.0 as usize].effect == FeatureEffect::CancelMovementEffects);
    if cancelled {
        Movement::default()
    } else {
        rules.biomes[hex.biome.0 as usize].movement
    }
}
