//! Who may use a weapon: the words the catalog and scenarios use for a weapon box's users
//! (`Darth Maul`, `any Jedi`, `any other Jedi`, `any character`), read from the transcription
//! by the converter and matched against a character by the procedures.

pub use super::card_text::battle_users_words;
use super::card_text::{BattleUser, QualifiedUser};
use super::model::{Card, TraitKind, WeaponBox};
use super::names::{normalise, normalised, same_normalised};
use super::traits::{TraitValue, is_dueling_character, is_jedi, title_trait_value};

/// The kinds of character a weapon box may name with "any": the catalog's canonical spelling.
/// Only some are traits the engine can tell of a card; the others stay words.
pub const USER_KINDS: [&str; 18] = [
    "character",
    "Jedi",
    "dueling character",
    "Podracer pilot",
    "Gungan",
    "Neimoidian",
    "senator",
    "handmaiden",
    "battle droid",
    "destroyer droid",
    "Naboo Officer",
    "Royal Guard",
    "Bravo Pilot",
    "Naboo Security",
    "Trade Federation Tank",
    "Nikto",
    "Pacithhip",
    "Quarren",
];

/// Every kind of character the Battle cards' users name (`any battle droid`), as the card
/// text files write them; a test keeps it whole.
pub const BATTLE_USER_KINDS: [&str; 28] = [
    "character",
    "Jedi",
    "Podracer pilot",
    "senator",
    "Gungan",
    "Gungan Official",
    "Rep",
    "Neimoidian",
    "handmaiden",
    "pilot",
    "Bravo Pilot",
    "Republic Pilot",
    "Republic Captain",
    "Naboo Officer",
    "Naboo Security",
    "Royal Guard",
    "Coruscant Guard",
    "Tusken Raider",
    "battle droid",
    "destroyer droid",
    "destroyer droid squad",
    "pit droid",
    "Sith probe droid",
    "Starfighter Droid",
    "Droid Starfighter",
    "Trade Federation Tank",
    "starfighter",
    "transport",
];

/// The kinds the Battle cards' users name that a card is, by the title rule (its title or
/// subtitle says so) or by the rules that say what a Jedi or a Sith is; those the traits show
/// on their own (a character, a Jedi, a Podracer pilot) aside.
pub fn battle_user_kinds(card: &Card) -> Vec<&'static str> {
    BATTLE_USER_KINDS
        .iter()
        .copied()
        .filter(|kind| !["character", "Jedi", "Podracer pilot"].contains(kind))
        .filter(|kind| kind_holds(kind, card) == Some(TraitValue::Yes))
        .collect()
}

/// One entry of a weapon box's users, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeaponUser {
    /// A character by title (every version) or full name.
    Named(String),
    /// `any KIND` or `any other KIND`: "other" excludes those an earlier box names, which
    /// reading the boxes in order already does.
    Any { kind: String },
}

impl WeaponUser {
    pub fn parse(word: &str) -> WeaponUser {
        match read_user(word) {
            UserWords::Named(name) => WeaponUser::Named(name.to_string()),
            UserWords::Any(kind) => WeaponUser::Any {
                kind: kind.to_string(),
            },
        }
    }
}

/// [`WeaponUser`] as words of the entry it was read from.
enum UserWords<'a> {
    Named(&'a str),
    Any(&'a str),
}

/// Reads an entry of a box's users without copying it: `any KIND`, `any other KIND` (either
/// in any case), or a name.
fn read_user(word: &str) -> UserWords<'_> {
    let trimmed = word.trim();
    let after = |text: &'_ str, prefix: &str| -> Option<usize> {
        text.get(..prefix.len())
            .filter(|start| start.eq_ignore_ascii_case(prefix))
            .map(|_| prefix.len())
    };
    match after(trimmed, "any ") {
        Some(skip) => {
            let rest = trimmed.get(skip..).unwrap_or_default();
            let kind = match after(rest, "other ") {
                Some(skip) => rest.get(skip..).unwrap_or_default(),
                None => rest,
            };
            UserWords::Any(kind)
        }
        None => UserWords::Named(trimmed),
    }
}

/// What is not known of who may use a weapon: the fact a scenario must declare.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsersUnknown {
    /// No source says who may use the weapon.
    #[error(
        "who may use {weapon} is not known: declare it under `cards:` with `usable_by:` (character titles, or `any Jedi`, `any dueling character`, `any character`)"
    )]
    Weapon { weapon: String },
    /// The position names a weapon printed in versions whose boxes differ, and not which.
    #[error(
        "which version of {weapon} is in play? Its versions differ in their boxes: {versions}. Name the card with its set, or declare who may use it under `cards:` with `usable_by:` (and `power_bonus:`)"
    )]
    Versions { weapon: String, versions: String },
    /// No source says who may use one of its boxes.
    #[error(
        "who may use box {number} of {weapon} is not known: declare who may use it under `cards:` with `usable_by:`"
    )]
    Box { weapon: String, number: usize },
    /// Whether the character is one of a box's users cannot be told.
    #[error(
        "whether {character} may use {weapon}: {reason}; declare it under `cards:` with `usable_by:`"
    )]
    Character {
        character: String,
        weapon: String,
        reason: KindUnknown,
    },
}

/// Why it cannot be told whether a character is of a kind of user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KindUnknown {
    /// The character's trait is not known.
    #[error("whether {character} is {kind} is not known")]
    Trait { character: String, kind: String },
    /// The engine has no rule for the kind.
    #[error("the engine cannot tell whether a character is {kind}")]
    Kind { kind: String },
    /// The catalog does not record the character's icons.
    #[error("whether {character} has the [{icon}] icon is not known")]
    Icon { character: String, icon: String },
    /// The place is not a planet, and where in a planet a fight is is not known.
    #[error("whether the fight is at {place} is not known")]
    Place { place: String },
}

/// The first of the weapon's boxes (as the catalog or the scenario gives them) whose users include
/// the character: `None` if none does; an error names what is not known.
pub fn box_for<'card>(
    weapon: &'card Card,
    character: &Card,
) -> Result<Option<&'card WeaponBox>, UsersUnknown> {
    let Some(boxes) = weapon.weapon_boxes.as_ref().map(|fact| &fact.value) else {
        if !weapon.versions.is_empty() {
            return Err(UsersUnknown::Versions {
                weapon: weapon.full_name(),
                versions: weapon.versions.join("; "),
            });
        }
        return Err(UsersUnknown::Weapon {
            weapon: weapon.full_name(),
        });
    };
    // A weapon the character's own text lets him use: its first box.
    if character
        .text
        .may_use
        .iter()
        .any(|title| same_normalised(title, &weapon.title))
    {
        return Ok(boxes.first());
    }
    for (index, weapon_box) in boxes.iter().enumerate() {
        let Some(users) = &weapon_box.users else {
            return Err(UsersUnknown::Box {
                weapon: weapon.full_name(),
                number: index + 1,
            });
        };
        let holds = is_user(users, character).map_err(|reason| UsersUnknown::Character {
            character: character.full_name(),
            weapon: weapon.full_name(),
            reason,
        })?;
        if holds {
            return Ok(Some(weapon_box));
        }
    }
    Ok(None)
}

/// Whether the character is one of the users; an error says which kind the engine cannot
/// tell of a card.
pub fn is_user(users: &[String], character: &Card) -> Result<bool, KindUnknown> {
    let mut undecided = None;
    for user in users {
        match read_user(user) {
            UserWords::Named(name) => {
                // The title, or the full name: `Title, Subtitle`.
                let full_name = character.subtitle.as_deref().map(|subtitle| {
                    character
                        .title
                        .chars()
                        .chain(", ".chars())
                        .chain(subtitle.chars())
                });
                if same_normalised(name, &character.title)
                    || full_name.is_some_and(|full| normalised(name.chars()).eq(normalised(full)))
                {
                    return Ok(true);
                }
            }
            UserWords::Any(kind) => match kind_holds(kind, character) {
                Some(TraitValue::Yes) => return Ok(true),
                Some(TraitValue::No | TraitValue::Number(_)) => {}
                Some(TraitValue::Unknown | TraitValue::Unusable(_)) => {
                    undecided = Some(KindUnknown::Trait {
                        character: character.full_name(),
                        kind: article(kind),
                    });
                }
                None => {
                    undecided = Some(KindUnknown::Kind {
                        kind: article(kind),
                    });
                }
            },
        }
    }
    match undecided {
        Some(reason) => Err(reason),
        None => Ok(false),
    }
}

fn article(kind: &str) -> String {
    let vowel = kind
        .chars()
        .next()
        .is_some_and(|ch| "aeiouAEIOU".contains(ch));
    format!("{} {kind}", if vowel { "an" } else { "a" })
}

/// Whether the character is of the kind, where the engine can tell: the traits it derives,
/// and any other kind by the FAQ's title rule (its title or subtitle includes the kind's
/// words: `battle droid`, `handmaiden`, `Coruscant Guard`).
fn kind_holds(kind: &str, character: &Card) -> Option<TraitValue> {
    let is = |name: &str| normalised(kind.chars()).eq(name.chars());
    if counts_as(kind, character) {
        return Some(TraitValue::Yes);
    }
    if is("character") {
        Some(TraitValue::Yes)
    } else if is("jedi") {
        Some(is_jedi(character))
    } else if is("dueling character") {
        Some(is_dueling_character(character))
    } else if is("gungan") {
        title_trait_value(character, TraitKind::Gungan)
    } else if is("neimoidian") {
        title_trait_value(character, TraitKind::Neimoidian)
    } else if is("senator") {
        title_trait_value(character, TraitKind::Senator)
    } else if is("sith") {
        Some(super::traits::sith(character).value)
    } else if kind.trim().is_empty() || is("podracer pilot") {
        // A Podracer pilot depends on the rules in force, which a look-up of users does not
        // read.
        None
    } else {
        Some(super::traits::title_value(character, &[kind]))
    }
}

/// Whether the character's own text has it count as the kind (`Royal Guard`).
fn counts_as(kind: &str, character: &Card) -> bool {
    character
        .text
        .counts_as
        .iter()
        .any(|counted| same_normalised(counted, kind))
}

/// Where a Battle card is played: the planet of the fight, and whether its entry is the first
/// of the plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayedAt<'a> {
    pub planet: Option<&'a str>,
    pub first_in_plan: bool,
}

/// Whether the fighters of one entry of a battle plan may use the Battle card: `Ok(None)` when
/// nothing records its users; an error names what cannot be told.
pub fn may_use_battle_card(
    card: &Card,
    fighters: &[&Card],
    at: PlayedAt<'_>,
) -> Result<Option<bool>, KindUnknown> {
    let Some(users) = &card.text.battle_users else {
        return Ok(None);
    };
    if fighters.len() > 1 {
        return fighting_together(card, users, fighters, at).map(Some);
    }
    // A card its users fight together with is for them together, unless one may use it alone.
    if card.text.battle == Some(super::model::BattleEffect::FightTogether)
        && !card.text.together_alone
    {
        return Ok(Some(false));
    }
    any_holds(users, fighters, at).map(Some)
}

/// Whether one of the users holds of the fighters; an error where none is known to and one
/// cannot be told.
fn any_holds(
    users: &[BattleUser],
    fighters: &[&Card],
    at: PlayedAt<'_>,
) -> Result<bool, KindUnknown> {
    let mut undecided = None;
    for user in users {
        match user_holds(user, fighters, at) {
            Ok(true) => return Ok(true),
            Ok(false) => {}
            Err(reason) => undecided = Some(reason),
        }
    }
    undecided.map_or(Ok(false), Err)
}

/// Whether cards fighting together may use the card: where its text names groups, they are
/// one of them, a card for each user of the group; else the users hold of them together (as
/// many as a count asks) and each of them is one of its users.
fn fighting_together(
    card: &Card,
    users: &[BattleUser],
    fighters: &[&Card],
    at: PlayedAt<'_>,
) -> Result<bool, KindUnknown> {
    // A user read for one card: its count is the entry's, not one card's.
    let one = |user: &BattleUser| match user {
        BattleUser::Qualified(qualified) if qualified.count.is_some() => {
            BattleUser::Qualified(QualifiedUser {
                count: None,
                ..qualified.clone()
            })
        }
        other => other.clone(),
    };
    let mut undecided = None;
    if !card.text.together_groups.is_empty() {
        for group in &card.text.together_groups {
            if group.len() != fighters.len() {
                continue;
            }
            for order in orders(fighters.len()) {
                let mut all = Ok(true);
                for (user, fighter) in group.iter().zip(order.iter().map(|at| fighters[*at])) {
                    match user_holds(&one(user), &[fighter], at) {
                        Ok(true) => {}
                        Ok(false) => {
                            all = Ok(false);
                            break;
                        }
                        Err(reason) => all = Err(reason),
                    }
                }
                match all {
                    Ok(true) => return Ok(true),
                    Ok(false) => {}
                    Err(reason) => undecided = Some(reason),
                }
            }
        }
        return undecided.map_or(Ok(false), Err);
    }
    match any_holds(users, fighters, at) {
        Ok(true) => {}
        other => return other,
    }
    let single: Vec<BattleUser> = users.iter().map(one).collect();
    for fighter in fighters {
        match any_holds(&single, &[fighter], at) {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(reason) => undecided = Some(reason),
        }
    }
    undecided.map_or(Ok(true), Err)
}

/// Every order of `count` places (at most three cards fight together).
fn orders(count: usize) -> Vec<Vec<usize>> {
    match count {
        0 => vec![Vec::new()],
        _ => {
            let mut all = Vec::new();
            for shorter in orders(count - 1) {
                for at in 0..=shorter.len() {
                    let mut order = shorter.clone();
                    order.insert(at, count - 1);
                    all.push(order);
                }
            }
            all
        }
    }
}

/// Whether one entry of a Battle card's users holds of the fighters.
fn user_holds(
    user: &BattleUser,
    fighters: &[&Card],
    at: PlayedAt<'_>,
) -> Result<bool, KindUnknown> {
    match user {
        BattleUser::Word(word) => {
            let mut undecided = None;
            for fighter in fighters {
                match is_user(std::slice::from_ref(word), fighter) {
                    Ok(true) => return Ok(true),
                    Ok(false) => {}
                    Err(reason) => undecided = Some(reason),
                }
            }
            undecided.map_or(Ok(false), Err)
        }
        BattleUser::Qualified(qualified) => {
            if qualified.first_in_plan && !at.first_in_plan {
                return Ok(false);
            }
            if let Some(place) = &qualified.at {
                match at.planet {
                    Some(planet) if same_normalised(place, planet) => {}
                    Some(_) if PLANETS.iter().any(|known| same_normalised(place, known)) => {
                        return Ok(false);
                    }
                    _ => {
                        return Err(KindUnknown::Place {
                            place: place.clone(),
                        });
                    }
                }
            }
            let wanted = usize::from(qualified.count.unwrap_or(1).max(1));
            let kind = format!("any {}", qualified.any);
            let mut holding = 0usize;
            let mut undecided = None;
            for fighter in fighters {
                match is_user(std::slice::from_ref(&kind), fighter) {
                    Ok(true) => match (&qualified.icon, &fighter.icons) {
                        // A kind its own text has it count as comes with the [diamond].
                        (None, _) => holding += 1,
                        (Some(_), _) if counts_as(&qualified.any, fighter) => holding += 1,
                        (Some(icon), Some(icons)) => {
                            if icons.value.iter().any(|printed| printed == icon) {
                                holding += 1;
                            }
                        }
                        (Some(icon), None) => {
                            undecided = Some(KindUnknown::Icon {
                                character: fighter.full_name(),
                                icon: icon.clone(),
                            });
                        }
                    },
                    Ok(false) => {}
                    Err(reason) => undecided = Some(reason),
                }
            }
            if holding >= wanted {
                Ok(true)
            } else {
                undecided.map_or(Ok(false), Err)
            }
        }
    }
}

/// Whether the weapons are the two a Battle card's text names, in either order: `any KIND` for
/// a weapon whose name holds the kind's words (`any speeder`: Flash Speeder), else its name.
pub fn are_the_weapons(named: &[String], weapons: &[&Card]) -> bool {
    let is = |word: &str, weapon: &Card| weapon_is(word, weapon);
    match (named, weapons) {
        ([first, second], [one, other]) => {
            (is(first, one) && is(second, other)) || (is(first, other) && is(second, one))
        }
        _ => false,
    }
}

/// Whether the weapon is the one game text names: `any KIND` for a weapon whose name holds the
/// kind's words (`any speeder`: Flash Speeder; `any fambaa`), else its name or title.
pub fn weapon_is(word: &str, weapon: &Card) -> bool {
    let name = normalise(&weapon.full_name());
    match word.trim().strip_prefix("any ") {
        Some(kind) => {
            let kind = normalise(kind);
            format!(" {name} ").contains(&format!(" {kind} "))
        }
        None => name == normalise(word) || normalise(&weapon.title) == normalise(word),
    }
}

/// Whether one card is the user a Battle card's text names (`any battle droid`, a name).
pub fn is_battle_user(user: &BattleUser, card: &Card) -> Result<bool, KindUnknown> {
    user_holds(user, &[card], PlayedAt::default())
}

/// The three planets a Battle card may name as the place of its fight.
const PLANETS: [&str; 3] = ["Tatooine", "Coruscant", "Naboo"];

/// The transcription's text of a weapon box read as users: names resolved to a character's
/// title among `titles`, kinds to their canonical spelling. `None` when the text is anything
/// else (game text, a condition, junk): the catalog does not model it.
pub fn read_users(text: &str, titles: &[&str]) -> Option<Vec<String>> {
    let text = text.trim().trim_end_matches('.').trim();
    if ["", "0", "na", "none"].contains(&text.to_lowercase().as_str()) {
        return Some(Vec::new());
    }
    // "Use with X" names the users as a plain list does; a second sentence is game text.
    let text = text.strip_prefix("Use with ").unwrap_or(text);
    if text.contains('.') {
        return None;
    }
    let mut users = Vec::new();
    let mut after_any = false;
    for part in text
        .replace(", or ", ",")
        .replace(" or ", ",")
        .replace(" and ", ",")
        .split(',')
    {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let lower = part.to_lowercase();
        let (kind, other) = match lower.strip_prefix("any ") {
            Some(rest) => match rest.strip_prefix("other ") {
                Some(kind) => (Some(kind.to_string()), true),
                None => (Some(rest.to_string()), false),
            },
            None if after_any => (Some(lower.clone()), false),
            None => (None, false),
        };
        if let Some(kind) = kind {
            let canonical = USER_KINDS
                .iter()
                .find(|known| normalise(known) == normalise(&kind))?;
            after_any = true;
            users.push(format!(
                "any {}{canonical}",
                if other { "other " } else { "" }
            ));
            continue;
        }
        let wanted = normalise(part);
        let matching: Vec<&&str> = titles
            .iter()
            .filter(|title| {
                let title = normalise(title);
                title == wanted || title.starts_with(&format!("{wanted} "))
            })
            .collect();
        let first = matching.first()?;
        if matching
            .iter()
            .any(|title| normalise(title) != normalise(first))
        {
            return None;
        }
        users.push((**first).to_string());
    }
    Some(users)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TITLES: [&str; 6] = [
        "Darth Maul",
        "Darth Sidious",
        "Padmé Naberrie",
        "Qui-Gon Jinn",
        "Nute Gunray",
        "Rune Haako",
    ];

    fn read(text: &str) -> Option<Vec<String>> {
        read_users(text, &TITLES)
    }

    #[test]
    fn names_resolve_to_titles_and_kinds_to_their_spelling() {
        assert_eq!(
            read("Darth Maul or Darth sidious"),
            Some(vec!["Darth Maul".to_string(), "Darth Sidious".to_string()])
        );
        assert_eq!(
            read("Any other Jedi"),
            Some(vec!["any other Jedi".to_string()])
        );
        assert_eq!(read("Padme."), Some(vec!["Padmé Naberrie".to_string()]));
        assert_eq!(
            read("Nute gunray and Rune Haako"),
            Some(vec!["Nute Gunray".to_string(), "Rune Haako".to_string()])
        );
        assert_eq!(
            read("Any Royal Guard, Bravo Pilot or Naboo Security"),
            Some(vec![
                "any Royal Guard".to_string(),
                "any Bravo Pilot".to_string(),
                "any Naboo Security".to_string()
            ])
        );
        assert_eq!(
            read("Use with Qui-Gon."),
            Some(vec!["Qui-Gon Jinn".to_string()])
        );
        assert_eq!(read(""), Some(vec![]));
        assert_eq!(read("na"), Some(vec![]));
    }

    #[test]
    fn text_that_is_not_a_list_of_users_is_not_modelled() {
        assert_eq!(
            read("Use with any two Naboo Officers. They fight together."),
            None
        );
        assert_eq!(read("any other character fighting a Tank"), None);
        assert_eq!(read("Use with R2-D2 and C-3PO. They fight together."), None);
        assert_eq!(read("lore"), None);
        assert_eq!(read("Darth"), None, "a part of two titles is no name");
    }

    fn stolen_saber() -> Card {
        let mut saber = Card::named(
            "Jedi Lightsaber, Stolen by Aurra Sing",
            crate::cards::model::Game::YoungJedi,
        );
        saber.weapon_boxes = Some(crate::cards::model::Fact::new(
            vec![
                WeaponBox {
                    users: Some(vec!["Aurra Sing".to_string()]),
                    draws: Some(1),
                    bonus: Some(2),
                },
                WeaponBox {
                    users: Some(vec!["Darth Maul".to_string()]),
                    draws: Some(1),
                    bonus: Some(0),
                },
            ],
            crate::cards::model::Source::Outside("a test".into()),
        ));
        saber
    }

    /// Darth Maul, Sith Lord: a made-up version of Maul.
    fn maul() -> Card {
        Card::named(
            "Darth Maul, Sith Lord",
            crate::cards::model::Game::YoungJedi,
        )
    }

    #[test]
    fn the_first_box_naming_the_character_gives_his_bonus_and_a_declaration_overrides() {
        let maul = maul();
        let saber = stolen_saber();
        assert_eq!(
            box_for(&saber, &maul).map(|found| found.and_then(|b| b.bonus)),
            Ok(Some(0))
        );
        // A bonus alone replaces the first box's and keeps the others.
        let mut bonus_only = stolen_saber();
        bonus_only.declare_first_box(None, Some(3));
        let boxes = &bonus_only
            .weapon_boxes
            .as_ref()
            .map(|fact| fact.value.clone());
        assert_eq!(boxes.as_ref().map(Vec::len), Some(2));
        assert_eq!(boxes.as_ref().and_then(|b| b[0].bonus), Some(3));
        assert_eq!(
            box_for(&bonus_only, &maul).map(|found| found.is_some()),
            Ok(true)
        );
        // Users declared are all the users: Maul may no longer use it.
        let mut users = stolen_saber();
        users.declare_first_box(Some(vec!["Aurra Sing".to_string()]), None);
        assert_eq!(box_for(&users, &maul), Ok(None));
        assert_eq!(
            users
                .weapon_boxes
                .as_ref()
                .and_then(|fact| fact.value.first())
                .and_then(|first| first.bonus),
            Some(2),
            "the catalog's bonus stays where none is declared"
        );
    }

    #[test]
    fn a_declaration_keeps_what_it_declared_and_what_the_catalog_said() {
        let mut bonus_only = stolen_saber();
        bonus_only.declare_first_box(None, Some(3));
        let declared = bonus_only.first_box_declaration.clone();
        assert_eq!(declared.as_ref().and_then(|d| d.users.clone()), None);
        assert_eq!(
            declared.as_ref().map(|d| d.catalog_bonus_differing()),
            Some(Some(Some(2)))
        );
        assert_eq!(
            declared.as_ref().map(|d| d.catalog_users_differing()),
            Some(None),
            "no users were declared"
        );
        assert_eq!(
            bonus_only.weapon_boxes.and_then(|fact| fact.note),
            Some(
                "box 1 declared by the scenario; the catalog's box 1 is Aurra Sing: 1 destiny draw, power bonus +2; the other boxes are the catalog's"
                    .to_string()
            )
        );
        // Declaring what the catalog says is no difference.
        let mut same = stolen_saber();
        same.declare_first_box(Some(vec!["Aurra Sing".to_string()]), Some(2));
        let declared = same.first_box_declaration.clone();
        assert_eq!(
            declared.as_ref().map(|d| d.catalog_bonus_differing()),
            Some(None)
        );
        assert_eq!(
            declared.as_ref().map(|d| d.catalog_users_differing()),
            Some(None)
        );
        assert_eq!(same.weapon_boxes.and_then(|fact| fact.note), None);
        // Declared one field at a time, as the shell does: the second adds to the first, and
        // the catalog's box stays what it was.
        let mut twice = stolen_saber();
        twice.declare_first_box(Some(vec!["Aurra Sing".to_string()]), None);
        twice.declare_first_box(None, Some(5));
        let declared = twice.first_box_declaration.clone();
        assert_eq!(
            declared.as_ref().and_then(|d| d.users.clone()),
            Some(vec!["Aurra Sing".to_string()])
        );
        assert_eq!(declared.as_ref().and_then(|d| d.bonus), Some(5));
        assert_eq!(
            declared.as_ref().map(|d| d.catalog_bonus_differing()),
            Some(Some(Some(2)))
        );
    }

    #[test]
    fn a_character_is_a_user_by_title_or_by_kind() {
        let maul = maul();
        assert_eq!(is_user(&["Darth Maul".to_string()], &maul), Ok(true));
        assert_eq!(is_user(&["any other Jedi".to_string()], &maul), Ok(false));
        assert_eq!(is_user(&["any character".to_string()], &maul), Ok(true));
        // Any other kind by the title rule: his title and subtitle do not say Naboo Officer.
        assert_eq!(
            is_user(&["any Naboo Officer".to_string()], &maul),
            Ok(false)
        );
        assert_eq!(
            is_user(&["any Podracer pilot".to_string()], &maul),
            Err(KindUnknown::Kind {
                kind: "a Podracer pilot".to_string()
            })
        );
    }
}

#[cfg(test)]
mod battle_card_tests {
    use super::*;

    use crate::cards::{CardType, Fact, Game, Source};

    fn character(name: &str) -> Card {
        let mut card = Card::named(name, Game::YoungJedi);
        card.card_type = Some(Fact::new(CardType::Character, Source::Scenario));
        card
    }

    fn battle_card(users: Vec<BattleUser>) -> Card {
        let mut card = Card::named("Test Battle Card", Game::YoungJedi);
        card.card_type = Some(Fact::new(CardType::Battle, Source::Scenario));
        card.text.battle_users = Some(users);
        card
    }

    fn word(text: &str) -> BattleUser {
        BattleUser::Word(text.to_string())
    }

    const NABOO: PlayedAt<'static> = PlayedAt {
        planet: Some("Naboo"),
        first_in_plan: false,
    };

    #[test]
    fn a_battle_card_is_for_its_users_by_name_and_by_the_title_rule() {
        let card = battle_card(vec![word("Obi-Wan Kenobi"), word("any battle droid")]);
        let obi_wan = character("Obi-Wan Kenobi, Jedi Knight");
        let squad = character("Battle Droid Squad");
        let guard = character("Coruscant Guard, Officer");
        assert_eq!(
            may_use_battle_card(&card, &[&obi_wan], NABOO),
            Ok(Some(true))
        );
        assert_eq!(may_use_battle_card(&card, &[&squad], NABOO), Ok(Some(true)));
        assert_eq!(
            may_use_battle_card(&card, &[&guard], NABOO),
            Ok(Some(false))
        );
        // Cards fighting together: each of them is one of the users.
        assert_eq!(
            may_use_battle_card(&card, &[&guard, &obi_wan], NABOO),
            Ok(Some(false))
        );
        assert_eq!(
            may_use_battle_card(&card, &[&squad, &obi_wan], NABOO),
            Ok(Some(true))
        );
        let unrecorded = Card::named("Another Battle Card", Game::YoungJedi);
        assert_eq!(may_use_battle_card(&unrecorded, &[&guard], NABOO), Ok(None));
    }

    /// Where the text names groups, the cards fighting together are one of them, a card for
    /// each user, in any order; two cards both of one user's kind are not.
    #[test]
    fn cards_fighting_together_are_one_of_the_groups_the_text_names() {
        let mut card = battle_card(vec![word("Obi-Wan Kenobi"), word("any battle droid")]);
        card.text.together_groups = vec![vec![word("Obi-Wan Kenobi"), word("any battle droid")]];
        let obi_wan = character("Obi-Wan Kenobi, Jedi Knight");
        let squad = character("Battle Droid Squad");
        let infantry = character("Battle Droid: Infantry, AAT Division");
        assert_eq!(
            may_use_battle_card(&card, &[&squad, &obi_wan], NABOO),
            Ok(Some(true))
        );
        assert_eq!(
            may_use_battle_card(&card, &[&obi_wan, &infantry], NABOO),
            Ok(Some(true))
        );
        assert_eq!(
            may_use_battle_card(&card, &[&squad, &infantry], NABOO),
            Ok(Some(false))
        );
        assert_eq!(orders(3).len(), 6);
    }

    #[test]
    fn a_qualified_user_needs_its_count_place_and_plan_position() {
        let two_guards = battle_card(vec![BattleUser::Qualified(QualifiedUser {
            any: "Coruscant Guard".to_string(),
            count: Some(2),
            ..QualifiedUser::default()
        })]);
        let officer = character("Coruscant Guard, Officer");
        let peacekeeper = character("Coruscant Guard, Peacekeeper");
        assert_eq!(
            may_use_battle_card(&two_guards, &[&officer], NABOO),
            Ok(Some(false))
        );
        assert_eq!(
            may_use_battle_card(&two_guards, &[&officer, &peacekeeper], NABOO),
            Ok(Some(true))
        );
        let on_naboo = battle_card(vec![BattleUser::Qualified(QualifiedUser {
            any: "character".to_string(),
            at: Some("Naboo".to_string()),
            ..QualifiedUser::default()
        })]);
        assert_eq!(
            may_use_battle_card(&on_naboo, &[&officer], NABOO),
            Ok(Some(true))
        );
        let tatooine = PlayedAt {
            planet: Some("Tatooine"),
            first_in_plan: false,
        };
        assert_eq!(
            may_use_battle_card(&on_naboo, &[&officer], tatooine),
            Ok(Some(false))
        );
        let first = battle_card(vec![BattleUser::Qualified(QualifiedUser {
            any: "character".to_string(),
            first_in_plan: true,
            ..QualifiedUser::default()
        })]);
        assert_eq!(
            may_use_battle_card(&first, &[&officer], NABOO),
            Ok(Some(false))
        );
        let leading = PlayedAt {
            first_in_plan: true,
            ..NABOO
        };
        assert_eq!(
            may_use_battle_card(&first, &[&officer], leading),
            Ok(Some(true))
        );
    }

    #[test]
    fn what_the_catalog_does_not_record_is_not_decided() {
        let diamond = battle_card(vec![BattleUser::Qualified(QualifiedUser {
            any: "battle droid".to_string(),
            icon: Some("diamond".to_string()),
            ..QualifiedUser::default()
        })]);
        let squad = character("Battle Droid Squad");
        assert!(matches!(
            may_use_battle_card(&diamond, &[&squad], NABOO),
            Err(KindUnknown::Icon { .. })
        ));
        let guard = character("Coruscant Guard, Officer");
        assert_eq!(
            may_use_battle_card(&diamond, &[&guard], NABOO),
            Ok(Some(false))
        );
        let at_arena = battle_card(vec![BattleUser::Qualified(QualifiedUser {
            any: "character".to_string(),
            at: Some("Podrace Arena".to_string()),
            ..QualifiedUser::default()
        })]);
        assert!(matches!(
            may_use_battle_card(&at_arena, &[&guard], NABOO),
            Err(KindUnknown::Place { .. })
        ));
    }

    #[test]
    fn users_read_as_words() {
        let users = vec![
            word("Obi-Wan Kenobi"),
            BattleUser::Qualified(QualifiedUser {
                any: "battle droid".to_string(),
                icon: Some("diamond".to_string()),
                ..QualifiedUser::default()
            }),
            BattleUser::Qualified(QualifiedUser {
                any: "Coruscant Guard".to_string(),
                count: Some(2),
                ..QualifiedUser::default()
            }),
        ];
        assert_eq!(
            battle_users_words(&users),
            "Obi-Wan Kenobi, any [diamond] battle droid or 2 of Coruscant Guard"
        );
    }
}
