//! Advances, a faction's research: a player buys one ([`Action::Advance`]) with resources from
//! its purse, once for its whole faction, and from then on its faction's players get what it
//! adds: AP a phase (from the next phase), sight, and more of what gathering and the flags'
//! sites yield. The essences an advance costs also score, so buying one costs points now for
//! income later.

use bevy::prelude::*;

use super::actors::Players;
use super::vocabulary::{Action, Advances, Faction, Order, PlayEvent, PlayerId, Refusal, refuse};
use crate::rules::check::aeternus::MAX_AP;
use crate::rules::{AdvanceId, Gains, Rules};
use crate::world::HexWorld;

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
