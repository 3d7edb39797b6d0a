//! Actions come in as [`Action`] messages, from a UI, a bot or a test, and are taken one at a
//! time, in the order sent, each only once the one before is settled (its blows and the sight it
//! opened included). [`act`] checks what any action needs (the player, its turn, a move's AP)
//! and passes it on: a Traverse as a [`MoveAttempt`], anything else as an [`Order`] for the
//! system of its kind. A refused action changes nothing and is logged with its reason.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::actors::{Actor, Players};
use super::hexes::effects;
use super::played::Taken;
use super::vocabulary::{
    Action, GameOver, Move, MoveAttempt, Order, Phase, PlayEvent, Refusal, refuse,
};
use crate::per_game::PerGameApp;
use crate::world::Cause;
use crate::world::plugin::{GenerateHex, HexWorld, Settling};

pub(super) fn plugin(app: &mut App) {
    app.per_game_messages::<Action>().add_message::<Order>();
}

/// The actions waiting, and what says whether the next may be taken: the settling of the
/// pass (asked for again while more wait) and the game's end.
#[derive(SystemParam)]
pub(super) struct ActionQueue<'w, 's> {
    /// The actions sent, taken one at a time.
    actions: MessageReader<'w, 's, Action>,
    /// Whether the last action is settled; asked again while actions wait.
    settling: ResMut<'w, Settling>,
    /// Present once the game is over: every action is refused.
    over: Option<Res<'w, GameOver>>,
    /// The phase, whose first seat the turn order starts from.
    phase: Res<'w, Phase>,
}

/// Where an action's effects go: a move and the generation of its target, an order for the
/// system of its kind, or a refusal in the log.
#[derive(SystemParam)]
pub(super) struct ActionEffects<'w> {
    /// The moves checked, for the movement systems.
    attempts: MessageWriter<'w, MoveAttempt>,
    /// The generation of a move's indeterminate target (cause `move_target`).
    generate: MessageWriter<'w, GenerateHex>,
    /// Any other action checked, for the system of its kind.
    orders: MessageWriter<'w, Order>,
    /// Refusals, as [`PlayEvent::Refused`].
    log: MessageWriter<'w, PlayEvent>,
    /// The action taken, until its pass ends (then it is [`Played`](super::vocabulary::Played)).
    taken: ResMut<'w, Taken>,
}

/// Takes the next action once the world is settled (nothing left from the last pass) and asks
/// for another pass while more wait; once the game is over, refuses every action. Reads
/// [`Action`], [`Settling`], [`GameOver`](GameOver), the players and the store;
/// writes [`MoveAttempt`] with [`GenerateHex`] for an indeterminate target (cause
/// `move_target`), [`Order`], [`PlayEvent::Refused`], and [`Taken`].
pub(super) fn act(
    mut queue: ActionQueue,
    players: Players,
    world: Res<HexWorld>,
    mut out: ActionEffects,
) {
    let ActionQueue {
        actions,
        settling,
        over,
        phase,
    } = &mut queue;
    let next = if settling.is_idle() {
        actions.read().next().cloned()
    } else {
        None
    };
    if !actions.is_empty() {
        settling.again();
    }
    let Some(action) = next else { return };
    out.taken.0 = Some(action.clone());
    if over.is_some() {
        refuse(&mut out.log, &action, Refusal::GameOver);
        return;
    }
    let checked = players.actor(action.player()).and_then(|a| {
        in_turn(&players, phase.0, &a)?;
        check(&a, &action, &world)
    });
    match checked {
        Err(refusal) => refuse(&mut out.log, &action, refusal),
        Ok(Some(m)) => attempt(m, &world, &mut out.attempts, &mut out.generate),
        Ok(None) => {
            out.orders.write(Order(action));
        }
    }
}

/// Whether it is `a`'s turn: the seat to act, or one whose turn is over (its refusal says so).
fn in_turn(players: &Players, phase: u32, a: &Actor) -> Result<(), Refusal> {
    match players.to_act(phase) {
        Some(p) if p != a.id && a.ready().is_ok() => Err(Refusal::NotYourTurn(p)),
        _ => Ok(()),
    }
}

/// What the action needs of its player, `a`, whose turn it is: a move passed on as a [`Move`],
/// anything else as an [`Order`] (`None`), or a refusal.
fn check(a: &Actor, action: &Action, world: &HexWorld) -> Result<Option<Move>, Refusal> {
    match *action {
        Action::EndTurn { .. } if a.ended => Err(Refusal::TurnOver),
        Action::EndTurn { .. } => Ok(None),
        Action::Traverse { direction, .. } => {
            a.ready()?;
            let here = world
                .get(a.hex)
                .expect("a player stands on a generated hex");
            // The rules bound the extra cost; saturating keeps a hand-built ruleset from wrapping.
            let cost = effects(&world.rules, &here)
                .leave_extra_ap
                .saturating_add(1);
            if a.ap < cost {
                return Err(Refusal::NotEnoughAp {
                    need: cost,
                    have: a.ap,
                });
            }
            Ok(Some(Move::new(
                a.id,
                a.hex,
                a.hex + direction.offset(),
                cost,
            )))
        }
        Action::Build { .. } | Action::Advance { .. } if !a.ended && a.ap == 0 => {
            Err(Refusal::NoApLeft)
        }
        Action::Build { .. }
        | Action::Advance { .. }
        | Action::Travel { .. }
        | Action::Gather { .. }
        | Action::Search { .. } => a.ready().map(|()| None),
    }
}

/// Sends a move attempt, with the generation of its target when it is indeterminate.
pub(super) fn attempt(
    mut m: Move,
    world: &HexWorld,
    attempts: &mut MessageWriter<MoveAttempt>,
    generate: &mut MessageWriter<GenerateHex>,
) {
    m.into_indeterminate = !world.is_generated(m.to);
    if m.into_indeterminate {
        generate.write(GenerateHex {
            hex: m.to,
            cause: Cause::MoveTarget,
        });
    }
    attempts.write(MoveAttempt(m));
}

/// Ends the player's turn. Reads [`Order`]s (an end of turn); writes the player's [`Turn`] and
/// [`PlayEvent::TurnEnded`].
///
/// [`Turn`]: super::vocabulary::Turn
pub(super) fn end_turn(
    mut orders: MessageReader<Order>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::EndTurn { player } = action else {
            continue;
        };
        let Ok(mut a) = players.actor(player) else {
            continue;
        };
        a.ended = true;
        players.save(&a);
        log.write(PlayEvent::TurnEnded { player });
    }
}
