//! What the Deploy step's rules say of a position: the deploy counters used this turn
//! against the counters a player has each turn, and a weapon where none of its player's
//! characters can use it (legal, as the FAQ rules, and set aside in a battle).

use crate::board::{Board, CardId, Span, Zone};
use crate::cards::{CardType, Side, StatValue};
use crate::engine::deploy::COUNTERS_PER_TURN;
use crate::legality::{Basis, Verdict, Violation};
use crate::rules::{Citation, cite};

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

const WEAPON_WITHOUT_USER: Citation = cite("faq.deploy.weapon-without-user");

/// A face-up weapon at a planet where none of its player's face-up characters may use it:
/// legal, as the FAQ rules, and worth a word, since in a battle it is set aside. A weapon
/// whose users are not known is left out.
pub fn weapons_without_user(board: &Board) -> Vec<Violation> {
    let mut found = Vec::new();
    for planet in &board.planets {
        for side in [Side::Light, Side::Dark] {
            let here = board.zone(Zone::InPlay(*planet, side));
            let face_up = |id: &&CardId| board.instance(**id).is_some_and(|card| !card.face_down);
            let characters: Vec<&crate::cards::Card> = here
                .iter()
                .filter(face_up)
                .filter(|id| board.card_type(**id) == Some(CardType::Character))
                .filter_map(|id| board.card(*id))
                .collect();
            for id in here.iter().filter(face_up) {
                if board.card_type(*id) != Some(CardType::Weapon) {
                    continue;
                }
                let Some(weapon) = board.card(*id) else {
                    continue;
                };
                let mut usable = false;
                let mut known = true;
                for character in &characters {
                    match crate::cards::users::box_for(weapon, character) {
                        Ok(Some(_)) => usable = true,
                        Ok(None) => {}
                        Err(_) => known = false,
                    }
                }
                if usable || !known {
                    continue;
                }
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "weapon-without-user",
                    message: format!(
                        "{} is on {planet}, where no {side} character can use it: that is legal, and in a battle it is set aside and stays on the planet",
                        weapon.full_name()
                    ),
                    basis: vec![Basis::Rule(WEAPON_WITHOUT_USER)],
                    remedy: None,
                    cards: vec![*id],
                    labels: board
                        .instance(*id)
                        .and_then(|instance| instance.provenance.card())
                        .map(|span| (span, "no character here can use it".to_string()))
                        .into_iter()
                        .collect(),
                });
            }
        }
    }
    found
}
