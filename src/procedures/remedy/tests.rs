//! The remedies, step by step: a misplay's remedy carried out, and a position with none.

use super::RemedyProcedure;
use super::events::RemedyEvent;
use crate::board::Zone;
use crate::cards::Side;
use crate::procedures::testing::{run, run_names};

/// A position on Naboo whose Dark Side battle plan holds these cards.
fn plan(cards: &str) -> String {
    format!(
        "action: remedy\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n\
         dark:\n  battle_plan: {cards}\n\
         planets:\n  Naboo:\n    dark: [\"Darth Maul, Sith Apprentice\"]\n    \
         light: [\"Qui-Gon Jinn, Jedi Master\"]\n"
    )
}

#[test]
fn a_card_that_is_not_a_battle_card_goes_back_from_the_plan_to_the_hand() {
    let yaml = plan("[\"Rune Haako, Neimoidian Advisor\", Power Of The Sith]");
    let (run, after, result) = run::<RemedyProcedure>(&yaml, "remedy");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    assert_eq!(result.returned, ["Rune Haako, Neimoidian Advisor"]);
    assert_eq!(result.remedied, ["non-battle-card-in-battle-plan"]);
    assert_eq!(after.zone(Zone::Hand(Side::Dark)).len(), 1);
    assert_eq!(after.zone(Zone::BattlePlan(Side::Dark)).len(), 1);
}

#[test]
fn a_position_without_a_misplay_has_nothing_to_remedy() {
    let (run, after, result) = run::<RemedyProcedure>(&plan("[Power Of The Sith]"), "remedy");
    assert_eq!(run_names(&run), ["nothing-to-remedy"]);
    assert!(matches!(
        run.events.first().map(|event| &event.kind),
        Some(RemedyEvent::NothingToRemedy)
    ));
    assert!(result.returned.is_empty());
    assert_eq!(after.zone(Zone::BattlePlan(Side::Dark)).len(), 1);
}
