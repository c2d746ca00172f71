//! Forgiving look-up of cards by name: word prefixes in any order, accents and punctuation ignored, nearest names suggested.

use thiserror::Error;

use super::model::Card;

/// Lower case, accents folded, apostrophes dropped, other punctuation made a space.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        let ch = match ch {
            'é' | 'è' | 'ê' | 'É' => 'e',
            'á' | 'à' => 'a',
            'ó' | 'ö' => 'o',
            other => other,
        };
        if ch == '\'' || ch == '’' || ch == '™' {
            continue;
        }
        if ch.is_alphanumeric() {
            out.extend(ch.to_lowercase());
        } else {
            out.push(' ');
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How well a name matched a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// Every word of the query begins a word of the name, in any order.
    Words,
    /// The query is the card's title.
    Title,
    /// The query is an alias of the card.
    Alias,
    /// The query is the card's full name.
    FullName,
}

fn strength(card: &Card, query: &str, query_words: &[&str]) -> Option<Strength> {
    let full = normalise(&card.full_name());
    if full == query {
        return Some(Strength::FullName);
    }
    let aliases: Vec<String> = card.aliases.iter().map(|alias| normalise(alias)).collect();
    if aliases.iter().any(|alias| alias == query) {
        return Some(Strength::Alias);
    }
    if normalise(&card.title) == query {
        return Some(Strength::Title);
    }
    let names = std::iter::once(full).chain(aliases);
    for name in names {
        let name_words: Vec<&str> = name.split(' ').collect();
        let every_word = query_words.iter().all(|word| {
            name_words
                .iter()
                .any(|candidate| candidate.starts_with(word))
        });
        if every_word {
            return Some(Strength::Words);
        }
    }
    None
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
}

/// Finds the cards a name means. Versions with the same full name (one title printed in two
/// sets) are all returned together.
pub fn find<'a>(cards: &'a [Card], query: &str) -> Result<Vec<&'a Card>, CardLookupError> {
    let wanted = normalise(query);
    let words: Vec<&str> = wanted.split(' ').filter(|word| !word.is_empty()).collect();
    if words.is_empty() {
        return Err(CardLookupError::Unknown {
            given: query.to_string(),
            suggestions: Vec::new(),
        });
    }
    let scored: Vec<(Strength, &Card)> = cards
        .iter()
        .filter_map(|card| strength(card, &wanted, &words).map(|s| (s, card)))
        .collect();
    let Some(best) = scored.iter().map(|(s, _)| *s).max() else {
        return Err(CardLookupError::Unknown {
            given: query.to_string(),
            suggestions: suggest(cards, &wanted),
        });
    };
    let top: Vec<&Card> = scored
        .into_iter()
        .filter(|(s, _)| *s == best)
        .map(|(_, card)| card)
        .collect();
    let mut names: Vec<String> = top.iter().map(|card| card.full_name()).collect();
    names.sort();
    names.dedup();
    if names.len() > 1 {
        return Err(CardLookupError::Ambiguous {
            given: query.to_string(),
            candidates: names,
        });
    }
    Ok(top)
}

/// The names nearest to a query that matched nothing.
pub fn suggest(cards: &[Card], wanted: &str) -> Vec<String> {
    let mut scored: Vec<(f64, String)> = Vec::new();
    for card in cards {
        let full = card.full_name();
        let candidates = [normalise(&full), normalise(&card.title)]
            .into_iter()
            .chain(card.aliases.iter().map(|alias| normalise(alias)));
        let score = candidates
            .map(|candidate| strsim::jaro_winkler(wanted, &candidate))
            .fold(0.0, f64::max);
        if score >= 0.75 && !scored.iter().any(|(_, name)| *name == full) {
            scored.push((score, full));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.into_iter().take(3).map(|(_, name)| name).collect()
}

/// Cards whose name or notes contain every word of the query, in catalog order.
pub fn search<'a>(cards: &'a [Card], query: &str) -> Vec<&'a Card> {
    let wanted = normalise(query);
    let words: Vec<&str> = wanted.split(' ').filter(|word| !word.is_empty()).collect();
    cards
        .iter()
        .filter(|card| {
            let mut haystack = normalise(&card.full_name());
            for alias in &card.aliases {
                haystack.push(' ');
                haystack.push_str(&normalise(alias));
            }
            if let Some(card_type) = card.card_type() {
                haystack.push(' ');
                haystack.push_str(&normalise(card_type.label()));
            }
            if let Some(side) = card.side() {
                haystack.push(' ');
                haystack.push_str(&normalise(side.label()));
            }
            for note in &card.notes {
                haystack.push(' ');
                haystack.push_str(&normalise(&note.value));
            }
            let haystack_words: Vec<&str> = haystack.split(' ').collect();
            !words.is_empty()
                && words.iter().all(|word| {
                    haystack_words
                        .iter()
                        .any(|candidate| candidate.starts_with(word))
                })
        })
        .collect()
}
