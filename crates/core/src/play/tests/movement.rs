//! Traverse: AP, generation of the target, the Perilous Pass, the Lake, and the Boardwalk that
//! cancels every movement effect of its hex.

use super::*;
use crate::world::Cause;
use crate::world::plugin::Generated;
use Direction::*;

#[test]
fn a_traverse_costs_one_ap_and_generates_the_target_first() {
    // Sight 0, no winds, no corruption: the target is indeterminate until the move asks for it.
    let mut t = Table::with(
        rules_with(|r| {
            r.sight_radius = 0;
            movement_of(r, "Deceased Dunes").wind_chance = 0.0;
            r.features[r.corruption.unwrap().0 as usize].chance = 0.0;
        }),
        3,
    );
    t.join(1, 0, Hex::ZERO);
    assert!(t.frame().is_empty());
    let north = step(Hex::ZERO, North);
    assert!(t.store(north).is_none());
    let events = t.go(1, North);
    assert_eq!(
        events,
        [PlayEvent::Moved {
            player: PlayerId(1),
            from: coord(Hex::ZERO),
            to: crate::hex::Coord::new(0, 0, 1),
            ap: 1,
        }]
    );
    assert_eq!((t.pos(1), t.ap(1), t.get::<Moves>(1).0), (north, 2, 1));
    let e = t.app.world().resource::<HexIndex>()[&north];
    let g = *t.app.world().get::<Generated>(e).unwrap();
    assert_eq!(g.cause, Cause::MoveTarget);
    t.assert_mirrored();
    t.assert_invariants();
}

#[test]
fn the_viewer_follows_and_generates_the_new_sight() {
    let mut t = Table::new(8);
    t.fill(HERE, 1, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let far = HERE + North.offset() * 3;
    assert!(t.store(far).is_none());
    t.go(1, North);
    assert!(t.store(far).is_some(), "sight 2 from one step North");
    let v = t.get::<crate::world::plugin::Viewer>(1);
    assert_eq!((v.hex, v.radius), (step(HERE, North), 2));
    t.assert_mirrored();
    t.assert_invariants();
}

#[test]
fn leaving_a_perilous_pass_costs_one_more() {
    let mut t = Table::new(1);
    t.place(HERE, "Perilous Pass", &[])
        .place(step(HERE, North), "Perilous Pass", &[])
        .fill(HERE, 2, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let events = t.go(1, North);
    assert!(matches!(events[..], [PlayEvent::Moved { ap: 2, .. }]));
    assert_eq!(t.ap(1), 1);
    // One AP is not enough to leave a Pass: refused, nothing changes.
    let events = t.go(1, South);
    let refusal = Refusal::NotEnoughAp { need: 2, have: 1 };
    assert!(matches!(&events[..], [PlayEvent::Refused { refusal: r, .. }] if *r == refusal));
    assert_eq!(
        (t.pos(1), t.ap(1), t.get::<Moves>(1).0),
        (step(HERE, North), 1, 1)
    );
}

#[test]
fn entering_a_perilous_pass_costs_one() {
    let mut t = Table::new(1);
    t.place(step(HERE, North), "Perilous Pass", &[])
        .fill(HERE, 2, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    assert!(matches!(
        t.go(1, North)[..],
        [PlayEvent::Moved { ap: 1, .. }]
    ));
}

#[test]
fn a_lake_blocks_and_by_default_costs_nothing() {
    for costs in [false, true] {
        let mut t = Table::with(rules_with(|r| r.play.blocked_move_costs_ap = costs), 2);
        t.place(step(HERE, Ashe), "Lake", &[])
            .fill(HERE, 2, "Meadow");
        t.join(1, 0, HERE);
        t.frame();
        let events = t.go(1, Ashe);
        let ap = u32::from(costs);
        assert_eq!(
            events,
            [PlayEvent::Blocked {
                player: PlayerId(1),
                at: coord(HERE),
                toward: coord(step(HERE, Ashe)),
                blown: false,
                ap,
            }]
        );
        assert_eq!((t.pos(1), t.ap(1)), (HERE, 3 - ap));
    }
}

/// The Boardwalk cancels each movement effect of its own hex.
#[test]
fn a_boardwalk_cancels_every_movement_effect_of_its_hex() {
    let rules = rules_with(|r| {
        movement_of(r, "Deceased Dunes").wind_chance = 1.0;
        movement_of(r, "Swamp").exit_other_mass_chance = 0.0;
    });
    let mut t = Table::with(rules, 4);
    // A row going North: Pass, Lake, Dunes, Swamp, Meadow; each but the Meadow has a Boardwalk.
    let row: Vec<Hex> = (0..5).map(|i| HERE + North.offset() * i).collect();
    for (h, b) in row
        .iter()
        .zip(["Perilous Pass", "Lake", "Deceased Dunes", "Swamp"])
    {
        t.place(*h, b, &["Boardwalk"]);
    }
    t.place(row[4], "Meadow", &[]).fill(HERE, 6, "Meadow");
    t.join(1, 0, HERE);
    t.set(1, ActionPoints(9));
    t.frame();
    for &next in &row[1..] {
        let events = t.go(1, North);
        assert!(
            matches!(events[..], [PlayEvent::Moved { ap: 1, .. }]),
            "onto {next:?}: {events:?}"
        );
        assert_eq!(t.pos(1), next);
    }
    assert_eq!(t.ap(1), 5);
    // Without the Boardwalks: the Pass costs 2, the Lake blocks, the Dunes blow, the Swamp holds.
    let mut t = Table::with(
        rules_with(|r| {
            movement_of(r, "Deceased Dunes").wind_chance = 1.0;
            movement_of(r, "Swamp").exit_other_mass_chance = 0.0;
        }),
        4,
    );
    t.place(HERE, "Perilous Pass", &[])
        .place(step(HERE, North), "Lake", &[])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    assert!(matches!(
        t.go(1, North)[..],
        [PlayEvent::Blocked { ap: 0, .. }]
    ));
    assert!(matches!(
        t.go(1, Mouth)[..],
        [PlayEvent::Moved { ap: 2, .. }]
    ));
}

/// A hex on the edge of the coordinate range (2^24 steps out), and a direction leading past it.
fn the_edge() -> (Hex, Direction) {
    let edge = Hex::new(crate::world::limits::MAX_COORD as i32, 0);
    assert!(crate::world::limits::in_range(edge));
    let out = (Direction::ALL.into_iter())
        .find(|d| !crate::world::limits::in_range(step(edge, *d)))
        .unwrap();
    (edge, out)
}

#[test]
fn a_move_past_the_coordinate_range_is_refused_and_its_target_stays_indeterminate() {
    let mut t = Table::with(rules_with(|r| r.sight_radius = 0), 5);
    let (edge, out) = the_edge();
    t.place(edge, "Meadow", &[]);
    t.join(1, 0, edge);
    assert!(t.frame().is_empty());
    let events = t.go(1, out);
    let refused = PlayEvent::Refused {
        player: PlayerId(1),
        action: Action::Traverse {
            player: PlayerId(1),
            direction: out,
        },
        refusal: Refusal::Beyond(crate::world::limits::Limit::Range),
    };
    assert_eq!(events, [refused]);
    assert_eq!((t.pos(1), t.ap(1)), (edge, 3), "no step taken, no AP spent");
    assert!(t.store(step(edge, out)).is_none());
    t.assert_mirrored();
    t.assert_invariants();
}

#[test]
fn hexes_in_view_past_the_range_stay_indeterminate_and_are_logged_once() {
    let mut t = Table::new(5);
    let (edge, _) = the_edge();
    t.place(edge, "Meadow", &[]);
    t.join(1, 0, edge);
    let events = t.frame();
    let unseen = PlayEvent::Unseen {
        limit: crate::world::limits::Limit::Range,
    };
    assert_eq!(events, [unseen], "one entry however many hexes");
    let view = crate::hex::view_order(edge, t.rules().sight_radius);
    let (inside, outside): (Vec<Hex>, Vec<Hex>) =
        view.partition(|h| crate::world::limits::in_range(*h));
    assert!(!outside.is_empty());
    assert!(inside.iter().all(|h| t.store(*h).is_some()));
    assert!(outside.iter().all(|h| t.store(*h).is_none()));
    t.assert_mirrored();
    t.assert_invariants();
}
