//! Scenario files: YAML in (with spans for diagnostics, limits against hostile input) and out, and the board they describe.

mod build;
mod clash_build;
mod file;
mod located;
mod problems;
mod read;
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
pub use read::{
    ALIASES_PER_ANCHOR, MAX_ALIASES, MAX_DEPTH, MAX_SCENARIO_BYTES, MAX_VALUES, RATIO_FROM, parse,
};
pub use write::to_file;

/// Reads a scenario file: at most one byte more than the limit is read from anything (a
/// regular file, a FIFO, `/dev/zero`), so an endless source is refused, not exhausted.
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let limit = MAX_SCENARIO_BYTES;
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

/// Writes a scenario file as YAML.
pub fn to_yaml(file: &ScenarioFile) -> String {
    serde_saphyr::to_string(file)
        .unwrap_or_else(|error| format!("# cannot write the scenario: {error}\n"))
}
