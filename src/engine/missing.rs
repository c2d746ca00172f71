//! A fact a procedure needs that the position lacks: which card, which of its facts, and how a
//! scenario declares it, each with a stable code.

use crate::cards::Side;
use crate::cards::users::UsersUnknown;

/// A number printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardNumber {
    Power,
    Damage,
    Destiny,
    DeployCounters,
}

impl CardNumber {
    /// The number in words, as a message names it.
    pub fn words(self) -> &'static str {
        match self {
            CardNumber::Power => "power",
            CardNumber::Damage => "DAMAGE",
            CardNumber::Destiny => "destiny number",
            CardNumber::DeployCounters => "deploy counters",
        }
    }

    /// The key that declares it under `cards:`.
    pub fn key(self) -> &'static str {
        match self {
            CardNumber::Power => "power",
            CardNumber::Damage => "damage",
            CardNumber::Destiny => "destiny",
            CardNumber::DeployCounters => "deploy",
        }
    }

    fn declared(self) -> &'static str {
        match self {
            CardNumber::DeployCounters => "are not known: declare them",
            _ => "is not known: declare it",
        }
    }
}

/// A fact a procedure needs that the position lacks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MissingFact {
    /// A number of a card that no source gives.
    #[error("the {} of {card} {} under `cards:` with `{}:`", .number.words(), .number.declared(), .number.key())]
    CardNumber { card: String, number: CardNumber },
    /// A number in which the versions of a card the position names differ, where it does not
    /// say which version: the question "which version?", asked at the step that reads it.
    #[error(
        "which version of {card} is in play? Its versions differ in their {}: {versions}. Name the card with its set, or declare `{}:` for it under `cards:`",
        .number.words(),
        .number.key()
    )]
    Version {
        card: String,
        number: CardNumber,
        /// Each version by the name that finds it, with what sets it apart.
        versions: String,
    },
    /// Which location of a planet is in play, where a character's printed power bonus
    /// differs by location and the position does not say.
    #[error(
        "the power bonus of {card} on {planet} depends on its location ({bonuses}), and {}: list the Location card in play under `planets: {planet}:`, or declare the card's `location_bonus: {{{planet}: N}}` under `cards:`",
        if in_play.is_empty() { format!("the position lists no Location card of {planet}") } else { format!("the position lists {in_play} on {planet}, whose bonuses differ") }
    )]
    Location {
        card: String,
        planet: &'static str,
        /// The card's bonuses, `+1 Naboo • Theed Palace, +0 Naboo • Battle Plains, ...`.
        bonuses: String,
        /// The locations the position lists on the planet, if several.
        in_play: String,
    },
    /// Whether a character prints an icon, where a card's text asks.
    #[error(
        "whether {card} prints the [{icon}] icon is not known: declare `icons:` for it under `cards:` (`icons: [{icon}]`, or `[]` for none)"
    )]
    Icon { card: String, icon: String },
    /// Which half a Double Impact card of two Battle halves is played as.
    #[error(
        "which half of {card} is played? Its halves are two Battle cards, {halves}: declare `played_as:` for it under `cards:`"
    )]
    Half { card: String, halves: String },
    /// Whether a starship is a starfighter or a transport.
    #[error(
        "whether {card} is a starfighter or a transport is not known: declare it under `cards:` with `traits: {{{kind}: true}}`"
    )]
    StarshipKind { card: String, kind: &'static str },
    /// Whether a card is a Podracer pilot.
    #[error(
        "whether {card} is a Podracer pilot: declare `traits: {{podracer_pilot: true}}` under `cards:` if he is"
    )]
    PodracerPilot { card: String },
    /// Whether a card is of a kind game text names, where neither the catalog nor the rules
    /// tell.
    #[error("whether {card} is {kind} is not known: {reason}")]
    CardKind {
        card: String,
        kind: String,
        reason: String,
    },
    /// How many destiny draws a weapon gives, where the scenario asks the walk to stop.
    #[error("how many destiny draws {card} gives is not known: declare `destiny_draws:` for it")]
    WeaponDraws { card: String },
    /// Who may use a weapon.
    #[error(transparent)]
    WeaponUsers(#[from] UsersUnknown),
    /// No card to draw for Anakin's destiny, where the scenario asks the walk to stop.
    #[error(
        "the {side} draw deck is empty, so no card can be drawn for Anakin's destiny; {assumption}"
    )]
    AnakinDestiny {
        side: Side,
        assumption: &'static str,
    },
    /// A block is pending with no attack card to block.
    #[error(
        "a block is pending, but the {attacker} dueling pile has no attack card on top: list the cards played under `duel: {attacker}: pile:`, the attack card last"
    )]
    NoAttackCard { attacker: Side },
    /// The procedure's section does not name a card it needs.
    #[error("{what}: state it under `{section}:` with `{key}:`")]
    SectionCard {
        what: &'static str,
        section: &'static str,
        key: &'static str,
    },
    /// Whose turn it is: the position does not say, and the action is the turn player's.
    #[error("whose turn it is: give `turn: light` or `turn: dark`")]
    Turn,
    /// Where a card deploys: neither the section nor the position says.
    #[error("where the card deploys: give `deploy: to:` or the position's `current_planet`")]
    DeployPlanet,
    /// A card the section names is not on the table.
    #[error("{what} is not on the table")]
    NotOnTable { what: &'static str },
    /// A card the procedure's stated plan names is not on the table.
    #[error("{what} is not on the board")]
    NotOnBoard { what: &'static str },
    /// A card to deploy is not in the hand it comes from.
    #[error("{card} is not in the {side} hand: {rule}")]
    NotInHand {
        card: String,
        side: Side,
        rule: &'static str,
    },
    /// A Clash of the Lightsabers Special card whose effect no source gives.
    #[error(
        "the Special card {card} was played, but its effect is not defined: the rulebook does not print it; define it under `clash: specials: {card}:` (attack, double, draw, retreat, discard_low, cancel_last, drain)"
    )]
    SpecialEffect { card: String },
    /// A claim of the scenario that the rules refuse, met where the walk needs it (a stated
    /// battle plan the rules do not allow).
    #[error("{message}")]
    Illegal { code: &'static str, message: String },
    /// A state the procedure cannot be in; a fault of the program, said rather than hidden.
    #[error("{0}")]
    Inconsistent(&'static str),
}

impl MissingFact {
    /// A number of `card` that the position lacks: which version the position means, where it
    /// names a card printed in versions that differ; otherwise the number no source gives.
    /// `name` is the card as the step names it.
    pub fn card_number(card: &crate::cards::Card, name: String, number: CardNumber) -> MissingFact {
        if card.versions.is_empty() {
            MissingFact::CardNumber { card: name, number }
        } else {
            MissingFact::Version {
                card: name,
                number,
                versions: card.versions.join("; "),
            }
        }
    }

    /// Whether this is a claim of the scenario the rules refuse, not a fact it lacks.
    pub fn is_illegal(&self) -> bool {
        matches!(self, MissingFact::Illegal { .. })
    }

    /// A stable code naming the kind of fact.
    pub fn code(&self) -> &'static str {
        match self {
            MissingFact::CardNumber { .. } => "card-number-unknown",
            MissingFact::Version { .. } => "card-version-unknown",
            MissingFact::Location { .. } => "location-unknown",
            MissingFact::StarshipKind { .. } => "starship-kind-unknown",
            MissingFact::Half { .. } => "battle-half-unknown",
            MissingFact::Icon { .. } => "icon-unknown",
            MissingFact::PodracerPilot { .. } => "podracer-pilot-unknown",
            MissingFact::CardKind { .. } => "card-kind-unknown",
            MissingFact::WeaponDraws { .. } => "weapon-draws-unknown",
            MissingFact::WeaponUsers(UsersUnknown::Versions { .. }) => "card-version-unknown",
            MissingFact::WeaponUsers(_) => "weapon-users-unknown",
            MissingFact::AnakinDestiny { .. } => "anakin-destiny-undrawn",
            MissingFact::NoAttackCard { .. } => "no-attack-card",
            MissingFact::SectionCard { .. } => "section-card-missing",
            MissingFact::Turn => "turn-unknown",
            MissingFact::DeployPlanet => "deploy-planet-unknown",
            MissingFact::NotOnTable { .. } | MissingFact::NotOnBoard { .. } => "card-not-on-table",
            MissingFact::NotInHand { .. } => "card-not-in-hand",
            MissingFact::SpecialEffect { .. } => "special-effect-undefined",
            MissingFact::Illegal { code, .. } => code,
            MissingFact::Inconsistent(_) => "inconsistent",
        }
    }

    /// The card the fact is about, if one.
    pub fn card(&self) -> Option<&str> {
        match self {
            MissingFact::CardNumber { card, .. }
            | MissingFact::Version { card, .. }
            | MissingFact::Location { card, .. }
            | MissingFact::StarshipKind { card, .. }
            | MissingFact::Half { card, .. }
            | MissingFact::Icon { card, .. }
            | MissingFact::PodracerPilot { card }
            | MissingFact::CardKind { card, .. }
            | MissingFact::WeaponDraws { card }
            | MissingFact::SpecialEffect { card }
            | MissingFact::NotInHand { card, .. } => Some(card),
            MissingFact::WeaponUsers(
                UsersUnknown::Weapon { weapon }
                | UsersUnknown::Box { weapon, .. }
                | UsersUnknown::Versions { weapon, .. },
            ) => Some(weapon),
            MissingFact::WeaponUsers(UsersUnknown::Character { weapon, .. }) => Some(weapon),
            _ => None,
        }
    }

    /// The fact of the card or position to declare, as the scenario's key that gives it.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            MissingFact::CardNumber { number, .. } | MissingFact::Version { number, .. } => {
                Some(number.key())
            }
            MissingFact::Location { .. } => Some("location_bonus"),
            MissingFact::StarshipKind { kind, .. } => Some(kind),
            MissingFact::Half { .. } => Some("played_as"),
            MissingFact::Icon { .. } => Some("icons"),
            MissingFact::PodracerPilot { .. } => Some("podracer_pilot"),
            MissingFact::WeaponDraws { .. } => Some("destiny_draws"),
            MissingFact::WeaponUsers(_) => Some("usable_by"),
            MissingFact::SectionCard { key, .. } => Some(key),
            MissingFact::DeployPlanet => Some("to"),
            MissingFact::Turn => Some("turn"),
            _ => None,
        }
    }
}
