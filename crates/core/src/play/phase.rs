//! Phases: every player acts in every phase with the ruleset's action points. When each player
//! has ended its turn or run out of AP, the next phase starts and AP refill.

use bevy::prelude::*;

use super::advances::{Advances, phase_ap};
use super::log::PlayEvent;
use super::players::{ActionPoints, Faction, Player, Turn};
use crate::per_game::PerGameApp;
use crate::world::plugin::WorldRules;

/// The current phase, counted from 1.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Phase(pub u32);

impl Default for Phase {
    fn default() -> Self {
        Phase(1)
    }
}

/// A phase has begun (the rules' own signal; the log's is [`PlayEvent::PhaseStarted`]).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseBegun(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.init_per_game::<Phase>().add_message::<PhaseBegun>();
}

/// Starts the next phase once nobody can act any more (never with no players), after every
/// action, so an action never waits on the next frame to find its phase. Reads the players'
/// [`ActionPoints`], [`Turn`]s and factions, the rules and [`Advances`] (AP a phase); writes them, [`Phase`] and
/// [`PhaseBegun`] and [`PlayEvent::PhaseStarted`].
pub(super) fn advance(
    mut phase: ResMut<Phase>,
    mut players: Query<(&mut ActionPoints, &mut Turn, &Faction), With<Player>>,
    rules: WorldRules,
    advances: Res<Advances>,
    mut begun: MessageWriter<PhaseBegun>,
    mut log: MessageWriter<PlayEvent>,
) {
    if players.is_empty() || players.iter().any(|(ap, turn, _)| turn.may_act(ap)) {
        return;
    }
    phase.0 = super::count_on(phase.0);
    for (mut ap, mut turn, faction) in &mut players {
        ap.0 = phase_ap(&rules, &advances.gains(*faction, &rules));
        turn.ended = false;
    }
    begun.write(PhaseBegun(phase.0));
    log.write(PlayEvent::PhaseStarted { phase: phase.0 });
}
