//! What a battle's rules say of a position whose battle plans are stated: only Battle cards
//! go from the hand into a plan, and a Battle card works only for the users its text names.

use super::section::BattleFile;
use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::cards::users::{PlayedAt, battle_users_words, may_use_battle_card};
use crate::legality::{Basis, Verdict, Violation, card_in_battle_plan, card_label};
use crate::rules::{Citation, cite};

/// The FAQ's ruling that a Battle card works only with the users its text names ("In Complete
/// Control" works only with "any [diamond] battle droid").
pub(super) const BATTLE_CARD_USERS: Citation = cite("battle.stap-battle-droid-squad");
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

/// The Battle cards a stated plan inserts for a fight where it cannot be told whether its
/// cards may use them: a warning (an illegal play is a plan problem, which the walk and
/// `check` share).
pub fn stated_battle_card_users(board: &Board) -> Vec<Violation> {
    let mut found = Vec::new();
    let Some(setup) = BattleFile::stated(board) else {
        return found;
    };
    let planet = setup
        .planet
        .or(board.current_planet)
        .map(|planet| planet.name());
    for side in [Side::Light, Side::Dark] {
        for (at, entry) in setup.plan(side).into_iter().flatten().enumerate() {
            let (fighters, played) = entry_users(board, &entry.fighters, planet, at);
            for id in &entry.battle_cards {
                let Some(card) = board.card(*id) else {
                    continue;
                };
                let Err(reason) = may_use_battle_card(card, &fighters, played) else {
                    continue;
                };
                let users = card
                    .text
                    .battle_users
                    .as_deref()
                    .map(battle_users_words)
                    .unwrap_or_default();
                let names: Vec<String> = fighters.iter().map(|card| card.full_name()).collect();
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "battle-card-user-unknown",
                    message: format!(
                        "cannot tell whether {} may use {}: {reason}; its users are {users}{}",
                        names.join(" and "),
                        board.describe(*id),
                        users_source(card)
                    ),
                    basis: vec![Basis::Rule(BATTLE_CARD_USERS)],
                    remedy: None,
                    cards: vec![*id],
                    labels: card_label(board, *id, "users not decided"),
                });
            }
        }
    }
    found
}

/// The cards of a plan entry, and where a Battle card inserted for them is played: the
/// planet of the fight, and whether the entry (at `position`) is the first of its plan.
pub(super) fn entry_users<'b>(
    board: &'b Board,
    fighters: &[CardId],
    planet: Option<&'static str>,
    position: usize,
) -> (Vec<&'b crate::cards::Card>, PlayedAt<'static>) {
    let cards = fighters.iter().filter_map(|id| board.card(*id)).collect();
    (
        cards,
        PlayedAt {
            planet,
            first_in_plan: position == 0,
        },
    )
}

/// Where a Battle card's users were read, as words in parentheses: the card text files'
/// source, or the scenario's.
pub(super) fn users_source(card: &crate::cards::Card) -> String {
    let source = card
        .printed_text
        .as_ref()
        .map(|printed| &printed.source)
        .or(card.text_source.as_ref());
    match source {
        Some(crate::cards::Source::Rule(id)) => format!(" (the card as {id} gives it)"),
        Some(crate::cards::Source::Outside(what)) => format!(" ({what})"),
        Some(crate::cards::Source::Scenario) => " (as the scenario declares)".to_string(),
        None => String::new(),
    }
}
