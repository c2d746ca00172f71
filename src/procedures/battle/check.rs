//! What a battle's rules say of a position whose battle plans are stated: only Battle cards
//! go from the hand into a plan.

use super::section::BattleFile;
use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::legality::{Violation, card_in_battle_plan};
use crate::scenario::SectionFile;

/// The cards a stated plan inserts from the hand that are not Battle cards (those already in
/// the battle plan are the board's own finding).
pub fn stated_battle_cards(board: &Board) -> Vec<Violation> {
    let mut found = Vec::new();
    let Some(setup) = BattleFile::stated(board) else {
        return found;
    };
    for side in [Side::Light, Side::Dark] {
        let mut listed: std::collections::BTreeSet<CardId> =
            board.zone(Zone::BattlePlan(side)).iter().copied().collect();
        let stated = setup
            .plan(side)
            .into_iter()
            .flatten()
            .flat_map(|entry| entry.battle_cards.iter().copied());
        for id in stated {
            if listed.insert(id) {
                found.extend(card_in_battle_plan(board, side, id));
            }
        }
    }
    found
}
