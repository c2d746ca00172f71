//! What a scenario expects of the clash procedure's walk: its part of `expect:`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ranged::TrackCard;
use crate::scenario::ExpectFile;

/// A Clash of the Lightsabers player, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ClashSideName {
    QuiGon,
    DarthMaul,
    /// A battle that ended in a draw, or no one.
    #[serde(alias = "none")]
    Draw,
}

/// The expected outcome of a Clash walk.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashExpectation {
    /// The winner of each battle fought, in order (`draw` for a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<Vec<ClashSideName>>,
    /// The Final Duel card each figure stands on at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<ClashTrack>,
    /// Who won the game (`draw`: no one yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_winner: Option<ClashSideName>,
}

/// Positions on the Final Duel track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashTrack {
    #[serde(rename = "qui-gon")]
    pub qui_gon: TrackCard,
    #[serde(rename = "darth-maul")]
    pub darth_maul: TrackCard,
}

impl ExpectFile for ClashExpectation {
    const KEY: &'static str = "clash";
    const ABOUT: &'static str = "The outcome of a Clash of the Lightsabers walk.";
}
