//! What a scenario expects of the remedy procedure's walk: its part of `expect:`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::ZonesBySide;
use crate::scenario::ExpectFile;

/// The expected outcome of `action: remedy`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RemedyExpectation {
    /// The cards taken back into a hand, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<Vec<String>>,
    /// How many cards each player has in a zone afterwards, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl ExpectFile for RemedyExpectation {
    const KEY: &'static str = "remedy";
    const ABOUT: &'static str = "The outcome of the remedies.";
}
