//! Who is who: a player's [`PlayerId`] and its [`Faction`], the two numbers every rule, log and
//! save names players by.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A player's stable number: actions name it, logs and saves use it, its random draws key on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// The player's faction: an index into the ruleset's `play.factions`.
#[derive(
    Component,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
)]
pub struct Faction(pub u32);
