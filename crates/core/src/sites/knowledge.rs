//! What each faction knows of the sites: sites are found, not given. A faction has looked each
//! hex over to a depth, and knows the sites there whose `find` is at most that depth: seeing a
//! hex looks it over to 0 (the sites anyone sees), a search to a drawn depth below
//! [`STOOD_ON`], and a player standing on it to [`STOOD_ON`] (every site). The site rolls
//! themselves never change: only who knows them.

use std::collections::BTreeMap;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::Site;
use super::plugin::SiteLayer;
use crate::rules::{Yield, sum_yields};

/// The depth a player standing on a hex looks it over to: every site there is known.
pub const STOOD_ON: u8 = 100;

/// What one faction knows: the depth it has looked each hex over to, and its count of searches
/// (which numbers the searches' draws).
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// Searches made so far.
    pub searches: u32,
    depth: HashMap<Hex, u8>,
    /// The hexes looked over deeper since they were last taken, while a veiled game's keeper
    /// asks for them ([`Knowledge::take_fresh`]); not part of what the faction knows.
    fresh: Option<Vec<Hex>>,
}

impl PartialEq for Known {
    fn eq(&self, other: &Self) -> bool {
        self.searches == other.searches && self.depth == other.depth
    }
}

impl Eq for Known {}

impl Known {
    /// How deep the faction has looked `hex` over (none: it has never seen the hex's sites).
    pub fn depth(&self, hex: Hex) -> Option<u8> {
        self.depth.get(&hex).copied()
    }

    /// Whether the faction knows `site`, which lies on `hex`.
    pub fn knows(&self, hex: Hex, site: &Site) -> bool {
        self.depth(hex).is_some_and(|d| site.find <= d)
    }

    /// Looks `hex` over to `depth` at least; whether that went deeper than before.
    pub fn look(&mut self, hex: Hex, depth: u8) -> bool {
        match self.depth.get_mut(&hex) {
            Some(d) if *d >= depth => return false,
            Some(d) => *d = depth,
            None => {
                self.depth.insert(hex, depth);
            }
        }
        if let Some(fresh) = &mut self.fresh {
            fresh.push(hex);
        }
        true
    }

    /// Every hex looked over and its depth, in no order.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, u8)> + '_ {
        self.depth.iter().map(|(&h, &d)| (h, d))
    }

    /// How many hexes the faction has looked over.
    pub fn len(&self) -> usize {
        self.depth.len()
    }

    /// Whether the faction has looked over no hex.
    pub fn is_empty(&self) -> bool {
        self.depth.is_empty()
    }
}

/// Which placed sites each faction knows, by faction id: per game, saved.
#[derive(Resource, Debug, Clone, Default)]
pub struct Knowledge {
    factions: BTreeMap<u32, Known>,
    /// How many of the site layer's placed sites were checked against the players' sight.
    noted: usize,
    /// Whether the hexes looked over deeper are kept for [`Knowledge::take_fresh`].
    tracked: bool,
}

impl PartialEq for Knowledge {
    fn eq(&self, other: &Self) -> bool {
        self.factions == other.factions && self.noted == other.noted
    }
}

impl Eq for Knowledge {}

impl Knowledge {
    /// What `faction` knows, if it knows anything.
    pub fn of(&self, faction: u32) -> Option<&Known> {
        self.factions.get(&faction)
    }

    /// What `faction` knows, to learn more.
    pub fn faction_mut(&mut self, faction: u32) -> &mut Known {
        let tracked = self.tracked;
        self.factions.entry(faction).or_insert_with(|| Known {
            fresh: tracked.then(Vec::new),
            ..default()
        })
    }

    /// The hexes some faction looked over deeper since the last call, each once, in no order;
    /// the first call gives every hex any faction has looked over, and keeps count from then.
    pub fn take_fresh(&mut self) -> Vec<Hex> {
        if !std::mem::replace(&mut self.tracked, true) {
            for known in self.factions.values_mut() {
                known.fresh = Some(Vec::new());
            }
            return self.looked_over();
        }
        let mut hexes: Vec<Hex> = Vec::new();
        for known in self.factions.values_mut() {
            match &mut known.fresh {
                Some(fresh) => hexes.append(fresh),
                None => {
                    hexes.extend(known.depth.keys());
                    known.fresh = Some(Vec::new());
                }
            }
        }
        hexes.sort_unstable_by_key(|h| (h.x, h.y));
        hexes.dedup();
        hexes
    }

    /// Every hex some faction has looked over, each once, in coordinate order.
    pub fn looked_over(&self) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = (self.factions.values())
            .flat_map(|k| k.depth.keys().copied())
            .collect();
        hexes.sort_unstable_by_key(|h| (h.x, h.y));
        hexes.dedup();
        hexes
    }

    /// Every faction that knows anything, by id.
    pub fn factions(&self) -> impl Iterator<Item = (u32, &Known)> {
        self.factions.iter().map(|(&f, k)| (f, k))
    }

    /// How many placed sites were checked against the players' sight.
    pub fn noted(&self) -> usize {
        self.noted
    }

    /// The placed sites up to `n` are checked against the players' sight.
    pub fn note(&mut self, n: usize) {
        self.noted = n;
    }
}

/// Whose knowledge a reading of the site layer keeps to.
#[derive(Debug, Clone, Copy)]
enum Knows<'a> {
    /// Every site (a spectator's whole view, the rules' own tests).
    All,
    /// A faction's (none: it knows nothing yet).
    Faction(Option<&'a Known>),
}

/// The site layer as one faction knows it (or whole): what the HUD, the bots and the economy
/// read.
#[derive(Debug, Clone, Copy)]
pub struct KnownSites<'a> {
    pub layer: &'a SiteLayer,
    knows: Knows<'a>,
}

impl SiteLayer {
    /// The layer as `faction` knows it.
    pub fn known_by<'a>(&'a self, knowledge: &'a Knowledge, faction: u32) -> KnownSites<'a> {
        KnownSites {
            layer: self,
            knows: Knows::Faction(knowledge.of(faction)),
        }
    }

    /// The whole layer, every site known.
    pub fn all_known(&self) -> KnownSites<'_> {
        KnownSites {
            layer: self,
            knows: Knows::All,
        }
    }
}

impl<'a> KnownSites<'a> {
    /// How deep `hex` has been looked over (all: as if stood on; none: never, or seen with no
    /// site anyone sees).
    pub fn depth_at(&self, hex: Hex) -> Option<u8> {
        match self.knows {
            Knows::All => Some(STOOD_ON),
            Knows::Faction(k) => k.and_then(|k| k.depth(hex)),
        }
    }

    /// The sites known on `hex`, in the order rolled.
    pub fn sites_at(&self, hex: Hex) -> impl Iterator<Item = &'a Site> + use<'a> {
        let depth = self.depth_at(hex);
        let layer = self.layer;
        (depth
            .is_some()
            .then(|| layer.sites_at(hex))
            .into_iter()
            .flatten())
        .filter(move |s| depth.is_some_and(|d| s.find <= d))
    }

    /// The names of the sites known on `hex`, in the order rolled.
    pub fn names_at(&self, hex: Hex) -> impl Iterator<Item = &'a str> + use<'a> {
        self.sites_at(hex).map(|s| s.name.as_str())
    }

    /// Whether any site is known on `hex`.
    pub fn has_sites(&self, hex: Hex) -> bool {
        self.layer.has_sites(hex) && self.sites_at(hex).next().is_some()
    }

    /// What the known sites on `hex` pay its flag each phase.
    pub fn yields_at(&self, hex: Hex) -> Yield {
        sum_yields(self.sites_at(hex).map(|s| &s.yields))
    }

    /// What the known sites on `hex` add to a gathering there.
    pub fn gather_at(&self, hex: Hex) -> Yield {
        sum_yields(self.sites_at(hex).map(|s| &s.gather))
    }

    /// Whether every site on `hex` is known.
    pub fn all_known_at(&self, hex: Hex) -> bool {
        self.sites_at(hex).count() == self.layer.sites_at(hex).count()
    }
}
