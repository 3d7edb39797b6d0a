//! The greedy bot as it was before rivals could raze: the family's list
//! ([`super::priorities`]) without the contest and without searches. The baseline the others
//! must beat, and the bot of the recorded games that must not change.

use rand_pcg::Pcg64Mcg;

use super::priorities::{self, PAY_WEIGHT, RAZE_LOOK, Style};
use super::{Mind, Outlook};
use crate::play::vocabulary::Action;

pub(super) struct GreedyV1;

/// How greedy-v1 plays the list.
const STYLE: Style = Style {
    contest: false,
    search: false,
    raze_look: RAZE_LOOK,
    any_flag: false,
    pay_weight: PAY_WEIGHT,
};

impl Mind for GreedyV1 {
    fn name(&self) -> &'static str {
        "greedy-v1"
    }

    fn plays(&self) -> &'static str {
        "the greedy bot before razes: never razes, defends or searches (the baseline)"
    }

    fn decide(&self, outlook: &Outlook, rng: &mut Pcg64Mcg) -> Action {
        priorities::action(rng, outlook, &STYLE)
    }
}
