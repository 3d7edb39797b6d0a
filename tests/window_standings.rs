//! The standings panel in the real window (under Xvfb when available): P opens it in the middle
//! of the window, hiding the map beneath, with the chart's legend in every faction's colour.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`, unless
//! `AETERNUS_REQUIRE_WINDOW=1` (`common`).

use aeternus_core::play::Faction;
use aeternus_core::rules::Rules;
use aeternus_view::playview::faction_colour;
use image::{Rgb, RgbImage};

use crate::common::{distance, launcher, patch_mean, patch_spread, screenshot};

/// Half the panel's width and height, a little inside its edges (the chart is 520 by 220 pixels,
/// with its labels, legend and padding around).
const HALF: (u32, u32) = (285, 170);

/// The pixels of the panel (centred in the window) within `tolerance` of `want`, leaving out
/// the corner the HUD's status panel may reach into.
fn pixels_of(img: &RgbImage, want: Rgb<u8>, tolerance: i32) -> usize {
    let (w, h) = img.dimensions();
    let (cx, cy) = (w / 2, h / 2);
    let mut n = 0;
    for y in cy - HALF.1..cy + HALF.1 {
        for x in cx - HALF.0..cx + HALF.0 {
            let status_corner = x < 530 && y < 230;
            if !status_corner && distance(*img.get_pixel(x, y), want) <= tolerance {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn p_opens_the_standings_panel_over_the_map() {
    let Some(launcher) = launcher() else { return };
    let (img, dir) = screenshot(&launcher, "standings", &["--seed", "7", "--press", "P"]);
    let (w, h) = img.dimensions();
    // Inside the plot, right of the middle: the map is hidden, the plot even and dark.
    let (x, y) = (w / 2 + 60, h / 2);
    let spread = patch_spread(&img, x, y, 8);
    let Rgb([r, g, b]) = patch_mean(&img, x, y, 8);
    assert!(
        spread < 2.0 && r.max(g).max(b) < 30,
        "the plot at ({x}, {y}): mean {:?}, spread {spread}",
        [r, g, b]
    );
    // The legend names each faction in its colour: the text's cores are the colour itself.
    let rules = Rules::aeternus();
    for f in 0..rules.play.factions.len() as u32 {
        let c = faction_colour(&rules, Faction(f)).to_srgba();
        let want = Rgb([c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8));
        let n = pixels_of(&img, want, 3 * 16 * 16);
        assert!(n >= 10, "{} ({want:?}): {n} pixels", rules.faction_name(f));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
