//! The `odds` command over one scenario text: build the board, ask the procedure of its action for the chance of every ending, and hold the answer to the scenario's `expect: odds:`.

use crate::cards::{Catalog, Side};
use crate::engine::deciders::Policy;
use crate::procedures;
use crate::procedures::odds::{
    Chance, Distribution, Estimate, Expected, Flow, Method, OddsAnswer, OddsRefusal, OddsReport,
    OddsRequest, Policies, Progress, Reached,
};
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{
    ChanceBySide, Located, OddsExpectation, OddsMethod, Problem, Problems, ScenarioFile,
};

/// What the command line (or the shell) asks of the odds besides the scenario.
#[derive(Clone, Debug, Default)]
pub struct OddsAsk {
    /// The rules in force, over the scenario's `rules:`.
    pub rules_override: Option<Ruleset>,
    /// The policy of both sides, over the scenario's `policy:`.
    pub policy: Option<Policy>,
    /// The policy of one side, over both.
    pub light: Option<Policy>,
    pub dark: Option<Policy>,
    /// `--exact`, or `--samples N`; the size of the tree decides otherwise.
    pub method: Option<Method>,
    /// `--max-cases N`: the most distinguishable draws an exact answer may sum, over
    /// [`crate::procedures::odds::EXACT_MOST`].
    pub max_cases: Option<u64>,
    /// `--best SIDE`.
    pub best: Option<Side>,
    /// The seed, over the scenario's `seed:`.
    pub seed: Option<u64>,
    /// Build every run's words, as a walk does: the same answer, more slowly (a check that
    /// the runs without words answer alike).
    pub with_words: bool,
}

/// The policy a side plays by when nothing names one.
pub const DEFAULT_POLICY: Policy = Policy::BlockWhenAble;

/// Why no odds were given.
#[derive(Debug)]
pub enum OddsError {
    /// The scenario cannot be read or built.
    Input(Problems),
    /// The rules or the engine give no odds for it.
    Refused(OddsRefusal),
}

/// The odds of a scenario text: see [`odds_file`].
pub fn odds_text(
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    ask: &OddsAsk,
    progress: &mut dyn FnMut(Progress) -> Flow,
) -> Result<OddsReport, OddsError> {
    let file = procedures::parse(text).map_err(OddsError::Input)?;
    odds_file(&file, corpus, catalog, ask, progress)
}

/// The odds of a scenario already read: its position built, its action run by policy over
/// every way its draw decks can fall, and the answer held to its `expect: odds:`.
pub fn odds_file(
    file: &ScenarioFile,
    corpus: &Corpus,
    catalog: &Catalog,
    ask: &OddsAsk,
    progress: &mut dyn FnMut(Progress) -> Flow,
) -> Result<OddsReport, OddsError> {
    let mut file = file.clone();
    if ask.seed.is_some() {
        file.seed = ask.seed;
    }
    let Some((door, action)) =
        crate::walk::door_of(&file).map_err(|problem| OddsError::Input(problem.into()))?
    else {
        let problem = Problem::error(
            "odds-need-an-action",
            "the odds count the endings of an action, and the scenario names none",
            None,
            "",
        )
        .with_help(format!(
            "add an `action:` whose endings the odds count: {}",
            procedures::counted_actions()
                .iter()
                .map(|(_, spec)| format!("`{}`", spec.name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return Err(OddsError::Input(problem.into()));
    };
    for (given, prefix) in [
        (ask.policy, "--policy "),
        (ask.light, "--light "),
        (ask.dark, "--dark "),
    ] {
        if let Some(given) = given
            && let Some(problem) =
                procedures::policy_misfit(procedures::game_of(&file), given, prefix, None)
        {
            return Err(OddsError::Input(problem.into()));
        }
    }
    let built = crate::scenario::build(&file, catalog, ask.rules_override.as_ref());
    if built.problems.has_errors() {
        return Err(OddsError::Input(built.problems));
    }
    let board = built.board;
    let choices = procedures::read_choices(action, &file).map_err(OddsError::Input)?;
    let scenario_policy = file.policy.as_ref().map(|policy| policy.value);
    let ask = OddsAsk {
        policy: ask.policy.or(scenario_policy),
        best: ask.best.or_else(|| best_asked(&file)),
        method: ask.method.or_else(|| method_asked(&file)),
        ..ask.clone()
    };
    let mut report = odds_board(
        &board,
        OnBoard {
            door,
            action,
            choices,
            script: file.decisions.script(),
        },
        corpus,
        &ask,
        progress,
    )?;
    report.unmet = file
        .expect
        .as_ref()
        .and_then(|expect| expect.value.odds.as_ref())
        .map(|expect| unmet(&expect.value, &report.answer))
        .unwrap_or_default();
    report.title = file
        .title
        .as_deref()
        .map(|title| crate::text::visible(title).into_owned());
    Ok(report)
}

/// The action an odds answer runs on a board, and what the board cannot say of itself.
pub struct OnBoard {
    pub door: &'static dyn procedures::Door,
    pub action: &'static procedures::ActionSpec,
    /// The choices of the action's named assumptions.
    pub choices: crate::rules::Choices,
    /// The scenario's `decisions:`: facts for the open choices they state.
    pub script: crate::engine::deciders::Script,
}

/// The odds of an action on a board built already (the shell's): no title, no expectation.
pub fn odds_board(
    board: &crate::board::Board,
    on: OnBoard,
    corpus: &Corpus,
    ask: &OddsAsk,
    progress: &mut dyn FnMut(Progress) -> Flow,
) -> Result<OddsReport, OddsError> {
    let both = ask.policy.unwrap_or(DEFAULT_POLICY);
    let policies = Policies {
        light: ask.light.unwrap_or(both),
        dark: ask.dark.unwrap_or(both),
    };
    let illegal: Vec<&'static str> = procedures::check_board(board, corpus)
        .into_iter()
        .filter(|finding| finding.verdict == crate::legality::Verdict::Illegal)
        .map(|finding| finding.code)
        .collect();
    let answer = on
        .door
        .odds(
            board,
            OddsRequest {
                corpus,
                action: on.action.name,
                choices: on.choices,
                policies,
                method: ask.method.unwrap_or(Method::Auto),
                exact_most: ask.max_cases.unwrap_or(crate::procedures::odds::EXACT_MOST),
                best: ask.best,
                progress,
                words: if ask.with_words {
                    crate::engine::Words::Read
                } else {
                    crate::engine::Words::Unread
                },
                script: on.script,
            },
        )
        .map_err(OddsError::Refused)?;
    Ok(OddsReport {
        title: None,
        action: on.action.name,
        ruleset: board.ruleset.clone(),
        seed: board.seed,
        illegal,
        answer,
        unmet: Vec::new(),
    })
}

/// A chance as an expectation writes it: a fraction, or a percentage to one decimal.
enum Written {
    Fraction(Chance),
    Percent(String),
}

fn read_chance(text: &str) -> Option<Written> {
    let text = text.trim();
    if let Some(percent) = text.strip_suffix('%') {
        let value: f64 = percent.trim().parse().ok()?;
        return (0.0..=100.0)
            .contains(&value)
            .then(|| Written::Percent(format!("{value:.1}%")));
    }
    let (numer, denom) = match text.split_once('/') {
        Some((numer, denom)) => (numer.trim(), denom.trim()),
        None => (text, "1"),
    };
    let numer: num_bigint::BigUint = numer.parse().ok()?;
    let denom: num_bigint::BigUint = denom.parse().ok()?;
    if denom == num_bigint::BigUint::from(0u8) || numer > denom {
        return None;
    }
    Some(Written::Fraction(Chance::new(numer, denom)))
}

/// A chance as the answer writes it for a comparison: a fraction where exact, and a
/// percentage to one decimal.
pub fn percent(estimate: &Estimate) -> String {
    format!("{:.1}%", estimate.value() * 100.0)
}

/// How `what` differs from the expectation `wanted`, if it does.
fn compare(what: &str, wanted: &Located<String>, found: &Estimate) -> Option<String> {
    // A fraction too long to read is left out: the JSON gives it.
    let shown = match found
        .fraction()
        .map(crate::procedures::odds::fraction_text)
        .filter(|fraction| crate::procedures::odds::readable_fraction(fraction))
    {
        Some(fraction) => format!("{fraction} ({})", percent(found)),
        None => percent(found),
    };
    match read_chance(&wanted.value) {
        None => Some(format!(
            "odds: {what}: {} is not a chance: write a fraction (`3/8`) or a percentage (`37.5%`)",
            crate::text::quoted(&wanted.value)
        )),
        Some(Written::Fraction(fraction)) => match found.fraction() {
            None => Some(format!(
                "odds: {what}: the answer is sampled, so it is held to a percentage, not {}",
                crate::text::quoted(&wanted.value)
            )),
            Some(exact) if *exact == fraction => None,
            Some(_) => Some(format!(
                "odds: {what}: the scenario expects {}, but the answer is {shown}",
                wanted.value
            )),
        },
        Some(Written::Percent(written)) => (written != percent(found)).then(|| {
            format!(
                "odds: {what}: the scenario expects {}, but the answer is {shown}",
                wanted.value
            )
        }),
    }
}

fn compare_sides(
    what: &str,
    wanted: &ChanceBySide,
    distribution: &Distribution,
    of: fn(&crate::procedures::odds::Ending) -> Option<Side>,
    unmet: &mut Vec<String>,
) {
    for (word, side, expected) in [
        ("light", Some(Side::Light), &wanted.light),
        ("dark", Some(Side::Dark), &wanted.dark),
        ("none", None, &wanted.none),
    ] {
        if let Some(expected) = expected {
            let found = distribution.chance(|ending| of(ending) == side);
            unmet.extend(compare(&format!("{what}: {word}"), expected, &found));
        }
    }
}

/// How an expected value reads in a comparison: a fraction where exact, else two decimals.
fn expected_text(expected: &Expected) -> String {
    expected
        .fraction()
        .unwrap_or_else(|| format!("{:.2}", expected.value()))
}

/// The differences between an odds answer and `expect: odds:`.
pub fn unmet(expect: &OddsExpectation, answer: &OddsAnswer) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(method) = expect.method {
        let found = match answer.reached {
            Reached::Exact { .. } => OddsMethod::Exact,
            Reached::Sampled { .. } => OddsMethod::Sampled,
        };
        if found != method {
            let word = |method: OddsMethod| match method {
                OddsMethod::Exact => "exact",
                OddsMethod::Sampled => "sampled",
            };
            unmet.push(format!(
                "odds: method: the scenario expects an answer {}, but it is {}",
                word(method),
                word(found)
            ));
        }
    }
    if answer.partial {
        unmet.push("odds: the answer was stopped before its end".to_string());
    }
    if let Some(wanted) = &expect.refused {
        unmet.push(format!(
            "odds: refused: the scenario expects the odds refused as {}, but they are given",
            crate::text::quoted(&wanted.value)
        ));
    }
    let distribution = &answer.distribution;
    if let Some(wanted) = &expect.defeated {
        compare_sides("defeated", wanted, distribution, |e| e.defeated, &mut unmet);
    }
    if let Some(wanted) = &expect.deck_victory {
        compare_sides(
            "deck victory",
            wanted,
            distribution,
            |e| e.deck_victory,
            &mut unmet,
        );
    }
    if let Some(expected) = &expect.goal {
        let found = distribution.chance(|ending| ending.goal.is_some_and(|goal| goal.reached));
        if distribution
            .endings()
            .iter()
            .all(|(ending, _)| ending.goal.is_none())
        {
            unmet.push(
                "odds: goal: the scenario expects a goal's chance, but this action sets out no goal (an evacuation or a lap has one)".to_string(),
            );
        } else {
            unmet.extend(compare("goal", expected, &found));
        }
    }
    if let Some(wanted) = &expect.expected_damage {
        for (side, expected) in [(Side::Light, &wanted.light), (Side::Dark, &wanted.dark)] {
            let Some(expected) = expected else { continue };
            let found =
                expected_text(&distribution.expected(|ending| i64::from(ending.damage(side))));
            if found != expected.value.trim() {
                unmet.push(format!(
                    "odds: expected damage: {}: the scenario expects {}, but the answer is {found}",
                    side.word(),
                    expected.value
                ));
            }
        }
    }
    if let Some(wanted) = &expect.best {
        match &answer.best {
            None => unmet.push(format!(
                "odds: best: the scenario expects the {}'s best option, but none was asked (`--best {}`)",
                wanted.side.label(),
                wanted.side.word()
            )),
            Some(best) if best.side != wanted.side => unmet.push(format!(
                "odds: best: the scenario expects the {}'s best option, but the answer is the {}'s",
                wanted.side.label(),
                best.side.label()
            )),
            Some(best) => {
                let found = best
                    .options
                    .get(best.best)
                    .map(|option| option.label.as_str())
                    .unwrap_or_default();
                if found != wanted.option.value.trim() {
                    unmet.push(format!(
                        "odds: best: the scenario expects {}, but the best option is {}",
                        crate::text::quoted(&wanted.option.value),
                        crate::text::quoted(found)
                    ));
                }
            }
        }
    }
    unmet
}

/// The odds expectation of a scenario, if it states one.
fn odds_expectation(file: &ScenarioFile) -> Option<&OddsExpectation> {
    file.expect
        .as_ref()
        .and_then(|expect| expect.value.odds.as_ref())
        .map(|odds| &odds.value)
}

/// How a scenario's `expect: odds:` asks the odds to be reached: exactly, where it expects
/// an exact answer or refuses a sample (`method: exact`), so that a tree too large is
/// refused with its estimate rather than sampled.
pub fn method_asked(file: &ScenarioFile) -> Option<Method> {
    (odds_expectation(file)?.method? == OddsMethod::Exact).then_some(Method::Exact)
}

/// How a refusal compares with the scenario's `expect: odds: refused:`: `None` where the
/// scenario expects no refusal (the refusal is the answer's failure), else the differences
/// (none where it refused as expected).
pub fn refusal_unmet(text: &str, refusal: &OddsRefusal) -> Option<Vec<String>> {
    let file = procedures::parse(text).ok()?;
    let wanted = odds_expectation(&file)?.refused.as_ref()?;
    let code = refusal.code();
    Some(if wanted.value.trim() == code {
        Vec::new()
    } else {
        vec![format!(
            "odds: refused: the scenario expects the odds refused as {}, but they are refused as {}",
            crate::text::quoted(&wanted.value),
            crate::text::quoted(code)
        )]
    })
}

/// What a scenario's `expect: odds:` asks the odds to answer: the side of `best:`.
pub fn best_asked(file: &ScenarioFile) -> Option<Side> {
    file.expect
        .as_ref()
        .and_then(|expect| expect.value.odds.as_ref())
        .and_then(|odds| odds.value.best.as_ref())
        .map(|best| best.side)
}
