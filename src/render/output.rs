//! The JSON outputs as typed values: each carries its `format` and `version`, and has a JSON Schema (`jedi-judge schema walk|check|rules|cards`).
//!
//! Conventions, the same in every output: a rule is named by its full id
//! (`revised.duel.initiation`); `document` is a document's id (`revised`) and
//! `document_title` its title; a card's move is data (`card`, `from`, `to`), not prose.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::cards::{Card, CardType, DerivedTrait, Game, Side, TraitKind, TraitValue};
use crate::engine::{Move, Place, Tally};
use crate::rules::WordChange;
use crate::scenario::GameName;

/// The version of every JSON output's layout. It grows when a field is removed or changes
/// meaning; new fields may appear within a version.
pub const VERSION: u32 = 1;

macro_rules! format_name {
    ($(#[$doc:meta])* $name:ident = $text:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
        pub enum $name {
            #[default]
            #[serde(rename = $text)]
            Name,
        }
    };
}

format_name!(
    /// `jedi-judge/walk`
    WalkFormat = "jedi-judge/walk"
);
format_name!(
    /// `jedi-judge/odds`
    OddsFormat = "jedi-judge/odds"
);
format_name!(
    /// `jedi-judge/odds-refused`
    OddsRefusedFormat = "jedi-judge/odds-refused"
);
format_name!(
    /// `jedi-judge/check`
    CheckFormat = "jedi-judge/check"
);
format_name!(
    /// `jedi-judge/rules-show`
    RulesShowFormat = "jedi-judge/rules-show"
);
format_name!(
    /// `jedi-judge/rules-search`
    RulesSearchFormat = "jedi-judge/rules-search"
);
format_name!(
    /// `jedi-judge/rules-list`
    RulesListFormat = "jedi-judge/rules-list"
);
format_name!(
    /// `jedi-judge/rules-diff`
    RulesDiffFormat = "jedi-judge/rules-diff"
);
format_name!(
    /// `jedi-judge/rulesets`
    RulesetsFormat = "jedi-judge/rulesets"
);
format_name!(
    /// `jedi-judge/assumptions`
    AssumptionsFormat = "jedi-judge/assumptions"
);
format_name!(
    /// `jedi-judge/cards-show`
    CardsShowFormat = "jedi-judge/cards-show"
);
format_name!(
    /// `jedi-judge/cards-search`
    CardsSearchFormat = "jedi-judge/cards-search"
);
format_name!(
    /// `jedi-judge/cards-disagreements`
    CardsDisagreementsFormat = "jedi-judge/cards-disagreements"
);

/// The text of a rule quoted, with its document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RuleText {
    /// The document's id: `sheet`, `faq`, `revised`, `boonta` or `clash`.
    pub document: String,
    pub document_title: String,
    pub publisher: String,
    /// The document's date: `YYYY-MM-DD` or a year.
    pub date: String,
    pub section: String,
    pub text: String,
    /// Said of a line added to its document later (the Thrust cap).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub later_addition: Option<String>,
    /// A paraphrase of a document that survives only in part: `text` is our words, not the
    /// document's.
    pub paraphrase: bool,
    /// Where a paraphrase can be checked against its document.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub read_at: Vec<String>,
}

impl RuleText {
    /// An item's text with its document.
    pub fn of(corpus: &crate::rules::Corpus, item: &crate::rules::Item) -> RuleText {
        let document = corpus.document_of(item);
        RuleText {
            document: item.document.to_string(),
            document_title: document.map(|d| d.title.to_string()).unwrap_or_default(),
            publisher: document
                .map(|d| d.publisher.to_string())
                .unwrap_or_default(),
            date: document.map(|d| d.date.to_string()).unwrap_or_default(),
            section: item.section.to_string(),
            text: item.text.to_string(),
            later_addition: item.later_addition.as_ref().map(|text| text.to_string()),
            paraphrase: item.kind == crate::rules::ItemKind::Paraphrase,
            read_at: item
                .read_at
                .iter()
                .map(|address| address.to_string())
                .collect(),
        }
    }
}

/// `walk --format json`.
#[derive(Serialize, JsonSchema)]
pub struct WalkOutput<'a> {
    pub format: WalkFormat,
    pub version: u32,
    pub game: GameName,
    pub title: Option<String>,
    /// The ruleset: `latest`, or `rules as of YYYY-MM-DD`.
    pub ruleset: String,
    pub seed: u64,
    /// The policy that answered what the script left open.
    pub policy: Option<String>,
    /// Legality findings about the position, reported before the walk.
    pub illegal_position: Vec<PositionFinding>,
    /// Whether the scenario is legal, as `check` judges it and `expect: legal` states it:
    /// its position, its action and its stated claims.
    pub legal: bool,
    /// The codes of the findings that make it illegal, as `check` gives them and
    /// `expect: findings` lists them: the position's, the action's refusal, a claim the
    /// rules refuse.
    pub findings: Vec<String>,
    /// The steps, in order.
    /// What the rules in force say of themselves: a fan update that survives only in part
    /// says what its readable text covers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ruleset_notes: Vec<String>,
    pub events: StepsOutput<'a>,
    /// Why the walk stopped before its end, if it did.
    pub stop: Option<StopOutput>,
    pub result: ResultOutput<'a>,
    /// The cards that ended somewhere other than where they started.
    pub card_journeys: Vec<JourneyOutput>,
    /// The differences from the scenario's `expect:`.
    pub expectation_unmet: Vec<String>,
    /// The cards in the position whose printed text is not modelled, so that the walk does
    /// not apply it (the judge applies any of it that bears on the position).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub text_not_modelled: Vec<String>,
    /// Scripted answers the rules did not ask, and heard: each agrees with the one choice the
    /// rules left, or describes an attempt of its player that they refused.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub answers_not_asked: Vec<HeardOutput>,
    /// Every rule the steps cite, by full id.
    pub rules: BTreeMap<String, RuleText>,
}

/// A scripted answer the rules did not ask, and heard.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HeardOutput {
    /// The answer as the scenario writes it: `decisions: light: weapon: none`.
    pub answer: String,
    /// What the walk says of it.
    pub said: String,
    /// The rules that left the one choice it agrees with, by full id; none for an answer
    /// that describes a refused attempt.
    pub rules: Vec<String>,
}

/// A legality finding about a walked position.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PositionFinding {
    pub code: String,
    pub message: String,
}

/// The steps of a walk, each made into its [`StepOutput`] as it is written rather than all
/// held at once: a whole game's walk has hundreds. As JSON, a list of steps.
pub struct StepsOutput<'a> {
    walk: &'a crate::procedures::walkthrough::Walkthrough,
    /// A step's output, from its place among the steps (from 0) and the step.
    make: Box<dyn Fn(usize, &'a dyn crate::engine::Step) -> StepOutput<'a> + 'a>,
}

impl<'a> StepsOutput<'a> {
    pub fn new(
        walk: &'a crate::procedures::walkthrough::Walkthrough,
        make: impl Fn(usize, &'a dyn crate::engine::Step) -> StepOutput<'a> + 'a,
    ) -> StepsOutput<'a> {
        StepsOutput {
            walk,
            make: Box::new(make),
        }
    }

    /// Each step's output, in order, made as it is read.
    pub fn iter(&self) -> impl Iterator<Item = StepOutput<'a>> + '_ {
        self.walk
            .steps()
            .enumerate()
            .map(|(index, step)| (self.make)(index, step))
    }
}

impl Serialize for StepsOutput<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The schema of the list it writes.
impl JsonSchema for StepsOutput<'_> {
    fn inline_schema() -> bool {
        <Vec<StepOutput<'_>>>::inline_schema()
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        <Vec<StepOutput<'_>>>::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        <Vec<StepOutput<'_>>>::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <Vec<StepOutput<'_>>>::json_schema(generator)
    }
}

/// One step of a walk.
#[derive(Serialize, JsonSchema)]
pub struct StepOutput<'a> {
    /// From 1.
    pub step: usize,
    /// What happened, in words.
    pub text: String,
    /// What happened, as data.
    pub kind: EventOutput<'a>,
    /// The rules applied, by full id (quoted under `rules`).
    pub cites: Vec<String>,
    /// Named assumptions applied where the rules are silent: not rule text.
    pub assumptions: Vec<AssumptionApplied>,
    pub moves: Vec<MoveOutput>,
    /// Hit tokens and dueling-hand cards after the step.
    pub tally: Tally,
}

/// A rule the engine applies where the sources are silent, printed as such.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Assumption")]
pub struct AssumptionApplied {
    /// A stable name, such as `empty-hand-cannot-attack`.
    pub name: &'static str,
    /// What the engine assumes.
    pub text: &'static str,
}

impl From<&crate::rules::Assumption> for AssumptionApplied {
    fn from(assumption: &crate::rules::Assumption) -> AssumptionApplied {
        AssumptionApplied {
            name: assumption.name,
            text: assumption.text,
        }
    }
}

/// A place on the table, as data: the kind of zone or pile, whose it is, and the planet or
/// battle where that applies. `label` is the same place in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(rename = "Place")]
pub struct PlaceOutput {
    /// `draw-deck`, `hand`, `discard-pile`, `hyperspace`, `objective`, `at-objective`,
    /// `podracing-pile`, `battle-plan`, `dueling-hand`, `dueling-pile`, `in-play`; in Clash of
    /// the Lightsabers `draw-pile`, `hand`, `discard-pile`, `planned`, `battle`, `won`.
    pub zone: &'static str,
    pub side: Side,
    /// The planet of cards in play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planet: Option<&'static str>,
    /// Clash of the Lightsabers: the battle a planned card is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle: Option<u8>,
}

impl From<&Place> for PlaceOutput {
    fn from(place: &Place) -> PlaceOutput {
        PlaceOutput {
            zone: place.zone,
            side: place.side,
            planet: place.planet,
            battle: place.battle,
        }
    }
}

/// Where a card went.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Move")]
pub struct MoveOutput {
    /// The card instance's id on the board.
    pub card: u32,
    pub name: std::borrow::Cow<'static, str>,
    pub from: PlaceOutput,
    pub to: PlaceOutput,
}

impl From<&Move> for MoveOutput {
    fn from(moved: &Move) -> MoveOutput {
        MoveOutput {
            card: moved.card,
            name: moved.name.clone(),
            from: PlaceOutput::from(&moved.from),
            to: PlaceOutput::from(&moved.to),
        }
    }
}

/// Where a card went in all: its first place and its last.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Journey")]
pub struct JourneyOutput {
    /// The card instance's id on the board.
    pub card: u32,
    pub name: String,
    /// Known only by its destiny number.
    pub anonymous: bool,
    pub from: PlaceOutput,
    pub to: PlaceOutput,
}

impl From<&crate::render::walk::Journey> for JourneyOutput {
    fn from(journey: &crate::render::walk::Journey) -> JourneyOutput {
        JourneyOutput {
            card: journey.card,
            name: journey.name.clone(),
            anonymous: journey.anonymous,
            from: PlaceOutput::from(&journey.from),
            to: PlaceOutput::from(&journey.to),
        }
    }
}

/// Why a decider gave no answer.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "why")]
#[schemars(rename = "Unanswered")]
pub enum UnansweredOutput {
    /// Nothing in the script answers it.
    NotScripted,
    /// The script's answer is not among the legal options.
    NotLegal {
        given: String,
        /// Why the rules rule it out, where the walk can tell of the card or number it names.
        #[serde(skip_serializing_if = "Option::is_none")]
        ruled_out: Option<RuledOutOutput>,
    },
}

/// Why the rules rule out a script's answer.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "RuledOut")]
pub struct RuledOutOutput {
    /// The card or number at fault and why, in words.
    pub why: String,
    /// The rules that rule it out, by full id.
    pub rules: Vec<String>,
    /// The named assumptions it rests on too, where the rules are silent: not rule text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<AssumptionApplied>,
}

/// A procedure's own event, as a step gives it: the event of whichever procedure walked.
pub struct EventOutput<'a>(pub &'a dyn erased_serde::Serialize);

impl Serialize for EventOutput<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0, serializer)
    }
}

impl JsonSchema for EventOutput<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EventKind".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let kinds: Vec<schemars::Schema> = crate::procedures::DOORS
            .iter()
            .map(|door| door.event_schema(generator))
            .collect();
        schemars::json_schema!({
            "description": "What happened: the event of the procedure walked, in its own terms; the step around it\n(citations, assumptions, moves, tally) is shared.",
            "anyOf": kinds,
        })
    }
}

/// Why a walk stopped early.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "stop")]
pub enum StopOutput {
    /// A decision the scenario does not answer (or answers with an illegal choice).
    Undecided {
        decision: DecisionOutput,
        why: UnansweredOutput,
    },
    /// A fact the procedure needs that the scenario lacks.
    Missing {
        /// What is missing and how to give it, in words.
        fact: String,
        /// Whether it is a claim of the scenario that the rules refuse (the finding `check`
        /// makes of it, under `code`), not a fact the scenario lacks.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        illegal: bool,
        /// A stable code naming the kind of fact: `card-number-unknown`,
        /// `weapon-users-unknown`, ...
        code: String,
        /// The card the fact is about, if one.
        card: Option<String>,
        /// The key that gives the fact, if one (`power`, `usable_by`, ...).
        field: Option<String>,
    },
}

/// A decision a player must make.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DecisionOutput {
    pub kind: DecisionKindName,
    pub who: Side,
    pub prompt: String,
    pub options: Vec<OptionOutput>,
}

/// The name of a kind of decision: one of the registered procedures'.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct DecisionKindName(pub &'static str);

impl JsonSchema for DecisionKindName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DecisionKind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = crate::procedures::decision_kinds()
            .iter()
            .map(|kind| kind.name)
            .collect();
        schemars::json_schema!({
            "description": "What a decision is about: its kind, as the procedure that asks it names it.",
            "type": "string",
            "enum": names,
        })
    }
}

/// One legal answer to a decision.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OptionOutput {
    pub label: String,
    /// The card instance it names, if any.
    pub card: Option<u32>,
    pub name: Option<String>,
    pub destiny: Option<i32>,
    /// No block, no substitute, no weapon, no effect.
    pub declines: bool,
    /// The rules that make it legal, by full id.
    pub rules: Vec<String>,
}

/// What a walk came to: the result of whichever procedure walked.
pub struct ResultOutput<'a>(pub &'a dyn erased_serde::Serialize);

impl Serialize for ResultOutput<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0, serializer)
    }
}

impl JsonSchema for ResultOutput<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WalkResult".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut results: Vec<schemars::Schema> = crate::procedures::DOORS
            .iter()
            .map(|door| door.result_schema(generator))
            .collect();
        results.push(schemars::json_schema!({
            "description": "A scenario without an `action:`: its position is checked and nothing is walked.",
            "type": "null",
        }));
        schemars::json_schema!({
            "description": "What a walk came to: the result of the procedure walked, or null for a scenario without an action.",
            "anyOf": results,
        })
    }
}

/// `check --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckOutput {
    pub format: CheckFormat,
    pub version: u32,
    pub files: Vec<CheckedFile>,
}

/// The verdict on a file.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictOutput {
    Legal,
    Illegal,
    Unreadable,
}

/// How bad a problem or finding is.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SeverityOutput {
    Error,
    Warning,
}

/// Everything `check` found in one file.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckedFile {
    pub file: String,
    pub verdict: VerdictOutput,
    pub ruleset: String,
    /// Errors and warnings, every one counted, shown or not.
    pub errors: usize,
    pub warnings: usize,
    /// Problems with the input (the first of each kind).
    pub input_problems: Vec<ProblemOutput>,
    /// Legality findings (the first of each kind).
    pub findings: Vec<FindingOutput>,
    /// Kinds with more problems or findings than are listed: how many were left out.
    pub omitted: Vec<OmittedOutput>,
}

/// A place in a file, underlined.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LabelOutput {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
    /// In bytes from the start of the file.
    pub offset: usize,
    /// In bytes.
    pub length: usize,
    pub label: String,
}

/// A problem with a file's input.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProblemOutput {
    pub severity: SeverityOutput,
    pub code: String,
    pub message: String,
    pub help: Option<String>,
    pub labels: Vec<LabelOutput>,
}

/// A legality finding.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FindingOutput {
    pub severity: SeverityOutput,
    pub code: String,
    pub message: String,
    /// The rules that make the position illegal, by full id.
    pub rules: Vec<String>,
    /// Named assumptions, where the rules are silent: not rule text.
    pub assumptions: Vec<String>,
    /// The FAQ ruling that says what to do about it, by full id.
    pub remedy: Option<String>,
    /// The rules and remedy quoted, as `check` prints them.
    pub explanation: String,
    pub labels: Vec<LabelOutput>,
}

/// Problems or findings of one kind left out of the lists.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OmittedOutput {
    pub code: String,
    pub severity: SeverityOutput,
    pub count: usize,
}

/// An item of the rule corpus.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemOutput {
    pub id: String,
    /// The id without its document: shared by copies of one text.
    pub key: String,
    pub kind: String,
    /// Its text and document, as a walk quotes it.
    #[serde(flatten)]
    pub quoted: RuleText,
    /// How the date is known.
    pub date_evidence: String,
    pub topic: String,
    pub in_force: bool,
    /// The item's standing under the ruleset, in words.
    pub standing: String,
    /// Items with the same text, by full id.
    pub copies: Vec<String>,
    pub supersedes: Vec<String>,
    pub superseded_by: Vec<String>,
}

/// `rules show --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesShowOutput {
    pub format: RulesShowFormat,
    pub version: u32,
    pub ruleset: String,
    pub item: ItemOutput,
}

/// `rules search --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesSearchOutput {
    pub format: RulesSearchFormat,
    pub version: u32,
    pub query: String,
    /// The words searched for (the query less common words).
    pub words: Vec<String>,
    pub ruleset: String,
    /// How many items matched, copies of one text counted once.
    pub total: usize,
    /// The best, at most `--limit`.
    pub results: Vec<SearchResultOutput>,
    /// The named assumptions (what the engine takes where the rules are silent; not rule
    /// text) that hold the most of the words.
    pub assumptions: Vec<AssumptionFoundOutput>,
}

/// A named assumption a search found.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AssumptionFoundOutput {
    pub name: String,
    pub words_matched: usize,
    pub snippet: String,
    /// Byte ranges of `snippet` holding the words found.
    pub marks: Vec<(usize, usize)>,
}

/// One search result.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SearchResultOutput {
    pub id: String,
    pub document: String,
    pub date: String,
    pub section: String,
    pub in_force: bool,
    pub words_matched: usize,
    pub score: f64,
    pub snippet: String,
    /// Byte ranges of `snippet` holding the words found.
    pub marks: Vec<(usize, usize)>,
    /// Copies of the same text folded into this result, by full id.
    pub same_text_in: Vec<String>,
}

/// `rules list --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesListOutput {
    pub format: RulesListFormat,
    pub version: u32,
    pub ruleset: String,
    pub items: Vec<ListedOutput>,
}

/// An item listed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ListedOutput {
    #[serde(flatten)]
    pub item: ItemOutput,
    /// Earlier documents' copies folded into this entry, by full id.
    pub same_text_in: Vec<String>,
}

/// `rules diff --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesDiffOutput {
    pub format: RulesDiffFormat,
    pub version: u32,
    pub old: String,
    pub new: String,
    pub differences: Vec<DifferenceOutput>,
}

/// An item named with its text.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemText {
    pub id: String,
    pub text: String,
}

/// One difference between two rulesets.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "change")]
pub enum DifferenceOutput {
    /// Items replaced by another.
    Changed {
        old: Vec<ItemText>,
        new: ItemText,
        /// The words changed from the first old text to the new one.
        words: Vec<WordChange>,
    },
    Added {
        id: String,
        text: String,
        later_addition: Option<String>,
    },
    Removed {
        id: String,
        text: String,
    },
    /// A whole document, every item new.
    AddedDocument {
        document: String,
        items: Vec<String>,
    },
    RemovedDocument {
        document: String,
        items: Vec<String>,
    },
}

/// `rules rulesets --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesetsOutput {
    pub format: RulesetsFormat,
    pub version: u32,
    pub rulesets: Vec<RulesetOutput>,
}

/// `rules assumptions --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AssumptionsOutput {
    pub format: AssumptionsFormat,
    pub version: u32,
    pub assumptions: Vec<AssumptionOutput>,
}

/// A named assumption: what the engine assumes where the sources are silent.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AssumptionOutput {
    pub name: String,
    pub text: String,
    /// The value used when a scenario chooses none.
    pub default: String,
    /// Every value a scenario may choose under `assumptions:`, the default first.
    pub values: Vec<AssumptionValueOutput>,
    /// The actions of the procedures that make it.
    pub used_by: Vec<String>,
}

/// A value of a named assumption.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AssumptionValueOutput {
    pub value: String,
    pub meaning: String,
}

/// A named ruleset.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulesetOutput {
    pub name: String,
    /// The date it stands for; none for `latest`.
    pub as_of: Option<String>,
    pub description: String,
}

/// Every output of `rules`, for its schema (never built: the commands print its variants).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)]
pub enum RulesOutput {
    Show(RulesShowOutput),
    Search(RulesSearchOutput),
    List(RulesListOutput),
    Diff(RulesDiffOutput),
    Rulesets(RulesetsOutput),
    Assumptions(AssumptionsOutput),
}

/// `cards show --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CardsShowOutput {
    pub format: CardsShowFormat,
    pub version: u32,
    pub ruleset: String,
    pub cards: Vec<CardShown>,
}

/// A card, with its facts and the traits derived by rule.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CardShown {
    pub name: String,
    pub card: Card,
    pub traits: Vec<TraitOutput>,
}

/// A trait of a card, derived by rule or stated.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TraitOutput {
    #[serde(rename = "trait")]
    pub kind: TraitKind,
    pub label: String,
    pub value: TraitValue,
    pub reason: String,
    /// The rules it is derived by, by full id.
    pub cites: Vec<String>,
    pub stated_by: Option<crate::cards::Source>,
}

impl TraitOutput {
    pub fn new(derived: DerivedTrait, cites: Vec<String>) -> TraitOutput {
        TraitOutput {
            kind: derived.kind,
            label: derived.kind.label().to_string(),
            value: derived.value,
            reason: derived.reason,
            cites,
            stated_by: derived.stated_by,
        }
    }
}

/// `cards search --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CardsSearchOutput {
    pub format: CardsSearchFormat,
    pub version: u32,
    pub query: String,
    /// How many printings the cards listed have in all (a card printed in three sets counts
    /// once in `cards` and three times here).
    pub printings: usize,
    pub cards: Vec<CardListed>,
}

/// A card in a list.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CardListed {
    pub name: String,
    pub game: Game,
    #[serde(rename = "type")]
    pub card_type: Option<CardType>,
    pub side: Option<Side>,
    /// The set and collector number.
    pub printing: Option<String>,
    /// Every printing of the card, the one above first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub printings: Vec<String>,
}

/// `cards disagreements --format json`: every fact on which the catalog's sources disagree.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CardsDisagreementsOutput {
    pub format: CardsDisagreementsFormat,
    pub version: u32,
    /// How many cards have a fact on which the sources disagree.
    pub cards: usize,
    /// How many times the catalog took the second source's reading over a transcription
    /// row not to be trusted.
    pub overruled: usize,
    pub disagreements: Vec<DisagreementOutput>,
}

/// One fact on which the sources disagree.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DisagreementOutput {
    pub card: String,
    /// Every printing of the card.
    pub printings: Vec<String>,
    /// Whether the catalog kept its reading or took the second source's.
    pub kind: crate::cards::Disagreement,
    /// The field, both readings, which the catalog took and why.
    pub note: String,
    /// The source the note comes from: the second source, or the printing whose reading
    /// differs.
    pub source: crate::cards::Source,
}

/// Every output of `cards`, for its schema.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum CardsOutput {
    Show(CardsShowOutput),
    Search(CardsSearchOutput),
    Disagreements(CardsDisagreementsOutput),
}

/// An output whose JSON Schema `jedi-judge schema` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SchemaOf {
    /// The scenario format (the default).
    Scenario,
    /// `walk --format json`.
    Walk,
    /// `check --format json`.
    Check,
    /// `odds --format json`.
    Odds,
    /// `rules ... --format json`.
    Rules,
    /// `cards ... --format json`.
    Cards,
    /// A card text file (`src/cards/text/*.yaml`): what each card's printed text does.
    CardText,
}

impl SchemaOf {
    /// The command whose `--format json` it describes, if a command's.
    pub fn command(self) -> Option<&'static str> {
        match self {
            SchemaOf::Walk => Some("walk"),
            SchemaOf::Check => Some("check"),
            SchemaOf::Odds => Some("odds"),
            SchemaOf::Rules => Some("rules"),
            SchemaOf::Cards => Some("cards"),
            SchemaOf::Scenario | SchemaOf::CardText => None,
        }
    }
}

/// The published schema of `of`, as `docs/schema/` holds it: what `jedi-judge schema` prints,
/// without deriving it at every call. A test holds each file to [`schema`], byte for byte.
pub fn published_schema(of: SchemaOf) -> &'static str {
    match of {
        SchemaOf::Scenario => include_str!("../../docs/schema/scenario.json"),
        SchemaOf::Walk => include_str!("../../docs/schema/walk.json"),
        SchemaOf::Check => include_str!("../../docs/schema/check.json"),
        SchemaOf::Odds => include_str!("../../docs/schema/odds.json"),
        SchemaOf::Rules => include_str!("../../docs/schema/rules.json"),
        SchemaOf::Cards => include_str!("../../docs/schema/cards.json"),
        SchemaOf::CardText => include_str!("../../docs/schema/card-text.json"),
    }
}

/// The JSON Schema (draft 7) of an output or of the scenario format.
pub fn schema(of: SchemaOf) -> schemars::Schema {
    // An output's schema describes what is written; the scenario's, what is read.
    let settings = schemars::generate::SchemaSettings::draft07();
    let generator = match of {
        SchemaOf::Scenario | SchemaOf::CardText => settings.into_generator(),
        _ => settings.for_serialize().into_generator(),
    };
    match of {
        SchemaOf::Scenario => crate::scenario::schema(crate::procedures::format()),
        SchemaOf::Walk => generator.into_root_schema_for::<WalkOutput>(),
        SchemaOf::Check => generator.into_root_schema_for::<CheckOutput>(),
        SchemaOf::Odds => generator.into_root_schema_for::<super::odds::OddsJson>(),
        SchemaOf::Rules => generator.into_root_schema_for::<RulesOutput>(),
        SchemaOf::Cards => generator.into_root_schema_for::<CardsOutput>(),
        SchemaOf::CardText => generator.into_root_schema_for::<crate::cards::card_text::TextFile>(),
    }
}
