//! The `deploy:` section of a scenario: the card the player whose turn it is deploys from his hand, where, and whether hidden.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeSet;

use crate::board::{Board, CardId, Planet, SpanNote, Zone};
use crate::cards::{Card, Side};
use crate::scenario::{Builder, Located, SectionFile};

/// A card being deployed; `action: deploy` walks it and what its text then deploys from the
/// draw deck.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployFile {
    /// The card, in the hand of the player whose turn it is.
    pub card: Located<String>,
    /// The planet it deploys to; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Located<String>>,
    /// Deployed face down.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A card being deployed, as a scenario states it.
#[derive(Clone, Debug, PartialEq)]
pub struct DeploySetup {
    /// The card, in the hand of the player whose turn it is.
    pub card: CardId,
    /// Where it deploys; `None`: the current planet.
    pub to: Option<Planet>,
    /// Face down.
    pub hidden: bool,
    /// Where the scenario names the card.
    pub span: SpanNote,
}

impl SectionFile for DeployFile {
    const KEY: &'static str = "deploy";
    const ABOUT: &'static str = "A card being deployed (Young Jedi): `action: deploy` walks it, and what its game text\nthen deploys from the draw deck.";
    type Stated = DeploySetup;

    fn build(section: &Located<DeployFile>, builder: &mut Builder<'_>) -> Option<DeploySetup> {
        let file = &section.value;
        let side = builder.board.turn.unwrap_or(Side::Light);
        let to = file.to.as_ref().and_then(|planet| builder.planet(planet));
        let mut taken = BTreeSet::new();
        let card = builder.find_in(
            &[Zone::Hand(side)],
            side,
            &file.card,
            "card to deploy",
            "deploy-card-not-in-hand",
            &mut taken,
        )?;
        Some(DeploySetup {
            card,
            to,
            hidden: file.hidden,
            span: SpanNote(file.card.span.or(section.span)),
        })
    }

    fn write(setup: &DeploySetup, board: &Board) -> DeployFile {
        DeployFile {
            card: Located::new(
                board
                    .card(setup.card)
                    .map(Card::unambiguous_name)
                    .unwrap_or_default(),
            ),
            to: setup
                .to
                .map(|planet: Planet| Located::new(planet.name().to_string())),
            hidden: setup.hidden,
        }
    }
}
