//! Phases: every player acts in every phase with the ruleset's action points. When each player
//! has ended its turn or run out of AP, the next phase starts and AP refill.

use bevy::prelude::*;

use super::advances::phase_ap;
use super::vocabulary::{
    ActionPoints, Advances, Faction, Phase, PhaseBegun, PlayEvent, Player, Turn, count_on,
};
use crate::per_game::PerGameApp;
use crate::world::plugin::WorldRules;

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
    phase.0 = count_on(phase.0);
    for (mut ap, mut turn, faction) in &mut players {
        ap.0 = phase_ap(&rules, &advances.gains(*faction, &rules));
        turn.ended = false;
    }
    begun.write(PhaseBegun(phase.0));
    log.write(PlayEvent::PhaseStarted { phase: phase.0 });
}
