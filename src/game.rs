//! The words both games and every layer share: the two sides and the card types.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Light Side or Dark Side.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Deserialize,
    Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Light,
    Dark,
}

impl Side {
    /// A side as a command writes it: `light` (`ls`, `l`) or `dark` (`ds`, `d`).
    pub fn from_word(word: &str) -> Result<Side, NotASide> {
        match word.to_ascii_lowercase().as_str() {
            "light" | "ls" | "l" => Ok(Side::Light),
            "dark" | "ds" | "d" => Ok(Side::Dark),
            other => Err(NotASide(other.to_string())),
        }
    }

    /// The word a command or a scenario writes for it.
    pub fn word(self) -> &'static str {
        match self {
            Side::Light => "light",
            Side::Dark => "dark",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Side::Light => "Light Side",
            Side::Dark => "Dark Side",
        }
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::Light => Side::Dark,
            Side::Dark => Side::Light,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A word that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a side: write light or dark")]
pub struct NotASide(pub String);

impl From<NotASide> for String {
    fn from(error: NotASide) -> String {
        error.to_string()
    }
}

/// The card types of both games.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Deserialize,
    Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Character,
    Weapon,
    Battle,
    Effect,
    Location,
    Starship,
    Objective,
    /// Clash of the Lightsabers: a Power card.
    Power,
    /// Clash of the Lightsabers: a Special card.
    Special,
}

impl CardType {
    /// Every card type, Young Jedi's then Clash's.
    pub const ALL: [CardType; 9] = [
        CardType::Character,
        CardType::Weapon,
        CardType::Battle,
        CardType::Effect,
        CardType::Location,
        CardType::Starship,
        CardType::Objective,
        CardType::Power,
        CardType::Special,
    ];

    /// A Young Jedi card type as a scenario, a command or the card list writes it:
    /// `character`, `weapon`, `battle`, `effect`, `location`, `starship`, `objective`.
    pub fn from_word(word: &str) -> Option<CardType> {
        Some(match word.to_ascii_lowercase().as_str() {
            "character" => CardType::Character,
            "weapon" => CardType::Weapon,
            "battle" => CardType::Battle,
            "effect" => CardType::Effect,
            "location" => CardType::Location,
            "starship" => CardType::Starship,
            "objective" => CardType::Objective,
            _ => return None,
        })
    }

    pub fn label(self) -> &'static str {
        match self {
            CardType::Character => "Character",
            CardType::Weapon => "Weapon",
            CardType::Battle => "Battle card",
            CardType::Effect => "Effect",
            CardType::Location => "Location",
            CardType::Starship => "Starship",
            CardType::Objective => "Objective",
            CardType::Power => "Power card",
            CardType::Special => "Special card",
        }
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
