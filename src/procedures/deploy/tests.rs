//! The deploy's engine, step by step: the counters it uses, and the card its text fetches
//! from the draw deck, or the penalty when none is fetched.

use super::DeployProcedure;
use super::events::{DeployEvent, DeployRefusal};
use crate::engine::Advance;
use crate::engine::from_deck::NotFetched;
use crate::procedures::testing::{run, run_names, until_decided};

/// Captain Panaka, Security Commander deployed to Naboo, `spent` counters already used this
/// turn, with this draw deck.
fn panaka(spent: u32, deck: &str, decisions: &str) -> String {
    format!(
        "action: deploy\nturn: light\nstep: deploy\ncurrent_planet: Naboo\nseed: 2\n\
         light:\n  counters_spent: {spent}\n  hand: [\"Captain Panaka, Security Commander\"]\n  \
         deck: {deck}\n\
         planets:\n  Naboo:\n    dark: [\"Darth Maul, Sith Apprentice\"]\n\
         deploy:\n  card: Captain Panaka, Security Commander\n{decisions}"
    )
}

#[test]
fn a_card_that_costs_more_than_the_counters_left_is_refused() {
    let (events, next) = until_decided::<DeployProcedure>(
        &panaka(4, "[\"Captain Panaka's Blaster\", 4]", ""),
        "deploy",
    );
    assert!(matches!(next, Advance::Done), "{next:?}");
    assert!(matches!(
        events.as_slice(),
        [DeployEvent::Refused {
            refusal: DeployRefusal::NotEnoughCounters { cost: 3, left: 2 },
            ..
        }]
    ));
}

#[test]
fn a_fetch_with_no_copy_in_the_deck_costs_one_damage_after_the_reshuffle() {
    let (run, after, result) = run::<DeployProcedure>(&panaka(0, "[4, 1, 6, 2]", ""), "deploy");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    let names = run_names(&run);
    let reshuffled = names.iter().position(|name| name == "reshuffled");
    let penalty = names.iter().position(|name| name == "penalty");
    assert!(reshuffled.is_some() && reshuffled < penalty, "{names:?}");
    assert_eq!(result.not_fetched, Some(NotFetched::NoneFound));
    assert_eq!(result.damage, 1);
    assert_eq!(
        after
            .zone(crate::board::Zone::DrawDeck(crate::cards::Side::Light))
            .len(),
        3
    );
}

#[test]
fn the_card_found_is_asked_for_and_changing_his_mind_is_a_choice() {
    let yaml = panaka(0, "[\"Captain Panaka's Blaster\", 4]", "");
    let (_, next) = until_decided::<DeployProcedure>(&yaml, "deploy");
    let Advance::Decide(decision) = next else {
        panic!("expected the fetch, got {next:?}");
    };
    assert_eq!(decision.kind.name, "fetch");
    assert!(decision.options.iter().any(|option| option.declines));
    let changed = panaka(
        0,
        "[\"Captain Panaka's Blaster\", 4]",
        "decisions:\n  light:\n    fetch: none\n",
    );
    let (_, _, result) = run::<DeployProcedure>(&changed, "deploy");
    assert_eq!(result.not_fetched, Some(NotFetched::ChangedHisMind));
    assert_eq!(result.damage, 1);
}
