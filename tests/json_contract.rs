//! JSON is a contract: every JSON output names its format and version, validates against the
//! schema `jedi-judge schema` publishes for it, names rules by their full ids and documents by
//! their ids, and gives card moves as data.

use std::path::Path;

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use jedi_judge::rules::Corpus;
use serde_json::Value;

mod common;

fn run(args: &[&str]) -> (i32, String) {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    let outcome = execute(argv, |_| Palette::plain());
    (outcome.code, outcome.stdout)
}

fn validator(of: &str) -> jsonschema::Validator {
    let (code, text) = run(&["schema", of]);
    assert_eq!(code, 0);
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    jsonschema::validator_for(&schema).unwrap_or_else(|error| panic!("{of}: {error}"))
}

fn check_against(
    validator: &jsonschema::Validator,
    what: &str,
    output: &str,
    format: &str,
) -> Value {
    let value: Value =
        serde_json::from_str(output).unwrap_or_else(|error| panic!("{what}: {error}\n{output}"));
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .take(5)
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
    assert_eq!(value["format"], format, "{what}");
    assert_eq!(value["version"], 1, "{what}");
    value
}

/// Every rule id and document id anywhere in an output names one the corpus has.
fn ids_are_full(value: &Value, corpus: &Corpus, what: &str) {
    const RULE_FIELDS: [&str; 8] = [
        "cites",
        "rules",
        "remedy",
        "same_text_in",
        "copies",
        "supersedes",
        "superseded_by",
        "id",
    ];
    let documents: Vec<&str> = corpus.documents().iter().map(|d| d.id.as_ref()).collect();
    match value {
        Value::Object(object) => {
            for (key, inner) in object {
                if key == "document" {
                    let document = inner.as_str().unwrap_or_default();
                    assert!(documents.contains(&document), "{what}: document {inner}");
                }
                if RULE_FIELDS.contains(&key.as_str()) {
                    let ids: Vec<&Value> = match inner {
                        Value::Array(items) => items.iter().collect(),
                        Value::String(_) => vec![inner],
                        _ => Vec::new(),
                    };
                    for id in ids {
                        if let Some(id) = id.as_str() {
                            assert!(
                                corpus.item(id).is_some(),
                                "{what}: {key} {id} is no full id"
                            );
                        }
                    }
                }
                // The walk's quoted rules are keyed by full id.
                if key == "rules"
                    && let Value::Object(quoted) = inner
                {
                    for id in quoted.keys() {
                        assert!(corpus.item(id).is_some(), "{what}: rules key {id}");
                    }
                }
                ids_are_full(inner, corpus, what);
            }
        }
        Value::Array(items) => {
            for inner in items {
                ids_are_full(inner, corpus, what);
            }
        }
        _ => {}
    }
}

#[test]
fn every_bundled_walk_validates_against_the_walk_schema() {
    let validator = validator("walk");
    let corpus = Corpus::embedded();
    let mut moves = 0;
    for path in common::bundled_walks() {
        let name = path.display().to_string();
        let (_, output) = run(&["walk", &name, "--format", "json"]);
        let value = check_against(&validator, &name, &output, "jedi-judge/walk");
        ids_are_full(&value, corpus, &name);
        for event in value["events"].as_array().expect("events") {
            for moved in event["moves"].as_array().expect("moves") {
                assert!(moved["card"].is_u64(), "{name}: {moved}");
                assert!(moved["from"]["zone"].is_string(), "{name}: {moved}");
                assert!(moved["to"]["side"].is_string(), "{name}: {moved}");
                moves += 1;
            }
        }
    }
    assert!(moves > 100, "{moves} moves");
}

/// Every bundled odds scenario's answer validates against the odds schema, with its rules
/// by full id; so do a sampled answer and a best play.
#[test]
fn every_bundled_odds_answer_validates_against_the_odds_schema() {
    let validator = validator("odds");
    let corpus = Corpus::embedded();
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/odds");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("the odds scenarios")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    let (mut sampled, mut best, mut refused) = (0, 0, 0);
    for path in files {
        let name = path.display().to_string();
        let (code, output) = run(&["odds", &name, "--format", "json"]);
        assert_eq!(code, 0, "{name}");
        // A scenario that states the refusal it expects answers with the refusal.
        if output.contains("\"jedi-judge/odds-refused\"") {
            let value = check_against(&validator, &name, &output, "jedi-judge/odds-refused");
            assert!(value["code"].is_string(), "{name}");
            refused += 1;
            continue;
        }
        let value = check_against(&validator, &name, &output, "jedi-judge/odds");
        ids_are_full(&value, corpus, &name);
        if value["method"] == "sampled" {
            sampled += 1;
            assert!(
                value["defeated"]["light"]["interval_95"].is_array(),
                "{name}"
            );
        }
        if value["best"].is_object() {
            best += 1;
        }
    }
    assert!(
        sampled >= 1 && best >= 3 && refused >= 1,
        "{sampled} sampled, {best} best, {refused} refused"
    );
}

/// `check` and `walk` judge every bundled scenario alike, from one set of checks: the same
/// verdict and the same finding codes, each output read as its published schema says. A walk
/// exits 0 or 1: it never reports a claim the rules refuse as a fact the scenario lacks.
#[test]
fn check_and_walk_give_every_bundled_scenario_the_same_verdict() {
    let (walk_schema, check_schema) = (validator("walk"), validator("check"));
    let mut illegal = 0;
    let mut folders: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
            .expect("the scenarios folder")
            .flatten()
            .filter_map(|entry| entry.file_name().to_str().map(str::to_string))
            .filter(|name| name != "bad-input")
            .collect();
    folders.sort();
    let folders: Vec<&str> = folders.iter().map(String::as_str).collect();
    let paths = common::bundled(&folders);
    for path in &paths {
        let name = path.display().to_string();
        let (walk_code, walked) = run(&["walk", &name, "--format", "json"]);
        assert!(
            walk_code == 0 || walk_code == 1,
            "{name}: walk exits {walk_code}"
        );
        let walked = check_against(&walk_schema, &name, &walked, "jedi-judge/walk");
        let (_, checked) = run(&["check", &name, "--format", "json"]);
        let checked = check_against(&check_schema, &name, &checked, "jedi-judge/check");
        let file = &checked["files"][0];
        let mut by_check: Vec<&str> = file["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|finding| finding["severity"] == "error")
            .filter_map(|finding| finding["code"].as_str())
            .collect();
        let mut by_walk: Vec<&str> = walked["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        by_check.sort_unstable();
        by_walk.sort_unstable();
        assert_eq!(
            by_check, by_walk,
            "{name}: the finding codes of check and walk"
        );
        assert_eq!(
            file["verdict"] == "legal",
            walked["legal"] == true,
            "{name}: check says {}, walk says legal: {}",
            file["verdict"],
            walked["legal"]
        );
        if walked["legal"] == false {
            illegal += 1;
        }
    }
    assert!(
        paths.len() > 150 && illegal > 40,
        "{} scenarios, {illegal} illegal",
        paths.len()
    );
}

/// The moves of every bundled walk replay: each card moves from where the moves before left
/// it, so that it is in exactly one place at every step, and ends where `card_journeys` says
/// (every card that moved and did not come back is there, and no other).
#[test]
fn every_bundled_walk_replays_its_moves_in_order_to_its_card_journeys() {
    let mut replayed = 0;
    for path in common::bundled_walks() {
        let name = path.display().to_string();
        let (_, output) = run(&["walk", &name, "--format", "json"]);
        let value: Value = serde_json::from_str(&output).expect("JSON");
        let mut first: std::collections::BTreeMap<u64, Value> = Default::default();
        let mut now: std::collections::BTreeMap<u64, Value> = Default::default();
        for event in value["events"].as_array().expect("events") {
            for moved in event["moves"].as_array().expect("moves") {
                let card = moved["card"].as_u64().expect("a card id");
                if let Some(place) = now.get(&card) {
                    assert_eq!(
                        place, &moved["from"],
                        "{name}: step {}: card {card} moves from {} but is in {place}",
                        event["step"], moved["from"]
                    );
                }
                first.entry(card).or_insert_with(|| moved["from"].clone());
                now.insert(card, moved["to"].clone());
                replayed += 1;
            }
        }
        let journeys: std::collections::BTreeMap<u64, (&Value, &Value)> = value["card_journeys"]
            .as_array()
            .expect("journeys")
            .iter()
            .map(|journey| {
                (
                    journey["card"].as_u64().expect("a card id"),
                    (&journey["from"], &journey["to"]),
                )
            })
            .collect();
        let moved_away: std::collections::BTreeMap<u64, (&Value, &Value)> = now
            .iter()
            .filter(|(card, place)| first.get(card) != Some(place))
            .map(|(card, place)| (*card, (&first[card], place)))
            .collect();
        assert_eq!(journeys, moved_away, "{name}: card_journeys");
    }
    assert!(replayed > 500, "{replayed} moves replayed");
}

#[test]
fn a_walk_that_stops_validates_too() {
    let validator = validator("walk");
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/duel/revised-example-1-r2-d2-qui-gon-defends.yaml");
    let text = std::fs::read_to_string(path).expect("readable");
    // Without its decisions, the walk stops at the first one.
    let stripped: String = text.split("decisions:").next().expect("a head").to_string();
    let dir = std::env::temp_dir().join(format!("jedi-judge-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("undecided.yaml");
    std::fs::write(&file, stripped).expect("written");
    let (code, output) = run(&["walk", &file.display().to_string(), "--format", "json"]);
    assert_eq!(code, 1);
    let value = check_against(&validator, "undecided", &output, "jedi-judge/walk");
    assert_eq!(value["stop"]["stop"], "undecided");
    ids_are_full(&value, Corpus::embedded(), "undecided");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_bundled_check_validates_against_the_check_schema() {
    let validator = validator("check");
    let corpus = Corpus::embedded();
    let mut checked = 0;
    for path in common::bundled(&["check", "bad-input", "duel", "battle", "clash"]) {
        let name = path.display().to_string();
        let (_, output) = run(&["check", &name, "--format", "json"]);
        let value = check_against(&validator, &name, &output, "jedi-judge/check");
        ids_are_full(&value, corpus, &name);
        checked += 1;
    }
    assert!(checked >= 80, "{checked}");
}

#[test]
fn every_rules_and_cards_output_validates_against_its_schema() {
    let rules = validator("rules");
    let cards = validator("cards");
    let corpus = Corpus::embedded();
    for (args, format) in [
        (
            vec!["rules", "show", "duel.initiation"],
            "jedi-judge/rules-show",
        ),
        (
            vec!["rules", "show", "boonta.thrust.cap"],
            "jedi-judge/rules-show",
        ),
        (
            vec!["rules", "search", "dueling", "hand"],
            "jedi-judge/rules-search",
        ),
        (
            vec!["rules", "list", "--topic", "duel"],
            "jedi-judge/rules-list",
        ),
        (vec!["rules", "list", "--all"], "jedi-judge/rules-list"),
        (
            vec!["rules", "diff", "2000-12-01", "latest"],
            "jedi-judge/rules-diff",
        ),
        (
            vec!["rules", "diff", "latest", "rulesheet", "--expand"],
            "jedi-judge/rules-diff",
        ),
        (vec!["rules", "rulesets"], "jedi-judge/rulesets"),
    ] {
        let mut argv = args.clone();
        argv.extend(["--format", "json"]);
        let (code, output) = run(&argv);
        assert_eq!(code, 0, "{args:?}");
        let value = check_against(&rules, &args.join(" "), &output, format);
        ids_are_full(&value, corpus, &args.join(" "));
    }
    for (args, format) in [
        (
            vec!["cards", "show", "maul", "student"],
            "jedi-judge/cards-show",
        ),
        (
            vec!["cards", "show", "mace", "windu", "warrior"],
            "jedi-judge/cards-show",
        ),
        // Weapon boxes, dots, identity and location bonuses, and notes of disagreement.
        (
            vec!["cards", "show", "darth", "maul", "sith", "apprentice"],
            "jedi-judge/cards-show",
        ),
        (vec!["cards", "show", "eopie"], "jedi-judge/cards-show"),
        (vec!["cards", "search", "qui"], "jedi-judge/cards-search"),
        (
            vec!["cards", "disagreements"],
            "jedi-judge/cards-disagreements",
        ),
    ] {
        let mut argv = args.clone();
        argv.extend(["--format", "json"]);
        let (code, output) = run(&argv);
        assert_eq!(code, 0, "{args:?}");
        check_against(&cards, &args.join(" "), &output, format);
    }
}

#[test]
fn the_scenario_schema_is_still_the_default() {
    assert_eq!(run(&["schema"]), run(&["schema", "scenario"]));
}

/// An output that takes only so many bytes, then fails as a closed pipe does.
struct ClosedAfter {
    taken: Vec<u8>,
    room: usize,
}

impl std::io::Write for ClosedAfter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.taken.len() >= self.room {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        let taken = bytes.len().min(self.room - self.taken.len());
        self.taken.extend_from_slice(&bytes[..taken]);
        Ok(taken)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The JSON of a walk is written as it is made: whole, it is what `execute` gives; to an
/// output closed after a few kilobytes (`jedi-judge walk … | head`), it is the start of the
/// same, with the walk's own exit code and nothing said on stderr.
#[test]
fn a_walk_written_as_it_is_made_is_the_same_and_stops_quietly_at_a_closed_output() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/clash/whole-game-from-a-seed.yaml")
        .display()
        .to_string();
    let args = ["jedi-judge", "walk", "--format", "json", &path];
    let whole = execute(args, |_| Palette::plain());
    assert_eq!(whole.code, 0);
    assert!(whole.stdout.len() > 100_000, "{}", whole.stdout.len());
    check_against(
        &validator("walk"),
        "whole game",
        &whole.stdout,
        "jedi-judge/walk",
    );
    let mut closed = ClosedAfter {
        taken: Vec::new(),
        room: 5000,
    };
    let cut = jedi_judge::cli::execute_into(args, |_| Palette::plain(), &mut closed);
    assert_eq!(
        (cut.code, cut.stdout.as_str(), cut.stderr.as_str()),
        (0, "", "")
    );
    assert_eq!(closed.taken.len(), 5000);
    assert!(whole.stdout.as_bytes().starts_with(&closed.taken));
}
