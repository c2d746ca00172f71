//! What the Deploy step's rules say of a position: the deploy counters used this turn
//! against the counters a player has each turn.

use crate::board::{Board, CardId, Span, Zone};
use crate::cards::{Side, StatValue};
use crate::engine::deploy::COUNTERS_PER_TURN;
use crate::legality::{Basis, Verdict, Violation};

/// The counters a turn holds under the named assumption's default.
const COUNTERS_A_TURN: i64 = 6;

/// A player who has used more deploy counters this turn than he has: those the position
/// states (`counters_spent`), or, if more, those of the cards it marks deployed this turn.
/// Hidden cards worth more than six are left to the FAQ's ruling on them.
pub fn counters_over_allowance(board: &Board) -> Vec<Violation> {
    let mut found = Vec::new();
    for side in [Side::Light, Side::Dark] {
        let mut deployed: Vec<(CardId, i64)> = Vec::new();
        let zones = board
            .planets
            .iter()
            .map(|planet| Zone::InPlay(*planet, side))
            .chain([Zone::AtObjective(side), Zone::Hyperspace(side)]);
        for zone in zones {
            for &id in board.zone(zone) {
                let marked = board
                    .instance(id)
                    .is_some_and(|instance| instance.deployed_this_turn);
                if !marked {
                    continue;
                }
                if let Some(StatValue::Number(counters)) = board
                    .card(id)
                    .and_then(|card| card.stats.deploy.as_ref())
                    .map(|fact| &fact.value)
                {
                    deployed.push((id, i64::from(*counters)));
                }
            }
        }
        let of_cards: i64 = deployed.iter().map(|(_, counters)| *counters).sum();
        let hidden: i64 = deployed
            .iter()
            .filter(|(id, _)| {
                board
                    .instance(*id)
                    .is_some_and(|instance| instance.face_down)
            })
            .map(|(_, counters)| *counters)
            .sum();
        if hidden > COUNTERS_A_TURN {
            // The FAQ's ruling on hidden cards worth more than six, with its remedy, applies.
            continue;
        }
        let stated = i64::from(board.player(side).counters_spent);
        let used = stated.max(of_cards);
        if used <= COUNTERS_A_TURN {
            continue;
        }
        let how = if of_cards > stated {
            format!(
                "the cards the position marks deployed this turn cost {of_cards} deploy counters{}",
                if stated > 0 {
                    format!(" (it states {stated} spent)")
                } else {
                    String::new()
                }
            )
        } else {
            format!("the position states {stated} deploy counters spent this turn")
        };
        let mut labels: Vec<(Span, String)> = deployed
            .iter()
            .filter(|_| of_cards >= stated)
            .filter_map(|(id, counters)| {
                let span = board.instance(*id)?.provenance.card()?;
                Some((span, format!("deployed this turn, {counters} counters")))
            })
            .collect();
        if labels.is_empty()
            && let Some(span) = board.player(side).section_span.0
        {
            labels.push((span, format!("{stated} counters spent")));
        }
        found.push(Violation {
            verdict: Verdict::Illegal,
            code: "counters-over-allowance",
            message: format!(
                "the {side} player has used {used} deploy counters this turn, more than the {COUNTERS_A_TURN} a player has each turn: {how}"
            ),
            basis: vec![Basis::Assumption(COUNTERS_PER_TURN.name.to_string())],
            remedy: None,
            cards: deployed.iter().map(|(id, _)| *id).collect(),
            labels,
        });
    }
    found
}
