//! The Boonta Eve Podrace as a procedure a scenario walks with `action: podrace`: one Deploy
//! step of the player whose turn it is at his Objective, and what `check` says of a Podrace
//! position.

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
use crate::legality::Violation;
use crate::rules::{Choices, Corpus, Ruleset};
use crate::scenario::SectionFile;
use engine::PodraceEngine;
use events::{PodraceEvent, PodraceResult};
use expect::PodraceExpectation;

/// The Podrace Deploy step, as the registry knows it.
pub struct PodraceProcedure;

static ASSUMPTIONS: &[AssumptionSpec] = &[
    crate::engine::counters::COUNTERS_PER_TURN,
    AssumptionSpec {
        assumption: engine::OBJECTIVE_FETCH,
        values: &[
            (
                "penalty",
                "deploying nothing from the draw deck after the search costs 1 DAMAGE, as for game text",
            ),
            (
                engine::NO_PENALTY,
                "the Objective's search costs no DAMAGE when nothing is deployed",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::MATCH_FROM_HAND,
        values: &[(
            "no-search",
            "a match deployed from the hand next is not searched for",
        )],
    },
    AssumptionSpec {
        assumption: engine::HANDLING_LIMIT_AS_PLAYED,
        values: &[("as-played", "no fourth handling card is played in a lap")],
    },
    AssumptionSpec {
        assumption: engine::REFUEL_AFTER_TOKEN,
        values: &[
            (
                "token",
                "placing the Thrust token is thrusting: he may refuel even after no lap card",
            ),
            (
                engine::NEEDS_LAP_CARD,
                "he may refuel only after playing a lap card in the step",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::LAPS_END_AT_REFUEL,
        values: &[
            (
                "refuel-ends",
                "Refuel ends the step's lap cards, even with Thrust left",
            ),
            (
                engine::PLAY_ON,
                "after Refuel, lap cards may be played again up to the Thrust, the cards drawn among them",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::THRUST_AT_THE_CAP,
        values: &[(
            "thrusts",
            "a pilot at the cap thrusts without a token: his Thrust stays 4, and he may refuel",
        )],
    },
];

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "podrace",
    summary: "one Deploy step of the player whose turn it is at his Boonta Eve Classic Objective: deploying his Podracer pilot and Podracer, the Thrust token, lap cards with handling, finished laps and Refuel",
    shell: Some(super::ShellCommand {
        noun: "Podrace Deploy step",
        usage: "podrace [deploy CARD [/ CARD] | thrusted | refueled | off]",
        what: "with words: the cards the player whose turn it is deploys from his hand to his Objective, or that he has already thrust or refuelled in this Deploy step; alone: walks the step, asking whether he thrusts, each lap card (and whether as a handling card) and how many cards he refuels",
        example: "podrace deploy sebulba dug podracer pilot / sebulba's podracer",
    }),
    assumptions: ASSUMPTIONS,
    odds: true,
}];

/// A Podrace step's walk: the board before and after, its events, and what came of it.
pub type PodraceWalk = Walked<PodraceProcedure>;

impl Procedure for PodraceProcedure {
    type Table = Board;
    type Event = PodraceEvent;
    type Engine = PodraceEngine;
    type Result = PodraceResult;
    type Expect = PodraceExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const SECTIONS: &'static [&'static dyn crate::scenario::PartFormat] =
        &[&crate::scenario::SectionFormat::<section::PodraceFile>::NEW];
    const TITLE: &'static str = "Podrace Deploy step";

    fn start(board: &Board, corpus: &Corpus, _action: &str, choices: &Choices) -> PodraceEngine {
        PodraceEngine::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
    }

    fn heading(walked: &PodraceWalk, ruleset: &Ruleset, seed: u64) -> String {
        let whose = walked
            .result
            .side
            .map(|side| format!(" of the {} player", side.label()))
            .unwrap_or_default();
        format!("Podrace Deploy step{whose} · rules: {ruleset} · seed {seed}")
    }

    fn verdict(walked: &PodraceWalk) -> Vec<String> {
        narrate::verdict_lines(&walked.result, &walked.run, &walked.after)
    }

    fn unmet(expect: &PodraceExpectation, walked: &PodraceWalk) -> Vec<String> {
        expect::unmet_podrace_expectations(expect, &walked.result, &walked.after)
    }

    const ENDING: Option<super::odds::EndingOf<PodraceResult>> = Some(ending);

    fn expectation(result: &PodraceResult) -> Option<PodraceExpectation> {
        let destinies = |numbers: &[i32]| {
            numbers
                .iter()
                .map(|number| crate::ranged::Destiny::saturating(i64::from(*number)))
                .collect()
        };
        Some(PodraceExpectation {
            refused: Some(expect::refused(result)),
            laps: Some(crate::ranged::Laps::saturating(i64::from(result.laps))),
            thrust: Some(crate::ranged::Thrust::saturating(i64::from(result.thrust))),
            pile: Some(destinies(&result.pile)),
            lap_cards: Some(destinies(&result.lap_cards)),
            refuel_drawn: Some(crate::ranged::CardsDrawn::saturating(i64::from(
                result.refuel_drawn.unwrap_or(0),
            ))),
            game_won: Some(crate::scenario::SideOrNone::of(result.game_won)),
            damage: Some(crate::ranged::DamageTotal::saturating(i64::from(
                result.damage,
            ))),
            deck_victory: Some(crate::scenario::SideOrNone::of(result.deck_victory)),
            zones: None,
        })
    }

    fn attempt_refused(result: &PodraceResult) -> bool {
        result.refusal.is_some()
    }

    fn check(board: &Board, corpus: &Corpus) -> Vec<Violation> {
        check::podrace_findings(board, corpus)
    }

    fn refusal(event: &PodraceEvent) -> Option<&'static str> {
        match event {
            PodraceEvent::Refused { .. } => Some("podrace-refused"),
            PodraceEvent::DeployRefused { .. } => Some("podrace-deploy-refused"),
            _ => None,
        }
    }

    fn refusal_place(board: &Board) -> (Vec<CardId>, Vec<(Span, String)>) {
        (
            Vec::new(),
            section::PodraceFile::stated(board)
                .and_then(|setup| setup.span.0)
                .map(|span| (span, "the Podrace step".to_string()))
                .into_iter()
                .collect(),
        )
    }

    fn shell(
        board: &mut Board,
        _corpus: &Corpus,
        _action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        Some(shell::state(board, args, find))
    }
}

#[cfg(test)]
mod tests;

/// How a Podrace Deploy step ended, as the odds count it: whether its player finished a lap,
/// the penalty DAMAGE, and any deck victory (his opponent's, by the penalty; his own, by the
/// third lap).
fn ending(result: &PodraceResult) -> Result<super::odds::Ending, super::odds::OddsRefusal> {
    if let Some(refusal) = &result.refusal {
        return Err(super::odds::OddsRefusal::Refused(
            crate::engine::EventKind::narrate(&PodraceEvent::Refused {
                side: result.side,
                refusal: refusal.clone(),
            }),
        ));
    }
    // A step that ran has its player: the turn is a fact the walk stops without.
    let Some(side) = result.side else {
        return Err(super::odds::OddsRefusal::Stops(
            "the step has no player whose turn it is".to_string(),
        ));
    };
    let damage = i32::try_from(result.damage).unwrap_or(i32::MAX);
    let (light_damage, dark_damage) = match side {
        crate::cards::Side::Light => (damage, 0),
        crate::cards::Side::Dark => (0, damage),
    };
    Ok(super::odds::Ending {
        defeated: None,
        light_hits: 0,
        dark_hits: 0,
        light_damage,
        dark_damage,
        deck_victory: result.deck_victory,
        goal: Some(super::odds::Goal {
            side,
            kind: &LAP_GOAL,
            reached: result.laps_finished > 0,
        }),
    })
}

/// What a racing side sets out to do in a Deploy step, as the odds count it: a lap token.
static LAP_GOAL: super::odds::GoalKind = super::odds::GoalKind {
    name: "lap",
    reached: "the {side} finishes a lap",
};
