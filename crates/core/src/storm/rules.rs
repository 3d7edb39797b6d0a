//! The validated storm ruleset: names resolved to ids, numbers checked (see `validate.rs`).

use std::ops::RangeInclusive;

use super::template::Template;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BiomeId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SealId(pub u8);

#[derive(Debug, Clone)]
pub struct Biome {
    pub name: String,
    /// Weight in the initial draw; 0 for placed biomes (capital, Sealed Forest).
    pub weight: f64,
    /// Drawn only at or beyond this distance from the Citadel (smoothing may spread it inward).
    pub min_distance: u32,
    pub colour: [u8; 3],
    pub allows_modifiers: bool,
    pub accessible: bool,
}

#[derive(Debug, Clone)]
pub struct Seal {
    pub name: String,
    /// The ring every copy lies on.
    pub distance: u32,
    pub colour: [u8; 3],
}

#[derive(Debug, Clone, Copy)]
pub struct Smoothing {
    pub passes: u32,
    pub threshold: u32,
}

/// The Queen's Hand trial's seal generator.
#[derive(Debug, Clone)]
pub struct TrialRules {
    pub copies: u32,
    pub min_distance: u32,
    pub max_distance: u32,
    pub spacing: u32,
}

/// What a reservation will hold once reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Event,
    Modifier,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Event, Kind::Modifier];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Event => "event",
            Kind::Modifier => "modifier",
        }
    }
}

#[derive(Debug, Clone)]
pub struct KindRules {
    pub main: RangeInclusive<u32>,
    pub prestige: RangeInclusive<u32>,
    /// Nearest and farthest distance from the Citadel a reservation of this kind may lie at.
    pub spawn_distance: RangeInclusive<u32>,
    pub mark: [u8; 3],
}

#[derive(Debug, Clone)]
pub struct Reservations {
    /// Reservations lie more than this many cells from every seal.
    pub seal_clearance: u32,
    pub events: KindRules,
    pub modifiers: KindRules,
}

impl Reservations {
    pub fn of(&self, kind: Kind) -> &KindRules {
        match kind {
            Kind::Event => &self.events,
            Kind::Modifier => &self.modifiers,
        }
    }
}

/// An event, a modifier, or an entry of a settlement pool.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub effect: String,
    pub weight: f64,
    pub amount: RangeInclusive<u32>,
}

#[derive(Debug, Clone)]
pub struct SettlementRules {
    pub template: Template,
    pub glades: Vec<Entry>,
    pub resources: Vec<Entry>,
    pub ore: Vec<Entry>,
    pub springs: Vec<Entry>,
    pub rewards: Vec<Entry>,
    pub glade_events: Vec<Entry>,
}

/// The storm ruleset (`assets/rules/storm.ron`), validated.
#[derive(Debug, Clone)]
pub struct StormRules {
    pub name: String,
    pub source: String,
    pub radius: u32,
    pub biomes: Vec<Biome>,
    pub capital: BiomeId,
    pub sealed_forest: BiomeId,
    pub smoothing: Smoothing,
    pub seals: Vec<Seal>,
    pub trial: TrialRules,
    pub reservations: Reservations,
    pub events: Vec<Entry>,
    pub modifiers: Vec<Entry>,
    pub settlement: SettlementRules,
    /// For each distance 0..=radius, the cumulative weights of the biomes drawable there.
    pub draw_tables: Vec<Vec<(f64, BiomeId)>>,
}

impl StormRules {
    pub fn biome(&self, name: &str) -> Option<BiomeId> {
        self.biomes
            .iter()
            .position(|b| b.name == name)
            .map(|i| BiomeId(i as u8))
    }

    pub fn biome_of(&self, id: BiomeId) -> &Biome {
        &self.biomes[id.0 as usize]
    }

    /// A seal by name, ignoring case and surrounding spaces (as typed after `--contracts`).
    pub fn seal(&self, name: &str) -> Option<SealId> {
        let n = name.trim();
        self.seals
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(n))
            .map(|i| SealId(i as u8))
    }

    pub fn seal_of(&self, id: SealId) -> &Seal {
        &self.seals[id.0 as usize]
    }

    pub fn all_seals(&self) -> Vec<SealId> {
        (0..self.seals.len()).map(|i| SealId(i as u8)).collect()
    }

    /// The pool a reservation of `kind` draws from on arrival.
    pub fn pool(&self, kind: Kind) -> &[Entry] {
        match kind {
            Kind::Event => &self.events,
            Kind::Modifier => &self.modifiers,
        }
    }
}

/// Draws an index by weight; `u` is uniform in [0, 1). Validation guarantees a positive total.
pub fn pick_weighted(entries: &[Entry], u: f64) -> usize {
    let total: f64 = entries.iter().map(|e| e.weight).sum();
    let mut x = u * total;
    for (i, e) in entries.iter().enumerate() {
        if x < e.weight {
            return i;
        }
        x -= e.weight;
    }
    // Rounding at the top end: the last entry with a positive weight.
    entries.iter().rposition(|e| e.weight > 0.0).unwrap_or(0)
}
