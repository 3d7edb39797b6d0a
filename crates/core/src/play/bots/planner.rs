//! The planner bot: greedy's contest and economy ([`super::priorities`]) weighed over the phases
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

use rand_pcg::Pcg64Mcg;

use super::priorities::{self, Style};
use super::{Mind, Mover, Outlook};
use crate::play::ledger::Ledger;
use crate::play::vocabulary::Action;
use crate::rules::{AdvanceId, Gains, Rules, Yield};

/// How far the planner goes out of its way to raze a rival's flag that pays.
pub const RAZE_LOOK: u32 = 6;
/// The most phases of pay a flag's value counts.
pub const PAY_HORIZON: u64 = 24;
/// The closing phases: a flag anywhere is worth its point.
pub const CLOSING: u32 = 12;
/// An advance is bought when what it brings over the phases left is at least this many times
/// what it costs in points now.
pub const PAYBACK: u64 = 2;

pub(super) struct Planner;

impl Mind for Planner {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn plays(&self) -> &'static str {
        "greedy over the phases left: buys advances that pay back, razes farther, flags anywhere at the end"
    }

    fn decide(&self, outlook: &Outlook, rng: &mut Pcg64Mcg) -> Action {
        buy(outlook).unwrap_or_else(|| priorities::action(rng, outlook, &style(outlook)))
    }
}

/// How the planner plays greedy's list in the phase `outlook` shows.
fn style(outlook: &Outlook) -> Style {
    let rules = &outlook.world.rules;
    Style {
        contest: true,
        search: true,
        raze_look: RAZE_LOOK,
        any_flag: closing(rules, outlook.phase),
        pay_weight: pay_weight(rules, outlook.phase),
    }
}

/// Whether `phase` is among the closing phases of the rules' game.
fn closing(rules: &Rules, phase: u32) -> bool {
    rules.play.goal.phases.saturating_sub(phase) < CLOSING
}

/// What a unit a site pays each phase weighs in a flag's value: the phases left (at least
/// greedy's weight, at most [`PAY_HORIZON`]).
fn pay_weight(rules: &Rules, phase: u32) -> u64 {
    let left = u64::from(rules.play.goal.phases.saturating_sub(phase));
    left.clamp(priorities::PAY_WEIGHT, PAY_HORIZON)
}

/// 1. The advance worth the most over the phases left, of those worth their price.
fn buy(outlook: &Outlook) -> Option<Action> {
    let (rules, mover) = (&outlook.world.rules, &outlook.mover);
    let left = u64::from(rules.play.goal.phases.saturating_sub(outlook.phase));
    let earning = earning(outlook.ledger, mover);
    let held = outlook.advances;
    let best = (0..rules.play.advances.len())
        .map(|i| AdvanceId(i as u8))
        .filter(|&a| held.check(mover.faction, a, mover.held, rules).is_ok())
        .map(|a| {
            let spec = &rules.play.advances[a.0 as usize];
            let worth = worth(&spec.gains, earning, rules, left);
            (worth, price(rules, &spec.cost), a)
        })
        .filter(|&(worth, price, _)| worth >= price.saturating_mul(PAYBACK).max(1))
        .max_by_key(|&(worth, price, a)| (worth.saturating_sub(price), std::cmp::Reverse(a)))?;
    Some(Action::Advance {
        player: mover.id,
        advance: best.2,
    })
}

/// Units the seat's faction earns a phase from its flags, as the ledger says.
fn earning(ledger: &Ledger, mover: &Mover) -> u64 {
    (ledger.0.iter())
        .find(|l| l.faction == mover.faction)
        .map_or(0, |l| l.income.values().map(|&n| u64::from(n)).sum())
}

/// Points a resource amount scores (what paying it takes off the score now).
fn price(rules: &Rules, cost: &Yield) -> u64 {
    crate::play::goals::resource_points(rules, |r| cost.get(r).copied().unwrap_or(0))
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
