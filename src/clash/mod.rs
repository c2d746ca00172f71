//! Clash of the Lightsabers: its cards, Special card effects (defaults read from the rulebook, or the scenario's), its table, and its legality checks.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::board::CardId;
use crate::cards::Side;
use crate::engine::kind_list::KindList;
use crate::rules::{Citation, cite};

/// The rulebook's card list: how many Power cards of each Attack Value.
pub const POWER_COUNTS: [(i32, u16); 5] = [(1, 10), (2, 10), (3, 10), (4, 3), (5, 2)];

/// The rulebook's Special cards: the Qui-Gon Jinn deck's name, the Darth Maul deck's name,
/// and how many of each.
pub const SPECIAL_COUNTS: [(&str, &str, u16); 9] = [
    ("Block", "Block", 4),
    ("Use the Force", "Use the Force", 3),
    ("Jedi Knight", "Sith Lord", 3),
    ("X2 Obi-Wan", "X2 Darth Sidious", 3),
    ("Life Drain", "Life Drain", 2),
    ("Retreat", "Retreat", 2),
    ("Burst of Energy", "Burst of Energy", 1),
    ("Final Attack", "Final Attack", 1),
    ("Qui-Gon's Fury", "Darth Maul's Rage", 1),
];

pub const CARD_COUNTS: Citation = cite("clash.cards.power-counts");
pub const SPECIAL_LIST: Citation = cite("clash.cards.special-counts");

/// The two players: Qui-Gon Jinn is the Light Side, Darth Maul the Dark Side.
pub fn player_name(side: Side) -> &'static str {
    match side {
        Side::Light => "Qui-Gon",
        Side::Dark => "Darth Maul",
    }
}

/// A Clash card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum ClashCard {
    Power(i32),
    Special(String),
}

impl ClashCard {
    pub fn name(&self) -> Cow<'static, str> {
        const POWER_NAMES: [&str; 10] = [
            "Power 0", "Power 1", "Power 2", "Power 3", "Power 4", "Power 5", "Power 6", "Power 7",
            "Power 8", "Power 9",
        ];
        match self {
            ClashCard::Power(value) => usize::try_from(*value)
                .ok()
                .and_then(|index| POWER_NAMES.get(index))
                .map_or_else(
                    || Cow::Owned(format!("Power {value}")),
                    |name| Cow::Borrowed(*name),
                ),
            ClashCard::Special(name) => Cow::Owned(name.clone()),
        }
    }

    pub fn is_special(&self) -> bool {
        matches!(self, ClashCard::Special(_))
    }
}

/// Whose cards a doubling Special card doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleScope {
    /// The cards of the player who played it.
    Own,
    /// Every card in the battle, both players'.
    All,
}

/// What a Special card does, as a small vocabulary a scenario can use.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialEffect {
    /// Its Attack Value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<crate::ranged::AttackValue>,
    /// Doubles the Attack Value of the cards in its battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double: Option<DoubleScope>,
    /// Its player draws this many cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<crate::ranged::ClashCards>,
    /// Its player takes his other cards of this battle back into his hand and concedes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retreat: bool,
    /// Its player discards the Attack 1 and Attack 2 cards in his hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub discard_low: bool,
    /// The opponent's last card played in this battle is discarded.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancel_last: bool,
    /// The opponent discards this many cards from his hand (the first in it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drain: Option<crate::ranged::ClashCards>,
}

/// Where a Special card's effect comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "from")]
pub enum EffectSource {
    /// Printed in the rulebook.
    Rulebook { rule: Citation },
    /// A reading of the rulebook's figure or tips, not card text.
    Reading { rule: Citation, note: &'static str },
    /// Defined by the scenario.
    Scenario,
}

/// The effects the engine knows by default, each with its source.
pub fn default_effects() -> BTreeMap<String, (SpecialEffect, EffectSource)> {
    let mut effects = BTreeMap::new();
    effects.insert(
        "Final Attack".to_string(),
        (
            SpecialEffect {
                attack: Some(crate::ranged::AttackValue::saturating(6)),
                ..SpecialEffect::default()
            },
            EffectSource::Rulebook { rule: SPECIAL_LIST },
        ),
    );
    for name in ["X2 Obi-Wan", "X2 Darth Sidious"] {
        effects.insert(
            name.to_string(),
            (
                SpecialEffect {
                    double: Some(DoubleScope::Own),
                    ..SpecialEffect::default()
                },
                EffectSource::Reading {
                    rule: cite("clash.figures.3"),
                    note: "figure 3 says it \"doubles the Attack Value of all cards in this battle\"; read as its player's cards, since the figure shows only Qui-Gon's total raised by it",
                },
            ),
        );
    }
    effects.insert(
        "Use the Force".to_string(),
        (
            SpecialEffect {
                draw: Some(crate::ranged::ClashCards::saturating(2)),
                ..SpecialEffect::default()
            },
            EffectSource::Reading {
                rule: cite("clash.tips.use-the-force"),
                note: "the tips say \"play a USE THE FORCE card to draw two cards\"",
            },
        ),
    );
    effects.insert(
        "Retreat".to_string(),
        (
            SpecialEffect {
                retreat: true,
                ..SpecialEffect::default()
            },
            EffectSource::Reading {
                rule: cite("clash.tips.retreat"),
                note: "the tips say RETREAT puts cards back into your hand, and that you lose the battle with it",
            },
        ),
    );
    effects.insert(
        "Burst of Energy".to_string(),
        (
            SpecialEffect {
                discard_low: true,
                ..SpecialEffect::default()
            },
            EffectSource::Reading {
                rule: cite("clash.tips.burst-of-energy"),
                note: "the tips say to use it \"to discard any ATTACK 1 or ATTACK 2 cards in your hand\"; read as all of them",
            },
        ),
    );
    effects
}

/// Where a Clash card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    Draw(Side),
    Hand(Side),
    Discard(Side),
    /// The face-down card planned for battle 1, 2 or 3.
    Planned(Side, u8),
    /// Cards played in the battle under way.
    Battle(Side),
    /// Cards of battles won this round, left on the table.
    Won(Side),
}

impl Pile {
    /// The pile as a place on the table, for card moves.
    pub fn place(self) -> crate::engine::Place {
        let (zone, side, battle) = match self {
            Pile::Draw(side) => ("draw-pile", side, None),
            Pile::Hand(side) => ("hand", side, None),
            Pile::Discard(side) => ("discard-pile", side, None),
            Pile::Planned(side, battle) => ("planned", side, Some(battle)),
            Pile::Battle(side) => ("battle", side, None),
            Pile::Won(side) => ("won", side, None),
        };
        crate::engine::Place {
            zone,
            side,
            planet: None,
            battle,
            label: self.label(),
        }
    }

    /// The pile in words. A walk names a pile at every card move, so the words for every
    /// pile of the three battles are made once and lent.
    pub fn label(self) -> Cow<'static, str> {
        static LABELS: OnceLock<Vec<(Pile, String)>> = OnceLock::new();
        let labels = LABELS.get_or_init(|| {
            [Side::Light, Side::Dark]
                .into_iter()
                .flat_map(|side| {
                    [
                        Pile::Draw(side),
                        Pile::Hand(side),
                        Pile::Discard(side),
                        Pile::Planned(side, 1),
                        Pile::Planned(side, 2),
                        Pile::Planned(side, 3),
                        Pile::Battle(side),
                        Pile::Won(side),
                    ]
                })
                .map(|pile| (pile, pile.describe()))
                .collect()
        });
        match labels.iter().find(|(known, _)| *known == self) {
            Some((_, words)) => Cow::Borrowed(words.as_str()),
            None => Cow::Owned(self.describe()),
        }
    }

    fn describe(self) -> String {
        let who = |side: Side| player_name(side);
        match self {
            Pile::Draw(side) => format!("{}'s draw pile", who(side)),
            Pile::Hand(side) => format!("{}'s hand", who(side)),
            Pile::Discard(side) => format!("{}'s discard pile", who(side)),
            Pile::Planned(side, battle) => {
                format!("{}'s planned card for battle {battle}", who(side))
            }
            Pile::Battle(side) => format!("{}'s cards in this battle", who(side)),
            Pile::Won(side) => format!("{}'s won battles", who(side)),
        }
    }
}

/// One Clash card on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClashInstance {
    pub id: CardId,
    pub owner: Side,
    pub card: ClashCard,
    /// Where the scenario wrote it.
    pub span: Option<crate::board::Span>,
}

/// The Clash of the Lightsabers table.
#[derive(Clone, Debug, PartialEq)]
pub struct ClashBoard {
    pub cards: Vec<ClashInstance>,
    /// The cards of each pile, changed only through the methods that keep `index` with them.
    piles: BTreeMap<Pile, Vec<CardId>>,
    /// The Final Duel card each figure stands on, 1 to 5.
    pub track_light: u8,
    pub track_dark: u8,
    /// Where the scenario puts each figure, Qui-Gon's then Darth Maul's, for diagnostics.
    pub track_spans: [Option<crate::board::Span>; 2],
    /// Battles won this round.
    pub won_light: u8,
    pub won_dark: u8,
    /// The battle of the round under way, 1 to 3.
    pub battle: u8,
    pub round: u32,
    pub seed: u64,
    pub ruleset: crate::rules::Ruleset,
    /// Special card effects by name, with their sources.
    pub effects: BTreeMap<String, (SpecialEffect, EffectSource)>,
    /// Each card's pile and each hand's kinds, kept as cards move.
    index: PileIndex,
}

/// What the table keeps of its piles to find a card's pile, and a hand's kinds of card, at
/// once: derived from the piles alone, so outside equality (two tables with the same piles
/// are the same table).
#[derive(Clone, Debug, Default)]
struct PileIndex {
    /// Each card's pile, by its id.
    pile_of: Vec<Option<Pile>>,
    /// The cards of each hand, Qui-Gon's then Darth Maul's, by kind of card.
    hands: [KindList<Option<ClashCard>>; 2],
}

impl PartialEq for PileIndex {
    fn eq(&self, _: &PileIndex) -> bool {
        true
    }
}

/// A hand's place in [`PileIndex::hands`].
fn hand_at(pile: Pile) -> Option<usize> {
    match pile {
        Pile::Hand(Side::Light) => Some(0),
        Pile::Hand(Side::Dark) => Some(1),
        _ => None,
    }
}

impl crate::engine::CardCount for ClashBoard {
    fn card_count(&self) -> usize {
        self.cards.len()
    }
}

impl ClashBoard {
    pub fn new(seed: u64, ruleset: crate::rules::Ruleset) -> ClashBoard {
        ClashBoard {
            cards: Vec::new(),
            piles: BTreeMap::new(),
            track_light: 1,
            track_dark: 1,
            track_spans: [None, None],
            won_light: 0,
            won_dark: 0,
            battle: 1,
            round: 1,
            seed,
            ruleset,
            effects: default_effects(),
            index: PileIndex::default(),
        }
    }

    pub fn add(&mut self, pile: Pile, owner: Side, card: ClashCard) -> CardId {
        let id = CardId(self.cards.len() as u32);
        self.cards.push(ClashInstance {
            id,
            owner,
            card,
            span: None,
        });
        self.piles.entry(pile).or_default().push(id);
        self.placed(id, pile);
        id
    }

    /// Notes that `id` was put at the end of `pile`.
    fn placed(&mut self, id: CardId, pile: Pile) {
        let at = id.0 as usize;
        if self.index.pile_of.len() <= at {
            self.index.pile_of.resize(at + 1, None);
        }
        self.index.pile_of[at] = Some(pile);
        if let Some(hand) = hand_at(pile) {
            let key = self.card(id).cloned();
            self.index.hands[hand].push(id, key);
        }
    }

    /// Puts `ids`, the cards of `pile` in a new order, back as that pile.
    pub fn reorder(&mut self, pile: Pile, ids: Vec<CardId>) {
        if let Some(hand) = hand_at(pile) {
            let cards = &self.cards;
            self.index.hands[hand] = KindList::new(ids.iter().copied(), |id| {
                cards
                    .get(id.0 as usize)
                    .map(|instance| instance.card.clone())
            });
        }
        if ids.is_empty() {
            self.piles.remove(&pile);
        } else {
            self.piles.insert(pile, ids);
        }
    }

    /// The cards of `side`'s hand, by kind of card, as they lie.
    pub fn hand_kinds(&self, side: Side) -> &KindList<Option<ClashCard>> {
        &self.index.hands[usize::from(side == Side::Dark)]
    }

    pub fn pile(&self, pile: Pile) -> &[CardId] {
        self.piles.get(&pile).map(Vec::as_slice).unwrap_or_default()
    }

    pub fn card(&self, id: CardId) -> Option<&ClashCard> {
        self.cards.get(id.0 as usize).map(|instance| &instance.card)
    }

    pub fn pile_of(&self, id: CardId) -> Option<Pile> {
        self.index.pile_of.get(id.0 as usize).copied().flatten()
    }

    /// Moves a card known to be in `from` (and nowhere else, as every card is in one pile).
    pub fn move_from(&mut self, id: CardId, from: Pile, to: Pile) {
        if let Some(ids) = self.piles.get_mut(&from) {
            // A card is in its pile once: the first found is the one.
            if let Some(at) = ids.iter().position(|other| *other == id) {
                ids.remove(at);
            }
            if ids.is_empty() {
                self.piles.remove(&from);
            }
        }
        if let Some(hand) = hand_at(from) {
            self.index.hands[hand].remove(id);
        }
        self.piles.entry(to).or_default().push(id);
        self.placed(id, to);
    }

    /// Moves every card of `from`, in order, to the end of `to`.
    pub fn move_pile(&mut self, from: Pile, to: Pile) {
        if from == to {
            return;
        }
        let ids = self.piles.remove(&from).unwrap_or_default();
        if let Some(hand) = hand_at(from) {
            self.index.hands[hand] = KindList::default();
        }
        for id in &ids {
            self.placed(*id, to);
        }
        if !ids.is_empty() {
            self.piles.entry(to).or_default().extend(ids);
        }
    }

    pub fn track(&self, side: Side) -> u8 {
        match side {
            Side::Light => self.track_light,
            Side::Dark => self.track_dark,
        }
    }

    pub fn track_mut(&mut self, side: Side) -> &mut u8 {
        match side {
            Side::Light => &mut self.track_light,
            Side::Dark => &mut self.track_dark,
        }
    }

    pub fn won_mut(&mut self, side: Side) -> &mut u8 {
        match side {
            Side::Light => &mut self.won_light,
            Side::Dark => &mut self.won_dark,
        }
    }

    /// Every card is in exactly one pile.
    pub fn conservation_holds(&self) -> bool {
        crate::board::each_in_one_place(self.cards.len(), self.piles.values())
    }

    /// The rulebook's whole deck for a player: 35 Power cards and 20 Special cards.
    pub fn full_deck(side: Side) -> Vec<ClashCard> {
        let mut deck = Vec::new();
        for (value, count) in POWER_COUNTS {
            for _ in 0..count {
                deck.push(ClashCard::Power(value));
            }
        }
        for (qui_gon, maul, count) in SPECIAL_COUNTS {
            let name = if side == Side::Light { qui_gon } else { maul };
            for _ in 0..count {
                deck.push(ClashCard::Special(name.to_string()));
            }
        }
        deck
    }

    /// How many of a card a player's deck holds, by the rulebook.
    pub fn allowed(side: Side, card: &ClashCard) -> u16 {
        match card {
            ClashCard::Power(value) => POWER_COUNTS
                .iter()
                .find(|(known, _)| known == value)
                .map_or(0, |(_, count)| *count),
            ClashCard::Special(name) => SPECIAL_COUNTS
                .iter()
                .find(|(qui_gon, maul, _)| {
                    let own = if side == Side::Light { qui_gon } else { maul };
                    own.eq_ignore_ascii_case(name)
                })
                .map_or(0, |(_, _, count)| *count),
        }
    }
}

/// A legality finding about a Clash table.
#[derive(Clone, Debug, PartialEq)]
pub struct ClashFinding {
    pub code: &'static str,
    pub message: String,
    pub rule: Citation,
    /// The cards it is about, where the scenario wrote them.
    pub spans: Vec<(crate::board::Span, String)>,
}

impl ClashFinding {
    /// The finding as a legality finding, which check and walk report alike.
    pub fn into_violation(self) -> crate::legality::Violation {
        crate::legality::Violation {
            verdict: crate::legality::Verdict::Illegal,
            code: self.code,
            message: self.message,
            basis: vec![crate::legality::Basis::Rule(self.rule)],
            remedy: None,
            cards: Vec::new(),
            labels: self.spans,
        }
    }
}

/// Checks a Clash table against the rulebook's deck lists and limits.
pub fn check(board: &ClashBoard) -> Vec<ClashFinding> {
    let mut findings = Vec::new();
    for side in [Side::Light, Side::Dark] {
        let mut copies: BTreeMap<ClashCard, Vec<&ClashInstance>> = BTreeMap::new();
        for instance in board.cards.iter().filter(|instance| instance.owner == side) {
            copies
                .entry(instance.card.clone())
                .or_default()
                .push(instance);
        }
        for (card, instances) in copies {
            let count = instances.len();
            let allowed = usize::from(ClashBoard::allowed(side, &card));
            let rule = if card.is_special() {
                SPECIAL_LIST
            } else {
                CARD_COUNTS
            };
            let spans = |from: usize, label: &str| -> Vec<(crate::board::Span, String)> {
                instances
                    .iter()
                    .skip(from)
                    .filter_map(|instance| instance.span.map(|span| (span, label.to_string())))
                    .collect()
            };
            if allowed == 0 {
                findings.push(ClashFinding {
                    code: "card-not-in-deck",
                    message: format!(
                        "{} is not a card of {}'s Battle Deck",
                        card.name(),
                        player_name(side)
                    ),
                    rule,
                    spans: spans(0, "not in this deck"),
                });
            } else if count > allowed {
                findings.push(ClashFinding {
                    code: "too-many-copies",
                    message: format!(
                        "{} has {count} copies of {}; the Battle Deck holds {allowed}",
                        player_name(side),
                        card.name()
                    ),
                    rule,
                    spans: spans(allowed, "one copy too many"),
                });
            }
        }
        let track = board.track(side);
        if !(1..=5).contains(&track) {
            findings.push(ClashFinding {
                code: "track-out-of-range",
                message: format!(
                    "{}'s figure is on Final Duel card {track}; there are cards 1 to 5",
                    player_name(side)
                ),
                rule: cite("clash.setup.sides"),
                spans: board.track_spans[usize::from(side == Side::Dark)]
                    .map(|span| (span, "off the track".to_string()))
                    .into_iter()
                    .collect(),
            });
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pile_is_named_with_its_players_name_the_same_each_time() {
        let planned = Pile::Planned(Side::Dark, 2);
        assert_eq!(planned.label(), "Darth Maul's planned card for battle 2");
        assert!(matches!(planned.label(), Cow::Borrowed(_)));
        assert_eq!(Pile::Won(Side::Light).label(), "Qui-Gon's won battles");
        let unusual = Pile::Planned(Side::Light, 7);
        assert_eq!(unusual.label(), "Qui-Gon's planned card for battle 7");
        assert!(matches!(unusual.label(), Cow::Owned(_)));
    }
}
