//! The decisions a new location's Effects asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers it.
pub const EFFECT_CARD: &ScriptKey = &ScriptKey {
    key: "effect_card",
    answer: Answer::Name,
    about: "A new planet: the Effect he gets from his draw deck, or `none`.",
    leftover_unasked: false,
};

/// A new planet: which Effect to get from the draw deck, or none.
pub const NEW_PLANET_EFFECT: &DecisionKind = &DecisionKind {
    name: "new-planet-effect",
    script: EFFECT_CARD,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision a new location's Effects ask.
pub const KINDS: &[&DecisionKind] = &[NEW_PLANET_EFFECT];
