//! The `deploy:` section of a scenario: the card the player whose turn it is deploys from his hand, where, and whether hidden.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Located;

/// A card being deployed; `action: deploy` walks it and what its text then deploys from the
/// draw deck.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployFile {
    /// The card, in the hand of the player whose turn it is.
    pub card: Located<String>,
    /// The planet it deploys to; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Located<String>>,
    /// Deployed face down.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}
