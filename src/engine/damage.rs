//! DAMAGE shared by the procedures: game text that changes it, and taking it from the draw deck.

use crate::board::{Board, CardId, Planet, Zone};
use crate::cards::{Card, ModifiedCards, ModifierTarget, Side};

use super::{Assumption, MissingFact, Move, Words, move_said, saturating_sum};
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

/// A card defeated in a fight: what kind it is, the card, its id and the weapons it used.
#[derive(Clone, Copy, Debug)]
pub struct DefeatedCard<'a> {
    pub kind: Defeated,
    pub card: &'a Card,
    pub id: CardId,
    /// The weapons it fought with (none where a Force push cancelled them).
    pub weapons: &'a [CardId],
    /// The cards that defeated it (none in a tie).
    pub by: &'a [CardId],
}

/// The game text in play (face up) that adds to or reduces the DAMAGE for `defeated`, a card
/// of `loser`: a part of the sum for each, "game text of CARD"; and whether an Effect's text is
/// among them (it acts at its planet, the current one). `boonta`: whether the Boonta Eve rule
/// on Anakin and Sebulba is in force, for text that names Podracer pilots.
pub fn modifier_parts(
    board: &Board,
    loser: Side,
    defeated: DefeatedCard<'_>,
    current_planet: Option<Planet>,
    boonta: bool,
) -> Result<(Vec<(String, i32)>, bool), MissingFact> {
    let DefeatedCard {
        kind,
        card: defeated_card,
        id: defeated_id,
        weapons,
        by,
    } = defeated;
    let mut parts = Vec::new();
    let mut effect = false;
    // Most positions hold no card whose text modifies DAMAGE: the zones are read only if one
    // does.
    let mut zones = None;
    for instance in &board.cards {
        let Some(card) = board.card(instance.id) else {
            continue;
        };
        let Some(modifier) = &card.text.damage_modifier else {
            continue;
        };
        let zones = zones.get_or_insert_with(|| board.zones_by_card());
        let Some(Some(zone)) = zones.get(instance.id.0 as usize) else {
            continue;
        };
        if !zone.in_play() || instance.face_down {
            continue;
        }
        let whose = match modifier.applies_to {
            ModifierTarget::Own => instance.owner == loser,
            ModifierTarget::Opponent => instance.owner != loser,
            ModifierTarget::Any => true,
        };
        let here = !modifier.at_current_planet
            || matches!((zone, current_planet), (Zone::InPlay(at, _), Some(current)) if *at == current);
        let itself = !modifier.own_card || instance.id == defeated_id;
        let defeated_by_it = !modifier.defeated_by_it || by.contains(&instance.id);
        let using = modifier.while_using.as_ref().is_none_or(|wanted| {
            weapons.iter().any(|weapon| {
                board
                    .card(*weapon)
                    .is_some_and(|weapon| crate::cards::users::weapon_is(wanted, weapon))
            })
        });
        if whose
            && here
            && itself
            && defeated_by_it
            && using
            && kind.is(modifier.of)
            && (modifier.only.is_empty()
                || super::effects::is_one_of(defeated_card, &modifier.only, boonta)?)
        {
            effect |= modifier.at_current_planet && card.acts_as_effect();
            parts.push((
                format!("game text of {}", card.full_name()),
                modifier.amount,
            ));
        }
    }
    Ok((parts, effect))
}

/// What a draw deck gave up (to DAMAGE, or to a draw), and what it has left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Taken {
    /// The cards it gave up.
    pub lost: usize,
    pub deck_left: usize,
    /// Of those, the lap cards (the draw deck exhausted).
    #[serde(skip_serializing_if = "is_zero")]
    pub lap_cards: usize,
    /// The lap cards left, where it reached them.
    #[serde(skip_serializing_if = "is_zero")]
    pub pile_left: usize,
    /// Cards were asked for and nothing is left, lap cards included: deck victory for the
    /// opponent.
    #[serde(skip)]
    pub ran_out: bool,
}

impl Taken {
    /// The Boonta Eve rule on lap cards, where it reached them.
    pub fn lap_cards_cited(&self) -> Option<Citation> {
        (self.lap_cards > 0).then_some(LAP_CARDS)
    }

    /// Where DAMAGE that reached the lap cards took its cards from, as a sentence: "He
    /// discards 2 cards from the top of his draw deck, then 3 lap cards, the last played
    /// first; …".
    pub fn lap_cards_phrase(&self) -> String {
        use crate::text::count;
        let from_deck = self.lost.saturating_sub(self.lap_cards);
        let deck = if from_deck == 0 {
            "His draw deck is exhausted, so he discards ".to_string()
        } else {
            format!(
                "He discards {} from the top of his draw deck, then ",
                count(from_deck as u64, "card")
            )
        };
        let left = match self.pile_left {
            0 => "none is left".to_string(),
            1 => "1 card is left".to_string(),
            cards => format!("{cards} cards are left"),
        };
        format!(
            "{deck}{}, the last played first; his draw deck is empty, and {left} in his Podracing pile.",
            count(self.lap_cards as u64, "lap card"),
        )
    }
}

/// Takes `amount` DAMAGE: cards from the top of the draw deck to the discard pile (then lap
/// cards, the last played first, where the Boonta Eve rule is in force).
pub fn take(
    board: &mut Board,
    side: Side,
    amount: i32,
    laps_rule: bool,
    moves: &mut Vec<Move>,
    words: Words,
) -> Taken {
    let count = usize::try_from(amount).unwrap_or(0);
    give_up(
        board,
        side,
        count,
        laps_rule,
        Zone::DiscardPile(side),
        moves,
        words,
    )
}

/// Draws `count` cards into the hand, as Even Up does: from the top of the draw deck, then
/// lap cards, the last played first, where the Boonta Eve rule is in force.
pub fn draw(
    board: &mut Board,
    side: Side,
    count: usize,
    laps_rule: bool,
    moves: &mut Vec<Move>,
    words: Words,
) -> Taken {
    give_up(
        board,
        side,
        count,
        laps_rule,
        Zone::Hand(side),
        moves,
        words,
    )
}

/// Moves up to `count` cards of `side`'s draw deck (and then of the lap cards, where
/// `laps_rule`) to `to`; the moves are said in words if anyone reads them.
fn give_up(
    board: &mut Board,
    side: Side,
    count: usize,
    laps_rule: bool,
    to: Zone,
    moves: &mut Vec<Move>,
    words: Words,
) -> Taken {
    let mut taken = Taken::default();
    for _ in 0..count {
        let Some((id, from)) = next_of_deck(board, side, laps_rule) else {
            break;
        };
        moves.push(move_said(words, board, id, from, to));
        board.move_to(id, to);
        taken.lost += 1;
        if matches!(from, Zone::PodracingPile(_)) {
            taken.lap_cards += 1;
        }
    }
    taken.deck_left = board.zone(Zone::DrawDeck(side)).len();
    if taken.lap_cards > 0 {
        taken.pile_left = board.zone(Zone::PodracingPile(side)).len();
    }
    taken.ran_out = count > 0 && deck_empty(board, side, laps_rule);
    taken
}

/// Whether a count is zero, for fields a walk's JSON leaves out when so.
pub fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// Lap cards count as the draw deck once it is exhausted, the last played first.
pub const LAP_CARDS: Citation = crate::rules::cite("boonta.laps.not-in-play");

/// The card the draw deck gives up next, and where it is: its top card; once it is
/// exhausted, the last lap card played, where the Boonta Eve rule is in force.
fn next_of_deck(board: &Board, side: Side, laps_rule: bool) -> Option<(CardId, Zone)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::rules::Ruleset;

    /// A board whose dark player has `deck` (top first) and `pile` (in the order played).
    fn board(deck: &[i32], pile: &[i32]) -> (Board, Vec<CardId>, Vec<CardId>) {
        let mut board = Board::new(Ruleset::latest(), 0);
        let add = |board: &mut Board, zone: Zone, destinies: &[i32]| -> Vec<CardId> {
            destinies
                .iter()
                .map(|destiny| {
                    let definition = board.define(Card::anonymous(*destiny));
                    board.add(zone, definition, Side::Dark)
                })
                .collect()
        };
        let deck = add(&mut board, Zone::DrawDeck(Side::Dark), deck);
        let pile = add(&mut board, Zone::PodracingPile(Side::Dark), pile);
        (board, deck, pile)
    }

    #[test]
    fn damage_reaches_the_lap_cards_only_once_the_deck_is_exhausted_the_last_played_first() {
        let (mut board, deck, pile) = board(&[5, 6], &[1, 2, 3]);
        let mut moves = Vec::new();
        let taken = take(&mut board, Side::Dark, 4, true, &mut moves, Words::Read);
        assert_eq!((taken.lost, taken.lap_cards, taken.pile_left), (4, 2, 1));
        assert!(!taken.ran_out);
        let discarded = board.zone(Zone::DiscardPile(Side::Dark));
        assert_eq!(discarded, [deck[0], deck[1], pile[2], pile[1]]);
        assert_eq!(board.zone(Zone::PodracingPile(Side::Dark)), [pile[0]]);
        assert_eq!(moves.len(), 4);
        assert!(board.conservation_holds());
    }

    #[test]
    fn without_the_boonta_eve_rule_the_lap_cards_are_never_taken() {
        let (mut board, _, pile) = board(&[5], &[1, 2]);
        let taken = take(
            &mut board,
            Side::Dark,
            3,
            false,
            &mut Vec::new(),
            Words::Read,
        );
        assert_eq!((taken.lost, taken.lap_cards), (1, 0));
        assert!(
            taken.ran_out,
            "the deck ran out: deck victory for the opponent"
        );
        assert_eq!(board.zone(Zone::PodracingPile(Side::Dark)), pile);
    }

    #[test]
    fn game_text_that_takes_damage_below_zero_stops_at_zero_by_the_named_assumption() {
        let parts = [("printed".to_string(), 2), ("game text".to_string(), -5)];
        let (damage, assumed) = amount(&parts);
        assert_eq!(damage, 0);
        assert_eq!(
            assumed.map(|assumption| assumption.name),
            Some("damage-not-below-zero")
        );
        assert_eq!(amount(&parts[..1]), (2, None));
    }
}
