//! The battle: a character battle at a planet, and the evacuation with the starship battle that decides it.

use std::collections::BTreeSet;

use super::section::{BattleFile, PlanEntry};
use crate::board::{Board, CardId, Planet, Step, Zone};
use crate::cards::traits::starship_kind;
use crate::cards::{BattleEffect, Card, CardType, Side, StatValue, TraitKind, TraitValue};
use crate::random::Random;
use crate::rules::{Citation, Corpus, cite};
use crate::scenario::SectionFile;

use super::events::{BattleEvent, BattleRefusal, BattleResult, EvacuatedTo, Mode};
use crate::engine::conditions::{self, Situation};
use crate::engine::damage::{self, Defeated};
use crate::engine::effects::{self, EFFECT_AT_ITS_PLANET, InPlay};
use crate::engine::kind_list::KindList;
use crate::engine::missing::CardNumber;
use crate::engine::{
    Assumption, Decision, DecisionOption, MissingFact, Next, Pending, Procedure, describe_move,
    saturating_sum,
};

const HYPERSPACE: Citation = cite("starship.hyperspace");
/// The Players Committee's rule, paraphrased: in force under `players-committee` only.
const PASS_NO_BATTLE: Citation = cite("pc.duel.pass.no-battle");
const EVACUATION: Citation = cite("starship.evacuation");
const EVACUATION_PLANET: Citation = cite("starship.evacuation-planet");
const INTERCEPT: Citation = cite("starship.intercept");
const STARSHIP_PLANS: Citation = cite("starship.battle-plans");
const STARSHIP_BATTLE: Citation = cite("starship.battle");
const SURVIVORS: Citation = cite("starship.survivors");
const UNIQUE_STARSHIPS: Citation = cite("deploy.unique-starships");
const DECLARE_FIRST: Citation = cite("battle.declaring-battle-cards");
const ONLY_BATTLE_CARDS: Citation = cite("battle.only-battle-cards");
const ONE_CARD_WORKS: Citation = cite("battle.one-battle-card-per-fight");
const DESTINY_IN_FIGHT: Citation = cite("battle.destiny-only-in-fight");
const LAST_CARD_TIE: Citation = cite("battle.last-card-tie");
const FORCE_PUSH: Citation = cite("battle.force-push");
const UNUSABLE_WEAPON: Citation = cite("deploy.weapon-without-user");
const NOT_A_BATTLE_CARD: Citation = cite("misplays.non-battle-card-in-plan");
const DECK_VICTORY: Citation = cite("even-up.deck-victory-first");
/// "The duel takes place on the current planet during your Battle step, before that turn's
/// battle there": the turn's battle is at the current planet, in the Battle step.
const BATTLE_STEP: Citation = cite("duel.initiation");

pub(crate) const WHOLE_PLAN: Assumption = Assumption {
    name: "whole-plan",
    text: "Every character a player has at the planet is in his battle plan, each once, with at most one weapon each (two where his Battle card's text lets him use two); weapons left out of the plan are set aside. The rule sources describe battle plans only through the FAQ's rulings.",
};
pub(crate) const BOTH_SIDES: Assumption = Assumption {
    name: "battle-needs-both-sides",
    text: "A character battle needs characters of both players at the planet. The rule sources do not say.",
};
pub(crate) const FIGHT_PAIRING: Assumption = Assumption {
    name: "fight-pairing",
    text: "Fights pair the two battle plans in order: the first entry of each fights the first of the other, the second the second, and so on. An entry is one card, or two or three whose Battle card says they fight together. The rule sources do not say.",
};
pub(crate) const TIED_FIGHT: Assumption = Assumption {
    name: "tied-fight",
    text: "A fight whose totals are equal defeats neither card. The rule sources do not say.",
};
const TIED_FIGHT_BOTH: Assumption = Assumption {
    name: "tied-fight",
    text: "Set by the scenario to `both-defeated`: a fight whose totals are equal defeats both cards. The rule sources do not say.",
};
pub(crate) const BREAKTHROUGH: Assumption = Assumption {
    name: "breakthrough-damage",
    text: "A character left without an opponent when the other plan runs out breaks through: the opponent takes DAMAGE equal to its power with its bonuses (no destiny: it is not in a fight). The rule sources say only that a starship battle has no breakthrough.",
};
const BREAKTHROUGH_NONE: Assumption = Assumption {
    name: "breakthrough-damage",
    text: "Set by the scenario to `none`: a character left without an opponent does nothing. The rule sources say only that a starship battle has no breakthrough.",
};
pub(crate) const WEAPON_DRAWS: Assumption = Assumption {
    name: "weapon-destiny-draws",
    text: "A weapon whose destiny draws no source gives draws one destiny for its user.",
};
pub(crate) const STARFIGHTER_DRAWS: Assumption = Assumption {
    name: "starfighter-destiny-draws",
    text: "A starfighter draws one destiny unless its card says otherwise: the rule says starfighters draw destiny, not how many.",
};
pub(crate) const DEFEAT_DAMAGE: Assumption = Assumption {
    name: "defeated-card-damage",
    text: "The owner of a card defeated in a fight takes DAMAGE equal to its printed DAMAGE, with game text that changes it, right after the fight. The rule sources say only that he must take DAMAGE.",
};
pub(crate) const DESTINY_TO_DISCARD: Assumption = Assumption {
    name: "destiny-to-discard",
    text: "A card drawn for destiny goes to its owner's discard pile.",
};
pub(crate) const WORKING_CARD: Assumption = Assumption {
    name: "working-battle-card",
    text: "Where a plan puts more than one Battle card in a fight, the first one listed is the one that works.",
};
pub(crate) const BATTLE_CARDS_DISCARDED: Assumption = Assumption {
    name: "battle-cards-discarded",
    text: "The Battle cards of both plans go to their owners' discard piles when the battle ends.",
};
pub(crate) const FIGHTER_DESTINY: Assumption = Assumption {
    name: "fighter-destiny",
    text: "A character's destiny in a fight, as a Battle card's text compares it, is the sum of the destiny numbers drawn for his side in that fight, 0 where none was drawn. The rule sources do not say.",
};
pub(crate) const BEST_DESTINY_CHOICE: Assumption = Assumption {
    name: "best-destiny-choice",
    text: "Where a Battle card's text lets its player change destiny numbers, he changes the ones that raise his total most, and uses a text that says \"may\" only when it raises his total.",
};
pub(crate) const CONTROL_KEPT: Assumption = Assumption {
    name: "control-kept",
    text: "A planet a player has controlled this game (the position's `controlled:`) he controls still. The rule sources do not say how control is lost, if it can be.",
};
pub(crate) const NEXT_FIGHT_IN_PLACE: Assumption = Assumption {
    name: "next-fight-in-place",
    text: "A character a Battle card's text sends to fight the next fight fights it in place of the next entry of his plan, which, with the rest, fights one fight later. The rule sources do not say.",
};
pub(crate) const SHOWS_HAND: Assumption = Assumption {
    name: "shows-hand",
    text: "A player whose Battle card's power bonus counts only if he shows the opponent his hand shows it. The card leaves him the choice; showing costs him no card.",
};
pub(crate) const TIE_NOT_WON: Assumption = Assumption {
    name: "tie-not-won",
    text: "A tied fight is neither won nor lost, so a Battle card's text about winning or losing the fight does nothing in it. The rule sources do not say.",
};
pub(crate) const WEAPON_LOST: Assumption = Assumption {
    name: "weapon-lost-with-character",
    text: "A defeated character's weapon is discarded with him (the FAQ's Force push ruling, that his weapon \"is not lost\" then, implies it is otherwise).",
};

/// The value of `tied-fight` that defeats both cards.
pub(crate) const BOTH_DEFEATED: &str = "both-defeated";
/// The value of `breakthrough-damage` that does nothing.
pub(crate) const NO_BREAKTHROUGH: &str = "none";
/// The value of `weapon-destiny-draws` that stops the walk.
pub(crate) const STOP: &str = "stop";
/// The value of `shows-hand` under which a player keeps his hand hidden.
pub(crate) const HIDES_HAND: &str = "hides";

/// What is wrong with a stated battle plan.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanProblem {
    #[error("an entry of the {side} battle plan has no {}", fighter_word(*starships))]
    NoFighter { side: Side, starships: bool },
    #[error("{card} in the {side} battle plan is not a {side} {}", fighter_place(*starships))]
    NotAFighter {
        side: Side,
        card: String,
        starships: bool,
    },
    #[error("{card} is in the {side} battle plan twice")]
    Twice {
        side: Side,
        card: String,
        starships: bool,
    },
    #[error(
        "an entry of the {side} battle plan has {count} {}s, and none of its Battle cards lets them fight together: declare one's text `fight-together` (`battle_text:` in a scenario; `set CARD battle_text fight-together` in the shell)",
        fighter_word(*starships)
    )]
    NotTogether {
        side: Side,
        count: usize,
        starships: bool,
    },
    #[error("a starship battle plan has no weapons, and the {side} plan gives {weapon}")]
    WeaponInStarshipPlan { side: Side, weapon: String },
    #[error(
        "an entry of the {side} battle plan has {count} {}s, and its Battle card {card} lets only {allows} fight together",
        fighter_word(*starships)
    )]
    NotTogetherAsItSays {
        side: Side,
        count: usize,
        starships: bool,
        card: String,
        /// What the card's text allows: `2`, `2 of one stack`.
        allows: String,
    },
    #[error("{weapon} in the {side} battle plan is not a {side} weapon at the planet")]
    WeaponNotThere { side: Side, weapon: String },
    #[error(
        "{fighter} in the {side} battle plan fights with two weapons, {weapons}, {}",
        match card {
            Some(card) => format!("and {card} lets him use two only as {allows}"),
            None => "and no Battle card of his entry lets him use two (each character fights with at most one weapon)".to_string(),
        }
    )]
    TwoWeapons {
        side: Side,
        fighter: String,
        weapons: String,
        /// The entry's working Battle card whose text lets its user use two weapons, if any.
        card: Option<String>,
        /// The two weapons that card names.
        allows: String,
    },
    #[error("{card} in the {side} battle plan is not in the {side} hand or battle plan")]
    BattleCardNotInHand { side: Side, card: String },
    #[error("{fighters} may not use {card}: its text names its users as {users}{read_from}")]
    NotAUser {
        side: Side,
        card: String,
        fighters: String,
        users: String,
        /// Where the users were read, in parentheses; empty if nothing says.
        read_from: String,
    },
    #[error(
        "the {side} battle plan leaves out {cards}: every {} fights{}",
        fighter_place(*starships),
        if *starships {
            " (\"you must use all starships from your Hyperspace pile\"; the interceptor \"must use all of them\")"
        } else {
            " (the named assumption `whole-plan`)"
        }
    )]
    LeavesOut {
        side: Side,
        cards: String,
        starships: bool,
        /// The cards left out, to point at where the position has them.
        left: Vec<CardId>,
    },
}

impl PlanProblem {
    /// The finding's stable code in `check`.
    pub fn code(&self) -> &'static str {
        match self {
            PlanProblem::NoFighter { .. } => "battle-plan-entry-without-fighter",
            PlanProblem::NotAFighter { .. } => "battle-plan-card-may-not-fight",
            PlanProblem::Twice { .. } => "battle-plan-card-twice",
            PlanProblem::NotTogether { .. } | PlanProblem::NotTogetherAsItSays { .. } => {
                "battle-plan-fight-together-not-allowed"
            }
            PlanProblem::WeaponInStarshipPlan { .. } => "battle-plan-weapon-in-starship-battle",
            PlanProblem::WeaponNotThere { .. } => "battle-plan-weapon-not-there",
            PlanProblem::BattleCardNotInHand { .. } => "battle-plan-battle-card-not-in-hand",
            PlanProblem::TwoWeapons { .. } => "battle-plan-two-weapons",
            PlanProblem::NotAUser { .. } => "battle-card-user",
            PlanProblem::LeavesOut { .. } => "battle-plan-leaves-out",
        }
    }

    /// The rules the problem breaks, and the named assumptions it rests on where the rules
    /// are silent.
    pub fn basis(&self) -> (Vec<Citation>, Vec<Assumption>) {
        let starship_rules = |starships: bool, otherwise: Assumption| {
            if starships {
                (vec![STARSHIP_PLANS], Vec::new())
            } else {
                (Vec::new(), vec![otherwise])
            }
        };
        match self {
            PlanProblem::LeavesOut {
                starships: true, ..
            } => (vec![EVACUATION, INTERCEPT], Vec::new()),
            PlanProblem::NoFighter { starships, .. }
            | PlanProblem::NotAFighter { starships, .. }
            | PlanProblem::Twice { starships, .. }
            | PlanProblem::LeavesOut { starships, .. } => starship_rules(*starships, WHOLE_PLAN),
            PlanProblem::NotTogether { starships, .. }
            | PlanProblem::NotTogetherAsItSays { starships, .. } => {
                starship_rules(*starships, FIGHT_PAIRING)
            }
            PlanProblem::WeaponInStarshipPlan { .. } => (vec![STARSHIP_PLANS], Vec::new()),
            PlanProblem::WeaponNotThere { .. } => (Vec::new(), vec![WHOLE_PLAN]),
            PlanProblem::BattleCardNotInHand { .. } => (vec![ONLY_BATTLE_CARDS], Vec::new()),
            PlanProblem::TwoWeapons { .. } => (Vec::new(), vec![WHOLE_PLAN]),
            PlanProblem::NotAUser { .. } => (vec![super::check::BATTLE_CARD_USERS], Vec::new()),
        }
    }
}

fn fighter_word(starships: bool) -> &'static str {
    if starships { "starship" } else { "character" }
}

fn fighter_place(starships: bool) -> &'static str {
    if starships {
        "starship in his Hyperspace pile"
    } else {
        "character at the planet"
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    AddStarships,
    Intercept,
    BattleStart,
    Plan(Side),
    Declare(Side),
    Fight(usize),
    AfterFights,
    Outcome,
    Done,
}

/// How a side's plan is being made by decisions.
#[derive(Clone, Debug, Default)]
struct Making {
    /// Cards still to be placed in order, by kind ([`identical`]).
    left: KindList<Result<(u32, bool), CardId>>,
    /// The weapons the plan gives a fighter so far.
    weapons_used: BTreeSet<CardId>,
    /// The entry whose weapon is asked next, if any.
    weapon_for: Option<usize>,
    /// The entry whose Battle card is asked next.
    card_for: usize,
    /// The weapons in play at the planet, which planning does not move: read once.
    weapons: Vec<CardId>,
}

/// The starships an interceptor may add from his hand, kept as he adds them, so that each
/// decision to add costs the kinds of starship, not the cards.
#[derive(Clone, Debug, Default)]
struct Adding {
    /// The starships in his hand, in the order they are offered, by kind ([`identical`]).
    hand: KindList<Result<(u32, bool), CardId>>,
    /// The full names in his Hyperspace pile.
    in_hyperspace: std::collections::HashSet<String>,
}

/// A battle or an evacuation.
#[derive(Clone)]
pub struct BattleEngine {
    mode: Mode,
    /// In an evacuation, the evacuating player and the cards he evacuates.
    evacuees: Option<(Side, Vec<CardId>)>,
    phase: Phase,
    pending: Pending<BattleEvent>,
    random: Random,
    /// The player whose turn it is: the attacker of a battle, the evacuating player.
    mover: Side,
    attacker: Side,
    planet: Option<Planet>,
    starships: bool,
    plans: [Vec<PlanEntry>; 2],
    stated: [bool; 2],
    making: [Making; 2],
    /// The starships the interceptor may add, kept as he adds them.
    intercepting: Adding,
    result: BattleResult,
    evacuation_rules: bool,
    /// The FAQ's battle rulings: the character battle's rules, which the starship battle
    /// "proceeds much like".
    battle_rules: bool,
    /// The Players Committee's rule that a player who passed in a duel may not initiate a
    /// battle that turn.
    pass_no_battle: bool,
    unique_rule: bool,
    laps_rule: bool,
    tie_both: bool,
    no_breakthrough: bool,
    weapon_draws_stop: bool,
    /// Set by the scenario: a player keeps his hand hidden where a Battle card's bonus asks
    /// him to show it.
    hides_hand: bool,
    /// The FAQ's rulings that name a card of the position whose text sends its user to the
    /// next fight or adds power to others (an Effect), by id: they speak of what that text
    /// does.
    rulings: std::collections::BTreeMap<String, Citation>,
    /// The Boonta Eve rule that every Anakin and Sebulba is a Podracer pilot is in force.
    boonta: bool,
    /// The Effects face up at the battle's planet whose text acts there (shared: the odds copy
    /// the engine for every run).
    effects: std::sync::Arc<[InPlay]>,
}

fn index(side: Side) -> usize {
    match side {
        Side::Light => 0,
        Side::Dark => 1,
    }
}

impl BattleEngine {
    pub fn new(board: &Board, corpus: &Corpus, mode: Mode) -> BattleEngine {
        let in_force = |key: Citation| {
            key.resolve(corpus, &board.ruleset)
                .is_some_and(|item| board.ruleset.in_force(corpus, item))
        };
        let mover = board.turn.unwrap_or(Side::Light);
        let planet = BattleFile::stated(board)
            .and_then(|setup| setup.planet)
            .or(board.current_planet);
        BattleEngine {
            mode,
            evacuees: None,
            phase: Phase::Start,
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            mover,
            attacker: match mode {
                Mode::Battle => mover,
                Mode::Evacuation => mover.opponent(),
            },
            planet,
            starships: mode == Mode::Evacuation,
            plans: [Vec::new(), Vec::new()],
            stated: [false; 2],
            making: [Making::default(), Making::default()],
            intercepting: Adding::default(),
            result: BattleResult::new(mode),
            evacuation_rules: in_force(EVACUATION),
            battle_rules: in_force(DESTINY_IN_FIGHT),
            pass_no_battle: in_force(PASS_NO_BATTLE),
            unique_rule: in_force(UNIQUE_STARSHIPS),
            laps_rule: board.ruleset.in_force_id(corpus, "boonta.laps.not-in-play"),
            tie_both: false,
            no_breakthrough: false,
            weapon_draws_stop: false,
            hides_hand: false,
            rulings: board
                .definitions
                .iter()
                .filter(|card| {
                    card.text.next_fight_same_weapon.is_some()
                        || card.text.aura.is_some()
                        || card.text.conditional_bonuses.iter().any(|bonus| {
                            matches!(bonus.when, crate::cards::Condition::UsingBattleCard(_))
                        })
                })
                .flat_map(|card| &card.named_in)
                // And the FAQ's corrections of the starships' printed numbers.
                .chain(
                    board
                        .definitions
                        .iter()
                        .filter(|card| card.is(crate::cards::CardType::Starship))
                        .flat_map(|card| &card.corrections),
                )
                .filter_map(|id| {
                    let item = corpus.item(id)?;
                    match (&item.kind, &item.id) {
                        (
                            crate::rules::ItemKind::Ruling | crate::rules::ItemKind::Correction,
                            std::borrow::Cow::Borrowed(static_id),
                        ) => Some((id.clone(), cite(static_id))),
                        _ => None,
                    }
                })
                .collect(),
            boonta: crate::cards::traits::every_anakin_and_sebulba(corpus, &board.ruleset),
            effects: planet
                .map(|planet| effects::at(board, planet))
                .unwrap_or_default()
                .into(),
        }
    }

    /// The battle with the scenario's choices of its named assumptions.
    pub fn assuming(mut self, value: impl Fn(&str) -> &'static str) -> BattleEngine {
        self.tie_both = value(TIED_FIGHT.name) == BOTH_DEFEATED;
        self.no_breakthrough = value(BREAKTHROUGH.name) == NO_BREAKTHROUGH;
        self.weapon_draws_stop = value(WEAPON_DRAWS.name) == STOP;
        self.hides_hand = value(SHOWS_HAND.name) == HIDES_HAND;
        self
    }

    fn defender(&self) -> Side {
        self.attacker.opponent()
    }

    fn name(board: &Board, id: CardId) -> String {
        board.describe(id)
    }

    fn names(board: &Board, ids: &[CardId]) -> Vec<String> {
        ids.iter().map(|id| Self::name(board, *id)).collect()
    }

    fn of_type(board: &Board, zone: Zone, card_type: CardType) -> Vec<CardId> {
        board
            .zone(zone)
            .iter()
            .copied()
            .filter(|id| board.card_type(*id) == Some(card_type))
            .collect()
    }

    /// Whether a starship is a starfighter (or a transport); an error names a kind not known.
    fn is(board: &Board, id: CardId, kind: TraitKind) -> Result<bool, MissingFact> {
        let Some(card) = board.card(id) else {
            return Ok(false);
        };
        match starship_kind(card, kind).value {
            TraitValue::Yes => Ok(true),
            TraitValue::Unknown => Err(MissingFact::StarshipKind {
                card: card.full_name(),
                kind: kind.label(),
            }),
            _ => Ok(false),
        }
    }

    fn transports(board: &Board, side: Side) -> Result<Vec<CardId>, MissingFact> {
        let mut found = Vec::new();
        for id in board.zone(Zone::Hyperspace(side)) {
            if Self::is(board, *id, TraitKind::Transport)? {
                found.push(*id);
            }
        }
        Ok(found)
    }

    fn refuse(&mut self, side: Option<Side>, refusal: BattleRefusal, cites: &'static [Citation]) {
        self.result.refusal = Some(refusal.clone());
        self.pending.emit(
            BattleEvent::Refused {
                side,
                mode: self.mode,
                refusal,
            },
            cites,
            Vec::new(),
            Vec::new(),
        );
        self.phase = Phase::Done;
    }

    /// The fighters a side brings: starships in Hyperspace, or characters at the planet.
    fn fighters(&self, board: &Board, side: Side) -> Vec<CardId> {
        if self.starships {
            board.zone(Zone::Hyperspace(side)).to_vec()
        } else {
            match self.planet {
                Some(planet) => {
                    Self::of_type(board, Zone::InPlay(planet, side), CardType::Character)
                }
                None => Vec::new(),
            }
        }
    }

    fn start(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        self.result.side = board.turn;
        self.result.planet = self.planet.map(|planet| planet.name().to_string());
        let Some(mover) = board.turn else {
            self.phase = Phase::Done;
            return Err(MissingFact::Turn);
        };
        let rules_held = match self.mode {
            Mode::Evacuation => self.evacuation_rules,
            Mode::Battle => self.battle_rules,
        };
        if !rules_held {
            self.refuse(
                Some(mover),
                BattleRefusal::RulesNotHeld {
                    ruleset: board.ruleset.to_string(),
                },
                &[],
            );
            return Ok(());
        }
        if self.mode == Mode::Battle && self.pass_no_battle && board.player(mover).passed_in_duel {
            self.refuse(
                Some(mover),
                BattleRefusal::PassedInDuel { side: mover },
                &[PASS_NO_BATTLE],
            );
            return Ok(());
        }
        let Some(planet) = self.planet else {
            self.refuse(Some(mover), BattleRefusal::NoPlanet, &[]);
            return Ok(());
        };
        match self.mode {
            Mode::Battle => {
                if board.step != Some(Step::Battle) {
                    self.refuse(
                        Some(mover),
                        BattleRefusal::NotBattleStep {
                            step: board.step.map(|step| step.label().to_string()),
                        },
                        &[BATTLE_STEP],
                    );
                    return Ok(());
                }
                if board.current_planet != Some(planet) {
                    self.refuse(
                        Some(mover),
                        BattleRefusal::NotCurrentPlanet {
                            planet: planet.name().to_string(),
                        },
                        &[BATTLE_STEP],
                    );
                    return Ok(());
                }
                for side in [mover, mover.opponent()] {
                    if self.fighters(board, side).is_empty() {
                        let mut assumptions = Vec::new();
                        assumptions.extend(self.pending.once(BOTH_SIDES));
                        self.result.refusal = Some(BattleRefusal::NoCharacters { side });
                        self.pending.emit(
                            BattleEvent::Refused {
                                side: Some(mover),
                                mode: self.mode,
                                refusal: BattleRefusal::NoCharacters { side },
                            },
                            &[],
                            assumptions,
                            Vec::new(),
                        );
                        self.phase = Phase::Done;
                        return Ok(());
                    }
                }
                self.phase = Phase::BattleStart;
            }
            Mode::Evacuation => self.attempt_evacuation(board, mover, planet)?,
        }
        Ok(())
    }

    fn evacuees(board: &Board, side: Side, planet: Planet) -> Vec<CardId> {
        board
            .zone(Zone::InPlay(planet, side))
            .iter()
            .copied()
            .filter(|id| {
                matches!(
                    board.card_type(*id),
                    Some(CardType::Character) | Some(CardType::Weapon)
                )
            })
            .collect()
    }

    fn attempt_evacuation(
        &mut self,
        board: &Board,
        mover: Side,
        planet: Planet,
    ) -> Result<(), MissingFact> {
        let starships = board.zone(Zone::Hyperspace(mover)).to_vec();
        let transports = Self::transports(board, mover)?;
        if transports.is_empty() {
            self.refuse(
                Some(mover),
                BattleRefusal::NoTransport { side: mover },
                &[EVACUATION],
            );
            return Ok(());
        }
        let cards = Self::evacuees(board, mover, planet);
        if cards.is_empty() {
            self.refuse(
                Some(mover),
                BattleRefusal::NothingToEvacuate {
                    side: mover,
                    planet: planet.name().to_string(),
                },
                &[EVACUATION_PLANET],
            );
            return Ok(());
        }
        if let Some(named) = BattleFile::stated(board).and_then(|setup| setup.evacuating.as_ref()) {
            let left: Vec<CardId> = cards
                .iter()
                .copied()
                .filter(|id| !named.contains(id))
                .collect();
            if !left.is_empty() {
                self.refuse(
                    Some(mover),
                    BattleRefusal::PartialEvacuation {
                        side: mover,
                        left: Self::names(board, &left),
                    },
                    &[EVACUATION_PLANET],
                );
                return Ok(());
            }
        }
        self.evacuees = Some((mover, cards.clone()));
        self.pending.emit(
            BattleEvent::EvacuationAttempted {
                side: mover,
                planet: planet.name().to_string(),
                starships: Self::names(board, &starships),
                transports: Self::names(board, &transports),
                cards: Self::names(board, &cards),
            },
            &[EVACUATION, EVACUATION_PLANET],
            Vec::new(),
            Vec::new(),
        );
        self.intercepting = self.adding(board);
        self.phase = Phase::AddStarships;
        Ok(())
    }

    /// The starships in the interceptor's hand, in the order he may add them: where his plan
    /// is stated, the copies it names as fighters come first and those it puts in as Battle
    /// cards last, so that adding "a Droid Starfighter" adds the copy the plan fights with, not
    /// the one it holds as a Battle card; and the names in his Hyperspace pile.
    fn adding(&self, board: &Board) -> Adding {
        let side = self.attacker;
        let plan = BattleFile::stated(board).and_then(|setup| setup.plan(side));
        let (fighters, battle_cards): (BTreeSet<CardId>, BTreeSet<CardId>) = plan
            .map(|plan| {
                (
                    plan.iter()
                        .flat_map(|entry| entry.fighters.iter().copied())
                        .collect(),
                    plan.iter()
                        .flat_map(|entry| entry.battle_cards.iter().copied())
                        .collect(),
                )
            })
            .unwrap_or_default();
        let rank = |id: &CardId| {
            if fighters.contains(id) {
                0
            } else if battle_cards.contains(id) {
                2
            } else {
                1
            }
        };
        let mut hand = Self::of_type(board, Zone::Hand(side), CardType::Starship);
        hand.sort_by_key(rank);
        Adding {
            hand: KindList::new(hand, |id| identical(board, id)),
            in_hyperspace: board
                .zone(Zone::Hyperspace(side))
                .iter()
                .filter_map(|id| board.card(*id).map(Card::full_name))
                .collect(),
        }
    }

    /// Whether the interceptor may add `id`, a starship in his hand: a unique one only if no
    /// copy is in his Hyperspace pile.
    fn addable(&self, board: &Board, id: CardId) -> bool {
        let Some(card) = board.card(id) else {
            return false;
        };
        !card
            .stated_trait(TraitKind::Unique)
            .is_some_and(|fact| fact.value.1)
            || !self.intercepting.in_hyperspace.contains(&card.full_name())
    }

    /// The decision to add a starship, or `None` if none may be added, identical cards one
    /// option, their repeats unlisted ([`Procedure::listed`]). Identical cards are alike in
    /// being addable: the first of each kind answers for it.
    fn add_decision(&self, board: &Board) -> Option<Decision> {
        let cites: Vec<Citation> = if self.unique_rule {
            vec![INTERCEPT, UNIQUE_STARSHIPS]
        } else {
            vec![INTERCEPT]
        };
        let none = DecisionOption {
            label: "add no more starships".into(),
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: true,
            cites: cites.clone().into(),
        };
        let (options, more) = self.intercepting.hand.options(
            vec![none],
            |id, _| self.addable(board, id),
            |id| card_option(board, id, "add", &cites),
        );
        if options.len() == 1 {
            return None;
        }
        Some(Decision {
            kind: super::decisions::ADD_STARSHIP,
            who: self.attacker,
            prompt: format!(
                "{} player: add a starship from your hand to your Hyperspace pile, or no more",
                self.attacker.label()
            ),
            options,
            more,
        })
    }

    fn intercept_decision(&self) -> Decision {
        let cites = vec![INTERCEPT];
        Decision {
            kind: super::decisions::INTERCEPT,
            who: self.attacker,
            prompt: format!(
                "{} player: intercept the evacuation with all your starships, or let it pass",
                self.attacker.label()
            ),
            options: vec![
                DecisionOption {
                    label: "intercept".into(),
                    card: None,
                    name: Some("intercept".into()),
                    aliases: Vec::new(),
                    destiny: None,
                    declines: false,
                    cites: cites.clone().into(),
                },
                DecisionOption {
                    label: "let the evacuation pass".into(),
                    card: None,
                    name: None,
                    aliases: Vec::new(),
                    destiny: None,
                    declines: true,
                    cites: cites.into(),
                },
            ],
            more: crate::engine::Repeats::default(),
        }
    }

    /// Takes the stated plans, and checks them against the rules; a side without one makes
    /// it by decisions.
    fn battle_start(&mut self, board: &Board) -> Result<(), MissingFact> {
        let Some(planet) = self.planet else {
            return Err(MissingFact::Inconsistent("no planet"));
        };
        if !self.battle_rules {
            // The starship battle "proceeds much like a character battle", whose rules in
            // the corpus begin with the FAQ of 2000-12-01.
            self.refuse(
                Some(self.mover),
                BattleRefusal::StarshipBattleRulesNotHeld {
                    ruleset: board.ruleset.to_string(),
                },
                &[STARSHIP_BATTLE],
            );
            return Ok(());
        }
        let mut assumptions = Vec::new();
        assumptions.extend(self.pending.once(FIGHT_PAIRING));
        self.pending.emit(
            BattleEvent::BattleBegins {
                attacker: self.attacker,
                planet: planet.name().to_string(),
                starships: self.starships,
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if self.starships {
                &[INTERCEPT, STARSHIP_PLANS]
            } else {
                &[]
            }),
            assumptions,
            Vec::new(),
        );
        for side in [self.attacker, self.defender()] {
            if let Some(plan) = BattleFile::stated(board).and_then(|setup| setup.plan(side)) {
                let fighters = self.fighters(board, side);
                let problems = self.plan_problems(board, side, plan, &fighters, &fighters);
                if let Some((_, problem)) = problems.into_iter().next() {
                    // The battle as the scenario states it is refused: its outcome says so.
                    self.result.refusal = Some(BattleRefusal::Plan {
                        side,
                        code: problem.code().to_string(),
                        problem: problem.to_string(),
                    });
                    return Err(MissingFact::Illegal {
                        code: problem.code(),
                        message: problem.to_string(),
                    });
                }
                self.plans[index(side)] = plan.clone();
                self.stated[index(side)] = true;
            } else {
                self.making[index(side)] = Making {
                    left: KindList::new(self.fighters(board, side), |id| identical(board, id)),
                    weapons: self
                        .planet
                        .map(|planet| {
                            Self::of_type(board, Zone::InPlay(planet, side), CardType::Weapon)
                        })
                        .unwrap_or_default(),
                    ..Making::default()
                };
            }
        }
        self.phase = Phase::Plan(self.attacker);
        Ok(())
    }

    /// What is wrong with a stated plan: a card in it that may not fight (`allowed` are those
    /// that may), a card of `required` left out, a card named twice, two cards in a fight
    /// that no Battle card lets fight together, a weapon or Battle card not where it must be.
    /// Each problem comes with the index of its entry, if it is one entry's.
    fn plan_problems(
        &self,
        board: &Board,
        side: Side,
        plan: &[PlanEntry],
        allowed: &[CardId],
        required: &[CardId],
    ) -> Vec<(Option<usize>, PlanProblem)> {
        let starships = self.starships;
        let allowed: BTreeSet<CardId> = allowed.iter().copied().collect();
        let zones = board.zones_by_card();
        let zone_of = |id: CardId| zones.get(id.0 as usize).copied().flatten();
        let mut problems = Vec::new();
        let mut seen = BTreeSet::new();
        for (position, entry) in plan.iter().enumerate() {
            let mut found = |problem| problems.push((Some(position), problem));
            if entry.fighters.is_empty() {
                found(PlanProblem::NoFighter { side, starships });
            }
            for id in &entry.fighters {
                if !allowed.contains(id) {
                    found(PlanProblem::NotAFighter {
                        side,
                        card: Self::name(board, *id),
                        starships,
                    });
                }
                if !seen.insert(*id) {
                    found(PlanProblem::Twice {
                        side,
                        card: Self::name(board, *id),
                        starships,
                    });
                }
            }
            if entry.fighters.len() > 1 && !entry_fights_together(board, entry) {
                // A working card whose text lets cards fight together, but not these: its
                // text says how many, and of what.
                let limited = entry
                    .battle_cards
                    .first()
                    .and_then(|id| board.card(*id))
                    .filter(|card| card.text.battle == Some(BattleEffect::FightTogether));
                found(match limited {
                    Some(card) => PlanProblem::NotTogetherAsItSays {
                        side,
                        count: entry.fighters.len(),
                        starships,
                        card: card.full_name(),
                        allows: format!(
                            "{}{}",
                            card.text.together_count.unwrap_or(2),
                            if card.text.together_same_stack {
                                " of one stack"
                            } else {
                                ""
                            }
                        ),
                    },
                    None => PlanProblem::NotTogether {
                        side,
                        count: entry.fighters.len(),
                        starships,
                    },
                });
            }
            if entry.second_weapon.is_some() {
                let working = entry.battle_cards.first().and_then(|id| board.card(*id));
                let allowed = working.filter(|card| !card.text.two_weapons.is_empty());
                let weapons: Vec<&Card> = entry.weapons().filter_map(|id| board.card(id)).collect();
                let fits = allowed.is_some_and(|card| {
                    crate::cards::users::are_the_weapons(&card.text.two_weapons, &weapons)
                });
                if !fits {
                    found(PlanProblem::TwoWeapons {
                        side,
                        fighter: Self::names(board, &entry.fighters).join(" and "),
                        weapons: entry
                            .weapons()
                            .map(|id| Self::name(board, id))
                            .collect::<Vec<_>>()
                            .join(" and "),
                        card: allowed.map(Card::full_name),
                        allows: allowed
                            .map(|card| card.text.two_weapons.join(" and "))
                            .unwrap_or_default(),
                    });
                }
            }
            for weapon in entry.weapons() {
                let at_planet = self
                    .planet
                    .is_some_and(|planet| zone_of(weapon) == Some(Zone::InPlay(planet, side)));
                if starships {
                    found(PlanProblem::WeaponInStarshipPlan {
                        side,
                        weapon: Self::name(board, weapon),
                    });
                } else if !at_planet || board.card_type(weapon) != Some(CardType::Weapon) {
                    found(PlanProblem::WeaponNotThere {
                        side,
                        weapon: Self::name(board, weapon),
                    });
                }
            }
            let (fighters, played) = super::check::entry_users(
                board,
                &entry.fighters,
                self.planet.map(|planet| planet.name()),
                position,
            );
            for card in &entry.battle_cards {
                let zone = zone_of(*card);
                if !matches!(zone, Some(Zone::Hand(owner)) | Some(Zone::BattlePlan(owner)) if owner == side)
                {
                    found(PlanProblem::BattleCardNotInHand {
                        side,
                        card: Self::name(board, *card),
                    });
                }
                if let Some(battle_card) = board.card(*card)
                    && crate::cards::users::may_use_battle_card(battle_card, &fighters, played)
                        == Ok(Some(false))
                {
                    found(PlanProblem::NotAUser {
                        side,
                        card: Self::name(board, *card),
                        fighters: Self::names(board, &entry.fighters).join(" and "),
                        users: crate::cards::card_text::card_users_words(battle_card),
                        read_from: super::check::users_source(battle_card),
                    });
                }
            }
        }
        let left: Vec<CardId> = required
            .iter()
            .copied()
            .filter(|id| !seen.contains(id))
            .collect();
        if !left.is_empty() {
            // A card left out that shares its name with one the plan names is named with its
            // set: "leaves out Droid Starfighter (Menace of Darth Maul)".
            let planned: BTreeSet<String> = seen
                .iter()
                .filter_map(|id| board.card(*id).map(Card::full_name))
                .collect();
            let cards: Vec<String> = left
                .iter()
                .map(|id| match board.card(*id) {
                    Some(card) if planned.contains(&card.full_name()) => match &card.printing {
                        Some(printing) => format!("{} ({})", card.full_name(), printing.value.set),
                        None => card.full_name(),
                    },
                    _ => Self::name(board, *id),
                })
                .collect();
            problems.push((
                None,
                PlanProblem::LeavesOut {
                    side,
                    cards: cards.join(", "),
                    starships,
                    left,
                },
            ));
        }
        problems
    }

    /// What is wrong with the plans the position states, found without walking (for
    /// `check`): in an evacuation the intercepting player's plan may name the starships in
    /// his hand that he would add to his Hyperspace pile, and must name those already there.
    pub fn stated_plan_problems(&self, board: &Board) -> Vec<(Side, Option<usize>, PlanProblem)> {
        let Some(setup) = BattleFile::stated(board) else {
            return Vec::new();
        };
        let mut problems = Vec::new();
        for side in [Side::Light, Side::Dark] {
            let Some(plan) = setup.plan(side) else {
                continue;
            };
            let required = self.fighters(board, side);
            let mut allowed = required.clone();
            if self.mode == Mode::Evacuation && side == self.attacker {
                allowed.extend(Self::of_type(board, Zone::Hand(side), CardType::Starship));
            }
            problems.extend(
                self.plan_problems(board, side, plan, &allowed, &required)
                    .into_iter()
                    .map(|(entry, problem)| (side, entry, problem)),
            );
        }
        problems
    }

    /// The next decision of a plan made by decisions, or `None` when it is made; identical
    /// cards are one option, their repeats unlisted ([`Procedure::listed`]).
    fn plan_decision(&self, board: &Board, side: Side) -> Option<Decision> {
        let cites: Vec<Citation> = if self.starships {
            vec![STARSHIP_PLANS]
        } else {
            Vec::new()
        };
        let making = &self.making[index(side)];
        if let Some(entry) = making.weapon_for {
            let fighter = self.plans[index(side)]
                .get(entry)?
                .fighters
                .first()
                .copied()?;
            let weapons: Vec<CardId> = making
                .weapons
                .iter()
                .copied()
                .filter(|id| !making.weapons_used.contains(id))
                .collect();
            if weapons.is_empty() {
                return None;
            }
            let mut options = vec![none_option("no weapon", &cites)];
            for id in weapons {
                options.push(card_option(board, id, "fight with", &cites));
            }
            return Some(Decision {
                kind: super::decisions::BATTLE_PLAN,
                who: side,
                prompt: format!(
                    "{} player: the weapon {} fights with",
                    side.label(),
                    Self::name(board, fighter)
                ),
                options,
                more: crate::engine::Repeats::default(),
            });
        }
        if making.left.is_empty() {
            return None;
        }
        let (options, more) = making.left.options(
            Vec::new(),
            |_, _| true,
            |id| card_option(board, id, "next in the plan", &cites),
        );
        Some(Decision {
            kind: super::decisions::BATTLE_PLAN,
            who: side,
            prompt: format!(
                "{} player: the card that fights in fight {} of your battle plan",
                side.label(),
                self.plans[index(side)].len() + 1
            ),
            options,
            more,
        })
    }

    fn battle_cards_in_hand(&self, board: &Board, side: Side) -> Vec<CardId> {
        let used: Vec<CardId> = self.plans[index(side)]
            .iter()
            .flat_map(|entry| entry.battle_cards.iter().copied())
            .collect();
        Self::of_type(board, Zone::Hand(side), CardType::Battle)
            .into_iter()
            .filter(|id| !used.contains(id))
            .collect()
    }

    fn battle_card_decision(&self, board: &Board, side: Side) -> Option<Decision> {
        let making = &self.making[index(side)];
        let entry = self.plans[index(side)].get(making.card_for)?;
        // A Battle card whose users the entry's cards are not is no choice for it.
        let (fighters, played) = super::check::entry_users(
            board,
            &entry.fighters,
            self.planet.map(|planet| planet.name()),
            making.card_for,
        );
        let cards: Vec<CardId> = self
            .battle_cards_in_hand(board, side)
            .into_iter()
            .filter(|id| {
                board.card(*id).is_none_or(|card| {
                    !matches!(
                        crate::cards::users::may_use_battle_card(card, &fighters, played),
                        Ok(Some(false))
                    )
                })
            })
            .collect();
        if cards.is_empty() {
            return None;
        }
        let cites = vec![DECLARE_FIRST, ONLY_BATTLE_CARDS];
        let mut options = vec![none_option("no Battle card", &cites)];
        for id in cards {
            options.push(card_option(board, id, "insert", &cites));
        }
        Some(Decision {
            kind: super::decisions::BATTLE_PLAN,
            who: side,
            prompt: format!(
                "{} player: a Battle card from your hand for fight {} ({}), or none",
                side.label(),
                making.card_for + 1,
                Self::names(board, &entry.fighters).join(" and ")
            ),
            options,
            more: crate::engine::Repeats::default(),
        })
    }

    fn entry_label(board: &Board, entry: &PlanEntry) -> String {
        let mut text = Self::names(board, &entry.fighters).join(" and ");
        let weapons: Vec<String> = entry.weapons().map(|id| Self::name(board, id)).collect();
        if !weapons.is_empty() {
            text.push_str(&format!(" with {}", weapons.join(" and ")));
        }
        text
    }

    fn plan_made(&mut self, board: &Board, side: Side) {
        let entries: Vec<String> = self.plans[index(side)]
            .iter()
            .map(|entry| Self::entry_label(board, entry))
            .collect();
        let mut assumptions = Vec::new();
        if !self.starships {
            assumptions.extend(self.pending.once(WHOLE_PLAN));
        }
        self.pending.emit(
            BattleEvent::PlanMade {
                side,
                entries,
                stated: self.stated[index(side)],
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if self.starships {
                &[STARSHIP_PLANS, EVACUATION, INTERCEPT]
            } else {
                &[]
            }),
            assumptions,
            Vec::new(),
        );
        // Weapons at the planet left out of the plan are set aside.
        if !self.starships
            && let Some(planet) = self.planet
        {
            let used: Vec<CardId> = self.plans[index(side)]
                .iter()
                .flat_map(PlanEntry::weapons)
                .collect();
            for weapon in Self::of_type(board, Zone::InPlay(planet, side), CardType::Weapon) {
                if !used.contains(&weapon) {
                    self.pending.emit(
                        BattleEvent::WeaponSetAside {
                            side,
                            card: Self::name(board, weapon),
                            reason: "no character in the plan fights with it".to_string(),
                        },
                        &[UNUSABLE_WEAPON],
                        Vec::new(),
                        Vec::new(),
                    );
                }
            }
        }
    }

    /// The side's Battle cards: a card that is not a Battle card goes back to the hand (the
    /// misplay ruling); the rest go into the battle plan, and the count is declared.
    fn declare(&mut self, board: &mut Board, side: Side) {
        let mut moves = Vec::new();
        let mut entries = std::mem::take(&mut self.plans[index(side)]);
        for entry in &mut entries {
            let mut kept = Vec::new();
            for card in std::mem::take(&mut entry.battle_cards) {
                if board.card_type(card) != Some(CardType::Battle) {
                    let from = board.zone_of(card).unwrap_or(Zone::Hand(side));
                    let back = (from != Zone::Hand(side))
                        .then(|| describe_move(board, card, from, Zone::Hand(side)));
                    if back.is_some() {
                        board.move_to(card, Zone::Hand(side));
                    }
                    self.pending.emit(
                        BattleEvent::NotABattleCard {
                            side,
                            card: Self::name(board, card),
                        },
                        &[ONLY_BATTLE_CARDS, NOT_A_BATTLE_CARD],
                        Vec::new(),
                        back.into_iter().collect(),
                    );
                    continue;
                }
                if board.zone_of(card) == Some(Zone::Hand(side)) {
                    moves.push(describe_move(
                        board,
                        card,
                        Zone::Hand(side),
                        Zone::BattlePlan(side),
                    ));
                    board.move_to(card, Zone::BattlePlan(side));
                }
                kept.push(card);
            }
            entry.battle_cards = kept;
        }
        let count = entries.iter().map(|entry| entry.battle_cards.len()).sum();
        self.plans[index(side)] = entries;
        let mut cites = vec![DECLARE_FIRST, ONLY_BATTLE_CARDS];
        if self.starships {
            cites.insert(0, STARSHIP_PLANS);
        }
        self.pending.emit(
            BattleEvent::BattleCardsDeclared {
                side,
                count,
                attacker: side == self.attacker,
            },
            cites,
            Vec::new(),
            moves,
        );
    }

    /// A card's power with the bonuses its own text gives at the battle's planet (a
    /// starship has no location bonus) and those whose condition it meets in `situation`:
    /// the parts of its total before weapons, Battle cards and destiny. The rules the
    /// conditions rest on go into `cites`.
    fn power_parts(
        &self,
        board: &Board,
        card: &Card,
        situation: &Situation<'_>,
        cites: &mut Vec<Citation>,
    ) -> Result<Vec<(String, i32)>, MissingFact> {
        let name = card.shown_name();
        let mut parts = match card.stats.power.as_ref().map(|fact| &fact.value) {
            Some(StatValue::Number(power)) => vec![(format!("power of {name}"), *power)],
            _ => {
                return Err(MissingFact::card_number(card, name, CardNumber::Power));
            }
        };
        if let Some(planet) = self.planet
            && !self.starships
            && let Some(part) = crate::engine::location::part(
                board,
                card,
                planet,
                &format!(" of {name}"),
                self.pending.words,
            )?
        {
            parts.push(part);
        }
        if let Some(bonus) = card.text.text_bonus {
            parts.push((format!("game-text power bonus of {name}"), bonus));
        }
        for bonus in &card.text.conditional_bonuses {
            let judged = conditions::judge(board, situation, &bonus.when, self.pending.words);
            if let Some(rule) = judged.rule
                && !cites.contains(&rule)
            {
                cites.push(rule);
            }
            // The FAQ's rulings on a bonus that rests on a Battle card, where it holds.
            if judged.holds && matches!(bonus.when, crate::cards::Condition::UsingBattleCard(_)) {
                for id in &card.named_in {
                    if let Some(ruling) = self.rulings.get(id.as_str())
                        && !cites.contains(ruling)
                    {
                        cites.push(*ruling);
                    }
                }
            }
            parts.push(judged.part(&format!(" of {name}"), bonus.amount, self.pending.words));
        }
        Ok(parts)
    }

    /// One side's part of a fight: its total, and the destiny cards it drew.
    #[allow(clippy::too_many_arguments)]
    fn side_total(
        &mut self,
        board: &mut Board,
        side: Side,
        entry: &PlanEntry,
        opponents: &[CardId],
        working: Option<CardId>,
        weapon_cancelled: bool,
        drew: &mut usize,
        short: &mut bool,
        destinies: &mut Vec<i32>,
    ) -> Result<i32, MissingFact> {
        let mut parts: Vec<(String, i32)> = Vec::new();
        let mut cites: Vec<Citation> = Vec::new();
        let mut assumptions = Vec::new();
        let mut draws: Vec<(CardId, i32)> = Vec::new();
        // The cards his player evacuates, where this is his evacuation.
        let evacuating = match &self.evacuees {
            Some((mover, cards)) if *mover == side => cards.clone(),
            _ => Vec::new(),
        };
        for (position, fighter) in entry.fighters.iter().enumerate() {
            let card = board
                .card(*fighter)
                .cloned()
                .ok_or(MissingFact::NotOnBoard {
                    what: "a card of the plan",
                })?;
            let name = card.full_name();
            let situation = Situation {
                hand_hidden: self.hides_hand,
                side,
                in_duel: false,
                opponents,
                weapon: entry.weapon.filter(|_| position == 0),
                second_weapon: entry.second_weapon.filter(|_| position == 0),
                weapon_cancelled,
                battle_card: working.or(entry.sent_by),
                sent_here: working.is_none() && entry.sent_by.is_some(),
                planet: self.planet,
                evacuating: &evacuating,
            };
            parts.extend(self.power_parts(board, &card, &situation, &mut cites)?);
            // The first fighter's weapons: one, or two where the working card lets him.
            let weapons: Vec<CardId> = if position == 0 && !weapon_cancelled {
                entry.weapons().collect()
            } else {
                Vec::new()
            };
            if !self.starships && !self.effects.is_empty() {
                let auras = effects::aura_parts(
                    board,
                    &self.effects,
                    &card,
                    side,
                    &weapons,
                    self.boonta,
                    self.pending.words,
                )?;
                for (label, amount, effect) in auras {
                    assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
                    // The FAQ's rulings on the Effect's text.
                    for id in &effect.named_in {
                        if let Some(ruling) = self.rulings.get(id.as_str())
                            && !cites.contains(ruling)
                        {
                            cites.push(*ruling);
                        }
                    }
                    parts.push((label, amount));
                }
            }
            let place = effects::FightPlace {
                planet: self.planet,
                in_duel: false,
                evacuating: self.planet.filter(|_| !evacuating.is_empty()),
            };
            for (label, amount, _) in effects::carried_aura_parts(
                board,
                *fighter,
                &card,
                side,
                place,
                self.boonta,
                self.pending.words,
            )? {
                parts.push((label, amount));
            }
            if self.starships && Self::is(board, *fighter, TraitKind::Starfighter)? {
                let count = match card.text.destiny_draws {
                    Some(count) => count,
                    None => {
                        assumptions.extend(self.pending.once(STARFIGHTER_DRAWS));
                        1
                    }
                };
                draws.push((*fighter, count));
                if !cites.contains(&STARSHIP_BATTLE) {
                    cites.push(STARSHIP_BATTLE);
                }
                // The FAQ's correction of its printed numbers (a destiny cube it lacked).
                for id in &card.corrections {
                    if let Some(correction) = self.rulings.get(id.as_str())
                        && !cites.contains(correction)
                    {
                        cites.push(*correction);
                    }
                }
            }
            for weapon in weapons {
                let Some(weapon_card) = board.card(weapon).cloned() else {
                    continue;
                };
                match board.weapon_box(weapon, *fighter)?.cloned() {
                    Some(used) => {
                        if let Some(bonus) = used.bonus {
                            parts.push((
                                format!("power bonus of {}", weapon_card.full_name()),
                                bonus,
                            ));
                        }
                        let count = match (weapon_card.text.destiny_draws, used.draws) {
                            (Some(count), _) | (None, Some(count)) => count,
                            (None, None) if self.weapon_draws_stop => {
                                return Err(MissingFact::WeaponDraws {
                                    card: weapon_card.full_name(),
                                });
                            }
                            (None, None) => {
                                assumptions.extend(self.pending.once(WEAPON_DRAWS));
                                1
                            }
                        };
                        draws.push((weapon, count));
                    }
                    None => {
                        self.pending.emit(
                            BattleEvent::WeaponSetAside {
                                side,
                                card: weapon_card.full_name(),
                                reason: format!("{name} cannot use it"),
                            },
                            &[UNUSABLE_WEAPON],
                            Vec::new(),
                            Vec::new(),
                        );
                    }
                }
            }
        }
        if let Some(working) = working
            && let Some(card) = board.card(working)
            && let Some(StatValue::Number(bonus)) = card.battle_bonus.as_ref().map(|f| &f.value)
        {
            if card.text.battle_bonus_if.is_empty() {
                parts.push((format!("power bonus of {}", card.full_name()), *bonus));
            } else {
                let situation = Situation {
                    hand_hidden: self.hides_hand,
                    side,
                    in_duel: false,
                    opponents,
                    weapon: entry.weapon,
                    second_weapon: entry.second_weapon,
                    weapon_cancelled,
                    battle_card: Some(working),
                    sent_here: false,
                    planet: self.planet,
                    evacuating: &evacuating,
                };
                // The bonus counts when any of its conditions holds.
                let judged: Vec<conditions::Judged> = card
                    .text
                    .battle_bonus_if
                    .iter()
                    .map(|when| conditions::judge(board, &situation, when, self.pending.words))
                    .collect();
                for rule in judged.iter().filter_map(|judged| judged.rule) {
                    if !cites.contains(&rule) {
                        cites.push(rule);
                    }
                }
                if card
                    .text
                    .battle_bonus_if
                    .contains(&crate::cards::Condition::OpponentControlsUnsurrendered)
                {
                    assumptions.extend(self.pending.once(CONTROL_KEPT));
                }
                if card
                    .text
                    .battle_bonus_if
                    .contains(&crate::cards::Condition::ShowsHand)
                {
                    assumptions.extend(self.pending.once(SHOWS_HAND));
                }
                let holding = judged.iter().find(|judged| judged.holds);
                parts.push((
                    self.pending.words.text(|| {
                        let shown: Vec<&conditions::Judged> = match holding {
                            Some(judged) => vec![judged],
                            None => judged.iter().collect(),
                        };
                        format!(
                            "power bonus of {} {}: {}{}",
                            card.full_name(),
                            shown
                                .iter()
                                .map(|judged| judged.phrase.as_str())
                                .collect::<Vec<_>>()
                                .join(" or "),
                            shown
                                .iter()
                                .map(|judged| judged.reason.as_str())
                                .collect::<Vec<_>>()
                                .join("; "),
                            if holding.is_some() {
                                ""
                            } else {
                                ", so it does not apply"
                            }
                        )
                    }),
                    if holding.is_some() { *bonus } else { 0 },
                ));
            }
            // A Battle card whose text names its users works for them alone.
            if card.text.battle_users.is_some() && !cites.contains(&super::check::BATTLE_CARD_USERS)
            {
                cites.push(super::check::BATTLE_CARD_USERS);
            }
            // A text read from a rule document (a correction) cites it.
            if let Some(crate::cards::Source::Rule(std::borrow::Cow::Borrowed(id))) =
                card.printed_text.as_ref().map(|printed| &printed.source)
            {
                let corrected = crate::rules::cite(id);
                if !cites.contains(&corrected) {
                    cites.push(corrected);
                }
            }
        }
        for (source, count) in draws {
            let for_card = Self::name(board, source);
            for _ in 0..count.max(0) {
                let Some(top) = board.zone(Zone::DrawDeck(side)).first().copied() else {
                    *short = true;
                    self.pending.emit(
                        BattleEvent::NoCardToDraw {
                            side,
                            for_card: for_card.clone(),
                        },
                        &[DESTINY_IN_FIGHT],
                        Vec::new(),
                        Vec::new(),
                    );
                    break;
                };
                let destiny = board
                    .card(top)
                    .and_then(Card::destiny)
                    .ok_or_else(|| match board.card(top) {
                        Some(card) => MissingFact::card_number(
                            card,
                            Self::name(board, top),
                            CardNumber::Destiny,
                        ),
                        None => MissingFact::CardNumber {
                            card: Self::name(board, top),
                            number: CardNumber::Destiny,
                        },
                    })?;
                let moved =
                    describe_move(board, top, Zone::DrawDeck(side), Zone::DiscardPile(side));
                board.move_to(top, Zone::DiscardPile(side));
                *drew += 1;
                destinies.push(destiny);
                let mut drawn_assumptions = Vec::new();
                drawn_assumptions.extend(self.pending.once(DESTINY_TO_DISCARD));
                let card = Self::name(board, top);
                self.pending.emit(
                    BattleEvent::DestinyDrawn {
                        side,
                        card,
                        destiny,
                        for_card: for_card.clone(),
                    },
                    &[DESTINY_IN_FIGHT],
                    drawn_assumptions,
                    vec![moved],
                );
                parts.push((format!("destiny drawn for {for_card}"), destiny));
            }
        }
        let total = saturating_sum(&parts);
        self.pending.emit(
            BattleEvent::FightTotal {
                side,
                cards: Self::names(board, &entry.fighters),
                parts,
                total,
            },
            cites,
            assumptions,
            Vec::new(),
        );
        Ok(total)
    }

    /// The entry's Battle card that works, announcing the ones that do not.
    fn working_card(&mut self, board: &Board, side: Side, entry: &PlanEntry) -> Option<CardId> {
        let first = entry.battle_cards.first().copied();
        if entry.battle_cards.len() > 1 {
            let works = first.map(|id| Self::name(board, id)).unwrap_or_default();
            for idle in entry.battle_cards.iter().skip(1) {
                let mut assumptions = Vec::new();
                assumptions.extend(self.pending.once(WORKING_CARD));
                self.pending.emit(
                    BattleEvent::BattleCardIdle {
                        side,
                        card: Self::name(board, *idle),
                        works: works.clone(),
                    },
                    &[ONE_CARD_WORKS],
                    assumptions,
                    Vec::new(),
                );
            }
        }
        first
    }

    /// The extra DAMAGE the loser of a won fight takes by the working Battle cards' text
    /// about the fight's result: the winner's for a win, the loser's own for a loss.
    fn fight_result_parts(
        &self,
        board: &Board,
        working: &[Option<CardId>; 2],
        loser: Side,
    ) -> Vec<(String, i32)> {
        let mut parts = Vec::new();
        let text = |side: Side| {
            working[index(side)]
                .and_then(|id| board.card(id))
                .and_then(|card| {
                    card.text
                        .fight_result
                        .map(|result| (card.full_name(), result))
                })
        };
        if let Some((name, result)) = text(loser.opponent())
            && result.win_damage > 0
        {
            parts.push((
                format!("extra DAMAGE by {name}: its user won the fight"),
                i32::from(result.win_damage),
            ));
        }
        if let Some((name, result)) = text(loser)
            && result.loss_damage > 0
        {
            parts.push((
                format!("extra DAMAGE by {name}: its user lost the fight"),
                i32::from(result.loss_damage),
            ));
        }
        parts
    }

    /// The working Battle cards' text about destiny numbers, attacker's first, once both
    /// sides have drawn: each changes the totals as it says, and says so.
    fn destiny_texts(
        &mut self,
        board: &Board,
        entries: &[PlanEntry; 2],
        working: &[Option<CardId>; 2],
        destinies: &[Vec<i32>; 2],
        totals: &mut [i32; 2],
    ) -> Result<(), MissingFact> {
        use super::events::DestinyChange;
        use crate::cards::DestinyText;
        let mut destinies = destinies.clone();
        for side in [self.attacker, self.defender()] {
            let (own, other) = (index(side), index(side.opponent()));
            let Some(card) = working[own].and_then(|id| board.card(id)) else {
                continue;
            };
            let Some(text) = card.text.destiny_text else {
                continue;
            };
            let mut assumptions = Vec::new();
            let change = match text {
                DestinyText::DamageForDestiny => {
                    let Some(user) = entries[own].fighters.first().copied() else {
                        continue;
                    };
                    // With no destiny drawn there is nothing to stand in for, and his DAMAGE
                    // is not read.
                    if destinies[own].is_empty() {
                        continue;
                    }
                    let user_card = board.card(user);
                    let damage = user_card.and_then(Card::damage).ok_or_else(|| {
                        let name = Self::name(board, user);
                        match user_card {
                            Some(user_card) => {
                                MissingFact::card_number(user_card, name, CardNumber::Damage)
                            }
                            None => MissingFact::CardNumber {
                                card: name,
                                number: CardNumber::Damage,
                            },
                        }
                    })?;
                    let lowest = destinies[own]
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, destiny)| **destiny)
                        .map(|(at, destiny)| (at, *destiny));
                    match lowest {
                        Some((at, destiny)) if damage > destiny => {
                            assumptions.extend(self.pending.once(BEST_DESTINY_CHOICE));
                            destinies[own][at] = damage;
                            totals[own] =
                                totals[own].saturating_add(damage.saturating_sub(destiny));
                            DestinyChange::DamageForDestiny {
                                user: Self::name(board, user),
                                damage,
                                destiny,
                            }
                        }
                        _ => continue,
                    }
                }
                DestinyText::SwitchLower => {
                    let lowest = destinies[own]
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, destiny)| **destiny)
                        .map(|(at, destiny)| (at, *destiny));
                    let highest = destinies[other]
                        .iter()
                        .enumerate()
                        .max_by_key(|(_, destiny)| **destiny)
                        .map(|(at, destiny)| (at, *destiny));
                    match (lowest, highest) {
                        (Some((mine, own_destiny)), Some((theirs, their_destiny)))
                            if own_destiny < their_destiny =>
                        {
                            assumptions.extend(self.pending.once(BEST_DESTINY_CHOICE));
                            let difference = their_destiny.saturating_sub(own_destiny);
                            destinies[own][mine] = their_destiny;
                            destinies[other][theirs] = own_destiny;
                            totals[own] = totals[own].saturating_add(difference);
                            totals[other] = totals[other].saturating_sub(difference);
                            DestinyChange::Switched {
                                own: own_destiny,
                                theirs: their_destiny,
                            }
                        }
                        _ => continue,
                    }
                }
                DestinyText::GainDifference => {
                    let sum = |drawn: &[i32]| {
                        drawn
                            .iter()
                            .fold(0i32, |total, destiny| total.saturating_add(*destiny))
                    };
                    let (own_destiny, their_destiny) =
                        (sum(&destinies[own]), sum(&destinies[other]));
                    if own_destiny >= their_destiny {
                        continue;
                    }
                    assumptions.extend(self.pending.once(FIGHTER_DESTINY));
                    totals[own] =
                        totals[own].saturating_add(their_destiny.saturating_sub(own_destiny));
                    DestinyChange::GainedDifference {
                        own: own_destiny,
                        theirs: their_destiny,
                    }
                }
            };
            self.pending.emit(
                BattleEvent::DestinyChanged {
                    side,
                    card: card.full_name(),
                    change,
                    light: totals[0],
                    dark: totals[1],
                },
                &[],
                assumptions,
                Vec::new(),
            );
        }
        Ok(())
    }

    fn fight(&mut self, board: &mut Board, number: usize) -> Result<(), MissingFact> {
        let light = self.plans[0].get(number).cloned();
        let dark = self.plans[1].get(number).cloned();
        let (Some(light), Some(dark)) = (light, dark) else {
            self.phase = Phase::AfterFights;
            return Ok(());
        };
        self.result.fights = number + 1;
        let mut assumptions = Vec::new();
        assumptions.extend(self.pending.once(FIGHT_PAIRING));
        self.pending.emit(
            BattleEvent::Fight {
                number: number + 1,
                light: Self::names(board, &light.fighters),
                dark: Self::names(board, &dark.fighters),
                together: [(Side::Light, &light), (Side::Dark, &dark)]
                    .into_iter()
                    .filter(|(_, entry)| entry.fighters.len() > 1)
                    .filter_map(|(side, entry)| {
                        entry
                            .battle_cards
                            .first()
                            .map(|card| (side, Self::name(board, *card)))
                    })
                    .collect(),
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if self.starships {
                &[STARSHIP_BATTLE]
            } else {
                &[]
            }),
            assumptions,
            Vec::new(),
        );
        let entries = [light, dark];
        let mut working = [None, None];
        for side in [self.attacker, self.defender()] {
            working[index(side)] = self.working_card(board, side, &entries[index(side)]);
            // A Double Impact card of two Battle halves works as the half it is played as.
            if let Some(card) = working[index(side)].and_then(|id| board.card(id))
                && let Some(halves) = card.battle_half_unsaid()
            {
                return Err(MissingFact::Half {
                    card: card.full_name(),
                    halves: halves.join(" and "),
                });
            }
        }
        // A Force push of one side cancels the other side's weapon in this fight.
        let mut cancelled = [false, false];
        for side in [self.attacker, self.defender()] {
            // A push whose text asks its user to fight unarmed works only then.
            let pushes = working[index(side)]
                .and_then(|id| board.card(id))
                .is_some_and(|card| {
                    card.text.battle == Some(BattleEffect::ForcePush)
                        && (!card.text.push_while_unarmed || entries[index(side)].weapon.is_none())
                });
            let other = side.opponent();
            let weapons: Vec<CardId> = if pushes {
                entries[index(other)].weapons().collect()
            } else {
                Vec::new()
            };
            for weapon in weapons {
                cancelled[index(other)] = true;
                let by = working[index(side)]
                    .map(|id| Self::name(board, id))
                    .unwrap_or_default();
                self.pending.emit(
                    BattleEvent::WeaponCancelled {
                        side: other,
                        card: Self::name(board, weapon),
                        by,
                    },
                    &[FORCE_PUSH],
                    Vec::new(),
                    Vec::new(),
                );
            }
        }
        // A Battle card whose users may not use weapons sets its own side's weapon aside.
        for side in [self.attacker, self.defender()] {
            let unarmed = working[index(side)]
                .and_then(|id| board.card(id))
                .filter(|card| card.text.no_weapons);
            if let Some(card) = unarmed
                && let Some(weapon) = entries[index(side)].weapon
                && !cancelled[index(side)]
            {
                cancelled[index(side)] = true;
                self.pending.emit(
                    BattleEvent::WeaponSetAside {
                        side,
                        card: Self::name(board, weapon),
                        reason: format!(
                            "the users of {} may not use weapons in this fight",
                            card.full_name()
                        ),
                    },
                    &[UNUSABLE_WEAPON],
                    Vec::new(),
                    Vec::new(),
                );
            }
            // An Effect at the planet that bars the one using the weapon from using weapons.
            if let Some(weapon) = entries[index(side)].weapon
                && !cancelled[index(side)]
                && let Some(user) = entries[index(side)]
                    .fighters
                    .first()
                    .and_then(|id| board.card(*id))
                && let Some(effect) = effects::barring_weapons(&self.effects, user, self.boonta)?
            {
                cancelled[index(side)] = true;
                let reason = format!(
                    "the text of {} bars {} from using weapons",
                    effect.card.full_name(),
                    user.full_name()
                );
                let assumptions = self.pending.once(EFFECT_AT_ITS_PLANET);
                self.pending.emit(
                    BattleEvent::WeaponSetAside {
                        side,
                        card: Self::name(board, weapon),
                        reason,
                    },
                    &[UNUSABLE_WEAPON],
                    assumptions,
                    Vec::new(),
                );
            }
        }
        let mut totals = [0, 0];
        let mut drew = [0usize, 0];
        let mut short = [false, false];
        let mut destinies: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
        for side in [self.attacker, self.defender()] {
            let i = index(side);
            totals[i] = self.side_total(
                board,
                side,
                &entries[i],
                &entries[index(side.opponent())].fighters,
                working[i],
                cancelled[i],
                &mut drew[i],
                &mut short[i],
                &mut destinies[i],
            )?;
        }
        // The last card: both players make all their draws, then it is checked, before any
        // damage.
        let ran_out: Vec<Side> = [Side::Light, Side::Dark]
            .into_iter()
            .filter(|side| {
                let i = index(*side);
                short[i] || (drew[i] > 0 && board.zone(Zone::DrawDeck(*side)).is_empty())
            })
            .collect();
        match ran_out.as_slice() {
            [_, _] => {
                self.result.tie_game = true;
                self.pending.emit(
                    BattleEvent::TieGame,
                    &[LAST_CARD_TIE],
                    Vec::new(),
                    Vec::new(),
                );
                self.phase = Phase::Done;
                return Ok(());
            }
            [loser] => {
                let winner = loser.opponent();
                self.result.deck_victory = Some(winner);
                self.pending.emit(
                    BattleEvent::DeckVictory {
                        winner,
                        by_destiny: true,
                    },
                    &[LAST_CARD_TIE, DECK_VICTORY],
                    Vec::new(),
                    Vec::new(),
                );
                self.phase = Phase::Done;
                return Ok(());
            }
            _ => {}
        }
        self.destiny_texts(board, &entries, &working, &destinies, &mut totals)?;
        // A text about winning or losing the fight does nothing in a tie.
        let results_text = working.iter().flatten().any(|id| {
            board
                .card(*id)
                .is_some_and(|card| card.text.fight_result.is_some())
        });
        let (light_total, dark_total) = (totals[0], totals[1]);
        let losers: Vec<Side> = match light_total.cmp(&dark_total) {
            std::cmp::Ordering::Greater => {
                self.pending.emit(
                    BattleEvent::FightWon {
                        number: number + 1,
                        winner: Side::Light,
                        light: light_total,
                        dark: dark_total,
                    },
                    &[],
                    Vec::new(),
                    Vec::new(),
                );
                vec![Side::Dark]
            }
            std::cmp::Ordering::Less => {
                self.pending.emit(
                    BattleEvent::FightWon {
                        number: number + 1,
                        winner: Side::Dark,
                        light: light_total,
                        dark: dark_total,
                    },
                    &[],
                    Vec::new(),
                    Vec::new(),
                );
                vec![Side::Light]
            }
            std::cmp::Ordering::Equal => {
                let assumption = if self.tie_both {
                    TIED_FIGHT_BOTH
                } else {
                    TIED_FIGHT
                };
                let mut assumptions = vec![assumption];
                if results_text {
                    assumptions.extend(self.pending.once(TIE_NOT_WON));
                }
                self.pending.emit(
                    BattleEvent::FightTied {
                        number: number + 1,
                        total: light_total,
                        both_defeated: self.tie_both,
                    },
                    &[],
                    assumptions,
                    Vec::new(),
                );
                if self.tie_both {
                    vec![self.attacker, self.defender()]
                } else {
                    Vec::new()
                }
            }
        };
        let won = losers.len() == 1;
        for loser in &losers {
            let entry = &entries[index(*loser)];
            let extra = if won {
                self.fight_result_parts(board, &working, *loser)
            } else {
                Vec::new()
            };
            // The cards that defeated it: the winning entry's, where one side won.
            let by: Vec<CardId> = if won {
                entries[index(loser.opponent())].fighters.clone()
            } else {
                Vec::new()
            };
            if self.defeat(board, *loser, entry, cancelled[index(*loser)], extra, &by)? {
                return Ok(());
            }
        }
        if let [loser] = losers.as_slice() {
            self.next_fight_for_the_winner(board, number, loser.opponent(), &entries, &working)?;
        }
        self.phase = Phase::Fight(number + 1);
        Ok(())
    }

    /// A winner whose working Battle card says he fights the next fight with the same weapon:
    /// he fights it, in place of the next entry of his plan, where the other plan has a next
    /// fight.
    fn next_fight_for_the_winner(
        &mut self,
        board: &Board,
        number: usize,
        winner: Side,
        entries: &[PlanEntry; 2],
        working: &[Option<CardId>; 2],
    ) -> Result<(), MissingFact> {
        let Some(card) = working[index(winner)].and_then(|id| board.card(id)) else {
            return Ok(());
        };
        let entry = &entries[index(winner)];
        let Some(user) = entry.fighters.first().copied() else {
            return Ok(());
        };
        let Some(kind) = &card.text.next_fight_same_weapon else {
            return Ok(());
        };
        if self.plans[index(winner.opponent())].len() <= number + 1 {
            return Ok(());
        }
        // The cards he defeated: those of the losing entry no longer in play.
        let loser = winner.opponent();
        let mut defeated_kind = false;
        for id in &entries[index(loser)].fighters {
            let in_play = board
                .zone_of(*id)
                .is_some_and(|zone| matches!(zone, Zone::InPlay(..)));
            let Some(defeated) = board.card(*id).filter(|_| !in_play) else {
                continue;
            };
            match crate::cards::users::is_battle_user(kind, defeated) {
                Ok(true) => defeated_kind = true,
                Ok(false) => {}
                Err(crate::cards::users::KindUnknown::Icon { character, icon }) => {
                    return Err(MissingFact::Icon {
                        card: character,
                        icon,
                    });
                }
                Err(_) => {}
            }
        }
        if !defeated_kind {
            return Ok(());
        }
        let again = PlanEntry {
            fighters: vec![user],
            weapon: entry.weapon,
            second_weapon: entry.second_weapon,
            battle_cards: Vec::new(),
            sent_by: working[index(winner)],
            span: entry.span,
        };
        let plan = &mut self.plans[index(winner)];
        plan.insert((number + 1).min(plan.len()), again);
        // The rulings that name the card speak of what its text does.
        let cites: Vec<Citation> = card
            .named_in
            .iter()
            .filter_map(|id| self.rulings.get(id.as_str()).copied())
            .collect();
        let mut assumptions = Vec::new();
        assumptions.extend(self.pending.once(NEXT_FIGHT_IN_PLACE));
        self.pending.emit(
            BattleEvent::FightsNextFight {
                side: winner,
                card: Self::name(board, user),
                by: card.full_name(),
                weapons: entry.weapons().map(|id| Self::name(board, id)).collect(),
            },
            cites,
            assumptions,
            Vec::new(),
        );
        Ok(())
    }

    /// Discards a defeated entry and takes its DAMAGE; true if the game ended.
    fn defeat(
        &mut self,
        board: &mut Board,
        side: Side,
        entry: &PlanEntry,
        weapon_kept: bool,
        extra: Vec<(String, i32)>,
        by: &[CardId],
    ) -> Result<bool, MissingFact> {
        let mut moves = Vec::new();
        let mut parts = Vec::new();
        let mut effect_applied = false;
        // A working Battle card whose text says only some of the cards fighting together are
        // defeated: the others stay where they are.
        let only = entry
            .battle_cards
            .first()
            .and_then(|id| board.card(*id))
            .and_then(|card| card.text.only_defeated.clone());
        let defeated_fighters: Vec<CardId> = match &only {
            Some(user) if entry.fighters.len() > 1 => {
                let named: Vec<CardId> = entry
                    .fighters
                    .iter()
                    .copied()
                    .filter(|id| {
                        board.card(*id).is_some_and(|card| {
                            crate::cards::users::is_battle_user(user, card) == Ok(true)
                        })
                    })
                    .collect();
                if named.is_empty() {
                    entry.fighters.clone()
                } else {
                    named
                }
            }
            _ => entry.fighters.clone(),
        };
        // A working Battle card whose text sends its defeated users back to the hand.
        let to_hand = entry
            .battle_cards
            .first()
            .and_then(|id| board.card(*id))
            .filter(|card| card.text.defeated_to_hand)
            .map(Card::full_name);
        for fighter in &defeated_fighters {
            let card = board.card(*fighter).cloned();
            let name = Self::name(board, *fighter);
            if let Some(by) = &to_hand {
                parts.push((
                    format!("no DAMAGE for {name}: the text of {by} sends him back to the hand"),
                    0,
                ));
                let from = board.zone_of(*fighter).unwrap_or(Zone::Hand(side));
                moves.push(describe_move(board, *fighter, from, Zone::Hand(side)));
                board.move_to(*fighter, Zone::Hand(side));
                self.result.add_defeated(side, name);
                continue;
            }
            let printed = card
                .as_ref()
                .and_then(Card::damage)
                .ok_or_else(|| match &card {
                    Some(card) => MissingFact::card_number(card, name.clone(), CardNumber::Damage),
                    None => MissingFact::CardNumber {
                        card: name.clone(),
                        number: CardNumber::Damage,
                    },
                })?;
            let defeated = Defeated {
                character: !self.starships,
                starfighter: self.starships && Self::is(board, *fighter, TraitKind::Starfighter)?,
                transport: self.starships && Self::is(board, *fighter, TraitKind::Transport)?,
            };
            parts.push((format!("DAMAGE of {name}"), printed));
            if let Some(card) = &card {
                // The weapons he fought with: the first card's, unless a Force push cancelled
                // them.
                let weapons: Vec<CardId> =
                    if !weapon_kept && entry.fighters.first() == Some(fighter) {
                        entry.weapons().collect()
                    } else {
                        Vec::new()
                    };
                let (modifiers, by_effect) = damage::modifier_parts(
                    board,
                    side,
                    damage::DefeatedCard {
                        kind: defeated,
                        card,
                        id: *fighter,
                        weapons: &weapons,
                        by,
                    },
                    board.current_planet,
                    self.boonta,
                )?;
                parts.extend(modifiers);
                effect_applied |= by_effect;
            }
            let from = board.zone_of(*fighter).unwrap_or(Zone::DiscardPile(side));
            moves.push(describe_move(
                board,
                *fighter,
                from,
                Zone::DiscardPile(side),
            ));
            board.move_to(*fighter, Zone::DiscardPile(side));
            self.result.add_defeated(side, name);
        }
        let mut assumptions = Vec::new();
        let mut kept = None;
        let weapons: Vec<CardId> = entry.weapons().collect();
        if weapon_kept && !weapons.is_empty() {
            kept = Some(Self::names(board, &weapons).join(" and "));
        } else {
            for weapon in weapons {
                assumptions.extend(self.pending.once(WEAPON_LOST));
                let from = board.zone_of(weapon).unwrap_or(Zone::DiscardPile(side));
                moves.push(describe_move(board, weapon, from, Zone::DiscardPile(side)));
                board.move_to(weapon, Zone::DiscardPile(side));
            }
        }
        let cards = Self::names(board, &defeated_fighters);
        self.pending.emit(
            BattleEvent::Defeated {
                side,
                cards,
                weapon_kept: kept.clone(),
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if self.starships {
                &[STARSHIP_BATTLE]
            } else if kept.is_some() {
                &[FORCE_PUSH]
            } else {
                &[]
            }),
            assumptions,
            moves,
        );
        parts.extend(extra);
        let (amount, floored) = damage::amount(&parts);
        let mut assumptions = Vec::new();
        assumptions.extend(self.pending.once(DEFEAT_DAMAGE));
        assumptions.extend(floored);
        if effect_applied {
            assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
        }
        Ok(self.take_damage(board, side, amount, parts, assumptions, &[]))
    }

    /// Takes DAMAGE; true if the deck ran out and the game ended.
    fn take_damage(
        &mut self,
        board: &mut Board,
        side: Side,
        amount: i32,
        parts: Vec<(String, i32)>,
        assumptions: Vec<Assumption>,
        cites: &[Citation],
    ) -> bool {
        let mut moves = Vec::new();
        let taken = damage::take(
            board,
            side,
            amount,
            self.laps_rule,
            &mut moves,
            self.pending.words,
        );
        self.result.add_damage(side, amount);
        let mut cites = cites.to_vec();
        if self.starships {
            cites.push(STARSHIP_BATTLE);
        }
        cites.extend(taken.lap_cards_cited());
        self.pending.emit(
            BattleEvent::DamageTaken {
                side,
                amount,
                parts,
                taken,
            },
            cites,
            assumptions,
            moves,
        );
        if taken.ran_out {
            let winner = side.opponent();
            self.result.deck_victory = Some(winner);
            self.pending.emit(
                BattleEvent::DeckVictory {
                    winner,
                    by_destiny: false,
                },
                &[DECK_VICTORY],
                Vec::new(),
                Vec::new(),
            );
            self.phase = Phase::Done;
        }
        taken.ran_out
    }

    fn after_fights(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        let fought = self.result.fights;
        for side in [self.attacker, self.defender()] {
            let rest: Vec<PlanEntry> = self.plans[index(side)]
                .iter()
                .skip(fought)
                .cloned()
                .collect();
            if rest.is_empty() {
                continue;
            }
            if self.starships {
                let cards: Vec<CardId> = rest.iter().flat_map(|e| e.fighters.clone()).collect();
                self.pending.emit(
                    BattleEvent::Unopposed {
                        side,
                        cards: Self::names(board, &cards),
                    },
                    &[DESTINY_IN_FIGHT],
                    Vec::new(),
                    Vec::new(),
                );
                self.pending.emit(
                    BattleEvent::NoBreakthrough,
                    &[STARSHIP_BATTLE],
                    Vec::new(),
                    Vec::new(),
                );
                continue;
            }
            // The other side's last card used a Battle card by whose text it loses nothing to
            // breakthrough.
            let keeper = self.plans[index(side.opponent())].last().and_then(|last| {
                let card = last.battle_cards.first().and_then(|id| board.card(*id))?;
                let user = last.fighters.first()?;
                card.text
                    .keep_breakthrough
                    .then(|| (card.full_name(), Self::name(board, *user)))
            });
            for entry in rest {
                let Some(fighter) = entry.fighters.first().copied() else {
                    continue;
                };
                let card = board.card(fighter).cloned();
                let name = Self::name(board, fighter);
                let assumption = if self.no_breakthrough {
                    BREAKTHROUGH_NONE
                } else {
                    BREAKTHROUGH
                };
                let mut parts = Vec::new();
                let mut cites = vec![DESTINY_IN_FIGHT];
                if !self.no_breakthrough
                    && let Some(card) = &card
                {
                    let situation = Situation {
                        hand_hidden: self.hides_hand,
                        side,
                        in_duel: false,
                        opponents: &[],
                        weapon: entry.weapon,
                        second_weapon: entry.second_weapon,
                        weapon_cancelled: false,
                        battle_card: entry.battle_cards.first().copied().or(entry.sent_by),
                        sent_here: entry.battle_cards.is_empty() && entry.sent_by.is_some(),
                        planet: self.planet,
                        evacuating: &[],
                    };
                    parts = self.power_parts(board, card, &situation, &mut cites)?;
                    for weapon in entry.weapons() {
                        if let Some(weapon_card) = board.card(weapon)
                            && let Some(used) = board.weapon_box(weapon, fighter)?
                            && let Some(bonus) = used.bonus
                        {
                            parts.push((
                                format!("power bonus of {}", weapon_card.full_name()),
                                bonus,
                            ));
                        }
                    }
                }
                let (amount, floored) = damage::amount(&parts);
                self.pending.emit(
                    BattleEvent::Breakthrough {
                        side,
                        card: name.clone(),
                        amount,
                    },
                    cites,
                    vec![assumption],
                    Vec::new(),
                );
                if let Some((card, user)) = &keeper {
                    if amount > 0 {
                        self.pending.emit(
                            BattleEvent::BreakthroughKept {
                                side: side.opponent(),
                                card: card.clone(),
                                user: user.clone(),
                            },
                            &[],
                            Vec::new(),
                            Vec::new(),
                        );
                    }
                    continue;
                }
                if amount > 0
                    && self.take_damage(
                        board,
                        side.opponent(),
                        amount,
                        parts,
                        floored.into_iter().collect(),
                        &[],
                    )
                {
                    return Ok(());
                }
            }
        }
        // Battle cards to the discard piles.
        for side in [self.attacker, self.defender()] {
            let cards = board.zone(Zone::BattlePlan(side)).to_vec();
            if cards.is_empty() {
                continue;
            }
            let mut moves = Vec::new();
            for card in &cards {
                moves.push(describe_move(
                    board,
                    *card,
                    Zone::BattlePlan(side),
                    Zone::DiscardPile(side),
                ));
                board.move_to(*card, Zone::DiscardPile(side));
            }
            let mut assumptions = Vec::new();
            assumptions.extend(self.pending.once(BATTLE_CARDS_DISCARDED));
            self.pending.emit(
                BattleEvent::BattleCardsDiscarded {
                    side,
                    cards: Self::names(board, &cards),
                },
                &[],
                assumptions,
                moves,
            );
        }
        if self.starships {
            for side in [self.attacker, self.defender()] {
                let cards = board.zone(Zone::Hyperspace(side)).to_vec();
                if cards.is_empty() {
                    continue;
                }
                self.pending.emit(
                    BattleEvent::SurvivorsToHyperspace {
                        side,
                        cards: Self::names(board, &cards),
                    },
                    &[SURVIVORS],
                    Vec::new(),
                    Vec::new(),
                );
            }
        }
        self.phase = if self.mode == Mode::Evacuation {
            Phase::Outcome
        } else {
            Phase::Done
        };
        Ok(())
    }

    /// The evacuation's outcome: the cards to the draw deck (shuffled) with a transport
    /// left, else to the discard pile.
    fn outcome(&mut self, board: &mut Board, battled: bool) -> Result<(), MissingFact> {
        let side = self.mover;
        let Some(planet) = self.planet else {
            self.phase = Phase::Done;
            return Ok(());
        };
        let cards = Self::evacuees(board, side, planet);
        let transports = Self::transports(board, side)?;
        let names = Self::names(board, &cards);
        let mut moves = Vec::new();
        if !battled || !transports.is_empty() {
            for card in &cards {
                moves.push(describe_move(
                    board,
                    *card,
                    Zone::InPlay(planet, side),
                    Zone::DrawDeck(side),
                ));
                board.move_to(*card, Zone::DrawDeck(side));
            }
            crate::engine::shuffle_deck(board, side, &mut self.random);
            self.result.evacuated = Some(true);
            self.result.evacuated_to = Some(EvacuatedTo::DrawDeck);
            let deck_size = board.zone(Zone::DrawDeck(side)).len();
            self.pending.emit(
                BattleEvent::EvacuationSucceeded {
                    side,
                    transports: Self::names(board, &transports),
                    cards: names,
                    deck_size,
                },
                std::borrow::Cow::<[Citation]>::Borrowed(if battled {
                    &[SURVIVORS]
                } else {
                    &[INTERCEPT, SURVIVORS]
                }),
                Vec::new(),
                moves,
            );
        } else {
            for card in &cards {
                moves.push(describe_move(
                    board,
                    *card,
                    Zone::InPlay(planet, side),
                    Zone::DiscardPile(side),
                ));
                board.move_to(*card, Zone::DiscardPile(side));
            }
            self.result.evacuated = Some(false);
            self.result.evacuated_to = Some(EvacuatedTo::DiscardPile);
            self.pending.emit(
                BattleEvent::EvacuationFailed { side, cards: names },
                &[SURVIVORS],
                Vec::new(),
                moves,
            );
        }
        self.phase = Phase::Done;
        Ok(())
    }

    fn next_step(&mut self, board: &mut Board) -> Result<Option<Decision>, MissingFact> {
        match self.phase {
            Phase::Start => self.start(board)?,
            Phase::AddStarships => {
                if let Some(decision) = self.add_decision(board) {
                    return Ok(Some(decision));
                }
                self.phase = Phase::Intercept;
            }
            Phase::Intercept => {
                let side = self.attacker;
                if board.zone(Zone::Hyperspace(side)).is_empty() {
                    self.result.intercepted = Some(false);
                    self.pending.emit(
                        BattleEvent::NotIntercepted { side, could: false },
                        &[INTERCEPT],
                        Vec::new(),
                        Vec::new(),
                    );
                    self.outcome(board, false)?;
                } else {
                    return Ok(Some(self.intercept_decision()));
                }
            }
            Phase::BattleStart => self.battle_start(board)?,
            Phase::Plan(side) => {
                if !self.stated[index(side)] {
                    if let Some(decision) = self.plan_decision(board, side) {
                        return Ok(Some(decision));
                    }
                    let making = &mut self.making[index(side)];
                    if making.weapon_for.is_some() {
                        // No weapon left to offer: go on placing cards.
                        making.weapon_for = None;
                        return Ok(None);
                    }
                }
                self.plan_made(board, side);
                self.phase = if side == self.attacker {
                    Phase::Plan(self.defender())
                } else {
                    Phase::Declare(self.attacker)
                };
            }
            Phase::Declare(side) => {
                if !self.stated[index(side)]
                    && let Some(decision) = self.battle_card_decision(board, side)
                {
                    return Ok(Some(decision));
                }
                self.declare(board, side);
                self.phase = if side == self.attacker {
                    Phase::Declare(self.defender())
                } else {
                    Phase::Fight(0)
                };
            }
            Phase::Fight(number) => self.fight(board, number)?,
            Phase::AfterFights => self.after_fights(board)?,
            Phase::Outcome => self.outcome(board, true)?,
            Phase::Done => {}
        }
        Ok(None)
    }
}

/// Whether an entry has a Battle card that lets its cards fight together.
/// Whether the cards are of one stack: versions of one character, by their title.
fn one_stack(board: &Board, cards: &[CardId]) -> bool {
    let mut titles = cards
        .iter()
        .map(|id| board.card(*id).map(|card| &card.title));
    match titles.next() {
        Some(Some(first)) => titles.all(|title| title == Some(first)),
        _ => false,
    }
}

/// Whether the entry's working Battle card lets its cards fight together: as many as its text
/// says (two where it says no number).
fn entry_fights_together(board: &Board, entry: &PlanEntry) -> bool {
    entry.battle_cards.first().is_some_and(|id| {
        board.card(*id).is_some_and(|card| {
            card.text.battle == Some(BattleEffect::FightTogether)
                && entry.fighters.len() <= usize::from(card.text.together_count.unwrap_or(2))
                && (!card.text.together_same_stack || one_stack(board, &entry.fighters))
        })
    })
}

fn none_option(label: &'static str, cites: &[Citation]) -> DecisionOption {
    DecisionOption {
        label: label.into(),
        card: None,
        name: None,
        aliases: Vec::new(),
        destiny: None,
        declines: true,
        cites: cites.to_vec().into(),
    }
}

/// What makes two cards' options alike: the same card, face up or down alike (the label,
/// the names and the destiny of [`card_option`] come from nothing else).
fn identical(board: &Board, id: CardId) -> Result<(u32, bool), CardId> {
    board.instance(id).map_or(Err(id), |instance| {
        Ok((instance.definition.0, instance.face_down))
    })
}

fn card_option(board: &Board, id: CardId, verb: &str, cites: &[Citation]) -> DecisionOption {
    let card = board.card(id);
    DecisionOption {
        destiny: card.and_then(Card::destiny),
        ..DecisionOption::about_card(
            format!("{verb} {}", board.describe(id)),
            id,
            card,
            cites.to_vec(),
        )
    }
}

impl Procedure for BattleEngine {
    type Table = Board;
    type Event = BattleEvent;
    type Result = BattleResult;

    fn result(&self) -> &BattleResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<BattleEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        if self.phase == Phase::Done {
            return Ok(Next::Done);
        }
        match self.next_step(board) {
            Ok(Some(decision)) if decision.kind == super::decisions::ADD_STARSHIP => {
                Ok(Next::Offer(decision))
            }
            Ok(Some(decision)) => Ok(Next::Decide(decision)),
            Ok(None) => Ok(Next::Continue),
            Err(fact) => {
                self.phase = Phase::Done;
                Err(fact)
            }
        }
    }

    fn listed(&self, _board: &Board, decision: &Decision) -> Decision {
        // The plan's next card and the starships to add are the decisions with repeats.
        match self.phase {
            Phase::Plan(side) if decision.kind == super::decisions::BATTLE_PLAN => {
                self.making[index(side)].left.relisted(decision)
            }
            Phase::AddStarships if decision.kind == super::decisions::ADD_STARSHIP => {
                self.intercepting.hand.relisted(decision)
            }
            _ => decision.clone(),
        }
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        match (self.phase, decision.kind) {
            (Phase::AddStarships, super::decisions::ADD_STARSHIP) => {
                let side = self.attacker;
                match option.card {
                    Some(card) => {
                        let moved =
                            describe_move(board, card, Zone::Hand(side), Zone::Hyperspace(side));
                        board.move_to(card, Zone::Hyperspace(side));
                        self.intercepting.hand.remove(card);
                        if let Some(card) = board.card(card) {
                            self.intercepting.in_hyperspace.insert(card.full_name());
                        }
                        self.pending.emit(
                            BattleEvent::StarshipsAdded {
                                side,
                                cards: vec![Self::name(board, card)],
                            },
                            &[INTERCEPT, HYPERSPACE],
                            Vec::new(),
                            vec![moved],
                        );
                    }
                    None => {
                        self.pending.emit(
                            BattleEvent::StarshipsAdded {
                                side,
                                cards: Vec::new(),
                            },
                            &[INTERCEPT],
                            Vec::new(),
                            Vec::new(),
                        );
                        self.phase = Phase::Intercept;
                    }
                }
            }
            (Phase::Intercept, super::decisions::INTERCEPT) => {
                let side = self.attacker;
                if option.declines {
                    self.result.intercepted = Some(false);
                    self.pending.emit(
                        BattleEvent::NotIntercepted { side, could: true },
                        &[INTERCEPT],
                        Vec::new(),
                        Vec::new(),
                    );
                    if let Err(fact) = self.outcome(board, false) {
                        self.pending.fail(fact);
                    }
                } else {
                    self.result.intercepted = Some(true);
                    let starships = board.zone(Zone::Hyperspace(side)).to_vec();
                    self.pending.emit(
                        BattleEvent::Intercepted {
                            side,
                            starships: Self::names(board, &starships),
                        },
                        &[INTERCEPT],
                        Vec::new(),
                        Vec::new(),
                    );
                    self.phase = Phase::BattleStart;
                }
            }
            (Phase::Plan(side), super::decisions::BATTLE_PLAN) => {
                let i = index(side);
                if let Some(entry) = self.making[i].weapon_for.take() {
                    if let Some(plan_entry) = self.plans[i].get_mut(entry) {
                        plan_entry.weapon = option.card;
                        self.making[i].weapons_used.extend(option.card);
                    }
                } else if let Some(card) = option.card {
                    self.making[i].left.remove(card);
                    self.plans[i].push(PlanEntry {
                        fighters: vec![card],
                        ..PlanEntry::default()
                    });
                    if !self.starships {
                        self.making[i].weapon_for = Some(self.plans[i].len() - 1);
                    }
                }
            }
            (Phase::Declare(side), super::decisions::BATTLE_PLAN) => {
                let i = index(side);
                let at = self.making[i].card_for;
                match option.card {
                    Some(card) => {
                        if let Some(entry) = self.plans[i].get_mut(at) {
                            entry.battle_cards.push(card);
                        }
                        self.making[i].card_for += 1;
                    }
                    None => self.making[i].card_for += 1,
                }
            }
            _ => {}
        }
    }
}
