//! Effects in play, shared by the procedures they act in: the power an Effect adds to its
//! player's characters at its planet, the weapons it bars there, what it makes a card cost to
//! deploy there, and the card it deploys from the draw deck when another deploys.

use crate::board::{Board, CardId, Planet};
use crate::cards::card_text::BattleUser;
use crate::cards::traits::podracer_pilot_under;
use crate::cards::users::{KindUnknown, is_battle_user, weapon_is};
use crate::cards::{Card, Side, TraitValue};

use super::{Assumption, MissingFact, Words};

/// Where an Effect's text acts.
pub(crate) const EFFECT_AT_ITS_PLANET: Assumption = Assumption {
    name: "effect-at-its-planet",
    text: "An Effect in play acts on the cards at its own planet only (one Effect per planet for each player). The rule sources do not say how far an Effect reaches: the rulebook's page on Effects is not among them.",
};

/// The assumption with its one value, as the procedures that apply Effects list it.
pub const EFFECT_REACH: crate::rules::AssumptionSpec = crate::rules::AssumptionSpec {
    assumption: EFFECT_AT_ITS_PLANET,
    values: &[(
        "its-planet",
        "an Effect acts on the cards at its own planet only",
    )],
};

/// An Effect face up in play at a planet: the card, and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InPlay {
    pub id: CardId,
    pub owner: Side,
    pub card: Card,
}

/// The Effects face up in play at the planet whose text acts in play (a power bonus to others,
/// barred weapons, a deploy cost or a deploy trigger), in board order.
pub fn at(board: &Board, planet: Planet) -> Vec<InPlay> {
    board
        .effects_at(planet)
        .into_iter()
        .filter_map(|(id, owner)| {
            Some(InPlay {
                id,
                owner,
                card: board.card(id)?.clone(),
            })
        })
        .collect()
}

/// Whether the card is one of the kinds or names game text gives (`any Gungan`, `Boss Nass`,
/// `any Podracer pilot` as the rules in force decide, `boonta`); an error says what is not
/// known.
pub fn is_one_of(card: &Card, kinds: &[BattleUser], boonta: bool) -> Result<bool, MissingFact> {
    let mut undecided = None;
    for kind in kinds {
        let word = match kind {
            BattleUser::Word(word) => word.trim().strip_prefix("any ").unwrap_or(""),
            BattleUser::Qualified(qualified) => qualified.any.as_str(),
        };
        if word.eq_ignore_ascii_case("Podracer pilot") {
            match podracer_pilot_under(card, boonta).value {
                TraitValue::Yes => return Ok(true),
                TraitValue::No => {}
                _ => {
                    undecided = Some(MissingFact::PodracerPilot {
                        card: card.full_name(),
                    });
                }
            }
            continue;
        }
        match is_battle_user(kind, card) {
            Ok(true) => return Ok(true),
            Ok(false) => {}
            Err(KindUnknown::Icon { character, icon }) => {
                undecided = Some(MissingFact::Icon {
                    card: character,
                    icon,
                });
            }
            Err(other) => {
                undecided = Some(MissingFact::CardKind {
                    card: card.full_name(),
                    kind: crate::cards::card_text::battle_users_words(std::slice::from_ref(kind)),
                    reason: other.to_string(),
                });
            }
        }
    }
    match undecided {
        Some(missing) => Err(missing),
        None => Ok(false),
    }
}

/// The power bonuses the Effects at the planet give a character of `side` who fights with
/// `weapons`: a part for each, "power bonus of EFFECT", with the Effect. Only its player's
/// characters take an Effect's bonus.
pub fn aura_parts<'a>(
    board: &Board,
    effects: &'a [InPlay],
    fighter: &Card,
    side: Side,
    weapons: &[CardId],
    boonta: bool,
    words: Words,
) -> Result<Vec<(String, i32, &'a Card)>, MissingFact> {
    let mut parts = Vec::new();
    for effect in effects.iter().filter(|effect| effect.owner == side) {
        let Some(aura) = &effect.card.text.aura else {
            continue;
        };
        if let Some(during) = aura.during {
            let turn = board.turn.ok_or(MissingFact::Turn)?;
            let wanted = match during {
                crate::cards::WhoseTurn::YourTurn => effect.owner,
                crate::cards::WhoseTurn::OpponentsTurn => effect.owner.opponent(),
            };
            if turn != wanted {
                continue;
            }
        }
        if !is_one_of(fighter, &aura.to, boonta)? {
            continue;
        }
        if let Some(weapon) = &aura.using {
            let using = weapons
                .iter()
                .filter_map(|id| board.card(*id))
                .any(|card| weapon_is(weapon, card));
            if !using {
                continue;
            }
        }
        parts.push((
            words.text(|| format!("power bonus of {}", effect.card.full_name())),
            aura.amount,
            &effect.card,
        ));
    }
    Ok(parts)
}

/// The Effect at the planet that bars the character from using weapons, if one does.
pub fn barring_weapons<'a>(
    effects: &'a [InPlay],
    fighter: &Card,
    boonta: bool,
) -> Result<Option<&'a InPlay>, MissingFact> {
    for effect in effects {
        if !effect.card.text.weapons_barred.is_empty()
            && is_one_of(fighter, &effect.card.text.weapons_barred, boonta)?
        {
            return Ok(Some(effect));
        }
    }
    Ok(None)
}

/// The Effect of `side` at the planet that acts when the card deploys there, where one does.
pub fn deploy_trigger<'a>(
    effects: &'a [InPlay],
    card: &Card,
    side: Side,
    boonta: bool,
) -> Result<Option<&'a InPlay>, MissingFact> {
    for effect in effects.iter().filter(|effect| effect.owner == side) {
        if let Some(trigger) = &effect.card.text.deploy_trigger
            && is_one_of(card, &trigger.when, boonta)?
        {
            return Ok(Some(effect));
        }
    }
    Ok(None)
}

/// Where a fight is, as a character's power bonus to others reads it.
#[derive(Clone, Copy, Debug)]
pub struct FightPlace {
    /// The planet of the fight.
    pub planet: Option<Planet>,
    /// Whether the fight is a duel.
    pub in_duel: bool,
    /// The planet its side evacuates, where this fight decides its evacuation.
    pub evacuating: Option<Planet>,
}

/// The power bonuses the characters of `side` in play give `fighter` by their text (Anakin
/// Skywalker, Rookie Pilot's to each of his player's starfighters): a part for each, with the
/// character. A character gives none to itself.
pub fn carried_aura_parts(
    board: &Board,
    fighter_id: CardId,
    fighter: &Card,
    side: Side,
    place: FightPlace,
    boonta: bool,
    words: Words,
) -> Result<Vec<(String, i32, CardId)>, MissingFact> {
    let mut parts = Vec::new();
    if !board
        .definitions
        .iter()
        .any(|card| card.text.carried_aura.is_some())
    {
        return Ok(parts);
    }
    for planet in board.planets.iter().copied() {
        for &id in board.zone(crate::board::Zone::InPlay(planet, side)) {
            let Some(card) = board.card(id) else {
                continue;
            };
            let Some(aura) = &card.text.carried_aura else {
                continue;
            };
            if id == fighter_id
                || board
                    .instance(id)
                    .is_some_and(|instance| instance.face_down)
                || (aura.in_duel && !place.in_duel)
                || (aura.here && place.planet != Some(planet))
                || (aura.evacuating && place.evacuating != Some(planet))
            {
                continue;
            }
            if !is_one_of(fighter, &aura.to, boonta)? {
                continue;
            }
            parts.push((
                words.text(|| format!("power bonus of {}", card.full_name())),
                aura.amount,
                id,
            ));
        }
    }
    Ok(parts)
}
