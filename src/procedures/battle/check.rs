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

/// The Battle cards a stated plan inserts for a fight whose cards may not use them, by the
/// users their text names (an illegal play); a Warning where it cannot be told.
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
            let fighters: Vec<&crate::cards::Card> = entry
                .fighters
                .iter()
                .filter_map(|id| board.card(*id))
                .collect();
            let played = PlayedAt {
                planet,
                first_in_plan: at == 0,
            };
            for id in &entry.battle_cards {
                let Some(card) = board.card(*id) else {
                    continue;
                };
                found.extend(user_violation(board, *id, card, &fighters, played));
            }
        }
    }
    found
}

/// What the users of a Battle card say of its play for the fighters.
pub(super) fn user_violation(
    board: &Board,
    id: CardId,
    card: &crate::cards::Card,
    fighters: &[&crate::cards::Card],
    played: PlayedAt<'_>,
) -> Option<Violation> {
    let names = || {
        fighters
            .iter()
            .map(|fighter| fighter.full_name())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let users = card
        .text
        .battle_users
        .as_deref()
        .map(battle_users_words)
        .unwrap_or_default();
    // The users come from the card text files (their source), or from the scenario.
    let users_source = card
        .printed_text
        .as_ref()
        .map(|printed| &printed.source)
        .or(card.text_source.as_ref());
    let source = match users_source {
        Some(crate::cards::Source::Rule(id)) => format!(" (the card as {id} gives it)"),
        Some(crate::cards::Source::Outside(what)) => format!(" ({what})"),
        Some(crate::cards::Source::Scenario) => " (as the scenario declares)".to_string(),
        None => String::new(),
    };
    match may_use_battle_card(card, fighters, played) {
        Ok(None | Some(true)) => None,
        Ok(Some(false)) => Some(Violation {
            verdict: Verdict::Illegal,
            code: "battle-card-user",
            message: format!(
                "{} may not use {}: its text names its users as {users}{source}",
                names(),
                board.describe(id)
            ),
            basis: vec![Basis::Rule(BATTLE_CARD_USERS)],
            remedy: None,
            cards: vec![id],
            labels: card_label(board, id, format!("for {users} only")),
        }),
        Err(reason) => Some(Violation {
            verdict: Verdict::Warning,
            code: "battle-card-user-unknown",
            message: format!(
                "cannot tell whether {} may use {}: {reason}; its users are {users}{source}",
                names(),
                board.describe(id)
            ),
            basis: vec![Basis::Rule(BATTLE_CARD_USERS)],
            remedy: None,
            cards: vec![id],
            labels: card_label(board, id, "users not decided"),
        }),
    }
}
