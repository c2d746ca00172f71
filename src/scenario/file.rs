//! The scenario file format: what a judge writes in YAML, as serde types with spans.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::located::{Located, OrderedMap};
use super::sections::{Format, Parts};
use crate::board::Span;
use crate::board::Step;
use crate::cards::{BattleEffect, CardType, DuelingEffect, ModifiedCards, ModifierTarget, Side};
use crate::engine::Decision;
use crate::engine::deciders::{PlayAnswer, Script, ScriptEntry, SideScript};
use crate::engine::decisions::{Answer, ScriptKey};
use crate::ranged::{
    BattleNumber, BattlesWon, Bonus, CardsDrawn, Counters, DamageTotal, DeckSize, DestinyStat,
    ExtraThrust, HandlingNumber, Hits, LapNumber, Laps, PrintedStat, RoundNumber, Stat, StatInput,
    Thrust, TrackPlace,
};

/// Which game a scenario is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameName {
    YoungJedi,
    Clash,
}

/// A whole scenario: the position, and optionally what to adjudicate and what to expect.
#[derive(Clone, Debug, Default, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// A one-line title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the scenario shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `young-jedi` (the default) or `clash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Located<GameName>>,
    /// The rules in force: `latest` (the default), a ruleset name, or a date YYYY-MM-DD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Located<String>>,
    /// The seed of every shuffle and random draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("maximum" = u64::MAX))]
    pub seed: Option<u64>,
    /// Whose turn it is: `light` or `dark`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Located<Side>>,
    /// The step of the turn: `deploy`, `battle` or `even-up`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Located<Step>>,
    /// The current planet: Tatooine, Coruscant or Naboo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_planet: Option<Located<String>>,
    /// Cards declared by name: stats for catalog cards, or whole cards the catalog lacks.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub cards: OrderedMap<Declaration>,
    /// The Light Side player's cards outside the planets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<PlayerFile>>,
    /// The Dark Side player's cards outside the planets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<PlayerFile>>,
    /// The planets in play, by name, with each player's cards there.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub planets: OrderedMap<PlanetFile>,
    /// Clash of the Lightsabers: the table (with `game: clash`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash: Option<Located<ClashFile>>,
    /// The sections of the procedures under way (`duel:`, `battle:`, …), each its
    /// procedure's own: the registry's format reads them.
    #[schemars(skip)]
    pub sections: Parts,
    /// What to adjudicate: the action of a registered procedure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Located<ActionName>>,
    /// Choices of the procedure's named assumptions, where the sources are silent:
    /// `{empty-hand-cannot-attack: duel-ends}`. `jedi-judge rules assumptions` lists them.
    #[serde(default, skip_serializing_if = "AssumptionChoices::is_empty")]
    pub assumptions: AssumptionChoices,
    /// The scripted decisions of each player.
    #[serde(default, skip_serializing_if = "Decisions::is_empty")]
    pub decisions: Decisions,
    /// A named policy that answers the decisions the script leaves open:
    /// `block-when-able`, `never-block` or `first-option`. Without one, an unscripted
    /// decision stops the walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<Located<crate::engine::deciders::Policy>>,
    /// What the author expects; `check` and `walk` report any difference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Located<Expectation>>,
    /// The text the file was read from, where it was: what the spans point into.
    #[schemars(skip)]
    pub source: SourceText,
}

/// The text a scenario was read from. It is not part of the scenario: two files that differ
/// only in it are equal.
#[derive(Clone, Debug, Default)]
pub struct SourceText(pub Option<std::sync::Arc<str>>);

impl PartialEq for SourceText {
    fn eq(&self, _: &SourceText) -> bool {
        true
    }
}

impl SourceText {
    /// The text at a span, if the file was read from text and the span is in it.
    pub fn at(&self, span: Span) -> Option<&str> {
        self.0
            .as_deref()?
            .get(span.offset..span.offset.checked_add(span.len)?)
    }

    /// The text between two spans, the first before the second.
    pub fn between(&self, first: Span, second: Span) -> Option<&str> {
        self.0
            .as_deref()?
            .get(first.offset.checked_add(first.len)?..second.offset)
    }
}

/// The procedure a scenario adjudicates, by the name a registered procedure answers to
/// (`jedi-judge` checks it against the registry when it walks).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct ActionName(pub String);

impl JsonSchema for ActionName {
    fn schema_name() -> Cow<'static, str> {
        "ActionName".into()
    }

    /// A name; [`super::schema`] lists the registered ones.
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string"})
    }
}

/// A scenario's choices of named assumptions, by name.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct AssumptionChoices(pub OrderedMap<Located<String>>);

impl AssumptionChoices {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::ops::Deref for AssumptionChoices {
    type Target = OrderedMap<Located<String>>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl JsonSchema for AssumptionChoices {
    fn schema_name() -> Cow<'static, str> {
        "AssumptionChoices".into()
    }

    /// A map; [`super::schema`] lists the registered assumptions.
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "object"})
    }
}

/// A Clash of the Lightsabers player's cards: Attack Values for Power cards, names for
/// Special cards.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashPlayerFile {
    /// The Battle Deck, top first. Left out, it is the rest of the rulebook's 55 cards,
    /// shuffled from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<Located<ClashCardInput>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<Located<ClashCardInput>>,
    /// The face-down cards planned for battles 1, 2 and 3 (the battles already fought left
    /// out by writing `null`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub planned: Vec<Option<Located<ClashCardInput>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<Located<ClashCardInput>>,
    /// Cards of battles won this round, left on the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub won: Vec<Located<ClashCardInput>>,
    /// The Final Duel card his figure stands on, 1 to 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<Located<TrackPlace>>,
    /// Battles he has won this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles_won: Option<BattlesWon>,
}

/// A Clash of the Lightsabers table.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashFile {
    #[serde(rename = "qui-gon", default, skip_serializing_if = "Option::is_none")]
    pub qui_gon: Option<ClashPlayerFile>,
    #[serde(
        rename = "darth-maul",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub darth_maul: Option<ClashPlayerFile>,
    /// The battle of the round about to be fought, 1 to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Located<BattleNumber>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundNumber>,
    /// What Special cards do, by name, replacing the defaults: `attack`, `double` (`own` or
    /// `all`), `draw`, `retreat`, `discard_low`, `cancel_last`, `drain`.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub specials: OrderedMap<crate::clash::SpecialEffect>,
}

/// Each player's scripted decisions.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decisions {
    /// The Light Side player's (in Clash of the Lightsabers, Qui-Gon's; `qui-gon:` also works).
    #[serde(default, alias = "qui-gon", skip_serializing_if = "Option::is_none")]
    pub light: Option<SideDecisions>,
    /// The Dark Side player's (in Clash of the Lightsabers, Darth Maul's; `darth-maul:` also works).
    #[serde(default, alias = "darth-maul", skip_serializing_if = "Option::is_none")]
    pub dark: Option<SideDecisions>,
}

impl Decisions {
    pub fn is_empty(&self) -> bool {
        self.light.is_none() && self.dark.is_none()
    }

    /// Records the answer to a decision under the key of `decisions:` that scripts it, so
    /// that a walk answered at the prompt can be saved and replayed; `format` orders the keys.
    pub fn record(&mut self, decision: &Decision, choice: usize, format: &Format) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let side = match decision.who {
            Side::Light => self.light.get_or_insert_with(SideDecisions::default),
            Side::Dark => self.dark.get_or_insert_with(SideDecisions::default),
        };
        let kind = decision.kind;
        let name = || match (&option.name, option.declines) {
            (Some(name), false) => name.to_string(),
            _ => "none".to_string(),
        };
        let play = || match (&option.name, option.destiny, option.declines) {
            (_, _, true) | (None, None, false) => StatInput::Symbol(kind.declines_as.to_string()),
            (Some(name), _, false) => StatInput::Symbol(name.to_string()),
            (None, Some(destiny), false) => StatInput::Number(destiny),
        };
        let value = match (kind.answer(), side.take(kind.script.key)) {
            (Answer::Name, _) => ScriptValue::Name(Located::new(name())),
            (Answer::YesNo, _) => ScriptValue::YesNo(Located::new(!option.declines)),
            (Answer::Count, _) => ScriptValue::Count(Located::new(CardsDrawn::saturating(
                i64::try_from(choice).unwrap_or(0),
            ))),
            (Answer::Plays, Some(ScriptValue::Plays(mut plays))) => {
                plays.push(Located::new(Stat(play())));
                ScriptValue::Plays(plays)
            }
            (Answer::Plays, _) => ScriptValue::Plays(vec![Located::new(Stat(play()))]),
            (Answer::Plan, Some(ScriptValue::Plan(mut plan))) => {
                plan.push(Located::new(Stat(StatInput::Symbol(name()))));
                ScriptValue::Plan(plan)
            }
            (Answer::Plan, _) => {
                ScriptValue::Plan(vec![Located::new(Stat(StatInput::Symbol(name())))])
            }
            (Answer::Flags, Some(ScriptValue::Flags(mut flags))) => {
                flags.push(Located::new(!option.declines));
                ScriptValue::Flags(flags)
            }
            (Answer::Flags, _) => ScriptValue::Flags(vec![Located::new(!option.declines)]),
            (Answer::Names, previous) => {
                let mut names = match previous {
                    Some(ScriptValue::Names(names)) => names,
                    _ => Vec::new(),
                };
                if !option.declines {
                    names.push(Located::new(name()));
                }
                ScriptValue::Names(names)
            }
        };
        side.put(kind.script, value, format);
    }

    /// Where the scenario writes an answer: the value of `decisions: <side>: <key>:`, or, for
    /// a list, its entry at `index`.
    pub fn span_of(&self, side: Side, key: &str, index: Option<usize>) -> Option<Span> {
        let answers = match side {
            Side::Light => self.light.as_ref(),
            Side::Dark => self.dark.as_ref(),
        }?;
        let (_, value) = answers.0.iter().find(|(known, _)| known.key == key)?;
        let nth =
            |spans: Vec<Option<Span>>| index.and_then(|index| spans.get(index).copied().flatten());
        match value {
            ScriptValue::Name(name) => name.span,
            ScriptValue::YesNo(yes) => yes.span,
            ScriptValue::Count(count) => count.span,
            ScriptValue::Plays(list) => nth(list.iter().map(|entry| entry.span).collect()),
            ScriptValue::Plan(list) => nth(list.iter().map(|entry| entry.span).collect()),
            ScriptValue::Flags(list) => nth(list.iter().map(|entry| entry.span).collect()),
            ScriptValue::Names(list) => nth(list.iter().map(|entry| entry.span).collect()),
        }
    }

    /// The script these decisions make, for a walk's decider.
    pub fn script(&self) -> Script {
        Script {
            light: self
                .light
                .as_ref()
                .map(SideDecisions::script)
                .unwrap_or_default(),
            dark: self
                .dark
                .as_ref()
                .map(SideDecisions::script)
                .unwrap_or_default(),
        }
    }
}

/// One player's scripted decisions, each under the key of `decisions:` of the decisions it
/// answers, in the order of the vocabulary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideDecisions(pub Vec<(&'static ScriptKey, ScriptValue)>);

/// The answers of one key, as a scenario writes them.
#[derive(Clone, Debug, PartialEq)]
pub enum ScriptValue {
    /// A card name (forgiving), a planet, or `none`.
    Name(Located<String>),
    /// Cards in order: a destiny number, a card name, or a word that declines.
    Plays(Vec<Located<DestinyStat>>),
    /// Cards in order: an Attack Value or a card name.
    Plan(Vec<Located<ClashCardInput>>),
    /// Yes or no, in order.
    Flags(Vec<Located<bool>>),
    /// Card names, in order.
    Names(Vec<Located<String>>),
    /// Yes or no.
    YesNo(Located<bool>),
    /// How many.
    Count(Located<CardsDrawn>),
}

impl SideDecisions {
    /// Takes the answers of a key out, if any.
    fn take(&mut self, key: &str) -> Option<ScriptValue> {
        let at = self.0.iter().position(|(known, _)| known.key == key)?;
        Some(self.0.remove(at).1)
    }

    /// Puts the answers of a key, in the order of the format's keys.
    fn put(&mut self, key: &'static ScriptKey, value: ScriptValue, format: &Format) {
        self.take(key.key);
        self.0.push((key, value));
        let order = |key: &str| {
            format
                .script_keys
                .iter()
                .position(|known| known.key == key)
                .unwrap_or(usize::MAX)
        };
        self.0.sort_by_key(|(key, _)| order(key.key));
    }

    /// The side's script, for a walk's decider.
    fn script(&self) -> SideScript {
        let play = |play: &StatInput| match play {
            StatInput::Number(number) => PlayAnswer::Destiny(*number),
            StatInput::Symbol(word) if crate::cards::matching::normalise(word) == "pass" => {
                PlayAnswer::Pass
            }
            StatInput::Symbol(word)
                if let Some(number) = word
                    .trim()
                    .strip_prefix("block ")
                    // A destiny number, 0 to 9; anything else is no block, and is refused as
                    // the name of no card.
                    .and_then(|rest| rest.trim().parse::<i32>().ok())
                    .filter(|number| (0..=9).contains(number)) =>
            {
                PlayAnswer::Block(number)
            }
            StatInput::Symbol(name) => PlayAnswer::Name(name.clone()),
        };
        let mut script = SideScript::default();
        for (key, value) in &self.0 {
            let entry = match value {
                ScriptValue::Name(name) => ScriptEntry::Name(name.value.clone()),
                ScriptValue::Plays(plays) => {
                    ScriptEntry::Plays(plays.iter().map(|p| play(&p.value)).collect())
                }
                ScriptValue::Plan(plan) => {
                    ScriptEntry::Plays(plan.iter().map(|p| play(&p.value)).collect())
                }
                ScriptValue::Flags(flags) => {
                    ScriptEntry::Flags(flags.iter().map(|yes| yes.value).collect())
                }
                ScriptValue::Names(names) => {
                    ScriptEntry::Names(names.iter().map(|name| name.value.clone()).collect())
                }
                ScriptValue::YesNo(yes) => ScriptEntry::YesNo(yes.value),
                ScriptValue::Count(count) => {
                    ScriptEntry::Count(u32::try_from(count.value.get()).unwrap_or(0))
                }
            };
            script.put(key, entry);
        }
        script
    }
}

impl<'de> Deserialize<'de> for SideDecisions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SideVisitor;
        impl<'de> Visitor<'de> for SideVisitor {
            type Value = SideDecisions;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("struct SideDecisions")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SideDecisions, A::Error> {
                let format = super::read::format_being_read();
                let names: &'static [&'static str] = &format.script_key_names;
                let mut entries: Vec<(&'static ScriptKey, ScriptValue)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let Some(known) = format
                        .script_keys
                        .iter()
                        .copied()
                        .find(|known| known.key == key)
                    else {
                        return Err(serde::de::Error::unknown_field(&key, names));
                    };
                    if entries.iter().any(|(seen, _)| seen.key == known.key) {
                        return Err(serde::de::Error::duplicate_field(known.key));
                    }
                    let value = match known.answer {
                        Answer::Name => map
                            .next_value::<Option<Located<String>>>()?
                            .map(ScriptValue::Name),
                        Answer::Plays => Some(ScriptValue::Plays(map.next_value()?)),
                        Answer::Plan => Some(ScriptValue::Plan(map.next_value()?)),
                        Answer::Flags => Some(ScriptValue::Flags(map.next_value()?)),
                        Answer::Names => Some(ScriptValue::Names(map.next_value()?)),
                        Answer::YesNo => map
                            .next_value::<Option<Located<bool>>>()?
                            .map(ScriptValue::YesNo),
                        Answer::Count => map
                            .next_value::<Option<Located<CardsDrawn>>>()?
                            .map(ScriptValue::Count),
                    };
                    if let Some(value) = value {
                        entries.push((known, value));
                    }
                }
                let order = |key: &str| names.iter().position(|known| *known == key);
                entries.sort_by_key(|(key, _)| order(key.key));
                Ok(SideDecisions(entries))
            }
        }
        let names: &'static [&'static str] = &super::read::format_being_read().script_key_names;
        deserializer.deserialize_struct("SideDecisions", names, SideVisitor)
    }
}

impl Serialize for SideDecisions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in &self.0 {
            match value {
                ScriptValue::Name(name) => map.serialize_entry(key.key, name)?,
                ScriptValue::Plays(plays) if !plays.is_empty() => {
                    map.serialize_entry(key.key, plays)?
                }
                ScriptValue::Plan(plan) if !plan.is_empty() => {
                    map.serialize_entry(key.key, plan)?
                }
                ScriptValue::Flags(flags) if !flags.is_empty() => {
                    map.serialize_entry(key.key, flags)?
                }
                ScriptValue::Names(names) if !names.is_empty() => {
                    map.serialize_entry(key.key, names)?
                }
                ScriptValue::YesNo(yes) => map.serialize_entry(key.key, yes)?,
                ScriptValue::Count(count) => map.serialize_entry(key.key, count)?,
                _ => {}
            }
        }
        map.end()
    }
}

impl JsonSchema for SideDecisions {
    fn schema_name() -> Cow<'static, str> {
        "SideDecisions".into()
    }

    /// A map; [`super::schema`] lists the keys of the registered decisions.
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "object"})
    }
}

/// `light`, `dark` or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SideOrNone {
    Light,
    Dark,
    None,
}

impl SideOrNone {
    /// A side, or no one, as an expectation writes it.
    pub fn of(side: Option<Side>) -> SideOrNone {
        match side {
            Some(Side::Light) => SideOrNone::Light,
            Some(Side::Dark) => SideOrNone::Dark,
            None => SideOrNone::None,
        }
    }

    /// The word a scenario writes for it.
    pub fn key(self) -> &'static str {
        match self {
            SideOrNone::Light => "light",
            SideOrNone::Dark => "dark",
            SideOrNone::None => "none",
        }
    }
}

/// Damage each player takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageBySide {
    #[serde(default)]
    pub light: DamageTotal,
    #[serde(default)]
    pub dark: DamageTotal,
}

/// Card counts by zone, for each side.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZonesBySide {
    #[serde(default)]
    pub light: std::collections::BTreeMap<String, DeckSize>,
    #[serde(default)]
    pub dark: std::collections::BTreeMap<String, DeckSize>,
}

/// The outcome the scenario's author expects.
#[derive(Clone, Debug, Default, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// Whether the position is legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// The codes of the findings that make it illegal, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub findings: Option<Vec<String>>,
    /// The codes of the warnings (findings that leave it legal), in the order of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Vec<String>>,
    /// Events that must occur in this order (others may come between): an event kind
    /// such as `hit`, or a kind and a side, `hit light`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<String>>,
    /// Rule ids (or their keys) the walk must cite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited: Option<Vec<String>>,
    /// Rule ids (or their keys) the walk must not cite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_cited: Option<Vec<String>>,
    /// What `jedi-judge odds` answers from the position: the chance of each ending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub odds: Option<Located<OddsExpectation>>,
    /// The procedures' own parts (`duel:`, `battle:`, …): the registry's format reads them.
    #[schemars(skip)]
    pub procedures: Parts,
}

/// What `jedi-judge odds` should answer. A chance is a fraction (`3/8`, `0`, `1`) where the
/// answer is exact, or a percentage to one decimal (`37.5%`), which either answer may be held
/// to.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OddsExpectation {
    /// How the answer is reached: `exact` (every distinguishable draw) or `sampled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<OddsMethod>,
    /// The chance that each side's character is defeated, or neither (`none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<ChanceBySide>,
    /// The chance that each side wins by deck victory, or neither (`none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<ChanceBySide>,
    /// The chance that the side whose goal it is reaches it: an evacuation succeeds, a lap
    /// is finished (`1/2`, or a percentage for a sampled answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Located<String>>,
    /// The damage each side is expected to take: a fraction where exact (`7/4`), or a number
    /// to two decimals (`1.75`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_damage: Option<DamageExpectation>,
    /// The pending decision answered for a side (`odds --best SIDE`): its best option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<BestExpectation>,
    /// The odds refused, and why, by the refusal's code (`exact-too-large`, `too-large`,
    /// `counted-deck`, …): what `odds --format json` gives as `code`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Located<String>>,
}

/// How an odds answer is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OddsMethod {
    Exact,
    Sampled,
}

/// A chance for each side and for neither, each optional.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChanceBySide {
    /// The Light Side's chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<String>>,
    /// The Dark Side's chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<String>>,
    /// The chance of neither side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub none: Option<Located<String>>,
}

/// The expected damage of each side, each optional.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageExpectation {
    /// The Light Side's expected damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<String>>,
    /// The Dark Side's expected damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<String>>,
}

/// The best answer to a side's pending decision.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestExpectation {
    /// The side whose decision is answered.
    pub side: Side,
    /// The best option, as the answer labels it.
    pub option: Located<String>,
}

impl Expectation {
    /// What `legal` and `findings` expect that the verdict is not: `illegal` holds the codes of
    /// the findings that make the scenario illegal, compared in any order, as `check` and
    /// `walk` both give them.
    pub fn verdict_unmet(&self, illegal: &[&str]) -> Vec<String> {
        let mut unmet = Vec::new();
        let said = |legal: bool| if legal { "legal" } else { "illegal" };
        if let Some(legal) = self.legal
            && legal != illegal.is_empty()
        {
            unmet.push(format!(
                "the scenario expects the position to be {}, but it is {}",
                said(legal),
                said(illegal.is_empty())
            ));
        }
        if let Some(findings) = &self.findings {
            let mut wanted: Vec<&str> = findings.iter().map(String::as_str).collect();
            let mut found: Vec<&str> = illegal.to_vec();
            wanted.sort_unstable();
            found.sort_unstable();
            if wanted != found {
                unmet.push(format!(
                    "the scenario expects the findings [{}], but the findings are [{}]",
                    findings.join(", "),
                    illegal.join(", ")
                ));
            }
        }
        unmet
    }
}

impl Expectation {
    /// Whether it says anything of a walk's outcome (and not only of the position).
    pub fn expects_outcome(&self) -> bool {
        !self.procedures.is_empty()
            || self.events.is_some()
            || self.cited.is_some()
            || self.not_cited.is_some()
    }
}

/// Clash of the Lightsabers: a card as a scenario writes it: an Attack Value (a Power card)
/// or a Special card's name.
pub type ClashCardInput = Stat<0, 20>;

/// Game text that adds to or reduces the damage taken for a defeated card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageModifierFile {
    /// Added to the damage (negative to reduce it).
    pub amount: Bonus,
    /// Whose defeated cards it applies to: `own`, `opponent` or `any` (either side's).
    pub applies_to: ModifierTarget,
    /// Which defeated cards: `characters` (the default), `starships`, `transports` or
    /// `starfighters`.
    #[serde(default, skip_serializing_if = "is_characters")]
    pub of: ModifiedCards,
    /// Only while the card with the text is in play at the current planet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_current_planet: bool,
}

fn is_characters(of: &ModifiedCards) -> bool {
    *of == ModifiedCards::Characters
}

/// Traits a scenario states outright, overriding what the rules derive.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TraitsFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jedi: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dueling_character: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podracer_pilot: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lightsaber: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podracer_weapon: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// A character or weapon whose versions with its title stack: they are one person or
    /// item, in play in one place at a time (the FAQ's stackable cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stackable: Option<bool>,
    /// A starship that draws destiny in a starship battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starfighter: Option<bool>,
    /// A starship that can carry an evacuation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transport: Option<bool>,
}

impl TraitsFile {
    pub fn is_empty(&self) -> bool {
        *self == TraitsFile::default()
    }
}

/// What a scenario says of a card: its stats, or all of it for a card the catalog lacks.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// The card type; required for a card the catalog lacks.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub card_type: Option<Located<CardType>>,
    /// `light` or `dark`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Located<Side>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Located<PrintedStat>>,
    /// The printed DAMAGE number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Located<PrintedStat>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny: Option<Located<DestinyStat>>,
    /// Deploy counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<Located<PrintedStat>>,
    /// The set the card is from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
    /// The collector number (its last digit is a Podracer pilot's handling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// Traits stated outright.
    #[serde(default, skip_serializing_if = "TraitsFile::is_empty")]
    pub traits: TraitsFile,
    /// A weapon's users: character titles or full names, or `any Jedi`, `any dueling
    /// character`, `any character`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usable_by: Option<Located<Vec<String>>>,
    /// The power bonus a weapon adds to its user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_bonus: Option<Located<Bonus>>,
    /// A Battle card's users, any one of them, as the card text files write them: a character's
    /// title or full name, `any KIND` (`any Jedi`, `any battle droid`), or `{any: KIND, icon:
    /// diamond, at: PLANET, first_in_plan: true, count: 1 to 3}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_users: Option<Located<Vec<crate::cards::card_text::BattleUser>>>,
    /// A Double Impact card of two Battle halves: the half it is played as, by name (`Qui-Gon's
    /// Final Stand`); its text and power bonus are that half's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played_as: Option<Located<String>>,
    /// The icons a character prints beside its name: `[diamond]`, or `[]` for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icons: Option<Located<Vec<String>>>,
    /// A character's power bonus on a planet: `{Coruscant: 1}`.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub location_bonus: OrderedMap<Bonus>,
    /// Another game-text power bonus of a character that applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_bonus: Option<Bonus>,
    /// Game-text power bonuses that hold only in a situation: `[{amount: 2, when:
    /// {dueling_a: jedi}}]`. Conditions: `dueling_a` / `fighting_a` / `using_a` (`jedi`,
    /// `dueling-character`, `lightsaber`, `weapon`), `dueling_named` / `fighting_named` /
    /// `using_named` (a card's name),
    /// `fought` (a card of his marked `fought_this_turn`), `controlled` (a planet listed
    /// under the player's `controlled:`), `opponent_has_controlled`, `fighting_one_of` and
    /// `fought_one_of` (kinds or names: `["any handmaiden"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<ConditionalBonusFile>,
    /// "When dueling…" text: `extra-hit`, `remove-hit`, `discard-for-two-extra-hits`,
    /// `draw-one` or `discard-to-draw-two`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dueling: Option<Located<DuelingEffect>>,
    /// Game text that changes the damage for a defeated character:
    /// `{amount: 2, applies_to: opponent}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_modifier: Option<DamageModifierFile>,
    /// A Battle card's power bonus to the card it fights with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_bonus: Option<Located<Bonus>>,
    /// A Battle card's text in a fight: `force-push` or `fight-together`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_text: Option<Located<BattleEffect>>,
    /// How many destiny draws a weapon (its first box) or a starfighter gives in a fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny_draws: Option<Located<crate::ranged::DestinyDraws>>,
    /// "When he deploys, you may deploy one X from your draw deck": `{card: X}`, with `to:
    /// PLANET` if the text works only there and `counters: N` if it says what X costs (0:
    /// "for free").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy_fetch: Option<Located<DeployFetchFile>>,
    /// Podrace text: `{thrust_on_deploy: N}` ("when he deploys to Boonta Eve Classic, place N
    /// additional Thrust tokens on him", 0 to 4) or `{handling: N}` ("your Podracer pilot at
    /// Boonta Eve Classic may use N as a handling number", 0 to 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podrace: Option<Located<PodraceTextFile>>,
    /// A character's own text about the duel he fights: `{first_pass_draws: N}` ("when he
    /// declares his first pass in a duel, draw N cards", 1 to 9), `{may_not_pass: true}`,
    /// `{negates_dueling_text: true}` ("dueling cards that hit him have their dueling text
    /// negated").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duelist: Option<Located<DuelistTextFile>>,
    /// `none`: the card's text does nothing in this position; the catalog's modelled text is
    /// not applied (a position that gives the card numbers of its own, as a rulebook example
    /// does). Text declared beside it still applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Located<NoText>>,
}

/// `text: none` in a card's declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NoText {
    /// The catalog's text of the card is not applied.
    None,
}

/// Podrace text, as a scenario declares it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceTextFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust_on_deploy: Option<Located<ExtraThrust>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handling: Option<Located<HandlingNumber>>,
}

/// A character's own text about the duel he fights, as a scenario declares it.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelistTextFile {
    /// "When he declares his first pass in a duel, draw N cards" (1 to 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_pass_draws: Option<Located<crate::ranged::PassDraws>>,
    /// "May not pass."
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_not_pass: bool,
    /// "Dueling cards that hit him have their dueling text negated."
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub negates_dueling_text: bool,
}

/// "When he deploys, you may deploy one X from your draw deck", as a scenario declares it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployFetchFile {
    /// A card title, or a word a card's title or subtitle holds (a trait such as `battle
    /// droid`).
    pub card: Located<String>,
    /// The planet the text works at, if only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Located<String>>,
    /// What the fetched card costs, if the text says (0 to 20; 0: "for free").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<Located<crate::ranged::PrintedCounters>>,
    /// "… you may take one X into hand from your draw deck": the card goes to the hand, not
    /// into play, and costs no counters.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub into_hand: bool,
}

/// A game-text power bonus with its condition.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalBonusFile {
    pub amount: Bonus,
    pub when: Located<crate::cards::Condition>,
}

/// A card in a zone: a destiny number (a card known only by it), a card name, or a card
/// with its state.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Destiny(i32),
    Card(CardEntry),
}

/// A named card in a zone, with its state.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    /// The card's name, forgiving: `maul student` finds Darth Maul, Student of the Dark Side.
    pub card: Located<String>,
    /// Face down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Located<bool>>,
    /// Deployed during the current turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deployed_this_turn: bool,
    /// Fought (in a battle or a duel) this turn, where game text asks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fought_this_turn: bool,
    /// Hit tokens on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<Located<Hits>>,
    /// Thrust tokens on it (a Podracer pilot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust: Option<Located<Thrust>>,
}

impl Default for Located<String> {
    fn default() -> Self {
        Located::new(String::new())
    }
}

impl CardEntry {
    /// A name alone, with no state.
    pub fn is_bare(&self) -> bool {
        self.hidden.is_none()
            && !self.deployed_this_turn
            && !self.fought_this_turn
            && self.hits.is_none()
            && self.thrust.is_none()
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> Visitor<'de> for EntryVisitor {
            type Value = Entry;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a destiny number, a card name, or a map with `card:`")
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Entry, E> {
                EntryVisitorFor::visit_i64(value)
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Entry, E> {
                EntryVisitorFor::visit_u64(value)
            }

            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<Entry, E> {
                Ok(Entry::Card(CardEntry {
                    card: Located::new(value.to_string()),
                    ..CardEntry::default()
                }))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
                CardEntry::deserialize(MapAccessDeserializer::new(map)).map(Entry::Card)
            }
        }
        deserializer.deserialize_any(EntryVisitor)
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Destiny(number) => serializer.serialize_i32(*number),
            Entry::Card(entry) if entry.is_bare() => serializer.serialize_str(&entry.card.value),
            Entry::Card(entry) => entry.serialize(serializer),
        }
    }
}

impl JsonSchema for Entry {
    fn schema_name() -> Cow<'static, str> {
        "Entry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let card = generator.subschema_for::<CardEntry>();
        json_schema!({
            "description": "A card: its destiny number (a card known only by it), its name, or a map with `card:` and its state.",
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 9, "description": "a card known only by its destiny number"},
                {"type": "string", "description": "a card name (forgiving)"},
                card
            ]
        })
    }
}

/// A lap card in the Podracing pile: a card as in any zone, and, for one played as a handling
/// card, the number in the lap's sequence (1 to 6) it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct LapEntry {
    pub card: Located<Entry>,
    pub handling: Option<Located<LapNumber>>,
}

/// A lap card written as a map: a card name or a destiny number, and `handling:`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LapMap {
    #[serde(default)]
    card: Option<Located<String>>,
    #[serde(default)]
    destiny: Option<Located<i32>>,
    #[serde(default)]
    handling: Option<Located<LapNumber>>,
}

impl<'de> Deserialize<'de> for LapEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LapVisitor;
        impl<'de> Visitor<'de> for LapVisitor {
            type Value = LapEntry;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a destiny number, a card name, or a map with `card:` or `destiny:` and `handling:`",
                )
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<LapEntry, E> {
                EntryVisitorFor::visit_i64(value).map(LapEntry::plain)
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<LapEntry, E> {
                EntryVisitorFor::visit_u64(value).map(LapEntry::plain)
            }

            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<LapEntry, E> {
                Ok(LapEntry::plain(Entry::Card(CardEntry {
                    card: Located::new(value.to_string()),
                    ..CardEntry::default()
                })))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<LapEntry, A::Error> {
                let LapMap {
                    card,
                    destiny,
                    handling,
                } = LapMap::deserialize(MapAccessDeserializer::new(map))?;
                let card = match (card, destiny) {
                    (Some(name), None) => Located {
                        span: name.span,
                        value: Entry::Card(CardEntry {
                            card: name,
                            ..CardEntry::default()
                        }),
                    },
                    (None, Some(destiny)) => Located {
                        span: destiny.span,
                        value: Entry::Destiny(destiny.value),
                    },
                    _ => {
                        return Err(serde::de::Error::custom(
                            "a lap card has either `card:` (a name) or `destiny:` (a number)",
                        ));
                    }
                };
                Ok(LapEntry { card, handling })
            }
        }
        deserializer.deserialize_any(LapVisitor)
    }
}

/// The number forms of an [`Entry`], shared by the entries that accept them.
struct EntryVisitorFor;

impl EntryVisitorFor {
    fn visit_i64<E: serde::de::Error>(value: i64) -> Result<Entry, E> {
        i32::try_from(value)
            .map(Entry::Destiny)
            .map_err(|_| E::custom(format!("{value} is not a destiny number")))
    }

    fn visit_u64<E: serde::de::Error>(value: u64) -> Result<Entry, E> {
        i32::try_from(value)
            .map(Entry::Destiny)
            .map_err(|_| E::custom(format!("{value} is not a destiny number")))
    }
}

impl LapEntry {
    /// A lap card played as itself.
    pub fn plain(card: Entry) -> LapEntry {
        LapEntry {
            card: Located::new(card),
            handling: None,
        }
    }
}

impl Serialize for LapEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let Some(handling) = &self.handling else {
            return self.card.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(2))?;
        match &self.card.value {
            Entry::Destiny(number) => map.serialize_entry("destiny", number)?,
            Entry::Card(entry) => map.serialize_entry("card", &entry.card.value)?,
        }
        map.serialize_entry("handling", &handling.value)?;
        map.end()
    }
}

impl JsonSchema for LapEntry {
    fn schema_name() -> Cow<'static, str> {
        "LapEntry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let entry = generator.subschema_for::<Entry>();
        json_schema!({
            "description": "A lap card: a card as in any zone, or a map with `card:` (a name) or `destiny:` (a number) and `handling:`, the number 1 to 6 it stands for as a handling card.",
            "anyOf": [
                entry,
                {
                    "type": "object",
                    "properties": {
                        "card": {"type": "string"},
                        "destiny": {"type": "integer", "minimum": 0, "maximum": 9},
                        "handling": {"type": "integer", "minimum": 1, "maximum": 6}
                    },
                    "additionalProperties": false
                }
            ]
        })
    }
}

/// A draw deck: its cards top first, or a count whose destiny numbers come from the seed.
#[derive(Clone, Debug, PartialEq)]
pub enum DeckFile {
    Cards(Vec<Located<Entry>>),
    Count(DeckCount),
}

/// A draw deck given as a count.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckCount {
    /// How many cards.
    pub count: Located<DeckSize>,
}

impl<'de> Deserialize<'de> for DeckFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DeckVisitor;
        impl<'de> Visitor<'de> for DeckVisitor {
            type Value = DeckFile;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of cards (top first) or `{count: N}`")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DeckFile, A::Error> {
                let mut cards = Vec::new();
                while let Some(entry) = seq.next_element::<Located<Entry>>()? {
                    cards.push(entry);
                }
                Ok(DeckFile::Cards(cards))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<DeckFile, A::Error> {
                DeckCount::deserialize(MapAccessDeserializer::new(map)).map(DeckFile::Count)
            }
        }
        deserializer.deserialize_any(DeckVisitor)
    }
}

impl Serialize for DeckFile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // Destiny numbers alone, as the bundled scenarios write them: `[4, 2, 6]`.
            DeckFile::Cards(cards)
                if cards
                    .iter()
                    .all(|entry| matches!(entry.value, Entry::Destiny(_))) =>
            {
                serde_saphyr::FlowSeq(cards).serialize(serializer)
            }
            DeckFile::Cards(cards) => cards.serialize(serializer),
            DeckFile::Count(count) => count.serialize(serializer),
        }
    }
}

impl JsonSchema for DeckFile {
    fn schema_name() -> Cow<'static, str> {
        "Deck".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let entry = generator.subschema_for::<Entry>();
        let count = generator.subschema_for::<DeckCount>();
        json_schema!({
            "description": "The draw deck, top card first, or a count whose destiny numbers come from the seed.",
            "anyOf": [{"type": "array", "items": entry}, count]
        })
    }
}

/// The Objective card and what is deployed to it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    /// The Objective card (Boonta Eve Classic).
    pub card: Located<Entry>,
    /// Lap tokens on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laps: Option<Located<Laps>>,
    /// The Podracer pilot and Podracer Weapon card deployed to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Located<Entry>>,
}

/// A player's cards outside the planets, and his counters.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerFile {
    /// The draw deck, top card first: destiny numbers, card names, or `{count: N}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Located<DeckFile>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<Located<Entry>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<Located<Entry>>,
    /// Starships in Hyperspace.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hyperspace: Vec<Located<Entry>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<Located<ObjectiveFile>>,
    /// Lap cards, in the order played: entries as anywhere else, or `{destiny: N, handling:
    /// K}` / `{card: NAME, handling: K}` for one played as a handling card standing for K.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub podracing: Vec<Located<LapEntry>>,
    /// Cards put into the battle plan from the hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battle_plan: Vec<Located<Entry>>,
    /// Deploy counters used this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_spent: Option<Located<Counters>>,
    /// Whether this player has already initiated a duel this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dueled_this_turn: bool,
    /// The deck as built: each card with the deck-construction dot colour whose slot it
    /// fills (a Wild Card's, the slot it is put in), for `check` to hold to the deck limits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_list: Vec<Located<DeckListFile>>,
    /// Whether `deck_list` names only part of the deck: then it is held to the limits (ten a
    /// colour, 60 in all) but not to a whole deck's ten of each colour.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deck_list_partial: bool,
    /// Under the Players Committee's rules: whether this player passed in a duel this turn
    /// (he may not initiate a battle).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passed_in_duel: bool,
    /// The planets he has controlled this game, where game text asks ("when you have
    /// controlled Coruscant").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub controlled: Vec<Located<String>>,
    /// The planets he surrendered to his opponent this game, where game text asks ("a planet
    /// that you did not surrender").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub surrendered: Vec<Located<String>>,
}

/// One line of a deck list as a scenario writes it: `{card: NAME, dot: red, copies: 2}`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckListFile {
    /// The card, by name.
    pub card: Located<String>,
    /// The dot colour whose slot it fills: red, blue, yellow, orange, green or purple.
    pub dot: Located<crate::board::DotColour>,
    /// How many copies, 1 to 60 (one if left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<Located<crate::ranged::Copies>>,
}

/// A planet: each player's cards there.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanetFile {
    /// The Light Side player's locations, characters, weapons and Effects here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub light: Vec<Located<Entry>>,
    /// The Dark Side player's locations, characters, weapons and Effects here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dark: Vec<Located<Entry>>,
}

/// The keys of a scenario before the procedures' sections, in the order it writes them.
pub(super) const TOP_KEYS_BEFORE_SECTIONS: [&str; 13] = [
    "title",
    "description",
    "game",
    "rules",
    "seed",
    "turn",
    "step",
    "current_planet",
    "cards",
    "light",
    "dark",
    "planets",
    "clash",
];

/// The keys of a scenario after the procedures' sections.
pub(super) const TOP_KEYS_AFTER_SECTIONS: [&str; 5] =
    ["action", "assumptions", "decisions", "policy", "expect"];

/// The keys of `expect:` before the procedures' parts.
pub(super) const EXPECT_KEYS: [&str; 7] = [
    "legal",
    "findings",
    "warnings",
    "events",
    "cited",
    "not_cited",
    "odds",
];

/// A value read once: a second value for the same key is an error, as serde's derive says.
fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    slot: &mut Option<T>,
    key: &'static str,
    map: &mut A,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(serde::de::Error::duplicate_field(key));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

/// The known key a key names, if it is one of `keys`.
fn known(keys: &'static [&'static str], key: &str) -> Option<&'static str> {
    keys.iter().copied().find(|known| *known == key)
}

impl<'de> Deserialize<'de> for ScenarioFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FileVisitor;
        impl<'de> Visitor<'de> for FileVisitor {
            type Value = ScenarioFile;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("struct ScenarioFile")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ScenarioFile, A::Error> {
                let format = super::read::format_being_read();
                let keys: &'static [&'static str] = &format.top_keys;
                let mut title = None;
                let mut description = None;
                let mut game = None;
                let mut rules = None;
                let mut seed = None;
                let mut turn = None;
                let mut step = None;
                let mut current_planet = None;
                let mut cards = None;
                let mut light = None;
                let mut dark = None;
                let mut planets = None;
                let mut clash = None;
                let mut action = None;
                let mut assumptions = None;
                let mut decisions = None;
                let mut policy = None;
                let mut expect = None;
                let mut sections_seen: Vec<&'static str> = Vec::new();
                let mut sections = Parts::default();
                while let Some(key) = map.next_key::<String>()? {
                    let Some(key) = known(keys, &key) else {
                        return Err(serde::de::Error::unknown_field(&key, keys));
                    };
                    match key {
                        "title" => once(&mut title, key, &mut map)?,
                        "description" => once(&mut description, key, &mut map)?,
                        "game" => once(&mut game, key, &mut map)?,
                        "rules" => once(&mut rules, key, &mut map)?,
                        "seed" => once(&mut seed, key, &mut map)?,
                        "turn" => once(&mut turn, key, &mut map)?,
                        "step" => once(&mut step, key, &mut map)?,
                        "current_planet" => once(&mut current_planet, key, &mut map)?,
                        "cards" => once(&mut cards, key, &mut map)?,
                        "light" => once(&mut light, key, &mut map)?,
                        "dark" => once(&mut dark, key, &mut map)?,
                        "planets" => once(&mut planets, key, &mut map)?,
                        "clash" => once(&mut clash, key, &mut map)?,
                        "action" => once(&mut action, key, &mut map)?,
                        "assumptions" => once(&mut assumptions, key, &mut map)?,
                        "decisions" => once(&mut decisions, key, &mut map)?,
                        "policy" => once(&mut policy, key, &mut map)?,
                        "expect" => once(&mut expect, key, &mut map)?,
                        section => {
                            if sections_seen.contains(&section) {
                                return Err(serde::de::Error::duplicate_field(section));
                            }
                            sections_seen.push(section);
                            let part_format = format
                                .sections
                                .iter()
                                .find(|part| part.key() == section)
                                .copied();
                            match part_format {
                                Some(part_format) if super::read::in_one_reading() => sections.put(
                                    map.next_value_seed(super::sections::PartSeed(part_format))?,
                                ),
                                _ => {
                                    // Read again by its procedure's own type (`read`).
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                    super::read::section_seen(section);
                                }
                            }
                        }
                    }
                }
                // In the order of the registry, as the reading part by part gives them.
                sections.order_by(keys);
                Ok(ScenarioFile {
                    title: title.flatten(),
                    description: description.flatten(),
                    game: game.flatten(),
                    rules: rules.flatten(),
                    seed: seed.flatten(),
                    turn: turn.flatten(),
                    step: step.flatten(),
                    current_planet: current_planet.flatten(),
                    cards: cards.unwrap_or_default(),
                    light: light.flatten(),
                    dark: dark.flatten(),
                    planets: planets.unwrap_or_default(),
                    clash: clash.flatten(),
                    sections,
                    action: action.flatten(),
                    assumptions: assumptions.unwrap_or_default(),
                    decisions: decisions.unwrap_or_default(),
                    policy: policy.flatten(),
                    expect: expect.flatten(),
                    source: SourceText::default(),
                })
            }
        }
        let keys: &'static [&'static str] = &super::read::format_being_read().top_keys;
        deserializer.deserialize_struct("ScenarioFile", keys, FileVisitor)
    }
}

/// A map written entry by entry, leaving out what a scenario does not need to say.
struct Entries<M>(M);

impl<M: SerializeMap> Entries<M> {
    fn option<T: Serialize>(&mut self, key: &str, value: &Option<T>) -> Result<(), M::Error> {
        match value {
            Some(value) => self.0.serialize_entry(key, value),
            None => Ok(()),
        }
    }

    fn unless<T: Serialize>(&mut self, key: &str, value: &T, empty: bool) -> Result<(), M::Error> {
        if empty {
            Ok(())
        } else {
            self.0.serialize_entry(key, value)
        }
    }

    fn parts(&mut self, parts: &Parts) -> Result<(), M::Error> {
        for part in parts.iter() {
            self.0.serialize_entry(part.key(), part.value())?;
        }
        Ok(())
    }
}

impl Serialize for ScenarioFile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = Entries(serializer.serialize_map(None)?);
        out.option("title", &self.title)?;
        out.option("description", &self.description)?;
        out.option("game", &self.game)?;
        out.option("rules", &self.rules)?;
        out.option("seed", &self.seed)?;
        out.option("turn", &self.turn)?;
        out.option("step", &self.step)?;
        out.option("current_planet", &self.current_planet)?;
        out.unless("cards", &self.cards, self.cards.is_empty())?;
        out.option("light", &self.light)?;
        out.option("dark", &self.dark)?;
        out.unless("planets", &self.planets, self.planets.is_empty())?;
        out.option("clash", &self.clash)?;
        out.parts(&self.sections)?;
        out.option("action", &self.action)?;
        out.unless(
            "assumptions",
            &self.assumptions,
            self.assumptions.is_empty(),
        )?;
        out.unless("decisions", &self.decisions, self.decisions.is_empty())?;
        out.option("policy", &self.policy)?;
        out.option("expect", &self.expect)?;
        out.0.end()
    }
}

impl<'de> Deserialize<'de> for Expectation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ExpectVisitor;
        impl<'de> Visitor<'de> for ExpectVisitor {
            type Value = Expectation;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("struct Expectation")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Expectation, A::Error> {
                let format = super::read::format_being_read();
                let keys: &'static [&'static str] = &format.expect_keys;
                let mut legal = None;
                let mut findings = None;
                let mut warnings = None;
                let mut events = None;
                let mut cited = None;
                let mut not_cited = None;
                let mut odds = None;
                let mut parts_seen: Vec<&'static str> = Vec::new();
                let mut procedures = Parts::default();
                while let Some(key) = map.next_key::<String>()? {
                    let Some(key) = known(keys, &key) else {
                        return Err(serde::de::Error::unknown_field(&key, keys));
                    };
                    match key {
                        "legal" => once(&mut legal, key, &mut map)?,
                        "findings" => once(&mut findings, key, &mut map)?,
                        "warnings" => once(&mut warnings, key, &mut map)?,
                        "events" => once(&mut events, key, &mut map)?,
                        "cited" => once(&mut cited, key, &mut map)?,
                        "not_cited" => once(&mut not_cited, key, &mut map)?,
                        "odds" => once(&mut odds, key, &mut map)?,
                        part => {
                            if parts_seen.contains(&part) {
                                return Err(serde::de::Error::duplicate_field(part));
                            }
                            parts_seen.push(part);
                            let part_format = format
                                .expectations
                                .iter()
                                .find(|format| format.key() == part)
                                .copied();
                            match part_format {
                                Some(part_format) if super::read::in_one_reading() => procedures
                                    .put(
                                        map.next_value_seed(super::sections::PartSeed(
                                            part_format,
                                        ))?,
                                    ),
                                _ => {
                                    // Read again by its procedure's own type (`read`).
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                    super::read::expectation_seen(part);
                                }
                            }
                        }
                    }
                }
                procedures.order_by(keys);
                Ok(Expectation {
                    legal: legal.flatten(),
                    findings: findings.flatten(),
                    warnings: warnings.flatten(),
                    events: events.flatten(),
                    cited: cited.flatten(),
                    not_cited: not_cited.flatten(),
                    odds: odds.flatten(),
                    procedures,
                })
            }
        }
        let keys: &'static [&'static str] = &super::read::format_being_read().expect_keys;
        deserializer.deserialize_struct("Expectation", keys, ExpectVisitor)
    }
}

impl Serialize for Expectation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = Entries(serializer.serialize_map(None)?);
        out.option("legal", &self.legal)?;
        out.option("findings", &self.findings)?;
        out.option("warnings", &self.warnings)?;
        out.option("events", &self.events)?;
        out.option("cited", &self.cited)?;
        out.option("not_cited", &self.not_cited)?;
        out.option("odds", &self.odds)?;
        out.parts(&self.procedures)?;
        out.0.end()
    }
}
