//! The screens without a window: keys pressed as the keyboard sends them, the states they lead
//! to, and the game they start.

use bevy::input::ButtonState;
use bevy::prelude::*;
use hexx::Hex;

use super::script::parse;
use super::{Launch, Menu, Screen, ScreensPlugin};
use aeternus_core::play::{Bot, GameOver, Player, Position, SeatKind};
use aeternus_core::rules::Rules;
use aeternus_core::world::HexWorld;

fn app(first: Screen, seed: u64) -> App {
    app_of(first, launch(seed))
}

/// What a window started with no options but `--seed` knows.
fn launch(seed: u64) -> Launch {
    Launch {
        rules: "aeternus".into(),
        mods: Vec::new(),
        bot: Bot::RANDOM,
        table: None,
        save: None,
        seed,
    }
}

fn app_of(first: Screen, launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.add_plugins(bevy::input::InputPlugin);
    // Built on another seed than the one the title offers: the game chosen replaces it.
    app.add_plugins(aeternus_core::CorePlugin {
        rules: Rules::aeternus(),
        seed: 1,
    });
    app.add_plugins(crate::playview::input_plugin)
        .add_plugins(ScreensPlugin { first, launch });
    app.update();
    app.update();
    app
}

/// Presses and lets go of each key, as the keyboard would, a few frames each.
fn press(app: &mut App, keys: &str) {
    for p in parse(keys).unwrap() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut()
                .write_message(p.input(state, Entity::PLACEHOLDER));
            app.update();
        }
        app.update();
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// A fresh world of `seed` with the players' sight around the origin generated.
fn sight_world(rules: &Rules, seed: u64) -> HexWorld {
    let mut fresh = HexWorld::new(rules.clone(), seed);
    for hex in aeternus_core::hex::view_order(Hex::ZERO, rules.sight_radius) {
        if !fresh.is_generated(hex) {
            fresh
                .generate(hex, aeternus_core::world::Cause::View)
                .unwrap();
        }
    }
    fresh
}

fn menu(app: &App) -> Menu {
    *app.world().resource::<State<Menu>>().get()
}

fn players(app: &mut App) -> Vec<Hex> {
    let mut q = app.world_mut().query_filtered::<&Position, With<Player>>();
    q.iter(app.world()).map(|p| p.0).collect()
}

#[test]
fn the_title_seats_nobody_and_enter_enter_starts_the_seed_offered() {
    let mut app = app(Screen::Title, 42);
    assert_eq!((screen(&app), menu(&app)), (Screen::Title, Menu::Main));
    assert!(players(&mut app).is_empty(), "nobody plays on the title");
    press(&mut app, "Enter");
    assert_eq!(menu(&app), Menu::NewGame);
    press(&mut app, "Enter");
    assert_eq!((screen(&app), menu(&app)), (Screen::Game, Menu::None));
    app.update();
    let rules = Rules::aeternus();
    let world = app.world().resource::<HexWorld>();
    assert_eq!(world.seed, 42);
    // Only the players' sight is generated: the same hexes a fresh world of the seed gets.
    let fresh = sight_world(&rules, 42);
    let got: Vec<_> = world.order().map(|h| (h, world.get(h).unwrap())).collect();
    let want: Vec<_> = fresh.order().map(|h| (h, fresh.get(h).unwrap())).collect();
    assert_eq!(got, want);
    let seats = aeternus_core::play::default_seats(&rules) as usize;
    assert_eq!(players(&mut app), vec![Hex::ZERO; seats]);
}

/// A second game in the same process: Quit to title from the in-game menu, then a new game of
/// another seed replaces the first in place, its world the seed's own.
#[test]
fn a_second_game_replaces_the_first_in_place() {
    let mut app = app(Screen::Title, 42);
    press(&mut app, "Enter");
    press(&mut app, "Enter");
    app.update();
    assert_eq!(app.world().resource::<HexWorld>().seed, 42);
    // Escape, then the fifth item: Quit to title.
    press(&mut app, "Escape,Down,Down,Down,Down,Enter");
    assert_eq!((screen(&app), menu(&app)), (Screen::Title, Menu::Main));
    press(&mut app, "Enter,7,Enter");
    assert_eq!(screen(&app), Screen::Game);
    app.update();
    let rules = Rules::aeternus();
    let world = app.world().resource::<HexWorld>();
    assert_eq!(world.seed, 7);
    let fresh = sight_world(&rules, 7);
    assert_eq!(world.len(), fresh.len());
    assert!(fresh.order().all(|h| world.get(h) == fresh.get(h)));
    let seats = aeternus_core::play::default_seats(&rules) as usize;
    assert_eq!(players(&mut app), vec![Hex::ZERO; seats]);
}

#[test]
fn a_typed_seed_is_checked_before_the_game_starts() {
    let mut app = app(Screen::Title, 42);
    press(&mut app, "Enter,x");
    let form = app.world().resource::<super::new_game::Form>();
    assert_eq!(form.seed.text, "x");
    assert!(form.seed.seed().is_err());
    // Start refuses it and says why.
    press(&mut app, "Enter");
    assert_eq!(menu(&app), Menu::NewGame);
    let form = app.world().resource::<super::new_game::Form>();
    let why = form.message.clone().unwrap().unwrap_err();
    assert!(why.starts_with("Not started"), "{why}");
    // Players: Down from Start to Back, the seed, Random seed, Copy seed, the players; one
    // more player (a row more); Up back to Start.
    press(&mut app, "Backspace,9,0,Down,Down,Down,Down,Down,Right");
    press(&mut app, "Up,Up,Up,Up,Up,Enter");
    assert_eq!(screen(&app), Screen::Game);
    app.update();
    assert_eq!(app.world().resource::<HexWorld>().seed, 90);
    let seats = aeternus_core::play::default_seats(&Rules::aeternus()) as usize;
    assert_eq!(players(&mut app).len(), seats + 1);
}

#[test]
fn escape_pauses_and_resumes_and_the_end_of_the_game_opens_its_screen() {
    let mut app = app(Screen::Game, 5);
    assert_eq!(menu(&app), Menu::None);
    assert!(
        !players(&mut app).is_empty(),
        "a game from the command line seats its table"
    );
    press(&mut app, "Escape");
    assert_eq!((screen(&app), menu(&app)), (Screen::Paused, Menu::Pause));
    // Controls and back; then Escape resumes.
    press(&mut app, "Down,Down,Down,Enter");
    assert_eq!(menu(&app), Menu::Controls);
    press(&mut app, "Escape");
    assert_eq!(menu(&app), Menu::Pause);
    // Load and back: Escape there goes back to this menu, not on to the game.
    press(&mut app, "Down,Down,Enter");
    assert_eq!(menu(&app), Menu::Load);
    press(&mut app, "Escape");
    assert_eq!((screen(&app), menu(&app)), (Screen::Paused, Menu::Pause));
    press(&mut app, "Escape");
    assert_eq!((screen(&app), menu(&app)), (Screen::Game, Menu::None));
    app.world_mut().insert_resource(GameOver {
        winner: None,
        phase: 3,
    });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        (screen(&app), menu(&app)),
        (Screen::GameOver, Menu::GameOver)
    );
}

#[test]
fn the_game_waits_while_paused() {
    let mut app = app(Screen::Game, 5);
    press(&mut app, "Escape");
    assert_eq!(screen(&app), Screen::Paused);
    let before = players(&mut app);
    // W would move the current player North: in the menu it does nothing.
    press(&mut app, "w,w");
    assert_eq!(players(&mut app), before);
    press(&mut app, "Escape,w");
    assert_ne!(players(&mut app), before, "resumed, W moves");
}

#[test]
fn a_save_taken_from_the_load_list_loads_in_place_and_a_broken_one_says_why() {
    let dir = std::env::temp_dir().join(format!("aeternus-load-menu-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let good = include_str!("../../../../tests/hostile/saves/played.data.ron");
    // Listed newest first: the good save, then (written after it) the broken one on top.
    std::fs::write(dir.join("good.ron"), good).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(
        dir.join("broken.ron"),
        good.replace("seed: 12", "seed: twelve"),
    )
    .unwrap();
    let mut app = app(Screen::Title, 42);
    app.world_mut()
        .insert_resource(crate::playview::saving::SavePath(dir.join("mine.ron")));
    press(&mut app, "Down,Enter");
    assert_eq!(menu(&app), Menu::Load);
    let listing = app.world().resource::<super::load::Listing>();
    let names: Vec<&str> = listing.saves.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(&names[..2], ["broken.ron", "good.ron"]);
    assert!(listing.saves[0].summary.is_err());
    assert_eq!(listing.saves[1].summary, Ok((12, 5)));
    // The broken one: said, and the title stays.
    press(&mut app, "Enter");
    assert_eq!(menu(&app), Menu::Load);
    let said = app
        .world()
        .resource::<super::load::Listing>()
        .message
        .clone();
    assert!(said.unwrap().contains("broken"));
    // The good one loads in place.
    press(&mut app, "Down,Enter");
    assert_eq!(screen(&app), Screen::Game);
    let world = app.world().resource::<HexWorld>();
    assert_eq!(world.seed, 12);
    assert_eq!(app.world().resource::<aeternus_core::play::Phase>().0, 5);
    let mut saved = aeternus_core::save::SaveGame::from_ron(good, "good").unwrap();
    let got = aeternus_core::save::capture(app.world_mut());
    // A version 1 save is saved again as today's version; its chart starts at the load, and
    // each faction knows the sites under its flags and its players.
    saved.version = aeternus_core::save::VERSION;
    assert_eq!(got.history.rows().len(), 1);
    saved.history = got.history.clone();
    for (at, f) in &saved.flags {
        let known = got.knowledge.iter().find(|k| k.faction == *f).unwrap();
        assert!(
            known.hexes.contains(&(*at, aeternus_core::sites::STOOD_ON)),
            "{at}"
        );
    }
    saved.knowledge = got.knowledge.clone();
    assert_eq!(got, saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_in_the_menu_writes_the_save_file_and_escape_on_the_title_quits() {
    let dir = std::env::temp_dir().join(format!("aeternus-pause-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("folder made on saving").join("game.ron");
    let mut app = app(Screen::Game, 5);
    app.world_mut()
        .insert_resource(crate::playview::saving::SavePath(path.clone()));
    press(&mut app, "Escape,Down,Enter");
    assert_eq!(menu(&app), Menu::Pause);
    let said = app.world().resource::<super::pause::Said>().0.clone();
    assert!(said.unwrap().starts_with("Saved to"));
    let save = aeternus_core::save::SaveGame::read(&path).unwrap();
    assert_eq!(save.seed, 1, "the game the app was built with");
    let _ = std::fs::remove_dir_all(&dir);

    let mut title = app_on_title();
    press(&mut title, "Escape");
    let exits = title.world().resource::<Messages<AppExit>>();
    assert!(!exits.is_empty(), "Escape (Back) on the title quits");
}

fn app_on_title() -> App {
    app(Screen::Title, 1)
}

#[test]
fn a_broken_mod_is_listed_as_broken_and_never_chosen() {
    let launch = Launch {
        mods: vec!["mods/good".into()],
        bot: Bot::GREEDY,
        save: Some("my.ron".into()),
        ..launch(3)
    };
    let mut form = super::new_game::Form::new(
        &launch,
        2,
        vec![
            ("mods/broken".into(), Err("has no manifest".into())),
            ("mods/good".into(), Ok("Good 1.0".into())),
        ],
    );
    assert!(!form.mods[0].2 && form.mods[1].2, "the launch's mod is on");
    form.step(super::widgets::Act::Mod(0), 1);
    assert!(!form.mods[0].2);
    assert!(
        form.message
            .clone()
            .unwrap()
            .unwrap_err()
            .contains("broken")
    );
    // `--bot greedy`: a person, then greedy bots; players wrap 1..=8, the seats added as the
    // last one offered.
    assert_eq!(form.table(), [SeatKind::Human, SeatKind::Bot(Bot::GREEDY)]);
    form.step(super::widgets::Act::Players, -1);
    assert_eq!(form.table(), [SeatKind::Human]);
    form.step(super::widgets::Act::Players, -1);
    assert_eq!(form.players, aeternus_core::play::MAX_SEATS);
    form.step(super::widgets::Act::Seat(7), 1);
    let game = form.game().unwrap();
    assert_eq!(game.mods, [std::path::PathBuf::from("mods/good")]);
    assert!(super::start::starts_in_place(&game, &launch));
    let args: Vec<String> = super::start::new_game_args(&game, &launch)
        .into_iter()
        .map(|a| a.into_string().unwrap())
        .collect();
    assert_eq!(
        args.join(" "),
        "--seed 3 --mod mods/good --seats human,greedy,greedy,greedy,greedy,greedy,greedy,greedy-v1 --save my.ron"
    );
    let load: Vec<String> = super::start::load_args(std::path::Path::new("a.ron"), &launch)
        .into_iter()
        .map(|a| a.into_string().unwrap())
        .collect();
    assert_eq!(load.join(" "), "--load a.ron --mod mods/good --save my.ron");
    // Another ruleset restarts the process.
    let storm = super::start::NewGame {
        storm: true,
        ..game
    };
    assert!(!super::start::starts_in_place(&storm, &launch));
}

/// Copy seed without a clipboard (no window, no platform clipboard) says so and the menu goes
/// on; a field holding text is not copied; pasting with Ctrl+V types the clipboard's text as
/// typed text is checked.
#[test]
fn copy_seed_says_what_it_did_and_never_fails_the_menu() {
    let mut app = app(Screen::Title, 42);
    // New game, Start selected; Down to Back, Seed, Random seed, Copy seed.
    press(&mut app, "Enter,Down,Down,Down,Down,Enter");
    assert_eq!(menu(&app), Menu::NewGame);
    let form = app.world().resource::<super::new_game::Form>();
    let said = form.message.clone().unwrap().unwrap_err();
    assert_eq!(said, "Nothing copied: no clipboard here");
    let mut form = form.clone();
    form.seed = super::seed::SeedField::offering(7);
    form.seed.type_text("x");
    let said = super::new_game::copy_seed(&form, None).unwrap_err();
    assert!(said.starts_with("Nothing copied: a seed is"), "{said}");
    // The platform's clipboard, where there is one (a display), else its refusal.
    let mut clipboard = bevy::clipboard::Clipboard::default();
    form.seed = super::seed::SeedField::offering(90210);
    match super::new_game::copy_seed(&form, Some(&mut clipboard)) {
        Ok(said) => {
            assert_eq!(said, "Seed 90210 copied to the clipboard.");
            form.seed = super::seed::SeedField::offering(1);
            super::new_game::paste_seed(&mut form, Some(&mut clipboard)).unwrap();
            assert_eq!(form.seed.seed(), Ok(90210));
        }
        Err(said) => assert!(said.starts_with("Nothing copied: "), "{said}"),
    }
    let said = super::new_game::paste_seed(&mut form, None).unwrap_err();
    assert_eq!(said, "Nothing pasted: no clipboard here");
    assert_eq!(menu(&app), Menu::NewGame);
}

/// A table chosen seat by seat (a person, a greedy bot, a greedy-v1 bot) starts a game whose
/// players carry exactly those bots, none on the person, and paces the bots.
#[test]
fn a_table_chosen_seat_by_seat_seats_those_bots() {
    let mut app = app(Screen::Title, 42);
    press(&mut app, "Enter");
    let offered = app.world().resource::<super::new_game::Form>().players;
    // Down from Start to Back, the seed, Random seed, Copy seed, the players; three players.
    press(&mut app, "Down,Down,Down,Down,Down");
    for _ in offered..3 {
        press(&mut app, "Right");
    }
    for _ in 3..offered {
        press(&mut app, "Left");
    }
    // Seat 1 stays a person; seat 2: random, greedy; seat 3: random, greedy, greedy-v1.
    press(&mut app, "Down,Down,Right,Right,Down,Right,Right,Right");
    let form = app.world().resource::<super::new_game::Form>();
    let table = [
        SeatKind::Human,
        SeatKind::Bot(Bot::GREEDY),
        SeatKind::Bot(Bot::GREEDY_V1),
    ];
    assert_eq!(form.table(), table);
    let mut labels = app.world_mut().query::<(&super::widgets::Label, &Text)>();
    let mut words: Vec<(usize, String)> = labels
        .iter(app.world())
        .filter_map(|(l, t)| match l.0 {
            super::widgets::Act::Seat(i) => Some((i, t.0.clone())),
            _ => None,
        })
        .collect();
    words.sort();
    let words: Vec<&str> = words.iter().map(|w| w.1.as_str()).collect();
    assert_eq!(
        words,
        [
            "Seat 1: < human >",
            "Seat 2: < greedy >",
            "Seat 3: < greedy-v1 >"
        ]
    );
    // Up to Start: the seats, the players, Copy seed, Random seed, the seed, Back, Start.
    press(&mut app, "Up,Up,Up,Up,Up,Up,Up,Up,Enter");
    assert_eq!(screen(&app), Screen::Game);
    app.update();
    let mut seated = app.world_mut().query::<(&Player, Option<&Bot>)>();
    let mut got: Vec<(u32, Option<Bot>)> = seated
        .iter(app.world())
        .map(|(p, b)| (p.id.0, b.copied()))
        .collect();
    got.sort_by_key(|g| g.0);
    assert_eq!(
        got,
        [(1, None), (2, Some(Bot::GREEDY)), (3, Some(Bot::GREEDY_V1))]
    );
    let pace = app.world().resource::<aeternus_core::play::BotPace>();
    assert_eq!(pace.every, std::time::Duration::from_millis(400));
}

/// The table offered: the command line's when it named one; `--bot` alone's kind on every seat
/// but the first; else the rules' number of people. Left and Right step a seat through a
/// person and each kind of bot, round.
#[test]
fn new_game_offers_the_launchs_table_and_steps_each_seat_round() {
    use super::new_game::Form;
    use super::widgets::Act;
    let named = vec![SeatKind::Bot(Bot::RANDOM), SeatKind::Human, SeatKind::Human];
    let form = Form::new(
        &Launch {
            table: Some(named.clone()),
            ..launch(1)
        },
        2,
        Vec::new(),
    );
    assert_eq!(form.table(), named);
    let mut form = Form::new(&launch(1), 4, Vec::new());
    assert_eq!(form.table(), [SeatKind::Human; 4]);
    let kinds: Vec<SeatKind> = super::new_game::seat_kinds().collect();
    assert_eq!(kinds.len(), 1 + Bot::all().count());
    for want in kinds.iter().cycle().skip(1).take(kinds.len()) {
        form.step(Act::Seat(2), 1);
        assert_eq!(form.table()[2], *want);
    }
    form.step(Act::Seat(2), -1);
    assert_eq!(form.table()[2], SeatKind::Bot(Bot::PLANNER));
    form.step(Act::Seat(2), -1);
    assert_eq!(form.table()[2], SeatKind::Bot(Bot::GREEDY_V1));
    let told = super::new_game::how_it_plays(Bot::GREEDY_V1);
    assert_eq!(
        form.message,
        Some(Ok(told)),
        "the note says how the bot plays"
    );
    assert_eq!(form.table()[..2], [SeatKind::Human; 2]);
    let game = form.game().unwrap();
    assert_eq!(game.table, form.table());
    // The seats past the table keep their choice while it is smaller.
    form.step(Act::Players, -1);
    form.step(Act::Players, -1);
    form.step(Act::Players, 1);
    assert_eq!(form.table()[2], SeatKind::Bot(Bot::GREEDY_V1));
}
