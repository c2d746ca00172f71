//! Every bundled duel under `scenarios/duel/`: the walkthrough is a reviewed snapshot and the
//! scenario's own `expect:` holds; and the walk's decisions, policies and formats.

use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::cli::{Outcome, execute};
use jedi_judge::engine::Stop;
use jedi_judge::engine::deciders::Policy;
use jedi_judge::procedures::duel::DuelWalk;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::{Corpus, Ruleset};
use jedi_judge::walk::{Walkthrough, walk_text};

mod common;

fn scenario(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/duel")
            .join(name),
    )
    .expect("a bundled duel")
}

fn walk(text: &str, rules: Option<&Ruleset>, policy: Option<Policy>) -> Walkthrough {
    walk_text(
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        rules,
        policy,
        None,
    )
    .unwrap_or_else(|error| panic!("{error:?}"))
}

fn run_cli(args: &[&str]) -> Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

#[test]
fn every_bundled_duel_meets_its_expectation_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/duel", "*.yaml", |path| {
        let text = std::fs::read_to_string(path).expect("readable");
        let walked = walk(&text, None, None);
        let out = render(&walked, Corpus::embedded(), Format::Text, Palette::plain());
        common::assert_walked_as_expected(path, &text, &walked, true, &out);
        count += 1;
        insta::assert_snapshot!(out);
    });
    assert!(count >= 20, "only {count} bundled duels");
}

#[test]
fn a_duel_reads_well_as_markdown_and_is_complete_as_json() {
    let text = scenario("revised-example-1-r2-d2-qui-gon-defends.yaml");
    let walked = walk(&text, None, None);
    insta::assert_snapshot!(
        "example_1_markdown",
        render(
            &walked,
            Corpus::embedded(),
            Format::Markdown,
            Palette::plain()
        )
    );
    let json: serde_json::Value = serde_json::from_str(&render(
        &walked,
        Corpus::embedded(),
        Format::Json,
        Palette::plain(),
    ))
    .expect("JSON");
    let events = json["events"].as_array().expect("events");
    assert_eq!(events.len(), walked.step_count());
    for event in events {
        for id in event["cites"].as_array().expect("cites") {
            let id = id.as_str().expect("an id");
            assert!(
                json["rules"].get(id).is_some(),
                "{id} is cited but not quoted"
            );
        }
    }
    assert_eq!(json["result"]["defeated"], "light");
    insta::assert_json_snapshot!("example_1_json", json);
}

#[test]
fn colour_goes_only_to_a_terminal_that_wants_it() {
    let text = scenario("hands-empty-tied.yaml");
    let walked = walk(&text, None, None);
    assert!(
        render(
            &walked,
            Corpus::embedded(),
            Format::Text,
            Palette::coloured()
        )
        .contains("\u{1b}[")
    );
    assert!(
        !render(&walked, Corpus::embedded(), Format::Text, Palette::plain()).contains("\u{1b}[")
    );
}

#[test]
fn an_unscripted_decision_stops_the_walk_with_exit_1_and_lists_the_legal_options() {
    // The first example without the Light Side's plays: his first block is not scripted.
    let text = scenario("revised-example-1-r2-d2-qui-gon-defends.yaml").replace(
        "    plays: [4, 1, 3]          # block 4, attack 1, attack 3\n",
        "",
    );
    let walked = walk(&text, None, None);
    assert_eq!(walked.exit_code(), 1);
    let Some(Stop::Undecided { decision, .. }) = walked.stop() else {
        panic!("expected a stop, got {:?}", walked.stop());
    };
    assert_eq!(decision.kind.name, "block");
    let labels: Vec<&str> = decision.options.iter().map(|o| o.label.as_ref()).collect();
    assert_eq!(labels, ["a card with destiny 4", "do not block"]);
    insta::assert_snapshot!(
        "unscripted_block",
        render(&walked, Corpus::embedded(), Format::Text, Palette::plain())
            .split("Stopped")
            .nth(1)
            .expect("a stop section")
    );
}

#[test]
fn a_policy_answers_what_the_script_leaves_open() {
    let text = scenario("revised-example-1-r2-d2-qui-gon-defends.yaml").replace(
        "    plays: [4, 1, 3]          # block 4, attack 1, attack 3\n",
        "",
    );
    let blocking = walk(&text, None, Some(Policy::BlockWhenAble));
    assert!(blocking.stop().is_none());
    // "What if I do not block?": never-block gives a different duel.
    let never = walk(&text, None, Some(Policy::NeverBlock));
    assert!(never.stop().is_none());
    let events = |walked: &Walkthrough| {
        walked
            .outcome_as::<jedi_judge::procedures::duel::DuelWalk>()
            .expect("a duel")
            .run
            .events
            .clone()
    };
    assert_ne!(events(&blocking), events(&never));
}

#[test]
fn a_scripted_answer_that_is_not_legal_is_reported() {
    let text = scenario("revised-example-1-r2-d2-qui-gon-defends.yaml")
        .replace("defender: R2-D2", "defender: Darth Sidious");
    let walked = walk(&text, None, None);
    let Some(Stop::Undecided { why, decision }) = walked.stop() else {
        panic!("expected a stop");
    };
    assert_eq!(decision.kind.name, "defender");
    assert!(format!("{why:?}").contains("Darth Sidious"));
    assert_eq!(walked.exit_code(), 1);
}

#[test]
fn a_missing_stat_stops_the_walk_and_says_what_to_declare() {
    // A card the catalog lacks, declared without its DAMAGE.
    let text = scenario("hands-empty-tied.yaml")
        .replace(
            "Qui-Gon Jinn, Jedi Mentor: {power: 2, damage: 5, text: none}",
            "Jedi Tester, Made Up: {type: character, side: light, power: 2}",
        )
        .replace("light: [qui-gon mentor]", "light: [jedi tester]")
        .replace("defender: qui-gon", "defender: jedi tester");
    let walked = walk(&text, None, None);
    let Some(Stop::Missing { fact }) = walked.stop() else {
        panic!("expected a missing fact, got {:?}", walked.stop());
    };
    assert_eq!(
        (fact.code(), fact.card(), fact.field()),
        (
            "card-number-unknown",
            Some("Jedi Tester, Made Up"),
            Some("damage")
        )
    );
    assert!(
        fact.to_string().contains("DAMAGE of Jedi Tester, Made Up"),
        "{fact}"
    );
    assert_eq!(walked.exit_code(), 2);
}

#[test]
fn the_same_position_differs_between_the_two_rulesets() {
    let latest = walk(&scenario("r2-d2-alone-latest-damage-zero.yaml"), None, None);
    let old = walk(
        &scenario("r2-d2-alone-latest-damage-zero.yaml"),
        Some(&Ruleset::parse("2000-12-01").expect("a date")),
        None,
    );
    assert!(
        latest
            .outcome_as::<DuelWalk>()
            .expect("a duel")
            .result
            .refusal
            .is_none()
    );
    assert!(
        old.outcome_as::<DuelWalk>()
            .expect("a duel")
            .result
            .refusal
            .is_some()
    );
}

#[test]
fn walk_exit_codes_from_the_command_line() {
    let root = env!("CARGO_MANIFEST_DIR");
    let ok = run_cli(&[
        "walk",
        &format!("{root}/scenarios/duel/hands-empty-tied.yaml"),
    ]);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    let unreadable = run_cli(&[
        "walk",
        &format!("{root}/scenarios/bad-input/misspelt-card.yaml"),
    ]);
    assert_eq!(unreadable.code, 2);
    // A scenario without an action is a position: the walk checks it and walks nothing.
    let no_action = run_cli(&["walk", &format!("{root}/scenarios/check/deck-sixty.yaml")]);
    assert_eq!(no_action.code, 0, "{}", no_action.stderr);
    assert!(
        no_action
            .stdout
            .contains("The position is legal.\n  Nothing is walked: the scenario names no action."),
        "{}",
        no_action.stdout
    );
    // An illegal position without an action that its `expect:` says is legal: the walk
    // reports the difference and exits 1.
    let illegal = std::fs::read_to_string(format!("{root}/scenarios/check/deck-over-sixty.yaml"))
        .expect("readable")
        .replace("legal: false", "legal: true");
    let dir = std::env::temp_dir().join(format!("jedi-judge-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("deck-over-sixty-said-legal.yaml");
    std::fs::write(&file, illegal).expect("written");
    let unmet = run_cli(&["walk", &file.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(unmet.code, 1, "{}", unmet.stdout);
    assert!(
        unmet
            .stdout
            .contains("the scenario expects the position to be legal, but it is illegal"),
        "{}",
        unmet.stdout
    );
}

#[test]
fn a_scripted_weapon_the_fighter_cannot_use_is_refused_even_when_one_weapon_is_legal() {
    // Maul can use only his own lightsaber, so the rules leave one answer; the script names
    // another, which is an error rather than something to overrule.
    let text = scenario("obi-wan-2000-12-01-no-substitute.yaml").replace(
        "weapon: Darth Maul's Lightsaber (The Jedi Council)",
        "weapon: Qui-Gon Jinn's Lightsaber",
    );
    let walked = walk(&text, None, None);
    let Some(Stop::Undecided { why, decision }) = walked.stop() else {
        panic!("expected a stop, got {:?}", walked.stop());
    };
    assert_eq!(decision.kind.name, "initiator-weapon");
    assert_eq!(decision.options.len(), 1);
    let jedi_judge::engine::Unanswered::NotLegal {
        given,
        ruled_out: Some(ruled_out),
    } = why
    else {
        panic!("expected a reason, got {why:?}");
    };
    assert_eq!(given, "Qui-Gon Jinn's Lightsaber");
    assert_eq!(
        ruled_out.why,
        "Qui-Gon Jinn's Lightsaber is not one of the Dark Side player's cards on Naboo, where the duel is"
    );
    assert_eq!(
        ruled_out.cites,
        [jedi_judge::rules::cite("duel.who-fights")]
    );
    // "The current location" of the dueling rules is read as the current planet.
    let names: Vec<&str> = ruled_out.assumptions.iter().map(|a| a.name).collect();
    assert_eq!(names, ["location-is-planet"]);
    assert_eq!(walked.exit_code(), 1);
}

#[test]
fn a_scripted_answer_to_a_decision_the_rules_never_ask_is_reported() {
    // Under the rules of 2000-12-01 the defender may not put another character in; a script
    // that swaps is not silently ignored.
    let text = scenario("obi-wan-2000-12-01-no-substitute.yaml").replace(
        "decisions:\n",
        "decisions:\n  light:\n    substitute: Qui-Gon\n",
    );
    let walked = walk(&text, None, None);
    assert_eq!(walked.stop(), None);
    assert_eq!(
        walked.unmet,
        ["decisions: light: substitute: Qui-Gon answers a decision the rules never asked"]
    );
    assert_eq!(walked.exit_code(), 1);
    // The same script is read under the latest rules, where the swap is offered.
    let latest = walk(&text, Some(&Ruleset::latest()), None);
    assert!(
        latest
            .unmet
            .iter()
            .all(|unmet| !unmet.contains("never asked"))
    );
}

#[test]
fn an_action_the_game_has_no_procedure_for_is_refused_with_the_registered_actions() {
    let refused = |action: &str| {
        let text = scenario("hands-empty-tied.yaml").replace("action: duel", action);
        let Err(jedi_judge::walk::WalkError::Input(problems)) = walk_text(
            &text,
            Corpus::embedded(),
            Catalog::embedded(),
            None,
            None,
            None,
        ) else {
            panic!("{action} walks");
        };
        problems.iter().next().expect("a problem").clone()
    };
    let problem = refused("action: duell");
    assert_eq!(problem.code, "unknown-action");
    assert_eq!(
        problem.help.as_deref(),
        Some(
            "did you mean `duel`? The actions are `duel`, `battle`, `evacuate`, `deploy`, `new-location`, `remedy` or `podrace`"
        )
    );
    let problem = refused("action: round");
    assert_eq!(problem.code, "action-of-another-game");
    assert!(
        problem
            .message
            .contains("`round` is a Clash of the Lightsabers action")
    );
}

#[test]
fn cited_and_not_cited_name_rules_the_corpus_has() {
    let text = scenario("mid-duel-disputed-block-five-on-four.yaml");
    assert!(walk(&text, None, None).unmet.is_empty());
    let absent = text.replace(
        "cited: [revised.duel.block]",
        "cited: [revised.duel.block]\n  not_cited: [duel.blok]",
    );
    assert_ne!(absent, text);
    assert_eq!(
        walk(&absent, None, None).unmet,
        ["cited: the corpus has no rule duel.blok"]
    );
    let cited_elsewhere = text.replace(
        "cited: [revised.duel.block]",
        "cited: [revised.duel.block]\n  not_cited: [duel.hit]",
    );
    assert_eq!(
        walk(&cited_elsewhere, None, None).unmet,
        ["not cited: the walk cites duel.hit"]
    );
}

#[test]
fn anakin_with_an_empty_deck_has_power_zero_by_default_and_stops_the_walk_if_the_scenario_says() {
    let text = "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: first-option\n\
                cards:\n  Darth Maul, Student of the Dark Side: {power: 1, damage: 5}\n  \
                Darth Maul's Lightsaber (The Jedi Council): {type: weapon, side: dark, usable_by: [Darth Maul], power_bonus: 1}\n\
                dark:\n  deck: [3, 4]\n\
                planets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council), \"Naboo • Battle Plains\"]\n    light: [anakin padawan]\n\
                decisions:\n  dark:\n    defender: anakin padawan\n";
    let walked = walk(text, None, None);
    assert_eq!(walked.stop(), None);
    let assumed: Vec<&str> = walked
        .steps()
        .flat_map(|event| event.assumptions().iter().map(|assumption| assumption.name))
        .collect();
    assert!(assumed.contains(&"anakin-empty-deck"), "{assumed:?}");
    let stopping = format!("{text}assumptions:\n  anakin-empty-deck: stop\n");
    let stopped = walk(&stopping, None, None);
    let Some(Stop::Missing { fact }) = stopped.stop() else {
        panic!("expected a stop, got {:?}", stopped.stop());
    };
    assert_eq!(fact.code(), "anakin-destiny-undrawn");
    assert!(
        fact.to_string().contains("Set by the scenario to `stop`"),
        "{fact}"
    );
    assert_eq!(stopped.exit_code(), 2);
}

/// The names-only duel, with every fact the walk reads from the catalog declared instead.
fn with_catalog_facts_declared(names_only: &str, names: &[&str]) -> String {
    let catalog = Catalog::embedded();
    let mut cards = String::from("cards:\n");
    for name in names {
        let found = catalog.find(name).expect("a catalog card");
        let card = found.first().expect("one card");
        let mut facts = Vec::new();
        for (key, stat) in [
            ("power", &card.stats.power),
            ("damage", &card.stats.damage),
            ("destiny", &card.stats.destiny),
        ] {
            if let Some(fact) = stat {
                facts.push(format!("{key}: {}", fact.value));
            }
        }
        if let Some(boxes) = &card.weapon_boxes {
            let first = &boxes.value[0];
            let users = first.users.as_ref().expect("known users");
            facts.push(format!("usable_by: [{}]", users.join(", ")));
            facts.push(format!("power_bonus: {}", first.bonus.expect("a bonus")));
        }
        if let Some(effect) = card.text.dueling {
            let word = serde_json::to_value(effect).expect("an effect");
            facts.push(format!("dueling: {}", word.as_str().expect("a word")));
        }
        cards.push_str(&format!("  \"{name}\": {{{}}}\n", facts.join(", ")));
    }
    names_only.replacen("action: duel\n", &format!("action: duel\n{cards}"), 1)
}

/// Each event as JSON, the labels of the parts of a power total left out: a declared number
/// is labelled as declared, a catalog number as printed.
fn events_without_labels(walked: &Walkthrough) -> Vec<serde_json::Value> {
    walked
        .steps()
        .map(|event| {
            let mut kind = serde_json::to_value(event.kind()).expect("an event");
            if let Some(parts) = kind.get_mut("parts").and_then(|parts| parts.as_array_mut()) {
                for part in parts {
                    part[0] = serde_json::Value::Null;
                }
            }
            let moves: Vec<jedi_judge::render::output::MoveOutput> =
                event.moves().iter().map(Into::into).collect();
            serde_json::json!([kind, moves, event.tally()])
        })
        .collect()
}

#[test]
fn a_duel_naming_cards_only_walks_as_the_same_duel_with_every_number_declared() {
    let names_only = scenario("cards-named-only-maul-and-qui-gon-with-their-lightsabers.yaml");
    let declared = with_catalog_facts_declared(
        &names_only,
        &[
            "Darth Maul, Student of the Dark Side",
            "Darth Maul's Lightsaber (The Jedi Council)",
            "Qui-Gon Jinn, Jedi Mentor",
            "Qui-Gon Jinn's Lightsaber",
            "Power Of The Sith",
            "Twist Of Fate",
        ],
    );
    assert!(declared.contains("\"Power Of The Sith\": {destiny: 2, dueling: extra-hit}"));
    assert!(declared.contains("usable_by: [Darth Maul], power_bonus: 2"));
    let by_name = walk(&names_only, None, None);
    let by_number = walk(&declared, None, None);
    assert_eq!(by_name.stop(), None);
    assert_eq!(by_number.stop(), None);
    assert!(by_name.unmet.is_empty(), "{:?}", by_name.unmet);
    assert!(by_number.unmet.is_empty(), "{:?}", by_number.unmet);
    let result = |walked: &Walkthrough| {
        walked
            .outcome_as::<DuelWalk>()
            .expect("a duel")
            .result
            .clone()
    };
    assert_eq!(result(&by_name), result(&by_number));
    assert_eq!(
        events_without_labels(&by_name),
        events_without_labels(&by_number)
    );
    // The two differ only in where the numbers come from.
    let first_labels = |walked: &Walkthrough| -> Vec<String> {
        walked
            .steps()
            .filter_map(|event| {
                let kind = serde_json::to_value(event.kind()).expect("an event");
                kind["parts"][0][0].as_str().map(String::from)
            })
            .collect()
    };
    assert_eq!(first_labels(&by_name), ["printed power", "printed power"]);
    assert_eq!(
        first_labels(&by_number),
        [
            "power declared by the scenario",
            "power declared by the scenario"
        ]
    );
}

#[test]
fn text_none_switches_a_cards_catalog_text_off_and_the_walk_then_applies_none() {
    // The revised rules' first example gives Maul and Qui-Gon numbers of its own and switches
    // their text off; without `text: none` the catalog's text adds to each duelist's power.
    let switched_off = scenario("revised-example-1-r2-d2-qui-gon-defends.yaml");
    assert_eq!(switched_off.matches(", text: none}").count(), 2);
    // With their text, their printed location bonuses count too: Battle Plains gives neither
    // a bonus.
    let with_text = switched_off.replace(", text: none}", "}").replace(
        "light: [R2-D2 repair, qui-gon mentor]",
        "light: [R2-D2 repair, qui-gon mentor, \"Naboo • Battle Plains\"]",
    );
    let power_of = |text: &str| -> Vec<String> {
        let walked = walk(text, None, None);
        let out = render(&walked, Corpus::embedded(), Format::Text, Palette::plain());
        out.lines()
            .filter(|line| line.contains("fights with power"))
            .map(str::to_string)
            .collect()
    };
    assert!(
        power_of(&switched_off)
            .iter()
            .all(|line| !line.contains("game-text")),
        "{:?}",
        power_of(&switched_off)
    );
    let text_on = power_of(&with_text);
    assert!(
        text_on
            .iter()
            .any(|line| line.contains("fights with power 7")),
        "{text_on:?}"
    );
    // The walk says nothing is left unapplied of the two cards switched off.
    let walked = walk(&switched_off, None, None);
    assert!(
        !walked
            .text_not_modelled
            .iter()
            .any(|name| name.starts_with("Darth Maul, Student") || name.starts_with("Qui-Gon")),
        "{:?}",
        walked.text_not_modelled
    );
}

#[test]
fn a_true_answer_to_a_decision_the_rules_leave_one_choice_is_heard_and_a_false_one_refused() {
    // R2-D2 defends with no weapon at Naboo: "none" is what happened, and is heard.
    let base = scenario("r2-d2-alone-latest-damage-zero.yaml");
    let none = base.replace(
        "    defender: R2-D2\n",
        "    defender: R2-D2\n  light:\n    weapon: none\n",
    );
    assert_ne!(none, base);
    let walked = walk(&none, None, None);
    common::assert_heard(&walked, "light: weapon: none");
    assert!(
        walked.heard.iter().any(|heard| heard
            .said("")
            .contains("the rules left one choice, no weapon")),
        "{:?}",
        walked.heard
    );
    // A weapon he does not have there contradicts the rules: refused, with the legal choice.
    let other = base.replace(
        "    defender: R2-D2\n",
        "    defender: R2-D2\n  light:\n    weapon: Qui-Gon Jinn's Lightsaber\n",
    );
    let walked = walk(&other, None, None);
    assert_eq!(walked.exit_code(), 1);
    assert!(matches!(walked.stop(), Some(Stop::Undecided { .. })));
}

#[test]
fn answers_that_describe_an_attempt_the_rules_refuse_are_heard_not_refused() {
    let refused = scenario("refused-no-usable-lightsaber-latest.yaml").replace(
        "expect:\n",
        "decisions:\n  dark:\n    character: Aurra Sing, Mercenary\n    weapon: Darth Maul's Lightsaber (The Jedi Council)\n    defender: qui-gon mentor\nexpect:\n",
    );
    let walked = walk(&refused, None, None);
    assert_eq!(walked.exit_code(), 0, "{:?}", walked.unmet);
    assert_eq!(walked.heard.len(), 3, "{:?}", walked.heard);
    assert!(
        walked.heard.iter().all(|heard| heard.only_choice.is_none()
            && heard
                .said("")
                .contains("describes the attempt the rules refuse")),
        "{:?}",
        walked.heard
    );
    // An answer that names a card not there cannot describe the attempt: it is refused.
    let stray = refused.replace("defender: qui-gon mentor", "defender: Yoda");
    assert_ne!(stray, refused);
    let walked = walk(&stray, None, None);
    assert_eq!(walked.exit_code(), 1);
    assert_eq!(walked.heard.len(), 2, "{:?}", walked.heard);
    assert_eq!(
        walked.unmet,
        [
            "decisions: dark: defender: Yoda cannot describe the attempt: the Light Side player has no card of that name on Naboo, where the duel was attempted"
        ]
    );
}

#[test]
fn a_block_the_rules_do_not_allow_is_refused_with_the_block_rule_and_a_true_pass_heard() {
    let disputed = scenario("mid-duel-disputed-block-five-on-four.yaml");
    // "I blocked with the 5": against an attack of 4, with no 4 in hand, no block is legal.
    let claimed = disputed.replace(
        "policy: block-when-able\n",
        "decisions:\n  light:\n    plays: [block 5]\npolicy: block-when-able\n",
    );
    assert_ne!(claimed, disputed);
    let walked = walk(&claimed, None, None);
    assert_eq!(walked.exit_code(), 1);
    let Some(Stop::Undecided { decision, why }) = walked.stop() else {
        panic!("expected a refused answer, got {:?}", walked.stop());
    };
    assert_eq!(decision.kind.name, "block");
    assert!(format!("{why:?}").contains("block 5"), "{why:?}");
    assert_eq!(decision.options.len(), 1);
    assert!(decision.options[0].declines);
    assert!(
        decision.options[0]
            .cites
            .iter()
            .any(|cite| cite.id() == "duel.block")
    );
    // "I did not block" is what happened: heard, and the duel goes on as the rules have it.
    let passed = disputed.replace(
        "policy: block-when-able\n",
        "decisions:\n  light:\n    plays: [pass]\npolicy: block-when-able\n",
    );
    common::assert_heard(&walk(&passed, None, None), "light: plays: pass");
}

/// A duel that stops at an attack the scenario does not script, the Light Side holding two
/// cards of destiny 3 and one of 5.
const TWO_ALIKE: &str = "title: Two threes and a five to attack with
action: duel
turn: dark
step: battle
current_planet: Naboo
dark:
  deck: [2, 2, 6, 6]
light:
  deck: [1, 1, 6, 6]
planets:
  Naboo:
    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]
    light: [qui-gon mentor, Qui-Gon Jinn's Lightsaber]
duel:
  initiator: dark
  next: light
  pending: attack
  dark:
    fighter: maul student
    weapon: Darth Maul's Lightsaber (The Jedi Council)
    hand: [3]
    drawn: 4
  light:
    fighter: qui-gon mentor
    weapon: Qui-Gon Jinn's Lightsaber
    hand: [3, 5, 3]
    drawn: 4
";

/// The options a walk stops at are listed once for each distinct choice, identical cards
/// with their count, in text, Markdown and HTML; JSON keeps every option.
#[test]
fn a_stop_lists_identical_cards_as_one_option_with_their_count() {
    let walked = common::walk_seeded(TWO_ALIKE, None, None);
    assert!(walked.stop().is_some());
    let corpus = jedi_judge::rules::Corpus::embedded();
    let text = common::rendered(&walked);
    let options: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != "Legal options:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect();
    assert_eq!(
        options,
        [
            "  1. a card with destiny 3 (2 alike) [revised.duel.attack]",
            "  2. a card with destiny 5 [revised.duel.attack]"
        ],
        "{text}"
    );
    let markdown = render(
        &walked,
        corpus,
        jedi_judge::render::Format::Markdown,
        jedi_judge::render::Palette::plain(),
    );
    assert!(
        markdown.contains("1. a card with destiny 3 (2 alike)"),
        "{markdown}"
    );
    assert!(!markdown.contains("3. a card"), "{markdown}");
    let page = jedi_judge::render::walk::html_page(&walked, corpus);
    assert_eq!(page.matches("(2 alike)").count(), 1);
    let json = jedi_judge::render::walk::output(&walked, corpus);
    let Some(jedi_judge::render::output::StopOutput::Undecided { decision, .. }) = &json.stop
    else {
        panic!("a stop at a decision");
    };
    assert_eq!(decision.options.len(), 3);
}
