//! Commands (the shared key map of `render::input`, as in the Aeternus window) into
//! [`StormCommand`]s and screen changes.

use bevy::prelude::*;

use super::StormLayer;
use super::play::StormCommand;
use crate::ViewSystems;
use crate::render::input::{self, Command};

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_plugins((input::plugin, input::click_plugin))
        .add_systems(Update, perform.in_set(ViewSystems::Commands));
}

/// What a command does in the storm window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Does {
    Storm(StormCommand),
    Show(StormLayer),
}

/// What a command does on the screen shown: on the map, a move, the next cycle or the
/// settlement layer; on the settlement layer, back to the map.
pub fn storm_command(screen: StormLayer, command: Command) -> Option<Does> {
    Some(match (screen, command) {
        (StormLayer::Map, Command::Move(d)) => Does::Storm(StormCommand::Step(d)),
        // The rules accept neighbours only.
        (StormLayer::Map, Command::Click(hex)) => Does::Storm(StormCommand::MoveTo(hex)),
        (StormLayer::Map, Command::NextCycle) => Does::Storm(StormCommand::NextCycle),
        (StormLayer::Map, Command::Confirm | Command::Travel) => Does::Show(StormLayer::Settlement),
        (StormLayer::Settlement, Command::Cancel | Command::Confirm | Command::Travel) => {
            Does::Show(StormLayer::Map)
        }
        _ => return None,
    })
}

/// The window's commands into the storm's. Reads [`Command`]s and the screen shown; writes
/// [`StormCommand`]s and the next screen.
fn perform(
    mut commands: MessageReader<Command>,
    screen: Res<State<StormLayer>>,
    mut storm: MessageWriter<StormCommand>,
    mut next: ResMut<NextState<StormLayer>>,
) {
    for &c in commands.read() {
        match storm_command(*screen.get(), c) {
            Some(Does::Storm(s)) => {
                storm.write(s);
            }
            Some(Does::Show(to)) => next.set(to),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::hex::Direction;

    #[test]
    fn keys_mean_on_the_storm_map_what_they_mean_on_the_aeternus_map() {
        use KeyCode::*;
        let on_map = |k| storm_command(StormLayer::Map, input::command_of(k).unwrap());
        let dirs: Vec<_> = [KeyW, KeyE, KeyD, KeyS, KeyA, KeyQ]
            .map(|k| match on_map(k) {
                Some(Does::Storm(StormCommand::Step(d))) => d,
                other => panic!("{k:?} gives {other:?}"),
            })
            .to_vec();
        assert_eq!(dirs, Direction::ALL.to_vec(), "clockwise from W");
        assert_eq!(on_map(KeyN), Some(Does::Storm(StormCommand::NextCycle)));
        for k in [Enter, Space, KeyT] {
            assert_eq!(on_map(k), Some(Does::Show(StormLayer::Settlement)));
            let back = storm_command(StormLayer::Settlement, input::command_of(k).unwrap());
            assert_eq!(back, Some(Does::Show(StormLayer::Map)));
        }
        let escape = input::command_of(Escape).unwrap();
        assert_eq!(
            storm_command(StormLayer::Settlement, escape),
            Some(Does::Show(StormLayer::Map))
        );
        assert_eq!(storm_command(StormLayer::Map, escape), None);
        assert_eq!(
            storm_command(StormLayer::Settlement, Command::Move(Direction::North)),
            None
        );
    }
}
