//! The remedy procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use serde::Serialize;

/// What happened as the remedies were applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum RemedyEvent {
    /// The position breaks no rule whose remedy the FAQ gives.
    NothingToRemedy,
    /// A finding, whose remedy follows; `assumed` names the assumptions it rests on.
    Finding {
        code: String,
        message: String,
        assumed: Vec<String>,
    },
    /// The remedy takes cards back into their owner's hand.
    ReturnedToHand {
        side: Side,
        cards: Vec<String>,
        /// A stack left where it is, if the remedy keeps one.
        kept: Option<String>,
    },
    /// The position does not tell which cards the remedy takes back.
    CannotTell {
        code: String,
    },
    /// A remedy the engine does not carry out.
    NotWalked {
        code: String,
    },
    /// Hidden cards over six: the offender concedes the current planet, his deployed cards
    /// staying there but for Battle cards and starships, which are discarded.
    Conceded {
        side: Side,
        planet: String,
        discarded: Vec<String>,
    },
    /// The opponent takes back the cards she deployed on that planet into her deck, or not.
    ShuffledBack {
        side: Side,
        cards: Vec<String>,
        deck_size: usize,
    },
    KeptThere {
        side: Side,
    },
    /// The offender evens up: draws up to his hand size.
    EvenedUp {
        side: Side,
        drawn: usize,
        hand_size: usize,
        deck_left: usize,
        /// Of the cards drawn, the lap cards (the draw deck exhausted).
        #[serde(default, skip_serializing_if = "crate::engine::damage::is_zero")]
        lap_cards: usize,
    },
    DeckVictory {
        winner: Side,
    },
    /// He chooses the next planet and takes the first turn there.
    NextPlanet {
        side: Side,
        planet: String,
    },
}

/// What came of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RemedyResult {
    /// The codes of the findings remedied, in order.
    pub remedied: Vec<String>,
    /// The codes of the findings whose remedy was not carried out.
    pub not_remedied: Vec<String>,
    /// The cards taken back into a hand.
    pub returned: Vec<String>,
    /// The planet conceded for hidden cards over six, and the planet chosen next.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conceded: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_planet: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<Side>,
}
