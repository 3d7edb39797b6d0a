//! Sites shown to a veiled game's peers ([`super::veil`]): what the keeper has come to show,
//! everything shown so far, and the shown sites put in a peer's layer.

use bevy::prelude::*;
use hexx::Hex;

use super::veil::{MAX_SHOWN, ShownSite, Veil};
use super::{Knowledge, SiteLayer};

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

impl SiteLayer {
    /// Placed site `i` as shown to a peer under `rank`.
    fn shown_site(&self, i: usize, rank: u32) -> Option<ShownSite> {
        let p = self.placed.get(i)?;
        Some(ShownSite {
            rank,
            q: p.hex.x,
            r: p.hex.y,
            site: u16::try_from(p.site).ok()?,
        })
    }
}
