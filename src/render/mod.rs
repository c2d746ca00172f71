//! Renderers: text (with colour on a terminal), Markdown, JSON and an HTML page, over the core's results.

pub mod board;
pub mod cards;
pub mod odds;
pub mod output;
pub mod position;
pub mod rules;
pub mod walk;

use std::borrow::Cow;

use anstyle::{AnsiColor, Effects, Style};
use clap::ValueEnum;

use crate::rules::{Corpus, Item};

/// An output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text, coloured on a terminal.
    #[default]
    Text,
    /// Markdown that reads well in a forum post.
    Markdown,
    /// JSON for tools.
    Json,
}

/// The formats of a walkthrough: those of every command, and a page to share.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum WalkFormat {
    /// Plain text, coloured on a terminal.
    #[default]
    Text,
    /// Markdown that reads well in a forum post.
    Markdown,
    /// JSON for tools (`jedi-judge schema walk`).
    Json,
    /// One self-contained HTML page: no script, nothing fetched, print styles.
    Html,
}

impl WalkFormat {
    /// The format of every command this is, if it is one.
    pub fn common(self) -> Option<Format> {
        match self {
            WalkFormat::Text => Some(Format::Text),
            WalkFormat::Markdown => Some(Format::Markdown),
            WalkFormat::Json => Some(Format::Json),
            WalkFormat::Html => None,
        }
    }
}

/// The width text wraps to when it does not go to a terminal (a file, a pipe, a test), so
/// that such output is the same everywhere.
pub const WIDTH: usize = 88;

/// The narrowest and widest terminal widths text follows.
pub const TERMINAL_WIDTHS: (usize, usize) = (40, 200);

/// How text output looks: colours (plain when disabled) and the width it wraps to.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub enabled: bool,
    /// The width text wraps to: the terminal's, or [`WIDTH`].
    pub width: usize,
}

impl Default for Palette {
    fn default() -> Palette {
        Palette::plain()
    }
}

impl Palette {
    pub fn plain() -> Palette {
        Palette {
            enabled: false,
            width: WIDTH,
        }
    }

    pub fn coloured() -> Palette {
        Palette {
            enabled: true,
            width: WIDTH,
        }
    }

    /// This palette wrapping to a terminal of `columns` columns (kept within
    /// [`TERMINAL_WIDTHS`]).
    pub fn for_terminal(self, columns: usize) -> Palette {
        Palette {
            width: columns.clamp(TERMINAL_WIDTHS.0, TERMINAL_WIDTHS.1),
            ..self
        }
    }

    fn paint(self, style: Style, text: &str) -> Cow<'_, str> {
        if self.enabled {
            Cow::Owned(format!("{style}{text}{style:#}"))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// Ids and names.
    pub fn id(self, text: &str) -> Cow<'_, str> {
        self.paint(
            Style::new()
                .fg_color(Some(AnsiColor::Cyan.into()))
                .effects(Effects::BOLD),
            text,
        )
    }

    /// Headings.
    pub fn heading(self, text: &str) -> Cow<'_, str> {
        self.paint(Style::new().effects(Effects::BOLD), text)
    }

    /// Secondary information.
    pub fn dim(self, text: &str) -> Cow<'_, str> {
        self.paint(Style::new().effects(Effects::DIMMED), text)
    }

    /// Words found by a search.
    pub fn mark(self, text: &str) -> Cow<'_, str> {
        self.paint(
            Style::new()
                .fg_color(Some(AnsiColor::Yellow.into()))
                .effects(Effects::BOLD),
            text,
        )
    }

    /// Good news: in force, yes.
    pub fn good(self, text: &str) -> Cow<'_, str> {
        self.paint(Style::new().fg_color(Some(AnsiColor::Green.into())), text)
    }

    /// Bad news: superseded, no.
    pub fn bad(self, text: &str) -> Cow<'_, str> {
        self.paint(Style::new().fg_color(Some(AnsiColor::Red.into())), text)
    }

    /// Words a later text removed: struck through, in red.
    pub fn removed(self, text: &str) -> Cow<'_, str> {
        self.paint(
            Style::new()
                .fg_color(Some(AnsiColor::Red.into()))
                .effects(Effects::STRIKETHROUGH),
            text,
        )
    }

    /// Words a later text added: in green.
    pub fn added(self, text: &str) -> Cow<'_, str> {
        self.paint(
            Style::new()
                .fg_color(Some(AnsiColor::Green.into()))
                .effects(Effects::BOLD),
            text,
        )
    }

    /// Assumptions and unknowns.
    pub fn warn(self, text: &str) -> Cow<'_, str> {
        self.paint(Style::new().fg_color(Some(AnsiColor::Magenta.into())), text)
    }
}

/// How many columns text takes on a terminal: its characters, colour codes left out.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for ch in text.chars() {
        match (in_escape, ch) {
            (false, '\u{1b}') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

/// Wraps text to `width` columns, every line indented; hard line breaks are kept. Colour
/// codes take no room.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    wrap_hanging(text, width, indent, indent)
}

/// Wraps text to `width` columns: the first line after `first`, the others after `rest`
/// (a hanging indent, for a label or a number); hard line breaks are kept. A word longer
/// than a line stands alone on its line.
pub fn wrap_hanging(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + first.len());
    wrap_hanging_into(&mut out, text, width, first, rest);
    out
}

/// [`wrap_hanging`], written at the end of `out`.
pub fn wrap_hanging_into(out: &mut String, text: &str, width: usize, first: &str, rest: &str) {
    let (first_width, rest_width) = (visible_width(first), visible_width(rest));
    let mut on_first_line = true;
    for (number, paragraph) in text.split('\n').enumerate() {
        if number > 0 {
            out.push('\n');
        }
        let (mut indent, mut indent_width) = if on_first_line {
            (first, first_width)
        } else {
            (rest, rest_width)
        };
        out.push_str(indent);
        on_first_line = false;
        if wrap_single_spaced(out, paragraph, width, indent_width, (rest, rest_width)) {
            continue;
        }
        let mut line_width = 0;
        let mut place = |word: &str, word_width: usize| {
            if line_width > 0 && indent_width + line_width + 1 + word_width > width {
                out.push('\n');
                (indent, indent_width) = (rest, rest_width);
                out.push_str(indent);
                line_width = 0;
            }
            if line_width > 0 {
                out.push(' ');
                line_width += 1;
            }
            out.push_str(word);
            line_width += word_width;
        };
        // Plain ASCII is split and measured byte by byte: the same words and widths as the
        // general case, which decodes every character.
        if paragraph.is_ascii() && !paragraph.contains('\u{1b}') {
            let mut word_start = None;
            for (at, byte) in paragraph.bytes().chain([b' ']).enumerate() {
                let space = byte.is_ascii_whitespace() || byte == 0x0b;
                match (space, word_start) {
                    (true, Some(start)) => {
                        let word = paragraph.get(start..at).unwrap_or_default();
                        place(word, word.len());
                        word_start = None;
                    }
                    (false, None) => word_start = Some(at),
                    _ => {}
                }
            }
        } else {
            for word in paragraph.split_whitespace() {
                place(word, visible_width(word));
            }
        }
    }
}

/// Wraps a paragraph of printable text whose words are separated by single spaces, with
/// none at either end (most text): each line is then a slice of it, copied whole, found in
/// one pass over its bytes. Any other paragraph (colour codes, control characters, other
/// white space) leaves `out` as it was and gives false.
fn wrap_single_spaced(
    out: &mut String,
    paragraph: &str,
    width: usize,
    mut indent_width: usize,
    (rest, rest_width): (&str, usize),
) -> bool {
    let bytes = paragraph.as_bytes();
    if bytes.first() == Some(&b' ') || bytes.last() == Some(&b' ') {
        return false;
    }
    let mark = out.len();
    // The line being filled: its bytes in the paragraph and the columns they take.
    let (mut line_start, mut line_end, mut line_width) = (0, 0, 0);
    let mut place = |out: &mut String, start: usize, end: usize, word_width: usize| {
        if line_end > line_start {
            if indent_width + line_width + 1 + word_width > width {
                out.push_str(paragraph.get(line_start..line_end).unwrap_or_default());
                out.push('\n');
                out.push_str(rest);
                indent_width = rest_width;
                (line_start, line_width) = (start, word_width);
            } else {
                line_width += 1 + word_width;
            }
        } else {
            line_width = word_width;
        }
        line_end = end;
    };
    let (mut word_start, mut word_width) = (0, 0);
    for (at, &byte) in bytes.iter().enumerate() {
        match byte {
            b' ' if word_start < at => {
                place(out, word_start, at, word_width);
                (word_start, word_width) = (at + 1, 0);
            }
            0x21..=0x7e => word_width += 1,
            // A character's first byte; the others (0x80 to 0xbf) take no column.
            0xc0.. => match paragraph.get(at..).and_then(|tail| tail.chars().next()) {
                Some(ch) if !ch.is_whitespace() => word_width += 1,
                _ => {
                    out.truncate(mark);
                    return false;
                }
            },
            0x80..=0xbf => {}
            _ => {
                out.truncate(mark);
                return false;
            }
        }
    }
    if !bytes.is_empty() {
        place(out, word_start, bytes.len(), word_width);
    }
    out.push_str(paragraph.get(line_start..line_end).unwrap_or_default());
    true
}

/// Text padded with spaces to `width` columns (colour codes take no room).
pub fn pad(text: &str, width: usize) -> String {
    let missing = width.saturating_sub(visible_width(text));
    format!("{text}{}", " ".repeat(missing))
}

pub use crate::text::thousands;

/// `Title (Publisher, date)` of an item's document.
pub fn document_label(corpus: &Corpus, item: &Item) -> String {
    labelled(corpus, item, item.later_addition.is_some())
}

/// [`document_label`] without the note of a later addition, where the text around it says so.
pub fn document_label_plain(corpus: &Corpus, item: &Item) -> String {
    labelled(corpus, item, false)
}

fn labelled(corpus: &Corpus, item: &Item, later: bool) -> String {
    let later = if later { LATER_ADDITION } else { "" };
    match corpus.document_of(item) {
        Some(document) => format!(
            "{} ({}, {}{later})",
            document.title, document.publisher, document.date
        ),
        None => format!("{}{later}", item.document),
    }
}

/// What is said before a paraphrase wherever it stands where a rule is quoted: it is our
/// words, not the document's.
pub const PARAPHRASE: &str = "Paraphrase, not the document's words:";

/// Where a paraphrase's words can be checked against its document, if the item is one.
pub fn paraphrase_source(item: &Item) -> Option<String> {
    (item.kind == crate::rules::ItemKind::Paraphrase).then(|| {
        let addresses: Vec<&str> = item.read_at.iter().map(|address| &**address).collect();
        format!("Read at: {}.", addresses.join("; "))
    })
}

/// An item's text as a walkthrough or a look-up gives it in plain text: a rule's words in
/// quotation marks, a paraphrase's after [`PARAPHRASE`].
pub fn quoted_or_paraphrased(item: &Item) -> String {
    let text = item.text.replace('\n', " ");
    if item.kind == crate::rules::ItemKind::Paraphrase {
        format!("{PARAPHRASE} {text}")
    } else {
        format!("\"{text}\"")
    }
}

/// Said of a line added to its document after the document's date, wherever it is quoted.
pub const LATER_ADDITION: &str = "; this line was added later, at a date not known";

/// The date of an item's document.
pub fn document_date(corpus: &Corpus, item: &Item) -> String {
    corpus
        .document_of(item)
        .map(|document| document.date.to_string())
        .unwrap_or_default()
}

/// Escapes text for a Markdown paragraph: the characters that mark up, and a start that
/// would begin a list, a heading or a quote.
pub fn markdown_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let digits = text.len()
        - text
            .trim_start_matches(|ch: char| ch.is_ascii_digit())
            .len();
    let after_digits = text.get(digits..).unwrap_or_default();
    if digits > 0 && (after_digits.starts_with(". ") || after_digits.starts_with(") ")) {
        // "4. " would begin an ordered list.
        out.push_str(text.get(..digits).unwrap_or_default());
        out.push('\\');
        return out + &markdown_escape(after_digits);
    }
    if matches!(text.chars().next(), Some('-' | '+' | '=' | '~'))
        && !text.chars().nth(1).is_some_and(|ch| ch.is_alphanumeric())
    {
        out.push('\\');
    }
    for ch in text.chars() {
        if matches!(
            ch,
            '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|' | '\\'
        ) {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// Quotes text as a Markdown block quote, hard line breaks kept.
pub fn markdown_quote(text: &str) -> String {
    text.split('\n')
        .map(|line| format!("> {}", markdown_escape(line)))
        .collect::<Vec<_>>()
        .join("\n>\n")
}

/// Pretty JSON with a final newline.
pub fn json<T: serde::Serialize>(value: &T) -> String {
    let mut buffer = Vec::with_capacity(4096);
    match json_to(&mut buffer, value) {
        Ok(()) => String::from_utf8(buffer)
            .unwrap_or_else(|error| format!("{{\"error\": {:?}}}\n", error.to_string())),
        Err(error) => format!("{{\"error\": {:?}}}\n", error.to_string()),
    }
}

/// [`json`], written to `out` as it is made rather than held whole: a whole game's walk is a
/// quarter of a megabyte of it. A value that cannot be serialised leaves what was written so
/// far, and the error.
pub fn json_to<T: serde::Serialize>(
    out: &mut dyn std::io::Write,
    value: &T,
) -> Result<(), serde_json::Error> {
    use std::io::Write as _;
    // The serialiser writes a few bytes at a time: into a buffer of its own type, each write
    // is a copy, not a call through `dyn Write`.
    let mut buffered = std::io::BufWriter::with_capacity(32 * 1024, out);
    let mut serializer = serde_json::Serializer::with_formatter(&mut buffered, Indented::default());
    value.serialize(&mut serializer)?;
    buffered.write_all(b"\n").map_err(serde_json::Error::io)?;
    buffered.flush().map_err(serde_json::Error::io)
}

/// serde_json's pretty layout (two spaces a level), byte for byte, with each line's break and
/// indent written at once: a whole game's walk is a quarter of a megabyte of it.
#[derive(Default)]
struct Indented {
    level: usize,
    has_value: bool,
}

impl Indented {
    /// A line's break and indent, `",\n"` first where a value comes before.
    fn new_line<W: std::io::Write + ?Sized>(
        &self,
        writer: &mut W,
        comma: bool,
    ) -> std::io::Result<()> {
        const SPACES: &[u8; 130] = b",\n                                                                                                                                ";
        let width = self.level.saturating_mul(2);
        let from = usize::from(!comma);
        match SPACES.get(from..2 + width) {
            Some(line) => writer.write_all(line),
            None => {
                writer.write_all(&SPACES[from..2])?;
                for _ in 0..self.level {
                    writer.write_all(b"  ")?;
                }
                Ok(())
            }
        }
    }

    /// An array or an object opens: one level deeper, nothing in it yet.
    fn open<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        writer.write_all(bracket)
    }

    /// It closes: on a line of its own where it holds anything.
    fn close<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.level = self.level.saturating_sub(1);
        if self.has_value {
            self.new_line(writer, false)?;
        }
        writer.write_all(bracket)
    }
}

impl serde_json::ser::Formatter for Indented {
    /// A string's text between the escapes serde_json writes (those below U+0020, the quote
    /// and the backslash): DEL and the C1 controls are escaped too (`\u0085`), so that no raw
    /// control character reaches a terminal through a JSON string.
    fn write_string_fragment<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        // DEL, or a C1 control's first byte: most text has neither, and goes out whole.
        if !fragment.bytes().any(|byte| byte == 0x7f || byte == 0xc2) {
            return writer.write_all(fragment.as_bytes());
        }
        let mut rest = fragment;
        while let Some(at) = rest.find(|ch: char| ch.is_control()) {
            let (before, after) = rest.split_at(at);
            writer.write_all(before.as_bytes())?;
            let mut chars = after.chars();
            if let Some(ch) = chars.next() {
                write!(writer, "\\u{:04x}", u32::from(ch))?;
            }
            rest = chars.as_str();
        }
        writer.write_all(rest.as_bytes())
    }

    fn begin_array<W: std::io::Write + ?Sized>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open(writer, b"[")
    }

    fn end_array<W: std::io::Write + ?Sized>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.close(writer, b"]")
    }

    fn begin_array_value<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.new_line(writer, !first)
    }

    fn end_array_value<W: std::io::Write + ?Sized>(
        &mut self,
        _writer: &mut W,
    ) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: std::io::Write + ?Sized>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.open(writer, b"{")
    }

    fn end_object<W: std::io::Write + ?Sized>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.close(writer, b"}")
    }

    fn begin_object_key<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.new_line(writer, !first)
    }

    fn begin_object_value<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
    ) -> std::io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: std::io::Write + ?Sized>(
        &mut self,
        _writer: &mut W,
    ) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod json_layout_tests {
    /// The JSON layout is serde_json's pretty one, byte for byte: empty and nested arrays and
    /// objects, strings to escape, and nesting deeper than the indent written at once.
    #[test]
    fn json_is_laid_out_as_serde_json_pretty_prints_it() {
        let mut deep = serde_json::json!("bottom");
        for level in 0..80 {
            deep = if level % 2 == 0 {
                serde_json::json!([deep, level, {}])
            } else {
                serde_json::json!({"level": level, "inner": deep, "empty": []})
            };
        }
        let values = [
            serde_json::json!(null),
            serde_json::json!([]),
            serde_json::json!({}),
            serde_json::json!({"a": [1, 2, {"b": "quote \" and \\ and \n"}], "c": {}, "d": []}),
            deep,
        ];
        for value in values {
            let expected = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
            assert_eq!(super::json(&value), expected);
        }
    }
}
