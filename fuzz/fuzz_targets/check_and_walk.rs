//! Fuzz target: any bytes, read as a scenario, are checked and walked, and every result is
//! rendered in every format, without a panic.

#![no_main]

use jedi_judge::cards::Catalog;
use jedi_judge::check::check_text;
use jedi_judge::diagnostics::render_diagnostic;
use jedi_judge::engine::deciders::Policy;
use jedi_judge::render::walk::render;
use jedi_judge::render::{Format, Palette};
use jedi_judge::rules::Corpus;
use jedi_judge::walk::walk_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let report = check_text("fuzz.yaml", text, corpus, catalog, None);
    for diagnostic in report.diagnostics(corpus) {
        let _ = render_diagnostic(&diagnostic, Palette::plain());
    }
    let _ = report.output(corpus);
    if let Ok(walked) = walk_text(
        text,
        corpus,
        catalog,
        None,
        Some(Policy::FirstOption),
        Some(&mut |conserved| assert!(conserved, "a card left its zone")),
    ) {
        for format in [Format::Text, Format::Markdown, Format::Json] {
            let _ = render(&walked, corpus, format, Palette::plain());
        }
    }
});
