//! Mutated site rules, loaded as `--sites FILE` loads them; accepted ones are bound to the
//! Aeternus and the storm rules and roll a small world and a storm map's centre.

use std::sync::{Arc, OnceLock};

use super::{CaseOutcome, Scratch, cases, disc, run, shipped, sweep};
use aeternus_core::rules::Rules;
use aeternus_core::sites::SiteRules;
use aeternus_core::storm::{CycleParams, StormMap, StormRules};
use aeternus_core::world::HexWorld;

const RADIUS: u32 = 3;

/// A small Aeternus world and a storm map, made once.
fn worlds() -> &'static (HexWorld, StormMap) {
    static WORLDS: OnceLock<(HexWorld, StormMap)> = OnceLock::new();
    WORLDS.get_or_init(|| {
        let world =
            aeternus_core::headless::gen_world(&Rules::aeternus(), 5, Some(RADIUS), None).unwrap();
        let storm = Arc::new(StormRules::embedded().unwrap());
        let map = StormMap::generate(storm.clone(), CycleParams::new(&storm, 5, 0));
        (world, map)
    })
}

fn case(scratch: &Scratch, bytes: &[u8]) -> CaseOutcome {
    let path = scratch.write("sites.ron", bytes);
    let Ok(sites) = SiteRules::from_file(&path) else {
        return CaseOutcome::refused();
    };
    let (world, map) = worlds();
    if let Ok(terrain) = sites.for_aeternus(&world.rules) {
        let placed = aeternus_core::sites::world::aeternus(&sites, &terrain, world);
        assert!(placed.len() <= 9 * world.len());
        for p in &placed {
            let _ = sites.path_name(&sites.sites[p.site]);
        }
    }
    if let Ok(terrain) = sites.for_storm(&map.rules) {
        let placed = aeternus_core::sites::world::storm(&sites, &terrain, map, RADIUS);
        assert!(placed.len() <= 9 * disc(RADIUS));
        for p in &placed {
            let _ = sites.path_name(&sites.sites[p.site]);
        }
    }
    CaseOutcome {
        accepted: true,
        hexes: world.len(),
    }
}

#[test]
fn mutated_site_rules_never_panic() {
    let scratch = Scratch::new("sites");
    let base = shipped("assets/rules/sites.ron");
    assert!(
        case(&scratch, &base).accepted,
        "the shipped site rules load"
    );
    run(
        "assets/rules/sites.ron",
        0x5EED_0005,
        cases(800),
        base,
        |m| case(&scratch, &m.bytes),
    );
}

#[test]
#[ignore = "an exhaustive sweep of a few minutes"]
fn every_number_of_the_site_rules_at_every_extreme() {
    let scratch = Scratch::new("sweep-sites");
    let base = shipped("assets/rules/sites.ron");
    sweep("assets/rules/sites.ron", &base, |b| case(&scratch, b));
}
