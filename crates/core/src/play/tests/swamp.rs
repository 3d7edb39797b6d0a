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

/// Rules whose every drawn hex is an uncorrupted Swamp (no other biome in either pool), seen
/// from nowhere, with the Swamp's exit chance set to `chance`.
fn all_swamp(chance: f64) -> Rules {
    rules_with(|r| {
        r.sight_radius = 0;
        let swamp = r.biome("Swamp").unwrap().0 as usize;
        for (i, b) in r.biomes.iter_mut().enumerate() {
            if i != swamp {
                (b.weight, b.bias) = (0.0, 0.0);
            }
        }
        // No corruption at generation: nothing but the move to watch.
        r.features.iter_mut().for_each(|f| f.chance = 0.0);
        movement_of(r, "Swamp").exit_other_mass_chance = chance;
    })
}

/// A move toward an indeterminate hex is a move to another mass (the indeterminate one): the
/// exit chance applies even when the target is then generated as Swamp of the player's own mass.
/// Toward that same hex again, now generated and of the mass, it does not.
#[test]
fn leaving_a_swamp_for_an_indeterminate_hex_rolls_exactly() {
    for (chance, moved) in [(0.0, false), (1.0, true)] {
        let mut t = Table::with(all_swamp(chance), 7);
        t.place(HERE, "Swamp", &[]);
        t.join(1, 0, HERE);
        t.frame();
        let north = step(HERE, North);
        assert!(t.store(north).is_none());
        let events = t.go(1, North);
        // Generated either way, as Swamp of the player's mass.
        let world = t.app.world().resource::<HexWorld>();
        assert_eq!(world.mass_root(north), world.mass_root(HERE));
        assert_eq!(t.store(north).unwrap().biome, t.biome("Swamp"));
        if moved {
            assert!(
                matches!(events[..], [PlayEvent::Moved { .. }]),
                "{events:?}"
            );
            assert_eq!((t.pos(1), t.ap(1)), (north, 2));
        } else {
            assert!(
                matches!(events[..], [PlayEvent::Mired { ap: 1, .. }]),
                "{events:?}"
            );
            assert_eq!((t.pos(1), t.ap(1)), (HERE, 2));
            // The same hex, generated now and of the player's mass: no roll.
            assert!(matches!(t.go(1, North)[..], [PlayEvent::Moved { .. }]));
            assert_eq!((t.pos(1), t.ap(1)), (north, 1));
        }
        t.assert_mirrored();
        t.assert_invariants();
    }
}

/// With the seed's 15%, moves from a Swamp toward indeterminate hexes that turn out Swamp of the
/// same mass succeed about 15% of the time (each from its own hex of a long Swamp, toward a
/// hex never generated before).
#[test]
fn leaving_a_swamp_for_an_indeterminate_swamp_succeeds_about_15_percent() {
    let n = 2000;
    let mut t = Table::with(all_swamp(0.15), 3);
    let row: Vec<Hex> = (0..n).map(|k| HERE + Mouth.offset() * k).collect();
    for &h in &row {
        t.place(h, "Swamp", &[]);
    }
    t.join(1, 0, HERE);
    t.frame();
    let mut left = 0;
    for &h in &row {
        assert!(t.store(step(h, North)).is_none());
        let (events, pos, _) = try_from(&mut t, h, North);
        match events[..] {
            [PlayEvent::Moved { .. }] => left += 1,
            [PlayEvent::Mired { .. }] => assert_eq!(pos, h),
            _ => panic!("{events:?}"),
        }
    }
    let world = t.app.world().resource::<HexWorld>();
    assert_eq!(world.mass_size(HERE), Some(2 * n as u32));
    let p = left as f64 / n as f64;
    // n = 2000: sd = sqrt(0.15 * 0.85 / n) = 0.0080; tolerance 4 sd.
    assert!((p - 0.15).abs() < 0.032, "left {p}");
}
