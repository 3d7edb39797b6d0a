//! The HUD's words, and how players sharing a hex split its ring.

use bevy::prelude::*;
use hexx::Hex;

use super::*;
use crate::playview::text::{hex_info, log_lines, status};

#[test]
fn the_hud_tells_the_turn_the_hovered_hex_and_the_log_refusals_included() {
    let mut app = table(None);
    let rules = Rules::aeternus();
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::Digit1);
    let lines = log_lines(app.world().resource::<PlayLog>(), &rules, 6);
    let last = lines.last().unwrap();
    assert!(last.refused && last.player == Some(p(1)), "{last:?}");
    assert_eq!(last.text, "player 1 cannot: the hex already has a flag");
    assert!(!lines[0].refused);

    let world = &app.world().resource::<HexWorld>();
    let info = hex_info(
        Hex::ZERO,
        world,
        aeternus_core::play::occupant_in(app.world(), Hex::ZERO),
        &["Player 1", "Player 2"],
        &rules,
    );
    assert_eq!(
        info,
        "(0, 0, 0) Meadow | Barren\nFlag of Verdant Court\nHere: Player 1, Player 2"
    );
    let far = Hex::new(40, 0);
    assert!(hex_info(far, world, None, &[], &rules).ends_with("not generated yet"));

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
    assert_eq!(words(hud::Part::Phase), "Phase 1 | seed 7\n");
    assert_eq!(words(hud::Part::Who), "Player 1 | Verdant Court\n");
    let details = words(hud::Part::Details);
    // The essences only once held: none yet.
    assert!(!details.contains("essence"), "{details}");
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
    let world = &app.world().resource::<HexWorld>();
    let resources = aeternus_core::play::Resources::default();
    let player = Player::new(3, "Player 3");
    let me = seat::Seated {
        entity: Entity::PLACEHOLDER,
        player: &player,
        faction: aeternus_core::play::Faction(2),
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
    assert_eq!(s.phase, "Phase 4 | seed 7\n");
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

/// The hover panel tells what each build key would cost on the hex, and why the rules would
/// refuse it there: the same words the log gives a refused build.
#[test]
fn the_hover_panel_tells_what_a_build_costs_and_why_it_is_refused() {
    use crate::playview::text::build_lines;
    let app = table(None);
    let world = &app.world().resource::<HexWorld>();
    let mut resources = aeternus_core::play::Resources::default();
    resources.0.insert("wood".into(), 40);
    resources.0.insert("thread".into(), 2);
    let player = Player::new(1, "Player 1");
    let me = seat::Seated {
        entity: Entity::PLACEHOLDER,
        player: &player,
        faction: aeternus_core::play::Faction(0),
        hex: Hex::ZERO,
        ap: 3,
        ended: false,
        resources: &resources,
    };
    let lines = build_lines(&me, world, Hex::ZERO);
    let lines: Vec<&str> = lines.lines().skip(1).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], "1 Flag (2 thread + 5 wood): can build");
    assert_eq!(
        lines[1],
        "2 Pylon of Purity (2 gold + 5 steel + 30 wood): needs 2 gold, has 0"
    );
    // Out of range: every build is refused for the distance, said once.
    let far = build_lines(&me, world, Hex::new(9, 0));
    assert_eq!(far, "\nNo build: the hex is 9 away; building reaches 1");
}

/// Hovering a corrupted neighbour tells what the step would raze: the hex left, the flag there
/// by its faction and what it pays a phase; a pylon's ring turns it into a ward.
#[test]
fn the_hover_panel_warns_of_a_raze_before_the_step() {
    use crate::playview::text::step_line;
    use aeternus_core::play::Faction;
    let mut world = HexWorld::new(aeternus_core::rules::Rules::aeternus(), 3);
    let rules = world.rules.clone();
    let (meadow, barren) = (
        rules.biome("Meadow").unwrap(),
        rules.landmark("Barren").unwrap(),
    );
    let one = |name: &str| {
        let mut set = aeternus_core::rules::FeatureSet::EMPTY;
        set.insert(rules.feature(name).unwrap());
        set
    };
    let (from, north) = (Hex::ZERO, aeternus_core::hex::Direction::North.offset());
    world.place(north, meadow, barren, one("Corrupted"));
    world.set_state(from, barren, one("Flag"));
    let pays: aeternus_core::rules::Yield = [("thread".to_string(), 3)].into();
    let line = step_line(&world, from, north, Some(Faction(1)), &pays);
    let ashen = rules.faction_name(1);
    assert_eq!(
        line,
        format!(
            "\nStepping here corrupts (0, 0, 0), the hex you leave: {ashen}'s flag, 3 thread a phase"
        )
    );
    // Not a neighbour, or a clean hex: nothing to say.
    assert_eq!(step_line(&world, from, Hex::new(5, 0), None, &pays), "");
    assert_eq!(step_line(&world, north, from, None, &pays), "");
}

#[test]
fn players_sharing_a_hex_split_its_ring() {
    let arcs = tokens::arcs(&[(p(2), Hex::ZERO), (p(1), Hex::ZERO), (p(3), Hex::new(1, 0))]);
    assert_eq!(arcs[&p(1)], (0, 2));
    assert_eq!(arcs[&p(2)], (1, 2));
    assert_eq!(arcs[&p(3)], (0, 1));
}

#[test]
fn the_hover_panel_names_a_hexs_sites() {
    use super::super::text::sites_line;
    assert_eq!(sites_line([].into_iter()), "");
    assert_eq!(
        sites_line(["Iron Bog", "Fountain of Youth"].into_iter()),
        "\nSites: Iron Bog, Fountain of Youth"
    );
}

/// The end of the game in the status panel: when, who won, the standings in order.
#[test]
fn the_status_panel_tells_the_end_of_the_game() {
    use aeternus_core::play::{Faction, GameOver, Score};
    let rules = Rules::aeternus();
    let over = GameOver {
        winner: Some(Faction(1)),
        phase: 100,
    };
    let standings = [
        Score {
            faction: Faction(1),
            points: 7,
        },
        Score {
            faction: Faction(0),
            points: 3,
        },
    ];
    let panel = crate::playview::text::game_over(&over, &standings, &rules);
    assert_eq!(panel.phase, "Game over after phase 100\n");
    assert_eq!(panel.who, "Ashen Host wins\n");
    assert_eq!(panel.details, "1. Ashen Host 7\n2. Verdant Court 3");
    let tie = GameOver {
        winner: None,
        phase: 3,
    };
    assert_eq!(
        crate::playview::text::game_over(&tie, &standings, &rules).who,
        "A tie\n"
    );
}

/// An sRGB colour as CIELAB (D65), optionally as a deuteranope sees it: Machado, Oliveira and
/// Fernandes (2009), severity 1, applied to linear RGB.
fn lab([r, g, b]: [u8; 3], deuteranope: bool) -> [f64; 3] {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let mut c = [lin(r), lin(g), lin(b)];
    if deuteranope {
        const M: [[f64; 3]; 3] = [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ];
        c = M.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0));
    }
    let x = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047;
    let y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    let z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The default factions' colours stay apart for every player, deuteranopes included: each
/// pair at least 25 apart in CIELAB (ΔE 1976; about 2.3 is the least a person notices, and 25
/// reads as a different colour at a glance), in normal vision and simulated deuteranopia.
#[test]
fn faction_colours_stay_apart_for_deuteranopes() {
    let rules = Rules::aeternus();
    let colours: Vec<[u8; 3]> = rules.play.factions.iter().map(|f| f.colour).collect();
    assert!(colours.len() >= 4);
    for deuteranope in [false, true] {
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                let (la, lb) = (lab(*a, deuteranope), lab(*b, deuteranope));
                let de = (0..3).map(|k| (la[k] - lb[k]).powi(2)).sum::<f64>().sqrt();
                assert!(
                    de >= 25.0,
                    "{a:?} and {b:?} are {de:.1} apart (deuteranope: {deuteranope})"
                );
            }
        }
    }
}

/// The hover names only the sites the faction to act knows: a hidden site stays unnamed until
/// found; R searches.
#[test]
fn the_hover_panel_names_only_the_sites_the_faction_to_act_knows() {
    use aeternus_core::sites::{Knowledge, STOOD_ON, SiteLayer, SiteRules};
    let mut app = table(None);
    let sites = SiteRules::from_str(
        r#"Sites(name: "two", base_frequency: 0, era: Middle,
            aeternus: (
                biomes: {"Meadow": (flags: ["plains"]), "Deceased Dunes": (flags: ["waste"]),
                    "Forest": (flags: ["forest"]), "Perilous Pass": (flags: ["mountains"]),
                    "Swamp": (flags: ["swamp"]), "Lake": (flags: ["sea"])},
                landmarks: {"Barren": (), "Town": (flags: ["farm"])},
            ),
            sites: [
                (name: "Cairn", rarity: 0, loc: ["plains", "forest", "mountain", "waste", "swamp", "sea"], lore: "Seen."),
                (name: "Mint", rarity: 0, find: 60, loc: ["plains", "forest", "mountain", "waste", "swamp", "sea"], lore: "Hidden."),
            ])"#,
        "two.ron",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let beside = Hex::new(1, 0);
    let mut layer = SiteLayer::new(sites, &Rules::aeternus()).unwrap();
    layer.place(beside, 0);
    layer.place(beside, 1);
    app.insert_resource(layer);
    hover(&mut app, Some(beside));
    app.update();
    let mut texts = app.world_mut().query::<(&hud::Part, &Text)>();
    let hovered = |app: &mut App, texts: &mut QueryState<(&hud::Part, &Text)>| {
        (texts.iter(app.world()))
            .find(|(p, _)| **p == hud::Part::Hover)
            .map(|(_, t)| t.0.clone())
            .unwrap()
    };
    let text = hovered(&mut app, &mut texts);
    assert!(
        text.contains("Sites: Cairn") && !text.contains("Mint"),
        "{text}"
    );
    // Found (as standing there finds it): named.
    (app.world_mut().resource_mut::<Knowledge>())
        .faction_mut(0)
        .look(beside, STOOD_ON);
    app.update();
    let text = hovered(&mut app, &mut texts);
    assert!(text.contains("Sites: Cairn, Mint"), "{text}");
    // R searches.
    sent(&mut app);
    press(&mut app, KeyCode::KeyR);
    assert_eq!(sent(&mut app), [Action::Search { player: p(1) }]);
}
