//! A character's power bonus for the location where he fights: the bonus his card prints for
//! each location of a planet, or the one a scenario declares for the planet, as a part of a
//! power total in a duel or a battle.

use crate::board::{Board, Planet, Zone};
use crate::cards::matching::normalise;
use crate::cards::{Card, CardType, LocationBonus, Side, Source};
use crate::engine::Words;
use crate::engine::missing::MissingFact;

/// The separator of a location's planet and its own name in the catalog: `Naboo • Theed Palace`.
const PLANET_SEPARATOR: &str = " • ";

/// The part a character's location bonus adds to his power where he fights on `planet`, if
/// any: the bonus the scenario declares for the planet (which replaces the printed ones), or
/// the printed bonus for the location in play there. Where the card prints one bonus for
/// every location of the planet, that is the bonus whatever location is in play (the revised
/// rules' example speaks of "a power bonus on Coruscant"); where the bonuses differ and the
/// position does not say which location is in play (it lists none of the planet's Location
/// cards, or two with different bonuses), the walk asks. `whose` follows the word "bonus" in
/// the part's label: empty where the total names its card, ` of NAME` where it does not.
pub fn part(
    board: &Board,
    card: &Card,
    planet: Planet,
    whose: &str,
    words: Words,
) -> Result<Option<(String, i32)>, MissingFact> {
    let name = || card.shown_name();
    if !card.text.location_bonus.is_empty() {
        return Ok(card
            .text
            .location_bonus
            .iter()
            .find(|(bonus_planet, _)| bonus_planet == planet.name())
            .map(|(_, bonus)| {
                (
                    words.text(|| format!("power bonus{whose} on {planet}")),
                    *bonus,
                )
            }));
    }
    let Some(printed) = card.location_bonuses.as_ref() else {
        return Ok(None);
    };
    let here: Vec<&LocationBonus> = printed
        .value
        .iter()
        .filter(|bonus| on_planet(&bonus.location, planet))
        .collect();
    let Some(first) = here.first() else {
        return Ok(None);
    };
    let source = short_source(&printed.source);
    let in_play = locations_in_play(board, planet);
    if in_play.is_empty() {
        if here.iter().all(|bonus| bonus.bonus == first.bonus) {
            if first.bonus == 0 {
                return Ok(None);
            }
            return Ok(Some((
                words.text(|| {
                    format!(
                        "location bonus{whose} on {planet}, the same at each of its locations ({source})"
                    )
                }),
                first.bonus,
            )));
        }
        return Err(MissingFact::Location {
            card: name(),
            planet: planet.name(),
            bonuses: LocationBonus::list(&printed.value),
            in_play: String::new(),
        });
    }
    let bonus_at = |location: &InPlay| {
        here.iter()
            .find(|bonus| normalise(&bonus.location) == location.normalised)
            .map_or(0, |bonus| bonus.bonus)
    };
    let amount = bonus_at(&in_play[0]);
    let names = || {
        in_play
            .iter()
            .map(|location| location.name.as_str())
            .collect::<Vec<_>>()
    };
    if in_play.iter().any(|location| bonus_at(location) != amount) {
        return Err(MissingFact::Location {
            card: name(),
            planet: planet.name(),
            bonuses: LocationBonus::list(&printed.value),
            in_play: names().join(", "),
        });
    }
    Ok(Some((
        words.text(|| {
            let at = match names().as_slice() {
                [one] => format!("at {one}, in play"),
                several => format!("at {}, each in play", several.join(" and ")),
            };
            format!("location bonus{whose} {at} ({source})")
        }),
        amount,
    )))
}

/// A Location card in play: its name as the position shows it, and as names are compared
/// (`Naboo Battle Plains` is `Naboo • Battle Plains`).
struct InPlay {
    name: String,
    normalised: String,
}

/// Whether a location's name (`Naboo • Theed Palace`) is of a planet.
fn on_planet(location: &str, planet: Planet) -> bool {
    location
        .strip_prefix(planet.name())
        .is_some_and(|rest| rest.starts_with(PLANET_SEPARATOR))
}

/// The Location cards of a planet in play on it, either player's, each name once, in the order
/// the position lists them.
fn locations_in_play(board: &Board, planet: Planet) -> Vec<InPlay> {
    let mut found: Vec<InPlay> = Vec::new();
    for side in [Side::Light, Side::Dark] {
        for &id in board.zone(Zone::InPlay(planet, side)) {
            if board.card_type(id) != Some(CardType::Location) {
                continue;
            }
            if let Some(card) = board.card(id) {
                let name = card.full_name();
                let normalised = normalise(&name);
                if found.iter().all(|known| known.normalised != normalised) {
                    found.push(InPlay { name, normalised });
                }
            }
        }
    }
    found
}

/// Who gives a card's fact, in a few words: the rule's id, the kind of outside source (`the
/// catalog's second source`), or the scenario.
fn short_source(source: &Source) -> String {
    match source {
        Source::Rule(id) => format!("printed; {id}"),
        Source::Outside(place) => {
            let kind: Vec<&str> = place
                .split(' ')
                .take_while(|word| !word.contains('/'))
                .collect();
            format!("printed; the catalog's {}", kind.join(" "))
        }
        Source::Scenario => "declared by the scenario".to_string(),
    }
}
