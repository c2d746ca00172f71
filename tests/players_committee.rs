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
    // Nor in a finding's rule, as `check` gives it.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/check/players-committee-deck-over-the-title-limit.yaml"
    );
    let checked = run(&["check", file]);
    assert_eq!(checked.code, 1);
    let said = format!("{}{}", checked.stdout, checked.stderr);
    assert!(
        said.contains("Paraphrase, not the document's words: A deck may hold"),
        "{said}"
    );
    assert!(!said.contains("\"A deck may hold"), "{said}");
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
fn a_duel_under_the_ruleset_walks_with_the_partial_notice_given_once() {
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
    assert!(walked.stdout.contains("Verdict"), "{}", walked.stdout);
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
    assert_eq!(json["ruleset_notes"].as_array().map(Vec::len), Some(1));
    // Under latest, no notice.
    assert!(!run(&["walk", file]).stdout.contains(NOTICE));
}

/// A paraphrased duel rule the engine does not apply stops the duel before it starts: it
/// is not answered by the rules the paraphrase changes. A corpus with one more such rule
/// shows it.
#[test]
fn a_paraphrased_duel_rule_the_walk_does_not_apply_stops_the_duel_unwalked() {
    let mut texts = common::rulings_in_build_order();
    for (file, text) in &mut texts {
        if file.contains("players-committee") {
            text.push_str(
                "  - id: pc.duel.unapplied\n    kind: paraphrase\n    topic: duel\n    \
                 section: Dueling\n    read_at: [https://docslib.org/doc/12800123/virtual-card-set-1-v1-1-rules-updates]\n    \
                 text: A rule of the duel no walk applies.\n",
            );
        }
    }
    let pairs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(file, text)| (file.as_str(), text.as_str()))
        .collect();
    let corpus = Corpus::from_yaml(&pairs).expect("the corpus reads");
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/duel/hands-empty-tied.yaml"
    ))
    .expect("readable")
    .replace("action: duel\n", "action: duel\nrules: players-committee\n");
    let walked = jedi_judge::walk::walk_text_seeded(
        &scenario,
        &corpus,
        jedi_judge::cards::Catalog::embedded(),
        None,
        None,
        None,
        None,
    )
    .expect("walks");
    let text = jedi_judge::render::walk::render(
        &walked,
        &corpus,
        jedi_judge::render::Format::Text,
        Palette::plain(),
    );
    assert!(text.contains("The duel is not walked:"), "{text}");
    assert!(text.contains("pc.duel.unapplied"), "{text}");
    assert!(!text.contains("pc.duel.pass,"), "{text}");
    assert!(
        text.contains("The duel is not walked (see above)."),
        "{text}"
    );
    // Declining rules it does not apply is no refusal by rule.
    assert!(walked.illegal_findings().is_empty());
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

/// The pass is a word of its own: `declare-pass` passes instead of attacking, and `pass`,
/// which declines a block, is refused at an attack with the reason.
#[test]
fn the_pass_is_written_declare_pass_and_pass_still_declines_only_a_block() {
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/players-committee/pass-then-the-opponent-attacks.yaml"
    ))
    .expect("readable");
    let wrong = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [pass, pass, pass]",
    );
    assert_ne!(wrong, scenario);
    let walked = common::walk_seeded(&wrong, None, None);
    assert_eq!(walked.illegal_findings(), ["answer-not-legal"]);
    let ruled_out = common::ruled_out(&walked).expect("refused with a reason");
    // `none` declines no attack either.
    let none = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [none, pass, pass]",
    );
    let refused = common::ruled_out(&common::walk_seeded(&none, None, None)).expect("refused");
    assert_eq!(
        refused.why,
        "`none` declines a block, and this is an attack: a player who passes instead of attacking writes `declare-pass`"
    );
    // A script that states the pass the rules force on a player who has passed is heard.
    let stated = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [declare-pass, pass, declare-pass, pass]",
    );
    assert_ne!(stated, scenario);
    let heard = common::walk_seeded(&stated, None, None);
    assert!(heard.stop().is_none(), "{}", common::rendered(&heard));
    assert!(heard.unmet.is_empty(), "{:?}", heard.unmet);
    assert_eq!(heard.heard.len(), 3);
    assert_eq!(
        ruled_out.why,
        "`pass` declines a block, and this is an attack: a player who passes instead of attacking writes `declare-pass`"
    );
}
