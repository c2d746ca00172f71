//! The podrace procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use crate::engine::from_deck::NotFetched;
use serde::Serialize;

/// Why the step may not be walked at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum PodraceRefusal {
    NotDeployStep { step: String },
    NoObjective,
}

/// Why a card may not be deployed to the Objective.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum ObjectiveDeployRefusal {
    /// Neither a Podracer pilot nor a Podracer Weapon card.
    NotPodracerCard,
    /// The Objective already has one (one copy of each for the whole game).
    AlreadyOne {
        there: String,
    },
    /// A version of the character is in play at a planet.
    InPlayElsewhere {
        planet: String,
    },
    NotEnoughCounters {
        cost: u32,
        left: u32,
    },
}

/// How a lap card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LapsEnd {
    /// As many lap cards as Thrust tokens.
    ThrustUsed,
    /// He chose to play no more.
    Stopped,
    /// No card in his hand can be the next number.
    NoCardFits,
    /// No card in his hand can be the next number yet, and lap cards may follow Refuel
    /// (`laps-after-refuel: play-on`): he goes on to Refuel.
    NoCardFitsBeforeRefuel,
}

/// Where a handling number comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct HandlingSource {
    pub number: u8,
    /// The card whose collector number or text gives it.
    pub card: String,
    /// Lent by another card's text, not the pilot's own.
    pub lent: bool,
    /// 0 or 7: it cannot be used.
    pub unusable: bool,
}

/// What happened in a Podrace Deploy step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum PodraceEvent {
    Refused {
        side: Option<Side>,
        refusal: PodraceRefusal,
    },
    DeployRefused {
        side: Side,
        card: String,
        refusal: ObjectiveDeployRefusal,
    },
    Deployed {
        side: Side,
        card: String,
        cost: u32,
        counters_left: Option<u32>,
        from_deck: bool,
    },
    /// Game text places extra Thrust tokens as he deploys.
    ExtraThrust {
        card: String,
        extra: u32,
        tokens: u32,
        capped: bool,
    },
    /// The match deploys from the hand next: no search.
    MatchFromHand {
        card: String,
        match_card: String,
    },
    Searched {
        side: Side,
        wanted: String,
        /// Each title found, with how many copies the deck holds.
        found: Vec<(String, usize)>,
        too_dear: Vec<(String, u32)>,
    },
    NotFetched {
        side: Side,
        why: NotFetched,
    },
    Reshuffled {
        side: Side,
        deck_size: usize,
    },
    Penalty {
        side: Side,
        /// The cards lost, and what is left.
        #[serde(flatten)]
        taken: crate::engine::damage::Taken,
    },
    DeckVictory {
        winner: Side,
    },
    /// No Podracer pilot at the Objective: nothing else happens.
    NoPilot {
        side: Side,
    },
    /// He has refuelled in this step already: no Thrust, no second Refuel.
    AlreadyRefueled {
        side: Side,
    },
    /// He has thrust in this step already.
    AlreadyThrust {
        side: Side,
    },
    NoThrust {
        side: Side,
    },
    ThrustToken {
        pilot: String,
        tokens: u32,
        /// Whether the cap of 4 is in force under the ruleset.
        cap_in_force: bool,
    },
    /// The cap of 4 keeps the token off.
    ThrustCapped {
        pilot: String,
        tokens: u32,
    },
    /// Lap cards need the pilot's matching Podracer at the Objective.
    NoLapCards {
        pilot: String,
        weapon: Option<String>,
    },
    Handling {
        pilot: String,
        numbers: Vec<HandlingSource>,
        /// The collector number is not known.
        unknown: bool,
    },
    LapCard {
        side: Side,
        card: String,
        destiny: i32,
        /// The number in the sequence it is played as.
        number: u8,
        handling: bool,
        thrust_left: u32,
    },
    /// Three handling cards in the lap: no fourth.
    HandlingLimit {
        number: u8,
    },
    LapFinished {
        side: Side,
        laps: u32,
        thrust_left: u32,
        deck_size: usize,
    },
    PodraceWon {
        winner: Side,
        discarded: usize,
    },
    LapsEnd {
        played: u32,
        thrust: u32,
        why: LapsEnd,
        /// The number the lap needs next.
        next: u8,
    },
    Refueled {
        side: Side,
        drawn: u32,
        refuel: u32,
        thrust: u32,
        deck_had: usize,
    },
    NoRefuel {
        side: Side,
        /// He placed his token but played no lap card, under `refuel-after-thrust: lap-card`.
        no_lap_card: bool,
    },
}

/// What came of a Podrace Deploy step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PodraceResult {
    pub side: Option<Side>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<PodraceRefusal>,
    /// Cards refused at the Objective, with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused_deploys: Vec<(String, ObjectiveDeployRefusal)>,
    /// Cards deployed to the Objective, from the hand or the draw deck.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deployed: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fetched: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_fetched: Option<NotFetched>,
    /// Deploy counters left this turn; `None` where they are not counted or none were spent.
    pub counters_left: Option<u32>,
    /// DAMAGE taken as the penalty.
    pub damage: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<Side>,
    /// The Podracer pilot at the Objective.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pilot: Option<String>,
    /// Thrust tokens on him at the end.
    pub thrust: u32,
    /// Whether he thrust in this step (this walk or before it).
    pub thrusted: bool,
    /// The lap cards played in the step, by destiny number, in order.
    pub lap_cards: Vec<i32>,
    /// Lap tokens at the end.
    pub laps: u32,
    /// Laps finished in the step (lap tokens placed in it).
    #[serde(skip_serializing_if = "is_zero")]
    pub laps_finished: u32,
    /// The Podracing pile at the end, by destiny number, first played first.
    pub pile: Vec<i32>,
    /// Cards drawn by Refuel; `None`: he did not refuel.
    pub refuel_drawn: Option<u32>,
    /// He finished his third lap and won the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_won: Option<Side>,
}

/// Whether a count is zero, to leave it out of the JSON.
fn is_zero(count: &u32) -> bool {
    *count == 0
}
