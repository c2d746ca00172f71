//! One Podrace Deploy step at the Objective: deploying a Podracer pilot and his Podracer (and
//! the match from the draw deck), the Thrust token, lap cards with handling, a finished lap
//! and the third lap's win, and Refuel.

use super::section::PodraceFile;
use crate::scenario::SectionFile;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::board::{Board, CardId, Step, Zone};
use crate::cards::traits::{handling, podracer_matches, podracer_pilot, podracer_weapon};
use crate::cards::{Card, CardType, Side, TraitValue};
use crate::legality::COUNTERS_PER_TURN;
use crate::random::Random;
use crate::rules::{Citation, Corpus, cite};

use super::events::{
    HandlingSource, LapsEnd, ObjectiveDeployRefusal, PodraceEvent, PodraceRefusal, PodraceResult,
};
use crate::engine::counters::{COUNTERS_UNCOUNTED, UNLIMITED, cost_of};
use crate::engine::from_deck::NotFetched;
use crate::engine::from_deck::{self, COUNTERS, ONE_COPY, PENALTY, Search};
use crate::engine::{
    Assumption, Decision, DecisionOption, MissingFact, Next, Pending, Procedure, RuledOut,
    describe_move,
};

const WIN_THE_GAME: Citation = cite("boonta.objective.podrace");
const AT_THE_OBJECTIVE: Citation = cite("boonta.boonta-eve-classic.deploy");
const MATCHING: Citation = cite("boonta.boonta-eve-classic.matching-weapon");
pub(crate) const LAPS_PLAY: Citation = cite("boonta.laps.play");
pub(crate) const LAP_FINISH: Citation = cite("boonta.laps.finish");
pub(crate) const THRUST: Citation = cite("boonta.thrust.definition");
pub(crate) const THRUST_CAP: Citation = cite("boonta.thrust.cap");
pub(crate) const HANDLING: Citation = cite("boonta.handling.definition");
pub(crate) const HANDLING_UNUSABLE: Citation = cite("boonta.handling.unusable");
const REFUEL: Citation = cite("boonta.refuel.definition");
const DECK_VICTORY: Citation = cite("even-up.deck-victory-first");

/// The Podrace step's events of the reshuffle after a search and of the penalty.
const AFTER_SEARCH: from_deck::AfterSearchEvents<PodraceEvent> = from_deck::AfterSearchEvents {
    reshuffled: |side, deck_size| PodraceEvent::Reshuffled { side, deck_size },
    penalty: |side, taken| PodraceEvent::Penalty { side, taken },
    deck_victory: |winner| PodraceEvent::DeckVictory { winner },
    deck_victory_rule: DECK_VICTORY,
};

/// The most Thrust tokens a pilot may have, where the later line says so.
pub const THRUST_TOKENS_CAP: u32 = 4;
/// The cards of a lap, 1 to 6.
pub const LAP_LENGTH: usize = 6;
/// The handling cards a completed lap may hold.
pub const HANDLING_CARDS_A_LAP: usize = 3;
/// The lap tokens that win the game.
pub const LAPS_TO_WIN: u32 = 3;

/// The Objective's "you may deploy a matching … from your draw deck" follows the rulesheet's
/// rules for deploying from the draw deck.
pub(crate) const OBJECTIVE_FETCH: Assumption = Assumption {
    name: "objective-fetch-as-game-text",
    text: "The Objective's \"you may deploy a matching Podracer Weapon card from your draw deck (and vice versa)\" follows the rules for deploying a card from the draw deck by game text: one copy, its counters paid, the deck reshuffled, and 1 DAMAGE after the reshuffle if none is deployed. The Boonta Eve rules do not say.",
};
const OBJECTIVE_FETCH_NO_PENALTY: Assumption = Assumption {
    name: "objective-fetch-as-game-text",
    text: "Set by the scenario to `no-penalty`: the Objective's search of the draw deck for a match costs no DAMAGE when none is deployed.",
};
/// The value of `objective-fetch-as-game-text` without the penalty.
pub(crate) const NO_PENALTY: &str = "no-penalty";

/// A match deployed from the hand after the card that would search for it.
pub(crate) const MATCH_FROM_HAND: Assumption = Assumption {
    name: "match-from-hand-no-search",
    text: "A player who deploys a Podracer pilot and then his matching Podracer Weapon card from his hand in the same Deploy step (or the other way round) does not search his draw deck for the match, and takes no penalty. The rules do not say.",
};

/// The handling limit holds while a lap is played.
pub(crate) const HANDLING_LIMIT_AS_PLAYED: Assumption = Assumption {
    name: "handling-limit-as-played",
    text: "The limit of three handling cards in a completed lap holds while the lap is played: a fourth handling card may not be played, since the lap could then never be completed. The rules state the limit for a completed lap only.",
};

/// What "thrust first" asks before Refuel.
pub(crate) const REFUEL_AFTER_TOKEN: Assumption = Assumption {
    name: "refuel-after-thrust",
    text: "A player has thrust, and may refuel, once he has placed his Thrust token in the Deploy step, whether or not he played a lap card. The rules do not say whether thrusting needs a lap card.",
};
const REFUEL_AFTER_LAP_CARD: Assumption = Assumption {
    name: "refuel-after-thrust",
    text: "Set by the scenario to `lap-card`: a player has thrust, and may refuel, only once he has played a lap card in the Deploy step.",
};
/// The value of `refuel-after-thrust` that asks for a lap card.
pub(crate) const NEEDS_LAP_CARD: &str = "lap-card";

/// Whether lap cards may follow Refuel in the same Deploy step.
pub(crate) const LAPS_END_AT_REFUEL: Assumption = Assumption {
    name: "laps-after-refuel",
    text: "Refuel ends the lap cards of the Deploy step: a player who refuels with Thrust left plays no lap card after it. The rules say only that he may not thrust again once he has refueled.",
};
const LAPS_AFTER_REFUEL: Assumption = Assumption {
    name: "laps-after-refuel",
    text: "Set by the scenario to `play-on`: after Refuel, a player with Thrust left may play lap cards again, the cards just drawn among them, up to his Thrust for the step. The rules forbid only thrusting again once he has refueled.",
};
/// The value of `laps-after-refuel` that lets lap cards follow Refuel.
pub(crate) const PLAY_ON: &str = "play-on";

/// What thrusting is for a pilot at the cap, who may not have another token.
pub(crate) const THRUST_AT_THE_CAP: Assumption = Assumption {
    name: "thrust-at-the-cap",
    text: "A Podracer pilot with 4 Thrust tokens under the cap still thrusts in his Deploy step, without a fifth token: his Thrust stays 4, and he has thrust, so he may refuel. The line capping Thrust was added to the Boonta Eve rules later, and the rule cards printed in 2001 have no cap; neither says what thrusting at the cap is.",
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Deploys,
    Search,
    Reshuffle,
    Thrust,
    Laps,
    LapPlay,
    Refuel,
    Done,
}

/// The Podrace Deploy step procedure.
#[derive(Clone)]
pub struct PodraceEngine {
    phase: Phase,
    pending: Pending<PodraceEvent>,
    random: Random,
    side: Side,
    counted: bool,
    penalty: bool,
    refuel_needs_lap_card: bool,
    /// Lap cards may follow Refuel (`laps-after-refuel: play-on`).
    laps_after_refuel: bool,
    /// He has refueled in this step.
    refueled: bool,
    /// Lap cards may be played in this step (his matching Podracer is at the Objective).
    laps_open: bool,
    cap_in_force: bool,
    laps_rule: bool,
    /// The cards still to deploy from the hand.
    to_deploy: VecDeque<CardId>,
    /// The search of the draw deck for a match: what is wanted, and what it found.
    search: Option<(String, Search)>,
    /// Lap cards he may still play this step.
    thrust_left: u32,
    /// The handling numbers he may use.
    handling: Vec<u8>,
    /// Whether the handling limit has been said.
    limit_said: bool,
    result: PodraceResult,
    /// Whether each of his cards that may be deployed to the Objective is a Podracer pilot
    /// under the ruleset, judged once.
    pilots: BTreeMap<CardId, TraitValue>,
}

impl PodraceEngine {
    pub fn new(board: &Board, corpus: &Corpus) -> PodraceEngine {
        let in_force = |id: &str| board.ruleset.in_force_id(corpus, id);
        PodraceEngine {
            phase: Phase::Start,
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            side: board.turn.unwrap_or(Side::Light),
            counted: true,
            penalty: true,
            refuel_needs_lap_card: false,
            laps_after_refuel: false,
            refueled: false,
            laps_open: false,
            cap_in_force: in_force(THRUST_CAP.id()),
            laps_rule: in_force("boonta.laps.not-in-play"),
            to_deploy: VecDeque::new(),
            search: None,
            thrust_left: 0,
            handling: Vec::new(),
            limit_said: false,
            result: PodraceResult::default(),
            pilots: pilots_of(board, corpus),
        }
    }

    /// The step with the scenario's choices of its named assumptions.
    pub fn assuming(mut self, value: impl Fn(&str) -> &'static str) -> PodraceEngine {
        self.counted = value(COUNTERS_PER_TURN.name) != UNLIMITED;
        self.penalty = value(OBJECTIVE_FETCH.name) != NO_PENALTY;
        self.refuel_needs_lap_card = value(REFUEL_AFTER_TOKEN.name) == NEEDS_LAP_CARD;
        self.laps_after_refuel = value(LAPS_END_AT_REFUEL.name) == PLAY_ON;
        self
    }

    fn counters_assumption(&mut self) -> Vec<Assumption> {
        self.pending.once(if self.counted {
            COUNTERS_PER_TURN
        } else {
            COUNTERS_UNCOUNTED
        })
    }

    fn counters_left(&self, board: &Board) -> Option<u32> {
        self.counted.then(|| {
            crate::legality::counters_allowance(board, self.side)
                .0
                .saturating_sub(board.player(self.side).counters_spent)
        })
    }

    fn refuse(&mut self, side: Option<Side>, refusal: PodraceRefusal, cites: &'static [Citation]) {
        self.result.refusal = Some(refusal.clone());
        self.pending.emit(
            PodraceEvent::Refused { side, refusal },
            cites,
            Vec::new(),
            Vec::new(),
        );
        self.phase = Phase::Done;
    }

    fn start(&mut self, board: &Board) -> Result<(), MissingFact> {
        let Some(side) = board.turn else {
            self.phase = Phase::Done;
            return Err(MissingFact::Turn);
        };
        self.side = side;
        self.result.side = Some(side);
        if let Some(step) = board.step
            && step != Step::Deploy
        {
            self.refuse(
                Some(side),
                PodraceRefusal::NotDeployStep {
                    step: step.label().to_string(),
                },
                &[LAPS_PLAY],
            );
            return Ok(());
        }
        if board.zone(Zone::Objective(side)).is_empty() {
            self.refuse(Some(side), PodraceRefusal::NoObjective, &[AT_THE_OBJECTIVE]);
            return Ok(());
        }
        self.to_deploy = PodraceFile::stated(board)
            .map(|setup| setup.deploy.iter().copied().collect())
            .unwrap_or_default();
        self.result.laps = board.player(side).laps;
        self.phase = Phase::Deploys;
        Ok(())
    }
}

/// Whether each card of the player whose turn it is that could come to or be at his
/// Objective (his hand, his draw deck, the Objective) is a Podracer pilot under the ruleset.
fn pilots_of(board: &Board, corpus: &Corpus) -> BTreeMap<CardId, TraitValue> {
    let Some(side) = board.turn else {
        return BTreeMap::new();
    };
    let mut pilots = BTreeMap::new();
    for zone in [
        Zone::Hand(side),
        Zone::DrawDeck(side),
        Zone::AtObjective(side),
    ] {
        for &id in board.zone(zone) {
            if let Some(card) = board.card(id)
                && card.card_type() == Some(CardType::Character)
            {
                pilots.insert(id, podracer_pilot(card, corpus, &board.ruleset).value);
            }
        }
    }
    pilots
}

/// The number the lap needs next: 1 to 6.
pub fn next_number(board: &Board, side: Side) -> u8 {
    u8::try_from(board.zone(Zone::PodracingPile(side)).len() % LAP_LENGTH + 1).unwrap_or(1)
}

/// The handling cards in the lap being played: those marked as standing for a number, and
/// those whose destiny is not the number of their place (which only a handling card may be).
pub fn handling_cards_in_lap(board: &Board, side: Side) -> usize {
    let pile = board.zone(Zone::PodracingPile(side));
    let lap_start = pile.len() - pile.len() % LAP_LENGTH;
    pile.iter()
        .enumerate()
        .skip(lap_start)
        .filter(|(index, id)| {
            let marked = board
                .instance(**id)
                .is_some_and(|card| card.handling_for.is_some());
            let place = i32::try_from(index % LAP_LENGTH + 1).unwrap_or(0);
            marked || board.card(**id).and_then(Card::destiny) != Some(place)
        })
        .count()
}

/// The handling numbers of a player's pilot: his own, the last digit of his collector number
/// (marked unusable for 0 and 7), and those his player's face-up cards in play lend him by
/// their text; and whether his collector number is not known.
pub fn handling_numbers(board: &Board, side: Side, pilot: &Card) -> (Vec<HandlingSource>, bool) {
    let own = handling(pilot).value;
    let mut numbers = Vec::new();
    if let TraitValue::Number(number) | TraitValue::Unusable(number) = own {
        numbers.push(HandlingSource {
            number,
            card: pilot.full_name(),
            lent: false,
            unusable: matches!(own, TraitValue::Unusable(_)),
        });
    }
    let in_play = board
        .planets
        .iter()
        .map(|planet| Zone::InPlay(*planet, side))
        .chain([Zone::AtObjective(side)]);
    for zone in in_play {
        for &id in board.zone(zone) {
            let face_up = board.instance(id).is_some_and(|card| !card.face_down);
            let Some(card) = board.card(id) else { continue };
            if let Some(number) = card.text.podrace.as_ref().and_then(|text| text.handling)
                && face_up
            {
                numbers.push(HandlingSource {
                    number,
                    card: card.full_name(),
                    lent: true,
                    unusable: false,
                });
            }
        }
    }
    (numbers, own == TraitValue::Unknown)
}

/// Whether a card is a Podracer Weapon card.
fn is_podracer(card: &Card) -> bool {
    card.card_type() == Some(CardType::Weapon) && podracer_weapon(card).value == TraitValue::Yes
}

impl PodraceEngine {
    fn is_pilot(&self, id: CardId) -> bool {
        self.pilots.get(&id) == Some(&TraitValue::Yes)
    }

    /// The Podracer pilot at his Objective.
    fn pilot_at(&self, board: &Board) -> Option<CardId> {
        board
            .zone(Zone::AtObjective(self.side))
            .iter()
            .copied()
            .find(|id| self.is_pilot(*id))
    }

    /// The Podracer Weapon card at his Objective.
    fn weapon_at(&self, board: &Board) -> Option<CardId> {
        board
            .zone(Zone::AtObjective(self.side))
            .iter()
            .copied()
            .find(|id| board.card(*id).is_some_and(is_podracer))
    }

    /// Whether `other` is the match of `deployed` (a pilot's Podracer, or a Podracer's pilot).
    fn is_match(
        &self,
        board: &Board,
        deployed: CardId,
        deployed_is_pilot: bool,
        other: CardId,
    ) -> bool {
        let (Some(card), Some(candidate)) = (board.card(deployed), board.card(other)) else {
            return false;
        };
        if deployed_is_pilot {
            is_podracer(candidate) && podracer_matches(candidate, card)
        } else {
            self.is_pilot(other) && podracer_matches(card, candidate)
        }
    }

    /// The planet where a version of the character (a card of the same title) is in play.
    fn in_play_elsewhere(&self, board: &Board, card: &Card) -> Option<String> {
        board.planets.iter().find_map(|planet| {
            board
                .zone(Zone::InPlay(*planet, self.side))
                .iter()
                .any(|id| {
                    board.card(*id).is_some_and(|other| {
                        other.card_type() == Some(CardType::Character)
                            && other.title.eq_ignore_ascii_case(&card.title)
                    })
                })
                .then(|| planet.name().to_string())
        })
    }

    fn refuse_deploy(
        &mut self,
        card: String,
        refusal: ObjectiveDeployRefusal,
        assumptions: Vec<Assumption>,
    ) {
        self.result
            .refused_deploys
            .push((card.clone(), refusal.clone()));
        self.pending.emit(
            PodraceEvent::DeployRefused {
                side: self.side,
                card,
                refusal,
            },
            &[AT_THE_OBJECTIVE],
            assumptions,
            Vec::new(),
        );
    }

    /// The next card from the hand to the Objective, and the match its text may then
    /// deploy from the draw deck.
    fn deploy_next(&mut self, board: &mut Board) -> Result<(), MissingFact> {
        let Some(id) = self.to_deploy.pop_front() else {
            self.phase = Phase::Thrust;
            return Ok(());
        };
        let side = self.side;
        let card = board.card(id).cloned().ok_or(MissingFact::NotOnTable {
            what: "a card deployed to the Objective",
        })?;
        let name = card.full_name();
        if board.zone_of(id) != Some(Zone::Hand(side)) {
            return Err(MissingFact::NotInHand {
                card: board.describe(id),
                side,
                rule: "the cards deployed to the Objective come from the hand of the player whose turn it is",
            });
        }
        let is_pilot = match self.pilots.get(&id) {
            Some(TraitValue::Yes) => true,
            Some(TraitValue::Unknown) => {
                return Err(MissingFact::PodracerPilot { card: name });
            }
            _ => false,
        };
        if !is_pilot && !is_podracer(&card) {
            self.refuse_deploy(name, ObjectiveDeployRefusal::NotPodracerCard, Vec::new());
            return Ok(());
        }
        let there = if is_pilot {
            self.pilot_at(board)
        } else {
            self.weapon_at(board)
        };
        if let Some(there) = there {
            let there = board.describe(there);
            self.refuse_deploy(
                name,
                ObjectiveDeployRefusal::AlreadyOne { there },
                Vec::new(),
            );
            return Ok(());
        }
        if is_pilot && let Some(planet) = self.in_play_elsewhere(board, &card) {
            self.refuse_deploy(
                name,
                ObjectiveDeployRefusal::InPlayElsewhere { planet },
                Vec::new(),
            );
            return Ok(());
        }
        let cost = cost_of(&card)?;
        if let Some(left) = self.counters_left(board)
            && cost > left
        {
            let counters = self.counters_assumption();
            self.refuse_deploy(
                name,
                ObjectiveDeployRefusal::NotEnoughCounters { cost, left },
                counters,
            );
            return Ok(());
        }
        self.place_at_objective(board, id, Zone::Hand(side), cost);
        self.objective_text(board, id, is_pilot);
        Ok(())
    }

    /// Puts a card at the Objective, face up, paying its counters; a pilot's text may add
    /// Thrust tokens.
    fn place_at_objective(&mut self, board: &mut Board, id: CardId, from: Zone, cost: u32) {
        let side = self.side;
        let moved = describe_move(board, id, from, Zone::AtObjective(side));
        board.move_to(id, Zone::AtObjective(side));
        if let Some(instance) = board.instance_mut(id) {
            instance.face_down = false;
            instance.deployed_this_turn = true;
        }
        let player = board.player_mut(side);
        player.counters_spent = player.counters_spent.saturating_add(cost);
        let counters_left = self.counters_left(board);
        self.result.counters_left = counters_left;
        let card = board.card(id).cloned();
        let name = card.as_ref().map(Card::full_name).unwrap_or_default();
        self.result.deployed.push(name.clone());
        let from_deck = matches!(from, Zone::DrawDeck(_));
        let mut cites = vec![AT_THE_OBJECTIVE];
        if from_deck {
            cites.extend([ONE_COPY, COUNTERS]);
        }
        let counters = self.counters_assumption();
        self.pending.emit(
            PodraceEvent::Deployed {
                side,
                card: name.clone(),
                cost,
                counters_left,
                from_deck,
            },
            cites,
            counters,
            vec![moved],
        );
        let extra = card
            .as_ref()
            .and_then(|card| card.text.podrace.as_ref())
            .and_then(|text| text.thrust_on_deploy)
            .map_or(0, u32::from);
        if extra > 0 && self.is_pilot(id) {
            let before = board.instance(id).map_or(0, |instance| instance.thrust);
            let wanted = before.saturating_add(extra);
            let tokens = if self.cap_in_force {
                wanted.min(THRUST_TOKENS_CAP.max(before))
            } else {
                wanted
            };
            if let Some(instance) = board.instance_mut(id) {
                instance.thrust = tokens;
            }
            let mut cites = vec![THRUST];
            if wanted >= THRUST_TOKENS_CAP {
                cites.push(THRUST_CAP);
            }
            self.pending.emit(
                PodraceEvent::ExtraThrust {
                    card: name,
                    extra,
                    tokens,
                    capped: tokens < wanted,
                },
                cites,
                Vec::new(),
                Vec::new(),
            );
        }
    }

    /// The Objective's text after a card deploys to it: the match from the draw deck, where
    /// the Objective has none and the hand does not supply it next.
    fn objective_text(&mut self, board: &Board, id: CardId, is_pilot: bool) {
        let partner = if is_pilot {
            self.weapon_at(board)
        } else {
            self.pilot_at(board)
        };
        if partner.is_some() {
            return;
        }
        let name = board.card(id).map(Card::full_name).unwrap_or_default();
        if let Some(next) = self
            .to_deploy
            .iter()
            .copied()
            .find(|other| self.is_match(board, id, is_pilot, *other))
        {
            let match_card = board.card(next).map(Card::full_name).unwrap_or_default();
            let assumption = self.pending.once(MATCH_FROM_HAND);
            self.pending.emit(
                PodraceEvent::MatchFromHand {
                    card: name,
                    match_card,
                },
                &[AT_THE_OBJECTIVE],
                assumption,
                Vec::new(),
            );
            return;
        }
        let wanted = match (is_pilot, board.card(id)) {
            (true, Some(card)) => format!("Podracer Weapon card matching {}", card.title),
            (false, Some(card)) => format!("Podracer pilot matching {}", card.full_name()),
            _ => String::new(),
        };
        let left = self.counters_left(board);
        let search = from_deck::search(
            board,
            self.side,
            left,
            |other, card| {
                self.is_match(board, id, is_pilot, other)
                    && (is_pilot || self.in_play_elsewhere(board, card).is_none())
            },
            cost_of,
        );
        let search = match search {
            Ok(search) => search,
            Err(fact) => {
                self.pending.fail(fact);
                return;
            }
        };
        let assumption = self.pending.once(if self.penalty {
            OBJECTIVE_FETCH
        } else {
            OBJECTIVE_FETCH_NO_PENALTY
        });
        self.pending.emit(
            PodraceEvent::Searched {
                side: self.side,
                wanted: wanted.clone(),
                found: search.found.clone(),
                too_dear: search.too_dear.clone(),
            },
            &[AT_THE_OBJECTIVE, MATCHING, ONE_COPY, COUNTERS],
            assumption,
            Vec::new(),
        );
        self.search = Some((wanted, search));
        self.phase = Phase::Search;
    }

    fn fetch_decision(&self, board: &Board, wanted: &str, search: &Search) -> Decision {
        from_deck::decision(
            board,
            self.side,
            search,
            format!(
                "{} player: deploy a {wanted} from your draw deck, or none",
                self.side
            ),
            |name, cost| {
                format!(
                    "deploy {name} to the Objective ({})",
                    crate::text::count(cost, "counter")
                )
            },
            &[AT_THE_OBJECTIVE, ONE_COPY, COUNTERS],
            (
                if self.penalty {
                    "deploy none (1 DAMAGE after the reshuffle)"
                } else {
                    "deploy none"
                },
                &[PENALTY],
            ),
        )
    }

    fn not_fetched(&mut self, why: NotFetched) {
        self.result.not_fetched = Some(why);
        self.pending.emit(
            PodraceEvent::NotFetched {
                side: self.side,
                why,
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if self.penalty { &[PENALTY] } else { &[] }),
            Vec::new(),
            Vec::new(),
        );
    }

    /// The reshuffle after a search, and the penalty if nothing was deployed.
    fn reshuffle(&mut self, board: &mut Board) {
        self.phase = Phase::Deploys;
        let Some(penalised) = from_deck::reshuffle_after_search(
            board,
            self.side,
            &mut self.random,
            self.laps_rule,
            self.result.not_fetched.is_some() && self.penalty,
            &mut self.pending,
            &AFTER_SEARCH,
        ) else {
            return;
        };
        self.result.damage = self.result.damage.saturating_add(penalised.damage);
        if penalised.deck_victory.is_some() {
            self.result.deck_victory = penalised.deck_victory;
            self.phase = Phase::Done;
        }
    }

    /// Before the Thrust: a pilot to thrust with, and whether this step still allows it.
    fn thrust(&mut self, board: &Board) -> Option<Decision> {
        let side = self.side;
        let Some(pilot) = self.pilot_at(board) else {
            self.pending.emit(
                PodraceEvent::NoPilot { side },
                &[THRUST],
                Vec::new(),
                Vec::new(),
            );
            self.phase = Phase::Done;
            return None;
        };
        let name = board.card(pilot).map(Card::full_name).unwrap_or_default();
        self.result.pilot = Some(name.clone());
        let setup = PodraceFile::stated(board).cloned().unwrap_or_default();
        if setup.refueled {
            self.pending.emit(
                PodraceEvent::AlreadyRefueled { side },
                &[REFUEL],
                Vec::new(),
                Vec::new(),
            );
            self.phase = Phase::Done;
            return None;
        }
        if setup.thrusted {
            self.result.thrusted = true;
            self.pending.emit(
                PodraceEvent::AlreadyThrust { side },
                &[THRUST],
                Vec::new(),
                Vec::new(),
            );
            self.phase = Phase::Refuel;
            return None;
        }
        Some(Decision {
            kind: super::decisions::THRUST,
            who: side,
            prompt: format!("{side} player: thrust with {name} in this Deploy step, or not"),
            options: vec![
                DecisionOption {
                    label: format!("thrust: a Thrust token on {name}, then lap cards").into(),
                    card: Some(pilot),
                    name: None,
                    aliases: Vec::new(),
                    destiny: None,
                    declines: false,
                    cites: vec![THRUST].into(),
                },
                DecisionOption {
                    label: "do not thrust".into(),
                    card: None,
                    name: None,
                    aliases: Vec::new(),
                    destiny: None,
                    declines: true,
                    cites: vec![THRUST].into(),
                },
            ],
            more: crate::engine::Repeats::default(),
        })
    }

    /// The Thrust token, within the cap where it is in force.
    fn place_thrust_token(&mut self, board: &mut Board, pilot: CardId) {
        let name = board.card(pilot).map(Card::full_name).unwrap_or_default();
        let before = board.instance(pilot).map_or(0, |instance| instance.thrust);
        self.result.thrusted = true;
        if self.cap_in_force && before >= THRUST_TOKENS_CAP {
            self.thrust_left = before;
            let assumptions = self.pending.once(THRUST_AT_THE_CAP);
            self.pending.emit(
                PodraceEvent::ThrustCapped {
                    pilot: name,
                    tokens: before,
                },
                &[THRUST, THRUST_CAP],
                assumptions,
                Vec::new(),
            );
        } else {
            let tokens = before.saturating_add(1);
            if let Some(instance) = board.instance_mut(pilot) {
                instance.thrust = tokens;
            }
            self.thrust_left = tokens;
            let mut cites = vec![THRUST];
            if tokens >= THRUST_TOKENS_CAP {
                cites.push(THRUST_CAP);
            }
            self.pending.emit(
                PodraceEvent::ThrustToken {
                    pilot: name,
                    tokens,
                    cap_in_force: self.cap_in_force,
                },
                cites,
                Vec::new(),
                Vec::new(),
            );
        }
        self.phase = Phase::Laps;
    }

    /// Whether lap cards may be played (the pilot's matching Podracer is there), and the
    /// handling numbers he may use.
    fn start_laps(&mut self, board: &Board) {
        let Some(pilot) = self.pilot_at(board) else {
            self.phase = Phase::Refuel;
            return;
        };
        let Some(pilot_card) = board.card(pilot).cloned() else {
            self.phase = Phase::Refuel;
            return;
        };
        let weapon = self.weapon_at(board);
        let matched = weapon
            .and_then(|id| board.card(id))
            .is_some_and(|weapon| podracer_matches(weapon, &pilot_card));
        if !matched {
            self.pending.emit(
                PodraceEvent::NoLapCards {
                    pilot: pilot_card.full_name(),
                    weapon: weapon.map(|id| board.describe(id)),
                },
                &[LAPS_PLAY, MATCHING],
                Vec::new(),
                Vec::new(),
            );
            self.phase = Phase::Refuel;
            return;
        }
        let (numbers, unknown) = handling_numbers(board, self.side, &pilot_card);
        let mut cites = vec![HANDLING];
        if numbers.iter().any(|source| source.unusable) {
            cites.push(HANDLING_UNUSABLE);
        }
        self.handling = numbers
            .iter()
            .filter(|source| !source.unusable)
            .map(|source| source.number)
            .collect();
        self.pending.emit(
            PodraceEvent::Handling {
                pilot: pilot_card.full_name(),
                numbers,
                unknown,
            },
            cites,
            Vec::new(),
            Vec::new(),
        );
        self.laps_open = true;
        self.phase = Phase::LapPlay;
    }

    /// The next lap card: each card of his hand that can be the next number, as itself or
    /// as a handling card, and stop. `None`: an event to say first (the handling limit).
    fn lap_decision(&mut self, board: &Board) -> Option<Decision> {
        let side = self.side;
        let number = next_number(board, side);
        let handling_in_lap = handling_cards_in_lap(board, side);
        let mut seen: BTreeSet<String> = BTreeSet::new();
        let mut options = Vec::new();
        let mut limit_bites = false;
        for &id in board.zone(Zone::Hand(side)) {
            let Some(card) = board.card(id) else { continue };
            if card.card_type() == Some(CardType::Location) {
                continue;
            }
            let Some(destiny) = card.destiny() else {
                continue;
            };
            let key = if card.anonymous {
                format!("#{destiny}")
            } else {
                card.full_name()
            };
            if !seen.insert(key) {
                continue;
            }
            let as_handling = if destiny == i32::from(number) {
                false
            } else if u8::try_from(destiny).is_ok_and(|d| self.handling.contains(&d)) {
                if handling_in_lap >= HANDLING_CARDS_A_LAP {
                    limit_bites = true;
                    continue;
                }
                true
            } else {
                continue;
            };
            let shown = if card.anonymous {
                format!("a card of destiny {destiny}")
            } else {
                format!("{} (destiny {destiny})", card.full_name())
            };
            let label = if as_handling {
                format!("play {shown} as a handling card for the {number}")
            } else {
                format!("play {shown} as the {number}")
            };
            let cites = if as_handling {
                vec![LAPS_PLAY, HANDLING]
            } else {
                vec![LAPS_PLAY]
            };
            options.push(DecisionOption {
                // A card known only by its destiny is answered by its number, not its name.
                name: (!card.anonymous).then(|| card.full_name().into()),
                destiny: Some(destiny),
                ..DecisionOption::about_card(label, id, Some(card), cites)
            });
        }
        if limit_bites && !self.limit_said {
            self.limit_said = true;
            let assumption = self.pending.once(HANDLING_LIMIT_AS_PLAYED);
            self.pending.emit(
                PodraceEvent::HandlingLimit { number },
                &[HANDLING],
                assumption,
                Vec::new(),
            );
            return None;
        }
        // Where lap cards may follow Refuel, no card to play before it is no stop: the step
        // goes on to Refuel, and the lap cards after it.
        let refuel_next = self.laps_after_refuel && !self.refueled;
        if options.is_empty() && refuel_next {
            let thrust = self
                .pilot_at(board)
                .and_then(|pilot| board.instance(pilot))
                .map_or(0, |instance| instance.thrust);
            // That lap cards may follow Refuel is the scenario's reading, said here first.
            let assumption = self.pending.once(LAPS_AFTER_REFUEL);
            self.pending.emit(
                PodraceEvent::LapsEnd {
                    played: self.lap_cards_played(),
                    thrust,
                    why: LapsEnd::NoCardFitsBeforeRefuel,
                    next: number,
                },
                &[THRUST, REFUEL],
                assumption,
                Vec::new(),
            );
            self.phase = Phase::Refuel;
            return None;
        }
        options.push(DecisionOption {
            label: if refuel_next {
                "stop: play no more lap cards before Refuel".into()
            } else {
                "stop: play no more lap cards".into()
            },
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: true,
            cites: vec![THRUST].into(),
        });
        Some(Decision {
            kind: super::decisions::LAP_CARD,
            who: side,
            prompt: format!(
                "{side} player: the {number} of the lap ({} of your Thrust left)",
                crate::text::count(self.thrust_left, "lap card")
            ),
            options,
            more: crate::engine::Repeats::default(),
        })
    }

    /// Plays a lap card from the hand; a sixth finishes the lap.
    fn play_lap_card(&mut self, board: &mut Board, id: CardId, as_handling: bool) {
        let side = self.side;
        let number = next_number(board, side);
        let moved = describe_move(board, id, Zone::Hand(side), Zone::PodracingPile(side));
        board.move_to(id, Zone::PodracingPile(side));
        if let Some(instance) = board.instance_mut(id) {
            instance.handling_for = as_handling.then_some(number);
        }
        let destiny = board.card(id).and_then(Card::destiny).unwrap_or(0);
        self.thrust_left = self.thrust_left.saturating_sub(1);
        self.result.lap_cards.push(destiny);
        let card = if board.card(id).is_some_and(|card| card.anonymous) {
            format!("a card of destiny {destiny}")
        } else {
            format!("{} (destiny {destiny})", board.describe(id))
        };
        self.pending.emit(
            PodraceEvent::LapCard {
                side,
                card,
                destiny,
                number,
                handling: as_handling,
                thrust_left: self.thrust_left,
            },
            std::borrow::Cow::<[Citation]>::Borrowed(if as_handling {
                &[LAPS_PLAY, HANDLING]
            } else {
                &[LAPS_PLAY]
            }),
            Vec::new(),
            vec![moved],
        );
        if board.zone(Zone::PodracingPile(side)).len() >= LAP_LENGTH {
            self.finish_lap(board);
        }
    }

    /// A finished lap: a lap token, the six cards shuffled back; the third wins the game.
    fn finish_lap(&mut self, board: &mut Board) {
        let side = self.side;
        let from = Zone::PodracingPile(side);
        let moves: Vec<_> = board
            .zone(from)
            .iter()
            .map(|id| describe_move(board, *id, from, Zone::DrawDeck(side)))
            .collect();
        // The whole pile in one pass, in its order.
        board.move_first(from, moves.len(), Zone::DrawDeck(side));
        let deck_size = crate::engine::shuffle_deck(board, side, &mut self.random);
        let player = board.player_mut(side);
        player.laps = player.laps.saturating_add(1);
        let laps = player.laps;
        self.result.laps = laps;
        self.result.laps_finished = self.result.laps_finished.saturating_add(1);
        self.pending.emit(
            PodraceEvent::LapFinished {
                side,
                laps,
                thrust_left: self.thrust_left,
                deck_size,
            },
            &[LAP_FINISH],
            Vec::new(),
            moves,
        );
        if laps >= LAPS_TO_WIN {
            let loser = side.opponent();
            let from = Zone::DrawDeck(loser);
            let deck: Vec<CardId> = board.zone(from).to_vec();
            let moves: Vec<_> = deck
                .iter()
                .map(|id| describe_move(board, *id, from, Zone::DiscardPile(loser)))
                .collect();
            board.move_first(from, deck.len(), Zone::DiscardPile(loser));
            self.result.game_won = Some(side);
            self.pending.emit(
                PodraceEvent::PodraceWon {
                    winner: side,
                    discarded: deck.len(),
                },
                &[LAP_FINISH, WIN_THE_GAME],
                Vec::new(),
                moves,
            );
            self.phase = Phase::Done;
        }
    }

    /// Refuel: after thrusting, up to half the Thrust (rounded up) from the draw deck.
    fn refuel(&mut self, board: &Board) -> Option<Decision> {
        let side = self.side;
        if !self.result.thrusted {
            self.phase = Phase::Done;
            return None;
        }
        let stated_before = PodraceFile::stated(board).is_some_and(|setup| setup.thrusted);
        if self.refuel_needs_lap_card && self.result.lap_cards.is_empty() && !stated_before {
            let assumption = self.pending.once(REFUEL_AFTER_LAP_CARD);
            self.pending.emit(
                PodraceEvent::NoRefuel {
                    side,
                    no_lap_card: true,
                },
                &[REFUEL],
                assumption,
                Vec::new(),
            );
            self.phase = Phase::Done;
            return None;
        }
        let pilot = self.pilot_at(board)?;
        let thrust = board.instance(pilot).map_or(0, |instance| instance.thrust);
        let refuel = thrust.div_ceil(2);
        let deck = board.zone(Zone::DrawDeck(side)).len();
        let most = usize::try_from(refuel).unwrap_or(usize::MAX).min(deck);
        let options = (0..=most)
            .map(|drawn| DecisionOption {
                label: match drawn {
                    0 => "do not refuel".into(),
                    _ => {
                        format!("refuel: draw {}", crate::text::count(drawn as u64, "card")).into()
                    }
                },
                card: None,
                name: None,
                aliases: Vec::new(),
                destiny: None,
                declines: drawn == 0,
                cites: vec![REFUEL].into(),
            })
            .collect();
        Some(Decision {
            kind: super::decisions::REFUEL,
            who: side,
            prompt: format!(
                "{side} player: refuel, drawing up to your Refuel of {refuel} (half your {} rounded up), or not{}",
                crate::text::count(thrust, "Thrust token"),
                if deck < usize::try_from(refuel).unwrap_or(usize::MAX) {
                    format!(
                        "; your draw deck has {}",
                        crate::text::count(deck as u64, "card")
                    )
                } else {
                    String::new()
                }
            ),
            options,
            more: crate::engine::Repeats::default(),
        })
    }

    fn refuelled(&mut self, board: &mut Board, drawn: usize) {
        let side = self.side;
        let deck_had = board.zone(Zone::DrawDeck(side)).len();
        let thrust = self
            .pilot_at(board)
            .and_then(|pilot| board.instance(pilot))
            .map_or(0, |instance| instance.thrust);
        let top: Vec<CardId> = board
            .zone(Zone::DrawDeck(side))
            .iter()
            .take(drawn)
            .copied()
            .collect();
        let mut moves = Vec::with_capacity(top.len());
        for id in top {
            moves.push(describe_move(
                board,
                id,
                Zone::DrawDeck(side),
                Zone::Hand(side),
            ));
            board.move_to(id, Zone::Hand(side));
        }
        let drawn = u32::try_from(moves.len()).unwrap_or(u32::MAX);
        self.result.refuel_drawn = Some(drawn);
        let stated_before = PodraceFile::stated(board).is_some_and(|setup| setup.thrusted);
        let mut assumption =
            if self.result.lap_cards.is_empty() && !stated_before && !self.refuel_needs_lap_card {
                self.pending.once(REFUEL_AFTER_TOKEN)
            } else {
                Vec::new()
            };
        // With Thrust left and cards drawn, whether lap cards may follow is a named reading.
        let more_laps = self.laps_open && self.thrust_left > 0 && drawn > 0;
        if more_laps {
            assumption.extend(self.pending.once(if self.laps_after_refuel {
                LAPS_AFTER_REFUEL
            } else {
                LAPS_END_AT_REFUEL
            }));
        }
        self.refueled = true;
        self.pending.emit(
            PodraceEvent::Refueled {
                side,
                drawn,
                refuel: thrust.div_ceil(2),
                thrust,
                deck_had,
            },
            &[REFUEL],
            assumption,
            moves,
        );
        self.phase = if more_laps && self.laps_after_refuel {
            Phase::LapPlay
        } else {
            Phase::Done
        };
    }

    /// Where the step goes once lap cards end: to Refuel, or, after it, to the end.
    fn after_lap_play(&self) -> Phase {
        if self.refueled {
            Phase::Done
        } else {
            Phase::Refuel
        }
    }

    /// The lap cards played in this step.
    fn lap_cards_played(&self) -> u32 {
        u32::try_from(self.result.lap_cards.len()).unwrap_or(u32::MAX)
    }

    /// The result's state of the Objective and the pile, read at the end.
    fn settle_result(&mut self, board: &Board) {
        let side = self.side;
        if self.result.side.is_none() {
            return;
        }
        self.result.laps = board.player(side).laps;
        self.result.thrust = self
            .pilot_at(board)
            .and_then(|pilot| board.instance(pilot))
            .map_or(0, |instance| instance.thrust);
        self.result.pile = board
            .zone(Zone::PodracingPile(side))
            .iter()
            .map(|id| board.card(*id).and_then(Card::destiny).unwrap_or(0))
            .collect();
    }
}

impl Procedure for PodraceEngine {
    type Table = Board;
    type Event = PodraceEvent;
    type Result = PodraceResult;

    fn result(&self) -> &PodraceResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<PodraceEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        self.next_step(board)
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        self.take_answer(board, decision, choice);
    }

    /// The result's state of the Objective and the pile, read whenever the walk may stop.
    fn settle(&mut self, board: &Board) {
        self.settle_result(board);
    }

    fn ruled_out(&self, board: &Board, decision: &Decision, given: &str) -> Option<RuledOut> {
        (decision.kind == super::decisions::LAP_CARD).then(|| self.lap_card_ruled_out(board, given))
    }
}

impl PodraceEngine {
    /// Why a lap card a script names may not be the next: not in the hand, a Location, or a
    /// destiny that is neither the number the lap needs nor a handling number he may use.
    fn lap_card_ruled_out(&self, board: &Board, given: &str) -> RuledOut {
        let side = self.side;
        let number = next_number(board, side);
        let hand: Vec<&Card> = board
            .zone(Zone::Hand(side))
            .iter()
            .filter_map(|&id| board.card(id))
            .collect();
        let in_hand = match given.trim().parse::<i32>() {
            Ok(destiny) => hand
                .iter()
                .find(|card| card.destiny() == Some(destiny))
                .copied(),
            Err(_) => {
                let named: Vec<Card> = hand
                    .iter()
                    .filter(|card| !card.anonymous)
                    .map(|card| (*card).clone())
                    .collect();
                let found = crate::cards::find(&named, given)
                    .ok()
                    .and_then(|found| found.first().map(|card| card.full_name()));
                found.and_then(|name| hand.iter().find(|card| card.full_name() == name).copied())
            }
        };
        let Some(card) = in_hand else {
            return RuledOut {
                why: format!(
                    "{} is not in the {side} hand, which lap cards are played from",
                    crate::text::quoted(given)
                ),
                cites: vec![LAPS_PLAY],
                assumptions: Vec::new(),
            };
        };
        let name = if card.anonymous {
            format!("the card of destiny {}", card.destiny().unwrap_or_default())
        } else {
            card.full_name()
        };
        if card.card_type() == Some(CardType::Location) {
            return RuledOut {
                why: format!("{name} is a Location, and Location cards may not be lap cards"),
                cites: vec![LAPS_PLAY],
                assumptions: Vec::new(),
            };
        }
        let Some(destiny) = card.destiny() else {
            return RuledOut {
                why: format!("{name} has no destiny number the walk knows"),
                cites: vec![LAPS_PLAY],
                assumptions: Vec::new(),
            };
        };
        let pilot = self.pilot_at(board).and_then(|id| board.card(id));
        let sources = pilot
            .map(|pilot| handling_numbers(board, side, pilot).0)
            .unwrap_or_default();
        let of_destiny: Vec<&HandlingSource> = sources
            .iter()
            .filter(|source| i32::from(source.number) == destiny)
            .collect();
        if of_destiny.iter().any(|source| !source.unusable) {
            return RuledOut {
                why: format!(
                    "{name} (destiny {destiny}) would be a handling card for the {number}, and {HANDLING_CARDS_A_LAP} handling cards are in this lap already"
                ),
                cites: vec![HANDLING],
                assumptions: vec![HANDLING_LIMIT_AS_PLAYED],
            };
        }
        let usable: Vec<String> = sources
            .iter()
            .filter(|source| !source.unusable)
            .map(|source| source.number.to_string())
            .collect();
        let unusable: Vec<String> = sources
            .iter()
            .filter(|source| source.unusable)
            .map(|source| source.number.to_string())
            .collect();
        let handling = if !of_destiny.is_empty() {
            format!(", and a Handling of {destiny} is one he cannot use")
        } else if usable.is_empty() && !unusable.is_empty() {
            format!(
                ", and his Handling of {} is one he cannot use",
                unusable.join(" and ")
            )
        } else if usable.is_empty() {
            ", and he has no Handling number".to_string()
        } else {
            format!(", nor a Handling number he can use ({})", usable.join(", "))
        };
        let mut cites = vec![LAPS_PLAY, HANDLING];
        if !of_destiny.is_empty() || sources.iter().any(|source| source.unusable) {
            cites.push(HANDLING_UNUSABLE);
        }
        let what = if card.anonymous {
            format!("the {destiny} is not the {number} the lap needs next")
        } else {
            format!("{name} has destiny {destiny}, not the {number} the lap needs next")
        };
        RuledOut {
            why: format!("{what}{handling}"),
            cites,
            assumptions: Vec::new(),
        }
    }
}

impl PodraceEngine {
    fn next_step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        {
            match self.phase {
                Phase::Done => return Ok(Next::Done),
                Phase::Start => self.start(board)?,
                Phase::Deploys => {
                    if let Err(fact) = self.deploy_next(board) {
                        self.phase = Phase::Done;
                        return Err(fact);
                    }
                }
                Phase::Search => {
                    let Some((wanted, search)) = self.search.clone() else {
                        self.phase = Phase::Deploys;
                        return Ok(Next::Continue);
                    };
                    // With nothing he may deploy, "none" is the one option: the run takes it,
                    // and a script that says so is heard.
                    return Ok(Next::Decide(self.fetch_decision(board, &wanted, &search)));
                }
                Phase::Reshuffle => self.reshuffle(board),
                Phase::Thrust => {
                    if let Some(decision) = self.thrust(board) {
                        return Ok(Next::Decide(decision));
                    }
                }
                Phase::Laps => self.start_laps(board),
                Phase::LapPlay => {
                    if self.thrust_left == 0 {
                        let thrust = self
                            .pilot_at(board)
                            .and_then(|pilot| board.instance(pilot))
                            .map_or(0, |instance| instance.thrust);
                        let next = next_number(board, self.side);
                        self.pending.emit(
                            PodraceEvent::LapsEnd {
                                played: self.lap_cards_played(),
                                thrust,
                                why: LapsEnd::ThrustUsed,
                                next,
                            },
                            &[THRUST],
                            Vec::new(),
                            Vec::new(),
                        );
                        self.phase = self.after_lap_play();
                        return Ok(Next::Continue);
                    }
                    if let Some(decision) = self.lap_decision(board) {
                        return Ok(Next::Decide(decision));
                    }
                }
                Phase::Refuel => {
                    if let Some(decision) = self.refuel(board) {
                        return Ok(Next::Decide(decision));
                    }
                }
            }
        }
        Ok(Next::Continue)
    }

    /// Carries out the option chosen.
    fn take_answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        match decision.kind {
            crate::engine::from_deck::FETCH => {
                match option.card {
                    Some(id) => {
                        let cost = self
                            .search
                            .as_ref()
                            .map_or(0, |(_, search)| search.cost_of(id));
                        self.place_at_objective(board, id, Zone::DrawDeck(self.side), cost);
                        self.result.fetched = board.card(id).map(Card::full_name);
                    }
                    None => {
                        let why = self
                            .search
                            .as_ref()
                            .and_then(|(_, search)| search.none_possible())
                            .unwrap_or(NotFetched::ChangedHisMind);
                        self.not_fetched(why);
                    }
                }
                self.search = None;
                self.phase = Phase::Reshuffle;
            }
            super::decisions::THRUST => match option.card {
                Some(pilot) if !option.declines => self.place_thrust_token(board, pilot),
                _ => {
                    self.pending.emit(
                        PodraceEvent::NoThrust { side: self.side },
                        &[THRUST, REFUEL],
                        Vec::new(),
                        Vec::new(),
                    );
                    self.phase = Phase::Done;
                }
            },
            super::decisions::LAP_CARD => match option.card {
                Some(id) if !option.declines => {
                    let destiny = option.destiny.unwrap_or(0);
                    let number = next_number(board, self.side);
                    let as_handling = destiny != i32::from(number);
                    self.play_lap_card(board, id, as_handling);
                }
                _ => {
                    let thrust = self
                        .pilot_at(board)
                        .and_then(|pilot| board.instance(pilot))
                        .map_or(0, |instance| instance.thrust);
                    let why = if decision.card_count() == 1 {
                        LapsEnd::NoCardFits
                    } else {
                        LapsEnd::Stopped
                    };
                    let next = next_number(board, self.side);
                    self.pending.emit(
                        PodraceEvent::LapsEnd {
                            played: self.lap_cards_played(),
                            thrust,
                            why,
                            next,
                        },
                        &[THRUST],
                        Vec::new(),
                        Vec::new(),
                    );
                    self.phase = self.after_lap_play();
                }
            },
            super::decisions::REFUEL => self.refuelled(board, choice),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    /// A board whose Dark Side Podracing pile holds cards of these destiny numbers, some
    /// marked as handling cards standing for a number.
    fn pile(cards: &[(i32, Option<u8>)]) -> Board {
        let mut board = Board::new(Ruleset::latest(), 0);
        for (destiny, stands_for) in cards {
            let definition = board.define(Card::anonymous(*destiny));
            let id = board.add(Zone::PodracingPile(Side::Dark), definition, Side::Dark);
            if let Some(instance) = board.instance_mut(id) {
                instance.handling_for = *stands_for;
            }
        }
        board
    }

    #[test]
    fn the_next_number_follows_the_pile_and_starts_again_after_six() {
        assert_eq!(next_number(&pile(&[]), Side::Dark), 1);
        assert_eq!(next_number(&pile(&[(1, None), (2, None)]), Side::Dark), 3);
        assert_eq!(next_number(&pile(&[(1, None); 6]), Side::Dark), 1);
    }

    #[test]
    fn handling_cards_are_those_marked_and_those_out_of_their_place() {
        // A 4 for the 1 (not marked), the 2, a 4 marked for the 3, and a 4 as the 4.
        let board = pile(&[(4, None), (2, None), (4, Some(3)), (4, None)]);
        assert_eq!(handling_cards_in_lap(&board, Side::Dark), 2);
        assert_eq!(handling_cards_in_lap(&pile(&[]), Side::Dark), 0);
    }
}
