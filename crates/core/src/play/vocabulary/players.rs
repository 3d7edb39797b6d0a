//! The players and what each holds: the entity's [`Player`] and its components (faction,
//! position, action points, resources, turn, moves, sight bonus), and the index by id.

use std::collections::BTreeMap;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::actions::Refusal;
use super::ids::{Faction, PlayerId};

/// A player. Ids must be unique: a second player with a taken id is not admitted (its `Player`
/// component is removed at once).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
#[require(Faction, Position, ActionPoints, Resources, Turn, Moves, SightBonus)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
}

impl Player {
    pub fn new(id: u32, name: impl Into<String>) -> Self {
        Self {
            id: PlayerId(id),
            name: name.into(),
        }
    }
}

/// The hex the player stands on; the origin unless given at spawn.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Deref)]
pub struct Position(pub Hex);

/// Action points left this phase.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Deref)]
pub struct ActionPoints(pub u32);

/// Resources held, by the ruleset's resource names. Given at spawn, they replace the ruleset's
/// starting amounts name by name.
#[derive(Component, Debug, Clone, PartialEq, Eq, Default, Deref, DerefMut)]
pub struct Resources(pub BTreeMap<String, u32>);

impl Resources {
    pub fn get(&self, name: &str) -> u32 {
        self.0.get(name).copied().unwrap_or(0)
    }

    /// Whether the purse holds `cost`; else the first resource it is short of, in name order.
    pub fn afford(&self, cost: &crate::rules::Yield) -> Result<(), Refusal> {
        match cost.iter().find(|(name, n)| self.get(name) < **n) {
            Some((name, &need)) => Err(Refusal::CannotAfford {
                resource: name.clone(),
                need,
                have: self.get(name),
            }),
            None => Ok(()),
        }
    }

    /// Takes `cost` from the purse, once [`Self::afford`] said it holds it.
    pub fn spend(&mut self, cost: &crate::rules::Yield) {
        for (name, n) in cost {
            *self.0.entry(name.clone()).or_insert(0) -= n;
        }
    }
}

/// Whether the player is done for this phase (ended its turn, or travelled the stagways).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Turn {
    pub ended: bool,
}

impl Turn {
    /// Whether a player whose turn this is, with `ap` left, may still act this phase.
    pub fn may_act(&self, ap: &ActionPoints) -> bool {
        !self.ended && ap.0 > 0
    }
}

/// Moves tried so far, blows by the winds included: numbers each move's random draws.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Deref)]
pub struct Moves(pub u32);

/// Player id -> entity, for every admitted player.
#[derive(Resource, Debug, Default, Deref)]
pub struct PlayerIndex(pub HashMap<PlayerId, Entity>);

/// The sight a site under the player and its faction's advances add to its viewer (kept so it
/// can be taken off again).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SightBonus(pub u32);

/// The seats of a game not told how many: the ruleset's factions, and never fewer than two
/// (hot-seat needs someone to pass to).
pub fn default_seats(rules: &crate::rules::Rules) -> u32 {
    (rules.play.factions.len() as u32).max(2)
}
