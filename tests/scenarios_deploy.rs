//! The Deploy step's procedures: a card deployed and what it deploys from the draw deck
//! (`scenarios/deploy/`), the Effects of a new planet (`scenarios/new-location/`) and the
//! misplay remedies walked (`scenarios/remedy/`). Every
//! bundled case meets its expectation and renders as reviewed; cards are conserved, a seed
//! gives one walkthrough, and the penalty comes after the reshuffle.

use jedi_judge::procedures::deploy::events::DeployEvent;
use jedi_judge::rules::Corpus;
use jedi_judge::walk::Walkthrough;
use proptest::prelude::*;

mod common;

use common::walk_seeded as walk;

fn bundled() -> Vec<(String, String)> {
    common::bundled_texts(&["deploy", "new-location", "remedy"])
}

#[test]
fn every_bundled_deploy_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/deploy", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 9, "only {count} bundled deploys");
}

#[test]
fn every_bundled_new_location_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/new-location", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 3, "only {count} bundled new locations");
}

#[test]
fn every_bundled_remedy_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/remedy", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 2, "only {count} bundled remedies");
}

#[test]
fn after_a_remedy_check_no_longer_finds_what_it_remedied() {
    for path in common::bundled(&["remedy"]) {
        let text = std::fs::read_to_string(&path).expect("readable");
        let walked = walk(&text, None, None);
        let outcome = walked
            .outcome_as::<jedi_judge::procedures::remedy::RemedyWalk>()
            .expect("a remedy");
        let before: Vec<&str> =
            jedi_judge::procedures::check_board(&outcome.before, Corpus::embedded())
                .iter()
                .map(|finding| finding.code)
                .collect();
        let after: Vec<&str> =
            jedi_judge::procedures::check_board(&outcome.after, Corpus::embedded())
                .iter()
                .map(|finding| finding.code)
                .collect();
        for code in &outcome.result.remedied {
            assert!(
                before.contains(&code.as_str()),
                "{}: {code} not found before",
                path.display()
            );
            assert!(
                !after.contains(&code.as_str()),
                "{}: {code} still found after",
                path.display()
            );
        }
    }
}

/// The kinds of a walk's deploy events, in order.
fn kinds(walked: &Walkthrough) -> Vec<&'static str> {
    deploy_events(walked)
        .iter()
        .map(|event| match &event.kind {
            DeployEvent::Refused { .. } => "refused",
            DeployEvent::Deployed { .. } => "deployed",
            DeployEvent::TextOff { .. } => "text-off",
            DeployEvent::TextNotHere { .. } => "text-not-here",
            DeployEvent::Searched { .. } => "searched",
            DeployEvent::Fetched { .. } => "fetched",
            DeployEvent::TakenIntoHand { .. } => "taken-into-hand",
            DeployEvent::NotFetched { .. } => "not-fetched",
            DeployEvent::Reshuffled { .. } => "reshuffled",
            DeployEvent::Penalty { .. } => "penalty",
            DeployEvent::DeckVictory { .. } => "deck-victory",
            DeployEvent::EffectTriggered { .. } => "effect-triggered",
            DeployEvent::CountersAllowed { .. } => "counters-allowed",
            DeployEvent::TextDraws { .. } => "text-draws",
            DeployEvent::DrawDeclined { .. } => "draw-declined",
            DeployEvent::TextDamage { .. } => "text-damage",
        })
        .collect()
}

/// The events of a deploy's walk, as the deploy gives them.
fn deploy_events(walked: &Walkthrough) -> Vec<jedi_judge::engine::Event<DeployEvent>> {
    walked
        .outcome_as::<jedi_judge::procedures::deploy::DeployWalk>()
        .map(|outcome| outcome.run.events.clone())
        .unwrap_or_default()
}

#[test]
fn the_penalty_comes_after_the_reshuffle_and_a_search_always_ends_in_one() {
    for (path, text) in bundled() {
        let walked = walk(&text, None, None);
        let kinds = kinds(&walked);
        let position = |kind: &str| kinds.iter().position(|known| *known == kind);
        if let Some(penalty) = position("penalty") {
            let reshuffled = position("reshuffled").expect("a reshuffle");
            assert!(reshuffled < penalty, "{path}: {kinds:?}");
        }
        assert_eq!(
            position("searched").is_some(),
            position("reshuffled").is_some(),
            "{path}: a search and a reshuffle go together: {kinds:?}"
        );
    }
}

#[test]
fn the_card_the_penalty_takes_is_the_top_of_the_reshuffled_deck() {
    let text =
        std::fs::read_to_string("scenarios/deploy/cannot-pay-so-damage-after-the-reshuffle.yaml")
            .expect("readable");
    // Over many seeds, the card lost is not always the card that was on top before the
    // search (destiny 3): the damage is taken from the reshuffled deck.
    let lost: std::collections::BTreeSet<String> = (0..24u64)
        .map(|seed| {
            let walked = walk(&text, Some(seed), None);
            deploy_events(&walked)
                .iter()
                .find(|event| matches!(event.kind, DeployEvent::Penalty { .. }))
                .and_then(|event| event.moves.first())
                .map(|moved| moved.name.to_string())
                .expect("a card lost")
        })
        .collect();
    assert!(lost.len() > 1, "always the same card: {lost:?}");
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

#[test]
fn every_refused_deploy_is_a_finding_of_check_and_no_other_is() {
    common::refusals_are_findings_of_check(
        &bundled(),
        |walked| kinds(walked).first() == Some(&"refused"),
        &["deploy-refused"],
    );
}

#[test]
fn hidden_cards_over_six_with_no_current_planet_are_not_said_to_be_remedied() {
    let text = std::fs::read_to_string("scenarios/remedy/hidden-over-six-concede-the-planet.yaml")
        .expect("readable")
        .replace("current_planet: Naboo\n", "");
    // Without its expectations, which are of the walk with a current planet.
    let text = text.split("expect:").next().unwrap_or_default();
    let walked = walk(text, None, None);
    let outcome = walked
        .outcome_as::<jedi_judge::procedures::remedy::RemedyWalk>()
        .expect("a remedy");
    assert_eq!(
        outcome.result.not_remedied,
        vec!["hidden-over-six".to_string()]
    );
    assert!(outcome.result.remedied.is_empty());
    assert!(outcome.result.conceded.is_none());
}

#[test]
fn none_where_the_deck_holds_nothing_to_take_is_heard_and_a_card_it_lacks_refused() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let read = |path: &str| std::fs::read_to_string(root.join(path)).expect("a bundled scenario");
    // No blaster in the deck: "fetch: none" is what happens.
    let none_found = read("deploy/none-found.yaml").replace(
        "expect:\n",
        "decisions:\n  light:\n    fetch: none\nexpect:\n",
    );
    common::assert_heard(&walk(&none_found, None, None), "light: fetch: none");
    let claimed = read("deploy/none-found.yaml").replace(
        "expect:\n",
        "decisions:\n  light:\n    fetch: Captain Panaka's Blaster\nexpect:\n",
    );
    assert_eq!(walk(&claimed, None, None).exit_code(), 1);
    // No Effect in the Dark Side deck: "effect_card: none" is what happens.
    let no_effect = read("new-location/one-player-declines.yaml").replace(
        "    effect_card: none\n",
        "    effect_card: none\n  dark:\n    effect_card: none\n",
    );
    common::assert_heard(&walk(&no_effect, None, None), "dark: effect_card: none");
}
