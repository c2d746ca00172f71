//! Clash of the Lightsabers' battle, step by step: a battle won, and two Special cards that
//! cancel each other.

use super::ClashProcedure;
use crate::cards::Side;
use crate::clash::ClashBoard;
use crate::procedures::testing::{run, run_names};

#[test]
fn the_player_who_concedes_loses_the_battle() {
    let yaml = "game: clash\naction: battle\nseed: 1\n\
                clash:\n  qui-gon: {hand: [2, 2], planned: [3, 1, 1]}\n  \
                darth-maul: {hand: [1, 4], planned: [1, 2, 2]}\n\
                decisions:\n  darth-maul:\n    plays: [1, concede]\n";
    let (run, after, result): (_, ClashBoard, _) = run::<ClashProcedure>(yaml, "battle");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    assert_eq!(result.battles.len(), 1);
    assert_eq!(result.battles[0].winner, Some(Side::Light));
    assert!(after.conservation_holds());
}

#[test]
fn two_special_cards_flipped_at_once_cancel_each_other() {
    let yaml = "game: clash\naction: battle\nseed: 1\n\
                clash:\n  qui-gon: {hand: [3, 1], planned: [X2 Obi-Wan, 1, 1]}\n  \
                darth-maul: {hand: [2, 1], planned: [X2 Darth Sidious, 2, 2]}\n\
                decisions:\n  qui-gon:\n    plays: [3]\n  darth-maul:\n    plays: [2, concede]\n";
    let (run, _, result) = run::<ClashProcedure>(yaml, "battle");
    assert!(
        run_names(&run)
            .iter()
            .any(|name| name == "clash-specials-cancel"),
        "{:?}",
        run_names(&run)
    );
    assert_eq!(result.battles[0].winner, Some(Side::Light));
}

/// The battle's totals, taken up from the last sum as cards are played, always equal the sum
/// made anew: through plays, Special cards that double, cards discarded from anywhere in a
/// pile and the last card cancelled.
#[test]
fn the_totals_taken_up_card_by_card_are_the_totals_summed_anew() {
    use super::engine::ClashEngine;
    use super::events::ClashAction;
    use crate::clash::{ClashCard, Pile};
    let mut board = ClashBoard::new(7, crate::rules::Ruleset::latest());
    let specials: Vec<String> = board.effects.keys().cloned().collect();
    assert!(!specials.is_empty());
    let engine = ClashEngine::new(&board, ClashAction::Battle);
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % bound as u64).unwrap_or_default()
    };
    for _ in 0..3000 {
        let side = if next(2) == 0 {
            Side::Light
        } else {
            Side::Dark
        };
        let pile = Pile::Battle(side);
        match next(6) {
            0 if !board.pile(pile).is_empty() => {
                // A card discarded from anywhere in the pile.
                let at = next(board.pile(pile).len());
                let id = board.pile(pile)[at];
                board.move_from(id, pile, Pile::Discard(side));
            }
            1 if !board.pile(pile).is_empty() => {
                let id = *board.pile(pile).last().expect("a card");
                board.move_from(id, pile, Pile::Discard(side));
            }
            2 => {
                let name = specials[next(specials.len())].clone();
                board.add(pile, side, ClashCard::Special(name));
            }
            _ => {
                let value = i32::try_from(next(5) + 1).unwrap_or(1);
                board.add(pile, side, ClashCard::Power(value));
            }
        }
        // Read now and then, so that several changes lie between two sums.
        if next(3) != 0 {
            continue;
        }
        let fresh = ClashEngine::new(&board, ClashAction::Battle);
        for side in [Side::Light, Side::Dark] {
            assert_eq!(engine.total(&board, side), fresh.total(&board, side));
        }
    }
}

/// A play the rules refuse stops the walk at a decision that lists every card of the hand,
/// identical cards each in its place, though the player was offered one choice for each kind.
#[test]
fn a_refused_play_stops_at_every_card_of_the_hand() {
    let yaml = "game: clash\naction: battle\nseed: 1\n\
                clash:\n  qui-gon: {hand: [2, 2], planned: [3, 1, 1]}\n  \
                darth-maul: {hand: [1, 1, 4, 1], planned: [1, 2, 2]}\n\
                decisions:\n  darth-maul:\n    plays: [6]\n";
    let (run, _, _): (_, ClashBoard, _) = run::<ClashProcedure>(yaml, "battle");
    let Some(crate::engine::Stop::Undecided { decision, .. }) = &run.stop else {
        panic!("expected the play refused, got {:?}", run.stop);
    };
    let labels: Vec<&str> = decision.options.iter().map(|o| &*o.label).collect();
    assert_eq!(
        labels,
        [
            "Power 1",
            "Power 1",
            "Power 4",
            "Power 1",
            "concede the battle"
        ]
    );
    let mut cards: Vec<_> = decision.options.iter().filter_map(|o| o.card).collect();
    cards.sort();
    cards.dedup();
    assert_eq!(cards.len(), 4, "each card its own option");
    assert!(decision.more.is_empty());
}

/// A Clash game with big hands asks work linear in the hands: each play offers the kinds of
/// card in the hand, not every card.
#[test]
fn a_game_of_big_hands_asks_work_linear_in_them() {
    let game = |count: usize| {
        let hand = |start: usize| {
            (0..count)
                .map(|at| ((at * 3 + start) % 5 + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "game: clash\naction: game\nseed: 1\npolicy: strongest\n\
             clash:\n  specials:\n    Block: {{cancel_last: true}}\n    Jedi Knight: {{attack: 3}}\n    \
             Sith Lord: {{attack: 3}}\n    Life Drain: {{drain: 1}}\n    \
             Qui-Gon's Fury: {{attack: 4}}\n    Darth Maul's Rage: {{attack: 4}}\n  \
             qui-gon: {{hand: [{}]}}\n  darth-maul: {{hand: [{}]}}\n",
            hand(0),
            hand(2)
        )
    };
    crate::procedures::testing::assert_linear(150, |count| {
        crate::procedures::testing::decision_work::<ClashProcedure>(&game(count), "game")
    });
}
