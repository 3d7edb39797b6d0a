//! Sites are found, not given: a faction knows a hidden site only once one of its players
//! stands on its hex or finds it by a search; until then the site pays its flag nothing, scores
//! nothing and is hidden from its bots; what each faction knows is saved.

use super::economy::end_turns;
use super::*;
use crate::sites::{Knowledge, SiteLayer, SiteRules};

/// A table of seed 6 with a Mint of `find` on the Meadow east of HERE (Mouth), the player's
/// hex HERE a Meadow too.
fn hidden_mint(find: u8) -> (Table, Hex) {
    let sites = SiteRules::from_str(
        &format!(
            r#"Sites(name: "mint", base_frequency: 0, era: Middle,
            aeternus: (
                biomes: {{"Meadow": (flags: ["plains"]), "Deceased Dunes": (flags: ["waste"]),
                    "Forest": (flags: ["forest"]), "Perilous Pass": (flags: ["mountains"]),
                    "Swamp": (flags: ["swamp"]), "Lake": (flags: ["sea"])}},
                landmarks: {{"Barren": (), "Town": (flags: ["farm"])}},
            ),
            sites: [(name: "Mint", rarity: 0, find: {find}, loc: ["plains"], yields: {{"gold": 3}})])"#
        ),
        "mint.ron",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut t = Table::new(6);
    let beside = step(HERE, Direction::Mouth);
    let mut layer = SiteLayer::new(sites, t.rules()).unwrap();
    layer.place(beside, 0);
    t.app
        .insert_resource(layer)
        .add_plugins(crate::sites::plugin::plugin);
    t.fill(HERE, 3, "Meadow");
    (t, beside)
}

/// The sites faction `f` knows on `hex`, by name.
fn known(t: &Table, f: u32, hex: Hex) -> Vec<String> {
    let layer = t.app.world().resource::<SiteLayer>();
    let knowledge = t.app.world().resource::<Knowledge>();
    let known = layer.known_by(knowledge, f);
    known.names_at(hex).map(str::to_string).collect()
}

fn gold_paid(events: &[PlayEvent]) -> u32 {
    (events.iter())
        .filter_map(|e| match e {
            PlayEvent::Paid { yields, .. } => yields.get("gold").copied(),
            _ => None,
        })
        .sum()
}

#[test]
fn a_hidden_site_is_unknown_until_stood_on_and_pays_nothing_before() {
    let (mut t, beside) = hidden_mint(60);
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    assert!(known(&t, 0, beside).is_empty(), "seen, not found");
    let flag = t.feature("Flag");
    let player = PlayerId(1);
    t.act([Action::Build {
        player,
        hex: beside,
        feature: flag,
    }]);
    let events = end_turns(&mut t, &[1, 2]);
    assert_eq!(
        gold_paid(&events),
        0,
        "a flag on a site its faction does not know"
    );
    let ledger = t.app.world().resource::<crate::play::Ledger>();
    assert!(ledger.0.iter().all(|l| l.income.is_empty()), "{ledger:?}");
    // The flag scores the flag alone: no site.
    let standings = t.app.world().resource::<crate::play::Standings>();
    let ours = standings
        .0
        .iter()
        .find(|s| s.faction == Faction(0))
        .unwrap();
    let goal = &t.rules().play.goal;
    assert_eq!(ours.points, goal.flag as u64);
    t.assert_saves();
    // Standing on it finds it: the next phase pays 3 gold.
    t.go(1, Direction::Mouth);
    assert_eq!(known(&t, 0, beside), ["Mint"]);
    assert!(
        known(&t, 1, beside).is_empty(),
        "the other faction knows nothing"
    );
    let events = end_turns(&mut t, &[1, 2]);
    assert_eq!(gold_paid(&events), 3);
    t.assert_saves();
}

#[test]
fn a_site_of_find_zero_is_known_on_sight() {
    let (mut t, beside) = hidden_mint(0);
    t.join(1, 0, HERE);
    t.frame();
    assert_eq!(known(&t, 0, beside), ["Mint"]);
    assert!(known(&t, 1, beside).is_empty());
}

#[test]
fn a_search_finds_a_hidden_site_around_the_player_for_its_ap() {
    let (mut t, beside) = hidden_mint(50);
    t.join(1, 0, HERE);
    t.frame();
    let player = PlayerId(1);
    let mut found = None;
    for _ in 0..20 {
        let ap = t.ap(1);
        let events = t.act([Action::Search { player }]);
        assert_eq!(t.ap(1), ap - t.rules().play.search_ap);
        let searched = events.iter().find_map(|e| match e {
            PlayEvent::Searched { found, hex, .. } => Some((found.clone(), *hex)),
            _ => None,
        });
        let (names, hex) = searched.unwrap_or_else(|| panic!("{events:?}"));
        assert_eq!(hex, coord(HERE));
        if !names.is_empty() {
            found = Some(names);
            break;
        }
        end_turns(&mut t, &[1]);
    }
    assert_eq!(found.as_deref(), Some(&["Mint".to_string()][..]));
    assert_eq!(known(&t, 0, beside), ["Mint"]);
    // Saved and loaded, the faction still knows it.
    let save = crate::save::capture(t.app.world_mut());
    assert_eq!(save.version, crate::save::VERSION);
    let ours = save.knowledge.iter().find(|k| k.faction == 0).unwrap();
    assert!(ours.searches >= 1);
    let loaded = crate::save::SaveGame::from_ron(&save.to_ron(), "t.ron").unwrap();
    let knowledge = loaded.knowledge();
    let k = knowledge.of(0).unwrap();
    assert!(k.depth(beside).is_some_and(|d| d >= 50));
    assert_eq!(knowledge.of(0), t.app.world().resource::<Knowledge>().of(0));
}

/// A search costs its AP: with less left it is refused with the AP it needs, and finds nothing.
#[test]
fn a_search_without_its_ap_is_refused() {
    let rules = rules_with(|r| r.play.search_ap = 3);
    let (mut t, beside) = hidden_mint(50);
    t.app.world_mut().resource_mut::<HexWorld>().rules = rules;
    t.join(1, 0, HERE);
    t.frame();
    t.set(1, ActionPoints(2));
    let events = t.act([Action::Search {
        player: PlayerId(1),
    }]);
    assert!(
        matches!(
            events[..],
            [PlayEvent::Refused {
                refusal: Refusal::NotEnoughAp { need: 3, have: 2 },
                ..
            }]
        ),
        "{events:?}"
    );
    assert_eq!(t.ap(1), 2);
    assert!(known(&t, 0, beside).is_empty());
}

#[test]
fn a_site_of_find_100_is_never_found_by_a_search() {
    let (mut t, beside) = hidden_mint(100);
    t.join(1, 0, HERE);
    t.frame();
    for _ in 0..10 {
        t.act([Action::Search {
            player: PlayerId(1),
        }]);
        end_turns(&mut t, &[1]);
    }
    assert!(known(&t, 0, beside).is_empty());
}

#[test]
fn an_older_save_knows_the_sites_under_its_flags_and_players() {
    let (mut t, beside) = hidden_mint(100);
    t.join(1, 0, HERE);
    t.frame();
    let flag = t.feature("Flag");
    t.act([Action::Build {
        player: PlayerId(1),
        hex: beside,
        feature: flag,
    }]);
    let mut save = crate::save::capture(t.app.world_mut());
    save.version = 2;
    save.knowledge.clear();
    let knowledge = save.knowledge();
    let k = knowledge.of(0).unwrap();
    assert_eq!(k.depth(beside), Some(crate::sites::STOOD_ON), "its flag");
    assert_eq!(k.depth(HERE), Some(crate::sites::STOOD_ON), "its player");
}
