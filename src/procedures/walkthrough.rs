//! What a walk produced, whatever the procedure: its events and stop as the renderers read
//! them, the findings about the position, the differences from the scenario's expectation,
//! and the outcome in the procedure's own terms.

use crate::engine::deciders::Policy;
use crate::engine::{Step, Stop};
use crate::legality::Violation;
use crate::rules::Ruleset;
use crate::scenario::{GameName, Problems};

/// Everything a walk produced.
#[derive(Debug)]
pub struct Walkthrough {
    pub title: Option<String>,
    pub game: GameName,
    pub ruleset: Ruleset,
    pub seed: u64,
    /// Legality findings about the position, reported before the walk.
    pub findings: Vec<Violation>,
    /// Differences from the scenario's expectation.
    pub unmet: Vec<String>,
    /// The cards in the position whose printed text is not modelled: the walk does not apply
    /// it.
    pub text_not_modelled: Vec<String>,
    /// Scripted answers the rules did not ask for, since they left one choice, and which
    /// agree with it.
    pub heard: Vec<crate::engine::deciders::HeardAnswer>,
    pub policy: Option<Policy>,
    /// What the procedure came to, in its own terms: its events, its tables before and
    /// after, and its result.
    pub outcome: Box<dyn WalkOutcome>,
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

/// Why a scenario could not be walked at all.
#[derive(Debug)]
pub enum WalkError {
    /// The scenario's input has errors (exit 2); the problems say which.
    Input(Problems),
}

/// Whoever watches a walk's card conservation: told after every event whether every card is
/// in exactly one place. `None` skips the check.
pub type ConservationWatch<'a> = Option<&'a mut dyn FnMut(bool)>;
