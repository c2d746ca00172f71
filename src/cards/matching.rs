//! Forgiving look-up of cards by name: word prefixes in any order, accents and punctuation ignored, nearest names suggested.
//!
//! Names are normalised once into a [`NameIndex`]; a look-up then costs a few map searches,
//! however many cards there are or how often it is asked. Queries longer than any card name
//! are refused before any fuzzy matching, so a hostile name costs no more than a real one.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use thiserror::Error;

use super::model::{Card, SearchTexts};
pub use super::names::{normalise, split_set};

/// A name, normalised or as printed: borrowed from the binary for the embedded catalog.
type Name = Cow<'static, str>;

/// Where a word is: (card, which of its names, start, end) in bytes of the normalised name.
pub type WordPlace = (usize, usize, usize, usize);

/// The embedded catalog's names, normalised by the build script: for each card, its full
/// name as printed, its normalised full name and aliases, which of them are found only whole
/// (their places in that list), and its normalised title.
pub type NormalisedNames = (
    &'static str,
    &'static [Name],
    &'static [usize],
    &'static str,
);

/// A normalised name and the cards it names exactly, with how strongly (full name, alias,
/// title), as the build writes them for the embedded catalog.
pub type ExactName = (&'static str, &'static [(usize, Strength)]);

/// The longest name, in characters, that a look-up considers: far beyond any card's full
/// name (the longest printed names have under 60 characters).
pub const MAX_NAME_CHARS: usize = 120;

pub use crate::text::similarity;
use crate::text::similarity_at_least;

/// How well a name matched a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Every word of the query begins a word of the name, in any order.
    Words,
    /// The query is the card's title.
    Title,
    /// The query is an alias of the card.
    Alias,
    /// The query is the card's full name.
    FullName,
}

/// Why a name found no single card.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CardLookupError {
    #[error("no card is named {given:?}")]
    Unknown {
        given: String,
        /// The nearest names, best first.
        suggestions: Vec<String>,
    },
    #[error("{given:?} could be any of {} cards", candidates.len())]
    Ambiguous {
        given: String,
        candidates: Vec<String>,
    },
    #[error("{given:?} names a card printed in {} versions whose numbers differ", versions.len())]
    Versions {
        given: String,
        /// Each version by the name that finds it alone, with what sets it apart.
        versions: Vec<String>,
    },
}

/// The names of one card, normalised.
#[derive(Clone, Debug, PartialEq)]
struct IndexedNames {
    /// The full name as printed.
    full_name: Name,
    /// Normalised: the full name, then each alias.
    names: Cow<'static, [Name]>,
    /// The places in `names` of the names found only whole (a name with its set).
    whole_only: Cow<'static, [usize]>,
    title: Name,
}

/// The normalised names of a list of cards, with a map from whole names to the cards that
/// have them, and every word of every name, sorted at the first look-up by words.
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
    cards: Vec<IndexedNames>,
    /// A whole normalised name: the cards with it, and how strongly it names each.
    exact: HashMap<Name, Vec<(usize, Strength)>>,
    /// The same for the embedded catalog, written by the build sorted by name (then `exact`
    /// is empty).
    exact_sorted: &'static [ExactName],
    /// Each word of each name: (card, name, the word's byte range in that name); empty for
    /// the embedded catalog, whose words the build wrote in order.
    words: Vec<WordPlace>,
    /// `words` in the order of the words: written by the build for the embedded catalog,
    /// otherwise made when first needed.
    sorted: OnceLock<Cow<'static, [WordPlace]>>,
}

/// Two indexes are equal when they hold the same names; the sorted words are a cache.
impl PartialEq for NameIndex {
    fn eq(&self, other: &NameIndex) -> bool {
        self.cards == other.cards
            && self.exact_names() == other.exact_names()
            && self.word_order() == other.word_order()
    }
}

impl NameIndex {
    pub fn new<'a>(cards: impl IntoIterator<Item = &'a Card>) -> NameIndex {
        let mut index = NameIndex::default();
        for card in cards {
            index.push(card);
        }
        index
    }

    /// The index of names normalised ahead of time (the embedded catalog's).
    pub fn from_normalised(
        entries: &'static [NormalisedNames],
        sorted_words: &'static [WordPlace],
        exact_sorted: &'static [ExactName],
    ) -> NameIndex {
        // The build wrote the exact names and the words in order: only the cards' names are
        // laid out here, borrowed, and `words` stays empty until a card is pushed.
        NameIndex {
            cards: entries
                .iter()
                .map(|(full_name, names, whole_only, title)| IndexedNames {
                    full_name: Cow::Borrowed(full_name),
                    names: Cow::Borrowed(names),
                    whole_only: Cow::Borrowed(whole_only),
                    title: Cow::Borrowed(title),
                })
                .collect(),
            exact_sorted,
            sorted: OnceLock::from(Cow::Borrowed(sorted_words)),
            ..NameIndex::default()
        }
    }

    /// The words in word order as the index holds them: for the embedded catalog, as
    /// [`NameIndex::from_normalised`] was given them by the build.
    pub fn words_in_order(&self) -> Vec<WordPlace> {
        self.word_order().to_vec()
    }

    /// The words in word order as sorting them now gives them (for a test that the build's
    /// order is the program's).
    pub fn words_sorted_now(&self) -> Vec<WordPlace> {
        self.sort_words()
    }

    fn sort_words(&self) -> Vec<WordPlace> {
        let mut sorted = self.words.clone();
        sorted.sort_by(|a, b| self.word(*a).cmp(self.word(*b)).then(a.cmp(b)));
        sorted
    }

    fn word_order(&self) -> &[WordPlace] {
        self.sorted.get_or_init(|| Cow::Owned(self.sort_words()))
    }

    /// Adds a card; its position is the number of cards added before it.
    pub fn push(&mut self, card: &Card) {
        // An index the build laid out holds its words only in order: they are taken up first.
        if self.words.is_empty() && !self.cards.is_empty() {
            self.words = self.word_order().to_vec();
        }
        // The build's sorted table takes no more names: they move to the map first.
        for (name, entries) in std::mem::take(&mut self.exact_sorted) {
            self.exact.insert(Cow::Borrowed(*name), entries.to_vec());
        }
        let full_name = card.full_name();
        let mut names = vec![Cow::Owned(normalise(&full_name))];
        names.extend(
            card.aliases
                .iter()
                .map(|alias| Cow::Owned(normalise(alias))),
        );
        let whole_only: Vec<usize> = card
            .aliases
            .iter()
            .enumerate()
            .filter(|(_, alias)| !super::names::words_searched(alias))
            .map(|(at, _)| at + 1)
            .collect();
        self.push_names(IndexedNames {
            title: Cow::Owned(normalise(&card.title)),
            full_name: Cow::Owned(full_name),
            names: Cow::Owned(names),
            whole_only: Cow::Owned(whole_only),
        });
    }

    fn push_names(&mut self, card: IndexedNames) {
        let position = self.cards.len();
        for (which, name) in card.names.iter().enumerate() {
            let strength = if which == 0 {
                Strength::FullName
            } else {
                Strength::Alias
            };
            if self.exact_sorted.is_empty() {
                self.exact
                    .entry(name.clone())
                    .or_default()
                    .push((position, strength));
            }
            if card.whole_only.contains(&which) {
                continue;
            }
            let mut start = 0;
            for word in name.split(' ') {
                if !word.is_empty() {
                    self.words
                        .push((position, which, start, start + word.len()));
                }
                start += word.len() + 1;
            }
        }
        self.sorted = OnceLock::new();
        if self.exact_sorted.is_empty() {
            self.exact
                .entry(card.title.clone())
                .or_default()
                .push((position, Strength::Title));
        }
        self.cards.push(card);
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// The cards whose full name, alias or title is exactly this normalised name.
    fn exact_entries(&self, name: &str) -> &[(usize, Strength)] {
        if self.exact_sorted.is_empty() {
            return self.exact.get(name).map(Vec::as_slice).unwrap_or_default();
        }
        self.exact_sorted
            .binary_search_by(|(known, _)| (*known).cmp(name))
            .ok()
            .and_then(|found| self.exact_sorted.get(found))
            .map(|(_, entries)| *entries)
            .unwrap_or_default()
    }

    /// Every exact name with its cards, in name order, wherever they are kept.
    fn exact_names(&self) -> Vec<(&str, &[(usize, Strength)])> {
        if !self.exact_sorted.is_empty() {
            return self.exact_sorted.to_vec();
        }
        let mut names: Vec<(&str, &[(usize, Strength)])> = self
            .exact
            .iter()
            .map(|(name, entries)| (&**name, entries.as_slice()))
            .collect();
        names.sort_unstable_by(|a, b| a.0.cmp(b.0));
        names
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The position of the card whose full name or alias is exactly this, normalised.
    pub fn exact(&self, query: &str) -> Option<usize> {
        let wanted = normalise(query);
        Some(self.exact_entries(&wanted)).and_then(|found| {
            found
                .iter()
                .filter(|(_, strength)| *strength >= Strength::Alias)
                .map(|(position, _)| *position)
                .next()
        })
    }

    /// Whether some card's full name is exactly this, normalised.
    pub fn has_full_name(&self, query: &str) -> bool {
        self.exact_entries(&normalise(query))
            .iter()
            .any(|(_, strength)| *strength == Strength::FullName)
    }

    /// The positions of the cards a name means. Versions with the same full name (one title
    /// printed in two sets) are all returned together. An unknown name's suggestions are not
    /// computed here (see [`NameIndex::suggest`]).
    pub fn find(&self, query: &str) -> Result<Vec<usize>, CardLookupError> {
        self.find_by(query, true)
    }

    /// Every card a whole name is (full name, alias or title), however strongly: the cards a
    /// name shares with a set after it may mean.
    pub fn every_with_name(&self, query: &str) -> Vec<usize> {
        let mut positions: Vec<usize> = self
            .exact_entries(&normalise(query))
            .iter()
            .map(|(position, _)| *position)
            .collect();
        positions.sort_unstable();
        positions.dedup();
        positions
    }

    /// [`NameIndex::find`] by whole names only (full name, alias, title): no words.
    pub fn find_exact(&self, query: &str) -> Result<Vec<usize>, CardLookupError> {
        self.find_by(query, false)
    }

    fn find_by(&self, query: &str, by_words: bool) -> Result<Vec<usize>, CardLookupError> {
        let unknown = || CardLookupError::Unknown {
            given: query.to_string(),
            suggestions: Vec::new(),
        };
        if query.chars().nth(MAX_NAME_CHARS).is_some() {
            return Err(unknown());
        }
        let wanted = normalise(query);
        if wanted.is_empty() {
            return Err(unknown());
        }
        let mut best: Vec<(usize, Strength)> = self.exact_entries(&wanted).to_vec();
        if let Some(strongest) = best.iter().map(|(_, strength)| *strength).max() {
            best.retain(|(_, strength)| *strength == strongest);
        } else if by_words {
            best = self
                .word_matches(&wanted)
                .into_iter()
                .map(|position| (position, Strength::Words))
                .collect();
        }
        let mut positions: Vec<usize> = best.into_iter().map(|(position, _)| position).collect();
        positions.sort_unstable();
        positions.dedup();
        if positions.is_empty() {
            return Err(unknown());
        }
        // Names printed otherwise but read the same (`Tatooine • Podrace Arena`, `Tatooine
        // Podrace Arena`) are one name.
        let mut names: Vec<(&str, &str)> = positions
            .iter()
            .filter_map(|position| self.cards.get(*position))
            .filter_map(|card| card.names.first().map(|name| (&**name, &*card.full_name)))
            .collect();
        names.sort_unstable();
        names.dedup_by(|a, b| a.0 == b.0);
        if names.len() > 1 {
            return Err(CardLookupError::Ambiguous {
                given: query.to_string(),
                candidates: names
                    .into_iter()
                    .map(|(_, name)| name.to_string())
                    .collect(),
            });
        }
        Ok(positions)
    }

    /// A word of a name, by its place in `words`.
    fn word(&self, (card, name, start, end): WordPlace) -> &str {
        self.cards
            .get(card)
            .and_then(|names| names.names.get(name))
            .and_then(|name| name.get(start..end))
            .unwrap_or_default()
    }

    /// The cards one of whose names has, for every word of the query, a word it begins.
    fn word_matches(&self, wanted: &str) -> BTreeSet<usize> {
        let sorted = self.word_order();
        // The (card, name) pairs holding every word so far, sorted, each once.
        let mut pairs: Option<Vec<(usize, usize)>> = None;
        for word in wanted.split(' ') {
            let first = sorted.partition_point(|place| self.word(*place) < word);
            let mut holding: Vec<(usize, usize)> = sorted
                .get(first..)
                .unwrap_or_default()
                .iter()
                .take_while(|place| self.word(**place).starts_with(word))
                .map(|(card, name, _, _)| (*card, *name))
                .collect();
            holding.sort_unstable();
            holding.dedup();
            let narrowed = match pairs {
                None => holding,
                Some(mut previous) => {
                    previous.retain(|pair| holding.binary_search(pair).is_ok());
                    previous
                }
            };
            if narrowed.is_empty() {
                return BTreeSet::new();
            }
            pairs = Some(narrowed);
        }
        pairs
            .unwrap_or_default()
            .into_iter()
            .map(|(position, _)| position)
            .collect()
    }

    /// The names nearest to a query that matched nothing, best first (at most three).
    pub fn suggest(&self, query: &str) -> Vec<String> {
        self.suggest_where(query, &|_| true)
    }

    /// [`NameIndex::suggest`] among the cards at the positions `keep` accepts (the cards of
    /// one game, say).
    pub fn suggest_where(&self, query: &str, keep: &dyn Fn(usize) -> bool) -> Vec<String> {
        if query.chars().nth(MAX_NAME_CHARS).is_some() {
            return Vec::new();
        }
        let wanted = normalise(query);
        if wanted.is_empty() {
            return Vec::new();
        }
        // A misspelt name keeps its first letter: the names that begin otherwise are not
        // scored whole, which spares most of the catalog the cost of a similarity. Names as
        // players shorten them, a word misspelt (`maul studnet`), are scored by their words:
        // every word of the query begins a word of the name or is near one.
        let first = wanted.chars().next();
        let words: Vec<&str> = wanted.split(' ').filter(|word| !word.is_empty()).collect();
        let mut scored: Vec<(f64, &str, usize)> = Vec::new();
        for (position, card) in self.cards.iter().enumerate() {
            let whole = card
                .names
                .iter()
                .chain(std::iter::once(&card.title))
                .filter(|candidate| candidate.chars().next() == first)
                .map(|candidate| similarity_at_least(&wanted, candidate, 0.75))
                .fold(0.0, f64::max);
            let by_words = if words.len() > 1 {
                card.names
                    .iter()
                    .map(|candidate| word_score(&words, candidate))
                    .fold(0.0, f64::max)
            } else {
                0.0
            };
            if whole >= 0.75 || by_words >= 0.8 {
                scored.push((whole.max(by_words), &card.full_name, position));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        // `keep` is asked of the best candidates only, as it may cost more than a score.
        let mut names: Vec<String> = Vec::new();
        for (_, name, position) in scored {
            if !names.iter().any(|known| known == name) && keep(position) {
                names.push(name.to_string());
            }
            if names.len() == 3 {
                break;
            }
        }
        names
    }
}

/// How well each of a query's words matches a word of a name (1 where it begins one, its
/// similarity to the nearest of the same first letter otherwise), the worst word's score: 0
/// where one matches none.
fn word_score(words: &[&str], name: &str) -> f64 {
    let mut worst: f64 = 1.0;
    for word in words {
        let best = name
            .split(' ')
            .filter(|candidate| !candidate.is_empty())
            .map(|candidate| {
                if candidate.starts_with(word) {
                    1.0
                } else if word.len() >= 4 && candidate.get(..1) == word.get(..1) {
                    // A misspelt word keeps its first letter, as a misspelt name does.
                    similarity_at_least(word, candidate, 0.8)
                } else {
                    0.0
                }
            })
            .fold(0.0, f64::max);
        worst = worst.min(best);
        // A word near no word of the name: the name is no suggestion.
        if worst < 0.8 {
            return 0.0;
        }
    }
    worst
}

/// Finds the cards a name means, with suggestions when it means none. Builds an index of
/// `cards` for this one look-up: for many look-ups, build a [`NameIndex`] once.
pub fn find<'a>(cards: &'a [Card], query: &str) -> Result<Vec<&'a Card>, CardLookupError> {
    let index = NameIndex::new(cards);
    match index.find(query) {
        Ok(positions) => Ok(positions
            .into_iter()
            .filter_map(|position| cards.get(position))
            .collect()),
        Err(CardLookupError::Unknown { given, .. }) => Err(CardLookupError::Unknown {
            suggestions: index.suggest(&given),
            given,
        }),
        Err(error) => Err(error),
    }
}

/// The names nearest to a query that matched nothing.
pub fn suggest(cards: &[Card], wanted: &str) -> Vec<String> {
    NameIndex::new(cards).suggest(wanted)
}

/// Cards whose name, aliases, type or side (and notes, `with_notes`) hold every word of the
/// query, best first ([`ranked`]).
pub fn search<'a>(cards: &'a [Card], query: &str, with_notes: bool) -> Vec<&'a Card> {
    let Some(words) = search_words(query) else {
        return Vec::new();
    };
    let texts: Vec<_> = cards.iter().map(Card::search_texts).collect();
    ranked(texts.iter().map(|texts| texts.as_str()), &words, with_notes)
        .into_iter()
        .filter_map(|position| cards.get(position))
        .collect()
}

/// How well a card answers a search; the least is the best. Every word found outside the
/// notes first, then more of the words beginning a word of the card's full name (its title
/// and subtitle), then more of them whole words of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SearchRank {
    /// Some word is found only in the notes.
    in_notes: bool,
    /// How many words begin no word of the full name.
    not_in_name: usize,
    /// How many words are no whole word of the full name.
    not_whole_in_name: usize,
}

/// How a card whose search texts are `texts` answers the search's `words`, if every word
/// begins a word of them (of its notes only `with_notes`).
pub fn rank(texts: SearchTexts<&str>, words: &[String], with_notes: bool) -> Option<SearchRank> {
    let begins = |text: &str, word: &str| text.split(' ').any(|part| part.starts_with(word));
    let mut rank = SearchRank {
        in_notes: false,
        not_in_name: 0,
        not_whole_in_name: 0,
    };
    for word in words {
        if begins(texts.name, word) {
            if !texts.name.split(' ').any(|part| part == word) {
                rank.not_whole_in_name += 1;
            }
            continue;
        }
        rank.not_in_name += 1;
        rank.not_whole_in_name += 1;
        if begins(texts.also, word) {
            continue;
        }
        if with_notes && begins(texts.notes, word) {
            rank.in_notes = true;
            continue;
        }
        return None;
    }
    Some(rank)
}

/// The places of the cards, by their search texts, that answer the search's `words`, best
/// first ([`SearchRank`]), in the order given where they answer it as well.
pub fn ranked<'t>(
    texts: impl IntoIterator<Item = SearchTexts<&'t str>>,
    words: &[String],
    with_notes: bool,
) -> Vec<usize> {
    let mut found: Vec<(SearchRank, usize)> = texts
        .into_iter()
        .enumerate()
        .filter_map(|(position, texts)| Some((rank(texts, words, with_notes)?, position)))
        .collect();
    found.sort_unstable();
    found.into_iter().map(|(_, position)| position).collect()
}

/// The words of a search, normalised: none for a query without words, or one too long to be
/// a search.
pub fn search_words(query: &str) -> Option<Vec<String>> {
    if query.chars().nth(MAX_NAME_CHARS * 4).is_some() {
        return None;
    }
    let words: Vec<String> = normalise(query)
        .split(' ')
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect();
    (!words.is_empty()).then_some(words)
}

/// The word of a short fixed list nearest to a mistyped one, if any is near enough.
pub fn suggest_among<'a>(wanted: &str, words: &[&'a str]) -> Option<&'a str> {
    if wanted.len() > 100 {
        return None;
    }
    let wanted = normalise(wanted);
    words
        .iter()
        .map(|word| (similarity(&wanted, word), *word))
        .filter(|(score, _)| *score >= 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, word)| word)
}

/// The names a fragment being typed could complete to, for Tab: those whose normalised form
/// starts with it first, then those where every word of it starts a word of the name; each
/// once, in the order given. A fragment that opens a parenthesis asks for the version of a
/// name its set (or side) in parentheses names, so only such names complete it: the plain
/// name would take the parenthesis back. A fragment longer than any name completes to nothing.
pub fn names_completing<'a>(
    names: impl IntoIterator<Item = &'a str>,
    fragment: &str,
) -> Vec<&'a str> {
    if fragment.chars().nth(MAX_NAME_CHARS).is_some() {
        return Vec::new();
    }
    let wanted = normalise(fragment);
    let words: Vec<&str> = wanted.split(' ').filter(|word| !word.is_empty()).collect();
    let mut prefix = Vec::new();
    let mut loose = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let qualified = fragment.contains('(');
    for name in names {
        if !seen.insert(name) || (qualified && !name.contains('(')) {
            continue;
        }
        let normal = normalise(name);
        if normal.starts_with(&wanted) {
            prefix.push(name);
        } else if !words.is_empty() {
            let name_words: Vec<&str> = normal.split(' ').collect();
            if words.iter().all(|word| {
                name_words
                    .iter()
                    .any(|candidate| candidate.starts_with(word))
            }) {
                loose.push(name);
            }
        }
    }
    prefix.extend(loose);
    prefix
}

/// [`crate::text::similarity`] compares names up to four times the longest a look-up considers.
const _: () = assert!(crate::text::MAX_COMPARED == MAX_NAME_CHARS * 4);

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded index holds its words only in the build's order; a card pushed onto it
    /// takes them up first, so that a look-up by words still finds the cards it had.
    #[test]
    fn a_card_pushed_onto_the_embedded_index_keeps_every_card_found_by_words() {
        let catalog = crate::cards::Catalog::embedded();
        let mut index = catalog.index().clone();
        let before = index.find("maul student").expect("found by words");
        index.push(&crate::cards::Card::named(
            "Zzyzx Test, Pushed Card",
            crate::cards::Game::YoungJedi,
        ));
        assert_eq!(index.find("maul student").expect("still found"), before);
        assert_eq!(index.find("zzyzx pushed").expect("the new card").len(), 1);
    }

    #[test]
    fn a_fragment_completes_by_prefix_first_and_a_fragment_longer_than_any_name_to_nothing() {
        let names = ["Qui-Gon Jinn, Jedi Master", "Darth Maul, Sith Lord", "Jinn"];
        assert_eq!(
            names_completing(names, "jinn"),
            ["Jinn", "Qui-Gon Jinn, Jedi Master"]
        );
        assert_eq!(
            names_completing(names, &"j".repeat(MAX_NAME_CHARS + 1)),
            [] as [&str; 0]
        );
        assert_eq!(
            names_completing(names, &"j ".repeat(MAX_NAME_CHARS)),
            [] as [&str; 0]
        );
    }
    use crate::cards::Game;

    fn cards(names: &[&str]) -> Vec<Card> {
        names
            .iter()
            .map(|name| Card::named(name, Game::YoungJedi))
            .collect()
    }

    #[test]
    fn normalise_folds_case_accents_and_punctuation() {
        assert_eq!(
            normalise("  Padmé's  Naboo-Royal, Starship! "),
            "padmes naboo royal starship"
        );
        assert_eq!(normalise("..."), "");
    }

    #[test]
    fn words_in_any_order_find_one_card_and_a_full_name_beats_words() {
        let list = cards(&[
            "Darth Maul, Student of the Dark Side",
            "Darth Maul, Sith Lord",
            "Qui-Gon Jinn, Jedi Master",
        ]);
        let index = NameIndex::new(&list);
        assert_eq!(index.find("maul student"), Ok(vec![0]));
        assert_eq!(index.find("jinn qui"), Ok(vec![2]));
        assert!(matches!(
            index.find("darth maul"),
            Err(CardLookupError::Ambiguous { .. })
        ));
        assert_eq!(index.find("darth maul, sith lord"), Ok(vec![1]));
    }

    #[test]
    fn a_name_longer_than_any_card_is_unknown_at_once_with_no_suggestion() {
        let list = cards(&["Darth Maul, Sith Lord"]);
        let index = NameIndex::new(&list);
        let long = "maul ".repeat(200_000);
        assert!(matches!(
            index.find(&long),
            Err(CardLookupError::Unknown { .. })
        ));
        assert!(index.suggest(&long).is_empty());
    }

    #[test]
    fn a_misspelt_name_is_suggested() {
        let list = cards(&["Darth Maul, Sith Lord", "R2-D2, Astromech Droid"]);
        assert_eq!(
            suggest(&list, "darth mual sith lord"),
            vec!["Darth Maul, Sith Lord".to_string()]
        );
    }
}
