//! Build script: checks and links the rule corpus, tokenises its items for search, and writes both as static Rust data for the binary to embed; assembles the card catalog and writes it as code.
//!
//! Doing this work here means that the program starts with its corpus and catalog ready: no
//! parsing, linking, stemming or assembling at run time.

use std::fmt::Write as _;
use std::path::Path;

#[path = "src/cards/assemble.rs"]
#[allow(dead_code)]
mod assemble;
#[path = "src/cards/card_text.rs"]
#[allow(dead_code)]
mod card_text;
#[path = "src/cards/cross_check.rs"]
#[allow(dead_code)]
mod cross_check;
#[path = "src/game.rs"]
#[allow(dead_code)]
mod game;
#[path = "src/cards/model.rs"]
#[allow(dead_code)]
mod model;
#[path = "src/cards/names.rs"]
#[allow(dead_code)]
mod names;
#[path = "src/cards/row.rs"]
#[allow(dead_code)]
mod row;
#[path = "src/rules/source.rs"]
#[allow(dead_code)]
mod source;
#[path = "src/rules/tokens.rs"]
#[allow(dead_code)]
mod tokens;

const DOCUMENTS: [&str; 6] = [
    "rulings/clash-of-the-lightsabers-rules.yaml",
    "rulings/duel-of-the-fates-rulesheet.yaml",
    "rulings/young-jedi-faq-2000-12-01.yaml",
    "rulings/rules-from-duel-of-the-fates-revised.yaml",
    "rulings/boonta-eve-podrace-rules.yaml",
    "rulings/players-committee-vcs1.yaml",
];

const CATALOG: &str = "src/cards/catalog.yaml";
const PRINTINGS: &str = "src/cards/young-jedi.yaml";
const SECOND_SOURCE: &str = "src/cards/second-source.yaml";
const VIRTUAL_SET: &str = "src/cards/virtual-card-set-1.yaml";
const ICONS: &str = "src/cards/icons.yaml";

/// One entry of a static table of keyed lists: `    ("key", &[item, item]),`.
fn write_keyed_list(code: &mut String, key: &str, items: &[String]) {
    let _ = writeln!(code, "    ({key:?}, &[{}]),", items.join(", "));
}

/// `card-list` → `CardList`.
fn variant(kebab: &str) -> String {
    kebab
        .split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A text borrowed from the binary: `Cow::Borrowed("...")`.
fn borrowed(text: &str) -> String {
    format!("Cow::Borrowed({text:?})")
}

/// An optional text borrowed from the binary.
fn optional(text: Option<&str>) -> String {
    text.map_or("None".to_string(), |text| {
        format!("Some({})", borrowed(text))
    })
}

/// A list of ids borrowed from the binary.
fn links(ids: &[String]) -> String {
    let quoted: Vec<String> = ids.iter().map(|id| borrowed(id)).collect();
    format!("Cow::Borrowed(&[{}])", quoted.join(", "))
}

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut documents = Vec::new();
    for path in DOCUMENTS {
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {path}: {error}"));
        let document: source::DocumentFile = serde_saphyr::from_str(&text)
            .unwrap_or_else(|error| panic!("{path} is not a valid document: {error}"));
        documents.push(document);
    }
    let linked = source::link(documents).unwrap_or_else(|error| panic!("the rule corpus: {error}"));
    let stemmer = tokens::stemmer();
    let mut code = String::from("// Written by build.rs from rulings/*.yaml. Do not edit.\n\n");
    code.push_str("pub(crate) static DOCUMENTS: &[Document] = &[\n");
    for (document, date) in &linked.documents {
        let month = date
            .month
            .map_or("None".to_string(), |m| format!("Some({m})"));
        let day = date
            .day
            .map_or("None".to_string(), |d| format!("Some({d})"));
        let _ = writeln!(
            code,
            "    Document {{ id: {}, title: {}, publisher: {}, game: {}, date: SourceDate {{ year: {}, month: {month}, day: {day} }}, date_evidence: {}, source_file: {}, ruleset: {}, partial: {}, addresses: {} }},",
            borrowed(&document.id),
            borrowed(&document.title),
            borrowed(&document.publisher),
            borrowed(&document.game),
            date.year,
            borrowed(&document.date_evidence),
            borrowed(&document.source_file),
            optional(document.ruleset.as_deref()),
            optional(document.partial.as_deref()),
            links(&document.addresses)
        );
    }
    code.push_str("];\n\npub(crate) static ITEMS: &[Item] = &[\n");
    for item in &linked.items {
        let file = &item.file;
        let card = match &file.card {
            Some(card) => format!(
                "Some(CardListEntry {{ number: {}, name: {}, rarity: {}, side: Side::{}, card_type: CardType::{} }})",
                card.number,
                borrowed(&card.name),
                borrowed(&card.rarity),
                variant(&card.side),
                variant(&card.card_type)
            ),
            None => "None".to_string(),
        };
        let _ = writeln!(
            code,
            "    Item {{ id: {}, document: {}, kind: ItemKind::{}, topic: {}, section: {}, text: {}, copy_of: {}, copied_by: {}, supersedes: {}, superseded_by: {}, later_addition: {}, card: {card}, read_at: {} }},",
            borrowed(&file.id),
            borrowed(&item.document),
            variant(&file.kind),
            borrowed(&file.topic),
            borrowed(&file.section),
            borrowed(&file.text),
            links(&file.copy_of),
            links(&item.copied_by),
            links(&file.supersedes),
            links(&item.superseded_by),
            optional(file.later_addition.as_deref()),
            links(&file.read_at),
        );
    }
    code.push_str("];\n\npub(crate) static BY_ID: &[(Cow<'static, str>, usize)] = &[\n");
    for (id, index) in &linked.by_id {
        let _ = writeln!(code, "    ({}, {index}),", borrowed(id));
    }
    code.push_str("];\n\n/// Every key (an id without its document) and its items, in corpus order.\n#[allow(clippy::type_complexity)]\npub(crate) static BY_KEY: &[(Cow<'static, str>, Cow<'static, [usize]>)] = &[\n");
    let mut keys: std::collections::BTreeMap<&str, Vec<usize>> = std::collections::BTreeMap::new();
    for (index, item) in linked.items.iter().enumerate() {
        let key = item
            .file
            .id
            .strip_prefix(&format!("{}.", item.document))
            .unwrap_or(&item.file.id);
        keys.entry(key).or_default().push(index);
    }
    for (key, indexes) in &keys {
        let indexes: Vec<String> = indexes.iter().map(usize::to_string).collect();
        let _ = writeln!(
            code,
            "    ({}, Cow::Borrowed(&[{}])),",
            borrowed(key),
            indexes.join(", ")
        );
    }
    code.push_str(
        "];\n\n/// Each item's words: their stems joined by spaces, and each word's start and end.\npub(crate) static WORDS: &[(&str, &[usize])] = &[\n",
    );
    let mut postings: std::collections::BTreeMap<String, Vec<(usize, usize)>> =
        std::collections::BTreeMap::new();
    for (item_index, item) in linked.items.iter().enumerate() {
        let words = tokens::words(&stemmer, &item.file.text);
        for (position, word) in words.iter().enumerate() {
            postings
                .entry(word.stem.clone())
                .or_default()
                .push((item_index, position));
        }
        let stems: Vec<&str> = words.iter().map(|word| word.stem.as_str()).collect();
        let offsets: Vec<String> = words
            .iter()
            .flat_map(|word| [word.start.to_string(), word.end.to_string()])
            .collect();
        write_keyed_list(&mut code, &stems.join(" "), &offsets);
    }
    code.push_str(
        "];\n\n/// Every stem, in byte order, with the items and positions where it stands.\npub(crate) static POSTINGS: &[(&str, &[(u32, u32)])] = &[\n",
    );
    for (stem, places) in &postings {
        let places: Vec<String> = places
            .iter()
            .map(|(item, position)| format!("({item}, {position})"))
            .collect();
        write_keyed_list(&mut code, stem, &places);
    }
    code.push_str("];\n");
    std::fs::write(Path::new(&out_dir).join("corpus_data.rs"), code)
        .unwrap_or_else(|error| panic!("cannot write corpus_data.rs: {error}"));

    write_catalog(&linked, &out_dir);
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rules/source.rs");
    println!("cargo:rerun-if-changed=src/rules/tokens.rs");
    println!("cargo:rerun-if-changed=src/cards/model.rs");
    println!("cargo:rerun-if-changed=src/cards/assemble.rs");
    println!("cargo:rerun-if-changed=src/cards/names.rs");
}

/// A value read from its kebab-case name (`light`, `character`).
fn named<T: serde::de::DeserializeOwned>(name: &str) -> T {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .unwrap_or_else(|error| panic!("{name:?} in a card list: {error}"))
}

/// Assembles the catalog from the corpus's card lists and `catalog.yaml`, and writes each
/// card as a function that makes it.
fn write_catalog(linked: &source::Linked, out_dir: &str) {
    println!("cargo:rerun-if-changed={CATALOG}");
    let text = std::fs::read_to_string(CATALOG)
        .unwrap_or_else(|error| panic!("cannot read {CATALOG}: {error}"));
    let file: assemble::CatalogFile = serde_saphyr::from_str(&text)
        .unwrap_or_else(|error| panic!("{CATALOG} is not a valid catalog: {error}"));
    let listed: Vec<assemble::ListedCard<'_>> = linked
        .items
        .iter()
        .filter_map(|item| {
            item.file.card.as_ref().map(|card| assemble::ListedCard {
                item: &item.file.id,
                number: card.number,
                name: &card.name,
                rarity: &card.rarity,
                side: named(&card.side),
                card_type: named(&card.card_type),
            })
        })
        .collect();
    println!("cargo:rerun-if-changed={PRINTINGS}");
    let printings_text = std::fs::read_to_string(PRINTINGS)
        .unwrap_or_else(|error| panic!("cannot read {PRINTINGS}: {error}"));
    let printings: assemble::PrintingsFile = serde_saphyr::from_str(&printings_text)
        .unwrap_or_else(|error| panic!("{PRINTINGS} is not a valid list of printings: {error}"));
    println!("cargo:rerun-if-changed={SECOND_SOURCE}");
    let second_text = std::fs::read_to_string(SECOND_SOURCE)
        .unwrap_or_else(|error| panic!("cannot read {SECOND_SOURCE}: {error}"));
    let second: cross_check::SecondSourceFile = serde_saphyr::from_str(&second_text)
        .unwrap_or_else(|error| panic!("{SECOND_SOURCE} is not a valid second source: {error}"));
    println!("cargo:rerun-if-changed={VIRTUAL_SET}");
    let virtual_text = std::fs::read_to_string(VIRTUAL_SET)
        .unwrap_or_else(|error| panic!("cannot read {VIRTUAL_SET}: {error}"));
    let virtual_set: assemble::VirtualSetFile = serde_saphyr::from_str(&virtual_text)
        .unwrap_or_else(|error| panic!("{VIRTUAL_SET} is not a valid virtual set: {error}"));
    let mut texts = Vec::new();
    for name in card_text::TEXT_FILES {
        let path = format!("src/cards/text/{name}");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("cannot read {path}: {error}"));
        let parsed: card_text::TextFile = serde_saphyr::from_str(&text)
            .unwrap_or_else(|error| panic!("{path} is not a valid card text file: {error}"));
        texts.push(parsed);
    }
    println!("cargo:rerun-if-changed={ICONS}");
    let icons_text = std::fs::read_to_string(ICONS)
        .unwrap_or_else(|error| panic!("cannot read {ICONS}: {error}"));
    let icons: Vec<card_text::IconEntry> = serde_saphyr::from_str(&icons_text)
        .unwrap_or_else(|error| panic!("{ICONS} is not a valid list of icons: {error}"));
    let read = card_text::TextFiles { texts, icons };
    let cards = assemble::assemble(&listed, file, printings, second, virtual_set, &read)
        .unwrap_or_else(|error| panic!("the card catalog: {error}"));
    let mut code = String::from(
        "// Written by build.rs from src/cards/catalog.yaml, src/cards/young-jedi.yaml, src/cards/second-source.yaml, src/cards/virtual-card-set-1.yaml and the corpus's card lists. Do not edit.\n\n",
    );
    code.push_str("pub(crate) static CARDS: &[fn() -> Card] = &[\n");
    for position in 0..cards.len() {
        let _ = writeln!(code, "    card_{position},");
    }
    code.push_str("];\n\n");
    code.push_str(
        "/// Each card's `Card::search_texts`, for a search that makes only the cards it finds.\n",
    );
    code.push_str("pub(crate) static SEARCH_TEXTS: &[SearchTexts<&str>] = &[\n");
    for card in &cards {
        let texts = card.search_texts();
        let _ = writeln!(
            code,
            "    SearchTexts {{ name: {:?}, also: {:?}, notes: {:?} }},",
            texts.name, texts.also, texts.notes
        );
    }
    code.push_str("];\n\n");
    code.push_str(
        "/// Every card's row, for a list that makes no card.\npub(crate) static ROWS: RowTable = ",
    );
    row::RowTable::of(&cards).write(&mut code);
    code.push_str(";\n\n");
    code.push_str(
        "/// Each card's full name, its normalised full name and aliases, those of them whose words are\n/// not searched, and its normalised title.\n",
    );
    code.push_str("pub(crate) static NAMES: &[NormalisedNames] = &[\n");
    for card in &cards {
        let full_name = card.full_name();
        let normalised: Vec<String> = std::iter::once(&full_name)
            .chain(&card.aliases)
            .map(|name| format!("Cow::Borrowed({:?})", names::normalise(name)))
            .collect();
        let unsearched: Vec<String> = card
            .aliases
            .iter()
            .enumerate()
            .filter(|(_, alias)| !names::words_searched(alias))
            .map(|(at, _)| (at + 1).to_string())
            .collect();
        let _ = writeln!(
            code,
            "    ({full_name:?}, &[{}], &[{}], {:?}),",
            normalised.join(", "),
            unsearched.join(", "),
            names::normalise(&card.title)
        );
    }
    code.push_str("];\n\n");
    // Every word of every normalised name as (card, name, start, end), in the order of the
    // words and then of the places: the order the name index searches by prefix.
    let normalised: Vec<Vec<String>> = cards
        .iter()
        .map(|card| {
            std::iter::once(&card.full_name())
                .chain(&card.aliases)
                .map(|name| names::normalise(name))
                .collect()
        })
        .collect();
    let mut places: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (position, (names, card)) in normalised.iter().zip(&cards).enumerate() {
        // A card's full name is always searched; an alias that only adds a set is not.
        let searched = std::iter::once(true)
            .chain(
                card.aliases
                    .iter()
                    .map(|alias| names::words_searched(alias)),
            )
            .collect::<Vec<bool>>();
        for (which, name) in names.iter().enumerate() {
            if !searched.get(which).copied().unwrap_or(true) {
                continue;
            }
            let mut start = 0;
            for word in name.split(' ') {
                if !word.is_empty() {
                    places.push((position, which, start, start + word.len()));
                }
                start += word.len() + 1;
            }
        }
    }
    let word = |(card, name, start, end): (usize, usize, usize, usize)| -> &str {
        &normalised[card][name][start..end]
    };
    places.sort_by(|a, b| word(*a).cmp(word(*b)).then(a.cmp(b)));
    // Every exact name (full name, alias, title) with its cards in the order the index adds
    // them, sorted by name for a binary search.
    let mut exact: std::collections::BTreeMap<String, Vec<(usize, &str)>> = Default::default();
    for (position, (names, card)) in normalised.iter().zip(&cards).enumerate() {
        for (which, name) in names.iter().enumerate() {
            let strength = if which == 0 { "FullName" } else { "Alias" };
            exact
                .entry(name.clone())
                .or_default()
                .push((position, strength));
        }
        exact
            .entry(names::normalise(&card.title))
            .or_default()
            .push((position, "Title"));
    }
    code.push_str("/// Every exact name and the cards it names, sorted by name.\n");
    code.push_str("pub(crate) static EXACT_NAMES: &[ExactName] = &[\n");
    for (name, entries) in &exact {
        let entries: Vec<String> = entries
            .iter()
            .map(|(position, strength)| format!("({position}, Strength::{strength})"))
            .collect();
        write_keyed_list(&mut code, name, &entries);
    }
    code.push_str("];\n\n");
    code.push_str("/// Every word of the names, in word order: (card, name, start, end).\n");
    code.push_str("pub(crate) static SORTED_WORDS: &[(usize, usize, usize, usize)] = &[\n");
    for place in &places {
        let _ = writeln!(code, "    {place:?},");
    }
    code.push_str("];\n");
    for (position, card) in cards.iter().enumerate() {
        let _ = write!(code, "\nfn card_{position}() -> Card {{\n    ");
        card.write(&mut code);
        code.push_str("\n}\n");
    }
    std::fs::write(Path::new(out_dir).join("catalog_data.rs"), code)
        .unwrap_or_else(|error| panic!("cannot write catalog_data.rs: {error}"));
}

/// A value written as the Rust expression that makes it. Every struct is written with all its
/// fields, so a field added to the model and not here fails to compile.
trait Literal {
    fn write(&self, out: &mut String);
}

impl Literal for String {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "String::from({self:?})");
    }
}

impl Literal for bool {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Literal for i32 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Literal for u8 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Literal for u32 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Literal for u16 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl<T: Literal> Literal for Option<T> {
    fn write(&self, out: &mut String) {
        match self {
            Some(value) => {
                out.push_str("Some(");
                value.write(out);
                out.push(')');
            }
            None => out.push_str("None"),
        }
    }
}

impl Literal for std::borrow::Cow<'static, str> {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "Cow::Borrowed({:?})", &**self);
    }
}

impl<T: Literal + Clone> Literal for std::borrow::Cow<'static, [T]> {
    fn write(&self, out: &mut String) {
        out.push_str("Cow::Borrowed(&[");
        for value in self.iter() {
            value.write(out);
            out.push_str(", ");
        }
        out.push_str("])");
    }
}

impl<T: Literal> Literal for Vec<T> {
    fn write(&self, out: &mut String) {
        if self.is_empty() {
            out.push_str("Vec::new()");
            return;
        }
        out.push_str("vec![");
        for value in self {
            value.write(out);
            out.push_str(", ");
        }
        out.push(']');
    }
}

impl<A: Literal, B: Literal> Literal for (A, B) {
    fn write(&self, out: &mut String) {
        out.push('(');
        self.0.write(out);
        out.push_str(", ");
        self.1.write(out);
        out.push(')');
    }
}

/// Enums without data, written by their variant's name.
macro_rules! unit_enum_literal {
    ($($name:ident),*) => {$(
        impl Literal for model::$name {
            fn write(&self, out: &mut String) {
                let _ = write!(out, "{}::{:?}", stringify!($name), self);
            }
        }
    )*};
}

unit_enum_literal!(
    Game,
    Side,
    CardType,
    TraitKind,
    DuelingEffect,
    ModifierTarget,
    ModifiedCards,
    BattleEffect,
    DestinyText,
    WhoseTurn
);

/// `Name { field: value, ... }` with every field of a struct.
macro_rules! struct_literal {
    ($name:ident $(<$generic:ident>)? { $($field:ident),* $(,)? }) => {
        struct_literal!(model::$name $(<$generic>)? { $($field),* });
    };
    ($module:ident :: $name:ident $(<$generic:ident>)? { $($field:ident),* $(,)? }) => {
        impl$(<$generic: Literal>)? Literal for $module::$name$(<$generic>)? {
            fn write(&self, out: &mut String) {
                let $module::$name { $($field),* } = self;
                out.push_str(concat!(stringify!($name), " { "));
                $(
                    out.push_str(concat!(stringify!($field), ": "));
                    $field.write(out);
                    out.push_str(", ");
                )*
                out.push('}');
            }
        }
    };
}

struct_literal!(Fact<T> { value, source, note });
struct_literal!(Printing {
    set,
    number,
    numbered_as
});
struct_literal!(Stats {
    power,
    damage,
    destiny,
    deploy,
    attack
});
struct_literal!(ClashFacts {
    deck,
    count,
    counterpart
});
struct_literal!(DamageModifier {
    amount,
    applies_to,
    of,
    at_current_planet,
    only,
    own_card,
    defeated_by_it,
    while_using
});
struct_literal!(Aura {
    amount,
    to,
    using,
    during,
    here,
    in_duel,
    evacuating
});
struct_literal!(DeployCost { of, counters });
struct_literal!(DeployTrigger { when, fetch });
struct_literal!(GameText {
    location_bonus,
    text_bonus,
    conditional_bonuses,
    dueling,
    damage_modifier,
    battle,
    destiny_draws,
    deploy_fetch,
    podrace,
    duelist,
    battle_users,
    battle_bonus_if,
    together_count,
    together_same_stack,
    together_groups,
    together_alone,
    two_weapons,
    next_fight_same_weapon,
    push_while_unarmed,
    no_weapons,
    only_defeated,
    defeated_to_hand,
    keep_breakthrough,
    destiny_text,
    fight_result,
    aura,
    weapons_barred,
    deploy_cost,
    deploy_cost_with,
    counts_as,
    carried_aura,
    on_deploy,
    may_use,
    deploy_trigger,
    counters_allowance,
    counters_on_discard,
});
struct_literal!(FightResult {
    win_damage,
    loss_damage
});
struct_literal!(DuelistText {
    first_pass_draws,
    may_not_pass,
    negates_dueling_text
});
struct_literal!(DeployFetch {
    card,
    to,
    counters,
    into_hand,
    or,
    icon
});
struct_literal!(PodraceText {
    thrust_on_deploy,
    handling
});
struct_literal!(ConditionalBonus { amount, when });
struct_literal!(OnDeploy {
    to,
    when,
    draw,
    may,
    opponent_damage
});

impl Literal for model::Condition {
    fn write(&self, out: &mut String) {
        let (variant, text) = match self {
            model::Condition::DuelingA(kind) => {
                let _ = write!(out, "Condition::DuelingA(ConditionTrait::{kind:?})");
                return;
            }
            model::Condition::UsingA(kind) => {
                let _ = write!(out, "Condition::UsingA(ConditionTrait::{kind:?})");
                return;
            }
            model::Condition::FightingA(kind) => {
                let _ = write!(out, "Condition::FightingA(ConditionTrait::{kind:?})");
                return;
            }
            model::Condition::DuelingNamed(name) => ("DuelingNamed", name),
            model::Condition::FightingNamed(name) => ("FightingNamed", name),
            model::Condition::UsingNamed(name) => ("UsingNamed", name),
            model::Condition::Fought(name) => ("Fought", name),
            model::Condition::Controlled(name) => ("Controlled", name),
            model::Condition::UsingBattleCard(name) => ("UsingBattleCard", name),
            model::Condition::FightingAt(name) => ("FightingAt", name),
            model::Condition::Evacuating(kinds) => {
                out.push_str("Condition::Evacuating(");
                kinds.write(out);
                out.push(')');
                return;
            }
            model::Condition::OpponentControlsUnsurrendered => {
                out.push_str("Condition::OpponentControlsUnsurrendered");
                return;
            }
            model::Condition::ShowsHand => {
                out.push_str("Condition::ShowsHand");
                return;
            }
            model::Condition::OpponentHasControlled => {
                out.push_str("Condition::OpponentHasControlled");
                return;
            }
            model::Condition::FightingOneOf(kinds) => {
                out.push_str("Condition::FightingOneOf(");
                kinds.write(out);
                out.push(')');
                return;
            }
            model::Condition::FoughtOneOf(kinds) => {
                out.push_str("Condition::FoughtOneOf(");
                kinds.write(out);
                out.push(')');
                return;
            }
        };
        let _ = write!(out, "Condition::{variant}(");
        text.write(out);
        out.push(')');
    }
}
struct_literal!(Card {
    title,
    subtitle,
    name_complete,
    anonymous,
    game,
    aliases,
    side,
    card_type,
    printing,
    reprints,
    rarity,
    stats,
    game_text,
    stated_traits,
    notes,
    corrections,
    named_in,
    clash,
    text,
    text_source,
    weapon_boxes,
    first_box_declaration,
    battle_bonus,
    dots,
    identity,
    location_bonuses,
    halves,
    virtual_card,
    versions,
    printed_text,
    icons,
    played_as,
});
struct_literal!(Half { name, card_type });
struct_literal!(card_text::QualifiedUser {
    any,
    icon,
    at,
    first_in_plan,
    count
});
struct_literal!(card_text::PrintedText {
    kinds,
    missing,
    note,
    read_from,
    source,
    battle_halves
});

impl Literal for card_text::BattleUser {
    fn write(&self, out: &mut String) {
        match self {
            card_text::BattleUser::Word(word) => {
                out.push_str("BattleUser::Word(");
                word.write(out);
                out.push(')');
            }
            card_text::BattleUser::Qualified(user) => {
                out.push_str("BattleUser::Qualified(");
                user.write(out);
                out.push(')');
            }
        }
    }
}

impl Literal for card_text::TextKind {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "TextKind::{self:?}");
    }
}

impl Literal for card_text::StatusKind {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "StatusKind::{self:?}");
    }
}

impl Literal for card_text::ReadFrom {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "ReadFrom::{self:?}");
    }
}
struct_literal!(row::Span { start, end });
struct_literal!(row::Printed { shown, number });
struct_literal!(row::Written {
    name,
    game,
    card_type,
    halves,
    side,
    deploy,
    power,
    damage,
    destiny,
    printing,
    reprints,
    sets,
    number,
    status,
});
struct_literal!(row::RowTable { text, halves, rows });
struct_literal!(Identity {
    unique,
    stackable,
    persona,
    kind
});
struct_literal!(LocationBonus { location, bonus });
struct_literal!(BoxDeclaration {
    users,
    bonus,
    catalog
});
struct_literal!(WeaponBox {
    users,
    draws,
    bonus
});

impl Literal for model::Source {
    fn write(&self, out: &mut String) {
        let (variant, detail) = match self {
            model::Source::Rule(id) => ("Rule", Some(id)),
            model::Source::Outside(what) => ("Outside", Some(what)),
            model::Source::Scenario => ("Scenario", None),
        };
        let _ = write!(out, "Source::{variant}");
        if let Some(detail) = detail {
            let _ = write!(out, "(Cow::Borrowed({detail:?}))");
        }
    }
}

impl Literal for model::StatValue {
    fn write(&self, out: &mut String) {
        match self {
            model::StatValue::Number(number) => {
                let _ = write!(out, "StatValue::Number({number})");
            }
            model::StatValue::None => out.push_str("StatValue::None"),
            model::StatValue::Symbol(symbol) => {
                out.push_str("StatValue::Symbol(");
                symbol.write(out);
                out.push(')');
            }
        }
    }
}
