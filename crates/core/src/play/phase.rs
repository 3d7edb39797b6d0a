//! Phases: every player acts in every phase with the ruleset's action points. When each player
//! has ended its turn or run out of AP, the next phase starts and AP refill.

use bevy::prelude::*;

use super::log::PlayEvent;
use super::players::{ActionPoints, Player, Turn};
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
/// [`ActionPoints`] and [`Turn`]s and the rules; writes them, [`Phase`] and
/// [`PhaseBegun`] and [`PlayEvent::PhaseStarted`].
pub(super) fn advance(
    mut phase: ResMut<Phase>,
    mut players: Query<(&mut ActionPoints, &mut Turn), With<Player>>,
    rules: WorldRules,
    mut begun: MessageWriter<PhaseBegun>,
    mut log: MessageWriter<PlayEvent>,
) {
    if players.is_empty() || players.iter().any(|(ap, turn)| turn.may_act(ap)) {
        return;
    }
    phase.0 = super::count_on(phase.0);
    for (mut ap, mut turn) in &mut players {
        ap.0 = rules.play.action_points;
        turn.ended = false;
    }
    begun.write(PhaseBegun(phase.0));
    log.write(PlayEvent::PhaseStarted { phase: phase.0 });
}
