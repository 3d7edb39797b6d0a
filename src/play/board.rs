//! The board an action resolves on: the hexes (store and entities, through [`HexEditor`]), the
//! players, the occupation map and the log, as one system parameter.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::actions::Refusal;
use super::flags::Occupation;
use super::log::PlayEvent;
use super::players::{
    ActionPoints, Faction, Moves, Player, PlayerId, PlayerIndex, Position, Resources, Turn,
};
use crate::rules::{FeatureEffect, FeatureId, Rules};
use crate::world::HexData;
use crate::world::plugin::HexEditor;

/// A player's state while one action resolves, written back by [`Board::save`].
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

#[derive(SystemParam)]
pub(super) struct Board<'w, 's> {
    pub hexes: HexEditor<'w, 's>,
    pub players: Query<'w, 's, PlayerParts>,
    pub index: Res<'w, PlayerIndex>,
    pub occupation: ResMut<'w, Occupation>,
    log: MessageWriter<'w, PlayEvent>,
}

impl Board<'_, '_> {
    pub fn rules(&self) -> &Rules {
        &self.hexes.world().rules
    }

    pub fn seed(&self) -> u64 {
        self.hexes.world().seed
    }

    pub fn hex(&self, hex: Hex) -> Option<HexData> {
        self.hexes.world().get(hex)
    }

    /// The first feature on `hex` whose effect matches.
    pub fn feature_with(
        &self,
        hex: Hex,
        effect: impl Fn(&FeatureEffect) -> bool,
    ) -> Option<FeatureId> {
        let rules = self.rules();
        self.hex(hex)?
            .features
            .iter()
            .find(|f| effect(&rules.features[f.0 as usize].effect))
    }

    pub fn is_corrupted(&self, hex: Hex) -> bool {
        let c = self.rules().corruption;
        c.is_some_and(|c| self.hex(hex).is_some_and(|d| d.features.contains(c)))
    }

    pub fn actor(&self, id: PlayerId) -> Result<Actor, Refusal> {
        let entity = *self.index.get(&id).ok_or(Refusal::UnknownPlayer)?;
        let (_, faction, pos, ap, turn, moves, _) = self
            .players
            .get(entity)
            .map_err(|_| Refusal::UnknownPlayer)?;
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
        let Ok((_, _, mut pos, mut ap, mut turn, mut moves, _)) = self.players.get_mut(a.entity)
        else {
            return;
        };
        pos.set_if_neq(Position(a.hex));
        ap.set_if_neq(ActionPoints(a.ap));
        turn.set_if_neq(Turn { ended: a.ended });
        moves.set_if_neq(Moves(a.moves));
    }

    pub fn resources(&mut self, a: &Actor) -> Mut<'_, Resources> {
        self.players
            .get_mut(a.entity)
            .expect("an actor is a player")
            .6
    }

    pub fn log(&mut self, event: PlayEvent) {
        self.log.write(event);
    }
}
