//! Scenario files: YAML in (with spans for diagnostics, limits against hostile input) and out, and the board they describe.

mod build;
mod clash_build;
mod file;
mod located;
mod problems;
mod read;
mod sections;
mod write;

pub use build::{Builder, Built, build};
pub use clash_build::{BuiltClash, build_clash};
pub use file::{
    ActionName, AssumptionChoices, BestExpectation, CardEntry, ChanceBySide, ClashFile,
    ClashPlayerFile, DamageBySide, DamageExpectation, Decisions, DeckCount, DeckFile, Declaration,
    Entry, Expectation, GameName, LapEntry, ObjectiveFile, OddsExpectation, OddsMethod, PlanetFile,
    PlayerFile, PodraceTextFile, ScenarioFile, SideDecisions, SideOrNone, TraitsFile, ZonesBySide,
};
pub use located::{Located, OrderedMap};
pub use problems::{Omitted, Problem, Problems, Severity};
pub use read::{
    ALIASES_PER_ANCHOR, MAX_ALIASES, MAX_DEPTH, MAX_SCENARIO_BYTES, MAX_VALUES, RATIO_FROM, parse,
};
pub use sections::{
    ExpectFile, ExpectFormat, Expected, Format, FormatOf, Part, PartFormat, Parts, ReadPart,
    Section, SectionFile, SectionFormat, schema,
};
pub use write::{entries, to_file};

/// Writes a scenario file as YAML.
pub fn to_yaml(file: &ScenarioFile) -> String {
    serde_saphyr::to_string(file)
        .unwrap_or_else(|error| format!("# cannot write the scenario: {error}\n"))
}

pub use crate::ranged::StatInput;
