//! Markdown that renders as intended: every bundled walk, parsed by a CommonMark parser, is
//! one ordered list of its steps with each step's quotes inside it, and no raw HTML; the
//! `rules` and `cards` commands' Markdown holds no raw HTML either.

use jedi_judge::cards::Catalog;
use jedi_judge::cli::execute;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::Corpus;
use jedi_judge::walk::walk_text;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

mod common;

/// The structure of a Markdown text, as a CommonMark parser reads it.
#[derive(Debug, Default)]
struct Structure {
    /// Each top-level ordered list: how many items it has.
    ordered_lists: Vec<usize>,
    /// Block quotes, how many of them stand inside a list item, and how many come before
    /// the steps (a note on the position, such as its illegal findings).
    quotes: usize,
    quotes_in_items: usize,
    quotes_before_steps: usize,
    /// Raw HTML, which a forum may strip or escape.
    html: Vec<String>,
}

fn structure(markdown: &str) -> Structure {
    let mut found = Structure::default();
    let mut lists: Vec<bool> = Vec::new();
    let mut items = 0usize;
    let mut preface_quote = false;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::List(start)) => {
                if lists.is_empty() && start.is_some() {
                    found.ordered_lists.push(0);
                }
                lists.push(start.is_some());
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                items += 1;
                if lists.len() == 1
                    && lists.first() == Some(&true)
                    && let Some(count) = found.ordered_lists.last_mut()
                {
                    *count += 1;
                }
            }
            Event::End(TagEnd::Item) => items -= 1,
            Event::Start(Tag::BlockQuote(_)) => {
                found.quotes += 1;
                if items > 0 {
                    found.quotes_in_items += 1;
                } else if found.ordered_lists.is_empty() {
                    preface_quote = true;
                }
            }
            // A quote before the steps counts as a note only if it says it is one.
            Event::Text(text) if preface_quote => {
                preface_quote = false;
                if text.starts_with("Note:") {
                    found.quotes_before_steps += 1;
                }
            }
            Event::Html(html) | Event::InlineHtml(html) => found.html.push(html.to_string()),
            _ => {}
        }
    }
    found
}

#[test]
fn every_bundled_walk_is_one_ordered_list_of_its_steps_with_their_quotes_inside() {
    let corpus = Corpus::embedded();
    let mut walks = 0;
    let mut long_walks = 0;
    for path in common::bundled_walks() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let walked = walk_text(&text, corpus, Catalog::embedded(), None, None, None)
            .unwrap_or_else(|error| panic!("{}: {error:?}", path.display()));
        let markdown = render(&walked, corpus, Format::Markdown, Palette::plain());
        let found = structure(&markdown);
        let name = path.display();
        assert!(found.html.is_empty(), "{name}: raw HTML {:?}", found.html);
        let steps = walked.step_count();
        // A walk that stops before its first step has no list of steps: its first list, if
        // any, is the options of the decision it stopped at.
        let first_list = if steps == 0 {
            assert!(
                markdown.contains("**Stopped after step 0.**"),
                "{name}: no steps, and no stop\n{markdown}"
            );
            Some(0)
        } else {
            found.ordered_lists.first().copied()
        };
        assert_eq!(
            first_list,
            Some(steps),
            "{name}: the steps are not one list: {:?}\n{markdown}",
            found.ordered_lists
        );
        // Every rule quoted is quoted inside its step; only notes on the position come
        // before the steps.
        assert_eq!(
            found.quotes - found.quotes_before_steps,
            found.quotes_in_items,
            "{name}: a quote fell out of its step\n{markdown}"
        );
        let mut cited: Vec<String> = walked
            .steps()
            .flat_map(|event| event.cites().iter())
            .filter_map(|cite| {
                jedi_judge::rules::lookup(corpus, &walked.ruleset, cite.id())
                    .ok()
                    .map(|found| found.item.id.to_string())
            })
            .collect();
        cited.sort();
        cited.dedup();
        assert_eq!(found.quotes_in_items, cited.len(), "{name}");
        walks += 1;
        if steps >= 10 {
            long_walks += 1;
        }
    }
    assert!(walks >= 40, "{walks} walks");
    assert!(long_walks >= 10, "{long_walks} walks of ten steps or more");
}

#[test]
fn markdown_that_would_start_a_list_is_escaped() {
    let escaped = jedi_judge::render::markdown_escape("4. is a destiny number");
    let found = structure(&escaped);
    assert!(found.ordered_lists.is_empty(), "{escaped}");
    let escaped = jedi_judge::render::markdown_escape("- a dash");
    assert_eq!(structure(&escaped).ordered_lists.len(), 0);
    assert!(!Parser::new(&escaped).any(|event| matches!(event, Event::Start(Tag::List(_)))));
}

#[test]
fn the_rules_and_cards_commands_write_markdown_without_raw_html() {
    for args in [
        vec!["rules", "show", "duel.initiation"],
        vec!["rules", "search", "dueling", "hand"],
        vec!["rules", "list", "--topic", "duel"],
        vec!["rules", "diff", "2000-12-01", "latest"],
        vec!["rules", "rulesets"],
        vec!["cards", "show", "maul", "student"],
        vec!["cards", "search", "maul"],
    ] {
        let mut argv = vec!["jedi-judge"];
        argv.extend_from_slice(&args);
        argv.extend_from_slice(&["--format", "markdown"]);
        let outcome = execute(argv, |_| Palette::plain());
        assert_eq!(outcome.code, 0, "{args:?}: {}", outcome.stderr);
        let found = structure(&outcome.stdout);
        assert!(
            found.html.is_empty(),
            "{args:?}: raw HTML {:?}\n{}",
            found.html,
            outcome.stdout
        );
    }
}
