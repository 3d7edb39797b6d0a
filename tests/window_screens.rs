//! The screens in the real window (under Xvfb when available): the title screen, a new game
//! started from its menu by keys pressed as a player would (`--press`), its seats chosen by
//! keys, the in-game menu on Escape, and the end of the game with its standings. Each checks the
//! picture (the menu's panel and items where a menu is open, and the hexes the same seed
//! generates headless where the game is on) or the game's log.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`, unless
//! `AETERNUS_REQUIRE_WINDOW=1` (`common`).

use std::path::Path;

use aeternus_core::hex::layout;
use aeternus_core::rules::Rules;
use aeternus_core::world::HexWorld;
use aeternus_view::render::{BACKGROUND, HEX_SIZE, fit_scale};
use bevy::math::Vec2;
use image::{Rgb, RgbImage};

use crate::common::{self, close, distance, launcher, patch_mean, screenshot};

/// The colour of a menu item, drawn opaque.
fn item_colour() -> Rgb<u8> {
    let c = aeternus_view::screens::widgets::ITEM.to_srgba();
    Rgb([c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8))
}

/// The colour of the selected item: the warm highlight, over half seen through, over the panel
/// (as the window blends them, in linear light).
fn chosen_colour() -> Rgb<u8> {
    use bevy::color::{Color, LinearRgba, Mix};
    let panel = LinearRgba::from(Color::srgb_u8(13, 13, 21));
    let warm = LinearRgba::from(aeternus_view::screens::widgets::CHOSEN);
    let c = Color::from(panel.mix(&warm, 0.55)).to_srgba();
    Rgb([c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8))
}

fn background() -> Rgb<u8> {
    let c = BACKGROUND.to_srgba();
    Rgb([c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8))
}

/// A run of rows: the first, and how many.
type Band = (u32, u32);

/// The bands of a menu down a column left of the items' words: (first row, rows) of each run
/// of the selected item's warm colour, and of the items' colour.
fn bands(img: &RgbImage, x: u32) -> (Vec<Band>, Vec<Band>) {
    let (item, warm) = (item_colour(), chosen_colour());
    let (mut chosen, mut items) = (Vec::new(), Vec::new());
    let (mut run_c, mut run_i) = (None::<(u32, u32)>, None::<(u32, u32)>);
    for y in 0..img.height() {
        let p = img.get_pixel(x, y);
        let near = |c: Rgb<u8>, by: i32| (0..3).all(|i| (p[i] as i32 - c[i] as i32).abs() <= by);
        let (selected, plain) = (near(warm, 14), near(item, 10));
        for (on, run, out) in [
            (selected, &mut run_c, &mut chosen),
            (plain, &mut run_i, &mut items),
        ] {
            match (on, run.as_mut()) {
                (true, Some(r)) => r.1 += 1,
                (true, None) => *run = Some((y, 1)),
                (false, Some(r)) => {
                    if r.1 >= 16 {
                        out.push(*r);
                    }
                    *run = None;
                }
                (false, None) => {}
            }
        }
    }
    (chosen, items)
}

/// A menu is open: one item selected, `others` more items below or above it, in one column.
fn check_menu(img: &RgbImage, others: usize, what: &str) {
    let (w, _) = img.dimensions();
    // The panel is at least 420 wide, centred: its items start 186 left of the middle.
    let x = w / 2 - 175;
    let (chosen, items) = bands(img, x);
    assert_eq!(
        chosen.len(),
        1,
        "{what}: one item selected, found bands {chosen:?} down x = {x}"
    );
    assert!(
        items.len() >= others,
        "{what}: {others} more items, found bands {items:?} down x = {x}"
    );
}

#[test]
fn the_title_screen_shows_its_menu() {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, "title", &["--title"]);
    // New game (selected), Load, Quit.
    check_menu(&img, 2, "the title");
    let (w, h) = img.dimensions();
    for (x, y) in [(4, 4), (w - 5, 4), (4, h - 5), (w - 5, h - 5)] {
        let p = *img.get_pixel(x, y);
        assert!(
            close(p, background()),
            "the title's corner ({x}, {y}) is {p:?}, not the backdrop"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_started_from_the_menu_shows_the_seeds_world() {
    // Enter on New game; the seed field offers `--seed`; Enter on Start.
    shows_the_new_games_world(
        "new-game",
        7,
        &["--title", "--seed", "7", "--press", "Enter,Enter"],
    );
}

/// A second game in the same window: a game of seed 3, Escape and Quit to title (the fifth
/// item), then New game with 7 typed over the seed offered: the world drawn is seed 7's alone.
#[test]
fn a_second_game_from_the_title_replaces_the_first_in_the_window() {
    let keys = "Enter,Enter,Escape,Down,Down,Down,Down,Enter,Enter,7,Enter";
    shows_the_new_games_world(
        "second-game",
        7,
        &["--title", "--seed", "3", "--press", keys],
    );
}

/// New game's seats chosen by keys: the second seat stepped from a person to a random bot, then
/// a greedy one; the game starts with that table (its log says who sits where).
#[test]
fn a_seat_chosen_in_new_game_is_seated() {
    let Some(launcher) = launcher() else { return };
    // New game; Start selected: Down to Back, the seed, Random seed, Copy seed, the players,
    // seat 1, seat 2; Right twice; Up to Start (seven items); take it.
    let keys = "Enter,Down,Down,Down,Down,Down,Down,Down,Right,Right,Up,Up,Up,Up,Up,Up,Up,Enter";
    let args = ["--title", "--seed", "7", "--press", keys];
    let (_, dir) = screenshot(&launcher, "seats", &args);
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    let seats = aeternus_core::play::default_seats(&Rules::aeternus()) as usize;
    let mut table = vec!["human"; seats];
    table[1] = "greedy";
    assert!(
        log.contains(&format!("seated: {}", table.join(", "))),
        "not the table chosen in the log:\n{}",
        common::tail(&log, 30)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the window with `args`, which start a game of `seed` from the menus, and checks the
/// players' sight of that game is drawn in its biomes, and no menu is left open.
fn shows_the_new_games_world(tag: &str, seed: u64, args: &[&str]) {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, tag, args);
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    assert!(
        log.contains(&format!("a new game of Aeternus, seed {seed}")),
        "no new game in the log:\n{}",
        common::tail(&log, 30)
    );
    let (w, h) = img.dimensions();
    let (chosen, items) = bands(&img, w / 2 - 175);
    assert!(
        chosen.is_empty() && items.is_empty(),
        "a menu is still open: {chosen:?} {items:?}"
    );

    // The same game headless: the table the menu seats on the origin, the site layer (a
    // site's sight widens a player's), one frame of the rules.
    let rules = Rules::aeternus();
    let mut app = bevy::app::App::new();
    app.add_plugins(bevy::MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: rules.clone(),
        seed,
    });
    app.add_plugins(aeternus_core::sites::plugin::plugin)
        .insert_resource(
            aeternus_core::sites::SiteLayer::new(
                aeternus_core::sites::SiteRules::embedded(),
                &rules,
            )
            .unwrap(),
        );
    let seats = aeternus_core::play::default_seats(&rules);
    let people = vec![aeternus_core::play::SeatKind::Human; seats as usize];
    aeternus_core::play::restart::seat(app.world_mut(), &people);
    app.update();
    let mut viewers = app
        .world_mut()
        .query::<&aeternus_core::world::plugin::Viewer>();
    let radius = viewers.iter(app.world()).map(|v| v.radius).max().unwrap();
    assert!(radius >= rules.sight_radius);
    let world = app.world().resource::<HexWorld>();
    // The widest sight framed with a ring of the frontier: every hex generated shows its biome.
    let scale = fit_scale(Vec2::new(w as f32, h as f32), radius + 1);
    let layout = layout(HEX_SIZE);
    let patch = ((0.18 * HEX_SIZE / scale) as i32).max(1);
    let mut wrong = Vec::new();
    for hex in world.order() {
        let biome = world.get(hex).unwrap().biome;
        let p = layout.hex_to_world_pos(hex) - Vec2::new(0.0, 0.55 * HEX_SIZE);
        let (x, y) = (
            (w as f32 / 2.0 + p.x / scale) as i32,
            (h as f32 / 2.0 - p.y / scale) as i32,
        );
        // The HUD's panels cover the corners.
        if x < 8 || y < 170 || x >= w as i32 - 8 || y >= h as i32 - 60 {
            continue;
        }
        let got = patch_mean(&img, x as u32, y as u32, patch);
        let nearest = (0..rules.biomes.len())
            .min_by_key(|&i| distance(got, Rgb(rules.biomes[i].colour)))
            .unwrap();
        if nearest != biome.0 as usize {
            wrong.push(format!(
                "{hex:?} at ({x}, {y}) is {got:?}, not {}",
                rules.biome_name(biome)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the players' sight is not drawn in its biomes:\n{}",
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Copy seed in the New game menu puts the seed on the X server's clipboard: the game reads it
/// back from there and says so.
#[test]
fn copy_seed_puts_the_seed_on_the_clipboard() {
    let Some(launcher) = launcher() else { return };
    // New game; Start selected: Down to Back, Seed, Random seed, Copy seed; take it.
    let keys = "Enter,Down,Down,Down,Down,Enter";
    let args = ["--title", "--seed", "424242", "--press", keys];
    let (_, dir) = screenshot(&launcher, "copy-seed", &args);
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    assert!(
        log.contains("seed 424242 copied to the clipboard"),
        "no copy in the log:\n{}",
        common::tail(&log, 30)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn escape_in_a_game_opens_the_in_game_menu() {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, "pause", &["--seed", "7", "--press", "Escape"]);
    // Resume (selected), Save, Load, Controls, Quit to title.
    check_menu(&img, 4, "the in-game menu");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_end_of_the_game_shows_the_standings() {
    let Some(launcher) = launcher() else { return };
    // A real save (of the hostile corpus) whose phase is past the rules' last (100): the game
    // it loads is over at once.
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/saves/played.data.ron");
    let text = std::fs::read_to_string(&good).unwrap();
    assert!(text.contains("    phase: 5,\n"));
    let ended = text.replace("    phase: 5,\n", "    phase: 101,\n");
    let dir = std::env::temp_dir().join(format!("aeternus-ended-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("ended.ron");
    std::fs::write(&save, ended).unwrap();
    let (img, shots) = screenshot(&launcher, "game-over", &["--load", save.to_str().unwrap()]);
    let log = std::fs::read_to_string(shots.join("game.log")).unwrap_or_default();
    assert!(
        log.contains("Game over after phase 100"),
        "the end is not in the log:\n{}",
        common::tail(&log, 30)
    );
    // Quit to title (selected) and Quit.
    check_menu(&img, 1, "the end of the game");
    let _ = std::fs::remove_dir_all(&shots);
    let _ = std::fs::remove_dir_all(&dir);
}
