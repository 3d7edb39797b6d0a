//! The players as the rules' systems work on them: one system parameter ([`Players`]) and a
//! player's state as an [`Actor`] while a system works on it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::vocabulary::{
    ActionPoints, Faction, Moves, Player, PlayerId, PlayerIndex, Position, Refusal, Resources, Turn,
};

/// A player's state while one system works on it, written back by [`Players::save`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Actor {
    pub entity: Entity,
    pub id: PlayerId,
    pub faction: Faction,
    pub hex: Hex,
    pub ap: u32,
    pub ended: bool,
    pub moves: u32,
}

impl Actor {
    /// Whether the player may still act this phase.
    pub fn ready(&self) -> Result<(), Refusal> {
        if self.ended || self.ap == 0 {
            return Err(Refusal::TurnOver);
        }
        Ok(())
    }
}

type PlayerParts = (
    &'static Player,
    &'static Faction,
    &'static mut Position,
    &'static mut ActionPoints,
    &'static mut Turn,
    &'static mut Moves,
    &'static mut Resources,
);

/// The players, by id.
#[derive(SystemParam)]
pub(super) struct Players<'w, 's> {
    query: Query<'w, 's, PlayerParts>,
    index: Res<'w, PlayerIndex>,
}

impl Players<'_, '_> {
    /// The seat to act in `phase` ([`super::turns::to_act`]).
    pub fn to_act(&self, phase: u32) -> Option<PlayerId> {
        let seats = (self.query.iter()).map(|(p, _, _, ap, turn, ..)| (p.id, turn.may_act(ap)));
        super::turns::to_act(phase, seats)
    }

    pub fn actor(&self, id: PlayerId) -> Result<Actor, Refusal> {
        let entity = *self.index.get(&id).ok_or(Refusal::UnknownPlayer)?;
        let (_, faction, pos, ap, turn, moves, _) =
            self.query.get(entity).map_err(|_| Refusal::UnknownPlayer)?;
        Ok(Actor {
            entity,
            id,
            faction: *faction,
            hex: pos.0,
            ap: ap.0,
            ended: turn.ended,
            moves: moves.0,
        })
    }

    /// Writes the actor back, touching only what changed (change detection stays meaningful).
    pub fn save(&mut self, a: &Actor) {
        let Ok((_, _, mut pos, mut ap, mut turn, mut moves, _)) = self.query.get_mut(a.entity)
        else {
            return;
        };
        pos.set_if_neq(Position(a.hex));
        ap.set_if_neq(ActionPoints(a.ap));
        turn.set_if_neq(Turn { ended: a.ended });
        moves.set_if_neq(Moves(a.moves));
    }

    pub fn resources(&mut self, a: &Actor) -> Mut<'_, Resources> {
        self.query
            .get_mut(a.entity)
            .expect("an actor is a player")
            .6
    }
}
