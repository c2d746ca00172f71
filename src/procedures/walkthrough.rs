//! What a walk produced, whatever the procedure: its events and stop as the renderers read
//! them, the findings about the position, the differences from the scenario's expectation,
//! and the outcome in the procedure's own terms.

use crate::engine::deciders::Policy;
use crate::engine::{Step, Stop, Unanswered};
use crate::legality::Violation;
use crate::rules::Ruleset;
use crate::scenario::{GameName, Problems};

/// The code of the finding a scripted answer the rules refuse makes.
pub const ANSWER_NOT_LEGAL: &str = "answer-not-legal";
/// The warning of a scripted `pass` heard as declining a block the rules left no choice at,
/// where the player's next attack could have been a pass: the script may be one play off.
pub const PASS_AT_A_FORCED_BLOCK: &str = "pass-at-a-forced-block";

/// Everything a walk produced.
#[derive(Debug)]
pub struct Walkthrough {
    pub title: Option<String>,
    pub game: GameName,
    pub ruleset: Ruleset,
    pub seed: u64,
    /// Legality findings about the position, reported before the walk.
    pub findings: Vec<Violation>,
    /// The findings about the claims the scenario states for the action (stated plans the
    /// rules do not allow), by the checks `check` runs; none where the rules refused the
    /// action.
    pub action_findings: Vec<Violation>,
    /// Differences from the scenario's expectation.
    pub unmet: Vec<String>,
    /// The cards in the position whose printed text is not modelled: the walk does not apply
    /// it.
    pub text_not_modelled: Vec<String>,
    /// Scripted answers the rules did not ask for, since they left one choice, and which
    /// agree with it.
    pub heard: Vec<crate::engine::deciders::HeardAnswer>,
    /// Where the scenario writes each heard answer, in the order of `heard`; where it writes
    /// the answer the rules refused, if the walk stopped at one.
    pub answer_spans: AnswerSpans,
    pub policy: Option<Policy>,
    /// The warnings of the scenario's input (a declared number the catalog prints
    /// otherwise), which `check` reports; none for a board built elsewhere.
    pub build_warnings: crate::scenario::Problems,
    /// What the procedure came to, in its own terms: its events, its tables before and
    /// after, and its result.
    pub outcome: Box<dyn WalkOutcome>,
}

/// Where the scenario writes the answers a walk heard or refused, to underline them.
#[derive(Clone, Debug, Default)]
pub struct AnswerSpans {
    pub heard: Vec<Option<crate::board::Span>>,
    pub refused: Option<crate::board::Span>,
}

/// What a procedure's walk came to, as the renderers and expectations ask it.
pub trait WalkOutcome: std::fmt::Debug + std::any::Any {
    /// What was walked, for the heading: "Lightsaber duel on Naboo · rules: latest".
    fn heading(&self, ruleset: &Ruleset, seed: u64) -> String;

    /// The title of a walk whose scenario has none.
    fn default_title(&self) -> &'static str;

    /// The verdict, a line each.
    fn verdict_lines(&self) -> Vec<String>;

    /// Whether the walk follows cards one by one, so that "where the cards went" is given.
    fn tracks_cards(&self) -> bool;

    /// Whether the card with this id is known only by its destiny number.
    fn anonymous(&self, card: u32) -> bool;

    /// The procedure's result, as `walk --format json` gives it.
    fn result(&self) -> &dyn erased_serde::Serialize;

    /// How many events the walk made.
    fn step_count(&self) -> usize;

    /// The event at `index` (from 0).
    fn step(&self, index: usize) -> Option<&dyn Step>;

    /// Why the walk stopped before its end, if it did.
    fn stop(&self) -> Option<&Stop>;

    /// The Young Jedi board after the walk, if it walked one.
    fn board_after(&self) -> Option<&crate::board::Board>;

    /// The Young Jedi board before the walk, if it is one: the position the scenario states.
    fn board_before(&self) -> Option<&crate::board::Board>;

    /// The table the walk started from, as the scenario states it.
    fn table_before(&self) -> TableView<'_>;

    /// The findings its refusals make, in the order of its events, as `check` makes them.
    fn refusals(&self) -> Vec<Violation>;

    fn as_any(&self) -> &dyn std::any::Any;
}

impl Walkthrough {
    /// The outcome as the procedure's own type, if it is that type.
    pub fn outcome_as<T: WalkOutcome>(&self) -> Option<&T> {
        self.outcome.as_any().downcast_ref::<T>()
    }

    /// The events, in order.
    pub fn steps(&self) -> impl Iterator<Item = &dyn Step> + '_ {
        (0..self.outcome.step_count()).filter_map(|index| self.outcome.step(index))
    }

    /// How many events the walk made.
    pub fn step_count(&self) -> usize {
        self.outcome.step_count()
    }

    /// Why the walk stopped before its end, if it did.
    pub fn stop(&self) -> Option<&Stop> {
        self.outcome.stop()
    }

    /// The codes of every finding that makes the scenario illegal, as `check` gives them: the
    /// position's, the action's and its stated claims', and those the walk met later.
    pub fn illegal_findings(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = self
            .findings
            .iter()
            .chain(&self.action_findings)
            .map(|finding| finding.code)
            .collect();
        for code in self
            .met_findings()
            .iter()
            .filter(|finding| finding.verdict == crate::legality::Verdict::Illegal)
            .map(|finding| finding.code)
        {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        if let Some(Stop::Missing { fact }) = self.stop()
            && fact.is_illegal()
            && !codes.contains(&fact.code())
        {
            codes.push(fact.code());
        }
        codes
    }

    /// A scripted answer the rules refuse, where the walk stopped at it, as the finding `check`
    /// makes of it.
    pub fn refused_answer(&self) -> Option<Violation> {
        let Some(Stop::Undecided {
            decision,
            why: Unanswered::NotLegal { given, ruled_out },
        }) = self.stop()
        else {
            return None;
        };
        let (cites, assumptions): (Vec<crate::rules::Citation>, &[crate::rules::Assumption]) =
            match ruled_out {
                Some(ruled_out) => (ruled_out.cites.clone(), &ruled_out.assumptions),
                None => (
                    decision
                        .options
                        .iter()
                        .flat_map(|option| option.cites.iter().copied())
                        .collect(),
                    &[],
                ),
            };
        Some(Violation {
            verdict: crate::legality::Verdict::Illegal,
            code: ANSWER_NOT_LEGAL,
            message: format!(
                "the answer {} under `decisions: {}: {}:` is not a legal choice ({}){}",
                crate::text::quoted(given),
                decision.who.word(),
                decision.kind.script_key(),
                decision.prompt,
                ruled_out
                    .as_ref()
                    .map(|ruled_out| format!(": {}", ruled_out.why))
                    .unwrap_or_default()
            ),
            basis: crate::legality::Basis::of(&cites, assumptions),
            remedy: None,
            cards: Vec::new(),
            labels: self
                .answer_spans
                .refused
                .map(|span| (span, "not a legal choice".to_string()))
                .into_iter()
                .collect(),
        })
    }

    /// The findings the walk met as it went: the action's refusals, and a scripted answer the
    /// rules refuse.
    pub fn met_findings(&self) -> Vec<Violation> {
        let mut met = self.outcome.refusals();
        met.extend(self.refused_answer());
        met.extend(self.heard.iter().enumerate().filter_map(|(place, heard)| {
            let caution = heard.caution.as_ref()?;
            let cites: Vec<crate::rules::Citation> = heard
                .only_choice
                .iter()
                .flat_map(|only| only.cites.iter().copied())
                .collect();
            Some(Violation {
                verdict: crate::legality::Verdict::Warning,
                code: PASS_AT_A_FORCED_BLOCK,
                message: format!(
                    "{} was heard as declining a block the rules left no choice at; but {caution}",
                    heard.written()
                ),
                basis: crate::legality::Basis::of(&cites, &[]),
                remedy: None,
                cards: Vec::new(),
                labels: self
                    .answer_spans
                    .heard
                    .get(place)
                    .copied()
                    .flatten()
                    .map(|span| (span, "heard as no block".to_string()))
                    .into_iter()
                    .collect(),
            })
        }));
        met
    }

    /// The action's findings that the walk's steps do not show: a stated claim the walk never
    /// came to, which the walkthrough notes.
    pub fn findings_not_met(&self) -> Vec<&Violation> {
        let met: Vec<&'static str> = self
            .outcome
            .refusals()
            .iter()
            .map(|refusal| refusal.code)
            .chain(match self.stop() {
                Some(Stop::Missing { fact }) if fact.is_illegal() => Some(fact.code()),
                _ => None,
            })
            .collect();
        self.action_findings
            .iter()
            .filter(|finding| !met.contains(&finding.code))
            .collect()
    }

    /// The exit code: 0 done as expected; 1 a decision is missing, a claim of the scenario
    /// is refused, or an expectation is not met; 2 a fact the procedure needs is missing.
    pub fn exit_code(&self) -> i32 {
        match self.stop() {
            Some(Stop::Missing { fact }) if fact.is_illegal() => 1,
            Some(Stop::Missing { .. }) => 2,
            Some(Stop::Undecided { .. }) => 1,
            None if !self.unmet.is_empty() => 1,
            None => 0,
        }
    }
}

/// A table of either game, for the renderers that show the position.
#[derive(Clone, Copy, Debug)]
pub enum TableView<'a> {
    YoungJedi(&'a crate::board::Board),
    Clash(&'a crate::clash::ClashBoard),
}

/// Why a scenario could not be walked at all.
#[derive(Debug)]
pub enum WalkError {
    /// The scenario's input has errors (exit 2); the problems say which.
    Input(Problems),
}

/// Whoever watches a walk's card conservation: told after every event whether every card is
/// in exactly one place. `None` skips the check.
pub type ConservationWatch<'a> = Option<&'a mut dyn FnMut(bool)>;

/// What the walk of a scenario without an `action:` comes to: its position, checked by the
/// checks `check` runs, and nothing walked.
#[derive(Debug)]
pub struct PositionOnly<T> {
    /// The table the scenario states.
    pub table: T,
    /// The codes of the findings that make the position illegal.
    pub illegal: Vec<&'static str>,
}

impl<T: super::contract::Table> WalkOutcome for PositionOnly<T> {
    fn heading(&self, ruleset: &Ruleset, seed: u64) -> String {
        format!("The position, with no action to walk · rules: {ruleset} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "A position"
    }

    fn verdict_lines(&self) -> Vec<String> {
        let position = if self.illegal.is_empty() {
            "The position is legal.".to_string()
        } else {
            format!(
                "The position is illegal ({}; see the {} above).",
                self.illegal.join(", "),
                if self.illegal.len() == 1 {
                    "note"
                } else {
                    "notes"
                }
            )
        };
        vec![
            position,
            "Nothing is walked: the scenario names no action.".to_string(),
        ]
    }

    fn tracks_cards(&self) -> bool {
        false
    }

    fn anonymous(&self, _card: u32) -> bool {
        false
    }

    fn result(&self) -> &dyn erased_serde::Serialize {
        &()
    }

    fn step_count(&self) -> usize {
        0
    }

    fn step(&self, _index: usize) -> Option<&dyn Step> {
        None
    }

    fn stop(&self) -> Option<&Stop> {
        None
    }

    fn board_before(&self) -> Option<&crate::board::Board> {
        self.table.as_board()
    }

    fn board_after(&self) -> Option<&crate::board::Board> {
        self.table.as_board()
    }

    fn table_before(&self) -> TableView<'_> {
        self.table.view()
    }

    fn refusals(&self) -> Vec<Violation> {
        Vec::new()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
