//! The Young Jedi lightsaber duel as a procedure a scenario walks with `action: duel`, from
//! its initiation or from a duel under way (the scenario's `duel:` section).

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
use crate::board::Board;
use crate::cards::card_text::TextKind;
use crate::legality::Violation;
use crate::rules::{Choices, Corpus, Ruleset};
use engine::DuelEngine;
use events::{DuelEvent, DuelResult};
use expect::DuelExpectation;

/// The lightsaber duel, as the registry knows it.
pub struct DuelProcedure;

/// What the duel assumes where the sources are silent, and what a scenario may choose.
static ASSUMPTIONS: &[AssumptionSpec] = &[
    AssumptionSpec {
        assumption: engine::AT_THE_PLANET,
        values: &[(
            "planet",
            "the duel's \"current location\" is the current planet",
        )],
    },
    AssumptionSpec {
        assumption: engine::EMPTY_HAND_CANNOT_ATTACK,
        values: &[
            (
                "other-player-attacks",
                "the other player makes the next attack, until both hands are empty",
            ),
            (
                engine::DUEL_ENDS,
                "the exchange of attacks ends as soon as the player to attack has no card",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::DUEL_ENDS_HIT_DAMAGE,
        values: &[
            (
                "most-hits",
                "when the exchange ends with a card still in a dueling hand (`empty-hand-cannot-attack: duel-ends`), the player with more hit tokens takes that many damage, as when both hands run out",
            ),
            (
                engine::NO_DAMAGE,
                "no one takes damage for hit tokens there: the rule speaks of both players running out of cards",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::DAMAGE_ZERO_FIRST_HIT,
        values: &[
            (
                "first-hit",
                "before the revised rule, a dueling character with a printed DAMAGE of 0 fights, and his first hit defeats him",
            ),
            (
                engine::AT_ONCE,
                "he is defeated at once, before any dueling hand is drawn: 0 hits already equal his DAMAGE",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::RESHUFFLE_WITHOUT_DEFEAT,
        values: &[(
            "reshuffle",
            "the dueling cards go back into the draw decks before damage",
        )],
    },
    AssumptionSpec {
        assumption: engine::DAMAGE_NOT_BELOW_ZERO,
        values: &[("floor-at-zero", "damage reduced below zero is zero")],
    },
    AssumptionSpec {
        assumption: engine::PASSER_LEADS_BY_PASSING,
        values: &[(
            "pass-again",
            "a player who has passed passes again at his turn to lead, and the other leads (under players-committee)",
        )],
    },
    AssumptionSpec {
        assumption: engine::NO_ATTACK_LEFT_ENDS,
        values: &[(
            "duel-ends",
            "the duel ends with neither defeated when no attack can be made (under players-committee)",
        )],
    },
    AssumptionSpec {
        assumption: engine::PC_DAMAGE_AT_LEAST_ZERO,
        values: &[(
            "floor-at-zero",
            "damage less the hits scored is at least 0 (under players-committee)",
        )],
    },
    AssumptionSpec {
        assumption: engine::FIRST_PASS_DRAWS_TO,
        values: &[
            (
                "hand",
                "a character's \"draw N cards\" on his player's first pass draws into the hand",
            ),
            (
                engine::DUELING_HAND,
                "it draws into the dueling hand, to attack and block with",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::ANAKIN_EMPTY_DECK,
        values: &[
            ("power-zero", "his power counts as 0 before bonuses"),
            (
                engine::STOP,
                "the walk stops and asks for the position to be completed",
            ),
        ],
    },
    crate::engine::effects::EFFECT_REACH,
];

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "duel",
    summary: "the player whose turn it is initiates a lightsaber duel at the current planet",
    shell: Some(super::ShellCommand {
        noun: "duel",
        usage: "duel [under-way LIGHT / DARK | weapon SIDE CARD | next SIDE | pending WHAT | initiator SIDE | drawn SIDE N | passed SIDE | off]",
        what: "alone: the player whose turn it is initiates a duel, or the duel under way goes on, decisions asked at the prompt; `under-way` states a duel in progress (then `next`, `pending` attack|block|defeat, `weapon`, `initiator`, `drawn`, `passed` (under players-committee); dueling cards with `add SIDE N to dueling-hand` or `dueling-pile`); `off` ends it",
        example: "duel under-way qui-gon / maul student",
    }),
    assumptions: ASSUMPTIONS,
    odds: true,
}];

/// A duel's walk: the board before and after, its events and what came of it.
pub type DuelWalk = Walked<DuelProcedure>;

impl Procedure for DuelProcedure {
    type Table = Board;
    type Event = DuelEvent;
    type Engine = DuelEngine;
    type Result = DuelResult;
    type Expect = DuelExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const SECTIONS: &'static [&'static dyn crate::scenario::PartFormat] =
        &[&crate::scenario::SectionFormat::<section::DuelFile>::NEW];
    const TITLE: &'static str = "Lightsaber duel";
    // The kinds of text that act in a duel: "When dueling" text, and a duelist's own.
    const TEXT_KINDS: Option<&'static [TextKind]> = Some(&[
        TextKind::WhenDueling,
        TextKind::SelfBonus,
        TextKind::AuraBonus,
        TextKind::DamageModifier,
        TextKind::Identity,
    ]);

    fn start(board: &Board, corpus: &Corpus, _action: &str, choices: &Choices) -> DuelEngine {
        DuelEngine::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
    }

    fn heading(walked: &DuelWalk, ruleset: &Ruleset, seed: u64) -> String {
        let planet = walked
            .before
            .current_planet
            .map(|planet| format!(" on {planet}"))
            .unwrap_or_default();
        format!("Lightsaber duel{planet} · rules: {ruleset} · seed {seed}")
    }

    fn verdict(walked: &DuelWalk) -> Vec<String> {
        narrate::verdict_lines(&walked.result, &walked.run)
    }

    fn unmet(expect: &DuelExpectation, walked: &DuelWalk) -> Vec<String> {
        expect::unmet_duel_expectations(expect, &walked.result, &walked.after)
    }

    const ENDING: Option<super::odds::EndingOf<DuelResult>> = Some(ending);

    fn expectation(result: &DuelResult) -> Option<DuelExpectation> {
        Some(DuelExpectation {
            refused: Some(result.refusal.is_some()),
            defender: result.defender.clone(),
            defeated: Some(crate::scenario::SideOrNone::of(result.defeated)),
            damage: Some(crate::scenario::DamageBySide {
                light: crate::ranged::DamageTotal::saturating(i64::from(result.damage_light)),
                dark: crate::ranged::DamageTotal::saturating(i64::from(result.damage_dark)),
            }),
            deck_victory: Some(crate::scenario::SideOrNone::of(result.deck_victory)),
            ..DuelExpectation::default()
        })
    }

    fn stray_attempt_answer(
        board: &Board,
        side: crate::cards::Side,
        key: &str,
        given: &str,
    ) -> Option<String> {
        // The initiator's character and weapon are his at the current planet; the defender is
        // his opponent's there.
        let whose = match key {
            "character" | "weapon" => side,
            "defender" => side.opponent(),
            _ => return None,
        };
        if crate::engine::deciders::is_none_word(given) {
            return None;
        }
        let planet = board.current_planet?;
        let there: Vec<crate::cards::Card> = board
            .zone(crate::board::Zone::InPlay(planet, whose))
            .iter()
            .filter_map(|id| board.card(*id).cloned())
            .collect();
        match crate::cards::find(&there, given) {
            Ok(found) if !found.is_empty() => None,
            _ => Some(format!(
                "the {} player has no card of that name on {planet}, where the duel was attempted",
                whose.label()
            )),
        }
    }

    fn refusal(event: &DuelEvent) -> Option<&'static str> {
        // The program declining rules it does not apply refuses nothing by rule.
        matches!(event, DuelEvent::DuelRefused { refusal, .. } if refusal.is_by_rule())
            .then_some("duel-refused")
    }

    fn attempt_refused(result: &DuelResult) -> bool {
        result.refusal.is_some()
    }

    fn check(board: &Board, corpus: &Corpus) -> Vec<Violation> {
        check::check(board, corpus)
    }

    fn refuses(finding: &Violation) -> Option<&'static str> {
        (finding.code == check::HITS_OUTSIDE_DUEL)
            .then_some("a fresh duel starts with no hit tokens; `check` cites the rules")
    }

    fn shell(
        board: &mut Board,
        _corpus: &Corpus,
        _action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        Some(shell::under_way(board, args, find))
    }
}

/// How a duel ended, as the odds count it: whose character is defeated, the hits when the
/// exchange ended, the damage and deck victory; a duel the rules refuse has no ending.
fn ending(result: &DuelResult) -> Result<super::odds::Ending, super::odds::OddsRefusal> {
    if let Some(refusal) = &result.refusal {
        return Err(super::odds::OddsRefusal::Refused(
            crate::engine::EventKind::narrate(&events::DuelEvent::DuelRefused {
                initiator: result.initiator,
                refusal: refusal.clone(),
            }),
        ));
    }
    let hits = result.exchange_end.unwrap_or_default();
    Ok(super::odds::Ending {
        defeated: result.defeated,
        light_hits: hits.light_hits,
        dark_hits: hits.dark_hits,
        light_damage: result.damage_light,
        dark_damage: result.damage_dark,
        deck_victory: result.deck_victory,
        goal: None,
    })
}

#[cfg(test)]
mod tests;
