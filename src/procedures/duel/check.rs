//! What `check` holds a position to around duels: hit tokens only on the fighters of a duel
//! under way, and a duel under way consistent with the rules it stands on.

use super::section::{DuelFile, Duelist, PendingMove};
use crate::board::{Board, CardId, Span, Step, Zone};
use crate::cards::{Card, CardType, Side};
use crate::legality::{Basis, Verdict, Violation};
use crate::procedures::duel::engine::{
    AT_THE_PLANET, BLOCK, DEFEAT, HAND_DRAW, HIT, INITIATION, NO_DEFEAT,
};
use crate::scenario::SectionFile;

/// A pass stated (in a duel under way, or by a player this turn) under rules with no pass:
/// the Decipher duel has none.
fn passes_without_the_rule(
    board: &Board,
    corpus: &crate::rules::Corpus,
    found: &mut Vec<Violation>,
) {
    if board.ruleset.in_force_id(corpus, super::engine::PASS.id()) {
        return;
    }
    let duel = DuelFile::stated(board);
    for side in [Side::Light, Side::Dark] {
        let in_duel = duel.filter(|duel| duel.side(side).passed);
        if in_duel.is_none() && !board.player(side).passed_in_duel {
            continue;
        }
        let span = in_duel
            .and_then(|duel| duel.side(side).span.0)
            .or(board.player(side).section_span.0);
        found.push(finding(
            "pass-without-the-rule",
            format!(
                "the scenario says the {side} player passed in a duel, and under {} a duel has no pass: the player whose turn it is to attack plays an attack card (the pass is the Players Committee's rule, in force under players-committee)",
                board.ruleset
            ),
            vec![Basis::Rule(super::engine::ATTACK)],
            span,
            "a pass",
        ));
    }
}

/// The code of the finding that refuses a walk: hit tokens with no duel to hold them.
pub const HITS_OUTSIDE_DUEL: &str = "hits-outside-duel";

/// Every finding about duels in the position.
pub fn check(board: &Board, corpus: &crate::rules::Corpus) -> Vec<Violation> {
    let mut found = Vec::new();
    hits_outside_duel(board, &mut found);
    passes_without_the_rule(board, corpus, &mut found);
    if let Some(duel) = DuelFile::stated(board) {
        let section = duel.span.0;
        if board.turn.is_some_and(|turn| turn != duel.initiator) || board.step != Some(Step::Battle)
        {
            found.push(finding(
                "duel-out-of-turn",
                format!(
                    "the {} player initiated the duel under way, but the position is not his Battle step",
                    duel.initiator
                ),
                vec![Basis::Rule(INITIATION)],
                section,
                "the duel under way",
            ));
        }
        for side in [Side::Light, Side::Dark] {
            duelist(board, side, duel.side(side), &mut found);
        }
        let defeat_pending = |side: Side| duel.pending == PendingMove::Defeat && duel.next == side;
        for side in [Side::Light, Side::Dark] {
            let fighter = duel.side(side).fighter;
            let hits = board.instance(fighter).map_or(0, |instance| instance.hits);
            if let Some(damage) = printed_damage(board, fighter)
                && i64::from(hits) >= i64::from(damage)
                && !defeat_pending(side)
            {
                found.push(finding(
                    "hits-at-damage",
                    format!(
                        "{} has {} against a printed DAMAGE of {damage}: he was defeated when the last one was placed, so the duel cannot still be going on unless his defeat is what is pending (`pending: defeat`, `next: {}`)",
                        name(board, fighter),
                        hit_tokens(hits),
                        side.word()
                    ),
                    vec![Basis::Rule(DEFEAT)],
                    hits_span(board, fighter).or(duel.side(side).span.0),
                    "hit tokens",
                ));
            }
        }
        if duel.pending == PendingMove::Block
            && board
                .zone(Zone::DuelingPile(duel.next.opponent()))
                .is_empty()
        {
            found.push(finding(
                "no-attack-to-block",
                format!(
                    "a block by the {} player is pending, but the {} dueling pile has no attack card on top",
                    duel.next,
                    duel.next.opponent()
                ),
                vec![Basis::Rule(BLOCK)],
                section,
                "the duel under way",
            ));
        }
    }
    found
}

fn finding(
    code: &'static str,
    message: String,
    basis: Vec<Basis>,
    span: Option<Span>,
    label: &str,
) -> Violation {
    Violation {
        verdict: Verdict::Illegal,
        code,
        message,
        basis,
        remedy: None,
        cards: Vec::new(),
        labels: span
            .map(|span| (span, label.to_string()))
            .into_iter()
            .collect(),
    }
}

fn hit_tokens(count: u32) -> String {
    if count == 1 {
        "1 hit token".to_string()
    } else {
        format!("{count} hit tokens")
    }
}

fn name(board: &Board, id: CardId) -> String {
    board.describe(id)
}

fn hits_span(board: &Board, id: CardId) -> Option<Span> {
    board
        .instance(id)
        .and_then(|instance| instance.provenance.hits.or(instance.provenance.card()))
}

fn printed_damage(board: &Board, id: CardId) -> Option<i32> {
    board.card(id).and_then(Card::damage)
}

/// Hit tokens are placed on the dueling characters during a duel and removed when it ends:
/// on any other card, or with no duel under way, they have no place.
fn hits_outside_duel(board: &Board, found: &mut Vec<Violation>) {
    let fighters: Vec<CardId> = DuelFile::stated(board)
        .into_iter()
        .flat_map(|duel| [duel.light.fighter, duel.dark.fighter])
        .collect();
    for instance in &board.cards {
        if instance.hits == 0 || fighters.contains(&instance.id) {
            continue;
        }
        let message = if DuelFile::stated(board).is_some() {
            format!(
                "{} has {} but is not fighting in the duel under way: hit tokens go only on the dueling characters",
                name(board, instance.id),
                hit_tokens(instance.hits)
            )
        } else {
            format!(
                "{} has {}, but no duel is under way: hit tokens are placed during a duel and removed when it ends; state the duel under `duel:` or take the tokens off",
                name(board, instance.id),
                hit_tokens(instance.hits)
            )
        };
        let mut violation = finding(
            HITS_OUTSIDE_DUEL,
            message,
            vec![Basis::Rule(HIT), Basis::Rule(NO_DEFEAT)],
            hits_span(board, instance.id),
            "hit tokens",
        );
        violation.cards.push(instance.id);
        found.push(violation);
    }
}

/// One side of a duel under way: a character at the current planet, with his weapon there,
/// and no more dueling cards than he drew.
fn duelist(board: &Board, side: Side, duelist: &Duelist, found: &mut Vec<Violation>) {
    let span = duelist.span.0;
    let planet = board.current_planet;
    for (role, id) in std::iter::once(("fighter", duelist.fighter))
        .chain(duelist.weapon.map(|weapon| ("weapon", weapon)))
    {
        let zone = board.zone_of(id);
        let at_current = planet.is_some_and(|planet| zone == Some(Zone::InPlay(planet, side)));
        if !at_current {
            found.push(finding(
                "duelist-not-at-current-planet",
                format!(
                    "the {side} {role}, {}, is not at the current planet{}, where the duel takes place",
                    name(board, id),
                    planet.map(|planet| format!(" ({planet})")).unwrap_or_default()
                ),
                vec![
                    Basis::Rule(INITIATION),
                    Basis::Assumption(AT_THE_PLANET.text.to_string()),
                ],
                board
                    .instance(id)
                    .and_then(|instance| instance.provenance.card())
                    .or(span),
                "not at the current planet",
            ));
        }
    }
    if board.card(duelist.fighter).is_some_and(|card| {
        card.card_type()
            .is_some_and(|kind| kind != CardType::Character)
    }) {
        found.push(finding(
            "fighter-not-a-character",
            format!(
                "the {side} fighter, {}, is not a character",
                name(board, duelist.fighter)
            ),
            vec![Basis::Rule(INITIATION)],
            span,
            "the fighter",
        ));
    }
    if let Some(drawn) = duelist.drawn {
        let held =
            board.zone(Zone::DuelingHand(side)).len() + board.zone(Zone::DuelingPile(side)).len();
        if held > drawn as usize {
            found.push(finding(
                "dueling-cards-over-drawn",
                format!(
                    "the {side} player has {held} dueling cards (hand and pile) but drew {drawn}"
                ),
                vec![Basis::Rule(HAND_DRAW)],
                span,
                "more cards than were drawn",
            ));
        }
    }
}
