//! The headless generator, run as a player would run it. Uses only the binary.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;
use crate::walk::files_under;

fn aeternus(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn lines(out: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn gen_writes_the_view_of_radius_12_in_view_order() {
    let out = aeternus(&["gen", "--seed", "7", "--radius", "12"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = lines(&out);
    assert_eq!(rows.len(), 469, "3*12*13+1 hexes");
    let keys: Vec<&str> = rows[0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    for k in [
        "seed",
        "order",
        "x",
        "y",
        "z",
        "q",
        "r",
        "biome",
        "landmark",
        "features",
        "mass",
        "mass_size",
        "cause",
    ] {
        assert!(keys.contains(&k), "missing field {k}");
    }
    assert_eq!(rows[0]["order"], 0);
    assert_eq!(rows[0]["cause"], "origin");
    assert_eq!(rows[0]["biome"], "Meadow");
    assert_eq!(rows[0]["landmark"], "Barren");
    assert_eq!(
        (rows[0]["x"].as_i64(), rows[0]["y"].as_i64()),
        (Some(0), Some(0))
    );
    // The first ring starts due North, (0, 0, 1), then Ashe (0, 1, 0).
    assert_eq!(
        (
            rows[1]["x"].as_i64(),
            rows[1]["y"].as_i64(),
            rows[1]["z"].as_i64()
        ),
        (Some(0), Some(0), Some(1))
    );
    assert_eq!(
        (
            rows[2]["x"].as_i64(),
            rows[2]["y"].as_i64(),
            rows[2]["z"].as_i64()
        ),
        (Some(0), Some(1), Some(0))
    );
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["order"].as_u64(), Some(i as u64));
        assert_eq!(r["seed"], 7);
    }
    // The same seed gives the same bytes.
    assert_eq!(
        out.stdout,
        aeternus(&["gen", "--seed", "7", "--radius", "12"]).stdout
    );
}

#[test]
fn gen_reads_hexes_from_standard_input_and_closes_pockets() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(["gen", "--seed", "3", "--hexes", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // The ring of six around (5, 0, 0), any spelling, with a comment and a blank line.
    let ring = "# a ring\n5,0,1\n5,1,0\n6,0,0\n\n5,0,-1\n4,0,-1 # Zest side\n4,0,0\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(ring.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let rows = lines(&out);
    assert_eq!(rows.len(), 1 + 6 + 1);
    let last = rows.last().unwrap();
    assert_eq!(last["cause"], "pocket");
    assert_eq!(last["biome"], "Lake");
    assert_eq!(
        (last["x"].as_i64(), last["y"].as_i64(), last["z"].as_i64()),
        (Some(5), Some(0), Some(0))
    );
}

#[test]
fn gen_covers_a_seed_range_and_draws_pngs() {
    let dir = std::env::temp_dir().join(format!("aeternus-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("map.png");
    let jsonl = dir.join("worlds.jsonl");
    let out = aeternus(&[
        "gen",
        "--seeds",
        "4..7",
        "--radius",
        "3",
        "--out",
        jsonl.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(text.lines().count(), 3 * 37);
    for seed in 4..7 {
        let p = dir.join(format!("map-{seed}.png"));
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!(&bytes[1..4], b"PNG", "{}", p.display());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_arguments_exit_with_2_and_say_why() {
    for (args, says) in [
        (vec!["gen", "--seed", "x"], "invalid value"),
        (vec!["gen", "--seeds", "5..5"], "holds no seed"),
        (vec!["gen", "--seeds", "5"], "A..B"),
        (vec!["gen", "--radius=-1"], "invalid value"),
        (
            vec!["gen", "--rules", "no/such.ron"],
            "no/such.ron: cannot read",
        ),
        (vec!["gen", "--hexes", "no/such.txt"], "no/such.txt"),
        (
            vec!["gen", "--seed", "1", "--seeds", "1..2"],
            "cannot be used with",
        ),
        (vec!["gen", "--bogus"], "unexpected argument"),
        // The window's storm options are checked before any window opens.
        (
            vec!["--rules", "storm", "--contracts", "bogus"],
            "unknown seal `bogus`",
        ),
        (vec!["--cycle", "3"], "belong to the storm rules"),
        // So are a save to load, the site rules and the spectator's ruleset.
        (
            vec!["--load", "no/such-save.ron"],
            "no/such-save.ron: cannot read",
        ),
        (
            vec!["--load", "x.ron", "--players", "3"],
            "a save brings its players",
        ),
        (
            vec!["--sites", "no/such-sites.ron"],
            "no/such-sites.ron: cannot read",
        ),
        (
            vec!["--rules", "storm", "--spectator"],
            "belongs to the Aeternus window",
        ),
    ] {
        let out = aeternus(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_hex_line_names_the_file_and_line() {
    let dir = std::env::temp_dir().join(format!("aeternus-hexes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("hexes.txt");
    std::fs::write(&f, "0,0,1\n1,2\n").unwrap();
    let out = aeternus(&["gen", "--hexes", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:2:", f.display())), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_rule_file_names_the_file_and_field() {
    let f = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/rules/broken/negative_weight.ron"
    );
    let out = aeternus(&["gen", "--rules", f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("negative_weight.ron") && err.contains("biomes[1].weight"),
        "{err}"
    );
}

#[test]
fn a_broken_save_names_the_file_and_field_before_any_window_opens() {
    let dir = std::env::temp_dir().join(format!("aeternus-save-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("game.ron");
    std::fs::write(&f, "(version: 1, seed: 3, phase: \"one\")").unwrap();
    let out = aeternus(&["--load", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game.ron:1:") && err.contains("phase"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// One case of the hostile-input corpus: a file under `tests/hostile/` whose first comment lines
/// (`// key: value` or `# key: value`) say how to run it and what it breaks.
struct HostileCase {
    path: std::path::PathBuf,
    args: Vec<String>,
    stdin: Option<String>,
    field: String,
    limit: String,
}

fn hostile_case(path: &std::path::Path) -> HostileCase {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut keys = std::collections::HashMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("//").or_else(|| line.strip_prefix('#')) else {
            break;
        };
        if let Some((k, v)) = rest.split_once(':') {
            keys.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    let get = |k: &str| {
        keys.get(k)
            .cloned()
            .unwrap_or_else(|| panic!("{}: the case has no `{k}:` line", path.display()))
    };
    let file = path.display().to_string();
    let dir = path.parent().unwrap().display().to_string();
    HostileCase {
        path: path.to_path_buf(),
        args: get("args")
            .split_whitespace()
            .map(|a| a.replace("{file}", &file).replace("{dir}", &dir))
            .collect(),
        stdin: keys.get("stdin").map(|s| s.replace("\\n", "\n")),
        field: get("field"),
        limit: get("limit"),
    }
}

/// Runs the game in the crate's folder with `input` on standard input (stdout dropped).
fn fed(args: &[impl AsRef<std::ffi::OsStr>], input: String) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread: the game may stop reading (at a cap, say), and the pipe then breaks.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Every case of the corpus exits with 2, names the field and the limit it breaks, and never panics.
#[test]
fn the_hostile_corpus_is_refused_with_its_field_and_limit() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    // A case is any file but the notes (`.md`) and the data cases name (`NAME.data.EXT`).
    let paths = files_under(&root, &|p| {
        p.extension().is_some_and(|e| e != "md") && !p.to_string_lossy().contains(".data.")
    });
    assert!(paths.len() >= 10, "the corpus has {} cases", paths.len());
    let mut failures = Vec::new();
    for path in &paths {
        let case = hostile_case(path);
        let out = fed(&case.args, case.stdin.clone().unwrap_or_default());
        let err = String::from_utf8_lossy(&out.stderr);
        let ok = out.status.code() == Some(2)
            && err.contains(&case.field)
            && err.contains(&case.limit)
            && !err.contains("panicked");
        if !ok {
            failures.push(format!(
                "{}: exit {:?}, expected 2 naming `{}` and `{}`; said: {}",
                case.path.display(),
                out.status.code(),
                case.field,
                case.limit,
                err.trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Two hexes 16 million steps apart draw a PNG scaled down to the cap, not an 18 GB image.
#[test]
fn a_png_of_far_apart_hexes_is_scaled_down_to_the_cap() {
    let dir = std::env::temp_dir().join(format!("aeternus-png-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("far.png");
    let mut child = Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(["gen", "--hexes", "-", "--png"])
        .arg(&png)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"16000000,0,0\n-16000000,0,0\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h) = image::image_dimensions(&png).unwrap();
    assert!(w <= 4096 && h <= 4096 && w > 0 && h > 0, "{w}x{h}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FIFO given as any input file is refused at once, never waited on for a writer.
#[cfg(unix)]
#[test]
fn a_fifo_given_as_any_input_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("aeternus-fifo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("input.ron");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let f = fifo.to_str().unwrap();
    for args in [
        vec!["gen", "--hexes", f],
        vec!["gen", "--rules", f],
        vec!["sites", "--sites", f],
        vec!["--load", f],
        vec!["replay", f],
        vec!["sim", "--rules", f],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_aeternus"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break Some(s);
            }
            if start.elapsed() > std::time::Duration::from_secs(20) {
                child.kill().unwrap();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(2),
            "{args:?} hung or: {err}"
        );
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A temporary folder of the test's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `sim` twice on one seed writes the same log and the same save, byte for byte, and no
/// autosave; `replay` of the log checks every line and saves the same game, byte for byte.
#[test]
fn a_recorded_game_is_the_same_twice_and_its_replay_saves_it_alike() {
    let dir = scratch("sim-replay");
    let p = |n: &str| dir.join(n).display().to_string();
    for run in ["a", "b"] {
        let (log, save) = (p(&format!("{run}.jsonl")), p(&format!("{run}.ron")));
        let out = aeternus(&[
            "sim",
            "--seed",
            "9",
            "--players",
            "3",
            "--phases",
            "4",
            "--out",
            &log,
            "--save",
            &save,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Headless games end phases but never autosave: the folder holds the logs and saves only.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.jsonl", "a.ron", "b.jsonl", "b.ron"]);
    let read = |n: &str| std::fs::read(dir.join(n)).unwrap();
    assert!(
        read("a.jsonl") == read("b.jsonl"),
        "two logs of one seed differ"
    );
    assert!(
        read("a.ron") == read("b.ron"),
        "two saves of one seed differ"
    );
    let out = aeternus(&["replay", &p("a.jsonl"), "--save", &p("replayed.ron")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        read("replayed.ron") == read("a.ron"),
        "the replay saved another game"
    );
    let text = String::from_utf8(read("a.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["kind"], "game");
    assert_eq!(first["seats"].as_array().unwrap().len(), 3);
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "end");
    assert_eq!(last["ended_in"], 4);
    // The log on standard output is the same as in the file.
    let out = aeternus(&["sim", "--seed", "9", "--players", "3", "--phases", "4"]);
    assert!(out.stdout == read("a.jsonl"));
    std::fs::remove_dir_all(&dir).ok();
}

/// `--seats` names each seat's bot: the log's seats say so, and the log replays.
#[test]
fn sim_seats_each_seat_its_own_bot() {
    let dir = scratch("sim-seats");
    let log = dir.join("game.jsonl");
    let seats = [
        "sim",
        "--seed",
        "4",
        "--phases",
        "3",
        "--seats",
        "greedy,greedy-v1,random",
    ];
    let out = aeternus(&[&seats[..], &["--out", log.to_str().unwrap()]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let bots: Vec<&str> = (first["seats"].as_array().unwrap().iter())
        .map(|s| s["bot"].as_str().unwrap())
        .collect();
    assert_eq!(bots, ["greedy", "greedy-v1", "random"]);
    let out = aeternus(&["replay", log.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The shorthand and the list agree: three greedy seats either way.
    let short = aeternus(&[
        "sim",
        "--seed",
        "4",
        "--phases",
        "2",
        "--players",
        "3",
        "--bot",
        "greedy",
    ]);
    let long = aeternus(&[
        "sim",
        "--seed",
        "4",
        "--phases",
        "2",
        "--seats",
        "greedy,greedy,greedy",
    ]);
    assert!(short.status.success() && short.stdout == long.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// A log with one action edited is refused, naming the line where the replay diverges.
#[test]
fn a_tampered_log_is_refused_at_its_line() {
    let dir = scratch("sim-tampered");
    let log = dir.join("game.jsonl");
    let out = aeternus(&["sim", "--seed", "2", "--players", "2", "--phases", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows: Vec<String> = text.lines().map(String::from).collect();
    // The first gathering becomes an end of turn.
    let i = (rows.iter())
        .position(|l| l.contains(r#""action":"gather""#) && l.contains(r#""outcome":"gathered""#))
        .expect("a gathering");
    rows[i] = rows[i].replace(r#""action":"gather""#, r#""action":"end_turn""#);
    std::fs::write(&log, rows.join("\n") + "\n").unwrap();
    let out = aeternus(&["replay", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("game.jsonl:{}: the replay diverges", i + 1)),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--games N` plays N seeds and prints the balance table.
#[test]
fn sim_games_prints_a_balance_table() {
    let out = aeternus(&[
        "sim",
        "--seed",
        "1",
        "--games",
        "4",
        "--players",
        "3",
        "--phases",
        "3",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    for part in [
        "4 games, seeds 1..=4, 3 seats of random bots, 3 phases",
        "wins by seat (4 games; a tie shares its win among the tied factions)",
        "(ties: the win shared)",
        "wins by faction",
        "wins by bot",
        "how the games ended",
        "last phase                     4  100.0%",
        "razes a game",
        "game length",
        "phases   3 / 3 / 3",
        "first build, by feature",
        "Flag",
    ] {
        assert!(table.contains(part), "no `{part}` in:\n{table}");
    }
    // The seats' wins, ties shared, add up to the games.
    let wins: f64 = (table.lines())
        .skip_while(|l| !l.starts_with("wins by seat"))
        .skip(2)
        .take(3)
        .map(|l| {
            l.split_whitespace()
                .rev()
                .nth(1)
                .unwrap()
                .parse::<f64>()
                .unwrap()
        })
        .sum();
    assert!((wins - 4.0).abs() < 0.02, "{table}");
}

/// `--format json` prints the same table as one JSON object, which reads back; `--format`
/// without `--games` is refused.
#[test]
fn sim_games_prints_the_table_as_json() {
    let args = [
        "sim",
        "--seed",
        "1",
        "--games",
        "3",
        "--seats",
        "greedy,random",
        "--phases",
        "4",
    ];
    let text = aeternus(&args);
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let out = aeternus(&json_args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["games"], 3);
    assert_eq!(v["phases"], 4);
    assert_eq!(v["seats"][0]["bot"], "greedy");
    assert_eq!(v["seats"][1]["seat"], 1);
    assert_eq!(v["by_bot"]["greedy"]["seat_games"], 3);
    assert_eq!(v["by_bot"]["random"]["seat_games"], 3);
    let wins: f64 = (v["seats"].as_array().unwrap().iter())
        .map(|s| s["wins"].as_f64().unwrap())
        .sum();
    let no_winner = v["no_winner"].as_f64().unwrap();
    assert!((wins + no_winner - 3.0).abs() < 1e-9, "{stdout}");
    assert_eq!(v["ends"]["phases"], 3);
    assert!(v["razes_per_game"].as_f64().unwrap() >= 0.0);
    // The text says the same wins.
    let text = String::from_utf8_lossy(&text.stdout);
    let greedy = v["by_bot"]["greedy"]["wins"].as_f64().unwrap();
    let shown = if greedy.fract() == 0.0 {
        format!("{greedy}")
    } else {
        format!("{greedy:.2}")
    };
    let line = (text.lines())
        .find(|l| l.trim_start().starts_with("greedy"))
        .unwrap_or_else(|| panic!("no greedy line in:\n{text}"));
    assert_eq!(
        line.split_whitespace().nth(2),
        Some(shown.as_str()),
        "{text}"
    );
    let out = aeternus(&["sim", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A log larger than the cap is refused before it is read (a sparse file: nothing is written).
#[test]
fn a_log_past_the_cap_is_refused_unread() {
    let dir = scratch("sim-large");
    let log = dir.join("huge.jsonl");
    let f = std::fs::File::create(&log).unwrap();
    f.set_len((1 << 30) + 1).unwrap();
    let start = std::time::Instant::now();
    let out = aeternus(&["replay", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("huge.jsonl") && err.contains("limit of 1073741824 bytes"),
        "{err}"
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).ok();
}

/// Bad input is refused by checks, never by catching a panic: no source file of the game, in
/// any of its crates, catches one (nor installs a hook that could hide it).
#[test]
fn no_panic_is_caught_anywhere_in_the_game() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rust = |p: &std::path::Path| p.extension().is_some_and(|x| x == "rs");
    let sources: Vec<_> = (["src", "crates"].iter())
        .flat_map(|d| files_under(&root.join(d), &rust))
        .collect();
    assert!(sources.len() > 50, "the game's sources are found");
    // Split, so this file does not name them whole.
    let banned = [["catch", "_unwind"].concat(), ["set", "_hook"].concat()];
    for p in sources {
        let text = std::fs::read_to_string(&p).expect("a source file");
        for b in &banned {
            assert!(!text.contains(b.as_str()), "{} uses {b}", p.display());
        }
    }
}

/// A hex list on standard input past either of its caps is refused at the cap, naming it: more
/// hexes than a world holds (2^24), or more bytes than a list may have (256 MiB).
#[test]
fn a_hex_list_past_its_caps_is_refused_naming_the_cap() {
    let hexes = "0,0,0\n".repeat((1 << 24) + 1);
    let bytes = "#".repeat((256 << 20) + 1);
    for (input, says) in [
        (hexes, "-:16777217: the list holds more than 16777216 hexes"),
        (
            bytes,
            "-: the hex list is larger than the limit of 268435456 bytes",
        ),
    ] {
        let out = fed(&["gen", "--hexes", "-"], input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(says) && !err.contains("panicked"), "{err}");
    }
}

/// The game runs from any working folder, with no cargo around it: the rules, the site rules
/// and the art are embedded, so the headless commands find everything they need.
#[test]
fn the_game_runs_from_a_folder_of_its_own() {
    let dir = std::env::temp_dir().join(format!("aeternus-anywhere-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_aeternus"))
            .args(args)
            .current_dir(&dir)
            .env_remove("CARGO_MANIFEST_DIR")
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "aeternus {args:?}: {err}");
        out
    };
    assert_eq!(
        lines(&run(&["gen", "--seed", "3", "--radius", "2"])).len(),
        19
    );
    let sim = run(&["sim", "--seed", "3", "--phases", "2", "--bot", "greedy"]);
    assert!(lines(&sim).len() > 2, "a game's log");
    let storm = run(&["gen", "--rules", "storm", "--seed", "3"]);
    assert!(!storm.stdout.is_empty());
    run(&["sites", "--seed", "3", "--radius", "3"]);
    run(&["mods"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// `serve` and `join` as a host and a player run them, on loopback: the server prints where it
/// listens, a bot joins, both save the same game at its end, and the journal replays.
#[test]
fn serve_and_join_play_a_game_over_the_network() {
    let dir = scratch("serve-join");
    let p = |n: &str| dir.join(n).display().to_string();
    let (journal, save) = (p("game.jsonl"), p("server.ron"));
    let (mut server, addr, _err) = common::serve(&[
        "--seed",
        "5",
        "--seats",
        "human,greedy",
        "--phases",
        "3",
        "--journal",
        &journal,
        "--save",
        &save,
    ]);
    let join = aeternus(&[
        "join",
        &addr,
        "--bot",
        "planner",
        "--name",
        "Ada",
        "--save",
        &p("client.ron"),
        "--key-file",
        &p("seat.key"),
    ]);
    assert!(
        join.status.success(),
        "{}",
        String::from_utf8_lossy(&join.stderr)
    );
    let said = String::from_utf8_lossy(&join.stderr).to_string();
    assert!(said.contains("0 did not"), "{said}");
    // The seat's key kept for a restart: 16 hex digits, readable by its owner alone.
    let key = std::fs::read_to_string(p("seat.key")).unwrap();
    assert!(key.trim_end().len() == 16 && key.trim_end().bytes().all(|b| b.is_ascii_hexdigit()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(p("seat.key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    assert!(server.wait().unwrap().success());
    let saved = std::fs::read(p("server.ron")).unwrap();
    assert_eq!(saved, std::fs::read(p("client.ron")).unwrap());
    let replay = aeternus(&["replay", &p("game.jsonl"), "--save", &p("replayed.ron")]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(saved, std::fs::read(p("replayed.ron")).unwrap());
    std::fs::remove_dir_all(dir).ok();
}
