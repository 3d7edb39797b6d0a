//! Advances: bought once for a faction with the buyer's resources, refused with a reason when
//! unknown, held, needing another or unaffordable; what they add (AP a phase, sight, gathering,
//! the flags' income) takes effect, and what each faction holds is saved.

use super::economy::end_turns;
use super::*;
use crate::play::Advances;
use crate::rules::AdvanceId;
use crate::world::plugin::Viewer;

fn advance(t: &Table, name: &str) -> AdvanceId {
    t.rules().advance(name).unwrap()
}

fn buy(t: &mut Table, id: u32, name: &str) -> Vec<PlayEvent> {
    let advance = advance(t, name);
    t.act([Action::Advance {
        player: PlayerId(id),
        advance,
    }])
}

fn refusal(events: &[PlayEvent]) -> Refusal {
    match events {
        [PlayEvent::Refused { refusal, .. }] => refusal.clone(),
        _ => panic!("not one refusal: {events:?}"),
    }
}

/// A Meadow table of seed 1 with a Forest north of HERE, players 1 and 2 of faction 0 and 3 of
/// faction 1 on HERE, each holding plenty of every essence.
fn rich_table() -> Table {
    let mut t = Table::new(1);
    t.place(step(HERE, Direction::North), "Forest", &[]);
    t.fill(HERE, 4, "Meadow");
    for (id, f) in [(1, 0), (2, 0), (3, 1)] {
        t.join(id, f, HERE);
    }
    t.frame();
    let essences: Vec<String> = (t.rules().resources.iter())
        .filter(|r| r.ends_with("essence"))
        .cloned()
        .collect();
    for id in 1..=3 {
        let mut purse = t.get::<Resources>(id);
        essences.iter().for_each(|e| {
            purse.insert(e.clone(), 20);
        });
        t.set(id, purse);
    }
    t
}

#[test]
fn an_advance_is_paid_by_its_buyer_once_for_its_whole_faction() {
    let mut t = rich_table();
    let events = buy(&mut t, 1, "Wayfinding");
    let wayfinding = advance(&t, "Wayfinding");
    assert_eq!(
        events,
        [PlayEvent::Advanced {
            player: PlayerId(1),
            faction: Faction(0),
            advance: wayfinding,
        }]
    );
    assert_eq!(t.get::<Resources>(1).get("Gale essence"), 17, "3 paid");
    assert_eq!(
        t.get::<Resources>(2).get("Gale essence"),
        20,
        "not by its partner"
    );
    assert_eq!(t.ap(1), 3, "no AP");
    // The faction holds it: its other player cannot buy it again; another faction can.
    assert_eq!(
        refusal(&buy(&mut t, 2, "Wayfinding")),
        Refusal::AlreadyAdvanced(wayfinding)
    );
    assert!(matches!(
        buy(&mut t, 3, "Wayfinding")[..],
        [PlayEvent::Advanced { .. }]
    ));
    let held = t.app.world().resource::<Advances>();
    assert_eq!(held.of(Faction(0)), [wayfinding]);
    assert_eq!(held.of(Faction(1)), [wayfinding]);
}

#[test]
fn an_advance_is_refused_unknown_before_its_need_unaffordable_or_at_no_ap() {
    let mut t = rich_table();
    let wayfinding = advance(&t, "Wayfinding");
    // Seat 1 to act, its AP spent: free, but its turn is over.
    t.set(1, ActionPoints(0));
    assert_eq!(refusal(&buy(&mut t, 1, "Wayfinding")), Refusal::NoApLeft);
    t.set(1, ActionPoints(3));
    assert_eq!(
        refusal(&buy(&mut t, 1, "Long Stride")),
        Refusal::NeedsAdvance(wayfinding)
    );
    let unknown = AdvanceId(t.rules().play.advances.len() as u8);
    let events = t.act([Action::Advance {
        player: PlayerId(1),
        advance: unknown,
    }]);
    assert_eq!(refusal(&events), Refusal::UnknownAdvance(unknown));
    t.set(2, Resources::default());
    assert_eq!(
        refusal(&buy(&mut t, 2, "Wayfinding")),
        Refusal::CannotAfford {
            resource: "Gale essence".into(),
            need: 3,
            have: 0
        }
    );
    assert!(
        t.app.world().resource::<Advances>().0.is_empty(),
        "nothing bought"
    );
    t.assert_saves();
}

#[test]
fn advances_add_ap_sight_and_gathering() {
    let mut t = rich_table();
    let sight = t.rules().sight_radius;
    buy(&mut t, 1, "Wayfinding");
    t.frame();
    assert_eq!(t.get::<Viewer>(1).radius, sight + 1, "at once");
    assert_eq!(
        t.get::<Viewer>(2).radius,
        sight + 1,
        "for the whole faction"
    );
    assert_eq!(t.get::<Viewer>(3).radius, sight, "not for another");
    buy(&mut t, 1, "Long Stride");
    assert_eq!(t.ap(1), 3, "AP from the next phase");
    end_turns(&mut t, &[1, 2, 3]);
    assert_eq!((t.ap(1), t.ap(2), t.ap(3)), (4, 4, 3));
    // Deep Harvest: half again of a Forest's 5 wood, rounded down.
    t.set(1, Position(step(HERE, Direction::North)));
    buy(&mut t, 1, "Deep Harvest");
    let events = t.act([Action::Gather {
        player: PlayerId(1),
    }]);
    let gathered = (events.iter()).find_map(|e| match e {
        PlayEvent::Gathered { yields, .. } => Some(yields["wood"]),
        _ => None,
    });
    assert_eq!(gathered, Some(7));
}

#[test]
fn what_each_faction_holds_is_saved_and_loaded() {
    let mut t = rich_table();
    buy(&mut t, 1, "Wayfinding");
    buy(&mut t, 1, "Long Stride");
    buy(&mut t, 3, "Site Tithes");
    let save = crate::save::capture(t.app.world_mut());
    assert_eq!(save.version, crate::save::VERSION);
    let names = |f: u32| {
        (save.advances.iter())
            .find(|a| a.faction == f)
            .map(|a| a.bought.clone())
    };
    assert_eq!(names(0).unwrap(), ["Wayfinding", "Long Stride"]);
    assert_eq!(names(1).unwrap(), ["Site Tithes"]);
    let text = save.to_ron();
    let loaded = crate::save::SaveGame::from_ron(&text, "advances.ron").unwrap();
    assert_eq!(
        loaded.advances(t.rules()),
        *t.app.world().resource::<Advances>()
    );
    t.assert_saves();
}
