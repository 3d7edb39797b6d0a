//! The Queen's Hand trial's seal generator: `trial.copies` copies of each contracted seal, each on
//! a seeded cell of the band `trial.min_distance..=trial.max_distance` at least `trial.spacing`
//! cells from every seal already placed; when no cell is that far, the farthest one.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::disc::Disc;
use super::rules::{SealId, StormRules};
use super::seals::{Placed, SealGenerator, copy_order, farthest};

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
        let mut placed: Vec<Placed> = Vec::new();
        let mut spaced = Vec::with_capacity(band.len());
        for seal in copy_order(contracts, t.copies) {
            spaced.clear();
            spaced.extend(band.clone().filter(|&c| {
                let h = disc.hex(c);
                placed
                    .iter()
                    .all(|p| disc.hex(p.cell).unsigned_distance_to(h) >= t.spacing.max(1))
            }));
            let cell = if spaced.is_empty() {
                farthest(disc, band.clone(), &placed, rng)
            } else {
                Some(spaced[rng.random_range(0..spaced.len())])
            };
            if let Some(cell) = cell {
                placed.push(Placed { cell, seal });
            }
        }
        placed
    }
}
