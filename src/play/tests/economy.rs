//! Gathering: the rules' yields by biome and landmark, for its AP; nothing from a corrupted hex
//! or a hex that yields nothing; purses stop at their cap; the log entry saves.

use super::*;

fn gather(t: &mut Table, id: u32) -> Vec<PlayEvent> {
    t.act([Action::Gather {
        player: PlayerId(id),
    }])
}

fn held(t: &Table, id: u32, resource: &str) -> u32 {
    t.get::<Resources>(id).get(resource)
}

#[test]
fn gathering_yields_the_biome_and_the_landmark_for_its_ap() {
    let mut t = Table::new(1);
    t.place(HERE, "Forest", &[]).fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let wood = held(&t, 1, "wood");
    let events = gather(&mut t, 1);
    assert_eq!(
        events,
        [PlayEvent::Gathered {
            player: PlayerId(1),
            hex: coord(HERE),
            yields: [("wood".to_string(), 5)].into(),
        }]
    );
    assert_eq!(held(&t, 1, "wood"), wood + 5);
    assert_eq!(t.ap(1), 2, "one AP a gathering");
    // A Town adds its own yield to its biome's.
    let town = t.rules().landmark("Town").unwrap();
    let meadow = step(HERE, Direction::North);
    let map = &mut t.app.world_mut().resource_mut::<HexWorld>();
    map.set_state(meadow, town, FeatureSet::EMPTY);
    t.set(1, Position(meadow));
    let events = gather(&mut t, 1);
    let PlayEvent::Gathered { yields, .. } = &events[0] else {
        panic!("{events:?}")
    };
    let want: std::collections::BTreeMap<String, u32> =
        [("wood".into(), 1), ("thread".into(), 3), ("gold".into(), 1)].into();
    assert_eq!(yields, &want);
    t.assert_saves();
}

#[test]
fn nothing_is_gathered_from_water_or_corruption_and_nothing_is_paid() {
    let mut t = Table::new(2);
    t.place(HERE, "Lake", &["Boardwalk"])
        .place(step(HERE, Direction::North), "Forest", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    for at in [HERE, step(HERE, Direction::North)] {
        t.set(1, Position(at));
        let events = gather(&mut t, 1);
        assert!(
            matches!(
                &events[..],
                [PlayEvent::Refused {
                    refusal: Refusal::NothingToGather,
                    ..
                }]
            ),
            "{events:?}"
        );
        assert_eq!(t.ap(1), 3);
    }
    // With no AP left, the turn is over (and with it the phase, for the only player).
    t.set(1, ActionPoints(0));
    t.set(1, Position(step(HERE, Direction::South)));
    let events = gather(&mut t, 1);
    assert!(matches!(
        &events[..],
        [
            PlayEvent::Refused {
                refusal: Refusal::TurnOver,
                ..
            },
            PlayEvent::PhaseStarted { phase: 2 }
        ]
    ));
}

#[test]
fn a_purse_stops_at_its_cap() {
    let mut t = Table::new(3);
    t.place(HERE, "Forest", &[]).fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    t.set(1, Resources([("wood".into(), MAX_HELD - 2)].into()));
    gather(&mut t, 1);
    assert_eq!(held(&t, 1, "wood"), MAX_HELD);
    t.assert_saves();
}

#[test]
fn a_ruleset_without_gathering_yields_nothing_anywhere() {
    let rules = rules_with(|r| r.play.gather = crate::rules::Gathering::default());
    let mut t = Table::with(rules, 4);
    t.place(HERE, "Forest", &[]).fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let events = gather(&mut t, 1);
    assert!(matches!(
        &events[..],
        [PlayEvent::Refused {
            refusal: Refusal::NothingToGather,
            ..
        }]
    ));
}
