//! The rules as data: the embedded rules hold the seed's numbers, and rule files (a mod, the
//! modding guide's example, broken ones) load or are refused naming their file and field.

use super::*;

#[test]
fn the_embedded_rules_hold_the_seed() {
    let r = Rules::aeternus();
    let w = |n: &str| r.biomes[r.biome(n).unwrap().0 as usize].weight;
    let b = |n: &str| r.biomes[r.biome(n).unwrap().0 as usize].bias;
    assert_eq!(
        [
            w("Meadow"),
            w("Deceased Dunes"),
            w("Forest"),
            w("Perilous Pass"),
            w("Swamp"),
            w("Lake")
        ],
        [7.0, 4.0, 5.0, 3.0, 5.0, 0.0]
    );
    assert_eq!(
        [b("Meadow"), b("Forest"), b("Perilous Pass"), b("Lake")],
        [12.0, 10.0, 5.0, 0.0]
    );
    assert_eq!(r.random_entry_weight, 3.0);
    assert_eq!(r.default_bias, 10.0);
    let town = r.landmark("Town").unwrap().0 as usize;
    let barren = r.landmark("Barren").unwrap().0 as usize;
    let meadow = r.biome("Meadow").unwrap().0 as usize;
    let forest = r.biome("Forest").unwrap().0 as usize;
    assert_eq!(r.landmark_row(BiomeId(meadow as u8))[town], 2.0);
    assert_eq!(r.landmark_row(BiomeId(forest as u8))[town], 1.0);
    assert_eq!(r.landmark_row(BiomeId(forest as u8))[barren], 20.0);
    assert_eq!(r.features[r.corruption.unwrap().0 as usize].chance, 0.05);
    let cost = |n: &str| r.features[r.feature(n).unwrap().0 as usize].cost.clone();
    assert_eq!(cost("Flag")["wood"], 5);
    assert_eq!(cost("Pylon of Purity")["gold"], 2);
    assert_eq!(cost("Stag Station")["hide"], 1);
    assert_eq!(cost("Boardwalk")["wood"], 10);
    let swamp = r.biome("Swamp").unwrap();
    let dunes = r.biome("Deceased Dunes").unwrap();
    assert_eq!(r.suppressors[dunes.0 as usize], 1 << swamp.0);
    assert_eq!(r.suppressors[swamp.0 as usize], 1 << dunes.0);
}

/// Loads every file of a broken corpus (`tests/rules/NAME/`) with `load`; each must fail with an
/// error naming the file, where (line or field), and the text its first line expects
/// (`// expect: TEXT`). Returns how many files there were.
pub(crate) fn check_broken_corpus(
    name: &str,
    load: impl Fn(&std::path::Path) -> Result<(), RulesError>,
) -> usize {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/rules")
        .join(name);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{} has no `// expect:` line", path.display()));
        let err = load(&path).expect_err(&path.display().to_string());
        let msg = err.to_string();
        assert!(msg.starts_with(&path.display().to_string()), "{msg}");
        assert!(
            msg.contains(expect),
            "{}: `{msg}` lacks `{expect}`",
            path.display()
        );
        assert!(
            err.line.is_some() || err.field.is_some(),
            "{msg}: no line or field"
        );
        n += 1;
    }
    n
}

#[test]
fn the_broken_corpus_fails_clearly() {
    let n = check_broken_corpus("broken", |p| Rules::from_file(p).map(|_| ()));
    assert!(n >= 15, "only {n} broken rule files");
}

#[test]
fn a_missing_file_is_an_error_not_a_panic() {
    let err = Rules::from_file(std::path::Path::new("no/such/rules.ron")).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("no/such/rules.ron: cannot read")
    );
}

/// The mod example in the modding guide loads as written.
#[test]
fn the_modding_guides_mod_example_loads() {
    let guide = include_str!("../../../../docs/modding.md");
    let start = guide
        .find("    Aeternus(\n")
        .expect("the modding guide shows a mod");
    let end = start + guide[start..].find("\n    )\n").expect("the example ends") + 6;
    let text: String = guide[start..end]
        .lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let r = Rules::from_str(&text, "docs/modding.md").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.name, "Ash Plains");
    assert!(r.biome("Ash").is_some());
}

#[test]
fn the_play_section_holds_our_numbers_and_is_optional() {
    let r = Rules::aeternus();
    assert_eq!(r.play.action_points, 3);
    assert!(!r.play.blocked_move_costs_ap);
    assert_eq!(r.play.starting_resources["wood"], 45);
    assert_eq!(r.play.factions.len(), 4);
    assert_eq!(r.faction_name(1), "Ashen Host");
    assert_eq!(r.faction_name(9), "Faction 10");
    // A file without `play:` loads with the defaults.
    let start = DEFAULT_AETERNUS.find("    play: (").unwrap();
    let end = start + DEFAULT_AETERNUS[start..].find("\n    ),\n").unwrap() + 7;
    let old = format!("{}{}", &DEFAULT_AETERNUS[..start], &DEFAULT_AETERNUS[end..]);
    assert!(!old.contains("play:"));
    let r = Rules::from_str(&old, "old.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.play.action_points, 3);
    assert!(r.play.starting_resources.is_empty() && r.play.factions.is_empty());
    // One field alone is enough.
    let one = old.replacen("\n)", "\n    play: (build_ap: 1),\n)", 1);
    let r = Rules::from_str(&one, "one.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.play.build_ap, r.play.action_points), (1, 3));
}

/// Every number a rule file sets has its range; one past it is refused, naming the field and the
/// limit, and the bound itself is accepted.
#[test]
fn every_number_past_its_range_is_refused_with_the_field_and_the_limit() {
    let edit = |from: &str, to: &str| {
        assert!(DEFAULT_AETERNUS.contains(from), "the rules lack `{from}`");
        Rules::from_str(&DEFAULT_AETERNUS.replacen(from, to, 1), "r.ron")
    };
    let cases = [
        (
            "sight_radius: 2,",
            "sight_radius: 1001,",
            "sight_radius",
            "is 1001; must lie in 0..=1000",
        ),
        (
            "sight_radius: 2,",
            "sight_radius: 100000,",
            "sight_radius",
            "is 100000; must lie in 0..=1000",
        ),
        (
            "Purify(radius: 1)",
            "Purify(radius: 40000)",
            "features[2].effect.radius (\"Pylon of Purity\")",
            "is 40000; must lie in 0..=16",
        ),
        (
            "range: 1,",
            "range: 17,",
            "construction.range",
            "is 17; must lie in 0..=16",
        ),
        (
            "(leave_extra_ap: 1)",
            "(leave_extra_ap: 4294967295)",
            "biomes[3].movement.leave_extra_ap (\"Perilous Pass\")",
            "is 4294967295; must lie in 0..=100",
        ),
        (
            "action_points: 3,",
            "action_points: 101,",
            "play.action_points",
            "is 101; must lie in 1..=100",
        ),
        (
            "action_points: 3,",
            "action_points: 0,",
            "play.action_points",
            "is 0; must lie in 1..=100",
        ),
        (
            "build_ap: 0,",
            "build_ap: 4294967295,",
            "play.build_ap",
            "is 4294967295; must lie in 0..=100",
        ),
        (
            "{\"wood\": 45,",
            "{\"wood\": 1000001,",
            "play.starting_resources[\"wood\"]",
            "is 1000001; must lie in 0..=1000000",
        ),
        (
            "{\"wood\": 10}",
            "{\"wood\": 4294967295}",
            "features[4].cost[\"wood\"] (\"Boardwalk\")",
            "is 4294967295; must lie in 0..=1000000",
        ),
        (
            "weight: 7.0,",
            "weight: 1e308,",
            "biomes[0].weight (\"Meadow\")",
            "is 1e308; a weight must be a finite number in 0..=1000000",
        ),
        (
            "weight: 7.0,",
            "weight: NaN,",
            "biomes[0].weight (\"Meadow\")",
            "is NaN; a weight must be a finite number in 0..=1000000",
        ),
        (
            "bias: 12.0,",
            "bias: 1000000.5,",
            "biomes[0].bias (\"Meadow\")",
            "is 1000000.5; a weight must be a finite number in 0..=1000000",
        ),
        (
            "default_bias: 10.0,",
            "default_bias: inf,",
            "default_bias",
            "is inf; a weight must be a finite number in 0..=1000000",
        ),
        (
            "random_entry_weight: 3.0,",
            "random_entry_weight: 2e6,",
            "random_entry_weight",
            "is 2000000; a weight must be a finite number in 0..=1000000",
        ),
        (
            "{\"Meadow\": 2.0}",
            "{\"Meadow\": 1e7}",
            "landmarks[1].weight_on[\"Meadow\"] (\"Town\")",
            "is 10000000; a weight must be a finite number in 0..=1000000",
        ),
        (
            "name: \"Aeternus\",",
            &format!("name: \"{}\",", "A".repeat(65)),
            "name",
            "is 65 characters long; a name has at most 64",
        ),
        (
            "name: \"Forest\",",
            &format!("name: \"{}\",", "F".repeat(65)),
            "biomes[2].name",
            "is 65 characters long; a name has at most 64",
        ),
        (
            "\"Vein essence\",",
            &format!(
                "\"Vein essence\", {},",
                (0..51)
                    .map(|i| format!("\"r{i}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "resources",
            "lists 65; the number of entries must lie in 0..=64",
        ),
        (
            "(name: \"Gilded Reach\", colour: \"#d4a017\"),",
            &(4..=9)
                .map(|i| format!("(name: \"F{i}\", colour: \"#d4a017\"),"))
                .collect::<String>(),
            "play.factions",
            "lists 9; the number of entries must lie in 0..=8",
        ),
    ];
    for (from, to, field, message) in cases {
        let e = edit(from, to).expect_err(to);
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert_eq!(e.message, message, "{e}");
    }
    // The bounds themselves are accepted.
    for (from, to) in [
        ("sight_radius: 2,", "sight_radius: 1000,"),
        ("sight_radius: 2,", "sight_radius: 577,"),
        ("sight_radius: 2,", "sight_radius: 0,"),
        ("Purify(radius: 1)", "Purify(radius: 16)"),
        ("range: 1,", "range: 16,"),
        ("(leave_extra_ap: 1)", "(leave_extra_ap: 100)"),
        ("action_points: 3,", "action_points: 100,"),
        ("{\"wood\": 10}", "{\"wood\": 1000000}"),
        ("weight: 7.0,", "weight: 1e6,"),
    ] {
        edit(from, to).unwrap_or_else(|e| panic!("{to}: {e}"));
    }
}

/// Seventeen features do not fit a hex's 16-bit feature set.
#[test]
fn a_seventeenth_feature_is_refused() {
    let extra: String = (0..12)
        .map(|i| format!("(name: \"Deco {i}\", effect: Decoration),"))
        .collect();
    let text = DEFAULT_AETERNUS.replacen(
        "            builds_on: [\"Lake\"],\n        ),",
        &format!("            builds_on: [\"Lake\"],\n        ),\n{extra}"),
        1,
    );
    let e = Rules::from_str(&text, "r.ron").unwrap_err();
    assert_eq!(e.field.as_deref(), Some("features"), "{e}");
    assert_eq!(
        e.message,
        "lists 17; the number of entries must lie in 0..=16"
    );
}

/// The goal's decisive endings: off in ours; a lead (written with or without `Some`) and the
/// last standing read as given; a share not a majority, past 100 or a run of no phases is
/// refused naming its field, and the bounds themselves load.
#[test]
fn the_goals_lead_and_last_standing_read_and_keep_their_ranges() {
    let r = Rules::aeternus();
    assert_eq!((r.play.goal.lead, r.play.goal.last_standing), (None, false));
    let edit = |lead: &str, last: &str| {
        let text = DEFAULT_AETERNUS
            .replacen("lead: None,", &format!("lead: {lead},"), 1)
            .replacen(
                "last_standing: false,",
                &format!("last_standing: {last},"),
                1,
            );
        Rules::from_str(&text, "r.ron")
    };
    let r = edit("Some((share: 60, phases: 10))", "true").unwrap_or_else(|e| panic!("{e}"));
    let lead = Lead {
        share: 60,
        phases: 10,
    };
    assert_eq!(
        (r.play.goal.lead, r.play.goal.last_standing),
        (Some(lead), true)
    );
    let r = edit("(share: 60, phases: 10)", "false").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.play.goal.lead, Some(lead));
    for (lead, field, message) in [
        (
            "Some((share: 50, phases: 10))",
            "play.goal.lead.share",
            "is 50; must lie in 51..=100",
        ),
        (
            "Some((share: 101, phases: 10))",
            "play.goal.lead.share",
            "is 101; must lie in 51..=100",
        ),
        (
            "Some((share: 60, phases: 0))",
            "play.goal.lead.phases",
            "is 0; must lie in 1..=1000000",
        ),
    ] {
        let e = edit(lead, "false").expect_err(lead);
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert_eq!(e.message, message, "{e}");
        assert!(e.to_string().starts_with("r.ron"), "{e}");
    }
    for lead in [
        "Some((share: 51, phases: 1))",
        "Some((share: 100, phases: 1000000))",
    ] {
        edit(lead, "false").unwrap_or_else(|e| panic!("{lead}: {e}"));
    }
    // Both fields of a lead are given.
    let e = edit("Some((share: 60))", "false").expect_err("a lead without phases");
    assert!(e.line.is_some() && e.message.contains("phases"), "{e}");
}
