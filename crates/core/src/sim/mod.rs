//! Headless games and their logs: a game of bots played without a window ([`game`]), written
//! as JSON Lines ([`format`]) recorded inside the rules' pipeline ([`record`]); many games'
//! balance table ([`balance`]); a log's actions played again, every line checked ([`replay`]).
//! The command line's `sim` and `replay` (`aeternus::cli::sim`) drive them.

pub mod balance;
pub mod format;
pub mod game;
pub mod record;
pub mod replay;

#[cfg(test)]
mod tests;

use std::path::Path;

use crate::headless::{Fault, rules_kind};
use crate::rules::{DEFAULT_AETERNUS, DEFAULT_AETERNUS_NAME, Rules};

/// The most seats a recorded game has (a save holds at most 64 players).
pub const MAX_PLAYERS: u32 = 64;
/// The longest game (the rules' own limit for `play.goal.phases`).
pub const MAX_PHASES: u32 = 1_000_000;
/// The most games one `--games` run plays.
pub const MAX_GAMES: u64 = 1_000_000;

/// The Aeternus rules a `--rules` value names, and the hash of their text as loaded.
pub fn load_rules(value: &str) -> Result<(Rules, String), Fault> {
    let loaded = load_rules_text(value)?;
    Ok((loaded.rules, loaded.hash))
}

/// A ruleset as a recorded or an online game loads it: the rules, the hash of their text, and
/// the text itself (what a server sends its clients).
#[derive(Debug, Clone)]
pub struct LoadedRules {
    pub rules: Rules,
    pub hash: String,
    pub text: String,
}

/// The Aeternus rules a `--rules` value names: `aeternus` (the embedded default), a mod's
/// folder (its `rules/aeternus.ron`) or a rule file.
pub fn load_rules_text(value: &str) -> Result<LoadedRules, Fault> {
    let (text, source) = match value {
        "aeternus" => (
            DEFAULT_AETERNUS.to_string(),
            DEFAULT_AETERNUS_NAME.to_string(),
        ),
        "storm" => {
            return Err(Fault::BadInput(
                "--rules storm: a recorded game plays the Aeternus rules (or a mod of them)".into(),
            ));
        }
        folder if Path::new(folder).is_dir() => {
            let file = Path::new(folder).join("rules/aeternus.ron");
            if !file.is_file() {
                return Err(Fault::BadInput(format!(
                    "{folder}: a mod's folder without Aeternus rules (rules/aeternus.ron)"
                )));
            }
            crate::rules::read_rule_file(&file)?
        }
        path => crate::rules::read_rule_file(Path::new(path))?,
    };
    rules_of_text(text, &source)
}

/// Aeternus rules from their text (a file's, or a server's), `source` naming it in errors.
pub fn rules_of_text(text: String, source: &str) -> Result<LoadedRules, Fault> {
    if rules_kind(&text) == Some("Storm") {
        return Err(Fault::BadInput(format!(
            "{source}: a recorded game plays the Aeternus rules (or a mod of them), not the storm's"
        )));
    }
    let rules = Rules::from_str(&text, source)?;
    Ok(LoadedRules {
        rules,
        hash: format::rules_hash(&text),
        text,
    })
}
