//! The scenarios the guides show are scenarios: every YAML example of `docs/` is read, checked
//! and walked, nothing in it is unreadable or refused as input (no exit 2), and it meets its
//! own `expect:`.

use std::path::Path;

use jedi_judge::cards::Catalog;
use jedi_judge::check::{FileVerdict, check_text};
use jedi_judge::rules::Corpus;

/// The `yaml` blocks of a guide, each with the line it starts on; a block indented under a
/// list item loses the fence's indent.
fn examples(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut block: Option<(usize, usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        let indent = line.len() - fence.len();
        match block.as_mut() {
            None if fence == "```yaml" => block = Some((number + 1, indent, String::new())),
            Some(_) if fence.starts_with("```") => {
                found.extend(block.take().map(|(start, _, lines)| (start, lines)));
            }
            Some((_, fence_indent, lines)) => {
                lines.push_str(line.get((*fence_indent).min(indent)..).unwrap_or(fence));
                lines.push('\n');
            }
            None => {}
        }
    }
    found
}

#[test]
fn every_yaml_example_of_the_guides_is_read_checked_and_walked() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut walked = 0;
    let mut guides: Vec<_> = std::fs::read_dir(&docs)
        .expect("the guides")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    for guide in guides {
        let text = std::fs::read_to_string(&guide).expect("a guide");
        for (line, example) in examples(&text) {
            let place = format!("{}:{line}", guide.display());
            let report = check_text(
                &place,
                &example,
                Corpus::embedded(),
                Catalog::embedded(),
                None,
            );
            assert_ne!(
                report.verdict,
                FileVerdict::Unreadable,
                "{place} is not readable: {:?}\n{example}",
                report
                    .problems
                    .iter()
                    .map(|p| &p.message)
                    .collect::<Vec<_>>()
            );
            assert!(
                !report.problems.has_code("expectation-not-met"),
                "{place} does not meet its own expect: {:?}",
                report
                    .problems
                    .iter()
                    .map(|p| &p.message)
                    .collect::<Vec<_>>()
            );
            let walk = jedi_judge::walk::walk_text(
                &example,
                Corpus::embedded(),
                Catalog::embedded(),
                None,
                None,
                None,
            )
            .unwrap_or_else(|error| panic!("{place}: the walk is refused: {error:?}"));
            assert_ne!(walk.exit_code(), 2, "{place}: {:?}", walk.stop());
            assert!(walk.unmet.is_empty(), "{place}: {:?}", walk.unmet);
            walked += 1;
        }
    }
    assert!(walked >= 14, "{walked} examples walked");
}
