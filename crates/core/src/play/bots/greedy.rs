//! The greedy bot: the family's list ([`super::priorities`]) with the contest (razes and
//! defends) and searches, weighing a unit a site pays a phase [`PAY_WEIGHT`] in a flag's value.

use rand_pcg::Pcg64Mcg;

use super::priorities::{self, PAY_WEIGHT, RAZE_LOOK, Style};
use super::{Mind, Outlook};
use crate::play::vocabulary::Action;

pub(super) struct Greedy;

/// How greedy plays the list.
const STYLE: Style = Style {
    contest: true,
    search: true,
    raze_look: RAZE_LOOK,
    any_flag: false,
    pay_weight: PAY_WEIGHT,
};

impl Mind for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn plays(&self) -> &'static str {
        "plays to win: flags the best sites, builds, travels, razes rivals' flags and guards its own"
    }

    fn decide(&self, outlook: &Outlook, rng: &mut Pcg64Mcg) -> Action {
        priorities::action(rng, outlook, &STYLE)
    }
}
