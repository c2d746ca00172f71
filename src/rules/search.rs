//! Ranked full-text search over the items in force, with snippets that mark the words found.

use std::collections::BTreeMap;

use serde::Serialize;

use super::corpus::{Corpus, Item};
use super::ruleset::Ruleset;

/// A short extract of an item with the byte ranges of the matched words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snippet {
    pub text: String,
    /// Byte ranges within `text` of the words that matched.
    pub marks: Vec<(usize, usize)>,
}

/// One result of a search.
#[derive(Debug)]
pub struct SearchHit<'a> {
    pub item: &'a Item,
    pub score: f64,
    /// How many of the query's words the item contains.
    pub words_matched: usize,
    pub snippet: Snippet,
    /// Copies of the same text in force, folded into this hit.
    pub folded_copies: Vec<&'a Item>,
}

/// A word of an item: its byte range and its normalised stem.
struct Word {
    start: usize,
    end: usize,
    stem: String,
}

fn words(text: &str) -> Vec<Word> {
    let mut found = Vec::new();
    let mut start = None;
    for (index, ch) in text.char_indices() {
        let part_of_word = ch.is_alphanumeric() || ch == '\'' || ch == '’';
        match (part_of_word, start) {
            (true, None) => start = Some(index),
            (false, Some(begin)) => {
                found.push(make_word(text, begin, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(begin) = start {
        found.push(make_word(text, begin, text.len()));
    }
    found.retain(|word| !word.stem.is_empty());
    found
}

fn make_word(text: &str, start: usize, end: usize) -> Word {
    let raw = text.get(start..end).unwrap_or_default();
    let end = end - raw.len() + raw.trim_end_matches(['\'', '’']).len();
    Word {
        start,
        end,
        stem: stem(raw),
    }
}

/// Lower case, accents and apostrophes dropped, a plural or verb ending stripped.
pub(crate) fn stem(word: &str) -> String {
    let folded: String = word
        .chars()
        .filter(|ch| *ch != '\'' && *ch != '’')
        .flat_map(char::to_lowercase)
        .map(|ch| match ch {
            'é' | 'è' | 'ê' => 'e',
            other => other,
        })
        .collect();
    for suffix in ["ing", "ed", "s"] {
        if let Some(base) = folded.strip_suffix(suffix)
            && base.len() >= 3
            && !base.ends_with('s')
        {
            return base.to_string();
        }
    }
    folded
}

fn matches(query_stem: &str, word_stem: &str) -> bool {
    word_stem == query_stem || (query_stem.len() >= 4 && word_stem.starts_with(query_stem))
}

/// Searches the items in force under the ruleset (every item with `include_superseded`),
/// best first: more of the query's words, then a BM25 score. Copies of one text are folded
/// into the latest document's item. At most `limit` hits are returned.
pub fn search<'a>(
    corpus: &'a Corpus,
    ruleset: &Ruleset,
    query: &str,
    include_superseded: bool,
    limit: usize,
) -> Vec<SearchHit<'a>> {
    let query_stems: Vec<String> = {
        let mut stems: Vec<String> = words(query).into_iter().map(|word| word.stem).collect();
        stems.dedup();
        stems
    };
    if query_stems.is_empty() {
        return Vec::new();
    }
    let candidates: Vec<(&Item, Vec<Word>)> = corpus
        .items()
        .iter()
        .filter(|item| include_superseded || ruleset.in_force(corpus, item))
        .map(|item| (item, words(&item.text)))
        .collect();
    let total = candidates.len().max(1) as f64;
    let average_length = candidates
        .iter()
        .map(|(_, words)| words.len())
        .sum::<usize>() as f64
        / total;
    let mut document_frequency: BTreeMap<&str, usize> = BTreeMap::new();
    for stem in &query_stems {
        let count = candidates
            .iter()
            .filter(|(_, words)| words.iter().any(|word| matches(stem, &word.stem)))
            .count();
        document_frequency.insert(stem, count);
    }
    let mut hits: Vec<SearchHit<'a>> = Vec::new();
    for (item, item_words) in &candidates {
        let mut score = 0.0;
        let mut words_matched = 0;
        for stem in &query_stems {
            let frequency = item_words
                .iter()
                .filter(|word| matches(stem, &word.stem))
                .count() as f64;
            if frequency == 0.0 {
                continue;
            }
            words_matched += 1;
            let df = document_frequency.get(stem.as_str()).copied().unwrap_or(0) as f64;
            let idf = (1.0 + (total - df + 0.5) / (df + 0.5)).ln();
            let length_ratio = item_words.len() as f64 / average_length.max(1.0);
            score += idf * frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * length_ratio));
        }
        if words_matched == 0 {
            continue;
        }
        hits.push(SearchHit {
            item,
            score,
            words_matched,
            snippet: Snippet {
                text: String::new(),
                marks: Vec::new(),
            },
            folded_copies: Vec::new(),
        });
    }
    hits.sort_by(|a, b| {
        b.words_matched
            .cmp(&a.words_matched)
            .then_with(|| b.score.total_cmp(&a.score))
            .then_with(|| {
                corpus
                    .document_rank(&b.item.document)
                    .cmp(&corpus.document_rank(&a.item.document))
            })
            .then_with(|| a.item.id.cmp(&b.item.id))
    });
    // Fold copies of one text into the first (latest-document) hit of them.
    let mut folded: Vec<SearchHit<'a>> = Vec::new();
    for hit in hits {
        let copies = corpus.copies_of(hit.item);
        if let Some(kept) = folded
            .iter_mut()
            .find(|kept| copies.iter().any(|copy| copy.id == kept.item.id))
        {
            kept.folded_copies.push(hit.item);
            continue;
        }
        folded.push(hit);
    }
    folded.truncate(limit);
    for hit in &mut folded {
        hit.folded_copies
            .sort_by_key(|copy| corpus.document_rank(&copy.document));
        hit.snippet = snippet(&hit.item.text, &words(&hit.item.text), &query_stems);
    }
    folded
}

/// The window of about 28 words holding the most matches, the matched words marked.
fn snippet(text: &str, item_words: &[Word], query_stems: &[String]) -> Snippet {
    const WINDOW: usize = 28;
    let is_match = |word: &Word| query_stems.iter().any(|stem| matches(stem, &word.stem));
    let count = item_words.len();
    let (mut best_start, mut best_hits) = (0, 0);
    for start in 0..=count.saturating_sub(WINDOW) {
        let hits = item_words
            .iter()
            .skip(start)
            .take(WINDOW)
            .filter(|word| is_match(word))
            .count();
        if hits > best_hits {
            best_hits = hits;
            best_start = start;
        }
    }
    let window: Vec<&Word> = item_words.iter().skip(best_start).take(WINDOW).collect();
    let (Some(first), Some(last)) = (window.first(), window.last()) else {
        return Snippet {
            text: text.to_string(),
            marks: Vec::new(),
        };
    };
    let from = if best_start == 0 { 0 } else { first.start };
    let to = if best_start + WINDOW >= count {
        text.len()
    } else {
        last.end
    };
    let mut body = String::new();
    let mut offset = 0;
    if from > 0 {
        body.push('…');
        offset = body.len();
    }
    body.push_str(text.get(from..to).unwrap_or_default());
    let marks = window
        .iter()
        .filter(|word| is_match(word))
        .map(|word| (word.start - from + offset, word.end - from + offset))
        .collect();
    if to < text.len() {
        body.push('…');
    }
    // Hard line breaks inside an item read as spaces in a one-line snippet.
    let body = body.replace('\n', " ");
    Snippet { text: body, marks }
}
