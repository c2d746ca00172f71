//! Whole numbers within a documented range: every number a scenario gives is one a card could print or a game could reach, refused outside it.
//!
//! The range is part of the type (`Ranged<0, 99>`), so it is checked when the file is read,
//! published in the JSON Schema (`minimum`, `maximum`) and known to the shell, from one
//! place. Arithmetic on such numbers cannot overflow an `i32`.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A whole number from `MIN` to `MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ranged<const MIN: i64, const MAX: i64>(i64);

/// Why a number is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{given} is out of range: expected a whole number from {min} to {max}")]
pub struct OutOfRange {
    pub given: String,
    pub min: i64,
    pub max: i64,
}

impl<const MIN: i64, const MAX: i64> Ranged<MIN, MAX> {
    pub const MIN: i64 = MIN;
    pub const MAX: i64 = MAX;

    /// The number, if it is in range.
    pub fn new(value: i64) -> Result<Self, OutOfRange> {
        if (MIN..=MAX).contains(&value) {
            Ok(Ranged(value))
        } else {
            Err(OutOfRange {
                given: value.to_string(),
                min: MIN,
                max: MAX,
            })
        }
    }

    /// The number, moved into the range if outside it (for numbers the program writes).
    pub const fn saturating(value: i64) -> Self {
        Ranged(if value < MIN {
            MIN
        } else if value > MAX {
            MAX
        } else {
            value
        })
    }

    /// Reads a number typed in the shell.
    pub fn parse(text: &str) -> Result<Self, OutOfRange> {
        let refused = || OutOfRange {
            given: format!("{:?}", crate::text::quoted(text)),
            min: MIN,
            max: MAX,
        };
        let text = text.trim();
        if text.is_empty()
            || !text
                .trim_start_matches(['-', '+'])
                .bytes()
                .all(|byte| byte.is_ascii_digit())
        {
            return Err(refused());
        }
        match text.parse::<i64>() {
            Ok(value) => Ranged::new(value),
            Err(_) => Err(OutOfRange {
                given: crate::text::quoted(text),
                min: MIN,
                max: MAX,
            }),
        }
    }

    pub fn get(self) -> i64 {
        self.0
    }

    /// As an `i32` (every range used fits one).
    pub fn i32(self) -> i32 {
        i32::try_from(self.0).unwrap_or(if self.0 < 0 { i32::MIN } else { i32::MAX })
    }

    /// As a `u32` (for a range of counts, from 0).
    pub fn u32(self) -> u32 {
        u32::try_from(self.0).unwrap_or(if self.0 < 0 { 0 } else { u32::MAX })
    }
}

impl<const MIN: i64, const MAX: i64> Default for Ranged<MIN, MAX> {
    /// Zero, or the end of the range nearest it.
    fn default() -> Self {
        Ranged(0.clamp(MIN, MAX))
    }
}

impl<const MIN: i64, const MAX: i64> fmt::Display for Ranged<MIN, MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Ranged<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RangedVisitor::<MIN, MAX>)
    }
}

struct RangedVisitor<const MIN: i64, const MAX: i64>;

impl<const MIN: i64, const MAX: i64> RangedVisitor<MIN, MAX> {
    fn out_of_range<E: de::Error>(given: impl fmt::Display) -> E {
        E::custom(OutOfRange {
            given: given.to_string(),
            min: MIN,
            max: MAX,
        })
    }
}

impl<'de, const MIN: i64, const MAX: i64> Visitor<'de> for RangedVisitor<MIN, MAX> {
    type Value = Ranged<MIN, MAX>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a whole number from {MIN} to {MAX}")
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Self::Value, E> {
        Ranged::new(value).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Self::Value, E> {
        match i64::try_from(value) {
            Ok(value) => self.visit_i64(value),
            Err(_) => Err(Self::out_of_range(value)),
        }
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<Self::Value, E> {
        match i64::try_from(value) {
            Ok(value) => self.visit_i64(value),
            Err(_) => Err(Self::out_of_range(value)),
        }
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<Self::Value, E> {
        match i64::try_from(value) {
            Ok(value) => self.visit_i64(value),
            Err(_) => Err(Self::out_of_range(value)),
        }
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Self::Value, E> {
        if value.is_finite() && value.fract() == 0.0 {
            // A whole number too large for any integer type.
            return Err(E::custom(format!(
                "this number is out of range: expected a whole number from {MIN} to {MAX}"
            )));
        }
        Err(E::custom(format!(
            "{value} is not a whole number: expected a whole number from {MIN} to {MAX}"
        )))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
        // A number too long for any integer type arrives as text.
        let digits = value.trim_start_matches(['-', '+']);
        if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(Self::out_of_range(crate::text::quoted(value)));
        }
        Err(E::custom(format!(
            "{:?} is not a number: expected a whole number from {MIN} to {MAX}",
            crate::text::quoted(value)
        )))
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Self::Value, E> {
        Err(E::custom(format!(
            "{value} is not a number: expected a whole number from {MIN} to {MAX}"
        )))
    }
}

impl<const MIN: i64, const MAX: i64> Serialize for Ranged<MIN, MAX> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.0)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Ranged<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Integer_{MIN}_to_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "minimum": MIN,
            "maximum": MAX,
        })
    }
}

/// A printed number: a number, or a symbol such as `?`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum StatInput {
    Number(i32),
    Symbol(String),
}

/// A printed stat as a scenario writes it: a number from `MIN` to `MAX`, or a symbol such
/// as `?` (or `none`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stat<const MIN: i64, const MAX: i64>(pub StatInput);

impl<const MIN: i64, const MAX: i64> std::ops::Deref for Stat<MIN, MAX> {
    type Target = StatInput;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Stat<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct StatVisitor<const MIN: i64, const MAX: i64>;
        impl<'de, const MIN: i64, const MAX: i64> Visitor<'de> for StatVisitor<MIN, MAX> {
            type Value = Stat<MIN, MAX>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a number from {MIN} to {MAX}, or a symbol such as ?")
            }

            fn visit_i64<E: de::Error>(self, value: i64) -> Result<Self::Value, E> {
                let number = RangedVisitor::<MIN, MAX>.visit_i64::<E>(value)?;
                Ok(Stat(StatInput::Number(number.i32())))
            }

            fn visit_u64<E: de::Error>(self, value: u64) -> Result<Self::Value, E> {
                let number = RangedVisitor::<MIN, MAX>.visit_u64::<E>(value)?;
                Ok(Stat(StatInput::Number(number.i32())))
            }

            fn visit_i128<E: de::Error>(self, value: i128) -> Result<Self::Value, E> {
                let number = RangedVisitor::<MIN, MAX>.visit_i128::<E>(value)?;
                Ok(Stat(StatInput::Number(number.i32())))
            }

            fn visit_u128<E: de::Error>(self, value: u128) -> Result<Self::Value, E> {
                let number = RangedVisitor::<MIN, MAX>.visit_u128::<E>(value)?;
                Ok(Stat(StatInput::Number(number.i32())))
            }

            fn visit_f64<E: de::Error>(self, value: f64) -> Result<Self::Value, E> {
                RangedVisitor::<MIN, MAX>
                    .visit_f64(value)
                    .map(|number| Stat(StatInput::Number(number.i32())))
            }

            fn visit_bool<E: de::Error>(self, value: bool) -> Result<Self::Value, E> {
                Ok(Stat(StatInput::Symbol(value.to_string())))
            }

            fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
                let digits = value.trim_start_matches(['-', '+']);
                if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
                    return Err(RangedVisitor::<MIN, MAX>::out_of_range(
                        crate::text::quoted(value),
                    ));
                }
                Ok(Stat(StatInput::Symbol(value.to_string())))
            }
        }
        deserializer.deserialize_any(StatVisitor::<MIN, MAX>)
    }
}

impl<const MIN: i64, const MAX: i64> Serialize for Stat<MIN, MAX> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Stat<MIN, MAX> {
    fn schema_name() -> Cow<'static, str> {
        format!("Stat_{MIN}_to_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A printed number, or a symbol such as `?` (`none`: the card has none).",
            "anyOf": [
                {"type": "integer", "minimum": MIN, "maximum": MAX},
                {"type": "string"}
            ]
        })
    }
}

/// Power, DAMAGE or deploy counters as printed.
pub type PrintedStat = Stat<0, 20>;
/// A destiny number as printed.
pub type DestinyStat = Stat<0, 9>;

/// Hit tokens on a card.
pub type Hits = Ranged<0, 99>;
/// Thrust tokens on a Podracer pilot.
pub type Thrust = Ranged<0, 99>;
/// Lap tokens on an Objective.
pub type Laps = Ranged<0, 99>;
/// A destiny number, as an expectation lists lap cards by it.
pub type Destiny = Ranged<0, 9>;
/// A place in a lap's sequence, 1 to 6 (the number a handling card stands for).
pub type LapNumber = Ranged<1, 6>;
/// A handling number game text lends a pilot, 0 to 9 (a destiny number).
pub type HandlingNumber = Ranged<0, 9>;
/// Cards a character's text draws on his player's first pass in a duel, 1 to 9.
pub type PassDraws = Ranged<1, 9>;
/// Extra Thrust tokens game text places, 0 to 4.
pub type ExtraThrust = Ranged<0, 4>;
/// Cards drawn in all, as an expectation states it.
pub type CardsDrawn = Ranged<0, 99>;
/// Deploy counters spent this turn.
pub type Counters = Ranged<0, 999>;
/// Cards in a draw deck given as a count.
pub type DeckSize = Ranged<0, 1000>;
/// Copies of one card in a deck list, 1 to 60.
pub type Copies = Ranged<1, 60>;
/// A power bonus, or any other amount a card's text adds (negative to subtract).
pub type Bonus = Ranged<-20, 20>;
/// The deploy counters a card costs, as game text states them.
pub type PrintedCounters = Ranged<0, 20>;
/// Destiny draws a weapon or a starfighter gives in a fight.
pub type DestinyDraws = Ranged<0, 9>;
/// Damage a player takes in all, as an expectation states it.
pub type DamageTotal = Ranged<0, 999>;
/// Clash of the Lightsabers: a Final Duel card, 1 to 5.
pub type TrackCard = Ranged<1, 5>;
/// Clash of the Lightsabers: where a scenario puts a figure, read wider than the track so
/// that `check` says what is wrong with a place off it (`track-out-of-range`), with the
/// table's other findings.
pub type TrackPlace = Ranged<0, 99>;
/// Clash of the Lightsabers: a battle of the round, 1 to 3.
pub type BattleNumber = Ranged<1, 3>;
/// Clash of the Lightsabers: battles won in a round.
pub type BattlesWon = Ranged<0, 3>;
/// Clash of the Lightsabers: a round of the game.
pub type RoundNumber = Ranged<1, 999>;
/// Clash of the Lightsabers: cards a Special card draws or drains.
pub type ClashCards = Ranged<0, 55>;
/// Clash of the Lightsabers: an Attack Value.
pub type AttackValue = Ranged<0, 20>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_the_range_are_refused_with_the_range() {
        assert_eq!(Hits::new(99).map(Ranged::get), Ok(99));
        let refused = Hits::new(100).expect_err("out of range");
        assert_eq!(
            refused.to_string(),
            "100 is out of range: expected a whole number from 0 to 99"
        );
        assert!(Bonus::new(-21).is_err());
        assert!(Hits::parse("4294967296").is_err());
        assert!(Hits::parse("twelve").is_err());
        assert_eq!(Bonus::parse("-3").map(Ranged::i32), Ok(-3));
    }

    #[test]
    fn a_huge_number_in_yaml_is_out_of_range_not_a_type_error() {
        let error = serde_saphyr::from_str::<Hits>("4294967296").expect_err("refused");
        assert!(
            error.to_string().contains("4294967296 is out of range"),
            "{error}"
        );
        let error = serde_saphyr::from_str::<Hits>("99999999999999999999999").expect_err("refused");
        assert!(error.to_string().contains("is out of range"), "{error}");
    }
}
