//! The options several commands share, each defined once and flattened into the commands that
//! take it: `--rules` (the window, `gen`, `sites`, `sim`, `replay`), `--save` (the window,
//! `sim`, `replay`), `--spectator` and `--speed` (the window; `sim` and `replay` watched), `--bot`
//! (the window's bot seats, `sim`).

use std::path::PathBuf;

use clap::Args;

use aeternus_core::play::Bot;

/// `--rules`: the ruleset.
#[derive(Args, Debug, Clone)]
pub struct RulesArg {
    /// Ruleset: `aeternus` (the default, embedded), `storm` (the window, `gen` and `sites`), or
    /// a rule file, its kind read from its first word (a recorded game plays Aeternus rules).
    #[arg(
        long = "rules",
        id = "rules",
        value_name = "RULES",
        default_value = "aeternus"
    )]
    pub name: String,
}

/// `--save FILE`: where the game is saved.
#[derive(Args, Debug, Clone, Default)]
pub struct SaveArg {
    /// Save the game to FILE (`--load` reads it): in a window, where F5 and the autosave at the
    /// end of every phase go (default: aeternus-save.ron in the platform's data folder); a
    /// headless game saves there at its end.
    #[arg(long = "save", id = "save", value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// `--spectator`: the spectator window.
#[derive(Args, Debug, Clone, Default)]
pub struct SpectatorArg {
    /// Open the spectator window, which watches the whole explored world and every player
    /// (with `sim` and `replay`: the game is watched in the window, a log checked first).
    #[arg(long = "spectator", id = "spectator")]
    pub on: bool,
}

/// `--spectator` and `--speed`: a recorded game watched in the window.
#[derive(Args, Debug, Clone)]
pub struct WatchArgs {
    #[command(flatten)]
    pub spectator: SpectatorArg,
    /// With `--spectator`: actions a second, 0.1 to 10000 (a bot's turn comes at once).
    #[arg(long, default_value_t = 10.0, value_parser = speed, requires = "spectator")]
    pub speed: f64,
}

/// `--bot KIND`: the kind of the bots seated.
#[derive(Args, Debug, Clone)]
pub struct BotArg {
    /// The kind of bot: random or greedy.
    #[arg(
        long = "bot",
        id = "bot",
        value_name = "KIND",
        default_value = "random"
    )]
    pub kind: Bot,
}

/// A `--speed`: actions a second.
fn speed(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of actions a second (0.1 to 10000)"))?;
    if !(0.1..=10_000.0).contains(&v) {
        return Err(format!("{v} is not in 0.1..=10000 actions a second"));
    }
    Ok(v)
}
