//! The ledger: each faction's score, its income (what the next phase pays it, to the coin) and
//! its flags; the score history, a row a phase, thinned past its cap; both started anew.

use super::economy::{end_turns, mint_table};
use super::*;
use crate::per_game::PerGame;
use crate::play::{FactionLedger, Ledger, ScoreHistory, ScoreRow, Standings};
use crate::rules::Yield;

fn ledger(t: &Table) -> Vec<FactionLedger> {
    t.app.world().resource::<Ledger>().0.clone()
}

fn history(t: &Table) -> ScoreHistory {
    t.app.world().resource::<ScoreHistory>().clone()
}

fn gold(n: u32) -> Yield {
    [("gold".to_string(), n)].into()
}

/// What a phase's start paid each faction, by the log's `Paid` entries and who was paid.
fn paid_to(t: &Table, events: &[PlayEvent], faction: u32) -> Yield {
    let shares: Vec<Yield> = (events.iter())
        .filter_map(|e| match e {
            PlayEvent::Paid { player, yields } => Some((*player, yields.clone())),
            _ => None,
        })
        .filter(|(p, _)| t.get::<Faction>(p.0) == Faction(faction))
        .map(|(_, y)| y)
        .collect();
    crate::rules::sum_yields(&shares)
}

/// The mint table with two players of faction 0 and one of faction 1, a flag of faction 0 on
/// the Mint (3 gold a phase).
fn flagged() -> Table {
    let mut t = mint_table();
    t.join(1, 0, HERE);
    t.join(2, 0, HERE);
    t.join(3, 1, HERE);
    t.frame();
    t.build(1, HERE, "Flag");
    t
}

#[test]
fn the_ledger_shows_each_factions_score_income_and_flags() {
    let mut t = flagged();
    let lines = ledger(&t);
    let standings = t.app.world().resource::<Standings>().0.clone();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for (line, score) in lines.iter().zip(&standings) {
        assert_eq!((line.faction, line.points), (score.faction, score.points));
    }
    let of = |f: u32| lines.iter().find(|l| l.faction == Faction(f)).unwrap();
    assert_eq!((of(0).income.clone(), of(0).flags), (gold(3), 1));
    assert_eq!((of(1).income.clone(), of(1).flags), (Yield::new(), 0));
    // A flag off every site earns nothing, but is counted.
    let south = step(HERE, Direction::South);
    t.set(3, Position(south));
    let flag = t.feature("Flag");
    t.act([Action::Build {
        player: PlayerId(3),
        hex: south,
        feature: flag,
    }]);
    let lines = ledger(&t);
    let of = |f: u32| lines.iter().find(|l| l.faction == Faction(f)).unwrap();
    assert_eq!((of(1).income.clone(), of(1).flags), (Yield::new(), 1));
    assert_eq!(of(0).flags, 1);
}

#[test]
fn the_ledgers_income_is_what_the_next_phase_pays() {
    let mut t = flagged();
    for _ in 0..3 {
        let before = ledger(&t);
        let events = end_turns(&mut t, &[1, 2, 3]);
        for line in &before {
            assert_eq!(
                paid_to(&t, &events, line.faction.0),
                line.income,
                "{line:?}"
            );
        }
    }
    // Corruption takes the flag: no flag, no income, and nothing paid.
    t.go(3, Direction::North);
    let lines = ledger(&t);
    assert!(
        lines.iter().all(|l| l.flags == 0 && l.income.is_empty()),
        "{lines:?}"
    );
    let events = end_turns(&mut t, &[1, 2, 3]);
    assert_eq!(paid_to(&t, &events, 0), Yield::new());
}

#[test]
fn the_ledger_changes_only_when_what_it_shows_changes() {
    let mut t = flagged();
    let tick = |t: &Table| t.app.world().resource_ref::<Ledger>().last_changed();
    let before = tick(&t);
    t.frame();
    t.frame();
    assert_eq!(
        tick(&t),
        before,
        "an idle frame leaves the ledger as it was"
    );
    let south = step(HERE, Direction::South);
    t.set(3, Position(south));
    let flag = t.feature("Flag");
    t.act([Action::Build {
        player: PlayerId(3),
        hex: south,
        feature: flag,
    }]);
    assert_ne!(tick(&t), before, "faction 1 raised a flag");
}

#[test]
fn the_history_takes_a_row_a_phase() {
    let mut t = flagged();
    let rows = history(&t).rows().to_vec();
    assert_eq!(rows.len(), 1, "the start: {rows:?}");
    assert_eq!(rows[0].phase, 0);
    for phase in 1..=4 {
        end_turns(&mut t, &[1, 2, 3]);
        let h = history(&t);
        assert_eq!(h.rows().len(), phase as usize + 1);
        let last = h.rows().last().unwrap();
        assert_eq!(last.phase, phase, "the row of the phase that ended");
        let mut standings = t.app.world().resource::<Standings>().0.clone();
        standings.sort_by_key(|s| s.faction.0);
        assert_eq!(last.points, standings);
    }
    let h = history(&t);
    let best = (h.rows().iter().flat_map(|r| &r.points))
        .map(|s| s.points)
        .max();
    assert_eq!(Some(h.best()), best);
    assert!(h.best() > 0, "the flag on the Mint scores: {h:?}");
    // A new game starts both anew.
    PerGame::start_anew(t.app.world_mut());
    assert_eq!(ledger(&t), []);
    assert_eq!(history(&t), ScoreHistory::default());
}

#[test]
fn a_full_history_keeps_every_second_row_and_the_newest() {
    let row = |phase| ScoreRow {
        phase,
        points: vec![Score {
            faction: Faction(0),
            points: phase as u64,
        }],
    };
    let mut h = ScoreHistory::default();
    let phases = |h: &ScoreHistory| h.rows().iter().map(|r| r.phase).collect::<Vec<_>>();
    for p in 0..4 {
        h.record(row(p), 4);
    }
    assert_eq!((phases(&h), h.stride()), (vec![0, 1, 2, 3], 1));
    h.record(row(4), 4);
    assert_eq!((phases(&h), h.stride()), (vec![0, 2, 4], 2));
    h.record(row(5), 4);
    assert_eq!(phases(&h), [0, 2, 4, 5]);
    h.record(row(6), 4);
    assert_eq!(
        phases(&h),
        [0, 2, 4, 6],
        "5 stood in for the phases until 6"
    );
    h.record(row(7), 4);
    assert_eq!((phases(&h), h.stride()), (vec![0, 4, 7], 4));
    for p in 8..1000 {
        h.record(row(p), 4);
        assert!(h.rows().len() <= 4);
        assert_eq!(h.rows().last().unwrap().phase, p, "the newest is kept");
        assert_eq!(h.rows()[0].phase, 0, "the start is kept");
    }
    assert_eq!(h.best(), 999);
}
