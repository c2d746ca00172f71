//! Property tests of the odds over random small duels: the exact answer, summed over every
//! distinguishable draw, is the naive one that runs every order of both decks, fraction for
//! fraction (with dueling text that draws again, passes under the Players Committee, and
//! each policy), and its chances cover every case once.

use jedi_judge::cards::Catalog;
use jedi_judge::engine::deciders::Policy;
use jedi_judge::odds::{OddsAsk, odds_text};
use jedi_judge::procedures::odds::{Flow, Method, OddsAnswer, Reached};
use jedi_judge::rules::Corpus;
use proptest::prelude::*;

mod common;

#[derive(Debug, Clone)]
struct SmallDuel {
    maul_power: i32,
    maul_damage: i32,
    jedi_power: i32,
    jedi_damage: i32,
    dark_deck: Vec<i32>,
    light_deck: Vec<i32>,
    /// A Battle card in the Dark deck whose dueling text draws one more card, at this place.
    draw_one_at: Option<usize>,
    policy: Policy,
    players_committee: bool,
}

fn small_duel() -> impl Strategy<Value = SmallDuel> {
    (
        (0i32..3, 1i32..4, 1i32..4, 1i32..4),
        proptest::collection::vec(1i32..=4, 0..4),
        proptest::collection::vec(1i32..=4, 0..5),
        proptest::option::of(0usize..4),
        prop_oneof![Just(Policy::BlockWhenAble), Just(Policy::NeverBlock)],
        any::<bool>(),
    )
        .prop_map(
            |(
                (maul_power, maul_damage, jedi_power, jedi_damage),
                dark_deck,
                light_deck,
                draw_one_at,
                policy,
                players_committee,
            )| SmallDuel {
                maul_power,
                maul_damage,
                jedi_power,
                jedi_damage,
                dark_deck,
                light_deck,
                draw_one_at,
                policy,
                players_committee,
            },
        )
}

fn scenario(duel: &SmallDuel) -> String {
    let mut dark: Vec<String> = duel.dark_deck.iter().map(i32::to_string).collect();
    if let Some(at) = duel.draw_one_at {
        dark.insert(at.min(dark.len()), "Dangerous Encounter".to_string());
    }
    let light: Vec<String> = duel.light_deck.iter().map(i32::to_string).collect();
    format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n{}\
         cards:\n  Darth Maul, Student of the Dark Side: {{power: {}, damage: {}, text: none}}\n  \
         Darth Maul's Lightsaber (The Jedi Council): {{power_bonus: 1}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{power: {}, damage: {}, text: none}}\n\
         dark:\n  deck: [{}]\nlight:\n  deck: [{}]\n\
         planets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]\n    \
         light: [qui-gon mentor]\n",
        if duel.players_committee {
            "rules: players-committee\n"
        } else {
            ""
        },
        duel.maul_power,
        duel.maul_damage,
        duel.jedi_power,
        duel.jedi_damage,
        dark.join(", "),
        light.join(", ")
    )
}

fn answer(text: &str, policy: Policy, method: Method) -> OddsAnswer {
    let ask = OddsAsk {
        policy: Some(policy),
        method: Some(method),
        ..OddsAsk::default()
    };
    odds_text(
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        &ask,
        &mut |_| Flow::Go,
    )
    .unwrap_or_else(|error| panic!("{error:?}\n{text}"))
    .answer
}

proptest! {
    #![proptest_config(common::property_config(200))]

    /// The exact answer is every order of both decks summed, and covers every case once.
    #[test]
    fn the_exact_answer_is_every_order_of_the_decks(duel in small_duel()) {
        let text = scenario(&duel);
        let exact = answer(&text, duel.policy, Method::Exact);
        let naive = answer(&text, duel.policy, Method::EveryOrder(u64::MAX));
        prop_assert!(!naive.partial);
        let exact_reached = matches!(exact.reached, Reached::Exact { .. });
        prop_assert!(exact_reached);
        prop_assert_eq!(
            exact.distribution.covered().fraction().map(ToString::to_string),
            Some("1".to_string())
        );
        prop_assert_eq!(&exact.distribution, &naive.distribution, "{}", text);
    }
}

/// The tree of `one-card-each-checked-by-hand`: the Dark Side draws one card (a 5 or a 3),
/// then the Light Side one (a 5 or a 3): a root, 2 nodes below it and 4 cases below those,
/// each run once, and the root's run once more before the exact tree (the answer's first
/// look at what the runs draw, from the table): 8 runs. Every run below the root resumes from
/// the state before its parent's draw rather than making it again, and the root's own run in
/// the tree from the state before any deck is touched (the initiation and the choices of who
/// fights with what, made once): 7 of them. The answer is the one the scenario works out by
/// hand.
#[test]
fn every_run_below_a_branch_resumes_from_the_state_before_it() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/odds/one-card-each-checked-by-hand.yaml"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let exact = answer(&text, Policy::BlockWhenAble, Method::Exact);
    assert_eq!(exact.reached, Reached::Exact { cases: 4 });
    assert_eq!((exact.runs, exact.resumed), (8, 7));
    let dark_damage = exact
        .distribution
        .expected(|ending| i64::from(ending.damage(jedi_judge::cards::Side::Dark)));
    assert_eq!(dark_damage.fraction().as_deref(), Some("5/12"));
}
