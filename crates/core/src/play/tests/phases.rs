//! Players joining, action points, turns and phases, with several factions at one table.

use super::*;
use crate::world::plugin::Viewer;
use Direction::*;

#[test]
fn a_player_joins_with_the_rulesets_numbers() {
    let mut t = Table::new(1);
    let e = t.join(1, 3, HERE);
    // Resources given at spawn replace the starting amounts name by name.
    let given = Resources([("gold".to_string(), 50)].into());
    t.app
        .world_mut()
        .spawn((Player::new(2, "Bo"), given, Position(HERE)));
    t.frame();
    assert_eq!(t.entity(1), e);
    assert_eq!((t.ap(1), t.get::<Faction>(1)), (3, Faction(3)));
    assert_eq!(t.get::<Resources>(1).get("wood"), 45);
    assert_eq!(t.get::<Resources>(2).get("gold"), 50);
    assert_eq!(t.get::<Resources>(2).get("wood"), 45);
    assert_eq!(t.get::<Faction>(2), Faction(0));
    let v = t.get::<Viewer>(1);
    assert_eq!((v.hex, v.radius), (HERE, 2));
    assert!(
        t.store(HERE + North.offset() * 2).is_some(),
        "its sight is generated"
    );
    // A taken id is not admitted; an unknown one is refused.
    let third = t.app.world_mut().spawn(Player::new(1, "Again")).id();
    assert_eq!(t.entity(1), e);
    assert!(t.app.world().get::<Player>(third).is_none());
    // A player who leaves is forgotten: its actions are refused, the phase goes on without it.
    let two = t.entity(2);
    t.app.world_mut().despawn(two);
    assert!(
        !t.app
            .world()
            .resource::<PlayerIndex>()
            .contains_key(&PlayerId(2))
    );
    let up = Action::traverse_toward(PlayerId(1), HERE, step(HERE, North)).unwrap();
    assert_eq!(
        up,
        Action::Traverse {
            player: PlayerId(1),
            direction: North
        }
    );
    assert_eq!(Action::traverse_toward(PlayerId(1), HERE, HERE), None);
    let events = t.go(9, North);
    assert!(matches!(
        events[..],
        [PlayEvent::Refused {
            refusal: Refusal::UnknownPlayer,
            ..
        }]
    ));
}

#[test]
fn the_phase_turns_when_every_player_has_ended_or_run_out() {
    let mut t = Table::new(2);
    t.fill(HERE, 4, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    for _ in 0..3 {
        t.go(1, North);
    }
    assert_eq!((t.ap(1), **t.app.world().resource::<Phase>()), (0, 1));
    let events = t.go(1, North);
    assert!(matches!(
        events[..],
        [PlayEvent::Refused {
            refusal: Refusal::TurnOver,
            ..
        }]
    ));
    // Player 2 ends with AP left: now nobody can act, so phase 2 starts and AP refill.
    let events = t.act([Action::EndTurn {
        player: PlayerId(2),
    }]);
    assert_eq!(
        events,
        [
            PlayEvent::TurnEnded {
                player: PlayerId(2)
            },
            PlayEvent::PhaseStarted { phase: 2 }
        ]
    );
    assert_eq!((t.ap(1), t.ap(2)), (3, 3));
    assert!(!t.get::<Turn>(2).ended);
}

#[test]
fn ending_twice_is_refused_and_acting_after_the_end_too() {
    let mut t = Table::new(3);
    t.fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    let end = Action::EndTurn {
        player: PlayerId(1),
    };
    let events = t.act([end.clone(), end.clone()]);
    assert_eq!(
        events[0],
        PlayEvent::TurnEnded {
            player: PlayerId(1)
        }
    );
    assert_eq!(
        events[1],
        PlayEvent::Refused {
            player: PlayerId(1),
            action: end,
            refusal: Refusal::TurnOver
        }
    );
    assert!(matches!(t.go(1, North)[..], [PlayEvent::Refused { .. }]));
    assert_eq!((t.pos(1), t.ap(1)), (HERE, 3));
}

#[test]
fn one_player_alone_gets_a_new_phase_in_the_frame_it_runs_out() {
    let mut t = Table::new(4);
    t.fill(HERE, 4, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    let player = PlayerId(1);
    let go = Action::Traverse {
        player,
        direction: North,
    };
    let events = t.act([go.clone(), go.clone(), go]);
    assert_eq!(events.last(), Some(&PlayEvent::PhaseStarted { phase: 2 }));
    assert_eq!((t.ap(1), t.pos(1)), (3, HERE + North.offset() * 3));
    let log = t.app.world().resource::<PlayLog>();
    let rules = t.rules();
    assert_eq!(
        log[0].describe(rules),
        "player 1 moves from (10, 10, 0) to (9, 11, 0) (1 AP)"
    );
}

#[test]
fn phase_and_move_counts_stop_where_a_save_holds_them() {
    // A game that never ends, so the counters meet their own limits.
    let mut t = Table::with(rules_with(|r| r.play.goal.phases = u32::MAX), 1);
    t.fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.frame();
    t.app.world_mut().insert_resource(Phase(MAX_COUNTER - 1));
    t.set(1, Moves(MAX_COUNTER - 1));
    for _ in 0..3 {
        t.go(1, North);
        t.act([Action::EndTurn {
            player: PlayerId(1),
        }]);
    }
    assert_eq!(t.app.world().resource::<Phase>().0, MAX_COUNTER);
    assert_eq!(t.get::<Moves>(1).0, MAX_COUNTER);
    assert_eq!(t.pos(1), HERE + North.offset() * 3);
    t.assert_saves();
}
