//! The Clash of the Lightsabers procedures: a battle, a round of three, or a whole game, played card by card.

use std::borrow::Cow;

use super::events::{BattleOutcome, ClashAction, ClashEvent, ClashResult};
use crate::board::CardId;
use crate::cards::Side;
use crate::clash::{
    ClashBoard, ClashCard, DoubleScope, EffectSource, Pile, SpecialEffect, player_name,
};
use crate::engine::{
    Decision, DecisionOption, Event, MissingFact, Next, Pending, Procedure, Tally,
};
use crate::random::Random;
use crate::rules::{Citation, cite};

const ROUND_START: Citation = cite("clash.round.start");
const FLIP: Citation = cite("clash.battle.flip");
const WINNING: Citation = cite("clash.duels.winning");
const LOSING_PLAYER: Citation = cite("clash.duels.losing-player");
const MUST_CONCEDE: Citation = cite("clash.duels.must-concede");
const STANDOFF: Citation = cite("clash.duels.standoff");
const STANDOFF_OUT: Citation = cite("clash.duels.standoff-out-of-cards");
const SPECIALS_CANCEL: Citation = cite("clash.duels.specials-cancel");
const RESHUFFLE: Citation = cite("clash.duels.reshuffle");
const BATTLE_ENDS: Citation = cite("clash.battle-end.how");
const CONCEDING: Citation = cite("clash.battle-end.conceding");
const CONCEDED_CARDS: Citation = cite("clash.battle-end.conceded-cards");
const DRAW: Citation = cite("clash.battle-end.draw");
const NEXT_BATTLE: Citation = cite("clash.battle-end.next");
const ROUND_SCORING: Citation = cite("clash.round-end.scoring");
const COLLECT: Citation = cite("clash.round-end.collect");
const KEEP_HAND: Citation = cite("clash.round-end.keep-hand");
const NEW_ROUND: Citation = cite("clash.new-round.draw");
const WINNING_THE_GAME: Citation = cite("clash.winning.fifth-card");
const SPECIAL_CARD: Citation = cite("clash.cards.special-card");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Setup,
    Plan(Side, u8),
    BattleStart,
    Status,
    /// Both play a card at once; the Light Side's choice waits here for the Dark Side's.
    Simultaneous {
        light: Option<CardId>,
        after_cancel: bool,
    },
    End(Option<Side>),
    RoundEnd,
    NewRound,
    Done,
}

/// The Clash procedure.
#[derive(Clone)]
pub struct ClashEngine {
    action: ClashAction,
    phase: Phase,
    pending: Pending<ClashEvent>,
    random: Random,
    result: ClashResult,
    /// A Special card played whose effect is not defined: the walk stops on it.
    missing: Option<MissingFact>,
    /// Offers of a concession already made for this state, so that each is made once.
    offered: Vec<Side>,
    rounds_played: u32,
    /// Whether the must-play of a Standoff with one player out of cards was announced.
    must_play_said: bool,
    /// The battle's totals as last summed, taken up where one card more lies on a pile.
    totals: std::cell::RefCell<Option<Totals>>,
}

/// What the battle piles add up to, Qui-Gon's then Darth Maul's: each pile's length and last
/// card when summed (a pile only grows at its end, and loses cards otherwise, so the two tell
/// its cards within a game), the Attack Values and the doublings.
#[derive(Clone, Debug, Default)]
struct Totals {
    seen: [(usize, Option<CardId>); 2],
    base: [i32; 2],
    times: [u32; 2],
}

/// A side's place in [`Totals`].
fn side_at(side: Side) -> usize {
    match side {
        Side::Light => 0,
        Side::Dark => 1,
    }
}

impl ClashEngine {
    pub fn new(board: &ClashBoard, action: ClashAction) -> ClashEngine {
        let phase = if action == ClashAction::Game
            && board.pile(Pile::Hand(Side::Light)).is_empty()
            && board.pile(Pile::Hand(Side::Dark)).is_empty()
            && (1..=3).all(|battle| {
                board.pile(Pile::Planned(Side::Light, battle)).is_empty()
                    && board.pile(Pile::Planned(Side::Dark, battle)).is_empty()
            }) {
            Phase::Setup
        } else {
            Phase::Plan(Side::Light, board.battle)
        };
        ClashEngine {
            action,
            phase,
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            result: ClashResult::default(),
            missing: None,
            offered: Vec::new(),
            rounds_played: 0,
            must_play_said: false,
            totals: std::cell::RefCell::default(),
        }
    }

    fn emit(
        &mut self,
        kind: ClashEvent,
        cites: impl Into<std::borrow::Cow<'static, [Citation]>>,
        mut moves: Vec<crate::engine::Move>,
    ) {
        // Kept for the whole walk: no room for moves that will never come.
        moves.shrink_to_fit();
        self.pending.push(Event {
            kind,
            cites: cites.into(),
            assumptions: Vec::new(),
            moves,
            tally: Tally::default(),
        });
    }

    fn moved(board: &ClashBoard, id: CardId, from: Pile, to: Pile) -> crate::engine::Move {
        crate::engine::Move {
            card: id.0,
            name: board.card(id).map(ClashCard::name).unwrap_or_default(),
            from: from.place(),
            to: to.place(),
        }
    }

    fn transfer(
        board: &mut ClashBoard,
        id: CardId,
        to: Pile,
        moves: &mut Vec<crate::engine::Move>,
    ) {
        let from = board.pile_of(id).unwrap_or(to);
        moves.push(Self::moved(board, id, from, to));
        board.move_from(id, from, to);
    }

    /// Moves every card of `from`, in order, to the end of `to`.
    fn transfer_all(
        board: &mut ClashBoard,
        from: Pile,
        to: Pile,
        moves: &mut Vec<crate::engine::Move>,
    ) {
        moves.extend(
            board
                .pile(from)
                .iter()
                .map(|id| Self::moved(board, *id, from, to)),
        );
        board.move_pile(from, to);
    }

    fn shuffle_pile(&mut self, board: &mut ClashBoard, pile: Pile) {
        let mut ids = board.pile(pile).to_vec();
        self.random.shuffle(&mut ids);
        board.reorder(pile, ids);
    }

    /// Draws cards; when the last card of the draw pile is drawn, the discard pile is
    /// shuffled into a new draw pile. Every move goes into `moves` in the order it happens
    /// (the reshuffle's between the draws it parts), so that the event that draws gives them
    /// all; the reshuffle's own event says what happened and moves nothing more.
    fn draw(
        &mut self,
        board: &mut ClashBoard,
        side: Side,
        count: usize,
        moves: &mut Vec<crate::engine::Move>,
    ) -> usize {
        let mut drawn = 0;
        for _ in 0..count {
            let Some(top) = board.pile(Pile::Draw(side)).first().copied() else {
                break;
            };
            Self::transfer(board, top, Pile::Hand(side), moves);
            drawn += 1;
            if board.pile(Pile::Draw(side)).is_empty()
                && !board.pile(Pile::Discard(side)).is_empty()
            {
                let returned = board.pile(Pile::Discard(side)).len();
                Self::transfer_all(board, Pile::Discard(side), Pile::Draw(side), moves);
                self.shuffle_pile(board, Pile::Draw(side));
                self.emit(
                    ClashEvent::ClashReshuffle {
                        side,
                        count: returned,
                    },
                    &[RESHUFFLE],
                    Vec::new(),
                );
            }
        }
        drawn
    }

    fn effect<'a>(
        board: &'a ClashBoard,
        card: &ClashCard,
    ) -> Option<&'a (SpecialEffect, EffectSource)> {
        match card {
            // The effects are kept under the cards' printed names; the scan is for a name
            // spelt otherwise.
            ClashCard::Special(name) => board.effects.get(name).or_else(|| {
                board
                    .effects
                    .iter()
                    .find(|(known, _)| known.eq_ignore_ascii_case(name))
                    .map(|(_, effect)| effect)
            }),
            ClashCard::Power(_) => None,
        }
    }

    /// A player's total Attack Value in the battle under way.
    pub fn total(&self, board: &ClashBoard, side: Side) -> i32 {
        let totals = self.totals(board);
        let at = side_at(side);
        totals.base[at].saturating_mul(2i32.saturating_pow(totals.times[at]))
    }

    /// What a card of `of`'s battle pile adds: its Attack Value to `of`'s, a doubling to
    /// `of`'s or to both.
    fn add_card(board: &ClashBoard, totals: &mut Totals, of: Side, card: &ClashCard) {
        let at = side_at(of);
        let effect = match card {
            ClashCard::Power(value) => {
                totals.base[at] = totals.base[at].saturating_add(*value);
                return;
            }
            ClashCard::Special(_) => Self::effect(board, card).map(|(effect, _)| effect),
        };
        let Some(effect) = effect else { return };
        let attack = effect.attack.map_or(0, crate::ranged::Ranged::i32);
        totals.base[at] = totals.base[at].saturating_add(attack);
        match effect.double {
            Some(DoubleScope::Own) => totals.times[at] = totals.times[at].saturating_add(1),
            Some(DoubleScope::All) => {
                for times in &mut totals.times {
                    *times = times.saturating_add(1);
                }
            }
            None => {}
        }
    }

    /// The battle piles' totals: as last summed where the piles are as they were, taken up
    /// where a pile has one card more at its end, else summed anew.
    fn totals(&self, board: &ClashBoard) -> Totals {
        let piles = [
            board.pile(Pile::Battle(Side::Light)),
            board.pile(Pile::Battle(Side::Dark)),
        ];
        let now = piles.map(|pile| (pile.len(), pile.last().copied()));
        let mut remembered = self.totals.borrow_mut();
        if let Some(totals) = remembered.as_mut() {
            let grown_by_one = |at: usize| {
                let (length, _) = now[at];
                let (seen_length, seen_last) = totals.seen[at];
                length == seen_length + 1
                    && length
                        .checked_sub(2)
                        .and_then(|before| piles[at].get(before))
                        .copied()
                        == seen_last
            };
            if (0..2).all(|at| now[at] == totals.seen[at] || grown_by_one(at)) {
                for (at, side) in [(0, Side::Light), (1, Side::Dark)] {
                    if now[at] != totals.seen[at]
                        && let Some(card) = now[at].1.and_then(|id| board.card(id))
                    {
                        Self::add_card(board, totals, side, card);
                    }
                }
                totals.seen = now;
                return totals.clone();
            }
        }
        let mut totals = Totals {
            seen: now,
            ..Totals::default()
        };
        for (at, side) in [(0, Side::Light), (1, Side::Dark)] {
            for card in piles[at].iter().filter_map(|id| board.card(*id)) {
                Self::add_card(board, &mut totals, side, card);
            }
        }
        *remembered = Some(totals.clone());
        totals
    }

    /// Who is winning: `Some(side)`, or `None` for a Standoff.
    fn winning(&self, board: &ClashBoard) -> Option<Side> {
        let key = |side: Side| {
            (
                self.total(board, side),
                board.pile(Pile::Battle(side)).len(),
            )
        };
        let (light, dark) = (key(Side::Light), key(Side::Dark));
        match light.cmp(&dark) {
            std::cmp::Ordering::Greater => Some(Side::Light),
            std::cmp::Ordering::Less => Some(Side::Dark),
            std::cmp::Ordering::Equal => None,
        }
    }

    fn status(&mut self, board: &ClashBoard) {
        let winning = self.winning(board);
        self.emit(
            ClashEvent::ClashStatus {
                light_total: self.total(board, Side::Light),
                dark_total: self.total(board, Side::Dark),
                light_cards: board.pile(Pile::Battle(Side::Light)).len(),
                dark_cards: board.pile(Pile::Battle(Side::Dark)).len(),
                winning,
            },
            &[WINNING],
            Vec::new(),
        );
    }

    /// Applies a Special card just played; returns `Some(winner)` if it ends the battle.
    fn special(&mut self, board: &mut ClashBoard, side: Side, id: CardId) -> Option<Option<Side>> {
        let card = board.card(id)?.clone();
        let ClashCard::Special(name) = &card else {
            return None;
        };
        let Some((effect, source)) = Self::effect(board, &card).cloned() else {
            self.missing = Some(MissingFact::SpecialEffect {
                card: name.to_string(),
            });
            return None;
        };
        // The effect's event comes before what it causes (a reshuffle while drawing).
        let position = self.pending.len();
        let (source_text, mut cites) = match &source {
            EffectSource::Rulebook { rule } => (
                "printed in the rulebook".to_string(),
                vec![SPECIAL_CARD, *rule],
            ),
            EffectSource::Reading { rule, note } => (
                format!("a reading of the rulebook, not card text: {note}"),
                vec![SPECIAL_CARD, *rule],
            ),
            EffectSource::Scenario => {
                ("as the scenario defines it".to_string(), vec![SPECIAL_CARD])
            }
        };
        let mut parts = Vec::new();
        let mut moves = Vec::new();
        let opponent = side.opponent();
        if let Some(attack) = effect.attack {
            parts.push(format!("Attack Value {attack}"));
        }
        match effect.double {
            Some(DoubleScope::Own) => parts.push(format!(
                "doubles the Attack Value of {}'s cards in this battle",
                player_name(side)
            )),
            Some(DoubleScope::All) => {
                parts.push("doubles the Attack Value of all cards in this battle".to_string())
            }
            None => {}
        }
        if let Some(count) = effect.draw {
            let drawn = self.draw(board, side, count.u32() as usize, &mut moves);
            parts.push(format!(
                "{} draws {drawn} card{}",
                player_name(side),
                if drawn == 1 { "" } else { "s" }
            ));
        }
        if effect.discard_low {
            let low: Vec<CardId> = board
                .pile(Pile::Hand(side))
                .iter()
                .copied()
                .filter(|id| matches!(board.card(*id), Some(ClashCard::Power(1 | 2))))
                .collect();
            for id in &low {
                Self::transfer(board, *id, Pile::Discard(side), &mut moves);
            }
            parts.push(format!(
                "{} discards {} Attack 1 and 2 card{}",
                player_name(side),
                low.len(),
                if low.len() == 1 { "" } else { "s" }
            ));
        }
        if effect.cancel_last
            && let Some(last) = board.pile(Pile::Battle(opponent)).last().copied()
        {
            let name = board.card(last).map(ClashCard::name).unwrap_or_default();
            Self::transfer(board, last, Pile::Discard(opponent), &mut moves);
            parts.push(format!("{}'s {name} is discarded", player_name(opponent)));
        }
        if let Some(count) = effect.drain {
            let drained: Vec<CardId> = board
                .pile(Pile::Hand(opponent))
                .iter()
                .copied()
                .take(count.u32() as usize)
                .collect();
            for id in &drained {
                Self::transfer(board, *id, Pile::Discard(opponent), &mut moves);
            }
            parts.push(format!(
                "{} discards {} card{} from his hand",
                player_name(opponent),
                drained.len(),
                if drained.len() == 1 { "" } else { "s" }
            ));
        }
        let mut ends = None;
        if effect.retreat {
            let others: Vec<CardId> = board
                .pile(Pile::Battle(side))
                .iter()
                .copied()
                .filter(|other| *other != id)
                .collect();
            for other in &others {
                Self::transfer(board, *other, Pile::Hand(side), &mut moves);
            }
            parts.push(format!(
                "{} takes {} card{} back into his hand and concedes the battle",
                player_name(side),
                others.len(),
                if others.len() == 1 { "" } else { "s" }
            ));
            ends = Some(Some(opponent));
            cites.push(CONCEDED_CARDS);
        }
        if parts.is_empty() {
            parts.push("no effect".to_string());
        }
        self.emit(
            ClashEvent::ClashSpecialEffect {
                side,
                card: name.clone(),
                effect: parts.join("; "),
                source: source_text,
            },
            cites,
            moves,
        );
        {
            self.pending.move_last_to(position);
        }
        ends
    }

    fn option(board: &ClashBoard, id: CardId, cites: &'static [Citation]) -> DecisionOption {
        let card = board.card(id).cloned().unwrap_or(ClashCard::Power(0));
        DecisionOption {
            label: card.name(),
            card: Some(id),
            name: Some(card.name()),
            aliases: Vec::new(),
            destiny: match card {
                ClashCard::Power(value) => Some(value),
                ClashCard::Special(_) => None,
            },
            declines: false,
            cites: Cow::Borrowed(cites),
        }
    }

    fn concede_option(cites: &'static [Citation]) -> DecisionOption {
        DecisionOption {
            label: Cow::Borrowed("concede the battle"),
            card: None,
            name: Some(Cow::Borrowed("concede")),
            aliases: Vec::new(),
            destiny: None,
            declines: true,
            cites: Cow::Borrowed(cites),
        }
    }

    /// The cards of a hand to choose from, identical cards (of one value, or one Special
    /// card) one option, the others its repeats ([`Decision::more`]).
    fn hand_options(
        board: &ClashBoard,
        side: Side,
        cites: &'static [Citation],
    ) -> (Vec<DecisionOption>, crate::engine::Repeats) {
        let hand = board.hand_kinds(side);
        debug_assert!(
            hand.cards()
                .eq(board.pile(Pile::Hand(side)).iter().copied()),
            "the hand's kinds are kept as the hand"
        );
        hand.options(Vec::new(), |_, _| true, |id| Self::option(board, id, cites))
    }

    /// Plays a card from the hand into the battle, applying a Special card.
    fn play(
        &mut self,
        board: &mut ClashBoard,
        side: Side,
        id: CardId,
        simultaneous: bool,
    ) -> Option<Option<Side>> {
        let mut moves = Vec::new();
        Self::transfer(board, id, Pile::Battle(side), &mut moves);
        let name = board.card(id).map(ClashCard::name).unwrap_or_default();
        let cites: &[Citation] = if simultaneous {
            &[STANDOFF]
        } else {
            &[LOSING_PLAYER]
        };
        self.emit(
            ClashEvent::ClashPlay {
                side,
                card: name.into_owned(),
                simultaneous,
            },
            cites,
            moves,
        );
        self.special(board, side, id)
    }

    fn end_battle(&mut self, board: &mut ClashBoard, winner: Option<Side>) {
        let mut moves = Vec::new();
        match winner {
            Some(winner) => {
                let loser = winner.opponent();
                Self::transfer_all(board, Pile::Battle(loser), Pile::Discard(loser), &mut moves);
                Self::transfer_all(board, Pile::Battle(winner), Pile::Won(winner), &mut moves);
                *board.won_mut(winner) += 1;
            }
            None => {
                for side in [Side::Light, Side::Dark] {
                    Self::transfer_all(board, Pile::Battle(side), Pile::Discard(side), &mut moves);
                }
            }
        }
        let cites: &[Citation] = match winner {
            Some(_) => &[BATTLE_ENDS, CONCEDED_CARDS],
            None => &[BATTLE_ENDS, DRAW],
        };
        self.result.battles.push(BattleOutcome {
            round: board.round,
            battle: board.battle,
            winner,
        });
        self.emit(
            ClashEvent::ClashBattleEnd {
                round: board.round,
                battle: board.battle,
                winner,
            },
            cites,
            moves,
        );
    }

    fn next_step(&mut self, board: &mut ClashBoard) -> Option<(Decision, bool)> {
        match self.phase {
            Phase::Setup => {
                for side in [Side::Light, Side::Dark] {
                    self.shuffle_pile(board, Pile::Draw(side));
                    let mut moves = Vec::new();
                    let dealt = self.draw(board, side, 7, &mut moves);
                    self.emit(
                        ClashEvent::ClashDealt { side, count: dealt },
                        &[ROUND_START],
                        moves,
                    );
                }
                self.phase = Phase::Plan(Side::Light, 1);
            }
            Phase::Plan(side, battle) => {
                let next = match (side, battle) {
                    (Side::Light, 3) => Phase::Plan(Side::Dark, board.battle),
                    (Side::Light, n) => Phase::Plan(Side::Light, n + 1),
                    (Side::Dark, 3) => Phase::BattleStart,
                    (Side::Dark, n) => Phase::Plan(Side::Dark, n + 1),
                };
                if battle < board.battle
                    || !board.pile(Pile::Planned(side, battle)).is_empty()
                    || board.pile(Pile::Hand(side)).is_empty()
                {
                    self.phase = next;
                    return None;
                }
                let (options, more) = Self::hand_options(board, side, &[ROUND_START]);
                return Some((
                    Decision {
                        kind: super::decisions::CLASH_PLAN,
                        who: side,
                        prompt: format!(
                            "{} plans a card face down for battle {battle}",
                            player_name(side)
                        ),
                        options,
                        more,
                    },
                    false,
                ));
            }
            Phase::BattleStart => {
                let cites: &[Citation] = if board.battle > 1 {
                    &[NEXT_BATTLE, FLIP]
                } else {
                    &[FLIP]
                };
                self.emit(
                    ClashEvent::ClashBattleBegins {
                        round: board.round,
                        battle: board.battle,
                    },
                    cites,
                    Vec::new(),
                );
                let mut flipped = Vec::new();
                for side in [Side::Light, Side::Dark] {
                    let planned = board
                        .pile(Pile::Planned(side, board.battle))
                        .first()
                        .copied();
                    let mut moves = Vec::new();
                    if let Some(id) = planned {
                        Self::transfer(board, id, Pile::Battle(side), &mut moves);
                    }
                    let card = planned
                        .and_then(|id| board.card(id))
                        .map(|card| card.name().into_owned());
                    self.emit(ClashEvent::ClashFlip { side, card }, &[FLIP], moves);
                    flipped.push(planned);
                }
                let specials: Vec<bool> = flipped
                    .iter()
                    .map(|id| {
                        id.and_then(|id| board.card(id))
                            .is_some_and(ClashCard::is_special)
                    })
                    .collect();
                if specials == [true, true] {
                    self.cancel(board);
                    self.phase = Phase::Simultaneous {
                        light: None,
                        after_cancel: true,
                    };
                    return None;
                }
                for (side, id) in [Side::Light, Side::Dark].into_iter().zip(flipped) {
                    if let Some(id) = id
                        && let Some(ends) = self.special(board, side, id)
                    {
                        self.phase = Phase::End(ends);
                        return None;
                    }
                }
                if self.missing.is_some() {
                    return None;
                }
                self.offered.clear();
                self.phase = Phase::Status;
                self.status(board);
            }
            Phase::Status => {
                let winning = self.winning(board);
                // A player may try to concede while winning or in a Standoff: refused.
                let offer_to: Vec<Side> = match winning {
                    Some(winner) => vec![winner],
                    None => vec![Side::Light, Side::Dark],
                };
                for side in offer_to {
                    if !self.offered.contains(&side) {
                        self.offered.push(side);
                        return Some((
                            Decision {
                                kind: super::decisions::CLASH_CONCEDE_OFFER,
                                who: side,
                                prompt: format!("{} may try to concede", player_name(side)),
                                options: vec![
                                    DecisionOption {
                                        label: Cow::Borrowed("go on"),
                                        card: None,
                                        name: Some(Cow::Borrowed("go on")),
                                        aliases: Vec::new(),
                                        destiny: None,
                                        declines: true,
                                        cites: Cow::Borrowed(&[CONCEDING]),
                                    },
                                    DecisionOption {
                                        label: Cow::Borrowed("try to concede the battle"),
                                        card: None,
                                        name: Some(Cow::Borrowed("try-concede")),
                                        aliases: Vec::new(),
                                        destiny: None,
                                        declines: false,
                                        cites: Cow::Borrowed(&[CONCEDING]),
                                    },
                                ],
                                more: crate::engine::Repeats::default(),
                            },
                            true,
                        ));
                    }
                }
                match winning {
                    Some(winner) => {
                        let loser = winner.opponent();
                        if board.pile(Pile::Hand(loser)).is_empty() {
                            self.emit(
                                ClashEvent::ClashConcede {
                                    side: loser,
                                    forced: true,
                                },
                                &[MUST_CONCEDE, CONCEDING],
                                Vec::new(),
                            );
                            self.phase = Phase::End(Some(winner));
                            return None;
                        }
                        let (mut options, more) =
                            Self::hand_options(board, loser, &[LOSING_PLAYER]);
                        options.push(Self::concede_option(&[LOSING_PLAYER, CONCEDING]));
                        return Some((
                            Decision {
                                kind: super::decisions::CLASH_PLAY,
                                who: loser,
                                prompt: format!(
                                    "{} is losing the battle: he plays a card or concedes",
                                    player_name(loser)
                                ),
                                options,
                                more,
                            },
                            false,
                        ));
                    }
                    None => {
                        self.phase = Phase::Simultaneous {
                            light: None,
                            after_cancel: false,
                        };
                    }
                }
            }
            Phase::Simultaneous {
                light,
                after_cancel,
            } => {
                let light_cards = board.pile(Pile::Hand(Side::Light)).len();
                let dark_cards = board.pile(Pile::Hand(Side::Dark)).len();
                match (light_cards, dark_cards) {
                    (0, 0) if light.is_none() => {
                        // A draw: a Standoff with both hands empty.
                        self.phase = Phase::End(None);
                    }
                    (0, _) | (_, 0) if light.is_none() => {
                        let side = if light_cards == 0 {
                            Side::Dark
                        } else {
                            Side::Light
                        };
                        if !self.must_play_said {
                            self.must_play_said = true;
                            self.emit(
                                ClashEvent::ClashMustPlay { side },
                                &[STANDOFF_OUT],
                                Vec::new(),
                            );
                        }
                        let (options, more) = Self::hand_options(board, side, &[STANDOFF_OUT]);
                        return Some((
                            Decision {
                                kind: super::decisions::CLASH_STANDOFF_PLAY,
                                who: side,
                                prompt: format!(
                                    "{} must play a card: his opponent is out of cards",
                                    player_name(side)
                                ),
                                options,
                                more,
                            },
                            false,
                        ));
                    }
                    _ => {
                        let side = if light.is_none() {
                            Side::Light
                        } else {
                            Side::Dark
                        };
                        let cites: &[Citation] = if after_cancel {
                            &[SPECIALS_CANCEL, STANDOFF]
                        } else {
                            &[STANDOFF]
                        };
                        let (options, more) = Self::hand_options(board, side, cites);
                        return Some((
                            Decision {
                                kind: super::decisions::CLASH_STANDOFF_PLAY,
                                who: side,
                                prompt: format!(
                                    "{} chooses a card to play at the same time as his opponent",
                                    player_name(side)
                                ),
                                options,
                                more,
                            },
                            false,
                        ));
                    }
                }
            }
            Phase::End(winner) => {
                self.end_battle(board, winner);
                self.phase = match self.action {
                    ClashAction::Battle => Phase::Done,
                    _ if board.battle < 3 => {
                        board.battle += 1;
                        Phase::BattleStart
                    }
                    _ => Phase::RoundEnd,
                };
            }
            Phase::RoundEnd => {
                let (light, dark) = (board.won_light, board.won_dark);
                let (mover, steps) = match light.cmp(&dark) {
                    std::cmp::Ordering::Greater => {
                        (Some(Side::Light), if light == 3 { 2 } else { 1 })
                    }
                    std::cmp::Ordering::Less => (Some(Side::Dark), if dark == 3 { 2 } else { 1 }),
                    std::cmp::Ordering::Equal => (None, 0),
                };
                if let Some(side) = mover {
                    let track = board.track_mut(side);
                    *track = (*track + steps).min(5);
                }
                let mut moves = Vec::new();
                for side in [Side::Light, Side::Dark] {
                    for id in board.pile(Pile::Won(side)).to_vec() {
                        Self::transfer(board, id, Pile::Discard(side), &mut moves);
                    }
                }
                self.result.moves.push((board.round, mover, steps));
                self.emit(
                    ClashEvent::ClashRoundEnd {
                        round: board.round,
                        light_won: light,
                        dark_won: dark,
                        mover,
                        steps,
                        light_track: board.track_light,
                        dark_track: board.track_dark,
                    },
                    &[ROUND_SCORING, COLLECT],
                    moves,
                );
                board.won_light = 0;
                board.won_dark = 0;
                self.rounds_played += 1;
                let winner = [Side::Light, Side::Dark]
                    .into_iter()
                    .find(|side| board.track(*side) >= 5);
                self.phase = match (self.action, winner) {
                    (_, Some(winner)) => {
                        self.result.game_winner = Some(winner);
                        self.emit(
                            ClashEvent::ClashGameWon {
                                winner,
                                round: board.round,
                            },
                            &[WINNING_THE_GAME],
                            Vec::new(),
                        );
                        Phase::Done
                    }
                    (ClashAction::Game, None) if self.rounds_played >= 200 => {
                        self.missing = Some(MissingFact::Inconsistent(
                            "the game went on for 200 rounds without a winner",
                        ));
                        Phase::Done
                    }
                    (ClashAction::Game, None) => Phase::NewRound,
                    _ => Phase::Done,
                };
            }
            Phase::NewRound => {
                board.round += 1;
                board.battle = 1;
                let mut moves = Vec::new();
                let light_drew = self.draw(board, Side::Light, 7, &mut moves);
                let dark_drew = self.draw(board, Side::Dark, 7, &mut moves);
                self.emit(
                    ClashEvent::ClashNewRound {
                        round: board.round,
                        light_drew,
                        dark_drew,
                    },
                    &[NEW_ROUND, KEEP_HAND],
                    moves,
                );
                self.phase = Phase::Plan(Side::Light, 1);
            }
            Phase::Done => {}
        }
        None
    }

    /// Two Special cards played at once cancel: both are discarded.
    fn cancel(&mut self, board: &mut ClashBoard) {
        let mut moves = Vec::new();
        let mut names = Vec::new();
        for side in [Side::Light, Side::Dark] {
            if let Some(id) = board.pile(Pile::Battle(side)).last().copied() {
                names.push(board.card(id).map(ClashCard::name).unwrap_or_default());
                Self::transfer(board, id, Pile::Discard(side), &mut moves);
            }
        }
        let light = names.first().cloned().unwrap_or_default();
        let dark = names.get(1).cloned().unwrap_or_default();
        self.emit(
            ClashEvent::ClashSpecialsCancel {
                light: light.into_owned(),
                dark: dark.into_owned(),
            },
            &[SPECIALS_CANCEL],
            moves,
        );
    }
}

impl Procedure for ClashEngine {
    type Table = ClashBoard;
    type Event = ClashEvent;
    type Result = ClashResult;

    fn result(&self) -> &ClashResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<ClashEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut ClashBoard) -> Result<Next, MissingFact> {
        if let Some(fact) = self.missing.take() {
            self.phase = Phase::Done;
            return Err(fact);
        }
        if self.phase == Phase::Done {
            self.result.track_light = board.track_light;
            self.result.track_dark = board.track_dark;
            return Ok(Next::Done);
        }
        match self.next_step(board) {
            // What happened first, then the fact found missing; the decision is not asked.
            Some(_) if self.missing.is_some() && !self.pending.is_empty() => Ok(Next::Continue),
            Some((decision, true)) => Ok(Next::Offer(decision)),
            Some((decision, false)) => Ok(Next::Decide(decision)),
            None => Ok(Next::Continue),
        }
    }

    fn listed(&self, board: &ClashBoard, decision: &Decision) -> Decision {
        // Every decision with repeats is over the hand of the player who makes it.
        board.hand_kinds(decision.who).relisted(decision)
    }

    fn answer(&mut self, board: &mut ClashBoard, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let side = decision.who;
        match decision.kind {
            super::decisions::CLASH_PLAN => {
                if let (Some(id), Phase::Plan(_, battle)) = (option.card, self.phase) {
                    let mut moves = Vec::new();
                    Self::transfer(board, id, Pile::Planned(side, battle), &mut moves);
                    let card = board.card(id).map(ClashCard::name).unwrap_or_default();
                    self.emit(
                        ClashEvent::ClashPlanned {
                            side,
                            battle,
                            card: card.into_owned(),
                        },
                        &[ROUND_START],
                        moves,
                    );
                }
            }
            super::decisions::CLASH_CONCEDE_OFFER if !option.declines => {
                self.emit(
                    ClashEvent::ClashConcessionRefused {
                        side,
                        standoff: self.winning(board).is_none(),
                    },
                    &[CONCEDING],
                    Vec::new(),
                );
            }
            super::decisions::CLASH_PLAY => match option.card {
                None => {
                    self.emit(
                        ClashEvent::ClashConcede {
                            side,
                            forced: false,
                        },
                        &[CONCEDING],
                        Vec::new(),
                    );
                    self.phase = Phase::End(Some(side.opponent()));
                }
                Some(id) => {
                    self.offered.clear();
                    match self.play(board, side, id, false) {
                        Some(ends) => self.phase = Phase::End(ends),
                        None if self.missing.is_some() => {}
                        None => {
                            self.phase = Phase::Status;
                            self.status(board);
                        }
                    }
                }
            },
            super::decisions::CLASH_STANDOFF_PLAY => {
                let Some(id) = option.card else { return };
                let Phase::Simultaneous {
                    light,
                    after_cancel,
                } = self.phase
                else {
                    return;
                };
                let others_empty = board.pile(Pile::Hand(side.opponent())).is_empty();
                if side == Side::Light && light.is_none() && !others_empty {
                    // Wait for the Dark Side's card: both are played at the same time.
                    self.phase = Phase::Simultaneous {
                        light: Some(id),
                        after_cancel,
                    };
                    return;
                }
                self.offered.clear();
                self.must_play_said = false;
                let mut played = Vec::new();
                if let Some(light) = light {
                    played.push((Side::Light, light));
                }
                played.push((side, id));
                let specials = played
                    .iter()
                    .filter(|(_, id)| board.card(*id).is_some_and(ClashCard::is_special))
                    .count();
                for (who, id) in &played {
                    let mut moves = Vec::new();
                    Self::transfer(board, *id, Pile::Battle(*who), &mut moves);
                    let name = board.card(*id).map(ClashCard::name).unwrap_or_default();
                    let cites: &[Citation] = if played.len() == 1 {
                        &[STANDOFF_OUT]
                    } else {
                        &[STANDOFF]
                    };
                    self.emit(
                        ClashEvent::ClashPlay {
                            side: *who,
                            card: name.into_owned(),
                            simultaneous: played.len() == 2,
                        },
                        cites,
                        moves,
                    );
                }
                if specials == 2 {
                    self.cancel(board);
                    self.phase = Phase::Simultaneous {
                        light: None,
                        after_cancel: true,
                    };
                    return;
                }
                for (who, id) in played {
                    if let Some(ends) = self.special(board, who, id) {
                        self.phase = Phase::End(ends);
                        return;
                    }
                }
                if self.missing.is_some() {
                    return;
                }
                self.phase = Phase::Status;
                self.status(board);
            }
            _ => {}
        }
    }
}
