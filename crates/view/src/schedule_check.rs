//! Bevy's own checks on the game's schedules: every schedule of the apps the game builds is
//! initialised with ambiguity detection set to error, so two systems that touch the same data in
//! no stated order fail here rather than behave differently under another executor.
//!
//! Built without a window: the rules core, sites, rule reload, autosave and the play view's
//! input (`playview::input_plugin`) as the Aeternus window adds them; `StormPlayPlugin` as the storm
//! window adds it; and, initialised but never run, the play view's drawing and the spectator.
//! Not built: `render::RenderPlugin` and `stormview::StormViewPlugin`, because both add
//! `bevy_ecs_tilemap::TilemapPlugin`, whose build needs the render sub-app (a GPU device).
//!
//! Allowed pairs, if ever needed, are listed with their reasons in `crate::configure_sets`, the
//! one place for ordering; there are none.

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;

use aeternus_core::rules::Rules;

/// Initialises every schedule of `app` with ambiguities as errors; returns each failure.
fn ambiguities(app: &mut App) -> Vec<String> {
    app.configure_schedules(ScheduleBuildSettings {
        ambiguity_detection: LogLevel::Error,
        ..default()
    });
    let world = app.world_mut();
    // Bevy's own state machinery (its transition schedule) is none of the game's.
    let labels: Vec<_> = world
        .resource::<Schedules>()
        .iter()
        .map(|(_, s)| s.label())
        .filter(|l| format!("{l:?}") != "StateTransition")
        .collect();
    let mut errors = Vec::new();
    for label in labels {
        let mut schedule = world.resource_mut::<Schedules>().remove(label).unwrap();
        if let Err(e) = schedule.initialize(world) {
            errors.push(format!(
                "{label:?}: {}",
                e.to_string(schedule.graph(), world)
            ));
        }
        world.resource_mut::<Schedules>().insert(schedule);
    }
    errors
}

/// What every Aeternus window builds before its views: the rules core, sites, rule reload.
fn aeternus_base() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.add_plugins(bevy::input::InputPlugin);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: Rules::aeternus(),
        seed: 1,
    });
    app.add_plugins((
        aeternus_core::sites::plugin::plugin,
        aeternus_core::mods::reload::plugin,
    ));
    app
}

/// The Aeternus window's logic without its drawing: autosave and the play view's input.
fn aeternus_app() -> App {
    let mut app = aeternus_base();
    app.add_plugins((
        aeternus_core::save::autosave::plugin,
        crate::playview::input_plugin,
    ));
    app
}

/// The Aeternus window's app with the play view's drawing (autosave and F5 included) and the
/// spectator, which need only the image assets to build: initialised, never run (they draw
/// into a window). `render::RenderPlugin` is left out (see the module's doc).
fn aeternus_view_app() -> App {
    let mut app = aeternus_base();
    app.add_plugins((
        bevy::asset::AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
    ));
    app.add_plugins(crate::playview::PlayViewPlugin { players: None })
        .add_plugins(crate::spectator::plugin);
    // The screens, as every game window has them.
    app.add_plugins(crate::screens::ScreensPlugin {
        first: crate::screens::Screen::Game,
        launch: crate::screens::Launch {
            rules: "aeternus".into(),
            mods: Vec::new(),
            bot: aeternus_core::play::Bot::RANDOM,
            table: None,
            save: None,
            seed: 1,
        },
    });
    app
}

/// The storm window's app without its drawing plugin.
fn storm_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.add_plugins(bevy::input::InputPlugin);
    crate::view_sets(&mut app);
    let rules = std::sync::Arc::new(aeternus_core::storm::StormRules::embedded().unwrap());
    app.add_plugins(crate::stormview::StormPlayPlugin::new(rules, 1));
    app
}

#[test]
fn the_aeternus_schedules_have_no_ambiguity() {
    let mut app = aeternus_app();
    let errors = ambiguities(&mut app);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // And a frame runs as built.
    app.update();
}

#[test]
fn the_aeternus_view_schedules_have_no_ambiguity() {
    let errors = ambiguities(&mut aeternus_view_app());
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_storm_schedules_have_no_ambiguity() {
    let mut app = storm_app();
    let errors = ambiguities(&mut app);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    app.update();
}

/// The check itself finds an unordered pair: two systems writing one resource.
#[test]
fn an_unordered_pair_is_found() {
    #[derive(Resource, Default)]
    struct Count(u32);
    let mut app = App::new();
    app.init_resource::<Count>().add_systems(
        Update,
        (
            |mut c: ResMut<Count>| c.0 += 1,
            |mut c: ResMut<Count>| c.0 *= 2,
        ),
    );
    assert_eq!(ambiguities(&mut app).len(), 1);
}
