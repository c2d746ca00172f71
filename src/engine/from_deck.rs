//! Deploying a card from the draw deck by game text, shared by the procedures that do it (a
//! character's "when he deploys" text, the Objective's match): the search, the decision,
//! and the penalty after the reshuffle.

use super::decisions::{Answer, DecisionKind, PolicyRole, ScriptKey, Volunteer};
use std::collections::BTreeMap;

use serde::Serialize;

use crate::board::{Board, CardId, Zone};
use crate::cards::{Card, Side};
use crate::rules::{Citation, cite};

use super::damage::{self, Taken};
use super::{Decision, DecisionOption, Pending};
use crate::random::Random;

/// The key that answers it.
pub const FETCH_KEY: &ScriptKey = &ScriptKey {
    key: "fetch",
    answer: Answer::Name,
    about: "Deploying from the draw deck: the card he deploys by his card's game text, or\n`none` (he changed his mind).",
    leftover_unasked: false,
};

/// Deploying from the draw deck: which matching card, or none.
pub const FETCH: &DecisionKind = &DecisionKind {
    name: "fetch",
    script: FETCH_KEY,
    policy: PolicyRole::First,
    volunteer: Volunteer::Never,
    declines_as: "none",
    declines_only_as_itself: false,
};

pub(crate) const ONE_COPY: Citation = cite("deploy-from-deck.one-copy");
pub(crate) const COUNTERS: Citation = cite("deploy-from-deck.counters");
pub(crate) const RESHUFFLE: Citation = cite("deploy-from-deck.reshuffle");
pub(crate) const PENALTY: Citation = cite("deploy-from-deck.penalty");

/// Why no card came from the draw deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NotFetched {
    /// No card of the deck matches.
    NoneFound,
    /// Every match costs more than the counters left.
    CannotPay,
    /// He chose not to.
    ChangedHisMind,
}

/// What a search of the draw deck found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Search {
    /// Each title found (its first copy from the top), with how many copies the deck holds.
    pub found: Vec<(String, usize)>,
    /// Matches that cost more than the counters left, with their cost.
    pub too_dear: Vec<(String, u32)>,
    /// The matches he can pay for, the first copy of each title, with their cost.
    pub choices: Vec<(CardId, u32)>,
}

impl Search {
    /// Why nothing can be deployed, where nothing can.
    pub fn none_possible(&self) -> Option<NotFetched> {
        match (self.choices.is_empty(), self.found.is_empty()) {
            (false, _) => None,
            (true, true) => Some(NotFetched::NoneFound),
            (true, false) => Some(NotFetched::CannotPay),
        }
    }

    /// What a card chosen from the search costs.
    pub fn cost_of(&self, id: CardId) -> u32 {
        self.choices
            .iter()
            .find(|(card, _)| *card == id)
            .map_or(0, |(_, cost)| *cost)
    }
}

/// Searches the draw deck of `side` for the cards `matches` accepts: one copy of each title
/// (the first from the top), what it costs, and whether the counters left pay for it
/// (`None`: they are not counted). `Err` is a fact to declare (a match's counters).
pub(crate) fn search(
    board: &Board,
    side: Side,
    counters_left: Option<u32>,
    mut matches: impl FnMut(CardId, &Card) -> bool,
    cost: impl Fn(&Card) -> Result<u32, super::MissingFact>,
) -> Result<Search, super::MissingFact> {
    let mut copies: BTreeMap<String, usize> = BTreeMap::new();
    let mut titles: Vec<String> = Vec::new();
    let mut search = Search::default();
    for &id in board.zone(Zone::DrawDeck(side)) {
        let Some(card) = board.card(id) else { continue };
        if !matches(id, card) {
            continue;
        }
        let name = card.shown_name();
        let count = copies.entry(name.clone()).or_default();
        *count = count.saturating_add(1);
        if *count > 1 {
            continue;
        }
        let price = cost(card)?;
        if counters_left.is_some_and(|left| price > left) {
            search.too_dear.push((name.clone(), price));
        } else {
            search.choices.push((id, price));
        }
        titles.push(name);
    }
    search.found = titles
        .into_iter()
        .map(|name| {
            let count = copies.get(&name).copied().unwrap_or(1);
            (name, count)
        })
        .collect();
    Ok(search)
}

/// The decision of a search: each match he can pay for, labelled by `label` (from the card's
/// name and cost) and resting on `cites`, or none, with the label and the rules of `none`.
pub(crate) fn decision(
    board: &Board,
    side: Side,
    search: &Search,
    prompt: String,
    label: impl Fn(&str, u32) -> String,
    cites: &'static [Citation],
    none: (&'static str, &'static [Citation]),
) -> Decision {
    let mut options: Vec<DecisionOption> = search
        .choices
        .iter()
        .map(|(id, cost)| {
            let card = board.card(*id);
            let name = card.map(Card::shown_name).unwrap_or_default();
            DecisionOption::about_card(label(&name, *cost), *id, card, cites)
        })
        .collect();
    options.push(DecisionOption {
        label: none.0.into(),
        card: None,
        name: None,
        aliases: Vec::new(),
        destiny: None,
        declines: true,
        cites: none.1.into(),
    });
    Decision {
        kind: FETCH,
        who: side,
        prompt,
        options,
        more: crate::engine::Repeats::default(),
    }
}

/// The events a procedure that deploys from the draw deck makes of the reshuffle after the
/// search and of the penalty, in its own event type, and the rule of deck victory it cites.
pub(crate) struct AfterSearchEvents<K> {
    pub reshuffled: fn(Side, usize) -> K,
    pub penalty: fn(Side, Taken) -> K,
    pub deck_victory: fn(Side) -> K,
    pub deck_victory_rule: Citation,
}

/// What the penalty of deploying nothing from the deck came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Penalised {
    /// The DAMAGE taken: the cards lost.
    pub damage: u32,
    /// The opponent, if the penalty took the last card of the draw deck.
    pub deck_victory: Option<Side>,
}

/// The reshuffle of the draw deck after a search and, where `penalised` (nothing was
/// deployed from it), the penalty: 1 DAMAGE, with the rules it rests on (the lap cards'
/// where it reaches them), and deck victory for the opponent if it took the last card.
pub(crate) fn reshuffle_after_search<K>(
    board: &mut Board,
    side: Side,
    random: &mut Random,
    laps_rule: bool,
    penalised: bool,
    pending: &mut Pending<K>,
    events: &AfterSearchEvents<K>,
) -> Option<Penalised> {
    let deck_size = super::shuffle_deck(board, side, random);
    pending.emit(
        (events.reshuffled)(side, deck_size),
        &[RESHUFFLE],
        Vec::new(),
        Vec::new(),
    );
    if !penalised {
        return None;
    }
    let mut moves = Vec::new();
    let taken = damage::take(board, side, 1, laps_rule, &mut moves, pending.words);
    let cites: Vec<Citation> = [Some(PENALTY), taken.lap_cards_cited()]
        .into_iter()
        .flatten()
        .collect();
    pending.emit((events.penalty)(side, taken), cites, Vec::new(), moves);
    let winner = taken.ran_out.then(|| side.opponent());
    if let Some(winner) = winner {
        pending.emit(
            (events.deck_victory)(winner),
            vec![events.deck_victory_rule],
            Vec::new(),
            Vec::new(),
        );
    }
    Some(Penalised {
        damage: u32::try_from(taken.lost).unwrap_or(u32::MAX),
        deck_victory: winner,
    })
}
