//! The headless core of Aeternus: the rules, the worlds, play, bots, saves and headless games.
//! It links no renderer, window, UI or network; the views (`aeternus-view`) and the command line
//! (`aeternus`) sit above it. A module imports from its own layer and those below it, never up
//! (`tests/layers.rs` reads the list below and holds the sources to it):
//!
//! Layers: `capped`, `schedule`, `per_game` → `hex` → `rules` → `worldgen` → `world` →
//! `export` → `storm` → `sites` → `mods` → `play` → `save` → `headless` → `sim`
//!

pub mod capped;
pub mod export;
pub mod headless;
pub mod hex;
pub mod mods;
pub mod per_game;
pub mod play;
pub mod rules;
pub mod save;
pub mod schedule;
pub mod sim;
pub mod sites;
pub mod storm;
pub mod world;
pub mod worldgen;

use bevy::prelude::*;

/// The headless rules core for a ruleset and seed: the core's stages, the world and the play
/// rules. What a headless app, the tests and the window all add.
pub struct CorePlugin {
    pub rules: rules::Rules,
    pub seed: u64,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        schedule::core_sets(app);
        app.add_plugins(world::WorldPlugin {
            rules: self.rules.clone(),
            seed: self.seed,
        })
        .add_plugins(play::plugin);
    }
}
