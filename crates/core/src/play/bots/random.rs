//! The random bot: tries any action, legal or not, so it finds refusals: a step any way, a
//! build of any feature (one past the rules' list too) on any hex near it, a travel to any hex
//! near it, a gathering, a search, an advance (one past the rules' list too), an end of turn.

use hexx::Hex;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

use super::{Mind, Outlook};
use crate::hex::Direction;
use crate::play::vocabulary::{Action, PlayerId};
use crate::rules::{AdvanceId, FeatureId};
use crate::world::HexWorld;

pub(super) struct Random;

impl Mind for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn plays(&self) -> &'static str {
        "tries any action, legal or not, to find the refusals"
    }

    fn decide(&self, outlook: &Outlook, rng: &mut Pcg64Mcg) -> Action {
        any_action(rng, outlook.world, outlook.mover.id, outlook.mover.at)
    }
}

/// Any action, legal or not.
fn any_action(rng: &mut impl RngExt, world: &HexWorld, player: PlayerId, at: Hex) -> Action {
    let rules = &world.rules;
    // Anywhere a step past what the rules allow, so some are out of range.
    let near = |rng: &mut dyn FnMut(u32) -> u32, reach: u32| {
        let r = reach + 1;
        let k = rng(Hex::range_count(r));
        at.range(r)
            .nth(k as usize)
            .expect("k is below the range's count")
    };
    let mut below = |n: u32| rng.random_range(0..n.max(1));
    match below(21) {
        0..8 => Action::Traverse {
            player,
            direction: Direction::ALL[below(6) as usize],
        },
        8..12 => Action::Build {
            player,
            hex: near(&mut below, rules.construction.range),
            feature: FeatureId(below(rules.features.len() as u32 + 1) as u8),
        },
        12..14 => Action::Travel {
            player,
            to: near(&mut below, 3),
        },
        14..17 => Action::Gather { player },
        17 => Action::Search { player },
        18 => Action::Advance {
            player,
            advance: AdvanceId(below(rules.play.advances.len() as u32 + 1) as u8),
        },
        _ => Action::EndTurn { player },
    }
}
