//! Marks over the storm tiles: the capital's crown on the centre, a wax seal in its seal's colour
//! on each seal copy, and on each reservation a "?" on a disc (event) or a diamond (modifier) in
//! the kind's colour from the core's tiles — each from its image (`super::art`), else the shape
//! in its colour. A reached reservation's "?" becomes "!"; the HUD tells what it held. Kept by
//! hex in [`HexMarks`] like the Aeternus view's marks, and cleared with the cycle's map.

use bevy::prelude::*;
use hexx::Hex;

use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::art::SpriteArt;
use crate::render::marks::{HexMarks, mark as hex_mark};
use crate::render::textures::Textures;
use aeternus_core::export::MapExport;
use aeternus_core::storm::token::TokenTrail;
use aeternus_core::storm::{Kind, SealId, StormMap};

const SEAL_Z: f32 = 2.0;
/// Under the token (`render::tokens::TOKEN_Z`).
const CAPITAL_Z: f32 = 2.0;
const RESERVATION_Z: f32 = 3.0;
const GLYPH_COLOUR: Color = Color::srgb(0.1, 0.08, 0.06);
const OUTLINE: Color = Color::srgb(0.1, 0.08, 0.06);

/// A reservation's glyph, "?" until reached.
#[derive(Component)]
struct Glyph(Hex);

/// The cycle's seal and reservation marks.
pub(super) struct Cycle;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<HexMarks<Cycle>>().add_systems(
        Update,
        update_glyphs
            .run_if(resource_changed::<aeternus_core::storm::token::TokenTrail>)
            .in_set(ViewSystems::Render),
    );
}

fn rgb([r, g, b]: [u8; 3]) -> Color {
    Color::srgb_u8(r, g, b)
}

fn glyph(journey: &TokenTrail, cell: Hex) -> &'static str {
    if journey.content_at(cell).is_some() {
        "!"
    } else {
        "?"
    }
}

/// `name`'s image at `size` if it has one, else `shape`.
fn drawn(art: Option<&SpriteArt>, name: &str, shape: Sprite, size: Vec2) -> Sprite {
    match art {
        Some(a) => a.sprite(name, shape, size, Color::WHITE),
        None => shape,
    }
}

/// Draws the cycle's capital, seal and reservation marks under `layer` (for `draw::rebuild`, not
/// a system itself). Reads the map's tiles, the [`TokenTrail`] and the sprites' art; writes the
/// marks and [`HexMarks`].
pub(super) fn spawn(
    commands: &mut Commands,
    marks: &mut HexMarks<Cycle>,
    layer: Entity,
    map: &StormMap,
    journey: &TokenTrail,
    textures: &Textures,
    art: Option<&SpriteArt>,
) {
    let cycle = CycleMarks {
        layer,
        map,
        journey,
        textures,
        art,
    };
    cycle.capital(commands, marks);
    for tile in map.tiles() {
        let Some(mark) = tile.mark else { continue };
        let colour = rgb(mark);
        marks.redraw(commands, tile.hex, |commands, at| {
            if let Some(seal) = map.seal_at(tile.hex) {
                cycle.seal(commands, seal, at, colour)
            } else if let Some(kind) = map.reservation_at(tile.hex) {
                cycle.reservation(commands, tile.hex, kind, at, colour)
            } else {
                Vec::new()
            }
        });
    }
}

/// The cycle's map and what its marks are drawn with, under one layer.
struct CycleMarks<'a> {
    layer: Entity,
    map: &'a StormMap,
    journey: &'a TokenTrail,
    textures: &'a Textures,
    art: Option<&'a SpriteArt>,
}

impl CycleMarks<'_> {
    /// The capital's crown on the centre of the map.
    fn capital(&self, commands: &mut Commands, marks: &mut HexMarks<Cycle>) {
        // The crown has no shape of its own: without its image the capital is its tile alone.
        let Some(image) = self.art.and_then(|a| a.image(super::art::CAPITAL)) else {
            return;
        };
        let crown = Sprite {
            image: image.clone(),
            custom_size: Some(Vec2::splat(0.8 * HEX_SIZE)),
            ..default()
        };
        let capital = self.map.disc.hex(0);
        marks.redraw(commands, capital, |commands, at| {
            let mark = hex_mark("Capital", crown, at, CAPITAL_Z);
            vec![commands.spawn((mark, ChildOf(self.layer))).id()]
        });
    }

    /// A wax seal in `seal`'s colour on a seal copy at `at`.
    fn seal(&self, commands: &mut Commands, seal: SealId, at: Vec2, colour: Color) -> Vec<Entity> {
        let size = Vec2::splat(1.8 * HEX_SIZE);
        let disc = Sprite {
            image: self.textures.disc.clone(),
            color: colour,
            custom_size: Some(size),
            ..default()
        };
        let seal = &self.map.rules.seal_of(seal).name;
        let disc = drawn(self.art, &super::art::seal_sprite(seal), disc, size);
        let name = format!("{seal} seal");
        vec![
            commands
                .spawn((hex_mark(name, disc, at, SEAL_Z), ChildOf(self.layer)))
                .id(),
        ]
    }

    /// A reservation of `kind` on `cell` at `at`: its image or shape, and its glyph.
    fn reservation(
        &self,
        commands: &mut Commands,
        cell: Hex,
        kind: Kind,
        at: Vec2,
        colour: Color,
    ) -> Vec<Entity> {
        let mark = commands
            .spawn((
                Name::new(format!("Reserved {}", kind.name())),
                Transform::from_translation(at.extend(RESERVATION_Z)),
                Visibility::default(),
                ChildOf(self.layer),
            ))
            .id();
        match (self.art).and_then(|a| a.image(super::art::reservation_sprite(kind))) {
            Some(image) => {
                let size = match kind {
                    Kind::Event => 1.1 * HEX_SIZE,
                    Kind::Modifier => 1.22 * HEX_SIZE,
                };
                commands.spawn((
                    Sprite {
                        image: image.clone(),
                        custom_size: Some(Vec2::splat(size)),
                        ..default()
                    },
                    ChildOf(mark),
                ));
            }
            None => spawn_shape(commands, mark, kind, colour, self.textures),
        }
        commands.spawn((
            Glyph(cell),
            Text2d::new(glyph(self.journey, cell)),
            TextFont {
                font_size: FontSize::Px(0.8 * HEX_SIZE),
                ..default()
            },
            TextColor(GLYPH_COLOUR),
            Transform::from_xyz(0.0, 0.0, 0.2),
            ChildOf(mark),
        ));
        vec![mark]
    }
}

/// Events on a disc, modifiers on a diamond (a square turned 45°) with a dark edge.
fn spawn_shape(commands: &mut Commands, mark: Entity, kind: Kind, colour: Color, t: &Textures) {
    match kind {
        Kind::Event => {
            commands.spawn((
                Sprite {
                    image: t.disc.clone(),
                    color: colour,
                    custom_size: Some(Vec2::splat(1.1 * HEX_SIZE)),
                    ..default()
                },
                ChildOf(mark),
            ));
        }
        Kind::Modifier => {
            let turned =
                Transform::from_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4));
            for (side, c, z) in [(0.86, OUTLINE, 0.0), (0.72, colour, 0.1)] {
                commands.spawn((
                    Sprite::from_color(c, Vec2::splat(side * HEX_SIZE)),
                    turned.with_translation(Vec3::Z * z),
                    ChildOf(mark),
                ));
            }
        }
    }
}

/// A reservation the token reached shows "!". Reads the [`TokenTrail`] (when it changes); writes
/// the glyphs of reached reservations.
fn update_glyphs(journey: Res<TokenTrail>, mut glyphs: Query<(&Glyph, &mut Text2d)>) {
    for (g, mut text) in &mut glyphs {
        let want = glyph(&journey, g.0);
        if text.0 != want {
            text.0 = want.to_string();
        }
    }
}
