//! The decisions the Podrace Deploy step asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers it.
pub const THRUST_KEY: &ScriptKey = &ScriptKey {
    key: "thrust",
    answer: Answer::YesNo,
    about: "The Podrace: whether he thrusts in this Deploy step.",
    leftover_unasked: false,
};

/// The key that answers it.
pub const LAP_CARDS: &ScriptKey = &ScriptKey {
    key: "lap_cards",
    answer: Answer::Plays,
    about: "The Podrace: the lap cards he plays from his hand, in order: a card name or a destiny\nnumber each, and `stop` to play no more.",
    leftover_unasked: true,
};

/// The key that answers it.
pub const REFUEL_KEY: &ScriptKey = &ScriptKey {
    key: "refuel",
    answer: Answer::Count,
    about: "The Podrace: how many cards he draws when he refuels (0 for none).",
    leftover_unasked: false,
};

/// Whether to thrust in this Deploy step.
pub const THRUST: &DecisionKind = &DecisionKind {
    name: "thrust",
    script: THRUST_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The next lap card, or stop.
pub const LAP_CARD: &DecisionKind = &DecisionKind {
    name: "lap-card",
    script: LAP_CARDS,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "stop",
    declines_only_as_itself: false,
};

/// How many cards to draw by Refuel.
pub const REFUEL: &DecisionKind = &DecisionKind {
    name: "refuel",
    script: REFUEL_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision the Podrace step asks (the match it fetches from the draw deck too).
pub const KINDS: &[&DecisionKind] = &[crate::engine::from_deck::FETCH, THRUST, LAP_CARD, REFUEL];
