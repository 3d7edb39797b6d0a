//! The greedy bot: plays to win.

use hexx::Hex;
use rand::RngExt;

use super::actions::Action;
use super::players::PlayerId;
use crate::world::HexWorld;

/// The greedy bot's next action.
pub(super) fn action(
    _rng: &mut impl RngExt,
    _map: &HexWorld,
    player: PlayerId,
    _at: Hex,
) -> Action {
    Action::EndTurn { player }
}
