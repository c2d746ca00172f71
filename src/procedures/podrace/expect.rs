//! What a scenario expects of the podrace procedure's walk: its part of `expect:`.

use super::events::PodraceResult;
use crate::board::Board;
use crate::procedures::outcome::Unmet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::{CardsDrawn, DamageTotal, Destiny, Laps, Thrust};
use crate::scenario::ExpectFile;
use crate::scenario::{SideOrNone, ZonesBySide};

/// The expected outcome of `action: podrace`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceExpectation {
    /// Whether the step is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// Lap tokens on the Objective afterwards (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laps: Option<Laps>,
    /// Thrust tokens on the pilot afterwards (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust: Option<Thrust>,
    /// The Podracing pile afterwards, by destiny number, first played first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile: Option<Vec<Destiny>>,
    /// The lap cards played in the step, by destiny number, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lap_cards: Option<Vec<Destiny>>,
    /// The cards drawn by Refuel (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuel_drawn: Option<CardsDrawn>,
    /// The player who won the game by finishing his third lap, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_won: Option<SideOrNone>,
    /// The DAMAGE he took as the penalty of deploying nothing from the draw deck (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageTotal>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// How many cards each player has in a zone afterwards, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl ExpectFile for PodraceExpectation {
    const KEY: &'static str = "podrace";
    const ABOUT: &'static str = "The outcome of a Podrace Deploy step.";
}

/// Whether the step, or a card deployed in it, was refused.
pub(super) fn refused(result: &PodraceResult) -> bool {
    result.refusal.is_some() || !result.refused_deploys.is_empty()
}

/// The differences between a Podrace step's result and what the scenario expects.
pub(super) fn unmet_podrace_expectations(
    expect: &PodraceExpectation,
    result: &PodraceResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    unmet.flag("refused", expect.refused, Some(refused(result)));
    unmet.number(
        "laps",
        expect.laps.map(|laps| laps.get()),
        i64::from(result.laps),
    );
    unmet.number(
        "Thrust tokens",
        expect.thrust.map(|thrust| thrust.get()),
        i64::from(result.thrust),
    );
    let numbers = |wanted: &Vec<crate::ranged::Destiny>| -> Vec<String> {
        wanted
            .iter()
            .map(|number| number.get().to_string())
            .collect()
    };
    let actual = |numbers: &[i32]| -> Vec<String> { numbers.iter().map(i32::to_string).collect() };
    unmet.list(
        "pile",
        expect.pile.as_ref().map(numbers),
        actual(&result.pile),
    );
    unmet.list(
        "lap cards",
        expect.lap_cards.as_ref().map(numbers),
        actual(&result.lap_cards),
    );
    unmet.number(
        "refuel drawn",
        expect.refuel_drawn.map(|drawn| drawn.get()),
        i64::from(result.refuel_drawn.unwrap_or(0)),
    );
    unmet.side("game won", expect.game_won, result.game_won);
    unmet.number(
        "damage",
        expect.damage.map(|damage| damage.get()),
        i64::from(result.damage),
    );
    unmet.deck_victory(expect.deck_victory, result.deck_victory);
    unmet.zones(expect.zones.as_ref(), board);
    unmet.into_lines()
}
