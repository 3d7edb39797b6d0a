//! The game window: the rules core plus rendering.

use std::path::Path;

use bevy::asset::AssetPath;
use bevy::prelude::*;
use hexx::Hex;

use crate::cli::{Cli, CliError, RulesChoice};
use crate::mods::Sources;
use crate::rules::asset::{
    AETERNUS_PATH, AeternusRules, SITES_PATH, STORM_PATH, SiteRulesFile, StormRulesFile,
};
use crate::save::SaveGame;
use crate::sites::{SiteLayer, SiteRules};
use crate::storm::CycleParams;
use crate::world::plugin::Viewer;

/// How far a `--screenshot` of a game started from the command line reveals around the origin
/// (the window tests' picture and the README's); a game played reveals only what the players'
/// sight does.
pub const START_VIEW_RADIUS: u32 = 12;

/// The window's title: the ruleset and the seed, which a player can share.
pub fn window_title(ruleset: &str, seed: u64) -> String {
    format!("Aeternus — {ruleset} (seed {seed})")
}

/// Bevy's default plugins with the game's window title, over the game's asset sources (mods,
/// the `assets` folder, the embedded defaults), which register first; the rule assets' loaders.
pub fn window_plugins(app: &mut App, sources: &Sources, ruleset: &str, seed: u64) {
    window_plugins_titled(app, sources, window_title(ruleset, seed));
}

/// [`window_plugins`] with the window's title given.
fn window_plugins_titled(app: &mut App, sources: &Sources, title: String) {
    sources.register(app);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window { title, ..default() }),
                // Closing the spectator window leaves the game running; closing the game ends
                // both.
                exit_condition: bevy::window::ExitCondition::OnPrimaryClosed,
                ..default()
            })
            .set(Sources::asset_plugin(true)),
    );
    app.add_plugins((crate::rules::asset::plugin, crate::mods::art::plugin));
    // The frame's systems on one thread, as the rules' passes already are: each is small, and
    // the multi-threaded executor's waking and waiting cost several times their work (2.5-3.6
    // ms against 0.3 ms a frame, measured on two cores beside a software renderer).
    app.edit_schedule(Update, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
}

/// The window's rules, loaded through the asset server from the game's sources: the mods' or
/// the default `rules/aeternus.ron` or `rules/storm.ron`, or a rule file given by path (its
/// kind read from its first word). Returns them with their asset path, which the window loads
/// again to hear of edits.
pub fn window_rules(
    cli: &Cli,
    sources: &mut Sources,
) -> Result<(RulesChoice, AssetPath<'static>), CliError> {
    let (path, storm) = match cli.rules.as_str() {
        "aeternus" => (AssetPath::from(AETERNUS_PATH), false),
        "storm" => (AssetPath::from(STORM_PATH), true),
        file => {
            let (text, _) = crate::rules::read_rule_file(Path::new(file))?;
            let storm = crate::cli::rules_kind(&text) == Some("Storm");
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
    rules: &crate::rules::Rules,
    cli: &Cli,
    sources: &Sources,
) -> Result<Result<SiteLayer, crate::rules::RulesError>, CliError> {
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
pub fn run(cli: &Cli) -> Result<(), CliError> {
    let title = cli.title || !cli.chooses_game();
    // A new game without a given seed takes a random one.
    let seed = cli.seed.unwrap_or_else(crate::screens::seed::random_seed);
    let (screenshot, players) = (cli.screenshot.clone(), cli.players);
    let script = match &cli.press {
        Some(keys) => Some(crate::screens::script::parse(keys).map_err(CliError::BadInput)?),
        None => None,
    };
    let mut sources = Sources::new(crate::mods::open_all(&cli.mods)?);
    let (rules, rules_path) = window_rules(cli, &mut sources)?;
    let rules = match rules {
        RulesChoice::Aeternus(r) => {
            let s = &cli.storm;
            if s.cycle != 0 || s.contracts.is_some() || s.prestige || s.trial {
                return Err(CliError::BadInput(
                    "--cycle, --contracts, --prestige and --trial belong to the storm rules (--rules storm)".into(),
                ));
            }
            r
        }
        RulesChoice::Storm(storm) => {
            if cli.load.is_some() || cli.save.is_some() {
                return Err(CliError::BadInput(
                    "--load and --save belong to the Aeternus window".into(),
                ));
            }
            if cli.spectator {
                return Err(CliError::BadInput(
                    "--spectator belongs to the Aeternus window".into(),
                ));
            }
            if cli.sites.is_some() {
                return Err(CliError::BadInput(
                    "--sites belongs to the Aeternus window (a storm map's sites: `aeternus sites --rules storm`)".into(),
                ));
            }
            let s = &cli.storm;
            let params = CycleParams {
                seed,
                cycle: s.cycle,
                contracts: crate::storm::cli::contracts(&storm, s.contracts.as_deref())?,
                prestige: s.prestige,
                trial: s.trial,
            };
            crate::stormview::run(storm, params, screenshot, cli.zoom, &sources, rules_path);
            return Ok(());
        }
    };
    let sites = site_layer(&rules, cli, &sources)?;
    // A saved game brings its seed and world; it must fit the rules.
    if cli.load.is_some() && cli.players.is_some() {
        return Err(CliError::BadInput(
            "--players cannot be used with --load: a save brings its players".into(),
        ));
    }
    let loaded = match &cli.load {
        Some(_) if title => None,
        Some(path) => {
            let save = SaveGame::read(path)?;
            let world = save.world(&rules, &path.display().to_string())?;
            Some((save, world))
        }
        None => None,
    };
    let seats = match &loaded {
        Some((save, _)) => save.players.len() as u32,
        None => players.unwrap_or_else(|| crate::playview::seat::default_seats(&rules)),
    };
    if cli.bots > seats {
        return Err(CliError::BadInput(format!(
            "--bots {} is more than the {seats} players at the table",
            cli.bots
        )));
    }
    let seed = loaded.as_ref().map_or(seed, |(s, _)| s.seed);
    let loaded_at = loaded
        .as_ref()
        .and_then(|(s, _)| s.players.first())
        .map(|p| p.at.to_hex());
    let launch = crate::screens::Launch {
        rules: cli.rules.clone(),
        mods: cli.mods.clone(),
        bot: cli.bot,
        save: cli.save.clone(),
        seed,
    };
    let mut app = App::new();
    if title {
        window_plugins_titled(&mut app, &sources, "Aeternus".into());
    } else {
        window_plugins(&mut app, &sources, &rules.name, seed);
    }
    (crate::core_plugins(rules, seed))(&mut app);
    crate::configure_screens(&mut app);
    app.add_plugins(crate::screens::ScreensPlugin {
        first: if title {
            crate::screens::Screen::Title
        } else {
            crate::screens::Screen::Game
        },
        launch,
    });
    if let Some(keys) = script {
        app.insert_resource(crate::screens::script::Script::new(keys))
            .add_plugins(crate::screens::script::plugin);
    }
    if let Some((save, world)) = loaded {
        save.install(&mut app, world);
    }
    if let Some(path) = &cli.save {
        app.insert_resource(crate::playview::saving::SavePath(path.clone()));
    }
    app.add_plugins(crate::sites::plugin::plugin);
    match sites {
        Ok(layer) => {
            app.insert_resource(layer);
        }
        // Said once the log is up.
        Err(e) => {
            let why =
                format!("the site layer is off: {e} (--sites FILE gives site rules that fit)");
            app.add_systems(Startup, move || warn!("{why}"));
        }
    }
    app.add_plugins(crate::rules::reload::plugin);
    let handle = app.world().resource::<AssetServer>().load(rules_path);
    app.insert_resource(crate::rules::reload::RulesAsset(handle));
    app.add_plugins(crate::render::RenderPlugin { screenshot });
    if let Some(zoom) = cli.zoom {
        app.insert_resource(crate::render::StartZoom(zoom));
    }
    app.add_plugins(crate::playview::PlayViewPlugin { players });
    if cli.bots > 0 && !title {
        // A bot's action every 0.4 s: a person can follow what it does in the log.
        app.insert_resource(crate::play::BotSeats(cli.bots, cli.bot.bot()))
            .insert_resource(crate::play::BotPace {
                per_frame: 1,
                every: std::time::Duration::from_millis(400),
            });
    }
    // Closed unless asked for; F10 opens it.
    app.insert_resource(crate::spectator::Spectating(cli.spectator))
        .add_plugins(crate::spectator::plugin);
    // The picture of a world around the origin that the window tests check; a game played
    // generates only what its players see, and the camera frames it.
    if !title && cli.screenshot.is_none() {
        let at = loaded_at.unwrap_or(Hex::ZERO);
        app.insert_resource(crate::screens::start::Framing(at));
    }
    if cli.screenshot.is_some() && !title && cli.load.is_none() {
        app.add_systems(Startup, |mut commands: Commands| {
            commands.spawn((
                Name::new("Origin view"),
                Viewer {
                    hex: Hex::ZERO,
                    radius: START_VIEW_RADIUS,
                },
            ));
        });
    }
    app.run();
    Ok(())
}
