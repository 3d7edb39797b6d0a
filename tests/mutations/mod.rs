//! Seeded property tests of hostile files: thousands of mutations of the shipped rule files, the
//! settlement template and a real save, each loaded as the game loads it and, when accepted, used
//! for a short generation and a few actions. None may panic, and each stays within a bounded
//! number of generated hexes. The seed is fixed and nothing is persisted, so they never flake;
//! `AETERNUS_MUTATIONS=N` runs N cases a file instead of the default, and
//! `AETERNUS_MUTATIONS_SEED=S` another set of them.

mod play;
mod rules;
mod save;
mod sites;
mod storm;
mod text;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};

use text::{Mutated, mutated};

/// The cases a file gets: `default`, or `AETERNUS_MUTATIONS` when set.
fn cases(default: u32) -> u32 {
    env("AETERNUS_MUTATIONS").map_or(default, |n| n as u32)
}

/// A number from the environment, for longer runs by hand.
fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// The hexes within `r` of a hex.
const fn disc(r: u32) -> usize {
    aeternus_core::hex::hexes_within(r) as usize
}

/// A folder of our own for the files a case is loaded from, removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("aeternus-mutations-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// Writes `bytes` at `relative` (folders made as needed) and returns its path.
    fn write(&self, relative: impl AsRef<Path>, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one case may take at most: a bound against a hang or a runaway loop, not a speed
/// target (the slowest default case takes about 50 ms in the dev profile; the sweep's storm
/// map at the radius limit, 200, about 300 ms).
const CASE_TIME: Duration = Duration::from_secs(1);

/// What one case did: whether the file was accepted and how many hexes its use generated.
struct CaseOutcome {
    accepted: bool,
    hexes: usize,
}

impl CaseOutcome {
    fn refused() -> Self {
        Self {
            accepted: false,
            hexes: 0,
        }
    }
}

/// Runs `cases` mutations of `base` through `case` under a fixed seed; panics with the
/// smallest failing mutation when one panics. Prints the count accepted and the slowest case.
fn run(name: &str, seed: u64, cases: u32, base: Vec<u8>, case: impl Fn(&Mutated) -> CaseOutcome) {
    let config = Config {
        cases,
        // Fixed; `AETERNUS_MUTATIONS_SEED` draws another set of cases (still reproducible).
        rng_seed: RngSeed::Fixed(seed ^ env("AETERNUS_MUTATIONS_SEED").unwrap_or(0)),
        failure_persistence: None,
        // A failure is shrunk for at most a minute.
        max_shrink_time: 60_000,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let began = Instant::now();
    let accepted = Cell::new(0u32);
    let hexes = Cell::new(0usize);
    let slowest = RefCell::new((Duration::ZERO, Vec::new()));
    let result = runner.run(&mutated(Arc::new(base)), |m| {
        let start = Instant::now();
        let outcome = case(&m);
        let took = start.elapsed();
        if outcome.accepted {
            accepted.set(accepted.get() + 1);
        }
        hexes.set(hexes.get().max(outcome.hexes));
        if took > slowest.borrow().0 {
            *slowest.borrow_mut() = (took, m.steps.clone());
        }
        if took > CASE_TIME {
            return Err(TestCaseError::fail(format!(
                "a case took {:.1} s (at most {} s)",
                took.as_secs_f64(),
                CASE_TIME.as_secs()
            )));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("mutations of {name}: {e}");
    }
    let (took, steps) = slowest.into_inner();
    eprintln!(
        "mutations of {name}: {cases} cases in {:.1} s, {} accepted, at most {} hexes; slowest {:.1} ms: {steps:?}",
        began.elapsed().as_secs_f64(),
        accepted.get(),
        hexes.get(),
        took.as_secs_f64() * 1e3,
    );
}

/// Every number of `base` set to every extreme, every limit and one either side of itself, one
/// at a time: a slower, exhaustive sweep (`cargo test --test game mutations:: -- --ignored`). A panic
/// names the file and the change that caused it.
fn sweep(name: &str, base: &[u8], case: impl Fn(&[u8]) -> CaseOutcome) {
    use text::{EXTREMES, LIMITS, Value, lex, numbers, set_number};
    /// Says which change was being tried when a case panics (and nothing otherwise).
    struct Trying<'a>(&'a str, &'a str);
    impl Drop for Trying<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                eprintln!("mutations of {}: panicked on {}", self.0, self.1);
            }
        }
    }
    let values = (EXTREMES.iter().map(|&e| Value::Extreme(e)))
        .chain(LIMITS.iter().map(|&e| Value::Limit(e)))
        .chain([Value::Near(-1), Value::Near(1)]);
    let tokens = lex(base);
    let (began, mut cases, mut accepted) = (Instant::now(), 0, 0);
    let mut slowest = (Duration::ZERO, String::new());
    for k in 0..numbers(base) {
        for value in values.clone() {
            let mut bytes = base.to_vec();
            let step = set_number(&mut bytes, &tokens, k, value);
            let trying = Trying(name, &step);
            let start = Instant::now();
            accepted += case(&bytes).accepted as u32;
            cases += 1;
            let took = start.elapsed();
            assert!(took <= CASE_TIME, "{name}: {step} took {took:?}");
            if took > slowest.0 {
                slowest = (took, step.clone());
            }
            drop(trying);
        }
    }
    eprintln!(
        "sweep of {name}: {cases} cases in {:.1} s, {accepted} accepted; slowest {:.1} ms: {}",
        began.elapsed().as_secs_f64(),
        slowest.0.as_secs_f64() * 1e3,
        slowest.1,
    );
}

/// The embedded site rules, parsed once.
fn site_rules() -> &'static aeternus_core::sites::SiteRules {
    static SITES: std::sync::OnceLock<aeternus_core::sites::SiteRules> = std::sync::OnceLock::new();
    SITES.get_or_init(aeternus_core::sites::SiteRules::embedded)
}

/// The repository's copy of a shipped file.
fn shipped(relative: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
