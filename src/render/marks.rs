//! Marks drawn over tiles: a disc for a Town, a small dark hex for Corrupted. They follow changes
//! to a hex's landmark and features (corruption spreads), not just its generation.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::HEX_SIZE;
use super::textures::{Textures, hex_texture_size};
use crate::AppSystems;
use crate::hex::layout;
use crate::rules::Rules;
use crate::rules::reload::RulesReloaded;
use crate::world::plugin::{Features, HexPos, Landmark};

const TOWN_COLOUR: Color = Color::srgb(1.0, 0.93, 0.72);
const CORRUPTED_COLOUR: Color = Color::srgba(0.38, 0.08, 0.45, 0.9);

/// Above the tiles (z = 0); towns above corruption.
const CORRUPTED_Z: f32 = 1.0;
const TOWN_Z: f32 = 2.0;

/// Hex -> the mark entities drawn on it.
#[derive(Resource, Default)]
struct Marks(HashMap<Hex, Vec<Entity>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Marks>()
        .add_message::<RulesReloaded>()
        .add_systems(Update, update_marks.in_set(AppSystems::Render));
}

/// Hexes whose landmark or features changed (or that were just generated).
type ChangedHexes<'w, 's> = Query<
    'w,
    's,
    (&'static HexPos, &'static Landmark, &'static Features),
    Or<(Changed<Landmark>, Changed<Features>)>,
>;

fn update_marks(
    mut commands: Commands,
    changed: ChangedHexes,
    all: Query<(&HexPos, &Landmark, &Features)>,
    mut reloaded: MessageReader<RulesReloaded>,
    rules: Res<Rules>,
    textures: Res<Textures>,
    mut marks: ResMut<Marks>,
) {
    // Reloaded rules may give the corruption to another feature: then every hex is redrawn.
    let hexes: Vec<_> = match reloaded.read().count() {
        0 => changed.iter().collect(),
        _ => all.iter().collect(),
    };
    let town = rules.landmark("Town");
    let layout = layout(HEX_SIZE);
    for (hex, landmark, features) in hexes {
        for e in marks.0.remove(&hex.0).unwrap_or_default() {
            commands.entity(e).despawn();
        }
        let at = layout.hex_to_world_pos(hex.0);
        let mut spawned = Vec::new();
        if rules.corruption.is_some_and(|c| features.contains(c)) {
            spawned.push(
                commands
                    .spawn((
                        Name::new("Corrupted mark"),
                        Sprite {
                            image: textures.hex.clone(),
                            color: CORRUPTED_COLOUR,
                            custom_size: Some(hex_texture_size().as_vec2() * 0.5),
                            ..default()
                        },
                        Transform::from_translation(at.extend(CORRUPTED_Z)),
                    ))
                    .id(),
            );
        }
        if Some(landmark.0) == town {
            spawned.push(
                commands
                    .spawn((
                        Name::new("Town mark"),
                        Sprite {
                            image: textures.disc.clone(),
                            color: TOWN_COLOUR,
                            custom_size: Some(Vec2::splat(0.75 * HEX_SIZE)),
                            ..default()
                        },
                        Transform::from_translation(at.extend(TOWN_Z)),
                    ))
                    .id(),
            );
        }
        if !spawned.is_empty() {
            marks.0.insert(hex.0, spawned);
        }
    }
}
