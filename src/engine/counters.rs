//! Deploy counters, which every procedure that deploys cards counts: what a card costs, and
//! the named assumption of the counters a player has each turn.

use crate::cards::{Card, StatValue};
use crate::rules::{Assumption, AssumptionSpec};

/// The named assumption of the counters a turn, with the values a scenario may choose.
pub const COUNTERS_PER_TURN: AssumptionSpec = AssumptionSpec {
    assumption: crate::legality::COUNTERS_PER_TURN,
    values: &[
        ("six", "each player has 6 deploy counters a turn"),
        (UNLIMITED, "the counters a player has left are not counted"),
    ],
};

/// The value of `deploy-counters-per-turn` that does not count them.
pub const UNLIMITED: &str = "unlimited";

/// `deploy-counters-per-turn` set to [`UNLIMITED`], as a step says it.
pub const COUNTERS_UNCOUNTED: Assumption = Assumption {
    name: "deploy-counters-per-turn",
    text: "Set by the scenario to `unlimited`: the counters a player has left are not counted.",
};

/// A card's deploy counters, or the fact to declare.
pub fn cost_of(card: &Card) -> Result<u32, super::MissingFact> {
    match card.stats.deploy.as_ref().map(|fact| &fact.value) {
        Some(StatValue::Number(counters)) => Ok(u32::try_from(*counters).unwrap_or(0)),
        _ => Err(super::MissingFact::card_number(
            card,
            card.full_name(),
            super::missing::CardNumber::DeployCounters,
        )),
    }
}
