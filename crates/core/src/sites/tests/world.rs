//! Whole worlds: seeds, independence of provinces, unique sites, the storm map, the command.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use hexx::Hex;

use super::*;
use crate::headless::gen_world;
use crate::rules::Rules;
use crate::sites::world::{aeternus, roll_all, storm};
use crate::sites::{Placed, Terrain};
use crate::storm::{CycleParams, StormMap, StormRules};

fn aeternus_sites(seed: u64, radius: u32) -> (SiteRules, Vec<Placed>) {
    let (rules, sites) = (Rules::aeternus(), SiteRules::embedded());
    let t = sites.for_aeternus(&rules).unwrap();
    let w = gen_world(&rules, seed, Some(radius), None).unwrap();
    let placed = aeternus(&sites, &t, &w);
    (sites, placed)
}

fn storm_sites(seed: u64, radius: u32) -> (SiteRules, Vec<Placed>) {
    let (rules, sites) = (
        Arc::new(StormRules::embedded().unwrap()),
        SiteRules::embedded(),
    );
    let t = sites.for_storm(&rules).unwrap();
    let map = StormMap::generate(rules.clone(), CycleParams::new(&rules, seed, 0));
    let placed = storm(&sites, &t, &map, radius);
    (sites, placed)
}

#[test]
fn the_same_seed_gives_the_same_sites() {
    assert_eq!(aeternus_sites(5, 8).1, aeternus_sites(5, 8).1);
    assert_ne!(aeternus_sites(5, 8).1, aeternus_sites(6, 8).1);
    assert_eq!(storm_sites(5, 30).1, storm_sites(5, 30).1);
}

#[test]
fn a_province_rolls_alone_as_in_any_order() {
    let r = rules(40, "Middle", EVERYWHERE);
    let hexes: Vec<(Hex, Terrain)> = Hex::ZERO
        .range(6)
        .map(|h| (h, Terrain::of(Terrain::PLAINS)))
        .collect();
    let by_hex = |placed: Vec<Placed>| {
        let mut m: HashMap<Hex, Vec<Placed>> = HashMap::new();
        for p in placed {
            m.entry(p.hex).or_default().push(p);
        }
        m
    };
    let forward = by_hex(roll_all(&r, 9, hexes.iter().copied()));
    let backward = by_hex(roll_all(&r, 9, hexes.iter().rev().copied()));
    assert_eq!(forward, backward);
    for &(h, t) in &hexes {
        assert_eq!(by_hex(roll_all(&r, 9, [(h, t)])).get(&h), forward.get(&h));
    }
}

#[test]
fn a_unique_site_appears_once_in_the_first_province_to_draw_it() {
    let r = rules(
        100,
        "Middle",
        r#"(name: "one", rarity: 0, loc: ["plains", "unique"], lore: "x"),
           (name: "u", rarity: 1, loc: ["plains"], lore: "x")"#,
    );
    let hexes: Vec<(Hex, Terrain)> = Hex::ZERO
        .range(8)
        .map(|h| (h, Terrain::of(Terrain::PLAINS)))
        .collect();
    let where_one = |placed: Vec<Placed>| -> Vec<Hex> {
        placed
            .iter()
            .filter(|p| p.site == 0)
            .map(|p| p.hex)
            .collect()
    };
    let forward = where_one(roll_all(&r, 4, hexes.iter().copied()));
    let backward = where_one(roll_all(&r, 4, hexes.iter().rev().copied()));
    assert_eq!((forward.len(), backward.len()), (1, 1));
    // The order matters: each order gives it to an early province of its own.
    assert_ne!(forward, backward);
}

#[test]
fn the_default_rules_place_each_unique_site_at_most_once() {
    let check = |(sites, placed): (SiteRules, Vec<Placed>)| {
        let mut count: BTreeMap<&str, u32> = BTreeMap::new();
        for p in &placed {
            if sites.sites[p.site].unique() {
                *count.entry(&sites.sites[p.site].name).or_default() += 1;
            }
        }
        assert!(count.values().all(|&n| n == 1), "{count:?}");
        !count.is_empty()
    };
    let mut any = false;
    for seed in 0..3 {
        any |= check(aeternus_sites(seed, 12));
        any |= check(storm_sites(seed, 30));
    }
    assert!(any, "no unique site placed at all");
}

#[test]
fn a_smaller_storm_radius_gives_a_prefix() {
    let (_, all) = storm_sites(2, 30);
    let (_, near) = storm_sites(2, 6);
    assert!(!near.is_empty() && near.len() < all.len());
    assert_eq!(near[..], all[..near.len()]);
}
