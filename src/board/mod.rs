//! The position on the table: card instances with ids, the zones that hold them, tokens, counters, whose turn and the rules in force.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardType, Side};
use crate::rules::Ruleset;

/// The three planets of Young Jedi.
pub const PLANETS: [&str; 3] = ["Tatooine", "Coruscant", "Naboo"];

/// A planet, by its canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Planet(pub &'static str);

impl Planet {
    /// The planet with this name, case and spacing ignored.
    pub fn parse(name: &str) -> Option<Planet> {
        let wanted = name.trim().to_ascii_lowercase();
        PLANETS
            .iter()
            .find(|planet| planet.to_ascii_lowercase() == wanted)
            .map(|planet| Planet(planet))
    }

    pub fn name(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Planet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// The steps of a turn.
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
pub enum Step {
    Deploy,
    Battle,
    EvenUp,
}

impl Step {
    pub fn label(self) -> &'static str {
        match self {
            Step::Deploy => "Deploy step",
            Step::Battle => "Battle step",
            Step::EvenUp => "Even Up",
        }
    }
}

/// Where a card is. Zones hold card ids in order (a draw deck top first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    DrawDeck(Side),
    Hand(Side),
    DiscardPile(Side),
    Hyperspace(Side),
    /// The Objective card itself.
    Objective(Side),
    /// The Podracer pilot and weapon deployed to the Objective.
    AtObjective(Side),
    PodracingPile(Side),
    BattlePlan(Side),
    DuelingHand(Side),
    DuelingPile(Side),
    /// A player's cards in play at a planet (locations, characters, weapons, Effects).
    InPlay(Planet, Side),
}

/// A kind of zone, given the side whose it is.
pub type ZoneOfSide = fn(Side) -> Zone;

/// A player's zones outside the planets, by the keys that name them in the JSON output and
/// in a scenario's expectations.
pub const ZONE_KEYS: [(&str, ZoneOfSide); 10] = [
    ("draw-deck", Zone::DrawDeck),
    ("hand", Zone::Hand),
    ("discard-pile", Zone::DiscardPile),
    ("hyperspace", Zone::Hyperspace),
    ("objective", Zone::Objective),
    ("at-objective", Zone::AtObjective),
    ("podracing-pile", Zone::PodracingPile),
    ("battle-plan", Zone::BattlePlan),
    ("dueling-hand", Zone::DuelingHand),
    ("dueling-pile", Zone::DuelingPile),
];

impl Zone {
    /// The key that names the kind of zone: `draw-deck`, `dueling-hand`, `in-play`.
    pub fn key(self) -> &'static str {
        match self {
            Zone::DrawDeck(_) => "draw-deck",
            Zone::Hand(_) => "hand",
            Zone::DiscardPile(_) => "discard-pile",
            Zone::Hyperspace(_) => "hyperspace",
            Zone::Objective(_) => "objective",
            Zone::AtObjective(_) => "at-objective",
            Zone::PodracingPile(_) => "podracing-pile",
            Zone::BattlePlan(_) => "battle-plan",
            Zone::DuelingHand(_) => "dueling-hand",
            Zone::DuelingPile(_) => "dueling-pile",
            Zone::InPlay(..) => "in-play",
        }
    }

    /// The player whose zone it is.
    pub fn owner(self) -> Side {
        match self {
            Zone::InPlay(_, side)
            | Zone::DrawDeck(side)
            | Zone::Hand(side)
            | Zone::DiscardPile(side)
            | Zone::Hyperspace(side)
            | Zone::Objective(side)
            | Zone::AtObjective(side)
            | Zone::PodracingPile(side)
            | Zone::BattlePlan(side)
            | Zone::DuelingHand(side)
            | Zone::DuelingPile(side) => side,
        }
    }

    /// A side's zone named by its key (not `in-play`, which needs a planet).
    pub fn of_key(key: &str, side: Side) -> Option<Zone> {
        ZONE_KEYS
            .iter()
            .find(|(name, _)| *name == key)
            .map(|(_, zone)| zone(side))
    }

    /// Whether cards here are in play.
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Zone::InPlay(..) | Zone::AtObjective(_) | Zone::Objective(_) | Zone::Hyperspace(_)
        )
    }

    /// The zone in words: `the Light Side draw deck`, `the Dark Side cards on Naboo`
    /// (borrowed but for a planet's cards, since a walk moves cards at every step).
    pub fn label(self) -> std::borrow::Cow<'static, str> {
        use std::borrow::Cow::{Borrowed, Owned};
        match (self, self.owner()) {
            (Zone::DrawDeck(_), Side::Light) => Borrowed("Light Side draw deck"),
            (Zone::DrawDeck(_), Side::Dark) => Borrowed("Dark Side draw deck"),
            (Zone::Hand(_), Side::Light) => Borrowed("Light Side hand"),
            (Zone::Hand(_), Side::Dark) => Borrowed("Dark Side hand"),
            (Zone::DiscardPile(_), Side::Light) => Borrowed("Light Side discard pile"),
            (Zone::DiscardPile(_), Side::Dark) => Borrowed("Dark Side discard pile"),
            (Zone::Hyperspace(_), Side::Light) => Borrowed("Light Side Hyperspace pile"),
            (Zone::Hyperspace(_), Side::Dark) => Borrowed("Dark Side Hyperspace pile"),
            (Zone::Objective(_), Side::Light) => Borrowed("Light Side Objective"),
            (Zone::Objective(_), Side::Dark) => Borrowed("Dark Side Objective"),
            (Zone::AtObjective(_), Side::Light) => Borrowed("Light Side cards at the Objective"),
            (Zone::AtObjective(_), Side::Dark) => Borrowed("Dark Side cards at the Objective"),
            (Zone::PodracingPile(_), Side::Light) => Borrowed("Light Side Podracing pile"),
            (Zone::PodracingPile(_), Side::Dark) => Borrowed("Dark Side Podracing pile"),
            (Zone::BattlePlan(_), Side::Light) => Borrowed("Light Side battle plan"),
            (Zone::BattlePlan(_), Side::Dark) => Borrowed("Dark Side battle plan"),
            (Zone::DuelingHand(_), Side::Light) => Borrowed("Light Side dueling hand"),
            (Zone::DuelingHand(_), Side::Dark) => Borrowed("Dark Side dueling hand"),
            (Zone::DuelingPile(_), Side::Light) => Borrowed("Light Side dueling pile"),
            (Zone::DuelingPile(_), Side::Dark) => Borrowed("Dark Side dueling pile"),
            (Zone::InPlay(planet, side), _) => Owned(format!("{side} cards on {planet}")),
        }
    }
}

/// A card instance's id, unique within a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct CardId(pub u32);

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The index of a card definition in the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct DefinitionId(pub u32);

/// A stretch of the scenario file, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub offset: usize,
    pub len: usize,
}

/// Where in the scenario file a thing was written. It is not part of the position: two
/// boards that differ only in provenance are equal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Provenance {
    /// The whole entry.
    pub entry: Option<Span>,
    /// The card's name.
    pub name: Option<Span>,
    /// `hidden: true`.
    pub hidden: Option<Span>,
    /// The Thrust token count.
    pub thrust: Option<Span>,
    /// The hit token count.
    pub hits: Option<Span>,
    /// A lap card's `handling:` number.
    pub handling: Option<Span>,
    /// A card the scenario gives only by a count (`{count: N}`): its destiny number comes
    /// from the seed, and nothing else of it is known.
    pub counted: bool,
}

impl PartialEq for Provenance {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Copies a part a board shares with its copies (`theirs`) into its own place (`mine`),
/// leaving it as it is where both already share the same.
fn share<T: ?Sized>(mine: &mut std::sync::Arc<T>, theirs: &std::sync::Arc<T>) {
    if !std::sync::Arc::ptr_eq(mine, theirs) {
        *mine = std::sync::Arc::clone(theirs);
    }
}

/// [`share`], of a part that may be absent.
fn share_from<T: ?Sized>(mine: &mut Option<std::sync::Arc<T>>, theirs: &Option<std::sync::Arc<T>>) {
    match (mine.as_mut(), theirs) {
        (Some(mine), Some(theirs)) => share(mine, theirs),
        (None, None) => {}
        _ => mine.clone_from(theirs),
    }
}

/// The last `count` cards of a zone's list (all of them if it holds fewer): those
/// [`Board::move_first`] has just moved there.
pub fn last_cards(ids: &[CardId], count: usize) -> &[CardId] {
    ids.get(ids.len().saturating_sub(count)..)
        .unwrap_or_default()
}

/// The provenance of a card instance, kept out of line and shared between copies of the
/// board: most cards of a board built in the shell have none, a board is copied for every
/// command that `undo` can take back, and the odds copy it for every run.
#[derive(Debug, Default)]
pub struct ProvenanceSlot(Option<std::sync::Arc<Provenance>>);

impl Clone for ProvenanceSlot {
    fn clone(&self) -> Self {
        ProvenanceSlot(self.0.clone())
    }

    /// A copy into a card that already shares the provenance leaves it as it is.
    fn clone_from(&mut self, source: &Self) {
        share_from(&mut self.0, &source.0);
    }
}

impl PartialEq for ProvenanceSlot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::ops::Deref for ProvenanceSlot {
    type Target = Provenance;

    fn deref(&self) -> &Provenance {
        const NONE: &Provenance = &Provenance {
            entry: None,
            name: None,
            hidden: None,
            thrust: None,
            hits: None,
            handling: None,
            counted: false,
        };
        self.0.as_deref().unwrap_or(NONE)
    }
}

impl std::ops::DerefMut for ProvenanceSlot {
    fn deref_mut(&mut self) -> &mut Provenance {
        std::sync::Arc::make_mut(self.0.get_or_insert_with(std::sync::Arc::default))
    }
}

impl From<Provenance> for ProvenanceSlot {
    fn from(provenance: Provenance) -> ProvenanceSlot {
        ProvenanceSlot(Some(std::sync::Arc::new(provenance)))
    }
}

impl Provenance {
    /// The most precise span for the card itself: its name.
    pub fn card(&self) -> Option<Span> {
        self.name.or(self.entry)
    }
}

/// One physical card on the table.
#[derive(Debug, PartialEq)]
pub struct CardInstance {
    pub id: CardId,
    pub definition: DefinitionId,
    /// The player whose card it is.
    pub owner: Side,
    /// Face down (hidden).
    pub face_down: bool,
    /// Deployed during the current turn.
    pub deployed_this_turn: bool,
    /// Fought (in a battle or a duel) this turn.
    pub fought_this_turn: bool,
    /// Hit tokens on it.
    pub hits: u32,
    /// Thrust tokens on it (a Podracer pilot).
    pub thrust: u32,
    /// A lap card played as a handling card: the number in the lap sequence it stands for.
    pub handling_for: Option<u8>,
    pub provenance: ProvenanceSlot,
    /// The zone the board last put it in: where [`Board::zone_of`] and [`Board::move_to`]
    /// look first, so that a move reads one zone, not all. A hint, outside equality: code that
    /// moves ids between zones directly leaves it stale, and a stale hint is checked, then
    /// every zone read.
    pub zone_hint: ZoneHint,
}

impl Clone for CardInstance {
    fn clone(&self) -> Self {
        CardInstance {
            provenance: self.provenance.clone(),
            ..*self
        }
    }

    /// Copies into this card, field by field (every field named, the others copied as they
    /// are): the odds copy the board's cards for every run, and a card's shared provenance is
    /// then left as it is.
    fn clone_from(&mut self, source: &Self) {
        let CardInstance {
            id,
            definition,
            owner,
            face_down,
            deployed_this_turn,
            fought_this_turn,
            hits,
            thrust,
            handling_for,
            provenance: _,
            zone_hint,
        } = *source;
        self.provenance.clone_from(&source.provenance);
        self.id = id;
        self.definition = definition;
        self.owner = owner;
        self.face_down = face_down;
        self.deployed_this_turn = deployed_this_turn;
        self.fought_this_turn = fought_this_turn;
        self.hits = hits;
        self.thrust = thrust;
        self.handling_for = handling_for;
        self.zone_hint = zone_hint;
    }
}

/// The zone a card instance was last put in by the board (see [`CardInstance::zone_hint`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZoneHint(pub Option<Zone>);

impl PartialEq for ZoneHint {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A deck-construction dot colour: the slot a card fills in a deck of six colours.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Deserialize,
    serde::Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DotColour {
    Red,
    Blue,
    Yellow,
    Orange,
    Green,
    Purple,
}

impl DotColour {
    /// The six colours, in the order of a card's dots.
    pub const ALL: [DotColour; 6] = [
        DotColour::Red,
        DotColour::Blue,
        DotColour::Yellow,
        DotColour::Orange,
        DotColour::Green,
        DotColour::Purple,
    ];

    pub fn word(self) -> &'static str {
        match self {
            DotColour::Red => "red",
            DotColour::Blue => "blue",
            DotColour::Yellow => "yellow",
            DotColour::Orange => "orange",
            DotColour::Green => "green",
            DotColour::Purple => "purple",
        }
    }
}

/// One line of a deck list: a card (by the name that finds it alone, and its title), the dot
/// colour whose slot it fills, and how many copies.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckListEntry {
    pub name: String,
    pub title: String,
    /// The card's side and type, where the catalog or the scenario gives them.
    pub side: Option<Side>,
    pub card_type: Option<CardType>,
    pub dot: DotColour,
    pub copies: u32,
    /// Where the scenario wrote it.
    pub span: SpanNote,
}

/// What each player has besides cards.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerState {
    /// Deploy counters used this turn.
    pub counters_spent: u32,
    /// Lap tokens on his Objective.
    pub laps: u32,
    /// Where the lap tokens were written.
    pub laps_span: SpanNote,
    /// Whether he has initiated a duel this turn.
    pub dueled_this_turn: bool,
    /// Under the Players Committee's rules: he passed in a duel this turn, and may not
    /// initiate a battle.
    pub passed_in_duel: bool,
    /// The planets he has controlled this game, where game text asks.
    pub controlled: Vec<Planet>,
    /// The planets he surrendered to his opponent this game, where game text asks.
    pub surrendered: Vec<Planet>,
    /// The deck as he built it, if the scenario states it: each card with the
    /// deck-construction dot colour whose slot it fills.
    pub deck_list: Vec<DeckListEntry>,
    /// The deck list names only part of the deck: its totals are held to their limits, not
    /// to a whole deck's.
    pub deck_list_partial: bool,
    /// Where the draw deck was written, for diagnostics about the whole deck.
    pub deck_span: SpanNote,
    /// Where the player's section was written.
    pub section_span: SpanNote,
}

/// An optional span that never takes part in equality (see [`Provenance`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct SpanNote(pub Option<Span>);

impl PartialEq for SpanNote {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Whether `count` cards, numbered from 0, each stand in exactly one of the places, and the
/// places name no other card.
pub fn each_in_one_place<'a>(
    count: usize,
    places: impl IntoIterator<Item = &'a Vec<CardId>>,
) -> bool {
    let mut seen = vec![0u32; count];
    for ids in places {
        for id in ids {
            match seen.get_mut(id.0 as usize) {
                Some(times) => *times += 1,
                None => return false,
            }
        }
    }
    seen.iter().all(|times| *times == 1)
}

/// The definitions of a board found by their content, for building a board with many
/// cards without comparing each new card with every definition.
#[derive(Clone, Debug, Default)]
pub struct DefinitionIndex(rustc_hash::FxHashMap<u64, Vec<DefinitionId>>);

/// What a procedure states of a position under way (a duel, a card being deployed), as it
/// stands on the board: the procedure's own type, which the board holds without knowing it.
pub trait StatedPart: std::any::Any + fmt::Debug + Send + Sync {
    fn clone_stated(&self) -> Box<dyn StatedPart>;
    fn eq_stated(&self, other: &dyn StatedPart) -> bool;
    fn as_any(&self) -> &dyn std::any::Any;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<T: Clone + PartialEq + fmt::Debug + Send + Sync + 'static> StatedPart for T {
    fn clone_stated(&self) -> Box<dyn StatedPart> {
        Box::new(self.clone())
    }

    fn eq_stated(&self, other: &dyn StatedPart) -> bool {
        other
            .as_any()
            .downcast_ref::<T>()
            .is_some_and(|other| other == self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The procedures stated on a board, by the key of their section (`duel`). A copy of the
/// board shares them until one of the copies changes them (copy on write): the odds copy
/// the board for every run, and a run at most takes its section off at its end.
#[derive(Default)]
pub struct Stated(Option<std::sync::Arc<StatedParts>>);

/// The sections of [`Stated`]; none is no map at all.
type StatedParts = BTreeMap<&'static str, Box<dyn StatedPart>>;

impl Stated {
    /// What the section `key` states, as its procedure's type.
    pub fn get<T: 'static>(&self, key: &str) -> Option<&T> {
        self.0.as_ref()?.get(key)?.as_any().downcast_ref::<T>()
    }

    /// [`Stated::get`], to change it.
    pub fn get_mut<T: 'static>(&mut self, key: &str) -> Option<&mut T> {
        if !self.has(key) {
            return None;
        }
        self.parts_mut()
            .get_mut(key)?
            .as_any_mut()
            .downcast_mut::<T>()
    }

    /// States a section, or takes it off.
    pub fn set<T: Clone + PartialEq + fmt::Debug + Send + Sync + 'static>(
        &mut self,
        key: &'static str,
        stated: Option<T>,
    ) {
        match stated {
            Some(stated) => self.put(key, Box::new(stated)),
            None => self.take_off(key),
        }
    }

    /// States a section already boxed.
    pub fn put(&mut self, key: &'static str, stated: Box<dyn StatedPart>) {
        self.parts_mut().insert(key, stated);
    }

    /// Takes a section off: a board that shares its sections with another copies them first;
    /// one that had no other keeps none.
    fn take_off(&mut self, key: &str) {
        if !self.has(key) {
            return;
        }
        if self.parts().count() == 1 {
            self.0 = None;
        } else {
            self.parts_mut().remove(key);
        }
    }

    /// Whether the section `key` is stated.
    pub fn has(&self, key: &str) -> bool {
        self.0.as_ref().is_some_and(|parts| parts.contains_key(key))
    }

    /// The sections, to change: this board's own, copied first if another shares them.
    fn parts_mut(&mut self) -> &mut StatedParts {
        std::sync::Arc::make_mut(self.0.get_or_insert_with(Default::default))
    }

    /// The sections stated, by key.
    fn parts(&self) -> impl Iterator<Item = (&&'static str, &Box<dyn StatedPart>)> {
        self.0.iter().flat_map(|parts| parts.iter())
    }
}

impl Clone for Stated {
    fn clone(&self) -> Stated {
        Stated(self.0.clone())
    }

    /// A copy into a board that already shares them leaves them as they are.
    fn clone_from(&mut self, source: &Stated) {
        share_from(&mut self.0, &source.0);
    }
}

impl Clone for Box<dyn StatedPart> {
    fn clone(&self) -> Self {
        self.clone_stated()
    }
}

impl PartialEq for Stated {
    fn eq(&self, other: &Stated) -> bool {
        self.parts().count() == other.parts().count()
            && self.parts().all(|(key, stated)| {
                other
                    .0
                    .as_ref()
                    .and_then(|parts| parts.get(key))
                    .is_some_and(|theirs| stated.eq_stated(&**theirs))
            })
    }
}

impl fmt::Debug for Stated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.parts()).finish()
    }
}

/// The cards of each zone, in order. A zone emptied keeps its room for the cards that come
/// back (a duel empties and fills the same few zones again and again), but is no zone: it is
/// neither found, nor listed, nor compared. The zones outside the planets are found by their
/// place in a table, not searched for; all are listed in the order of [`Zone`].
pub struct Zones {
    /// The zones outside the planets, each kind of [`ZONE_KEYS`] in turn, the Light Side's
    /// then the Dark Side's ([`Zones::place`]): the order of [`Zone`].
    outside: [(Zone, Vec<CardId>); 2 * ZONE_KEYS.len()],
    /// The cards in play, by planet and side.
    in_play: BTreeMap<Zone, Vec<CardId>>,
}

impl Default for Zones {
    fn default() -> Zones {
        Zones {
            outside: std::array::from_fn(|at| {
                let side = if at % 2 == 0 { Side::Light } else { Side::Dark };
                ((ZONE_KEYS[at / 2].1)(side), Vec::new())
            }),
            in_play: BTreeMap::new(),
        }
    }
}

impl Zones {
    /// Where a zone outside the planets stands in [`Zones::outside`].
    fn place(zone: &Zone) -> Option<usize> {
        let (kind, side) = match *zone {
            Zone::DrawDeck(side) => (0, side),
            Zone::Hand(side) => (1, side),
            Zone::DiscardPile(side) => (2, side),
            Zone::Hyperspace(side) => (3, side),
            Zone::Objective(side) => (4, side),
            Zone::AtObjective(side) => (5, side),
            Zone::PodracingPile(side) => (6, side),
            Zone::BattlePlan(side) => (7, side),
            Zone::DuelingHand(side) => (8, side),
            Zone::DuelingPile(side) => (9, side),
            Zone::InPlay(..) => return None,
        };
        Some(2 * kind + usize::from(side == Side::Dark))
    }

    /// The cards of a zone that holds any.
    pub fn get(&self, zone: &Zone) -> Option<&Vec<CardId>> {
        match Zones::place(zone) {
            Some(at) => self.outside.get(at).map(|(_, ids)| ids),
            None => self.in_play.get(zone),
        }
        .filter(|ids| !ids.is_empty())
    }

    /// [`Zones::get`], to change them.
    pub fn get_mut(&mut self, zone: &Zone) -> Option<&mut Vec<CardId>> {
        match Zones::place(zone) {
            Some(at) => self.outside.get_mut(at).map(|(_, ids)| ids),
            None => self.in_play.get_mut(zone),
        }
        .filter(|ids| !ids.is_empty())
    }

    /// The cards of a zone, to add to: an empty list where it holds none.
    pub fn slot(&mut self, zone: Zone) -> &mut Vec<CardId> {
        match Zones::place(&zone) {
            Some(at) => &mut self.outside[at].1,
            None => self.in_play.entry(zone).or_default(),
        }
    }

    /// Takes a zone's cards off the table.
    pub fn remove(&mut self, zone: &Zone) -> Option<Vec<CardId>> {
        match Zones::place(zone) {
            Some(at) => self.outside.get_mut(at).map(|(_, ids)| std::mem::take(ids)),
            None => self.in_play.remove(zone),
        }
        .filter(|ids| !ids.is_empty())
    }

    /// Sets a zone's cards; gives those it held.
    pub fn insert(&mut self, zone: Zone, ids: Vec<CardId>) -> Option<Vec<CardId>> {
        match Zones::place(&zone) {
            Some(at) => Some(std::mem::replace(&mut self.outside[at].1, ids)),
            None => self.in_play.insert(zone, ids),
        }
        .filter(|ids| !ids.is_empty())
    }

    /// Moves the first `count` cards of a zone (fewer if it holds fewer) to the end of
    /// another, in order; gives how many. Between zones outside the planets, nothing is
    /// allocated.
    fn move_first(&mut self, from: Zone, count: usize, to: Zone) -> usize {
        let taken = self.get(&from).map_or(0, |ids| count.min(ids.len()));
        if taken == 0 {
            return 0;
        }
        if from == to {
            // To the end of the zone it leaves: the first cards go round.
            self.slot(to).rotate_left(taken);
            return taken;
        }
        if let (Some(a), Some(b)) = (Zones::place(&from), Zones::place(&to))
            && let Ok([(_, source), (_, target)]) = self.outside.get_disjoint_mut([a, b])
        {
            target.extend(source.drain(..taken));
            return taken;
        }
        let moved: Vec<CardId> = self.slot(from).drain(..taken).collect();
        self.slot(to).extend(moved);
        taken
    }

    /// Whether the zone holds any card.
    pub fn contains_key(&self, zone: &Zone) -> bool {
        self.get(zone).is_some()
    }

    /// Every zone that holds cards, in the order of zones.
    pub fn iter(&self) -> impl Iterator<Item = (&Zone, &Vec<CardId>)> {
        self.outside
            .iter()
            .map(|(zone, ids)| (zone, ids))
            .chain(self.in_play.iter())
            .filter(|(_, ids)| !ids.is_empty())
    }

    /// The cards of every zone that holds any.
    pub fn values(&self) -> impl Iterator<Item = &Vec<CardId>> {
        self.iter().map(|(_, ids)| ids)
    }

    /// The cards of every zone, to change them.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Vec<CardId>> {
        self.outside
            .iter_mut()
            .map(|(_, ids)| ids)
            .chain(self.in_play.values_mut())
    }

    /// Keeps the zones for which `keep` holds; the others lose their cards.
    pub fn retain(&mut self, mut keep: impl FnMut(&Zone, &mut Vec<CardId>) -> bool) {
        for (zone, ids) in &mut self.outside {
            if !keep(zone, ids) {
                *ids = Vec::new();
            }
        }
        self.in_play.retain(|zone, ids| keep(zone, ids));
    }
}

impl Clone for Zones {
    fn clone(&self) -> Zones {
        Zones {
            outside: self.outside.clone(),
            in_play: self.in_play.clone(),
        }
    }

    /// Copies the zones into the room these have: a board copied again and again for runs of
    /// the same procedure (the odds) allocates nothing once its zones have grown.
    fn clone_from(&mut self, source: &Zones) {
        for ((_, mine), (_, theirs)) in self.outside.iter_mut().zip(&source.outside) {
            mine.clone_from(theirs);
        }
        // The same places in play (a run of the odds seldom empties one): each copied into
        // its own room.
        let same_places = self.in_play.len() == source.in_play.len()
            && self.in_play.keys().eq(source.in_play.keys());
        if same_places {
            for (mine, theirs) in self.in_play.values_mut().zip(source.in_play.values()) {
                mine.clone_from(theirs);
            }
        } else {
            self.in_play.clone_from(&source.in_play);
        }
    }
}

/// Boards are equal whatever room their emptied zones keep.
impl PartialEq for Zones {
    fn eq(&self, other: &Zones) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Zones {}

impl fmt::Debug for Zones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// What is derived from a board's card definitions alone (who may use a weapon, a card's
/// traits, whether a name means a card), remembered for every copy of the board that shares
/// the definitions: a walk asks the same again and again, and the odds copy the board for
/// every run. Not part of the position: equal boards may have remembered different things.
#[derive(Default)]
pub struct Derived(std::sync::Arc<std::sync::Mutex<DerivedFacts>>);

impl Clone for Derived {
    fn clone(&self) -> Self {
        Derived(std::sync::Arc::clone(&self.0))
    }

    /// A copy into a board that already shares them leaves them as they are.
    fn clone_from(&mut self, source: &Self) {
        share(&mut self.0, &source.0);
    }
}

/// The facts [`Derived`] holds: by pair of definitions, the first box of the weapon the
/// character may use (its place among the boxes) or what is not known; by definition and
/// trait, its value; by definition and name, whether the name means it.
#[derive(Default)]
struct DerivedFacts {
    users: BTreeMap<
        (DefinitionId, DefinitionId),
        Result<Option<usize>, crate::cards::users::UsersUnknown>,
    >,
    traits: BTreeMap<(DefinitionId, crate::cards::TraitKind), crate::cards::traits::TraitValue>,
    /// By definition, each name asked of it (a condition's name, from game text) and whether
    /// it means the card.
    names: BTreeMap<DefinitionId, Vec<(Box<str>, bool)>>,
}

impl Derived {
    /// Reads or adds to what is remembered.
    fn remembered<T>(&self, with: impl FnOnce(&mut DerivedFacts) -> T) -> T {
        // A panic while the lock was held cannot leave a fact half written: each is one
        // insert.
        let mut facts = match self.0.lock() {
            Ok(facts) => facts,
            Err(poisoned) => poisoned.into_inner(),
        };
        with(&mut facts)
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Derived")
    }
}

/// The whole position.
#[derive(Debug, PartialEq)]
pub struct Board {
    pub ruleset: Ruleset,
    pub seed: u64,
    pub turn: Option<Side>,
    pub step: Option<Step>,
    pub current_planet: Option<Planet>,
    /// The planets in play, in the order the scenario gives them.
    pub planets: Vec<Planet>,
    /// The card definitions the instances refer to, shared between copies of the board (a
    /// walk copies it; a definition changes far less often than a card moves): a change
    /// copies them first, through [`Board::definitions_mut`] alone.
    pub definitions: std::sync::Arc<Vec<Card>>,
    /// What is derived from the definitions alone, remembered for every copy that shares
    /// them.
    pub derived: Derived,
    pub cards: Vec<CardInstance>,
    pub zones: Zones,
    pub light: PlayerState,
    pub dark: PlayerState,
    /// The procedures the position states under way (a duel, a card being deployed), each
    /// its procedure's own.
    pub stated: Stated,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut copy = Board::new(self.ruleset.clone(), self.seed);
        copy.clone_from(self);
        copy
    }

    /// Copies the board into the room this one has (its cards, its zones): the odds copy the
    /// board they start from for every run, into the board of the run before.
    fn clone_from(&mut self, source: &Board) {
        // Every field named: a field added to the board is not forgotten here.
        let Board {
            ruleset,
            seed,
            turn,
            step,
            current_planet,
            planets,
            definitions,
            derived,
            cards,
            zones,
            light,
            dark,
            stated,
        } = self;
        ruleset.clone_from(&source.ruleset);
        *seed = source.seed;
        *turn = source.turn;
        *step = source.step;
        *current_planet = source.current_planet;
        planets.clone_from(&source.planets);
        share(definitions, &source.definitions);
        derived.clone_from(&source.derived);
        cards.clone_from(&source.cards);
        zones.clone_from(&source.zones);
        light.clone_from(&source.light);
        dark.clone_from(&source.dark);
        stated.clone_from(&source.stated);
    }
}

impl Board {
    /// An empty board under the ruleset.
    pub fn new(ruleset: Ruleset, seed: u64) -> Board {
        Board {
            ruleset,
            seed,
            turn: None,
            step: None,
            current_planet: None,
            planets: Vec::new(),
            definitions: std::sync::Arc::default(),
            derived: Derived::default(),
            cards: Vec::new(),
            zones: Zones::default(),
            stated: Stated::default(),
            light: PlayerState::default(),
            dark: PlayerState::default(),
        }
    }

    /// The full names of the Young Jedi cards in the position whose printed text is not
    /// modelled, sorted: a walk does not apply it, and says so. A card the card text files
    /// record is named when no source gives its text, or when a kind of it left out is one of
    /// `bearing` (the kinds that act in the walk's procedure; `None`: any); another when
    /// neither the catalog nor the scenario gives what its text does, nor switches it off.
    pub fn text_not_modelled(
        &self,
        bearing: Option<&[crate::cards::card_text::TextKind]>,
    ) -> Vec<String> {
        use crate::cards::card_text::TextStatus;
        let mut names: Vec<String> = self
            .definitions
            .iter()
            .filter(|card| card.game == crate::cards::Game::YoungJedi && !card.anonymous)
            .filter(|card| match card.text_status() {
                // A scenario that switches a card's text off has said what it does.
                _ if card.text_source == Some(crate::cards::Source::Scenario) => false,
                Some(TextStatus::Modelled | TextStatus::Flavour) => false,
                Some(TextStatus::Unknown) => true,
                Some(TextStatus::Partial { missing }) => {
                    bearing.is_none_or(|kinds| missing.iter().any(|kind| kinds.contains(kind)))
                }
                None => card.text.is_empty() && card.text_source.is_none(),
            })
            .map(Card::full_name)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    pub fn player(&self, side: Side) -> &PlayerState {
        match side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }

    pub fn player_mut(&mut self, side: Side) -> &mut PlayerState {
        match side {
            Side::Light => &mut self.light,
            Side::Dark => &mut self.dark,
        }
    }

    /// The definitions, to change: copied first if another board shares them, and what was
    /// derived from them forgotten.
    pub fn definitions_mut(&mut self) -> &mut Vec<Card> {
        self.derived = Derived::default();
        std::sync::Arc::make_mut(&mut self.definitions)
    }

    /// The first of the weapon's boxes whose users include the character
    /// ([`crate::cards::users::box_for`]), derived once for each pair of definitions; none if
    /// either card is not on the board.
    pub fn weapon_box(
        &self,
        weapon: CardId,
        character: CardId,
    ) -> Result<Option<&crate::cards::WeaponBox>, crate::cards::users::UsersUnknown> {
        let (Some(weapon_instance), Some(character_instance)) =
            (self.instance(weapon), self.instance(character))
        else {
            return Ok(None);
        };
        let (Some(weapon_card), Some(character_card)) = (self.card(weapon), self.card(character))
        else {
            return Ok(None);
        };
        let key = (weapon_instance.definition, character_instance.definition);
        let known = self
            .derived
            .remembered(|facts| facts.users.get(&key).cloned());
        let index = match known {
            Some(index) => index?,
            None => {
                let found =
                    crate::cards::users::box_for(weapon_card, character_card).map(|found| {
                        found.and_then(|used| {
                            weapon_card.weapon_boxes.as_ref().and_then(|boxes| {
                                boxes.value.iter().position(|each| std::ptr::eq(each, used))
                            })
                        })
                    });
                self.derived
                    .remembered(|facts| facts.users.insert(key, found.clone()));
                found?
            }
        };
        Ok(index.and_then(|index| {
            weapon_card
                .weapon_boxes
                .as_ref()
                .and_then(|boxes| boxes.value.get(index))
        }))
    }

    /// A trait's value ([`crate::cards::traits::quick_value`]), derived once for each
    /// definition; unknown if the card is not on the board or the trait is not one of those.
    pub fn trait_value(
        &self,
        id: CardId,
        kind: crate::cards::TraitKind,
    ) -> crate::cards::traits::TraitValue {
        use crate::cards::traits::{TraitValue, quick_value};
        let (Some(instance), Some(card)) = (self.instance(id), self.card(id)) else {
            return TraitValue::Unknown;
        };
        let key = (instance.definition, kind);
        if let Some(value) = self
            .derived
            .remembered(|facts| facts.traits.get(&key).copied())
        {
            return value;
        }
        let value = quick_value(card, kind).unwrap_or(TraitValue::Unknown);
        self.derived
            .remembered(|facts| facts.traits.insert(key, value));
        value
    }

    /// Whether `name` means the card, as a name in game text or a scenario finds it
    /// ([`crate::cards::matching::NameIndex::find`] over the card alone), derived once for each
    /// definition and name; false if the card is not on the board.
    pub fn is_named(&self, id: CardId, name: &str) -> bool {
        let (Some(instance), Some(card)) = (self.instance(id), self.card(id)) else {
            return false;
        };
        let key = instance.definition;
        let known = self.derived.remembered(|facts| {
            facts.names.get(&key).and_then(|names| {
                names
                    .iter()
                    .find(|(asked, _)| **asked == *name)
                    .map(|(_, means)| *means)
            })
        });
        if let Some(means) = known {
            return means;
        }
        let means = crate::cards::matching::NameIndex::new(std::slice::from_ref(card))
            .find(name)
            .is_ok();
        self.derived.remembered(|facts| {
            facts
                .names
                .entry(key)
                .or_default()
                .push((name.into(), means))
        });
        means
    }

    /// Adds a definition, or returns the id of an identical one.
    pub fn define(&mut self, card: Card) -> DefinitionId {
        if let Some(index) = self.definitions.iter().position(|known| *known == card) {
            return DefinitionId(index as u32);
        }
        self.definitions_mut().push(card);
        DefinitionId((self.definitions.len() - 1) as u32)
    }

    /// [`Board::define`] in constant time: `index` remembers the definitions already made
    /// through it, by content.
    pub fn define_indexed(&mut self, card: Card, index: &mut DefinitionIndex) -> DefinitionId {
        use std::hash::{Hash, Hasher};
        // A definition is looked up by its content, all its text: hashed fast, not for keys
        // anyone chooses against it (an equal hash is only where to look).
        let mut hasher = rustc_hash::FxHasher::default();
        card.hash(&mut hasher);
        let ids = index.0.entry(hasher.finish()).or_default();
        if let Some(id) = ids
            .iter()
            .find(|id| self.definitions.get(id.0 as usize) == Some(&card))
        {
            return *id;
        }
        self.definitions_mut().push(card);
        let id = DefinitionId((self.definitions.len() - 1) as u32);
        ids.push(id);
        id
    }

    /// Puts a new card instance at the bottom of a zone (the end of its list).
    pub fn add(&mut self, zone: Zone, definition: DefinitionId, owner: Side) -> CardId {
        let id = CardId(self.cards.len() as u32);
        self.cards.push(CardInstance {
            id,
            definition,
            owner,
            face_down: false,
            deployed_this_turn: false,
            fought_this_turn: false,
            hits: 0,
            thrust: 0,
            handling_for: None,
            provenance: ProvenanceSlot::default(),
            zone_hint: ZoneHint(Some(zone)),
        });
        self.zones.slot(zone).push(id);
        id
    }

    pub fn instance(&self, id: CardId) -> Option<&CardInstance> {
        self.cards.get(id.0 as usize)
    }

    pub fn instance_mut(&mut self, id: CardId) -> Option<&mut CardInstance> {
        self.cards.get_mut(id.0 as usize)
    }

    /// The card definition of an instance.
    pub fn card(&self, id: CardId) -> Option<&Card> {
        self.instance(id)
            .and_then(|instance| self.definitions.get(instance.definition.0 as usize))
    }

    /// The ids in a zone, in order.
    /// The planets a position shows: those it names, in order, and the current planet after
    /// them if it names no cards there.
    pub fn planets_shown(&self) -> Vec<Planet> {
        let mut planets = self.planets.clone();
        if let Some(current) = self.current_planet
            && !planets.contains(&current)
        {
            planets.push(current);
        }
        planets
    }

    pub fn zone(&self, zone: Zone) -> &[CardId] {
        self.zones.get(&zone).map(Vec::as_slice).unwrap_or_default()
    }

    /// The Effects face up in play at the planet whose text acts there (a power bonus to
    /// others, barred weapons, a deploy cost or a deploy trigger), each with its owner, in
    /// board order: the Light Side's, then the Dark Side's.
    pub fn effects_at(&self, planet: Planet) -> Vec<(CardId, Side)> {
        let mut found = Vec::new();
        for side in [Side::Light, Side::Dark] {
            for id in self.zone(Zone::InPlay(planet, side)) {
                let (Some(instance), Some(card)) = (self.instance(*id), self.card(*id)) else {
                    continue;
                };
                let text = &card.text;
                let acts = text.aura.is_some()
                    || !text.weapons_barred.is_empty()
                    || text.deploy_cost.is_some()
                    || text.deploy_trigger.is_some();
                if !instance.face_down && acts && card.acts_as_effect() {
                    found.push((*id, instance.owner));
                }
            }
        }
        found
    }

    /// What an Effect of `side` at the planet makes the card cost to deploy there, and the
    /// Effect, where one does; a card whose kind is not known costs what it prints.
    fn effect_deploy_cost(&self, planet: Planet, side: Side, card: &Card) -> Option<(u32, CardId)> {
        self.effects_at(planet).into_iter().find_map(|(id, owner)| {
            let cost = self.card(id)?.text.deploy_cost.as_ref()?;
            let named = cost
                .of
                .iter()
                .any(|kind| crate::cards::users::is_battle_user(kind, card) == Ok(true));
            (owner == side && named).then_some((u32::from(cost.counters), id))
        })
    }

    /// What game text makes a card cost to deploy to the planet for `side`: an Effect of his
    /// there, or the card's own text with one of the cards it names in play there (present,
    /// or the stack it joins); the lower where both do.
    pub fn text_deploy_cost(
        &self,
        planet: Planet,
        side: Side,
        card: &Card,
    ) -> Option<TextDeployCost> {
        let by_effect = self
            .effect_deploy_cost(planet, side, card)
            .map(|(counters, by)| TextDeployCost {
                counters,
                by,
                own: false,
            });
        let own = card.text.deploy_cost_with.as_ref().and_then(|cost| {
            self.zone(Zone::InPlay(planet, side))
                .iter()
                .copied()
                .find(|id| {
                    self.card(*id).is_some_and(|present| {
                        cost.of.iter().any(|kind| {
                            crate::cards::users::is_battle_user(kind, present) == Ok(true)
                        })
                    })
                })
                .map(|by| TextDeployCost {
                    counters: u32::from(cost.counters),
                    by,
                    own: true,
                })
        });
        match (by_effect, own) {
            (Some(effect), Some(own)) if own.counters < effect.counters => Some(own),
            (Some(effect), _) => Some(effect),
            (None, own) => own,
        }
    }

    /// The zone of every card instance, by id: one pass over the zones, for loops over
    /// every card that would otherwise search the zones for each.
    pub fn zones_by_card(&self) -> Vec<Option<Zone>> {
        let mut found = vec![None; self.cards.len()];
        for (zone, ids) in self.zones.iter() {
            for id in ids {
                if let Some(slot) = found.get_mut(id.0 as usize) {
                    *slot = Some(*zone);
                }
            }
        }
        found
    }

    /// The zone a card is in.
    pub fn zone_of(&self, id: CardId) -> Option<Zone> {
        if let Some(zone) = self.hinted_zone(id) {
            return Some(zone);
        }
        self.zones
            .iter()
            .find(|(_, ids)| ids.contains(&id))
            .map(|(zone, _)| *zone)
    }

    /// The zone the card's hint names, if the card is there.
    fn hinted_zone(&self, id: CardId) -> Option<Zone> {
        let zone = self.instance(id)?.zone_hint.0?;
        self.zones
            .get(&zone)
            .is_some_and(|ids| ids.contains(&id))
            .then_some(zone)
    }

    /// Moves a card to the end of a zone (for a draw deck, its bottom). A lap card that
    /// leaves the Podracing pile is no longer a handling card.
    pub fn move_to(&mut self, id: CardId, to: Zone) {
        // Only the zone its hint names is read, if it is there: a card stands in one place.
        let hint = self.instance(id).and_then(|instance| instance.zone_hint.0);
        let taken = hint.is_some_and(|from| {
            let Some(ids) = self.zones.get_mut(&from) else {
                return false;
            };
            let Some(at) = ids.iter().position(|other| *other == id) else {
                return false;
            };
            ids.remove(at);
            true
        });
        if !taken {
            for ids in self.zones.values_mut() {
                ids.retain(|other| *other != id);
            }
            self.zones.retain(|_, ids| !ids.is_empty());
        }
        self.zones.slot(to).push(id);
        if let Some(instance) = self.instance_mut(id) {
            instance.zone_hint = ZoneHint(Some(to));
            if !matches!(to, Zone::PodracingPile(_)) {
                instance.handling_for = None;
            }
        }
    }

    /// Moves the first `count` cards of a zone (a draw deck's top), fewer if it holds fewer,
    /// to the end of another in order: [`Board::move_to`] of each in turn, in one pass. Gives
    /// how many it moved: the last cards of `to`.
    pub fn move_first(&mut self, from: Zone, count: usize, to: Zone) -> usize {
        let taken = self.zones.move_first(from, count, to);
        let Board { zones, cards, .. } = self;
        if let Some(ids) = zones.get(&to) {
            for id in last_cards(ids, taken) {
                if let Some(instance) = cards.get_mut(id.0 as usize) {
                    instance.zone_hint = ZoneHint(Some(to));
                    if !matches!(to, Zone::PodracingPile(_)) {
                        instance.handling_for = None;
                    }
                }
            }
        }
        taken
    }

    /// Every card instance is in exactly one zone, and every id in a zone names an instance.
    pub fn conservation_holds(&self) -> bool {
        each_in_one_place(self.cards.len(), self.zones.values())
    }

    /// The card's type, if known.
    pub fn card_type(&self, id: CardId) -> Option<CardType> {
        self.card(id).and_then(Card::card_type)
    }

    /// A short, unambiguous name for a card instance: its name, and face down if so.
    /// [`Board::describe`], borrowed for a card known only by its destiny (most cards a
    /// duel moves), so that a move costs no allocation for its name.
    pub fn describe_cow(&self, id: CardId) -> std::borrow::Cow<'static, str> {
        if let (Some(card), Some(instance)) = (self.card(id), self.instance(id))
            && card.anonymous
            && !instance.face_down
            && card.subtitle.is_none()
            && let Some(destiny) = card.destiny()
        {
            let name = crate::cards::anonymous_name(destiny);
            if matches!(name, std::borrow::Cow::Borrowed(_)) && name == card.title.as_str() {
                return name;
            }
        }
        std::borrow::Cow::Owned(self.describe(id))
    }

    pub fn describe(&self, id: CardId) -> String {
        // A virtual card is named with its set: its plain name is Decipher's card's.
        let name = self
            .card(id)
            .map(Card::shown_name)
            .unwrap_or_else(|| format!("card {id}"));
        match self.instance(id) {
            Some(instance) if instance.face_down => format!("{name} (face down)"),
            _ => name,
        }
    }

    /// The zones of a player in which the cards count as his game deck (all of them).
    pub fn owned_by(&self, side: Side) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|instance| instance.owner == side)
            .map(|instance| instance.id)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lap_card_leaving_the_podracing_pile_is_no_longer_a_handling_card() {
        let mut board = Board::new(Ruleset::latest(), 0);
        let definition = board.define(Card::anonymous(4));
        let id = board.add(Zone::PodracingPile(Side::Dark), definition, Side::Dark);
        let mark = |board: &mut Board| {
            if let Some(instance) = board.instance_mut(id) {
                instance.handling_for = Some(1);
            }
        };
        let marked = |board: &Board| board.instance(id).and_then(|card| card.handling_for);
        mark(&mut board);
        board.move_to(id, Zone::PodracingPile(Side::Dark));
        assert_eq!(marked(&board), Some(1));
        board.move_to(id, Zone::DiscardPile(Side::Dark));
        assert_eq!(marked(&board), None);
    }

    #[test]
    fn moving_the_first_cards_at_once_is_moving_each_in_turn() {
        let deck = Zone::DrawDeck(Side::Dark);
        let mut board = Board::new(Ruleset::latest(), 0);
        for destiny in 1..=5 {
            let definition = board.define(Card::anonymous(destiny));
            board.add(deck, definition, Side::Dark);
        }
        for (count, to) in [
            (3, Zone::DuelingHand(Side::Dark)),
            (9, Zone::DuelingHand(Side::Dark)),
            (2, deck),
            (0, Zone::Hand(Side::Dark)),
        ] {
            let mut at_once = board.clone();
            let moved = at_once.move_first(deck, count, to);
            let moved = last_cards(at_once.zone(to), moved).to_vec();
            let mut in_turn = board.clone();
            for _ in 0..count {
                if let Some(&top) = in_turn.zone(deck).first() {
                    in_turn.move_to(top, to);
                }
            }
            assert_eq!(at_once.zones, in_turn.zones, "{count} to {to:?}");
            assert_eq!(moved.len(), count.min(board.zone(deck).len()));
            for id in moved {
                assert_eq!(at_once.zone_of(id), Some(to));
                assert_eq!(at_once.hinted_zone(id), Some(to));
            }
            assert!(at_once.conservation_holds());
        }
        // Emptied, a zone is gone.
        let mut emptied = board.clone();
        emptied.move_first(deck, 5, Zone::Hand(Side::Dark));
        assert!(!emptied.zones.contains_key(&deck));
    }

    /// The table of zones outside the planets finds each zone at its place, and lists them in
    /// the order of zones, before any in play.
    #[test]
    fn the_zones_are_found_at_their_place_and_listed_in_order() {
        let zones = Zones::default();
        for (at, (zone, _)) in zones.outside.iter().enumerate() {
            assert_eq!(Zones::place(zone), Some(at), "{zone:?}");
        }
        assert!(zones.outside.windows(2).all(|pair| pair[0].0 < pair[1].0));
        let last = zones.outside.last().map(|(zone, _)| *zone);
        assert!(last < Some(Zone::InPlay(Planet("Naboo"), Side::Light)));
        assert_eq!(
            Zones::place(&Zone::InPlay(Planet("Naboo"), Side::Dark)),
            None
        );
        let mut board = Board::new(Ruleset::latest(), 0);
        let definition = board.define(Card::anonymous(2));
        for zone in [
            Zone::InPlay(Planet("Naboo"), Side::Light),
            Zone::DuelingPile(Side::Dark),
            Zone::DrawDeck(Side::Dark),
            Zone::DrawDeck(Side::Light),
        ] {
            board.add(zone, definition, Side::Dark);
        }
        let listed: Vec<Zone> = board.zones.iter().map(|(zone, _)| *zone).collect();
        let mut sorted = listed.clone();
        sorted.sort();
        assert_eq!(listed, sorted);
        assert_eq!(listed.len(), 4);
    }

    /// A board copied into the room of another is the board copied, whatever the other held.
    #[test]
    fn a_board_copied_into_another_is_a_copy() {
        let deck = Zone::DrawDeck(Side::Dark);
        let mut start = Board::new(Ruleset::latest(), 7);
        for destiny in 1..=4 {
            let definition = start.define(Card::anonymous(destiny));
            start.add(deck, definition, Side::Dark);
        }
        let character = start.define(Card::named("Darth Maul", crate::cards::Game::YoungJedi));
        start.add(
            Zone::InPlay(Planet("Naboo"), Side::Dark),
            character,
            Side::Dark,
        );
        // Another board: cards moved, a zone emptied and one filled, a card more, a token.
        let mut other = start.clone();
        other.move_first(deck, 4, Zone::DuelingHand(Side::Dark));
        let extra = other.define(Card::anonymous(6));
        let added = other.add(
            Zone::InPlay(Planet("Tatooine"), Side::Light),
            extra,
            Side::Light,
        );
        if let Some(instance) = other.instance_mut(added) {
            instance.hits = 2;
        }
        other.turn = Some(Side::Light);
        other.seed = 9;
        assert_ne!(other, start);
        other.clone_from(&start);
        assert_eq!(other, start);
        assert_eq!(format!("{other:?}"), format!("{start:?}"));
        assert!(other.conservation_holds());
        // And the other way: a small board copied into the room of a larger.
        let mut larger = start.clone();
        larger.move_first(deck, 2, Zone::Hand(Side::Dark));
        let copy = larger.clone();
        larger.clone_from(&Board::new(Ruleset::latest(), 0));
        assert_eq!(larger, Board::new(Ruleset::latest(), 0));
        larger.clone_from(&copy);
        assert_eq!(format!("{larger:?}"), format!("{copy:?}"));
        // The same places in play, other cards in them.
        let mut crowded = start.clone();
        let extra = crowded.define(Card::anonymous(2));
        crowded.add(Zone::InPlay(Planet("Naboo"), Side::Dark), extra, Side::Dark);
        assert_ne!(crowded, start);
        crowded.clone_from(&start);
        assert_eq!(crowded, start);
        assert_eq!(format!("{crowded:?}"), format!("{start:?}"));
    }

    /// A card copied into another carries the copied card's provenance (which equality does
    /// not compare), whether the other had none, the same or another.
    #[test]
    fn a_card_copied_into_another_carries_its_provenance() {
        let mut board = Board::new(Ruleset::latest(), 7);
        let definition = board.define(Card::anonymous(3));
        let first = board.add(Zone::Hand(Side::Dark), definition, Side::Dark);
        let second = board.add(Zone::Hand(Side::Dark), definition, Side::Dark);
        if let Some(instance) = board.instance_mut(first) {
            instance.provenance = Provenance {
                counted: true,
                ..Provenance::default()
            }
            .into();
        }
        let copy = board.clone();
        let counted = |board: &Board| {
            [first, second].map(|id| {
                board
                    .instance(id)
                    .is_some_and(|card| card.provenance.counted)
            })
        };
        assert_eq!(counted(&copy), [true, false]);
        // Into a board whose cards have the other provenances, then the same.
        let mut other = board.clone();
        if let Some(instance) = other.instance_mut(first) {
            instance.provenance = ProvenanceSlot::default();
        }
        if let Some(instance) = other.instance_mut(second) {
            instance.provenance.counted = true;
        }
        assert_eq!(counted(&other), [false, true]);
        other.clone_from(&board);
        assert_eq!(counted(&other), [true, false]);
        other.clone_from(&board);
        assert_eq!(counted(&other), [true, false]);
    }

    /// What a scenario states is shared by the copies of a board until one changes it: the
    /// change, or a section taken off, is that copy's alone.
    #[test]
    fn a_copy_changes_what_is_stated_for_itself_alone() {
        let mut start = Board::new(Ruleset::latest(), 7);
        start.stated.set("duel", Some(3u32));
        start.stated.set("deploy", Some(String::from("a")));
        let mut copy = start.clone();
        assert_eq!(copy.stated, start.stated);
        if let Some(number) = copy.stated.get_mut::<u32>("duel") {
            *number = 4;
        }
        assert_eq!(start.stated.get::<u32>("duel"), Some(&3));
        assert_eq!(copy.stated.get::<u32>("duel"), Some(&4));
        assert_ne!(copy.stated, start.stated);
        // Taken off a copy that shares them, then off the only holder.
        let mut other = start.clone();
        other.stated.set::<u32>("duel", None);
        assert!(!other.stated.has("duel"));
        assert_eq!(
            other.stated.get::<String>("deploy"),
            Some(&String::from("a"))
        );
        assert!(start.stated.has("duel"));
        other.stated.set::<String>("deploy", None);
        assert_eq!(other.stated, Board::new(Ruleset::latest(), 0).stated);
        assert_eq!(format!("{:?}", other.stated), "{}");
        assert_eq!(
            format!("{:?}", start.stated),
            r#"{"deploy": "a", "duel": 3}"#
        );
        // The wrong type is no section of that type, and changes nothing.
        assert!(start.stated.get_mut::<String>("duel").is_none());
        assert_eq!(start.stated.get::<u32>("duel"), Some(&3));
    }

    /// An emptied zone keeps its room, but is no zone: not found, not listed, not compared.
    #[test]
    fn an_emptied_zone_is_no_zone() {
        let deck = Zone::DrawDeck(Side::Dark);
        let hand = Zone::Hand(Side::Dark);
        let mut board = Board::new(Ruleset::latest(), 0);
        let definition = board.define(Card::anonymous(3));
        let card = board.add(deck, definition, Side::Dark);
        let start = board.clone();
        board.move_to(card, hand);
        assert_eq!(board.zones.get(&deck), None);
        assert!(!board.zones.contains_key(&deck));
        assert_eq!(board.zone(deck), &[] as &[CardId]);
        let listed: Vec<Zone> = board.zones.iter().map(|(zone, _)| *zone).collect();
        assert_eq!(listed, [hand]);
        // A board built with the card in the hand is the same board.
        let mut built = Board::new(Ruleset::latest(), 0);
        let again = built.define(Card::anonymous(3));
        built.add(hand, again, Side::Dark);
        assert_eq!(board.zones, built.zones);
        assert_eq!(format!("{:?}", board.zones), format!("{:?}", built.zones));
        // Back where it was, the board is as it started.
        board.move_to(card, deck);
        assert_eq!(board.zones, start.zones);
        assert_eq!(board.zone_of(card), Some(deck));
        assert!(board.conservation_holds());
    }

    /// Whether a name means a card, remembered for each definition and name, is what the
    /// name index of the card alone answers, however often and in whatever order it is asked;
    /// a changed definition is asked again.
    #[test]
    fn whether_a_name_means_a_card_is_remembered_for_each_name() {
        let mut board = Board::new(Ruleset::latest(), 0);
        let mut maul = Card::named("Darth Maul", crate::cards::Game::YoungJedi);
        maul.subtitle = Some("Sith Apprentice".to_string());
        let definition = board.define(maul);
        let id = board.add(Zone::Hand(Side::Dark), definition, Side::Dark);
        let names = [
            "Darth Maul",
            "Qui-Gon Jinn",
            "maul",
            "Darth Maul, Sith Apprentice",
        ];
        let expected: Vec<bool> = names
            .iter()
            .map(|name| {
                let card = board.card(id).expect("on the board");
                crate::cards::matching::NameIndex::new(std::slice::from_ref(card))
                    .find(name)
                    .is_ok()
            })
            .collect();
        assert_eq!(expected, [true, false, true, true]);
        for order in [[0, 1, 2, 3], [3, 1, 0, 2]] {
            for at in order {
                assert_eq!(board.is_named(id, names[at]), expected[at], "{}", names[at]);
            }
        }
        assert!(!board.is_named(CardId(99), "Darth Maul"));
        let mut copy = board.clone();
        if let Some(card) = copy.definitions_mut().get_mut(definition.0 as usize) {
            card.title = "Qui-Gon Jinn".to_string();
            card.subtitle = None;
        }
        assert!(copy.is_named(id, "Qui-Gon Jinn"));
        assert!(!copy.is_named(id, "Darth Maul"));
        assert!(board.is_named(id, "Darth Maul"));
    }

    #[test]
    fn what_a_board_derives_is_remembered_until_its_definitions_change() {
        use crate::cards::TraitKind;
        use crate::cards::traits::TraitValue;
        let mut board = Board::new(Ruleset::latest(), 0);
        let definition = board.define(Card::named(
            "Jedi Apprentice",
            crate::cards::Game::YoungJedi,
        ));
        let id = board.add(Zone::Hand(Side::Light), definition, Side::Light);
        assert_eq!(board.trait_value(id, TraitKind::Jedi), TraitValue::Yes);
        // A copy shares what was derived; a change of the definitions forgets it.
        let mut copy = board.clone();
        if let Some(card) = copy.definitions_mut().get_mut(definition.0 as usize) {
            card.title = "Padawan Apprentice".to_string();
        }
        assert_eq!(copy.trait_value(id, TraitKind::Jedi), TraitValue::No);
        assert_eq!(board.trait_value(id, TraitKind::Jedi), TraitValue::Yes);
        assert_eq!(
            board.trait_value(id, TraitKind::PodracerPilot),
            TraitValue::Unknown
        );
        // A card that is no weapon has no users: the fact it lacks, remembered as such.
        for _ in 0..2 {
            assert!(matches!(
                board.weapon_box(id, id),
                Err(crate::cards::users::UsersUnknown::Weapon { .. })
            ));
        }
        assert_eq!(board.weapon_box(id, CardId(99)), Ok(None));
    }

    #[test]
    fn every_zone_key_names_back_its_zone() {
        for (key, zone) in ZONE_KEYS {
            for side in [Side::Light, Side::Dark] {
                assert_eq!(zone(side).key(), key);
                assert_eq!(Zone::of_key(key, side), Some(zone(side)));
                assert_eq!(zone(side).owner(), side);
            }
        }
        assert_eq!(Zone::InPlay(Planet("Naboo"), Side::Dark).key(), "in-play");
        assert_eq!(Zone::of_key("in-play", Side::Dark), None);
    }
}

/// What game text makes a card cost to deploy: the counters, the card that sets it (an Effect,
/// or the card in play whose presence the deployed card's own text asks for) and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextDeployCost {
    pub counters: u32,
    pub by: CardId,
    /// The deployed card's own text, with `by` in play there.
    pub own: bool,
}
