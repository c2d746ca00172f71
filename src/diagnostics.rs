//! Turns input problems and legality findings into miette diagnostics over the scenario file, with the rule quoted.
//!
//! A diagnostic never holds the file. It holds an [`Excerpt`]: the few lines around what it
//! underlines, each long line cut to a window around the underlined text. So a diagnostic
//! costs the same on a 1 MiB one-line file as on a tidy one, prints a bounded amount, and
//! never hands miette a column it cannot draw.

use std::fmt;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, Severity as MietteSeverity,
    SourceCode, SourceSpan, SpanContents,
};

use crate::board::{Board, Span};
use crate::legality::{Basis, Verdict, Violation};
use crate::render::{document_label, thousands};
use crate::rules::{Corpus, Item, Ruleset, lookup};
use crate::scenario::{Omitted, Problem, Severity};

/// A line of at most this many bytes is shown whole.
const WHOLE_LINE: usize = 160;
/// The bytes of a longer line shown: a window around what is underlined.
const LINE_WINDOW: usize = 72;
/// How many bytes before the underlined text a window of a long line starts.
const LEAD: usize = 24;
/// Gaps of at most this many lines between shown lines are filled, so that nearby spans
/// share one snippet.
const FILLED_GAP: usize = 3;
/// The most lines of one underlined span shown.
const SPAN_LINES: usize = 5;
/// The most underlined spans one diagnostic shows.
pub const MAX_LABELS: usize = 8;
/// The most characters of a message, label or help shown.
pub const MAX_TEXT: usize = 2_000;

/// Where each line of a file begins, found once per file; every offset is then placed by
/// binary search.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, byte)| *byte == b'\n')
                .map(|(index, _)| index + 1),
        );
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The 0-based line holding a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        self.starts
            .partition_point(|start| *start <= offset)
            .saturating_sub(1)
    }

    /// The byte range of a 0-based line, without its line break.
    pub fn line_range(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(self.len);
        let mut end = self
            .starts
            .get(line + 1)
            .map_or(self.len, |next| next.saturating_sub(1));
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        (start, end.max(start))
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = text
            .get(start..offset)
            .map_or(0, |before| before.chars().count());
        (line + 1, column + 1)
    }
}

/// A scenario file, named and indexed once, from which every diagnostic takes its excerpt.
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub lines: LineIndex,
}

impl<'a> SourceFile<'a> {
    pub fn new(name: &'a str, text: &'a str) -> SourceFile<'a> {
        SourceFile {
            name,
            text,
            lines: LineIndex::new(text),
        }
    }
}

fn floor_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn ceil_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while offset < text.len() && !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
}

pub use crate::text::clip;

/// A line shown for context: its start, cut if long.
fn context_window(file: &SourceFile<'_>, line: usize) -> (usize, usize, usize, bool) {
    let (line_start, line_end) = file.lines.line_range(file.text, line);
    let end = if line_end - line_start <= WHOLE_LINE {
        line_end
    } else {
        floor_boundary(file.text, line_start + LINE_WINDOW)
    };
    (line, line_start, end, false)
}

/// One piece of one line of the file, as shown.
#[derive(Clone, Debug)]
struct Segment {
    line: usize,
    /// Byte range in the file.
    start: usize,
    end: usize,
    /// Where the piece starts in the excerpt's text (after any leading ellipsis).
    shown_at: usize,
    /// The character column, 0-based, of `start` in its line.
    column: usize,
}

/// A run of consecutive lines shown together.
#[derive(Clone, Debug)]
struct Chunk {
    /// Byte range in the excerpt's text.
    start: usize,
    end: usize,
    first_line: usize,
    lines: usize,
}

/// The part of a file one diagnostic shows: windows of the lines it underlines, with a line
/// of context before and after, and its labels moved onto that text.
#[derive(Clone, Debug)]
pub struct Excerpt {
    name: String,
    text: String,
    segments: Vec<Segment>,
    chunks: Vec<Chunk>,
}

const ELLIPSIS: &str = "…";

/// A file's text as an excerpt shows it: each control character (but tab, carriage return and
/// line break) a `?` for each of its bytes, so that the file cannot drive the terminal and every
/// span still points at the same bytes.
fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let hidden = |ch: char| crate::text::is_hidden_control(ch) && ch != '\t' && ch != '\r';
    if !text.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if hidden(ch) {
            out.extend(std::iter::repeat_n('?', ch.len_utf8()));
        } else {
            out.push(ch);
        }
    }
    std::borrow::Cow::Owned(out)
}

impl Excerpt {
    /// The excerpt of `file` around `spans`, and each span's place in it.
    fn new(file: &SourceFile<'_>, spans: &[Span]) -> (Excerpt, Vec<(usize, usize)>) {
        let text = file.text;
        let lines = &file.lines;
        // Each span clamped to the file and to its first SPAN_LINES lines.
        let clamped: Vec<(usize, usize)> = spans
            .iter()
            .map(|span| {
                let start = floor_boundary(text, span.offset);
                let end = ceil_boundary(text, span.offset.saturating_add(span.len)).max(start);
                let first = lines.line_of(start);
                let last_allowed = first + SPAN_LINES - 1;
                let end = if lines.line_of(end.saturating_sub(1).max(start)) > last_allowed {
                    lines.line_range(text, last_allowed).1
                } else {
                    end
                };
                (start, end.max(start))
            })
            .collect();
        // The windows each line needs: (line, start, end), underlined lines first.
        let mut wanted: Vec<(usize, usize, usize, bool)> = Vec::new();
        for &(start, end) in &clamped {
            let first = lines.line_of(start);
            let last = lines.line_of(if end > start { end - 1 } else { start });
            for line in first..=last {
                let (line_start, line_end) = lines.line_range(text, line);
                if line_end - line_start <= WHOLE_LINE {
                    wanted.push((line, line_start, line_end, true));
                } else {
                    let from = start.max(line_start);
                    let window_start =
                        floor_boundary(text, from.saturating_sub(LEAD).max(line_start));
                    let window_end = floor_boundary(text, window_start.saturating_add(LINE_WINDOW))
                        .clamp(window_start, line_end);
                    wanted.push((line, window_start, window_end, true));
                }
            }
            for line in [first.checked_sub(1), Some(last + 1)].into_iter().flatten() {
                if line < lines.line_count() {
                    wanted.push(context_window(file, line));
                }
            }
        }
        // Underlined windows win over context; windows of one line that overlap merge.
        wanted.sort_by_key(|&(line, start, end, underlined)| (line, !underlined, start, end));
        let mut windows: Vec<(usize, usize, usize)> = Vec::new();
        let mut underlined_lines: Vec<usize> = Vec::new();
        for (line, start, end, underlined) in wanted {
            if underlined {
                underlined_lines.push(line);
            } else if underlined_lines.contains(&line) {
                continue;
            }
            match windows.last_mut() {
                Some(last) if last.0 == line && start <= last.2 => last.2 = last.2.max(end),
                _ => windows.push((line, start, end)),
            }
        }
        windows.sort_by_key(|&(line, start, _)| (line, start));
        windows.dedup();
        let mut filled: Vec<(usize, usize, usize)> = Vec::with_capacity(windows.len());
        for window in windows {
            if let Some(&(previous, _, _)) = filled.last()
                && window.0 > previous + 1
                && window.0 - previous - 1 <= FILLED_GAP
            {
                for line in previous + 1..window.0 {
                    let (line, start, end, _) = context_window(file, line);
                    filled.push((line, start, end));
                }
            }
            filled.push(window);
        }
        let windows = filled;
        // The excerpt's text: consecutive lines in one chunk, cut lines marked.
        let mut shown = String::new();
        let mut segments: Vec<Segment> = Vec::new();
        let mut chunks: Vec<Chunk> = Vec::new();
        for (line, start, end) in windows {
            let (line_start, line_end) = lines.line_range(text, line);
            let continues = matches!(
                (segments.last(), chunks.last()),
                (Some(previous), Some(_)) if previous.line + 1 == line
            );
            if !continues {
                if !shown.is_empty() {
                    shown.push('\n');
                }
                chunks.push(Chunk {
                    start: shown.len(),
                    end: shown.len(),
                    first_line: line,
                    lines: 0,
                });
            } else {
                shown.push('\n');
            }
            if start > line_start {
                shown.push_str(ELLIPSIS);
            }
            let column = text
                .get(line_start..start)
                .map_or(0, |before| before.chars().count());
            segments.push(Segment {
                line,
                start,
                end,
                shown_at: shown.len(),
                column,
            });
            shown.push_str(&printable(text.get(start..end).unwrap_or_default()));
            if end < line_end {
                shown.push_str(ELLIPSIS);
            }
            if let Some(chunk) = chunks.last_mut() {
                chunk.end = shown.len();
                chunk.lines += 1;
            }
        }
        let excerpt = Excerpt {
            name: file.name.to_string(),
            text: shown,
            segments,
            chunks,
        };
        let placed = clamped
            .iter()
            .map(|&(start, end)| {
                let from = excerpt.place(lines.line_of(start), start);
                let to = excerpt
                    .place(
                        lines.line_of(if end > start { end - 1 } else { start }),
                        end,
                    )
                    .max(from);
                (from, to - from)
            })
            .collect();
        (excerpt, placed)
    }

    /// Where a byte offset of the file, on the given line, falls in the excerpt (the nearest
    /// shown place when the window cut it off).
    fn place(&self, line: usize, offset: usize) -> usize {
        let on_line = self.segments.iter().filter(|segment| segment.line == line);
        let mut nearest = None;
        for segment in on_line {
            if offset >= segment.start && offset <= segment.end {
                return segment.shown_at + (offset - segment.start);
            }
            nearest = Some(if offset < segment.start {
                segment.shown_at
            } else {
                segment.shown_at + (segment.end - segment.start)
            });
            if offset < segment.start {
                break;
            }
        }
        nearest.unwrap_or(0)
    }

    /// The line and character column in the file of a place in the excerpt.
    fn file_position(&self, at: usize) -> (usize, usize) {
        let segment = self
            .segments
            .iter()
            .rev()
            .find(|segment| segment.shown_at <= at)
            .or_else(|| self.segments.first());
        match segment {
            Some(segment) => {
                let within = at.saturating_sub(segment.shown_at);
                let within = within.min(segment.end - segment.start);
                let columns = self
                    .text
                    .get(segment.shown_at..segment.shown_at + within)
                    .map_or(within, |shown| shown.chars().count());
                (segment.line, segment.column + columns)
            }
            None => (0, 0),
        }
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start.saturating_add(span.len());
        let chunk = self
            .chunks
            .iter()
            .find(|chunk| chunk.start <= start && end <= chunk.end)
            .ok_or(MietteError::OutOfBounds)?;
        let data = self
            .text
            .get(chunk.start..chunk.end)
            .ok_or(MietteError::OutOfBounds)?;
        let (line, column) = if context_lines_before == 0 && context_lines_after == 0 {
            self.file_position(start)
        } else {
            (chunk.first_line, 0)
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            data.as_bytes(),
            SourceSpan::new(chunk.start.into(), chunk.end - chunk.start),
            line,
            column,
            chunk.lines,
        )))
    }
}

/// One diagnostic about a scenario file.
#[derive(Debug)]
pub struct FileDiagnostic {
    pub code: String,
    pub message: String,
    pub severity: MietteSeverity,
    pub source: Option<Excerpt>,
    pub labels: Vec<LabeledSpan>,
    pub help: Option<String>,
}

impl FileDiagnostic {
    /// A diagnostic underlining `spans` in `file`; at most [`MAX_LABELS`] spans are shown,
    /// and every text is cut to [`MAX_TEXT`] characters.
    pub fn new(
        code: String,
        message: &str,
        severity: MietteSeverity,
        file: &SourceFile<'_>,
        spans: &[(Span, String)],
        help: Option<String>,
    ) -> FileDiagnostic {
        let mut help = help.map(|help| clip(&help, MAX_TEXT));
        let shown = spans.len().min(MAX_LABELS);
        if spans.len() > shown {
            let more = format!(
                "{} more places are not underlined; {} in all.",
                thousands(spans.len() - shown),
                thousands(spans.len())
            );
            help = Some(match help {
                Some(help) => format!("{help}\n{more}"),
                None => more,
            });
        }
        let spans = spans.get(..shown).unwrap_or_default();
        let (source, labels) = if spans.is_empty() {
            (None, Vec::new())
        } else {
            let only: Vec<Span> = spans.iter().map(|(span, _)| *span).collect();
            let (excerpt, placed) = Excerpt::new(file, &only);
            let labels = spans
                .iter()
                .zip(placed)
                .map(|((_, label), (offset, len))| {
                    LabeledSpan::new(Some(clip(label, 200)), offset, len)
                })
                .collect();
            (Some(excerpt), labels)
        };
        FileDiagnostic {
            code,
            message: clip(message, MAX_TEXT),
            severity,
            source,
            labels,
            help,
        }
    }
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
        self.source.as_ref().map(|source| source as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

fn miette_severity(severity: Severity) -> MietteSeverity {
    match severity {
        Severity::Error => MietteSeverity::Error,
        Severity::Warning => MietteSeverity::Warning,
    }
}

/// An input problem as a diagnostic.
pub fn from_problem(problem: &Problem, file: &SourceFile<'_>) -> FileDiagnostic {
    FileDiagnostic::new(
        format!("input::{}", problem.code),
        &problem.message,
        miette_severity(problem.severity),
        file,
        &problem.labels,
        problem.help.clone(),
    )
}

/// The problems of one kind that were counted but not shown, as one diagnostic.
pub fn from_omitted(
    prefix: &str,
    code: &str,
    severity: MietteSeverity,
    count: usize,
    shown: usize,
    file: &SourceFile<'_>,
) -> FileDiagnostic {
    FileDiagnostic::new(
        format!("{prefix}::{code}"),
        &format!(
            "… and {} more {code} {} not shown ({} in all)",
            thousands(count),
            if count == 1 { "finding" } else { "findings" },
            thousands(count.saturating_add(shown))
        ),
        severity,
        file,
        &[],
        Some(format!(
            "only the first {shown} findings of one kind are shown; fix those and check again"
        )),
    )
}

/// The diagnostics of a file's input problems: the kept ones, then one for each kind with
/// more than were kept.
pub fn from_problems<'p>(
    problems: impl IntoIterator<Item = &'p Problem>,
    omitted: &std::collections::BTreeMap<&'static str, Omitted>,
    file: &SourceFile<'_>,
) -> Vec<FileDiagnostic> {
    let mut out: Vec<FileDiagnostic> = problems
        .into_iter()
        .map(|problem| from_problem(problem, file))
        .collect();
    for (code, omitted) in omitted {
        let shown = out
            .iter()
            .filter(|diagnostic| diagnostic.code == format!("input::{code}"))
            .count();
        out.push(from_omitted(
            "input",
            code,
            miette_severity(omitted.severity),
            omitted.count,
            shown,
            file,
        ));
    }
    out
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
                        format!(
                            " [{}]",
                            crate::render::rules::standing(corpus, ruleset, found.item)
                        )
                    };
                    // A paraphrase is our words with where to check them, never quoted.
                    match crate::render::paraphrase_source(found.item) {
                        Some(source) => parts.push(format!(
                            "Rule {} ({}){status}:\n{} {}\n{source}",
                            found.item.id,
                            document_label(corpus, found.item),
                            crate::render::PARAPHRASE,
                            one_line(found.item)
                        )),
                        None => parts.push(format!(
                            "Rule {} ({}){status}:\n\"{}\"",
                            found.item.id,
                            document_label(corpus, found.item),
                            one_line(found.item)
                        )),
                    }
                }
            }
            Basis::Assumption(text) => parts.push(format!("Assumption (not rule text): {text}")),
        }
    }
    let ruling = violation.remedy.as_ref().map(|remedy| remedy.ruling);
    let remedy_quoted_above = violation
        .basis
        .iter()
        .any(|basis| matches!(basis, Basis::Rule(citation) if Some(*citation) == ruling));
    if remedy_quoted_above {
        parts.push("Remedy: the ruling's answer above.".to_string());
    } else if let Some(remedy) = ruling
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
    file: &SourceFile<'_>,
) -> FileDiagnostic {
    FileDiagnostic::new(
        match violation.verdict {
            Verdict::Illegal => format!("illegal::{}", violation.code),
            Verdict::Warning => format!("warning::{}", violation.code),
        },
        &violation.message,
        match violation.verdict {
            Verdict::Illegal => MietteSeverity::Error,
            Verdict::Warning => MietteSeverity::Warning,
        },
        file,
        &violation.labels,
        Some(rule_help(violation, corpus, &board.ruleset)),
    )
}

/// Renders a diagnostic as text, in colour or not.
pub fn render_diagnostic(
    diagnostic: &dyn miette::Diagnostic,
    palette: crate::render::Palette,
) -> String {
    let theme = if palette.enabled {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    // Lines break at spaces only, as everywhere else: never inside a name (`Qui-Gon`), and
    // a word longer than the line stays whole.
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(palette.width)
        .with_word_separator(textwrap::WordSeparator::AsciiSpace)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation)
        .with_break_words(false);
    if handler.render_report(&mut out, diagnostic).is_err() {
        out = diagnostic.to_string();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn excerpt_of(text: &str, spans: &[Span]) -> (Excerpt, Vec<(usize, usize)>) {
        let file = SourceFile::new("f.yaml", text);
        Excerpt::new(&file, spans)
    }

    #[test]
    fn a_short_file_is_shown_whole_around_its_span() {
        let text = "a: 1\nb: 2\nc: 3\nd: 4\n";
        let (excerpt, placed) = excerpt_of(text, &[Span { offset: 8, len: 1 }]);
        assert_eq!(excerpt.text, "a: 1\nb: 2\nc: 3");
        assert_eq!(placed, vec![(8, 1)]);
        assert_eq!(excerpt.file_position(8), (1, 3));
    }

    #[test]
    fn a_long_line_is_cut_to_a_window_around_the_span() {
        let line = format!("x: [{}, banana]", "1, ".repeat(40_000));
        let offset = line.find("banana").expect("banana");
        let (excerpt, placed) = excerpt_of(&line, &[Span { offset, len: 6 }]);
        assert!(excerpt.text.len() < LINE_WINDOW + 10, "{}", excerpt.text);
        let (at, len) = placed[0];
        assert_eq!(excerpt.text.get(at..at + len), Some("banana"));
        assert_eq!(excerpt.file_position(at), (0, offset));
    }

    #[test]
    fn two_spans_far_apart_on_one_line_get_a_window_each() {
        let line = format!("a{}b", " ".repeat(10_000));
        let (excerpt, placed) = excerpt_of(
            &line,
            &[
                Span { offset: 0, len: 1 },
                Span {
                    offset: 10_001,
                    len: 1,
                },
            ],
        );
        assert_eq!(excerpt.chunks.len(), 2);
        assert_eq!(excerpt.text.get(placed[0].0..placed[0].0 + 1), Some("a"));
        assert_eq!(excerpt.text.get(placed[1].0..placed[1].0 + 1), Some("b"));
    }

    #[test]
    fn a_span_over_many_lines_is_cut_to_its_first_lines() {
        let text = "k:\n".repeat(1_000);
        let (excerpt, placed) = excerpt_of(
            &text,
            &[Span {
                offset: 0,
                len: text.len(),
            }],
        );
        assert!(excerpt.text.lines().count() <= SPAN_LINES + 1);
        assert!(placed[0].1 <= excerpt.text.len());
    }

    #[test]
    fn spans_past_the_end_or_inside_a_character_are_clamped() {
        let text = "name: \"Padmé\"\n";
        let inside = text.find('é').expect("é") + 1;
        let (excerpt, placed) = excerpt_of(
            text,
            &[
                Span {
                    offset: inside,
                    len: 1,
                },
                Span {
                    offset: 10_000,
                    len: 5,
                },
            ],
        );
        for (at, len) in placed {
            assert!(excerpt.text.get(at..at + len).is_some());
        }
    }

    #[test]
    fn line_column_counts_characters() {
        let text = "é: 1\nab: é\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_column(text, text.rfind('é').expect("é")), (2, 5));
        assert_eq!(index.line_column(text, 0), (1, 1));
        assert_eq!(index.line_column(text, text.len()), (3, 1));
    }
}
