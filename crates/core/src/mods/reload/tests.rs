//! Reloading the rules while a game runs: a valid save swaps them, an invalid one is refused
//! naming its file, and a change that saves are checked against is refused.

use std::path::{Path, PathBuf};

use hexx::Hex;

use super::*;
use crate::hex::view_order;
use crate::mods::Sources;
use crate::world::HexWorld;
use crate::world::plugin::{Biome, HexIndex, Viewer};

const SEED: u64 = 5;

fn example_path() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("assets/mods/example/rules/aeternus.ron")
}

/// Forest's weight in the example mod, and the same with another weight.
const FOREST: &str = "weight: 3.0,\n            colour: \"#4a5e34\"";

fn forest(w: &str) -> String {
    format!("weight: {w},\n            colour: \"#4a5e34\"")
}

fn example_text() -> String {
    std::fs::read_to_string(example_path()).unwrap()
}

/// `text` with `from` replaced once; the example mod must still hold `from`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "the example mod no longer holds `{from}`"
    );
    text.replacen(from, to, 1)
}

fn save(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

/// A headless game on a copy of the example mod's rules in a fresh folder, given by path (as
/// `--rules FILE` gives it) and watched through the asset server.
fn game(tag: &str) -> (App, PathBuf) {
    let dir = std::env::temp_dir().join(format!("aeternus-reload-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rules.ron");
    save(&path, &example_text());
    let mut sources = Sources::default();
    let asset = sources.rule_file(&path);
    let rules = sources.load_now::<AeternusRules>(&asset).unwrap().0;
    assert_eq!(rules.source, path.display().to_string());
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    sources.headless(&mut app, true);
    app.add_plugins(crate::CorePlugin { rules, seed: SEED });
    app.add_plugins(plugin);
    let handle = app.world().resource::<AssetServer>().load(asset);
    app.insert_resource(RulesAsset(handle));
    super::settle_load(&mut app);
    (app, path)
}

/// The running rules: their one home, the world's.
fn rules(app: &App) -> &Rules {
    &app.world().resource::<HexWorld>().rules
}

fn weight(app: &App, biome: &str) -> f64 {
    let rules = rules(app);
    rules.weights[rules.biome(biome).unwrap().0 as usize]
}

#[test]
fn the_example_mod_loads_and_differs() {
    let r = Rules::from_file(&example_path()).unwrap();
    let base = Rules::aeternus();
    let ash = r.biome("Ash Flats").expect("the example adds Ash Flats");
    let ash = &r.biomes[ash.0 as usize];
    assert_eq!(ash.colour, [0x9a, 0x94, 0x90]);
    assert_eq!(
        ash.suppressed_beside,
        [r.biome("Swamp").unwrap(), r.biome("Lake").unwrap()]
    );
    let meadow = |r: &Rules| r.biomes[r.biome("Meadow").unwrap().0 as usize].clone();
    assert_ne!(meadow(&r).colour, meadow(&base).colour);
    assert_ne!(meadow(&r).weight, meadow(&base).weight);
    assert!(
        check_swap(&base, &r).is_err(),
        "a new biome needs a restart"
    );
}

#[test]
fn an_untouched_file_is_not_reloaded() {
    let (mut app, _) = game("untouched");
    for _ in 0..50 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let world = app.world_mut();
    assert!(world.resource::<Messages<RulesReloaded>>().is_empty());
    assert!(world.resource::<Messages<RulesRejected>>().is_empty());
}

#[test]
fn a_valid_save_swaps_the_rules_and_later_hexes_use_them() {
    let (mut app, path) = game("valid");
    assert_eq!(weight(&app, "Forest"), 3.0);
    let text = edit(&example_text(), FOREST, &forest("90.0"));
    save(&path, &text);
    let (reloaded, _) = outcome(&mut app);
    assert_eq!(weight(&app, "Forest"), 90.0);
    assert_eq!(reloaded.len(), 1);
    assert_eq!(reloaded[0].source, path.display().to_string());

    // Far from the origin, the view is drawn as a fresh world on the new rules draws it.
    let far = Hex::new(40, -13);
    app.world_mut().spawn(Viewer {
        hex: far,
        radius: 2,
    });
    app.update();
    let drawn = |rules: Rules| -> Vec<_> {
        let mut w = HexWorld::new(rules, SEED);
        view_order(far, 2)
            .map(|h| {
                w.generate(h, crate::world::Cause::View).unwrap();
                w.get(h).unwrap().biome
            })
            .collect()
    };
    let index = app.world().resource::<HexIndex>();
    let got: Vec<_> = view_order(far, 2)
        .map(|h| app.world().entity(index[&h]).get::<Biome>().unwrap().0)
        .collect();
    assert_eq!(got, drawn(Rules::from_str(&text, "new").unwrap()));
    assert_ne!(
        got,
        drawn(Rules::from_file(&example_path()).unwrap()),
        "pick another hex"
    );
}

/// Saves `text` over the watched rule file and returns the one refusal it brings, which names
/// the file.
fn refused_once(app: &mut App, path: &std::path::Path, text: &str) -> String {
    save(path, text);
    let (_, rejected) = outcome(app);
    assert_eq!(rejected.len(), 1);
    let shown = rejected[0].error.to_string();
    assert!(shown.starts_with(&path.display().to_string()), "{shown}");
    shown
}

#[test]
fn an_invalid_save_is_refused_naming_the_file_and_a_later_valid_one_applies() {
    let (mut app, path) = game("invalid");
    let text = edit(&example_text(), FOREST, &forest("-3.0"));
    let shown = refused_once(&mut app, &path, &text);
    assert!(shown.contains("weight"), "{shown}");
    assert_eq!(weight(&app, "Forest"), 3.0, "the old rules stay");

    let broken = edit(&example_text(), "sight_radius: 2,", "sight_radius: 2");
    save(&path, &broken);
    let (_, rejected) = outcome(&mut app);
    assert!(
        rejected[0].error.line.is_some(),
        "a syntax error names the line"
    );

    save(&path, &edit(&example_text(), FOREST, &forest("2.5")));
    assert_eq!(outcome(&mut app).0.len(), 1);
    assert_eq!(weight(&app, "Forest"), 2.5);
}

#[test]
fn a_save_that_renames_a_biome_is_refused() {
    let (mut app, path) = game("renamed");
    let text = edit(
        &example_text(),
        "name: \"Ash Flats\"",
        "name: \"Cinder Flats\"",
    );
    let text = edit(&text, "\"Ash Flats\": 0.5", "\"Cinder Flats\": 0.5");
    save(&path, &text);
    let (reloaded, rejected) = outcome(&mut app);
    assert_eq!(rejected.len(), 1);
    let e = &rejected[0].error;
    assert_eq!(e.field.as_deref(), Some("biomes"));
    assert!(
        e.to_string()
            .contains("`Ash Flats` became `Cinder Flats`: restart to change the list of biomes"),
        "{e}"
    );
    assert!(rules(&app).biome("Ash Flats").is_some());
    assert!(reloaded.is_empty());
}

#[test]
fn a_change_to_what_saves_are_checked_against_is_refused() {
    let base = Rules::from_file(&example_path()).unwrap();
    let with = |change: &dyn Fn(&mut Rules)| {
        let mut r = base.clone();
        change(&mut r);
        r.derive_tables();
        check_swap(&base, &r)
    };
    let biome = |r: &Rules, name: &str| r.biome(name).unwrap().0 as usize;
    let feature = |r: &Rules, name: &str| r.feature(name).unwrap().0 as usize;
    let (meadow, lake) = (biome(&base, "Meadow"), biome(&base, "Lake"));
    let (pylon, corrupted, flag) = (
        feature(&base, "Pylon of Purity"),
        feature(&base, "Corrupted"),
        feature(&base, "Flag"),
    );
    type Change = Box<dyn Fn(&mut Rules)>;
    let cases: Vec<(Change, String, &str)> = vec![
        (
            Box::new(|r| r.resources.push("amber".into())),
            "resources".into(),
            "the resources",
        ),
        (
            Box::new(|r| r.play.factions[1].name = "Grey Host".into()),
            "play.factions".into(),
            "the factions",
        ),
        (
            Box::new(|r| r.origin.0 = r.biome("Forest").unwrap()),
            "origin".into(),
            "the origin's biome",
        ),
        (
            Box::new(|r| r.pocket.0 = r.biome("Swamp").unwrap()),
            "pocket".into(),
            "the pocket's biome",
        ),
        (
            Box::new(|r| r.construction.forbidden_on_corrupted = false),
            "construction.forbidden_on_corrupted".into(),
            "whether building on a corrupted hex is forbidden",
        ),
        (
            Box::new(move |r| {
                let lake = r.biome("Lake").unwrap();
                r.biomes[meadow].suppressed_beside.push(lake)
            }),
            format!("biomes[{meadow}].suppressed_beside (\"Meadow\")"),
            "what suppresses Meadow",
        ),
        (
            Box::new(move |r| r.biomes[lake].movement.blocks_entry = false),
            format!("biomes[{lake}].movement.blocks_entry (\"Lake\")"),
            "whether Lake blocks entry",
        ),
        (
            Box::new(move |r| r.biomes[lake].weight = 1.0),
            format!("biomes[{lake}].weight (\"Lake\")"),
            "whether Lake is drawn at random",
        ),
        (
            Box::new(move |r| r.features[pylon].effect = FeatureEffect::Purify { radius: 2 }),
            format!("features[{pylon}].effect (\"Pylon of Purity\")"),
            "the effect of Pylon of Purity",
        ),
        (
            Box::new(move |r| {
                let landmark = r.landmark("Town").unwrap();
                r.features[corrupted].effect = FeatureEffect::Corruption { landmark }
            }),
            format!("features[{corrupted}].effect (\"Corrupted\")"),
            "the effect of Corrupted",
        ),
        (
            Box::new(move |r| r.features[flag].chance = 0.1),
            format!("features[{flag}].chance (\"Flag\")"),
            "whether Flag is rolled at generation",
        ),
    ];
    for (change, field, what) in cases {
        let e = with(&*change).unwrap_err();
        assert_eq!(e.field.as_deref(), Some(field.as_str()), "{e}");
        let said = format!("restart the game to change {what}");
        assert!(e.to_string().contains(&said), "{e}");
    }
    // Numbers a save is not checked against still reload: weights above 0, costs, action
    // points (a save's are bounded by the most any rules give).
    let forest = biome(&base, "Forest");
    assert!(with(&|r| r.biomes[forest].weight = 90.0).is_ok());
    let dearer = |r: &mut Rules| {
        r.features[flag].cost.insert("wood".into(), 50);
    };
    assert!(with(&dearer).is_ok());
    assert!(with(&|r| r.play.action_points = 1).is_ok());
}

#[test]
fn a_reload_that_changes_a_pylon_is_refused_and_saves_still_load() {
    let (mut app, path) = game("pylon");
    let text = edit(&example_text(), "Purify(radius: 1)", "Purify(radius: 2)");
    let shown = refused_once(&mut app, &path, &text);
    assert!(
        shown.contains("restart the game to change the effect of Pylon of Purity"),
        "{shown}"
    );
    // Fewer action points reload; a save made before, with more, still loads.
    app.world_mut()
        .spawn((crate::play::Player::new(1, "P1"), crate::play::Faction(0)));
    app.update();
    let text = edit(&example_text(), "action_points: 3", "action_points: 1");
    save(&path, &text);
    assert_eq!(outcome(&mut app).0.len(), 1);
    assert_eq!(rules(&app).play.action_points, 1);
    let saved = crate::save::capture(app.world_mut());
    assert_eq!(saved.players[0].ap, 3);
    let rules = rules(&app).clone();
    let again = crate::save::SaveGame::from_ron(&saved.to_ron(), "game.ron").unwrap();
    assert!(again.world(&rules, "game.ron").is_ok());
}
