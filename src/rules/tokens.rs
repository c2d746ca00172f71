//! Splits text into words with their Snowball (Porter 2) English stems: the same code tokenises the corpus in the build script and a query at run time.
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
/// stemmed.
pub fn words_where(stemmer: &Stemmer, text: &str, keep: impl Fn(&str) -> bool) -> Vec<Word> {
    let mut found = Vec::new();
    let mut start = None;
    for (index, ch) in text.char_indices() {
        let part_of_word = ch.is_alphanumeric() || ch == '\'' || ch == '’';
        match (part_of_word, start) {
            (true, None) => start = Some(index),
            (false, Some(begin)) => {
                found.extend(make_word(stemmer, text, begin, index, &keep));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(begin) = start {
        found.extend(make_word(stemmer, text, begin, text.len(), &keep));
    }
    found
}

fn make_word(
    stemmer: &Stemmer,
    text: &str,
    start: usize,
    end: usize,
    keep: &impl Fn(&str) -> bool,
) -> Option<Word> {
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
    if !keep(&lower) {
        return None;
    }
    let stem = stemmer.stem(&lower).into_owned();
    Some(Word {
        start,
        end,
        lower,
        stem,
    })
}
