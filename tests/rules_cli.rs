//! The `rules` commands: show, search, list, diff and rulesets, in every format.

use jedi_judge::cli::{EXIT_OK, EXIT_USAGE, Outcome, execute};
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, DiffEntry, Ruleset, diff};

fn run(args: &[&str]) -> Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

/// Whitespace collapsed, so that wrapping does not matter.
fn flat(text: &str) -> String {
    text.split(|ch: char| ch.is_whitespace() || ch == '│')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn stdout(args: &[&str]) -> String {
    let outcome = run(args);
    assert_eq!(outcome.code, EXIT_OK, "{args:?} failed: {}", outcome.stderr);
    outcome.stdout
}

#[test]
fn duel_initiation_shows_the_revised_text_by_default() {
    let text = stdout(&["rules", "show", "duel.initiation"]);
    assert!(text.starts_with("revised.duel.initiation"));
    assert!(text.contains(
        "if you\n  have a dueling character and a lightsaber that character can use there."
    ));
    insta::assert_snapshot!(text);
}

#[test]
fn duel_initiation_shows_the_faq_text_under_the_rules_of_2000_12_01() {
    let text = stdout(&[
        "rules",
        "show",
        "duel.initiation",
        "--rules-as-of",
        "2000-12-01",
    ]);
    assert!(text.starts_with("faq.duel.initiation"));
    assert!(text.contains("Young Jedi FAQ: Current Rules (Decipher, 2000-12-01)"));
    assert!(text.contains("both\n  players have at least one dueling character there."));
    insta::assert_snapshot!(text);
}

#[test]
fn a_superseded_item_shown_by_its_id_says_what_supersedes_it() {
    let text = stdout(&["rules", "show", "sheet.duel.who-fights"]);
    assert!(text.contains("not in force under latest: superseded by revised.duel.who-fights"));
}

#[test]
fn a_rule_not_yet_published_says_when_it_was() {
    let text = stdout(&[
        "rules",
        "show",
        "duel.anakin",
        "--rules-as-of",
        "faq-2000-12-01",
    ]);
    assert!(text.contains(
        "not in force under faq-2000-12-01 (rules as of 2000-12-01): published 2001-09-05"
    ));
}

#[test]
fn rules_show_in_markdown_and_json() {
    insta::assert_snapshot!(
        "show_markdown",
        stdout(&["rules", "show", "duel.damage-zero", "--format", "markdown"])
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "rules",
        "show",
        "thrust.cap",
        "--format",
        "json",
    ]))
    .expect("valid JSON");
    insta::assert_json_snapshot!("show_json", json);
}

#[test]
fn an_unknown_rule_exits_2_and_suggests_the_nearest_ids() {
    let outcome = run(&["rules", "show", "duel.initation"]);
    assert_eq!(outcome.code, EXIT_USAGE);
    assert!(
        flat(&outcome.stderr).contains("did you mean duel.initiation"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn a_bad_ruleset_exits_2() {
    let outcome = run(&[
        "rules",
        "show",
        "duel.initiation",
        "--rules-as-of",
        "2000-13-01",
    ]);
    assert_eq!(outcome.code, EXIT_USAGE);
    assert!(
        flat(&outcome.stderr).contains("there is no month 13"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn the_diff_from_2000_12_01_to_latest_lists_the_revised_dueling_changes_and_the_thrust_cap() {
    let corpus = Corpus::embedded();
    let old = Ruleset::parse("2000-12-01").expect("a date");
    let difference = diff(corpus, &old, &Ruleset::latest(), false);
    let summary: Vec<String> = difference
        .entries
        .iter()
        .map(|entry| match entry {
            DiffEntry::Changed { old, new } => format!(
                "changed {} <- {}",
                new.id,
                old.iter()
                    .map(|o| o.id.as_ref())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            DiffEntry::Added(item) => format!("added {}", item.id),
            DiffEntry::Removed(item) => format!("removed {}", item.id),
            DiffEntry::AddedDocument { document, items } => {
                format!("added document {document} ({} items)", items.len())
            }
            DiffEntry::RemovedDocument { document, .. } => format!("removed document {document}"),
        })
        .collect();
    assert_eq!(
        summary,
        [
            "changed revised.duel.initiation <- sheet.duel.initiation,faq.duel.initiation",
            "changed revised.duel.is-a-fight <- sheet.duel.is-a-fight,faq.duel.is-a-fight",
            "changed revised.duel.who-fights <- sheet.duel.who-fights,faq.duel.who-fights",
            "added revised.duel.example.r2-d2",
            "added revised.duel.example.obi-wan",
            "added revised.duel.example.anakin-versions",
            "added revised.duel.example.obi-wan-versions",
            "added revised.duel.anakin",
            "added revised.duel.damage-zero",
            "added document boonta (15 items)",
            "added boonta.thrust.cap",
        ]
    );
    insta::assert_snapshot!(
        "diff_2000_12_01_latest",
        stdout(&["rules", "diff", "2000-12-01", "latest"])
    );
}

#[test]
fn the_printed_boonta_eve_rules_differ_from_the_latest_only_by_the_thrust_cap() {
    let text = stdout(&[
        "rules",
        "diff",
        "boonta-eve-printed",
        "latest",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let differences = json["differences"].as_array().expect("a list");
    assert_eq!(differences.len(), 1);
    assert_eq!(differences[0]["id"], "boonta.thrust.cap");
}

#[test]
fn a_diff_between_equal_rulesets_is_empty() {
    let text = stdout(&["rules", "diff", "latest", "latest"]);
    assert!(text.contains("0 differences"));
}

#[test]
fn the_diff_in_markdown_strikes_out_the_words_gone_and_bolds_the_new_ones() {
    let markdown = stdout(&[
        "rules",
        "diff",
        "faq-2000-12-01",
        "latest",
        "--format",
        "markdown",
    ]);
    assert!(
        markdown.contains("~~both players have at least one dueling~~ **you have a dueling character and a lightsaber that**"),
        "{markdown}"
    );
    // Parsed as GitHub would: the marks are strikethrough and strong emphasis, not text.
    let mut options = pulldown_cmark::Options::empty();
    options.insert(pulldown_cmark::Options::ENABLE_STRIKETHROUGH);
    let parsed: Vec<pulldown_cmark::Event> =
        pulldown_cmark::Parser::new_ext(&markdown, options).collect();
    let struck = parsed
        .iter()
        .filter(|event| {
            matches!(
                event,
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::Strikethrough)
            )
        })
        .count();
    let strong = parsed
        .iter()
        .filter(|event| {
            matches!(
                event,
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::Strong)
            )
        })
        .count();
    assert!(
        struck >= 3 && strong >= 3,
        "{struck} struck, {strong} strong"
    );
    insta::assert_snapshot!("diff_markdown", markdown);
}

#[test]
fn the_diff_marks_changed_words_in_text_and_in_colour() {
    let plain = stdout(&["rules", "diff", "2000-12-01", "latest"]);
    assert!(
        plain.contains("A duel is [-considered to be-] {+also+} a fight"),
        "{plain}"
    );
    let mut argv = vec!["jedi-judge", "rules", "diff", "2000-12-01", "latest"];
    argv.push("--color=always");
    let coloured = execute(argv, |_| Palette::coloured()).stdout;
    assert!(coloured.contains("\u{1b}["), "no colour");
    assert!(!coloured.contains("[-considered"), "{coloured}");
}

#[test]
fn search_ranks_the_hand_drawing_rules_first_and_marks_the_words() {
    let text = stdout(&["rules", "search", "dueling", "hand", "draw", "--limit", "4"]);
    insta::assert_snapshot!(text);
    let markdown = stdout(&[
        "rules", "search", "thrust", "tokens", "--format", "markdown", "--limit", "2",
    ]);
    assert!(markdown.contains("**Thrust**"), "{markdown}");
}

#[test]
fn search_folds_copies_of_one_text_into_the_latest_document() {
    let text = stdout(&[
        "rules", "search", "block", "destiny", "number", "--limit", "1",
    ]);
    assert!(text.contains("revised.duel.block"));
    assert!(
        flat(&text).contains("(same text: sheet.duel.block, faq.duel.block)"),
        "{text}"
    );
}

#[test]
fn listing_the_duel_topic_shows_each_rule_in_force_once() {
    let text = stdout(&["rules", "list", "--topic", "duel"]);
    insta::assert_snapshot!(text);
    assert!(!text.contains("sheet.duel.attack"));
    let old = stdout(&[
        "rules",
        "list",
        "--topic",
        "duel",
        "--rules-as-of",
        "2000-12-01",
    ]);
    assert!(old.contains("faq.duel.initiation") && !old.contains("revised."));
}

#[test]
fn listing_a_document_marks_what_is_not_in_force() {
    let text = stdout(&["rules", "list", "--document", "sheet", "--topic", "duel"]);
    assert!(text.contains("sheet.duel.initiation"));
    assert!(text.contains("(not in force)"));
}

#[test]
fn an_unknown_document_or_topic_exits_2_naming_the_known_ones() {
    let outcome = run(&["rules", "list", "--document", "rulebook"]);
    assert_eq!(outcome.code, EXIT_USAGE);
    assert!(
        flat(&outcome.stderr).contains("clash, sheet, faq, revised, boonta"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn the_named_rulesets_are_listed() {
    insta::assert_snapshot!(stdout(&["rules", "rulesets"]));
}

#[test]
fn text_output_is_coloured_only_when_asked() {
    let coloured = execute(["jedi-judge", "rules", "show", "duel.initiation"], |_| {
        Palette::coloured()
    });
    assert!(coloured.stdout.contains("\u{1b}["));
    assert!(!stdout(&["rules", "show", "duel.initiation"]).contains("\u{1b}["));
}

#[test]
fn check_in_markdown_is_a_preformatted_block() {
    let root = env!("CARGO_MANIFEST_DIR");
    let outcome = run(&[
        "check",
        &format!("{root}/scenarios/check/deck-sixty.yaml"),
        "--format",
        "markdown",
    ]);
    assert_eq!(outcome.code, EXIT_OK);
    assert!(
        outcome.stdout.starts_with("```text\n") && outcome.stdout.ends_with("```\n"),
        "{}",
        outcome.stdout
    );
}

#[test]
fn search_limit_zero_is_refused_and_a_limit_says_how_many_results_there_are() {
    let zero = run(&["rules", "search", "--limit", "0", "duel"]);
    assert_eq!(zero.code, EXIT_USAGE);
    assert!(zero.stderr.contains("1..=1000"), "{}", zero.stderr);
    let three = stdout(&["rules", "search", "--limit", "3", "duel"]);
    let total = stdout(&["rules", "search", "--limit", "1000", "duel"]);
    let all = total
        .split_whitespace()
        .next()
        .and_then(|count| count.parse::<usize>().ok())
        .expect("a count of results");
    assert!(all > 3);
    assert!(three.starts_with(&format!("3 of {all} results")), "{three}");
}

#[test]
fn every_assumption_a_bundled_walk_makes_is_listed_by_rules_assumptions() {
    let listed: serde_json::Value =
        serde_json::from_str(&stdout(&["rules", "assumptions", "--format", "json"])).expect("JSON");
    assert_eq!(listed["format"], "jedi-judge/assumptions");
    let entries = listed["assumptions"].as_array().expect("a list");
    let names: Vec<&str> = entries
        .iter()
        .filter_map(|entry| entry["name"].as_str())
        .collect();
    for entry in entries {
        let values: Vec<&str> = entry["values"]
            .as_array()
            .expect("values")
            .iter()
            .filter_map(|value| value["value"].as_str())
            .collect();
        assert_eq!(
            Some(entry["default"].as_str().expect("a default")),
            values.first().copied()
        );
        assert!(!entry["used_by"].as_array().expect("users").is_empty());
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut made = std::collections::BTreeSet::new();
    for folder in ["duel", "clash"] {
        for file in std::fs::read_dir(root.join(folder)).expect("a folder") {
            let text = std::fs::read_to_string(file.expect("a file").path()).expect("text");
            let Ok(walked) = jedi_judge::walk::walk_text(
                &text,
                Corpus::embedded(),
                jedi_judge::cards::Catalog::embedded(),
                None,
                None,
                None,
            ) else {
                continue;
            };
            for event in walked.steps() {
                made.extend(event.assumptions().iter().map(|assumption| assumption.name));
            }
        }
    }
    assert!(made.len() >= 3, "{made:?}");
    for name in made {
        assert!(names.contains(&name), "{name} is not listed");
    }
    let markdown = stdout(&["rules", "assumptions", "--format", "markdown"]);
    let tables = pulldown_cmark::Parser::new_ext(&markdown, pulldown_cmark::Options::ENABLE_TABLES)
        .filter(|event| {
            matches!(
                event,
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::Table(_))
            )
        })
        .count();
    assert_eq!(tables, 1, "{markdown}");
}

#[test]
fn a_scenario_may_choose_a_value_of_a_declared_assumption_and_nothing_else() {
    let root = env!("CARGO_MANIFEST_DIR");
    let path = format!("{root}/scenarios/duel/mid-duel-one-player-out-of-cards-first.yaml");
    let text = std::fs::read_to_string(&path).expect("a bundled duel");
    let walk = |text: &str| {
        jedi_judge::walk::walk_text(
            text,
            Corpus::embedded(),
            jedi_judge::cards::Catalog::embedded(),
            None,
            None,
            None,
        )
    };
    let bad_value = text.replace(
        "expect:",
        "assumptions:\n  empty-hand-cannot-attack: maybe\nexpect:",
    );
    let Err(jedi_judge::walk::WalkError::Input(problems)) = walk(&bad_value) else {
        panic!("an unknown value was accepted");
    };
    assert!(problems.has_code("assumption-value"));
    let bad_name = text.replace("expect:", "assumptions:\n  thrust-cap: yes\nexpect:");
    let Err(jedi_judge::walk::WalkError::Input(problems)) = walk(&bad_name) else {
        panic!("an unknown assumption was accepted");
    };
    assert!(problems.has_code("unknown-assumption"));
}
