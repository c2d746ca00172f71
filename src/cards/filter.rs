//! Filters over the catalog for `cards list` and `cards search`: a set, a side, a type, a
//! trait, and comparisons of printed numbers such as `power>=5`.

use thiserror::Error;

use super::matching::normalise;
use super::model::{Card, CardType, Game, Side, TraitKind};
use super::row::{CardRow, PrintedNumber};
use super::traits::derive_all;
use crate::rules::{Corpus, Ruleset};

/// A printed number a comparison reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Power,
    Damage,
    Destiny,
    Deploy,
}

/// How a comparison compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Less,
    LessOrEqual,
    Equal,
    NotEqual,
    GreaterOrEqual,
    Greater,
}

/// `power>=5`: a printed number compared with a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Condition {
    pub stat: Stat,
    pub comparison: Comparison,
    pub value: i32,
}

/// Why a filter could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FilterError {
    #[error("{given:?} is not a number to compare: power, damage, destiny or deploy")]
    UnknownStat { given: String },
    #[error("{given:?} is not a whole number from 0 to 99")]
    BadNumber { given: String },
    #[error("{given:?} is not a trait: {known}")]
    UnknownTrait { given: String, known: String },
    #[error("{given:?} is not a card type: {known}")]
    UnknownType { given: String, known: String },
}

/// The operators; where two start at one place the longer is read, so `>=` is not `>`. The
/// first written for a comparison is the one `describe` prints.
const OPERATORS: [(&str, Comparison); 7] = [
    (">=", Comparison::GreaterOrEqual),
    ("<=", Comparison::LessOrEqual),
    ("!=", Comparison::NotEqual),
    ("=", Comparison::Equal),
    ("==", Comparison::Equal),
    (">", Comparison::Greater),
    ("<", Comparison::Less),
];

/// The numbers a comparison may name, by their words; `counters` is Clash's word for deploy.
const STATS: [(&str, Stat); 5] = [
    ("power", Stat::Power),
    ("damage", Stat::Damage),
    ("destiny", Stat::Destiny),
    ("deploy", Stat::Deploy),
    ("counters", Stat::Deploy),
];

impl Stat {
    /// The card's printed number, if the sources give one and it is a number.
    pub fn of(self, row: &CardRow<'_>) -> Option<i32> {
        let printed: Option<PrintedNumber<'_>> = match self {
            Stat::Power => row.power(),
            Stat::Damage => row.damage(),
            Stat::Destiny => row.destiny(),
            Stat::Deploy => row.deploy(),
        };
        printed.and_then(|printed| printed.number)
    }

    /// The word a filter names it by.
    fn word(self) -> &'static str {
        STATS
            .iter()
            .find(|(_, stat)| *stat == self)
            .map_or("power", |(word, _)| *word)
    }
}

impl Condition {
    /// Reads `power>=5`, `destiny=6`, `deploy<2`; `None` for a word that is no comparison.
    pub fn parse(word: &str) -> Option<Result<Condition, FilterError>> {
        let (at, operator, comparison) = OPERATORS
            .iter()
            .filter_map(|(operator, comparison)| {
                word.find(operator).map(|at| (at, *operator, *comparison))
            })
            .min_by_key(|(at, operator, _)| (*at, std::cmp::Reverse(operator.len())))?;
        let (name, value) = (&word[..at], &word[at + operator.len()..]);
        let wanted = name.trim().to_ascii_lowercase();
        let Some(&(_, stat)) = STATS.iter().find(|(word, _)| *word == wanted) else {
            return Some(Err(FilterError::UnknownStat {
                given: crate::text::quoted(name),
            }));
        };
        let value = match value.trim().parse::<i32>() {
            Ok(value) if (0..=99).contains(&value) => value,
            _ => {
                return Some(Err(FilterError::BadNumber {
                    given: crate::text::quoted(value),
                }));
            }
        };
        Some(Ok(Condition {
            stat,
            comparison,
            value,
        }))
    }

    /// Whether a card's printed number satisfies it; a number the sources do not give, or a
    /// symbol such as Anakin's "?", satisfies no comparison.
    pub fn holds(&self, row: &CardRow<'_>) -> bool {
        let Some(number) = self.stat.of(row) else {
            return false;
        };
        match self.comparison {
            Comparison::Less => number < self.value,
            Comparison::LessOrEqual => number <= self.value,
            Comparison::Equal => number == self.value,
            Comparison::NotEqual => number != self.value,
            Comparison::GreaterOrEqual => number >= self.value,
            Comparison::Greater => number > self.value,
        }
    }
}

/// Reads a card type's name (`character`, `battle card`, `power card`, ...).
pub fn parse_type(word: &str) -> Result<CardType, FilterError> {
    let wanted = normalise(word);
    CardType::ALL
        .into_iter()
        .find(|kind| {
            normalise(kind.label()) == wanted
                || normalise(kind.label()).trim_end_matches(" card") == wanted
        })
        .ok_or_else(|| FilterError::UnknownType {
            given: crate::text::quoted(word),
            known: CardType::ALL
                .map(|kind| kind.label().to_ascii_lowercase())
                .join(", "),
        })
}

/// Reads a trait's name (`jedi`, `podracer pilot`, `lightsaber`, ...).
pub fn parse_trait(word: &str) -> Result<TraitKind, FilterError> {
    let wanted = normalise(word);
    TraitKind::ALL
        .into_iter()
        .find(|kind| normalise(kind.label()) == wanted)
        .ok_or_else(|| FilterError::UnknownTrait {
            given: crate::text::quoted(word),
            known: TraitKind::ALL
                .map(|kind| kind.label().to_ascii_lowercase())
                .join(", "),
        })
}

/// Whether every word (normalised) begins a word of a set's name.
pub fn set_is_named(set: &str, words: &[String]) -> bool {
    let name = normalise(set);
    words
        .iter()
        .all(|word| name.split(' ').any(|part| part.starts_with(word.as_str())))
}

/// The printing of a row in the set whose name holds every word (normalised), if it has one
/// there: its first such, as written.
pub fn printing_in<'t>(row: &CardRow<'t>, words: &[String]) -> Option<&'t str> {
    row.printings()
        .zip(row.sets())
        .find(|(_, set)| set_is_named(set, words))
        .map(|(printing, _)| printing)
}

/// What a card must be to be listed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardFilter {
    /// Words of a set's name: the card has a printing in a set whose name holds them all.
    pub set: Option<String>,
    /// The game whose cards are kept.
    pub game: Option<Game>,
    pub side: Option<Side>,
    pub card_type: Option<CardType>,
    pub with_trait: Option<TraitKind>,
    /// The text status the card text files give it.
    pub status: Option<super::card_text::StatusKind>,
    pub conditions: Vec<Condition>,
}

impl CardFilter {
    /// Whether nothing narrows the list.
    pub fn is_empty(&self) -> bool {
        *self == CardFilter::default()
    }

    /// The rows of `rows` that pass every part of the filter, in their order, each with its
    /// place. A trait is derived under `ruleset` from the card `card` makes of a place, and
    /// only for a row that passes the rest.
    pub fn keep<'r, 'c>(
        &self,
        rows: impl IntoIterator<Item = (usize, CardRow<'r>)>,
        card: impl Fn(usize) -> Option<&'c Card>,
        corpus: &Corpus,
        ruleset: &Ruleset,
    ) -> Vec<(usize, CardRow<'r>)> {
        let set_words = self.set_words();
        rows.into_iter()
            .filter(|(_, row)| self.matches(row, set_words.as_deref()))
            .filter(|(at, _)| {
                self.with_trait.is_none_or(|kind| {
                    card(*at).is_some_and(|card| {
                        derive_all(card, corpus, ruleset)
                            .iter()
                            .any(|derived| derived.kind == kind && derived.value.is_yes())
                    })
                })
            })
            .collect()
    }

    /// Whether the row passes every part of the filter but its trait; `set_words` are the
    /// set's words, normalised once by `keep`.
    fn matches(&self, row: &CardRow<'_>, set_words: Option<&[String]>) -> bool {
        if let Some(words) = set_words
            && !row.sets().any(|set| set_is_named(set, words))
        {
            return false;
        }
        if self.game.is_some_and(|game| row.game() != game) {
            return false;
        }
        if self.side.is_some() && row.side() != self.side {
            return false;
        }
        if self.status.is_some() && row.status() != self.status {
            return false;
        }
        if let Some(card_type) = self.card_type
            && !row.is_or_has_half(card_type)
        {
            return false;
        }
        self.conditions.iter().all(|condition| condition.holds(row))
    }

    /// The words of the set asked for, normalised.
    pub fn set_words(&self) -> Option<Vec<String>> {
        self.set.as_ref().map(|set| {
            normalise(set)
                .split(' ')
                .filter(|word| !word.is_empty())
                .map(str::to_string)
                .collect()
        })
    }

    /// The filter in the words of the command line, for headings.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(set) = &self.set {
            parts.push(format!("--set {}", crate::text::quoted(set)));
        }
        if let Some(game) = self.game {
            parts.push(format!("--game {}", game.word()));
        }
        if let Some(side) = self.side {
            parts.push(format!("--side {}", side.word()));
        }
        if let Some(kind) = self.card_type {
            parts.push(format!("--type {}", kind.label().to_ascii_lowercase()));
        }
        if let Some(kind) = self.with_trait {
            parts.push(format!("--trait {}", kind.label().to_ascii_lowercase()));
        }
        if let Some(status) = self.status {
            parts.push(format!("--status {}", status.word()));
        }
        for condition in &self.conditions {
            let operator = OPERATORS
                .iter()
                .find(|(_, comparison)| *comparison == condition.comparison)
                .map_or("=", |(operator, _)| *operator);
            parts.push(format!(
                "{}{operator}{}",
                condition.stat.word(),
                condition.value
            ));
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::StatValue;
    use super::super::row::RowTable;
    use super::*;

    /// `--game` names the games of the cards as the rule corpus names the games of its
    /// documents, and each word gives its game back.
    #[test]
    fn the_games_are_named_as_the_rule_corpus_names_them() {
        let words: Vec<&str> = Game::NAMED.iter().map(|(word, _)| *word).collect();
        assert_eq!(words, crate::rules::GAMES);
        for (word, game) in Game::NAMED {
            assert_eq!(Game::named(word), Some(game));
            assert_eq!(game.word(), word);
        }
        assert_eq!(Game::named("chess"), None);
    }

    #[test]
    fn comparisons_are_read_with_the_longest_operator() {
        assert_eq!(
            Condition::parse("power>=5"),
            Some(Ok(Condition {
                stat: Stat::Power,
                comparison: Comparison::GreaterOrEqual,
                value: 5
            }))
        );
        assert_eq!(
            Condition::parse("destiny=6").map(|c| c.map(|c| c.comparison)),
            Some(Ok(Comparison::Equal))
        );
        assert_eq!(Condition::parse("podracer"), None);
        assert!(matches!(
            Condition::parse("speed>2"),
            Some(Err(FilterError::UnknownStat { .. }))
        ));
        assert!(matches!(
            Condition::parse("power>=99999999999"),
            Some(Err(FilterError::BadNumber { .. }))
        ));
    }

    #[test]
    fn a_filter_is_described_as_it_was_typed() {
        let conditions = ["destiny=6", "power>=5", "deploy!=0", "damage<3"]
            .map(|word| Condition::parse(word).and_then(Result::ok))
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        let filter = CardFilter {
            conditions,
            ..CardFilter::default()
        };
        assert_eq!(filter.describe(), "destiny=6 power>=5 deploy!=0 damage<3");
        let clash_word = Condition::parse("counters<=1").and_then(Result::ok);
        assert_eq!(clash_word.map(|c| c.stat), Some(Stat::Deploy));
    }

    #[test]
    fn a_symbol_or_an_unknown_number_satisfies_no_comparison() {
        let mut card = Card::named(
            "Anakin Skywalker, Test",
            super::super::model::Game::YoungJedi,
        );
        let at_least_zero = Condition {
            stat: Stat::Power,
            comparison: Comparison::GreaterOrEqual,
            value: 0,
        };
        assert!(!at_least_zero.holds(&RowTable::of([&card]).rows().next().expect("one row")));
        card.stats.power = Some(super::super::model::Fact::new(
            StatValue::Symbol("?".to_string()),
            super::super::model::Source::Scenario,
        ));
        assert!(!at_least_zero.holds(&RowTable::of([&card]).rows().next().expect("one row")));
        card.stats.power = Some(super::super::model::Fact::new(
            StatValue::Number(0),
            super::super::model::Source::Scenario,
        ));
        assert!(at_least_zero.holds(&RowTable::of([&card]).rows().next().expect("one row")));
    }

    #[test]
    fn types_and_traits_are_read_by_their_names() {
        assert_eq!(parse_type("battle"), Ok(CardType::Battle));
        assert_eq!(parse_type("Battle card"), Ok(CardType::Battle));
        assert_eq!(parse_trait("podracer pilot"), Ok(TraitKind::PodracerPilot));
        assert!(parse_trait("wookiee").is_err());
    }
}

/// What a list of cards is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// By set, in the order the sets were printed, then by collector number.
    Set,
    Name,
    Type,
    Side,
    /// A printed number, the cards without one last.
    Number(Stat),
}

impl SortKey {
    /// Every key, by the word `--sort` takes.
    pub const NAMED: [(&'static str, SortKey); 8] = [
        ("set", SortKey::Set),
        ("name", SortKey::Name),
        ("type", SortKey::Type),
        ("side", SortKey::Side),
        ("deploy", SortKey::Number(Stat::Deploy)),
        ("power", SortKey::Number(Stat::Power)),
        ("damage", SortKey::Number(Stat::Damage)),
        ("destiny", SortKey::Number(Stat::Destiny)),
    ];

    /// The key a word names.
    pub fn named(word: &str) -> Option<SortKey> {
        Self::NAMED
            .iter()
            .find(|(name, _)| *name == word)
            .map(|(_, key)| *key)
    }
}

/// What a sort key puts first: whether the value is missing, a number, a word.
type SortFirst = (bool, i32, String);

/// A card's place in print order: set, letters, number, the collector number as printed.
type PrintOrder<'card> = (usize, &'card str, u32, &'card str);

/// A card's place in print order: its first printing's set (in release order, other games'
/// and unknown sets after), its collector number (by its letters, then its number: `P8`
/// before `P10`), then its number as printed and its name (made only when all else ties).
fn print_order<'t>(row: &CardRow<'t>) -> PrintOrder<'t> {
    let own_set = row.printing().and(row.sets().next());
    let (set, number) = own_set.map_or((usize::MAX, ""), |own_set| {
        let set = super::convert::SETS
            .iter()
            .position(|(_, name)| *name == own_set)
            .unwrap_or(usize::MAX - 1);
        (set, row.number())
    });
    let letters_end = number
        .find(|ch: char| ch.is_ascii_digit())
        .unwrap_or(number.len());
    let (letters, rest) = number.split_at(letters_end);
    let digits_end = rest
        .find(|ch: char| !ch.is_ascii_digit())
        .unwrap_or(rest.len());
    let digits = rest
        .get(..digits_end)
        .and_then(|digits| digits.parse::<u32>().ok())
        .unwrap_or(u32::MAX);
    (set, letters, digits, number)
}

/// Each distinct word its rank in the order of words. Most keys hold few distinct words (the
/// empty word, a type's name): they are found by equality first, and sorted once.
fn word_ranks<'w>(
    words: impl Iterator<Item = &'w str>,
) -> std::collections::BTreeMap<&'w str, usize> {
    let mut distinct: Vec<&str> = Vec::new();
    let mut many: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    for word in words {
        if many.is_empty() {
            if distinct.contains(&word) {
                continue;
            }
            if distinct.len() < 32 {
                distinct.push(word);
                continue;
            }
            many.extend(distinct.drain(..));
        }
        many.insert(word);
    }
    distinct.sort_unstable();
    distinct
        .into_iter()
        .chain(many)
        .enumerate()
        .map(|(rank, word)| (word, rank))
        .collect()
}

/// Sorts cards by `key`; ties keep print order, so that the order is always the same.
pub fn sort(cards: &mut [CardRow<'_>], key: SortKey) {
    // Each card's key is made once, and its words ranked among the cards' own (in the order
    // of the words), so that comparing two cards compares numbers: the order is that of the
    // whole keys, words included.
    let keys: Vec<(SortFirst, PrintOrder<'_>)> = cards
        .iter()
        .map(|card| {
            // What is missing sorts last.
            let first: SortFirst = match key {
                SortKey::Set => (false, 0, String::new()),
                SortKey::Name => (false, 0, normalise(card.name())),
                SortKey::Type => (
                    card.type_label().is_none(),
                    0,
                    card.type_label().unwrap_or_default().into_owned(),
                ),
                SortKey::Side => (
                    card.side().is_none(),
                    card.side().map_or(0, |side| i32::from(side == Side::Dark)),
                    String::new(),
                ),
                SortKey::Number(stat) => {
                    let number = stat.of(card);
                    (number.is_none(), number.unwrap_or_default(), String::new())
                }
            };
            (first, print_order(card))
        })
        .collect();
    // Only a name or a type puts a word first; the other keys' words are all empty, and not
    // ranked (a look-up of the empty word among empty words is, on some machines, far slower
    // than its answer is worth).
    let worded = matches!(key, SortKey::Name | SortKey::Type);
    let firsts = if worded {
        word_ranks(keys.iter().map(|key| key.0.2.as_str()))
    } else {
        std::collections::BTreeMap::new()
    };
    let letters = word_ranks(keys.iter().map(|key| key.1.1));
    let mut order: Vec<(bool, i32, usize, usize, usize, u32, usize)> = keys
        .iter()
        .enumerate()
        .map(
            |(at, ((missing, number, word), (set, letter, digits, _)))| {
                (
                    *missing,
                    *number,
                    if worded {
                        firsts.get(word.as_str()).copied().unwrap_or_default()
                    } else {
                        0
                    },
                    *set,
                    letters.get(letter).copied().unwrap_or_default(),
                    *digits,
                    at,
                )
            },
        )
        .collect();
    order.sort_unstable_by(|a, b| {
        (a.0, a.1, a.2, a.3, a.4, a.5)
            .cmp(&(b.0, b.1, b.2, b.3, b.4, b.5))
            .then_with(|| keys[a.6].1.3.cmp(keys[b.6].1.3))
            .then_with(|| cards[a.6].name().cmp(cards[b.6].name()))
            .then(a.6.cmp(&b.6))
    });
    let sorted: Vec<CardRow<'_>> = order.iter().map(|entry| cards[entry.6]).collect();
    cards.copy_from_slice(&sorted);
}
