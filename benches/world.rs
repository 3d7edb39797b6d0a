//! World generation benchmarks. Run with `cargo bench --bench world` (a release build: on a
//! developer machine, never in CI). Prints one summary table of the targets, then runs
//! criterion's timed groups.

use std::collections::{HashMap, VecDeque};
use std::hint::black_box;
use std::time::{Duration, Instant};

use aeternus_core::hex::{NEIGHBOURS, neighbours, ring};
use aeternus_core::rules::{BiomeId, FeatureSet, LandmarkId, Rules};
use aeternus_core::save::{SaveGame, VERSION, saved_hexes};
use aeternus_core::world::invariants;
use aeternus_core::world::plugin::{HexIndex, Viewer};
use aeternus_core::world::pockets::Searcher;
use aeternus_core::world::{Cause, HexWorld};
use aeternus_core::worldgen::stream::HexStreams;
use aeternus_core::worldgen::{PoolNeighbour, draw_biome, draw_features, draw_landmark};
use bevy::prelude::*;
use criterion::{BenchmarkId, Criterion, Throughput};
use hexx::Hex;

/// The smallest spiral radius holding at least `n` hexes.
fn radius_for(n: u64) -> u32 {
    (0..)
        .find(|&r: &u32| 3 * (r as u64) * (r as u64 + 1) + 1 >= n)
        .unwrap()
}

/// The first `n` hexes of the view order from the origin, ring by ring.
fn spiral(n: u64, mut visit: impl FnMut(Hex)) {
    let mut left = n;
    for r in 0..=radius_for(n) {
        for h in ring(Hex::ZERO, r) {
            if left == 0 {
                return;
            }
            visit(h);
            left -= 1;
        }
    }
}

fn spiral_core(rules: &Rules, n: u64) -> HexWorld {
    let mut w = HexWorld::with_capacity(rules.clone(), 1, n as usize);
    spiral(n, |h| {
        w.generate(h, Cause::View).unwrap();
    });
    w
}

/// The naive reading: a HashMap per hex, every neighbour's mass recounted by flood fill on
/// every draw, pockets searched whenever the generated neighbours form two runs.
struct Naive {
    rules: Rules,
    seed: u64,
    cells: HashMap<Hex, (BiomeId, LandmarkId, FeatureSet)>,
    searcher: Searcher,
}

impl Naive {
    fn new(rules: Rules, seed: u64) -> Self {
        let mut cells = HashMap::new();
        cells.insert(
            Hex::ZERO,
            (rules.origin.0, rules.origin.1, FeatureSet::EMPTY),
        );
        Self {
            rules,
            seed,
            cells,
            searcher: Searcher::default(),
        }
    }

    fn flood(&self, start: Hex) -> u32 {
        let b = self.cells[&start].0;
        let mut seen = std::collections::HashSet::from([start]);
        let mut q = VecDeque::from([start]);
        while let Some(h) = q.pop_front() {
            for n in neighbours(h) {
                if !seen.contains(&n) && self.cells.get(&n).is_some_and(|c| c.0 == b) {
                    seen.insert(n);
                    q.push_back(n);
                }
            }
        }
        seen.len() as u32
    }

    fn generate(&mut self, hex: Hex) {
        if self.cells.contains_key(&hex) {
            return;
        }
        let pool: Vec<PoolNeighbour> = neighbours(hex)
            .into_iter()
            .filter(|n| self.cells.contains_key(n))
            .map(|n| PoolNeighbour {
                biome: self.cells[&n].0,
                mass_size: self.flood(n),
            })
            .collect();
        let streams = HexStreams::new(self.seed, hex);
        let biome = draw_biome(&self.rules, streams, &pool);
        let mut landmark = draw_landmark(&self.rules, streams, biome);
        let features = draw_features(&self.rules, streams, &mut landmark, || false);
        let g = NEIGHBOURS.map(|d| self.cells.contains_key(&(hex + d)));
        let runs = (0..6).filter(|&i| g[i] && !g[(i + 5) % 6]).count();
        self.cells.insert(hex, (biome, landmark, features));
        if runs >= 2 {
            // Every gap of indeterminate neighbours, searched in lockstep.
            let gaps: Vec<Hex> = (0..6)
                .filter(|&i| !g[i] && g[(i + 5) % 6])
                .map(|i| hex + NEIGHBOURS[i])
                .collect();
            let cells = &self.cells;
            let found = self
                .searcher
                .enclosed(&gaps, |h| cells.contains_key(&h), usize::MAX);
            for h in found.expect("no limit") {
                self.cells.insert(
                    h,
                    (self.rules.pocket.0, self.rules.pocket.1, FeatureSet::EMPTY),
                );
            }
        }
    }
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = f();
        best = best.min(t.elapsed());
        last = Some(out);
    }
    (best, last.unwrap())
}

fn ecs_spiral(rules: &Rules, n: u64) -> Duration {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: rules.clone(),
        seed: 1,
    });
    app.update();
    app.world_mut().spawn(Viewer {
        hex: Hex::ZERO,
        radius: radius_for(n),
    });
    let t = Instant::now();
    app.update();
    let d = t.elapsed();
    assert!(app.world().resource::<HexIndex>().len() as u64 >= n);
    d
}

/// Closes a 3-hex pocket far out in `w` (walls built first, untimed); returns the closing time.
fn close_pocket(w: &mut HexWorld, centre: Hex) -> Duration {
    let pocket = [centre, centre + NEIGHBOURS[0], centre + NEIGHBOURS[1]];
    let mut wall: Vec<Hex> = pocket
        .iter()
        .flat_map(|h| neighbours(*h))
        .filter(|h| !pocket.contains(h))
        .collect();
    wall.sort_by_key(|h| (h.x, h.y));
    wall.dedup();
    let last = wall.pop().unwrap();
    for h in wall {
        w.generate(h, Cause::View).unwrap();
    }
    let t = Instant::now();
    let made = w.generate(last, Cause::View).unwrap();
    let d = t.elapsed();
    assert_eq!(made.len(), 4, "the wall's last hex and the 3 lakes");
    d
}

fn pocket_cost(rules: &Rules, n: u64) -> Duration {
    let mut w = spiral_core(rules, n);
    let r = radius_for(n) as i32;
    let times: Vec<Duration> = (0..2000)
        .map(|i| close_pocket(&mut w, Hex::new(r + 10 + (i % 40) * 6, (i / 40) * 6 - 150)))
        .collect();
    times.iter().sum::<Duration>() / times.len() as u32
}

/// The save of `w` with nobody seated: the hexes are what loading parses and checks.
fn save_of(w: &HexWorld) -> String {
    let save = SaveGame {
        version: VERSION,
        seed: w.seed,
        names: w.rules.names(),
        phase: 1,
        hexes: saved_hexes(w),
        players: Vec::new(),
        flags: Vec::new(),
        log: Vec::new(),
        razed: Vec::new(),
        history: Default::default(),
        knowledge: Vec::new(),
        advances: Vec::new(),
        veil: None,
    };
    save.to_ron()
}

/// A save's load (parse, field checks, rebuild, invariants) and the invariant check alone, per
/// hex at 10^4, 10^5 and 10^6: linear when the ratios stay near 1.
fn save_cost(rules: &Rules) {
    let (mut load, mut check) = (Vec::new(), Vec::new());
    for n in [10_000u64, 100_000, 1_000_000] {
        let w = spiral_core(rules, n);
        let text = save_of(&w);
        let (d_check, ok) = best_of(3, || invariants::check(&w, &[], &[]).is_ok());
        assert!(ok, "the spiral world keeps its invariants");
        let (d_load, len) = best_of(3, || {
            let save = SaveGame::from_ron(&text, "bench").unwrap();
            save.world(rules, "bench").unwrap().len()
        });
        assert_eq!(len, w.len());
        let per = |d: Duration| d.as_nanos() as f64 / len as f64;
        load.push(per(d_load));
        check.push(per(d_check));
        println!(
            "save of {:>9} hexes ({:>4} MB): load {:>7.0} ns/hex, invariants alone {:>5.0} ns/hex",
            len,
            text.len() >> 20,
            per(d_load),
            per(d_check)
        );
    }
    println!(
        "per-hex cost 10^6 / 10^4: load {:.2}x, invariants {:.2}x (linear: near 1x)",
        load[2] / load[0],
        check[2] / check[0]
    );
}

fn summary(rules: &Rules) {
    println!("\n== Aeternus world generation (one core) ==");
    println!(
        "{:>12} {:>14} {:>12} {:>14}",
        "hexes", "core hexes/s", "bytes/hex", "ns/hex"
    );
    let mut per_hex = Vec::new();
    for n in [10_000u64, 100_000, 1_000_000, 10_000_000] {
        let runs = if n >= 10_000_000 { 1 } else { 3 };
        let (d, w) = best_of(runs, || spiral_core(rules, n));
        let ns = d.as_nanos() as f64 / w.len() as f64;
        per_hex.push(ns);
        println!(
            "{:>12} {:>14.0} {:>12.1} {:>14.1}",
            w.len(),
            w.len() as f64 / d.as_secs_f64(),
            w.heap_bytes() as f64 / w.len() as f64,
            ns
        );
    }
    println!(
        "per-hex cost 10^7 / 10^4: {:.2}x (target <= 1.5x)",
        per_hex[3] / per_hex[0]
    );
    for n in [10_000u64, 100_000, 1_000_000] {
        let (d, _) = best_of(2, || ecs_spiral(rules, n));
        println!(
            "ECS entities {:>9}: {:>12.0} hexes/s (target >= 2M/s)",
            n,
            n as f64 / d.as_secs_f64()
        );
    }
    save_cost(rules);
    let (small, big) = (pocket_cost(rules, 1_000), pocket_cost(rules, 1_000_000));
    println!(
        "close a 3-hex pocket: {:?} in 10^3 hexes, {:?} in 10^6 hexes: {:.2}x (target <= 2x)",
        small,
        big,
        big.as_secs_f64() / small.as_secs_f64()
    );
    // The naive reading, checked equal to the real one first.
    let real = spiral_core(rules, 10_000);
    let mut naive = Naive::new(rules.clone(), 1);
    spiral(10_000, |h| naive.generate(h));
    for h in real.order() {
        let d = real.get(h).unwrap();
        assert_eq!(
            naive.cells[&h],
            (d.biome, d.landmark, d.features),
            "naive differs at {h:?}"
        );
    }
    let n = 100_000u64;
    let (d_real, _) = best_of(3, || spiral_core(rules, n));
    let (d_naive, _) = best_of(1, || {
        let mut w = Naive::new(rules.clone(), 1);
        spiral(n, |h| w.generate(h));
        w.cells.len()
    });
    println!(
        "naive (HashMap, flood-filled masses) at 10^5: {:?} vs {:?}: {:.0}x faster (target >= 40x)\n",
        d_naive,
        d_real,
        d_naive.as_secs_f64() / d_real.as_secs_f64()
    );
}

fn main() {
    let rules = Rules::aeternus();
    // `--core-only`: just spiral worlds of 10^6 in the core store, for a profiler.
    if std::env::args().any(|a| a == "--core-only") {
        for _ in 0..5 {
            black_box(spiral_core(&rules, 1_000_000).len());
        }
        return;
    }
    // `--ecs-only [N]`: ECS worlds of N hexes (10^6 by default; 1 to 10^7, the world's limit),
    // 3 × 10^6 hexes in all.
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--ecs-only") {
        let n: u64 = args
            .get(i + 1)
            .and_then(|a| a.parse().ok())
            .unwrap_or(1_000_000)
            .clamp(1, 10_000_000);
        for _ in 0..(3_000_000 / n).max(1) {
            black_box(ecs_spiral(&rules, n));
        }
        return;
    }
    let quick = std::env::args().any(|a| a == "--summary-only");
    summary(&rules);
    if quick {
        return;
    }
    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut g = c.benchmark_group("spiral");
    for n in [10_000u64, 100_000] {
        g.throughput(Throughput::Elements(n));
        g.bench_with_input(BenchmarkId::new("core", n), &n, |b, &n| {
            b.iter(|| black_box(spiral_core(&rules, n).len()))
        });
    }
    g.finish();
    c.final_summary();
}
