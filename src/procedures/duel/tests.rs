//! The duel's engine, step by step: blocks, hits, the next attacker, refusals.

use super::DuelProcedure;
use super::events::{DuelEvent, Refusal};
use crate::engine::{Advance, Stop, Unanswered};
use crate::procedures::testing::{run, run_names, until_decided};

/// A duel under way on Naboo: Maul attacked with a 4, and the Light Side player, with
/// `light_hand` in his dueling hand, is to block it.
fn block_pending(light_hand: &str, decisions: &str) -> String {
    format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n\
         cards:\n  Darth Maul, Student of the Dark Side: {{power: 3, damage: 4}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{power: 3, damage: 3}}\n\
         dark:\n  deck: [2, 2, 6, 6]\nlight:\n  deck: [1, 1, 6, 6]\n\
         planets:\n  Naboo:\n    dark: [maul student]\n    light: [qui-gon mentor]\n\
         duel:\n  initiator: dark\n  next: light\n  pending: block\n  \
         dark: {{fighter: maul student, hand: [3], pile: [4], drawn: 4}}\n  \
         light: {{fighter: qui-gon mentor, hand: {light_hand}, drawn: 4}}\n\
         {decisions}"
    )
}

#[test]
fn a_block_is_offered_only_with_a_card_of_the_attack_number() {
    let (events, next) = until_decided::<DuelProcedure>(&block_pending("[4, 5, 3]", ""), "duel");
    assert!(matches!(
        events.first(),
        Some(DuelEvent::DuelResumed { .. })
    ));
    let Advance::Decide(decision) = next else {
        panic!("expected the block decision, got {next:?}");
    };
    assert_eq!(decision.kind.name, "block");
    let taking: Vec<Option<i32>> = decision
        .options
        .iter()
        .filter(|option| !option.declines)
        .map(|option| option.destiny)
        .collect();
    assert_eq!(taking, [Some(4)]);
    assert!(decision.options.iter().any(|option| option.declines));
}

#[test]
fn a_scripted_block_of_another_number_is_refused_not_played() {
    let yaml = block_pending("[4, 5, 3]", "decisions:\n  light:\n    plays: [5]\n");
    let (run, _, _) = run::<DuelProcedure>(&yaml, "duel");
    let Some(Stop::Undecided { decision, why }) = &run.stop else {
        panic!("expected the block refused, got {:?}", run.stop);
    };
    assert_eq!(decision.kind.name, "block");
    assert_eq!(
        why,
        &Unanswered::NotLegal {
            given: "5".to_string(),
            ruled_out: Some(crate::engine::RuledOut {
                why: "a block must match the attack exactly, and the attack is a 4, not a 5: a block with a card of destiny 4 would have been legal".to_string(),
                cites: vec![super::engine::BLOCK],
                assumptions: Vec::new(),
            }),
        }
    );
}

#[test]
fn an_attack_not_blocked_scores_a_hit_and_the_player_hit_attacks_next() {
    let yaml = block_pending("[5, 3]", "policy: block-when-able\n");
    let (run, _, result) = run::<DuelProcedure>(&yaml, "duel");
    let names = run_names(&run);
    let hit = names.iter().position(|name| name == "hit");
    let no_block = names.iter().position(|name| name == "no-block");
    assert!(no_block.is_some() && no_block < hit, "{names:?}");
    assert_eq!(result.first_attacker, Some(crate::cards::Side::Light));
    assert!(run.stop.is_none());
}

#[test]
fn a_duel_outside_the_battle_step_is_refused() {
    let yaml = "action: duel\nturn: dark\nstep: deploy\ncurrent_planet: Naboo\n\
                planets:\n  Naboo:\n    dark: [maul student]\n    light: [qui-gon mentor]\n";
    let (events, next) = until_decided::<DuelProcedure>(yaml, "duel");
    assert!(matches!(next, Advance::Done), "{next:?}");
    assert!(matches!(
        events.as_slice(),
        [DuelEvent::DuelRefused {
            refusal: Refusal::NotBattleStep { .. },
            ..
        }]
    ));
}

/// The duel tells the kind of a decision it answers by its name alone: no two of its kinds
/// share one.
#[test]
fn every_kind_of_decision_of_the_duel_has_a_name_of_its_own() {
    let names: std::collections::BTreeSet<&str> = super::decisions::KINDS
        .iter()
        .map(|kind| kind.name)
        .collect();
    assert_eq!(names.len(), super::decisions::KINDS.len());
}

/// A duel of Darth Maul, Dark Lord of the Sith (+1 at Naboo • Theed Palace, +0 at Naboo's
/// other locations) on Naboo, with `locations` listed there and `cards` declared: the power
/// he fights with, or the walk's stop. Qui-Gon, who defends, has no location bonus here.
fn maul_power(locations: &str, cards: &str) -> Result<i32, Box<Option<Stop>>> {
    let yaml = format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\n\
         cards:\n  Darth Maul's Lightsaber (The Jedi Council): {{power_bonus: 2}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{text: none}}\n{cards}\
         dark:\n  deck: [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]\nlight:\n  deck: [1, 2, 3]\n\
         planets:\n  Naboo:\n    dark: [\"Darth Maul, Dark Lord of the Sith\", \"Darth Maul's Lightsaber (The Jedi Council)\"]\n    \
         light: [{locations}qui-gon mentor]\n\
         decisions:\n  dark:\n    defender: qui-gon\n  light:\n    weapon: none\n"
    );
    let (run, _, _) = run::<DuelProcedure>(&yaml, "duel");
    run.events
        .iter()
        .find_map(|event| match &event.kind {
            DuelEvent::PowerTotalled {
                side: crate::cards::Side::Dark,
                total,
                ..
            } => Some(*total),
            _ => None,
        })
        .ok_or(Box::new(run.stop))
}

#[test]
fn the_printed_bonus_for_the_location_in_play_adds_to_the_power_a_duel_totals() {
    // 6 printed, 2 of the lightsaber; +1 at Theed Palace, +0 at Battle Plains, whichever
    // player's Location card it is and however the set spells it.
    assert_eq!(maul_power("\"Naboo • Theed Palace\", ", ""), Ok(9));
    assert_eq!(maul_power("\"Naboo Battle Plains\", ", ""), Ok(8));
    // Two copies of one location are one location.
    assert_eq!(
        maul_power("\"Naboo • Theed Palace\", \"Naboo • Theed Palace\", ", ""),
        Ok(9)
    );
}

#[test]
fn a_location_bonus_that_differs_by_location_asks_which_location_is_in_play() {
    for locations in ["", "\"Naboo • Theed Palace\", \"Naboo • Gungan Swamp\", "] {
        let Err(stop) = maul_power(locations, "") else {
            panic!("expected the location asked for with {locations:?}");
        };
        let Some(Stop::Missing { fact }) = *stop else {
            panic!("expected the location asked for with {locations:?}");
        };
        assert_eq!(fact.code(), "location-unknown");
        assert_eq!(fact.field(), Some("location_bonus"));
        assert_eq!(fact.card(), Some("Darth Maul, Dark Lord of the Sith"));
    }
}

#[test]
fn a_declared_location_bonus_replaces_the_printed_ones_and_text_none_switches_them_off() {
    let declared = "  Darth Maul, Dark Lord of the Sith: {location_bonus: {Naboo: 3}}\n";
    assert_eq!(maul_power("\"Naboo • Theed Palace\", ", declared), Ok(11));
    assert_eq!(maul_power("", declared), Ok(11));
    let off = "  Darth Maul, Dark Lord of the Sith: {text: none}\n";
    assert_eq!(maul_power("\"Naboo • Theed Palace\", ", off), Ok(8));
    assert_eq!(maul_power("", off), Ok(8));
}

#[test]
fn a_weapon_named_without_the_version_asks_which_where_the_duel_reads_its_boxes() {
    let duel = |cards: &str| {
        let yaml = format!(
            "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\n\
             cards:\n  Darth Maul, Student of the Dark Side: {{text: none}}\n  \
             Qui-Gon Jinn, Jedi Mentor: {{text: none}}\n{cards}\
             dark:\n  deck: [1, 2, 3, 4, 5, 6, 1, 2]\nlight:\n  deck: [1, 2, 3]\n\
             planets:\n  Naboo:\n    dark: [maul student, \"Darth Maul's Lightsaber\"]\n    \
             light: [qui-gon mentor]\n"
        );
        run::<DuelProcedure>(&yaml, "duel").0.stop
    };
    // Its two printings differ in their boxes, which say whether Maul may use it.
    let Some(Stop::Missing { fact }) = duel("") else {
        panic!("expected the version asked for");
    };
    assert_eq!(fact.code(), "card-version-unknown");
    assert_eq!(fact.card(), Some("Darth Maul's Lightsaber"));
    let asked = fact.to_string();
    assert!(
        asked.starts_with("which version of Darth Maul's Lightsaber is in play?")
            && asked.contains("Darth Maul's Lightsaber (The Jedi Council)")
            && asked.contains("Darth Maul's Lightsaber (Battle of Naboo)"),
        "{asked}"
    );
    // Declaring who may use it settles what the duel reads: nothing more is asked.
    let declared = "  Darth Maul's Lightsaber: {usable_by: [Darth Maul], power_bonus: 1}\n";
    assert_eq!(duel(declared), None);
}

/// A duel under way whose dueling hands hold `light` and `dark` cards, numbers and named
/// cards mixed, played by `policy`.
fn big_hands(light: usize, dark: usize, policy: &str) -> String {
    let hand = |count: usize, start: usize| {
        (0..count)
            .map(|at| match (at * 5 + start) % 9 {
                7 => "\"Qui-Gon Jinn, Jedi Mentor\"".to_string(),
                8 => "\"Darth Maul, Student of the Dark Side\"".to_string(),
                number => ((number + at / 9) % 6 + 1).to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n\
         cards:\n  Darth Maul, Student of the Dark Side: {{power: 3, damage: 20}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{power: 3, damage: 20}}\n\
         dark:\n  deck: [2, 2, 6, 6, 1, 3, 5, 4]\nlight:\n  deck: [1, 1, 6, 6, 2, 4, 3, 5]\n\
         planets:\n  Naboo:\n    dark: [maul student]\n    light: [qui-gon mentor]\n\
         duel:\n  initiator: dark\n  next: dark\n  pending: attack\n  \
         dark: {{fighter: maul student, hand: [{}], drawn: 4}}\n  \
         light: {{fighter: qui-gon mentor, hand: [{}], drawn: 4}}\npolicy: {policy}\n",
        hand(dark, 2),
        hand(light, 0),
    )
}

/// Answers by a policy, and writes down what each decision offered: its kind, how many cards
/// it stands for, and each distinct choice with how many cards it stands for; and, where it
/// shows every card, each card's label.
struct Recording {
    policy: crate::engine::deciders::Policy,
    shows: bool,
    seen: Vec<String>,
    /// The most cards one choice stood for.
    most: usize,
}

impl crate::engine::Decider for Recording {
    fn decide(
        &mut self,
        decision: &crate::engine::Decision,
        board: Option<&crate::board::Board>,
    ) -> Result<usize, Unanswered> {
        let choices: Vec<(String, usize)> = crate::engine::deciders::distinct_choices(decision)
            .into_iter()
            .map(|(first, count)| (decision.options[first].label.to_string(), count))
            .collect();
        let cards: Vec<String> = if self.shows {
            decision
                .options
                .iter()
                .map(|option| format!("{} #{:?}", option.label, option.card))
                .collect()
        } else {
            Vec::new()
        };
        self.most = choices
            .iter()
            .map(|(_, count)| *count)
            .fold(self.most, usize::max);
        let choice = self.policy.choose(decision, board);
        self.seen.push(format!(
            "{} of {}: {choices:?} {cards:?} -> {:?}",
            decision.kind.name,
            decision.card_count(),
            decision.options.get(choice).map(|option| option.card)
        ));
        Ok(choice)
    }

    fn shows_every_option(&self) -> bool {
        self.shows
    }
}

/// A dueling hand of more than 64 cards is offered one option for each kind of card. Played
/// out by each policy, by a decider that sees the options and by one that sees every card, it
/// comes to the same duel, event for event, as the same hands offered card by card, each
/// decision standing for the same cards, with the same choices, each with its count.
#[test]
fn a_hand_offered_by_kind_plays_as_the_same_hand_offered_card_by_card() {
    // The Young Jedi policies: a scenario refuses Clash of the Lightsabers' `strongest`.
    for policy in crate::procedures::policies_of(crate::scenario::GameName::YoungJedi) {
        let yaml = big_hands(90, 70, policy.name());
        for shows in [false, true] {
            let played = |by_kind: bool| {
                let mut board: crate::board::Board = crate::procedures::testing::table(&yaml);
                let mut engine =
                    super::engine::DuelEngine::new(&board, crate::rules::Corpus::embedded());
                if !by_kind {
                    engine.by_kind_from = usize::MAX;
                }
                let mut decider = Recording {
                    policy,
                    shows,
                    seen: Vec::new(),
                    most: 0,
                };
                let run = crate::engine::run(&mut engine, &mut board, &mut decider, &mut |_, _| {});
                let events: Vec<String> = run
                    .events
                    .iter()
                    .map(|event| format!("{:?}", event.kind))
                    .collect();
                (
                    events,
                    format!("{:?}", run.stop),
                    decider.seen,
                    decider.most,
                )
            };
            let (by_kind, by_card) = (played(true), played(false));
            assert!(
                by_kind.2.len() > 40,
                "a long duel: {} decisions",
                by_kind.2.len()
            );
            assert!(by_kind.3 > 1, "identical cards are one choice");
            assert_eq!(by_kind, by_card, "{policy:?}, every card shown: {shows}");
        }
    }
}

/// A duel of big dueling hands asks work linear in the hands: past 64 cards, each attack and
/// block offers the kinds of card in the hand, not every card.
#[test]
fn a_duel_of_big_hands_asks_work_linear_in_them() {
    crate::procedures::testing::assert_linear(150, |count| {
        crate::procedures::testing::decision_work::<DuelProcedure>(
            &big_hands(count, count, "block-when-able"),
            "duel",
        )
    });
}

/// Two made-up duelists who both print a DAMAGE of 0, under the rulesheet, with the scenario's
/// `assumptions:` lines.
fn both_damage_zero(assumptions: &str) -> String {
    format!(
        "rules: rulesheet\naction: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n\
         policy: block-when-able\n\
         cards:\n  Vosk Tarn, Made-Up Sith: {{type: character, side: dark, power: 2, damage: 0, text: none, traits: {{dueling_character: true}}}}\n  \
         Vosk Tarn's Saber: {{type: weapon, side: dark, usable_by: [Vosk Tarn], power_bonus: 1, traits: {{lightsaber: true}}}}\n  \
         Tanu Vell, Made-Up Jedi: {{type: character, side: light, power: 2, damage: 0, text: none}}\n\
         dark:\n  deck: [2, 5, 4]\nlight:\n  deck: [2, 5, 3]\n\
         planets:\n  Naboo:\n    dark: [Vosk Tarn, Vosk Tarn's Saber]\n    light: [Tanu Vell]\n\
         {assumptions}"
    )
}

#[test]
fn both_duelists_at_damage_zero_are_both_defeated_at_once_when_the_scenario_says_so() {
    let yaml = both_damage_zero("assumptions:\n  damage-zero-under-rulesheet: at-once\n");
    let (run, board, result) = run::<DuelProcedure>(&yaml, "duel");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    let names = run_names(&run);
    assert_eq!(
        names.iter().filter(|name| *name == "defeated").count(),
        2,
        "{names:?}"
    );
    assert!(
        !names.iter().any(|name| name == "dueling-hand-drawn"),
        "{names:?}"
    );
    assert!(!names.iter().any(|name| name == "reshuffled"), "{names:?}");
    assert_eq!(
        names
            .iter()
            .filter(|name| *name == "cards-discarded")
            .count(),
        2
    );
    assert!(result.defeated.is_some());
    use crate::board::Zone;
    use crate::cards::Side;
    // Each discards his character, and the Dark Side his lightsaber with him.
    assert_eq!(board.zone(Zone::DiscardPile(Side::Dark)).len(), 2);
    assert_eq!(board.zone(Zone::DiscardPile(Side::Light)).len(), 1);
}

#[test]
fn at_damage_zero_under_the_rulesheet_the_default_reading_draws_hands_and_names_itself() {
    let (run, _, _) = run::<DuelProcedure>(&both_damage_zero(""), "duel");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    let names = run_names(&run);
    assert!(
        names.iter().any(|name| name == "damage-zero-fights"),
        "{names:?}"
    );
    assert!(
        names.iter().any(|name| name == "dueling-hand-drawn"),
        "{names:?}"
    );
    assert!(run.events.iter().any(|event| {
        event
            .assumptions
            .iter()
            .any(|assumption| assumption.name == "damage-zero-under-rulesheet")
    }));
}

#[test]
fn under_the_players_committee_the_exchange_that_ends_by_choice_takes_its_damage_rule() {
    let yaml = "rules: players-committee\naction: duel\nturn: dark\nstep: battle\n\
                current_planet: Naboo\n\
                cards:\n  Darth Maul, Student of the Dark Side: {power: 3, damage: 4}\n  \
                Qui-Gon Jinn, Jedi Mentor: {power: 3, damage: 3}\n\
                dark:\n  deck: [2, 2, 6, 6]\nlight:\n  deck: [1, 1, 6, 6]\n\
                planets:\n  Naboo:\n    dark: [maul student]\n    light: [qui-gon mentor]\n\
                duel:\n  initiator: dark\n  next: light\n  pending: attack\n  \
                dark: {fighter: maul student, hits: 1, hand: [6, 1], pile: [3], drawn: 3}\n  \
                light: {fighter: qui-gon mentor, pile: [3, 2, 4], drawn: 3}\n\
                assumptions:\n  empty-hand-cannot-attack: duel-ends\n  duel-ends-damage: none\n";
    let (run, _, result) = run::<DuelProcedure>(yaml, "duel");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    // The Players Committee's rule covers a duel with no defeat however it ends.
    assert_eq!(result.damage_dark, 1);
    assert!(!run.events.iter().any(|event| {
        event
            .assumptions
            .iter()
            .any(|assumption| assumption.name == "duel-ends-damage")
    }));
}
