//! The one token style of the map views: a ring near the hex's rim, hollow so the hex's own
//! colour shows, drawn above tiles and marks and grown when zoomed far out so it stays easy to
//! find. Tokens sharing a hex split the ring into arcs ([`Shapes::arcs`]).

use bevy::prelude::*;
use hexx::Hex;

use super::HEX_SIZE;
use super::art::SpriteArt;
use super::camera::scale_of;
use super::shapes::Shapes;
use aeternus_core::hex::layout;
use aeternus_core::play::Faction;
use aeternus_core::rules::Rules;

/// Above tiles, town, feature and reservation marks.
pub(crate) const TOKEN_Z: f32 = 10.0;
/// World units per pixel beyond which tokens grow.
const GROWS_BEYOND: f32 = 3.0;

/// One of `n` tokens sharing a hex (`n` from 1), in `colour`: its image (`token.png`,
/// `token-N.png`, grey, taking the colour) when the art has it, else its shape.
pub(crate) fn token_sprite(
    shapes: &Shapes,
    art: Option<&SpriteArt>,
    n: usize,
    colour: Color,
) -> Sprite {
    let n = n.clamp(1, shapes.arcs.len());
    let shape = &shapes.arcs[n - 1];
    let name = match n {
        1 => "token".to_string(),
        n => format!("token-{n}"),
    };
    match art {
        Some(a) => a.sprite(&name, shape.sprite(colour), shape.size, colour),
        None => shape.sprite(colour),
    }
}

/// Where the `i`-th of `n` tokens on `hex` is drawn (`z` above [`TOKEN_Z`] for its halo's
/// below), turned to its arc clockwise from North and grown for the camera's zoom.
pub(crate) fn token_transform(
    hex: Hex,
    i: usize,
    n: usize,
    z: f32,
    camera: &Projection,
) -> Transform {
    let grow = (scale_of(camera) / GROWS_BEYOND).max(1.0);
    let turn = Quat::from_rotation_z(-(i as f32) * std::f32::consts::TAU / n.max(1) as f32);
    let at = layout(HEX_SIZE).hex_to_world_pos(hex);
    Transform::from_translation(at.extend(TOKEN_Z + z + i as f32 * 0.01))
        .with_rotation(turn)
        .with_scale(Vec3::splat(grow))
}

/// Colours for factions beyond the ruleset's list, so every token stays distinct.
const SPARE_COLOURS: [[u8; 3]; 8] = [
    [0x9b, 0x59, 0xb6],
    [0x1a, 0xbc, 0x9c],
    [0xe6, 0x7e, 0x22],
    [0xec, 0xf0, 0xf1],
    [0xe8, 0x43, 0x93],
    [0x7f, 0x8c, 0x8d],
    [0x00, 0xce, 0xd1],
    [0x8e, 0x44, 0xad],
];

/// A faction's colour: the ruleset's, else a spare one, so every token stays distinct.
pub fn faction_colour(rules: &Rules, faction: Faction) -> Color {
    let i = faction.0 as usize;
    let [r, g, b] = match rules.play.factions.get(i) {
        Some(f) => f.colour,
        None => SPARE_COLOURS[(i - rules.play.factions.len()) % SPARE_COLOURS.len()],
    };
    Color::srgb_u8(r, g, b)
}
