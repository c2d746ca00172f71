//! What a scenario expects of the deploy procedure's walk: its part of `expect:`.

use super::events::DeployResult;
use crate::board::Board;
use crate::procedures::outcome::Unmet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::{Counters, DamageTotal};
use crate::scenario::ExpectFile;
use crate::scenario::{SideOrNone, ZonesBySide};

/// The expected outcome of a deploy.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployExpectation {
    /// Whether the deploy is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// The card deployed from the draw deck, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetched: Option<String>,
    /// The deploy counters left this turn (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_left: Option<Counters>,
    /// The DAMAGE the player takes as the penalty (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageTotal>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl ExpectFile for DeployExpectation {
    const KEY: &'static str = "deploy";
    const ABOUT: &'static str = "The outcome of a deploy.";
}

/// The differences between a deploy's result and what the scenario expects.
pub(super) fn unmet_deploy_expectations(
    expect: &DeployExpectation,
    result: &DeployResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    unmet.flag("refused", expect.refused, Some(result.refusal.is_some()));
    unmet.name(
        "fetched",
        expect.fetched.as_deref(),
        Some(result.fetched.as_deref().unwrap_or("none")),
    );
    if let Some(wanted) = expect.counters_left {
        let actual = result.counters_left;
        if actual.map(i64::from) != Some(wanted.get()) {
            unmet.push(format!(
                "counters left: expected {wanted}, got {}",
                actual.map_or("not counted".to_string(), |left| left.to_string())
            ));
        }
    }
    unmet.number(
        "damage",
        expect.damage.map(|damage| damage.get()),
        i64::from(result.damage),
    );
    unmet.deck_victory(expect.deck_victory, result.deck_victory);
    unmet.zones(expect.zones.as_ref(), board);
    unmet.into_lines()
}
