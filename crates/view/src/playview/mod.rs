//! Hot-seat play of the Aeternus world in the game window: one player per faction seated at the
//! origin, tokens and built features drawn over the tiles, keys and clicks turned into the
//! current player's [`Action`](aeternus_core::play::Action)s, a HUD, and a camera that follows the turn.
//!
//! It reads the play state and writes only `Action` messages: the rules (`aeternus_core::play`) stay
//! headless. [`input_plugin`] (seating, input, the station pick) runs without a window and is what the
//! tests drive; [`PlayViewPlugin`] adds the drawing, the pointer and the HUD.

pub mod chart;
mod cues;
mod features;
mod focus;
mod hud;
pub mod input;
pub mod lobby;
pub mod motion;
mod pointer;
pub mod research;
pub mod saving;
pub mod seat;
mod sites;
mod standings;
pub mod text;
mod tokens;
pub mod travel;
pub mod walk;

#[cfg(test)]
mod tests;

use aeternus_core::per_game::PerGameApp;
use bevy::prelude::*;
use hexx::Hex;

use crate::ViewSystems;
use crate::render::camera::PanWithLetters;

pub use crate::render::tokens::faction_colour;
pub use input::BUILD_KEYS;
pub use seat::Seats;
pub use sites::path_colour;

/// A filter for sprites on the map: never either window's camera, so drawing them never
/// contends with moving a camera.
type OffCamera = (
    Without<crate::render::camera::MainCamera>,
    Without<crate::render::camera::SpectatorCamera>,
);

/// The hex under the mouse, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Hex>);

/// A word for the player from the view itself (not the rules), shown until the next command.
#[derive(Resource, Debug, Default)]
pub struct Notice(pub Option<String>);

/// Asks the camera to glide to a hex.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FocusOn(pub Hex);

/// Seating, input and the station pick: no window needed.
pub fn input_plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Hovered>()
        .init_resource::<Notice>()
        .add_message::<FocusOn>()
        .add_plugins((
            crate::render::input::plugin,
            seat::plugin,
            travel::plugin,
            walk::plugin,
            research::input_plugin,
            lobby::input_plugin,
        ))
        .add_systems(Update, input::perform.in_set(ViewSystems::Commands));
}

/// Motion and cues: tokens glide, rules leave a short mark where they acted.
fn motion_plugin(app: &mut App) {
    app.init_per_game::<motion::Glides>().add_systems(
        Update,
        (
            (motion::follow, motion::glide)
                .chain()
                .before(tokens::place_tokens),
            (cues::spawn_cues, cues::age_cues)
                .chain()
                .after(tokens::place_tokens),
        )
            .in_set(ViewSystems::Render),
    );
}

/// The game window's HUD text, which other windows' text is ordered after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HudText;

/// Play in the game window; add after `render::RenderPlugin` (it needs its camera and textures).
pub struct PlayViewPlugin {
    /// How many players to seat; `None`: the ruleset's factions, at least two.
    pub players: Option<u32>,
}

impl Plugin for PlayViewPlugin {
    fn build(&self, app: &mut App) {
        crate::view_sets(app);
        if let Some(n) = self.players {
            app.insert_resource(Seats(n));
        }
        // The letters move the current player, so only the arrows pan.
        app.insert_resource(PanWithLetters(false))
            .add_plugins((input_plugin, crate::render::shapes::plugin))
            .add_plugins((
                pointer::plugin,
                crate::render::input::click_plugin,
                tokens::plugin,
                features::plugin,
                travel::draw_plugin,
                walk::draw_plugin,
                focus::plugin,
                hud::plugin,
                sites::plugin,
                saving::plugin,
                research::plugin,
                lobby::plugin,
                motion_plugin,
            ));
    }
}
