//! F5 saves the game (atomically, the previous save kept as `NAME.bak`) to the save file
//! (`--save FILE`, by default `aeternus-save.ron` in the platform's data folder:
//! [`aeternus_core::save::saves_folder`]); the
//! end of every phase autosaves beside it ([`aeternus_core::save::autosave`]). The HUD says where, or
//! why not, and the game goes on either way. `--load FILE` starts a game from a save.

use std::path::PathBuf;

use bevy::prelude::*;

use super::shared::{Notice, PlaySystems};
use crate::ViewSystems;
use crate::render::input::{Command, commanded};
use aeternus_core::save::autosave::{self, Autosave, Autosaved};
use aeternus_core::save::{capture, write_atomic};

/// Where F5 writes the game.
#[derive(Resource, Debug, Clone)]
pub struct SavePath(pub PathBuf);

impl Default for SavePath {
    fn default() -> Self {
        Self(aeternus_core::save::default_save_path())
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<SavePath>()
        .add_plugins(autosave::plugin)
        .add_systems(
            Update,
            save_game
                .run_if(commanded(Command::Save))
                .in_set(PlaySystems::Save)
                .in_set(ViewSystems::Commands),
        )
        .add_systems(
            Update,
            autosave_beside_save
                .run_if(resource_changed::<SavePath>)
                .in_set(ViewSystems::Bindings),
        )
        .add_systems(
            Update,
            say_autosaved
                .in_set(PlaySystems::Autosaves)
                .in_set(ViewSystems::Render),
        );
}

/// F5 saves the game (exclusive: [`capture`] reads the whole world). Reads [`SavePath`], the
/// players, flags, hexes, phase and log; writes the save file (and its `.bak`) and [`Notice`].
pub fn save_game(world: &mut World) {
    let path = world.resource::<SavePath>().0.clone();
    let said = save_to(world, &path);
    world.resource_mut::<Notice>().0 = Some(said);
}

/// Writes the game to `path` (its folder made if missing); says where, or why not.
pub fn save_to(world: &mut World, path: &std::path::Path) -> String {
    make_folder(path);
    let text = capture(world).to_ron();
    match write_atomic(path, &text) {
        Ok(()) => {
            info!("game saved to {}", path.display());
            format!("Saved to {}.", path.display())
        }
        Err(e) => {
            warn!("game not saved to {}: {e}", path.display());
            format!("Not saved to {}: {e}", path.display())
        }
    }
}

/// The save's folder, made if it is missing (the data folder, on a first save); a failure is
/// left to the write, which says why.
fn make_folder(path: &std::path::Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(dir);
    }
}

/// Autosaves go beside the save. Reads [`SavePath`] (when it changes); writes [`Autosave`].
fn autosave_beside_save(path: Res<SavePath>, mut commands: Commands) {
    make_folder(&path.0);
    commands.insert_resource(Autosave {
        beside: path.0.clone(),
    });
}

/// The HUD says where the phase was autosaved, or why not. Reads [`Autosaved`]; writes
/// [`Notice`].
fn say_autosaved(mut done: MessageReader<Autosaved>, mut notice: ResMut<Notice>) {
    for a in done.read() {
        notice.0 = Some(match &a.result {
            Ok(path) => format!("Phase {} autosaved to {}.", a.phase, path.display()),
            Err(e) => format!("Phase {} not autosaved: {e}", a.phase),
        });
    }
}
