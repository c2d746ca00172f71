//! The `new_location:` section of a scenario: where the first location of a planet goes into play, who put it down, and when.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::events::Occasion;
use crate::board::{Board, Planet, SpanNote};
use crate::cards::Side;
use crate::scenario::{Builder, Located, SectionFile};

/// The `new_location:` section: where, who put the location down, and when.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLocationFile {
    /// The planet; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planet: Option<Located<String>>,
    /// The player who put the first location into play, and gets his Effect first; left
    /// out, the player whose turn it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Located<Side>>,
    /// `new-planet` (the default), `start-of-game` (right after both players draw their
    /// starting hands) or `took-control` (a player takes control of a planet).
    #[serde(default, skip_serializing_if = "is_new_planet")]
    pub occasion: Occasion,
}

fn is_new_planet(occasion: &Occasion) -> bool {
    *occasion == Occasion::NewPlanet
}

/// The first location of a planet going into play, as a scenario states it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewLocationSetup {
    /// The planet; `None`: the current planet.
    pub planet: Option<Planet>,
    /// The player who put the location down; `None`: the player whose turn it is.
    pub by: Option<Side>,
    pub occasion: Occasion,
    pub span: SpanNote,
}

impl SectionFile for NewLocationFile {
    const KEY: &'static str = "new_location";
    const ABOUT: &'static str = "The first location of a planet going into play (Young Jedi): `action: new-location`\nwalks each player's getting an Effect from his draw deck.";
    type Stated = NewLocationSetup;

    fn build(
        section: &Located<NewLocationFile>,
        builder: &mut Builder<'_>,
    ) -> Option<NewLocationSetup> {
        let planet = section
            .value
            .planet
            .as_ref()
            .and_then(|planet| builder.planet(planet));
        Some(NewLocationSetup {
            planet,
            by: section.value.by.as_ref().map(|side| side.value),
            occasion: section.value.occasion,
            span: SpanNote(section.span),
        })
    }

    fn write(setup: &NewLocationSetup, _board: &Board) -> NewLocationFile {
        NewLocationFile {
            planet: setup
                .planet
                .map(|planet: Planet| Located::new(planet.name().to_string())),
            by: setup.by.map(Located::new),
            occasion: setup.occasion,
        }
    }
}
