//! Card text as data, proved card by card and kind by kind: for every card the card text files
//! record as applied in full, and each kind of effect its text holds, a generated position is
//! walked with the card's text and with `text: none`, and the outcome differs as the entry says;
//! and a position where the text's condition is unmet is walked both ways, and nothing changes.
//! A kind no proof here can exercise fails the test.

mod common;

use common::{findings, try_walked_battle, walked_battle, walked_flat};
use jedi_judge::cards::card_text::{BattleUser, TextKind, TextStatus};
use jedi_judge::cards::users::{PlayedAt, box_for, may_use_battle_card, weapon_is};
use jedi_judge::cards::{
    BattleEffect, Card, CardType, Catalog, Condition, ConditionTrait, DuelingEffect, Game,
    ModifiedCards, ModifierTarget, Side, WhoseTurn,
};
use jedi_judge::engine::effects::is_one_of;
use jedi_judge::procedures::battle::events::BattleResult;

/// Why a position could not be built for a card: said in the exact list of the test.
type Unproved = String;

fn word(side: Side) -> &'static str {
    match side {
        Side::Light => "light",
        Side::Dark => "dark",
    }
}

/// The side's usual fighter and his lightsaber.
fn champion(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Light => ("Qui-Gon Jinn, Jedi Master", "Qui-Gon Jinn's Lightsaber"),
        Side::Dark => (
            "Darth Maul, Sith Apprentice",
            "Darth Maul's Lightsaber (The Jedi Council)",
        ),
    }
}

/// The printed Young Jedi characters of a side, one card each, in catalog order.
fn characters(side: Side) -> Vec<&'static Card> {
    Catalog::embedded()
        .cards()
        .iter()
        .filter(|card| {
            card.game == Game::YoungJedi
                && card.is(CardType::Character)
                && card.halves.is_none()
                && !card.virtual_card
                && card.side() == Some(side)
                && card.damage().is_some()
        })
        .collect()
}

/// The planet a card's users fight on, if they name one; else Naboo.
fn planet_of(card: &Card) -> &'static str {
    for user in card.text.battle_users.iter().flatten() {
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

/// One entry of a battle plan.
#[derive(Clone, Debug, Default)]
struct Entry {
    fighters: Vec<String>,
    weapon: Option<String>,
    second_weapon: Option<String>,
    card: Option<String>,
}

impl Entry {
    fn of(fighters: &[&str]) -> Entry {
        Entry {
            fighters: fighters.iter().map(|name| name.to_string()).collect(),
            ..Entry::default()
        }
    }

    fn with_weapon(mut self, weapon: &str) -> Entry {
        self.weapon = Some(weapon.to_string());
        self
    }

    fn with_card(mut self, card: &str) -> Entry {
        self.card = Some(card.to_string());
        self
    }
}

/// A battle on Naboo, the Light Side attacking: each side's plan, its draw deck of destiny
/// numbers and more lines of its player; every character's own text off, and the Battle card's
/// too where `text_off` names it.
#[derive(Clone, Debug, Default)]
struct Battle {
    planet: &'static str,
    light: Vec<Entry>,
    dark: Vec<Entry>,
    light_deck: Vec<u8>,
    dark_deck: Vec<u8>,
    light_lines: String,
    dark_lines: String,
    text_off: Option<String>,
    /// With the text off, the card still lets its users fight together (a text of two effects,
    /// one of them proved).
    keep_together: bool,
    /// A Double Impact card played as one of its Battle halves: the card and the half.
    played_as: Option<(String, String)>,
    /// Lines at the top of the scenario (`assumptions:`).
    top_lines: String,
    /// More cards in play, each with its side and planet (an Effect).
    in_play: Vec<(Side, &'static str, String)>,
    /// A fighter whose own text stays on (the card proved).
    keep_text: Option<String>,
    /// Whose turn it is, the attacker's: the Light Side's where not said.
    turn: Option<Side>,
    /// Cards in play (of `in_play`) marked as having fought this turn.
    fought: Vec<String>,
}

impl Battle {
    /// The battle the card is played in: on the planet its users fight on, its side's plan
    /// `ours`.
    fn new(card: &Card, ours: Vec<Entry>, theirs: Vec<Entry>) -> Battle {
        let side = card.side().unwrap_or(Side::Light);
        let (light, dark) = match side {
            Side::Light => (ours, theirs),
            Side::Dark => (theirs, ours),
        };
        Battle {
            light,
            dark,
            planet: planet_of(card),
            played_as: card
                .played_as
                .as_ref()
                .map(|half| (card.full_name(), half.clone())),
            light_deck: vec![3; 12],
            dark_deck: vec![3; 12],
            ..Battle::default()
        }
    }

    /// The battle with `ours` the plan of `side`, whichever side the card is.
    fn sided(card: &Card, side: Side, ours: Vec<Entry>, theirs: Vec<Entry>) -> Battle {
        let mut battle = Battle::new(card, Vec::new(), Vec::new());
        let (light, dark) = match side {
            Side::Light => (ours, theirs),
            Side::Dark => (theirs, ours),
        };
        battle.light = light;
        battle.dark = dark;
        battle
    }

    /// The side's deck and extra lines.
    fn deck(mut self, side: Side, deck: Vec<u8>) -> Battle {
        match side {
            Side::Light => self.light_deck = deck,
            Side::Dark => self.dark_deck = deck,
        }
        self
    }

    fn lines(mut self, side: Side, lines: &str) -> Battle {
        match side {
            Side::Light => self.light_lines.push_str(lines),
            Side::Dark => self.dark_lines.push_str(lines),
        }
        self
    }

    /// A card in play as a planet lists it: marked if it has fought this turn.
    fn placed(&self, card: &str) -> String {
        if self.fought.iter().any(|fought| fought == card) {
            format!("{{card: {card:?}, fought_this_turn: true}}")
        } else {
            format!("{card:?}")
        }
    }

    fn off(&self, card: &str) -> Battle {
        let mut battle = self.clone();
        battle.text_off = Some(card.to_string());
        battle
    }

    /// The card's text off but for its users fighting together, where they do.
    fn off_but_together(&self, card: &Card) -> Battle {
        let mut battle = self.off(&card.full_name());
        battle.keep_together = card.text.battle == Some(BattleEffect::FightTogether);
        battle
    }

    fn yaml(&self) -> String {
        let mut cards = String::new();
        for entry in self.light.iter().chain(&self.dark) {
            for fighter in &entry.fighters {
                // The card proved keeps its text (but for its location bonus, stated as 0,
                // the same both ways), or has it off as a whole.
                if self.keep_text.as_ref() == Some(fighter) {
                    let off = if self.text_off.as_ref() == Some(fighter) {
                        ", text: none"
                    } else {
                        ""
                    };
                    cards.push_str(&format!(
                        "  {fighter:?}: {{location_bonus: {{{}: 0}}{off}}}\n",
                        self.planet
                    ));
                    continue;
                }
                // A power the card does not print as a number (Anakin's), stated.
                let power = Catalog::embedded()
                    .cards()
                    .iter()
                    .find(|card| card.full_name() == *fighter)
                    .and_then(Card::power);
                match power {
                    Some(_) => cards.push_str(&format!("  {fighter:?}: {{text: none}}\n")),
                    None => cards.push_str(&format!("  {fighter:?}: {{text: none, power: 3}}\n")),
                }
            }
        }
        let played_as = |card: &str| match &self.played_as {
            Some((name, half)) if name == card => format!(", played_as: {half:?}"),
            _ => String::new(),
        };
        if let Some(card) = self
            .text_off
            .as_ref()
            .filter(|card| self.keep_text.as_ref() != Some(*card))
        {
            let half = played_as(card);
            if self.keep_together {
                cards.push_str(&format!(
                    "  {card:?}: {{text: none, battle_text: fight-together{half}}}\n"
                ));
            } else {
                cards.push_str(&format!("  {card:?}: {{text: none{half}}}\n"));
            }
        } else if let Some((card, half)) = &self.played_as {
            cards.push_str(&format!("  {card:?}: {{played_as: {half:?}}}\n"));
        }
        let side_text = |side: Side, plan: &[Entry], deck: &[u8], lines: &str| {
            let hand: Vec<String> = plan
                .iter()
                .filter_map(|entry| entry.card.as_ref().map(|card| format!("{card:?}")))
                .collect();
            let deck: Vec<String> = deck.iter().map(u8::to_string).collect();
            let mut text = format!("{}:\n  deck: [{}]\n", word(side), deck.join(", "));
            if !hand.is_empty() {
                text.push_str(&format!("  hand: [{}]\n", hand.join(", ")));
            }
            text.push_str(lines);
            text
        };
        let on_planet = |plan: &[Entry]| {
            let names: Vec<String> = plan
                .iter()
                .flat_map(|entry| {
                    entry
                        .fighters
                        .iter()
                        .chain(&entry.weapon)
                        .chain(&entry.second_weapon)
                })
                .map(|name| format!("{name:?}"))
                .collect();
            names.join(", ")
        };
        let plan_text = |plan: &[Entry]| {
            let mut text = String::new();
            for entry in plan {
                text.push_str(&format!("    - fighter: {:?}\n", entry.fighters[0]));
                if let Some(second) = entry.fighters.get(1) {
                    text.push_str(&format!("      together_with: {second:?}\n"));
                }
                for more in entry.fighters.iter().skip(2) {
                    text.push_str(&format!("      also_with: {more:?}\n"));
                }
                if let Some(weapon) = &entry.weapon {
                    text.push_str(&format!("      weapon: {weapon:?}\n"));
                }
                if let Some(weapon) = &entry.second_weapon {
                    text.push_str(&format!("      second_weapon: {weapon:?}\n"));
                }
                if let Some(card) = &entry.card {
                    text.push_str(&format!("      battle_cards: [{card:?}]\n"));
                }
            }
            text
        };
        let in_play = |side: Side, planet: &str, plan: &[Entry]| {
            let mut names = vec![on_planet(plan)]
                .into_iter()
                .filter(|names| !names.is_empty())
                .collect::<Vec<_>>();
            for (whose, at, card) in &self.in_play {
                if *whose == side && *at == planet {
                    names.push(self.placed(card));
                }
            }
            names.join(", ")
        };
        let mut elsewhere = String::new();
        for (whose, at, card) in &self.in_play {
            if *at != self.planet {
                elsewhere.push_str(&format!(
                    "  {at}:\n    {}: [{}]\n",
                    word(*whose),
                    self.placed(card)
                ));
            }
        }
        format!(
            "action: battle\nturn: {turn}\nstep: battle\ncurrent_planet: {planet}\n{top}cards:\n{cards}{}{}planets:\n  {planet}:\n    light: [{}]\n    dark: [{}]\n{elsewhere}battle:\n  light:\n{}  dark:\n{}",
            side_text(
                Side::Light,
                &self.light,
                &self.light_deck,
                &self.light_lines
            ),
            side_text(Side::Dark, &self.dark, &self.dark_deck, &self.dark_lines),
            in_play(Side::Light, self.planet, &self.light),
            in_play(Side::Dark, self.planet, &self.dark),
            plan_text(&self.light),
            plan_text(&self.dark),
            planet = self.planet,
            top = self.top_lines,
            turn = word(self.turn.unwrap_or(Side::Light)),
        )
    }

    /// The walk, flattened to one line, and the battle's result; the position must be legal.
    fn walk(&self) -> (String, BattleResult) {
        let text = self.yaml();
        let found = findings(&text);
        assert!(found.is_empty(), "{found:?}\n{text}");
        walked_battle(&text)
    }
}

fn damage(result: &BattleResult, side: Side) -> i32 {
    match side {
        Side::Light => result.damage_light,
        Side::Dark => result.damage_dark,
    }
}

fn defeated(result: &BattleResult, side: Side) -> &[String] {
    match side {
        Side::Light => &result.defeated_light,
        Side::Dark => &result.defeated_dark,
    }
}

/// The sentence that says who won the first fight.
fn first_fight(flat: &str) -> String {
    [
        "The Light Side wins fight 1",
        "The Dark Side wins fight 1",
        "Fight 1 is tied",
    ]
    .iter()
    .find_map(|start| {
        let at = flat.find(start)?;
        let end = flat[at..].find('.').map_or(flat.len(), |end| at + end);
        Some(flat[at..end].to_string())
    })
    .unwrap_or_default()
}

/// Characters that may use the card together, as many as it needs (one, or as many as it lets
/// fight together), all different cards.
fn users_of(card: &Card) -> Result<Vec<&'static Card>, Unproved> {
    let side = card.side().ok_or("no side")?;
    let count = match card.text.battle {
        Some(BattleEffect::FightTogether) => usize::from(card.text.together_count.unwrap_or(2)),
        _ => 1,
    };
    let played = PlayedAt {
        planet: Some(planet_of(card)),
        first_in_plan: true,
    };
    let candidates = characters(side);
    // The champion first, where he may use it: the positions are then the most alike.
    let (champion_name, _) = champion(side);
    let mut ordered: Vec<&'static Card> = candidates
        .iter()
        .copied()
        .filter(|character| character.full_name() == champion_name)
        .collect();
    ordered.extend(
        candidates
            .iter()
            .copied()
            .filter(|character| character.full_name() != champion_name),
    );
    // Each alone a user where the card's count is read as one.
    let mut one_each = card.clone();
    one_each.text.battle = None;
    if let Some(users) = &mut one_each.text.battle_users {
        for user in users.iter_mut() {
            if let BattleUser::Qualified(qualified) = user {
                qualified.count = None;
            }
        }
    }
    let fits = |chosen: &[&Card]| {
        may_use_battle_card(card, chosen, played) == Ok(Some(true))
            && (!card.text.together_same_stack
                || chosen.iter().all(|other| other.title == chosen[0].title))
    };
    if count == 1 {
        return ordered
            .iter()
            .copied()
            .find(|character| fits(&[character]))
            .map(|character| vec![character])
            .ok_or_else(|| "no character is decided to be its user".to_string());
    }
    // Several: grown greedily from each first user, keeping a choice the card allows.
    for first in &ordered {
        if may_use_battle_card(&one_each, &[first], played) != Ok(Some(true)) {
            continue;
        }
        let mut chosen = vec![*first];
        for character in &ordered {
            if chosen.len() == count {
                break;
            }
            // Different cards, and of different stacks (one title, one stack) unless the text
            // asks for one stack.
            if chosen.iter().any(|other| {
                other.full_name() == character.full_name()
                    || (!card.text.together_same_stack
                        && other.title == character.title
                        && stacks(character))
            }) {
                continue;
            }
            if card.text.together_same_stack && character.title != first.title {
                continue;
            }
            if may_use_battle_card(&one_each, &[character], played) == Ok(Some(true)) {
                chosen.push(character);
            }
        }
        if chosen.len() == count && fits(&chosen) {
            return Ok(chosen);
        }
    }
    Err(format!("no {count} characters are decided to be its users"))
}

/// Whether the card's versions with its title stack (one person): two of them are never two
/// fighters.
fn stacks(card: &Card) -> bool {
    jedi_judge::cards::traits::stackable(card)
        .is_some_and(|derived| derived.value == jedi_judge::cards::TraitValue::Yes)
}

/// A card's name with its first printing's set, which tells apart two cards of one name
/// (`Darth Maul's Lightsaber (The Jedi Council)`).
fn qualified_name(card: &Card) -> String {
    match &card.printing {
        Some(printing) => format!("{} ({})", card.full_name(), printing.value.set),
        None => card.full_name(),
    }
}

fn names(cards: &[&Card]) -> Vec<String> {
    cards.iter().map(|card| card.full_name()).collect()
}

fn entry_of(users: &[&Card], card: &str) -> Entry {
    let names = names(users);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    Entry::of(&refs).with_card(card)
}

/// The opposing champion, armed: a hard fight to win.
fn strong(side: Side) -> Entry {
    let (name, saber) = champion(side);
    Entry::of(&[name]).with_weapon(saber)
}

/// A battle the card's side loses its first fight in: `ours` against the opposing champion,
/// armed and drawing destiny 9, then `more` opposing entries.
fn losing(card: &Card, ours: Vec<Entry>, more: Vec<Entry>) -> Battle {
    let opponent = card.side().unwrap_or(Side::Light).opponent();
    let mut theirs = vec![strong(opponent)];
    theirs.extend(more);
    Battle::new(card, ours, theirs).deck(opponent, vec![9; 12])
}

/// The weakest opposing character, unarmed.
fn weak(side: Side) -> Entry {
    let weakest = characters(side)
        .into_iter()
        .min_by_key(|card| card.power().unwrap_or(i32::MAX))
        .map(Card::full_name)
        .unwrap_or_default();
    Entry::of(&[&weakest])
}

/// `use-with`: a character outside the users is refused with the text, and free without it;
/// its users are free both ways (where every character of its side is a user, the second is
/// all there is to prove: nothing changes).
fn prove_users(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let users = users_of(card)?;
    let played = PlayedAt {
        planet: Some(planet_of(card)),
        first_in_plan: true,
    };
    let opponent = weak(side.opponent());
    for text_off in [false, true] {
        let mut battle = Battle::new(card, vec![entry_of(&users, &name)], vec![opponent.clone()]);
        if text_off {
            battle = battle.off(&name);
        }
        let found = findings(&battle.yaml());
        assert!(
            !found.contains(&"battle-card-user") && !found.contains(&"battle-card-user-unknown"),
            "{name} for its users, text off {text_off}: {found:?}\n{}",
            battle.yaml()
        );
    }
    let outsider = characters(side).into_iter().find(|character| {
        let together = users.len() > 1;
        let mut chosen = vec![*character];
        if together {
            chosen.extend(users.iter().skip(1).copied());
            if chosen[1..]
                .iter()
                .any(|other| other.full_name() == character.full_name())
            {
                return false;
            }
        }
        may_use_battle_card(card, &chosen, played) == Ok(Some(false))
    });
    if let Some(outsider) = outsider {
        let mut fighters = vec![outsider];
        fighters.extend(users.iter().skip(1).copied());
        let battle = Battle::new(card, vec![entry_of(&fighters, &name)], vec![opponent]);
        assert!(
            findings(&battle.yaml()).contains(&"battle-card-user"),
            "{name} for {} is not refused:\n{}",
            outsider.full_name(),
            battle.yaml()
        );
        let off = battle.off(&name);
        assert!(
            !findings(&off.yaml()).contains(&"battle-card-user"),
            "{name} with its text off is refused:\n{}",
            off.yaml()
        );
    }
    Ok(())
}

/// `fight-together`: its users fight together with the text and are refused without it; one
/// user alone is legal both ways. Where only some are defeated, a losing entry loses only them;
/// where they must be of one stack, two of different stacks are refused.
fn prove_together(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let users = users_of(card)?;
    if users.len() < 2 {
        return Err("its users fight alone".to_string());
    }
    let battle = Battle::new(
        card,
        vec![entry_of(&users, &name)],
        vec![weak(side.opponent())],
    );
    let found = findings(&battle.yaml());
    assert!(
        !found.contains(&"battle-plan-fight-together-not-allowed"),
        "{name}: {found:?}\n{}",
        battle.yaml()
    );
    let off = battle.off(&name);
    assert!(
        findings(&off.yaml()).contains(&"battle-plan-fight-together-not-allowed"),
        "{name} with its text off lets them fight together:\n{}",
        off.yaml()
    );
    // One user alone: the card is for them together, so he may not use it, unless its text
    // lets one use it alone; with the text off, he may.
    let alone = Battle::new(
        card,
        vec![entry_of(&users[..1], &name)],
        vec![weak(side.opponent())],
    );
    let found = findings(&alone.yaml());
    assert_eq!(
        found.contains(&"battle-card-user"),
        !card.text.together_alone,
        "{name}, one alone: {found:?}"
    );
    let found = findings(&alone.off(&name).yaml());
    assert!(
        !found.contains(&"battle-card-user"),
        "{name}, one alone, text off: {found:?}"
    );
    if let Some(only) = &card.text.only_defeated {
        let named: Vec<String> = users
            .iter()
            .filter(|user| jedi_judge::cards::users::is_battle_user(only, user) == Ok(true))
            .map(|user| user.full_name())
            .collect();
        let lost = losing(card, vec![entry_of(&users, &name)], Vec::new());
        let (flat, result) = lost.walk();
        if !defeated(&result, side).is_empty() {
            assert_eq!(defeated(&result, side), named.as_slice(), "{name}:\n{flat}");
            assert!(named.len() < users.len(), "{name}: all are named");
        } else {
            return Err("its users do not lose to the armed champion".to_string());
        }
    }
    if card.text.together_same_stack {
        let other = characters(side)
            .into_iter()
            .find(|character| character.title != users[0].title)
            .ok_or("no other stack")?;
        let mixed = Battle::new(
            card,
            vec![entry_of(&[users[0], other], &name)],
            vec![weak(side.opponent())],
        );
        let found = findings(&mixed.yaml());
        assert!(
            found.contains(&"battle-plan-fight-together-not-allowed")
                || found.contains(&"battle-card-user"),
            "{name} lets two stacks fight together: {found:?}"
        );
    }
    Ok(())
}

/// `bonus-if`: the power bonus counts where the condition holds, with the text and without
/// (nothing changes); where it does not, it counts only with the text off.
fn prove_bonus_if(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let users = users_of(card)?;
    let counted = |flat: &str| {
        flat.contains(&format!("power bonus of {name}"))
            && !flat.contains(&format!("+ 0 power bonus of {name}"))
    };
    let conditions = &card.text.battle_bonus_if;
    if conditions.is_empty() {
        return Err("no condition is applied".to_string());
    }
    let mut holds = None;
    let mut fails = None;
    let user = entry_of(&users, &name);
    let opponent_side = side.opponent();
    // Situations to try: each opposing character unarmed; the user with each weapon of his
    // side; the opponent having controlled a planet or not.
    let mut tries: Vec<Battle> = Vec::new();
    if conditions
        .iter()
        .any(|condition| matches!(condition, Condition::OpponentControlsUnsurrendered))
    {
        let base = Battle::new(card, vec![user.clone()], vec![weak(opponent_side)]);
        tries.push(
            base.clone()
                .lines(opponent_side, "  controlled: [Tatooine]\n"),
        );
        tries.push(
            base.clone()
                .lines(opponent_side, "  controlled: [Tatooine]\n")
                .lines(side, "  surrendered: [Tatooine]\n"),
        );
    }
    if conditions
        .iter()
        .any(|condition| matches!(condition, Condition::ShowsHand))
    {
        let base = Battle::new(card, vec![user.clone()], vec![weak(opponent_side)]);
        tries.push(base.clone());
        let mut hidden = base;
        hidden.top_lines = "assumptions:\n  shows-hand: hides\n".to_string();
        tries.push(hidden);
    }
    if conditions
        .iter()
        .any(|condition| matches!(condition, Condition::UsingA(_) | Condition::UsingNamed(_)))
    {
        tries.push(Battle::new(
            card,
            vec![user.clone()],
            vec![weak(opponent_side)],
        ));
        for weapon in Catalog::embedded().cards().iter().filter(|weapon| {
            weapon.game == Game::YoungJedi
                && weapon.is(CardType::Weapon)
                && weapon.halves.is_none()
                && weapon.side() == Some(side)
        }) {
            for named in [weapon.full_name(), qualified_name(weapon)] {
                let mut armed = user.clone();
                armed.weapon = Some(named);
                tries.push(Battle::new(card, vec![armed], vec![weak(opponent_side)]));
            }
        }
    }
    if conditions.iter().any(|condition| {
        matches!(
            condition,
            Condition::FightingA(_) | Condition::FightingNamed(_)
        )
    }) {
        for opponent in characters(opponent_side) {
            tries.push(Battle::new(
                card,
                vec![user.clone()],
                vec![Entry::of(&[&opponent.full_name()])],
            ));
        }
    }
    for battle in tries {
        if holds.is_some() && fails.is_some() {
            break;
        }
        let text = battle.yaml();
        if !findings(&text).is_empty() {
            continue;
        }
        let Ok((flat, _)) = try_walked_battle(&text) else {
            continue;
        };
        if counted(&flat) {
            holds.get_or_insert(battle);
        } else {
            fails.get_or_insert(battle);
        }
    }
    let holds = holds.ok_or("no situation tried meets its condition")?;
    let fails = fails.ok_or("no situation tried fails its condition")?;
    let (flat, _) = holds.off_but_together(card).walk();
    assert!(counted(&flat), "{name} with its text off:\n{flat}");
    let (flat, _) = fails.walk();
    assert!(flat.contains("so it does not apply"), "{name}:\n{flat}");
    let (flat, _) = fails.off_but_together(card).walk();
    assert!(counted(&flat), "{name} with its text off:\n{flat}");
    Ok(())
}

/// `back-to-hand`: a defeated user goes back to the hand and his side takes no DAMAGE for him,
/// or, last in his plan, his side loses nothing to breakthrough; with the text off it does.
/// Where he wins, or is not the last card, nothing changes.
fn prove_back_to_hand(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let users = users_of(card)?;
    let opponent_side = side.opponent();
    if card.text.defeated_to_hand {
        let lost = losing(card, vec![entry_of(&users, &name)], Vec::new());
        let (flat, result) = lost.walk();
        if defeated(&result, side).is_empty() {
            return Err("its user does not lose to the armed champion".to_string());
        }
        assert_eq!(damage(&result, side), 0, "{name}:\n{flat}");
        let (flat, off) = lost.off_but_together(card).walk();
        assert!(damage(&off, side) > 0, "{name} with its text off:\n{flat}");
        let won = Battle::new(
            card,
            vec![entry_of(&users, &name)],
            vec![weak(opponent_side)],
        );
        let (flat, with) = won.walk();
        let (_, without) = won.off_but_together(card).walk();
        if !defeated(&with, side).is_empty() {
            return Err("its user loses to the weakest opponent".to_string());
        }
        assert_eq!(
            damage(&with, side),
            damage(&without, side),
            "{name}:\n{flat}"
        );
    }
    if card.text.keep_breakthrough {
        let others = characters(opponent_side);
        let extra: Vec<String> = others
            .iter()
            .map(|card| card.full_name())
            .filter(|other| {
                Some(other.as_str()) != strong(opponent_side).fighters.first().map(String::as_str)
            })
            .take(2)
            .collect();
        let (opponent_name, _) = champion(opponent_side);
        let last = Battle::new(
            card,
            vec![entry_of(&users, &name)],
            vec![Entry::of(&[opponent_name]), Entry::of(&[&extra[0]])],
        );
        let (flat, with) = last.walk();
        assert!(
            flat.contains("loses no cards to breakthrough"),
            "{name}:\n{flat}"
        );
        let (flat, without) = last.off_but_together(card).walk();
        assert!(
            damage(&without, side) > damage(&with, side),
            "{name} with its text off:\n{flat}"
        );
        // Not the last card: another of his side follows, and the text changes nothing.
        let follower = characters(side)
            .into_iter()
            .find(|character| {
                users
                    .iter()
                    .all(|user| user.full_name() != character.full_name())
            })
            .ok_or("no other character")?;
        let not_last = Battle::new(
            card,
            vec![entry_of(&users, &name), Entry::of(&[&follower.full_name()])],
            vec![
                Entry::of(&[opponent_name]),
                Entry::of(&[&extra[0]]),
                Entry::of(&[&extra[1]]),
            ],
        );
        let (flat, with) = not_last.walk();
        let (_, without) = not_last.off_but_together(card).walk();
        assert!(
            !flat.contains("loses no cards to breakthrough"),
            "{name}:\n{flat}"
        );
        assert_eq!(
            damage(&with, side),
            damage(&without, side),
            "{name}:\n{flat}"
        );
    }
    if !card.text.defeated_to_hand && !card.text.keep_breakthrough {
        return Err("no back-to-hand effect is applied".to_string());
    }
    Ok(())
}

/// `weapon-negation`: a Force push cancels the opposing weapon while its user fights unarmed,
/// and with the text off it does not; against an unarmed opponent nothing changes. Users who
/// may not use weapons have theirs set aside, and with the text off use it; unarmed, nothing
/// changes.
fn prove_weapon_negation(card: &Card) -> Result<(), Unproved> {
    if !card.text.weapons_barred.is_empty() {
        prove_weapons_barred(card)?;
        if card.text.battle != Some(BattleEffect::ForcePush) && !card.text.no_weapons {
            return Ok(());
        }
    }
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let users = users_of(card)?;
    let opponent_side = side.opponent();
    if card.text.battle == Some(BattleEffect::ForcePush) {
        let armed = Battle::new(
            card,
            vec![entry_of(&users, &name)],
            vec![strong(opponent_side)],
        );
        let (flat, _) = armed.walk();
        assert!(flat.contains("is a Force push"), "{name}:\n{flat}");
        let (flat, _) = armed.off_but_together(card).walk();
        assert!(
            !flat.contains("is a Force push"),
            "{name} with its text off:\n{flat}"
        );
        let (champion_name, _) = champion(opponent_side);
        let unarmed = Battle::new(
            card,
            vec![entry_of(&users, &name)],
            vec![Entry::of(&[champion_name])],
        );
        let (flat, with) = unarmed.walk();
        let (_, without) = unarmed.off_but_together(card).walk();
        assert!(!flat.contains("is a Force push"), "{name}:\n{flat}");
        assert_eq!(
            first_fight(&flat),
            first_fight(&walked_battle(&unarmed.off_but_together(card).yaml()).0)
        );
        assert_eq!(
            damage(&with, opponent_side),
            damage(&without, opponent_side)
        );
        return Ok(());
    }
    if card.text.no_weapons {
        // A weapon of his side his first user can use: one whose destiny he draws with the
        // text off.
        let weapons: Vec<String> = Catalog::embedded()
            .cards()
            .iter()
            .filter(|weapon| {
                weapon.game == Game::YoungJedi
                    && weapon.is(CardType::Weapon)
                    && weapon.halves.is_none()
                    && weapon.side() == Some(side)
            })
            .flat_map(|weapon| [weapon.full_name(), qualified_name(weapon)])
            .collect();
        for weapon in weapons {
            let mut entry = entry_of(&users, &name);
            entry.weapon = Some(weapon.clone());
            let armed = Battle::new(card, vec![entry], vec![weak(opponent_side)]);
            if !findings(&armed.yaml()).is_empty() {
                continue;
            }
            let Ok((flat_off, _)) = try_walked_battle(&armed.off_but_together(card).yaml()) else {
                continue;
            };
            if !flat_off.contains(&format!("destiny for {weapon}")) {
                continue;
            }
            let (flat, _) = armed.walk();
            assert!(
                flat.contains("may not use weapons in this fight"),
                "{name}:\n{flat}"
            );
            assert!(
                !flat.contains(&format!("destiny for {weapon}")),
                "{name}:\n{flat}"
            );
            let unarmed = Battle::new(
                card,
                vec![entry_of(&users, &name)],
                vec![weak(opponent_side)],
            );
            let (flat, _) = unarmed.walk();
            let (flat_off, _) = unarmed.off_but_together(card).walk();
            assert_eq!(first_fight(&flat), first_fight(&flat_off), "{name}");
            return Ok(());
        }
        return Err("no weapon its users can use".to_string());
    }
    Err("no weapon negation is applied".to_string())
}

/// `destiny`: with the destiny numbers as the text needs them (the user's low, the
/// opponent's high) the totals change, and with the text off they do not; the other way round
/// nothing changes.
fn prove_destiny(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let text = card.text.destiny_text.ok_or("no destiny text is applied")?;
    let users = users_of(card)?;
    if users[0].full_name() != champion(side).0 {
        return Err("its user is not the side's champion, whose lightsaber draws".to_string());
    }
    let opponent_side = side.opponent();
    let fight = |ours: u8, theirs: u8| {
        let mut entry = entry_of(&users, &name);
        entry.weapon = Some(champion(side).1.to_string());
        Battle::new(card, vec![entry], vec![strong(opponent_side)])
            .deck(side, vec![ours; 12])
            .deck(opponent_side, vec![theirs; 12])
    };
    let met = fight(1, 6);
    let (flat, _) = met.walk();
    assert!(
        flat.contains("The totals are now"),
        "{name} ({text:?}):\n{flat}"
    );
    let (flat_off, _) = met.off_but_together(card).walk();
    assert!(
        !flat_off.contains("The totals are now"),
        "{name}:\n{flat_off}"
    );
    assert_ne!(first_fight(&flat), first_fight(&flat_off), "{name}");
    let unmet = fight(9, 0);
    let (flat, _) = unmet.walk();
    let (flat_off, _) = unmet.off_but_together(card).walk();
    assert!(!flat.contains("The totals are now"), "{name}:\n{flat}");
    assert_eq!(first_fight(&flat), first_fight(&flat_off), "{name}");
    Ok(())
}

/// `fight-result`: a won fight costs the loser the extra DAMAGE, a lost one the user's side;
/// with the text off neither; a tied fight changes nothing.
fn prove_fight_result(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let result_text = card
        .text
        .fight_result
        .ok_or("no fight result text is applied")?;
    let users = users_of(card)?;
    let opponent_side = side.opponent();
    let won = Battle::new(
        card,
        vec![entry_of(&users, &name)],
        vec![weak(opponent_side)],
    );
    let (flat, with) = won.walk();
    let (_, without) = won.off_but_together(card).walk();
    if defeated(&with, opponent_side).is_empty() {
        return Err("its user does not beat the weakest opponent".to_string());
    }
    assert_eq!(
        damage(&with, opponent_side),
        damage(&without, opponent_side) + i32::from(result_text.win_damage),
        "{name}:\n{flat}"
    );
    let lost = losing(card, vec![entry_of(&users, &name)], Vec::new());
    let (flat, with) = lost.walk();
    let (_, without) = lost.off_but_together(card).walk();
    if defeated(&with, side).is_empty() {
        return Err("its user does not lose to the armed champion".to_string());
    }
    assert_eq!(
        damage(&with, side),
        damage(&without, side) + i32::from(result_text.loss_damage),
        "{name}:\n{flat}"
    );
    // A tie: the opponent as strong as the user, neither armed.
    let power = users[0].power().unwrap_or_default();
    let equal = characters(opponent_side)
        .into_iter()
        .find(|character| character.power() == Some(power))
        .ok_or("no opponent of equal power")?;
    let tied = Battle::new(
        card,
        vec![entry_of(&users[..1], &name)],
        vec![Entry::of(&[&equal.full_name()])],
    );
    let (flat, with) = tied.walk();
    let (_, without) = tied.off_but_together(card).walk();
    assert!(
        first_fight(&flat).starts_with("Fight 1 is tied"),
        "{name}:\n{flat}"
    );
    assert_eq!(
        (with.damage_light, with.damage_dark),
        (without.damage_light, without.damage_dark),
        "{name}"
    );
    Ok(())
}

/// A duel on Naboo: the card's side attacks with its champion and his lightsaber, and plays the
/// card first; the other side's hand holds only cards of its destiny where `blocked`, else none.
fn duel(card: &Card, blocked: bool, text_off: bool) -> String {
    let name = card.full_name();
    let side = card.side().unwrap_or(Side::Light);
    let other = side.opponent();
    let (ours, saber) = champion(side);
    let (theirs, _) = champion(other);
    let destiny = card.destiny().unwrap_or(0);
    let miss = if blocked {
        destiny
    } else if destiny == 1 {
        2
    } else {
        1
    };
    let filler = if destiny == 4 { 5 } else { 4 };
    let mut cards = format!(
        "  {ours:?}: {{power: 3, damage: 4, text: none}}\n  {theirs:?}: {{power: 3, damage: 4, text: none}}\n"
    );
    let half = card
        .played_as
        .as_ref()
        .map(|half| format!("played_as: {half:?}"));
    match (text_off, half) {
        (true, Some(half)) => cards.push_str(&format!("  {name:?}: {{text: none, {half}}}\n")),
        (true, None) => cards.push_str(&format!("  {name:?}: {{text: none}}\n")),
        (false, Some(half)) => cards.push_str(&format!("  {name:?}: {{{half}}}\n")),
        (false, None) => {}
    }
    let (weapon_line, on_planet) = (
        format!("    weapon: {saber:?}\n"),
        format!("{ours:?}, {saber:?}"),
    );
    format!(
        "action: duel\nturn: {s}\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\ncards:\n{cards}{s}:\n  deck: [{name:?}, {filler}, {filler}, {filler}, {filler}, {filler}, {filler}]\n{o}:\n  deck: [{miss}, {miss}, {miss}, {miss}, {miss}, {miss}, {miss}]\nplanets:\n  Naboo:\n    {s}: [{on_planet}]\n    {o}: [{theirs:?}]\ndecisions:\n  {s}:\n    character: {ours:?}\n{weapon_line}    defender: {theirs:?}\n    plays: [{name:?}]\n",
        s = word(side),
        o = word(other),
    )
}

fn walked_duel(text: &str) -> String {
    walked_flat(text)
        .unwrap_or_else(|error| panic!("{error}\n{text}"))
        .0
}

/// `when-dueling`: the card scoring a hit for a character using a lightsaber does what its
/// dueling text says, and with the text off nothing; where the card is blocked and scores no
/// hit, the duel ends as with the text off.
fn prove_when_dueling(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let effect: DuelingEffect = card.text.dueling.ok_or("no dueling text is applied")?;
    let flat = walked_duel(&duel(card, false, false));
    assert!(
        flat.contains(&format!("{name} scored the hit for the"))
            && flat.contains("so its dueling text applies"),
        "{name} ({effect:?}):\n{flat}"
    );
    let flat = walked_duel(&duel(card, false, true));
    assert!(
        !flat.contains("so its dueling text applies"),
        "{name}:\n{flat}"
    );
    let verdict = |flat: &str| {
        let from = flat.find("Verdict").unwrap_or(0);
        let to = flat
            .find("Printed text not modelled")
            .unwrap_or(flat.len())
            .max(from);
        flat[from..to].to_string()
    };
    let blocked = walked_duel(&duel(card, true, false));
    let blocked_off = walked_duel(&duel(card, true, true));
    assert!(
        !blocked.contains(&format!("{name} scored the hit")),
        "{name}:\n{blocked}"
    );
    assert_eq!(
        verdict(&blocked),
        verdict(&blocked_off),
        "{name}:\n{blocked}"
    );
    Ok(())
}

/// The proof of a kind of effect for one card, where there is one.
/// `two-weapons`: its user fights with the two weapons its text names and draws destiny for
/// both; with the text off, the second weapon is refused. With one weapon, nothing changes.
fn prove_two_weapons(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    if card.text.two_weapons.is_empty() {
        return Err("no two-weapons text is applied".to_string());
    }
    let users = users_of(card)?;
    let weapons: Vec<&Card> = Catalog::embedded()
        .cards()
        .iter()
        .filter(|weapon| {
            weapon.game == Game::YoungJedi
                && weapon.is(CardType::Weapon)
                && weapon.halves.is_none()
                && weapon.side() == Some(side)
        })
        .collect();
    let opponent = strong(side.opponent());
    for first in &weapons {
        for second in &weapons {
            if first.full_name() == second.full_name()
                || !jedi_judge::cards::users::are_the_weapons(
                    &card.text.two_weapons,
                    &[first, second],
                )
            {
                continue;
            }
            let (one, two) = (qualified_name(first), qualified_name(second));
            let mut entry = entry_of(&users, &name);
            entry.weapon = Some(one.clone());
            entry.second_weapon = Some(two.clone());
            let both = Battle::new(card, vec![entry], vec![opponent.clone()]);
            if !findings(&both.yaml()).is_empty() {
                continue;
            }
            let Ok((flat, _)) = try_walked_battle(&both.yaml()) else {
                continue;
            };
            let drew = |flat: &str, weapon: &Card| {
                flat.contains(&format!("destiny for {}", weapon.full_name()))
            };
            if !drew(&flat, first) || !drew(&flat, second) {
                continue;
            }
            let off = both.off_but_together(card);
            assert!(
                findings(&off.yaml()).contains(&"battle-plan-two-weapons"),
                "{name} with its text off:\n{}",
                off.yaml()
            );
            let mut single = entry_of(&users, &name);
            single.weapon = Some(one);
            let single = Battle::new(card, vec![single], vec![opponent.clone()]);
            let (flat, _) = single.walk();
            let (flat_off, _) = single.off_but_together(card).walk();
            assert_eq!(first_fight(&flat), first_fight(&flat_off), "{name}");
            return Ok(());
        }
    }
    Err("no two weapons its user can use are found".to_string())
}

/// `same-weapon`: a user who defeats his opponent fights the next fight too, with his weapon;
/// with the text off, the next card of his plan does. Where he loses, nothing changes.
fn prove_same_weapon(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let Some(kind) = card.text.next_fight_same_weapon.clone() else {
        return Err("no next-fight text is applied".to_string());
    };
    let users = users_of(card)?;
    let user = users[0].full_name();
    let (champion_name, saber) = champion(side);
    let mut entry = entry_of(&users, &name);
    if user == champion_name {
        entry.weapon = Some(saber.to_string());
    }
    let follower = characters(side)
        .into_iter()
        .find(|character| character.title != users[0].title)
        .ok_or("no other character")?;
    // Three weak opponents of different titles: the first of the kind the text names, or not.
    let mut weakest = characters(side.opponent());
    weakest.sort_by_key(|card| card.power().unwrap_or(i32::MAX));
    let of_kind =
        |character: &Card| jedi_judge::cards::users::is_battle_user(&kind, character) == Ok(true);
    let not_of_kind =
        |character: &Card| jedi_judge::cards::users::is_battle_user(&kind, character) == Ok(false);
    let three = |first_of_kind: bool| -> Vec<Entry> {
        let mut chosen: Vec<&Card> = Vec::new();
        for character in &weakest {
            if chosen.len() == 3 {
                break;
            }
            let fits = if chosen.is_empty() {
                if first_of_kind {
                    of_kind(character)
                } else {
                    not_of_kind(character)
                }
            } else {
                true
            };
            if fits && chosen.iter().all(|other| other.title != character.title) {
                chosen.push(character);
            }
        }
        chosen
            .iter()
            .map(|character| Entry::of(&[&character.full_name()]))
            .collect()
    };
    // Who fights the second fight: the user with the text, his follower without.
    let second_fight = |flat: &str| {
        let at = flat.find("Fight 2:").unwrap_or(flat.len());
        let end = flat[at..].find('.').map_or(flat.len(), |end| at + end);
        flat[at..end].to_string()
    };
    let plan = vec![entry.clone(), Entry::of(&[&follower.full_name()])];
    let won = Battle::new(card, plan.clone(), three(true));
    let (flat, _) = won.walk();
    if !flat.contains("The Light Side wins fight 1") && !flat.contains("The Dark Side wins fight 1")
    {
        return Err("fight 1 is not won".to_string());
    }
    assert!(
        flat.contains(&format!("by {name} fights the next fight")),
        "{name}:\n{flat}"
    );
    assert!(second_fight(&flat).contains(&user), "{name}:\n{flat}");
    let (flat_off, _) = won.off_but_together(card).walk();
    assert!(
        !flat_off.contains("fights the next fight"),
        "{name}:\n{flat_off}"
    );
    assert!(
        second_fight(&flat_off).contains(&follower.full_name()),
        "{name}:\n{flat_off}"
    );
    // He defeats a character not of that kind: his follower fights the next fight, with the
    // text as without.
    let other_kind = Battle::new(card, plan, three(false));
    let (flat, _) = other_kind.walk();
    let (flat_off, _) = other_kind.off_but_together(card).walk();
    if !flat.contains("wins fight 1") {
        return Err("fight 1 against another kind is not won".to_string());
    }
    assert!(!flat.contains("fights the next fight"), "{name}:\n{flat}");
    assert_eq!(second_fight(&flat), second_fight(&flat_off), "{name}");
    // He loses: nothing changes.
    let lost = losing(
        card,
        vec![entry, Entry::of(&[&follower.full_name()])],
        vec![weak(side.opponent())],
    );
    let (flat, with) = lost.walk();
    let (_, without) = lost.off_but_together(card).walk();
    if defeated(&with, side).is_empty() {
        return Err("its user does not lose to the armed champion".to_string());
    }
    assert!(!flat.contains("fights the next fight"), "{name}:\n{flat}");
    assert_eq!(
        (with.damage_light, with.damage_dark),
        (without.damage_light, without.damage_dark),
        "{name}"
    );
    Ok(())
}

/// A planet other than `planet`, where an Effect is put to show that it acts at its own.
fn elsewhere(planet: &str) -> &'static str {
    if planet == "Tatooine" {
        "Coruscant"
    } else {
        "Tatooine"
    }
}

/// The Effect in play for its side, at the battle's planet or elsewhere.
fn with_effect(mut battle: Battle, card: &Card, here: bool) -> Battle {
    let side = card.side().unwrap_or(Side::Light);
    let planet = if here {
        battle.planet
    } else {
        elsewhere(battle.planet)
    };
    battle.in_play.push((side, planet, card.full_name()));
    battle
}

/// The characters of a side that are (or are not) of the kinds an Effect's text names.
fn of_kinds(side: Side, kinds: &[BattleUser], are: bool) -> Vec<&'static Card> {
    characters(side)
        .into_iter()
        .filter(|character| is_one_of(character, kinds, true) == Ok(are))
        .collect()
}

/// A weapon of the side the character may use, whose name the text's word gives where it
/// gives one (`any fambaa`).
fn weapon_for(character: &Card, word: Option<&str>) -> Option<String> {
    Catalog::embedded()
        .cards()
        .iter()
        .filter(|weapon| {
            weapon.game == Game::YoungJedi
                && weapon.is(CardType::Weapon)
                && weapon.halves.is_none()
                && weapon.side() == character.side()
                && word.is_none_or(|word| weapon_is(word, weapon))
                && matches!(box_for(weapon, character), Ok(Some(_)))
        })
        .map(qualified_name)
        .next()
}

/// `aura-bonus`: an Effect at the planet adds its power to its player's character of the kinds
/// it names (using the weapon it names); with the text off it does not. A character of other
/// kinds, or the Effect at another planet: nothing changes.
fn prove_aura(card: &Card) -> Result<(), Unproved> {
    if card.text.carried_aura.is_some() {
        return prove_carried_aura(card);
    }
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let aura = card.text.aura.clone().ok_or("no power bonus to others")?;
    let counted = |flat: &str| flat.contains(&format!("{} power bonus of {name}", aura.amount));
    let entry = |character: &Card| -> Option<Entry> {
        let mut entry = Entry::of(&[&character.full_name()]);
        if let Some(word) = &aura.using {
            entry.weapon = Some(weapon_for(character, Some(word))?);
        }
        Some(entry)
    };
    let (user, armed) = of_kinds(side, &aura.to, true)
        .into_iter()
        .find_map(|character| Some((character, entry(character)?)))
        .ok_or("no character is of the kinds it names")?;
    let opponent = weak(side.opponent());
    let mut base = Battle::new(card, vec![armed.clone()], vec![opponent.clone()]);
    // In the turn its text holds in.
    let holding_turn = aura.during.map(|during| match during {
        WhoseTurn::YourTurn => side,
        WhoseTurn::OpponentsTurn => side.opponent(),
    });
    base.turn = holding_turn;
    let (flat, with) = with_effect(base.clone(), card, true).walk();
    assert!(counted(&flat), "{name}:\n{flat}");
    let (flat, without) = with_effect(base.clone(), card, true).off(&name).walk();
    assert!(!counted(&flat), "{name} with its text off:\n{flat}");
    assert_eq!(
        with.defeated_light.len() + with.defeated_dark.len(),
        without.defeated_light.len() + without.defeated_dark.len(),
        "{name}: one fight both ways"
    );
    // Unmet: the Effect at another planet; in the other player's turn where it holds in one;
    // a character of no kind it names (or the user without the weapon it names).
    let mut unmet = vec![with_effect(base.clone(), card, false)];
    if let Some(turn) = holding_turn {
        let mut other_turn = base.clone();
        other_turn.turn = Some(turn.opponent());
        unmet.push(with_effect(other_turn, card, true));
    }
    let other = match &aura.using {
        Some(_) => Some(Entry::of(&[&user.full_name()])),
        None => of_kinds(side, &aura.to, false)
            .first()
            .map(|character| Entry::of(&[&character.full_name()])),
    };
    if let Some(other) = other {
        let mut battle = Battle::new(card, vec![other], vec![opponent]);
        battle.turn = holding_turn;
        unmet.push(with_effect(battle, card, true));
    }
    // The opponent's character of a kind it names takes none of it.
    if let (Some(theirs), Some(ours)) = (
        of_kinds(side.opponent(), &aura.to, true).first(),
        of_kinds(side, &aura.to, false).first(),
    ) {
        let mut opposing = Entry::of(&[&theirs.full_name()]);
        if let Some(word) = &aura.using {
            opposing.weapon = weapon_for(theirs, Some(word));
        }
        let mut battle = Battle::new(card, vec![Entry::of(&[&ours.full_name()])], vec![opposing]);
        battle.turn = holding_turn;
        unmet.push(with_effect(battle, card, true));
    }
    for battle in unmet {
        let (flat, with) = battle.walk();
        let (flat_off, without) = battle.off(&name).walk();
        assert!(!counted(&flat), "{name}, unmet:\n{flat}");
        assert_eq!(first_fight(&flat), first_fight(&flat_off), "{name}, unmet");
        assert_eq!(
            (with.damage_light, with.damage_dark),
            (without.damage_light, without.damage_dark),
            "{name}, unmet"
        );
    }
    Ok(())
}

/// `damage-modifier`: at the Effect's planet, a defeated character of the kinds it names costs
/// its side the DAMAGE the text adds; with the text off it does not. A defeated character of
/// other kinds, or the Effect at another planet: nothing changes.
fn prove_damage_modifier(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let modifier = card
        .text
        .damage_modifier
        .clone()
        .ok_or("no DAMAGE modifier")?;
    if modifier.of != ModifiedCards::Characters {
        return prove_starship_damage(card);
    }
    if modifier.own_card {
        return prove_own_damage(card);
    }
    if modifier.defeated_by_it {
        return prove_damage_of_those_it_defeats(card);
    }
    let sides = match modifier.applies_to {
        ModifierTarget::Own => vec![side],
        ModifierTarget::Opponent => vec![side.opponent()],
        ModifierTarget::Any => vec![side.opponent(), side],
    };
    let (loser, defeated) = sides
        .iter()
        .find_map(|loser| {
            of_kinds(*loser, &modifier.only, true)
                .first()
                .map(|character| (*loser, *character))
        })
        .ok_or("no character is of the kinds it names")?;
    // A side's character against the other side's armed champion, who draws high.
    let losing_battle = |loser: Side, character: &Card| {
        Battle::sided(
            card,
            loser,
            vec![Entry::of(&[&character.full_name()])],
            vec![strong(loser.opponent())],
        )
        .deck(loser.opponent(), vec![9; 12])
    };
    let base = losing_battle(loser, defeated);
    let (flat, with) = with_effect(base.clone(), card, true).walk();
    let (_, without) = with_effect(base.clone(), card, true).off(&name).walk();
    assert!(
        defeated_of(&with, loser).contains(&defeated.full_name()),
        "{name}: {} is defeated:\n{flat}",
        defeated.full_name()
    );
    assert_damage_moved(
        &with,
        &without,
        loser,
        modifier.amount,
        &format!("{name}:\n{flat}"),
    );
    let mut unmet = vec![(loser, with_effect(base, card, false))];
    if let Some(other) = of_kinds(loser, &modifier.only, false).first() {
        unmet.push((loser, with_effect(losing_battle(loser, other), card, true)));
    }
    // A character of the kinds it names on the side it does not reach.
    let unreached = match modifier.applies_to {
        ModifierTarget::Own => Some(side.opponent()),
        ModifierTarget::Opponent => Some(side),
        ModifierTarget::Any => None,
    };
    if let Some(other_side) = unreached
        && let Some(other) = of_kinds(other_side, &modifier.only, true).first()
    {
        unmet.push((
            other_side,
            with_effect(losing_battle(other_side, other), card, true),
        ));
    }
    for (loser, battle) in unmet {
        let (flat, with) = battle.walk();
        let (_, without) = battle.off(&name).walk();
        assert_eq!(
            damage(&with, loser),
            damage(&without, loser),
            "{name}, unmet:\n{flat}"
        );
    }
    Ok(())
}

/// Each side's transport and starfighter, as a position names them.
fn starships(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Light => (
            "Republic Cruiser, Transport (Menace of Darth Maul)",
            "Bravo 2, Naboo Starfighter",
        ),
        Side::Dark => (
            "Battleship, Trade Federation Transport (Menace of Darth Maul)",
            "Droid Starfighter (The Jedi Council)",
        ),
    }
}

/// An evacuation of Naboo by the card's player, intercepted: his plan `ours` and the
/// interceptor's `theirs`, each a starship with the power stated; the card on Naboo with the
/// evacuating characters, or on Tatooine.
fn evacuation(card: &Card, ours: &[(&str, i32)], theirs: &[(&str, i32)], here: bool) -> String {
    let side = card.side().unwrap_or(Side::Light);
    let (mover, other) = (word(side), word(side.opponent()));
    let (champion_name, _) = champion(side);
    let mut cards = String::new();
    for (starship, power) in ours.iter().chain(theirs) {
        cards.push_str(&format!("  {starship:?}: {{power: {power}}}\n"));
    }
    cards.push_str(&format!("  {champion_name:?}: {{text: none}}\n"));
    let plan = |entries: &[(&str, i32)]| -> String {
        entries
            .iter()
            .map(|(starship, _)| format!("    - fighter: {starship:?}\n"))
            .collect()
    };
    let list = |entries: &[(&str, i32)]| -> String {
        entries
            .iter()
            .map(|(starship, _)| format!("{starship:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (at_naboo, elsewhere) = if here {
        (
            format!("{champion_name:?}, {:?}", card.full_name()),
            String::new(),
        )
    } else {
        (
            format!("{champion_name:?}"),
            format!("  Tatooine:\n    {mover}: [{:?}]\n", card.full_name()),
        )
    };
    format!(
        "action: evacuate\nturn: {mover}\ncurrent_planet: Naboo\nseed: 1\ncards:\n{cards}{mover}:\n  deck: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]\n  hyperspace: [{}]\n{other}:\n  deck: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]\n  hyperspace: [{}]\nplanets:\n  Naboo:\n    {mover}: [{at_naboo}]\n    {other}: [{:?}]\n{elsewhere}battle:\n  {mover}:\n{}  {other}:\n{}decisions:\n  {other}:\n    intercept: true\n",
        list(ours),
        list(theirs),
        champion(side.opponent()).0,
        plan(ours),
        plan(theirs),
    )
}

/// `damage-modifier` of starships: in an intercepted evacuation, a defeated starship of the
/// kind the text names costs its side the DAMAGE the text adds; with the text off it does not.
/// A defeated starship of another kind, or the card away from the current planet where the
/// text asks for it there: nothing changes.
fn prove_starship_damage(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let modifier = card
        .text
        .damage_modifier
        .clone()
        .ok_or("no DAMAGE modifier")?;
    let loser = match modifier.applies_to {
        ModifierTarget::Own => side,
        ModifierTarget::Opponent | ModifierTarget::Any => side.opponent(),
    };
    let (transport, starfighter) = starships(loser);
    let (their_transport, their_starfighter) = starships(loser.opponent());
    // The loser's starship of the kind (power 0) against a strong one; the evacuator keeps a
    // transport that survives where he is not the loser.
    let named = match modifier.of {
        ModifiedCards::Starfighters => starfighter,
        _ => transport,
    };
    let other_kind = match modifier.of {
        ModifiedCards::Transports => Some(starfighter),
        ModifiedCards::Starfighters => Some(transport),
        _ => None,
    };
    let position = |lost: &str, here: bool| {
        let losing = [
            (lost, 0),
            (
                if lost == transport {
                    starfighter
                } else {
                    transport
                },
                9,
            ),
        ];
        let winning = [(their_transport, 9), (their_starfighter, 0)];
        if loser == side {
            evacuation(card, &losing, &winning, here)
        } else {
            evacuation(card, &[(their_transport, 9)], &[(lost, 0)], here)
        }
    };
    let walk = |text: &str| -> BattleResult {
        let found = findings(text);
        assert!(found.is_empty(), "{found:?}\n{text}");
        walked_battle(text).1
    };
    let base = position(named, true);
    let with = walk(&base);
    let without = walk(&text_none(&base, &name));
    assert!(
        !defeated(&with, loser).is_empty(),
        "{name}: a starship of the {} side is defeated:\n{base}",
        word(loser)
    );
    assert_damage_moved(
        &with,
        &without,
        loser,
        modifier.amount,
        &format!("{name}:\n{base}"),
    );
    let mut unmet = Vec::new();
    if modifier.at_current_planet {
        unmet.push(position(named, false));
    }
    if let Some(other) = other_kind.filter(|_| loser != side || named == transport) {
        unmet.push(position(other, true));
    }
    if unmet.is_empty() {
        return Err("no position where its condition is unmet".to_string());
    }
    for text in unmet {
        let with = walk(&text);
        let without = walk(&text_none(&text, &name));
        assert_eq!(
            damage(&with, loser),
            damage(&without, loser),
            "{name}, unmet:\n{text}"
        );
    }
    Ok(())
}

/// The DAMAGE a side took with a card's DAMAGE text is what it took with the text off, plus
/// the text's amount (never below zero), and differs from it.
fn assert_damage_moved(
    with: &BattleResult,
    without: &BattleResult,
    side: Side,
    amount: i32,
    what: &str,
) {
    assert_eq!(
        damage(with, side),
        (damage(without, side) + amount).max(0),
        "{what}"
    );
    assert_ne!(damage(with, side), damage(without, side), "{what}");
}

fn defeated_of(result: &BattleResult, side: Side) -> Vec<String> {
    defeated(result, side).to_vec()
}

/// `damage-modifier` of the card itself: defeated while it fights with the weapon its text
/// names, it costs its side the DAMAGE the text adds; with the text off it does not. Defeated
/// without that weapon: nothing changes.
fn prove_own_damage(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let yaml_name = qualified_name(card);
    let side = card.side().ok_or("no side")?;
    let modifier = card
        .text
        .damage_modifier
        .clone()
        .ok_or("no DAMAGE modifier")?;
    let weapon = match &modifier.while_using {
        Some(word) => {
            Some(weapon_for(card, Some(word)).ok_or("no weapon it names that it may use")?)
        }
        None => None,
    };
    let losing = |armed: bool| {
        let mut entry = Entry::of(&[&yaml_name]);
        if armed {
            entry.weapon = weapon.clone();
        }
        let mut battle = Battle::sided(card, side, vec![entry], vec![strong(side.opponent())])
            .deck(side.opponent(), vec![9; 12]);
        battle.keep_text = Some(yaml_name.clone());
        battle
    };
    let base = losing(true);
    let (flat, with) = base.walk();
    let (_, without) = base.off(&yaml_name).walk();
    assert!(
        defeated(&with, side).contains(&name),
        "{name} is defeated:\n{flat}"
    );
    assert_damage_moved(
        &with,
        &without,
        side,
        modifier.amount,
        &format!("{name}:\n{flat}"),
    );
    if weapon.is_none() {
        return Err("no condition to leave unmet".to_string());
    }
    let unarmed = losing(false);
    let (flat, with) = unarmed.walk();
    let (_, without) = unarmed.off(&yaml_name).walk();
    assert_eq!(
        damage(&with, side),
        damage(&without, side),
        "{name}, unmet:\n{flat}"
    );
    Ok(())
}

/// `damage-modifier` for the characters the card defeats: the opponent it defeats costs his
/// side the DAMAGE the text adds; with the text off it does not. An opponent another card
/// defeats, the card in play elsewhere: nothing changes.
fn prove_damage_of_those_it_defeats(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let yaml_name = qualified_name(card);
    let side = card.side().ok_or("no side")?;
    let other = side.opponent();
    let modifier = card
        .text
        .damage_modifier
        .clone()
        .ok_or("no DAMAGE modifier")?;
    let mut base = Battle::sided(
        card,
        side,
        vec![Entry::of(&[&yaml_name])],
        vec![weak(other)],
    );
    base.keep_text = Some(yaml_name.clone());
    let (flat, with) = base.walk();
    let (_, without) = base.off(&yaml_name).walk();
    assert!(
        !defeated(&with, other).is_empty(),
        "{name} defeats his opponent:\n{flat}"
    );
    assert_damage_moved(
        &with,
        &without,
        other,
        modifier.amount,
        &format!("{name}:\n{flat}"),
    );
    // Another card defeats the opponent; the card is in play at another planet.
    let mut unmet = Battle::sided(card, side, vec![strong(side)], vec![weak(other)]);
    let elsewhere = elsewhere(unmet.planet);
    unmet.in_play.push((side, elsewhere, yaml_name.clone()));
    let (flat, with) = unmet.walk();
    let (_, without) = unmet.off(&yaml_name).walk();
    assert!(!defeated(&with, other).is_empty(), "{name}, unmet:\n{flat}");
    assert_eq!(
        damage(&with, other),
        damage(&without, other),
        "{name}, unmet:\n{flat}"
    );
    Ok(())
}

/// `weapon-negation` of an Effect: a character of the kinds it names fights at its planet
/// without his weapon; with the text off he uses it. Another character's weapon, or the Effect
/// at another planet: nothing changes.
fn prove_weapons_barred(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let barred = card.text.weapons_barred.clone();
    let set_aside = |flat: &str| flat.contains(&format!("the text of {name} bars"));
    let mut found = None;
    for whose in [side.opponent(), side] {
        for character in of_kinds(whose, &barred, true) {
            if let Some(weapon) = weapon_for(character, None) {
                found = Some((whose, character, weapon));
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    let (whose, character, weapon) =
        found.ok_or("no character of the kinds it names has a weapon")?;
    let entry = Entry::of(&[&character.full_name()]).with_weapon(&weapon);
    let base = Battle::sided(card, whose, vec![entry], vec![weak(whose.opponent())]);
    let (flat, _) = with_effect(base.clone(), card, true).walk();
    assert!(set_aside(&flat), "{name}:\n{flat}");
    let (flat, _) = with_effect(base.clone(), card, true).off(&name).walk();
    let weapon_name = weapon.split(" (").next().unwrap_or(&weapon).to_string();
    assert!(
        !set_aside(&flat) && flat.contains(&format!("power bonus of {weapon_name}")),
        "{name} with its text off:\n{flat}"
    );
    let (flat, _) = with_effect(base, card, false).walk();
    assert!(!set_aside(&flat), "{name} at another planet:\n{flat}");
    Ok(())
}

/// A deploy of `deployed` by its side from hand to Naboo, with `effect` in play there (or
/// elsewhere) and `deck` the draw deck; the deployed card's own text off, and counters not
/// counted (what a card costs is said all the same).
fn deploy_yaml(
    effect: &Card,
    deployed: &str,
    here: bool,
    deck: &str,
    decisions: &str,
    off: bool,
) -> String {
    let side = word(effect.side().unwrap_or(Side::Light));
    let planet = if here { "Naboo" } else { elsewhere("Naboo") };
    let effect_name = effect.full_name();
    let text_off = if off {
        format!("  {effect_name:?}: {{text: none}}\n")
    } else {
        String::new()
    };
    format!(
        "action: deploy\nturn: {side}\nstep: deploy\ncurrent_planet: Naboo\nassumptions:\n  deploy-counters-per-turn: unlimited\ncards:\n  {deployed:?}: {{text: none}}\n{text_off}{side}:\n  hand: [{deployed:?}]\n  deck: {deck}\nplanets:\n  {planet}:\n    {side}: [{effect_name:?}]\ndeploy:\n  card: {deployed:?}\n{decisions}"
    )
}

/// `deploy-cost` of an Effect: a card of the kinds it names deploys at its planet for what the
/// text says; with the text off, for its printed counters. Another card, or the Effect at
/// another planet: nothing changes.
fn prove_deploy_cost(card: &Card) -> Result<(), Unproved> {
    if card.text.deploy_cost_with.is_some() {
        return prove_deploy_cost_with(card);
    }
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let cost = card.text.deploy_cost.clone().ok_or("no deploy cost")?;
    let of_side = |are: bool| {
        Catalog::embedded().cards().iter().find(|other| {
            other.game == Game::YoungJedi
                && other.halves.is_none()
                && other.side() == Some(side)
                && !other.is(CardType::Battle)
                && other
                    .deploy()
                    .is_some_and(|counters| counters > i32::from(cost.counters))
                && is_one_of(other, &cost.of, true) == Ok(are)
        })
    };
    let cheap = of_side(true).ok_or("no card of the kinds it names")?;
    let set = format!("as the text of {name} sets it");
    let walk = |deployed: &Card, here: bool, off: bool| {
        let text = deploy_yaml(card, &qualified_name(deployed), here, "[1, 2, 3]", "", off);
        assert!(findings(&text).is_empty(), "{:?}\n{text}", findings(&text));
        let (flat, _) = walked_flat(&text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        assert!(
            flat.contains(&format!("deploys {} to Naboo", deployed.full_name())),
            "{flat}"
        );
        flat
    };
    let flat = walk(cheap, true, false);
    assert!(
        flat.contains(&format!("using {}, {set}", count(cost.counters))),
        "{name}:\n{flat}"
    );
    let flat = walk(cheap, true, true);
    assert!(!flat.contains(&set), "{name} with its text off:\n{flat}");
    let mut unmet = vec![walk(cheap, false, false)];
    if let Some(other) = of_side(false) {
        unmet.push(walk(other, true, false));
    }
    for flat in unmet {
        assert!(!flat.contains(&set), "{name}, unmet:\n{flat}");
    }
    Ok(())
}

/// `deploy-cost` of a card's own: deployed to a planet where its player has a card it names in
/// play, it costs what the text says; with its text off, its printed counters. The card it
/// names at another planet: nothing changes.
fn prove_deploy_cost_with(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let cost = card
        .text
        .deploy_cost_with
        .clone()
        .ok_or("no deploy cost of its own")?;
    let present = characters(side)
        .into_iter()
        .find(|other| other.full_name() != name && is_one_of(other, &cost.of, true) == Ok(true))
        .ok_or("no card it names")?;
    let printed = card.deploy().ok_or("no printed deploy counters")?;
    assert!(printed > i32::from(cost.counters), "{name}: no saving");
    let (deployed, there) = (qualified_name(card), qualified_name(present));
    let walk = |here: bool, off: bool| {
        let planet = if here { "Naboo" } else { elsewhere("Naboo") };
        let side = word(side);
        let text = if off { ", text: none" } else { "" };
        let yaml = format!(
            "action: deploy\nturn: {side}\nstep: deploy\ncurrent_planet: Naboo\nassumptions:\n  deploy-counters-per-turn: unlimited\ncards:\n  {deployed:?}: {{location_bonus: {{Naboo: 0}}{text}}}\n  {there:?}: {{text: none}}\n{side}:\n  hand: [{deployed:?}]\n  deck: [1, 2, 3]\nplanets:\n  {planet}:\n    {side}: [{there:?}]\ndeploy:\n  card: {deployed:?}\n"
        );
        assert!(findings(&yaml).is_empty(), "{:?}\n{yaml}", findings(&yaml));
        let (flat, _) = walked_flat(&yaml).unwrap_or_else(|error| panic!("{error}\n{yaml}"));
        assert!(flat.contains(&format!("deploys {name} to Naboo")), "{flat}");
        flat
    };
    let cheap = format!(
        "using {}, as its own text sets it with {} in play there",
        count(cost.counters),
        present.full_name()
    );
    let flat = walk(true, false);
    assert!(flat.contains(&cheap), "{name}:\n{flat}");
    let full = format!("using {printed} counters");
    for (here, off) in [(true, true), (false, false)] {
        let flat = walk(here, off);
        assert!(
            !flat.contains("as its own text sets it") && flat.contains(&full),
            "{name}, here {here}, off {off}:\n{flat}"
        );
    }
    Ok(())
}

fn count(counters: u8) -> String {
    match counters {
        1 => "1 counter".to_string(),
        counters => format!("{counters} counters"),
    }
}

/// `deploy-from-deck` of an Effect: when a card of the kinds it names deploys at its planet,
/// its player discards it and deploys a card from his draw deck; with the text off, nothing
/// is searched. Another card deploying, or the Effect at another planet: nothing changes.
fn prove_deploy_trigger(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let trigger = card
        .text
        .deploy_trigger
        .clone()
        .ok_or("no deploy trigger")?;
    let deployer = of_kinds(side, &trigger.when, true)
        .into_iter()
        .next()
        .ok_or("no character of the kinds it names")?;
    let fetched = Catalog::embedded()
        .cards()
        .iter()
        .find(|weapon| {
            weapon.game == Game::YoungJedi
                && weapon.is(CardType::Weapon)
                && weapon.halves.is_none()
                && weapon.side() == Some(side)
                && weapon_is(&format!("any {}", trigger.fetch), weapon)
        })
        .ok_or("no card the text deploys")?;
    let deck = format!("[2, {:?}, 4]", qualified_name(fetched));
    let decisions = format!(
        "decisions:\n  {}:\n    discard_effect: true\n    fetch: {:?}\n",
        word(side),
        qualified_name(fetched)
    );
    let walk = |deployed: &Card, here: bool, off: bool| {
        let text = deploy_yaml(
            card,
            &qualified_name(deployed),
            here,
            &deck,
            &decisions,
            off,
        );
        assert!(findings(&text).is_empty(), "{:?}\n{text}", findings(&text));
        let (flat, _) = walked_flat(&text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        assert!(
            flat.contains(&format!("deploys {} to Naboo", deployed.full_name())),
            "{flat}"
        );
        flat
    };
    let discarded = format!("the text of {name} lets");
    let flat = walk(deployer, true, false);
    assert!(
        flat.contains(&discarded)
            && flat.contains(&format!(
                "deploys {} from his draw deck",
                fetched.full_name()
            )),
        "{name}:\n{flat}"
    );
    let flat = walk(deployer, true, true);
    assert!(
        !flat.contains(&discarded) && !flat.contains("from his draw deck"),
        "{name} with its text off:\n{flat}"
    );
    let mut unmet = vec![walk(deployer, false, false)];
    if let Some(other) = of_kinds(side, &trigger.when, false).first() {
        unmet.push(walk(other, true, false));
    }
    for flat in unmet {
        assert!(!flat.contains(&discarded), "{name}, unmet:\n{flat}");
    }
    Ok(())
}

/// The total a side's card fought with in the first fight it fought, as the walk says it
/// (`Light Side total (NAME): … = N.`, or in a duel `NAME (Light Side) fights with power N`).
fn total_of(flat: &str, name: &str) -> Option<i32> {
    let number = |rest: &str| -> Option<i32> {
        let digits: String = rest
            .chars()
            .skip_while(|c| !(c.is_ascii_digit() || *c == '-'))
            .take_while(|c| c.is_ascii_digit() || *c == '-')
            .collect();
        digits.parse().ok()
    };
    if let Some(at) = flat.find(&format!("total ({name}): ")) {
        let rest = &flat[at..];
        let end = rest.find(". ").unwrap_or(rest.len());
        let eq = rest[..end].rfind("= ")?;
        return number(&rest[eq..end]);
    }
    let at = flat.find(&format!("{name} ("))?;
    let rest = &flat[at..];
    let power = rest.find("fights with power ")?;
    number(&rest[power..])
}

/// A duel the card's side initiates with the card and a lightsaber he may use, against
/// `defender`; the card's text on or off.
fn self_duel(card: &Card, saber: &str, defender: &str, text_off: bool) -> String {
    let name = qualified_name(card);
    let side = card.side().unwrap_or(Side::Light);
    let other = side.opponent();
    // Its location bonus stated as 0, the same both ways.
    let off = if text_off {
        format!("  {name:?}: {{location_bonus: {{Naboo: 0}}, text: none}}\n")
    } else {
        format!("  {name:?}: {{location_bonus: {{Naboo: 0}}}}\n")
    };
    format!(
        "action: duel\nturn: {s}\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\ncards:\n  {defender:?}: {{power: 3, damage: 4, text: none}}\n{off}{s}:\n  deck: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\n{o}:\n  deck: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]\nplanets:\n  Naboo:\n    {s}: [{name:?}, {saber:?}]\n    {o}: [{defender:?}]\ndecisions:\n  {s}:\n    character: {name:?}\n    weapon: {saber:?}\n    defender: {defender:?}\n",
        s = word(side),
        o = word(other),
    )
}

/// `self-bonus`: where its condition holds, the card fights with its bonus, and with its text
/// off without; where it does not, its total is the same both ways.
fn prove_self_bonus(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    // As a position names it: with its set where another card has its name.
    let yaml_name = qualified_name(card);
    let side = card.side().ok_or("no side")?;
    let other = side.opponent();
    let bonuses = card.text.conditional_bonuses.clone();
    if bonuses.is_empty() {
        return Err("no bonus to itself".to_string());
    }
    let named = |side: Side, title: &str| {
        characters(side)
            .into_iter()
            .find(|character| character.title.eq_ignore_ascii_case(title))
    };
    let jedi = |side: Side, is: bool| {
        characters(side).into_iter().find(|character| {
            (jedi_judge::cards::traits::is_jedi(character) == jedi_judge::cards::TraitValue::Yes)
                == is
        })
    };
    let totals = |text: &str, off: &str| -> (Option<i32>, Option<i32>) {
        let (with, _) = walked_flat(text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        let (without, _) = walked_flat(off).unwrap_or_else(|error| panic!("{error}\n{off}"));
        (total_of(&with, &name), total_of(&without, &name))
    };
    for bonus in &bonuses {
        // The positions where it holds and where it does not, each with the text on and off.
        let (holds, fails): ((String, String), (String, String)) = match &bonus.when {
            Condition::DuelingNamed(_) | Condition::DuelingA(_) => {
                let saber =
                    weapon_for(card, Some("any lightsaber")).ok_or("no lightsaber he may use")?;
                // An opponent none of its dueling conditions names.
                let bad = characters(other).into_iter().find(|character| {
                    bonuses.iter().all(|bonus| match &bonus.when {
                        Condition::DuelingNamed(title) => {
                            !character.title.eq_ignore_ascii_case(title)
                        }
                        Condition::DuelingA(_) => {
                            jedi_judge::cards::traits::is_jedi(character)
                                != jedi_judge::cards::TraitValue::Yes
                        }
                        _ => true,
                    })
                });
                let good = match &bonus.when {
                    Condition::DuelingNamed(title) => named(other, title),
                    _ => jedi(other, true),
                };
                let (good, bad) = (
                    good.ok_or("no opponent it names")?.full_name(),
                    bad.ok_or("no other opponent")?.full_name(),
                );
                (
                    (
                        self_duel(card, &saber, &good, false),
                        self_duel(card, &saber, &good, true),
                    ),
                    (
                        self_duel(card, &saber, &bad, false),
                        self_duel(card, &saber, &bad, true),
                    ),
                )
            }
            Condition::Evacuating(kinds) => {
                // The card carries its player's characters off Naboo, intercepted: one of those
                // it names, or another.
                let is_named = |character: &Card| is_one_of(character, kinds, true) == Ok(true);
                let named = characters(side)
                    .into_iter()
                    .find(|character| is_named(character))
                    .ok_or("no character it names")?;
                let unnamed = characters(side)
                    .into_iter()
                    .find(|character| !is_named(character) && character.power().is_some())
                    .ok_or("no other character")?;
                let foe = Catalog::embedded()
                    .cards()
                    .iter()
                    .find(|starship| {
                        starship.game == Game::YoungJedi
                            && starship.is(CardType::Starship)
                            && starship.side() == Some(other)
                            && starship.halves.is_none()
                            && starship.power().is_some()
                            && starship.damage().is_some()
                    })
                    .ok_or("no starship to intercept")?;
                let evacuate = |evacuee: &Card, off: bool| {
                    let (mover, them) = (word(side), word(other));
                    let (evacuee, foe) = (qualified_name(evacuee), qualified_name(foe));
                    let text = if off { ", text: none" } else { "" };
                    let (champion_name, _) = champion(other);
                    format!(
                        "action: evacuate\nturn: {mover}\ncurrent_planet: Naboo\nseed: 1\ncards:\n  {yaml_name:?}: {{location_bonus: {{Naboo: 0}}{text}}}\n  {evacuee:?}: {{text: none}}\n  {foe:?}: {{text: none}}\n  {champion_name:?}: {{text: none}}\n{mover}:\n  deck: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]\n  hyperspace: [{yaml_name:?}]\n{them}:\n  deck: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]\n  hyperspace: [{foe:?}]\nplanets:\n  Naboo:\n    {mover}: [{evacuee:?}]\n    {them}: [{champion_name:?}]\nbattle:\n  {mover}:\n    - fighter: {yaml_name:?}\n  {them}:\n    - fighter: {foe:?}\ndecisions:\n  {them}:\n    intercept: true\n"
                    )
                };
                (
                    (evacuate(named, false), evacuate(named, true)),
                    (evacuate(unnamed, false), evacuate(unnamed, true)),
                )
            }
            when => {
                let mut base = Battle::new(card, vec![Entry::of(&[&yaml_name])], vec![weak(other)]);
                base.keep_text = Some(yaml_name.clone());
                let (good, bad) = match when {
                    Condition::Controlled(planet) => (
                        base.clone()
                            .lines(side, &format!("  controlled: [{planet}]\n")),
                        base.clone(),
                    ),
                    Condition::UsingNamed(weapon) => {
                        let mut armed = base.clone();
                        armed
                            .light
                            .iter_mut()
                            .chain(armed.dark.iter_mut())
                            .for_each(|entry| {
                                if entry.fighters[0] == yaml_name {
                                    entry.weapon = Some(weapon.clone());
                                }
                            });
                        (armed, base.clone())
                    }
                    Condition::FightingNamed(title) => {
                        let opponent = named(other, title).ok_or("no opponent it names")?;
                        (
                            Battle::new(
                                card,
                                vec![Entry::of(&[&yaml_name])],
                                vec![Entry::of(&[&opponent.full_name()])],
                            ),
                            base.clone(),
                        )
                    }
                    Condition::FightingA(_) | Condition::FightingOneOf(_) => {
                        let fits = |character: &Card| fights_as(character, when);
                        let good = characters(other)
                            .into_iter()
                            .find(|character| fits(character))
                            .ok_or("no opponent it names")?;
                        let bad = characters(other)
                            .into_iter()
                            .filter(|character| !fits(character))
                            .min_by_key(|character| character.power().unwrap_or(i32::MAX))
                            .ok_or("no other opponent")?;
                        let against = |opponent: &Card| {
                            let mut battle = Battle::new(
                                card,
                                vec![Entry::of(&[&yaml_name])],
                                vec![Entry::of(&[&opponent.full_name()])],
                            );
                            battle.keep_text = Some(yaml_name.clone());
                            battle
                        };
                        (against(good), against(bad))
                    }
                    Condition::UsingA(wanted) => {
                        let kind = match wanted {
                            ConditionTrait::Lightsaber => "any lightsaber",
                            _ => "any weapon",
                        };
                        let weapon = weapon_for(card, Some(kind)).ok_or("no weapon he may use")?;
                        let mut armed = base.clone();
                        armed
                            .light
                            .iter_mut()
                            .chain(armed.dark.iter_mut())
                            .for_each(|entry| {
                                if entry.fighters[0] == yaml_name {
                                    entry.weapon = Some(weapon.clone());
                                }
                            });
                        (armed, base.clone())
                    }
                    Condition::FoughtOneOf(kinds) => {
                        // A card of a kind it names, at another planet, marked or not.
                        let marked = Catalog::embedded()
                            .cards()
                            .iter()
                            .find(|other| {
                                characters(other.side().unwrap_or(side)).contains(other)
                                    && other.full_name() != name
                                    && !other.title.eq_ignore_ascii_case(&card.title)
                                    && is_one_of(other, kinds, true) == Ok(true)
                            })
                            .ok_or("no card it names")?;
                        let mut unmarked = base.clone();
                        unmarked.in_play.push((
                            marked.side().unwrap_or(side),
                            elsewhere(unmarked.planet),
                            qualified_name(marked),
                        ));
                        let mut marked_too = unmarked.clone();
                        marked_too.fought.push(qualified_name(marked));
                        (marked_too, unmarked)
                    }
                    Condition::UsingBattleCard(battle_card) => {
                        let mut played = base.clone();
                        played
                            .light
                            .iter_mut()
                            .chain(played.dark.iter_mut())
                            .for_each(|entry| {
                                if entry.fighters[0] == yaml_name {
                                    entry.card = Some(battle_card.clone());
                                }
                            });
                        (played, base.clone())
                    }
                    Condition::OpponentHasControlled => (
                        base.clone().lines(other, "  controlled: [Tatooine]\n"),
                        base.clone().lines(side, "  controlled: [Tatooine]\n"),
                    ),
                    _ => return Err("a condition no proof here builds".to_string()),
                };
                let mut good = good;
                good.keep_text = Some(yaml_name.clone());
                let both = |battle: &Battle| (battle.yaml(), battle.off(&yaml_name).yaml());
                (both(&good), both(&bad))
            }
        };
        let (with, without) = totals(&holds.0, &holds.1);
        let (with, without) = (
            with.ok_or(format!("no total for {name}"))?,
            without.ok_or(format!("no total for {name}"))?,
        );
        assert_eq!(with, without + bonus.amount, "{name}:\n{}", holds.0);
        let (with, without) = totals(&fails.0, &fails.1);
        assert_eq!(with, without, "{name}, unmet:\n{}", fails.0);
        assert!(with.is_some(), "{name}, unmet:\n{}", fails.0);
    }
    Ok(())
}

/// The walk of a generated position, flattened to one line; it must walk.
fn walked_text(yaml: &str) -> String {
    match walked_flat(yaml) {
        Ok((flat, _)) => flat,
        Err(error) => panic!("{error}\n{yaml}"),
    }
}

/// Whether a character is one a fighting condition asks for.
fn fights_as(character: &Card, when: &Condition) -> bool {
    match when {
        Condition::FightingA(ConditionTrait::Jedi) => {
            jedi_judge::cards::traits::is_jedi(character) == jedi_judge::cards::TraitValue::Yes
        }
        Condition::FightingOneOf(kinds) => is_one_of(character, kinds, true) == Ok(true),
        _ => false,
    }
}

/// `deploy-from-deck`: an Effect's trigger, or a card's own text when it deploys.
fn prove_deploy_from_deck(card: &Card) -> Result<(), Unproved> {
    if card.text.deploy_trigger.is_some() {
        prove_deploy_trigger(card)
    } else {
        prove_deploy_fetch(card)
    }
}

/// On-deploy text: a card of a type taken into the hand as the card deploys, proved as a
/// search of the draw deck is ([`prove_deploy_fetch`]).
fn prove_on_deploy(card: &Card) -> Result<(), Unproved> {
    if card.text.on_deploy.is_some() {
        return prove_on_deploy_draw_or_damage(card);
    }
    match &card.text.deploy_fetch {
        Some(fetch) if fetch.into_hand => prove_deploy_fetch(card),
        _ => Err("no on-deploy text the proofs know".into()),
    }
}

/// On-deploy text that draws cards or gives the opponent DAMAGE: the card deployed face up
/// where its text works (or a card it names deployed where it is), the text acts; with its
/// text off nothing does. Deployed hidden, to another planet than the one it names, or
/// another card deployed (or it away from the planet): nothing does.
fn prove_on_deploy_draw_or_damage(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let on = card.text.on_deploy.clone().ok_or("no on-deploy text")?;
    let (us, them) = (word(side), word(side.opponent()));
    let yaml_name = qualified_name(card);
    let acted = format!("By the text of {name},");
    // `deployed` from the hand to `planet`, with `there` of his in play at `there_at`.
    let position = |deployed: &str,
                    planet: &str,
                    hidden: bool,
                    there: Option<(&str, &str)>,
                    off: bool| {
        let (own_off, text) = match (off, deployed == yaml_name) {
            (true, true) => (", text: none", String::new()),
            (true, false) => ("", format!("  {yaml_name:?}: {{text: none}}\n")),
            _ => ("", String::new()),
        };
        let planets = match there {
            Some((card, at)) => format!("planets:\n  {at}:\n    {us}: [{card:?}]\n"),
            None => String::new(),
        };
        format!(
            "action: deploy\nturn: {us}\nstep: deploy\ncurrent_planet: {planet}\nassumptions:\n  deploy-counters-per-turn: unlimited\ncards:\n  {deployed:?}: {{location_bonus: {{{planet}: 0}}{own_off}}}\n{text}{us}:\n  hand: [{deployed:?}]\n  deck: [1, 2, 3, 4]\n{them}:\n  deck: [1, 2, 3, 4, 5, 6]\n{planets}deploy:\n  card: {deployed:?}\n  hidden: {hidden}\n"
        )
    };
    let walk = |yaml: &str| {
        let found = findings(yaml);
        assert!(found.is_empty(), "{found:?}\n{yaml}");
        walked_text(yaml)
    };
    let what = |flat: &str| {
        (on.draw == 0 || flat.contains(&format!("draws {} card", on.draw)))
            && (on.opponent_damage == 0
                || flat.contains(&format!("takes {} DAMAGE", on.opponent_damage)))
    };
    if on.when.is_empty() {
        let planet = on.to.clone().unwrap_or_else(|| "Naboo".to_string());
        let flat = walk(&position(&yaml_name, &planet, false, None, false));
        assert!(flat.contains(&acted) && what(&flat), "{name}:\n{flat}");
        let mut unmet = vec![
            position(&yaml_name, &planet, false, None, true),
            position(&yaml_name, &planet, true, None, false),
        ];
        if on.to.is_some() {
            unmet.push(position(&yaml_name, elsewhere(&planet), false, None, false));
        }
        for yaml in unmet {
            let flat = walk(&yaml);
            assert!(!flat.contains(&acted), "{name}, unmet:\n{flat}");
        }
        return Ok(());
    }
    let named = |character: &Card| is_one_of(character, &on.when, true) == Ok(true);
    let deployer = characters(side)
        .into_iter()
        .find(|character| named(character) && character.deploy().is_some())
        .ok_or("no character it names")?;
    let other = characters(side)
        .into_iter()
        .find(|character| {
            !named(character) && character.deploy().is_some() && character.full_name() != name
        })
        .ok_or("no other character")?;
    let (deployer, other) = (qualified_name(deployer), qualified_name(other));
    let flat = walk(&position(
        &deployer,
        "Naboo",
        false,
        Some((&yaml_name, "Naboo")),
        false,
    ));
    assert!(flat.contains(&acted) && what(&flat), "{name}:\n{flat}");
    // Deployed hidden, it sets off nothing, and the walk says by which reading.
    let flat = walk(&position(
        &deployer,
        "Naboo",
        true,
        Some((&yaml_name, "Naboo")),
        false,
    ));
    assert!(
        !flat.contains(&acted) && flat.contains("hidden-deploy-sets-off-no-effect"),
        "{name}, hidden:\n{flat}"
    );
    for yaml in [
        position(&deployer, "Naboo", false, Some((&yaml_name, "Naboo")), true),
        position(
            &deployer,
            "Naboo",
            false,
            Some((&yaml_name, "Tatooine")),
            false,
        ),
        position(&other, "Naboo", false, Some((&yaml_name, "Naboo")), false),
    ] {
        let flat = walk(&yaml);
        assert!(!flat.contains(&acted), "{name}, unmet:\n{flat}");
    }
    Ok(())
}

/// A deploy of the card from its player's hand to `planet`, face up or hidden, with `deck`,
/// answering the search with `fetch`; counters not counted.
fn own_deploy(
    card: &Card,
    planet: &str,
    hidden: bool,
    deck: &str,
    fetch: &str,
    off: bool,
) -> String {
    let name = card.full_name();
    let side = word(card.side().unwrap_or(Side::Light));
    let text = if off { ", text: none" } else { "" };
    format!(
        "action: deploy\nturn: {side}\nstep: deploy\ncurrent_planet: {planet}\nassumptions:\n  deploy-counters-per-turn: unlimited\ncards:\n  {name:?}: {{location_bonus: {{{planet}: 0}}{text}}}\n{side}:\n  hand: [{name:?}]\n  deck: {deck}\ndeploy:\n  card: {name:?}\n  hidden: {hidden}\ndecisions:\n  {side}:\n    fetch: {fetch:?}\n"
    )
}

/// A card's own deploy-from-deck text: deployed where the text works, its player deploys (or
/// takes) the card it names from his draw deck; with the text off, nothing is searched.
/// Deployed hidden, or to another planet than the one it names: nothing is searched.
fn prove_deploy_fetch(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let fetch = card
        .text
        .deploy_fetch
        .clone()
        .ok_or("no deploy-from-deck text")?;
    let wanted = fetch.card.to_lowercase();
    // A card type the text names (`Weapon card`).
    let of_type = wanted.strip_suffix(" card").and_then(CardType::from_word);
    let target = Catalog::embedded()
        .cards()
        .iter()
        .find(|other| {
            other.game == Game::YoungJedi
                && other.halves.is_none()
                && !other.virtual_card
                && other.side() == Some(side)
                && other.full_name() != name
                && fetch.icon.as_ref().is_none_or(|icon| {
                    other
                        .icons
                        .as_ref()
                        .is_some_and(|icons| icons.value.contains(icon))
                })
                && (other.title.eq_ignore_ascii_case(&fetch.card)
                    || of_type.is_some_and(|kind| other.is(kind))
                    || (other.is(CardType::Character)
                        && format!(" {} ", other.full_name().to_lowercase().replace(',', " "))
                            .contains(&format!(" {wanted} "))))
        })
        .ok_or("no card the text names")?;
    let planet = fetch.to.clone().unwrap_or_else(|| "Naboo".to_string());
    let deck = format!("[2, {:?}, 4]", qualified_name(target));
    let fetched = qualified_name(target);
    let walk = |text: &str| -> String {
        let found = findings(text);
        assert!(found.is_empty(), "{found:?}\n{text}");
        let (flat, _) = walked_flat(text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        assert!(flat.contains(&format!("deploys {name}")), "{flat}");
        flat
    };
    let searched = "search his draw deck for";
    let flat = walk(&own_deploy(card, &planet, false, &deck, &fetched, false));
    assert!(
        flat.contains(searched)
            && (flat.contains(&format!(
                "deploys {} from his draw deck",
                target.full_name()
            )) || flat.contains(&format!("takes {} from his draw deck", target.full_name()))),
        "{name}:\n{flat}"
    );
    let flat = walk(&own_deploy(card, &planet, false, &deck, &fetched, true));
    assert!(
        !flat.contains(searched),
        "{name} with its text off:\n{flat}"
    );
    let mut unmet = vec![own_deploy(card, &planet, true, &deck, &fetched, false)];
    if fetch.to.is_some() {
        unmet.push(own_deploy(
            card,
            elsewhere(&planet),
            false,
            &deck,
            &fetched,
            false,
        ));
    }
    for text in unmet {
        let flat = walk(&text);
        assert!(!flat.contains(searched), "{name}, unmet:\n{flat}");
    }
    Ok(())
}

/// `deploy-counters`: with the Effect in play, its player deploys a card the six counters would
/// not pay for; with its text off, or the Effect in his hand, the deploy is refused.
fn prove_deploy_counters(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let allowance = i32::from(
        card.text
            .counters_allowance
            .ok_or("no counters allowance")?,
    );
    let dear = characters(side)
        .into_iter()
        .find(|character| character.deploy() == Some(allowance - 1))
        .ok_or("no character that costs one less than the allowance")?;
    let dear_name = qualified_name(dear);
    let position = |in_play: bool, off: bool| {
        let s = word(side);
        let text = if off {
            format!("  {name:?}: {{text: none}}\n")
        } else {
            String::new()
        };
        let (hand, play) = if in_play {
            (format!("[{dear_name:?}]"), format!(", {name:?}"))
        } else {
            (format!("[{dear_name:?}, {name:?}]"), String::new())
        };
        format!(
            "action: deploy\nturn: {s}\nstep: deploy\ncurrent_planet: Naboo\ncards:\n  {dear_name:?}: {{text: none}}\n{text}{s}:\n  counters_spent: 1\n  hand: {hand}\n  deck: [1, 2, 3]\nplanets:\n  Naboo:\n    {s}: [\"Naboo • Theed Palace\"{play}]\ndeploy:\n  card: {dear_name:?}\n"
        )
    };
    // The check of the position agrees: the deploy refused is its one finding.
    let walk = |text: &str, refused: bool| -> String {
        let found = findings(text);
        let expected: &[&str] = if refused { &["deploy-refused"] } else { &[] };
        assert_eq!(found, expected, "{text}");
        let (flat, _) = walked_flat(text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        flat
    };
    let deployed = format!("deploys {} to Naboo", dear.full_name());
    let allowed = format!("The text of {name} gives");
    let flat = walk(&position(true, false), false);
    assert!(
        flat.contains(&deployed) && flat.contains(&allowed),
        "{name}:\n{flat}"
    );
    for (in_play, off) in [(true, true), (false, false)] {
        let flat = walk(&position(in_play, off), true);
        assert!(
            !flat.contains(&deployed)
                && flat.contains("No deploy: the card costs")
                && !flat.contains(&allowed),
            "{name}, in play {in_play}, text off {off}:\n{flat}"
        );
    }
    Ok(())
}

/// `podrace`: extra Thrust tokens as the pilot deploys to the Objective (none with his text
/// off, or when he is there already); a handling number lent to its player's pilot at the
/// Objective, which lets him play a lap card his own Handling does not (refused with the text
/// off, or with the card in the hand).
fn prove_podrace(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let podrace = card.text.podrace.clone().ok_or("no Podrace text")?;
    let yaml_name = qualified_name(card);
    let who = word(side);
    let walk = walked_text;
    if let Some(extra) = podrace.thrust_on_deploy {
        let podracer = format!("{}'s Podracer", card.title);
        let position = |deploys: bool, off: bool| {
            let text = if off {
                format!("cards:\n  {yaml_name:?}: {{text: none}}\n")
            } else {
                String::new()
            };
            let (objective, hand, deploy) = if deploys {
                (
                    String::new(),
                    format!("[{yaml_name:?}, {podracer:?}, 1, 3]"),
                    format!("podrace:\n  deploy: [{yaml_name:?}, {podracer:?}]\n"),
                )
            } else {
                (
                    format!("    cards: [{{card: {yaml_name:?}, thrust: 0}}, {podracer:?}]\n"),
                    "[1, 3]".to_string(),
                    String::new(),
                )
            };
            format!(
                "action: podrace\nturn: {who}\nstep: deploy\n{text}{who}:\n  objective:\n    card: Boonta Eve Classic\n{objective}  hand: {hand}\n  deck: [2, 5, 4]\n{deploy}decisions:\n  {who}:\n    thrust: true\n    lap_cards: [1]\n    refuel: 1\n"
            )
        };
        let placed = format!(
            "game text places {extra} additional Thrust token{}",
            if extra == 1 { "" } else { "s" }
        );
        let flat = walk(&position(true, false));
        assert!(flat.contains(&placed), "{name}:\n{flat}");
        for (deploys, off) in [(true, true), (false, false)] {
            let flat = walk(&position(deploys, off));
            assert!(
                !flat.contains("additional Thrust token"),
                "{name}, deploys {deploys}, off {off}:\n{flat}"
            );
        }
    }
    if let Some(handling) = podrace.handling {
        // A pilot of his side whose own Handling is another number, one lap card short of a
        // 3, and a card of destiny `handling` to stand for it.
        if side != Side::Dark || handling == 3 {
            return Err("no pilot the proof knows for this side".into());
        }
        let stand_in = Catalog::embedded()
            .cards()
            .iter()
            .find(|other| {
                other.game == Game::YoungJedi
                    && other.is(CardType::Weapon)
                    && other.side() == Some(side)
                    && other.halves.is_none()
                    && other.destiny() == Some(i32::from(handling))
            })
            .ok_or("no card of that destiny")?;
        let stand_in = qualified_name(stand_in);
        let position = |in_play: bool, off: bool| {
            let text = if off {
                format!("cards:\n  {yaml_name:?}: {{text: none}}\n")
            } else {
                String::new()
            };
            let (hand, planets) = if in_play {
                (
                    format!("[{stand_in:?}, 6]"),
                    format!("planets:\n  Tatooine:\n    {who}: [{yaml_name:?}]\n"),
                )
            } else {
                (format!("[{stand_in:?}, 6, {yaml_name:?}]"), String::new())
            };
            format!(
                "action: podrace\nturn: {who}\nstep: deploy\n{text}{who}:\n  objective:\n    card: Boonta Eve Classic\n    cards:\n      - {{card: \"Sebulba, Dangerous Podracer Pilot (Battle of Naboo)\", thrust: 1}}\n      - Sebulba's Podracer\n  podracing: [1, 2]\n  hand: {hand}\n  deck: [3, 5, 1]\n{planets}decisions:\n  {who}:\n    thrust: true\n    lap_cards: [{stand_in:?}]\n    refuel: 0\n"
            )
        };
        let lent = format!("lets him use {handling} as a handling number");
        let flat = walk(&position(true, false));
        assert!(
            flat.contains(&lent) && !flat.contains("not a legal choice"),
            "{name}:\n{flat}"
        );
        for (in_play, off) in [(true, true), (false, false)] {
            let flat = walk(&position(in_play, off));
            assert!(
                !flat.contains(&lent) && flat.contains("not a legal choice"),
                "{name}, in play {in_play}, off {off}:\n{flat}"
            );
        }
    }
    Ok(())
}

/// `identity`: a kind it counts as lets it use a Battle card for that kind alone, and a weapon
/// its text lets it use is its to fight with; with its text off, each is refused.
fn prove_identity(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let yaml_name = qualified_name(card);
    let mut bare = card.clone();
    bare.text = Default::default();
    let played = PlayedAt {
        planet: Some(planet_of(card)),
        first_in_plan: true,
    };
    let mut proved = 0;
    let both_ways = |battle: Battle| {
        let mut battle = battle;
        battle.keep_text = Some(yaml_name.clone());
        let with = findings(&battle.yaml());
        assert!(with.is_empty(), "{name}: {with:?}\n{}", battle.yaml());
        let off = battle.off(&yaml_name);
        let without = findings(&off.yaml());
        assert!(
            !without.is_empty(),
            "{name} with its text off:\n{}",
            off.yaml()
        );
    };
    for kind in &card.text.counts_as {
        let Some(battle_card) = Catalog::embedded().cards().iter().find(|other| {
            other.game == Game::YoungJedi
                && other.is(CardType::Battle)
                && other.side() == Some(side)
                && other.text.battle != Some(BattleEffect::FightTogether)
                && other.text.battle_users.as_ref().is_some_and(|users| {
                    users.iter().any(|user| match user {
                        BattleUser::Word(word) => word.eq_ignore_ascii_case(&format!("any {kind}")),
                        BattleUser::Qualified(qualified) => {
                            qualified.any.eq_ignore_ascii_case(kind)
                        }
                    })
                })
                && may_use_battle_card(other, &[&bare], played) == Ok(Some(false))
                && may_use_battle_card(other, &[card], played) == Ok(Some(true))
        }) else {
            continue;
        };
        both_ways(Battle::new(
            card,
            vec![Entry::of(&[&yaml_name]).with_card(&qualified_name(battle_card))],
            vec![weak(side.opponent())],
        ));
        proved += 1;
    }
    for title in &card.text.may_use {
        let weapon = Catalog::embedded()
            .cards()
            .iter()
            .find(|weapon| {
                weapon.game == Game::YoungJedi
                    && weapon.is(CardType::Weapon)
                    && weapon.halves.is_none()
                    && weapon.title.eq_ignore_ascii_case(title)
                    && box_for(weapon, &bare) == Ok(None)
            })
            .ok_or("no weapon it names")?;
        let mut entry = Entry::of(&[&yaml_name]);
        entry.weapon = Some(qualified_name(weapon));
        both_ways(Battle::new(card, vec![entry], vec![weak(side.opponent())]));
        proved += 1;
    }
    if proved == 0 {
        return Err("no Battle card or weapon its identity text opens".into());
    }
    Ok(())
}

/// A scenario with one card's text declared off (`text: none`) first among its `cards:`.
fn text_none(yaml: &str, name: &str) -> String {
    yaml.replacen(
        "cards:\n",
        &format!("cards:\n  {name:?}: {{text: none}}\n"),
        1,
    )
}

/// `aura-bonus` of a character: in a duel where its text reaches the duel (a Jedi dueling
/// where it is), or in an intercepted evacuation where one of its player's starships it names
/// fights, the target fights with its bonus, and without it with its text off. Unmet: the
/// character at another planet where its text asks for its own, or a starship it does not
/// name.
fn prove_carried_aura(card: &Card) -> Result<(), Unproved> {
    let name = card.full_name();
    let side = card.side().ok_or("no side")?;
    let aura = card
        .text
        .carried_aura
        .clone()
        .ok_or("no power bonus to others")?;
    let counted = |flat: &str| flat.contains(&format!("{} power bonus of {name}", aura.amount));
    let text_off = |yaml: String| text_none(&yaml, &qualified_name(card));
    let walk = walked_text;
    if aura.in_duel {
        // A Jedi of its side duels at the card's planet.
        let duelist = of_kinds(side, &aura.to, true)
            .into_iter()
            .find(|character| {
                character.title != card.title
                    && weapon_for(character, Some("any lightsaber")).is_some()
            })
            .ok_or("no duelist of the kinds it names")?;
        let saber = weapon_for(duelist, Some("any lightsaber")).ok_or("no lightsaber")?;
        let (defender, _) = champion(side.opponent());
        let placed = |here: bool| {
            let (s, o) = (word(side), word(side.opponent()));
            let (duelist, card_name) = (qualified_name(duelist), qualified_name(card));
            let (at_naboo, elsewhere_line) = if here {
                (format!(", {card_name:?}"), String::new())
            } else {
                (
                    String::new(),
                    format!("  {}:\n    {s}: [{card_name:?}]\n", elsewhere("Naboo")),
                )
            };
            format!(
                "action: duel\nturn: {s}\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\ncards:\n  {defender:?}: {{power: 3, damage: 4, text: none}}\n  {duelist:?}: {{location_bonus: {{Naboo: 0}}, text: none}}\n{s}:\n  deck: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\n{o}:\n  deck: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]\nplanets:\n  Naboo:\n    {s}: [{duelist:?}, {saber:?}{at_naboo}]\n    {o}: [{defender:?}]\n{elsewhere_line}decisions:\n  {s}:\n    character: {duelist:?}\n    weapon: {saber:?}\n    defender: {defender:?}\n"
            )
        };
        let flat = walk(&placed(true));
        assert!(counted(&flat), "{name}:\n{}\n{flat}", placed(true));
        let flat = walk(&text_off(placed(true)));
        assert!(!counted(&flat), "{name} with its text off:\n{flat}");
        let flat = walk(&placed(false));
        assert!(!counted(&flat), "{name} at another planet:\n{flat}");
        return Ok(());
    }
    // A starship of its side it names, and one it does not.
    let starships: Vec<&Card> = Catalog::embedded()
        .cards()
        .iter()
        .filter(|starship| {
            starship.game == Game::YoungJedi
                && starship.is(CardType::Starship)
                && starship.side() == Some(side)
                && starship.halves.is_none()
                && !starship.virtual_card
                && starship.power().is_some()
                && starship.damage().is_some()
                && starship.text_status() == Some(TextStatus::Flavour)
        })
        .collect();
    let named = |starship: &Card| is_one_of(starship, &aura.to, true) == Ok(true);
    let target = starships
        .iter()
        .find(|starship| named(starship))
        .ok_or("no starship it names")?;
    let foe = Catalog::embedded()
        .cards()
        .iter()
        .find(|starship| {
            starship.game == Game::YoungJedi
                && starship.is(CardType::Starship)
                && starship.side() == Some(side.opponent())
                && starship.halves.is_none()
                && starship.power().is_some()
        })
        .ok_or("no starship to intercept")?;
    // A transport to evacuate with: the target where it is one, else one it does not name.
    let transports = [BattleUser::Word("any transport".to_string())];
    let is_transport = |starship: &Card| is_one_of(starship, &transports, true) == Ok(true);
    let transport = if is_transport(target) {
        *target
    } else {
        starships
            .iter()
            .copied()
            .find(|starship| is_transport(starship) && !named(starship))
            .ok_or("no transport")?
    };
    let fight = |ours: &Card, here: bool| {
        let ours = qualified_name(ours);
        let carrier = qualified_name(transport);
        let mut fleet = vec![(ours.as_str(), 3)];
        if carrier != ours {
            fleet.push((carrier.as_str(), 3));
        }
        let foe = qualified_name(foe);
        evacuation(card, &fleet, &[(foe.as_str(), 3)], here)
    };
    let flat = walk(&fight(target, true));
    assert!(counted(&flat), "{name}:\n{flat}");
    let flat = walk(&text_off(fight(target, true)));
    assert!(!counted(&flat), "{name} with its text off:\n{flat}");
    // The card in its player's hand, not in play.
    let card_name = format!("{:?}", card.full_name());
    let mover = word(side);
    let mut unmet = vec![
        fight(target, true)
            .replacen(&format!(", {card_name}]"), "]", 1)
            .replacen(
                &format!("{mover}:\n  deck:"),
                &format!("{mover}:\n  hand: [{card_name}]\n  deck:"),
                1,
            ),
    ];
    if !named(transport)
        && let Some(other) = starships.iter().find(|starship| !named(starship))
    {
        unmet.push(fight(other, true));
    }
    if aura.evacuating || aura.here {
        unmet.push(fight(target, false));
    }
    for yaml in unmet {
        let flat = walk(&yaml);
        assert!(!counted(&flat), "{name}, unmet:\n{flat}");
    }
    Ok(())
}

/// A proof of one kind of effect for one card.
type Proof = fn(&Card) -> Result<(), Unproved>;

fn proof(kind: TextKind) -> Option<Proof> {
    Some(match kind {
        TextKind::UseWith => prove_users,
        TextKind::FightTogether => prove_together,
        TextKind::BonusIf => prove_bonus_if,
        TextKind::BackToHand => prove_back_to_hand,
        TextKind::WeaponNegation => prove_weapon_negation,
        TextKind::Destiny => prove_destiny,
        TextKind::FightResult => prove_fight_result,
        TextKind::WhenDueling => prove_when_dueling,
        TextKind::TwoWeapons => prove_two_weapons,
        TextKind::SameWeapon => prove_same_weapon,
        TextKind::SelfBonus => prove_self_bonus,
        TextKind::AuraBonus => prove_aura,
        TextKind::DamageModifier => prove_damage_modifier,
        TextKind::DeployCost => prove_deploy_cost,
        TextKind::DeployCounters => prove_deploy_counters,
        TextKind::DeployFromDeck => prove_deploy_from_deck,
        TextKind::OnDeploy => prove_on_deploy,
        TextKind::Podrace => prove_podrace,
        TextKind::Identity => prove_identity,
        _ => return None,
    })
}

#[test]
fn every_card_applied_in_full_is_proved_for_each_kind_of_its_text() {
    let catalog = Catalog::embedded();
    let mut proved = 0;
    let mut unproved: Vec<String> = Vec::new();
    for card in catalog.cards() {
        if card.text_status() != Some(TextStatus::Modelled) {
            continue;
        }
        let Some(printed) = &card.printed_text else {
            continue;
        };
        // A Double Impact card of two Battle halves is proved as each half, played as it.
        if printed.battle_halves.len() > 1 {
            for half in &printed.battle_halves {
                let Some(earlier) = catalog.cards().iter().find(|earlier| {
                    earlier.full_name() == *half
                        && earlier.halves.is_none()
                        && earlier.printed_text.is_some()
                }) else {
                    unproved.push(format!("{}: no card {half}", card.full_name()));
                    continue;
                };
                let mut played = card.clone();
                played.text = earlier.text.clone();
                played.battle_bonus = earlier.battle_bonus.clone();
                played.played_as = Some(half.clone());
                for kind in earlier
                    .printed_text
                    .iter()
                    .flat_map(|printed| &printed.kinds)
                {
                    match proof(*kind).map(|prove| prove(&played)) {
                        Some(Ok(())) => proved += 1,
                        Some(Err(why)) => unproved.push(format!(
                            "{} as {half} ({}): {why}",
                            card.full_name(),
                            kind.word()
                        )),
                        None => unproved.push(format!(
                            "{} as {half} ({}): no proof of this kind",
                            card.full_name(),
                            kind.word()
                        )),
                    }
                }
            }
            continue;
        }
        for kind in &printed.kinds {
            let Some(prove) = proof(*kind) else {
                unproved.push(format!(
                    "{} ({}): no proof of this kind",
                    card.full_name(),
                    kind.word()
                ));
                continue;
            };
            match prove(card) {
                Ok(()) => proved += 1,
                Err(why) => unproved.push(format!("{} ({}): {why}", card.full_name(), kind.word())),
            }
        }
    }
    unproved.sort();
    // No position can be built for these: their users fight at a location within a planet
    // (which location a fight is at, a position does not say), or are Podracer pilots (which
    // depends on the rules in force); a walk asks for the fact.
    assert_eq!(
        unproved,
        [
            "Cha Skrunee Da Pat, Sleemo (use-with): no character is decided to be its user",
            "Don't Spect A Werm Welcome (use-with): no character is decided to be its user",
            "I Will Deal With Them Myself (use-with): no character is decided to be its user",
            "Move Against The Jedi First (use-with): no character is decided to be its user",
            "Start Your Engines! (fight-together): no 2 characters are decided to be its users",
            "Start Your Engines! (use-with): no 2 characters are decided to be its users",
        ],
        "{proved} proved"
    );
    assert!(proved >= 358, "{proved} proved");
}
