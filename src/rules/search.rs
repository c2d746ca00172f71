//! Ranked full-text search over the items in force, with snippets that mark the words found.
//!
//! Words are reduced to their Snowball (Porter 2) English stems, so `evacuate` finds
//! "evacuation"; common words such as "what" and "with" are left out of a query. The corpus
//! is tokenised once, at the first search, not again for each query.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rust_stemmers::Stemmer;
use serde::Serialize;

use super::corpus::{Corpus, Item};
use super::ruleset::Ruleset;
use super::tokens::{self, Word};

/// The most distinct words of a query that are searched for; a judge's question has far
/// fewer, and a longer query costs no more than this.
pub const MAX_QUERY_WORDS: usize = 24;

/// The most bytes of a query read: a question of a few lines.
pub const MAX_QUERY_BYTES: usize = 1_000;

/// Words too common to rank by, left out of a query: English function words, and the words
/// a judge's question is phrased with ("what happens if I ...", "how many").
const STOP_WORDS: [&str; 83] = [
    "a", "about", "after", "again", "all", "am", "an", "and", "any", "are", "as", "at", "be",
    "been", "being", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "for",
    "from", "get", "gets", "had", "happen", "happens", "has", "have", "having", "he", "her",
    "here", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "many", "may",
    "me", "much", "my", "of", "on", "or", "our", "she", "should", "so", "than", "that", "the",
    "their", "them", "then", "there", "these", "they", "this", "those", "to", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "with", "you",
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

/// A word of an item: its byte range and stem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedWord {
    pub start: usize,
    pub end: usize,
    pub stem: Cow<'static, str>,
}

/// Where each stem stands: for every stem, in byte order, the (item, position) pairs.
type Postings<S, P> = [(S, P)];

/// The search index: every stem with the items and positions where it stands, and each
/// item's number of words. The build script makes it for the embedded corpus; another
/// corpus makes it at its first search.
#[derive(Debug)]
pub enum SearchIndex {
    Embedded {
        words: &'static [(&'static str, &'static [usize])],
        postings: &'static Postings<&'static str, &'static [(u32, u32)]>,
    },
    Made {
        words: Vec<Vec<IndexedWord>>,
        postings: Vec<(String, Vec<(u32, u32)>)>,
    },
}

impl SearchIndex {
    /// Tokenises every item's text.
    pub fn new(items: &[Item]) -> SearchIndex {
        let stemmer = tokens::stemmer();
        let words: Vec<Vec<IndexedWord>> = items
            .iter()
            .map(|item| {
                tokens::words(&stemmer, &item.text)
                    .into_iter()
                    .map(|word| IndexedWord {
                        start: word.start,
                        end: word.end,
                        stem: word.stem.into(),
                    })
                    .collect()
            })
            .collect();
        let mut postings: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
        for (item, item_words) in words.iter().enumerate() {
            for (position, word) in item_words.iter().enumerate() {
                postings.entry(word.stem.to_string()).or_default().push((
                    u32::try_from(item).unwrap_or(u32::MAX),
                    u32::try_from(position).unwrap_or(u32::MAX),
                ));
            }
        }
        SearchIndex::Made {
            words,
            postings: postings.into_iter().collect(),
        }
    }

    /// The index the build script made.
    pub fn embedded(
        words: &'static [(&'static str, &'static [usize])],
        postings: &'static [(&'static str, &'static [(u32, u32)])],
    ) -> SearchIndex {
        SearchIndex::Embedded { words, postings }
    }

    /// How many words an item has.
    fn length(&self, item: usize) -> usize {
        match self {
            SearchIndex::Embedded { words, .. } => {
                words.get(item).map_or(0, |(_, offsets)| offsets.len() / 2)
            }
            SearchIndex::Made { words, .. } => words.get(item).map_or(0, Vec::len),
        }
    }

    /// An item's words, in order.
    pub fn words(&self, item: usize) -> Vec<IndexedWord> {
        match self {
            SearchIndex::Embedded { words, .. } => words
                .get(item)
                .map(|(stems, offsets)| {
                    stems
                        .split(' ')
                        .zip(offsets.chunks_exact(2))
                        .map(|(stem, range)| IndexedWord {
                            start: range.first().copied().unwrap_or(0),
                            end: range.get(1).copied().unwrap_or(0),
                            stem: Cow::Borrowed(stem),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            SearchIndex::Made { words, .. } => words.get(item).cloned().unwrap_or_default(),
        }
    }

    /// The stems a query stem matches (itself, and the longer stems it begins when it has
    /// four letters or more), each with whether it is the stem itself and where it stands.
    fn matching(&self, query: &str) -> Vec<(bool, &[(u32, u32)])> {
        fn scan<'i, S: AsRef<str>, P: AsRef<[(u32, u32)]>>(
            postings: &'i [(S, P)],
            query: &str,
        ) -> Vec<(bool, &'i [(u32, u32)])> {
            let first = postings.partition_point(|(stem, _)| stem.as_ref() < query);
            postings
                .get(first..)
                .unwrap_or_default()
                .iter()
                .take_while(|(stem, _)| stem.as_ref().starts_with(query))
                .filter(|(stem, _)| stem.as_ref() == query || query.len() >= 4)
                .map(|(stem, places)| (stem.as_ref() == query, places.as_ref()))
                .collect()
        }
        match self {
            SearchIndex::Embedded { postings, .. } => scan(postings, query),
            SearchIndex::Made { postings, .. } => scan(postings, query),
        }
    }
}

/// What one term of a query found in one item.
#[derive(Default)]
struct Found {
    whole: usize,
    begun: usize,
    positions: Vec<u32>,
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
    let all = tokens::words(stemmer, query.get(..end).unwrap_or_default());
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

/// Which items a search looks at, how it ranks them, and how many it keeps.
#[derive(Clone, Copy, Debug)]
pub struct SearchScope<'g> {
    /// Superseded items too, not only those in force.
    pub include_superseded: bool,
    /// Only the rules of this game (`young-jedi`, `clash`).
    pub game: Option<&'g str>,
    /// The game the user is in: its rules rank before the other game's.
    pub first: Option<&'g str>,
    /// How many hits to keep; all are counted.
    pub limit: usize,
}

/// Whether an item says something of the game: not a document's title, contents, address or
/// notice, which rank after every item that does.
fn is_rule_text(item: &Item) -> bool {
    !matches!(
        item.kind,
        super::corpus::ItemKind::FrontMatter | super::corpus::ItemKind::Notice
    )
}

/// Searches the items in force under the ruleset (every item with `include_superseded`),
/// best first: the rules of the game the user is in (`first`), then rule text before a
/// document's title and front matter, then more of the query's words, then a BM25 score. Copies of one text are folded into the latest document's item.
/// At most `limit` hits are kept; all are counted.
pub fn search<'a>(
    corpus: &'a Corpus,
    ruleset: &Ruleset,
    query: &str,
    scope: SearchScope<'_>,
) -> SearchResults<'a> {
    let SearchScope {
        include_superseded,
        game,
        first,
        limit,
    } = scope;
    let stemmer = tokens::stemmer();
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
    let items = corpus.items();
    let searched: Vec<bool> = items
        .iter()
        .map(|item| {
            (include_superseded || ruleset.in_force(corpus, item))
                && game.is_none_or(|game| {
                    corpus
                        .document_of(item)
                        .is_some_and(|document| document.game == game)
                })
        })
        .collect();
    let candidate_count = searched.iter().filter(|yes| **yes).count();
    let total = candidate_count.max(1) as f64;
    let average_length = (0..items.len())
        .filter(|item| searched.get(*item).copied().unwrap_or(false))
        .map(|item| index.length(item))
        .sum::<usize>() as f64
        / total;
    // For each term, what it found in each item searched.
    let found: Vec<BTreeMap<usize, Found>> = terms
        .iter()
        .map(|(_, stem)| {
            let mut by_item: BTreeMap<usize, Found> = BTreeMap::new();
            for (whole, places) in index.matching(stem) {
                for &(item, position) in places {
                    let item = item as usize;
                    if !searched.get(item).copied().unwrap_or(false) {
                        continue;
                    }
                    let entry = by_item.entry(item).or_default();
                    if whole {
                        entry.whole += 1;
                    } else {
                        entry.begun += 1;
                    }
                    entry.positions.push(position);
                }
            }
            by_item
        })
        .collect();
    let hit_items: std::collections::BTreeSet<usize> = found
        .iter()
        .flat_map(|by_item| by_item.keys().copied())
        .collect();
    // A number ("a 5") narrows a question less than a word does: numbers count towards the
    // words matched only when the query has nothing else.
    let counts = |stem: &str| terms.iter().all(|(_, s)| is_number(s)) || !is_number(stem);
    let mut hits: Vec<(SearchHit<'a>, usize)> = Vec::new();
    for item_index in hit_items {
        let Some(item) = items.get(item_index) else {
            continue;
        };
        let mut score = 0.0;
        let mut words_matched = 0;
        // Query words that stand side by side in the item, as they do in the query.
        for pair in found.windows(2) {
            if let [first, second] = pair
                && let (Some(first), Some(second)) =
                    (first.get(&item_index), second.get(&item_index))
                && first
                    .positions
                    .iter()
                    .any(|position| second.positions.contains(&(position + 1)))
            {
                score += 1.0;
            }
        }
        let length_ratio = index.length(item_index) as f64 / average_length.max(1.0);
        for ((_, stem), by_item) in terms.iter().zip(&found) {
            let Some(here) = by_item.get(&item_index) else {
                continue;
            };
            // A word found whole counts fully, one it only begins ("block" in "Blockade")
            // a third; a number a third of that.
            let frequency = here.whole as f64 + 0.3 * here.begun as f64;
            if counts(stem) {
                words_matched += 1;
            }
            let df = by_item.len() as f64;
            let idf = (1.0 + (total - df + 0.5) / (df + 0.5)).ln();
            let weight = if is_number(stem) { 0.3 } else { 1.0 };
            score +=
                weight * idf * frequency * 2.2 / (frequency + 1.2 * (0.25 + 0.75 * length_ratio));
        }
        // A line of a card list names a card; a question is about a rule.
        if item.kind == super::corpus::ItemKind::CardList {
            score *= 0.5;
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
            item_index,
        ));
    }
    // What ranks a hit before its words and score, read once for each hit: the game the user
    // is in, rule text, and (last) a later document.
    let standing = |item: &Item| {
        let in_first_game = first.is_some_and(|first| {
            corpus
                .document_of(item)
                .is_some_and(|document| document.game == first)
        });
        (
            in_first_game,
            is_rule_text(item),
            corpus.document_rank(&item.document),
        )
    };
    let mut hits: Vec<((bool, bool, usize), SearchHit<'a>, usize)> = hits
        .into_iter()
        .map(|(hit, item_index)| (standing(hit.item), hit, item_index))
        .collect();
    hits.sort_by(|(a_standing, a, _), (b_standing, b, _)| {
        let (a_first, a_rule_text, a_document) = *a_standing;
        let (b_first, b_rule_text, b_document) = *b_standing;
        b_first
            .cmp(&a_first)
            .then_with(|| b_rule_text.cmp(&a_rule_text))
            .then_with(|| b.words_matched.cmp(&a.words_matched))
            .then_with(|| b.score.total_cmp(&a.score))
            .then_with(|| b_document.cmp(&a_document))
            .then_with(|| a.item.id.cmp(&b.item.id))
    });
    // Fold copies of one text into the first (latest-document) hit of them.
    let mut folded: Vec<(SearchHit<'a>, usize)> = Vec::new();
    for (_, hit, item_index) in hits {
        let copies = corpus.copies_of(hit.item);
        if let Some((kept, _)) = folded
            .iter_mut()
            .find(|(kept, _)| copies.iter().any(|copy| copy.id == kept.item.id))
        {
            kept.folded_copies.push(hit.item);
            continue;
        }
        folded.push((hit, item_index));
    }
    let total = folded.len();
    folded.truncate(limit);
    let stems: Vec<&str> = terms.iter().map(|(_, stem)| stem.as_str()).collect();
    let hits = folded
        .into_iter()
        .map(|(mut hit, item_index)| {
            hit.folded_copies
                .sort_by_key(|copy| corpus.document_rank(&copy.document));
            hit.snippet = snippet(&hit.item.text, &index.words(item_index), &stems);
            hit
        })
        .collect();
    SearchResults {
        words: words_searched,
        total,
        hits,
    }
}

/// A text outside the corpus that a query found (a named assumption's): its place in the
/// texts searched, how many of the query's words it holds, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextHit {
    pub index: usize,
    pub words_matched: usize,
    pub snippet: Snippet,
}

/// Searches a few texts outside the corpus (the named assumptions) for a query's words, in
/// any of their forms as the corpus search finds them: the texts holding the most of the
/// words, in the order given. Only the words that may match a query word are stemmed to
/// count them, and only the texts returned are read whole, for their snippets.
pub fn search_texts(texts: &[&str], query: &str) -> Vec<TextHit> {
    let stemmer = tokens::stemmer();
    let terms = query_terms(&stemmer, query);
    let stems: Vec<&str> = terms.iter().map(|(_, stem)| stem.as_str()).collect();
    let counted: Vec<&str> = if stems.iter().all(|stem| is_number(stem)) {
        stems.clone()
    } else {
        stems
            .iter()
            .copied()
            .filter(|stem| !is_number(stem))
            .collect()
    };
    let probes: Option<Vec<&str>> = counted.iter().map(|stem| probe(stem)).collect();
    let matched: Vec<(usize, usize)> = texts
        .iter()
        .enumerate()
        .filter_map(|(index, text)| {
            let candidates = tokens::words_where(&stemmer, text, |lower| {
                probes
                    .as_ref()
                    .is_none_or(|probes| probes.iter().any(|probe| lower.starts_with(probe)))
            });
            let words_matched = counted
                .iter()
                .filter(|stem| candidates.iter().any(|word| matches(stem, &word.stem)))
                .count();
            (words_matched > 0).then_some((index, words_matched))
        })
        .collect();
    let most = matched.iter().map(|(_, count)| *count).max().unwrap_or(0);
    matched
        .into_iter()
        .filter(|(_, count)| *count == most)
        .filter_map(|(index, words_matched)| {
            let text = texts.get(index)?;
            let words: Vec<IndexedWord> = tokens::words(&stemmer, text)
                .into_iter()
                .map(|word| IndexedWord {
                    start: word.start,
                    end: word.end,
                    stem: word.stem.into(),
                })
                .collect();
            Some(TextHit {
                index,
                words_matched,
                snippet: snippet(text, &words, &stems),
            })
        })
        .collect()
}

/// How a word (in the tokeniser's lower case) that matches this stem starts: the stem less
/// its last two letters. A word's stem is the word less a changed ending of at most two
/// letters (`possibility`, `possibl`), and a word matches a stem it starts with. `None` for
/// a stem too short to tell by, or for a number, which may be written as a word (`sixty`).
fn probe(stem: &str) -> Option<&str> {
    if is_number(stem) {
        return None;
    }
    let keep = stem
        .chars()
        .count()
        .checked_sub(2)
        .filter(|keep| *keep > 0)?;
    let end = stem
        .char_indices()
        .nth(keep)
        .map_or(stem.len(), |(at, _)| at);
    stem.get(..end)
}

/// The window of about 28 words holding the most matches, the matched words marked.
fn snippet(text: &str, item_words: &[IndexedWord], stems: &[&str]) -> Snippet {
    const WINDOW: usize = 28;
    let is_match = |word: &IndexedWord| stems.iter().any(|stem| matches(stem, &word.stem));
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
    let window: Vec<&IndexedWord> = item_words.iter().skip(best_start).take(WINDOW).collect();
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

    /// The probe of a stem is found in every word of that stem, over every word of the
    /// corpus: what lets a search skip a text without its probes.
    #[test]
    fn every_word_of_the_corpus_holds_the_probe_of_its_stem() {
        let stemmer = tokens::stemmer();
        let mut words = 0;
        for item in crate::rules::Corpus::embedded().items() {
            for word in tokens::words(&stemmer, &item.text) {
                words += 1;
                if let Some(probe) = probe(&word.stem) {
                    assert!(
                        word.lower.starts_with(probe),
                        "{:?} stems to {:?}",
                        word.lower,
                        word.stem
                    );
                }
            }
        }
        assert!(words > 5_000, "{words}");
    }

    #[test]
    fn stop_words_are_sorted_for_binary_search() {
        let mut sorted = STOP_WORDS;
        sorted.sort_unstable();
        assert_eq!(sorted, STOP_WORDS);
    }

    #[test]
    fn a_question_keeps_its_content_words_only() {
        let stemmer = tokens::stemmer();
        let terms = query_terms(&stemmer, "What happens with 0 damage?");
        let lower: Vec<&str> = terms.iter().map(|(lower, _)| lower.as_str()).collect();
        assert_eq!(lower, ["0", "damage"]);
    }

    /// A number written in words stands as its digits, up to a hundred and past: one word or
    /// two joined by a hyphen or a space.
    #[test]
    fn a_number_in_words_is_its_digits() {
        let stemmer = tokens::stemmer();
        let stems = |text: &str| -> Vec<(String, String)> {
            tokens::words(&stemmer, text)
                .into_iter()
                .map(|word| (text[word.start..word.end].to_string(), word.stem))
                .collect()
        };
        let pair = |shown: &str, stem: &str| (shown.to_string(), stem.to_string());
        assert_eq!(
            stems("Sixty cards, twenty-one counters"),
            [
                pair("Sixty", "60"),
                pair("cards", "card"),
                pair("twenty-one", "21"),
                pair("counters", "counter"),
            ]
        );
        assert_eq!(
            stems("ninety nine or one hundred, a hundred"),
            [
                pair("ninety nine", "99"),
                pair("or", "or"),
                pair("one hundred", "100"),
                pair("a", "a"),
                pair("hundred", "100"),
            ]
        );
        assert_eq!(
            stems("zero, seven, 20 one"),
            [
                pair("zero", "0"),
                pair("seven", "7"),
                pair("20", "20"),
                pair("one", "1"),
            ]
        );
        let terms = query_terms(&stemmer, "sixty cards");
        assert_eq!(
            terms,
            [
                ("sixty".to_string(), "60".to_string()),
                ("cards".to_string(), "card".to_string())
            ]
        );
    }

    #[test]
    fn evacuate_and_evacuation_share_a_stem() {
        let stemmer = tokens::stemmer();
        let of = |text: &str| tokens::words(&stemmer, text).remove(0).stem;
        assert_eq!(of("evacuate"), of("evacuation"));
        assert_eq!(of("Maul's"), of("maul"));
    }

    #[test]
    fn the_build_scripts_index_is_the_one_the_program_would_make() {
        let corpus = Corpus::embedded();
        let embedded = corpus.search_index();
        let made = SearchIndex::new(corpus.items());
        for item in 0..corpus.items().len() {
            assert_eq!(embedded.words(item), made.words(item));
            assert_eq!(embedded.length(item), made.length(item));
        }
        for stem in ["duel", "block", "thrust", "evacu", "damag", "0", "maul"] {
            assert_eq!(embedded.matching(stem), made.matching(stem), "{stem}");
        }
    }

    #[test]
    fn a_query_of_many_words_searches_at_most_the_cap() {
        let stemmer = tokens::stemmer();
        let query: Vec<String> = (0..1_000).map(|n| format!("word{n}")).collect();
        assert_eq!(
            query_terms(&stemmer, &query.join(" ")).len(),
            MAX_QUERY_WORDS
        );
    }
}
