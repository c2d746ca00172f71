//! Assembles the card catalog from the rule corpus's card list and the catalog file, corrections applied; shared with the build script, which embeds the result.
//!
//! The build script runs this once and writes the cards as Rust code, so that the program
//! starts with its catalog made; the test suite runs it again from the files and compares.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;

use super::model::{
    BattleEffect, Card, CardType, ClashFacts, ConditionalBonus, DeployFetch, DuelingEffect,
    DuelistText, Fact, Game, PodraceText, Printing, Side, Source, StatValue, Text, TraitKind,
    WeaponBox, disagreement, split_name,
};

/// The rule that draws a destiny for Anakin's power, which is printed "?".
const ANAKIN_POWER: &str = "revised.duel.anakin";

/// Who reads a name the rules give by its title alone as every card of that title.
const TITLE_ALONE_READING: &str =
    "the catalog's reading of a name the rules give by its title alone";

/// The ruling that stackable cards with the same title are the same person or item.
pub const SAME_TITLE_SAME_PERSON: &str = "faq.misplays.stackable-on-two-planets";

/// An entry of a card list in the rule corpus, with the id of the item that lists it.
#[derive(Clone, Copy, Debug)]
pub struct ListedCard<'a> {
    pub item: &'a str,
    pub number: u16,
    pub name: &'a str,
    pub rarity: &'a str,
    pub side: Side,
    pub card_type: CardType,
}

/// Why the catalog file does not fit the corpus.
#[derive(Debug, PartialEq, Eq)]
pub enum AssemblyError {
    CorrectionWithoutCard { item: String, name: String },
    PlaceholderWithoutPrinting { name: String },
    EffectWithoutCard { name: String },
    SecondSource(super::cross_check::SecondSourceError),
    Text(super::card_text::TextError),
}

impl fmt::Display for AssemblyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssemblyError::CorrectionWithoutCard { item, name } => write!(
                f,
                "the correction {item} applies to {name:?}, which the catalog does not have"
            ),
            AssemblyError::PlaceholderWithoutPrinting { name } => write!(
                f,
                "the catalog names {name:?} by its title alone, and no printing has that title"
            ),
            AssemblyError::EffectWithoutCard { name } => write!(
                f,
                "an effect is given for {name:?}, which the catalog does not have"
            ),
            AssemblyError::SecondSource(error) => write!(f, "{error}"),
            AssemblyError::Text(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for AssemblyError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    cards: Vec<CardFile>,
    card_list_notes: Vec<CardListNote>,
    corrections: Vec<CorrectionFile>,
    effects: Vec<EffectFile>,
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
pub enum StatField {
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
    /// For a name the rules give by its title alone where several cards share the title: the
    /// one they mean (the only one printed by the rule's date), which the name then finds.
    #[serde(default)]
    means: Option<MeansFile>,
}

/// The card a name given by title alone means, and why.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MeansFile {
    set: String,
    number: String,
    note: String,
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

/// What a card's text does, in the effect vocabulary, with its source.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EffectFile {
    card: String,
    source: String,
    #[serde(default)]
    dueling: Option<DuelingEffect>,
    #[serde(default)]
    battle: Option<BattleEffect>,
    #[serde(default)]
    deploy_fetch: Option<DeployFetch>,
    #[serde(default)]
    podrace: Option<PodraceText>,
    /// A character's own text about the duel he fights.
    #[serde(default)]
    duelist: Option<DuelistText>,
    /// Power bonuses that hold only in a situation ("when he is dueling any Jedi").
    #[serde(default)]
    bonuses: Vec<ConditionalBonus>,
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

/// Whether a card is so named: its full name, or a name the sources also print for it (case
/// aside).
fn named(card: &Card, name: &str) -> bool {
    card.full_name().eq_ignore_ascii_case(name)
        || card
            .aliases
            .iter()
            .any(|alias| alias.eq_ignore_ascii_case(name))
        // `Name (Set)`: the version of the name printed in that set.
        || super::names::split_set(name).is_some_and(|(base, set)| {
            card.full_name().eq_ignore_ascii_case(base) && card.printed_in(set).is_some()
        })
}

/// `outside: where` or a corpus item id.
pub(super) fn parse_source(text: &str) -> Source {
    match text.strip_prefix("outside:") {
        Some(rest) => Source::Outside(rest.trim().to_string().into()),
        None => Source::Rule(text.trim().to_string().into()),
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

/// The list of printed Young Jedi cards converted from the community transcription
/// (`young-jedi.yaml`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintingsFile {
    transcription: String,
    printings: Vec<PrintingEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrintingEntry {
    set: String,
    number: String,
    side: Side,
    #[serde(rename = "type")]
    kind: String,
    title: String,
    #[serde(default)]
    subtitle: Option<String>,
    /// A reprint that keeps the number of the set it reprints: that set.
    #[serde(default)]
    numbered_as: Option<String>,
    /// The transcription's own number for the row, where it is not the printed one.
    #[serde(default)]
    row: Option<String>,
    /// Left out where the source gives none (a virtual card).
    #[serde(default)]
    rarity: Option<String>,
    dots: Vec<String>,
    #[serde(default)]
    counters: Option<StatField>,
    #[serde(default)]
    power: Option<StatField>,
    #[serde(default)]
    damage: Option<StatField>,
    #[serde(default)]
    destiny: Option<StatField>,
    #[serde(default)]
    battle_bonus: Option<StatField>,
    #[serde(default)]
    boxes: Vec<BoxEntry>,
    #[serde(default)]
    notes: Vec<String>,
}

impl PrintingEntry {
    /// Its title and subtitle as one name.
    fn full_name(&self) -> String {
        match &self.subtitle {
            Some(subtitle) => format!("{}, {subtitle}", self.title),
            None => self.title.clone(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxEntry {
    #[serde(default)]
    users: Option<Vec<String>>,
    #[serde(default)]
    draws: Option<i32>,
    #[serde(default)]
    bonus: Option<i32>,
}

impl PartialEq for StatField {
    fn eq(&self, other: &StatField) -> bool {
        StatValue::from(self.clone()) == StatValue::from(other.clone())
    }
}

/// A fan set of virtual cards (`virtual-card-set-1.yaml`), read from the card images: each
/// printing is a card of its own, never joined to Decipher's card of the same name, whose
/// game text it replaces.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VirtualSetFile {
    /// Where its facts were read.
    source: String,
    printings: Vec<PrintingEntry>,
}

/// The catalog: the corpus's card list, then the catalog file's cards, notes and
/// corrections, then every printed card of the transcription and the virtual cards, then
/// sides derived through stacks, then the Clash cards. The second source is merged last among
/// the Young Jedi facts, so that it is compared with every fact the others give.
pub fn assemble(
    listed: &[ListedCard<'_>],
    file: CatalogFile,
    printings: PrintingsFile,
    second_source: super::cross_check::SecondSourceFile,
    virtual_set: VirtualSetFile,
    texts: &super::card_text::TextFiles,
) -> Result<Vec<Card>, AssemblyError> {
    let mut cards = Vec::new();
    for entry in listed {
        let source = || Source::Rule(entry.item.to_string().into());
        let (title, subtitle) = if has_subtitle(Some(entry.card_type)) {
            split_name(entry.name)
        } else {
            (entry.name.to_string(), None)
        };
        let mut card = Card::named(entry.name, Game::YoungJedi);
        card.title = title;
        card.subtitle = subtitle;
        card.side = Some(Fact::new(entry.side, source()));
        card.card_type = Some(Fact::new(entry.card_type, source()));
        card.printing = Some(Fact::new(
            Printing::new("Duel of the Fates", entry.number.to_string()),
            source(),
        ));
        card.rarity = Some(Fact::new(entry.rarity.to_string().into(), source()));
        card.named_in.push(entry.item.to_string());
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
    // The names the rules give by title alone that mean one card of the title.
    let mut meanings: Vec<(String, MeansFile)> = Vec::new();
    for mut entry in file.cards {
        if let Some(means) = entry.means.take() {
            meanings.push((entry.name.clone(), means));
        }
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
            fact(field, &entry.source, |printing| {
                Printing::new(printing.set, printing.number)
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
    let rows = add_printings(&mut cards, printings);
    add_virtual_cards(&mut cards, virtual_set);
    join_placeholders(&mut cards)?;
    for (name, means) in meanings {
        let Some(card) = cards.iter_mut().find(|card| {
            card.printing.as_ref().is_some_and(|printing| {
                printing.value.set == means.set.as_str()
                    && printing.value.number == means.number.as_str()
            }) && super::names::normalise(&card.title) == super::names::normalise(&name)
        }) else {
            return Err(AssemblyError::PlaceholderWithoutPrinting { name });
        };
        card.aliases.push(name);
        card.notes.push(Fact::new(
            means.note,
            Source::Outside(TITLE_ALONE_READING.into()),
        ));
    }
    for correction in file.corrections {
        let mut applied = false;
        for card in cards
            .iter_mut()
            .filter(|card| named(card, &correction.applies_to))
        {
            applied = true;
            let source = || Source::Rule(correction.item.clone().into());
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
            return Err(AssemblyError::CorrectionWithoutCard {
                item: correction.item,
                name: correction.applies_to,
            });
        }
    }
    for effect in file.effects {
        let source = parse_source(&effect.source);
        let mut applied = false;
        for card in cards
            .iter_mut()
            .filter(|card| card.game == Game::YoungJedi && named(card, &effect.card))
        {
            applied = true;
            card.text.dueling = effect.dueling;
            card.text.battle = effect.battle;
            card.text.deploy_fetch = effect.deploy_fetch.clone();
            card.text.podrace = effect.podrace.clone();
            card.text.duelist = effect.duelist;
            card.text.conditional_bonuses = effect.bonuses.clone();
            card.text_source = Some(source.clone());
            if let Some(note) = &effect.note {
                card.notes.push(Fact::new(note.clone(), source.clone()));
            }
        }
        if !applied {
            return Err(AssemblyError::EffectWithoutCard { name: effect.card });
        }
    }
    super::cross_check::merge(&mut cards, second_source, &rows)
        .map_err(AssemblyError::SecondSource)?;
    join_versions(&mut cards);
    derive_sides_through_stacks(&mut cards);
    name_versions_by_set(&mut cards);
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
    super::card_text::apply(&mut cards, texts).map_err(AssemblyError::Text)?;
    Ok(cards)
}

/// Adds every printing of the transcription: to the card of the same name and side that the
/// rule documents give (their facts win; a different number is noted), as another printing
/// of a card already listed (a reprint), or as a card of its own. Returns the printings the
/// transcription numbers by row, for the second source, which numbers them so too.
fn add_printings(cards: &mut Vec<Card>, file: PrintingsFile) -> super::cross_check::Rows {
    // The printings the rules list at their own numbers first, so that a reprint is judged
    // against the card's numbers, not against a card whose numbers are not yet known; the
    // reprints that keep another set's number last, once the card they reprint is in.
    let listed: std::collections::HashSet<(Text, Text)> = cards
        .iter()
        .filter_map(|card| card.printing.as_ref())
        .map(|printing| (printing.value.set.clone(), printing.value.number.clone()))
        .collect();
    let mut rows = super::cross_check::Rows::new();
    let (mut first, mut plain, mut renumbered) = (Vec::new(), Vec::new(), Vec::new());
    for entry in file.printings {
        if let Some(row) = &entry.row {
            rows.insert(
                (entry.set.clone().into(), row.clone().into(), entry.side),
                printing_of(&entry),
            );
        }
        if entry.numbered_as.is_some() {
            renumbered.push(entry);
        } else if listed.contains(&(
            Text::from(entry.set.clone()),
            Text::from(entry.number.clone()),
        )) {
            first.push(entry);
        } else {
            plain.push(entry);
        }
    }
    // The Young Jedi cards by normalised full name, and those the rules name by title only:
    // each printing looks up its candidates instead of reading every card.
    let mut index = ByName::default();
    for (position, card) in cards.iter().enumerate() {
        index.add(position, card);
    }
    let transcription = file.transcription;
    for entry in first.into_iter().chain(plain).chain(renumbered) {
        add_printing(cards, &mut index, &transcription, entry);
    }
    rows
}

/// Adds each virtual card as a card of its own, with the set's source for every fact.
fn add_virtual_cards(cards: &mut Vec<Card>, file: VirtualSetFile) {
    let source = Source::Outside(file.source.into());
    for entry in file.printings {
        let mut card = Card::named(&entry.full_name(), Game::YoungJedi);
        card.title = entry.title.clone();
        card.subtitle = entry.subtitle.clone();
        card.virtual_card = true;
        merge_printing(&mut card, &entry, &source);
        cards.push(card);
    }
}

/// The catalog's Young Jedi cards found by name, and by the printings they have, while
/// printings are added.
#[derive(Default)]
struct ByName {
    full: std::collections::HashMap<String, Vec<usize>>,
    title_only: Vec<usize>,
    printed: std::collections::HashMap<(Printing, Side), usize>,
}

impl ByName {
    fn add(&mut self, position: usize, card: &Card) {
        if card.game != Game::YoungJedi {
            return;
        }
        if card.name_complete {
            self.full
                .entry(super::names::normalise(&card.full_name()))
                .or_default()
                .push(position);
        } else {
            self.title_only.push(position);
        }
        if let Some(side) = card.side() {
            for printing in card.printing.iter().chain(&card.reprints) {
                self.printed
                    .entry((printing.value.clone(), side))
                    .or_insert(position);
            }
        }
    }
}

/// Adds one printing (see [`add_printings`]): finds the card it is, or makes one, then
/// merges its facts into that card.
fn add_printing(
    cards: &mut Vec<Card>,
    index: &mut ByName,
    transcription: &str,
    entry: PrintingEntry,
) {
    let row = entry.row.as_deref().unwrap_or(&entry.number);
    let source = Source::Outside(
        format!(
            "card transcription {transcription}: {} {} {row}",
            entry.set,
            match entry.side {
                Side::Light => "Light",
                Side::Dark => "Dark",
            },
        )
        .into(),
    );
    let full_name = entry.full_name();
    let wanted = super::names::normalise(&full_name);
    let position = match card_of_printing(cards, index, &wanted, &entry) {
        Some(position) => position,
        None => {
            let mut card = Card::named(&full_name, Game::YoungJedi);
            card.title = entry.title.clone();
            card.subtitle = entry.subtitle.clone();
            cards.push(card);
            let position = cards.len() - 1;
            index.full.entry(wanted.clone()).or_default().push(position);
            position
        }
    };
    let Some(card) = cards.get_mut(position) else {
        return;
    };
    let printing = printing_of(&entry);
    let known_name = super::names::normalise(&card.full_name());
    let same_title = super::names::normalise(&card.title) == super::names::normalise(&entry.title);
    if known_name != wanted && same_title && card.subtitle.is_none() {
        // A card the rules name by its title alone, or a printing stored without its
        // subtitle, takes the subtitle this printing gives. The rules' short name still finds
        // it; a transcription's does not, so that a plain title stays every card's.
        let partial = card.full_name();
        card.subtitle = entry.subtitle.clone();
        if !card.name_complete {
            if !card.aliases.contains(&partial) {
                card.aliases.push(partial);
            }
        } else {
            card.notes.push(Fact::new(
                format!(
                    "name: the transcription gives an earlier printing as \"{partial}\"; {printing} gives its subtitle"
                ),
                source.clone(),
            ));
        }
        card.name_complete = true;
        index.title_only.retain(|other| *other != position);
        index.full.entry(wanted).or_default().push(position);
    } else if known_name != wanted {
        // The same printing under another name: the name the card has stays (the rules'
        // spelling wins), the other finds it too.
        if !card.aliases.contains(&full_name) {
            card.aliases.push(full_name.clone());
        }
        card.notes.push(Fact::new(
            format!("name: {printing} in the transcription is \"{full_name}\""),
            source.clone(),
        ));
        index.full.entry(wanted).or_default().push(position);
    }
    index
        .printed
        .entry((printing, entry.side))
        .or_insert(position);
    merge_printing(card, &entry, &source);
}

/// The card an entry is a printing of, if the catalog has it: the one listed at this very
/// printing, or at the printing a reprint keeps the number of; a card the rules name by its
/// title only, listed at this number; for a foil, the Battle of Naboo card it reprints;
/// otherwise a card of the same name, side and type whose every known number is the same (a
/// reprint). A card of the same name with other numbers is another card.
fn card_of_printing(
    cards: &[Card],
    index: &ByName,
    wanted: &str,
    entry: &PrintingEntry,
) -> Option<usize> {
    let printing = printing_of(entry);
    if let Some(position) = index.printed.get(&(
        original_of(entry).unwrap_or_else(|| printing.clone()),
        entry.side,
    )) {
        return Some(*position);
    }
    let card_type = CardType::from_word(&entry.kind);
    let entry_stats = [&entry.counters, &entry.power, &entry.damage, &entry.destiny]
        .map(|field| field.clone().map(StatValue::from));
    let candidates = index
        .full
        .get(wanted)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let same_side = |card: &Card| card.side().is_none_or(|side| side == entry.side);
    // The first candidate of the name and side whose printing (none if unknown) passes.
    let printed = |accept: &dyn Fn(Option<&Printing>) -> bool| {
        candidates.iter().copied().find(|position| {
            cards.get(*position).is_some_and(|card| {
                same_side(card) && accept(card.printing.as_ref().map(|fact| &fact.value))
            })
        })
    };
    let listed_by_title = || {
        index.title_only.iter().copied().find(|position| {
            cards.get(*position).is_some_and(|card| {
                super::names::normalise(&card.title) == super::names::normalise(&entry.title)
                    && card
                        .printing
                        .as_ref()
                        .is_some_and(|known| known.value == printing)
            })
        })
    };
    let reprinted_by_foil = || {
        if entry.kind != "foil" {
            return None;
        }
        printed(&|known| known.is_some_and(|known| known.set == "Battle of Naboo"))
            .or_else(|| printed(&|_| true))
    };
    let same_numbers = || {
        candidates.iter().copied().find(|position| {
            let Some(card) = cards.get(*position) else {
                return false;
            };
            let known = [
                &card.stats.deploy,
                &card.stats.power,
                &card.stats.damage,
                &card.stats.destiny,
            ];
            let compared: Vec<bool> = known
                .iter()
                .zip(&entry_stats)
                .filter_map(|(known, given)| match (known, given) {
                    (Some(known), Some(given)) => Some(known.value == *given),
                    _ => None,
                })
                .collect();
            same_side(card)
                && card_type.is_some_and(|kind| card.card_type() == Some(kind))
                && !compared.is_empty()
                && compared.iter().all(|equal| *equal)
        })
    };
    printed(&|known| known.is_none_or(|known| *known == printing))
        .or_else(listed_by_title)
        .or_else(reprinted_by_foil)
        .or_else(same_numbers)
}

/// The printing an entry describes.
fn printing_of(entry: &PrintingEntry) -> Printing {
    Printing {
        set: entry.set.clone().into(),
        number: entry.number.clone().into(),
        numbered_as: entry.numbered_as.clone().map(Text::from),
    }
}

/// The printing a reprint that keeps another set's number reprints.
fn original_of(entry: &PrintingEntry) -> Option<Printing> {
    entry
        .numbered_as
        .as_ref()
        .map(|set| Printing::new(set.clone(), entry.number.clone()))
}

/// Merges a printing's facts into its card: a fact the card lacks is taken with the
/// printing's source; one it has and the printing gives otherwise stays, with a note that
/// gives both readings.
fn merge_printing(card: &mut Card, entry: &PrintingEntry, source: &Source) {
    let printing = printing_of(entry);
    let reading = format!("{} {} in the transcription", entry.set, entry.number);
    let differs = |what: &str, given: &dyn fmt::Display, known: &dyn fmt::Display, by: &str| {
        Fact::new(
            disagreement(what, &reading, given, known, by),
            source.clone(),
        )
    };
    match &card.printing {
        None => card.printing = Some(Fact::new(printing, source.clone())),
        Some(known) if known.value == printing => {}
        Some(_) => card.reprints.push(Fact::new(printing, source.clone())),
    }
    if card.side.is_none() {
        card.side = Some(Fact::new(entry.side, source.clone()));
    }
    match (&card.card_type, CardType::from_word(&entry.kind)) {
        (None, Some(kind)) => card.card_type = Some(Fact::new(kind, source.clone())),
        (Some(known), Some(kind)) if known.value != kind => {
            let note = differs(
                "type",
                &kind.label(),
                &known.value.label(),
                &known.source.described(),
            );
            card.notes.push(note);
        }
        _ => {}
    }
    if card.rarity.is_none()
        && let Some(rarity) = &entry.rarity
    {
        card.rarity = Some(Fact::new(rarity.clone().into(), source.clone()));
    }
    for (label, field, stat) in [
        ("deploy", &entry.counters, &mut card.stats.deploy),
        ("power", &entry.power, &mut card.stats.power),
        ("DAMAGE", &entry.damage, &mut card.stats.damage),
        ("destiny", &entry.destiny, &mut card.stats.destiny),
    ] {
        let Some(field) = field else { continue };
        let value = StatValue::from(field.clone());
        // Anakin's printed "?": the rule that draws a destiny for his power says what it
        // means; the transcription writes a number instead (the converter notes which).
        let fact_source = if label == "power" && value == StatValue::Symbol("?".to_string()) {
            Source::Rule(ANAKIN_POWER.into())
        } else {
            source.clone()
        };
        match stat {
            None => *stat = Some(Fact::new(value, fact_source)),
            Some(known) if known.value != value => {
                let note = differs(label, &value, &known.value, &known.source.described());
                card.notes.push(note);
            }
            Some(_) => {}
        }
    }
    // Six `none` is a card the transcription gives no dots for, not a card without dots.
    let dots = (!entry.dots.iter().all(|dot| dot == "none")).then(|| {
        Cow::Owned(
            entry
                .dots
                .iter()
                .cloned()
                .map(Text::from)
                .collect::<Vec<_>>(),
        )
    });
    match (&card.dots, dots) {
        (None, dots) => card.dots = dots.map(|dots| Fact::new(dots, source.clone())),
        (Some(known), Some(dots)) if known.value != dots => {
            let note = differs(
                "dots",
                &dots.join(", "),
                &known.value.join(", "),
                "an earlier printing",
            );
            card.notes.push(note);
        }
        _ => {}
    }
    let bonus = entry.battle_bonus.clone().map(StatValue::from);
    match (&card.battle_bonus, bonus) {
        (None, bonus) => card.battle_bonus = bonus.map(|bonus| Fact::new(bonus, source.clone())),
        (Some(known), Some(bonus)) if known.value != bonus => {
            let note = differs("power bonus", &bonus, &known.value, "an earlier printing");
            card.notes.push(note);
        }
        _ => {}
    }
    let boxes: Vec<WeaponBox> = entry
        .boxes
        .iter()
        .map(|weapon_box| WeaponBox {
            users: weapon_box.users.clone(),
            draws: weapon_box.draws,
            bonus: weapon_box.bonus,
        })
        .collect();
    match &card.weapon_boxes {
        _ if boxes.is_empty() => {}
        None => card.weapon_boxes = Some(Fact::new(boxes, source.clone())),
        Some(known)
            if known.value.len() != boxes.len()
                || known
                    .value
                    .iter()
                    .zip(&boxes)
                    .any(|(a, b)| a.disagrees_with(b)) =>
        {
            let say = |boxes: &[WeaponBox]| {
                boxes
                    .iter()
                    .map(|weapon_box| format!("[{weapon_box}]"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let note = differs(
                "weapon boxes",
                &say(&boxes),
                &say(&known.value),
                "an earlier printing",
            );
            card.notes.push(note);
        }
        Some(_) => {}
    }
    for note in &entry.notes {
        card.notes.push(Fact::new(
            format!("{}: {note}", printing_of(entry)),
            source.clone(),
        ));
    }
}

/// A card the rules name by its title alone, with no printing of its own (the FAQ's "Bravo 1"):
/// its facts go to every card of that title (and type, and side, where it gives them), and
/// the placeholder itself is no card.
fn join_placeholders(cards: &mut Vec<Card>) -> Result<(), AssemblyError> {
    let placeholders: Vec<usize> = cards
        .iter()
        .enumerate()
        .filter(|(_, card)| {
            card.game == Game::YoungJedi && !card.name_complete && card.printing.is_none()
        })
        .map(|(position, _)| position)
        .collect();
    if placeholders.is_empty() {
        return Ok(());
    }
    let mut by_title: std::collections::HashMap<String, Vec<usize>> =
        std::collections::HashMap::new();
    for (position, card) in cards.iter().enumerate() {
        if card.game == Game::YoungJedi && card.printing.is_some() {
            by_title
                .entry(super::names::normalise(&card.title))
                .or_default()
                .push(position);
        }
    }
    for &placeholder in &placeholders {
        let Some(named) = cards.get(placeholder).cloned() else {
            continue;
        };
        let fits = |card: &Card| {
            named
                .card_type()
                .is_none_or(|kind| card.card_type() == Some(kind))
                && named.side().is_none_or(|side| card.side() == Some(side))
        };
        let meant: Vec<usize> = by_title
            .get(&super::names::normalise(&named.title))
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(|position| cards.get(*position).is_some_and(fits))
            .collect();
        if meant.is_empty() {
            return Err(AssemblyError::PlaceholderWithoutPrinting {
                name: named.full_name(),
            });
        }
        for position in meant {
            let Some(card) = cards.get_mut(position) else {
                continue;
            };
            for stated in &named.stated_traits {
                if card.stated_trait(stated.value.0).is_none() {
                    card.stated_traits.push(stated.clone());
                }
            }
            add_missing(&mut card.notes, named.notes.iter().cloned());
            // Which cards a name given by title alone means is the catalog's reading, not the
            // rules' words: it says so, apart from what the rules say.
            add_missing(
                &mut card.notes,
                [Fact::new(
                    format!(
                        "{} names it by its title alone, \"{}\"; the catalog applies what it says to every card of that title",
                        named.named_in.join(", "),
                        named.title
                    ),
                    Source::Outside(TITLE_ALONE_READING.into()),
                )],
            );
            add_missing(
                &mut card.named_in,
                named.named_in.iter().chain(&named.corrections).cloned(),
            );
        }
    }
    remove_positions(cards, &placeholders.into_iter().collect());
    Ok(())
}

/// Adds to a list the items it does not hold yet, in order.
fn add_missing<T: PartialEq>(list: &mut Vec<T>, items: impl IntoIterator<Item = T>) {
    for item in items {
        if !list.contains(&item) {
            list.push(item);
        }
    }
}

/// Removes the cards at these positions, the others keeping their order.
fn remove_positions(cards: &mut Vec<Card>, positions: &std::collections::BTreeSet<usize>) {
    let mut position = 0;
    cards.retain(|_| {
        let keep = !positions.contains(&position);
        position += 1;
        keep
    });
}

/// Whether two versions of one name say the same wherever both say something: the numbers,
/// the boxes, the bonuses, who the card is.
fn versions_agree(a: &Card, b: &Card) -> bool {
    fn agree<T: PartialEq>(a: &Option<Fact<T>>, b: &Option<Fact<T>>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => a.value == b.value,
            _ => true,
        }
    }
    a.stats
        .named()
        .iter()
        .zip(b.stats.named())
        .all(|((_, a), (_, b))| agree(a, b))
        && agree(&a.battle_bonus, &b.battle_bonus)
        && agree(&a.weapon_boxes, &b.weapon_boxes)
        && agree(&a.location_bonuses, &b.location_bonuses)
        && agree(&a.halves, &b.halves)
        && agree(&a.identity, &b.identity)
        && (a.text.is_empty() || b.text.is_empty() || a.text == b.text)
}

/// Takes another printing of the same card into it: its printings, the facts the card lacks
/// (each with its own source), and what the sources say of it.
fn absorb(card: &mut Card, other: Card) {
    fn fill<T>(slot: &mut Option<Fact<T>>, other: Option<Fact<T>>) {
        if slot.is_none() {
            *slot = other;
        }
    }
    for printing in other.printing.into_iter().chain(other.reprints) {
        if !card
            .printing
            .iter()
            .chain(&card.reprints)
            .any(|fact| fact.value == printing.value)
        {
            card.reprints.push(printing);
        }
    }
    fill(&mut card.stats.power, other.stats.power);
    fill(&mut card.stats.damage, other.stats.damage);
    fill(&mut card.stats.destiny, other.stats.destiny);
    fill(&mut card.stats.deploy, other.stats.deploy);
    fill(&mut card.battle_bonus, other.battle_bonus);
    fill(&mut card.weapon_boxes, other.weapon_boxes);
    fill(&mut card.location_bonuses, other.location_bonuses);
    fill(&mut card.halves, other.halves);
    fill(&mut card.identity, other.identity);
    fill(&mut card.dots, other.dots);
    fill(&mut card.rarity, other.rarity);
    fill(&mut card.game_text, other.game_text);
    if card.text.is_empty() {
        card.text = other.text;
        card.text_source = other.text_source;
    }
    add_missing(&mut card.aliases, other.aliases);
    for stated in other.stated_traits {
        if card.stated_trait(stated.value.0).is_none() {
            card.stated_traits.push(stated);
        }
    }
    add_missing(&mut card.notes, other.notes);
    add_missing(&mut card.named_in, other.named_in);
    add_missing(&mut card.corrections, other.corrections);
}

/// Versions of one name, side and type that agree wherever both say something are one card
/// printed more than once: the later ones join the first they agree with. Versions that
/// disagree stay apart, each with its own printings, to be told apart by set.
fn join_versions(cards: &mut Vec<Card>) {
    let mut groups: std::collections::BTreeMap<
        (String, Option<Side>, Option<CardType>),
        Vec<usize>,
    > = std::collections::BTreeMap::new();
    for (position, card) in cards.iter().enumerate() {
        if card.game == Game::YoungJedi && card.printing.is_some() && !card.virtual_card {
            groups
                .entry((
                    super::names::normalise(&card.full_name()),
                    card.side(),
                    card.card_type(),
                ))
                .or_default()
                .push(position);
        }
    }
    let mut joined = std::collections::BTreeSet::new();
    for positions in groups.values().filter(|positions| positions.len() > 1) {
        let mut kept: Vec<usize> = Vec::new();
        for &position in positions {
            let target = kept.iter().copied().find(|&first| {
                matches!(
                    (cards.get(first), cards.get(position)),
                    (Some(a), Some(b)) if versions_agree(a, b)
                )
            });
            match target {
                Some(first) => {
                    let other =
                        std::mem::replace(&mut cards[position], Card::named("", Game::YoungJedi));
                    if let Some(card) = cards.get_mut(first) {
                        absorb(card, other);
                    }
                    joined.insert(position);
                }
                None => kept.push(position),
            }
        }
    }
    remove_positions(cards, &joined);
}

/// Cards of one name that are different cards (another set, other numbers) are also known
/// by their name with their set, `Darth Maul's Lightsaber (Battle of Naboo)`, so that a
/// position can say which. A virtual card is always known by its name with its set: its
/// plain name is Decipher's card's, which needs no set for it.
fn name_versions_by_set(cards: &mut [Card]) {
    for card in cards.iter_mut().filter(|card| card.virtual_card) {
        if let Some(set) = card.printing.as_ref().map(|fact| fact.value.set.clone()) {
            let alias = format!("{} ({set})", card.full_name());
            if !card.aliases.contains(&alias) {
                card.aliases.push(alias);
            }
        }
    }
    let mut by_name: std::collections::BTreeMap<String, Vec<usize>> =
        std::collections::BTreeMap::new();
    for (position, card) in cards.iter().enumerate() {
        if card.game == Game::YoungJedi && !card.virtual_card {
            by_name
                .entry(super::names::normalise(&card.full_name()))
                .or_default()
                .push(position);
        }
    }
    for positions in by_name.values().filter(|positions| positions.len() > 1) {
        let sets: Vec<Option<Text>> = positions
            .iter()
            .map(|position| {
                cards
                    .get(*position)
                    .and_then(|card| card.printing.as_ref())
                    .map(|printing| printing.value.set.clone())
            })
            .collect();
        for (at, &position) in positions.iter().enumerate() {
            let Some(card) = cards.get_mut(position) else {
                continue;
            };
            let Some(set) = sets.get(at).cloned().flatten() else {
                continue;
            };
            // Two versions in one set (a Light and a Dark Side card) are told apart by side.
            let shared_set = sets
                .iter()
                .filter(|other| other.as_ref() == Some(&set))
                .count()
                > 1;
            let alias = match card.side() {
                Some(side) if shared_set => {
                    format!("{} ({set}, {})", card.full_name(), side.label())
                }
                _ => format!("{} ({set})", card.full_name()),
            };
            if !card.aliases.contains(&alias) {
                card.aliases.push(alias);
            }
        }
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
            let mut derived = Fact::new(*side, Source::Rule(SAME_TITLE_SAME_PERSON.into()));
            derived.note = Some(format!(
                "same card title as {other}, a {side} card: stackable cards with the same card title represent the same person or item"
            ));
            card.side = Some(derived);
        }
    }
}
