//! Binding site rules to a ruleset: every biome (and landmark) it has needs a terrain, and every
//! name the site rules give must be one of them.

use super::{SiteRules, Terrain};
use crate::rules::check::Check;
use crate::rules::{Rules, RulesError};
use crate::storm::StormRules;
use crate::world::GeneratedHex;

/// Terrain by Aeternus biome and landmark id.
#[derive(Debug, Clone)]
pub struct AeternusTerrain {
    pub biomes: Vec<Terrain>,
    pub landmarks: Vec<Terrain>,
}

impl AeternusTerrain {
    /// A hex's terrain: its biome's flags with its landmark's.
    pub fn of(&self, d: &GeneratedHex) -> Terrain {
        self.biomes[d.biome.0 as usize].union(self.landmarks[d.landmark.0 as usize])
    }
}

impl SiteRules {
    /// Binds to an Aeternus ruleset: every biome and landmark needs a terrain, and the sites
    /// pay only the ruleset's resources.
    pub fn for_aeternus(&self, rules: &Rules) -> Result<AeternusTerrain, RulesError> {
        self.check_resources(rules)?;
        let biomes: Vec<&str> = rules.biomes.iter().map(|b| b.name.as_str()).collect();
        let landmarks: Vec<&str> = rules.landmarks.iter().map(|l| l.name.as_str()).collect();
        Ok(AeternusTerrain {
            biomes: self.bind(
                "aeternus.biomes",
                "biome",
                &self.aeternus_biomes,
                &biomes,
                &rules.source,
            )?,
            landmarks: self.bind(
                "aeternus.landmarks",
                "landmark",
                &self.aeternus_landmarks,
                &landmarks,
                &rules.source,
            )?,
        })
    }

    /// Terrain by storm biome id.
    pub fn for_storm(&self, rules: &StormRules) -> Result<Vec<Terrain>, RulesError> {
        let biomes: Vec<&str> = rules.biomes.iter().map(|b| b.name.as_str()).collect();
        self.bind(
            "storm.biomes",
            "biome",
            &self.storm_biomes,
            &biomes,
            &rules.source,
        )
    }

    fn check_resources(&self, rules: &Rules) -> Result<(), RulesError> {
        let c = Check {
            source: &self.source,
        };
        for (i, site) in self.sites.iter().enumerate() {
            for (field, y) in [("yields", &site.yields), ("gather", &site.gather)] {
                if let Some(r) = y.keys().find(|r| !rules.resources.contains(r)) {
                    return Err(c.err(
                        format!("sites[{i}].{field}[\"{r}\"]"),
                        format!(
                            "`{r}` is not a resource of {}; its resources are: {}",
                            rules.source,
                            rules.resources.join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn bind(
        &self,
        field: &str,
        kind: &str,
        given: &[(String, Terrain)],
        names: &[&str],
        rules_source: &str,
    ) -> Result<Vec<Terrain>, RulesError> {
        let c = Check {
            source: &self.source,
        };
        if let Some((name, _)) = given.iter().find(|(n, _)| !names.contains(&n.as_str())) {
            return Err(c.err(
                format!("{field}[\"{name}\"]"),
                format!(
                    "`{name}` is not a {kind} of {rules_source}; its {kind}s are: {}",
                    names.join(", ")
                ),
            ));
        }
        names
            .iter()
            .map(|n| {
                given
                    .iter()
                    .find(|(g, _)| g == n)
                    .map(|(_, t)| *t)
                    .ok_or_else(|| {
                        c.err(
                            field,
                            format!("gives no terrain for the {kind} `{n}` of {rules_source}"),
                        )
                    })
            })
            .collect()
    }
}
