//! The decisions deploying a card asks: the card its text deploys from the draw deck, and
//! whether an Effect at the planet is discarded to deploy one.

use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};

/// The key that answers [`DISCARD_EFFECT`].
pub const DISCARD_EFFECT_KEY: &ScriptKey = &ScriptKey {
    key: "discard_effect",
    answer: Answer::YesNo,
    about: "Deploying: whether the player discards his Effect at the planet, as its text lets him\nwhen the card deploys, to deploy a card from his draw deck.",
    leftover_unasked: false,
};

/// Whether an Effect whose text acts on the deploy is discarded to deploy from the draw deck.
pub const DISCARD_EFFECT: &DecisionKind = &DecisionKind {
    name: "discard-effect",
    script: DISCARD_EFFECT_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

/// Every decision deploying a card asks.
pub const KINDS: &[&DecisionKind] = &[crate::engine::from_deck::FETCH, DISCARD_EFFECT];
