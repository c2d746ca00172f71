//! The `walk` command over one scenario text: build the board, run its action with the scripted decisions, and compare the outcome with the expectation.

use crate::cards::Catalog;
use crate::engine::deciders::{Policy, Script, Scripted};
use crate::procedures;
use crate::procedures::contract::{Start, WalkRequest};
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{self, GameName, Problem, ScenarioFile, Severity};

pub use crate::procedures::walkthrough::{ConservationWatch, WalkError, WalkOutcome, Walkthrough};

/// The script of a scenario's `decisions:`.
pub fn script_of(file: &ScenarioFile) -> Script {
    file.decisions.script()
}

/// Walks a scenario text. `rules_override` replaces the scenario's `rules:`; `policy`
/// answers what the script leaves open.
pub fn walk_text(
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    walk_text_seeded(text, corpus, catalog, rules_override, policy, None, observe)
}

/// [`walk_text`] with the scenario's seed replaced (`--seed`).
pub fn walk_text_seeded(
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    seed: Option<u64>,
    observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    let mut file = procedures::parse(text).map_err(WalkError::Input)?;
    if seed.is_some() {
        file.seed = seed;
    }
    walk_file(&file, corpus, catalog, rules_override, policy, observe)
}

/// Walks a scenario already read. `policy` comes before the scenario's own `policy:`.
pub fn walk_file(
    file: &ScenarioFile,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    if let Some(given) = policy
        && let Some(problem) =
            procedures::policy_misfit(procedures::game_of(file), given, "--policy ", None)
    {
        return Err(WalkError::Input(problem.into()));
    }
    let policy = policy.or(file.policy.as_ref().map(|policy| policy.value));
    let Some((door, action)) = door_of(file).map_err(|problem| WalkError::Input(problem.into()))?
    else {
        let mut walked = procedures::walk_position(file, corpus, catalog, rules_override, policy)?;
        if let Some(expect) = &file.expect {
            let unmet = unmet_walk_expectations(&expect.value, &walked, corpus);
            walked.unmet.extend(unmet);
        }
        return Ok(walked);
    };
    let choices = procedures::read_choices(action, file).map_err(WalkError::Input)?;
    let mut decider = Scripted::new(script_of(file), policy);
    let mut observe = observe;
    let mut walked = door.walk(WalkRequest {
        corpus,
        catalog,
        action: action.name,
        start: Start::File {
            file,
            rules_override,
        },
        decider: &mut decider,
        policy,
        choices,
        observe: &mut |_, conserved| {
            if let Some(observe) = observe.as_mut() {
                observe(conserved());
            }
        },
    })?;
    if let Some(expect) = &file.expect {
        // The verdict is held to `expect:` however the walk ended; the events and citations
        // only when it ran to its end.
        let unmet = if walked.stop().is_none() {
            unmet_walk_expectations(&expect.value, &walked, corpus)
        } else {
            unmet_verdict(&expect.value, &walked)
        };
        walked.unmet.extend(unmet);
    }
    Ok(walked)
}

/// The kind of an event as a scenario's `expect: events:` writes it, and its side if any.
fn event_kind(event: &dyn crate::engine::Step) -> (String, Option<String>) {
    let value = serde_json::to_value(event.kind()).unwrap_or_default();
    let text = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_string);
    (text("event").unwrap_or_default(), text("side"))
}

/// What any walk's expectation says of its events and citations, against the walk.
fn unmet_walk_expectations(
    expect: &scenario::Expectation,
    walked: &Walkthrough,
    corpus: &Corpus,
) -> Vec<String> {
    let mut unmet = unmet_verdict(expect, walked);
    if let Some(wanted) = &expect.events {
        let kinds: Vec<(String, Option<String>)> = walked.steps().map(event_kind).collect();
        let mut from = 0;
        for entry in wanted {
            let mut words = entry.split_whitespace();
            let kind = words.next().unwrap_or_default();
            let side = words.next();
            let found = kinds.iter().skip(from).position(|(of, by)| {
                of == kind && side.is_none_or(|side| by.as_deref() == Some(side))
            });
            match found {
                Some(at) => from += at + 1,
                None => {
                    unmet.push(format!(
                        "events: {} does not occur{}",
                        crate::text::quoted(entry),
                        if from == 0 {
                            String::new()
                        } else {
                            " after the events before it in the list".to_string()
                        }
                    ));
                    break;
                }
            }
        }
    }
    let ruleset = &walked.ruleset;
    if expect.cited.is_none() && expect.not_cited.is_none() {
        return unmet;
    }
    let cited: std::collections::BTreeSet<&str> = walked
        .steps()
        .flat_map(|event| event.cites().iter())
        .filter_map(|cite| cite.resolve(corpus, ruleset))
        .flat_map(|item| [&*item.id, item.key()])
        .collect();
    // A rule the corpus does not have is a mistake in the scenario, not something to pass or
    // fail quietly (under `not_cited` it would always pass).
    for id in expect.cited.iter().chain(&expect.not_cited).flatten() {
        if !crate::rules::is_known(corpus, id) {
            unmet.push(format!(
                "cited: the corpus has no rule {}",
                crate::text::quoted(id)
            ));
        }
    }
    for id in expect.cited.iter().flatten() {
        if !cited.contains(id.as_str()) {
            unmet.push(format!(
                "cited: the walk does not cite {}",
                crate::text::quoted(id)
            ));
        }
    }
    for id in expect.not_cited.iter().flatten() {
        if cited.contains(id.as_str()) {
            unmet.push(format!(
                "not cited: the walk cites {}",
                crate::text::quoted(id)
            ));
        }
    }
    unmet
}

/// What the expectation says of the verdict (`legal`, `findings`), against the walk's, which
/// is `check`'s.
fn unmet_verdict(expect: &scenario::Expectation, walked: &Walkthrough) -> Vec<String> {
    expect.verdict_unmet(&walked.illegal_findings())
}

/// The procedure of the scenario's `action:` and the action's name; `None` without an
/// action, a problem for an action its game has no procedure for.
pub fn door_of(
    file: &ScenarioFile,
) -> Result<
    Option<(
        &'static dyn procedures::Door,
        &'static procedures::ActionSpec,
    )>,
    Problem,
> {
    let Some(action) = &file.action else {
        return Ok(None);
    };
    let game = procedures::game_of(file);
    match procedures::find(game, &action.value.0) {
        Some((door, spec)) => Ok(Some((door, spec))),
        None => Err(unknown_action(game, action)),
    }
}

/// An `action:` the scenario's game has no procedure for: another game's, or a misspelling.
fn unknown_action(game: GameName, action: &scenario::Located<scenario::ActionName>) -> Problem {
    let written = action.value.0.as_str();
    let other_game = procedures::actions()
        .find(|(of, spec)| *of != game && spec.name == written)
        .map(|(of, _)| of);
    let labels = action
        .span
        .map(|span| (span, "here".to_string()))
        .into_iter()
        .collect();
    match other_game {
        Some(other) => Problem {
            severity: Severity::Error,
            code: "action-of-another-game",
            message: format!(
                "`{written}` is a {} action, and this is a {} scenario",
                procedures::game_title(other),
                procedures::game_title(game)
            ),
            labels,
            help: Some(format!(
                "add `game: {}`, or use {} for {}",
                procedures::game_key(other),
                procedures::action_names(game),
                procedures::game_title(game)
            )),
        },
        None => {
            let names: Vec<&str> = procedures::actions()
                .filter(|(of, _)| *of == game)
                .map(|(_, spec)| spec.name)
                .collect();
            let near = crate::cards::matching::suggest_among(written, &names);
            Problem {
                severity: Severity::Error,
                code: "unknown-action",
                message: format!(
                    "no {} procedure is called `{}`",
                    procedures::game_title(game),
                    crate::text::quoted(written)
                ),
                labels,
                help: Some(match near {
                    Some(near) => format!(
                        "did you mean `{near}`? {}",
                        crate::text::capitalised(&procedures::actions_sentence(game))
                    ),
                    None => procedures::actions_sentence(game),
                }),
            }
        }
    }
}
