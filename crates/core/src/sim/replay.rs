//! `aeternus replay LOG`: a game played again from its log. The logged actions (not the bots)
//! go into the same pipeline as [`Action`] messages, recorded as `sim` records them, and every
//! line recorded must be the log's: the first that is not is reported with its line number.

use std::path::Path;

use bevy::prelude::*;
use serde_json::Value;

use super::format::{FORMAT, GameLine, Line, OLDEST_FORMAT};
use super::game::{self, Setup};
use crate::headless::Fault;
use crate::play::Action;
use crate::rules::Rules;
use crate::sites::Veil;

/// The largest log read (as the largest save).
pub const MAX_LOG_FILE: u64 = crate::capped::MAX_SAVE_FILE;

/// Actions fed a frame: the rules settle them one by one, as a bot's are.
pub const FEED: usize = 64;

/// A log read and checked line by line: the game line, the lines between (each line's number
/// and place in the text: parsed again when replayed, so a large log costs its text, not its
/// parsed lines) and the end line.
pub struct Log {
    pub source: String,
    pub game: GameLine,
    text: String,
    body: Vec<(usize, std::ops::Range<usize>)>,
    /// The end line and its number; none for an unfinished game's log (a server's journal
    /// after a crash), which replays as far as it goes.
    pub end: Option<(usize, Value)>,
}

fn bad(source: &str, line: usize, message: impl std::fmt::Display) -> Fault {
    Fault::BadInput(format!("{source}:{line}: {message}"))
}

impl Log {
    /// Reads a log: a regular file of at most [`MAX_LOG_FILE`] bytes, one JSON object a line,
    /// the game line first and the end line last (or none: an unfinished game). Nothing is
    /// played yet.
    pub fn read(path: &Path) -> Result<Log, Fault> {
        let source = path.display().to_string();
        // Asked first, so a log past the cap is refused without reading it.
        if let Ok(meta) = std::fs::metadata(path)
            && meta.is_file()
            && meta.len() > MAX_LOG_FILE
        {
            return Err(Fault::BadInput(format!(
                "{source}: the log is {} bytes, larger than the limit of {MAX_LOG_FILE} bytes",
                meta.len()
            )));
        }
        let text = crate::capped::read_capped(path, MAX_LOG_FILE)
            .map_err(|e| Fault::BadInput(format!("{source}: the log {e}")))?;
        Self::parse_owned(text, &source)
    }

    pub fn parse(text: &str, source: &str) -> Result<Log, Fault> {
        Self::parse_owned(text.to_string(), source)
    }

    fn parse_owned(text: String, source: &str) -> Result<Log, Fault> {
        let mut at = 0;
        let mut lines = text.split('\n').enumerate().map(|(i, l)| {
            let start = at;
            at += l.len() + 1;
            (i + 1, start..start + l.len(), l)
        });
        let (_, _, first) = lines.next().unwrap_or((1, 0..0, ""));
        let game = game_line(first, source)?;
        let mut body = Vec::new();
        let mut end = None;
        for (n, place, text) in lines {
            if text.is_empty() {
                // Only the line break that ends the last line.
                continue;
            }
            if let Some((e, _)) = &end {
                return Err(bad(
                    source,
                    n,
                    format!("the log goes on after its end line (line {e})"),
                ));
            }
            match body_kind(text, n, source)? {
                BodyLine::Step => body.push((n, place)),
                BodyLine::End(raw) => end = Some((n, raw)),
            }
        }
        Ok(Log {
            source: source.to_string(),
            game,
            text,
            body,
            end,
        })
    }

    /// Checks the game line against the rules the log is replayed with; the game to play again.
    pub fn setup(&self, rules: Rules, rules_hash: &str) -> Result<Setup, Fault> {
        checked_setup(&self.game, rules, rules_hash, &self.source)
    }

    /// The actions to feed, each with the line it comes from.
    pub fn actions(&self, rules: &Rules) -> Result<Vec<(usize, Action)>, Fault> {
        let mut out = Vec::new();
        for (n, place) in &self.body {
            let line: Line = serde_json::from_str(&self.text[place.clone()])
                .map_err(|e| bad(&self.source, *n, e))?;
            if let Line::Action(a) = line
                && let Some(action) = a.action(rules).map_err(|m| bad(&self.source, *n, m))?
            {
                out.push((*n, action));
            }
        }
        Ok(out)
    }

    /// The `i`-th line between the game line and the end line: its number and its value.
    fn body_line(&self, i: usize) -> Option<(usize, Value)> {
        let (n, place) = self.body.get(i)?;
        let v = serde_json::from_str(&self.text[place.clone()]).expect("checked as JSON when read");
        Some((*n, v))
    }
}

/// The log's first line, the game line: of this game's format (asked first: a log of another
/// format may have other fields), then read whole.
fn game_line(first: &str, source: &str) -> Result<GameLine, Fault> {
    let head: Value = serde_json::from_str(first)
        .map_err(|e| bad(source, 1, format!("the game line is not JSON: {e}")))?;
    match head.get("format").and_then(Value::as_u64) {
        Some(f) if (OLDEST_FORMAT as u64..=FORMAT as u64).contains(&f) => {}
        Some(f) => {
            return Err(bad(
                source,
                1,
                format!(
                    "field `format`: the log is of format {f}; this game reads formats {OLDEST_FORMAT} to {FORMAT}"
                ),
            ));
        }
        None => {
            return Err(bad(
                source,
                1,
                format!(
                    "field `format`: the first line must be the game line, with the format ({FORMAT})"
                ),
            ));
        }
    }
    match serde_json::from_value::<Line>(head) {
        Ok(Line::Game(g)) => Ok(g),
        Ok(_) => Err(bad(source, 1, "the first line must be the game line")),
        Err(e) => Err(bad(source, 1, format!("the game line: {e}"))),
    }
}

/// What a line after the game line is.
enum BodyLine {
    /// An action or a hex: parsed whole when replayed.
    Step,
    /// The end line, read whole.
    End(Value),
}

/// Line `n` after the game line: JSON, of a kind a log's body holds. Its kind now; every field
/// when its actions are taken (`Log::actions`), still before anything is played.
fn body_kind(text: &str, n: usize, source: &str) -> Result<BodyLine, Fault> {
    let raw: Value = serde_json::from_str(text).map_err(|e| {
        bad(
            source,
            n,
            format!("the line is not JSON (a truncated log?): {e}"),
        )
    })?;
    match raw.get("kind").and_then(Value::as_str) {
        Some("game") => Err(bad(source, n, "a second game line")),
        Some("end") => {
            serde_json::from_value::<Line>(raw.clone()).map_err(|e| bad(source, n, e))?;
            Ok(BodyLine::End(raw))
        }
        Some("action" | "hex" | "flag") => Ok(BodyLine::Step),
        _ => Err(bad(
            source,
            n,
            "field `kind`: must be `action`, `hex`, `flag` or `end`",
        )),
    }
}

/// The fields in the order a difference is reported.
const FIELDS: [&str; 19] = [
    "kind",
    "phase",
    "player",
    "faction",
    "action",
    "feature",
    "from",
    "to",
    "outcome",
    "reason",
    "landed",
    "ap_left",
    "hex",
    "change",
    "cause",
    "ended_in",
    "winner",
    "end",
    "standings",
];

/// Where two lines differ: the first field (the line's own order), with both values.
fn difference(logged: &Value, replayed: &Value) -> Option<String> {
    if logged == replayed {
        return None;
    }
    let (Some(l), Some(r)) = (logged.as_object(), replayed.as_object()) else {
        return Some(format!(
            "the log says {logged}, the replay gives {replayed}"
        ));
    };
    let mut keys: Vec<&str> = FIELDS.to_vec();
    keys.extend(l.keys().chain(r.keys()).map(String::as_str));
    for k in keys {
        let (a, b) = (l.get(k), r.get(k));
        if a != b {
            let show = |v: Option<&Value>| v.map_or("nothing".to_string(), Value::to_string);
            return Some(format!(
                "field `{k}`: the log says {}, the replay gives {}",
                show(a),
                show(b)
            ));
        }
    }
    None
}

/// Checks a game line (a log's, or a server's welcome) against the rules it is to be played
/// with; the game it describes. `source` names where the line came from in the errors.
pub fn checked_setup(
    g: &GameLine,
    mut rules: Rules,
    rules_hash: &str,
    source: &str,
) -> Result<Setup, Fault> {
    let err = |m: String| bad(source, 1, m);
    if g.rules_hash != rules_hash {
        return Err(err(format!(
            "field `rules_hash`: the log was played with other rules ({:?}, {}); these are {:?}, {rules_hash}: replay it with the rules it was played with (--rules FILE)",
            g.rules, g.rules_hash, rules.name
        )));
    }
    if !(1..=super::MAX_PHASES).contains(&g.phases) {
        return Err(err(format!(
            "field `phases`: is {}; must lie in 1..={}",
            g.phases,
            super::MAX_PHASES
        )));
    }
    let n = g.seats.len() as u32;
    if !(1..=super::MAX_PLAYERS).contains(&n) {
        return Err(err(format!(
            "field `seats`: {n} seats; a game seats 1..={}",
            super::MAX_PLAYERS
        )));
    }
    for (i, s) in g.seats.iter().enumerate() {
        let f = game::seat_faction(&rules, i as u32);
        if s.player != i as u32 || s.faction != f {
            return Err(err(format!(
                "field `seats[{i}]`: player {} of faction {}; seat {i} is player {i} of faction {f}",
                s.player, s.faction
            )));
        }
    }
    rules.play.goal.phases = g.phases;
    let setup = Setup {
        rules,
        rules_hash: rules_hash.to_string(),
        seed: g.seed,
        seats: g.seats.clone(),
        veil: g.salt.map(Veil::salted),
    };
    if setup.header().sites != g.sites {
        return Err(err(format!(
            "field `sites`: the log says {}; these rules give {}",
            g.sites,
            setup.header().sites
        )));
    }
    Ok(setup)
}

/// Plays the log's actions again, checking every line as it is recorded; returns the app, the
/// game over (or, for an unfinished log, as far as it went), for a save.
pub fn replay(log: &Log, setup: &Setup) -> Result<App, Fault> {
    replay_keeping(log, setup).map(|(app, _)| app)
}

/// [`replay`], and the lines the replay recorded (an unfinished log's lines, and any its last
/// frame recorded that the log did not keep).
pub fn replay_keeping(log: &Log, setup: &Setup) -> Result<(App, Vec<Line>), Fault> {
    let actions = log.actions(&setup.rules)?;
    let mut app = setup.app(false);
    let mut checked = 0;
    let mut kept = Vec::new();
    let mut check = |app: &mut App, checked: &mut usize| -> Result<(), Fault> {
        for line in game::take_lines(app) {
            let replayed = serde_json::to_value(&line).expect("a line serialises");
            let Some((n, logged)) = log.body_line(*checked) else {
                let Some((end, _)) = &log.end else {
                    // An unfinished log stops where its writer stopped, perhaps mid-frame.
                    kept.push(line);
                    continue;
                };
                return Err(bad(
                    &log.source,
                    *end,
                    format!(
                        "the replay diverges: it goes on past the log's last line with {replayed}"
                    ),
                ));
            };
            if let Some(d) = difference(&logged, &replayed) {
                return Err(bad(
                    &log.source,
                    n,
                    format!("the replay diverges from the log: {d}"),
                ));
            }
            *checked += 1;
            kept.push(line);
        }
        Ok(())
    };
    check(&mut app, &mut checked)?;
    for chunk in actions.chunks(FEED) {
        for (_, a) in chunk {
            app.world_mut().write_message(a.clone());
        }
        app.update();
        check(&mut app, &mut checked)?;
    }
    if let Some((n, _)) = log.body_line(checked) {
        return Err(bad(
            &log.source,
            n,
            "the replay diverges from the log: the replay has no such line",
        ));
    }
    let Some((end, logged)) = &log.end else {
        return Ok((app, kept));
    };
    let replayed =
        serde_json::to_value(Line::End(game::end_line(&app))).expect("a line serialises");
    if let Some(d) = difference(logged, &replayed) {
        return Err(bad(
            &log.source,
            *end,
            format!("the replay diverges from the log's end: {d}"),
        ));
    }
    Ok((app, kept))
}
