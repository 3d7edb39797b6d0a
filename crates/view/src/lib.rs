//! The views of Aeternus: everything that draws the core's worlds and reads a person's keys and
//! pointer. Views draw and never decide: an input becomes an action the core's rules resolve.
//! `render` holds the tiles, sprites, camera, chunks, the art loader and the window. A module
//! imports from its own layer and those below it, never up (`tests/layers.rs` reads the list
//! below and holds the sources to it; `schedule_check` is a test over them all):
//!
//! Layers: `render` → `playview`, `stormview` → `spectator` → `watch` → `screens` →
//! `schedule_check`
//!

pub mod playview;
pub mod render;
pub mod screens;
pub mod spectator;
pub mod stormview;
pub mod watch;

#[cfg(test)]
mod schedule_check;

use aeternus_core::schedule::FrameSystems;
use bevy::prelude::*;

/// The views' stages of the frame (`Update`), placed among the core's [`FrameSystems`]: the
/// menus and a person's input after `Reload` and before `Bots`, so an action taken this frame
/// is resolved this frame; framing and drawing after `Save`, on the world as the rules left it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViewSystems {
    /// The menus' keys and pointer into the item taken (`screens::widgets`).
    MenuInput,
    /// Each open menu does what its item taken says (`screens`).
    Menus,
    /// Read keys and the pointer through the one key map of every window into commands
    /// (`render::input`).
    Bindings,
    /// Commands into actions.
    Commands,
    /// The camera frames a new game's first sight, once the rules have generated it
    /// (`screens::start`).
    Framing,
    /// Read-only: tiles, sprites, HUD.
    Render,
}

/// The menus' order within [`ViewSystems::Menus`]: one menu is open at a time, but their
/// systems share the menu state and the item selected, so they run in a stated order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreenSystems {
    /// The end of the game opens its screen (`screens::game_over`).
    End,
    Title,
    NewGame,
    Load,
    Join,
    Pause,
    Controls,
    GameOver,
}

/// Orders the views' stages against the core's. Every view plugin adds it ([`view_sets`]), so
/// an app orders them once, whichever views it has.
pub struct ViewSetsPlugin;

impl Plugin for ViewSetsPlugin {
    fn build(&self, app: &mut App) {
        aeternus_core::schedule::core_sets(app);
        app.configure_sets(
            Update,
            (
                FrameSystems::Reload,
                ViewSystems::MenuInput,
                ViewSystems::Menus,
                ViewSystems::Bindings,
                ViewSystems::Commands,
                FrameSystems::Bots,
            )
                .chain(),
        );
        app.configure_sets(
            Update,
            (
                FrameSystems::Save,
                ViewSystems::Framing,
                ViewSystems::Render,
            )
                .chain(),
        );
    }
}

/// Adds [`ViewSetsPlugin`] unless the app has it.
pub fn view_sets(app: &mut App) {
    if !app.is_plugin_added::<ViewSetsPlugin>() {
        app.add_plugins(ViewSetsPlugin);
    }
}
