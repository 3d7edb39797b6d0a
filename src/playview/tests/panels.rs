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
        crate::play::occupant_in(app.world(), Hex::ZERO),
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
    use crate::play::{Faction, GameOver, Score};
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
