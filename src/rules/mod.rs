//! The rule corpus, rulesets by date, and look-ups over them: show, search, list and diff.

mod assumptions;
mod corpus;
mod diff;
mod ruleset;
mod search;
mod source;
mod tokens;

pub use assumptions::{Assumption, AssumptionSpec, Choices};
pub use corpus::{CardListEntry, Corpus, CorpusError, Document, Item, ItemKind, SourceDate};
pub use diff::{DiffEntry, RulesetDiff, WordChange, diff, word_diff};
pub use ruleset::{NAMED_RULESETS, PLAYERS_COMMITTEE, Ruleset, RulesetError};
pub use search::{
    MAX_QUERY_WORDS, SearchHit, SearchResults, SearchScope, Snippet, TextHit, is_stop_word, search,
    search_texts,
};
pub use source::{GAMES, YOUNG_JEDI};

use thiserror::Error;

/// The outcome of looking up an id or a key under a ruleset.
#[derive(Debug)]
pub struct Lookup<'a> {
    /// The item shown.
    pub item: &'a Item,
    /// Whether it is in force under the ruleset.
    pub in_force: bool,
    /// Other items with the same text.
    pub copies: Vec<&'a Item>,
    /// Items it supersedes.
    pub supersedes: Vec<&'a Item>,
    /// Items that supersede it.
    pub superseded_by: Vec<&'a Item>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LookupError {
    #[error("the corpus has no rule {given:?}")]
    Unknown {
        given: String,
        suggestions: Vec<String>,
    },
}

/// Whether the corpus has a rule of this id or key, as [`lookup`] finds one, without the
/// suggestions an unknown one would be given (a look-up is a binary search).
pub fn is_known(corpus: &Corpus, query: &str) -> bool {
    let wanted = query.trim().to_ascii_lowercase();
    corpus.item(&wanted).is_some() || !corpus.items_with_key(&wanted).is_empty()
}

/// Finds an item by its full id (`revised.duel.initiation`) or by its key (`duel.initiation`).
/// A key gives the item of that key in force under the ruleset, from the latest document that
/// has it; when none is in force, the latest published one, else the latest of all.
pub fn lookup<'a>(
    corpus: &'a Corpus,
    ruleset: &Ruleset,
    query: &str,
) -> Result<Lookup<'a>, LookupError> {
    let wanted = query.trim().to_ascii_lowercase();
    let item = match corpus.item(&wanted) {
        Some(item) => item,
        None => {
            let candidates: Vec<&Item> = corpus.items_with_key(&wanted);
            let pick = |keep: &dyn Fn(&Item) -> bool| {
                candidates
                    .iter()
                    .copied()
                    .filter(|item| keep(item))
                    .max_by_key(|item| corpus.document_rank(&item.document))
            };
            let chosen = pick(&|item| ruleset.in_force(corpus, item))
                .or_else(|| pick(&|item| ruleset.publishes(corpus, item)))
                .or_else(|| pick(&|_| true));
            match chosen {
                Some(item) => item,
                None => {
                    return Err(LookupError::Unknown {
                        given: query.to_string(),
                        suggestions: suggest_ids(corpus, &wanted),
                    });
                }
            }
        }
    };
    let resolve = |ids: &[corpus::Text]| -> Vec<&'a Item> {
        ids.iter().filter_map(|id| corpus.item(id)).collect()
    };
    Ok(Lookup {
        item,
        in_force: ruleset.in_force(corpus, item),
        copies: corpus.copies_of(item),
        supersedes: resolve(&item.supersedes),
        superseded_by: resolve(&item.superseded_by),
    })
}

/// The ids and keys nearest to a mistyped one, best first.
pub fn suggest_ids(corpus: &Corpus, wanted: &str) -> Vec<String> {
    // Ids are short; a longer query is no misspelling of one.
    if wanted.len() > 100 {
        return Vec::new();
    }
    let mut scored: Vec<(f64, String)> = Vec::new();
    for item in corpus.items() {
        for candidate in [&*item.id, item.key()] {
            let score = crate::text::similarity(wanted, candidate);
            if score > 0.8 && !scored.iter().any(|(_, known)| known == candidate) {
                scored.push((score, candidate.to_string()));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.into_iter().take(5).map(|(_, id)| id).collect()
}

/// Filters for `rules list`.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    pub document: Option<String>,
    pub topic: Option<String>,
    pub kind: Option<ItemKind>,
    /// List every item, in force or not, copies included.
    pub all: bool,
}

/// An item of a listing, with its standing under the ruleset.
#[derive(Debug)]
pub struct Listed<'a> {
    pub item: &'a Item,
    pub in_force: bool,
    /// Earlier documents' copies of this text folded into this entry.
    pub folded_copies: Vec<&'a Item>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ListError {
    #[error("there is no document {given:?}; the documents are {known}")]
    UnknownDocument { given: String, known: String },
    #[error("there is no topic {given:?}; the topics are {known}")]
    UnknownTopic { given: String, known: String },
}

/// The topics of the corpus, in first-seen order.
pub fn topics(corpus: &Corpus) -> Vec<&str> {
    let mut topics: Vec<&str> = Vec::new();
    for item in corpus.items() {
        if !topics.contains(&&*item.topic) {
            topics.push(&item.topic);
        }
    }
    topics
}

/// Lists items. Without `--document` or `--all` it shows what is in force, each text once
/// (the latest document's copy).
pub fn list<'a>(
    corpus: &'a Corpus,
    ruleset: &Ruleset,
    filter: &ListFilter,
) -> Result<Vec<Listed<'a>>, ListError> {
    if let Some(document) = &filter.document
        && corpus.document(document).is_none()
    {
        return Err(ListError::UnknownDocument {
            given: document.clone(),
            known: corpus
                .documents()
                .iter()
                .map(|document| &*document.id)
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    if let Some(topic) = &filter.topic
        && !topics(corpus).contains(&topic.as_str())
    {
        return Err(ListError::UnknownTopic {
            given: topic.clone(),
            known: topics(corpus).join(", "),
        });
    }
    let fold = filter.document.is_none() && !filter.all;
    let mut listed = Vec::new();
    for item in corpus.items() {
        if filter
            .document
            .as_ref()
            .is_some_and(|d| *d != item.document)
            || filter.topic.as_ref().is_some_and(|t| *t != item.topic)
            || filter.kind.is_some_and(|k| k != item.kind)
        {
            continue;
        }
        let in_force = ruleset.in_force(corpus, item);
        if fold {
            if !in_force {
                continue;
            }
            let later_copy_in_force = item
                .copied_by
                .iter()
                .any(|id| ruleset.in_force_id(corpus, id));
            if later_copy_in_force {
                continue;
            }
        }
        let folded_copies = if fold {
            corpus
                .copies_of(item)
                .into_iter()
                .filter(|copy| ruleset.in_force(corpus, copy))
                .collect()
        } else {
            Vec::new()
        };
        listed.push(Listed {
            item,
            in_force,
            folded_copies,
        });
    }
    Ok(listed)
}

/// A citation of the corpus written in code: a full item id (`revised.duel.initiation`) or a
/// key (`duel.initiation`) that the ruleset resolves to the item in force. The test suite
/// checks that every citation written in the source resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct Citation(&'static str);

/// Writes a citation; see [`Citation`].
pub const fn cite(id: &'static str) -> Citation {
    Citation(id)
}

impl Citation {
    pub fn id(self) -> &'static str {
        self.0
    }

    /// The item this citation quotes under the ruleset: the id itself, or for a key the item
    /// in force from the latest document that has it.
    pub fn resolve<'a>(self, corpus: &'a Corpus, ruleset: &Ruleset) -> Option<&'a Item> {
        lookup(corpus, ruleset, self.0).ok().map(|found| found.item)
    }
}

impl std::fmt::Display for Citation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}
