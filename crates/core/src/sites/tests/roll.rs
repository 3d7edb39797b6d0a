//! The numbers of the document: frequencies, modifiers, the farm floor, the path step.

use super::*;
use crate::sites::Terrain as T;
use crate::sites::roll::{PATH_ATTEMPTS, Uniques, frequencies, local_frequency, path_step, stream};
use crate::sites::{Placed, Step, roll::roll_province};
use hexx::Hex;

#[test]
fn frequencies_shrink_by_a_quarter_rounding_down() {
    assert_eq!(frequencies(40), [40, 30, 22, 16, 12, 9, 6, 4]);
    assert_eq!(frequencies(100), [100, 75, 56, 42, 31, 23, 17, 12]);
    assert_eq!(frequencies(0), [0; 8]);
}

#[test]
fn modifiers_apply_in_table_order() {
    let f = |flags| local_frequency(40, T::of(flags));
    assert_eq!(f(0), 40);
    assert_eq!(
        f(T::PLAINS | T::COAST | T::SEA | T::SWAMP | T::UNDERWATER),
        40
    );
    assert_eq!(f(T::MANY_SITES), 65);
    assert_eq!(f(T::THRONE), 60);
    assert_eq!(f(T::WASTE), 60);
    assert_eq!(f(T::CAVE), 55);
    assert_eq!(f(T::KELP_FOREST), 50);
    assert_eq!(f(T::FOREST), 50);
    assert_eq!(f(T::MOUNTAINS), 50);
    assert_eq!(f(T::DEEP_SEA), 50);
    assert_eq!(f(T::HIGHLAND), 45);
    // "highland and UW" only when both, and the highland row applies as well.
    assert_eq!(f(T::HIGHLAND | T::UNDERWATER), 60);
    assert_eq!(f(T::KELP_FOREST | T::FOREST | T::SEA), 60);
    assert_eq!(f(T::MANY_SITES | T::THRONE | T::WASTE | T::CAVE), 120);
}

#[test]
fn farm_subtracts_twenty_but_stops_at_five() {
    let farm = |base| local_frequency(base, T::of(T::FARM));
    assert_eq!(farm(40), 20);
    assert_eq!(farm(25), 5);
    assert_eq!(farm(20), 5);
    assert_eq!(farm(6), 5);
    // The floor stops the subtraction; it never raises a frequency already below 5.
    assert_eq!(farm(3), 3);
    assert_eq!(farm(0), 0);
    // Farm is checked after many sites and throne, before the rest.
    assert_eq!(local_frequency(0, T::of(T::THRONE | T::FARM)), 5);
    assert_eq!(local_frequency(0, T::of(T::FARM | T::WASTE)), 20);
    assert_eq!(local_frequency(10, T::of(T::MANY_SITES | T::FARM)), 15);
}

const PATHS: &str = r#"
    (name: "tide0", rarity: 0, path: "Tide", loc: ["plains"], lore: "x"),
    (name: "tide1", rarity: 1, path: "Tide", loc: ["plains"], lore: "x"),
    (name: "tide2", rarity: 2, path: "Tide", loc: ["plains"], lore: "x"),
    (name: "stone0", rarity: 0, path: "Stone", loc: ["plains"], lore: "x"),
    (name: "gale2", rarity: 2, path: "Gale", loc: ["plains", "forest"], lore: "x"),
    (name: "none0", rarity: 0, loc: ["plains"], lore: "x"),
"#;

fn path_site(rules: &SiteRules, t: T, i: i32) -> (Option<String>, u32) {
    let mut rng = stream(7, Hex::new(i, -i), Step::Path);
    let (s, n) = path_step(rules, &mut rng, t, &Uniques::default());
    (s.map(|s| rules.sites[s].name.clone()), n)
}

#[test]
fn the_lowest_path_wins_and_only_it_is_tried() {
    let r = rules(0, "Middle", PATHS);
    let plains = T::of(T::PLAINS);
    // Tide (2) and Stone (3): always Tide, found on the first attempt.
    for i in 0..200 {
        let (s, n) = path_site(&r, plains.with_path(3).with_path(2), i);
        assert!(s.unwrap().starts_with("tide"));
        assert_eq!(n, 1);
    }
    // Ember (0) has no site: the step gives nothing after 100 attempts, Tide is never tried.
    let (s, n) = path_site(&r, plains.with_path(2).with_path(0), 0);
    assert_eq!((s, n), (None, PATH_ATTEMPTS));
    // No path flag: no attempt.
    assert_eq!(path_site(&r, plains, 0), (None, 0));
}

#[test]
fn the_path_step_stops_after_one_hundred_attempts() {
    // Gale has a rarity 2 site only: each attempt succeeds with 5%.
    let r = rules(0, "Middle", PATHS);
    let t = T::of(T::FOREST).with_path(1);
    let n = 5000;
    let (mut failures, mut attempts) = (0, 0u64);
    for i in 0..n {
        let (s, a) = path_site(&r, t, i);
        assert!((1..=PATH_ATTEMPTS).contains(&a));
        if s.is_none() {
            assert_eq!(a, PATH_ATTEMPTS);
            failures += 1;
        }
        attempts += a as u64;
    }
    // P(no site) = 0.95^100 = 0.0059 (30 of 5000 expected); mean attempts (1 - 0.95^100) / 0.05.
    assert!((10..=60).contains(&failures), "{failures} failures");
    let mean = attempts as f64 / n as f64;
    assert!((mean - 19.88).abs() < 1.5, "mean attempts {mean}");
}

#[test]
fn path_sites_come_first_and_are_marked() {
    let r = rules(0, "Middle", PATHS);
    let mut out: Vec<Placed> = Vec::new();
    let t = T::of(T::PLAINS).with_path(3);
    roll_province(&r, 1, Hex::ZERO, t, &mut Uniques::default(), &mut out);
    // Base 0: the rolls make nothing; the path step always finds stone0 (rarity 0 is its only
    // site, drawn at 57/80 an attempt).
    assert_eq!(out.len(), 1);
    assert_eq!(
        (r.sites[out[0].site].name.as_str(), out[0].step),
        ("stone0", Step::Path)
    );
}
