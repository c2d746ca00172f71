//! The Players Committee ruleset: its paraphrased rules stand in the corpus as paraphrases
//! with where they can be read, only that ruleset brings them in, and a walk under it says
//! once that the readable text is partial. A duel, whose rules it changes in ways the walk
//! does not yet apply, is not walked rather than answered by the rules they change.

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, ItemKind, Ruleset};

mod common;

fn run(args: &[&str]) -> jedi_judge::cli::Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

#[test]
fn only_the_players_committee_ruleset_brings_its_paraphrases_in() {
    let corpus = Corpus::embedded();
    let committee = Ruleset::parse("players-committee").expect("a ruleset");
    assert!(!committee.is_latest());
    let paraphrases: Vec<&jedi_judge::rules::Item> = corpus
        .items()
        .iter()
        .filter(|item| item.kind == ItemKind::Paraphrase)
        .collect();
    assert_eq!(paraphrases.len(), 10);
    for ruleset in ["latest", "2001-09-05", "boonta-eve-printed", "2030-01-01"] {
        let ruleset = Ruleset::parse(ruleset).expect("a ruleset");
        assert!(
            paraphrases
                .iter()
                .all(|item| !ruleset.in_force(corpus, item)),
            "{ruleset}"
        );
    }
    assert!(
        paraphrases
            .iter()
            .all(|item| committee.in_force(corpus, item))
    );
    // Everything else in force under latest is in force under it too.
    let latest = Ruleset::latest();
    for item in corpus.items() {
        if latest.in_force(corpus, item) {
            assert!(committee.in_force(corpus, item), "{}", item.id);
        }
    }
}

#[test]
fn the_ruleset_is_listed_partial_and_its_difference_from_latest_is_its_paraphrases() {
    let listed = run(&["rules", "rulesets"]);
    assert!(listed.stdout.contains("players-committee"));
    assert!(listed.stdout.contains("(partial)"));
    let diff = run(&[
        "rules",
        "diff",
        "latest",
        "players-committee",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&diff.stdout).expect("JSON");
    let differences = json["differences"].as_array().expect("differences");
    assert_eq!(differences.len(), 1);
    assert_eq!(differences[0]["change"], "added-document");
    assert_eq!(differences[0]["document"], "pc");
    assert_eq!(differences[0]["items"].as_array().map(Vec::len), Some(10));
}

#[test]
fn a_paraphrase_is_never_shown_as_quoted_rule_text() {
    let text = run(&["rules", "show", "pc.duel.pass"]).stdout;
    assert!(
        text.contains("Paraphrase, not the document's words:"),
        "{text}"
    );
    assert!(text.contains("Read at:"), "{text}");
    assert!(text.contains("docslib.org/doc/12800123"), "{text}");
    assert!(
        text.contains("not in force under latest: only the players-committee ruleset brings it in"),
        "{text}"
    );
    assert!(!text.contains("\"When it is"), "{text}");
    let markdown = run(&["rules", "show", "pc.duel.pass", "--format", "markdown"]).stdout;
    assert!(
        !markdown.lines().any(|line| line.starts_with('>')),
        "{markdown}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["rules", "show", "pc.duel.pass", "--format", "json"]).stdout)
            .expect("JSON");
    assert_eq!(json["item"]["kind"], "paraphrase");
    assert_eq!(json["item"]["paraphrase"], true);
    // A search finds it, under the ruleset that brings it in.
    let found = run(&[
        "rules",
        "search",
        "pass",
        "--rules-as-of",
        "players-committee",
    ])
    .stdout;
    assert!(found.contains("pc.duel.pass"), "{found}");
    let not_found = run(&["rules", "search", "pass"]).stdout;
    assert!(!not_found.contains("pc.duel.pass"), "{not_found}");
}

const NOTICE: &str =
    "Under players-committee: The Players Committee's rules update survives only in part";

#[test]
fn a_duel_under_the_ruleset_is_not_walked_and_the_partial_notice_is_given_once() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/duel/hands-empty-tied.yaml"
    );
    let walked = run(&["walk", file, "--rules-as-of", "players-committee"]);
    assert_eq!(
        walked.stdout.matches(NOTICE).count(),
        1,
        "{}",
        walked.stdout
    );
    assert!(
        walked.stdout.contains("The duel is not walked:"),
        "{}",
        walked.stdout
    );
    assert!(
        walked.stdout.contains("pc.duel.damage.defeated"),
        "{}",
        walked.stdout
    );
    assert!(
        walked
            .stdout
            .contains("The duel is not walked (see above).")
    );
    // Not walked is no refusal by rule: `walk` and `check` find the scenario legal alike.
    let json: serde_json::Value = serde_json::from_str(
        &run(&[
            "walk",
            file,
            "--rules-as-of",
            "players-committee",
            "--format",
            "json",
        ])
        .stdout,
    )
    .expect("JSON");
    assert_eq!(json["legal"], true);
    assert_eq!(json["ruleset_notes"].as_array().map(Vec::len), Some(1));
    let checked: serde_json::Value = serde_json::from_str(
        &run(&[
            "check",
            file,
            "--rules-as-of",
            "players-committee",
            "--format",
            "json",
        ])
        .stdout,
    )
    .expect("JSON");
    assert_eq!(checked["files"][0]["verdict"], "legal");
    // Under latest, no notice, and the duel is walked.
    let latest = run(&["walk", file]);
    assert!(!latest.stdout.contains(NOTICE));
    assert!(latest.stdout.contains("Verdict"));
    assert!(!latest.stdout.contains("not walked"));
}

#[test]
fn what_the_update_does_not_cover_is_walked_by_the_decipher_rule_with_the_notice() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/battle-default-assumptions.yaml"
    );
    let committee = run(&["walk", file, "--rules-as-of", "players-committee"]);
    let latest = run(&["walk", file, "--rules-as-of", "latest"]);
    assert_eq!(committee.code, latest.code);
    assert_eq!(committee.stdout.matches(NOTICE).count(), 1);
    let steps = |text: &str| -> String {
        text.split_once("\n 1. ")
            .map(|(_, steps)| steps.replace("players-committee", "latest"))
            .unwrap_or_default()
    };
    assert_eq!(steps(&committee.stdout), steps(&latest.stdout));
    let page = run(&[
        "walk",
        file,
        "--rules-as-of",
        "players-committee",
        "--format",
        "html",
    ]);
    assert_eq!(page.stdout.matches("survives only in part").count(), 1);
}
