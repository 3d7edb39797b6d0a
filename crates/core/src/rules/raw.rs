//! The rule file as written: serde types that mirror `assets/rules/aeternus.ron`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::RulesError;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Aeternus")]
pub struct RawRules {
    pub name: String,
    pub sight_radius: u32,
    pub default_bias: f64,
    pub random_entry_weight: f64,
    pub origin: RawHexSpec,
    pub pocket: RawHexSpec,
    pub biomes: Vec<RawBiome>,
    pub landmarks: Vec<RawLandmark>,
    #[serde(default)]
    pub resources: Vec<String>,
    #[serde(default)]
    pub features: Vec<RawFeature>,
    pub construction: RawConstruction,
    /// Players, phases and action points; absent in older files, which get the defaults.
    #[serde(default)]
    pub play: RawPlay,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawHexSpec {
    pub biome: String,
    pub landmark: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBiome {
    pub name: String,
    pub weight: f64,
    #[serde(default)]
    pub bias: Option<f64>,
    pub colour: String,
    #[serde(default)]
    pub suppressed_beside: Vec<String>,
    #[serde(default = "yes")]
    pub buildable: bool,
    #[serde(default)]
    pub movement: Movement,
}

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

/// How a biome changes movement (applied by the play rules; a Boardwalk cancels all of it).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Extra action points to leave a hex of this biome.
    #[serde(default)]
    pub leave_extra_ap: u32,
    /// Chance that moving in blows the player to a random adjacent hex.
    #[serde(default)]
    pub wind_chance: f64,
    /// Chance that leaving for a hex of another mass succeeds.
    #[serde(default = "one")]
    pub exit_other_mass_chance: f64,
    /// Whether a failed exit still costs its action points.
    #[serde(default)]
    pub failed_exit_costs_ap: bool,
    /// A player who would move or be moved onto this biome does not move.
    #[serde(default)]
    pub blocks_entry: bool,
}

impl Default for Movement {
    fn default() -> Self {
        Self {
            leave_extra_ap: 0,
            wind_chance: 0.0,
            exit_other_mass_chance: 1.0,
            failed_exit_costs_ap: false,
            blocks_entry: false,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLandmark {
    pub name: String,
    pub weight: f64,
    /// Weight instead of `weight` on the named biomes.
    #[serde(default)]
    pub weight_on: BTreeMap<String, f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFeature {
    pub name: String,
    #[serde(default)]
    pub chance: f64,
    #[serde(default)]
    pub cost: BTreeMap<String, u32>,
    pub effect: RawFeatureEffect,
    #[serde(default)]
    pub builds_on: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RawFeatureEffect {
    /// Gaining it sets the landmark and removes every other feature; it spreads to the hex a
    /// player leaves to step onto it.
    Corruption { landmark: String },
    /// One per hex; the hex is occupied by the builder's faction.
    Occupy,
    /// This hex and those within `radius` cannot be corrupted and are cleansed.
    Purify { radius: u32 },
    /// Travel between any two hexes with one; not a move.
    Stagway { ends_actions: bool },
    /// The hex's biome movement effects do not apply.
    CancelMovementEffects,
    /// No effect of its own (for mods).
    Decoration,
}

/// What a feature does, resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum FeatureEffect {
    Corruption { landmark: super::LandmarkId },
    Occupy,
    Purify { radius: u32 },
    Stagway { ends_actions: bool },
    CancelMovementEffects,
    Decoration,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstruction {
    pub range: u32,
    pub forbidden_on_corrupted: bool,
}

/// What the document leaves to us about players: every field may be left out.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawPlay {
    pub action_points: u32,
    pub starting_resources: BTreeMap<String, u32>,
    pub blocked_move_costs_ap: bool,
    pub build_ap: u32,
    /// AP a search costs (the hexes around the player looked over for hidden sites).
    pub search_ap: u32,
    pub gather: RawGather,
    pub goal: RawGoal,
    pub factions: Vec<RawFaction>,
    /// What a faction's research buys (ours): see [`RawAdvance`].
    pub advances: Vec<RawAdvance>,
}

/// An advance: `cost` paid once from the buyer's purse, for its faction; `needs` an advance
/// listed before it; `gains` what it adds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAdvance {
    pub name: String,
    pub cost: BTreeMap<String, u32>,
    #[serde(default)]
    pub needs: Option<String>,
    pub gains: RawGains,
    #[serde(default)]
    pub lore: String,
}

/// What an advance adds; every field may be left out (nothing).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawGains {
    pub action_points: u32,
    pub sight: u32,
    pub gather: u32,
    pub income: u32,
}

impl Default for RawPlay {
    fn default() -> Self {
        Self {
            action_points: 3,
            starting_resources: BTreeMap::new(),
            blocked_move_costs_ap: false,
            build_ap: 0,
            search_ap: 1,
            gather: RawGather::default(),
            goal: RawGoal::default(),
            factions: Vec::new(),
            advances: Vec::new(),
        }
    }
}

/// Gathering: its AP and what a hex yields, by biome and by landmark name, each a resource
/// name -> amount table. Every field may be left out (1 AP, nothing yields).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawGather {
    pub ap: u32,
    pub biomes: BTreeMap<String, BTreeMap<String, u32>>,
    pub landmarks: BTreeMap<String, BTreeMap<String, u32>>,
}

/// How a game ends and who wins. Every field may be left out (100 phases, no target, no lead,
/// no last standing, a point a flag).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawGoal {
    pub phases: u32,
    pub target: u32,
    /// A decisive lead: `lead: Some((share: 60, phases: 10))`.
    pub lead: Option<RawLead>,
    /// Whether the faction left alone holding flags, once a rival's last flag falls, wins.
    pub last_standing: bool,
    pub points: RawPoints,
}

impl Default for RawGoal {
    fn default() -> Self {
        Self {
            phases: 100,
            target: 0,
            lead: None,
            last_standing: false,
            points: RawPoints::default(),
        }
    }
}

/// A faction holding at least `share` percent of the flags at the end of `phases` phases in a
/// row wins at once. Both fields are given.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLead {
    pub share: u32,
    pub phases: u32,
}

/// What a hex a faction's flag occupies scores: the flag itself, each site on it, and its
/// landmark and features by name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RawPoints {
    pub flag: u32,
    pub site: u32,
    pub landmarks: BTreeMap<String, u32>,
    pub features: BTreeMap<String, u32>,
    /// Points for each unit of a resource the faction's players hold.
    pub resources: BTreeMap<String, u32>,
}

impl Default for RawPoints {
    fn default() -> Self {
        Self {
            flag: 1,
            site: 0,
            landmarks: BTreeMap::new(),
            features: BTreeMap::new(),
            resources: BTreeMap::new(),
        }
    }
}

impl Default for RawGather {
    fn default() -> Self {
        Self {
            ap: 1,
            biomes: BTreeMap::new(),
            landmarks: BTreeMap::new(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFaction {
    pub name: String,
    pub colour: String,
}

/// Parses rule text; syntax errors, missing and unknown fields carry the line and column.
pub fn parse(text: &str, source: &str) -> Result<RawRules, RulesError> {
    super::parse::parse(text, source)
}
