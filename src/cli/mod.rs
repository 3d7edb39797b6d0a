//! The command line: no subcommand opens the game; `gen` writes worlds headless, `sites` rolls
//! their sites ([`sites`]), the storm world's `gen` ([`storm`]); `sim` and `replay` play
//! recorded games ([`sim`]); `check` and `mods` look at mods.

pub mod online;
pub mod shared;
pub mod sim;
pub mod sites;
pub mod storm;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{Args, Parser, Subcommand};

use shared::{RulesArg, SaveArg, SeatArgs, SpectatorArg};

use aeternus_core::export::{MapExport, write_png};
use aeternus_core::headless::{Fault, RulesChoice, gen_world, load_rules, open_out, read_hexes};
use aeternus_core::hex::Coord;
use aeternus_core::world::limits::{MAX_HEXES, MAX_VIEW_RADIUS};

/// The most seeds one `gen` or `sites` run covers.
pub const MAX_SEEDS: u64 = 100_000;

#[derive(Parser, Debug)]
#[command(
    name = "aeternus",
    version,
    about = "A hex-world strategy game on an infinite, lazily generated world"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// World seed for the game window (default: a random one, shown in the window's title).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save a screenshot of the window to FILE once the world is drawn, then quit.
    #[arg(long, value_name = "FILE", global = true)]
    pub screenshot: Option<PathBuf>,
    /// The table (hot-seat people and bots).
    #[command(flatten)]
    pub seats: SeatArgs,
    /// Start from a saved game (its seed and world; load it with the rules it was saved with).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    #[command(flatten)]
    pub save: SaveArg,
    /// The first view's zoom, in world units per pixel (0.25 to 128; default: the first view
    /// fits the window). Beyond 3 the map is drawn as the strategic view.
    #[arg(long, value_name = "SCALE", value_parser = aeternus_view::render::parse_zoom)]
    pub zoom: Option<f32>,
    #[command(flatten)]
    pub spectator: SpectatorArg,
    /// Site rules for the game's site layer (default: the embedded assets/rules/sites.ron).
    #[arg(long, value_name = "FILE")]
    pub sites: Option<PathBuf>,
    /// A mod folder layered over the defaults (repeatable: later ones on top).
    #[arg(long = "mod", value_name = "DIR")]
    pub mods: Vec<PathBuf>,
    #[command(flatten)]
    pub storm: StormArgs,
    /// Open the title screen even with options that choose a game (the window tests).
    #[arg(long, hide = true)]
    pub title: bool,
    /// Keys to press, one every few frames once the window is up, comma separated (`Enter`,
    /// `Down`, `7`, ...): the window tests' player (`aeternus_view::screens::script`).
    #[arg(long, hide = true, value_name = "KEYS", global = true)]
    pub press: Option<String>,
}

impl Cli {
    /// Whether the options choose a game, which then starts at once; without any the window
    /// opens on the title screen.
    pub fn chooses_game(&self) -> bool {
        let s = &self.storm;
        self.seed.is_some()
            || self.load.is_some()
            || self.seats.given()
            || self.screenshot.is_some()
            || self.rules.name != "aeternus"
            || self.save.file.is_some()
            || self.spectator.on
            || self.sites.is_some()
            || !self.mods.is_empty()
            || s.cycle != 0
            || s.contracts.is_some()
            || s.prestige
            || s.trial
    }
}

/// Which storm cycle (`--rules storm`): for `gen`, the map written; for the window, the first
/// cycle (`N` there starts the next).
#[derive(Args, Debug, Clone, Default)]
pub struct StormArgs {
    /// Storm: the cycle number.
    #[arg(long, default_value_t = 0)]
    pub cycle: u32,
    /// Storm: the contracted seals, comma separated (default: all three).
    #[arg(long, value_delimiter = ',')]
    pub contracts: Option<Vec<String>>,
    /// Storm: a prestige world.
    #[arg(long)]
    pub prestige: bool,
    /// Storm: the Queen's Hand trial.
    #[arg(long)]
    pub trial: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate worlds headless and write them as JSON Lines (and a PNG).
    Gen(GenArgs),
    /// Roll a world's sites (the Dominions site layer) and write them as JSON Lines.
    Sites(sites::SitesArgs),
    /// Play bots without a window and write the game as JSON Lines (or, with --games, a
    /// balance table).
    Sim(sim::SimArgs),
    /// Play a game's log again, checking every line; save it or watch it.
    Replay(sim::ReplayArgs),
    /// Serve a game online, headless: people and bots join it with `join`.
    Serve(online::ServeArgs),
    /// Join a game served online: a bot playing a seat, or a spectator.
    Join(online::JoinArgs),
    /// Check a mod folder: list every error in it (exit 2 if any).
    Check {
        /// The mod's folder (the one holding `mod.ron`).
        dir: PathBuf,
    },
    /// List the installed mods (in `assets/mods/` and the user's data folder).
    Mods,
}

/// `aeternus check DIR`: every error on standard error, one a line; a line on standard output
/// for a good mod.
pub fn run_check(dir: &Path) -> Result<(), Fault> {
    let errors = aeternus_core::mods::check::check(dir);
    if errors.is_empty() {
        let m = aeternus_core::mods::Mod::open(dir)?;
        println!("{}: {} {} is a good mod", dir.display(), m.name, m.version);
        return Ok(());
    }
    for e in &errors {
        eprintln!("{e}");
    }
    Err(Fault::BadInput(format!(
        "{}: {} error(s) in the mod",
        dir.display(),
        errors.len()
    )))
}

/// `aeternus mods`: each installed mod with its name and version, or why it cannot be used.
pub fn run_mods() -> Result<(), Fault> {
    let roots = aeternus_core::mods::install_folders();
    for root in &roots {
        println!("# {}", root.display());
    }
    for (folder, found) in aeternus_core::mods::installed(&roots) {
        match found {
            Ok(m) => println!("{}\t{} {}", folder.display(), m.name, m.version),
            Err(e) => println!("{}\tbroken: {e}", folder.display()),
        }
    }
    Ok(())
}

#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// One world seed.
    #[arg(long, conflicts_with = "seeds")]
    pub seed: Option<u64>,
    /// A range of seeds, `A..B` (B excluded).
    #[arg(long)]
    pub seeds: Option<SeedRange>,
    /// Generate what a player at the origin with this sight radius sees, in view order (at most 2364).
    #[arg(long, conflicts_with = "hexes", value_parser = radius)]
    pub radius: Option<u32>,
    /// Generate the coordinates in FILE (`-` for standard input), one `x,y,z` a line, in order.
    #[arg(long)]
    pub hexes: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also draw the map to this PNG (with several seeds, one file each: NAME-SEED.png).
    #[arg(long)]
    pub png: Option<PathBuf>,
    #[command(flatten)]
    pub storm: StormArgs,
    /// Storm: write the settlement layer of this cell (`x,y,z`) instead of the map.
    #[arg(long)]
    pub settlement: Option<Coord>,
}

/// `A..B`, B excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedRange(pub u64, pub u64);

impl FromStr for SeedRange {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (a, b) = s
            .split_once("..")
            .ok_or_else(|| format!("`{s}` is not a seed range; write it as A..B (B excluded)"))?;
        let a: u64 = a
            .trim()
            .parse()
            .map_err(|_| format!("`{a}` is not a seed"))?;
        let b: u64 = b
            .trim()
            .parse()
            .map_err(|_| format!("`{b}` is not a seed"))?;
        if b <= a {
            return Err(format!("the range {a}..{b} holds no seed"));
        }
        if b - a > MAX_SEEDS {
            return Err(format!(
                "the range {a}..{b} holds {} seeds; at most {MAX_SEEDS} a run",
                b - a
            ));
        }
        Ok(SeedRange(a, b))
    }
}

/// A `--radius`: at most [`MAX_VIEW_RADIUS`], whose view fills the world's [`MAX_HEXES`].
pub fn radius(s: &str) -> Result<u32, String> {
    let r: u64 = s.trim().parse().map_err(|_| {
        format!("`{s}` is not a radius (a whole number from 0 to {MAX_VIEW_RADIUS})")
    })?;
    if r > MAX_VIEW_RADIUS as u64 {
        return Err(format!(
            "{r} is too wide: at most {MAX_VIEW_RADIUS}, whose view fills a world's {MAX_HEXES} hexes"
        ));
    }
    Ok(r as u32)
}

/// The seeds a `gen` run covers.
pub fn seeds(args: &GenArgs) -> Vec<u64> {
    match (args.seed, args.seeds) {
        (_, Some(SeedRange(a, b))) => (a..b).collect(),
        (Some(s), None) => vec![s],
        (None, None) => vec![0],
    }
}

/// The PNG file for `seed`: the name as given for one seed, NAME-SEED.png for several.
pub fn png_path(base: &Path, seed: u64, many: bool) -> PathBuf {
    if !many {
        return base.to_path_buf();
    }
    let stem = base.file_stem().and_then(|s| s.to_str()).unwrap_or("world");
    base.with_file_name(format!("{stem}-{seed}.png"))
}

pub fn run_gen(args: &GenArgs) -> Result<(), Fault> {
    let rules = match load_rules(&args.rules.name)? {
        RulesChoice::Aeternus(r) => r,
        RulesChoice::Storm(s) => return storm::run_gen(args, &s),
    };
    if args.settlement.is_some()
        || args.storm.contracts.is_some()
        || args.storm.prestige
        || args.storm.trial
    {
        return Err(Fault::BadInput(
            "--settlement, --contracts, --prestige and --trial belong to the storm rules (--rules storm)".into(),
        ));
    }
    let hexes = match &args.hexes {
        Some(p) => Some(read_hexes(p)?),
        None => None,
    };
    let seeds = seeds(args);
    let mut out = open_out(&args.out)?;
    for &seed in &seeds {
        let world = gen_world(&rules, seed, args.radius, hexes.as_ref())?;
        world.write_jsonl(&mut out).map_err(Fault::output)?;
        if let Some(png) = &args.png {
            write_png(&world.tiles(), &png_path(png, seed, seeds.len() > 1)).map_err(Fault::Io)?;
        }
    }
    out.flush().map_err(Fault::output)
}
