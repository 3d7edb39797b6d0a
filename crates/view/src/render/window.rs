//! The game's windows: Bevy's default plugins with the window's title, over the game's asset
//! sources (mods, the `assets` folder, the embedded defaults), and the rule and art loaders.
//! Every window of the game opens through here: the Aeternus game, the storm map, a watched
//! game.

use bevy::prelude::*;

use aeternus_core::mods::Sources;

/// The window's title: the ruleset and the seed, which a player can share.
pub fn window_title(ruleset: &str, seed: u64) -> String {
    format!("Aeternus — {ruleset} (seed {seed})")
}

/// Bevy's default plugins with the game's window title, over the game's asset sources (mods,
/// the `assets` folder, the embedded defaults), which register first; the rule assets' loaders.
pub fn window_plugins(app: &mut App, sources: &Sources, ruleset: &str, seed: u64) {
    window_plugins_titled(app, sources, window_title(ruleset, seed));
}

/// [`window_plugins`] with the window's title given.
pub fn window_plugins_titled(app: &mut App, sources: &Sources, title: String) {
    sources.register(app);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window { title, ..default() }),
                // Closing the spectator window leaves the game running; closing the game ends
                // both.
                exit_condition: bevy::window::ExitCondition::OnPrimaryClosed,
                ..default()
            })
            .set(Sources::asset_plugin(true)),
    );
    app.add_plugins((
        aeternus_core::mods::asset::plugin,
        super::art_loader::plugin,
    ));
    // The frame's systems on one thread, as the rules' passes already are: each is small, and
    // the multi-threaded executor's waking and waiting cost several times their work (2.5-3.6
    // ms against 0.3 ms a frame, measured on two cores beside a software renderer).
    app.edit_schedule(Update, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
}
