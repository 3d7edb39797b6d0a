//! Goals: scores from the hexes flags occupy, the end after the rules' last phase or at the
//! target, the winner (none on a tie), every action refused after, and the end saved.

use super::*;
use crate::play::{GameOver, Score, Standings};

/// Two players on a Meadow town; plenty to build flags and pylons, and no essences (they score).
fn table(change: impl FnOnce(&mut Rules)) -> Table {
    let mut t = Table::with(rules_with(change), 1);
    let north = step(HERE, Direction::North);
    t.place(HERE, "Meadow", &[])
        .place(north, "Meadow", &[])
        .fill(HERE, 3, "Meadow");
    let town = t.rules().landmark("Town").unwrap();
    (t.app.world_mut().resource_mut::<HexWorld>()).set_state(north, town, FeatureSet::EMPTY);
    t.join(1, 0, HERE);
    t.join(2, 1, north);
    t.frame();
    for id in [1, 2] {
        let purse = Resources(
            t.rules()
                .resources
                .iter()
                .map(|r| (r.clone(), if r.ends_with("essence") { 0 } else { 1000 }))
                .collect(),
        );
        t.set(id, purse);
    }
    t
}

fn build(t: &mut Table, id: u32, feature: &str) -> Vec<PlayEvent> {
    let (hex, feature) = (t.pos(id), t.feature(feature));
    t.act([Action::Build {
        player: PlayerId(id),
        hex,
        feature,
    }])
}

fn standings(t: &Table) -> Vec<(u32, u64)> {
    let s = &t.app.world().resource::<Standings>().0;
    s.iter().map(|s| (s.faction.0, s.points)).collect()
}

#[test]
fn flags_score_their_hexes_by_the_rules_points() {
    let mut t = table(|_| {});
    assert_eq!(standings(&t), [(0, 0), (1, 0)]);
    build(&mut t, 1, "Flag");
    assert_eq!(standings(&t), [(0, 1), (1, 0)]);
    // On a Town (3) with a pylon (1): 1 + 3 + 1.
    build(&mut t, 2, "Flag");
    build(&mut t, 2, "Pylon of Purity");
    assert_eq!(standings(&t), [(1, 5), (0, 1)]);
}

#[test]
fn held_resources_score_by_the_rules_points() {
    let mut t = table(|r| {
        let star = r
            .resources
            .iter()
            .position(|n| n == "Star essence")
            .unwrap();
        r.play.goal.resources[star] = 2;
    });
    let mut purse = t.get::<Resources>(1);
    purse.0.insert("Star essence".into(), 3);
    purse.0.insert("Tide essence".into(), 4);
    t.set(1, purse);
    t.frame();
    // 3 Star at 2 points, 4 Tide at the default rules' 1.
    assert_eq!(standings(&t), [(0, 10), (1, 0)]);
}

#[test]
fn the_game_ends_after_its_last_phase_and_refuses_every_action() {
    let mut t = table(|r| r.play.goal.phases = 2);
    build(&mut t, 2, "Flag");
    let end = |t: &mut Table| {
        t.act([
            Action::EndTurn {
                player: PlayerId(1),
            },
            Action::EndTurn {
                player: PlayerId(2),
            },
        ])
    };
    end(&mut t);
    assert!(t.app.world().get_resource::<GameOver>().is_none());
    let events = end(&mut t);
    let over = *t.app.world().resource::<GameOver>();
    assert_eq!(
        over,
        GameOver {
            winner: Some(Faction(1)),
            phase: 2
        }
    );
    let want = PlayEvent::GameEnded {
        winner: Some(Faction(1)),
        phase: 2,
        standings: vec![
            Score {
                faction: Faction(1),
                points: 4,
            },
            Score {
                faction: Faction(0),
                points: 0,
            },
        ],
    };
    assert!(events.contains(&want), "{events:?}");
    let events = t.go(1, Direction::South);
    assert!(matches!(
        &events[..],
        [PlayEvent::Refused {
            refusal: Refusal::GameOver,
            ..
        }]
    ));
    t.assert_saves();
}

#[test]
fn reaching_the_target_ends_the_game_at_once_and_a_tie_has_no_winner() {
    let mut t = table(|r| r.play.goal.target = 4);
    build(&mut t, 1, "Flag");
    assert!(t.app.world().get_resource::<GameOver>().is_none());
    let events = build(&mut t, 2, "Flag");
    assert!(
        events.iter().any(|e| matches!(
            e,
            PlayEvent::GameEnded {
                winner: Some(Faction(1)),
                phase: 1,
                ..
            }
        )),
        "{events:?}"
    );
    // Two factions level when the last phase ends: a tie.
    let mut t = table(|r| r.play.goal.phases = 1);
    build(&mut t, 1, "Flag");
    let town = t.rules().landmark("Barren").unwrap();
    let north = t.pos(2);
    (t.app.world_mut().resource_mut::<HexWorld>()).set_state(north, town, FeatureSet::EMPTY);
    build(&mut t, 2, "Flag");
    t.act([
        Action::EndTurn {
            player: PlayerId(1),
        },
        Action::EndTurn {
            player: PlayerId(2),
        },
    ]);
    assert_eq!(t.app.world().resource::<GameOver>().winner, None);
}

#[test]
fn standings_follow_a_new_goal_a_faction_changed_and_a_player_gone_and_rest_otherwise() {
    let mut t = table(|_| {});
    build(&mut t, 1, "Flag");
    assert_eq!(standings(&t), [(0, 1), (1, 0)]);
    // Frames with nothing scored changing leave the standings untouched.
    let tick = |t: &Table| t.app.world().resource_ref::<Standings>().last_changed();
    let before = tick(&t);
    t.frame();
    t.frame();
    assert_eq!(tick(&t), before);
    // A reload's new points count at once.
    t.app
        .world_mut()
        .resource_mut::<HexWorld>()
        .rules
        .play
        .goal
        .flag = 7;
    t.frame();
    assert_eq!(standings(&t), [(0, 7), (1, 0)]);
    // A player who changes faction takes its resources' points along; one who leaves is gone.
    t.set(2, Faction(5));
    t.frame();
    assert_eq!(standings(&t), [(0, 7), (5, 0)]);
    let gone = t.entity(2);
    t.app.world_mut().despawn(gone);
    t.frame();
    assert_eq!(standings(&t), [(0, 7)]);
}
