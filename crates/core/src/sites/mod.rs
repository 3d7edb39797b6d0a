//! The site layer (`seeds/dominions-site-generation.txt`, read as the spec README says): any
//! ruleset maps its biomes and landmarks to Dominions terrain flags, and each province (a hex or
//! a storm cell) rolls its sites from them: first the path step, then eight rolls against a local
//! frequency that shrinks by a quarter each time. Rules: `assets/rules/sites.ron`.

mod bind;
pub mod knowledge;
pub mod plugin;
mod raw;
pub mod roll;
pub mod shown;
pub mod terrain;
pub mod validate;
pub mod veil;
pub mod world;

use std::path::Path;

pub use bind::AeternusTerrain;
pub use knowledge::{Knowledge, Known, KnownSites, STOOD_ON};
pub use plugin::SiteLayer;
pub use roll::{Placed, Step, Uniques};
pub use terrain::{Era, Loc, Terrain};
pub use veil::{ShownSite, Veil};

use crate::rules::{RulesError, Yield};

/// The default site rules, embedded so the layer works from any folder.
pub const DEFAULT_SITES: &str = include_str!("../../../../assets/rules/sites.ron");
pub const DEFAULT_SITES_NAME: &str = "assets/rules/sites.ron";

#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    pub name: String,
    /// 0 common, 1 uncommon, 2 rare.
    pub rarity: u8,
    /// Index into [`SiteRules::paths`].
    pub path: Option<u8>,
    pub loc: Loc,
    /// Paid each phase to the faction whose flag stands on the site's hex.
    pub yields: Yield,
    /// Added to a gathering on the site's hex.
    pub gather: Yield,
    /// Extra sight for a player standing on the site's hex.
    pub sight: u32,
    /// What the site is, in words.
    pub lore: String,
    /// How hard the site is to find (0..=100): a faction knows it once one of its players sees
    /// its hex when 0, stands on its hex, or searches the hex and draws at least this much.
    pub find: u8,
}

impl Site {
    pub fn unique(&self) -> bool {
        self.loc.has(Loc::UNIQUE)
    }

    /// What the site does, in one line: its data, then its lore.
    pub fn effect(&self) -> String {
        let list = |y: &Yield| {
            y.iter()
                .map(|(r, n)| format!("+{n} {r}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !self.yields.is_empty() {
            parts.push(format!("{} each phase to its flag", list(&self.yields)));
        }
        if !self.gather.is_empty() {
            parts.push(format!("{} to a gathering", list(&self.gather)));
        }
        if self.sight > 0 {
            parts.push(format!("sight +{}", self.sight));
        }
        if !self.lore.is_empty() {
            parts.push(self.lore.clone());
        }
        parts.join("; ")
    }
}

/// Validated site rules. The terrain maps are checked against a ruleset's names only when bound
/// to it ([`SiteRules::for_aeternus`], [`SiteRules::for_storm`]).
#[derive(Debug, Clone)]
pub struct SiteRules {
    pub name: String,
    pub source: String,
    /// The world's base site frequency, in percent.
    pub base_frequency: u32,
    pub era: Era,
    /// Path names; a path's id is its index.
    pub paths: Vec<String>,
    pub aeternus_biomes: Vec<(String, Terrain)>,
    pub aeternus_landmarks: Vec<(String, Terrain)>,
    pub storm_biomes: Vec<(String, Terrain)>,
    pub sites: Vec<Site>,
}

impl SiteRules {
    pub fn from_str(text: &str, source: &str) -> Result<SiteRules, RulesError> {
        validate::validate(raw::parse(text, source)?, source)
    }

    pub fn from_file(path: &Path) -> Result<SiteRules, RulesError> {
        let (text, source) = crate::rules::read_rule_file(path)?;
        Self::from_str(&text, &source)
    }

    /// The embedded default.
    pub fn embedded() -> SiteRules {
        Self::from_str(DEFAULT_SITES, DEFAULT_SITES_NAME)
            .expect("the embedded site rules are valid (checked by tests)")
    }

    pub fn site(&self, name: &str) -> Option<usize> {
        self.sites.iter().position(|s| s.name == name)
    }

    pub fn path_name(&self, site: &Site) -> Option<&str> {
        site.path.map(|p| self.paths[p as usize].as_str())
    }
}

#[cfg(test)]
mod tests;
