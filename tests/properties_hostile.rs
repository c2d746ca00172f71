//! Property test through the command line: arbitrary bytes and scenario-shaped YAML given to
//! `check` and `walk` (every format) never panic, exit 0, 1 or 2, and print a bounded amount.

use std::path::Path;

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use proptest::prelude::*;

mod common;

/// The most a command prints about an input of at most a few kilobytes.
const MOST_PRINTED: usize = 256 * 1024;

fn scratch(name: &str) -> common::ScratchFile {
    common::ScratchFile::new("properties", name)
}

/// Runs `check` and `walk` in every format over the bytes, checking each outcome.
fn every_command_holds(path: &Path, bytes: &[u8]) -> Result<(), TestCaseError> {
    std::fs::write(path, bytes).expect("a temporary file");
    let file = path.display().to_string();
    for args in [
        vec!["check", file.as_str()],
        vec!["check", file.as_str(), "--format", "json"],
        vec!["check", file.as_str(), "--format", "markdown"],
        vec!["walk", file.as_str()],
        vec!["walk", file.as_str(), "--format", "markdown"],
        vec![
            "walk",
            file.as_str(),
            "--format",
            "json",
            "--policy",
            "first-option",
        ],
    ] {
        let mut argv = vec!["jedi-judge"];
        argv.extend_from_slice(&args);
        let outcome = execute(argv, |_| Palette::plain());
        prop_assert!(
            [0, 1, 2].contains(&outcome.code),
            "{args:?}: exit {}",
            outcome.code
        );
        let printed = outcome.stdout.len() + outcome.stderr.len();
        prop_assert!(printed <= MOST_PRINTED, "{args:?}: {printed} bytes");
        if args.contains(&"json") && args[0] == "check" {
            let parsed: Result<serde_json::Value, _> = serde_json::from_str(&outcome.stdout);
            prop_assert!(parsed.is_ok(), "{args:?}: not JSON");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::property_config(200))]

    #[test]
    fn arbitrary_bytes_are_checked_and_walked_within_bounds(
        bytes in proptest::collection::vec(any::<u8>(), 0..2048)
    ) {
        every_command_holds(&scratch("bytes.yaml"), &bytes)?;
    }

    #[test]
    fn scenario_shaped_yaml_is_checked_and_walked_within_bounds(value in common::yaml_value()) {
        let text = serde_saphyr::to_string(&value).unwrap_or_default();
        every_command_holds(&scratch("shaped.yaml"), text.as_bytes())?;
    }
}
