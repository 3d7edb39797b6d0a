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
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("assets/rules/storm.ron");
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
            "template: \"storm-settlement.ron\"",
            "template: \"missing.ron\"",
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
    assert!(
        e.to_string()
            .contains("a weight must be a finite number in 0..=1000000"),
        "{e}"
    );
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
    let name = "assets/rules/broken-template.ron";
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

/// Every number of the storm rules has its range; one past it is refused, naming the field and
/// the limit.
#[test]
fn every_storm_number_past_its_range_is_refused_with_the_field_and_the_limit() {
    let cases = [
        (
            "radius: 30,",
            "radius: 201,",
            "radius",
            "is 201; must lie in 1..=200",
        ),
        (
            "radius: 30,",
            "radius: 0,",
            "radius",
            "is 0; must lie in 1..=200",
        ),
        (
            "seal_clearance: 2,",
            "seal_clearance: 40000,",
            "reservations.seal_clearance",
            "is 40000; must lie in 0..=32",
        ),
        (
            "main: (60, 65)",
            "main: (60, 4294967295)",
            "reservations.events.main",
            "is (60, 4294967295); both numbers must lie in 0..=2791",
        ),
        (
            "prestige: (115, 125)",
            "prestige: (2792, 2792)",
            "reservations.modifiers.prestige",
            "is (2792, 2792); both numbers must lie in 0..=2791",
        ),
        (
            "passes: 2,",
            "passes: 17,",
            "smoothing.passes",
            "is 17; must lie in 0..=16",
        ),
        (
            "copies: 3,",
            "copies: 9,",
            "trial.copies",
            "is 9; must lie in 1..=8",
        ),
        (
            "min_distance: 6,",
            "min_distance: 0,",
            "trial.min_distance",
            "is 0; must lie in 1..=30",
        ),
        (
            "max_distance: 26,",
            "max_distance: 31,",
            "trial.max_distance",
            "is 31; must lie in 1..=30",
        ),
        (
            "spacing: 8",
            "spacing: 401",
            "trial.spacing",
            "is 401; must lie in 0..=400",
        ),
        (
            "name: \"Citadel\", weight: 0.0,",
            "name: \"Citadel\", weight: 0.0, min_distance: 31,",
            "biomes[0].min_distance",
            "is 31, beyond the map's radius 30: it must lie in 0..=30",
        ),
        (
            "name: \"Heath\", weight: 6.0,",
            "name: \"Heath\", weight: NaN,",
            "biomes[2].weight",
            "is NaN; a weight must be a finite number in 0..=1000000",
        ),
        (
            "name: \"Heath\", weight: 6.0,",
            "name: \"Heath\", weight: 1e308,",
            "biomes[2].weight",
            "is 1e308; a weight must be a finite number in 0..=1000000",
        ),
        (
            "(name: \"Hailstone Cairn\", effect: \"Answer its riddle for a random relic.\", weight: 0.5)",
            "(name: \"Hailstone Cairn\", effect: \"Answer its riddle for a random relic.\", weight: 1e7)",
            "events[6].weight",
            "is 10000000; a weight must be a finite number in 0..=1000000",
        ),
        (
            "(name: \"timber\", amount: (3, 8))",
            "(name: \"timber\", amount: (3, 4294967295))",
            "settlement.resources[0].amount",
            "is (3, 4294967295); both numbers must lie in 0..=1000000",
        ),
    ];
    for (from, to, field, msg) in cases {
        let e = broken(from, to);
        assert_eq!(
            e.field.as_deref().map(|f| f.split(' ').next().unwrap()),
            Some(field),
            "{e}"
        );
        assert_eq!(e.message, msg, "{e}");
    }
    let long = format!("effect: \"{}\"", "x".repeat(1001));
    let e = broken("effect: \"Hunt it for +4 food.\"", &long);
    assert!(
        e.to_string()
            .contains("field `settlement.glade_events[1].effect (\"Grazing Stag\")`: is 1001 characters long; a text has at most 1000"),
        "{e}"
    );
    let e = broken("name: \"Cinder\"", &format!("name: \"{}\"", "C".repeat(65)));
    assert_eq!(e.field.as_deref(), Some("seals[0].name"), "{e}");
    // The bounds themselves are accepted.
    for (from, to) in [
        ("seal_clearance: 2,", "seal_clearance: 32,"),
        ("passes: 2,", "passes: 16,"),
        ("spacing: 8", "spacing: 400"),
    ] {
        StormRules::from_str(&DEFAULT_STORM.replacen(from, to, 1), FILE)
            .unwrap_or_else(|e| panic!("{to}: {e}"));
    }
    let wide = DEFAULT_STORM
        .replacen("radius: 30,", "radius: 200,", 1)
        .replacen("main: (100, 110)", "main: (120601, 120601)", 1);
    let r = StormRules::from_str(&wide, FILE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.reservations.modifiers.main, 120601..=120601);
}

#[test]
fn template_numbers_past_their_range_are_refused() {
    let name = "assets/rules/broken-template.ron";
    let cases = [
        (
            "radius: 4,",
            "radius: 31,",
            "radius",
            "is 31; must lie in 1..=30",
        ),
        (
            "radius: 4,",
            "radius: 0,",
            "radius",
            "is 0; must lie in 1..=30",
        ),
        (
            "name: \"Storm homestead\"",
            &format!("name: \"{}\"", "S".repeat(65)),
            "name",
            "is 65 characters long; a name has at most 64",
        ),
        (
            "(at: (0, 0, 0), ground: \"Hall\"),",
            &"(at: (0, 0, 0), ground: \"Hall\"),".repeat(62),
            "cells",
            "lists 78; the number of entries must lie in 0..=61",
        ),
        (
            "(at: (0, 0, 3), kind: Glade),",
            &"(at: (0, 0, 3), kind: Glade),".repeat(61),
            "slots",
            "lists 78; the number of entries must lie in 0..=61",
        ),
    ];
    for (from, to, field, msg) in cases {
        assert!(
            DEFAULT_TEMPLATE.contains(from),
            "the template lacks `{from}`"
        );
        let e = Template::from_str(&DEFAULT_TEMPLATE.replacen(from, to, 1), name).unwrap_err();
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert_eq!(e.message, msg, "{e}");
    }
    // A coordinate past the world's range fails as the file is read, naming its line.
    let e = Template::from_str(
        &DEFAULT_TEMPLATE.replacen(
            "(at: (0, 0, 3), kind: Glade)",
            "(at: (0, -2147483648, 0), kind: Glade)",
            1,
        ),
        name,
    )
    .unwrap_err();
    assert!(e.line.is_some() && e.message.contains("16777216"), "{e}");
}

/// A template path is relative to the rule file and stays in its folder: an absolute path, a
/// `..` or a link out are refused even when the file they name is a valid template.
#[test]
fn template_paths_stay_inside_the_rule_files_folder() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let shipped = root.join("assets/rules/storm-settlement.ron");
    assert!(Template::from_str(&std::fs::read_to_string(&shipped).unwrap(), "t").is_ok());
    let source = root
        .join("assets/mods/example/storm.ron")
        .display()
        .to_string();
    for (reference, says) in [
        (shipped.display().to_string(), "is an absolute path"),
        (
            "../../rules/storm-settlement.ron".into(),
            "climbs out with `..`",
        ),
        (
            "../../../../../../../../etc/passwd".into(),
            "climbs out with `..`",
        ),
    ] {
        let text = DEFAULT_STORM.replacen(
            "template: \"storm-settlement.ron\"",
            &format!("template: {reference:?}"),
            1,
        );
        let e = StormRules::from_str(&text, &source).unwrap_err();
        assert_eq!(e.file, source);
        assert_eq!(e.field.as_deref(), Some("settlement.template"), "{e}");
        assert!(e.message.contains(says), "{e}");
        assert!(
            e.message
                .contains("must be relative and stay inside the rule file's folder"),
            "{e}"
        );
    }
    // Beside the rule file it is read (size cap, regular files only): a folder is no template.
    let text = DEFAULT_STORM.replacen(
        "template: \"storm-settlement.ron\"",
        "template: \"../rules\"",
        1,
    );
    assert!(StormRules::from_str(&text, &source).is_err());
    let folder = root.join("assets/rules/storm.ron").display().to_string();
    let text = DEFAULT_STORM.replacen("template: \"storm-settlement.ron\"", "template: \"./\"", 1);
    let e = StormRules::from_str(&text, &folder).unwrap_err();
    assert!(e.message.contains("not a regular file"), "{e}");
    // The shipped file names its template with no `..`, and loads from disk.
    assert!(DEFAULT_STORM.contains("template: \"storm-settlement.ron\""));
    StormRules::from_file(&root.join("assets/rules/storm.ron")).unwrap();
}

#[cfg(unix)]
#[test]
fn a_template_through_a_link_out_of_the_folder_is_refused() {
    let dir = std::env::temp_dir().join(format!("aeternus-template-link-{}", std::process::id()));
    let rules = dir.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    std::fs::write(dir.join("outside.ron"), DEFAULT_TEMPLATE).unwrap();
    let link = rules.join("storm-settlement.ron");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(dir.join("outside.ron"), &link).unwrap();
    let source = rules.join("storm.ron");
    std::fs::write(&source, DEFAULT_STORM).unwrap();
    let e = StormRules::from_file(&source).unwrap_err();
    assert_eq!(e.field.as_deref(), Some("settlement.template"), "{e}");
    assert!(e.message.contains("through a link"), "{e}");
    // The same template as a plain file beside the rules is read.
    std::fs::remove_file(&link).unwrap();
    std::fs::write(&link, DEFAULT_TEMPLATE).unwrap();
    StormRules::from_file(&source).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
