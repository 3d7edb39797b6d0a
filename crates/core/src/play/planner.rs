//! The planner bot: greedy's contest and economy ([`super::greedy`]) weighed over the phases
//! left. Each action it takes the first of these that applies:
//! 1. an advance whose gains over the phases left are worth at least [`PAYBACK`] times the
//!    points its price takes now (the essences paid score): income by what its flags earn
//!    (the ledger any seat sees), AP by what a phase earns it, sight and gathering by a smaller
//!    share;
//! 2. greedy's list, with a flag's pay weighed by the phases left (up to [`PAY_HORIZON`]) where
//!    greedy weighs it 3, so it heads for the sites that pay and razes rivals' that pay the
//!    most, sought farther ([`RAZE_LOOK`]); in the closing phases ([`CLOSING`]) a flag built
//!    anywhere for its point.
//!
//! Like greedy, it reads only the world, the tokens and the ledger any seat sees, and what its
//! faction knows of the sites.

use rand::RngExt;

use super::greedy::{self, Board, Seat};
use super::ledger::Ledger;
use super::vocabulary::Advances;
use crate::rules::{AdvanceId, Gains, Rules};

/// How far the planner goes out of its way to raze a rival's flag that pays.
pub const RAZE_LOOK: u32 = 6;
/// The most phases of pay a flag's value counts.
pub const PAY_HORIZON: u64 = 24;
/// The closing phases: a flag anywhere is worth its point.
pub const CLOSING: u32 = 12;
/// An advance is bought when what it brings over the phases left is at least this many times
/// what it costs in points now.
pub const PAYBACK: u64 = 2;

/// What the planner reads besides greedy's board: the advances held and the ledger.
pub(super) struct Economy<'a> {
    pub advances: &'a Advances,
    pub ledger: &'a Ledger,
}

/// Whether `phase` is among the closing phases of the rules' game.
pub fn closing(rules: &Rules, phase: u32) -> bool {
    rules.play.goal.phases.saturating_sub(phase) < CLOSING
}

/// What a unit a site pays each phase weighs in a flag's value: the phases left (at least
/// greedy's weight, at most [`PAY_HORIZON`]).
pub fn pay_weight(rules: &Rules, phase: u32) -> u64 {
    let left = u64::from(rules.play.goal.phases.saturating_sub(phase));
    left.clamp(greedy::PAY_WEIGHT, PAY_HORIZON)
}

/// The planner's next action.
pub(super) fn action(
    rng: &mut impl RngExt,
    board: &Board,
    seat: &Seat,
    economy: &Economy,
) -> super::vocabulary::Action {
    buy(board, seat, economy).unwrap_or_else(|| greedy::action(rng, board, seat))
}

/// 1. The advance worth the most over the phases left, of those worth their price.
fn buy(board: &Board, seat: &Seat, economy: &Economy) -> Option<super::vocabulary::Action> {
    let rules = &board.world.rules;
    let left = u64::from(rules.play.goal.phases.saturating_sub(seat.phase));
    let earning = earning(economy.ledger, seat);
    let held = economy.advances;
    let best = (0..rules.play.advances.len())
        .map(|i| AdvanceId(i as u8))
        .filter(|&a| held.check(seat.faction, a, seat.held, rules).is_ok())
        .map(|a| {
            let spec = &rules.play.advances[a.0 as usize];
            let worth = worth(&spec.gains, earning, rules, left);
            (worth, price(rules, &spec.cost), a)
        })
        .filter(|&(worth, price, _)| worth >= price.saturating_mul(PAYBACK).max(1))
        .max_by_key(|&(worth, price, a)| (worth.saturating_sub(price), std::cmp::Reverse(a)))?;
    Some(super::vocabulary::Action::Advance {
        player: seat.id,
        advance: best.2,
    })
}

/// Units the seat's faction earns a phase from its flags, as the ledger says.
fn earning(ledger: &Ledger, seat: &Seat) -> u64 {
    (ledger.0.iter())
        .find(|l| l.faction == seat.faction)
        .map_or(0, |l| l.income.values().map(|&n| u64::from(n)).sum())
}

/// Points a resource amount scores (what paying it takes off the score now).
fn price(rules: &Rules, cost: &crate::rules::Yield) -> u64 {
    super::goals::resource_points(rules, |r| cost.get(r).copied().unwrap_or(0))
}

/// What `gains` bring over `left` phases in points, in the planner's eyes: income by the share
/// of `earning` it adds; AP by the share of a phase's earning (and a point a phase for what
/// the action does besides); sight and gathering a little.
fn worth(gains: &Gains, earning: u64, rules: &Rules, left: u64) -> u64 {
    let ap = u64::from(rules.play.action_points.max(1));
    let income = earning * u64::from(gains.income) / 100;
    let stride = (earning + 2) * u64::from(gains.action_points) / ap;
    let small = (u64::from(gains.sight) + u64::from(gains.gather) / 50) / 2;
    (income + stride + small).saturating_mul(left)
}
