//! The Load menu: the newest saves and autosaves (`saves`), each with its seed, phase and date,
//! a broken one said to be broken; taking one loads it (a save refused says why here).

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::saves::{Listed, list};
use super::widgets::{self, Act, Note, Take, item, note};
use super::{Launch, Menu, Screen, open, start};
use crate::playview::saving::SavePath;

/// The most saves shown, the newest.
pub const MAX_SHOWN_SAVES: usize = 12;

/// The saves listed, and why the last one taken did not load.
#[derive(Resource, Debug, Default)]
pub struct Listing {
    pub saves: Vec<Listed>,
    pub message: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Load), (prepare, spawn).chain())
        .add_systems(
            Update,
            (take, show)
                .chain()
                .run_if(in_state(Menu::Load))
                .in_set(crate::ScreenSystems::Load),
        );
}

/// The folders saves are in: the saves folder, and the save file's own.
pub fn save_folders(save: Option<&SavePath>) -> Vec<PathBuf> {
    let mut folders = vec![aeternus_core::save::saves_folder()];
    if let Some(p) = save.and_then(|s| s.0.parent()) {
        let p = if p.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            p.to_path_buf()
        };
        if !folders.contains(&p) {
            folders.push(p);
        }
    }
    folders
}

/// Reads [`SavePath`] and the folders; writes [`Listing`].
fn prepare(mut commands: Commands, save: Option<Res<SavePath>>) {
    let mut saves: Vec<Listed> = save_folders(save.as_deref())
        .iter()
        .flat_map(|f| list(f))
        .collect();
    saves.sort_by_key(|s| std::cmp::Reverse(s.modified));
    saves.truncate(MAX_SHOWN_SAVES);
    commands.insert_resource(Listing {
        saves,
        message: None,
    });
}

/// Writes the menu's entities. Reads [`Listing`].
fn spawn(mut commands: Commands, listing: Res<Listing>, save: Option<Res<SavePath>>) {
    let folder = super::saves::shown(&aeternus_core::save::saves_folder().display().to_string());
    let n = listing.saves.len();
    commands
        .spawn(widgets::root(Menu::Load, true))
        .with_children(|root| {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::heading("Load", 30.0));
                panel.spawn(note(
                    format!("Saves in {folder}"),
                    widgets::TEXT.with_alpha(0.6),
                ));
                if n == 0 {
                    let own = save.map_or(String::new(), |s| {
                        format!(" (F5 saves to {})", s.0.display())
                    });
                    panel.spawn(note(format!("No saves yet{own}."), widgets::TEXT));
                }
                for (i, s) in listing.saves.iter().enumerate() {
                    panel.spawn(item(i, Act::LoadSave(i), s.line()));
                }
                panel.spawn(item(n, Act::Back, "Back"));
                panel.spawn((note("", widgets::WRONG), Reason));
            });
        });
}

/// The line that says why a save did not load.
#[derive(Component)]
struct Reason;

/// Where Back leads: the screen the menu is over, and the menu to open with its selection.
#[derive(SystemParam)]
struct BackTo<'w> {
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Menu>>,
    selected: ResMut<'w, widgets::Selected>,
}

/// What loading a save takes: the saves listed (and why the last one taken did not load), how
/// the game was launched, and the commands that load it in place.
#[derive(SystemParam)]
struct Loading<'w, 's> {
    listing: ResMut<'w, Listing>,
    launch: Res<'w, Launch>,
    commands: Commands<'w, 's>,
}

/// Reads [`Take`], [`Listing`], [`Launch`] and the screen; writes the menu open ([`BackTo`]) and
/// loads the save taken, in place or by restarting the process ([`Loading`]).
fn take(mut taken: MessageReader<Take>, back: BackTo, loading: Loading) {
    let Some(t) = widgets::taken_in(Menu::Load, &mut taken) else {
        return;
    };
    let Loading {
        mut listing,
        launch,
        mut commands,
    } = loading;
    match t.act {
        Act::Back if *back.screen.get() == Screen::Paused => {
            open(Menu::Pause)(back.next, back.selected)
        }
        Act::Back => open(Menu::Main)(back.next, back.selected),
        Act::LoadSave(i) => {
            let Some(s) = listing.saves.get(i) else {
                return;
            };
            if let Err(why) = &s.summary {
                listing.message = Some(format!("{} is broken: {why}", s.name));
                return;
            }
            let path = s.path.clone();
            if launch.rules == "storm" {
                listing.message = Some(start::relaunch(&start::load_args(&path, &launch)));
                return;
            }
            commands.queue(move |world: &mut World| {
                if let Err(why) = start::load_here(world, &path) {
                    warn!("{why}");
                    world.resource_mut::<Listing>().message =
                        Some(format!("Not loaded: {}", super::saves::shown(&why)));
                }
            });
        }
        _ => {}
    }
}

/// Reads [`Listing`]; writes the message line.
fn show(listing: Res<Listing>, mut lines: Query<&mut Text, (With<Note>, With<Reason>)>) {
    if !listing.is_changed() {
        return;
    }
    for mut text in &mut lines {
        text.0 = listing.message.clone().unwrap_or_default();
    }
}
