//! Veiled sites, for a game whose peers must not roll what nobody has found. A game's terrain is
//! a function of its public seed, and so, in a local game, are its sites. A veiled game rolls
//! its sites with a salt only its keeper (the server) knows ([`Veil::Salted`]), and shows each
//! site to its peers once some faction knows it ([`Veil::Shown`]): a peer's site layer holds
//! the sites shown and no other.
//!
//! A peer's game stays the keeper's because a site nobody knows changes nothing the rules
//! compute: a flag pays, a gathering and a player's sight add, and a search names, only sites
//! their faction knows (a player knows every site of the hex it stands on), and a hex is seen as
//! holding a site only for the sites anyone sees, which its viewer then knows. So a peer that
//! holds every site known so far, each in its keeper's order on its hex, plays every action as
//! the keeper does, and holding one early changes nothing either.

use std::collections::BTreeSet;

use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::worldgen::stream::mix;

/// The most sites a peer's layer takes: far past any game's (a peer fed more is fed by no
/// keeper of ours).
pub const MAX_SHOWN: usize = 1 << 22;

/// How a game holds its sites, when veiled (a game without this resource is open: its sites
/// are rolled from the world's seed).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub enum Veil {
    /// The keeper's: the sites rolled with `salt`, and the ranks of those shown so far.
    Salted { salt: u64, shown: BTreeSet<u32> },
    /// A peer's: the sites shown to it, and the salt once the keeper tells it (at the end).
    Shown { salt: Option<u64> },
}

/// A site shown to the peers: site number `site` of the site rules, on the hex (`q`, `r`) in
/// axial coordinates, the `rank`-th site the keeper placed (its order on the hex).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShownSite {
    pub rank: u32,
    pub q: i32,
    pub r: i32,
    pub site: u16,
}

impl ShownSite {
    pub fn hex(&self) -> Hex {
        Hex::new(self.q, self.r)
    }
}

/// The seed a salted game rolls its sites from.
pub fn salted_seed(seed: u64, salt: u64) -> u64 {
    mix(seed ^ mix(salt))
}

impl Veil {
    /// A keeper's veil of `salt`, nothing shown yet.
    pub fn salted(salt: u64) -> Veil {
        Veil::Salted {
            salt,
            shown: BTreeSet::new(),
        }
    }

    /// The salt, when known.
    pub fn salt(&self) -> Option<u64> {
        match self {
            Veil::Salted { salt, .. } => Some(*salt),
            Veil::Shown { salt } => *salt,
        }
    }

    /// The seed the sites are rolled from (none: a peer's layer rolls nothing).
    pub fn roll_seed(&self, seed: u64) -> Option<u64> {
        match self {
            Veil::Salted { salt, .. } => Some(salted_seed(seed, *salt)),
            Veil::Shown { .. } => None,
        }
    }
}
