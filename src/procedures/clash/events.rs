//! The clash procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use serde::Serialize;

/// How far to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClashAction {
    Battle,
    Round,
    Game,
}

/// What happened in Clash of the Lightsabers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum ClashEvent {
    ClashDealt {
        side: Side,
        count: usize,
    },
    ClashPlanned {
        side: Side,
        battle: u8,
        card: String,
    },
    ClashBattleBegins {
        round: u32,
        battle: u8,
    },
    ClashFlip {
        side: Side,
        card: Option<String>,
    },
    ClashPlay {
        side: Side,
        card: String,
        simultaneous: bool,
    },
    ClashSpecialsCancel {
        light: String,
        dark: String,
    },
    ClashSpecialEffect {
        side: Side,
        card: String,
        effect: String,
        source: String,
    },
    ClashStatus {
        light_total: i32,
        dark_total: i32,
        light_cards: usize,
        dark_cards: usize,
        winning: Option<Side>,
    },
    ClashMustPlay {
        side: Side,
    },
    ClashConcede {
        side: Side,
        forced: bool,
    },
    ClashConcessionRefused {
        side: Side,
        standoff: bool,
    },
    ClashBattleEnd {
        round: u32,
        battle: u8,
        winner: Option<Side>,
    },
    ClashReshuffle {
        side: Side,
        count: usize,
    },
    ClashRoundEnd {
        round: u32,
        light_won: u8,
        dark_won: u8,
        mover: Option<Side>,
        steps: u8,
        light_track: u8,
        dark_track: u8,
    },
    ClashNewRound {
        round: u32,
        light_drew: usize,
        dark_drew: usize,
    },
    ClashGameWon {
        winner: Side,
        round: u32,
    },
}

/// One battle's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BattleOutcome {
    pub round: u32,
    pub battle: u8,
    /// `None` for a draw.
    pub winner: Option<Side>,
}

/// What a Clash walk came to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ClashResult {
    pub battles: Vec<BattleOutcome>,
    /// Per round: who moved and how many cards.
    pub moves: Vec<(u32, Option<Side>, u8)>,
    pub track_light: u8,
    pub track_dark: u8,
    pub game_winner: Option<Side>,
}
