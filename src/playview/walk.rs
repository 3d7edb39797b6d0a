//! A click on a far hex walks the current player there: the cheapest way over generated hexes
//! that do not block entry (a Lake), one Traverse at a time, each with its hazards. The walk stops
//! when the player arrives, is not where the step should have put it (blown, mired, blocked),
//! runs out of action points, or its turn passes; any other command stops it too.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use hexx::Hex;

use super::Notice;
use super::seat::Table;
use crate::hex::Coord;
use crate::play::{Action, Phase, PlayerId, movement_effects};
use crate::rules::Rules;
use crate::world::HexWorld;
use crate::world::plugin::WorldMap;

/// Between two steps, so a walk is seen.
pub const STEP_EVERY: Duration = Duration::from_millis(150);

/// The walk under way, if any, and the time between its steps.
#[derive(Resource, Debug)]
pub struct Walk {
    pub walking: Option<Walking>,
    pub every: Duration,
}

impl Default for Walk {
    fn default() -> Self {
        Self {
            walking: None,
            every: STEP_EVERY,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Walking {
    pub player: PlayerId,
    /// Where the last step sent should have put the player.
    pub expect: Hex,
    /// The hexes still to step onto, in order.
    pub ahead: VecDeque<Hex>,
    /// The phase it started in: a walk never runs on into the next phase.
    pub phase: u32,
    waited: Duration,
}

impl Walking {
    pub fn new(player: PlayerId, phase: u32, from: Hex, path: Vec<Hex>) -> Self {
        Self {
            player,
            phase,
            expect: from,
            ahead: path.into_iter().skip_while(|&h| h == from).collect(),
            // The first step goes at once.
            waited: Duration::MAX,
        }
    }
}

/// The cheapest way from `from` to `to` over generated hexes that do not block entry and are not
/// corrupted (entering one corrupts the hex left), `from` first; each step costs what leaving
/// its hex costs (1, more off a Perilous Pass). A corrupted `to` may still be walked onto.
pub fn route(world: &HexWorld, rules: &Rules, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let passable = |h: Hex| {
        world
            .get(h)
            .filter(|d| h == from || !movement_effects(rules, d).blocks_entry)
            .filter(|d| {
                h == from || h == to || rules.corruption.is_none_or(|c| !d.features.contains(c))
            })
    };
    hexx::algorithms::a_star(from, to, |a, b| {
        passable(b)?;
        let leaving = passable(a)?;
        Some(1u32.saturating_add(movement_effects(rules, &leaving).leave_extra_ap))
    })
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Walk>().add_systems(
        Update,
        step_on
            .in_set(super::Stage::Perform)
            .after(super::input::perform),
    );
}

/// Sends the next step when the last one went as planned and the walker may still act.
fn step_on(
    mut walk: ResMut<Walk>,
    table: Table,
    time: Res<Time>,
    phase: Res<Phase>,
    mut notice: ResMut<Notice>,
    mut actions: MessageWriter<Action>,
) {
    // Read first: touching the resource only during a walk keeps "changed" meaningful.
    if walk.walking.is_none() {
        return;
    }
    let every = walk.every;
    let Some(w) = &mut walk.walking else {
        return;
    };
    let players = table.in_order();
    let current = players.iter().find(|s| s.may_act());
    let Some(me) = current.filter(|s| s.id() == w.player && phase.0 == w.phase) else {
        walk.walking = None;
        return;
    };
    if me.hex != w.expect {
        notice.0 = Some(format!("The walk stops at {}.", Coord::from_hex(me.hex)));
        walk.walking = None;
        return;
    }
    w.waited = w.waited.saturating_add(time.delta());
    if w.waited < every {
        return;
    }
    w.waited = Duration::ZERO;
    let Some(next) = w.ahead.pop_front() else {
        walk.walking = None;
        return;
    };
    match Action::traverse_toward(w.player, me.hex, next) {
        Some(step) => {
            w.expect = next;
            actions.write(step);
        }
        None => walk.walking = None,
    }
}

/// On each hex still ahead of a walk.
#[derive(Component)]
struct WalkMark;

const AHEAD: Color = Color::srgba(1.0, 1.0, 1.0, 0.55);
/// Above tiles and marks, below tokens.
const AHEAD_Z: f32 = 8.0;

/// Outlines the hexes a walk still has ahead (needs the window's shapes).
pub(super) fn draw_plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_ahead
            .run_if(resource_changed::<Walk>)
            .in_set(crate::AppSystems::Render),
    );
}

fn draw_ahead(
    mut commands: Commands,
    walk: Res<Walk>,
    marks: Query<Entity, With<WalkMark>>,
    shapes: Res<super::shapes::Shapes>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(w) = &walk.walking else { return };
    let layout = crate::hex::layout(crate::render::HEX_SIZE);
    for &hex in &w.ahead {
        commands.spawn((
            Name::new("Walk ahead"),
            WalkMark,
            shapes.outline.sprite(AHEAD),
            Transform::from_translation(layout.hex_to_world_pos(hex).extend(AHEAD_Z)),
        ));
    }
}

/// A route from the player's hex to a clicked one, or why there is none.
pub(super) fn plan(
    map: &WorldMap,
    rules: &Rules,
    player: PlayerId,
    phase: u32,
    at: Hex,
    to: Hex,
) -> Result<Walking, String> {
    if !map.is_generated(to) {
        return Err(format!("{} is not explored yet.", Coord::from_hex(to)));
    }
    route(map, rules, at, to)
        .map(|path| Walking::new(player, phase, at, path))
        .ok_or_else(|| format!("No way over explored land to {}.", Coord::from_hex(to)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FeatureSet;
    use crate::world::Cause;

    #[test]
    fn routes_keep_off_corrupted_hexes_and_lakes_but_may_end_on_corruption() {
        let rules = Rules::aeternus();
        let mut w = HexWorld::new(rules.clone(), 7);
        for h in crate::hex::view_order(Hex::ZERO, 4) {
            w.generate(h, Cause::View).unwrap();
        }
        let to = Hex::new(2, 0);
        let path = route(&w, &rules, Hex::ZERO, to).expect("a way in the open");
        assert_eq!((path[0], *path.last().unwrap()), (Hex::ZERO, to));
        let middle = path[1];
        let corrupted = rules.corruption.expect("the seed's rules corrupt");
        let mut set = FeatureSet::EMPTY;
        set.insert(corrupted);
        let d = w.get(middle).unwrap();
        w.set_state(middle, d.landmark, set);
        let around = route(&w, &rules, Hex::ZERO, to).expect("another way");
        assert!(!around.contains(&middle), "{around:?}");
        // A corrupted hex may still be the goal.
        assert!(route(&w, &rules, Hex::ZERO, middle).is_some());
        // Every step of a route is onto a hex that does not block entry.
        for h in &around[1..] {
            assert!(!movement_effects(&rules, &w.get(*h).unwrap()).blocks_entry);
        }
    }
}
