//! The in-game menu, on Escape (when no station pick is open, which Escape cancels first):
//! Resume, Save, Load, Controls, Quit to title. The game waits while it is open.

use bevy::prelude::*;

use crate::ViewSystems;

use super::widgets::{self, Act, Note, Take, item, note};
use super::{Menu, Screen, open};
use crate::playview::saving::SavePath;
use crate::playview::travel::StationPick;
use crate::render::input::Command;

/// What the last Save did.
#[derive(Resource, Debug, Default)]
pub struct Said(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Said>()
        .add_systems(
            Update,
            escape
                .before(crate::playview::input::perform)
                .in_set(ViewSystems::Commands),
        )
        .add_systems(OnEnter(Menu::Pause), spawn)
        .add_systems(
            Update,
            (take, show)
                .chain()
                .run_if(in_state(Menu::Pause))
                .in_set(crate::ScreenSystems::Pause),
        );
}

/// Escape opens the menu, unless it cancels a station pick. Reads the commands and the pick;
/// writes the screen.
fn escape(
    mut commands: MessageReader<Command>,
    pick: Res<StationPick>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if commands.read().any(|&c| c == Command::Cancel) && pick.0.is_none() {
        screen.set(Screen::Paused);
    }
}

/// Writes the menu's entities.
fn spawn(mut commands: Commands, mut said: ResMut<Said>) {
    said.0 = None;
    commands.spawn((
        widgets::root(Menu::Pause, false),
        children![(
            widgets::panel(),
            children![
                widgets::heading("Paused", 30.0),
                item(0, Act::Resume, "Resume"),
                item(1, Act::SaveGame, "Save"),
                item(2, Act::LoadMenu, "Load"),
                item(3, Act::Controls, "Controls"),
                item(4, Act::QuitToTitle, "Quit to title"),
                note("", widgets::TEXT),
            ],
        )],
    ));
}

/// Reads [`Take`]; writes the screen (back to the game, or to the title), the menu open,
/// [`Said`]; saves the game.
fn take(
    mut taken: MessageReader<Take>,
    mut screen: ResMut<NextState<Screen>>,
    next: ResMut<NextState<Menu>>,
    selected: ResMut<widgets::Selected>,
    mut commands: Commands,
) {
    let Some(t) = widgets::taken_in(Menu::Pause, &mut taken) else {
        return;
    };
    match t.act {
        Act::Resume | Act::Back => screen.set(Screen::Game),
        Act::SaveGame => {
            commands.queue(|world: &mut World| {
                let words = save_now(world);
                world.resource_mut::<Said>().0 = Some(words);
            });
        }
        Act::LoadMenu => open(Menu::Load)(next, selected),
        Act::Controls => open(Menu::Controls)(next, selected),
        // The game stays drawn behind the title until another replaces it. The title opens
        // on its first item: a key pressed before its menu is up must not take the item
        // of this menu's place.
        Act::QuitToTitle => {
            screen.set(Screen::Title);
            open(Menu::Main)(next, selected);
        }
        _ => {}
    }
}

/// Saves the game to the save file, as F5 does; says where, or why not.
pub fn save_now(world: &mut World) -> String {
    let path = world
        .get_resource::<SavePath>()
        .map_or_else(aeternus_core::save::default_save_path, |p| p.0.clone());
    crate::playview::saving::save_to(world, &path)
}

/// Reads [`Said`]; writes the note.
fn show(said: Res<Said>, mut notes: Query<&mut Text, With<Note>>) {
    if !said.is_changed() {
        return;
    }
    for mut text in &mut notes {
        text.0 = said.0.clone().unwrap_or_default();
    }
}
