//! The new location procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use serde::Serialize;

/// When the Effects are fetched.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Occasion {
    /// The first location of a planet goes into play.
    #[default]
    NewPlanet,
    /// The start of the game, right after both players draw their starting hands.
    StartOfGame,
    /// A player takes control of a planet.
    TookControl,
}

/// What happened as the new planet's Effects were fetched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum EffectsEvent {
    /// No one is named as having put the location down, and it is no one's turn.
    NoOneFirst,
    Occasion {
        first: Side,
        planet: Option<String>,
        occasion: Occasion,
    },
    EffectTaken {
        side: Side,
        card: String,
        hand_size: usize,
        occasion: Occasion,
    },
    NoEffect {
        side: Side,
        /// Whether his draw deck holds an Effect at all.
        had_one: bool,
    },
    Reshuffled {
        side: Side,
        deck_size: usize,
    },
}

/// What came of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct EffectsResult {
    pub first: Option<Side>,
    pub occasion: Occasion,
    pub planet: Option<String>,
    /// The Effect each player got, if any.
    pub light_effect: Option<String>,
    pub dark_effect: Option<String>,
}

impl EffectsResult {
    pub fn effect(&self, side: Side) -> Option<&String> {
        match side {
            Side::Light => self.light_effect.as_ref(),
            Side::Dark => self.dark_effect.as_ref(),
        }
    }
}
