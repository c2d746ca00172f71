//! Text follows the width it is given: a terminal's, or 88 columns anywhere else; headers,
//! citations and columns wrap like everything else.

use jedi_judge::cards::Catalog;
use jedi_judge::cli::execute;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette, visible_width};
use jedi_judge::rules::Corpus;
use jedi_judge::walk::walk_text;

mod common;

fn too_wide(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .filter(|line| visible_width(line) > width)
        .map(str::to_string)
        .collect()
}

const COMMANDS: [&[&str]; 10] = [
    &["rules", "show", "duel.initiation"],
    &["rules", "search", "dueling", "hand"],
    &["rules", "list", "--topic", "duel"],
    &["rules", "list", "--document", "faq"],
    &["rules", "diff", "2000-12-01", "latest"],
    &["rules", "diff", "rulesheet", "latest", "--expand"],
    &["rules", "rulesets"],
    &["cards", "show", "maul", "student"],
    &["cards", "search", "qui"],
    &["cards", "search", "light"],
];

#[test]
fn every_look_up_fits_the_width_in_plain_text_and_in_colour() {
    for width in [88, 60] {
        for colour in [false, true] {
            for args in COMMANDS {
                let mut argv = vec!["jedi-judge"];
                argv.extend_from_slice(args);
                let palette = if colour {
                    Palette::coloured()
                } else {
                    Palette::plain()
                }
                .for_terminal(width);
                let outcome = execute(argv, move |_| palette);
                assert_eq!(outcome.code, 0, "{args:?}");
                let wide = too_wide(&outcome.stdout, width);
                assert!(wide.is_empty(), "{args:?} at {width}: {wide:#?}");
            }
        }
    }
}

#[test]
fn every_bundled_walk_fits_the_width() {
    let corpus = Corpus::embedded();
    let mut walked_count = 0;
    for path in common::bundled_walks() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let walked = walk_text(&text, corpus, Catalog::embedded(), None, None, None)
            .unwrap_or_else(|error| panic!("{error:?}"));
        for width in [88, 60] {
            let palette = Palette::coloured().for_terminal(width);
            let out = render(&walked, corpus, Format::Text, palette);
            let wide = too_wide(&out, width);
            assert!(wide.is_empty(), "{} at {width}: {wide:#?}", path.display());
        }
        walked_count += 1;
    }
    assert!(walked_count >= 40);
}

/// The lines that end inside a word broken at its hyphen (`Bad-` then `Tempered`,
/// `2001-09-` then `05`).
fn broken_at_a_hyphen(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| {
            let trimmed = line.trim_end();
            trimmed.ends_with('-')
                && trimmed
                    .chars()
                    .rev()
                    .nth(1)
                    .is_some_and(char::is_alphanumeric)
        })
        .map(str::to_string)
        .collect()
}

/// `check`'s diagnostics of every bundled scenario fit the width, and break lines at spaces
/// only, never inside a name or a date, at any width.
#[test]
fn every_check_fits_the_width_and_breaks_at_spaces_only() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut checked = 0;
    for folder in std::fs::read_dir(&root).expect("scenarios").flatten() {
        let folder = folder.file_name();
        let Some(folder) = folder.to_str() else {
            continue;
        };
        for path in common::bundled(&[folder]) {
            for width in [88, 60] {
                let palette = Palette::plain().for_terminal(width);
                let file = format!(
                    "scenarios/{folder}/{}",
                    path.file_name()
                        .and_then(|name| name.to_str())
                        .unwrap_or_default()
                );
                let outcome = execute(
                    ["jedi-judge", "check", path.display().to_string().as_str()],
                    move |_| palette,
                );
                let out = format!("{}{}", outcome.stdout, outcome.stderr)
                    .replace(&path.display().to_string(), &file);
                // At 88 columns every line fits; at 60 a file's name alone may not (a name
                // is one word).
                // The file's name and own lines, and the labels under them, are shown as they
                // are.
                let excerpt = |line: &String| {
                    line.trim_start()
                        .trim_start_matches(|ch: char| ch.is_ascii_digit())
                        .trim_start()
                        .starts_with(['│', '·', '╭'])
                };
                // A word longer than the line (a web address) stands on a line of its own.
                let one_word = |line: &String| !line.trim().contains(' ');
                if width == 88 {
                    let wide: Vec<String> = too_wide(&out, width)
                        .into_iter()
                        .filter(|line| !excerpt(line) && !one_word(line))
                        .collect();
                    assert!(wide.is_empty(), "{file} at {width}: {wide:#?}");
                }
                let broken = broken_at_a_hyphen(&out);
                assert!(broken.is_empty(), "{file} at {width}: {broken:#?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked}");
}

#[test]
fn a_terminal_width_is_kept_within_bounds() {
    assert_eq!(Palette::plain().for_terminal(10).width, 40);
    assert_eq!(Palette::plain().for_terminal(1000).width, 200);
    assert_eq!(Palette::plain().width, 88);
}

#[test]
fn plain_text_and_accented_text_split_at_the_same_spaces() {
    use jedi_judge::render::wrap_hanging;
    // Every space character Rust counts as white space in ASCII, the vertical tab included.
    let plain = "Padme  takes\tthe\u{0b}Naboo\u{0c}Royal\rStarship to Tatooine today";
    let accented = plain.replace("Padme", "Padmé");
    let wrapped = wrap_hanging(plain, 24, "1. ", "   ");
    assert_eq!(
        wrapped,
        "1. Padme takes the Naboo\n   Royal Starship to\n   Tatooine today"
    );
    assert_eq!(
        wrap_hanging(&accented, 24, "1. ", "   "),
        wrapped.replace("Padme", "Padmé")
    );
}

/// Greedy wrapping as the documentation of `wrap_hanging` states it, one word at a time:
/// the reference each of its faster paths must agree with.
fn wrapped_word_by_word(text: &str, width: usize, first: &str, rest: &str) -> String {
    use jedi_judge::render::visible_width;
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.split('\n') {
        let indent = if lines.is_empty() { first } else { rest };
        let (mut line, mut indent_width) = (indent.to_string(), visible_width(indent));
        // Columns the words take; a colour code alone takes none and is not spaced from
        // what follows it.
        let mut used = 0;
        for word in paragraph.split_whitespace() {
            if used > 0 && indent_width + used + 1 + visible_width(word) > width {
                lines.push(std::mem::replace(&mut line, rest.to_string()));
                (indent_width, used) = (visible_width(rest), 0);
            }
            if used > 0 {
                line.push(' ');
                used += 1;
            }
            line.push_str(word);
            used += visible_width(word);
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// Words with the spaces between them: mostly single spaces (plain text, the common case),
/// sometimes other white space, colour codes or accents.
fn text_to_wrap() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let word = proptest::sample::select(vec![
        "a",
        "duel",
        "Qui-Gon",
        "lightsaber",
        "Padmé",
        "\u{1b}[1m",
        "\u{1b}[0m",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "",
        "—",
        "\u{a0}",
        "\u{7f}",
    ]);
    let space = prop_oneof![
        8 => Just(" "),
        1 => proptest::sample::select(vec!["  ", "\t", "\n", "\u{0b}", " \n "]),
    ];
    proptest::collection::vec((word, space), 0..30).prop_map(|pairs| {
        pairs
            .into_iter()
            .flat_map(|(word, space)| [word, space])
            .collect::<String>()
    })
}

proptest::proptest! {
    #![proptest_config(common::property_config(1024))]
    #[test]
    fn wrapping_agrees_with_word_by_word_wrapping(
        text in text_to_wrap(),
        trimmed in proptest::bool::ANY,
        width in 1usize..40,
        first in proptest::sample::select(vec!["", "1. ", "10. "]),
        rest in proptest::sample::select(vec!["", "   ", "      "]),
    ) {
        let text = if trimmed { text.trim() } else { text.as_str() };
        proptest::prop_assert_eq!(
            jedi_judge::render::wrap_hanging(text, width, first, rest),
            wrapped_word_by_word(text, width, first, rest)
        );
    }
}
