//! Deploying a card, and the card it may then deploy from the draw deck by its game text:
//! counters, the search, one copy, the reshuffle, the penalty and deck victory.

use super::section::DeployFile;
use crate::scenario::SectionFile;

use crate::board::{Board, CardId, Planet, Zone};
use crate::cards::{Card, CardType, DeployFetch, OnDeploy, Side};
use crate::legality::COUNTERS_PER_TURN;
use crate::random::Random;
use crate::rules::{Citation, cite};

use super::events::{DeployEvent, DeployRefusal, DeployResult};
use crate::engine::counters::{COUNTERS_UNCOUNTED, UNLIMITED, cost_of};
use crate::engine::effects::EFFECT_AT_ITS_PLANET;
pub use crate::engine::from_deck::NotFetched;
use crate::engine::from_deck::{self, COUNTERS, ONE_COPY, PENALTY, Search};
use crate::engine::{Assumption, Decision, MissingFact, Next, Pending, Procedure, describe_move};

const GAME_TEXT: Citation = cite("deploy-from-deck.game-text");
const HIDDEN: Citation = cite("deploy-from-deck.hidden");
const TITLE_RULE: Citation = cite("general.title-traits");
const DECK_VICTORY: Citation = cite("even-up.deck-victory-first");

/// The deploy's events of the reshuffle after the search and of the penalty.
const AFTER_SEARCH: from_deck::AfterSearchEvents<DeployEvent> = from_deck::AfterSearchEvents {
    reshuffled: |side, deck_size| DeployEvent::Reshuffled { side, deck_size },
    penalty: |side, taken| DeployEvent::Penalty { side, taken },
    deck_victory: |winner| DeployEvent::DeckVictory { winner },
    deck_victory_rule: DECK_VICTORY,
};

pub(crate) const FETCHED_FACE_UP: Assumption = Assumption {
    name: "fetched-card-face-up",
    text: "A card deployed from the draw deck by game text is deployed face up. The rule sources do not say.",
};
const FETCHED_HIDDEN: Assumption = Assumption {
    name: "fetched-card-face-up",
    text: "Set by the scenario to `hidden`: a card deployed from the draw deck by game text is deployed face down.",
};

/// No penalty where the text that would deploy from the draw deck cannot be used.
pub(crate) const TEXT_OFF_NO_PENALTY: Assumption = Assumption {
    name: "text-off-no-penalty",
    text: "A card deployed hidden, whose game text cannot be used, takes no penalty for deploying nothing from the draw deck: the penalty is for a card the text could have deployed, and the text is off. The rule sources do not say.",
};

/// A hidden card does not set off an Effect that acts when a card of a kind deploys.
pub(crate) const HIDDEN_SETS_OFF_NO_EFFECT: Assumption = Assumption {
    name: "hidden-deploy-sets-off-no-effect",
    text: "A card deployed hidden does not set off an Effect or a character of its player's whose text acts when a card of some kind deploys (Jedi Training, The Duel Begins, C-3PO, Human-Cyborg Relations Droid): what the card is stays unshown until it is turned face up. The rule sources do not say.",
};

/// Game text that takes a card from the draw deck into the hand, which the rules for
/// deploying from the draw deck do not cover.
pub(crate) const INTO_HAND: Assumption = Assumption {
    name: "into-hand-no-penalty",
    text: "Game text that takes a card from the draw deck into the hand (\"when she deploys, you may take X into hand from your draw deck\") is a search of the draw deck, reshuffled after it as the rules for deploying from the draw deck say of a search; the card costs no counters, since it is not deployed, and taking none costs no DAMAGE: the rules' penalty is for a card not deployed from the draw deck. The rule sources do not say.",
};
const INTO_HAND_PENALTY: Assumption = Assumption {
    name: "into-hand-no-penalty",
    text: "Set by the scenario to `one-damage`: game text that takes a card from the draw deck into the hand is a search like deploying from it, and taking none costs 1 DAMAGE after the reshuffle, as the penalty for deploying none does.",
};
/// Text that lets a player draw a card as a card deploys: whether he does.
pub(crate) const OPTIONAL_DRAW: Assumption = Assumption {
    name: "optional-draw",
    text: "A player whose card's text lets him draw cards as a card deploys (\"you may draw one card\") draws them: he would decline only to keep his draw deck from running out. The rule sources do not say which he does.",
};
const OPTIONAL_DRAW_DECLINED: Assumption = Assumption {
    name: "optional-draw",
    text: "Set by the scenario to `declines`: the player does not draw the cards his card's text lets him draw as it deploys.",
};
/// The value of `optional-draw` that declines the draw.
pub(crate) const DECLINES: &str = "declines";

/// The value of `into-hand-no-penalty` that takes the penalty.
pub(crate) const ONE_DAMAGE: &str = "one-damage";

/// The value of `fetched-card-face-up` that deploys the fetched card face down.
pub(crate) const FETCH_HIDDEN: &str = "hidden";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Search,
    Reshuffle,
    /// An Effect at the planet acts on the deploy: whether its player discards it.
    Trigger,
    /// The Effect discarded: the search of the draw deck its text allows.
    EffectSearch,
    /// Text that draws cards, or gives the opponent DAMAGE, as the card deploys.
    OnDeploy,
    Done,
}

/// An Effect at the planet whose text acts on this deploy, not yet asked about.
#[derive(Clone, Debug)]
struct Triggered {
    effect: CardId,
    name: String,
    /// The card whose deploy sets it off.
    card: String,
    fetch: String,
}

/// The deploy procedure.
#[derive(Clone)]
pub struct DeployEngine {
    phase: Phase,
    pending: Pending<DeployEvent>,
    random: Random,
    side: Side,
    planet: Option<Planet>,
    counted: bool,
    fetch_hidden: bool,
    /// The scenario chose `one-damage` for `into-hand-no-penalty`.
    into_hand_penalty: bool,
    laps_rule: bool,
    /// What the search of the draw deck found.
    search: Search,
    fetch: Option<DeployFetch>,
    /// The Boonta Eve rule that every Anakin and Sebulba is a Podracer pilot is in force.
    boonta: bool,
    /// The Effect that acts on the deploy, once the card's own text is done.
    triggered: Option<Triggered>,
    /// The Effect whose text the search of the draw deck is for, once discarded.
    searching_for: Option<String>,
    /// The search under way deployed (or took) a card: no penalty after its reshuffle.
    fetched_now: bool,
    /// Text that acts as the card deploys, beside any search: the card whose text it is.
    on_deploy: Vec<(String, OnDeploy)>,
    /// The scenario chose `declines` for `optional-draw`.
    declines_draws: bool,
    result: DeployResult,
}

impl DeployEngine {
    pub fn new(board: &Board, corpus: &crate::rules::Corpus) -> DeployEngine {
        let setup = DeployFile::stated(board);
        DeployEngine {
            phase: Phase::Start,
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            side: board.turn.unwrap_or(Side::Light),
            planet: setup.and_then(|setup| setup.to).or(board.current_planet),
            counted: true,
            fetch_hidden: false,
            into_hand_penalty: false,
            laps_rule: board.ruleset.in_force_id(corpus, "boonta.laps.not-in-play"),
            search: Search::default(),
            fetch: None,
            boonta: crate::cards::traits::every_anakin_and_sebulba(corpus, &board.ruleset),
            triggered: None,
            searching_for: None,
            fetched_now: false,
            on_deploy: Vec::new(),
            declines_draws: false,
            result: DeployResult::default(),
        }
    }

    /// The deploy with the scenario's choices of its named assumptions.
    pub fn assuming(mut self, value: impl Fn(&str) -> &'static str) -> DeployEngine {
        self.counted = value(COUNTERS_PER_TURN.name) != UNLIMITED;
        self.fetch_hidden = value(FETCHED_FACE_UP.name) == FETCH_HIDDEN;
        self.into_hand_penalty = value(INTO_HAND.name) == ONE_DAMAGE;
        self.declines_draws = value(OPTIONAL_DRAW.name) == DECLINES;
        self
    }

    /// Whether the text searching the draw deck takes the card into the hand.
    fn takes_into_hand(&self) -> bool {
        self.fetch.as_ref().is_some_and(|fetch| fetch.into_hand)
    }

    /// The reading of `into-hand-no-penalty` in force, the first time it is applied.
    fn taking_into_hand_assumption(&mut self) -> Vec<Assumption> {
        let assumption = if self.into_hand_penalty {
            INTO_HAND_PENALTY
        } else {
            INTO_HAND
        };
        self.pending.once(assumption)
    }

    /// The counters assumption, the first time it is applied.
    fn counters_assumption(&mut self) -> Vec<Assumption> {
        let assumption = if self.counted {
            COUNTERS_PER_TURN
        } else {
            COUNTERS_UNCOUNTED
        };
        self.pending.once(assumption)
    }

    fn start(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        let Some(side) = board.turn else {
            self.phase = Phase::Done;
            return Err(MissingFact::Turn);
        };
        self.side = side;
        self.result.side = Some(side);
        let setup = DeployFile::stated(board)
            .cloned()
            .ok_or(MissingFact::SectionCard {
                what: "the card deployed",
                section: "deploy",
                key: "card",
            })?;
        let planet = self.planet.ok_or(MissingFact::DeployPlanet)?;
        let id = setup.card;
        let card = board.card(id).cloned().ok_or(MissingFact::NotOnTable {
            what: "the card deployed",
        })?;
        if board.zone_of(id) != Some(Zone::Hand(side)) {
            return Err(MissingFact::NotInHand {
                card: board.describe(id),
                side,
                rule: "the card deployed comes from the hand of the player whose turn it is",
            });
        }
        let hidden = setup.hidden;
        self.result.card = Some(card.shown_name());
        self.result.planet = Some(planet.name().to_string());
        self.result.hidden = hidden;
        let effects = crate::engine::effects::at(board, planet);
        let (cost, cost_set_by, cost_with) = match self.text_cost(board, &card) {
            Some((cost, by, with)) => (cost, Some(by), with),
            None => (cost_of(&card)?, None, None),
        };
        let trigger = crate::engine::effects::deploy_trigger(&effects, &card, side, self.boonta)?;
        // A hidden card sets off no Effect: what it is stays unshown.
        let mut hidden_no_trigger = hidden && trigger.is_some();
        self.triggered = trigger.filter(|_| !hidden).and_then(|effect| {
            let trigger = effect.card.text.deploy_trigger.as_ref()?;
            Some(Triggered {
                effect: effect.id,
                name: effect.card.full_name(),
                card: card.shown_name(),
                fetch: trigger.fetch.clone(),
            })
        });
        // Text that acts as it deploys: its own, where it deploys face up (to the planet it
        // names), and that of his cards at the planet that name it; a hidden card sets off
        // none of theirs.
        if hidden {
            for &there in board.zone(Zone::InPlay(planet, side)) {
                if let Some(on) = board
                    .card(there)
                    .and_then(|other| other.text.on_deploy.as_ref())
                    .filter(|on| !on.when.is_empty())
                    && crate::engine::effects::is_one_of(&card, &on.when, self.boonta)?
                {
                    hidden_no_trigger = true;
                }
            }
        } else {
            if let Some(on) = card.text.on_deploy.as_ref().filter(|on| on.when.is_empty())
                && on
                    .to
                    .as_ref()
                    .is_none_or(|only| only.eq_ignore_ascii_case(planet.name()))
            {
                self.on_deploy.push((card.shown_name(), on.clone()));
            }
            for &there in board.zone(Zone::InPlay(planet, side)) {
                let Some(other) = board.card(there) else {
                    continue;
                };
                if let Some(on) = other
                    .text
                    .on_deploy
                    .as_ref()
                    .filter(|on| !on.when.is_empty())
                    && !board
                        .instance(there)
                        .is_some_and(|instance| instance.face_down)
                    && crate::engine::effects::is_one_of(&card, &on.when, self.boonta)?
                {
                    self.on_deploy.push((other.shown_name(), on.clone()));
                }
            }
        }
        let spent = board.player(side).counters_spent;
        let left = if self.counted {
            let (allowance, allowed_by) = crate::legality::counters_allowance(board, side);
            if let Some(effect) = allowed_by {
                self.pending.emit(
                    DeployEvent::CountersAllowed {
                        side,
                        counters: allowance,
                        effect,
                    },
                    &[],
                    Vec::new(),
                    Vec::new(),
                );
            }
            let left = allowance.saturating_sub(spent);
            if cost > left {
                let refusal = DeployRefusal::NotEnoughCounters { cost, left };
                self.result.refusal = Some(refusal.clone());
                self.result.counters_left = Some(left);
                let counters = self.counters_assumption();
                self.pending.emit(
                    DeployEvent::Refused {
                        side: Some(side),
                        refusal,
                    },
                    &[],
                    counters,
                    Vec::new(),
                );
                self.phase = Phase::Done;
                return Ok(());
            }
            Some(left.saturating_sub(cost))
        } else {
            None
        };
        self.result.counters_left = left;
        let moved = describe_move(board, id, Zone::Hand(side), Zone::InPlay(planet, side));
        // The deploy the position stated is made.
        DeployFile::set_stated(board, None);
        board.move_to(id, Zone::InPlay(planet, side));
        if let Some(instance) = board.instance_mut(id) {
            instance.face_down = hidden;
            instance.deployed_this_turn = true;
        }
        let player = board.player_mut(side);
        player.counters_spent = player.counters_spent.saturating_add(cost);
        let name = card.shown_name();
        let mut assumptions = self.counters_assumption();
        if cost_set_by.is_some() && cost_with.is_none() {
            assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
        }
        if hidden_no_trigger {
            assumptions.push(HIDDEN_SETS_OFF_NO_EFFECT);
        }
        self.pending.emit(
            DeployEvent::Deployed {
                side,
                card: name.clone(),
                planet: planet.name().to_string(),
                hidden,
                cost,
                counters_left: left,
                cost_set_by,
                cost_with,
            },
            &[],
            assumptions,
            vec![moved],
        );
        let Some(fetch) = card.text.deploy_fetch.clone() else {
            self.phase = self.after_own_text();
            return Ok(());
        };
        if hidden {
            self.pending.emit(
                DeployEvent::TextOff { side, card: name },
                &[HIDDEN],
                vec![TEXT_OFF_NO_PENALTY],
                Vec::new(),
            );
            self.phase = self.after_own_text();
            return Ok(());
        }
        if let Some(only) = &fetch.to
            && !only.eq_ignore_ascii_case(planet.name())
        {
            self.pending.emit(
                DeployEvent::TextNotHere {
                    side,
                    card: name,
                    planet: planet.name().to_string(),
                    only: only.clone(),
                },
                &[GAME_TEXT],
                Vec::new(),
                Vec::new(),
            );
            self.phase = self.after_own_text();
            return Ok(());
        }
        self.search(board, &name, &fetch)?;
        self.fetch = Some(fetch);
        Ok(())
    }

    /// The search of the draw deck: each title that matches once (the first copy from the
    /// top), and the ones he can pay for as the choices.
    fn search(
        &mut self,
        board: &Board,
        name: &str,
        fetch: &DeployFetch,
    ) -> Result<(), MissingFact> {
        let side = self.side;
        let mut by_trait = false;
        let into_hand = fetch.into_hand;
        let effect_search = self.searching_for.is_some();
        self.fetched_now = false;
        self.search = from_deck::search(
            board,
            side,
            // A card taken into the hand is not deployed: it costs nothing.
            self.result.counters_left.filter(|_| !into_hand),
            |_, card| {
                let found = fetch_matches(card, fetch, effect_search);
                by_trait |= found == Some(true);
                found.is_some()
            },
            |card| match fetch.counters {
                _ if into_hand => Ok(0),
                Some(counters) => Ok(u32::try_from(counters).unwrap_or(0)),
                None => match self.text_cost(board, card) {
                    Some((cost, _, _)) => Ok(cost),
                    None => cost_of(card),
                },
            },
        )?;
        let mut cites = if into_hand {
            Vec::new()
        } else {
            vec![GAME_TEXT, ONE_COPY, COUNTERS]
        };
        if by_trait {
            cites.push(TITLE_RULE);
        }
        let assumptions = if into_hand {
            self.taking_into_hand_assumption()
        } else {
            Vec::new()
        };
        self.pending.emit(
            DeployEvent::Searched {
                side,
                card: name.to_string(),
                wanted: fetch.wanted(),
                by_trait,
                found: self.search.found.clone(),
                too_dear: self.search.too_dear.clone(),
                into_hand,
            },
            cites,
            assumptions,
            Vec::new(),
        );
        self.phase = Phase::Search;
        Ok(())
    }

    fn decision(&self, board: &Board) -> Option<Decision> {
        let fetch = self.fetch.as_ref()?;
        if fetch.into_hand {
            return Some(from_deck::decision(
                board,
                self.side,
                &self.search,
                format!(
                    "{} player: take one {} from your draw deck into your hand, or none",
                    self.side,
                    fetch.wanted()
                ),
                |name, _| format!("take {name} into hand"),
                &[],
                if self.into_hand_penalty {
                    ("take none (1 DAMAGE after the reshuffle)", &[PENALTY])
                } else {
                    ("take none", &[])
                },
            ));
        }
        let free = fetch.counters == Some(0);
        Some(from_deck::decision(
            board,
            self.side,
            &self.search,
            format!(
                "{} player: deploy one {} from your draw deck, or none",
                self.side,
                fetch.wanted()
            ),
            |name, cost| {
                let price = if free {
                    "for free".to_string()
                } else {
                    crate::text::count(cost, "counter")
                };
                format!("deploy {name} ({price})")
            },
            &[ONE_COPY, COUNTERS],
            ("deploy none (1 DAMAGE after the reshuffle)", &[PENALTY]),
        ))
    }

    fn fetched(&mut self, board: &mut Board, id: CardId, cost: u32) {
        let side = self.side;
        self.fetched_now = true;
        if self.takes_into_hand() {
            let moved = describe_move(board, id, Zone::DrawDeck(side), Zone::Hand(side));
            board.move_to(id, Zone::Hand(side));
            let name = board.card(id).map(Card::shown_name).unwrap_or_default();
            self.result.fetched = Some(name.clone());
            self.result.into_hand = true;
            let assumptions = self.taking_into_hand_assumption();
            self.pending.emit(
                DeployEvent::TakenIntoHand { side, card: name },
                &[],
                assumptions,
                vec![moved],
            );
            return;
        }
        let Some(planet) = self.planet else { return };
        let free = self
            .fetch
            .as_ref()
            .is_some_and(|fetch| fetch.counters == Some(0));
        let moved = describe_move(board, id, Zone::DrawDeck(side), Zone::InPlay(planet, side));
        board.move_to(id, Zone::InPlay(planet, side));
        if let Some(instance) = board.instance_mut(id) {
            instance.face_down = self.fetch_hidden;
            instance.deployed_this_turn = true;
        }
        let player = board.player_mut(side);
        player.counters_spent = player.counters_spent.saturating_add(cost);
        self.result.counters_left = self
            .result
            .counters_left
            .map(|left| left.saturating_sub(cost));
        let name = board.card(id).map(Card::shown_name).unwrap_or_default();
        self.result.fetched = Some(name.clone());
        let mut assumptions = vec![if self.fetch_hidden {
            FETCHED_HIDDEN
        } else {
            FETCHED_FACE_UP
        }];
        assumptions.extend(self.counters_assumption());
        let (cost_set_by, cost_with) = match (free, board.card(id)) {
            (false, Some(card)) => self
                .text_cost(board, card)
                .map_or((None, None), |(_, by, with)| (Some(by), with)),
            _ => (None, None),
        };
        if cost_set_by.is_some() && cost_with.is_none() {
            assumptions.extend(self.pending.once(EFFECT_AT_ITS_PLANET));
        }
        self.pending.emit(
            DeployEvent::Fetched {
                side,
                card: name,
                planet: planet.name().to_string(),
                cost,
                free,
                hidden: self.fetch_hidden,
                counters_left: self.result.counters_left,
                cost_set_by,
                cost_with,
            },
            &[ONE_COPY, COUNTERS],
            assumptions,
            vec![moved],
        );
    }

    fn reshuffle(&mut self, board: &mut Board) {
        let penalised = !self.fetched_now && (!self.takes_into_hand() || self.into_hand_penalty);
        if let Some(penalised) = from_deck::reshuffle_after_search(
            board,
            self.side,
            &mut self.random,
            self.laps_rule,
            penalised,
            &mut self.pending,
            &AFTER_SEARCH,
        ) {
            self.result.damage = self.result.damage.saturating_add(penalised.damage);
            self.result.deck_victory = penalised.deck_victory;
        }
        self.phase = if self.result.deck_victory.is_some() {
            Phase::Done
        } else {
            self.after_own_text()
        };
    }

    /// What comes once the card's own text is done: an Effect that acts on the deploy, or the
    /// end.
    fn after_own_text(&self) -> Phase {
        if !self.on_deploy.is_empty() {
            Phase::OnDeploy
        } else if self.triggered.is_some() {
            Phase::Trigger
        } else {
            Phase::Done
        }
    }

    /// Text that acts as the card deploys: its player draws, or his opponent takes DAMAGE;
    /// then an Effect that acts on the deploy, or the end.
    fn on_deploy_text(&mut self, board: &mut Board) {
        let side = self.side;
        for (card, on) in std::mem::take(&mut self.on_deploy) {
            if on.draw > 0 {
                if on.may && self.declines_draws {
                    self.pending.emit(
                        DeployEvent::DrawDeclined {
                            side,
                            card: card.clone(),
                        },
                        &[],
                        vec![OPTIONAL_DRAW_DECLINED],
                        Vec::new(),
                    );
                } else {
                    let mut moves = Vec::new();
                    let taken = crate::engine::damage::draw(
                        board,
                        side,
                        usize::from(on.draw),
                        self.laps_rule,
                        &mut moves,
                        self.pending.words,
                    );
                    let assumptions = if on.may {
                        self.pending.once(OPTIONAL_DRAW)
                    } else {
                        Vec::new()
                    };
                    self.pending.emit(
                        DeployEvent::TextDraws {
                            side,
                            card: card.clone(),
                            drawn: taken.lost,
                        },
                        &[],
                        assumptions,
                        moves,
                    );
                }
            }
            if on.opponent_damage > 0 {
                let opponent = side.opponent();
                let mut moves = Vec::new();
                let taken = crate::engine::damage::take(
                    board,
                    opponent,
                    i32::from(on.opponent_damage),
                    self.laps_rule,
                    &mut moves,
                    self.pending.words,
                );
                self.result.opponent_damage = self
                    .result
                    .opponent_damage
                    .saturating_add(u32::try_from(taken.lost).unwrap_or(u32::MAX));
                let cites: Vec<Citation> = taken.lap_cards_cited().into_iter().collect();
                self.pending.emit(
                    DeployEvent::TextDamage {
                        side: opponent,
                        card: card.clone(),
                        damage: on.opponent_damage,
                        taken,
                    },
                    cites,
                    Vec::new(),
                    moves,
                );
                if taken.ran_out {
                    self.result.deck_victory = Some(side);
                    self.pending.emit(
                        DeployEvent::DeckVictory { winner: side },
                        &[DECK_VICTORY],
                        Vec::new(),
                        Vec::new(),
                    );
                    self.phase = Phase::Done;
                    return;
                }
            }
        }
        self.phase = self.after_own_text();
    }

    /// Whether the player discards the Effect that acts on the deploy.
    fn trigger_decision(&self, triggered: &Triggered) -> Decision {
        let cites = vec![GAME_TEXT];
        let option = |label: String, declines: bool| crate::engine::DecisionOption {
            label: label.into(),
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines,
            cites: cites.clone().into(),
        };
        Decision {
            kind: super::decisions::DISCARD_EFFECT,
            who: self.side,
            prompt: format!(
                "{} player: give up {} for a {} out of your draw deck, or keep it",
                self.side, triggered.name, triggered.fetch
            ),
            options: vec![
                option(
                    format!("give up {} for a {}", triggered.name, triggered.fetch),
                    false,
                ),
                option(format!("keep {}", triggered.name), true),
            ],
            more: crate::engine::Repeats::default(),
        }
    }

    /// The answer to [`Self::trigger_decision`]: the Effect discarded and the search made, or
    /// the Effect kept.
    fn trigger_answered(&mut self, board: &mut Board, discard: bool) {
        let Some(triggered) = self.triggered.take() else {
            self.phase = Phase::Done;
            return;
        };
        let side = self.side;
        let mut moves = Vec::new();
        if discard && let Some(from) = board.zone_of(triggered.effect) {
            moves.push(describe_move(
                board,
                triggered.effect,
                from,
                Zone::DiscardPile(side),
            ));
            board.move_to(triggered.effect, Zone::DiscardPile(side));
            self.result.effect_discarded = Some(triggered.name.clone());
        }
        let assumptions = self.pending.once(EFFECT_AT_ITS_PLANET);
        self.pending.emit(
            DeployEvent::EffectTriggered {
                side,
                effect: triggered.name.clone(),
                card: triggered.card.clone(),
                wanted: triggered.fetch.clone(),
                discarded: discard,
            },
            &[GAME_TEXT],
            assumptions,
            moves,
        );
        if !discard {
            self.phase = Phase::Done;
            return;
        }
        self.fetch = Some(DeployFetch {
            card: triggered.fetch,
            to: None,
            counters: None,
            into_hand: false,
            or: Vec::new(),
            icon: None,
        });
        self.searching_for = Some(triggered.name);
        // The result says what the last search came to: the Effect's.
        self.result.fetched = None;
        self.result.not_fetched = None;
        self.result.into_hand = false;
        self.phase = Phase::EffectSearch;
    }

    /// What game text makes a card cost to deploy at the planet: the counters, the card whose
    /// text sets it, and, where that is its own text, the card in play its text asks for.
    fn text_cost(&self, board: &Board, card: &Card) -> Option<(u32, String, Option<String>)> {
        let planet = self.planet?;
        board.text_deploy_cost(planet, self.side, card).map(|set| {
            if set.own {
                (
                    set.counters,
                    card.shown_name(),
                    Some(board.describe(set.by)),
                )
            } else {
                (set.counters, board.describe(set.by), None)
            }
        })
    }
}

/// Whether a card is one the text may fetch: `Some(false)` by its title or its printed type
/// (`Battle card`), or, for an Effect's search of `weapons`, a weapon by the kind its name
/// gives it (`lightsaber`, as the catalog derives it); `Some(true)` by a trait its title or
/// subtitle names (a character only, as the FAQ's rule on traits says).
fn fetch_matches(card: &Card, fetch: &DeployFetch, weapons: bool) -> Option<bool> {
    if let Some(icon) = &fetch.icon {
        let printed = card
            .icons
            .as_ref()
            .is_some_and(|icons| icons.value.iter().any(|printed| printed == icon));
        if !printed {
            return None;
        }
    }
    std::iter::once(&fetch.card)
        .chain(&fetch.or)
        .find_map(|wanted| matches(card, wanted, weapons))
}

/// [`fetch_matches`] for one word of what may be fetched.
fn matches(card: &Card, wanted: &str, weapons: bool) -> Option<bool> {
    if card.title.eq_ignore_ascii_case(wanted.trim()) {
        return Some(false);
    }
    let lower = wanted.trim().to_ascii_lowercase();
    if let Some(kind) = lower.strip_suffix(" card").and_then(CardType::from_word) {
        return (card.card_type() == Some(kind)).then_some(false);
    }
    if weapons && card.card_type() == Some(CardType::Weapon) {
        return crate::cards::filter::parse_trait(&lower)
            .ok()
            .and_then(|kind| crate::cards::traits::quick_value(card, kind))
            .filter(|value| *value == crate::cards::TraitValue::Yes)
            .map(|_| false);
    }
    if card.card_type() != Some(CardType::Character) {
        return None;
    }
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let wanted = words(wanted);
    if wanted.is_empty() {
        return None;
    }
    let named = words(&card.full_name());
    named
        .windows(wanted.len())
        .any(|window| window == wanted.as_slice())
        .then_some(true)
}

impl Procedure for DeployEngine {
    type Table = Board;
    type Event = DeployEvent;
    type Result = DeployResult;

    fn result(&self) -> &DeployResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<DeployEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        match self.phase {
            Phase::Done => return Ok(Next::Done),
            Phase::Start => {
                if let Err(fact) = self.start(board) {
                    self.phase = Phase::Done;
                    return Err(fact);
                }
            }
            Phase::Search => {
                // With nothing he may deploy, "none" is the one option: the run takes it,
                // and a script that says so is heard.
                match self.decision(board) {
                    Some(decision) => return Ok(Next::Decide(decision)),
                    None => self.phase = Phase::Reshuffle,
                }
            }
            Phase::Reshuffle => self.reshuffle(board),
            Phase::OnDeploy => self.on_deploy_text(board),
            Phase::Trigger => match &self.triggered {
                Some(triggered) => return Ok(Next::Decide(self.trigger_decision(triggered))),
                None => self.phase = Phase::Done,
            },
            Phase::EffectSearch => {
                let (Some(name), Some(fetch)) = (self.searching_for.clone(), self.fetch.clone())
                else {
                    self.phase = Phase::Done;
                    return Ok(Next::Continue);
                };
                if let Err(fact) = self.search(board, &name, &fetch) {
                    self.phase = Phase::Done;
                    return Err(fact);
                }
            }
        }
        Ok(Next::Continue)
    }

    /// Why the card a script names is no choice of the search: not in the draw deck, not the
    /// card the text names, or more than the counters left.
    fn ruled_out(
        &self,
        board: &Board,
        _decision: &Decision,
        given: &str,
    ) -> Option<crate::engine::RuledOut> {
        let fetch = self.fetch.as_ref()?;
        let side = self.side;
        let deck: Vec<Card> = board
            .zone(Zone::DrawDeck(side))
            .iter()
            .filter_map(|id| board.card(*id))
            .filter(|card| !card.anonymous)
            .cloned()
            .collect();
        let found = crate::cards::find(&deck, given)
            .ok()
            .and_then(|found| found.first().copied().cloned());
        let (why, cites) = match found {
            None => (
                format!(
                    "{} is not in the {side} draw deck, which the text deploys from",
                    crate::text::quoted(given)
                ),
                vec![GAME_TEXT],
            ),
            Some(card) => match fetch_matches(&card, fetch, self.searching_for.is_some()) {
                None => (
                    format!(
                        "{} is in the {side} draw deck, but it is not a {}: the text {} one {}",
                        card.shown_name(),
                        fetch.wanted(),
                        if fetch.into_hand { "takes" } else { "deploys" },
                        fetch.wanted()
                    ),
                    if fetch.card.contains(' ') || !card.title.eq_ignore_ascii_case(&fetch.card) {
                        vec![GAME_TEXT, TITLE_RULE]
                    } else {
                        vec![GAME_TEXT]
                    },
                ),
                Some(_) => {
                    let name = card.shown_name();
                    let dear = self.search.too_dear.iter().find(|(title, _)| {
                        crate::cards::matching::normalise(title)
                            == crate::cards::matching::normalise(&name)
                    });
                    match (dear, self.result.counters_left) {
                        (Some((_, cost)), Some(left)) => (
                            format!(
                                "{name} costs {}, and the {side} player has {} left this turn",
                                crate::text::count(*cost, "counter"),
                                crate::text::count(left, "counter")
                            ),
                            vec![COUNTERS],
                        ),
                        _ => return None,
                    }
                }
            },
        };
        Some(crate::engine::RuledOut {
            why,
            cites,
            assumptions: Vec::new(),
        })
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        if decision.kind == super::decisions::DISCARD_EFFECT {
            self.trigger_answered(board, !option.declines);
            return;
        }
        match option.card {
            Some(id) => self.fetched(board, id, self.search.cost_of(id)),
            None => self.not_fetched(
                self.search
                    .none_possible()
                    .unwrap_or(NotFetched::ChangedHisMind),
            ),
        }
        self.phase = Phase::Reshuffle;
    }
}

impl DeployEngine {
    fn not_fetched(&mut self, why: NotFetched) {
        self.result.not_fetched = Some(why);
        let into_hand = self.takes_into_hand();
        self.result.into_hand = into_hand;
        let (cites, assumptions): (&[Citation], Vec<Assumption>) = match into_hand {
            false => (&[PENALTY], Vec::new()),
            true if self.into_hand_penalty => (&[PENALTY], self.taking_into_hand_assumption()),
            true => (&[], self.taking_into_hand_assumption()),
        };
        self.pending.emit(
            DeployEvent::NotFetched {
                side: self.side,
                why,
                into_hand,
            },
            cites,
            assumptions,
            Vec::new(),
        );
    }
}
