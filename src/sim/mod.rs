//! Headless games and their logs: `aeternus sim` plays bots without a window and writes the
//! game as JSON Lines ([`format`]), recorded inside the rules' pipeline ([`record`]); with
//! `--games N` it plays N seeds and prints a balance table ([`table`]). `aeternus replay LOG`
//! plays a log's actions again and checks every line ([`replay`]).

pub mod format;
pub mod game;
pub mod record;
pub mod replay;
pub mod table;
pub mod watch;

#[cfg(test)]
mod tests;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::cli::{CliError, open_out, rules_kind};
use crate::play::Bot;
use crate::rules::{DEFAULT_AETERNUS, DEFAULT_AETERNUS_NAME, Rules};
use game::Setup;

/// The most seats a recorded game has (a save holds at most 64 players).
pub const MAX_PLAYERS: u32 = 64;
/// The longest game (the rules' own limit for `play.goal.phases`).
pub const MAX_PHASES: u32 = 1_000_000;
/// The most games one `--games` run plays.
pub const MAX_GAMES: u64 = 1_000_000;

/// The bots of a headless game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BotKind {
    Random,
    Greedy,
}

impl BotKind {
    pub fn bot(self) -> Bot {
        match self {
            BotKind::Random => Bot::Random,
            BotKind::Greedy => Bot::Greedy,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct SimArgs {
    /// World seed (the first of `--games`).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Seats, 1 to 64: player i plays faction i modulo the rules' factions (default: the
    /// rules' factions, at least 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PLAYERS as i64))]
    pub players: Option<u32>,
    /// The game's length in phases, 1 to 1000000 (default: the rules' `play.goal.phases`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PHASES as i64))]
    pub phases: Option<u32>,
    /// The bots that play every seat.
    #[arg(long, value_enum, default_value = "random")]
    pub bot: BotKind,
    /// Play this many games, seeds S, S+1, ..., and print a balance table (1 to 1000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES),
          conflicts_with_all = ["save", "spectator"])]
    pub games: Option<u64>,
    /// Ruleset: `aeternus` (the default, embedded) or an Aeternus rule file.
    #[arg(long, default_value = "aeternus")]
    pub rules: String,
    /// Where the log (or the table) goes (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also save the game at its end, as the game saves (`--load` reads it); with
    /// `--spectator`, where F5 and the autosaves go.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Watch the game live in the window, with the spectator window.
    #[arg(long)]
    pub spectator: bool,
    /// With `--spectator`: actions a second, 0.1 to 10000 (a bot's turn comes at once).
    #[arg(long, default_value_t = 10.0, value_parser = speed, requires = "spectator")]
    pub speed: f64,
}

#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    /// The log, as `aeternus sim` wrote it.
    pub log: PathBuf,
    /// The rules the log was played with: `aeternus` (the default, embedded) or a rule file.
    #[arg(long, default_value = "aeternus")]
    pub rules: String,
    /// Save the replayed game, as the game saves; with `--spectator`, where F5 and the
    /// autosaves go.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Watch the replay in the window, with the spectator window (the log is checked first).
    #[arg(long)]
    pub spectator: bool,
    /// With `--spectator`: actions a second, 0.1 to 10000.
    #[arg(long, default_value_t = 10.0, value_parser = speed, requires = "spectator")]
    pub speed: f64,
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

/// The Aeternus rules a `--rules` value names, and the hash of their text as loaded.
pub fn load_rules(value: &str) -> Result<(Rules, String), CliError> {
    let (text, source) = match value {
        "aeternus" => (
            DEFAULT_AETERNUS.to_string(),
            DEFAULT_AETERNUS_NAME.to_string(),
        ),
        "storm" => {
            return Err(CliError::BadInput(
                "--rules storm: a recorded game plays the Aeternus rules (or a mod of them)".into(),
            ));
        }
        path => crate::rules::read_rule_file(Path::new(path))?,
    };
    if rules_kind(&text) == Some("Storm") {
        return Err(CliError::BadInput(format!(
            "{source}: a recorded game plays the Aeternus rules (or a mod of them), not the storm's"
        )));
    }
    let rules = Rules::from_str(&text, &source)?;
    Ok((rules, format::rules_hash(&text)))
}

/// A progress bar on standard error when it is a terminal (hidden otherwise).
fn progress(len: u64, what: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    let style = indicatif::ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{wide_bar}}] {what} {{pos}}/{{len}} (eta {{eta}})"
    ))
    .expect("a fixed template");
    bar.set_style(style);
    bar
}

/// `aeternus sim`.
pub fn run_sim(args: &SimArgs) -> Result<(), CliError> {
    let (mut rules, hash) = load_rules(&args.rules)?;
    let players = (args.players).unwrap_or_else(|| crate::playview::seat::default_seats(&rules));
    if let Some(p) = args.phases {
        rules.play.goal.phases = p;
    }
    let setup = |seed| Setup {
        seats: game::seats(&rules, players, args.bot.name()),
        rules: rules.clone(),
        rules_hash: hash.clone(),
        seed,
    };
    if let Some(n) = args.games {
        args.seed.checked_add(n - 1).ok_or_else(|| {
            CliError::BadInput(format!(
                "--games {n}: the seeds from {} pass the largest seed, {}",
                args.seed,
                u64::MAX
            ))
        })?;
        return games(args, n, |i| setup(args.seed + i));
    }
    let setup = setup(args.seed);
    if args.spectator {
        return watch::sim(setup, args.bot.bot(), args.speed, args.save.clone());
    }
    let mut out = open_out(&args.out)?;
    let phases = setup.rules.play.goal.phases;
    let bar = progress(phases as u64, "phase");
    let mut app = game::record(&setup, args.bot.bot(), &mut out, |p| {
        bar.set_position(p.min(phases) as u64)
    })?;
    bar.finish_and_clear();
    out.flush().map_err(CliError::output)?;
    if let Some(path) = &args.save {
        game::write_save(&mut app, path)?;
    }
    Ok(())
}

/// `sim --games N`: every game, then the table.
fn games(args: &SimArgs, n: u64, setup: impl Fn(u64) -> Setup) -> Result<(), CliError> {
    let bar = progress(n, "games");
    let mut stats = Vec::new();
    let mut first = None;
    for setup in (0..n).map(setup) {
        let mut app = setup.app(Some(args.bot.bot()));
        let mut s = table::GameStats::new(setup.seed);
        let end = game::play(
            &mut app,
            |l| {
                s.see(l);
                Ok(())
            },
            |_| {},
        )?;
        s.end(&end);
        stats.push(s);
        bar.inc(1);
        first.get_or_insert(setup);
    }
    bar.finish_and_clear();
    let setup = first.expect("at least one game");
    let rules = &setup.rules;
    let features: Vec<String> = (rules.features.iter())
        .filter(|f| !f.cost.is_empty())
        .map(|f| f.name.clone())
        .collect();
    let header = setup.header();
    let mut text = format!(
        "{} games, seeds {}..={}, {} seats of {} bots, {} phases, rules {:?} ({})\n",
        stats.len(),
        stats.first().map_or(0, |s| s.seed),
        stats.last().map_or(0, |s| s.seed),
        header.seats.len(),
        args.bot.name(),
        header.phases,
        header.rules,
        header.rules_hash
    );
    text += &table::render(&stats, &header.seats, |f| rules.faction_name(f), &features);
    let mut out = open_out(&args.out)?;
    out.write_all(text.as_bytes()).map_err(CliError::output)?;
    out.flush().map_err(CliError::output)
}

/// `aeternus replay`.
pub fn run_replay(args: &ReplayArgs) -> Result<(), CliError> {
    let (rules, hash) = load_rules(&args.rules)?;
    let log = replay::Log::read(&args.log)?;
    let setup = log.setup(rules, &hash)?;
    if args.spectator {
        return watch::replay(log, setup, args.speed, args.save.clone());
    }
    let mut app = replay::replay(&log, &setup)?;
    if let Some(path) = &args.save {
        game::write_save(&mut app, path)?;
    }
    Ok(())
}
