//! The lightsaber duel: initiation, who fights, dueling hands, the exchange of attacks and blocks, defeat, reshuffle and damage.

use std::borrow::Cow;

use super::section::{DuelFile, PendingMove};
use crate::board::{Board, CardId, Planet, Step, Zone};
use crate::cards::{Card, CardType, DuelingEffect, DuelistText, Side, StatValue, TraitValue};
use crate::random::Random;
use crate::rules::{Citation, Corpus, cite};
use crate::scenario::SectionFile;

use super::events::{DuelEvent, DuelResult, Refusal};
use crate::board::DefinitionId;
use crate::engine::conditions::{self, Situation};
use crate::engine::kind_list::KindList;
use crate::engine::missing::CardNumber;
use crate::engine::{
    Assumption, Decision, DecisionOption, Event, MissingFact, Move, Next, Pending, Procedure,
    Repeats, RuledOut, Tally, Words, move_said, saturating_sum,
};

pub(crate) const INITIATION: Citation = cite("duel.initiation");
const IS_A_FIGHT: Citation = cite("duel.is-a-fight");
const DUELING_CHARACTER: Citation = cite("duel.dueling-character");
const WHO_FIGHTS: Citation = cite("duel.who-fights");
const EXAMPLE_NOT_DUELIST: Citation = cite("revised.duel.example.r2-d2");
const EXAMPLE_DUELIST: Citation = cite("revised.duel.example.obi-wan");
const EXAMPLE_NO_VERSION: Citation = cite("revised.duel.example.anakin-versions");
const EXAMPLE_VERSION: Citation = cite("revised.duel.example.obi-wan-versions");
const HAND_POWER: Citation = cite("duel.hand-power");
const ANAKIN: Citation = cite("revised.duel.anakin");
pub(crate) const HAND_DRAW: Citation = cite("duel.hand-draw");
const HAND_DECK: Citation = cite("duel.hand-deck");
pub(crate) const ATTACK: Citation = cite("duel.attack");
pub(crate) const BLOCK: Citation = cite("duel.block");
pub(crate) const HIT: Citation = cite("duel.hit");
const ALTERNATE: Citation = cite("duel.alternate");
const TEXT_CARDS: Citation = cite("duel.dueling-text.cards");
const TEXT_LIGHTSABER: Citation = cite("duel.dueling-text.lightsaber");
const TEXT_PHRASE: Citation = cite("duel.dueling-text.phrase");
pub(crate) const DEFEAT: Citation = cite("duel.defeat");
const DAMAGE_ZERO: Citation = cite("revised.duel.damage-zero");
const DEFEAT_DAMAGE: Citation = cite("duel.defeat-damage");
pub(crate) const NO_DEFEAT: Citation = cite("duel.no-defeat");
const OVER: Citation = cite("duel.over");
const DECK_VICTORY: Citation = cite("faq.even-up.deck-victory-first");
// The Players Committee's rules update, paraphrased: in force under `players-committee` only.
pub(crate) const PASS: Citation = cite("pc.duel.pass");
const PASS_ONLY_BLOCKS: Citation = cite("pc.duel.pass.only-blocks");
const PASS_NO_BATTLE: Citation = cite("pc.duel.pass.no-battle");
const PASS_BOTH: Citation = cite("pc.duel.pass.both");
const PASS_BLOCKS_HIT: Citation = cite("pc.duel.pass.blocks-hit");
const PC_DEFEAT_DAMAGE: Citation = cite("pc.duel.damage.defeated");
const PC_NO_DEFEAT_DAMAGE: Citation = cite("pc.duel.damage.neither-defeated");
const PC_DUELING_TEXT: Citation = cite("pc.duel.dueling-text");

/// The paraphrased duel rules this engine applies; any other in force stops the duel.
const APPLIED_PARAPHRASES: [Citation; 8] = [
    PASS,
    PASS_ONLY_BLOCKS,
    PASS_NO_BATTLE,
    PASS_BOTH,
    PASS_BLOCKS_HIT,
    PC_DEFEAT_DAMAGE,
    PC_NO_DEFEAT_DAMAGE,
    PC_DUELING_TEXT,
];

/// How a sum names a card's number: `printed power`, or, where the scenario declares it,
/// `power declared by the scenario` with the catalog's number where that differs (the
/// fact's note).
fn number_label(what: &str, fact: Option<&crate::cards::Fact<StatValue>>) -> String {
    match fact {
        Some(fact) if fact.source == crate::cards::Source::Scenario => match &fact.note {
            Some(note) => format!("{what} declared by the scenario; {note}"),
            None => format!("{what} declared by the scenario"),
        },
        _ => format!("printed {what}"),
    }
}

/// "power bonus of Darth Maul's Lightsaber", saying so when the scenario declared the bonus
/// of the box used and what the catalog's gives where it differs.
fn weapon_bonus_label(weapon: &Card, used: &crate::cards::WeaponBox) -> String {
    let name = weapon.full_name();
    let first = weapon
        .weapon_boxes
        .as_ref()
        .and_then(|fact| fact.value.first());
    let declaration = weapon.first_box_declaration.as_ref().filter(|declared| {
        declared.bonus.is_some() && first.is_some_and(|first| std::ptr::eq(first, used))
    });
    match declaration.map(|declared| declared.catalog_bonus_differing()) {
        None => format!("power bonus of {name}"),
        Some(_) if !weapon.versions.is_empty() => {
            format!("power bonus of {name} (declared by the scenario; its printings differ)")
        }
        Some(None) => format!("power bonus of {name} (declared by the scenario)"),
        Some(Some(Some(catalog))) => {
            format!("power bonus of {name} (declared by the scenario; the catalog says {catalog})")
        }
        Some(Some(None)) => {
            format!("power bonus of {name} (declared by the scenario; the catalog gives none)")
        }
    }
}

/// The titles the revised text's Anakin rule names.
const ANAKIN_TITLE: &str = "Anakin Skywalker";

pub(crate) const AT_THE_PLANET: Assumption = Assumption {
    name: "location-is-planet",
    text: "\"The current location\" and \"there\" in the dueling rules mean the cards at the current planet, where the duel takes place.",
};
pub(crate) const EMPTY_HAND_CANNOT_ATTACK: Assumption = Assumption {
    name: "empty-hand-cannot-attack",
    text: "A player whose dueling hand is empty cannot attack, so the other player makes the next attack; play goes on until both hands are empty. The sources do not say.",
};
pub(crate) const RESHUFFLE_WITHOUT_DEFEAT: Assumption = Assumption {
    name: "reshuffle-without-defeat",
    text: "When neither character is defeated, the dueling cards are still reshuffled into their draw decks before damage: they are still part of the draw deck. The sources state the reshuffle only for a defeat.",
};
pub(crate) use crate::engine::damage::DAMAGE_NOT_BELOW_ZERO;
use crate::engine::effects::EFFECT_AT_ITS_PLANET;
/// Under the Players Committee's rules, who leads when the player whose turn it is to lead
/// has passed.
pub(crate) const PASSER_LEADS_BY_PASSING: Assumption = Assumption {
    name: "pc-passer-passes-his-lead",
    text: "Under the Players Committee's rules, the turn to lead goes as in the Decipher duel (the player just hit leads next); a player who has passed uses his turn to lead by passing again, and the other player leads. The readable text does not say who leads after a hit when one side has passed; both of its worked examples fit this reading.",
};

/// Under the Players Committee's rules, a duel in which no attack can be made any more.
pub(crate) const NO_ATTACK_LEFT_ENDS: Assumption = Assumption {
    name: "pc-no-attack-left-ends",
    text: "Under the Players Committee's rules, when one player has passed (and may only block) and the other has no card left to attack with, no attack can be made, and the duel ends with neither character defeated, as when both pass. The readable text does not say.",
};
/// The Players Committee's damage less hits scored, where the hits scored are more.
pub(crate) const PC_DAMAGE_AT_LEAST_ZERO: Assumption = Assumption {
    name: "pc-damage-at-least-zero",
    text: "Under the Players Committee's rules, damage less the hits a character scored is at least 0: a character that scored more hits than its damage comes to takes none. The readable text does not say.",
};
/// Where the cards a character's "draw N cards" on his first pass go.
pub(crate) const FIRST_PASS_DRAWS_TO: Assumption = Assumption {
    name: "first-pass-draws-to-hand",
    text: "A character's game text that draws cards when his player first passes in a duel (\"draw 2 cards\") draws them from the draw deck into the player's hand, as an ordinary draw does; a dueling text that means the dueling hand says so. The card does not say which hand.",
};
/// The scenario's other reading of `first-pass-draws-to-hand`.
const FIRST_PASS_DRAWS_TO_DUELING_HAND: Assumption = Assumption {
    name: "first-pass-draws-to-hand",
    text: "Set by the scenario to `dueling-hand`: a character's game text that draws cards when his player first passes in a duel draws them into the dueling hand, to attack and block with. The card does not say which hand.",
};
/// The scenario's value of `first-pass-draws-to-hand` that draws into the dueling hand.
pub(crate) const DUELING_HAND: &str = "dueling-hand";
/// The scenario's value of `empty-hand-cannot-attack` that ends the exchange.
pub(crate) const DUEL_ENDS: &str = "duel-ends";
/// The scenario's value of `anakin-empty-deck` that stops the walk.
pub(crate) const STOP: &str = "stop";

const EMPTY_HAND_DUEL_ENDS: Assumption = Assumption {
    name: "empty-hand-cannot-attack",
    text: "Set by the scenario to `duel-ends`: a player whose dueling hand is empty cannot attack, and the exchange of attacks ends there. The sources do not say.",
};
const ANAKIN_EMPTY_DECK_STOPS: Assumption = Assumption {
    name: "anakin-empty-deck",
    text: "Set by the scenario to `stop`: with no card to draw for Anakin's destiny, the walk stops rather than guess his power.",
};
pub(crate) const ANAKIN_EMPTY_DECK: Assumption = Assumption {
    name: "anakin-empty-deck",
    text: "With no card to draw for Anakin's destiny, his power counts as 0 before bonuses.",
};

/// Under the rules before the revised text's DAMAGE 0 rule (the Duel of the Fates rulesheet,
/// the FAQ of 2000-12-01), what a dueling character with a printed DAMAGE of 0 does.
pub(crate) const DAMAGE_ZERO_FIRST_HIT: Assumption = Assumption {
    name: "damage-zero-under-rulesheet",
    text: "Under the Duel of the Fates rulesheet (and the FAQ's copy of its rules), a dueling character with a printed DAMAGE of 0 fights as any other: his hits are held against his printed DAMAGE after each hit, so the first hit he takes defeats him, and a duel that ends without a hit on him does not. The rulesheet does not say what a DAMAGE of 0 does; the revised text, later, discards such a character at once.",
};
/// The scenario's other reading of `damage-zero-under-rulesheet`.
const DAMAGE_ZERO_AT_ONCE: Assumption = Assumption {
    name: "damage-zero-under-rulesheet",
    text: "Set by the scenario to `at-once`: under the Duel of the Fates rulesheet (and the FAQ's copy of its rules), a dueling character with a printed DAMAGE of 0 is defeated at once, before any dueling hand is drawn: his 0 hits already equal his printed DAMAGE. He is defeated as the defeat rule says (his weapon discarded with him, his player taking damage for him). The rulesheet does not say what a DAMAGE of 0 does.",
};
/// The scenario's value of `damage-zero-under-rulesheet` that defeats him at once.
pub(crate) const AT_ONCE: &str = "at-once";

/// When the exchange ends with a card still in a dueling hand (`empty-hand-cannot-attack:
/// duel-ends`), whether the damage rule for a duel that ends with both hands empty applies.
pub(crate) const DUEL_ENDS_HIT_DAMAGE: Assumption = Assumption {
    name: "duel-ends-damage",
    text: "When the exchange of attacks ends with a card still in a dueling hand (the scenario's `empty-hand-cannot-attack: duel-ends`), the duel ends as when both players run out of cards: the player with more hit tokens on his dueling character takes that many damage, a tie none, and the hit tokens are removed. The rule speaks of a duel that ended because both players ran out of cards; the sources do not say what follows when only one did. (Under players-committee the Players Committee's rule for a duel with no defeat applies instead.)",
};
/// The scenario's other reading of `duel-ends-damage`.
const DUEL_ENDS_NO_DAMAGE: Assumption = Assumption {
    name: "duel-ends-damage",
    text: "Set by the scenario to `none`: when the exchange of attacks ends with a card still in a dueling hand (the scenario's `empty-hand-cannot-attack: duel-ends`), no one takes damage for hit tokens, since the rule on damage when neither character is defeated speaks of a duel that ended because both players ran out of cards; the hit tokens are removed, as at the end of every duel. The sources do not say.",
};
/// The scenario's value of `duel-ends-damage` under which no one takes damage.
pub(crate) const NO_DAMAGE: &str = "none";

/// A player who takes damage at the end of a duel: his side, the terms of the sum, the rules
/// cited, and whether an Effect's text is among the terms.
type Taker = (Side, Vec<(String, i32)>, Cow<'static, [Citation]>, bool);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    /// A duel under way, as the position states it.
    Resume,
    InitiatorCharacter,
    InitiatorWeapon,
    Defender,
    Substitute,
    DefenderWeapon,
    DamageZero,
    Hands(Side),
    Attack(Side),
    Block {
        side: Side,
        destiny: i32,
    },
    Effect {
        scorer: Side,
        card: CardId,
    },
    DefeatCheck(Side),
    Ending,
    Done,
}

/// Per-side values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct BySide<T> {
    light: T,
    dark: T,
}

impl<T> BySide<T> {
    fn of_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Light => &mut self.light,
            Side::Dark => &mut self.dark,
        }
    }

    fn of(&self, side: Side) -> &T {
        match side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }
}

impl<T: Copy> BySide<T> {
    fn get(&self, side: Side) -> T {
        match side {
            Side::Light => self.light,
            Side::Dark => self.dark,
        }
    }

    fn set(&mut self, side: Side, value: T) {
        match side {
            Side::Light => self.light = value,
            Side::Dark => self.dark = value,
        }
    }
}

/// The duel procedure.
pub struct DuelEngine {
    phase: Phase,
    pending: Pending<DuelEvent>,
    random: Random,
    initiator: Side,
    planet: Option<Planet>,
    fighter: BySide<Option<CardId>>,
    weapon: BySide<Option<CardId>>,
    /// The card that made the attack now to be answered.
    attack_card: Option<CardId>,
    result: DuelResult,
    /// Which rules are in force.
    revised: bool,
    damage_zero_rule: bool,
    anakin_rule: bool,
    laps_rule: bool,
    said_location: bool,
    /// The scenario chose `duel-ends` for `empty-hand-cannot-attack`.
    empty_hand_ends: bool,
    /// The scenario chose `stop` for `anakin-empty-deck`.
    anakin_empty_deck_stops: bool,
    /// The scenario chose `at-once` for `damage-zero-under-rulesheet`.
    damage_zero_at_once: bool,
    /// The scenario chose `none` for `duel-ends-damage`.
    duel_ends_no_damage: bool,
    /// Whose character was defeated at once for his printed DAMAGE of 0, before any dueling
    /// hand was drawn (`damage-zero-under-rulesheet: at-once`): both, where both print 0.
    defeated_at_once: BySide<bool>,
    /// The duel rules in force that this engine does not apply (paraphrased fan rules).
    rules_not_applied: Vec<String>,
    /// The Boonta Eve rule that every Anakin and Sebulba is a Podracer pilot is in force.
    boonta: bool,
    /// The Effects face up at the duel's planet whose text acts there.
    /// (shared: the odds copy the engine for every run).
    effects: std::sync::Arc<[crate::engine::effects::InPlay]>,
    /// The Players Committee's pass is in force: a player may pass instead of attacking.
    pass_rule: bool,
    /// Who has passed in this duel.
    passed: BySide<bool>,
    /// The Players Committee's dueling damage is in force: less the hits scored.
    pc_damage: bool,
    /// The Players Committee's dueling text is in force: no lightsaber needed.
    pc_dueling_text: bool,
    /// The scenario chose `dueling-hand` for `first-pass-draws-to-hand`.
    first_pass_draws_to_dueling_hand: bool,
    /// Whose character's "may not pass" the walk has said.
    said_may_not_pass: BySide<bool>,
    /// The room of the options of a decision answered, for the options of the next attack or
    /// block.
    spare_options: Vec<DecisionOption>,
    /// Each dueling hand of more than [`BY_KIND_FROM`] cards, by kind of card, kept as cards
    /// are played and drawn: no part of the duel, rebuilt from the hand where it does not
    /// match it.
    kept_hands: BySide<Option<KindList<Option<DefinitionId>>>>,
    /// The size of dueling hand past which it is offered by kind: [`BY_KIND_FROM`], but for a
    /// test that plays the same hand both ways.
    pub(super) by_kind_from: usize,
}

/// A dueling hand of more cards than this is offered one option for each kind of card (its
/// repeats listed for whoever sees every card), so that an attack or a block costs the kinds
/// of card, not the cards: a dueling hand in play rarely holds more than a dozen.
const BY_KIND_FROM: usize = 64;

impl Clone for DuelEngine {
    fn clone(&self) -> Self {
        DuelEngine {
            pending: self.pending.clone(),
            random: self.random.clone(),
            result: self.result.clone(),
            rules_not_applied: self.rules_not_applied.clone(),
            effects: self.effects.clone(),
            spare_options: Vec::new(),
            kept_hands: BySide::default(),
            // The rest is copied as it is: a field added that is not `Copy` is named here.
            ..*self
        }
    }

    /// Copies into the room this engine has (its queue of events, its spare options): the odds
    /// copy the engine they start from for every run, into the engine of the run before. Every
    /// field named, each copied where it stands (a copy of the whole engine costs more): a
    /// field added is not forgotten here.
    fn clone_from(&mut self, source: &Self) {
        let DuelEngine {
            phase,
            pending,
            random,
            initiator,
            planet,
            fighter,
            weapon,
            attack_card,
            result,
            revised,
            damage_zero_rule,
            anakin_rule,
            laps_rule,
            said_location,
            empty_hand_ends,
            anakin_empty_deck_stops,
            damage_zero_at_once,
            duel_ends_no_damage,
            defeated_at_once,
            rules_not_applied,
            boonta,
            effects,
            pass_rule,
            passed,
            pc_damage,
            pc_dueling_text,
            first_pass_draws_to_dueling_hand,
            said_may_not_pass,
            spare_options,
            kept_hands,
            by_kind_from,
        } = self;
        *phase = source.phase;
        pending.clone_from(&source.pending);
        random.clone_from(&source.random);
        *initiator = source.initiator;
        *planet = source.planet;
        *fighter = source.fighter;
        *weapon = source.weapon;
        *attack_card = source.attack_card;
        result.clone_from(&source.result);
        *revised = source.revised;
        *damage_zero_rule = source.damage_zero_rule;
        *anakin_rule = source.anakin_rule;
        *laps_rule = source.laps_rule;
        *said_location = source.said_location;
        *empty_hand_ends = source.empty_hand_ends;
        *anakin_empty_deck_stops = source.anakin_empty_deck_stops;
        *damage_zero_at_once = source.damage_zero_at_once;
        *duel_ends_no_damage = source.duel_ends_no_damage;
        *defeated_at_once = source.defeated_at_once;
        rules_not_applied.clone_from(&source.rules_not_applied);
        *boonta = source.boonta;
        effects.clone_from(&source.effects);
        *pass_rule = source.pass_rule;
        *passed = source.passed;
        *pc_damage = source.pc_damage;
        *pc_dueling_text = source.pc_dueling_text;
        *first_pass_draws_to_dueling_hand = source.first_pass_draws_to_dueling_hand;
        *said_may_not_pass = source.said_may_not_pass;
        // The room of options answered is kept: it is no part of the duel; nor are the hands
        // by kind, rebuilt where needed.
        spare_options.clear();
        *kept_hands = BySide::default();
        *by_kind_from = source.by_kind_from;
    }
}

impl DuelEngine {
    /// A duel initiated by the player whose turn it is.
    pub fn new(board: &Board, corpus: &Corpus) -> DuelEngine {
        let in_force = |id: &str| board.ruleset.in_force_id(corpus, id);
        DuelEngine {
            phase: if DuelFile::stated(board).is_some() {
                Phase::Resume
            } else {
                Phase::Start
            },
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            initiator: DuelFile::stated(board)
                .map(|duel| duel.initiator)
                .or(board.turn)
                .unwrap_or(Side::Light),
            planet: board.current_planet,
            fighter: BySide::default(),
            weapon: BySide::default(),
            attack_card: None,
            result: DuelResult::default(),
            revised: in_force("revised.duel.initiation"),
            damage_zero_rule: in_force("revised.duel.damage-zero"),
            anakin_rule: in_force("revised.duel.anakin"),
            laps_rule: in_force("boonta.laps.not-in-play"),
            said_location: false,
            empty_hand_ends: false,
            anakin_empty_deck_stops: false,
            damage_zero_at_once: false,
            duel_ends_no_damage: false,
            defeated_at_once: BySide::default(),
            rules_not_applied: corpus
                .paraphrases()
                .filter(|item| {
                    item.topic == "duel"
                        && board.ruleset.in_force(corpus, item)
                        && !APPLIED_PARAPHRASES
                            .iter()
                            .any(|applied| applied.id() == item.id)
                })
                .map(|item| item.id.to_string())
                .collect(),
            boonta: crate::cards::traits::every_anakin_and_sebulba(corpus, &board.ruleset),
            effects: board
                .current_planet
                .map(|planet| crate::engine::effects::at(board, planet))
                .unwrap_or_default()
                .into(),
            pass_rule: in_force(PASS.id()),
            passed: BySide::default(),
            pc_damage: in_force(PC_DEFEAT_DAMAGE.id()),
            pc_dueling_text: in_force(PC_DUELING_TEXT.id()),
            first_pass_draws_to_dueling_hand: false,
            said_may_not_pass: BySide::default(),
            spare_options: Vec::new(),
            kept_hands: BySide::default(),
            by_kind_from: BY_KIND_FROM,
        }
    }

    /// The duel with the scenario's choices of its named assumptions: `value(name)` is the
    /// value chosen, the default where the scenario chose none.
    pub fn assuming(mut self, value: impl Fn(&str) -> &'static str) -> DuelEngine {
        self.empty_hand_ends = value(EMPTY_HAND_CANNOT_ATTACK.name) == DUEL_ENDS;
        self.anakin_empty_deck_stops = value(ANAKIN_EMPTY_DECK.name) == STOP;
        self.damage_zero_at_once = value(DAMAGE_ZERO_FIRST_HIT.name) == AT_ONCE;
        self.duel_ends_no_damage = value(DUEL_ENDS_HIT_DAMAGE.name) == NO_DAMAGE;
        self.first_pass_draws_to_dueling_hand = value(FIRST_PASS_DRAWS_TO.name) == DUELING_HAND;
        self
    }

    /// The duel text of `side`'s dueling character, if his card has any.
    fn duelist_text(&self, board: &Board, side: Side) -> Option<(CardId, DuelistText)> {
        let fighter = self.fighter.get(side)?;
        let text = board.card(fighter)?.text.duelist?;
        Some((fighter, text))
    }

    /// Whether `side` may pass now: the pass is in force, and his character's text does not
    /// forbid it.
    fn may_pass(&self, board: &Board, side: Side) -> bool {
        self.pass_rule
            && !self
                .duelist_text(board, side)
                .is_some_and(|(_, text)| text.may_not_pass)
    }

    fn defender_side(&self) -> Side {
        self.initiator.opponent()
    }

    fn tally(&self, board: &Board) -> Tally {
        let hits = |side: Side| {
            self.fighter
                .get(side)
                .and_then(|id| board.instance(id))
                .map_or(0, |instance| instance.hits)
        };
        Tally {
            light_hits: hits(Side::Light),
            dark_hits: hits(Side::Dark),
            light_cards: board.zone(Zone::DuelingHand(Side::Light)).len(),
            dark_cards: board.zone(Zone::DuelingHand(Side::Dark)).len(),
        }
    }

    fn emit(
        &mut self,
        board: &Board,
        kind: DuelEvent,
        cites: impl Into<Cow<'static, [Citation]>>,
        assumptions: &[Assumption],
        moves: Vec<Move>,
    ) {
        let mut assumptions = assumptions.to_vec();
        if !self.said_location && !matches!(kind, DuelEvent::DuelRefused { .. }) {
            assumptions.insert(0, AT_THE_PLANET);
            self.said_location = true;
        }
        // No one reads an event's tally in a run whose words no one reads.
        let tally = if self.words().read() {
            self.tally(board)
        } else {
            Tally::default()
        };
        self.pending.push(Event {
            kind,
            cites: cites.into(),
            assumptions,
            moves,
            tally,
        });
    }

    /// Moves a card from one zone to the end of another: the move, as the event gives it.
    fn shift(&self, board: &mut Board, id: CardId, from: Zone, to: Zone) -> Move {
        let moved = move_said(self.words(), board, id, from, to);
        board.move_to(id, to);
        moved
    }

    /// A card's name, where anyone reads the duel's words.
    fn name(&self, board: &Board, id: CardId) -> String {
        self.words().text(|| board.describe(id))
    }

    /// Whether anyone reads the duel's words ([`Words`]).
    fn words(&self) -> Words {
        self.pending.words
    }

    /// Why a card a script names for a fighter or a weapon is not among the choices: it is
    /// not the player's card at the planet, or it is there and the rules do not let it be
    /// chosen.
    fn named_card_ruled_out(
        &self,
        board: &Board,
        decision: &Decision,
        given: &str,
    ) -> Option<RuledOut> {
        let (whose, what, cites): (Side, &str, &[Citation]) = match decision.kind {
            super::decisions::INITIATOR_CHARACTER => (
                self.initiator,
                "a dueling character with a lightsaber he can use there",
                &[WHO_FIGHTS, DUELING_CHARACTER],
            ),
            super::decisions::INITIATOR_WEAPON => (
                decision.who,
                "a lightsaber his fighter can use",
                &[WHO_FIGHTS],
            ),
            super::decisions::DEFENDER_WEAPON => {
                (decision.who, "a weapon his fighter can use", &[WHO_FIGHTS])
            }
            super::decisions::DEFENDER => (
                self.defender_side(),
                if self.revised {
                    "a character of his"
                } else {
                    "a dueling character of his"
                },
                &[WHO_FIGHTS, DUELING_CHARACTER],
            ),
            // Only a dueling character may defend instead, and not another version of the
            // chosen defender's stack.
            super::decisions::SUBSTITUTE => (
                decision.who,
                "a dueling character who may defend instead of the chosen defender",
                &[WHO_FIGHTS, DUELING_CHARACTER],
            ),
            _ => return None,
        };
        let planet = board.current_planet?;
        let there: Vec<Card> = board
            .zone(Zone::InPlay(planet, whose))
            .iter()
            .filter_map(|id| board.card(*id).cloned())
            .collect();
        let why = match crate::cards::find(&there, given)
            .ok()
            .and_then(|found| found.first().map(|card| card.full_name()))
        {
            None => format!(
                "{} is not one of the {} player's cards on {planet}, where the duel is",
                crate::text::quoted(given),
                whose.label()
            ),
            Some(name) => format!("{name} is on {planet}, but it is not {what}"),
        };
        // The rules' "current location" is read as the current planet.
        Some(RuledOut {
            why,
            cites: cites.to_vec(),
            assumptions: vec![AT_THE_PLANET],
        })
    }

    fn cards_at(
        board: &Board,
        planet: Planet,
        side: Side,
        card_type: CardType,
    ) -> impl Iterator<Item = CardId> + '_ {
        board
            .zone(Zone::InPlay(planet, side))
            .iter()
            .copied()
            .filter(move |id| board.card_type(*id) == Some(card_type))
    }

    fn is_dueling(board: &Board, id: CardId) -> bool {
        board.trait_value(id, crate::cards::TraitKind::DuelingCharacter) == TraitValue::Yes
    }

    fn is_lightsaber(board: &Board, id: CardId) -> bool {
        board.trait_value(id, crate::cards::TraitKind::Lightsaber) == TraitValue::Yes
    }

    /// Whether the weapon's boxes let the character use it; an error names a missing fact.
    fn usable(board: &Board, weapon: CardId, character: CardId) -> Result<bool, MissingFact> {
        Ok(board.weapon_box(weapon, character)?.is_some())
    }

    /// The initiator's dueling characters at the planet that have a usable lightsaber there.
    fn armed_duelists(&self, board: &Board, planet: Planet) -> Result<Vec<CardId>, MissingFact> {
        let mut armed = Vec::new();
        let sabers: Vec<CardId> = Self::cards_at(board, planet, self.initiator, CardType::Weapon)
            .filter(|id| Self::is_lightsaber(board, *id))
            .collect();
        for character in Self::cards_at(board, planet, self.initiator, CardType::Character) {
            if !Self::is_dueling(board, character) {
                continue;
            }
            for saber in &sabers {
                if Self::usable(board, *saber, character)? {
                    armed.push(character);
                    break;
                }
            }
        }
        Ok(armed)
    }

    fn refuse(&mut self, board: &Board, refusal: Refusal, cites: &'static [Citation]) {
        self.result.refusal = Some(refusal.clone());
        self.emit(
            board,
            DuelEvent::DuelRefused {
                initiator: board.turn,
                refusal,
            },
            cites,
            &[],
            Vec::new(),
        );
        self.phase = Phase::Done;
    }

    fn start(&mut self, board: &Board) -> Result<(), MissingFact> {
        self.result.initiator = board.turn;
        if board.turn.is_none() {
            self.phase = Phase::Done;
            return Err(MissingFact::Turn);
        }
        if board.step != Some(Step::Battle) {
            let step = board.step.map(|step| step.label().to_string());
            self.refuse(board, Refusal::NotBattleStep { step }, &[INITIATION]);
            return Ok(());
        }
        if board.player(self.initiator).dueled_this_turn {
            self.refuse(board, Refusal::AlreadyDueled, &[INITIATION]);
            return Ok(());
        }
        let Some(planet) = self.planet else {
            self.refuse(board, Refusal::NoCurrentPlanet, &[INITIATION]);
            return Ok(());
        };
        let duelists = |side: Side| {
            Self::cards_at(board, planet, side, CardType::Character)
                .filter(|id| Self::is_dueling(board, *id))
                .count()
        };
        if self.revised {
            if duelists(self.initiator) == 0 {
                self.refuse(
                    board,
                    Refusal::NoDuelingCharacter {
                        side: self.initiator,
                    },
                    &[INITIATION, DUELING_CHARACTER],
                );
                return Ok(());
            }
        } else {
            for side in [self.initiator, self.defender_side()] {
                if duelists(side) == 0 {
                    self.refuse(
                        board,
                        Refusal::NoDuelingCharacter { side },
                        &[INITIATION, DUELING_CHARACTER],
                    );
                    return Ok(());
                }
            }
        }
        if self.armed_duelists(board, planet)?.is_empty() {
            let cites: &[Citation] = if self.revised {
                &[INITIATION]
            } else {
                &[WHO_FIGHTS]
            };
            self.refuse(board, Refusal::NoUsableLightsaber, cites);
            return Ok(());
        }
        // Under the rules of 2000-12-01 the defender needs a dueling character, checked above;
        // under the revised rules any of his characters there may be chosen, but one must be.
        let defender = self.defender_side();
        if Self::cards_at(board, planet, defender, CardType::Character)
            .next()
            .is_none()
        {
            self.refuse(
                board,
                Refusal::NoDefender { side: defender },
                &[INITIATION, WHO_FIGHTS],
            );
            return Ok(());
        }
        self.result.initiated = true;
        self.emit(
            board,
            DuelEvent::DuelInitiated {
                initiator: self.initiator,
                planet: planet.to_string(),
            },
            &[INITIATION, IS_A_FIGHT],
            &[],
            Vec::new(),
        );
        self.phase = Phase::InitiatorCharacter;
        Ok(())
    }

    /// Takes up a duel under way where the position leaves it.
    fn resume(&mut self, board: &Board) -> Result<(), MissingFact> {
        let Some(duel) = DuelFile::stated(board).copied() else {
            return Err(MissingFact::Inconsistent("no duel under way"));
        };
        self.result.initiated = true;
        self.result.initiator = Some(duel.initiator);
        for side in [Side::Light, Side::Dark] {
            self.fighter.set(side, Some(duel.side(side).fighter));
            self.weapon.set(side, duel.side(side).weapon);
            self.passed.set(side, duel.side(side).passed);
        }
        let words = self.words();
        let name = |side: Side| words.text(|| board.describe(duel.side(side).fighter));
        self.result.attacker = Some(name(duel.initiator));
        self.result.defender = Some(name(duel.initiator.opponent()));
        let next = duel.next;
        let cites: &[Citation] = match duel.pending {
            PendingMove::Attack => {
                self.phase = Phase::Attack(next);
                &[ALTERNATE, ATTACK]
            }
            PendingMove::Block => {
                let attacker = next.opponent();
                let Some(&top) = board.zone(Zone::DuelingPile(attacker)).last() else {
                    return Err(MissingFact::NoAttackCard { attacker });
                };
                let destiny = Self::destiny_of(board, top)?;
                self.attack_card = Some(top);
                self.phase = Phase::Block {
                    side: next,
                    destiny,
                };
                &[BLOCK, ALTERNATE]
            }
            PendingMove::Defeat => {
                self.attack_card = board
                    .zone(Zone::DuelingPile(next.opponent()))
                    .last()
                    .copied();
                self.phase = Phase::DefeatCheck(next);
                &[HIT, DEFEAT]
            }
        };
        let weapon = |side: Side| {
            duel.side(side)
                .weapon
                .map(|id| words.text(|| board.describe(id)))
        };
        self.emit(
            board,
            DuelEvent::DuelResumed {
                initiator: duel.initiator,
                planet: self.planet.map(|planet| planet.to_string()),
                light: name(Side::Light),
                dark: name(Side::Dark),
                light_weapon: weapon(Side::Light),
                dark_weapon: weapon(Side::Dark),
                next,
                pending: duel.pending,
            },
            cites,
            &[],
            Vec::new(),
        );
        Ok(())
    }

    /// An option in words built by `label`, where anyone reads them.
    fn option(
        &self,
        board: &Board,
        label: impl FnOnce() -> String,
        card: Option<CardId>,
        cites: impl Into<Cow<'static, [Citation]>>,
    ) -> DecisionOption {
        let cites = cites.into();
        match card {
            Some(id) if self.words().read() => {
                DecisionOption::about_card(label(), id, board.card(id), cites)
            }
            Some(id) => DecisionOption {
                card: Some(id),
                ..Self::unnamed(Cow::Borrowed(""), cites)
            },
            None => Self::unnamed(self.words().label(label), cites),
        }
    }

    /// An option that names no card.
    fn unnamed(label: Cow<'static, str>, cites: Cow<'static, [Citation]>) -> DecisionOption {
        DecisionOption {
            label,
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: false,
            cites,
        }
    }

    fn decline(
        label: impl Into<Cow<'static, str>>,
        cites: impl Into<Cow<'static, [Citation]>>,
    ) -> DecisionOption {
        DecisionOption {
            declines: true,
            ..Self::unnamed(label.into(), cites.into())
        }
    }

    fn decision(&self, board: &Board, planet: Planet) -> Result<Option<Decision>, MissingFact> {
        let initiator = self.initiator;
        let defender = self.defender_side();
        let decision = match self.phase {
            Phase::InitiatorCharacter => Decision {
                kind: super::decisions::INITIATOR_CHARACTER,
                who: initiator,
                prompt: self.words().text(|| {
                    format!("the {initiator} player chooses his dueling character who duels")
                }),
                options: self
                    .armed_duelists(board, planet)?
                    .into_iter()
                    .map(|id| {
                        self.option(
                            board,
                            || board.describe(id),
                            Some(id),
                            &[WHO_FIGHTS, DUELING_CHARACTER],
                        )
                    })
                    .collect(),
                more: crate::engine::Repeats::default(),
            },
            Phase::InitiatorWeapon => {
                let character = self.fighter.get(initiator).unwrap_or(CardId(0));
                let mut options = Vec::new();
                for saber in Self::cards_at(board, planet, initiator, CardType::Weapon) {
                    if Self::is_lightsaber(board, saber) && Self::usable(board, saber, character)? {
                        options.push(self.option(
                            board,
                            || board.describe(saber),
                            Some(saber),
                            &[WHO_FIGHTS],
                        ));
                    }
                }
                Decision {
                    kind: super::decisions::INITIATOR_WEAPON,
                    who: initiator,
                    prompt: self.words().text(|| {
                        format!(
                            "the {initiator} player chooses a lightsaber {} can use",
                            board.describe(character)
                        )
                    }),
                    options,
                    more: crate::engine::Repeats::default(),
                }
            }
            Phase::Defender => {
                let candidates: Vec<CardId> =
                    Self::cards_at(board, planet, defender, CardType::Character)
                        .filter(|id| self.revised || Self::is_dueling(board, *id))
                        .collect();
                let prompt = self.words().text(|| if self.revised {
                    format!(
                        "the {initiator} player chooses any one of the {defender} player's characters on {planet} to defend"
                    )
                } else {
                    format!(
                        "the {initiator} player chooses one of the {defender} player's dueling characters on {planet} to defend"
                    )
                });
                Decision {
                    kind: super::decisions::DEFENDER,
                    who: initiator,
                    prompt,
                    options: candidates
                        .into_iter()
                        .map(|id| {
                            self.option(board, || board.describe(id), Some(id), &[WHO_FIGHTS])
                        })
                        .collect(),
                    more: crate::engine::Repeats::default(),
                }
            }
            Phase::Substitute => {
                let chosen = self.fighter.get(defender).unwrap_or(CardId(0));
                let alternatives: Vec<CardId> =
                    Self::cards_at(board, planet, defender, CardType::Character)
                        .filter(|id| *id != chosen && Self::is_dueling(board, *id))
                        .collect();
                if alternatives.is_empty() {
                    // No one may defend instead: keeping the defender is the one choice, which
                    // the walk takes, and a script that says so (`substitute: none`) is heard.
                    return Ok(Some(Decision {
                        kind: super::decisions::SUBSTITUTE,
                        who: defender,
                        prompt: self.words().text(|| {
                            format!(
                                "the {defender} player has no other dueling character on {planet} to defend instead of {}",
                                board.describe(chosen)
                            )
                        }),
                        options: vec![Self::decline(
                            self.words().label(|| {
                                format!("keep {} defending", board.describe(chosen))
                            }),
                            &[WHO_FIGHTS],
                        )],
                        more: crate::engine::Repeats::default(),
                    }));
                }
                let chosen_title = board
                    .card(chosen)
                    .map(|card| card.title.clone())
                    .unwrap_or_default();
                let mut options = vec![Self::decline(
                    self.words()
                        .label(|| format!("keep {} defending", board.describe(chosen))),
                    &[WHO_FIGHTS],
                )];
                for id in alternatives {
                    let same_stack = board
                        .card(id)
                        .is_some_and(|card| card.title == chosen_title);
                    let example = if same_stack {
                        EXAMPLE_VERSION
                    } else if Self::is_dueling(board, chosen) {
                        EXAMPLE_DUELIST
                    } else {
                        EXAMPLE_NOT_DUELIST
                    };
                    options.push(self.option(
                        board,
                        || format!("defend with {} instead", board.describe(id)),
                        Some(id),
                        vec![WHO_FIGHTS, example],
                    ));
                }
                Decision {
                    kind: super::decisions::SUBSTITUTE,
                    who: defender,
                    prompt: self.words().text(|| format!(
                        "the {defender} player may choose one of his dueling characters on {planet} to defend instead of {}",
                        board.describe(chosen)
                    )),
                    options,
                    more: crate::engine::Repeats::default(),
                }
            }
            Phase::DefenderWeapon => {
                let character = self.fighter.get(defender).unwrap_or(CardId(0));
                let mut options = vec![Self::decline("no weapon", &[WHO_FIGHTS])];
                for weapon in Self::cards_at(board, planet, defender, CardType::Weapon) {
                    if Self::usable(board, weapon, character)? {
                        options.push(self.option(
                            board,
                            || board.describe(weapon),
                            Some(weapon),
                            &[WHO_FIGHTS],
                        ));
                    }
                }
                // With no weapon he can use, "no weapon" is the one option: the run takes it,
                // and a script that says so is heard (one that names a weapon is refused).
                Decision {
                    kind: super::decisions::DEFENDER_WEAPON,
                    who: defender,
                    prompt: self.words().text(|| format!(
                        "the {defender} player may choose one weapon {} can use (it need not be a lightsaber)",
                        board.describe(character)
                    )),
                    options,
                    more: crate::engine::Repeats::default(),
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(decision))
    }

    /// The printed DAMAGE of a fighter.
    fn printed_damage(board: &Board, id: CardId) -> Result<i32, MissingFact> {
        let card = board.card(id);
        card.and_then(Card::damage).ok_or_else(|| match card {
            Some(card) => MissingFact::card_number(card, card.full_name(), CardNumber::Damage),
            None => MissingFact::CardNumber {
                card: String::new(),
                number: CardNumber::Damage,
            },
        })
    }

    fn damage_zero(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        if !self.damage_zero_rule {
            return self.damage_zero_under_rulesheet(board);
        }
        let mut discarded = false;
        for side in [self.initiator, self.defender_side()] {
            let Some(id) = self.fighter.get(side) else {
                continue;
            };
            if Self::printed_damage(board, id)? == 0 {
                let from = board.zone_of(id).unwrap_or(Zone::DiscardPile(side));
                let to = Zone::DiscardPile(side);
                let moved = self.shift(board, id, from, to);
                self.result.defeated = Some(side);
                let card = self.name(board, id);
                let moves = self.pending.one_move(moved);
                self.emit(
                    board,
                    DuelEvent::DamageZeroDiscarded { side, card },
                    &[DAMAGE_ZERO],
                    &[],
                    moves,
                );
                discarded = true;
            }
        }
        if discarded {
            self.emit(
                board,
                DuelEvent::BattleStepContinues,
                &[OVER],
                &[],
                Vec::new(),
            );
            self.phase = Phase::Done;
        } else {
            self.phase = Phase::Hands(self.initiator);
        }
        Ok(())
    }

    /// A fighter with a printed DAMAGE of 0 where the revised text's rule for him is not in
    /// force: the named assumption `damage-zero-under-rulesheet` says what he does.
    fn damage_zero_under_rulesheet(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        let mut zero = Vec::new();
        for side in [self.initiator, self.defender_side()] {
            if let Some(id) = self.fighter.get(side)
                && Self::printed_damage(board, id)? == 0
            {
                zero.push((side, id));
            }
        }
        for &(side, id) in &zero {
            let card = self.name(board, id);
            if self.damage_zero_at_once {
                let hits = board.instance(id).map_or(0, |instance| instance.hits);
                self.defeated_at_once.set(side, true);
                // With both at 0 the verdict names both; the result names the last.
                self.result.defeated = Some(side);
                self.emit(
                    board,
                    DuelEvent::Defeated {
                        side,
                        card,
                        hits,
                        damage: 0,
                        at_once: true,
                    },
                    &[DEFEAT],
                    &[DAMAGE_ZERO_AT_ONCE],
                    Vec::new(),
                );
            } else {
                self.emit(
                    board,
                    DuelEvent::DamageZeroFights { side, card },
                    &[DEFEAT],
                    &[DAMAGE_ZERO_FIRST_HIT],
                    Vec::new(),
                );
            }
        }
        self.phase = if self.damage_zero_at_once && !zero.is_empty() {
            Phase::Ending
        } else {
            Phase::Hands(self.initiator)
        };
        Ok(())
    }

    /// The defender has no dueling character who may defend instead: said, with the other
    /// versions of the defender's stack there, which the revised rules' example rules out.
    fn no_substitute(&mut self, board: &mut Board) {
        let defender = self.defender_side();
        let chosen = self.fighter.get(defender);
        let title = chosen
            .and_then(|id| board.card(id))
            .map(|card| card.title.clone())
            .unwrap_or_default();
        let other_versions: Vec<String> = match self.planet {
            Some(planet) => Self::cards_at(board, planet, defender, CardType::Character)
                .filter(|other| {
                    Some(*other) != chosen && board.card(*other).is_some_and(|c| c.title == title)
                })
                .map(|other| self.name(board, other))
                .collect(),
            None => Vec::new(),
        };
        let cites: &[Citation] = if other_versions.is_empty() {
            &[WHO_FIGHTS]
        } else {
            &[WHO_FIGHTS, EXAMPLE_NO_VERSION]
        };
        self.emit(
            board,
            DuelEvent::NoSubstituteAvailable {
                side: defender,
                other_versions,
            },
            cites,
            &[],
            Vec::new(),
        );
    }

    /// The destiny number of a card, or why it is unknown.
    fn destiny_of(board: &Board, id: CardId) -> Result<i32, MissingFact> {
        board
            .card(id)
            .and_then(Card::destiny)
            .ok_or_else(|| Self::no_destiny(board, id))
    }

    /// The fact a card without a destiny number lacks.
    fn no_destiny(board: &Board, id: CardId) -> MissingFact {
        match board.card(id) {
            Some(card) => MissingFact::card_number(card, board.describe(id), CardNumber::Destiny),
            None => MissingFact::CardNumber {
                card: board.describe(id),
                number: CardNumber::Destiny,
            },
        }
    }

    fn hands(&mut self, board: &mut Board, side: Side) -> Result<(), MissingFact> {
        let Some(fighter) = self.fighter.get(side) else {
            return Err(MissingFact::Inconsistent("no fighter"));
        };
        // The definitions are shared, not copied, while the board changes.
        let definitions = std::sync::Arc::clone(&board.definitions);
        let unknown;
        let card = match board
            .instance(fighter)
            .and_then(|instance| definitions.get(instance.definition.0 as usize))
        {
            Some(card) => card,
            None => {
                unknown = Card::named("?", crate::cards::Game::YoungJedi);
                &unknown
            }
        };
        let mut parts: Vec<(String, i32)> = Vec::new();
        // Most hands apply the one rule: a list is made only for more.
        let mut cites: Cow<'static, [Citation]> = Cow::Borrowed(&[HAND_POWER]);
        let mut assumptions = Vec::new();
        if self.anakin_rule && card.title == ANAKIN_TITLE {
            let top = board.zone(Zone::DrawDeck(side)).first().copied();
            match top {
                Some(top) => {
                    let destiny = Self::destiny_of(board, top)?;
                    let moved = self.shift(board, top, Zone::DrawDeck(side), Zone::Hand(side));
                    let name = self.name(board, top);
                    let moves = self.pending.one_move(moved);
                    self.emit(
                        board,
                        DuelEvent::AnakinDestiny {
                            side,
                            card: name,
                            destiny,
                        },
                        &[ANAKIN],
                        &[],
                        moves,
                    );
                    parts.push((
                        self.words()
                            .text(|| "destiny drawn for Anakin's power".to_string()),
                        destiny,
                    ));
                }
                None if self.anakin_empty_deck_stops => {
                    return Err(MissingFact::AnakinDestiny {
                        side,
                        assumption: ANAKIN_EMPTY_DECK_STOPS.text,
                    });
                }
                None => {
                    assumptions.push(ANAKIN_EMPTY_DECK);
                    parts.push((
                        self.words()
                            .text(|| "no card to draw for Anakin's destiny".to_string()),
                        0,
                    ));
                }
            }
            cites.to_mut().push(ANAKIN);
        } else {
            match card.stats.power.as_ref().map(|fact| (&fact.value, fact)) {
                Some((StatValue::Number(number), fact)) => parts.push((
                    self.words().text(|| number_label("power", Some(fact))),
                    *number,
                )),
                _ => {
                    return Err(MissingFact::card_number(
                        card,
                        card.full_name(),
                        CardNumber::Power,
                    ));
                }
            }
        }
        if let Some(planet) = self.planet
            && let Some(part) =
                crate::engine::location::part(board, card, planet, "", self.words())?
        {
            parts.push(part);
        }
        if let Some(weapon) = self.weapon.get(side)
            && let Some(weapon_card) = board.card(weapon)
            && let Some(used) = board.weapon_box(weapon, fighter)?
            && let Some(bonus) = used.bonus
        {
            parts.push((
                self.words().text(|| weapon_bonus_label(weapon_card, used)),
                bonus,
            ));
        }
        if let Some(bonus) = card.text.text_bonus {
            parts.push((
                self.words().text(|| "game-text power bonus".to_string()),
                bonus,
            ));
        }
        if !self.effects.is_empty() {
            let weapons: Vec<CardId> = self.weapon.get(side).into_iter().collect();
            let auras = crate::engine::effects::aura_parts(
                board,
                &self.effects,
                card,
                side,
                &weapons,
                self.boonta,
                self.words(),
            )?;
            if !auras.is_empty() {
                assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
            }
            parts.extend(auras.into_iter().map(|(label, amount, _)| (label, amount)));
        }
        let place = crate::engine::effects::FightPlace {
            planet: self.planet,
            in_duel: true,
            evacuating: None,
        };
        for (label, amount, _) in crate::engine::effects::carried_aura_parts(
            board,
            fighter,
            card,
            side,
            place,
            self.boonta,
            self.words(),
        )? {
            parts.push((label, amount));
        }
        let opponent = self.fighter.get(side.opponent());
        let situation = Situation {
            hand_hidden: false,
            second_weapon: None,
            side,
            in_duel: true,
            opponents: opponent.as_slice(),
            weapon: self.weapon.get(side),
            weapon_cancelled: false,
            battle_card: None,
            sent_here: false,
            planet: self.planet,
            evacuating: &[],
        };
        for bonus in &card.text.conditional_bonuses {
            let judged = conditions::judge(board, &situation, &bonus.when, self.words());
            if let Some(rule) = judged.rule
                && !cites.contains(&rule)
            {
                cites.to_mut().push(rule);
            }
            parts.push(judged.part("", bonus.amount, self.words()));
        }
        let total = saturating_sum(&parts);
        let weapon = self.weapon.get(side).map(|id| self.name(board, id));
        self.emit(
            board,
            DuelEvent::PowerTotalled {
                side,
                card: self.words().text(|| card.full_name()),
                parts,
                total,
                weapon,
            },
            cites,
            &assumptions,
            Vec::new(),
        );
        let wanted = total.max(0);
        let mut moves = self.pending.room_for_moves();
        let drawn = self.draw(
            board,
            side,
            wanted as usize,
            Zone::DuelingHand(side),
            &mut moves,
        );
        let deck_left = board.zone(Zone::DrawDeck(side)).len();
        let cites: &'static [Citation] = if deck_left == 0 {
            &[HAND_DRAW, HAND_DECK]
        } else {
            &[HAND_DRAW]
        };
        self.emit(
            board,
            DuelEvent::DuelingHandDrawn {
                side,
                wanted,
                drawn,
                deck_left,
            },
            cites,
            &[],
            moves,
        );
        self.phase = if side == self.initiator {
            Phase::Hands(self.defender_side())
        } else {
            Phase::Attack(self.initiator)
        };
        Ok(())
    }

    /// The cards of a dueling hand that may attack, or block an attack of `destiny`, listed
    /// in the room of the options of the decision answered before ([`Procedure::recycle`]).
    fn play_options(
        &mut self,
        board: &Board,
        side: Side,
        destiny: Option<i32>,
    ) -> Result<(Vec<DecisionOption>, Repeats), MissingFact> {
        let hand = board.zone(Zone::DuelingHand(side));
        if hand.len() > self.by_kind_from {
            return self.play_options_by_kind(board, side, destiny);
        }
        let mut options = std::mem::take(&mut self.spare_options);
        // Room for every card and a pass or a refusal to block: the list is not grown.
        options.clear();
        options.reserve(if destiny.is_some() { 2 } else { hand.len() + 1 });
        for &id in hand {
            // The card is looked up once: its destiny, whether it is known only by it, its name.
            let card = board.card(id);
            let Some(number) = card.and_then(Card::destiny) else {
                return Err(Self::no_destiny(board, id));
            };
            if destiny.is_some_and(|wanted| wanted != number) {
                continue;
            }
            options.push(Self::play_option(
                self.words(),
                board,
                id,
                card,
                number,
                destiny,
            ));
        }
        Ok((options, Repeats::default()))
    }

    /// The hand of `side`, by kind, as it lies: the one kept, with the cards drawn since put
    /// at its end, or made anew where it does not match the hand.
    fn kept_hand(&mut self, board: &Board, side: Side) -> &KindList<Option<DefinitionId>> {
        let hand = board.zone(Zone::DuelingHand(side));
        let kind = |id: CardId| board.instance(id).map(|instance| instance.definition);
        let kept = self.kept_hands.of_mut(side);
        let matches = kept.as_ref().is_some_and(|kept| {
            kept.len() <= hand.len()
                && kept.first_card() == hand.first().copied()
                && kept.last_card()
                    == kept
                        .len()
                        .checked_sub(1)
                        .and_then(|at| hand.get(at).copied())
        });
        if !matches {
            *kept = None;
        }
        let list = kept.get_or_insert_with(|| KindList::new(hand.iter().copied(), kind));
        for id in hand.get(list.len()..).unwrap_or_default() {
            list.push(*id, kind(*id));
        }
        debug_assert!(
            list.cards().eq(hand.iter().copied()),
            "the dueling hand by kind is kept as the hand"
        );
        list
    }

    /// [`DuelEngine::play_options`] for a hand of more than [`BY_KIND_FROM`] cards: one option
    /// for each kind of card, made from its first card, its repeats unlisted.
    fn play_options_by_kind(
        &mut self,
        board: &Board,
        side: Side,
        destiny: Option<i32>,
    ) -> Result<(Vec<DecisionOption>, Repeats), MissingFact> {
        let words = self.words();
        let hand = self.kept_hand(board, side);
        // The first card without a destiny number, in the order of the hand: the first kind's.
        if let Some((id, _, _)) = hand
            .firsts()
            .find(|(id, _, _)| board.card(*id).and_then(Card::destiny).is_none())
        {
            return Err(Self::no_destiny(board, id));
        }
        Ok(hand.options(
            Vec::new(),
            |id, _| {
                let number = board.card(id).and_then(Card::destiny);
                destiny.is_none_or(|wanted| number == Some(wanted))
            },
            |id| {
                let card = board.card(id);
                let number = card.and_then(Card::destiny).unwrap_or_default();
                Self::play_option(words, board, id, card, number, destiny)
            },
        ))
    }

    /// The option of playing `id`, of destiny `number`, to attack, or to block an attack of
    /// `destiny`.
    fn play_option(
        words: Words,
        board: &Board,
        id: CardId,
        card: Option<&Card>,
        number: i32,
        destiny: Option<i32>,
    ) -> DecisionOption {
        DecisionOption {
            label: match card {
                // Most of a dueling hand: no label is written for each card at each attack.
                Some(card) if card.anonymous => crate::cards::anonymous_name(number),
                _ => words.label(|| format!("{} (destiny {number})", board.describe(id))),
            },
            card: Some(id),
            name: card
                .filter(|card| !card.anonymous && words.read())
                .map(|card| Cow::Owned(card.full_name())),
            aliases: Vec::new(),
            destiny: Some(number),
            declines: false,
            cites: Cow::Borrowed(if destiny.is_some() {
                &[BLOCK]
            } else {
                &[ATTACK]
            }),
        }
    }

    fn play(
        &mut self,
        board: &mut Board,
        side: Side,
        card: CardId,
        blocking: bool,
    ) -> Result<(), MissingFact> {
        let destiny = Self::destiny_of(board, card)?;
        let moved = self.shift(
            board,
            card,
            Zone::DuelingHand(side),
            Zone::DuelingPile(side),
        );
        if let Some(kept) = self.kept_hands.of_mut(side) {
            kept.remove(card);
        }
        self.attack_card = Some(card);
        let name = self.name(board, card);
        let moves = self.pending.one_move(moved);
        if blocking {
            // A block by a player who has passed is his attack all the same.
            let cites: &[Citation] = if self.passed.get(side) {
                &[BLOCK, PASS_BLOCKS_HIT]
            } else {
                &[BLOCK]
            };
            self.emit(
                board,
                DuelEvent::Block {
                    side,
                    card: name,
                    destiny,
                },
                cites,
                &[],
                moves,
            );
        } else {
            self.result.first_attacker.get_or_insert(side);
            self.emit(
                board,
                DuelEvent::Attack {
                    side,
                    card: name,
                    destiny,
                },
                &[ATTACK, ALTERNATE],
                &[],
                moves,
            );
        }
        self.phase = Phase::Block {
            side: side.opponent(),
            destiny,
        };
        Ok(())
    }

    /// The rule that lets the scorer use a card's dueling text: his lightsaber's, or under
    /// the Players Committee's rules, with none, theirs.
    fn text_rule(&self, board: &Board, scorer: Side) -> Citation {
        let [rule] = *self.text_rules(board, scorer);
        rule
    }

    /// [`DuelEngine::text_rule`], as a list of the one rule.
    fn text_rules(&self, board: &Board, scorer: Side) -> &'static [Citation; 1] {
        if self.scorer_has_lightsaber(board, scorer) {
            &[TEXT_LIGHTSABER]
        } else {
            &[PC_DUELING_TEXT]
        }
    }

    fn scorer_has_lightsaber(&self, board: &Board, side: Side) -> bool {
        self.weapon
            .get(side)
            .is_some_and(|weapon| Self::is_lightsaber(board, weapon))
    }

    /// An unanswered attack: a hit on `side`'s character.
    fn hit(&mut self, board: &mut Board, side: Side, count: u32) -> Result<(), MissingFact> {
        let Some(fighter) = self.fighter.get(side) else {
            return Err(MissingFact::Inconsistent("no fighter"));
        };
        if let Some(instance) = board.instance_mut(fighter) {
            instance.hits = instance.hits.saturating_add(count);
        }
        let hits = board.instance(fighter).map_or(0, |instance| instance.hits);
        let damage = Self::printed_damage(board, fighter)?;
        let by = self
            .attack_card
            .map(|id| self.name(board, id))
            .unwrap_or_default();
        let card = self.name(board, fighter);
        self.emit(
            board,
            DuelEvent::Hit {
                side,
                card,
                by,
                hits,
                damage,
            },
            &[HIT],
            &[],
            Vec::new(),
        );
        Ok(())
    }

    fn dueling_text(
        &mut self,
        board: &mut Board,
        scorer: Side,
        card: CardId,
        effect: DuelingEffect,
        use_it: bool,
    ) {
        let name = self.name(board, card);
        let cites = [self.text_rule(board, scorer), TEXT_PHRASE];
        let mut moves = self.pending.room_for_moves();
        let discards = matches!(
            effect,
            DuelingEffect::DiscardForTwoExtraHits | DuelingEffect::DiscardToDrawTwo
        );
        if discards && !use_it {
            let event = DuelEvent::DuelingText {
                side: scorer,
                card: name,
                effect,
                applied: false,
                detail: "the player chooses not to use it".to_string(),
                without_lightsaber: false,
            };
            self.emit(board, event, cites.to_vec(), &[], moves);
            return;
        }
        if discards {
            moves.push(move_said(
                self.words(),
                board,
                card,
                Zone::DuelingPile(scorer),
                Zone::DiscardPile(scorer),
            ));
            board.move_to(card, Zone::DiscardPile(scorer));
        }
        let (detail, extra_hits) = match effect {
            DuelingEffect::ExtraHit => ("one extra hit".to_string(), 1),
            DuelingEffect::DiscardForTwoExtraHits => {
                ("the card is discarded for two extra hits".to_string(), 2)
            }
            DuelingEffect::RemoveHit => {
                let fighter = self.fighter.get(scorer);
                let removed = match fighter.and_then(|id| board.instance_mut(id)) {
                    Some(instance) if instance.hits > 0 => {
                        instance.hits -= 1;
                        true
                    }
                    _ => false,
                };
                let detail = if removed {
                    "one hit removed from the scorer's own character"
                } else {
                    "no hit on the scorer's own character to remove"
                };
                (detail.to_string(), 0)
            }
            DuelingEffect::DrawOne => {
                let drawn = self.draw(board, scorer, 1, Zone::DuelingHand(scorer), &mut moves);
                (format!("{drawn} card drawn for the dueling hand"), 0)
            }
            DuelingEffect::DiscardToDrawTwo => {
                let drawn = self.draw(board, scorer, 2, Zone::DuelingHand(scorer), &mut moves);
                (
                    format!("the card is discarded to draw two cards; {drawn} drawn"),
                    0,
                )
            }
        };
        let event = DuelEvent::DuelingText {
            side: scorer,
            card: name,
            effect,
            applied: true,
            detail,
            without_lightsaber: !self.scorer_has_lightsaber(board, scorer),
        };
        self.emit(board, event, cites.to_vec(), &[], moves);
        if extra_hits > 0
            && let Err(fact) = self.hit(board, scorer.opponent(), extra_hits)
        {
            self.pending.fail_now(fact);
        }
    }

    /// A character's text that draws cards when his player first passes.
    fn first_pass_draws(&mut self, board: &mut Board, side: Side) {
        let Some((fighter, text)) = self.duelist_text(board, side) else {
            return;
        };
        let Some(wanted) = text.first_pass_draws else {
            return;
        };
        let to = if self.first_pass_draws_to_dueling_hand {
            Zone::DuelingHand(side)
        } else {
            Zone::Hand(side)
        };
        let mut moves = self.pending.room_for_moves();
        let drawn = self.draw(board, side, usize::from(wanted), to, &mut moves);
        let drawn = u8::try_from(drawn).unwrap_or(wanted);
        let card = self.name(board, fighter);
        self.emit(
            board,
            DuelEvent::PassDraws {
                side,
                card,
                wanted,
                drawn,
                dueling_hand: self.first_pass_draws_to_dueling_hand,
            },
            &[PASS],
            &[if self.first_pass_draws_to_dueling_hand {
                FIRST_PASS_DRAWS_TO_DUELING_HAND
            } else {
                FIRST_PASS_DRAWS_TO
            }],
            moves,
        );
    }

    /// Draws up to `count` cards from the top of `side`'s draw deck to `to`; how many it
    /// drew (fewer where the deck runs out).
    fn draw(
        &self,
        board: &mut Board,
        side: Side,
        count: usize,
        to: Zone,
        moves: &mut Vec<Move>,
    ) -> usize {
        self.shift_first(board, Zone::DrawDeck(side), count, to, moves)
    }

    /// Moves the first `count` cards of a zone (fewer if it holds fewer) to the end of
    /// another, in order, each move as the event gives it; how many it moved.
    fn shift_first(
        &self,
        board: &mut Board,
        from: Zone,
        count: usize,
        to: Zone,
        moves: &mut Vec<Move>,
    ) -> usize {
        let taken = board.move_first(from, count, to);
        moves.extend(
            crate::board::last_cards(board.zone(to), taken)
                .iter()
                .map(|&id| move_said(self.words(), board, id, from, to)),
        );
        taken
    }

    fn defeat_check(&mut self, board: &mut Board, hit_side: Side) -> Result<(), MissingFact> {
        let Some(fighter) = self.fighter.get(hit_side) else {
            return Err(MissingFact::Inconsistent("no fighter"));
        };
        let hits = board.instance(fighter).map_or(0, |instance| instance.hits);
        let damage = Self::printed_damage(board, fighter)?;
        if i64::from(hits) >= i64::from(damage) {
            self.result.defeated = Some(hit_side);
            let card = self.name(board, fighter);
            // A printed DAMAGE of 0 falls at his first hit only by the named assumption.
            let assumptions: &[Assumption] = if damage == 0 && !self.damage_zero_rule {
                &[DAMAGE_ZERO_FIRST_HIT]
            } else {
                &[]
            };
            self.emit(
                board,
                DuelEvent::Defeated {
                    side: hit_side,
                    card,
                    hits,
                    damage,
                    at_once: false,
                },
                &[DEFEAT],
                assumptions,
                Vec::new(),
            );
            self.phase = Phase::Ending;
        } else {
            self.phase = Phase::Attack(hit_side);
        }
        Ok(())
    }

    /// Whether a side may make an attack: it has not passed and holds a card.
    fn can_lead(&self, board: &Board, side: Side) -> bool {
        !self.passed.get(side) && !board.zone(Zone::DuelingHand(side)).is_empty()
    }

    /// The hit tokens on a side's dueling character.
    fn hits_on(&self, board: &Board, side: Side) -> u32 {
        self.fighter
            .get(side)
            .and_then(|id| board.instance(id))
            .map_or(0, |instance| instance.hits)
    }

    fn damage_parts(
        &self,
        board: &Board,
        loser: Side,
        fighter: CardId,
    ) -> Result<(Vec<(String, i32)>, bool), MissingFact> {
        let label = self.words().text(|| {
            number_label(
                &format!("DAMAGE of {}", board.describe(fighter)),
                board
                    .card(fighter)
                    .and_then(|card| card.stats.damage.as_ref()),
            )
        });
        let mut parts = vec![(label, Self::printed_damage(board, fighter)?)];
        let Some(card) = board.card(fighter) else {
            return Ok((parts, false));
        };
        let weapons: Vec<CardId> = self.weapon.get(loser).into_iter().collect();
        let by: Vec<CardId> = self.fighter.get(loser.opponent()).into_iter().collect();
        let (modifiers, by_effect) = crate::engine::damage::modifier_parts(
            board,
            loser,
            crate::engine::damage::DefeatedCard {
                kind: crate::engine::damage::Defeated::CHARACTER,
                card,
                id: fighter,
                weapons: &weapons,
                by: &by,
            },
            self.planet,
            self.boonta,
        )?;
        parts.extend(modifiers);
        Ok((parts, by_effect))
    }

    fn ending(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        self.result.exchange_end = Some(self.tally(board));
        // The duel is no longer under way once it ends.
        DuelFile::set_stated(board, None);
        let defeated = self.result.defeated;
        // Defeated at once for a printed DAMAGE of 0 (both, where both print 0): no dueling
        // hand was drawn.
        let at_once: Vec<Side> = [self.initiator, self.defender_side()]
            .into_iter()
            .filter(|side| self.defeated_at_once.get(*side))
            .collect();
        let losers: Vec<Side> = if at_once.is_empty() {
            defeated.into_iter().collect()
        } else {
            at_once.clone()
        };
        // The exchange ended with a card still in a dueling hand, by the scenario's choice
        // `duel-ends`: whether the damage for hit tokens follows is a named assumption, where
        // the Decipher rule is the one in force (the Players Committee's covers every duel
        // with no defeat).
        let mut one_hand_left: Option<Assumption> = None;
        // 1. Discard the defeated character and the weapon it was using.
        for &loser in &losers {
            // The defeated character's hit tokens leave the table with it.
            if let Some(instance) = self
                .fighter
                .get(loser)
                .and_then(|id| board.instance_mut(id))
            {
                instance.hits = 0;
            }
            let mut moves = self.pending.room_for_moves();
            let mut names = Vec::new();
            for id in [self.fighter.get(loser), self.weapon.get(loser)]
                .into_iter()
                .flatten()
            {
                if let Some(from) = board.zone_of(id) {
                    let owner = board.instance(id).map_or(loser, |i| i.owner);
                    moves.push(move_said(
                        self.words(),
                        board,
                        id,
                        from,
                        Zone::DiscardPile(owner),
                    ));
                    names.push(self.name(board, id));
                    board.move_to(id, Zone::DiscardPile(owner));
                }
            }
            self.emit(
                board,
                DuelEvent::CardsDiscarded {
                    side: loser,
                    cards: names,
                },
                &[DEFEAT],
                &[],
                moves,
            );
        }
        if !losers.is_empty() {
            // Said above.
        } else if self.passed.get(Side::Light) || self.passed.get(Side::Dark) {
            // Both passed, or no attack was left: said when it happened.
        } else if board.zone(Zone::DuelingHand(Side::Light)).is_empty()
            && board.zone(Zone::DuelingHand(Side::Dark)).is_empty()
        {
            self.emit(
                board,
                DuelEvent::HandsEmpty,
                &[ALTERNATE, NO_DEFEAT],
                &[],
                Vec::new(),
            );
        } else {
            // Only the scenario's choice `duel-ends` ends an exchange with a card in hand.
            let no_damage = self.duel_ends_no_damage && !self.pc_damage;
            let mut assumptions = vec![EMPTY_HAND_DUEL_ENDS];
            if !self.pc_damage {
                let reading = if no_damage {
                    DUEL_ENDS_NO_DAMAGE
                } else {
                    DUEL_ENDS_HIT_DAMAGE
                };
                assumptions.push(reading);
                one_hand_left = Some(reading);
            }
            let cites: &[Citation] = if no_damage { &[] } else { &[NO_DEFEAT] };
            self.emit(
                board,
                DuelEvent::ExchangeEnded { no_damage },
                cites,
                &assumptions,
                Vec::new(),
            );
        }
        // 2. Each player reshuffles his dueling hand and pile into his draw deck: none was
        // drawn where a character was defeated at once.
        let sides = if at_once.is_empty() {
            vec![self.initiator, self.defender_side()]
        } else {
            Vec::new()
        };
        for side in sides {
            let mut moves = self.pending.room_for_moves();
            // The hand, then the pile, each card to the bottom of the deck in turn.
            for from in [Zone::DuelingHand(side), Zone::DuelingPile(side)] {
                self.shift_first(board, from, usize::MAX, Zone::DrawDeck(side), &mut moves);
            }
            if crate::engine::shuffle_deck(board, side, &mut self.random) == 0 {
                board.zones.remove(&Zone::DrawDeck(side));
            }
            let assumptions: &[Assumption] = if defeated.is_none() {
                &[RESHUFFLE_WITHOUT_DEFEAT]
            } else {
                &[]
            };
            let deck_size = board.zone(Zone::DrawDeck(side)).len();
            self.emit(
                board,
                DuelEvent::Reshuffled {
                    side,
                    returned: moves.len(),
                    deck_size,
                },
                &[DEFEAT_DAMAGE, HAND_DECK],
                assumptions,
                moves,
            );
        }
        // 3. Damage: each defeated character's player for it, or, with none defeated, the
        // player with more hit tokens.
        let mut takers: Vec<Taker> = Vec::new();
        for &loser in &losers {
            let fighter = self.fighter.get(loser).unwrap_or(CardId(0));
            let (mut parts, by_effect) = self.damage_parts(board, loser, fighter)?;
            let mut cites: Cow<'static, [Citation]> = Cow::Borrowed(&[DEFEAT_DAMAGE]);
            if self.pc_damage {
                // Less the hits it scored: those still on the winner (a term of 0 is left
                // out; the rule cited says it).
                let scored = self.hits_on(board, loser.opponent());
                if scored > 0 {
                    parts.push((
                        self.words()
                            .text(|| format!("hits {} scored", board.describe(fighter))),
                        -i32::try_from(scored).unwrap_or(i32::MAX),
                    ));
                }
                cites = Cow::Borrowed(&[DEFEAT_DAMAGE, PC_DEFEAT_DAMAGE]);
            }
            takers.push((loser, parts, cites, by_effect));
        }
        if losers.is_empty() {
            let hits = |side: Side| {
                self.fighter
                    .get(side)
                    .and_then(|id| board.instance(id))
                    .map_or(0, |i| i.hits)
            };
            let (light, dark) = (hits(Side::Light), hits(Side::Dark));
            let reading: Vec<Assumption> = one_hand_left.into_iter().collect();
            if one_hand_left == Some(DUEL_ENDS_NO_DAMAGE) {
                self.emit(
                    board,
                    DuelEvent::NoDamage {
                        reason: self.words().text(|| {
                            "the exchange ended with a card still in a dueling hand".to_string()
                        }),
                    },
                    &[],
                    &reading,
                    Vec::new(),
                );
            } else if light == dark {
                let cites: &[Citation] =
                    if self.passed.get(Side::Light) && self.passed.get(Side::Dark) {
                        &[PASS_BOTH]
                    } else if self.pc_damage {
                        &[PC_NO_DEFEAT_DAMAGE]
                    } else {
                        &[NO_DEFEAT]
                    };
                self.emit(
                    board,
                    DuelEvent::NoDamage {
                        reason: self.words().text(|| {
                            format!(
                                "a tie: {light} hit token{} each",
                                if light == 1 { "" } else { "s" }
                            )
                        }),
                    },
                    cites,
                    &reading,
                    Vec::new(),
                );
            } else {
                let (side, count, scored) = if light > dark {
                    (Side::Light, light, dark)
                } else {
                    (Side::Dark, dark, light)
                };
                let mut parts = vec![(
                    self.words()
                        .text(|| "hit tokens on his dueling character".to_string()),
                    i32::try_from(count).unwrap_or(i32::MAX),
                )];
                let mut cites: Cow<'static, [Citation]> = Cow::Borrowed(&[NO_DEFEAT]);
                if self.pc_damage {
                    if scored > 0 {
                        parts.push((
                            self.words()
                                .text(|| "hits his character scored".to_string()),
                            -i32::try_from(scored).unwrap_or(i32::MAX),
                        ));
                    }
                    cites = Cow::Borrowed(&[PC_NO_DEFEAT_DAMAGE]);
                }
                takers.push((side, parts, cites, false));
            }
        }
        for (side, parts, cites, effect_applied) in takers {
            let (amount, floored) = crate::engine::damage::amount(&parts);
            // Under the Players Committee's rules the hits scored, not game text, may take it
            // below zero.
            let floored = floored.map(|floor| {
                if self.pc_damage {
                    PC_DAMAGE_AT_LEAST_ZERO
                } else {
                    floor
                }
            });
            let mut assumptions: Vec<Assumption> = floored.into_iter().collect();
            assumptions.extend(one_hand_left);
            if effect_applied {
                assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
            }
            let mut moves = self.pending.room_for_moves();
            let taken = crate::engine::damage::take(
                board,
                side,
                amount,
                self.laps_rule,
                &mut moves,
                self.words(),
            );
            match side {
                Side::Light => self.result.damage_light = amount,
                Side::Dark => self.result.damage_dark = amount,
            }
            let mut cites = cites;
            if let Some(lap_cards) = taken.lap_cards_cited() {
                cites.to_mut().push(lap_cards);
            }
            self.emit(
                board,
                DuelEvent::DamageTaken {
                    side,
                    amount,
                    parts,
                    taken,
                },
                cites,
                &assumptions,
                moves,
            );
            if taken.ran_out {
                self.result.deck_victory = Some(side.opponent());
                self.emit(
                    board,
                    DuelEvent::DeckVictory {
                        winner: side.opponent(),
                    },
                    &[DECK_VICTORY],
                    &[],
                    Vec::new(),
                );
                // The game is over: the other loser takes no damage.
                break;
            }
        }
        // A deck victory is immediate: the game is over.
        if self.result.deck_victory.is_some() {
            self.phase = Phase::Done;
            return Ok(());
        }
        // 4. Remove the remaining hit tokens.
        for side in [self.initiator, self.defender_side()] {
            if let Some(instance) = self.fighter.get(side).and_then(|id| board.instance_mut(id))
                && instance.hits > 0
            {
                let count = instance.hits;
                instance.hits = 0;
                let (cites, assumptions): (&[Citation], &[Assumption]) = if defeated.is_some() {
                    (&[DEFEAT_DAMAGE], &[])
                } else if one_hand_left == Some(DUEL_ENDS_NO_DAMAGE) {
                    (&[], &[DUEL_ENDS_NO_DAMAGE])
                } else {
                    (&[NO_DEFEAT], &[])
                };
                self.emit(
                    board,
                    DuelEvent::HitsRemoved { side, count },
                    cites,
                    assumptions,
                    Vec::new(),
                );
            }
        }
        if self.result.deck_victory.is_none() {
            self.emit(
                board,
                DuelEvent::BattleStepContinues,
                &[OVER],
                &[],
                Vec::new(),
            );
        }
        self.phase = Phase::Done;
        Ok(())
    }

    fn next_step(&mut self, board: &mut Board) -> Result<Option<Decision>, MissingFact> {
        let planet = self.planet.unwrap_or(Planet("Naboo"));
        if matches!(self.phase, Phase::Start | Phase::Resume) && !self.rules_not_applied.is_empty()
        {
            let refusal = Refusal::RulesNotApplied {
                ruleset: board.ruleset.to_string(),
                rules: std::mem::take(&mut self.rules_not_applied),
            };
            self.refuse(board, refusal, &[]);
            return Ok(None);
        }
        match self.phase {
            Phase::Start => self.start(board)?,
            Phase::Resume => self.resume(board)?,
            Phase::InitiatorCharacter | Phase::InitiatorWeapon | Phase::Defender => {
                return self.decision(board, planet);
            }
            Phase::Substitute => {
                if !self.revised {
                    self.phase = Phase::DefenderWeapon;
                    return Ok(None);
                }
                match self.decision(board, planet)? {
                    Some(decision) => return Ok(Some(decision)),
                    None => self.phase = Phase::DefenderWeapon,
                }
            }
            Phase::DefenderWeapon => match self.decision(board, planet)? {
                Some(decision) => return Ok(Some(decision)),
                None => {
                    let side = self.defender_side();
                    self.emit(
                        board,
                        DuelEvent::WeaponChosen {
                            side,
                            card: None,
                            lightsaber: false,
                            passed_over: Vec::new(),
                        },
                        &[WHO_FIGHTS],
                        &[],
                        Vec::new(),
                    );
                    self.phase = Phase::DamageZero;
                }
            },
            Phase::DamageZero => self.damage_zero(board)?,
            Phase::Hands(side) => self.hands(board, side)?,
            Phase::Attack(side)
                if (self.passed.get(side) || self.passed.get(side.opponent()))
                    && !self.can_lead(board, side)
                    && !self.can_lead(board, side.opponent()) =>
            {
                // One has passed and may only block; the other has no card to attack with.
                let passed = if self.passed.get(side) {
                    side
                } else {
                    side.opponent()
                };
                self.emit(
                    board,
                    DuelEvent::NoAttackLeft { passed },
                    &[PASS_ONLY_BLOCKS, ALTERNATE],
                    &[NO_ATTACK_LEFT_ENDS],
                    Vec::new(),
                );
                self.phase = Phase::Ending;
            }
            Phase::Attack(side) if self.passed.get(side) => {
                // A player who has passed may only block: passing again is his one choice,
                // which a script that says so is heard to make.
                return Ok(Some(Decision {
                    kind: super::decisions::ATTACK,
                    who: side,
                    prompt: self.words().text(|| format!(
                        "the {side} player, who has passed, may only block: at his turn to attack he passes again"
                    )),
                    options: vec![Self::decline(
                        self.words().label(|| {
                            format!(
                                "{}: he has passed, and may only block",
                                super::decisions::DECLARE_PASS
                            )
                        }),
                        &[PASS_ONLY_BLOCKS],
                    )],
                    more: crate::engine::Repeats::default(),
                }));
            }
            Phase::Attack(side) => {
                let own = board.zone(Zone::DuelingHand(side)).len();
                let other = board.zone(Zone::DuelingHand(side.opponent())).len();
                if own == 0 && other == 0 {
                    self.phase = Phase::Ending;
                } else if own == 0 {
                    let ends = self.empty_hand_ends;
                    self.emit(
                        board,
                        DuelEvent::CannotAttack {
                            side,
                            exchange_ends: ends,
                        },
                        &[ALTERNATE],
                        &[if ends {
                            EMPTY_HAND_DUEL_ENDS
                        } else {
                            EMPTY_HAND_CANNOT_ATTACK
                        }],
                        Vec::new(),
                    );
                    self.phase = if ends {
                        Phase::Ending
                    } else {
                        Phase::Attack(side.opponent())
                    };
                } else {
                    let (mut options, more) = self.play_options(board, side, None)?;
                    if self.pass_rule
                        && !self.said_may_not_pass.get(side)
                        && let Some((fighter, text)) = self.duelist_text(board, side)
                        && text.may_not_pass
                    {
                        self.said_may_not_pass.set(side, true);
                        let card = self.name(board, fighter);
                        self.emit(
                            board,
                            DuelEvent::MayNotPass { side, card },
                            &[PASS],
                            &[],
                            Vec::new(),
                        );
                    }
                    if self.may_pass(board, side) {
                        options.push(Self::decline(
                            self.words().label(|| {
                                format!("{}: make no attack", super::decisions::DECLARE_PASS)
                            }),
                            &[PASS, PASS_ONLY_BLOCKS, PASS_NO_BATTLE],
                        ));
                    }
                    // With one card to attack with, the decision is forced: the run plays
                    // it, and a script that claims otherwise (a pass) is refused.
                    return Ok(Some(Decision {
                        kind: super::decisions::ATTACK,
                        who: side,
                        prompt: self.words().text(|| {
                            format!(
                                "the {side} player attacks: choose a card from the dueling hand"
                            )
                        }),
                        options,
                        more,
                    }));
                }
            }
            Phase::Block { side, destiny } => {
                let (mut options, more) = self.play_options(board, side, Some(destiny))?;
                // With no card of that destiny, not blocking is the one option: the run takes
                // it, and a play that claims a block is refused with the rule.
                options.push(if options.is_empty() {
                    Self::decline(
                        self.words().label(|| {
                            format!("no block: no card of destiny {destiny} in the hand")
                        }),
                        &[BLOCK, HIT],
                    )
                } else {
                    Self::decline("do not block", &[HIT])
                });
                return Ok(Some(Decision {
                    kind: super::decisions::BLOCK,
                    who: side,
                    prompt: self.words().text(|| format!(
                        "the {side} player may block the attack of {destiny} with a card of the same destiny number"
                    )),
                    options,
                    more,
                }));
            }
            Phase::Effect { scorer, card } => {
                let effect = board.card(card).and_then(|c| c.text.dueling);
                match effect {
                    Some(effect) if effect.optional() => {
                        return Ok(Some(Decision {
                            kind: super::decisions::USE_EFFECT,
                            who: scorer,
                            prompt: self.words().text(|| {
                                format!(
                                    "the {scorer} player may use the dueling text of {}: {}",
                                    board.describe(card),
                                    effect.label()
                                )
                            }),
                            options: {
                                let rules = self.text_rules(board, scorer);
                                vec![
                                    self.option(
                                        board,
                                        || format!("use it: {}", effect.label()),
                                        Some(card),
                                        rules,
                                    ),
                                    Self::decline("do not use it", rules),
                                ]
                            },
                            more: crate::engine::Repeats::default(),
                        }));
                    }
                    Some(effect) => {
                        self.dueling_text(board, scorer, card, effect, true);
                        self.phase = Phase::DefeatCheck(scorer.opponent());
                    }
                    None => self.phase = Phase::DefeatCheck(scorer.opponent()),
                }
            }
            Phase::DefeatCheck(side) => self.defeat_check(board, side)?,
            Phase::Ending => self.ending(board)?,
            Phase::Done => {}
        }
        Ok(None)
    }

    /// A hit's dueling text that does not apply: its character uses no lightsaber, or the
    /// character it hit (`negated_by`) negates it.
    fn text_not_applied(
        &mut self,
        board: &Board,
        scorer: Side,
        card: CardId,
        effect: DuelingEffect,
        negated_by: Option<CardId>,
    ) {
        let (detail, cites): (String, &[Citation]) = match negated_by {
            Some(hit) => (
                format!(
                    "it hit {}, whose game text negates it",
                    self.name(board, hit)
                ),
                &[TEXT_CARDS],
            ),
            None => (
                "its character is not using a lightsaber".to_string(),
                &[TEXT_CARDS, TEXT_LIGHTSABER],
            ),
        };
        let event = DuelEvent::DuelingText {
            side: scorer,
            card: self.name(board, card),
            effect,
            applied: false,
            detail,
            without_lightsaber: negated_by.is_none(),
        };
        self.emit(board, event, cites, &[], Vec::new());
    }

    /// The attack on `side` went unanswered: a hit, then the card's dueling text.
    fn after_unblocked(&mut self, board: &mut Board, side: Side) -> Result<(), MissingFact> {
        self.hit(board, side, 1)?;
        let scorer = side.opponent();
        let card = self.attack_card.unwrap_or(CardId(0));
        let negated_by = self
            .duelist_text(board, side)
            .filter(|(_, text)| text.negates_dueling_text)
            .map(|(hit, _)| hit);
        match board.card(card).and_then(|c| c.text.dueling) {
            // The card that hit him keeps no dueling text.
            Some(effect) if negated_by.is_some() => {
                self.text_not_applied(board, scorer, card, effect, negated_by);
                self.phase = Phase::DefeatCheck(side);
            }
            Some(_) if self.scorer_has_lightsaber(board, scorer) || self.pc_dueling_text => {
                self.phase = Phase::Effect { scorer, card };
            }
            Some(effect) => {
                self.text_not_applied(board, scorer, card, effect, None);
                self.phase = Phase::DefeatCheck(side);
            }
            None => self.phase = Phase::DefeatCheck(side),
        }
        Ok(())
    }
}

impl Procedure for DuelEngine {
    type Table = Board;
    type Event = DuelEvent;
    type Result = DuelResult;

    fn result(&self) -> &DuelResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<DuelEvent> {
        &mut self.pending
    }

    /// A step; a fact found missing drops the events of the step that could not be
    /// finished.
    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        if self.phase == Phase::Done {
            return Ok(Next::Done);
        }
        match self.next_step(board) {
            Ok(Some(decision)) => Ok(Next::Decide(decision)),
            Ok(None) => Ok(Next::Continue),
            Err(fact) => {
                self.phase = Phase::Done;
                self.pending.fail_now(fact);
                Ok(Next::Continue)
            }
        }
    }

    fn ruled_out(&self, board: &Board, decision: &Decision, given: &str) -> Option<RuledOut> {
        if let Some(ruled_out) = self.named_card_ruled_out(board, decision, given) {
            return Some(ruled_out);
        }
        let declares_pass = decision.kind == super::decisions::ATTACK
            && crate::cards::matching::normalise(given)
                == crate::cards::matching::normalise(super::decisions::DECLARE_PASS);
        // A pass his character's text forbids.
        if declares_pass
            && self.pass_rule
            && let Some((fighter, text)) = self.duelist_text(board, decision.who)
            && text.may_not_pass
        {
            return Some(RuledOut {
                why: format!(
                    "the game text of {} says he may not pass: the {} player attacks",
                    self.name(board, fighter),
                    decision.who
                ),
                cites: vec![PASS, ATTACK],
                assumptions: Vec::new(),
            });
        }
        // A pass where the rules in force have none: he must attack.
        if declares_pass && !self.pass_rule {
            return Some(RuledOut {
                why: format!(
                    "under {} a duel has no pass: the player whose turn it is to attack plays an attack card (the pass is the Players Committee's rule, in force under players-committee)",
                    board.ruleset
                ),
                cites: vec![ATTACK, ALTERNATE],
                assumptions: Vec::new(),
            });
        }
        // `pass` (or `none`) at an attack declines no block: the pass is written
        // `declare-pass`.
        if decision.kind == super::decisions::ATTACK && crate::engine::deciders::is_none_word(given)
        {
            return Some(RuledOut {
                why: format!(
                    "`{}` declines a block, and this is an attack{}",
                    crate::text::quoted(given.trim()),
                    if self.pass_rule {
                        format!(
                            ": a player who passes instead of attacking writes `{}`",
                            super::decisions::DECLARE_PASS
                        )
                    } else {
                        String::new()
                    }
                ),
                cites: vec![ATTACK],
                assumptions: Vec::new(),
            });
        }
        // A block must match the attack's destiny number exactly.
        let Phase::Block { destiny, .. } = self.phase else {
            return None;
        };
        if decision.kind != super::decisions::BLOCK {
            return None;
        }
        let claimed: i32 = given
            .trim()
            .trim_start_matches("block")
            .trim()
            .parse()
            .ok()?;
        let legal = if decision.options.iter().any(|option| !option.declines) {
            format!("a block with a card of destiny {destiny} would have been legal")
        } else {
            format!("no card of destiny {destiny} is in the dueling hand, so no block was legal")
        };
        Some(RuledOut {
            why: if claimed == destiny {
                format!("no card of destiny {claimed} is in the dueling hand to block with")
            } else {
                format!(
                    "a block must match the attack exactly, and the attack is a {destiny}, not a {claimed}: {legal}"
                )
            },
            cites: vec![BLOCK],
            assumptions: Vec::new(),
        })
    }

    fn recycle(&mut self, decision: Decision) {
        let mut options = decision.options;
        if options.capacity() > self.spare_options.capacity() {
            options.clear();
            self.spare_options = options;
        }
    }

    fn listed(&self, _board: &Board, decision: &Decision) -> Decision {
        // Only an attack or a block from a hand kept by kind leaves repeats unlisted.
        match self.kept_hands.of(decision.who) {
            Some(hand) => hand.relisted(decision),
            None => decision.clone(),
        }
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let initiator = self.initiator;
        let defender = self.defender_side();
        // The kinds are told apart by their distinct names.
        match decision.kind.name {
            super::decisions::names::INITIATOR_CHARACTER => {
                if let Some(id) = option.card {
                    self.fighter.set(initiator, Some(id));
                    self.result.attacker = Some(self.name(board, id));
                    let card = self.name(board, id);
                    self.emit(
                        board,
                        DuelEvent::FighterChosen {
                            side: initiator,
                            card,
                            by: initiator,
                            role: "initiator".to_string(),
                        },
                        &[WHO_FIGHTS, DUELING_CHARACTER],
                        &[],
                        Vec::new(),
                    );
                }
                self.phase = Phase::InitiatorWeapon;
            }
            super::decisions::names::INITIATOR_WEAPON => {
                self.weapon.set(initiator, option.card);
                let card = option.card.map(|id| self.name(board, id));
                self.emit(
                    board,
                    DuelEvent::WeaponChosen {
                        side: initiator,
                        card,
                        lightsaber: true,
                        passed_over: Vec::new(),
                    },
                    &[WHO_FIGHTS],
                    &[],
                    Vec::new(),
                );
                self.phase = Phase::Defender;
            }
            super::decisions::names::DEFENDER => {
                if let Some(id) = option.card {
                    self.fighter.set(defender, Some(id));
                    self.result.defender = Some(self.name(board, id));
                    let card = self.name(board, id);
                    self.emit(
                        board,
                        DuelEvent::FighterChosen {
                            side: defender,
                            card,
                            by: initiator,
                            role: "defender".to_string(),
                        },
                        &[WHO_FIGHTS],
                        &[],
                        Vec::new(),
                    );
                }
                self.phase = Phase::Substitute;
            }
            super::decisions::names::SUBSTITUTE => {
                let chosen = self
                    .fighter
                    .get(defender)
                    .map(|id| self.name(board, id))
                    .unwrap_or_default();
                if let (false, Some(id)) = (option.declines, option.card) {
                    self.fighter.set(defender, Some(id));
                    let to = self.name(board, id);
                    self.result.defender = Some(to.clone());
                    self.emit(
                        board,
                        DuelEvent::DefenderSubstituted {
                            side: defender,
                            from: chosen,
                            to,
                        },
                        option.cites.clone(),
                        &[],
                        Vec::new(),
                    );
                } else if decision.options.iter().all(|option| option.declines) {
                    self.no_substitute(board);
                } else {
                    let could = decision
                        .options
                        .iter()
                        .filter_map(|o| o.card)
                        .map(|id| self.name(board, id))
                        .collect();
                    self.emit(
                        board,
                        DuelEvent::SubstitutionDeclined {
                            side: defender,
                            could,
                        },
                        &[WHO_FIGHTS],
                        &[],
                        Vec::new(),
                    );
                }
                self.phase = Phase::DefenderWeapon;
            }
            super::decisions::names::DEFENDER_WEAPON => {
                let card = option.card.filter(|_| !option.declines);
                self.weapon.set(defender, card);
                let lightsaber = card.is_some_and(|id| Self::is_lightsaber(board, id));
                let name = card.map(|id| self.name(board, id));
                // "No weapon" is the first option: taken where he could use one, the walk
                // names what he passed over (the policy `first-option` takes it).
                let passed_over = if card.is_none() && self.words().read() {
                    decision
                        .options
                        .iter()
                        .filter(|other| !other.declines)
                        .filter_map(|other| other.card)
                        .map(|id| self.name(board, id))
                        .collect()
                } else {
                    Vec::new()
                };
                self.emit(
                    board,
                    DuelEvent::WeaponChosen {
                        side: defender,
                        card: name,
                        lightsaber,
                        passed_over,
                    },
                    &[WHO_FIGHTS],
                    &[],
                    Vec::new(),
                );
                self.phase = Phase::DamageZero;
            }
            super::decisions::names::ATTACK if option.declines && self.passed.get(decision.who) => {
                let side = decision.who;
                self.emit(
                    board,
                    DuelEvent::Passed { side, again: true },
                    option.cites.clone(),
                    &[PASSER_LEADS_BY_PASSING],
                    Vec::new(),
                );
                self.phase = Phase::Attack(side.opponent());
            }
            super::decisions::names::ATTACK if option.declines => {
                let side = decision.who;
                self.passed.set(side, true);
                self.result.passed.push(side);
                board.player_mut(side).passed_in_duel = true;
                self.emit(
                    board,
                    DuelEvent::Passed { side, again: false },
                    option.cites.clone(),
                    &[],
                    Vec::new(),
                );
                self.first_pass_draws(board, side);
                self.phase = if self.passed.get(side.opponent()) {
                    self.emit(board, DuelEvent::BothPassed, &[PASS_BOTH], &[], Vec::new());
                    Phase::Ending
                } else {
                    Phase::Attack(side.opponent())
                };
            }
            super::decisions::names::ATTACK => {
                if let Some(id) = option.card
                    && let Err(fact) = self.play(board, decision.who, id, false)
                {
                    self.pending.fail_now(fact);
                }
            }
            super::decisions::names::BLOCK => {
                let side = decision.who;
                match option.card.filter(|_| !option.declines) {
                    Some(id) => {
                        if let Err(fact) = self.play(board, side, id, true) {
                            self.pending.fail_now(fact);
                        }
                    }
                    None => {
                        let destiny = match self.phase {
                            Phase::Block { destiny, .. } => destiny,
                            _ => 0,
                        };
                        // Not blocking was his only option when he held no card to block with.
                        let could_have = decision.card_count() > 1;
                        self.emit(
                            board,
                            DuelEvent::NoBlock {
                                side,
                                destiny,
                                could_have,
                            },
                            Cow::<[Citation]>::Borrowed(if could_have {
                                &[HIT]
                            } else {
                                &[BLOCK, HIT]
                            }),
                            &[],
                            Vec::new(),
                        );
                        if let Err(fact) = self.after_unblocked(board, side) {
                            self.pending.fail_now(fact);
                        }
                    }
                }
            }
            super::decisions::names::USE_EFFECT => {
                if let Phase::Effect { scorer, card } = self.phase
                    && let Some(effect) = board.card(card).and_then(|c| c.text.dueling)
                {
                    self.dueling_text(board, scorer, card, effect, !option.declines);
                    self.phase = Phase::DefeatCheck(scorer.opponent());
                }
            }
            _ => {}
        }
    }
}
