//! The site rule file as written: serde types mirroring `assets/rules/sites.ron`.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::terrain::Era;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Sites")]
pub struct RawSites {
    pub name: String,
    pub base_frequency: u32,
    pub era: Era,
    #[serde(default)]
    pub paths: Vec<String>,
    #[serde(default)]
    pub aeternus: RawAeternus,
    #[serde(default)]
    pub storm: RawStorm,
    pub sites: Vec<RawSite>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAeternus {
    #[serde(default)]
    pub biomes: Entries<RawTerrain>,
    #[serde(default)]
    pub landmarks: Entries<RawTerrain>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStorm {
    #[serde(default)]
    pub biomes: Entries<RawTerrain>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTerrain {
    #[serde(default)]
    pub flags: Vec<String>,
    #[serde(default)]
    pub paths: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSite {
    pub name: String,
    pub rarity: u32,
    #[serde(default)]
    pub path: Option<String>,
    pub loc: Vec<String>,
    /// Resources paid each phase to the faction whose flag stands on the site's hex.
    #[serde(default)]
    pub yields: BTreeMap<String, u32>,
    /// Resources added to a gathering on the site's hex.
    #[serde(default)]
    pub gather: BTreeMap<String, u32>,
    /// How much further a player standing on the site's hex sees.
    #[serde(default)]
    pub sight: u32,
    /// What the site is, in words: shown with its name, never applied.
    #[serde(default)]
    pub lore: String,
    /// How hard the site is to find, 0..=100: 0 is known to whoever sees its hex.
    #[serde(default)]
    pub find: u32,
}

/// A RON map kept in file order with its repeats, so a name given twice can be reported
/// (a `BTreeMap` would keep the last one silently).
#[derive(Debug)]
pub struct Entries<V>(pub Vec<(String, V)>);

impl<V> Default for Entries<V> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Entries<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Visit<V> {
            type Value = Entries<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from names to terrain")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    v.push(entry);
                }
                Ok(Entries(v))
            }
        }
        d.deserialize_map(Visit(PhantomData))
    }
}

pub use crate::rules::parse::parse;
