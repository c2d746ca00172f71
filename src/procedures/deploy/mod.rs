//! Deploying a card as a procedure a scenario walks with `action: deploy`: the card from the
//! hand, and what its "when he deploys" text then deploys from the draw deck.

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
use crate::engine::counters::COUNTERS_PER_TURN;
use crate::legality::Violation;
use crate::rules::{Choices, Corpus, Ruleset};
use crate::scenario::SectionFile;
use engine::DeployEngine;
use events::{DeployEvent, DeployResult};
use expect::DeployExpectation;

/// Deploying a card, as the registry knows it.
pub struct DeployProcedure;

static ASSUMPTIONS: &[AssumptionSpec] = &[
    AssumptionSpec {
        assumption: crate::legality::CURRENT_PLANET_STACK_LATER,
        values: &[(
            "current-planet-later",
            "`check` takes the stack on the current planet as the later one",
        )],
    },
    COUNTERS_PER_TURN,
    crate::engine::effects::EFFECT_REACH,
    AssumptionSpec {
        assumption: engine::HIDDEN_SETS_OFF_NO_EFFECT,
        values: &[(
            "no-effect",
            "a card deployed hidden sets off no Effect or character text that acts on a deploy",
        )],
    },
    AssumptionSpec {
        assumption: engine::FETCHED_FACE_UP,
        values: &[
            ("face-up", "a card deployed from the draw deck is face up"),
            (
                engine::FETCH_HIDDEN,
                "a card deployed from the draw deck is face down",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::INTO_HAND,
        values: &[
            (
                "no-penalty",
                "text that takes a card into the hand costs nothing when it takes none",
            ),
            (
                engine::ONE_DAMAGE,
                "taking none costs 1 DAMAGE after the reshuffle, as deploying none does",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::OPTIONAL_DRAW,
        values: &[
            (
                "draws",
                "a player draws the cards his card's text lets him draw as a card deploys",
            ),
            (engine::DECLINES, "he declines them"),
        ],
    },
    AssumptionSpec {
        assumption: engine::TEXT_OFF_NO_PENALTY,
        values: &[(
            "no-penalty",
            "a card deployed hidden takes no penalty for deploying nothing from the draw deck",
        )],
    },
];

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "deploy",
    summary: "the player whose turn it is deploys a card from his hand; its \"when he deploys\" text may deploy a card from his draw deck",
    shell: Some(super::ShellCommand {
        noun: "deploy",
        usage: "deploy [CARD [to PLANET] [hidden] | off]",
        what: "with a card: the player whose turn it is will deploy it from his hand (to the current planet unless named, face down with `hidden`); alone: walks the deploy, asking which card its text deploys from the draw deck",
        example: "deploy captain panaka security commander",
    }),
    assumptions: ASSUMPTIONS,
    odds: false,
}];

/// A deploy's walk: the board before and after, its events, and what came of it.
pub type DeployWalk = Walked<DeployProcedure>;

impl Procedure for DeployProcedure {
    type Table = Board;
    type Event = DeployEvent;
    type Engine = DeployEngine;
    type Result = DeployResult;
    type Expect = DeployExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const SECTIONS: &'static [&'static dyn crate::scenario::PartFormat] =
        &[&crate::scenario::SectionFormat::<section::DeployFile>::NEW];
    const TITLE: &'static str = "Deploy";

    fn start(board: &Board, corpus: &Corpus, _action: &str, choices: &Choices) -> DeployEngine {
        DeployEngine::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
    }

    fn heading(walked: &DeployWalk, ruleset: &Ruleset, seed: u64) -> String {
        let to = walked
            .result
            .planet
            .as_ref()
            .map(|planet| format!(" to {planet}"))
            .unwrap_or_default();
        format!("Deploy{to} · rules: {ruleset} · seed {seed}")
    }

    fn verdict(walked: &DeployWalk) -> Vec<String> {
        narrate::verdict_lines(&walked.result, &walked.run)
    }

    fn unmet(expect: &DeployExpectation, walked: &DeployWalk) -> Vec<String> {
        expect::unmet_deploy_expectations(expect, &walked.result, &walked.after)
    }

    fn expectation(result: &DeployResult) -> Option<DeployExpectation> {
        Some(DeployExpectation {
            refused: Some(result.refusal.is_some()),
            fetched: result
                .searched()
                .then(|| result.fetched.clone().unwrap_or_else(|| "none".to_string())),
            counters_left: result
                .counters_left
                .map(|left| crate::ranged::Counters::saturating(i64::from(left))),
            damage: Some(crate::ranged::DamageTotal::saturating(i64::from(
                result.damage,
            ))),
            deck_victory: Some(crate::scenario::SideOrNone::of(result.deck_victory)),
            zones: None,
        })
    }

    fn attempt_refused(result: &DeployResult) -> bool {
        result.refusal.is_some()
    }

    fn check(board: &Board, _corpus: &Corpus) -> Vec<Violation> {
        check::weapons_without_user(board)
    }

    fn refusal(event: &DeployEvent) -> Option<&'static str> {
        matches!(event, DeployEvent::Refused { .. }).then_some("deploy-refused")
    }

    fn refusal_place(board: &Board) -> (Vec<CardId>, Vec<(Span, String)>) {
        (
            section::DeployFile::stated(board)
                .iter()
                .map(|setup| setup.card)
                .collect(),
            section::DeployFile::stated(board)
                .and_then(|setup| setup.span.0)
                .map(|span| (span, "the card deployed".to_string()))
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
