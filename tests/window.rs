//! The real game window: start the binary (under Xvfb when available), let it save a screenshot
//! with `--screenshot`, and check the picture against the world the same seed generates headless
//! (and the players' tokens on the origin).
//! Both rulesets: the Aeternus world and the storm map (`--rules storm`); and the spectator
//! window (`--spectator`) beside the game's.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`, unless
//! `AETERNUS_REQUIRE_WINDOW=1` (`common`).
//! With `AETERNUS_UPDATE_SCREENSHOT=1` a passing run also copies the picture to docs/screenshot.png:
//! `AETERNUS_UPDATE_SCREENSHOT=1 cargo test --test game window_draws_each_hex`.

use std::path::Path;
use std::sync::Arc;

use aeternus::game::START_VIEW_RADIUS;
use aeternus_core::export::MapExport;
use aeternus_core::hex::{Direction, layout, view_order};
use aeternus_core::rules::Rules;
use aeternus_core::storm::{CycleParams, StormMap, StormRules};
use aeternus_core::world::{Cause, HexWorld};
use aeternus_view::render::{BACKGROUND, HEX_SIZE, fit_scale};
use bevy::math::Vec2;
use hexx::Hex;
use image::{Rgb, RgbImage};

use crate::common::{close, distance, launcher, patch_mean, patch_spread, screenshot};

const SEED: u64 = 7;
/// Hexes within this distance of the origin are each checked for their biome's tile.
const CHECK_RADIUS: u32 = 4;
/// Sample each hex this far (in hex sizes) below its centre, clear of the town and corruption
/// marks drawn at the centre, of the players' token rings (from 0.62 out) and of the rim.
const SAMPLE_OFFSET: f32 = 0.55;
/// Pixels of its faction's colour a player's token shows at least, at the start view's zoom.
const TOKEN_PIXELS: usize = 15;

#[test]
fn window_draws_each_hex_in_its_biome_colour_north_up() {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, "aeternus", &["--seed", &SEED.to_string()]);

    check_picture(&img);

    if std::env::var("AETERNUS_UPDATE_SCREENSHOT").as_deref() == Ok("1") {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(dir.join("window.png"), docs.join("screenshot.png")).unwrap();
        eprintln!("updated {}", docs.join("screenshot.png").display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn spectator_window_frames_the_whole_explored_world_beside_the_game() {
    let Some(launcher) = launcher() else { return };
    let seed = SEED.to_string();
    let (img, dir) = screenshot(&launcher, "spectator", &["--seed", &seed, "--spectator"]);
    // The game window is as without a spectator.
    check_picture(&img);
    let shot = dir.join("window-spectator.png");
    let view = image::open(&shot)
        .unwrap_or_else(|e| panic!("no spectator screenshot at {} ({e})", shot.display()))
        .to_rgb8();

    // The same world headless; the spectator frames every generated hex's centre.
    let rules = Rules::aeternus();
    let mut world = HexWorld::new(rules.clone(), SEED);
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS) {
        if !world.is_generated(hex) {
            world.generate(hex, Cause::View).unwrap();
        }
    }
    let layout = layout(HEX_SIZE);
    let points: Vec<Vec2> = world.order().map(|h| layout.hex_to_world_pos(h)).collect();
    let min = points.iter().fold(points[0], |m, p| m.min(*p));
    let max = points.iter().fold(points[0], |m, p| m.max(*p));
    let (w, h) = view.dimensions();
    let (centre, scale) = aeternus_view::spectator::fit(min, max, Vec2::new(w as f32, h as f32));
    // The six far corners of the explored disc and the origin show their biomes where expected.
    let mut wrong = Vec::new();
    let corners = Direction::ALL.map(|d| d.offset() * START_VIEW_RADIUS as i32);
    for hex in std::iter::once(Hex::ZERO).chain(corners) {
        let p = layout.hex_to_world_pos(hex) - Vec2::new(0.0, SAMPLE_OFFSET * HEX_SIZE) - centre;
        let (x, y) = (w as f32 / 2.0 + p.x / scale, h as f32 / 2.0 - p.y / scale);
        assert!(
            x >= 0.0 && y >= 0.0 && x < w as f32 && y < h as f32,
            "{hex:?} is off the view"
        );
        let biome = world.get(hex).unwrap().biome;
        let want = Rgb(rules.biomes[biome.0 as usize].colour);
        // Textured tiles: the mean of a few pixels, nearest its biome's colour.
        let r = ((0.15 * HEX_SIZE / scale) as i32).max(1);
        let got = patch_mean(&view, x as u32, y as u32, r);
        let nearest = (0..rules.biomes.len())
            .min_by_key(|&i| distance(got, Rgb(rules.biomes[i].colour)))
            .unwrap();
        if nearest != biome.0 as usize {
            wrong.push(format!("{hex:?} at ({x}, {y}): {got:?}, not {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "spectator view:\n{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// With the example mod, its own biome, Ash Flats, is drawn from the mod's tile: near the origin
/// each Ash Flats hex shows a textured patch (not a flat tint) whose mean is nearest Ash Flats'
/// colour; the mod's rules and site rules run (its world is the one the window shows).
#[test]
fn the_example_mods_biome_is_drawn_from_its_own_tile() {
    let Some(launcher) = launcher() else { return };
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/mods/example");
    let seed = 3u64;
    let args = ["--mod", folder.to_str().unwrap(), "--seed", "3"];
    let (img, dir) = screenshot(&launcher, "mod", &args);
    let rules = Rules::from_file(&folder.join("rules/aeternus.ron")).unwrap();
    let ash = rules
        .biome("Ash Flats")
        .expect("the example mod adds Ash Flats");
    let mut world = HexWorld::new(rules.clone(), seed);
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS) {
        if !world.is_generated(hex) {
            world.generate(hex, Cause::View).unwrap();
        }
    }
    let (w, h) = img.dimensions();
    let scale = fit_scale(Vec2::new(w as f32, h as f32), START_VIEW_RADIUS);
    let layout = layout(HEX_SIZE);
    let r = ((0.2 * HEX_SIZE / scale) as i32).max(2);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for hex in view_order(Hex::ZERO, CHECK_RADIUS + 2) {
        // Plain Ash Flats only: a town or a corruption draws its mark over the tile.
        let d = world.get(hex).unwrap();
        if d.biome != ash || d.features != Default::default() || d.landmark.0 != 0 {
            continue;
        }
        let p = layout.hex_to_world_pos(hex) - Vec2::new(0.0, SAMPLE_OFFSET * HEX_SIZE);
        let (x, y) = (
            (w as f32 / 2.0 + p.x / scale) as u32,
            (h as f32 / 2.0 - p.y / scale) as u32,
        );
        let mean = patch_mean(&img, x, y, r);
        let nearest = (0..rules.biomes.len())
            .min_by_key(|&i| distance(mean, Rgb(rules.biomes[i].colour)))
            .unwrap();
        let spread = patch_spread(&img, x, y, r);
        if nearest != ash.0 as usize || spread < 4.0 {
            wrong.push(format!(
                "{hex:?} at ({x}, {y}): mean {mean:?}, spread {spread:.1}"
            ));
        }
        checked += 1;
    }
    assert!(
        checked >= 2,
        "seed {seed} shows {checked} Ash Flats hexes near the origin"
    );
    assert!(
        wrong.is_empty(),
        "Ash Flats not drawn from its tile:\n{}",
        wrong.join("\n")
    );
    // The mod's one replaced sprite, its burned town: grey where the game's is cream.
    let town = rules.landmark("Town").expect("the example mod keeps towns");
    let mut towns = Vec::new();
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS - 2) {
        let d = world.get(hex).unwrap();
        if d.landmark != town || d.features != Default::default() {
            continue;
        }
        let p = layout.hex_to_world_pos(hex);
        let (x, y) = (
            (w as f32 / 2.0 + p.x / scale) as u32,
            (h as f32 / 2.0 - p.y / scale) as u32,
        );
        let m = patch_mean(&img, x, y, ((0.25 * HEX_SIZE / scale) as i32).max(1));
        let chroma = m.0.iter().max().unwrap() - m.0.iter().min().unwrap();
        towns.push((hex, m, chroma));
    }
    assert!(!towns.is_empty(), "seed {seed} shows no plain town");
    assert!(
        towns.iter().all(|&(_, _, chroma)| chroma < 24),
        "towns not drawn from the mod's burned town: {towns:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const STORM_SEED: u64 = 3;

#[test]
fn storm_window_shows_the_capital_in_the_middle_and_the_seals_on_their_cells() {
    let Some(launcher) = launcher() else { return };
    let seed = STORM_SEED.to_string();
    let (img, dir) = screenshot(&launcher, "storm", &["--rules", "storm", "--seed", &seed]);

    // The same cycle-0 map, generated headless.
    let rules = Arc::new(StormRules::embedded().unwrap());
    let map = StormMap::generate(rules.clone(), CycleParams::new(&rules, STORM_SEED, 0));

    // Tiles and marks are drawn from their images, so a place is told by the mean of a patch
    // of its pixels: nearest to the colour drawn there among every colour the map uses.
    let (w, h) = img.dimensions();
    let scale = fit_scale(Vec2::new(w as f32, h as f32), rules.radius);
    let patch = ((0.12 * HEX_SIZE / scale) as i32).max(1);
    let crown = opaque_mean("assets/art/sprites/storm/capital.png");
    let mut palette: Vec<(String, Rgb<u8>)> = vec![("the capital's crown".into(), crown)];
    palette.extend((rules.biomes.iter()).map(|b| (b.name.clone(), Rgb(b.colour))));
    palette.extend((rules.seals.iter()).map(|s| (format!("{} seal", s.name), Rgb(s.colour))));
    let nearest = |px: Rgb<u8>| {
        let i = (0..palette.len())
            .min_by_key(|&i| distance(px, palette[i].1))
            .unwrap();
        palette[i].0.clone()
    };

    // The capital (the token's start, its crown under the hollow ring) is under the window's
    // centre: the crown's gold is there (one pixel: the crown is a few pixels across here).
    let centre = *img.get_pixel(w / 2, h / 2);
    assert_eq!(
        nearest(centre),
        "the capital's crown",
        "the window's centre is {centre:?}"
    );

    // The whole map is framed; each seal copy's mark shows its seal's colour on its cell.
    let layout = layout(HEX_SIZE);
    assert!(!map.seals.is_empty());
    let mut wrong = Vec::new();
    for p in &map.seals {
        let cell = map.disc.hex(p.cell);
        let at = layout.hex_to_world_pos(cell);
        let (x, y) = (w as f32 / 2.0 + at.x / scale, h as f32 / 2.0 - at.y / scale);
        let want = format!("{} seal", rules.seal_of(p.seal).name);
        let got = patch_mean(&img, x as u32, y as u32, patch);
        if nearest(got) != want {
            wrong.push(format!("{want} at {cell:?}, pixel ({x}, {y}): {got:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "seal marks missing:\n{}",
        wrong.join("\n")
    );
    // And the tiles are the cycle's biomes: most cells' middles are nearest their biome's
    // colour (a seal, a reservation or the crown covers some).
    let tiles = map.tiles();
    let right = (tiles.iter().zip(&map.biomes))
        .filter(|(t, b)| {
            let at = layout.hex_to_world_pos(t.hex) - Vec2::new(0.0, 0.5 * HEX_SIZE);
            let (x, y) = (w as f32 / 2.0 + at.x / scale, h as f32 / 2.0 - at.y / scale);
            nearest(patch_mean(&img, x as u32, y as u32, patch)) == rules.biome_of(**b).name
        })
        .count();
    assert!(
        right * 10 >= tiles.len() * 8,
        "only {right} of {} cells show their biome",
        tiles.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mean colour of an image's opaque pixels, but for its dark outline.
fn opaque_mean(path: &str) -> Rgb<u8> {
    let img = image::open(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap()
        .to_rgba8();
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    let bright = |px: &&image::Rgba<u8>| px[0] as u32 + px[1] as u32 + px[2] as u32 > 300;
    for px in img.pixels().filter(|px| px[3] > 200).filter(bright) {
        (0..3).for_each(|i| sum[i] += px[i] as u64);
        n += 1;
    }
    Rgb(sum.map(|c| (c / n) as u8))
}

fn check_picture(img: &RgbImage) {
    let rules = Rules::aeternus();
    let meadow = rules
        .biome("Meadow")
        .expect("the Aeternus rules have a Meadow");
    let colour_of = |b: aeternus_core::rules::BiomeId| Rgb(rules.biomes[b.0 as usize].colour);

    // The tiles are textured: a hex is told by the mean of a patch of its pixels, which is
    // nearer its biome's colour than any other biome's (a tile's mean is its biome's colour).
    let (w, h) = img.dimensions();
    let nearest = |px: Rgb<u8>| {
        (0..rules.biomes.len())
            .min_by_key(|&i| distance(px, Rgb(rules.biomes[i].colour)))
            .map(|i| aeternus_core::rules::BiomeId(i as u8))
            .unwrap()
    };
    let scale = fit_scale(Vec2::new(w as f32, h as f32), START_VIEW_RADIUS);
    let patch = ((0.18 * HEX_SIZE / scale) as i32).max(1);
    // The origin's tile is under the window's centre (beside the token ring at its rim).
    let centre = patch_mean(img, w / 2, h / 2 + (0.3 * HEX_SIZE / scale) as u32, patch);
    assert_eq!(
        nearest(centre),
        meadow,
        "the window's centre is {centre:?}, not Meadow's {:?}",
        colour_of(meadow)
    );

    // The same world, generated headless the way the game's start view generates it.
    let mut world = HexWorld::new(rules.clone(), SEED);
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS) {
        if !world.is_generated(hex) {
            world.generate(hex, Cause::View).unwrap();
        }
    }
    assert_eq!(world.get(Hex::ZERO).unwrap().biome, meadow);

    // Where the game draws a world point, given how it frames the start view.
    let layout = layout(HEX_SIZE);
    let pixel_of = |hex: Hex| {
        let p = layout.hex_to_world_pos(hex) - Vec2::new(0.0, SAMPLE_OFFSET * HEX_SIZE);
        let x = w as f32 / 2.0 + p.x / scale;
        let y = h as f32 / 2.0 - p.y / scale; // image rows run down
        (x as u32, y as u32)
    };

    // One hex North is drawn straight above the origin, as a tile.
    let north = Direction::North.offset();
    let (nx, ny) = pixel_of(north);
    let (ox, oy) = pixel_of(Hex::ZERO);
    assert!(nx == ox && ny < oy);
    let bg = BACKGROUND.to_srgba();
    let bg = Rgb([bg.red, bg.green, bg.blue].map(|c| (c * 255.0).round() as u8));
    let above = *img.get_pixel(nx, ny);
    assert!(
        !close(above, bg),
        "nothing is drawn one hex North of the origin"
    );

    // Every hex near the origin shows its own biome: a flipped or skewed map would not.
    let mut wrong = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for hex in view_order(Hex::ZERO, CHECK_RADIUS) {
        let biome = world.get(hex).unwrap().biome;
        seen.insert(biome.0);
        let (x, y) = pixel_of(hex);
        let got = patch_mean(img, x, y, patch);
        if nearest(got) != biome {
            wrong.push(format!(
                "{hex:?} at pixel ({x}, {y}) is {got:?}, expected {} {:?}",
                rules.biome_name(biome),
                colour_of(biome)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "hexes in the wrong colour:\n{}",
        wrong.join("\n")
    );
    assert!(
        seen.len() >= 2,
        "seed {SEED} shows one biome only: the check proves little"
    );

    // One player per faction stands on the origin: each token, an arc of a ring near the hex's
    // rim (hollow, so the checks above still see the biome), shows its faction's colour there.
    assert!(!rules.play.factions.is_empty());
    let radius = HEX_SIZE / scale;
    for faction in &rules.play.factions {
        let mut n = 0;
        for (x, y, px) in img.enumerate_pixels() {
            let d = Vec2::new(
                x as f32 + 0.5 - w as f32 / 2.0,
                y as f32 + 0.5 - h as f32 / 2.0,
            );
            if d.length() <= radius && close(*px, Rgb(faction.colour)) {
                n += 1;
            }
        }
        assert!(
            n >= TOKEN_PIXELS,
            "only {n} pixels of {}'s colour {:?} on the origin: no token there",
            faction.name,
            faction.colour
        );
    }
}

/// Pixels of `colour` within a hex's circumradius of `centre` (in pixels).
fn colour_near(img: &RgbImage, centre: Vec2, radius: f32, colour: Rgb<u8>) -> usize {
    img.enumerate_pixels()
        .filter(|&(x, y, px)| {
            let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - centre;
            d.length() <= radius && close(*px, colour)
        })
        .count()
}

/// A key moves the first player one hex Mouth (D); the token glides there and the screenshot,
/// taken once every animation has ended, shows it whole on that hex and gone from the origin.
#[test]
fn a_moves_animation_ends_on_the_hex_moved_to() {
    let Some(launcher) = launcher() else { return };
    let seed = SEED.to_string();
    let (img, dir) = screenshot(&launcher, "glide", &["--seed", &seed, "--press", "D"]);
    let rules = Rules::aeternus();
    let (w, h) = img.dimensions();
    let scale = fit_scale(Vec2::new(w as f32, h as f32), START_VIEW_RADIUS);
    let pixel = |hex: Hex| {
        let p = layout(HEX_SIZE).hex_to_world_pos(hex) / scale;
        Vec2::new(w as f32 / 2.0 + p.x, h as f32 / 2.0 - p.y)
    };
    let first = Rgb(rules.play.factions[0].colour);
    let radius = HEX_SIZE / scale;
    let there = colour_near(&img, pixel(Direction::Mouth.offset()), radius, first);
    let origin = colour_near(&img, pixel(Hex::ZERO), radius, first);
    assert!(
        there >= TOKEN_PIXELS && origin * 4 < there,
        "the first player's colour: {there} pixels on the hex Mouth, {origin} on the origin"
    );
    // The others still stand on the origin.
    let second = Rgb(rules.play.factions[1].colour);
    assert!(colour_near(&img, pixel(Hex::ZERO), radius, second) >= TOKEN_PIXELS / 2);
    let _ = std::fs::remove_dir_all(&dir);
}
