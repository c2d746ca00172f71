//! The card model: a card's name, type, side, printing and stats, each fact with where it comes from.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::game::{CardType, Side};

/// Which game a card belongs to.
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
pub enum Game {
    YoungJedi,
    Clash,
}

impl Game {
    /// Every game with the word the command line and the rule corpus name it by.
    pub const NAMED: [(&'static str, Game); 2] =
        [("young-jedi", Game::YoungJedi), ("clash", Game::Clash)];

    /// The game a word names (`young-jedi`, `clash`).
    pub fn named(word: &str) -> Option<Game> {
        Game::NAMED
            .iter()
            .find(|(name, _)| *name == word)
            .map(|(_, game)| *game)
    }

    /// The word that names the game (`young-jedi`, `clash`).
    pub fn word(self) -> &'static str {
        Game::NAMED
            .iter()
            .find(|(_, game)| *game == self)
            .map_or("young-jedi", |(name, _)| *name)
    }
}

/// What `cards search` reads of a card, normalised, each part's words parted by spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchTexts<S> {
    /// Its full name: `title subtitle`.
    pub name: S,
    /// Its aliases, its type and its side.
    pub also: S,
    /// Its notes.
    pub notes: S,
}

impl SearchTexts<String> {
    /// The texts borrowed.
    pub fn as_str(&self) -> SearchTexts<&str> {
        SearchTexts {
            name: &self.name,
            also: &self.also,
            notes: &self.notes,
        }
    }
}

/// A text of the catalog: borrowed from the program where the build wrote it, owned where a
/// scenario or an assembly made it.
pub type Text = Cow<'static, str>;

/// Where a fact about a card comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "from", content = "detail")]
pub enum Source {
    /// An item of the rule corpus.
    Rule(Cow<'static, str>),
    /// Outside the rule documents (for example Decipher's card pages); the text says what.
    Outside(Cow<'static, str>),
    /// Declared by a scenario.
    Scenario,
}

impl Source {
    /// Who gave a fact, in a sentence: `the rules (ID)`, the outside source's description,
    /// `the scenario`.
    pub fn described(&self) -> String {
        match self {
            Source::Rule(id) => format!("the rules ({id})"),
            Source::Outside(place) => place.to_string(),
            Source::Scenario => "the scenario".to_string(),
        }
    }

    pub fn rule_id(&self) -> Option<&str> {
        match self {
            Source::Rule(id) => Some(id),
            _ => None,
        }
    }
}

/// The converter's note on a transcription row whose text columns hold junk (a URL, "heroku"):
/// a sign the row is not to be trusted.
pub const JUNK_TEXT_NOTE: &str =
    "the transcription's text columns hold junk for this card; nothing is taken from them";

/// What a note says where the catalog keeps its reading over another source's.
const KEEPS: &str = "; the catalog keeps ";
/// What a note says where the catalog takes the second source's reading over a row of the
/// transcription that is not to be trusted.
const TAKES: &str = ": the catalog takes the second source's ";

/// The note kept where a source reads a fact otherwise than the catalog: what, both
/// readings, and where the kept one comes from (and why it is kept, where that says more).
pub fn disagreement(
    what: &str,
    reading: &str,
    given: &dyn fmt::Display,
    known: &dyn fmt::Display,
    kept_from: &str,
) -> String {
    format!("{what}: {reading} says {given}{KEEPS}{known}, from {kept_from}")
}

/// The note kept where the catalog takes the second source's reading of a fact over a row of
/// the transcription that is not to be trusted, and why.
pub fn overruled(what: &str, given: &str, known: &str, row: &str, why: &str) -> String {
    format!("{what}{TAKES}{given} over {known} from {row}, a row not to be trusted: {why}")
}

/// Whether a note records a disagreement between sources ([`disagreement`] or
/// [`overruled`]), and whether the catalog took the second source's reading.
pub fn disagreement_kind(note: &str) -> Option<Disagreement> {
    if note.contains(TAKES) {
        Some(Disagreement::Overruled)
    } else if note.contains(KEEPS) {
        Some(Disagreement::Kept)
    } else {
        None
    }
}

/// What the catalog did where its sources disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Disagreement {
    /// It kept its reading (the rule documents', or the transcription's) and notes the other.
    Kept,
    /// It took the second source's reading over a transcription row not to be trusted.
    Overruled,
}

/// A fact with its source and an optional note.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Fact<T> {
    pub value: T,
    pub source: Source,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl<T> Fact<T> {
    pub fn new(value: T, source: Source) -> Self {
        Fact {
            value,
            source,
            note: None,
        }
    }
}

/// A printed number such as DAMAGE or deploy counters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum StatValue {
    Number(i32),
    /// The card has no such number (an Objective has no destiny number).
    None,
    /// A printed symbol rather than a number (Anakin's power "?").
    Symbol(String),
}

impl StatValue {
    /// The number, if it is one.
    pub fn number(&self) -> Option<i32> {
        match self {
            StatValue::Number(number) => Some(*number),
            _ => None,
        }
    }
}

impl fmt::Display for StatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatValue::Number(number) => write!(f, "{number}"),
            StatValue::None => f.write_str("none"),
            StatValue::Symbol(symbol) => f.write_str(symbol),
        }
    }
}

/// The printed numbers of a card; `None` means the sources do not give it (unknown, not zero).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Stats {
    pub power: Option<Fact<StatValue>>,
    pub damage: Option<Fact<StatValue>>,
    pub destiny: Option<Fact<StatValue>>,
    pub deploy: Option<Fact<StatValue>>,
    /// Clash of the Lightsabers: the Attack Value.
    pub attack: Option<Fact<StatValue>>,
}

impl Stats {
    /// The stats by name, in display order.
    pub fn named(&self) -> [(&'static str, &Option<Fact<StatValue>>); 5] {
        [
            ("power", &self.power),
            ("DAMAGE", &self.damage),
            ("destiny", &self.destiny),
            ("deploy counters", &self.deploy),
            ("Attack Value", &self.attack),
        ]
    }
}

/// A card's set and collector number.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Printing {
    pub set: Text,
    /// As printed: `31`, `P2`.
    pub number: Text,
    /// A reprint that keeps the collector number of the set it reprints (Reflections): that
    /// set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numbered_as: Option<Text>,
}

impl Printing {
    /// A printing with its own set's number.
    pub fn new(set: impl Into<Text>, number: impl Into<Text>) -> Printing {
        Printing {
            set: set.into(),
            number: number.into(),
            numbered_as: None,
        }
    }
}

impl fmt::Display for Printing {
    /// `Battle of Naboo #4`; a reprint with another set's number, `Reflections (Battle of
    /// Naboo #4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.numbered_as {
            Some(original) => write!(f, "{} ({original} #{})", self.set, self.number),
            None => write!(f, "{} #{}", self.set, self.number),
        }
    }
}

/// The traits that a rule derives from a card, or that a source or scenario states directly.
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
pub enum TraitKind {
    Jedi,
    Senator,
    Gungan,
    Neimoidian,
    Sith,
    PodracerPilot,
    DuelingCharacter,
    Lightsaber,
    PodracerWeapon,
    Handling,
    Unique,
    Stackable,
    Starfighter,
    Transport,
}

impl TraitKind {
    /// Every trait, in the order `cards show` lists them.
    pub const ALL: [TraitKind; 14] = [
        TraitKind::Jedi,
        TraitKind::Senator,
        TraitKind::Gungan,
        TraitKind::Neimoidian,
        TraitKind::Sith,
        TraitKind::PodracerPilot,
        TraitKind::DuelingCharacter,
        TraitKind::Lightsaber,
        TraitKind::PodracerWeapon,
        TraitKind::Handling,
        TraitKind::Unique,
        TraitKind::Stackable,
        TraitKind::Starfighter,
        TraitKind::Transport,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TraitKind::Jedi => "Jedi",
            TraitKind::Senator => "senator",
            TraitKind::Gungan => "Gungan",
            TraitKind::Neimoidian => "Neimoidian",
            TraitKind::Sith => "Sith",
            TraitKind::PodracerPilot => "Podracer pilot",
            TraitKind::DuelingCharacter => "dueling character",
            TraitKind::Lightsaber => "lightsaber",
            TraitKind::PodracerWeapon => "Podracer weapon",
            TraitKind::Handling => "handling",
            TraitKind::Unique => "unique",
            TraitKind::Stackable => "stackable",
            TraitKind::Starfighter => "starfighter",
            TraitKind::Transport => "transport",
        }
    }
}

/// Clash of the Lightsabers facts: which deck, how many copies.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct ClashFacts {
    /// `both`, `qui-gon` or `darth-maul`.
    pub deck: String,
    pub count: u16,
    /// The name of the same card in the other deck, if it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterpart: Option<String>,
}

/// A Battle card's text for duels, as a small vocabulary a scenario attaches to a card. Each applies
/// when the card scores a hit for a character using a lightsaber.
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
pub enum DuelingEffect {
    /// One extra hit.
    ExtraHit,
    /// Remove one hit from your own character.
    RemoveHit,
    /// You may discard this card for this attack to do two extra hits.
    DiscardForTwoExtraHits,
    /// Draw one card for your dueling hand.
    DrawOne,
    /// You may discard this card to draw two cards for your dueling hand.
    DiscardToDrawTwo,
}

impl DuelingEffect {
    pub fn label(self) -> &'static str {
        match self {
            DuelingEffect::ExtraHit => "one extra hit",
            DuelingEffect::RemoveHit => "remove one hit from your character",
            DuelingEffect::DiscardForTwoExtraHits => {
                "discard this card for this attack to do two extra hits"
            }
            DuelingEffect::DrawOne => "draw one card for your dueling hand",
            DuelingEffect::DiscardToDrawTwo => {
                "discard this card to draw two cards for your dueling hand"
            }
        }
    }

    /// Whether the player chooses to use it (the card says "may" or costs the card).
    pub fn optional(self) -> bool {
        matches!(
            self,
            DuelingEffect::DiscardForTwoExtraHits | DuelingEffect::DiscardToDrawTwo
        )
    }
}

/// Whose characters a damage modifier applies to.
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
pub enum ModifierTarget {
    /// The characters of the card's owner.
    Own,
    /// The characters of the owner's opponent.
    Opponent,
    /// Either side's: the text names kinds of card, not whose they are (Uh-Oh!'s battle
    /// droids).
    Any,
}

/// Which defeated cards a damage modifier applies to.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
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
pub enum ModifiedCards {
    /// Defeated characters (in a duel or a battle).
    #[default]
    Characters,
    /// Defeated starships of any kind.
    Starships,
    /// Defeated transports.
    Transports,
    /// Defeated starfighters.
    Starfighters,
}

impl ModifiedCards {
    pub fn label(self) -> &'static str {
        match self {
            ModifiedCards::Characters => "character",
            ModifiedCards::Starships => "starship",
            ModifiedCards::Transports => "transport",
            ModifiedCards::Starfighters => "starfighter",
        }
    }
}

/// Game text that adds to or reduces the damage taken for a defeated card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageModifier {
    /// Added to the damage (negative to reduce it).
    pub amount: i32,
    /// Whose defeated cards it applies to.
    pub applies_to: ModifierTarget,
    /// Which defeated cards: characters (the default), starships, transports, starfighters.
    #[serde(default, skip_serializing_if = "is_default")]
    pub of: ModifiedCards,
    /// Only while the card with the text is in play at the current planet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_current_planet: bool,
    /// Only the defeated cards of these kinds or names (`any battle droid`, `Boss Nass`);
    /// every card of `of` where empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<super::card_text::BattleUser>,
    /// Only the card with the text itself, when it is defeated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_card: bool,
    /// Only the cards the card with the text defeats in a fight or a duel.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defeated_by_it: bool,
    /// Only while the defeated card was using this weapon in its fight (a name, or `any
    /// KIND`); a weapon a Force push cancelled is not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub while_using: Option<String>,
}

/// An Effect's power bonus to its player's characters at its planet: those of these kinds or
/// names (`any Gungan`, `Captain Panaka`), and only while using a weapon of a kind where it
/// says (`any fambaa`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Aura {
    /// The power added to each.
    pub amount: i32,
    /// The characters it is added to.
    pub to: Vec<super::card_text::BattleUser>,
    /// The weapon each must be using: `any fambaa`, or a card's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub using: Option<String>,
    /// Only during its player's turn, or only during his opponent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub during: Option<WhoseTurn>,
    /// A character's: only in fights at the planet where it is ("here").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub here: bool,
    /// A character's: only in a duel.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_duel: bool,
    /// A character's: only while its player evacuates the planet where it is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub evacuating: bool,
}

/// Whose turn a text holds in: its player's, or his opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WhoseTurn {
    /// Its player's turn.
    YourTurn,
    /// His opponent's turn.
    OpponentsTurn,
}

/// An Effect's deploy cost: its player's cards of these kinds or names deploy to its planet for
/// so many counters (0: for free).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployCost {
    /// The cards: `Multi Troop Transport`.
    pub of: Vec<super::card_text::BattleUser>,
    /// What each costs.
    pub counters: u8,
}

/// An Effect that acts when another card deploys: when one of its player's cards of these kinds
/// or names deploys to its planet, he may discard the Effect from play to deploy a card from
/// his draw deck.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployTrigger {
    /// The cards whose deploy lets it act: `any Jedi`, `Darth Maul`.
    pub when: Vec<super::card_text::BattleUser>,
    /// What it deploys from the draw deck, as deploy-from-deck text names it: a word of a card's
    /// title (`lightsaber`).
    pub fetch: String,
}

/// Text that acts as a card deploys, beside any search of the draw deck: its player draws
/// cards, or his opponent takes DAMAGE. It acts when the card itself deploys (to the planet
/// `to`, where it names one), or, where `when` names cards, when one of those of its player's
/// deploys to the planet where it is.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct OnDeploy {
    /// Only when it deploys to this planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The cards whose deploy to its planet sets it off, where not its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<super::card_text::BattleUser>,
    /// Cards its player draws.
    #[serde(default, skip_serializing_if = "is_default")]
    pub draw: u8,
    /// Whether he may decline the draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may: bool,
    /// DAMAGE his opponent takes.
    #[serde(default, skip_serializing_if = "is_default")]
    pub opponent_damage: u8,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Text that, as its card deploys, lets its player put one card of a kind from his draw deck
/// into play there: what may be fetched, where the text works, and what it costs; or that
/// takes it into his hand (`into_hand`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployFetch {
    /// The card that may be deployed: a card title (`Captain Panaka's Blaster`), a word a
    /// card's title or subtitle holds (`battle droid`, `Neimoidian`), or a card type with
    /// `card` (`Battle card`).
    pub card: String,
    /// Only when the card with the text deploys to this planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The deploy counters the fetched card costs, if the text says (0: "for free"); left
    /// out, its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<i32>,
    /// The card is taken into the hand, not deployed: it costs no counters.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub into_hand: bool,
    /// Other words the card may be named by instead, as `card` is (`singer`, `dancer`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub or: Vec<String>,
    /// An icon the card must print (`diamond`): a card whose icons no source gives is not
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

impl DeployFetch {
    /// What may be fetched, in words: `musician, singer or dancer`.
    pub fn wanted(&self) -> String {
        let words = match self.or.split_last() {
            None => self.card.clone(),
            Some((last, [])) => format!("{} or {last}", self.card),
            Some((last, rest)) => format!("{}, {} or {last}", self.card, rest.join(", ")),
        };
        match &self.icon {
            Some(icon) => format!("[{icon}] {words}"),
            None => words,
        }
    }

    /// The text in a short phrase: `when deployed to Coruscant: may deploy one senator from the
    /// draw deck`.
    pub fn phrase(&self) -> String {
        let to = self
            .to
            .as_ref()
            .map(|planet| format!("when deployed to {planet}"))
            .unwrap_or_else(|| "when deployed".to_string());
        if self.into_hand {
            return format!(
                "{to}: may take one {} from the draw deck into hand",
                self.wanted()
            );
        }
        let cost = match self.counters {
            Some(0) => " for free".to_string(),
            Some(counters) => format!(" for {counters} counters"),
            None => String::new(),
        };
        format!(
            "{to}: may deploy one {} from the draw deck{cost}",
            self.wanted()
        )
    }
}

/// Game text about the Podrace, on a pilot or on a card that helps him.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct PodraceText {
    /// Extra Thrust tokens the pilot gets as he deploys to Boonta Eve Classic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust_on_deploy: Option<u8>,
    /// A handling number N its player's Podracer pilot at Boonta Eve Classic may use, while
    /// the card is in play face up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handling: Option<u8>,
}

impl PodraceText {
    /// The text in short phrases.
    pub fn phrases(&self) -> Vec<String> {
        let mut phrases = Vec::new();
        if let Some(extra) = self.thrust_on_deploy {
            phrases.push(format!(
                "when deployed to the Objective: {} extra Thrust token{}",
                extra,
                if extra == 1 { "" } else { "s" }
            ));
        }
        if let Some(number) = self.handling {
            phrases.push(format!(
                "your Podracer pilot at the Objective may use {number} as a handling number"
            ));
        }
        phrases
    }
}

/// A Battle card's text about the destiny numbers drawn in the fight it works in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DestinyText {
    /// The user's DAMAGE number may stand in for one of his side's destiny numbers.
    DamageForDestiny,
    /// One of his side's destiny numbers below one of the opponent's: the two are switched.
    SwitchLower,
    /// The user's destiny below his opponent's: he gains the difference as power.
    GainDifference,
}

impl DestinyText {
    /// What the text does, as `cards show` and the walk word it.
    pub fn label(self) -> &'static str {
        match self {
            DestinyText::DamageForDestiny => {
                "its user's DAMAGE may stand in for one of his destiny numbers"
            }
            DestinyText::SwitchLower => {
                "a destiny number of his below one of the opponent's: the two are switched"
            }
            DestinyText::GainDifference => {
                "its user's destiny below his opponent's: he gains the difference as power"
            }
        }
    }
}

/// A Battle card's text about the DAMAGE its fight costs: the opponent takes more if its
/// side wins, its own side if it loses. Each from 0 to 255.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct FightResult {
    /// Extra DAMAGE the opponent takes if the user wins the fight.
    #[serde(default)]
    pub win_damage: u8,
    /// Extra DAMAGE the user's side takes if he loses it.
    #[serde(default)]
    pub loss_damage: u8,
}

/// Battle card text the battle procedure models.
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
pub enum BattleEffect {
    /// A "Force push": the opposing weapon in the fight may not be used, and is not lost.
    ForcePush,
    /// Two of the player's cards in the fight "fight together": their totals add.
    FightTogether,
}

impl BattleEffect {
    pub fn label(self) -> &'static str {
        match self {
            BattleEffect::ForcePush => "Force push",
            BattleEffect::FightTogether => "fight together",
        }
    }
}

/// A character's own text about the duel it fights (not a Battle card's text for duels):
/// what his player may do, and what happens to the cards that hit him.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct DuelistText {
    /// Cards his player draws (1 to 9) as he first passes in a duel, under the Players
    /// Committee's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_pass_draws: Option<u8>,
    /// He may not pass: while he duels, his player attacks at every turn to lead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_not_pass: bool,
    /// The text for duels of the cards that hit him is negated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub negates_dueling_text: bool,
}

impl DuelistText {
    /// The text in short phrases.
    pub fn phrases(&self) -> Vec<String> {
        let mut phrases = Vec::new();
        if let Some(draws) = self.first_pass_draws {
            phrases.push(format!(
                "in a duel: his first pass draws {draws} card{}",
                if draws == 1 { "" } else { "s" }
            ));
        }
        if self.may_not_pass {
            phrases.push("in a duel: his player may not pass".to_string());
        }
        if self.negates_dueling_text {
            phrases.push("in a duel: dueling cards that hit him have no dueling text".to_string());
        }
        phrases
    }
}

/// The name of a card known only by its destiny number, `a card with destiny 4`: borrowed
/// for a destiny number (0 to 9), which a duel names at every attack.
pub fn anonymous_name(destiny: i32) -> Cow<'static, str> {
    const NAMES: [&str; 10] = [
        "a card with destiny 0",
        "a card with destiny 1",
        "a card with destiny 2",
        "a card with destiny 3",
        "a card with destiny 4",
        "a card with destiny 5",
        "a card with destiny 6",
        "a card with destiny 7",
        "a card with destiny 8",
        "a card with destiny 9",
    ];
    usize::try_from(destiny)
        .ok()
        .and_then(|at| NAMES.get(at))
        .map_or_else(
            || Cow::Owned(format!("a card with destiny {destiny}")),
            |name| Cow::Borrowed(*name),
        )
}

/// A trait a condition of a power bonus can ask of a card in a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ConditionTrait {
    Jedi,
    DuelingCharacter,
    Lightsaber,
    // Any weapon: a card of the Weapon type.
    Weapon,
}

/// When a power bonus of game text holds: a situation over the board and the procedure.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// His dueling opponent has the trait (a Jedi).
    DuelingA(ConditionTrait),
    /// His dueling opponent is this card (by name: `Darth Maul`).
    DuelingNamed(String),
    /// A card he fights, in a duel or a battle's fight, has the trait (a Jedi).
    FightingA(ConditionTrait),
    /// A card he fights, in a duel or a battle's fight, is this card (by name).
    FightingNamed(String),
    /// The weapon he uses has the trait (a lightsaber).
    UsingA(ConditionTrait),
    /// He is using this weapon (by name).
    UsingNamed(String),
    /// A card of his player's so named (Darth Maul) has fought this turn, marked
    /// `fought_this_turn` in the position.
    Fought(String),
    /// His player has controlled the planet (Coruscant), as the position's `controlled:`
    /// says.
    Controlled(String),
    /// The opponent controls a planet this player did not hand him by surrendering it: one
    /// under the opponent's `controlled:` that this player's `surrendered:` does not list.
    OpponentControlsUnsurrendered,
    /// Its player shows the opponent every card in his hand.
    ShowsHand,
    /// A card he fights, in a duel or a battle's fight, is one of these kinds or names
    /// (`any handmaiden`).
    FightingOneOf(Vec<super::card_text::BattleUser>),
    /// A card of one of these kinds or names, of either player, has fought this turn, marked
    /// `fought_this_turn` in the position: text that does not say whose (`Darth Maul or Darth
    /// Sidious`, `Queen Amidala or any handmaiden`).
    FoughtOneOf(Vec<super::card_text::BattleUser>),
    /// His opponent has controlled a planet, as the opponent's `controlled:` says.
    OpponentHasControlled,
    /// He fights with this Battle card working for him (by name), or fights the next fight in
    /// place because its text sent him there.
    UsingBattleCard(String),
    /// The fight is at this planet (`Naboo`).
    FightingAt(String),
    /// His player is evacuating one of these cards (by name) in this battle.
    Evacuating(Vec<super::card_text::BattleUser>),
}

impl ConditionTrait {
    /// The trait in words: `a Jedi`.
    pub fn words(self) -> &'static str {
        match self {
            ConditionTrait::Jedi => "a Jedi",
            ConditionTrait::DuelingCharacter => "a dueling character",
            ConditionTrait::Lightsaber => "a lightsaber",
            ConditionTrait::Weapon => "a weapon",
        }
    }
}

impl Condition {
    /// The condition as the text says it: `when dueling a Jedi`, `if Darth Maul has fought
    /// this turn`.
    pub fn phrase(&self) -> String {
        match self {
            Condition::DuelingA(wanted) => format!("when dueling {}", wanted.words()),
            Condition::DuelingNamed(name) => format!("when dueling {name}"),
            Condition::FightingA(wanted) => format!("when fighting {}", wanted.words()),
            Condition::FightingNamed(name) => format!("when fighting {name}"),
            Condition::UsingA(wanted) => format!("when using {}", wanted.words()),
            Condition::UsingNamed(name) => format!("when using {name}"),
            Condition::Fought(name) => format!("if {name} has fought this turn"),
            Condition::Controlled(planet) => format!("when he has controlled {planet}"),
            Condition::ShowsHand => {
                "if its player shows the opponent every card in his hand".to_string()
            }
            Condition::OpponentControlsUnsurrendered => {
                "while the opponent controls a planet that was not surrendered to him".to_string()
            }
            Condition::FightingOneOf(kinds) => format!(
                "when fighting {}",
                super::card_text::battle_users_words(kinds)
            ),
            Condition::FoughtOneOf(kinds) => format!(
                "if {} has fought this turn",
                super::card_text::battle_users_words(kinds)
            ),
            Condition::OpponentHasControlled => {
                "when his opponent has controlled a planet".to_string()
            }
            Condition::UsingBattleCard(name) => format!("when using {name}"),
            Condition::FightingAt(planet) => format!("when fighting at {planet}"),
            Condition::Evacuating(cards) => format!(
                "only if its player is evacuating {}",
                super::card_text::battle_users_words(cards)
            ),
        }
    }
}

/// A power bonus of game text that holds only when its condition does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalBonus {
    pub amount: i32,
    pub when: Condition,
}

/// Game text a scenario declares for the procedures: who can use a weapon, power bonuses,
/// dueling text, damage modifiers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct GameText {
    /// Power bonuses of a character on a planet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub location_bonus: Vec<(String, i32)>,
    /// Another game-text power bonus that applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_bonus: Option<i32>,
    /// Game-text power bonuses that hold only in a situation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conditional_bonuses: Vec<ConditionalBonus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dueling: Option<DuelingEffect>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_modifier: Option<DamageModifier>,
    /// A Battle card's text in a fight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleEffect>,
    /// Destiny draws a starfighter (or, for a weapon, its first box) gives in a fight, as
    /// a scenario declares them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destiny_draws: Option<i32>,
    /// A card his deploy lets his player put into play from his draw deck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_fetch: Option<DeployFetch>,
    /// Podrace text: extra Thrust tokens, a handling number lent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub podrace: Option<PodraceText>,
    /// A character's own text about the duel he fights.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duelist: Option<DuelistText>,
    /// Who may use a Battle card: any one of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle_users: Option<Vec<super::card_text::BattleUser>>,
    /// A Battle card's power bonus counts only when one of these holds (always, for none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub battle_bonus_if: Vec<Condition>,
    /// How many cards a Battle card that lets them fight together lets fight together (two
    /// where nothing says).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub together_count: Option<u8>,
    /// The cards a Battle card lets fight together must be of one stack (versions of one
    /// character: one title).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub together_same_stack: bool,
    /// Who fights with whom where a Battle card names it: the cards fighting together are one
    /// of these groups, one card for each user.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub together_groups: Vec<Vec<super::card_text::BattleUser>>,
    /// The two weapons a Battle card lets its user fight with, drawing destiny for both, as
    /// its text names them (`any speeder`, `any Naboo Blaster`); empty for one weapon.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub two_weapons: Vec<String>,
    /// If a Battle card's user defeats a character of this kind in its fight (`any [diamond]
    /// character`), he fights the next fight with the same weapon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_fight_same_weapon: Option<super::card_text::BattleUser>,
    /// One of a fight-together Battle card's users may use it on his own; else the card is
    /// for them together.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub together_alone: bool,
    /// A Force push works only while its user fights without a weapon.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub push_while_unarmed: bool,
    /// A Battle card's users may not use weapons in the fight.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_weapons: bool,
    /// Where a Battle card's users fight together and lose, only those of them this names are
    /// defeated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_defeated: Option<super::card_text::BattleUser>,
    /// A Battle card's users, if defeated, go back to their owner's hand, and no DAMAGE is
    /// taken for them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub defeated_to_hand: bool,
    /// If a Battle card's user is the last card of his side's plan, that side loses nothing
    /// to breakthrough in the battle.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub keep_breakthrough: bool,
    /// A Battle card's text about the destiny numbers of its fight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destiny_text: Option<DestinyText>,
    /// A Battle card's extra DAMAGE for the fight's loser.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fight_result: Option<FightResult>,
    /// An Effect's power bonus to its player's characters at its planet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aura: Option<Aura>,
    /// An Effect's: characters of these kinds or names at its planet may not use weapons.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weapons_barred: Vec<super::card_text::BattleUser>,
    /// An Effect's: what some of its player's cards cost to deploy to its planet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_cost: Option<DeployCost>,
    /// A card's own: it deploys for so many counters to a planet where one of its player's
    /// cards of these names is in play (present, or the stack it joins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_cost_with: Option<DeployCost>,
    /// Kinds of character it counts as, [diamond] icon and all, for its player's cards
    /// (`Royal Guard`): who may use a Battle card or weapon, whom a text names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counts_as: Vec<String>,
    /// A character's power bonus to others of its player's cards, wherever it is in play (or
    /// where its conditions say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carried_aura: Option<Aura>,
    /// A card's text as it, or a card it names, deploys: cards drawn, or DAMAGE to the
    /// opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_deploy: Option<OnDeploy>,
    /// Weapons it may use besides those whose boxes name it, by title (`Sith Lightsaber`): it
    /// uses a weapon's first box.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub may_use: Vec<String>,
    /// An Effect's: a card it deploys from the draw deck when another card deploys.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_trigger: Option<DeployTrigger>,
    /// An Effect's: the deploy counters its player has in each of his Deploy steps while it is
    /// in play, instead of six.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters_allowance: Option<u8>,
    /// An Effect's: the deploy counters its player may have in a Deploy step if he discards a
    /// card from his hand, a choice no walk offers: `check` reads it, a walk does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters_on_discard: Option<u8>,
}

impl GameText {
    pub fn is_empty(&self) -> bool {
        *self == GameText::default()
    }

    /// Takes the text an Effect acts by while in play (its power bonus to others, DAMAGE
    /// modifier, barred weapons, deploy cost and deploy trigger), as a Double Impact card's
    /// Effect half gives it beside the Battle half it is played as.
    pub fn take_in_play_text(&mut self, effect: &GameText) {
        if effect.aura.is_some() {
            self.aura.clone_from(&effect.aura);
        }
        if effect.damage_modifier.is_some() {
            self.damage_modifier.clone_from(&effect.damage_modifier);
        }
        if !effect.weapons_barred.is_empty() {
            self.weapons_barred.clone_from(&effect.weapons_barred);
        }
        if effect.deploy_cost.is_some() {
            self.deploy_cost.clone_from(&effect.deploy_cost);
        }
        if effect.deploy_trigger.is_some() {
            self.deploy_trigger.clone_from(&effect.deploy_trigger);
        }
        if effect.counters_allowance.is_some() {
            self.counters_allowance = effect.counters_allowance;
        }
        if effect.counters_on_discard.is_some() {
            self.counters_on_discard = effect.counters_on_discard;
        }
    }

    /// What the text does, a short phrase for each effect, in a fixed order.
    pub fn phrases(&self) -> Vec<String> {
        let mut phrases = Vec::new();
        for (planet, bonus) in &self.location_bonus {
            phrases.push(format!("+{bonus} on {planet}"));
        }
        for bonus in &self.conditional_bonuses {
            phrases.push(format!("{:+} power {}", bonus.amount, bonus.when.phrase()));
        }
        if let Some(effect) = self.dueling {
            phrases.push(format!("when dueling: {}", effect.label()));
        }
        if let Some(modifier) = &self.damage_modifier {
            let words = super::card_text::battle_users_words;
            let using = modifier
                .while_using
                .as_ref()
                .map(|weapon| format!(" while using {weapon}"))
                .unwrap_or_default();
            match modifier.of {
                ModifiedCards::Characters if modifier.own_card => phrases.push(format!(
                    "damage modifier {:+} for itself{using}",
                    modifier.amount
                )),
                ModifiedCards::Characters if modifier.defeated_by_it => phrases.push(format!(
                    "damage modifier {:+} for each character it defeats",
                    modifier.amount
                )),
                ModifiedCards::Characters if modifier.only.is_empty() => {
                    phrases.push(format!("damage modifier {:+}", modifier.amount))
                }
                ModifiedCards::Characters => phrases.push(format!(
                    "damage modifier {:+} for {} who are {}",
                    modifier.amount,
                    match modifier.applies_to {
                        ModifierTarget::Own => "its player's characters",
                        ModifierTarget::Opponent => "the opponent's characters",
                        ModifierTarget::Any => "either side's characters",
                    },
                    words(&modifier.only)
                )),
                of => phrases.push(format!(
                    "damage modifier {:+} ({}s)",
                    modifier.amount,
                    of.label()
                )),
            }
        }
        if let Some(aura) = &self.aura {
            let using = aura
                .using
                .as_ref()
                .map(|weapon| format!(" using {weapon}"))
                .unwrap_or_default();
            let during = match aura.during {
                Some(WhoseTurn::YourTurn) => " during its player's turn",
                Some(WhoseTurn::OpponentsTurn) => " during his opponent's turn",
                None => "",
            };
            phrases.push(format!(
                "at its planet, its player's characters who are {}{using} get {:+} power{during}",
                super::card_text::battle_users_words(&aura.to),
                aura.amount,
            ));
        }
        if !self.weapons_barred.is_empty() {
            phrases.push(format!(
                "at its planet, characters who are {} may not use weapons",
                super::card_text::battle_users_words(&self.weapons_barred)
            ));
        }
        if let Some(cost) = &self.deploy_cost {
            let price = match cost.counters {
                0 => "for free".to_string(),
                1 => "for 1 counter".to_string(),
                counters => format!("for {counters} counters"),
            };
            phrases.push(format!(
                "at its planet, its player's cards that are {} deploy {price}",
                super::card_text::battle_users_words(&cost.of)
            ));
        }
        if !self.counts_as.is_empty() {
            let kinds: Vec<String> = self
                .counts_as
                .iter()
                .map(|kind| format!("a [diamond] {kind}"))
                .collect();
            phrases.push(format!(
                "counts as {} for its player's cards",
                kinds.join(", ")
            ));
        }
        if let Some(aura) = &self.carried_aura {
            let mut only = Vec::new();
            if aura.in_duel {
                only.push("in a duel");
            }
            if aura.here {
                only.push("at its planet");
            }
            if aura.evacuating {
                only.push("while its player evacuates its planet");
            }
            phrases.push(format!(
                "{:+} power to its player's cards of these kinds or names: {}{}",
                aura.amount,
                super::card_text::battle_users_words(&aura.to),
                if only.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", only.join(", "))
                }
            ));
        }
        if let Some(on) = &self.on_deploy {
            let when = if on.when.is_empty() {
                match &on.to {
                    Some(planet) => format!("when deployed to {planet}"),
                    None => "when deployed".to_string(),
                }
            } else {
                format!(
                    "when its player's {} deploys to its planet",
                    super::card_text::battle_users_words(&on.when)
                )
            };
            let mut what = Vec::new();
            if on.draw > 0 {
                what.push(format!(
                    "{} {} card{}",
                    if on.may { "may draw" } else { "draws" },
                    on.draw,
                    if on.draw == 1 { "" } else { "s" }
                ));
            }
            if on.opponent_damage > 0 {
                what.push(format!("the opponent takes {} DAMAGE", on.opponent_damage));
            }
            phrases.push(format!("{when}: {}", what.join(", and ")));
        }
        if !self.may_use.is_empty() {
            phrases.push(format!("may use any {}", self.may_use.join(" or any ")));
        }
        if let Some(cost) = &self.deploy_cost_with {
            phrases.push(format!(
                "deploys for {} to a planet where its player has {} in play",
                match cost.counters {
                    1 => "1 counter".to_string(),
                    counters => format!("{counters} counters"),
                },
                super::card_text::battle_users_words(&cost.of)
            ));
        }
        if let Some(counters) = self.counters_allowance {
            phrases.push(format!(
                "while it is in play, its player has {counters} deploy counters in each of his Deploy steps"
            ));
        }
        if let Some(counters) = self.counters_on_discard {
            phrases.push(format!(
                "its player may have {counters} deploy counters in a Deploy step if he discards a card from his hand (check reads it; no walk offers the discard)"
            ));
        }
        if let Some(trigger) = &self.deploy_trigger {
            phrases.push(format!(
                "when its player's card that is {} deploys to its planet, giving it up fetches a {} out of the draw deck",
                super::card_text::battle_users_words(&trigger.when),
                trigger.fetch
            ));
        }
        if let Some(users) = &self.battle_users {
            phrases.push(format!(
                "used only by {}",
                super::card_text::battle_users_words(users)
            ));
        }
        if let Some(effect) = self.battle {
            match (effect, self.together_count) {
                (BattleEffect::FightTogether, Some(count)) if count != 2 => {
                    phrases.push(format!("in a fight: {count} cards fight together"));
                }
                _ => phrases.push(format!("in a fight: {}", effect.label())),
            }
        }
        if !self.battle_bonus_if.is_empty() {
            let whens: Vec<String> = self.battle_bonus_if.iter().map(Condition::phrase).collect();
            phrases.push(format!(
                "its power bonus counts only {}",
                whens.join(" or ")
            ));
        }
        if self.no_weapons {
            phrases.push("its users may not use weapons in the fight".to_string());
        }
        if self.push_while_unarmed {
            phrases.push("the push works only while its user fights without a weapon".to_string());
        }
        if !self.together_groups.is_empty() {
            let groups: Vec<String> = self
                .together_groups
                .iter()
                .map(|group| {
                    let users: Vec<String> = group
                        .iter()
                        .map(|user| {
                            super::card_text::battle_users_words(std::slice::from_ref(user))
                        })
                        .collect();
                    users.join(" with ")
                })
                .collect();
            phrases.push(format!("who fights together: {}", groups.join("; or ")));
        }
        if let Some(defeated) = &self.next_fight_same_weapon {
            phrases.push(format!(
                "if its user defeats {}, he fights the next fight with the same weapon",
                super::card_text::battle_users_words(std::slice::from_ref(defeated))
            ));
        }
        if !self.two_weapons.is_empty() {
            phrases.push(format!(
                "its user may fight with two weapons, {}, and draws destiny for both",
                self.two_weapons.join(" and ")
            ));
        }
        if self.together_same_stack {
            phrases.push("the cards fighting together are of one stack".to_string());
        }
        if let Some(only) = &self.only_defeated {
            phrases.push(format!(
                "if they lose, only the one of them who is {} is defeated",
                super::card_text::battle_users_words(std::slice::from_ref(only))
            ));
        }
        if self.defeated_to_hand {
            phrases.push(
                "a defeated user goes back to his owner's hand, with no DAMAGE for him".to_string(),
            );
        }
        if self.keep_breakthrough {
            phrases.push(
                "if its user is the last card of the plan, no cards are lost to breakthrough"
                    .to_string(),
            );
        }
        if let Some(destiny) = self.destiny_text {
            phrases.push(destiny.label().to_string());
        }
        if let Some(result) = self.fight_result {
            if result.win_damage > 0 {
                phrases.push(format!(
                    "if its user wins the fight, the opponent takes {} extra DAMAGE",
                    result.win_damage
                ));
            }
            if result.loss_damage > 0 {
                phrases.push(format!(
                    "if its user loses the fight, his side takes {} extra DAMAGE",
                    result.loss_damage
                ));
            }
        }
        if let Some(fetch) = &self.deploy_fetch {
            phrases.push(fetch.phrase());
        }
        if let Some(podrace) = &self.podrace {
            phrases.extend(podrace.phrases());
        }
        if let Some(duelist) = &self.duelist {
            phrases.extend(duelist.phrases());
        }
        phrases
    }
}

/// One box of a weapon: who may use it, and the destiny draws and power bonus it gives them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct WeaponBox {
    /// The users, in the words of `usable_by` (titles, `any Jedi`, `any other character`);
    /// `None`: not known.
    pub users: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<i32>,
}

impl fmt::Display for WeaponBox {
    /// `Obi-Wan Kenobi: 1 destiny draw, power bonus +2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.users {
            Some(users) => write!(f, "{}", users.join(", "))?,
            None => write!(f, "users not known")?,
        }
        let mut gives = Vec::new();
        if let Some(draws) = self.draws {
            gives.push(format!(
                "{draws} destiny draw{}",
                if draws == 1 { "" } else { "s" }
            ));
        }
        if let Some(bonus) = self.bonus {
            gives.push(format!("power bonus +{bonus}"));
        }
        write!(f, ": {}", gives.join(", "))
    }
}

/// What a scenario declared of a weapon's first box (`usable_by`, `power_bonus`), and the
/// catalog's first box before it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct BoxDeclaration {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub users: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<i32>,
    /// The catalog's first box; `None` where the catalog gives no boxes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalog: Option<WeaponBox>,
}

impl BoxDeclaration {
    /// The catalog's power bonus where the declared one differs from it: `Some(None)` where
    /// the catalog gives none.
    pub fn catalog_bonus_differing(&self) -> Option<Option<i32>> {
        let catalog = self.catalog.as_ref().and_then(|first| first.bonus);
        (self.bonus.is_some() && self.bonus != catalog).then_some(catalog)
    }

    /// The catalog's users where the declared ones differ from them.
    pub fn catalog_users_differing(&self) -> Option<Option<&Vec<String>>> {
        let catalog = self.catalog.as_ref().and_then(|first| first.users.as_ref());
        (self.users.is_some() && self.users.as_ref() != catalog).then_some(catalog)
    }
}

impl WeaponBox {
    /// Whether two readings of a box disagree: in a number, or in users both know.
    pub fn disagrees_with(&self, other: &WeaponBox) -> bool {
        self.draws != other.draws
            || self.bonus != other.bonus
            || matches!((&self.users, &other.users), (Some(a), Some(b)) if a != b)
    }
}

/// Who a card is, as the second source gives it: whether it is unique, whether it stacks, and
/// the persona (the person several versions represent) in that source's own keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Identity {
    pub unique: bool,
    pub stackable: bool,
    /// The source's key for the persona (`darthmaul`), shared by every version of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persona: Option<Text>,
    /// The source's key for the kind of character (`jedi`, `podracepilot`, `battledroid`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Text>,
}

impl fmt::Display for Identity {
    /// `unique, stacks; persona darthmaul; kind jedi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}",
            if self.unique { "unique" } else { "not unique" },
            if self.stackable {
                "stacks"
            } else {
                "does not stack"
            }
        )?;
        if let Some(persona) = &self.persona {
            write!(f, "; persona {persona}")?;
        }
        if let Some(kind) = &self.kind {
            write!(f, "; kind {kind}")?;
        }
        Ok(())
    }
}

/// A character's printed power bonus at one location.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct LocationBonus {
    /// The location's name as the catalog writes it (`Tatooine • Mos Espa`).
    pub location: Text,
    pub bonus: i32,
}

impl LocationBonus {
    /// `+1 Tatooine • Mos Espa, +2 Tatooine • Desert Landing Site, ...`.
    pub fn list(bonuses: &[LocationBonus]) -> String {
        bonuses
            .iter()
            .map(|bonus| format!("{:+} {}", bonus.bonus, bonus.location))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One half of a two-in-one card: its name and its card type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Half {
    pub name: Text,
    pub card_type: CardType,
}

impl Half {
    /// `Jar Jar Binks, Bombad Gungan General (Character) & Jar Jar Binks' Electropole (Weapon)`.
    pub fn list(halves: &[Half]) -> String {
        halves
            .iter()
            .map(|half| format!("{} ({})", half.name, half.card_type.label()))
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// A card: one version, as the catalog or a scenario knows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct Card {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// False when the sources give only part of the name (its subtitle is unknown).
    pub name_complete: bool,
    /// A card known only by its destiny number (most of a draw deck).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub anonymous: bool,
    pub game: Game,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub side: Option<Fact<Side>>,
    pub card_type: Option<Fact<CardType>>,
    pub printing: Option<Fact<Printing>>,
    /// Other printings of the same card (foils, reprints in later sets).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reprints: Vec<Fact<Printing>>,
    pub rarity: Option<Fact<Text>>,
    pub stats: Stats,
    pub game_text: Option<Fact<String>>,
    /// Traits stated outright by a source or a scenario rather than derived by rule.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stated_traits: Vec<Fact<(TraitKind, bool)>>,
    /// Other things the sources say of the card.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Fact<String>>,
    /// The correction items applied to this card.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<String>,
    /// The items that name this card.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub named_in: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clash: Option<ClashFacts>,
    /// What the card's text does, where a procedure needs it: from the catalog (its source in
    /// `text_source`) or declared by a scenario.
    #[serde(skip_serializing_if = "GameText::is_empty")]
    pub text: GameText,
    /// Where the catalog's `text` comes from; `None` when nothing of the card's text is
    /// modelled, or a scenario declared it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_source: Option<Source>,
    /// A weapon's boxes, in printed order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon_boxes: Option<Fact<Vec<WeaponBox>>>,
    /// What a scenario declared of the weapon's first box (already in `weapon_boxes`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_box_declaration: Option<BoxDeclaration>,
    /// A Battle card's power bonus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle_bonus: Option<Fact<StatValue>>,
    /// The six deck-construction dots, top first: a colour, `white` (wild) or `none`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dots: Option<Fact<Cow<'static, [Text]>>>,
    /// Uniqueness, stacking and persona.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<Fact<Identity>>,
    /// A character's printed power bonuses at the three locations of a planet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location_bonuses: Option<Fact<Cow<'static, [LocationBonus]>>>,
    /// The two halves of a two-in-one card (Reflections' Armed & Dangerous, Combo Battle and
    /// Double Impact cards), each with its type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub halves: Option<Fact<Cow<'static, [Half]>>>,
    /// A virtual card of a fan set (the Players Committee's), not a Decipher printing: its
    /// plain name means Decipher's card of that name; its name with its set finds it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub virtual_card: bool,
    /// Where a position names a card that is printed in versions whose numbers differ and
    /// does not say which: each version, by the name that finds it and what sets it apart.
    /// The facts they differ in are unknown, and a step that reads one asks which version.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<String>,
    /// What the card's printed text holds, as the card text files record it: its kinds, those
    /// not applied yet, and what it does in our words. `None` for a card no file records.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed_text: Option<super::card_text::PrintedText>,
    /// The icons the card prints beside its name (`diamond`), where a source gives them; an
    /// empty list: it prints none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icons: Option<Fact<Vec<String>>>,
    /// A Double Impact card of two Battle halves: the half it is played as, as the scenario
    /// declares it (its text and power bonus are that half's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_as: Option<String>,
}

impl Card {
    /// The names of its Battle halves, where it has two and the position has not said which it
    /// is played as: the question a battle asks before it reads the card.
    pub fn battle_half_unsaid(&self) -> Option<Vec<String>> {
        if self.played_as.is_some() {
            return None;
        }
        let battle = &self.printed_text.as_ref()?.battle_halves;
        (battle.len() > 1).then(|| battle.clone())
    }

    /// `text: none`: the card's text does nothing, and neither do its printed location
    /// bonuses: the card is the one a position describes with numbers of its own, as a
    /// rulebook example does. Text and bonuses declared after it still apply.
    pub fn switch_text_off(&mut self) {
        self.text = GameText::default();
        self.text_source = Some(Source::Scenario);
        self.location_bonuses = None;
    }

    /// The name that finds this card and no other: its full name, or where other cards share
    /// it, the full name with its set (and side) that the catalog gives it as an alias.
    pub fn unambiguous_name(&self) -> String {
        let full = self.full_name();
        let with_set = format!("{full} (");
        self.aliases
            .iter()
            .find(|alias| alias.starts_with(&with_set) && alias.ends_with(')'))
            .cloned()
            .unwrap_or(full)
    }

    /// The name a walkthrough shows: its full name, with its set for a virtual card, whose
    /// plain name is Decipher's card's.
    pub fn shown_name(&self) -> String {
        if self.virtual_card {
            self.unambiguous_name()
        } else {
            self.full_name()
        }
    }

    /// Its printing in a set (named by its words, case and punctuation aside), the set's own
    /// or the one whose number a reprint keeps.
    pub fn printed_in(&self, set: &str) -> Option<&Fact<Printing>> {
        let set = super::names::normalise(set);
        self.printing.iter().chain(&self.reprints).find(|printing| {
            super::names::normalise(&printing.value.set) == set
                || printing
                    .value
                    .numbered_as
                    .as_ref()
                    .is_some_and(|original| super::names::normalise(original) == set)
        })
    }

    /// The names besides its full name that find it among the cards in play: its aliases,
    /// and its full name with the set of each of its printings
    /// (`Naboo Starfighter (The Jedi Council)`).
    pub fn other_names(&self) -> Vec<String> {
        let mut names = self.aliases.clone();
        if self.anonymous {
            return names;
        }
        let full = self.full_name();
        for printing in self.printing.iter().chain(&self.reprints) {
            for set in std::iter::once(&printing.value.set).chain(&printing.value.numbered_as) {
                let named = format!("{full} ({set})");
                if !set.is_empty() && !names.contains(&named) {
                    names.push(named);
                }
            }
        }
        names
    }

    /// A card with nothing known but its name.
    pub fn named(full_name: &str, game: Game) -> Card {
        let (title, subtitle) = split_name(full_name);
        Card {
            title,
            subtitle,
            name_complete: true,
            anonymous: false,
            game,
            aliases: Vec::new(),
            side: None,
            card_type: None,
            printing: None,
            reprints: Vec::new(),
            rarity: None,
            stats: Stats::default(),
            game_text: None,
            stated_traits: Vec::new(),
            notes: Vec::new(),
            corrections: Vec::new(),
            named_in: Vec::new(),
            clash: None,
            text: GameText::default(),
            text_source: None,
            weapon_boxes: None,
            first_box_declaration: None,
            battle_bonus: None,
            dots: None,
            identity: None,
            location_bonuses: None,
            halves: None,
            virtual_card: false,
            versions: Vec::new(),
            printed_text: None,
            icons: None,
            played_as: None,
        }
    }

    /// A card known only by its destiny number.
    pub fn anonymous(destiny: i32) -> Card {
        let mut card = Card::named(&anonymous_name(destiny), Game::YoungJedi);
        card.anonymous = true;
        card.stats.destiny = Some(Fact::new(StatValue::Number(destiny), Source::Scenario));
        card
    }

    /// Declares who may use the weapon and its power bonus, as a scenario's `usable_by` and
    /// `power_bonus` do. Users given make the weapon one box, theirs (its draws and, unless
    /// given, its bonus those of the catalog's first box); a bonus alone replaces the first
    /// box's and leaves the other boxes.
    pub fn declare_first_box(&mut self, users: Option<Vec<String>>, bonus: Option<i32>) {
        if users.is_none() && bonus.is_none() {
            return;
        }
        let mut boxes = self
            .weapon_boxes
            .take()
            .map(|fact| fact.value)
            .unwrap_or_default();
        // A second declaration (the shell's `set` one field at a time) adds to the first.
        let earlier = self.first_box_declaration.take();
        let catalog_first = match &earlier {
            Some(earlier) => earlier.catalog.clone(),
            None => boxes.first().cloned(),
        };
        self.first_box_declaration = Some(BoxDeclaration {
            users: users
                .clone()
                .or_else(|| earlier.as_ref().and_then(|e| e.users.clone())),
            bonus: bonus.or_else(|| earlier.as_ref().and_then(|e| e.bonus)),
            catalog: catalog_first.clone(),
        });
        if users.is_some() {
            boxes.truncate(1);
        }
        if boxes.is_empty() {
            boxes.push(WeaponBox {
                users: None,
                draws: None,
                bonus: None,
            });
        }
        if let Some(first) = boxes.first_mut() {
            if users.is_some() {
                first.users = users;
            }
            if bonus.is_some() {
                first.bonus = bonus;
            }
        }
        let mut clauses = Vec::new();
        if let Some(catalog) = catalog_first
            .as_ref()
            .filter(|catalog| Some(*catalog) != boxes.first())
        {
            clauses.push(format!("the catalog's box 1 is {catalog}"));
        }
        if boxes.len() > 1 {
            clauses.push("the other boxes are the catalog's".to_string());
        }
        let mut declared = Fact::new(boxes, Source::Scenario);
        if !clauses.is_empty() {
            declared.note = Some(format!(
                "box 1 declared by the scenario; {}",
                clauses.join("; ")
            ));
        }
        self.weapon_boxes = Some(declared);
    }

    /// The destiny number, if known and a number.
    pub fn destiny(&self) -> Option<i32> {
        self.stats
            .destiny
            .as_ref()
            .and_then(|fact| fact.value.number())
    }

    /// The deploy counters, if known and a number.
    pub fn deploy(&self) -> Option<i32> {
        self.stats
            .deploy
            .as_ref()
            .and_then(|fact| fact.value.number())
    }

    /// The power number, if known and a number.
    pub fn power(&self) -> Option<i32> {
        self.stats
            .power
            .as_ref()
            .and_then(|fact| fact.value.number())
    }

    /// The DAMAGE number, if known and a number.
    pub fn damage(&self) -> Option<i32> {
        self.stats
            .damage
            .as_ref()
            .and_then(|fact| fact.value.number())
    }

    /// The order of two cards' full names ([`Card::full_name`]), as text is ordered, without
    /// writing either.
    pub fn full_name_cmp(&self, other: &Card) -> std::cmp::Ordering {
        fn bytes(card: &Card) -> impl Iterator<Item = u8> + '_ {
            let subtitle = card.subtitle.as_deref();
            card.title.bytes().chain(
                subtitle
                    .into_iter()
                    .flat_map(|subtitle| ", ".bytes().chain(subtitle.bytes())),
            )
        }
        bytes(self).cmp(bytes(other))
    }

    /// `Title, Subtitle`, or the title alone.
    pub fn full_name(&self) -> String {
        match &self.subtitle {
            Some(subtitle) => format!("{}, {}", self.title, subtitle),
            None => self.title.clone(),
        }
    }

    pub fn side(&self) -> Option<Side> {
        self.side.as_ref().map(|fact| fact.value)
    }

    /// What `cards search` reads of the card, normalised, its words parted by spaces: its full
    /// name; its aliases (not one that only adds a set: a set's name finds no card), type and
    /// side; and its notes, which a search reads only when asked.
    /// The build script writes them for every embedded card, so that a search makes only the
    /// cards it finds.
    pub fn search_texts(&self) -> SearchTexts<String> {
        let mut also = String::new();
        let add = |text: &mut String, part: &str| {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&super::names::normalise(part));
        };
        for alias in self
            .aliases
            .iter()
            .filter(|alias| super::names::words_searched(alias))
        {
            add(&mut also, alias);
        }
        if let Some(card_type) = self.card_type() {
            add(&mut also, card_type.label());
        }
        if let Some(side) = self.side() {
            add(&mut also, side.label());
        }
        let mut notes = String::new();
        for note in &self.notes {
            add(&mut notes, &note.value);
        }
        SearchTexts {
            name: super::names::normalise(&self.full_name()),
            also,
            notes,
        }
    }

    pub fn card_type(&self) -> Option<CardType> {
        self.card_type.as_ref().map(|fact| fact.value)
    }

    pub fn is(&self, card_type: CardType) -> bool {
        self.card_type() == Some(card_type)
    }

    /// Whether the card, in play at a planet, is an Effect there: an Effect, or a Double
    /// Impact card whose other half is one (its Battle half is only ever played in a battle).
    pub fn acts_as_effect(&self) -> bool {
        self.is(CardType::Effect)
            || self
                .halves
                .iter()
                .flat_map(|halves| halves.value.iter())
                .any(|half| half.card_type == CardType::Effect)
    }

    /// The card's type as a list shows it: a two-in-one card's by its halves
    /// (`Character & Weapon`).
    pub fn type_label(&self) -> Option<String> {
        match &self.halves {
            Some(halves) => Some(
                halves
                    .value
                    .iter()
                    .map(|half| half.card_type.label())
                    .collect::<Vec<_>>()
                    .join(" & "),
            ),
            None => self.card_type().map(|kind| kind.label().to_string()),
        }
    }

    /// Whether the card is of the type, or has a half of it (a two-in-one card).
    pub fn is_or_has_half(&self, card_type: CardType) -> bool {
        self.is(card_type)
            || self
                .halves
                .as_ref()
                .is_some_and(|halves| halves.value.iter().any(|half| half.card_type == card_type))
    }

    /// How far the procedures apply the card's printed text, as the card text files record
    /// it; `None` for a card they do not record yet.
    pub fn text_status(&self) -> Option<super::card_text::TextStatus> {
        self.printed_text
            .as_ref()
            .map(super::card_text::PrintedText::status)
    }

    /// A trait stated outright for this card, if any.
    pub fn stated_trait(&self, kind: TraitKind) -> Option<&Fact<(TraitKind, bool)>> {
        self.stated_traits.iter().find(|fact| fact.value.0 == kind)
    }
}

/// Splits `Title, Subtitle` at the first comma that is followed by a space. Titles such as
/// `Battle Droid: Infantry` keep their colon.
pub fn split_name(full_name: &str) -> (String, Option<String>) {
    match full_name.split_once(", ") {
        Some((title, subtitle)) => (title.trim().to_string(), Some(subtitle.trim().to_string())),
        None => (full_name.trim().to_string(), None),
    }
}
