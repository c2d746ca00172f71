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
