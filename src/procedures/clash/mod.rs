//! Clash of the Lightsabers as procedures a scenario walks with `action: battle`, `round` or
//! `game`.

pub mod check;
pub mod decisions;
pub mod engine;
pub mod events;
pub mod expect;
pub mod narrate;
pub mod section;
pub mod shell;

use super::ActionSpec;
use super::contract::{Procedure, Walked};
use crate::clash::ClashBoard;
use crate::rules::{Choices, Corpus, Ruleset};
use engine::ClashEngine;
use events::{ClashAction, ClashEvent, ClashResult};
use expect::ClashExpectation;

/// Clash of the Lightsabers, as the registry knows it.
pub struct ClashProcedure;

static ACTIONS: &[ActionSpec] = &[
    ActionSpec {
        name: "battle",
        summary: "the battle under way (`clash: battle:`)",
        shell: None,
        assumptions: &[],
        odds: false,
    },
    ActionSpec {
        name: "round",
        summary: "the rest of the round, to its scoring",
        shell: None,
        assumptions: &[],
        odds: false,
    },
    ActionSpec {
        name: "game",
        summary: "the whole game, to the fifth Final Duel card",
        shell: None,
        assumptions: &[],
        odds: false,
    },
];

/// A Clash of the Lightsabers walk: the table before and after, its events and what came of
/// it.
pub type ClashWalk = Walked<ClashProcedure>;

/// How far the action plays.
fn action_of(action: &str) -> ClashAction {
    match action {
        "round" => ClashAction::Round,
        "game" => ClashAction::Game,
        _ => ClashAction::Battle,
    }
}

impl Procedure for ClashProcedure {
    type Table = ClashBoard;
    type Event = ClashEvent;
    type Engine = ClashEngine;
    type Result = ClashResult;
    type Expect = ClashExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const TITLE: &'static str = "Clash of the Lightsabers";

    fn start(
        board: &ClashBoard,
        _corpus: &Corpus,
        action: &str,
        _choices: &Choices,
    ) -> ClashEngine {
        ClashEngine::new(board, action_of(action))
    }

    fn heading(walked: &ClashWalk, _ruleset: &Ruleset, seed: u64) -> String {
        let what = match action_of(walked.action) {
            ClashAction::Battle => "a battle",
            ClashAction::Round => "a round",
            ClashAction::Game => "a game",
        };
        format!("Clash of the Lightsabers, {what} · seed {seed}")
    }

    fn verdict(walked: &ClashWalk) -> Vec<String> {
        if walked.run.stop.is_some() {
            return vec!["The walk stopped before it ended.".to_string()];
        }
        narrate::clash_verdict_lines(walked)
    }

    fn unmet(expect: &ClashExpectation, walked: &ClashWalk) -> Vec<String> {
        expect::unmet_clash_expectations(expect, &walked.result)
    }

    fn refuses(finding: &crate::legality::Violation) -> Option<&'static str> {
        (finding.code == "track-out-of-range").then_some(
            "put each figure on a Final Duel card, 1 to 5 (`track:`): the rounds move figures along those five cards",
        )
    }
}

#[cfg(test)]
mod tests;
