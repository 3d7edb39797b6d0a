//! The game window: the headless core, the views and the screens wired together for the
//! command line's options.

use std::path::Path;

use bevy::asset::AssetPath;
use bevy::prelude::*;
use hexx::Hex;

use crate::cli::Cli;
use aeternus_core::headless::{Fault, RulesChoice};
use aeternus_core::mods::Sources;
use aeternus_core::mods::asset::{
    AETERNUS_PATH, AeternusRules, SITES_PATH, STORM_PATH, SiteRulesFile, StormRulesFile,
};
use aeternus_core::rules::{Rules, RulesError};
use aeternus_core::save::SaveGame;
use aeternus_core::sites::{SiteLayer, SiteRules};
use aeternus_core::storm::{CycleParams, StormRules};
use aeternus_core::world::HexWorld;
use aeternus_core::world::plugin::Viewer;
use aeternus_view::render::window;
use aeternus_view::screens;

/// A saved game and its world.
type Loaded = (SaveGame, HexWorld);

/// Who plays each seat.
type Table = Vec<aeternus_core::play::SeatKind>;

/// How far a `--screenshot` of a game started from the command line reveals around the origin
/// (the window tests' picture and the README's); a game played reveals only what the players'
/// sight does.
pub const START_VIEW_RADIUS: u32 = 12;

/// The window's rules, loaded through the asset server from the game's sources: the mods' or
/// the default `rules/aeternus.ron` or `rules/storm.ron`, or a rule file given by path (its
/// kind read from its first word). Returns them with their asset path, which the window loads
/// again to hear of edits.
pub fn window_rules(
    cli: &Cli,
    sources: &mut Sources,
) -> Result<(RulesChoice, AssetPath<'static>), Fault> {
    let (path, storm) = match cli.rules.name.as_str() {
        "aeternus" => (AssetPath::from(AETERNUS_PATH), false),
        "storm" => (AssetPath::from(STORM_PATH), true),
        file => {
            let (text, _) = aeternus_core::rules::read_rule_file(Path::new(file))?;
            let storm = aeternus_core::headless::rules_kind(&text) == Some("Storm");
            (sources.rule_file(Path::new(file)), storm)
        }
    };
    let choice = if storm {
        RulesChoice::Storm(sources.load_now::<StormRulesFile>(&path)?.0)
    } else {
        RulesChoice::Aeternus(sources.load_now::<AeternusRules>(&path)?.0)
    };
    Ok((choice, path))
}

/// The site layer for the window's ruleset: `--sites FILE` must load and fit the ruleset (else
/// the command fails); the game's `rules/sites.ron` (a mod's, else the default) may not fit a
/// ruleset given by path (a new biome), which leaves the layer off (the inner error).
fn site_layer(
    rules: &Rules,
    cli: &Cli,
    sources: &Sources,
) -> Result<Result<SiteLayer, RulesError>, Fault> {
    match &cli.sites {
        Some(path) => {
            let sites = SiteRules::from_file(path)?;
            Ok(Ok(SiteLayer::new(sites, rules)?))
        }
        None => {
            let sites = sources.load_now::<SiteRulesFile>(&AssetPath::from(SITES_PATH))?;
            Ok(SiteLayer::new(sites.0, rules))
        }
    }
}

/// Opens the window on the command line's ruleset, mods and options: on the title screen
/// when no option chooses a game (or `--title`), else straight into the game.
pub fn run(cli: &Cli) -> Result<(), Fault> {
    run_with(cli, |_| Ok(()))
}

/// [`run`], with `extra` wiring added to the window's app last (an online game's client).
pub fn run_with(cli: &Cli, extra: impl FnOnce(&mut App) -> Result<(), Fault>) -> Result<(), Fault> {
    let title = cli.title || !cli.chooses_game();
    // A new game without a given seed takes a random one.
    let seed = cli.seed.unwrap_or_else(screens::seed::random_seed);
    let script = match &cli.press {
        Some(keys) => Some(screens::script::parse(keys).map_err(Fault::BadInput)?),
        None => None,
    };
    let mut sources = Sources::new(aeternus_core::mods::open_all(&cli.mods)?);
    let (rules, rules_path) = window_rules(cli, &mut sources)?;
    let rules = match rules {
        RulesChoice::Aeternus(r) => {
            storm_options_absent(cli)?;
            r
        }
        RulesChoice::Storm(storm) => {
            let params = storm_cycle(cli, &storm, seed)?;
            let shot = cli.screenshot.clone();
            aeternus_view::stormview::run(storm, params, shot, cli.zoom, &sources, rules_path);
            return Ok(());
        }
    };
    let sites = site_layer(&rules, cli, &sources)?;
    let (loaded, table) = loaded_game(cli, title, &rules)?;
    let seed = loaded.as_ref().map_or(seed, |(s, _)| s.seed);
    let mut app = App::new();
    if title {
        window::window_plugins_titled(&mut app, &sources, "Aeternus".into());
    } else {
        window::window_plugins(&mut app, &sources, &rules.name, seed);
    }
    app.add_plugins(aeternus_core::CorePlugin { rules, seed });
    let named = cli.seats.given().then(|| table.clone());
    add_screens(&mut app, cli, title, seed, script, named);
    let at = loaded.as_ref().and_then(|(s, _)| s.players.first());
    let at = at.map_or(Hex::ZERO, |p| p.at.to_hex());
    if let Some((save, world)) = loaded {
        save.install(&mut app, world);
    }
    add_site_layer(&mut app, sites);
    app.add_plugins(aeternus_core::mods::reload::plugin);
    let handle = app.world().resource::<AssetServer>().load(rules_path);
    app.insert_resource(aeternus_core::mods::reload::RulesAsset(handle));
    add_views(&mut app, cli, title, at, table);
    extra(&mut app)?;
    app.run();
    Ok(())
}

/// The storm's options with the Aeternus rules: refused, naming them.
fn storm_options_absent(cli: &Cli) -> Result<(), Fault> {
    let s = &cli.storm;
    if s.cycle != 0 || s.contracts.is_some() || s.prestige || s.trial {
        return Err(Fault::BadInput(
            "--cycle, --contracts, --prestige and --trial belong to the storm rules (--rules storm)".into(),
        ));
    }
    Ok(())
}

/// The storm window's first cycle, once the options that belong to the Aeternus window are
/// found absent.
fn storm_cycle(cli: &Cli, storm: &StormRules, seed: u64) -> Result<CycleParams, Fault> {
    let refuse = |m: &str| Err(Fault::BadInput(m.into()));
    if cli.load.is_some() || cli.save.file.is_some() {
        return refuse("--load and --save belong to the Aeternus window");
    }
    if cli.spectator.on {
        return refuse("--spectator belongs to the Aeternus window");
    }
    if cli.sites.is_some() {
        return refuse(
            "--sites belongs to the Aeternus window (a storm map's sites: `aeternus sites --rules storm`)",
        );
    }
    let s = &cli.storm;
    Ok(CycleParams {
        seed,
        cycle: s.cycle,
        contracts: crate::cli::storm::contracts(storm, s.contracts.as_deref())?,
        prestige: s.prestige,
        trial: s.trial,
    })
}

/// The saved game `--load` names, with its world, which must fit the rules (none on the title,
/// whose Load menu reads it), and the table: `--seats` (or `--players` and `--bots`) over the
/// save's players or a new game's.
fn loaded_game(cli: &Cli, title: bool, rules: &Rules) -> Result<(Option<Loaded>, Table), Fault> {
    if cli.load.is_some() && cli.seats.players.is_some() {
        return Err(Fault::BadInput(
            "--players cannot be used with --load: a save brings its players".into(),
        ));
    }
    let loaded = match &cli.load {
        Some(path) if !title => {
            let save = SaveGame::read(path)?;
            let world = save.world(rules, &path.display().to_string())?;
            Some((save, world))
        }
        _ => None,
    };
    let n = match &loaded {
        Some((save, _)) => save.players.len() as u32,
        None => (cli.seats.count()).unwrap_or_else(|| aeternus_core::play::default_seats(rules)),
    };
    let table = cli.seats.table(n, false, aeternus_core::play::MAX_SEATS)?;
    Ok((loaded, table))
}

/// The screens, on the title or in the game, and the window tests' keys if given; `table`:
/// the table the command line named, which New game offers.
fn add_screens(
    app: &mut App,
    cli: &Cli,
    title: bool,
    seed: u64,
    script: Option<Vec<screens::script::Press>>,
    table: Option<Table>,
) {
    let launch = screens::Launch {
        rules: cli.rules.name.clone(),
        mods: cli.mods.clone(),
        bot: cli.seats.bot.kind,
        table,
        save: cli.save.file.clone(),
        seed,
    };
    let first = if title {
        screens::Screen::Title
    } else {
        screens::Screen::Game
    };
    app.add_plugins(screens::ScreensPlugin { first, launch });
    if let Some(keys) = script {
        app.insert_resource(screens::script::Script::new(keys))
            .add_plugins(screens::script::plugin);
    }
}

/// The site layer, or a warning that it is off (said once the log is up).
fn add_site_layer(app: &mut App, sites: Result<SiteLayer, RulesError>) {
    app.add_plugins(aeternus_core::sites::plugin::plugin);
    match sites {
        Ok(layer) => {
            app.insert_resource(layer);
        }
        Err(e) => {
            let why =
                format!("the site layer is off: {e} (--sites FILE gives site rules that fit)");
            app.add_systems(Startup, move || warn!("{why}"));
        }
    }
}

/// The drawing, the play view, the bots' pace, the spectator and the first framing; `at` is
/// where the game's first player stands (the origin in a new game).
fn add_views(app: &mut App, cli: &Cli, title: bool, at: Hex, table: Table) {
    use aeternus_view::{playview, render, spectator};
    if let Some(path) = &cli.save.file {
        app.insert_resource(playview::saving::SavePath(path.clone()));
    }
    let screenshot = cli.screenshot.clone();
    app.add_plugins(render::RenderPlugin { screenshot });
    if let Some(zoom) = cli.zoom {
        app.insert_resource(render::StartZoom(zoom));
    }
    app.add_plugins(playview::PlayViewPlugin {
        players: cli.seats.count(),
    });
    if table.iter().any(|s| s.bot().is_some()) && !title {
        // A bot's action every 0.4 s: a person can follow what it does in the log.
        app.insert_resource(aeternus_core::play::BotSeats(table))
            .insert_resource(aeternus_core::play::BotPace {
                per_frame: 1,
                every: std::time::Duration::from_millis(400),
            });
    }
    // Closed unless asked for; F10 opens it.
    app.insert_resource(spectator::Spectating(cli.spectator.on))
        .add_plugins(spectator::plugin);
    // The picture of a world around the origin that the window tests check; a game played
    // generates only what its players see, and the camera frames it.
    if !title && cli.screenshot.is_none() {
        app.insert_resource(screens::start::Framing(at));
    }
    if cli.screenshot.is_some() && !title && cli.load.is_none() {
        app.add_systems(Startup, |mut commands: Commands| {
            let radius = START_VIEW_RADIUS;
            let viewer = Viewer {
                hex: Hex::ZERO,
                radius,
            };
            commands.spawn((Name::new("Origin view"), viewer));
        });
    }
}
