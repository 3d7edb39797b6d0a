//! What the window tests share: starting the game under Xvfb (or on the user's display), its
//! screenshot, and pixel measures.
//!
//! A test skips (passing, with a message) where there is neither `xvfb-run` nor a `DISPLAY`;
//! with `AETERNUS_REQUIRE_WINDOW=1` (CI sets it) a skip is a failure instead, so a broken Xvfb
//! set-up cannot pass silently.
//!
//! The window tests run on the threads of one test binary: each holds the one window (the
//! [`Launcher`]) from its start to its end, so no two games open a window at once.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use image::{Rgb, RgbImage};

/// Kill the game if it has not saved its screenshot and quit by then.
pub const TIMEOUT: Duration = Duration::from_secs(120);
/// Per channel, out of 255, for flat marks (tokens, seals): drawn in an sRGB window, their colour
/// comes back exact but for rounding and the software rasteriser.
pub const TOLERANCE: i32 = 6;

/// How to open a window here, held until the test ends; or `None` after saying why the test
/// skips (a panic instead when `AETERNUS_REQUIRE_WINDOW=1`).
pub fn launcher() -> Option<Launcher> {
    let Some(xvfb) = xvfb_found() else {
        let why = "no `xvfb-run` on PATH and no DISPLAY to open a window on";
        if std::env::var("AETERNUS_REQUIRE_WINDOW").as_deref() == Ok("1") {
            panic!("window test cannot run: {why} (AETERNUS_REQUIRE_WINDOW=1)");
        }
        eprintln!("window test skipped: {why}");
        return None;
    };
    let one = ONE_WINDOW.lock().unwrap_or_else(|e| e.into_inner());
    Some(Launcher { xvfb, _one: one })
}

/// The standard deviation of the luminance of the pixels within `r` of (x, y).
pub fn patch_spread(img: &RgbImage, x: u32, y: u32, r: i32) -> f32 {
    let mut l = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let px = img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            l.push(0.2126 * px[0] as f32 + 0.7152 * px[1] as f32 + 0.0722 * px[2] as f32);
        }
    }
    let mean = l.iter().sum::<f32>() / l.len() as f32;
    (l.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / l.len() as f32).sqrt()
}

/// One window test at a time: two `xvfb-run -a` starting together can race for a display
/// number, and two windows rendering at once on 2 cores could outlast [`TIMEOUT`].
static ONE_WINDOW: Mutex<()> = Mutex::new(());

/// Runs the game with `args` and `--screenshot`, and returns the picture and its folder.
pub fn screenshot(launcher: &Launcher, tag: &str, args: &[&str]) -> (RgbImage, PathBuf) {
    let dir =
        std::env::temp_dir().join(format!("aeternus-window-test-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join("window.png");
    let status = run_game(launcher, args, &shot, &dir);
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap_or_default();
    match image::open(&shot) {
        Ok(img) => (img.to_rgb8(), dir),
        Err(e) => panic!(
            "no screenshot at {} ({e}); the game exited with {status:?}. Its log:\n{}",
            shot.display(),
            tail(&log, 60)
        ),
    }
}

/// The mean colour of the square of pixels within `r` of (x, y).
pub fn patch_mean(img: &RgbImage, x: u32, y: u32, r: i32) -> Rgb<u8> {
    let (mut sum, mut n) = ([0u32; 3], 0u32);
    for dy in -r..=r {
        for dx in -r..=r {
            let px = img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            (0..3).for_each(|i| sum[i] += px[i] as u32);
            n += 1;
        }
    }
    Rgb(sum.map(|c| (c / n) as u8))
}

/// Squared distance between two colours.
pub fn distance(a: Rgb<u8>, b: Rgb<u8>) -> i32 {
    (0..3).map(|i| (a[i] as i32 - b[i] as i32).pow(2)).sum()
}

pub fn close(a: Rgb<u8>, b: Rgb<u8>) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= TOLERANCE)
}

/// The one window, on a private Xvfb screen or on the user's display, for as long as it is held.
pub struct Launcher {
    xvfb: bool,
    _one: MutexGuard<'static, ()>,
}

/// Whether to open windows on a private Xvfb screen (the same on every machine, preferred) or
/// on the user's display; `None` where neither is there.
fn xvfb_found() -> Option<bool> {
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
    };
    if on_path("xvfb-run") {
        Some(true)
    } else {
        std::env::var_os("DISPLAY")
            .is_some_and(|d| !d.is_empty())
            .then_some(false)
    }
}

/// The game with `args`, in a window, its output to `game.log` in `dir`: in a process group of
/// its own, so that [`kill_game`] ends Xvfb and the game too, not only xvfb-run.
pub fn game(launcher: &Launcher, args: &[&str], dir: &Path) -> Command {
    let game = PathBuf::from(env!("CARGO_BIN_EXE_aeternus"));
    let mut cmd = if launcher.xvfb {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24"]).arg(&game);
        c
    } else {
        Command::new(&game)
    };
    let log = File::create(dir.join("game.log")).unwrap();
    cmd.args(args)
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .process_group(0);
    cmd
}

/// Kills a game started from [`game`] with everything it started, and waits for it.
pub fn kill_game(child: &mut std::process::Child) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status();
    let _ = child.wait();
}

pub fn run_game(launcher: &Launcher, args: &[&str], shot: &Path, dir: &Path) -> Option<ExitStatus> {
    let mut cmd = game(launcher, args, dir);
    let mut child = cmd
        .arg("--screenshot")
        .arg(shot)
        .spawn()
        .expect("start the game");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > TIMEOUT {
            kill_game(&mut child);
            eprintln!("the game did not finish within {TIMEOUT:?}: killed");
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

pub fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Starts `aeternus serve` on a free port of 127.0.0.1 with `args` after it: the process, the
/// address it serves on, and its error output (kept open: a server writing to a closed pipe
/// would fail).
pub fn serve(
    args: &[&str],
) -> (
    std::process::Child,
    String,
    std::io::BufReader<std::process::ChildStderr>,
) {
    use std::io::BufRead;
    let mut server = Command::new(env!("CARGO_BIN_EXE_aeternus"))
        .args(["serve", "--port", "0", "--bind", "127.0.0.1"])
        .args(args)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the server");
    let mut err = std::io::BufReader::new(server.stderr.take().expect("its error output"));
    let mut first = String::new();
    err.read_line(&mut first).expect("the server's first line");
    let addr = first.trim().strip_prefix("serving on ").expect(&first);
    (server, addr.to_string(), err)
}
