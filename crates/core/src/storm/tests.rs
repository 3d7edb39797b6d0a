//! Whole-cycle tests over many seeds: counts, placement conditions, seals, Sealed Forest,
//! determinism and arrival order. Smoothing, draws and streams are tested beside their code.

use std::sync::Arc;

use hexx::Hex;

use super::*;
use crate::export::MapExport;

pub(super) fn rules() -> Arc<StormRules> {
    Arc::new(StormRules::embedded().expect("the embedded storm rules are valid"))
}

pub(super) fn params(
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

mod reservations;
mod rules_errors;
mod seals;
