//! Small pure helpers for text shown to the user: user-written text clipped to a bounded length and its control characters written out, counts with separators.

/// Text cut to at most `max` characters, with an ellipsis and how much was left out.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => {
            let rest = text.len() - cut;
            format!(
                "{}… ({} more bytes)",
                text.get(..cut).unwrap_or_default(),
                thousands(rest)
            )
        }
    }
}

/// A name as a scenario writes it so that it reads back as that name wherever YAML puts it,
/// in a flow list `[ ]` too: plain where it can be (`Qui-Gon Jinn's Lightsaber`), in double
/// quotes where a colon, comma, bracket, brace, `#` or a leading indicator would make it
/// something else (`"Battle Droid: Infantry, AAT Division"`).
pub fn yaml_scalar(text: &str) -> std::borrow::Cow<'_, str> {
    let indicator = text.starts_with([
        '-', '?', ':', '!', '&', '*', '|', '>', '\'', '"', '%', '@', '`',
    ]);
    let breaks = text.chars().any(|ch| {
        matches!(ch, ':' | ',' | '#' | '[' | ']' | '{' | '}' | '"' | '\\') || ch.is_control()
    });
    if !indicator && !breaks && !text.is_empty() && text.trim() == text {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for ch in text.chars() {
        match ch {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            ch if ch.is_control() => quoted.push_str(&format!("\\u{:04x}", u32::from(ch))),
            ch => quoted.push(ch),
        }
    }
    quoted.push('"');
    std::borrow::Cow::Owned(quoted)
}

/// The longest text, in bytes, that [`similarity`] compares: far beyond any card name, rule id
/// or key a user could mean.
pub const MAX_COMPARED: usize = 480;

/// How alike two names are (Jaro–Winkler, 0 to 1); 0 when either is longer than any name
/// ([`MAX_COMPARED`]), so that a hostile name costs no more than a real one.
pub fn similarity(a: &str, b: &str) -> f64 {
    if a.len() > MAX_COMPARED || b.len() > MAX_COMPARED {
        return 0.0;
    }
    strsim::jaro_winkler(a, b)
}

/// [`similarity`] where it could reach `least`, else 0: an upper bound from the letters the
/// two share, whatever their order, spares the comparison of names far apart. Jaro–Winkler
/// matches at most the letters both hold, and adds at most 0.4 of what Jaro leaves.
pub fn similarity_at_least(a: &str, b: &str, least: f64) -> f64 {
    if a.len() > MAX_COMPARED || b.len() > MAX_COMPARED {
        return 0.0;
    }
    // Letters by their code, every other character in one bucket: an overcount keeps the
    // bound a bound.
    let mut counts = [0i32; 129];
    let bucket = |ch: char| usize::try_from(u32::from(ch)).map_or(128, |code| code.min(128));
    let (mut length_a, mut length_b) = (0usize, 0usize);
    for ch in a.chars() {
        length_a += 1;
        if let Some(count) = counts.get_mut(bucket(ch)) {
            *count += 1;
        }
    }
    let mut shared = 0usize;
    for ch in b.chars() {
        length_b += 1;
        if let Some(count) = counts.get_mut(bucket(ch))
            && *count > 0
        {
            *count -= 1;
            shared += 1;
        }
    }
    if shared == 0 || length_a == 0 || length_b == 0 {
        return 0.0;
    }
    let shared = shared as f64;
    let jaro = (shared / length_a as f64 + shared / length_b as f64 + 1.0) / 3.0;
    if jaro + 0.4 * (1.0 - jaro) < least {
        return 0.0;
    }
    similarity(a, b)
}

/// How long a name or value written by the user may be when a message quotes it.
pub const QUOTED: usize = 80;

/// User-written text as a message quotes it: clipped to [`QUOTED`] characters.
pub fn quoted(text: &str) -> String {
    clip(text, QUOTED)
}

/// Text with every control character but the line break written out (`\u{1b}`), so that what
/// a user wrote cannot retitle the terminal, clear it or colour it when it is printed.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hidden_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        if is_hidden_control(ch) {
            out.extend(ch.escape_unicode());
        } else {
            out.push(ch);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A control character other than the line break.
pub fn is_hidden_control(ch: char) -> bool {
    ch.is_control() && ch != '\n'
}

/// Whether [`escaped_output`] writes a character out: a control character other than the
/// line break and the tab.
pub fn is_written_out(ch: char) -> bool {
    ch != '\t' && is_hidden_control(ch)
}

/// What the program writes, as the last thing before the terminal or a file: every control
/// character but the line break and the tab written out (`\u{1b}`), whoever's text it is, so
/// that nothing a user wrote can drive the terminal. With `colours`, the colour sequences the
/// program writes itself (`ESC [ … m`) are kept.
pub fn escaped_output(text: &str, colours: bool) -> std::borrow::Cow<'_, str> {
    let raw = |ch: char| !is_written_out(ch);
    if text.chars().all(raw) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        if colours && ch == '\u{1b}' {
            let length = colour_sequence_length(rest);
            if length > 0 {
                out.push_str(rest.get(..length).unwrap_or_default());
                rest = rest.get(length..).unwrap_or_default();
                continue;
            }
        }
        if raw(ch) {
            out.push(ch);
        } else {
            out.extend(ch.escape_unicode());
        }
        rest = rest.get(ch.len_utf8()..).unwrap_or_default();
    }
    std::borrow::Cow::Owned(out)
}

/// The length in bytes of the colour sequence (`ESC [ digits and semicolons m`) the text
/// starts with; 0 if it starts with none.
pub fn colour_sequence_length(text: &str) -> usize {
    let bytes = text.as_bytes();
    if bytes.first() != Some(&0x1b) || bytes.get(1) != Some(&b'[') {
        return 0;
    }
    for (at, byte) in bytes.iter().enumerate().skip(2).take(32) {
        match byte {
            b'0'..=b'9' | b';' => continue,
            b'm' => return at + 1,
            _ => return 0,
        }
    }
    0
}

/// A count with its thousands separated by commas: `59,980`.
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A number of things in words: `1 card`, `3 cards` (the plural adds an `s`).
pub fn count(number: impl Into<u64>, noun: &str) -> String {
    let number = number.into();
    if number == 1 {
        format!("1 {noun}")
    } else {
        format!("{number} {noun}s")
    }
}

/// What is left, its verb agreeing: `only 1 counter is left`, `only 3 counters are left`,
/// `no counters are left`.
pub fn only_left(number: impl Into<u64>, noun: &str) -> String {
    match number.into() {
        0 => format!("no {noun}s are left"),
        1 => format!("only 1 {noun} is left"),
        number => format!("only {number} {noun}s are left"),
    }
}

/// A place in order in words: `first` to `tenth`, then `11th`, `22nd`, ...
pub fn ordinal(number: u64) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    if let Some(word) = usize::try_from(number)
        .ok()
        .and_then(|number| number.checked_sub(1))
        .and_then(|index| WORDS.get(index))
    {
        return (*word).to_string();
    }
    let suffix = match (number % 10, number % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{number}{suffix}")
}

/// Items joined as a sentence says them: "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Items joined as a sentence offers a choice of them: "a, b or c".
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A sum as the walkthrough writes it: "6 (printed power) + 2 power bonus of X − 1 …".
pub fn sum(parts: &[(String, i32)]) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for (index, (what, amount)) in parts.iter().enumerate() {
        if index > 0 {
            text.push_str(if *amount < 0 { " − " } else { " + " });
            let _ = write!(text, "{} {}", amount.unsigned_abs(), what);
        } else {
            let _ = write!(text, "{amount} ({what})");
        }
    }
    text
}

/// The text with its first letter upper-cased.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_are_words_to_ten_then_numbers() {
        assert_eq!(ordinal(1), "first");
        assert_eq!(ordinal(6), "sixth");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
        assert_eq!(ordinal(103), "103rd");
        assert_eq!(ordinal(0), "0th");
    }

    #[test]
    fn clip_keeps_short_text_and_says_how_much_it_cut() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("abcdef", 3), "abc… (3 more bytes)");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(59_980), "59,980");
        assert_eq!(thousands(1_048_576), "1,048,576");
    }

    #[test]
    fn output_writes_out_every_control_character_but_the_line_break_and_the_tab() {
        assert_eq!(escaped_output("a\tb\nc", false), "a\tb\nc");
        assert_eq!(
            escaped_output("\u{1b}[31mred\u{7}\u{85}\u{9b}\r\u{0}", false),
            "\\u{1b}[31mred\\u{7}\\u{85}\\u{9b}\\u{d}\\u{0}"
        );
        // In colour, the program's colour sequences are kept, anything else is written out.
        assert_eq!(
            escaped_output("\u{1b}[1;36mid\u{1b}[0m \u{1b}]0;title\u{7}", true),
            "\u{1b}[1;36mid\u{1b}[0m \\u{1b}]0;title\\u{7}"
        );
        assert_eq!(colour_sequence_length("\u{1b}[35;1mhere"), 7);
        assert_eq!(colour_sequence_length("\u{1b}[35;1"), 0);
        assert_eq!(colour_sequence_length("\u{1b}[2J"), 0);
    }
}
