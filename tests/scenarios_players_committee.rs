//! The Players Committee ruleset's bundled scenarios (`scenarios/players-committee/`): the
//! pass, its lock, both passes, a passer's block that scores, duel damage less the hits
//! scored (and at its floor), dueling text without a lightsaber, the virtual cards' text at
//! work (`virtual-*`). Each walks to its end,
//! meets its `expect:` and renders as reviewed; each stands beside the same position under
//! latest (`-latest`) where the answer differs, and the two answers do differ.

mod common;

const FOLDER: &str = "players-committee";

#[test]
fn every_players_committee_scenario_walks_as_expected_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/players-committee", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::judged(path));
    });
    assert!(count >= 10, "only {count} scenarios");
}

/// Each scenario under players-committee says so in its `rules:`, says once that the text is
/// partial, and its twin under latest (where there is one) holds the same position and gets
/// another answer.
#[test]
fn each_twin_under_latest_holds_the_same_position_and_gets_another_answer() {
    let texts = common::bundled_texts(&[FOLDER]);
    let mut twins = 0;
    for (path, text) in &texts {
        if path.ends_with("-latest.yaml") {
            continue;
        }
        assert!(text.contains("\nrules: players-committee\n"), "{path}");
        let walked = common::walk_seeded(text, None, None);
        let out = common::rendered(&walked);
        assert_eq!(
            out.matches("Under players-committee: The Players Committee's rules update survives only in part")
                .count(),
            1,
            "{path}"
        );
        let twin_path = path.replace(".yaml", "-latest.yaml");
        let Some((_, twin)) = texts.iter().find(|(other, _)| *other == twin_path) else {
            continue;
        };
        twins += 1;
        // The same position: the two files differ only in their rules, words and expectations.
        let position = |text: &str| -> String {
            text.lines()
                .skip_while(|line| !line.starts_with("action:"))
                .take_while(|line| !line.starts_with("expect:"))
                .filter(|line| !line.starts_with("rules:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(position(text), position(twin), "{path}");
        let other = common::rendered(&common::walk_seeded(twin, None, None));
        let verdict = |out: &str| {
            out.split_once("\nVerdict")
                .map(|(_, rest)| rest.to_string())
        };
        assert_ne!(
            verdict(&out),
            verdict(&other),
            "{path}: the same answer under latest"
        );
    }
    assert!(twins >= 5, "{twins} twins");
}
