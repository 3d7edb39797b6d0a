//! Saved games: a loaded game is the saved one and goes on alike; broken and hostile saves are
//! refused naming their field; writing never loses the previous save.

use bevy::prelude::*;
use hexx::Hex;

use super::*;
use crate::hex::Direction;
use crate::play::{Action, PlayerId};

const SEED: u64 = 12;

fn fresh() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(crate::CorePlugin {
        rules: Rules::aeternus(),
        seed: SEED,
    });
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
    let flag = app
        .world()
        .resource::<HexWorld>()
        .rules
        .feature("Flag")
        .unwrap();
    for r in round..round + 4 {
        // The turn order's first seat moves on each phase.
        let phase = app.world().resource::<crate::play::Phase>().0;
        let order = if phase % 2 == 1 { [1, 2] } else { [2, 1] };
        for id in order {
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
fn a_world_of_the_draws_fallback_saves_and_loads() {
    // A mod whose random pool a Lake empties: only Meadow and Lake are drawn, both suppressed
    // beside a Lake, so a hex drawn beside one falls back to the origin's Meadow.
    let mut rules = Rules::aeternus();
    let (meadow, lake) = (rules.biome("Meadow").unwrap(), rules.biome("Lake").unwrap());
    for b in &mut rules.biomes {
        let drawn = b.name == "Meadow" || b.name == "Lake";
        b.weight = if drawn { 1.0 } else { 0.0 };
        if drawn {
            b.suppressed_beside.push(lake);
        }
    }
    rules.derive_tables();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(crate::CorePlugin {
        rules: rules.clone(),
        seed: SEED,
    });
    app.update();
    {
        let mut world = app.world_mut().resource_mut::<HexWorld>();
        for h in crate::hex::view_order(Hex::ZERO, 8) {
            world.generate(h, Cause::View).unwrap();
        }
    }
    app.update();
    let save = capture(app.world_mut());
    let at: std::collections::HashMap<Hex, (usize, u8)> = (save.hexes.iter().enumerate())
        .map(|(i, h)| (h.at.to_hex(), (i, h.biome)))
        .collect();
    let fallbacks = (save.hexes.iter().enumerate())
        .filter(|(i, h)| {
            h.biome == meadow.0
                && crate::hex::neighbours(h.at.to_hex())
                    .iter()
                    .any(|n| at.get(n).is_some_and(|&(j, b)| j < *i && b == lake.0))
        })
        .count();
    assert!(fallbacks > 0, "no Meadow was drawn beside a Lake");
    let text = save.to_ron();
    let again = SaveGame::from_ron(&text, "mod.ron").unwrap();
    assert_eq!(again, save);
    assert!(again.world(&rules, "mod.ron").is_ok());
}

/// A real save of [`played`], as text and parsed.
fn saved() -> (String, SaveGame) {
    let mut a = played();
    let save = capture(a.world_mut());
    (save.to_ron(), save)
}

/// Why `save` is refused (checked as built, without writing it out).
fn refused(save: &SaveGame) -> String {
    save.world(&Rules::aeternus(), "game.ron")
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

/// Why the save text is refused, read or checked.
fn refused_text(text: &str) -> String {
    SaveGame::from_ron(text, "game.ron")
        .and_then(|s| s.world(&Rules::aeternus(), "game.ron").map(|_| ()))
        .unwrap_err()
        .to_string()
}

#[track_caller]
fn says(e: &str, parts: &[&str]) {
    for p in parts {
        assert!(
            e.starts_with("game.ron") && e.contains(p),
            "{e:?} lacks {p:?}"
        );
    }
}

fn order_of(s: &SaveGame, hex: Hex) -> usize {
    s.hexes.iter().position(|h| h.at.to_hex() == hex).unwrap()
}

fn generated(s: &SaveGame, hex: Hex) -> bool {
    s.hexes.iter().any(|h| h.at.to_hex() == hex)
}

#[test]
fn a_broken_or_foreign_save_names_the_file_and_field() {
    let (text, save) = saved();
    assert!(save.world(&Rules::aeternus(), "game.ron").is_ok());
    // Not RON: the line and the field.
    says(
        &refused_text(&text.replacen("phase: ", "phase: x", 1)),
        &["phase"],
    );
    // Made with other rules.
    says(
        &refused_text(&text.replacen("\"Meadow\"", "\"Moor\"", 1)),
        &["names.biomes"],
    );
    // A coordinate out of the world, as read: its line and field.
    let e = refused_text(&text.replacen("at: (0, 0, 1)", "at: (0, 2147483647, 1)", 1));
    says(&e, &["field `at`", "16777216"]);
    // Another version, whether or not the rest parses.
    says(
        &refused_text(&text.replacen("version: 5", "version: 0", 1)),
        &["version", "older", "reads versions 1 to 5"],
    );
    let future = text
        .replacen("version: 5", "version: 6", 1)
        .replacen("phase:", "era:", 1);
    says(
        &refused_text(&future),
        &["version", "newer", "reads versions 1 to 5"],
    );
}

/// A change to a save, and the parts its refusal must name.
type Case = (Box<dyn Fn(&mut SaveGame)>, &'static [&'static str]);

#[test]
fn every_field_of_a_save_is_bounded() {
    let (_, mut save) = saved();
    // A game without the site layer knows no site: give its first faction a hex it knows.
    save.knowledge = vec![SavedKnowledge {
        faction: 0,
        searches: 1,
        hexes: vec![(save.flags[0].0, 100)],
    }];
    assert!(save.world(&Rules::aeternus(), "game.ron").is_ok());
    let with = |change: &dyn Fn(&mut SaveGame)| {
        let mut s = save.clone();
        change(&mut s);
        refused(&s)
    };
    let cases: Vec<Case> = vec![
        (
            Box::new(|s| s.version = 7),
            &["`version`", "reads versions 1 to 5"],
        ),
        (Box::new(|s| s.phase = 0), &["`phase`", "1 to 1000000000"]),
        (Box::new(|s| s.phase = u32::MAX), &["`phase`", "1000000000"]),
        (
            Box::new(|s| s.hexes[3].biome = 99),
            &["`hexes[3].biome`", "0 to 5"],
        ),
        (
            Box::new(|s| s.hexes[3].landmark = 9),
            &["`hexes[3].landmark`", "0 to 1"],
        ),
        (
            Box::new(|s| s.hexes[3].features = 1 << 9),
            &["`hexes[3].features`", "have 5"],
        ),
        (
            Box::new(|s| s.hexes[3].at = Coord::new(0, i32::MAX, 0)),
            &["`hexes[3].at`", "16777216"],
        ),
        (
            Box::new(|s| s.hexes[0].at = Coord::new(1, 0, 0)),
            &["`hexes[0].at`", "origin"],
        ),
        (
            Box::new(|s| s.hexes[4].cause = Cause::Origin),
            &["`hexes[4].cause`", "origin"],
        ),
        (
            Box::new(|s| s.hexes.push(s.hexes[5])),
            &["`hexes[", "listed twice"],
        ),
        (
            Box::new(|s| s.players[1].id = 1),
            &["`players[1].id`", "taken"],
        ),
        (
            Box::new(|s| s.players[1].id = u32::MAX),
            &["`players[1].id`", "65536"],
        ),
        (
            Box::new(|s| s.players[0].faction = u32::MAX),
            &["`players[0].faction`", "0 to 7"],
        ),
        (
            Box::new(|s| s.players[0].name = "x".repeat(65)),
            &["`players[0].name`", "64"],
        ),
        (
            Box::new(|s| s.players[0].name = "a\u{1b}[2J".into()),
            &["`players[0].name`", "control"],
        ),
        (
            Box::new(|s| s.players[0].ap = 101),
            &["`players[0].ap`", "at most 100"],
        ),
        (
            Box::new(|s| s.players[0].moves = u32::MAX),
            &["`players[0].moves`", "1000000000"],
        ),
        (
            Box::new(|s| {
                s.players[0].resources.insert("mana".into(), 1);
            }),
            &["`players[0].resources.mana`", "wood"],
        ),
        (
            Box::new(|s| {
                s.players[0].resources.insert("wood".into(), u32::MAX);
            }),
            &["`players[0].resources.wood`", "1000000000"],
        ),
        (
            Box::new(|s| s.players[0].at = Coord::new(i32::MAX, 0, 0)),
            &["`players[0].at`", "16777216"],
        ),
        (
            Box::new(|s| s.players[0].at = Coord::new(40, 0, 0)),
            &["`players[0].at`", "not a generated hex"],
        ),
        (
            Box::new(|s| {
                let p = s.players[0].clone();
                s.players
                    .extend((10..80).map(|i| SavedPlayer { id: i, ..p.clone() }));
            }),
            &["`players`", "at most 64"],
        ),
        (
            Box::new(|s| s.flags[0].1 = u32::MAX),
            &["`flags[0].faction`", "0 to 7"],
        ),
        (
            Box::new(|s| s.flags[0].0 = Coord::new(-16777217, 0, 0)),
            &["`flags[0]`", "16777216"],
        ),
        (
            Box::new(|s| s.flags.push(s.flags[0])),
            &["`flags[2]`", "at most one flag"],
        ),
        (
            Box::new(|s| {
                s.flags.pop();
            }),
            &["features`", "no faction occupies it"],
        ),
        (
            Box::new(|s| s.flags[0].0 = Coord::new(0, -1, 0)),
            &["`flags[0]`", "no flag feature"],
        ),
        (
            Box::new(|s| s.razed = vec![Coord::new(0, 0, 99)]),
            &["`razed[0]`", "is not generated"],
        ),
        (
            Box::new(|s| s.knowledge[0].hexes[0].1 = 101),
            &["`knowledge[0].hexes[0]`", "0..=100"],
        ),
        (
            Box::new(|s| s.knowledge[0].faction = u32::MAX),
            &["`knowledge[0].faction`", "0 to 7"],
        ),
        (
            Box::new(|s| s.knowledge.push(s.knowledge[0].clone())),
            &["`knowledge[1].faction`", "listed twice"],
        ),
        (
            Box::new(|s| s.knowledge[0].searches = u32::MAX),
            &["`knowledge[0].searches`", "1000000000"],
        ),
        (
            Box::new(|s| s.knowledge[0].hexes[0].0 = Coord::new(0, 0, 99)),
            &["`knowledge[0].hexes[0]`", "is not generated"],
        ),
        (
            Box::new(|s| {
                let first = s.knowledge[0].hexes[0];
                s.knowledge[0].hexes.push(first);
            }),
            &["`knowledge[0].hexes", "listed twice"],
        ),
        (
            Box::new(|s| s.knowledge[0].hexes[0].0 = Coord::new(0, 0, 16_777_217)),
            &["`knowledge[0].hexes[0]`", "16777216"],
        ),
    ];
    for (change, parts) in cases {
        says(&with(&*change), parts);
    }
}

#[test]
fn log_entries_are_checked_with_their_hexes_and_ids() {
    use crate::play::{Action, Refusal};
    use crate::rules::{BiomeId, FeatureId};
    let (_, save) = saved();
    let far = Coord::new(0, 0, -16_777_217);
    let p = PlayerId(1);
    let cases: Vec<(PlayEvent, &[&str])> = vec![
        (
            PlayEvent::Built {
                player: p,
                hex: Coord::new(0, 0, 0),
                feature: FeatureId(99),
            },
            &["feature`", "have 5"],
        ),
        (
            PlayEvent::Moved {
                player: p,
                from: Coord::new(0, 0, 0),
                to: far,
                ap: 1,
            },
            &[".to`", "16777216"],
        ),
        (
            PlayEvent::Blown {
                player: p,
                from: far,
                to: Coord::new(0, 0, 0),
            },
            &[".from`", "16777216"],
        ),
        (
            PlayEvent::Blocked {
                player: p,
                at: Coord::new(0, 0, 0),
                toward: far,
                blown: true,
                ap: 0,
            },
            &[".toward`", "16777216"],
        ),
        (
            PlayEvent::Mired {
                player: p,
                at: Coord::new(0, 0, 0),
                toward: Coord::new(0, 0, 1),
                ap: 101,
            },
            &[".ap`", "at most 100"],
        ),
        (
            PlayEvent::Corrupted {
                hex: far,
                player: p,
            },
            &[".hex`", "16777216"],
        ),
        (PlayEvent::Warded { hex: far }, &[".hex`"]),
        (PlayEvent::Cleansed { hex: far }, &[".hex`"]),
        (
            PlayEvent::Occupied {
                hex: Coord::new(0, 0, 0),
                faction: Faction(u32::MAX),
            },
            &[".faction`", "0 to 7"],
        ),
        (
            PlayEvent::FlagLost {
                hex: Coord::new(0, 0, 0),
                faction: Faction(8),
            },
            &[".faction`", "0 to 7"],
        ),
        (
            PlayEvent::Travelled {
                player: PlayerId(7),
                from: Coord::new(0, 0, 0),
                to: Coord::new(0, 0, 1),
            },
            &[".player`", "no player of the save"],
        ),
        (
            PlayEvent::TurnEnded {
                player: PlayerId(u32::MAX),
            },
            &[".player`"],
        ),
        (
            PlayEvent::PhaseStarted { phase: u32::MAX },
            &[".phase`", "1000000000"],
        ),
        (
            PlayEvent::Refused {
                player: PlayerId(u32::MAX),
                action: Action::EndTurn { player: p },
                refusal: Refusal::TurnOver,
            },
            &[".player`", "65536"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::Travel {
                    player: p,
                    to: Hex::new(i32::MAX, 0),
                },
                refusal: Refusal::AlreadyThere,
            },
            &[".action.to`", "16777216"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::Build {
                    player: p,
                    hex: Hex::new(0, i32::MIN),
                    feature: FeatureId(1),
                },
                refusal: Refusal::FlagTaken,
            },
            &[".action.hex`", "16777216"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::EndTurn { player: p },
                refusal: Refusal::BiomeForbids(BiomeId(200)),
            },
            &[".refusal`", "biome"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::EndTurn { player: p },
                refusal: Refusal::AlreadyBuilt(FeatureId(200)),
            },
            &[".refusal`", "feature"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::EndTurn { player: p },
                refusal: Refusal::NoStationThere(far),
            },
            &[".refusal`", "16777216"],
        ),
        (
            PlayEvent::Refused {
                player: p,
                action: Action::EndTurn { player: p },
                refusal: Refusal::CannotAfford {
                    resource: "mana".into(),
                    need: 1,
                    have: 0,
                },
            },
            &[".refusal`", "resource"],
        ),
    ];
    let at = save.log.len();
    for (event, parts) in cases {
        let mut s = save.clone();
        s.log.push(event);
        let e = refused(&s);
        says(&e, &[&format!("`log[{at}]")]);
        says(&e, parts);
    }
    // A refused action may name an unknown player: that is what it logs.
    let mut s = save.clone();
    s.log.push(PlayEvent::Refused {
        player: PlayerId(9),
        action: Action::EndTurn {
            player: PlayerId(9),
        },
        refusal: Refusal::UnknownPlayer,
    });
    assert!(s.world(&Rules::aeternus(), "game.ron").is_ok());
}

#[test]
fn a_save_breaking_a_world_invariant_is_refused() {
    let (_, save) = saved();
    let rules = Rules::aeternus();
    let id = |name: &str| rules.biome(name).unwrap().0;
    let corrupted = rules.feature("Corrupted").unwrap().0;
    let pylon = rules.feature("Pylon of Purity").unwrap().0;
    // A hex all of whose neighbours are generated, no player or flag on it or them.
    let busy: Vec<Hex> = (save.players.iter().map(|p| p.at.to_hex()))
        .chain(save.flags.iter().map(|f| f.0.to_hex()))
        .collect();
    let inner = |s: &SaveGame| {
        let (i, h) = (s.hexes.iter().enumerate().skip(1))
            .map(|(i, h)| (i, h.at.to_hex()))
            .find(|&(_, h)| {
                crate::hex::neighbours(h)
                    .iter()
                    .all(|n| generated(s, *n) && !busy.contains(n))
                    && !busy.contains(&h)
            })
            .expect("the played world has an inner hex");
        (i, h)
    };
    // Meadow everywhere but the hexes a case sets, and nothing corrupted.
    let plain = || {
        let mut s = save.clone();
        for h in &mut s.hexes {
            h.biome = id("Meadow");
            h.features &= !(1 << corrupted);
        }
        s
    };
    assert!(plain().world(&rules, "game.ron").is_ok());

    // Dunes drawn beside a Swamp generated before.
    let mut s = plain();
    let (i, h) = inner(&s);
    s.hexes[i].biome = id("Swamp");
    let j = (crate::hex::neighbours(h).iter())
        .map(|n| order_of(&s, *n))
        .find(|&j| j > i)
        .expect("a neighbour generated later");
    s.hexes[j].biome = id("Deceased Dunes");
    says(
        &refused(&s),
        &[
            &format!("`hexes[{j}].biome`"),
            "Deceased Dunes",
            "Swamp",
            "suppresses",
        ],
    );

    // An enclosed hole: an inner hex left out.
    let mut s = plain();
    let (i, _) = inner(&s);
    s.hexes.remove(i);
    says(
        &refused(&s),
        &["`hexes`", "enclose 1 region", "pocket Lake"],
    );

    // A corrupted hex with a flag, and one with another feature or landmark.
    let mut s = plain();
    let f = order_of(&s, s.flags[0].0.to_hex());
    s.hexes[f].features |= 1 << corrupted;
    says(
        &refused(&s),
        &[
            &format!("`hexes[{f}].features`"),
            "corrupted and has other features",
        ],
    );
    let mut s = plain();
    let (i, _) = inner(&s);
    s.hexes[i].features = 1 << corrupted;
    s.hexes[i].landmark = rules.landmark("Town").unwrap().0;
    says(&refused(&s), &[&format!("`hexes[{i}].landmark`"), "Barren"]);

    // Corruption inside a pylon's ring.
    let mut s = plain();
    let (i, h) = inner(&s);
    s.hexes[i].features = 1 << pylon;
    let j = order_of(&s, crate::hex::neighbours(h)[2]);
    s.hexes[j].features = 1 << corrupted;
    s.hexes[j].landmark = 0;
    says(
        &refused(&s),
        &[&format!("`hexes[{j}].features`"), "Pylon of Purity"],
    );

    // A player on a Lake (a Town: never corrupted), then with a Boardwalk under it; on a bare
    // Lake of the corruption's landmark, which a pylon may have cleansed.
    let mut s = plain();
    let p = order_of(&s, s.players[0].at.to_hex());
    s.hexes[p].biome = id("Lake");
    s.hexes[p].landmark = rules.landmark("Town").unwrap().0;
    says(&refused(&s), &["`players[0].at`", "Lake"]);
    let mut cleansed = s.clone();
    cleansed.hexes[p].landmark = rules.landmark("Barren").unwrap().0;
    assert!(cleansed.world(&rules, "game.ron").is_ok());
    s.hexes[p].features |= 1 << rules.feature("Boardwalk").unwrap().0;
    assert!(s.world(&rules, "game.ron").is_ok());
}

/// The save the hostile corpus is made from: a real game, which loads.
#[test]
fn the_corpus_save_is_a_real_one_that_loads() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/hostile/saves/played.data.ron");
    if std::env::var_os("AETERNUS_UPDATE_SAVE").is_some() {
        write_atomic(&path, &saved().0).unwrap();
    }
    let save = SaveGame::read(&path).unwrap();
    assert!(save.world(&Rules::aeternus(), "played.data.ron").is_ok());
}

/// A folder of its own for a test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn saves_are_written_whole_and_keep_the_previous_one() {
    let dir = folder("save-write");
    let path = dir.join("game.ron");
    write_atomic(&path, "first").unwrap();
    assert_eq!(
        names_in(&dir),
        ["game.ron"],
        "nothing to keep yet, no temporary file left"
    );
    write_atomic(&path, "second").unwrap();
    write_atomic(&path, "third").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "third");
    assert_eq!(
        std::fs::read_to_string(backup_path(&path)).unwrap(),
        "second"
    );
    assert_eq!(names_in(&dir), ["game.ron", "game.ron.bak"]);
    // A folder that does not exist: an error, and nothing written.
    assert!(write_atomic(&dir.join("no/such/game.ron"), "x").is_err());
    // A folder in the save's place: an error, the folder and the old backup untouched.
    std::fs::create_dir(dir.join("taken")).unwrap();
    assert!(write_atomic(&dir.join("taken"), "x").is_err());
    assert_eq!(names_in(&dir), ["game.ron", "game.ron.bak", "taken"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn symlinks_at_the_temporary_or_backup_names_are_never_followed() {
    use std::os::unix::fs::symlink;
    let dir = folder("save-links");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "untouched").unwrap();
    let path = dir.join("game.ron");
    write_atomic(&path, "old").unwrap();
    // Links planted at the next temporary names, and at the backup's name.
    for name in super::write::next_temp_names("game.ron", 8)
        .into_iter()
        .chain(super::write::next_temp_names("game.ron.bak", 8))
    {
        symlink(&victim, dir.join(name)).unwrap();
    }
    symlink(&victim, backup_path(&path)).unwrap();
    write_atomic(&path, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    let bak = std::fs::symlink_metadata(backup_path(&path)).unwrap();
    assert!(bak.is_file(), "the backup replaced the link");
    assert_eq!(std::fs::read_to_string(backup_path(&path)).unwrap(), "old");
    // A save that is itself a link is replaced by a file; what it pointed to stays.
    let linked = dir.join("linked.ron");
    symlink(&victim, &linked).unwrap();
    write_atomic(&linked, "saved").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    assert_eq!(std::fs::read_to_string(&linked).unwrap(), "saved");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn writers_at_once_each_leave_a_whole_save() {
    let dir = folder("save-race");
    let path = dir.join("game.ron");
    let texts: Vec<String> = (0..6).map(|i| format!("save {i} ").repeat(5000)).collect();
    std::thread::scope(|s| {
        for t in &texts {
            let path = &path;
            s.spawn(move || {
                for _ in 0..10 {
                    write_atomic(path, t).unwrap();
                }
            });
        }
    });
    let now = std::fs::read_to_string(&path).unwrap();
    let bak = std::fs::read_to_string(backup_path(&path)).unwrap();
    assert!(texts.contains(&now) && texts.contains(&bak));
    assert_eq!(
        names_in(&dir),
        ["game.ron", "game.ron.bak"],
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Stopped at each step as a crash would stop it, a write loses nothing: the old save (or its
/// backup) loads, and the next save succeeds.
#[test]
fn a_write_stopped_at_any_step_loses_nothing() {
    use super::write::{FailPoint, write_with};
    let rules = Rules::aeternus();
    let mut a = played();
    let first = capture(a.world_mut()).to_ron();
    play(&mut a, 4);
    let second = capture(a.world_mut()).to_ron();
    play(&mut a, 8);
    let third = capture(a.world_mut()).to_ron();
    let loads = |p: &std::path::Path| {
        let s = SaveGame::read(p).unwrap();
        s.world(&rules, "game.ron").unwrap();
        s.to_ron()
    };
    use FailPoint::*;
    // At each step: the save and the backup left (both whole), and whether the temporary file
    // is left behind.
    let steps = [
        (Written, &second, &first, true),
        (Synced, &second, &first, true),
        (BackedUp, &second, &second, true),
        (Renamed, &third, &second, false),
    ];
    assert_eq!(steps.map(|s| s.0), FailPoint::ALL);
    for (fail, save, bak, tmp_left) in steps {
        let dir = folder(&format!("save-stop-{fail:?}"));
        let path = dir.join("game.ron");
        write_atomic(&path, &first).unwrap();
        write_atomic(&path, &second).unwrap();
        let e = write_with(&path, third.as_bytes(), Some(fail)).unwrap_err();
        assert_eq!(e.to_string(), format!("stopped {fail:?}"));
        assert_eq!(&loads(&path), save, "{fail:?}");
        assert_eq!(&loads(&backup_path(&path)), bak, "{fail:?}");
        let tmp = names_in(&dir).iter().any(|n| n.ends_with(".tmp"));
        assert_eq!(tmp, tmp_left, "{fail:?}: {:?}", names_in(&dir));
        // The next save goes through, past any temporary file the stop left.
        write_atomic(&path, &third).unwrap();
        assert_eq!(loads(&path), third, "{fail:?}");
        assert_eq!(&loads(&backup_path(&path)), save, "{fail:?}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// The end of each phase writes the game beside the save file, the newest as `-autosave-1`, off
/// the main thread; the files load as the game at the end of their phase.
#[test]
fn each_ended_phase_is_autosaved_in_rotation() {
    use super::autosave::{self, AUTOSAVES, Autosave, Autosaved, autosave_paths};
    let dir = folder("autosave");
    let beside = dir.join("game.ron");
    let mut app = played();
    app.add_plugins(autosave::plugin).insert_resource(Autosave {
        beside: beside.clone(),
    });
    let mut reports = Vec::new();
    let mut phases = Vec::new();
    for round in 0..4 {
        let before = app.world().resource::<Phase>().0;
        play(&mut app, 20 + round * 4);
        phases.push((before, app.world().resource::<Phase>().0));
        // Let the writes finish.
        for _ in 0..500 {
            if !autosave::busy(app.world()) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
            app.update();
        }
        let mut read = app.world_mut().resource_mut::<Messages<Autosaved>>();
        reports.extend(read.drain());
    }
    assert!(reports.iter().all(|r| r.result.is_ok()), "{reports:?}");
    assert!(reports.len() >= AUTOSAVES, "{reports:?} over {phases:?}");
    let paths = autosave_paths(&beside);
    assert_eq!(
        paths
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect::<Vec<_>>(),
        [
            "game-autosave-1.ron",
            "game-autosave-2.ron",
            "game-autosave-3.ron"
        ]
    );
    let rules = Rules::aeternus();
    let saved_phases: Vec<u32> = paths
        .iter()
        .map(|p| {
            let s = SaveGame::read(p).unwrap();
            s.world(&rules, "autosave").unwrap();
            s.phase
        })
        .collect();
    // Newest first, one phase apart, the newest the game's phase now or the one before.
    let now = app.world().resource::<Phase>().0;
    assert!(
        saved_phases.windows(2).all(|w| w[0] > w[1]),
        "{saved_phases:?}"
    );
    assert!(saved_phases[0] == now, "{saved_phases:?} now {now}");
    assert_eq!(
        names_in(&dir).len(),
        AUTOSAVES,
        "no backup or temporary file"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// An autosave that cannot be written is reported, and the game goes on.
#[test]
fn a_failed_autosave_is_reported_and_play_goes_on() {
    use super::autosave::{self, Autosave, Autosaved};
    let dir = folder("autosave-fails");
    let mut app = played();
    app.add_plugins(autosave::plugin).insert_resource(Autosave {
        beside: dir.join("no/such/folder/game.ron"),
    });
    let before = app.world().resource::<Phase>().0;
    play(&mut app, 20);
    for _ in 0..500 {
        if !autosave::busy(app.world()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        app.update();
    }
    let reports: Vec<Autosaved> = app
        .world_mut()
        .resource_mut::<Messages<Autosaved>>()
        .drain()
        .collect();
    assert!(!reports.is_empty());
    for r in &reports {
        let e = r.result.as_ref().unwrap_err();
        assert!(e.contains("game-autosave-1.ron"), "{e}");
    }
    assert!(
        app.world().resource::<Phase>().0 > before,
        "the phases go on"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A game past the rules' last phase is over once loaded, and an ended game saved and loaded
/// again is over again without a second end in its log.
#[test]
fn an_ended_game_loads_ended_without_a_second_end() {
    let mut a = played();
    let mut saved = capture(a.world_mut());
    saved.phase = Rules::aeternus().play.goal.phases + 1;
    let ends = |app: &App| {
        let log = &app.world().resource::<PlayLog>().0;
        (log.iter())
            .filter(|e| matches!(e, PlayEvent::GameEnded { .. }))
            .count()
    };
    let mut b = load(&saved.to_ron());
    assert!(b.world().get_resource::<crate::play::GameOver>().is_some());
    assert_eq!(ends(&b), 1);
    let c = load(&capture(b.world_mut()).to_ron());
    assert!(c.world().get_resource::<crate::play::GameOver>().is_some());
    assert_eq!(ends(&c), 1);
}
