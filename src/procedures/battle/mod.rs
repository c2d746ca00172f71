//! The battle and the evacuation as a procedure a scenario walks with `action: battle` and
//! `action: evacuate`: one engine, `BattleEngine`, in two modes, over the scenario's `battle:`
//! section.

pub mod check;
pub mod decisions;
pub mod engine;
pub mod events;
pub mod expect;
pub mod narrate;
pub mod section;
pub mod shell;

use super::contract::{Procedure, Walked};
use super::{ActionSpec, AssumptionSpec, FindCard};
use crate::board::{Board, CardId, Span};
use crate::cards::card_text::TextKind;
use crate::legality::{Basis, Verdict, Violation};
use crate::rules::{Choices, Corpus, Ruleset};
use crate::scenario::SectionFile;
use crate::scenario::{self};
use engine::{BattleEngine, PlanProblem};
use events::{BattleEvent, BattleResult, Mode};
use expect::BattleExpectation;

/// The battle and the evacuation, as the registry knows them.
pub struct BattleProcedure;

/// The engine's mode for an action.
fn mode_of(action: &str) -> Mode {
    match action {
        "evacuate" => Mode::Evacuation,
        _ => Mode::Battle,
    }
}

macro_rules! spec {
    ($assumption:expr, $(($value:expr, $does:expr)),+ $(,)?) => {
        AssumptionSpec {
            assumption: $assumption,
            values: &[$(($value, $does)),+],
        }
    };
}

const WHOLE_PLAN: AssumptionSpec = spec!(
    engine::WHOLE_PLAN,
    ("all", "every character at the planet is in the plan")
);
const BOTH_SIDES: AssumptionSpec = spec!(
    engine::BOTH_SIDES,
    ("required", "a battle needs characters of both players")
);
const FIGHT_PAIRING: AssumptionSpec = spec!(
    engine::FIGHT_PAIRING,
    ("in-order", "the plans fight entry by entry, in order")
);
const TIED_FIGHT: AssumptionSpec = spec!(
    engine::TIED_FIGHT,
    ("neither-defeated", "a tied fight defeats neither card"),
    (engine::BOTH_DEFEATED, "a tied fight defeats both cards"),
);
const BREAKTHROUGH: AssumptionSpec = spec!(
    engine::BREAKTHROUGH,
    (
        "power",
        "an unopposed character does DAMAGE equal to its power with bonuses"
    ),
    (
        engine::NO_BREAKTHROUGH,
        "an unopposed character does nothing"
    ),
);
const WEAPON_DRAWS: AssumptionSpec = spec!(
    engine::WEAPON_DRAWS,
    (
        "one",
        "a weapon whose draws no source gives draws one destiny"
    ),
    (
        engine::STOP,
        "the walk stops and asks for the weapon's draws"
    ),
);
const STARFIGHTER_DRAWS: AssumptionSpec = spec!(
    engine::STARFIGHTER_DRAWS,
    ("one", "a starfighter draws one destiny")
);
const DEFEAT_DAMAGE: AssumptionSpec = spec!(
    engine::DEFEAT_DAMAGE,
    (
        "printed",
        "the owner takes the defeated card's DAMAGE after the fight"
    )
);
const DESTINY_TO_DISCARD: AssumptionSpec = spec!(
    engine::DESTINY_TO_DISCARD,
    ("discard", "destiny cards go to the discard pile")
);
const WORKING_CARD: AssumptionSpec = spec!(
    engine::WORKING_CARD,
    ("first", "the first Battle card listed for a fight works")
);
const BATTLE_CARDS_DISCARDED: AssumptionSpec = spec!(
    engine::BATTLE_CARDS_DISCARDED,
    ("discard", "Battle cards are discarded when the battle ends")
);
const DAMAGE_FLOOR: AssumptionSpec = spec!(
    crate::engine::damage::DAMAGE_NOT_BELOW_ZERO,
    ("floor-at-zero", "damage reduced below zero is zero")
);
const WEAPON_LOST: AssumptionSpec = spec!(
    engine::WEAPON_LOST,
    ("discarded", "a defeated character's weapon is discarded")
);

const FIGHTER_DESTINY: AssumptionSpec = spec!(
    engine::FIGHTER_DESTINY,
    (
        "sum",
        "a character's destiny is the sum of his side's destiny numbers in the fight"
    )
);
const BEST_DESTINY_CHOICE: AssumptionSpec = spec!(
    engine::BEST_DESTINY_CHOICE,
    (
        "best",
        "a Battle card's destiny choice is the one that raises its player's total most"
    )
);
const TIE_NOT_WON: AssumptionSpec = spec!(
    engine::TIE_NOT_WON,
    ("neither", "a tied fight is neither won nor lost")
);
const CONTROL_KEPT: AssumptionSpec = spec!(
    engine::CONTROL_KEPT,
    ("kept", "a planet once controlled stays controlled")
);
const SHOWS_HAND: AssumptionSpec = spec!(
    engine::SHOWS_HAND,
    (
        "shows",
        "a player shows his hand where a Battle card's bonus asks it"
    ),
    (
        engine::HIDES_HAND,
        "he keeps it hidden, and the bonus does not count"
    ),
);
const NEXT_FIGHT_IN_PLACE: AssumptionSpec = spec!(
    engine::NEXT_FIGHT_IN_PLACE,
    (
        "in-place",
        "a character sent to the next fight fights it in place of his plan's next card"
    )
);

/// What a character battle assumes.
static BATTLE_ASSUMPTIONS: &[AssumptionSpec] = &[
    WHOLE_PLAN,
    BOTH_SIDES,
    FIGHT_PAIRING,
    TIED_FIGHT,
    BREAKTHROUGH,
    WEAPON_DRAWS,
    DEFEAT_DAMAGE,
    DAMAGE_FLOOR,
    DESTINY_TO_DISCARD,
    WORKING_CARD,
    BATTLE_CARDS_DISCARDED,
    WEAPON_LOST,
    FIGHTER_DESTINY,
    BEST_DESTINY_CHOICE,
    TIE_NOT_WON,
    CONTROL_KEPT,
    NEXT_FIGHT_IN_PLACE,
    SHOWS_HAND,
    crate::engine::effects::EFFECT_REACH,
];

/// What the starship battle of an evacuation assumes.
static EVACUATION_ASSUMPTIONS: &[AssumptionSpec] = &[
    FIGHT_PAIRING,
    STARFIGHTER_DRAWS,
    TIED_FIGHT,
    DEFEAT_DAMAGE,
    DAMAGE_FLOOR,
    DESTINY_TO_DISCARD,
    WORKING_CARD,
    BATTLE_CARDS_DISCARDED,
    FIGHTER_DESTINY,
    BEST_DESTINY_CHOICE,
    TIE_NOT_WON,
    CONTROL_KEPT,
    NEXT_FIGHT_IN_PLACE,
    SHOWS_HAND,
];

static ACTIONS: &[ActionSpec] = &[
    ActionSpec {
        name: "battle",
        summary: "the player whose turn it is battles at the planet: battle plans, Battle cards, fights, DAMAGE",
        shell: Some(super::ShellCommand {
            noun: "battle",
            usage: "battle [at PLANET | plan SIDE FIGHTER [/ together FIGHTER] [/ with WEAPON] [/ card CARD]… | plan SIDE clear | show | off]",
            what: "alone: the player whose turn it is battles at the current planet (or the one `at` names), each plan not stated made at the prompt; `plan` adds one entry to a side's battle plan (a character, up to two more that fight together with it, its weapon and a second one where a Battle card allows it, Battle cards from the hand) and says what the plan still lacks; `clear` drops a side's plan; `off` drops the stated battle",
            example: "battle plan light qui-gon / with qui-gon's lightsaber / card jedi force push",
        }),
        assumptions: BATTLE_ASSUMPTIONS,
        odds: false,
    },
    ActionSpec {
        name: "evacuate",
        summary: "the player whose turn it is evacuates a planet; the opponent may intercept, and a starship battle decides it",
        shell: Some(super::ShellCommand {
            noun: "evacuation",
            usage: "evacuate [at PLANET | evacuating CARD [/ CARD]… | evacuating all | plan SIDE STARSHIP [/ together STARSHIP] [/ card CARD]… | plan SIDE clear | show | off]",
            what: "alone: the player whose turn it is evacuates the current planet (or the one `at` names), the opponent's answers asked at the prompt; `evacuating` names the cards he evacuates if not all; `plan` adds one entry to a side's starship battle plan, as for `battle`",
            example: "evacuate plan light republic cruiser",
        }),
        assumptions: EVACUATION_ASSUMPTIONS,
        odds: true,
    },
];

/// A battle's or an evacuation's walk: the board before and after, its events and what came
/// of it.
pub type BattleWalk = Walked<BattleProcedure>;

impl Procedure for BattleProcedure {
    type Table = Board;
    type Event = BattleEvent;
    type Engine = BattleEngine;
    type Result = BattleResult;
    type Expect = BattleExpectation;

    const TITLE: &'static str = "Battle";
    // Every kind of text that acts in a fight, on a card in it or a Battle card.
    const TEXT_KINDS: Option<&'static [TextKind]> = Some(&[
        TextKind::UseWith,
        TextKind::FightTogether,
        TextKind::BonusIf,
        TextKind::BackToHand,
        TextKind::WeaponNegation,
        TextKind::TwoWeapons,
        TextKind::SameWeapon,
        TextKind::Destiny,
        TextKind::FightResult,
        TextKind::SelfBonus,
        TextKind::AuraBonus,
        TextKind::DamageModifier,
        TextKind::Identity,
        TextKind::WinControl,
    ]);
    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const SECTIONS: &'static [&'static dyn crate::scenario::PartFormat] =
        &[&crate::scenario::SectionFormat::<section::BattleFile>::NEW];

    fn start(board: &Board, corpus: &Corpus, action: &str, choices: &Choices) -> BattleEngine {
        let specs = super::contract::assumptions_of(ACTIONS, action);
        BattleEngine::new(board, corpus, mode_of(action))
            .assuming(|name| choices.value(specs, name))
    }

    fn heading(walked: &BattleWalk, ruleset: &Ruleset, seed: u64) -> String {
        let planet = walked
            .result
            .planet
            .as_ref()
            .map(|planet| format!(" of {planet}"))
            .unwrap_or_default();
        match walked.result.mode {
            Mode::Battle => format!(
                "Battle{} · rules: {ruleset} · seed {seed}",
                planet.replace(" of ", " on ")
            ),
            Mode::Evacuation => format!("Evacuation{planet} · rules: {ruleset} · seed {seed}"),
        }
    }

    fn default_title(walked: &BattleWalk) -> &'static str {
        match walked.result.mode {
            Mode::Battle => "Battle",
            Mode::Evacuation => "Evacuation",
        }
    }

    fn verdict(walked: &BattleWalk) -> Vec<String> {
        narrate::verdict_lines(&walked.result, &walked.run)
    }

    fn unmet(expect: &BattleExpectation, walked: &BattleWalk) -> Vec<String> {
        expect::unmet_battle_expectations(expect, &walked.result, &walked.after)
    }

    const ENDING: Option<super::odds::EndingOf<BattleResult>> = Some(ending);

    fn expectation(result: &BattleResult) -> Option<BattleExpectation> {
        Some(BattleExpectation {
            refused: Some(result.refusal.is_some()),
            intercepted: result.intercepted,
            evacuated: result.evacuated,
            defeated: Some(expect::NamesBySide {
                light: result.defeated_light.clone(),
                dark: result.defeated_dark.clone(),
            }),
            damage: Some(scenario::DamageBySide {
                light: crate::ranged::DamageTotal::saturating(i64::from(result.damage_light)),
                dark: crate::ranged::DamageTotal::saturating(i64::from(result.damage_dark)),
            }),
            deck_victory: Some(crate::scenario::SideOrNone::of(result.deck_victory)),
            tie_game: Some(result.tie_game),
            ..BattleExpectation::default()
        })
    }

    fn attempt_refused(result: &BattleResult) -> bool {
        result.refusal.is_some()
    }

    fn check(board: &Board, _corpus: &Corpus) -> Vec<Violation> {
        let mut found = check::stated_battle_cards(board);
        found.extend(check::stated_battle_card_users(board));
        found
    }

    fn refusal(event: &BattleEvent) -> Option<&'static str> {
        match event {
            // The rules refuse nothing where the position lacks a fact, or where the rules in
            // force are ones the corpus does not hold.
            BattleEvent::Refused { refusal, .. } if !refusal.is_by_rule() => None,
            BattleEvent::Refused {
                mode: Mode::Battle, ..
            } => Some("battle-refused"),
            BattleEvent::Refused { .. } => Some("evacuation-refused"),
            _ => None,
        }
    }

    fn refusal_place(board: &Board) -> (Vec<CardId>, Vec<(Span, String)>) {
        (
            Vec::new(),
            section::BattleFile::stated(board)
                .and_then(|setup| setup.span.0)
                .map(|span| (span, "the battle".to_string()))
                .into_iter()
                .collect(),
        )
    }

    fn claim_findings(
        board: &Board,
        corpus: &Corpus,
        action: &str,
        choices: &Choices,
    ) -> Vec<Violation> {
        let battle_span = section::BattleFile::stated(board).and_then(|setup| setup.span.0);
        Self::start(board, corpus, action, choices)
            .stated_plan_problems(board)
            .into_iter()
            .map(|(side, entry, problem)| {
                let (cites, assumptions) = problem.basis();
                let entry_span = entry.and_then(|position| {
                    section::BattleFile::stated(board)
                        .and_then(|setup| setup.plan(side))
                        .and_then(|plan| plan.get(position))
                        .and_then(|entry| entry.span.0)
                });
                let left_out: Vec<(Span, String)> = match &problem {
                    PlanProblem::LeavesOut { left, .. } => left
                        .iter()
                        .filter_map(|id| board.instance(*id)?.provenance.card())
                        .map(|span| (span, "left out of the plan".to_string()))
                        .collect(),
                    _ => Vec::new(),
                };
                let labels = match entry_span {
                    Some(span) => vec![(span, format!("this entry of the {side} battle plan"))],
                    None if !left_out.is_empty() => left_out,
                    None => battle_span
                        .map(|span| (span, format!("the {side} battle plan")))
                        .into_iter()
                        .collect(),
                };
                Violation {
                    verdict: Verdict::Illegal,
                    code: problem.code(),
                    message: problem.to_string(),
                    basis: Basis::of(&cites, &assumptions),
                    remedy: None,
                    cards: Vec::new(),
                    labels,
                }
            })
            .collect()
    }

    fn shell(
        board: &mut Board,
        corpus: &Corpus,
        action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        Some(shell::state(board, corpus, mode_of(action), args, find))
    }
}

#[cfg(test)]
mod tests;

/// How an evacuation ended, as the odds count it: whether it succeeded, the damage each side
/// took, and any deck victory. A character battle has no ending the odds count.
fn ending(result: &BattleResult) -> Result<super::odds::Ending, super::odds::OddsRefusal> {
    if let Some(refusal) = &result.refusal {
        return Err(super::odds::OddsRefusal::Refused(
            crate::engine::EventKind::narrate(&BattleEvent::Refused {
                side: result.side,
                mode: result.mode,
                refusal: refusal.clone(),
            }),
        ));
    }
    let Some(side) = result.side.filter(|_| result.mode == Mode::Evacuation) else {
        return Err(super::odds::OddsRefusal::NoEnding("a character battle"));
    };
    Ok(super::odds::Ending {
        defeated: None,
        light_hits: 0,
        dark_hits: 0,
        light_damage: result.damage_light,
        dark_damage: result.damage_dark,
        deck_victory: result.deck_victory,
        goal: Some(super::odds::Goal {
            side,
            kind: &EVACUATION_GOAL,
            reached: result.evacuated == Some(true),
        }),
    })
}

/// What an evacuating side sets out to do, as the odds count it: a transport survives.
static EVACUATION_GOAL: super::odds::GoalKind = super::odds::GoalKind {
    name: "evacuation",
    reached: "the {side}'s evacuation succeeds",
};
