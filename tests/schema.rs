//! The JSON Schema of the scenario format that `jedi-judge schema` prints for editors.

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;

fn schema() -> serde_json::Value {
    let outcome = execute(["jedi-judge", "schema"], |_| Palette::plain());
    assert_eq!(outcome.code, 0);
    serde_json::from_str(&outcome.stdout).expect("the schema is JSON")
}

#[test]
fn the_schema_is_draft_7_and_closed_to_unknown_keys() {
    let schema = schema();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert_eq!(schema["additionalProperties"], false);
    for key in [
        "light",
        "dark",
        "planets",
        "cards",
        "turn",
        "step",
        "current_planet",
        "rules",
        "seed",
        "expect",
    ] {
        assert!(
            schema["properties"].get(key).is_some(),
            "the schema lacks {key}"
        );
    }
    let player = &schema["definitions"]["PlayerFile"]["properties"];
    for key in [
        "deck",
        "hand",
        "discard",
        "hyperspace",
        "objective",
        "podracing",
        "battle_plan",
        "counters_spent",
    ] {
        assert!(player.get(key).is_some(), "PlayerFile lacks {key}");
    }
}

#[test]
fn every_key_of_every_bundled_scenario_is_in_the_schema() {
    let schema = schema();
    let properties = schema["properties"].as_object().expect("properties");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut checked = 0;
    for folder in std::fs::read_dir(&root).expect("scenarios/") {
        let folder = folder.expect("an entry").path();
        if folder.file_name().is_some_and(|name| name == "bad-input") || !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).expect("a folder") {
            let path = file.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("readable");
            let value: serde_json::Value = serde_saphyr::from_str(&text).expect("YAML");
            for key in value.as_object().expect("a mapping").keys() {
                assert!(
                    properties.contains_key(key),
                    "{}: {key} is not in the schema",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20);
}

/// Every integer of the format, wherever it stands in the schema.
fn integers<'a>(
    value: &'a serde_json::Value,
    path: String,
    found: &mut Vec<(String, &'a serde_json::Value)>,
) {
    match value {
        serde_json::Value::Object(object) => {
            let is_integer = match object.get("type") {
                Some(serde_json::Value::String(kind)) => kind == "integer",
                Some(serde_json::Value::Array(kinds)) => kinds.iter().any(|kind| kind == "integer"),
                _ => false,
            };
            if is_integer {
                found.push((path.clone(), value));
            }
            for (key, inner) in object {
                integers(inner, format!("{path}/{key}"), found);
            }
        }
        serde_json::Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                integers(inner, format!("{path}/{index}"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn every_number_of_the_format_has_a_published_range() {
    let schema = schema();
    let mut found = Vec::new();
    integers(&schema, String::new(), &mut found);
    assert!(found.len() > 20, "{} integers", found.len());
    for (path, integer) in found {
        assert!(
            integer.get("minimum").is_some() && integer.get("maximum").is_some(),
            "{path} has no range: {integer}"
        );
    }
    let hits = &schema["definitions"]["CardEntry"]["properties"]["hits"];
    assert_eq!(
        (hits["minimum"].as_i64(), hits["maximum"].as_i64()),
        (Some(0), Some(99))
    );
}

/// Every published JSON Schema, parsed and snapshotted: a change to a published format (a
/// renamed field, a new event, a value no longer allowed) shows in review as a changed
/// snapshot, and `render::output::VERSION` grows when a field is removed or changes meaning.
#[test]
fn every_published_schema_is_as_reviewed() {
    for of in ["scenario", "walk", "check", "odds", "rules", "cards"] {
        let outcome = execute(["jedi-judge", "schema", of], |_| Palette::plain());
        assert_eq!(outcome.code, 0, "{of}");
        let schema: serde_json::Value =
            serde_json::from_str(&outcome.stdout).expect("the schema is JSON");
        assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
        insta::assert_json_snapshot!(format!("schema_{of}"), schema);
    }
}

/// Each schema `docs/schema/` publishes (and `jedi-judge schema` prints) is the one the
/// program's types make, byte for byte. `JEDI_JUDGE_WRITE_SCHEMAS=1 cargo test --test schema`
/// writes them anew after a change to a format, for review.
#[test]
fn every_published_schema_file_is_the_one_the_types_make() {
    use jedi_judge::render::output::{SchemaOf, published_schema, schema};
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schema");
    for (of, name) in [
        (SchemaOf::Scenario, "scenario"),
        (SchemaOf::Walk, "walk"),
        (SchemaOf::Check, "check"),
        (SchemaOf::Odds, "odds"),
        (SchemaOf::Rules, "rules"),
        (SchemaOf::Cards, "cards"),
        (SchemaOf::CardText, "card-text"),
    ] {
        let made = jedi_judge::render::json(&schema(of));
        if std::env::var_os("JEDI_JUDGE_WRITE_SCHEMAS").is_some() {
            std::fs::write(folder.join(format!("{name}.json")), &made).expect("written");
            continue;
        }
        assert!(
            made == published_schema(of),
            "docs/schema/{name}.json is not the schema the types make: run `JEDI_JUDGE_WRITE_SCHEMAS=1 cargo test --test schema` and review the change"
        );
    }
}
