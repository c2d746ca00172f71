//! Odds: the chance of every ending of a procedure from a position, summed exactly over every distinguishable way its draw decks can fall, or sampled with a 95 % interval where they are too many; and the best answer to a pending decision.
//!
//! The unknowns are the order of each draw deck. A run of the procedure is the same walk
//! `walk` makes, played by policy; the odds watch which cards it draws from each deck, in
//! batches (the cards one event draws). A batch goes into a hand, whose order the odds do
//! not read (the policies choose among a hand's cards by destiny, highest first), so a
//! batch is a multiset: identical cards (the same definition and state) are one case.
//! Exact odds grow a tree: run with what is decided of each deck's top, find the first
//! batch not yet decided, and branch on every multiset it can hold, each with its
//! hypergeometric chance. A deck stops being followed once cards go back into it (the duel's
//! reshuffle): what is drawn after that (damage) counts cards, not which.
//!
//! Every run below a node passes through the same state: the one before the turn of its loop
//! that drew the batch the node branches on. That state is made once (the node's run made
//! again, up to that turn), and the runs below resume from it, their decks put in their own
//! order less the cards already drawn. A state whose decks were not only drawn from (a card
//! put back, a deck shuffled) is not resumed from: the runs below make it again.

use std::collections::{BTreeMap, BTreeSet};

use num_bigint::BigUint;
use num_rational::Ratio;
use num_traits::{One, ToPrimitive, Zero};

use super::contract::{Procedure, Table};
use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::engine::deciders::{Policy, Script, Scripted};
use crate::engine::{
    Decider, Decision, Event, EventKind, Simulated, Stop, Turns, Unanswered, Words,
};
use crate::random::Random;
use crate::rules::{Assumption, Choices, Citation, Corpus};

/// An exact chance.
pub type Chance = Ratio<BigUint>;

/// How a procedure's result ended, as the odds count it ([`super::contract::Procedure::ENDING`]).
pub type EndingOf<R> = fn(&R) -> Result<Ending, OddsRefusal>;

/// How many leaves the tree may be estimated to have before `auto` samples instead.
pub const EXACT_LIMIT: u64 = 50_000;

/// How many distinguishable draws an exact answer asked for (`--exact`) may be estimated to
/// sum: past it, the answer is refused at once with the estimate, rather than run for hours.
pub const EXACT_MOST: u64 = 10_000_000;

/// How many runs an exact answer under `auto` may take before it gives up and samples.
pub const RUN_LIMIT: u64 = 200_000;

/// The most distinguishable draws one draw may branch into, even under `--exact`: past it the
/// answer is refused, and a sample asked for instead.
pub const MAX_BRANCHES: u64 = 1_000_000;

/// The samples a sampled answer takes unless told (`--samples`).
pub const DEFAULT_SAMPLES: u32 = 10_000;

/// The most samples a sampled answer may take.
pub const MAX_SAMPLES: u32 = 10_000_000;

/// The policies the two sides play by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policies {
    pub light: Policy,
    pub dark: Policy,
}

impl Policies {
    pub fn of(self, side: Side) -> Policy {
        match side {
            Side::Light => self.light,
            Side::Dark => self.dark,
        }
    }
}

/// Exact, sampled, or exact where the tree is small enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Auto,
    Exact,
    Sampled(u32),
    /// The reference the exact answer is measured against: every order of every deck, its
    /// cards told apart, one run each, up to this many runs (a benchmark's and a test's; the
    /// command does not offer it).
    EveryOrder(u64),
}

/// How far a long answer has got, for a progress bar; the answer to it says whether to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Runs made.
    pub runs: u64,
    /// Runs expected in all, where known.
    pub expected: Option<u64>,
}

/// Whether to go on after a report of progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Go,
    /// Stop, and answer with what was reached (labelled partial).
    Stop,
}

/// What an odds answer asks.
pub struct OddsRequest<'a> {
    pub corpus: &'a Corpus,
    /// The action run: one of the procedure's.
    pub action: &'static str,
    /// The scenario's choices of named assumptions.
    pub choices: Choices,
    pub policies: Policies,
    pub method: Method,
    /// The most distinguishable draws an exact answer asked for may be estimated to sum
    /// ([`EXACT_MOST`] unless told): past it, it is refused at once.
    pub exact_most: u64,
    /// Answer the pending decision of this side: every option, then each side's best at its
    /// open choices and the policies in the exchange.
    pub best: Option<Side>,
    /// Told every so many runs; may stop the answer.
    pub progress: &'a mut dyn FnMut(Progress) -> Flow,
    /// Whether the runs build their words: the answer is the same either way, and faster
    /// without (`Words::Unread`, what the command asks). The naive reference
    /// (`Method::EveryOrder`) always builds them, as a walk does.
    pub words: Words,
    /// The scenario's `decisions:`: facts for the open choices they state (who duels, with
    /// what); inside the exchange the policies play.
    pub script: Script,
}

/// One way a procedure can end, as the odds count it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
pub struct Ending {
    /// Whose character is defeated, if either's.
    pub defeated: Option<Side>,
    /// Hit tokens on the Light Side's character when the exchange ended.
    pub light_hits: u32,
    /// Hit tokens on the Dark Side's character when the exchange ended.
    pub dark_hits: u32,
    /// Damage the Light Side takes.
    pub light_damage: i32,
    /// Damage the Dark Side takes.
    pub dark_damage: i32,
    /// Who wins by deck victory, if anyone.
    pub deck_victory: Option<Side>,
    /// What one side sets out to do in the procedure, where it sets out to do something
    /// beyond the fights (an evacuation, a lap): whether it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
}

/// What one side sets out to do in a procedure, and whether it did.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
pub struct Goal {
    /// The side that sets out to do it.
    pub side: Side,
    pub kind: &'static GoalKind,
    pub reached: bool,
}

/// What a side sets out to do, as the procedure that sets it says it (each procedure names
/// its own goal: an evacuation, a lap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GoalKind {
    /// Its word in the JSON: `evacuation`, `lap`.
    pub name: &'static str,
    /// Reaching it, in words, `{side}` standing for the side: "the {side}'s evacuation
    /// succeeds".
    pub reached: &'static str,
}

impl GoalKind {
    /// What reaching it is, in words: "the Light Side's evacuation succeeds".
    pub fn reached_words(self, side: Side) -> String {
        self.reached.replace("{side}", side.label())
    }
}

impl serde::Serialize for GoalKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

impl schemars::JsonSchema for GoalKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "GoalKind".into()
    }

    /// The goal's word: `evacuation`, `lap`.
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "The goal's word, as its procedure names it: `evacuation` (a transport survives the evacuation), `lap` (a lap token placed in the Deploy step)."
        })
    }
}

impl Ending {
    pub fn hits(&self, side: Side) -> u32 {
        match side {
            Side::Light => self.light_hits,
            Side::Dark => self.dark_hits,
        }
    }

    pub fn damage(&self, side: Side) -> i32 {
        match side {
            Side::Light => self.light_damage,
            Side::Dark => self.dark_damage,
        }
    }
}

/// The chance of each ending: exact, or counted over samples.
#[derive(Clone, Debug, PartialEq)]
pub enum Distribution {
    Exact(BTreeMap<Ending, Chance>),
    Sampled {
        counts: BTreeMap<Ending, u64>,
        samples: u64,
    },
}

/// The chance of one event (an ending, or a set of them): exact, or a count over samples.
#[derive(Clone, Debug, PartialEq)]
pub enum Estimate {
    Exact(Chance),
    /// Of an exact answer stopped before its end: the chance summed over the cases reached,
    /// which the chance is at least, and the chance of the cases not reached, which it is at
    /// most more.
    AtLeast {
        reached: Chance,
        unreached: Chance,
    },
    Sampled {
        hits: u64,
        samples: u64,
    },
}

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Estimate {
    /// The chance as a number in 0..=1.
    pub fn value(&self) -> f64 {
        match self {
            Estimate::Exact(chance)
            | Estimate::AtLeast {
                reached: chance, ..
            } => ratio_f64(chance),
            Estimate::Sampled { hits, samples } => {
                if *samples == 0 {
                    0.0
                } else {
                    *hits as f64 / *samples as f64
                }
            }
        }
    }

    /// The 95 % interval of a sampled chance (Wilson's score interval); none for an exact one.
    pub fn interval(&self) -> Option<(f64, f64)> {
        let Estimate::Sampled { hits, samples } = self else {
            return None;
        };
        if *samples == 0 {
            return Some((0.0, 1.0));
        }
        let n = *samples as f64;
        let p = *hits as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Some(((centre - half).max(0.0), (centre + half).min(1.0)))
    }

    /// The exact fraction, for an exact chance (for a part of one, the part reached).
    pub fn fraction(&self) -> Option<&Chance> {
        match self {
            Estimate::Exact(chance)
            | Estimate::AtLeast {
                reached: chance, ..
            } => Some(chance),
            Estimate::Sampled { .. } => None,
        }
    }

    /// The most the chance can be, for a part of an exact answer: what was reached and every
    /// case not reached.
    pub fn at_most(&self) -> Option<f64> {
        match self {
            Estimate::AtLeast { reached, unreached } => {
                Some((ratio_f64(reached) + ratio_f64(unreached)).min(1.0))
            }
            Estimate::Exact(_) | Estimate::Sampled { .. } => None,
        }
    }
}

/// A ratio of big numbers as a float, without overflow for long numbers.
pub fn ratio_f64(chance: &Chance) -> f64 {
    let (numer, denom) = (chance.numer(), chance.denom());
    if denom.is_zero() {
        return 0.0;
    }
    let shift = denom.bits().saturating_sub(60);
    let numer = (numer >> shift).to_f64().unwrap_or(0.0);
    let denom = (denom >> shift).to_f64().unwrap_or(1.0);
    if denom == 0.0 { 0.0 } else { numer / denom }
}

impl Distribution {
    fn empty(exact: bool) -> Distribution {
        if exact {
            Distribution::Exact(BTreeMap::new())
        } else {
            Distribution::Sampled {
                counts: BTreeMap::new(),
                samples: 0,
            }
        }
    }

    /// The chance that the ending is one `which` accepts.
    /// Where the answer was stopped part way, the chances of the endings reached sum to less
    /// than 1, and each is a bound ([`Estimate::AtLeast`]).
    pub fn chance(&self, which: impl Fn(&Ending) -> bool) -> Estimate {
        match self {
            Distribution::Exact(endings) => {
                let mut reached = Chance::zero();
                let mut total = Chance::zero();
                for (ending, chance) in endings {
                    if which(ending) {
                        reached += chance;
                    }
                    total += chance;
                }
                if total.is_one() {
                    Estimate::Exact(reached)
                } else {
                    let unreached = if total < Chance::one() {
                        Chance::one() - total
                    } else {
                        Chance::zero()
                    };
                    Estimate::AtLeast { reached, unreached }
                }
            }
            Distribution::Sampled { counts, samples } => Estimate::Sampled {
                hits: counts
                    .iter()
                    .filter(|(ending, _)| which(ending))
                    .map(|(_, count)| count)
                    .sum(),
                samples: *samples,
            },
        }
    }

    /// The endings, each with its chance, in the order of endings.
    pub fn endings(&self) -> Vec<(Ending, Estimate)> {
        match self {
            Distribution::Exact(endings) => endings
                .iter()
                .map(|(ending, chance)| (*ending, Estimate::Exact(chance.clone())))
                .collect(),
            Distribution::Sampled { counts, samples } => counts
                .iter()
                .map(|(ending, hits)| {
                    (
                        *ending,
                        Estimate::Sampled {
                            hits: *hits,
                            samples: *samples,
                        },
                    )
                })
                .collect(),
        }
    }

    /// The expected value of `of` over the endings: exact where the distribution is.
    pub fn expected(&self, of: impl Fn(&Ending) -> i64) -> Expected {
        match self {
            Distribution::Exact(endings) => {
                let mut positive = Chance::zero();
                let mut negative = Chance::zero();
                for (ending, chance) in endings {
                    let value = of(ending);
                    let magnitude = Chance::from_integer(BigUint::from(value.unsigned_abs()));
                    if value >= 0 {
                        positive += magnitude * chance;
                    } else {
                        negative += magnitude * chance;
                    }
                }
                Expected::Exact { positive, negative }
            }
            Distribution::Sampled { counts, samples } => {
                let total: i128 = counts
                    .iter()
                    .map(|(ending, count)| i128::from(of(ending)) * i128::from(*count))
                    .sum();
                Expected::Sampled(if *samples == 0 {
                    0.0
                } else {
                    total as f64 / *samples as f64
                })
            }
        }
    }

    /// The chance the distribution covers: 1, unless the answer was stopped part way.
    pub fn covered(&self) -> Estimate {
        self.chance(|_| true)
    }

    /// Whether it is part of an exact answer, stopped before its end: its chances sum to
    /// less than 1.
    pub fn is_part(&self) -> bool {
        matches!(self.covered(), Estimate::AtLeast { .. })
    }

    fn add_exact(&mut self, ending: Ending, chance: Chance) {
        if let Distribution::Exact(endings) = self {
            *endings.entry(ending).or_insert_with(Chance::zero) += chance;
        }
    }

    /// Adds another sampled distribution's counts to this one.
    fn absorb(&mut self, other: Distribution) {
        if let (
            Distribution::Sampled { counts, samples },
            Distribution::Sampled {
                counts: more,
                samples: taken,
            },
        ) = (self, other)
        {
            for (ending, count) in more {
                *counts.entry(ending).or_insert(0) += count;
            }
            *samples += taken;
        }
    }

    fn add_sample(&mut self, ending: Ending) {
        if let Distribution::Sampled { counts, samples } = self {
            *counts.entry(ending).or_insert(0) += 1;
            *samples += 1;
        }
    }
}

/// An expected value: exact as a signed fraction (positive part less negative part), or
/// estimated.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    Exact { positive: Chance, negative: Chance },
    Sampled(f64),
}

impl Expected {
    pub fn value(&self) -> f64 {
        match self {
            Expected::Exact { positive, negative } => ratio_f64(positive) - ratio_f64(negative),
            Expected::Sampled(value) => *value,
        }
    }

    /// The exact value as a fraction with its sign (`-3/2`), where it is exact.
    pub fn fraction(&self) -> Option<String> {
        let Expected::Exact { positive, negative } = self else {
            return None;
        };
        Some(if positive >= negative {
            fraction_text(&(positive - negative))
        } else {
            format!("-{}", fraction_text(&(negative - positive)))
        })
    }
}

/// A fraction as `3/8`, or `0`, `1`.
pub fn fraction_text(chance: &Chance) -> String {
    if chance.denom().is_one() {
        chance.numer().to_string()
    } else {
        format!("{}/{}", chance.numer(), chance.denom())
    }
}

/// The most digits a denominator may have for its fraction to be shown in words: a longer
/// fraction is shown as its percentage alone (the JSON keeps it exact).
pub const SHOWN_DENOMINATOR_DIGITS: usize = 6;

/// Whether a fraction as [`fraction_text`] writes it (`3/8`, `1`) is short enough to read.
pub fn readable_fraction(fraction: &str) -> bool {
    fraction.split('/').nth(1).unwrap_or("1").len() <= SHOWN_DENOMINATOR_DIGITS
}

/// One kind of card in a draw deck: identical cards, counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckKind {
    /// The card's name as shown (a card known by its destiny: `a card with destiny 4`).
    pub name: String,
    pub destiny: Option<i32>,
    pub count: usize,
}

/// What the odds know of a side's draw deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckModel {
    pub side: Side,
    pub cards: usize,
    /// The deck is given only as a count: its cards are unknown.
    pub counted: bool,
    /// Its kinds, highest destiny first.
    pub kinds: Vec<DeckKind>,
    /// Whether any run drew from it before cards went back into it.
    pub drawn_from: bool,
}

/// How the answer was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// Every distinguishable draw: the number of cases (leaves) summed.
    Exact { cases: u64 },
    /// Random deck orders from the seed.
    Sampled { samples: u64, seed: u64 },
}

/// The answer for one option of the pending decision.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionOdds {
    pub label: String,
    /// How many of the decision's options it stands for (identical cards).
    pub stands_for: usize,
    pub distribution: Distribution,
}

/// The pending decision, answered option by option.
#[derive(Clone, Debug, PartialEq)]
pub struct BestAnswer {
    pub side: Side,
    pub prompt: String,
    pub options: Vec<OptionOdds>,
    /// The index in `options` of the best one.
    pub best: usize,
}

impl BestAnswer {
    /// What the best option is chosen by, after the goal ([`BestAnswer::goal`]): the damage
    /// the opponent is expected to take, less the damage the side is expected to take.
    pub fn margin(side: Side, distribution: &Distribution) -> Expected {
        distribution.expected(|ending| {
            i64::from(ending.damage(side.opponent())) - i64::from(ending.damage(side))
        })
    }

    /// What the best option is chosen by first, where the procedure has a goal (an
    /// evacuation, a lap): the chance the side reaches its own goal, or that the opponent
    /// misses his. `None` where no ending has a goal (a duel): the margin alone decides.
    pub fn goal(side: Side, distribution: &Distribution) -> Option<Expected> {
        let goals = distribution
            .endings()
            .iter()
            .any(|(ending, _)| ending.goal.is_some());
        goals.then(|| {
            distribution.expected(|ending| {
                i64::from(
                    ending
                        .goal
                        .is_some_and(|goal| goal.reached == (goal.side == side)),
                )
            })
        })
    }
}

/// What the odds came to.
#[derive(Clone, Debug, PartialEq)]
pub struct OddsAnswer {
    pub reached: Reached,
    /// Why a method other than the one asked was used, if one was (`auto` sampling a tree
    /// too large).
    pub why_sampled: Option<String>,
    /// Stopped before the end (Ctrl-C): the chances cover only what was reached.
    pub partial: bool,
    pub policies: Policies,
    pub decks: Vec<DeckModel>,
    pub distribution: Distribution,
    pub best: Option<BestAnswer>,
    /// What is played before any hidden card is used, as the answer plays it: a sentence an
    /// event (who fights whom, with what, at what power, drawing how many cards).
    pub lineup: Vec<String>,
    /// The choices made in the open, and how each was made.
    pub choices: Vec<ChoiceMade>,
    /// The rules the runs applied, in the order first met.
    pub cites: Vec<Citation>,
    /// The named assumptions the runs rested on, in the order first met.
    pub assumptions: Vec<Assumption>,
    /// Runs of the procedure made.
    pub runs: u64,
    /// Of those, the runs that resumed from a state they share with others of the exact tree
    /// (every run below one of its nodes passes through the state before the draw that
    /// node branches on, made once).
    pub resumed: u64,
}

/// An odds answer about a scenario: what it asked, what it came to, and how that compares
/// with its `expect: odds:`.
#[derive(Clone, Debug, PartialEq)]
pub struct OddsReport {
    pub title: Option<String>,
    /// The action whose endings are counted.
    pub action: &'static str,
    pub ruleset: crate::rules::Ruleset,
    /// The seed of the samples (and of every reshuffle within a run).
    pub seed: u64,
    /// The codes of the findings that make the position illegal.
    pub illegal: Vec<&'static str>,
    pub answer: OddsAnswer,
    /// The differences from the scenario's `expect: odds:`.
    pub unmet: Vec<String>,
}

/// Why the odds cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OddsRefusal {
    #[error("odds are given for Young Jedi procedures; this is another game's table")]
    NotYoungJedi,
    #[error(
        "the odds count the endings of a duel, an evacuation and a Podrace Deploy step, not of this procedure ({0})"
    )]
    NoEnding(&'static str),
    #[error("a walk from this position stops before its end ({0}); `jedi-judge walk` shows where")]
    Stops(String),
    /// The rules refuse the action: its refusal, in words.
    #[error("{0}")]
    Refused(String),
    /// The scenario states a claim the rules refuse: what `check` finds of it.
    #[error("the scenario states what the rules do not allow: {0}; `jedi-judge check` shows where")]
    Illegal(String),
    #[error(
        "the {0} draw deck is given only as a count, so its cards are unknown; list them (`deck: [...]`) for the odds"
    )]
    CountedDeck(&'static str),
    #[error(
        "the {0} dueling hand holds cards given only as a count, so they are unknown; list them (`hand: [...]`) for the odds"
    )]
    CountedHand(&'static str),
    #[error("the {0} has no decision with more than one choice in the walk")]
    NoDecision(&'static str),
    #[error(
        "the {0}'s first decision comes after cards are drawn, so its options depend on the draw; state the duel under way with its dueling hands to ask it"
    )]
    DecisionAfterDraw(&'static str),
    #[error(
        "one draw alone can fall {0} distinguishable ways, more than an exact answer sums; ask for a sample (`--samples N`)"
    )]
    TooLarge(String),
    /// An exact answer asked for whose tree is estimated past the most it may sum
    /// ([`EXACT_MOST`], or `--max-cases`).
    #[error(
        "an exact answer would sum about {} distinguishable draws, more than the {} it may (`--max-cases N` raises it); ask for a sample (`--samples N`), or leave out `--exact` (a scenario's `expect: odds: method: exact`) to let the odds choose",
        crate::text::thousands(usize::try_from(*estimate).unwrap_or(usize::MAX)),
        crate::text::thousands(usize::try_from(*most).unwrap_or(usize::MAX))
    )]
    ExactTooLarge { estimate: u64, most: u64 },
}

impl OddsRefusal {
    /// The kind of refusal as a word: what `--format json` and a scenario's `expect: odds:
    /// refused:` call it.
    pub fn code(&self) -> &'static str {
        match self {
            OddsRefusal::NotYoungJedi => "not-young-jedi",
            OddsRefusal::NoEnding(_) => "no-ending",
            OddsRefusal::Stops(_) => "stops",
            OddsRefusal::Refused(_) => "refused",
            OddsRefusal::Illegal(_) => "illegal",
            OddsRefusal::CountedDeck(_) => "counted-deck",
            OddsRefusal::CountedHand(_) => "counted-hand",
            OddsRefusal::NoDecision(_) => "no-decision",
            OddsRefusal::DecisionAfterDraw(_) => "decision-after-draw",
            OddsRefusal::TooLarge(_) => "too-large",
            OddsRefusal::ExactTooLarge { .. } => "exact-too-large",
        }
    }
}

/// What makes two cards of a deck identical: the definition, face down, hits, Thrust, the
/// lap a handling card stands for, deployed and fought this turn.
type CardState = (u32, bool, u32, u32, Option<u8>, bool, bool);

/// The decks of a board, by kind, as the runs arrange them.
struct Decks {
    /// Per side: the kinds, each the ids of its cards in the deck's order.
    kinds: [Vec<Vec<CardId>>; 2],
    models: [DeckModel; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::Light => 0,
        Side::Dark => 1,
    }
}

const SIDES: [Side; 2] = [Side::Light, Side::Dark];

impl Decks {
    fn of(board: &Board, counted: [bool; 2]) -> Decks {
        let mut kinds: [Vec<Vec<CardId>>; 2] = [Vec::new(), Vec::new()];
        let mut models = SIDES.map(|side| DeckModel {
            side,
            cards: 0,
            counted: counted[index(side)],
            kinds: Vec::new(),
            drawn_from: false,
        });
        for side in SIDES {
            let deck = board.zone(Zone::DrawDeck(side));
            // Identical cards: the same definition and state (the instance but its id, place
            // and provenance).
            let mut by_state: BTreeMap<CardState, usize> = BTreeMap::new();
            let mut found: Vec<(Option<i32>, Vec<CardId>)> = Vec::new();
            for &id in deck {
                let Some(instance) = board.instance(id) else {
                    continue;
                };
                let key = (
                    instance.definition.0,
                    instance.face_down,
                    instance.hits,
                    instance.thrust,
                    instance.handling_for,
                    instance.deployed_this_turn,
                    instance.fought_this_turn,
                );
                match by_state.get(&key) {
                    Some(&at) => found[at].1.push(id),
                    None => {
                        by_state.insert(key, found.len());
                        let destiny = board.card(id).and_then(crate::cards::Card::destiny);
                        found.push((destiny, vec![id]));
                    }
                }
            }
            // Highest destiny first; first met first among equals (a stable sort).
            found.sort_by_key(|(destiny, _)| std::cmp::Reverse(destiny.unwrap_or(i32::MIN)));
            let model = &mut models[index(side)];
            model.cards = deck.len();
            model.kinds = found
                .iter()
                .map(|(destiny, ids)| DeckKind {
                    name: board.describe(ids[0]),
                    destiny: *destiny,
                    count: ids.len(),
                })
                .collect();
            kinds[index(side)] = found.into_iter().map(|(_, ids)| ids).collect();
        }
        Decks { kinds, models }
    }

    /// Puts each deck in the order of `prefix` (kinds, top first), then the rest kind by kind,
    /// less the cards already drawn from its top (a board a run paused on): as if the run had
    /// started from that order.
    fn arrange(&self, board: &mut Board, prefix: &[Vec<u16>; 2]) {
        for side in SIDES {
            let Some(mut order) = self.order(side, prefix) else {
                continue;
            };
            let drawn = order
                .len()
                .saturating_sub(board.zone(Zone::DrawDeck(side)).len());
            order.drain(..drawn);
            board.zones.insert(Zone::DrawDeck(side), order);
        }
    }

    /// A side's deck in the order [`Decks::arrange`] gives it (`None` for a deck it leaves
    /// alone, one with no kind of card).
    fn order(&self, side: Side, prefix: &[Vec<u16>; 2]) -> Option<Vec<CardId>> {
        let kinds = &self.kinds[index(side)];
        if kinds.is_empty() {
            return None;
        }
        let mut used = vec![0usize; kinds.len()];
        let mut order = Vec::with_capacity(self.models[index(side)].cards);
        for &kind in &prefix[index(side)] {
            let kind = usize::from(kind);
            if let Some(id) = kinds.get(kind).and_then(|ids| ids.get(used[kind])) {
                order.push(*id);
                used[kind] += 1;
            }
        }
        for (kind, ids) in kinds.iter().enumerate() {
            order.extend_from_slice(&ids[used[kind]..]);
        }
        Some(order)
    }

    /// Whether each deck of a board a run paused on is what is left of the order `prefix`
    /// arranged, once its top cards were drawn: nothing else took a card from it, put one
    /// back or shuffled it. Only then can another order be put in its place
    /// ([`Decks::arrange`]).
    fn only_drawn_from(&self, board: &Board, prefix: &[Vec<u16>; 2]) -> bool {
        SIDES
            .into_iter()
            .all(|side| match self.order(side, prefix) {
                Some(order) => order.ends_with(board.zone(Zone::DrawDeck(side))),
                None => true,
            })
    }

    /// Whether every card gone from each deck of a board a run paused on was drawn by an event
    /// already given out (`batches`). A procedure may draw while it carries out an answer and
    /// say so only in its next turn (Refuel): a pause between the two has the cards drawn,
    /// the event not yet given, and the hand holding the cards of the run before, so no run
    /// may resume from it.
    fn drawn_as_noted(&self, board: &Board, batches: &[(Side, usize, usize)]) -> bool {
        SIDES.into_iter().all(|side| {
            let noted: usize = batches
                .iter()
                .filter(|(drawn_from, _, _)| *drawn_from == side)
                .map(|(_, count, _)| count)
                .sum();
            board.zone(Zone::DrawDeck(side)).len() + noted == self.models[index(side)].cards
        })
    }

    /// The count of each kind left in a side's deck once `prefix` is drawn.
    fn remaining(&self, side: Side, prefix: &[u16]) -> Vec<usize> {
        let mut left: Vec<usize> = self.kinds[index(side)].iter().map(Vec::len).collect();
        for &kind in prefix {
            if let Some(count) = left.get_mut(usize::from(kind)) {
                *count = count.saturating_sub(1);
            }
        }
        left
    }
}

/// The first decision of a side that a run met, and where.
#[derive(Clone, Debug)]
struct Met {
    ordinal: usize,
    decision: Decision,
    /// Whether it is the first decision of the side answered option by option (`--best`).
    best: bool,
}

/// Plays every decision by the side's policy, over the options in the order the odds read a
/// hand: highest destiny first, whatever order the cards were drawn in. It may be told the
/// answer to one decision (by its place among the decisions asked), and may watch for a
/// side's first decision.
struct OddsDecider<'a> {
    policies: Policies,
    asked: usize,
    /// The open choices answered already (by their place among the decisions asked): each
    /// side's best, weighed by the odds ([`Search`]).
    fixed: &'a [(usize, usize)],
    /// The scenario's `decisions:`, which answer the open choices they state; none where
    /// the scenario states none.
    stated: Option<Scripted>,
    /// Look for the first choice left to weigh: an open one, or the first decision of the
    /// side whose options are answered one by one (`--best`).
    watch: bool,
    /// The side whose first decision is answered option by option (`--best`).
    best: Option<Side>,
    /// Whether that side has decided anything yet in the run.
    best_seen: bool,
    /// Whether that side's first decision came after a card was drawn.
    best_after_draw: bool,
    met: Option<Met>,
    /// Whether the run has drawn a card from a deck (or put one in): after that, no choice
    /// is open.
    touched: &'a std::cell::Cell<bool>,
    /// The open choices made, in order, where a run is told to keep them.
    made: Option<Vec<ChoiceMade>>,
}

/// A choice made in the open, before any hidden card is seen: who, what, and how the odds
/// came to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceMade {
    pub side: Side,
    /// The decision, as the procedure asks it.
    pub prompt: String,
    /// The option taken, as labelled.
    pub chosen: String,
    pub how: HowChosen,
}

/// How an open choice was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HowChosen {
    /// The scenario states it (`decisions:`): a fact.
    Stated,
    /// The side took the best of so many options for it by the odds themselves (the
    /// opponent also choosing to win at his open choices).
    Weighed { options: usize },
    /// Too many open choices to weigh every one: the side's policy took it.
    Policy,
}

/// Whether a decision is an open choice: one made before any hidden card is seen (who
/// duels, with what; whether to intercept; a battle plan; whether to thrust, how many cards
/// to refuel), and not a play of a card in a sequence of plays (an attack, a block, dueling
/// text, a lap card), which the policies make, as in a walk.
fn is_open(decision: &Decision, touched: bool) -> bool {
    use crate::engine::decisions::Answer;
    !touched && !matches!(decision.kind.script.answer, Answer::Plays | Answer::Flags)
}

impl OddsDecider<'_> {
    /// Keeps an open choice made, where the run is told to.
    fn keep(&mut self, decision: &Decision, choice: usize, how: HowChosen) {
        if let Some(made) = &mut self.made {
            made.push(ChoiceMade {
                side: decision.who,
                prompt: decision.prompt.clone(),
                chosen: decision
                    .options
                    .get(choice)
                    .map(|option| option.label.to_string())
                    .unwrap_or_default(),
                how,
            });
        }
    }
}

impl Decider for OddsDecider<'_> {
    fn decide(&mut self, decision: &Decision, board: Option<&Board>) -> Result<usize, Unanswered> {
        let ordinal = self.asked;
        self.asked += 1;
        let touched = self.touched.get();
        let open = is_open(decision, touched);
        // A stated answer is a fact: never weighed, never the decision `--best` answers.
        if open && let Some(stated) = &mut self.stated {
            match stated.decide(decision, board) {
                Ok(choice) => {
                    self.keep(decision, choice, HowChosen::Stated);
                    return Ok(choice);
                }
                Err(Unanswered::NotScripted) => {}
                Err(refused) => return Err(refused),
            }
        }
        let first_of_best = self.best == Some(decision.who) && !self.best_seen;
        if first_of_best {
            self.best_seen = true;
            self.best_after_draw = touched;
        }
        let fixed = self
            .fixed
            .iter()
            .find(|(at, _)| *at == ordinal)
            .map(|(_, choice)| *choice);
        if let Some(choice) = fixed {
            let options = crate::engine::deciders::distinct_choices(decision).len();
            self.keep(decision, choice, HowChosen::Weighed { options });
            return Ok(choice.min(decision.options.len().saturating_sub(1)));
        }
        if self.watch
            && self.met.is_none()
            && (open || (first_of_best && !touched))
            && crate::engine::deciders::distinct_choices(decision).len() > 1
        {
            self.met = Some(Met {
                ordinal,
                decision: decision.clone(),
                best: first_of_best,
            });
        }
        let choice = self.policies.of(decision.who).choose(decision, board);
        if open {
            self.keep(decision, choice, HowChosen::Policy);
        }
        Ok(choice)
    }

    /// A stated answer to an open choice the rules leave one option is heard as a walk hears
    /// it: agreeing, it stands; naming another, it is refused.
    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        match &mut self.stated {
            Some(stated) if is_open(decision, self.touched.get()) => stated.forced(decision),
            _ => Ok(()),
        }
    }
}

/// What the answer plays before any hidden card is used ([`Runner::lineup`]).
struct Lineup {
    said: Vec<String>,
    made: Vec<ChoiceMade>,
}

/// The odds' decider, that marks where the lineup closes: at the first decision once a card
/// is drawn.
struct LineupDecider<'a> {
    inner: OddsDecider<'a>,
    closed: &'a std::cell::Cell<bool>,
}

impl Decider for LineupDecider<'_> {
    fn decide(&mut self, decision: &Decision, board: Option<&Board>) -> Result<usize, Unanswered> {
        if self.inner.touched.get() {
            self.closed.set(true);
        }
        self.inner.decide(decision, board)
    }

    /// A decision the rules leave one choice closes it too, once a card is drawn.
    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        if self.inner.touched.get() {
            self.closed.set(true);
        }
        self.inner.forced(decision)
    }
}

/// What one run came to.
struct Trial {
    ending: Ending,
    /// The batches drawn from each deck before cards went back into it, in the order
    /// drawn: the side and how many cards.
    batches: Vec<(Side, usize, usize)>,
    met: Option<Met>,
    /// Whether the first decision of the side answered option by option came after a card
    /// was drawn.
    best_after_draw: bool,
    /// The first event that moved a card out of a draw deck or into one.
    touched_at: Option<usize>,
}

/// What the runs met, kept across them.
#[derive(Default)]
struct Seen {
    cites: Vec<Citation>,
    cite_set: BTreeSet<Citation>,
    assumptions: Vec<Assumption>,
    assumption_set: BTreeSet<&'static str>,
    runs: u64,
    /// Of those, the runs resumed from a state shared with others.
    resumed: u64,
    /// Whether any run drew from each side's deck before cards went back into it.
    drawn: [bool; 2],
    /// The rules applied are not kept: no one asks them of a single run.
    forgetful: bool,
}

impl Seen {
    /// What a single run meets, of which no one asks the rules applied.
    fn forgetful() -> Seen {
        Seen {
            forgetful: true,
            ..Seen::default()
        }
    }

    /// What another set of runs met, after what these met: its rules and assumptions not
    /// met here, in its order, and its counts.
    fn absorb(&mut self, other: Seen) {
        self.runs += other.runs;
        self.resumed += other.resumed;
        for side in SIDES {
            self.drawn[index(side)] |= other.drawn[index(side)];
        }
        self.absorb_notes(other);
    }

    /// The rules and assumptions another run met that these did not, in its order.
    fn absorb_notes(&mut self, other: Seen) {
        for cite in other.cites {
            if self.cite_set.insert(cite) {
                self.cites.push(cite);
            }
        }
        for assumption in other.assumptions {
            if self.assumption_set.insert(assumption.name) {
                self.assumptions.push(assumption);
            }
        }
    }

    fn note<K: EventKind>(&mut self, event: &Event<K>) {
        if self.forgetful {
            return;
        }
        for cite in event.cites.iter() {
            // A citation is one of a few dozen constants: one met before is found by its
            // address; the set is asked only of the others.
            if !self
                .cites
                .iter()
                .any(|met| std::ptr::eq(met.id(), cite.id()))
                && self.cite_set.insert(*cite)
            {
                self.cites.push(*cite);
            }
        }
        for assumption in &event.assumptions {
            if self.assumption_set.insert(assumption.name) {
                self.assumptions.push(*assumption);
            }
        }
    }
}

/// Whether a place is a draw deck.
fn is_a_deck(place: &crate::engine::Place) -> bool {
    place.zone == Zone::DrawDeck(place.side).key()
}

/// Whether a place is a hand or a dueling hand, whose cards no one else sees.
fn is_a_hand(place: &crate::engine::Place) -> bool {
    place.zone == Zone::Hand(place.side).key() || place.zone == Zone::DuelingHand(place.side).key()
}

/// Whether an event's moves take a card out of a draw deck or put one into it.
fn touches_a_deck(moves: &[crate::engine::Move]) -> bool {
    moves
        .iter()
        .any(|motion| is_a_deck(&motion.from) || is_a_deck(&motion.to))
}

/// The batches of cards an event's moves draw from each deck not yet returned to.
fn note_batches(
    moves: &[crate::engine::Move],
    event_at: usize,
    returned: &mut [bool; 2],
    batches: &mut Vec<(Side, usize, usize)>,
) {
    // Each side's count, and the side drawn from first: a batch is said in the order drawn.
    let mut counts = [0usize; 2];
    let mut first: Option<Side> = None;
    for motion in moves {
        let from = motion.from.side;
        if is_a_deck(&motion.from) && !returned[index(from)] {
            counts[index(from)] += 1;
            first.get_or_insert(from);
        }
    }
    for motion in moves {
        if is_a_deck(&motion.to) {
            returned[index(motion.to.side)] = true;
        }
    }
    if let Some(first) = first {
        for side in [first, first.opponent()] {
            if counts[index(side)] > 0 {
                batches.push((side, counts[index(side)], event_at));
            }
        }
    }
}

/// Everything a run needs besides its deck order and its forced answer.
struct Runner<'a, P: Procedure> {
    table: &'a P::Table,
    /// The table as a Young Jedi board.
    board: &'a Board,
    policies: Policies,
    ending: fn(&P::Result) -> Result<Ending, OddsRefusal>,
    /// Whether its runs build their words ([`Words`]): the answer is the same either way.
    words: Words,
    /// The engine as it starts on the table, copied for each run: its start reads no deck's
    /// order ([`crate::procedures::contract::Procedure::start`]).
    start: P::Engine,
    /// The table of the run before, into whose room the next run copies `table`
    /// (`Clone::clone_from`): runs one after another allocate little.
    spare: std::cell::RefCell<Option<P::Table>>,
    /// The engine of the run before, into whose room the next run copies its start.
    spare_engine: std::cell::RefCell<Option<P::Engine>>,
    /// Whether its runs start from the state every run passes through before any deck is
    /// touched ([`Runner::shared_start`]); the naive reference's runs do not.
    share: bool,
    /// That state, once made (`None` where there is none).
    shared: std::cell::OnceCell<Option<std::rc::Rc<Resume<P>>>>,
    /// The scenario's `decisions:`, facts for the open choices they state (none where it
    /// states none).
    script: Option<&'a Script>,
    /// The open choices answered already, by their place among the decisions asked.
    fixed: Vec<(usize, usize)>,
    /// The side whose first decision is answered option by option (`--best`).
    best: Option<Side>,
}

/// A run's state at the start of a turn of its loop ([`crate::engine::Turns`]) before it drew
/// past what its node of the exact tree decides: every run below that node passes through the
/// same state, and resumes from it rather than making it again.
struct Resume<P: Procedure> {
    engine: P::Engine,
    table: P::Table,
    /// The decisions asked before it.
    asked: usize,
    /// The events given out before it.
    events: usize,
    /// Whether a deck was drawn from (or put into) before it.
    touched: bool,
    batches: Vec<(Side, usize, usize)>,
    returned: [bool; 2],
}

/// What a run came to: its end, or the state it was told to pause in.
enum Ran<P: Procedure> {
    Ended(Trial),
    Paused(Box<Resume<P>>),
}

impl<P: Procedure> Runner<'_, P> {
    /// The decider of a run from the table: the choices weighed already, the scenario's
    /// statements, then the policies; told by `touched` whether a card has been drawn.
    fn decider<'d>(&'d self, touched: &'d std::cell::Cell<bool>, watch: bool) -> OddsDecider<'d> {
        OddsDecider {
            policies: self.policies,
            asked: 0,
            fixed: &self.fixed,
            stated: self
                .script
                .map(|script| Scripted::new(script.clone(), None)),
            watch,
            best: self.best,
            best_seen: false,
            best_after_draw: false,
            met: None,
            touched,
            made: None,
        }
    }

    /// One run from the table with its words built, as the answer plays it: the sentences of
    /// its events up to the first decision made once a card is drawn, or to the first card put
    /// back into a deck, and the open choices it made.
    fn lineup(&self) -> Result<Lineup, OddsRefusal> {
        let mut table = self.table.clone();
        let mut engine = self.start.clone();
        let touched = std::cell::Cell::new(false);
        let said = std::cell::RefCell::new(Vec::new());
        let closed = std::cell::Cell::new(false);
        let mut inner = self.decider(&touched, false);
        inner.made = Some(Vec::new());
        let mut decider = LineupDecider {
            inner,
            closed: &closed,
        };
        let _ = crate::engine::simulate(
            &mut engine,
            &mut table,
            &mut decider,
            Words::Read,
            &mut |event| {
                if !event.moves.is_empty() && touches_a_deck(&event.moves) {
                    touched.set(true);
                }
                // Cards going back into a deck end what is played in the open: what follows
                // is drawn from a deck no one can see.
                if event.moves.iter().any(|motion| is_a_deck(&motion.to)) {
                    closed.set(true);
                }
                // So does a card drawn face up (a destiny): the event would show one way the
                // deck falls, not what the answer sums over.
                if event
                    .moves
                    .iter()
                    .any(|motion| is_a_deck(&motion.from) && !is_a_hand(&motion.to))
                {
                    closed.set(true);
                }
                if !closed.get() {
                    said.borrow_mut().push(event.kind.narrate());
                }
            },
            Turns::default(),
        );
        Ok(Lineup {
            said: said.into_inner(),
            made: decider.inner.made.unwrap_or_default(),
        })
    }

    /// One run from the table: the decks arranged by `arrange`, looking for the first
    /// choice left to weigh where told to `watch`.
    fn run(
        &self,
        arrange: impl FnOnce(&mut Board),
        watch: bool,
        seen: &mut Seen,
    ) -> Result<Trial, OddsRefusal> {
        self.ended(self.run_from(None, arrange, watch, seen, Turns::default())?)
    }

    /// [`Runner::run`] from the state every run passes through ([`Runner::shared_start`]),
    /// where there is one; its events before that state are not seen again (a run from the
    /// table saw them first).
    fn run_shared(
        &self,
        arrange: impl FnOnce(&mut Board),
        seen: &mut Seen,
    ) -> Result<Trial, OddsRefusal> {
        let shared = self.shared_start();
        self.ended(self.run_from(shared.as_deref(), arrange, false, seen, Turns::default())?)
    }

    /// The end of a run told to pause nowhere.
    fn ended(&self, ran: Ran<P>) -> Result<Trial, OddsRefusal> {
        match ran {
            Ran::Ended(trial) => Ok(trial),
            // Told to pause nowhere, it does not.
            Ran::Paused(_) => Err(OddsRefusal::Stops(
                "a run paused where it was not told to".to_string(),
            )),
        }
    }

    /// The state every run passes through before the turn of its loop that first touches a
    /// draw deck (draws from it or puts a card into it), made once: runs one after another
    /// start from it, their decks then arranged as from the table. None if no run touches a
    /// deck, or if the decks were touched before it (they must be the table's, untouched).
    fn shared_start(&self) -> Option<std::rc::Rc<Resume<P>>> {
        if !self.share {
            return None;
        }
        self.shared
            .get_or_init(|| self.make_shared_start().map(std::rc::Rc::new))
            .clone()
    }

    /// [`Runner::shared_start`], made: a run from the table, then the same run again up to
    /// the turn that first touched a deck. Neither counts as a run of the answer.
    fn make_shared_start(&self) -> Option<Resume<P>> {
        let mut turns = Vec::new();
        let whole = self.run_from(
            None,
            |_| {},
            false,
            &mut Seen::forgetful(),
            Turns {
                pause_at: None,
                of_events: Some(&mut turns),
            },
        );
        let trial = self.ended(whole.ok()?).ok()?;
        let resume = self
            .before_event(
                None,
                |_| {},
                &mut Seen::forgetful(),
                &turns,
                trial.touched_at?,
            )
            .ok()??;
        let untouched = resume.table.as_board().is_some_and(|board| {
            SIDES.into_iter().all(|side| {
                board.zone(Zone::DrawDeck(side)) == self.board.zone(Zone::DrawDeck(side))
            })
        });
        untouched.then_some(*resume)
    }

    /// The run from `resume` (or the table), its decks arranged by `arrange`, made again up to
    /// the start of the turn that gave out its event `event_at` (`turns`: the turn of each of
    /// its events, [`crate::engine::Turns`]): the state there, if it got there and nothing
    /// went back into a deck before it.
    fn before_event(
        &self,
        resume: Option<&Resume<P>>,
        arrange: impl FnOnce(&mut Board),
        seen: &mut Seen,
        turns: &[usize],
        event_at: usize,
    ) -> Result<Option<Box<Resume<P>>>, OddsRefusal> {
        let first_event = resume.map_or(0, |resume| resume.events);
        let Some(&turn) = event_at
            .checked_sub(first_event)
            .and_then(|at| turns.get(at))
        else {
            return Ok(None);
        };
        let turns = Turns {
            pause_at: Some(turn),
            of_events: None,
        };
        Ok(match self.run_from(resume, arrange, false, seen, turns)? {
            Ran::Paused(paused) if paused.returned == [false; 2] => Some(paused),
            _ => None,
        })
    }

    /// [`Runner::run`] from the table (`resume` none), or from a state a run paused in, its
    /// decks then arranged by `arrange`; pausing or telling its turns as `turns` says.
    fn run_from(
        &self,
        resume: Option<&Resume<P>>,
        arrange: impl FnOnce(&mut Board),
        watch: bool,
        seen: &mut Seen,
        turns: Turns<'_>,
    ) -> Result<Ran<P>, OddsRefusal> {
        // A run that watches for a decision shows its options, in words.
        let words = if watch { Words::Read } else { self.words };
        // The run is made in the room of the run before's table and engine, where they
        // stand: neither is moved.
        let from = resume.map_or(self.table, |resume| &resume.table);
        let mut spare_table = self.spare.borrow_mut();
        if let Some(spare) = spare_table.as_mut() {
            spare.clone_from(from);
        }
        let table = spare_table.get_or_insert_with(|| from.clone());
        let board = table.as_board_mut().ok_or(OddsRefusal::NotYoungJedi)?;
        arrange(board);
        let start = resume.map_or(&self.start, |resume| &resume.engine);
        let mut spare_engine = self.spare_engine.borrow_mut();
        if let Some(spare) = spare_engine.as_mut() {
            spare.clone_from(start);
        }
        let engine = spare_engine.get_or_insert_with(|| start.clone());
        let events = std::cell::Cell::new(resume.map_or(0, |resume| resume.events));
        let touched = std::cell::Cell::new(resume.is_some_and(|resume| resume.touched));
        let mut decider = self.decider(&touched, watch);
        decider.asked = resume.map_or(0, |resume| resume.asked);
        let mut returned = resume.map_or([false; 2], |resume| resume.returned);
        let mut batches = resume.map_or_else(Vec::new, |resume| resume.batches.clone());
        let mut touched_at = None;
        let simulated = crate::engine::simulate(
            engine,
            table,
            &mut decider,
            words,
            &mut |event| {
                // Most events move no card.
                if !event.moves.is_empty() {
                    if touched_at.is_none() && touches_a_deck(&event.moves) {
                        touched_at = Some(events.get());
                        touched.set(true);
                    }
                    note_batches(&event.moves, events.get(), &mut returned, &mut batches);
                }
                events.set(events.get() + 1);
                seen.note(event);
            },
            turns,
        );
        for &(side, _, _) in &batches {
            seen.drawn[index(side)] = true;
        }
        let stop = match simulated {
            Simulated::Ended(stop) => stop,
            // A run made again up to a state its node's runs resume from is not counted
            // again.
            Simulated::Paused => {
                let (Some(engine), Some(table)) = (spare_engine.take(), spare_table.take()) else {
                    return Err(OddsRefusal::Stops(
                        "a run paused with no engine or table".to_string(),
                    ));
                };
                return Ok(Ran::Paused(Box::new(Resume {
                    engine,
                    table,
                    asked: decider.asked,
                    events: events.get(),
                    touched: touched.get(),
                    batches,
                    returned,
                })));
            }
        };
        seen.runs += 1;
        seen.resumed += u64::from(resume.is_some());
        match &stop {
            None => {}
            // A claim the rules refuse is refused as such, never taken for a missing fact.
            Some(Stop::Missing { fact }) if fact.is_illegal() => {
                return Err(OddsRefusal::Illegal(format!("{fact} ({})", fact.code())));
            }
            Some(Stop::Missing { fact }) => {
                return Err(OddsRefusal::Stops(format!("{fact} ({})", fact.code())));
            }
            // A stated answer the rules refuse is an illegal claim, refused as the walk does.
            Some(Stop::Undecided {
                decision,
                why: Unanswered::NotLegal { given, ruled_out },
            }) => {
                let why = ruled_out
                    .as_ref()
                    .map(|ruled_out| format!(": {}", ruled_out.why))
                    .unwrap_or_default();
                return Err(OddsRefusal::Illegal(format!(
                    "the answer {} under `decisions: {}: {}:` is not a legal choice ({}){why}",
                    crate::text::quoted(given),
                    decision.who.word(),
                    decision.kind.script.key,
                    decision.prompt
                )));
            }
            Some(Stop::Undecided { decision, .. }) => {
                return Err(OddsRefusal::Stops(format!(
                    "a decision no policy answers: {}",
                    decision.kind.name
                )));
            }
        }
        // What the run came to is in the engine; it and its table are room for the next.
        let ending = (self.ending)(crate::engine::Procedure::result(&*engine))?;
        Ok(Ran::Ended(Trial {
            ending,
            batches,
            met: decider.met,
            best_after_draw: decider.best_after_draw,
            touched_at,
        }))
    }
}

/// Runs of an action from a table as it stands, each side by its policy and no word built
/// ([`crate::engine::simulate`]), the engine started once: what the odds make of each way the
/// cards fall, and what a benchmark counts as one simulated run.
pub trait Simulator {
    /// One run, as the odds make their runs after the first: from the state every run passes
    /// through before any draw deck is touched, made once (the initiation, the choices of
    /// who fights with what); its ending.
    fn once(&self) -> Result<Ending, OddsRefusal>;

    /// One run from the table, every turn of it made: its ending.
    fn once_whole(&self) -> Result<Ending, OddsRefusal>;
}

impl<P: Procedure> Simulator for Runner<'_, P> {
    fn once(&self) -> Result<Ending, OddsRefusal> {
        let trial = self.run_shared(|_| {}, &mut Seen::forgetful())?;
        Ok(trial.ending)
    }

    fn once_whole(&self) -> Result<Ending, OddsRefusal> {
        let trial = self.run(|_| {}, false, &mut Seen::forgetful())?;
        Ok(trial.ending)
    }
}

/// A [`Simulator`] of `action` from the table.
pub fn simulator<'a, P: Procedure>(
    table: &'a P::Table,
    corpus: &Corpus,
    action: &'static str,
    choices: &Choices,
    policies: Policies,
    ending: EndingOf<P::Result>,
) -> Result<Box<dyn Simulator + 'a>, OddsRefusal> {
    Ok(Box::new(Runner::<P> {
        table,
        board: table.as_board().ok_or(OddsRefusal::NotYoungJedi)?,
        policies,
        ending,
        words: Words::Unread,
        start: P::start(table, corpus, action, choices),
        spare: Default::default(),
        spare_engine: Default::default(),
        share: true,
        shared: Default::default(),
        script: None,
        fixed: Vec::new(),
        best: None,
    }))
}

/// Every multiset of `size` cards that `left` (a count per kind) can give, in order, each
/// as a count per kind; at most `cap` of them (`None` past it).
fn multisets(left: &[usize], size: usize, cap: usize) -> Option<Vec<Vec<usize>>> {
    fn grow(
        left: &[usize],
        kind: usize,
        size: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        cap: usize,
    ) -> bool {
        if size == 0 {
            let mut full = current.clone();
            full.resize(left.len(), 0);
            out.push(full);
            return out.len() <= cap;
        }
        if kind >= left.len() {
            return true;
        }
        let rest: usize = left[kind + 1..].iter().sum();
        let most = left[kind].min(size);
        let least = size.saturating_sub(rest);
        for take in (least..=most).rev() {
            current.push(take);
            let ok = grow(left, kind + 1, size - take, current, out, cap);
            current.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    let available: usize = left.iter().sum();
    let size = size.min(available);
    grow(left, 0, size, &mut Vec::new(), &mut out, cap).then_some(out)
}

/// How many multisets of `size` cards `left` can give (saturating).
fn multiset_count(left: &[usize], size: usize) -> u64 {
    // ways[s]: the multisets of s cards from the kinds so far.
    let mut ways = vec![0u64; size + 1];
    ways[0] = 1;
    for &count in left {
        let mut next = vec![0u64; size + 1];
        for (have, &way) in ways.iter().enumerate() {
            if way == 0 {
                continue;
            }
            for take in 0..=count.min(size - have) {
                next[have + take] = next[have + take].saturating_add(way);
            }
        }
        ways = next;
    }
    let available: usize = left.iter().sum();
    ways[size.min(available)]
}

fn binomial(n: usize, k: usize) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut value = BigUint::one();
    for i in 0..k {
        value *= BigUint::from(n - i);
        value /= BigUint::from(i + 1);
    }
    value
}

/// The chance that a draw of `taken.iter().sum()` cards from `left` is the multiset `taken`.
fn hypergeometric(left: &[usize], taken: &[usize]) -> Chance {
    let total: usize = left.iter().sum();
    let size: usize = taken.iter().sum();
    let mut ways = BigUint::one();
    for (count, take) in left.iter().zip(taken) {
        ways *= binomial(*count, *take);
    }
    Chance::new(ways, binomial(total, size))
}

/// How many random paths down the exact tree estimate its size.
const ESTIMATE_PATHS: u64 = 48;

/// About how many leaves the exact tree has (distinguishable draws to sum), by random paths
/// down it from the root (Knuth's estimate): each path takes at every draw one of the
/// multisets it can hold, all alike, and counts the product of their numbers; the mean of
/// the products is the number of leaves, on average. Seeded, so the same every time.
fn estimate_cases<P: Procedure>(
    runner: &Runner<'_, P>,
    decks: &Decks,
    seed: u64,
    counted: [bool; 2],
) -> Result<u64, OddsRefusal> {
    let mut random = Random::seeded(chunk_seed(seed, u64::MAX));
    let mut total = 0f64;
    for _ in 0..ESTIMATE_PATHS {
        let mut prefix: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
        let mut product = 1f64;
        loop {
            let trial = runner.run_shared(
                |board| decks.arrange(board, &prefix),
                &mut Seen::forgetful(),
            )?;
            let Some((side, size, _)) = undecided(&trial, &prefix) else {
                break;
            };
            let at = index(side);
            if counted[at] {
                return Err(OddsRefusal::CountedDeck(side.label()));
            }
            let left = decks.remaining(side, &prefix[at]);
            let ways = multiset_count(&left, size);
            product *= ways as f64;
            let pick = u64::from(random.below(u32::try_from(ways).unwrap_or(u32::MAX)));
            let decided = prefix[at].len();
            for (kind, count) in nth_multiset(&left, size, pick).into_iter().enumerate() {
                let kind = u16::try_from(kind).unwrap_or(u16::MAX);
                prefix[at].extend(std::iter::repeat_n(kind, count));
            }
            // Each step decides at least one more card of a deck, or the path ends: a path is
            // at most as long as the decks.
            if prefix[at].len() == decided {
                break;
            }
        }
        total += product;
    }
    let mean = total / ESTIMATE_PATHS as f64;
    Ok(if mean >= u64::MAX as f64 {
        u64::MAX
    } else {
        mean.round() as u64
    })
}

/// The multiset at place `n` (from 0) of those [`multisets`] lists: a count per kind.
fn nth_multiset(left: &[usize], size: usize, mut n: u64) -> Vec<usize> {
    let mut taken = vec![0; left.len()];
    let mut size = size.min(left.iter().sum());
    for kind in 0..left.len() {
        let rest: usize = left[kind + 1..].iter().sum();
        let most = left[kind].min(size);
        let least = size.saturating_sub(rest);
        for take in (least..=most).rev() {
            let ways = multiset_count(&left[kind + 1..], size - take);
            if n < ways || take == least {
                taken[kind] = take;
                size -= take;
                break;
            }
            n -= ways;
        }
    }
    taken
}

/// One node of the exact tree: what is decided of each deck's top, its chance, and the
/// state its runs resume from, if any ([`Resume`]).
struct Node<P: Procedure> {
    prefix: [Vec<u16>; 2],
    chance: Chance,
    resume: Option<std::rc::Rc<Resume<P>>>,
}

impl<P: Procedure> Node<P> {
    /// The node's run made again up to the turn that gave out the event `event_at` (its
    /// `turns`, [`crate::engine::Turns`]), if the state there can be resumed from by every
    /// run below the node: its decks only drawn from, nothing put back
    /// ([`Runner::before_event`]).
    fn pause_before(
        &self,
        runner: &Runner<'_, P>,
        decks: &Decks,
        seen: &mut Seen,
        turns: &[usize],
        event_at: usize,
    ) -> Result<Option<Resume<P>>, OddsRefusal> {
        let paused = runner.before_event(
            self.resume.as_deref(),
            |board| decks.arrange(board, &self.prefix),
            seen,
            turns,
            event_at,
        )?;
        let Some(resume) = paused else {
            return Ok(None);
        };
        let resumable = resume.table.as_board().is_some_and(|board| {
            decks.only_drawn_from(board, &self.prefix)
                && decks.drawn_as_noted(board, &resume.batches)
        });
        Ok(resumable.then_some(*resume))
    }
}

/// The first batch a trial drew past what is decided: its side, its size and the event that
/// drew it.
fn undecided(trial: &Trial, prefix: &[Vec<u16>; 2]) -> Option<(Side, usize, usize)> {
    let mut drawn = [0usize; 2];
    for &(side, count, event_at) in &trial.batches {
        let at = index(side);
        if drawn[at] + count > prefix[at].len() {
            return Some((
                side,
                count.min(drawn[at] + count - prefix[at].len()),
                event_at,
            ));
        }
        drawn[at] += count;
    }
    None
}

/// The odds of a procedure from a table: see the module's text.
pub fn odds<P: Procedure>(
    table: &P::Table,
    request: OddsRequest<'_>,
    ending: fn(&P::Result) -> Result<Ending, OddsRefusal>,
) -> Result<OddsAnswer, OddsRefusal> {
    let OddsRequest {
        corpus,
        action,
        choices,
        policies,
        method,
        exact_most,
        best,
        progress,
        words,
        script,
    } = request;
    let board = table.as_board().ok_or(OddsRefusal::NotYoungJedi)?;
    // Cards given only by a count are unknown: a dueling hand of them cannot be answered; a
    // draw deck of them only if the procedure never draws from it.
    let counted = |zone: Zone| {
        board.zone(zone).iter().any(|id| {
            board
                .instance(*id)
                .is_some_and(|instance| instance.provenance.counted)
        })
    };
    for side in SIDES {
        if counted(Zone::DuelingHand(side)) {
            return Err(OddsRefusal::CountedHand(side.label()));
        }
    }
    let counted_decks = SIDES.map(|side| counted(Zone::DrawDeck(side)));
    let mut decks = Decks::of(board, counted_decks);
    let naive = matches!(method, Method::EveryOrder(_));
    let script = (!script.is_empty()).then_some(&script);
    let make_runner = |fixed: Vec<(usize, usize)>| Runner::<P> {
        table,
        board,
        policies,
        ending,
        // The naive reference runs as a walk does, every word built: what the odds sum
        // without words is checked against it. A stated choice is read by the names of its
        // options, which need their words.
        words: if naive || script.is_some() {
            Words::Read
        } else {
            words
        },
        start: P::start(table, corpus, action, &choices),
        spare: Default::default(),
        spare_engine: Default::default(),
        share: !naive,
        shared: Default::default(),
        script,
        fixed,
        best,
    };
    let runner = make_runner(Vec::new());
    let mut seen = Seen::default();
    let empty: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
    let root = runner.run(|board| decks.arrange(board, &empty), false, &mut seen)?;
    for &(side, _, _) in &root.batches {
        if counted_decks[index(side)] {
            return Err(OddsRefusal::CountedDeck(side.label()));
        }
    }
    // The size of the tree, from the root's batches drawn from canonical decks.
    let mut estimate: u64 = 1;
    let mut drawn: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
    for &(side, count, _) in &root.batches {
        let at = index(side);
        let left = decks.remaining(side, &drawn[at]);
        estimate = estimate.saturating_mul(multiset_count(&left, count));
        // The canonical deck's next cards, to follow the root's draws.
        let mut kinds_left = left;
        for _ in 0..count {
            if let Some(kind) = kinds_left.iter().position(|count| *count > 0) {
                kinds_left[kind] -= 1;
                drawn[at].push(u16::try_from(kind).unwrap_or(u16::MAX));
            }
        }
    }
    // Each way the open choices fall is an answer of its own to sum: as many trees as the
    // search over them has leaves.
    let leaves = open_leaves(&make_runner, &decks, Vec::new(), &mut 0)?;
    let leaf_estimate = estimate;
    estimate = estimate.saturating_mul(leaves);
    if method == Method::Exact {
        // The root's draws alone misjudge the tree: other ways the cards fall draw more or
        // fewer. Random paths down it say how large it is, before any work is begun.
        estimate =
            estimate_cases(&runner, &decks, board.seed, counted_decks)?.saturating_mul(leaves);
        if estimate > exact_most {
            return Err(OddsRefusal::ExactTooLarge {
                estimate,
                most: exact_most,
            });
        }
    }
    let (sampled, why_sampled) = match method {
        Method::Exact | Method::EveryOrder(_) => (None, None),
        Method::Sampled(samples) => (Some(samples), None),
        Method::Auto if estimate > EXACT_LIMIT => (
            Some(DEFAULT_SAMPLES),
            Some(format!(
                "about {} distinguishable draws, more than the {} an exact answer sums",
                crate::text::thousands(usize::try_from(estimate).unwrap_or(usize::MAX)),
                crate::text::thousands(usize::try_from(EXACT_LIMIT).unwrap_or(usize::MAX))
            )),
        ),
        Method::Auto => (None, None),
    };
    let mut search = Search {
        make_runner: &make_runner,
        decks: &decks,
        sampled,
        run_limit: (method == Method::Auto).then_some(RUN_LIMIT),
        estimate: leaf_estimate,
        counted: counted_decks,
        seed: board.seed,
        progress,
        seen: &mut seen,
        leaves: 0,
    };
    let solved = search.solve(Vec::new())?;
    if let Some(runs) = solved.too_large {
        // Give up on exact: sample instead.
        let mut answer = odds::<P>(
            table,
            OddsRequest {
                corpus,
                action,
                choices: choices.clone(),
                policies,
                method: Method::Sampled(DEFAULT_SAMPLES),
                exact_most,
                best,
                progress,
                words,
                script: script.cloned().unwrap_or_default(),
            },
            ending,
        )?;
        answer.why_sampled = Some(format!(
            "the exact answer took more than {} runs",
            crate::text::thousands(usize::try_from(runs).unwrap_or(usize::MAX))
        ));
        return Ok(answer);
    }
    if let Some(side) = best
        && solved.best.is_none()
    {
        return Err(if solved.best_after_draw {
            OddsRefusal::DecisionAfterDraw(side.label())
        } else {
            OddsRefusal::NoDecision(side.label())
        });
    }
    // The choices made in the open, and what is played before any hidden card is used, as
    // the answer plays them.
    let principal = make_runner(solved.fixed.clone());
    let lineup = principal.lineup()?;
    let (distribution, reached, partial) = match method {
        Method::EveryOrder(limit) => {
            let (distribution, runs, partial) = every_order(&principal, &decks, limit, &mut seen)?;
            (distribution, Reached::Exact { cases: runs }, partial)
        }
        _ => (
            solved.distribution,
            match sampled {
                Some(samples) => Reached::Sampled {
                    samples: u64::from(samples),
                    seed: board.seed,
                },
                None => Reached::Exact {
                    cases: solved.cases,
                },
            },
            solved.partial,
        ),
    };
    for side in SIDES {
        decks.models[index(side)].drawn_from = seen.drawn[index(side)];
    }
    Ok(OddsAnswer {
        reached,
        why_sampled,
        partial,
        policies,
        decks: decks.models.to_vec(),
        distribution,
        best: solved.best,
        lineup: lineup.said,
        choices: lineup.made,
        cites: seen.cites,
        assumptions: seen.assumptions,
        runs: seen.runs,
        resumed: seen.resumed,
    })
}

/// How many leaves the search over open choices may weigh: past it, the policies take the
/// choices left.
const MAX_OPEN_LEAVES: usize = 64;

/// How many leaves the search over open choices ([`Search::solve`]) will weigh below the
/// choices `fixed`, counted as it counts them (`counted` so far): a run a node, no draw
/// summed.
fn open_leaves<'a, P: Procedure>(
    make_runner: &(dyn Fn(Vec<(usize, usize)>) -> Runner<'a, P> + Sync),
    decks: &Decks,
    fixed: Vec<(usize, usize)>,
    counted: &mut usize,
) -> Result<u64, OddsRefusal> {
    let empty: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
    let root = make_runner(fixed.clone()).run(
        |board| decks.arrange(board, &empty),
        true,
        &mut Seen::forgetful(),
    )?;
    let Some(met) = root
        .met
        .filter(|met| met.best || *counted < MAX_OPEN_LEAVES)
    else {
        *counted += 1;
        return Ok(1);
    };
    let mut leaves = 0u64;
    for (first, _) in crate::engine::deciders::distinct_choices(&met.decision) {
        let mut more = fixed.clone();
        more.push((met.ordinal, first));
        leaves = leaves.saturating_add(open_leaves(make_runner, decks, more, counted)?);
    }
    Ok(leaves)
}

/// The search over the open choices: each side, at each choice made before any hidden card
/// is seen, takes the option best for it by the odds themselves, the opponent doing the same
/// at his (a minimax, chance summed over the draws below).
struct Search<'s, 'a, P: Procedure> {
    make_runner: &'s (dyn Fn(Vec<(usize, usize)>) -> Runner<'a, P> + Sync),
    decks: &'s Decks,
    sampled: Option<u32>,
    run_limit: Option<u64>,
    estimate: u64,
    counted: [bool; 2],
    seed: u64,
    progress: &'s mut dyn FnMut(Progress) -> Flow,
    seen: &'s mut Seen,
    /// Leaves weighed so far.
    leaves: usize,
}

/// What the search came to below a node.
struct Solved {
    distribution: Distribution,
    /// The open choices the answer takes, by their place among the decisions asked.
    fixed: Vec<(usize, usize)>,
    best: Option<BestAnswer>,
    best_after_draw: bool,
    cases: u64,
    partial: bool,
    /// An exact answer under `auto` that passed its run limit, after so many runs.
    too_large: Option<u64>,
}

impl<P: Procedure> Search<'_, '_, P> {
    fn solve(&mut self, fixed: Vec<(usize, usize)>) -> Result<Solved, OddsRefusal> {
        let runner = (self.make_runner)(fixed.clone());
        let empty: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
        // The node's own run is no run of the answer, but the rules it applies before any
        // card is drawn (its open choices') are the answer's.
        let mut met_here = Seen::default();
        let root = runner.run(
            |board| self.decks.arrange(board, &empty),
            true,
            &mut met_here,
        )?;
        self.seen.absorb_notes(met_here);
        let met = root
            .met
            .filter(|met| met.best || self.leaves < MAX_OPEN_LEAVES);
        let Some(met) = met else {
            return self.leaf(&runner, fixed, root.best_after_draw);
        };
        let mut children: Vec<(String, usize, Solved)> = Vec::new();
        for (first, count) in crate::engine::deciders::distinct_choices(&met.decision) {
            let mut more = fixed.clone();
            more.push((met.ordinal, first));
            let child = self.solve(more)?;
            let label = met
                .decision
                .options
                .get(first)
                .map(|option| option.label.to_string())
                .unwrap_or_default();
            let stop = child.partial || child.too_large.is_some();
            children.push((label, count, child));
            if stop {
                break;
            }
        }
        if let Some(at) = children
            .iter()
            .position(|(_, _, child)| child.partial || child.too_large.is_some())
        {
            return Ok(children.swap_remove(at).2);
        }
        let who = met.decision.who;
        let chosen = best_of(
            who,
            &children
                .iter()
                .map(|(label, _, child)| (label.as_str(), &child.distribution))
                .collect::<Vec<_>>(),
        );
        let cases = children.iter().map(|(_, _, child)| child.cases).sum();
        let best_answer = met.best.then(|| BestAnswer {
            side: who,
            prompt: met.decision.prompt.clone(),
            options: children
                .iter()
                .map(|(label, count, child)| OptionOdds {
                    label: label.clone(),
                    stands_for: *count,
                    distribution: child.distribution.clone(),
                })
                .collect(),
            best: chosen,
        });
        let mut taken = children.swap_remove(chosen).2;
        taken.cases = cases;
        if best_answer.is_some() {
            taken.best = best_answer;
        }
        Ok(taken)
    }

    /// A node with no choice left to weigh: its distribution over the draws.
    fn leaf(
        &mut self,
        runner: &Runner<'_, P>,
        fixed: Vec<(usize, usize)>,
        best_after_draw: bool,
    ) -> Result<Solved, OddsRefusal> {
        self.leaves += 1;
        let estimate = self.estimate;
        let progress = &mut *self.progress;
        let (distribution, cases, partial, too_large) = match self.sampled {
            Some(samples) => {
                let make = || (self.make_runner)(fixed.clone());
                let (distribution, partial) = sample(
                    &make,
                    self.decks,
                    samples,
                    self.seed,
                    self.seen,
                    self.counted,
                    &mut |runs| {
                        progress(Progress {
                            runs,
                            expected: Some(u64::from(samples)),
                        })
                    },
                )?;
                (distribution, 0, partial, None)
            }
            None => match exact(
                runner,
                self.decks,
                self.seen,
                self.counted,
                // One budget of runs for every leaf.
                self.run_limit
                    .map(|limit| limit.saturating_sub(self.seen.runs)),
                &mut |runs| {
                    progress(Progress {
                        runs,
                        expected: Some(estimate),
                    })
                },
            )? {
                Exactly::Done(distribution, cases, partial) => (distribution, cases, partial, None),
                Exactly::TooLarge(runs) => (Distribution::empty(true), 0, false, Some(runs)),
            },
        };
        Ok(Solved {
            distribution,
            fixed,
            best: None,
            best_after_draw,
            cases,
            partial,
            too_large,
        })
    }
}

/// The next permutation of `items` in lexicographic order, if there is one.
fn next_permutation<T: Ord>(items: &mut [T]) -> bool {
    let Some(pivot) = (1..items.len()).rev().find(|&at| items[at - 1] < items[at]) else {
        return false;
    };
    let pivot = pivot - 1;
    let Some(swap) = (pivot + 1..items.len())
        .rev()
        .find(|&at| items[at] > items[pivot])
    else {
        return false;
    };
    items.swap(pivot, swap);
    items[pivot + 1..].reverse();
    true
}

/// Puts each side's draw deck in the order given (top first).
fn put_decks(board: &mut Board, orders: &[Vec<CardId>; 2]) {
    for side in SIDES {
        if !orders[index(side)].is_empty() {
            board
                .zones
                .insert(Zone::DrawDeck(side), orders[index(side)].clone());
        }
    }
}

/// n! as a big number.
fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::one(), |product, k| product * BigUint::from(k))
}

/// Every order of both decks, one run each (the naive reference): the distribution, the
/// runs, and whether `limit` stopped it first.
fn every_order<P: Procedure>(
    runner: &Runner<'_, P>,
    decks: &Decks,
    limit: u64,
    seen: &mut Seen,
) -> Result<(Distribution, u64, bool), OddsRefusal> {
    let mut orders: [Vec<CardId>; 2] = SIDES.map(|side| {
        let mut ids = decks.kinds[index(side)].concat();
        ids.sort();
        ids
    });
    let total = factorial(orders[0].len()) * factorial(orders[1].len());
    let each = Chance::new(BigUint::one(), total);
    let mut distribution = Distribution::empty(true);
    let mut runs = 0u64;
    loop {
        loop {
            if runs >= limit {
                return Ok((distribution, runs, true));
            }
            let trial = runner.run(|board| put_decks(board, &orders), false, seen)?;
            distribution.add_exact(trial.ending, each.clone());
            runs += 1;
            if !next_permutation(&mut orders[1]) {
                orders[1].sort();
                break;
            }
        }
        if !next_permutation(&mut orders[0]) {
            return Ok((distribution, runs, false));
        }
    }
}

/// The best option for `side`: where the procedure has a goal, the largest chance of
/// reaching it (or of the opponent missing his); then the largest expected damage margin;
/// among equals, the one whose label comes first in the order of names (never the order a
/// file lists them in).
fn best_of(side: Side, options: &[(&str, &Distribution)]) -> usize {
    let mut best = 0;
    let mut best_measure: Option<(Option<Expected>, Expected)> = None;
    for (at, (label, distribution)) in options.iter().enumerate() {
        let measure = (
            BestAnswer::goal(side, distribution),
            BestAnswer::margin(side, distribution),
        );
        let better = match &best_measure {
            None => true,
            Some(current) => {
                measure_greater(&measure, current)
                    || (!measure_greater(current, &measure)
                        && options.get(best).is_some_and(|(known, _)| {
                            crate::cards::matching::normalise(label)
                                < crate::cards::matching::normalise(known)
                        }))
            }
        };
        if better {
            best = at;
            best_measure = Some(measure);
        }
    }
    best
}

/// Whether one option's measure (the goal's chance, then the margin) is strictly greater
/// than another's.
fn measure_greater(a: &(Option<Expected>, Expected), b: &(Option<Expected>, Expected)) -> bool {
    match (&a.0, &b.0) {
        (Some(x), Some(y)) if greater(x, y) => true,
        (Some(x), Some(y)) if greater(y, x) => false,
        _ => greater(&a.1, &b.1),
    }
}

/// Whether one expected value is strictly greater than another: exactly where both are exact.
fn greater(a: &Expected, b: &Expected) -> bool {
    match (a, b) {
        (
            Expected::Exact {
                positive: ap,
                negative: an,
            },
            Expected::Exact {
                positive: bp,
                negative: bn,
            },
        ) => ap + bn > bp + an,
        _ => a.value() > b.value(),
    }
}

/// How an exact enumeration ended.
enum Exactly {
    /// The distribution, the cases summed, and whether it was stopped part way.
    Done(Distribution, u64, bool),
    /// It passed its run limit after this many runs.
    TooLarge(u64),
}

/// How often a long answer reports its progress, in runs.
const REPORT_EVERY: u64 = 256;

fn exact<P: Procedure>(
    runner: &Runner<'_, P>,
    decks: &Decks,
    seen: &mut Seen,
    counted: [bool; 2],
    limit: Option<u64>,
    progress: &mut dyn FnMut(u64) -> Flow,
) -> Result<Exactly, OddsRefusal> {
    let mut distribution = Distribution::empty(true);
    // The root's runs start where every run starts, past the turns before any deck is
    // touched: its decks are the table's, arranged as from the table.
    let mut stack = vec![Node::<P> {
        prefix: [Vec::new(), Vec::new()],
        chance: Chance::one(),
        resume: runner.shared_start(),
    }];
    let mut cases = 0u64;
    let mut runs = 0u64;
    // For each event of a run, the turn of its loop it was given out in.
    let mut turns: Vec<usize> = Vec::new();
    while let Some(node) = stack.pop() {
        turns.clear();
        let trial = runner.ended(runner.run_from(
            node.resume.as_deref(),
            |board| decks.arrange(board, &node.prefix),
            false,
            seen,
            Turns {
                pause_at: None,
                of_events: Some(&mut turns),
            },
        )?)?;
        runs += 1;
        if runs.is_multiple_of(REPORT_EVERY) && progress(runs) == Flow::Stop {
            return Ok(Exactly::Done(distribution, cases, true));
        }
        if limit.is_some_and(|limit| runs > limit) {
            return Ok(Exactly::TooLarge(runs));
        }
        match undecided(&trial, &node.prefix) {
            None => {
                distribution.add_exact(trial.ending, node.chance);
                cases += 1;
            }
            Some((side, size, event_at)) => {
                let at = index(side);
                if counted[at] {
                    return Err(OddsRefusal::CountedDeck(side.label()));
                }
                // The children all pass through the state before the turn that drew past what
                // this node decides: made once, they resume from it.
                let resume = match node.pause_before(runner, decks, seen, &turns, event_at)? {
                    Some(resume) => Some(std::rc::Rc::new(resume)),
                    None => node.resume.clone(),
                };
                let left = decks.remaining(side, &node.prefix[at]);
                let branches = multiset_count(&left, size);
                if branches > MAX_BRANCHES {
                    return Err(OddsRefusal::TooLarge(crate::text::thousands(
                        usize::try_from(branches).unwrap_or(usize::MAX),
                    )));
                }
                let cap = usize::try_from(MAX_BRANCHES).unwrap_or(usize::MAX);
                let Some(children) = multisets(&left, size, cap) else {
                    return Err(OddsRefusal::TooLarge(crate::text::thousands(
                        usize::try_from(branches).unwrap_or(usize::MAX),
                    )));
                };
                // Pushed last first, so that the first multiset is walked first.
                for taken in children.iter().rev() {
                    let mut prefix = node.prefix.clone();
                    for (kind, &count) in taken.iter().enumerate() {
                        let kind = u16::try_from(kind).unwrap_or(u16::MAX);
                        prefix[at].extend(std::iter::repeat_n(kind, count));
                    }
                    stack.push(Node {
                        prefix,
                        chance: &node.chance * hypergeometric(&left, taken),
                        resume: resume.clone(),
                    });
                }
            }
        }
    }
    Ok(Exactly::Done(distribution, cases, false))
}

/// A sampled answer: `samples` random orders of both decks, in chunks of [`SAMPLE_CHUNK`]
/// run side by side on every thread rayon has (the caller's pool), each chunk from its own
/// seed, so that the answer is the same byte for byte whatever the number of threads.
#[allow(clippy::too_many_arguments)]
fn sample<'a, P: Procedure>(
    make_runner: &(dyn Fn() -> Runner<'a, P> + Sync),
    decks: &Decks,
    samples: u32,
    seed: u64,
    seen: &mut Seen,
    counted: [bool; 2],
    progress: &mut dyn FnMut(u64) -> Flow,
) -> Result<(Distribution, bool), OddsRefusal> {
    use rayon::prelude::*;
    let samples = u64::from(samples);
    let chunks = samples.div_ceil(SAMPLE_CHUNK);
    // Chunks run side by side a wave at a time; between waves the progress is told, and may
    // stop the answer. What a wave comes to is added in the order of its chunks.
    let wave = u64::try_from(rayon::current_num_threads().max(1))
        .unwrap_or(1)
        .saturating_mul(WAVE_PER_THREAD);
    let mut distribution = Distribution::empty(false);
    let mut first = 0u64;
    while first < chunks {
        let last = first.saturating_add(wave).min(chunks);
        let done: Vec<Result<(Distribution, Seen), OddsRefusal>> = (first..last)
            .into_par_iter()
            .map(|chunk| {
                let from = chunk * SAMPLE_CHUNK;
                let count = SAMPLE_CHUNK.min(samples - from);
                sample_chunk(
                    &make_runner(),
                    decks,
                    count,
                    chunk_seed(seed, chunk),
                    counted,
                    seen.forgetful,
                )
            })
            .collect();
        for chunk in done {
            let (counts, met) = chunk?;
            distribution.absorb(counts);
            seen.absorb(met);
        }
        first = last;
        let runs = (first * SAMPLE_CHUNK).min(samples);
        if first < chunks && progress(runs) == Flow::Stop {
            return Ok((distribution, true));
        }
    }
    Ok((distribution, false))
}

/// How many samples one chunk takes, from its own seed ([`chunk_seed`]): the answer is the
/// same whatever the number of threads that run the chunks.
const SAMPLE_CHUNK: u64 = 2048;

/// How many chunks a wave gives each thread.
const WAVE_PER_THREAD: u64 = 4;

/// The seed of one chunk of samples: the answer's seed and the chunk's place, mixed
/// (SplitMix64's finaliser), so that neighbouring chunks draw unrelated orders.
fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    let mut mixed = seed ^ chunk.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    mixed ^ (mixed >> 31)
}

/// One chunk of samples, each a random order of both decks from the chunk's seed: what they
/// came to, and what their runs met.
fn sample_chunk<P: Procedure>(
    runner: &Runner<'_, P>,
    decks: &Decks,
    count: u64,
    seed: u64,
    counted: [bool; 2],
    forgetful: bool,
) -> Result<(Distribution, Seen), OddsRefusal> {
    let mut seen = Seen {
        forgetful,
        ..Seen::default()
    };
    let mut distribution = Distribution::empty(false);
    let mut random = Random::seeded(seed);
    let mut orders: [Vec<CardId>; 2] = SIDES.map(|side| decks.kinds[index(side)].concat());
    for _ in 0..count {
        for order in &mut orders {
            random.shuffle(order);
        }
        let trial = runner.run_shared(|board| put_decks(board, &orders), &mut seen)?;
        if let Some(&(side, _, _)) = trial
            .batches
            .iter()
            .find(|(side, _, _)| counted[index(*side)])
        {
            return Err(OddsRefusal::CountedDeck(side.label()));
        }
        distribution.add_sample(trial.ending);
    }
    Ok((distribution, seen))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_of_a_deck_are_every_distinct_hand_once() {
        // Two 5s and a 3: hands of two are {5,5} and {5,3}.
        let found = multisets(&[2, 1], 2, usize::MAX).unwrap_or_default();
        assert_eq!(found, vec![vec![2, 0], vec![1, 1]]);
        assert_eq!(multiset_count(&[2, 1], 2), 2);
        assert_eq!(multiset_count(&[2, 2, 2, 2, 2, 2], 10), 21);
        assert_eq!(
            multisets(&[2, 2, 2, 2, 2, 2], 10, usize::MAX).map(|found| found.len()),
            Some(21)
        );
    }

    /// The multiset at each place is the one `multisets` lists there.
    #[test]
    fn the_nth_multiset_is_the_one_listed_at_its_place() {
        for (left, size) in [(vec![2, 1], 2), (vec![3, 2, 4, 1], 4), (vec![2; 6], 10)] {
            let listed = multisets(&left, size, usize::MAX).unwrap_or_default();
            assert_eq!(listed.len() as u64, multiset_count(&left, size));
            for (at, multiset) in listed.iter().enumerate() {
                assert_eq!(
                    &nth_multiset(&left, size, at as u64),
                    multiset,
                    "{left:?} {at}"
                );
            }
        }
    }

    #[test]
    fn the_hypergeometric_chances_of_every_hand_sum_to_one() {
        let left = [3, 2, 4, 1];
        let total = multisets(&left, 4, usize::MAX)
            .unwrap_or_default()
            .iter()
            .fold(Chance::zero(), |sum, taken| {
                sum + hypergeometric(&left, taken)
            });
        assert_eq!(total, Chance::one());
        // Both 5s from {5,5,3}: 1 way in C(3,2) = 3.
        assert_eq!(
            hypergeometric(&[2, 1], &[2, 0]),
            Chance::new(BigUint::from(1u8), BigUint::from(3u8))
        );
    }

    #[test]
    fn a_sampled_interval_holds_its_estimate() {
        let estimate = Estimate::Sampled {
            hits: 500,
            samples: 1000,
        };
        let (low, high) = estimate.interval().unwrap_or((1.0, 0.0));
        assert!(low < 0.5 && 0.5 < high);
        assert!((high - low - 0.062).abs() < 0.001, "{low} {high}");
    }
}
