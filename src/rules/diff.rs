//! What changed between two rulesets: items changed, added and removed, copies ignored.

use super::corpus::{Corpus, Item, ItemKind};
use super::ruleset::Ruleset;

/// One difference between two rulesets.
#[derive(Debug)]
pub enum DiffEntry<'a> {
    /// Items of the old ruleset replaced by an item of the new one (or the reverse, when
    /// comparing a later ruleset with an earlier one).
    Changed { old: Vec<&'a Item>, new: &'a Item },
    /// An item in force only in the new ruleset.
    Added(&'a Item),
    /// An item in force only in the old ruleset.
    Removed(&'a Item),
    /// A whole document in force only in the new ruleset, every item of it new.
    AddedDocument {
        document: String,
        items: Vec<&'a Item>,
    },
    /// A whole document in force only in the old ruleset.
    RemovedDocument {
        document: String,
        items: Vec<&'a Item>,
    },
}

/// A piece of a word diff: text in both versions, only in the old, or only in the new.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WordChange {
    Same(String),
    Removed(String),
    Added(String),
}

/// The words that changed from one text to another, in reading order: kept text, and each
/// changed passage as the words it removed followed by the words it added. Spaces between
/// changed words belong to the passage, so that "both players" → "you have" is one change,
/// not two.
pub fn word_diff(old: &str, new: &str) -> Vec<WordChange> {
    let diff = similar::TextDiff::from_words(old, new);
    let pieces: Vec<(similar::ChangeTag, &str)> = diff
        .iter_all_changes()
        .map(|change| (change.tag(), change.value()))
        .collect();
    let mut changes: Vec<WordChange> = Vec::new();
    let mut index = 0;
    while let Some(&(tag, text)) = pieces.get(index) {
        if tag == similar::ChangeTag::Equal {
            match changes.last_mut() {
                Some(WordChange::Same(run)) => run.push_str(text),
                _ => changes.push(WordChange::Same(text.to_string())),
            }
            index += 1;
            continue;
        }
        // A changed passage: changes, and the spaces between them.
        let mut removed = String::new();
        let mut added = String::new();
        while let Some(&(tag, text)) = pieces.get(index) {
            match tag {
                similar::ChangeTag::Delete => removed.push_str(text),
                similar::ChangeTag::Insert => added.push_str(text),
                similar::ChangeTag::Equal => {
                    let more_changes = pieces
                        .get(index + 1)
                        .is_some_and(|(next, _)| *next != similar::ChangeTag::Equal);
                    if !(text.trim().is_empty() && more_changes) {
                        break;
                    }
                    removed.push_str(text);
                    added.push_str(text);
                }
            }
            index += 1;
        }
        // Spaces that only separated changes of the other kind are not part of a change.
        for (passage, make) in [
            (removed, WordChange::Removed as fn(String) -> WordChange),
            (added, WordChange::Added as fn(String) -> WordChange),
        ] {
            if !passage.trim().is_empty() {
                changes.push(make(passage));
            }
        }
    }
    changes
}

/// The differences between two rulesets, in corpus order.
#[derive(Debug)]
pub struct RulesetDiff<'a> {
    pub old: Ruleset,
    pub new: Ruleset,
    pub entries: Vec<DiffEntry<'a>>,
}

/// Compares the items in force under `old` and `new`. An item whose text is in force in
/// both (as a copy in another document) is no difference. A newly in-force document whose
/// items are all plain additions is one entry, not one per item; a later addition to a
/// document (such as the Thrust cap) is always its own entry.
pub fn diff<'a>(corpus: &'a Corpus, old: &Ruleset, new: &Ruleset, expand: bool) -> RulesetDiff<'a> {
    let in_old = |item: &Item| old.in_force(corpus, item);
    let in_new = |item: &Item| new.in_force(corpus, item);
    let text_in =
        |item: &Item, side: &dyn Fn(&Item) -> bool| corpus.copies_of(item).into_iter().any(side);
    let mut entries: Vec<DiffEntry<'a>> = Vec::new();
    let mut paired: Vec<&str> = Vec::new();
    // Replacements, in either direction.
    for item in corpus.items() {
        let replaced: Vec<&Item> = if in_new(item) && !in_old(item) {
            item.supersedes
                .iter()
                .filter_map(|id| corpus.item(id))
                .filter(|earlier| in_old(earlier))
                .collect()
        } else {
            Vec::new()
        };
        if !replaced.is_empty() {
            paired.push(&item.id);
            paired.extend(replaced.iter().map(|earlier| &*earlier.id));
            entries.push(DiffEntry::Changed {
                old: replaced,
                new: item,
            });
            continue;
        }
        // Comparing backwards: the old ruleset's superseding item against the new one's.
        if in_old(item) && !in_new(item) {
            let restored: Vec<&Item> = item
                .supersedes
                .iter()
                .filter_map(|id| corpus.item(id))
                .filter(|earlier| in_new(earlier))
                .collect();
            if let Some(first) = restored.last() {
                paired.push(&item.id);
                paired.extend(restored.iter().map(|earlier| &*earlier.id));
                entries.push(DiffEntry::Changed {
                    old: vec![item],
                    new: first,
                });
            }
        }
    }
    // Additions and removals.
    let mut added: Vec<&Item> = Vec::new();
    let mut removed: Vec<&Item> = Vec::new();
    for item in corpus.items() {
        if paired.contains(&&*item.id) {
            continue;
        }
        if in_new(item) && !in_old(item) && !text_in(item, &in_old) {
            added.push(item);
        } else if in_old(item) && !in_new(item) && !text_in(item, &in_new) {
            removed.push(item);
        }
    }
    let whole_documents = |items: &[&'a Item], side: &dyn Fn(&Item) -> bool| -> Vec<String> {
        corpus
            .documents()
            .iter()
            .filter(|document| {
                let of_document: Vec<&Item> = corpus
                    .items()
                    .iter()
                    .filter(|item| item.document == document.id && item.later_addition.is_none())
                    .collect();
                !of_document.is_empty()
                    && of_document
                        .iter()
                        .all(|item| items.iter().any(|listed| listed.id == item.id))
                    && !of_document.iter().any(|item| side(item))
            })
            .map(|document| document.id.to_string())
            .collect()
    };
    let mut collect = |items: Vec<&'a Item>,
                       documents: Vec<String>,
                       whole: fn(String, Vec<&'a Item>) -> DiffEntry<'a>,
                       single: fn(&'a Item) -> DiffEntry<'a>| {
        for document in documents.iter().filter(|_| !expand) {
            let of_document: Vec<&'a Item> = items
                .iter()
                .copied()
                .filter(|item| item.document == *document && item.later_addition.is_none())
                .collect();
            entries.push(whole(document.clone(), of_document));
        }
        for item in items {
            if !expand
                && item.later_addition.is_none()
                && documents.iter().any(|document| *document == *item.document)
            {
                continue;
            }
            if matches!(item.kind, ItemKind::FrontMatter | ItemKind::Notice) {
                continue;
            }
            entries.push(single(item));
        }
    };
    let added_documents = whole_documents(&added, &in_old);
    let removed_documents = whole_documents(&removed, &in_new);
    collect(
        added,
        added_documents,
        |document, items| DiffEntry::AddedDocument { document, items },
        DiffEntry::Added,
    );
    collect(
        removed,
        removed_documents,
        |document, items| DiffEntry::RemovedDocument { document, items },
        DiffEntry::Removed,
    );
    // Corpus order, documents before their single items.
    let position = |entry: &DiffEntry<'_>| -> (usize, usize) {
        let item_position = |item: &Item| {
            corpus
                .items()
                .iter()
                .position(|other| other.id == item.id)
                .unwrap_or(usize::MAX)
        };
        match entry {
            DiffEntry::Changed { new, .. } => (item_position(new), 1),
            DiffEntry::Added(item) | DiffEntry::Removed(item) => (item_position(item), 1),
            DiffEntry::AddedDocument { items, .. } | DiffEntry::RemovedDocument { items, .. } => (
                items.first().map_or(usize::MAX, |item| item_position(item)),
                0,
            ),
        }
    };
    entries.sort_by_key(|entry| position(entry));
    RulesetDiff {
        old: old.clone(),
        new: new.clone(),
        entries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_diff_keeps_the_common_words_and_marks_the_rest() {
        let changes = word_diff(
            "A duel takes place at the current location.",
            "A duel takes place on the current planet.",
        );
        let removed: String = changes
            .iter()
            .filter_map(|change| match change {
                WordChange::Removed(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        let added: String = changes
            .iter()
            .filter_map(|change| match change {
                WordChange::Added(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            removed.contains("at") && removed.contains("location"),
            "{changes:?}"
        );
        assert!(
            added.contains("on") && added.contains("planet"),
            "{changes:?}"
        );
        assert!(
            matches!(&changes[0], WordChange::Same(text) if text.starts_with("A duel takes place"))
        );
    }
}
