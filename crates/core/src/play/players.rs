//! Players: entities with a faction, a position, action points and resources. Spawn a
//! [`Player`] (with a [`Faction`] and, if not at the origin, a [`Position`]); the rest is filled
//! in from the ruleset when it is added, a [`Viewer`] included so its sight gets generated.

use std::collections::BTreeMap;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::advances::Advances;
use crate::rules::check::aeternus::MAX_SIGHT;
use crate::sites::SiteLayer;
use crate::world::plugin::{Viewer, WorldRules};

/// A player's stable number: actions name it, logs and saves use it, its random draws key on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player {}", self.0)
    }
}

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
    pub fn afford(&self, cost: &crate::rules::Yield) -> Result<(), super::Refusal> {
        match cost.iter().find(|(name, n)| self.get(name) < **n) {
            Some((name, &need)) => Err(super::Refusal::CannotAfford {
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerIndex>()
        .add_observer(admit)
        .add_observer(leave);
}

/// A new player gets a full phase of action points, the starting resources it was not given,
/// and a viewer with the ruleset's sight. Reads the rules; writes the player's action points,
/// resources and viewer, and [`PlayerIndex`].
fn admit(
    add: On<Add, Player>,
    mut players: Query<(
        &Player,
        &Position,
        &mut ActionPoints,
        &mut Resources,
        Has<Viewer>,
    )>,
    rules: WorldRules,
    mut index: ResMut<PlayerIndex>,
    mut commands: Commands,
) {
    let Ok((player, pos, mut ap, mut resources, has_viewer)) = players.get_mut(add.entity) else {
        return;
    };
    if index.contains_key(&player.id) {
        error!("{} is taken; {:?} is not admitted", player.id, player.name);
        commands.entity(add.entity).remove::<Player>();
        return;
    }
    index.0.insert(player.id, add.entity);
    ap.0 = rules.play.action_points;
    for (name, n) in &rules.play.starting_resources {
        resources.entry(name.clone()).or_insert(*n);
    }
    if !has_viewer {
        commands.entity(add.entity).insert(Viewer {
            hex: pos.0,
            radius: rules.sight_radius,
        });
    }
}

/// A player removed leaves the index. Reads the player; writes [`PlayerIndex`].
fn leave(remove: On<Remove, Player>, players: Query<&Player>, mut index: ResMut<PlayerIndex>) {
    if let Ok(p) = players.get(remove.entity)
        && index.get(&p.id) == Some(&remove.entity)
    {
        index.0.remove(&p.id);
    }
}

/// The sight a site under the player and its faction's advances add to its viewer (kept so it
/// can be taken off again).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SightBonus(pub u32);

/// A player's viewer follows it, so what comes into sight is generated; a site's sight bonus
/// widens it while the player stands there, its faction's advances for good. Reads the players'
/// [`Position`]s (those changed, or all once [`Advances`] changed), the site layer if any, the
/// advances and the rules; writes their [`Viewer`]s and [`SightBonus`].
pub(super) fn follow(
    mut players: Query<(Ref<Position>, &Faction, &mut Viewer, &mut SightBonus)>,
    sites: Option<Res<SiteLayer>>,
    advances: Res<Advances>,
    rules: WorldRules,
) {
    let all = advances.is_changed();
    for (pos, faction, mut viewer, mut bonus) in &mut players {
        if !all && !pos.is_changed() {
            continue;
        }
        let site = sites.as_ref().map_or(0, |s| s.sight_at(pos.0));
        let now = site.saturating_add(advances.gains(*faction, &rules).sight);
        let base = viewer.radius.saturating_sub(bonus.0);
        let radius = base.saturating_add(now).min(MAX_SIGHT.max(base));
        bonus.set_if_neq(SightBonus(radius - base));
        if (viewer.hex, viewer.radius) != (pos.0, radius) {
            viewer.hex = pos.0;
            viewer.radius = radius;
        }
    }
}

/// The seats of a game not told how many: the ruleset's factions, and never fewer than two
/// (hot-seat needs someone to pass to).
pub fn default_seats(rules: &crate::rules::Rules) -> u32 {
    (rules.play.factions.len() as u32).max(2)
}
