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
