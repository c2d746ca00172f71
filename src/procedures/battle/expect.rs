//! What a scenario expects of the battle procedure's walk: its part of `expect:`.

use super::events::BattleResult;
use crate::board::Board;
use crate::cards::Side;
use crate::procedures::outcome::Unmet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::ExpectFile;
use crate::scenario::{DamageBySide, SideOrNone, ZonesBySide};

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

/// The differences between a battle's result and what the scenario expects.
pub(super) fn unmet_battle_expectations(
    expect: &BattleExpectation,
    result: &BattleResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    unmet.flag("refused", expect.refused, Some(result.refusal.is_some()));
    unmet.flag("intercepted", expect.intercepted, result.intercepted);
    unmet.flag("evacuated", expect.evacuated, result.evacuated);
    unmet.flag("tie game", expect.tie_game, Some(result.tie_game));
    if let Some(to) = expect.evacuated_to {
        let actual = result.evacuated_to.map(|to| match to {
            super::events::EvacuatedTo::DrawDeck => EvacuatedToName::DrawDeck,
            super::events::EvacuatedTo::DiscardPile => EvacuatedToName::DiscardPile,
        });
        if actual != Some(to) {
            unmet.push(format!(
                "evacuated to: expected {to:?}, got {}",
                actual.map_or("nowhere".to_string(), |to| format!("{to:?}"))
            ));
        }
    }
    if let Some(defeated) = &expect.defeated {
        for (side, wanted) in [(Side::Light, &defeated.light), (Side::Dark, &defeated.dark)] {
            unmet.names(
                &format!("defeated ({side})"),
                Some(wanted),
                result.defeated(side),
            );
        }
    }
    unmet.damage(expect.damage, |side| result.damage(side));
    unmet.deck_victory(expect.deck_victory, result.deck_victory);
    unmet.zones(expect.zones.as_ref(), board);
    unmet.into_lines()
}
