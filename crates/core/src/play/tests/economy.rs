//! Gathering: the rules' yields by biome and landmark, for its AP; nothing from a corrupted hex
//! or a hex that yields nothing; purses stop at their cap; the log entry saves.

use super::*;
use crate::world::plugin::Viewer;

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
    let world = &mut t.app.world_mut().resource_mut::<HexWorld>();
    world.set_state(meadow, town, FeatureSet::EMPTY);
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

/// A table whose Meadow at `HERE` holds the one site "Mint" (paying 3 gold a
/// phase, 2 wood to a gathering, 2 more sight); a corrupted Meadow lies north.
pub(super) fn mint_table() -> Table {
    let sites = crate::sites::SiteRules::from_str(
        r#"Sites(name: "mint", base_frequency: 0, era: Middle,
            aeternus: (
                biomes: {"Meadow": (flags: ["plains"]), "Deceased Dunes": (flags: ["waste"]),
                    "Forest": (flags: ["forest"]), "Perilous Pass": (flags: ["mountains"]),
                    "Swamp": (flags: ["swamp"]), "Lake": (flags: ["sea"])},
                landmarks: {"Barren": (), "Town": (flags: ["farm"])},
            ),
            sites: [(name: "Mint", rarity: 0, loc: ["plains"],
                yields: {"gold": 3}, gather: {"wood": 2}, sight: 2)])"#,
        "mint.ron",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut t = Table::new(6);
    let mut layer = crate::sites::SiteLayer::new(sites, t.rules()).unwrap();
    layer.place(HERE, 0);
    t.app
        .insert_resource(layer)
        .add_plugins(crate::sites::plugin::plugin);
    t.place(HERE, "Meadow", &[])
        .place(step(HERE, Direction::North), "Meadow", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t
}

/// Ends the turns of `ids`, each when the turn order comes to it; stops at a seat not listed.
pub(super) fn end_turns(t: &mut Table, ids: &[u32]) -> Vec<PlayEvent> {
    let mut events = Vec::new();
    for _ in 0..ids.len() {
        let Some(p) = t.seat_to_act().filter(|p| ids.contains(&p.0)) else {
            break;
        };
        events.extend(t.act_as_sent([Action::EndTurn { player: p }]));
    }
    events
}

fn paid(events: &[PlayEvent]) -> Vec<(u32, u32)> {
    (events.iter())
        .filter_map(|e| match e {
            PlayEvent::Paid { player, yields } => Some((player.0, yields["gold"])),
            _ => None,
        })
        .collect()
}

#[test]
fn a_flag_on_a_site_pays_its_faction_each_phase_until_corruption_takes_it() {
    let mut t = mint_table();
    t.join(1, 0, HERE);
    t.join(2, 0, HERE);
    t.join(3, 1, HERE);
    t.frame();
    let layer = t.app.world().resource::<crate::sites::SiteLayer>();
    assert_eq!(layer.names_at(HERE).collect::<Vec<_>>(), ["Mint"]);
    let flag = t.feature("Flag");
    t.act([Action::Build {
        player: PlayerId(1),
        hex: HERE,
        feature: flag,
    }]);
    let gold = [1, 2, 3].map(|id| held(&t, id, "gold"));
    let events = end_turns(&mut t, &[1, 2, 3]);
    // 3 gold shared by faction 0's two players: 2 to the lower id, 1 to the other.
    assert_eq!(paid(&events), [(1, 2), (2, 1)]);
    assert_eq!(
        [1, 2, 3].map(|id| held(&t, id, "gold")),
        [gold[0] + 2, gold[1] + 1, gold[2]]
    );
    let events = end_turns(&mut t, &[1, 2, 3]);
    assert_eq!(paid(&events), [(1, 2), (2, 1)], "every phase");
    // Player 3 leaves for the corrupted hex: HERE is corrupted, the flag and its income go.
    let events = t.go(3, Direction::North);
    assert!(
        events.contains(&PlayEvent::Razed {
            player: PlayerId(3),
            hex: coord(HERE),
            faction: Faction(0),
        }),
        "{events:?}"
    );
    let events = end_turns(&mut t, &[1, 2, 3]);
    assert!(events.contains(&PlayEvent::PhaseStarted { phase: 4 }));
    assert_eq!(paid(&events), []);
    t.assert_saves();
}

#[test]
fn a_site_adds_to_a_gathering_and_to_the_sight_of_who_stands_on_it() {
    let mut t = mint_table();
    t.join(1, 0, HERE);
    t.frame();
    let events = gather(&mut t, 1);
    let PlayEvent::Gathered { yields, .. } = &events[0] else {
        panic!("{events:?}")
    };
    let want: std::collections::BTreeMap<String, u32> =
        [("wood".into(), 3), ("thread".into(), 1)].into();
    assert_eq!(
        yields, &want,
        "a Meadow's wood and thread, and the Mint's 2 wood"
    );
    let sight = t.rules().sight_radius;
    assert_eq!(t.get::<Viewer>(1).radius, sight + 2);
    t.go(1, Direction::South);
    assert_eq!(
        t.get::<Viewer>(1).radius,
        sight,
        "off the site, the rules' sight"
    );
}
