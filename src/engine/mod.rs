//! Procedures that advance a board step by step: each emits events with their citations, asks for decisions, or ends.

pub mod conditions;
pub mod counters;
pub mod damage;
pub mod deciders;
pub mod decisions;
pub mod effects;
pub mod from_deck;
pub mod kind_list;
pub mod location;
pub mod missing;

use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::rules::Citation;

pub use crate::rules::Assumption;

/// How many hit tokens and dueling-hand cards each side has, after an event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Tally {
    pub light_hits: u32,
    pub dark_hits: u32,
    pub light_cards: usize,
    pub dark_cards: usize,
}

/// A place on the table, as data: the kind of zone or pile, whose it is, and the planet or
/// battle where that applies. `label` is the same place in words.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// `draw-deck`, `hand`, `discard-pile`, `hyperspace`, `objective`, `at-objective`,
    /// `podracing-pile`, `battle-plan`, `dueling-hand`, `dueling-pile`, `in-play`; in Clash of
    /// the Lightsabers `draw-pile`, `hand`, `discard-pile`, `planned`, `battle`, `won`.
    pub zone: &'static str,
    pub side: Side,
    /// The planet of cards in play.
    pub planet: Option<&'static str>,
    /// Clash of the Lightsabers: the battle a planned card is for.
    pub battle: Option<u8>,
    /// The place in words.
    pub label: std::borrow::Cow<'static, str>,
}

impl Place {
    pub fn of_zone(zone: Zone) -> Place {
        Place {
            label: zone.label(),
            ..Place::of_zone_unlabelled(zone)
        }
    }

    /// [`Place::of_zone`] without its words, for a move no one reads.
    fn of_zone_unlabelled(zone: Zone) -> Place {
        let planet = match zone {
            Zone::InPlay(planet, _) => Some(planet.name()),
            _ => None,
        };
        Place {
            zone: zone.key(),
            side: zone.owner(),
            planet,
            battle: None,
            label: Cow::Borrowed(""),
        }
    }
}

/// Where a card went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The card instance's id on the board.
    pub card: u32,
    pub name: Cow<'static, str>,
    pub from: Place,
    pub to: Place,
}

/// A procedure's own event: what it says of itself. The envelope around it ([`Event`]:
/// citations, assumptions, moves, tally) is shared.
pub trait EventKind: Clone + fmt::Debug + PartialEq + Serialize + 'static {
    /// One sentence (or two) saying what the event did, as its procedure tells it.
    fn narrate(&self) -> String;

    /// Whether a walkthrough shows the tally after it.
    fn shows_tally(&self) -> bool {
        false
    }

    /// Whether it settles what the walk comes to (a defeat, an evacuation's end, a lap, a
    /// refusal): the last such step is the one a summary names as deciding, with its rules.
    fn decides(&self) -> bool {
        false
    }
}

/// An event of any procedure, as the renderers and expectations read it.
pub trait Step {
    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String;
    /// Whether a walkthrough shows the tally after it.
    fn shows_tally(&self) -> bool;
    /// Whether it settles what the walk comes to ([`EventKind::decides`]).
    fn decides(&self) -> bool;
    /// The rules it applied.
    fn cites(&self) -> &[Citation];
    /// The named assumptions it rests on, each printed where it is first applied.
    fn assumptions(&self) -> &[Assumption];
    /// The cards it moved.
    fn moves(&self) -> &[Move];
    /// Hit tokens and dueling-hand cards after it.
    fn tally(&self) -> Tally;
    /// The procedure's own event, as the JSON output gives it.
    fn kind(&self) -> &dyn erased_serde::Serialize;
}

impl<K: EventKind> Step for Event<K> {
    fn narrate(&self) -> String {
        self.kind.narrate()
    }

    fn shows_tally(&self) -> bool {
        self.kind.shows_tally()
    }

    fn decides(&self) -> bool {
        self.kind.decides()
    }

    fn cites(&self) -> &[Citation] {
        &self.cites
    }

    fn assumptions(&self) -> &[Assumption] {
        &self.assumptions
    }

    fn moves(&self) -> &[Move] {
        &self.moves
    }

    fn tally(&self) -> Tally {
        self.tally
    }

    fn kind(&self) -> &dyn erased_serde::Serialize {
        &self.kind
    }
}

pub use missing::MissingFact;

/// What a procedure has made and not yet given out: its events in order, then the decision or
/// missing fact that comes after them, and whether it has ended; and the named assumptions it
/// has printed (each is printed once, where it is first applied).
#[derive(Debug)]
pub struct Pending<K> {
    /// Whether anyone reads the words of what the procedure makes.
    pub words: Words,
    events: std::collections::VecDeque<Event<K>>,
    said: std::collections::BTreeSet<&'static str>,
    held: Option<Held>,
    finished: bool,
    /// The room of the moves of events given out and dropped (a run whose events no one
    /// keeps), for the moves of the events to come: at most [`SPARE_MOVES`] of them.
    spare_moves: Vec<Vec<Move>>,
}

/// How many lists of moves a procedure's queue keeps the room of ([`Pending::room_for_moves`]).
const SPARE_MOVES: usize = 8;

/// Whether anyone reads the words of a procedure's events, decisions and result: a walk does;
/// the odds' runs read only what the procedure comes to, which cards moved and the rules
/// applied. A procedure builds no words that no one reads: a label, a prompt or a card's name
/// is then empty. Nothing a procedure or a decider decides by rests on them, and what a stop,
/// a missing fact or a refusal says is built whatever the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// Every word is built, as a walk shows them.
    Read,
    /// None is built that only a reader would need.
    Unread,
}

impl Words {
    /// The text `make` builds, if anyone reads it; otherwise empty, built from nothing.
    pub fn text(self, make: impl FnOnce() -> String) -> String {
        match self {
            Words::Read => make(),
            Words::Unread => String::new(),
        }
    }

    /// [`Words::text`], as a label.
    pub fn label(self, make: impl FnOnce() -> String) -> Cow<'static, str> {
        match self {
            Words::Read => Cow::Owned(make()),
            Words::Unread => Cow::Borrowed(""),
        }
    }

    /// Whether anyone reads them.
    pub fn read(self) -> bool {
        self == Words::Read
    }
}

/// What waits behind a procedure's pending events.
#[derive(Clone, Debug)]
enum Held {
    Decide(Decision),
    Offer(Decision),
    Missing(MissingFact),
}

impl<K: Clone> Clone for Pending<K> {
    fn clone(&self) -> Self {
        // A copy has room for the few events a step makes: an engine copied for each of the
        // odds' runs does not grow it again in every run.
        const ROOM: usize = 8;
        let mut copy = Pending {
            events: std::collections::VecDeque::with_capacity(self.events.len().max(ROOM)),
            ..Pending::default()
        };
        copy.clone_from(self);
        copy
    }

    /// Copies into the room of this one's queue of events, keeping its room for moves.
    fn clone_from(&mut self, source: &Self) {
        let Pending {
            words,
            events,
            said,
            held,
            finished,
            spare_moves: _,
        } = self;
        *words = source.words;
        events.clear();
        events.extend(source.events.iter().cloned());
        said.clone_from(&source.said);
        held.clone_from(&source.held);
        *finished = source.finished;
    }
}

impl<K> Default for Pending<K> {
    fn default() -> Self {
        Pending {
            words: Words::Read,
            events: Default::default(),
            said: Default::default(),
            held: None,
            finished: false,
            spare_moves: Vec::new(),
        }
    }
}

impl<K> Pending<K> {
    /// An empty list for the moves of an event: the room of the moves of an event given out
    /// and dropped, if there is one.
    pub fn room_for_moves(&mut self) -> Vec<Move> {
        self.spare_moves.pop().unwrap_or_default()
    }

    /// [`Pending::room_for_moves`], with one move in it.
    pub fn one_move(&mut self, moved: Move) -> Vec<Move> {
        let mut moves = self.room_for_moves();
        moves.push(moved);
        moves
    }

    /// Drops the events waiting, keeping the room of their moves.
    fn drop_events(&mut self) {
        for event in self.events.iter_mut() {
            if self.spare_moves.len() == SPARE_MOVES {
                break;
            }
            if event.moves.capacity() > 0 {
                let mut moves = std::mem::take(&mut event.moves);
                moves.clear();
                self.spare_moves.push(moves);
            }
        }
        self.events.clear();
    }

    /// Adds an event already made, with its tally.
    pub fn push(&mut self, event: Event<K>) {
        self.events.push_back(event);
    }

    /// Whether no event waits to be given out.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// How many events wait to be given out.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Moves the event made last to `position` among those waiting (an event that tells
    /// what caused those made after it).
    pub fn move_last_to(&mut self, position: usize) {
        if let Some(event) = self.events.pop_back() {
            self.events.insert(position.min(self.events.len()), event);
        }
    }

    /// The procedure cannot go on without a fact: given out after the events made so far.
    pub fn fail(&mut self, fact: MissingFact) {
        self.held = Some(Held::Missing(fact));
    }

    /// The procedure cannot go on without a fact, and the events made since the last one
    /// given out are dropped: they belong to a step that did not happen.
    pub fn fail_now(&mut self, fact: MissingFact) {
        self.events.clear();
        self.fail(fact);
    }

    /// Adds an event with the rules it applied, the named assumptions it rests on and the
    /// cards it moved.
    pub fn emit(
        &mut self,
        kind: K,
        cites: impl Into<Cow<'static, [Citation]>>,
        assumptions: Vec<Assumption>,
        moves: Vec<Move>,
    ) {
        self.events.push_back(Event {
            kind,
            cites: cites.into(),
            assumptions,
            moves,
            tally: Tally::default(),
        });
    }

    /// The assumption, the first time it is applied; nothing after that.
    pub fn once(&mut self, assumption: Assumption) -> Vec<Assumption> {
        if self.said.insert(assumption.name) {
            vec![assumption]
        } else {
            Vec::new()
        }
    }
}

/// An event in the log, with the rules it applied and the state after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event<K> {
    pub kind: K,
    /// The rules it applied: most events apply rules known before the walk, and borrow them.
    pub cites: Cow<'static, [Citation]>,
    pub assumptions: Vec<Assumption>,
    pub moves: Vec<Move>,
    pub tally: Tally,
}

pub use decisions::DecisionKind;

/// One legal answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionOption {
    /// What the player does, in words.
    pub label: Cow<'static, str>,
    /// The card it names, if any.
    pub card: Option<CardId>,
    /// The full name of that card, for scripts that answer by name.
    pub name: Option<Cow<'static, str>>,
    /// The other names that find that card: its aliases, and its name with the set of each
    /// of its printings (`Naboo Starfighter (The Jedi Council)`).
    pub aliases: Vec<String>,
    /// A card's destiny number, for plays.
    pub destiny: Option<i32>,
    /// Declines: no block, no substitute, no weapon, no effect.
    pub declines: bool,
    /// The rules that make it legal.
    pub cites: Cow<'static, [Citation]>,
}

impl DecisionOption {
    /// An option about a card: its id, its full name and the other names a script may answer
    /// with ([`crate::cards::Card::other_names`]).
    pub fn about_card(
        label: impl Into<Cow<'static, str>>,
        id: CardId,
        card: Option<&crate::cards::Card>,
        cites: impl Into<Cow<'static, [Citation]>>,
    ) -> DecisionOption {
        DecisionOption {
            label: label.into(),
            card: Some(id),
            name: card.map(|card| card.full_name().into()),
            aliases: card
                .map(crate::cards::Card::other_names)
                .unwrap_or_default(),
            destiny: None,
            declines: false,
            cites: cites.into(),
        }
    }
}

/// The most turns a procedure takes before the walk stops it as one that does not end, on a
/// table of few cards.
pub const MOST_TURNS: usize = 100_000;

/// The most turns of a procedure on a table of `cards` cards: [`MOST_TURNS`] and 16 more for
/// each card, far beyond the few turns each card takes (a duel plays every card of the dueling
/// hands, a battle fights every character), so that a long but legal procedure ends.
pub fn most_turns_for_cards(cards: usize) -> usize {
    MOST_TURNS.saturating_add(cards.saturating_mul(16))
}

/// A table a procedure runs on, as the walk's bound on its turns and the deciders read it.
pub trait CardCount {
    /// How many cards the table holds, wherever they are.
    fn card_count(&self) -> usize;

    /// The table as a Young Jedi board, whose cards the deciders read options by
    /// ([`deciders::reading`]); `None` for another game's table.
    fn board(&self) -> Option<&Board> {
        None
    }
}

impl CardCount for Board {
    fn card_count(&self) -> usize {
        self.cards.len()
    }

    fn board(&self) -> Option<&Board> {
        Some(self)
    }
}

/// A decision a player must make.
///
/// A decision over many identical cards (a hand of one starship many times) lists each kind
/// once in `options`, its first card standing for it; `more` holds the others, so that
/// [`Decision::expanded`] gives the decision with every card, as a player sees it. Every
/// decider takes the first of identical options, so answering the first stands for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub kind: &'static DecisionKind,
    pub who: Side,
    pub prompt: String,
    pub options: Vec<DecisionOption>,
    /// The cards an option stands for besides its own.
    pub more: Repeats,
}

/// The cards a decision lists through an identical option, besides the option's own card
/// ([`Decision::more`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Repeats {
    /// Those listed, each with its place in the list of every card, in that order.
    pub listed: Vec<Repeat>,
    /// Those the procedure did not list, keeping a decision over a long list to the cost of
    /// its kinds: each option of `options` that has any, and how many. [`Procedure::listed`]
    /// lists them when someone is to see every card.
    pub unlisted: Box<[(usize, usize)]>,
}

impl Repeats {
    /// How many cards they stand for.
    pub fn len(&self) -> usize {
        self.listed.len() + self.unlisted_count()
    }

    /// How many are not listed.
    pub fn unlisted_count(&self) -> usize {
        self.unlisted.iter().map(|(_, count)| count).sum()
    }

    /// How many repeats each of `options` options has, listed or not.
    pub fn of_each(&self, options: usize) -> Vec<usize> {
        let mut counts = vec![0; options];
        for repeat in &self.listed {
            if let Some(count) = counts.get_mut(repeat.of) {
                *count += 1;
            }
        }
        for (of, more) in self.unlisted.iter() {
            if let Some(count) = counts.get_mut(*of) {
                *count += more;
            }
        }
        counts
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A card a decision lists through an identical option ([`Decision::more`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// Its place in the list of every option.
    pub at: usize,
    /// The option of `options` it is identical to.
    pub of: usize,
    pub card: CardId,
}

impl Decision {
    /// How many options it has, every card counted.
    pub fn card_count(&self) -> usize {
        self.options.len() + self.more.len()
    }

    /// The decision with every option, identical cards each listed (as far as they are
    /// listed: see [`Procedure::listed`]).
    pub fn expanded(&self) -> Cow<'_, Decision> {
        if self.more.listed.is_empty() {
            return Cow::Borrowed(self);
        }
        let mut options = Vec::with_capacity(self.card_count());
        let mut repeats = self.more.listed.iter().peekable();
        let mut own = self.options.iter();
        for at in 0..self.options.len() + self.more.listed.len() {
            match repeats.next_if(|repeat| repeat.at == at) {
                Some(repeat) => {
                    if let Some(option) = self.options.get(repeat.of) {
                        options.push(DecisionOption {
                            card: Some(repeat.card),
                            ..option.clone()
                        });
                    }
                }
                None => options.extend(own.next().cloned()),
            }
        }
        Cow::Owned(Decision {
            kind: self.kind,
            who: self.who,
            prompt: self.prompt.clone(),
            options,
            more: Repeats::default(),
        })
    }

    /// The option of `options` that the `index`th option of [`Decision::expanded`] is.
    pub fn grouped_index(&self, index: usize) -> usize {
        if self.more.listed.is_empty() {
            return index;
        }
        let before = self.more.listed.partition_point(|repeat| repeat.at < index);
        match self.more.listed.get(before) {
            Some(repeat) if repeat.at == index => repeat.of,
            _ => index - before,
        }
    }

    /// Options about cards, identical cards (those `key` gives the same) listed once, after
    /// the options `first` (a "none" option): the options and the repeats of
    /// [`Decision::more`]. `make` builds an option for a card, once per kind.
    pub fn grouped<K: Ord + Clone>(
        first: Vec<DecisionOption>,
        cards: impl IntoIterator<Item = CardId>,
        key: impl Fn(CardId) -> K,
        mut make: impl FnMut(CardId) -> DecisionOption,
    ) -> (Vec<DecisionOption>, Repeats) {
        let mut options = first;
        let mut more = Vec::new();
        let mut kinds: std::collections::BTreeMap<K, usize> = std::collections::BTreeMap::new();
        // Identical cards tend to lie together: the kind of the card before is tried first.
        let mut last: Option<(K, usize)> = None;
        for card in cards {
            let at = options.len() + more.len();
            let kind = key(card);
            let of = match &last {
                Some((last_kind, of)) if *last_kind == kind => Some(*of),
                _ => kinds.get(&kind).copied(),
            };
            match of {
                Some(of) => {
                    more.push(Repeat { at, of, card });
                    last = Some((kind, of));
                }
                None => {
                    let of = options.len();
                    kinds.insert(kind.clone(), of);
                    options.push(make(card));
                    last = Some((kind, of));
                }
            }
        }
        (
            options,
            Repeats {
                listed: more,
                unlisted: Box::default(),
            },
        )
    }
}

/// What a procedure does next.
#[derive(Debug)]
pub enum Advance<K> {
    Event(Event<K>),
    Decide(Decision),
    /// An optional decision: asked only if the decider volunteers; otherwise the first
    /// option ("do nothing") is taken.
    Offer(Decision),
    /// The scenario lacks a fact the procedure needs.
    Missing(MissingFact),
    Done,
}

/// What a procedure's step comes to, besides the events it made.
#[derive(Debug)]
pub enum Next {
    /// It made progress, and has more to do.
    Continue,
    /// A decision a player must make.
    Decide(Decision),
    /// An optional decision: asked only if the decider volunteers.
    Offer(Decision),
    /// It has ended.
    Done,
}

/// Answers decisions: a script, a policy, or a person.
pub trait Decider {
    /// The index of the chosen option, or why there is none.
    /// `board` is the position the decision is made on, where it is a Young Jedi board.
    fn decide(&mut self, decision: &Decision, board: Option<&Board>) -> Result<usize, Unanswered>;

    /// Whether the decider shows a decision to someone, who should see every card of it
    /// ([`Decision::expanded`]) rather than one option for identical cards.
    fn shows_every_option(&self) -> bool {
        false
    }

    /// Whether the decider wants to make an optional decision (one the rules let a player
    /// make at any time, such as trying to concede); if not, its first option is taken.
    fn volunteers(&mut self, decision: &Decision) -> bool {
        let _ = decision;
        false
    }

    /// A decision the rules leave one answer to is not asked; this says whether the decider
    /// meant something else (a script naming another card is an error, not overruled).
    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        let _ = decision;
        Ok(())
    }

    /// What the decider was told that no decision asked: a script's answers to decisions the
    /// rules never made, each said as an error.
    fn unread(&self) -> Vec<String> {
        Vec::new()
    }

    /// The answers the decider gave to decisions the rules left one answer to, and which
    /// agree with it: heard, and said, though not asked.
    fn heard(&self) -> Vec<deciders::HeardAnswer> {
        Vec::new()
    }

    /// Where in its key's list of answers the last answer a side gave under `key` stands, for
    /// a decider that reads a script; `None` for a key of one answer, or another decider.
    fn place_of_last(&self, side: Side, key: &str) -> Option<usize> {
        let _ = (side, key);
        None
    }

    /// [`Decider::unread`], said of an attempt `side` made that the rules refused before
    /// asking: that side's answers describe the attempt, and are heard (the first list); the
    /// other side's are still answers to nothing (the second).
    fn unread_of_a_refused_attempt(&self, side: Side) -> (Vec<deciders::HeardAnswer>, Vec<String>) {
        let _ = side;
        (Vec::new(), self.unread())
    }
}

/// Why a decider gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// Nothing in the script answers it.
    NotScripted,
    /// The script's answer is not among the legal options; `ruled_out` says why, where the
    /// procedure can tell of the card or number it names.
    NotLegal {
        given: String,
        ruled_out: Option<RuledOut>,
    },
}

/// Why the rules rule out the answer a script gave: the card or number at fault, in words,
/// and the rules that rule it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuledOut {
    pub why: String,
    pub cites: Vec<crate::rules::Citation>,
    /// The named assumptions it rests on too, where the rules are silent.
    pub assumptions: Vec<Assumption>,
}

impl Unanswered {
    /// A script's answer that names no legal option, without the reason yet.
    pub fn not_legal(given: String) -> Unanswered {
        Unanswered::NotLegal {
            given,
            ruled_out: None,
        }
    }
}

/// Why a walk stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    Undecided { decision: Decision, why: Unanswered },
    Missing { fact: MissingFact },
}

/// A procedure run to its end or to a stop: the events, and the stop if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run<K> {
    pub events: Vec<Event<K>>,
    pub stop: Option<Stop>,
}

/// A resumable procedure over a table (a Young Jedi board, a Clash of the Lightsabers
/// table), with its own events. It makes progress a step at a time; [`advance`], the one loop
/// every procedure shares, gives out its events, then its decisions, missing facts and end.
pub trait Procedure {
    /// The table it runs on.
    type Table: CardCount;
    /// Its own events.
    type Event: EventKind;
    /// What it comes to, summed up as it goes.
    type Result;

    /// What it has come to so far.
    fn result(&self) -> &Self::Result;

    /// Its events made and not yet given out.
    fn pending(&mut self) -> &mut Pending<Self::Event>;

    /// The next step: it may make events (into [`Procedure::pending`]), and says what comes
    /// next, or the fact it lacks.
    fn step(&mut self, table: &mut Self::Table) -> Result<Next, MissingFact>;

    /// Takes the answer to a decision it asked.
    fn answer(&mut self, table: &mut Self::Table, decision: &Decision, choice: usize);

    /// Takes back a decision it asked, once answered: the room of its options may serve the
    /// next decision, rather than being given back and asked for again.
    fn recycle(&mut self, decision: Decision) {
        let _ = decision;
    }

    /// `decision`, which it asked with repeats it did not list ([`Repeats::unlisted`]), with
    /// every one listed, as [`Decision::grouped`] lists them: asked only when someone is to
    /// see every card, so that a decision over a long list costs its kinds, not its cards.
    fn listed(&self, table: &Self::Table, decision: &Decision) -> Decision {
        let _ = table;
        decision.clone()
    }

    /// Why the rules rule out `given`, a script's answer to `decision` that names none of its
    /// options, if the procedure can tell: the card or number at fault and the rule.
    fn ruled_out(&self, table: &Self::Table, decision: &Decision, given: &str) -> Option<RuledOut> {
        let _ = (table, decision, given);
        None
    }

    /// Settles what it came to from the table, whenever the walk may stop (a decision, a
    /// missing fact, the end).
    fn settle(&mut self, table: &Self::Table) {
        let _ = table;
    }

    /// What it does next: [`advance`].
    fn advance(&mut self, table: &mut Self::Table) -> Advance<Self::Event>
    where
        Self: Sized,
    {
        advance(self, table)
    }
}

/// The one loop over a procedure's steps: its events first, then what waits behind them (a
/// decision, a missing fact), then its end.
pub fn advance<P: Procedure + ?Sized>(
    procedure: &mut P,
    table: &mut P::Table,
) -> Advance<P::Event> {
    loop {
        if let Some(event) = procedure.pending().events.pop_front() {
            return Advance::Event(event);
        }
        return match ahead(procedure, table) {
            // Given out one at a time, from the top of the loop.
            Ahead::Events => continue,
            Ahead::Decide(decision) => Advance::Decide(decision),
            Ahead::Offer(decision) => Advance::Offer(decision),
            Ahead::Missing(fact) => Advance::Missing(fact),
            Ahead::Done => Advance::Done,
        };
    }
}

/// What [`advance`] gives next, but for events: that some wait, where they stand.
enum Ahead {
    Events,
    Decide(Decision),
    Offer(Decision),
    Missing(MissingFact),
    Done,
}

/// The loop of [`advance`], up to the first event waiting, which it leaves in place.
fn ahead<P: Procedure + ?Sized>(procedure: &mut P, table: &mut P::Table) -> Ahead {
    loop {
        let pending = procedure.pending();
        if !pending.events.is_empty() {
            return Ahead::Events;
        }
        match pending.held.take() {
            Some(Held::Decide(decision)) => {
                procedure.settle(table);
                return Ahead::Decide(decision);
            }
            Some(Held::Offer(decision)) => {
                procedure.settle(table);
                return Ahead::Offer(decision);
            }
            Some(Held::Missing(fact)) => {
                procedure.pending().finished = true;
                procedure.settle(table);
                return Ahead::Missing(fact);
            }
            None => {}
        }
        if pending.finished {
            procedure.settle(table);
            return Ahead::Done;
        }
        let next = procedure.step(table);
        let pending = procedure.pending();
        // A fact found missing during the step (`Pending::fail`) stands before anything
        // the step then asks.
        if pending.held.is_some() {
            continue;
        }
        match next {
            Ok(Next::Continue) => {}
            Ok(Next::Decide(decision)) => pending.held = Some(Held::Decide(decision)),
            Ok(Next::Offer(decision)) => pending.held = Some(Held::Offer(decision)),
            Ok(Next::Done) => pending.finished = true,
            Err(fact) => pending.held = Some(Held::Missing(fact)),
        }
    }
}

/// Whoever watches a procedure run: told the table after every event, and the event.
pub type Observer<'a, P> =
    &'a mut dyn FnMut(&<P as Procedure>::Table, &Event<<P as Procedure>::Event>);

/// A script's answer that is not legal, with the procedure's reason where it has one.
fn explained<P: Procedure + ?Sized>(
    procedure: &P,
    board: &P::Table,
    decision: &Decision,
    why: Unanswered,
) -> Unanswered {
    match why {
        Unanswered::NotLegal {
            given,
            ruled_out: None,
        } => {
            let ruled_out = procedure.ruled_out(board, decision, &given);
            Unanswered::NotLegal { given, ruled_out }
        }
        why => why,
    }
}

/// Runs a procedure until it ends or stops, asking the decider for every decision. The
/// `observe` callback sees the table after every event (for conservation checks).
pub fn run<P: Procedure + ?Sized>(
    procedure: &mut P,
    board: &mut P::Table,
    decider: &mut dyn Decider,
    observe: Observer<'_, P>,
) -> Run<P::Event> {
    let mut events = Vec::new();
    let stop = match drive(
        procedure,
        board,
        decider,
        observe,
        Some(&mut events),
        Turns::default(),
    ) {
        Simulated::Ended(stop) => stop,
        // Told to pause nowhere, it does not.
        Simulated::Paused => None,
    };
    Run { events, stop }
}

/// Runs a procedure as [`run`] does for whoever reads only what it comes to (the odds): its
/// events are given to `observe` and kept by no one, and the procedure is told whether
/// anyone reads its words ([`Words`]): if not, it builds none. Gives the stop, if any; or, if
/// told to pause before a turn of its loop ([`Turns::pause_at`]), that it paused there, the
/// procedure and its table as they stand, to be simulated on from there.
pub fn simulate<P: Procedure + ?Sized>(
    procedure: &mut P,
    board: &mut P::Table,
    decider: &mut dyn Decider,
    words: Words,
    observe: &mut dyn FnMut(&Event<P::Event>),
    turns: Turns<'_>,
) -> Simulated {
    procedure.pending().words = words;
    drive(
        procedure,
        board,
        decider,
        &mut |_, event| observe(event),
        None,
        turns,
    )
}

/// The turns of the loop of a simulated run ([`simulate`]), counted from where it starts:
/// each turn gives out the events waiting, or answers a decision. A turn starts with no event
/// waiting, so a procedure paused before one and copied goes on, copy and original alike, as
/// it would have.
#[derive(Default)]
pub struct Turns<'a> {
    /// The turn to pause before, if any.
    pub pause_at: Option<usize>,
    /// Where to note, for each event given out, the turn it was given out in.
    pub of_events: Option<&'a mut Vec<usize>>,
}

/// How a simulated run ended ([`simulate`]).
#[derive(Debug)]
pub enum Simulated {
    /// The procedure ended, or stopped (the stop).
    Ended(Option<Stop>),
    /// It paused where it was told to.
    Paused,
}

/// The loop of [`run`] and [`simulate`]: each event is shown to `observe` with the table after
/// it where it stands, then moved into `keep` if given, else dropped; gives the stop, if any,
/// or that it paused where `turns` said.
fn drive<P: Procedure + ?Sized>(
    procedure: &mut P,
    board: &mut P::Table,
    decider: &mut dyn Decider,
    observe: Observer<'_, P>,
    mut keep: Option<&mut Vec<Event<P::Event>>>,
    turns: Turns<'_>,
) -> Simulated {
    let Turns {
        pause_at,
        mut of_events,
    } = turns;
    // A procedure that never ends is a bug; this bound turns it into a stop.
    let most = most_turns_for_cards(board.card_count());
    for turn in 0..most {
        if pause_at == Some(turn) {
            return Simulated::Paused;
        }
        match ahead(procedure, board) {
            Ahead::Events => {
                let events = &mut procedure.pending().events;
                for event in events.iter() {
                    observe(board, event);
                }
                if let Some(of_events) = of_events.as_deref_mut() {
                    of_events.extend(std::iter::repeat_n(turn, events.len()));
                }
                match keep.as_deref_mut() {
                    Some(kept) => kept.extend(events.drain(..)),
                    None => procedure.pending().drop_events(),
                }
            }
            // A decision with one legal option is no decision: take it, unless the decider
            // asked for another.
            Ahead::Decide(decision) if decision.card_count() == 1 => {
                if let Err(why) = decider.forced(&decision) {
                    let why = explained(procedure, board, &decision, why);
                    return Simulated::Ended(Some(Stop::Undecided { decision, why }));
                }
                answer(procedure, board, decision, 0);
            }
            Ahead::Offer(decision) => {
                // An offer the decider takes up is a decision like any other: an answer that
                // is not legal stops the walk, and so does none (the end of a person's input),
                // rather than being read as "do nothing".
                let choice = if decider.volunteers(&decision) {
                    match decider.decide(&decision, board.board()) {
                        Ok(choice) => choice,
                        Err(why) => {
                            // Where the walk stops, every card is listed, as at a decision.
                            let why = explained(procedure, board, &decision, why);
                            return Simulated::Ended(Some(Stop::Undecided {
                                decision: every_card(procedure, board, &decision),
                                why,
                            }));
                        }
                    }
                } else {
                    0
                };
                let choice = choice.min(decision.options.len().saturating_sub(1));
                answer(procedure, board, decision, choice);
            }
            Ahead::Decide(decision) => {
                // A decider that shows the decision (a person at a prompt) sees every card.
                let answered = if decider.shows_every_option() && !decision.more.is_empty() {
                    let listed = listed(procedure, board, &decision);
                    let every = listed.expanded();
                    decider
                        .decide(&every, board.board())
                        .map(|choice| (choice < every.options.len()).then_some(choice))
                        .map(|choice| choice.map(|choice| listed.grouped_index(choice)))
                } else {
                    decider
                        .decide(&decision, board.board())
                        .map(|choice| (choice < decision.options.len()).then_some(choice))
                };
                match answered {
                    Ok(Some(choice)) => answer(procedure, board, decision, choice),
                    Ok(None) => {
                        return Simulated::Ended(Some(Stop::Undecided {
                            decision: every_card(procedure, board, &decision),
                            why: Unanswered::not_legal("an option out of range".to_string()),
                        }));
                    }
                    Err(why) => {
                        let why = explained(procedure, board, &decision, why);
                        return Simulated::Ended(Some(Stop::Undecided {
                            decision: every_card(procedure, board, &decision),
                            why,
                        }));
                    }
                }
            }
            Ahead::Missing(fact) => {
                return Simulated::Ended(Some(Stop::Missing { fact }));
            }
            Ahead::Done => return Simulated::Ended(None),
        }
    }
    Simulated::Ended(Some(Stop::Missing {
        fact: MissingFact::Inconsistent("the procedure did not end"),
    }))
}

/// `decision` with every card it stands for listed: itself if it lists them all, else the
/// procedure's listing of it.
fn listed<'d, P: Procedure + ?Sized>(
    procedure: &P,
    board: &P::Table,
    decision: &'d Decision,
) -> Cow<'d, Decision> {
    if decision.more.unlisted.is_empty() {
        Cow::Borrowed(decision)
    } else {
        Cow::Owned(procedure.listed(board, decision))
    }
}

/// `decision` with an option for every card it stands for.
fn every_card<P: Procedure + ?Sized>(
    procedure: &P,
    board: &P::Table,
    decision: &Decision,
) -> Decision {
    listed(procedure, board, decision).expanded().into_owned()
}

/// Gives the procedure the answer to its decision, then the decision back.
fn answer<P: Procedure + ?Sized>(
    procedure: &mut P,
    board: &mut P::Table,
    decision: Decision,
    choice: usize,
) {
    procedure.answer(board, &decision, choice);
    procedure.recycle(decision);
}

/// Describes a move of a card for the event log.
pub fn describe_move(board: &Board, card: CardId, from: Zone, to: Zone) -> Move {
    Move {
        card: card.0,
        name: board.describe_cow(card),
        from: Place::of_zone(from),
        to: Place::of_zone(to),
    }
}

/// [`describe_move`] where anyone reads the move's words; otherwise the move without them
/// (no name, no labels): the card, its places and their owners.
pub fn move_said(words: Words, board: &Board, card: CardId, from: Zone, to: Zone) -> Move {
    if words.read() {
        return describe_move(board, card, from, to);
    }
    Move {
        card: card.0,
        name: Cow::Borrowed(""),
        from: Place::of_zone_unlabelled(from),
        to: Place::of_zone_unlabelled(to),
    }
}

/// Shuffles a player's draw deck with a procedure's seeded random numbers; returns its size.
pub(crate) fn shuffle_deck(
    board: &mut Board,
    side: Side,
    random: &mut crate::random::Random,
) -> usize {
    match board.zones.get_mut(&Zone::DrawDeck(side)) {
        Some(deck) => {
            random.shuffle(deck);
            deck.len()
        }
        None => 0,
    }
}

/// The sum of named amounts (power or damage parts), saturating rather than wrapping: the
/// scenario format bounds every part, so this is a guard, not a rule.
pub(crate) fn saturating_sum(parts: &[(String, i32)]) -> i32 {
    parts
        .iter()
        .fold(0i32, |total, (_, amount)| total.saturating_add(*amount))
}

#[cfg(test)]
mod grouping_tests {
    use super::*;

    const KIND: DecisionKind = DecisionKind {
        name: "plan",
        script: decisions::PLAN,
        policy: decisions::PolicyRole::First,
        volunteer: decisions::Volunteer::Never,
        declines_as: "none",
        declines_only_as_itself: false,
    };

    fn option(label: &'static str, card: u32) -> DecisionOption {
        DecisionOption {
            label: label.into(),
            card: Some(CardId(card)),
            name: Some(label.into()),
            aliases: Vec::new(),
            destiny: None,
            declines: false,
            cites: Vec::new().into(),
        }
    }

    fn none() -> DecisionOption {
        DecisionOption {
            label: "none".into(),
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: true,
            cites: Vec::new().into(),
        }
    }

    /// Cards 10, 11, 12, 13, 14 of kinds a, b, a, a, b: the decision lists a and b once, and
    /// expands back to every card in its place, each index mapping to the option it repeats.
    #[test]
    fn a_grouped_decision_expands_to_every_card_in_its_place() {
        let kinds = ["a", "b", "a", "a", "b"];
        let label = |card: CardId| kinds[(card.0 - 10) as usize];
        let (options, more) =
            Decision::grouped(vec![none()], (10..15).map(CardId), label, |card| {
                option(label(card), card.0)
            });
        let decision = Decision {
            kind: &KIND,
            who: Side::Light,
            prompt: String::new(),
            options,
            more,
        };
        assert_eq!(decision.options.len(), 3);
        assert_eq!(decision.card_count(), 6);
        let every = decision.expanded();
        let ungrouped: Vec<DecisionOption> = std::iter::once(none())
            .chain((10..15).map(|card| option(kinds[(card - 10) as usize], card)))
            .collect();
        assert_eq!(every.options, ungrouped);
        assert!(every.more.is_empty());
        // Each option of every card maps to the option standing for it.
        let mapped: Vec<usize> = (0..6).map(|at| decision.grouped_index(at)).collect();
        assert_eq!(mapped, [0, 1, 2, 1, 1, 2]);
        for (at, of) in mapped.iter().enumerate() {
            assert_eq!(every.options[at].label, decision.options[*of].label);
        }
        // A decision without repeats is its own expansion.
        let plain = Decision {
            more: Repeats::default(),
            options: ungrouped.clone(),
            ..decision.clone()
        };
        assert!(matches!(plain.expanded(), Cow::Borrowed(_)));
        assert_eq!(plain.grouped_index(4), 4);
    }
}

#[cfg(test)]
mod turn_bound_tests {
    use super::*;

    /// A procedure of `length` turns, each one event, on a table of as many cards as it says.
    struct Counting {
        length: usize,
        pending: Pending<Counted>,
    }

    impl CardCount for usize {
        fn card_count(&self) -> usize {
            *self
        }
    }

    #[derive(Clone, Debug, PartialEq, serde::Serialize)]
    struct Counted;

    impl EventKind for Counted {
        fn narrate(&self) -> String {
            "a turn".to_string()
        }
    }

    impl Procedure for Counting {
        type Table = usize;
        type Event = Counted;
        type Result = usize;

        fn result(&self) -> &usize {
            &self.length
        }

        fn pending(&mut self) -> &mut Pending<Counted> {
            &mut self.pending
        }

        fn step(&mut self, _table: &mut usize) -> Result<Next, MissingFact> {
            if self.length == 0 {
                return Ok(Next::Done);
            }
            self.length -= 1;
            self.pending
                .emit(Counted, Vec::new(), Vec::new(), Vec::new());
            Ok(Next::Continue)
        }

        fn answer(&mut self, _table: &mut usize, _decision: &Decision, _choice: usize) {}
    }

    #[test]
    fn a_long_procedure_on_a_table_of_many_cards_ends_and_one_that_never_ends_stops() {
        let walked = |length: usize, cards: usize| {
            let mut procedure = Counting {
                length,
                pending: Pending::default(),
            };
            let mut table = cards;
            let mut decider = deciders::Scripted::new(deciders::Script::default(), None);
            simulate(
                &mut procedure,
                &mut table,
                &mut decider,
                Words::Unread,
                &mut |_| {},
                Turns::default(),
            )
        };
        // Twice the turns of a table of few cards, on a table of 40,000 cards: it ends.
        assert!(matches!(
            walked(2 * MOST_TURNS, 40_000),
            Simulated::Ended(None)
        ));
        // The same on a table of few cards is stopped as a procedure that does not end.
        assert!(matches!(
            walked(2 * MOST_TURNS, 10),
            Simulated::Ended(Some(Stop::Missing { .. }))
        ));
        assert!(matches!(walked(MOST_TURNS / 2, 10), Simulated::Ended(None)));
    }
}
