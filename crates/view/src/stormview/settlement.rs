//! The settlement layer of the token's cell in its own view: the core's `Settlement` for
//! (run seed, cell), its template cells in their ground colours, each slot as a lettered disc
//! (pale and hollow when its chance failed) with what fills it, and a list beside it.
//! The map is hidden meanwhile and the camera put back on return.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::{Hex, HexLayout};

use super::StormLayer;
use super::draw::MapRoot;
use super::play::CurrentMap;
use crate::render::HEX_SIZE;
use crate::render::camera::{MainCamera, fit_scale};
use crate::render::textures::Textures;
use aeternus_core::export::MapExport;
use aeternus_core::hex::{Coord, layout};
use aeternus_core::storm::Settlement;
use aeternus_core::storm::settlement::SlotState;
use aeternus_core::storm::template::SlotKind;
use aeternus_core::storm::token::TokenTrail;

/// Window pixels kept free on the right for the list.
const LIST_WIDTH: f32 = 360.0;
/// Window pixels kept free at the top for the status line.
const HUD_HEIGHT: f32 = 56.0;
const LABEL_BACKGROUND: Color = Color::srgba(1.0, 1.0, 1.0, 0.6);
const EMPTY_SLOT: Color = Color::srgba(0.9, 0.9, 0.9, 0.55);
const INK: Color = Color::srgb(0.08, 0.07, 0.06);

/// The map view's camera, restored on return.
#[derive(Resource)]
struct SavedCamera(Transform, f32);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(StormLayer::Settlement), (enter, draw))
        .add_systems(OnExit(StormLayer::Settlement), leave);
}

fn kind_colour(kind: SlotKind) -> Color {
    match kind {
        SlotKind::Glade => Color::srgb(0.55, 0.9, 0.45),
        SlotKind::Resource => Color::srgb(0.85, 0.62, 0.3),
        SlotKind::Ore => Color::srgb(0.62, 0.68, 0.82),
        SlotKind::Spring => Color::srgb(0.4, 0.85, 0.95),
        SlotKind::Reward => Color::srgb(1.0, 0.84, 0.2),
        SlotKind::GladeEvent => Color::srgb(0.95, 0.5, 0.9),
    }
}

fn letter(kind: SlotKind) -> &'static str {
    match kind {
        SlotKind::Glade => "G",
        SlotKind::Resource => "R",
        SlotKind::Ore => "O",
        SlotKind::Spring => "S",
        SlotKind::Reward => "$",
        SlotKind::GladeEvent => "E",
    }
}

/// Hides the map and fits the template left of the list, keeping the map's camera for the
/// return. Reads the window's size, the camera and the [`CurrentMap`]'s template; writes the
/// map's visibility, the camera's place and scale and [`SavedCamera`].
fn enter(
    mut commands: Commands,
    mut root: Single<&mut Visibility, With<MapRoot>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
    map: Res<CurrentMap>,
) {
    **root = Visibility::Hidden;
    let (mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = &mut *projection else {
        return;
    };
    commands.insert_resource(SavedCamera(*transform, ortho.scale));
    let radius = map.0.rules.settlement.template.radius;
    let room = window.size() - Vec2::new(LIST_WIDTH, HUD_HEIGHT);
    ortho.scale = fit_scale(room, radius);
    // Shift the view so the template is centred in the room left of the list, below the HUD.
    transform.translation.x = LIST_WIDTH / 2.0 * ortho.scale;
    transform.translation.y = HUD_HEIGHT / 2.0 * ortho.scale;
}

/// Shows the map again and puts the camera back. Reads [`SavedCamera`]; writes the map's
/// visibility and the camera's place and scale.
fn leave(
    mut root: Single<&mut Visibility, With<MapRoot>>,
    saved: Option<Res<SavedCamera>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    **root = Visibility::Inherited;
    let (Some(saved), (mut transform, mut projection)) = (saved, camera.into_inner()) else {
        return;
    };
    *transform = saved.0;
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = saved.1;
    }
}

/// Draws the token's cell's settlement: its grounds, each slot's disc and label, and the list.
/// Reads the [`CurrentMap`], the [`TokenTrail`] and the textures; writes (spawns) the view's
/// sprites, labels and list, despawned on leaving.
fn draw(mut commands: Commands, map: Res<CurrentMap>, journey: Res<TokenTrail>, t: Res<Textures>) {
    let map = &map.0;
    let s = Settlement::generate(map.rules.clone(), map.params.seed, journey.cell);
    let template = &map.rules.settlement.template;
    let layout = layout(HEX_SIZE);
    draw_grounds(&mut commands, &s, &layout, &t);
    let mut lines = vec![format!(
        "Settlement of {} ({}), run seed {}\nTemplate: {}\n",
        Coord::from_hex(journey.cell),
        map.biome_at(journey.cell)
            .map_or("?", |b| &map.rules.biome_of(b).name),
        s.seed,
        template.name,
    )];
    for (i, slot) in s.slots.iter().enumerate() {
        let Some(slot) = slot else { continue };
        let hex = template.cells[i].0;
        let at = layout.hex_to_world_pos(hex);
        lines.push(draw_slot(&mut commands, &s, slot, hex, at, &t));
    }
    draw_list(&mut commands, &lines);
}

/// The settlement's grounds, coloured straight from the core's tiles like the map.
fn draw_grounds(commands: &mut Commands, s: &Settlement, layout: &HexLayout, t: &Textures) {
    for tile in s.tiles() {
        let [r, g, b] = tile.colour;
        commands.spawn((
            DespawnOnExit(StormLayer::Settlement),
            Sprite {
                image: t.hex.clone(),
                color: Color::srgb_u8(r, g, b),
                ..default()
            },
            Transform::from_translation(layout.hex_to_world_pos(tile.hex).extend(0.0)),
        ));
    }
}

/// One slot's lettered disc and label (pale when its chance failed), and its line for the list.
fn draw_slot(
    commands: &mut Commands,
    s: &Settlement,
    slot: &SlotState,
    hex: Hex,
    at: Vec2,
    t: &Textures,
) -> String {
    let filled = slot.filled.map(|f| (s.entry(slot.kind, f.entry), f.amount));
    let (colour, label) = match filled {
        Some((e, 1)) => (kind_colour(slot.kind), e.name.clone()),
        Some((e, n)) => (kind_colour(slot.kind), format!("{} x{n}", e.name)),
        None => (EMPTY_SLOT, "empty".to_string()),
    };
    commands.spawn((
        DespawnOnExit(StormLayer::Settlement),
        Sprite {
            image: t.disc.clone(),
            color: colour,
            custom_size: Some(Vec2::splat(0.8 * HEX_SIZE)),
            ..default()
        },
        Transform::from_translation(at.extend(1.0)),
        children![(
            Text2d::new(letter(slot.kind)),
            small(0.45 * HEX_SIZE),
            TextColor(INK),
            Transform::from_xyz(0.0, 0.0, 0.1),
        )],
    ));
    commands.spawn((
        DespawnOnExit(StormLayer::Settlement),
        Text2d::new(label.clone()),
        small(0.3 * HEX_SIZE),
        TextColor(INK),
        // Labels run past their cell, over other grounds or the background.
        TextBackgroundColor(LABEL_BACKGROUND),
        Transform::from_translation((at - Vec2::Y * 0.62 * HEX_SIZE).extend(2.0)),
    ));
    let effect = filled.map_or(String::new(), |(e, _)| {
        if e.effect.is_empty() {
            String::new()
        } else {
            format!(": {}", e.effect)
        }
    });
    format!(
        "{} {} {}{effect}",
        Coord::from_hex(hex),
        slot.kind.name(),
        label
    )
}

/// The list of the settlement's slots, right of the template and below the HUD.
fn draw_list(commands: &mut Commands, lines: &[String]) {
    commands.spawn((
        DespawnOnExit(StormLayer::Settlement),
        Text::new(lines.join("\n")),
        small(14.0),
        Node {
            position_type: PositionType::Absolute,
            top: px(HUD_HEIGHT),
            right: px(8),
            width: px(LIST_WIDTH - 16.0),
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.07, 0.93)),
    ));
}

/// The view's text at `px` pixels.
fn small(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}
