//! The rule corpus: the five source documents, split into citable items, embedded in the binary.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{CardType, Side};

/// A problem in the corpus data itself.
#[derive(Debug, Error)]
pub enum CorpusError {
    #[error("{file}: {message}")]
    Unreadable { file: String, message: String },
    #[error("{0}")]
    Inconsistent(String),
    #[error(transparent)]
    Link(#[from] super::source::LinkError),
}

/// A publication date, to the day or only to the year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceDate {
    pub year: u16,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

impl SourceDate {
    /// Parses `YYYY-MM-DD` or `YYYY`.
    pub fn parse(text: &str) -> Result<Self, super::source::DateError> {
        super::source::parse_date(text).map(|date| SourceDate {
            year: date.year,
            month: date.month,
            day: date.day,
        })
    }

    /// The first day on which a document of this date is certainly out: a date known only to
    /// the year counts from the last day of that year.
    pub fn certain_from(&self) -> (u16, u8, u8) {
        (self.year, self.month.unwrap_or(12), self.day.unwrap_or(31))
    }
}

impl fmt::Display for SourceDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.month, self.day) {
            (Some(month), Some(day)) => write!(f, "{:04}-{:02}-{:02}", self.year, month, day),
            _ => write!(f, "{:04}", self.year),
        }
    }
}

impl Serialize for SourceDate {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What an item of the corpus is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemKind {
    /// A rule paragraph or bullet.
    Rule,
    /// An FAQ question with its answer.
    Ruling,
    /// A worked example.
    Example,
    /// A card correction.
    Correction,
    /// An entry of a card list (or its key).
    CardList,
    /// A strategy tip (Clash of the Lightsabers).
    Tip,
    /// A figure caption.
    Figure,
    /// Titles, contents and similar front matter.
    FrontMatter,
    /// Addresses, copyright and other notices.
    Notice,
    /// Our words for a rule of a document that survives only in part: never its text.
    Paraphrase,
}

impl ItemKind {
    pub fn label(self) -> &'static str {
        match self {
            ItemKind::Rule => "rule",
            ItemKind::Ruling => "FAQ ruling",
            ItemKind::Example => "example",
            ItemKind::Correction => "card correction",
            ItemKind::CardList => "card list entry",
            ItemKind::Tip => "tip",
            ItemKind::Figure => "figure",
            ItemKind::FrontMatter => "front matter",
            ItemKind::Notice => "notice",
            ItemKind::Paraphrase => "paraphrase",
        }
    }
}

/// An entry of the Duel of the Fates card list.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardListEntry {
    pub number: u16,
    pub name: Text,
    pub rarity: Text,
    pub side: Side,
    #[serde(rename = "type")]
    pub card_type: CardType,
}

/// Text of the corpus: borrowed from the binary for the embedded corpus, owned for one read
/// from files.
pub type Text = std::borrow::Cow<'static, str>;

/// Ids of other items: borrowed from the binary for the embedded corpus.
pub type Links = std::borrow::Cow<'static, [Text]>;

fn no_links(links: &Links) -> bool {
    links.is_empty()
}

/// One citable item: a paragraph, bullet, ruling, example, correction or list entry.
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    pub id: Text,
    pub document: Text,
    pub kind: ItemKind,
    pub topic: Text,
    pub section: Text,
    pub text: Text,
    #[serde(skip_serializing_if = "no_links")]
    pub copy_of: Links,
    #[serde(skip_serializing_if = "no_links")]
    pub copied_by: Links,
    #[serde(skip_serializing_if = "no_links")]
    pub supersedes: Links,
    #[serde(skip_serializing_if = "no_links")]
    pub superseded_by: Links,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub later_addition: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardListEntry>,
    /// Where a paraphrase's words can be checked against the document.
    #[serde(skip_serializing_if = "no_links")]
    pub read_at: Links,
}

impl Item {
    /// The part of the id after the document: the same for the copies of one text and for an
    /// item and the one that supersedes it.
    pub fn key(&self) -> &str {
        self.id
            .strip_prefix(&*self.document)
            .and_then(|rest| rest.strip_prefix('.'))
            .unwrap_or(&self.id)
    }
}

/// A source document.
#[derive(Clone, Debug, Serialize)]
pub struct Document {
    pub id: Text,
    pub title: Text,
    pub publisher: Text,
    /// The game whose rules it holds: `young-jedi` or `clash`.
    pub game: Text,
    pub date: SourceDate,
    pub date_evidence: Text,
    pub source_file: Text,
    /// The ruleset that brings the document in (a fan update); in force under no other.
    pub ruleset: Option<Text>,
    /// What the readable text of a document that survives only in part covers.
    pub partial: Option<Text>,
    /// Where the document can be read.
    pub addresses: Links,
}

/// The corpus made by the build script from `rulings/*.yaml`.
mod embedded {
    use super::{CardListEntry, CardType, Document, Item, ItemKind, Side, SourceDate};
    use std::borrow::Cow;
    include!(concat!(env!("OUT_DIR"), "/corpus_data.rs"));
}

fn owned(ids: Vec<String>) -> Links {
    Links::Owned(ids.into_iter().map(Text::Owned).collect())
}

/// The whole corpus: documents in publication order and their items in document order.
#[derive(Debug)]
pub struct Corpus {
    documents: Cow<'static, [Document]>,
    items: Cow<'static, [Item]>,
    /// Every item id and its position, sorted by id.
    by_id: Cow<'static, [(Text, usize)]>,
    /// Every key and its items' positions in corpus order, sorted by key.
    by_key: Cow<'static, [(Text, Cow<'static, [usize]>)]>,
    /// The search index the build script made (for the embedded corpus).
    #[allow(clippy::type_complexity)]
    words: Option<(
        &'static [(&'static str, &'static [usize])],
        &'static [(&'static str, &'static [(u32, u32)])],
    )>,
    /// Every item's words and their stems, made at the first search.
    search_index: OnceLock<super::search::SearchIndex>,
    /// The positions of the paraphrases among the items, made at the first ask.
    paraphrases: OnceLock<Vec<usize>>,
}

impl Corpus {
    /// The corpus embedded in the binary: checked, linked and written as static data by the
    /// build script, so that making it copies nothing.
    pub fn embedded() -> &'static Corpus {
        static CORPUS: Corpus = Corpus {
            documents: Cow::Borrowed(embedded::DOCUMENTS),
            items: Cow::Borrowed(embedded::ITEMS),
            by_id: Cow::Borrowed(embedded::BY_ID),
            by_key: Cow::Borrowed(embedded::BY_KEY),
            words: Some((embedded::WORDS, embedded::POSTINGS)),
            search_index: OnceLock::new(),
            paraphrases: OnceLock::new(),
        };
        &CORPUS
    }

    /// Builds a corpus from the documents' YAML files (`(file name, text)` pairs), as the
    /// build script does for the embedded one.
    pub fn from_yaml(sources: &[(&str, &str)]) -> Result<Corpus, CorpusError> {
        let mut files = Vec::new();
        for (file, text) in sources {
            let document: super::source::DocumentFile =
                serde_saphyr::from_str(text).map_err(|error| CorpusError::Unreadable {
                    file: (*file).to_string(),
                    message: error.to_string(),
                })?;
            files.push(document);
        }
        let linked = super::source::link(files)?;
        let kind = |kebab: &str| -> Result<ItemKind, CorpusError> {
            serde_json::from_value(serde_json::Value::String(kebab.to_string()))
                .map_err(|error| CorpusError::Inconsistent(format!("kind {kebab:?}: {error}")))
        };
        let mut items = Vec::new();
        for item in linked.items {
            let card = match item.file.card {
                Some(card) => Some(CardListEntry {
                    number: card.number,
                    side: serde_json::from_value(serde_json::Value::String(card.side.clone()))
                        .map_err(|error| CorpusError::Inconsistent(error.to_string()))?,
                    card_type: serde_json::from_value(serde_json::Value::String(
                        card.card_type.clone(),
                    ))
                    .map_err(|error| CorpusError::Inconsistent(error.to_string()))?,
                    name: Cow::Owned(card.name),
                    rarity: Cow::Owned(card.rarity),
                }),
                None => None,
            };
            items.push(Item {
                kind: kind(&item.file.kind)?,
                id: Text::Owned(item.file.id),
                document: Text::Owned(item.document),
                topic: Text::Owned(item.file.topic),
                section: Text::Owned(item.file.section),
                text: Text::Owned(item.file.text),
                copy_of: owned(item.file.copy_of),
                copied_by: owned(item.copied_by),
                supersedes: owned(item.file.supersedes),
                superseded_by: owned(item.superseded_by),
                later_addition: item.file.later_addition.map(Text::Owned),
                card,
                read_at: owned(item.file.read_at),
            });
        }
        let mut by_key: std::collections::BTreeMap<String, Vec<usize>> =
            std::collections::BTreeMap::new();
        for (index, item) in items.iter().enumerate() {
            by_key
                .entry(item.key().to_string())
                .or_default()
                .push(index);
        }
        Ok(Corpus {
            by_key: Cow::Owned(
                by_key
                    .into_iter()
                    .map(|(key, indexes)| (Cow::Owned(key), Cow::Owned(indexes)))
                    .collect(),
            ),
            documents: Cow::Owned(
                linked
                    .documents
                    .into_iter()
                    .map(|(document, date)| Document {
                        id: Cow::Owned(document.id),
                        title: Cow::Owned(document.title),
                        publisher: Cow::Owned(document.publisher),
                        game: Cow::Owned(document.game),
                        date: SourceDate {
                            year: date.year,
                            month: date.month,
                            day: date.day,
                        },
                        date_evidence: Cow::Owned(document.date_evidence),
                        source_file: Cow::Owned(document.source_file),
                        ruleset: document.ruleset.map(Cow::Owned),
                        partial: document.partial.map(Cow::Owned),
                        addresses: owned(document.addresses),
                    })
                    .collect(),
            ),
            items: Cow::Owned(items),
            by_id: Cow::Owned(
                linked
                    .by_id
                    .into_iter()
                    .map(|(id, index)| (Cow::Owned(id), index))
                    .collect(),
            ),
            words: None,
            search_index: OnceLock::new(),
            paraphrases: OnceLock::new(),
        })
    }

    pub fn documents(&self) -> &[Document] {
        &self.documents
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The paraphrases among the items ([`super::ItemKind::Paraphrase`]), in corpus order:
    /// what a procedure asks at every run, found once.
    pub fn paraphrases(&self) -> impl Iterator<Item = &Item> {
        self.paraphrases
            .get_or_init(|| {
                self.items
                    .iter()
                    .enumerate()
                    .filter(|(_, item)| item.kind == super::ItemKind::Paraphrase)
                    .map(|(at, _)| at)
                    .collect()
            })
            .iter()
            .filter_map(|&at| self.items.get(at))
    }

    /// Every item's full id and key, sorted, each once: what a look-up accepts, for Tab.
    pub fn ids_and_keys(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self
            .items
            .iter()
            .flat_map(|item| [item.id.as_ref(), item.key()])
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Every item's words and their stems, tokenised once per corpus.
    pub(crate) fn search_index(&self) -> &super::search::SearchIndex {
        self.search_index.get_or_init(|| match self.words {
            Some((words, postings)) if words.len() == self.items.len() => {
                super::search::SearchIndex::embedded(words, postings)
            }
            _ => super::search::SearchIndex::new(&self.items),
        })
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.by_id
            .binary_search_by(|(known, _)| known.as_ref().cmp(id))
            .ok()
            .and_then(|found| self.by_id.get(found))
            .and_then(|(_, index)| self.items.get(*index))
    }

    pub fn document(&self, id: &str) -> Option<&Document> {
        self.documents.iter().find(|document| document.id == id)
    }

    /// The document of an item (every item has one).
    pub fn document_of(&self, item: &Item) -> Option<&Document> {
        self.document(&item.document)
    }

    /// Items of every document that share a key (`duel.initiation`), oldest document first.
    pub fn items_with_key(&self, key: &str) -> Vec<&Item> {
        self.by_key
            .binary_search_by(|(known, _)| known.as_ref().cmp(key))
            .ok()
            .and_then(|found| self.by_key.get(found))
            .map(|(_, indexes)| {
                indexes
                    .iter()
                    .filter_map(|index| self.items.get(*index))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The position of a document in publication order (for sorting).
    pub fn document_rank(&self, id: &str) -> usize {
        self.documents
            .iter()
            .position(|document| document.id == id)
            .unwrap_or(usize::MAX)
    }

    /// Every item that has the same text as this one, this one excluded: its copies in
    /// earlier documents and the later copies of it, transitively.
    pub fn copies_of(&self, item: &Item) -> Vec<&Item> {
        let mut seen = vec![item.id.clone()];
        let mut queue = vec![item];
        let mut found = Vec::new();
        while let Some(current) = queue.pop() {
            for id in current.copy_of.iter().chain(current.copied_by.iter()) {
                if seen.contains(id) {
                    continue;
                }
                seen.push(id.clone());
                if let Some(other) = self.item(id) {
                    found.push(other);
                    queue.push(other);
                }
            }
        }
        found.sort_by_key(|other| (self.document_rank(&other.document), other.id.clone()));
        found
    }
}
