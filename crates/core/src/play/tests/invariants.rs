//! The world's invariants ([`crate::world::invariants`], what a save is checked against) hold
//! through whole games: seeded random actions of every kind, checked after every frame.

use super::*;
use crate::world::invariants::Subject;

/// A small seeded generator (xorshift), so the games never flake.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as u32
    }
}

/// Plenty of everything, so building never stops for want of resources.
fn rich(t: &Table) -> Resources {
    Resources(
        t.rules()
            .resources
            .iter()
            .map(|r| (r.clone(), 100_000))
            .collect(),
    )
}

#[test]
fn random_games_keep_every_invariant() {
    let features = ["Flag", "Pylon of Purity", "Stag Station", "Boardwalk"];
    for seed in 0..6u64 {
        let mut t = Table::new(seed);
        for id in 1..=3 {
            t.join(id, id - 1, Hex::ZERO);
        }
        t.frame();
        for id in 1..=3 {
            let purse = rich(&t);
            t.set(id, purse);
        }
        let mut draws = Draws(seed * 7919 + 17);
        for frame in 0..400 {
            let id = 1 + draws.below(3);
            let player = PlayerId(id);
            let here = t.pos(id);
            let action = match draws.below(10) {
                0..=5 => Action::Traverse {
                    player,
                    direction: Direction::ALL[draws.below(6) as usize],
                },
                6 | 7 => {
                    let d = draws.below(7);
                    let hex = if d == 6 {
                        here
                    } else {
                        step(here, Direction::ALL[d as usize])
                    };
                    let feature = t.feature(features[draws.below(4) as usize]);
                    Action::Build {
                        player,
                        hex,
                        feature,
                    }
                }
                8 => {
                    let stations: Vec<Hex> = {
                        let world = t.app.world().resource::<HexWorld>();
                        let s = t.feature("Stag Station");
                        world
                            .order()
                            .filter(|h| world.get(*h).unwrap().features.contains(s))
                            .collect()
                    };
                    match stations.is_empty() {
                        true => Action::EndTurn { player },
                        false => Action::Travel {
                            player,
                            to: stations[draws.below(stations.len() as u32) as usize],
                        },
                    }
                }
                _ => Action::EndTurn { player },
            };
            t.act([action]);
            if let Err(e) = t.invariants() {
                panic!("seed {seed}, frame {frame}: {e}");
            }
        }
        t.assert_mirrored();
    }
}

/// Corruption takes the Boardwalk of the Lake hex a player leaves, even with another player
/// still on it: that player is left on a corrupted Lake, and a pylon built beside it then leaves
/// it on a bare one (its landmark the corruption's). The rules reach both, so the invariants
/// allow them and the game saves.
#[test]
fn a_boardwalk_corrupted_under_a_player_leaves_it_on_a_lake() {
    let mut t = Table::new(3);
    let (north, south) = (step(HERE, Direction::North), step(HERE, Direction::South));
    t.place(HERE, "Lake", &["Boardwalk"])
        .place(north, "Meadow", &["Corrupted"])
        .fill(HERE, 2, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    let purse = rich(&t);
    t.set(2, purse);
    t.assert_invariants();
    t.go(1, Direction::North);
    assert!(t.is_corrupted(HERE) && t.pos(2) == HERE);
    t.assert_invariants();
    t.assert_saves();
    let pylon = t.feature("Pylon of Purity");
    let events = t.act([Action::Build {
        player: PlayerId(2),
        hex: south,
        feature: pylon,
    }]);
    assert!(
        events.contains(&PlayEvent::Cleansed { hex: coord(HERE) }),
        "{events:?}"
    );
    let d = t.store(HERE).unwrap();
    assert_eq!((d.biome, d.features), (t.biome("Lake"), FeatureSet::EMPTY));
    assert_eq!(d.landmark, t.rules().landmark("Barren").unwrap());
    assert_eq!(t.pos(2), HERE);
    t.assert_invariants();
    t.assert_saves();
    // On a Lake with nothing on it and another landmark, a player is refused.
    let mut t = Table::new(3);
    t.place(HERE, "Lake", &[]).fill(HERE, 1, "Meadow");
    let town = t.rules().landmark("Town").unwrap();
    (t.app.world_mut().resource_mut::<HexWorld>()).set_state(HERE, town, FeatureSet::EMPTY);
    t.join(1, 0, HERE);
    t.frame();
    let e = t.invariants().unwrap_err();
    assert_eq!(e.subject, Subject::Player(0));
    assert!(
        t.save_and_load()
            .unwrap_err()
            .to_string()
            .contains("players[0].at")
    );
}
