//! Starting a game from the menus. In a process that has not played yet, a game of the
//! process's own ruleset and mods starts in place, through the rules core
//! ([`aeternus_core::play::restart`], [`SaveGame::restore`]); any other (another ruleset or other mods,
//! whose asset sources are fixed at start, or a second game) restarts the process with the
//! options that choose it, which start it at once.

use std::ffi::OsString;
use std::path::PathBuf;

use bevy::prelude::*;

use crate::ViewSystems;
use bevy::window::PrimaryWindow;
use hexx::Hex;

use super::{Launch, Screen};
use crate::render::camera::MainCamera;
use crate::render::{HEX_SIZE, fit_scale};
use aeternus_core::play::{BotPace, SeatKind, restart};
use aeternus_core::save::SaveGame;
use aeternus_core::world::HexWorld;
use aeternus_core::world::plugin::Viewer;

/// A new game as the New game menu chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub seed: u64,
    /// Who plays each seat: a person or a kind of bot.
    pub table: Vec<SeatKind>,
    /// The storm map instead of the Aeternus world.
    pub storm: bool,
    /// Mod folders, in order.
    pub mods: Vec<PathBuf>,
}

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(
        Update,
        frame_sight
            // Once the game's first frame of the rules has run.
            .run_if(resource_exists::<Framing>.and_then(in_state(Screen::Game)))
            .in_set(ViewSystems::Framing),
    );
}

/// The camera is to frame the players' sight around a hex once the first frame of the rules
/// has generated it (a game started from the menus, or one from the command line).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Framing(pub Hex);

/// Frames the widest viewer's sight (a site's bonus included) around the players' hex, and a
/// ring of the frontier (at `--zoom`'s scale when given). Reads [`Framing`], the viewers, the
/// window and `--zoom`; writes the camera and removes [`Framing`].
fn frame_sight(
    framing: Res<Framing>,
    viewers: Query<&Viewer>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
    zoom: Option<Res<crate::render::StartZoom>>,
    mut commands: Commands,
) {
    let radius = viewers.iter().map(|v| v.radius).max().unwrap_or(0);
    let (mut t, mut projection) = camera.into_inner();
    let p = aeternus_core::hex::layout(HEX_SIZE).hex_to_world_pos(framing.0);
    t.translation.x = p.x;
    t.translation.y = p.y;
    // `--zoom` keeps its scale: the sight is centred, not fitted.
    if let Projection::Orthographic(o) = &mut *projection {
        o.scale = zoom.map_or_else(|| fit_scale(window.size(), radius + 1), |z| z.0);
    }
    commands.remove_resource::<Framing>();
}

/// The options that start `game` at once.
pub fn new_game_args(game: &NewGame, launch: &Launch) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["--seed".into(), game.seed.to_string().into()];
    for m in &game.mods {
        args.push("--mod".into());
        args.push(m.into());
    }
    if game.storm {
        args.extend(["--rules".into(), "storm".into()]);
        return args;
    }
    if launch.rules != "aeternus" && launch.rules != "storm" {
        args.extend(["--rules".into(), launch.rules.clone().into()]);
    }
    let seats: Vec<&str> = game.table.iter().map(|s| s.name()).collect();
    args.extend(["--seats".into(), seats.join(",").into()]);
    save_args(launch, &mut args);
    args
}

/// The options that load `path` at once.
pub fn load_args(path: &std::path::Path, launch: &Launch) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["--load".into(), path.into()];
    for m in &launch.mods {
        args.push("--mod".into());
        args.push(m.into());
    }
    if launch.rules != "aeternus" && launch.rules != "storm" {
        args.extend(["--rules".into(), launch.rules.clone().into()]);
    }
    save_args(launch, &mut args);
    args
}

fn save_args(launch: &Launch, args: &mut Vec<OsString>) {
    if let Some(save) = &launch.save {
        args.extend(["--save".into(), save.into()]);
    }
}

/// Whether `game` can start in this process: its ruleset and mods are the process's (the asset
/// sources are fixed at start). A game played before is replaced in place
/// ([`aeternus_core::play::restart::GameReset`] tells the views).
pub fn starts_in_place(game: &NewGame, launch: &Launch) -> bool {
    !game.storm && launch.rules != "storm" && game.mods == launch.mods
}

/// Restarts the process with `args`; returns only if that failed, saying why.
pub fn relaunch(args: &[OsString]) -> String {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return format!("cannot restart the game: {e}"),
    };
    info!("restarting the game: {} {:?}", exe.display(), args);
    let mut cmd = std::process::Command::new(exe);
    cmd.args(args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let e = cmd.exec();
        format!("cannot restart the game: {e}")
    }
    #[cfg(not(unix))]
    match cmd.spawn() {
        Ok(_) => std::process::exit(0),
        Err(e) => format!("cannot restart the game: {e}"),
    }
}

/// Starts a new game of the process's rules in place, each seat of `table` played by a person
/// or a bot of its kind. Exclusive: the whole game changes.
pub fn start_new_here(world: &mut World, seed: u64, table: &[SeatKind]) {
    let rules = world.resource::<HexWorld>().rules.clone();
    restart::restart(world, HexWorld::new(rules, seed));
    restart::seat(world, table);
    let seats: Vec<&str> = table.iter().map(|s| s.name()).collect();
    info!("seated: {}", seats.join(", "));
    if table.iter().any(|s| s.bot().is_some()) {
        // As `--bots` paces them: a person can follow what a bot does in the log.
        world.insert_resource(BotPace {
            per_frame: 1,
            every: std::time::Duration::from_millis(400),
        });
    }
    begin(world, seed);
}

/// Loads a save of the process's rules in place, or says why it cannot be loaded (the game
/// goes on untouched then).
pub fn load_here(world: &mut World, path: &std::path::Path) -> Result<(), String> {
    let rules = world.resource::<HexWorld>().rules.clone();
    let save = SaveGame::read(path).map_err(|e| e.to_string())?;
    let hexes = save
        .world(&rules, &path.display().to_string())
        .map_err(|e| e.to_string())?;
    let seed = save.seed;
    save.restore(world, hexes);
    begin(world, seed);
    Ok(())
}

/// The game is on: the window's title names the seed; the camera frames the players' sight
/// once it is generated.
fn begin(world: &mut World, seed: u64) {
    let name = world.resource::<HexWorld>().rules.name.clone();
    info!("a new game of {name}, seed {seed}");
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    if let Some(mut w) = windows.iter_mut(world).next() {
        w.title = crate::render::window::window_title(&name, seed);
    }
    let mut players = world.query::<&aeternus_core::play::Position>();
    let at = players.iter(world).next().map_or(Hex::ZERO, |p| p.0);
    world.insert_resource(Framing(at));
    world.resource_mut::<NextState<Screen>>().set(Screen::Game);
}
