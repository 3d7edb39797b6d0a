//! Actions come in as [`Action`] messages, from a UI, a bot or a test, and are taken one at a
//! time, in the order sent, each only once the one before is settled (its blows and the sight it
//! opened included). [`act`] checks what any action needs (the player, its turn, a move's AP)
//! and passes it on: a Traverse as a [`MoveAttempt`], anything else as an [`Order`] for the
//! system of its kind. A refused action changes nothing and is logged with its reason.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::board::Players;
use super::hazards::effects;
use super::log::PlayEvent;
use super::movement::{Move, MoveAttempt};
use super::players::PlayerId;
use crate::hex::{Coord, Direction};
use crate::per_game::PerGameApp;
use crate::rules::{AdvanceId, BiomeId, FeatureId, Rules};
use crate::world::Cause;
use crate::world::plugin::{GenerateHex, HexWorld, Settling};

#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Move to the adjacent hex in `direction`: 1 AP, more off a Perilous Pass; hazards apply.
    Traverse {
        player: PlayerId,
        direction: Direction,
    },
    /// Construct `feature` on `hex` (the player's or one within the construction range).
    Build {
        player: PlayerId,
        hex: Hex,
        feature: FeatureId,
    },
    /// Travel the stagways from the player's Stag Station to the one on `to`.
    Travel { player: PlayerId, to: Hex },
    /// Gather what the player's hex yields.
    Gather { player: PlayerId },
    /// Search the player's hex and the six around it for hidden sites.
    Search { player: PlayerId },
    /// Buy an advance for the player's faction with resources from its purse.
    Advance {
        player: PlayerId,
        advance: AdvanceId,
    },
    /// Done for this phase.
    EndTurn { player: PlayerId },
}

impl Action {
    /// The Traverse from `from` onto `to`, when they are neighbours (a click on a hex beside
    /// the player).
    pub fn traverse_toward(player: PlayerId, from: Hex, to: Hex) -> Option<Action> {
        let direction = Direction::ALL
            .into_iter()
            .find(|d| from + d.offset() == to)?;
        Some(Action::Traverse { player, direction })
    }

    pub fn player(&self) -> PlayerId {
        match *self {
            Action::Traverse { player, .. }
            | Action::Build { player, .. }
            | Action::Travel { player, .. }
            | Action::Gather { player }
            | Action::Search { player }
            | Action::Advance { player, .. }
            | Action::EndTurn { player } => player,
        }
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Refusal {
    UnknownPlayer,
    /// The player ended its turn, travelled the stagways or has no AP left this phase.
    TurnOver,
    /// Another seat is to act ([`super::turns`]): the player named.
    NotYourTurn(PlayerId),
    /// A build or an advance with no AP left: neither costs any, but a turn ends at 0 AP (the
    /// rules readings: one rule, so a phase turns once nobody has AP left).
    NoApLeft,
    NotEnoughAp {
        need: u32,
        have: u32,
    },
    /// The hex is not generated yet.
    Indeterminate(Coord),
    OutOfRange {
        distance: u32,
        range: u32,
    },
    UnknownFeature(FeatureId),
    /// The feature has no construction cost: it cannot be built (Corrupted).
    NotConstructible(FeatureId),
    /// The biome forbids building and the feature does not name it (a Lake).
    BiomeForbids(BiomeId),
    CorruptedHex,
    AlreadyBuilt(FeatureId),
    /// The hex already has a flag (at most one).
    FlagTaken,
    CannotAfford {
        resource: String,
        need: u32,
        have: u32,
    },
    NoStationHere,
    NoStationThere(Coord),
    AlreadyThere,
    /// The target could not be generated: the world's limits keep it indeterminate.
    Beyond(crate::world::limits::Limit),
    /// The hex yields nothing to gather (or is corrupted).
    NothingToGather,
    /// The game is over.
    GameOver,
    /// The rules have no such advance.
    UnknownAdvance(AdvanceId),
    /// The faction holds the advance already.
    AlreadyAdvanced(AdvanceId),
    /// The advance needs this one first.
    NeedsAdvance(AdvanceId),
}

impl Refusal {
    pub fn describe(&self, rules: &Rules) -> String {
        use Refusal::*;
        match self {
            UnknownPlayer => "no such player".into(),
            TurnOver => "its turn is over for this phase".into(),
            NotYourTurn(p) => format!("it is {p}'s turn"),
            NoApLeft => "no AP left: it costs none, but the turn ends at 0 AP".into(),
            NotEnoughAp { need, have } => format!("needs {need} AP, has {have}"),
            Indeterminate(c) => format!("{c} is not generated yet"),
            OutOfRange { distance, range } => {
                format!("the hex is {distance} away; building reaches {range}")
            }
            UnknownFeature(f) => format!("no feature {}", f.0),
            NotConstructible(f) => format!("a {} cannot be built", rules.feature_name(*f)),
            BiomeForbids(b) => format!("nothing of that kind is built on {}", rules.biome_name(*b)),
            CorruptedHex => "nothing is built on a corrupted hex".into(),
            AlreadyBuilt(f) => format!("the hex already has a {}", rules.feature_name(*f)),
            FlagTaken => "the hex already has a flag".into(),
            CannotAfford {
                resource,
                need,
                have,
            } => format!("needs {need} {resource}, has {have}"),
            NoStationHere => "there is no stag station here".into(),
            NoStationThere(c) => format!("there is no stag station on {c}"),
            AlreadyThere => "already there".into(),
            Beyond(limit) => format!("the hex stays indeterminate: {}", limit.describe()),
            NothingToGather => "there is nothing to gather here".into(),
            GameOver => "the game is over".into(),
            UnknownAdvance(a) => format!("the rules have no advance {}", a.0),
            AlreadyAdvanced(a) => format!("the faction holds {} already", rules.advance_name(*a)),
            NeedsAdvance(a) => format!("it needs {} first", rules.advance_name(*a)),
        }
    }
}

/// A checked action that is not a move, for the system of its kind (construction, the
/// stagways, gathering, a search, the end of a turn).
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Order(pub Action);

pub(super) fn plugin(app: &mut App) {
    app.per_game_messages::<Action>().add_message::<Order>();
}

/// Writes a refusal to the log.
pub(super) fn refuse(log: &mut MessageWriter<PlayEvent>, action: &Action, refusal: Refusal) {
    log.write(PlayEvent::Refused {
        player: action.player(),
        action: action.clone(),
        refusal,
    });
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
    over: Option<Res<'w, super::GameOver>>,
    /// The phase, whose first seat the turn order starts from.
    phase: Res<'w, super::Phase>,
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
}

/// Takes the next action once the world is settled (nothing left from the last pass) and asks
/// for another pass while more wait; once the game is over, refuses every action. Reads
/// [`Action`], [`Settling`], [`GameOver`](super::GameOver), the players and the store;
/// writes [`MoveAttempt`] with [`GenerateHex`] for an indeterminate target (cause
/// `move_target`), [`Order`], and [`PlayEvent::Refused`].
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
fn in_turn(players: &Players, phase: u32, a: &super::board::Actor) -> Result<(), Refusal> {
    match players.to_act(phase) {
        Some(p) if p != a.id && a.ready().is_ok() => Err(Refusal::NotYourTurn(p)),
        _ => Ok(()),
    }
}

/// What the action needs of its player, `a`, whose turn it is: a move passed on as a [`Move`],
/// anything else as an [`Order`] (`None`), or a refusal.
fn check(
    a: &super::board::Actor,
    action: &Action,
    world: &HexWorld,
) -> Result<Option<Move>, Refusal> {
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
/// [`Turn`]: super::Turn
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
