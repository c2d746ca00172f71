//! The Podrace step, step by step: lap cards offered only in their sequence, a finished lap
//! leaving the pile for the deck, and the limit of handling cards.

use super::PodraceProcedure;
use crate::board::Zone;
use crate::cards::Side;
use crate::procedures::testing::{run, until_asked};

/// Wan Sandage at the Light Side Objective with `thrust` tokens, this pile and hand.
fn sandage(thrust: u32, pile: &str, hand: &str, decisions: &str) -> String {
    format!(
        "action: podrace\nturn: light\nstep: deploy\nseed: 3\n\
         light:\n  objective:\n    card: Boonta Eve Classic\n    cards:\n      \
         - {{card: \"Wan Sandage, Podracer Pilot\", thrust: {thrust}}}\n      \
         - Wan Sandage's Podracer\n  podracing: {pile}\n  hand: {hand}\n  deck: [3, 3]\n\
         {decisions}"
    )
}

#[test]
fn only_the_next_number_of_the_lap_is_offered_as_a_lap_card() {
    let yaml = sandage(
        1,
        "[1, 2]",
        "[3, 5]",
        "decisions:\n  light:\n    thrust: true\n",
    );
    let (_, decision) = until_asked::<PodraceProcedure>(&yaml, "podrace", "lap-card");
    let offered: Vec<Option<i32>> = decision
        .options
        .iter()
        .filter(|option| !option.declines)
        .map(|option| option.destiny)
        .collect();
    assert_eq!(offered, [Some(3)]);
}

#[test]
fn the_sixth_card_finishes_the_lap_and_the_six_leave_the_pile_for_the_deck() {
    let yaml = sandage(
        3,
        "[1, 2, 3, 4]",
        "[5, 6]",
        "decisions:\n  light:\n    thrust: true\n    lap_cards: [5, 6, stop]\n    refuel: 0\n",
    );
    let (run, after, result) = run::<PodraceProcedure>(&yaml, "podrace");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    assert_eq!(result.laps, 1);
    assert!(after.zone(Zone::PodracingPile(Side::Light)).is_empty());
    assert_eq!(after.zone(Zone::DrawDeck(Side::Light)).len(), 8);
    // The cards that left the pile are no longer handling cards.
    assert!(after.zone(Zone::DrawDeck(Side::Light)).iter().all(|id| {
        after
            .instance(*id)
            .is_some_and(|card| card.handling_for.is_none())
    }));
}
