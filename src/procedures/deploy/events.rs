//! The deploy procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use crate::engine::from_deck::NotFetched;
use serde::Serialize;

/// Why the card may not be deployed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum DeployRefusal {
    NotEnoughCounters { cost: u32, left: u32 },
}

/// What happened in a deploy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum DeployEvent {
    Refused {
        side: Option<Side>,
        refusal: DeployRefusal,
    },
    /// An Effect of his in play gives the player more deploy counters this turn than six.
    CountersAllowed {
        side: Side,
        counters: u32,
        effect: String,
    },
    Deployed {
        side: Side,
        card: String,
        planet: String,
        hidden: bool,
        cost: u32,
        /// `None` where counters are not counted.
        counters_left: Option<u32>,
        /// The card whose text set what it cost, if one did: an Effect, or the card itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost_set_by: Option<String>,
        /// Where the card's own text set it: the card in play there that its text asks for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost_with: Option<String>,
    },
    /// An Effect at the planet lets its player discard it, now that the card deployed, to
    /// deploy a card from his draw deck: whether he did.
    EffectTriggered {
        side: Side,
        effect: String,
        card: String,
        wanted: String,
        discarded: bool,
    },
    /// A hidden card's text does nothing.
    TextOff {
        side: Side,
        card: String,
    },
    /// The text works only at another planet.
    TextNotHere {
        side: Side,
        card: String,
        planet: String,
        only: String,
    },
    Searched {
        side: Side,
        card: String,
        wanted: String,
        by_trait: bool,
        /// Each title found, with how many copies the deck holds.
        found: Vec<(String, usize)>,
        /// Matches that cost more than the counters left, with their cost.
        too_dear: Vec<(String, u32)>,
        /// The text takes the card into the hand rather than deploying it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        into_hand: bool,
    },
    /// The card the text takes from the draw deck into the hand.
    TakenIntoHand {
        side: Side,
        card: String,
    },
    Fetched {
        side: Side,
        card: String,
        planet: String,
        cost: u32,
        free: bool,
        hidden: bool,
        counters_left: Option<u32>,
        /// The card whose text set what it cost, if one did: an Effect, or the card itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost_set_by: Option<String>,
        /// Where the card's own text set it: the card in play there that its text asks for.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost_with: Option<String>,
    },
    NotFetched {
        side: Side,
        why: NotFetched,
        /// The text would have taken it into the hand.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        into_hand: bool,
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
    /// A card's text draws its player cards as a card deploys.
    TextDraws {
        side: Side,
        card: String,
        /// The cards drawn (fewer where the draw deck ran short).
        drawn: usize,
    },
    /// The player declines the draw a card's text offers him.
    DrawDeclined {
        side: Side,
        card: String,
    },
    /// A card's text gives the player (the deploying player's opponent) DAMAGE as it deploys.
    TextDamage {
        side: Side,
        card: String,
        damage: u8,
        /// The cards lost, and what is left.
        #[serde(flatten)]
        taken: crate::engine::damage::Taken,
    },
}

/// What came of a deploy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DeployResult {
    pub side: Option<Side>,
    pub card: Option<String>,
    pub planet: Option<String>,
    pub hidden: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<DeployRefusal>,
    /// The card deployed from the draw deck (or taken into the hand, with `into_hand`); where
    /// the card's own text and an Effect each deployed one, the Effect's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fetched: Option<String>,
    /// The Effect its player gave up for a card out of his draw deck when the
    /// card deployed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect_discarded: Option<String>,
    /// The text took its card into the hand rather than deploying it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub into_hand: bool,
    /// Why none was, where the text let him search (the Effect's search, where the card's own
    /// text and an Effect each let him).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_fetched: Option<NotFetched>,
    /// Deploy counters left this turn; `None` where they are not counted.
    pub counters_left: Option<u32>,
    /// DAMAGE taken as the penalty.
    pub damage: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<Side>,
    /// DAMAGE the deployed card's text (or a card's that names it) gave the opponent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opponent_damage: u32,
}

impl DeployResult {
    /// Whether the card's text let him search his draw deck: a search ends with a card
    /// deployed from it or a reason why none was.
    pub fn searched(&self) -> bool {
        self.fetched.is_some() || self.not_fetched.is_some()
    }
}

/// Whether a count is zero, to leave it out of the JSON.
fn is_zero(value: &u32) -> bool {
    *value == 0
}
