//! The decisions the remedies asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers it.
pub const SHUFFLE_BACK_KEY: &ScriptKey = &ScriptKey {
    key: "shuffle_back",
    answer: Answer::YesNo,
    about: "The remedy of hidden cards over six: whether the opponent shuffles the cards she\ndeployed on the conceded planet back into her draw deck.",
    leftover_unasked: false,
};

/// The key that answers it.
pub const NEXT_PLANET_KEY: &ScriptKey = &ScriptKey {
    key: "next_planet",
    answer: Answer::Name,
    about: "The remedy of hidden cards over six: the next planet the offender chooses.",
    leftover_unasked: false,
};

/// Whether to shuffle one's cards on the conceded planet back into the deck.
pub const SHUFFLE_BACK: &DecisionKind = &DecisionKind {
    name: "shuffle-back",
    script: SHUFFLE_BACK_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The next planet.
pub const NEXT_PLANET: &DecisionKind = &DecisionKind {
    name: "next-planet",
    script: NEXT_PLANET_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision the remedies ask.
pub const KINDS: &[&DecisionKind] = &[SHUFFLE_BACK, NEXT_PLANET];
