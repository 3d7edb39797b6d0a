//! Another game in the same app: the game in the world ends (its hexes, players and the play
//! state go) and a new one starts on a fresh world of a seed or on a save's world, through the
//! same steps a game built at start-up takes. What the title screen starts (`crate::screens`).

use bevy::prelude::*;

use super::vocabulary::{Faction, Player};
use super::{SeatKind, seat_bot};
use crate::per_game::PerGame;
use crate::sites::SiteLayer;
use crate::world::HexWorld;
use crate::world::plugin::{HexIndex, spawn_existing};

/// A new game replaced the one in the world: the views drop what they drew of the old one
/// (tiles, marks, tokens, glides) before they draw the new.
#[derive(Message, Debug, Clone, Copy)]
pub struct GameReset;

/// Ends the game in `ecs` and puts `world` in its place: the players and the hex entities go,
/// every piece of per-game state starts anew ([`PerGame`]: the phase, the log, the standings,
/// the walks, the actions waiting, ...); the site layer starts over on the new world's rules;
/// the new world's hexes are spawned (and announced) as at start-up. Nobody is seated: [`seat`]
/// or a save's players come next.
pub fn restart(ecs: &mut World, world: HexWorld) {
    let players: Vec<Entity> = ecs
        .query_filtered::<Entity, With<Player>>()
        .iter(ecs)
        .collect();
    for e in players {
        ecs.despawn(e);
    }
    let hexes: Vec<Entity> = std::mem::take(&mut *ecs.resource_mut::<HexIndex>())
        .entities()
        .collect();
    for e in hexes {
        ecs.despawn(e);
    }
    PerGame::start_anew(ecs);
    if let Some(layer) = ecs.get_resource::<SiteLayer>() {
        match SiteLayer::new(layer.rules.clone(), &world.rules) {
            Ok(fresh) => {
                ecs.insert_resource(fresh);
            }
            Err(e) => {
                warn!("the site layer is off: {e}");
                ecs.remove_resource::<SiteLayer>();
            }
        }
    }
    ecs.insert_resource(world);
    spawn_existing(ecs);
    if let Some(mut m) = ecs.get_resource_mut::<Messages<GameReset>>() {
        m.write(GameReset);
    }
}

/// Seats a player on the origin for each seat of `table`, player i (ids from 1) playing
/// faction i - 1, a bot of its kind where the seat names one: a new game's table, as `--seats`
/// (or `--players` and `--bots`) seat it.
pub fn seat(world: &mut World, table: &[SeatKind]) {
    for (i, kind) in (0u32..).zip(table) {
        let name = format!("Player {}", i + 1);
        let e = world
            .spawn((
                Name::new(name.clone()),
                Player::new(i + 1, name),
                Faction(i),
            ))
            .id();
        if let Some(bot) = kind.bot() {
            seat_bot(&mut world.entity_mut(e), Some(bot), None);
        }
    }
    world.flush();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::per_game::PerGame;
    use crate::play::{Bot, BotPace, table_of};
    use crate::rules::Rules;
    use crate::save::capture;
    use crate::sites::SiteRules;

    fn app(seed: u64) -> App {
        let rules = Rules::aeternus();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(crate::CorePlugin {
            rules: rules.clone(),
            seed,
        });
        app.add_plugins(crate::sites::plugin::plugin)
            .insert_resource(SiteLayer::new(SiteRules::embedded(), &rules).unwrap())
            .insert_resource(BotPace {
                per_frame: 3,
                every: Duration::ZERO,
            });
        app
    }

    fn play(app: &mut App, frames: u32) -> String {
        for _ in 0..frames {
            app.update();
        }
        capture(app.world_mut()).to_ron()
    }

    fn sites(app: &App) -> Vec<(hexx::Hex, usize)> {
        let layer = app.world().resource::<SiteLayer>();
        layer.placed.iter().map(|p| (p.hex, p.site)).collect()
    }

    #[test]
    fn a_game_restarted_in_an_app_plays_as_one_built_for_it() {
        let mut built = app(9);
        seat(built.world_mut(), &table_of(3, 3, Bot::RANDOM));
        let want = play(&mut built, 40);

        // Another game first, played a while, then the same one started over it.
        let mut again = app(1);
        seat(again.world_mut(), &table_of(2, 2, Bot::GREEDY));
        play(&mut again, 15);
        let rules = again.world().resource::<HexWorld>().rules.clone();
        restart(again.world_mut(), HexWorld::new(rules, 9));
        seat(again.world_mut(), &table_of(3, 3, Bot::RANDOM));
        let got = play(&mut again, 40);
        assert_eq!(got, want);
        assert_eq!(sites(&again), sites(&built));
        let log = capture(built.world_mut()).log.len();
        assert!(log > 20, "the bots played: {log} entries");
    }

    /// The core's resources that last from game to game, and why; every other one is
    /// registered per-game, so a new game starts it anew.
    const LASTING: [&str; 6] = [
        // Replaced whole by a restart, taken whole, rebuilt on the new world's rules.
        "aeternus_core::world::HexWorld",
        "aeternus_core::world::plugin::HexIndex",
        "aeternus_core::sites::SiteLayer",
        // The list itself.
        "aeternus_core::per_game::PerGame",
        // The app's settings: how fast bots and walks go.
        "aeternus_core::play::bots::BotPace",
        "aeternus_core::play::walk::WalkPace",
    ];

    #[test]
    fn every_resource_of_a_game_is_started_anew_by_the_next() {
        let mut app = app(3);
        seat(app.world_mut(), &table_of(2, 2, Bot::GREEDY));
        play(&mut app, 10);
        let world = app.world();
        let registered: Vec<&str> = world.resource::<PerGame>().names().collect();
        let mut left = Vec::new();
        for (info, _) in world.iter_resources() {
            let name = info.name().to_string();
            let ours = name.starts_with("aeternus_core::");
            if ours && !LASTING.contains(&name.as_str()) && !registered.contains(&name.as_str()) {
                left.push(name);
            }
        }
        assert!(left.is_empty(), "not started anew by a new game: {left:?}");
        // And what is registered is what a fresh app holds after a restart: a game restarted
        // over another plays as one built for it (the test above), so nothing of the first
        // is left in the second.
        assert!(registered.len() >= 10, "{registered:?}");
    }

    #[test]
    fn a_save_restored_in_an_app_plays_as_one_installed_at_start() {
        let mut first = app(4);
        seat(first.world_mut(), &table_of(2, 2, Bot::RANDOM));
        let saved = {
            play(&mut first, 20);
            capture(first.world_mut())
        };
        let rules = Rules::aeternus();
        let mut installed = app(4);
        let world = saved.world(&rules, "test").unwrap();
        saved.clone().install(&mut installed, world);
        let mut restored = app(1);
        play(&mut restored, 3);
        let world = saved.world(&rules, "test").unwrap();
        saved.clone().restore(restored.world_mut(), world);
        assert_eq!(play(&mut restored, 1), play(&mut installed, 1));
        assert_eq!(play(&mut restored, 1), saved.to_ron());
    }
}
