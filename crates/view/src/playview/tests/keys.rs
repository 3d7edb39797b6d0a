//! Keys and clicks into the current player's actions, and what they do to the game.

use bevy::prelude::*;
use hexx::Hex;

use super::*;

#[test]
fn one_player_per_faction_is_seated_at_the_origin() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    let mut q = app
        .world_mut()
        .query::<(&Player, &aeternus_core::play::Faction)>();
    let mut seated: Vec<_> = q.iter(app.world()).map(|(p, f)| (p.id.0, f.0)).collect();
    seated.sort();
    assert_eq!(seated, vec![(1, 0), (2, 1), (3, 2), (4, 3)]);
    assert_eq!(rules.play.factions.len(), 4);
    assert!((1..=4).all(|i| position(&mut app, i) == Hex::ZERO));
    // Without factions in the rules, two players still sit down; --players overrides.
    let mut bare = Rules::aeternus();
    bare.play.factions.clear();
    assert_eq!(aeternus_core::play::default_seats(&bare), 2);
    let mut two = table(Some(2));
    let mut q = two.world_mut().query::<&Player>();
    assert_eq!(q.iter(two.world()).count(), 2);
    assert_ne!(
        faction_colour(&bare, aeternus_core::play::Faction(0)),
        faction_colour(&bare, aeternus_core::play::Faction(1))
    );
}

#[test]
fn keys_act_for_whoever_has_the_turn() {
    let mut app = table(None);
    press(&mut app, KeyCode::KeyD);
    let mouth = Action::Traverse {
        player: p(1),
        direction: Direction::Mouth,
    };
    assert_eq!(sent(&mut app), vec![mouth]);
    press(&mut app, KeyCode::Space);
    assert_eq!(sent(&mut app), vec![Action::EndTurn { player: p(1) }]);
    assert_eq!(last_event(&app), PlayEvent::TurnEnded { player: p(1) });
    // Hot-seat: the same keys now move player 2.
    press(&mut app, KeyCode::KeyW);
    let north = Action::Traverse {
        player: p(2),
        direction: Direction::North,
    };
    assert_eq!(sent(&mut app), vec![north]);
    assert_ne!(position(&mut app, 2), Hex::ZERO, "{:?}", last_event(&app));
}

#[test]
fn a_click_on_a_neighbour_moves_there_and_elsewhere_explains() {
    let mut app = table(None);
    let ashe = Direction::Ashe.offset();
    click(&mut app, ashe);
    let step = Action::Traverse {
        player: p(1),
        direction: Direction::Ashe,
    };
    assert_eq!(sent(&mut app), vec![step]);
    let at = position(&mut app, 1);
    click(&mut app, at);
    click(&mut app, at + Hex::new(30, 0));
    assert_eq!(sent(&mut app), vec![]);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("not explored"), "{notice}");
}

#[test]
fn a_click_on_a_far_hex_walks_there_step_by_step() {
    use aeternus_core::play::{WalkPace, Walks};
    let mut app = table(None);
    app.world_mut().resource_mut::<WalkPace>().0 = std::time::Duration::ZERO;
    // A hex two steps away whose way crosses no chancy ground (no winds, no mire).
    let (target, path) = {
        let world = &app.world().resource::<HexWorld>();
        aeternus_core::play::routes::calm_target(world, &world.rules)
    };
    click(&mut app, target);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(position(&mut app, 1), target, "{:?}", last_event(&app));
    let steps: Vec<Action> = path
        .windows(2)
        .map(|w| Action::traverse_toward(p(1), w[0], w[1]).unwrap())
        .collect();
    assert_eq!(sent(&mut app), steps);
    assert!(
        app.world().resource::<Walks>().0.is_empty(),
        "the walk is over"
    );
}

#[test]
fn number_keys_build_here_or_on_the_hovered_neighbour() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    let next = buildable_neighbour(&app);
    assert_eq!(
        shared::build_target(Hex::ZERO, Some(Hex::new(2, 0)), 1),
        Hex::ZERO
    );
    hover(&mut app, Some(next));
    press(&mut app, KeyCode::Digit1);
    let flag = rules.feature("Flag").unwrap();
    let build = |hex| Action::Build {
        player: p(1),
        hex,
        feature: flag,
    };
    assert_eq!(sent(&mut app), vec![build(next)]);
    assert_eq!(
        aeternus_core::play::occupant_in(app.world(), next),
        Some(aeternus_core::play::Faction(0))
    );
    hover(&mut app, None);
    press(&mut app, KeyCode::Digit4);
    let boardwalk = rules.feature("Boardwalk").unwrap();
    assert_eq!(
        sent(&mut app),
        vec![Action::Build {
            player: p(1),
            hex: Hex::ZERO,
            feature: boardwalk
        }]
    );
    assert!(matches!(last_event(&app), PlayEvent::Built { .. }));
}

#[test]
fn t_picks_a_station_and_enter_travels_the_stagways() {
    let mut app = table(Some(2));
    press(&mut app, KeyCode::KeyT);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("No other stag station"), "{notice}");
    // Player 1 builds a station on the origin, player 2 one beside it.
    press(&mut app, KeyCode::Digit3);
    press(&mut app, KeyCode::Enter);
    let next = buildable_neighbour(&app);
    hover(&mut app, Some(next));
    press(&mut app, KeyCode::Digit3);
    press(&mut app, KeyCode::Enter);
    sent(&mut app);
    assert_eq!(*app.world().resource::<Phase>(), Phase(2));
    press(&mut app, KeyCode::KeyT);
    let pick = app
        .world()
        .resource::<travel::StationPick>()
        .0
        .clone()
        .unwrap();
    assert_eq!(pick.stations, vec![next]);
    assert_eq!(
        app.world().resource::<Sent>().1.last(),
        Some(&FocusOn(next))
    );
    press(&mut app, KeyCode::Enter);
    // Phase 2 starts with seat 2 (the turn order's first seat moves on each phase).
    assert_eq!(
        sent(&mut app),
        vec![Action::Travel {
            player: p(2),
            to: next
        }]
    );
    assert_eq!(position(&mut app, 2), next, "{:?}", last_event(&app));
    assert!(app.world().resource::<travel::StationPick>().0.is_none());
}

#[test]
fn tab_shows_the_players_in_turn() {
    let mut app = table(Some(3));
    press(&mut app, KeyCode::KeyS);
    press(&mut app, KeyCode::KeyS);
    let one = position(&mut app, 1);
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
    }
    let focus = &app.world().resource::<Sent>().1;
    assert_eq!(
        focus,
        &vec![FocusOn(Hex::ZERO), FocusOn(Hex::ZERO), FocusOn(one)]
    );
}

/// On a bot's turn the keys act for nobody: a person waits for the bot.
#[test]
fn keys_wait_while_a_bot_plays() {
    let mut app = table(Some(2));
    app.insert_resource(aeternus_core::play::BotPace {
        per_frame: 1,
        every: std::time::Duration::from_secs(3600),
    });
    let first = app.world().resource::<aeternus_core::play::PlayerIndex>()[&p(1)];
    app.world_mut()
        .entity_mut(first)
        .insert(aeternus_core::play::Bot::RANDOM);
    sent(&mut app);
    press(&mut app, KeyCode::KeyW);
    assert!(sent(&mut app).is_empty());
    // A person's turn again: the key moves.
    app.world_mut()
        .entity_mut(first)
        .remove::<aeternus_core::play::Bot>();
    press(&mut app, KeyCode::KeyW);
    assert_eq!(
        sent(&mut app),
        [Action::Traverse {
            player: p(1),
            direction: aeternus_core::hex::Direction::North
        }]
    );
}

/// F5 that cannot write says why in the HUD; the save already made stays whole and the game
/// goes on.
#[test]
fn a_failed_save_says_why_and_loses_nothing() {
    let dir = std::env::temp_dir().join(format!("aeternus-f5-fails-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.ron");
    let mut app = table(None);
    app.add_plugins(saving::plugin)
        .insert_resource(saving::SavePath(path.clone()));
    app.update();
    press(&mut app, KeyCode::F5);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.starts_with("Saved to"), "{notice}");
    let saved = std::fs::read(&path).unwrap();
    // A folder with a file in it where the backup goes: the next save cannot keep the backup,
    // so it stops before its rename.
    std::fs::create_dir_all(dir.join("game.ron.bak/kept")).unwrap();
    click(&mut app, Direction::Ashe.offset());
    sent(&mut app);
    press(&mut app, KeyCode::F5);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.starts_with("Not saved to"), "{notice}");
    assert!(notice.contains("game.ron"), "{notice}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        saved,
        "the last save is whole"
    );
    // The game goes on.
    let at = position(&mut app, 1);
    let next = Direction::ALL
        .into_iter()
        .find(|d| {
            let world = app.world().resource::<HexWorld>();
            let lake = world.rules.biome("Lake");
            world
                .get(at + d.offset())
                .is_some_and(|h| Some(h.biome) != lake)
        })
        .unwrap();
    click(&mut app, at + next.offset());
    assert_eq!(
        sent(&mut app),
        vec![Action::Traverse {
            player: p(1),
            direction: next,
        }]
    );
    std::fs::remove_dir_all(&dir).ok();
}
