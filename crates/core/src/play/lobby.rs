//! An online game's lobby as data: each seat and the table as the server shows them (the
//! network replicates these components), the words a seated player may say in it, and what a
//! window holds of it ([`LobbyBoard`]) and asks of it ([`LobbySays`]). The core knows no
//! network: a client fills the board and sends the words.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A seat as the lobby shows it.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: u32,
    /// `human`, or the bot that plays it on the server.
    pub kind: String,
    /// The name of the person who took it.
    pub name: Option<String>,
    pub connected: bool,
    /// Its player said they are ready.
    pub ready: bool,
    /// Its player is the host: the first to take a seat, who may choose the game's length and
    /// rules and start the game before every seat is taken.
    pub host: bool,
}

/// The table as the lobby shows it.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub started: bool,
    pub over: bool,
    /// The game's length.
    pub phases: u32,
    pub phase: u32,
    /// The seat to act.
    pub to_act: Option<u32>,
    /// What is left of the turn clock, in whole seconds (rounded up).
    pub turn_left_s: Option<u32>,
    /// The name of the ruleset the game plays.
    pub rules: String,
    /// The rulesets the host may choose from, by name, in the server's order.
    pub offers: Vec<String>,
}

/// A seated player's word in the lobby, before the game starts: ready (or not), and the host's
/// choices: the game's length in phases, the rules, and starting the game now (the seats
/// nobody took going to greedy bots).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyWord {
    Ready(bool),
    Phases(u32),
    /// The ruleset to play: the index of one the server offers ([`TableView::offers`]).
    Rules(u32),
    Start,
}

/// The lobby as an online window's client last heard it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LobbyBoard {
    pub seats: Vec<SeatView>,
    pub table: Option<TableView>,
    /// The seat this window plays (none: it watches).
    pub mine: Option<u32>,
}

impl LobbyBoard {
    /// The table while the game waits in the lobby (the server has said so, and has not
    /// started it).
    pub fn waiting(&self) -> Option<&TableView> {
        self.table.as_ref().filter(|t| !t.started)
    }

    /// Who plays `seat` and, on their turn, what is left of the turn clock: "Ada, 12 s left",
    /// "greedy"; none when the lobby names no one there.
    pub fn player_line(&self, seat: u32) -> Option<String> {
        let view = self.seats.iter().find(|s| s.seat == seat)?;
        let who = view.name.clone().unwrap_or_else(|| view.kind.clone());
        let table = self.table.as_ref()?;
        Some(
            match table.turn_left_s.filter(|_| table.to_act == Some(seat)) {
                Some(left) => format!("{who}, {left} s left"),
                None => who,
            },
        )
    }

    /// Whether this window's seat is the host's.
    pub fn hosting(&self) -> bool {
        (self.seats.iter()).any(|s| s.host && Some(s.seat) == self.mine)
    }
}

/// What an online window's person says in the lobby, for its client to send.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LobbySays(pub Vec<LobbyWord>);

#[cfg(test)]
mod tests {
    use super::*;

    /// The HUD's word on an online seat: its player's name (or its bot), and on its turn what
    /// is left of the turn clock.
    #[test]
    fn a_seats_line_names_its_player_and_the_clock_on_its_turn() {
        let seat = |seat: u32, kind: &str, name: Option<&str>| SeatView {
            seat,
            kind: kind.into(),
            name: name.map(str::to_string),
            connected: true,
            ready: true,
            host: false,
        };
        let board = LobbyBoard {
            seats: vec![seat(0, "human", Some("Ada")), seat(1, "greedy", None)],
            table: Some(TableView {
                started: true,
                to_act: Some(0),
                turn_left_s: Some(12),
                ..default()
            }),
            mine: Some(0),
        };
        assert_eq!(board.player_line(0).as_deref(), Some("Ada, 12 s left"));
        assert_eq!(board.player_line(1).as_deref(), Some("greedy"));
        assert_eq!(board.player_line(2), None);
        assert_eq!(LobbyBoard::default().player_line(0), None);
    }
}
