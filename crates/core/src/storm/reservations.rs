//! Events and modifiers: the places are reserved at generation; what they hold is drawn on arrival
//! (see `StormMap::reveal`). A cell may be reserved only if all six conditions hold: it is empty,
//! no neighbour is taken, it is not the capital, it lies within the kind's spawn distance, its
//! biome allows modifiers, and it is more than `seal_clearance` cells from every seal.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::disc::{Disc, NONE};
use super::rules::{BiomeId, Kind, StormRules};
use super::seals::Placed;

/// Fewer valid cells than objects: as many as fit were placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortfall {
    pub kind: Kind,
    pub wanted: u32,
    pub placed: u32,
}

/// What each cell holds besides its biome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Free,
    Seal,
    Reserved(Kind),
}

/// The static conditions (capital, spawn distance, biome, seal clearance) for `kind` at cell `i`.
pub fn allowed(
    disc: &Disc,
    rules: &StormRules,
    biomes: &[BiomeId],
    near_seal: &[bool],
    kind: Kind,
    i: usize,
) -> bool {
    i != 0
        && biomes[i] != rules.capital
        && rules
            .reservations
            .of(kind)
            .spawn_distance
            .contains(&disc.distance(i))
        && rules.biome_of(biomes[i]).allows_modifiers
        && !near_seal[i]
}

/// The dynamic conditions: the cell is empty and no neighbour is taken.
pub fn free(disc: &Disc, taken: &[Taken], i: usize) -> bool {
    taken[i] == Taken::Free
        && disc
            .neighbours(i)
            .iter()
            .all(|&n| n == NONE || taken[n as usize] == Taken::Free)
}

/// Cells within `seal_clearance` of any seal.
pub fn near_seals(disc: &Disc, rules: &StormRules, seals: &[Placed]) -> Vec<bool> {
    let mut near = vec![false; disc.len()];
    for p in seals {
        for h in disc.hex(p.cell).range(rules.reservations.seal_clearance) {
            if let Some(i) = disc.index(h) {
                near[i] = true;
            }
        }
    }
    near
}

/// Reserves `counts` (events first, then modifiers), each uniformly among the cells valid at that
/// moment. A cell that fails the dynamic test can never pass it again (taken cells only grow),
/// so it leaves the candidate list for good: the work is bounded by the map, never a retry loop.
pub fn reserve(
    disc: &Disc,
    rules: &StormRules,
    biomes: &[BiomeId],
    taken: &mut [Taken],
    seals: &[Placed],
    counts: [(Kind, u32); 2],
    rng: &mut Pcg64Mcg,
) -> Vec<Shortfall> {
    let near = near_seals(disc, rules, seals);
    let mut shortfalls = Vec::new();
    let mut candidates = Vec::with_capacity(disc.len());
    for (kind, wanted) in counts {
        candidates.clear();
        candidates
            .extend((0..disc.len()).filter(|&i| allowed(disc, rules, biomes, &near, kind, i)));
        let mut placed = 0;
        while placed < wanted && !candidates.is_empty() {
            let k = rng.random_range(0..candidates.len());
            let c = candidates.swap_remove(k);
            if free(disc, taken, c) {
                taken[c] = Taken::Reserved(kind);
                placed += 1;
            }
        }
        if placed < wanted {
            shortfalls.push(Shortfall {
                kind,
                wanted,
                placed,
            });
        }
    }
    shortfalls
}
