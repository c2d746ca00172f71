//! What every procedure's expectation compares alike: the cards in each zone after the walk,
//! the DAMAGE each player took, and deck victory.

use crate::board::{Board, ZONE_KEYS, Zone};
use crate::cards::Side;
use crate::scenario::ZonesBySide;

/// The differences between the board after a walk and the card counts expected by zone.
pub fn unmet_zone_counts(expect: &ZonesBySide, board: &Board) -> Vec<String> {
    let mut unmet = Vec::new();
    for (side, zones) in [(Side::Light, &expect.light), (Side::Dark, &expect.dark)] {
        for (name, wanted) in zones {
            let Some(zone) = Zone::of_key(name, side) else {
                unmet.push(format!(
                    "zones: {side}: no zone is called {}; the zones are {}",
                    crate::text::quoted(name),
                    ZONE_KEYS.map(|(key, _)| key).join(", ")
                ));
                continue;
            };
            let actual = board.zone(zone).len();
            if wanted.u32() as usize != actual {
                unmet.push(format!(
                    "cards in the {side} {name}: expected {wanted}, got {actual}"
                ));
            }
        }
    }
    unmet
}

/// The differences between the DAMAGE each player took and what a scenario expects.
pub fn unmet_damage(
    wanted: crate::scenario::DamageBySide,
    actual: impl Fn(crate::cards::Side) -> i32,
) -> Vec<String> {
    let mut unmet = Vec::new();
    for (side, wanted) in [
        (crate::cards::Side::Light, wanted.light),
        (crate::cards::Side::Dark, wanted.dark),
    ] {
        let actual = actual(side);
        if wanted.get() != i64::from(actual) {
            unmet.push(format!(
                "damage to the {side} player: expected {wanted}, got {actual}"
            ));
        }
    }
    unmet
}

/// The difference between the winner by deck victory and what a scenario expects.
pub fn unmet_deck_victory(
    wanted: crate::scenario::SideOrNone,
    actual: Option<crate::cards::Side>,
) -> Option<String> {
    let actual = crate::scenario::SideOrNone::of(actual);
    (wanted != actual).then(|| {
        format!(
            "deck victory: expected {}, got {}",
            wanted.key(),
            actual.key()
        )
    })
}
