//! Battles and evacuations: every bundled case under `scenarios/battle/` meets its expectation
//! and renders as reviewed; cards are conserved through every event, and the same seed gives
//! the same walkthrough.

use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::Corpus;
use jedi_judge::walk::Walkthrough;
use proptest::prelude::*;

mod common;

use common::walk_seeded as walk;

/// A bundled battle with `from` replaced by `to` in its text, walked: the walkthrough, its
/// text, and that text on one line (to find a sentence however it wraps).
fn walked_with(name: &str, from: &str, to: &str) -> (Walkthrough, String, String) {
    let text = std::fs::read_to_string(format!("scenarios/battle/{name}"))
        .expect("readable")
        .replace(from, to);
    let walked = walk(&text, None, None);
    let rendered = render(&walked, Corpus::embedded(), Format::Text, Palette::plain());
    let flat = rendered.split_whitespace().collect::<Vec<_>>().join(" ");
    (walked, rendered, flat)
}

fn bundled() -> Vec<(String, String)> {
    common::bundled_texts(&["battle"])
}

#[test]
fn every_bundled_battle_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/battle", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(common::walked_as_expected(path));
    });
    assert!(count >= 16, "only {count} bundled battles");
}

#[test]
fn every_refused_evacuation_or_battle_is_a_finding_of_check() {
    // Rules the corpus does not hold refuse nothing: the walk declines to guess them.
    const NOT_BY_RULE: [&str; 2] = ["rules-not-held", "starship-battle-rules-not-held"];
    let first_refused = |walked: &jedi_judge::walk::Walkthrough| {
        walked.steps().next().is_some_and(|event| {
            let value = serde_json::to_value(event.kind()).unwrap_or_default();
            value["event"] == "refused"
                && !NOT_BY_RULE
                    .iter()
                    .any(|reason| value["refusal"]["reason"] == *reason)
        })
    };
    common::refusals_are_findings_of_check(
        &bundled(),
        first_refused,
        &["evacuation-refused", "battle-refused"],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Cards are conserved through every event of both procedures, whatever the seed, and
    /// the same seed gives the same walkthrough, byte for byte.
    #[test]
    fn cards_are_conserved_and_a_seed_gives_one_walkthrough(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        common::conserved_and_one_walkthrough_per_seed(&bundled(), seed, pick)?;
    }
}

#[test]
fn a_scripted_starship_the_hand_does_not_hold_stops_the_walk_rather_than_adding_none() {
    let text = std::fs::read_to_string("scenarios/battle/evacuation-opponent-adds-starships.yaml")
        .expect("readable")
        .replace(
            "starships: [\"Battleship, Trade Federation Transport (Menace of Darth Maul)\"]",
            "starships: [Droid Starfighter (The Jedi Council)]",
        );
    let walked = walk(&text, None, None);
    match walked.stop() {
        Some(jedi_judge::engine::Stop::Undecided { decision, why }) => {
            assert_eq!(decision.kind.name, "add-starship");
            assert!(matches!(
                why,
                jedi_judge::engine::Unanswered::NotLegal { .. }
            ));
        }
        other => panic!("expected a stop, got {other:?}"),
    }
}

#[test]
fn two_cards_in_one_entry_without_a_card_that_lets_them_fight_together_stop_the_walk() {
    let text = std::fs::read_to_string("scenarios/battle/battle-two-guards-fight-together.yaml")
        .expect("readable")
        .replace(
            "current_planet: Coruscant\n",
            "current_planet: Coruscant\ncards:\n  Might Of The Republic: {text: none}\n",
        );
    let walked = walk(&text, None, None);
    match walked.stop() {
        Some(jedi_judge::engine::Stop::Missing { fact }) => {
            assert_eq!(fact.code(), "battle-plan-fight-together-not-allowed");
            assert!(fact.to_string().contains("fight together"), "{fact}");
        }
        other => panic!("expected a stop, got {other:?}"),
    }
}

#[test]
fn game_text_that_takes_a_starships_damage_below_zero_is_floored_by_the_named_assumption() {
    let text = std::fs::read_to_string("scenarios/battle/evacuation-intercepted-and-won.yaml")
        .expect("readable")
        .replace(
            "light:\n  deck:",
            "cards:\n  Darth Maul, Sith Apprentice:\n    damage_modifier: {amount: -1, applies_to: own, of: starships}\nlight:\n  deck:",
        );
    let walked = walk(&text, None, None);
    let outcome = walked
        .outcome_as::<jedi_judge::procedures::battle::BattleWalk>()
        .expect("a battle");
    assert_eq!(outcome.result.damage_dark, 0);
    let floored = walked.steps().any(|event| {
        event
            .assumptions()
            .iter()
            .any(|assumption| assumption.name == "damage-not-below-zero")
    });
    assert!(floored, "the floor is not said");
}

#[test]
fn a_scripted_interception_the_rules_never_ask_is_reported() {
    let text = std::fs::read_to_string("scenarios/battle/evacuation-refused-no-transport.yaml")
        .expect("readable")
        .replace(
            "expect:",
            "decisions:\n  dark:\n    intercept: true\nexpect:",
        );
    let walked = walk(&text, None, None);
    assert!(
        walked
            .unmet
            .iter()
            .any(|unmet| unmet.contains("intercept") && unmet.contains("never asked")),
        "{:?}",
        walked.unmet
    );
}

#[test]
fn a_bonus_that_rests_on_a_weapon_a_force_push_cancels_does_not_apply() {
    let (walked, rendered, flat) = walked_with(
        "battle-force-push.yaml",
        "light:\n  deck:",
        "cards:\n  \"Battle Droid: Infantry, AAT Division\":\n    bonuses:\n      - {amount: 5, when: {using_named: Battle Droid Blaster Rifle}}\nlight:\n  deck:",
    );
    assert!(
        flat.contains(
            "+ 0 game-text power bonus of Battle Droid: Infantry, AAT Division when using Battle Droid Blaster Rifle: Battle Droid Blaster Rifle may not be used in this fight (a Force push), so it does not apply = 2."
        ),
        "{rendered}"
    );
    let outcome = walked
        .outcome_as::<jedi_judge::procedures::battle::BattleWalk>()
        .expect("a battle");
    assert_eq!(outcome.result.damage_dark, 1);
}

#[test]
fn a_bonus_when_fighting_a_named_card_holds_against_either_card_of_an_entry_that_fights_together() {
    let (_, rendered, flat) = walked_with(
        "battle-two-guards-fight-together.yaml",
        "current_planet: Coruscant\n",
        "current_planet: Coruscant\ncards:\n  \"Battle Droid: Infantry, AAT Division\":\n    bonuses:\n      - {amount: 4, when: {fighting_named: \"Coruscant Guard, Officer\"}}\n",
    );
    assert!(
        flat.contains(
            "+ 4 game-text power bonus of Battle Droid: Infantry, AAT Division when fighting Coruscant Guard, Officer: he fights Coruscant Guard, Peacekeeper and Coruscant Guard, Officer"
        ),
        "{rendered}"
    );
}

/// A battle plan over identical cards is decided once per kind of card, but a walk that
/// stops there lists every card, as it did when each was an option of its own; and a policy
/// places them all, in order.
#[test]
fn identical_cards_of_a_plan_are_one_choice_and_every_card_where_the_walk_stops() {
    let position = |policy: &str| {
        format!(
            "action: battle\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n{policy}\
             light:\n  deck: {{count: 20}}\ndark:\n  deck: {{count: 20}}\n\
             planets:\n  Naboo:\n    light: [\"Naboo Security, Guard\", \"Naboo Security, Guard\", \
             \"Captain Panaka, Protector of the Queen\", \"Naboo Security, Guard\"]\n    \
             dark: [\"Battle Droid: Infantry, AAT Division\"]\n"
        )
    };
    // The Dark Side's one droid is no choice; the Light Side's plan is asked.
    let light = walk(&position(""), None, None);
    let Some(jedi_judge::engine::Stop::Undecided { decision, .. }) = light.stop() else {
        panic!("the walk stops at the Light Side's plan");
    };
    let labels: Vec<&str> = decision.options.iter().map(|o| &*o.label).collect();
    assert_eq!(
        labels,
        [
            "next in the plan Naboo Security, Guard",
            "next in the plan Naboo Security, Guard",
            "next in the plan Captain Panaka, Protector of the Queen",
            "next in the plan Naboo Security, Guard",
        ]
    );
    let cards: Vec<Option<u32>> = decision
        .options
        .iter()
        .map(|o| o.card.map(|c| c.0))
        .collect();
    let mut distinct = cards.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "each card its own option: {cards:?}");
    let json = jedi_judge::render::walk::render(
        &light,
        Corpus::embedded(),
        Format::Json,
        Palette::plain(),
    );
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        value["stop"]["decision"]["options"]
            .as_array()
            .map(Vec::len),
        Some(4),
        "{}",
        value["stop"]
    );
}

/// A scripted starship the hand does not hold stops the walk at the offer to add starships,
/// and the stop lists every card of the hand, as a stop at a decision does: two identical
/// Battleships are two options, though the interceptor was offered one for both.
#[test]
fn a_refused_offer_to_add_starships_lists_every_starship_where_the_walk_stops() {
    let text = std::fs::read_to_string("scenarios/battle/evacuation-opponent-adds-starships.yaml")
        .expect("readable")
        .replace(
            "hand: [\"Battleship, Trade Federation Transport (Menace of Darth Maul)\", 3]",
            "hand: [\"Battleship, Trade Federation Transport (Menace of Darth Maul)\", 3, \
             \"Battleship, Trade Federation Transport (Menace of Darth Maul)\"]",
        )
        .replace(
            "starships: [\"Battleship, Trade Federation Transport (Menace of Darth Maul)\"]",
            "starships: [Droid Starfighter (The Jedi Council)]",
        );
    let walked = walk(&text, None, None);
    let Some(jedi_judge::engine::Stop::Undecided { decision, .. }) = walked.stop() else {
        panic!("expected a stop, got {:?}", walked.stop());
    };
    assert_eq!(decision.kind.name, "add-starship");
    let cards: Vec<u32> = decision
        .options
        .iter()
        .filter_map(|option| option.card.map(|card| card.0))
        .collect();
    assert_eq!(cards.len(), 2, "{:?}", decision.options);
    assert_ne!(cards[0], cards[1]);
    assert!(decision.more.is_empty());
}

/// A Battle card's users decide who may play it: the bundled position with Shmi's Pride
/// inserted for Qui-Gon Jinn is illegal in `check` and refused by `walk`; with the card's text
/// switched off (`text: none`) nothing names its users and the same plan is legal; and for
/// Anakin, its user, it is legal with its text.
#[test]
fn a_battle_card_outside_its_users_is_refused_and_with_its_text_off_it_is_not() {
    let path = "scenarios/check/battle-card-outside-its-users.yaml";
    let text = std::fs::read_to_string(path).expect("readable");
    let checked = |text: &str| {
        let file = std::env::temp_dir().join(format!(
            "jedi-judge-users-{}-{}.yaml",
            std::process::id(),
            text.len()
        ));
        std::fs::write(&file, text).expect("writable");
        let outcome = jedi_judge::cli::execute(
            ["jedi-judge", "check", file.to_str().expect("a path")],
            |_| Palette::plain(),
        );
        let _ = std::fs::remove_file(&file);
        outcome
    };
    let with_text = checked(&text);
    assert_eq!(with_text.code, 1, "{}", with_text.stdout);
    assert!(
        with_text.stdout.contains("may not use Shmi's Pride")
            && with_text.stdout.contains("Anakin Skywalker")
            && with_text.stdout.contains("Menace of Darth Maul Light 59"),
        "{}",
        with_text.stdout
    );
    let walked = walk(&text, None, None);
    assert!(
        walked
            .findings
            .iter()
            .chain(&walked.action_findings)
            .any(|finding| finding.code == "battle-card-user"
                && finding.message.contains("may not use Shmi's Pride")),
        "{:?}",
        walked.findings
    );
    let switched_off = text
        .replace(
            "current_planet: Tatooine\n",
            "current_planet: Tatooine\ncards:\n  Shmi's Pride: {text: none}\n",
        )
        .replace("legal: false", "legal: true")
        .replace("  findings: [battle-card-user]\n", "");
    let without_text = checked(&switched_off);
    assert_eq!(without_text.code, 0, "{}", without_text.stdout);
    let for_anakin =
        std::fs::read_to_string("scenarios/check/battle-card-for-its-user.yaml").expect("readable");
    assert_eq!(checked(&for_anakin).code, 0);
}
