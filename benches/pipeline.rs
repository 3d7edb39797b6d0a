//! The cost of one move through the whole rules pipeline (action, target, hazards, arrival,
//! cleansing, winds, sight, phase) beside the cost of generating the hexes that move reveals.
//! Run with `cargo bench --bench pipeline` (a release build: on a developer machine, never in CI).
//!
//! A player walks out from the origin, headless, one Traverse at a time, each settled by the rules
//! as a frame's `Rules` stage does (`world::plugin::settle`: every pass until settled, the
//! generation of the target and of the new sight included); only that is timed, not the rest of
//! a frame. The hexes each move generated are then requested again, in the same order and a
//! move's worth at a time, in a fresh app and made by the one generation system alone: the same
//! world, made without the rules around it. The ratio of the two is the pipeline's cost a move
//! against the generation it causes, measured in one run.

use std::hint::black_box;
use std::time::{Duration, Instant};

use aeternus_core::hex::Direction;
use aeternus_core::play::{
    Action, ActionPoints, Bot, BotActions, BotPace, Faction, PlayEvent, PlayLog, Player, PlayerId,
    Position,
};
use aeternus_core::rules::Rules;
use aeternus_core::sites::{self, SiteLayer, SiteRules};
use aeternus_core::world::Cause;
use aeternus_core::world::plugin::{GenerateHex, HexWorld, generate_hexes, settle};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use hexx::Hex;

const SEED: u64 = 1;

fn app(rules: &Rules) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: rules.clone(),
        seed: SEED,
    });
    app
}

/// The frame's message buffers turn over (untimed), as `First` does in a game; run alone, so no
/// thread pool wakes beside the timed work.
fn turn_over(app: &mut App) {
    app.world_mut()
        .run_system_cached(bevy::ecs::message::message_update_system)
        .expect("the message update runs");
}

/// What one run of the walk measured: the frames' time, and the generation requests each move
/// caused (pocket Lakes come with the hex that closes them, so they are not requested).
struct Walk {
    took: Duration,
    moves: u32,
    revealed: Vec<Vec<(Hex, Cause)>>,
}

/// `moves` Traverses, each settled before the next, heading out North and Ashe by turns and
/// turning aside where the way is a Lake.
fn walk(rules: &Rules, moves: u32) -> Walk {
    let mut app = app(rules);
    app.world_mut()
        .spawn((Player::new(1, "Walker"), Position(Hex::ZERO)));
    app.update();
    let ways = [
        Direction::North,
        Direction::Ashe,
        Direction::Mouth,
        Direction::Weast,
    ];
    let player = PlayerId(1);
    let (mut took, mut revealed) = (Duration::ZERO, Vec::new());
    for i in 0..moves {
        let (at, ap) = app
            .world_mut()
            .query::<(&Position, &ActionPoints)>()
            .single(app.world())
            .map(|(p, ap)| (p.0, ap.0))
            .unwrap();
        // Too few AP to leave a Perilous Pass: end the turn (untimed), as a player would.
        if ap < 2 {
            app.world_mut().write_message(Action::EndTurn { player });
            settle(app.world_mut());
        }
        let map = app.world().resource::<HexWorld>();
        let lake = map.rules.biome("Lake");
        let open = |d: &Direction| {
            map.get(at + d.offset())
                .is_none_or(|h| Some(h.biome) != lake)
        };
        let direction = (ways.iter().cycle().skip(i as usize % 2))
            .take(ways.len())
            .copied()
            .find(open)
            .unwrap_or(Direction::South);
        let before = map.len() as u32;
        app.world_mut()
            .write_message(Action::Traverse { player, direction });
        let t = Instant::now();
        settle(app.world_mut());
        took += t.elapsed();
        // The frame's message buffers turn over (untimed), as in a game.
        turn_over(&mut app);
        let map = app.world().resource::<HexWorld>();
        revealed.push(
            (before..map.len() as u32)
                .filter(|&o| map.cause(o) != Cause::Pocket)
                .map(|o| (map.hex_of_order(o), map.cause(o)))
                .collect(),
        );
    }
    Walk {
        took,
        moves,
        revealed,
    }
}

/// The same hexes made by the one generation system, a move's worth at a time, with no player
/// and no rules around them; returns the time and the world's size.
fn generate_only(rules: &Rules, walked: &Walk) -> (Duration, usize) {
    let mut app = app(rules);
    app.update();
    // The walker's first sight, untimed: the walk's first frame made it before any move.
    let sight = aeternus_core::hex::view_order(Hex::ZERO, rules.sight_radius);
    for hex in sight {
        app.world_mut().write_message(GenerateHex {
            hex,
            cause: Cause::View,
        });
    }
    app.update();
    let mut took = Duration::ZERO;
    for frame in &walked.revealed {
        for &(hex, cause) in frame {
            app.world_mut().write_message(GenerateHex { hex, cause });
        }
        let t = Instant::now();
        generate_hexes(app.world_mut());
        took += t.elapsed();
        turn_over(&mut app);
    }
    (took, app.world().resource::<HexWorld>().len())
}

/// What a run of [`bots`] measured.
struct BotRun {
    actions: u64,
    refused: u64,
    took: Duration,
    /// The median frame: at one action a frame, a decision and its action through the rules.
    median_frame: Duration,
}

/// 8 bots of a kind, headless, on the single-threaded executor (greedy ones and planners with
/// the site layer, as a game has it): `frames` frames of `per_frame` actions each.
fn bots(rules: &Rules, bot: Bot, frames: u32, per_frame: u32) -> BotRun {
    let mut app = app(rules);
    if bot != Bot::RANDOM {
        let layer = SiteLayer::new(SiteRules::embedded(), rules).expect("the default site rules");
        app.insert_resource(layer)
            .add_plugins(sites::plugin::plugin);
    }
    // Every schedule on one thread: one core, and no pool woken every frame.
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app.insert_resource(BotPace {
        per_frame,
        ..default()
    });
    for id in 1..=8 {
        app.world_mut().spawn((
            Player::new(id, format!("Bot {id}")),
            Faction(id - 1),
            Position(Hex::ZERO),
            bot,
        ));
    }
    app.update();
    let mut each = Vec::with_capacity(frames as usize);
    let t = Instant::now();
    for _ in 0..frames {
        let frame = Instant::now();
        app.update();
        each.push(frame.elapsed());
    }
    let took = t.elapsed();
    each.sort_unstable();
    let log = &app.world().resource::<PlayLog>().0;
    let count = |f: fn(&PlayEvent) -> bool| log.iter().filter(|e| f(e)).count() as u64;
    let refused = count(|e| matches!(e, PlayEvent::Refused { .. }));
    // Greedy bots end their turns when nothing is left to do: count what they sent.
    let sent = app
        .world_mut()
        .query::<&BotActions>()
        .iter(app.world())
        .map(|b| b.0 as u64)
        .sum::<u64>();
    BotRun {
        actions: sent,
        refused,
        took,
        median_frame: each.get(each.len() / 2).copied().unwrap_or_default(),
    }
}

fn main() {
    // A game that does not end while the walk is timed (the goal would end it at phase 100).
    let mut rules = Rules::aeternus();
    rules.play.goal.phases = u32::MAX;
    let moves = 3_000;
    println!(
        "\n== One move through the rules pipeline, headless ({moves} moves, sight {}) ==",
        rules.sight_radius
    );
    println!(
        "{:>10} {:>12} {:>16} {:>16} {:>8}",
        "run", "hexes/move", "rules µs", "generation µs", "ratio"
    );
    // A first, untimed walk warms the caches and the allocator.
    walk(&rules, moves);
    // `--walk-only`: just walks, for a profiler.
    if std::env::args().any(|a| a == "--walk-only") {
        for _ in 0..5 {
            black_box(walk(&rules, moves).took);
        }
        return;
    }
    for run in 1..=3 {
        let w = walk(&rules, moves);
        let hexes: usize = w.revealed.iter().map(Vec::len).sum();
        let (made, size) = generate_only(&rules, &w);
        black_box(size);
        let per = |d: Duration| d.as_secs_f64() * 1e6 / w.moves as f64;
        println!(
            "{run:>10} {:>12.1} {:>16.1} {:>16.1} {:>7.2}x",
            hexes as f64 / w.moves as f64,
            per(w.took),
            per(made),
            w.took.as_secs_f64() / made.as_secs_f64()
        );
    }
    // `PIPELINE_BOTS=greedy` (a kind's name): only that kind's runs, for a profiler.
    let only = std::env::var("PIPELINE_BOTS").ok();
    let kinds = [Bot::RANDOM, Bot::GREEDY_V1, Bot::GREEDY, Bot::PLANNER];
    for bot in kinds
        .into_iter()
        .filter(|b| only.as_deref().is_none_or(|o| o == b.name()))
    {
        println!("\n== 8 {bot:?} bots, headless, single-threaded executor ==");
        println!(
            "{:>10} {:>10} {:>14} {:>16} {:>12} {:>12}",
            "a frame", "actions", "actions/s", "legal actions/s", "frame µs", "median µs"
        );
        for per_frame in [1, 8, 64] {
            let frames = 40_000 / per_frame;
            let run = bots(&rules, bot, frames, per_frame);
            let secs = run.took.as_secs_f64();
            println!(
                "{per_frame:>10} {:>10} {:>14.0} {:>16.0} {:>12.1} {:>12.1}",
                run.actions,
                run.actions as f64 / secs,
                (run.actions - run.refused) as f64 / secs,
                secs * 1e6 / frames as f64,
                run.median_frame.as_secs_f64() * 1e6
            );
        }
    }
}
