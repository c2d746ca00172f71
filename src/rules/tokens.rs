//! Splits text into words with their Snowball (Porter 2) English stems: the same code tokenises the corpus in the build script and a query at run time.
//!
//! A number written as a word is the number: `sixty` and `sixty-five` stand as `60` and `65`,
//! in a text and in a query alike, so that "sixty cards" finds a "60-card" limit.
//!
//! This module stands alone (std and `rust_stemmers` only), so that the build script can
//! include it.

use rust_stemmers::{Algorithm, Stemmer};

/// A word of a text: its byte range, lower-case form and stem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub start: usize,
    pub end: usize,
    pub lower: String,
    pub stem: String,
}

/// The English stemmer every tokenisation uses.
pub fn stemmer() -> Stemmer {
    Stemmer::create(Algorithm::English)
}

/// The words of a text, in order.
pub fn words(stemmer: &Stemmer, text: &str) -> Vec<Word> {
    words_where(stemmer, text, |_| true)
}

/// The words of a text whose lower-case form `keep` accepts, in order: only those are
/// stemmed. A number written in words is one word whose stem is its digits (`twenty-one`,
/// `21`), whatever `keep` says of it.
pub fn words_where(stemmer: &Stemmer, text: &str, keep: impl Fn(&str) -> bool) -> Vec<Word> {
    let mut found: Vec<Word> = Vec::new();
    let mut start = None;
    let take = |begin: usize, end: usize, found: &mut Vec<Word>| {
        let Some(word) = make_word(text, begin, end) else {
            return;
        };
        let Some(value) = number_word(&word.lower) else {
            if keep(&word.lower) {
                found.push(Word {
                    stem: stemmer.stem(&word.lower).into_owned(),
                    ..word
                });
            }
            return;
        };
        // "twenty-one", "twenty one", "one hundred": the words of one number are one word.
        if let Some(last) = found.last_mut()
            && let Some(before) = number_word(&last.lower)
            && let Some(between) = text.get(last.end..word.start)
            && (between == "-" || between == " ")
            && let Some(joined) = joined_number(before, value)
        {
            last.end = word.end;
            last.lower = text
                .get(last.start..word.end)
                .unwrap_or_default()
                .to_lowercase();
            last.stem = joined.to_string();
            return;
        }
        found.push(Word {
            stem: value.to_string(),
            ..word
        });
    };
    for (index, ch) in text.char_indices() {
        let part_of_word = ch.is_alphanumeric() || ch == '\'' || ch == '’';
        match (part_of_word, start) {
            (true, None) => start = Some(index),
            (false, Some(begin)) => {
                take(begin, index, &mut found);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(begin) = start {
        take(begin, text.len(), &mut found);
    }
    found
}

/// The number a word (lower case) writes, if it writes one: the units and teens, the tens,
/// a hundred and a thousand.
pub fn number_word(lower: &str) -> Option<u32> {
    // Every word of every text is asked: a match, which looks at the length first.
    Some(match lower {
        "zero" => 0,
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        "thirty" => 30,
        "forty" => 40,
        "fifty" => 50,
        "sixty" => 60,
        "seventy" => 70,
        "eighty" => 80,
        "ninety" => 90,
        "hundred" => 100,
        "thousand" => 1_000,
        _ => return None,
    })
}

/// The number two numbers written side by side make, if they make one: a ten and a unit
/// (`twenty-one`), or a count of hundreds or thousands (`one hundred`, `two thousand`).
fn joined_number(before: u32, after: u32) -> Option<u32> {
    let tens = (20..=90).contains(&before) && before.is_multiple_of(10) && (1..=9).contains(&after);
    let scaled = (after == 100 || after == 1_000) && (1..=99).contains(&before);
    if tens {
        Some(before + after)
    } else if scaled {
        Some(before * after)
    } else {
        None
    }
}

/// A word of the text between `start` and `end`, its lower-case form made but not stemmed:
/// `None` for one of apostrophes only.
fn make_word(text: &str, start: usize, end: usize) -> Option<Word> {
    let raw = text.get(start..end).unwrap_or_default();
    let trimmed = raw.trim_matches(['\'', '’']);
    if trimmed.is_empty() {
        return None;
    }
    let start = start + (raw.len() - raw.trim_start_matches(['\'', '’']).len());
    let end = start + trimmed.len();
    // "Maul's" is Maul; other apostrophes are dropped ("don't" → "dont").
    let base = trimmed
        .strip_suffix("'s")
        .or_else(|| trimmed.strip_suffix("’s"))
        .unwrap_or(trimmed);
    let lower: String = base
        .chars()
        .filter(|ch| *ch != '\'' && *ch != '’')
        .flat_map(char::to_lowercase)
        .map(|ch| match ch {
            'é' | 'è' | 'ê' => 'e',
            other => other,
        })
        .collect();
    Some(Word {
        start,
        end,
        lower,
        stem: String::new(),
    })
}
