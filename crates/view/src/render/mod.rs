//! Drawing: biome tiles, marks, camera, screenshot, the banner of a refused rules reload. Reads
//! the world; never writes game state.
//!
//! A hex `h` is drawn centred on `aeternus_core::hex::layout(HEX_SIZE).hex_to_world_pos(h)`: flat-topped,
//! North straight up.

// `pub(crate)` where the storm window (`crate::stormview`) reuses them.
pub mod art;
pub mod art_loader;
mod banner;
pub(crate) mod camera;
pub(crate) mod figures;
pub(crate) mod fog;
pub mod input;
pub(crate) mod marks;
pub(crate) mod overview;
pub(crate) mod screenshot;
pub(crate) mod shapes;
pub(crate) mod textures;
pub(crate) mod tiles;
pub mod tokens;
pub mod window;

#[cfg(test)]
mod painted;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;

pub use camera::{StartZoom, fit_scale, parse_zoom};
pub use fog::FOG_COLOUR;
pub use overview::{MINIMAP_MARGIN, MINIMAP_SIZE};
pub use tiles::TILES_UP_TO_SCALE;

/// A hex's circumradius in world units (and in pixels of the generated tile texture).
pub const HEX_SIZE: f32 = 32.0;

/// Behind the map: what is not generated yet.
pub const BACKGROUND: Color = Color::srgb(0.07, 0.07, 0.09);

pub struct RenderPlugin {
    /// Save a screenshot here once the world is drawn, then quit.
    pub screenshot: Option<std::path::PathBuf>,
}

impl Plugin for RenderPlugin {
    fn build(&self, app: &mut App) {
        crate::view_sets(app);
        // The tilemap needs the render app, so it lives here and never in the headless core.
        app.add_plugins(TilemapPlugin)
            .insert_resource(ClearColor(BACKGROUND))
            .add_plugins((
                banner::plugin,
                textures::plugin,
                art::plugin,
                tiles::plugin,
                marks::plugin,
                camera::plugin,
                overview::plugin,
                figures::plugin,
            ));
        if let Some(path) = &self.screenshot {
            screenshot::plugin::<aeternus_core::world::plugin::HexGenerated>(app, path.clone());
        }
    }
}
