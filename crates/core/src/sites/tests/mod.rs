//! Tests of the site layer: the numbers of the document, each location row, the steps, the world
//! rules (unique, order, seeds), the default rules and the broken corpus.

mod corpus;
mod location;
mod roll;
mod stats;
mod world;

use super::SiteRules;

/// Site rules with the given base frequency, era, paths and `sites: [...]` body.
pub fn rules(base: u32, era: &str, sites: &str) -> SiteRules {
    let text = format!(
        "Sites(name: \"test\", base_frequency: {base}, era: {era}, \
         paths: [\"Ember\", \"Gale\", \"Tide\", \"Stone\"], sites: [{sites}])"
    );
    SiteRules::from_str(&text, "test.ron").unwrap_or_else(|e| panic!("{e}"))
}

/// One non-unique site of each rarity on every land and sea terrain (none fits a cave only).
pub const EVERYWHERE: &str = r#"
    (name: "c", rarity: 0, loc: ["plains", "forest", "mountain", "waste", "swamp", "sea"], lore: "x"),
    (name: "u", rarity: 1, loc: ["plains", "forest", "mountain", "waste", "swamp", "sea"], lore: "x"),
    (name: "r", rarity: 2, loc: ["plains", "forest", "mountain", "waste", "swamp", "sea"], lore: "x"),
"#;
