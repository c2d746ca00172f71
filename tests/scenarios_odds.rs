//! The odds (`jedi-judge odds`): every bundled scenario under `scenarios/odds/` meets its
//! `expect: odds:` and renders as reviewed; the hand-checked answer is checked against its
//! arithmetic; sampled answers hold the exact one within their 95% intervals; `--best`,
//! the Players Committee's pass, refusals, Markdown and JSON; runs without words answer as
//! runs with them.

use std::path::Path;

use jedi_judge::cards::{Catalog, Side};
use jedi_judge::cli::{Outcome, execute};
use jedi_judge::odds::{OddsAsk, OddsError, odds_text};
use jedi_judge::procedures::odds::{
    Chance, Estimate, Flow, HowChosen, Method, OddsRefusal, OddsReport, Progress, Reached,
};
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::Corpus;
use num_bigint::BigUint;

mod common;

fn scenario(name: &str) -> String {
    bundled(&format!("odds/{name}"))
}

/// A bundled scenario, by its path under `scenarios/`.
fn bundled(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(path),
    )
    .unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn go(_: Progress) -> Flow {
    Flow::Go
}

fn odds(text: &str, ask: &OddsAsk) -> Result<OddsReport, OddsError> {
    odds_text(text, Corpus::embedded(), Catalog::embedded(), ask, &mut go)
}

fn answered(name: &str, ask: &OddsAsk) -> OddsReport {
    odds(&scenario(name), ask).unwrap_or_else(|error| panic!("{name}: {error:?}"))
}

fn run_cli(args: &[&str]) -> Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

fn fraction(numer: u32, denom: u32) -> Chance {
    Chance::new(BigUint::from(numer), BigUint::from(denom))
}

fn exact(estimate: &Estimate) -> Chance {
    estimate.fraction().cloned().expect("an exact chance")
}

#[test]
fn every_bundled_odds_scenario_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    let mut sampled = 0;
    let mut refused = 0;
    insta::glob!("../scenarios/odds", "*.yaml", |path| {
        let text = std::fs::read_to_string(path).expect("readable");
        assert!(
            text.contains("\n  odds:\n"),
            "{}: every odds scenario states what it expects",
            path.display()
        );
        // A refusal the scenario expects is its answer: the refusal in words, as reviewed.
        let report = match odds(&text, &OddsAsk::default()) {
            Err(OddsError::Refused(refusal)) => {
                let unmet = jedi_judge::odds::refusal_unmet(&text, &refusal)
                    .unwrap_or_else(|| panic!("{}: refused: {refusal}", path.display()));
                assert!(unmet.is_empty(), "{}: {unmet:?}", path.display());
                refused += 1;
                count += 1;
                insta::assert_snapshot!(format!("no odds: {refusal}"));
                return;
            }
            other => other.unwrap_or_else(|error| panic!("{}: {error:?}", path.display())),
        };
        assert!(
            report.unmet.is_empty(),
            "{}: {:?}",
            path.display(),
            report.unmet
        );
        if matches!(report.answer.reached, Reached::Sampled { .. }) {
            sampled += 1;
        }
        count += 1;
        insta::assert_snapshot!(jedi_judge::render::odds::render(
            &report,
            Corpus::embedded(),
            Format::Text,
            Palette::plain()
        ));
    });
    assert!(count >= 8, "only {count} odds scenarios");
    assert!(sampled >= 1, "no scenario too large for an exact answer");
    assert!(refused >= 1, "no scenario whose exact answer is refused");
}

/// Maul and Qui-Gon draw one card each; a match is a block that scores one hit on Maul and
/// none on Qui-Gon (1 damage to the Dark Side), any other pair a tie. The Dark deck is
/// 5, 5, 3 and the Light deck 5, 3, 3, 3: P(match) = 2/3 × 1/4 + 1/3 × 3/4 = 5/12.
#[test]
fn the_hand_checked_duel_comes_to_its_arithmetic() {
    let report = answered("one-card-each-checked-by-hand.yaml", &OddsAsk::default());
    let both_fives = fraction(2, 3) * fraction(1, 4);
    let both_threes = fraction(1, 3) * fraction(3, 4);
    let matched = both_fives + both_threes;
    assert_eq!(matched, fraction(5, 12));
    let distribution = &report.answer.distribution;
    assert_eq!(
        exact(&distribution.chance(|ending| ending.dark_damage == 1)),
        matched
    );
    assert_eq!(
        exact(&distribution.chance(|ending| ending.dark_damage == 0)),
        fraction(7, 12)
    );
    assert_eq!(
        exact(&distribution.chance(|ending| ending.light_damage == 0)),
        fraction(1, 1)
    );
    // Every case is a tie of one hit each, or Maul's one hit alone.
    assert_eq!(
        exact(&distribution.chance(|ending| ending.dark_hits == 1)),
        fraction(1, 1)
    );
    assert_eq!(report.answer.reached, Reached::Exact { cases: 4 });
    // The exact chances cover every case, and no more.
    assert_eq!(exact(&distribution.covered()), fraction(1, 1));
}

/// Where both run, a sample's 95% interval holds the exact chance of each ending (the seed
/// is fixed, so the test is deterministic).
#[test]
fn a_sample_holds_the_exact_answer_within_its_intervals() {
    for name in [
        "how-likely-is-maul-to-survive.yaml",
        "ten-against-ten-exact.yaml",
        "dueling-text-draws-another-card.yaml",
        "one-card-each-checked-by-hand.yaml",
    ] {
        let exact_answer = answered(name, &OddsAsk::default()).answer;
        let sampled = answered(
            name,
            &OddsAsk {
                method: Some(Method::Sampled(4000)),
                ..OddsAsk::default()
            },
        )
        .answer;
        assert!(matches!(
            sampled.reached,
            Reached::Sampled { samples: 4000, .. }
        ));
        for side in [Some(Side::Light), Some(Side::Dark), None] {
            let truth = exact_answer
                .distribution
                .chance(|ending| ending.defeated == side)
                .value();
            let estimate = sampled
                .distribution
                .chance(|ending| ending.defeated == side);
            let (low, high) = estimate.interval().expect("a sampled interval");
            assert!(
                low - 1e-12 <= truth && truth <= high + 1e-12,
                "{name}: {side:?}: exact {truth} outside [{low}, {high}]"
            );
        }
    }
}

#[test]
fn a_position_too_large_to_sum_is_sampled_and_says_why() {
    let report = answered("full-decks-sampled.yaml", &OddsAsk::default());
    assert_eq!(
        report.answer.reached,
        Reached::Sampled {
            samples: 10_000,
            seed: 7
        }
    );
    let why = report.answer.why_sampled.clone().unwrap_or_default();
    assert!(why.contains("5,889,312"), "{why}");
    // The same seed gives the same sample: the same answer, byte for byte.
    let again = answered("full-decks-sampled.yaml", &OddsAsk::default());
    assert_eq!(report.answer, again.answer);
    // Another seed gives another sample.
    let other = answered(
        "full-decks-sampled.yaml",
        &OddsAsk {
            seed: Some(8),
            ..OddsAsk::default()
        },
    );
    assert_ne!(report.answer.distribution, other.answer.distribution);
}

/// A sample is taken in chunks, each from its own seed, on as many threads as there are: the
/// answer is the same, byte for byte, on one thread or three.
#[test]
fn a_sample_is_the_same_whatever_the_number_of_threads() {
    let ask = OddsAsk {
        method: Some(Method::Sampled(9_000)),
        ..OddsAsk::default()
    };
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let report = pool.install(|| answered("full-decks-sampled.yaml", &ask));
        jedi_judge::render::odds::render(
            &report,
            Corpus::embedded(),
            Format::Json,
            Palette::plain(),
        )
    };
    let one = on(1);
    assert_eq!(one, on(3));
    assert!(one.contains("\"samples\": 9000"), "{one}");
}

/// The order a planet's cards are listed in changes no answer: each side takes the open
/// choice best for it, and the output names who duels whom with what. A choice the scenario
/// states is kept as a fact.
#[test]
fn the_order_of_a_list_changes_no_answer_and_the_duel_is_named() {
    let first = answered(
        "the-order-of-a-list-changes-nothing-padme-listed-first.yaml",
        &OddsAsk::default(),
    );
    let last = answered(
        "the-order-of-a-list-changes-nothing-padme-listed-last.yaml",
        &OddsAsk::default(),
    );
    assert_eq!(first.answer.distribution, last.answer.distribution);
    assert_eq!(first.answer.choices, last.answer.choices);
    assert_eq!(first.answer.lineup, last.answer.lineup);
    let lineup = first.answer.lineup.join("\n");
    for named in [
        "chooses Darth Maul, Student of the Dark Side to duel",
        "uses the lightsaber Darth Maul's Lightsaber",
        "Obi-Wan Kenobi, Jedi Padawan to\ndefend",
        "fights with power 4",
        "draws 4 cards for his dueling\nhand",
    ] {
        let flat = lineup.replace('\n', " ");
        assert!(
            flat.contains(&named.replace('\n', " ")),
            "{named}: {lineup}"
        );
    }
    assert!(
        first
            .answer
            .choices
            .iter()
            .all(|choice| matches!(choice.how, HowChosen::Weighed { options: 2 })),
        "{:?}",
        first.answer.choices
    );
    // The defender stated is kept; the Light Side still weighs its substitute.
    let stated = answered("a-stated-defender-is-a-fact.yaml", &OddsAsk::default());
    let hows: Vec<(Side, HowChosen)> = stated
        .answer
        .choices
        .iter()
        .map(|choice| (choice.side, choice.how))
        .collect();
    assert_eq!(
        hows,
        [
            (Side::Dark, HowChosen::Stated),
            (Side::Light, HowChosen::Weighed { options: 2 }),
            (Side::Light, HowChosen::Weighed { options: 2 }),
        ]
    );
    assert!(
        stated.answer.choices[0]
            .chosen
            .contains("Padmé Naberrie, Handmaiden")
    );
    assert!(
        stated.answer.choices[1]
            .chosen
            .contains("Obi-Wan Kenobi, Jedi Padawan")
    );
}

/// A stated choice the rules refuse is an illegal claim, refused as such, never taken for a
/// walk that stops; a stated answer the rules force is heard and stands, one they rule out
/// is refused, as a walk hears them.
#[test]
fn a_stated_choice_the_rules_refuse_is_refused_as_illegal() {
    let refused = |text: &str| match odds(text, &OddsAsk::default()) {
        Err(OddsError::Refused(OddsRefusal::Illegal(said))) => said,
        other => panic!("{:?}", other.map(|report| report.answer.distribution)),
    };
    let stated = scenario("a-stated-defender-is-a-fact.yaml");
    let said = refused(&stated.replace(
        "defender: \"Padmé Naberrie, Handmaiden\"",
        "defender: \"Qui-Gon Jinn, Jedi Master\"",
    ));
    assert!(
        said.contains("`decisions: dark: defender:`")
            && said.contains(
                "Qui-Gon Jinn, Jedi Master is not one of the Light Side player's cards on Naboo"
            ),
        "{said}"
    );
    // The Dark Side's one lightsaber is forced: stating another is refused, stating it
    // stands.
    let position = scenario("how-likely-is-maul-to-survive.yaml");
    let with_weapon =
        |weapon: &str| format!("{position}decisions:\n  dark:\n    weapon: \"{weapon}\"\n");
    let said = refused(&with_weapon("Obi-Wan Kenobi's Lightsaber"));
    assert!(said.contains("`decisions: dark: weapon:`"), "{said}");
    let agreed = odds(
        &with_weapon("Darth Maul's Lightsaber (The Jedi Council)"),
        &OddsAsk::default(),
    )
    .expect("an answer");
    assert!(agreed.unmet.is_empty(), "{:?}", agreed.unmet);
}

/// `--best` weighs the side's options with the opponent choosing to win at his own: the
/// Light Side's substitute makes challenging Padmé no better than challenging Obi-Wan.
#[test]
fn the_best_answer_lets_the_opponent_choose_too() {
    let report = answered(
        "best-defender-when-the-opponent-may-substitute.yaml",
        &OddsAsk::default(),
    );
    let best = report.answer.best.as_ref().expect("a best answer");
    assert_eq!(best.side, Side::Dark);
    assert_eq!(best.options.len(), 2);
    assert_eq!(
        best.options[0].distribution, best.options[1].distribution,
        "with the substitute, both defenders come to one answer"
    );
    assert_eq!(
        best.options[best.best].label,
        "Obi-Wan Kenobi, Jedi Padawan"
    );
}

#[test]
fn the_best_lead_is_the_low_card_where_the_high_one_is_blocked() {
    let report = answered("lead-low-to-keep-the-block.yaml", &OddsAsk::default());
    let best = report.answer.best.as_ref().expect("a best answer");
    assert_eq!(best.side, Side::Light);
    let labels: Vec<&str> = best.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["a card with destiny 6", "a card with destiny 2"]);
    assert_eq!(best.options[best.best].label, "a card with destiny 2");
    // Led, the 2 makes the Dark Side take 2 damage; led, the 6 ties the duel.
    let margin = |at: usize| {
        jedi_judge::procedures::odds::BestAnswer::margin(
            Side::Light,
            &best.options[at].distribution,
        )
        .fraction()
    };
    assert_eq!(margin(0).as_deref(), Some("0"));
    assert_eq!(margin(1).as_deref(), Some("2"));
    // The answer is the position as the Light Side plays it, choosing to win: the low lead,
    // and the Dark Side takes 2 damage.
    assert_eq!(
        exact(
            &report
                .answer
                .distribution
                .chance(|ending| ending.dark_damage == 2)
        ),
        fraction(1, 1)
    );
}

/// A decision before any card is drawn is answered over every draw that follows it: the
/// defender's choice of weapon, with the lightsaber's power bonus and without.
#[test]
fn the_defenders_weapon_is_answered_over_every_draw() {
    let report = answered(
        "how-likely-is-maul-to-survive.yaml",
        &OddsAsk {
            best: Some(Side::Light),
            ..OddsAsk::default()
        },
    );
    let best = report.answer.best.as_ref().expect("a best answer");
    let labels: Vec<&str> = best.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["no weapon", "Obi-Wan Kenobi's Lightsaber"]);
    assert_eq!(best.best, 1);
    // With the lightsaber, the answer is the one the policy plays (take the weapon).
    assert_eq!(best.options[1].distribution, report.answer.distribution);
    // Without it, Obi-Wan draws one card fewer and falls more often.
    let falls = |at: usize| {
        best.options[at]
            .distribution
            .chance(|ending| ending.defeated == Some(Side::Light))
            .value()
    };
    assert!(falls(0) > falls(1), "{} {}", falls(0), falls(1));
}

#[test]
fn the_players_committee_pass_changes_the_best_play() {
    let under_pc = answered(
        "players-committee-pass-is-the-best-play.yaml",
        &OddsAsk::default(),
    );
    let under_latest = answered(
        "players-committee-pass-is-the-best-play-latest.yaml",
        &OddsAsk::default(),
    );
    let best_label = |report: &OddsReport| {
        let best = report.answer.best.as_ref().expect("a best answer");
        (best.options.len(), best.options[best.best].label.clone())
    };
    assert_eq!(
        best_label(&under_pc),
        (3, "declare-pass: make no attack".to_string())
    );
    assert_eq!(
        best_label(&under_latest),
        (2, "a card with destiny 2".to_string())
    );
    // The pass's rules are among those the answer cites.
    let cited: Vec<&str> = under_pc.answer.cites.iter().map(|c| c.id()).collect();
    assert!(cited.contains(&"pc.duel.pass"), "{cited:?}");
}

#[test]
fn odds_are_refused_with_the_reason() {
    let counted = scenario("one-card-each-checked-by-hand.yaml")
        .replace("  deck: [5, 3, 3, 3]", "  deck: {count: 4}");
    match odds(&counted, &OddsAsk::default()) {
        Err(OddsError::Refused(OddsRefusal::CountedDeck(side))) => {
            assert_eq!(side, "Light Side");
        }
        other => panic!("{other:?}"),
    }
    let claim = bundled("check/battle-plan-leaves-out-a-character.yaml");
    // A procedure whose endings the odds do not count is refused before any run, whatever
    // its position claims.
    match odds(&claim, &OddsAsk::default()) {
        Err(OddsError::Refused(OddsRefusal::NoEnding(title))) => assert_eq!(title, "Battle"),
        other => panic!("{other:?}"),
    }
    // A dueling hand given only as a count holds unknown cards.
    let unknown_hand = bundled("duel/mid-duel-unknown-cards-in-a-hand.yaml");
    match odds(&unknown_hand, &OddsAsk::default()) {
        Err(OddsError::Refused(OddsRefusal::CountedHand(side))) => {
            assert_eq!(side, "Dark Side");
        }
        other => panic!("{other:?}"),
    }
    // A deck given as a count that the duel never draws from changes nothing.
    let undrawn = bundled("duel/r2-d2-alone-latest-damage-zero.yaml");
    let undrawn = undrawn.replace("  deck: [1, 2, 3]", "  deck: {count: 3}");
    assert!(undrawn.contains("{count: 3}"), "{undrawn}");
    let answer = odds(&undrawn, &OddsAsk::default()).expect("odds").answer;
    assert!(
        answer
            .decks
            .iter()
            .any(|deck| deck.counted && !deck.drawn_from)
    );
    let no_action = scenario("one-card-each-checked-by-hand.yaml").replace("action: duel\n", "");
    match odds(&no_action, &OddsAsk::default()) {
        Err(OddsError::Input(problems)) => {
            let help: Vec<_> = problems.iter().filter_map(|p| p.help.clone()).collect();
            assert_eq!(
                help,
                [
                    "add an `action:` whose endings the odds count: `duel`, `evacuate`, `podrace`"
                        .to_string()
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    // The Dark Side's first decision with a choice, in a duel it initiates with one
    // character, one lightsaber and one defender, is its first attack: after the draw.
    let after_draw = odds(
        &scenario("how-likely-is-maul-to-survive.yaml"),
        &OddsAsk {
            best: Some(Side::Dark),
            ..OddsAsk::default()
        },
    );
    assert!(
        matches!(
            after_draw,
            Err(OddsError::Refused(OddsRefusal::DecisionAfterDraw(_)))
        ),
        "{after_draw:?}"
    );
    let outcome = run_cli(&[
        "odds",
        "--best",
        "dark",
        "scenarios/odds/how-likely-is-maul-to-survive.yaml",
    ]);
    assert_eq!(outcome.code, 2);
    assert!(
        outcome.stderr.contains("comes after cards are drawn"),
        "{}",
        outcome.stderr
    );
}

/// One draw that alone can fall more ways than an exact answer sums is refused under
/// `--exact` at once, with the count; left to choose, the odds sample it.
#[test]
fn a_draw_too_large_to_sum_is_refused_exactly_and_sampled_otherwise() {
    let deck: Vec<String> = (0..10)
        .flat_map(|destiny| std::iter::repeat_n(destiny.to_string(), 5))
        .collect();
    let text = format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\n\
         cards:\n  Darth Maul, Student of the Dark Side: {{power: 19, damage: 5, text: none}}\n  \
         Darth Maul's Lightsaber (The Jedi Council): {{power_bonus: 1}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{power: 2, damage: 5, text: none}}\n\
         dark:\n  deck: [{}]\nlight:\n  deck: [1, 2, 3]\n\
         planets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]\n    \
         light: [qui-gon mentor]\n",
        deck.join(", ")
    );
    let exact = odds(
        &text,
        &OddsAsk {
            method: Some(Method::Exact),
            ..OddsAsk::default()
        },
    );
    match exact {
        Err(OddsError::Refused(OddsRefusal::TooLarge(count))) => assert_eq!(count, "2,930,455"),
        other => panic!("{other:?}"),
    }
    let sampled = odds(
        &text,
        &OddsAsk {
            method: Some(Method::Sampled(200)),
            ..OddsAsk::default()
        },
    )
    .expect("a sample");
    assert!(matches!(
        sampled.answer.reached,
        Reached::Sampled { samples: 200, .. }
    ));
}

#[test]
fn the_command_answers_in_three_formats_with_its_exit_code() {
    let file = "scenarios/odds/one-card-each-checked-by-hand.yaml";
    let text = run_cli(&["odds", file]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("5/12 · 41.7%"), "{}", text.stdout);
    let json = run_cli(&["odds", "--format", "json", file]);
    assert_eq!(json.code, 0);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(value["format"], "jedi-judge/odds");
    assert_eq!(value["version"], 1);
    assert_eq!(value["method"], "exact");
    assert_eq!(value["expected_damage"]["dark"]["fraction"], "5/12");
    assert_eq!(value["defeated"]["none"]["fraction"], "1");
    assert!(value["rules"]["revised.duel.block"]["text"].is_string());
    // The schema names every key the output writes at its top.
    let schema: serde_json::Value =
        serde_json::from_str(&run_cli(&["schema", "odds"]).stdout).expect("a schema");
    let answer = &schema["definitions"]["OddsOutput"]["properties"];
    for key in value.as_object().expect("an object").keys() {
        assert!(answer.get(key).is_some(), "{key} is not in the schema");
    }
    let markdown = run_cli(&["odds", "--format", "markdown", file]);
    assert_eq!(markdown.code, 0);
    let mut tables = 0;
    let mut headings = 0;
    for event in
        pulldown_cmark::Parser::new_ext(&markdown.stdout, pulldown_cmark::Options::ENABLE_TABLES)
    {
        match event {
            pulldown_cmark::Event::Start(pulldown_cmark::Tag::Table(_)) => tables += 1,
            pulldown_cmark::Event::Start(pulldown_cmark::Tag::Heading { .. }) => headings += 1,
            pulldown_cmark::Event::Html(html) | pulldown_cmark::Event::InlineHtml(html) => {
                panic!("raw HTML: {html}")
            }
            _ => {}
        }
    }
    assert_eq!(tables, 6, "{}", markdown.stdout);
    assert!(headings >= 8);
    // An expectation the answer does not meet fails the command.
    let wrong = scenario("one-card-each-checked-by-hand.yaml").replace("dark: 5/12}", "dark: 1/2}");
    let dir = std::env::temp_dir().join(format!("jedi-judge-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("wrong.yaml");
    std::fs::write(&path, wrong).expect("written");
    let outcome = run_cli(&["odds", path.to_str().expect("a path")]);
    assert_eq!(outcome.code, 1);
    assert!(
        outcome
            .stdout
            .contains("the scenario expects 1/2, but the answer is 5/12"),
        "{}",
        outcome.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--exact` sizes the tree by random paths down it, not by the first way the cards fall: a
/// dueling text that draws another card makes some branches deeper and many shallower, and
/// the paths come near the 1,685 cases summed where the first way's draws count 3,000.
#[test]
fn an_exact_answer_is_sized_by_paths_down_its_tree() {
    let text = scenario("dueling-text-draws-another-card.yaml")
        .replace(
            "deck: [Dangerous Encounter, 2, 3, 5, 6, 1]",
            "deck: [Dangerous Encounter, 6, 6, 5, 5, 4, 4, 3, 3, 1, 1]",
        )
        .split("\nexpect:")
        .next()
        .unwrap_or_default()
        .to_string();
    let asked = |most: u64| {
        odds(
            &text,
            &OddsAsk {
                method: Some(Method::Exact),
                max_cases: Some(most),
                ..OddsAsk::default()
            },
        )
    };
    let answered = asked(2_000).expect("an exact answer within 2,000 cases");
    assert_eq!(answered.answer.reached, Reached::Exact { cases: 1_685 });
    match asked(1_000) {
        Err(OddsError::Refused(OddsRefusal::ExactTooLarge { estimate, most })) => {
            assert_eq!(most, 1_000);
            assert!((1_000..2_000).contains(&estimate), "{estimate}");
        }
        other => panic!("{:?}", other.map(|report| report.answer.reached)),
    }
}

/// `--exact` sizes the tree before any work: past `--max-cases` it is refused at once, with
/// the estimate and how long it would take at the rate measured; in JSON too.
#[test]
fn an_exact_answer_too_large_is_refused_at_once_with_its_estimate_and_time() {
    let file = "scenarios/odds/full-decks-sampled.yaml";
    let text = run_cli(&["odds", "--exact", "--max-cases", "100000", file]);
    assert_eq!(text.code, 2, "{}", text.stderr);
    assert!(text.stdout.is_empty());
    let said = &text.stderr;
    assert!(
        said.contains("an exact answer would sum about ")
            && said.contains("distinguishable draws, more than the 100,000 it may")
            && said.contains("runs a second measured here, that is about ")
            && said.contains("`--samples N`"),
        "{said}"
    );
    let json = run_cli(&[
        "odds",
        "--exact",
        "--max-cases",
        "100000",
        "--format",
        "json",
        file,
    ]);
    assert_eq!(json.code, 2);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(value["format"], "jedi-judge/odds-refused");
    assert_eq!(value["code"], "exact-too-large");
    assert_eq!(value["most"], 100_000);
    assert!(value["estimate"].as_u64().expect("an estimate") > 100_000);
    let schema: serde_json::Value =
        serde_json::from_str(&run_cli(&["schema", "odds"]).stdout).expect("a schema");
    let refused = &schema["definitions"]["OddsRefusedOutput"]["properties"];
    for key in value.as_object().expect("an object").keys() {
        assert!(refused.get(key).is_some(), "{key} is not in the schema");
    }
    // `--max-cases` means nothing without `--exact`.
    assert_eq!(run_cli(&["odds", "--max-cases", "5", file]).code, 2);
}

#[test]
fn per_side_policies_change_the_answer_and_are_printed() {
    let never = answered(
        "one-card-each-checked-by-hand.yaml",
        &OddsAsk {
            light: Some(jedi_judge::engine::deciders::Policy::NeverBlock),
            ..OddsAsk::default()
        },
    );
    // Qui-Gon never blocks: every duel is a tie, and no one takes damage.
    assert_eq!(
        exact(
            &never
                .answer
                .distribution
                .chance(|ending| ending.dark_damage == 0)
        ),
        fraction(1, 1)
    );
    let text = jedi_judge::render::odds::render(
        &never,
        Corpus::embedded(),
        Format::Text,
        Palette::plain(),
    );
    assert!(
        text.contains("the Light Side by the policy never-block, the Dark Side by block-when-able"),
        "{text}"
    );
}

#[test]
fn a_stopped_answer_is_labelled_partial() {
    let mut calls = 0;
    let mut stop_at_once = |_: Progress| {
        calls += 1;
        Flow::Stop
    };
    let report = odds_text(
        &scenario("ten-against-ten-exact.yaml"),
        Corpus::embedded(),
        Catalog::embedded(),
        &OddsAsk::default(),
        &mut stop_at_once,
    )
    .expect("an answer");
    assert!(calls >= 1);
    assert!(report.answer.partial);
    let covered = report.answer.distribution.covered().value();
    assert!(covered < 1.0, "{covered}");
    assert!(
        report
            .unmet
            .contains(&"odds: the answer was stopped before its end".to_string())
    );
    let text = jedi_judge::render::odds::render(
        &report,
        Corpus::embedded(),
        Format::Text,
        Palette::plain(),
    );
    assert!(text.contains("PARTIAL"), "{text}");
    // Each chance is a bound: at least the part reached, at most that and every case not
    // reached; none is shown as a fraction that sums to less than 1.
    let rows: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("  the ") || line.starts_with("  neither"))
        .collect();
    assert!(!rows.is_empty(), "{text}");
    for row in rows {
        assert!(row.contains("at least ") && !row.contains('/'), "{row}");
    }
    let json: serde_json::Value = serde_json::from_str(&jedi_judge::render::odds::render(
        &report,
        Corpus::embedded(),
        Format::Json,
        Palette::plain(),
    ))
    .expect("JSON");
    let covered = json["covered"]["value"].as_f64().expect("a share");
    assert!(covered < 1.0, "{json}");
    for side in ["light", "dark", "none"] {
        let chance = &json["defeated"][side];
        let least = chance["value"].as_f64().expect("a value");
        let most = chance["at_most"].as_f64().expect("a bound");
        assert!(
            least <= most && most <= least + (1.0 - covered) + 1e-9,
            "{chance}"
        );
    }
}

/// The exact answer, summed over distinguishable draws, is the answer of the naive reference
/// that runs every order of both decks with every card told apart, fraction for fraction.
#[test]
fn the_exact_answer_is_every_order_summed() {
    for text in [
        scenario("one-card-each-checked-by-hand.yaml"),
        bundled("duel/hands-empty-tied.yaml"),
    ] {
        let exact = odds(&text, &OddsAsk::default()).expect("exact").answer;
        let naive = odds(
            &text,
            &OddsAsk {
                method: Some(Method::EveryOrder(u64::MAX)),
                ..OddsAsk::default()
            },
        )
        .expect("every order")
        .answer;
        assert!(!naive.partial);
        assert_eq!(exact.distribution, naive.distribution);
        // Every order is many more runs than every distinguishable draw.
        assert!(
            naive.runs >= 10 * exact.runs,
            "{} {}",
            naive.runs,
            exact.runs
        );
    }
}

/// The odds' runs build no words (names, prompts, labels, tallies) unless asked: the answer
/// of every bundled odds scenario is the same, to the last field, when every run builds them
/// as a walk does.
#[test]
fn runs_without_words_answer_as_runs_with_them() {
    for path in common::bundled(&["odds"]) {
        let text = std::fs::read_to_string(&path).expect("a bundled odds scenario");
        let name = path.display();
        let without = match odds(&text, &OddsAsk::default()) {
            // A scenario that expects the odds refused has no answer to compare.
            Err(OddsError::Refused(refusal))
                if jedi_judge::odds::refusal_unmet(&text, &refusal).is_some() =>
            {
                continue;
            }
            other => other.unwrap_or_else(|error| panic!("{name}: {error:?}")),
        }
        .answer;
        let with = odds(
            &text,
            &OddsAsk {
                with_words: true,
                ..OddsAsk::default()
            },
        )
        .unwrap_or_else(|error| panic!("{name}: {error:?}"))
        .answer;
        assert!(without.runs > 0, "{name}");
        assert_eq!(without.distribution, with.distribution, "{name}");
        assert_eq!(format!("{without:?}"), format!("{with:?}"), "{name}");
    }
}

/// Every bundled duel, simulated as the odds make their runs after the first (from the state
/// every run passes through before a draw deck is touched, made once), ends as a run from the
/// table does, turn by turn; and again the same on a second run, from the state kept. The
/// duels that touch a deck (most of them) start from that state; those refused before any
/// draw have none. That the state is made and taken up at all is held by
/// `every_run_below_a_branch_resumes_from_the_state_before_it` (tests/properties_odds.rs),
/// which counts the runs taken up.
#[test]
fn a_run_from_the_state_shared_by_every_run_ends_as_a_whole_run() {
    use jedi_judge::engine::deciders::Policy;
    use jedi_judge::procedures::odds::Policies;
    use jedi_judge::procedures::{Choices, find};
    use jedi_judge::scenario::GameName;
    let (corpus, catalog) = (Corpus::embedded(), Catalog::embedded());
    let Some((door, _)) = find(GameName::YoungJedi, "duel") else {
        panic!("no duel procedure");
    };
    let mut compared = 0;
    for path in common::bundled(&["duel", "players-committee", "odds"]) {
        let text = std::fs::read_to_string(&path).expect("a bundled scenario");
        if !text.contains("\naction: duel") {
            continue;
        }
        let name = path.display().to_string();
        let report = jedi_judge::check::check_text(&name, &text, corpus, catalog, None);
        let Some(board) = report.board else { continue };
        for policy in [Policy::BlockWhenAble, Policy::NeverBlock] {
            let policies = Policies {
                light: policy,
                dark: policy,
            };
            let Ok(simulator) =
                door.simulator(&board, corpus, "duel", &Choices::default(), policies)
            else {
                continue;
            };
            let whole = simulator.once_whole();
            assert_eq!(simulator.once(), whole, "{name}");
            assert_eq!(simulator.once(), whole, "{name}, again");
            compared += 1;
        }
    }
    assert!(compared >= 100, "{compared} duels compared");
}

/// An exact answer asked for on a position of hundreds of millions of distinguishable draws is
/// refused at once, with its estimate and what to ask instead, rather than run for hours.
#[test]
fn a_huge_exact_request_is_refused_at_once_with_its_estimate() {
    let text =
        scenario("full-decks-sampled.yaml").replace("power: 6, damage: 5", "power: 12, damage: 5");
    let file =
        std::env::temp_dir().join(format!("jedi-judge-huge-exact-{}.yaml", std::process::id()));
    std::fs::write(&file, text).expect("a scratch file");
    let started = std::time::Instant::now();
    let outcome = run_cli(&["odds", &file.display().to_string(), "--exact"]);
    let _ = std::fs::remove_file(&file);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(outcome.code, 2, "{}", outcome.stdout);
    let flat = outcome
        .stderr
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("an exact answer would sum about 1,317,076,488 distinguishable draws, more than the 10,000,000 it may (`--max-cases N` raises it); ask for a sample (`--samples N`)") && flat.contains("runs a second measured here, that is about"),
        "{flat}"
    );
}

/// One policy, one play: on a position with nothing unknown, `walk` and `odds` under the same
/// policy reach the same ending, whichever order the file lists the hand in; the odds give it
/// chance 1.
#[test]
fn a_walk_and_the_odds_play_a_policy_the_same_way() {
    use jedi_judge::engine::deciders::Policy;
    use jedi_judge::procedures::duel::DuelWalk;
    let listed = scenario("walk-and-odds-agree-on-a-position-with-nothing-unknown.yaml");
    let reversed = listed.replacen("hand: [2, 6]", "hand: [6, 2]", 1);
    assert_ne!(listed, reversed);
    let mut endings = Vec::new();
    for text in [&listed, &reversed] {
        for policy in [
            Policy::BlockWhenAble,
            Policy::NeverBlock,
            Policy::FirstOption,
        ] {
            let walked = jedi_judge::walk::walk_text(
                text,
                Corpus::embedded(),
                Catalog::embedded(),
                None,
                Some(policy),
                None,
            )
            .unwrap_or_else(|error| panic!("{error:?}"));
            let result = &walked.outcome_as::<DuelWalk>().expect("a duel").result;
            let report = odds(
                text,
                &OddsAsk {
                    policy: Some(policy),
                    ..OddsAsk::default()
                },
            )
            .unwrap_or_else(|error| panic!("{error:?}"));
            let jedi_judge::procedures::odds::Distribution::Exact(chances) =
                &report.answer.distribution
            else {
                panic!("an exact answer for {policy:?}");
            };
            let (ending, chance) = chances.iter().next().expect("one ending");
            assert_eq!(chances.len(), 1, "{policy:?}: {chances:?}");
            assert_eq!(*chance, fraction(1, 1));
            assert_eq!(
                (
                    ending.defeated,
                    ending.light_damage,
                    ending.dark_damage,
                    ending.deck_victory
                ),
                (
                    result.defeated,
                    result.damage_light,
                    result.damage_dark,
                    result.deck_victory
                ),
                "{policy:?}"
            );
            endings.push((policy, *ending));
        }
    }
    // The order the hand is listed in changes no policy's ending.
    assert_eq!(endings[..3], endings[3..]);
    // Leading the 6 under block-when-able: one hit each, no damage. Never blocking, the 6
    // and the 2 both score on Maul, and Maul's 6 on Qui-Gon.
    assert_eq!((endings[0].1.light_hits, endings[0].1.dark_hits), (1, 1));
    assert_eq!((endings[1].1.light_hits, endings[1].1.dark_hits), (1, 2));
}

/// Each option of a best answer, by its label, with the exact chance its goal is reached.
fn goal_by_option(best: &jedi_judge::procedures::odds::BestAnswer) -> Vec<(&str, Chance)> {
    best.options
        .iter()
        .map(|option| {
            (
                option.label.as_str(),
                exact(
                    &option
                        .distribution
                        .chance(|ending| ending.goal.is_some_and(|goal| goal.reached)),
                ),
            )
        })
        .collect()
}

/// The evacuation's odds by hand: the Droid Starfighter (power 2) draws one destiny from
/// six cards 1 to 6 against the Republic Cruiser's power 5, which draws none; the transport
/// survives a total of 5 or less (a tie defeats neither). Intercepting is the Dark Side's
/// best; and the Light Side's best plan puts its starfighter, not its transport, against the
/// Droid.
#[test]
fn the_evacuation_odds_come_to_their_arithmetic() {
    let survives = (1..=6).filter(|destiny| 2 + destiny <= 5).count();
    let through = fraction(u32::try_from(survives).expect("a count"), 6);
    assert_eq!(through, fraction(1, 2));
    let goal = |ending: &jedi_judge::procedures::odds::Ending| {
        ending.goal.is_some_and(|goal| goal.reached)
    };
    let report = answered(
        "how-likely-is-the-transport-to-get-through.yaml",
        &OddsAsk::default(),
    );
    let distribution = &report.answer.distribution;
    assert_eq!(exact(&distribution.chance(goal)), through);
    // Lost, the transport costs its DAMAGE of 5; won or tied, nothing.
    assert_eq!(
        exact(&distribution.chance(|ending| ending.light_damage == 5)),
        fraction(1, 1) - through.clone()
    );
    assert_eq!(
        exact(&distribution.chance(|ending| ending.dark_damage == 0)),
        fraction(1, 1)
    );
    let intercept = answered(
        "should-the-dark-side-intercept.yaml",
        &OddsAsk {
            best: Some(Side::Dark),
            ..OddsAsk::default()
        },
    );
    let best = intercept.answer.best.as_ref().expect("a best answer");
    let by_label = goal_by_option(best);
    assert_eq!(
        by_label,
        [
            ("intercept", through.clone()),
            ("let the evacuation pass", fraction(1, 1))
        ]
    );
    assert_eq!(best.options[best.best].label, "intercept");
    // Without `--best`, the open choice is weighed the same way.
    let open = answered("should-the-dark-side-intercept.yaml", &OddsAsk::default());
    assert_eq!(exact(&open.answer.distribution.chance(goal)), through);
    assert!(matches!(
        open.answer.choices[0].how,
        HowChosen::Weighed { options: 2 }
    ));
    let plan = answered(
        "which-starship-meets-the-interceptor.yaml",
        &OddsAsk {
            best: Some(Side::Light),
            ..OddsAsk::default()
        },
    );
    let best = plan.answer.best.as_ref().expect("a best answer");
    let chances: Vec<Chance> = best
        .options
        .iter()
        .map(|option| exact(&option.distribution.chance(goal)))
        .collect();
    assert_eq!(chances, [through, fraction(1, 1)]);
    assert_eq!(
        best.options[best.best].label,
        "next in the plan Naboo Starfighter"
    );
}

/// The lap's odds by hand: a pair drawn from two 5s, two 6s, a 1 and a 2 finishes the lap
/// where it holds a 5 and a 6. Read so that Refuel ends the step's lap cards (the default),
/// the same position finishes no lap. The best lap card keeps the handling card. The exact
/// sum agrees with every order of the decks, summed one by one.
#[test]
fn the_lap_odds_come_to_their_arithmetic() {
    let deck = [5, 5, 6, 6, 1, 2];
    let mut pairs = 0u32;
    let mut finishing = 0u32;
    for first in 0..deck.len() {
        for second in first + 1..deck.len() {
            pairs += 1;
            let drawn = [deck[first], deck[second]];
            if drawn.contains(&5) && drawn.contains(&6) {
                finishing += 1;
            }
        }
    }
    assert_eq!(fraction(finishing, pairs), fraction(4, 15));
    let goal = |ending: &jedi_judge::procedures::odds::Ending| {
        ending.goal.is_some_and(|goal| goal.reached)
    };
    let text = scenario("how-likely-is-the-lap-finished.yaml");
    let report = odds(&text, &OddsAsk::default()).expect("odds");
    assert_eq!(
        exact(&report.answer.distribution.chance(goal)),
        fraction(finishing, pairs)
    );
    // Thrusting and refuelling 2 are weighed, and taken.
    let chosen: Vec<&str> = report
        .answer
        .choices
        .iter()
        .map(|choice| choice.chosen.as_str())
        .collect();
    assert!(chosen[0].starts_with("thrust"), "{chosen:?}");
    assert_eq!(chosen[1], "refuel: draw 2 cards");
    let every_order = odds(
        &text,
        &OddsAsk {
            method: Some(Method::EveryOrder(1_000)),
            ..OddsAsk::default()
        },
    )
    .expect("odds");
    assert_eq!(every_order.answer.distribution, report.answer.distribution);
    let refuel_ends = text.replace("assumptions:\n  laps-after-refuel: play-on\n", "");
    assert_ne!(refuel_ends, text);
    let ended = odds(&refuel_ends, &OddsAsk::default()).expect("odds");
    assert_eq!(
        exact(&ended.answer.distribution.chance(goal)),
        fraction(0, 1)
    );
    assert!(
        ended
            .answer
            .assumptions
            .iter()
            .any(|assumption| assumption.name == "laps-after-refuel")
    );
    let handling = answered(
        "keep-the-handling-card-for-the-6.yaml",
        &OddsAsk {
            best: Some(Side::Light),
            ..OddsAsk::default()
        },
    );
    let best = handling.answer.best.as_ref().expect("a best answer");
    let by_label = goal_by_option(best);
    // The 4 as the 5 needs the 6 or the other 4 from 4 cards; stopping refuels first, then
    // plays the 5 and the 4 as the 6.
    assert_eq!(
        by_label,
        [
            ("play a card of destiny 5 as the 5", fraction(1, 1)),
            (
                "play a card of destiny 4 as a handling card for the 5",
                fraction(2, 4)
            ),
            ("stop: play no more lap cards before Refuel", fraction(1, 1)),
        ]
    );
    assert_eq!(
        best.options[best.best].label,
        "play a card of destiny 5 as the 5"
    );
}

/// A scenario that asks for the exact answer (`method: exact`) of a tree too large is refused
/// at once with the estimate, and, since it states that refusal (`refused:`), the command
/// exits 0; stating another, it exits 1 and says so.
#[test]
fn a_bundled_exact_answer_too_large_is_refused_with_its_estimate() {
    let path = "scenarios/odds/too-many-draws-to-sum-exactly-is-refused.yaml";
    let outcome = run_cli(&["odds", "--format", "json", path]);
    assert_eq!(outcome.code, 0, "{}{}", outcome.stdout, outcome.stderr);
    let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    assert_eq!(json["format"], "jedi-judge/odds-refused");
    assert_eq!(json["code"], "exact-too-large");
    let estimate = json["estimate"].as_u64().expect("an estimate");
    assert!(estimate > 10_000_000, "{estimate}");
    assert!(json.get("expectation_unmet").is_none(), "{json}");
    let text = run_cli(&["odds", path]);
    assert_eq!(text.code, 0);
    assert!(
        text.stdout.contains(
            "The scenario expects this refusal (`expect: odds: refused: exact-too-large`)."
        ),
        "{}",
        text.stdout
    );
    let other = std::env::temp_dir().join(format!(
        "jedi-judge-refused-otherwise-\u{1b}[2J-{}.yaml",
        std::process::id()
    ));
    std::fs::write(
        &other,
        bundled("odds/too-many-draws-to-sum-exactly-is-refused.yaml").replace(
            "refused: exact-too-large",
            "refused: \"counted-deck\\e[2J\"",
        ),
    )
    .expect("written");
    let differs = run_cli(&["odds", &other.display().to_string()]);
    let _ = std::fs::remove_file(&other);
    assert_eq!(differs.code, 1, "{}", differs.stdout);
    // The file's name and what the scenario wrote pass the output's edge, which writes out
    // every control character.
    assert!(!differs.stdout.contains('\u{1b}'), "{:?}", differs.stdout);
    assert!(
        differs.stdout.contains(
            "the scenario expects the odds refused as counted-deck\\u{1b}[2J, but they are refused as exact-too-large"
        ),
        "{}",
        differs.stdout
    );
}
