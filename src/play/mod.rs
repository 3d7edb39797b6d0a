//! The headless play rules: players and factions, phases and action points, and the actions of
//! section 5 resolved by its rules (hazards, corruption, pylons, flags, construction, stagways).
//!
//! In: spawn [`Player`]s, send [`Action`] messages. Out: [`PlayEvent`] messages (also kept in
//! [`PlayLog`]), the players' components, [`Phase`], [`Occupation`], and the hex entities the
//! world plugin keeps, whose `Landmark` and `Features` change with the store. No rendering here.

mod actions;
mod board;
mod construction;
mod corruption;
mod flags;
mod hazards;
mod log;
mod movement;
mod phase;
mod players;
pub mod routes;
mod stagways;
pub mod walk;

use bevy::prelude::*;

use crate::AppSystems;

pub use actions::{Action, Refusal};
pub use flags::{Occupation, Occupied};
pub use hazards::effects as movement_effects;
pub use log::{PlayEvent, PlayLog};
pub use phase::Phase;
pub use players::{
    ActionPoints, Faction, Moves, Player, PlayerId, PlayerIndex, Position, Resources, Turn,
};
pub use walk::{WalkEnd, WalkEnded, WalkOrder, WalkPace, Walks};

/// The most players seated at one table (`--players 1..=8`); factions past the rules' list
/// are named by number.
pub const MAX_SEATS: u32 = 8;

/// The largest phase and move count, far past any game: counting stops there, and a save holds
/// no more.
pub const MAX_COUNTER: u32 = 1_000_000_000;

/// The most entries the play log keeps (the oldest go first), and a save holds.
pub const MAX_LOG: usize = 1 << 24;

/// One more of a phase or move count, stopping at [`MAX_COUNTER`].
pub(crate) fn count_on(n: u32) -> u32 {
    n.saturating_add(1).min(MAX_COUNTER)
}

/// Adds the play rules; needs the world plugin (both come with [`crate::core_plugins`]).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        players::plugin,
        phase::plugin,
        actions::plugin,
        flags::plugin,
        log::plugin,
        walk::plugin,
    ));
    // Actions first, then the viewers follow the players (Generate fills their sight), then the
    // phase may turn; pylons cleanse after generation, and the log takes everything last.
    app.add_systems(
        Update,
        (actions::resolve, players::follow, phase::advance)
            .chain()
            .in_set(AppSystems::Play),
    )
    .add_systems(
        Update,
        (corruption::cleanse, log::note_refused, log::record)
            .chain()
            .in_set(AppSystems::Spread),
    );
}

#[cfg(test)]
mod tests;
