//! The decisions Clash of the Lightsabers asks: their kinds, and the keys of a scenario's `decisions:` that
//! answer them.

use crate::engine::decisions::{DecisionKind, PolicyRole, Volunteer};
use crate::engine::decisions::{PLAN, PLAYS};

/// A card planned face down for a battle.
pub const CLASH_PLAN: &DecisionKind = &DecisionKind {
    name: "clash-plan",
    script: PLAN,
    policy: PolicyRole::Strongest,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// A card played in a battle.
pub const CLASH_PLAY: &DecisionKind = &DecisionKind {
    name: "clash-play",
    script: PLAYS,
    policy: PolicyRole::Strongest,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// A card played in a standoff.
pub const CLASH_STANDOFF_PLAY: &DecisionKind = &DecisionKind {
    name: "clash-standoff-play",
    script: PLAYS,
    policy: PolicyRole::Strongest,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Whether to try to concede the battle.
pub const CLASH_CONCEDE_OFFER: &DecisionKind = &DecisionKind {
    name: "clash-concede-offer",
    script: PLAYS,
    policy: PolicyRole::Decline,
    volunteer: Volunteer::WhenNext("try-concede"),
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision Clash of the Lightsabers asks.
pub const KINDS: &[&DecisionKind] = &[
    CLASH_PLAN,
    CLASH_PLAY,
    CLASH_STANDOFF_PLAY,
    CLASH_CONCEDE_OFFER,
];
