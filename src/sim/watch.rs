//! Watching a recorded game in the spectator window: `sim --spectator` (the bots live) and
//! `replay LOG --spectator --speed N` (the log's actions, N a second).

use super::game::Setup;
use super::replay::Log;
use crate::cli::CliError;
use crate::play::Bot;

pub fn sim(_setup: Setup, _bot: Bot) -> Result<(), CliError> {
    Err(CliError::BadInput("--spectator: not yet".into()))
}

pub fn replay(_log: Log, _setup: Setup, _speed: f64) -> Result<(), CliError> {
    Err(CliError::BadInput("--spectator: not yet".into()))
}
