//! Property tests over random duels: conservation of cards after every event, and the same
//! scenario and seed giving byte-identical walkthroughs in every format.

use jedi_judge::cards::Catalog;
use jedi_judge::engine::deciders::Policy;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::{Corpus, Ruleset};
use jedi_judge::walk::walk_text;
use proptest::prelude::*;

mod common;

#[derive(Debug, Clone)]
struct RandomDuel {
    maul_power: i32,
    maul_damage: i32,
    jedi_power: i32,
    jedi_damage: i32,
    dark_deck: Vec<i32>,
    light_deck: Vec<i32>,
    dark_effects: Vec<(i32, &'static str)>,
    light_saber: bool,
    policy: Policy,
    seed: u64,
    old_rules: bool,
    modifier: i32,
}

const EFFECTS: [&str; 5] = [
    "extra-hit",
    "remove-hit",
    "discard-for-two-extra-hits",
    "draw-one",
    "discard-to-draw-two",
];
const BATTLE_CARDS: [&str; 5] = [
    "Power Of The Sith",
    "To The Death",
    "Darth Maul Defiant",
    "Dangerous Encounter",
    "Change In Tactics",
];

fn duel_strategy() -> impl Strategy<Value = RandomDuel> {
    (
        (0i32..7, 0i32..6, 0i32..7, 0i32..6),
        proptest::collection::vec(1i32..=6, 0..14),
        proptest::collection::vec(1i32..=6, 0..14),
        proptest::collection::vec((1i32..=6, proptest::sample::select(EFFECTS.to_vec())), 0..4),
        any::<bool>(),
        prop_oneof![
            Just(Policy::BlockWhenAble),
            Just(Policy::NeverBlock),
            Just(Policy::FirstOption)
        ],
        any::<u64>(),
        any::<bool>(),
        -3i32..4,
    )
        .prop_map(
            |(
                (maul_power, maul_damage, jedi_power, jedi_damage),
                dark_deck,
                light_deck,
                dark_effects,
                light_saber,
                policy,
                seed,
                old_rules,
                modifier,
            )| {
                RandomDuel {
                    maul_power,
                    maul_damage,
                    jedi_power,
                    jedi_damage,
                    dark_deck,
                    light_deck,
                    dark_effects,
                    light_saber,
                    policy,
                    seed,
                    old_rules,
                    modifier,
                }
            },
        )
}

fn scenario(duel: &RandomDuel) -> String {
    let mut cards = format!(
        "cards:\n  Darth Maul, Student of the Dark Side: {{power: {}, damage: {}}}\n  Darth Maul's Lightsaber (The Jedi Council): {{type: weapon, side: dark, usable_by: [Darth Maul], power_bonus: 1}}\n  Qui-Gon Jinn, Jedi Mentor: {{power: {}, damage: {}}}\n  \"Qui-Gon Jinn's Lightsaber, Wielded by Obi-Wan Kenobi\": {{usable_by: [Qui-Gon Jinn]}}\n  The Duel Begins: {{damage_modifier: {{amount: {}, applies_to: opponent}}}}\n",
        duel.maul_power, duel.maul_damage, duel.jedi_power, duel.jedi_damage, duel.modifier
    );
    let mut dark_deck: Vec<String> = duel.dark_deck.iter().map(i32::to_string).collect();
    for (index, (destiny, effect)) in duel.dark_effects.iter().enumerate() {
        let name = BATTLE_CARDS[index % BATTLE_CARDS.len()];
        if cards.contains(name) {
            continue;
        }
        cards.push_str(&format!(
            "  {name}: {{destiny: {destiny}, dueling: {effect}}}\n"
        ));
        dark_deck.insert(index.min(dark_deck.len()), name.to_string());
    }
    let light_weapon = if duel.light_saber {
        ", Qui-Gon Jinn's Lightsaber"
    } else {
        ""
    };
    format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\nseed: {}\n{}{cards}dark:\n  deck: [{}]\nlight:\n  deck: [{}]\nplanets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council), The Duel Begins]\n    light: [\"Naboo • Battle Plains\", qui-gon mentor{light_weapon}]\n",
        duel.seed,
        if duel.old_rules {
            "rules: 2000-12-01\n"
        } else {
            ""
        },
        dark_deck.join(", "),
        duel.light_deck
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    )
}

proptest! {
    #![proptest_config(common::property_config(300))]

    /// Every card is in exactly one zone after every event of a random duel.
    #[test]
    fn every_card_is_in_exactly_one_zone_after_every_event(duel in duel_strategy()) {
        let text = scenario(&duel);
        let mut events = 0;
        let mut broken = false;
        let walked = walk_text(&text, Corpus::embedded(), Catalog::embedded(), None, Some(duel.policy), Some(&mut |conserved| {
            events += 1;
            broken |= !conserved;
        }));
        let walked = walked.unwrap_or_else(|error| panic!("{error:?}\n{text}"));
        prop_assert!(!broken, "conservation broken in\n{}", text);
        prop_assert_eq!(events, walked.step_count());
        let duel = walked
            .outcome_as::<jedi_judge::procedures::duel::DuelWalk>()
            .expect("a duel");
        prop_assert!(duel.after.conservation_holds());
        prop_assert_eq!(duel.after.cards.len(), duel.before.cards.len());
        // The walk ends: with the policy answering, only a missing fact could stop it.
        prop_assert!(walked.stop().is_none(), "{:?}\n{}", walked.stop(), text);
    }

    /// The same scenario and seed give byte-identical walkthroughs in every format.
    #[test]
    fn the_same_scenario_and_seed_give_identical_output(duel in duel_strategy()) {
        let text = scenario(&duel);
        let rules = duel.old_rules.then(|| Ruleset::parse("2000-12-01").expect("a date"));
        let once = walk_text(&text, Corpus::embedded(), Catalog::embedded(), rules.as_ref(), Some(duel.policy), None)
            .unwrap_or_else(|error| panic!("{error:?}"));
        let twice = walk_text(&text, Corpus::embedded(), Catalog::embedded(), rules.as_ref(), Some(duel.policy), None)
            .unwrap_or_else(|error| panic!("{error:?}"));
        for format in [Format::Text, Format::Markdown, Format::Json] {
            prop_assert_eq!(
                render(&once, Corpus::embedded(), format, Palette::plain()),
                render(&twice, Corpus::embedded(), format, Palette::plain())
            );
        }
    }
}
