//! Starting a game from the menus. In a process that has not played yet, a game of the
//! process's own ruleset and mods starts in place, through the rules core
//! ([`crate::play::restart`], [`SaveGame::restore`]); any other (another ruleset or other mods,
//! whose asset sources are fixed at start, or a second game) restarts the process with the
//! options that choose it, which start it at once.

use std::ffi::OsString;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

use super::{Launch, Played, Screen};
use crate::play::{BotPace, restart};
use crate::render::camera::MainCamera;
use crate::render::{HEX_SIZE, fit_scale};
use crate::save::SaveGame;
use crate::world::HexWorld;

/// A new game as the New game menu chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub seed: u64,
    pub players: u32,
    pub bots: u32,
    /// The storm map instead of the Aeternus world.
    pub storm: bool,
    /// Mod folders, in order.
    pub mods: Vec<PathBuf>,
}

pub(super) fn plugin(_app: &mut App) {}

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
    args.extend([
        "--players".into(),
        game.players.to_string().into(),
        "--bots".into(),
        game.bots.to_string().into(),
        "--bot".into(),
        bot_name(launch.bot).into(),
    ]);
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

/// The options that open the title again, with the process's mods.
pub fn title_args(launch: &Launch) -> Vec<OsString> {
    let mut args: Vec<OsString> = Vec::new();
    for m in &launch.mods {
        args.push("--mod".into());
        args.push(m.into());
    }
    if !args.is_empty() {
        // Mods alone would start a game.
        args.push("--title".into());
    }
    args
}

fn save_args(launch: &Launch, args: &mut Vec<OsString>) {
    if let Some(save) = &launch.save {
        args.extend(["--save".into(), save.into()]);
    }
}

fn bot_name(bot: crate::sim::BotKind) -> &'static str {
    match bot {
        crate::sim::BotKind::Random => "random",
        crate::sim::BotKind::Greedy => "greedy",
    }
}

/// Whether `game` can start in this process: its ruleset and mods are the process's, and no
/// game has been played yet.
pub fn starts_in_place(game: &NewGame, launch: &Launch, played: bool) -> bool {
    !played && !game.storm && launch.rules != "storm" && game.mods == launch.mods
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

/// Starts a new game of the process's rules in place. Exclusive: the whole game changes.
pub fn start_new_here(world: &mut World, seed: u64, players: u32, bots: u32) {
    let rules = world.resource::<HexWorld>().rules.clone();
    restart::restart(world, HexWorld::new(rules, seed));
    let bot = world.resource::<Launch>().bot.bot();
    restart::seat(world, players, bots, bot);
    if bots > 0 {
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
    let map = save
        .world(&rules, &path.display().to_string())
        .map_err(|e| e.to_string())?;
    let seed = save.seed;
    save.restore(world, map);
    begin(world, seed);
    Ok(())
}

/// The game is on: the window's title names the seed, the camera frames the players' sight.
fn begin(world: &mut World, seed: u64) {
    world.resource_mut::<Played>().0 = true;
    let (name, sight) = {
        let rules = &world.resource::<HexWorld>().rules;
        (rules.name.clone(), rules.sight_radius)
    };
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    let size = match windows.iter_mut(world).next() {
        Some(mut w) => {
            w.title = crate::game::window_title(&name, seed);
            Some(w.size())
        }
        None => None,
    };
    let mut players = world.query::<&crate::play::Position>();
    let at = players.iter(world).next().map_or(Hex::ZERO, |p| p.0);
    let mut cameras = world.query_filtered::<(&mut Transform, &mut Projection), With<MainCamera>>();
    if let (Some(size), Some((mut t, mut projection))) = (size, cameras.iter_mut(world).next()) {
        let p = crate::hex::layout(HEX_SIZE).hex_to_world_pos(at);
        t.translation.x = p.x;
        t.translation.y = p.y;
        if let Projection::Orthographic(o) = &mut *projection {
            // The sight and a ring of the frontier around it.
            o.scale = fit_scale(size, sight + 2);
        }
    }
    world.resource_mut::<NextState<Screen>>().set(Screen::Game);
}
