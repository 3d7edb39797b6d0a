//! The movement effects of a hex's biome (Perilous Pass, Deceased Dunes, Swamp, Lake), cancelled
//! by a Boardwalk, and the seeded draws behind the chancy ones.

use rand::RngExt;

use super::board::{Actor, Board};
use crate::aeternus::stream::{Purpose, player_rng, uniform};
use crate::hex::Direction;
use crate::rules::{FeatureEffect, Movement, Rules};
use crate::world::HexData;

/// A player's per-move draws, one stream each.
const SWAMP_EXIT: Purpose = Purpose::Play(0);
const WINDS: Purpose = Purpose::Play(1);

/// The movement effects that apply on `hex`: its biome's, or none where a feature cancels them.
pub fn effects(rules: &Rules, hex: &HexData) -> Movement {
    let cancelled = hex
        .features
        .iter()
        .any(|f| rules.features[f.0 as usize].effect == FeatureEffect::CancelMovementEffects);
    if cancelled {
        Movement::default()
    } else {
        rules.biomes[hex.biome.0 as usize].movement
    }
}

/// Whether leaving `from` (whose effects are `leaving`) for `to` fails: only for a hex of
/// another mass, drawn against the exit chance (the Swamp's 15%). A target that was
/// indeterminate before the move (`was_indeterminate`) belonged to the indeterminate mass, so
/// the move rolls whatever biome it was then generated as.
pub(super) fn mired(
    board: &Board,
    a: &Actor,
    from: &HexData,
    to: &HexData,
    was_indeterminate: bool,
    leaving: &Movement,
) -> bool {
    let world = board.hexes.world();
    if leaving.exit_other_mass_chance >= 1.0
        || !was_indeterminate && world.mass_root(from.hex) == world.mass_root(to.hex)
    {
        return false;
    }
    let mut rng = player_rng(board.seed(), a.id.0, a.moves, SWAMP_EXIT);
    uniform(&mut rng) >= leaving.exit_other_mass_chance
}

/// Whether the winds of the hex just entered blow (the Dunes' 20%), and toward which of the six
/// neighbours, each as likely.
pub(super) fn wind(board: &Board, a: &Actor, here: &HexData) -> Option<Direction> {
    let chance = effects(board.rules(), here).wind_chance;
    if chance <= 0.0 {
        return None;
    }
    let mut rng = player_rng(board.seed(), a.id.0, a.moves, WINDS);
    (uniform(&mut rng) < chance).then(|| Direction::ALL[rng.random_range(0..6)])
}
