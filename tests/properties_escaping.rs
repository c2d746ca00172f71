//! No control character a user wrote reaches the terminal raw: each control character put in
//! each string field of the scenario format (keys and values, as the bundled scenarios use
//! them) and in each argument of each shell command comes out written as `\u{1b}`, in every
//! command and format, on standard output and standard error alike.

use std::collections::BTreeMap;
use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use jedi_judge::rules::Corpus;
use proptest::prelude::*;
use serde_json::Value;

mod common;

/// The control characters hostile input uses: NUL, BEL, the carriage return, ESC, DEL, and
/// the C1 controls NEL and CSI.
const CONTROLS: [char; 7] = [
    '\u{0}', '\u{7}', '\r', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}',
];

/// Whether the text holds a control character other than the line break and the tab.
fn raw_control(text: &str) -> Option<char> {
    text.chars()
        .find(|&ch| ch.is_control() && ch != '\n' && ch != '\t')
}

/// Whether every ESC in coloured text starts a colour sequence (`ESC [ digits m`), the only
/// sequence the program writes itself.
fn only_colour_sequences(text: &str) -> bool {
    text.match_indices('\u{1b}').all(|(at, _)| {
        let rest = &text.as_bytes()[at + 1..];
        rest.first() == Some(&b'[')
            && rest[1..]
                .iter()
                .find(|byte| !(byte.is_ascii_digit() || **byte == b';'))
                .is_some_and(|byte| *byte == b'm')
    }) && text
        .chars()
        .all(|ch| !ch.is_control() || matches!(ch, '\n' | '\t' | '\u{1b}'))
}

/// Where a string sits in a scenario: the keys down to it, with its own key marked.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Slot {
    path: Vec<String>,
    /// The string is the key at the end of `path`, not a value.
    key: bool,
}

impl Slot {
    /// The field of the format the slot is: list positions and names (of cards, planets,
    /// answers) folded, so that a field is counted once however many scenarios use it.
    fn field(&self) -> String {
        let folded: Vec<&str> = self
            .path
            .iter()
            .map(|step| {
                if step
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte == b'_')
                {
                    step.as_str()
                } else {
                    "*"
                }
            })
            .collect();
        format!(
            "{}{}",
            folded.join("/"),
            if self.key { " (key)" } else { "" }
        )
    }
}

/// Every string of the value, keys included, in a fixed order.
fn slots(value: &Value, path: &mut Vec<String>, found: &mut Vec<Slot>) {
    match value {
        Value::String(_) => found.push(Slot {
            path: path.clone(),
            key: false,
        }),
        Value::Array(items) => {
            for (at, item) in items.iter().enumerate() {
                path.push(at.to_string());
                slots(item, path, found);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(key.clone());
                found.push(Slot {
                    path: path.clone(),
                    key: true,
                });
                slots(item, path, found);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Puts `control` into the string at `slot`, `offset` characters in (wrapping).
fn with_control(value: &Value, slot: &Slot, control: char, offset: usize) -> Value {
    let insert = |text: &str| {
        let chars: Vec<char> = text.chars().collect();
        let at = offset % (chars.len() + 1);
        let mut out: String = chars[..at].iter().collect();
        out.push(control);
        out.extend(&chars[at..]);
        out
    };
    let mut value = value.clone();
    let (last, parents) = slot.path.split_last().expect("a slot has a path");
    let mut here = &mut value;
    for step in parents {
        here = match here {
            Value::Array(items) => &mut items[step.parse::<usize>().expect("an index")],
            Value::Object(map) => map.get_mut(step).expect("a key on the path"),
            _ => unreachable!("a path runs through lists and maps"),
        };
    }
    match here {
        Value::Array(items) if !slot.key => {
            let item = &mut items[last.parse::<usize>().expect("an index")];
            *item = Value::String(insert(item.as_str().expect("a string")));
        }
        Value::Object(map) if slot.key => {
            let item = map.remove(last).expect("the key");
            map.insert(insert(last), item);
        }
        Value::Object(map) => {
            let item = map.get_mut(last).expect("the key");
            *item = Value::String(insert(item.as_str().expect("a string")));
        }
        _ => unreachable!("a slot is a list item, a key or a map's value"),
    }
    value
}

/// Each bundled scenario read as a value, with its strings.
fn bundled_values() -> Vec<(String, Value, Vec<Slot>)> {
    common::bundled_texts(&[
        "bad-input",
        "battle",
        "check",
        "clash",
        "deploy",
        "disputes",
        "duel",
        "new-location",
        "odds",
        "players-committee",
        "podrace",
        "remedy",
    ])
    .into_iter()
    .filter_map(|(path, text)| {
        let value: Value = serde_saphyr::from_str(&text).ok()?;
        let mut found = Vec::new();
        slots(&value, &mut Vec::new(), &mut found);
        Some((path, value, found))
    })
    .collect()
}

/// Runs the commands over the scenario, holding each output to the escaping rule.
fn nothing_raw(path: &Path, yaml: &str, commands: &[&[&str]]) -> Result<(), TestCaseError> {
    std::fs::write(path, yaml).expect("a temporary file");
    let file = path.display().to_string();
    for args in commands {
        let mut argv = vec!["jedi-judge"];
        argv.extend_from_slice(args);
        argv.push(&file);
        let outcome = execute(&argv, |_| Palette::plain());
        for (stream, text) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
            prop_assert!(
                raw_control(text).is_none(),
                "{args:?} {stream} holds {:?}:\n{yaml}\n{text}",
                raw_control(text)
            );
        }
        if args.contains(&"json") && outcome.code != 2 {
            let parsed: Result<Value, _> = serde_json::from_str(&outcome.stdout);
            prop_assert!(parsed.is_ok(), "{args:?}: not JSON:\n{}", outcome.stdout);
        }
        if args == &["walk"] {
            let coloured = execute(&argv, |_| Palette::coloured());
            for text in [&coloured.stdout, &coloured.stderr] {
                prop_assert!(only_colour_sequences(text), "coloured: {text:?}");
            }
        }
    }
    Ok(())
}

#[test]
fn every_string_field_of_the_format_with_each_control_character_is_escaped_everywhere() {
    // One scenario for each field the bundled scenarios use, each field given one of the
    // characters in turn.
    let mut fields: BTreeMap<String, (String, Value, Slot)> = BTreeMap::new();
    for (path, value, found) in bundled_values() {
        for slot in found {
            fields
                .entry(slot.field())
                .or_insert_with(|| (path.clone(), value.clone(), slot));
        }
    }
    assert!(fields.len() > 100, "{} fields", fields.len());
    let scratch = common::ScratchFile::new("escaping", "field.yaml");
    for (turn, (field, (path, value, slot))) in fields.iter().enumerate() {
        let control = CONTROLS[turn % CONTROLS.len()];
        let mutated = with_control(value, slot, control, 3);
        let yaml = serde_saphyr::to_string(&mutated).expect("YAML");
        if let Err(failure) = nothing_raw(&scratch, &yaml, &[&["check"], &["walk"]]) {
            panic!("{field} of {path}: {failure}");
        }
    }
}

proptest! {
    #![proptest_config(common::property_config(64))]

    #[test]
    fn a_control_character_in_any_string_of_any_bundled_scenario_is_escaped_in_every_format(
        pick in any::<prop::sample::Index>(),
        string in any::<prop::sample::Index>(),
        control in proptest::sample::select(CONTROLS.to_vec()),
        offset in 0usize..64,
    ) {
        let cases = bundled_values();
        let (_, value, found) = &cases[pick.index(cases.len())];
        prop_assume!(!found.is_empty());
        let slot = &found[string.index(found.len())];
        let yaml = serde_saphyr::to_string(&with_control(value, slot, control, offset))
            .expect("YAML");
        let scratch = common::ScratchFile::new("escaping", "any.yaml");
        nothing_raw(
            &scratch,
            &yaml,
            &[
                &["check"],
                &["check", "--format", "json"],
                &["check", "--format", "markdown"],
                &["walk"],
                &["walk", "--format", "markdown"],
                &["walk", "--format", "json", "--policy", "first-option"],
            ],
        )?;
    }
}

/// A script through a fresh shell session; its transcript.
fn shell_transcript(script: &str) -> String {
    common::shell_session(script).0
}

/// A board to work on: a planet, a character on each side, decks.
const SHELL_BOARD: &str = "\
turn dark
step battle
planet Naboo
add dark maul student
add light qui-gon mentor
deck dark 4 2 6 3 1 5 2 4 6 3
deck light 4 1 3 5 2 6 3 3 4
";

#[test]
fn every_argument_of_every_shell_command_with_each_control_character_is_escaped() {
    let folder = common::ScratchFile::new("escaping", "shell");
    let place = folder.parent().expect("a folder").display().to_string();
    // Each command's own example, the character put into each of its words in turn; and the
    // file commands with a file name holding it.
    let mut lines = Vec::new();
    for (_, _, _, example) in jedi_judge::shell::commands() {
        // A file the example names is put in the scratch folder, so that nothing is written
        // beside the tests.
        let example = match example.split_once(' ') {
            Some((command, file)) if file.ends_with(".yaml") => {
                let name = Path::new(file).file_name().expect("a file name");
                format!("{command} {place}/{}", name.to_string_lossy())
            }
            _ => example.to_string(),
        };
        let words: Vec<&str> = example.split(' ').collect();
        for at in 0..words.len() {
            let mut marked = words.clone();
            let word = format!("{}{{}}", words[at]);
            marked[at] = &word;
            lines.push(marked.join(" "));
        }
    }
    assert!(lines.len() > 60, "{} lines", lines.len());
    for line in [
        "save {place}/saved{}.yaml",
        "save {place}/saved{}.yaml --force",
        "load {place}/missing{}.yaml",
        "walk {place}/missing{}.yaml",
        "set New{} Card power 3",
        "no{}such command",
    ] {
        lines.push(line.replace("{place}", &place));
    }
    for (turn, line) in lines.iter().enumerate() {
        for control in [CONTROLS[turn % CONTROLS.len()], '\u{1b}'] {
            let script = format!(
                "{SHELL_BOARD}{}\n",
                line.replace("{}", &control.to_string())
            );
            let out = shell_transcript(&script);
            assert!(
                raw_control(&out).is_none(),
                "{line:?} with {control:?}: {:?}\n{out}",
                raw_control(&out)
            );
        }
    }
}

#[test]
fn a_file_with_crlf_line_ends_is_quoted_without_its_carriage_returns() {
    let scratch = common::ScratchFile::new("escaping", "crlf.yaml");
    std::fs::write(&*scratch, "title: x\r\naction: duell\r\nturn: dark\r\n").expect("a file");
    let outcome = execute(
        ["jedi-judge", "check", &scratch.display().to_string()],
        |_| Palette::plain(),
    );
    assert_eq!(outcome.code, 2);
    let said = format!("{}{}", outcome.stdout, outcome.stderr);
    assert!(said.contains("2 │ action: duell\n"), "{said}");
    assert!(!said.contains("\\u{d}"), "{said}");
    assert!(raw_control(&said).is_none(), "{said}");
}

/// A card name the user gave, holding a control character, is listed and hinted at the prompt
/// written out; Tab still puts in the name itself.
#[test]
fn the_prompt_lists_and_hints_a_name_with_a_control_character_written_out() {
    use rustyline::completion::Completer;
    use rustyline::hint::Hinter;
    let helper =
        jedi_judge::shell::helper::ShellHelper::new(Corpus::embedded(), Catalog::embedded(), false);
    *helper.board_names.borrow_mut() = vec!["Evil\u{1b}]0;x\u{7} Card".to_string()];
    let history = rustyline::history::DefaultHistory::new();
    let context = rustyline::Context::new(&history);
    let line = "remove Evil";
    let (_, pairs) = helper
        .complete(line, line.len(), &context)
        .expect("completions");
    let pair = pairs
        .iter()
        .find(|pair| pair.replacement.starts_with("Evil"))
        .expect("the card offered");
    assert_eq!(pair.replacement, "Evil\u{1b}]0;x\u{7} Card");
    assert!(raw_control(&pair.display).is_none(), "{:?}", pair.display);
    let hint = helper.hint(line, line.len(), &context).expect("a hint");
    assert!(raw_control(&hint).is_none(), "{hint:?}");
}
