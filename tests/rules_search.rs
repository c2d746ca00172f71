//! `rules search` answers a judge's question in plain words: for each question of the table,
//! the item a judge expects is among the first three results.

use jedi_judge::rules::{Corpus, Ruleset, SearchScope, search};

/// Items in force, of either game or of `game` only, ranked as they come, `limit` kept.
fn scope(game: Option<&str>, limit: usize) -> SearchScope<'_> {
    SearchScope {
        include_superseded: false,
        game,
        first: None,
        limit,
    }
}

/// A judge's question, and the item he expects in the top three.
const QUESTIONS: [(&str, &str); 22] = [
    ("evacuate", "revised.starship.evacuation"),
    ("what happens with 0 damage", "revised.duel.damage-zero"),
    ("may I block a 4 with a 5", "revised.duel.block"),
    (
        "how many cards do I draw for my dueling hand",
        "revised.duel.hand-draw",
    ),
    (
        "who declares the number of battle cards first",
        "faq.battle.declaring-battle-cards",
    ),
    (
        "both players draw their last card for destiny",
        "faq.battle.last-card-tie",
    ),
    (
        "can I count the cards in my draw deck",
        "faq.general.counting-cards",
    ),
    (
        "two copies of a unique starship",
        "faq.deploy.unique-starships",
    ),
    (
        "hidden cards worth more than six counters",
        "faq.misplays.hidden-over-six",
    ),
    (
        "how many thrust tokens can my pilot have",
        "boonta.thrust.cap",
    ),
    ("refuel draw cards", "boonta.refuel.definition"),
    (
        "handling card last digit collector number",
        "boonta.handling.definition",
    ),
    (
        "deploy a weapon where no character can use it",
        "faq.deploy.weapon-without-user",
    ),
    (
        "do I even up on my opponent's turn",
        "faq.even-up.own-turn-only",
    ),
    ("is anakin a jedi", "faq.general.title-traits"),
    (
        "opponent intercepts the evacuation",
        "revised.starship.intercept",
    ),
    (
        "effects when a new planet comes into play",
        "revised.effects.new-planet",
    ),
    (
        "I didn't find the card in my deck do I take damage",
        "revised.deploy-from-deck.penalty",
    ),
    (
        "what is a dueling character",
        "revised.duel.dueling-character",
    ),
    ("when must I concede a battle", "clash.battle-end.conceding"),
    (
        "stackable card deployed on two planets",
        "faq.misplays.stackable-on-two-planets",
    ),
    ("who attacks first in a duel", "revised.duel.attack"),
];

#[test]
fn each_judges_question_finds_the_expected_rule_in_the_top_three() {
    let corpus = Corpus::embedded();
    let mut misses = Vec::new();
    for (question, expected) in QUESTIONS {
        let results = search(corpus, &Ruleset::latest(), question, scope(None, 3));
        let found: Vec<&str> = results
            .hits
            .iter()
            .map(|hit| hit.item.id.as_ref())
            .collect();
        let folded: Vec<&str> = results
            .hits
            .iter()
            .flat_map(|hit| hit.folded_copies.iter().map(|copy| copy.id.as_ref()))
            .collect();
        if !found.contains(&expected) && !folded.contains(&expected) {
            misses.push(format!(
                "{question:?}: expected {expected}, found {found:?}"
            ));
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

#[test]
fn a_question_with_no_content_words_still_searches_its_words() {
    let results = search(
        Corpus::embedded(),
        &Ruleset::latest(),
        "what is it",
        scope(None, 3),
    );
    assert_eq!(results.words, ["what", "is", "it"]);
}

#[test]
fn the_total_counts_every_result_beyond_the_limit() {
    let corpus = Corpus::embedded();
    let one = search(corpus, &Ruleset::latest(), "duel", scope(None, 1));
    let all = search(corpus, &Ruleset::latest(), "duel", scope(None, 1_000));
    assert_eq!(one.hits.len(), 1);
    assert_eq!(one.total, all.hits.len());
    assert!(one.total > 10, "{}", one.total);
}

#[test]
fn stop_words_are_not_marked_in_snippets() {
    let results = search(
        Corpus::embedded(),
        &Ruleset::latest(),
        "what happens with 0 damage",
        scope(None, 1),
    );
    let hit = &results.hits[0];
    for (start, end) in &hit.snippet.marks {
        let marked = hit.snippet.text[*start..*end].to_lowercase();
        assert!(marked == "0" || marked.starts_with("damage"), "{marked}");
    }
}

/// `--game` keeps the items of one game's documents: a word both games use ("duel") finds
/// only the Clash rulebook's items under `clash`, and none of them under `young-jedi`.
#[test]
fn a_search_of_one_game_keeps_that_games_documents() {
    let corpus = Corpus::embedded();
    let clash = search(
        corpus,
        &Ruleset::latest(),
        "duel",
        scope(Some("clash"), 1_000),
    );
    let young_jedi = search(
        corpus,
        &Ruleset::latest(),
        "duel",
        scope(Some("young-jedi"), 1_000),
    );
    let all = search(corpus, &Ruleset::latest(), "duel", scope(None, 1_000));
    assert!(!clash.hits.is_empty() && !young_jedi.hits.is_empty());
    assert!(
        clash
            .hits
            .iter()
            .all(|hit| hit.item.id.starts_with("clash."))
    );
    assert!(
        young_jedi
            .hits
            .iter()
            .all(|hit| !hit.item.id.starts_with("clash."))
    );
    assert_eq!(clash.total + young_jedi.total, all.total);
}

/// The game the user is in ranks first: the shell's Young Jedi rules before the Clash
/// rulebook's, the same items found.
#[test]
fn the_game_the_user_is_in_ranks_first() {
    let corpus = Corpus::embedded();
    let plain = search(corpus, &Ruleset::latest(), "win battle", scope(None, 1_000));
    let first = search(
        corpus,
        &Ruleset::latest(),
        "win battle",
        SearchScope {
            first: Some(jedi_judge::rules::YOUNG_JEDI),
            ..scope(None, 1_000)
        },
    );
    let is_clash = |id: &str| id.starts_with("clash.");
    // Ranked by words alone, the Clash rulebook's rounds come first.
    assert!(
        is_clash(&plain.hits[0].item.id),
        "{}",
        plain.hits[0].item.id
    );
    let ids: Vec<&str> = first.hits.iter().map(|hit| hit.item.id.as_ref()).collect();
    let first_clash = ids
        .iter()
        .position(|id| is_clash(id))
        .expect("a Clash item");
    assert!(first_clash > 0);
    assert!(ids[first_clash..].iter().all(|id| is_clash(id)), "{ids:?}");
    let mut sorted_plain: Vec<&str> = plain.hits.iter().map(|hit| hit.item.id.as_ref()).collect();
    let mut sorted_first = ids.clone();
    sorted_plain.sort_unstable();
    sorted_first.sort_unstable();
    assert_eq!(sorted_plain, sorted_first);
}

/// The named assumptions are searched too, in any form of the words, their readings with
/// them; they are never given as rule text.
#[test]
fn the_named_assumptions_are_searched_too() {
    let found = jedi_judge::render::rules::assumptions_found("tied fights");
    assert_eq!(found.first().map(|(name, _)| *name), Some("tied-fight"));
    assert_eq!(found[0].1.words_matched, 2);
    // A word only a reading holds.
    let readings = jedi_judge::render::rules::assumptions_found("both defeated");
    assert!(
        readings.iter().any(|(name, _)| *name == "tied-fight"),
        "{readings:?}"
    );
    assert!(jedi_judge::render::rules::assumptions_found("xyzzy").is_empty());
    let outcome = jedi_judge::cli::execute(
        [
            "jedi-judge",
            "rules",
            "search",
            "tied",
            "fight",
            "--format",
            "json",
        ],
        |_| jedi_judge::render::Palette::plain(),
    );
    let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    assert_eq!(json["assumptions"][0]["name"], "tied-fight");
    assert!(
        json["results"]
            .as_array()
            .expect("results")
            .iter()
            .all(|result| result["id"] != "tied-fight")
    );
    let text = jedi_judge::cli::execute(["jedi-judge", "rules", "search", "tied", "fight"], |_| {
        jedi_judge::render::Palette::plain()
    });
    let (rules, assumptions) = text
        .stdout
        .split_once(" with these words (what the engine takes where the rules are silent;")
        .expect("a section of assumptions after the rules");
    assert!(rules.contains("faq.battle.last-card-tie"));
    assert!(assumptions.contains("  tied-fight\n"), "{assumptions}");
}

/// Every word of every named assumption finds that assumption: the search, which stems only
/// the words that could match a query word, passes over no text that holds it.
#[test]
fn every_word_of_a_named_assumption_finds_it() {
    let texts: Vec<&str> = jedi_judge::procedures::assumptions()
        .iter()
        .map(|(spec, _)| spec.assumption.text)
        .collect();
    let mut words: Vec<String> = texts
        .iter()
        .flat_map(|text| {
            text.split(|ch: char| !ch.is_alphanumeric())
                .filter(|word| word.len() > 2)
                .map(str::to_lowercase)
        })
        .collect();
    words.sort();
    words.dedup();
    assert!(words.len() > 200, "{}", words.len());
    for word in &words {
        let found: Vec<usize> = jedi_judge::rules::search_texts(&texts, word)
            .iter()
            .map(|hit| hit.index)
            .collect();
        for (index, text) in texts.iter().enumerate() {
            let holds = text
                .split(|ch: char| !ch.is_alphanumeric())
                .any(|other| other.eq_ignore_ascii_case(word));
            assert!(
                !holds || found.contains(&index),
                "{word:?} is in assumption {index} but the search does not find it"
            );
        }
    }
}

/// The ids `rules search` lists for a question as the command line asks it, `--game` if
/// given, the best `limit`.
fn cli_search(question: &str, game: Option<&str>, limit: usize) -> Vec<String> {
    let limit = limit.to_string();
    let mut argv = vec!["jedi-judge", "rules", "search", "--format", "json"];
    argv.extend(["--limit", limit.as_str()]);
    if let Some(game) = game {
        argv.extend(["--game", game]);
    }
    argv.extend(question.split(' '));
    let outcome = jedi_judge::cli::execute(argv, |_| jedi_judge::render::Palette::plain());
    assert_eq!(outcome.code, 0, "{question}: {}", outcome.stderr);
    let json: serde_json::Value = serde_json::from_str(&outcome.stdout).expect("JSON");
    json["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|result| result["id"].as_str().expect("an id").to_string())
        .collect()
}

/// Judges' questions as a judge types them at the command line (Young Jedi unless `--game`
/// says otherwise), each with the items that answer it, every one of which must be among
/// the first three: numbers in words or digits, titles that must not crowd out rule text.
const GRADED: [(&str, Option<&str>, &[&str]); 12] = [
    ("podrace handling", None, &["boonta.handling.definition"]),
    (
        "what happens when a duel ties",
        None,
        &["revised.duel.no-defeat"],
    ),
    ("sixty cards", None, &["boonta.objective.card-type"]),
    ("60 card limit", None, &["boonta.objective.card-type"]),
    (
        "hidden cards worth more than 6 counters",
        None,
        &["faq.misplays.hidden-over-six"],
    ),
    (
        "what happens with zero damage",
        None,
        &["revised.duel.damage-zero"],
    ),
    (
        "how many thrust tokens can my pilot have",
        None,
        &["boonta.thrust.cap", "boonta.thrust.definition"],
    ),
    (
        "when must I concede a battle",
        Some("clash"),
        &["clash.battle-end.conceding", "clash.duels.must-concede"],
    ),
    (
        "two copies of a unique starship",
        None,
        &["faq.deploy.unique-starships"],
    ),
    (
        "can I count the cards in my draw deck",
        None,
        &["faq.general.counting-cards"],
    ),
    (
        "who attacks first in a duel",
        None,
        &["revised.duel.attack"],
    ),
    (
        "how many cards do I draw for my dueling hand",
        None,
        &["revised.duel.hand-draw"],
    ),
];

#[test]
fn each_graded_question_finds_every_expected_item_in_the_top_three() {
    let mut misses = Vec::new();
    for (question, game, expected) in GRADED {
        let found = cli_search(question, game, 3);
        for id in expected {
            if !found.iter().any(|found| found == id) {
                misses.push(format!("{question:?}: expected {id}, found {found:?}"));
            }
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

/// A document's title is no answer: it ranks after every item of rule text found, where it
/// once stood second ("RULES FROM BOONTA EVE PODRACE") or sixth (the revised rules' title).
#[test]
fn a_documents_title_ranks_below_every_rule_text_found() {
    for (question, title) in [
        ("podrace handling", "boonta.front.title"),
        ("what happens when a duel ties", "revised.front.title"),
        ("duel of the fates", "revised.front.title"),
    ] {
        let found = cli_search(question, None, 1_000);
        let at = found
            .iter()
            .position(|id| id == title)
            .unwrap_or_else(|| panic!("{question:?} finds {title}: {found:?}"));
        let after: Vec<&String> = found[at..]
            .iter()
            .filter(|id| !id.contains(".front.") && !id.starts_with("clash."))
            .collect();
        assert!(after.is_empty(), "{question:?}: {after:?} after {title}");
    }
}

/// A number matches in words and in digits alike: "sixty" finds "60-card" and "6" finds
/// "six", each marked in the snippet, and both spellings of a question find the same items.
#[test]
fn numbers_match_in_words_and_in_digits() {
    assert_eq!(
        cli_search("sixty cards", None, 1_000),
        cli_search("60 cards", None, 1_000)
    );
    assert_eq!(
        cli_search("more than six counters", None, 1_000),
        cli_search("more than 6 counters", None, 1_000)
    );
    let results = search(
        Corpus::embedded(),
        &Ruleset::latest(),
        "sixty cards",
        scope(None, 1),
    );
    let hit = &results.hits[0];
    assert_eq!(hit.item.id, "boonta.objective.card-type");
    let marked: Vec<&str> = hit
        .snippet
        .marks
        .iter()
        .map(|(start, end)| &hit.snippet.text[*start..*end])
        .collect();
    assert!(marked.contains(&"60"), "{marked:?}");
    let results = search(
        Corpus::embedded(),
        &Ruleset::latest(),
        "hidden 6 counters",
        scope(None, 1),
    );
    let hit = &results.hits[0];
    assert_eq!(hit.item.id, "faq.misplays.hidden-over-six");
    assert!(
        hit.snippet
            .marks
            .iter()
            .any(|(start, end)| hit.snippet.text[*start..*end].eq_ignore_ascii_case("six")),
        "{:?}",
        hit.snippet
    );
}

/// A question is about Young Jedi unless `--game` says otherwise: without it no Clash item
/// stands among the first three for "how many cards in a deck" (two did), and every Young
/// Jedi item found ranks before every Clash one; `--game clash` asks the Clash rulebook.
#[test]
fn a_question_prefers_the_young_jedi_rules_unless_the_game_is_given() {
    let question = "how many cards in a deck";
    let found = cli_search(question, None, 1_000);
    assert!(
        found.iter().take(3).all(|id| !id.starts_with("clash.")),
        "{found:?}"
    );
    let first_clash = found
        .iter()
        .position(|id| id.starts_with("clash."))
        .expect("the Clash rulebook is searched too");
    assert!(
        found[first_clash..]
            .iter()
            .all(|id| id.starts_with("clash.")),
        "{found:?}"
    );
    let clash = cli_search(question, Some("clash"), 1_000);
    assert!(!clash.is_empty());
    assert!(clash.iter().all(|id| id.starts_with("clash.")), "{clash:?}");
}
