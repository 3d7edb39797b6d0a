//! The storm map window (`--rules storm`): the cycle's map drawn from the core's tiles, seals and
//! reservations marked, a player token that walks cell to cell and reveals reservations on
//! arrival, N for the next cycle, and the settlement layer of the token's cell in its own view.
//!
//! `logic` and `play` hold the rules of the token and run headless; the rest only draws and reads
//! input. The storm core (`aeternus_core::storm`) is used through its public API only.

mod art;
mod draw;
mod hud;
mod input;
mod marks;
pub mod play;
mod settlement;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;

use crate::render::{BACKGROUND, camera, screenshot, textures};
use aeternus_core::storm::{CycleParams, StormRules};

pub use aeternus_core::storm::token::{Arrival, Blocked, TokenTrail};
pub use draw::MapDrawn;
pub use play::{CurrentMap, StormCommand, StormNotice, StormPlayPlugin, StormRulesAsset};

/// Which layer the storm window shows: the map or the settlement layer of the token's cell
/// (the game window's screens are `screens::Screen`).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StormLayer {
    #[default]
    Map,
    /// The settlement layer of the token's cell.
    Settlement,
}

/// Opens the storm window on a run's first cycle, the whole map in view (or at `zoom`, world
/// units a pixel); with `rules_file` (the file the rules came from), saving that file redraws
/// the cycle under the new rules.
pub fn run(
    rules: StormRules,
    params: CycleParams,
    screenshot: Option<PathBuf>,
    zoom: Option<f32>,
    sources: &aeternus_core::mods::Sources,
    rules_path: bevy::asset::AssetPath<'static>,
) {
    let seed = params.seed;
    let mut app = App::new();
    crate::render::window::window_plugins(&mut app, sources, &rules.name, seed);
    crate::view_sets(&mut app);
    app.add_plugins(StormPlayPlugin {
        rules: Arc::new(rules),
        params,
    });
    app.add_plugins(StormViewPlugin { screenshot });
    if let Some(zoom) = zoom {
        app.insert_resource(crate::render::StartZoom(zoom));
    }
    let handle = app.world().resource::<AssetServer>().load(rules_path);
    app.insert_resource(StormRulesAsset(handle));
    app.run();
}

/// Everything the storm window draws and reads; needs the render app.
pub struct StormViewPlugin {
    /// Save a screenshot here once the map is drawn, then quit.
    pub screenshot: Option<PathBuf>,
}

impl Plugin for StormViewPlugin {
    fn build(&self, app: &mut App) {
        crate::view_sets(app);
        // The letters move the token, so only the arrows pan.
        app.insert_resource(camera::PanWithLetters(false))
            .add_plugins(TilemapPlugin)
            .insert_resource(ClearColor(BACKGROUND))
            .init_state::<StormLayer>()
            .add_plugins((
                textures::plugin,
                crate::render::shapes::plugin,
                camera::plugin,
                art::plugin,
                draw::plugin,
                marks::plugin,
                hud::plugin,
                input::plugin,
                settlement::plugin,
            ));
        if let Some(path) = &self.screenshot {
            screenshot::plugin::<MapDrawn>(app, path.clone());
        }
    }
}
