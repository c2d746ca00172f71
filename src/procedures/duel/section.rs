//! The `duel:` section of a scenario: a duel under way, as the judge finds it at the table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::{Board, CardId, SpanNote, Zone};
use crate::cards::Side;
use crate::ranged::{DeckSize, Hits};
use crate::scenario::{Builder, DeckFile, Entry, Located, Problem, SectionFile};

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
    /// Under the Players Committee's rules: he has passed in this duel, and may only block.
    #[serde(default, skip_serializing_if = "is_false")]
    pub passed: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// What is to happen next in a duel under way, as a scenario writes it (`attack`, `block`
/// or `defeat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PendingMove {
    /// A fresh attack.
    Attack,
    /// A block of the attack card on top of the other player's dueling pile.
    Block,
    /// The check whether the character just hit is defeated.
    Defeat,
}

impl PendingMove {
    pub const ALL: [PendingMove; 3] =
        [PendingMove::Attack, PendingMove::Block, PendingMove::Defeat];

    /// The word a scenario writes for it.
    pub fn key(self) -> &'static str {
        match self {
            PendingMove::Attack => "attack",
            PendingMove::Block => "block",
            PendingMove::Defeat => "defeat",
        }
    }

    /// The pending move a word names.
    pub fn from_key(word: &str) -> Option<PendingMove> {
        PendingMove::ALL
            .into_iter()
            .find(|pending| pending.key() == word)
    }
}

/// One side of a duel under way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duelist {
    /// The dueling character.
    pub fighter: CardId,
    /// The weapon he uses, if any.
    pub weapon: Option<CardId>,
    /// How many cards were drawn into the dueling hand, if the scenario says.
    pub drawn: Option<u32>,
    /// He has passed (the Players Committee's rules).
    pub passed: bool,
    /// Where the side's part of the duel was written.
    pub span: SpanNote,
}

/// A duel under way, as a scenario states it: who fights with what, who initiated it, whose
/// move it is and what is pending. The dueling hands and piles are zones; hit tokens are on
/// the fighters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuelInProgress {
    pub initiator: Side,
    pub light: Duelist,
    pub dark: Duelist,
    /// The player to move.
    pub next: Side,
    pub pending: PendingMove,
    /// Where the duel section was written.
    pub span: SpanNote,
}

impl DuelInProgress {
    pub fn side(&self, side: Side) -> &Duelist {
        match side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }

    pub fn side_mut(&mut self, side: Side) -> &mut Duelist {
        match side {
            Side::Light => &mut self.light,
            Side::Dark => &mut self.dark,
        }
    }
}

impl SectionFile for DuelFile {
    const KEY: &'static str = "duel";
    const ABOUT: &'static str =
        "A lightsaber duel under way (Young Jedi): `action: duel` resumes it.";
    type Stated = DuelInProgress;

    /// A duel under way: the dueling hands and piles, each side's fighter and weapon found
    /// among the cards in play, and the hit tokens on the fighters.
    fn build(section: &Located<DuelFile>, builder: &mut Builder<'_>) -> Option<DuelInProgress> {
        let duel = &section.value;
        let mut duelists = Vec::with_capacity(2);
        for side in [Side::Light, Side::Dark] {
            duelists.push(duelist(builder, side, duel.side(side)));
        }
        let [Some(light), Some(dark)] = duelists[..] else {
            return None;
        };
        Some(DuelInProgress {
            initiator: duel.initiator.value,
            light,
            dark,
            next: duel.next.value,
            pending: duel.pending.value,
            span: SpanNote(section.span),
        })
    }

    /// A duel under way as the scenario's `duel:` section. The fighters' hit tokens stay on
    /// their cards in play.
    fn write(duel: &DuelInProgress, board: &Board) -> DuelFile {
        let side = |side: Side| {
            let duelist = duel.side(side);
            Located::new(DuelistFile {
                fighter: Located::new(
                    board
                        .card(duelist.fighter)
                        .map(crate::cards::Card::full_name)
                        .unwrap_or_default(),
                ),
                weapon: duelist
                    .weapon
                    .and_then(|weapon| board.card(weapon))
                    .map(|weapon| Located::new(weapon.full_name())),
                hits: None,
                hand: Some(Located::new(DeckFile::Cards(crate::scenario::entries(
                    board,
                    Zone::DuelingHand(side),
                )))),
                pile: crate::scenario::entries(board, Zone::DuelingPile(side)),
                drawn: duelist
                    .drawn
                    .map(|drawn| Located::new(DeckSize::saturating(i64::from(drawn)))),
                passed: duelist.passed,
            })
        };
        DuelFile {
            initiator: Located::new(duel.initiator),
            next: Located::new(duel.next),
            pending: Located::new(duel.pending),
            light: side(Side::Light),
            dark: side(Side::Dark),
        }
    }
}

/// One side of a duel under way, its cards placed on the board.
fn duelist(builder: &mut Builder<'_>, side: Side, file: &Located<DuelistFile>) -> Option<Duelist> {
    let DuelistFile {
        fighter,
        weapon,
        hits,
        hand,
        pile,
        drawn,
        passed,
    } = &file.value;
    if let Some(hand) = hand {
        match &hand.value {
            DeckFile::Cards(entries) => builder.place_all(Zone::DuelingHand(side), side, entries),
            DeckFile::Count(count) => {
                builder.seeded_cards(Zone::DuelingHand(side), side, count.count.value.u32());
            }
        }
    }
    builder.place_all(Zone::DuelingPile(side), side, pile);
    let weapon = match weapon {
        Some(weapon) => Some(builder.in_play(side, weapon, "weapon")?),
        None => None,
    };
    let fighter: CardId = builder.in_play(side, fighter, "fighter")?;
    if let Some(hits) = hits {
        let mut given_twice = false;
        if let Some(instance) = builder.board.instance_mut(fighter) {
            given_twice = instance.hits > 0;
            instance.hits = hits.value.u32();
            instance.provenance.hits = hits.span;
        }
        if given_twice {
            builder.problems.push(
                Problem::error(
                    "hits-given-twice",
                    "the fighter's hit tokens are given both here and on his card in play"
                        .to_string(),
                    hits.span,
                    "given again here",
                )
                .with_help("keep one of the two"),
            );
        }
    }
    Some(Duelist {
        fighter,
        weapon,
        drawn: drawn.as_ref().map(|drawn| drawn.value.u32()),
        passed: *passed,
        span: SpanNote(file.span),
    })
}
