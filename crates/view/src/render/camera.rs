//! The camera: framed on the widest viewer at start; wheel zooms, left or right drag and
//! arrows/WASD pan.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::HEX_SIZE;
use crate::ViewSystems;
use aeternus_core::hex::layout;
use aeternus_core::world::plugin::Viewer;

/// World units per screen pixel, at the closest and the farthest.
/// Far enough out that a world of millions of hexes fits the window (the strategic view).
pub const MIN_SCALE: f32 = 0.25;
pub const MAX_SCALE: f32 = 128.0;
/// Zoom factor per wheel line.
const ZOOM_STEP: f32 = 1.15;
/// Wheel pixels that count as one line (touchpads report pixels).
const PIXELS_PER_LINE: f32 = 40.0;
/// Keyboard pan speed in screen pixels per second.
const PAN_SPEED: f32 = 700.0;

#[derive(Component)]
pub(crate) struct MainCamera;

/// The spectator window's camera (`crate::spectator`): the game window's systems leave it be.
#[derive(Component)]
pub struct SpectatorCamera;

/// `--zoom SCALE`: the first view's scale (world units per pixel), instead of fitting the view.
#[derive(Resource, Debug, Clone, Copy)]
pub struct StartZoom(pub f32);

/// Reads `--zoom`: a number within the camera's scales.
pub fn parse_zoom(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(z) if (MIN_SCALE..=MAX_SCALE).contains(&z) => Ok(z),
        _ => Err(format!(
            "`{s}` is not a scale in {MIN_SCALE}..={MAX_SCALE} (world units per pixel)"
        )),
    }
}

/// Whether W/A/S/D pan as well as the arrows. The storm window turns it off: it moves the
/// token with those letters.
#[derive(Resource)]
pub(crate) struct PanWithLetters(pub bool);

pub(crate) fn plugin(app: &mut App) {
    crate::view_sets(app);
    if !app.world().contains_resource::<PanWithLetters>() {
        app.insert_resource(PanWithLetters(true));
    }
    app.add_systems(Startup, spawn_camera)
        // After Startup, so the game's viewer exists.
        .add_systems(PostStartup, frame_viewer)
        .add_systems(
            Update,
            (
                zoom.run_if(pointer_on_game_window),
                drag_pan,
                key_pan.run_if(game_window_focused),
            )
                .in_set(ViewSystems::Commands),
        );
}

/// Keys act on the game only while its window has the focus (not while the spectator's has
/// it); with no window at all (headless tests), always. Reads the game window.
pub(crate) fn game_window_focused(window: Option<Single<&Window, With<PrimaryWindow>>>) -> bool {
    window.is_none_or(|w| w.focused)
}

/// The wheel zooms the game's map only with the pointer over the game window. Reads the game
/// window.
fn pointer_on_game_window(window: Option<Single<&Window, With<PrimaryWindow>>>) -> bool {
    window.is_none_or(|w| w.cursor_position().is_some())
}

/// The scale (world units per pixel) at which the hexes within `radius` of a hex fit in a
/// window of `window` logical pixels, with a small margin.
pub fn fit_scale(window: Vec2, radius: u32) -> f32 {
    let r = radius as f32;
    // A flat-topped hex ball: 3r/2 + 1 sizes wide each side, r + 1/2 hex heights tall each side.
    let extent = Vec2::new(
        (3.0 * r + 2.0) * HEX_SIZE,
        (2.0 * r + 1.0) * 3f32.sqrt() * HEX_SIZE,
    );
    let fit = extent / window.max(Vec2::ONE);
    (fit.x.max(fit.y) * 1.04).clamp(MIN_SCALE, MAX_SCALE)
}

/// The game window's camera, which also shows the HUD. Writes (spawns) the [`MainCamera`].
fn spawn_camera(mut commands: Commands) {
    // The HUD belongs to this window even when another (the spectator's) has a camera.
    commands.spawn((Name::new("Camera"), Camera2d, MainCamera, IsDefaultUiCamera));
}

/// Frames the first view on the widest viewer, the whole of it in the window (or at
/// [`StartZoom`]). Reads the [`Viewer`]s, [`StartZoom`] and the game window's size; writes the
/// camera's place and scale.
fn frame_viewer(
    viewers: Query<&Viewer>,
    zoom: Option<Res<StartZoom>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    // The widest: the players' own narrower sights must not decide the first frame.
    let Some(viewer) = viewers.iter().max_by_key(|v| v.radius) else {
        return;
    };
    let (mut transform, mut projection) = camera.into_inner();
    let at = layout(HEX_SIZE).hex_to_world_pos(viewer.hex);
    transform.translation.x = at.x;
    transform.translation.y = at.y;
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = zoom.map_or_else(|| fit_scale(window.size(), viewer.radius), |z| z.0);
    }
}

/// The wheel zooms, within the closest and farthest scales. Reads the wheel's scroll; writes the
/// camera's scale.
fn zoom(
    scroll: Res<AccumulatedMouseScroll>,
    mut projection: Single<&mut Projection, With<MainCamera>>,
) {
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / PIXELS_PER_LINE,
    };
    if lines == 0.0 {
        return;
    }
    if let Projection::Orthographic(ortho) = &mut **projection {
        ortho.scale = (ortho.scale * ZOOM_STEP.powf(-lines)).clamp(MIN_SCALE, MAX_SCALE);
    }
}

/// Dragging moves the map with the cursor. Cursor positions rather than raw mouse motion, so the
/// grabbed spot stays under the pointer whatever the pointer acceleration. Reads the mouse
/// buttons, the cursor and the camera's scale; writes the camera's place.
fn drag_pan(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
    mut last: Local<Option<Vec2>>,
) {
    let cursor = window.cursor_position();
    let dragging = buttons.any_pressed([MouseButton::Left, MouseButton::Right]);
    let (mut transform, projection) = camera.into_inner();
    if let (true, Some(now), Some(before)) = (dragging, cursor, *last) {
        let delta = (now - before) * scale_of(projection);
        // Window y runs down, world y up.
        transform.translation.x -= delta.x;
        transform.translation.y += delta.y;
    }
    *last = if dragging { cursor } else { None };
}

/// The arrows (and W/A/S/D unless the storm window took them) pan at a steady screen speed.
/// Reads the keys, [`PanWithLetters`], the time and the camera's scale; writes the camera's place.
fn key_pan(
    keys: Res<ButtonInput<KeyCode>>,
    letters: Res<PanWithLetters>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    let mut dir = Vec2::ZERO;
    for (a, b, d) in [
        (KeyCode::ArrowLeft, KeyCode::KeyA, Vec2::NEG_X),
        (KeyCode::ArrowRight, KeyCode::KeyD, Vec2::X),
        (KeyCode::ArrowUp, KeyCode::KeyW, Vec2::Y),
        (KeyCode::ArrowDown, KeyCode::KeyS, Vec2::NEG_Y),
    ] {
        if keys.pressed(a) || (letters.0 && keys.pressed(b)) {
            dir += d;
        }
    }
    if dir == Vec2::ZERO {
        return;
    }
    let (mut transform, projection) = camera.into_inner();
    let step = dir.normalize() * PAN_SPEED * scale_of(projection) * time.delta_secs();
    transform.translation += step.extend(0.0);
}

/// Window pixels a press may move before its release and still be a click, not a drag.
const CLICK_SLOP: f32 = 5.0;

/// Where a left click ended (the cursor's window position), on the frame its button is released
/// close to where it was pressed; a press released farther away is a drag of the map, no click.
/// `pressed_at` keeps the press between frames (a system's `Local`).
pub(crate) fn left_click(
    buttons: &ButtonInput<MouseButton>,
    cursor: Option<Vec2>,
    pressed_at: &mut Option<Vec2>,
) -> Option<Vec2> {
    if buttons.just_pressed(MouseButton::Left) {
        *pressed_at = cursor;
    }
    if !buttons.just_released(MouseButton::Left) {
        return None;
    }
    let (down, up) = (pressed_at.take()?, cursor?);
    (down.distance(up) <= CLICK_SLOP).then_some(up)
}

pub(crate) fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_press_is_a_click_and_a_long_one_a_drag() {
        let mut buttons = ButtonInput::<MouseButton>::default();
        let mut pressed_at = None;
        let mut frame = |buttons: &mut ButtonInput<MouseButton>, at: Vec2, press: Option<bool>| {
            buttons.clear();
            match press {
                Some(true) => buttons.press(MouseButton::Left),
                Some(false) => buttons.release(MouseButton::Left),
                None => {}
            }
            left_click(buttons, Some(at), &mut pressed_at)
        };
        assert_eq!(frame(&mut buttons, Vec2::new(10.0, 10.0), Some(true)), None);
        assert_eq!(frame(&mut buttons, Vec2::new(12.0, 13.0), None), None);
        let up = Vec2::new(13.0, 14.0);
        assert_eq!(frame(&mut buttons, up, Some(false)), Some(up));
        frame(&mut buttons, Vec2::ZERO, Some(true));
        assert_eq!(
            frame(&mut buttons, Vec2::new(40.0, 0.0), Some(false)),
            None,
            "a drag"
        );
    }

    #[test]
    fn the_start_view_fits_a_default_window() {
        let s = fit_scale(Vec2::new(1280.0, 720.0), 12);
        let tall = 25.0 * 3f32.sqrt() * HEX_SIZE / s;
        assert!(tall <= 720.0 && tall > 650.0, "{tall}");
    }
}
