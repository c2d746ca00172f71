//! The rule documents as their YAML files give them, checked and linked: the build script embeds the result, and tests compare it with the source files.
//!
//! This module stands alone (std and serde only), so that the build script can include it.

use std::collections::BTreeMap;

use serde::Deserialize;

/// A document file of `rulings/`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentFile {
    pub id: String,
    pub title: String,
    pub publisher: String,
    /// The game whose rules it holds: `young-jedi` or `clash`.
    pub game: String,
    pub date: String,
    pub date_evidence: String,
    pub source_file: String,
    /// A document that only the named ruleset brings in (a fan update): in force under no
    /// other.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// For a document that survives only in part: what its readable text covers, said once
    /// at the start of every walkthrough under its ruleset.
    #[serde(default)]
    pub partial: Option<String>,
    /// Where the document can be read (web addresses).
    #[serde(default)]
    pub addresses: Vec<String>,
    pub items: Vec<ItemFile>,
}

/// An item as its file gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemFile {
    pub id: String,
    /// kebab-case: `rule`, `ruling`, `example`, `correction`, `card-list`, ...
    pub kind: String,
    pub topic: String,
    pub section: String,
    pub text: String,
    #[serde(default)]
    pub copy_of: Vec<String>,
    #[serde(default)]
    pub supersedes: Vec<String>,
    #[serde(default)]
    pub later_addition: Option<String>,
    #[serde(default)]
    pub card: Option<CardFile>,
    /// Where this item can be read, of the document's addresses (a paraphrase's source).
    #[serde(default)]
    pub read_at: Vec<String>,
}

/// An entry of a card list.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub number: u16,
    pub name: String,
    pub rarity: String,
    /// `light` or `dark`.
    pub side: String,
    /// kebab-case: `character`, `weapon`, ...
    #[serde(rename = "type")]
    pub card_type: String,
}

/// An item with its document and the links other items make to it.
#[derive(Clone, Debug)]
pub struct LinkedItem {
    pub file: ItemFile,
    pub document: String,
    pub copied_by: Vec<String>,
    pub superseded_by: Vec<String>,
}

/// A publication date: a year, or a year, month and day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: u16,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

/// The documents in publication order and every item, checked and linked.
#[derive(Clone, Debug)]
pub struct Linked {
    /// Each document (its items moved to `items`) and its date.
    pub documents: Vec<(DocumentFile, Date)>,
    pub items: Vec<LinkedItem>,
    /// Every item id and its position, sorted by id.
    pub by_id: Vec<(String, usize)>,
}

/// Reads a date `YYYY-MM-DD` or `YYYY`.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    let number = |part: &str, what: &'static str| -> Result<u16, DateError> {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DateError::NotANumber {
                what,
                part: part.to_string(),
            });
        }
        part.parse::<u16>().map_err(|_| DateError::OutOfRange {
            what,
            part: part.to_string(),
        })
    };
    match parts.as_slice() {
        [year] if year.len() == 4 => Ok(Date {
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
                return Err(DateError::NoMonth { month });
            }
            if !(1..=days_in_month(year, month)).contains(&day) {
                return Err(DateError::NoDay { year, month, day });
            }
            Ok(Date {
                year,
                month: u8::try_from(month).ok(),
                day: u8::try_from(day).ok(),
            })
        }
        _ => Err(DateError::NotADate),
    }
}

/// Why a text is not a date of the corpus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("the {what} {part:?} is not a number")]
    NotANumber { what: &'static str, part: String },
    #[error("the {what} {part:?} is out of range")]
    OutOfRange { what: &'static str, part: String },
    #[error("there is no month {month}")]
    NoMonth { month: u16 },
    #[error("month {month} of {year} has no day {day}")]
    NoDay { year: u16, month: u16, day: u16 },
    #[error("expected a date as YYYY-MM-DD")]
    NotADate,
}

/// Why the documents do not make a corpus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("{document}: bad date {date:?}: {error}")]
    Date {
        document: String,
        date: String,
        error: DateError,
    },
    #[error("item {item} has an id outside its document {document}")]
    OutsideDocument { item: String, document: String },
    #[error("{document}: game {game:?} is none of {}", GAMES.join(", "))]
    Game { document: String, game: String },
    #[error("item id {0} appears twice")]
    Twice(String),
    #[error("item {item} links to {target}, which the corpus does not have")]
    Dangling { item: String, target: String },
}

/// Days in a month of the Gregorian calendar.
pub fn days_in_month(year: u16, month: u16) -> u16 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 0,
    }
}

/// The games a document may hold the rules of, as its `game:` writes them.
pub const GAMES: [&str; 2] = [YOUNG_JEDI, "clash"];

/// The game whose documents say `game: young-jedi`.
pub const YOUNG_JEDI: &str = "young-jedi";

/// Checks the documents (each item's id within its document, every id once, every link to
/// an item that exists, every date readable) and adds the reverse links.
pub fn link(documents: Vec<DocumentFile>) -> Result<Linked, LinkError> {
    let mut linked_documents = Vec::new();
    let mut items = Vec::new();
    for mut document in documents {
        if !GAMES.contains(&document.game.as_str()) {
            return Err(LinkError::Game {
                document: document.id.clone(),
                game: document.game.clone(),
            });
        }
        let date = parse_date(&document.date).map_err(|error| LinkError::Date {
            document: document.id.clone(),
            date: document.date.clone(),
            error,
        })?;
        for item in std::mem::take(&mut document.items) {
            if !item.id.starts_with(&format!("{}.", document.id)) {
                return Err(LinkError::OutsideDocument {
                    item: item.id.clone(),
                    document: document.id.clone(),
                });
            }
            items.push(LinkedItem {
                file: item,
                document: document.id.clone(),
                copied_by: Vec::new(),
                superseded_by: Vec::new(),
            });
        }
        linked_documents.push((document, date));
    }
    let mut positions: BTreeMap<String, usize> = BTreeMap::new();
    for (index, item) in items.iter().enumerate() {
        if positions.insert(item.file.id.clone(), index).is_some() {
            return Err(LinkError::Twice(item.file.id.clone()));
        }
    }
    let mut copied_by: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut superseded_by: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for item in &items {
        for (targets, reverse) in [
            (&item.file.copy_of, &mut copied_by),
            (&item.file.supersedes, &mut superseded_by),
        ] {
            for target in targets {
                let index = *positions.get(target).ok_or_else(|| LinkError::Dangling {
                    item: item.file.id.clone(),
                    target: target.clone(),
                })?;
                reverse.entry(index).or_default().push(item.file.id.clone());
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
    Ok(Linked {
        documents: linked_documents,
        items,
        by_id: positions.into_iter().collect(),
    })
}
