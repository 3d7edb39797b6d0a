//! Mutated Aeternus rule files (the shipped rules and the example mod), loaded as `--rules FILE`
//! loads them; an accepted one generates a small view, rolls its sites and plays a short game.

use super::play::{self, SIGHT};
use super::{CaseOutcome, Scratch, cases, disc, run, shipped, site_rules, sweep};
use aeternus_core::mods::reload::check_swap;
use aeternus_core::rules::Rules;
use aeternus_core::world::plugin::HexWorld;

/// The view generated from the origin: 37 hexes.
const RADIUS: u32 = 3;
/// Rounds of the short game.
const ROUNDS: u32 = 2;

/// Loads and, when accepted, uses one mutated rule file; `base` is the file unmutated, which a
/// running game reloads it over.
fn case(scratch: &Scratch, base: &Rules, bytes: &[u8]) -> CaseOutcome {
    let path = scratch.write("rules.ron", bytes);
    let Ok(rules) = Rules::from_file(&path) else {
        return CaseOutcome::refused();
    };
    let mut hexes = 0;
    for seed in [1, 0xA5A5_5A5A_DEAD_BEEF] {
        // `gen --radius 3` with these rules: a hex the world's limits refuse is an error, not a
        // panic, and nothing past the view is generated.
        let Ok(world) = aeternus_core::headless::gen_world(&rules, seed, Some(RADIUS), None) else {
            continue;
        };
        assert!(world.len() <= disc(RADIUS), "{} hexes", world.len());
        hexes = hexes.max(world.len());
        if let Ok(terrain) = site_rules().for_aeternus(&rules) {
            let placed = aeternus_core::sites::world::aeternus(site_rules(), &terrain, &world);
            // One path site and eight rolls a province at most.
            assert!(placed.len() <= 9 * world.len());
        }
    }
    let mut n = 0;
    // A new game on the rules; then a game on the unmutated rules that reloads them midway, as
    // the window does when the file is saved (when the lists of names are the same).
    for reload in [false, true] {
        if reload && check_swap(base, &rules).is_err() {
            continue;
        }
        let mut app = play::new_game(if reload { base.clone() } else { rules.clone() }, 7);
        if reload {
            play::rounds(&mut app, &[1, 2], 1);
            let mut new = rules.clone();
            new.sight_radius = new.sight_radius.min(SIGHT);
            app.world_mut().resource_mut::<HexWorld>().rules = new;
        }
        play::rounds(&mut app, &[1, 2], ROUNDS);
        play::hud(&mut app);
        play::walks(&mut app, &[1, 2]);
        n = play::hexes(&app);
        let reach = play::reach(ROUNDS + reload as u32);
        assert!(
            n <= disc(reach + SIGHT),
            "the short game generated {n} hexes"
        );
    }
    CaseOutcome {
        accepted: true,
        hexes: hexes.max(n),
    }
}

#[test]
fn mutated_aeternus_rules_never_panic() {
    let scratch = Scratch::new("aeternus");
    let base = shipped("assets/rules/aeternus.ron");
    let rules = Rules::from_str(std::str::from_utf8(&base).unwrap(), "aeternus.ron").unwrap();
    assert!(
        case(&scratch, &rules, &base).accepted,
        "the shipped rules load"
    );
    run(
        "assets/rules/aeternus.ron",
        0x5EED_0001,
        cases(800),
        base,
        |m| case(&scratch, &rules, &m.bytes),
    );
}

#[test]
fn mutated_example_mods_never_panic() {
    let scratch = Scratch::new("mod");
    let base = shipped("assets/mods/example/rules/aeternus.ron");
    let rules = Rules::from_str(std::str::from_utf8(&base).unwrap(), "rules.ron").unwrap();
    assert!(
        case(&scratch, &rules, &base).accepted,
        "the example mod loads"
    );
    run(
        "assets/mods/example/rules/aeternus.ron",
        0x5EED_0002,
        cases(400),
        base,
        |m| case(&scratch, &rules, &m.bytes),
    );
}

#[test]
#[ignore = "an exhaustive sweep of a few minutes"]
fn every_number_of_the_rules_at_every_extreme() {
    for (file, name) in [
        ("assets/rules/aeternus.ron", "aeternus"),
        ("assets/mods/example/rules/aeternus.ron", "mod"),
    ] {
        let scratch = Scratch::new(&format!("sweep-{name}"));
        let base = shipped(file);
        let rules = Rules::from_str(std::str::from_utf8(&base).unwrap(), file).unwrap();
        sweep(file, &base, |b| case(&scratch, &rules, b));
    }
}
