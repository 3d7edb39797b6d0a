//! Corruption spreading to the hex left, pylons warding and cleansing, flags lost.

use super::*;
use crate::world::plugin::Features;
use Direction::*;

#[test]
fn entering_a_corrupted_hex_corrupts_the_hex_left() {
    let mut t = Table::new(1);
    let town = t.rules().landmark("Town").unwrap();
    t.place(step(HERE, North), "Meadow", &["Corrupted"]);
    let built = t.features(&["Boardwalk", "Stag Station"]);
    t.place(HERE, "Forest", &[]).fill(HERE, 2, "Meadow");
    let mut world = t.app.world_mut().resource_mut::<HexWorld>();
    world.set_state(HERE, town, built);
    t.join(1, 0, HERE);
    t.frame();
    let events = t.go(1, North);
    assert_eq!(
        events[1..],
        [PlayEvent::Corrupted {
            hex: coord(HERE),
            player: PlayerId(1),
        }]
    );
    // Landmark Barren, every other feature gone; the entity shows it.
    let d = t.store(HERE).unwrap();
    assert_eq!(d.landmark, t.rules().landmark("Barren").unwrap());
    assert_eq!(d.features, t.features(&["Corrupted"]));
    t.assert_mirrored();
    t.assert_invariants();
    // Leaving a corrupted hex for a clean one spreads nothing.
    t.go(1, North);
    assert!(!t.is_corrupted(step(step(HERE, North), North)));
}

#[test]
fn a_blow_onto_corruption_corrupts_the_dunes() {
    let rules = rules_with(|r| movement_of(r, "Deceased Dunes").wind_chance = 1.0);
    let mut t = Table::with(rules, 2);
    let dunes = step(HERE, North);
    t.place(dunes, "Deceased Dunes", &[])
        .place(HERE, "Meadow", &[]);
    for d in Direction::ALL.into_iter().filter(|d| *d != South) {
        t.place(step(dunes, d), "Forest", &["Corrupted"]);
    }
    t.fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    // Retry until the winds pick a corrupted hex (5 ways in 6).
    for _ in 0..20 {
        let events = t.go(1, North);
        if let [
            _,
            PlayEvent::Blown { to, .. },
            PlayEvent::Corrupted { hex, .. },
        ] = events[..]
        {
            assert_eq!((hex, to), (coord(dunes), coord(t.pos(1))));
            assert!(t.is_corrupted(dunes) && !t.is_corrupted(HERE));
            return;
        }
        t.set(1, Position(HERE));
        t.set(1, ActionPoints(3));
    }
    panic!("never blown onto corruption");
}

#[test]
fn a_pylon_wards_its_hex_and_the_six_around_it() {
    let mut t = Table::new(3);
    let (pylon, cursed) = (step(HERE, South), step(HERE, North));
    t.place(pylon, "Meadow", &["Pylon of Purity"])
        .place(cursed, "Meadow", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    assert!(t.is_corrupted(cursed), "two steps from the pylon");
    let events = t.go(1, North);
    assert_eq!(events[1..], [PlayEvent::Warded { hex: coord(HERE) }]);
    assert!(!t.is_corrupted(HERE));
    // Two steps from the pylon there is no ward.
    let beside = step(cursed, Mouth);
    assert_eq!(crate::hex::distance(beside, pylon), 2);
    t.set(1, Position(beside));
    t.set(1, ActionPoints(3));
    let events = t.go(1, Weast);
    assert_eq!(t.pos(1), cursed);
    assert_eq!(
        events[1..],
        [PlayEvent::Corrupted {
            hex: coord(beside),
            player: PlayerId(1)
        }]
    );
}

#[test]
fn a_pylon_built_beside_corruption_cleanses_it() {
    let mut t = Table::new(4);
    let (near, far) = (step(HERE, Ashe), HERE + Ashe.offset() * 2);
    t.place(near, "Forest", &["Corrupted"])
        .place(far, "Forest", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let pylon = t.feature("Pylon of Purity");
    let player = PlayerId(1);
    let events = t.act([Action::Build {
        player,
        hex: HERE,
        feature: pylon,
    }]);
    assert_eq!(events[1..], [PlayEvent::Cleansed { hex: coord(near) }]);
    assert!(!t.is_corrupted(near) && t.is_corrupted(far));
    assert_eq!(
        t.store(near).unwrap().landmark,
        t.rules().landmark("Barren").unwrap()
    );
    t.assert_mirrored();
    t.assert_invariants();
}

#[test]
fn a_hex_generated_corrupted_beside_a_pylon_is_cleansed() {
    let mut t = Table::new(5);
    t.place(HERE, "Meadow", &["Pylon of Purity"])
        .place(step(HERE, South), "Swamp", &["Corrupted"]);
    t.frame();
    assert!(!t.is_corrupted(step(HERE, South)));
    let e = t.app.world().resource::<HexIndex>()[&step(HERE, South)];
    assert!(t.app.world().get::<Features>(e).unwrap().0.is_empty());
}

#[test]
fn corruption_takes_the_flag_and_the_occupation() {
    let mut t = Table::new(6);
    t.place(step(HERE, North), "Meadow", &["Corrupted"])
        .fill(HERE, 2, "Meadow");
    t.join(1, 2, HERE);
    t.frame();
    t.build(1, HERE, "Flag");
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(2)));
    let events = t.go(1, North);
    assert_eq!(
        events[2..],
        [PlayEvent::Razed {
            player: PlayerId(1),
            hex: coord(HERE),
            faction: Faction(2),
        }]
    );
    assert_eq!(occupant_in(t.app.world(), HERE), None);
    let e = t.app.world().resource::<HexIndex>()[&HERE];
    assert!(t.app.world().get::<Occupied>(e).is_none());
}
