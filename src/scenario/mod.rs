//! Scenario files: YAML in (with spans for diagnostics, limits against hostile input) and out, and the board they describe.

mod build;
mod clash_build;
mod file;
mod located;
mod problems;
mod write;

pub use build::{Built, build};
pub use clash_build::{BuiltClash, build_clash};
pub use file::{
    Action, CardEntry, ClashExpectation, ClashFile, ClashPlayerFile, ClashSideName, ClashTrack,
    DamageBySide, Decisions, DeckCount, DeckFile, Declaration, DuelExpectation, Entry, Expectation,
    GameName, ObjectiveFile, PlanetFile, PlayerFile, ScenarioFile, SideDecisions, SideOrNone,
    StatInput, TraitsFile,
};
pub use located::{Located, OrderedMap};
pub use problems::{Omitted, Problem, Problems, Severity};
pub use write::to_file;

use crate::board::Span;

/// The largest scenario file read: far beyond any real position.
pub const MAX_SCENARIO_BYTES: usize = 1024 * 1024;

/// Reads a scenario file: at most one byte more than the limit is read from anything (a
/// regular file, a FIFO, `/dev/zero`), so an endless source is refused, not exhausted.
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let limit = crate::scenario::MAX_SCENARIO_BYTES;
    let file = std::fs::File::open(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if file.metadata().is_ok_and(|metadata| metadata.is_dir()) {
        return Err(format!("cannot read {}: it is a folder", path.display()));
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if bytes.len() > limit {
        return Err(format!(
            "{} is larger than {} bytes, the most a scenario may be",
            path.display(),
            crate::render::thousands(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "{} is not UTF-8 text (byte {} is not)",
            path.display(),
            error.utf8_error().valid_up_to()
        )
    })
}

/// Parses scenario YAML, refusing oversized input and alias bombs quickly.
pub fn parse(text: &str) -> Result<ScenarioFile, Problem> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(Problem {
            severity: Severity::Error,
            code: "too-large",
            message: format!(
                "the file is {} bytes; a scenario may be at most {} bytes",
                text.len(),
                MAX_SCENARIO_BYTES
            ),
            labels: Vec::new(),
            help: None,
        });
    }
    let budget = serde_saphyr::budget! {
        max_events: 200_000,
        max_aliases: 1_000,
        max_anchors: 1_000,
        max_nodes: 100_000,
        max_depth: 32,
        max_documents: 1,
        max_total_scalar_bytes: MAX_SCENARIO_BYTES,
        max_recorded_anchor_events: 20_000,
        max_recorded_anchor_bytes: MAX_SCENARIO_BYTES,
    };
    let options = serde_saphyr::options! { budget: budget };
    serde_saphyr::from_str_with_options::<ScenarioFile>(text, options).map_err(|error| {
        let span = error.location().and_then(|location| {
            let span = location.span();
            match (span.byte_offset(), span.byte_len()) {
                (Some(offset), Some(len)) if location.line() > 0 => Some(Span {
                    offset: offset as usize,
                    len: (len as usize).max(1),
                }),
                _ => None,
            }
        });
        let message = error.without_snippet().to_string();
        let mut message = message
            .lines()
            .next()
            .unwrap_or("the file is not a valid scenario")
            .to_string();
        // The span already says where.
        if let Some(at) = message.rfind(" at line ") {
            message.truncate(at);
        }
        for (library, plain) in [
            ("invalid u64", "expected a whole number"),
            ("invalid u32", "expected a whole number"),
            ("invalid i32", "expected a whole number"),
            ("invalid i64", "expected a whole number"),
        ] {
            if message.starts_with(library) {
                message = message.replacen(library, plain, 1);
            }
        }
        let mut help = "see docs/scenario-format.md for the format".to_string();
        if let Some(detail) = message.strip_prefix("budget breached: ") {
            message = format!("refused: the YAML goes beyond the limits of any real scenario ({detail})");
            help = "a scenario may use at most 1,000 aliases and anchors, 100,000 values and 32 levels of nesting".to_string();
        }
        if message.contains("unknown field") {
            help = format!(
                "inside {{ }} a comma ends a value, so quote a card name that has one: {{card: \"Qui-Gon Jinn, Jedi Mentor\"}}; {help}"
            );
        }
        Problem {
            severity: Severity::Error,
            code: "unreadable",
            message,
            labels: span.map(|span| (span, "here".to_string())).into_iter().collect(),
            help: Some(help),
        }
    })
}

/// Writes a scenario file as YAML.
pub fn to_yaml(file: &ScenarioFile) -> String {
    serde_saphyr::to_string(file)
        .unwrap_or_else(|error| format!("# cannot write the scenario: {error}\n"))
}
