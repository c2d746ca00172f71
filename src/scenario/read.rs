//! Reads scenario YAML into the file types: limits against hostile input, every bad value reported at once, and messages in a judge's words.
//!
//! serde stops at the first value it cannot read. To report every bad value of a file at
//! once, the reader blanks the bad value (`~`, the YAML null, padded with spaces so that
//! every later offset stays where it was) and reads again, a bounded number of times. An
//! unknown key alone on its line is blanked with its value. Errors that a blanked value
//! could have caused (a field now missing) are not reported.

use serde_saphyr::budget::BudgetBreach;
use serde_saphyr::{Error, Location};

use super::file::ScenarioFile;
use super::problems::{Problem, Problems};
use super::sections::Format;
use crate::board::Span;

/// The largest scenario file read: far beyond any real position.
pub const MAX_SCENARIO_BYTES: usize = 1024 * 1024;
/// The most values (scalars, lists and maps) a scenario may hold.
pub const MAX_VALUES: usize = 100_000;
/// The most anchors (`&name`) and aliases (`*name`) a scenario may use.
pub const MAX_ALIASES: usize = 200;
/// The most aliases per anchor, once there are [`RATIO_FROM`] aliases.
pub const ALIASES_PER_ANCHOR: usize = 10;
/// The number of aliases from which [`ALIASES_PER_ANCHOR`] applies.
pub const RATIO_FROM: usize = 100;
/// The deepest nesting of lists and maps.
pub const MAX_DEPTH: usize = 32;
/// The most bytes read again in all while looking for further bad values.
const REREAD_BYTES: usize = 4 * MAX_SCENARIO_BYTES;
/// The most times a file is read in all.
const MAX_READS: usize = 20;

/// What the reading of a file under way knows: the format (the procedures' sections and parts
/// of `expect:`), how it reads them, and the keys of those it has met, to read again by their
/// own types.
struct Reading {
    format: &'static Format,
    /// Each part is read where it stands, in the one reading of the file; otherwise passed
    /// over, and read again by its own type from the whole text.
    in_one_reading: bool,
    /// A part read in the one reading had a bad value.
    part_failed: bool,
    sections: Vec<&'static str>,
    expectations: Vec<&'static str>,
}

thread_local! {
    static READING: std::cell::RefCell<Option<Reading>> = const { std::cell::RefCell::new(None) };
}

/// The format of the file being read on this thread: the procedures' sections are read
/// through it; outside a reading, the bare format.
pub(super) fn format_being_read() -> &'static Format {
    READING.with(|reading| {
        reading
            .borrow()
            .as_ref()
            .map_or_else(Format::bare, |reading| reading.format)
    })
}

/// Whether the procedures' parts are read where they stand, in the one reading of the file.
pub(super) fn in_one_reading() -> bool {
    READING.with(|reading| {
        reading
            .borrow()
            .as_ref()
            .is_some_and(|reading| reading.in_one_reading)
    })
}

/// A part read where it stood had a bad value: the file is read again, each part by its own
/// type from the whole text, so that the problem is said with its place.
pub(super) fn part_failed() {
    READING.with(|reading| {
        if let Some(reading) = reading.borrow_mut().as_mut() {
            reading.part_failed = true;
        }
    });
}

/// A procedure's section met in the first reading.
pub(super) fn section_seen(key: &'static str) {
    READING.with(|reading| {
        if let Some(reading) = reading.borrow_mut().as_mut() {
            reading.sections.push(key);
        }
    });
}

/// A procedure's part of `expect:` met in the first reading.
pub(super) fn expectation_seen(key: &'static str) {
    READING.with(|reading| {
        if let Some(reading) = reading.borrow_mut().as_mut() {
            reading.expectations.push(key);
        }
    });
}

/// Parses scenario YAML, refusing oversized input and alias bombs quickly, and reporting
/// every bad value at once. `format` says which sections and parts of `expect:` the
/// procedures add; each is read by its procedure's own type, with its spans.
pub fn parse(text: &str, format: &'static Format) -> Result<ScenarioFile, Problems> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(Problem::error(
            "too-large",
            format!(
                "the file is {} bytes; a scenario may be at most {} bytes",
                crate::text::thousands(text.len()),
                crate::text::thousands(MAX_SCENARIO_BYTES)
            ),
            None,
            "",
        )
        .into());
    }
    let reads = (REREAD_BYTES / text.len().max(1)).clamp(1, MAX_READS);
    let mut problems = Problems::new();
    let mut patched: Option<String> = None;
    let mut blanked: Vec<(usize, usize)> = Vec::new();
    for read in 0..reads {
        let current = patched.as_deref().unwrap_or(text);
        let error = match read_once(current, format) {
            Ok(mut file) if problems.is_empty() => {
                file.source = super::file::SourceText(Some(std::sync::Arc::from(text)));
                return Ok(file);
            }
            Ok(_) => {
                problems.in_file_order();
                return Err(problems);
            }
            Err(error) => error,
        };
        let error = error.without_snippet();
        let found = describe(error, current);
        // A later read may stumble on a value it blanked itself: a field now missing or null.
        if read > 0 {
            if let Error::SerdeInvalidType {
                unexpected,
                expected,
                ..
            } = error
                && unexpected == "unit value"
            {
                // A value that may not be null: put in a harmless one of its kind instead.
                let Some((start, end)) = blanked.last().copied() else {
                    break;
                };
                let fits = |value: &String| {
                    value.len() <= end - start
                        && current
                            .get(start..start + value.len())
                            .is_some_and(|room| !room.contains(['\n', '\r']))
                };
                match placeholder(expected).filter(fits) {
                    Some(value) => {
                        patched = Some(replace(current, start, end, &value));
                        continue;
                    }
                    None => break,
                }
            }
            let inside_a_blank = found.span.is_some_and(|span| {
                blanked
                    .iter()
                    .any(|(start, end)| span.offset >= *start && span.offset < *end)
            });
            // A value left empty by a blank, where a map or a list was expected.
            let emptied = matches!(error, Error::Unexpected { .. })
                && found.span.is_some_and(|span| {
                    let rest = current.get(span.offset..).unwrap_or_default();
                    let line = rest.split('\n').next().unwrap_or_default();
                    let value = line.trim_start_matches(':').trim();
                    value.is_empty() || value.starts_with('~')
                });
            // The map that holds a blanked value, refused now that the value is gone: the
            // same problem again, not a second one.
            let holds_a_blank = found.span.is_some_and(|span| {
                blanked.last().is_some_and(|(start, _)| {
                    span.offset <= *start
                        && current
                            .get(span.offset..*start)
                            .is_some_and(|between| !between.contains('\n'))
                })
            });
            if matches!(error, Error::SerdeMissingField { .. })
                || inside_a_blank
                || emptied
                || holds_a_blank
            {
                break;
            }
        }
        let null = matches!(found.recovery, Some(Recovery::Value(_)));
        let recovery = found.recovery.and_then(|recovery| recovery.range(current));
        problems.push(found.problem);
        let Some((start, end)) = recovery else {
            break;
        };
        blanked.push((start, end));
        patched = Some(blank(current, start, end, null));
    }
    problems.in_file_order();
    Err(problems)
}

/// Reads a file in one reading, each procedure's part by its own type where it stands. A bad
/// value inside a part comes out of that reading without its place, so such a file is read
/// again as [`read_in_two`] reads it.
fn read_once(text: &str, format: &'static Format) -> Result<ScenarioFile, Error> {
    READING.with(|reading| {
        *reading.borrow_mut() = Some(Reading {
            format,
            in_one_reading: true,
            part_failed: false,
            sections: Vec::new(),
            expectations: Vec::new(),
        })
    });
    let read = serde_saphyr::from_str_with_options::<ScenarioFile>(text, options());
    let part_failed = READING.with(|reading| {
        reading
            .borrow_mut()
            .take()
            .is_some_and(|reading| reading.part_failed)
    });
    match read {
        Err(_) if part_failed => read_in_two(text, format),
        read => read,
    }
}

/// Reads a file: the position first, every procedure's section and part of `expect:` passed
/// over and noted; then each of those again, by its own type, from the same text, so that a
/// bad value inside one is said with its place.
fn read_in_two(text: &str, format: &'static Format) -> Result<ScenarioFile, Error> {
    READING.with(|reading| {
        *reading.borrow_mut() = Some(Reading {
            format,
            in_one_reading: false,
            part_failed: false,
            sections: Vec::new(),
            expectations: Vec::new(),
        })
    });
    let first = serde_saphyr::from_str_with_options::<ScenarioFile>(text, options());
    let seen = READING.with(|reading| reading.borrow_mut().take());
    let mut file = first?;
    let Some(seen) = seen else {
        return Ok(file);
    };
    for section in format
        .sections
        .iter()
        .filter(|section| seen.sections.contains(&section.key()))
    {
        if let Some(part) = section.read(text, options(), false)? {
            file.sections.put(part);
        }
    }
    if let Some(expect) = file.expect.as_mut() {
        for part in format
            .expectations
            .iter()
            .filter(|part| seen.expectations.contains(&part.key()))
        {
            if let Some(part) = part.read(text, options(), true)? {
                expect.value.procedures.put(part);
            }
        }
    }
    Ok(file)
}

/// How every reading of a file is bounded.
fn options() -> serde_saphyr::Options {
    let budget = serde_saphyr::budget! {
        max_events: 2 * MAX_VALUES,
        max_aliases: MAX_ALIASES,
        max_anchors: MAX_ALIASES,
        max_nodes: MAX_VALUES,
        max_depth: MAX_DEPTH,
        flow_nesting_limit: MAX_DEPTH,
        max_documents: 1,
        max_total_scalar_bytes: MAX_SCENARIO_BYTES,
        max_recorded_anchor_events: 20_000,
        max_recorded_anchor_bytes: MAX_SCENARIO_BYTES,
        alias_anchor_min_aliases: RATIO_FROM,
        alias_anchor_ratio_multiplier: ALIASES_PER_ANCHOR,
    };
    serde_saphyr::options! { budget: budget }
}

/// How to read on past a bad value.
enum Recovery {
    /// Blank the value at this span.
    Value(Span),
    /// Blank the key at this span, with its value, if it stands alone on its line.
    Key(Span),
}

impl Recovery {
    /// The byte range to blank, if blanking it cannot change the shape of the file.
    fn range(&self, text: &str) -> Option<(usize, usize)> {
        match *self {
            Recovery::Value(span) => {
                let end = span.offset.checked_add(span.len)?;
                let value = text.get(span.offset..end)?;
                // A list, a map, a block scalar, an anchor, an alias or a tag: blanking its
                // first character would change the shape of what follows.
                let first = value.chars().next()?;
                let block_item = first == '-'
                    && !value
                        .chars()
                        .nth(1)
                        .is_some_and(|second| second.is_ascii_digit());
                if block_item
                    || matches!(first, '[' | '{' | '|' | '>' | '&' | '*' | '!' | '#' | ':')
                {
                    return None;
                }
                Some((span.offset, end))
            }
            Recovery::Key(span) => {
                let line_start = text.get(..span.offset)?.rfind('\n').map_or(0, |at| at + 1);
                let indent = text.get(line_start..span.offset)?;
                if !indent.bytes().all(|byte| byte == b' ') {
                    return None;
                }
                // The key's line, and the lines after it indented deeper (its value).
                let mut end = text
                    .get(span.offset..)?
                    .find('\n')
                    .map_or(text.len(), |at| span.offset + at);
                loop {
                    let next_start = end + 1;
                    let Some(rest) = text.get(next_start..) else {
                        break;
                    };
                    let line_end = rest.find('\n').map_or(text.len(), |at| next_start + at);
                    let line = text.get(next_start..line_end).unwrap_or_default();
                    let deeper = line.trim().is_empty()
                        || line.len() - line.trim_start_matches(' ').len() > indent.len();
                    if !deeper || next_start >= text.len() {
                        break;
                    }
                    end = line_end;
                }
                Some((span.offset, end))
            }
        }
    }
}

/// Replaces a range by spaces (a value: by the YAML null `~` and spaces), keeping line
/// breaks, so that every other offset of the text stays where it was.
fn blank(text: &str, start: usize, end: usize, null: bool) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(text.get(..start).unwrap_or_default());
    let mut first = true;
    for ch in text.get(start..end).unwrap_or_default().chars() {
        if ch == '\n' || ch == '\r' {
            out.push(ch);
            continue;
        }
        if first && null {
            out.push('~');
            first = false;
        } else {
            out.push(' ');
        }
        // Keep the byte length: a wide character becomes as many spaces as it had bytes.
        for _ in 1..ch.len_utf8() {
            out.push(' ');
        }
    }
    out.push_str(text.get(end..).unwrap_or_default());
    out
}

/// A value of the kind a message says is expected, to stand in for a bad one: 0 or the
/// nearest end of a range, or the first of the allowed values.
fn placeholder(expected: &str) -> Option<String> {
    if let Some(range) = expected.split("from ").nth(1) {
        let mut ends = range.split(" to ").map(|end| {
            end.trim()
                .trim_end_matches(|ch: char| !ch.is_ascii_digit())
                .parse::<i64>()
                .ok()
        });
        let (Some(Some(min)), Some(Some(max))) = (ends.next(), ends.next()) else {
            return None;
        };
        return Some(0.clamp(min, max).to_string());
    }
    if let Some(values) = expected.strip_prefix("one of ") {
        return values.split(", ").next().map(str::to_string);
    }
    None
}

/// Replaces a range by a value and spaces, keeping every other offset.
fn replace(text: &str, start: usize, end: usize, value: &str) -> String {
    let blanked = blank(text, start, end, false);
    let mut out = String::with_capacity(text.len());
    out.push_str(blanked.get(..start).unwrap_or_default());
    out.push_str(value);
    out.push_str(blanked.get(start + value.len()..).unwrap_or_default());
    out
}

/// A problem found by the reader, where it is, and how to read on past it.
struct Found {
    problem: Problem,
    span: Option<Span>,
    recovery: Option<Recovery>,
}

/// The byte span of an error's location: its byte offset, or its line and column.
fn span_of(location: Location, text: &str) -> Option<Span> {
    if location.line() == 0 {
        return None;
    }
    let span = location.span();
    if let (Some(offset), Some(len)) = (span.byte_offset(), span.byte_len()) {
        return Some(Span {
            offset: offset as usize,
            len: (len as usize).max(1),
        });
    }
    // Syntax errors carry a line and a column (in characters) only.
    let line = usize::try_from(location.line()).ok()?.checked_sub(1)?;
    let column = usize::try_from(location.column()).ok()?.saturating_sub(1);
    let line_start = if line == 0 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 1)
            .map(|(at, _)| at + 1)?
    };
    let rest = text.get(line_start..)?;
    let offset = rest
        .char_indices()
        .nth(column)
        .map_or(text.len(), |(at, _)| line_start + at);
    let len = text
        .get(offset..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8);
    Some(Span {
        offset,
        len: len.max(1).min(text.len().saturating_sub(offset)),
    })
}

/// The nearest of some names, if near enough to be a misspelling.
fn nearest<'a>(given: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    names
        .into_iter()
        .map(|name| (crate::text::similarity(given, name), name))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

/// Where a span stands on a key (`deck: 4`), the scalar value after its colon on the same
/// line, its comment left out; none where the value is a list, a map or on the lines below.
fn value_after_key(text: &str, span: Span) -> Option<Span> {
    let rest = text.get(span.offset..)?;
    let line = rest.split('\n').next()?.trim_end_matches('\r');
    let colon = line
        .find(": ")
        .or_else(|| line.ends_with(':').then(|| line.len() - 1))?;
    let key = line.get(..colon)?;
    if colon < span.len || key.is_empty() || key.contains(['[', '{', '"', '\'', '#', ',']) {
        return None;
    }
    let after = line.get(colon + 1..)?;
    let value_start = colon + 1 + (after.len() - after.trim_start().len());
    let value = line.get(value_start..)?;
    let value = value.split(" #").next()?.trim_end();
    let block_item = value == "-" || value.starts_with("- ");
    if value.is_empty() || block_item || value.starts_with(['[', '{', '|', '>', '&', '*', '!']) {
        return None;
    }
    Some(Span {
        offset: span.offset + value_start,
        len: value.len(),
    })
}

/// Whether an offset stands inside a flow mapping `{ }` opened earlier on its line.
fn inside_braces(text: &str, offset: usize) -> bool {
    let line_start = text
        .get(..offset)
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |at| at + 1);
    let before = text.get(line_start..offset).unwrap_or_default();
    before.matches('{').count() > before.matches('}').count()
}

const FORMAT_HELP: &str = "see docs/scenario-format.md for the format";

fn describe(error: &Error, text: &str) -> Found {
    let span = error
        .location()
        .and_then(|location| span_of(location, text));
    // A value the reader refuses is sometimes placed at its key: say it of the value, and
    // blank the value alone to read on.
    let span = match error {
        Error::SerdeInvalidType { .. }
        | Error::SerdeInvalidValue { .. }
        | Error::Message { .. }
        | Error::InvalidScalar { .. } => {
            span.map(|span| value_after_key(text, span).unwrap_or(span))
        }
        _ => span,
    };
    let mut recovery = None;
    let mut help = FORMAT_HELP.to_string();
    let message = match error {
        Error::Budget { breach, .. } => {
            let (message, limit_help) = budget_message(breach);
            help = limit_help;
            message
        }
        Error::AliasError { error: inner, .. } => return describe(inner, text),
        Error::MultipleDocuments { .. } => {
            help = "remove the `---` line, or put each position in a file of its own".to_string();
            "the file holds more than one YAML document: a line `---` starts another, and a scenario is one document".to_string()
        }
        Error::SerdeUnknownField {
            field, expected, ..
        } => {
            recovery = span.map(Recovery::Key);
            let field_shown = crate::text::quoted(field);
            let mut hints = Vec::new();
            if let Some(near) = nearest(field, expected.iter().copied()) {
                hints.push(format!("did you mean `{near}`?"));
            }
            if span.is_some_and(|span| inside_braces(text, span.offset))
                && field.chars().next().is_some_and(char::is_uppercase)
            {
                hints.push("inside { } a comma ends a value, so quote a card name that has one: {card: \"Qui-Gon Jinn, Jedi Mentor\"}".to_string());
            }
            hints.push(format!("the keys here are: {}", expected.join(", ")));
            help = sentences(&hints);
            format!("there is no key `{field_shown}` here")
        }
        Error::SerdeUnknownVariant {
            variant, expected, ..
        } => {
            recovery = span.map(Recovery::Value);
            let variant_shown = crate::text::quoted(variant);
            help = match nearest(variant, expected.iter().copied()) {
                Some(near) => format!(
                    "did you mean `{near}`? The values are: {}",
                    expected.join(", ")
                ),
                None => format!("the values are: {}", expected.join(", ")),
            };
            format!("`{variant_shown}` is not one of the values allowed here")
        }
        Error::SerdeInvalidType {
            unexpected,
            expected,
            ..
        }
        | Error::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => {
            recovery = span.map(Recovery::Value);
            format!(
                "expected {}, found {}",
                crate::text::quoted(expected),
                crate::text::quoted(unexpected)
            )
        }
        Error::Message { msg, .. } => {
            recovery = span.map(Recovery::Value);
            if msg.contains("out of range") {
                help = "docs/scenario-format.md (Numbers) lists every number of the format and its range".to_string();
            }
            crate::text::clip(msg, 300)
        }
        Error::InvalidScalar { ty, .. } => {
            recovery = span.map(Recovery::Value);
            let found = span
                .and_then(|span| text.get(span.offset..span.offset + span.len))
                .unwrap_or_default();
            let largest = match *ty {
                "u8" => Some(u64::from(u8::MAX)),
                "u16" => Some(u64::from(u16::MAX)),
                "u32" => Some(u64::from(u32::MAX)),
                "u64" | "usize" => Some(u64::MAX),
                _ => None,
            };
            match *ty {
                _ if largest.is_some() => format!(
                    "{} is not a whole number from 0 to {}",
                    crate::text::quoted(found),
                    largest
                        .map(|largest| largest.to_string())
                        .unwrap_or_default()
                ),
                "bool" => format!("{} is not true or false", crate::text::quoted(found)),
                "i8" | "i16" | "i32" | "i64" | "isize" => {
                    help = "docs/scenario-format.md (Numbers) lists every number of the format and its range".to_string();
                    format!(
                        "{} is not a whole number of the range this key takes",
                        crate::text::quoted(found)
                    )
                }
                "f32" | "f64" => format!("{} is not a number", crate::text::quoted(found)),
                other => format!("{} is not a {other}", crate::text::quoted(found)),
            }
        }
        Error::SerdeMissingField { field, .. } => {
            format!("the key `{field}` is missing here")
        }
        Error::DuplicateMappingKey { key, .. } => {
            // Read on past the second key and its value, to report what follows too.
            recovery = span.map(Recovery::Key);
            help = "give each key once; to say two things of one card or player, put them under the one key".to_string();
            match key {
                Some(key) => format!(
                    "the key `{}` is given twice here",
                    crate::text::clip(&crate::text::quoted(key), 80)
                ),
                None => "a key is given twice here".to_string(),
            }
        }
        Error::NullIntoString { .. } | Error::InvalidCharNull { .. } => {
            recovery = span.map(Recovery::Value);
            help =
                "write a value after the colon (a card's name, for a card), or leave the key out"
                    .to_string();
            "this key has no value; it needs text".to_string()
        }
        Error::Unexpected { expected, .. } => {
            recovery = span.map(Recovery::Value);
            let found = span
                .and_then(|span| text.get(span.offset..))
                .map(|rest| rest.lines().next().unwrap_or_default())
                .unwrap_or_default();
            let scalar =
                !found.trim_start().starts_with(['[', '{', '-']) && !found.trim().is_empty();
            if expected.contains("sequence") && scalar {
                // One value where a list goes: the list it means, each item quoted where it
                // must be, a comma parting items as a reader would part them.
                let value = found.split(" #").next().unwrap_or_default().trim();
                let value = value.trim_matches(|ch| ch == '"' || ch == '\'');
                let items: Vec<String> = value
                    .split(',')
                    .map(str::trim)
                    .filter(|item| !item.is_empty())
                    .map(|item| format!("\"{}\"", item.replace('\\', "\\\\").replace('"', "\\\"")))
                    .collect();
                help = if items.len() > 1 {
                    format!(
                        "write a list, each item quoted since a comma parts items in `[ ]`: [{}]; for one name with a comma in it, [\"{}\"]",
                        items.join(", "),
                        value.replace('\\', "\\\\").replace('"', "\\\"")
                    )
                } else {
                    format!("write a list, even of one: [{}]", items.join(", "))
                };
                "expected a list here, not a single value".to_string()
            } else {
                let expected = expected.replace("string scalar", "text");
                format!("expected {expected} here, not a list or a map")
            }
        }
        Error::ExternalMessage { .. } => syntax_message(error, text, span, &mut help),
        _ => {
            let mut syntax_help = String::new();
            let message = syntax_message(error, text, span, &mut syntax_help);
            help = match syntax_cause(error, text, span) {
                Some(_) => syntax_help,
                None => FORMAT_HELP.to_string(),
            };
            message
        }
    };
    Found {
        problem: Problem {
            severity: super::problems::Severity::Error,
            code: "unreadable",
            message,
            labels: span
                .map(|span| (span, "here".to_string()))
                .into_iter()
                .collect(),
            help: Some(help),
        },
        span,
        recovery,
    }
}

/// Hints joined as sentences: the first as it is, each later one capitalised.
fn sentences(hints: &[String]) -> String {
    let mut out = String::new();
    for (index, hint) in hints.iter().enumerate() {
        if index > 0 {
            out.push(' ');
            let mut chars = hint.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        } else {
            out.push_str(hint);
        }
        if !hint.ends_with(['.', '?', '}']) {
            out.push('.');
        }
    }
    out
}

/// A breached limit in words, and the limits as help.
fn budget_message(breach: &BudgetBreach) -> (String, String) {
    let limits = format!(
        "a scenario may hold at most {} values, {} anchors and {} aliases (at most {} aliases per anchor), and nest {} levels deep",
        crate::text::thousands(MAX_VALUES),
        crate::text::thousands(MAX_ALIASES),
        crate::text::thousands(MAX_ALIASES),
        ALIASES_PER_ANCHOR,
        MAX_DEPTH
    );
    let message = match breach {
        BudgetBreach::Nodes { .. } | BudgetBreach::Events { .. } => format!(
            "the file holds more than {} values, far more than any real position",
            crate::text::thousands(MAX_VALUES)
        ),
        BudgetBreach::Aliases { .. } => format!(
            "the file uses more than {} aliases (`*name`)",
            crate::text::thousands(MAX_ALIASES)
        ),
        BudgetBreach::Anchors { .. } => format!(
            "the file defines more than {} anchors (`&name`)",
            crate::text::thousands(MAX_ALIASES)
        ),
        BudgetBreach::AliasAnchorRatio { aliases, anchors } => format!(
            "the file uses {} aliases of {} anchor{}: more than {ALIASES_PER_ANCHOR} per anchor would make the file expand far beyond what it shows",
            crate::text::thousands(*aliases),
            crate::text::thousands(*anchors),
            if *anchors == 1 { "" } else { "s" }
        ),
        BudgetBreach::Depth { .. } => {
            format!("the lists and maps nest more than {MAX_DEPTH} levels deep")
        }
        BudgetBreach::Documents { .. } => {
            return (
                "the file holds more than one YAML document: a line `---` starts another, and a scenario is one document".to_string(),
                "remove the `---` line, or put each position in a file of its own".to_string(),
            );
        }
        BudgetBreach::ScalarBytes { .. } => format!(
            "the file's values hold more than {} bytes of text",
            crate::text::thousands(MAX_SCENARIO_BYTES)
        ),
        _ => "the YAML goes beyond the limits of any real scenario".to_string(),
    };
    (message, limits)
}

/// The cause of a syntax error a new user meets most, in words and with a hint, where the
/// text shows it: a tab in the indentation, a line indented to no key above it, a quote not
/// closed.
fn syntax_cause(error: &Error, file: &str, span: Option<Span>) -> Option<(String, String)> {
    let said = error.to_string();
    let mut at = span?.offset.min(file.len());
    while !file.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = file[..at].rfind('\n').map_or(0, |newline| newline + 1);
    let line = file[line_start..].lines().next().unwrap_or_default();
    let number = file[..line_start].matches('\n').count() + 1;
    let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
    if said.contains("tab")
        && line.starts_with([' ', '\t'])
        && line.trim_start_matches(' ').starts_with('\t')
    {
        return Some((
            "a tab in the indentation: YAML indents with spaces only".to_string(),
            format!(
                "replace the tab at the start of line {number} with spaces, as many as the keys beside it have"
            ),
        ));
    }
    // A quote opened on an earlier line and not closed there.
    let before: Vec<&str> = file[..line_start].lines().collect();
    if said.contains("quoted scalar") || said.contains("end of stream") {
        let opened = before.iter().enumerate().rev().find(|(_, earlier)| {
            let quotes = earlier.matches('"').count() - earlier.matches("\\\"").count();
            quotes % 2 == 1
        });
        if let Some((index, _)) = opened {
            return Some((
                format!("the quote opened on line {} is not closed", index + 1),
                format!(
                    "end the value on line {} with a closing \", or leave its quotes out",
                    index + 1
                ),
            ));
        }
    }
    // A list item whose dash has no space after it reads as text continuing the item above.
    let item = line.trim_start();
    if item.starts_with('-')
        && item
            .chars()
            .nth(1)
            .is_some_and(|second| !second.is_whitespace() && !second.is_ascii_digit())
        && before
            .iter()
            .rev()
            .find(|earlier| !earlier.trim().is_empty())
            .is_some_and(|above| {
                above.trim_start().starts_with("- ") && indent(above) == indent(line)
            })
    {
        return Some((
            format!(
                "the dash on line {number} has no space after it, so YAML does not read it as a list item"
            ),
            format!(
                "put a space after the dash: `- {}`",
                crate::text::clip(item.get(1..).unwrap_or_default(), 60)
            ),
        ));
    }
    if said.contains("did not find expected key") || said.contains("mapping values are not allowed")
    {
        let above = before
            .iter()
            .rev()
            .find(|earlier| !earlier.trim().is_empty() && !earlier.trim_start().starts_with('#'))?;
        let (here, there) = (indent(line), indent(above));
        if here != there {
            return Some((
                format!(
                    "line {number} is indented by {here} space{}, and the key above it by {there}: it lines up with no key",
                    if here == 1 { "" } else { "s" }
                ),
                format!(
                    "indent it by {there} spaces to stand beside the key above, or as far as the key of the map it belongs to"
                ),
            ));
        }
    }
    None
}

/// A syntax error in words, without the location the diagnostic shows anyway.
fn syntax_message(error: &Error, file: &str, span: Option<Span>, help: &mut String) -> String {
    if let Some((message, hint)) = syntax_cause(error, file, span) {
        *help = hint;
        return message;
    }
    let text = error.to_string();
    let mut message = text
        .lines()
        .next()
        .unwrap_or("the file is not a valid scenario")
        .to_string();
    if let Some(at) = message.rfind(" at line ") {
        message.truncate(at);
    }
    if message.contains("recursion limit") {
        return format!("the lists and maps nest more than {MAX_DEPTH} levels deep");
    }
    *help = "YAML syntax: check the brackets, braces and quotes at or before this place, and that a value with `: ` in it is quoted".to_string();
    crate::text::clip(&message, 300)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(text: &str) -> Vec<String> {
        match parse(text, Format::bare()) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.iter().map(|p| p.message.clone()).collect(),
        }
    }

    #[test]
    fn a_syntax_error_says_its_cause_a_tab_a_stray_indent_an_open_quote() {
        let problems = |text: &str| match parse(text, Format::bare()) {
            Ok(_) => Vec::new(),
            Err(problems) => problems
                .iter()
                .map(|p| (p.message.clone(), p.help.clone().unwrap_or_default()))
                .collect::<Vec<_>>(),
        };
        let tab = problems("turn: dark\nplanets:\n\tNaboo:\n    dark: [maul student]\n");
        assert_eq!(tab.len(), 1, "{tab:?}");
        assert_eq!(
            tab[0].0,
            "a tab in the indentation: YAML indents with spaces only"
        );
        assert!(tab[0].1.contains("line 3"), "{tab:?}");
        let indent = problems(
            "turn: dark\nplanets:\n  Naboo:\n    dark: [maul student]\n   light: [qui-gon mentor]\n",
        );
        assert_eq!(indent.len(), 1, "{indent:?}");
        assert_eq!(
            indent[0].0,
            "line 5 is indented by 3 spaces, and the key above it by 4: it lines up with no key"
        );
        let quote = problems("title: \"unclosed\nturn: dark\n");
        assert_eq!(quote.len(), 1, "{quote:?}");
        assert_eq!(quote[0].0, "the quote opened on line 1 is not closed");
        assert!(quote[0].1.contains("closing \""), "{quote:?}");
    }

    #[test]
    fn two_bad_values_are_both_reported() {
        let found = messages("turn: darkside\nstep: fight\n");
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("darkside"));
        assert!(found[1].contains("fight"));
    }

    #[test]
    fn a_bad_value_placed_at_its_key_is_said_of_the_value_and_reading_goes_on() {
        let text = "dark:\n  deck: 4  # four cards\nseed: -3\n";
        let problems = match parse(text, Format::bare()) {
            Err(problems) => problems,
            Ok(_) => panic!("read"),
        };
        let spans: Vec<&str> = problems
            .iter()
            .flat_map(|problem| &problem.labels)
            .map(|(span, _)| &text[span.offset..span.offset + span.len])
            .collect();
        assert_eq!(spans, ["4", "-3"], "{problems:?}");
        // A value on the lines below its key, or a list, is left where the reader put it.
        let key = Span { offset: 0, len: 4 };
        assert_eq!(value_after_key("dark:\n  deck: 4\n", key), None);
        assert_eq!(value_after_key("deck: [4]\n", key), None);
        assert_eq!(value_after_key("deck: - 4\n", key), None);
        assert_eq!(
            value_after_key("deck: -4 # x\n", key),
            Some(Span { offset: 6, len: 2 })
        );
    }

    #[test]
    fn a_dash_without_its_space_is_said_to_be_the_cause() {
        let found = messages(
            "planets:\n  Naboo:\n    dark:\n      - maul student\n      -Darth Maul's Lightsaber\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("the dash on line 5 has no space after it"),
            "{found:?}"
        );
        // A negative number in a list is no such dash.
        assert!(
            messages("light:\n  deck:\n    - 4\n    -3\n")
                .iter()
                .all(|message| !message.contains("dash"))
        );
    }

    #[test]
    fn blanking_keeps_every_offset() {
        let text = "turn: darké\nstep: x\n";
        let start = text.find("darké").expect("found");
        let blanked = blank(text, start, start + "darké".len(), true);
        assert_eq!(blanked.len(), text.len());
        assert_eq!(blanked.find("step"), text.find("step"));
        assert!(blanked.starts_with("turn: ~"));
    }

    #[test]
    fn a_misspelt_key_is_suggested_and_reading_goes_on() {
        let text = "cards:\n  R2-D2, Repair Droid:\n    power_bonu: 1\n    dammage: 2\n    side: light\nturn: darkside\n";
        let problems = parse(text, Format::bare()).expect_err("three problems");
        let helps: Vec<String> = problems.iter().filter_map(|p| p.help.clone()).collect();
        assert_eq!(problems.iter().count(), 3, "{problems:?}");
        assert!(
            helps[0].starts_with("did you mean `power_bonus`?"),
            "{helps:?}"
        );
        assert!(helps[1].starts_with("did you mean `damage`?"), "{helps:?}");
    }

    #[test]
    fn nesting_too_deep_is_refused_with_its_place() {
        let text = format!("light:\n  hand: {}{}\n", "[".repeat(40), "]".repeat(40));
        let problems = parse(&text, Format::bare()).expect_err("too deep");
        let problem = &problems.as_slice()[0];
        assert!(
            problem.message.contains("nest more than 32 levels"),
            "{problem:?}"
        );
        assert!(!problem.labels.is_empty());
    }

    #[test]
    fn a_syntax_error_has_its_place() {
        let problems =
            parse("light:\n  hand: [a, b\nturn: light\n", Format::bare()).expect_err("unclosed");
        let problem = &problems.as_slice()[0];
        assert!(!problem.labels.is_empty(), "{problem:?}");
        assert!(
            problem
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("brackets")
        );
    }

    #[test]
    fn limits_are_told_in_words_not_as_rust_values() {
        let mut aliases = String::from("light:\n  hand: [&a 1");
        for _ in 0..300 {
            aliases.push_str(", *a");
        }
        aliases.push_str("]\n");
        for text in [aliases.as_str(), "title: a\n---\ntitle: b\n"] {
            let problems = parse(text, Format::bare()).expect_err("refused");
            let message = &problems.as_slice()[0].message;
            assert!(
                !message.contains('{') && !message.contains("::"),
                "{message}"
            );
        }
    }

    #[test]
    fn the_comma_hint_is_given_only_inside_braces() {
        let braces = parse(
            "light:\n  hand: [{card: Qui-Gon Jinn, Jedi Mentor}]\n",
            Format::bare(),
        )
        .expect_err("split name");
        assert!(
            braces.as_slice()[0]
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("comma")
        );
        let plain = parse("titel: x\n", Format::bare()).expect_err("unknown key");
        assert!(
            !plain.as_slice()[0]
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("comma")
        );
        assert!(
            plain.as_slice()[0]
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("did you mean `title`?")
        );
    }
}
