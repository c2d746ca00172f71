//! Card text as data, proved card by card: every Battle card whose users the card text files
//! record is played, in a generated position, for a character outside its users (refused),
//! for the same character with its text off (`text: none`: legal), and for one of its users
//! (legal with its text and without).

use jedi_judge::cards::card_text::{BattleUser, TextStatus};
use jedi_judge::cards::users::{PlayedAt, may_use_battle_card};
use jedi_judge::cards::{Card, CardType, Catalog, Game, Side};
use jedi_judge::rules::Corpus;

/// The planet a card's users fight on, if they name one; else Naboo.
fn planet_of(users: &[BattleUser]) -> &'static str {
    for user in users {
        if let BattleUser::Qualified(qualified) = user
            && let Some(place) = &qualified.at
        {
            for planet in ["Tatooine", "Coruscant", "Naboo"] {
                if place.eq_ignore_ascii_case(planet) {
                    return planet;
                }
            }
        }
    }
    "Naboo"
}

/// How many characters the card's users need at least.
fn needed(users: &[BattleUser]) -> usize {
    users
        .iter()
        .map(|user| match user {
            BattleUser::Qualified(qualified) => usize::from(qualified.count.unwrap_or(1).max(1)),
            BattleUser::Word(_) => 1,
        })
        .min()
        .unwrap_or(1)
}

/// A battle on the planet: the side's entry of `fighters` with the Battle card, against one
/// character of the other side; the card's text off where `text_off`.
fn position(card: &Card, side: Side, planet: &str, fighters: &[&Card], text_off: bool) -> String {
    let quoted = |text: &str| format!("{text:?}");
    let name = card.full_name();
    let other = side.opponent();
    let word = |side: Side| match side {
        Side::Light => "light",
        Side::Dark => "dark",
    };
    let opponent = match other {
        Side::Light => "Qui-Gon Jinn, Jedi Master",
        Side::Dark => "Darth Maul, Sith Apprentice",
    };
    let mut cards = String::new();
    if text_off {
        cards.push_str(&format!("cards:\n  {}: {{text: none}}\n", quoted(&name)));
    }
    let together = match fighters.get(1) {
        Some(second) => format!("      together_with: {}\n", quoted(&second.full_name())),
        None => String::new(),
    };
    let names: Vec<String> = fighters
        .iter()
        .map(|card| quoted(&card.full_name()))
        .collect();
    format!(
        "action: battle\nturn: {side}\nstep: battle\ncurrent_planet: {planet}\n{cards}{side}:\n  deck: [2, 4, 6]\n  hand: [{card}]\n{other}:\n  deck: [5, 1, 3]\nplanets:\n  {planet}:\n    {side}: [{names}]\n    {other}: [{opponent}]\nbattle:\n  {side}:\n    - fighter: {first}\n{together}      battle_cards: [{card}]\n  {other}:\n    - fighter: {opponent}\n",
        side = word(side),
        other = word(other),
        card = quoted(&name),
        names = names.join(", "),
        first = names.first().cloned().unwrap_or_default(),
        opponent = quoted(opponent),
    )
}

/// The codes of the findings `check` makes of a position.
fn findings(text: &str) -> Vec<&'static str> {
    let report = jedi_judge::check::check_text(
        "generated.yaml",
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        None,
    );
    report
        .violations
        .iter()
        .map(|violation| violation.code)
        .collect()
}

#[test]
fn every_battle_card_with_recorded_users_is_refused_outside_them_and_free_with_its_text_off() {
    let catalog = Catalog::embedded();
    let characters: Vec<&Card> = catalog
        .cards()
        .iter()
        .filter(|card| {
            card.game == Game::YoungJedi
                && card.is(CardType::Character)
                && card.halves.is_none()
                && !card.virtual_card
        })
        .collect();
    let mut proved = 0;
    let mut without_user = Vec::new();
    for card in catalog.cards() {
        let Some(users) = &card.text.battle_users else {
            continue;
        };
        if card.halves.is_some() || !card.is(CardType::Battle) {
            continue;
        }
        let Some(side) = card.side() else { continue };
        let planet = planet_of(users);
        let played = PlayedAt {
            planet: Some(planet),
            first_in_plan: true,
        };
        let ours: Vec<&Card> = characters
            .iter()
            .copied()
            .filter(|character| character.side() == Some(side))
            .collect();
        // A non-user: a character the card is decided not to be for.
        let outsider = ours
            .iter()
            .copied()
            .find(|character| may_use_battle_card(card, &[character], played) == Ok(Some(false)));
        // A user: one character, or two different ones where the users need two.
        let user: Option<Vec<&Card>> = if needed(users) <= 1 {
            ours.iter()
                .copied()
                .find(|character| may_use_battle_card(card, &[character], played) == Ok(Some(true)))
                .map(|character| vec![character])
        } else {
            ours.iter().enumerate().find_map(|(at, first)| {
                ours.iter().skip(at + 1).find_map(|second| {
                    (first.full_name() != second.full_name()
                        && may_use_battle_card(card, &[first, second], played) == Ok(Some(true)))
                    .then(|| vec![*first, *second])
                })
            })
        };
        let name = card.full_name();
        if let Some(outsider) = outsider {
            let with_text = position(card, side, planet, &[outsider], false);
            assert!(
                findings(&with_text).contains(&"battle-card-user"),
                "{name} for {} is not refused:\n{with_text}",
                outsider.full_name()
            );
            let text_off = position(card, side, planet, &[outsider], true);
            assert!(
                !findings(&text_off).contains(&"battle-card-user"),
                "{name} with its text off is still refused:\n{text_off}"
            );
        }
        match user {
            Some(fighters) => {
                for text_off in [false, true] {
                    let text = position(card, side, planet, &fighters, text_off);
                    let found = findings(&text);
                    assert!(
                        !found.contains(&"battle-card-user")
                            && !found.contains(&"battle-card-user-unknown"),
                        "{name} for its user is refused: {found:?}\n{text}"
                    );
                }
                if outsider.is_some() {
                    proved += 1;
                }
            }
            None => without_user.push(name),
        }
    }
    // Every modelled Battle card whose users the catalog can find is proved both ways.
    let modelled = catalog
        .cards()
        .iter()
        .filter(|card| {
            card.is(CardType::Battle) && card.text_status() == Some(TextStatus::Modelled)
        })
        .count();
    assert!(
        proved >= 75,
        "{proved} of {modelled} modelled Battle cards proved"
    );
    eprintln!(
        "{proved} Battle cards proved; {} with no user the catalog can decide: {without_user:?}",
        without_user.len()
    );
}
