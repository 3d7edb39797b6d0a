//! One key map for every window: a key means the same [`Command`] in the Aeternus window and in
//! the storm window, which then turns it into its own actions. Q W E / A S D are the six
//! directions as they sit on the keyboard around S: W North (up), E Ashe, D Mouth, S South,
//! A Zest, Q Weast.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

use super::HEX_SIZE;
use super::camera::{MainCamera, game_window_focused, left_click};
use crate::ViewSystems;
use aeternus_core::hex::{Direction, layout};

/// What the player asked for, from a key or a click.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Q W E / A S D: a step in a direction.
    Move(Direction),
    /// Enter or Space: end the turn or take what is picked (Aeternus); open or close the
    /// settlement layer (storm).
    Confirm,
    /// Escape: drop what is being picked, close a layer.
    Cancel,
    /// 1 to 9: build the `i`-th feature, or buy the `i`-th advance while the advances panel is
    /// shown (Aeternus).
    Build(usize),
    /// T: travel the stagways (Aeternus); the settlement layer (storm).
    Travel,
    /// G: gather what the player's hex yields (Aeternus).
    Gather,
    /// R: search the player's hex and the hexes around it for hidden sites (Aeternus).
    Search,
    /// Tab: show the next player.
    NextPlayer,
    /// N: the next cycle (storm).
    NextCycle,
    /// V: show or hide the site layer.
    Sites,
    /// P: show or hide the standings panel, the scores over the phases (Aeternus).
    Standings,
    /// U: show or hide the advances panel, whose digit keys buy (Aeternus).
    Advances,
    /// F5: save the game.
    Save,
    /// F10: open or close the spectator window.
    Spectator,
    /// F11: the spectator's sites: every site, then each faction's knowledge in turn.
    SpectatorSites,
    /// + : a longer game (the host, in an online game's lobby).
    Longer,
    /// - : a shorter game (the host, in an online game's lobby).
    Shorter,
    /// A left click on a hex (a drag is no click).
    Click(Hex),
}

/// The command a key gives, if any.
pub fn command_of(key: KeyCode) -> Option<Command> {
    use KeyCode::*;
    Some(match key {
        KeyW => Command::Move(Direction::North),
        KeyE => Command::Move(Direction::Ashe),
        KeyD => Command::Move(Direction::Mouth),
        KeyS => Command::Move(Direction::South),
        KeyA => Command::Move(Direction::Zest),
        KeyQ => Command::Move(Direction::Weast),
        Space | Enter | NumpadEnter => Command::Confirm,
        Escape => Command::Cancel,
        Digit1 | Numpad1 => Command::Build(0),
        Digit2 | Numpad2 => Command::Build(1),
        Digit3 | Numpad3 => Command::Build(2),
        Digit4 | Numpad4 => Command::Build(3),
        Digit5 | Numpad5 => Command::Build(4),
        Digit6 | Numpad6 => Command::Build(5),
        Digit7 | Numpad7 => Command::Build(6),
        Digit8 | Numpad8 => Command::Build(7),
        Digit9 | Numpad9 => Command::Build(8),
        KeyT => Command::Travel,
        KeyG => Command::Gather,
        KeyR => Command::Search,
        Tab => Command::NextPlayer,
        KeyN => Command::NextCycle,
        KeyV => Command::Sites,
        KeyP => Command::Standings,
        KeyU => Command::Advances,
        F5 => Command::Save,
        F10 => Command::Spectator,
        F11 => Command::SpectatorSites,
        Equal | NumpadAdd => Command::Longer,
        Minus | NumpadSubtract => Command::Shorter,
        _ => return None,
    })
}

/// The key map, without a window: what headless tests drive (they press keys).
pub fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_message::<Command>().add_systems(
        Update,
        keys.run_if(game_window_focused)
            .in_set(ViewSystems::Bindings),
    );
}

/// Left clicks on the map as [`Command::Click`]s (needs the window and its camera).
pub fn click_plugin(app: &mut App) {
    // After the keys: both write commands, and a frame's commands keep one order.
    app.add_systems(Update, click.after(keys).in_set(ViewSystems::Bindings));
}

/// A run condition: the frame's commands include `wanted`.
pub fn commanded(wanted: Command) -> impl FnMut(MessageReader<Command>) -> bool {
    move |mut commands: MessageReader<Command>| {
        // Counts rather than `any`: every command is read, so none is left for the next frame.
        commands.read().filter(|&&c| c == wanted).count() > 0
    }
}

/// The key map. Reads the keys pressed this frame; writes their [`Command`]s.
fn keys(keys: Res<ButtonInput<KeyCode>>, mut commands: MessageWriter<Command>) {
    commands.write_batch(keys.get_just_pressed().filter_map(|&k| command_of(k)));
}

/// A left click (not a drag) on the map. Reads the mouse buttons, the cursor and the camera
/// (and the UI: a click on a panel that takes the pointer is not on the map); writes
/// [`Command::Click`].
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    panels: Query<&Interaction>,
    mut pressed_at: Local<Option<Vec2>>,
    mut commands: MessageWriter<Command>,
) {
    let Some(up) = left_click(&buttons, window.cursor_position(), &mut pressed_at) else {
        return;
    };
    if over_panel(panels.iter()) {
        return;
    }
    let (camera, transform) = *camera;
    if let Ok(world) = camera.viewport_to_world_2d(transform, up) {
        commands.write(Command::Click(layout(HEX_SIZE).world_pos_to_hex(world)));
    }
}

/// Whether the pointer is on a UI panel that takes it (bevy_ui marks it hovered or pressed),
/// which hides the map beneath.
pub fn over_panel<'a>(mut panels: impl Iterator<Item = &'a Interaction>) -> bool {
    panels.any(|i| *i != Interaction::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_keys_are_the_six_directions_clockwise_from_w() {
        use KeyCode::*;
        let dirs = [KeyW, KeyE, KeyD, KeyS, KeyA, KeyQ].map(|k| match command_of(k) {
            Some(Command::Move(d)) => d,
            other => panic!("{k:?} gives {other:?}"),
        });
        assert_eq!(dirs, Direction::ALL);
        assert_eq!(command_of(Digit3), Some(Command::Build(2)));
        assert_eq!(command_of(Enter), Some(Command::Confirm));
        assert_eq!(command_of(Space), Some(Command::Confirm));
        assert_eq!(command_of(Escape), Some(Command::Cancel));
        assert_eq!(command_of(KeyN), Some(Command::NextCycle));
        assert_eq!(command_of(KeyG), Some(Command::Gather));
        assert_eq!(command_of(KeyR), Some(Command::Search));
        assert_eq!(command_of(KeyP), Some(Command::Standings));
        assert_eq!(command_of(KeyX), None);
    }

    #[test]
    fn a_hovered_or_pressed_panel_hides_the_map() {
        use Interaction::*;
        assert!(!over_panel([None, None].iter()));
        assert!(over_panel([None, Hovered].iter()));
        assert!(over_panel([Pressed].iter()));
        assert!(!over_panel([].iter()));
    }
}
