//! Reservations over many seeds: counts in their ranges, all six placement conditions, and a
//! shortfall reported instead of an endless search.

use std::sync::Arc;

use hexx::Hex;

use super::super::disc::NONE;
use super::super::reservations::Taken;
use super::super::*;
use super::{params, rules};

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
