//! Saved games: the world's hexes in generation order, the players, the phase, the flags and the
//! log, written as RON with hexes as Aeternus triples.
//!
//! Loading ([`SaveGame::read`], [`SaveGame::world`]) reads at most
//! [`crate::capped::MAX_SAVE_FILE`] bytes of a regular file, checks the format version, bounds
//! every field against the rules it is loaded with ([`check`]), rebuilds the world and re-checks
//! its invariants ([`crate::world::invariants`]); the first mistake is named by file and field.
//! Writing ([`write_atomic`]) never leaves half a save and keeps the previous one as `NAME.bak`;
//! the window autosaves at the end of every phase ([`autosave`]).

pub mod autosave;
pub mod check;
pub mod digest;
mod write;

use std::collections::BTreeMap;
use std::path::Path;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::hex::Coord;
use crate::play::{
    ActionPoints, Advances, Faction, Moves, Occupied, Phase, PlayEvent, PlayLog, Player, Position,
    RazedHexes, Resources, ScoreHistory, Turn,
};
use crate::rules::{BiomeId, FeatureSet, LandmarkId, Names, Rules, RulesError};
use crate::sites::{Knowledge, STOOD_ON, ShownSite, SiteLayer, SiteRules, Veil};
use crate::world::plugin::{Generated, HexIndex, HexPos};
use crate::world::{Cause, HexState, HexWorld, RestoreError};

pub use write::{backup_path, write_atomic};

/// The folder saves and autosaves go to unless `--save FILE` says otherwise: `saves` in the
/// platform's data folder for the game (on Linux `~/.local/share/aeternus/saves`), or the
/// current folder where the platform names none.
pub fn saves_folder() -> std::path::PathBuf {
    directories::ProjectDirs::from("", "", "aeternus")
        .map_or_else(|| ".".into(), |d| d.data_dir().join("saves"))
}

/// Where F5 saves by default: `aeternus-save.ron` in [`saves_folder`].
pub fn default_save_path() -> std::path::PathBuf {
    saves_folder().join("aeternus-save.ron")
}

/// The save format's version, written in every save. Version 2 adds the razed hexes and the
/// score history, version 3 what each faction knows of the sites, version 4 the factions'
/// advances, version 5 a veiled game's sites; a save of version [`OLDEST`] to this one is
/// read, any other refused, naming both.
pub const VERSION: u32 = 5;

/// The oldest save version read: version 1 (no razed hexes: none were razed before; no score
/// history: the chart starts at the load). A save of version 1 or 2 holds no knowledge of the
/// sites: each faction is taken to know every site on the hexes its flags and its players
/// stand on (and, once the game runs, those anyone sees in its players' sight).
pub const OLDEST: u32 = 1;

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
    /// Hexes whose flag was razed and not reclaimed since, in generation order (version 2).
    #[serde(default)]
    pub razed: Vec<Coord>,
    /// Every faction's points phase by phase, for the standings chart (version 2).
    #[serde(default)]
    pub history: ScoreHistory,
    /// What each faction knows of the sites, by faction (version 3).
    #[serde(default)]
    pub knowledge: Vec<SavedKnowledge>,
    /// Each faction's advances, by name in the order bought (version 4; none before).
    #[serde(default)]
    pub advances: Vec<SavedAdvances>,
    /// A veiled game's sites (version 5; none in an open game, whose sites its seed rolls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub veil: Option<SavedVeil>,
}

/// A veiled game's sites ([`crate::sites::veil`]): every site shown so far, as (rank, hex,
/// name) in rank order, and the salt where the save may hold it (the server's, and every save
/// made once the game is over); a peer's save without it holds only the sites shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedVeil {
    pub salt: Option<u64>,
    pub shown: Vec<(u32, Coord, String)>,
}

/// One faction's advances, by name, in the order bought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedAdvances {
    pub faction: u32,
    pub bought: Vec<String>,
}

/// What one faction knows of the sites: its searches so far and each hex it has looked over,
/// with the depth (0..=100: it knows the hex's sites whose `find` is at most that), in
/// generation order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedKnowledge {
    pub faction: u32,
    pub searches: u32,
    pub hexes: Vec<(Coord, u8)>,
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
pub fn capture(ecs: &mut World) -> SaveGame {
    let mut players: Vec<SavedPlayer> = ecs
        .query::<(
            &Player,
            &Faction,
            &Position,
            &ActionPoints,
            &Resources,
            &Turn,
            &Moves,
        )>()
        .iter(ecs)
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
    let mut flags: Vec<(u32, Coord, u32)> = ecs
        .query::<(&HexPos, &Generated, &Occupied)>()
        .iter(ecs)
        .map(|(h, g, f)| (g.order, Coord::from_hex(h.0), f.0.0))
        .collect();
    let world = ecs.resource::<HexWorld>();
    let hexes = saved_hexes(world);
    flags.sort_by_key(|f| f.0);
    let mut razed: Vec<(u32, Coord)> = (ecs.resource::<RazedHexes>().0.iter())
        .filter_map(|&h| Some((world.get(h)?.order, Coord::from_hex(h))))
        .collect();
    razed.sort_by_key(|r| r.0);
    SaveGame {
        version: VERSION,
        seed: world.seed,
        names: world.rules.names(),
        phase: ecs.resource::<Phase>().0,
        hexes,
        players,
        flags: flags.into_iter().map(|(_, c, f)| (c, f)).collect(),
        log: ecs.resource::<PlayLog>().0.clone(),
        razed: razed.into_iter().map(|(_, c)| c).collect(),
        history: ecs.resource::<ScoreHistory>().clone(),
        knowledge: saved_knowledge(ecs.resource::<Knowledge>(), world),
        advances: saved_advances(ecs.resource::<Advances>(), &world.rules),
        veil: saved_veil(ecs),
    }
}

/// A veiled game's sites as a save holds them (none in an open game).
fn saved_veil(ecs: &World) -> Option<SavedVeil> {
    let veil = ecs.get_resource::<Veil>()?;
    let layer = ecs.get_resource::<SiteLayer>()?;
    let shown = (crate::sites::shown::all_shown(ecs).into_iter())
        .map(|s| {
            let name = layer.rules.sites[usize::from(s.site)].name.clone();
            (s.rank, Coord::from_hex(s.hex()), name)
        })
        .collect();
    Some(SavedVeil {
        salt: veil.salt(),
        shown,
    })
}

/// Each faction's advances as a save holds them: by name (a faction holding none is left out).
fn saved_advances(advances: &Advances, rules: &Rules) -> Vec<SavedAdvances> {
    (advances.0.iter())
        .filter(|(_, held)| !held.is_empty())
        .map(|(faction, held)| SavedAdvances {
            faction: faction.0,
            bought: held.iter().map(|a| rules.advance_name(*a)).collect(),
        })
        .collect()
}

/// What each faction knows, as a save holds it: its hexes in generation order (a hex not
/// generated is left out: none is ever looked over).
fn saved_knowledge(knowledge: &Knowledge, world: &HexWorld) -> Vec<SavedKnowledge> {
    (knowledge.factions())
        .map(|(faction, known)| {
            let mut hexes: Vec<(u32, Coord, u8)> = (known.hexes())
                .filter_map(|(h, d)| Some((world.get(h)?.order, Coord::from_hex(h), d)))
                .collect();
            hexes.sort_by_key(|h| h.0);
            SavedKnowledge {
                faction,
                searches: known.searches,
                hexes: hexes.into_iter().map(|(_, c, d)| (c, d)).collect(),
            }
        })
        .collect()
}

/// Every generated hex of `world` as a save holds it, in generation order.
pub fn saved_hexes(world: &HexWorld) -> Vec<SavedHex> {
    (0..world.len() as u32)
        .map(|o| {
            let d = world.data_of_order(o);
            SavedHex {
                at: Coord::from_hex(d.hex),
                biome: d.biome.0,
                landmark: d.landmark.0,
                features: d.features.0,
                cause: world.cause(o),
            }
        })
        .collect()
}

impl SaveGame {
    pub fn to_ron(&self) -> String {
        // One line per hex, player and event: readable, and diffable between saves.
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().depth_limit(2))
            .expect("a save always serialises")
    }

    /// Parses a save; `source` names it in errors (with the line and field). A save of another
    /// format version that does not parse says so rather than naming the first field it lacks.
    pub fn from_ron(text: &str, source: &str) -> Result<SaveGame, RulesError> {
        crate::rules::parse::parse(text, source).map_err(|e| {
            #[derive(Deserialize)]
            #[serde(rename = "SaveGame")]
            struct Header {
                version: u32,
            }
            match crate::rules::parse::parse::<Header>(text, source) {
                Ok(h) if !(OLDEST..=VERSION).contains(&h.version) => {
                    check::version(h.version, source)
                }
                _ => e,
            }
        })
    }

    /// Reads a save: a regular file of at most [`crate::capped::MAX_SAVE_FILE`] bytes.
    pub fn read(path: &Path) -> Result<SaveGame, RulesError> {
        let (text, source) = crate::rules::read_file_capped(path, crate::capped::MAX_SAVE_FILE)?;
        Self::from_ron(&text, &source)
    }

    /// Checks the save against `rules` (every field bounded, then the world's invariants) and
    /// rebuilds its world; `source` names the save.
    pub fn world(&self, rules: &Rules, source: &str) -> Result<HexWorld, RulesError> {
        let err = |field: String, message: String| RulesError::new(source, Some(field), message);
        check::fields(self, rules, source)?;
        // Every coordinate is in range now, so converting it cannot overflow.
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
        let players: Vec<_> = self.players.iter().map(|p| p.at.to_hex()).collect();
        let flags: Vec<_> = self.flags.iter().map(|f| f.0.to_hex()).collect();
        crate::world::invariants::check(&world, &players, &flags)
            .map_err(|b| err(b.field(), b.message))?;
        check::razed(self, &world).map_err(|(field, message)| err(field, message))?;
        check::knowledge_hexes(self, &world).map_err(|(field, message)| err(field, message))?;
        Ok(world)
    }

    /// Puts the game into an app built with `CorePlugin` and not yet run: its world, phase,
    /// flags and log now (and its end, when the flags had decided it), its players (and the
    /// hexes' flags) at startup.
    pub fn install(self, app: &mut App, world: HexWorld) {
        let world_rules = world.rules.clone();
        let flags = self
            .flags
            .iter()
            .map(|(at, f)| (at.to_hex(), Faction(*f)))
            .collect();
        app.insert_resource(world)
            .insert_resource(self.knowledge())
            .insert_resource(self.advances(&world_rules))
            .insert_resource(self.razed_hexes())
            .insert_resource(self.history.clone())
            .insert_resource(Phase(self.phase))
            .insert_resource(FlagsToRaise(flags))
            .insert_resource(PlayLog(self.log))
            .insert_resource(PlayersToSeat(self.players))
            .add_systems(Startup, spawn_players)
            .add_systems(PostStartup, raise_flags);
        match self.veil.map(|v| v.veil()) {
            Some(veil) => {
                app.insert_resource(veil);
            }
            None => {
                app.world_mut().remove_resource::<Veil>();
            }
        };
        crate::play::over_again(app.world_mut());
    }

    /// The sites a peer's save shows, checked against the site rules of the layer of the game
    /// in `ecs` (none for a game without a layer): what [`crate::sites::shown::show`] puts in
    /// the game once the save is in it.
    pub fn shown_in(&self, ecs: &World, source: &str) -> Result<Vec<ShownSite>, RulesError> {
        match ecs.get_resource::<SiteLayer>() {
            Some(layer) => self.shown_sites(&layer.rules, source),
            None => Ok(Vec::new()),
        }
    }

    /// The sites a peer's save shows, checked against the site rules `sites` (every name one
    /// of theirs); none for a save that holds its salt (its sites are rolled again).
    pub fn shown_sites(
        &self,
        sites: &SiteRules,
        source: &str,
    ) -> Result<Vec<ShownSite>, RulesError> {
        let Some(veil) = self.veil.as_ref().filter(|v| v.salt.is_none()) else {
            return Ok(Vec::new());
        };
        (veil.shown.iter().enumerate())
            .map(|(i, (rank, at, name))| {
                let site = sites.site(name).ok_or_else(|| {
                    RulesError::new(
                        source,
                        Some(format!("veil.shown[{i}]")),
                        format!(
                            "names the site {name:?}, which the site rules {} lack",
                            sites.source
                        ),
                    )
                })?;
                let hex = at.to_hex();
                Ok(ShownSite {
                    rank: *rank,
                    q: hex.x,
                    r: hex.y,
                    site: site as u16,
                })
            })
            .collect()
    }
}

impl SavedVeil {
    /// The veil a game loaded from this save holds.
    fn veil(self) -> Veil {
        match self.salt {
            Some(salt) => Veil::Salted {
                salt,
                shown: self.shown.iter().map(|s| s.0).collect(),
            },
            None => Veil::Shown { salt: None },
        }
    }
}

impl SaveGame {
    /// What each faction knows of the sites: as saved (version 3), or for an older save every
    /// site on the hexes its flags and its players stand on.
    pub fn knowledge(&self) -> Knowledge {
        let mut knowledge = Knowledge::default();
        if self.version >= 3 {
            for k in &self.knowledge {
                let known = knowledge.faction_mut(k.faction);
                known.searches = k.searches;
                for (at, depth) in &k.hexes {
                    known.look(at.to_hex(), *depth);
                }
            }
            return knowledge;
        }
        let flags = self.flags.iter().map(|(at, f)| (*at, *f));
        let players = self.players.iter().map(|p| (p.at, p.faction));
        for (at, faction) in flags.chain(players) {
            knowledge.faction_mut(faction).look(at.to_hex(), STOOD_ON);
        }
        knowledge
    }

    /// Each faction's advances, by the rules' ids (the names were checked at load: one the
    /// rules do not name is dropped).
    pub fn advances(&self, rules: &Rules) -> Advances {
        let mut advances = Advances::default();
        for a in &self.advances {
            let held = (a.bought.iter()).filter_map(|n| rules.advance(n)).collect();
            advances.0.insert(Faction(a.faction), held);
        }
        advances
    }

    /// The razed hexes the save holds.
    fn razed_hexes(&self) -> RazedHexes {
        RazedHexes(self.razed.iter().map(|c| c.to_hex()).collect())
    }

    /// Puts the game into a running app in place of the game there ([`crate::play::restart`]):
    /// its world, phase, log, players and flags at once, as [`SaveGame::install`] does at start.
    pub fn restore(self, ecs: &mut World, world: HexWorld) {
        let advances = self.advances(&world.rules);
        crate::play::restart::restart(ecs, world);
        ecs.insert_resource(self.razed_hexes());
        ecs.insert_resource(self.knowledge());
        ecs.insert_resource(advances);
        ecs.insert_resource(self.history.clone());
        ecs.insert_resource(Phase(self.phase));
        ecs.insert_resource(PlayLog(self.log));
        crate::play::over_again(ecs);
        seat_saved(ecs, &self.players);
        for (at, f) in &self.flags {
            let e = ecs.resource::<HexIndex>().get(&at.to_hex()).copied();
            if let Some(e) = e {
                ecs.entity_mut(e).insert(Occupied(Faction(*f)));
            }
        }
    }
}

/// The players of a loaded game, spawned at startup (nobody else is seated then).
#[derive(Resource, Debug)]
pub struct PlayersToSeat(pub Vec<SavedPlayer>);

/// Seats a loaded game's players as they were saved. Reads [`PlayersToSeat`]; writes (spawns) the
/// players, with their saved action points.
fn spawn_players(mut commands: Commands, loaded: Res<PlayersToSeat>) {
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

/// The flags of a loaded game, raised on their hexes' entities at startup.
#[derive(Resource, Debug)]
struct FlagsToRaise(Vec<(hexx::Hex, Faction)>);

/// Raises a loaded game's flags once its hexes' entities exist (after startup). Reads
/// [`FlagsToRaise`] and [`HexIndex`]; writes the hexes' [`Occupied`] and removes [`FlagsToRaise`].
fn raise_flags(mut commands: Commands, flags: Res<FlagsToRaise>, index: Res<HexIndex>) {
    for (hex, faction) in &flags.0 {
        if let Some(&e) = index.get(hex) {
            commands.entity(e).insert(Occupied(*faction));
        }
    }
    commands.remove_resource::<FlagsToRaise>();
}

/// Seats a saved game's players as they were saved (their action points after admission,
/// which fills them for a new phase).
fn seat_saved(world: &mut World, players: &[SavedPlayer]) {
    for p in players {
        let e = world
            .spawn((
                Name::new(p.name.clone()),
                crate::play::Player::new(p.id, p.name.clone()),
                crate::play::Faction(p.faction),
                crate::play::Position(p.at.to_hex()),
                crate::play::Resources(p.resources.clone()),
                crate::play::Turn { ended: p.ended },
                crate::play::Moves(p.moves),
            ))
            .id();
        world.flush();
        world.entity_mut(e).insert(crate::play::ActionPoints(p.ap));
    }
}

#[cfg(test)]
mod tests;
