//! Cards as a list shows, filters and sorts them: each one's name, type, side, printed numbers and printings, in one table of text and ranges made from the cards once.
//!
//! The build script writes the table of every embedded card as static data, so that `cards
//! list` reads rows and makes no card unless a filter needs more than a row holds (a trait).
//! The table holds its words in one text and each row's parts as ranges of it: static data
//! with no pointer in each row, which a program loads without adjusting anything, so that
//! a command that lists no card pays nothing for it.

use std::borrow::Cow;

use super::card_text::StatusKind;
use super::model::{Card, CardType, Fact, Game, Side, StatValue};

/// What parts a list of printings or sets in one range of the text.
const PARTING: char = '\n';

/// A range of a table's text: `start..end`, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub(crate) start: u32,
    pub(crate) end: u32,
}

/// A printed number: as a list shows it (`5`, `?`, `none`), and the number a comparison
/// reads, if it is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    pub(crate) shown: Span,
    pub(crate) number: Option<i32>,
}

/// One card's row: its parts as ranges of its table's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// `Title, Subtitle`, or the title alone.
    pub(crate) name: Span,
    pub(crate) game: Game,
    pub(crate) card_type: Option<CardType>,
    /// The places in the table's list of halves' types of a two-in-one card's halves; an
    /// empty range for another card.
    pub(crate) halves: (u32, u32),
    pub(crate) side: Option<Side>,
    pub(crate) deploy: Option<Printed>,
    pub(crate) power: Option<Printed>,
    pub(crate) damage: Option<Printed>,
    pub(crate) destiny: Option<Printed>,
    /// The card's own printing as written (`Battle of Naboo #4`).
    pub(crate) printing: Option<Span>,
    /// Its reprints as written, parted by [`PARTING`].
    pub(crate) reprints: Span,
    /// The set of each printing, its own first, parted by [`PARTING`].
    pub(crate) sets: Span,
    /// The collector number of its own printing as printed (`P8`); empty without one.
    pub(crate) number: Span,
    /// Its text status, as the card text files give it (`None` for another game's card).
    pub(crate) status: Option<StatusKind>,
}

/// The rows of a list of cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowTable {
    pub(crate) text: Cow<'static, str>,
    pub(crate) halves: Cow<'static, [CardType]>,
    pub(crate) rows: Cow<'static, [Written]>,
}

impl RowTable {
    /// The rows of the cards, in their order.
    ///
    /// # Panics
    ///
    /// If the text grows past 4 GiB, or a printing's label or set holds a line break; neither
    /// can come of the catalog.
    pub fn of<'c>(cards: impl IntoIterator<Item = &'c Card>) -> RowTable {
        let mut text = String::new();
        let mut halves = Vec::new();
        let mut rows = Vec::new();
        for card in cards {
            let mut printed = |fact: &Option<Fact<StatValue>>| {
                fact.as_ref().map(|fact| Printed {
                    shown: add(&mut text, &fact.value.to_string()),
                    number: fact.value.number(),
                })
            };
            let deploy = printed(&card.stats.deploy);
            let power = printed(&card.stats.power);
            let damage = printed(&card.stats.damage);
            let destiny = printed(&card.stats.destiny);
            let first_half = u32::try_from(halves.len()).expect("under 4 Gi halves");
            halves.extend(
                card.halves
                    .iter()
                    .flat_map(|halves| halves.value.iter().map(|half| half.card_type)),
            );
            let after_halves = u32::try_from(halves.len()).expect("under 4 Gi halves");
            let written = Written {
                name: add(&mut text, &card.full_name()),
                game: card.game,
                card_type: card.card_type(),
                halves: (first_half, after_halves),
                side: card.side(),
                deploy,
                power,
                damage,
                destiny,
                printing: card
                    .printing
                    .as_ref()
                    .map(|printing| add(&mut text, &printing.value.to_string())),
                reprints: add_list(
                    &mut text,
                    card.reprints
                        .iter()
                        .map(|printing| printing.value.to_string()),
                ),
                sets: add_list(
                    &mut text,
                    card.printing
                        .iter()
                        .chain(&card.reprints)
                        .map(|printing| printing.value.set.to_string()),
                ),
                number: add(
                    &mut text,
                    card.printing
                        .as_ref()
                        .map_or("", |printing| &printing.value.number),
                ),
                status: (card.game == Game::YoungJedi).then(|| {
                    card.text_status()
                        .map_or(StatusKind::Unread, |status| status.kind())
                }),
            };
            rows.push(written);
        }
        RowTable {
            text: Cow::Owned(text),
            halves: Cow::Owned(halves),
            rows: Cow::Owned(rows),
        }
    }

    /// How many rows the table has.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row at a place.
    pub fn row(&self, at: usize) -> Option<CardRow<'_>> {
        self.rows.get(at).map(|written| CardRow {
            table: self,
            written,
        })
    }

    /// Every row, in order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = CardRow<'_>> {
        self.rows.iter().map(|written| CardRow {
            table: self,
            written,
        })
    }

    /// The text of a range.
    fn text(&self, span: Span) -> &str {
        usize::try_from(span.start)
            .ok()
            .zip(usize::try_from(span.end).ok())
            .and_then(|(start, end)| self.text.get(start..end))
            .unwrap_or_default()
    }
}

/// What `cards list` and `cards search` read of a card: a row of a [`RowTable`].
#[derive(Clone, Copy, Debug)]
pub struct CardRow<'t> {
    table: &'t RowTable,
    written: &'t Written,
}

/// A printed number of a row, as [`Printed`] holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintedNumber<'t> {
    /// As a list shows it: `5`, `?`, `none`.
    pub shown: &'t str,
    /// The number, if it is one.
    pub number: Option<i32>,
}

impl<'t> CardRow<'t> {
    /// `Title, Subtitle`, or the title alone.
    pub fn name(&self) -> &'t str {
        self.table.text(self.written.name)
    }

    pub fn game(&self) -> Game {
        self.written.game
    }

    pub fn card_type(&self) -> Option<CardType> {
        self.written.card_type
    }

    pub fn side(&self) -> Option<Side> {
        self.written.side
    }

    /// The types of a two-in-one card's halves, in order; none for another card.
    pub fn halves(&self) -> &'t [CardType] {
        let (start, end) = self.written.halves;
        usize::try_from(start)
            .ok()
            .zip(usize::try_from(end).ok())
            .and_then(|(start, end)| self.table.halves.get(start..end))
            .unwrap_or_default()
    }

    /// The card's type as a list shows it: a two-in-one card's by its halves
    /// (`Character & Weapon`), as [`Card::type_label`].
    pub fn type_label(&self) -> Option<Cow<'static, str>> {
        match (self.halves(), self.written.card_type) {
            ([], Some(kind)) => Some(Cow::Borrowed(kind.label())),
            ([], None) => None,
            (halves, _) => Some(Cow::Owned(
                halves
                    .iter()
                    .map(|kind| kind.label())
                    .collect::<Vec<_>>()
                    .join(" & "),
            )),
        }
    }

    /// Whether the card is of the type, or has a half of it, as [`Card::is_or_has_half`].
    pub fn is_or_has_half(&self, card_type: CardType) -> bool {
        self.written.card_type == Some(card_type) || self.halves().contains(&card_type)
    }

    fn printed(&self, printed: Option<Printed>) -> Option<PrintedNumber<'t>> {
        printed.map(|printed| PrintedNumber {
            shown: self.table.text(printed.shown),
            number: printed.number,
        })
    }

    /// Deploy counters, or Clash's counters.
    pub fn deploy(&self) -> Option<PrintedNumber<'t>> {
        self.printed(self.written.deploy)
    }

    pub fn power(&self) -> Option<PrintedNumber<'t>> {
        self.printed(self.written.power)
    }

    pub fn damage(&self) -> Option<PrintedNumber<'t>> {
        self.printed(self.written.damage)
    }

    pub fn destiny(&self) -> Option<PrintedNumber<'t>> {
        self.printed(self.written.destiny)
    }

    /// The card's own printing as written (`Battle of Naboo #4`).
    pub fn printing(&self) -> Option<&'t str> {
        self.written.printing.map(|span| self.table.text(span))
    }

    /// Its reprints as written, in order.
    pub fn reprints(&self) -> impl Iterator<Item = &'t str> + use<'t> {
        parts(self.table.text(self.written.reprints))
    }

    /// Every printing as written, its own first.
    pub fn printings(&self) -> impl Iterator<Item = &'t str> + use<'t> {
        self.printing().into_iter().chain(self.reprints())
    }

    /// How many printings the card has.
    pub fn printing_count(&self) -> usize {
        usize::from(self.written.printing.is_some()) + self.reprints().count()
    }

    /// The set of each printing, its own first.
    pub fn sets(&self) -> impl Iterator<Item = &'t str> + use<'t> {
        parts(self.table.text(self.written.sets))
    }

    /// Its text status (`None` for another game's card).
    pub fn status(&self) -> Option<StatusKind> {
        self.written.status
    }

    /// The collector number of its own printing as printed (`P8`); empty without one.
    pub fn number(&self) -> &'t str {
        self.table.text(self.written.number)
    }
}

/// Adds a part to the text, and gives its range.
fn add(text: &mut String, part: &str) -> Span {
    let start = u32::try_from(text.len()).expect("a row table's text is under 4 GiB");
    text.push_str(part);
    let end = u32::try_from(text.len()).expect("a row table's text is under 4 GiB");
    Span { start, end }
}

/// Adds the parts of a list to the text, parted by [`PARTING`], and gives their range.
fn add_list(text: &mut String, parts: impl Iterator<Item = String>) -> Span {
    let mut joined = String::new();
    for (at, part) in parts.enumerate() {
        assert!(!part.contains(PARTING), "{part:?} holds a line break");
        if at > 0 {
            joined.push(PARTING);
        }
        joined.push_str(&part);
    }
    add(text, &joined)
}

/// The parts of a list written in one range; none for an empty range.
fn parts(joined: &str) -> impl Iterator<Item = &str> {
    joined.split(PARTING).filter(move |_| !joined.is_empty())
}

#[cfg(test)]
mod tests {
    use super::super::model::{Half, Printing, Source};
    use super::*;

    fn fact<T>(value: T) -> Fact<T> {
        Fact::new(value, Source::Scenario)
    }

    /// A two-in-one card printed twice and a bare card, side by side in one table: each row
    /// reads its own parts, and the bare card's empty lists read as empty.
    #[test]
    fn each_row_reads_its_own_parts() {
        let mut twofold = Card::named("Test Pair, Both Halves", Game::YoungJedi);
        twofold.side = Some(fact(Side::Dark));
        twofold.halves = Some(fact(Cow::Owned(vec![
            Half {
                name: Cow::Borrowed("Test Pair"),
                card_type: CardType::Character,
            },
            Half {
                name: Cow::Borrowed("Both Halves"),
                card_type: CardType::Weapon,
            },
        ])));
        twofold.printing = Some(fact(Printing::new("Battle of Naboo", "P8")));
        twofold.reprints = vec![
            fact(Printing::new("Reflections", "12")),
            fact(Printing::new("Boonta Eve", "3")),
        ];
        twofold.stats.power = Some(fact(StatValue::Symbol("?".to_string())));
        twofold.stats.destiny = Some(fact(StatValue::Number(6)));
        let mut bare = Card::named("Bare", Game::Clash);
        bare.card_type = Some(fact(CardType::Battle));
        let table = RowTable::of([&twofold, &bare]);
        let rows: Vec<CardRow<'_>> = table.rows().collect();
        assert_eq!(rows.len(), 2);
        let (pair, lone) = (rows[0], rows[1]);
        assert_eq!(pair.name(), "Test Pair, Both Halves");
        assert_eq!(pair.side(), Some(Side::Dark));
        assert_eq!(pair.halves(), [CardType::Character, CardType::Weapon]);
        assert_eq!(
            pair.type_label().as_deref(),
            twofold.type_label().as_deref()
        );
        assert!(pair.is_or_has_half(CardType::Weapon));
        assert!(!pair.is_or_has_half(CardType::Battle));
        assert_eq!(
            pair.printings().collect::<Vec<_>>(),
            ["Battle of Naboo #P8", "Reflections #12", "Boonta Eve #3"]
        );
        assert_eq!(pair.printing_count(), 3);
        assert_eq!(
            pair.sets().collect::<Vec<_>>(),
            ["Battle of Naboo", "Reflections", "Boonta Eve"]
        );
        assert_eq!(pair.number(), "P8");
        assert_eq!(
            pair.power(),
            Some(PrintedNumber {
                shown: "?",
                number: None
            })
        );
        assert_eq!(
            pair.destiny(),
            Some(PrintedNumber {
                shown: "6",
                number: Some(6)
            })
        );
        assert_eq!(pair.deploy(), None);
        assert_eq!(lone.name(), "Bare");
        assert_eq!(lone.game(), Game::Clash);
        assert_eq!(lone.halves(), []);
        assert_eq!(lone.type_label().as_deref(), Some("Battle card"));
        assert!(lone.is_or_has_half(CardType::Battle));
        assert_eq!(lone.printing(), None);
        assert_eq!(lone.printings().count(), 0);
        assert_eq!(lone.sets().count(), 0);
        assert_eq!(lone.number(), "");
        assert_eq!(table.row(2).map(|row| row.name()), None);
    }
}
