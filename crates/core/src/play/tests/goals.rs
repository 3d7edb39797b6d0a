//! Goals: scores from the hexes flags occupy, the end after the rules' last phase or at the
//! target, the winner (none on a tie), every action refused after, and the end saved; the
//! flags' own endings (a lead held, the last standing), their order, and a loaded game they
//! ended over again.

use super::*;
use crate::play::{Contest, End, EndedBy, GameOver, Score, Standings};

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
    end_phase(&mut t);
    assert!(t.app.world().get_resource::<GameOver>().is_none());
    let events = end_phase(&mut t);
    let over = *t.app.world().resource::<GameOver>();
    assert_eq!(
        over,
        GameOver {
            winner: Some(Faction(1)),
            phase: 2
        }
    );
    assert_eq!(t.app.world().resource::<EndedBy>().0, End::Phases);
    let want = PlayEvent::GameEnded {
        winner: Some(Faction(1)),
        phase: 2,
        end: End::Phases,
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
    assert_eq!(t.app.world().resource::<EndedBy>().0, End::Target);
    // Two factions level when the last phase ends: a tie.
    let mut t = table(|r| r.play.goal.phases = 1);
    build(&mut t, 1, "Flag");
    let town = t.rules().landmark("Barren").unwrap();
    let north = t.pos(2);
    (t.app.world_mut().resource_mut::<HexWorld>()).set_state(north, town, FeatureSet::EMPTY);
    build(&mut t, 2, "Flag");
    end_phase(&mut t);
    assert_eq!(t.app.world().resource::<GameOver>().winner, None);
    assert_eq!(t.app.world().resource::<EndedBy>().0, End::Phases);
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

/// The players end their turns, one a frame in turn, until the phase ends (an end of turn out
/// of the turn order is refused and tried again); returns the frames' events.
fn end_phase(t: &mut Table) -> Vec<PlayEvent> {
    let phase = |t: &Table| t.app.world().resource::<Phase>().0;
    let start = phase(t);
    let mut events = Vec::new();
    for id in [1, 2, 1, 2] {
        if phase(t) != start || t.app.world().contains_resource::<GameOver>() {
            break;
        }
        t.app.world_mut().write_message(Action::EndTurn {
            player: PlayerId(id),
        });
        events.extend(t.frame());
    }
    events
}

/// A flag built by player `id` on `hex`.
fn flag_at(t: &mut Table, id: u32, hex: Hex) -> Vec<PlayEvent> {
    let feature = t.feature("Flag");
    t.act([Action::Build {
        player: PlayerId(id),
        hex,
        feature,
    }])
}

fn over(t: &Table) -> Option<(GameOver, End)> {
    let ecs = t.app.world();
    let over = *ecs.get_resource::<GameOver>()?;
    Some((over, ecs.resource::<EndedBy>().0))
}

fn contest(t: &Table) -> Contest {
    t.app.world().resource::<Contest>().clone()
}

/// A lead of 60% of the flags over 2 phases: faction 0's two flags to faction 1's one on a Town
/// (fewer points: 2 to 4) hold it at the end of phases 1 and 2, and it wins then; the lead comes
/// before the last phase, which ends in the same pass.
#[test]
fn a_lead_held_for_its_phases_wins_before_the_points_and_the_last_phase() {
    use crate::rules::Lead;
    let mut t = table(|r| {
        r.play.goal.lead = Some(Lead {
            share: 60,
            phases: 2,
        });
        r.play.goal.phases = 2;
    });
    flag_at(&mut t, 1, HERE);
    flag_at(&mut t, 1, step(HERE, Direction::South));
    build(&mut t, 2, "Flag");
    assert_eq!(standings(&t), [(1, 4), (0, 2)]);
    assert_eq!(contest(&t).leader, None, "no phase has ended");
    end_phase(&mut t);
    assert_eq!(
        contest(&t),
        Contest {
            leader: Some((Faction(0), 1)),
            holders: 2
        }
    );
    assert_eq!(over(&t), None);
    let events = end_phase(&mut t);
    let won = GameOver {
        winner: Some(Faction(0)),
        phase: 2,
    };
    assert_eq!(over(&t), Some((won, End::Lead)));
    let ended = PlayEvent::GameEnded {
        winner: Some(Faction(0)),
        phase: 2,
        end: End::Lead,
        standings: vec![
            Score {
                faction: Faction(1),
                points: 4,
            },
            Score {
                faction: Faction(0),
                points: 2,
            },
        ],
    };
    assert!(events.contains(&ended), "{events:?}");
    let told = ended.describe(t.rules());
    assert!(
        told.starts_with("the game is over by a lead held: Verdant Court wins"),
        "{told}"
    );
    t.assert_saves();
}

/// A run ends when the leader falls below the share (an even split), and starts again at the
/// share exactly (3 flags of 5 is 60%).
#[test]
fn a_lead_below_its_share_ends_its_run_and_the_share_itself_holds_it() {
    use crate::rules::Lead;
    let mut t = table(|r| {
        r.play.goal.lead = Some(Lead {
            share: 60,
            phases: 2,
        });
    });
    flag_at(&mut t, 1, HERE);
    flag_at(&mut t, 1, step(HERE, Direction::South));
    build(&mut t, 2, "Flag");
    end_phase(&mut t);
    assert_eq!(contest(&t).leader, Some((Faction(0), 1)));
    let north = t.pos(2);
    flag_at(&mut t, 2, step(north, Direction::North));
    end_phase(&mut t);
    assert_eq!(contest(&t).leader, None, "2 flags of 4 is no lead");
    flag_at(&mut t, 1, step(HERE, Direction::Ashe));
    end_phase(&mut t);
    assert_eq!(contest(&t).leader, Some((Faction(0), 1)));
    assert_eq!(over(&t), None);
    end_phase(&mut t);
    let won = GameOver {
        winner: Some(Faction(0)),
        phase: 4,
    };
    assert_eq!(over(&t), Some((won, End::Lead)));
}

/// A table of one faction holds every flag but leads no contest: the game runs to its last
/// phase.
#[test]
fn a_lone_faction_never_holds_a_lead() {
    use crate::rules::Lead;
    let mut t = table(|r| {
        r.play.goal.lead = Some(Lead {
            share: 51,
            phases: 1,
        });
        r.play.goal.phases = 2;
    });
    t.set(2, Faction(0));
    build(&mut t, 1, "Flag");
    end_phase(&mut t);
    assert_eq!(contest(&t).leader, None);
    assert_eq!(over(&t), None);
    end_phase(&mut t);
    let (over, end) = over(&t).expect("the game ends after its last phase");
    assert_eq!(
        (over.winner, over.phase, end),
        (Some(Faction(0)), 2, End::Phases)
    );
}

/// Faction 0's flag on HERE and faction 1's South of it, player 2 (faction 1) standing on HERE,
/// corruption North; the rules' last standing on or off.
fn two_flags_and_a_rival_beside_corruption(last_standing: bool) -> Table {
    let mut t = Table::with(rules_with(|r| r.play.goal.last_standing = last_standing), 3);
    t.place(step(HERE, Direction::North), "Meadow", &["Corrupted"])
        .fill(HERE, 3, "Meadow");
    t.join(1, 0, HERE);
    t.join(2, 1, HERE);
    t.frame();
    let purse: Resources = Resources(
        (t.rules().resources.iter())
            .map(|r| (r.clone(), 500))
            .collect(),
    );
    t.set(1, purse.clone());
    t.set(2, purse);
    flag_at(&mut t, 1, HERE);
    flag_at(&mut t, 2, step(HERE, Direction::South));
    assert_eq!(contest(&t).holders, 2);
    t
}

/// A rival's last flag razed leaves one faction holding flags: it wins at once, in the phase of
/// the raze; saved and loaded, the game is over again, as its log says.
#[test]
fn the_last_faction_standing_with_flags_wins_at_once_and_stays_won_when_loaded() {
    let mut t = two_flags_and_a_rival_beside_corruption(true);
    let events = t.go(2, Direction::North);
    assert!(
        events.iter().any(|e| matches!(e, PlayEvent::Razed { .. })),
        "{events:?}"
    );
    let won = GameOver {
        winner: Some(Faction(1)),
        phase: 1,
    };
    assert_eq!(over(&t), Some((won, End::LastStanding)));
    assert!(
        events.iter().any(|e| matches!(
            e,
            PlayEvent::GameEnded {
                winner: Some(Faction(1)),
                end: End::LastStanding,
                ..
            }
        )),
        "{events:?}"
    );
    // Loaded, nothing counted again says it ended: the log does.
    let text = crate::save::capture(t.app.world_mut()).to_ron();
    let save = crate::save::SaveGame::from_ron(&text, "won.ron").unwrap();
    let world = save.world(t.rules(), "won.ron").unwrap();
    save.restore(t.app.world_mut(), world);
    assert_eq!(over(&t), Some((won, End::LastStanding)));
    t.frame();
    t.frame();
    let log = &t.app.world().resource::<PlayLog>().0;
    let ends = log
        .iter()
        .filter(|e| matches!(e, PlayEvent::GameEnded { .. }));
    assert_eq!(ends.count(), 1);
    assert_eq!(over(&t), Some((won, End::LastStanding)));
}

/// Without the rule, the same raze ends nothing; with it, a faction alone with flags from the
/// start (no rival's flag fell) wins nothing either.
#[test]
fn the_last_standing_needs_the_rule_and_a_rivals_flag_fallen() {
    let mut t = two_flags_and_a_rival_beside_corruption(false);
    t.go(2, Direction::North);
    assert_eq!(contest(&t).holders, 1);
    assert_eq!(over(&t), None);
    let mut t = table(|r| r.play.goal.last_standing = true);
    build(&mut t, 1, "Flag");
    end_phase(&mut t);
    assert_eq!(contest(&t).holders, 1);
    assert_eq!(over(&t), None);
}

/// A save whose log says the flags ended the game without naming a winner is refused, naming
/// the entry's field.
#[test]
fn a_saved_end_by_the_flags_names_its_winner() {
    let mut t = table(|_| {});
    let mut save = crate::save::capture(t.app.world_mut());
    save.log.push(PlayEvent::GameEnded {
        winner: None,
        phase: 1,
        standings: Vec::new(),
        end: End::Lead,
    });
    let Err(err) = save.world(t.rules(), "lead.ron") else {
        panic!("a lead with no winner loads");
    };
    let err = err.to_string();
    assert!(
        err.contains("lead.ron") && err.contains("winner") && err.contains("`lead`"),
        "{err}"
    );
}
