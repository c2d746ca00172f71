//! The battle procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use crate::cards::Side;
use serde::Serialize;

/// What is walked: a character battle, or an evacuation (with its starship battle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Battle,
    Evacuation,
}

/// Why a battle or an evacuation may not be taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum BattleRefusal {
    NotBattleStep {
        step: Option<String>,
    },
    NoPlanet,
    /// The rules in force are the base rulebook's, which the corpus does not hold.
    RulesNotHeld {
        ruleset: String,
    },
    NoTransport {
        side: Side,
    },
    NothingToEvacuate {
        side: Side,
        planet: String,
    },
    PartialEvacuation {
        side: Side,
        left: Vec<String>,
    },
    NoCharacters {
        side: Side,
    },
    /// A battle away from the current planet.
    NotCurrentPlanet {
        planet: String,
    },
    /// Under the Players Committee's rules: the player passed in a duel this turn, and may
    /// not initiate a battle.
    PassedInDuel {
        side: Side,
    },
    /// The evacuation was intercepted, but the starship battle's rules (those of the
    /// character battle) are the base rulebook's under the rules in force.
    StarshipBattleRulesNotHeld {
        ruleset: String,
    },
    /// A battle plan the scenario states that the rules do not allow: the finding's code and
    /// what is wrong.
    Plan {
        side: Side,
        code: String,
        problem: String,
    },
}

impl BattleRefusal {
    /// Whether a rule refuses the battle or evacuation, rather than the position lacking a fact
    /// or the rules in force being ones the corpus does not hold.
    pub fn is_by_rule(&self) -> bool {
        !matches!(
            self,
            BattleRefusal::RulesNotHeld { .. } | BattleRefusal::StarshipBattleRulesNotHeld { .. }
        )
    }
}

/// What happened in a battle or an evacuation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum BattleEvent {
    Refused {
        side: Option<Side>,
        mode: Mode,
        refusal: BattleRefusal,
    },
    EvacuationAttempted {
        side: Side,
        planet: String,
        starships: Vec<String>,
        transports: Vec<String>,
        cards: Vec<String>,
    },
    StarshipsAdded {
        side: Side,
        cards: Vec<String>,
    },
    Intercepted {
        side: Side,
        starships: Vec<String>,
    },
    NotIntercepted {
        side: Side,
        could: bool,
    },
    BattleBegins {
        attacker: Side,
        planet: String,
        starships: bool,
    },
    PlanMade {
        side: Side,
        entries: Vec<String>,
        stated: bool,
    },
    BattleCardsDeclared {
        side: Side,
        count: usize,
        attacker: bool,
    },
    NotABattleCard {
        side: Side,
        card: String,
    },
    WeaponSetAside {
        side: Side,
        card: String,
        reason: String,
    },
    Fight {
        number: usize,
        light: Vec<String>,
        dark: Vec<String>,
        /// The Battle card by whose text a side's cards fight together, each side's.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        together: Vec<(Side, String)>,
    },
    BattleCardIdle {
        side: Side,
        card: String,
        works: String,
    },
    WeaponCancelled {
        side: Side,
        card: String,
        by: String,
    },
    DestinyDrawn {
        side: Side,
        card: String,
        destiny: i32,
        for_card: String,
    },
    NoCardToDraw {
        side: Side,
        for_card: String,
    },
    FightTotal {
        side: Side,
        cards: Vec<String>,
        parts: Vec<(String, i32)>,
        total: i32,
    },
    /// A working Battle card's text changes destiny numbers or adds to a total after both
    /// sides drew: the totals it leaves.
    DestinyChanged {
        side: Side,
        card: String,
        change: DestinyChange,
        light: i32,
        dark: i32,
    },
    /// A winner fights the next fight too, by his Battle card's text.
    FightsNextFight {
        side: Side,
        card: String,
        by: String,
        weapons: Vec<String>,
    },
    FightWon {
        number: usize,
        winner: Side,
        light: i32,
        dark: i32,
    },
    FightTied {
        number: usize,
        total: i32,
        both_defeated: bool,
    },
    TieGame,
    Defeated {
        side: Side,
        cards: Vec<String>,
        weapon_kept: Option<String>,
    },
    DamageTaken {
        side: Side,
        amount: i32,
        parts: Vec<(String, i32)>,
        /// The cards lost, and what is left.
        #[serde(flatten)]
        taken: crate::engine::damage::Taken,
    },
    DeckVictory {
        winner: Side,
        /// The loser drew his last card for destiny (rather than losing it to DAMAGE).
        by_destiny: bool,
    },
    Unopposed {
        side: Side,
        cards: Vec<String>,
    },
    Breakthrough {
        side: Side,
        card: String,
        amount: i32,
    },
    NoBreakthrough,
    /// The last card of a side's plan used a Battle card by whose text that side loses
    /// nothing to breakthrough.
    BreakthroughKept {
        side: Side,
        card: String,
        user: String,
    },
    BattleCardsDiscarded {
        side: Side,
        cards: Vec<String>,
    },
    SurvivorsToHyperspace {
        side: Side,
        cards: Vec<String>,
    },
    EvacuationSucceeded {
        side: Side,
        transports: Vec<String>,
        cards: Vec<String>,
        deck_size: usize,
    },
    EvacuationFailed {
        side: Side,
        cards: Vec<String>,
    },
}

/// Where the evacuated cards went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EvacuatedTo {
    DrawDeck,
    DiscardPile,
}

/// The outcome of a battle or an evacuation, for the verdict and for expectations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BattleResult {
    pub mode: Mode,
    pub refusal: Option<BattleRefusal>,
    /// The evacuating player, or the attacker of a character battle.
    pub side: Option<Side>,
    pub planet: Option<String>,
    /// Evacuation: whether the opponent intercepted.
    pub intercepted: Option<bool>,
    /// Evacuation: whether it succeeded (`None`: refused, or the game ended first).
    pub evacuated: Option<bool>,
    pub evacuated_to: Option<EvacuatedTo>,
    pub fights: usize,
    pub defeated_light: Vec<String>,
    pub defeated_dark: Vec<String>,
    pub damage_light: i32,
    pub damage_dark: i32,
    pub deck_victory: Option<Side>,
    /// Both players drew their last card in one fight.
    pub tie_game: bool,
}

impl BattleResult {
    pub(super) fn new(mode: Mode) -> BattleResult {
        BattleResult {
            mode,
            refusal: None,
            side: None,
            planet: None,
            intercepted: None,
            evacuated: None,
            evacuated_to: None,
            fights: 0,
            defeated_light: Vec::new(),
            defeated_dark: Vec::new(),
            damage_light: 0,
            damage_dark: 0,
            deck_victory: None,
            tie_game: false,
        }
    }

    pub fn damage(&self, side: Side) -> i32 {
        match side {
            Side::Light => self.damage_light,
            Side::Dark => self.damage_dark,
        }
    }

    pub fn defeated(&self, side: Side) -> &[String] {
        match side {
            Side::Light => &self.defeated_light,
            Side::Dark => &self.defeated_dark,
        }
    }

    pub(super) fn add_damage(&mut self, side: Side, amount: i32) {
        let slot = match side {
            Side::Light => &mut self.damage_light,
            Side::Dark => &mut self.damage_dark,
        };
        *slot = slot.saturating_add(amount);
    }

    pub(super) fn add_defeated(&mut self, side: Side, name: String) {
        match side {
            Side::Light => self.defeated_light.push(name),
            Side::Dark => self.defeated_dark.push(name),
        }
    }
}

/// What a Battle card's destiny text did in a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DestinyChange {
    /// The user's DAMAGE number stood in for one of his side's destiny numbers.
    DamageForDestiny {
        user: String,
        damage: i32,
        destiny: i32,
    },
    /// One of the side's destiny numbers and one of the opponent's were switched.
    Switched { own: i32, theirs: i32 },
    /// The user's destiny was below his opponent's: he gained the difference as power.
    GainedDifference { own: i32, theirs: i32 },
}
