//! The camera's focus: it glides to a hex asked for with [`FocusOn`] (Tab, a picked station), to
//! the new current player when the turn passes, and after the current player when its move
//! takes it near the window's edge. Panning by hand stops a glide.

use bevy::prelude::*;
use hexx::Hex;

use super::seat::Table;
use super::shared::FocusOn;
use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::camera::MainCamera;
use crate::render::camera::SpectatorCamera;
use aeternus_core::hex::layout;
use aeternus_core::play::PlayerId;

/// How fast a glide closes in: the share of the way left covered per second is 1 - e^-RATE.
const RATE: f32 = 9.0;
/// A player's token farther from the window's centre than this share of the half-window is
/// followed.
const KEEP_WITHIN: f32 = 0.6;

/// Where the camera is gliding to, in world units.
#[derive(Resource, Default)]
struct Glide(Option<Vec2>);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Glide>().add_systems(
        Update,
        (follow_turn, aim, glide)
            .chain()
            .in_set(ViewSystems::Render),
    );
}

/// To the new current player when the turn passes; after the current player when its move
/// takes it near the edge. `last`: the current player's id and hex last frame. Reads the players
/// (the current one's hex) and the camera; writes [`FocusOn`].
fn follow_turn(
    table: Table,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut last: Local<Option<(PlayerId, Hex)>>,
    mut focus: MessageWriter<FocusOn>,
) {
    let Some(me) = table.current() else { return };
    let now = (me.id(), me.hex);
    let before = last.replace(now);
    match before {
        // The start: the camera is framed already.
        None => {}
        Some((id, _)) if id != now.0 => {
            focus.write(FocusOn(now.1));
        }
        Some((_, hex)) if hex != now.1 => {
            let (camera, transform) = *camera;
            let at = layout(HEX_SIZE).hex_to_world_pos(now.1).extend(0.0);
            let (Ok(screen), Some(view)) = (
                camera.world_to_viewport(transform, at),
                camera.logical_viewport_size(),
            ) else {
                return;
            };
            let off = ((screen - view / 2.0) / (view / 2.0)).abs();
            if off.max_element() > KEEP_WITHIN {
                focus.write(FocusOn(now.1));
            }
        }
        Some(_) => {}
    }
}

/// The last hex asked for is where the camera glides. Reads [`FocusOn`]; writes [`Glide`].
fn aim(mut asked: MessageReader<FocusOn>, mut glide: ResMut<Glide>) {
    if let Some(FocusOn(hex)) = asked.read().last() {
        glide.0 = Some(layout(HEX_SIZE).hex_to_world_pos(*hex));
    }
}

/// Moves the camera a step of the glide; a drag or an arrow key stops it (the hand wins).
/// Reads [`Glide`], the mouse buttons, the arrow keys and the time; writes the camera's place and
/// [`Glide`] (ended on arrival).
fn glide(
    mut glide: ResMut<Glide>,
    mut camera: Single<&mut Transform, (With<MainCamera>, Without<SpectatorCamera>)>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
) {
    let Some(target) = glide.0 else { return };
    let arrows = [
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
    ];
    if buttons.any_pressed([MouseButton::Left, MouseButton::Right]) || keys.any_pressed(arrows) {
        glide.0 = None;
        return;
    }
    let now = camera.translation.truncate();
    let next = now.lerp(target, 1.0 - (-RATE * time.delta_secs()).exp());
    let next = if next.distance(target) < 0.5 {
        glide.0 = None;
        target
    } else {
        next
    };
    camera.translation = next.extend(camera.translation.z);
}
