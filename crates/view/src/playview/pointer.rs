//! The mouse on the map: the hovered hex, outlined and named in the HUD. Clicks are the shared
//! key map's (`render::input`).

use bevy::prelude::*;

use crate::ViewSystems;
use bevy::window::PrimaryWindow;

use super::panel::Panel;
use super::shared::{Hovered, OffCamera, PlaySystems};
use crate::render::HEX_SIZE;
use crate::render::camera::MainCamera;
use crate::render::input::over_panel;
use crate::render::shapes::Shapes;
use aeternus_core::hex::layout;

const HOVER_COLOUR: Color = Color::srgba(1.0, 1.0, 1.0, 0.75);
const HOVER_Z: f32 = 7.0;

#[derive(Component)]
struct HoverMark;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(Startup, spawn_mark)
        .add_systems(Update, hover.in_set(ViewSystems::Bindings))
        .add_systems(
            Update,
            place_mark
                .in_set(PlaySystems::OverTokens)
                .in_set(ViewSystems::Render),
        );
}

/// The hovered hex's outline, hidden until the mouse is on the map. Reads the shapes; writes
/// (spawns) the outline.
fn spawn_mark(mut commands: Commands, shapes: Res<Shapes>) {
    commands.spawn((
        Name::new("Hovered hex"),
        HoverMark,
        shapes.outline.sprite(HOVER_COLOUR),
        Transform::from_xyz(0.0, 0.0, HOVER_Z),
        Visibility::Hidden,
    ));
}

/// The hex under the mouse. Reads the cursor, the camera and the HUD panels; writes
/// [`Hovered`] (none over a panel).
fn hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    panels: Query<&Interaction, With<Panel>>,
    mut hovered: ResMut<Hovered>,
) {
    let (camera, transform) = *camera;
    let hex = window
        .cursor_position()
        .filter(|_| !over_panel(panels.iter()))
        .and_then(|c| camera.viewport_to_world_2d(transform, c).ok())
        .map(|w| layout(HEX_SIZE).world_pos_to_hex(w));
    hovered.set_if_neq(Hovered(hex));
}

/// Outlines the hovered hex. Reads [`Hovered`]; writes the hover outline's place and visibility.
fn place_mark(
    hovered: Res<Hovered>,
    mark: Single<(&mut Transform, &mut Visibility), (With<HoverMark>, OffCamera)>,
) {
    let (mut transform, mut visibility) = mark.into_inner();
    match hovered.0 {
        Some(hex) => {
            let at = layout(HEX_SIZE).hex_to_world_pos(hex);
            transform.translation = at.extend(HOVER_Z);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}
