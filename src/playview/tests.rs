//! The play view without a window: keys and clicks go in as they would from the window, and the
//! actions they become, the game they change and the HUD's words are checked.

use bevy::prelude::*;
use hexx::Hex;

use super::text::{hex_info, log_lines, status};
use super::*;
use crate::hex::{Direction, distance};
use crate::play::{Action, Occupation, Phase, PlayEvent, PlayLog, Player, PlayerId};
use crate::rules::Rules;
use crate::world::plugin::WorldMap;

const SEED: u64 = 7;

/// The actions and focus requests the input sent, in order.
#[derive(Resource, Default)]
struct Sent(Vec<Action>, Vec<FocusOn>);

fn record(mut a: MessageReader<Action>, mut f: MessageReader<FocusOn>, mut sent: ResMut<Sent>) {
    sent.0.extend(a.read().cloned());
    sent.1.extend(f.read().copied());
}

fn table(seats: Option<u32>) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    (crate::core_plugins(Rules::aeternus(), SEED))(&mut app);
    if let Some(n) = seats {
        app.insert_resource(Seats(n));
    }
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Sent>()
        .add_plugins((logic, hud::plugin))
        .add_systems(
            Update,
            record
                .after(crate::AppSystems::Input)
                .before(crate::AppSystems::Play),
        );
    app.update();
    app
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn click(app: &mut App, hex: Hex) {
    app.world_mut().write_message(Intent::Click(hex));
    app.update();
}

fn hover(app: &mut App, hex: Option<Hex>) {
    app.world_mut().resource_mut::<Hovered>().0 = hex;
}

/// Takes what was sent since the last call.
fn sent(app: &mut App) -> Vec<Action> {
    std::mem::take(&mut app.world_mut().resource_mut::<Sent>().0)
}

fn last_event(app: &App) -> PlayEvent {
    app.world().resource::<PlayLog>().last().unwrap().clone()
}

fn p(id: u32) -> PlayerId {
    PlayerId(id)
}

fn position(app: &mut App, id: u32) -> Hex {
    let mut q = app.world_mut().query::<(&Player, &crate::play::Position)>();
    q.iter(app.world())
        .find(|(pl, _)| pl.id.0 == id)
        .unwrap()
        .1
        .0
}

/// A neighbour of the origin where anything may be built (not a Lake, not corrupted).
fn buildable_neighbour(app: &App) -> Hex {
    let world = &app.world().resource::<WorldMap>().0;
    let rules = app.world().resource::<Rules>();
    Direction::ALL
        .map(|d| d.offset())
        .into_iter()
        .find(|&h| {
            let d = world.get(h).unwrap();
            rules.biomes[d.biome.0 as usize].buildable && d.features.is_empty()
        })
        .expect("seed 7 has a buildable neighbour of the origin")
}

#[test]
fn one_player_per_faction_is_seated_at_the_origin() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    let mut q = app.world_mut().query::<(&Player, &crate::play::Faction)>();
    let mut seated: Vec<_> = q.iter(app.world()).map(|(p, f)| (p.id.0, f.0)).collect();
    seated.sort();
    assert_eq!(seated, vec![(1, 0), (2, 1), (3, 2), (4, 3)]);
    assert_eq!(rules.play.factions.len(), 4);
    assert!((1..=4).all(|i| position(&mut app, i) == Hex::ZERO));
    // Without factions in the rules, two players still sit down; --players overrides.
    let mut bare = Rules::aeternus();
    bare.play.factions.clear();
    assert_eq!(seat::default_seats(&bare), 2);
    let mut two = table(Some(2));
    let mut q = two.world_mut().query::<&Player>();
    assert_eq!(q.iter(two.world()).count(), 2);
    assert_ne!(
        faction_colour(&bare, crate::play::Faction(0)),
        faction_colour(&bare, crate::play::Faction(1))
    );
}

#[test]
fn the_six_keys_are_the_six_directions_clockwise_from_w() {
    use KeyCode::*;
    let dirs = [KeyW, KeyE, KeyD, KeyS, KeyA, KeyQ].map(|k| match input::command_of(k) {
        Some(Intent::Step(d)) => d,
        other => panic!("{k:?} gives {other:?}"),
    });
    assert_eq!(dirs, Direction::ALL);
    assert_eq!(input::command_of(Digit3), Some(Intent::Build(2)));
    assert_eq!(input::command_of(Enter), Some(Intent::Done));
    assert_eq!(input::command_of(Space), Some(Intent::Done));
    assert_eq!(input::command_of(KeyX), None);
}

#[test]
fn keys_act_for_whoever_has_the_turn() {
    let mut app = table(None);
    press(&mut app, KeyCode::KeyD);
    let mouth = Action::Traverse {
        player: p(1),
        direction: Direction::Mouth,
    };
    assert_eq!(sent(&mut app), vec![mouth]);
    press(&mut app, KeyCode::Space);
    assert_eq!(sent(&mut app), vec![Action::EndTurn { player: p(1) }]);
    assert_eq!(last_event(&app), PlayEvent::TurnEnded { player: p(1) });
    // Hot-seat: the same keys now move player 2.
    press(&mut app, KeyCode::KeyW);
    let north = Action::Traverse {
        player: p(2),
        direction: Direction::North,
    };
    assert_eq!(sent(&mut app), vec![north]);
    assert_ne!(position(&mut app, 2), Hex::ZERO, "{:?}", last_event(&app));
}

#[test]
fn a_click_on_a_neighbour_moves_there_and_elsewhere_explains() {
    let mut app = table(None);
    let ashe = Direction::Ashe.offset();
    click(&mut app, ashe);
    let step = Action::Traverse {
        player: p(1),
        direction: Direction::Ashe,
    };
    assert_eq!(sent(&mut app), vec![step]);
    let at = position(&mut app, 1);
    click(&mut app, at);
    click(&mut app, at + Hex::new(3, 0));
    assert_eq!(sent(&mut app), vec![]);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("neighbouring"), "{notice}");
}

#[test]
fn number_keys_build_here_or_on_the_hovered_neighbour() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    let next = buildable_neighbour(&app);
    assert_eq!(
        input::build_target(Hex::ZERO, Some(Hex::new(2, 0)), 1),
        Hex::ZERO
    );
    hover(&mut app, Some(next));
    press(&mut app, KeyCode::Digit1);
    let flag = rules.feature("Flag").unwrap();
    let build = |hex| Action::Build {
        player: p(1),
        hex,
        feature: flag,
    };
    assert_eq!(sent(&mut app), vec![build(next)]);
    assert_eq!(
        app.world().resource::<Occupation>().get(&next),
        Some(&crate::play::Faction(0))
    );
    hover(&mut app, None);
    press(&mut app, KeyCode::Digit4);
    let boardwalk = rules.feature("Boardwalk").unwrap();
    assert_eq!(
        sent(&mut app),
        vec![Action::Build {
            player: p(1),
            hex: Hex::ZERO,
            feature: boardwalk
        }]
    );
    assert!(matches!(last_event(&app), PlayEvent::Built { .. }));
}

#[test]
fn t_picks_a_station_and_enter_travels_the_stagways() {
    let mut app = table(Some(2));
    press(&mut app, KeyCode::KeyT);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("No other stag station"), "{notice}");
    // Player 1 builds a station on the origin, player 2 one beside it.
    press(&mut app, KeyCode::Digit3);
    press(&mut app, KeyCode::Enter);
    let next = buildable_neighbour(&app);
    hover(&mut app, Some(next));
    press(&mut app, KeyCode::Digit3);
    press(&mut app, KeyCode::Enter);
    sent(&mut app);
    assert_eq!(*app.world().resource::<Phase>(), Phase(2));
    press(&mut app, KeyCode::KeyT);
    let pick = app
        .world()
        .resource::<travel::StationPick>()
        .0
        .clone()
        .unwrap();
    assert_eq!(pick.stations, vec![next]);
    assert_eq!(
        app.world().resource::<Sent>().1.last(),
        Some(&FocusOn(next))
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        sent(&mut app),
        vec![Action::Travel {
            player: p(1),
            to: next
        }]
    );
    assert_eq!(position(&mut app, 1), next, "{:?}", last_event(&app));
    assert!(app.world().resource::<travel::StationPick>().0.is_none());
}

#[test]
fn tab_shows_the_players_in_turn() {
    let mut app = table(Some(3));
    press(&mut app, KeyCode::KeyS);
    press(&mut app, KeyCode::KeyS);
    let one = position(&mut app, 1);
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
    }
    let focus = &app.world().resource::<Sent>().1;
    assert_eq!(
        focus,
        &vec![FocusOn(Hex::ZERO), FocusOn(Hex::ZERO), FocusOn(one)]
    );
}

#[test]
fn the_hud_tells_the_turn_the_hovered_hex_and_the_log_refusals_included() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::Digit1);
    let lines = log_lines(&app.world().resource::<PlayLog>(), &rules, 6);
    let last = lines.last().unwrap();
    assert!(last.refused && last.player == Some(p(1)), "{last:?}");
    assert_eq!(last.text, "player 1 cannot: the hex already has a flag");
    assert!(!lines[0].refused);

    let world = &app.world().resource::<WorldMap>().0;
    let info = hex_info(
        Hex::ZERO,
        world,
        app.world().resource::<Occupation>(),
        &["Player 1", "Player 2"],
        &rules,
    );
    assert_eq!(
        info,
        "(0, 0, 0) Meadow | Barren\nFlag of Verdant Court\nHere: Player 1, Player 2"
    );
    let far = Hex::new(40, 0);
    assert!(
        hex_info(far, world, &Occupation::default(), &[], &rules).ends_with("not generated yet")
    );

    // The panels as drawn: phase, player and faction, AP, purse, the log's last line.
    let mut texts = app
        .world_mut()
        .query::<(&hud::Part, Option<&Text>, Option<&TextSpan>)>();
    let mut words = |part: hud::Part| {
        let (_, t, s) = texts
            .iter(app.world())
            .find(|(p, _, _)| **p == part)
            .unwrap();
        t.map(|t| t.0.clone()).or(s.map(|s| s.0.clone())).unwrap()
    };
    assert_eq!(words(hud::Part::Phase), "Phase 1\n");
    assert_eq!(words(hud::Part::Who), "Player 1 | Verdant Court\n");
    let details = words(hud::Part::Details);
    assert!(
        details.starts_with("3 of 3 AP | at (0, 0, 0) Meadow\nwood 40  thread 0"),
        "{details}"
    );
    // Built, Occupied, Refused: the third line is the refusal.
    assert_eq!(
        words(hud::Part::Log(2)),
        "\nplayer 1 cannot: the hex already has a flag"
    );
    assert_eq!(words(hud::Part::Log(3)), "");
}

#[test]
fn status_names_the_picked_station() {
    let app = table(None);
    let rules = Rules::aeternus();
    let world = &app.world().resource::<WorldMap>().0;
    let resources = crate::play::Resources::default();
    let player = Player::new(3, "Player 3");
    let me = seat::Seated {
        entity: Entity::PLACEHOLDER,
        player: &player,
        faction: crate::play::Faction(2),
        hex: Hex::ZERO,
        ap: 1,
        ended: false,
        resources: &resources,
    };
    let pick = travel::Pick {
        stations: vec![Hex::new(2, 0), Hex::new(0, 3)],
        index: 1,
    };
    let s = status(4, &me, &rules, world, Hex::new(1, 0), Some(&pick));
    assert_eq!(s.phase, "Phase 4\n");
    assert_eq!(s.who, "Player 3 | Tide Wardens\n");
    assert!(s.details.contains("1 of 3 AP"), "{}", s.details);
    assert!(s.details.contains("build on: (1, 0, 0)"), "{}", s.details);
    assert!(
        s.details.contains("Stagways to (0, 0, -3), station 2 of 2"),
        "{}",
        s.details
    );
    assert_eq!(distance(Hex::ZERO, pick.selected()), 3);
}

#[test]
fn players_sharing_a_hex_split_its_ring() {
    let arcs = tokens::arcs(&[(p(2), Hex::ZERO), (p(1), Hex::ZERO), (p(3), Hex::new(1, 0))]);
    assert_eq!(arcs[&p(1)], (0, 2));
    assert_eq!(arcs[&p(2)], (1, 2));
    assert_eq!(arcs[&p(3)], (0, 1));
}
