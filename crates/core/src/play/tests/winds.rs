//! The Deceased Dunes winds: exactly with the chance forced to 1, statistically with the seed's
//! 20%, and the seeding of every draw.

use super::*;
use Direction::*;

fn dunes_table(rules: Rules, seed: u64) -> Table {
    let mut t = Table::with(rules, seed);
    // The player waits on a Meadow just South of a Dunes hex ringed by Meadow.
    t.place(step(HERE, North), "Deceased Dunes", &[])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    t
}

#[test]
fn the_dunes_winds_blow_about_20_percent_evenly_and_for_free() {
    let (mut blown, mut n) = (0, 0);
    let mut ways = [0u32; 6];
    for seed in 0..6 {
        let mut t = dunes_table(Rules::aeternus(), seed);
        let dunes = step(HERE, North);
        for _ in 0..500 {
            let (events, pos, ap) = try_from(&mut t, HERE, North);
            n += 1;
            assert!(matches!(events[0], PlayEvent::Moved { ap: 1, .. }));
            assert_eq!(ap, 2, "a blow costs nothing");
            if let [_, PlayEvent::Blown { from, to, .. }] = events[..] {
                assert_eq!((from, to), (coord(dunes), coord(pos)));
                let d = Direction::ALL
                    .iter()
                    .position(|d| coord(step(dunes, *d)) == to);
                ways[d.expect("a blow goes to a neighbour")] += 1;
                blown += 1;
            } else {
                assert_eq!(events.len(), 1, "{events:?}");
                assert_eq!(pos, dunes);
            }
        }
    }
    let p = blown as f64 / n as f64;
    // n = 3000: sd = 0.0073; tolerance about 4 sd.
    assert!((p - 0.2).abs() < 0.03, "blown {p}");
    // About 100 blows each way (sd about 9): every way within 40.
    let each = blown as f64 / 6.0;
    assert!(
        ways.iter().all(|&w| (w as f64 - each).abs() < 40.0),
        "{ways:?}"
    );
}

#[test]
fn a_blow_toward_a_lake_leaves_the_player_on_the_dunes() {
    let rules = rules_with(|r| movement_of(r, "Deceased Dunes").wind_chance = 1.0);
    let mut t = Table::with(rules, 5);
    let dunes = step(HERE, North);
    t.place(dunes, "Deceased Dunes", &[])
        .place(HERE, "Meadow", &[]);
    t.fill(dunes, 1, "Lake").fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let (mut stopped, mut back) = (0, 0);
    for _ in 0..120 {
        let (events, pos, _) = try_from(&mut t, HERE, North);
        match events[..] {
            [
                PlayEvent::Moved { .. },
                PlayEvent::Blocked {
                    blown: true,
                    ap: 0,
                    at,
                    toward,
                    ..
                },
            ] => {
                assert_eq!((at, pos), (coord(dunes), dunes));
                assert_eq!(t.store(toward.to_hex()).unwrap().biome, t.biome("Lake"));
                stopped += 1;
            }
            [PlayEvent::Moved { .. }, PlayEvent::Blown { to, .. }] => {
                assert_eq!((to, pos), (coord(HERE), HERE));
                back += 1;
            }
            _ => panic!("{events:?}"),
        }
    }
    // Five of the six ways are Lake.
    assert!(stopped > 80 && back > 5, "{stopped} stopped, {back} back");
}

#[test]
fn dunes_blown_onto_blow_again_within_a_bound() {
    let mut full_chains = 0;
    for seed in 0..8 {
        let rules = rules_with(|r| movement_of(r, "Deceased Dunes").wind_chance = 1.0);
        let mut t = Table::with(rules, seed);
        t.place(HERE, "Meadow", &[])
            .fill(HERE, 18, "Deceased Dunes");
        t.join(1, 0, HERE);
        t.frame();
        let events = t.go(1, North);
        let blows = (events.iter())
            .filter(|e| matches!(e, PlayEvent::Blown { .. }))
            .count();
        // Every blow lands on Dunes and blows again, until the bound or back on the Meadow.
        assert!(blows == 16 || t.pos(1) == HERE, "{blows} blows: {events:?}");
        assert_eq!(events.len(), 1 + blows);
        assert_eq!(t.get::<Moves>(1).0, 1 + blows as u32);
        full_chains += usize::from(blows == 16);
    }
    assert!(full_chains > 0);
}

#[test]
fn draws_are_seeded_per_player_and_move() {
    let run = |seed: u64, other_acts: bool| {
        let mut t = dunes_table(Rules::aeternus(), seed);
        t.join(2, 1, HERE);
        t.frame();
        let mut mine = Vec::new();
        for _ in 0..60 {
            t.set(1, Position(HERE));
            t.set(1, ActionPoints(3));
            t.set(1, Turn::default());
            if other_acts {
                t.set(2, Position(HERE));
                t.set(2, ActionPoints(3));
                t.set(2, Turn::default());
                t.go(2, North);
                // Seat 1 ended its turn for seat 2's step: its turn again.
                t.set(1, Turn::default());
            }
            mine.push(t.go(1, North));
        }
        mine
    };
    assert_eq!(run(11, false), run(11, false));
    // Another player's moves do not change this player's draws.
    assert_eq!(run(11, false), run(11, true));
    assert_ne!(run(11, false), run(12, false));
}
