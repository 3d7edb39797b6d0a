//! `aeternus sim` and `aeternus replay`: the command line over the core's headless games
//! (`aeternus_core::sim`); with `--spectator` the views' watching window
//! (`aeternus_view::watch`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::shared::{RulesArg, SaveArg, SeatArgs, WatchArgs};
use aeternus_core::headless::{Fault, open_out};
use aeternus_core::play::{Bot, SeatKind, default_seats};
use aeternus_core::sim::game::{self, Setup};
use aeternus_core::sim::{MAX_GAMES, MAX_PHASES, MAX_PLAYERS, balance, load_rules, replay};

#[derive(Args, Debug, Clone)]
pub struct SimArgs {
    /// World seed (the first of `--games`).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The bots at the table, one a seat.
    #[command(flatten)]
    pub seats: SeatArgs,
    /// The game's length in phases, 1 to 1000000 (default: the rules' `play.goal.phases`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PHASES as i64))]
    pub phases: Option<u32>,
    /// Play this many games, seeds S, S+1, ..., and print a balance table (1 to 1000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES),
          conflicts_with_all = ["save", "spectator"])]
    pub games: Option<u64>,
    /// With `--games`: how the table is printed, `text` (default) or `json` (one JSON object).
    #[arg(long, value_enum, default_value_t = TableFormat::Text, requires = "games")]
    pub format: TableFormat,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Where the log (or the table) goes (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub save: SaveArg,
    #[command(flatten)]
    pub watch: WatchArgs,
}

/// How `sim --games` prints its balance table.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableFormat {
    /// Headed columns, for a person.
    Text,
    /// One JSON object on one line, for a program: the text's numbers and the bots' wins.
    Json,
}

#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    /// The log, as `aeternus sim` wrote it.
    pub log: PathBuf,
    /// The rules the log was played with.
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub save: SaveArg,
    #[command(flatten)]
    pub watch: WatchArgs,
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

/// The bots of a headless table: every seat must be one.
fn sim_bots(table: &[SeatKind]) -> Result<Vec<Bot>, Fault> {
    (1u32..)
        .zip(table)
        .map(|(i, s)| {
            s.bot().ok_or_else(|| {
                Fault::BadInput(format!(
                    "--seats: seat {i} is human; `sim` plays bots only (name a bot for every seat)"
                ))
            })
        })
        .collect()
}

/// `aeternus sim`.
pub fn run_sim(args: &SimArgs) -> Result<(), Fault> {
    let (mut rules, hash) = load_rules(&args.rules.name)?;
    let n = (args.seats.count()).unwrap_or_else(|| default_seats(&rules));
    let bots = sim_bots(&args.seats.table(n, true, MAX_PLAYERS)?)?;
    if let Some(p) = args.phases {
        rules.play.goal.phases = p;
    }
    let setup = |seed| Setup {
        seats: game::seats(&rules, &bots),
        veil: None,
        rules: rules.clone(),
        rules_hash: hash.clone(),
        seed,
    };
    if let Some(n) = args.games {
        args.seed.checked_add(n - 1).ok_or_else(|| {
            Fault::BadInput(format!(
                "--games {n}: the seeds from {} pass the largest seed, {}",
                args.seed,
                u64::MAX
            ))
        })?;
        return games(args, n, |i| setup(args.seed + i));
    }
    let setup = setup(args.seed);
    if args.watch.spectator.on {
        return aeternus_view::watch::sim(setup, args.watch.speed, args.save.file.clone());
    }
    let mut out = open_out(&args.out)?;
    let phases = setup.rules.play.goal.phases;
    let bar = progress(phases as u64, "phase");
    let mut app = game::record(&setup, &mut out, |p| bar.set_position(p.min(phases) as u64))?;
    bar.finish_and_clear();
    out.flush().map_err(Fault::output)?;
    if let Some(path) = &args.save.file {
        game::write_save(&mut app, path)?;
    }
    Ok(())
}

/// `sim --games N`: every game, then the table.
fn games(args: &SimArgs, n: u64, setup: impl Fn(u64) -> Setup) -> Result<(), Fault> {
    let bar = progress(n, "games");
    let mut stats = Vec::new();
    let mut first = None;
    for setup in (0..n).map(setup) {
        let mut app = setup.app(true);
        let mut s = balance::GameStats::new(setup.seed);
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
    let table = balance::Balance::new(
        &stats,
        &setup.header(),
        |f| rules.faction_name(f),
        &features,
    );
    let text = match args.format {
        TableFormat::Text => table.text(),
        TableFormat::Json => table.json(),
    };
    let mut out = open_out(&args.out)?;
    out.write_all(text.as_bytes()).map_err(Fault::output)?;
    out.flush().map_err(Fault::output)
}

/// `aeternus replay`.
pub fn run_replay(args: &ReplayArgs) -> Result<(), Fault> {
    let (rules, hash) = load_rules(&args.rules.name)?;
    let log = replay::Log::read(&args.log)?;
    let setup = log.setup(rules, &hash)?;
    if args.watch.spectator.on {
        return aeternus_view::watch::replay(log, setup, args.watch.speed, args.save.file.clone());
    }
    let mut app = replay::replay(&log, &setup)?;
    if log.end.is_none() {
        eprintln!(
            "{}: the log has no end line: an unfinished game, replayed to phase {}",
            log.source,
            game::phase(&app)
        );
    }
    if let Some(path) = &args.save.file {
        game::write_save(&mut app, path)?;
    }
    Ok(())
}
