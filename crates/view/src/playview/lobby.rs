//! The lobby panel of an online game's window: while the server has not started the game, it
//! shows each seat (who took it, connected, ready, the host), the rules and the game's length,
//! and, for the host, the keys that choose them and start the game: Enter starts it (the seats
//! nobody took going to greedy bots), 1-9 choose one of the rulesets the server offers, + (=) and -
//! lengthen and shorten the game. The words go to [`LobbySays`] for the client to send; the
//! board ([`LobbyBoard`]) is the client's, the panel only draws it.

use bevy::prelude::*;

use super::panel::{centred, column_panel};
use super::shared::PlaySystems;
use crate::ViewSystems;
use crate::render::input::Command;
use aeternus_core::play::lobby::{LobbyBoard, LobbySays, LobbyWord, SeatView};

const PANEL: Color = Color::srgb(0.05, 0.06, 0.09);
const TITLE: Color = Color::srgb(0.92, 0.92, 0.92);
const LINE: Color = Color::srgb(0.85, 0.85, 0.85);
const HINT: Color = Color::srgb(0.5, 0.5, 0.54);

/// The lobby panel's root.
#[derive(Component, Debug)]
pub struct LobbyPanel;

/// The keys: no window needed (the input tests drive it).
pub(super) fn input_plugin(app: &mut App) {
    app.add_systems(
        Update,
        choose
            .in_set(PlaySystems::Panels)
            .in_set(ViewSystems::Commands)
            .run_if(resource_exists::<LobbyBoard>),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.in_set(ViewSystems::Render)
            .run_if(resource_exists::<LobbyBoard>),
    );
}

/// The host's keys while the game waits in the lobby, as words for the server. Reads
/// [`Command`]s and [`LobbyBoard`]; writes [`LobbySays`].
fn choose(
    mut commands: MessageReader<Command>,
    board: Res<LobbyBoard>,
    mut says: ResMut<LobbySays>,
) {
    let Some(table) = board.waiting() else {
        return;
    };
    if !board.hosting() {
        return;
    }
    for &command in commands.read() {
        let word = match command {
            Command::Confirm => Some(LobbyWord::Start),
            Command::Longer => Some(LobbyWord::Phases(table.phases.saturating_add(1))),
            Command::Shorter if table.phases > 1 => Some(LobbyWord::Phases(table.phases - 1)),
            Command::Build(i) if i < table.offers.len() => Some(LobbyWord::Rules(i as u32)),
            _ => None,
        };
        says.0.extend(word);
    }
}

/// One seat's line: "Seat 1 | Ada | host | ready", or "Seat 3 | greedy".
pub fn seat_line(seat: &SeatView, mine: Option<u32>) -> String {
    let mut parts = vec![format!("Seat {}", seat.seat + 1)];
    parts.push(match (&seat.name, seat.kind.as_str()) {
        (Some(name), _) => name.clone(),
        (None, "human") => "free".into(),
        (None, bot) => bot.to_string(),
    });
    if seat.host {
        parts.push("host".into());
    }
    if seat.name.is_some() {
        parts.push(if !seat.connected {
            "away".into()
        } else if seat.ready {
            "ready".into()
        } else {
            "not ready".into()
        });
    }
    if Some(seat.seat) == mine {
        parts.push("you".into());
    }
    parts.join(" | ")
}

/// The panel's lines, title first, and its hint.
pub fn lines(board: &LobbyBoard) -> Option<(Vec<String>, String)> {
    let table = board.waiting()?;
    let mut lines = vec![
        "Lobby".to_string(),
        format!("{} | {} phases", table.rules, table.phases),
    ];
    lines.extend(board.seats.iter().map(|s| seat_line(s, board.mine)));
    let hint = if board.hosting() {
        let rules = if table.offers.len() > 1 {
            for (i, name) in table.offers.iter().enumerate().take(9) {
                let chosen = if *name == table.rules {
                    " (chosen)"
                } else {
                    ""
                };
                lines.push(format!("{} {name}{chosen}", i + 1));
            }
            "1-9 choose the rules | "
        } else {
            ""
        };
        format!(
            "Enter starts the game (free seats go to greedy bots) | {rules}+ and - change its length"
        )
    } else {
        "The game starts when every seat is taken, or when the host starts it".to_string()
    };
    Some((lines, hint))
}

/// Draws the panel anew when the board changed; takes it away once the game has started.
/// Reads [`LobbyBoard`]; writes the panel's entities.
fn draw(board: Res<LobbyBoard>, panels: Query<Entity, With<LobbyPanel>>, mut commands: Commands) {
    if !board.is_changed() {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let Some((lines, hint)) = lines(&board) else {
        return;
    };
    let font = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    commands
        .spawn((LobbyPanel, centred("Lobby panel")))
        .with_children(|root| {
            root.spawn(column_panel(6.0, PANEL)).with_children(|panel| {
                for (i, text) in lines.into_iter().enumerate() {
                    let (size, colour) = if i == 0 { (22.0, TITLE) } else { (16.0, LINE) };
                    panel.spawn((Text::new(text), font(size), TextColor(colour)));
                }
                panel.spawn((Text::new(hint), font(13.0), TextColor(HINT)));
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::play::lobby::TableView;

    fn board(mine: Option<u32>) -> LobbyBoard {
        let seat = |seat: u32, name: Option<&str>, host: bool| SeatView {
            seat,
            kind: "human".into(),
            name: name.map(str::to_string),
            connected: true,
            ready: name.is_some(),
            host,
        };
        LobbyBoard {
            seats: vec![
                seat(0, Some("Ada"), true),
                seat(1, None, false),
                SeatView {
                    kind: "greedy".into(),
                    ..seat(2, None, false)
                },
            ],
            table: Some(TableView {
                phases: 30,
                rules: "Aeternus".into(),
                offers: vec!["Aeternus".into(), "Aeternus after the fire".into()],
                ..default()
            }),
            mine,
        }
    }

    #[test]
    fn the_panel_lists_the_seats_and_offers_the_host_its_choices() {
        let (shown, hint) = lines(&board(Some(0))).unwrap();
        assert_eq!(shown[1], "Aeternus | 30 phases");
        assert_eq!(shown[2], "Seat 1 | Ada | host | ready | you");
        assert_eq!(shown[3], "Seat 2 | free");
        assert_eq!(shown[4], "Seat 3 | greedy");
        assert_eq!(shown[5], "1 Aeternus (chosen)");
        assert_eq!(shown[6], "2 Aeternus after the fire");
        assert!(hint.starts_with("Enter starts the game"), "{hint}");
        // A server that offers one ruleset leaves nothing to choose; another seat chooses nothing.
        let mut one = board(Some(0));
        one.table.as_mut().unwrap().offers.truncate(1);
        let (shown, hint) = lines(&one).unwrap();
        assert_eq!(shown.len(), 5);
        assert!(!hint.contains("1-9"), "{hint}");
        let (_, hint) = lines(&board(Some(1))).unwrap();
        assert!(hint.contains("when the host starts it"), "{hint}");
        let mut started = board(Some(0));
        started.table.as_mut().unwrap().started = true;
        assert!(
            lines(&started).is_none(),
            "the panel goes once the game starts"
        );
    }

    /// The host's keys become words for the server; another seat's keys say nothing.
    #[test]
    fn the_hosts_keys_become_lobby_words() {
        let words = |board: LobbyBoard, keys: &[Command]| {
            let mut app = App::new();
            app.add_message::<Command>()
                .insert_resource(board)
                .init_resource::<LobbySays>()
                .add_systems(Update, choose);
            for &k in keys {
                app.world_mut().write_message(k);
            }
            app.update();
            app.world().resource::<LobbySays>().0.clone()
        };
        let keys = [
            Command::Build(1),
            Command::Longer,
            Command::Shorter,
            Command::Build(5),
            Command::Confirm,
        ];
        assert_eq!(
            words(board(Some(0)), &keys),
            [
                LobbyWord::Rules(1),
                LobbyWord::Phases(31),
                LobbyWord::Phases(29),
                LobbyWord::Start
            ]
        );
        assert!(words(board(Some(1)), &keys).is_empty());
    }
}
