//! Broken storm rules fail with the file, the field or line, and a clear message; never a panic.

use super::super::template::Template;
use super::super::{DEFAULT_STORM, DEFAULT_TEMPLATE, StormRules};

const FILE: &str = "assets/rules/broken-storm.ron";

fn broken(from: &str, to: &str) -> crate::rules::RulesError {
    assert!(
        DEFAULT_STORM.contains(from),
        "the default rules lack `{from}`"
    );
    StormRules::from_str(&DEFAULT_STORM.replacen(from, to, 1), FILE).expect_err(to)
}

#[test]
fn the_embedded_rules_hold_the_seed_numbers() {
    let r = StormRules::embedded().unwrap();
    assert_eq!(r.radius, 30);
    assert_eq!((r.smoothing.passes, r.smoothing.threshold), (2, 4));
    assert_eq!(r.seals.len(), 3);
    assert_eq!(r.reservations.events.main, 60..=65);
    assert_eq!(r.reservations.modifiers.main, 100..=110);
    assert_eq!(r.reservations.events.prestige, 70..=75);
    assert_eq!(r.reservations.modifiers.prestige, 115..=125);
    assert_eq!(r.reservations.seal_clearance, 2);
    assert!(r.events.len() >= 12 && r.modifiers.len() >= 20);
    assert!(
        r.events
            .iter()
            .chain(&r.modifiers)
            .all(|e| !e.effect.is_empty())
    );
    assert_eq!(r.biome_of(r.sealed_forest).name, "Sealed Forest");
    // Loading the file from disk finds the template beside it.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rules/storm.ron");
    let f = StormRules::from_file(&path).unwrap();
    assert_eq!(
        f.settlement.template.slots.len(),
        r.settlement.template.slots.len()
    );
}

#[test]
fn field_errors_name_the_field() {
    let cases = [
        (
            "capital: \"Citadel\"",
            "capital: \"Citadelle\"",
            "capital",
            "unknown biome `Citadelle`",
        ),
        (
            "name: \"Birchwood\"",
            "name: \"Heath\"",
            "biomes[3].name",
            "named twice",
        ),
        (
            "main: (60, 65)",
            "main: (65, 60)",
            "reservations.events.main",
            "is empty",
        ),
        (
            "spawn_distance: (1, 30)",
            "spawn_distance: (1, 31)",
            "reservations.modifiers.spawn_distance",
            "beyond the radius",
        ),
        (
            "(name: \"Gloam\", distance: 23, colour: \"#b36bff\"),",
            "",
            "seals",
            "exactly three",
        ),
        (
            "distance: 8,",
            "distance: 0,",
            "seals[0].distance",
            "1..=30",
        ),
        (
            "threshold: 4",
            "threshold: 3",
            "smoothing.threshold",
            "4..=6",
        ),
        (
            "name: \"Citadel\", weight: 0.0",
            "name: \"Citadel\", weight: 1.0",
            "capital",
            "weight must be 0",
        ),
        (
            "min_distance: 22",
            "min_distance: 40",
            "biomes[9].min_distance",
            "beyond the map's radius",
        ),
        (
            "colour: \"#ff6a2a\"",
            "colour: \"orange\"",
            "seals[0].colour",
            "not a colour",
        ),
        (
            "(name: \"Bluebell Glade\"), (name: \"Fern Glade\"), (name: \"Stone Circle Glade\", weight: 0.5)",
            "(name: \"Bluebell Glade\", weight: 0.0)",
            "settlement.glades[..].weight",
            "weight 0",
        ),
        ("glades: [", "glades: [], old_glades: [", "", "old_glades"),
        (
            "(name: \"Weeping Statue\", effect: \"Its tears lift one curse.\"),",
            "",
            "",
            "",
        ),
        (
            "name: \"Stormcrag\", weight: 3.0, min_distance: 9, colour: \"#7b7a86\", allows_modifiers: false",
            "name: \"Stormcrag\", weight: 3.0, min_distance: 9, colour: \"#7b7a86\", allows_modifiers: true",
            "biomes[6].allows_modifiers",
            "not accessible",
        ),
        (
            "template: \"../storm/settlement.ron\"",
            "template: \"../storm/missing.ron\"",
            "settlement.template",
            "cannot read the template",
        ),
    ];
    for (from, to, field, msg) in cases {
        if field.is_empty() && msg.is_empty() {
            // Removing one event still leaves 13: valid. Removing two more breaks the minimum.
            let t = DEFAULT_STORM
                .replacen(from, to, 1)
                .replacen("(name: \"Salt Smugglers\", effect: \"Buy salt at 2 coins a sack.\"),", "", 1)
                .replacen("(name: \"Rift Wolves\", effect: \"Fight for a bundle of pelts, or drop 1 food to flee.\"),", "", 1);
            let e = StormRules::from_str(&t, FILE).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("events"));
            assert!(e.message.contains("at least 12"), "{e}");
            continue;
        }
        let e = broken(from, to);
        let text = e.to_string();
        assert!(text.starts_with(FILE), "{text}");
        assert!(text.contains(msg), "`{text}` lacks `{msg}`");
        if field.is_empty() {
            assert!(e.line.is_some(), "{text}: a parse error carries its line");
        } else {
            assert_eq!(
                e.field.as_deref().map(|f| f.split(' ').next().unwrap()),
                Some(field),
                "{text}"
            );
        }
    }
}

#[test]
fn a_glade_pool_of_zero_weights_and_an_empty_pool_fail() {
    let e = broken(
        "glades: [(name: \"Bluebell Glade\"), (name: \"Fern Glade\"), (name: \"Stone Circle Glade\", weight: 0.5)]",
        "glades: []",
    );
    assert!(e.to_string().contains("settlement.glades"), "{e}");
    let e = broken(
        "(name: \"Bluebell Glade\")",
        "(name: \"Bluebell Glade\", weight: -1.0)",
    );
    assert!(e.to_string().contains("finite number >= 0"), "{e}");
}

#[test]
fn syntax_errors_carry_the_line() {
    let e = broken("radius: 30,", "radius: 30,,");
    assert!(e.line.is_some_and(|(l, _)| l == 9), "{e}");
    let e = broken(
        "min_distance: 0, colour: \"#a9c46c\"",
        "min_distance: 0, color: \"#a9c46c\"",
    );
    assert!(e.line.is_some() && e.to_string().contains("color"), "{e}");
}

#[test]
fn nothing_to_draw_at_some_distance_fails() {
    let t = DEFAULT_STORM.replace("min_distance: 0,", "min_distance: 1,");
    let e = StormRules::from_str(&t, FILE).unwrap_err();
    assert!(e.to_string().contains("at distance 0"), "{e}");
}

#[test]
fn template_errors_name_the_template() {
    let name = "assets/storm/broken.ron";
    let cases = [
        (
            "(at: (4, 0, 0), kind: Reward, chance: 0.6)",
            "(at: (5, 0, 0), kind: Reward)",
            "slots[16].at",
            "outside",
        ),
        (
            "(at: (4, 0, 0), kind: Reward, chance: 0.6)",
            "(at: (0, 0, 3), kind: Reward)",
            "slots[16].at",
            "already holds a slot",
        ),
        (
            "(at: (0, 0, 4), ground: \"Meadow\")",
            "(at: (0, 0, 4), ground: \"Lawn\")",
            "cells[2].ground",
            "unknown ground `Lawn`",
        ),
        (
            "(at: (0, 0, 4), ground: \"Meadow\")",
            "(at: (0, 0, 3), ground: \"Meadow\")",
            "cells[2].at",
            "listed twice",
        ),
        (
            "chance: 0.5),\n        (at: (0, 0, 4)",
            "chance: 1.5),\n        (at: (0, 0, 4)",
            "slots[2].chance",
            "[0, 1]",
        ),
    ];
    for (from, to, field, msg) in cases {
        assert!(
            DEFAULT_TEMPLATE.contains(from),
            "the template lacks `{from}`"
        );
        let e = Template::from_str(&DEFAULT_TEMPLATE.replacen(from, to, 1), name).unwrap_err();
        assert!(
            e.to_string().starts_with(name) && e.to_string().contains(msg),
            "{e}"
        );
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
    }
    let e = Template::from_str(
        &DEFAULT_TEMPLATE.replacen("kind: Ore,", "kind: Gold,", 1),
        name,
    )
    .unwrap_err();
    assert!(e.line.is_some(), "{e}");
}
