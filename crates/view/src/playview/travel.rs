//! Picking a stag station to travel the stagways to: T lists the other stations, nearest first,
//! and then steps through them; the picked one and the rest are outlined on the map.

use bevy::prelude::*;
use hexx::Hex;

use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::shapes::Shapes;
use aeternus_core::hex::{Coord, distance, layout};
use aeternus_core::rules::{FeatureEffect, Rules};
use aeternus_core::world::plugin::{Features, HexPos};

const PICKED: Color = Color::srgb(1.0, 1.0, 1.0);
const OTHER: Color = Color::srgba(1.0, 0.85, 0.4, 0.8);
const OUTLINE_Z: f32 = 8.0;

/// The stations on offer while the player picks one.
#[derive(Resource, Debug, Default)]
pub struct StationPick(pub Option<Pick>);

#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    pub stations: Vec<Hex>,
    pub index: usize,
}

impl Pick {
    pub fn selected(&self) -> Hex {
        self.stations[self.index]
    }
}

#[derive(Component)]
struct PickMark;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<StationPick>();
}

/// Outlines the stations on offer (needs the window's [`Shapes`]).
pub(super) fn draw_plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_pick
            .run_if(resource_changed::<StationPick>)
            .in_set(ViewSystems::Render),
    );
}

/// The next station after `picking`, or the nearest when not picking yet; `None` when there is
/// no station but the player's own.
pub(super) fn next_pick(
    picking: Option<Pick>,
    at: Hex,
    rules: &Rules,
    hexes: &Query<(&HexPos, &Features)>,
) -> Option<Pick> {
    if let Some(mut p) = picking {
        p.index = (p.index + 1) % p.stations.len();
        return Some(p);
    }
    let mut stations: Vec<Hex> = hexes
        .iter()
        .filter(|(pos, features)| pos.0 != at && has_station(rules, features))
        .map(|(pos, _)| pos.0)
        .collect();
    // Nearest first; ties in a fixed order, so T steps the same way every time.
    stations.sort_by_key(|&h| {
        let c = Coord::from_hex(h);
        (distance(at, h), c.x, c.y, c.z)
    });
    (!stations.is_empty()).then_some(Pick { stations, index: 0 })
}

pub fn has_station(rules: &Rules, features: &Features) -> bool {
    features.0.iter().any(|f| {
        matches!(
            rules.features[f.0 as usize].effect,
            FeatureEffect::Stagway { .. }
        )
    })
}

/// Outlines the stations on offer, the picked one bold, anew when the pick changes. Reads
/// [`StationPick`] and the shapes; writes the outline sprites (despawned and drawn anew).
fn draw_pick(
    mut commands: Commands,
    pick: Res<StationPick>,
    marks: Query<Entity, With<PickMark>>,
    shapes: Res<Shapes>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(p) = &pick.0 else { return };
    let layout = layout(HEX_SIZE);
    for (i, &hex) in p.stations.iter().enumerate() {
        let (shape, colour, z) = if i == p.index {
            (&shapes.outline_bold, PICKED, OUTLINE_Z + 0.1)
        } else {
            (&shapes.outline, OTHER, OUTLINE_Z)
        };
        commands.spawn((
            Name::new("Station to pick"),
            PickMark,
            shape.sprite(colour),
            Transform::from_translation(layout.hex_to_world_pos(hex).extend(z)),
        ));
    }
}
