//! The Controls panel of the in-game menu: the keys and the mouse.

use bevy::prelude::*;

use super::widgets::{self, Act, Take, item};
use super::{Menu, Screen, open};

/// The controls, a line each.
pub const CONTROLS: &str = "\
Q W E / A S D: move Weast, North, Ashe / Zest, South, Mouth
Left click on a hex: move there (farther: walk the cheapest way)
1 2 3 4: build a Flag, a Pylon, a Stag Station, a Boardwalk
G: gather   R: search for sites   T: stagways (Enter travels, Esc cancels)
Space or Enter: end the turn   Tab: show the next player
V: the site layer   P: the standings (scores over the phases)   F5: save
U: the advances (then 1 to 9 buy one for your faction; U closes)
F10: the spectator window   F11: whose sites it shows
Online, the host in the lobby: Enter starts, 1 to 9 choose the rules, = and - the length
Wheel: zoom   drag or the arrows: pan
Esc: this menu
In menus: Up/Down or Tab select, Enter takes, Left/Right change, Esc goes back";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Controls), spawn).add_systems(
        Update,
        take.run_if(in_state(Menu::Controls))
            .in_set(crate::ScreenSystems::Controls),
    );
}

/// Writes the panel's entities.
fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::root(Menu::Controls, false),
        children![(
            widgets::panel(),
            children![
                widgets::heading("Controls", 30.0),
                (
                    Text::new(CONTROLS),
                    widgets::font(16.0),
                    TextColor(widgets::TEXT)
                ),
                item(0, Act::Back, "Back"),
            ],
        )],
    ));
}

/// Reads [`Take`] and the screen; writes the menu open.
fn take(
    mut taken: MessageReader<Take>,
    screen: Res<State<Screen>>,
    next: ResMut<NextState<Menu>>,
    selected: ResMut<widgets::Selected>,
) {
    if widgets::taken_in(Menu::Controls, &mut taken).is_none() {
        return;
    }
    let back = if *screen.get() == Screen::Paused {
        Menu::Pause
    } else {
        Menu::Main
    };
    open(back)(next, selected);
}
