//! A recorded game in the window (`sim --spectator`, under Xvfb when available) is the game
//! `sim` plays headless: its autosave at the end of the last phase is the headless save, byte
//! for byte.
//!
//! Skips (passing, with a message) when there is neither `xvfb-run` nor a `DISPLAY`.
#![cfg(unix)]

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::{Duration, Instant};

/// Kill the window if the game has not reached its end by then.
const TIMEOUT: Duration = Duration::from_secs(120);

#[test]
fn a_game_watched_in_the_window_is_the_headless_game() {
    let xvfb = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("xvfb-run").is_file()));
    if !xvfb && std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        let why = "no `xvfb-run` on PATH and no DISPLAY to open a window on";
        if std::env::var("AETERNUS_REQUIRE_WINDOW").as_deref() == Ok("1") {
            panic!("window test cannot run: {why} (AETERNUS_REQUIRE_WINDOW=1)");
        }
        eprintln!("window test skipped: {why}");
        return;
    }
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
    let mut cmd = if xvfb {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24"]).arg(game);
        c
    } else {
        Command::new(game)
    };
    let log = File::create(dir.join("game.log")).unwrap();
    cmd.args(args)
        .args(["--spectator", "--speed", "2000", "--save"])
        .arg(&watched)
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        // Its own process group, so the end kills Xvfb and the game too, not only xvfb-run.
        .process_group(0);
    let mut child = cmd.spawn().expect("start the game");
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
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status();
    let _ = child.wait();
    let said = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    assert!(
        same,
        "the window's last autosave is not the headless save; the game said:\n{}",
        said.lines().rev().take(15).collect::<Vec<_>>().join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
