//! A whole world's sites. Provinces are rolled in a fixed order, which matters only for unique
//! sites: a unique site goes to the first province in that order that draws it.

use hexx::Hex;

use super::roll::{Placed, Uniques, roll_province};
use super::{AeternusTerrain, SiteRules, Terrain};
use crate::storm::StormMap;
use crate::world::HexWorld;
use crate::worldgen::stream::mix;

/// Rolls the provinces in the order given.
pub fn roll_all(
    rules: &SiteRules,
    seed: u64,
    provinces: impl IntoIterator<Item = (Hex, Terrain)>,
) -> Vec<Placed> {
    let mut used = Uniques::default();
    let mut out = Vec::new();
    for (hex, t) in provinces {
        roll_province(rules, seed, hex, t, &mut used, &mut out);
    }
    out
}

/// An Aeternus world's sites, its hexes rolled in generation order (the order `gen` writes).
pub fn aeternus(rules: &SiteRules, terrain: &AeternusTerrain, world: &HexWorld) -> Vec<Placed> {
    let provinces = world.order().map(|h| {
        let d = world
            .get(h)
            .expect("a hex in the generation order is generated");
        (h, terrain.of(&d))
    });
    roll_all(rules, world.seed, provinces)
}

/// The seed a storm map's site streams are keyed on: the run seed with the cycle folded in,
/// since every cycle is a new world.
pub fn storm_seed(seed: u64, cycle: u32) -> u64 {
    mix(seed ^ mix(cycle as u64))
}

/// A storm map's sites for the cells within `radius` of the Citadel, rolled in map order (the
/// Citadel, then ring by ring clockwise from North): a smaller radius gives a prefix of the
/// larger one's output.
pub fn storm(rules: &SiteRules, terrain: &[Terrain], map: &StormMap, radius: u32) -> Vec<Placed> {
    let cells = map
        .disc
        .cells()
        .iter()
        .enumerate()
        .take_while(|(i, _)| map.disc.distance(*i) <= radius)
        .map(|(i, &h)| (h, terrain[map.biomes[i].0 as usize]));
    roll_all(rules, storm_seed(map.params.seed, map.params.cycle), cells)
}
