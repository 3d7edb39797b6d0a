//! Each action taken becomes one [`Played`] message once its pass ends: the action and the
//! events the pass wrote. [`act`](super::actions) keeps the action in [`Taken`] meanwhile.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use super::vocabulary::{Action, PlayEvent, Played};

/// The action the pass took, until the pass ends.
#[derive(Resource, Debug, Default)]
pub struct Taken(pub Option<Action>);

/// Writes the pass's action, if it took one, with the events the pass wrote (read with a cursor
/// of this system's own). Reads [`Taken`] and the [`PlayEvent`]s; writes [`Played`].
pub fn note(
    mut taken: ResMut<Taken>,
    events: Res<Messages<PlayEvent>>,
    mut cursor: Local<MessageCursor<PlayEvent>>,
    mut played: MessageWriter<Played>,
) {
    // Most passes take no action (generation, sight, a blow): skip their events unread.
    let Some(action) = taken.0.take() else {
        cursor.clear(&events);
        return;
    };
    let pass: Vec<PlayEvent> = cursor.read(&events).cloned().collect();
    played.write(Played {
        action,
        events: pass,
    });
}
