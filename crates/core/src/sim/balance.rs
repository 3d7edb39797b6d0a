//! The balance table of `sim --games N`: wins by seat, by faction and by bot, why the games
//! ended and how many flags were razed, the games' length, and when each feature is first built.
//! A tie shares its win: each faction level at the top of the standings takes an equal part of
//! it (a two-way tie gives each 0.5), in the text and in the JSON alike. [`Balance`] holds the
//! numbers; [`Balance::text`] and [`Balance::json`] write them.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::format::{EndLine, FlagChange, GameLine, Line, Outcome, Seat};
use crate::play::End;

/// What one game tells the table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameStats {
    pub seed: u64,
    /// The factions the win goes to: the winner, or every faction tied at the top, each taking
    /// an equal part (none when nobody stands).
    pub winners: Vec<u32>,
    /// Why the game ended.
    pub end: Option<End>,
    pub ended_in: u32,
    pub actions: u64,
    /// Flags razed.
    pub razes: u64,
    /// Feature -> the phase of its first build.
    pub first_builds: BTreeMap<String, u32>,
}

impl GameStats {
    pub fn new(seed: u64) -> Self {
        Self { seed, ..default() }
    }

    /// Takes in a line as the game records it: a build (its feature's first), a raze.
    pub fn see(&mut self, line: &Line) {
        match line {
            Line::Action(a) if a.outcome == Outcome::Built => {
                if let Some(super::format::Named::Name(f)) = &a.feature {
                    self.first_builds.entry(f.clone()).or_insert(a.phase);
                }
            }
            Line::Flag(f) if f.change == FlagChange::Razed => self.razes += 1,
            _ => {}
        }
    }

    pub fn end(&mut self, end: &EndLine) {
        self.winners = end.winners();
        self.end = end.end;
        self.ended_in = end.ended_in.unwrap_or(0);
        self.actions = end.actions;
    }

    /// The part of this game's win that goes to faction `f`: 1 to a winner alone, 1/k to each
    /// of k tied factions, 0 otherwise.
    fn win_of(&self, f: u32) -> f64 {
        if self.winners.contains(&f) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

fn default<T: Default>() -> T {
    T::default()
}

/// The median, halves kept (`12.5`).
fn median(mut v: Vec<u64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2] as f64
    } else {
        (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0
    }
}

/// `n` of `of`, in percent (0 of nothing).
fn percent(n: f64, of: u64) -> f64 {
    100.0 * n / of.max(1) as f64
}

/// The balance table of many games, as numbers: what the text shows and the JSON holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Balance {
    pub games: u64,
    pub seeds: Seeds,
    /// The rules' name and the hash of their text.
    pub rules: String,
    pub rules_hash: String,
    /// The games' length in the rules (`play.goal.phases`).
    pub phases: u32,
    /// Each seat and the wins of its faction.
    pub seats: Vec<SeatWins>,
    /// Games tied at the top (their win shared), and games nobody won (nobody stood).
    pub ties: u64,
    pub no_winner: u64,
    /// Each seated faction, once.
    pub by_faction: Vec<FactionWins>,
    /// Each bot that played a seat, by name.
    pub by_bot: BTreeMap<String, BotWins>,
    /// Games by why they ended (every ending, those none met at 0).
    pub ends: BTreeMap<End, u64>,
    pub razes_per_game: f64,
    pub length: Length,
    /// Each feature that can be built, in the rules' order.
    pub first_builds: Vec<FirstBuild>,
}

/// The first game's seed and the last's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seeds {
    pub first: u64,
    pub last: u64,
}

/// A seat (its player id) and its faction's wins: a win counts for each seat of its faction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatWins {
    pub seat: u32,
    pub faction: u32,
    pub faction_name: String,
    pub bot: String,
    pub wins: f64,
    /// Of the games, in percent.
    pub share: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FactionWins {
    pub faction: u32,
    pub name: String,
    /// Seats it held.
    pub seats: u64,
    pub wins: f64,
    /// Of the games, in percent.
    pub share: f64,
}

/// A bot's seats over every game, and the wins of those seats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BotWins {
    /// Seats it played times games.
    pub seat_games: u64,
    pub wins: f64,
    /// Of its seat-games, in percent.
    pub share: f64,
}

/// The least, the median and the most.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub least: u64,
    pub median: f64,
    pub most: u64,
}

impl Spread {
    fn of(v: Vec<u64>) -> Spread {
        Spread {
            least: v.iter().copied().min().unwrap_or(0),
            most: v.iter().copied().max().unwrap_or(0),
            median: median(v),
        }
    }
}

/// How long the games ran: in phases and in actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Length {
    pub phases: Spread,
    pub actions: Spread,
}

/// A feature: in how many games it was built, and the median phase of its first build (none if
/// it never was).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstBuild {
    pub feature: String,
    pub games_built: u64,
    pub median_phase: Option<f64>,
}

/// The factions seated, each once, in order.
fn seated_factions(seats: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut factions: Vec<u32> = seats.collect();
    factions.sort_unstable();
    factions.dedup();
    factions
}

impl Balance {
    /// The table of `games`, played as `header` says. `faction_name` names a faction;
    /// `features` are the rules' features that can be built, in order.
    pub fn new(
        games: &[GameStats],
        header: &GameLine,
        faction_name: impl Fn(u32) -> String,
        features: &[String],
    ) -> Balance {
        let n = games.len() as u64;
        let wins = |f: u32| games.iter().map(|g| g.win_of(f)).sum::<f64>();
        let seats = (header.seats.iter())
            .map(|s| SeatWins {
                seat: s.player,
                faction: s.faction,
                faction_name: faction_name(s.faction),
                bot: s.bot.clone(),
                wins: wins(s.faction),
                share: percent(wins(s.faction), n),
            })
            .collect();
        let by_faction = (seated_factions(header.seats.iter().map(|s| s.faction)).into_iter())
            .map(|f| FactionWins {
                faction: f,
                name: faction_name(f),
                seats: header.seats.iter().filter(|s| s.faction == f).count() as u64,
                wins: wins(f),
                share: percent(wins(f), n),
            })
            .collect();
        let razes: u64 = games.iter().map(|g| g.razes).sum();
        Balance {
            games: n,
            seeds: Seeds {
                first: games.first().map_or(0, |g| g.seed),
                last: games.last().map_or(0, |g| g.seed),
            },
            rules: header.rules.clone(),
            rules_hash: header.rules_hash.clone(),
            phases: header.phases,
            seats,
            ties: games.iter().filter(|g| g.winners.len() > 1).count() as u64,
            no_winner: games.iter().filter(|g| g.winners.is_empty()).count() as u64,
            by_faction,
            by_bot: by_bot(games, &header.seats),
            ends: ends(games),
            razes_per_game: razes as f64 / n.max(1) as f64,
            length: Length {
                phases: Spread::of(games.iter().map(|g| g.ended_in as u64).collect()),
                actions: Spread::of(games.iter().map(|g| g.actions).collect()),
            },
            first_builds: first_builds(games, features),
        }
    }

    /// The table as one JSON object, on one line.
    pub fn json(&self) -> String {
        let mut text = serde_json::to_string(self).expect("a table serialises");
        text.push('\n');
        text
    }

    /// The table as text: the games, then each part under its heading.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "{} games, seeds {}..={}, {}, {} phases, rules {:?} ({})",
            self.games,
            self.seeds.first,
            self.seeds.last,
            self.seats_told(),
            self.phases,
            self.rules,
            self.rules_hash
        );
        self.wins_by_seat(&mut t);
        self.wins_by_faction(&mut t);
        self.wins_by_bot(&mut t);
        self.endings(&mut t);
        self.game_length(&mut t);
        self.first_build(&mut t);
        t
    }
}

/// Each bot's seat-games and the wins of its seats.
fn by_bot(games: &[GameStats], seats: &[Seat]) -> BTreeMap<String, BotWins> {
    let mut bots: BTreeMap<String, BotWins> = BTreeMap::new();
    for s in seats {
        let b = bots.entry(s.bot.clone()).or_insert(BotWins {
            seat_games: 0,
            wins: 0.0,
            share: 0.0,
        });
        b.seat_games += games.len() as u64;
        b.wins += games.iter().map(|g| g.win_of(s.faction)).sum::<f64>();
    }
    for b in bots.values_mut() {
        b.share = percent(b.wins, b.seat_games);
    }
    bots
}

/// The games by why they ended, every ending listed.
fn ends(games: &[GameStats]) -> BTreeMap<End, u64> {
    let mut ends: BTreeMap<End, u64> = End::ALL.iter().map(|&e| (e, 0)).collect();
    for e in games.iter().filter_map(|g| g.end) {
        *ends.entry(e).or_insert(0) += 1;
    }
    ends
}

/// Each feature: the games it was built in, and the median phase of its first build.
fn first_builds(games: &[GameStats], features: &[String]) -> Vec<FirstBuild> {
    (features.iter())
        .map(|f| {
            let firsts: Vec<u64> = (games.iter())
                .filter_map(|g| g.first_builds.get(f).map(|&p| p as u64))
                .collect();
            FirstBuild {
                feature: f.clone(),
                games_built: firsts.len() as u64,
                median_phase: (!firsts.is_empty()).then(|| median(firsts)),
            }
        })
        .collect()
}

/// A count of wins as the text shows it: whole as a whole number (`3`), a shared part to two
/// places (`2.33`).
fn wins_told(w: f64) -> String {
    if (w - w.round()).abs() < 1e-9 {
        format!("{}", w.round())
    } else {
        format!("{w:.2}")
    }
}

/// An ending as the text names it.
fn end_told(e: End) -> &'static str {
    match e {
        End::Phases => "last phase",
        End::Target => "target",
        End::Lead => "lead",
        End::LastStanding => "last standing",
    }
}

impl Balance {
    /// "4 seats of greedy bots", or each seat's bot when they differ ("2 seats: greedy,
    /// planner").
    fn seats_told(&self) -> String {
        let bots: Vec<&str> = self.seats.iter().map(|s| s.bot.as_str()).collect();
        match bots.first() {
            Some(first) if bots.iter().all(|b| b == first) => {
                format!("{} seats of {first} bots", bots.len())
            }
            _ => format!("{} seats: {}", bots.len(), bots.join(", ")),
        }
    }

    /// Each seat's wins, then the tied games (and a note when seats share a faction, whose
    /// wins count for each of them).
    fn wins_by_seat(&self, t: &mut String) {
        let n = self.games;
        let _ = writeln!(
            t,
            "wins by seat ({n} games; a tie shares its win among the tied factions)"
        );
        let _ = writeln!(
            t,
            "  {:>6}  {:<24} {:>7} {:>7}",
            "player", "faction", "wins", "share"
        );
        for s in &self.seats {
            let _ = writeln!(
                t,
                "  {:>6}  {:<24} {:>7} {:>6.1}%",
                s.seat,
                s.faction_name,
                wins_told(s.wins),
                s.share
            );
        }
        let mut apart = vec![("(ties: the win shared)", self.ties)];
        if self.no_winner > 0 {
            apart.push(("(nobody stood: no winner)", self.no_winner));
        }
        for (what, k) in apart {
            let share = percent(k as f64, n);
            let _ = writeln!(t, "  {:>6}  {what:<24} {k:>7} {share:>6.1}%", "");
        }
        if seated_factions(self.seats.iter().map(|s| s.faction)).len() < self.seats.len() {
            let _ = writeln!(
                t,
                "  (seats share factions: a faction's win counts for each of its seats)"
            );
        }
    }

    /// Each seated faction's seats and wins.
    fn wins_by_faction(&self, t: &mut String) {
        let _ = writeln!(t, "wins by faction");
        let _ = writeln!(
            t,
            "  {:<24} {:>6} {:>7} {:>7}",
            "faction", "seats", "wins", "share"
        );
        for f in &self.by_faction {
            let _ = writeln!(
                t,
                "  {:<24} {:>6} {:>7} {:>6.1}%",
                f.name,
                f.seats,
                wins_told(f.wins),
                f.share
            );
        }
    }

    /// Each bot's seat-games and the wins of its seats, as a share of its seat-games.
    fn wins_by_bot(&self, t: &mut String) {
        let _ = writeln!(t, "wins by bot");
        let _ = writeln!(
            t,
            "  {:<24} {:>10} {:>7} {:>7}",
            "bot", "seat-games", "wins", "share"
        );
        for (name, b) in &self.by_bot {
            let _ = writeln!(
                t,
                "  {:<24} {:>10} {:>7} {:>6.1}%",
                name,
                b.seat_games,
                wins_told(b.wins),
                b.share
            );
        }
    }

    /// The games by why they ended, and the flags razed a game.
    fn endings(&self, t: &mut String) {
        let _ = writeln!(t, "how the games ended");
        for (&e, &k) in &self.ends {
            let share = percent(k as f64, self.games);
            let _ = writeln!(t, "  {:<24} {k:>7} {share:>6.1}%", end_told(e));
        }
        let _ = writeln!(t, "  {:<24} {:>7.2}", "razes a game", self.razes_per_game);
    }

    /// How long the games ran, in phases and in actions: the least, the median and the most.
    fn game_length(&self, t: &mut String) {
        let told = |s: &Spread| format!("{} / {} / {}", s.least, s.median, s.most);
        let _ = writeln!(t, "game length (least / median / most)");
        let _ = writeln!(t, "  phases   {}", told(&self.length.phases));
        let _ = writeln!(t, "  actions  {}", told(&self.length.actions));
    }

    /// Each feature of the rules: in how many games it was built, and the median phase it was
    /// first built in.
    fn first_build(&self, t: &mut String) {
        let _ = writeln!(t, "first build, by feature");
        let _ = writeln!(
            t,
            "  {:<24} {:>12} {:>14}",
            "feature", "games built", "median phase"
        );
        for f in &self.first_builds {
            let med = f.median_phase.map_or("-".to_string(), |m| m.to_string());
            let _ = writeln!(t, "  {:<24} {:>12} {:>14}", f.feature, f.games_built, med);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::{FlagLine, HexView, Standing};
    use super::*;

    #[test]
    fn medians_keep_their_halves() {
        assert_eq!(median(vec![3, 1, 2]), 2.0);
        assert_eq!(median(vec![4, 1, 2, 3]), 2.5);
        assert_eq!(median(vec![]), 0.0);
    }

    /// An end line: `points` by faction, best first, the winner as the game said.
    fn end_line(winner: Option<u32>, points: &[(u32, u64)], end: End) -> EndLine {
        EndLine {
            ended_in: Some(10),
            winner,
            winner_name: None,
            end: Some(end),
            standings: (points.iter())
                .map(|&(faction, points)| Standing {
                    faction,
                    name: format!("F{faction}"),
                    points,
                })
                .collect(),
            actions: 100,
            hexes: 50,
        }
    }

    fn razed(faction: u32) -> Line {
        let hex = HexView {
            x: 0,
            y: 0,
            z: 0,
            biome: None,
            landmark: None,
            mass: None,
            features: Vec::new(),
        };
        Line::Flag(FlagLine {
            phase: 3,
            hex,
            change: FlagChange::Razed,
            faction,
            faction_name: format!("F{faction}"),
            player: Some(1),
        })
    }

    fn seat(player: u32, faction: u32, bot: &str) -> Seat {
        Seat {
            player,
            faction,
            bot: bot.into(),
        }
    }

    /// Four games of three seats (greedy, greedy, random): faction 0 wins by a lead, factions 0
    /// and 1 tie at the top, all three tie, faction 2 wins at the last phase; three razes.
    fn four_games() -> Balance {
        let ends = [
            end_line(Some(0), &[(1, 9), (0, 4), (2, 1)], End::Lead),
            end_line(None, &[(0, 5), (1, 5), (2, 3)], End::Phases),
            end_line(None, &[(0, 2), (1, 2), (2, 2)], End::Phases),
            end_line(Some(2), &[(2, 7), (0, 3), (1, 1)], End::Phases),
        ];
        let games: Vec<GameStats> = (1u64..)
            .zip(&ends)
            .map(|(seed, end)| {
                let mut g = GameStats::new(seed);
                if seed == 1 {
                    g.see(&razed(1));
                    g.see(&razed(2));
                }
                if seed == 4 {
                    g.see(&razed(0));
                }
                g.end(end);
                g
            })
            .collect();
        let header = GameLine {
            format: super::super::format::FORMAT,
            seed: 1,
            rules: "Aeternus".into(),
            rules_hash: "fnv1a64:0".into(),
            phases: 10,
            sites: true,
            seats: vec![
                seat(0, 0, "greedy"),
                seat(1, 1, "greedy"),
                seat(2, 2, "random"),
            ],
            salt: None,
        };
        Balance::new(&games, &header, |f| format!("F{f}"), &["Flag".into()])
    }

    #[test]
    fn a_tie_shares_its_win_among_the_tied_factions() {
        let t = four_games();
        let wins: Vec<f64> = t.seats.iter().map(|s| s.wins).collect();
        let third = 1.0 / 3.0;
        assert_eq!(wins, [1.0 + 0.5 + third, 0.5 + third, third + 1.0]);
        assert!((wins.iter().sum::<f64>() - 4.0).abs() < 1e-9);
        assert_eq!((t.ties, t.no_winner), (2, 0));
        let text = t.text();
        for part in [
            "wins by seat (4 games; a tie shares its win among the tied factions)",
            "       0  F0                          1.83   45.8%",
            "       1  F1                          0.83   20.8%",
            "       2  F2                          1.33   33.3%",
            "          (ties: the win shared)         2   50.0%",
            "  greedy                            8    2.67   33.3%",
            "  random                            4    1.33   33.3%",
            "  F0                            1    1.83   45.8%",
        ] {
            assert!(text.contains(part), "no `{part}` in:\n{text}");
        }
        assert!(!text.contains("no winner"), "{text}");
    }

    #[test]
    fn the_table_counts_its_ends_and_razes() {
        let t = four_games();
        let ends: Vec<(End, u64)> = t.ends.iter().map(|(&e, &n)| (e, n)).collect();
        assert_eq!(
            ends,
            [
                (End::Phases, 3),
                (End::Target, 0),
                (End::Lead, 1),
                (End::LastStanding, 0)
            ]
        );
        assert_eq!(t.razes_per_game, 0.75);
        let text = t.text();
        for part in [
            "how the games ended\n  last phase                     3   75.0%\n  target                         0    0.0%\n  lead                           1   25.0%\n  last standing                  0    0.0%\n  razes a game                0.75\n",
            "4 games, seeds 1..=4, 3 seats: greedy, greedy, random, 10 phases, rules \"Aeternus\" (fnv1a64:0)",
            "  Flag                                0              -",
        ] {
            assert!(text.contains(part), "no `{part}` in:\n{text}");
        }
    }

    /// The JSON is one object on one line that says what the text does, and reads back whole.
    #[test]
    fn the_json_table_parses_back_with_everything_the_text_has() {
        let t = four_games();
        let json = t.json();
        assert_eq!(json.lines().count(), 1);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["games"], 4);
        assert_eq!(v["seeds"], serde_json::json!({"first": 1, "last": 4}));
        assert_eq!(v["seats"][2]["seat"], 2);
        assert_eq!(v["seats"][2]["bot"], "random");
        assert_eq!(v["seats"][2]["faction_name"], "F2");
        let w = v["seats"][0]["wins"].as_f64().unwrap();
        assert!((w - (1.5 + 1.0 / 3.0)).abs() < 1e-9, "{w}");
        assert_eq!(v["by_faction"][1]["seats"], 1);
        assert_eq!(v["by_bot"]["greedy"]["seat_games"], 8);
        assert_eq!(v["by_bot"]["random"]["seat_games"], 4);
        let greedy = v["by_bot"]["greedy"]["wins"].as_f64().unwrap();
        assert!((greedy - 8.0 / 3.0).abs() < 1e-9, "{greedy}");
        assert_eq!(v["razes_per_game"], 0.75);
        assert_eq!(
            v["ends"],
            serde_json::json!({"phases": 3, "target": 0, "lead": 1, "last_standing": 0})
        );
        assert_eq!(
            (v["ties"].clone(), v["no_winner"].clone()),
            (2.into(), 0.into())
        );
        assert_eq!(v["length"]["phases"]["median"], 10.0);
        assert_eq!(v["length"]["actions"]["least"], 100);
        assert_eq!(v["first_builds"][0]["feature"], "Flag");
        assert_eq!(
            v["first_builds"][0]["median_phase"],
            serde_json::Value::Null
        );
        let back: Balance = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
    }

    /// A game that ends with nobody standing has no winner: the text says so apart.
    #[test]
    fn a_game_with_nobody_standing_has_no_winner() {
        let mut g = GameStats::new(1);
        g.end(&end_line(None, &[], End::Phases));
        assert!(g.winners.is_empty());
        let header = GameLine {
            format: 3,
            seed: 1,
            rules: "R".into(),
            rules_hash: "h".into(),
            phases: 1,
            sites: false,
            seats: vec![seat(0, 0, "random")],
            salt: None,
        };
        let t = Balance::new(&[g], &header, |f| format!("F{f}"), &[]);
        assert_eq!((t.ties, t.no_winner), (0, 1));
        assert!(
            t.text()
                .contains("(nobody stood: no winner)       1  100.0%")
        );
    }
}
