//! The corpus holds every sentence of the five source documents, verbatim and in order.
//!
//! Each fixture in `tests/fixtures/sources/` is a copy of a source document. Both it and the
//! corpus are normalised the same way (whitespace, Markdown marks, bullets and leader dots
//! dropped); then walking the source from start to end, every stretch must be an item of that
//! document, in order, or a heading of one of its sections. Nothing may be left over.

use jedi_judge::rules::{Corpus, Item};

const FIXTURES: [(&str, &str); 5] = [
    (
        "sheet",
        include_str!("fixtures/sources/duel-of-the-fates-rulesheet.txt"),
    ),
    (
        "faq",
        include_str!("fixtures/sources/young-jedi-faq-2000-12-01.txt"),
    ),
    (
        "revised",
        include_str!("fixtures/sources/rules-from-duel-of-the-fates-revised.txt"),
    ),
    (
        "boonta",
        include_str!("fixtures/sources/boonta-eve-podrace-rules.txt"),
    ),
    (
        "clash",
        include_str!("fixtures/sources/clash-of-the-lightsabers-rules.txt"),
    ),
];

/// Drops what the corpus does not keep: whitespace and hard line breaks, Markdown marks
/// (`**`, `*`, `#`, links, rules), bullets, table bars and leader dots.
fn normalise(text: &str) -> String {
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let trimmed = trimmed.trim_start_matches('#');
        let trimmed = ["- ", "• ", "* "]
            .iter()
            .find_map(|bullet| trimmed.trim_start().strip_prefix(bullet))
            .unwrap_or(trimmed);
        if trimmed.trim() == "---" {
            continue;
        }
        lines.push(trimmed.to_string());
    }
    let joined = lines.join("\n");
    // Markdown links keep their text.
    let mut unlinked = String::new();
    let mut rest = joined.as_str();
    while let Some(open) = rest.find("](") {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        unlinked.push_str(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    unlinked.push_str(rest);
    let mut out = String::new();
    let chars: Vec<char> = unlinked.chars().collect();
    let mut index = 0;
    while let Some(&ch) = chars.get(index) {
        if ch == '.' && chars.get(index + 1) == Some(&'.') {
            while chars.get(index) == Some(&'.') {
                index += 1;
            }
            continue;
        }
        if !(ch.is_whitespace() || matches!(ch, '*' | '[' | '|')) {
            out.push(ch);
        }
        index += 1;
    }
    out
}

fn items_of<'a>(corpus: &'a Corpus, document: &str) -> Vec<&'a Item> {
    corpus
        .items()
        .iter()
        .filter(|item| item.document == document)
        .collect()
}

/// Removes known headings from a gap between items; what remains was not in the corpus.
fn strip_headings(gap: &str, headings: &[String]) -> String {
    let mut rest = gap.to_string();
    loop {
        let before = rest.len();
        for heading in headings {
            if !heading.is_empty() && rest.starts_with(heading.as_str()) {
                rest = rest[heading.len()..].to_string();
            }
        }
        if rest.len() == before {
            return rest;
        }
    }
}

#[test]
fn every_sentence_of_every_source_is_in_the_corpus_in_order() {
    let corpus = Corpus::embedded();
    for (document, source) in FIXTURES {
        let source = normalise(source);
        let items = items_of(corpus, document);
        assert!(!items.is_empty(), "{document} has no items");
        let mut headings: Vec<String> = items
            .iter()
            .flat_map(|item| item.section.split(" › ").map(normalise))
            .collect();
        headings.sort_by_key(|heading| std::cmp::Reverse(heading.len()));
        headings.dedup();
        let mut cursor = 0;
        for item in &items {
            let text = normalise(&item.text);
            let Some(found) = source[cursor..].find(&text) else {
                panic!(
                    "{}: its text is not in {document}'s source after what came before:\n{}",
                    item.id, item.text
                );
            };
            let gap = &source[cursor..cursor + found];
            let leftover = strip_headings(gap, &headings);
            assert!(
                leftover.is_empty(),
                "{document}: the source has text before {} that no item holds: {leftover:?}",
                item.id
            );
            cursor += found + text.len();
        }
        let tail = strip_headings(&source[cursor..], &headings);
        assert!(
            tail.is_empty(),
            "{document}: the source ends with text no item holds: {tail:?}"
        );
    }
}

#[test]
fn every_document_of_the_corpus_has_a_fixture_and_its_dated_metadata() {
    let corpus = Corpus::embedded();
    let ids: Vec<&str> = corpus.documents().iter().map(|d| d.id.as_ref()).collect();
    assert_eq!(ids, ["clash", "sheet", "faq", "revised", "boonta", "pc"]);
    for document in corpus.documents() {
        // A fan update that survives only in part is held as paraphrases, each with where it
        // can be read, never as its text: it has no fixture to hold it to.
        if document.ruleset.is_some() {
            assert!(document.partial.is_some() && !document.addresses.is_empty());
            for item in corpus
                .items()
                .iter()
                .filter(|item| item.document == document.id)
            {
                assert_eq!(
                    item.kind,
                    jedi_judge::rules::ItemKind::Paraphrase,
                    "{}",
                    item.id
                );
                assert!(!item.read_at.is_empty(), "{}", item.id);
                assert!(
                    item.read_at
                        .iter()
                        .all(|address| document.addresses.contains(address)),
                    "{}",
                    item.id
                );
            }
            continue;
        }
        assert!(
            FIXTURES.iter().any(|(id, _)| *id == document.id),
            "{} has no fixture",
            document.id
        );
        assert!(!document.title.is_empty() && !document.publisher.is_empty());
        assert!(!document.date_evidence.is_empty());
    }
}

/// Text compared across documents: case, whitespace and doubled full stops aside (the FAQ
/// ends one paragraph with "this turn..").
fn comparable(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars().filter(|ch| !ch.is_whitespace() && *ch != '*') {
        if ch == '.' && out.ends_with('.') {
            continue;
        }
        out.extend(ch.to_lowercase());
    }
    out
}

#[test]
fn linked_copies_have_the_same_text_and_superseding_items_a_different_one() {
    let corpus = Corpus::embedded();
    for item in corpus.items() {
        for id in item.copy_of.iter() {
            let earlier = corpus.item(id).expect("a copy links to an item");
            assert_eq!(
                comparable(&earlier.text),
                comparable(&item.text),
                "{} is linked as a copy of {id} but its text differs",
                item.id
            );
            assert_eq!(earlier.key(), item.key());
        }
        for id in item.supersedes.iter() {
            let earlier = corpus.item(id).expect("a supersession links to an item");
            assert_ne!(
                comparable(&earlier.text),
                comparable(&item.text),
                "{} supersedes {id} but has the same text: it should be a copy",
                item.id
            );
        }
    }
}

#[test]
fn the_revised_text_supersedes_exactly_the_three_changed_dueling_items() {
    let corpus = Corpus::embedded();
    let superseding: Vec<(&str, Vec<&str>)> = corpus
        .items()
        .iter()
        .filter(|item| !item.supersedes.is_empty())
        .map(|item| {
            (
                item.id.as_ref(),
                item.supersedes.iter().map(|id| id.as_ref()).collect(),
            )
        })
        .collect();
    assert_eq!(
        superseding,
        [
            (
                "revised.duel.initiation",
                vec!["sheet.duel.initiation", "faq.duel.initiation"]
            ),
            (
                "revised.duel.is-a-fight",
                vec!["sheet.duel.is-a-fight", "faq.duel.is-a-fight"]
            ),
            (
                "revised.duel.who-fights",
                vec!["sheet.duel.who-fights", "faq.duel.who-fights"]
            ),
        ]
    );
}

#[test]
fn the_thrust_cap_is_marked_a_later_addition_and_nothing_else_is() {
    let corpus = Corpus::embedded();
    let later: Vec<&str> = corpus
        .items()
        .iter()
        .filter(|item| item.later_addition.is_some())
        .map(|item| item.id.as_ref())
        .collect();
    assert_eq!(later, ["boonta.thrust.cap"]);
}

#[test]
fn the_card_list_has_sixty_cards_numbered_one_to_sixty() {
    let corpus = Corpus::embedded();
    let numbers: Vec<u16> = corpus
        .items()
        .iter()
        .filter_map(|item| item.card.as_ref().map(|card| card.number))
        .collect();
    assert_eq!(numbers, (1..=60).collect::<Vec<u16>>());
}
