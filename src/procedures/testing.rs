//! Helpers for the procedures' own unit tests: a position from a few lines of YAML, and a
//! procedure's engine run on it with the position's script, step by step or to its end.

use super::contract::{Procedure, Table};
use crate::engine::deciders::Scripted;
use crate::engine::{Advance, Run};
use crate::rules::{Choices, Corpus};
use crate::scenario::ScenarioFile;

/// A scenario read in the registry's format; a problem in it fails the test.
pub fn scenario(yaml: &str) -> ScenarioFile {
    match super::parse(yaml) {
        Ok(file) => file,
        Err(problems) => panic!("{problems:?}\n{yaml}"),
    }
}

/// The table a scenario describes; a problem in it fails the test.
pub fn table<T: Table>(yaml: &str) -> T {
    match T::build(&scenario(yaml), crate::cards::Catalog::embedded(), None) {
        Ok((table, _)) => table,
        Err(problems) => panic!("{problems:?}\n{yaml}"),
    }
}

/// The choices of named assumptions the scenario makes for `action`.
fn choices<P: Procedure>(file: &ScenarioFile, action: &str) -> Choices {
    P::ACTIONS
        .iter()
        .find(|spec| spec.name == action)
        .and_then(|spec| super::read_choices(spec, file).ok())
        .unwrap_or_default()
}

/// The scenario, its table, and the procedure's engine for `action` on it, with the
/// scenario's choices of named assumptions.
fn start<P: Procedure>(yaml: &str, action: &str) -> (ScenarioFile, P::Table, P::Engine) {
    let file = scenario(yaml);
    let table: P::Table = table(yaml);
    let engine = P::start(
        &table,
        Corpus::embedded(),
        action,
        &choices::<P>(&file, action),
    );
    (file, table, engine)
}

/// The procedure's engine run on the position to its end or a stop, answering from the
/// scenario's `decisions:` (and `policy:`): its events and stop, the table after, and the
/// result.
pub fn run<P: Procedure>(yaml: &str, action: &str) -> (Run<P::Event>, P::Table, P::Result) {
    let (file, mut table, mut engine) = start::<P>(yaml, action);
    let policy = file.policy.as_ref().map(|policy| policy.value);
    let mut decider = Scripted::new(file.decisions.script(), policy);
    let run = crate::engine::run(&mut engine, &mut table, &mut decider, &mut |_, _| {});
    let result = crate::engine::Procedure::result(&engine).clone();
    (run, table, result)
}

/// The engine's steps up to its first decision (or its end): the events, then what stopped
/// them.
pub fn until_decided<P: Procedure>(yaml: &str, action: &str) -> (Vec<P::Event>, Advance<P::Event>) {
    let (_, mut table, mut engine) = start::<P>(yaml, action);
    let mut events = Vec::new();
    loop {
        match crate::engine::advance(&mut engine, &mut table) {
            Advance::Event(event) => events.push(event.kind),
            other => return (events, other),
        }
    }
}

/// The engine's steps, the scenario's script answering, up to the first decision of kind
/// `wanted`: the events before it, and the decision.
pub fn until_asked<P: Procedure>(
    yaml: &str,
    action: &str,
    wanted: &str,
) -> (Vec<P::Event>, crate::engine::Decision) {
    use crate::engine::{Decider, Procedure as _};
    let (file, mut table, mut engine) = start::<P>(yaml, action);
    let mut decider = Scripted::new(file.decisions.script(), None);
    let mut events = Vec::new();
    loop {
        match crate::engine::advance(&mut engine, &mut table) {
            Advance::Event(event) => events.push(event.kind),
            Advance::Decide(decision) | Advance::Offer(decision) => {
                if decision.kind.name == wanted {
                    return (events, decision);
                }
                let choice = if decision.card_count() == 1 {
                    0
                } else {
                    match decider.decide(&decision, table.as_board()) {
                        Ok(choice) => choice,
                        Err(why) => panic!("{why:?} for {}\n{yaml}", decision.prompt),
                    }
                };
                engine.answer(&mut table, &decision, choice);
            }
            other => panic!("no decision {wanted}: {other:?}\n{yaml}"),
        }
    }
}

/// The events' kinds as their JSON names (`hit`, `no-block`), for asserting an order.
pub fn names<E: serde::Serialize>(events: impl IntoIterator<Item = E>) -> Vec<String> {
    events
        .into_iter()
        .map(|event| {
            serde_json::to_value(&event)
                .ok()
                .and_then(|value| value.get("event")?.as_str().map(str::to_string))
                .unwrap_or_default()
        })
        .collect()
}

/// The kinds of a run's events as their JSON names.
pub fn run_names<E: serde::Serialize + Clone>(run: &Run<E>) -> Vec<String> {
    names(run.events.iter().map(|event| event.kind.clone()))
}

/// The work the decisions of a run ask of their procedure: for each decision asked, its
/// options and the repeats it lists (what the procedure made of the cards, card by card),
/// answered from the scenario's `decisions:` and `policy:`; and how many decisions there were.
pub fn decision_work<P: Procedure>(yaml: &str, action: &str) -> (usize, usize) {
    use crate::engine::{Decider, Decision, Unanswered};
    struct Counting {
        inner: Scripted,
        work: usize,
        asked: usize,
    }
    impl Decider for Counting {
        fn decide(
            &mut self,
            decision: &Decision,
            board: Option<&crate::board::Board>,
        ) -> Result<usize, Unanswered> {
            self.work += decision.options.len() + decision.more.listed.len();
            self.asked += 1;
            self.inner.decide(decision, board)
        }
    }
    let (file, mut table, mut engine) = start::<P>(yaml, action);
    let policy = file.policy.as_ref().map(|policy| policy.value);
    let mut decider = Counting {
        inner: Scripted::new(file.decisions.script(), policy),
        work: 0,
        asked: 0,
    };
    let run = crate::engine::run(&mut engine, &mut table, &mut decider, &mut |_, _| {});
    assert!(run.stop.is_none(), "{:?}", run.stop);
    (decider.work, decider.asked)
}

/// Asserts that the work of `work(size)` grows linearly: four times the size asks at most
/// 4.5 times the work, and the larger run asks at least `size` decisions, so that a decision
/// a card is counted.
pub fn assert_linear(size: usize, work: impl Fn(usize) -> (usize, usize)) {
    let (small, _) = work(size);
    let (large, asked) = work(4 * size);
    assert!(asked >= size, "{asked} decisions for {} cards", 4 * size);
    assert!(
        large * 2 <= small * 9,
        "work {small} at {size} cards, {large} at {}: not linear",
        4 * size
    );
}
