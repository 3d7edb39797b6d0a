//! Mods and rule files through the asset server: the embedded defaults, a mod layered on top,
//! each kind of bad file, links out of a mod, the template as a dependency of its rules, and
//! manifests.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::asset::LoadState;
use bevy::prelude::*;

use super::*;
use crate::mods::asset::{AETERNUS_PATH, AeternusRules, SITES_PATH, STORM_PATH, SiteRulesFile};
use crate::mods::asset::{StormRulesFile, TemplateFile};

/// A fresh folder for one test.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-mods-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    dir
}

fn manifest(dir: &Path, game: &str) {
    let text = format!("Mod(name: \"Test\", version: \"1.0\", game: \"{game}\")");
    std::fs::write(dir.join(MANIFEST), text).unwrap();
}

/// A headless app whose default asset source is `mods` (folders, later on top) over the
/// embedded defaults alone.
fn app(mods: &[&Path], watch: bool) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    let mods: Vec<Mod> = (mods.iter())
        .map(|f| Mod {
            folder: f.to_path_buf(),
            name: "test".into(),
            version: "1.0".into(),
            game: "0.1".into(),
        })
        .collect();
    let sources = Sources {
        mods,
        base: None,
        rule_folder: None,
    };
    sources.headless(&mut app, watch);
    app
}

/// Runs the app until `h` is loaded (Ok) or failed (its error), within a few seconds.
fn wait<A: Asset>(app: &mut App, h: &Handle<A>) -> Result<(), String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        app.update();
        match app.world().resource::<AssetServer>().load_state(h) {
            LoadState::Loaded => return Ok(()),
            LoadState::Failed(e) => return Err(e.to_string()),
            _ => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    panic!("the asset neither loaded nor failed in 10 s");
}

fn load<A: Asset + Clone>(app: &mut App, path: &str) -> Result<A, String> {
    let h: Handle<A> = app.world().resource::<AssetServer>().load(path.to_string());
    wait(app, &h)?;
    Ok(app.world().resource::<Assets<A>>().get(&h).unwrap().clone())
}

#[test]
fn the_embedded_defaults_load_through_the_asset_server() {
    let mut app = app(&[], false);
    let rules = load::<AeternusRules>(&mut app, AETERNUS_PATH).unwrap().0;
    let want = crate::rules::Rules::aeternus();
    assert_eq!(
        (rules.name.as_str(), rules.biomes.len()),
        (want.name.as_str(), want.biomes.len())
    );
    let storm = load::<StormRulesFile>(&mut app, STORM_PATH).unwrap().0;
    let embedded = crate::storm::StormRules::embedded().unwrap();
    assert_eq!(
        storm.settlement.template.cells.len(),
        embedded.settlement.template.cells.len()
    );
    let sites = load::<SiteRulesFile>(&mut app, SITES_PATH).unwrap().0;
    assert_eq!(
        sites.sites.len(),
        crate::sites::SiteRules::embedded().sites.len()
    );
}

#[test]
fn a_mod_replaces_the_files_it_holds_and_the_rest_come_from_below() {
    let low = folder("low");
    let high = folder("high");
    let renamed = |name: &str| {
        crate::rules::DEFAULT_AETERNUS.replacen(
            "name: \"Aeternus\"",
            &format!("name: \"{name}\""),
            1,
        )
    };
    std::fs::write(low.join(AETERNUS_PATH), renamed("Low")).unwrap();
    std::fs::write(high.join(AETERNUS_PATH), renamed("High")).unwrap();
    let mut only_low = app(&[&low], false);
    assert_eq!(
        load::<AeternusRules>(&mut only_low, AETERNUS_PATH)
            .unwrap()
            .0
            .name,
        "Low"
    );
    let mut both = app(&[&low, &high], false);
    assert_eq!(
        load::<AeternusRules>(&mut both, AETERNUS_PATH)
            .unwrap()
            .0
            .name,
        "High"
    );
    // The storm rules are not in either mod: the embedded ones serve.
    assert!(load::<StormRulesFile>(&mut both, STORM_PATH).is_ok());
}

#[test]
fn a_bad_rule_file_fails_with_its_file_and_field() {
    let m = folder("bad");
    let bad = crate::rules::DEFAULT_AETERNUS.replacen("action_points: 3", "action_points: 0", 1);
    std::fs::write(m.join(AETERNUS_PATH), bad).unwrap();
    let mut app = app(&[&m], false);
    let e = load::<AeternusRules>(&mut app, AETERNUS_PATH).unwrap_err();
    assert!(
        e.contains("rules/aeternus.ron") && e.contains("play.action_points"),
        "{e}"
    );
    // Not UTF-8, and past the cap: refused by name.
    std::fs::write(m.join(SITES_PATH), [0xff, 0xfe, 0x00]).unwrap();
    let e = load::<SiteRulesFile>(&mut app, SITES_PATH).unwrap_err();
    assert!(e.contains("UTF-8"), "{e}");
    let big = vec![b' '; crate::capped::MAX_RULE_FILE as usize + 1];
    std::fs::write(m.join(STORM_PATH), big).unwrap();
    let e = load::<StormRulesFile>(&mut app, STORM_PATH).unwrap_err();
    assert!(e.contains("limit"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_link_out_of_a_mod_is_refused_and_so_is_a_path_out_of_the_source() {
    let outside = folder("outside");
    std::fs::write(outside.join("secret.ron"), crate::rules::DEFAULT_AETERNUS).unwrap();
    let m = folder("links");
    std::os::unix::fs::symlink(outside.join("secret.ron"), m.join(AETERNUS_PATH)).unwrap();
    let mut app = app(&[&m], false);
    let e = load::<AeternusRules>(&mut app, AETERNUS_PATH).unwrap_err();
    assert!(e.contains("leads out of its folder"), "{e}");
    // A path that climbs out never reaches a reader.
    let h: Handle<AeternusRules> = app.world().resource::<AssetServer>().load("../secret.ron");
    app.update();
    let state = app.world().resource::<AssetServer>().load_state(&h);
    assert!(
        !matches!(state, LoadState::Loaded | LoadState::Loading),
        "{state:?}"
    );
}

#[test]
fn a_template_is_found_beside_its_rules_and_may_not_leave_their_folder() {
    let m = folder("template");
    let storm = crate::storm::DEFAULT_STORM;
    let moved = storm.replacen("\"storm-settlement.ron\"", "\"t/village.ron\"", 1);
    assert_ne!(moved, storm, "the default names its template");
    std::fs::write(m.join(STORM_PATH), &moved).unwrap();
    std::fs::create_dir_all(m.join("rules/t")).unwrap();
    std::fs::write(
        m.join("rules/t/village.ron"),
        crate::storm::DEFAULT_TEMPLATE,
    )
    .unwrap();
    let mut app = app(&[&m], false);
    assert!(load::<StormRulesFile>(&mut app, STORM_PATH).is_ok());
    for bad in ["../t.ron", "/etc/passwd"] {
        let text = storm.replacen("\"storm-settlement.ron\"", &format!("\"{bad}\""), 1);
        std::fs::write(m.join(STORM_PATH), text).unwrap();
        let mut app = self::app(&[&m], false);
        let e = load::<StormRulesFile>(&mut app, STORM_PATH).unwrap_err();
        assert!(e.contains("settlement.template"), "{e}");
    }
    // A broken template fails its rules, naming the template's own error.
    std::fs::write(m.join(STORM_PATH), &moved).unwrap();
    std::fs::write(m.join("rules/t/village.ron"), "Template(").unwrap();
    let mut app = self::app(&[&m], false);
    let e = load::<StormRulesFile>(&mut app, STORM_PATH).unwrap_err();
    assert!(e.contains("village.ron"), "{e}");
    assert!(load::<TemplateFile>(&mut app, "rules/t/village.ron").is_err());
}

/// Edits reach the game as asset events: a rules file saved again, and a template its rules
/// depend on.
#[test]
fn an_edited_template_reloads_its_rules() {
    let m = folder("reload");
    std::fs::write(m.join(STORM_PATH), crate::storm::DEFAULT_STORM).unwrap();
    let template = m.join("rules/storm-settlement.ron");
    std::fs::write(&template, crate::storm::DEFAULT_TEMPLATE).unwrap();
    let mut app = app(&[&m], true);
    let h: Handle<StormRulesFile> = app.world().resource::<AssetServer>().load(STORM_PATH);
    wait(&mut app, &h).unwrap();
    let mut events = app
        .world_mut()
        .resource_mut::<Messages<AssetEvent<StormRulesFile>>>();
    events.clear();
    // Give the watcher a moment to settle, then edit the template (a comment more).
    std::thread::sleep(Duration::from_millis(400));
    let edited = format!("// edited\n{}", crate::storm::DEFAULT_TEMPLATE);
    std::fs::write(&template, edited).unwrap();
    let start = Instant::now();
    let mut reader = bevy::ecs::message::MessageCursor::<AssetEvent<StormRulesFile>>::default();
    while start.elapsed() < Duration::from_secs(10) {
        app.update();
        let messages = app
            .world()
            .resource::<Messages<AssetEvent<StormRulesFile>>>();
        if reader
            .read(messages)
            .any(|e| e.is_modified(&h) || e.is_loaded_with_dependencies(&h))
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no event for the rules in 10 s after their template changed");
}

#[test]
fn manifests_are_checked() {
    let m = folder("manifest");
    assert!(
        Mod::open(&m)
            .unwrap_err()
            .to_string()
            .contains("no manifest")
    );
    manifest(&m, "0.1");
    let ok = Mod::open(&m).unwrap();
    assert_eq!((ok.name.as_str(), ok.version.as_str()), ("Test", "1.0"));
    manifest(&m, "7.0");
    let e = Mod::open(&m).unwrap_err().to_string();
    assert!(e.contains("game") && e.contains("7.0"), "{e}");
    manifest(&m, "one");
    assert!(
        Mod::open(&m)
            .unwrap_err()
            .to_string()
            .contains("not a version")
    );
    let e = Mod::open(&m.join("missing")).unwrap_err().to_string();
    assert!(e.contains("no such folder"), "{e}");
}
