//! The storm world: a finite seeded map regenerated every cycle (see `storm-world-map` and the
//! spec README's readings). Rules: `assets/rules/storm.ron`; settlement template:
//! `assets/rules/storm-settlement.ron`. The map comes from (run seed, cycle) alone.

mod biomes;
pub mod disc;
mod export;
pub mod map;
mod raw;
pub mod reservations;
pub mod rules;
pub mod seals;
pub mod settlement;
mod smoothing;
pub mod stream;
pub mod template;
pub mod token;
pub mod trial;
mod validate;

use std::path::Path;

pub use map::{Content, CycleParams, StormMap};
pub use rules::{BiomeId, Kind, SealId, StormRules};
pub use settlement::Settlement;

use crate::rules::RulesError;
use template::Template;

/// The default ruleset and template, embedded so the game runs from any folder.
pub const DEFAULT_STORM: &str = include_str!("../../../../assets/rules/storm.ron");
pub const DEFAULT_STORM_NAME: &str = "assets/rules/storm.ron";
pub const DEFAULT_TEMPLATE: &str = include_str!("../../../../assets/rules/storm-settlement.ron");
pub const DEFAULT_TEMPLATE_NAME: &str = "assets/rules/storm-settlement.ron";
/// How the default ruleset names its template (relative to the rule file).
pub const DEFAULT_TEMPLATE_REF: &str = "storm-settlement.ron";

impl StormRules {
    /// The embedded default ruleset with the embedded template.
    pub fn embedded() -> Result<StormRules, RulesError> {
        let raw: raw::RawStorm = raw::parse(DEFAULT_STORM, DEFAULT_STORM_NAME)?;
        let template = Template::from_str(DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME)?;
        validate::validate(raw, DEFAULT_STORM_NAME, template)
    }

    /// Parses and validates rule text; `source` names it in errors and, when it is a path,
    /// locates the template: relative to the rule file, never absolute, never out of its folder
    /// (see [`crate::rules::check::Check::inner_path`]). The default template reference falls
    /// back to the embedded template when no such file exists.
    pub fn from_str(text: &str, source: &str) -> Result<StormRules, RulesError> {
        const FIELD: &str = "settlement.template";
        let raw: raw::RawStorm = raw::parse(text, source)?;
        let reference = raw.settlement.template.clone();
        let path = validate::Check { source }.inner_path(FIELD, &reference)?;
        let template = if reference == DEFAULT_TEMPLATE_REF && !path.exists() {
            Template::from_str(DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME)?
        } else {
            let (text, name) = crate::rules::read_rule_file(&path).map_err(|e| {
                RulesError::new(
                    source,
                    Some(FIELD.into()),
                    format!("cannot read the template {}: {}", path.display(), e.message),
                )
            })?;
            Template::from_str(&text, &name)?
        };
        validate::validate(raw, source, template)
    }

    /// The rule text parsed, not yet validated, with the template it names as written.
    pub fn parse_raw(text: &str, source: &str) -> Result<(raw::RawStorm, String), RulesError> {
        let raw: raw::RawStorm = raw::parse(text, source)?;
        let reference = raw.settlement.template.clone();
        Ok((raw, reference))
    }

    /// Validates parsed rule text with the template it names.
    pub fn from_raw(
        raw: raw::RawStorm,
        source: &str,
        template: Template,
    ) -> Result<StormRules, RulesError> {
        validate::validate(raw, source, template)
    }

    pub fn from_file(path: &Path) -> Result<StormRules, RulesError> {
        let (text, source) = crate::rules::read_rule_file(path)?;
        Self::from_str(&text, &source)
    }
}

#[cfg(test)]
mod tests;
