//! Online play in a window: `aeternus join ADDR` opens the game's window on the server's game,
//! its keys play this client's seat (sent to the server as intents and played when the server
//! sends them back), and the window draws the game as the server has it.

use crate::common::{self, launcher, patch_spread, screenshot};

/// A person joins a server's one seat in a window and gathers three times by key: the server
/// plays and journals the three gathers for seat 0, and the window shows the map; a spectator's
/// window then shows the game and its keys play nothing.
#[test]
fn a_person_joins_in_a_window_and_plays_their_seat() {
    let Some(launcher) = launcher() else { return };
    let (dir, journal) = folder("online");
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

/// The lobby in a window: the first person to join is the host, and the window shows the lobby
/// panel while the game waits for its second person. The host presses 2: the server offers the
/// example mod's rules second, sets the game up anew on them (its journal begun anew with
/// their hash), and the window opens anew on them, its seat taken back with its key, the panel
/// shown again.
#[test]
fn the_host_chooses_the_rules_in_the_windows_lobby() {
    let Some(launcher) = launcher() else { return };
    let (dir, journal) = folder("lobby");
    let path = journal.display().to_string();
    let fire = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/mods/example");
    let args = ["--seed", "5", "--seats", "human,human", "--offer", fire];
    let (mut server, addr, _err) = common::serve(&[&args[..], &["--journal", &path]].concat());
    // 2 chooses; the keys after it only keep the first window up until it opens anew.
    let args = ["join", &addr, "--name", "Ada", "--press", "2,V,V,V,V"];
    let (img, shot_dir) = screenshot(&launcher, "online-lobby", &args);
    server.kill().ok();
    server.wait().ok();
    opened_anew_on_the_mods_rules(&shot_dir, &journal);
    lobby_panel_shown(&img);
    std::fs::remove_dir_all(dir).ok();
}

/// A folder of the test's own, and the journal's path in it.
fn folder(tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("aeternus-window-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("game.jsonl");
    (dir, journal)
}

/// The window opened anew on the example mod's rules (its title names them), and the server's
/// journal was begun anew on them.
fn opened_anew_on_the_mods_rules(shot_dir: &std::path::Path, journal: &std::path::Path) {
    let log = std::fs::read_to_string(shot_dir.join("game.log")).unwrap_or_default();
    let game_line = std::fs::read_to_string(journal).unwrap_or_default();
    assert!(
        log.contains("opens anew on them") && log.contains("Aeternus after the fire (seed"),
        "the window did not open anew on the mod's rules:\n{}",
        common::tail(&log, 40)
    );
    assert!(game_line.contains("Aeternus after the fire"), "{game_line}");
}

/// The lobby panel, a block of its dark colour, in the middle of the window, and the map drawn
/// below it.
fn lobby_panel_shown(img: &image::RgbImage) {
    let (w, h) = img.dimensions();
    let panel = image::Rgb([13u8, 15, 23]);
    let near = (w / 2 - 150..w / 2 + 150)
        .flat_map(|x| (h / 2 - 60..h / 2 + 60).map(move |y| (x, y)))
        .filter(|&(x, y)| common::distance(*img.get_pixel(x, y), panel) < 60)
        .count();
    assert!(near > 300 * 120 / 3, "{near} pixels of the panel's colour");
    assert!(
        common::patch_spread(img, w / 2, h * 4 / 5, 40) > 2.0,
        "no map below the panel"
    );
}

/// The host's keys in the window's lobby reach the server: = lengthens the game by a phase and
/// Enter starts it before the second person comes (their seat going to a greedy bot); the
/// journal's game line says the new length and, the turn clock ending the host's first turn,
/// the bot plays.
#[test]
fn the_hosts_keys_in_the_windows_lobby_lengthen_and_start_the_game() {
    let Some(launcher) = launcher() else { return };
    let (dir, journal) = folder("start");
    let path = journal.display().to_string();
    let args = ["--seed", "6", "--seats", "human,human", "--phases", "4"];
    let clock = ["--turn-seconds", "1", "--journal", &path];
    let (mut server, addr, _err) = common::serve(&[&args[..], &clock[..]].concat());
    let args = ["join", &addr, "--name", "Ada", "--press", "=,Enter"];
    let _ = screenshot(&launcher, "online-start", &args);
    let start = std::time::Instant::now();
    let played_by_the_bot = || {
        let text = std::fs::read_to_string(&journal).unwrap_or_default();
        (text.lines().skip(1)).any(|l| l.contains(r#""player":1"#))
    };
    while !played_by_the_bot() && start.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let text = std::fs::read_to_string(&journal).unwrap_or_default();
    server.kill().ok();
    server.wait().ok();
    let game_line = text.lines().next().unwrap_or_default();
    assert!(game_line.contains(r#""phases":5"#), "{game_line}");
    assert!(played_by_the_bot(), "the game did not start:\n{text}");
    std::fs::remove_dir_all(dir).ok();
}

/// `serve --host` (the title's Host): the host's 2 in the lobby chooses the example mod's rules;
/// the window closes and opens anew as a child of the process, which goes on serving (its
/// journal begun anew on the mod's rules), and the new window shows the lobby.
#[test]
fn the_host_of_a_game_served_in_its_window_chooses_the_rules() {
    let Some(launcher) = launcher() else { return };
    let (dir, journal) = folder("hosted");
    let path = journal.display().to_string();
    let fire = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/mods/example");
    let args = [
        "serve",
        "--host",
        "--port",
        "0",
        "--seats",
        "human,human",
        "--offer",
        fire,
        "--journal",
        &path,
        "--press",
        "2,V,V,V,V",
    ];
    let (img, shot_dir) = screenshot(&launcher, "online-hosted", &args);
    opened_anew_on_the_mods_rules(&shot_dir, &journal);
    lobby_panel_shown(&img);
    std::fs::remove_dir_all(dir).ok();
}
