//! The Boonta Eve Podrace (`scenarios/podrace/`): every bundled Deploy step meets its
//! expectation and renders as reviewed; cards are conserved and a seed gives one
//! walkthrough; the pile a walk leaves is one `check` finds legal; a refused step or deploy
//! is a finding of `check`.

use jedi_judge::procedures::podrace::events::PodraceEvent;
use jedi_judge::rules::Corpus;
use proptest::prelude::*;

mod common;

use common::walk_seeded as walk;

fn bundled() -> Vec<(String, String)> {
    common::bundled_texts(&["podrace"])
}

#[test]
fn every_bundled_podrace_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/podrace", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 14, "only {count} bundled Podrace scenarios");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Cards are conserved through every event, whatever the seed, and the same seed gives
    /// the same walkthrough, byte for byte.
    #[test]
    fn cards_are_conserved_and_a_seed_gives_one_walkthrough(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        common::conserved_and_one_walkthrough_per_seed(&bundled(), seed, pick)?;
    }
}

/// The Podrace findings of `check` about a board.
fn pile_findings(board: &jedi_judge::board::Board) -> Vec<&'static str> {
    jedi_judge::procedures::check_board(board, Corpus::embedded())
        .into_iter()
        .filter(|finding| finding.verdict == jedi_judge::legality::Verdict::Illegal)
        .map(|finding| finding.code)
        .collect()
}

#[test]
fn a_legal_position_stays_legal_after_its_podrace_step() {
    for (path, text) in bundled() {
        let walked = walk(&text, None, None);
        let Some(outcome) = walked.outcome_as::<jedi_judge::procedures::podrace::PodraceWalk>()
        else {
            continue;
        };
        if !pile_findings(&outcome.before).is_empty() {
            continue;
        }
        assert_eq!(
            pile_findings(&outcome.after),
            Vec::<&str>::new(),
            "{path}: the step leaves an illegal position"
        );
    }
}

#[test]
fn no_more_lap_cards_than_thrust_and_no_thrust_after_refuel() {
    for (path, text) in bundled() {
        let walked = walk(&text, None, None);
        let mut thrust = None;
        let mut lap_cards = 0u32;
        let mut refuelled = false;
        for event in &podrace_events(&walked) {
            match &event.kind {
                PodraceEvent::ThrustToken { tokens, .. }
                | PodraceEvent::ThrustCapped { tokens, .. } => {
                    assert!(!refuelled, "{path}: a Thrust after Refuel");
                    thrust = Some(*tokens);
                }
                PodraceEvent::LapCard { .. } => {
                    lap_cards += 1;
                    assert!(
                        thrust.is_some_and(|thrust| lap_cards <= thrust),
                        "{path}: {lap_cards} lap cards with a Thrust of {thrust:?}"
                    );
                }
                PodraceEvent::Refueled { drawn, refuel, .. } => {
                    refuelled = true;
                    assert!(drawn <= refuel, "{path}: drew {drawn} of {refuel}");
                }
                _ => {}
            }
        }
    }
}

#[test]
fn every_refused_podrace_step_or_deploy_is_a_finding_of_check() {
    let refused = |walked: &jedi_judge::walk::Walkthrough| {
        podrace_events(walked).iter().any(|event| {
            matches!(
                event.kind,
                PodraceEvent::Refused { .. } | PodraceEvent::DeployRefused { .. }
            )
        })
    };
    common::refusals_are_findings_of_check(
        &bundled(),
        refused,
        &["podrace-refused", "podrace-deploy-refused"],
    );
}

#[test]
fn the_cap_is_said_under_both_rulesets_and_applied_only_under_latest() {
    let latest = std::fs::read_to_string("scenarios/podrace/thrust-cap-under-latest.yaml")
        .expect("readable");
    let printed = latest.replace(
        "step: deploy\n",
        "step: deploy\nrules: boonta-eve-printed\n",
    );
    // The Thrust tokens after the step, whether the cap is cited, and whether the walk
    // stopped for a decision the script does not give.
    let tokens = |text: &str| {
        let walked = walk(text.split("expect:").next().unwrap_or_default(), None, None);
        let cites_cap = walked.steps().any(|event| {
            event
                .cites()
                .iter()
                .any(|cite| cite.id() == "boonta.thrust.cap")
        });
        let outcome = walked
            .outcome_as::<jedi_judge::procedures::podrace::PodraceWalk>()
            .expect("a Podrace step");
        (outcome.result.thrust, cites_cap, walked.stop().is_some())
    };
    assert_eq!(tokens(&latest), (4, true, false));
    // Under the printed rules the fifth token goes on, and the script's four lap cards
    // leave the fifth unasked: the result the walk stopped at still shows the token.
    assert_eq!(tokens(&printed), (5, true, true));
}

/// The events of a Podrace walk, as the Podrace gives them.
fn podrace_events(
    walked: &jedi_judge::walk::Walkthrough,
) -> Vec<jedi_judge::engine::Event<PodraceEvent>> {
    walked
        .outcome_as::<jedi_judge::procedures::podrace::PodraceWalk>()
        .map(|outcome| outcome.run.events.clone())
        .unwrap_or_default()
}

/// A bundled Podrace scenario with the lap cards the player claims to play (`lap_cards:`
/// added to his decisions), walked: the text, the walk, and why the rules rule the claim out.
fn lap_cards_claimed(
    scenario: &str,
    lap_cards: &str,
) -> (
    String,
    jedi_judge::walk::Walkthrough,
    jedi_judge::engine::RuledOut,
) {
    let text = common::bundled_texts(&["podrace"])
        .into_iter()
        .find(|(path, _)| path.ends_with(scenario))
        .map(|(_, text)| text)
        .expect("the bundled scenario");
    let claimed = text.replace(
        "    refuel: 1\n",
        &format!("    lap_cards: {lap_cards}\n    refuel: 1\n"),
    );
    assert_ne!(claimed, text);
    let walked = walk(&claimed, None, None);
    assert_eq!(walked.exit_code(), 1);
    let Some(jedi_judge::engine::Stop::Undecided {
        why:
            jedi_judge::engine::Unanswered::NotLegal {
                ruled_out: Some(ruled_out),
                ..
            },
        ..
    }) = walked.stop()
    else {
        panic!("expected the lap card refused, got {:?}", walked.stop());
    };
    let ruled_out = ruled_out.clone();
    (claimed, walked, ruled_out)
}

/// A lap card the rules rule out is refused with the card at fault and the rules: here the 3
/// that Ben Quadinaros cannot play for the 2, his Handling of 0 being unusable. `check` makes
/// the same refusal its finding.
#[test]
fn a_lap_card_the_rules_rule_out_is_refused_with_its_reason() {
    const BEN: &str = "ben-quadinaros-cannot-use-his-handling.yaml";
    let (claimed, walked, ruled_out) = lap_cards_claimed(BEN, "[3]");
    assert_eq!(
        ruled_out.why,
        "the 3 is not the 2 the lap needs next, and his Handling of 0 is one he cannot use"
    );
    let cites: Vec<&str> = ruled_out.cites.iter().map(|cite| cite.id()).collect();
    assert_eq!(
        cites,
        [
            "boonta.laps.play",
            "boonta.handling.definition",
            "boonta.handling.unusable"
        ]
    );
    assert_eq!(walked.illegal_findings(), ["answer-not-legal"]);
    let report = jedi_judge::check::check_text(
        "claimed.yaml",
        &claimed,
        Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
    );
    assert!(
        report
            .violations
            .iter()
            .any(|finding| finding.code == "answer-not-legal"
                && finding.message.ends_with(&ruled_out.why)),
        "{:?}",
        report.violations
    );
    // Where the lap card he names is not in his hand at all, that is the reason.
    let (_, _, ruled_out) = lap_cards_claimed(BEN, "[Booma]");
    assert_eq!(
        ruled_out.why,
        "Booma is not in the Dark Side hand, which lap cards are played from"
    );
}

/// A fourth handling card in a lap is ruled out by the handling rule read with a named
/// assumption (the limit holds while the lap is played): the reason names the assumption as
/// one, not as rule text, and `check`'s finding rests on it too.
#[test]
fn a_fourth_handling_card_is_refused_on_the_named_assumption_it_rests_on() {
    let (_, walked, ruled_out) =
        lap_cards_claimed("three-handling-cards-in-a-lap-at-most.yaml", "[2]");
    let names: Vec<&str> = ruled_out.assumptions.iter().map(|a| a.name).collect();
    assert_eq!(names, ["handling-limit-as-played"]);
    let out = common::rendered(&walked);
    assert!(
        out.contains("Assumption (handling-limit-as-played), not rule text:"),
        "{out}"
    );
    let finding = walked.refused_answer().expect("the finding");
    assert!(
        finding.basis.iter().any(|basis| matches!(
            basis,
            jedi_judge::legality::Basis::Assumption(name) if name == "handling-limit-as-played"
        )),
        "{:?}",
        finding.basis
    );
}
