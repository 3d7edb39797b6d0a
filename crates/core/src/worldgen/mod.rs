//! The Aeternus generator: the biome pool, landmarks and generation features of section 5.3,
//! drawn from per-hex streams so a hex's draws never depend on what was generated elsewhere.

pub mod stream;

use crate::rules::{BiomeId, FeatureEffect, FeatureSet, LandmarkId, Rules};
use stream::{HexStreams, Purpose};

/// A generated neighbour as the biome pool sees it.
#[derive(Debug, Clone, Copy)]
pub struct PoolNeighbour {
    pub biome: BiomeId,
    /// M: the size of its mass at the moment of drawing.
    pub mass_size: u32,
}

/// Draws a biome: one entry per generated neighbour with weight B/M, plus the random entry,
/// which draws from the biomes' weights. A biome suppressed by a neighbour (Dunes beside Swamp,
/// Swamp beside Dunes) has weight and bias 0 in both pools.
#[inline]
pub fn draw_biome(rules: &Rules, streams: HexStreams, neighbours: &[PoolNeighbour]) -> BiomeId {
    let mut biomes = [BiomeId(0); 6];
    let mut sizes = [0u32; 6];
    for (i, n) in neighbours.iter().enumerate() {
        biomes[i] = n.biome;
        sizes[i] = n.mass_size;
    }
    let n = neighbours.len();
    let present = neighbours.iter().fold(0, |m, n| m | 1 << n.biome.0);
    draw_biome_among(rules, streams, &biomes[..n], &sizes[..n], present)
}

/// [`draw_biome`] with the pool's biomes and mass sizes (M) side by side, as generation gathers
/// them (`present`: the bit mask of those biomes): no pool of pairs to fill first.
#[inline(always)]
pub fn draw_biome_among(
    rules: &Rules,
    streams: HexStreams,
    biomes: &[BiomeId],
    sizes: &[u32],
    present: u64,
) -> BiomeId {
    // The biomes a neighbour suppresses, found once from the few that can be: the draws below
    // then test a bit instead of reading the table.
    let mut suppressed = 0u64;
    for &b in &rules.suppressible {
        if rules.suppressors[b as usize] & present != 0 {
            suppressed |= 1 << b;
        }
    }
    let allowed = |b: u8| suppressed >> b & 1 == 0;
    let mut weights = [0.0f64; 6];
    let mut total = rules.random_entry_weight;
    for (i, (b, &m)) in biomes.iter().zip(sizes).enumerate() {
        if allowed(b.0) {
            weights[i] = rules.biases[b.0 as usize] / m as f64;
            total += weights[i];
        }
    }
    let mut u = streams.uniform(Purpose::Biome, 0) * total;
    for (i, &b) in biomes.iter().enumerate() {
        if u < weights[i] {
            return b;
        }
        u -= weights[i];
    }
    // The random entry: the biome weights, less those of suppressed biomes (in id order).
    let mut random_total = rules.random_total;
    let mut left = suppressed;
    while left != 0 {
        random_total -= rules.weights[left.trailing_zeros() as usize];
        left &= left - 1;
    }
    if random_total <= 0.0 {
        // Only reachable when suppression empties a mod's pool: the seed's "Meadow if unspecified".
        return rules.origin.0;
    }
    let mut u = streams.uniform(Purpose::Biome, 1) * random_total;
    let mut last = rules.origin.0;
    for (i, &w) in rules.weights[..rules.biomes.len()].iter().enumerate() {
        if w <= 0.0 || !allowed(i as u8) {
            continue;
        }
        if u < w {
            return BiomeId(i as u8);
        }
        u -= w;
        last = BiomeId(i as u8);
    }
    last
}

/// Draws a landmark by the weights on `biome` (Town 2 on Meadow, 1 elsewhere).
#[inline]
pub fn draw_landmark(rules: &Rules, streams: HexStreams, biome: BiomeId) -> LandmarkId {
    let weights = rules.landmark_row(biome);
    let total = rules.landmark_totals[biome.0 as usize];
    let mut u = streams.uniform(Purpose::Landmark, 0) * total;
    let mut last = 0;
    for (i, w) in weights.iter().enumerate() {
        if *w <= 0.0 {
            continue;
        }
        if u < *w {
            return LandmarkId(i as u8);
        }
        u -= w;
        last = i;
    }
    LandmarkId(last as u8)
}

/// Rolls each feature's chance at generation. Corruption, when it lands and the hex is not
/// `protected` (by a pylon; asked only then), sets its landmark and removes every other feature.
#[inline]
pub fn draw_features(
    rules: &Rules,
    streams: HexStreams,
    landmark: &mut LandmarkId,
    protected: impl FnOnce() -> bool,
) -> FeatureSet {
    let mut set = FeatureSet::EMPTY;
    for &(f, chance) in &rules.chances {
        if streams.uniform(Purpose::Feature(f.0), 0) < chance {
            set.insert(f);
        }
    }
    if let Some(c) = rules.corruption
        && set.contains(c)
    {
        if protected() {
            set.remove(c);
        } else if let FeatureEffect::Corruption { landmark: l } =
            rules.features[c.0 as usize].effect
        {
            *landmark = l;
            set = FeatureSet::EMPTY;
            set.insert(c);
        }
    }
    set
}
