//! The stagways: station to station, not a move, and the end of the player's phase.

use super::*;
use Direction::*;

const FAR: Hex = Hex::new(-30, 12);

fn table() -> Table {
    let rules = rules_with(|r| {
        r.sight_radius = 0;
        movement_of(r, "Deceased Dunes").wind_chance = 1.0;
    });
    let mut t = Table::with(rules, 1);
    t.place(HERE, "Meadow", &["Stag Station"])
        .place(FAR, "Deceased Dunes", &["Stag Station"])
        .place(step(HERE, North), "Meadow", &[]);
    t.join(1, 0, HERE);
    t.join(2, 1, step(HERE, North));
    t.frame();
    t
}

fn travel(t: &mut Table, id: u32, to: Hex) -> Vec<PlayEvent> {
    t.act([Action::Travel {
        player: PlayerId(id),
        to,
    }])
}

#[test]
fn travel_is_not_a_move_and_ends_the_phase_for_the_traveller() {
    let mut t = table();
    let hexes = t.app.world().resource::<HexWorld>().len();
    let events = travel(&mut t, 1, FAR);
    assert_eq!(
        events,
        [PlayEvent::Travelled {
            player: PlayerId(1),
            from: coord(HERE),
            to: coord(FAR),
        }]
    );
    // No winds on the Dunes, no AP, no move counted, nothing generated (sight 0).
    assert_eq!((t.pos(1), t.ap(1), t.get::<Moves>(1).0), (FAR, 3, 0));
    assert_eq!(t.app.world().resource::<HexWorld>().len(), hexes);
    assert!(t.get::<Turn>(1).ended);
    let refusal = match &t.go(1, North)[..] {
        [PlayEvent::Refused { refusal, .. }] => refusal.clone(),
        e => panic!("{e:?}"),
    };
    assert_eq!(refusal, Refusal::TurnOver);
    // The next phase gives the traveller its actions back.
    t.act([Action::EndTurn {
        player: PlayerId(2),
    }]);
    assert_eq!(**t.app.world().resource::<Phase>(), 2);
    assert!(!t.get::<Turn>(1).ended);
    let events = travel(&mut t, 1, HERE);
    assert!(
        // Seat 2 ended its turn for seat 1 to act: the phase turns after the travel.
        matches!(
            events[..],
            [PlayEvent::Travelled { .. }, PlayEvent::PhaseStarted { .. }]
        ),
        "{events:?}"
    );
}

#[test]
fn travel_needs_a_station_at_both_ends() {
    let mut t = table();
    let refusal = |events: Vec<PlayEvent>| match &events[..] {
        [PlayEvent::Refused { refusal, .. }] => refusal.clone(),
        e => panic!("{e:?}"),
    };
    let meadow = step(HERE, North);
    assert_eq!(
        refusal(travel(&mut t, 1, meadow)),
        Refusal::NoStationThere(coord(meadow))
    );
    assert_eq!(refusal(travel(&mut t, 1, HERE)), Refusal::AlreadyThere);
    // Seat 2's turn once seat 1 ends its own.
    t.act([Action::EndTurn {
        player: PlayerId(1),
    }]);
    assert_eq!(refusal(travel(&mut t, 2, FAR)), Refusal::NoStationHere);
    assert_eq!((t.pos(1), t.pos(2)), (HERE, meadow));
}
