//! Rule files: the raw serde form, validation into [`Rules`] with ids, and errors that name
//! the file and the line or field. The embedded default is `assets/rules/aeternus.ron`.

pub mod advances;
pub mod check;
mod error;
pub mod parse;
mod raw;
mod validate;

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

pub use advances::{Advance, AdvanceId, Gains};
pub use error::RulesError;
pub use raw::{FeatureEffect, Movement};

/// The default ruleset, embedded so the game runs from any folder.
pub const DEFAULT_AETERNUS: &str = include_str!("../../../../assets/rules/aeternus.ron");
pub const DEFAULT_AETERNUS_NAME: &str = "assets/rules/aeternus.ron";

/// The most players seated at one table (`--players 1..=8`); factions past the rules' list
/// are named by number. The rules hold at most this many factions.
pub const MAX_SEATS: u32 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BiomeId(pub u8);

/// A ruleset's biome, landmark and feature names: ids are places in these lists, so a world
/// (running or saved) is read only with rules whose lists are the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    pub biomes: Vec<String>,
    pub landmarks: Vec<String>,
    pub features: Vec<String>,
}

impl Names {
    /// Each list with its field name.
    pub fn lists(&self) -> [(&'static str, &[String]); 3] {
        [
            ("biomes", &self.biomes),
            ("landmarks", &self.landmarks),
            ("features", &self.features),
        ]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LandmarkId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FeatureId(pub u8);

/// Reads a rule file (at most [`crate::capped::MAX_RULE_FILE`] bytes, a regular file only);
/// returns its text and its name for errors (the path as given).
pub fn read_rule_file(path: &Path) -> Result<(String, String), RulesError> {
    read_file_capped(path, crate::capped::MAX_RULE_FILE)
}

/// As [`read_rule_file`] with another cap (saves are larger).
pub fn read_file_capped(path: &Path, cap: u64) -> Result<(String, String), RulesError> {
    let source = path.display().to_string();
    crate::capped::read_capped(path, cap)
        .map(|text| (text, source.clone()))
        .map_err(|m| RulesError::new(&source, None, m))
}

/// A set of features, one bit each (a ruleset has at most 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FeatureSet(pub u32);

impl FeatureSet {
    pub const EMPTY: FeatureSet = FeatureSet(0);
    pub fn contains(self, f: FeatureId) -> bool {
        self.0 & (1 << f.0) != 0
    }
    pub fn insert(&mut self, f: FeatureId) {
        self.0 |= 1 << f.0;
    }
    pub fn remove(&mut self, f: FeatureId) {
        self.0 &= !(1 << f.0);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = FeatureId> {
        (0..32u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(FeatureId)
    }
}

#[derive(Debug, Clone)]
pub struct Biome {
    pub name: String,
    /// Weight in the random pool.
    pub weight: f64,
    /// B in a neighbour's pool entry B/M.
    pub bias: f64,
    pub colour: [u8; 3],
    /// Biomes whose presence among generated neighbours zeroes this one's weight and bias.
    pub suppressed_beside: Vec<BiomeId>,
    pub buildable: bool,
    pub movement: Movement,
}

#[derive(Debug, Clone)]
pub struct Landmark {
    pub name: String,
    pub weight: f64,
    pub weight_on: BTreeMap<BiomeId, f64>,
}

#[derive(Debug, Clone)]
pub struct Feature {
    pub name: String,
    /// Chance to appear when a hex is generated.
    pub chance: f64,
    /// Resource name to amount; empty when it cannot be built.
    pub cost: BTreeMap<String, u32>,
    pub effect: FeatureEffect,
    /// Biomes where it may be built even though the biome forbids building.
    pub builds_on: Vec<BiomeId>,
}

#[derive(Debug, Clone)]
pub struct Construction {
    pub range: u32,
    pub forbidden_on_corrupted: bool,
}

/// Players, phases and action points: the document mentions them without numbers, so the
/// ruleset gives them (`play:` in the rule file; every field optional).
#[derive(Debug, Clone)]
pub struct PlayRules {
    /// Action points each player has at the start of every phase.
    pub action_points: u32,
    /// Resource name to amount a new player holds.
    pub starting_resources: BTreeMap<String, u32>,
    /// Whether a move a Lake blocks still costs its action points.
    pub blocked_move_costs_ap: bool,
    /// Action points a construction costs besides its resources.
    pub build_ap: u32,
    /// Action points a search costs: the player's hex and the six around it looked over for
    /// hidden sites.
    pub search_ap: u32,
    /// What gathering costs and yields.
    pub gather: Gathering,
    /// How a game ends and who wins.
    pub goal: Goal,
    /// The factions a new game offers, in order: a player's `Faction(i)` is the i-th.
    pub factions: Vec<FactionSpec>,
    /// What a faction's research buys, by [`AdvanceId`].
    pub advances: Vec<Advance>,
}

/// Resource name -> amount.
pub type Yield = BTreeMap<String, u32>;

/// Yields added up, resource by resource (saturating: each part is bounded by the rules).
pub fn sum_yields<'a>(parts: impl IntoIterator<Item = &'a Yield>) -> Yield {
    let mut total = Yield::new();
    for (r, &n) in parts.into_iter().flatten() {
        let t = total.entry(r.clone()).or_insert(0);
        *t = t.saturating_add(n);
    }
    total
}

/// How a game ends: after `phases` phases, once a faction's score reaches `target` (0: no
/// target), when a faction holds the `lead` long enough, or, with `last_standing`, when a
/// rival's last flag falls and leaves one faction alone holding flags. A faction scores for
/// each hex its flags occupy.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    pub phases: u32,
    pub target: u32,
    /// The decisive lead, if the rules have one.
    pub lead: Option<Lead>,
    /// Whether the last faction standing with flags wins.
    pub last_standing: bool,
    /// Points for the flag itself, for each site on the hex, for its landmark (by id) and for
    /// each of its features (by id).
    pub flag: u32,
    pub site: u32,
    pub landmarks: Vec<u32>,
    pub features: Vec<u32>,
    /// Points for each unit of a resource (by its place in the rules' list) a faction's
    /// players hold.
    pub resources: Vec<u32>,
}

impl Default for Goal {
    fn default() -> Self {
        Self {
            phases: 100,
            target: 0,
            lead: None,
            last_standing: false,
            flag: 1,
            site: 0,
            landmarks: Vec::new(),
            features: Vec::new(),
            resources: Vec::new(),
        }
    }
}

/// A decisive lead: a faction holding at least `share` percent (a majority, so one faction at
/// most) of the flags of the factions at the table at the end of `phases` phases in a row wins
/// at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lead {
    pub share: u32,
    pub phases: u32,
}

/// Gathering on the player's own hex: `ap` action points for the yield of its biome and of its
/// landmark, added together; a corrupted hex yields nothing.
#[derive(Debug, Clone, Default)]
pub struct Gathering {
    pub ap: u32,
    /// By biome id (every biome has an entry, empty when it yields nothing).
    pub biomes: Vec<Yield>,
    /// By landmark id.
    pub landmarks: Vec<Yield>,
}

impl Gathering {
    /// What a hex of `biome` and `landmark` yields, resource by resource.
    pub fn yield_of(&self, biome: BiomeId, landmark: LandmarkId) -> Yield {
        let parts = [
            self.biomes.get(biome.0 as usize),
            self.landmarks.get(landmark.0 as usize),
        ];
        let mut total = sum_yields(parts.into_iter().flatten());
        total.retain(|_, n| *n > 0);
        total
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FactionSpec {
    pub name: String,
    pub colour: [u8; 3],
}

/// A table by biome id with an entry for every `u8` id (0 past the ruleset's biomes), so the
/// draws index it by a biome's id with no bounds check.
pub type ByBiome<T> = Box<[T; 256]>;

/// A validated ruleset: names resolved to ids, numbers checked.
#[derive(Debug, Clone)]
pub struct Rules {
    pub name: String,
    pub source: String,
    pub sight_radius: u32,
    pub default_bias: f64,
    pub random_entry_weight: f64,
    pub origin: (BiomeId, LandmarkId),
    pub pocket: (BiomeId, LandmarkId),
    pub biomes: Vec<Biome>,
    pub landmarks: Vec<Landmark>,
    pub features: Vec<Feature>,
    pub resources: Vec<String>,
    pub construction: Construction,
    pub play: PlayRules,
    /// For each biome, the bit mask of biomes that suppress it.
    pub suppressors: ByBiome<u64>,
    /// The biomes some other biome can suppress.
    pub suppressible: Vec<u8>,
    /// Each biome's weight and bias, packed for the biome draw.
    pub weights: ByBiome<f64>,
    pub biases: ByBiome<f64>,
    /// The sum of the biome weights: the random pool before suppression.
    pub random_total: f64,
    /// The features with a chance at generation, and that chance.
    pub chances: Vec<(FeatureId, f64)>,
    /// Landmark weights by biome, one row a biome: `landmark_weights[biome * n + landmark]`
    /// with `n` landmarks (see [`Rules::landmark_row`]).
    pub landmark_weights: Vec<f64>,
    /// The sum of each biome's landmark weights.
    pub landmark_totals: ByBiome<f64>,
    /// The feature that corrupts, when the ruleset has one.
    pub corruption: Option<FeatureId>,
}

impl Rules {
    /// Parses and validates rule text; `source` names it in errors (a path, or the embedded name).
    pub fn from_str(text: &str, source: &str) -> Result<Rules, RulesError> {
        let raw = raw::parse(text, source)?;
        validate::validate(raw, source)
    }

    pub fn from_file(path: &Path) -> Result<Rules, RulesError> {
        let (text, source) = crate::rules::read_rule_file(path)?;
        Self::from_str(&text, &source)
    }

    /// The embedded default Aeternus ruleset.
    pub fn aeternus() -> Rules {
        Self::from_str(DEFAULT_AETERNUS, DEFAULT_AETERNUS_NAME)
            .expect("the embedded Aeternus rules are valid (checked by tests)")
    }

    /// Recomputes the packed tables the draws read (weights, biases, suppression, landmark
    /// weights by biome, feature chances) from the biomes, landmarks and features: call it after
    /// changing those in code.
    pub fn derive_tables(&mut self) {
        let by_biome = |f: &dyn Fn(&Biome) -> f64| {
            let mut t = Box::new([0.0; 256]);
            for (i, b) in self.biomes.iter().enumerate() {
                t[i] = f(b);
            }
            t
        };
        self.weights = by_biome(&|b| b.weight);
        self.biases = by_biome(&|b| b.bias);
        self.random_total = self.biomes.iter().map(|b| b.weight).sum();
        *self.suppressors = [0; 256];
        for (i, b) in self.biomes.iter().enumerate() {
            self.suppressors[i] = b.suppressed_beside.iter().fold(0u64, |m, s| m | 1 << s.0);
        }
        self.suppressible = (0..self.biomes.len() as u8)
            .filter(|&b| self.suppressors[b as usize] != 0)
            .collect();
        self.landmark_weights = (0..self.biomes.len())
            .flat_map(|b| {
                let b = BiomeId(b as u8);
                self.landmarks
                    .iter()
                    .map(move |l| l.weight_on.get(&b).copied().unwrap_or(l.weight))
            })
            .collect();
        *self.landmark_totals = [0.0; 256];
        for b in 0..self.biomes.len() {
            self.landmark_totals[b] = self.landmark_row(BiomeId(b as u8)).iter().sum();
        }
        self.chances = (self.features.iter().enumerate())
            .filter(|(_, f)| f.chance > 0.0)
            .map(|(i, f)| (FeatureId(i as u8), f.chance))
            .collect();
    }

    /// `biome`'s landmark weights, by landmark id.
    #[inline(always)]
    pub fn landmark_row(&self, biome: BiomeId) -> &[f64] {
        let n = self.landmarks.len();
        &self.landmark_weights[biome.0 as usize * n..][..n]
    }

    /// The pylons: each feature that keeps corruption off (`Purify`), with its radius.
    pub fn pylons(&self) -> impl Iterator<Item = (FeatureId, u32)> + '_ {
        (self.features.iter().enumerate()).filter_map(|(i, f)| match f.effect {
            FeatureEffect::Purify { radius } => Some((FeatureId(i as u8), radius)),
            _ => None,
        })
    }

    pub fn biome(&self, name: &str) -> Option<BiomeId> {
        self.biomes
            .iter()
            .position(|b| b.name == name)
            .map(|i| BiomeId(i as u8))
    }

    pub fn landmark(&self, name: &str) -> Option<LandmarkId> {
        self.landmarks
            .iter()
            .position(|b| b.name == name)
            .map(|i| LandmarkId(i as u8))
    }

    pub fn advance(&self, name: &str) -> Option<AdvanceId> {
        (self.play.advances.iter())
            .position(|a| a.name == name)
            .map(|i| AdvanceId(i as u8))
    }

    /// An advance's name, or its number when the rules have none such.
    pub fn advance_name(&self, a: AdvanceId) -> String {
        self.play
            .advances
            .get(a.0 as usize)
            .map_or_else(|| format!("advance {}", a.0), |s| s.name.clone())
    }

    pub fn feature(&self, name: &str) -> Option<FeatureId> {
        self.features
            .iter()
            .position(|b| b.name == name)
            .map(|i| FeatureId(i as u8))
    }

    /// The names ids index, list by list.
    pub fn names(&self) -> Names {
        Names {
            biomes: self.biomes.iter().map(|b| b.name.clone()).collect(),
            landmarks: self.landmarks.iter().map(|l| l.name.clone()).collect(),
            features: self.features.iter().map(|f| f.name.clone()).collect(),
        }
    }

    pub fn biome_name(&self, b: BiomeId) -> &str {
        &self.biomes[b.0 as usize].name
    }

    pub fn landmark_name(&self, l: LandmarkId) -> &str {
        &self.landmarks[l.0 as usize].name
    }

    pub fn feature_name(&self, f: FeatureId) -> &str {
        &self.features[f.0 as usize].name
    }

    /// A faction's name: the ruleset's, or "Faction N" beyond its list.
    pub fn faction_name(&self, i: u32) -> String {
        match self.play.factions.get(i as usize) {
            Some(f) => f.name.clone(),
            None => format!("Faction {}", u64::from(i) + 1),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
