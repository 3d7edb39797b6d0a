//! The initial biome draw: every cell draws by weight among the biomes whose minimum distance
//! from the Citadel it is at or beyond (the tables come from the ruleset).

use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::disc::Disc;
use super::rules::BiomeId;

/// One draw per cell in index order (centre first, then ring by ring), from one cycle stream.
pub fn initial(disc: &Disc, tables: &[Vec<(f64, BiomeId)>], rng: &mut Pcg64Mcg) -> Vec<BiomeId> {
    (0..disc.len())
        .map(|i| {
            let table = &tables[(disc.distance(i) as usize).min(tables.len() - 1)];
            draw(table, rng.random::<f64>())
        })
        .collect()
}

/// `u` in [0, 1) picks from a cumulative table.
pub fn draw(table: &[(f64, BiomeId)], u: f64) -> BiomeId {
    let total = table[table.len() - 1].0;
    let x = u * total;
    table
        .iter()
        .find(|(c, _)| x < *c)
        .unwrap_or(&table[table.len() - 1])
        .1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storm::StormRules;
    use crate::storm::stream::{Purpose, cycle_rng};

    #[test]
    fn the_first_draw_respects_minimum_distances() {
        let rules = StormRules::embedded().unwrap();
        let disc = Disc::new(rules.radius);
        let mut seen = vec![false; rules.biomes.len()];
        for seed in 0..60 {
            let mut rng = cycle_rng(seed, 0, Purpose::Biomes);
            let map = initial(&disc, &rules.draw_tables, &mut rng);
            for (i, b) in map.iter().enumerate() {
                let biome = rules.biome_of(*b);
                assert!(
                    disc.distance(i) >= biome.min_distance,
                    "{} at distance {}",
                    biome.name,
                    disc.distance(i)
                );
                assert!(biome.weight > 0.0, "{} is never drawn", biome.name);
                seen[b.0 as usize] = true;
            }
        }
        // Every drawable biome turns up somewhere.
        for (b, s) in rules.biomes.iter().zip(&seen) {
            assert_eq!(*s, b.weight > 0.0, "{}", b.name);
        }
    }

    #[test]
    fn draws_follow_the_weights() {
        let table = [(2.0, BiomeId(0)), (3.0, BiomeId(1))];
        assert_eq!(draw(&table, 0.0), BiomeId(0));
        assert_eq!(draw(&table, 0.66), BiomeId(0));
        assert_eq!(draw(&table, 0.67), BiomeId(1));
        assert_eq!(draw(&table, 0.999_999), BiomeId(1));
    }
}
