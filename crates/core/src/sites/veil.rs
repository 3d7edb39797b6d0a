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

use super::{Knowledge, SiteLayer};
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

/// The keeper's sites that some faction has come to know since the last call, in rank order,
/// now counted as shown (none when the game is not salted). The first call takes every hex any
/// faction knows; later ones only the hexes looked over deeper since.
pub fn newly_shown(ecs: &mut World) -> Vec<ShownSite> {
    let hexes = {
        let Some(mut knowledge) = ecs.get_resource_mut::<Knowledge>() else {
            return Vec::new();
        };
        knowledge.bypass_change_detection().take_fresh()
    };
    let Some(layer) = ecs.get_resource::<SiteLayer>() else {
        return Vec::new();
    };
    let mut found = known_on(layer, ecs.resource::<Knowledge>(), hexes);
    let Some(mut veil) = ecs.get_resource_mut::<Veil>() else {
        return Vec::new();
    };
    let Veil::Salted { shown, .. } = &mut *veil else {
        return Vec::new();
    };
    found.retain(|s| shown.insert(s.rank));
    found.sort_unstable();
    found
}

/// The sites on `hexes` that some faction knows.
fn known_on(
    layer: &SiteLayer,
    knowledge: &Knowledge,
    hexes: impl IntoIterator<Item = Hex>,
) -> Vec<ShownSite> {
    let mut found = Vec::new();
    for hex in hexes {
        let deepest = (knowledge.factions())
            .filter_map(|(_, k)| k.depth(hex))
            .max();
        let Some(deepest) = deepest else { continue };
        for (rank, placed) in layer.ranked_at(hex) {
            if layer.rules.sites[placed.site].find <= deepest {
                found.push(ShownSite {
                    rank,
                    q: hex.x,
                    r: hex.y,
                    site: placed.site as u16,
                });
            }
        }
    }
    found
}

/// Every site shown so far, in rank order: the keeper's, every site some faction knows (a
/// replay of its journal comes to the same without showing anything); a peer's, all it holds.
pub fn all_shown(ecs: &World) -> Vec<ShownSite> {
    let (Some(layer), Some(veil)) = (ecs.get_resource::<SiteLayer>(), ecs.get_resource::<Veil>())
    else {
        return Vec::new();
    };
    let mut all: Vec<ShownSite> = match veil {
        Veil::Salted { .. } => {
            let knowledge = ecs.resource::<Knowledge>();
            known_on(layer, knowledge, knowledge.looked_over())
        }
        Veil::Shown { .. } => (0..layer.placed.len())
            .filter_map(|i| layer.shown_site(i, layer.rank(i)))
            .collect(),
    };
    all.sort_unstable();
    all
}

/// Puts sites the keeper showed in a peer's game's layer (a game without one takes nothing),
/// each in its rank's place on its hex (one already held is passed over). Refused, naming the
/// first bad one, when a site is not of the rules or the layer would pass [`MAX_SHOWN`].
pub fn show(ecs: &mut World, sites: &[ShownSite]) -> Result<(), String> {
    if sites.is_empty() {
        return Ok(());
    }
    let Some(mut layer) = ecs.get_resource_mut::<SiteLayer>() else {
        return Ok(());
    };
    if layer.placed.len().saturating_add(sites.len()) > MAX_SHOWN {
        return Err(format!("more than {MAX_SHOWN} sites shown"));
    }
    for s in sites {
        if usize::from(s.site) >= layer.rules.sites.len() {
            return Err(format!(
                "site {} of rank {}: the site rules have {} sites",
                s.site,
                s.rank,
                layer.rules.sites.len()
            ));
        }
        layer.place_ranked(s.hex(), usize::from(s.site), s.rank);
    }
    Ok(())
}
