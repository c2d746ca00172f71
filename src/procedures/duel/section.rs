//! The `duel:` section of a scenario: a duel under way, as the judge finds it at the table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::PendingMove;
use crate::cards::Side;
use crate::ranged::{DeckSize, Hits};
use crate::scenario::{DeckFile, Entry, Located};

/// A duel under way: who fights with what, the dueling hands and piles, the hit tokens,
/// whose move it is and what is pending. `walk` with `action: duel` resumes it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelFile {
    /// Who initiated the duel: `light` or `dark`.
    pub initiator: Located<Side>,
    /// The player to move next.
    pub next: Located<Side>,
    /// What he is to do: `attack` (a fresh attack), `block` (answer the attack card on top
    /// of the other player's dueling pile), or `defeat` (his character has just been hit:
    /// is he defeated?).
    pub pending: Located<PendingMove>,
    /// The Light Side player's fighter, weapon, hits and dueling cards.
    pub light: Located<DuelistFile>,
    /// The Dark Side player's.
    pub dark: Located<DuelistFile>,
}

impl DuelFile {
    pub fn side(&self, side: Side) -> &Located<DuelistFile> {
        match side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }
}

/// One side of a duel under way.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelistFile {
    /// The dueling character: one of this player's characters in play, by name.
    pub fighter: Located<String>,
    /// The weapon he fights with, in play with him; left out, none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Located<String>>,
    /// Hit tokens on him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<Located<Hits>>,
    /// The dueling hand: its cards, or `{count: N}` for cards not known (their destiny
    /// numbers then come from the seed, as for a draw deck given as a count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Located<DeckFile>>,
    /// The dueling pile, the first card played first (the last is the attack card on top).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pile: Vec<Located<Entry>>,
    /// How many cards he drew for his dueling hand, if known; `check` holds the hand and
    /// pile to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn: Option<Located<DeckSize>>,
}
