//! What a scenario expects of the clash procedure's walk: its part of `expect:`.

use super::events::ClashResult;
use crate::cards::Side;
use crate::procedures::outcome::Unmet;
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

pub(super) fn clash_name(side: Option<Side>) -> ClashSideName {
    match side {
        Some(Side::Light) => ClashSideName::QuiGon,
        Some(Side::Dark) => ClashSideName::DarthMaul,
        None => ClashSideName::Draw,
    }
}

pub(super) fn clash_label(name: ClashSideName) -> &'static str {
    match name {
        ClashSideName::QuiGon => "qui-gon",
        ClashSideName::DarthMaul => "darth-maul",
        ClashSideName::Draw => "draw",
    }
}

/// The differences between a Clash walk's result and what the scenario expects.
pub(super) fn unmet_clash_expectations(
    expect: &ClashExpectation,
    result: &ClashResult,
) -> Vec<String> {
    let mut unmet = Unmet::new();
    let labels = |names: &[ClashSideName]| -> Vec<String> {
        names
            .iter()
            .map(|name| clash_label(*name).to_string())
            .collect()
    };
    let actual: Vec<ClashSideName> = result
        .battles
        .iter()
        .map(|battle| clash_name(battle.winner))
        .collect();
    unmet.list(
        "battles",
        expect.battles.as_deref().map(labels),
        labels(&actual),
    );
    if let Some(track) = expect.track
        && (track.qui_gon.get(), track.darth_maul.get())
            != (i64::from(result.track_light), i64::from(result.track_dark))
    {
        unmet.push(format!(
            "track: expected Qui-Gon on {} and Darth Maul on {}, got {} and {}",
            track.qui_gon, track.darth_maul, result.track_light, result.track_dark
        ));
    }
    if let Some(winner) = expect.game_winner {
        let actual = clash_name(result.game_winner);
        if winner != actual {
            unmet.push(format!(
                "game winner: expected {}, got {}",
                clash_label(winner),
                clash_label(actual)
            ));
        }
    }
    unmet.into_lines()
}
