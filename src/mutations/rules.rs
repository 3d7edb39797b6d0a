//! Mutated Aeternus rule files (the shipped rules and the example mod), loaded as `--rules FILE`
//! loads them; an accepted one generates a small view, rolls its sites and plays a short game.

use std::sync::OnceLock;

use super::play::{self, SIGHT};
use super::{Outcome, Scratch, cases, disc, run, shipped};
use crate::rules::Rules;
use crate::sites::SiteRules;

/// The view generated from the origin: 37 hexes.
const RADIUS: u32 = 3;
/// Rounds of the short game.
const ROUNDS: u32 = 2;

fn site_rules() -> &'static SiteRules {
    static SITES: OnceLock<SiteRules> = OnceLock::new();
    SITES.get_or_init(SiteRules::embedded)
}

/// Loads and, when accepted, uses one mutated rule file.
fn case(scratch: &Scratch, bytes: &[u8]) -> Outcome {
    let path = scratch.write("rules.ron", bytes);
    let Ok(rules) = Rules::from_file(&path) else {
        return Outcome::refused();
    };
    let mut hexes = 0;
    for seed in [1, 0xA5A5_5A5A_DEAD_BEEF] {
        // `gen --radius 3` with these rules: a hex the world's limits refuse is an error, not a
        // panic, and nothing past the view is generated.
        let Ok(world) = crate::cli::gen_world(&rules, seed, Some(RADIUS), None) else {
            continue;
        };
        assert!(world.len() <= disc(RADIUS), "{} hexes", world.len());
        hexes = hexes.max(world.len());
        if let Ok(terrain) = site_rules().for_aeternus(&rules) {
            let placed = crate::sites::world::aeternus(site_rules(), &terrain, &world);
            // One path site and eight rolls a province at most.
            assert!(placed.len() <= 9 * world.len());
        }
    }
    let mut app = play::new_game(rules, 7);
    play::rounds(&mut app, &[1, 2], ROUNDS);
    play::hud(&mut app);
    let n = play::hexes(&app);
    assert!(
        n <= disc(play::reach(ROUNDS) + SIGHT),
        "the short game generated {n} hexes"
    );
    Outcome {
        accepted: true,
        hexes: hexes.max(n),
    }
}

#[test]
fn mutated_aeternus_rules_never_panic() {
    let scratch = Scratch::new("aeternus");
    let base = shipped("assets/rules/aeternus.ron");
    assert!(case(&scratch, &base).accepted, "the shipped rules load");
    run(
        "assets/rules/aeternus.ron",
        0x5EED_0001,
        cases(600),
        base,
        |m| case(&scratch, &m.bytes),
    );
}

#[test]
fn mutated_example_mods_never_panic() {
    let scratch = Scratch::new("mod");
    let base = shipped("assets/mods/example/rules.ron");
    assert!(case(&scratch, &base).accepted, "the example mod loads");
    run(
        "assets/mods/example/rules.ron",
        0x5EED_0002,
        cases(300),
        base,
        |m| case(&scratch, &m.bytes),
    );
}
