//! The battle's engine, step by step: a tied fight as the named assumption says, an
//! evacuation refused without a transport, and a starship of unknown kind asked for.

use super::BattleProcedure;
use super::events::{BattleEvent, BattleRefusal};
use crate::engine::Advance;
use crate::procedures::testing::{run, run_names, until_decided};

/// A battle on Naboo whose second fight is tied at 6 (the battle droid with Battle Droid
/// Patrol against Qui-Gon), `assumptions` added.
fn tied_battle(assumptions: &str) -> String {
    format!(
        "action: battle\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n{assumptions}\
         cards:\n  Battle Droid Patrol: {{battle_bonus: 4}}\n\
         light:\n  deck: [2, 4, 6, 1, 1, 5, 3, 3, 6, 6, 2, 2]\n\
         dark:\n  deck: [5, 1, 3, 4, 5, 6]\n  hand: [Battle Droid Patrol]\n\
         planets:\n  Naboo:\n    \
         light: [\"Obi-Wan Kenobi, Jedi Knight\", \"Qui-Gon Jinn, Jedi Master\"]\n    \
         dark: [\"Darth Maul, Sith Apprentice\", \"Darth Maul's Lightsaber (The Jedi Council)\", \"Battle Droid: Infantry, AAT Division\", \"Neimoidian Trade Federation Pilot\"]\n\
         battle:\n  dark:\n    - fighter: Darth Maul, Sith Apprentice\n      \
         weapon: Darth Maul's Lightsaber (The Jedi Council)\n    \
         - fighter: \"Battle Droid: Infantry, AAT Division\"\n      \
         battle_cards: [Battle Droid Patrol]\n    \
         - fighter: Neimoidian Trade Federation Pilot\n  \
         light:\n    - fighter: Obi-Wan Kenobi, Jedi Knight\n    \
         - fighter: Qui-Gon Jinn, Jedi Master\n"
    )
}

#[test]
fn a_tied_fight_defeats_neither_card_by_default() {
    let (run, _, result) = run::<BattleProcedure>(&tied_battle(""), "battle");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    assert!(run_names(&run).iter().any(|name| name == "fight-tied"));
    assert_eq!(result.defeated_light, ["Obi-Wan Kenobi, Jedi Knight"]);
    assert!(result.defeated_dark.is_empty());
}

#[test]
fn a_tied_fight_defeats_both_cards_when_the_scenario_says_so() {
    let yaml = tied_battle("assumptions:\n  tied-fight: both-defeated\n");
    let (_, _, result) = run::<BattleProcedure>(&yaml, "battle");
    assert_eq!(
        result.defeated_light,
        ["Obi-Wan Kenobi, Jedi Knight", "Qui-Gon Jinn, Jedi Master"]
    );
    assert_eq!(
        result.defeated_dark,
        ["Battle Droid: Infantry, AAT Division"]
    );
}

#[test]
fn an_evacuation_without_a_transport_is_refused_at_once() {
    let yaml = "action: evacuate\nturn: light\ncurrent_planet: Naboo\n\
                light:\n  deck: [3, 4]\n  hyperspace: [\"Naboo Starfighter (The Jedi Council)\"]\n\
                dark:\n  deck: [2, 1]\n\
                planets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    \
                dark: [\"Darth Maul, Sith Apprentice\"]\n";
    let (events, next) = until_decided::<BattleProcedure>(yaml, "evacuate");
    assert!(matches!(next, Advance::Done), "{next:?}");
    assert!(matches!(
        events.first(),
        Some(BattleEvent::Refused {
            refusal: BattleRefusal::NoTransport { .. },
            ..
        })
    ));
}

#[test]
fn a_starship_whose_kind_no_source_gives_stops_the_evacuation_for_it() {
    let yaml = "action: evacuate\nturn: light\ncurrent_planet: Naboo\n\
                cards:\n  Made Up Cruiser: {type: starship, side: light, power: 3}\n\
                light:\n  deck: [3, 4]\n  hyperspace: [Made Up Cruiser]\n\
                dark:\n  deck: [2, 1]\n\
                planets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    \
                dark: [\"Darth Maul, Sith Apprentice\"]\n";
    let (_, next) = until_decided::<BattleProcedure>(yaml, "evacuate");
    let Advance::Missing(fact) = next else {
        panic!("expected the starship's kind to be asked for, got {next:?}");
    };
    assert_eq!(
        (fact.code(), fact.card()),
        ("starship-kind-unknown", Some("Made Up Cruiser"))
    );
}

/// A battle plan made by decisions over many identical characters asks work linear in the
/// characters: each decision offers their kinds, not every card left.
#[test]
fn a_plan_over_many_identical_characters_asks_work_linear_in_them() {
    let battle = |count: usize| {
        let side = |name: &str| vec![format!("\"{name}\""); count].join(", ");
        format!(
            "action: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\n\
             policy: first-option\nlight:\n  deck: {{count: 20}}\ndark:\n  deck: {{count: 20}}\n\
             planets:\n  Naboo:\n    light: [{}]\n    dark: [{}]\n",
            side("Qui-Gon Jinn, Jedi Master"),
            side("Darth Maul, Sith Apprentice"),
        )
    };
    crate::procedures::testing::assert_linear(150, |count| {
        crate::procedures::testing::decision_work::<super::BattleProcedure>(
            &battle(count),
            "battle",
        )
    });
}
