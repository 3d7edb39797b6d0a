//! The storm world's benchmark: one whole cycle (draw, smoothing, capital, seals, all
//! reservations) of the default ruleset, normal and trial. Target: under 5 ms a cycle.
//! Run with `cargo bench --bench storm` (a release build).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use aeternus_core::storm::{CycleParams, StormMap, StormRules};
use criterion::Criterion;

fn cycle(rules: &Arc<StormRules>, seed: u64, cycle: u32, trial: bool) -> StormMap {
    let mut p = CycleParams::new(rules, seed, cycle);
    p.trial = trial;
    StormMap::generate(rules.clone(), p)
}

/// A plain mean over many cycles, printed before criterion's groups.
fn summary(rules: &Arc<StormRules>) {
    for (name, trial) in [("normal", false), ("trial", true)] {
        let n = 300;
        let start = Instant::now();
        for c in 0..n {
            black_box(cycle(rules, 7, c, trial));
        }
        let mean = start.elapsed().as_secs_f64() * 1000.0 / n as f64;
        println!("storm cycle ({name}): mean {mean:.3} ms over {n} cycles (target < 5 ms)");
    }
}

fn main() {
    let rules = Arc::new(StormRules::embedded().expect("the embedded storm rules are valid"));
    summary(&rules);
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("storm");
    let mut n = 0u32;
    g.bench_function("whole cycle", |b| {
        b.iter(|| {
            n = n.wrapping_add(1);
            black_box(cycle(&rules, 7, n, false))
        })
    });
    g.bench_function("whole cycle (Queen's Hand trial)", |b| {
        b.iter(|| {
            n = n.wrapping_add(1);
            black_box(cycle(&rules, 7, n, true))
        })
    });
    g.finish();
    c.final_summary();
}
