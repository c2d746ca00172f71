//! What procedures add to the scenario format without the format naming them: a section that
//! states a procedure under way (`duel:`), and a part of `expect:` (`expect: duel:`). Each is
//! read with its spans, built onto the board, written back and described in the schema
//! through the [`Format`] the registry hands to the reader.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::{DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::{Deserializer, Serialize};

use super::build::Builder;
use super::located::Located;
use crate::board::{Board, Span};
use crate::rules::AssumptionSpec;

/// A section of the scenario that states a procedure under way, as the file writes it.
pub trait SectionFile:
    DeserializeOwned + Serialize + JsonSchema + Clone + PartialEq + fmt::Debug + Send + Sync + 'static
{
    /// The key that writes it (`duel`).
    const KEY: &'static str;
    /// What it states, for the schema.
    const ABOUT: &'static str;
    /// The section as it stands on the board, its names found as cards.
    type Stated: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;

    /// The section built onto the board; `None` (with the problems reported) if it cannot be.
    fn build(section: &Located<Self>, builder: &mut Builder<'_>) -> Option<Self::Stated>;

    /// The section as a scenario writes it, from the board.
    fn write(stated: &Self::Stated, board: &Board) -> Self;

    /// The section stated on the board, if any.
    fn stated(board: &Board) -> Option<&Self::Stated> {
        board.stated.get(Self::KEY)
    }

    /// [`SectionFile::stated`], to change it.
    fn stated_mut(board: &mut Board) -> Option<&mut Self::Stated> {
        board.stated.get_mut(Self::KEY)
    }

    /// States the section on the board, or takes it off.
    fn set_stated(board: &mut Board, stated: Option<Self::Stated>) {
        board.stated.set(Self::KEY, stated);
    }
}

/// A procedure's part of a scenario's `expect:`.
pub trait ExpectFile:
    DeserializeOwned
    + Serialize
    + JsonSchema
    + Clone
    + PartialEq
    + fmt::Debug
    + Default
    + Send
    + Sync
    + 'static
{
    /// The key under `expect:` (`duel`).
    const KEY: &'static str;
    /// What it expects, for the schema.
    const ABOUT: &'static str;
}

/// A section or a part of `expect:` as read, whichever procedure's it is.
pub trait Part: fmt::Debug + Send + Sync + 'static {
    /// The key that writes it.
    fn key(&self) -> &'static str;
    /// Where its value was written.
    fn span(&self) -> Option<Span>;
    fn as_any(&self) -> &dyn Any;
    fn clone_part(&self) -> Box<dyn Part>;
    fn eq_part(&self, other: &dyn Part) -> bool;
    /// Its value, to write as YAML.
    fn value(&self) -> &dyn erased_serde::Serialize;
    /// A section built onto the board (its key and the stated value); nothing for a part of
    /// `expect:`.
    fn build(&self, builder: &mut Builder<'_>) -> Option<Box<dyn crate::board::StatedPart>>;
}

/// A procedure's section, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Section<T>(pub Located<T>);

/// A procedure's part of `expect:`, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected<T>(pub Located<T>);

/// What [`Section`] and [`Expected`] have alike: a procedure's value read with its span,
/// under its key, described in the schema; a section also builds onto the board and is written
/// back from it.
pub trait ReadPart: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    type Value: DeserializeOwned + Serialize + JsonSchema;
    const KEY: &'static str;
    const ABOUT: &'static str;

    fn wrap(located: Located<Self::Value>) -> Self;

    fn located(&self) -> &Located<Self::Value>;

    fn build_stated(&self, builder: &mut Builder<'_>) -> Option<Box<dyn crate::board::StatedPart>>;

    /// The part written back from the board, if the board states it.
    fn written(board: &Board) -> Option<Self>;
}

impl<T: SectionFile> ReadPart for Section<T> {
    type Value = T;
    const KEY: &'static str = T::KEY;
    const ABOUT: &'static str = T::ABOUT;

    fn wrap(located: Located<T>) -> Self {
        Section(located)
    }

    fn located(&self) -> &Located<T> {
        &self.0
    }

    fn build_stated(&self, builder: &mut Builder<'_>) -> Option<Box<dyn crate::board::StatedPart>> {
        T::build(&self.0, builder)
            .map(|stated| Box::new(stated) as Box<dyn crate::board::StatedPart>)
    }

    fn written(board: &Board) -> Option<Self> {
        let stated = T::stated(board)?;
        Some(Section(Located::new(T::write(stated, board))))
    }
}

impl<T: ExpectFile> ReadPart for Expected<T> {
    type Value = T;
    const KEY: &'static str = T::KEY;
    const ABOUT: &'static str = T::ABOUT;

    fn wrap(located: Located<T>) -> Self {
        Expected(located)
    }

    fn located(&self) -> &Located<T> {
        &self.0
    }

    fn build_stated(
        &self,
        _builder: &mut Builder<'_>,
    ) -> Option<Box<dyn crate::board::StatedPart>> {
        None
    }

    fn written(_board: &Board) -> Option<Self> {
        None
    }
}

impl<P: ReadPart> Part for P {
    fn key(&self) -> &'static str {
        P::KEY
    }

    fn span(&self) -> Option<Span> {
        self.located().span
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_part(&self) -> Box<dyn Part> {
        Box::new(self.clone())
    }

    fn eq_part(&self, other: &dyn Part) -> bool {
        other
            .as_any()
            .downcast_ref::<P>()
            .is_some_and(|other| other == self)
    }

    fn value(&self) -> &dyn erased_serde::Serialize {
        &self.located().value
    }

    fn build(&self, builder: &mut Builder<'_>) -> Option<Box<dyn crate::board::StatedPart>> {
        self.build_stated(builder)
    }
}

/// The sections of a file, or the parts of its `expect:`, in the order of the registry.
#[derive(Default)]
pub struct Parts(Vec<Box<dyn Part>>);

impl Parts {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every part, in order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Part> {
        self.0.iter().map(|part| &**part)
    }

    /// The part with this key, if the file has it.
    pub fn get(&self, key: &str) -> Option<&dyn Part> {
        self.iter().find(|part| part.key() == key)
    }

    /// A procedure's section, if the file states it.
    pub fn section<T: SectionFile>(&self) -> Option<&Located<T>> {
        self.get(T::KEY)?
            .as_any()
            .downcast_ref::<Section<T>>()
            .map(|section| &section.0)
    }

    /// A procedure's part of `expect:`, if the file has it.
    pub fn expected<T: ExpectFile>(&self) -> Option<&Located<T>> {
        self.get(T::KEY)?
            .as_any()
            .downcast_ref::<Expected<T>>()
            .map(|expected| &expected.0)
    }

    /// Adds a part, or replaces the part with its key.
    pub fn put(&mut self, part: Box<dyn Part>) {
        match self.0.iter_mut().find(|known| known.key() == part.key()) {
            Some(known) => *known = part,
            None => self.0.push(part),
        }
    }

    /// Puts the parts in this order of keys; a key not listed goes last.
    pub fn order_by(&mut self, keys: &[&str]) {
        self.0.sort_by_key(|part| {
            keys.iter()
                .position(|key| *key == part.key())
                .unwrap_or(usize::MAX)
        });
    }
}

impl Clone for Parts {
    fn clone(&self) -> Parts {
        Parts(self.0.iter().map(|part| part.clone_part()).collect())
    }
}

impl PartialEq for Parts {
    fn eq(&self, other: &Parts) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(mine, theirs)| mine.eq_part(&**theirs))
    }
}

impl fmt::Debug for Parts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

/// How one key of a procedure is read, written and described.
pub trait PartFormat: Sync {
    /// The key that writes it.
    fn key(&self) -> &'static str;

    /// Reads it from the whole text: under `expect:` or at the top.
    fn read(
        &self,
        text: &str,
        options: serde_saphyr::Options,
        under_expect: bool,
    ) -> Result<Option<Box<dyn Part>>, serde_saphyr::Error>;

    /// Reads its value where the reading of the file stands.
    fn read_value(
        &self,
        deserializer: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn Part>, erased_serde::Error>;

    /// The schema of the key's property.
    fn property(&self, generator: &mut SchemaGenerator) -> Schema;

    /// A section written back from the board, if the board states it.
    fn write(&self, board: &Board) -> Option<Box<dyn Part>>;
}

/// The format of one procedure's key: a section or a part of `expect:`.
pub struct FormatOf<P>(PhantomData<fn() -> P>);

impl<P> FormatOf<P> {
    pub const NEW: FormatOf<P> = FormatOf(PhantomData);
}

/// The format of a procedure's section.
pub type SectionFormat<T> = FormatOf<Section<T>>;

/// The format of a procedure's part of `expect:`.
pub type ExpectFormat<T> = FormatOf<Expected<T>>;

/// The property of an optional value: what it is, and its schema or null.
fn optional_property<T: JsonSchema>(generator: &mut SchemaGenerator, about: &str) -> Schema {
    let inner = generator.subschema_for::<T>();
    schemars::json_schema!({
        "description": about,
        "anyOf": [inner, {"type": "null"}],
    })
}

impl<P: ReadPart> PartFormat for FormatOf<P> {
    fn key(&self) -> &'static str {
        P::KEY
    }

    fn read(
        &self,
        text: &str,
        options: serde_saphyr::Options,
        under_expect: bool,
    ) -> Result<Option<Box<dyn Part>>, serde_saphyr::Error> {
        let found = read_at::<P::Value>(text, options, P::KEY, under_expect)?;
        Ok(found.map(|located| Box::new(P::wrap(located)) as Box<dyn Part>))
    }

    fn read_value(
        &self,
        deserializer: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn Part>, erased_serde::Error> {
        let located: Located<P::Value> = erased_serde::deserialize(deserializer)?;
        Ok(Box::new(P::wrap(located)))
    }

    fn property(&self, generator: &mut SchemaGenerator) -> Schema {
        optional_property::<P::Value>(generator, P::ABOUT)
    }

    fn write(&self, board: &Board) -> Option<Box<dyn Part>> {
        P::written(board).map(|part| Box::new(part) as Box<dyn Part>)
    }
}

/// Reads the value of `key` (at the top of the file, or under `expect:`) as `T`, every other
/// value passed over: the second reading of a file, for one procedure's part.
fn read_at<T: DeserializeOwned>(
    text: &str,
    options: serde_saphyr::Options,
    key: &'static str,
    under_expect: bool,
) -> Result<Option<Located<T>>, serde_saphyr::Error> {
    serde_saphyr::with_deserializer_from_str_with_options(text, options, |deserializer| {
        let path: &[&str] = if under_expect {
            &["expect", key]
        } else {
            &[key]
        };
        AtPath::<T> {
            path,
            wanted: PhantomData,
        }
        .deserialize(deserializer)
    })
}

/// Finds the value at a path of keys in nested maps, and reads it as `T`.
struct AtPath<'p, T> {
    path: &'p [&'static str],
    wanted: PhantomData<fn() -> T>,
}

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for AtPath<'_, T> {
    type Value = Option<Located<T>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for AtPath<'_, T> {
    type Value = Option<Located<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mapping")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let Some((first, rest)) = self.path.split_first() else {
            return Ok(None);
        };
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            if key != *first {
                map.next_value::<IgnoredAny>()?;
            } else if rest.is_empty() {
                found = Some(map.next_value::<Located<T>>()?);
            } else {
                found = map.next_value_seed(AtPath::<T> {
                    path: rest,
                    wanted: PhantomData,
                })?;
            }
        }
        Ok(found)
    }

    // Anything else (a scalar, a list, null) holds no such key: the first reading has said
    // what is wrong with it.
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

/// What the registry adds to the scenario format: the procedures' sections and parts of
/// `expect:`, their actions and named assumptions. The reader, builder, writer and schema
/// take it; none of them names a procedure.
pub struct Format {
    /// The sections, in the order a file writes them.
    pub sections: Vec<&'static dyn PartFormat>,
    /// The parts of `expect:`, in the order a file writes them.
    pub expectations: Vec<&'static dyn PartFormat>,
    /// Every action (its name, its game's title and its summary), for the schema.
    pub actions: Vec<(&'static str, &'static str, &'static str)>,
    /// Every named assumption, for the schema.
    pub assumptions: Vec<&'static AssumptionSpec>,
    /// The keys of `decisions: <side>:`, in the order a file writes them.
    pub script_keys: Vec<&'static crate::engine::decisions::ScriptKey>,
    /// Their names.
    pub(super) script_key_names: Vec<&'static str>,
    /// The keys of a scenario, the sections among them.
    pub(super) top_keys: Vec<&'static str>,
    /// The keys of `expect:`, the procedures' parts among them.
    pub(super) expect_keys: Vec<&'static str>,
}

impl Format {
    pub fn new(
        sections: Vec<&'static dyn PartFormat>,
        expectations: Vec<&'static dyn PartFormat>,
        actions: Vec<(&'static str, &'static str, &'static str)>,
        assumptions: Vec<&'static AssumptionSpec>,
        script_keys: Vec<&'static crate::engine::decisions::ScriptKey>,
    ) -> Format {
        let script_key_names = script_keys.iter().map(|key| key.key).collect();
        let mut top_keys: Vec<&'static str> = super::file::TOP_KEYS_BEFORE_SECTIONS.to_vec();
        top_keys.extend(sections.iter().map(|section| section.key()));
        top_keys.extend(super::file::TOP_KEYS_AFTER_SECTIONS);
        let mut expect_keys: Vec<&'static str> = super::file::EXPECT_KEYS.to_vec();
        expect_keys.extend(expectations.iter().map(|part| part.key()));
        Format {
            sections,
            expectations,
            actions,
            assumptions,
            script_keys,
            script_key_names,
            top_keys,
            expect_keys,
        }
    }

    /// The format without any procedure: a position and nothing more.
    pub fn bare() -> &'static Format {
        static BARE: std::sync::OnceLock<Format> = std::sync::OnceLock::new();
        BARE.get_or_init(|| Format::new(Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new()))
    }
}

/// The JSON Schema (draft 7) of the scenario format, the procedures' sections, parts of
/// `expect:`, actions and named assumptions among it.
pub fn schema(format: &Format) -> Schema {
    let mut generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let sections: Vec<(&str, Schema)> = format
        .sections
        .iter()
        .map(|section| (section.key(), section.property(&mut generator)))
        .collect();
    let expectations: Vec<(&str, Schema)> = format
        .expectations
        .iter()
        .map(|part| (part.key(), part.property(&mut generator)))
        .collect();
    let mut decisions = serde_json::Map::new();
    for key in &format.script_keys {
        use crate::engine::decisions::Answer;
        let mut property = match key.answer {
            Answer::Name => serde_json::json!({"type": ["string", "null"]}),
            Answer::YesNo => serde_json::json!({"type": ["boolean", "null"]}),
            Answer::Count => {
                serde_json::json!({"type": ["integer", "null"], "minimum": 0, "maximum": 99})
            }
            Answer::Flags => serde_json::json!({"type": "array", "items": {"type": "boolean"}}),
            Answer::Names => serde_json::json!({"type": "array", "items": {"type": "string"}}),
            Answer::Plays => serde_json::json!({
                "type": "array",
                "items": generator.subschema_for::<crate::ranged::DestinyStat>(),
            }),
            Answer::Plan => serde_json::json!({
                "type": "array",
                "items": generator.subschema_for::<super::file::ClashCardInput>(),
            }),
        };
        if let Some(object) = property.as_object_mut() {
            object.insert("description".to_string(), key.about.into());
        }
        decisions.insert(key.key.to_string(), property);
    }
    let mut root = generator.into_root_schema_for::<super::ScenarioFile>();
    if let Some(properties) = root
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
    {
        for (key, property) in sections {
            properties.insert(key.to_string(), property.to_value());
        }
    }
    let names: Vec<&str> = format.actions.iter().map(|(name, _, _)| *name).collect();
    let described: Vec<String> = format
        .actions
        .iter()
        .map(|(name, game, summary)| format!("`{name}` ({game}): {summary}"))
        .collect();
    let mut assumptions = serde_json::Map::new();
    for spec in &format.assumptions {
        let values: Vec<&str> = spec.values.iter().map(|(value, _)| *value).collect();
        assumptions.insert(
            spec.assumption.name.to_string(),
            serde_json::json!({
                "type": "string",
                "enum": values,
                "default": spec.default_value(),
                "description": spec.assumption.text,
            }),
        );
    }
    if let Some(definitions) = root
        .get_mut("definitions")
        .and_then(serde_json::Value::as_object_mut)
    {
        if let Some(properties) = definitions
            .get_mut("Expectation")
            .and_then(|expectation| expectation.get_mut("properties"))
            .and_then(serde_json::Value::as_object_mut)
        {
            for (key, property) in expectations {
                properties.insert(key.to_string(), property.to_value());
            }
        }
        definitions.insert(
            "SideDecisions".to_string(),
            serde_json::json!({
                "description": "One player's scripted decisions, each a card name (forgiving) unless said otherwise.",
                "type": "object",
                "properties": decisions,
                "additionalProperties": false,
            }),
        );
        definitions.insert(
            "ActionName".to_string(),
            serde_json::json!({
                "type": "string",
                "enum": names,
                "description": described.join("; "),
            }),
        );
        definitions.insert(
            "AssumptionChoices".to_string(),
            serde_json::json!({
                "type": "object",
                "description": "Choices of named assumptions (`jedi-judge rules assumptions`).",
                "properties": assumptions,
                "additionalProperties": false,
            }),
        );
    }
    root
}

/// Reads a procedure's part where the reading of the file stands, by its own type. A bad value
/// in it is noted (`read::part_failed`), as its place does not come through the reading.
pub(super) struct PartSeed(pub &'static dyn PartFormat);

impl<'de> DeserializeSeed<'de> for PartSeed {
    type Value = Box<dyn Part>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(deserializer);
        self.0.read_value(&mut erased).map_err(|error| {
            super::read::part_failed();
            serde::de::Error::custom(error)
        })
    }
}
