//! The map in the real window (under Xvfb when available): the fog beyond the known hexes, the
//! strategic view's pictures at a far zoom and the minimap, each checked against the world the
//! same seed generates headless, as `tests/window.rs` checks the tiles.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`, unless
//! `AETERNUS_REQUIRE_WINDOW=1` (`common`).

use aeternus::game::START_VIEW_RADIUS;
use aeternus_core::hex::{layout, ring, view_order};
use aeternus_core::rules::Rules;
use aeternus_core::world::{Cause, HexWorld};
use aeternus_view::render::{
    BACKGROUND, FOG_COLOUR, HEX_SIZE, MINIMAP_MARGIN, MINIMAP_SIZE, TILES_UP_TO_SCALE, fit_scale,
};
use bevy::color::{ColorToComponents, LinearRgba, Srgba};
use bevy::math::Vec2;
use hexx::Hex;
use image::{Rgb, RgbImage};

use crate::common::{close, distance, launcher, screenshot};

const SEED: u64 = 7;
/// The far zoom the strategic view is checked at (world units per pixel).
const FAR: f32 = 8.0;

/// The world the game's start view generates for `SEED`.
fn start_world(rules: &Rules) -> HexWorld {
    let mut world = HexWorld::new(rules.clone(), SEED);
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS) {
        if !world.is_generated(hex) {
            world.generate(hex, Cause::View).unwrap();
        }
    }
    world
}

fn rgb(c: Srgba) -> Rgb<u8> {
    Rgb([c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8))
}

/// The pixel of a world point, the camera on the origin at `scale`.
fn pixel(img: &RgbImage, at: Vec2, scale: f32) -> Option<(u32, u32)> {
    let (w, h) = img.dimensions();
    let (x, y) = (w as f32 / 2.0 + at.x / scale, h as f32 / 2.0 - at.y / scale);
    (x >= 0.0 && y >= 0.0 && x < w as f32 && y < h as f32).then_some((x as u32, y as u32))
}

/// Whether a pixel lies clear of the HUD's panels and the minimap (the first view, 1280×720).
fn clear_of_the_hud(img: &RgbImage, (x, y): (u32, u32)) -> bool {
    let (w, h) = img.dimensions();
    (x > 540 && x < w - 400 && y > 70 && y < h - 40) || (y > 180 && y < h - 80 && x < w - 220)
}

#[test]
fn fog_is_drawn_beyond_the_known_hexes_and_the_minimap_shows_the_world() {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, "fog", &["--seed", &SEED.to_string()]);
    let rules = Rules::aeternus();
    let world = start_world(&rules);
    let (w, h) = img.dimensions();
    let scale = fit_scale(Vec2::new(w as f32, h as f32), START_VIEW_RADIUS);
    assert!(
        scale <= TILES_UP_TO_SCALE,
        "the first view is drawn as tiles"
    );
    let layout = layout(HEX_SIZE);
    // Fog is the white hex veiled: the fog colour over the background, blended in linear light.
    let (fog, bg) = (FOG_COLOUR.to_srgba(), BACKGROUND.to_srgba());
    let (fog_lin, bg_lin) = (LinearRgba::from(fog), LinearRgba::from(bg));
    let a = fog.alpha;
    let veiled = LinearRgba::from_vec3(fog_lin.to_vec3() * a + bg_lin.to_vec3() * (1.0 - a));
    let (veiled, bg) = (rgb(Srgba::from(veiled)), rgb(bg));
    let mut wrong = Vec::new();
    let mut checked = 0;
    // Ring 13 borders the known disc of radius 12: fog. Ring 14 is nothing: the background.
    for (radius, want) in [(START_VIEW_RADIUS + 1, veiled), (START_VIEW_RADIUS + 2, bg)] {
        for hex in ring(Hex::ZERO, radius) {
            assert!(!world.is_generated(hex));
            let Some(p) = pixel(&img, layout.hex_to_world_pos(hex), scale) else {
                continue;
            };
            if !clear_of_the_hud(&img, p) {
                continue;
            }
            let got = *img.get_pixel(p.0, p.1);
            if distance(got, want) > 3 * 8 * 8 {
                wrong.push(format!(
                    "{hex:?} (ring {radius}) at {p:?}: {got:?}, not {want:?}"
                ));
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 40,
        "only {checked} hexes of rings 13 and 14 in view"
    );
    assert!(wrong.is_empty(), "fog:\n{}", wrong.join("\n"));

    // The minimap, bottom right, frames the explored disc: the origin's picture at its centre,
    // and the view's white outline.
    let side = MINIMAP_SIZE as u32;
    let (left, top) = (
        w - MINIMAP_MARGIN.x as u32 - side,
        h - MINIMAP_MARGIN.y as u32 - side,
    );
    let meadow = Rgb(rules.biomes[world.get(Hex::ZERO).unwrap().biome.0 as usize].colour);
    let centre = *img.get_pixel(left + side / 2, top + side / 2 - 1);
    assert!(
        close(centre, meadow),
        "the minimap's centre is {centre:?}, not the origin's {meadow:?}"
    );
    let white = (top..top + side)
        .flat_map(|y| (left..left + side).map(move |x| (x, y)))
        .filter(|&(x, y)| close(*img.get_pixel(x, y), Rgb([255, 255, 255])))
        .count();
    assert!(
        white >= 100,
        "{white} white pixels: no view outline on the minimap"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_strategic_view_shows_each_chunks_biomes_at_a_far_zoom() {
    let Some(launcher) = launcher() else { return };
    let args = ["--seed", &SEED.to_string(), "--zoom", &FAR.to_string()];
    let (img, dir) = screenshot(&launcher, "strategic", &args);
    const { assert!(FAR > TILES_UP_TO_SCALE) };
    let rules = Rules::aeternus();
    let world = start_world(&rules);
    let layout = layout(HEX_SIZE);
    let gy = 3f32.sqrt() * HEX_SIZE;
    let mut wrong = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    // Every hex but the origin and its neighbours (the players' tokens, kept readable at any
    // zoom, cover them): its picture's pixels are its biome's colour, flat (a picture, not a
    // textured tile). Each hex is two pixel rows of its chunk's picture: sample both, a quarter
    // hex above and below the centre.
    for hex in view_order(Hex::ZERO, START_VIEW_RADIUS).skip(7) {
        let biome = world.get(hex).unwrap().biome;
        seen.insert(biome.0);
        let want = Rgb(rules.biomes[biome.0 as usize].colour);
        for dy in [0.25, -0.25] {
            let at = layout.hex_to_world_pos(hex) + Vec2::new(0.0, dy * gy);
            let p = pixel(&img, at, FAR).expect("the disc fits the window");
            let got = *img.get_pixel(p.0, p.1);
            if !close(got, want) {
                wrong.push(format!("{hex:?} {dy} at {p:?}: {got:?}, not {want:?}"));
            }
        }
    }
    assert!(seen.len() >= 3, "seed {SEED} shows {} biomes", seen.len());
    assert!(
        wrong.is_empty(),
        "{} of {} samples wrong:\n{}",
        wrong.len(),
        2 * (view_order(Hex::ZERO, START_VIEW_RADIUS).count() - 7),
        wrong.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
