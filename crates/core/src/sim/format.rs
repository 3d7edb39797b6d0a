//! The lines of a game's log (JSON Lines): the game first, then every action tried and every
//! blow of the winds, with every hex corrupted or cleansed after the action that did it, and the
//! end last. Each line is one object whose `kind` says which.

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::hex::Coord;
use crate::play::{Action, End, PlayerId};
use crate::rules::{AdvanceId, FeatureId, Rules};
use crate::world::HexWorld;

/// The log's format version. Format 2 added the flag lines (razes and reclaims); format 3 the
/// end line's `end` (why the game ended) and the turn order whose first seat moves on each
/// phase; format 4 the searches (`search` actions, their `searched` outcome and the sites they
/// `found`), played where sites are found, not given; format 5 the advances (`advance` actions
/// naming their `advance`, their `advanced` outcome); format 6 a veiled game's `salt` (a
/// server's journal). A log of format [`OLDEST_FORMAT`] to this one is read (a format 4 log buys
/// no advance: it plays the same), any other refused, naming both.
pub const FORMAT: u32 = 6;

/// The oldest format read: format 4. Older games took turns in id order every phase, or were
/// paid by every site under a flag, known or not: replayed now they would come to another game,
/// so they are refused, naming their format.
pub const OLDEST_FORMAT: u32 = 4;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Line {
    Game(GameLine),
    Action(Box<ActionLine>),
    Hex(HexLine),
    Flag(FlagLine),
    End(EndLine),
}

/// The first line: what the game was played with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    pub format: u32,
    pub seed: u64,
    /// The rules' name and the hash of their file's text as loaded ([`rules_hash`]).
    pub rules: String,
    pub rules_hash: String,
    /// The game's length (the rules' `play.goal.phases`, as `--phases` set it).
    pub phases: u32,
    /// Whether the site layer was on (it scores sites).
    pub sites: bool,
    pub seats: Vec<Seat>,
    /// A veiled game's salt, which its sites are rolled with (format 6): a server's journal
    /// holds it, the game line it sends its peers never ([`crate::sites::veil`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub player: u32,
    pub faction: u32,
    /// `random`, `greedy`, or `replay` (a replayed log's seats play no bot).
    pub bot: String,
}

/// What an action line says was tried: an action of a player, or a blow of the winds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tried {
    Traverse,
    Build,
    Travel,
    Gather,
    /// A search of the player's hex and the hexes around it (format 4).
    Search,
    /// An advance bought for the player's faction (format 5): the line's `advance`.
    Advance,
    EndTurn,
    /// Not an action: the winds moved the player (a replay does not feed it, it checks it).
    Blow,
}

impl Tried {
    /// What a line says `action` tried.
    pub fn of(action: &Action) -> Tried {
        match action {
            Action::Traverse { .. } => Tried::Traverse,
            Action::Build { .. } => Tried::Build,
            Action::Travel { .. } => Tried::Travel,
            Action::Gather { .. } => Tried::Gather,
            Action::Search { .. } => Tried::Search,
            Action::Advance { .. } => Tried::Advance,
            Action::EndTurn { .. } => Tried::EndTurn,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Moved,
    Blown,
    /// A Swamp held the player.
    Stuck,
    /// A Lake stopped the move or the blow.
    Blocked,
    Built,
    Gathered,
    /// A search made (format 4): what it found is in the line's `found`.
    Searched,
    /// An advance bought (format 5).
    Advanced,
    Travelled,
    Ended,
    Refused,
}

/// A feature or an advance as an action names it: by name, or by number when the rules have
/// none such (a random bot tries those too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Named {
    Name(String),
    Id(u8),
}

impl Named {
    fn of(name: Option<&str>, id: u8) -> Named {
        name.map_or(Named::Id(id), |n| Named::Name(n.to_string()))
    }

    /// The id it names; `what` and `find` say of what and look a name up.
    fn id(&self, what: &str, find: impl Fn(&str) -> Option<u8>) -> Result<u8, String> {
        match self {
            Named::Name(n) => find(n).ok_or_else(|| format!("the rules have no {what} `{n}`")),
            Named::Id(i) => Ok(*i),
        }
    }

    pub fn feature(rules: &Rules, f: FeatureId) -> Named {
        Named::of(
            rules.features.get(f.0 as usize).map(|s| s.name.as_str()),
            f.0,
        )
    }

    pub fn feature_id(&self, rules: &Rules) -> Result<FeatureId, String> {
        self.id("feature", |n| rules.feature(n).map(|f| f.0))
            .map(FeatureId)
    }

    pub fn advance(rules: &Rules, a: AdvanceId) -> Named {
        Named::of(
            rules
                .play
                .advances
                .get(a.0 as usize)
                .map(|s| s.name.as_str()),
            a.0,
        )
    }

    pub fn advance_id(&self, rules: &Rules) -> Result<AdvanceId, String> {
        self.id("advance", |n| rules.advance(n).map(|a| a.0))
            .map(AdvanceId)
    }
}

/// One action tried (or one blow) and what came of it; the hexes as they stood when it was
/// tried, its target already generated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionLine {
    pub phase: u32,
    pub player: u32,
    /// None for a player the game does not know.
    pub faction: Option<u32>,
    pub action: Tried,
    /// What a build built (or tried to).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<Named>,
    /// The advance an advance bought (or tried to; format 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<Named>,
    /// The player's hex.
    pub from: Option<HexView>,
    /// The hex the action aims at: a move's or a blow's target, a build's hex, a travel's
    /// station; none for a gathering or an end of turn.
    pub to: Option<HexView>,
    /// Where the player stands afterwards.
    pub landed: Option<HexView>,
    pub outcome: Outcome,
    /// Why it was refused.
    pub reason: Option<String>,
    pub ap_left: Option<u32>,
    /// The sites a search found, by name (format 4; left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub found: Vec<String>,
}

impl ActionLine {
    /// The action the line holds, to feed again; None for a blow. The error says which field
    /// is missing or wrong.
    pub fn action(&self, rules: &Rules) -> Result<Option<Action>, String> {
        let player = PlayerId(self.player);
        let hex = |h: &Option<HexView>, field: &str| {
            h.as_ref()
                .map(|h| Coord::new(h.x, h.y, h.z))
                .ok_or_else(|| format!("field `{field}`: a {:?} names its hex", self.action))
        };
        let checked = |c: Coord, field: &str| {
            crate::world::limits::checked_hex(c).map_err(|e| format!("field `{field}`: {e}"))
        };
        Ok(Some(match self.action {
            Tried::Blow => return Ok(None),
            Tried::Traverse => {
                let from = checked(hex(&self.from, "from")?, "from")?;
                let to = checked(hex(&self.to, "to")?, "to")?;
                Action::traverse_toward(player, from, to).ok_or_else(|| {
                    "field `to`: a traverse goes to a neighbour of `from`".to_string()
                })?
            }
            Tried::Build => {
                let feature = (self.feature.as_ref())
                    .ok_or("field `feature`: a build names its feature")?
                    .feature_id(rules)
                    .map_err(|e| format!("field `feature`: {e}"))?;
                Action::Build {
                    player,
                    hex: checked(hex(&self.to, "to")?, "to")?,
                    feature,
                }
            }
            Tried::Travel => Action::Travel {
                player,
                to: checked(hex(&self.to, "to")?, "to")?,
            },
            Tried::Gather => Action::Gather { player },
            Tried::Search => Action::Search { player },
            Tried::Advance => Action::Advance {
                player,
                advance: (self.advance.as_ref())
                    .ok_or("field `advance`: an advance names what it buys")?
                    .advance_id(rules)
                    .map_err(|e| format!("field `advance`: {e}"))?,
            },
            Tried::EndTurn => Action::EndTurn { player },
        }))
    }
}

/// A hex corrupted or cleansed, after the action (or the generation) that did it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HexLine {
    pub phase: u32,
    /// The hex after the change.
    pub hex: HexView,
    pub change: Change,
    pub cause: Cause,
    /// Who caused it, when a player did.
    pub player: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    Corrupted,
    Cleansed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A player left it for a corrupted hex.
    Left,
    /// A player built the corruption on it.
    Built,
    /// It was generated corrupted inside a pylon's ring.
    Generated,
    /// A pylon built on it or near it.
    Pylon,
}

/// A flag razed or reclaimed, after the action that did it (format 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlagLine {
    pub phase: u32,
    /// The hex after the change.
    pub hex: HexView,
    pub change: FlagChange,
    /// The faction that lost the flag (a raze) or won it back (a reclaim).
    pub faction: u32,
    pub faction_name: String,
    /// Who did it: the player whose step razed it, or who built the flag again.
    pub player: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagChange {
    /// A player's step onto corruption corrupted the hex it left, and its flag with it.
    Razed,
    /// A flag went up again on a hex razed before.
    Reclaimed,
}

/// The last line: how the game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EndLine {
    /// The phase the game ended in; None when it had not ended.
    pub ended_in: Option<u32>,
    /// The winning faction (none on a tie, or while the game goes on).
    pub winner: Option<u32>,
    pub winner_name: Option<String>,
    /// Why the game ended (format 3; none while it goes on, or in an older log).
    #[serde(default)]
    pub end: Option<End>,
    /// Best first.
    pub standings: Vec<Standing>,
    /// Actions tried (blows not counted).
    pub actions: u64,
    pub hexes: u64,
}

impl EndLine {
    /// The factions the win goes to: the winner, or on a tie every faction level at the top of
    /// the standings (none when the game goes on, or nobody stands).
    pub fn winners(&self) -> Vec<u32> {
        if self.ended_in.is_none() {
            return Vec::new();
        }
        if let Some(w) = self.winner {
            return vec![w];
        }
        let top = self.standings.first().map(|s| s.points);
        (self.standings.iter())
            .filter(|s| Some(s.points) == top)
            .map(|s| s.faction)
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub faction: u32,
    pub name: String,
    pub points: u64,
}

/// A hex as a line shows it: where, and what it is (its biome, landmark and mass are null
/// while it is indeterminate). `mass` names a mass as `gen` does: by the generation order of
/// its first hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HexView {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub biome: Option<String>,
    pub landmark: Option<String>,
    pub mass: Option<u32>,
    pub features: Vec<String>,
}

impl HexView {
    pub fn of(world: &HexWorld, masses: &mut MassNames, hex: Hex) -> HexView {
        let c = Coord::from_hex(hex);
        let rules = &world.rules;
        match world.get(hex) {
            Some(d) => HexView {
                x: c.x,
                y: c.y,
                z: c.z,
                biome: Some(rules.biome_name(d.biome).to_string()),
                landmark: Some(rules.landmark_name(d.landmark).to_string()),
                mass: Some(masses.name(d.order)),
                features: d
                    .features
                    .iter()
                    .map(|f| rules.feature_name(f).to_string())
                    .collect(),
            },
            None => HexView {
                x: c.x,
                y: c.y,
                z: c.z,
                biome: None,
                landmark: None,
                mass: None,
                features: Vec::new(),
            },
        }
    }
}

/// The masses named as `gen` names them ([`HexWorld::mass_ids`]: the order of a mass's first
/// hex), kept up as hexes are generated: a union-find over generation orders that joins a new
/// hex to each older neighbour of its mass, so a name costs a find, not a pass over the world.
/// A set's root is always its lowest order (the older root stays), so the root is the name.
#[derive(Debug, Default)]
pub struct MassNames {
    parent: Vec<u32>,
}

impl MassNames {
    /// Takes in the hexes generated since the last call.
    pub fn catch_up(&mut self, world: &HexWorld) {
        for o in self.parent.len() as u32..world.len() as u32 {
            self.parent.push(o);
            let hex = world.hex_of_order(o);
            let root = world.mass_root(hex);
            for n in crate::hex::neighbours(hex) {
                if let Some(d) = world.get(n)
                    && d.order < o
                    && world.mass_root(n) == root
                {
                    let (a, b) = (self.name(o), self.name(d.order));
                    self.parent[a.max(b) as usize] = a.min(b);
                }
            }
        }
    }

    /// The name of the mass of the hex generated `order`-th (taken in by [`Self::catch_up`]).
    pub fn name(&mut self, mut order: u32) -> u32 {
        while self.parent[order as usize] != order {
            let up = self.parent[self.parent[order as usize] as usize];
            self.parent[order as usize] = up;
            order = up;
        }
        order
    }
}

/// The hash a log keeps of the rules' text: FNV-1a, 64 bits, in hex. It tells rule files apart;
/// it is no defence against a forger.
pub fn rules_hash(text: &str) -> String {
    let h = crate::save::digest::fnv1a64(text.as_bytes());
    format!("fnv1a64:{h:016x}")
}
