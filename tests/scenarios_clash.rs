//! Clash of the Lightsabers: every bundled case under `scenarios/clash/` meets its expectation
//! and renders as reviewed; undefined Special cards stop the walk; card conservation and
//! determinism hold over random games.

use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::engine::Stop;
use jedi_judge::engine::deciders::Policy;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::Corpus;
use jedi_judge::walk::{ConservationWatch, Walkthrough, walk_text};
use proptest::prelude::*;

mod common;

fn walk(text: &str, policy: Option<Policy>, observe: ConservationWatch<'_>) -> Walkthrough {
    walk_text(
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
        policy,
        observe,
    )
    .unwrap_or_else(|error| panic!("{error:?}\n{text}"))
}

#[test]
fn every_bundled_clash_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/clash", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 15, "only {count} bundled Clash cases");
}

#[test]
fn a_special_card_whose_effect_is_undefined_stops_the_walk_with_a_clear_error() {
    let text = "game: clash\naction: battle\nclash:\n  qui-gon: {hand: [Block], planned: [1, 1, 1]}\n  darth-maul: {hand: [], planned: [3, 1, 1]}\npolicy: first-option\n";
    let walked = walk(text, None, None);
    let Some(Stop::Missing { fact }) = walked.stop() else {
        panic!("expected a stop, got {:?}", walked.stop());
    };
    assert_eq!(fact.code(), "special-effect-undefined");
    assert_eq!(fact.card(), Some("Block"));
    assert!(
        fact.to_string().contains("clash: specials: Block:"),
        "{fact}"
    );
    assert_eq!(walked.exit_code(), 2);
}

#[test]
fn a_clash_walk_reads_as_markdown_and_json() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/clash/x2-doubles-attack-value.yaml"),
    )
    .expect("readable");
    let walked = walk(&text, None, None);
    insta::assert_snapshot!(
        "x2_markdown",
        render(
            &walked,
            Corpus::embedded(),
            Format::Markdown,
            Palette::plain()
        )
    );
    let json: serde_json::Value = serde_json::from_str(&render(
        &walked,
        Corpus::embedded(),
        Format::Json,
        Palette::plain(),
    ))
    .expect("JSON");
    assert_eq!(json["result"]["battles"][0]["winner"], "light");
    assert!(json["rules"].get("clash.figures.3").is_some());
}

const FULL_GAME: &str = "game: clash\naction: game\nclash:\n  specials:\n    Block: {cancel_last: true}\n    Jedi Knight: {attack: 3}\n    Sith Lord: {attack: 3}\n    Life Drain: {drain: 1}\n    Qui-Gon's Fury: {attack: 4}\n    Darth Maul's Rage: {attack: 4}\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every card is in exactly one place after every event of a random whole game.
    #[test]
    fn every_card_is_in_one_place_after_every_event_of_a_game(seed in any::<u64>(), strongest in any::<bool>()) {
        let text = format!("seed: {seed}\n{FULL_GAME}");
        let policy = if strongest { Policy::Strongest } else { Policy::FirstOption };
        let mut conserved = true;
        let mut events = 0;
        let walked = walk(
            &text,
            Some(policy),
            Some(&mut |holds| {
                conserved &= holds;
                events += 1;
            }),
        );
        prop_assert!(conserved);
        prop_assert!(events > 0);
        prop_assert!(walked.stop().is_none(), "{:?}", walked.stop());
        let clash = walked
            .outcome_as::<jedi_judge::procedures::clash::ClashWalk>()
            .expect("a Clash walk");
        prop_assert!(clash.result.game_winner.is_some());
        prop_assert_eq!(clash.after.cards.len(), 110);
    }

    /// The same seed gives the same game, byte for byte in every format.
    #[test]
    fn the_same_seed_gives_the_same_game(seed in any::<u64>()) {
        let text = format!("seed: {seed}\n{FULL_GAME}");
        let once = walk(&text, Some(Policy::Strongest), None);
        let twice = walk(&text, Some(Policy::Strongest), None);
        for format in [Format::Text, Format::Markdown, Format::Json] {
            prop_assert_eq!(
                render(&once, Corpus::embedded(), format, Palette::plain()),
                render(&twice, Corpus::embedded(), format, Palette::plain())
            );
        }
    }
}

#[test]
fn a_duel_answer_in_a_clash_script_is_reported_as_never_asked() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/clash/battle-drawn.yaml"),
    )
    .expect("readable")
    .replace(
        "expect:",
        "decisions:\n  qui-gon:\n    weapon: Qui-Gon Jinn's Lightsaber\nexpect:",
    );
    let walked = walk(&text, None, None);
    assert_eq!(walked.stop(), None);
    assert_eq!(
        walked.unmet,
        [
            "decisions: light: weapon: Qui-Gon Jinn's Lightsaber answers a decision the rules never asked"
        ]
    );
    assert_eq!(walked.exit_code(), 1);
}

/// A Clash play the rules refuse (a card the hand does not hold) stops the walk with exit 1,
/// and `check` finds it too: the same finding from both.
#[test]
fn a_clash_play_the_rules_refuse_is_the_same_finding_for_walk_and_check() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/clash/concession-refused-while-winning.yaml");
    let text = std::fs::read_to_string(path).expect("readable");
    let claimed = text.replace("plays: [2, concede]", "plays: [6, concede]");
    assert_ne!(claimed, text);
    let walked = walk(&claimed, None, None);
    assert_eq!(walked.exit_code(), 1);
    assert_eq!(walked.illegal_findings(), ["answer-not-legal"]);
    let report = jedi_judge::check::check_text(
        "claimed.yaml",
        &claimed,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    let codes: Vec<&str> = report.violations.iter().map(|v| v.code).collect();
    assert_eq!(codes, ["answer-not-legal"]);
}

/// A Special card named for its player ("Qui-Gon's Fury", "Darth Maul's Rage") is said once,
/// not after his name again.
#[test]
fn a_special_card_named_for_its_player_is_not_named_twice() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/clash/whole-game-from-a-seed.yaml"),
    )
    .expect("readable");
    let walked = walk(&text, None, None);
    let out = render(&walked, Corpus::embedded(), Format::Text, Palette::plain());
    assert!(out.contains("Qui-Gon's Fury: Attack Value 4"), "{out}");
    assert!(out.contains("Darth Maul's Rage: Attack Value 4"), "{out}");
    assert!(!out.contains("Qui-Gon's Qui-Gon's"));
    assert!(!out.contains("Darth Maul's Darth Maul's"));
}

/// A policy of one game named for a scenario of the other would play there as another policy:
/// `walk`, `odds` and `repl` refuse it (exit 2), saying whose policy it is and suggesting, as
/// it would be typed, a policy that fits; the suggestion itself is heard.
#[test]
fn a_policy_of_the_other_game_is_refused_with_one_that_fits() {
    let root = env!("CARGO_MANIFEST_DIR");
    let duel = format!("{root}/scenarios/duel/hands-empty-tied.yaml");
    let clash = format!("{root}/scenarios/clash/whole-game-from-a-seed.yaml");
    let run = |args: &[&str]| {
        let argv: Vec<&str> = std::iter::once("jedi-judge")
            .chain(args.iter().copied())
            .collect();
        jedi_judge::cli::execute(argv, |_| jedi_judge::render::Palette::plain())
    };
    let cases: [(&[&str], &str, &str); 5] = [
        (
            &["walk", "--policy", "strongest", &duel],
            "`--policy strongest` is a Clash of the Lightsabers policy, and this is a Young Jedi scenario",
            "`--policy block-when-able`",
        ),
        (
            &["odds", "--dark", "strongest", &duel],
            "`--dark strongest` is a Clash of the Lightsabers policy",
            "`--dark block-when-able`",
        ),
        (
            &["walk", "--policy", "never-block", &clash],
            "`--policy never-block` is a Young Jedi policy, and this is a Clash of the Lightsabers scenario",
            "played by first-option or strongest: `--policy first-option`",
        ),
        (
            &["walk", "--policy", "block-when-able", &clash],
            "`--policy block-when-able` is a Young Jedi policy",
            "`--policy first-option`",
        ),
        (
            &["repl", "--policy", "strongest"],
            "`--policy strongest` is no Young Jedi policy",
            "block-when-able, never-block or first-option: `--policy block-when-able`",
        ),
    ];
    for (args, message, help) in cases {
        let refused = run(args);
        let said = refused
            .stderr
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let said = said.replace(" │ ", " ");
        assert_eq!(refused.code, 2, "{args:?}: {}", refused.stderr);
        assert!(said.contains(message), "{args:?}: {said}");
        assert!(said.contains(help), "{args:?}: {said}");
    }
    // What the help suggests is heard; each game's own policies are too.
    assert_eq!(run(&["walk", "--policy", "block-when-able", &duel]).code, 0);
    assert_eq!(run(&["walk", "--policy", "first-option", &clash]).code, 0);
    assert_eq!(run(&["walk", "--policy", "strongest", &clash]).code, 0);
    assert_eq!(
        jedi_judge::procedures::policies_of(jedi_judge::scenario::GameName::Clash)
            .iter()
            .map(|policy| policy.name())
            .collect::<Vec<_>>(),
        ["first-option", "strongest"]
    );
}
