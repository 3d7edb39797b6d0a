//! The balance table of `sim --games N`: wins by seat and by faction, the games' length, and
//! when each feature is first built.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::format::{EndLine, Line, Outcome, Seat};

/// What one game tells the table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameStats {
    pub seed: u64,
    /// The winning faction; none on a tie.
    pub winner: Option<u32>,
    pub ended_in: u32,
    pub actions: u64,
    /// Feature -> the phase of its first build.
    pub first_builds: BTreeMap<String, u32>,
}

impl GameStats {
    pub fn new(seed: u64) -> Self {
        Self { seed, ..default() }
    }

    /// Takes in a line as the game records it.
    pub fn see(&mut self, line: &Line) {
        if let Line::Action(a) = line
            && a.outcome == Outcome::Built
            && let Some(super::format::FeatureName::Name(f)) = &a.feature
        {
            self.first_builds.entry(f.clone()).or_insert(a.phase);
        }
    }

    pub fn end(&mut self, end: &EndLine) {
        self.winner = end.winner;
        self.ended_in = end.ended_in.unwrap_or(0);
        self.actions = end.actions;
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

fn share(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// The table as text. `faction_name` names a faction; `features` are the rules' features in
/// order (a feature never built is listed too).
pub fn render(
    games: &[GameStats],
    seats: &[Seat],
    faction_name: impl Fn(u32) -> String,
    features: &[String],
) -> String {
    let mut t = String::new();
    wins_by_seat(&mut t, games, seats, &faction_name);
    wins_by_faction(&mut t, games, seats, &faction_name);
    game_length(&mut t, games);
    first_builds(&mut t, games, features);
    t
}

/// The games `f` won.
fn wins(games: &[GameStats], f: u32) -> usize {
    games.iter().filter(|g| g.winner == Some(f)).count()
}

/// The factions seated, each once, in order.
fn seated_factions(seats: &[Seat]) -> Vec<u32> {
    let mut factions: Vec<u32> = seats.iter().map(|s| s.faction).collect();
    factions.sort_unstable();
    factions.dedup();
    factions
}

/// Each seat's wins, then the ties (and a note when seats share a faction, whose wins count
/// for each of them).
fn wins_by_seat(
    t: &mut String,
    games: &[GameStats],
    seats: &[Seat],
    faction_name: &impl Fn(u32) -> String,
) {
    let n = games.len();
    let ties = games.iter().filter(|g| g.winner.is_none()).count();
    let _ = writeln!(t, "wins by seat ({n} games)");
    let _ = writeln!(
        t,
        "  {:>6}  {:<24} {:>7} {:>7}",
        "player", "faction", "wins", "share"
    );
    for s in seats {
        let w = wins(games, s.faction);
        let _ = writeln!(
            t,
            "  {:>6}  {:<24} {:>7} {:>6.1}%",
            s.player,
            faction_name(s.faction),
            w,
            share(w, n)
        );
    }
    let _ = writeln!(
        t,
        "  {:>6}  {:<24} {:>7} {:>6.1}%",
        "",
        "(tie: no winner)",
        ties,
        share(ties, n)
    );
    if seated_factions(seats).len() < seats.len() {
        let _ = writeln!(
            t,
            "  (seats share factions: a faction's win counts for each of its seats)"
        );
    }
}

/// Each seated faction's seats and wins.
fn wins_by_faction(
    t: &mut String,
    games: &[GameStats],
    seats: &[Seat],
    faction_name: &impl Fn(u32) -> String,
) {
    let n = games.len();
    let _ = writeln!(t, "wins by faction");
    let _ = writeln!(
        t,
        "  {:<24} {:>6} {:>7} {:>7}",
        "faction", "seats", "wins", "share"
    );
    for f in seated_factions(seats) {
        let w = wins(games, f);
        let held = seats.iter().filter(|s| s.faction == f).count();
        let _ = writeln!(
            t,
            "  {:<24} {:>6} {:>7} {:>6.1}%",
            faction_name(f),
            held,
            w,
            share(w, n)
        );
    }
}

/// How long the games ran, in phases and in actions: the least, the median and the most.
fn game_length(t: &mut String, games: &[GameStats]) {
    let phases: Vec<u64> = games.iter().map(|g| g.ended_in as u64).collect();
    let actions: Vec<u64> = games.iter().map(|g| g.actions).collect();
    let range = |v: &[u64]| {
        format!(
            "{} / {} / {}",
            v.iter().min().unwrap_or(&0),
            median(v.to_vec()),
            v.iter().max().unwrap_or(&0)
        )
    };
    let _ = writeln!(t, "game length (least / median / most)");
    let _ = writeln!(t, "  phases   {}", range(&phases));
    let _ = writeln!(t, "  actions  {}", range(&actions));
}

/// Each feature of the rules: in how many games it was built, and the median phase it was
/// first built in.
fn first_builds(t: &mut String, games: &[GameStats], features: &[String]) {
    let _ = writeln!(t, "first build, by feature");
    let _ = writeln!(
        t,
        "  {:<24} {:>12} {:>14}",
        "feature", "games built", "median phase"
    );
    for f in features {
        let firsts: Vec<u64> = (games.iter())
            .filter_map(|g| g.first_builds.get(f).map(|&p| p as u64))
            .collect();
        let med = if firsts.is_empty() {
            "-".to_string()
        } else {
            median(firsts.clone()).to_string()
        };
        let _ = writeln!(t, "  {:<24} {:>12} {:>14}", f, firsts.len(), med);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_keep_their_halves() {
        assert_eq!(median(vec![3, 1, 2]), 2.0);
        assert_eq!(median(vec![4, 1, 2, 3]), 2.5);
        assert_eq!(median(vec![]), 0.0);
    }
}
