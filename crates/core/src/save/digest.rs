//! The game's digest: what peers playing the same actions compare to know they play the same
//! game. It is the hash of the save the game would write now (every hex, player, flag,
//! advance, site found and log line), so two games with the same digest save byte for byte
//! alike, and whatever a save holds, the digest covers.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::capture;

/// FNV-1a over 64 bits: small, stable across platforms and releases. It tells games and files
/// apart; it is no defence against a forger.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A game's digest at a moment (see the module's words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Digest(pub u64);

impl std::fmt::Display for Digest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The digest of the game in `ecs` (an app's world, between frames). A veiled game's salt is
/// left out: a peer does not know it until the end, and the sites it holds are covered.
pub fn digest(ecs: &mut World) -> Digest {
    Digest(fnv1a64(peer_save(ecs).to_ron().as_bytes()))
}

/// The save a peer of this game may have: a veiled game's without its salt (what the server
/// sends as a snapshot, and what its digest covers).
pub fn peer_save(ecs: &mut World) -> super::SaveGame {
    let mut save = capture(ecs);
    if let Some(veil) = &mut save.veil {
        veil.salt = None;
    }
    save
}
