//! The decisions the lightsaber duel asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::PLAYS;
use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers it.
pub const CHARACTER: &ScriptKey = &ScriptKey {
    key: "character",
    answer: Answer::Name,
    about: "As the initiator: the dueling character who duels.",
    leftover_unasked: false,
};

/// The key that answers it.
pub const WEAPON: &ScriptKey = &ScriptKey {
    key: "weapon",
    answer: Answer::Name,
    about: "The weapon: the initiator's lightsaber, or the defender's weapon (`none` for none).",
    leftover_unasked: false,
};

/// The key that answers it.
pub const DEFENDER_KEY: &ScriptKey = &ScriptKey {
    key: "defender",
    answer: Answer::Name,
    about: "As the initiator: the opposing character chosen to defend.",
    leftover_unasked: false,
};

/// The key that answers it.
pub const SUBSTITUTE_KEY: &ScriptKey = &ScriptKey {
    key: "substitute",
    answer: Answer::Name,
    about: "As the defender: a dueling character who defends instead, or `none`.",
    leftover_unasked: false,
};

/// The key that answers it.
pub const EFFECTS: &ScriptKey = &ScriptKey {
    key: "effects",
    answer: Answer::Flags,
    about: "Whether to use each optional dueling effect, in order.",
    leftover_unasked: false,
};

/// The initiator chooses the dueling character who duels.
pub const INITIATOR_CHARACTER: &DecisionKind = &DecisionKind {
    name: names::INITIATOR_CHARACTER,
    script: CHARACTER,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The initiator chooses the lightsaber his character fights with.
pub const INITIATOR_WEAPON: &DecisionKind = &DecisionKind {
    name: names::INITIATOR_WEAPON,
    script: WEAPON,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The initiator chooses the opposing character who defends.
pub const DEFENDER: &DecisionKind = &DecisionKind {
    name: names::DEFENDER,
    script: DEFENDER_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The defender may have a dueling character defend instead.
pub const SUBSTITUTE: &DecisionKind = &DecisionKind {
    name: names::SUBSTITUTE,
    script: SUBSTITUTE_KEY,
    policy: PolicyRole::DeclineUnlessFirst,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The defender chooses the weapon his character fights with.
pub const DEFENDER_WEAPON: &DecisionKind = &DecisionKind {
    name: names::DEFENDER_WEAPON,
    script: WEAPON,
    policy: PolicyRole::TakeUnlessFirst,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// A card from the dueling hand to attack with; under the Players Committee's rules, or a
/// pass, written `declare-pass` (`pass` declines a block).
pub const ATTACK: &DecisionKind = &DecisionKind {
    name: names::ATTACK,
    script: PLAYS,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: DECLARE_PASS,
    declines_only_as_itself: true,
};

/// How a script writes the Players Committee's pass at an attack: a word of its own, since
/// `pass` declines a block.
pub const DECLARE_PASS: &str = "declare-pass";

/// A card from the dueling hand to block the attack with, or none.
pub const BLOCK: &DecisionKind = &DecisionKind {
    name: names::BLOCK,
    script: PLAYS,
    policy: PolicyRole::Block,
    volunteer: Volunteer::Never,
    declines_as: "pass",
    declines_only_as_itself: false,
};

/// Whether to use an optional dueling effect.
pub const USE_EFFECT: &DecisionKind = &DecisionKind {
    name: names::USE_EFFECT,
    script: EFFECTS,
    policy: PolicyRole::TakeUnlessFirst,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// The name of each kind the duel asks, distinct: what its answer is told by (a match on
/// the name, not on every field of the kind).
pub mod names {
    pub const INITIATOR_CHARACTER: &str = "initiator-character";
    pub const INITIATOR_WEAPON: &str = "initiator-weapon";
    pub const DEFENDER: &str = "defender";
    pub const SUBSTITUTE: &str = "substitute";
    pub const DEFENDER_WEAPON: &str = "defender-weapon";
    pub const ATTACK: &str = "attack";
    pub const BLOCK: &str = "block";
    pub const USE_EFFECT: &str = "use-effect";
}

/// Every decision the duel asks.
pub const KINDS: &[&DecisionKind] = &[
    INITIATOR_CHARACTER,
    INITIATOR_WEAPON,
    DEFENDER,
    SUBSTITUTE,
    DEFENDER_WEAPON,
    ATTACK,
    BLOCK,
    USE_EFFECT,
];
