//! Build script: checks and links the rule corpus, tokenises its items for search, and writes both as static Rust data for the binary to embed; turns the card catalog from YAML into JSON.
//!
//! Doing this work here means that the program starts with its corpus ready: no parsing,
//! linking or stemming at run time.

use std::fmt::Write as _;
use std::path::Path;

#[path = "src/rules/source.rs"]
#[allow(dead_code)]
mod source;
#[path = "src/rules/tokens.rs"]
#[allow(dead_code)]
mod tokens;

const DOCUMENTS: [&str; 5] = [
    "rulings/clash-of-the-lightsabers-rules.yaml",
    "rulings/duel-of-the-fates-rulesheet.yaml",
    "rulings/young-jedi-faq-2000-12-01.yaml",
    "rulings/rules-from-duel-of-the-fates-revised.yaml",
    "rulings/boonta-eve-podrace-rules.yaml",
];

const CATALOG: &str = "src/cards/catalog.yaml";

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

fn strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("{item:?}")).collect();
    format!("&[{}]", quoted.join(", "))
}

fn optional(value: &Option<String>) -> String {
    match value {
        Some(text) => format!("Some({text:?})"),
        None => "None".to_string(),
    }
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
    code.push_str("pub(crate) static DOCUMENTS: &[DocumentData] = &[\n");
    for (document, date) in &linked.documents {
        let month = date
            .month
            .map_or("None".to_string(), |m| format!("Some({m})"));
        let day = date
            .day
            .map_or("None".to_string(), |d| format!("Some({d})"));
        let _ = writeln!(
            code,
            "    DocumentData {{ id: {:?}, title: {:?}, publisher: {:?}, date: SourceDate {{ year: {}, month: {month}, day: {day} }}, date_evidence: {:?}, source_file: {:?} }},",
            document.id,
            document.title,
            document.publisher,
            date.year,
            document.date_evidence,
            document.source_file
        );
    }
    code.push_str("];\n\npub(crate) static ITEMS: &[ItemData] = &[\n");
    for item in &linked.items {
        let file = &item.file;
        let card = match &file.card {
            Some(card) => format!(
                "Some(CardData {{ number: {}, name: {:?}, rarity: {:?}, side: Side::{}, card_type: CardType::{} }})",
                card.number,
                card.name,
                card.rarity,
                variant(&card.side),
                variant(&card.card_type)
            ),
            None => "None".to_string(),
        };
        let _ = writeln!(
            code,
            "    ItemData {{ id: {:?}, document: {:?}, kind: ItemKind::{}, topic: {:?}, section: {:?}, text: {:?}, copy_of: {}, copied_by: {}, supersedes: {}, superseded_by: {}, later_addition: {}, card: {card} }},",
            file.id,
            item.document,
            variant(&file.kind),
            file.topic,
            file.section,
            file.text,
            strings(&file.copy_of),
            strings(&item.copied_by),
            strings(&file.supersedes),
            strings(&item.superseded_by),
            optional(&file.later_addition),
        );
    }
    code.push_str("];\n\npub(crate) static BY_ID: &[(&str, usize)] = &[\n");
    for (id, index) in &linked.by_id {
        let _ = writeln!(code, "    ({id:?}, {index}),");
    }
    code.push_str("];\n\n/// Every key (an id without its document) and its items, in corpus order.\npub(crate) static BY_KEY: &[(&str, &[usize])] = &[\n");
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
        let _ = writeln!(code, "    ({key:?}, &[{}]),", indexes.join(", "));
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
        let _ = writeln!(
            code,
            "    ({:?}, &[{}]),",
            stems.join(" "),
            offsets.join(", ")
        );
    }
    code.push_str(
        "];\n\n/// Every stem, in byte order, with the items and positions where it stands.\npub(crate) static POSTINGS: &[(&str, &[(u32, u32)])] = &[\n",
    );
    for (stem, places) in &postings {
        let places: Vec<String> = places
            .iter()
            .map(|(item, position)| format!("({item}, {position})"))
            .collect();
        let _ = writeln!(code, "    ({stem:?}, &[{}]),", places.join(", "));
    }
    code.push_str("];\n");
    std::fs::write(Path::new(&out_dir).join("corpus_data.rs"), code)
        .unwrap_or_else(|error| panic!("cannot write corpus_data.rs: {error}"));

    println!("cargo:rerun-if-changed={CATALOG}");
    let text = std::fs::read_to_string(CATALOG)
        .unwrap_or_else(|error| panic!("cannot read {CATALOG}: {error}"));
    let value: serde_json::Value = serde_saphyr::from_str(&text)
        .unwrap_or_else(|error| panic!("{CATALOG} is not valid YAML: {error}"));
    let json = serde_json::to_string(&value).expect("JSON serialisation");
    std::fs::write(Path::new(&out_dir).join("catalog.json"), json)
        .unwrap_or_else(|error| panic!("cannot write catalog.json: {error}"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rules/source.rs");
    println!("cargo:rerun-if-changed=src/rules/tokens.rs");
}
