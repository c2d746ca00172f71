//! Card text as data: what each printed card's game text does, in the project's own vocabulary of effect kinds, users and conditions, read from `src/cards/text/*.yaml`.
//!
//! One file per set holds an entry per card: the kinds of effect its text holds, the effects
//! in a typed shape, where the reading comes from and a note in our own words (never the
//! printed text). The catalog joins each entry to its card: the effects the procedures apply
//! become the card's [`super::model::GameText`], and the card's text status (modelled,
//! partial, flavour, unknown) follows from which of its kinds they are.

use serde::{Deserialize, Serialize};

use super::model::{
    Aura, BattleEffect, Card, Condition, ConditionTrait, ConditionalBonus, DamageModifier,
    DeployCost, DeployFetch, DeployTrigger, DestinyText, DuelingEffect, FightResult, OnDeploy,
    PodraceText, Source,
};

/// The files of card text, in `src/cards/text/`: one per set.
pub const TEXT_FILES: [&str; 8] = [
    "menace-of-darth-maul.yaml",
    "enhanced-menace-of-darth-maul.yaml",
    "the-jedi-council.yaml",
    "battle-of-naboo.yaml",
    "enhanced-battle-of-naboo.yaml",
    "duel-of-the-fates.yaml",
    "boonta-eve-podrace.yaml",
    "reflections.yaml",
];

/// A kind of effect a card's text holds.
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
pub enum TextKind {
    /// A Battle card's users: who may use it.
    UseWith,
    /// The users fight together.
    FightTogether,
    /// A Battle card's power bonus counts only under a condition.
    BonusIf,
    /// A defeated user goes back to the hand, or no breakthrough is lost.
    BackToHand,
    /// A weapon may not be used (Force push), or the users may not use weapons.
    WeaponNegation,
    /// The user may use two weapons.
    TwoWeapons,
    /// The winner fights the next fight with the same weapon.
    SameWeapon,
    /// Destiny draws changed, switched, redrawn or replaced.
    Destiny,
    /// Something happens when a fight is won or lost.
    FightResult,
    /// Text for duels, on a Battle card.
    WhenDueling,
    /// A power bonus on the card itself under a condition.
    SelfBonus,
    /// A power bonus to other cards.
    AuraBonus,
    /// DAMAGE taken changed.
    DamageModifier,
    /// What a card costs to deploy changed.
    DeployCost,
    /// Deploy counters allowed changed.
    DeployCounters,
    /// A card deployed from the draw deck.
    DeployFromDeck,
    /// Something else happens when the card deploys.
    OnDeploy,
    /// Podrace text.
    Podrace,
    /// Something happens when control of a planet is won.
    WinControl,
    /// Even Up step text.
    EvenUp,
    /// What a card counts as, or may use.
    Identity,
    /// Information or hand effects a player activates.
    Information,
    /// The text is in no source the catalog has read.
    Unknown,
}

impl TextKind {
    /// The kind as the data files write it: `use-with`.
    pub fn word(self) -> &'static str {
        match self {
            TextKind::UseWith => "use-with",
            TextKind::FightTogether => "fight-together",
            TextKind::BonusIf => "bonus-if",
            TextKind::BackToHand => "back-to-hand",
            TextKind::WeaponNegation => "weapon-negation",
            TextKind::TwoWeapons => "two-weapons",
            TextKind::SameWeapon => "same-weapon",
            TextKind::Destiny => "destiny",
            TextKind::FightResult => "fight-result",
            TextKind::WhenDueling => "when-dueling",
            TextKind::SelfBonus => "self-bonus",
            TextKind::AuraBonus => "aura-bonus",
            TextKind::DamageModifier => "damage-modifier",
            TextKind::DeployCost => "deploy-cost",
            TextKind::DeployCounters => "deploy-counters",
            TextKind::DeployFromDeck => "deploy-from-deck",
            TextKind::OnDeploy => "on-deploy",
            TextKind::Podrace => "podrace",
            TextKind::WinControl => "win-control",
            TextKind::EvenUp => "even-up",
            TextKind::Identity => "identity",
            TextKind::Information => "information",
            TextKind::Unknown => "unknown",
        }
    }
}

/// A Battle card's users in words, as a refusal names them: the groups who fight together with
/// it, or all of them together where it is for them together, or any one of them.
pub fn card_users_words(card: &Card) -> String {
    let Some(users) = &card.text.battle_users else {
        return String::new();
    };
    if card.text.battle == Some(BattleEffect::FightTogether) && !card.text.together_alone {
        if !card.text.together_groups.is_empty() {
            let groups: Vec<String> = card
                .text
                .together_groups
                .iter()
                .map(|group| {
                    let words: Vec<String> = group
                        .iter()
                        .map(|user| battle_users_words(std::slice::from_ref(user)))
                        .collect();
                    words.join(" and ")
                })
                .collect();
            return format!("{}, fighting together", groups.join("; or "));
        }
        let count = usize::from(card.text.together_count.unwrap_or(2));
        let words = if users.len() == 1 {
            battle_users_words(users)
        } else if users.len() == count
            && users.iter().all(|user| matches!(user, BattleUser::Word(_)))
        {
            users
                .iter()
                .map(|user| battle_users_words(std::slice::from_ref(user)))
                .collect::<Vec<_>>()
                .join(" and ")
        } else {
            format!("{count} of {}", battle_users_words(users))
        };
        return format!("{words}, fighting together");
    }
    battle_users_words(users)
}

/// A Battle card's users in words: `Obi-Wan Kenobi, any Jedi or any [diamond] battle droid`.
pub fn battle_users_words(users: &[BattleUser]) -> String {
    let words: Vec<String> = users
        .iter()
        .map(|user| match user {
            BattleUser::Word(word) => word.clone(),
            BattleUser::Qualified(qualified) => {
                let mut text = match qualified.count {
                    Some(count) if count > 1 => format!("{count} of"),
                    _ => "any".to_string(),
                };
                if let Some(icon) = &qualified.icon {
                    text.push_str(&format!(" [{icon}]"));
                }
                text.push(' ');
                text.push_str(&qualified.any);
                if let Some(place) = &qualified.at {
                    text.push_str(&format!(" fighting at {place}"));
                }
                if qualified.first_in_plan {
                    text.push_str(" first in the battle plan");
                }
                text
            }
        })
        .collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Where a card's text was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReadFrom {
    /// The community transcription.
    Transcription,
    /// The online server's card data.
    SecondSource,
    /// The card's image.
    CardImage,
    /// A rule document's correction of the card.
    Correction,
}

/// One entry of a Battle card's users: a character by title or full name, or `any KIND`
/// (the words a weapon box's users take), or a kind qualified further.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum BattleUser {
    /// `Obi-Wan Kenobi`, `any Jedi`, `any other Jedi`.
    Word(String),
    /// A kind with more to it.
    Qualified(QualifiedUser),
}

/// `{any: battle droid, icon: diamond}`: a kind of character with an icon, at a place, first
/// in the plan, or so many of them.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct QualifiedUser {
    /// The kind, as `any KIND` names it: `character`, `Jedi`, `battle droid`.
    pub any: String,
    /// An icon the user must have: `diamond`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// The planet or location the user must fight at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The first character in the battle plan.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_in_plan: bool,
    /// How many such characters the card needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
}

/// How the users fight together.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct Together {
    /// Two or three cards.
    pub count: u8,
    /// Cards of one stack.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub same_stack: bool,
    /// Where the text names who fights with whom ("Ric Olié and a pilot, or a starfighter and
    /// a transport"): the cards fighting together are one of these groups, one card for each of
    /// its users. Without groups, each of them is one of the card's users.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Vec<BattleUser>>,
    /// If they lose, only this one is defeated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_defeated: Option<BattleUser>,
    /// One of its users may use it on his own; else it is for them together.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alone: bool,
}

/// When a Battle card's power bonus counts: one situation, or all or any of several.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum BonusCondition {
    /// The fight is at or on this planet or location.
    FightingAt(String),
    /// The opponent in the fight is this user.
    Fighting(BattleUser),
    /// The user fights with this card, `any weapon` or `no weapon`.
    Using(String),
    /// The opponent controls a planet: `unsurrendered-planet`, one its player did not
    /// surrender.
    OpponentControls(String),
    /// Its player shows the opponent every card in his hand.
    ShowsHand,
    /// Every one holds.
    All(Vec<BonusCondition>),
    /// One of them holds.
    Any(Vec<BonusCondition>),
}

/// What happens to a defeated user.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct BackToHand {
    /// He goes back to his owner's hand, and no DAMAGE is taken for him.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_damage: bool,
    /// If he is the last card, no breakthrough is lost.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_breakthrough: bool,
}

/// Whose weapon may not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Negated {
    /// The opponent's weapon in that fight (a Force push).
    Opponent,
    /// The opponent's weapon in that fight, while the user fights without one (the Force
    /// push cards as printed).
    OpponentWhileUnarmed,
    /// The users' own: they may not use weapons.
    #[serde(rename = "self")]
    Own,
}

/// One effect of a card's text, in the shapes the data files take.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum Effect {
    UseWith(Vec<BattleUser>),
    FightTogether(Together),
    BonusIf(BonusCondition),
    BackToHand(BackToHand),
    WeaponNegation(Negated),
    /// The two weapons its user may fight with, drawing destiny for both: `[any speeder, any
    /// Naboo Blaster]`.
    TwoWeapons(Vec<String>),
    SameWeapon(SameWeapon),
    Destiny(DestinyText),
    FightResult(FightResult),
    WhenDueling(DuelingEffect),
    /// A card that, as it deploys, lets its player put one card of a kind from his draw deck
    /// into play (or into his hand): which kind, where and for how many counters.
    DeployFetch(DeployFetch),
    /// A card's power bonuses to itself, each under its condition: `[{amount: 2, when:
    /// {dueling_named: Darth Maul}}]`.
    SelfBonus(Vec<ConditionalBonus>),
    /// An Effect's power bonus to its player's characters at its planet.
    AuraBonus(Aura),
    /// DAMAGE changed for defeated cards of some kinds; an Effect's acts at its planet
    /// (`at_current_planet: true`).
    DamageModifier(DamageModifier),
    /// An Effect's: these characters at its planet may not use weapons.
    WeaponsBarred(Vec<BattleUser>),
    /// An Effect's: what these cards cost to deploy to its planet.
    DeployCost(DeployCost),
    /// A card's own: what it costs to deploy where one of the cards it names is in play.
    DeployCostWith(DeployCost),
    /// An Effect's: discarded when another card deploys, to deploy a card from the draw deck.
    DeployTrigger(DeployTrigger),
    /// An Effect's: its player's deploy counters in each of his Deploy steps while it is in
    /// play: `7`.
    DeployCounters(u8),
    /// An Effect's: its player's deploy counters in a Deploy step if he discards a card from
    /// his hand: `8`. No walk offers the discard, so the kind stays unapplied; `check` reads it.
    DeployCountersOnDiscard(u8),
    /// Kinds of character the card counts as, [diamond] icon and all, for its player's cards.
    CountsAs(Vec<String>),
    /// Weapons the character may use besides those whose boxes name it, by title.
    MayUse(Vec<String>),
    /// Cards drawn, or DAMAGE to the opponent, as the card or a card it names deploys.
    OnDeploy(OnDeploy),
    /// Podrace text: extra Thrust tokens as the pilot deploys to the Objective, or a handling
    /// number lent to its player's pilot there.
    Podrace(PodraceText),
}

impl Effect {
    /// The kind of effect it is.
    pub fn kind(&self) -> TextKind {
        match self {
            Effect::UseWith(_) => TextKind::UseWith,
            Effect::FightTogether(_) => TextKind::FightTogether,
            Effect::BonusIf(_) => TextKind::BonusIf,
            Effect::BackToHand(_) => TextKind::BackToHand,
            Effect::WeaponNegation(_) => TextKind::WeaponNegation,
            Effect::TwoWeapons(_) => TextKind::TwoWeapons,
            Effect::SameWeapon(_) => TextKind::SameWeapon,
            Effect::Destiny(_) => TextKind::Destiny,
            Effect::FightResult(_) => TextKind::FightResult,
            Effect::WhenDueling(_) => TextKind::WhenDueling,
            // Taking a card into the hand is not deploying it: other on-deploy text.
            Effect::DeployFetch(fetch) if fetch.into_hand => TextKind::OnDeploy,
            Effect::DeployFetch(_) => TextKind::DeployFromDeck,
            Effect::SelfBonus(_) => TextKind::SelfBonus,
            Effect::AuraBonus(_) => TextKind::AuraBonus,
            Effect::DamageModifier(_) => TextKind::DamageModifier,
            Effect::WeaponsBarred(_) => TextKind::WeaponNegation,
            Effect::DeployCost(_) | Effect::DeployCostWith(_) => TextKind::DeployCost,
            Effect::DeployTrigger(_) => TextKind::DeployFromDeck,
            Effect::DeployCounters(_) | Effect::DeployCountersOnDiscard(_) => {
                TextKind::DeployCounters
            }
            Effect::Podrace(_) => TextKind::Podrace,
            Effect::CountsAs(_) | Effect::MayUse(_) => TextKind::Identity,
            Effect::OnDeploy(_) => TextKind::OnDeploy,
        }
    }
}

/// The winner of a fight fights the next fight with the same weapon, if he defeated a card of
/// this kind: `{defeats: {any: character, icon: diamond}}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct SameWeapon {
    pub defeats: BattleUser,
}

/// A half of a two-in-one card: the same card as an earlier printing, or read on its own.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct HalfText {
    /// The half's name, as the two-in-one's name joins them.
    pub name: String,
    /// The earlier card it is (catalog full name), whose entry says what it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_as: Option<String>,
    /// That card's printing: `Menace of Darth Maul #50`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printing: Option<String>,
    /// For a half read on its own: the kinds its text holds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<TextKind>,
    /// For a half read on its own: its effects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

/// One card's text, as a data file records it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct TextEntry {
    /// The catalog's full name of the card.
    pub card: String,
    /// Its collector number in the file's set, as the catalog has it.
    pub number: String,
    /// Where the text was read.
    pub read_from: ReadFrom,
    /// The source of the reading, as the catalog writes sources: `outside: ...` or a corpus
    /// item's id.
    pub source: String,
    /// Every kind of effect the text holds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<TextKind>,
    /// The effects the vocabulary can say, each of a kind listed in `kinds`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// A two-in-one card's halves, in the order of its name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub halves: Vec<HalfText>,
    /// What the text does, in our own words.
    pub note: String,
    /// The bundled scenarios that play the card (`scenarios/battle/...yaml`), beside the
    /// positions the test suite generates for every card applied in full.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<String>,
    /// The Battle card's printed power bonus as its image shows it, where the catalog's other
    /// sources read it otherwise: the image wins, and their reading is kept as a note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_bonus: Option<ReadNumber>,
}

/// A number read from a card, with where it was read.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct ReadNumber {
    pub value: i32,
    pub source: String,
}

/// A file of card text: one set's cards.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct TextFile {
    /// The set's name, as the catalog's printings write it.
    pub set: String,
    /// The cards with game text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<TextEntry>,
    /// The cards with no game text (lore only): their text status is `flavour`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flavour: Vec<FlavourEntry>,
}

/// A card with no game text, and where that was read.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct FlavourEntry {
    /// The catalog's full name of the card.
    pub card: String,
    /// Its collector number in the file's set.
    pub number: String,
    pub read_from: ReadFrom,
    pub source: String,
}

/// What a flavour card's status says in our words.
pub const FLAVOUR_NOTE: &str = "No game text: the card prints only its numbers and lore.";

/// The icons a character prints beside its name, as read from its image: `diamond: true` or
/// `false` (an icon the card lacks is a fact too).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct IconEntry {
    /// The catalog's full name of the card.
    pub card: String,
    /// The printing read: `Menace of Darth Maul #98`.
    pub printing: String,
    /// Whether it prints the diamond icon.
    pub diamond: bool,
    /// Where it was read.
    pub source: String,
}

/// What the catalog reads of card text: the files of each set's text, and the icons.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextFiles {
    pub texts: Vec<TextFile>,
    pub icons: Vec<IconEntry>,
}

/// How far the engine applies a card's printed text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum TextStatus {
    /// Every effect of the text is applied.
    Modelled,
    /// Some kinds of its effects are not applied yet.
    Partial { missing: Vec<TextKind> },
    /// The card has no game text.
    Flavour,
    /// No source the catalog has read gives its text.
    Unknown,
}

impl TextStatus {
    /// The status as a word: `modelled`, `partial`, `flavour`, `unknown`.
    pub fn word(&self) -> &'static str {
        self.kind().word()
    }

    /// The status without the kinds it misses.
    pub fn kind(&self) -> StatusKind {
        match self {
            TextStatus::Modelled => StatusKind::Modelled,
            TextStatus::Partial { .. } => StatusKind::Partial,
            TextStatus::Flavour => StatusKind::Flavour,
            TextStatus::Unknown => StatusKind::Unknown,
        }
    }
}

/// A card's text status as `cards list --status` names it; `unread` for a card the card text
/// files do not record yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StatusKind {
    Modelled,
    Partial,
    Flavour,
    Unknown,
    Unread,
}

impl StatusKind {
    /// Every status, as `--status` takes them.
    pub const ALL: [StatusKind; 5] = [
        StatusKind::Modelled,
        StatusKind::Partial,
        StatusKind::Flavour,
        StatusKind::Unknown,
        StatusKind::Unread,
    ];

    pub fn word(self) -> &'static str {
        match self {
            StatusKind::Modelled => "modelled",
            StatusKind::Partial => "partial",
            StatusKind::Flavour => "flavour",
            StatusKind::Unknown => "unknown",
            StatusKind::Unread => "unread",
        }
    }

    /// The status a word names.
    pub fn named(word: &str) -> Option<StatusKind> {
        let word = word.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|status| status.word() == word || (word == "flavor" && *status == Self::Flavour))
    }
}

/// What the catalog keeps of a card's text entry: its kinds, those the procedures do not
/// apply yet, where it was read and what it does in our words.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct PrintedText {
    /// Every kind of effect the text holds.
    pub kinds: Vec<TextKind>,
    /// The kinds the procedures do not apply yet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<TextKind>,
    /// What the text does, in our own words.
    pub note: String,
    pub read_from: ReadFrom,
    pub source: Source,
    /// A Double Impact card's Battle halves, by name, each the earlier card it is: where two,
    /// a position says which one it is played as.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub battle_halves: Vec<String>,
}

impl PrintedText {
    /// How far the procedures apply the text.
    pub fn status(&self) -> TextStatus {
        if self.kinds.contains(&TextKind::Unknown) {
            TextStatus::Unknown
        } else if self.kinds.is_empty() {
            TextStatus::Flavour
        } else if self.missing.is_empty() {
            TextStatus::Modelled
        } else {
            TextStatus::Partial {
                missing: self.missing.clone(),
            }
        }
    }
}

/// Why the card text files do not fit the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// An entry names a card the catalog does not have in the file's set.
    NoSuchCard {
        set: String,
        card: String,
        number: String,
    },
    /// An icon entry names a card without that printing.
    NoSuchPrinting { card: String, printing: String },
    /// Two entries for one card.
    Twice { card: String },
    /// An effect of a kind the entry does not list.
    KindNotListed { card: String, kind: TextKind },
    /// A half that is the same as a card the catalog does not have.
    NoSuchHalf { card: String, half: String },
    /// A half that is an earlier card whose text the files do not record, and whose kinds the
    /// entry does not give.
    HalfUnread { card: String, half: String },
    /// An entry's effect says what the catalog already says otherwise.
    Contradicts { card: String, what: String },
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::NoSuchCard { set, card, number } => write!(
                f,
                "the card text of {set} gives {card:?} #{number}, which the catalog does not have"
            ),
            TextError::NoSuchPrinting { card, printing } => write!(
                f,
                "the icons give {card:?} of {printing}, which the catalog does not have"
            ),
            TextError::Twice { card } => write!(f, "the card text gives {card:?} twice"),
            TextError::KindNotListed { card, kind } => write!(
                f,
                "the card text of {card:?} has a {} effect but does not list that kind",
                kind.word()
            ),
            TextError::NoSuchHalf { card, half } => write!(
                f,
                "a half of {card:?} is the same as {half:?}, which the catalog does not have"
            ),
            TextError::HalfUnread { card, half } => write!(
                f,
                "a half of {card:?} is {half:?}, whose text the card text files do not record: give the half's `kinds`"
            ),
            TextError::Contradicts { card, what } => write!(
                f,
                "the card text of {card:?} gives {what}, which the catalog gives otherwise"
            ),
        }
    }
}

/// Whether the card has a printing in the set with the number.
fn printed_as(card: &Card, set: &str, number: &str) -> bool {
    card.printing
        .iter()
        .chain(&card.reprints)
        .any(|printing| printing.value.set == set && printing.value.number == number)
}

/// Puts one effect into the card's text for the procedures; whether they apply it whole.
fn put(card: &mut Card, effect: &Effect) -> Result<bool, TextError> {
    let contradicts = |what: &str| TextError::Contradicts {
        card: card.full_name(),
        what: what.to_string(),
    };
    Ok(match effect {
        Effect::UseWith(users) => {
            card.text.battle_users = Some(users.clone());
            true
        }
        Effect::WeaponNegation(negated @ (Negated::Opponent | Negated::OpponentWhileUnarmed)) => {
            match card.text.battle {
                None | Some(BattleEffect::ForcePush) => {
                    card.text.battle = Some(BattleEffect::ForcePush);
                    card.text.push_while_unarmed = *negated == Negated::OpponentWhileUnarmed;
                    true
                }
                Some(_) => false,
            }
        }
        Effect::FightTogether(together) if (2..=3).contains(&together.count) => {
            if let Some(group) = together
                .groups
                .iter()
                .find(|group| group.len() != usize::from(together.count))
            {
                return Err(contradicts(&format!(
                    "a group of {} to fight together, where {} fight together",
                    group.len(),
                    together.count
                )));
            }
            match card.text.battle {
                None | Some(BattleEffect::FightTogether) => {
                    card.text.together_groups = together.groups.clone();
                    card.text.together_alone = together.alone;
                    card.text.battle = Some(BattleEffect::FightTogether);
                    card.text.together_count = Some(together.count);
                    card.text.only_defeated = together.only_defeated.clone();
                    card.text.together_same_stack = together.same_stack;
                    true
                }
                Some(_) => false,
            }
        }
        Effect::BackToHand(back) if back.no_damage || back.keep_breakthrough => {
            card.text.defeated_to_hand = back.no_damage;
            card.text.keep_breakthrough = back.keep_breakthrough;
            true
        }
        Effect::SameWeapon(SameWeapon { defeats }) => {
            card.text.next_fight_same_weapon = Some(defeats.clone());
            true
        }
        Effect::TwoWeapons(weapons) if weapons.len() == 2 => {
            card.text.two_weapons = weapons.clone();
            true
        }
        Effect::Destiny(destiny) => {
            card.text.destiny_text = Some(*destiny);
            true
        }
        Effect::FightResult(result) if result.win_damage > 0 || result.loss_damage > 0 => {
            card.text.fight_result = Some(*result);
            true
        }
        Effect::WeaponNegation(Negated::Own) => {
            card.text.no_weapons = true;
            true
        }
        Effect::BonusIf(condition) => {
            // One condition, or any of several the procedures can judge each.
            let whens: Option<Vec<Condition>> = match condition {
                BonusCondition::Any(conditions) => conditions.iter().map(bonus_condition).collect(),
                one => bonus_condition(one).map(|when| vec![when]),
            };
            match whens {
                Some(whens) if !whens.is_empty() => {
                    card.text.battle_bonus_if = whens;
                    true
                }
                _ => false,
            }
        }
        Effect::DeployFetch(fetch) => {
            card.text.deploy_fetch = Some(fetch.clone());
            true
        }
        Effect::SelfBonus(bonuses) if !bonuses.is_empty() => {
            card.text.conditional_bonuses = bonuses.clone();
            true
        }
        // An Effect's acts at its planet; a character's, as its conditions say.
        Effect::AuraBonus(aura) if !aura.to.is_empty() && !card.acts_as_effect() => {
            card.text.carried_aura = Some(aura.clone());
            true
        }
        Effect::AuraBonus(aura) if !aura.to.is_empty() => {
            card.text.aura = Some(aura.clone());
            true
        }
        Effect::DamageModifier(modifier) => match &card.text.damage_modifier {
            None => {
                card.text.damage_modifier = Some(modifier.clone());
                true
            }
            Some(known) if known == modifier => true,
            Some(_) => return Err(contradicts("a different DAMAGE modifier")),
        },
        Effect::WeaponsBarred(users) if !users.is_empty() => {
            card.text.weapons_barred = users.clone();
            true
        }
        Effect::DeployCost(cost) if !cost.of.is_empty() => {
            card.text.deploy_cost = Some(cost.clone());
            true
        }
        Effect::DeployCostWith(cost) if !cost.of.is_empty() => {
            card.text.deploy_cost_with = Some(cost.clone());
            true
        }
        Effect::DeployCounters(counters) if (7..=20).contains(counters) => {
            card.text.counters_allowance = Some(*counters);
            true
        }
        Effect::DeployCountersOnDiscard(counters) if (7..=20).contains(counters) => {
            card.text.counters_on_discard = Some(*counters);
            false
        }
        Effect::OnDeploy(on) if on.draw > 0 || on.opponent_damage > 0 => {
            card.text.on_deploy = Some(on.clone());
            true
        }
        Effect::MayUse(weapons) if !weapons.is_empty() => {
            card.text.may_use = weapons.clone();
            true
        }
        Effect::CountsAs(kinds) if !kinds.is_empty() => {
            card.text.counts_as = kinds.clone();
            true
        }
        Effect::Podrace(podrace)
            if podrace.thrust_on_deploy.is_some() || podrace.handling.is_some() =>
        {
            card.text.podrace = Some(podrace.clone());
            true
        }
        Effect::DeployTrigger(trigger) if !trigger.when.is_empty() => {
            card.text.deploy_trigger = Some(trigger.clone());
            true
        }
        Effect::WhenDueling(dueling) => match card.text.dueling {
            None => {
                card.text.dueling = Some(*dueling);
                true
            }
            Some(known) if known == *dueling => true,
            Some(_) => return Err(contradicts("a different \"When dueling\" effect")),
        },
        _ => false,
    })
}

/// A Battle card's bonus condition as the procedures judge it, where they can: fighting a
/// Jedi, a dueling character or a card by name; using a weapon, a lightsaber or a card by name.
fn bonus_condition(condition: &BonusCondition) -> Option<Condition> {
    let trait_of = |word: &str| match word.trim().to_ascii_lowercase().as_str() {
        "any jedi" => Some(ConditionTrait::Jedi),
        "any dueling character" => Some(ConditionTrait::DuelingCharacter),
        "any weapon" => Some(ConditionTrait::Weapon),
        "any lightsaber" => Some(ConditionTrait::Lightsaber),
        _ => None,
    };
    let named = |word: &str| {
        let word = word.trim();
        (!word.to_ascii_lowercase().starts_with("any ") && !word.eq_ignore_ascii_case("no weapon"))
            .then(|| word.to_string())
    };
    match condition {
        BonusCondition::Fighting(BattleUser::Word(word)) => match trait_of(word) {
            Some(ConditionTrait::Jedi | ConditionTrait::DuelingCharacter) => {
                trait_of(word).map(Condition::FightingA)
            }
            Some(_) => None,
            None => named(word).map(Condition::FightingNamed),
        },
        BonusCondition::ShowsHand => Some(Condition::ShowsHand),
        BonusCondition::OpponentControls(word) if word == "unsurrendered-planet" => {
            Some(Condition::OpponentControlsUnsurrendered)
        }
        BonusCondition::Using(word) => match trait_of(word) {
            Some(kind @ (ConditionTrait::Weapon | ConditionTrait::Lightsaber)) => {
                Some(Condition::UsingA(kind))
            }
            Some(_) => None,
            None => named(word).map(Condition::UsingNamed),
        },
        _ => None,
    }
}

/// Joins the card text files and the icons to the catalog.
pub fn apply(cards: &mut [Card], read: &TextFiles) -> Result<(), TextError> {
    // Each full name's cards, found once: an entry looks its card up among them alone.
    let mut by_name: std::collections::HashMap<String, Vec<usize>> =
        std::collections::HashMap::new();
    for (at, card) in cards.iter().enumerate() {
        by_name.entry(card.full_name()).or_default().push(at);
    }
    apply_texts(cards, &by_name, &read.texts)?;
    for entry in &read.icons {
        let at = by_name
            .get(&entry.card)
            .into_iter()
            .flatten()
            .copied()
            .find(|at| {
                cards[*at]
                    .printing
                    .iter()
                    .chain(&cards[*at].reprints)
                    .any(|printing| printing.value.to_string() == entry.printing)
            })
            .ok_or_else(|| TextError::NoSuchPrinting {
                card: entry.card.clone(),
                printing: entry.printing.clone(),
            })?;
        let card = &mut cards[at];
        let icons = if entry.diamond {
            vec!["diamond".to_string()]
        } else {
            Vec::new()
        };
        card.icons = Some(super::model::Fact::new(
            icons,
            super::assemble::parse_source(&entry.source),
        ));
    }
    Ok(())
}

/// The catalog's card an entry of a set's file names: its full name and its number there.
fn entry_card(
    cards: &[Card],
    by_name: &std::collections::HashMap<String, Vec<usize>>,
    set: &str,
    card: &str,
    number: &str,
) -> Result<usize, TextError> {
    by_name
        .get(card)
        .into_iter()
        .flatten()
        .copied()
        .find(|at| printed_as(&cards[*at], set, number))
        .ok_or_else(|| TextError::NoSuchCard {
            set: set.to_string(),
            card: card.to_string(),
            number: number.to_string(),
        })
}

/// Joins the card text files to the catalog: each entry's effects that the procedures apply
/// go into its card's text, and the entry's kinds, note and source stay with the card.
fn apply_texts(
    cards: &mut [Card],
    by_name: &std::collections::HashMap<String, Vec<usize>>,
    files: &[TextFile],
) -> Result<(), TextError> {
    for file in files {
        for entry in &file.flavour {
            let at = entry_card(cards, by_name, &file.set, &entry.card, &entry.number)?;
            let card = &mut cards[at];
            if card.printed_text.is_some() {
                return Err(TextError::Twice {
                    card: entry.card.clone(),
                });
            }
            if !card.text.is_empty() {
                return Err(TextError::Contradicts {
                    card: entry.card.clone(),
                    what: "no game text".to_string(),
                });
            }
            card.printed_text = Some(PrintedText {
                kinds: Vec::new(),
                missing: Vec::new(),
                note: FLAVOUR_NOTE.to_string(),
                read_from: entry.read_from,
                source: super::assemble::parse_source(&entry.source),
                battle_halves: Vec::new(),
            });
        }
        for entry in &file.cards {
            let at = entry_card(cards, by_name, &file.set, &entry.card, &entry.number)?;
            if cards[at].printed_text.is_some() {
                return Err(TextError::Twice {
                    card: entry.card.clone(),
                });
            }
            for effect in entry
                .effects
                .iter()
                .chain(entry.halves.iter().flat_map(|half| &half.effects))
            {
                let listed = entry.kinds.contains(&effect.kind())
                    || entry
                        .halves
                        .iter()
                        .any(|half| half.kinds.contains(&effect.kind()));
                if !listed {
                    return Err(TextError::KindNotListed {
                        card: entry.card.clone(),
                        kind: effect.kind(),
                    });
                }
            }
            let mut kinds = entry.kinds.clone();
            let mut missing = Vec::new();
            let mut battle_half_names: Vec<String> = Vec::new();
            // A Combo card's halves are only named: its text is its own. A Double Impact card's
            // halves are each an earlier card.
            if entry.halves.iter().all(|half| half.same_as.is_none()) {
                let mut applied = std::collections::BTreeSet::new();
                let mut not_applied = std::collections::BTreeSet::new();
                for effect in &entry.effects {
                    if put(&mut cards[at], effect)? {
                        applied.insert(effect.kind());
                    } else {
                        not_applied.insert(effect.kind());
                    }
                }
                missing.extend(
                    kinds
                        .iter()
                        .copied()
                        .filter(|kind| !applied.contains(kind) || not_applied.contains(kind)),
                );
            } else {
                // A Double Impact card's halves: each the earlier card it is. Where one half is
                // a Battle card, that half is what a plan plays: the card takes its text and
                // power bonus, and its kinds are applied as far as the earlier card's are. An
                // Effect half's kinds wait for the Effects.
                let mut battle_halves: Vec<usize> = Vec::new();
                let mut half_kinds: Vec<(Option<usize>, Vec<TextKind>, Vec<TextKind>)> = Vec::new();
                for half in &entry.halves {
                    match &half.same_as {
                        Some(name) => {
                            let earlier = by_name
                                .get(name)
                                .into_iter()
                                .flatten()
                                .copied()
                                .find(|at| cards[*at].printed_text.is_some())
                                .or_else(|| by_name.get(name).and_then(|ats| ats.first().copied()))
                                .ok_or_else(|| TextError::NoSuchHalf {
                                    card: entry.card.clone(),
                                    half: name.clone(),
                                })?;
                            let (earlier_kinds, earlier_missing) = match &cards[earlier]
                                .printed_text
                            {
                                Some(printed) => (printed.kinds.clone(), printed.missing.clone()),
                                None if !half.kinds.is_empty() => {
                                    (half.kinds.clone(), half.kinds.clone())
                                }
                                None => {
                                    return Err(TextError::HalfUnread {
                                        card: entry.card.clone(),
                                        half: name.clone(),
                                    });
                                }
                            };
                            if cards[earlier].is(super::model::CardType::Battle) {
                                battle_halves.push(earlier);
                            }
                            half_kinds.push((Some(earlier), earlier_kinds, earlier_missing));
                        }
                        None => half_kinds.push((None, half.kinds.clone(), half.kinds.clone())),
                    }
                }
                let played = match battle_halves.as_slice() {
                    [only] => Some(*only),
                    _ => None,
                };
                battle_half_names = battle_halves
                    .iter()
                    .map(|earlier| cards[*earlier].full_name())
                    .collect();
                if let Some(earlier) = played {
                    let (text, bonus) = (
                        cards[earlier].text.clone(),
                        cards[earlier].battle_bonus.clone(),
                    );
                    let card = &mut cards[at];
                    card.text = text;
                    if card.battle_bonus.is_none()
                        && let Some(bonus) = bonus
                    {
                        card.battle_bonus = Some(super::model::Fact::new(
                            bonus.value,
                            super::assemble::parse_source(&entry.source),
                        ));
                    }
                }
                for (earlier, half_kinds, half_missing) in half_kinds {
                    kinds.extend(half_kinds.iter().copied());
                    // Each half misses what the earlier card it is misses (a Battle half of two
                    // is played as the position declares). An Effect half is what the card is
                    // while in play: the card takes that text beside its Battle half's.
                    missing.extend(half_missing);
                    if let Some(earlier) = earlier.filter(|earlier| {
                        !battle_halves.contains(earlier) && cards[*earlier].printed_text.is_some()
                    }) {
                        let in_play = cards[earlier].text.clone();
                        cards[at].text.take_in_play_text(&in_play);
                    }
                }
                kinds.sort();
                kinds.dedup();
                missing.retain(|kind| *kind != TextKind::Unknown);
                missing.sort();
                missing.dedup();
            }
            let card = &mut cards[at];
            if let Some(read) = &entry.power_bonus {
                let shown = super::model::StatValue::Number(read.value);
                if let Some(known) = card
                    .battle_bonus
                    .clone()
                    .filter(|known| known.value != shown)
                {
                    // The image settles what the other sources disagreed on: their notes on
                    // the power bonus give way to one saying which reading it replaces.
                    card.notes.retain(|note| {
                        !(note.value.starts_with("power bonus: ")
                            && super::model::disagreement_kind(&note.value).is_some())
                    });
                    let reading = match &known.source {
                        Source::Outside(what) if what.starts_with("card transcription") => {
                            "the transcription".to_string()
                        }
                        Source::Outside(what) => what.to_string(),
                        Source::Rule(id) => id.to_string(),
                        Source::Scenario => "the scenario".to_string(),
                    };
                    let kept_from = read.source.trim_start_matches("outside:").trim();
                    card.notes.push(super::model::Fact::new(
                        super::model::disagreement(
                            "power bonus",
                            &reading,
                            &known.value,
                            &read.value,
                            kept_from,
                        ),
                        super::assemble::parse_source(&read.source),
                    ));
                }
                card.battle_bonus = Some(super::model::Fact::new(
                    shown,
                    super::assemble::parse_source(&read.source),
                ));
            }
            if missing.len() < kinds.len() && card.text_source.is_none() {
                card.text_source = Some(super::assemble::parse_source(&entry.source));
            }
            card.printed_text = Some(PrintedText {
                kinds,
                missing,
                note: entry.note.clone(),
                read_from: entry.read_from,
                source: super::assemble::parse_source(&entry.source),
                battle_halves: battle_half_names,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::model::{Fact, Game, Printing};
    use super::*;

    fn battle_card() -> Card {
        let mut card = Card::named("Test Cry", Game::YoungJedi);
        card.printing = Some(Fact::new(Printing::new("Test Set", "7"), Source::Scenario));
        card
    }

    fn file(entries: &str) -> TextFile {
        serde_saphyr::from_str(&format!("set: Test Set\ncards:\n{entries}")).expect("a text file")
    }

    const ENTRY: &str = "  - {card: Test Cry, number: \"7\", read_from: transcription, source: \"outside: test\", kinds: [use-with, two-weapons], effects: [{use_with: [any Jedi]}], note: a test}\n";

    #[test]
    fn an_entry_joins_its_card_and_its_status_follows_from_what_is_applied() {
        let mut cards = vec![battle_card()];
        let read = TextFiles {
            texts: vec![file(ENTRY)],
            icons: Vec::new(),
        };
        assert_eq!(apply(&mut cards, &read), Ok(()));
        assert_eq!(
            cards[0].text.battle_users,
            Some(vec![BattleUser::Word("any Jedi".to_string())])
        );
        assert_eq!(
            cards[0].text_status(),
            Some(TextStatus::Partial {
                missing: vec![TextKind::TwoWeapons]
            })
        );
    }

    /// A fight-together effect the card's other Battle text refuses (a Force push) leaves its
    /// groups and its count out of the card's text: nothing of a refused effect acts.
    #[test]
    fn a_refused_fight_together_effect_leaves_nothing_behind() {
        let mut card = battle_card();
        card.text.battle = Some(BattleEffect::ForcePush);
        let together = Effect::FightTogether(Together {
            count: 2,
            groups: vec![vec![
                BattleUser::Word("Anakin Skywalker".to_string()),
                BattleUser::Word("Padmé Naberrie".to_string()),
            ]],
            alone: true,
            ..Together::default()
        });
        assert_eq!(put(&mut card, &together), Ok(false));
        assert!(card.text.together_groups.is_empty());
        assert!(!card.text.together_alone);
        assert_eq!(card.text.together_count, None);
        // Accepted, it is all kept.
        let mut card = battle_card();
        assert_eq!(put(&mut card, &together), Ok(true));
        assert_eq!(card.text.together_groups.len(), 1);
        assert!(card.text.together_alone);
    }

    #[test]
    fn an_entry_the_catalog_cannot_join_is_an_error() {
        let mut cards = vec![battle_card()];
        let twice = TextFiles {
            texts: vec![file(&format!("{ENTRY}{ENTRY}"))],
            icons: Vec::new(),
        };
        assert!(matches!(
            apply(&mut cards, &twice),
            Err(TextError::Twice { .. })
        ));
        let mut cards = vec![battle_card()];
        let other_number = TextFiles {
            texts: vec![file(&ENTRY.replace("\"7\"", "\"8\""))],
            icons: Vec::new(),
        };
        assert!(matches!(
            apply(&mut cards, &other_number),
            Err(TextError::NoSuchCard { .. })
        ));
        let unlisted = TextFiles {
            texts: vec![file(
                &ENTRY.replace("kinds: [use-with, two-weapons]", "kinds: [two-weapons]"),
            )],
            icons: Vec::new(),
        };
        assert!(matches!(
            apply(&mut cards, &unlisted),
            Err(TextError::KindNotListed { .. })
        ));
        let icons = TextFiles {
            texts: Vec::new(),
            icons: vec![IconEntry {
                card: "Test Cry".to_string(),
                printing: "Test Set #9".to_string(),
                diamond: true,
                source: "outside: test".to_string(),
            }],
        };
        assert!(matches!(
            apply(&mut cards, &icons),
            Err(TextError::NoSuchPrinting { .. })
        ));
        assert!(
            serde_saphyr::from_str::<TextFile>(&format!(
                "set: Test Set\ncards:\n{}",
                ENTRY.replace("note: a test", "note: a test, power: 5")
            ))
            .is_err(),
            "an unknown key is read"
        );
    }
}
