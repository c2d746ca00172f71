//! Property test of the numbers of the scenario format: values at and far beyond the ends of
//! each range are refused, every one of them at once; values within give verdicts whose
//! arithmetic does not wrap.

use jedi_judge::cards::Catalog;
use jedi_judge::check::{FileVerdict, check_text};
use jedi_judge::procedures::duel::events::DuelEvent;
use jedi_judge::rules::Corpus;
use jedi_judge::walk::{WalkError, walk_text};
use proptest::prelude::*;

mod common;

/// A number for a field with the range `min..=max`: inside it, at its ends, just outside, or
/// at the extremes of the integer types.
fn number(min: i64, max: i64) -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => min..=max,
        1 => Just(min),
        1 => Just(max),
        1 => Just(min - 1),
        1 => Just(max + 1),
        1 => prop_oneof![
            Just(i64::from(i32::MAX)),
            Just(i64::from(i32::MIN)),
            Just(i64::from(u32::MAX) + 1),
            Just(i64::MAX),
            Just(i64::MIN),
        ],
    ]
}

/// The numbers of one position, each with its range.
#[derive(Clone, Debug)]
struct Numbers {
    values: Vec<(&'static str, i64, i64, i64)>,
}

fn numbers() -> impl Strategy<Value = Numbers> {
    (
        number(0, 20),
        number(0, 20),
        number(-20, 20),
        number(-20, 20),
        number(-20, 20),
        number(0, 99),
        number(0, 999),
        number(0, 1000),
    )
        .prop_map(
            |(power, damage, bonus, text_bonus, modifier, hits, counters, count)| Numbers {
                values: vec![
                    ("power", power, 0, 20),
                    ("damage", damage, 0, 20),
                    ("power_bonus", bonus, -20, 20),
                    ("text_bonus", text_bonus, -20, 20),
                    ("amount", modifier, -20, 20),
                    ("hits", hits, 0, 99),
                    ("counters_spent", counters, 0, 999),
                    ("count", count, 0, 1000),
                ],
            },
        )
}

impl Numbers {
    fn get(&self, name: &str) -> i64 {
        self.values
            .iter()
            .find(|(field, ..)| *field == name)
            .map_or(0, |(_, value, ..)| *value)
    }

    fn with(&self, name: &str, value: i64) -> Numbers {
        let mut changed = self.clone();
        for (field, old, ..) in &mut changed.values {
            if *field == name {
                *old = value;
            }
        }
        changed
    }

    fn out_of_range(&self) -> usize {
        self.values
            .iter()
            .filter(|(_, value, min, max)| !(min..=max).contains(&value))
            .count()
    }

    fn scenario(&self) -> String {
        format!(
            "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: first-option\n\
             cards:\n  Darth Maul, Student of the Dark Side: {{power: {}, damage: {}, text_bonus: {}}}\n  \
             Darth Maul's Lightsaber (The Jedi Council): {{type: weapon, side: dark, usable_by: [Darth Maul], power_bonus: {}}}\n  \
             Qui-Gon Jinn, Jedi Mentor: {{power: 4, damage: 3, damage_modifier: {{amount: {}, applies_to: opponent}}}}\n\
             dark:\n  deck: {{count: {}}}\n  counters_spent: {}\n\
             light:\n  deck: [4, 1, 3, 5, 2, 6, 3, 3, 4, 2, 5, 1]\n\
             planets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]\n    light:\n      - {{card: qui-gon mentor, hits: {}}}\n",
            self.get("power"),
            self.get("damage"),
            self.get("text_bonus"),
            self.get("power_bonus"),
            self.get("amount"),
            self.get("count"),
            self.get("counters_spent"),
            self.get("hits"),
        )
    }
}

proptest! {
    #![proptest_config(common::property_config(256))]

    /// Each number outside its range is refused with its range, all of them in one reading;
    /// a position whose numbers are all in range is read, and its walk adds without
    /// wrapping: every power total is the sum of its parts, and no damage is negative.
    #[test]
    fn numbers_outside_their_range_are_refused_and_those_within_add_up(numbers in numbers()) {
        let text = numbers.scenario();
        let corpus = Corpus::embedded();
        let catalog = Catalog::embedded();
        let report = check_text("numbers.yaml", &text, corpus, catalog, None);
        let refused = report
            .problems
            .iter()
            .filter(|problem| problem.message.contains("out of range"))
            .count();
        prop_assert_eq!(refused, numbers.out_of_range(), "{:?}\n{}", report.problems, text);
        if numbers.out_of_range() > 0 {
            prop_assert_eq!(report.verdict, FileVerdict::Unreadable);
            return Ok(());
        }
        prop_assert_ne!(report.verdict, FileVerdict::Unreadable, "{:?}", report.problems);
        let hits_outside_a_duel = report
            .violations
            .iter()
            .any(|violation| violation.code == "hits-outside-duel");
        prop_assert_eq!(hits_outside_a_duel, numbers.get("hits") > 0);
        let text = if hits_outside_a_duel {
            // Hit tokens with no duel under way refuse the walk; the same position without
            // them is walked.
            let refused = walk_text(&text, corpus, catalog, None, None, None);
            let Err(WalkError::Input(problems)) = refused else {
                panic!("hit tokens outside a duel were walked\n{text}");
            };
            prop_assert!(problems.has_code("hits-outside-duel"));
            numbers.with("hits", 0).scenario()
        } else {
            text
        };
        let walked = walk_text(&text, corpus, catalog, None, None, None)
            .unwrap_or_else(|error| panic!("{error:?}\n{text}"));
        let duel = walked
            .outcome_as::<jedi_judge::procedures::duel::DuelWalk>()
            .expect("a duel");
        for event in &duel.run.events {
            match &event.kind {
                DuelEvent::PowerTotalled { parts, total, .. } => {
                    let sum: i64 = parts.iter().map(|(_, amount)| i64::from(*amount)).sum();
                    prop_assert_eq!(i64::from(*total), sum);
                }
                DuelEvent::DamageTaken { amount, .. } => prop_assert!(*amount >= 0),
                _ => {}
            }
        }
        let result = &duel.result;
        prop_assert!(result.damage_light >= 0 && result.damage_dark >= 0);
    }
}
