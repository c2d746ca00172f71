//! Card text as data, shown by examples: one card of each kind of effect walked with its text
//! and without, the status filter, the published schema, scenario declarations, and the lists
//! the card text files keep (`tests/card_text_proofs.rs` proves every card).

use jedi_judge::cards::card_text::BattleUser;
use jedi_judge::cards::{Card, CardType, Catalog, Game, Side};
mod common;

use common::{findings, messages, walked_battle as walked};
use jedi_judge::rules::Corpus;

/// A battle of one fight on Naboo: `light` against `dark`, each with its own text and
/// location bonuses off, the Battle card `card` inserted for the side that holds it in hand;
/// `declared` adds lines under `cards:`.
fn one_fight(light: &[&str], dark: &[&str], card: (&str, Side), declared: &str) -> String {
    let quoted = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("{name:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let entry = |names: &[&str], with_card: bool| {
        let mut text = format!("    - fighter: {:?}\n", names[0]);
        if let Some(second) = names.get(1) {
            text.push_str(&format!("      together_with: {second:?}\n"));
        }
        for more in names.iter().skip(2) {
            text.push_str(&format!("      also_with: {more:?}\n"));
        }
        if with_card {
            text.push_str(&format!("      battle_cards: [{:?}]\n", card.0));
        }
        text
    };
    let mut cards = String::new();
    for name in light.iter().chain(dark) {
        cards.push_str(&format!("  {name:?}: {{text: none}}\n"));
    }
    cards.push_str(declared);
    let (light_hand, dark_hand) = match card.1 {
        Side::Light => (format!("\n  hand: [{:?}]", card.0), String::new()),
        Side::Dark => (String::new(), format!("\n  hand: [{:?}]", card.0)),
    };
    format!(
        "action: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\ncards:\n{cards}light:\n  deck: [2, 4, 6, 1, 1, 5]{light_hand}\ndark:\n  deck: [5, 1, 3, 4, 5, 6]{dark_hand}\nplanets:\n  Naboo:\n    light: [{}]\n    dark: [{}]\nbattle:\n  light:\n{}  dark:\n{}",
        quoted(light),
        quoted(dark),
        entry(light, card.1 == Side::Light),
        entry(dark, card.1 == Side::Dark),
    )
}

const OFF: &str = "  \"At Last We Will Have Revenge\": {text: none}\n";

/// `bonus_if`: At Last We Will Have Revenge gives Darth Maul its bonus only against a Jedi.
/// Against a Jedi it counts with its text and without (the condition holds: nothing
/// changes); against Captain Panaka it counts only with the text off.
#[test]
fn a_battle_cards_bonus_counts_only_when_its_condition_holds() {
    let card = ("At Last We Will Have Revenge", Side::Dark);
    let maul = ["Darth Maul, Sith Apprentice"];
    for (light, off, counts) in [
        (["Qui-Gon Jinn, Jedi Master"], false, true),
        (["Qui-Gon Jinn, Jedi Master"], true, true),
        (["Captain Panaka, Protector of the Queen"], false, false),
        (["Captain Panaka, Protector of the Queen"], true, true),
    ] {
        let text = one_fight(&light, &maul, card, if off { OFF } else { "" });
        let (flat, _) = walked(&text);
        let counted = flat.contains("power bonus of At Last We Will Have Revenge")
            && !flat.contains("+ 0 power bonus of At Last We Will Have Revenge");
        assert_eq!(
            counted, counts,
            "against {light:?}, text off {off}:\n{flat}"
        );
        if !off && !counts {
            assert!(flat.contains("so it does not apply"), "{flat}");
        }
    }
}

/// `defeated_to_hand`: How Wude! sends a defeated Jar Jar back to the hand with no DAMAGE;
/// with its text off he is discarded and DAMAGE is taken. Where he wins, nothing changes.
#[test]
fn a_battle_card_sends_its_defeated_user_back_to_the_hand_with_no_damage() {
    let card = ("How Wude!", Side::Light);
    let jar_jar = ["Jar Jar Binks, Gungan Chuba Thief"];
    let off = "  \"How Wude!\": {text: none}\n";
    let (flat, result) = walked(&one_fight(
        &jar_jar,
        &["Darth Maul, Sith Apprentice"],
        card,
        "",
    ));
    assert_eq!(result.damage_light, 0, "{flat}");
    assert!(flat.contains("to the Light Side hand"), "{flat}");
    let (flat, result) = walked(&one_fight(
        &jar_jar,
        &["Darth Maul, Sith Apprentice"],
        card,
        off,
    ));
    assert!(result.damage_light > 0, "{flat}");
    // Against a weaker card he wins: with the text or without, nobody of his is defeated.
    for declared in ["", off] {
        let (flat, result) = walked(&one_fight(
            &jar_jar,
            &["Battle Droid: Infantry, AAT Division"],
            card,
            declared,
        ));
        assert!(result.defeated_light.is_empty(), "{flat}");
    }
}

/// Fight together by count: The Queen's Plan lets three [diamond] guards, security and pilots
/// fight together, their powers adding; with its text off, the entry of three is refused; Might
/// Of The Republic, for two, refuses three.
#[test]
fn a_battle_card_lets_as_many_fight_together_as_its_text_says() {
    let three = [
        "Royal Guard, Leader",
        "Naboo Security, Guard",
        "Bravo Pilot, Veteran Flyer",
    ];
    let droid = ["Battle Droid: Infantry, AAT Division"];
    let plan = ("The Queen's Plan", Side::Light);
    let (flat, result) = walked(&one_fight(&three, &droid, plan, ""));
    assert_eq!(result.defeated_dark.len(), 1, "{flat}");
    assert!(
        flat.contains("Light Side total (Royal Guard, Leader, Naboo Security, Guard and Bravo Pilot, Veteran Flyer)")
            || flat.contains("Royal Guard, Leader and Naboo Security, Guard and Bravo Pilot"),
        "{flat}"
    );
    let off = "  \"The Queen's Plan\": {text: none}\n";
    let refused = findings(&one_fight(&three, &droid, plan, off));
    assert!(
        refused.contains(&"battle-plan-fight-together-not-allowed"),
        "{refused:?}"
    );
    let three_guards = one_fight(
        &[
            "Coruscant Guard, Peacekeeper",
            "Coruscant Guard, Officer",
            "Coruscant Guard, Chancellor's Guard",
        ],
        &droid,
        ("Might Of The Republic", Side::Light),
        "",
    );
    let two_only = findings(&three_guards);
    assert!(
        two_only.contains(&"battle-plan-fight-together-not-allowed"),
        "{two_only:?}"
    );
    let said = messages(&three_guards);
    assert!(
        said.iter()
            .any(|message| message.contains("Might Of The Republic lets only 2 fight together")),
        "{said:?}"
    );
}

/// `no_weapons`: Counterparts' users fight without a weapon; the Blaster Rifle given them is
/// set aside, and with the card's text off it is used.
#[test]
fn a_battle_cards_users_may_not_use_weapons_where_its_text_says() {
    let droids = ["R2-D2, Astromech Droid", "C-3PO, Anakin's Creation"];
    let text = |declared: &str| {
        one_fight(
            &droids,
            &["Battle Droid: Infantry, AAT Division"],
            ("Counterparts", Side::Light),
            declared,
        )
        .replace("    light: [", "    light: [\"Blaster Rifle\", ")
        .replace(
            "      battle_cards: [\"Counterparts\"]",
            "      weapon: Blaster Rifle\n      battle_cards: [\"Counterparts\"]",
        )
    };
    let (flat, _) = walked(&text(""));
    assert!(
        flat.contains("Blaster Rifle") && flat.contains("may not use weapons in this fight"),
        "{flat}"
    );
    assert!(!flat.contains("destiny drawn for Blaster Rifle"), "{flat}");
}

/// A power bonus the card's image shows wins over the transcription's reading, which stays as
/// a note of the disagreement.
#[test]
fn a_battle_cards_power_bonus_read_from_its_image_wins() {
    let catalog = Catalog::embedded();
    let card = catalog
        .find("At Last We Will Have Revenge")
        .ok()
        .and_then(|cards| cards.first().copied())
        .expect("in the catalog");
    let bonus = card.battle_bonus.as_ref().expect("a power bonus");
    assert_eq!(bonus.value, jedi_judge::cards::StatValue::Number(3));
    assert!(
        matches!(&bonus.source, jedi_judge::cards::Source::Outside(what) if what.contains("image")),
        "{:?}",
        bonus.source
    );
    let notes: Vec<&str> = card
        .notes
        .iter()
        .map(|note| note.value.as_str())
        .filter(|note| note.starts_with("power bonus: "))
        .collect();
    assert_eq!(
        notes,
        [
            "power bonus: the transcription says 4; the catalog keeps 3, from the card's image, Menace of Darth Maul Dark 121, in DevoKun/youngjedi"
        ]
    );
}

/// `cards list --status` lists exactly the cards of that text status, and a Battle card is
/// never `unread`.
#[test]
fn cards_list_by_status_lists_the_cards_of_that_status() {
    use jedi_judge::cards::card_text::StatusKind;
    let catalog = Catalog::embedded();
    for status in StatusKind::ALL {
        let outcome = jedi_judge::cli::execute(
            [
                "jedi-judge",
                "cards",
                "list",
                "--status",
                status.word(),
                "--format",
                "json",
            ],
            |_| jedi_judge::render::Palette::plain(),
        );
        assert_eq!(outcome.code, 0, "{}", outcome.stderr);
        let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
        let mut listed: Vec<String> = json["cards"]
            .as_array()
            .expect("cards")
            .iter()
            .filter_map(|card| card["name"].as_str().map(str::to_string))
            .collect();
        let mut wanted: Vec<String> = catalog
            .cards()
            .iter()
            .filter(|card| card.game == Game::YoungJedi)
            .filter(|card| {
                card.text_status()
                    .map_or(StatusKind::Unread, |known| known.kind())
                    == status
            })
            .map(Card::full_name)
            .collect();
        listed.sort();
        wanted.sort();
        assert_eq!(listed, wanted, "{}", status.word());
        if status == StatusKind::Unread {
            assert!(
                catalog
                    .cards()
                    .iter()
                    .filter(|card| card.is(CardType::Battle))
                    .all(|card| !listed.contains(&card.full_name())),
                "a Battle card unread"
            );
        }
    }
}

/// Every card text file is valid against the published schema (`jedi-judge schema
/// card-text`), and the schema refuses a key the format does not have.
#[test]
fn every_card_text_file_validates_against_its_published_schema() {
    let outcome = jedi_judge::cli::execute(["jedi-judge", "schema", "card-text"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let schema: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a schema");
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cards/text");
    for name in jedi_judge::cards::card_text::TEXT_FILES {
        let text = std::fs::read_to_string(folder.join(name)).expect("readable");
        let value: serde_json::Value = serde_saphyr::from_str(&text).expect("YAML");
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .take(3)
            .map(|error| format!("{error} at {}", error.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let mut wrong = value.clone();
        wrong["cards"][0]["power"] = serde_json::json!(5);
        assert!(
            !validator.is_valid(&wrong),
            "{name}: an unknown key is accepted"
        );
    }
    // The folder holds the files the catalog reads, and no other.
    let mut found: Vec<String> = std::fs::read_dir(&folder)
        .expect("the folder")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    found.sort();
    let mut read: Vec<String> = jedi_judge::cards::card_text::TEXT_FILES
        .iter()
        .map(|name| name.to_string())
        .collect();
    read.sort();
    assert_eq!(found, read);
}

/// `bonus_if` with any of several conditions: NOOOOOOOOOOO! gives Obi-Wan its bonus against
/// Darth Maul or Darth Sidious; against a battle droid it counts only with its text off.
#[test]
fn a_battle_cards_bonus_counts_when_any_of_its_conditions_holds() {
    let card = ("NOOOOOOOOOOO!", Side::Light);
    let obi_wan = ["Obi-Wan Kenobi, Jedi Knight"];
    let off = "  \"NOOOOOOOOOOO!\": {text: none}\n";
    for (dark, declared, counts) in [
        ("Darth Sidious, Sith Master", "", true),
        ("Darth Maul, Sith Apprentice", "", true),
        ("Battle Droid: Infantry, AAT Division", "", false),
        ("Battle Droid: Infantry, AAT Division", off, true),
    ] {
        let (flat, _) = walked(&one_fight(&obi_wan, &[dark], card, declared));
        let counted = flat.contains("power bonus of NOOOOOOOOOOO!")
            && !flat.contains("+ 0 power bonus of NOOOOOOOOOOO!");
        assert_eq!(counted, counts, "against {dark}, {declared:?}:\n{flat}");
    }
}

/// `only_defeated`: Gungan Battle Cry lets Captain Tarpals fight together with a [diamond]
/// Gungan, and if they lose only the [diamond] Gungan is defeated; Tarpals stays. With its text
/// off, the two may not fight together at all.
#[test]
fn a_battle_card_says_which_of_the_cards_fighting_together_is_defeated() {
    let pair = ["Captain Tarpals, Gungan Guard", "Gungan Warrior, Infantry"];
    let maul = ["Darth Maul, Sith Apprentice"];
    let card = ("Gungan Battle Cry", Side::Light);
    let (flat, result) = walked(&one_fight(&pair, &maul, card, ""));
    assert_eq!(
        result.defeated_light,
        ["Gungan Warrior, Infantry"],
        "{flat}"
    );
    let off = "  \"Gungan Battle Cry\": {text: none}\n";
    let refused = findings(&one_fight(&pair, &maul, card, off));
    assert!(
        refused.contains(&"battle-plan-fight-together-not-allowed"),
        "{refused:?}"
    );
}

/// A scenario states what the catalog does not: a Battle card's users (`battle_users`) and a
/// character's icons (`icons`), in the card text files' own words; and a count out of its range
/// is an error at its line.
#[test]
fn a_scenario_declares_a_battle_cards_users_and_a_characters_icons() {
    let refused = std::fs::read_to_string("scenarios/check/battle-card-outside-its-users.yaml")
        .expect("readable");
    let declared = refused.replace(
        "current_planet: Tatooine\n",
        "current_planet: Tatooine\ncards:\n  Shmi's Pride: {battle_users: [\"Qui-Gon Jinn\"]}\n",
    );
    let found = findings(&declared);
    assert!(!found.contains(&"battle-card-user"), "{found:?}");
    // In Complete Control for a Battle Droid Squad declared to print the diamond.
    let squad = std::fs::read_to_string(
        "scenarios/disputes/battle-in-complete-control-for-a-battle-droid-squad-refused.yaml",
    )
    .expect("readable");
    let found = findings(&squad);
    assert!(found.contains(&"battle-card-user"), "{found:?}");
    let with_icon = squad.replace(
        "current_planet: Naboo\n",
        "current_planet: Naboo\ncards:\n  Battle Droid Squad (Menace of Darth Maul): {icons: [diamond]}\n",
    );
    let found = findings(&with_icon);
    assert!(!found.contains(&"battle-card-user"), "{found:?}");
    // Saved as the shell's `save` writes a position, the declarations come back as they were.
    for text in [&declared, &with_icon] {
        let board = jedi_judge::check::check_text(
            "generated.yaml",
            text,
            Corpus::embedded(),
            Catalog::embedded(),
            None,
        )
        .board
        .expect("a board");
        let saved = jedi_judge::scenario::to_yaml(&jedi_judge::scenario::to_file(
            &board,
            jedi_judge::procedures::format(),
        ));
        assert!(
            saved.contains("battle_users") || saved.contains("icons"),
            "{saved}"
        );
        assert_eq!(findings(&saved), findings(text), "{saved}");
    }
    let out_of_range = refused.replace(
        "current_planet: Tatooine\n",
        "current_planet: Tatooine\ncards:\n  Shmi's Pride: {battle_users: [{any: Jedi, count: 9}]}\n",
    );
    let report = jedi_judge::check::check_text(
        "generated.yaml",
        &out_of_range,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    assert!(
        report
            .problems
            .iter()
            .any(|problem| problem.code == "value-out-of-range"),
        "{:?}",
        report.problems
    );
}

/// `same_stack`: You Have Been Well Trained lets two cards of one stack (versions of Darth
/// Maul) fight together, and no other two.
#[test]
fn a_battle_card_lets_only_cards_of_one_stack_fight_together_where_its_text_says() {
    let card = ("You Have Been Well Trained", Side::Dark);
    let qui_gon = ["Qui-Gon Jinn, Jedi Master"];
    let stack = findings(&one_fight(
        &qui_gon,
        &["Darth Maul, Sith Apprentice", "Darth Maul, Sith Lord"],
        card,
        "",
    ));
    assert!(
        !stack.contains(&"battle-plan-fight-together-not-allowed"),
        "{stack:?}"
    );
    let two = messages(&one_fight(
        &qui_gon,
        &["Darth Maul, Sith Apprentice", "Darth Sidious, Sith Master"],
        card,
        "",
    ));
    assert!(
        two.iter().any(|message| message
            .contains("You Have Been Well Trained lets only 2 of one stack fight together")),
        "{two:?}"
    );
}

/// The Force push cards as printed: Jedi Force Push cancels the opposing weapon only while
/// Qui-Gon fights without one; armed, the droid's rifle is used. With the text off, it is
/// never cancelled.
#[test]
fn a_force_push_works_only_while_its_user_fights_unarmed() {
    let unarmed =
        std::fs::read_to_string("scenarios/battle/battle-force-push.yaml").expect("readable");
    let (flat, _) = walked(&unarmed);
    assert!(flat.contains("is a Force push"), "{flat}");
    let armed = unarmed
        .replace(
            "    light: [\"Qui-Gon Jinn, Jedi Master\"]",
            "    light: [\"Qui-Gon Jinn, Jedi Master\", \"Qui-Gon Jinn's Lightsaber\"]",
        )
        .replace(
            "    - fighter: Qui-Gon Jinn, Jedi Master\n",
            "    - fighter: Qui-Gon Jinn, Jedi Master\n      weapon: Qui-Gon Jinn's Lightsaber\n",
        )
        .replace("expect:", "unused:");
    let armed = armed[..armed.find("unused:").unwrap_or(armed.len())].to_string();
    let (flat, _) = walked(&armed);
    assert!(!flat.contains("is a Force push"), "{flat}");
    assert!(flat.contains("Battle Droid Blaster Rifle"), "{flat}");
    let off = unarmed.replace(
        "current_planet: Naboo\n",
        "current_planet: Naboo\ncards:\n  Jedi Force Push: {text: none}\n",
    );
    let off = off[..off.find("expect:").unwrap_or(off.len())].to_string();
    let (flat, _) = walked(&off);
    assert!(!flat.contains("is a Force push"), "{flat}");
}

/// Whether a scenario's text names the card as a card: a whole list item, value or key
/// (`[Name]`, `"Name"`, `- Name`, `: Name`, `Name:`), not a word of a longer name.
fn names_card(text: &str, card: &str) -> bool {
    text.match_indices(card).any(|(at, _)| {
        let before = &text[..at];
        let after = &text[at + card.len()..];
        let opens = before.is_empty()
            || before.ends_with('"')
            || before.ends_with('[')
            || before.ends_with("- ")
            || before.ends_with(": ")
            || before.ends_with(", ")
            || before.ends_with('\n');
        let closes = after.starts_with('"')
            || after.starts_with(']')
            || after.starts_with(',')
            || after.starts_with(':')
            || after.trim_start_matches([' ', '\t']).starts_with('\n')
            || after.trim().is_empty();
        opens && closes
    })
}

/// Each card text entry lists exactly the bundled scenarios that play the card (a bad-input
/// scenario aside), and each of them exists.
#[test]
fn every_card_text_entry_lists_the_bundled_scenarios_that_play_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scenarios: Vec<(String, String)> = Vec::new();
    for folder in std::fs::read_dir(root.join("scenarios")).expect("scenarios") {
        let folder = folder.expect("a folder").path();
        if folder.ends_with("bad-input") || !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).expect("a folder") {
            let path = file.expect("a file").path();
            if path.extension().is_some_and(|ext| ext == "yaml") {
                let relative = path
                    .strip_prefix(root)
                    .expect("under the root")
                    .to_string_lossy()
                    .replace('\\', "/");
                scenarios.push((relative, std::fs::read_to_string(&path).expect("readable")));
            }
        }
    }
    scenarios.sort();
    let folder = root.join("src/cards/text");
    let mut listed = 0;
    for name in jedi_judge::cards::card_text::TEXT_FILES {
        let text = std::fs::read_to_string(folder.join(name)).expect("readable");
        let file: jedi_judge::cards::card_text::TextFile =
            serde_saphyr::from_str(&text).expect("a card text file");
        for entry in &file.cards {
            let playing: Vec<&str> = scenarios
                .iter()
                .filter(|(_, text)| names_card(text, &entry.card))
                .map(|(path, _)| path.as_str())
                .collect();
            assert_eq!(
                entry.scenarios, playing,
                "{name}: {} lists the scenarios that play it",
                entry.card
            );
            listed += playing.len();
        }
    }
    assert!(listed >= 40, "{listed} listed");
}

/// Every kind of user a Battle card names (`any battle droid`, a group's, the one defeated)
/// is one `cards show` looks for, so that a character's kinds are shown whole.
#[test]
fn every_kind_a_battle_card_names_is_one_cards_show_looks_for() {
    let mut named: Vec<String> = Vec::new();
    let mut add = |user: &BattleUser| {
        let kind = match user {
            BattleUser::Word(word) => word
                .strip_prefix("any other ")
                .or_else(|| word.strip_prefix("any "))
                .map(str::to_string),
            BattleUser::Qualified(qualified) => Some(qualified.any.clone()),
        };
        if let Some(kind) = kind {
            named.push(kind);
        }
    };
    for card in Catalog::embedded().cards() {
        for user in card.text.battle_users.iter().flatten() {
            add(user);
        }
        for user in card.text.together_groups.iter().flatten() {
            add(user);
        }
        if let Some(user) = &card.text.only_defeated {
            add(user);
        }
    }
    named.sort();
    named.dedup();
    let known = jedi_judge::cards::users::BATTLE_USER_KINDS;
    let missing: Vec<&String> = named
        .iter()
        .filter(|kind| !known.iter().any(|known| known.eq_ignore_ascii_case(kind)))
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
    assert!(named.len() >= 25, "{named:?}");
    // A battle droid is shown as one.
    let infantry = Catalog::embedded()
        .find("Battle Droid: Infantry, AAT Division")
        .expect("the card");
    assert_eq!(
        jedi_judge::cards::users::battle_user_kinds(infantry[0]),
        ["battle droid"]
    );
}

/// A bonus that asks which weapon its character uses reads both weapons where a Battle card
/// lets him fight with two: the rifle given as the second weapon counts.
#[test]
fn a_bonus_for_using_a_weapon_reads_the_second_weapon_too() {
    let text = |weapons: &str| {
        format!(
            "action: battle\nturn: dark\nstep: battle\ncurrent_planet: Naboo\ncards:\n  \"Qui-Gon Jinn, Jedi Master\": {{text: none}}\n  \"Battle Droid: Infantry, MTT Division\":\n    bonuses: [{{amount: 3, when: {{using_named: Battle Droid Blaster Rifle}}}}]\nlight:\n  deck: [1, 4, 6, 1, 1, 5]\ndark:\n  deck: [6, 1, 3, 4, 5, 6]\n  hand: [Battle Droid Patrol]\nplanets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    dark: [\"Battle Droid: Infantry, MTT Division\", STAP, \"Battle Droid Blaster Rifle (Menace of Darth Maul)\"]\nbattle:\n  dark:\n    - fighter: \"Battle Droid: Infantry, MTT Division\"\n{weapons}      battle_cards: [Battle Droid Patrol]\n  light:\n    - fighter: Qui-Gon Jinn, Jedi Master\n"
        )
    };
    let (flat, _) = walked(&text(
        "      weapon: STAP\n      second_weapon: \"Battle Droid Blaster Rifle (Menace of Darth Maul)\"\n",
    ));
    assert!(
        flat.contains("+ 3 game-text power bonus of Battle Droid: Infantry, MTT Division"),
        "{flat}"
    );
    let (flat, _) = walked(&text(
        "      weapon: \"Battle Droid Blaster Rifle (Menace of Darth Maul)\"\n      second_weapon: STAP\n",
    ));
    assert!(
        flat.contains("+ 3 game-text power bonus of Battle Droid: Infantry, MTT Division"),
        "{flat}"
    );
}

/// A battle on Naboo: the Light Side plan `light` (its entries; `card` from his hand is put in
/// where the plan says `CARD`) against Darth Maul with his lightsaber; each deck of one number.
fn destiny_fight(light: &str, light_destiny: u8, dark_destiny: u8, card: &str) -> String {
    format!(
        "action: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\ncards:\n  \"Darth Maul, Sith Apprentice\": {{text: none}}\n  \"Qui-Gon Jinn, Jedi Master\": {{text: none}}\n  \"Zorbo, Made-Up Jedi\": {{type: character, side: light, power: 10}}\nlight:\n  deck: [{l}, {l}, {l}, {l}, {l}, {l}]\n  hand: [{card:?}]\ndark:\n  deck: [{d}, {d}, {d}, {d}, {d}, {d}]\nplanets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\", \"Qui-Gon Jinn's Lightsaber\", \"Zorbo, Made-Up Jedi\"]\n    dark: [\"Darth Maul, Sith Apprentice\", \"Darth Maul's Lightsaber (The Jedi Council)\"]\nbattle:\n  light:\n{plan}  dark:\n    - fighter: Darth Maul, Sith Apprentice\n      weapon: Darth Maul's Lightsaber (The Jedi Council)\n",
        l = light_destiny,
        d = dark_destiny,
        plan = light.replace("CARD", &format!("{card:?}")),
    )
}

/// A destiny text states the assumption it rests on where it changes a total, and not where
/// it changes nothing; and one that reads its user's DAMAGE reads it only where a destiny
/// was drawn, so that a user whose DAMAGE no source gives still fights unarmed.
#[test]
fn a_destiny_text_rests_on_its_assumption_only_where_it_acts() {
    let qui_gon_first = "    - fighter: Qui-Gon Jinn, Jedi Master\n      weapon: Qui-Gon Jinn's Lightsaber\n      battle_cards: [CARD]\n    - fighter: \"Zorbo, Made-Up Jedi\"\n";
    // Twist Of Fate switches a low destiny of his for a high one of the opponent's.
    let (flat, _) = walked(&destiny_fight(qui_gon_first, 1, 6, "Twist Of Fate"));
    assert!(flat.contains("are switched"), "{flat}");
    assert!(flat.contains("best-destiny-choice"), "{flat}");
    // A text that changes nothing in the first fight does not spend the assumption: A Powerful
    // Opponent, changing a total in the second, still states it.
    let two_fights = destiny_fight(
        "    - fighter: Qui-Gon Jinn, Jedi Master\n      weapon: Qui-Gon Jinn's Lightsaber\n      battle_cards: [CARD]\n    - fighter: Obi-Wan Kenobi, Jedi Knight\n      weapon: Obi-Wan Kenobi's Lightsaber\n      battle_cards: [A Powerful Opponent]\n    - fighter: \"Zorbo, Made-Up Jedi\"\n",
        6,
        1,
        "Twist Of Fate",
    )
    .replace("[6, 6, 6, 6, 6, 6]", "[6, 6, 1, 1, 1, 1]")
    .replace("[1, 1, 1, 1, 1, 1]", "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]")
    .replace("hand: [\"Twist Of Fate\"]", "hand: [\"Twist Of Fate\", A Powerful Opponent]")
    .replace(
        "\"Zorbo, Made-Up Jedi\"]",
        "\"Zorbo, Made-Up Jedi\", \"Obi-Wan Kenobi, Jedi Knight\", \"Obi-Wan Kenobi's Lightsaber\"]",
    )
    .replace(
        "    dark: [\"Darth Maul, Sith Apprentice\",",
        "    dark: [\"Battle Droid: Infantry, AAT Division\", \"Darth Maul, Sith Apprentice\",",
    )
    .replace(
        "      weapon: Darth Maul's Lightsaber (The Jedi Council)\n",
        "      weapon: Darth Maul's Lightsaber (The Jedi Council)\n    - fighter: \"Battle Droid: Infantry, AAT Division\"\n",
    );
    let (flat, _) = walked(&two_fights);
    assert!(!flat.contains("are switched"), "{flat}");
    assert!(flat.contains("stands in for his destiny"), "{flat}");
    assert!(flat.contains("best-destiny-choice"), "{flat}");
    // His destiny is the higher: nothing is switched, and nothing is assumed.
    let (flat, _) = walked(&destiny_fight(qui_gon_first, 6, 1, "Twist Of Fate"));
    assert!(!flat.contains("are switched"), "{flat}");
    assert!(!flat.contains("best-destiny-choice"), "{flat}");
    // A Powerful Opponent for a user of no known DAMAGE, unarmed: no destiny is drawn for him,
    // so his DAMAGE is never read and the walk goes on.
    let zorbo_first = "    - fighter: \"Zorbo, Made-Up Jedi\"\n      battle_cards: [CARD]\n    - fighter: Qui-Gon Jinn, Jedi Master\n      weapon: Qui-Gon Jinn's Lightsaber\n";
    let (flat, _) = walked(&destiny_fight(zorbo_first, 6, 1, "A Powerful Opponent"));
    assert!(!flat.contains("lacks a fact"), "{flat}");
    assert!(flat.contains("The Light Side wins fight 1"), "{flat}");
}

/// Wisdom of the Council sends its user to the next fight only after he defeats a [diamond]
/// character: a made-up character whose icons no source gives makes the walk ask, and once
/// the scenario declares them it goes on, with or without the next fight as they say.
#[test]
fn the_next_fight_asks_for_an_icon_only_no_source_gives() {
    let text = |icons: &str| {
        format!(
            "action: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\ncards:\n  \"Mace Windu, Jedi Warrior\": {{text: none}}\n  \"Droid, Made-Up\": {{type: character, side: dark, power: 1, damage: 1{icons}}}\nlight:\n  deck: [2, 4, 6, 1, 1, 5, 3, 3]\n  hand: [Wisdom of the Council]\ndark:\n  deck: [1, 1, 3, 4, 5, 6, 2, 2]\nplanets:\n  Naboo:\n    light: [\"Mace Windu, Jedi Warrior\", \"Obi-Wan Kenobi, Jedi Knight\"]\n    dark: [\"Droid, Made-Up\", \"Battle Droid: Pilot, MTT Division\"]\nbattle:\n  light:\n    - fighter: Mace Windu, Jedi Warrior\n      battle_cards: [Wisdom of the Council]\n    - fighter: Obi-Wan Kenobi, Jedi Knight\n  dark:\n    - fighter: \"Droid, Made-Up\"\n    - fighter: \"Battle Droid: Pilot, MTT Division\"\n"
        )
    };
    let (flat, _) = walked(&text(""));
    assert!(
        flat.contains("whether Droid, Made-Up prints the [diamond] icon is not known"),
        "{flat}"
    );
    let (flat, _) = walked(&text(", icons: [diamond]"));
    assert!(flat.contains("fights the next fight"), "{flat}");
    let (flat, _) = walked(&text(", icons: []"));
    assert!(!flat.contains("fights the next fight"), "{flat}");
    assert!(!flat.contains("lacks a fact"), "{flat}");
}

/// A deploy of Obi-Wan to Naboo, where Jedi Training is in play, with the player's answers.
fn jedi_training_deploy(decisions: &str) -> String {
    format!(
        "action: deploy\nturn: light\nstep: deploy\ncurrent_planet: Naboo\nlight:\n  hand: [\"Obi-Wan Kenobi, Young Jedi\"]\n  deck: [3, \"Jedi Lightsaber, Constructed by Ki-Adi-Mundi\", 5]\nplanets:\n  Naboo:\n    light: [Jedi Training]\n    dark: [\"Battle Droid: Infantry, AAT Division\"]\ndeploy:\n  card: Obi-Wan Kenobi, Young Jedi\ndecisions:\n  light:\n{decisions}"
    )
}

#[test]
fn an_effect_kept_on_a_deploy_searches_nothing_and_costs_nothing() {
    let (flat, _) = common::walked_flat(&jedi_training_deploy("    discard_effect: false\n"))
        .expect("it walks");
    assert!(flat.contains("he keeps it"), "{flat}");
    assert!(!flat.contains("search his draw deck"), "{flat}");
    assert!(!flat.contains("DAMAGE"), "{flat}");
    assert!(!flat.contains("to the Light Side discard pile"), "{flat}");
    // Discarded, and nothing deployed from the deck: the penalty follows the reshuffle.
    let (flat, _) = common::walked_flat(&jedi_training_deploy(
        "    discard_effect: true\n    fetch: none\n",
    ))
    .expect("it walks");
    assert!(flat.contains("he gives it up"), "{flat}");
    assert!(flat.contains("1 DAMAGE"), "{flat}");
}

#[test]
fn a_card_deployed_hidden_sets_off_no_effect() {
    let text = jedi_training_deploy("    discard_effect: true\n").replace(
        "  card: Obi-Wan Kenobi, Young Jedi\n",
        "  card: Obi-Wan Kenobi, Young Jedi\n  hidden: true\n",
    );
    let (flat, _) = common::walked_flat(&text).expect("it walks");
    assert!(flat.contains("hidden-deploy-sets-off-no-effect"), "{flat}");
    assert!(!flat.contains("give it up"), "{flat}");
    // Face up, the same deploy sets it off.
    let (flat, _) = common::walked_flat(&text.replace("  hidden: true\n", "")).expect("it walks");
    assert!(!flat.contains("hidden-deploy-sets-off-no-effect"), "{flat}");
    assert!(flat.contains("he gives it up"), "{flat}");
}

#[test]
fn a_double_impact_card_whose_other_half_is_an_effect_is_an_effect_to_get_for_a_new_planet() {
    let text = "action: new-location\nturn: light\ncurrent_planet: Coruscant\nlight:\n  deck: [\"The Might Of The Republic & Senate Guard\", 3, 5]\ndark:\n  deck: [2, 4, 6]\nplanets:\n  Coruscant:\n    light: [\"Coruscant • Capital City\"]\ndecisions:\n  light:\n    effect_card: \"The Might Of The Republic & Senate Guard\"\n";
    let (flat, _) = common::walked_flat(text).expect("it walks");
    assert!(
        flat.contains("The Might Of The Republic & Senate Guard: from the Light Side draw deck to the Light Side hand"),
        "{flat}"
    );
    // A Double Impact card of two Battle halves is no Effect.
    let (flat, _) = common::walked_flat(&text.replace(
        "The Might Of The Republic & Senate Guard",
        "The Negotiations Were Short & Qui-Gon's Final Stand",
    ))
    .expect("it walks");
    assert!(!flat.contains("to the Light Side hand"), "{flat}");
}

#[test]
fn an_effect_that_gives_seven_counters_is_read_by_check_as_by_the_deploy() {
    let position = |effect: &str| {
        format!(
            "turn: dark\nstep: deploy\ncurrent_planet: Naboo\ndark:\n  counters_spent: 7\nplanets:\n  Naboo:\n    dark: [\"Battle Droid: Infantry, AAT Division\"{effect}]\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n"
        )
    };
    assert_eq!(
        findings(&position(", Sando Aqua Monster")),
        Vec::<&str>::new()
    );
    assert_eq!(findings(&position("")), ["counters-over-allowance"]);
    let over = position(", Sando Aqua Monster").replace("counters_spent: 7", "counters_spent: 8");
    assert!(
        messages(&over)
            .iter()
            .any(|message| message
                .contains("more than the 7 the text of Sando Aqua Monster gives him")),
        "{:?}",
        messages(&over)
    );
}

#[test]
fn check_warns_where_more_counters_rest_on_an_effect_deployed_this_turn_or_on_a_discard() {
    let dark = |effect: &str, spent: u32| {
        format!(
            "turn: dark\nstep: deploy\ncurrent_planet: Naboo\ndark:\n  counters_spent: {spent}\nplanets:\n  Naboo:\n    dark: [\"Battle Droid: Infantry, AAT Division\", {effect}]\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n"
        )
    };
    let this_turn = "{card: Sando Aqua Monster, deployed_this_turn: true}";
    assert_eq!(
        findings(&dark(this_turn, 7)),
        ["counters-allowance-deployed-this-turn"]
    );
    assert_eq!(findings(&dark(this_turn, 6)), Vec::<&str>::new());
    assert_eq!(
        findings(&dark("This Is Too Close!", 8)),
        ["counters-if-discarded"]
    );
    assert_eq!(
        findings(&dark("This Is Too Close!", 9)),
        ["counters-over-allowance"]
    );
    assert_eq!(findings(&dark("This Is Too Close!", 6)), Vec::<&str>::new());
}

/// The cards whose text the FAQ rules on, each with its ruling or correction: a bundled walk
/// plays the card and expects the item cited.
const FAQ_TEXT_WALKS: &[(&str, &str)] = &[
    ("Jedi Force Push", "faq.battle.force-push"),
    ("Sith Force Push", "faq.battle.force-push"),
    ("Open Fire!", "faq.battle.force-push"),
    ("Aurra Sing, Mercenary", "faq.battle.force-push"),
    ("In Complete Control", "faq.battle.stap-battle-droid-squad"),
    (
        "Might Of The Republic",
        "faq.corrections.might-of-the-republic",
    ),
    ("Wisdom of the Council", "faq.battle.mace-windu-wisdom"),
    ("Mace Windu, Jedi Warrior", "faq.battle.mace-windu-wisdom"),
    ("Da Dug Chaaa!", "faq.battle.da-dug-chaaa"),
    ("Droid Starfighter", "faq.corrections.droid-starfighter"),
];

#[test]
fn every_card_the_faq_rules_on_for_its_text_has_a_bundled_walk_citing_the_ruling() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut texts = Vec::new();
    for folder in std::fs::read_dir(&root).expect("scenarios") {
        let folder = folder.expect("a folder").path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).expect("a folder") {
            let path = file.expect("a file").path();
            if path.extension().is_some_and(|ext| ext == "yaml") {
                texts.push(std::fs::read_to_string(&path).expect("readable"));
            }
        }
    }
    let catalog = Catalog::embedded();
    for (card, item) in FAQ_TEXT_WALKS {
        // The card is the catalog's, named by the ruling, and its text is applied.
        let known = catalog
            .cards()
            .iter()
            .find(|known| known.full_name().eq_ignore_ascii_case(card))
            .unwrap_or_else(|| panic!("{card} is not a card of the catalog"));
        assert!(
            known.named_in.iter().any(|id| id == item)
                || known.corrections.iter().any(|id| id == item),
            "{card} is not named by {item}"
        );
        let short = item.trim_start_matches("faq.");
        let walked = texts.iter().any(|text| {
            let value: serde_json::Value = serde_saphyr::from_str(text).expect("YAML");
            let cited = value["expect"]["cited"].as_array().is_some_and(|cited| {
                cited
                    .iter()
                    .filter_map(|id| id.as_str())
                    .any(|id| id == *item || id == short)
            });
            cited && text.contains(card)
        });
        assert!(
            walked,
            "no bundled walk plays {card} and expects {item} cited"
        );
    }
}
