//! Renders rule look-ups, searches, listings and ruleset differences.

use std::fmt::Write as _;

use super::output::{
    AssumptionFoundOutput, AssumptionOutput, AssumptionValueOutput, AssumptionsOutput,
    DifferenceOutput, ItemOutput, ItemText, ListedOutput, RuleText, RulesDiffOutput,
    RulesListOutput, RulesSearchOutput, RulesShowOutput, RulesetOutput, RulesetsOutput,
    SearchResultOutput, VERSION,
};

use super::{
    Format, Palette, document_date, document_label, document_label_plain, json as to_json,
    markdown_escape, markdown_quote, pad, visible_width, wrap, wrap_hanging,
};
use crate::rules::{
    Corpus, DiffEntry, Item, Listed, Lookup, NAMED_RULESETS, Ruleset, RulesetDiff, SearchResults,
    Snippet, WordChange, word_diff,
};

/// Why an item is or is not in force under a ruleset, in a few words.
pub fn standing(corpus: &Corpus, ruleset: &Ruleset, item: &Item) -> String {
    if ruleset.in_force(corpus, item) {
        return format!("in force under {ruleset}");
    }
    if !ruleset.publishes(corpus, item) {
        if let Some(brought_by) = corpus
            .document_of(item)
            .and_then(|document| document.ruleset.as_deref())
            .filter(|brought_by| *brought_by != ruleset.name)
        {
            return format!(
                "not in force under {ruleset}: only the {brought_by} ruleset brings it in"
            );
        }
        if item.later_addition.is_some() {
            return format!(
                "not in force under {ruleset}: a later addition of unknown date, in force only under latest"
            );
        }
        return format!(
            "not in force under {ruleset}: published {}",
            document_date(corpus, item)
        );
    }
    let by: Vec<String> = item
        .superseded_by
        .iter()
        .filter(|id| {
            corpus
                .item(id)
                .is_some_and(|later| ruleset.publishes(corpus, later))
        })
        .map(|id| id.to_string())
        .collect();
    format!(
        "not in force under {ruleset}: superseded by {}",
        by.join(", ")
    )
}

fn reference(corpus: &Corpus, item: &Item) -> String {
    format!("{} ({})", item.id, document_label(corpus, item))
}

fn item_view(corpus: &Corpus, ruleset: &Ruleset, item: &Item) -> ItemOutput {
    ItemOutput {
        id: item.id.to_string(),
        key: item.key().to_string(),
        kind: item.kind.label().to_string(),
        quoted: RuleText::of(corpus, item),
        date_evidence: corpus
            .document_of(item)
            .map(|d| d.date_evidence.to_string())
            .unwrap_or_default(),
        topic: item.topic.to_string(),
        in_force: ruleset.in_force(corpus, item),
        standing: standing(corpus, ruleset, item),
        copies: corpus
            .copies_of(item)
            .iter()
            .map(|copy| copy.id.to_string())
            .collect(),
        supersedes: item.supersedes.iter().map(|id| id.to_string()).collect(),
        superseded_by: item.superseded_by.iter().map(|id| id.to_string()).collect(),
    }
}

/// `rules show`.
pub fn show(
    corpus: &Corpus,
    ruleset: &Ruleset,
    found: &Lookup<'_>,
    format: Format,
    palette: Palette,
) -> String {
    let item = found.item;
    let mut out = String::new();
    match format {
        Format::Json => {
            return to_json(&RulesShowOutput {
                format: Default::default(),
                version: VERSION,
                ruleset: ruleset.to_string(),
                item: item_view(corpus, ruleset, item),
            });
        }
        Format::Markdown => {
            let _ = writeln!(out, "### `{}`\n", item.id);
            match super::paraphrase_source(item) {
                // A paraphrase is no quotation: our words, with where to check them.
                Some(source) => {
                    let _ = writeln!(
                        out,
                        "*{}* {}\n\n{}\n",
                        super::PARAPHRASE,
                        markdown_escape(&item.text),
                        markdown_escape(&source)
                    );
                }
                None => {
                    let _ = writeln!(out, "{}\n", markdown_quote(&item.text));
                }
            }
            let _ = writeln!(
                out,
                "— *{}*, {} · {} · {}\n",
                markdown_escape(&document_label(corpus, item)),
                markdown_escape(&item.section),
                item.kind.label(),
                standing(corpus, ruleset, item)
            );
            if let Some(note) = &item.later_addition {
                let _ = writeln!(out, "*Later addition:* {}\n", markdown_escape(note));
            }
            for (label, items) in [
                ("Same text in", &found.copies),
                ("Supersedes", &found.supersedes),
                ("Superseded by", &found.superseded_by),
            ] {
                if !items.is_empty() {
                    let list: Vec<String> = items
                        .iter()
                        .map(|other| {
                            format!(
                                "`{}` ({})",
                                other.id,
                                markdown_escape(&document_label(corpus, other))
                            )
                        })
                        .collect();
                    let _ = writeln!(out, "{label}: {}.\n", list.join(", "));
                }
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "{}  {}",
                palette.id(&item.id),
                palette.dim(item.kind.label())
            );
            let _ = writeln!(
                out,
                "{}",
                wrap(&document_label(corpus, item), palette.width, "")
            );
            let _ = writeln!(
                out,
                "{}",
                palette.dim(&wrap(
                    &format!("Section: {}", item.section),
                    palette.width,
                    ""
                ))
            );
            let status = standing(corpus, ruleset, item);
            let status = if ruleset.in_force(corpus, item) {
                palette.good(&status)
            } else {
                palette.bad(&status)
            };
            let _ = writeln!(out, "{}\n", wrap(&status, palette.width, ""));
            if super::paraphrase_source(item).is_some() {
                let _ = writeln!(out, "{}", wrap(super::PARAPHRASE, palette.width, ""));
            }
            let _ = writeln!(out, "{}\n", wrap(&item.text, palette.width, "  "));
            if let Some(source) = super::paraphrase_source(item) {
                let _ = writeln!(out, "{}\n", wrap(&source, palette.width, ""));
            }
            if let Some(note) = &item.later_addition {
                let _ = writeln!(
                    out,
                    "{}",
                    wrap(&format!("Later addition: {note}"), palette.width, "")
                );
            }
            if let Some(document) = corpus.document_of(item) {
                let _ = writeln!(
                    out,
                    "{}",
                    palette.dim(&wrap(
                        &format!("Date: {}", document.date_evidence),
                        palette.width,
                        ""
                    ))
                );
            }
            for (label, items) in [
                ("Same text in", &found.copies),
                ("Supersedes", &found.supersedes),
                ("Superseded by", &found.superseded_by),
            ] {
                for (index, other) in items.iter().enumerate() {
                    let lead = if index == 0 {
                        format!("{label}:")
                    } else {
                        String::new()
                    };
                    let _ = writeln!(
                        out,
                        "{}",
                        wrap_hanging(
                            &reference(corpus, other),
                            palette.width,
                            &format!("{lead:<15}"),
                            &" ".repeat(17)
                        )
                    );
                }
            }
        }
    }
    out
}

fn snippet_markdown(snippet: &Snippet) -> String {
    let mut out = String::new();
    let mut at = 0;
    for &(start, end) in &snippet.marks {
        out.push_str(&markdown_escape(
            snippet.text.get(at..start).unwrap_or_default(),
        ));
        out.push_str("**");
        out.push_str(&markdown_escape(
            snippet.text.get(start..end).unwrap_or_default(),
        ));
        out.push_str("**");
        at = end;
    }
    out.push_str(&markdown_escape(snippet.text.get(at..).unwrap_or_default()));
    out
}

/// The named assumptions that hold the most of a query's words (any of them, if none holds
/// more than one), each with its snippet. What is searched is the assumption's text and the
/// meanings of its values.
pub fn assumptions_found(query: &str) -> Vec<(&'static str, crate::rules::TextHit)> {
    let listed = crate::procedures::assumptions();
    let texts: Vec<String> = listed
        .iter()
        .map(|(spec, _)| {
            let mut text = spec.assumption.text.to_string();
            if spec.values.len() > 1 {
                let readings: Vec<String> = spec
                    .values
                    .iter()
                    .map(|(value, meaning)| format!("{value}, {meaning}"))
                    .collect();
                text.push_str(&format!(" Readings: {}.", readings.join("; ")));
            }
            text
        })
        .collect();
    let borrowed: Vec<&str> = texts.iter().map(String::as_str).collect();
    crate::rules::search_texts(&borrowed, query)
        .into_iter()
        .filter_map(|hit| {
            listed
                .get(hit.index)
                .map(|(spec, _)| (spec.assumption.name, hit))
        })
        .collect()
}

/// `rules search`: the rules found, then the named assumptions found.
pub fn search(
    corpus: &Corpus,
    ruleset: &Ruleset,
    query: &str,
    results: &SearchResults<'_>,
    format: Format,
    palette: Palette,
) -> String {
    let hits = &results.hits;
    let assumptions = assumptions_found(query);
    let query = crate::text::quoted(query);
    let count = if hits.len() < results.total {
        format!(
            "{} of {} results",
            hits.len(),
            crate::text::thousands(results.total)
        )
    } else {
        format!(
            "{} result{}",
            results.total,
            if results.total == 1 { "" } else { "s" }
        )
    };
    let searched = if results.words.is_empty() {
        "no words to search for".to_string()
    } else {
        format!("words searched: {}", results.words.join(", "))
    };
    let mut out = String::new();
    match format {
        Format::Json => {
            return to_json(&RulesSearchOutput {
                format: Default::default(),
                version: VERSION,
                query: query.clone(),
                words: results.words.clone(),
                ruleset: ruleset.to_string(),
                total: results.total,
                results: hits
                    .iter()
                    .map(|hit| SearchResultOutput {
                        id: hit.item.id.to_string(),
                        document: hit.item.document.to_string(),
                        date: document_date(corpus, hit.item),
                        section: hit.item.section.to_string(),
                        in_force: ruleset.in_force(corpus, hit.item),
                        words_matched: hit.words_matched,
                        score: (hit.score * 1000.0).round() / 1000.0,
                        snippet: hit.snippet.text.clone(),
                        marks: hit.snippet.marks.clone(),
                        same_text_in: hit.folded_copies.iter().map(|c| c.id.to_string()).collect(),
                    })
                    .collect(),
                assumptions: assumptions
                    .iter()
                    .map(|(name, hit)| AssumptionFoundOutput {
                        name: name.to_string(),
                        words_matched: hit.words_matched,
                        snippet: hit.snippet.text.clone(),
                        marks: hit.snippet.marks.clone(),
                    })
                    .collect(),
            });
        }
        Format::Markdown => {
            let _ = writeln!(
                out,
                "**{count} for “{}”** ({ruleset}; {})\n",
                markdown_escape(&query),
                markdown_escape(&searched)
            );
            for (rank, hit) in hits.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{}. `{}` ({}): {}",
                    rank + 1,
                    hit.item.id,
                    document_date(corpus, hit.item),
                    snippet_markdown(&hit.snippet)
                );
            }
            if !assumptions.is_empty() {
                let _ = writeln!(out, "\n{}\n", assumptions_heading(assumptions.len()));
                for (name, hit) in assumptions.iter().take(ASSUMPTIONS_SHOWN) {
                    let _ = writeln!(out, "- `{name}`: {}", snippet_markdown(&hit.snippet));
                }
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "{}\n",
                wrap(
                    &format!("{count} for {query:?} ({ruleset}; {searched})"),
                    palette.width,
                    ""
                )
            );
            for (rank, hit) in hits.iter().enumerate() {
                let mut heading = format!(
                    "{}  {}",
                    palette.id(&hit.item.id),
                    palette.dim(&format!(
                        "{} · {}",
                        document_date(corpus, hit.item),
                        hit.item.section
                    ))
                );
                if !hit.folded_copies.is_empty() {
                    let copies: Vec<&str> = hit.folded_copies.iter().map(|c| &*c.id).collect();
                    heading.push_str(&palette.dim(&format!(" (same text: {})", copies.join(", "))));
                }
                let number = format!("{:>2}. ", rank + 1);
                let _ = writeln!(
                    out,
                    "{}",
                    wrap_hanging(&heading, palette.width, &number, "    ")
                );
                let _ = writeln!(
                    out,
                    "{}",
                    wrap_marked(&hit.snippet, palette.width, "    ", palette)
                );
            }
            if !assumptions.is_empty() {
                let _ = writeln!(
                    out,
                    "\n{}",
                    wrap(&assumptions_heading(assumptions.len()), palette.width, "")
                );
                for (name, hit) in assumptions.iter().take(ASSUMPTIONS_SHOWN) {
                    let _ = writeln!(out, "  {}", palette.id(name));
                    let _ = writeln!(
                        out,
                        "{}",
                        wrap_marked(&hit.snippet, palette.width, "    ", palette)
                    );
                }
            }
        }
    }
    out
}

/// How many of the named assumptions a search found text and Markdown show; JSON gives all.
const ASSUMPTIONS_SHOWN: usize = 5;

/// The heading of the named assumptions a search found.
fn assumptions_heading(found: usize) -> String {
    let count = if found > ASSUMPTIONS_SHOWN {
        format!("{ASSUMPTIONS_SHOWN} of {found} named assumptions")
    } else {
        format!(
            "{found} named assumption{}",
            if found == 1 { "" } else { "s" }
        )
    };
    format!(
        "{count} with these words (what the engine takes where the rules are silent; not rule text; `rules assumptions` lists them all):"
    )
}

/// Wraps a snippet like [`wrap`], its matched words painted.
fn wrap_marked(snippet: &Snippet, width: usize, indent: &str, palette: Palette) -> String {
    let text = &snippet.text;
    let mut words: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (index, ch) in text.char_indices() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(index),
            (true, Some(begin)) => {
                words.push((begin, index));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(begin) = start {
        words.push((begin, text.len()));
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut visible = 0;
    for (begin, end) in words {
        let plain = text.get(begin..end).unwrap_or_default();
        let length = plain.chars().count();
        if visible > 0 && indent.len() + visible + 1 + length > width {
            lines.push(format!("{indent}{line}"));
            line.clear();
            visible = 0;
        }
        if visible > 0 {
            line.push(' ');
            visible += 1;
        }
        let mut at = begin;
        for &(mark_start, mark_end) in &snippet.marks {
            let (from, to) = (mark_start.max(begin), mark_end.min(end));
            if from >= to {
                continue;
            }
            line.push_str(text.get(at..from).unwrap_or_default());
            line.push_str(&palette.mark(text.get(from..to).unwrap_or_default()));
            at = to;
        }
        line.push_str(text.get(at..end).unwrap_or_default());
        visible += length;
    }
    lines.push(format!("{indent}{line}"));
    lines.join("\n")
}

/// `rules list`.
pub fn list(
    corpus: &Corpus,
    ruleset: &Ruleset,
    listed: &[Listed<'_>],
    format: Format,
    palette: Palette,
) -> String {
    let mut out = String::new();
    match format {
        Format::Json => {
            return to_json(&RulesListOutput {
                format: Default::default(),
                version: VERSION,
                ruleset: ruleset.to_string(),
                items: listed
                    .iter()
                    .map(|entry| ListedOutput {
                        item: item_view(corpus, ruleset, entry.item),
                        same_text_in: entry
                            .folded_copies
                            .iter()
                            .map(|c| c.id.to_string())
                            .collect(),
                    })
                    .collect(),
            });
        }
        Format::Markdown => {
            let _ = writeln!(out, "| id | date | section | in force | first words |");
            let _ = writeln!(out, "|---|---|---|---|---|");
            for entry in listed {
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} | {} |",
                    entry.item.id,
                    document_date(corpus, entry.item),
                    markdown_escape(&entry.item.section),
                    if entry.in_force { "yes" } else { "no" },
                    markdown_escape(&first_words(&entry.item.text, 8))
                );
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "{} item{} ({ruleset})",
                listed.len(),
                if listed.len() == 1 { "" } else { "s" }
            );
            let mut section = "";
            for entry in listed {
                if entry.item.section != section {
                    section = &entry.item.section;
                    let _ = writeln!(
                        out,
                        "\n{}",
                        palette.heading(&wrap(
                            &format!("{} · {}", entry.item.document, section),
                            palette.width,
                            ""
                        ))
                    );
                }
                let status = if entry.in_force {
                    String::new()
                } else {
                    palette.bad(" (not in force)").into_owned()
                };
                // The id in a column, then as much of the text as the line holds.
                let column = LIST_COLUMN.min(palette.width / 2);
                let id = format!("  {}", palette.id(&entry.item.id));
                let room = palette
                    .width
                    .saturating_sub(column + visible_width(&status));
                let excerpt = excerpt(&entry.item.text, room.max(8));
                if visible_width(&id) < column {
                    let _ = writeln!(out, "{}{excerpt}{status}", pad(&id, column));
                } else {
                    let _ = writeln!(out, "{id}\n{}{excerpt}{status}", " ".repeat(column));
                }
            }
        }
    }
    out
}

/// The column where `rules list` starts each item's text.
const LIST_COLUMN: usize = 46;

/// The first words of a text that fit in `room` characters, with an ellipsis if cut.
fn excerpt(text: &str, room: usize) -> String {
    let mut out = String::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for (index, word) in words.iter().enumerate() {
        let needed = out.chars().count() + usize::from(!out.is_empty()) + word.chars().count();
        if needed + 1 > room {
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
        if index + 1 == words.len() {
            return out;
        }
    }
    out
}

fn first_words(text: &str, count: usize) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut head = words
        .iter()
        .take(count)
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    if words.len() > count {
        head.push('…');
    }
    head
}

/// `rules diff`.
pub fn diff(corpus: &Corpus, diff: &RulesetDiff<'_>, format: Format, palette: Palette) -> String {
    let mut out = String::new();
    let old = &diff.old;
    let new = &diff.new;
    match format {
        Format::Json => {
            let text = |item: &Item| ItemText {
                id: item.id.to_string(),
                text: item.text.to_string(),
            };
            let ids = |items: &[&Item]| items.iter().map(|item| item.id.to_string()).collect();
            return to_json(&RulesDiffOutput {
                format: Default::default(),
                version: VERSION,
                old: old.to_string(),
                new: new.to_string(),
                differences: diff
                    .entries
                    .iter()
                    .map(|entry| match entry {
                        DiffEntry::Changed { old, new } => DifferenceOutput::Changed {
                            old: old.iter().map(|item| text(item)).collect(),
                            new: text(new),
                            words: word_diff(
                                old.first().map(|item| &*item.text).unwrap_or_default(),
                                &new.text,
                            ),
                        },
                        DiffEntry::Added(item) => DifferenceOutput::Added {
                            id: item.id.to_string(),
                            text: item.text.to_string(),
                            later_addition: item
                                .later_addition
                                .as_ref()
                                .map(|text| text.to_string()),
                        },
                        DiffEntry::Removed(item) => DifferenceOutput::Removed {
                            id: item.id.to_string(),
                            text: item.text.to_string(),
                        },
                        DiffEntry::AddedDocument { document, items } => {
                            DifferenceOutput::AddedDocument {
                                document: document.clone(),
                                items: ids(items),
                            }
                        }
                        DiffEntry::RemovedDocument { document, items } => {
                            DifferenceOutput::RemovedDocument {
                                document: document.clone(),
                                items: ids(items),
                            }
                        }
                    })
                    .collect(),
            });
        }
        Format::Markdown => {
            let _ = writeln!(
                out,
                "## What changed from {old} to {new}\n\n{} difference{}.\n",
                diff.entries.len(),
                if diff.entries.len() == 1 { "" } else { "s" }
            );
            for entry in &diff.entries {
                match entry {
                    DiffEntry::Changed {
                        old: olds,
                        new: item,
                    } => {
                        let old_ids: Vec<String> =
                            olds.iter().map(|o| format!("`{}`", o.id)).collect();
                        let _ = writeln!(out, "### Changed: `{}`\n", item.key());
                        let _ = writeln!(
                            out,
                            "{old}: {}; {new}: `{}`. Words struck through are gone, words in bold are new.\n",
                            old_ids.join(", "),
                            item.id
                        );
                        let old_text = olds.first().map(|o| &*o.text).unwrap_or_default();
                        let marked = marked_words(
                            &word_diff(old_text, &item.text),
                            &|text| markdown_escape(text),
                            ("~~", "~~"),
                            ("**", "**"),
                        );
                        let quoted: Vec<String> =
                            marked.split('\n').map(|line| format!("> {line}")).collect();
                        let _ = writeln!(out, "{}\n", quoted.join("\\\n"));
                    }
                    DiffEntry::Added(item) => {
                        let _ = writeln!(out, "### Added: `{}`\n", item.id);
                        if let Some(note) = &item.later_addition {
                            let _ = writeln!(out, "*Later addition:* {}\n", markdown_escape(note));
                        }
                        let _ = writeln!(out, "{}\n", markdown_quote(&item.text));
                    }
                    DiffEntry::Removed(item) => {
                        let _ = writeln!(out, "### Removed: `{}`\n", item.id);
                        let _ = writeln!(out, "{}\n", markdown_quote(&item.text));
                    }
                    DiffEntry::AddedDocument { document, items }
                    | DiffEntry::RemovedDocument { document, items } => {
                        let verb = if matches!(entry, DiffEntry::AddedDocument { .. }) {
                            "Added"
                        } else {
                            "Removed"
                        };
                        let title = corpus
                            .document(document)
                            .map(|d| &*d.title)
                            .unwrap_or_default();
                        let _ = writeln!(
                            out,
                            "### {verb} document: *{}*\n\n{} items, every one new: `jedi-judge rules list --document {document}`.\n",
                            markdown_escape(title),
                            items.len()
                        );
                    }
                }
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "{}",
                palette.heading(&wrap(
                    &format!("What changed from {old} to {new}"),
                    palette.width,
                    ""
                ))
            );
            let _ = writeln!(
                out,
                "{}",
                wrap(
                    &format!(
                        "{} difference{}; texts that stand in both (copies in another document) are left out.",
                        diff.entries.len(),
                        if diff.entries.len() == 1 { "" } else { "s" }
                    ),
                    palette.width,
                    ""
                )
            );
            for entry in &diff.entries {
                let _ = writeln!(out);
                match entry {
                    DiffEntry::Changed {
                        old: olds,
                        new: item,
                    } => {
                        let old_ids: Vec<&str> = olds.iter().map(|o| &*o.id).collect();
                        let _ = writeln!(
                            out,
                            "{} {}",
                            palette.heading("Changed:"),
                            palette.id(item.key())
                        );
                        let _ = writeln!(
                            out,
                            "{}",
                            palette.dim(&wrap(
                                &format!(
                                    "{old}: {} → {new}: {} ({})",
                                    old_ids.join(", "),
                                    item.id,
                                    if palette.enabled {
                                        "words gone struck through in red, new words in green"
                                    } else {
                                        "[-gone-] {+new+}"
                                    }
                                ),
                                palette.width,
                                "  "
                            ))
                        );
                        let old_text = olds.first().map(|o| &*o.text).unwrap_or_default();
                        let changes = word_diff(old_text, &item.text);
                        let marked = if palette.enabled {
                            coloured_words(&changes, palette)
                        } else {
                            marked_words(
                                &changes,
                                &|text| text.to_string(),
                                ("[-", "-]"),
                                ("{+", "+}"),
                            )
                        };
                        let _ = writeln!(out, "{}", wrap(&marked, palette.width, "  │ "));
                    }
                    DiffEntry::Added(item) => {
                        let label = if item.later_addition.is_some() {
                            "Added later:"
                        } else {
                            "Added:"
                        };
                        let _ = writeln!(
                            out,
                            "{}",
                            wrap_hanging(
                                &format!(
                                    "{} {}  {}",
                                    palette.heading(label),
                                    palette.id(&item.id),
                                    palette.dim(&document_label_plain(corpus, item))
                                ),
                                palette.width,
                                "",
                                "  "
                            )
                        );
                        if let Some(note) = &item.later_addition {
                            let _ =
                                writeln!(out, "{}", palette.dim(&wrap(note, palette.width, "  ")));
                        }
                        let _ = writeln!(out, "{}", wrap(&item.text, palette.width, "  │ "));
                    }
                    DiffEntry::Removed(item) => {
                        let _ = writeln!(
                            out,
                            "{}",
                            wrap_hanging(
                                &format!(
                                    "{} {}  {}",
                                    palette.heading("Removed:"),
                                    palette.id(&item.id),
                                    palette.dim(&document_label(corpus, item))
                                ),
                                palette.width,
                                "",
                                "  "
                            )
                        );
                        let _ = writeln!(out, "{}", wrap(&item.text, palette.width, "  │ "));
                    }
                    DiffEntry::AddedDocument { document, items }
                    | DiffEntry::RemovedDocument { document, items } => {
                        let verb = if matches!(entry, DiffEntry::AddedDocument { .. }) {
                            "Added document:"
                        } else {
                            "Removed document:"
                        };
                        let label = corpus
                            .document(document)
                            .map(|d| format!("{} ({}, {})", d.title, d.publisher, d.date))
                            .unwrap_or_default();
                        let _ = writeln!(
                            out,
                            "{}",
                            wrap_hanging(
                                &format!("{} {label}", palette.heading(verb)),
                                palette.width,
                                "",
                                "  "
                            )
                        );
                        let _ = writeln!(
                            out,
                            "{}",
                            wrap(
                                &format!(
                                    "{} items, every one new; list them with `jedi-judge rules list --document {document}`",
                                    items.len()
                                ),
                                palette.width,
                                "  "
                            )
                        );
                    }
                }
            }
        }
    }
    out
}

/// Whether the change at `index` is added words right after removed ones: the passage that
/// replaced them, shown apart from them.
fn replaces_the_removed(changes: &[WordChange], index: usize) -> bool {
    matches!(changes.get(index), Some(WordChange::Added(_)))
        && index
            .checked_sub(1)
            .is_some_and(|before| matches!(changes.get(before), Some(WordChange::Removed(_))))
}

/// A word diff as text: each run of removed or added words between its marks, every line
/// of a run marked on its own (so that a mark never spans a line break).
fn marked_words(
    changes: &[WordChange],
    escape: &dyn Fn(&str) -> String,
    removed: (&str, &str),
    added: (&str, &str),
) -> String {
    let mut out = String::new();
    for (index, change) in changes.iter().enumerate() {
        if replaces_the_removed(changes, index) {
            out.push(' ');
        }
        let (text, (open, close)) = match change {
            WordChange::Same(text) => {
                out.push_str(&escape(text));
                continue;
            }
            WordChange::Removed(text) => (text, removed),
            WordChange::Added(text) => (text, added),
        };
        for (index, line) in text.split('\n').enumerate() {
            if index > 0 {
                out.push('\n');
            }
            let trimmed = line.trim_end();
            if trimmed.trim().is_empty() {
                out.push_str(line);
                continue;
            }
            let leading = &line[..line.len() - line.trim_start().len()];
            out.push_str(leading);
            out.push_str(open);
            out.push_str(&escape(trimmed.trim_start()));
            out.push_str(close);
            out.push_str(&line[trimmed.len()..]);
        }
    }
    out
}

/// A word diff in colour: removed words struck through in red, added words in green, each
/// word painted on its own so that wrapping never carries a colour into the margin.
fn coloured_words(changes: &[WordChange], palette: Palette) -> String {
    let mut out = String::new();
    for (index, change) in changes.iter().enumerate() {
        if replaces_the_removed(changes, index) {
            out.push(' ');
        }
        let (text, paint): (&str, &dyn Fn(&str) -> String) = match change {
            WordChange::Same(text) => (text, &|word: &str| word.to_string()),
            WordChange::Removed(text) => (text, &|word: &str| palette.removed(word).into_owned()),
            WordChange::Added(text) => (text, &|word: &str| palette.added(word).into_owned()),
        };
        let mut word = String::new();
        for ch in text.chars() {
            if ch.is_whitespace() {
                if !word.is_empty() {
                    out.push_str(&paint(&word));
                    word.clear();
                }
                out.push(ch);
            } else {
                word.push(ch);
            }
        }
        if !word.is_empty() {
            out.push_str(&paint(&word));
        }
    }
    out
}

/// `rules rulesets`.
/// `rules assumptions`: every named assumption of every procedure, its default, the values
/// a scenario may choose, and the actions that make it.
pub fn assumptions(format: Format, palette: Palette) -> String {
    let listed = crate::procedures::assumptions();
    let used_by = |actions: &[&'static str]| -> Vec<String> {
        actions.iter().map(|action| action.to_string()).collect()
    };
    match format {
        Format::Json => to_json(&AssumptionsOutput {
            format: Default::default(),
            version: VERSION,
            assumptions: listed
                .iter()
                .map(|(spec, doors)| AssumptionOutput {
                    name: spec.assumption.name.to_string(),
                    text: spec.assumption.text.to_string(),
                    default: spec.default_value().to_string(),
                    values: spec
                        .values
                        .iter()
                        .map(|(value, meaning)| AssumptionValueOutput {
                            value: (*value).to_string(),
                            meaning: (*meaning).to_string(),
                        })
                        .collect(),
                    used_by: used_by(doors),
                })
                .collect(),
        }),
        Format::Markdown => {
            let mut out = String::from(
                "| assumption | used by | values (default first) | what it assumes |\n|---|---|---|---|\n",
            );
            for (spec, doors) in &listed {
                let values: Vec<String> = spec
                    .values
                    .iter()
                    .map(|(value, meaning)| format!("`{value}`: {}", markdown_escape(meaning)))
                    .collect();
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} |",
                    spec.assumption.name,
                    used_by(doors)
                        .iter()
                        .map(|action| format!("`{action}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    values.join("; "),
                    markdown_escape(spec.assumption.text)
                );
            }
            out.push_str(
                "\nA scenario chooses a value with `assumptions: {NAME: VALUE}`; the walkthrough prints every assumption it makes, and says when the scenario set it.\n",
            );
            out
        }
        Format::Text => {
            let mut out = String::new();
            for (spec, doors) in &listed {
                let _ = writeln!(
                    out,
                    "{}  (used by: {})",
                    palette.heading(spec.assumption.name),
                    used_by(doors).join(", ")
                );
                let _ = writeln!(
                    out,
                    "{}",
                    wrap_hanging(spec.assumption.text, palette.width, "  ", "  ")
                );
                for (index, (value, meaning)) in spec.values.iter().enumerate() {
                    let lead = format!(
                        "  - {value}{}: ",
                        if index == 0 { " (default)" } else { "" }
                    );
                    let _ = writeln!(
                        out,
                        "{}",
                        wrap_hanging(meaning, palette.width, &lead, "      ")
                    );
                }
                out.push('\n');
            }
            out.push_str(
                "A scenario chooses a value with `assumptions: {NAME: VALUE}`; the walkthrough\nprints every assumption it makes, and says when the scenario set it.\n",
            );
            out
        }
    }
}

pub fn rulesets(format: Format, palette: Palette) -> String {
    match format {
        Format::Json => to_json(&RulesetsOutput {
            format: Default::default(),
            version: VERSION,
            rulesets: NAMED_RULESETS
                .iter()
                .map(|(name, date, what)| RulesetOutput {
                    name: (*name).to_string(),
                    as_of: date.map(str::to_string),
                    description: (*what).to_string(),
                })
                .collect(),
        }),
        Format::Markdown => {
            let mut out = String::from("| ruleset | as of | what it holds |\n|---|---|---|\n");
            for (name, date, what) in NAMED_RULESETS {
                let _ = writeln!(
                    out,
                    "| `{name}` | {} | {} |",
                    date.unwrap_or("—"),
                    markdown_escape(what)
                );
            }
            out.push_str("\nAny date `YYYY-MM-DD` also names the rules as of that date.\n");
            out
        }
        Format::Text => {
            let mut out = String::new();
            for (name, date, what) in NAMED_RULESETS {
                let lead = format!("{name:<20}{:<12}", date.unwrap_or("-"));
                let _ = writeln!(
                    out,
                    "{}",
                    wrap_hanging(what, palette.width, &lead, &" ".repeat(lead.len()))
                );
            }
            out.push_str("\nAny date YYYY-MM-DD also names the rules as of that date.\n");
            out
        }
    }
}
