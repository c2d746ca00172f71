//! Assembles the card catalog from the rule corpus's card list and the catalog file, corrections applied; shared with the build script, which embeds the result.
//!
//! The build script runs this once and writes the cards as Rust code, so that the program
//! starts with its catalog made; the test suite runs it again from the files and compares.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;

use super::model::{
    BattleEffect, Card, CardType, ClashFacts, DeployFetch, DuelingEffect, Fact, Game, PodraceText,
    Printing, Side, Source, StatValue, Text, TraitKind, WeaponBox, disagreement, split_name,
};

/// The rule that draws a destiny for Anakin's power, which is printed "?".
const ANAKIN_POWER: &str = "revised.duel.anakin";

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
    EffectWithoutCard { name: String },
    SecondSource(super::cross_check::SecondSourceError),
}

impl fmt::Display for AssemblyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssemblyError::CorrectionWithoutCard { item, name } => write!(
                f,
                "the correction {item} applies to {name:?}, which the catalog does not have"
            ),
            AssemblyError::EffectWithoutCard { name } => write!(
                f,
                "an effect is given for {name:?}, which the catalog does not have"
            ),
            AssemblyError::SecondSource(error) => write!(f, "{error}"),
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
    rarity: String,
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

/// The catalog: the corpus's card list, then the catalog file's cards, notes and
/// corrections, then every printed card of the transcription, then sides derived through
/// stacks, then the Clash cards. The second source is merged last among the Young Jedi facts,
/// so that it is compared with every fact the others give.
pub fn assemble(
    listed: &[ListedCard<'_>],
    file: CatalogFile,
    printings: PrintingsFile,
    second_source: super::cross_check::SecondSourceFile,
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
            Printing {
                set: "Duel of the Fates".into(),
                number: entry.number.to_string().into(),
            },
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
                set: printing.set.into(),
                number: printing.number.into(),
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
    add_printings(&mut cards, printings);
    for correction in file.corrections {
        let mut applied = false;
        for card in cards.iter_mut().filter(|card| {
            card.full_name()
                .eq_ignore_ascii_case(&correction.applies_to)
        }) {
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
        for card in cards.iter_mut().filter(|card| {
            card.game == Game::YoungJedi && card.full_name().eq_ignore_ascii_case(&effect.card)
        }) {
            applied = true;
            card.text.dueling = effect.dueling;
            card.text.battle = effect.battle;
            card.text.deploy_fetch = effect.deploy_fetch.clone();
            card.text.podrace = effect.podrace.clone();
            card.text_source = Some(source.clone());
            if let Some(note) = &effect.note {
                card.notes.push(Fact::new(note.clone(), source.clone()));
            }
        }
        if !applied {
            return Err(AssemblyError::EffectWithoutCard { name: effect.card });
        }
    }
    super::cross_check::merge(&mut cards, second_source).map_err(AssemblyError::SecondSource)?;
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
    Ok(cards)
}

/// Adds every printing of the transcription: to the card of the same name and side that the
/// rule documents give (their facts win; a different number is noted), as another printing
/// of a card already listed (a reprint), or as a card of its own.
fn add_printings(cards: &mut Vec<Card>, file: PrintingsFile) {
    // The printings the rules list at their own numbers first, so that a reprint is judged
    // against the card's numbers, not against a card whose numbers are not yet known.
    let listed: std::collections::HashSet<(Text, Text)> = cards
        .iter()
        .filter_map(|card| card.printing.as_ref())
        .map(|printing| (printing.value.set.clone(), printing.value.number.clone()))
        .collect();
    let (first, rest): (Vec<PrintingEntry>, Vec<PrintingEntry>) =
        file.printings.into_iter().partition(|entry| {
            listed.contains(&(
                Text::from(entry.set.clone()),
                Text::from(entry.number.clone()),
            ))
        });
    // The Young Jedi cards by normalised full name, and those the rules name by title only:
    // each printing looks up its candidates instead of reading every card.
    let mut index = ByName::default();
    for (position, card) in cards.iter().enumerate() {
        index.add(position, card);
    }
    let transcription = file.transcription;
    for entry in first.into_iter().chain(rest) {
        add_printing(cards, &mut index, &transcription, entry);
    }
}

/// The catalog's Young Jedi cards found by name while printings are added.
#[derive(Default)]
struct ByName {
    full: std::collections::HashMap<String, Vec<usize>>,
    title_only: Vec<usize>,
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
    let source = Source::Outside(
        format!(
            "card transcription {transcription}: {} {} {}",
            entry.set,
            match entry.side {
                Side::Light => "Light",
                Side::Dark => "Dark",
            },
            entry.number
        )
        .into(),
    );
    let full_name = match &entry.subtitle {
        Some(subtitle) => format!("{}, {subtitle}", entry.title),
        None => entry.title.clone(),
    };
    let wanted = super::names::normalise(&full_name);
    let position = match card_of_printing(cards, index, &wanted, &entry) {
        Some(position) => position,
        None => {
            let mut card = Card::named(&full_name, Game::YoungJedi);
            card.title = entry.title.clone();
            card.subtitle = entry.subtitle.clone();
            cards.push(card);
            let position = cards.len() - 1;
            index.full.entry(wanted).or_default().push(position);
            position
        }
    };
    let Some(card) = cards.get_mut(position) else {
        return;
    };
    if !card.name_complete && entry.subtitle.is_some() {
        let partial = card.full_name();
        card.subtitle = entry.subtitle.clone();
        card.name_complete = true;
        if !card.aliases.contains(&partial) {
            card.aliases.push(partial);
        }
        index.title_only.retain(|other| *other != position);
        index
            .full
            .entry(super::names::normalise(&card.full_name()))
            .or_default()
            .push(position);
    }
    merge_printing(card, &entry, &source);
}

/// The printing an entry describes.
fn printing_of(entry: &PrintingEntry) -> Printing {
    Printing {
        set: entry.set.clone().into(),
        number: entry.number.clone().into(),
    }
}

/// The card an entry is a printing of, if the catalog has it: the one listed at this very
/// printing; a card the rules name by its title only, listed at this number; for a foil, the
/// Battle of Naboo card it reprints; otherwise a card of the same name, side and type whose
/// every known number is the same (a reprint). A card of the same name with other numbers
/// is another card.
fn card_of_printing(
    cards: &[Card],
    index: &ByName,
    wanted: &str,
    entry: &PrintingEntry,
) -> Option<usize> {
    let printing = printing_of(entry);
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
    if card.rarity.is_none() {
        card.rarity = Some(Fact::new(entry.rarity.clone().into(), source.clone()));
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
            format!("{} {}: {note}", entry.set, entry.number),
            source.clone(),
        ));
    }
}

/// Cards of one name that are different cards (another set, other numbers) are also known
/// by their name with their set, `Darth Maul's Lightsaber (Battle of Naboo)`, so that a
/// position can say which.
fn name_versions_by_set(cards: &mut [Card]) {
    let mut by_name: std::collections::BTreeMap<String, Vec<usize>> =
        std::collections::BTreeMap::new();
    for (position, card) in cards.iter().enumerate() {
        if card.game == Game::YoungJedi {
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
