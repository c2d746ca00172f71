//! The rule corpus: the five source documents, split into citable items, embedded in the binary.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{CardType, Side};

/// The data files of `rulings/` as `(path, JSON text)`, one per source document, in
/// publication order. The build script converts the YAML to JSON, which loads faster.
pub fn embedded_sources() -> [(&'static str, &'static str); 5] {
    EMBEDDED_DOCUMENTS
}

const EMBEDDED_DOCUMENTS: [(&str, &str); 5] = [
    (
        "rulings/clash-of-the-lightsabers-rules.yaml",
        include_str!(concat!(
            env!("OUT_DIR"),
            "/clash-of-the-lightsabers-rules.json"
        )),
    ),
    (
        "rulings/duel-of-the-fates-rulesheet.yaml",
        include_str!(concat!(
            env!("OUT_DIR"),
            "/duel-of-the-fates-rulesheet.json"
        )),
    ),
    (
        "rulings/young-jedi-faq-2000-12-01.yaml",
        include_str!(concat!(env!("OUT_DIR"), "/young-jedi-faq-2000-12-01.json")),
    ),
    (
        "rulings/rules-from-duel-of-the-fates-revised.yaml",
        include_str!(concat!(
            env!("OUT_DIR"),
            "/rules-from-duel-of-the-fates-revised.json"
        )),
    ),
    (
        "rulings/boonta-eve-podrace-rules.yaml",
        include_str!(concat!(env!("OUT_DIR"), "/boonta-eve-podrace-rules.json")),
    ),
];

/// A problem in the corpus data itself.
#[derive(Debug, Error)]
pub enum CorpusError {
    #[error("{file}: {message}")]
    Unreadable { file: String, message: String },
    #[error("{file}: item {item} has id outside its document {document}")]
    ForeignId {
        file: String,
        item: String,
        document: String,
    },
    #[error("item id {0} appears twice")]
    DuplicateId(String),
    #[error("item {item} links to {target}, which the corpus does not have")]
    DanglingLink { item: String, target: String },
    #[error("{file}: bad date {date:?}: {message}")]
    BadDate {
        file: String,
        date: String,
        message: String,
    },
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
    pub fn parse(text: &str) -> Result<Self, String> {
        let parts: Vec<&str> = text.trim().split('-').collect();
        let number = |part: &str, what: &str| -> Result<u16, String> {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!("the {what} {part:?} is not a number"));
            }
            part.parse::<u16>()
                .map_err(|_| format!("the {what} {part:?} is out of range"))
        };
        match parts.as_slice() {
            [year] if year.len() == 4 => Ok(SourceDate {
                year: number(year, "year")?,
                month: None,
                day: None,
            }),
            [year, month, day] if year.len() == 4 && month.len() == 2 && day.len() == 2 => {
                let (year, month, day) = (
                    number(year, "year")?,
                    number(month, "month")?,
                    number(day, "day")?,
                );
                if !(1..=12).contains(&month) {
                    return Err(format!("there is no month {month}"));
                }
                if !(1..=days_in_month(year, month)).contains(&day) {
                    return Err(format!("month {month} of {year} has no day {day}"));
                }
                Ok(SourceDate {
                    year,
                    month: u8::try_from(month).ok(),
                    day: u8::try_from(day).ok(),
                })
            }
            _ => Err("expected a date as YYYY-MM-DD".to_string()),
        }
    }

    /// The first day on which a document of this date is certainly out: a date known only to
    /// the year counts from the last day of that year.
    pub fn certain_from(&self) -> (u16, u8, u8) {
        (self.year, self.month.unwrap_or(12), self.day.unwrap_or(31))
    }
}

fn days_in_month(year: u16, month: u16) -> u16 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
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
        }
    }
}

/// An entry of the Duel of the Fates card list.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardListEntry {
    pub number: u16,
    pub name: String,
    pub rarity: String,
    pub side: Side,
    #[serde(rename = "type")]
    pub card_type: CardType,
}

/// One citable item: a paragraph, bullet, ruling, example, correction or list entry.
#[derive(Clone, Debug, Serialize)]
pub struct Item {
    pub id: String,
    pub document: String,
    pub kind: ItemKind,
    pub topic: String,
    pub section: String,
    pub text: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub copy_of: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub copied_by: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub supersedes: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub superseded_by: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub later_addition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardListEntry>,
}

impl Item {
    /// The part of the id after the document: the same for the copies of one text and for an
    /// item and the one that supersedes it.
    pub fn key(&self) -> &str {
        self.id
            .strip_prefix(&self.document)
            .and_then(|rest| rest.strip_prefix('.'))
            .unwrap_or(&self.id)
    }
}

/// A source document.
#[derive(Clone, Debug, Serialize)]
pub struct Document {
    pub id: String,
    pub title: String,
    pub publisher: String,
    pub date: SourceDate,
    pub date_evidence: String,
    pub source_file: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DocumentFile {
    id: String,
    title: String,
    publisher: String,
    date: String,
    date_evidence: String,
    source_file: String,
    items: Vec<ItemFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemFile {
    id: String,
    kind: ItemKind,
    topic: String,
    section: String,
    text: String,
    #[serde(default)]
    copy_of: Vec<String>,
    #[serde(default)]
    supersedes: Vec<String>,
    #[serde(default)]
    later_addition: Option<String>,
    #[serde(default)]
    card: Option<CardListEntry>,
}

/// The whole corpus: documents in publication order and their items in document order.
#[derive(Debug)]
pub struct Corpus {
    documents: Vec<Document>,
    items: Vec<Item>,
    by_id: BTreeMap<String, usize>,
    /// Every item's words and their stems, made at the first search.
    search_index: OnceLock<super::search::SearchIndex>,
}

impl Corpus {
    /// The corpus embedded in the binary. Its data is checked by the test suite, so a failure
    /// to load it is a build defect, not a user error.
    pub fn embedded() -> &'static Corpus {
        static CORPUS: OnceLock<Corpus> = OnceLock::new();
        CORPUS.get_or_init(|| {
            Corpus::from_sources(&EMBEDDED_DOCUMENTS)
                .unwrap_or_else(|error| panic!("the embedded rule corpus is malformed: {error}"))
        })
    }

    /// Builds a corpus from `(file name, JSON text)` pairs, as the build script makes them.
    pub fn from_sources(sources: &[(&str, &str)]) -> Result<Corpus, CorpusError> {
        let mut documents = Vec::new();
        let mut items = Vec::new();
        for (file, text) in sources {
            let parsed: DocumentFile =
                serde_json::from_str(text).map_err(|error| CorpusError::Unreadable {
                    file: (*file).to_string(),
                    message: error.to_string(),
                })?;
            let date = SourceDate::parse(&parsed.date).map_err(|message| CorpusError::BadDate {
                file: (*file).to_string(),
                date: parsed.date.clone(),
                message,
            })?;
            for item in parsed.items {
                if !item.id.starts_with(&format!("{}.", parsed.id)) {
                    return Err(CorpusError::ForeignId {
                        file: (*file).to_string(),
                        item: item.id,
                        document: parsed.id,
                    });
                }
                items.push(Item {
                    id: item.id,
                    document: parsed.id.clone(),
                    kind: item.kind,
                    topic: item.topic,
                    section: item.section,
                    text: item.text,
                    copy_of: item.copy_of,
                    copied_by: Vec::new(),
                    supersedes: item.supersedes,
                    superseded_by: Vec::new(),
                    later_addition: item.later_addition,
                    card: item.card,
                });
            }
            documents.push(Document {
                id: parsed.id,
                title: parsed.title,
                publisher: parsed.publisher,
                date,
                date_evidence: parsed.date_evidence,
                source_file: parsed.source_file,
            });
        }
        let mut by_id = BTreeMap::new();
        for (index, item) in items.iter().enumerate() {
            if by_id.insert(item.id.clone(), index).is_some() {
                return Err(CorpusError::DuplicateId(item.id.clone()));
            }
        }
        // Reverse links: what copies an item, what supersedes it.
        let mut copied_by: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        let mut superseded_by: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for item in &items {
            for (targets, reverse) in [
                (&item.copy_of, &mut copied_by),
                (&item.supersedes, &mut superseded_by),
            ] {
                for target in targets {
                    let index = *by_id.get(target).ok_or_else(|| CorpusError::DanglingLink {
                        item: item.id.clone(),
                        target: target.clone(),
                    })?;
                    reverse.entry(index).or_default().push(item.id.clone());
                }
            }
        }
        for (index, ids) in copied_by {
            if let Some(item) = items.get_mut(index) {
                item.copied_by = ids;
            }
        }
        for (index, ids) in superseded_by {
            if let Some(item) = items.get_mut(index) {
                item.superseded_by = ids;
            }
        }
        Ok(Corpus {
            documents,
            items,
            by_id,
            search_index: OnceLock::new(),
        })
    }

    pub fn documents(&self) -> &[Document] {
        &self.documents
    }

    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Every item's words and their stems, tokenised once per corpus.
    pub(crate) fn search_index(&self) -> &super::search::SearchIndex {
        self.search_index
            .get_or_init(|| super::search::SearchIndex::new(&self.items))
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.by_id.get(id).and_then(|&index| self.items.get(index))
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
        self.items.iter().filter(|item| item.key() == key).collect()
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
            for id in current.copy_of.iter().chain(&current.copied_by) {
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
