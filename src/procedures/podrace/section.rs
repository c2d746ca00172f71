//! The `podrace:` section of a scenario: what the player whose turn it is deploys to his Objective in this Deploy step, and whether he has already thrust or refuelled in it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeSet;

use crate::board::{Board, CardId, SpanNote, Zone};
use crate::cards::{Card, Side};
use crate::scenario::{Builder, Located, SectionFile};

/// The Podrace part of a Deploy step; `action: podrace` walks it.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceFile {
    /// The cards he deploys from his hand to his Objective (a Podracer pilot, a Podracer
    /// Weapon card), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deploy: Vec<Located<String>>,
    /// He has already thrust in this Deploy step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub thrusted: bool,
    /// He has already refuelled in this Deploy step.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refueled: bool,
}

/// The Podrace part of the Deploy step of the player whose turn it is, as a scenario
/// states it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PodraceSetup {
    /// The cards he deploys from his hand to his Objective, in order.
    pub deploy: Vec<CardId>,
    /// He has already thrust in this Deploy step.
    pub thrusted: bool,
    /// He has already refuelled in this Deploy step.
    pub refueled: bool,
    pub span: SpanNote,
}

impl SectionFile for PodraceFile {
    const KEY: &'static str = "podrace";
    const ABOUT: &'static str = "The Podrace part of the Deploy step of the player whose turn it is (Young Jedi): the\ncards he deploys to his Objective, and whether he has already thrust or refuelled;\n`action: podrace` walks it.";
    type Stated = PodraceSetup;

    fn build(section: &Located<PodraceFile>, builder: &mut Builder<'_>) -> Option<PodraceSetup> {
        let file = &section.value;
        let side = builder.board.turn.unwrap_or(Side::Light);
        let mut taken = BTreeSet::new();
        let mut deploy = Vec::with_capacity(file.deploy.len());
        for name in &file.deploy {
            if let Some(card) = builder.find_in(
                &[Zone::Hand(side)],
                side,
                name,
                "card to deploy to the Objective",
                "podrace-card-not-in-hand",
                &mut taken,
            ) {
                deploy.push(card);
            }
        }
        Some(PodraceSetup {
            deploy,
            thrusted: file.thrusted,
            refueled: file.refueled,
            span: SpanNote(section.span),
        })
    }

    fn write(setup: &PodraceSetup, board: &Board) -> PodraceFile {
        PodraceFile {
            deploy: setup
                .deploy
                .iter()
                .map(|id: &CardId| {
                    Located::new(
                        board
                            .card(*id)
                            .map(Card::unambiguous_name)
                            .unwrap_or_default(),
                    )
                })
                .collect(),
            thrusted: setup.thrusted,
            refueled: setup.refueled,
        }
    }
}
