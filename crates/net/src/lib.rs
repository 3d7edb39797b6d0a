//! Online play over the headless core: lockstep over actions, the server authoritative. A
//! client sends intents; the server checks the sender's seat and the turn, plays them through
//! the same rules pipeline as a local game, and broadcasts every action it played, in order,
//! with a digest of the game each time the phase turns; every client plays the same actions and
//! checks the digest. Nothing of the world is replicated: it is recomputed from the seed.
//! `docs/online.md` tells the whole. A module imports from its own layer and those below it,
//! never up (`tests/layers.rs` reads the list below and holds the sources to it):
//!
//! Layers: `lobby` → `protocol` → `transport` → `server`, `client`
//!

pub mod client;
pub mod lobby;
pub mod protocol;
pub mod server;
pub mod transport;
