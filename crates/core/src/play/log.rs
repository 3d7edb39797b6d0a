//! The play log: [`PlayLog`] keeps the newest [`MAX_LOG`] of the [`PlayEvent`]s the rules
//! write, and the hexes the world's limits kept from sight are noted once a frame.

use bevy::prelude::*;

use super::vocabulary::{MAX_LOG, PlayEvent, PlayLog};
use crate::per_game::PerGameApp;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayEvent>().init_per_game::<PlayLog>();
}

/// Hexes the world refused to generate for a viewer, once per kind of limit a frame (a move's
/// own target refused is that move's refusal). Reads [`crate::world::GenerationRefused`];
/// writes [`PlayEvent::Unseen`].
pub(super) fn note_refused(
    mut refused: MessageReader<crate::world::GenerationRefused>,
    mut events: MessageWriter<PlayEvent>,
) {
    let mut seen = Vec::new();
    for r in refused.read() {
        let limit = r.error.limit();
        if r.cause != crate::world::Cause::MoveTarget && !seen.contains(&limit) {
            seen.push(limit);
            events.write(PlayEvent::Unseen { limit });
        }
    }
}

/// Keeps the frame's events, the newest [`MAX_LOG`]. Reads [`PlayEvent`]s; writes [`PlayLog`].
pub(super) fn record(mut events: MessageReader<PlayEvent>, mut log: ResMut<PlayLog>) {
    keep(&mut log.0, events.read().cloned(), MAX_LOG);
}

/// Appends `new` to `log`, keeping at most `max` entries: when it is full, its oldest eighth
/// goes at once, so dropping costs a few moves an entry rather than the whole log each time.
fn keep(log: &mut Vec<PlayEvent>, new: impl Iterator<Item = PlayEvent>, max: usize) {
    for e in new {
        if log.len() >= max {
            let drop = (max / 8).max(1).min(log.len());
            log.drain(..drop);
        }
        if log.len() < max {
            log.push(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_its_newest_entries() {
        let phase = |phase| PlayEvent::PhaseStarted { phase };
        let phases = |log: &[PlayEvent]| -> Vec<u32> {
            log.iter()
                .map(|e| match e {
                    PlayEvent::PhaseStarted { phase } => *phase,
                    _ => unreachable!(),
                })
                .collect()
        };
        let mut log = Vec::new();
        keep(&mut log, (1..=16).map(phase), 16);
        assert_eq!(phases(&log), (1..=16).collect::<Vec<_>>());
        // Full: the oldest eighth goes, then the new one joins.
        keep(&mut log, [phase(17)].into_iter(), 16);
        assert_eq!(phases(&log), (3..=17).collect::<Vec<_>>());
        keep(&mut log, (18..=1000).map(phase), 16);
        assert!(log.len() <= 16);
        assert_eq!(phases(&log).last(), Some(&1000));
        let kept = phases(&log);
        assert!(kept.windows(2).all(|w| w[1] == w[0] + 1), "{kept:?}");
        // A log of one entry keeps the newest.
        let mut one = Vec::new();
        keep(&mut one, (1..=5).map(phase), 1);
        assert_eq!(phases(&one), [5]);
    }
}
