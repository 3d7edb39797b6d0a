//! A recorded game in the window (`sim --spectator`, under Xvfb when available) is the game
//! `sim` plays headless: its autosave at the end of the last phase is the headless save, byte
//! for byte.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`, unless
//! `AETERNUS_REQUIRE_WINDOW=1` (`common`).

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{self, TIMEOUT, launcher};

#[test]
fn a_game_watched_in_the_window_is_the_headless_game() {
    let Some(launcher) = launcher() else { return };
    let dir = std::env::temp_dir().join(format!("aeternus-sim-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = env!("CARGO_BIN_EXE_aeternus");
    let args = ["sim", "--seed", "3", "--players", "4", "--phases", "3"];
    let headless = dir.join("headless.ron");
    let out = Command::new(game)
        .args(args)
        .arg("--save")
        .arg(&headless)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let want = std::fs::read(&headless).unwrap();

    let watched = dir.join("watched.ron");
    let mut child = common::game(&launcher, &args, &dir)
        .args(["--spectator", "--speed", "2000", "--save"])
        .arg(&watched)
        .spawn()
        .expect("start the game");
    // The newest autosave is the last phase's once three were made.
    let newest = dir.join("watched-autosave-1.ron");
    let oldest = dir.join("watched-autosave-3.ron");
    let start = Instant::now();
    let same = loop {
        if oldest.exists() && std::fs::read(&newest).is_ok_and(|got| got == want) {
            break true;
        }
        if start.elapsed() > TIMEOUT || child.try_wait().unwrap().is_some() {
            break false;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    common::kill_game(&mut child);
    let said = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    assert!(
        same,
        "the window's last autosave is not the headless save; the game said:\n{}",
        said.lines().rev().take(15).collect::<Vec<_>>().join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
