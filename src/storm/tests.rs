//! Whole-cycle tests over many seeds: counts, placement conditions, seals, Sealed Forest,
//! determinism and arrival order. Smoothing, draws and streams are tested beside their code.

use std::sync::Arc;

use hexx::Hex;

use super::disc::NONE;
use super::map::land;
use super::reservations::Taken;
use super::*;
use crate::export::MapExport;

fn rules() -> Arc<StormRules> {
    Arc::new(StormRules::embedded().expect("the embedded storm rules are valid"))
}

fn params(
    r: &StormRules,
    seed: u64,
    cycle: u32,
    contracts: &[&str],
    prestige: bool,
    trial: bool,
) -> CycleParams {
    let contracts = if contracts.is_empty() {
        r.all_seals()
    } else {
        contracts.iter().map(|n| r.seal(n).unwrap()).collect()
    };
    CycleParams {
        seed,
        cycle,
        contracts,
        prestige,
        trial,
    }
}

fn jsonl(m: &dyn MapExport) -> Vec<u8> {
    let mut v = Vec::new();
    m.write_jsonl(&mut v).unwrap();
    v
}

#[test]
fn the_map_has_2791_cells_with_exactly_the_fields() {
    let r = rules();
    let m = StormMap::generate(r.clone(), CycleParams::new(&r, 1, 0));
    assert_eq!(m.disc.len(), 2791);
    let text = String::from_utf8(jsonl(&m)).unwrap();
    assert_eq!(text.lines().count(), 2791);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    let mut want = [
        "q",
        "r",
        "x",
        "y",
        "z",
        "distance",
        "biome",
        "allows_modifiers",
        "seal",
        "reservation",
    ];
    want.sort();
    let mut got = keys.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(first["biome"], "Citadel");
    assert_eq!(first["distance"], 0);
    // The capital is the centre and only the centre.
    assert!(m.biomes.iter().skip(1).all(|&b| b != r.capital));
    assert_eq!(m.tiles().len(), 2791);
}

#[test]
fn counts_lie_in_their_ranges() {
    let r = rules();
    for prestige in [false, true] {
        for seed in 0..120 {
            let m = StormMap::generate(
                r.clone(),
                params(&r, seed, seed as u32 % 3, &[], prestige, false),
            );
            let count = |k: Kind| m.reservations().filter(|(_, x)| *x == k).count() as u32;
            for (i, k) in Kind::ALL.into_iter().enumerate() {
                let kr = r.reservations.of(k);
                let range = if prestige { &kr.prestige } else { &kr.main };
                assert!(
                    range.contains(&m.wanted[i]),
                    "{} drawn {}",
                    k.name(),
                    m.wanted[i]
                );
                assert_eq!(
                    count(k),
                    m.wanted[i],
                    "seed {seed}: a shortfall on the default rules"
                );
            }
            assert!(m.shortfalls.is_empty());
        }
    }
}

/// All six conditions, checked against the finished map.
fn check_reservations(m: &StormMap) {
    let r = &m.rules;
    let seals: Vec<Hex> = m.seals.iter().map(|p| m.disc.hex(p.cell)).collect();
    for (hex, kind) in m.reservations() {
        let i = m.disc.index(hex).unwrap();
        let d = m.disc.distance(i);
        assert!(m.seal_at(hex).is_none(), "an occupied cell");
        for &n in m.disc.neighbours(i) {
            assert!(
                n == NONE || m.taken[n as usize] == Taken::Free,
                "{hex:?} has a taken neighbour"
            );
        }
        assert!(i != 0 && m.biomes[i] != r.capital, "the capital");
        assert!(
            r.reservations.of(kind).spawn_distance.contains(&d),
            "{} at distance {d}",
            kind.name()
        );
        assert!(
            r.biome_of(m.biomes[i]).allows_modifiers,
            "biome {}",
            r.biome_of(m.biomes[i]).name
        );
        for s in &seals {
            assert!(
                s.unsigned_distance_to(hex) > r.reservations.seal_clearance,
                "{hex:?} near seal {s:?}"
            );
        }
    }
}

#[test]
fn every_reservation_meets_all_six_conditions() {
    let r = rules();
    let modes: [(&[&str], bool, bool); 5] = [
        (&[], false, false),
        (&["Cinder"], true, false),
        (&["rime", "GLOAM"], false, false),
        (&[], true, true),
        (&["Gloam"], false, true),
    ];
    for seed in 0..60 {
        for (contracts, prestige, trial) in modes {
            check_reservations(&StormMap::generate(
                r.clone(),
                params(&r, seed, 7, contracts, prestige, trial),
            ));
        }
    }
}

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
fn the_same_seed_and_cycle_give_the_same_bytes() {
    let r = rules();
    for (seed, cycle) in [(0, 0), (42, 3), (u64::MAX, 9)] {
        let a = jsonl(&StormMap::generate(
            r.clone(),
            CycleParams::new(&r, seed, cycle),
        ));
        let b = jsonl(&StormMap::generate(
            r.clone(),
            CycleParams::new(&r, seed, cycle),
        ));
        assert_eq!(a, b);
        let next = StormMap::generate(r.clone(), CycleParams::new(&r, seed, cycle)).next_cycle();
        assert_eq!(next.params.cycle, cycle + 1);
        assert_ne!(a, jsonl(&next), "another cycle, another map");
        assert_ne!(
            a,
            jsonl(&StormMap::generate(
                r.clone(),
                CycleParams::new(&r, seed ^ 1, cycle)
            ))
        );
    }
}

#[test]
fn contents_do_not_depend_on_arrival_order() {
    let r = rules();
    let m = StormMap::generate(r.clone(), CycleParams::new(&r, 11, 4));
    let cells: Vec<Hex> = m.reservations().map(|(h, _)| h).collect();
    let forward: Vec<Content> = cells.iter().map(|&h| m.reveal(h).unwrap()).collect();
    let mut backward: Vec<(Hex, Content)> = cells
        .iter()
        .rev()
        .map(|&h| (h, m.reveal(h).unwrap()))
        .collect();
    backward.reverse();
    for ((h, c), f) in backward.iter().zip(&forward) {
        assert_eq!(c, f, "{h:?}");
        assert_eq!(Some(c.kind), m.reservation_at(*h));
    }
    // A fresh map of the same cycle, visited from the far end, reveals the same.
    let again = StormMap::generate(r.clone(), CycleParams::new(&r, 11, 4));
    assert!(
        cells
            .iter()
            .rev()
            .zip(forward.iter().rev())
            .all(|(&h, f)| again.reveal(h) == Some(*f))
    );
    // Empty cells and cells outside the map hold nothing; several entries get drawn.
    assert_eq!(m.reveal(Hex::ZERO), None);
    assert_eq!(m.reveal(Hex::new(40, 0)), None);
    let distinct: std::collections::HashSet<_> =
        forward.iter().map(|c| (c.kind, c.index)).collect();
    assert!(distinct.len() > 15);
}

#[test]
fn too_few_cells_is_a_shortfall_not_a_hang() {
    let text = DEFAULT_STORM
        .replace("spawn_distance: (2, 29)", "spawn_distance: (2, 3)")
        .replace("spawn_distance: (1, 30)", "spawn_distance: (1, 2)");
    let r = Arc::new(StormRules::from_str(&text, "assets/rules/narrow.ron").unwrap());
    let m = StormMap::generate(r.clone(), CycleParams::new(&r, 3, 0));
    assert_eq!(m.shortfalls.len(), 2);
    for s in &m.shortfalls {
        assert!(s.placed < s.wanted);
        assert_eq!(
            s.placed as usize,
            m.reservations().filter(|(_, k)| *k == s.kind).count()
        );
    }
    check_reservations(&m);
}

#[test]
fn contract_names_are_checked() {
    let r = rules();
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(cli::contracts(&r, None).unwrap().len(), 3);
    assert_eq!(
        cli::contracts(&r, Some(&names(&["rime"]))).unwrap(),
        vec![r.seal("Rime").unwrap()]
    );
    for (bad, msg) in [
        (&["Ember"][..], "unknown seal `Ember`"),
        (&["Rime", "rime"], "twice"),
        (&[""], "empty"),
    ] {
        let e = cli::contracts(&r, Some(&names(bad))).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains(msg), "{e}");
    }
}

mod rules_errors;
