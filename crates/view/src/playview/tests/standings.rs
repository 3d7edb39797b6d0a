//! The standings: the HUD's line a faction (score, income, flags, in its colour), written only
//! when the ledger changes; P shows and hides the chart of the scores over the phases; the
//! chart's geometry.

use bevy::prelude::*;

use super::*;
use crate::playview::chart::{self, MAX_SAMPLES, PLOT, Segment};
use crate::playview::hud::StandingLine;
use crate::playview::standings::{StandingsPanel, StandingsShown};
use crate::playview::text::standing;
use aeternus_core::play::{Faction, FactionLedger, Ledger, Score, ScoreHistory, ScoreRow};

/// The standings' lines as drawn, in order: their words and colours.
fn standing_lines(app: &mut App) -> Vec<(String, Color)> {
    let mut q = app
        .world_mut()
        .query::<(&StandingLine, &TextSpan, &TextColor)>();
    let mut lines: Vec<_> = (q.iter(app.world()))
        .map(|(l, t, c)| (l.0, t.0.clone(), c.0))
        .collect();
    lines.sort_by_key(|(i, _, _)| *i);
    lines.into_iter().map(|(_, t, c)| (t, c)).collect()
}

fn count<T: Component>(app: &mut App) -> usize {
    let mut q = app.world_mut().query_filtered::<(), With<T>>();
    q.iter(app.world()).count()
}

#[test]
fn a_standing_tells_the_score_the_income_and_the_flags() {
    let rules = Rules::aeternus();
    let mut line = FactionLedger {
        faction: Faction(1),
        points: 42,
        income: [("thread".to_string(), 3)].into(),
        flags: 2,
    };
    assert_eq!(
        standing(&line, &rules),
        "Ashen Host  42 pts  +3 thread/phase  2 flags"
    );
    line.income.insert("gold".into(), 1);
    line.flags = 1;
    assert_eq!(
        standing(&line, &rules),
        "Ashen Host  42 pts  +1 gold +3 thread/phase  1 flag"
    );
    line.income.clear();
    line.flags = 0;
    assert_eq!(
        standing(&line, &rules),
        "Ashen Host  42 pts  +0/phase  0 flags"
    );
}

#[test]
fn the_hud_shows_every_factions_standing_in_its_colour() {
    let mut app = table(None);
    // Player 1, of the Verdant Court, raises a flag on the origin.
    press(&mut app, KeyCode::Digit1);
    let rules = Rules::aeternus();
    let ledger = app.world().resource::<Ledger>().0.clone();
    assert_eq!(ledger.len(), 4, "every faction at the table: {ledger:?}");
    let lines = standing_lines(&mut app);
    for (i, l) in ledger.iter().enumerate() {
        let gap = if i == 0 { "\n\n" } else { "\n" };
        assert_eq!(lines[i].0, format!("{gap}{}", standing(l, &rules)));
        assert_eq!(lines[i].1, faction_colour(&rules, l.faction));
    }
    assert!(lines[4..].iter().all(|(t, _)| t.is_empty()), "{lines:?}");
    let (first, _) = &lines[0];
    assert!(
        first.starts_with("\n\nVerdant Court  ") && first.ends_with("/phase  1 flag"),
        "the flag's faction leads: {first:?}"
    );
    assert!(lines[1].0.ends_with("/phase  0 flags"), "{lines:?}");
}

#[test]
fn the_standings_are_written_only_when_the_ledger_changes() {
    let mut app = table(None);
    app.update();
    let written = |app: &mut App| {
        let mut q = app.world_mut().query::<(&StandingLine, Ref<TextSpan>)>();
        let (_, span) = (q.iter(app.world())).find(|(l, _)| l.0 == 0).unwrap();
        span.last_changed()
    };
    let before = written(&mut app);
    app.update();
    app.update();
    assert_eq!(written(&mut app), before, "idle frames write nothing");
    press(&mut app, KeyCode::Digit1);
    assert_ne!(written(&mut app), before, "a flag raised is shown");
}

#[test]
fn p_shows_and_hides_the_chart_of_the_scores() {
    let mut app = table(None);
    assert_eq!(count::<StandingsPanel>(&mut app), 0);
    press(&mut app, KeyCode::KeyP);
    assert!(app.world().resource::<StandingsShown>().0);
    assert_eq!(sent(&mut app), [], "P is no action");
    assert_eq!(count::<StandingsPanel>(&mut app), 1);
    // One row in the history: a dot a faction.
    assert_eq!(count::<Segment>(&mut app), 4);
    // Every player ends its turn: the next phase's row joins the history and the chart.
    for _ in 0..4 {
        press(&mut app, KeyCode::Space);
    }
    assert_eq!(*app.world().resource::<Phase>(), Phase(2));
    assert_eq!(app.world().resource::<ScoreHistory>().rows().len(), 2);
    assert_eq!(
        count::<StandingsPanel>(&mut app),
        1,
        "drawn anew, not twice"
    );
    assert_eq!(count::<Segment>(&mut app), 4, "a segment a faction");
    press(&mut app, KeyCode::KeyP);
    assert!(!app.world().resource::<StandingsShown>().0);
    assert_eq!(count::<StandingsPanel>(&mut app), 0);
    assert_eq!(count::<Segment>(&mut app), 0);
}

/// A history of `phases` phases: faction 0 scores a point a phase, faction 1 none.
fn history(phases: u32) -> ScoreHistory {
    let mut h = ScoreHistory::default();
    for phase in 0..phases {
        let points = vec![
            Score {
                faction: Faction(0),
                points: phase as u64,
            },
            Score {
                faction: Faction(1),
                points: 0,
            },
        ];
        h.record(ScoreRow { phase, points }, aeternus_core::play::MAX_HISTORY);
    }
    h
}

#[test]
fn the_chart_spans_the_phases_along_and_the_points_up() {
    let h = history(5);
    let scales = chart::scales(&h);
    assert_eq!(
        (scales.first_phase, scales.last_phase, scales.top),
        (0, 4, 4)
    );
    let lines = chart::series(&h, PLOT);
    assert_eq!(lines.len(), 2);
    let rising = &lines[0].points;
    assert_eq!(rising.len(), 5);
    assert_eq!(
        rising[0],
        Vec2::new(0.0, PLOT.y),
        "phase 0, no points: bottom left"
    );
    assert_eq!(
        rising[4],
        Vec2::new(PLOT.x, 0.0),
        "the best score: top right"
    );
    assert_eq!(rising[2], Vec2::new(PLOT.x / 2.0, PLOT.y / 2.0));
    assert!(lines[1].points.iter().all(|p| p.y == PLOT.y), "0 all along");
    // A long game: sampled, the first phase and the newest kept.
    let long = chart::series(&history(5000), PLOT);
    assert_eq!(long[0].points.len(), MAX_SAMPLES);
    assert_eq!(long[0].points[0], Vec2::new(0.0, PLOT.y));
    assert_eq!(*long[0].points.last().unwrap(), Vec2::new(PLOT.x, 0.0));
    // No history yet: no line, and a points axis still up to 1.
    let empty = ScoreHistory::default();
    assert_eq!(chart::series(&empty, PLOT), []);
    assert_eq!(chart::scales(&empty).top, 1);
}

#[test]
fn a_segment_joins_its_two_points() {
    let bundle = |a, b| {
        let mut world = World::new();
        let e = world.spawn(chart::segment(a, b, Color::WHITE)).id();
        let node = world.get::<Node>(e).unwrap().clone();
        let turn = world.get::<UiTransform>(e).unwrap().rotation;
        (node, turn)
    };
    // Down and right at 45°: as long as the diagonal, centred on its middle, turned clockwise.
    let (node, turn) = bundle(Vec2::ZERO, Vec2::new(30.0, 30.0));
    let length = 30.0 * 2f32.sqrt();
    assert_eq!(node.width, px(length));
    assert_eq!(node.left, px(15.0 - length / 2.0));
    assert!((turn.as_radians() - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
    // Level: no turn.
    let (node, turn) = bundle(Vec2::new(10.0, 5.0), Vec2::new(50.0, 5.0));
    assert_eq!(
        (node.width, node.left, node.top),
        (px(40.0), px(10.0), px(4.0))
    );
    assert_eq!(turn.as_radians(), 0.0);
}
