//! Keys and clicks into [`StormCommand`]s and screen changes. Q W E / A S D are the six
//! directions as they sit on the keyboard around S: W North (up), E Ashe, D Mouth, S South,
//! A Zest, Q Weast.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::Screen;
use super::play::StormCommand;
use crate::AppSystems;
use crate::hex::{Direction, layout};
use crate::render::HEX_SIZE;
use crate::render::camera::{MainCamera, left_click};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (map_keys, click).run_if(in_state(Screen::Map)),
            settlement_keys.run_if(in_state(Screen::Settlement)),
        )
            .in_set(AppSystems::Input),
    );
}

/// The direction a key moves the token, if any.
pub fn direction_of(key: KeyCode) -> Option<Direction> {
    Some(match key {
        KeyCode::KeyW => Direction::North,
        KeyCode::KeyE => Direction::Ashe,
        KeyCode::KeyD => Direction::Mouth,
        KeyCode::KeyS => Direction::South,
        KeyCode::KeyA => Direction::Zest,
        KeyCode::KeyQ => Direction::Weast,
        _ => return None,
    })
}

fn map_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<StormCommand>,
    mut next: ResMut<NextState<Screen>>,
) {
    for &key in keys.get_just_pressed() {
        if let Some(d) = direction_of(key) {
            commands.write(StormCommand::Step(d));
        }
        match key {
            KeyCode::KeyN => {
                commands.write(StormCommand::NextCycle);
            }
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::KeyT => next.set(Screen::Settlement),
            _ => {}
        }
    }
}

fn settlement_keys(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.any_just_pressed([
        KeyCode::Escape,
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::KeyT,
    ]) {
        next.set(Screen::Map);
    }
}

/// A left click on a cell asks to move there (the rules accept neighbours only).
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut pressed_at: Local<Option<Vec2>>,
    mut commands: MessageWriter<StormCommand>,
) {
    let Some(up) = left_click(&buttons, window.cursor_position(), &mut pressed_at) else {
        return;
    };
    let (camera, transform) = *camera;
    if let Ok(world) = camera.viewport_to_world_2d(transform, up) {
        let hex = layout(HEX_SIZE).world_pos_to_hex(world);
        commands.write(StormCommand::MoveTo(hex));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_keys_are_the_six_directions_in_keyboard_order() {
        let keys = [
            KeyCode::KeyW,
            KeyCode::KeyE,
            KeyCode::KeyD,
            KeyCode::KeyS,
            KeyCode::KeyA,
            KeyCode::KeyQ,
        ];
        let dirs: Vec<_> = keys.map(|k| direction_of(k).unwrap()).to_vec();
        assert_eq!(dirs, Direction::ALL.to_vec(), "clockwise from W");
        assert_eq!(direction_of(KeyCode::KeyN), None);
    }
}
