//! The FAQ's misplay remedies as a procedure a scenario walks with `action: remedy`: each
//! finding of `check` whose remedy takes cards back into the hand is carried out, and the
//! board after it shown; the events read as one sentence each.

pub mod check;
pub mod decisions;
pub mod engine;
pub mod events;
pub mod expect;
pub mod narrate;
pub mod section;
pub mod shell;

use super::contract::{Procedure, Walked};
use super::{ActionSpec, AssumptionSpec};
use crate::board::Board;
use crate::rules::{Choices, Corpus, Ruleset};
use crate::text::and_list;
use engine::RemedyEngine;
use events::{RemedyEvent, RemedyResult};

/// The remedies, as the registry knows them.
pub struct RemedyProcedure;

static ASSUMPTIONS: &[AssumptionSpec] = &[AssumptionSpec {
    assumption: engine::EVEN_UP_HAND,
    values: &[("six", "Even Up draws up to 6 cards")],
}];

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "remedy",
    summary: "applies the FAQ's remedy of each misplay `check` finds, and shows the board after it",
    shell: Some(super::ShellCommand {
        noun: "remedy",
        usage: "remedy",
        what: "carry out the FAQ's remedy of each misplay `check` finds: a stack on two planets or a card that is not a Battle card in a battle plan back into the hand; hidden cards over six: the planet conceded, the opponent's cards there shuffled back if she wishes, Even Up and the next planet; `undo` takes it back",
        example: "remedy",
    }),
    assumptions: ASSUMPTIONS,
    odds: false,
}];

/// A remedy's walk: the board before and after, its events, and what was remedied.
pub type RemedyWalk = Walked<RemedyProcedure>;

impl Procedure for RemedyProcedure {
    type Table = Board;
    type Event = RemedyEvent;
    type Engine = RemedyEngine;
    type Result = RemedyResult;
    type Expect = expect::RemedyExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const TITLE: &'static str = "Remedies";

    fn start(board: &Board, corpus: &Corpus, _action: &str, _choices: &Choices) -> RemedyEngine {
        RemedyEngine::new(board, corpus)
    }

    fn heading(_walked: &RemedyWalk, ruleset: &Ruleset, seed: u64) -> String {
        format!("Remedies · rules: {ruleset} · seed {seed}")
    }

    fn verdict(walked: &RemedyWalk) -> Vec<String> {
        let run = &walked.run;
        let result = &walked.result;
        if run.stop.is_some() {
            return vec!["The walk stopped before the remedies were applied.".to_string()];
        }
        let mut lines = Vec::new();
        if result.remedied.is_empty() && result.not_remedied.is_empty() {
            lines.push("Nothing to remedy.".to_string());
        }
        if !result.returned.is_empty() {
            lines.push(format!(
                "Taken back into the hand: {}.",
                and_list(&result.returned)
            ));
        }
        if let Some(planet) = &result.conceded {
            lines.push(format!("Conceded: {planet}."));
        }
        if let Some(winner) = result.deck_victory {
            lines.push(format!("Deck victory: the {} player wins.", winner.label()));
        }
        if let Some(planet) = &result.next_planet {
            lines.push(format!(
                "Next planet: {planet}, where the offender takes the first turn."
            ));
        }
        if !result.not_remedied.is_empty() {
            let codes: Vec<String> = result
                .not_remedied
                .iter()
                .map(|code| format!("`{code}`"))
                .collect();
            lines.push(format!("Not carried out: {}.", and_list(&codes)));
        }
        lines
    }

    fn unmet(expect: &Self::Expect, walked: &RemedyWalk) -> Vec<String> {
        expect::unmet_expectations(expect, &walked.result, &walked.after)
    }
}

#[cfg(test)]
mod tests;
