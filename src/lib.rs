//! Aeternus: a hex-world strategy game on an infinite, lazily generated world.
//!
//! The rules core (`hex`, `rules`, `world`, `aeternus`, `play`) runs headless; `render` draws it.
//! All system ordering lives here, in [`AppSystems`].

pub mod aeternus;
pub mod cli;
pub mod export;
pub mod game;
pub mod hex;
pub mod input;
pub mod play;
pub mod playview;
pub mod render;
pub mod rules;
pub mod save;
pub mod sites;
pub mod spectator;
pub mod storm;
pub mod stormview;
pub mod world;

#[cfg(test)]
mod mutations;
#[cfg(test)]
mod schedule_check;

use bevy::prelude::*;

/// The frame's stages, in order. Every system of the game goes into one of them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// A saved rule file swaps the rules (`rules::reload`), before anything of the frame reads
    /// them.
    Reload,
    /// Read keys and the pointer into commands, one key map for every window (`render::input`).
    Controls,
    /// Commands and bots into actions.
    Input,
    /// Standing orders into actions: the next step of each walk (`play::walk`).
    Walk,
    /// Resolve actions by the rules (moves, hazards, construction).
    Play,
    /// Generate requested hexes.
    Generate,
    /// Corruption spreading and pylon cleansing.
    Spread,
    /// Saves, taken between whole actions once the frame's rules are done (`save::autosave`).
    Save,
    /// Read-only: tiles, sprites, HUD.
    Render,
}

/// Orders the stages; added by every app, windowed or headless. No two systems of the game may
/// run in no stated order while touching the same data (the schedule check errors on any): a
/// pair that truly cannot conflict would be allowed here, with `ignore_ambiguity` and its reason.
/// There is none.
pub fn configure_sets(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Reload,
            AppSystems::Controls,
            AppSystems::Input,
            AppSystems::Walk,
            AppSystems::Play,
            AppSystems::Generate,
            AppSystems::Spread,
            AppSystems::Save,
            AppSystems::Render,
        )
            .chain(),
    );
}

/// The headless rules core for a ruleset and seed: what tests and the generator build on.
pub fn core_plugins(rules: rules::Rules, seed: u64) -> impl FnOnce(&mut App) {
    move |app: &mut App| {
        configure_sets(app);
        app.add_plugins(world::WorldPlugin { rules, seed })
            .add_plugins(play::plugin);
    }
}
