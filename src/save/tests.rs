use bevy::prelude::*;
use hexx::Hex;

use super::*;
use crate::hex::Direction;
use crate::play::{Action, PlayerId};

const SEED: u64 = 12;

fn fresh() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    (crate::core_plugins(Rules::aeternus(), SEED))(&mut app);
    app
}

/// A game of two players, a few phases in: moves (winds and mires included, as they come),
/// flags built, turns ended.
fn played() -> App {
    let mut app = fresh();
    for (id, faction) in [(1, 0), (2, 1)] {
        app.world_mut()
            .spawn((Player::new(id, format!("P{id}")), Faction(faction)));
    }
    app.update();
    play(&mut app, 0);
    app
}

/// The same list of actions, from `round` on, for any game: both players walk, build and end
/// their turns.
fn play(app: &mut App, round: usize) {
    let flag = app.world().resource::<Rules>().feature("Flag").unwrap();
    for r in round..round + 4 {
        for id in [1, 2] {
            let player = PlayerId(id);
            let steps = [
                Direction::ALL[(r + id as usize) % 6],
                Direction::ALL[(r * 2) % 6],
            ];
            for direction in steps {
                send(app, Action::Traverse { player, direction });
            }
            let at = position(app, id);
            send(
                app,
                Action::Build {
                    player,
                    hex: at,
                    feature: flag,
                },
            );
            send(app, Action::EndTurn { player });
        }
    }
}

fn send(app: &mut App, a: Action) {
    app.world_mut().write_message(a);
    app.update();
}

fn position(app: &mut App, id: u32) -> Hex {
    let mut q = app.world_mut().query::<(&Player, &Position)>();
    q.iter(app.world())
        .find(|(p, _)| p.id.0 == id)
        .map(|(_, at)| at.0)
        .unwrap()
}

fn load(text: &str) -> App {
    let save = SaveGame::from_ron(text, "test.ron").unwrap();
    let rules = Rules::aeternus();
    let world = save.world(&rules, "test.ron").unwrap();
    let mut app = fresh();
    save.install(&mut app, world);
    app.update();
    app
}

#[test]
fn a_loaded_game_is_the_saved_one_and_goes_on_alike() {
    let mut a = played();
    let saved = capture(a.world_mut());
    assert!(saved.phase > 1, "the game got past its first phase");
    assert!(!saved.flags.is_empty() && !saved.log.is_empty());
    let text = saved.to_ron();
    let mut b = load(&text);
    assert_eq!(capture(b.world_mut()), saved);
    // The flags stand on the hex entities too (what the window draws).
    let mut q = b.world_mut().query::<&Occupied>();
    assert_eq!(q.iter(b.world()).count(), saved.flags.len());
    // The same actions from here give the same game: draws are keyed, not drawn from a shared
    // generator the save would have to carry.
    play(&mut a, 4);
    play(&mut b, 4);
    assert_eq!(capture(b.world_mut()), capture(a.world_mut()));
    assert_ne!(capture(a.world_mut()), saved);
}

#[test]
fn a_broken_or_foreign_save_names_the_file_and_field() {
    let mut a = played();
    let text = capture(a.world_mut()).to_ron();
    let rules = Rules::aeternus();
    let check = |text: &str| {
        SaveGame::from_ron(text, "game.ron")
            .and_then(|s| s.world(&rules, "game.ron").map(|_| ()))
            .unwrap_err()
            .to_string()
    };
    // Not RON: the line and the field.
    let e = check(&text.replacen("phase: ", "phase: x", 1));
    assert!(e.starts_with("game.ron:") && e.contains("phase"), "{e}");
    // Made with other rules.
    let e = check(&text.replacen("\"Meadow\"", "\"Moor\"", 1));
    assert!(e.contains("names.biomes"), "{e}");
    // A biome id out of range.
    let mut s = SaveGame::from_ron(&text, "game.ron").unwrap();
    s.hexes[3].biome = 99;
    let e = check(&s.to_ron());
    assert!(e.contains("hexes[3].biome"), "{e}");
    // A coordinate far out of any world.
    let mut s = SaveGame::from_ron(&text, "game.ron").unwrap();
    s.players[0].at = Coord::new(i32::MAX, 0, 0);
    let e = check(&s.to_ron());
    assert!(e.contains("field `at`") && e.contains("outside the world"), "{e}");
    // A log event naming a feature the rules lack.
    let mut s = SaveGame::from_ron(&text, "game.ron").unwrap();
    s.log.push(PlayEvent::Built {
        player: PlayerId(1),
        hex: Coord::new(0, 0, 0),
        feature: crate::rules::FeatureId(99),
    });
    let e = check(&s.to_ron());
    assert!(e.contains(&format!("log[{}]", s.log.len() - 1)), "{e}");
    // A hex twice.
    let mut s = SaveGame::from_ron(&text, "game.ron").unwrap();
    let again = s.hexes[5];
    s.hexes.push(again);
    let e = check(&s.to_ron());
    assert!(e.contains("listed twice"), "{e}");
}

#[test]
fn saves_are_written_whole_and_replace_the_old_one() {
    let dir = std::env::temp_dir().join(format!("aeternus-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.ron");
    write_atomic(&path, "first").unwrap();
    write_atomic(&path, "second").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left");
    // A folder that does not exist: an error, and nothing written.
    assert!(write_atomic(&dir.join("no/such/game.ron"), "x").is_err());
    std::fs::remove_dir_all(&dir).ok();
}
