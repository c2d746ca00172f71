//! What a scenario expects of the battle procedure's walk: its part of `expect:`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{DamageBySide, SideOrNone, ZonesBySide};
use crate::scenario::ExpectFile;

/// Where evacuated cards went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EvacuatedToName {
    DrawDeck,
    DiscardPile,
}

/// Cards by side, by name.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamesBySide {
    #[serde(default)]
    pub light: Vec<String>,
    #[serde(default)]
    pub dark: Vec<String>,
}

/// The expected outcome of a battle or an evacuation.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleExpectation {
    /// Whether taking the action is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// Evacuation: whether the opponent intercepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercepted: Option<bool>,
    /// Evacuation: whether it succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuated: Option<bool>,
    /// Evacuation: where the evacuated characters and weapons went: `draw-deck` or
    /// `discard-pile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuated_to: Option<EvacuatedToName>,
    /// The cards defeated on each side, in the order of the fights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<NamesBySide>,
    /// The DAMAGE each player takes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageBySide>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// Whether the game ends in a tie (both players drew their last card in one fight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_game: Option<bool>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl ExpectFile for BattleExpectation {
    const KEY: &'static str = "battle";
    const ABOUT: &'static str = "The outcome of a battle or an evacuation.";
}
