//! Bots: seats the game plays, through the same [`Action`] messages as people, one seat at a
//! time in the hot-seat order ([`to_act`]). [`Bot::Random`] tries any action, legal or not, so
//! it finds refusals: a step any way, a build of any feature (one past the rules' list too) on
//! any hex near it, a travel to any hex near it, a gathering, an end of turn. Its draws come
//! from its own stream, keyed on (world seed, player, its count of actions), so one bot's luck
//! never depends on another's.

use std::time::Duration;

use bevy::prelude::*;
use hexx::Hex;
use rand::RngExt;

use super::actions::Action;
use super::players::{ActionPoints, Player, PlayerId, Position, Turn};
use crate::hex::Direction;
use crate::rules::FeatureId;
use crate::world::HexWorld;
use crate::worldgen::stream::{Purpose, player_rng};

const BOT_DRAWS: Purpose = Purpose::Play(2);

/// A seat the game plays.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(BotActions)]
pub enum Bot {
    Random,
    /// Plays to win: explores, gathers, flags the best sites, builds and travels.
    Greedy,
}

/// Actions a bot has sent: numbers its draws.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotActions(pub u32);

/// How the bot to act plays: `per_frame` actions at a time (headless games send many; the rules
/// settle them one by one, in order, in the same frame), at most once every `every` (a window
/// slows bots so a person can follow them). By default one action a frame.
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

/// The last `n` seats, by player id, are bots (`--bots N`): given at startup, once every
/// player is seated.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotSeats(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotPace>()
        .add_systems(PostStartup, seat_bots.run_if(resource_exists::<BotSeats>));
}

/// Makes the last [`BotSeats`] players random bots. Reads the players; writes [`Bot`] on them.
fn seat_bots(seats: Res<BotSeats>, players: Query<(Entity, &Player)>, mut commands: Commands) {
    let mut all: Vec<(PlayerId, Entity)> = players.iter().map(|(e, p)| (p.id, e)).collect();
    all.sort_unstable();
    for &(_, e) in all.iter().rev().take(seats.0 as usize) {
        commands.entity(e).insert(Bot::Random);
    }
}

/// The player to act: the first, in id order, who has AP left and has not ended its turn.
pub fn to_act<'a>(
    players: impl IntoIterator<Item = (&'a Player, &'a ActionPoints, &'a Turn)>,
) -> Option<PlayerId> {
    players
        .into_iter()
        .filter(|(_, ap, turn)| turn.may_act(ap))
        .map(|(p, _, _)| p.id)
        .min()
}

/// The bot to act, if it is one, sends its actions when its pace allows. Reads the players,
/// their bots, [`BotPace`], the time and the store; writes [`Action`]s and the bot's
/// [`BotActions`].
pub(super) fn play(
    players: Query<(&Player, &ActionPoints, &Turn)>,
    mut bots: Query<(&Player, &Bot, &Position, &mut BotActions)>,
    (pace, time): (Res<BotPace>, Res<Time>),
    mut waited: Local<Duration>,
    map: Res<HexWorld>,
    mut actions: MessageWriter<Action>,
) {
    *waited += time.delta();
    if *waited < pace.every {
        return;
    }
    let Some(id) = to_act(players.iter()) else {
        return;
    };
    let Some((_, bot, at, mut count)) = bots.iter_mut().find(|(p, ..)| p.id == id) else {
        return;
    };
    *waited = Duration::ZERO;
    for _ in 0..pace.per_frame {
        let mut rng = player_rng(map.seed, id.0, count.0, BOT_DRAWS);
        count.0 = count.0.wrapping_add(1);
        let action = match bot {
            Bot::Random => random_action(&mut rng, &map, id, at.0),
            Bot::Greedy => super::greedy::action(&mut rng, &map, id, at.0),
        };
        actions.write(action);
    }
}

/// Any action, legal or not.
fn random_action(rng: &mut impl RngExt, map: &HexWorld, player: PlayerId, at: Hex) -> Action {
    let rules = &map.rules;
    // Anywhere a step past what the rules allow, so some are out of range.
    let near = |rng: &mut dyn FnMut(u32) -> u32, reach: u32| {
        let r = reach + 1;
        let k = rng(Hex::range_count(r));
        at.range(r)
            .nth(k as usize)
            .expect("k is below the range's count")
    };
    let mut below = |n: u32| rng.random_range(0..n.max(1));
    match below(20) {
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
        14..18 => Action::Gather { player },
        _ => Action::EndTurn { player },
    }
}
