//! F5 saves the game (atomically) to the save file (`--save FILE`, by default
//! `aeternus-save.ron` in the folder the game was started from); the HUD says where, or why not.
//! `--load FILE` starts a game from a save.

use std::path::PathBuf;

use bevy::input::common_conditions::input_just_pressed;
use bevy::prelude::*;

use super::{Notice, Stage};
use crate::save::{capture, write_atomic};

/// Where F5 writes the game.
#[derive(Resource, Debug, Clone)]
pub struct SavePath(pub PathBuf);

impl Default for SavePath {
    fn default() -> Self {
        Self(PathBuf::from("aeternus-save.ron"))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavePath>().add_systems(
        Update,
        save_game
            .run_if(input_just_pressed(KeyCode::F5))
            .run_if(crate::render::camera::game_window_focused)
            .in_set(Stage::Keys),
    );
}

fn save_game(world: &mut World) {
    let path = world.resource::<SavePath>().0.clone();
    let text = capture(world).to_ron();
    let said = match write_atomic(&path, &text) {
        Ok(()) => {
            info!("game saved to {}", path.display());
            format!("Saved to {}.", path.display())
        }
        Err(e) => {
            warn!("game not saved to {}: {e}", path.display());
            format!("Not saved to {}: {e}", path.display())
        }
    };
    world.resource_mut::<Notice>().0 = Some(said);
}
