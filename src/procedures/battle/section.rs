//! The `battle:` section of a scenario: where a battle or an evacuation takes place, and the battle plans already made.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Located;

/// A battle or an evacuation as the judge finds it: the planet, and each player's battle
/// plan if it is made (a side left out makes its plan by decisions).
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleFile {
    /// The planet of the battle, or the planet evacuated; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planet: Option<Located<String>>,
    /// Evacuation: the cards the evacuating player says he evacuates; left out, all his
    /// characters and weapons there. Naming fewer is a partial evacuation, which the rules
    /// refuse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuating: Option<Located<Vec<Located<String>>>>,
    /// The Light Side player's battle plan, in order: one entry per fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<Vec<Located<PlanEntryFile>>>>,
    /// The Dark Side player's battle plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<Vec<Located<PlanEntryFile>>>>,
}

/// One entry of a battle plan.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanEntryFile {
    /// The character (or, in a starship battle, the starship) that fights.
    pub fighter: Located<String>,
    /// A second card that fights together with it (a Battle card must allow it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub together_with: Option<Located<String>>,
    /// The weapon it fights with, at the planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Located<String>>,
    /// Battle cards inserted from the hand for this fight (only the first works).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battle_cards: Vec<Located<String>>,
}
