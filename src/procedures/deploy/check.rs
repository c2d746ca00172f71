//! What the Deploy step's rules say of a position beyond the counters `legality` checks: a
//! weapon where none of its player's characters can use it (legal, as the FAQ rules, and set
//! aside in a battle).

use crate::board::{Board, CardId, Zone};
use crate::cards::{CardType, Side};
use crate::legality::{Basis, Verdict, Violation};
use crate::rules::{Citation, cite};

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
            // Who may use a weapon depends on the two cards' definitions alone: each
            // character's definition is tried once, and each weapon's answer remembered, so
            // that many copies of a card cost one look-up.
            let mut characters: std::collections::BTreeMap<_, CardId> =
                std::collections::BTreeMap::new();
            for id in here.iter().filter(face_up) {
                if board.card_type(*id) == Some(CardType::Character)
                    && let Some(instance) = board.instance(*id)
                {
                    characters.entry(instance.definition).or_insert(*id);
                }
            }
            let mut answered: std::collections::BTreeMap<_, (bool, bool)> =
                std::collections::BTreeMap::new();
            for id in here.iter().filter(face_up) {
                if board.card_type(*id) != Some(CardType::Weapon) {
                    continue;
                }
                let (Some(weapon), Some(instance)) = (board.card(*id), board.instance(*id)) else {
                    continue;
                };
                let (usable, known) = *answered.entry(instance.definition).or_insert_with(|| {
                    let mut known = true;
                    for &character in characters.values() {
                        match board.weapon_box(*id, character) {
                            Ok(Some(_)) => return (true, true),
                            Ok(None) => {}
                            Err(_) => known = false,
                        }
                    }
                    (false, known)
                });
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
