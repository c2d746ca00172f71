//! Every rule the code or the catalog cites exists in the corpus.

mod common;

use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::rules::{Corpus, Ruleset, lookup};

const DOCUMENT_PREFIXES: [&str; 5] = ["sheet.", "faq.", "revised.", "boonta.", "clash."];

/// The citations written in a Rust source: every `cite("…")` and every string literal that
/// starts with a document's id.
fn citations_in(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find("cite(\"") {
        let after = &rest[start + 6..];
        if let Some(end) = after.find('"') {
            found.push(after[..end].to_string());
        }
        rest = after;
    }
    for literal in source.split('"').skip(1).step_by(2) {
        let looks_like_id = DOCUMENT_PREFIXES
            .iter()
            .any(|prefix| literal.starts_with(prefix))
            && literal
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ".-".contains(ch))
            && literal.matches('.').count() >= 2;
        if looks_like_id {
            found.push(literal.to_string());
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Citations that resolve to no item, as an id or as a key.
fn unresolved(corpus: &Corpus, citations: &[String]) -> Vec<String> {
    citations
        .iter()
        .filter(|id| lookup(corpus, &Ruleset::latest(), id).is_err())
        .cloned()
        .collect()
}

fn rust_sources(dir: &Path, found: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            found.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn every_citation_in_the_code_names_an_item_of_the_corpus() {
    let corpus = Corpus::embedded();
    let mut files = Vec::new();
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut total = 0;
    for (path, text) in &files {
        let citations = citations_in(text);
        total += citations.len();
        let missing = unresolved(corpus, &citations);
        assert!(
            missing.is_empty(),
            "{path} cites rules the corpus does not have: {missing:?}"
        );
    }
    assert!(
        total >= 60,
        "expected the code to cite rules, found {total} citations"
    );
}

#[test]
fn the_citation_check_catches_an_id_the_corpus_lacks() {
    let corpus = Corpus::embedded();
    let sample =
        r#"const A: Citation = cite("duel.no-such-rule"); let b = "faq.general.title-traits";"#;
    let citations = citations_in(sample);
    assert_eq!(citations, ["duel.no-such-rule", "faq.general.title-traits"]);
    assert_eq!(unresolved(corpus, &citations), ["duel.no-such-rule"]);
}

#[test]
fn every_citation_in_the_card_catalog_names_an_item_of_the_corpus() {
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let cited = catalog.cited_ids();
    assert!(cited.len() > 20);
    for id in cited {
        assert!(corpus.item(&id).is_some(), "the catalog cites {id}");
    }
}

#[test]
fn the_embedded_corpus_is_the_one_its_yaml_files_give() {
    let texts = common::rulings_in_build_order();
    let pairs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(file, text)| (file.as_str(), text.as_str()))
        .collect();
    let read = jedi_judge::rules::Corpus::from_yaml(&pairs).expect("the YAML reads");
    let embedded = jedi_judge::rules::Corpus::embedded();
    let as_json = |corpus: &jedi_judge::rules::Corpus| {
        (
            serde_json::to_value(corpus.documents()).expect("documents"),
            serde_json::to_value(corpus.items()).expect("items"),
        )
    };
    assert_eq!(as_json(&read), as_json(embedded));
    let ids = |items: Vec<&jedi_judge::rules::Item>| -> Vec<String> {
        items.iter().map(|item| item.id.to_string()).collect()
    };
    for item in read.items() {
        assert_eq!(
            embedded.item(&item.id).map(|found| found.text.as_ref()),
            Some(item.text.as_ref())
        );
        assert_eq!(
            ids(embedded.items_with_key(item.key())),
            ids(read.items_with_key(item.key()))
        );
    }
}
