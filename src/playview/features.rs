//! Built features drawn over their hex, each in its own spot inside the token ring so several
//! fit on one hex and the hex's colour still shows: a flag in its owner's colour (top), a Pylon
//! of Purity (left), a Stag Station (right), a Boardwalk (bottom); an occupied hex also gets a
//! rim in its owner's colour. Chosen by the feature's effect, so a mod's renamed features draw
//! too. Corruption has its own mark (`render::marks`).

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::seat::faction_colour;
use super::shapes::{Shape, Shapes};
use crate::AppSystems;
use crate::hex::layout;
use crate::play::Occupied;
use crate::render::HEX_SIZE;
use crate::rules::{FeatureEffect, Rules};
use crate::world::plugin::{Features, HexPos};

/// Above the town mark (2) and below the tokens.
const FEATURE_Z: f32 = 4.0;
const PYLON: Color = Color::srgb(0.78, 0.97, 1.0);
const STATION: Color = Color::srgb(0.93, 0.68, 0.36);
const BOARDWALK: Color = Color::srgb(0.62, 0.42, 0.24);
/// A flag nobody owns (a mod that generates flags).
const UNOWNED: Color = Color::srgb(0.85, 0.85, 0.85);

/// Hex -> the feature marks drawn on it.
#[derive(Resource, Default)]
struct Marks(HashMap<Hex, Vec<Entity>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Marks>()
        .add_systems(Update, update_marks.in_set(AppSystems::Render));
}

/// Where on its hex, in hex sizes from the centre, a feature of this effect is drawn.
fn spot(effect: &FeatureEffect) -> Option<Vec2> {
    Some(match effect {
        FeatureEffect::Occupy => Vec2::new(0.04, 0.3),
        FeatureEffect::Purify { .. } => Vec2::new(-0.32, -0.02),
        FeatureEffect::Stagway { .. } => Vec2::new(0.32, -0.04),
        FeatureEffect::CancelMovementEffects => Vec2::new(0.0, -0.36),
        FeatureEffect::Corruption { .. } | FeatureEffect::Decoration => return None,
    })
}

#[allow(clippy::type_complexity)]
fn update_marks(
    mut commands: Commands,
    changed: Query<
        (&HexPos, &Features, Option<&Occupied>),
        Or<(Changed<Features>, Changed<Occupied>)>,
    >,
    rules: Res<Rules>,
    shapes: Res<Shapes>,
    mut marks: ResMut<Marks>,
) {
    let layout = layout(HEX_SIZE);
    for (hex, features, owner) in &changed {
        for e in marks.0.remove(&hex.0).unwrap_or_default() {
            commands.entity(e).despawn();
        }
        let centre = layout.hex_to_world_pos(hex.0);
        let mut spawned = Vec::new();
        for f in features.0.iter() {
            let feature = &rules.features[f.0 as usize];
            let Some(spot) = spot(&feature.effect) else {
                continue;
            };
            let (shape, colour): (&Shape, Color) = match feature.effect {
                FeatureEffect::Occupy => (
                    &shapes.flag,
                    owner.map_or(UNOWNED, |o| faction_colour(&rules, o.0)),
                ),
                FeatureEffect::Purify { .. } => (&shapes.pylon, PYLON),
                FeatureEffect::Stagway { .. } => (&shapes.station, STATION),
                _ => (&shapes.boardwalk, BOARDWALK),
            };
            let at = centre + spot * HEX_SIZE;
            spawned.push(
                commands
                    .spawn((
                        Name::new(format!("{} mark", feature.name)),
                        shape.sprite(colour),
                        Transform::from_translation(at.extend(FEATURE_Z)),
                    ))
                    .id(),
            );
        }
        // An occupied hex is also rimmed in its owner's colour: territory reads at any zoom.
        if let Some(owner) = owner {
            let colour = faction_colour(&rules, owner.0);
            spawned.push(
                commands
                    .spawn((
                        Name::new("Occupied rim"),
                        shapes.outline_bold.sprite(colour),
                        Transform::from_translation(centre.extend(FEATURE_Z - 0.5)),
                    ))
                    .id(),
            );
        }
        if !spawned.is_empty() {
            marks.0.insert(hex.0, spawned);
        }
    }
}
