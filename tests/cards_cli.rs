//! The card catalog: forgiving look-up, the cards the sources name, corrections and traits derived by rule.

use jedi_judge::cards::traits::{dueling_character, jedi, lightsaber, podracer_pilot, sith};
use jedi_judge::cards::{
    Card, CardLookupError, CardType, Catalog, Fact, Game, Side, Source, StatValue, TraitValue, find,
};
use jedi_judge::cli::{EXIT_OK, EXIT_USAGE, Outcome, execute};
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, Ruleset};

fn run(args: &[&str]) -> Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

fn show(name: &str) -> String {
    let outcome = run(&["cards", "show", name]);
    assert_eq!(outcome.code, EXIT_OK, "{name}: {}", outcome.stderr);
    outcome.stdout
}

fn card(name: &str) -> &'static Card {
    let found = find(Catalog::embedded().cards(), name).expect("a card");
    found.first().copied().expect("at least one version")
}

/// Every card the FAQ and the rules name, by the name a judge would type.
const NAMED_BY_THE_SOURCES: [&str; 27] = [
    "Anakin Skywalker, Padawan",
    "Sebulba, Bad-Tempered Dug",
    "Eopie",
    "Battle Droid: Infantry, AAT Division",
    "Might Of The Republic",
    "Droid Starfighter",
    "Da Dug Chaaa!",
    "Jedi Force Push",
    "Sith Force Push",
    "Mace Windu, Jedi Warrior",
    "Wisdom of the Council",
    "STAP",
    "In Complete Control",
    "Battle Droid Squad",
    "Trade Federation Tank",
    "Open Fire!",
    "Aurra Sing, Mercenary",
    "Darth Maul's Starfighter",
    "Droid Control Ship",
    "Amidala's Starship",
    "Radiant VII",
    "Bravo 1",
    "Bravo 2",
    "Bravo 3",
    "Boonta Eve Classic",
    "Sebulba's Podracer",
    "Ben Quadinaros",
];

#[test]
fn every_card_the_faq_and_rules_name_is_shown_with_its_sources() {
    for name in NAMED_BY_THE_SOURCES {
        let text = show(name);
        let slug: String = name
            .chars()
            .map(|ch| {
                if ch.is_ascii_alphanumeric() {
                    ch.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        insta::assert_snapshot!(format!("card_{slug}"), text);
    }
}

#[test]
fn forgiving_names_find_the_card() {
    assert_eq!(
        card("maul student").full_name(),
        "Darth Maul, Student of the Dark Side"
    );
    assert_eq!(
        card("ric olie starship").full_name(),
        "Ric Olié, Starship Pilot"
    );
    assert_eq!(
        card("darth maul student").full_name(),
        "Darth Maul, Student of the Dark Side"
    );
    // The Boonta Eve rules name him by his title, and misspell it; the card list gives his
    // subtitle.
    assert_eq!(
        card("Ben Quadrinaros").full_name(),
        "Ben Quadinaros, Podracer Pilot"
    );
}

#[test]
fn both_spellings_of_the_misprinted_starfighter_droids_find_the_printed_name() {
    for (misprint, printed) in [
        ("Starfighter Droid, DFS-T104", "Starfighter Droid, DFS-1104"),
        ("dfs-1104", "Starfighter Droid, DFS-1104"),
        ("DFS-T138", "Starfighter Droid, DFS-1138"),
        ("Starfighter Droid, DFS-1138", "Starfighter Droid, DFS-1138"),
    ] {
        assert_eq!(card(misprint).full_name(), printed, "{misprint}");
    }
}

#[test]
fn an_ambiguous_name_lists_the_candidates() {
    let error = find(Catalog::embedded().cards(), "qui-gon").expect_err("ambiguous");
    let CardLookupError::Ambiguous { candidates, .. } = error else {
        panic!("expected ambiguity, got {error:?}");
    };
    assert!(candidates.contains(&"Qui-Gon Jinn, Jedi Mentor".to_string()));
    assert!(
        candidates.contains(&"Qui-Gon Jinn's Lightsaber, Wielded by Obi-Wan Kenobi".to_string())
    );
    let outcome = run(&["cards", "show", "qui-gon"]);
    assert_eq!(outcome.code, EXIT_USAGE);
}

#[test]
fn an_unknown_name_exits_2_and_suggests_the_nearest() {
    let outcome = run(&["cards", "show", "Darth", "Mual"]);
    assert_eq!(outcome.code, EXIT_USAGE);
    insta::assert_snapshot!(outcome.stderr);
    let error = find(Catalog::embedded().cards(), "Sebulbah").expect_err("unknown");
    let CardLookupError::Unknown { suggestions, .. } = error else {
        panic!("expected unknown, got {error:?}");
    };
    assert_eq!(
        suggestions.first().map(String::as_str),
        Some("Sebulba, Bad-Tempered Dug")
    );
}

#[test]
fn one_card_printed_in_four_sets_is_one_card_with_its_printings() {
    let found = find(Catalog::embedded().cards(), "Droid Starfighter").expect("found");
    let [card] = found.as_slice() else {
        panic!("one card, not {}", found.len());
    };
    let printings: Vec<String> = card
        .printing
        .iter()
        .chain(&card.reprints)
        .map(|fact| fact.value.to_string())
        .collect();
    assert_eq!(
        printings,
        [
            "Duel of the Fates #60",
            "Battle of Naboo #139",
            "Menace of Darth Maul #139",
            "The Jedi Council #139"
        ]
    );
    // The numbers one printing gives are the card's: a walk never stops for a number some
    // printing of the card has.
    assert_eq!(
        card.stats
            .power
            .as_ref()
            .and_then(|fact| fact.value.number()),
        Some(2)
    );
    assert_eq!(card.corrections, ["faq.corrections.droid-starfighter"]);
}

#[test]
fn a_title_printed_in_two_versions_whose_numbers_differ_stays_two_cards() {
    let found = find(Catalog::embedded().cards(), "Darth Maul's Lightsaber").expect("found");
    let printings: Vec<String> = found
        .iter()
        .filter_map(|card| card.printing.as_ref().map(|p| p.value.to_string()))
        .collect();
    assert_eq!(printings, ["The Jedi Council #106", "Battle of Naboo #109"]);
}

#[test]
fn corrected_cards_carry_the_corrected_value_and_the_correction_item() {
    let eopie = card("Eopie");
    let deploy = eopie.stats.deploy.as_ref().expect("corrected deploy");
    assert_eq!(deploy.value, StatValue::Number(1));
    assert_eq!(deploy.source, Source::Rule("faq.corrections.eopie".into()));
    let droid = card("Battle Droid: Infantry, AAT Division");
    let deploy = droid.stats.deploy.as_ref().expect("corrected deploy");
    assert_eq!(deploy.value, StatValue::Number(2));
    let might = card("Might Of The Republic");
    let text = might.game_text.as_ref().expect("corrected text");
    assert!(text.value.contains("Coruscant Guards"));
    assert!(show("eopie").contains("1 (corrected; originally printed 0)"));
}

#[test]
fn a_stat_the_sources_do_not_print_is_unknown_not_zero() {
    // A location prints no power or DAMAGE, and none is made up; its destiny comes from the
    // second source alone, and its deploy counters from no source.
    let location = card("desert landing site");
    assert!(location.stats.damage.is_none() && location.stats.power.is_none());
    assert!(matches!(
        location.stats.destiny.as_ref().map(|fact| &fact.source),
        Some(jedi_judge::cards::Source::Outside(place)) if place.starts_with("second source")
    ));
    assert!(
        show("desert landing site")
            .contains("unknown:            deploy counters (no source gives them)")
    );
    // A character's numbers come from the transcription, which says so.
    let maul = card("maul student");
    let power = maul.stats.power.as_ref().expect("power");
    assert!(
        matches!(&power.source, jedi_judge::cards::Source::Outside(place) if place.starts_with("card transcription DevoKun/youngjedi@0342837")),
        "{power:?}"
    );
    let objective = card("Boonta Eve Classic");
    assert_eq!(
        objective.stats.destiny.as_ref().map(|f| &f.value),
        Some(&StatValue::None)
    );
}

#[test]
fn the_duel_of_the_fates_list_gives_sixty_cards_with_side_type_and_rarity() {
    let listed: Vec<&Card> = Catalog::embedded()
        .cards()
        .iter()
        .filter(|card| {
            card.rarity
                .as_ref()
                .is_some_and(|rarity| rarity.source.rule_id().is_some())
        })
        .collect();
    assert_eq!(listed.len(), 60);
    let light_characters = listed
        .iter()
        .filter(|card| card.side() == Some(Side::Light) && card.is(CardType::Character))
        .count();
    assert_eq!(light_characters, 11);
}

fn declared(name: &str, side: Option<Side>, card_type: CardType) -> Card {
    let mut card = Card::named(name, Game::YoungJedi);
    card.side = side.map(|side| Fact::new(side, Source::Scenario));
    card.card_type = Some(Fact::new(card_type, Source::Scenario));
    card
}

#[test]
fn a_card_is_a_jedi_only_if_its_title_or_subtitle_says_so() {
    assert_eq!(
        jedi(card("Anakin Skywalker, Padawan")).value,
        TraitValue::No
    );
    assert_eq!(
        jedi(card("Mace Windu, Jedi Warrior")).value,
        TraitValue::Yes
    );
    // Traits work for any card a scenario declares, not only catalog cards.
    let invented = declared(
        "Plo Koon, Jedi Master",
        Some(Side::Light),
        CardType::Character,
    );
    assert_eq!(jedi(&invented).value, TraitValue::Yes);
    assert_eq!(dueling_character(&invented).value, TraitValue::Yes);
}

#[test]
fn anakin_is_no_dueling_character_though_obi_wan_and_qui_gon_are_whatever_their_subtitle() {
    assert_eq!(
        dueling_character(card("Anakin Skywalker, Padawan")).value,
        TraitValue::No
    );
    let padawan = declared("Obi-Wan Kenobi, Padawan Learner", None, CardType::Character);
    assert_eq!(dueling_character(&padawan).value, TraitValue::Yes);
    let dark = declared(
        "Aurra Sing, Bounty Hunter",
        Some(Side::Dark),
        CardType::Character,
    );
    assert_eq!(dueling_character(&dark).value, TraitValue::Yes);
    let dark_jedi = declared(
        "Fallen One, Jedi Hunter",
        Some(Side::Dark),
        CardType::Character,
    );
    assert_eq!(dueling_character(&dark_jedi).value, TraitValue::No);
    let sideless = declared("Someone, Jedi Knight", None, CardType::Character);
    assert_eq!(dueling_character(&sideless).value, TraitValue::Unknown);
}

#[test]
fn sebulba_bad_tempered_dug_is_the_one_podracer_pilot_exception_before_boonta_eve() {
    let corpus = Corpus::embedded();
    let old = Ruleset::parse("2000-12-01").expect("a date");
    assert_eq!(
        podracer_pilot(card("Sebulba, Bad-Tempered Dug"), corpus, &old).value,
        TraitValue::Yes
    );
    let other_sebulba = declared(
        "Sebulba, Dangerous Podracer",
        Some(Side::Dark),
        CardType::Character,
    );
    assert_eq!(
        podracer_pilot(&other_sebulba, corpus, &old).value,
        TraitValue::No
    );
    assert_eq!(
        podracer_pilot(card("Anakin Skywalker, Padawan"), corpus, &old).value,
        TraitValue::No
    );
    // Under the Boonta Eve rules every version of Anakin and Sebulba is a pilot.
    let latest = Ruleset::latest();
    assert_eq!(
        podracer_pilot(&other_sebulba, corpus, &latest).value,
        TraitValue::Yes
    );
    assert_eq!(
        podracer_pilot(card("Anakin Skywalker, Padawan"), corpus, &latest).value,
        TraitValue::Yes
    );
    let pilot = declared("Teemto Pagalies, Podracer Pilot", None, CardType::Character);
    assert_eq!(podracer_pilot(&pilot, corpus, &old).value, TraitValue::Yes);
}

#[test]
fn handling_is_the_last_digit_of_the_collector_number_and_0_or_7_is_unusable() {
    assert!(show("ben quadinaros").contains("0 (unusable)"));
    assert!(show("ratts tyerell pilot").contains("7 (unusable)"));
    assert!(show("sebulba bad").contains("handling:           3"));
}

#[test]
fn lightsabers_are_weapons_whose_name_says_lightsaber() {
    assert_eq!(
        lightsaber(card("Jedi Lightsaber, Stolen by Aurra Sing")).value,
        TraitValue::Yes
    );
    assert_eq!(
        lightsaber(card("Qui-Gon Jinn's Lightsaber")).value,
        TraitValue::Yes
    );
    assert_eq!(lightsaber(card("Booma")).value, TraitValue::No);
}

#[test]
fn a_sith_is_a_character_titled_darth_or_named_sith_and_the_reason_says_it_is_a_reading() {
    let student = sith(card("Darth Maul, Student of the Dark Side"));
    assert_eq!(student.value, TraitValue::Yes);
    assert!(student.reason.contains("reading"), "{}", student.reason);
    assert_eq!(student.cites, ["clash.object.background"]);
    let manipulator = sith(card("Darth Sidious, Sith Manipulator"));
    assert_eq!(manipulator.value, TraitValue::Yes);
    assert_eq!(
        sith(card("Aurra Sing, Trophy Collector")).value,
        TraitValue::No
    );
    // A weapon is no Sith, though its title says so.
    assert_eq!(sith(card("Sith Lightsaber")).value, TraitValue::No);
    let listed = run(&["cards", "list", "--trait", "sith"]);
    assert!(listed.stdout.contains("Darth Sidious, Lord of the Sith"));
    assert!(!listed.stdout.contains("Aurra Sing"));
}

#[test]
fn card_output_in_json_lists_traits_with_resolved_citations() {
    let outcome = run(&["cards", "show", "mace windu warrior", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("valid JSON");
    insta::assert_json_snapshot!(json);
}

#[test]
fn cards_search_finds_by_any_words() {
    let outcome = run(&["cards", "search", "dark", "weapon"]);
    insta::assert_snapshot!(outcome.stdout);
}

#[test]
fn the_embedded_catalog_is_the_one_its_files_give() {
    let built = Catalog::build(Corpus::embedded(), jedi_judge::cards::CATALOG_SOURCE)
        .expect("catalog.yaml assembles over the corpus");
    let embedded = Catalog::embedded().cards();
    assert!(embedded.len() > 100, "{} cards", embedded.len());
    assert_eq!(built.cards(), embedded);
    for (position, card) in embedded.iter().enumerate() {
        assert_eq!(
            Catalog::embedded().card(position),
            Some(card),
            "card {position}"
        );
        assert_eq!(built.card(position), Some(card), "card {position}");
    }
    assert_eq!(Catalog::embedded().card(embedded.len()), None);
    assert!(
        built.index() == Catalog::embedded().index(),
        "the names the build script normalised are the ones the program would"
    );
    assert_eq!(
        Catalog::embedded().index().words_in_order(),
        built.index().words_sorted_now(),
        "the words the build script sorted are in the order the program would sort them"
    );
}

#[test]
fn a_correction_for_a_card_the_catalog_lacks_is_refused() {
    let text = jedi_judge::cards::CATALOG_SOURCE.replacen(
        "applies_to: \"Eopie\"",
        "applies_to: \"Eopie the Second\"",
        1,
    );
    assert_ne!(text, jedi_judge::cards::CATALOG_SOURCE);
    let error = Catalog::build(Corpus::embedded(), &text).expect_err("no such card");
    assert_eq!(
        error.to_string(),
        "the correction faq.corrections.eopie applies to \"Eopie the Second\", which the catalog does not have"
    );
}

#[test]
fn the_catalog_lists_and_filters_by_set_side_type_trait_and_printed_numbers() {
    let everything = run(&["cards", "list", "--format", "json"]);
    assert_eq!(everything.code, EXIT_OK, "{}", everything.stderr);
    let all: serde_json::Value = serde_json::from_str(&everything.stdout).expect("JSON");
    let count = |value: &serde_json::Value| value["cards"].as_array().map_or(0, Vec::len);
    assert!(count(&all) > 580, "{}", count(&all));
    // Every printing counted once, whichever card it is a printing of.
    assert_eq!(all["printings"], 685);
    let outcome = run(&[
        "cards",
        "list",
        "--set",
        "boonta",
        "--side",
        "dark",
        "--type",
        "character",
        "power>=4",
        "--format",
        "json",
    ]);
    assert_eq!(outcome.code, EXIT_OK, "{}", outcome.stderr);
    let listed: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    assert_eq!(listed["format"], "jedi-judge/cards-search");
    assert_eq!(
        listed["query"],
        "--set boonta --side dark --type character power>=4"
    );
    assert!(count(&listed) > 0);
    for entry in listed["cards"].as_array().into_iter().flatten() {
        let name = entry["name"].as_str().expect("a name");
        let card = card(name);
        assert_eq!(card.side(), Some(Side::Dark), "{name}");
        assert!(card.is(CardType::Character), "{name}");
        assert!(
            matches!(card.stats.power.as_ref().map(|fact| &fact.value), Some(StatValue::Number(power)) if *power >= 4),
            "{name}"
        );
    }
    // A set's name is bounded: a longer one is refused, and quoted clipped.
    let long = "boonta ".repeat(1000);
    let refused = run(&["cards", "list", "--set", &long]);
    assert_eq!(refused.code, EXIT_USAGE, "{}", refused.stdout);
    assert!(
        refused.stderr.contains("is longer than any set's name") && refused.stderr.len() < 1000,
        "{}",
        refused.stderr
    );
    // A trait is derived by rule; a search's words narrow by name, its comparisons by number.
    let pilots = run(&["cards", "list", "--trait", "podracer pilot"]);
    assert!(
        pilots.stdout.contains("Sebulba, Bad-Tempered Dug"),
        "{}",
        pilots.stdout
    );
    let searched = run(&["cards", "search", "podracer", "destiny=2"]);
    assert!(
        searched.stdout.contains("Sebulba's Podracer"),
        "{}",
        searched.stdout
    );
    assert!(
        !searched.stdout.contains("Ben Quadinaros' Podracer"),
        "{}",
        searched.stdout
    );
}

#[test]
fn a_bad_filter_exits_2_and_says_what_is_expected() {
    for args in [
        &["cards", "list", "--type", "wookiee"][..],
        &["cards", "list", "speed>3"],
        &["cards", "list", "--side", "grey"],
        &["cards", "list", "podracer"],
    ] {
        let outcome = run(args);
        assert_eq!(outcome.code, 2, "{args:?}");
        assert!(
            outcome.stderr.contains("bad_filter"),
            "{args:?}: {}",
            outcome.stderr
        );
    }
}

/// What the program answers a shell asking for Tab completions of the command line `words`.
fn completions(words: &[&str]) -> Vec<String> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jedi-judge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COMPLETE", "fish")
        .arg("--")
        .arg("jedi-judge")
        .args(words)
        .output()
        .expect("the program runs");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| line.split('\t').next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn shell_completions_offer_card_names_and_rule_ids() {
    let names = completions(&["cards", "show", "qui-gon mentor"]);
    assert_eq!(
        names.first().map(String::as_str),
        Some("Qui-Gon Jinn, Jedi Mentor")
    );
    let lightsabers = completions(&["cards", "show", "darth maul's lightsaber"]);
    assert!(
        lightsabers.contains(&"Darth Maul's Lightsaber (The Jedi Council)".to_string()),
        "{lightsabers:?}"
    );
    assert!(lightsabers.len() <= 50);
    assert_eq!(
        completions(&["rules", "show", "duel.initi"]),
        ["duel.initiation"]
    );
    // Ruleset names, wherever a ruleset is asked for.
    assert_eq!(
        completions(&["walk", "x.yaml", "--rules-as-of", "faq"]),
        ["faq-2000-12-01"]
    );
    assert_eq!(completions(&["rules", "diff", "rule"]), ["rulesheet"]);
    assert_eq!(
        completions(&["rules", "show", "--rules-as-of", "boonta", "duel.block"])
            .first()
            .map(String::as_str),
        Some("duel.block")
    );
    assert!(
        completions(&["check", "a.yaml", "--rules-as-of", "l"]).contains(&"latest".to_string())
    );
    // Scenario files: the YAML files and the folders on the way, nothing else.
    assert_eq!(
        completions(&["walk", "scenarios/disputes/duel-block-f"]),
        ["scenarios/disputes/duel-block-five-on-four-refused.yaml"]
    );
    let folders = completions(&["check", "scenarios/d"]);
    assert_eq!(
        folders,
        [
            "scenarios/deploy/",
            "scenarios/disputes/",
            "scenarios/duel/"
        ]
    );
    assert!(completions(&["repl", "READ"]).is_empty());
    // The corpus's documents and topics.
    assert_eq!(
        completions(&["rules", "list", "--document", "b"]),
        ["boonta"]
    );
    assert_eq!(
        completions(&["rules", "list", "--topic", "podr"]),
        ["podrace"]
    );
    // A shell that registers the completer gets its script.
    let script = std::process::Command::new(env!("CARGO_BIN_EXE_jedi-judge"))
        .env("COMPLETE", "bash")
        .output()
        .expect("the program runs");
    assert!(String::from_utf8_lossy(&script.stdout).contains("complete -o nospace"));
}

#[test]
fn a_name_the_rules_give_by_title_alone_that_no_printing_has_is_refused() {
    let text = jedi_judge::cards::CATALOG_SOURCE.replacen(
        "  - name: \"Radiant VII\"",
        "  - name: \"Radiant VIII\"",
        1,
    );
    assert_ne!(text, jedi_judge::cards::CATALOG_SOURCE);
    let error = Catalog::build(Corpus::embedded(), &text).expect_err("no such title");
    assert_eq!(
        error.to_string(),
        "the catalog names \"Radiant VIII\" by its title alone, and no printing has that title"
    );
}

#[test]
fn no_two_cards_share_a_printing_and_no_card_is_a_bare_name() {
    let mut seen = std::collections::BTreeMap::new();
    for card in Catalog::embedded().cards() {
        if card.game != Game::YoungJedi {
            continue;
        }
        // Every Young Jedi card is a printed one: the names the rules give by title alone
        // are joined to the printings they mean.
        let printing = card
            .printing
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no printing", card.full_name()));
        for fact in std::iter::once(printing).chain(&card.reprints) {
            let key = (fact.value.to_string(), card.side());
            if let Some(other) = seen.insert(key, card.full_name()) {
                panic!(
                    "{} is a printing of both {other} and {}",
                    fact.value,
                    card.full_name()
                );
            }
        }
    }
    assert_eq!(seen.len(), 685);
}

#[test]
fn a_two_in_one_card_carries_both_halves_with_their_types_and_every_filter_finds_it() {
    let shown = show("Jar Jar Binks, Bombad Gungan General & Jar Jar Binks' Electropole");
    assert!(
        shown.contains(
            "halves:             Jar Jar Binks, Bombad Gungan General (Character) & Jar Jar Binks'"
        ),
        "{shown}"
    );
    assert!(shown.contains("Electropole (Weapon)"), "{shown}");
    let weapons = run(&["cards", "list", "--type", "weapon", "--set", "reflections"]);
    assert!(weapons.stdout.contains("Boss Nass, Gungan Chief & Fambaa"));
    assert!(
        weapons.stdout.contains(
            "Boss Nass, Gungan Chief & Fambaa · Reflections #A2\n      Character & Weapon  Light"
        ),
        "{}",
        weapons.stdout
    );
    let effects = run(&["cards", "list", "--type", "effect", "--set", "reflections"]);
    assert!(effects.stdout.contains("Starfighter Screen & Blockade"));
    assert!(
        !effects.stdout.contains("Opee Sea Killer"),
        "a Battle card twice"
    );
    let battles = run(&["cards", "list", "--type", "battle", "--set", "reflections"]);
    assert!(battles.stdout.contains("Opee Sea Killer & To The Death"));
    assert!(battles.stdout.contains("The Phantom Menace & Use Caution"));
    // Every Young Jedi card has a type; the one two-in-one card the second source does not
    // give (it pairs OOM-9 with another weapon) is the only exception.
    let listed = run(&["cards", "list", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&listed.stdout).expect("JSON");
    let untyped: Vec<&str> = json["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .filter(|card| card["game"] == "young-jedi" && card["type"].is_null())
        .filter_map(|card| card["name"].as_str())
        .collect();
    assert_eq!(untyped, ["OOM-9, Battle Droid Commander & STAP"]);
}

#[test]
fn the_report_of_where_the_card_sources_disagree_is_current_and_one_table() {
    let outcome = run(&["cards", "disagreements", "--format", "markdown"]);
    assert_eq!(outcome.code, EXIT_OK, "{}", outcome.stderr);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/card-data.md");
    let committed = std::fs::read_to_string(&path).expect("docs/card-data.md");
    assert!(
        committed == outcome.stdout,
        "docs/card-data.md is stale: run `cargo run -- cards disagreements --format markdown > docs/card-data.md`"
    );
    // As a CommonMark renderer with tables reads it: a heading, and one table with a row for
    // each disagreement the JSON lists, four cells each, no raw HTML.
    let json = run(&["cards", "disagreements", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let listed = value["disagreements"]
        .as_array()
        .expect("disagreements")
        .len();
    assert!(listed >= 40, "{listed}");
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let (mut tables, mut rows, mut cells, mut html) = (0, 0, 0, 0);
    for event in Parser::new_ext(&committed, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Table(_)) => tables += 1,
            Event::Start(Tag::TableRow) => rows += 1,
            Event::Start(Tag::TableCell) => cells += 1,
            Event::Html(_) | Event::InlineHtml(_) => html += 1,
            _ => {}
        }
    }
    assert_eq!((tables, rows, html), (1, listed, 0));
    // The head row's cells too.
    assert_eq!(cells, (listed + 1) * 4);
    // Every slid row the catalog overrules is in it, with why.
    let overruled = value["overruled"].as_u64().expect("a count");
    assert_eq!(
        committed.matches("a row not to be trusted").count() as u64,
        overruled
    );
    assert!(committed.contains("| Battle Droid Blaster Rifle | Battle of Naboo \\#115 |"));
}

#[test]
fn a_card_is_shown_by_its_name_and_set_and_its_fetch_text_says_when_it_works_once() {
    let shown = show("Obi-Wan Kenobi, Jedi Student (Duel of the Fates)");
    assert!(
        shown.starts_with("Obi-Wan Kenobi, Jedi Student\n"),
        "{shown}"
    );
    let valorum = show("Valorum, Leader of the Senate");
    assert!(
        valorum.contains("when deployed to Coruscant: may deploy one senator"),
        "{valorum}"
    );
    assert!(
        !valorum.contains("when deployed when deployed"),
        "{valorum}"
    );
}

/// `cards list` sorts by set, in the order the sets were printed, then by collector number;
/// `--sort` sorts by any column, ties in print order; the printed numbers stand in columns.
#[test]
fn cards_list_sorts_by_print_order_or_any_column_and_lines_up_the_numbers() {
    let listed = run(&["cards", "list", "--side", "light", "--type", "character"]);
    assert_eq!(listed.code, 0);
    let names: Vec<&str> = listed
        .stdout
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("    ") && line.contains(" · "))
        .collect();
    assert_eq!(names[0], "  card · printing");
    assert!(names[1].contains("Menace of Darth Maul #1"), "{names:?}");
    assert!(names[2].contains("Menace of Darth Maul #2"), "{names:?}");
    let p8 = names.iter().position(|name| name.contains("Naboo #P8"));
    let p10 = names.iter().position(|name| name.contains("Naboo #P10"));
    assert!(p8 < p10, "P8 before P10: {names:?}");
    assert!(
        listed
            .stdout
            .contains("side   deploy  power  DAMAGE  destiny\n"),
        "{}",
        listed.stdout
    );
    // By power, highest last; the cards without a power (none here) would come after.
    let by_power = run(&[
        "cards",
        "list",
        "--side",
        "light",
        "--type",
        "character",
        "--sort",
        "power",
        "--format",
        "markdown",
    ]);
    let powers: Vec<i32> = by_power
        .stdout
        .lines()
        .skip(2)
        .filter_map(|row| row.split(" | ").nth(4)?.trim().parse().ok())
        .collect();
    assert!(powers.len() > 50, "{powers:?}");
    assert!(
        powers.windows(2).all(|pair| pair[0] <= pair[1]),
        "{powers:?}"
    );
}

/// The names a `cards` command lists, in its order (JSON).
fn listed(args: &[&str]) -> Vec<String> {
    let mut argv = args.to_vec();
    argv.extend(["--format", "json"]);
    let outcome = run(&argv);
    assert_eq!(outcome.code, EXIT_OK, "{args:?}: {}", outcome.stderr);
    let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    json["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|card| card["name"].as_str().expect("a name").to_string())
        .collect()
}

/// `cards search maul` finds the cards whose name says Maul, those named Maul first (Darth
/// Maul's versions, then Darth Maul's cards), not the 80 whose notes name Menace of Darth
/// Maul; `--notes` reads the notes too, and ranks what it finds there after every name.
#[test]
fn cards_search_ranks_the_title_and_subtitle_first_and_reads_the_notes_on_request() {
    let named = listed(&["cards", "search", "maul"]);
    assert_eq!(named.len(), 15, "{named:?}");
    assert!(
        named
            .iter()
            .all(|name| name.to_lowercase().contains("maul")),
        "{named:?}"
    );
    assert!(!named.iter().any(|name| name == "Eopie"), "{named:?}");
    // Maul as a whole word of the name before Maul's, the beginning of one.
    let whole = |name: &str| name.split([' ', ',']).any(|word| word == "Maul");
    let first_partial = named
        .iter()
        .position(|name| !whole(name))
        .expect("a card of Darth Maul's");
    assert!(first_partial >= 8, "{named:?}");
    assert!(
        named[first_partial..].iter().all(|name| !whole(name)),
        "{named:?}"
    );
    assert!(
        named[..first_partial]
            .iter()
            .any(|name| name == "Darth Maul, Sith Apprentice")
    );
    assert!(
        named[first_partial..]
            .iter()
            .any(|name| name == "Darth Maul's Lightsaber")
    );
    let with_notes = listed(&["cards", "search", "--notes", "maul"]);
    assert_eq!(with_notes.len(), 73, "{with_notes:?}");
    assert_eq!(with_notes[..named.len()], named[..]);
    assert!(
        with_notes[named.len()..].iter().any(|name| name == "Eopie"),
        "{with_notes:?}"
    );
    // The heading says the notes were read.
    let text = run(&["cards", "search", "--notes", "maul"]);
    let json = run(&["cards", "search", "--notes", "maul", "--format", "json"]);
    assert!(text.stdout.starts_with("73 cards"), "{}", text.stdout);
    assert!(
        json.stdout.contains("\"query\": \"maul --notes\""),
        "{}",
        json.stdout
    );
}

/// `--game` keeps one game's cards: Darth Maul's Rage, a Clash Special card, is found by a
/// search of every card and of Clash, never by one of Young Jedi.
#[test]
fn cards_search_and_list_keep_one_game_with_game() {
    let all = listed(&["cards", "search", "maul"]);
    let young_jedi = listed(&["cards", "search", "maul", "--game", "young-jedi"]);
    let clash = listed(&["cards", "search", "maul", "--game", "clash"]);
    assert!(all.iter().any(|name| name == "Darth Maul's Rage"));
    assert!(!young_jedi.iter().any(|name| name == "Darth Maul's Rage"));
    assert_eq!(clash, ["Darth Maul's Rage"]);
    assert_eq!(young_jedi.len() + clash.len(), all.len());
    let every_clash_card = listed(&["cards", "list", "--game", "clash"]);
    let catalog = Catalog::embedded();
    let expected = catalog
        .cards()
        .iter()
        .filter(|card| card.game == Game::Clash)
        .count();
    assert_eq!(every_clash_card.len(), expected);
    let refused = run(&["cards", "list", "--game", "chess"]);
    assert_eq!(refused.code, EXIT_USAGE, "{}", refused.stdout);
}

/// `cards search --trait "podracer pilot"` needs no words: it lists the cards with the
/// trait, as `cards list` does; with neither words nor a filter it says what it needs.
#[test]
fn cards_search_with_a_filter_and_no_words_lists_what_the_filter_keeps() {
    let pilots = listed(&["cards", "search", "--trait", "podracer pilot"]);
    assert_eq!(
        pilots,
        listed(&["cards", "list", "--trait", "podracer pilot"])
    );
    assert!(pilots.len() >= 10, "{pilots:?}");
    for name in [
        "Sebulba, Bad-Tempered Dug",
        "Anakin Skywalker, Podracer Pilot",
        "Ben Quadinaros, Podracer Pilot",
    ] {
        assert!(
            pilots.iter().any(|pilot| pilot == name),
            "{name}: {pilots:?}"
        );
    }
    let nothing = run(&["cards", "search"]);
    assert_eq!(nothing.code, EXIT_USAGE, "{}", nothing.stdout);
    assert!(
        nothing.stderr.contains("give words to find"),
        "{}",
        nothing.stderr
    );
}

/// `cards list --set reflections` shows each card's Reflections printing, not the printing
/// it reprints; without `--set` the card's own printing is shown.
#[test]
fn cards_list_of_a_set_shows_the_printing_in_that_set() {
    let reflections = run(&["cards", "list", "--set", "reflections"]);
    assert_eq!(reflections.code, EXIT_OK, "{}", reflections.stderr);
    assert!(
        reflections.stdout.contains(
            "Queen Amidala, Royal Leader · Reflections (Menace of Darth Maul #9) (+1 more)"
        ),
        "{}",
        reflections.stdout
    );
    let printings: Vec<&str> = reflections
        .stdout
        .lines()
        .filter(|line| line.trim() != "card · printing")
        .filter_map(|line| line.split_once(" · ").map(|(_, printing)| printing))
        .collect();
    assert!(printings.len() > 90, "{}", printings.len());
    assert!(
        printings
            .iter()
            .all(|printing| printing.starts_with("Reflections")),
        "{printings:?}"
    );
    let everything = run(&["cards", "list"]);
    assert!(
        everything
            .stdout
            .contains("Queen Amidala, Royal Leader · Menace of Darth Maul #9 (+1 more)"),
        "{}",
        everything.stdout
    );
}
