//! Hostile input through the command line: files that once crashed, hung or exhausted memory
//! are refused or reported within bounds, never with a panic.

use common::ScratchFile;

mod common;

use jedi_judge::cli::{EXIT_FAILED, EXIT_USAGE, Outcome, execute};
use jedi_judge::render::Palette;

fn run(args: &[&str]) -> Outcome {
    let mut argv = vec!["jedi-judge"];
    argv.extend_from_slice(args);
    execute(argv, |_| Palette::plain())
}

/// A file in a folder of its own, removed when the test is done with it.
fn file(name: &str, text: &str) -> ScratchFile {
    let file = ScratchFile::new("hostile", name);
    std::fs::write(&*file, text).expect("a temporary file");
    file
}

/// `check` of a file written with `text`: its exit code, and all it printed.
fn check_written(name: &str, text: &str) -> (i32, String) {
    let written = file(name, text);
    let checked = run(&["check", path_text(&written)]);
    (
        checked.code,
        format!("{}{}", checked.stdout, checked.stderr),
    )
}

fn path_text(path: &std::path::Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// One line of 90,000 bytes with an unknown card at its end.
fn long_line_with_an_error_at_its_end() -> String {
    format!(
        "light: {{hand: [{}, banana]}}\naction: duel\n",
        vec!["1"; 30_000].join(", ")
    )
}

#[test]
fn a_diagnostic_past_column_65535_is_drawn_in_a_window_not_a_panic() {
    let path = file("long-line.yaml", &long_line_with_an_error_at_its_end());
    let check = run(&["check", path_text(&path)]);
    assert_eq!(check.code, EXIT_USAGE, "{}", check.stdout);
    assert!(check.stdout.contains("no card is named \"banana\""));
    // The header gives the real line and column; the snippet is a window around them.
    assert!(
        check.stdout.contains("long-line.yaml:1:90016]"),
        "{}",
        check.stdout
    );
    assert!(check.stdout.len() < 2_000, "{} bytes", check.stdout.len());
    for format in ["text", "markdown", "json"] {
        let walk = run(&["walk", path_text(&path), "--format", format]);
        assert_eq!(walk.code, EXIT_USAGE);
        assert!(walk.stderr.contains("banana"), "{}", walk.stderr);
        assert!(walk.stderr.lines().all(|line| line.chars().count() <= 100));
    }
}

#[test]
fn two_decks_of_45000_cards_are_reported_within_bounds() {
    let deck = vec!["3"; 45_000].join(", ");
    let path = file(
        "huge-decks.yaml",
        &format!("light: {{deck: [{deck}]}}\ndark: {{deck: [{deck}]}}\n"),
    );
    let check = run(&["check", path_text(&path)]);
    assert_eq!(check.code, EXIT_FAILED, "{}", check.stdout);
    assert!(check.stdout.contains("has 45000 cards"));
    assert!(check.stdout.len() < 5_000, "{} bytes", check.stdout.len());
}

#[test]
fn sixty_thousand_unknown_cards_are_counted_in_full_and_twenty_are_shown() {
    let names: Vec<String> = (0..60_000).map(|n| format!("zz{n}")).collect();
    let path = file(
        "unknown-cards.yaml",
        &format!("light:\n  hand: [{}]\n", names.join(", ")),
    );
    let check = run(&["check", path_text(&path)]);
    assert_eq!(check.code, EXIT_USAGE);
    assert_eq!(check.stdout.matches("no card is named").count(), 20);
    assert!(
        check
            .stdout
            .contains("… and 59,980 more unknown-card findings not shown (60,000 in all)"),
        "{}",
        check.stdout
    );
    assert!(check.stdout.contains("unreadable (60,000 errors)"));
    assert!(check.stdout.len() < 20_000, "{} bytes", check.stdout.len());
    let json = run(&["check", path_text(&path), "--format", "json"]);
    assert!(json.stdout.len() < 50_000, "{} bytes", json.stdout.len());
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_after_one_byte_past_the_limit() {
    for args in [
        vec!["check", "/dev/zero"],
        vec!["walk", "/dev/zero"],
        vec!["repl", "/dev/zero"],
    ] {
        let outcome = run(&args);
        assert_eq!(outcome.code, EXIT_USAGE, "{args:?}");
        let said = format!("{}{}", outcome.stdout, outcome.stderr);
        assert!(
            said.contains("larger than 1,048,576 bytes"),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn a_file_that_is_not_utf8_says_where() {
    let placeholder = file("placeholder", "");
    let folder = placeholder.with_file_name("latin1.yaml");
    std::fs::write(&folder, b"title: caf\xe9\n").expect("a file");
    let check = run(&["check", path_text(&folder)]);
    assert_eq!(check.code, EXIT_USAGE);
    assert!(
        check.stdout.contains("not UTF-8 text (byte 10 is not)"),
        "{}",
        check.stdout
    );
}

#[test]
fn a_name_of_a_megabyte_is_refused_briefly_by_every_look_up() {
    let name = "maul ".repeat(200_000);
    for args in [
        vec!["cards", "show", name.as_str()],
        vec!["rules", "show", name.as_str()],
        vec!["rules", "search", name.as_str()],
        vec!["cards", "search", name.as_str()],
        vec![
            "rules",
            "show",
            "duel.initiation",
            "--rules-as-of",
            name.as_str(),
        ],
    ] {
        let outcome = run(&args);
        let said = outcome.stdout.len() + outcome.stderr.len();
        assert!(said < 4_000, "{:?}: {said} bytes", &args[..2]);
    }
}

#[test]
fn an_unknown_card_of_a_megabyte_is_quoted_clipped() {
    let name = "z".repeat(1_000_000);
    let path = file("megabyte-name.yaml", &format!("light:\n  hand: [{name}]\n"));
    let check = run(&["check", path_text(&path)]);
    assert_eq!(check.code, EXIT_USAGE);
    assert!(check.stdout.contains("more bytes)"), "{}", check.stdout);
    assert!(check.stdout.len() < 2_000, "{} bytes", check.stdout.len());
}

#[test]
fn two_names_that_join_into_a_two_in_one_cards_name_are_two_cards_not_one_split() {
    // "Switch To Bio" and "Your Little Insurrection Is At An End" are two cards; joined with a
    // comma their words are those of the two-in-one "Switch To Bio & Your Little Insurrection
    // Is At An End", whose name has no comma. A round trip of a generated position found it.
    let (code, said) = check_written(
        "two.yaml",
        "light: {}\ndark: {hand: [Switch To Bio, Your Little Insurrection Is At An End]}\n",
    );
    assert!(!said.contains("split"), "{said}");
    assert_eq!(code, 0, "{said}");
    // A name with a comma, split by it, is still caught.
    let (_, said) = check_written(
        "split.yaml",
        "light: {}\ndark: {hand: [P-59, Destroyer Droid Commander]}\n",
    );
    assert!(said.contains("name-split-by-comma"), "{said}");
    // Quoted names in [ ], and names on lines of their own, are what they say: no comma split
    // them, whatever their words joined would make.
    for (name, text) in [
        (
            "quoted.yaml",
            "light: {}\ndark: {hand: [\"Battle Droid: Infantry, AAT Division\", \"STAP\"]}\n",
        ),
        (
            "block.yaml",
            "light:\n  hand:\n    - P-59, Destroyer Droid Commander\n    - Multi Troop Transport\ndark: {}\n",
        ),
    ] {
        let (code, said) = check_written(name, text);
        assert!(!said.contains("name-split-by-comma"), "{name}: {said}");
        assert_eq!(code, 0, "{name}: {said}");
    }
}

#[test]
fn the_yaml_readers_own_words_never_reach_the_user_and_each_error_is_told_once() {
    for (name, text, said) in [
        (
            "twice.yaml",
            "light: {}\nlight: {}\n",
            "the key `light` is given twice here",
        ),
        (
            "empty.yaml",
            "action: duel\nduel:\n  initiator: dark\n  dark: {fighter: }\n",
            "this key has no value; it needs text",
        ),
        (
            "huge.yaml",
            "action: podrace\nturn: dark\nstep: deploy\ndark:\n  podracing: [{destiny: 2147483648}]\n",
            "2147483648 is not a whole number of the range this key takes",
        ),
    ] {
        let (code, out) = check_written(name, text);
        assert_eq!(code, EXIT_USAGE, "{name}: {out}");
        assert!(out.contains(said), "{name}: {out}");
        assert!(out.contains("unreadable (1 error)"), "{name}: {out}");
        for library_words in ["Option<", "DuplicateKeyPolicy", "i32", "deserialize"] {
            assert!(!out.contains(library_words), "{name}: {out}");
        }
    }
}

#[test]
fn control_characters_a_user_wrote_never_reach_the_terminal_and_check_warns_of_them() {
    let escaped = file(
        "escaped.yaml",
        "title: \"Bell\\u0007 and \\u001b[31mred\"\naction: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\ncards:\n  \"Evil\\u001b]0;pwned\\u0007 Card\": {type: character, side: dark, power: 3, damage: 3}\nlight: {deck: [1, 2, 3]}\ndark: {deck: [4, 5, 6]}\nplanets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    dark: [\"Evil\\u001b]0;pwned\\u0007 Card\"]\n",
    );
    let hidden = |text: &str| {
        text.chars()
            .any(|ch| ch.is_control() && ch != '\n' && ch != '\t')
    };
    for format in ["text", "markdown"] {
        let walked = run(&["walk", path_text(&escaped), "--format", format]);
        assert!(!hidden(&walked.stdout), "{format}: {:?}", walked.stdout);
        assert!(!hidden(&walked.stderr), "{format}: {:?}", walked.stderr);
        if format == "text" {
            assert!(
                walked.stdout.contains("Evil\\u{1b}]0;pwned\\u{7} Card"),
                "{format}"
            );
        }
    }
    let checked = run(&["check", path_text(&escaped)]);
    let said = format!("{}{}", checked.stdout, checked.stderr);
    assert!(said.contains("control-character"), "{said}");
    assert!(!hidden(&said), "{said:?}");
    // Raw control characters in the file itself: the excerpt of the file shows them as `?`.
    let (_, said) = check_written("raw.yaml", "title: \"a\u{1b}]0;pwned\u{7}b\"\nlight: {}\n");
    assert!(!hidden(&said), "{said:?}");
    assert!(said.contains("a?]0;pwned?b"), "{said}");
}
