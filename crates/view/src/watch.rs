//! Watching a recorded game in the window, with the spectator window beside it: `sim
//! --spectator` (the bots live) and `replay LOG --spectator --speed N` (the log's actions, N a
//! second, the log checked first). The same game as without a window: the same seats, the
//! first sight settled before any action, the bots' pace of actions a frame (only slowed).
//! `--save FILE` says where F5 and the autosaves at the end of every phase go.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use crate::ViewSystems;
use aeternus_core::headless::Fault;
use aeternus_core::play::{Action, Bot, BotPace, seat_bot};
use aeternus_core::schedule::FrameSystems;
use aeternus_core::sim::game::{PACE, Setup};
use aeternus_core::sim::replay::Log;

/// The players' bots, put on them once the first frame has settled the first sight.
#[derive(Resource)]
struct Seating {
    players: Vec<Entity>,
    bots: Vec<Bot>,
}

/// The log's actions still to feed, and how many a second.
#[derive(Resource)]
struct Feed {
    actions: VecDeque<Action>,
    per_second: f64,
    owed: f64,
}

/// Where F5 and the autosaves go: beside `--save FILE`, else in the temporary folder (not
/// beside the game).
fn save_path(save: Option<PathBuf>) -> PathBuf {
    save.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("aeternus-watch-{}.ron", std::process::id()))
    })
}

/// The window's app for a recorded game; `bots` play the seats, in order, at `pace`.
fn window_app(setup: &Setup, bots: Vec<Bot>, pace: BotPace, save: Option<PathBuf>) -> App {
    let (mut app, players) = setup.build_on(|app| {
        let sources = aeternus_core::mods::Sources::new(Vec::new());
        crate::render::window::window_plugins(app, &sources, &setup.rules.name, setup.seed);
    });
    // The recorded game seats its own players, as a loaded game does: the view seats nobody.
    app.insert_resource(aeternus_core::save::PlayersToSeat(Vec::new()))
        .insert_resource(pace)
        .insert_resource(Seating { players, bots })
        .add_plugins(crate::render::RenderPlugin { screenshot: None })
        .add_plugins(crate::playview::PlayViewPlugin { players: None })
        .insert_resource(crate::spectator::Spectating(true))
        .add_plugins(crate::spectator::plugin)
        .insert_resource(crate::playview::saving::SavePath(save_path(save)))
        .add_systems(Update, seat_bots.in_set(FrameSystems::Record));
    app
}

/// After the first frame's rules: the bots sit down. Reads [`Seating`]; writes the players'
/// [`Bot`]s and removes [`Seating`].
fn seat_bots(seating: Option<Res<Seating>>, mut commands: Commands) {
    let Some(s) = seating else { return };
    for (&e, &bot) in s.players.iter().zip(&s.bots) {
        (commands.entity(e)).queue(move |mut p: EntityWorldMut| seat_bot(&mut p, Some(bot), None));
    }
    commands.remove_resource::<Seating>();
}

/// `sim --spectator`: the bots' game, each seat played by the bot it names, `speed` actions a
/// second (a bot's turn of [`PACE`] actions at a time).
pub fn sim(setup: Setup, speed: f64, save: Option<PathBuf>) -> Result<(), Fault> {
    let pace = BotPace {
        per_frame: PACE,
        every: Duration::from_secs_f64(PACE as f64 / speed),
    };
    let bots = (setup.seats.iter())
        .map(|s| s.bot.parse().unwrap_or(Bot::RANDOM))
        .collect();
    window_app(&setup, bots, pace, save).run();
    Ok(())
}

/// `replay LOG --spectator`: the log, checked first, then fed `speed` actions a second. The
/// seats are bots that send nothing, so the keys wait as they do for any bot.
pub fn replay(log: Log, setup: Setup, speed: f64, save: Option<PathBuf>) -> Result<(), Fault> {
    // Checked headless first: a log that diverges is refused before any window opens.
    drop(aeternus_core::sim::replay::replay(&log, &setup)?);
    let actions = log.actions(&setup.rules)?.into_iter().map(|(_, a)| a);
    let pace = BotPace {
        per_frame: 0,
        every: Duration::ZERO,
    };
    let mut app = window_app(&setup, vec![Bot::RANDOM; setup.seats.len()], pace, save);
    app.insert_resource(Feed {
        actions: actions.collect(),
        per_second: speed,
        owed: 0.0,
    })
    // The log is the replay's input: fed where keys are read, before any other writer of
    // actions (the bots, who send nothing here, and the keys, which wait for bots).
    .add_systems(Update, feed.in_set(ViewSystems::Bindings));
    app.run();
    Ok(())
}

/// Sends the actions owed by now, once the first sight is settled (the bots are seated).
/// Reads the time; writes [`Feed`] and [`Action`]s.
fn feed(
    mut feed: ResMut<Feed>,
    seating: Option<Res<Seating>>,
    time: Res<Time>,
    mut actions: MessageWriter<Action>,
) {
    if seating.is_some() {
        return;
    }
    let feed = &mut *feed;
    feed.owed = (feed.owed + time.delta_secs_f64() * feed.per_second).min(1e6);
    while feed.owed >= 1.0 {
        let Some(a) = feed.actions.pop_front() else {
            break;
        };
        actions.write(a);
        feed.owed -= 1.0;
    }
}
