//! The game window: the rules core plus rendering.

use bevy::prelude::*;
use hexx::Hex;

use crate::cli::{CliError, RulesChoice};
use crate::world::plugin::Viewer;

/// How far the first window reveals around the origin.
pub const START_VIEW_RADIUS: u32 = 12;

pub fn run(
    rules: RulesChoice,
    seed: u64,
    screenshot: Option<std::path::PathBuf>,
    players: Option<u32>,
) -> Result<(), CliError> {
    let rules = match rules {
        RulesChoice::Aeternus(r) => r,
        RulesChoice::Storm(storm) => {
            crate::stormview::run(storm, seed, screenshot);
            return Ok(());
        }
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: format!("Aeternus — {} (seed {seed})", rules.name),
            ..default()
        }),
        ..default()
    }));
    (crate::core_plugins(rules, seed))(&mut app);
    app.add_plugins(crate::render::RenderPlugin { screenshot });
    app.add_plugins(crate::playview::PlayViewPlugin { players });
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
