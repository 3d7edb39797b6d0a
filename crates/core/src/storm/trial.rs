//! The Queen's Hand trial's seal generator: `trial.copies` copies of each contracted seal, each on
//! a seeded cell of the band `trial.min_distance..=trial.max_distance` at least `trial.spacing`
//! cells from every seal already placed; when no cell is that far, the farthest one (ties seeded).

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::disc::Disc;
use super::rules::{SealId, StormRules};
use super::seals::{Placed, SealGenerator, copy_order};

#[derive(Debug, Clone, Copy, Default)]
pub struct QueenHand;

impl SealGenerator for QueenHand {
    fn place(
        &self,
        disc: &Disc,
        rules: &StormRules,
        contracts: &[SealId],
        rng: &mut Pcg64Mcg,
    ) -> Vec<Placed> {
        let t = &rules.trial;
        let band = disc.ring(t.min_distance).start..disc.ring(t.max_distance).end;
        // Distance from each band cell to its nearest placed seal, updated once per placement.
        let mut nearest = vec![u32::MAX; band.len()];
        let mut placed: Vec<Placed> = Vec::new();
        let mut pick = Vec::with_capacity(band.len());
        for seal in copy_order(contracts, t.copies) {
            pick.clear();
            pick.extend((0..band.len()).filter(|&k| nearest[k] >= t.spacing.max(1)));
            if pick.is_empty() {
                let far = nearest.iter().copied().max().unwrap_or(0);
                if far == 0 {
                    break; // every band cell holds a seal
                }
                pick.extend((0..band.len()).filter(|&k| nearest[k] == far));
            }
            let k = pick[rng.random_range(0..pick.len())];
            let cell = band.start + k;
            let h = disc.hex(cell);
            for (j, n) in nearest.iter_mut().enumerate() {
                *n = (*n).min(disc.hex(band.start + j).unsigned_distance_to(h));
            }
            placed.push(Placed { cell, seal });
        }
        placed
    }
}
