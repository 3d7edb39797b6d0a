//! The rules' own contest between players: a raze (a step onto corruption corrupts the hex left,
//! a rival's flag with it), a pylon's ring that stops one, a reclaim once a pylon cleansed the
//! hex, the preview of a step's spread, and the razed hexes kept in saves.

use super::*;
use crate::play::{RazedHexes, StepSpread, step_spread};
use Direction::*;

/// Plenty of every resource, so builds are never short.
fn rich(t: &mut Table, id: u32) {
    let purse = (t.rules().resources.iter())
        .map(|r| (r.clone(), 500))
        .collect();
    t.set(id, Resources(purse));
}

/// A flag of faction 0 on the origin, player 2 (faction 1) standing on it, corruption North.
fn rival_on_a_flag(seed: u64) -> Table {
    let mut t = Table::new(seed);
    t.place(step(HERE, North), "Meadow", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    t.build(1, HERE, "Flag");
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(0)));
    t
}

#[test]
fn a_rivals_step_onto_corruption_razes_the_flag_and_a_pylon_lets_it_be_reclaimed() {
    let mut t = rival_on_a_flag(3);
    let world = t.app.world().resource::<HexWorld>();
    assert_eq!(
        step_spread(world, HERE, step(HERE, North)),
        Some(StepSpread::Corrupts)
    );
    let events = t.go(2, North);
    let razed = PlayEvent::Razed {
        player: PlayerId(2),
        hex: coord(HERE),
        faction: Faction(0),
    };
    assert!(events.contains(&razed), "{events:?}");
    assert_eq!(occupant_in(t.app.world(), HERE), None);
    assert!(t.is_corrupted(HERE));
    assert!(t.app.world().resource::<RazedHexes>().0.contains(&HERE));
    t.assert_saves();
    // A pylon beside both cleanses the razed hex; a flag there again is a reclaim.
    rich(&mut t, 2);
    let (pylon, flag) = (t.feature("Pylon of Purity"), t.feature("Flag"));
    let events = t.act([Action::Build {
        player: PlayerId(2),
        hex: step(HERE, Ashe),
        feature: pylon,
    }]);
    assert!(!t.is_corrupted(HERE), "{events:?}");
    let events = t.act([Action::Build {
        player: PlayerId(2),
        hex: HERE,
        feature: flag,
    }]);
    let reclaimed = PlayEvent::Reclaimed {
        hex: coord(HERE),
        faction: Faction(1),
    };
    assert!(events.contains(&reclaimed), "{events:?}");
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(1)));
    assert!(t.app.world().resource::<RazedHexes>().0.is_empty());
    t.assert_invariants();
}

#[test]
fn a_pylons_ring_stops_a_raze() {
    let mut t = rival_on_a_flag(4);
    rich(&mut t, 1);
    let pylon = t.feature("Pylon of Purity");
    // South of the flag: its ring covers the flag's hex, not the corruption North of it.
    t.act([Action::Build {
        player: PlayerId(1),
        hex: step(HERE, South),
        feature: pylon,
    }]);
    let world = t.app.world().resource::<HexWorld>();
    assert_eq!(
        step_spread(world, HERE, step(HERE, North)),
        Some(StepSpread::Warded)
    );
    let events = t.go(2, North);
    assert!(
        events.contains(&PlayEvent::Warded { hex: coord(HERE) }),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, PlayEvent::Razed { .. })));
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(0)));
}

#[test]
fn razed_hexes_are_saved_and_loaded() {
    let mut t = rival_on_a_flag(5);
    t.go(2, North);
    let text = crate::save::capture(t.app.world_mut()).to_ron();
    let save = crate::save::SaveGame::from_ron(&text, "razed.ron").unwrap();
    assert_eq!(save.razed, [coord(HERE)]);
    let world = save.world(t.rules(), "razed.ron").unwrap();
    save.restore(t.app.world_mut(), world);
    assert!(t.app.world().resource::<RazedHexes>().0.contains(&HERE));
    // A save naming a razed hex twice is refused, naming the field.
    let mut bad = crate::save::capture(t.app.world_mut());
    bad.razed.push(coord(HERE));
    let Err(err) = bad.world(t.rules(), "bad.ron") else {
        panic!("a razed hex with a flag loads");
    };
    let err = err.to_string();
    assert!(
        err.contains("razed[1]") && err.contains("listed twice"),
        "{err}"
    );
}

/// Building costs no AP, but a turn ends at 0 AP: a player who walked its AP away is refused a
/// build with that reason, and the build check (the hover's) says the same before it is tried.
#[test]
fn no_build_at_0_ap_though_building_is_free() {
    let mut t = Table::new(8);
    t.fill(HERE, 4, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, step(HERE, South));
    t.frame();
    rich(&mut t, 1);
    assert_eq!(t.rules().play.build_ap, 0);
    while t.ap(1) > 0 {
        t.go(1, North);
    }
    let flag = t.feature("Flag");
    let world = t.app.world().resource::<HexWorld>();
    let purse = t.get::<Resources>(1);
    let at = t.pos(1);
    let checked = crate::play::build_check(world, at, 0, &purse, at, flag).map(|_| ());
    assert_eq!(checked, Err(Refusal::NoApLeft));
    let events = t.act([Action::Build {
        player: PlayerId(1),
        hex: at,
        feature: flag,
    }]);
    assert!(
        events.iter().any(|e| matches!(
            e,
            PlayEvent::Refused {
                refusal: Refusal::NoApLeft,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(occupant_in(t.app.world(), at), None);
}
