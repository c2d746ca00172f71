//! Deciders: the scenario's scripted choices (strict), and named policies for quick what-ifs.

use std::collections::VecDeque;

use clap::ValueEnum;

use super::decisions::{Answer, PolicyRole, ScriptKey, Volunteer};
use super::{Decider, Decision, Unanswered};
use crate::board::Board;
use crate::cards::{Card, Game, Side, find, matching};

/// A scripted play from the dueling hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayAnswer {
    /// A card with this destiny number (the first in the hand).
    Destiny(i32),
    /// A card by name.
    Name(String),
    /// Decline the block.
    Pass,
    /// A block with a card of this destiny number: a claim that the play is a block.
    Block(i32),
}

impl PlayAnswer {
    /// The answer as a script writes it.
    pub fn written(&self) -> String {
        match self {
            PlayAnswer::Destiny(number) => number.to_string(),
            PlayAnswer::Name(name) => name.clone(),
            PlayAnswer::Pass => "pass".to_string(),
            PlayAnswer::Block(number) => format!("block {number}"),
        }
    }
}

/// A scripted answer to one key of `decisions:`, as the vocabulary's shape of it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptEntry {
    /// One name, read each time asked.
    Name(String),
    /// Cards in order, each read once (plays, a plan, lap cards).
    Plays(VecDeque<PlayAnswer>),
    /// Yes or no in order, each read once.
    Flags(VecDeque<bool>),
    /// Names in order, each read once.
    Names(VecDeque<String>),
    /// Yes or no, read each time asked.
    YesNo(bool),
    /// How many, read each time asked.
    Count(u32),
}

impl ScriptEntry {
    /// The answer as a script writes it, for messages.
    fn written(&self) -> String {
        match self {
            ScriptEntry::Name(name) => name.clone(),
            ScriptEntry::Plays(plays) => plays
                .iter()
                .map(PlayAnswer::written)
                .collect::<Vec<_>>()
                .join(", "),
            ScriptEntry::Flags(flags) => flags
                .iter()
                .map(bool::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            ScriptEntry::Names(names) => names.iter().cloned().collect::<Vec<_>>().join(", "),
            ScriptEntry::YesNo(yes) => yes.to_string(),
            ScriptEntry::Count(count) => count.to_string(),
        }
    }

    /// Whether no answer is left.
    fn is_empty(&self) -> bool {
        match self {
            ScriptEntry::Plays(plays) => plays.is_empty(),
            ScriptEntry::Flags(flags) => flags.is_empty(),
            ScriptEntry::Names(names) => names.is_empty(),
            ScriptEntry::Name(_) | ScriptEntry::YesNo(_) | ScriptEntry::Count(_) => false,
        }
    }
}

/// One player's scripted answers, by the key of `decisions:` and with how it is written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideScript(Vec<(&'static ScriptKey, ScriptEntry)>);

impl SideScript {
    /// Adds the answers of a key.
    pub fn put(&mut self, key: &'static ScriptKey, entry: ScriptEntry) {
        self.0.push((key, entry));
    }

    fn entry(&mut self, key: &str) -> Option<&mut ScriptEntry> {
        self.0
            .iter_mut()
            .find(|(known, _)| known.key == key)
            .map(|(_, entry)| entry)
    }
}

/// Both players' scripted answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    pub light: SideScript,
    pub dark: SideScript,
}

impl Script {
    /// Whether it answers nothing.
    pub fn is_empty(&self) -> bool {
        self.light.0.is_empty() && self.dark.0.is_empty()
    }
}

/// A named policy that answers what the script leaves open.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    ValueEnum,
    serde::Deserialize,
    serde::Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Block whenever a card matches; attack with the hand's highest card; keep the chosen
    /// defender; take the first weapon; use optional dueling text. Cards are read highest
    /// destiny first, ties by name, the same in `walk`, `repl` and `odds`.
    BlockWhenAble,
    /// Never block; otherwise as block-when-able.
    NeverBlock,
    /// Always the first legal option, cards read highest destiny (Clash: Power) first. In a
    /// duel the defender's first option is "no weapon", so he fights unarmed unless the
    /// script names his weapon; the walk says so there.
    FirstOption,
    /// Clash of the Lightsabers: plan and play the highest Attack Value; concede only when
    /// forced.
    Strongest,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::BlockWhenAble => "block-when-able",
            Policy::NeverBlock => "never-block",
            Policy::FirstOption => "first-option",
            Policy::Strongest => "strongest",
        }
    }

    /// Whether it answers decisions of this role its own way: `first-option` answers every
    /// decision; the blocking policies answer blocks, and `strongest` what is played by
    /// strength. A game none of whose decisions a policy answers so does not take it: it would
    /// play there as another policy.
    pub fn answers(self, role: PolicyRole) -> bool {
        match self {
            Policy::FirstOption => true,
            Policy::BlockWhenAble | Policy::NeverBlock => role == PolicyRole::Block,
            Policy::Strongest => role == PolicyRole::Strongest,
        }
    }

    /// The option this policy takes, reading the options as every command reads them
    /// ([`reading`]): the first read of those it looks for ([`Policy::seeks`]), so that the
    /// order of a list in the file (a hand, a planet's cards) never changes the play.
    pub fn choose(self, decision: &Decision, board: Option<&Board>) -> usize {
        let read = reading(decision, board);
        let options = &decision.options;
        // Of equal places, `min_by` keeps the first listed, as a stable sort would.
        let first_read =
            |places: &mut dyn Iterator<Item = usize>| places.min_by(|&a, &b| read(a, b));
        let first = || first_read(&mut (0..options.len())).unwrap_or(0);
        match self.seeks(decision) {
            Sought::First => first(),
            Sought::Strongest => (0..options.len())
                .filter(|&at| !options[at].declines)
                .min_by(|&a, &b| {
                    let strength = |at: usize| options[at].destiny.unwrap_or(0);
                    strength(b).cmp(&strength(a)).then_with(|| read(a, b))
                })
                .unwrap_or_else(first),
            Sought::FirstThat { declines } => {
                first_read(&mut (0..options.len()).filter(|&at| options[at].declines == declines))
                    .unwrap_or_else(first)
            }
        }
    }

    /// What this policy looks for among a decision's options, in whatever order they are
    /// read.
    pub fn seeks(self, decision: &Decision) -> Sought {
        match (decision.kind.policy, self) {
            (_, Policy::FirstOption) if decision.kind.policy != PolicyRole::Decline => {
                Sought::First
            }
            (PolicyRole::Strongest, Policy::Strongest) => Sought::Strongest,
            (PolicyRole::Decline, _)
            | (PolicyRole::Block, Policy::NeverBlock)
            | (PolicyRole::DeclineUnlessFirst, _) => Sought::FirstThat { declines: true },
            (PolicyRole::Block, Policy::BlockWhenAble) | (PolicyRole::TakeUnlessFirst, _) => {
                Sought::FirstThat { declines: false }
            }
            _ => Sought::First,
        }
    }
}

/// How every command reads a decision's options: options with a destiny, highest first, then
/// a card known only by its destiny before a named one, named cards by full name, then as
/// listed; the others after any with a destiny, as listed. Where no option has a destiny, the
/// options are read as listed (the rules' order: "no weapon" first, the chosen defender
/// first). Gives whether the option at one place is read before (`Less`) the option at
/// another; `Equal` keeps them as listed. The names are read from `board`, not from the
/// options, whose words a run need not write.
pub fn reading<'a>(
    decision: &'a Decision,
    board: Option<&'a Board>,
) -> impl Fn(usize, usize) -> std::cmp::Ordering + 'a {
    let sorted = decision
        .options
        .iter()
        .any(|option| option.destiny.is_some());
    let named = move |at: usize| {
        decision.options[at]
            .card
            .and_then(|id| board?.card(id))
            .filter(|card| !card.anonymous)
    };
    let destiny = move |at: usize| {
        let option = &decision.options[at];
        (
            option.destiny.is_none(),
            std::cmp::Reverse(option.destiny.unwrap_or(i32::MIN)),
        )
    };
    move |a, b| {
        if !sorted {
            return std::cmp::Ordering::Equal;
        }
        destiny(a)
            .cmp(&destiny(b))
            .then_with(|| match (named(a), named(b)) {
                (Some(x), Some(y)) => x.full_name_cmp(y),
                (x, y) => x.is_some().cmp(&y.is_some()),
            })
    }
}

/// What a policy looks for among a decision's options read in some order ([`Policy::seeks`]);
/// where none is what it looks for, it takes the first option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sought {
    /// The first option.
    First,
    /// The option of highest destiny that does not decline (no destiny counts as 0), the first
    /// read of those tied.
    Strongest,
    /// The first option that declines, or the first that does not.
    FirstThat { declines: bool },
}

/// A scripted answer that no decision read: the rules never asked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadAnswer {
    pub side: Side,
    /// The key of `decisions:` that gives it.
    pub key: &'static str,
    pub given: String,
}

/// A scripted answer the rules did not ask, and heard: it agrees with the one choice they
/// left, or it describes an attempt of its player that they refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeardAnswer {
    pub side: Side,
    /// The key of `decisions:` that gives it.
    pub key: &'static str,
    pub given: String,
    /// The decision it answers and the one choice the rules left; `None` for an answer that
    /// describes an attempt the rules refused.
    pub only_choice: Option<OnlyChoice>,
    /// Why the answer may not mean what it was heard as: a `pass` heard as declining a block
    /// the rules left no choice at, where a pass instead of the next attack was legal.
    pub caution: Option<String>,
    /// Its place in its key's list of answers (plays, flags, names); `None` for a key of one
    /// answer.
    pub at: Option<usize>,
}

/// A decision the rules left one choice to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlyChoice {
    pub prompt: String,
    /// The choice, as its option is labelled.
    pub choice: String,
    /// The rules that make it the only one.
    pub cites: Vec<crate::rules::Citation>,
}

impl HeardAnswer {
    /// An answer, as the script wrote it, that agrees with the one choice of `decision`.
    fn of_the_only_choice(decision: &Decision, given: String) -> HeardAnswer {
        let only = decision.options.first();
        HeardAnswer {
            side: decision.who,
            key: decision.kind.script.key,
            given,
            only_choice: Some(OnlyChoice {
                prompt: decision.prompt.clone(),
                choice: only
                    .map(|option| option.label.to_string())
                    .unwrap_or_default(),
                cites: only.map(|option| option.cites.to_vec()).unwrap_or_default(),
            }),
            caution: None,
            at: None,
        }
    }

    /// The answer as the scenario writes it: `decisions: light: weapon: none`.
    pub fn written(&self) -> String {
        format!(
            "decisions: {}: {}: {}",
            self.side.word(),
            self.key,
            crate::text::quoted(&self.given)
        )
    }

    /// What the walk says of it, the rules given as `rules` writes them, with its caution.
    pub fn said(&self, rules: &str) -> String {
        let said = self.said_alone(rules);
        match &self.caution {
            Some(caution) => format!("{said}. But {caution}"),
            None => said,
        }
    }

    fn said_alone(&self, rules: &str) -> String {
        match &self.only_choice {
            Some(only) => format!(
                "{}: the rules left one choice, {}{rules}, and the scenario's answer agrees ({})",
                crate::text::capitalised(&only.prompt),
                only.choice,
                self.written()
            ),
            None => format!(
                "{} describes the attempt the rules refuse, and was never asked",
                self.written()
            ),
        }
    }
}

impl UnreadAnswer {
    /// The answer as an error: it answers nothing the rules asked.
    fn said(&self) -> String {
        format!(
            "decisions: {}: {}: {} answers a decision the rules never asked",
            self.side.word(),
            self.key,
            crate::text::quoted(&self.given)
        )
    }
}

/// Answers from the script first, then from the policy if there is one.
#[derive(Clone, Debug)]
pub struct Scripted {
    pub script: Script,
    pub policy: Option<Policy>,
    /// How many answers each decision took from the script, for reporting.
    pub used: usize,
    /// The keys some decision read, forced ones included.
    read: std::collections::BTreeSet<(Side, &'static str)>,
    /// Answers that agree with the one choice the rules left, in the order heard.
    heard: Vec<HeardAnswer>,
    /// A `pass` just heard as declining a block the rules left no choice at: its side and
    /// place among `heard`, until that side's next decision says whether it may have meant a
    /// pass instead of attacking.
    pass_at_a_forced_block: Option<(Side, usize)>,
    /// How many answers of each list key each side's decisions have taken.
    taken: std::collections::BTreeMap<(Side, &'static str), usize>,
}

impl Scripted {
    pub fn new(script: Script, policy: Option<Policy>) -> Scripted {
        Scripted {
            script,
            policy,
            used: 0,
            read: Default::default(),
            heard: Vec::new(),
            pass_at_a_forced_block: None,
            taken: Default::default(),
        }
    }

    /// Counts an answer taken off a list key: its place in the list.
    fn took(&mut self, side: Side, key: &'static str) -> usize {
        let taken = self.taken.entry((side, key)).or_default();
        *taken += 1;
        *taken - 1
    }

    /// At a side's decision after a `pass` it heard as declining a forced block: where this
    /// decision is an attack at which a pass was legal (`declare-pass`), the `pass` may have
    /// meant that, and every later play would then be one off: its heard answer says so.
    fn after_a_heard_pass(&mut self, decision: &Decision) {
        let Some((side, at)) = self.pass_at_a_forced_block else {
            return;
        };
        if decision.who != side {
            return;
        }
        self.pass_at_a_forced_block = None;
        // A pass the player may choose instead of an attack he may make (one who has passed
        // already passes again, with no choice).
        let pass_legal = decision.kind.declines_only_as_itself
            && decision.options.iter().any(|option| option.declines)
            && decision.options.iter().any(|option| !option.declines);
        if !pass_legal {
            return;
        }
        if let Some(heard) = self.heard.get_mut(at) {
            heard.caution = Some(format!(
                "the {} player's next attack could have been a pass instead, written `{}`: if this `pass` meant that, every later play of his is one off",
                side.label(),
                decision.kind.declines_as,
            ));
        }
    }

    /// The script's answers of a key for a side, marked as read.
    fn entry(&mut self, who: Side, key: &'static str) -> Option<&mut ScriptEntry> {
        self.read.insert((who, key));
        self.side(who).entry(key)
    }

    /// The answers the script gives that no decision asked for, in side and key order: every
    /// single answer no decision read, then answers left over where the key says they count.
    pub fn unread(&self) -> Vec<UnreadAnswer> {
        let mut unread = Vec::new();
        for (side, script) in [
            (Side::Light, &self.script.light),
            (Side::Dark, &self.script.dark),
        ] {
            let singles = script
                .0
                .iter()
                .filter(|(key, _)| key.answer.is_single())
                .filter(|(key, _)| !self.read.contains(&(side, key.key)));
            let leftovers = script
                .0
                .iter()
                .filter(|(key, entry)| key.leftover_unasked && !entry.is_empty());
            for (key, entry) in singles.chain(leftovers) {
                unread.push(UnreadAnswer {
                    side,
                    key: key.key,
                    given: entry.written(),
                });
            }
        }
        unread
    }

    fn side(&mut self, side: Side) -> &mut SideScript {
        match side {
            Side::Light => &mut self.script.light,
            Side::Dark => &mut self.script.dark,
        }
    }

    /// The scripted answer to a decision asked once (a name, yes or no, a count): the option
    /// it means, or what it gives that is no option.
    fn single(&mut self, decision: &Decision) -> Option<Result<usize, NoOption>> {
        let kind = decision.kind;
        let entry = self.entry(decision.who, kind.script.key)?.clone();
        Some(match entry {
            ScriptEntry::Name(name) => by_name(decision, &name).ok_or(NoOption(name)),
            ScriptEntry::YesNo(yes) => {
                yes_no(decision, yes).ok_or_else(|| NoOption(yes.to_string()))
            }
            ScriptEntry::Count(count) => usize::try_from(count)
                .ok()
                .filter(|index| *index < decision.options.len())
                .ok_or_else(|| NoOption(count.to_string())),
            other => return Some(Err(NoOption(other.written()))),
        })
    }

    /// The next scripted answer from a list (plays, flags, names), taken off it.
    fn next_in_list(&mut self, decision: &Decision) -> Option<Result<usize, NoOption>> {
        let kind = decision.kind;
        let answer = match self.side(decision.who).entry(kind.script.key)? {
            ScriptEntry::Plays(plays) => plays.pop_front().map(|play| answer_play(decision, play)),
            ScriptEntry::Flags(flags) => flags
                .pop_front()
                .map(|yes| yes_no(decision, yes).ok_or_else(|| NoOption(yes.to_string()))),
            ScriptEntry::Names(names) => names
                .pop_front()
                .map(|name| by_name(decision, &name).ok_or(NoOption(name))),
            _ => None,
        };
        if answer.is_some() {
            self.took(decision.who, kind.script.key);
        }
        answer
    }
}

/// What a script gave that is none of a decision's options, as it wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NoOption(String);

/// The option that says yes (takes) or no (declines).
fn yes_no(decision: &Decision, yes: bool) -> Option<usize> {
    decision.options.iter().position(|o| o.declines != yes)
}

/// Whether an answer declines: `none`, `no`, `pass`, `keep`, `no weapon`, `stop`.
pub fn is_none_word(text: &str) -> bool {
    matches!(
        matching::normalise(text).as_str(),
        "none" | "no" | "pass" | "keep" | "no weapon" | "stop"
    )
}

/// The option a card name means, by forgiving match among the options' card names.
fn by_name(decision: &Decision, name: &str) -> Option<usize> {
    // An option named outright, such as `concede`.
    if let Some(index) = decision.options.iter().position(|o| {
        o.name
            .as_deref()
            .is_some_and(|known| known.eq_ignore_ascii_case(name.trim()))
    }) {
        return Some(index);
    }
    // A word that declines (`none`, `pass`) declines a decision only its own word declines
    // (`declare-pass`) not at all.
    if is_none_word(name) {
        return decision
            .options
            .iter()
            .position(|o| o.declines)
            .filter(|_| !decision.kind.declines_only_as_itself);
    }
    // One card per name and aliases: the options of identical cards (a hand of one title)
    // name it once.
    let mut seen = std::collections::HashSet::new();
    let cards: Vec<Card> = decision
        .options
        .iter()
        .filter_map(|o| {
            let name = o.name.as_deref()?;
            if !seen.insert((name, o.aliases.as_slice())) {
                return None;
            }
            let mut card = Card::named(name, Game::YoungJedi);
            card.aliases = o.aliases.clone();
            Some(card)
        })
        .collect();
    let found = find(&cards, name).ok()?;
    let wanted = found.first()?.full_name();
    decision
        .options
        .iter()
        .position(|o| !o.declines && o.name.as_deref() == Some(wanted.as_str()))
}

/// The option a scripted play means: a number (a destiny or Attack Value), a name, `pass`.
fn answer_play(decision: &Decision, play: PlayAnswer) -> Result<usize, NoOption> {
    match play {
        PlayAnswer::Pass => decision
            .options
            .iter()
            .position(|o| o.declines)
            .filter(|_| !decision.kind.declines_only_as_itself)
            .ok_or_else(|| NoOption("pass".to_string())),
        PlayAnswer::Destiny(number) => decision
            .options
            .iter()
            .position(|o| !o.declines && o.destiny == Some(number))
            .ok_or_else(|| NoOption(number.to_string())),
        // A decision's own word for declining it (`declare-pass`).
        PlayAnswer::Name(name)
            if decision.kind.declines_only_as_itself
                && matching::normalise(&name) == matching::normalise(decision.kind.declines_as) =>
        {
            decision
                .options
                .iter()
                .position(|o| o.declines)
                .ok_or(NoOption(name))
        }
        PlayAnswer::Name(name) => by_name(decision, &name).ok_or(NoOption(name)),
        // A block answers a block decision only.
        PlayAnswer::Block(number) => decision
            .options
            .iter()
            .position(|o| !o.declines && o.destiny == Some(number))
            .filter(|_| decision.kind.is_a_block())
            .ok_or_else(|| NoOption(format!("block {number}"))),
    }
}

/// Whether a decision's options are chosen by letter at a prompt: where they carry destiny
/// numbers or Attack Values, or the answer is a count, a number typed means that number,
/// never an option's place.
pub fn lettered(decision: &Decision) -> bool {
    decision.kind.answer() == Answer::Count
        || decision
            .options
            .iter()
            .any(|option| option.destiny.is_some())
}

/// What makes two options of a decision the same choice: label, destiny, name, declining.
type Alike<'a> = (&'a str, Option<i32>, Option<&'a str>, bool);

/// The decision's distinct choices, as a prompt lists them: each the index of its first
/// option and how many cards it stands for (identical cards in a hand are one choice), its
/// options' repeats counted ([`Decision::more`]).
pub fn distinct_choices(decision: &Decision) -> Vec<(usize, usize)> {
    let repeats = decision.more.of_each(decision.options.len());
    let mut choices: Vec<(usize, usize)> = Vec::new();
    // Each distinct choice's place in `choices`, found by what makes options alike.
    let mut seen: std::collections::HashMap<Alike<'_>, usize> = std::collections::HashMap::new();
    for (index, option) in decision.options.iter().enumerate() {
        let key = (
            &*option.label,
            option.destiny,
            option.name.as_deref(),
            option.declines,
        );
        let cards = 1 + repeats.get(index).copied().unwrap_or(0);
        match seen.get(&key).and_then(|at| choices.get_mut(*at)) {
            Some((_, count)) => *count += cards,
            None => {
                seen.insert(key, choices.len());
                choices.push((index, cards));
            }
        }
    }
    choices
}

/// How a prompt marks its `index`th distinct choice: `1`, `2`, ... or, for a lettered
/// decision, `a`, `b`, ..., `z`, `aa`, ...
pub fn marker(decision: &Decision, index: usize) -> String {
    if !lettered(decision) {
        return (index + 1).to_string();
    }
    let mut letters = Vec::new();
    let mut rest = index;
    loop {
        letters.push(char::from(b'a' + (rest % 26) as u8));
        if rest < 26 {
            break;
        }
        rest = rest / 26 - 1;
    }
    letters.iter().rev().collect()
}

/// The option a typed marker means (the first of its choice), if it is one of the
/// decision's markers.
pub fn by_marker(decision: &Decision, text: &str) -> Option<usize> {
    let text = text.trim().to_ascii_lowercase();
    distinct_choices(decision)
        .into_iter()
        .enumerate()
        .find(|(choice, _)| marker(decision, *choice) == text)
        .map(|(_, (first, _))| first)
}

/// The option an answer typed at a prompt means, read as a script would read it: a card name,
/// a destiny number or Attack Value, `pass`, `none`, or yes and no for optional text.
pub fn answer_text(decision: &Decision, text: &str) -> Option<usize> {
    let text = text.trim();
    match decision.kind.answer() {
        Answer::Count => {
            if is_none_word(text) {
                return Some(0);
            }
            return text
                .parse::<usize>()
                .ok()
                .filter(|count| *count < decision.options.len());
        }
        Answer::Flags | Answer::YesNo => {
            // A yes or a no; anything else is not an answer (an option's name or number is
            // read below).
            match text.to_ascii_lowercase().as_str() {
                "yes" | "y" | "true" => return yes_no(decision, true),
                "no" | "n" | "false" => return yes_no(decision, false),
                _ if is_none_word(text) => return yes_no(decision, false),
                _ => {}
            }
        }
        _ => {}
    }
    let play = match text.parse::<i32>() {
        Ok(number) => PlayAnswer::Destiny(number),
        Err(_) if matching::normalise(text) == "pass" => PlayAnswer::Pass,
        Err(_) => PlayAnswer::Name(text.to_string()),
    };
    answer_play(decision, play).ok()
}

impl Decider for Scripted {
    fn unread(&self) -> Vec<String> {
        Scripted::unread(self)
            .into_iter()
            .map(|unread| unread.said())
            .collect()
    }

    fn volunteers(&mut self, decision: &Decision) -> bool {
        let key = decision.kind.script.key;
        match decision.kind.volunteer {
            Volunteer::Never => false,
            Volunteer::WhenScripted => self
                .side(decision.who)
                .entry(key)
                .is_some_and(|entry| !entry.is_empty()),
            Volunteer::WhenNext(word) => matches!(
                self.side(decision.who).entry(key),
                Some(ScriptEntry::Plays(plays))
                    if matches!(plays.front(), Some(PlayAnswer::Name(name)) if name.eq_ignore_ascii_case(word))
            ),
        }
    }

    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        self.after_a_heard_pass(decision);
        if !decision.kind.answer().is_single() {
            // A play that claims a block, or declines one, is this decision's: heard if it
            // agrees with the one choice, refused if not; so is the decision's own word for
            // declining it (`declare-pass`). Other plays are the next ones. Where every play
            // of the key answers this kind (a lap card), the next play is its.
            let owns_every_play = decision.kind.script.leftover_unasked;
            let Some(ScriptEntry::Plays(plays)) =
                self.side(decision.who).entry(decision.kind.script.key)
            else {
                return Ok(());
            };
            let claim = match plays.front() {
                Some(play @ (PlayAnswer::Block(_) | PlayAnswer::Pass))
                    if decision.kind.is_a_block() =>
                {
                    play.clone()
                }
                Some(play @ PlayAnswer::Name(name))
                    if decision.kind.declines_only_as_itself
                        && matching::normalise(name)
                            == matching::normalise(decision.kind.declines_as) =>
                {
                    play.clone()
                }
                Some(play) if owns_every_play => play.clone(),
                _ => return Ok(()),
            };
            plays.pop_front();
            self.read.insert((decision.who, decision.kind.script.key));
            let at = self.took(decision.who, decision.kind.script.key);
            return match answer_play(decision, claim.clone()) {
                Ok(_) => {
                    let mut heard = HeardAnswer::of_the_only_choice(decision, claim.written());
                    heard.at = Some(at);
                    self.heard.push(heard);
                    if matches!(claim, PlayAnswer::Pass) && decision.kind.is_a_block() {
                        self.pass_at_a_forced_block =
                            Some((decision.who, self.heard.len().saturating_sub(1)));
                    }
                    Ok(())
                }
                Err(NoOption(given)) => Err(Unanswered::not_legal(given)),
            };
        }
        match self.single(decision) {
            Some(Err(NoOption(given))) => Err(Unanswered::not_legal(given)),
            // A name that means another card is the name; a yes or a count, the option.
            Some(Ok(choice)) if choice != 0 => Err(Unanswered::not_legal(
                match self.side(decision.who).entry(decision.kind.script.key) {
                    Some(ScriptEntry::Name(name)) => name.clone(),
                    _ => choice.to_string(),
                },
            )),
            Some(Ok(_)) => {
                let given = self
                    .side(decision.who)
                    .entry(decision.kind.script.key)
                    .map(|entry| entry.written())
                    .unwrap_or_default();
                self.heard
                    .push(HeardAnswer::of_the_only_choice(decision, given));
                Ok(())
            }
            None => Ok(()),
        }
    }

    fn heard(&self) -> Vec<HeardAnswer> {
        self.heard.clone()
    }

    fn place_of_last(&self, side: Side, key: &str) -> Option<usize> {
        self.taken
            .iter()
            .find(|((known_side, known_key), _)| *known_side == side && *known_key == key)
            .and_then(|(_, taken)| taken.checked_sub(1))
    }

    fn unread_of_a_refused_attempt(&self, side: Side) -> (Vec<HeardAnswer>, Vec<String>) {
        let (heard, unread): (Vec<UnreadAnswer>, Vec<UnreadAnswer>) = Scripted::unread(self)
            .into_iter()
            .partition(|unread| unread.side == side);
        let heard = heard
            .into_iter()
            .map(|unread| HeardAnswer {
                side: unread.side,
                key: unread.key,
                given: unread.given,
                only_choice: None,
                caution: None,
                at: None,
            })
            .collect();
        let unread = unread.into_iter().map(|unread| unread.said()).collect();
        (heard, unread)
    }

    fn decide(&mut self, decision: &Decision, board: Option<&Board>) -> Result<usize, Unanswered> {
        self.after_a_heard_pass(decision);
        let answer = if decision.kind.answer().is_single() {
            self.single(decision)
        } else {
            self.next_in_list(decision)
        };
        match answer {
            Some(Ok(choice)) => {
                self.used += 1;
                Ok(choice)
            }
            Some(Err(NoOption(given))) => Err(Unanswered::not_legal(given)),
            None => match self.policy {
                Some(policy) => Ok(policy.choose(decision, board)),
                None => Err(Unanswered::NotScripted),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option a policy takes among `options` read in the order given: its place in that
    /// order (the reference [`Policy::choose`] is held to).
    fn choose_among<'a>(
        policy: Policy,
        decision: &Decision,
        mut options: impl Iterator<Item = &'a crate::engine::DecisionOption>,
    ) -> usize {
        match policy.seeks(decision) {
            Sought::First => 0,
            Sought::Strongest => options
                .enumerate()
                .filter(|(_, o)| !o.declines)
                .max_by_key(|(index, o)| (o.destiny.unwrap_or(0), std::cmp::Reverse(*index)))
                .map_or(0, |(index, _)| index),
            Sought::FirstThat { declines } => {
                options.position(|o| o.declines == declines).unwrap_or(0)
            }
        }
    }

    /// A policy chooses without putting the options in order ([`Policy::choose`]) what it
    /// would choose from the options sorted as they are read ([`reading`]). Over every role,
    /// policy and a few hundred option lists (destinies with ties, none, declining options),
    /// both take the same option.
    #[test]
    fn a_policy_chooses_as_it_would_from_the_options_sorted() {
        use crate::engine::decisions::{PLAN, PolicyRole, Volunteer};
        use crate::engine::{DecisionKind, DecisionOption};
        const fn kind(policy: PolicyRole) -> DecisionKind {
            DecisionKind {
                name: "plan",
                script: PLAN,
                policy,
                volunteer: Volunteer::Never,
                declines_as: "none",
                declines_only_as_itself: false,
            }
        }
        static KINDS: [DecisionKind; 6] = [
            kind(PolicyRole::First),
            kind(PolicyRole::Decline),
            kind(PolicyRole::DeclineUnlessFirst),
            kind(PolicyRole::TakeUnlessFirst),
            kind(PolicyRole::Block),
            kind(PolicyRole::Strongest),
        ];
        let policies = [
            Policy::BlockWhenAble,
            Policy::NeverBlock,
            Policy::FirstOption,
            Policy::Strongest,
        ];
        let board = crate::board::Board::new(crate::rules::Ruleset::default(), 0);
        // A fixed sequence of small numbers: the lists are the same on every run.
        let mut state = 7u32;
        let mut next = |below: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) % below
        };
        for _ in 0..300 {
            let count = 1 + next(6) as usize;
            let options: Vec<DecisionOption> = (0..count)
                .map(|_| DecisionOption {
                    label: "".into(),
                    card: None,
                    name: None,
                    aliases: Vec::new(),
                    destiny: (next(4) != 0).then(|| next(4) as i32),
                    declines: next(3) == 0,
                    cites: Vec::new().into(),
                })
                .collect();
            for kind in &KINDS {
                let decision = Decision {
                    kind,
                    who: Side::Light,
                    prompt: String::new(),
                    options: options.clone(),
                    more: crate::engine::Repeats::default(),
                };
                let read = reading(&decision, Some(&board));
                let mut order: Vec<usize> = (0..count).collect();
                order.sort_by(|&a, &b| read(a, b));
                for policy in policies {
                    let in_order = choose_among(
                        policy,
                        &decision,
                        order.iter().map(|&at| &decision.options[at]),
                    );
                    assert_eq!(
                        policy.choose(&decision, Some(&board)),
                        order[in_order],
                        "{policy:?} on {:?}: {options:?}",
                        kind.policy
                    );
                }
            }
        }
    }

    use crate::engine::DecisionOption;
    use crate::engine::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};
    use std::borrow::Cow;

    const WHETHER: &DecisionKind = &DecisionKind {
        name: "whether",
        script: &ScriptKey {
            key: "whether",
            answer: Answer::YesNo,
            about: "A yes-or-no decision, for the test.",
            leftover_unasked: false,
        },
        policy: PolicyRole::First,
        volunteer: Volunteer::Never,
        declines_as: "none",
        declines_only_as_itself: false,
    };

    fn option(label: &'static str, declines: bool) -> DecisionOption {
        DecisionOption {
            label: Cow::Borrowed(label),
            card: None,
            name: Some(Cow::Borrowed(label)),
            aliases: Vec::new(),
            destiny: None,
            declines,
            cites: Cow::Borrowed(&[]),
        }
    }

    #[test]
    fn a_yes_or_no_prompt_takes_yes_no_or_an_option_and_nothing_else() {
        let decision = Decision {
            kind: WHETHER,
            who: Side::Light,
            prompt: "thrust?".to_string(),
            options: vec![option("keep", true), option("thrust", false)],
            more: crate::engine::Repeats::default(),
        };
        assert_eq!(answer_text(&decision, "yes"), Some(1));
        assert_eq!(answer_text(&decision, "N"), Some(0));
        assert_eq!(answer_text(&decision, "thrust"), Some(1));
        assert_eq!(
            answer_text(&decision, "maybe"),
            None,
            "asked again, not taken as no"
        );
        assert_eq!(answer_text(&decision, "later"), None);
    }
}
