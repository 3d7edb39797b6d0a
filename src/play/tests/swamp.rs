//! Leaving a Swamp for another mass: exactly with the chance forced to 0 or 1, statistically
//! with the seed's 15%.

use super::*;
use Direction::*;

#[test]
fn leaving_a_swamp_for_another_mass_exactly() {
    for (chance, costs, moved, ap) in [
        (0.0, true, false, 2),
        (0.0, false, false, 3),
        (1.0, true, true, 2),
    ] {
        let rules = rules_with(|r| {
            r.sight_radius = 0;
            // The target is drawn, never Swamp: another mass.
            let swamp = r.biome("Swamp").unwrap().0 as usize;
            (r.biomes[swamp].weight, r.biomes[swamp].bias) = (0.0, 0.0);
            let m = movement_of(r, "Swamp");
            (m.exit_other_mass_chance, m.failed_exit_costs_ap) = (chance, costs);
        });
        let mut t = Table::with(rules, 7);
        t.place(HERE, "Swamp", &[])
            .place(step(HERE, South), "Swamp", &[]);
        t.join(1, 0, HERE);
        t.frame();
        // The target is generated either way.
        let events = t.go(1, North);
        assert!(t.store(step(HERE, North)).is_some());
        assert_eq!(t.pos(1) != HERE, moved, "{events:?}");
        assert_eq!(t.ap(1), ap);
        if !moved {
            assert!(matches!(events[..], [PlayEvent::Mired { ap: a, .. }] if a == 3 - ap));
        }
        // Within the Swamp's own mass the exit chance does not apply.
        t.set(1, Position(HERE));
        t.set(1, ActionPoints(3));
        assert!(matches!(t.go(1, South)[..], [PlayEvent::Moved { .. }]));
        t.assert_mirrored();
        t.assert_invariants();
    }
}

#[test]
fn leaving_a_swamp_for_another_mass_succeeds_about_15_percent() {
    let (mut left, mut n) = (0, 0);
    for seed in 0..6 {
        let mut t = Table::new(seed);
        t.place(HERE, "Swamp", &[]).fill(HERE, 3, "Forest");
        t.join(1, 0, HERE);
        t.frame();
        for _ in 0..500 {
            let (events, pos, ap) = try_from(&mut t, HERE, Mouth);
            n += 1;
            // A failed try costs its AP (the ruleset's `failed_exit_costs_ap`).
            assert_eq!(ap, 2);
            match events[..] {
                [PlayEvent::Moved { .. }] => left += 1,
                [PlayEvent::Mired { ap: 1, .. }] => assert_eq!(pos, HERE),
                _ => panic!("{events:?}"),
            }
        }
    }
    let p = left as f64 / n as f64;
    // n = 3000: sd = 0.0065; tolerance about 4 sd.
    assert!((p - 0.15).abs() < 0.027, "left {p}");
}
