//! The game window: the headless core, the views and the screens wired together, in named
//! steps, for what the window opens on: the command line's options ([`run`]) or a game already
//! loaded ([`run_game`]: an online game's, handed over by its client).

use std::path::{Path, PathBuf};

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

/// The keys of `--press`, which the window presses.
type Script = Vec<screens::script::Press>;

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
/// the command fails), else the game's own ([`shipped_site_layer`]).
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
        None => shipped_site_layer(rules, sources),
    }
}

/// The game's `rules/sites.ron` (a mod's, else the default) for `rules`, which it may not fit
/// (a new biome): the layer is then off (the inner error).
fn shipped_site_layer(
    rules: &Rules,
    sources: &Sources,
) -> Result<Result<SiteLayer, RulesError>, Fault> {
    let sites = sources.load_now::<SiteRulesFile>(&AssetPath::from(SITES_PATH))?;
    Ok(SiteLayer::new(sites.0, rules))
}

/// The window tests' options, which a window honours however it opens: `--screenshot` and
/// `--press`.
#[derive(Debug, Clone, Default)]
pub struct TestOptions {
    pub screenshot: Option<PathBuf>,
    pub press: Option<String>,
}

impl TestOptions {
    /// The command line's.
    pub fn of(cli: &Cli) -> Self {
        Self {
            screenshot: cli.screenshot.clone(),
            press: cli.press.clone(),
        }
    }

    /// The keys of `--press`, checked.
    fn script(&self) -> Result<Option<Script>, Fault> {
        (self.press.as_deref())
            .map(screens::script::parse)
            .transpose()
            .map_err(Fault::BadInput)
    }
}

/// What the window opens on: its sources, rules and game, the screens' start and the views'
/// options; built from the command line ([`Opening::of_cli`]) or from a game already loaded
/// ([`Opening::of_game`]).
struct Opening {
    sources: Sources,
    rules: Rules,
    /// The rule file's asset, loaded again to hear of edits; none for rules of no file (an
    /// online game's are the server's, which only the host's choice changes).
    rules_asset: Option<AssetPath<'static>>,
    sites: Result<SiteLayer, RulesError>,
    loaded: Option<Loaded>,
    table: Table,
    title: bool,
    /// What the screens start with; its seed is the game's.
    launch: screens::Launch,
    script: Option<Script>,
    views: Views,
}

/// The views' options.
struct Views {
    /// Where F5 and the autosaves go.
    save: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    zoom: Option<f32>,
    /// The number of players the command line named.
    players: Option<u32>,
    spectator: bool,
    /// The world around the origin revealed for a new game's screenshot (the window tests'
    /// picture and the README's).
    origin_view: bool,
}

/// Opens the window on the command line's ruleset, mods and options: on the title screen
/// when no option chooses a game (or `--title`), else straight into the game.
pub fn run(cli: &Cli) -> Result<(), Fault> {
    // A new game without a given seed takes a random one.
    let seed = cli.seed.unwrap_or_else(screens::seed::random_seed);
    let script = TestOptions::of(cli).script()?;
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
    let opening = Opening::of_cli(cli, sources, (rules, rules_path), seed, script)?;
    open(opening, |_| Ok(()))
}

/// Opens the window straight into a game already loaded: `save` and its `world`, checked
/// against the rules the world holds (an online game's, which its client built on the rules
/// the server sent), saved by F5 and the autosaves to `save_path`; `tests`: the window tests'
/// options; `extra`: wiring added to the window's app last (the online game's client).
pub fn run_game(
    save: SaveGame,
    world: HexWorld,
    save_path: PathBuf,
    tests: &TestOptions,
    extra: impl FnOnce(&mut App) -> Result<(), Fault>,
) -> Result<(), Fault> {
    open(Opening::of_game((save, world), save_path, tests)?, extra)
}

impl Opening {
    /// The command line's window on `rules` (read from the asset path beside them), `seed` a
    /// new game's.
    fn of_cli(
        cli: &Cli,
        sources: Sources,
        (rules, rules_path): (Rules, AssetPath<'static>),
        seed: u64,
        script: Option<Script>,
    ) -> Result<Self, Fault> {
        let title = cli.title || !cli.chooses_game();
        let sites = site_layer(&rules, cli, &sources)?;
        let (loaded, table) = loaded_game(cli, title, &rules)?;
        let seed = loaded.as_ref().map_or(seed, |(s, _)| s.seed);
        let launch = screens::Launch {
            rules: cli.rules.name.clone(),
            mods: cli.mods.clone(),
            bot: cli.seats.bot.kind,
            // The table the command line named, which New game offers.
            table: cli.seats.given().then(|| table.clone()),
            save: cli.save.file.clone(),
            seed,
        };
        let views = Views {
            save: cli.save.file.clone(),
            screenshot: cli.screenshot.clone(),
            zoom: cli.zoom,
            players: cli.seats.count(),
            spectator: cli.spectator.on,
            origin_view: cli.screenshot.is_some() && !title && cli.load.is_none(),
        };
        Ok(Self {
            sources,
            rules,
            rules_asset: Some(rules_path),
            sites,
            loaded,
            table,
            title,
            launch,
            script,
            views,
        })
    }

    /// The window of a game already loaded, on the default sources (no mod) and the rules its
    /// world holds; every seat a person's (whoever plays the others, this window does not).
    fn of_game(loaded: Loaded, save_path: PathBuf, tests: &TestOptions) -> Result<Self, Fault> {
        let script = tests.script()?;
        let sources = Sources::new(Vec::new());
        let rules = loaded.1.rules.clone();
        let sites = shipped_site_layer(&rules, &sources)?;
        let table = people(loaded.0.players.len())?;
        let launch = screens::Launch {
            // No rule file was given: a game started from the menus plays these rules in
            // place, or the default ones in a process started anew.
            rules: "aeternus".into(),
            mods: Vec::new(),
            bot: aeternus_core::play::Bot::RANDOM,
            table: None,
            save: Some(save_path.clone()),
            seed: loaded.0.seed,
        };
        let views = Views {
            save: Some(save_path),
            screenshot: tests.screenshot.clone(),
            zoom: None,
            players: None,
            spectator: false,
            origin_view: false,
        };
        Ok(Self {
            sources,
            rules,
            rules_asset: None,
            sites,
            loaded: Some(loaded),
            table,
            title: false,
            launch,
            script,
            views,
        })
    }
}

/// A table of `n` people, which a window seats when `n` is within its limit.
fn people(n: usize) -> Result<Table, Fault> {
    let most = aeternus_core::play::MAX_SEATS;
    match u32::try_from(n) {
        Ok(n) if (1..=most).contains(&n) => Ok(aeternus_core::play::table_of(
            n,
            0,
            aeternus_core::play::Bot::RANDOM,
        )),
        _ => Err(Fault::BadInput(format!(
            "the game seats {n} players; a window seats 1..={most}"
        ))),
    }
}

/// Opens the window on `opening`, `extra` wired last, and runs it until it closes.
fn open(opening: Opening, extra: impl FnOnce(&mut App) -> Result<(), Fault>) -> Result<(), Fault> {
    let Opening {
        sources,
        rules,
        rules_asset,
        sites,
        loaded,
        table,
        title,
        launch,
        script,
        views,
    } = opening;
    let seed = launch.seed;
    let mut app = App::new();
    if title {
        window::window_plugins_titled(&mut app, &sources, "Aeternus".into());
    } else {
        window::window_plugins(&mut app, &sources, &rules.name, seed);
    }
    app.add_plugins(aeternus_core::CorePlugin { rules, seed });
    add_screens(&mut app, title, launch, script);
    let at = loaded.as_ref().and_then(|(s, _)| s.players.first());
    let at = at.map_or(Hex::ZERO, |p| p.at.to_hex());
    if let Some((save, world)) = loaded {
        save.install(&mut app, world);
    }
    add_site_layer(&mut app, sites);
    add_reload(&mut app, rules_asset);
    add_views(&mut app, &views, title, at, table);
    extra(&mut app)?;
    app.run();
    Ok(())
}

/// Hot reload of the rules: their file's asset, loaded again when it is saved (rules of no
/// file are never reloaded; the messages are there all the same, for the views that read them).
fn add_reload(app: &mut App, rules_asset: Option<AssetPath<'static>>) {
    app.add_plugins(aeternus_core::mods::reload::plugin);
    if let Some(path) = rules_asset {
        let handle = app.world().resource::<AssetServer>().load(path);
        app.insert_resource(aeternus_core::mods::reload::RulesAsset(handle));
    }
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

/// The screens, on the title or in the game, and the window tests' keys if given.
fn add_screens(app: &mut App, title: bool, launch: screens::Launch, script: Option<Script>) {
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
fn add_views(app: &mut App, views: &Views, title: bool, at: Hex, table: Table) {
    use aeternus_view::{playview, render, spectator};
    if let Some(path) = &views.save {
        app.insert_resource(playview::saving::SavePath(path.clone()));
    }
    let screenshot = views.screenshot.clone();
    app.add_plugins(render::RenderPlugin { screenshot });
    if let Some(zoom) = views.zoom {
        app.insert_resource(render::StartZoom(zoom));
    }
    app.add_plugins(playview::PlayViewPlugin {
        players: views.players,
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
    app.insert_resource(spectator::Spectating(views.spectator))
        .add_plugins(spectator::plugin);
    // The picture of a world around the origin that the window tests check; a game played
    // generates only what its players see, and the camera frames it.
    if !title && views.screenshot.is_none() {
        app.insert_resource(screens::start::Framing(at));
    }
    if views.origin_view {
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
