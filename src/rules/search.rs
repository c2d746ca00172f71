//! Ranked full-text search over the items in force, with snippets that mark the words found.
//!
//! Words are reduced to their Snowball (Porter 2) English stems, so `evacuate` finds
//! "evacuation"; common words such as "what" and "with" are left out of a query. The corpus
//! is tokenised once, at the first search, not again for each query.

use std::collections::BTreeMap;

use rust_stemmers::{Algorithm, Stemmer};
use serde::Serialize;

use super::corpus::{Corpus, Item};
use super::ruleset::Ruleset;

/// The most distinct words of a query that are searched for; a judge's question has far
/// fewer, and a longer query costs no more than this.
pub const MAX_QUERY_WORDS: usize = 24;

/// The most bytes of a query read: a question of a few lines.
pub const MAX_QUERY_BYTES: usize = 1_000;

/// Words too common to rank by, left out of a query: English function words, and the words
/// a judge's question is phrased with ("what happens if I ...").
const STOP_WORDS: [&str; 81] = [
    "a", "about", "after", "again", "all", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "being", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "for",
    "from", "get", "gets", "had", "happen", "happens", "has", "have", "having", "he", "her",
    "here", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "may", "me",
    "my", "of", "on", "or", "our", "she", "should", "so", "than", "that", "the", "their", "them",
    "then", "there", "these", "they", "this", "those", "to", "was", "we", "were", "what", "when",
    "where", "which", "who", "why", "with", "you",
];

/// Whether a word (lower case) is a stop word.
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.binary_search(&word).is_ok()
}

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

/// What a search found: every result counted, the best few kept.
#[derive(Debug)]
pub struct SearchResults<'a> {
    /// The query's words searched for, as typed (lower case), stop words left out.
    pub words: Vec<String>,
    /// How many items matched, copies of one text counted once.
    pub total: usize,
    /// The best results, at most the limit asked for.
    pub hits: Vec<SearchHit<'a>>,
}

/// A word of a text: its byte range, lower-case form and stem.
#[derive(Clone, Debug)]
struct Word {
    start: usize,
    end: usize,
    lower: String,
    stem: String,
}

/// Every item's words, made once per corpus.
#[derive(Debug)]
pub struct SearchIndex {
    words: Vec<Vec<Word>>,
}

impl SearchIndex {
    pub fn new(items: &[Item]) -> SearchIndex {
        let stemmer = Stemmer::create(Algorithm::English);
        SearchIndex {
            words: items
                .iter()
                .map(|item| words(&stemmer, &item.text))
                .collect(),
        }
    }
}

fn words(stemmer: &Stemmer, text: &str) -> Vec<Word> {
    let mut found = Vec::new();
    let mut start = None;
    for (index, ch) in text.char_indices() {
        let part_of_word = ch.is_alphanumeric() || ch == '\'' || ch == '’';
        match (part_of_word, start) {
            (true, None) => start = Some(index),
            (false, Some(begin)) => {
                found.extend(make_word(stemmer, text, begin, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(begin) = start {
        found.extend(make_word(stemmer, text, begin, text.len()));
    }
    found
}

fn make_word(stemmer: &Stemmer, text: &str, start: usize, end: usize) -> Option<Word> {
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
    let stem = stemmer.stem(&lower).into_owned();
    Some(Word {
        start,
        end,
        lower,
        stem,
    })
}

fn is_number(stem: &str) -> bool {
    stem.chars().all(|ch| ch.is_ascii_digit())
}

fn matches(query_stem: &str, word_stem: &str) -> bool {
    word_stem == query_stem || (query_stem.len() >= 4 && word_stem.starts_with(query_stem))
}

/// The stems to search for: the query's words less stop words (all of them if every word is
/// one), each once, at most [`MAX_QUERY_WORDS`].
fn query_terms(stemmer: &Stemmer, query: &str) -> Vec<(String, String)> {
    let mut end = query.len().min(MAX_QUERY_BYTES);
    while !query.is_char_boundary(end) {
        end -= 1;
    }
    let all = words(stemmer, query.get(..end).unwrap_or_default());
    let content: Vec<&Word> = all
        .iter()
        .filter(|word| !is_stop_word(&word.lower))
        .collect();
    let chosen: Vec<&Word> = if content.is_empty() {
        all.iter().collect()
    } else {
        content
    };
    let mut terms: Vec<(String, String)> = Vec::new();
    for word in chosen {
        if !terms.iter().any(|(_, stem)| *stem == word.stem) {
            terms.push((word.lower.clone(), word.stem.clone()));
        }
        if terms.len() == MAX_QUERY_WORDS {
            break;
        }
    }
    terms
}

/// Searches the items in force under the ruleset (every item with `include_superseded`),
/// best first: more of the query's words, then a BM25 score. Copies of one text are folded
/// into the latest document's item. At most `limit` hits are kept; all are counted.
pub fn search<'a>(
    corpus: &'a Corpus,
    ruleset: &Ruleset,
    query: &str,
    include_superseded: bool,
    limit: usize,
) -> SearchResults<'a> {
    let stemmer = Stemmer::create(Algorithm::English);
    let terms = query_terms(&stemmer, query);
    let words_searched: Vec<String> = terms.iter().map(|(lower, _)| lower.clone()).collect();
    if terms.is_empty() {
        return SearchResults {
            words: words_searched,
            total: 0,
            hits: Vec::new(),
        };
    }
    let index = corpus.search_index();
    let candidates: Vec<(&Item, &[Word])> = corpus
        .items()
        .iter()
        .zip(&index.words)
        .filter(|(item, _)| include_superseded || ruleset.in_force(corpus, item))
        .map(|(item, words)| (item, words.as_slice()))
        .collect();
    let total = candidates.len().max(1) as f64;
    let average_length = candidates
        .iter()
        .map(|(_, words)| words.len())
        .sum::<usize>() as f64
        / total;
    let mut document_frequency: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, stem) in &terms {
        let count = candidates
            .iter()
            .filter(|(_, words)| words.iter().any(|word| matches(stem, &word.stem)))
            .count();
        document_frequency.insert(stem, count);
    }
    // A number ("a 5") narrows a question less than a word does: numbers count towards the
    // words matched only when the query has nothing else.
    let counts = |stem: &str| terms.iter().all(|(_, s)| is_number(s)) || !is_number(stem);
    let mut hits: Vec<(SearchHit<'a>, &[Word])> = Vec::new();
    for (item, item_words) in &candidates {
        let mut score = 0.0;
        let mut words_matched = 0;
        let mut any = false;
        // Query words that stand side by side in the item, as they do in the query.
        for pair in terms.windows(2) {
            if let [(_, first), (_, second)] = pair
                && item_words
                    .windows(2)
                    .any(|both| matches(first, &both[0].stem) && matches(second, &both[1].stem))
            {
                score += 1.0;
            }
        }
        for (_, stem) in &terms {
            // A word found whole counts fully, one it only begins ("block" in "Blockade")
            // a third; a number a third of that.
            let frequency: f64 = item_words
                .iter()
                .map(|word| {
                    if word.stem == *stem {
                        1.0
                    } else if matches(stem, &word.stem) {
                        0.3
                    } else {
                        0.0
                    }
                })
                .sum();
            if frequency == 0.0 {
                continue;
            }
            any = true;
            if counts(stem) {
                words_matched += 1;
            }
            let df = document_frequency.get(stem.as_str()).copied().unwrap_or(0) as f64;
            let idf = (1.0 + (total - df + 0.5) / (df + 0.5)).ln();
            let length_ratio = item_words.len() as f64 / average_length.max(1.0);
            let weight = if is_number(stem) { 0.3 } else { 1.0 };
            score +=
                weight * idf * frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * length_ratio));
        }
        // A line of a card list names a card; a question is about a rule.
        if item.kind == super::corpus::ItemKind::CardList {
            score *= 0.5;
        }
        if !any {
            continue;
        }
        hits.push((
            SearchHit {
                item,
                score,
                words_matched,
                snippet: Snippet {
                    text: String::new(),
                    marks: Vec::new(),
                },
                folded_copies: Vec::new(),
            },
            item_words,
        ));
    }
    hits.sort_by(|(a, _), (b, _)| {
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
    let mut folded: Vec<(SearchHit<'a>, &[Word])> = Vec::new();
    for (hit, item_words) in hits {
        let copies = corpus.copies_of(hit.item);
        if let Some((kept, _)) = folded
            .iter_mut()
            .find(|(kept, _)| copies.iter().any(|copy| copy.id == kept.item.id))
        {
            kept.folded_copies.push(hit.item);
            continue;
        }
        folded.push((hit, item_words));
    }
    let total = folded.len();
    folded.truncate(limit);
    let stems: Vec<&str> = terms.iter().map(|(_, stem)| stem.as_str()).collect();
    let hits = folded
        .into_iter()
        .map(|(mut hit, item_words)| {
            hit.folded_copies
                .sort_by_key(|copy| corpus.document_rank(&copy.document));
            hit.snippet = snippet(&hit.item.text, item_words, &stems);
            hit
        })
        .collect();
    SearchResults {
        words: words_searched,
        total,
        hits,
    }
}

/// The window of about 28 words holding the most matches, the matched words marked.
fn snippet(text: &str, item_words: &[Word], stems: &[&str]) -> Snippet {
    const WINDOW: usize = 28;
    let is_match = |word: &Word| stems.iter().any(|stem| matches(stem, &word.stem));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_are_sorted_for_binary_search() {
        let mut sorted = STOP_WORDS;
        sorted.sort_unstable();
        assert_eq!(sorted, STOP_WORDS);
    }

    #[test]
    fn a_question_keeps_its_content_words_only() {
        let stemmer = Stemmer::create(Algorithm::English);
        let terms = query_terms(&stemmer, "What happens with 0 damage?");
        let lower: Vec<&str> = terms.iter().map(|(lower, _)| lower.as_str()).collect();
        assert_eq!(lower, ["0", "damage"]);
    }

    #[test]
    fn evacuate_and_evacuation_share_a_stem() {
        let stemmer = Stemmer::create(Algorithm::English);
        let of = |text: &str| words(&stemmer, text).remove(0).stem;
        assert_eq!(of("evacuate"), of("evacuation"));
        assert_eq!(of("Maul's"), of("maul"));
    }

    #[test]
    fn a_query_of_many_words_searches_at_most_the_cap() {
        let stemmer = Stemmer::create(Algorithm::English);
        let query: Vec<String> = (0..1_000).map(|n| format!("word{n}")).collect();
        assert_eq!(
            query_terms(&stemmer, &query.join(" ")).len(),
            MAX_QUERY_WORDS
        );
    }
}
