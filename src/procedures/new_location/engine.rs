//! Effects on a new planet: when the first location of a planet goes into play (at the start
//! of the game, or when a player takes control of a planet), each player may get one Effect
//! from his draw deck, show it, put it in his hand and reshuffle, the player who put the
//! location down first.

use super::section::NewLocationFile;
use crate::scenario::SectionFile;
use std::collections::BTreeSet;

use crate::board::{Board, CardId, Zone};
use crate::cards::{Card, Side};
use crate::random::Random;
use crate::rules::{Citation, cite};

use super::events::{EffectsEvent, EffectsResult, Occasion};
use crate::engine::{
    Assumption, Decision, DecisionOption, MissingFact, Next, Pending, Procedure, describe_move,
};

const NEW_PLANET: Citation = cite("effects.new-planet");
const START_OF_GAME: Citation = cite("effects.start-of-game");

pub(crate) const NO_EFFECT_NO_RESHUFFLE: Assumption = Assumption {
    name: "no-effect-no-reshuffle",
    text: "A player who gets no Effect does not search his draw deck, so it is not reshuffled. The rule sources say only that a player who gets one reshuffles.",
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Choose(usize),
    Done,
}

/// The procedure.
#[derive(Clone)]
pub struct NewLocationEngine {
    phase: Phase,
    pending: Pending<EffectsEvent>,
    random: Random,
    order: [Side; 2],
    occasion: Occasion,
    result: EffectsResult,
}

impl NewLocationEngine {
    pub fn new(board: &Board) -> NewLocationEngine {
        let setup = NewLocationFile::stated(board);
        let first = setup.and_then(|setup| setup.by).or(board.turn);
        let occasion = setup.map(|setup| setup.occasion).unwrap_or_default();
        let planet = setup
            .and_then(|setup| setup.planet)
            .or(board.current_planet)
            .map(|planet| planet.name().to_string());
        let first_side = first.unwrap_or(Side::Light);
        NewLocationEngine {
            phase: Phase::Start,
            pending: Pending::default(),
            random: Random::seeded(board.seed),
            order: [first_side, first_side.opponent()],
            occasion,
            result: EffectsResult {
                first,
                occasion,
                planet,
                ..EffectsResult::default()
            },
        }
    }

    fn cites(&self) -> Vec<Citation> {
        match self.occasion {
            Occasion::NewPlanet => vec![NEW_PLANET],
            Occasion::StartOfGame | Occasion::TookControl => vec![NEW_PLANET, START_OF_GAME],
        }
    }

    /// The Effects in a player's draw deck, the first copy of each title: an Effect, or a
    /// Double Impact card whose other half is one, which deploys as that Effect.
    fn effects_in_deck(board: &Board, side: Side) -> Vec<CardId> {
        let mut titles = BTreeSet::new();
        board
            .zone(Zone::DrawDeck(side))
            .iter()
            .copied()
            .filter(|id| {
                board
                    .card(*id)
                    .is_some_and(crate::cards::Card::acts_as_effect)
            })
            .filter(|id| {
                board
                    .card(*id)
                    .is_some_and(|card| titles.insert(card.full_name()))
            })
            .collect()
    }

    fn decision(&self, board: &Board, side: Side) -> Decision {
        let mut options: Vec<DecisionOption> = Self::effects_in_deck(board, side)
            .into_iter()
            .map(|id| {
                let card = board.card(id);
                let name = card.map(Card::full_name).unwrap_or_default();
                DecisionOption::about_card(
                    format!("get {name}, show it and reshuffle"),
                    id,
                    card,
                    self.cites(),
                )
            })
            .collect();
        options.push(DecisionOption {
            label: "get no Effect".into(),
            card: None,
            name: None,
            aliases: Vec::new(),
            destiny: None,
            declines: true,
            cites: self.cites().into(),
        });
        let look = if self.occasion == Occasion::StartOfGame {
            " (you may look at your starting hand first)"
        } else {
            ""
        };
        Decision {
            kind: super::decisions::NEW_PLANET_EFFECT,
            who: side,
            prompt: format!("{side} player: get one Effect from your draw deck{look}, or none"),
            options,
            more: crate::engine::Repeats::default(),
        }
    }

    fn take(&mut self, board: &mut Board, side: Side, id: CardId) {
        let moved = describe_move(board, id, Zone::DrawDeck(side), Zone::Hand(side));
        board.move_to(id, Zone::Hand(side));
        let card = board.card(id).map(Card::full_name).unwrap_or_default();
        match side {
            Side::Light => self.result.light_effect = Some(card.clone()),
            Side::Dark => self.result.dark_effect = Some(card.clone()),
        }
        let hand_size = board.zone(Zone::Hand(side)).len();
        let cites = self.cites();
        self.pending.emit(
            EffectsEvent::EffectTaken {
                side,
                card,
                hand_size,
                occasion: self.occasion,
            },
            cites,
            Vec::new(),
            vec![moved],
        );
        let deck_size = crate::engine::shuffle_deck(board, side, &mut self.random);
        self.pending.emit(
            EffectsEvent::Reshuffled { side, deck_size },
            &[NEW_PLANET],
            Vec::new(),
            Vec::new(),
        );
    }

    fn decline(&mut self, board: &Board, side: Side) {
        let had_one = !Self::effects_in_deck(board, side).is_empty();
        let assumptions = self.pending.once(NO_EFFECT_NO_RESHUFFLE);
        let cites = self.cites();
        self.pending.emit(
            EffectsEvent::NoEffect { side, had_one },
            cites,
            assumptions,
            Vec::new(),
        );
    }
}

impl Procedure for NewLocationEngine {
    type Table = Board;
    type Event = EffectsEvent;
    type Result = EffectsResult;

    fn result(&self) -> &EffectsResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<EffectsEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        {
            match self.phase {
                Phase::Done => return Ok(Next::Done),
                Phase::Start => {
                    let Some(first) = self.result.first else {
                        self.pending.emit(
                            EffectsEvent::NoOneFirst,
                            &[NEW_PLANET],
                            Vec::new(),
                            Vec::new(),
                        );
                        self.phase = Phase::Done;
                        return Ok(Next::Continue);
                    };
                    let cites = self.cites();
                    self.pending.emit(
                        EffectsEvent::Occasion {
                            first,
                            planet: self.result.planet.clone(),
                            occasion: self.occasion,
                        },
                        cites,
                        Vec::new(),
                        Vec::new(),
                    );
                    self.phase = Phase::Choose(0);
                }
                Phase::Choose(turn) => {
                    let Some(side) = self.order.get(turn).copied() else {
                        self.phase = Phase::Done;
                        return Ok(Next::Continue);
                    };
                    // With no Effect in his deck, "none" is the one option: the run takes it,
                    // and a script that says so is heard.
                    return Ok(Next::Decide(self.decision(board, side)));
                }
            }
        }
        Ok(Next::Continue)
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Phase::Choose(turn) = self.phase else {
            return;
        };
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let side = decision.who;
        match option.card {
            Some(id) => self.take(board, side, id),
            None => self.decline(board, side),
        }
        self.phase = Phase::Choose(turn.saturating_add(1));
    }
}
