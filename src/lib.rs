//! The game's top: the command line for every subcommand ([`cli`]) and the wiring of the game
//! window ([`game`]) over the headless core (`aeternus-core`) and the views (`aeternus-view`).

pub mod cli;
pub mod game;
pub mod online;
