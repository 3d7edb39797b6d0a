//! The title screen: New game, Load, Join, Host, Quit.

use bevy::prelude::*;

use super::widgets::{self, Act, Take, item};
use super::{Launch, Menu, open};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Main), spawn).add_systems(
        Update,
        take.run_if(in_state(Menu::Main))
            .in_set(crate::ScreenSystems::Title),
    );
}

/// Writes the title's entities.
fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::root(Menu::Main, true),
        children![(
            widgets::panel(),
            children![
                widgets::heading("Aeternus", 48.0),
                widgets::heading("A hex world, generated as it is seen", 16.0),
                item(0, Act::NewGame, "New game"),
                item(1, Act::LoadMenu, "Load"),
                item(2, Act::JoinMenu, "Join"),
                item(3, Act::Host, "Host"),
                item(4, Act::Quit, "Quit"),
            ],
        )],
    ));
}

/// Reads [`Take`] and [`Launch`]; writes the menu open or [`AppExit`], or starts the process
/// anew hosting a game.
fn take(
    mut taken: MessageReader<Take>,
    next: ResMut<NextState<Menu>>,
    selected: ResMut<widgets::Selected>,
    launch: Res<Launch>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(t) = widgets::taken_in(Menu::Main, &mut taken) else {
        return;
    };
    match t.act {
        Act::NewGame => open(Menu::NewGame)(next, selected),
        Act::LoadMenu => open(Menu::Load)(next, selected),
        Act::JoinMenu => open(Menu::Join)(next, selected),
        Act::Host => {
            let why = super::start::relaunch(&super::join::host_args(&launch));
            error!("{why}");
        }
        Act::Quit | Act::Back => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}
