//! What a scenario expects of the deploy procedure's walk: its part of `expect:`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::{Counters, DamageTotal};
use crate::scenario::{SideOrNone, ZonesBySide};
use crate::scenario::ExpectFile;

/// The expected outcome of a deploy.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployExpectation {
    /// Whether the deploy is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// The card deployed from the draw deck, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetched: Option<String>,
    /// The deploy counters left this turn (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_left: Option<Counters>,
    /// The DAMAGE the player takes as the penalty (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageTotal>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl ExpectFile for DeployExpectation {
    const KEY: &'static str = "deploy";
    const ABOUT: &'static str = "The outcome of a deploy.";
}
