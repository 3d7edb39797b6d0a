//! The game window: the rules core plus rendering.

use bevy::prelude::*;
use hexx::Hex;

use crate::cli::{Cli, CliError, RulesChoice};
use crate::save::SaveGame;
use crate::sites::{SiteLayer, SiteRules};
use crate::storm::CycleParams;
use crate::world::plugin::Viewer;

/// How far the first window reveals around the origin.
pub const START_VIEW_RADIUS: u32 = 12;

/// Bevy's default plugins with the game's window title.
pub fn window_plugins(ruleset: &str, seed: u64) -> bevy::app::PluginGroupBuilder {
    DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: format!("Aeternus — {ruleset} (seed {seed})"),
            ..default()
        }),
        // Closing the spectator window leaves the game running; closing the game ends both.
        exit_condition: bevy::window::ExitCondition::OnPrimaryClosed,
        ..default()
    })
}

/// The rule file the window was opened on, watched so that saving it reloads the rules; none
/// for a built-in name.
fn rule_file(cli: &Cli) -> Option<std::path::PathBuf> {
    (!matches!(cli.rules.as_str(), "aeternus" | "storm")).then(|| cli.rules.clone().into())
}

/// The site layer for the window's ruleset: `--sites FILE` must load and fit the ruleset (else
/// the command fails); the embedded site rules may not fit a mod (a new biome), which leaves the
/// layer off (the inner error).
fn site_layer(
    rules: &crate::rules::Rules,
    cli: &Cli,
) -> Result<Result<SiteLayer, crate::rules::RulesError>, CliError> {
    match &cli.sites {
        Some(path) => {
            let sites = SiteRules::from_file(path)?;
            Ok(Ok(SiteLayer::new(sites, rules)?))
        }
        None => Ok(SiteLayer::new(SiteRules::embedded(), rules)),
    }
}

/// Opens the window on a ruleset with the command line's options.
pub fn run(rules: RulesChoice, cli: &Cli) -> Result<(), CliError> {
    let (seed, screenshot, players) = (cli.seed, cli.screenshot.clone(), cli.players);
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
            crate::stormview::run(storm, params, screenshot, rule_file(cli));
            return Ok(());
        }
    };
    let sites = site_layer(&rules, cli)?;
    // A saved game brings its seed and world; it must fit the rules.
    if cli.load.is_some() && cli.players.is_some() {
        return Err(CliError::BadInput(
            "--players cannot be used with --load: a save brings its players".into(),
        ));
    }
    let loaded = match &cli.load {
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
    let mut app = App::new();
    app.add_plugins(window_plugins(&rules.name, seed));
    (crate::core_plugins(rules, seed))(&mut app);
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
    if let Some(path) = rule_file(cli) {
        app.insert_resource(crate::rules::reload::RulesFile::new(path));
    }
    app.add_plugins(crate::render::RenderPlugin { screenshot });
    app.add_plugins(crate::playview::PlayViewPlugin { players });
    if cli.bots > 0 {
        // A bot's action every 0.4 s: a person can follow what it does in the log.
        app.insert_resource(crate::play::BotSeats(cli.bots))
            .insert_resource(crate::play::BotPace {
                per_frame: 1,
                every: std::time::Duration::from_millis(400),
            });
    }
    if cli.spectator {
        app.add_plugins(crate::spectator::plugin);
    }
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn((
            Name::new("Origin view"),
            Viewer {
                hex: Hex::ZERO,
                radius: START_VIEW_RADIUS,
            },
        ));
    });
    app.run();
    Ok(())
}
