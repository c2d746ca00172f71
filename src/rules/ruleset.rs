//! Rulesets: the items of the corpus in force on a date, later documents replacing what they supersede.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::corpus::{Corpus, Item, SourceDate};

/// The named rulesets, besides any date written as `YYYY-MM-DD`.
pub const NAMED_RULESETS: [(&str, Option<&str>, &str); 5] = [
    (
        "latest",
        None,
        "every document, the revised dueling text and Boonta Eve replacing what they supersede, with the later Thrust cap",
    ),
    (
        "rulesheet",
        Some("2000-11-08"),
        "the Duel of the Fates rulesheet as shipped",
    ),
    (
        "faq-2000-12-01",
        Some("2000-12-01"),
        "the rulesheet and the FAQ updated 2000-12-01",
    ),
    (
        "boonta-eve-printed",
        Some("2001-09-05"),
        "the revised dueling text and the Boonta Eve rules as printed in 2001, without the later Thrust cap",
    ),
    (
        PLAYERS_COMMITTEE,
        None,
        "latest, with the fan Players Committee's rules update of Virtual Card Set #1 (v1.1): the duel pass, duel damage, dueling text and the title limit of deck construction, as paraphrases of the part that can still be read (partial)",
    ),
];

/// The ruleset of the fan Players Committee's rules update: `latest` with the documents that
/// name it (`ruleset:` in `rulings/`).
pub const PLAYERS_COMMITTEE: &str = "players-committee";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesetError {
    #[error("{given:?} is not a date: {reason}")]
    BadDate { given: String, reason: String },
    #[error("{given:?} is neither a date (YYYY-MM-DD) nor a ruleset name")]
    UnknownName { given: String },
}

/// The rules in force: everything (`latest`) or the documents published by a date.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Ruleset {
    /// The name the user gave, or the date.
    pub name: String,
    /// `None` for `latest`.
    pub as_of: Option<SourceDate>,
}

impl Clone for Ruleset {
    fn clone(&self) -> Self {
        Ruleset {
            name: self.name.clone(),
            as_of: self.as_of,
        }
    }

    /// Copies into the room of this one's name: a board copied for each of the odds' runs
    /// copies its ruleset without allocating.
    fn clone_from(&mut self, source: &Self) {
        self.name.clone_from(&source.name);
        self.as_of = source.as_of;
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::latest()
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.as_of {
            None => write!(f, "{}", self.name),
            Some(date) if self.name == date.to_string() => write!(f, "rules as of {date}"),
            Some(date) => write!(f, "{} (rules as of {date})", self.name),
        }
    }
}

impl Ruleset {
    pub fn latest() -> Self {
        Ruleset {
            name: "latest".to_string(),
            as_of: None,
        }
    }

    /// Parses a ruleset name or a date.
    pub fn parse(text: &str) -> Result<Self, RulesetError> {
        let wanted = text.trim().to_ascii_lowercase();
        for (name, date, _) in NAMED_RULESETS {
            if wanted == name {
                return Ok(match date {
                    None => Ruleset {
                        name: name.to_string(),
                        as_of: None,
                    },
                    Some(date) => Ruleset {
                        name: name.to_string(),
                        as_of: SourceDate::parse(date).ok(),
                    },
                });
            }
        }
        if !wanted.starts_with(|ch: char| ch.is_ascii_digit()) {
            return Err(RulesetError::UnknownName {
                given: crate::text::quoted(text),
            });
        }
        match SourceDate::parse(&wanted) {
            Ok(date) if date.month.is_some() => Ok(Ruleset {
                name: date.to_string(),
                as_of: Some(date),
            }),
            Ok(_) => Err(RulesetError::BadDate {
                given: crate::text::quoted(text),
                reason: "give the day as well as the year (YYYY-MM-DD)".to_string(),
            }),
            Err(reason) => Err(RulesetError::BadDate {
                given: crate::text::quoted(text),
                reason: reason.to_string(),
            }),
        }
    }

    /// Every document of Decipher and Hasbro, and no fan update.
    pub fn is_latest(&self) -> bool {
        self.as_of.is_none() && self.name == "latest"
    }

    /// Whether a document is among this ruleset's: one that a named ruleset brings in (a fan
    /// update) is in that ruleset alone.
    pub fn takes(&self, document: &super::corpus::Document) -> bool {
        document
            .ruleset
            .as_deref()
            .is_none_or(|ruleset| ruleset == self.name)
    }

    /// The documents this ruleset brings in beyond Decipher's and Hasbro's (a fan update).
    pub fn brought<'c>(&self, corpus: &'c Corpus) -> Vec<&'c super::corpus::Document> {
        corpus
            .documents()
            .iter()
            .filter(|document| document.ruleset.as_deref() == Some(self.name.as_str()))
            .collect()
    }

    /// Whether the item's document is among the ruleset's and was out by its date (later
    /// additions of unknown date count only in `latest`), whatever supersedes it.
    pub fn publishes(&self, corpus: &Corpus, item: &Item) -> bool {
        let Some(document) = corpus.document_of(item) else {
            return false;
        };
        if !self.takes(document) {
            return false;
        }
        let Some(as_of) = self.as_of else {
            return true;
        };
        if item.later_addition.is_some() {
            return false;
        }
        let as_of_day = (as_of.year, as_of.month.unwrap_or(1), as_of.day.unwrap_or(1));
        document.date.certain_from() <= as_of_day
    }

    /// Whether the item is in force: published and not superseded by a published item.
    pub fn in_force(&self, corpus: &Corpus, item: &Item) -> bool {
        self.publishes(corpus, item)
            && !item.superseded_by.iter().any(|id| {
                corpus
                    .item(id)
                    .is_some_and(|later| self.publishes(corpus, later))
            })
    }

    /// Whether the item with this id is in force (false for an id the corpus lacks).
    pub fn in_force_id(&self, corpus: &Corpus, id: &str) -> bool {
        corpus
            .item(id)
            .is_some_and(|item| self.in_force(corpus, item))
    }
}
