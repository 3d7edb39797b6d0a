//! What a faction holds beyond its players: its flags on the hexes ([`Occupied`]), the hexes
//! razed and not reclaimed since ([`RazedHexes`]) and its advances ([`Advances`]).

use std::collections::BTreeMap;

use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use hexx::Hex;

use super::actions::Refusal;
use super::ids::Faction;
use super::players::Resources;
use crate::rules::{AdvanceId, Gains, Rules};
use crate::world::plugin::HexIndex;

/// On a hex entity: the faction whose flag stands there.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Occupied(pub Faction);

/// The faction occupying `hex`, if any.
pub fn occupant(hex: Hex, index: &HexIndex, flags: &Query<&Occupied>) -> Option<Faction> {
    let e = index.get(&hex)?;
    flags.get(*e).ok().map(|o| o.0)
}

/// The faction occupying `hex` in a world between frames (tests, tools).
pub fn occupant_in(world: &World, hex: Hex) -> Option<Faction> {
    let e = *world.get_resource::<HexIndex>()?.get(&hex)?;
    world.get::<Occupied>(e).map(|o| o.0)
}

/// Hexes whose flag was razed and not reclaimed since: a flag raised on one is a reclaim.
/// Per game, and saved.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct RazedHexes(pub HashSet<Hex>);

/// The advances each faction holds, in the order bought.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Advances(pub BTreeMap<Faction, Vec<AdvanceId>>);

impl Advances {
    /// What `faction` holds, in the order bought.
    pub fn of(&self, faction: Faction) -> &[AdvanceId] {
        self.0.get(&faction).map_or(&[], Vec::as_slice)
    }

    pub fn holds(&self, faction: Faction, a: AdvanceId) -> bool {
        self.of(faction).contains(&a)
    }

    /// All that `faction`'s advances add.
    pub fn gains(&self, faction: Faction, rules: &Rules) -> Gains {
        (self.of(faction).iter())
            .filter_map(|a| rules.play.advances.get(a.0 as usize))
            .fold(Gains::default(), |g, a| g.and(a.gains))
    }

    /// Whether `faction` may buy `a` with `purse`: an advance of the rules, not held yet, the
    /// one it needs held, and its cost in the purse.
    pub fn check(
        &self,
        faction: Faction,
        a: AdvanceId,
        purse: &Resources,
        rules: &Rules,
    ) -> Result<(), Refusal> {
        let spec = (rules.play.advances.get(a.0 as usize)).ok_or(Refusal::UnknownAdvance(a))?;
        if self.holds(faction, a) {
            return Err(Refusal::AlreadyAdvanced(a));
        }
        if let Some(n) = spec.needs.filter(|&n| !self.holds(faction, n)) {
            return Err(Refusal::NeedsAdvance(n));
        }
        purse.afford(&spec.cost)
    }
}
