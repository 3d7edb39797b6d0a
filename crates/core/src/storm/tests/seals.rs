//! Seals over many seeds: copies per contract, rings, farthest-first order, the trial's
//! generator, and the Sealed Forest they grow.

use super::super::disc::NONE;
use super::super::map::land;
use super::super::*;
use super::{params, rules};

#[test]
fn seal_copies_rings_and_farthest_first() {
    let r = rules();
    let cases: [(&[&str], usize); 4] = [
        (&["Cinder"], 4),
        (&["Gloam"], 4),
        (&["Cinder", "Rime"], 2),
        (&[], 2),
    ];
    for seed in 0..80 {
        for (contracts, copies) in cases {
            let p = params(&r, seed, 2, contracts, false, false);
            let m = StormMap::generate(r.clone(), p.clone());
            assert_eq!(m.seals.len(), copies * p.contracts.len());
            for &s in &p.contracts {
                assert_eq!(m.seals.iter().filter(|x| x.seal == s).count(), copies);
            }
            for (k, placed) in m.seals.iter().enumerate() {
                let ring = r.seal_of(placed.seal).distance;
                assert_eq!(m.disc.distance(placed.cell), ring);
                if k == 0 {
                    continue;
                }
                let before = &m.seals[..k];
                let nearest = |c: usize| {
                    before
                        .iter()
                        .map(|b| m.disc.hex(b.cell).unsigned_distance_to(m.disc.hex(c)))
                        .min()
                        .unwrap()
                };
                let best = m
                    .disc
                    .ring(ring)
                    .filter(|c| before.iter().all(|b| b.cell != *c))
                    .map(nearest)
                    .max()
                    .unwrap();
                assert_eq!(
                    nearest(placed.cell),
                    best,
                    "seed {seed}: copy {k} is not farthest"
                );
            }
        }
    }
}

#[test]
fn the_first_copy_and_ties_follow_the_seed() {
    let r = rules();
    let firsts: std::collections::HashSet<usize> = (0..40)
        .map(|seed| {
            StormMap::generate(r.clone(), params(&r, seed, 0, &["Cinder"], false, false)).seals[0]
                .cell
        })
        .collect();
    assert!(
        firsts.len() > 10,
        "the first copy should land anywhere on its ring"
    );
}

#[test]
fn sealed_forest_is_exactly_the_seal_cells_and_accessible_neighbours() {
    let r = rules();
    for seed in 0..60 {
        for trial in [false, true] {
            let m = StormMap::generate(r.clone(), params(&r, seed, 1, &[], false, trial));
            let before = land(&r, &m.disc, seed, 1);
            let mut expect = vec![false; m.disc.len()];
            for p in &m.seals {
                expect[p.cell] = true;
                for &n in m.disc.neighbours(p.cell) {
                    if n != NONE && n != 0 && r.biome_of(before[n as usize]).accessible {
                        expect[n as usize] = true;
                    }
                }
            }
            for i in 0..m.disc.len() {
                assert_eq!(
                    m.biomes[i] == r.sealed_forest,
                    expect[i],
                    "seed {seed} cell {:?}",
                    m.disc.hex(i)
                );
                if !expect[i] {
                    assert_eq!(m.biomes[i], before[i], "only seals change the land");
                }
            }
        }
    }
}

#[test]
fn the_trial_uses_its_own_generator() {
    let r = rules();
    let t = &r.trial;
    for seed in 0..40 {
        let p = params(&r, seed, 0, &["Cinder", "Rime"], false, true);
        let m = StormMap::generate(r.clone(), p);
        assert_eq!(m.seals.len(), 2 * t.copies as usize);
        for (k, s) in m.seals.iter().enumerate() {
            let d = m.disc.distance(s.cell);
            assert!((t.min_distance..=t.max_distance).contains(&d));
            for b in &m.seals[..k] {
                assert!(m.disc.hex(b.cell).unsigned_distance_to(m.disc.hex(s.cell)) >= t.spacing);
            }
        }
    }
}

#[test]
fn the_trial_falls_back_to_the_farthest_cell() {
    let text = DEFAULT_STORM.replace("spacing: 8", "spacing: 99");
    let r = std::sync::Arc::new(StormRules::from_str(&text, "assets/rules/wide.ron").unwrap());
    let t = &r.trial;
    for seed in 0..20 {
        let m = StormMap::generate(r.clone(), params(&r, seed, 0, &[], false, true));
        assert_eq!(m.seals.len(), 3 * t.copies as usize);
        let band = m.disc.ring(t.min_distance).start..m.disc.ring(t.max_distance).end;
        for k in 1..m.seals.len() {
            let before = &m.seals[..k];
            let nearest = |c: usize| {
                let h = m.disc.hex(c);
                before
                    .iter()
                    .map(|b| m.disc.hex(b.cell).unsigned_distance_to(h))
                    .min()
                    .unwrap()
            };
            let best = band.clone().map(nearest).max().unwrap();
            assert!(best > 0);
            assert_eq!(nearest(m.seals[k].cell), best, "seed {seed}: copy {k}");
        }
    }
}
