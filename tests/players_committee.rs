//! The Players Committee ruleset: its paraphrased rules stand in the corpus as paraphrases
//! with where they can be read, only that ruleset brings them in, and a walk under it says
//! once that the readable text is partial; a duel rule it changes that the walk does not
//! apply stops the duel unwalked. Its eleven virtual cards are cards of their own, found by
//! their name with their set.

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, ItemKind, Ruleset};

mod common;

fn run(args: &[&str]) -> jedi_judge::cli::Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

#[test]
fn only_the_players_committee_ruleset_brings_its_paraphrases_in() {
    let corpus = Corpus::embedded();
    let committee = Ruleset::parse("players-committee").expect("a ruleset");
    assert!(!committee.is_latest());
    let paraphrases: Vec<&jedi_judge::rules::Item> = corpus
        .items()
        .iter()
        .filter(|item| item.kind == ItemKind::Paraphrase)
        .collect();
    assert_eq!(paraphrases.len(), 10);
    for ruleset in ["latest", "2001-09-05", "boonta-eve-printed", "2030-01-01"] {
        let ruleset = Ruleset::parse(ruleset).expect("a ruleset");
        assert!(
            paraphrases
                .iter()
                .all(|item| !ruleset.in_force(corpus, item)),
            "{ruleset}"
        );
    }
    assert!(
        paraphrases
            .iter()
            .all(|item| committee.in_force(corpus, item))
    );
    // Everything else in force under latest is in force under it too.
    let latest = Ruleset::latest();
    for item in corpus.items() {
        if latest.in_force(corpus, item) {
            assert!(committee.in_force(corpus, item), "{}", item.id);
        }
    }
}

#[test]
fn the_ruleset_is_listed_partial_and_its_difference_from_latest_is_its_paraphrases() {
    let listed = run(&["rules", "rulesets"]);
    assert!(listed.stdout.contains("players-committee"));
    assert!(listed.stdout.contains("(partial)"));
    let diff = run(&[
        "rules",
        "diff",
        "latest",
        "players-committee",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&diff.stdout).expect("JSON");
    let differences = json["differences"].as_array().expect("differences");
    assert_eq!(differences.len(), 1);
    assert_eq!(differences[0]["change"], "added-document");
    assert_eq!(differences[0]["document"], "pc");
    assert_eq!(differences[0]["items"].as_array().map(Vec::len), Some(10));
}

#[test]
fn a_paraphrase_is_never_shown_as_quoted_rule_text() {
    let text = run(&["rules", "show", "pc.duel.pass"]).stdout;
    assert!(
        text.contains("Paraphrase, not the document's words:"),
        "{text}"
    );
    assert!(text.contains("Read at:"), "{text}");
    assert!(text.contains("docslib.org/doc/12800123"), "{text}");
    assert!(
        text.contains("not in force under latest: only the players-committee ruleset brings it in"),
        "{text}"
    );
    assert!(!text.contains("\"When it is"), "{text}");
    let markdown = run(&["rules", "show", "pc.duel.pass", "--format", "markdown"]).stdout;
    assert!(
        !markdown.lines().any(|line| line.starts_with('>')),
        "{markdown}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["rules", "show", "pc.duel.pass", "--format", "json"]).stdout)
            .expect("JSON");
    assert_eq!(json["item"]["kind"], "paraphrase");
    assert_eq!(json["item"]["paraphrase"], true);
    // Nor in a finding's rule, as `check` gives it.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/check/players-committee-deck-over-the-title-limit.yaml"
    );
    let checked = run(&["check", file]);
    assert_eq!(checked.code, 1);
    let said = format!("{}{}", checked.stdout, checked.stderr);
    assert!(
        said.contains("Paraphrase, not the document's words: A deck may hold"),
        "{said}"
    );
    assert!(!said.contains("\"A deck may hold"), "{said}");
    // A search finds it, under the ruleset that brings it in.
    let found = run(&[
        "rules",
        "search",
        "pass",
        "--rules-as-of",
        "players-committee",
    ])
    .stdout;
    assert!(found.contains("pc.duel.pass"), "{found}");
    let not_found = run(&["rules", "search", "pass"]).stdout;
    assert!(!not_found.contains("pc.duel.pass"), "{not_found}");
}

const NOTICE: &str =
    "Under players-committee: The Players Committee's rules update survives only in part";

#[test]
fn a_duel_under_the_ruleset_walks_with_the_partial_notice_given_once() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/duel/hands-empty-tied.yaml"
    );
    let walked = run(&["walk", file, "--rules-as-of", "players-committee"]);
    assert_eq!(
        walked.stdout.matches(NOTICE).count(),
        1,
        "{}",
        walked.stdout
    );
    assert!(walked.stdout.contains("Verdict"), "{}", walked.stdout);
    let json: serde_json::Value = serde_json::from_str(
        &run(&[
            "walk",
            file,
            "--rules-as-of",
            "players-committee",
            "--format",
            "json",
        ])
        .stdout,
    )
    .expect("JSON");
    assert_eq!(json["ruleset_notes"].as_array().map(Vec::len), Some(1));
    // Under latest, no notice.
    assert!(!run(&["walk", file]).stdout.contains(NOTICE));
}

/// A paraphrased duel rule the engine does not apply stops the duel before it starts: it
/// is not answered by the rules the paraphrase changes. A corpus with one more such rule
/// shows it.
#[test]
fn a_paraphrased_duel_rule_the_walk_does_not_apply_stops_the_duel_unwalked() {
    let mut texts = common::rulings_in_build_order();
    for (file, text) in &mut texts {
        if file.contains("players-committee") {
            text.push_str(
                "  - id: pc.duel.unapplied\n    kind: paraphrase\n    topic: duel\n    \
                 section: Dueling\n    read_at: [https://docslib.org/doc/12800123/virtual-card-set-1-v1-1-rules-updates]\n    \
                 text: A rule of the duel no walk applies.\n",
            );
        }
    }
    let pairs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(file, text)| (file.as_str(), text.as_str()))
        .collect();
    let corpus = Corpus::from_yaml(&pairs).expect("the corpus reads");
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/duel/hands-empty-tied.yaml"
    ))
    .expect("readable")
    .replace("action: duel\n", "action: duel\nrules: players-committee\n");
    let walked = jedi_judge::walk::walk_text_seeded(
        &scenario,
        &corpus,
        jedi_judge::cards::Catalog::embedded(),
        None,
        None,
        None,
        None,
    )
    .expect("walks");
    let text = jedi_judge::render::walk::render(
        &walked,
        &corpus,
        jedi_judge::render::Format::Text,
        Palette::plain(),
    );
    assert!(text.contains("The duel is not walked:"), "{text}");
    assert!(text.contains("pc.duel.unapplied"), "{text}");
    assert!(!text.contains("pc.duel.pass,"), "{text}");
    assert!(
        text.contains("The duel is not walked (see above)."),
        "{text}"
    );
    // Declining rules it does not apply is no refusal by rule.
    assert!(walked.illegal_findings().is_empty());
}

#[test]
fn what_the_update_does_not_cover_is_walked_by_the_decipher_rule_with_the_notice() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/battle-default-assumptions.yaml"
    );
    let committee = run(&["walk", file, "--rules-as-of", "players-committee"]);
    let latest = run(&["walk", file, "--rules-as-of", "latest"]);
    assert_eq!(committee.code, latest.code);
    assert_eq!(committee.stdout.matches(NOTICE).count(), 1);
    let steps = |text: &str| -> String {
        text.split_once("\n 1. ")
            .map(|(_, steps)| steps.replace("players-committee", "latest"))
            .unwrap_or_default()
    };
    assert_eq!(steps(&committee.stdout), steps(&latest.stdout));
    let page = run(&[
        "walk",
        file,
        "--rules-as-of",
        "players-committee",
        "--format",
        "html",
    ]);
    assert_eq!(page.stdout.matches("survives only in part").count(), 1);
}

/// The pass is a word of its own: `declare-pass` passes instead of attacking, and `pass`,
/// which declines a block, is refused at an attack with the reason.
#[test]
fn the_pass_is_written_declare_pass_and_pass_still_declines_only_a_block() {
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/players-committee/pass-then-the-opponent-attacks.yaml"
    ))
    .expect("readable");
    let wrong = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [pass, pass, pass]",
    );
    assert_ne!(wrong, scenario);
    let walked = common::walk_seeded(&wrong, None, None);
    assert_eq!(walked.illegal_findings(), ["answer-not-legal"]);
    let ruled_out = common::ruled_out(&walked).expect("refused with a reason");
    // `none` declines no attack either.
    let none = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [none, pass, pass]",
    );
    let refused = common::ruled_out(&common::walk_seeded(&none, None, None)).expect("refused");
    assert_eq!(
        refused.why,
        "`none` declines a block, and this is an attack: a player who passes instead of attacking writes `declare-pass`"
    );
    // A script that states the pass the rules force on a player who has passed is heard.
    let stated = scenario.replace(
        "plays: [declare-pass, pass, pass]",
        "plays: [declare-pass, pass, declare-pass, pass]",
    );
    assert_ne!(stated, scenario);
    let heard = common::walk_seeded(&stated, None, None);
    assert!(heard.stop().is_none(), "{}", common::rendered(&heard));
    assert!(heard.unmet.is_empty(), "{:?}", heard.unmet);
    assert_eq!(heard.heard.len(), 3);
    assert_eq!(
        ruled_out.why,
        "`pass` declines a block, and this is an attack: a player who passes instead of attacking writes `declare-pass`"
    );
}

/// The eleven cards of Virtual Card Set #1 are cards of their own, Light Side, each with its
/// source; the plain name of one means Decipher's card, and its name with its set (written
/// with or without `#`) means the virtual card.
#[test]
fn the_virtual_cards_are_their_own_cards_found_by_their_set() {
    use jedi_judge::cards::{Catalog, Looking, Side, StatValue};
    let catalog = Catalog::embedded();
    let virtual_cards: Vec<&jedi_judge::cards::Card> = catalog
        .cards()
        .iter()
        .filter(|card| card.virtual_card)
        .collect();
    assert_eq!(virtual_cards.len(), 11);
    for card in &virtual_cards {
        let printing = card.printing.as_ref().expect("a printing");
        assert_eq!(
            &*printing.value.set,
            "Virtual Card Set #1",
            "{}",
            card.full_name()
        );
        assert_eq!(card.side(), Some(Side::Light), "{}", card.full_name());
        assert!(card.reprints.is_empty(), "{}", card.full_name());
        // Named with its set wherever it is shown or saved.
        assert_eq!(
            card.unambiguous_name(),
            format!("{} (Virtual Card Set #1)", card.full_name())
        );
    }
    let looking = Looking::catalog(None);
    let resolved = |name: &str| {
        catalog
            .resolve(name, looking)
            .unwrap_or_else(|error| panic!("{name}: {error}"))
            .card()
    };
    let plain = resolved("Queen Amidala, Voice of Her People");
    assert!(!plain.virtual_card);
    assert_eq!(plain.damage(), Some(3));
    for name in [
        "Queen Amidala, Voice of Her People (Virtual Card Set #1)",
        "Queen Amidala, Voice of Her People (Virtual Card Set 1)",
        "amidala voice (virtual card set 1)",
    ] {
        let found = resolved(name);
        assert!(found.virtual_card, "{name}");
        // Her DAMAGE is the one number the set changed.
        assert_eq!(
            found.stats.damage.as_ref().map(|fact| &fact.value),
            Some(&StatValue::Number(2)),
            "{name}"
        );
    }
    assert!(!resolved("Ki-Adi-Mundi, Cerean Jedi Knight (The Jedi Council)").virtual_card);
    // Its new text is its own: Decipher's card keeps none of it.
    let ki_adi = resolved("Ki-Adi-Mundi, Cerean Jedi Knight (Virtual Card Set #1)");
    assert_eq!(
        ki_adi.text.duelist.and_then(|text| text.first_pass_draws),
        Some(2)
    );
    assert!(
        resolved("Ki-Adi-Mundi, Cerean Jedi Knight")
            .text
            .duelist
            .is_none()
    );
}

/// The board `check` builds of a scenario's text.
fn board_of(text: &str) -> jedi_judge::board::Board {
    jedi_judge::check::check_text(
        "scenario.yaml",
        text,
        Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
    )
    .board
    .expect("a board")
}

/// A board saved as a scenario, as the shell's `save` writes it.
fn saved(board: &jedi_judge::board::Board) -> String {
    jedi_judge::scenario::to_yaml(&jedi_judge::scenario::to_file(
        board,
        jedi_judge::procedures::format(),
    ))
}

/// A position holding a virtual card saves it with its set, and reads back the same card;
/// a plain name beside it is Decipher's card.
#[test]
fn a_saved_position_keeps_the_virtual_card() {
    let text = "rules: players-committee\nplanets:\n  Coruscant:\n    light: [\"Even Piell, Lannik Jedi Master (Virtual Card Set #1)\", \"Ki-Adi-Mundi, Cerean Jedi Knight\"]\n";
    let board = board_of(text);
    let saved = saved(&board);
    assert!(
        saved.contains("Even Piell, Lannik Jedi Master (Virtual Card Set #1)"),
        "{saved}"
    );
    let again = board_of(&saved);
    let virtual_flags = |board: &jedi_judge::board::Board| -> Vec<bool> {
        (0..2)
            .map(|id| {
                board
                    .card(jedi_judge::board::CardId(id))
                    .expect("a card")
                    .virtual_card
            })
            .collect()
    };
    assert_eq!(virtual_flags(&board), [true, false]);
    assert_eq!(virtual_flags(&again), virtual_flags(&board));
}

/// The codes of `check`'s findings of a bundled scenario, its text changed from `from` to
/// `to` (the same text where they are equal).
fn finding_codes(path: &str, from: &str, to: &str) -> Vec<String> {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("the scenario")
        .replace(from, to);
    assert!(text.contains(to), "{path}");
    jedi_judge::check::check_text(
        path,
        &text,
        Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
    )
    .violations
    .iter()
    .map(|violation| violation.code.to_string())
    .collect()
}

/// A virtual card is warned of under a ruleset without the Players Committee's update, and
/// not under it.
#[test]
fn a_virtual_card_outside_its_ruleset_is_a_warning_of_check() {
    let codes = |path: &str| finding_codes(path, "", "");
    let twin =
        codes("scenarios/players-committee/virtual-ki-adi-mundi-draws-two-on-his-pass-latest.yaml");
    assert!(
        twin.iter()
            .any(|code| code == "virtual-card-outside-its-ruleset"),
        "{twin:?}"
    );
    let under_it =
        codes("scenarios/players-committee/virtual-ki-adi-mundi-draws-two-on-his-pass.yaml");
    assert!(
        !under_it
            .iter()
            .any(|code| code == "virtual-card-outside-its-ruleset"),
        "{under_it:?}"
    );
}

/// A pass claimed when the player holds one card to attack with is refused like any other:
/// the one attack is a decision the rules force, not one made without asking the script.
#[test]
fn a_pass_claimed_against_a_forced_attack_is_refused() {
    let refused = finding_codes;
    // Under latest, which has no pass.
    let latest = refused(
        "scenarios/players-committee/virtual-ki-adi-mundi-draws-two-on-his-pass-latest.yaml",
        "hand: [2, 1], drawn: 2",
        "hand: [2], drawn: 1",
    );
    assert!(
        latest.iter().any(|code| code == "answer-not-legal"),
        "{latest:?}"
    );
    // Under players-committee, by a character who may not pass.
    let piell = refused(
        "scenarios/players-committee/virtual-even-piell-may-not-pass-claimed.yaml",
        "hand: [5, 2], drawn: 2",
        "hand: [5], drawn: 1",
    );
    assert!(
        piell.iter().any(|code| code == "answer-not-legal"),
        "{piell:?}"
    );
}

/// A deck list saves each card by the name that finds it alone: a virtual card and a version
/// of a name read back as the same cards.
#[test]
fn a_saved_deck_list_keeps_its_virtual_cards_and_versions() {
    let text = "rules: players-committee\nlight:\n  deck_list:\n    - {card: \"Depa Billaba, Jedi Master (Virtual Card Set #1)\", dot: red, copies: 2}\n    - {card: \"Qui-Gon Jinn, Jedi Protector (The Jedi Council)\", dot: red}\n";
    let names = |board: &jedi_judge::board::Board| -> Vec<String> {
        board
            .light
            .deck_list
            .iter()
            .map(|line| line.name.clone())
            .collect()
    };
    let board = board_of(text);
    let read = names(&board);
    assert_eq!(
        read,
        [
            "Depa Billaba, Jedi Master (Virtual Card Set #1)",
            "Qui-Gon Jinn, Jedi Protector (The Jedi Council)"
        ]
    );
    let saved = saved(&board);
    assert_eq!(names(&board_of(&saved)), read, "{saved}");
}
