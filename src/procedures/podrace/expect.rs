//! What a scenario expects of the podrace procedure's walk: its part of `expect:`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::{CardsDrawn, DamageTotal, Destiny, Laps, Thrust};
use crate::scenario::{SideOrNone, ZonesBySide};
use crate::scenario::ExpectFile;

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
