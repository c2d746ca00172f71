//! A list of cards kept grouped by kind as cards leave and join it, so that a decision over a long list (a battle plan being made, a hand played out) costs its kinds, not its cards.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{Decision, DecisionOption, Repeats};
use crate::board::CardId;

/// Cards in an order, grouped by a kind (`K`) as [`Decision::grouped`] groups them: each card
/// has a place that rises along the list and never moves, so that taking a card out or putting
/// one at the end touches that card alone.
#[derive(Clone, Debug)]
pub struct KindList<K> {
    /// Every card listed, by its place.
    by_place: BTreeMap<u64, CardId>,
    /// Each card's place and kind (an index into `kinds`).
    of_card: HashMap<CardId, (u64, usize)>,
    /// Each kind ever listed, with the places of its cards listed now.
    kinds: Vec<(K, BTreeSet<u64>)>,
    /// The kind of each key.
    by_key: BTreeMap<K, usize>,
    /// The kinds that have cards, by the place of their first card: the order of
    /// [`Decision::grouped`]'s options.
    firsts: BTreeMap<u64, usize>,
    /// The place the next card put at the end takes.
    next: u64,
}

impl<K> Default for KindList<K> {
    fn default() -> KindList<K> {
        KindList {
            by_place: BTreeMap::new(),
            of_card: HashMap::new(),
            kinds: Vec::new(),
            by_key: BTreeMap::new(),
            firsts: BTreeMap::new(),
            next: 0,
        }
    }
}

impl<K: Ord + Clone> KindList<K> {
    /// The list of `cards` in that order, each of the kind `key` gives it.
    pub fn new(cards: impl IntoIterator<Item = CardId>, key: impl Fn(CardId) -> K) -> Self {
        let mut list = KindList::default();
        for card in cards {
            list.push(card, key(card));
        }
        list
    }

    /// Puts `card` at the end, of kind `key`; a card listed already stays where it is.
    pub fn push(&mut self, card: CardId, key: K) {
        if self.of_card.contains_key(&card) {
            return;
        }
        let place = self.next;
        self.next += 1;
        let kind = match self.by_key.get(&key) {
            Some(kind) => *kind,
            None => {
                self.kinds.push((key.clone(), BTreeSet::new()));
                let kind = self.kinds.len() - 1;
                self.by_key.insert(key, kind);
                kind
            }
        };
        if let Some((_, places)) = self.kinds.get_mut(kind) {
            if places.is_empty() {
                self.firsts.insert(place, kind);
            }
            places.insert(place);
        }
        self.by_place.insert(place, card);
        self.of_card.insert(card, (place, kind));
    }

    /// Takes `card` out, if listed; says whether it was.
    pub fn remove(&mut self, card: CardId) -> bool {
        let Some((place, kind)) = self.of_card.remove(&card) else {
            return false;
        };
        self.by_place.remove(&place);
        if let Some((_, places)) = self.kinds.get_mut(kind) {
            let was_first = places.first() == Some(&place);
            places.remove(&place);
            if was_first {
                self.firsts.remove(&place);
                if let Some(first) = places.first() {
                    self.firsts.insert(*first, kind);
                }
            }
        }
        true
    }

    /// How many cards are listed.
    pub fn len(&self) -> usize {
        self.by_place.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_place.is_empty()
    }

    /// The first card listed.
    pub fn first_card(&self) -> Option<CardId> {
        self.by_place.values().next().copied()
    }

    /// The last card listed.
    pub fn last_card(&self) -> Option<CardId> {
        self.by_place.values().next_back().copied()
    }

    /// Every card listed, in order.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.by_place.values().copied()
    }

    /// The first card of each kind, with the key and how many cards the kind has, in the order
    /// of those first cards.
    pub fn firsts(&self) -> impl Iterator<Item = (CardId, &K, usize)> + '_ {
        self.firsts.iter().filter_map(|(place, kind)| {
            let card = self.by_place.get(place)?;
            let (key, places) = self.kinds.get(*kind)?;
            Some((*card, key, places.len()))
        })
    }

    /// The options of [`Decision::grouped`] over the cards `keep` keeps, after `first`, their
    /// repeats unlisted: `make` builds an option for each kind's first card. `keep` is asked
    /// of each kind's first card alone, and must keep a kind's cards all or none.
    pub fn options(
        &self,
        first: Vec<DecisionOption>,
        keep: impl Fn(CardId, &K) -> bool,
        mut make: impl FnMut(CardId) -> DecisionOption,
    ) -> (Vec<DecisionOption>, Repeats) {
        let mut options = first;
        let mut unlisted = Vec::new();
        for (card, key, count) in self.firsts() {
            if keep(card, key) {
                if count > 1 {
                    unlisted.push((options.len(), count - 1));
                }
                options.push(make(card));
            }
        }
        (
            options,
            Repeats {
                listed: Vec::new(),
                unlisted: unlisted.into_boxed_slice(),
            },
        )
    }

    /// [`KindList::options`] with every repeat listed, as [`Decision::grouped`] lists them.
    fn listed(
        &self,
        first: Vec<DecisionOption>,
        keep: impl Fn(CardId, &K) -> bool,
        make: impl FnMut(CardId) -> DecisionOption,
    ) -> (Vec<DecisionOption>, Repeats) {
        let kind_of = |card: CardId| {
            self.of_card
                .get(&card)
                .and_then(|(_, kind)| self.kinds.get(*kind))
                .map(|(key, _)| key)
        };
        Decision::grouped(
            first,
            self.cards()
                .filter(|card| kind_of(*card).is_some_and(|key| keep(*card, key))),
            |card| kind_of(card).cloned(),
            make,
        )
    }

    /// `decision`, whose options about cards were made by [`KindList::options`] over this
    /// list, between options of its own before and after them, with every repeat listed: its
    /// options as they are, with the repeats [`Decision::grouped`] lists. The kinds it kept
    /// are those whose first card has an option.
    pub fn relisted(&self, decision: &Decision) -> Decision {
        let about_a_listed_card = |option: &DecisionOption| {
            option
                .card
                .is_some_and(|card| self.of_card.contains_key(&card))
        };
        let before = decision
            .options
            .iter()
            .position(about_a_listed_card)
            .unwrap_or(decision.options.len());
        let after = decision
            .options
            .iter()
            .rposition(about_a_listed_card)
            .map_or(before, |last| last + 1);
        let of_card: HashMap<CardId, &DecisionOption> = decision.options[before..after]
            .iter()
            .filter_map(|option| option.card.map(|card| (card, option)))
            .collect();
        let (mut options, more) = self.listed(
            decision.options[..before].to_vec(),
            |card, _| {
                self.first_of_kind(card)
                    .is_some_and(|first| of_card.contains_key(&first))
            },
            |card| {
                of_card.get(&card).map_or_else(
                    || DecisionOption::about_card("", card, None, Vec::new()),
                    |option| (*option).clone(),
                )
            },
        );
        options.extend(decision.options[after..].iter().cloned());
        Decision {
            kind: decision.kind,
            who: decision.who,
            prompt: decision.prompt.clone(),
            options,
            more,
        }
    }

    /// The first card of `card`'s kind.
    fn first_of_kind(&self, card: CardId) -> Option<CardId> {
        let (_, kind) = self.of_card.get(&card)?;
        let (_, places) = self.kinds.get(*kind)?;
        self.by_place.get(places.first()?).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::DecisionKind;
    use crate::engine::decisions::{self, PolicyRole, Volunteer};
    use proptest::prelude::*;

    const KIND: DecisionKind = DecisionKind {
        name: "plan",
        script: decisions::PLAN,
        policy: PolicyRole::First,
        volunteer: Volunteer::Never,
        declines_as: "none",
        declines_only_as_itself: false,
    };

    fn option(card: CardId) -> DecisionOption {
        DecisionOption {
            label: format!("card {}", card.0).into(),
            card: Some(card),
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: false,
            cites: std::borrow::Cow::Borrowed(&[]),
        }
    }

    /// 256 cases from a fixed seed, unless `PROPTEST_RNG_SEED` or `PROPTEST_CASES` says
    /// otherwise (the longer random runs of the README).
    fn config() -> ProptestConfig {
        let mut config = ProptestConfig::with_cases(256);
        if std::env::var_os("PROPTEST_CASES").is_some() {
            config.cases = ProptestConfig::default().cases;
        }
        if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(46);
        }
        config
    }

    proptest! {
        #![proptest_config(config())]

        /// Cards of a few kinds, taken out and put at the end in any order: the options are
        /// those of `Decision::grouped` over the list as it stands, the repeats are as many as
        /// it lists, and the listing is its listing.
        #[test]
        fn the_options_kept_card_by_card_are_the_options_grouped_anew(
            kinds in proptest::collection::vec(0u8..4, 0..40),
            changes in proptest::collection::vec((any::<bool>(), 0usize..60, 0u8..4), 0..60),
        ) {
            let mut key_of: HashMap<CardId, u8> = HashMap::new();
            let mut list: Vec<CardId> = Vec::new();
            for (at, kind) in kinds.iter().enumerate() {
                let card = CardId(at as u32);
                key_of.insert(card, *kind);
                list.push(card);
            }
            let mut kept = KindList::new(list.iter().copied(), |card| key_of[&card]);
            let mut fresh = kinds.len() as u32;
            for (take, at, kind) in changes {
                if take && !list.is_empty() {
                    let card = list.remove(at % list.len());
                    prop_assert!(kept.remove(card));
                    prop_assert!(!kept.remove(card));
                } else {
                    let card = CardId(fresh);
                    fresh += 1;
                    key_of.insert(card, kind);
                    list.push(card);
                    kept.push(card, kind);
                }
                let keep = |_: CardId, key: &u8| *key != 3;
                let grouped = Decision::grouped(
                    Vec::new(),
                    list.iter().copied().filter(|card| keep(*card, &key_of[card])),
                    |card| key_of[&card],
                    option,
                );
                let (options, repeats) = kept.options(Vec::new(), keep, option);
                prop_assert_eq!(&options, &grouped.0);
                prop_assert_eq!(repeats.of_each(options.len()), grouped.1.of_each(options.len()));
                prop_assert_eq!(repeats.len(), grouped.1.listed.len());
                prop_assert_eq!(kept.listed(Vec::new(), keep, option), grouped);
                prop_assert_eq!(kept.len(), list.len());
                // A decision made of the options, with an option before and one after, lists
                // its repeats as the grouping does, and keeps the two where they were.
                let around = |at: u32| DecisionOption { card: None, ..option(CardId(at)) };
                let (mut made, repeats) = kept.options(vec![around(1000)], keep, option);
                made.push(around(1001));
                let decision = Decision {
                    kind: &KIND,
                    who: crate::cards::Side::Light,
                    prompt: String::new(),
                    options: made,
                    more: repeats,
                };
                let (mut every, listed) = Decision::grouped(
                    vec![around(1000)],
                    list.iter().copied().filter(|card| keep(*card, &key_of[card])),
                    |card| key_of[&card],
                    option,
                );
                every.push(around(1001));
                let relisted = kept.relisted(&decision);
                prop_assert_eq!(&relisted.options, &every);
                prop_assert_eq!(&relisted.more, &listed);
                prop_assert_eq!(kept.cards().collect::<Vec<_>>(), list.clone());
            }
        }
    }
}
