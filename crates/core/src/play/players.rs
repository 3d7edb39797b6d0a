//! Players come and go: a spawned [`Player`] (with a [`Faction`] and, if not at the origin, a
//! [`Position`]) is admitted with the rest filled in from the ruleset, a [`Viewer`] included so
//! its sight gets generated; its viewer follows it.

use bevy::prelude::*;

use super::vocabulary::{
    ActionPoints, Advances, Faction, Player, PlayerIndex, Position, Resources, SightBonus,
};
use crate::rules::check::aeternus::MAX_SIGHT;
use crate::sites::SiteLayer;
use crate::world::plugin::{Viewer, WorldRules};

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
