//! The New game menu: a seed field (typed, pasted with Ctrl+V, or a random seed; Copy seed or
//! Ctrl+C puts it on the platform's clipboard), the number of players and who plays each seat
//! (a person or a kind of bot, Left/Right on the seat's row, the note saying how a bot plays),
//! the ruleset and the installed mods; Start and Back.

use std::path::PathBuf;

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::seed::{SeedField, random_seed};
use super::start::{self, NewGame};
use super::typing::{self, Typed};
use super::widgets::{self, Act, Label, Note, Take, item, note};
use super::{Launch, Menu, open};
use aeternus_core::play::{Bot, MAX_SEATS, SeatKind, table_of};
use aeternus_core::world::plugin::WorldRules;

/// The most installed mods offered (the first, by folder).
pub const MAX_MODS_LISTED: usize = 12;

/// Who may play a seat, in the order Left/Right steps through them: a person, then each kind
/// of bot.
pub fn seat_kinds() -> impl Iterator<Item = SeatKind> {
    std::iter::once(SeatKind::Human).chain(Bot::all().map(SeatKind::Bot))
}

/// What the note says of a bot chosen for a seat.
pub fn how_it_plays(bot: Bot) -> String {
    format!("{}: {}.", bot.name(), bot.plays())
}

/// The menu's choices so far.
#[derive(Resource, Debug, Clone)]
pub struct Form {
    pub seed: SeedField,
    pub players: u32,
    /// Who plays each seat, [`MAX_SEATS`] of them: the first `players` are the table, the
    /// others are kept for when it grows.
    pub seats: Vec<SeatKind>,
    pub storm: bool,
    /// Each installed mod: its folder, its name or why it is broken, and whether it is chosen.
    pub mods: Vec<(PathBuf, Result<String, String>, bool)>,
    /// Why the game did not start, or what a copy or a paste did (`Ok`: no fault).
    pub message: Option<Result<String, String>>,
}

impl Form {
    /// The form on the launch's seed, table and mods; `players` is the rules' count of seats,
    /// offered when the launch named no table.
    pub fn new(
        launch: &Launch,
        players: u32,
        installed: Vec<(PathBuf, Result<String, String>)>,
    ) -> Self {
        let mods = installed
            .into_iter()
            .take(MAX_MODS_LISTED)
            .map(|(folder, m)| {
                // Spelled as the launch spells it, so a game of the launch's mods is told apart.
                match launch.mods.iter().find(|l| same_folder(l, &folder)) {
                    Some(l) if m.is_ok() => (l.clone(), m, true),
                    _ => (folder, m, false),
                }
            })
            .collect();
        let table = offered_table(launch, players);
        let mut seats = table.clone();
        let last = *table.last().unwrap_or(&SeatKind::Human);
        seats.resize(MAX_SEATS as usize, last);
        Self {
            seed: SeedField::offering(launch.seed),
            players: table.len() as u32,
            seats,
            storm: launch.rules == "storm",
            mods,
            message: None,
        }
    }

    /// Steps a choice (Left/Right, or a click: on).
    pub fn step(&mut self, act: Act, step: i32) {
        let step = if step == 0 { 1 } else { step };
        let wrap = |v: u32, lo: u32, hi: u32| {
            let span = (hi - lo + 1) as i64;
            (lo as i64 + (v as i64 - lo as i64 + step as i64).rem_euclid(span)) as u32
        };
        match act {
            Act::Players => self.players = wrap(self.players, 1, MAX_SEATS),
            Act::Seat(i) => {
                let kinds: Vec<SeatKind> = seat_kinds().collect();
                if let Some(seat) = self.seats.get_mut(i) {
                    let at = kinds.iter().position(|k| k == seat).unwrap_or(0) as u32;
                    *seat = kinds[wrap(at, 0, kinds.len() as u32 - 1) as usize];
                    self.message = seat.bot().map(|b| Ok(how_it_plays(b)));
                }
            }
            Act::Ruleset => self.storm = !self.storm,
            Act::Mod(i) => {
                if let Some((_, m, chosen)) = self.mods.get_mut(i) {
                    match m {
                        Ok(_) => *chosen = !*chosen,
                        Err(e) => self.message = Some(Err(format!("That mod is broken: {e}"))),
                    }
                }
            }
            Act::RandomSeed => self.seed = SeedField::offering(random_seed()),
            _ => {}
        }
    }

    /// Who plays each seat of the table chosen.
    pub fn table(&self) -> &[SeatKind] {
        &self.seats[..(self.players as usize).min(self.seats.len())]
    }

    /// The game chosen, or why there is none.
    pub fn game(&self) -> Result<NewGame, String> {
        let seed = self.seed.seed()?;
        Ok(NewGame {
            seed,
            table: self.table().to_vec(),
            storm: self.storm,
            mods: self
                .mods
                .iter()
                .filter(|m| m.2)
                .map(|m| m.0.clone())
                .collect(),
        })
    }
}

/// The table offered first: the one the command line named; else, where `--bot` named a kind
/// (other than its default, random), the first of `players` seats a person and the others its
/// bots; else `players` people.
fn offered_table(launch: &Launch, players: u32) -> Vec<SeatKind> {
    let players = players.clamp(1, MAX_SEATS);
    match &launch.table {
        Some(table) if (1..=MAX_SEATS as usize).contains(&table.len()) => table.clone(),
        _ if launch.bot != Bot::RANDOM => table_of(players, players - 1, launch.bot),
        _ => vec![SeatKind::Human; players as usize],
    }
}

fn same_folder(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The installed mods, each by name and version or why it is broken (cleaned for the screen).
pub fn installed_mods() -> Vec<(PathBuf, Result<String, String>)> {
    aeternus_core::mods::installed(&aeternus_core::mods::install_folders())
        .into_iter()
        .take(MAX_MODS_LISTED)
        .map(|(folder, m)| {
            let m = m
                .map(|m| super::saves::shown(&format!("{} {}", m.name, m.version)))
                .map_err(|e| super::saves::shown(&e.to_string()));
            (folder, m)
        })
        .collect()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::NewGame), (prepare, spawn).chain())
        .add_systems(
            Update,
            (type_seed, take, rebuild, show)
                .chain()
                .run_if(in_state(Menu::NewGame))
                .in_set(crate::ScreenSystems::NewGame),
        );
}

/// The form, on the launch's seed and the rules' table. Reads [`Launch`], the rules and the
/// installed mods; writes [`Form`].
fn prepare(mut commands: Commands, launch: Res<Launch>, rules: WorldRules) {
    let players = aeternus_core::play::default_seats(&rules).min(MAX_SEATS);
    commands.insert_resource(Form::new(&launch, players, installed_mods()));
}

/// The item list: the seed, its random and copy buttons, the number of players and a row a
/// seat, the ruleset, the mods, Start, Back.
fn items(form: &Form) -> Vec<Act> {
    let mut acts = vec![Act::Seed, Act::RandomSeed, Act::CopySeed, Act::Players];
    acts.extend((0..form.table().len()).map(Act::Seat));
    acts.push(Act::Ruleset);
    acts.extend((0..form.mods.len()).map(Act::Mod));
    acts.extend([Act::Start, Act::Back]);
    acts
}

/// The New game menu's root: taken down and written again when seats come or go.
#[derive(Component, Debug, Clone, Copy)]
struct FormPanel;

/// Writes the menu's entities and selects Start. Reads [`Form`].
fn spawn(mut commands: Commands, form: Res<Form>, mut selected: ResMut<widgets::Selected>) {
    selected.0 = items(&form).len() - 2;
    spawn_panel(&mut commands, &form);
}

/// A player more or fewer: the menu written again, a row for each seat (the selected item
/// stays, the number of players above the seats). Reads [`Form`] and the items; writes the
/// menu's entities.
fn rebuild(
    mut commands: Commands,
    form: Res<Form>,
    spawned: Query<&widgets::Item>,
    panels: Query<Entity, With<FormPanel>>,
) {
    if !form.is_changed() || spawned.iter().count() == items(&form).len() {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    spawn_panel(&mut commands, &form);
}

/// The menu's entities: its items top to bottom, the seats two abreast.
fn spawn_panel(commands: &mut Commands, form: &Form) {
    let acts = items(form);
    let seats: Vec<(usize, Act)> = (acts.iter().copied().enumerate())
        .filter(|(_, act)| matches!(act, Act::Seat(_)))
        .collect();
    commands
        .spawn((widgets::root(Menu::NewGame, true), FormPanel))
        .with_children(|root| {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::heading("New game", 30.0));
                for (i, &act) in acts.iter().enumerate() {
                    match act {
                        Act::Seat(0) => {
                            panel.spawn(widgets::pairs()).with_children(|pairs| {
                                for &(i, act) in &seats {
                                    pairs.spawn(widgets::half_item(i, act, label(form, act)));
                                }
                            });
                        }
                        Act::Seat(_) => {}
                        _ => {
                            panel.spawn(item(i, act, label(form, act)));
                        }
                    }
                    if act == Act::Seed {
                        panel.spawn(note("", widgets::WRONG));
                    }
                }
            });
        });
}

/// An item's words.
fn label(form: &Form, act: Act) -> String {
    match act {
        Act::Seed => format!("Seed: {}_", form.seed.text),
        Act::RandomSeed => "Random seed".into(),
        Act::CopySeed => "Copy seed".into(),
        Act::Players => format!("Players: < {} >", form.players),
        Act::Seat(i) => format!(
            "Seat {}: < {} >",
            i + 1,
            form.seats.get(i).map_or("", |s| s.name())
        ),
        Act::Ruleset => format!(
            "Ruleset: < {} >",
            if form.storm { "storm" } else { "Aeternus" }
        ),
        Act::Mod(i) => match form.mods.get(i) {
            Some((_, Ok(name), chosen)) => {
                format!("Mod [{}] {name}", if *chosen { "x" } else { " " })
            }
            Some((folder, Err(_), _)) => format!(
                "Mod {} (broken)",
                super::saves::shown(&folder.file_name().unwrap_or_default().to_string_lossy())
            ),
            None => String::new(),
        },
        Act::Start => "Start".into(),
        Act::Back => "Back".into(),
        _ => String::new(),
    }
}

/// Typing goes to the seed field; Backspace takes a character off; Ctrl+C copies the seed and
/// Ctrl+V pastes into the field. Reads the keyboard's input; writes [`Form`] and the clipboard.
fn type_seed(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    mut form: ResMut<Form>,
    mut clipboard: Option<ResMut<Clipboard>>,
) {
    for t in typing::typed(&mut keys, &held) {
        match t {
            Typed::Copy => form.message = Some(copy_seed(&form, clipboard.as_deref_mut())),
            Typed::Paste => {
                form.message = paste_seed(&mut form, clipboard.as_deref_mut())
                    .err()
                    .map(Err);
            }
            Typed::Backspace => form.seed.backspace(),
            Typed::Text(text) => form.seed.type_text(&text),
        }
    }
}

/// Puts the seed on the platform's clipboard and reads it back: what happened, said for the
/// menu (an error where the field holds no seed or the platform has no clipboard).
pub fn copy_seed(form: &Form, clipboard: Option<&mut Clipboard>) -> Result<String, String> {
    let seed = form
        .seed
        .seed()
        .map_err(|why| format!("Nothing copied: {why}"))?;
    let clipboard = clipboard.ok_or("Nothing copied: no clipboard here")?;
    let text = seed.to_string();
    clipboard
        .set_text(text.as_str())
        .map_err(|e| format!("Nothing copied: {e}"))?;
    match clipboard.fetch_text() {
        ClipboardRead::Ready(Ok(back)) if back == text => {
            info!("seed {seed} copied to the clipboard");
            Ok(format!("Seed {seed} copied to the clipboard."))
        }
        // Where the platform answers later (the web), the copy is taken as made.
        ClipboardRead::Pending(_) => Ok(format!("Seed {seed} copied to the clipboard.")),
        _ => Err("Nothing copied: the clipboard kept something else".into()),
    }
}

/// Types the clipboard's text into the seed field, as typed text is checked (printable
/// characters, at most the field's length); the field then says whether it is a seed.
pub fn paste_seed(form: &mut Form, clipboard: Option<&mut Clipboard>) -> Result<(), String> {
    form.seed.paste(&typing::clipboard_text(clipboard)?);
    Ok(())
}

/// Reads [`Take`] and [`Launch`]; writes [`Form`], the menu open, and starts the
/// game (in place, or by restarting the process).
fn take(
    mut taken: MessageReader<Take>,
    mut form: ResMut<Form>,
    launch: Res<Launch>,
    next: ResMut<NextState<Menu>>,
    selected: ResMut<widgets::Selected>,
    mut commands: Commands,
    mut clipboard: Option<ResMut<Clipboard>>,
) {
    let Some(t) = widgets::taken_in(Menu::NewGame, &mut taken) else {
        return;
    };
    match t.act {
        Act::Back => open(Menu::Main)(next, selected),
        Act::Start => match form.game() {
            Err(why) => form.message = Some(Err(format!("Not started: {why}"))),
            Ok(game) if start::starts_in_place(&game, &launch) => {
                commands.queue(move |world: &mut World| {
                    start::start_new_here(world, game.seed, &game.table);
                });
            }
            Ok(game) => {
                let why = start::relaunch(&start::new_game_args(&game, &launch));
                form.message = Some(Err(why));
            }
        },
        Act::Seed => {}
        Act::CopySeed => form.message = Some(copy_seed(&form, clipboard.as_deref_mut())),
        act => {
            form.message = None;
            form.step(act, t.step);
        }
    }
}

/// The items' words and the seed's validity. Reads [`Form`]; writes the labels and the note.
fn show(
    form: Res<Form>,
    mut labels: Query<(&Label, &mut Text), Without<Note>>,
    mut notes: Query<(&mut Text, &mut TextColor), With<Note>>,
) {
    if !form.is_changed() {
        return;
    }
    for (l, mut text) in &mut labels {
        let want = label(&form, l.0);
        if text.0 != want {
            text.0 = want;
        }
    }
    let (words, colour) = match (&form.message, form.seed.seed()) {
        (Some(Err(m)), _) => (m.clone(), widgets::WRONG),
        (Some(Ok(m)), _) => (m.clone(), widgets::TEXT),
        (None, Err(why)) => (format!("Not a seed: {why}"), widgets::WRONG),
        (None, Ok(_)) => (
            "Type a seed, or take a random one.".into(),
            widgets::TEXT.with_alpha(0.6),
        ),
    };
    for (mut text, mut c) in &mut notes {
        text.0 = words.clone();
        c.0 = colour;
    }
}
