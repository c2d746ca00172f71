//! The catalog of the cards the sources name: the Duel of the Fates card list, the cards the FAQ and rules name, corrections applied.

use std::sync::OnceLock;

use serde::Deserialize;
use thiserror::Error;

use super::matching::{CardLookupError, NameIndex};
use super::model::{
    Card, CardType, ClashFacts, Fact, Game, Printing, Side, Source, StatValue, TraitKind,
    split_name,
};
use crate::rules::Corpus;

/// The catalog data file (`catalog.yaml`), converted to JSON by the build script and embedded.
pub const CATALOG_SOURCE: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.json"));

/// The ruling that stackable cards with the same title are the same person or item.
pub const SAME_TITLE_SAME_PERSON: &str = "faq.misplays.stackable-on-two-planets";

#[derive(Debug, Error)]
pub enum CatalogError {
    #[error("the card catalog is unreadable: {0}")]
    Unreadable(String),
    #[error("the card catalog cites {id}, which the corpus does not have")]
    UnknownItem { id: String },
    #[error("the correction {item} applies to {name:?}, which the catalog does not have")]
    CorrectionWithoutCard { item: String, name: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    cards: Vec<CardFile>,
    card_list_notes: Vec<CardListNote>,
    corrections: Vec<CorrectionFile>,
    clash: Vec<ClashFile>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum FactField<T> {
    Sourced {
        value: T,
        source: String,
        #[serde(default)]
        note: Option<String>,
    },
    Plain(T),
}

#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum StatField {
    Number(i32),
    Word(String),
}

impl From<StatField> for StatValue {
    fn from(field: StatField) -> StatValue {
        match field {
            StatField::Number(number) => StatValue::Number(number),
            StatField::Word(word) if word == "none" => StatValue::None,
            StatField::Word(word) => StatValue::Symbol(word),
        }
    }
}

#[derive(Deserialize)]
struct PrintingFile {
    set: String,
    number: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TraitFile {
    #[serde(rename = "trait")]
    kind: TraitKind,
    value: bool,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    name: String,
    source: String,
    #[serde(default = "yes")]
    name_complete: bool,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(rename = "type")]
    card_type: Option<FactField<CardType>>,
    side: Option<FactField<Side>>,
    printing: Option<FactField<PrintingFile>>,
    deploy: Option<FactField<StatField>>,
    destiny: Option<FactField<StatField>>,
    #[serde(default)]
    unique: bool,
    #[serde(default)]
    traits: Vec<TraitFile>,
    #[serde(default)]
    notes: Vec<FactField<String>>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardListNote {
    number: u16,
    printed_name: String,
    note: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectedStat {
    value: i32,
    was: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectionFile {
    item: String,
    applies_to: String,
    #[serde(default)]
    deploy: Option<CorrectedStat>,
    #[serde(default)]
    game_text: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClashFile {
    name: String,
    deck: String,
    count: u16,
    #[serde(default)]
    attack: Option<i32>,
    #[serde(default)]
    counterpart: Option<String>,
    source: String,
}

/// `outside: where` or a corpus item id.
fn parse_source(text: &str) -> Source {
    match text.strip_prefix("outside:") {
        Some(rest) => Source::Outside(rest.trim().to_string()),
        None => Source::Rule(text.trim().to_string()),
    }
}

fn fact<T, U>(field: FactField<T>, default_source: &str, convert: impl Fn(T) -> U) -> Fact<U> {
    match field {
        FactField::Plain(value) => Fact::new(convert(value), parse_source(default_source)),
        FactField::Sourced {
            value,
            source,
            note,
        } => Fact {
            value: convert(value),
            source: parse_source(&source),
            note,
        },
    }
}

/// Whether the name should be split into title and subtitle (card types with subtitles).
fn has_subtitle(card_type: Option<CardType>) -> bool {
    matches!(
        card_type,
        None | Some(CardType::Character) | Some(CardType::Weapon)
    )
}

/// The card catalog. The embedded one is assembled at its first use, and its name index at
/// the first look-up, so that a command that needs neither (a Clash walk, a rule look-up)
/// does not pay for them.
#[derive(Debug)]
pub struct Catalog {
    cards: OnceLock<Vec<Card>>,
    /// The cards' names, normalised once.
    index: OnceLock<NameIndex>,
}

impl Catalog {
    /// The catalog embedded in the binary, built over the embedded corpus. Its data is checked
    /// by the test suite, so a failure here is a build defect, not a user error.
    pub fn embedded() -> &'static Catalog {
        static CATALOG: Catalog = Catalog {
            cards: OnceLock::new(),
            index: OnceLock::new(),
        };
        &CATALOG
    }

    /// Builds the catalog: the corpus's card list, then the catalog file's cards, notes and
    /// corrections, then sides derived through stacks.
    pub fn build(corpus: &Corpus, catalog_text: &str) -> Result<Catalog, CatalogError> {
        let catalog = Catalog {
            cards: OnceLock::from(Catalog::assemble_from(corpus, catalog_text)?),
            index: OnceLock::new(),
        };
        for id in catalog.cited_ids() {
            if corpus.item(&id).is_none() {
                return Err(CatalogError::UnknownItem { id });
            }
        }
        Ok(catalog)
    }

    fn assemble_from(corpus: &Corpus, catalog_text: &str) -> Result<Vec<Card>, CatalogError> {
        let file: CatalogFile = serde_json::from_str(catalog_text)
            .map_err(|error| CatalogError::Unreadable(error.to_string()))?;
        let mut cards = Vec::new();
        for item in corpus.items() {
            let Some(entry) = &item.card else { continue };
            let source = || Source::Rule(item.id.to_string());
            let (title, subtitle) = if has_subtitle(Some(entry.card_type)) {
                split_name(&entry.name)
            } else {
                (entry.name.clone(), None)
            };
            let mut card = Card::named(&entry.name, Game::YoungJedi);
            card.title = title;
            card.subtitle = subtitle;
            card.side = Some(Fact::new(entry.side, source()));
            card.card_type = Some(Fact::new(entry.card_type, source()));
            card.printing = Some(Fact::new(
                Printing {
                    set: "Duel of the Fates".to_string(),
                    number: entry.number.to_string(),
                },
                source(),
            ));
            card.rarity = Some(Fact::new(entry.rarity.clone(), source()));
            card.named_in.push(item.id.to_string());
            cards.push(card);
        }
        for note in file.card_list_notes {
            let wanted = note.number.to_string();
            let Some(card) = cards.iter_mut().find(|card| {
                card.printing
                    .as_ref()
                    .is_some_and(|printing| printing.value.number == wanted)
            }) else {
                continue;
            };
            card.aliases.push(card.full_name());
            let (title, subtitle) = split_name(&note.printed_name);
            card.title = title;
            card.subtitle = subtitle;
            card.notes
                .push(Fact::new(note.note, parse_source(&note.source)));
        }
        for entry in file.cards {
            let card_type = entry
                .card_type
                .map(|field| fact(field, &entry.source, |value| value));
            let (title, subtitle) = if has_subtitle(card_type.as_ref().map(|f| f.value)) {
                split_name(&entry.name)
            } else {
                (entry.name.clone(), None)
            };
            let mut card = Card::named(&entry.name, Game::YoungJedi);
            card.title = title;
            card.subtitle = subtitle;
            card.name_complete = entry.name_complete;
            card.aliases = entry.aliases;
            card.card_type = card_type;
            card.side = entry
                .side
                .map(|field| fact(field, &entry.source, |value| value));
            card.printing = entry.printing.map(|field| {
                fact(field, &entry.source, |printing| Printing {
                    set: printing.set,
                    number: printing.number,
                })
            });
            card.stats.deploy = entry
                .deploy
                .map(|field| fact(field, &entry.source, StatValue::from));
            card.stats.destiny = entry
                .destiny
                .map(|field| fact(field, &entry.source, StatValue::from));
            if entry.unique {
                card.stated_traits.push(Fact::new(
                    (TraitKind::Unique, true),
                    parse_source(&entry.source),
                ));
            }
            for stated in entry.traits {
                card.stated_traits.push(Fact::new(
                    (stated.kind, stated.value),
                    parse_source(&stated.source),
                ));
            }
            card.notes = entry
                .notes
                .into_iter()
                .map(|field| fact(field, &entry.source, |value| value))
                .collect();
            card.named_in.push(entry.source.clone());
            cards.push(card);
        }
        for correction in file.corrections {
            let mut applied = false;
            for card in cards.iter_mut().filter(|card| {
                card.full_name()
                    .eq_ignore_ascii_case(&correction.applies_to)
            }) {
                applied = true;
                let source = || Source::Rule(correction.item.clone());
                if let Some(deploy) = &correction.deploy {
                    let mut corrected = Fact::new(StatValue::Number(deploy.value), source());
                    corrected.note = Some(format!("corrected; originally printed {}", deploy.was));
                    card.stats.deploy = Some(corrected);
                }
                if let Some(text) = &correction.game_text {
                    let mut corrected = Fact::new(text.clone(), source());
                    corrected.note = Some("corrected game text".to_string());
                    card.game_text = Some(corrected);
                }
                if let Some(note) = &correction.note {
                    card.notes.push(Fact::new(note.clone(), source()));
                }
                card.corrections.push(correction.item.clone());
                if !card.named_in.contains(&correction.item) {
                    card.named_in.push(correction.item.clone());
                }
            }
            if !applied {
                return Err(CatalogError::CorrectionWithoutCard {
                    item: correction.item,
                    name: correction.applies_to,
                });
            }
        }
        derive_sides_through_stacks(&mut cards);
        for entry in file.clash {
            let mut card = Card::named(&entry.name, Game::Clash);
            card.subtitle = None;
            card.title = entry.name.clone();
            let kind = if entry.name.starts_with("Power Card") {
                CardType::Power
            } else {
                CardType::Special
            };
            card.card_type = Some(Fact::new(kind, parse_source(&entry.source)));
            card.stats.attack = entry
                .attack
                .map(|attack| Fact::new(StatValue::Number(attack), parse_source(&entry.source)));
            card.clash = Some(ClashFacts {
                deck: entry.deck,
                count: entry.count,
                counterpart: entry.counterpart,
            });
            card.named_in.push(entry.source);
            cards.push(card);
        }
        Ok(cards)
    }

    pub fn cards(&self) -> &[Card] {
        self.cards.get_or_init(|| {
            // Only the embedded catalog is made here. The test suite checks every id it
            // cites, so a run need not check them again, and a failure is a build defect.
            Catalog::assemble_from(Corpus::embedded(), CATALOG_SOURCE)
                .unwrap_or_else(|error| panic!("the embedded card catalog is malformed: {error}"))
        })
    }

    /// The cards' names, normalised once, for look-ups.
    pub fn index(&self) -> &NameIndex {
        self.index.get_or_init(|| NameIndex::new(self.cards()))
    }

    /// The cards a name means (forgiving), with the nearest names when it means none.
    pub fn find(&self, query: &str) -> Result<Vec<&Card>, CardLookupError> {
        match self.index().find(query) {
            Ok(positions) => Ok(positions
                .into_iter()
                .filter_map(|position| self.cards().get(position))
                .collect()),
            Err(CardLookupError::Unknown { given, .. }) => Err(CardLookupError::Unknown {
                suggestions: self.index().suggest(&given),
                given,
            }),
            Err(error) => Err(error),
        }
    }

    /// Every corpus id the catalog cites.
    pub fn cited_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for card in self.cards() {
            let mut sources: Vec<&Source> = Vec::new();
            sources.extend(card.side.as_ref().map(|f| &f.source));
            sources.extend(card.card_type.as_ref().map(|f| &f.source));
            sources.extend(card.printing.as_ref().map(|f| &f.source));
            sources.extend(card.rarity.as_ref().map(|f| &f.source));
            sources.extend(card.game_text.as_ref().map(|f| &f.source));
            for (_, stat) in card.stats.named() {
                sources.extend(stat.as_ref().map(|f| &f.source));
            }
            sources.extend(card.stated_traits.iter().map(|f| &f.source));
            sources.extend(card.notes.iter().map(|f| &f.source));
            ids.extend(
                sources
                    .into_iter()
                    .filter_map(|s| s.rule_id().map(String::from)),
            );
            ids.extend(card.corrections.iter().cloned());
            ids.extend(card.named_in.iter().cloned());
        }
        ids.sort();
        ids.dedup();
        ids
    }
}

/// A stackable card (character or weapon) whose side the sources do not give takes the side
/// of a catalog card with the same title: they represent the same person or item.
fn derive_sides_through_stacks(cards: &mut [Card]) {
    let known: Vec<(String, Side, String)> = cards
        .iter()
        .filter(|card| {
            card.side
                .as_ref()
                .is_some_and(|f| f.source.rule_id().is_some())
        })
        .filter_map(|card| {
            card.side()
                .map(|side| (card.title.clone(), side, card.full_name()))
        })
        .collect();
    for card in cards.iter_mut() {
        let stackable = matches!(
            card.card_type(),
            Some(CardType::Character) | Some(CardType::Weapon)
        );
        if card.side.is_some() || !stackable {
            continue;
        }
        if let Some((_, side, other)) = known.iter().find(|(title, _, _)| *title == card.title) {
            let mut derived = Fact::new(*side, Source::Rule(SAME_TITLE_SAME_PERSON.to_string()));
            derived.note = Some(format!(
                "same card title as {other}, a {side} card: stackable cards with the same card title represent the same person or item"
            ));
            card.side = Some(derived);
        }
    }
}
