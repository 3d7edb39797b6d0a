//! Traverse: a move to an adjacent hex, generated first if indeterminate. The hex left may cost
//! extra AP (Perilous Pass) or hold the player back (Swamp); the hex entered may block (Lake) or
//! blow the player on (Deceased Dunes, a move again). Entering a corrupted hex corrupts the
//! one left behind.

use hexx::Hex;

use super::actions::Refusal;
use super::board::{Actor, Board};
use super::corruption::corrupt;
use super::hazards::{effects, mired, wind};
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::{Coord, Direction};
use crate::world::Cause;

/// A bound on one chain of blows (Dunes onto Dunes), so a mod's wind chance of 1 ends; at the
/// seed's 20% a chain this long has a chance of 0.2^16.
const MAX_BLOWS: u32 = 16;

pub(super) fn traverse(
    board: &mut Board,
    player: PlayerId,
    direction: Direction,
) -> Result<(), Refusal> {
    let mut a = board.actor(player)?;
    a.ready()?;
    let here = board
        .hex(a.hex)
        .expect("a player stands on a generated hex");
    let leaving = effects(board.rules(), &here);
    // The rules bound the extra cost; saturating keeps a hand-built ruleset from wrapping too.
    let cost = leaving.leave_extra_ap.saturating_add(1);
    if a.ap < cost {
        return Err(Refusal::NotEnoughAp {
            need: cost,
            have: a.ap,
        });
    }
    let to = a.hex + direction.offset();
    // Generation returns what it made: nothing when the target was generated already.
    let was_indeterminate = !board
        .hexes
        .generate(to, Cause::MoveTarget)
        .map_err(|e| Refusal::Beyond(e.limit()))?
        .is_empty();
    let target = board.hex(to).expect("just generated");
    a.moves = super::count_on(a.moves);
    let (at, toward) = (Coord::from_hex(a.hex), Coord::from_hex(to));
    // A Lake is checked first: nobody tries to leave a Swamp onto water.
    if effects(board.rules(), &target).blocks_entry {
        let ap = charge(&mut a, board.rules().play.blocked_move_costs_ap, cost);
        board.log(PlayEvent::Blocked {
            player,
            at,
            toward,
            blown: false,
            ap,
        });
    } else if mired(board, &a, &here, &target, was_indeterminate, &leaving) {
        let ap = charge(&mut a, leaving.failed_exit_costs_ap, cost);
        board.log(PlayEvent::Mired {
            player,
            at,
            toward,
            ap,
        });
    } else {
        a.ap -= cost;
        board.log(PlayEvent::Moved {
            player,
            from: at,
            to: toward,
            ap: cost,
        });
        arrive(board, &mut a, to);
        blow(board, &mut a);
    }
    board.save(&a);
    Ok(())
}

/// A move that did not happen costs its AP only where the rules say so; returns what it cost.
fn charge(a: &mut Actor, costs: bool, cost: u32) -> u32 {
    let ap = if costs { cost } else { 0 };
    a.ap -= ap;
    ap
}

/// The player is on `to` now; if it is corrupted, the hex left behind becomes corrupted.
fn arrive(board: &mut Board, a: &mut Actor, to: Hex) {
    let from = a.hex;
    a.hex = to;
    if board.is_corrupted(to) {
        corrupt(board, from, a.id);
    }
}

/// The winds of the hex just entered, again after each blow: a blow is a move (for no AP), so a
/// Lake stops it, corruption spreads on it, and Dunes blown onto blow again.
fn blow(board: &mut Board, a: &mut Actor) {
    for _ in 0..MAX_BLOWS {
        let here = board
            .hex(a.hex)
            .expect("a player stands on a generated hex");
        let Some(direction) = wind(board, a, &here) else {
            return;
        };
        let to = a.hex + direction.offset();
        // The world's limits stop a wind as a Lake would, but nothing is logged: no hex was met.
        if board.hexes.generate(to, Cause::MoveTarget).is_err() {
            return;
        }
        a.moves = super::count_on(a.moves);
        let (from, toward) = (Coord::from_hex(a.hex), Coord::from_hex(to));
        let target = board.hex(to).expect("just generated");
        if effects(board.rules(), &target).blocks_entry {
            board.log(PlayEvent::Blocked {
                player: a.id,
                at: from,
                toward,
                blown: true,
                ap: 0,
            });
            return;
        }
        board.log(PlayEvent::Blown {
            player: a.id,
            from,
            to: toward,
        });
        arrive(board, a, to);
    }
}
