//! Bots: eight random ones play through the same actions as people, in turn, and every
//! invariant of the world holds throughout; their draws are their own. Greedy ones play whole
//! games, building everything, and play them alike twice.

use super::*;
use crate::play::{Bot, BotActions, BotPace};

/// A table of `n` random bots at the origin, `per_frame` actions a frame, in a game that does
/// not end (the bots play on past the rules' last phase).
fn bots(seed: u64, n: u32, per_frame: u32) -> Table {
    let mut t = Table::with(rules_with(|r| r.play.goal.phases = u32::MAX), seed);
    t.app.insert_resource(BotPace {
        per_frame,
        ..default()
    });
    for id in 1..=n {
        let e = t.join(id, id - 1, Hex::ZERO);
        t.app.world_mut().entity_mut(e).insert(Bot::RANDOM);
    }
    t.frame();
    t
}

fn actions_sent(t: &mut Table) -> u32 {
    let world = t.app.world_mut();
    world.query::<&BotActions>().iter(world).map(|b| b.0).sum()
}

/// What the checks near each pass found: passes checked, and the first broken invariant.
#[derive(Resource, Default)]
struct NearChecks {
    passes: u64,
    broken: Option<String>,
}

/// After every pass of the rules (an action, a blow, a sight), checks the invariants near
/// what it touched: the hexes it edited or generated, every player, the flags among them.
fn check_each_pass(
    mut edited: MessageReader<crate::world::plugin::HexEdited>,
    mut generated: MessageReader<crate::world::plugin::HexGenerated>,
    world: Res<HexWorld>,
    players: Query<&Position, With<Player>>,
    flags: Query<&HexPos, With<Occupied>>,
    mut checks: ResMut<NearChecks>,
) {
    let players: Vec<Hex> = players.iter().map(|p| p.0).collect();
    let mut near: Vec<Hex> = edited.read().map(|e| e.hex).collect();
    near.extend(generated.read().map(|g| g.hex));
    near.extend(&players);
    let set: std::collections::HashSet<Hex> = near.iter().copied().collect();
    let flags: Vec<Hex> = flags
        .iter()
        .map(|p| p.0)
        .filter(|h| set.contains(h))
        .collect();
    checks.passes += 1;
    if let (None, Err(e)) = (
        &checks.broken,
        crate::world::invariants::check_near(&world, &near, &players, &flags),
    ) {
        checks.broken = Some(e.to_string());
    }
}

/// 8 random bots, four seeds, 100,000 actions: after every pass of the rules the invariants
/// near what it touched, every 1,000 actions the whole world (the checker saves use), and at
/// the end the hex entities mirroring the store and a save's round trip.
#[test]
fn random_bots_keep_every_invariant() {
    let mut refused = 0;
    let mut kinds = std::collections::HashSet::new();
    for seed in [11, 12, 13, 14] {
        let mut t = bots(seed, 8, 8);
        t.app.init_resource::<NearChecks>().add_systems(
            crate::world::plugin::Resolve,
            check_each_pass.after(crate::play::phase::advance),
        );
        let mut checked = 0;
        while actions_sent(&mut t) < 25_000 {
            for e in t.frame() {
                if let PlayEvent::Refused { refusal, .. } = e {
                    refused += 1;
                    kinds.insert(std::mem::discriminant(&refusal));
                }
            }
            let sent = actions_sent(&mut t);
            if let Some(e) = &t.app.world().resource::<NearChecks>().broken {
                panic!("seed {seed}, within {sent} actions: {e}");
            }
            if sent / 1000 > checked {
                checked = sent / 1000;
                if let Err(e) = t.invariants() {
                    panic!("seed {seed}, after {sent} actions: {e}");
                }
            }
        }
        t.assert_mirrored();
        t.assert_saves();
        assert!(t.app.world().resource::<Phase>().0 > 10, "the phases turn");
        let passes = t.app.world().resource::<NearChecks>().passes;
        assert!(
            passes >= 25_000,
            "checked after every action: {passes} passes"
        );
    }
    assert!(refused > 1000, "random bots find refusals: {refused}");
    assert!(kinds.len() >= 8, "of many kinds: {}", kinds.len());
}

/// Only the player to act plays: one bot's actions a frame, in id order.
#[test]
fn bots_play_in_turn() {
    let mut t = bots(21, 3, 1);
    let events = t.frame();
    let players: Vec<PlayerId> = events
        .iter()
        .filter_map(|e| match e {
            PlayEvent::Refused { player, .. }
            | PlayEvent::Moved { player, .. }
            | PlayEvent::Gathered { player, .. }
            | PlayEvent::TurnEnded { player }
            | PlayEvent::Built { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert!(players.iter().all(|p| *p == PlayerId(1)), "{events:?}");
}

/// `--bots N`: the last N seats are bots, given at startup; a bot waits for its pace.
#[test]
fn the_last_seats_are_bots_and_keep_their_pace() {
    let mut t = Table::new(5);
    let hour = std::time::Duration::from_secs(3600);
    t.app
        .insert_resource(crate::play::BotSeats(crate::play::table_of(
            3,
            2,
            Bot::RANDOM,
        )));
    t.app.insert_resource(BotPace {
        per_frame: 1,
        every: hour,
    });
    for id in 1..=3 {
        t.join(id, id - 1, Hex::ZERO);
    }
    t.frame();
    let world = t.app.world_mut();
    let mut seated: Vec<u32> = world
        .query_filtered::<&Player, With<Bot>>()
        .iter(world)
        .map(|p| p.id.0)
        .collect();
    seated.sort();
    assert_eq!(seated, [2, 3]);
    // Player 1 is a person; once it ends its turn, bot 2 is to act but waits for its pace.
    t.act([Action::EndTurn {
        player: PlayerId(1),
    }]);
    let events = t.frame();
    assert!(events.is_empty(), "{events:?}");
    // Without a pace it plays at once.
    t.app.insert_resource(BotPace::default());
    let events = t.frame();
    assert!(!events.is_empty());
}

/// What the hazards did, counted at their stages.
#[derive(Resource, Default, Debug)]
struct Hazards {
    /// Entries into a hex whose winds may blow, and blows that followed.
    entries: u32,
    blows: u32,
    /// Swamp exits toward another mass (or the indeterminate one) rolled, and those let go.
    rolled: u32,
    let_go: u32,
}

/// Counts each roll where it happens: reads the stages' messages in the pass they are sent.
fn count_hazards(
    mut entries: MessageReader<EntryOpen>,
    mut exits: MessageReader<ExitOpen>,
    mut arrived: MessageReader<Arrived>,
    mut attempts: MessageReader<MoveAttempt>,
    world: Res<HexWorld>,
    mut n: ResMut<Hazards>,
) {
    let effects = |h: Hex| crate::play::movement_effects(&world.rules, &world.get(h).unwrap());
    let let_go: Vec<Move> = exits.read().map(|e| e.0).collect();
    for EntryOpen(m) in entries.read() {
        let other = m.into_indeterminate || world.mass_root(m.from) != world.mass_root(m.to);
        if other && effects(m.from).exit_other_mass_chance < 1.0 {
            n.rolled += 1;
            n.let_go += let_go.contains(m) as u32;
        }
    }
    for Arrived(m) in arrived.read() {
        if effects(m.to).wind_chance > 0.0 && m.blows < MAX_BLOWS {
            n.entries += 1;
        }
    }
    n.blows += attempts.read().filter(|a| a.0.is_blow()).count() as u32;
}

/// In random-bot games the Dunes blow 20% of the entries and the Swamp lets 15% of its exits
/// toward another mass go, each within 4 standard deviations (seeded: the same every run).
#[test]
fn random_bot_games_meet_the_hazards_chances() {
    let mut n = Hazards::default();
    for seed in [31, 32, 33, 34] {
        let mut t = bots(seed, 8, 8);
        t.app.init_resource::<Hazards>().add_systems(
            crate::world::plugin::Resolve,
            count_hazards.in_set(RuleStages::Sight),
        );
        while actions_sent(&mut t) < 25_000 {
            t.frame();
        }
        let h = t.app.world().resource::<Hazards>();
        (n.entries, n.blows) = (n.entries + h.entries, n.blows + h.blows);
        (n.rolled, n.let_go) = (n.rolled + h.rolled, n.let_go + h.let_go);
    }
    let within = |hits: u32, tries: u32, p: f64| {
        let sd = (p * (1.0 - p) / tries as f64).sqrt();
        let seen = hits as f64 / tries as f64;
        assert!(
            (seen - p).abs() <= 4.0 * sd,
            "{hits}/{tries} = {seen}, expected {p} ± {}",
            4.0 * sd
        );
    };
    assert!(n.entries > 1_500 && n.rolled > 1_500, "{n:?}");
    within(n.blows, n.entries, 0.2);
    within(n.let_go, n.rolled, 0.15);
}

/// A game of `n` greedy bots of `phases` phases with the site layer on; returns the log.
pub(super) fn greedy_game(seed: u64, n: u32, phases: u32) -> (Table, Vec<PlayEvent>) {
    let mut t = Table::with(rules_with(|r| r.play.goal.phases = phases), seed);
    let layer = crate::sites::SiteLayer::new(crate::sites::SiteRules::embedded(), t.rules());
    t.app
        .insert_resource(layer.unwrap())
        .add_plugins(crate::sites::plugin::plugin)
        .insert_resource(BotPace {
            per_frame: 10_000,
            ..default()
        });
    for id in 1..=n {
        let e = t.join(id, id - 1, Hex::ZERO);
        t.app.world_mut().entity_mut(e).insert(Bot::GREEDY);
    }
    let mut log = Vec::new();
    for _ in 0..100_000 {
        log.extend(t.frame());
        if t.app.world().contains_resource::<crate::play::GameOver>() {
            break;
        }
    }
    (t, log)
}

/// Greedy bots play whole games: every construction gets built, none of their actions is
/// refused, flags pay, the world keeps its invariants and saves, and a second game of the same
/// seed goes alike.
#[test]
fn greedy_bots_build_everything_and_play_alike_twice() {
    for seed in [3, 4] {
        let (mut t, log) = greedy_game(seed, 4, 60);
        let built: std::collections::BTreeSet<FeatureId> = (log.iter())
            .filter_map(|e| match e {
                PlayEvent::Built { feature, .. } => Some(*feature),
                _ => None,
            })
            .collect();
        let constructible = (t.rules().features.iter().enumerate())
            .filter(|(_, f)| !f.cost.is_empty())
            .map(|(i, _)| FeatureId(i as u8));
        assert!(
            constructible.clone().all(|f| built.contains(&f)),
            "seed {seed}: built {built:?}"
        );
        let refused = log
            .iter()
            .filter(|e| matches!(e, PlayEvent::Refused { .. }));
        assert_eq!(refused.count(), 0, "seed {seed}");
        for kind in ["Paid", "Gathered", "Moved", "Travelled", "GameEnded"] {
            assert!(
                log.iter().any(|e| format!("{e:?}").starts_with(kind)),
                "seed {seed}: no {kind}"
            );
        }
        t.assert_invariants();
        t.assert_saves();
        let (_, again) = greedy_game(seed, 4, 60);
        assert!(log == again, "seed {seed}: a second game went otherwise");
    }
}

/// The census `docs/playing.md` quotes: 100 games of 4 greedy bots, 200 phases each; for each
/// construction, the share of games where some faction built it and the median phase of its
/// first build. Run with `cargo test --lib greedy_census -- --ignored --nocapture`.
#[test]
#[ignore = "a census of 100 greedy games: minutes"]
fn greedy_census() {
    let games = 100;
    let mut firsts = std::collections::BTreeMap::<String, Vec<u32>>::new();
    for seed in 1..=games {
        let (t, log) = greedy_game(seed, 4, 200);
        let mut phase = 1;
        let mut seen = std::collections::BTreeSet::new();
        for e in &log {
            match e {
                PlayEvent::PhaseStarted { phase: p } => phase = *p,
                PlayEvent::Built { feature, .. } if seen.insert(*feature) => {
                    let name = t.rules().feature_name(*feature).to_string();
                    firsts.entry(name).or_default().push(phase);
                }
                _ => {}
            }
        }
    }
    for (name, mut phases) in firsts {
        phases.sort_unstable();
        println!(
            "{name}: built in {} of {games} games, median first build in phase {}",
            phases.len(),
            phases[phases.len() / 2]
        );
    }
}

/// The registry: every bot has a name of its own (never a person's word), a line of how it
/// plays, and is found by its name; the bots the code names are among them.
#[test]
fn every_bot_is_listed_once_and_found_by_its_name() {
    let names: Vec<&str> = crate::play::bots::ALL.iter().map(|b| b.name()).collect();
    let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    for bot in Bot::all() {
        assert!(!bot.name().is_empty() && bot.name() != "human");
        assert!(!bot.plays().is_empty() && !bot.plays().contains('\n'));
        assert_eq!(bot.name().parse::<Bot>(), Ok(bot));
        let kind = bot.name().parse::<crate::play::SeatKind>();
        assert_eq!(kind, Ok(crate::play::SeatKind::Bot(bot)));
    }
    for named in [Bot::RANDOM, Bot::GREEDY, Bot::GREEDY_V1, Bot::PLANNER] {
        assert!(Bot::all().any(|b| b == named), "{named:?}");
    }
    let wrong = "nobody".parse::<Bot>().unwrap_err();
    assert!(names.iter().all(|n| wrong.contains(n)), "{wrong}");
}

/// A bot takes a seat and leaves it one way: its count of actions set when given, kept when
/// not, and kept when a person takes the seat back.
#[test]
fn a_bot_is_seated_and_unseated_with_its_count() {
    let mut t = Table::new(5);
    let e = t.join(1, 0, Hex::ZERO);
    let ecs = t.app.world_mut();
    let count = |ecs: &World| ecs.get::<BotActions>(e).copied();
    crate::play::seat_bot(&mut ecs.entity_mut(e), Some(Bot::GREEDY), Some(7));
    assert_eq!(ecs.get::<Bot>(e), Some(&Bot::GREEDY));
    assert_eq!(count(ecs), Some(BotActions(7)));
    crate::play::seat_bot(&mut ecs.entity_mut(e), Some(Bot::PLANNER), None);
    assert_eq!(ecs.get::<Bot>(e), Some(&Bot::PLANNER));
    assert_eq!(count(ecs), Some(BotActions(7)));
    crate::play::seat_bot(&mut ecs.entity_mut(e), None, None);
    assert_eq!(ecs.get::<Bot>(e), None);
    assert_eq!(count(ecs), Some(BotActions(7)));
}
