//! The movement effects of a hex's biome, each a stage of a move: a Lake blocks entry
//! ([`enter`]), a Swamp holds back a player leaving for another mass ([`hold`]), Deceased Dunes
//! winds blow a player on ([`winds`]); a Perilous Pass's extra cost is checked with the action
//! (`actions::act`). A Boardwalk cancels them all. The chancy ones draw from the player's
//! seeded streams, keyed on its count of moves.

use bevy::prelude::*;
use rand::RngExt;

use super::actions::attempt;
use super::actors::{Actor, Players};
use super::hexes::effects;
use super::vocabulary::{
    Action, Arrived, EntryOpen, ExitOpen, Move, MoveAttempt, PlayEvent, count_on, refuse,
};
use crate::hex::{Coord, Direction};
use crate::world::plugin::{GenerateHex, GenerationRefused, HexWorld, Settling};
use crate::worldgen::stream::{Purpose, player_rng, uniform};

/// A player's per-move draws, one stream each.
const SWAMP_EXIT: Purpose = Purpose::Play(0);
const WINDS: Purpose = Purpose::Play(1);

/// A bound on one chain of blows (Dunes onto Dunes), so a mod's wind chance of 1 ends; at the
/// seed's 20% a chain this long has a chance of 0.2^16.
pub const MAX_BLOWS: u32 = 16;

/// A move that did not happen costs its AP only where the rules say so; returns what it cost.
fn charge(a: &mut Actor, m: &Move, costs: bool) -> u32 {
    let ap = if costs { m.cost } else { 0 };
    a.ap = a.ap.saturating_sub(ap);
    ap
}

/// The hex entered: a target the world's limits kept indeterminate refuses the action (and
/// stops a blow, with nothing logged: no hex was met); a target that blocks entry (a Lake)
/// stops the move; any other lets the player in. Every move that meets its target counts
/// toward the player's moves (its draws). Reads [`MoveAttempt`], [`GenerationRefused`] and the
/// store; writes the player's moves and AP, [`PlayEvent::Blocked`] or a refusal, and
/// [`EntryOpen`].
pub(super) fn enter(
    mut attempts: MessageReader<MoveAttempt>,
    mut refused: MessageReader<GenerationRefused>,
    world: Res<HexWorld>,
    mut players: Players,
    mut open: MessageWriter<EntryOpen>,
    mut log: MessageWriter<PlayEvent>,
) {
    let refused: Vec<GenerationRefused> = refused.read().copied().collect();
    for &MoveAttempt(m) in attempts.read() {
        let Ok(mut a) = players.actor(m.player) else {
            continue;
        };
        let Some(target) = world.get(m.to) else {
            if let (false, Some(r)) = (m.is_blow(), refused.iter().find(|r| r.hex == m.to)) {
                let action = Action::traverse_toward(m.player, m.from, m.to)
                    .expect("a move goes to a neighbour");
                let limit = r.error.limit();
                refuse(&mut log, &action, super::vocabulary::Refusal::Beyond(limit));
            }
            continue;
        };
        a.moves = count_on(a.moves);
        // A Lake is checked first: nobody tries to leave a Swamp onto water.
        let blocked = effects(&world.rules, &target).blocks_entry;
        let ap = blocked.then(|| charge(&mut a, &m, world.rules.play.blocked_move_costs_ap));
        players.save(&a);
        if let Some(ap) = ap {
            log.write(PlayEvent::Blocked {
                player: m.player,
                at: Coord::from_hex(m.from),
                toward: Coord::from_hex(m.to),
                blown: m.is_blow(),
                ap,
            });
        } else {
            open.write(EntryOpen(m));
        }
    }
}

/// The hex left: leaving it for a hex of another mass fails against its exit chance (the
/// Swamp's 15%). A target that was indeterminate when the move was tried belonged to the
/// indeterminate mass, so that move rolls whatever biome it was then generated as. Reads
/// [`EntryOpen`], the store and the player's moves; writes the player's AP,
/// [`PlayEvent::Mired`], and [`ExitOpen`].
pub(super) fn hold(
    mut entries: MessageReader<EntryOpen>,
    world: Res<HexWorld>,
    mut players: Players,
    mut open: MessageWriter<ExitOpen>,
    mut log: MessageWriter<PlayEvent>,
) {
    for &EntryOpen(m) in entries.read() {
        let Ok(mut a) = players.actor(m.player) else {
            continue;
        };
        let here = world
            .get(m.from)
            .expect("a player stands on a generated hex");
        let leaving = effects(&world.rules, &here);
        let other_mass = m.into_indeterminate || world.mass_root(m.from) != world.mass_root(m.to);
        let held = leaving.exit_other_mass_chance < 1.0 && other_mass && {
            let mut rng = player_rng(world.seed, a.id.0, a.moves, SWAMP_EXIT);
            uniform(&mut rng) >= leaving.exit_other_mass_chance
        };
        if held {
            let ap = charge(&mut a, &m, leaving.failed_exit_costs_ap);
            players.save(&a);
            log.write(PlayEvent::Mired {
                player: m.player,
                at: Coord::from_hex(m.from),
                toward: Coord::from_hex(m.to),
                ap,
            });
        } else {
            open.write(ExitOpen(m));
        }
    }
}

/// The winds of the hex just entered blow (the Dunes' 20%) toward one of the six neighbours,
/// each as likely: a blow is a new move attempt, for no AP, tried in the next pass through the
/// same stages (so a Lake stops it, corruption spreads on it, and Dunes blown onto blow again),
/// at most [`MAX_BLOWS`] to an action. Reads [`Arrived`], the store and the player's moves;
/// writes [`MoveAttempt`], [`GenerateHex`] and asks [`Settling`] for another pass.
pub(super) fn winds(
    mut arrived: MessageReader<Arrived>,
    world: Res<HexWorld>,
    players: Players,
    mut settling: ResMut<Settling>,
    mut attempts: MessageWriter<MoveAttempt>,
    mut generate: MessageWriter<GenerateHex>,
) {
    for &Arrived(m) in arrived.read() {
        let Ok(a) = players.actor(m.player) else {
            continue;
        };
        let here = world.get(m.to).expect("a player stands on a generated hex");
        let chance = effects(&world.rules, &here).wind_chance;
        if chance <= 0.0 || m.blows >= MAX_BLOWS {
            continue;
        }
        let mut rng = player_rng(world.seed, a.id.0, a.moves, WINDS);
        if uniform(&mut rng) >= chance {
            continue;
        }
        let direction = Direction::ALL[rng.random_range(0..6)];
        let blow = Move {
            from: m.to,
            to: m.to + direction.offset(),
            cost: 0,
            blows: m.blows + 1,
            ..m
        };
        attempt(blow, &world, &mut attempts, &mut generate);
        settling.carry_over();
    }
}
