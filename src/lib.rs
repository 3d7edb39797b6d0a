//! Aeternus: a hex-world strategy game on an infinite, lazily generated world.
//!
//! The rules core (`hex`, `rules`, `world`, `worldgen`, `play`) runs headless; `render` draws it.
//! All system ordering lives here, in [`AppSystems`].

pub mod art;
pub mod cli;
pub mod export;
pub mod game;
pub mod hex;
pub mod input;
pub mod mods;
pub mod play;
pub mod playview;
pub mod render;
pub mod rules;
pub mod save;
pub mod screens;
pub mod sim;
pub mod sites;
pub mod spectator;
pub mod storm;
pub mod stormview;
pub mod world;
pub mod worldgen;

#[cfg(test)]
mod mutations;
#[cfg(test)]
mod schedule_check;

use bevy::prelude::*;

/// The stages of the game, in order: those of the frame (`Update`), and within its `Rules` stage
/// those of one pass of the rules (the [`world::plugin::Resolve`] schedule, run pass after pass
/// until the frame's actions are settled). Every system of the game goes into one of them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    // The frame (`Update`).
    /// A saved rule file swaps the rules (`rules::reload`), before anything of the frame reads
    /// them.
    Reload,
    /// The menus' keys and pointer into the item taken (`screens::widgets`).
    MenuInput,
    /// Each open menu does what its item taken says (`screens`).
    Menus,
    /// Read keys and the pointer into commands, one key map for every window (`render::input`).
    Controls,
    /// Commands into actions.
    Input,
    /// Bots get this frame's budget of actions, at their pace (`play::bots`).
    Bots,
    /// Standing orders into actions: the next step of each walk (`play::walk`).
    Walk,
    /// The rules: [`world::plugin::settle`] runs the passes of `Resolve` (the storm map's
    /// commands run here too).
    Rules,
    /// The log takes what the rules did (`play::log`).
    Record,
    /// Saves, taken between whole actions once the frame's rules are settled (`save::autosave`).
    Save,
    /// The camera frames a new game's first sight, once the rules have generated it
    /// (`screens::start`).
    Frame,
    /// Read-only: tiles, sprites, HUD.
    Render,

    // One pass of the rules (`Resolve`).
    /// One action, when the world is settled: checked (player, turn, AP) and passed on as a
    /// move attempt or an order (`play::actions`).
    Act,
    /// The one generation system: move targets, and the views asked for in the last pass
    /// (`world::plugin`); the site layer rolls the new hexes.
    Generate,
    /// Construction, stag travel, the end of a turn (`play::construction`, `play::stagways`,
    /// `play::actions`).
    Orders,
    /// Pylons keep their rings clean: a corrupted hex just generated inside one, or the rings of a
    /// pylon just built, before any later system reads a hex (`play::corruption`); corruption
    /// never spreads into a ring, so none is ever seen there.
    Cleanse,
    /// Movement hazards, one system each: a Lake blocks, a Swamp holds back, then the step
    /// (`play::hazards`, `play::movement`).
    Hazards,
    /// Arrival: corruption spreads to the hex left for a corrupted one (`play::corruption`).
    Arrive,
    /// Flags follow their hexes: raised when built, lost when corrupted (`play::flags`).
    Flags,
    /// The winds of the hex entered: a blow is a move attempt for the next pass
    /// (`play::hazards`).
    Winds,
    /// Viewers follow players and ask for their sight, generated in the next pass
    /// (`play::players`, `world::plugin`).
    Sight,
    /// The phase turns once nobody can act (`play::phase`); the factions are scored and the
    /// game ends when the goal says so (`play::goals`).
    Phase,
    /// The bot to act, if the world is settled and the frame's budget allows, decides its next
    /// action on the world as this pass left it (`play::bots`), taken by the next pass.
    Decide,
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
            AppSystems::MenuInput,
            AppSystems::Menus,
            AppSystems::Controls,
            AppSystems::Input,
            AppSystems::Bots,
            AppSystems::Walk,
            AppSystems::Rules,
            AppSystems::Record,
            AppSystems::Save,
            AppSystems::Frame,
            AppSystems::Render,
        )
            .chain(),
    );
    app.configure_sets(
        world::plugin::Resolve,
        (
            AppSystems::Act,
            AppSystems::Generate,
            AppSystems::Orders,
            AppSystems::Cleanse,
            AppSystems::Hazards,
            AppSystems::Arrive,
            AppSystems::Flags,
            AppSystems::Winds,
            AppSystems::Sight,
            AppSystems::Phase,
            AppSystems::Decide,
        )
            .chain(),
    );
}

/// The menus' order within [`AppSystems::Menus`]: one menu is open at a time, but their systems
/// share the menu state and the item selected, so they run in a stated order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreenSystems {
    /// The end of the game opens its screen (`screens::game_over`).
    End,
    Title,
    NewGame,
    Load,
    Pause,
    Controls,
    GameOver,
}

/// The game window's screens (`screens`): the game's own stages, from the keys to the rules,
/// run only while a game is on, never on the title, in the in-game menu or once it is over.
pub fn configure_screens(app: &mut App) {
    for stage in [
        AppSystems::Controls,
        AppSystems::Input,
        AppSystems::Bots,
        AppSystems::Walk,
        AppSystems::Rules,
    ] {
        app.configure_sets(Update, stage.run_if(in_state(screens::Screen::Game)));
    }
    app.configure_sets(
        Update,
        (
            ScreenSystems::End,
            ScreenSystems::Title,
            ScreenSystems::NewGame,
            ScreenSystems::Load,
            ScreenSystems::Pause,
            ScreenSystems::Controls,
            ScreenSystems::GameOver,
        )
            .chain()
            .in_set(AppSystems::Menus),
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
