//! Construction: where, at what cost, and flags.

use super::*;
use crate::world::plugin::Features;
use Direction::*;

fn refused(events: &[PlayEvent]) -> Refusal {
    match events {
        [PlayEvent::Refused { refusal, .. }] => refusal.clone(),
        _ => panic!("not refused: {events:?}"),
    }
}

fn table(seed: u64) -> Table {
    let mut t = Table::new(seed);
    t.place(step(HERE, North), "Lake", &[])
        .place(step(HERE, South), "Forest", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, step(HERE, Mouth));
    t.frame();
    t
}

#[test]
fn a_flag_is_paid_for_and_occupies_the_hex_for_the_builders_faction() {
    let mut t = table(1);
    let events = t.build(2, HERE, "Flag");
    let (hex, flag) = (coord(HERE), t.feature("Flag"));
    assert_eq!(
        events,
        [
            PlayEvent::Built {
                player: PlayerId(2),
                hex,
                feature: flag
            },
            PlayEvent::Occupied {
                hex,
                faction: Faction(1)
            },
        ]
    );
    let purse = t.get::<Resources>(2);
    assert_eq!((purse.get("wood"), purse.get("thread")), (40, 0));
    assert_eq!(t.ap(2), 3, "building costs no AP by default");
    assert!(t.store(HERE).unwrap().features.contains(flag));
    let e = t.app.world().resource::<HexIndex>()[&HERE];
    assert_eq!(
        t.app.world().get::<Occupied>(e),
        Some(&Occupied(Faction(1)))
    );
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(1)));
    t.assert_mirrored();
    t.assert_invariants();
    // One flag a hex: the other faction cannot add its own, and the owner stays (next phase,
    // when seat 1 may act again).
    super::economy::end_turns(&mut t, &[2]);
    t.set(
        1,
        Resources([("wood".into(), 99), ("thread".into(), 9)].into()),
    );
    assert_eq!(refused(&t.build(1, HERE, "Flag")), Refusal::FlagTaken);
    assert_eq!(occupant_in(t.app.world(), HERE), Some(Faction(1)));
    // Other features may join the flag.
    assert!(matches!(
        t.build(1, HERE, "Boardwalk")[..],
        [PlayEvent::Built { .. }]
    ));
    assert_eq!(
        refused(&t.build(1, HERE, "Boardwalk")),
        Refusal::AlreadyBuilt(t.feature("Boardwalk"))
    );
}

#[test]
fn building_reaches_the_players_hex_and_its_neighbours_only() {
    let mut t = table(2);
    let two_away = HERE + Mouth.offset() * 2;
    let refusal = refused(&t.build(1, two_away, "Boardwalk"));
    assert_eq!(
        refusal,
        Refusal::OutOfRange {
            distance: 2,
            range: 1
        }
    );
    assert!(matches!(
        t.build(1, step(HERE, Ashe), "Boardwalk")[..],
        [PlayEvent::Built { .. }]
    ));
}

#[test]
fn a_lake_takes_a_boardwalk_and_nothing_else() {
    let mut t = table(3);
    let lake = step(HERE, North);
    let refusal = refused(&t.build(1, lake, "Flag"));
    assert_eq!(refusal, Refusal::BiomeForbids(t.biome("Lake")));
    assert!(matches!(
        t.build(1, lake, "Boardwalk")[..],
        [PlayEvent::Built { .. }]
    ));
    // And now the Lake can be walked onto.
    assert!(matches!(t.go(1, North)[..], [PlayEvent::Moved { .. }]));
}

#[test]
fn nothing_is_built_on_a_corrupted_hex() {
    let mut t = table(4);
    let refusal = refused(&t.build(1, step(HERE, South), "Boardwalk"));
    assert_eq!(refusal, Refusal::CorruptedHex);
    assert_eq!(t.get::<Resources>(1).get("wood"), 45);
}

#[test]
fn the_cost_is_checked_before_anything_is_paid() {
    let mut t = table(5);
    t.set(
        1,
        Resources([("wood".into(), 30), ("steel".into(), 5)].into()),
    );
    let refusal = refused(&t.build(1, HERE, "Pylon of Purity"));
    let gold = Refusal::CannotAfford {
        resource: "gold".into(),
        need: 2,
        have: 0,
    };
    assert_eq!(refusal, gold);
    assert_eq!(t.get::<Resources>(1).get("wood"), 30);
    assert!(t.store(HERE).unwrap().features.is_empty());
    let e = t.app.world().resource::<HexIndex>()[&HERE];
    assert!(t.app.world().get::<Features>(e).unwrap().0.is_empty());
}

#[test]
fn corruption_cannot_be_built_and_unseen_hexes_cannot_be_built_on() {
    let mut t = Table::with(rules_with(|r| r.sight_radius = 0), 6);
    t.join(1, 0, Hex::ZERO);
    t.frame();
    let corrupted = t.feature("Corrupted");
    assert_eq!(
        refused(&t.build(1, Hex::ZERO, "Corrupted")),
        Refusal::NotConstructible(corrupted)
    );
    let north = step(Hex::ZERO, North);
    assert_eq!(
        refused(&t.build(1, north, "Flag")),
        Refusal::Indeterminate(coord(north))
    );
}

#[test]
fn a_ruleset_may_charge_ap_for_building() {
    let mut t = Table::with(rules_with(|r| r.play.build_ap = 2), 7);
    t.fill(HERE, 2, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    t.build(1, HERE, "Boardwalk");
    assert_eq!(t.ap(1), 1);
    let refusal = refused(&t.build(1, HERE, "Flag"));
    assert_eq!(refusal, Refusal::NotEnoughAp { need: 2, have: 1 });
}

#[test]
fn where_the_rules_allow_building_on_corruption_the_game_saves() {
    let rules = rules_with(|r| r.construction.forbidden_on_corrupted = false);
    let mut t = Table::with(rules, 1);
    t.place(step(HERE, South), "Forest", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let corrupted = step(HERE, South);
    let events = t.build(1, corrupted, "Flag");
    assert!(matches!(
        events[..],
        [PlayEvent::Built { .. }, PlayEvent::Occupied { .. }]
    ));
    assert_eq!(
        t.store(corrupted).unwrap().features,
        t.features(&["Corrupted", "Flag"])
    );
    t.assert_invariants();
    t.assert_saves();
    // Under the default rules, a flag on a corrupted hex is a broken save.
    let mut t = Table::new(1);
    t.place(step(HERE, South), "Forest", &["Corrupted", "Flag"])
        .fill(HERE, 3, "Meadow");
    t.frame();
    let e = t.invariants().unwrap_err();
    assert!(
        e.message.contains("corrupted and has other features"),
        "{e}"
    );
}
