//! The turn order: which seat may act now. Seats act one whole turn at a time, in id order from
//! the phase's first seat; the first seat moves on by one each phase (seat 1 first in phase 1,
//! seat 2 in phase 2, ...), so no seat is always first to the sites and last to be razed. The
//! rules take an action only from the seat to act ([`super::vocabulary::Refusal::NotYourTurn`] otherwise),
//! the bots ask the same question, and the views show its answer.

use bevy::prelude::World;

use super::vocabulary::PlayerId;

/// The seat to act in `phase`: of `seats` (each player's id and whether it may still act this
/// phase), the first that may act, counting in id order from the phase's first seat, the
/// `(phase - 1) mod n`-th lowest id.
pub fn to_act(phase: u32, seats: impl IntoIterator<Item = (PlayerId, bool)>) -> Option<PlayerId> {
    let mut all: Vec<(PlayerId, bool)> = seats.into_iter().collect();
    all.sort_unstable_by_key(|s| s.0);
    let n = all.len();
    let first = (phase.saturating_sub(1) as usize).checked_rem(n)?;
    (0..n)
        .map(|k| all[(first + k) % n])
        .find(|s| s.1)
        .map(|s| s.0)
}

/// The seat that may act now in the game in `ecs` (what a server checks an intent against).
pub fn to_act_now(ecs: &mut World) -> Option<PlayerId> {
    let phase = ecs.resource::<super::vocabulary::Phase>().0;
    let mut players = ecs.query::<(
        &super::vocabulary::Player,
        &super::vocabulary::ActionPoints,
        &super::vocabulary::Turn,
    )>();
    let seats: Vec<(PlayerId, bool)> = (players.iter(ecs))
        .map(|(p, ap, t)| (p.id, t.may_act(ap)))
        .collect();
    to_act(phase, seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_seat_moves_on_each_phase_and_skips_who_cannot_act() {
        let seats = |may: [bool; 3]| {
            [
                (PlayerId(3), may[2]),
                (PlayerId(1), may[0]),
                (PlayerId(2), may[1]),
            ]
        };
        assert_eq!(to_act(1, seats([true; 3])), Some(PlayerId(1)));
        assert_eq!(to_act(2, seats([true; 3])), Some(PlayerId(2)));
        assert_eq!(to_act(3, seats([true; 3])), Some(PlayerId(3)));
        assert_eq!(to_act(4, seats([true; 3])), Some(PlayerId(1)));
        // Phase 2 starts at seat 2; once it is done, seat 3, then back round to seat 1.
        assert_eq!(to_act(2, seats([true, false, true])), Some(PlayerId(3)));
        assert_eq!(to_act(2, seats([true, false, false])), Some(PlayerId(1)));
        assert_eq!(to_act(2, seats([false; 3])), None);
        assert_eq!(to_act(7, []), None);
        // Phase 0 (before the first) counts as the first.
        assert_eq!(to_act(0, seats([true; 3])), Some(PlayerId(1)));
    }
}
