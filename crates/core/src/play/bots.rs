//! Bots: seats the game plays, through the same [`Action`] messages as people, one seat at a
//! time in the turn order ([`super::turns::to_act`]). A bot decides at the end of a pass of the rules,
//! once the world is settled, so each action is chosen on the world the last one left; the
//! frame's [`BotBudget`] bounds how many it sends. [`Bot::Random`] tries any action, legal or not, so
//! it finds refusals: a step any way, a build of any feature (one past the rules' list too) on
//! any hex near it, a travel to any hex near it, a gathering, a search, an end of turn. Its draws come
//! from its own stream, keyed on (world seed, player, its count of actions), so one bot's luck
//! never depends on another's.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;
use rand::RngExt;

use super::greedy::{self, Board, Seat};
use super::planner;
use super::vocabulary::{
    Action, ActionPoints, Faction, GameOver, Occupied, Phase, Player, PlayerId, PlayerIndex,
    Position, Resources, Turn, occupant,
};
use crate::hex::Direction;
use crate::per_game::PerGameApp;
use crate::rules::{AdvanceId, FeatureId};
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::{HexIndex, Settling};
use crate::worldgen::stream::{Purpose, player_rng};

const BOT_DRAWS: Purpose = Purpose::Play(2);

/// A seat the game plays.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(BotActions, Tries)]
pub enum Bot {
    Random,
    /// Plays to win: explores, gathers, flags the best sites, builds and travels, and guards
    /// its best flags with pylons when a rival can reach them ([`super::greedy`]).
    Greedy,
    /// The greedy bot as it was before rivals could raze: the baseline the others must beat.
    GreedyV1,
    /// Greedy weighed over the phases left: buys advances that pay back, razes farther, and
    /// flags anywhere as the game closes ([`super::planner`]).
    Planner,
}

impl Bot {
    /// Every kind, in the order the command line lists them.
    pub const ALL: [Bot; 4] = [Bot::Random, Bot::Greedy, Bot::GreedyV1, Bot::Planner];

    /// The kind's name, as the command line and the logs spell it.
    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Greedy => "greedy",
            Bot::GreedyV1 => "greedy-v1",
            Bot::Planner => "planner",
        }
    }
}

/// Who plays a seat: a person at this table, or a bot of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Bot(Bot),
}

impl SeatKind {
    /// The seat's name, as `--seats` spells it.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(b) => b.name(),
        }
    }

    /// The bot playing the seat, if one does.
    pub fn bot(self) -> Option<Bot> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(b) => Some(b),
        }
    }
}

impl std::str::FromStr for SeatKind {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatKind, String> {
        if s == "human" {
            return Ok(SeatKind::Human);
        }
        s.parse().map(SeatKind::Bot).map_err(|_| {
            let names: Vec<&str> = Bot::ALL.iter().map(|b| b.name()).collect();
            format!(
                "`{s}` is not a seat: human or a bot, one of {}",
                names.join(", ")
            )
        })
    }
}

/// A table of `n` seats, the last `bots` of them bots of kind `bot`, the others people: what
/// `--players N --bots B --bot KIND` means.
pub fn table_of(n: u32, bots: u32, bot: Bot) -> Vec<SeatKind> {
    (0..n)
        .map(|i| {
            if i + bots >= n {
                SeatKind::Bot(bot)
            } else {
                SeatKind::Human
            }
        })
        .collect()
}

impl std::str::FromStr for Bot {
    type Err = String;

    fn from_str(s: &str) -> Result<Bot, String> {
        (Bot::ALL.into_iter())
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Bot::ALL.iter().map(|b| b.name()).collect();
                format!("`{s}` is not a bot: one of {}", names.join(", "))
            })
    }
}

/// Actions a bot has sent: numbers its draws.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotActions(pub u32);

/// Actions a bot has sent this phase: past [`MAX_TRIES`] it ends its turn, so a bot whose
/// choices are refused never holds the table.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tries {
    phase: u32,
    n: u32,
}

/// Actions a bot may send in one phase before it must end its turn.
pub const MAX_TRIES: u32 = 64;

/// How the bot to act plays: `per_frame` actions at a time (headless games send many, each
/// decided on the world the last one left), at most once every `every` (a window slows bots
/// so a person can follow them). By default one action a frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotPace {
    pub per_frame: u32,
    pub every: Duration,
}

impl Default for BotPace {
    fn default() -> Self {
        Self {
            per_frame: 1,
            every: Duration::ZERO,
        }
    }
}

/// The actions bots may still send this frame.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotBudget(pub u32);

/// Where bots' decisions go when they are not this game's to take: a bot playing a seat of an
/// online game decides on its client's copy of the game, and the client sends the decision to
/// the server, which plays it for everyone. Without it, decisions are played here.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Outbox(pub Vec<Action>);

/// The seat a window plays in an online game (none: it watches): a person's keys act for it
/// alone, on its turn, and what they do goes to the [`Outbox`] for the server to play.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlineSeat(pub Option<PlayerId>);

/// What an online spectator's window shows of the sites, as the server allows: every site some
/// faction knows (`true`), or what the seat to act knows (`false`). A display policy: a
/// spectator's client holds every site shown either way.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpectatorSeesAll(pub bool);

/// An online seat's actions sent and not yet played back or refused: a walk waits for its
/// step to come back before it takes the next.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InFlight(pub u32);

/// Who plays each seat, by player id from the lowest (`--seats`, or `--bots N --bot KIND`):
/// given at startup, once every player is seated; seats past the list are people.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct BotSeats(pub Vec<SeatKind>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotPace>()
        .init_per_game::<BotBudget>()
        .add_systems(PostStartup, seat_bots.run_if(resource_exists::<BotSeats>));
}

/// Makes the players the [`BotSeats`] name bots of their kinds. Reads the players; writes
/// [`Bot`] on them.
fn seat_bots(seats: Res<BotSeats>, players: Query<(Entity, &Player)>, mut commands: Commands) {
    let mut all: Vec<(PlayerId, Entity)> = players.iter().map(|(e, p)| (p.id, e)).collect();
    all.sort_unstable();
    for (&(_, e), kind) in all.iter().zip(&seats.0) {
        if let Some(bot) = kind.bot() {
            commands.entity(e).insert(bot);
        }
    }
}

/// Gives the bots this frame's actions when their pace allows. Reads [`BotPace`] and the time;
/// writes [`BotBudget`].
pub(super) fn pace(
    pace: Res<BotPace>,
    time: Res<Time>,
    mut waited: Local<Duration>,
    mut budget: ResMut<BotBudget>,
) {
    *waited += time.delta();
    let due = *waited >= pace.every;
    if due {
        *waited = Duration::ZERO;
    }
    budget.set_if_neq(BotBudget(if due { pace.per_frame } else { 0 }));
}

/// The players a bot reads.
type Seats<'w, 's> = Query<
    'w,
    's,
    (
        &'static Player,
        &'static ActionPoints,
        &'static Turn,
        &'static Faction,
        &'static Position,
        &'static Resources,
    ),
>;

/// Whether a bot may act now: the frame's [`BotBudget`], the settling of the pass, the
/// [`Phase`] and the game's end.
#[derive(SystemParam)]
pub(super) struct BotMoment<'w> {
    /// The actions bots may still send this frame; one is spent on each.
    budget: ResMut<'w, BotBudget>,
    /// Whether the world is settled; another pass is asked for to take the action.
    settling: ResMut<'w, Settling>,
    /// The phase, which [`Tries`] are counted in.
    phase: Res<'w, Phase>,
    /// Present once the game is over: bots send nothing.
    over: Option<Res<'w, GameOver>>,
    /// Present when decisions are sent elsewhere (see [`Outbox`]).
    outbox: Option<ResMut<'w, Outbox>>,
}

/// The players at the table, by id, and the bots among them with their counts.
#[derive(SystemParam)]
pub(super) struct BotTable<'w, 's> {
    /// Every player, as a bot reads them.
    players: Seats<'w, 's>,
    /// The bots, with the actions they sent in all and this phase.
    bots: Query<'w, 's, (&'static Bot, &'static mut BotActions, &'static mut Tries)>,
    /// Player id -> entity.
    index: Res<'w, PlayerIndex>,
}

/// The world a bot decides on: the store, the site layer if any, and the flags on the hexes.
#[derive(SystemParam)]
pub(super) struct BotView<'w, 's> {
    /// The store, with the rules and the seed the bots' draws are keyed on.
    world: Res<'w, HexWorld>,
    /// The named sites, when the game has them (the greedy bot weighs hexes by them).
    sites: Option<Res<'w, SiteLayer>>,
    /// What each faction knows of the sites: a bot reads only its seat's.
    knowledge: Res<'w, Knowledge>,
    /// Hex -> entity, to find a hex's flag.
    index: Res<'w, HexIndex>,
    /// The flags up, on hex entities.
    flags: Query<'w, 's, &'static Occupied>,
    /// The factions' advances (the planner buys them).
    advances: Res<'w, super::vocabulary::Advances>,
    /// What each faction's flags earn, as any seat sees it (the planner weighs advances by it).
    ledger: Res<'w, super::Ledger>,
}

/// The bot to act, if it is one and the world is settled, decides one action on the world as
/// this pass left it and asks for another pass to take it. Reads the players, their bots, the
/// store, the flags, the site layer, [`Phase`] and [`GameOver`]; writes an [`Action`], the
/// bot's counts, [`BotBudget`] and [`Settling`].
pub(super) fn decide(
    moment: BotMoment,
    table: BotTable,
    view: BotView,
    mut actions: MessageWriter<Action>,
) {
    let BotMoment {
        mut budget,
        mut settling,
        phase,
        over,
        outbox,
    } = moment;
    let BotTable {
        players,
        mut bots,
        index: player_index,
    } = table;
    let BotView {
        world,
        sites,
        knowledge,
        index,
        flags,
        advances,
        ledger,
    } = view;
    if budget.0 == 0 || over.is_some() || !settling.is_settled() {
        return;
    }
    let seats = players.iter().map(|(p, ap, t, ..)| (p.id, t.may_act(ap)));
    let Some(id) = super::turns::to_act(phase.0, seats) else {
        return;
    };
    let Some(&entity) = player_index.get(&id) else {
        return;
    };
    let Ok((bot, mut count, mut tries)) = bots.get_mut(entity) else {
        return;
    };
    let Ok((_, ap, _, faction, at, held)) = players.get(entity) else {
        return;
    };
    budget.0 -= 1;
    if tries.phase != phase.0 {
        *tries = Tries {
            phase: phase.0,
            n: 0,
        };
    }
    tries.n += 1;
    let mut rng = player_rng(world.seed, id.0, count.0, BOT_DRAWS);
    count.0 = count.0.wrapping_add(1);
    let action = match bot {
        _ if tries.n > MAX_TRIES => Action::EndTurn { player: id },
        Bot::Random => random_action(&mut rng, &world, id, at.0),
        Bot::Greedy | Bot::GreedyV1 | Bot::Planner => {
            let owner = |h: Hex| occupant(h, &index, &flags);
            let table: Vec<(Faction, Hex)> = (players.iter())
                .map(|(_, _, _, f, at, _)| (*f, at.0))
                .collect();
            let board = Board {
                world: &world,
                sites: sites.as_deref().map(|s| s.known_by(&knowledge, faction.0)),
                owner: &owner,
                players: &table,
                contest: *bot != Bot::GreedyV1,
                search: *bot != Bot::GreedyV1,
                raze_look: match bot {
                    Bot::Planner => planner::RAZE_LOOK,
                    _ => greedy::RAZE_LOOK,
                },
                any_flag: *bot == Bot::Planner && planner::closing(&world.rules, phase.0),
                pay_weight: match bot {
                    Bot::Planner => planner::pay_weight(&world.rules, phase.0),
                    _ => greedy::PAY_WEIGHT,
                },
            };
            let seat = Seat {
                id,
                faction: *faction,
                at: at.0,
                ap: ap.0,
                held,
                phase: phase.0,
            };
            match bot {
                Bot::Planner => {
                    let economy = planner::Economy {
                        advances: &advances,
                        ledger: &ledger,
                    };
                    planner::action(&mut rng, &board, &seat, &economy)
                }
                _ => greedy::action(&mut rng, &board, &seat),
            }
        }
    };
    match outbox {
        Some(mut out) => out.0.push(action),
        None => {
            actions.write(action);
            settling.again();
        }
    }
}

/// Any action, legal or not.
fn random_action(rng: &mut impl RngExt, world: &HexWorld, player: PlayerId, at: Hex) -> Action {
    let rules = &world.rules;
    // Anywhere a step past what the rules allow, so some are out of range.
    let near = |rng: &mut dyn FnMut(u32) -> u32, reach: u32| {
        let r = reach + 1;
        let k = rng(Hex::range_count(r));
        at.range(r)
            .nth(k as usize)
            .expect("k is below the range's count")
    };
    let mut below = |n: u32| rng.random_range(0..n.max(1));
    match below(21) {
        0..8 => Action::Traverse {
            player,
            direction: Direction::ALL[below(6) as usize],
        },
        8..12 => Action::Build {
            player,
            hex: near(&mut below, rules.construction.range),
            feature: FeatureId(below(rules.features.len() as u32 + 1) as u8),
        },
        12..14 => Action::Travel {
            player,
            to: near(&mut below, 3),
        },
        14..17 => Action::Gather { player },
        17 => Action::Search { player },
        18 => Action::Advance {
            player,
            advance: AdvanceId(below(rules.play.advances.len() as u32 + 1) as u8),
        },
        _ => Action::EndTurn { player },
    }
}
