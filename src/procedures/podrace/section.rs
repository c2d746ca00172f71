//! The `podrace:` section of a scenario: what the player whose turn it is deploys to his Objective in this Deploy step, and whether he has already thrust or refuelled in it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Located;

/// The Podrace part of a Deploy step; `action: podrace` walks it.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceFile {
    /// The cards he deploys from his hand to his Objective (a Podracer pilot, a Podracer
    /// Weapon card), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deploy: Vec<Located<String>>,
    /// He has already thrust in this Deploy step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub thrusted: bool,
    /// He has already refuelled in this Deploy step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refueled: bool,
}
