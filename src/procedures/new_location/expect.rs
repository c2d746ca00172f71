//! What a scenario expects of the new location procedure's walk: its part of `expect:`.

use super::events::EffectsResult;
use crate::board::Board;
use crate::cards::Side;
use crate::procedures::outcome::Unmet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::ExpectFile;
use crate::scenario::ZonesBySide;

/// The expected outcome of a new location's Effects.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLocationExpectation {
    /// The Effect each player gets, or `none`: `{light: Jedi Training, dark: none}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<EffectsBySide>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// A card name (or `none`) for each side.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectsBySide {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<String>,
}

impl ExpectFile for NewLocationExpectation {
    const KEY: &'static str = "new_location";
    const ABOUT: &'static str = "The outcome of a new location's Effects.";
}

/// The differences between a new location's result and what the scenario expects.
pub(super) fn unmet_expectations(
    expect: &NewLocationExpectation,
    result: &EffectsResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    if let Some(effects) = &expect.effects {
        for (side, wanted) in [(Side::Light, &effects.light), (Side::Dark, &effects.dark)] {
            unmet.name(
                &format!("Effect of the {side} player"),
                wanted.as_deref(),
                Some(result.effect(side).map_or("none", String::as_str)),
            );
        }
    }
    unmet.zones(expect.zones.as_ref(), board);
    unmet.into_lines()
}
