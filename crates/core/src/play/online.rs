//! What a game needs to be one seat's window on an online game: where its decisions go (the
//! [`Outbox`]), which seat its keys play ([`OnlineSeat`]), what a spectator may see of the sites
//! ([`SpectatorSeesAll`]) and the actions on their way ([`InFlight`]). The network itself is
//! not here: `crates/net` fills and empties these.

use bevy::prelude::*;

use super::vocabulary::{Action, PlayerId};

/// Where bots' decisions go when they are not this game's to take: a bot playing a seat of an
/// online game decides on its client's copy of the game, and the client sends the decision to
/// the server, which plays it for everyone. Without it, decisions are played here.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Outbox(pub Vec<Action>);

/// The seat a window plays in an online game (none: it watches): a person's keys act for it
/// alone, on its turn, and what they do goes to the [`Outbox`] for the server to play.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlineSeat(pub Option<PlayerId>);

/// What an online spectator's window shows of the sites, as the server allows: every site some
/// faction knows (`true`), or what the seat to act knows (`false`). A display policy: a
/// spectator's client holds every site shown either way.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpectatorSeesAll(pub bool);

/// An online seat's actions sent and not yet played back or refused: a walk waits for its
/// step to come back before it takes the next.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InFlight(pub u32);
