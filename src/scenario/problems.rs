//! Problems with a scenario's input, collected all at once: every one counted, the first few of each kind kept.

use std::collections::BTreeMap;

use crate::board::Span;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The input cannot be read as meant (exit 2).
    Error,
    /// Unusual but not wrong.
    Warning,
}

/// A problem with the scenario's input: an unknown card, a bad value.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub severity: Severity,
    /// A short code such as `unknown-card`.
    pub code: &'static str,
    pub message: String,
    /// Spans to underline, each with its label.
    pub labels: Vec<(Span, String)>,
    pub help: Option<String>,
}

impl Problem {
    /// An error with one underlined span (when there is one).
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        span: Option<Span>,
        label: &str,
    ) -> Problem {
        Problem {
            severity: Severity::Error,
            code,
            message: message.into(),
            labels: span
                .map(|span| (span, label.to_string()))
                .into_iter()
                .collect(),
            help: None,
        }
    }

    /// A warning with one underlined span (when there is one).
    pub fn warning(
        code: &'static str,
        message: impl Into<String>,
        span: Option<Span>,
        label: &str,
    ) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message, span, label)
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// Problems of one kind that were counted but not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Omitted {
    pub severity: Severity,
    pub count: usize,
}

/// The problems of one file. Every problem is counted; only the first
/// [`Problems::KEPT_PER_KIND`] of each kind (code) are kept, so that a hostile file with
/// 60,000 unknown cards costs no more memory or output than one with twenty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problems {
    kept: Vec<Problem>,
    kept_per_kind: BTreeMap<&'static str, usize>,
    omitted: BTreeMap<&'static str, Omitted>,
}

impl Problems {
    /// How many problems of one kind are kept and shown.
    pub const KEPT_PER_KIND: usize = 20;

    pub fn new() -> Problems {
        Problems::default()
    }

    /// Whether a problem of this kind would be kept; callers skip costly work (such as
    /// suggesting names) for one that would only be counted.
    pub fn keeps(&self, code: &str) -> bool {
        self.kept_per_kind.get(code).copied().unwrap_or(0) < Problems::KEPT_PER_KIND
    }

    /// The kinds of problem that a name makes wherever it is written (a name that finds no
    /// card or planet): the same name again is the same problem, not another.
    pub const ONE_PER_NAME: [&'static str; 4] = [
        "unknown-card",
        "ambiguous-card",
        "card-versions-differ",
        "unknown-planet",
    ];

    /// Counts a problem, keeping it if fewer than [`Problems::KEPT_PER_KIND`] of its kind
    /// are kept. A name that finds nothing, written again, is one problem: its places join
    /// the first's, up to [`Problems::KEPT_PER_KIND`] of them.
    pub fn push(&mut self, problem: Problem) {
        if let Some(first) = self.kept.iter_mut().find(|kept| {
            Problems::ONE_PER_NAME.contains(&problem.code)
                && kept.code == problem.code
                && kept.severity == problem.severity
                && kept.message == problem.message
                && !problem.labels.is_empty()
        }) {
            if first.labels.len() + problem.labels.len() <= Problems::KEPT_PER_KIND {
                first.labels.extend(problem.labels);
            }
            return;
        }
        if self.keeps(problem.code) {
            *self.kept_per_kind.entry(problem.code).or_default() += 1;
            self.kept.push(problem);
        } else {
            self.count_only(problem.code, problem.severity);
        }
    }

    /// Counts a problem of this kind without keeping it.
    pub fn count_only(&mut self, code: &'static str, severity: Severity) {
        let omitted = self
            .omitted
            .entry(code)
            .or_insert(Omitted { severity, count: 0 });
        omitted.count = omitted.count.saturating_add(1);
        omitted.severity = omitted.severity.min(severity);
    }

    /// Adds every problem of another list, counts included.
    pub fn extend(&mut self, other: Problems) {
        for problem in other.kept {
            self.push(problem);
        }
        for (code, omitted) in other.omitted {
            let mine = self.omitted.entry(code).or_insert(Omitted {
                severity: omitted.severity,
                count: 0,
            });
            mine.count = mine.count.saturating_add(omitted.count);
            mine.severity = mine.severity.min(omitted.severity);
        }
    }

    /// The kept problems, in the order found.
    /// Puts the problems in the order of the file: by the first place each underlines, those
    /// with no place last (stable, so problems at one place keep theirs).
    pub fn in_file_order(&mut self) {
        self.kept.sort_by_key(|problem| {
            problem
                .labels
                .iter()
                .map(|(span, _)| span.offset)
                .min()
                .unwrap_or(usize::MAX)
        });
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Problem> {
        self.kept.iter()
    }

    /// The kept problems as a slice.
    pub fn as_slice(&self) -> &[Problem] {
        &self.kept
    }

    /// The kinds with problems counted but not kept, by code.
    pub fn omitted(&self) -> &BTreeMap<&'static str, Omitted> {
        &self.omitted
    }

    /// No problem at all.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.omitted.is_empty()
    }

    /// Whether any problem, kept or only counted, is an error.
    pub fn has_errors(&self) -> bool {
        self.kept
            .iter()
            .any(|problem| problem.severity == Severity::Error)
            || self
                .omitted
                .values()
                .any(|omitted| omitted.severity == Severity::Error)
    }

    /// Whether any problem, kept or only counted, has this code.
    pub fn has_code(&self, code: &str) -> bool {
        self.kept.iter().any(|problem| problem.code == code) || self.omitted.contains_key(code)
    }

    /// How many errors and warnings, every one counted.
    pub fn counts(&self) -> (usize, usize) {
        let mut errors = 0usize;
        let mut warnings = 0usize;
        let mut add = |severity: Severity, count: usize| match severity {
            Severity::Error => errors = errors.saturating_add(count),
            Severity::Warning => warnings = warnings.saturating_add(count),
        };
        for problem in &self.kept {
            add(problem.severity, 1);
        }
        for omitted in self.omitted.values() {
            add(omitted.severity, omitted.count);
        }
        (errors, warnings)
    }
}

impl From<Problem> for Problems {
    fn from(problem: Problem) -> Problems {
        let mut problems = Problems::new();
        problems.push(problem);
        problems
    }
}

impl<'a> IntoIterator for &'a Problems {
    type Item = &'a Problem;
    type IntoIter = std::slice::Iter<'a, Problem>;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.iter()
    }
}
