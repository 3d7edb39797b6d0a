//! The game's words, at the bottom of play: the types every rule, bot, log, save and view names
//! (players and what they hold, actions and refusals, the play events, the messages between the
//! rules' stages, the phase, scores and endings) and the bounds on counts. Nothing here imports
//! the rules' systems; they all import it.

mod actions;
mod checks;
mod events;
mod holdings;
mod ids;
mod players;
mod stages;
mod standing;

pub use actions::{Action, Order, Refusal};
pub use checks::{MAX_FOUND, MAX_PLAYER_ID, PartError, ap_bound, faction_bound, phase_bound};
pub use events::{PlayEvent, PlayLog, Played, refuse};
pub use holdings::{Advances, Occupied, RazedHexes, occupant, occupant_in};
pub use ids::{Faction, PlayerId};
pub use players::{
    ActionPoints, Moves, Player, PlayerIndex, Position, Resources, SightBonus, Turn, default_seats,
};
pub use stages::{Arrived, Built, EntryOpen, ExitOpen, Move, MoveAttempt, PhaseBegun, Spread};
pub use standing::{Contest, End, EndedBy, GameOver, Phase, Score, Standings};

/// The largest phase and move count, far past any game: counting stops there, and a save holds
/// no more.
pub const MAX_COUNTER: u32 = 1_000_000_000;

/// The most of one resource a player holds: gathering stops adding there, and a save holds no
/// more.
pub const MAX_HELD: u32 = 1_000_000_000;

/// The most entries the play log keeps (the oldest go first), and a save holds.
pub const MAX_LOG: usize = 1 << 24;

/// One more of a phase or move count, stopping at [`MAX_COUNTER`].
pub(crate) fn count_on(n: u32) -> u32 {
    n.saturating_add(1).min(MAX_COUNTER)
}
