//! The options several commands share, each defined once and flattened into the commands that
//! take it: `--rules` (the window, `gen`, `sites`, `sim`, `replay`), `--save` (the window,
//! `sim`, `replay`), `--spectator` and `--speed` (the window; `sim` and `replay` watched), the
//! table: `--seats`, or `--players`, `--bots` and `--bot` (the window, `sim`).

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::str::FromStr;

use clap::Args;
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};

use aeternus_core::headless::Fault;
use aeternus_core::play::{Bot, SeatKind, table_of};
use aeternus_core::sim::MAX_PLAYERS;

/// `--rules`: the ruleset.
#[derive(Args, Debug, Clone)]
pub struct RulesArg {
    /// Ruleset: `aeternus` (the default, embedded), `storm` (the window, `gen` and `sites`), or
    /// a rule file, its kind read from its first word (a recorded game plays Aeternus rules).
    #[arg(
        long = "rules",
        id = "rules",
        value_name = "RULES",
        default_value = "aeternus"
    )]
    pub name: String,
}

/// `--save FILE`: where the game is saved.
#[derive(Args, Debug, Clone, Default)]
pub struct SaveArg {
    /// Save the game to FILE (`--load` reads it): in a window, where F5 and the autosave at the
    /// end of every phase go (default: aeternus-save.ron in the platform's data folder); a
    /// headless game saves there at its end.
    #[arg(long = "save", id = "save", value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// `--spectator`: the spectator window.
#[derive(Args, Debug, Clone, Default)]
pub struct SpectatorArg {
    /// Open the spectator window, which watches the whole explored world and every player
    /// (with `sim` and `replay`: the game is watched in the window, a log checked first).
    #[arg(long = "spectator", id = "spectator")]
    pub on: bool,
}

/// `--spectator` and `--speed`: a recorded game watched in the window.
#[derive(Args, Debug, Clone)]
pub struct WatchArgs {
    #[command(flatten)]
    pub spectator: SpectatorArg,
    /// With `--spectator`: actions a second, 0.1 to 10000 (a bot's turn comes at once).
    #[arg(long, default_value_t = 10.0, value_parser = speed, requires = "spectator")]
    pub speed: f64,
}

/// `--bot KIND`: the kind of the bots seated.
#[derive(Args, Debug, Clone)]
pub struct BotArg {
    /// The kind of bot.
    #[arg(
        long = "bot",
        id = "bot",
        value_name = "KIND",
        default_value = "random",
        value_parser = bot_values()
    )]
    pub kind: Bot,
}

/// The words for a seat or a bot: read by their own `FromStr` (whose error names every choice)
/// and listed by `--help`, each bot with how it plays.
#[derive(Clone, Copy)]
pub struct Choices<T> {
    /// Whether a person is a choice (a seat) or not (a bot).
    human: bool,
    kind: PhantomData<fn() -> T>,
}

/// `--bot`'s words: every bot.
pub fn bot_values() -> Choices<Bot> {
    Choices {
        human: false,
        kind: PhantomData,
    }
}

/// `--seats`' words: `human` or a bot.
fn seat_values() -> Choices<SeatKind> {
    Choices {
        human: true,
        kind: PhantomData,
    }
}

impl<T> TypedValueParser for Choices<T>
where
    T: FromStr<Err = String> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let parse = StringValueParser::new().try_map(|word| T::from_str(&word));
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let human = (self.human)
            .then(|| PossibleValue::new(SeatKind::Human.name()).help("a person at this table"));
        let bots = Bot::all().map(|b| PossibleValue::new(b.name()).help(b.plays()));
        Some(Box::new(human.into_iter().chain(bots)))
    }
}

/// Who sits at the table: `--seats` names every seat; `--players`, `--bots` and `--bot` are
/// its shorthands and conflict with it.
#[derive(Args, Debug, Clone)]
pub struct SeatArgs {
    /// Each seat, comma separated: `human` or a bot; the list's length is the number of players
    /// (the window seats 8 at most, `sim` 64, bots only).
    #[arg(long, value_name = "SEATS", value_delimiter = ',', value_parser = seat_values(),
          conflicts_with_all = ["players", "bots", "bot"])]
    pub seats: Option<Vec<SeatKind>>,
    /// Players at the table, 1 to 64 (the window: 8); default: the rules' factions, at least
    /// 2. Player i plays faction i modulo the rules' factions.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PLAYERS as i64))]
    pub players: Option<u32>,
    /// Seats played by bots of `--bot`'s kind: the last N players (default: none in the window,
    /// every seat in `sim`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PLAYERS as i64))]
    pub bots: Option<u32>,
    #[command(flatten)]
    pub bot: BotArg,
}

impl SeatArgs {
    /// The number of players the options name, if they name one.
    pub fn count(&self) -> Option<u32> {
        (self.seats.as_ref())
            .map(|s| s.len() as u32)
            .or(self.players)
    }

    /// Whether the options name any seat or bot.
    pub fn given(&self) -> bool {
        self.count().is_some() || self.bots.is_some_and(|b| b > 0)
    }

    /// The table of `n` players (`n` is [`Self::count`] when the options name one): `--seats`
    /// as given, else the last `--bots` seats bots of `--bot`'s kind (every seat when
    /// `bots_by_default`), the others people. At most `most` seats.
    pub fn table(&self, n: u32, bots_by_default: bool, most: u32) -> Result<Vec<SeatKind>, Fault> {
        let table = match &self.seats {
            Some(seats) if seats.len() as u32 != n => {
                return Err(Fault::BadInput(format!(
                    "--seats names {} seats; the table has {n} players",
                    seats.len()
                )));
            }
            Some(seats) => seats.clone(),
            None => {
                let bots = (self.bots).unwrap_or(if bots_by_default { n } else { 0 });
                if bots > n {
                    return Err(Fault::BadInput(format!(
                        "--bots {bots} is more than the {n} players at the table"
                    )));
                }
                table_of(n, bots, self.bot.kind)
            }
        };
        if table.is_empty() || table.len() as u32 > most {
            let option = if self.seats.is_some() {
                "--seats"
            } else {
                "--players"
            };
            return Err(Fault::BadInput(format!(
                "{option}: {} players; this table seats 1..={most}",
                table.len()
            )));
        }
        Ok(table)
    }
}

/// A `--speed`: actions a second.
fn speed(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of actions a second (0.1 to 10000)"))?;
    if !(0.1..=10_000.0).contains(&v) {
        return Err(format!("{v} is not in 0.1..=10000 actions a second"));
    }
    Ok(v)
}
