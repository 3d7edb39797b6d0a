//! A recorded game without a window: the rules core as the play tests build it
//! (`MinimalPlugins` and [`crate::CorePlugin`]), the site layer as the window adds it, the
//! recorder, and the seats; bots for `sim`, none for `replay` (it feeds the log's actions).

use std::time::Duration;

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use hexx::Hex;

use super::format::{EndLine, GameLine, Line, Seat, Standing};
use super::record::{self, Recorder};
use crate::headless::Fault;
use crate::play::{
    Bot, BotPace, EndedBy, Faction, GameOver, Phase, Player, PlayerId, PlayerIndex, Position,
    SeatKind, Standings, seat_bot,
};
use crate::rules::Rules;
use crate::sites::{SiteLayer, SiteRules, Veil};
use crate::world::HexWorld;

/// Actions the bot to act sends a frame: a bot's whole turn in one frame, mostly. The log
/// depends on it (a bot's actions past the end of its turn are refused and logged), so it is
/// fixed.
pub const PACE: u32 = 8;

/// Frames without a line before a game is said to be stuck (a bot that sends nothing).
const STALL: u32 = 10_000;

/// What a game is played with: the log's first line says the same.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The rules, their game's length set.
    pub rules: Rules,
    pub rules_hash: String,
    pub seed: u64,
    pub seats: Vec<Seat>,
    /// How the game holds its sites when veiled (none: rolled from the seed, as a local game).
    pub veil: Option<Veil>,
}

/// The faction of seat `i`: the rules' factions in turn (eight numbered ones when the rules
/// name none, as the window numbers factions past the list).
pub fn seat_faction(rules: &Rules, i: u32) -> u32 {
    let n = rules.play.factions.len() as u32;
    i % if n == 0 { crate::play::MAX_SEATS } else { n }
}

/// A seat for each of `bots`, player i of faction [`seat_faction`] played by the i-th bot.
pub fn seats(rules: &Rules, bots: &[Bot]) -> Vec<Seat> {
    let kinds: Vec<SeatKind> = bots.iter().map(|&b| SeatKind::Bot(b)).collect();
    seats_of(rules, &kinds)
}

/// A seat for each of `kinds`, player i of faction [`seat_faction`]; a person's seat is named
/// `human` (an online game's seats that wait for people).
pub fn seats_of(rules: &Rules, kinds: &[SeatKind]) -> Vec<Seat> {
    (0u32..)
        .zip(kinds)
        .map(|(i, kind)| Seat {
            player: i,
            faction: seat_faction(rules, i),
            bot: kind.name().to_string(),
        })
        .collect()
}

/// The entity of player `id` in a game's app.
pub fn player_entity(app: &App, id: u32) -> Option<Entity> {
    app.world()
        .resource::<PlayerIndex>()
        .get(&PlayerId(id))
        .copied()
}

/// Whether the game has a site layer: the embedded site rules, when they fit the rules.
fn site_layer(rules: &Rules) -> Option<SiteLayer> {
    SiteLayer::new(SiteRules::embedded(), rules).ok()
}

impl Setup {
    pub fn header(&self) -> GameLine {
        GameLine {
            format: super::format::FORMAT,
            seed: self.seed,
            rules: self.rules.name.clone(),
            rules_hash: self.rules_hash.clone(),
            phases: self.rules.play.goal.phases,
            sites: site_layer(&self.rules).is_some(),
            seats: self.seats.clone(),
            salt: match &self.veil {
                Some(Veil::Salted { salt, .. }) => Some(*salt),
                _ => None,
            },
        }
    }

    /// The game's app, run for one frame: the players seated and their sight generated, no
    /// action taken yet. With `bots` each seat is played by the bot it names (`sim`); without,
    /// nobody plays but the caller (`replay`).
    pub fn app(&self, bots: bool) -> App {
        let (mut app, players) = self.build();
        // The first sight settles before any action, as a replay's does.
        app.update();
        if bots {
            for (e, seat) in players.into_iter().zip(&self.seats) {
                if let Ok(bot) = seat.bot.parse::<Bot>() {
                    seat_bot(&mut app.world_mut().entity_mut(e), Some(bot), None);
                }
            }
        }
        app
    }

    /// A veiled game's app for a peer, nobody playing, the sites shown so far put in before its
    /// first frame (whose first sight learns from them as the keeper's did); refused when a
    /// site shown is not of the site rules.
    pub fn app_showing(&self, shown: &[crate::sites::ShownSite]) -> Result<App, String> {
        let (mut app, _) = self.build();
        crate::sites::shown::show(app.world_mut(), shown)?;
        app.update();
        Ok(app)
    }

    /// The game's app on `base` with its plugins and nobody seated.
    fn unseated(&self, base: impl FnOnce(&mut App)) -> App {
        let mut app = App::new();
        base(&mut app);
        app.add_plugins(crate::CorePlugin {
            rules: self.rules.clone(),
            seed: self.seed,
        });
        app.add_plugins(crate::sites::plugin::plugin);
        if let Some(layer) = site_layer(&self.rules) {
            app.insert_resource(layer);
        }
        if let Some(veil) = &self.veil {
            app.insert_resource(veil.clone());
        }
        app.insert_resource(BotPace {
            per_frame: PACE,
            every: Duration::ZERO,
        });
        app.add_plugins(record::plugin);
        app
    }

    /// The game a save holds (a server's snapshot), to go on with: this setup's plugins, the
    /// save's world, players, flags and log, checked against the setup's rules and seed.
    pub fn app_of_save(&self, save: crate::save::SaveGame, source: &str) -> Result<App, Fault> {
        if save.seed != self.seed {
            return Err(Fault::BadInput(format!(
                "{source}: field `seed`: the save's is {}, the game's {}",
                save.seed, self.seed
            )));
        }
        let world =
            (save.world(&self.rules, source)).map_err(|e| Fault::BadInput(e.to_string()))?;
        let mut app = self.unseated(|app| {
            app.add_plugins(MinimalPlugins);
        });
        let shown =
            (save.shown_in(app.world(), source)).map_err(|e| Fault::BadInput(e.to_string()))?;
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(SingleThreadedExecutor::new());
        }
        save.install(&mut app, world);
        crate::sites::shown::show(app.world_mut(), &shown)
            .map_err(|e| Fault::BadInput(format!("{source}: field `veil.shown`: {e}")))?;
        app.update();
        Ok(app)
    }

    /// The game's app without a window, not yet run, and its players.
    pub fn build(&self) -> (App, Vec<Entity>) {
        let (mut app, players) = self.build_on(|app| {
            app.add_plugins(MinimalPlugins);
        });
        // Every schedule on one thread: the frame's stages have little to run side by side,
        // and waking the pool's threads every frame cost more than the rules.
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(SingleThreadedExecutor::new());
        }
        (app, players)
    }

    /// The game's app on `base` (the plugins of a window, or none), not yet run, and its
    /// players.
    pub fn build_on(&self, base: impl FnOnce(&mut App)) -> (App, Vec<Entity>) {
        let mut app = self.unseated(base);
        let players: Vec<Entity> = (self.seats.iter())
            .map(|s| {
                let name = format!("Player {}", s.player);
                app.world_mut()
                    .spawn((
                        Name::new(name.clone()),
                        Player::new(s.player, name),
                        Faction(s.faction),
                        Position(Hex::ZERO),
                    ))
                    .id()
            })
            .collect();
        (app, players)
    }
}

/// The lines the last frames recorded.
pub fn take_lines(app: &mut App) -> Vec<Line> {
    std::mem::take(&mut app.world_mut().resource_mut::<Recorder>().lines)
}

/// Keeps the actions the game plays from now on, for [`take_played`].
pub fn keep_played(app: &mut App) {
    let mut rec = app.world_mut().resource_mut::<Recorder>();
    rec.played.get_or_insert_with(Vec::new);
}

/// The actions the game played since this was last asked (since [`keep_played`]), in order,
/// each with its events.
pub fn take_played(app: &mut App) -> Vec<crate::play::Played> {
    let mut rec = app.world_mut().resource_mut::<Recorder>();
    rec.played.as_mut().map(std::mem::take).unwrap_or_default()
}

pub fn phase(app: &App) -> u32 {
    app.world().resource::<Phase>().0
}

/// Plays the bots' game to its end, handing each line to `out` as it is recorded and the
/// phase to `progress` after every frame; returns the end line.
pub fn play(
    app: &mut App,
    mut out: impl FnMut(&Line) -> Result<(), Fault>,
    mut progress: impl FnMut(u32),
) -> Result<EndLine, Fault> {
    let mut quiet = 0;
    while app.world().get_resource::<GameOver>().is_none() {
        app.update();
        let lines = take_lines(app);
        quiet = if lines.is_empty() { quiet + 1 } else { 0 };
        if quiet > STALL {
            return Err(Fault::Io(format!(
                "the game is stuck in phase {}: no bot acted for {STALL} frames",
                phase(app)
            )));
        }
        for l in &lines {
            out(l)?;
        }
        progress(phase(app));
    }
    Ok(end_line(app))
}

/// Plays a bots' game and writes its whole log (the game line, every line, the end line) to
/// `out`; `progress` hears the phase after every frame. Returns the app, the game over.
pub fn record(
    setup: &Setup,
    out: &mut dyn std::io::Write,
    mut progress: impl FnMut(u32),
) -> Result<App, Fault> {
    write_line(out, &Line::Game(setup.header()))?;
    let mut app = setup.app(true);
    let end = play(&mut app, |l| write_line(out, l), &mut progress)?;
    write_line(out, &Line::End(end))?;
    Ok(app)
}

/// How the game stands: the end line.
pub fn end_line(app: &App) -> EndLine {
    let ecs = app.world();
    let world = ecs.resource::<HexWorld>();
    let over = ecs.get_resource::<GameOver>();
    let standings = (ecs.resource::<Standings>().0.iter())
        .map(|s| Standing {
            faction: s.faction.0,
            name: world.rules.faction_name(s.faction.0),
            points: s.points,
        })
        .collect();
    let winner = over.and_then(|o| o.winner).map(|f| f.0);
    EndLine {
        ended_in: over.map(|o| o.phase),
        winner,
        winner_name: winner.map(|f| world.rules.faction_name(f)),
        end: ecs.get_resource::<EndedBy>().map(|e| e.0),
        standings,
        actions: ecs.resource::<Recorder>().actions,
        hexes: world.len() as u64,
    }
}

/// The game as a save holds it, in the save's text.
pub fn save_text(app: &mut App) -> String {
    crate::save::capture(app.world_mut()).to_ron()
}

/// Writes the game's save to `path` as the game saves (atomically, keeping a backup).
pub fn write_save(app: &mut App, path: &std::path::Path) -> Result<(), Fault> {
    let text = save_text(app);
    crate::save::write_atomic(path, &text)
        .map_err(|e| Fault::Io(format!("{}: cannot write the save: {e}", path.display())))
}

/// Writes a line as JSON and a line break.
pub fn write_line(out: &mut dyn std::io::Write, line: &Line) -> Result<(), Fault> {
    // Whole, then written at once: serde's many small writes through a `dyn Write` cost more.
    let mut text = serde_json::to_vec(line).expect("a line serialises");
    text.push(b'\n');
    out.write_all(&text).map_err(Fault::output)
}
