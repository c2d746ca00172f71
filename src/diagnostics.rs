//! Turns input problems and legality findings into miette diagnostics over the scenario file, with the rule quoted.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity as MietteSeverity, SourceCode};

use crate::board::{Board, Span};
use crate::legality::{Basis, Verdict, Violation};
use crate::render::document_label;
use crate::rules::{Corpus, Item, Ruleset, lookup};
use crate::scenario::{Problem, Severity};

/// One diagnostic about a scenario file.
#[derive(Debug)]
pub struct FileDiagnostic {
    pub code: String,
    pub message: String,
    pub severity: MietteSeverity,
    pub source: NamedSource<String>,
    pub labels: Vec<LabeledSpan>,
    pub help: Option<String>,
}

impl fmt::Display for FileDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileDiagnostic {}

impl Diagnostic for FileDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<MietteSeverity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

fn clamp(span: Span, text: &str) -> (usize, usize) {
    let offset = span.offset.min(text.len());
    let len = span.len.min(text.len() - offset);
    (offset, len)
}

fn labels(spans: &[(Span, String)], text: &str) -> Vec<LabeledSpan> {
    spans
        .iter()
        .map(|(span, label)| {
            let (offset, len) = clamp(*span, text);
            LabeledSpan::new(Some(label.clone()), offset, len)
        })
        .collect()
}

/// An input problem as a diagnostic.
pub fn from_problem(problem: &Problem, file: &str, text: &str) -> FileDiagnostic {
    FileDiagnostic {
        code: format!("input::{}", problem.code),
        message: problem.message.clone(),
        severity: match problem.severity {
            Severity::Error => MietteSeverity::Error,
            Severity::Warning => MietteSeverity::Warning,
        },
        source: NamedSource::new(file, text.to_string()),
        labels: labels(&problem.labels, text),
        help: problem.help.clone(),
    }
}

/// The answer of an FAQ ruling, without its question.
fn answer(item: &Item) -> &str {
    match item.text.split_once("(A) ") {
        Some((_, answer)) => answer,
        None => &item.text,
    }
}

/// An item's text on one line: a list's entries separated by semicolons.
fn one_line(item: &Item) -> String {
    let separator = if item.kind == crate::rules::ItemKind::CardList {
        "; "
    } else {
        " "
    };
    item.text.replace('\n', separator)
}

/// The rule text behind a finding, quoted with its id, document and date.
pub fn rule_help(violation: &Violation, corpus: &Corpus, ruleset: &Ruleset) -> String {
    let mut parts = Vec::new();
    for basis in &violation.basis {
        match basis {
            Basis::Rule(citation) => {
                if let Ok(found) = lookup(corpus, ruleset, citation.id()) {
                    let status = if found.in_force {
                        String::new()
                    } else {
                        format!(" [not in force under {ruleset}]")
                    };
                    parts.push(format!(
                        "Rule {} ({}){status}:\n\"{}\"",
                        found.item.id,
                        document_label(corpus, found.item),
                        one_line(found.item)
                    ));
                }
            }
            Basis::Assumption(text) => parts.push(format!("Assumption (not rule text): {text}")),
        }
    }
    let remedy_quoted_above = violation
        .basis
        .iter()
        .any(|basis| matches!(basis, Basis::Rule(citation) if Some(*citation) == violation.remedy));
    if remedy_quoted_above {
        parts.push("Remedy: the ruling's answer above.".to_string());
    } else if let Some(remedy) = violation.remedy
        && let Ok(found) = lookup(corpus, ruleset, remedy.id())
    {
        parts.push(format!(
            "Remedy, {} ({}):\n\"{}\"",
            found.item.id,
            document_label(corpus, found.item),
            answer(found.item).replace('\n', " ")
        ));
    }
    parts.join("\n")
}

/// A legality finding as a diagnostic.
pub fn from_violation(
    violation: &Violation,
    board: &Board,
    corpus: &Corpus,
    file: &str,
    text: &str,
) -> FileDiagnostic {
    FileDiagnostic {
        code: match violation.verdict {
            Verdict::Illegal => format!("illegal::{}", violation.code),
            Verdict::Warning => format!("warning::{}", violation.code),
        },
        message: violation.message.clone(),
        severity: match violation.verdict {
            Verdict::Illegal => MietteSeverity::Error,
            Verdict::Warning => MietteSeverity::Warning,
        },
        source: NamedSource::new(file, text.to_string()),
        labels: labels(&violation.labels, text),
        help: Some(rule_help(violation, corpus, &board.ruleset)),
    }
}

/// 1-based line and column of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(0, |tail| tail.chars().count())
        + 1;
    (line, column)
}
