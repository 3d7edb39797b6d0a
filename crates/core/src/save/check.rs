//! Every field of a saved game bounded and checked against the rules it is loaded with, before
//! the world is rebuilt: errors name the file, the field (`players[0].faction`) and the limit.

use std::collections::BTreeSet;

use hexx::Hex;

use super::{
    OLDEST, SaveGame, SavedAdvances, SavedHex, SavedKnowledge, SavedPlayer, SavedVeil, VERSION,
};
use crate::hex::Coord;
use crate::rules::check::MAX_NAME;
use crate::rules::{Rules, RulesError};
use crate::sites::STOOD_ON;
use crate::sites::veil::MAX_SHOWN;
use crate::world::Cause;
use crate::world::limits::{MAX_HEXES, checked_hex};

/// The most players a save may hold.
pub const MAX_PLAYERS: usize = 64;
use crate::play::{
    MAX_COUNTER, MAX_LOG, MAX_PLAYER_ID, PartError, ap_bound, faction_bound, phase_bound,
};
/// The most of one resource a player may hold.
pub const MAX_RESOURCE: u32 = crate::play::MAX_HELD;

/// The error for a save of another format version.
pub fn version(found: u32, source: &str) -> RulesError {
    let why = if found < OLDEST {
        "an older format this game no longer reads"
    } else {
        "a newer format, made by a later game"
    };
    RulesError::new(
        source,
        Some("version".into()),
        format!("is {found}, {why}: this game reads versions {OLDEST} to {VERSION}"),
    )
}

/// Checks every field of `save` against `rules`; `source` names the save.
pub fn fields(save: &SaveGame, rules: &Rules, source: &str) -> Result<(), RulesError> {
    if !(OLDEST..=VERSION).contains(&save.version) {
        return Err(version(save.version, source));
    }
    let check = SaveCheck { rules, source };
    check.names(save)?;
    check.counts(save)?;
    phase_bound(save.phase).map_err(|m| check.err("phase".into(), m))?;
    check.hexes(&save.hexes)?;
    let ids = check.players(&save.players)?;
    for (i, (at, f)) in save.flags.iter().enumerate() {
        check.coord(format!("flags[{i}]"), *at)?;
        check.faction(format!("flags[{i}].faction"), *f)?;
    }
    for (i, at) in save.razed.iter().enumerate() {
        check.coord(format!("razed[{i}]"), *at)?;
    }
    check.knowledge(&save.knowledge)?;
    check.advances(&save.advances)?;
    if let Some(veil) = &save.veil {
        check.veil(veil)?;
    }
    history(&save.history, save.phase, rules).map_err(|(field, m)| check.err(field, m))?;
    for (i, e) in save.log.iter().enumerate() {
        (e.check(rules, &ids)).map_err(|(part, m)| check.err(format!("log[{i}].{part}"), m))?;
    }
    Ok(())
}

/// A save's fields checked against the rules it is loaded with; its errors name the save.
struct SaveCheck<'a> {
    rules: &'a Rules,
    source: &'a str,
}

impl SaveCheck<'_> {
    /// The error for a field of the save: what is wrong with it.
    fn err(&self, field: String, message: String) -> RulesError {
        RulesError::new(self.source, Some(field), message)
    }

    /// A hex of the save, in the world's range.
    fn coord(&self, field: String, c: Coord) -> Result<Hex, RulesError> {
        checked_hex(c).map_err(|m| self.err(field, m))
    }

    /// A faction of the save, one the rules (or the window's seats) know.
    fn faction(&self, field: String, f: u32) -> Result<(), RulesError> {
        faction_bound(self.rules, f).map_err(|m| self.err(field, m))
    }

    /// The save's ids index the names it was made with: the rules must have the same.
    fn names(&self, save: &SaveGame) -> Result<(), RulesError> {
        let now = self.rules.names();
        for ((field, saved), (_, ours)) in save.names.lists().into_iter().zip(now.lists()) {
            if saved != ours {
                return Err(self.err(
                    format!("names.{field}"),
                    format!(
                        "the save was made with {saved:?}, the rules {} have {ours:?}: load it with the rules it was saved with",
                        self.rules.source
                    ),
                ));
            }
        }
        Ok(())
    }

    /// No list of the save longer than a save may hold.
    fn counts(&self, save: &SaveGame) -> Result<(), RulesError> {
        let counts = [
            ("hexes", save.hexes.len(), MAX_HEXES as usize),
            ("players", save.players.len(), MAX_PLAYERS),
            ("flags", save.flags.len(), MAX_HEXES as usize),
            ("razed", save.razed.len(), MAX_HEXES as usize),
            ("knowledge", save.knowledge.len(), MAX_PLAYERS),
            ("advances", save.advances.len(), MAX_PLAYERS),
            ("log", save.log.len(), MAX_LOG),
        ];
        for (field, n, max) in counts {
            if n > max {
                return Err(self.err(
                    field.into(),
                    format!("holds {n} entries; a save holds at most {max}"),
                ));
            }
        }
        Ok(())
    }

    /// A veiled game's shown sites: at most [`MAX_SHOWN`], in rising rank order (each listed
    /// once), each hex in range and each name a name (that it names a site of the site rules is
    /// checked when its sites are shown, [`SaveGame::shown_sites`]).
    fn veil(&self, veil: &SavedVeil) -> Result<(), RulesError> {
        if veil.shown.len() > MAX_SHOWN {
            let why = format!("holds {} entries; at most {MAX_SHOWN}", veil.shown.len());
            return Err(self.err("veil.shown".into(), why));
        }
        let mut last = None;
        for (i, (rank, at, name)) in veil.shown.iter().enumerate() {
            let field = format!("veil.shown[{i}]");
            if last.is_some_and(|l| l >= *rank) {
                let why = format!("rank {rank} does not follow the rank before it");
                return Err(self.err(field, why));
            }
            last = Some(*rank);
            self.coord(field.clone(), *at)?;
            let chars = name.chars().count();
            if chars == 0 || chars > MAX_NAME || name.chars().any(char::is_control) {
                let why = format!(
                    "the name has {chars} characters; a site's name has 1 to {MAX_NAME}, none of them a control character"
                );
                return Err(self.err(field, why));
            }
        }
        Ok(())
    }

    /// What each faction knows: each faction of the rules and listed once, its searches a
    /// count, each hex in range with a depth of at most [`STOOD_ON`] (that each is generated
    /// and listed once is checked against the world, [`knowledge_hexes`]).
    fn knowledge(&self, knowledge: &[SavedKnowledge]) -> Result<(), RulesError> {
        let mut factions = BTreeSet::new();
        for (i, k) in knowledge.iter().enumerate() {
            let field = format!("knowledge[{i}]");
            self.faction(format!("{field}.faction"), k.faction)?;
            if !factions.insert(k.faction) {
                let why = format!("faction {} is listed twice", k.faction);
                return Err(self.err(format!("{field}.faction"), why));
            }
            if k.searches > MAX_COUNTER {
                let why = format!("is {}; a count stops at {MAX_COUNTER}", k.searches);
                return Err(self.err(format!("{field}.searches"), why));
            }
            if k.hexes.len() > MAX_HEXES as usize {
                let why = format!("holds {} entries; at most {MAX_HEXES}", k.hexes.len());
                return Err(self.err(format!("{field}.hexes"), why));
            }
            for (j, (at, depth)) in k.hexes.iter().enumerate() {
                self.coord(format!("{field}.hexes[{j}]"), *at)?;
                if *depth > STOOD_ON {
                    let why =
                        format!("the depth is {depth}; a hex is looked over to 0..={STOOD_ON}");
                    return Err(self.err(format!("{field}.hexes[{j}]"), why));
                }
            }
        }
        Ok(())
    }

    /// Each faction's advances: each faction of the rules and listed once, each advance one the
    /// rules name, held once, and bought after the one it needs.
    fn advances(&self, advances: &[SavedAdvances]) -> Result<(), RulesError> {
        let mut factions = BTreeSet::new();
        for (i, a) in advances.iter().enumerate() {
            let field = format!("advances[{i}]");
            self.faction(format!("{field}.faction"), a.faction)?;
            if !factions.insert(a.faction) {
                let why = format!("faction {} is listed twice", a.faction);
                return Err(self.err(format!("{field}.faction"), why));
            }
            let mut held = Vec::new();
            for (j, name) in a.bought.iter().enumerate() {
                let at = format!("{field}.bought[{j}]");
                let Some(id) = self.rules.advance(name) else {
                    let why = format!("the rules {} have no advance {name:?}", self.rules.source);
                    return Err(self.err(at, why));
                };
                let spec = &self.rules.play.advances[id.0 as usize];
                if held.contains(&id) {
                    return Err(self.err(at, format!("{name:?} is bought twice")));
                }
                if let Some(n) = spec.needs.filter(|n| !held.contains(n)) {
                    let why = format!(
                        "{name:?} needs {} bought before it",
                        self.rules.advance_name(n)
                    );
                    return Err(self.err(at, why));
                }
                held.push(id);
            }
        }
        Ok(())
    }

    /// Every hex in range and of the rules, the origin first (and a world holds it at least).
    fn hexes(&self, hexes: &[SavedHex]) -> Result<(), RulesError> {
        let features_mask = (1u64 << self.rules.features.len()) - 1;
        for (i, h) in hexes.iter().enumerate() {
            let at = self.coord(format!("hexes[{i}].at"), h.at)?;
            if let Some((field, message)) = self.hex_fault(i, h, at, features_mask) {
                return Err(self.err(format!("hexes[{i}].{field}"), message));
            }
        }
        if hexes.is_empty() {
            return Err(self.err(
                "hexes".into(),
                "holds no hex: the origin comes first".into(),
            ));
        }
        Ok(())
    }

    /// What is wrong with the `i`th hex, found `at`, if anything: the field and why.
    fn hex_fault(
        &self,
        i: usize,
        h: &SavedHex,
        at: Hex,
        features_mask: u64,
    ) -> Option<(&'static str, String)> {
        let rules = self.rules;
        if i == 0 && at != Hex::ZERO {
            Some((
                "at",
                format!("is {}; the origin (0, 0, 0) comes first", h.at),
            ))
        } else if (i == 0) != (h.cause == Cause::Origin) {
            Some((
                "cause",
                "the origin, and only the origin, comes first".into(),
            ))
        } else if h.biome as usize >= rules.biomes.len() {
            Some((
                "biome",
                format!(
                    "{} is no biome of the rules (0 to {})",
                    h.biome,
                    rules.biomes.len() - 1
                ),
            ))
        } else if h.landmark as usize >= rules.landmarks.len() {
            Some((
                "landmark",
                format!(
                    "{} is no landmark of the rules (0 to {})",
                    h.landmark,
                    rules.landmarks.len() - 1
                ),
            ))
        } else if h.features as u64 & !features_mask != 0 {
            Some((
                "features",
                format!(
                    "{:#b} names no feature: the rules have {}",
                    h.features,
                    rules.features.len()
                ),
            ))
        } else {
            None
        }
    }

    /// Every player checked; the players' ids, which the log's entries must name.
    fn players(&self, players: &[SavedPlayer]) -> Result<BTreeSet<u32>, RulesError> {
        let mut ids = BTreeSet::new();
        for (i, p) in players.iter().enumerate() {
            self.player(i, p, &mut ids)?;
        }
        Ok(ids)
    }

    /// The `i`th player: an id of its own in range, a name, a faction, a place, action points,
    /// holdings and moves within the rules; its id joins `ids`.
    fn player(&self, i: usize, p: &SavedPlayer, ids: &mut BTreeSet<u32>) -> Result<(), RulesError> {
        let field = |name: &str| format!("players[{i}].{name}");
        if p.id > MAX_PLAYER_ID {
            return Err(self.err(
                field("id"),
                format!("{} is past the largest player id, {MAX_PLAYER_ID}", p.id),
            ));
        }
        if !ids.insert(p.id) {
            return Err(self.err(field("id"), format!("{} is taken", p.id)));
        }
        let chars = p.name.chars().count();
        if chars > MAX_NAME || p.name.chars().any(char::is_control) {
            return Err(self.err(
                field("name"),
                format!(
                    "has {chars} characters; a name has at most {MAX_NAME}, none of them a control character"
                ),
            ));
        }
        self.faction(field("faction"), p.faction)?;
        self.coord(field("at"), p.at)?;
        ap_bound(p.ap).map_err(|m| self.err(field("ap"), m))?;
        self.resources(i, p)?;
        if p.moves > MAX_COUNTER {
            return Err(self.err(
                field("moves"),
                format!("is {}; at most {MAX_COUNTER}", p.moves),
            ));
        }
        Ok(())
    }

    /// The `i`th player's holdings: resources of the rules, none past what a player may hold.
    fn resources(&self, i: usize, p: &SavedPlayer) -> Result<(), RulesError> {
        let rules = self.rules;
        for (name, &n) in &p.resources {
            if !rules.resources.contains(name) {
                return Err(self.err(
                    format!("players[{i}].resources.{name}"),
                    format!(
                        "is no resource of the rules ({})",
                        rules.resources.join(", ")
                    ),
                ));
            }
            if n > MAX_RESOURCE {
                return Err(self.err(
                    format!("players[{i}].resources.{name}"),
                    format!("is {n}; a player holds at most {MAX_RESOURCE}"),
                ));
            }
        }
        Ok(())
    }
}

/// The razed hexes against the world: each generated, listed once, and without a flag (a razed
/// hex has none until it is reclaimed). Their coordinates are in range ([`fields`]).
pub fn razed(save: &SaveGame, world: &crate::world::HexWorld) -> Result<(), (String, String)> {
    let flagged: std::collections::HashSet<hexx::Hex> =
        save.flags.iter().map(|f| f.0.to_hex()).collect();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in save.razed.iter().enumerate() {
        let h = c.to_hex();
        let why = if world.get(h).is_none() {
            "is not generated"
        } else if flagged.contains(&h) {
            "has a flag: a razed hex has none until it is reclaimed"
        } else if !seen.insert(h) {
            "is listed twice"
        } else {
            continue;
        };
        return Err((format!("razed[{i}]"), format!("{c} {why}")));
    }
    Ok(())
}

/// Each faction's known hexes against the world: each generated and listed once. Their
/// coordinates and depths are in range ([`fields`]).
pub fn knowledge_hexes(
    save: &SaveGame,
    world: &crate::world::HexWorld,
) -> Result<(), (String, String)> {
    for (i, k) in save.knowledge.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        for (j, (c, _)) in k.hexes.iter().enumerate() {
            let h = c.to_hex();
            let why = if world.get(h).is_none() {
                "is not generated"
            } else if !seen.insert(h) {
                "is listed twice"
            } else {
                continue;
            };
            return Err((format!("knowledge[{i}].hexes[{j}]"), format!("{c} {why}")));
        }
    }
    Ok(())
}

/// The score history: at most [`crate::play::MAX_HISTORY`] rows, phases in order and none past
/// the save's, each row's factions in range and listed once, the stride at most
/// [`MAX_COUNTER`].
fn history(h: &crate::play::ScoreHistory, phase: u32, rules: &Rules) -> Result<(), PartError> {
    let rows = h.rows();
    let max = crate::play::MAX_HISTORY;
    if rows.len() > max {
        let n = rows.len();
        return Err((
            "history.rows".into(),
            format!("holds {n} rows; at most {max}"),
        ));
    }
    if h.stride() > MAX_COUNTER {
        return Err(("history.stride".into(), format!("is past {MAX_COUNTER}")));
    }
    let mut last = 0;
    for (i, row) in rows.iter().enumerate() {
        let field = format!("history.rows[{i}]");
        if row.phase < last || row.phase > phase {
            let why = format!(
                "phase {} is out of order or past the save's {phase}",
                row.phase
            );
            return Err((format!("{field}.phase"), why));
        }
        last = row.phase;
        let mut seen = BTreeSet::new();
        for s in &row.points {
            faction_bound(rules, s.faction.0).map_err(|m| (format!("{field}.points"), m))?;
            if !seen.insert(s.faction) {
                let why = format!("faction {} is listed twice", s.faction.0);
                return Err((format!("{field}.points"), why));
            }
        }
    }
    Ok(())
}
