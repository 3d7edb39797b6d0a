//! Sites are found, not given. A faction learns a hex's sites as its players come to them
//! ([`learn`]): the sites anyone sees (`find` 0) once one of its players sees the hex, every
//! site of a hex one of its players stands on. A search ([`search`], the `Search` action, for
//! the rules' `play.search_ap`) looks the player's hex and the six around it over: each hex
//! around is looked over to a depth drawn from 0 to 99, one draw a hex, so a site of `find` N
//! there is found with chance (100 − N)% (a site of `find` 100 only by standing on it).

use bevy::prelude::*;
use hexx::Hex;
use rand::RngExt;

use super::actors::Players;
use super::vocabulary::{
    Action, Faction, Order, PlayEvent, PlayerId, Position, Refusal, count_on, refuse,
};
use crate::hex::{Coord, distance};
use crate::sites::{Knowledge, Known, STOOD_ON, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::Viewer;
use crate::worldgen::stream::{Purpose, player_rng};

/// The searches' draws: a stream keyed on (world seed, faction, its count of searches).
const SEARCH_DRAWS: Purpose = Purpose::Play(4);

/// How far a search looks: the player's hex and the hexes this near it.
pub const SEARCH_REACH: u32 = 1;

/// Teaches each faction what its players see and stand on: for a player whose sight moved or
/// widened, the `find` 0 sites in its sight and every site of its hex; for the sites placed
/// since the last run, those in a player's sight (all of them on its hex). Reads the players'
/// [`Position`]s, [`Faction`]s and [`Viewer`]s and the [`SiteLayer`]; writes [`Knowledge`]
/// (marked changed only when a faction learned something).
pub(super) fn learn(
    players: Query<(&Position, &Faction, Ref<Viewer>)>,
    layer: Option<Res<SiteLayer>>,
    mut knowledge: ResMut<Knowledge>,
) {
    let Some(layer) = layer else { return };
    let known = knowledge.bypass_change_detection();
    let mut learned = false;
    for (pos, faction, viewer) in &players {
        if viewer.is_changed() {
            let k = known.faction_mut(faction.0);
            learned |= k.look(pos.0, STOOD_ON);
            learned |= see(k, &layer, viewer.hex, viewer.radius);
        }
    }
    for placed in &layer.placed[known.noted().min(layer.placed.len())..] {
        for (pos, faction, viewer) in &players {
            let stood = pos.0 == placed.hex;
            let seen = layer.rules.sites[placed.site].find == 0;
            if (stood || seen) && distance(viewer.hex, placed.hex) <= viewer.radius {
                let depth = if stood { STOOD_ON } else { 0 };
                learned |= known.faction_mut(faction.0).look(placed.hex, depth);
            }
        }
    }
    known.note(layer.placed.len());
    if learned {
        knowledge.set_changed();
    }
}

/// Marks the hexes within `radius` of `at` that hold a site anyone sees (`find` 0) seen: the
/// fewer of the disc's hexes and the sites placed is walked. Whether anything was new. A hex
/// whose sites are all hidden is not marked: what a faction knows tells nothing of them.
fn see(known: &mut Known, layer: &SiteLayer, at: Hex, radius: u32) -> bool {
    let mut learned = false;
    if (Hex::range_count(radius) as usize) <= layer.placed.len() {
        let open = |h: &Hex| layer.sites_at(*h).any(|s| s.find == 0);
        for h in at.range(radius).filter(open) {
            learned |= known.look(h, 0);
        }
    } else {
        let open = |p: &&crate::sites::Placed| {
            layer.rules.sites[p.site].find == 0 && distance(at, p.hex) <= radius
        };
        for p in layer.placed.iter().filter(open) {
            learned |= known.look(p.hex, 0);
        }
    }
    learned
}

/// Takes the searches ordered: the player pays the rules' AP and its faction looks its hex and
/// the hexes around it over. Reads [`Order`]s (a Search), the store and the site layer; writes
/// the player's AP, [`Knowledge`], and [`PlayEvent::Searched`] or a refusal.
pub(super) fn search(
    mut orders: MessageReader<Order>,
    world: Res<HexWorld>,
    layer: Option<Res<SiteLayer>>,
    mut knowledge: ResMut<Knowledge>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Search { player } = action else {
            continue;
        };
        match look_around(
            &world,
            layer.as_deref(),
            &mut knowledge,
            &mut players,
            player,
        ) {
            Ok(event) => {
                log.write(event);
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

/// One search by `player`: its AP paid, the hexes within [`SEARCH_REACH`] looked over (its own
/// hex to the bottom, each other one to a depth drawn), and what was found, as an event.
fn look_around(
    world: &HexWorld,
    layer: Option<&SiteLayer>,
    knowledge: &mut Knowledge,
    players: &mut Players,
    player: PlayerId,
) -> Result<PlayEvent, Refusal> {
    let mut a = players.actor(player)?;
    let cost = world.rules.play.search_ap;
    if a.ap < cost {
        return Err(Refusal::NotEnoughAp {
            need: cost,
            have: a.ap,
        });
    }
    a.ap -= cost;
    players.save(&a);
    let known = knowledge.faction_mut(a.faction.0);
    let mut rng = player_rng(world.seed, a.faction.0, known.searches, SEARCH_DRAWS);
    known.searches = count_on(known.searches);
    let mut found = Vec::new();
    for h in a.hex.range(SEARCH_REACH) {
        let drawn: u8 = rng.random_range(0..STOOD_ON);
        let depth = if h == a.hex { STOOD_ON } else { drawn };
        let before = known.depth(h);
        if !world.is_generated(h) || !known.look(h, depth) {
            continue;
        }
        let Some(layer) = layer else { continue };
        let was = |find: u8| before.is_some_and(|d| find <= d);
        (layer.sites_at(h))
            .filter(|s| s.find <= depth && !was(s.find))
            .for_each(|s| found.push(s.name.clone()));
    }
    Ok(PlayEvent::Searched {
        player,
        hex: Coord::from_hex(a.hex),
        found,
    })
}
