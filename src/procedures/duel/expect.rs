//! What a scenario expects of the duel procedure's walk: its part of `expect:`.

use super::events::DuelResult;
use crate::board::Board;
use crate::cards::Side;
use crate::procedures::outcome::Unmet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::{DeckSize, Hits};
use crate::scenario::ExpectFile;
use crate::scenario::{DamageBySide, SideOrNone, ZonesBySide};

/// The expected outcome of a duel.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelExpectation {
    /// Whether initiating the duel is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// The character that defends, after any substitution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<String>,
    /// Whose character is defeated (or discarded for a printed DAMAGE of 0), or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<SideOrNone>,
    /// The damage each player takes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageBySide>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// The hit tokens on each fighter when the exchange of attacks ended (at a defeat, or
    /// when both dueling hands ran out), before any are removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<HitsBySide>,
    /// The number of cards left in each dueling hand when the exchange ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<CardsBySide>,
    /// Who makes the first fresh attack of the walk (after a block that failed or was not
    /// made, the player hit), or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_attacker: Option<SideOrNone>,
    /// How many cards each player has in a zone at the end of the walk: `{light:
    /// {draw-deck: 6, discard-pile: 2}}`. Zones: `draw-deck`, `hand`, `discard-pile`,
    /// `hyperspace`, `objective`, `at-objective`, `podracing-pile`, `battle-plan`,
    /// `dueling-hand`, `dueling-pile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// Hit tokens on each side's fighter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HitsBySide {
    #[serde(default)]
    pub light: Hits,
    #[serde(default)]
    pub dark: Hits,
}

/// A number of cards for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsBySide {
    #[serde(default)]
    pub light: DeckSize,
    #[serde(default)]
    pub dark: DeckSize,
}

impl ExpectFile for DuelExpectation {
    const KEY: &'static str = "duel";
    const ABOUT: &'static str = "The outcome of the duel.";
}

/// The differences between a duel's result, and the board after it, and what the scenario
/// expects.
pub(super) fn unmet_duel_expectations(
    expect: &DuelExpectation,
    result: &DuelResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    if let Some(refused) = expect.refused
        && refused != result.refusal.is_some()
    {
        unmet.push(format!(
            "refused: expected {refused}, but the duel was {}",
            if result.refusal.is_some() {
                "refused"
            } else {
                "initiated"
            }
        ));
    }
    unmet.name(
        "defender",
        expect.defender.as_deref(),
        result.defender.as_deref(),
    );
    unmet.side("defeated", expect.defeated, result.defeated);
    unmet.damage(expect.damage, |side| result.damage(side));
    unmet.deck_victory(expect.deck_victory, result.deck_victory);
    let end = result.exchange_end.unwrap_or_default();
    if let Some(hits) = expect.hits {
        for (side, wanted, actual) in [
            (Side::Light, hits.light.u32(), end.light_hits),
            (Side::Dark, hits.dark.u32(), end.dark_hits),
        ] {
            unmet.number(
                &format!("hits on the {side} fighter when the exchange ended"),
                Some(i64::from(wanted)),
                i64::from(actual),
            );
        }
    }
    if let Some(hands) = expect.hands {
        for (side, wanted, actual) in [
            (Side::Light, hands.light.u32(), end.light_cards),
            (Side::Dark, hands.dark.u32(), end.dark_cards),
        ] {
            unmet.number(
                &format!("cards in the {side} dueling hand when the exchange ended"),
                Some(i64::from(wanted)),
                i64::try_from(actual).unwrap_or(i64::MAX),
            );
        }
    }
    unmet.side("next attacker", expect.next_attacker, result.first_attacker);
    unmet.zones(expect.zones.as_ref(), board);
    unmet.into_lines()
}
