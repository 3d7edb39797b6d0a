//! The storm rule file as written: serde types mirroring `assets/rules/storm.ron`.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Storm")]
pub struct RawStorm {
    pub name: String,
    pub radius: u32,
    pub biomes: Vec<RawBiome>,
    pub capital: String,
    pub sealed_forest: String,
    pub smoothing: RawSmoothing,
    pub seals: Vec<RawSeal>,
    pub trial: RawTrial,
    pub reservations: RawReservations,
    pub events: Vec<RawEntry>,
    pub modifiers: Vec<RawEntry>,
    pub settlement: RawSettlement,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBiome {
    pub name: String,
    pub weight: f64,
    #[serde(default)]
    pub min_distance: u32,
    pub colour: String,
    pub allows_modifiers: bool,
    pub accessible: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSmoothing {
    pub passes: u32,
    pub threshold: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSeal {
    pub name: String,
    pub distance: u32,
    pub colour: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTrial {
    pub copies: u32,
    pub min_distance: u32,
    pub max_distance: u32,
    pub spacing: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawReservations {
    pub seal_clearance: u32,
    pub events: RawKind,
    pub modifiers: RawKind,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawKind {
    pub main: (u32, u32),
    pub prestige: (u32, u32),
    pub spawn_distance: (u32, u32),
    pub mark: String,
}

/// An event, a modifier, or a settlement pool entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEntry {
    pub name: String,
    #[serde(default)]
    pub effect: String,
    #[serde(default = "one")]
    pub weight: f64,
    #[serde(default = "one_one")]
    pub amount: (u32, u32),
}

fn one() -> f64 {
    1.0
}

fn one_one() -> (u32, u32) {
    (1, 1)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSettlement {
    pub template: String,
    pub glades: Vec<RawEntry>,
    pub resources: Vec<RawEntry>,
    pub ore: Vec<RawEntry>,
    pub springs: Vec<RawEntry>,
    pub rewards: Vec<RawEntry>,
    pub glade_events: Vec<RawEntry>,
}

pub use crate::rules::parse::parse;
