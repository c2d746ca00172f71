//! Effects on a new planet as a procedure a scenario walks with `action: new-location`: each
//! player may get one Effect from his draw deck, the player who put the location down first.

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
use crate::cards::Side;
use crate::rules::{Choices, Corpus, Ruleset};
use engine::NewLocationEngine;
use events::{EffectsEvent, EffectsResult};
use expect::NewLocationExpectation;

/// The Effects of a new location, as the registry knows them.
pub struct NewLocationProcedure;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "new-location",
    summary: "the first location of a planet goes into play: each player may get one Effect from his draw deck, the player who put it down first",
    shell: Some(super::ShellCommand {
        noun: "new location's Effects",
        usage: "new-location [by SIDE] [PLANET] [start-of-game | took-control]",
        what: "with words: who put the first location of a planet down (by default the player whose turn it is), on which planet, and when; alone: each player may get one Effect from his draw deck, show it and reshuffle, that player first, asked at the prompt",
        example: "new-location by dark Naboo",
    }),
    assumptions: ASSUMPTIONS,
    odds: false,
}];

static ASSUMPTIONS: &[AssumptionSpec] = &[AssumptionSpec {
    assumption: engine::NO_EFFECT_NO_RESHUFFLE,
    values: &[(
        "no-reshuffle",
        "a player who gets no Effect keeps his draw deck as it is",
    )],
}];

/// A new location's walk: the board before and after, its events, and the Effects got.
pub type NewLocationWalk = Walked<NewLocationProcedure>;

impl Procedure for NewLocationProcedure {
    type Table = Board;
    type Event = EffectsEvent;
    type Engine = NewLocationEngine;
    type Result = EffectsResult;
    type Expect = NewLocationExpectation;

    const ACTIONS: &'static [ActionSpec] = ACTIONS;
    const DECISIONS: &'static [&'static crate::engine::DecisionKind] = decisions::KINDS;
    const SECTIONS: &'static [&'static dyn crate::scenario::PartFormat] =
        &[&crate::scenario::SectionFormat::<section::NewLocationFile>::NEW];
    const TITLE: &'static str = "New location";

    fn start(
        board: &Board,
        _corpus: &Corpus,
        _action: &str,
        _choices: &Choices,
    ) -> NewLocationEngine {
        NewLocationEngine::new(board)
    }

    fn heading(walked: &NewLocationWalk, ruleset: &Ruleset, seed: u64) -> String {
        let on = walked
            .result
            .planet
            .as_ref()
            .map(|planet| format!(" on {planet}"))
            .unwrap_or_default();
        format!("New location{on} · rules: {ruleset} · seed {seed}")
    }

    fn verdict(walked: &NewLocationWalk) -> Vec<String> {
        let (run, result) = (&walked.run, &walked.result);
        if run.stop.is_some() {
            return vec!["The walk stopped before both players chose.".to_string()];
        }
        if result.first.is_none() {
            return vec!["No Effects: it is not known who goes first.".to_string()];
        }
        [Side::Light, Side::Dark]
            .into_iter()
            .map(|side| {
                format!(
                    "{}: {}.",
                    side.label(),
                    result
                        .effect(side)
                        .map_or("no Effect".to_string(), |card| format!("gets {card}"))
                )
            })
            .collect()
    }

    fn unmet(expect: &NewLocationExpectation, walked: &NewLocationWalk) -> Vec<String> {
        expect::unmet_expectations(expect, &walked.result, &walked.after)
    }

    fn expectation(result: &EffectsResult) -> Option<NewLocationExpectation> {
        let named = |side| {
            Some(
                result
                    .effect(side)
                    .cloned()
                    .unwrap_or_else(|| "none".into()),
            )
        };
        Some(NewLocationExpectation {
            effects: Some(expect::EffectsBySide {
                light: named(Side::Light),
                dark: named(Side::Dark),
            }),
            zones: None,
        })
    }

    fn shell(
        board: &mut Board,
        _corpus: &Corpus,
        _action: &str,
        args: &[&str],
        _find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        Some(shell::state(board, args))
    }
}

#[cfg(test)]
mod tests;
