//! The `check` command over one scenario text: parse, build, check legality, and report every finding at once.

use std::collections::BTreeMap;

use crate::render::output::{
    CheckedFile, FindingOutput, LabelOutput, OmittedOutput, ProblemOutput, SeverityOutput,
    VerdictOutput,
};

use crate::board::Board;
use crate::cards::Catalog;
use crate::diagnostics::{
    FileDiagnostic, SourceFile, from_omitted, from_problems, from_violation, rule_help,
};
use crate::legality::{self, Basis, Verdict, Violation};
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{self, Expectation, Located, Problem, Problems, Severity};

/// The verdict on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileVerdict {
    Legal,
    Illegal,
    Unreadable,
}

impl FileVerdict {
    /// The exit code of `check`: 0 legal, 1 illegal, 2 unreadable.
    pub fn exit_code(self) -> i32 {
        match self {
            FileVerdict::Legal => 0,
            FileVerdict::Illegal => 1,
            FileVerdict::Unreadable => 2,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            FileVerdict::Legal => "legal",
            FileVerdict::Illegal => "illegal",
            FileVerdict::Unreadable => "unreadable",
        }
    }
}

/// Everything `check` found in one file.
#[derive(Debug)]
pub struct FileReport {
    pub file: String,
    pub verdict: FileVerdict,
    pub problems: Problems,
    /// The legality findings, the first [`Problems::KEPT_PER_KIND`] of each kind.
    pub violations: Vec<Violation>,
    /// Findings counted but not kept, by code: their verdict and how many.
    pub omitted_findings: BTreeMap<&'static str, (Verdict, usize)>,
    pub board: Option<Board>,
    pub text: String,
}

impl FileReport {
    /// The report for a file that could not be read at all.
    pub fn unreadable(file: &str, message: String) -> FileReport {
        FileReport {
            file: file.to_string(),
            verdict: FileVerdict::Unreadable,
            problems: Problem::error("unreadable", message, None, "").into(),
            violations: Vec::new(),
            omitted_findings: BTreeMap::new(),
            board: None,
            text: String::new(),
        }
    }

    /// How many findings of each kind.
    /// How many errors and warnings, every one counted (shown or not).
    pub fn counts(&self) -> (usize, usize) {
        let (mut errors, mut warnings) = self.problems.counts();
        let findings = self
            .violations
            .iter()
            .map(|violation| (violation.verdict, 1))
            .chain(self.omitted_findings.values().copied());
        for (verdict, count) in findings {
            match verdict {
                Verdict::Illegal => errors = errors.saturating_add(count),
                Verdict::Warning => warnings = warnings.saturating_add(count),
            }
        }
        (errors, warnings)
    }

    /// Every finding as a diagnostic, input problems first.
    pub fn diagnostics(&self, corpus: &Corpus) -> Vec<FileDiagnostic> {
        let source = SourceFile::new(&self.file, &self.text);
        let mut out = from_problems(&self.problems, self.problems.omitted(), &source);
        if let Some(board) = &self.board {
            out.extend(
                self.violations
                    .iter()
                    .map(|violation| from_violation(violation, board, corpus, &source)),
            );
            for (code, (verdict, count)) in &self.omitted_findings {
                let (prefix, severity) = match verdict {
                    Verdict::Illegal => ("illegal", miette::Severity::Error),
                    Verdict::Warning => ("warning", miette::Severity::Warning),
                };
                out.push(from_omitted(
                    prefix,
                    code,
                    severity,
                    *count,
                    Problems::KEPT_PER_KIND,
                    &source,
                ));
            }
        }
        out
    }

    /// The report as its JSON output. Like the text, it lists the first findings of each
    /// kind and at most [`crate::diagnostics::MAX_LABELS`] places of each.
    pub fn output(&self, corpus: &Corpus) -> CheckedFile {
        let lines = crate::diagnostics::LineIndex::new(&self.text);
        let labels = |spans: &[(crate::board::Span, String)]| -> Vec<LabelOutput> {
            spans
                .iter()
                .take(crate::diagnostics::MAX_LABELS)
                .map(|(span, label)| {
                    let (line, column) = lines.line_column(&self.text, span.offset);
                    LabelOutput {
                        line,
                        column,
                        offset: span.offset,
                        length: span.len,
                        label: label.clone(),
                    }
                })
                .collect()
        };
        let severity = |severity: Severity| match severity {
            Severity::Error => SeverityOutput::Error,
            Severity::Warning => SeverityOutput::Warning,
        };
        let of_verdict = |verdict: Verdict| match verdict {
            Verdict::Illegal => SeverityOutput::Error,
            Verdict::Warning => SeverityOutput::Warning,
        };
        let ruleset = self
            .board
            .as_ref()
            .map(|board| board.ruleset.clone())
            .unwrap_or_default();
        let (errors, warnings) = self.counts();
        let mut omitted: Vec<OmittedOutput> = self
            .problems
            .omitted()
            .iter()
            .map(|(code, omitted)| OmittedOutput {
                code: (*code).to_string(),
                severity: severity(omitted.severity),
                count: omitted.count,
            })
            .collect();
        omitted.extend(
            self.omitted_findings
                .iter()
                .map(|(code, (verdict, count))| OmittedOutput {
                    code: (*code).to_string(),
                    severity: of_verdict(*verdict),
                    count: *count,
                }),
        );
        CheckedFile {
            file: self.file.clone(),
            verdict: match self.verdict {
                FileVerdict::Legal => VerdictOutput::Legal,
                FileVerdict::Illegal => VerdictOutput::Illegal,
                FileVerdict::Unreadable => VerdictOutput::Unreadable,
            },
            ruleset: ruleset.to_string(),
            errors,
            warnings,
            input_problems: self
                .problems
                .iter()
                .map(|problem| ProblemOutput {
                    severity: severity(problem.severity),
                    code: problem.code.to_string(),
                    message: problem.message.clone(),
                    help: problem.help.clone(),
                    labels: labels(&problem.labels),
                })
                .collect(),
            findings: self
                .violations
                .iter()
                .map(|violation| FindingOutput {
                    severity: of_verdict(violation.verdict),
                    code: violation.code.to_string(),
                    message: violation.message.clone(),
                    rules: violation
                        .basis
                        .iter()
                        .filter_map(|basis| match basis {
                            Basis::Rule(citation) => citation
                                .resolve(corpus, &ruleset)
                                .map(|item| item.id.to_string()),
                            Basis::Assumption(_) => None,
                        })
                        .collect(),
                    assumptions: violation
                        .basis
                        .iter()
                        .filter_map(|basis| match basis {
                            Basis::Assumption(text) => Some(text.clone()),
                            Basis::Rule(_) => None,
                        })
                        .collect(),
                    remedy: violation
                        .remedy
                        .as_ref()
                        .and_then(|remedy| remedy.ruling.resolve(corpus, &ruleset))
                        .map(|item| item.id.to_string()),
                    explanation: rule_help(violation, corpus, &ruleset),
                    labels: labels(&violation.labels),
                })
                .collect(),
            omitted,
        }
    }
}

/// The first [`Problems::KEPT_PER_KIND`] findings of each kind, and how many of each kind
/// were left out.
#[allow(clippy::type_complexity)]
fn keep_first_of_each_kind(
    violations: Vec<Violation>,
) -> (Vec<Violation>, BTreeMap<&'static str, (Verdict, usize)>) {
    let mut kept_per_kind: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut omitted: BTreeMap<&'static str, (Verdict, usize)> = BTreeMap::new();
    let mut kept = Vec::new();
    for violation in violations {
        let kept_so_far = kept_per_kind.entry(violation.code).or_default();
        if *kept_so_far < Problems::KEPT_PER_KIND {
            *kept_so_far += 1;
            kept.push(violation);
        } else {
            let entry = omitted
                .entry(violation.code)
                .or_insert((violation.verdict, 0));
            entry.1 = entry.1.saturating_add(1);
        }
    }
    (kept, omitted)
}

/// The differences between what the author expects and what the check found: its verdict
/// and findings, and every warning it gives (the input's and the findings'), in the order of
/// the file.
fn unmet_expectations(
    expect: &Located<Expectation>,
    input_warnings: &[(Option<usize>, &'static str)],
    violations: &[Violation],
) -> Vec<Problem> {
    let illegal: Vec<&str> = violations
        .iter()
        .filter(|v| v.verdict == Verdict::Illegal)
        .map(|v| v.code)
        .collect();
    let mut unmet: Vec<Problem> = expect
        .value
        .verdict_unmet(&illegal)
        .into_iter()
        .map(|message| expectation_problem(expect, message))
        .collect();
    let mut report = |message: String| unmet.push(expectation_problem(expect, message));
    let mut warnings: Vec<(Option<usize>, &str)> = input_warnings.to_vec();
    warnings.extend(
        violations
            .iter()
            .filter(|v| v.verdict == Verdict::Warning)
            .map(|v| (v.labels.first().map(|(span, _)| span.offset), v.code)),
    );
    warnings.sort_by_key(|(offset, _)| offset.unwrap_or(usize::MAX));
    let warnings: Vec<&str> = warnings.into_iter().map(|(_, code)| code).collect();
    if let Some(wanted) = &expect.value.warnings
        && wanted.iter().map(String::as_str).collect::<Vec<_>>() != warnings
    {
        report(format!(
            "the scenario expects the warnings [{}], but the check found [{}]",
            wanted.join(", "),
            warnings.join(", ")
        ));
    }
    unmet
}

/// Checks a Clash of the Lightsabers table against the rulebook.
fn check_clash(
    file: &str,
    text: &str,
    parsed: &scenario::ScenarioFile,
    rules_override: Option<&Ruleset>,
    of_the_walk: Option<Vec<Violation>>,
) -> FileReport {
    let built = scenario::build_clash(parsed, rules_override);
    let unreadable = built.problems.has_errors();
    let span = parsed.clash.as_ref().and_then(|clash| clash.span);
    let violations: Vec<Violation> = if unreadable {
        Vec::new()
    } else {
        crate::clash::check(&built.board)
            .into_iter()
            .map(crate::clash::ClashFinding::into_violation)
            .chain(of_the_walk.unwrap_or_default())
            .map(|mut violation| {
                if violation.labels.is_empty() {
                    violation.labels = span
                        .map(|span| (span, "the table".to_string()))
                        .into_iter()
                        .collect();
                }
                violation
            })
            .collect()
    };
    let board = Board::new(built.board.ruleset.clone(), built.board.seed);
    report(file, text, parsed, built.problems, violations, board)
}

/// The report of a position read and checked: the expectations compared, the verdict given,
/// and the findings trimmed to the first of each kind.
fn report(
    file: &str,
    text: &str,
    parsed: &scenario::ScenarioFile,
    mut problems: Problems,
    violations: Vec<Violation>,
    board: Board,
) -> FileReport {
    let unreadable = problems.has_errors();
    if !unreadable && let Some(expect) = &parsed.expect {
        let input_warnings: Vec<(Option<usize>, &'static str)> = problems
            .iter()
            .filter(|problem| problem.severity == Severity::Warning)
            .map(|problem| {
                (
                    problem.labels.first().map(|(span, _)| span.offset),
                    problem.code,
                )
            })
            .collect();
        for problem in unmet_expectations(expect, &input_warnings, &violations) {
            problems.push(problem);
        }
    }
    let unmet = problems.has_code("expectation-not-met");
    let verdict = if unreadable {
        FileVerdict::Unreadable
    } else if unmet || violations.iter().any(|v| v.verdict == Verdict::Illegal) {
        FileVerdict::Illegal
    } else {
        FileVerdict::Legal
    };
    let (violations, omitted_findings) = keep_first_of_each_kind(violations);
    FileReport {
        file: file.to_string(),
        verdict,
        problems,
        violations,
        omitted_findings,
        board: Some(board),
        text: text.to_string(),
    }
}

/// What the walk of the scenario's action says against its `expect:` of the outcome, as
/// problems: an action no procedure answers, each difference, or a walk that stops early.
fn unmet_outcome(
    parsed: &scenario::ScenarioFile,
    walked: Option<&Result<crate::walk::Walkthrough, crate::walk::WalkError>>,
) -> Vec<Problem> {
    let door = match crate::walk::door_of(parsed) {
        Ok(door) => door,
        Err(problem) => return vec![problem],
    };
    if let Some((_, action)) = door
        && let Err(problems) = crate::procedures::read_choices(action, parsed)
    {
        return problems.iter().cloned().collect();
    }
    let Some(expect) = parsed.expect.as_ref().filter(|e| e.value.expects_outcome()) else {
        return Vec::new();
    };
    if door.is_none() {
        return vec![expectation_problem(
            expect,
            "the scenario expects an outcome but has no `action:` to walk".to_string(),
        )];
    }
    let Some(walked) = walked else {
        return Vec::new();
    };
    match walked {
        Ok(walked) => {
            let mut problems: Vec<Problem> = walked
                .unmet
                .iter()
                .map(|unmet| {
                    expectation_problem(
                        expect,
                        format!("the walk does not end as expected: {unmet}"),
                    )
                })
                .collect();
            // A claim the rules refuse ends the walk as a refusal, compared above.
            if let Some(stop) = walked
                .stop()
                .filter(|stop| !matches!(stop, crate::engine::Stop::Missing { fact } if fact.is_illegal()))
            {
                problems.push(expectation_problem(
                    expect,
                    format!(
                        "the walk stops before its end ({}), so its outcome cannot be compared with `expect:`; `walk` shows where",
                        crate::render::walk::stop_summary(stop)
                    ),
                ));
            }
            problems
        }
        // The position read (check built it already): what refuses the walk is a finding,
        // reported above; the outcome cannot be compared.
        Err(crate::walk::WalkError::Input(problems)) => problems
            .iter()
            .map(|problem| {
                expectation_problem(
                    expect,
                    format!(
                        "the walk is refused ({}: {}), so its outcome cannot be compared with `expect:`",
                        problem.code, problem.message
                    ),
                )
            })
            .collect(),
    }
}

fn expectation_problem(expect: &Located<Expectation>, message: String) -> Problem {
    Problem {
        severity: Severity::Error,
        code: "expectation-not-met",
        message,
        labels: expect
            .span
            .map(|span| (span, "expected here".to_string()))
            .into_iter()
            .collect(),
        help: None,
    }
}

/// Checks one scenario text.
pub fn check_text(
    file: &str,
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
) -> FileReport {
    let parsed = match crate::procedures::parse(text) {
        Ok(parsed) => parsed,
        Err(problems) => {
            return FileReport {
                file: file.to_string(),
                verdict: FileVerdict::Unreadable,
                problems,
                violations: Vec::new(),
                omitted_findings: BTreeMap::new(),
                board: None,
                text: text.to_string(),
            };
        }
    };
    // The scenario's action is walked once, by the walk `walk` makes: what it meets after a
    // decision is a finding here too, and its outcome is compared with `expect:`.
    let walked = match crate::walk::door_of(&parsed) {
        Ok(Some(_)) => Some(crate::walk::walk_file(
            &parsed,
            corpus,
            catalog,
            rules_override,
            None,
            None,
        )),
        _ => None,
    };
    // What the walk found of the action: the claims it states and what the walk met.
    let of_the_walk = walked
        .as_ref()
        .and_then(|walked| walked.as_ref().ok())
        .map(|walked| {
            let mut found = walked.action_findings.clone();
            found.extend(walked.met_findings());
            found
        });
    let mut report = if crate::procedures::game_of(&parsed) == scenario::GameName::Clash {
        check_clash(file, text, &parsed, rules_override, of_the_walk)
    } else {
        // The walk built the position already: its board before the walk, and the warnings
        // of its input, are the position `check` judges. Built again only where there was
        // no walk, or it could not build it.
        let built = walked
            .as_ref()
            .and_then(|walked| walked.as_ref().ok())
            .and_then(|walked| {
                walked.outcome.board_before().map(|board| scenario::Built {
                    board: board.clone(),
                    problems: walked.build_warnings.clone(),
                })
            })
            .unwrap_or_else(|| scenario::build(&parsed, catalog, rules_override));
        let violations = if built.problems.has_errors() {
            Vec::new()
        } else {
            let mut found = crate::procedures::check_board(&built.board, corpus);
            if let Ok(Some((door, spec))) = crate::walk::door_of(&parsed) {
                // A finding about the action that underlines nothing underlines the action.
                let action = parsed.action.as_ref().and_then(|action| action.span);
                let choices = crate::procedures::read_choices(spec, &parsed).unwrap_or_default();
                let at_the_action = |mut finding: Violation| {
                    if finding.labels.is_empty()
                        && let Some(span) = action
                    {
                        finding.labels.push((span, "the action".to_string()));
                    }
                    finding
                };
                let of_the_action = match of_the_walk {
                    Some(found) => found,
                    None => door.check_action(&built.board, corpus, spec.name, &choices),
                };
                found.extend(of_the_action.into_iter().map(at_the_action));
                legality::in_file_order(&mut found);
            }
            found
        };
        report(file, text, &parsed, built.problems, violations, built.board)
    };
    if report.verdict != FileVerdict::Unreadable {
        for problem in unmet_outcome(&parsed, walked.as_ref()) {
            let error = problem.severity == Severity::Error;
            let unreadable = problem.code != "expectation-not-met";
            report.problems.push(problem);
            if unreadable && error {
                report.verdict = FileVerdict::Unreadable;
            } else if error {
                report.verdict = report.verdict.max(FileVerdict::Illegal);
            }
        }
    }
    report
}
