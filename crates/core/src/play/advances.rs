//! Advances, a faction's research: a player buys one ([`Action::Advance`]) with resources from
//! its purse, once for its whole faction, and from then on its faction's players get what it
//! adds: AP a phase (from the next phase), sight, and more of what gathering and the flags'
//! sites yield. The essences an advance costs also score, so buying one costs points now for
//! income later.

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::actions::{Action, Order, Refusal, refuse};
use super::board::Players;
use super::log::PlayEvent;
use super::players::{Faction, PlayerId, Resources};
use crate::rules::check::aeternus::MAX_AP;
use crate::rules::{AdvanceId, Gains, Rules};
use crate::world::HexWorld;

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

/// The AP a phase gives a player of a faction with `gains`: the rules' and the advances',
/// never past [`MAX_AP`].
pub fn phase_ap(rules: &Rules, gains: &Gains) -> u32 {
    (rules.play.action_points)
        .saturating_add(gains.action_points)
        .min(MAX_AP.max(rules.play.action_points))
}

/// Takes the advances ordered: the buyer pays, its faction holds the advance. Reads
/// [`Order`]s (an Advance) and the rules; writes the buyer's [`Resources`], [`Advances`], and
/// [`PlayEvent::Advanced`] or a refusal.
pub(super) fn advance(
    mut orders: MessageReader<Order>,
    world: Res<HexWorld>,
    mut advances: ResMut<Advances>,
    mut players: Players,
    mut log: MessageWriter<PlayEvent>,
) {
    for Order(action) in orders.read() {
        let &Action::Advance { player, advance } = action else {
            continue;
        };
        match pay(&world.rules, &advances, &mut players, player, advance) {
            Ok(faction) => {
                advances.0.entry(faction).or_default().push(advance);
                log.write(PlayEvent::Advanced {
                    player,
                    faction,
                    advance,
                });
            }
            Err(refusal) => refuse(&mut log, action, refusal),
        }
    }
}

/// The buyer of `a` pays its cost, once its faction may buy it; its faction.
fn pay(
    rules: &Rules,
    advances: &Advances,
    players: &mut Players,
    player: PlayerId,
    a: AdvanceId,
) -> Result<Faction, Refusal> {
    let actor = players.actor(player)?;
    let mut purse = players.resources(&actor);
    advances.check(actor.faction, a, &purse, rules)?;
    purse.spend(&rules.play.advances[a.0 as usize].cost);
    Ok(actor.faction)
}
