//! The HTML page of a walk, read by an HTML5 parser: it parses without an error, is
//! self-contained (no script, nothing fetched, every link inside the page), holds each step
//! with its rules on demand, the position as a table, the rules cited and their sources, and
//! escapes what the scenario wrote.

use std::collections::{BTreeMap, BTreeSet};

use jedi_judge::cli::execute;
use jedi_judge::render::walk::{html_page, output};
use jedi_judge::rules::Corpus;
use scraper::{ElementRef, Html, Selector};

mod common;

fn select(selector: &str) -> Selector {
    Selector::parse(selector).expect("a selector")
}

fn text_of(element: ElementRef<'_>) -> String {
    element.text().collect::<String>()
}

/// Everything a page is held to, whatever the walk; returns the parsed page.
fn assert_sound_page(name: &str, page: &str, walked: &jedi_judge::walk::Walkthrough) -> Html {
    assert!(page.starts_with("<!DOCTYPE html>\n"), "{name}");
    let html = Html::parse_document(page);
    assert!(html.errors.is_empty(), "{name}: {:?}", html.errors);
    // Standards mode: the document opens with the HTML5 doctype.
    let doctype = html.tree.root().first_child().and_then(|node| {
        node.value()
            .as_doctype()
            .map(|doctype| doctype.name().to_string())
    });
    assert_eq!(doctype.as_deref(), Some("html"), "{name}");

    // Self-contained: no script, no resource fetched, every link to an id of the page.
    for forbidden in [
        "script", "link", "img", "iframe", "object", "embed", "[src]",
    ] {
        assert_eq!(
            html.select(&select(forbidden)).count(),
            0,
            "{name}: {forbidden}"
        );
    }
    let mut ids = BTreeSet::new();
    for element in html.select(&select("[id]")) {
        let id = element.value().id().expect("an id");
        assert!(ids.insert(id.to_string()), "{name}: the id {id} twice");
    }
    for link in html.select(&select("a")) {
        let href = link.value().attr("href").expect("a link has an href");
        let target = href
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("{name}: {href} leaves the page"));
        assert!(ids.contains(target), "{name}: nothing has the id {target}");
    }
    let style = html
        .select(&select("head style"))
        .map(text_of)
        .collect::<String>();
    assert!(style.contains("@media print"), "{name}");

    // One title, the walk's.
    let h1: Vec<String> = html.select(&select("h1")).map(text_of).collect();
    let title: Vec<String> = html.select(&select("head title")).map(text_of).collect();
    assert_eq!(h1.len(), 1, "{name}");
    assert_eq!(h1, title, "{name}");
    if let Some(expected) = &walked.title {
        assert_eq!(&h1[0], expected, "{name}");
    }

    // The position: a table of a row a place, a column a side.
    let heads: Vec<String> = html
        .select(&select("#position table thead th"))
        .map(text_of)
        .collect();
    assert_eq!(heads.len(), 3, "{name}: {heads:?}");
    assert_eq!(heads[0], "Place", "{name}");
    assert!(
        html.select(&select("#position tbody tr")).count() >= 2,
        "{name}"
    );

    // A step an item, its rules in a <details> whose summary names them and whose quotes are
    // theirs, in the order the walk cites them.
    let json = output(walked, Corpus::embedded());
    let steps: Vec<ElementRef<'_>> = html.select(&select("ol.steps > li")).collect();
    assert_eq!(steps.len(), walked.step_count(), "{name}");
    let mut cited = BTreeSet::new();
    for (index, (step, event)) in steps.iter().zip(json.events.iter()).enumerate() {
        assert_eq!(
            step.value().id(),
            Some(format!("step-{}", index + 1).as_str()),
            "{name}"
        );
        let summary: Vec<String> = step
            .select(&select(":scope > details > summary code"))
            .map(text_of)
            .collect();
        let quoted: Vec<String> = step
            .select(&select(":scope > details > blockquote .source a code"))
            .map(text_of)
            .collect();
        assert_eq!(summary, event.cites, "{name}: step {}", index + 1);
        assert_eq!(quoted, event.cites, "{name}: step {}", index + 1);
        let assumptions = step
            .select(&select(":scope > .assumption code"))
            .filter(|code| {
                // The code spans of a reading's words are not the assumption's name.
                code.prev_siblings().any(|sibling| {
                    sibling
                        .value()
                        .as_element()
                        .is_some_and(|e| e.name() == "strong")
                })
            })
            .count();
        assert!(
            assumptions >= event.assumptions.len(),
            "{name}: step {}",
            index + 1
        );
        cited.extend(event.cites.iter().cloned());
    }

    // Every rule linked is quoted once in the list of rules cited, under its document, which
    // the sources name.
    let listed: Vec<String> = html
        .select(&select("#rules dt"))
        .map(|dt| dt.value().id().expect("an id").to_string())
        .collect();
    let listed_set: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
    assert_eq!(listed.len(), listed_set.len(), "{name}");
    for id in &cited {
        assert!(
            listed_set.contains(format!("rule-{id}").as_str()),
            "{name}: {id}"
        );
    }
    assert_eq!(
        html.select(&select("#rules dd blockquote")).count(),
        listed.len(),
        "{name}"
    );
    if !listed.is_empty() {
        assert!(
            html.select(&select("#sources li[id] cite")).count() >= 1,
            "{name}"
        );
    }

    // The summary comes before the position and the first step, and says how it ended.
    let summary_term: Vec<String> = html
        .select(&select("#summary dt"))
        .map(text_of)
        .take(1)
        .collect();
    let ended = if walked.stop().is_some() {
        "Stopped"
    } else {
        "Verdict"
    };
    assert_eq!(summary_term, [ended], "{name}");
    let order: Vec<&str> = html
        .select(&select("#summary, #position, ol.steps"))
        .filter_map(|element| element.value().attr("id").or(Some("steps")))
        .collect();
    assert_eq!(order.first(), Some(&"summary"), "{name}: {order:?}");

    // The ending: a verdict where the walk ended, the stop where it did not.
    let ending: Vec<String> = html.select(&select("#verdict h2")).map(text_of).collect();
    let expected = if walked.stop().is_some() {
        "Stopped"
    } else {
        "Verdict"
    };
    assert_eq!(ending, [expected], "{name}");
    html
}

/// The cards of a cell of the position table: a line each, or the entries of its one row.
fn cell_cards(cell: ElementRef<'_>) -> Vec<String> {
    match cell.select(&select("p.pile")).next() {
        Some(pile) => text_of(pile).split(" · ").map(str::to_string).collect(),
        None => cell.select(&select("li")).map(text_of).collect(),
    }
}

/// A bundled scenario's position table, place by place: each side's cards.
fn position_rows(html: &Html) -> BTreeMap<String, [Vec<String>; 2]> {
    let mut rows = BTreeMap::new();
    for row in html.select(&select("#position tbody tr")) {
        let place = row
            .select(&select("th"))
            .map(text_of)
            .next()
            .expect("a place");
        let cells: Vec<Vec<String>> = row.select(&select("td")).map(cell_cards).collect();
        rows.insert(place, [cells[0].clone(), cells[1].clone()]);
    }
    rows
}

#[test]
fn the_summary_comes_first_with_the_verdict_and_the_step_that_decided_it() {
    let html = bundled_page("duel/hands-empty-tied.yaml");
    let summary: Vec<String> = html.select(&select("#summary dd")).map(text_of).collect();
    assert_eq!(
        summary[0],
        "Defeated: neither character.Damage taken: Light Side 0, Dark Side 0."
    );
    assert!(
        summary[1].starts_with("step 23: Both dueling hands are empty"),
        "{summary:?}"
    );
    let link: Vec<&str> = html
        .select(&select("#summary dd a[href^='#step-']"))
        .filter_map(|link| link.value().attr("href"))
        .collect();
    assert_eq!(link, ["#step-23"]);
    assert_eq!(html.select(&select("#step-23")).count(), 1);
    // A walk that stops says so first, and names no deciding step it did not have.
    let stopped = bundled_page("odds/should-the-dark-side-intercept.yaml");
    let terms: Vec<String> = stopped
        .select(&select("#summary dt"))
        .map(text_of)
        .collect();
    assert_eq!(terms, ["Stopped"]);
}

#[test]
fn the_position_table_shows_tokens_stats_and_unknown_cards() {
    // Thrust tokens on the pilot at the Objective.
    let lap = position_rows(&bundled_page(
        "podrace/finish-a-lap-with-thrust-left-over.yaml",
    ));
    assert!(
        lap["At the Objective"][0][0].contains("3 Thrust"),
        "{:?}",
        lap["At the Objective"]
    );
    assert_eq!(lap["Draw deck (top first)"][0], ["3", "3"]);
    // Starships in Hyperspace with their power and DAMAGE.
    let evacuation = position_rows(&bundled_page("battle/evacuation-not-intercepted.yaml"));
    assert!(
        evacuation["Hyperspace"]
            .iter()
            .flatten()
            .all(|starship| starship.contains("power ") && starship.contains("DAMAGE ")),
        "{:?}",
        evacuation["Hyperspace"]
    );
    // A deck given as a count is that many unknown cards, not the numbers drawn for it.
    let counted = position_rows(&bundled_page("check/deck-sixty.yaml"));
    assert!(
        counted["Draw deck (top first)"]
            .iter()
            .flatten()
            .any(|entry| entry == "57 cards not known (given as a count)"),
        "{:?}",
        counted["Draw deck (top first)"]
    );
}

#[test]
fn every_bundled_walk_is_a_sound_self_contained_page() {
    for path in common::bundled_walks() {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        let walked = common::walk_seeded(&text, None, None);
        let page = html_page(&walked, Corpus::embedded());
        assert_sound_page(&name, &page, &walked);
    }
}

/// A bundled scenario of `scenarios/`, walked, as its page, held to [`assert_sound_page`].
fn bundled_page(relative: &str) -> Html {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(relative);
    let text = std::fs::read_to_string(&path).expect("readable");
    let walked = common::walk_seeded(&text, None, None);
    let page = html_page(&walked, Corpus::embedded());
    assert_sound_page(relative, &page, &walked)
}

#[test]
fn the_position_table_holds_every_card_of_the_position_in_its_place() {
    let html = bundled_page("disputes/duel-block-five-on-four-refused.yaml");
    let rows = position_rows(&html);
    let naboo = &rows["Naboo (current planet)"];
    assert!(naboo[0][0].starts_with("Qui-Gon Jinn, Jedi Mentor ("));
    assert!(naboo[1][0].starts_with("Darth Maul, Student of the Dark Side ("));
    // Cards known only by their numbers are one row: `5 · 3`.
    assert_eq!(
        rows["Dueling hand"],
        [
            vec!["5".to_string(), "3".to_string()],
            vec!["3".to_string()]
        ]
    );
    assert_eq!(
        rows["Dueling pile"],
        [Vec::<String>::new(), vec!["4".to_string()]]
    );
    assert_eq!(rows["Draw deck (top first)"][0].len(), 4);
    // The refusal: the answer, the rule that rules it out, the one legal option.
    let stop: Vec<String> = html.select(&select("#verdict p")).map(text_of).collect();
    assert_eq!(
        stop[0],
        "Refused after step 1: the scenario's answer is not legal."
    );
    assert!(stop[2].starts_with("The rules rule it out: A block must match the attack"));
    let options: Vec<String> = html
        .select(&select("#verdict ol li"))
        .map(text_of)
        .collect();
    assert_eq!(
        options,
        ["no block: no card of destiny 4 in the hand [revised.duel.block, revised.duel.hit]"]
    );
}

#[test]
fn a_clash_page_shows_the_clash_table() {
    let html = bundled_page("clash/whole-game-from-a-seed.yaml");
    let heads: Vec<String> = html
        .select(&select("#position thead th"))
        .map(text_of)
        .collect();
    assert_eq!(
        heads,
        ["Place", "Qui-Gon (Light Side)", "Darth Maul (Dark Side)"]
    );
    let facts: Vec<String> = html.select(&select("#position dt")).map(text_of).collect();
    assert!(facts.contains(&"Final Duel track".to_string()), "{facts:?}");
}

#[test]
fn what_the_scenario_writes_is_escaped_not_markup() {
    let hostile = "<script>alert(1)</script> & \"quoted\" <b>bold</b>";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/duel/hands-empty-tied.yaml");
    let text = std::fs::read_to_string(&path).expect("readable");
    let retitled: String = text
        .lines()
        .map(|line| {
            if line.starts_with("title:") {
                format!("title: {}", serde_json::to_string(hostile).expect("json"))
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(retitled.contains("<script>"), "the scenario has a title");
    let walked = common::walk_seeded(&retitled, None, None);
    let page = html_page(&walked, Corpus::embedded());
    let html = assert_sound_page("hostile title", &page, &walked);
    assert_eq!(html.select(&select("b")).count(), 0);
    let h1: Vec<String> = html.select(&select("h1")).map(text_of).collect();
    assert_eq!(h1, [hostile]);
}

#[test]
fn walk_format_html_prints_the_page_and_exits_as_the_walk_does() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/disputes/duel-block-five-on-four-refused.yaml"
    );
    let page = execute(["jedi-judge", "walk", "--format", "html", file], |_| {
        jedi_judge::render::Palette::plain()
    });
    let text = execute(["jedi-judge", "walk", file], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(page.code, 1);
    assert_eq!(page.code, text.code);
    assert!(page.stderr.is_empty());
    let html = Html::parse_document(&page.stdout);
    assert!(html.errors.is_empty(), "{:?}", html.errors);
    insta::assert_snapshot!("duel_block_five_on_four_refused_html", page.stdout);
}
