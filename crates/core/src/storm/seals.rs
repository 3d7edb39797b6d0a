//! Seals: the normal generator (four copies for one contract, two per contract for several, each
//! on its seal's ring, farthest from the nearest seal already placed), the Sealed Forest they grow,
//! and the trait the Queen's Hand trial's generator (`trial.rs`) shares.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::disc::{Disc, NONE};
use super::rules::{BiomeId, SealId, StormRules};

/// One seal copy on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// Cell index in the map's [`Disc`].
    pub cell: usize,
    pub seal: SealId,
}

/// A way to place the contracted seals on a cycle's map.
pub trait SealGenerator {
    /// `contracts` are distinct and in ruleset order. Returns the copies in placement order.
    fn place(
        &self,
        disc: &Disc,
        rules: &StormRules,
        contracts: &[SealId],
        rng: &mut Pcg64Mcg,
    ) -> Vec<Placed>;
}

/// The normal generator.
#[derive(Debug, Clone, Copy, Default)]
pub struct Standard;

/// Copy order: one round per copy, each round in contract order, so seals alternate.
pub fn copy_order(contracts: &[SealId], copies: u32) -> impl Iterator<Item = SealId> + '_ {
    (0..copies).flat_map(move |_| contracts.iter().copied())
}

impl SealGenerator for Standard {
    fn place(
        &self,
        disc: &Disc,
        rules: &StormRules,
        contracts: &[SealId],
        rng: &mut Pcg64Mcg,
    ) -> Vec<Placed> {
        let copies = if contracts.len() == 1 { 4 } else { 2 };
        let mut placed: Vec<Placed> = Vec::new();
        for seal in copy_order(contracts, copies) {
            let ring = disc.ring(rules.seal_of(seal).distance);
            if let Some(cell) = farthest(disc, ring, &placed, rng) {
                placed.push(Placed { cell, seal });
            }
        }
        placed
    }
}

/// Among `candidates` not already holding a seal, the cell farthest from the nearest placed seal
/// (any cell when none is placed yet); ties broken by the stream. None when all are taken.
pub fn farthest(
    disc: &Disc,
    candidates: impl Iterator<Item = usize>,
    placed: &[Placed],
    rng: &mut Pcg64Mcg,
) -> Option<usize> {
    let mut best = Vec::new();
    let mut best_d = 0;
    for c in candidates {
        if placed.iter().any(|p| p.cell == c) {
            continue;
        }
        let h = disc.hex(c);
        let d = placed
            .iter()
            .map(|p| disc.hex(p.cell).unsigned_distance_to(h))
            .min()
            .unwrap_or(u32::MAX);
        if best.is_empty() || d > best_d {
            best.clear();
            best_d = d;
        }
        if d == best_d {
            best.push(c);
        }
    }
    (!best.is_empty()).then(|| best[rng.random_range(0..best.len())])
}

/// A seal's cell and its accessible neighbours become Sealed Forest; the capital never does.
/// Sealed Forest is itself accessible (validated), so the order of the seals does not matter.
pub fn grow_sealed_forest(
    disc: &Disc,
    rules: &StormRules,
    biomes: &mut [BiomeId],
    placed: &[Placed],
) {
    for p in placed {
        biomes[p.cell] = rules.sealed_forest;
        for &n in disc.neighbours(p.cell) {
            if n != NONE && n != 0 && rules.biome_of(biomes[n as usize]).accessible {
                biomes[n as usize] = rules.sealed_forest;
            }
        }
    }
}
