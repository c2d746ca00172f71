//! Named assumptions: what the program assumes where the rule sources are silent, each printed as such and never as rule text, with the values a scenario may choose.

use serde::Serialize;

/// A rule the engine applies where the sources are silent, printed as such.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, schemars::JsonSchema,
)]
pub struct Assumption {
    /// A stable name, such as `empty-hand-cannot-attack`.
    pub name: &'static str,
    /// What the engine assumes.
    pub text: &'static str,
}

/// A named assumption a procedure makes where the sources are silent, with the values a
/// scenario may choose under `assumptions:`; the first is the default.
#[derive(Clone, Copy, Debug)]
pub struct AssumptionSpec {
    pub assumption: Assumption,
    /// Each value a scenario may write, with what the engine then does.
    pub values: &'static [(&'static str, &'static str)],
}

impl AssumptionSpec {
    pub fn default_value(&self) -> &'static str {
        self.values.first().map_or("", |(value, _)| value)
    }
}

/// The scenario's choices of a procedure's named assumptions, checked against what it
/// declares.
#[derive(Clone, Debug, Default)]
pub struct Choices(pub Vec<(&'static str, &'static str)>);

impl Choices {
    /// The value chosen for an assumption, or its default.
    pub fn value(&self, specs: &[AssumptionSpec], name: &str) -> &'static str {
        self.0
            .iter()
            .find(|(chosen, _)| *chosen == name)
            .map(|(_, value)| *value)
            .or_else(|| {
                specs
                    .iter()
                    .find(|spec| spec.assumption.name == name)
                    .map(AssumptionSpec::default_value)
            })
            .unwrap_or("")
    }
}
