//! Every field of a saved game bounded and checked against the rules it is loaded with, before
//! the world is rebuilt: errors name the file, the field (`players[0].faction`) and the limit.

use std::collections::BTreeSet;

use hexx::Hex;

use super::{SaveGame, VERSION};
use crate::hex::Coord;
use crate::play::{Action, PlayEvent, PlayerId, Refusal};
use crate::rules::check::MAX_NAME;
use crate::rules::check::aeternus::MAX_AP;
use crate::rules::{Rules, RulesError};
use crate::world::Cause;
use crate::world::limits::{MAX_HEXES, checked_hex};

/// The most players a save may hold.
pub const MAX_PLAYERS: usize = 64;
/// The largest player id.
pub const MAX_PLAYER_ID: u32 = 1 << 16;
// Factions are indices below the rules' faction count or `MAX_SEATS`, whichever is larger:
// the window seats that many players, those past the rules' list included.
use crate::play::{MAX_COUNTER, MAX_LOG, MAX_SEATS};
/// The most of one resource a player may hold.
pub const MAX_RESOURCE: u32 = crate::play::MAX_HELD;

/// The error for a save of another format version.
pub fn version(found: u32, source: &str) -> RulesError {
    let why = if found < VERSION {
        "an older format this game no longer reads"
    } else {
        "a newer format, made by a later game"
    };
    RulesError::new(
        source,
        Some("version".into()),
        format!("is {found}, {why}: this game reads version {VERSION} only"),
    )
}

/// Checks every field of `save` against `rules`; `source` names the save.
pub fn fields(save: &SaveGame, rules: &Rules, source: &str) -> Result<(), RulesError> {
    let err = |field: String, message: String| RulesError::new(source, Some(field), message);
    if save.version != VERSION {
        return Err(version(save.version, source));
    }
    let now = rules.names();
    for ((field, saved), (_, ours)) in save.names.lists().into_iter().zip(now.lists()) {
        if saved != ours {
            return Err(err(
                format!("names.{field}"),
                format!(
                    "the save was made with {saved:?}, the rules {} have {ours:?}: load it with the rules it was saved with",
                    rules.source
                ),
            ));
        }
    }
    let counts = [
        ("hexes", save.hexes.len(), MAX_HEXES as usize),
        ("players", save.players.len(), MAX_PLAYERS),
        ("flags", save.flags.len(), MAX_HEXES as usize),
        ("log", save.log.len(), MAX_LOG),
    ];
    for (field, n, max) in counts {
        if n > max {
            return Err(err(
                field.into(),
                format!("holds {n} entries; a save holds at most {max}"),
            ));
        }
    }
    phase(save.phase).map_err(|m| err("phase".into(), m))?;
    let coord = |field: String, c: Coord| checked_hex(c).map_err(|m| err(field, m));

    let features_mask = (1u64 << rules.features.len()) - 1;
    for (i, h) in save.hexes.iter().enumerate() {
        let at = coord(format!("hexes[{i}].at"), h.at)?;
        let bad = if i == 0 && at != Hex::ZERO {
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
        };
        if let Some((field, message)) = bad {
            return Err(err(format!("hexes[{i}].{field}"), message));
        }
    }
    if save.hexes.is_empty() {
        return Err(err(
            "hexes".into(),
            "holds no hex: the origin comes first".into(),
        ));
    }

    let faction = |field: String, f: u32| faction(rules, f).map_err(|m| err(field, m));
    let mut ids = BTreeSet::new();
    for (i, p) in save.players.iter().enumerate() {
        let field = |name: &str| format!("players[{i}].{name}");
        if p.id > MAX_PLAYER_ID {
            return Err(err(
                field("id"),
                format!("{} is past the largest player id, {MAX_PLAYER_ID}", p.id),
            ));
        }
        if !ids.insert(p.id) {
            return Err(err(field("id"), format!("{} is taken", p.id)));
        }
        let chars = p.name.chars().count();
        if chars > MAX_NAME || p.name.chars().any(char::is_control) {
            return Err(err(
                field("name"),
                format!(
                    "has {chars} characters; a name has at most {MAX_NAME}, none of them a control character"
                ),
            ));
        }
        faction(field("faction"), p.faction)?;
        coord(field("at"), p.at)?;
        ap(p.ap).map_err(|m| err(field("ap"), m))?;
        for (name, &n) in &p.resources {
            if !rules.resources.contains(name) {
                return Err(err(
                    format!("players[{i}].resources.{name}"),
                    format!(
                        "is no resource of the rules ({})",
                        rules.resources.join(", ")
                    ),
                ));
            }
            if n > MAX_RESOURCE {
                return Err(err(
                    format!("players[{i}].resources.{name}"),
                    format!("is {n}; a player holds at most {MAX_RESOURCE}"),
                ));
            }
        }
        if p.moves > MAX_COUNTER {
            return Err(err(
                field("moves"),
                format!("is {}; at most {MAX_COUNTER}", p.moves),
            ));
        }
    }
    for (i, (at, f)) in save.flags.iter().enumerate() {
        coord(format!("flags[{i}]"), *at)?;
        faction(format!("flags[{i}].faction"), *f)?;
    }
    for (i, e) in save.log.iter().enumerate() {
        event(e, rules, &ids).map_err(|(part, m)| err(format!("log[{i}].{part}"), m))?;
    }
    Ok(())
}

/// Checks one log entry: its hexes in the world's range, its players among the save's (a refused
/// action may name any id in range: refusing unknown players is what it logs), its factions,
/// features, biomes and resources the rules'. Errs with the part of the entry and why.
fn event(e: &PlayEvent, rules: &Rules, ids: &BTreeSet<u32>) -> Result<(), (String, String)> {
    use PlayEvent::*;
    let coord = |part: &str, c: &Coord| checked_hex(*c).map(|_| ()).map_err(|m| (part.into(), m));
    let player = |p: &PlayerId| {
        if ids.contains(&p.0) {
            Ok(())
        } else {
            Err(("player".into(), format!("{} is no player of the save", p.0)))
        }
    };
    let ap = |n: &u32| ap(*n).map_err(|m| ("ap".into(), m));
    let faction = |f: u32| faction(rules, f).map_err(|m| ("faction".into(), m));
    let feature = |part: &str, f: u8| {
        if (f as usize) < rules.features.len() {
            Ok(())
        } else {
            Err((
                part.into(),
                format!(
                    "{f} is no feature of the rules (they have {})",
                    rules.features.len()
                ),
            ))
        }
    };
    let amounts = |yields: &std::collections::BTreeMap<String, u32>| {
        for (r, &n) in yields {
            if !rules.resources.contains(r) {
                return Err((
                    "yields".into(),
                    format!("{r:?} is no resource of the rules"),
                ));
            }
            if n > MAX_RESOURCE {
                return Err(("yields".into(), format!("{n} {r} is past {MAX_RESOURCE}")));
            }
        }
        Ok(())
    };
    match e {
        Moved {
            player: p,
            from,
            to,
            ap: n,
        } => {
            player(p)?;
            coord("from", from)?;
            coord("to", to)?;
            ap(n)
        }
        Blown {
            player: p,
            from,
            to,
        }
        | Travelled {
            player: p,
            from,
            to,
        } => {
            player(p)?;
            coord("from", from)?;
            coord("to", to)
        }
        Blocked {
            player: p,
            at,
            toward,
            ap: n,
            ..
        }
        | Mired {
            player: p,
            at,
            toward,
            ap: n,
        } => {
            player(p)?;
            coord("at", at)?;
            coord("toward", toward)?;
            ap(n)
        }
        Corrupted { hex, player: p } => {
            player(p)?;
            coord("hex", hex)
        }
        Warded { hex } | Cleansed { hex } => coord("hex", hex),
        Built {
            player: p,
            hex,
            feature: f,
        } => {
            player(p)?;
            coord("hex", hex)?;
            feature("feature", f.0)
        }
        Occupied { hex, faction: f } | FlagLost { hex, faction: f } => {
            coord("hex", hex)?;
            faction(f.0)
        }
        Gathered {
            player: p,
            hex,
            yields,
        } => {
            player(p)?;
            coord("hex", hex)?;
            amounts(yields)
        }
        Paid { player: p, yields } => {
            player(p)?;
            amounts(yields)
        }
        TurnEnded { player: p } => player(p),
        PhaseStarted { phase: n } => phase(*n).map_err(|m| ("phase".into(), m)),
        GameEnded {
            winner,
            phase: n,
            standings,
        } => {
            phase(*n).map_err(|m| ("phase".to_string(), m))?;
            if let Some(w) = winner {
                faction(w.0)?;
            }
            if standings.len() > MAX_SEATS as usize {
                return Err((
                    "standings".into(),
                    format!("{} factions; at most {MAX_SEATS}", standings.len()),
                ));
            }
            standings.iter().try_for_each(|s| faction(s.faction.0))
        }
        Unseen { .. } => Ok(()),
        Refused {
            player: p,
            action,
            refusal,
        } => {
            if p.0 > MAX_PLAYER_ID {
                return Err((
                    "player".into(),
                    format!("{} is past the largest player id, {MAX_PLAYER_ID}", p.0),
                ));
            }
            // An action's hex is written as axial (x, y), unchecked as it is read.
            let far = |part: &str, h: &Hex| {
                let c = Coord::new(h.x, 0, h.y.saturating_neg());
                checked_hex(c).map(|_| ()).map_err(|m| (part.into(), m))
            };
            match action {
                Action::Build { hex, .. } => far("action.hex", hex)?,
                Action::Travel { to, .. } => far("action.to", to)?,
                Action::Traverse { .. } | Action::Gather { .. } | Action::EndTurn { .. } => {}
            }
            match refusal {
                Refusal::Indeterminate(c) | Refusal::NoStationThere(c) => coord("refusal", c),
                Refusal::NotConstructible(f) | Refusal::AlreadyBuilt(f) => feature("refusal", f.0),
                Refusal::BiomeForbids(b) if b.0 as usize >= rules.biomes.len() => Err((
                    "refusal".into(),
                    format!(
                        "{} is no biome of the rules (they have {})",
                        b.0,
                        rules.biomes.len()
                    ),
                )),
                Refusal::CannotAfford { resource, .. } if !rules.resources.contains(resource) => {
                    Err((
                        "refusal".into(),
                        format!("{resource:?} is no resource of the rules"),
                    ))
                }
                _ => Ok(()),
            }
        }
    }
}

/// Factions are indices below the rules' faction count or [`MAX_SEATS`], whichever is larger.
fn faction(rules: &Rules, f: u32) -> Result<(), String> {
    let seats = (rules.play.factions.len() as u32).max(MAX_SEATS);
    if f < seats {
        Ok(())
    } else {
        Err(format!(
            "{f} is no faction: factions are 0 to {}",
            seats - 1
        ))
    }
}

/// Action points held or spent: at most what any rules give in a phase (not the rules' own
/// number, which a hot reload may have lowered since).
fn ap(n: u32) -> Result<(), String> {
    if n <= MAX_AP {
        Ok(())
    } else {
        Err(format!(
            "is {n}; rules give at most {MAX_AP} action points a phase"
        ))
    }
}

/// Phases count from 1.
fn phase(n: u32) -> Result<(), String> {
    if (1..=MAX_COUNTER).contains(&n) {
        Ok(())
    } else {
        Err(format!("is {n}; phases count from 1 to {MAX_COUNTER}"))
    }
}
