//! Who plays a seat: a [`Bot`] (a handle on a [`Mind`] of [`ALL`]) or a person, the table
//! of them a game starts with, and [`seat_bot`], the one way a bot takes or leaves a seat.

use bevy::prelude::*;

use super::{ALL, Mind, greedy, greedy_v1, planner, random};
use crate::play::vocabulary::{Player, PlayerId};

/// A seat the game plays: a handle on one of the bots of [`ALL`].
#[derive(Component, Clone, Copy)]
#[require(BotActions, Tries)]
pub struct Bot(&'static dyn Mind);

impl Bot {
    /// Tries any action, legal or not, to find refusals.
    pub const RANDOM: Bot = Bot(&random::Random);
    /// Plays to win, razes and defends.
    pub const GREEDY: Bot = Bot(&greedy::Greedy);
    /// The greedy bot before rivals could raze: the baseline the others must beat.
    pub const GREEDY_V1: Bot = Bot(&greedy_v1::GreedyV1);
    /// Greedy weighed over the phases left.
    pub const PLANNER: Bot = Bot(&planner::Planner);

    /// Every bot, in the order of [`ALL`].
    pub fn all() -> impl Iterator<Item = Bot> {
        ALL.iter().map(|&mind| Bot(mind))
    }

    /// The bot `name` names, if one does.
    pub fn named(name: &str) -> Option<Bot> {
        Bot::all().find(|b| b.name() == name)
    }

    /// The bot's name, as the command line and the logs spell it.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// How the bot plays, in one line.
    pub fn plays(self) -> &'static str {
        self.0.plays()
    }

    /// What the bot is.
    pub fn mind(self) -> &'static dyn Mind {
        self.0
    }
}

/// Bots are told apart by name, which [`ALL`] keeps unique.
impl PartialEq for Bot {
    fn eq(&self, other: &Bot) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Bot {}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bot({})", self.name())
    }
}

impl std::str::FromStr for Bot {
    type Err = String;

    fn from_str(s: &str) -> Result<Bot, String> {
        Bot::named(s).ok_or_else(|| format!("`{s}` is not a bot: one of {}", names()))
    }
}

/// The bots' names, comma separated, for a message.
fn names() -> String {
    let names: Vec<&str> = Bot::all().map(Bot::name).collect();
    names.join(", ")
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
        s.parse()
            .map(SeatKind::Bot)
            .map_err(|_| format!("`{s}` is not a seat: human or a bot, one of {}", names()))
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

/// Actions a bot has sent: numbers its draws.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotActions(pub u32);

/// Actions a bot has sent this phase: past [`super::MAX_TRIES`] it ends its turn, so a bot whose
/// choices are refused never holds the table.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tries {
    phase: u32,
    n: u32,
}

impl Tries {
    /// One more action sent in `phase` (the count starts again in a new phase): how many now.
    pub(super) fn one_more(&mut self, phase: u32) -> u32 {
        if self.phase != phase {
            *self = Tries { phase, n: 0 };
        }
        self.n += 1;
        self.n
    }
}

/// Who plays each seat, by player id from the lowest (`--seats`, or `--bots N --bot KIND`):
/// given at startup, once every player is seated; seats past the list are people.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct BotSeats(pub Vec<SeatKind>);

/// Puts `bot` on `player`'s seat, or takes its bot off (`None`: a person plays it). With
/// `decided`, the bot has decided that many actions before and its draws go on from there (a
/// game resumed, a client counting what the server played); without, the seat's count stands.
pub fn seat_bot(player: &mut EntityWorldMut, bot: Option<Bot>, decided: Option<u32>) {
    match bot {
        Some(bot) => player.insert(bot),
        None => player.remove::<Bot>(),
    };
    if let Some(n) = decided {
        player.insert(BotActions(n));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, seat_bots.run_if(resource_exists::<BotSeats>));
}

/// Makes the players the [`BotSeats`] name bots of their kinds. Reads the players; writes
/// [`Bot`] on them.
fn seat_bots(seats: Res<BotSeats>, players: Query<(Entity, &Player)>, mut commands: Commands) {
    let mut all: Vec<(PlayerId, Entity)> = players.iter().map(|(e, p)| (p.id, e)).collect();
    all.sort_unstable();
    for (&(_, e), kind) in all.iter().zip(&seats.0) {
        if let Some(bot) = kind.bot() {
            (commands.entity(e))
                .queue(move |mut p: EntityWorldMut| seat_bot(&mut p, Some(bot), None));
        }
    }
}
