//! Hot-seat play of the Aeternus world in the game window: one player per faction seated at the
//! origin, tokens and built features drawn over the tiles, keys and clicks turned into the
//! current player's [`Action`](aeternus_core::play::Action)s, a HUD, and a camera that follows the turn.
//!
//! It reads the play state and writes only `Action` messages: the rules (`aeternus_core::play`) stay
//! headless. [`input_plugin`] (seating, input, the station pick) runs without a window and is what the
//! tests drive; [`PlayViewPlugin`] adds the drawing, the pointer and the HUD.
//!
//! Each file's plugin registers its own systems, ordered against another file's through
//! [`PlaySystems`]; what several files share is in `shared` (and the panels' boxes in `panel`),
//! which import none of them.

pub mod chart;
mod cues;
mod features;
mod focus;
mod hud;
pub mod input;
pub mod lobby;
pub mod motion;
mod panel;
mod pointer;
pub mod research;
pub mod saving;
pub mod seat;
mod shared;
mod sites;
mod standings;
pub mod text;
mod tokens;
pub mod travel;
pub mod walk;

#[cfg(test)]
mod tests;

use bevy::prelude::*;

use crate::render::camera::PanWithLetters;

pub use crate::render::tokens::faction_colour;
pub use seat::Seats;
pub use shared::{BUILD_KEYS, FocusOn, Hovered, HudText, Notice, PlaySystems};
pub use sites::path_colour;

/// Seating, input and the station pick: no window needed.
pub fn input_plugin(app: &mut App) {
    app.add_plugins((
        shared::plugin,
        crate::render::input::plugin,
        seat::plugin,
        travel::plugin,
        walk::plugin,
        research::input_plugin,
        lobby::input_plugin,
        input::plugin,
    ));
}

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
                standings::plugin,
                sites::plugin,
                saving::plugin,
                research::plugin,
                lobby::plugin,
                motion::plugin,
                cues::plugin,
            ));
    }
}
