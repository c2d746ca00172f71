//! Every bundled position under `scenarios/check/` and `scenarios/bad-input/`: the rendered
//! `check` output is a reviewed snapshot, and each file's own `expect:` holds.

use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::check::{FileVerdict, check_text};
use jedi_judge::diagnostics::render_diagnostic;
use jedi_judge::render::Palette;
use jedi_judge::rules::Corpus;

mod common;

fn rendered(path: &Path) -> (FileVerdict, String, Vec<&'static str>) {
    let text = std::fs::read_to_string(path).expect("a readable scenario");
    let name = format!(
        "scenarios/{}/{}",
        path.parent()
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str())
            .unwrap_or_default(),
        path.file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
    );
    let corpus = Corpus::embedded();
    let report = check_text(&name, &text, corpus, Catalog::embedded(), None);
    let mut out = String::new();
    for diagnostic in report.diagnostics(corpus) {
        out.push_str(&render_diagnostic(&diagnostic, Palette::plain()));
        out.push('\n');
    }
    out.push_str(&format!("verdict: {}\n", report.verdict.label()));
    let codes = report
        .problems
        .iter()
        .map(|problem| problem.code)
        .chain(report.violations.iter().map(|violation| violation.code))
        .collect();
    (report.verdict, out, codes)
}

#[test]
fn every_check_scenario_meets_its_expectation_and_renders_as_reviewed() {
    insta::glob!("../scenarios/check", "*.yaml", |path| {
        let (verdict, out, codes) = rendered(path);
        assert!(
            !codes.contains(&"expectation-not-met"),
            "{}: the expectation is not met:\n{out}",
            path.display()
        );
        assert_ne!(
            verdict,
            FileVerdict::Unreadable,
            "{}:\n{out}",
            path.display()
        );
        insta::assert_snapshot!(out);
    });
}

#[test]
fn every_illegal_check_scenario_has_a_legal_twin_count() {
    let mut legal = 0;
    let mut illegal = 0;
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/check"))
        .expect("scenarios/check")
    {
        let (verdict, _, _) = rendered(&entry.expect("an entry").path());
        match verdict {
            FileVerdict::Legal => legal += 1,
            FileVerdict::Illegal => illegal += 1,
            FileVerdict::Unreadable => {}
        }
    }
    assert!(
        legal >= 10 && illegal >= 10,
        "{legal} legal, {illegal} illegal"
    );
    assert!(legal + illegal >= 20);
}

#[test]
fn every_bad_input_is_unreadable_with_a_located_diagnostic() {
    insta::glob!("../scenarios/bad-input", "*.yaml", |path| {
        let (verdict, out, _) = rendered(path);
        assert_eq!(
            verdict,
            FileVerdict::Unreadable,
            "{}:\n{out}",
            path.display()
        );
        insta::assert_snapshot!(out);
    });
}

/// A name that finds nothing is one problem wherever it is written, and what follows from it
/// (the duel's fighter, written right, not found among the cards the name was meant to put
/// there) is not a problem of its own.
#[test]
fn a_misspelt_name_is_one_problem_and_what_follows_from_it_is_not_another() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/bad-input/misspelt-card-named-twice.yaml");
    let (verdict, out, codes) = rendered(&path);
    assert_eq!(verdict, FileVerdict::Unreadable);
    assert_eq!(codes, ["unknown-card", "unknown-card"], "{out}");
    assert_eq!(out.matches("╰── unknown card").count(), 3, "{out}");
    assert!(
        out.contains("did you mean \"Darth Maul, Student of the Dark Side\"?"),
        "{out}"
    );
    // The same file with the names right but the fighter missing: then it is reported.
    let text = std::fs::read_to_string(&path)
        .expect("readable")
        .replace("maul studnet, ", "")
        .replace("Lightsabre", "Lightsaber");
    let report = check_text(
        "fixed.yaml",
        &text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    let codes: Vec<&str> = report.problems.iter().map(|problem| problem.code).collect();
    assert_eq!(codes, ["duelist-not-in-play"]);
}

/// Every bad input's problems come in the order of the file: by the first place each
/// underlines, however the reader and the builder met them.
#[test]
fn problems_are_listed_in_file_order() {
    for path in common::bundled(&["bad-input"]) {
        let text = std::fs::read_to_string(&path).expect("readable");
        let report = check_text(
            "f.yaml",
            &text,
            Corpus::embedded(),
            Catalog::embedded(),
            None,
        );
        let firsts: Vec<usize> = report
            .problems
            .iter()
            .filter_map(|problem| problem.labels.iter().map(|(span, _)| span.offset).min())
            .collect();
        let mut sorted = firsts.clone();
        sorted.sort_unstable();
        assert_eq!(firsts, sorted, "{}", path.display());
    }
}

#[test]
fn an_enormous_file_is_refused_before_parsing() {
    let text = format!(
        "title: big\ndescription: \"{}\"\n",
        "x".repeat(2 * 1024 * 1024)
    );
    let report = check_text(
        "big.yaml",
        &text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    assert_eq!(report.verdict, FileVerdict::Unreadable);
    assert_eq!(report.problems.as_slice()[0].code, "too-large");
}

#[test]
fn a_weapon_no_one_can_use_is_legal_with_a_warning_that_cites_the_faq() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/check/weapon-without-user.yaml");
    let (verdict, out, codes) = rendered(&path);
    assert_eq!(verdict, FileVerdict::Legal);
    assert_eq!(codes, vec!["weapon-without-user"], "{out}");
    assert!(out.contains("faq.deploy.weapon-without-user"), "{out}");
}

#[test]
fn declaring_a_catalog_card_otherwise_than_the_catalog_warns_and_uses_the_declaration() {
    let text =
        "cards:\n  Booma: {type: character, side: dark}\nplanets:\n  Naboo:\n    dark: [Booma]\n";
    let report = check_text(
        "booma.yaml",
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    let codes: Vec<&str> = report.problems.iter().map(|problem| problem.code).collect();
    assert_eq!(codes, ["declared-type-differs", "declared-side-differs"]);
    assert_eq!(report.verdict, FileVerdict::Legal);
    let board = report.board.expect("a board");
    let booma = board.card(jedi_judge::board::CardId(0)).expect("Booma");
    assert_eq!(
        booma.card_type(),
        Some(jedi_judge::cards::CardType::Character)
    );
    assert!(
        report.problems.as_slice()[0]
            .message
            .contains("declared type Character for Booma; the catalog says Weapon"),
        "{}",
        report.problems.as_slice()[0].message
    );
}

fn bundled(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect("bundled")
}

fn check(text: &str) -> jedi_judge::check::FileReport {
    check_text(
        "scenario.yaml",
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    )
}

fn messages(report: &jedi_judge::check::FileReport) -> Vec<String> {
    report
        .problems
        .iter()
        .filter(|problem| problem.code == "expectation-not-met")
        .map(|problem| problem.message.clone())
        .collect()
}

#[test]
fn a_clash_table_expecting_another_verdict_is_reported() {
    let text = bundled("scenarios/check/clash-full-decks.yaml");
    assert_eq!(check(&text).verdict, FileVerdict::Legal);
    let wrong = format!(
        "{}\nexpect:\n  legal: false\n",
        text.split("expect:").next().unwrap_or(&text)
    );
    let report = check(&wrong);
    assert_eq!(report.verdict, FileVerdict::Illegal);
    assert_eq!(
        messages(&report),
        ["the scenario expects the position to be illegal, but it is legal"]
    );
}

#[test]
fn check_walks_the_action_and_reports_an_outcome_other_than_expected() {
    let text = bundled("scenarios/duel/hands-empty-tied.yaml");
    assert_eq!(check(&text).verdict, FileVerdict::Legal);
    let wrong = text.replace("defeated: none", "defeated: light");
    assert_ne!(wrong, text, "the scenario expects no defeat");
    let report = check(&wrong);
    assert_eq!(report.verdict, FileVerdict::Illegal);
    assert_eq!(
        messages(&report),
        ["the walk does not end as expected: defeated: expected light, got none"]
    );
    let clash = bundled("scenarios/clash/battle-drawn.yaml");
    assert_eq!(check(&clash).verdict, FileVerdict::Legal);
    let report = check(&clash.replace("battles: [draw]", "battles: [qui-gon]"));
    assert_eq!(
        messages(&report),
        ["the walk does not end as expected: battles: expected [qui-gon], got [draw]"]
    );
}

#[test]
fn check_says_when_a_walk_stops_before_the_outcome_it_should_compare() {
    let text = bundled("scenarios/duel/hands-empty-tied.yaml");
    let start = text.find("decisions:").expect("decisions");
    let end = text.find("expect:").expect("expect");
    let unscripted =
        format!("{}{}", &text[..start], &text[end..]).replace("policy: block-when-able\n", "");
    let report = check(&unscripted);
    assert_eq!(report.verdict, FileVerdict::Illegal);
    let messages = messages(&report);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with(
            "the walk stops before its end (a decision the scenario does not script: "
        ),
        "{}",
        messages[0]
    );
}

#[test]
fn a_young_jedi_position_names_and_is_offered_young_jedi_cards_only() {
    let report = check(
        "planets:\n  Naboo:\n    light: [Power Card 5]\n    dark: [X2, Darth Maull Studnet]\n",
    );
    assert_eq!(report.verdict, FileVerdict::Unreadable);
    let unknown: Vec<&jedi_judge::scenario::Problem> = report
        .problems
        .iter()
        .filter(|problem| problem.code == "unknown-card")
        .collect();
    assert_eq!(unknown.len(), 3, "{:?}", report.problems);
    let clash_names: Vec<String> = Catalog::embedded()
        .cards()
        .iter()
        .filter(|card| card.game == jedi_judge::cards::Game::Clash)
        .map(|card| card.full_name())
        .collect();
    let mut offered = 0;
    for problem in unknown {
        let help = problem.help.as_deref().unwrap_or_default();
        let Some(list) = help
            .strip_prefix("did you mean ")
            .and_then(|rest| rest.split_once('?'))
            .map(|(list, _)| list)
        else {
            continue;
        };
        for name in list.split("; ") {
            offered += 1;
            assert!(
                !clash_names.iter().any(|clash| clash == name),
                "{help} offers {name}"
            );
        }
    }
    assert!(offered > 0, "the misspelt Young Jedi name gets suggestions");
}

#[test]
fn a_walk_refused_by_a_finding_is_an_unmet_expectation_not_unreadable_input() {
    let text = bundled("scenarios/duel/hands-empty-tied.yaml").replace(
        "light: [qui-gon mentor]",
        "light: [{card: qui-gon mentor, hits: 2}]",
    );
    let report = check(&text);
    assert_eq!(
        report.verdict,
        FileVerdict::Illegal,
        "{:?}",
        report.problems
    );
    assert!(
        report
            .violations
            .iter()
            .any(|v| v.code == "hits-outside-duel")
    );
    let messages = messages(&report);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("the walk is refused (hits-outside-duel: "),
        "{}",
        messages[0]
    );
}

#[test]
fn a_declared_weapon_box_other_than_the_catalogs_is_warned_of_and_saved_as_declared() {
    let check = |text: &str| {
        check_text(
            "saber.yaml",
            text,
            Corpus::embedded(),
            Catalog::embedded(),
            None,
        )
    };
    // Users other than the catalog's first box's are warned of.
    let report = check(
        "cards:\n  Darth Maul's Lightsaber (The Jedi Council): {usable_by: [Aurra Sing]}\nplanets:\n  Naboo:\n    dark: [Darth Maul's Lightsaber (The Jedi Council)]\n",
    );
    let messages: Vec<&str> = report
        .problems
        .iter()
        .filter(|problem| problem.code == "declared-stat-differs")
        .map(|problem| problem.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "declared users Aurra Sing for Darth Maul's Lightsaber; the catalog says Darth Maul in box 1, and the scenario's is used"
        ]
    );
    // A bonus alone is saved alone: the scenario read back keeps the catalog's second box.
    let report = check(
        "cards:\n  Darth Maul's Lightsaber (The Jedi Council): {power_bonus: 1}\nplanets:\n  Naboo:\n    dark: [Darth Maul's Lightsaber (The Jedi Council)]\n",
    );
    let saved = jedi_judge::scenario::to_yaml(&jedi_judge::scenario::to_file(
        &report.board.expect("a board"),
        jedi_judge::procedures::format(),
    ));
    assert!(!saved.contains("usable_by"), "{saved}");
    let again = check(&saved);
    let saber = again
        .board
        .as_ref()
        .and_then(|board| board.card(jedi_judge::board::CardId(0)))
        .expect("the saber");
    let boxes = saber.weapon_boxes.as_ref().expect("boxes");
    assert_eq!(boxes.value.len(), 2, "{saved}");
    assert_eq!(boxes.value[0].bonus, Some(1));
}

#[test]
fn a_claim_walk_refuses_is_the_finding_check_makes_of_it_and_never_a_missing_fact() {
    let mut refused = 0;
    for path in common::bundled(&[
        "check",
        "battle",
        "duel",
        "deploy",
        "podrace",
        "new-location",
        "remedy",
    ]) {
        let text = path.to_str().expect("a UTF-8 path");
        let walked =
            jedi_judge::cli::execute(["jedi-judge", "walk", text, "--format", "json"], |_| {
                jedi_judge::render::Palette::plain()
            });
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&walked.stdout) else {
            continue;
        };
        let stop = &json["stop"];
        if stop["illegal"] != serde_json::Value::Bool(true) {
            continue;
        }
        refused += 1;
        assert_eq!(
            walked.code, 1,
            "{text}: a refused claim is exit 1, not a missing fact"
        );
        let checked =
            jedi_judge::cli::execute(["jedi-judge", "check", text, "--format", "json"], |_| {
                jedi_judge::render::Palette::plain()
            });
        let report: serde_json::Value = serde_json::from_str(&checked.stdout).expect("JSON");
        let codes: Vec<&str> = report["files"][0]["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter_map(|finding| finding["code"].as_str())
            .collect();
        let code = stop["code"].as_str().expect("a code");
        assert!(
            codes.contains(&code),
            "{text}: walk refuses {code}, check finds {codes:?}"
        );
        assert_eq!(checked.code, 1, "{text}");
    }
    assert!(refused >= 2, "{refused}");
}

/// A position that does not say whose turn it is lacks a fact every action of the turn player
/// needs: the walk stops and asks for `turn:` (exit 2), rather than refusing what the rules
/// never refused, and `check` finds nothing illegal in it.
#[test]
fn an_action_without_a_turn_is_a_missing_fact_not_a_refusal() {
    for path in [
        "scenarios/duel/revised-example-1-r2-d2-qui-gon-defends.yaml",
        "scenarios/battle/battle-default-assumptions.yaml",
        "scenarios/battle/evacuation-refused-partial.yaml",
        "scenarios/deploy/not-enough-counters.yaml",
        "scenarios/podrace/thrust-cap-under-latest.yaml",
    ] {
        let text = bundled(path);
        let without: String = text
            .lines()
            .filter(|line| !line.starts_with("turn:"))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_ne!(without, text, "{path}");
        let walked = common::walk_seeded(&without, None, None);
        let Some(jedi_judge::engine::Stop::Missing { fact }) = walked.stop() else {
            panic!(
                "{path}: expected the turn asked for, got {:?}",
                walked.stop()
            );
        };
        assert_eq!(fact.code(), "turn-unknown", "{path}");
        assert_eq!(fact.field(), Some("turn"), "{path}");
        assert_eq!(walked.exit_code(), 2, "{path}");
        assert!(walked.illegal_findings().is_empty(), "{path}");
        assert!(
            check(&without)
                .violations
                .iter()
                .all(|v| !v.code.ends_with("-refused")),
            "{path}"
        );
    }
}

/// `check` and `walk` hold `expect: findings` to the verdict alike, in any order and with one
/// message: the Clash table's two findings in either order pass, one of them alone does not.
#[test]
fn check_and_walk_compare_the_expected_findings_alike() {
    let text = bundled("scenarios/check/clash-too-many-copies.yaml");
    let head = text.split("expect:").next().unwrap_or(&text);
    for (findings, met) in [
        ("[too-many-copies, card-not-in-deck]", true),
        ("[card-not-in-deck, too-many-copies]", true),
        ("[card-not-in-deck]", false),
    ] {
        let file = format!("{head}expect:\n  legal: false\n  findings: {findings}\n");
        let expected = "the scenario expects the findings";
        let by_check = messages(&check(&file));
        let walked = common::walk_seeded(&file, None, None);
        assert_eq!(
            by_check.iter().any(|m| m.starts_with(expected)),
            !met,
            "{findings}: {by_check:?}"
        );
        assert_eq!(
            walked.unmet.iter().any(|m| m.starts_with(expected)),
            !met,
            "{findings}: {:?}",
            walked.unmet
        );
        assert_eq!(walked.exit_code(), if met { 0 } else { 1 }, "{findings}");
    }
}
