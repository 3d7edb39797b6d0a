//! Walks as the window shows them: the pace a person can follow, the hexes still ahead
//! outlined, and why a walk stopped told in the notice. The walking itself is play's
//! ([`aeternus_core::play::walk`]); a click only orders it.

use std::time::Duration;

use bevy::prelude::*;

use super::shared::{Notice, PlaySystems};
use crate::ViewSystems;
use aeternus_core::hex::Coord;
use aeternus_core::play::{WalkEnd, WalkEnded, WalkPace, Walks};

/// Between two steps, so a walk is seen.
pub const STEP_EVERY: Duration = Duration::from_millis(150);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.insert_resource(WalkPace(STEP_EVERY)).add_systems(
        Update,
        tell_ends
            .in_set(PlaySystems::WalkEnds)
            .in_set(ViewSystems::Render),
    );
}

/// Says why a walk stopped short. Reads [`WalkEnded`]; writes [`Notice`].
fn tell_ends(mut ended: MessageReader<WalkEnded>, mut notice: ResMut<Notice>) {
    for e in ended.read() {
        let said = match e.end {
            WalkEnd::OffTheWay(at) => format!("The walk stops at {}.", Coord::from_hex(at)),
            WalkEnd::Unexplored(to) => format!("{} is not explored yet.", Coord::from_hex(to)),
            WalkEnd::NoWay(to) => {
                format!("No way over explored land to {}.", Coord::from_hex(to))
            }
            WalkEnd::Arrived(_) | WalkEnd::Halted | WalkEnd::Stopped => continue,
        };
        notice.0 = Some(said);
    }
}

/// On each hex still ahead of a walk.
#[derive(Component)]
struct WalkMark;

const AHEAD: Color = Color::srgba(1.0, 1.0, 1.0, 0.55);
/// Above tiles and marks, below tokens.
const AHEAD_Z: f32 = 8.0;

/// Outlines the hexes the walks still have ahead (needs the window's shapes).
pub(super) fn draw_plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_ahead
            .run_if(resource_changed::<Walks>)
            .in_set(ViewSystems::Render),
    );
}

/// Outlines the hexes still ahead of every walk, anew when the walks change. Reads [`Walks`]
/// and the shapes; writes the outline sprites (despawned and drawn anew).
fn draw_ahead(
    mut commands: Commands,
    walks: Res<Walks>,
    marks: Query<Entity, With<WalkMark>>,
    shapes: Res<crate::render::shapes::Shapes>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    let layout = aeternus_core::hex::layout(crate::render::HEX_SIZE);
    for &hex in walks.0.values().flat_map(|w| &w.ahead) {
        commands.spawn((
            Name::new("Walk ahead"),
            WalkMark,
            shapes.outline.sprite(AHEAD),
            Transform::from_translation(layout.hex_to_world_pos(hex).extend(AHEAD_Z)),
        ));
    }
}
