//! Online play in a window: `aeternus join ADDR` opens the game's window on the server's game,
//! its keys play this client's seat (sent to the server as intents and played when the server
//! sends them back), and the window draws the game as the server has it.

mod common;

use common::{launcher, patch_spread, screenshot};

/// A person joins a server's one seat in a window and gathers three times by key: the server
/// plays and journals the three gathers for seat 0, and the window shows the map; a spectator's
/// window then shows the game and its keys play nothing.
#[test]
fn a_person_joins_in_a_window_and_plays_their_seat() {
    let Some(launcher) = launcher() else { return };
    let dir = std::env::temp_dir().join(format!("aeternus-window-online-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("game.jsonl");
    let path = journal.display().to_string();
    let args = ["--seed", "5", "--seats", "human,greedy", "--phases", "3"];
    let (mut server, addr, _err) = common::serve(&[&args[..], &["--journal", &path]].concat());
    let args = ["join", &addr, "--name", "Ada", "--press", "G,G,G"];
    let (img, _) = screenshot(&launcher, "online", &args);
    let gathers = || {
        let text = std::fs::read_to_string(&journal).unwrap_or_default();
        (text.lines())
            .filter(|l| l.contains(r#""player":0"#) && l.contains(r#""action":"gather""#))
            .count()
    };
    let found = gathers();
    // A spectator's window on the same game: the map drawn, nothing played.
    let watch = ["join", &addr, "--spectate", "--name", "Cy", "--press", "G"];
    let (seen, _) = screenshot(&launcher, "online-watch", &watch);
    let (w, h) = seen.dimensions();
    assert!(
        patch_spread(&seen, w / 2, h / 2, 40) > 2.0,
        "a flat spectator's window"
    );
    assert_eq!(gathers(), found, "a spectator's keys play nothing");
    server.kill().ok();
    server.wait().ok();
    assert!(found >= 3, "the server journaled {found} gathers of seat 0");
    // The map is drawn: the middle of the window is not one flat colour.
    let (w, h) = img.dimensions();
    assert!(patch_spread(&img, w / 2, h / 2, 40) > 2.0, "a flat window");
    std::fs::remove_dir_all(dir).ok();
}

/// The title's Join: Join taken, an address typed and taken, the window starts `join` with it
/// (here nobody answers at that address, so `join` says so after its wait and ends).
#[test]
fn the_titles_join_joins_the_address_typed() {
    let Some(launcher) = launcher() else { return };
    // Down twice to Join; Enter opens it; the address; Enter on the address field joins.
    let keys = "Down,Down,Enter,1,2,7,.,0,.,0,.,1,:,9,Enter";
    let dir = std::env::temp_dir().join(format!("aeternus-window-join-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join("never.png");
    let _ = common::run_game(&launcher, &["--title", "--press", keys], &shot, &dir);
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    assert!(
        log.contains("127.0.0.1:9: not let in"),
        "the title's Join did not join the address typed:\n{}",
        common::tail(&log, 30)
    );
    std::fs::remove_dir_all(dir).ok();
}
