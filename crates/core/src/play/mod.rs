//! The headless play rules: players and factions, phases and action points, and the actions of
//! section 5 resolved by its rules (hazards, corruption, pylons, flags, construction, stagways).
//!
//! In: spawn [`Player`]s, send [`Action`] messages. Out: [`PlayEvent`] messages (also kept in
//! [`PlayLog`]), the players' components, [`Phase`], [`Occupied`] on hex entities, and the hex
//! entities the world plugin keeps, whose `Landmark` and `Features` change with the store. No
//! rendering here.
//!
//! The words they share are in [`vocabulary`], below every rule. Each rule is a system in a
//! stage of the rules' pass ([`RuleStages`] of the [`Resolve`] schedule), linked
//! to the next by buffered messages: an [`Action`] becomes a [`MoveAttempt`] or an [`Order`],
//! a move passes [`EntryOpen`] and [`ExitOpen`] to [`Arrived`], a building is [`Built`].

mod actions;
mod actors;
mod advances;
pub mod bots;
mod construction;
mod corruption;
mod economy;
mod flags;
mod goals;
mod hazards;
mod hexes;
mod ledger;
pub mod lobby;
mod log;
mod movement;
mod online;
mod phase;
pub mod played;
mod players;
pub mod restart;
pub mod routes;
pub mod search;
mod stagways;
mod turns;
pub mod vocabulary;
pub mod walk;

use bevy::prelude::*;

use crate::per_game::PerGameApp;
use crate::schedule::{FrameSystems, RuleStages};
use crate::sites::SiteLayer;
use crate::world::plugin::{GenerationRefused, HexEdited, HexGenerated, Resolve};

pub use advances::phase_ap;
pub use bots::{
    Bot, BotActions, BotBudget, BotPace, BotSeats, MAX_TRIES, SeatKind, seat_bot, table_of,
};
pub use construction::check as build_check;
pub use corruption::{StepSpread, step_spread};
pub use goals::over_again;
pub use hazards::MAX_BLOWS;
pub use hexes::effects as movement_effects;
pub use ledger::{FactionLedger, Ledger, MAX_HISTORY, ScoreHistory, ScoreRow};
pub use online::{InFlight, OnlineSeat, Outbox, SpectatorSeesAll};
pub use turns::{to_act, to_act_now};
pub use vocabulary::*;
pub use walk::{WalkEnd, WalkEnded, WalkOrder, WalkPace, Walks};

pub use crate::rules::MAX_SEATS;

/// Adds the play rules; needs the world plugin (both come with [`crate::CorePlugin`]).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        players::plugin,
        phase::plugin,
        actions::plugin,
        movement::plugin,
        log::plugin,
        walk::plugin,
        bots::plugin,
        goals::plugin,
        ledger::plugin,
    ))
    .add_message::<Built>()
    .add_message::<restart::GameReset>()
    .add_message::<Played>()
    .init_per_game::<played::Taken>()
    .per_game_messages::<Spread>()
    .init_per_game::<RazedHexes>()
    .init_per_game::<Advances>()
    .init_per_game::<crate::sites::Knowledge>();
    moving_rules(app);
    standing_rules(app);
}

/// The rules from an action to the step: the action taken, orders, cleansing, hazards and the
/// step, corruption's spread and the flags that follow. A rule that only answers messages runs
/// only in a pass that has one for it: most passes carry one move or only generation, and an
/// idle system still costs its parameters' fetch.
fn moving_rules(app: &mut App) {
    app.add_systems(Resolve, actions::act.in_set(RuleStages::Act))
        .add_systems(
            Resolve,
            (
                construction::construct,
                stagways::travel,
                economy::gather,
                search::search,
                advances::advance,
                actions::end_turn,
            )
                .chain()
                .run_if(on_message::<Order>)
                .in_set(RuleStages::Orders),
        )
        .add_systems(
            Resolve,
            corruption::cleanse
                .run_if(on_message::<HexGenerated>.or_eager(on_message::<HexEdited>))
                .in_set(RuleStages::Cleanse),
        )
        .add_systems(
            Resolve,
            (
                hazards::enter
                    .run_if(on_message::<MoveAttempt>.or_eager(on_message::<GenerationRefused>)),
                hazards::hold.run_if(on_message::<EntryOpen>),
                movement::step.run_if(on_message::<ExitOpen>),
            )
                .chain()
                .in_set(RuleStages::Hazards),
        )
        .add_systems(
            Resolve,
            corruption::spread
                .run_if(on_message::<Arrived>.or_eager(on_message::<Built>))
                .in_set(RuleStages::Arrive),
        )
        .add_systems(
            Resolve,
            flags::follow
                .run_if(on_message::<Built>.or_eager(on_message::<HexEdited>))
                .in_set(RuleStages::Flags),
        );
}

/// The rules after the step: winds, sight, the phase and its scores, the bots' decisions, and
/// the ledger the views read, the frame's pace of bots and the log.
fn standing_rules(app: &mut App) {
    app.add_systems(
        Resolve,
        hazards::winds
            .run_if(on_message::<Arrived>)
            .in_set(RuleStages::Winds),
    )
    .add_systems(
        Resolve,
        // A game without the site layer has nothing to learn.
        (
            players::follow,
            search::learn.run_if(resource_exists::<SiteLayer>),
        )
            .chain()
            .before(crate::world::plugin::request_view)
            .in_set(RuleStages::Sight),
    )
    .add_systems(
        Resolve,
        played::note
            .after(crate::world::plugin::request_view)
            .in_set(RuleStages::Sight),
    )
    .add_systems(
        Resolve,
        (
            phase::advance,
            economy::pay.run_if(on_message::<PhaseBegun>),
            goals::score,
            ledger::keep,
            goals::end,
        )
            .chain()
            .in_set(RuleStages::Phase),
    )
    .add_systems(
        Resolve,
        // A game of people alone has no bot to decide for.
        bots::decide
            .run_if(any_with_component::<Bot>)
            .in_set(RuleStages::Decide),
    )
    .add_systems(Update, bots::pace.in_set(FrameSystems::Bots))
    .add_systems(
        Update,
        (log::note_refused, log::record)
            .chain()
            .in_set(FrameSystems::Record),
    );
}

#[cfg(test)]
mod tests;
