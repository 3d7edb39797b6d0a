//! Recorded games must stay what they are (`tests/golden/`: a sim log and the save at its end,
//! for four `greedy-v1` bots, the baseline that does not change, and for three random ones): the log replays to the same save, the same
//! seed and seats play the same log and save again, and the save loads and saves again, all
//! byte for byte. `tests/golden/v1/` holds games as the game before the workspace split recorded
//! them (log format 1, save version 1): the saves still load (each faction knowing the
//! sites under its flags and its players), the logs are refused by format.

use std::path::{Path, PathBuf};
use std::process::Command;

use aeternus_core::rules::Rules;
use aeternus_core::save::{SaveGame, capture};
use bevy::prelude::*;

/// A recorded game: its name under `tests/golden/` and the `sim` arguments that played it.
struct Golden {
    name: &'static str,
    args: &'static [&'static str],
}

const GOLDEN: [Golden; 2] = [
    Golden {
        name: "greedy",
        args: &[
            "--seed",
            "11",
            "--players",
            "4",
            "--bot",
            "greedy-v1",
            "--phases",
            "20",
        ],
    },
    Golden {
        name: "random",
        args: &[
            "--seed",
            "5",
            "--players",
            "3",
            "--bot",
            "random",
            "--phases",
            "8",
        ],
    },
];

fn golden(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file)
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fresh folder for one test's outputs.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-golden-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the game with `args`, which must succeed.
fn game(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(args)
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "aeternus {args:?}: {err}");
}

#[test]
fn a_golden_log_replays_to_its_save_byte_for_byte() {
    let dir = scratch("replay");
    for g in &GOLDEN {
        let log = golden(&format!("{}.jsonl", g.name));
        let save = dir.join(format!("{}.save.ron", g.name));
        game(&[
            "replay",
            log.to_str().unwrap(),
            "--save",
            save.to_str().unwrap(),
        ]);
        let want = read(&golden(&format!("{}.save.ron", g.name)));
        assert!(read(&save) == want, "{}: the replayed save differs", g.name);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_golden_game_plays_again_byte_for_byte() {
    let dir = scratch("sim");
    for g in &GOLDEN {
        let (log, save) = (dir.join("log.jsonl"), dir.join("save.ron"));
        let mut args = vec!["sim"];
        args.extend_from_slice(g.args);
        args.extend(["--out", log.to_str().unwrap()]);
        args.extend(["--save", save.to_str().unwrap()]);
        game(&args);
        let (want_log, want_save) = (
            read(&golden(&format!("{}.jsonl", g.name))),
            read(&golden(&format!("{}.save.ron", g.name))),
        );
        assert!(read(&log) == want_log, "{}: the log differs", g.name);
        assert!(read(&save) == want_save, "{}: the save differs", g.name);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_golden_save_loads_and_saves_again_byte_for_byte() {
    for g in &GOLDEN {
        let path = golden(&format!("{}.save.ron", g.name));
        let text = String::from_utf8(read(&path)).unwrap();
        assert!(
            load_and_save(&path, g) == text,
            "{}: the save loaded and saved again differs",
            g.name
        );
    }
}

/// The save at `path` loaded into a headless game of `g`'s rules, and saved again.
fn load_and_save(path: &Path, g: &Golden) -> String {
    let save = SaveGame::read(path).unwrap_or_else(|e| panic!("{e}"));
    let mut rules = Rules::aeternus();
    let phases = g.args.iter().position(|a| *a == "--phases").unwrap() + 1;
    rules.play.goal.phases = g.args[phases].parse().unwrap();
    let world = save.world(&rules, g.name).unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules,
        seed: save.seed,
    });
    save.install(&mut app, world);
    app.update();
    capture(app.world_mut()).to_ron()
}

/// The games recorded before the split, in the older formats. Their logs (format 1) were
/// played where every flag was paid by every site under it, known or not: they are refused,
/// naming their format. Their saves (version 1) still load, each faction knowing the sites
/// under its flags and its players, and save again as today's version with nothing else
/// changed but the score history (a version 1 save has none: the chart starts at the load).
#[test]
fn an_older_golden_log_is_refused_and_its_save_still_loads() {
    for g in &GOLDEN {
        let log = golden(&format!("v1/{}.jsonl", g.name));
        let out = Command::new(env!("CARGO_BIN_EXE_aeternus"))
            .args(["replay", log.to_str().unwrap()])
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", g.name);
        assert!(
            err.contains("format 1") && err.contains("format"),
            "{}: {err}",
            g.name
        );
        let old = golden(&format!("v1/{}.save.ron", g.name));
        let before = SaveGame::read(&old).unwrap_or_else(|e| panic!("{e}"));
        let text = load_and_save(&old, g);
        let after = SaveGame::from_ron(&text, g.name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(after.version, aeternus_core::save::VERSION);
        assert_eq!(
            (&after.hexes, &after.players, &after.flags, &after.log),
            (&before.hexes, &before.players, &before.flags, &before.log),
            "{}",
            g.name
        );
        for (at, f) in &before.flags {
            let known = after.knowledge.iter().find(|k| k.faction == *f);
            let hexes = &known.unwrap_or_else(|| panic!("faction {f}")).hexes;
            assert!(hexes.contains(&(*at, 100)), "{}: {at}", g.name);
        }
    }
}
