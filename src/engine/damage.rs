//! DAMAGE shared by the procedures: game text that changes it, and taking it from the draw deck.

use crate::board::{Board, CardId, Planet, Zone};
use crate::cards::{ModifiedCards, ModifierTarget, Side};

use super::{Assumption, Move, describe_move, saturating_sum};
use crate::rules::Citation;

pub(crate) const DAMAGE_NOT_BELOW_ZERO: Assumption = Assumption {
    name: "damage-not-below-zero",
    text: "Game text that reduces damage does not take it below zero.",
};

/// The DAMAGE a sum of parts comes to, and the assumption that applies where game text takes
/// it below zero.
pub fn amount(parts: &[(String, i32)]) -> (i32, Option<Assumption>) {
    let sum = saturating_sum(parts);
    if sum < 0 {
        (0, Some(DAMAGE_NOT_BELOW_ZERO))
    } else {
        (sum, None)
    }
}

/// What kind of card was defeated, for the modifiers that name one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defeated {
    pub character: bool,
    pub starfighter: bool,
    pub transport: bool,
}

impl Defeated {
    pub const CHARACTER: Defeated = Defeated {
        character: true,
        starfighter: false,
        transport: false,
    };

    fn is(self, of: ModifiedCards) -> bool {
        match of {
            ModifiedCards::Characters => self.character,
            ModifiedCards::Starships => !self.character,
            ModifiedCards::Transports => self.transport,
            ModifiedCards::Starfighters => self.starfighter,
        }
    }
}

/// The game text in play (face up) that adds to or reduces the DAMAGE for a card of `loser`
/// of this kind: a part of the sum for each, "game text of CARD".
pub fn modifier_parts(
    board: &Board,
    loser: Side,
    defeated: Defeated,
    current_planet: Option<Planet>,
) -> Vec<(String, i32)> {
    let mut parts = Vec::new();
    let zones = board.zones_by_card();
    for instance in &board.cards {
        let Some(Some(zone)) = zones.get(instance.id.0 as usize) else {
            continue;
        };
        if !zone.in_play() || instance.face_down {
            continue;
        }
        let Some(card) = board.card(instance.id) else {
            continue;
        };
        let Some(modifier) = card.text.damage_modifier else {
            continue;
        };
        let whose = match modifier.applies_to {
            ModifierTarget::Own => instance.owner == loser,
            ModifierTarget::Opponent => instance.owner != loser,
        };
        let here = !modifier.at_current_planet
            || matches!((zone, current_planet), (Zone::InPlay(at, _), Some(current)) if *at == current);
        if whose && here && defeated.is(modifier.of) {
            parts.push((
                format!("game text of {}", card.full_name()),
                modifier.amount,
            ));
        }
    }
    parts
}

/// Takes `amount` DAMAGE: cards from the top of the draw deck to the discard pile (then lap
/// cards, the last played first, where the Boonta Eve rule is in force). Returns the cards
/// lost and whether the deck ran out.
pub fn take(
    board: &mut Board,
    side: Side,
    amount: i32,
    laps_rule: bool,
    moves: &mut Vec<Move>,
) -> (usize, bool) {
    let mut lost = 0;
    for _ in 0..amount.max(0) {
        let Some((id, from)) = next_of_deck(board, side, laps_rule) else {
            break;
        };
        moves.push(describe_move(board, id, from, Zone::DiscardPile(side)));
        board.move_to(id, Zone::DiscardPile(side));
        if let Some(instance) = board.instance_mut(id) {
            instance.handling_for = None;
        }
        lost += 1;
    }
    (lost, amount > 0 && deck_empty(board, side, laps_rule))
}

/// The Boonta Eve rule on lap cards, where damage took any of them.
pub fn lap_cards_cited(moves: &[Move]) -> Option<Citation> {
    (lap_cards_lost(moves) > 0).then_some(LAP_CARDS)
}

/// How many of the cards DAMAGE took were lap cards.
pub fn lap_cards_lost(moves: &[Move]) -> usize {
    moves
        .iter()
        .filter(|moved| moved.from.zone == Zone::PodracingPile(Side::Light).key())
        .count()
}

/// Where DAMAGE that reached the lap cards took its cards from, in words: "2 cards from the
/// top of his draw deck, then 3 lap cards, the last played first, to his discard pile; …".
pub fn lap_cards_phrase(lost: usize, lap_cards: usize, pile_left: usize) -> String {
    use crate::text::count;
    let from_deck = lost.saturating_sub(lap_cards);
    let deck = if from_deck == 0 {
        "his draw deck is exhausted, so ".to_string()
    } else {
        format!(
            "{} from the top of his draw deck, then ",
            count(from_deck as u64, "card")
        )
    };
    format!(
        "{deck}{}, the last played first, to his discard pile; his draw deck is empty and {} left in his Podracing pile.",
        count(lap_cards as u64, "lap card"),
        count(pile_left as u64, "card")
    )
}

/// Whether a count is zero, for fields a walk's JSON leaves out when so.
pub fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// Lap cards count as the draw deck once it is exhausted, the last played first.
pub const LAP_CARDS: Citation = crate::rules::cite("boonta.laps.not-in-play");

/// The card the draw deck gives up next, and where it is: its top card; once it is
/// exhausted, the last lap card played, where the Boonta Eve rule is in force.
pub fn next_of_deck(board: &Board, side: Side, laps_rule: bool) -> Option<(CardId, Zone)> {
    board
        .zone(Zone::DrawDeck(side))
        .first()
        .copied()
        .map(|id| (id, Zone::DrawDeck(side)))
        .or_else(|| {
            laps_rule
                .then(|| board.zone(Zone::PodracingPile(side)).last().copied())
                .flatten()
                .map(|id| (id, Zone::PodracingPile(side)))
        })
}

/// Whether the player has no draw deck left (nor lap cards, where they count as it).
pub fn deck_empty(board: &Board, side: Side, laps_rule: bool) -> bool {
    board.zone(Zone::DrawDeck(side)).is_empty()
        && (!laps_rule || board.zone(Zone::PodracingPile(side)).is_empty())
}
