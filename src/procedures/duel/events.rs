//! The duel procedure's events and result: what it publishes of itself, in the steps and the result of `walk --format json` (its schema is snapshot-tested).

use super::section::PendingMove;
use crate::cards::{DuelingEffect, Side};
use crate::engine::Tally;
use serde::Serialize;

/// Why a duel may not be initiated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum Refusal {
    NotBattleStep {
        step: Option<String>,
    },
    AlreadyDueled,
    NoCurrentPlanet,
    NoDuelingCharacter {
        side: Side,
    },
    /// The opponent has no character at the current planet to defend.
    NoDefender {
        side: Side,
    },
    NoUsableLightsaber,
    /// The rules in force change the duel by rules this program does not apply (a fan
    /// update's paraphrased duel rules): the duel is not walked rather than answered by the
    /// rules they change.
    RulesNotApplied {
        ruleset: String,
        rules: Vec<String>,
    },
}

impl Refusal {
    /// Whether a rule refuses the duel, rather than the program declining rules it does not
    /// apply.
    pub fn is_by_rule(&self) -> bool {
        !matches!(self, Refusal::RulesNotApplied { .. })
    }
}

/// What happened in a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum DuelEvent {
    DuelInitiated {
        initiator: Side,
        planet: String,
    },
    /// A duel under way, taken up where the position leaves it.
    DuelResumed {
        initiator: Side,
        planet: Option<String>,
        light: String,
        dark: String,
        light_weapon: Option<String>,
        dark_weapon: Option<String>,
        next: Side,
        pending: PendingMove,
    },
    DuelRefused {
        initiator: Option<Side>,
        refusal: Refusal,
    },
    FighterChosen {
        side: Side,
        card: String,
        by: Side,
        role: String,
    },
    DefenderSubstituted {
        side: Side,
        from: String,
        to: String,
    },
    SubstitutionDeclined {
        side: Side,
        could: Vec<String>,
    },
    NoSubstituteAvailable {
        side: Side,
        other_versions: Vec<String>,
    },
    WeaponChosen {
        side: Side,
        card: Option<String>,
        lightsaber: bool,
        /// The weapons the defender could have used and did not take: he fights with no
        /// weapon though the first option of his choice, "no weapon", was not his only one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        passed_over: Vec<String>,
    },
    DamageZeroDiscarded {
        side: Side,
        card: String,
    },
    /// A dueling character with a printed DAMAGE of 0, where the revised rule that discards
    /// him is not in force: he fights (the named assumption `damage-zero-under-rulesheet`).
    DamageZeroFights {
        side: Side,
        card: String,
    },
    AnakinDestiny {
        side: Side,
        card: String,
        destiny: i32,
    },
    PowerTotalled {
        side: Side,
        card: String,
        parts: Vec<(String, i32)>,
        total: i32,
        weapon: Option<String>,
    },
    DuelingHandDrawn {
        side: Side,
        wanted: i32,
        drawn: usize,
        deck_left: usize,
    },
    Attack {
        side: Side,
        card: String,
        destiny: i32,
    },
    Block {
        side: Side,
        card: String,
        destiny: i32,
    },
    NoBlock {
        side: Side,
        destiny: i32,
        could_have: bool,
    },
    /// Under the Players Committee's rules: the player whose turn it is to lead passes
    /// instead of attacking; `again` where he passed before and may only block now.
    Passed {
        side: Side,
        again: bool,
    },
    /// Under the Players Committee's rules: both players have passed, and the duel ends with
    /// neither character defeated.
    BothPassed,
    /// Under the Players Committee's rules: his dueling character's game text forbids his
    /// player to pass, so he attacks at every turn to lead.
    MayNotPass {
        side: Side,
        card: String,
    },
    /// His dueling character's game text draws cards on his player's first pass: `wanted`
    /// cards, `drawn` of them (fewer when the draw deck runs out), into his hand or, as the
    /// scenario chose, his dueling hand.
    PassDraws {
        side: Side,
        card: String,
        wanted: u8,
        drawn: u8,
        dueling_hand: bool,
    },
    /// Under the Players Committee's rules: one player has passed and the other has no card
    /// left to attack with, so the duel ends with neither character defeated.
    NoAttackLeft {
        passed: Side,
    },
    Hit {
        side: Side,
        card: String,
        by: String,
        hits: u32,
        damage: i32,
    },
    DuelingText {
        side: Side,
        card: String,
        effect: DuelingEffect,
        applied: bool,
        detail: String,
        /// The scorer uses no lightsaber: the text applies by the Players Committee's rule.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        without_lightsaber: bool,
    },
    CannotAttack {
        side: Side,
        /// The exchange ends here (the scenario's choice for `empty-hand-cannot-attack`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exchange_ends: bool,
    },
    Defeated {
        side: Side,
        card: String,
        hits: u32,
        damage: i32,
        /// Defeated at once for a printed DAMAGE of 0, before any dueling hand is drawn (the
        /// scenario's choice `at-once` for `damage-zero-under-rulesheet`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_once: bool,
    },
    HandsEmpty,
    /// The exchange ended with a card still in a dueling hand (the scenario's choice for
    /// `empty-hand-cannot-attack`), and with no defeat.
    ExchangeEnded {
        /// No one takes damage for hit tokens (the scenario's choice `none` for
        /// `duel-ends-damage`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_damage: bool,
    },
    CardsDiscarded {
        side: Side,
        cards: Vec<String>,
    },
    Reshuffled {
        side: Side,
        returned: usize,
        deck_size: usize,
    },
    DamageTaken {
        side: Side,
        amount: i32,
        parts: Vec<(String, i32)>,
        /// The cards lost, and what is left.
        #[serde(flatten)]
        taken: crate::engine::damage::Taken,
    },
    NoDamage {
        reason: String,
    },
    DeckVictory {
        winner: Side,
    },
    HitsRemoved {
        side: Side,
        count: u32,
    },
    BattleStepContinues,
}

/// The outcome of a duel, for the verdict and for expectations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DuelResult {
    pub initiated: bool,
    pub refusal: Option<Refusal>,
    pub initiator: Option<Side>,
    pub attacker: Option<String>,
    pub defender: Option<String>,
    /// Whose character was defeated (or discarded for DAMAGE 0).
    pub defeated: Option<Side>,
    pub damage_light: i32,
    pub damage_dark: i32,
    pub deck_victory: Option<Side>,
    /// The hit tokens and dueling hands when the exchange of attacks ended, before any
    /// cards or tokens were taken away.
    pub exchange_end: Option<Tally>,
    /// Who made the first fresh attack of the walk.
    pub first_attacker: Option<Side>,
    /// Under the Players Committee's rules: who passed in this duel, in order (and so may not
    /// initiate a battle this turn).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<Side>,
}

impl DuelResult {
    pub fn damage(&self, side: Side) -> i32 {
        match side {
            Side::Light => self.damage_light,
            Side::Dark => self.damage_dark,
        }
    }
}
