//! Traits derived by rule from a card's name, type and side: Jedi, dueling character, Podracer pilot, lightsaber, handling.

use serde::Serialize;

use super::model::{Card, CardType, Game, Side, Source, TraitKind};
use crate::rules::{Citation, Corpus, Ruleset, cite};

/// The FAQ's rule that a card is a Jedi (senator, Gungan, Neimoidian, Podracer pilot) only if
/// its title or subtitle says so.
const TITLE_RULE: Citation = cite("general.title-traits");
/// The FAQ's single exception: Sebulba, Bad-Tempered Dug is a Podracer pilot.
const SEBULBA_EXCEPTION: Citation = cite("general.sebulba-pilot");
/// The Boonta Eve rule: every version of Anakin Skywalker and Sebulba is a Podracer pilot.
const EVERY_ANAKIN_AND_SEBULBA: Citation = cite("boonta.boonta-eve-classic.matching-weapon");
/// The definition of a dueling character.
const DUELING_CHARACTER: Citation = cite("duel.dueling-character");
/// Handling is the last digit of the collector number.
const HANDLING: Citation = cite("boonta.handling.definition");
/// Handling 0 and 7 cannot be used.
const HANDLING_UNUSABLE: Citation = cite("boonta.handling.unusable");
/// A Podracer Weapon card matches the pilot whose name is in its title.
const MATCHING_WEAPON: Citation = cite("boonta.boonta-eve-classic.matching-weapon");

/// The full names that the FAQ's Podracer-pilot exception names.
const PODRACER_PILOT_EXCEPTIONS: [&str; 1] = ["Sebulba, Bad-Tempered Dug"];
/// The titles whose every version the Boonta Eve rules make Podracer pilots.
const PILOT_STACKS: [&str; 2] = ["Anakin Skywalker", "Sebulba"];
/// The Light Side titles the dueling rule names, and the one it excludes.
const NAMED_LIGHT_DUELISTS: [&str; 2] = ["Obi-Wan Kenobi", "Qui-Gon Jinn"];
const EXCLUDED_LIGHT_DUELIST: &str = "Anakin Skywalker";
/// The Clash of the Lightsabers rules call Darth Maul "the Sith Lord"; no Young Jedi rule lists
/// the Sith.
const SITH_LORD: Citation = cite("clash.object.background");
/// The titles read as a Sith Lord's: "Darth".
const SITH_LORD_TITLE: &str = "Darth";
/// The Dark Side dueling opponents the rule names.
const NAMED_DARK_DUELISTS: [&str; 3] = ["Darth Maul", "Darth Sidious", "Aurra Sing"];

/// The value of a trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "is", content = "number")]
pub enum TraitValue {
    Yes,
    No,
    /// The facts the rule needs are not known (a subtitle, a side).
    Unknown,
    /// A usable handling number.
    Number(u8),
    /// A handling number no card can match.
    Unusable(u8),
}

impl TraitValue {
    pub fn is_yes(self) -> bool {
        matches!(self, TraitValue::Yes)
    }

    fn from_bool(value: bool) -> TraitValue {
        if value {
            TraitValue::Yes
        } else {
            TraitValue::No
        }
    }
}

/// A trait of a card with the reason and the rules behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DerivedTrait {
    pub kind: TraitKind,
    pub value: TraitValue,
    pub reason: String,
    /// Corpus ids or keys, resolved under the ruleset when quoted.
    pub cites: Vec<String>,
    /// Stated outright by a source or the scenario, not derived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stated_by: Option<Source>,
}

impl DerivedTrait {
    fn new(
        kind: TraitKind,
        value: TraitValue,
        reason: impl Into<String>,
        cites: &[Citation],
    ) -> Self {
        DerivedTrait {
            kind,
            value,
            reason: reason.into(),
            cites: cites.iter().map(|cite| cite.id().to_string()).collect(),
            stated_by: None,
        }
    }
}

/// Lower-cased words of a name, with a space either side for whole-word matching.
fn padded_words(text: &str) -> String {
    let words: String = text
        .chars()
        .map(|ch| {
            if ch.is_alphanumeric() || ch == '-' {
                ch.to_ascii_lowercase()
            } else {
                ' '
            }
        })
        .collect();
    format!(
        " {} ",
        words.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

/// The words of a text: its runs of letters, digits and hyphens.
fn words(text: &str) -> impl Iterator<Item = &str> + Clone {
    text.split(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
        .filter(|word| !word.is_empty())
}

/// Whether the card's title or subtitle includes the term (one or more whole words, read
/// across the two as one name, letters compared without their case), without allocating:
/// derived traits are asked at every step of a duel.
fn name_includes(card: &Card, terms: &[&str]) -> bool {
    let name =
        || words(&card.title).chain(card.subtitle.iter().flat_map(|subtitle| words(subtitle)));
    let length = name().count();
    terms.iter().any(|term| {
        let wanted = words(term).count();
        wanted > 0
            && wanted <= length
            && (0..=length - wanted).any(|start| {
                name()
                    .skip(start)
                    .zip(words(term))
                    .all(|(word, term)| word.eq_ignore_ascii_case(term))
            })
    })
}

/// The title rule's value alone: yes if the name says so; no if the name is complete and
/// does not; unknown if part of the name is not known.
pub(crate) fn title_value(card: &Card, terms: &[&str]) -> TraitValue {
    if name_includes(card, terms) {
        TraitValue::Yes
    } else if card.name_complete {
        TraitValue::No
    } else {
        TraitValue::Unknown
    }
}

/// Whether the weapon is a lightsaber, as [`lightsaber`] derives it, without its reason.
pub fn is_lightsaber(card: &Card) -> TraitValue {
    match card.stated_trait(TraitKind::Lightsaber) {
        Some(fact) => TraitValue::from_bool(fact.value.1),
        None => title_value(card, &["Lightsaber"]),
    }
}

/// A trait the title rule derives: yes if the name says so; no if the name is complete and
/// does not; unknown if part of the name is not known.
fn title_trait(card: &Card, kind: TraitKind, terms: &[&str]) -> DerivedTrait {
    let word = terms.first().copied().unwrap_or_default();
    let value = title_value(card, terms);
    if value == TraitValue::Yes {
        DerivedTrait::new(
            kind,
            TraitValue::Yes,
            format!("its title or subtitle includes \"{word}\""),
            &[TITLE_RULE],
        )
    } else if value == TraitValue::No {
        DerivedTrait::new(
            kind,
            TraitValue::No,
            format!("neither its title nor its subtitle includes \"{word}\""),
            &[TITLE_RULE],
        )
    } else {
        DerivedTrait::new(
            kind,
            TraitValue::Unknown,
            format!("its title does not include \"{word}\" and its subtitle is not known"),
            &[TITLE_RULE],
        )
    }
}

fn stated(card: &Card, kind: TraitKind) -> Option<DerivedTrait> {
    card.stated_trait(kind).map(|fact| {
        let cites: Vec<String> = fact
            .source
            .rule_id()
            .map(String::from)
            .into_iter()
            .collect();
        DerivedTrait {
            kind,
            value: TraitValue::from_bool(fact.value.1),
            reason: match &fact.source {
                Source::Scenario => "declared by the scenario".to_string(),
                _ => "stated by the source".to_string(),
            },
            cites,
            stated_by: Some(fact.source.clone()),
        }
    })
}

/// Whether the card is a Jedi: only if its title or subtitle includes the word.
pub fn jedi(card: &Card) -> DerivedTrait {
    stated(card, TraitKind::Jedi).unwrap_or_else(|| title_trait(card, TraitKind::Jedi, &["Jedi"]))
}

/// Whether the card is a Jedi, as [`jedi`] derives it, without its reason.
pub fn is_jedi(card: &Card) -> TraitValue {
    match card.stated_trait(TraitKind::Jedi) {
        Some(fact) => TraitValue::from_bool(fact.value.1),
        None => title_value(card, &["Jedi"]),
    }
}

/// The words the title rule looks for of a trait it alone derives.
fn title_terms(kind: TraitKind) -> Option<&'static [&'static str]> {
    match kind {
        TraitKind::Senator => Some(&["senator"]),
        TraitKind::Gungan => Some(&["Gungan"]),
        TraitKind::Neimoidian => Some(&["Neimoidian", "Neimoidean"]),
        _ => None,
    }
}

/// A trait the title rule alone derives (senator, Gungan, Neimoidian), unless a source states
/// it; `None` for a trait with a rule of its own.
pub fn title_trait_of(card: &Card, kind: TraitKind) -> Option<DerivedTrait> {
    let terms = title_terms(kind)?;
    Some(stated(card, kind).unwrap_or_else(|| title_trait(card, kind, terms)))
}

/// The value of a trait a procedure asks at every step, derived as the derivations of this
/// module derive it, without its reason: a lightsaber, a dueling character, a Jedi, and the
/// traits of the title rule alone; `None` for the others.
pub fn quick_value(card: &Card, kind: TraitKind) -> Option<TraitValue> {
    match kind {
        TraitKind::Lightsaber => Some(is_lightsaber(card)),
        TraitKind::DuelingCharacter => Some(is_dueling_character(card)),
        TraitKind::Jedi => Some(is_jedi(card)),
        _ => title_trait_value(card, kind),
    }
}

/// [`title_trait_of`]'s value alone.
pub fn title_trait_value(card: &Card, kind: TraitKind) -> Option<TraitValue> {
    let terms = title_terms(kind)?;
    Some(match card.stated_trait(kind) {
        Some(fact) => TraitValue::from_bool(fact.value.1),
        None => title_value(card, terms),
    })
}

/// Whether the character is a Sith: the title rule read for "Sith" (a title or subtitle that
/// says so), and every character whose title is a Sith Lord's, "Darth". Both are readings, and
/// the reason says so: no rule lists the Sith.
pub fn sith(card: &Card) -> DerivedTrait {
    if let Some(stated) = stated(card, TraitKind::Sith) {
        return stated;
    }
    let kind = TraitKind::Sith;
    if card.card_type() != Some(CardType::Character) {
        return DerivedTrait::new(
            kind,
            TraitValue::No,
            "only a character is a Sith or not",
            &[TITLE_RULE],
        );
    }
    if card.title.split_whitespace().next() == Some(SITH_LORD_TITLE) {
        return DerivedTrait::new(
            kind,
            TraitValue::Yes,
            format!(
                "its title begins \"{SITH_LORD_TITLE}\", a Sith Lord's (reading: no rule lists the Sith; the Clash of the Lightsabers rules call Darth Maul \"the Sith Lord\")"
            ),
            &[SITH_LORD],
        );
    }
    let mut derived = title_trait(card, kind, &["Sith"]);
    derived.reason.push_str(
        " (reading: the FAQ's title rule covers \"such terms as\" Jedi and Podracer pilot)",
    );
    derived
}

/// Whether the card is a Podracer pilot under the ruleset.
pub fn podracer_pilot(card: &Card, corpus: &Corpus, ruleset: &Ruleset) -> DerivedTrait {
    podracer_pilot_under(card, every_anakin_and_sebulba(corpus, ruleset))
}

/// Whether the Boonta Eve rule that every version of Anakin and Sebulba is a Podracer pilot
/// is in force under the ruleset.
pub fn every_anakin_and_sebulba(corpus: &Corpus, ruleset: &Ruleset) -> bool {
    EVERY_ANAKIN_AND_SEBULBA
        .resolve(corpus, ruleset)
        .is_some_and(|item| ruleset.in_force(corpus, item))
}

/// Whether the card is a Podracer pilot, where the Boonta Eve rule on Anakin and Sebulba is in
/// force or not ([`every_anakin_and_sebulba`]).
pub fn podracer_pilot_under(card: &Card, boonta_in_force: bool) -> DerivedTrait {
    if let Some(stated) = stated(card, TraitKind::PodracerPilot) {
        return stated;
    }
    if boonta_in_force && PILOT_STACKS.contains(&card.title.as_str()) {
        return DerivedTrait::new(
            TraitKind::PodracerPilot,
            TraitValue::Yes,
            format!(
                "every version of {} is a Podracer pilot under the Boonta Eve rules",
                card.title
            ),
            &[EVERY_ANAKIN_AND_SEBULBA],
        );
    }
    if PODRACER_PILOT_EXCEPTIONS
        .iter()
        .any(|name| card.full_name().eq_ignore_ascii_case(name))
    {
        return DerivedTrait::new(
            TraitKind::PodracerPilot,
            TraitValue::Yes,
            "the FAQ's one exception to the title rule",
            &[SEBULBA_EXCEPTION],
        );
    }
    title_trait(card, TraitKind::PodracerPilot, &["Podracer Pilot"])
}

/// Whether the character is a dueling character, as [`dueling_character`] derives it,
/// without its reason: a duel asks it of every character at the planet.
pub fn is_dueling_character(card: &Card) -> TraitValue {
    if let Some(fact) = card.stated_trait(TraitKind::DuelingCharacter) {
        return TraitValue::from_bool(fact.value.1);
    }
    match card.card_type() {
        Some(CardType::Character) => {}
        Some(_) => return TraitValue::No,
        None => return TraitValue::Unknown,
    }
    if card.title == EXCLUDED_LIGHT_DUELIST {
        return TraitValue::No;
    }
    let title = card.title.as_str();
    if NAMED_LIGHT_DUELISTS.contains(&title) || NAMED_DARK_DUELISTS.contains(&title) {
        return TraitValue::Yes;
    }
    match (is_jedi(card), card.side()) {
        (TraitValue::Yes, Some(Side::Light)) => TraitValue::Yes,
        (TraitValue::Yes, Some(Side::Dark)) => TraitValue::No,
        (TraitValue::Yes, None) | (TraitValue::Unknown, _) => TraitValue::Unknown,
        _ => TraitValue::No,
    }
}

/// Whether the character is a dueling character.
pub fn dueling_character(card: &Card) -> DerivedTrait {
    if let Some(stated) = stated(card, TraitKind::DuelingCharacter) {
        return stated;
    }
    let kind = TraitKind::DuelingCharacter;
    let rule = [DUELING_CHARACTER];
    match card.card_type() {
        Some(CardType::Character) => {}
        Some(other) => {
            return DerivedTrait::new(
                kind,
                TraitValue::No,
                format!("only characters duel; this is a {other}"),
                &rule,
            );
        }
        None => {
            return DerivedTrait::new(
                kind,
                TraitValue::Unknown,
                "its card type is not known",
                &rule,
            );
        }
    }
    if card.title == EXCLUDED_LIGHT_DUELIST {
        return DerivedTrait::new(
            kind,
            TraitValue::No,
            "the rule excludes Anakin: he is not a Jedi yet",
            &rule,
        );
    }
    if NAMED_LIGHT_DUELISTS.contains(&card.title.as_str()) {
        return DerivedTrait::new(
            kind,
            TraitValue::Yes,
            format!("the rule names {}", card.title),
            &rule,
        );
    }
    if NAMED_DARK_DUELISTS.contains(&card.title.as_str()) {
        return DerivedTrait::new(
            kind,
            TraitValue::Yes,
            format!(
                "the rule names {} among the Dark Side dueling opponents",
                card.title
            ),
            &rule,
        );
    }
    let is_jedi = jedi(card);
    let with_title_rule = [DUELING_CHARACTER, TITLE_RULE];
    match (is_jedi.value, card.side()) {
        (TraitValue::Yes, Some(Side::Light)) => DerivedTrait::new(
            kind,
            TraitValue::Yes,
            "a Light Side Jedi character",
            &with_title_rule,
        ),
        (TraitValue::Yes, Some(Side::Dark)) => DerivedTrait::new(
            kind,
            TraitValue::No,
            "a Jedi, but on the Dark Side, and not one of the Dark Side dueling opponents the rule names",
            &with_title_rule,
        ),
        (TraitValue::Yes, None) => DerivedTrait::new(
            kind,
            TraitValue::Unknown,
            "a Jedi whose side is not known: Light Side Jedi duel",
            &with_title_rule,
        ),
        (TraitValue::Unknown, _) => DerivedTrait::new(
            kind,
            TraitValue::Unknown,
            "whether it is a Jedi is not known",
            &with_title_rule,
        ),
        _ => DerivedTrait::new(
            kind,
            TraitValue::No,
            "not a Jedi, and not one of the characters the rule names",
            &with_title_rule,
        ),
    }
}

/// Whether the weapon is a lightsaber. The FAQ's title rule names Jedi, senator, Gungan,
/// Neimoidian and Podracer pilot and applies to "such terms as" these; reading "lightsaber"
/// as such a term is stated in the reason.
pub fn lightsaber(card: &Card) -> DerivedTrait {
    if let Some(stated) = stated(card, TraitKind::Lightsaber) {
        return stated;
    }
    let mut derived = title_trait(card, TraitKind::Lightsaber, &["Lightsaber"]);
    derived.reason.push_str(
        " (reading: the FAQ's title rule covers \"such terms as\" Jedi and Podracer pilot)",
    );
    derived
}

/// Whether the weapon is a Podracer Weapon card, and whose.
pub fn podracer_weapon(card: &Card) -> DerivedTrait {
    if let Some(stated) = stated(card, TraitKind::PodracerWeapon) {
        return stated;
    }
    if name_includes(card, &["Podracer"]) {
        let owner = card
            .title
            .split(['\'', '’'])
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        DerivedTrait::new(
            TraitKind::PodracerWeapon,
            TraitValue::Yes,
            format!("a Podracer Weapon card; it matches a pilot with \"{owner}\" in his name"),
            &[MATCHING_WEAPON],
        )
    } else {
        DerivedTrait::new(
            TraitKind::PodracerWeapon,
            TraitValue::No,
            "its title does not include \"Podracer\"",
            &[MATCHING_WEAPON],
        )
    }
}

/// Whether a Podracer Weapon card matches a pilot: the pilot's name (his card's title) is in
/// the weapon's title, as `boonta.boonta-eve-classic.matching-weapon` says.
pub fn podracer_matches(weapon: &Card, pilot: &Card) -> bool {
    let title = padded_words(&weapon.title);
    !pilot.title.trim().is_empty() && title.contains(&padded_words(&pilot.title))
}

/// The handling number of a Podracer pilot: the last digit of its collector number.
pub fn handling(card: &Card) -> DerivedTrait {
    let digit = card
        .printing
        .as_ref()
        .and_then(|printing| printing.value.number.chars().last())
        .and_then(|ch| ch.to_digit(10))
        .and_then(|digit| u8::try_from(digit).ok());
    match digit {
        Some(digit @ (0 | 7)) => DerivedTrait::new(
            TraitKind::Handling,
            TraitValue::Unusable(digit),
            format!(
                "the last digit of collector number {}; a handling of {digit} cannot be used",
                card.printing
                    .as_ref()
                    .map(|p| &*p.value.number)
                    .unwrap_or_default()
            ),
            &[HANDLING, HANDLING_UNUSABLE],
        ),
        Some(digit) => DerivedTrait::new(
            TraitKind::Handling,
            TraitValue::Number(digit),
            format!(
                "the last digit of collector number {}",
                card.printing
                    .as_ref()
                    .map(|p| &*p.value.number)
                    .unwrap_or_default()
            ),
            &[HANDLING],
        ),
        None => DerivedTrait::new(
            TraitKind::Handling,
            TraitValue::Unknown,
            "its collector number is not known",
            &[HANDLING],
        ),
    }
}

/// Whether the starship is of a kind (`TraitKind::Starfighter` or `TraitKind::Transport`):
/// stated by the scenario or by the catalog's second source, else read from its name. The
/// FAQ's title rule covers "such terms as" Jedi and Podracer pilot; reading "starfighter" and
/// "transport" as such terms is stated in the reason.
pub fn starship_kind(card: &Card, kind: TraitKind) -> DerivedTrait {
    if let Some(stated) = stated(card, kind) {
        return stated;
    }
    let word = match kind {
        TraitKind::Transport => "transport",
        _ => "starfighter",
    };
    if card.card_type() != Some(CardType::Starship) {
        return DerivedTrait::new(
            kind,
            TraitValue::No,
            format!("only a starship is a {word}"),
            &[TITLE_RULE],
        );
    }
    if let Some(identity) = &card.identity
        && let Some(source_kind) = &identity.value.kind
        && (source_kind.as_ref() == "starfighter" || source_kind.as_ref() == "transport")
    {
        return DerivedTrait {
            kind,
            value: TraitValue::from_bool(source_kind.as_ref() == word),
            reason: format!("the card's kind is {source_kind}"),
            cites: Vec::new(),
            stated_by: Some(identity.source.clone()),
        };
    }
    let other = if word == "transport" {
        "starfighter"
    } else {
        "transport"
    };
    let reading =
        " (reading: the FAQ's title rule covers \"such terms as\" Jedi and Podracer pilot)";
    if name_includes(card, &[word]) {
        let mut derived = title_trait(card, kind, &[word]);
        derived.reason.push_str(reading);
        derived
    } else if name_includes(card, &[other]) {
        DerivedTrait::new(
            kind,
            TraitValue::No,
            format!("its title or subtitle includes \"{other}\"{reading}"),
            &[TITLE_RULE],
        )
    } else {
        DerivedTrait::new(
            kind,
            TraitValue::Unknown,
            format!(
                "its name includes neither \"starfighter\" nor \"transport\", and no source gives its kind: a scenario declares it with `traits: {{{word}: true}}`"
            ),
            &[TITLE_RULE],
        )
    }
}

/// Whether a card's versions with its title stack, so that they are one person or item (the
/// FAQ's "stackable cards with the same card title represent the same person or item"): as
/// the scenario states it (a card it declares not unique is no one person, and does not
/// stack); for Anakin Skywalker and Sebulba, "the two stackable characters" of the Boonta Eve
/// rules; else as the catalog's second source gives its identity. A card that source calls
/// unique but not stackable is left unknown: it says so of characters the rules stack
/// (Anakin Skywalker, Rookie Pilot), as of the unique starships the FAQ prints so. `None`:
/// no source says.
pub fn stackable(card: &Card) -> Option<DerivedTrait> {
    if let Some(stated) = stated(card, TraitKind::Stackable) {
        return Some(stated);
    }
    if let Some(fact) = card.stated_trait(TraitKind::Unique)
        && fact.source == Source::Scenario
        && !fact.value.1
    {
        return Some(DerivedTrait {
            kind: TraitKind::Stackable,
            value: TraitValue::No,
            reason: "declared not unique by the scenario: no one person or item".to_string(),
            cites: Vec::new(),
            stated_by: Some(Source::Scenario),
        });
    }
    if PILOT_STACKS.contains(&card.title.as_str()) {
        return Some(DerivedTrait::new(
            TraitKind::Stackable,
            TraitValue::Yes,
            format!(
                "the Boonta Eve rules call {} one of \"the two stackable characters\"",
                card.title
            ),
            &[EVERY_ANAKIN_AND_SEBULBA],
        ));
    }
    let identity = card.identity.as_ref()?;
    let (value, reason) = match (identity.value.stackable, identity.value.unique) {
        (true, _) => (
            TraitValue::Yes,
            "its versions with this title stack: they are one person or item",
        ),
        (false, false) => (
            TraitValue::No,
            "not unique, and it does not stack: each copy is a card of its own",
        ),
        (false, true) => (
            TraitValue::Unknown,
            "the source calls it unique but not stackable, as it does some characters the rules stack: a scenario declares it with `traits: {stackable: true}` or `false`",
        ),
    };
    Some(DerivedTrait {
        kind: TraitKind::Stackable,
        value,
        reason: reason.to_string(),
        cites: Vec::new(),
        stated_by: Some(identity.source.clone()),
    })
}

/// The traits worth showing for a card under the ruleset, in a fixed order.
pub fn derive_all(card: &Card, corpus: &Corpus, ruleset: &Ruleset) -> Vec<DerivedTrait> {
    let mut traits = Vec::new();
    if card.game != Game::YoungJedi {
        return traits;
    }
    match card.card_type() {
        Some(CardType::Character) => {
            traits.push(jedi(card));
            traits.push(dueling_character(card));
            let pilot = podracer_pilot(card, corpus, ruleset);
            let is_pilot = pilot.value.is_yes();
            traits.push(pilot);
            if is_pilot {
                traits.push(handling(card));
            }
            for kind in [TraitKind::Senator, TraitKind::Gungan, TraitKind::Neimoidian] {
                if let Some(derived) = title_trait_of(card, kind)
                    && derived.value.is_yes()
                {
                    traits.push(derived);
                }
            }
            let sith = sith(card);
            if sith.value.is_yes() {
                traits.push(sith);
            }
        }
        Some(CardType::Weapon) => {
            traits.push(lightsaber(card));
            let podracer = podracer_weapon(card);
            if podracer.value.is_yes() {
                traits.push(podracer);
            }
        }
        Some(CardType::Starship) => {
            traits.push(starship_kind(card, TraitKind::Starfighter));
            traits.push(starship_kind(card, TraitKind::Transport));
        }
        _ => {}
    }
    if matches!(
        card.card_type(),
        Some(CardType::Character) | Some(CardType::Weapon)
    ) && let Some(stacks) = stackable(card)
    {
        traits.push(stacks);
    }
    if let Some(unique) = stated(card, TraitKind::Unique) {
        traits.push(DerivedTrait {
            reason:
                "unique and not stackable: no more than one copy in a Hyperspace pile at one time"
                    .to_string(),
            ..unique
        });
    }
    traits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The title rule reads whole words of the title and subtitle as one name, case aside:
    /// the word-by-word reading agrees with the padded-text reading on every card of the
    /// catalog and every term the rules ask; and the values a duel asks alone (lightsaber,
    /// dueling character) agree with their derivations.
    #[test]
    fn the_title_rule_reads_every_card_alike_without_allocating() {
        let terms = [
            "Jedi",
            "Lightsaber",
            "senator",
            "Gungan",
            "Neimoidian",
            "Neimoidean",
            "Podracer",
            "Podracer pilot",
            "Sith",
            "Darth Maul",
            "Queen",
        ];
        let mut checked = 0;
        for card in crate::cards::Catalog::embedded().cards() {
            let padded = padded_words(&card.full_name());
            for term in terms {
                assert_eq!(
                    name_includes(card, &[term]),
                    padded.contains(&padded_words(term)),
                    "{}: {term}",
                    card.full_name()
                );
                checked += 1;
            }
            assert_eq!(
                is_lightsaber(card),
                lightsaber(card).value,
                "{}",
                card.full_name()
            );
            assert_eq!(
                is_dueling_character(card),
                dueling_character(card).value,
                "{}",
                card.full_name()
            );
            assert_eq!(is_jedi(card), jedi(card).value, "{}", card.full_name());
            for kind in [TraitKind::Senator, TraitKind::Gungan, TraitKind::Neimoidian] {
                assert_eq!(
                    title_trait_value(card, kind),
                    title_trait_of(card, kind).map(|derived| derived.value),
                    "{}: {kind:?}",
                    card.full_name()
                );
            }
            for (kind, derived) in [
                (TraitKind::Lightsaber, lightsaber(card).value),
                (TraitKind::DuelingCharacter, dueling_character(card).value),
                (TraitKind::Jedi, jedi(card).value),
            ] {
                assert_eq!(quick_value(card, kind), Some(derived), "{kind:?}");
            }
            assert_eq!(quick_value(card, TraitKind::PodracerPilot), None);
        }
        assert!(checked > 5_000, "{checked}");
        // Full names are ordered as the text they write.
        let cards = crate::cards::Catalog::embedded().cards();
        for pair in cards.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            assert_eq!(a.full_name_cmp(b), a.full_name().cmp(&b.full_name()));
            assert_eq!(b.full_name_cmp(a), b.full_name().cmp(&a.full_name()));
        }
        let mut with_subtitle = Card::named("A B", crate::cards::Game::YoungJedi);
        with_subtitle.title = "A".to_string();
        with_subtitle.subtitle = Some("B".to_string());
        let plain = Card::named("A B", crate::cards::Game::YoungJedi);
        assert_eq!(
            with_subtitle.full_name_cmp(&plain),
            with_subtitle.full_name().cmp(&plain.full_name())
        );
        let mut card = Card::named("Qui-Gon Jinn's Lightsaber", crate::cards::Game::YoungJedi);
        card.subtitle = Some("Jedi Master".to_string());
        assert!(name_includes(&card, &["lightsaber jedi"]));
        assert!(!name_includes(&card, &["jinn lightsaber jedi master x"]));
        assert!(!name_includes(&card, &[""]));
    }
}
