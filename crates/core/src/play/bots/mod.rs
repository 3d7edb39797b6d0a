//! Bots: seats the game plays, through the same [`Action`] messages as people, one seat at a
//! time in the turn order ([`super::turns::to_act`]). A bot decides at the end of a pass of the
//! rules, once the world is settled, so each action is chosen on the world the last one left;
//! the frame's [`BotBudget`] bounds how many it sends.
//!
//! What a bot is, its [`Mind`]: its word in `--seats`, how it plays in a line, and its decision
//! on what its seat sees ([`Outlook`]), drawn from its own stream, keyed on (world seed, player,
//! its count of actions), so one bot's luck never depends on another's. Each bot is a file of
//! this folder, and [`ALL`] lists them: `--seats`, [`Bot`]'s parsing and the New game screen
//! all read it. A new bot is a new file implementing [`Mind`] and its line in [`ALL`].

mod deciding;
mod greedy;
mod greedy_v1;
mod planner;
mod priorities;
mod random;
mod seating;

use bevy::prelude::*;
use hexx::Hex;
use rand_pcg::Pcg64Mcg;

use super::Ledger;
use super::vocabulary::{Action, Advances, Faction, PlayerId, Resources};
use crate::sites::KnownSites;
use crate::world::HexWorld;

pub use deciding::{BotBudget, BotPace, MAX_TRIES};
pub(super) use deciding::{decide, pace};
pub use seating::{Bot, BotActions, BotSeats, SeatKind, seat_bot, table_of};

/// Every bot, in the order the command line and the New game screen list them.
pub const ALL: &[&dyn Mind] = &[
    &random::Random,
    &greedy::Greedy,
    &greedy_v1::GreedyV1,
    &planner::Planner,
];

/// A kind of bot: what it is called, how it plays, and how it picks its seat's next action.
pub trait Mind: Send + Sync + 'static {
    /// Its word in `--seats`, `--bot`, the logs and the New game screen.
    fn name(&self) -> &'static str;

    /// How it plays, in one line (the New game screen and `--help`).
    fn plays(&self) -> &'static str;

    /// Its seat's next action, on the world as `outlook` shows it; every draw comes from `rng`.
    fn decide(&self, outlook: &Outlook, rng: &mut Pcg64Mcg) -> Action;
}

/// What a bot sees when its seat is to act: what a person at that seat would see.
pub struct Outlook<'a> {
    /// The store, with the rules and the seed.
    pub world: &'a HexWorld,
    /// The sites as the seat's faction knows them, when the game has them.
    pub sites: Option<KnownSites<'a>>,
    /// Whose flag stands on a hex.
    pub owner: &'a dyn Fn(Hex) -> Option<Faction>,
    /// Every player at the table: its faction and hex (the tokens any seat sees).
    pub players: &'a [(Faction, Hex)],
    /// The phase.
    pub phase: u32,
    /// The advances each faction holds.
    pub advances: &'a Advances,
    /// What each faction's flags earn, as any seat sees it.
    pub ledger: &'a Ledger,
    /// The seat to act.
    pub mover: Mover<'a>,
}

/// The seat a bot decides for.
pub struct Mover<'a> {
    pub id: PlayerId,
    pub faction: Faction,
    /// Its hex.
    pub at: Hex,
    /// Its action points left.
    pub ap: u32,
    /// Its purse.
    pub held: &'a Resources,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((deciding::plugin, seating::plugin));
}
