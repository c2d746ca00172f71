//! The catalog of the cards the sources name: the Duel of the Fates card list, the cards the FAQ and rules name, corrections applied.

use std::sync::OnceLock;

use thiserror::Error;

use super::assemble::{AssemblyError, CatalogFile, ListedCard, PrintingsFile, assemble};
use super::card_text::{TEXT_FILES, TextFile, TextFiles};
use super::matching::{CardLookupError, ExactName, NameIndex, NormalisedNames, WordPlace};
use super::model::{Card, Game, SearchTexts, Source};
use super::row::RowTable;
use crate::rules::Corpus;

/// The catalog data file, `catalog.yaml`. The build script assembles the embedded catalog
/// from it; [`Catalog::build`] does the same at run time, for the test suite.
pub const CATALOG_SOURCE: &str = include_str!("catalog.yaml");

/// Every printed Young Jedi card, converted from the community transcription
/// (`young-jedi.yaml`, written by `convert-cards`).
pub const PRINTINGS_SOURCE: &str = include_str!("young-jedi.yaml");

/// The second source of card facts (`second-source.yaml`).
pub const SECOND_SOURCE: &str = include_str!("second-source.yaml");

/// The Players Committee's virtual cards (`virtual-card-set-1.yaml`), read from the card
/// images.
pub const VIRTUAL_SET_SOURCE: &str = include_str!("virtual-card-set-1.yaml");

/// The icons characters print, read from their images (`icons.yaml`).
pub const ICONS_SOURCE: &str = include_str!("icons.yaml");

/// The card text files (`text/*.yaml`), each with its name, in the order of
/// [`TEXT_FILES`].
pub const TEXT_SOURCES: [(&str, &str); TEXT_FILES.len()] = [
    (
        TEXT_FILES[0],
        include_str!("text/menace-of-darth-maul.yaml"),
    ),
    (
        TEXT_FILES[1],
        include_str!("text/enhanced-menace-of-darth-maul.yaml"),
    ),
    (TEXT_FILES[2], include_str!("text/the-jedi-council.yaml")),
    (TEXT_FILES[3], include_str!("text/battle-of-naboo.yaml")),
    (
        TEXT_FILES[4],
        include_str!("text/enhanced-battle-of-naboo.yaml"),
    ),
    (TEXT_FILES[5], include_str!("text/duel-of-the-fates.yaml")),
    (TEXT_FILES[6], include_str!("text/boonta-eve-podrace.yaml")),
    (TEXT_FILES[7], include_str!("text/reflections.yaml")),
];

#[derive(Debug, Error)]
pub enum CatalogError {
    #[error("the card catalog is unreadable: {0}")]
    Unreadable(String),
    #[error("the card catalog cites {id}, which the corpus does not have")]
    UnknownItem { id: String },
    #[error(transparent)]
    Assembly(#[from] AssemblyError),
}

/// The cards the build script assembled, as code that makes each one, and their names
/// normalised.
mod embedded {
    use crate::cards::card_text::{
        BattleUser, PrintedText, QualifiedUser, ReadFrom, StatusKind, TextKind,
    };
    use crate::cards::matching::{ExactName, NormalisedNames, Strength};
    use crate::cards::model::*;
    use crate::cards::row::{Printed, RowTable, Span, Written};
    use std::borrow::Cow;
    include!(concat!(env!("OUT_DIR"), "/catalog_data.rs"));
}

/// The card catalog. The embedded one is made at its first use, and its name index at the
/// first look-up, so that a command that needs neither (a rule look-up) does not pay for them.
#[derive(Debug)]
pub struct Catalog {
    /// Every card, made when a command needs them all.
    cards: OnceLock<Vec<Card>>,
    /// Every card's row, for a catalog built at run time (the embedded one has them written).
    rows: OnceLock<RowTable>,
    /// What the build script wrote, for the embedded catalog (none for one built at run time).
    built_in: Option<BuiltIn>,
    /// The embedded cards made one by one, as look-ups need them.
    one_by_one: OnceLock<Box<[OnceLock<Box<Card>>]>>,
    /// The cards' names, normalised once.
    index: OnceLock<NameIndex>,
    /// The nearest names of the last few names that meant none (a check builds its position
    /// twice, for the walk and for itself): at most [`SUGGESTIONS_KEPT`].
    suggested: std::sync::Mutex<Vec<Suggested>>,
}

/// A name that meant no card, the game looked in, and the nearest names found.
type Suggested = (String, Option<Game>, Vec<String>);

/// How many names' suggestions the catalog remembers.
const SUGGESTIONS_KEPT: usize = 32;

/// The embedded catalog as the build script wrote it: the code that makes each card, and
/// every card's names normalised.
#[derive(Debug)]
struct BuiltIn {
    makers: &'static [fn() -> Card],
    /// Each card's [`Card::search_texts`].
    search_texts: &'static [SearchTexts<&'static str>],
    /// Every card's row.
    rows: &'static RowTable,
    names: &'static [NormalisedNames],
    sorted_words: &'static [WordPlace],
    exact_names: &'static [ExactName],
}

impl Catalog {
    /// The nearest names to a name that meant none, as `compute` finds them, remembered for
    /// the last few names.
    pub(crate) fn remembered_suggestions(
        &self,
        query: &str,
        game: Option<Game>,
        compute: impl FnOnce() -> Vec<String>,
    ) -> Vec<String> {
        let known = self.suggested.lock().ok().and_then(|kept| {
            kept.iter()
                .find(|(name, of, _)| name == query && *of == game)
                .map(|(_, _, found)| found.clone())
        });
        if let Some(found) = known {
            return found;
        }
        let found = compute();
        if let Ok(mut kept) = self.suggested.lock() {
            if kept.len() >= SUGGESTIONS_KEPT {
                kept.remove(0);
            }
            kept.push((query.to_string(), game, found.clone()));
        }
        found
    }

    /// The catalog embedded in the binary: assembled by the build script, and checked by the
    /// test suite against the one [`Catalog::build`] makes from the files.
    pub fn embedded() -> &'static Catalog {
        static CATALOG: Catalog = Catalog::built_in();
        &CATALOG
    }

    /// The embedded catalog afresh, nothing made yet: what a process starts with (for
    /// measuring what loading it costs).
    pub fn embedded_unmade() -> Catalog {
        Catalog::built_in()
    }

    /// A catalog of the cards the build script wrote, none of them made yet.
    const fn built_in() -> Catalog {
        Catalog {
            cards: OnceLock::new(),
            rows: OnceLock::new(),
            built_in: Some(BuiltIn {
                makers: embedded::CARDS,
                search_texts: embedded::SEARCH_TEXTS,
                rows: &embedded::ROWS,
                names: embedded::NAMES,
                sorted_words: embedded::SORTED_WORDS,
                exact_names: embedded::EXACT_NAMES,
            }),
            one_by_one: OnceLock::new(),
            index: OnceLock::new(),
            suggested: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Builds the catalog from the corpus's card list and the catalog file (`catalog.yaml`),
    /// and checks that every id it cites is an item of the corpus.
    pub fn build(corpus: &Corpus, catalog_text: &str) -> Result<Catalog, CatalogError> {
        let file: CatalogFile = serde_saphyr::from_str(catalog_text)
            .map_err(|error| CatalogError::Unreadable(error.to_string()))?;
        let listed: Vec<ListedCard<'_>> = corpus
            .items()
            .iter()
            .filter_map(|item| {
                item.card.as_ref().map(|entry| ListedCard {
                    item: &item.id,
                    number: entry.number,
                    name: &entry.name,
                    rarity: &entry.rarity,
                    side: entry.side,
                    card_type: entry.card_type,
                })
            })
            .collect();
        let printings: PrintingsFile = serde_saphyr::from_str(PRINTINGS_SOURCE)
            .map_err(|error| CatalogError::Unreadable(error.to_string()))?;
        let second_source = serde_saphyr::from_str(SECOND_SOURCE)
            .map_err(|error| CatalogError::Unreadable(error.to_string()))?;
        let virtual_set = serde_saphyr::from_str(VIRTUAL_SET_SOURCE)
            .map_err(|error| CatalogError::Unreadable(error.to_string()))?;
        let texts = TEXT_SOURCES
            .iter()
            .map(|(file, text)| {
                serde_saphyr::from_str(text)
                    .map_err(|error| CatalogError::Unreadable(format!("{file}: {error}")))
            })
            .collect::<Result<Vec<TextFile>, CatalogError>>()?;
        let icons = serde_saphyr::from_str(ICONS_SOURCE)
            .map_err(|error| CatalogError::Unreadable(format!("icons.yaml: {error}")))?;
        let read = TextFiles { texts, icons };
        let catalog = Catalog {
            cards: OnceLock::from(assemble(
                &listed,
                file,
                printings,
                second_source,
                virtual_set,
                &read,
            )?),
            rows: OnceLock::new(),
            built_in: None,
            one_by_one: OnceLock::new(),
            index: OnceLock::new(),
            suggested: std::sync::Mutex::new(Vec::new()),
        };
        for id in catalog.cited_ids() {
            if corpus.item(&id).is_none() {
                return Err(CatalogError::UnknownItem { id });
            }
        }
        Ok(catalog)
    }

    /// The names of the named cards of `game` (of either game for `None`), sorted, each once:
    /// what Tab offers. Each card's plain name (title and subtitle), as players say it, and
    /// where versions of that name differ, the name that finds each alone
    /// (`Darth Maul's Lightsaber (Battle of Naboo)`), which sorts just after it.
    pub fn names_to_complete(&self, game: Option<Game>) -> Vec<String> {
        let mut names: Vec<String> = self
            .cards()
            .iter()
            .filter(|card| !card.anonymous && game.is_none_or(|game| card.game == game))
            .flat_map(|card| {
                let plain = card.full_name();
                let alone = card.unambiguous_name();
                if alone == plain {
                    vec![plain]
                } else {
                    vec![plain, alone]
                }
            })
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// Every card, in catalog order.
    pub fn cards(&self) -> &[Card] {
        self.cards.get_or_init(|| {
            self.built_in
                .as_ref()
                .map(|built_in| built_in.makers.iter().map(|make| make()).collect())
                .unwrap_or_default()
        })
    }

    /// Every card's row, in catalog order: what a list reads, without making a card of the
    /// embedded catalog.
    pub fn rows(&self) -> &RowTable {
        match &self.built_in {
            Some(built_in) => built_in.rows,
            None => self.rows.get_or_init(|| RowTable::of(self.cards())),
        }
    }

    /// The cards whose name, aliases, type or side (and notes, `with_notes`) hold every word
    /// of the query, best first ([`matching::search`]): an embedded catalog reads each card's
    /// search texts, written by the build, and makes only the cards it finds.
    pub fn search(&self, query: &str, with_notes: bool) -> Vec<&Card> {
        let Some(BuiltIn { search_texts, .. }) = &self.built_in else {
            return crate::cards::matching::search(self.cards(), query, with_notes);
        };
        let Some(words) = crate::cards::matching::search_words(query) else {
            return Vec::new();
        };
        crate::cards::matching::ranked(search_texts.iter().copied(), &words, with_notes)
            .into_iter()
            .filter_map(|position| self.card(position))
            .collect()
    }

    /// The card at a position of the catalog (as the name index gives it). An embedded card
    /// is made at its first look-up, so that a command pays only for the cards it names.
    /// A position always gives the same card, whether or not [`Catalog::cards`] has made them
    /// all meanwhile (on another thread): look-ups tell versions apart by which card they are.
    pub fn card(&self, position: usize) -> Option<&Card> {
        let Some(BuiltIn { makers, .. }) = &self.built_in else {
            return self.cards().get(position);
        };
        let make = makers.get(position)?;
        let slots = self
            .one_by_one
            .get_or_init(|| makers.iter().map(|_| OnceLock::new()).collect());
        slots
            .get(position)
            .map(|slot| &**slot.get_or_init(|| Box::new(make())))
    }

    /// The cards' names, normalised once, for look-ups.
    pub fn index(&self) -> &NameIndex {
        self.index.get_or_init(|| match &self.built_in {
            Some(built_in) => NameIndex::from_normalised(
                built_in.names,
                built_in.sorted_words,
                built_in.exact_names,
            ),
            None => NameIndex::new(self.cards()),
        })
    }

    /// The cards a name means (forgiving), with the nearest names when it means none.
    pub fn find(&self, query: &str) -> Result<Vec<&Card>, CardLookupError> {
        match self.index().find(query) {
            Ok(positions) => Ok(positions
                .into_iter()
                .filter_map(|position| self.card(position))
                .collect()),
            Err(CardLookupError::Unknown { given, .. }) => Err(CardLookupError::Unknown {
                suggestions: self.index().suggest(&given),
                given,
            }),
            Err(error) => Err(error),
        }
    }

    /// The cards a name means, to show them: as [`Catalog::find`], but a name that is the
    /// title of several cards (`Battle Droid Squad`) means them all.
    pub fn find_to_show(&self, query: &str) -> Result<Vec<&Card>, CardLookupError> {
        match self.find(query) {
            Err(CardLookupError::Ambiguous { given, candidates }) => {
                let title = super::matching::normalise(query);
                let titled: Vec<&Card> = candidates
                    .iter()
                    .flat_map(|candidate| self.find(candidate).unwrap_or_default())
                    .filter(|card| super::matching::normalise(&card.title) == title)
                    .collect();
                let every_one = candidates
                    .iter()
                    .all(|candidate| titled.iter().any(|card| card.full_name() == *candidate));
                if every_one {
                    Ok(titled)
                } else {
                    Err(CardLookupError::Ambiguous { given, candidates })
                }
            }
            // `Name (Set)`: the card with a printing in that set, as the resolver finds it.
            Err(unknown @ CardLookupError::Unknown { .. }) => {
                match self.resolve(query, super::Looking::default()) {
                    Ok(super::Resolved::Catalog(card, _) | super::Resolved::Table(card)) => {
                        Ok(vec![card])
                    }
                    Err(_) => Err(unknown),
                }
            }
            found => found,
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

/// Why a card is not played as the half a position names.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotAHalf {
    /// The card is no Double Impact card with a Battle half.
    #[error("{card} is no Double Impact card with a Battle half")]
    NoBattleHalf { card: String },
    /// The name is none of its Battle halves; `nearest` shares the most words with it.
    #[error("{written} is not a Battle half of {card}")]
    Unknown {
        written: String,
        card: String,
        halves: String,
        nearest: String,
    },
    /// The half's own card text is not recorded.
    #[error("the text of {half} is not recorded, so {card} is not played as it")]
    Unrecorded { half: String, card: String },
}

impl Catalog {
    /// Plays a Double Impact card as the Battle half `written` names: the card takes the text
    /// and the power bonus of the earlier card that half is (found by its name through the
    /// index, so that only the cards of that name are made).
    pub fn play_as_half(&self, card: &mut Card, written: &str) -> Result<(), NotAHalf> {
        let halves: &[String] = card
            .printed_text
            .as_ref()
            .map_or(&[], |printed| printed.battle_halves.as_slice());
        let words = |text: &str| -> std::collections::BTreeSet<String> {
            super::matching::normalise(text)
                .split(' ')
                .map(str::to_string)
                .collect()
        };
        let wanted = super::matching::normalise(written);
        let Some(named) = halves
            .iter()
            .find(|half| super::matching::normalise(half) == wanted)
            .cloned()
        else {
            let written_words = words(written);
            return Err(
                match halves
                    .iter()
                    .max_by_key(|half| words(half).intersection(&written_words).count())
                {
                    Some(nearest) => NotAHalf::Unknown {
                        written: crate::text::quoted(written),
                        card: card.full_name(),
                        halves: halves.join(" and "),
                        nearest: nearest.clone(),
                    },
                    None => NotAHalf::NoBattleHalf {
                        card: card.full_name(),
                    },
                },
            );
        };
        let found = self.find_to_show(&named).unwrap_or_default();
        let earlier = found
            .into_iter()
            .find(|earlier| {
                earlier.full_name() == named
                    && earlier.is(super::model::CardType::Battle)
                    && earlier.halves.is_none()
                    && earlier.printed_text.is_some()
            })
            .ok_or_else(|| NotAHalf::Unrecorded {
                half: crate::text::quoted(&named),
                card: card.full_name(),
            })?;
        card.text = earlier.text.clone();
        card.text_source = earlier.text_source.clone();
        card.battle_bonus = earlier.battle_bonus.clone();
        card.played_as = Some(named);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardType, Fact, StatValue};

    /// A position gives one card, made or not before every card is made (as another
    /// command's thread may make them between two look-ups): a name with its set, which tells
    /// versions apart by which card they are, finds its card after as before.
    #[test]
    fn a_position_gives_the_same_card_before_and_after_every_card_is_made() {
        let catalog = Catalog::embedded_unmade();
        let looking = super::super::Looking::default();
        let named = "Obi-Wan Kenobi, Jedi Student (Duel of the Fates)";
        let position = catalog
            .index()
            .find("Obi-Wan Kenobi, Jedi Student")
            .expect("the card")[0];
        let before = catalog.card(position).expect("made one by one");
        let found_before = catalog
            .resolve(named, looking)
            .map(|found| found.card().full_name());
        assert_eq!(found_before.as_deref(), Ok("Obi-Wan Kenobi, Jedi Student"));
        assert!(!catalog.cards().is_empty());
        assert!(std::ptr::eq(before, catalog.card(position).expect("made")));
        let found_after = catalog
            .resolve(named, looking)
            .map(|found| found.card().full_name());
        assert_eq!(found_after, found_before);
    }

    /// A Double Impact card is played as the half named: that card's text and power bonus; a
    /// name near a half is refused with that half to write; a half whose own text is not
    /// recorded, and a card with no Battle half, are said.
    #[test]
    fn a_double_impact_card_is_played_as_the_half_named_or_refused_with_the_reason() {
        let catalog = Catalog::embedded();
        let double = catalog
            .find("Opee Sea Killer & To The Death")
            .expect("the card")[0]
            .clone();
        let mut played = double.clone();
        assert_eq!(catalog.play_as_half(&mut played, "to the death"), Ok(()));
        assert_eq!(played.played_as.as_deref(), Some("To The Death"));
        assert!(played.text.keep_breakthrough);
        let mut wrong = double.clone();
        match catalog.play_as_half(&mut wrong, "To The Depths") {
            Err(NotAHalf::Unknown { nearest, .. }) => assert_eq!(nearest, "To The Death"),
            other => panic!("{other:?}"),
        }
        assert_eq!(wrong.played_as, None);
        // A half that is no recorded Battle card.
        let mut unrecorded = double.clone();
        if let Some(printed) = &mut unrecorded.printed_text {
            printed.battle_halves = vec!["Qui-Gon Jinn, Jedi Master".to_string()];
        }
        assert!(matches!(
            catalog.play_as_half(&mut unrecorded, "Qui-Gon Jinn, Jedi Master"),
            Err(NotAHalf::Unrecorded { .. })
        ));
        assert_eq!(unrecorded.played_as, None);
        let mut character = catalog.find("Qui-Gon Jinn, Jedi Master").expect("the card")[0].clone();
        assert!(matches!(
            catalog.play_as_half(&mut character, "anything"),
            Err(NotAHalf::NoBattleHalf { .. })
        ));
    }

    #[test]
    fn a_card_looked_up_alone_is_the_card_of_the_whole_list_and_makes_no_other() {
        let alone = Catalog::built_in();
        let all = Catalog::built_in();
        let count = embedded::CARDS.len();
        for position in [count - 1, 0, count / 2] {
            assert_eq!(alone.card(position), all.cards().get(position));
        }
        assert!(
            alone.cards.get().is_none(),
            "looking one card up made them all"
        );
        let made = alone.one_by_one.get().map_or(0, |slots| {
            slots.iter().filter(|slot| slot.get().is_some()).count()
        });
        assert_eq!(made, 3);
        assert_eq!(alone.card(count), None);
    }

    /// The rows the build wrote are the rows of the cards, and each row says what its card
    /// says: its name, type, side, printed numbers and printings.
    #[test]
    fn the_written_rows_are_the_rows_of_the_cards() {
        let all = Catalog::built_in();
        let cards = all.cards();
        assert_eq!(*all.rows(), RowTable::of(cards));
        assert_eq!(all.rows().len(), cards.len());
        let shown = |fact: &Option<Fact<StatValue>>| {
            fact.as_ref()
                .map(|fact| (fact.value.to_string(), fact.value.number()))
        };
        let read = |printed: Option<crate::cards::PrintedNumber<'_>>| {
            printed.map(|printed| (printed.shown.to_string(), printed.number))
        };
        for (row, card) in all.rows().rows().zip(cards) {
            let name = card.full_name();
            assert_eq!(row.name(), name);
            assert_eq!(row.game(), card.game, "{name}");
            assert_eq!(row.side(), card.side(), "{name}");
            assert_eq!(row.card_type(), card.card_type(), "{name}");
            assert_eq!(
                row.type_label().as_deref(),
                card.type_label().as_deref(),
                "{name}"
            );
            for kind in CardType::ALL {
                assert_eq!(
                    row.is_or_has_half(kind),
                    card.is_or_has_half(kind),
                    "{name}"
                );
            }
            assert_eq!(read(row.deploy()), shown(&card.stats.deploy), "{name}");
            assert_eq!(read(row.power()), shown(&card.stats.power), "{name}");
            assert_eq!(read(row.damage()), shown(&card.stats.damage), "{name}");
            assert_eq!(read(row.destiny()), shown(&card.stats.destiny), "{name}");
            let printings: Vec<String> = card
                .printing
                .iter()
                .chain(&card.reprints)
                .map(|printing| printing.value.to_string())
                .collect();
            assert_eq!(row.printings().collect::<Vec<_>>(), printings, "{name}");
            assert_eq!(row.printing_count(), printings.len(), "{name}");
            let sets: Vec<&str> = card
                .printing
                .iter()
                .chain(&card.reprints)
                .map(|printing| printing.value.set.as_ref())
                .collect();
            assert_eq!(row.sets().collect::<Vec<_>>(), sets, "{name}");
        }
    }

    /// `cards list` filters and sorts the written rows and makes no card, unless it filters by
    /// a trait: then it makes only the cards the rest of the filter keeps.
    #[test]
    fn a_list_makes_only_the_cards_a_trait_needs() {
        use crate::cards::filter::{CardFilter, Condition, SortKey, sort};
        let corpus = Corpus::embedded();
        let ruleset = crate::rules::Ruleset::default();
        let listing = Catalog::built_in();
        let filter = CardFilter {
            side: Some(crate::cards::Side::Dark),
            conditions: Condition::parse("power>=5")
                .and_then(Result::ok)
                .into_iter()
                .collect(),
            ..CardFilter::default()
        };
        let kept = filter.keep(
            listing.rows().rows().enumerate(),
            |at| listing.card(at),
            corpus,
            &ruleset,
        );
        assert!(!kept.is_empty());
        let mut rows: Vec<_> = kept.iter().map(|(_, row)| *row).collect();
        sort(&mut rows, SortKey::Name);
        assert!(listing.cards.get().is_none(), "the list made every card");
        assert!(listing.one_by_one.get().is_none(), "the list made a card");
        let jedi = CardFilter {
            with_trait: Some(crate::cards::TraitKind::Jedi),
            side: Some(crate::cards::Side::Light),
            card_type: Some(CardType::Character),
            ..CardFilter::default()
        };
        let kept = jedi.keep(
            listing.rows().rows().enumerate(),
            |at| listing.card(at),
            corpus,
            &ruleset,
        );
        assert!(!kept.is_empty());
        let light_characters = listing
            .rows()
            .rows()
            .filter(|row| {
                row.side() == Some(crate::cards::Side::Light)
                    && row.is_or_has_half(CardType::Character)
            })
            .count();
        let made = listing.one_by_one.get().map_or(0, |slots| {
            slots.iter().filter(|slot| slot.get().is_some()).count()
        });
        assert_eq!(made, light_characters);
        assert!(listing.cards.get().is_none(), "the list made every card");
    }

    /// A search of the embedded catalog finds, in order, the cards a search of every card
    /// finds, with and without the notes, for every word of every card's search texts and a
    /// few of two words, and makes only the cards it finds; each card's search texts as the
    /// build wrote them are its own.
    #[test]
    fn a_search_by_the_written_texts_finds_what_a_search_of_every_card_finds() {
        let all = Catalog::built_in();
        for (position, card) in all.cards().iter().enumerate() {
            assert_eq!(
                embedded::SEARCH_TEXTS[position],
                card.search_texts().as_str()
            );
        }
        let mut queries: std::collections::BTreeSet<String> = embedded::SEARCH_TEXTS
            .iter()
            .flat_map(|texts| [texts.name, texts.also, texts.notes])
            .flat_map(|text| text.split(' ').map(str::to_string))
            .collect();
        queries.extend(
            [
                "maul student",
                "dark weapon",
                "jedi light",
                "qui gon",
                "xyzzy",
                "",
            ]
            .map(str::to_string),
        );
        for query in &queries {
            for with_notes in [false, true] {
                let searching = Catalog::built_in();
                let named = |card: &&Card| format!("{} {:?}", card.full_name(), card.printing);
                let found: Vec<String> = searching
                    .search(query, with_notes)
                    .iter()
                    .map(named)
                    .collect();
                let every: Vec<String> =
                    crate::cards::matching::search(all.cards(), query, with_notes)
                        .iter()
                        .map(named)
                        .collect();
                assert_eq!(found, every, "{query:?}");
                assert!(searching.cards.get().is_none(), "{query:?} made every card");
            }
        }
    }
}
