//! Walks: a player ordered to a far hex takes its [`route`](super::routes::route) one Traverse at
//! a time, each with its hazards. The walk stops when the player arrives, is not where the last
//! step should have put it (blown, held back, blocked), may not act any more (no AP, turn ended),
//! the phase passes, or another order comes. Anyone may order a walk: a click in the window, a
//! bot, a test.

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use bevy::prelude::*;
use hexx::Hex;

use super::online::{InFlight, Outbox};
use super::routes::route;
use super::vocabulary::{Action, ActionPoints, Phase, Player, PlayerId, Position, Turn};
use crate::per_game::PerGameApp;
use crate::rules::Rules;
use crate::schedule::FrameSystems;
use crate::world::plugin::{HexWorld, WorldRules};
use bevy::ecs::system::SystemParam;

/// An order for a player's walk.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkOrder {
    /// Walk to this hex (replacing any walk under way).
    To { player: PlayerId, to: Hex },
    /// Stop the walk under way, if any.
    Stop { player: PlayerId },
}

/// A walk is over, or was never begun.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkEnded {
    pub player: PlayerId,
    pub end: WalkEnd,
}

/// Why a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkEnd {
    /// On the last hex of the route.
    Arrived(Hex),
    /// A hazard left the player here, off the way.
    OffTheWay(Hex),
    /// The player may not act any more this phase, or the phase passed.
    Halted,
    /// Another order came.
    Stopped,
    /// The goal is not generated: no route is known.
    Unexplored(Hex),
    /// No way over explored land reaches the goal.
    NoWay(Hex),
}

/// The walks under way, by player.
#[derive(Resource, Debug, Default)]
pub struct Walks(pub BTreeMap<PlayerId, Walking>);

/// The least time between two steps of a walk; none by default (a step a frame). A window
/// slows it so a person can follow the walk.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WalkPace(pub Duration);

/// One walk under way.
#[derive(Debug, Clone)]
pub struct Walking {
    /// Where the last step sent should have put the player.
    pub expect: Hex,
    /// The hexes still to step onto, in order.
    pub ahead: VecDeque<Hex>,
    /// The phase it started in: a walk never runs on into the next phase.
    pub phase: u32,
    waited: Duration,
}

impl Walking {
    /// A walk along `path` (a route from `from`; `from` itself is skipped).
    pub fn new(phase: u32, from: Hex, path: Vec<Hex>) -> Self {
        Self {
            phase,
            expect: from,
            ahead: path.into_iter().skip_while(|&h| h == from).collect(),
            // The first step goes at once.
            waited: Duration::MAX,
        }
    }
}

/// A walk from `at` to `to` in `phase`, or why there is none.
pub fn plan(
    world: &HexWorld,
    rules: &Rules,
    phase: u32,
    at: Hex,
    to: Hex,
) -> Result<Walking, WalkEnd> {
    if !world.is_generated(to) {
        return Err(WalkEnd::Unexplored(to));
    }
    route(world, rules, at, to)
        .map(|path| Walking::new(phase, at, path))
        .ok_or(WalkEnd::NoWay(to))
}

pub(super) fn plugin(app: &mut App) {
    app.init_per_game::<Walks>()
        .init_resource::<WalkPace>()
        .per_game_messages::<WalkOrder>()
        .add_message::<WalkEnded>()
        .add_systems(Update, (order, step).chain().in_set(FrameSystems::Walk));
}

type Walker = (
    &'static Player,
    &'static Position,
    &'static ActionPoints,
    &'static Turn,
);

/// Starts and stops walks. Reads [`WalkOrder`] messages, the players' positions, [`Phase`], the
/// world and the rules; writes [`Walks`] and [`WalkEnded`] (a walk stopped or refused).
fn order(
    mut orders: MessageReader<WalkOrder>,
    mut walks: ResMut<Walks>,
    players: Query<Walker>,
    phase: Res<Phase>,
    world: Res<HexWorld>,
    rules: WorldRules,
    mut ended: MessageWriter<WalkEnded>,
) {
    for &o in orders.read() {
        match o {
            WalkOrder::Stop { player } => {
                if walks.0.remove(&player).is_some() {
                    ended.write(WalkEnded {
                        player,
                        end: WalkEnd::Stopped,
                    });
                }
            }
            WalkOrder::To { player, to } => {
                walks.0.remove(&player);
                let Some((_, at, _, _)) = players.iter().find(|(p, ..)| p.id == player) else {
                    continue;
                };
                match plan(&world, &rules, phase.0, at.0, to) {
                    Ok(w) => {
                        walks.0.insert(player, w);
                    }
                    Err(end) => {
                        ended.write(WalkEnded { player, end });
                    }
                }
            }
        }
    }
}

/// Where a walk's steps go: played here, or, in an online game, to the [`Outbox`] for the
/// server (the walk then waits while a step is in flight).
#[derive(SystemParam)]
struct StepOut<'w> {
    actions: MessageWriter<'w, Action>,
    outbox: Option<ResMut<'w, Outbox>>,
    in_flight: Option<Res<'w, InFlight>>,
}

/// Sends each walker's next step when the last one went as planned, the walker may still act
/// and the pace allows (online, once the last step came back). Reads the players (position,
/// AP, turn), [`Phase`], [`WalkPace`] and `Time`; writes [`Walks`], [`Action`] (the Traverse,
/// or the [`Outbox`]) and [`WalkEnded`].
fn step(
    mut walks: ResMut<Walks>,
    players: Query<Walker>,
    phase: Res<Phase>,
    pace: Res<WalkPace>,
    time: Option<Res<Time>>,
    mut out: StepOut,
    mut ended: MessageWriter<WalkEnded>,
) {
    // Read first: touching the resource only during a walk keeps "changed" meaningful.
    if walks.0.is_empty() || out.in_flight.as_ref().is_some_and(|f| f.0 > 0) {
        return;
    }
    let delta = time.map_or(Duration::ZERO, |t| t.delta());
    let mut over = Vec::new();
    for (&player, w) in walks.0.iter_mut() {
        let me = players.iter().find(|(p, ..)| p.id == player);
        let Some((_, at, ..)) =
            me.filter(|(_, _, ap, turn)| turn.may_act(ap) && phase.0 == w.phase)
        else {
            over.push((player, WalkEnd::Halted));
            continue;
        };
        if at.0 != w.expect {
            over.push((player, WalkEnd::OffTheWay(at.0)));
            continue;
        }
        w.waited = w.waited.saturating_add(delta);
        if w.waited < pace.0 {
            continue;
        }
        w.waited = Duration::ZERO;
        let Some(next) = w.ahead.pop_front() else {
            over.push((player, WalkEnd::Arrived(at.0)));
            continue;
        };
        match Action::traverse_toward(player, at.0, next) {
            Some(step) => {
                w.expect = next;
                match out.outbox.as_mut() {
                    Some(outbox) => outbox.0.push(step),
                    None => {
                        out.actions.write(step);
                    }
                }
            }
            None => over.push((player, WalkEnd::OffTheWay(at.0))),
        }
    }
    for (player, end) in over {
        walks.0.remove(&player);
        ended.write(WalkEnded { player, end });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Coord;
    use crate::play::{PlayEvent, PlayLog};

    /// The rules core alone, no view: a walk ordered on a calm route reaches its goal.
    #[test]
    fn a_walk_ordered_without_a_view_reaches_its_goal_on_a_calm_route() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(crate::CorePlugin {
            rules: Rules::aeternus(),
            seed: 7,
        });
        app.world_mut().spawn(Player::new(1, "Walker"));
        app.update();
        let (target, path) = {
            let world = &app.world().resource::<HexWorld>();
            crate::play::routes::calm_target(world, &world.rules)
        };
        app.world_mut().write_message(WalkOrder::To {
            player: PlayerId(1),
            to: target,
        });
        for _ in 0..4 {
            app.update();
        }
        let mut q = app.world_mut().query::<(&Player, &Position)>();
        let (_, at) = q.single(app.world()).unwrap();
        assert_eq!(at.0, target);
        assert!(
            app.world().resource::<Walks>().0.is_empty(),
            "the walk is over"
        );
        let moved: Vec<Coord> = app
            .world()
            .resource::<PlayLog>()
            .0
            .iter()
            .filter_map(|e| match e {
                PlayEvent::Moved { to, .. } => Some(*to),
                _ => None,
            })
            .collect();
        let steps: Vec<Coord> = path[1..].iter().map(|&h| Coord::from_hex(h)).collect();
        assert_eq!(moved, steps);
    }

    #[test]
    fn a_walk_to_unexplored_land_is_refused_and_a_stop_ends_a_walk() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(crate::CorePlugin {
            rules: Rules::aeternus(),
            seed: 7,
        });
        app.world_mut().spawn(Player::new(1, "Walker"));
        app.update();
        let far = Hex::new(30, 0);
        app.world_mut().write_message(WalkOrder::To {
            player: PlayerId(1),
            to: far,
        });
        app.world_mut().write_message(WalkOrder::Stop {
            player: PlayerId(1),
        });
        app.update();
        let ends: Vec<WalkEnded> = app
            .world_mut()
            .resource_mut::<Messages<WalkEnded>>()
            .drain()
            .collect();
        assert_eq!(
            ends,
            vec![WalkEnded {
                player: PlayerId(1),
                end: WalkEnd::Unexplored(far)
            }]
        );
    }
}
