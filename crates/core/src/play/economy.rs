//! The economy. Gathering: a player takes what its own hex yields, by the rules' table for its
//! biome and its landmark and its sites' gather bonus, for the rules' AP; a corrupted hex yields
//! nothing. Pay: each phase, a faction receives what the sites under its flags yield, those it
//! knows ([`crate::sites::Knowledge`]), shared among its players.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::actors::Players;
use super::hexes::is_corrupted;
use super::vocabulary::{
    Action, Advances, Faction, MAX_HELD, Occupied, Order, PhaseBegun, PlayEvent, Player, PlayerId,
    Refusal, Resources, refuse,
};
use crate::hex::Coord;
use crate::rules::advances::raised;
use crate::rules::{Rules, Yield, sum_yields};
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::HexPos;

/// Gathers what a player ordered (raised by its faction's advances). Reads [`Order`]s (a
/// Gather), the store, the rules, [`Advances`] and the player; writes the player's AP and resources, and [`PlayEvent::Gathered`] or a refusal.
pub(super) fn gather(
    mut orders: MessageReader<Order>,
    world: Res<HexWorld>,
    sites: Option<Res<SiteLayer>>,
    advances: Res<Advances>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Gather { player } = action else {
            continue;
        };
        match take(&world, sites.as_deref(), &advances, &mut players, player) {
            Ok((hex, yields)) => {
                log.write(PlayEvent::Gathered {
                    player,
                    hex,
                    yields,
                });
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

fn take(
    world: &HexWorld,
    sites: Option<&SiteLayer>,
    advances: &Advances,
    players: &mut Players,
    player: PlayerId,
) -> Result<(Coord, Yield), Refusal> {
    let mut a = players.actor(player)?;
    let here = world
        .get(a.hex)
        .expect("a player stands on a generated hex");
    let gathering = &world.rules.play.gather;
    let yields = if is_corrupted(world, a.hex) {
        Yield::new()
    } else {
        let land = gathering.yield_of(here.biome, here.landmark);
        let bonus = sites.map(|s| s.gather_at(a.hex)).unwrap_or_default();
        let percent = advances.gains(a.faction, &world.rules).gather;
        raised(&sum_yields([&land, &bonus]), percent)
    };
    if yields.is_empty() {
        return Err(Refusal::NothingToGather);
    }
    if a.ap < gathering.ap {
        return Err(Refusal::NotEnoughAp {
            need: gathering.ap,
            have: a.ap,
        });
    }
    a.ap -= gathering.ap;
    players.save(&a);
    add(&mut players.resources(&a), &yields);
    Ok((Coord::from_hex(a.hex), yields))
}

/// Adds `yields` to a purse, each resource stopping at [`MAX_HELD`].
fn add(purse: &mut Resources, yields: &Yield) {
    for (name, n) in yields {
        let held = purse.entry(name.clone()).or_insert(0);
        *held = held.saturating_add(*n).min(MAX_HELD);
    }
}

/// What decides what a faction's flags earn besides the flags and the sites: what it knows of
/// the sites, and its advances under the rules.
pub(super) struct Earners<'a> {
    pub knowledge: &'a Knowledge,
    pub advances: &'a Advances,
    pub rules: &'a Rules,
}

/// What each faction's flags earn a phase: the yields of the sites under them that the faction
/// knows, added up by faction and raised by its advances' income (a faction whose flags stand
/// on no yielding site it knows earns nothing and is left out). The pay and the ledger both
/// read it, so what the ledger shows is what the next phase pays.
pub(super) fn income<'a>(
    flags: impl IntoIterator<Item = (&'a HexPos, &'a Occupied)>,
    sites: &SiteLayer,
    by: &Earners,
) -> BTreeMap<Faction, Yield> {
    let mut totals: BTreeMap<Faction, Yield> = BTreeMap::new();
    for (pos, owner) in flags {
        let known = sites.known_by(by.knowledge, owner.0.0);
        for (r, &n) in known.sites_at(pos.0).flat_map(|s| &s.yields) {
            // Added in place: a resource's name is copied once a faction, not once a flag.
            let total = totals.entry(owner.0).or_default();
            match total.get_mut(r) {
                Some(t) => *t = t.saturating_add(n),
                None => {
                    total.insert(r.clone(), n);
                }
            }
        }
    }
    (totals.into_iter())
        .map(|(faction, total)| {
            let percent = by.advances.gains(faction, by.rules).income;
            (faction, raised(&total, percent))
        })
        .collect()
}

/// Pays each faction, as a phase starts, what the sites under its flags that it knows yield:
/// each resource shared evenly among the faction's players, the remainder one each to the
/// lowest ids. Reads [`PhaseBegun`], the flags on hex entities, the site layer, [`Knowledge`],
/// [`Advances`] and the rules; writes the players' [`Resources`] and [`PlayEvent::Paid`].
pub(super) fn pay(
    mut begun: MessageReader<PhaseBegun>,
    flags: Query<(&HexPos, &Occupied)>,
    sites: Option<Res<SiteLayer>>,
    earners: (Res<Knowledge>, Res<Advances>, Res<HexWorld>),
    mut players: Query<(&Player, &Faction, &mut Resources)>,
    mut log: MessageWriter<PlayEvent>,
) {
    let started = begun.read().count();
    let Some(sites) = sites.filter(|_| started > 0) else {
        return;
    };
    let (knowledge, advances, world) = &earners;
    let by = Earners {
        knowledge,
        advances,
        rules: &world.rules,
    };
    for (faction, total) in income(flags.iter(), &sites, &by) {
        let mut seats: Vec<_> = (players.iter_mut())
            .filter(|(_, f, _)| **f == faction)
            .map(|(p, _, r)| (p.id, r))
            .collect();
        seats.sort_by_key(|(id, _)| *id);
        let k = seats.len() as u32;
        for (i, (id, purse)) in seats.iter_mut().enumerate() {
            let share: Yield = (total.iter())
                .map(|(r, &n)| (r.clone(), n / k + u32::from((i as u32) < n % k)))
                .filter(|(_, n)| *n > 0)
                .collect();
            if share.is_empty() {
                continue;
            }
            add(purse, &share);
            log.write(PlayEvent::Paid {
                player: *id,
                yields: share,
            });
        }
    }
}
