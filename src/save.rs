//! Saved games: the world's hexes in generation order, the players, the phase, the flags and the
//! log, written as RON with hexes as Aeternus triples. Writing is atomic (a temporary file beside
//! the save, renamed over it), so a crash never leaves half a save. Loading checks a save against
//! the ruleset it is loaded with (the same biome, landmark and feature names in the same order,
//! ids in range, no hex twice) and names the file and field of the first mistake.

use std::collections::BTreeMap;
use std::path::Path;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::hex::Coord;
use crate::play::{
    ActionPoints, Faction, Moves, Occupation, Occupied, Phase, PlayEvent, PlayLog, Player,
    Position, Resources, Turn,
};
use crate::rules::{BiomeId, FeatureId, FeatureSet, LandmarkId, Names, Rules, RulesError};
use crate::world::plugin::{HexIndex, WorldMap};
use crate::world::{Cause, HexState, HexWorld, RestoreError};

/// The save format's version; a save of another is refused.
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    pub version: u32,
    pub seed: u64,
    /// The ruleset's names, which the ids below index.
    pub names: Names,
    pub phase: u32,
    /// Every generated hex, in generation order (the origin first).
    pub hexes: Vec<SavedHex>,
    /// By id.
    pub players: Vec<SavedPlayer>,
    /// Occupied hexes and their factions, in generation order.
    pub flags: Vec<(Coord, u32)>,
    pub log: Vec<PlayEvent>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedHex {
    pub at: Coord,
    pub biome: u8,
    pub landmark: u8,
    pub features: u32,
    pub cause: Cause,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlayer {
    pub id: u32,
    pub name: String,
    pub faction: u32,
    pub at: Coord,
    pub ap: u32,
    pub resources: BTreeMap<String, u32>,
    pub ended: bool,
    pub moves: u32,
}

/// Reads the game's state out of a world (an app's, between frames).
pub fn capture(world: &mut World) -> SaveGame {
    let mut players: Vec<SavedPlayer> = world
        .query::<(
            &Player,
            &Faction,
            &Position,
            &ActionPoints,
            &Resources,
            &Turn,
            &Moves,
        )>()
        .iter(world)
        .map(|(p, f, at, ap, r, turn, moves)| SavedPlayer {
            id: p.id.0,
            name: p.name.clone(),
            faction: f.0,
            at: Coord::from_hex(at.0),
            ap: ap.0,
            resources: r.0.clone(),
            ended: turn.ended,
            moves: moves.0,
        })
        .collect();
    players.sort_by_key(|p| p.id);
    let map = world.resource::<WorldMap>();
    let hexes: Vec<SavedHex> = (0..map.len() as u32)
        .map(|o| {
            let d = map.data_of_order(o);
            SavedHex {
                at: Coord::from_hex(d.hex),
                biome: d.biome.0,
                landmark: d.landmark.0,
                features: d.features.0,
                cause: map.cause(o),
            }
        })
        .collect();
    let occupation = world.resource::<Occupation>();
    let mut flags: Vec<(u32, Coord, u32)> = occupation
        .iter()
        .map(|(h, f)| {
            let order = map.get(*h).map_or(u32::MAX, |d| d.order);
            (order, Coord::from_hex(*h), f.0)
        })
        .collect();
    flags.sort_by_key(|f| f.0);
    SaveGame {
        version: VERSION,
        seed: map.seed,
        names: map.rules.names(),
        phase: world.resource::<Phase>().0,
        hexes,
        players,
        flags: flags.into_iter().map(|(_, c, f)| (c, f)).collect(),
        log: world.resource::<PlayLog>().0.clone(),
    }
}

impl SaveGame {
    pub fn to_ron(&self) -> String {
        // One line per hex, player and event: readable, and diffable between saves.
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().depth_limit(2))
            .expect("a save always serialises")
    }

    /// Parses a save; `source` names it in errors (with the line and field).
    pub fn from_ron(text: &str, source: &str) -> Result<SaveGame, RulesError> {
        crate::rules::parse::parse(text, source)
    }

    pub fn read(path: &Path) -> Result<SaveGame, RulesError> {
        let (text, source) = crate::rules::read_rule_file(path)?;
        Self::from_ron(&text, &source)
    }

    /// Checks the save against `rules` and rebuilds its world; `source` names the save.
    pub fn world(&self, rules: &Rules, source: &str) -> Result<HexWorld, RulesError> {
        let err = |field: String, message: String| RulesError::new(source, Some(field), message);
        if self.version != VERSION {
            return Err(err(
                "version".into(),
                format!("is {}; this game reads version {VERSION}", self.version),
            ));
        }
        let now = rules.names();
        for ((field, saved), (_, ours)) in self.names.lists().into_iter().zip(now.lists()) {
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
        let features_mask = (1u64 << rules.features.len()) - 1;
        for (i, h) in self.hexes.iter().enumerate() {
            let bad = if h.biome as usize >= rules.biomes.len() {
                Some(("biome", format!("{} is no biome of the rules", h.biome)))
            } else if h.landmark as usize >= rules.landmarks.len() {
                Some(("landmark", format!("{} is no landmark", h.landmark)))
            } else if h.features as u64 & !features_mask != 0 {
                Some(("features", format!("{:#b} names no feature", h.features)))
            } else {
                None
            };
            if let Some((field, message)) = bad {
                return Err(err(format!("hexes[{i}].{field}"), message));
            }
        }
        // Far beyond any world played, and safe from overflow in hex arithmetic.
        let far = |c: &Coord| [c.x, c.y, c.z].iter().any(|v| v.unsigned_abs() > MAX_COORD);
        let coords = (self.hexes.iter().enumerate())
            .map(|(i, h)| (format!("hexes[{i}].at"), h.at))
            .chain(
                (self.players.iter().enumerate()).map(|(i, p)| (format!("players[{i}].at"), p.at)),
            )
            .chain((self.flags.iter().enumerate()).map(|(i, f)| (format!("flags[{i}]"), f.0)));
        for (field, c) in coords {
            if far(&c) {
                return Err(err(
                    field,
                    format!("{c} is too far out (at most {MAX_COORD} a step)"),
                ));
            }
        }
        for (i, e) in self.log.iter().enumerate() {
            let (feature, biome) = ids_in(e);
            if feature.is_some_and(|f| f.0 as usize >= rules.features.len())
                || biome.is_some_and(|b| b.0 as usize >= rules.biomes.len())
            {
                return Err(err(
                    format!("log[{i}]"),
                    "names a feature or biome the rules do not have".into(),
                ));
            }
        }
        if self
            .hexes
            .first()
            .is_none_or(|h| h.at.to_hex() != hexx::Hex::ZERO)
        {
            return Err(err("hexes[0]".into(), "the origin must come first".into()));
        }
        let hexes = self.hexes.iter().map(|h| {
            let state = HexState {
                biome: BiomeId(h.biome),
                landmark: LandmarkId(h.landmark),
                features: FeatureSet(h.features),
            };
            (h.at.to_hex(), state, h.cause)
        });
        let world = HexWorld::restore(rules.clone(), self.seed, hexes).map_err(|e| match e {
            RestoreError::Twice(h) => {
                let i = self
                    .hexes
                    .iter()
                    .rposition(|s| s.at.to_hex() == h)
                    .unwrap_or(0);
                err(
                    format!("hexes[{i}].at"),
                    format!("{} is listed twice", Coord::from_hex(h)),
                )
            }
            RestoreError::Limit(e) => err("hexes".into(), e.to_string()),
        })?;
        let mut ids = std::collections::BTreeSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if !ids.insert(p.id) {
                return Err(err(
                    format!("players[{i}].id"),
                    format!("{} is taken", p.id),
                ));
            }
            if !world.is_generated(p.at.to_hex()) {
                return Err(err(
                    format!("players[{i}].at"),
                    format!("{} is not a generated hex", p.at),
                ));
            }
        }
        for (i, (at, _)) in self.flags.iter().enumerate() {
            if !world.is_generated(at.to_hex()) {
                return Err(err(
                    format!("flags[{i}]"),
                    format!("{at} is not a generated hex"),
                ));
            }
        }
        Ok(world)
    }

    /// Puts the game into an app built with `core_plugins` and not yet run: its world, phase,
    /// flags and log now, its players (and the hexes' flags) at startup.
    pub fn install(self, app: &mut App, world: HexWorld) {
        let occupation: HashMap<_, _> = self
            .flags
            .iter()
            .map(|(at, f)| (at.to_hex(), Faction(*f)))
            .collect();
        app.insert_resource(WorldMap(world))
            .insert_resource(Phase(self.phase))
            .insert_resource(Occupation(occupation))
            .insert_resource(PlayLog(self.log))
            .insert_resource(Loaded(self.players))
            .add_systems(Startup, spawn_players)
            .add_systems(PostStartup, raise_flags);
    }
}

/// Bound on each of a saved coordinate's numbers.
const MAX_COORD: u32 = 1 << 24;

/// The feature and biome a log event names, which the log panel looks up by id.
fn ids_in(e: &PlayEvent) -> (Option<FeatureId>, Option<BiomeId>) {
    use crate::play::Refusal::*;
    match e {
        PlayEvent::Built { feature, .. } => (Some(*feature), None),
        PlayEvent::Refused { refusal, .. } => match refusal {
            NotConstructible(f) | AlreadyBuilt(f) => (Some(*f), None),
            BiomeForbids(b) => (None, Some(*b)),
            _ => (None, None),
        },
        _ => (None, None),
    }
}

/// The players of a loaded game, spawned at startup (nobody else is seated then).
#[derive(Resource, Debug)]
pub struct Loaded(pub Vec<SavedPlayer>);

fn spawn_players(mut commands: Commands, loaded: Res<Loaded>) {
    for p in &loaded.0 {
        let id = commands
            .spawn((
                Name::new(p.name.clone()),
                Player::new(p.id, p.name.clone()),
                Faction(p.faction),
                Position(p.at.to_hex()),
                Resources(p.resources.clone()),
                Turn { ended: p.ended },
                Moves(p.moves),
            ))
            .id();
        // After the player is admitted (which fills its action points for a new phase).
        commands.entity(id).insert(ActionPoints(p.ap));
    }
}

fn raise_flags(mut commands: Commands, occupation: Res<Occupation>, index: Res<HexIndex>) {
    for (hex, faction) in occupation.iter() {
        if let Some(&e) = index.0.get(hex) {
            commands.entity(e).insert(Occupied(*faction));
        }
    }
}

/// Writes `text` to `path` without ever leaving half of it there: a temporary file beside it,
/// flushed to disk, then renamed over it.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "a save needs a file name")
    })?;
    let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    // Whatever failed, no temporary file is left behind.
    written
        .and_then(|()| std::fs::rename(&tmp, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}

#[cfg(test)]
mod tests;
