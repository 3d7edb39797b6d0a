//! The mouse on the map: the hovered hex (outlined, and named in the HUD), and a left click on a
//! hex as a [`Intent::Click`]. A press and release far apart is a drag of the map (the camera
//! pans), not a click (`render::camera::left_click`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::Hovered;
use super::hud::Panel;
use super::input::Intent;
use super::shapes::Shapes;
use crate::hex::layout;
use crate::render::HEX_SIZE;
use crate::render::camera::{MainCamera, left_click};

const HOVER_COLOUR: Color = Color::srgba(1.0, 1.0, 1.0, 0.75);
const HOVER_Z: f32 = 7.0;

#[derive(Component)]
struct HoverMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_mark)
        .add_systems(Update, (hover, click).in_set(super::Stage::Pointer))
        .add_systems(Update, place_mark.in_set(crate::AppSystems::Render));
}

fn spawn_mark(mut commands: Commands, shapes: Res<Shapes>) {
    commands.spawn((
        Name::new("Hovered hex"),
        HoverMark,
        shapes.outline.sprite(HOVER_COLOUR),
        Transform::from_xyz(0.0, 0.0, HOVER_Z),
        Visibility::Hidden,
    ));
}

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

/// Whether the pointer is on a HUD panel (bevy_ui marks it hovered or pressed), which hides the
/// map beneath: no hex is hovered there, so a click on a panel moves nobody.
fn over_panel<'a>(mut panels: impl Iterator<Item = &'a Interaction>) -> bool {
    panels.any(|i| *i != Interaction::None)
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    hovered: Res<Hovered>,
    mut pressed_at: Local<Option<Vec2>>,
    mut commands: MessageWriter<Intent>,
) {
    let clicked = left_click(&buttons, window.cursor_position(), &mut pressed_at);
    if let (Some(_), Some(hex)) = (clicked, hovered.0) {
        commands.write(Intent::Click(hex));
    }
}

fn place_mark(
    hovered: Res<Hovered>,
    mark: Single<(&mut Transform, &mut Visibility), With<HoverMark>>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hovered_or_pressed_panel_hides_the_map() {
        use Interaction::*;
        assert!(!over_panel([None, None].iter()));
        assert!(over_panel([None, Hovered].iter()));
        assert!(over_panel([Pressed].iter()));
        assert!(!over_panel([].iter()));
    }
}
