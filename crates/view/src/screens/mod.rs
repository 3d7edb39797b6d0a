//! The screens of the game window as Bevy [`States`]: the title ([`Screen::Title`]), the game,
//! the in-game menu ([`Screen::Paused`], on Escape) and the end of the game
//! ([`Screen::GameOver`]), and within them the [`Menu`] panel that is open. One plugin per menu;
//! every menu is driven by the keyboard and the mouse alike ([`widgets`]).
//!
//! With no options that choose a game the window opens on the title; otherwise the game starts
//! at once (`aeternus::game::run`). The game's own stages run only in [`Screen::Game`]
//! (`configure_screens`).

mod controls;
mod game_over;
pub mod join;
mod load;
mod new_game;
mod pause;
pub mod saves;
pub mod script;
pub mod seed;
pub mod start;
mod title;
pub mod typing;
pub mod widgets;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use aeternus_core::schedule::FrameSystems;
use bevy::prelude::*;

use crate::{ScreenSystems, ViewSystems};

/// Where the window is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    Game,
    /// The in-game menu is open: the game waits.
    Paused,
    /// The game has ended: its standings.
    GameOver,
}

/// The menu panel open, if any.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Menu {
    #[default]
    None,
    Main,
    NewGame,
    Load,
    Pause,
    Controls,
    GameOver,
    Join,
}

/// What this process was started with, which a game started from the menus may keep (the
/// ruleset and mods are fixed at start: their asset sources are) or start anew with.
#[derive(Resource, Debug, Clone)]
pub struct Launch {
    /// `--rules`: `aeternus`, `storm` or a file.
    pub rules: String,
    /// The `--mod` folders, in order.
    pub mods: Vec<PathBuf>,
    /// `--bot`: where it names a kind other than its default (random) and no table was named,
    /// New game offers bots of that kind on every seat but the first.
    pub bot: aeternus_core::play::Bot,
    /// The table the command line named (`--seats`, or `--players` and `--bots`), which New
    /// game offers; `None`: the rules' number of seats.
    pub table: Option<Vec<aeternus_core::play::SeatKind>>,
    /// `--save`, if given.
    pub save: Option<PathBuf>,
    /// The seed a new game offers (`--seed`, else a random one).
    pub seed: u64,
}

/// The screens, starting on `first`.
pub struct ScreensPlugin {
    pub first: Screen,
    pub launch: Launch,
}

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        crate::view_sets(app);
        configure_screens(app);
        if self.first == Screen::Title {
            app.insert_resource(crate::playview::seat::SeatLater);
        }
        app.insert_state(self.first)
            .init_state::<Menu>()
            .insert_resource(self.launch.clone())
            .add_plugins((
                widgets::plugin,
                title::plugin,
                new_game::plugin,
                load::plugin,
                pause::plugin,
                controls::plugin,
                game_over::plugin,
                join::plugin,
                start::plugin,
            ))
            .add_systems(OnEnter(Screen::Title), open(Menu::Main))
            .add_systems(OnEnter(Screen::Paused), open(Menu::Pause))
            .add_systems(OnEnter(Screen::GameOver), open(Menu::GameOver))
            .add_systems(OnEnter(Screen::Game), open(Menu::None));
    }
}

/// Opens a menu (its first item selected). Writes [`NextState<Menu>`] and [`widgets::Selected`].
pub fn open(menu: Menu) -> impl Fn(ResMut<NextState<Menu>>, ResMut<widgets::Selected>) {
    move |mut next: ResMut<NextState<Menu>>, mut selected: ResMut<widgets::Selected>| {
        next.set(menu);
        selected.0 = 0;
    }
}

/// The game's own stages, from the keys to the rules, run only while a game is on, never on the
/// title, in the in-game menu or once it is over; the menus in a stated order.
fn configure_screens(app: &mut App) {
    for stage in [ViewSystems::Bindings, ViewSystems::Commands] {
        app.configure_sets(Update, stage.run_if(in_state(Screen::Game)));
    }
    for stage in [FrameSystems::Bots, FrameSystems::Walk, FrameSystems::Rules] {
        app.configure_sets(Update, stage.run_if(in_state(Screen::Game)));
    }
    app.configure_sets(
        Update,
        (
            ScreenSystems::End,
            ScreenSystems::Title,
            ScreenSystems::NewGame,
            ScreenSystems::Load,
            ScreenSystems::Join,
            ScreenSystems::Pause,
            ScreenSystems::Controls,
            ScreenSystems::GameOver,
        )
            .chain()
            .in_set(ViewSystems::Menus),
    );
}
