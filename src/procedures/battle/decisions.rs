//! The decisions the battle and the evacuation asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::PLAN;
use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers it.
pub const STARSHIPS: &ScriptKey = &ScriptKey {
    key: "starships",
    answer: Answer::Names,
    about: "Evacuation: the starships the intercepting player adds from his hand to his\nHyperspace pile, in order (left out: none).",
    leftover_unasked: false,
};

/// The key that answers it.
pub const INTERCEPT_KEY: &ScriptKey = &ScriptKey {
    key: "intercept",
    answer: Answer::YesNo,
    about: "Evacuation: whether the opponent intercepts.",
    leftover_unasked: false,
};

/// Evacuation: a starship from the interceptor's hand to his Hyperspace pile.
pub const ADD_STARSHIP: &DecisionKind = &DecisionKind {
    name: "add-starship",
    script: STARSHIPS,
    policy: PolicyRole::First,
    volunteer: Volunteer::WhenScripted,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Evacuation: whether to intercept.
pub const INTERCEPT: &DecisionKind = &DecisionKind {
    name: "intercept",
    script: INTERCEPT_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// A battle plan made by decisions: the next card, its weapon, a Battle card.
pub const BATTLE_PLAN: &DecisionKind = &DecisionKind {
    name: "battle-plan",
    script: PLAN,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision the battle and the evacuation ask.
pub const KINDS: &[&DecisionKind] = &[BATTLE_PLAN, ADD_STARSHIP, INTERCEPT];
