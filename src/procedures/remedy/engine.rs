//! The FAQ's misplay remedies, applied to a position: each finding of `check` whose remedy
//! the engine can carry out, in the order of the file, and the board after them.

use std::collections::VecDeque;

use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::legality::{Basis, Remedy, RemedyAction, Violation};
use crate::rules::{Citation, Corpus};

use super::events::{RemedyEvent, RemedyResult};
use crate::board::{PLANETS, Planet};
use crate::cards::CardType;
use crate::engine::{
    Assumption, Decision, DecisionOption, MissingFact, Next, Pending, Procedure, describe_move,
};
use crate::random::Random;

pub(crate) const EVEN_UP_HAND: Assumption = Assumption {
    name: "even-up-hand-size",
    text: "Evening up draws cards from the draw deck until the hand holds 6. The rule sources name Even Up but not its hand size; the base rulebook is described so.",
};

/// The hand size of Even Up under its named assumption.
const HAND_SIZE: usize = 6;

/// Where the remedy of hidden cards over six stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conceding {
    /// The opponent decides whether to shuffle her cards there back.
    ShuffleBack,
    /// The offender chooses the next planet.
    NextPlanet,
}

/// The procedure.
#[derive(Clone)]
pub struct RemedyEngine {
    /// Each finding with a remedy, in the order of the file.
    findings: VecDeque<Violation>,
    started: bool,
    random: Random,
    /// Whether lap cards count as the draw deck once it is exhausted (Boonta Eve).
    laps_rule: bool,
    /// The hidden-cards remedy under way: the offender, and the step it is at.
    conceding: Option<(Side, Conceding)>,
    pending: Pending<RemedyEvent>,
    result: RemedyResult,
}

impl RemedyEngine {
    pub fn new(board: &Board, corpus: &Corpus) -> RemedyEngine {
        let findings = crate::procedures::check_board(board, corpus)
            .into_iter()
            .filter(|finding| finding.remedy.is_some())
            .collect();
        RemedyEngine {
            findings,
            started: false,
            random: Random::seeded(board.seed),
            laps_rule: board
                .ruleset
                .in_force_id(corpus, crate::engine::damage::LAP_CARDS.id()),
            conceding: None,
            pending: Pending::default(),
            result: RemedyResult::default(),
        }
    }

    fn remedy(&mut self, board: &mut Board, finding: Violation) {
        let code = finding.code.to_string();
        let rules: Vec<Citation> = finding
            .basis
            .iter()
            .filter_map(|basis| match basis {
                Basis::Rule(citation) => Some(*citation),
                Basis::Assumption(_) => None,
            })
            .collect();
        let assumed: Vec<String> = finding
            .basis
            .iter()
            .filter_map(|basis| match basis {
                Basis::Assumption(name) => Some(name.clone()),
                Basis::Rule(_) => None,
            })
            .collect();
        self.pending.emit(
            RemedyEvent::Finding {
                code: code.clone(),
                message: finding.message.clone(),
                assumed,
            },
            rules,
            Vec::new(),
            Vec::new(),
        );
        let Some(Remedy { ruling, action }) = finding.remedy.clone() else {
            return;
        };
        let remedy = vec![ruling];
        match action {
            RemedyAction::BackToHand(cards) if !cards.is_empty() => {
                let kept = finding
                    .cards
                    .iter()
                    .find(|id| !cards.contains(id))
                    .and_then(|id| match board.zone_of(*id) {
                        Some(Zone::InPlay(planet, _)) => Some(planet.name().to_string()),
                        _ => None,
                    });
                let mut by_side: Vec<(Side, Vec<CardId>)> = Vec::new();
                for id in cards {
                    let Some(owner) = board.instance(id).map(|instance| instance.owner) else {
                        continue;
                    };
                    match by_side.iter_mut().find(|(side, _)| *side == owner) {
                        Some((_, ids)) => ids.push(id),
                        None => by_side.push((owner, vec![id])),
                    }
                }
                for (side, ids) in by_side {
                    let mut moves = Vec::new();
                    let mut names = Vec::new();
                    for id in ids {
                        let Some(from) = board.zone_of(id) else {
                            continue;
                        };
                        moves.push(describe_move(board, id, from, Zone::Hand(side)));
                        board.move_to(id, Zone::Hand(side));
                        if let Some(instance) = board.instance_mut(id) {
                            instance.face_down = false;
                        }
                        names.push(board.describe(id));
                    }
                    self.result.returned.extend(names.iter().cloned());
                    self.pending.emit(
                        RemedyEvent::ReturnedToHand {
                            side,
                            cards: names,
                            kept: kept.clone(),
                        },
                        remedy.clone(),
                        Vec::new(),
                        moves,
                    );
                }
                self.result.remedied.push(code);
            }
            RemedyAction::BackToHand(_) => self.result.remedied.push(code),
            RemedyAction::FirstStackUnknown => {
                self.result.not_remedied.push(code.clone());
                self.pending.emit(
                    RemedyEvent::CannotTell { code },
                    remedy.clone(),
                    Vec::new(),
                    Vec::new(),
                );
            }
            RemedyAction::ConcedePlanet if self.concede(board, &finding, remedy.clone()) => {
                self.result.remedied.push(code);
            }
            RemedyAction::ConcedePlanet => {
                self.result.not_remedied.push(code.clone());
                self.pending.emit(
                    RemedyEvent::NotWalked { code },
                    remedy.clone(),
                    Vec::new(),
                    Vec::new(),
                );
            }
        }
    }
}

const HIDDEN_OVER_SIX: Citation = crate::rules::cite("misplays.hidden-over-six");

impl RemedyEngine {
    /// Hidden cards over six: the offender concedes the current planet; his Battle cards and
    /// starships there are discarded, the rest stay.
    /// Whether it could: the position must name the current planet.
    fn concede(&mut self, board: &mut Board, finding: &Violation, cites: Vec<Citation>) -> bool {
        let Some(side) = finding
            .cards
            .first()
            .and_then(|id| board.instance(*id))
            .map(|instance| instance.owner)
        else {
            return false;
        };
        let Some(planet) = board.current_planet else {
            return false;
        };
        let mut moves = Vec::new();
        let mut discarded = Vec::new();
        for id in board.zone(Zone::InPlay(planet, side)).to_vec() {
            if matches!(
                board.card_type(id),
                Some(CardType::Battle) | Some(CardType::Starship)
            ) {
                // A discarded card is face up.
                if let Some(instance) = board.instance_mut(id) {
                    instance.face_down = false;
                }
                moves.push(describe_move(
                    board,
                    id,
                    Zone::InPlay(planet, side),
                    Zone::DiscardPile(side),
                ));
                board.move_to(id, Zone::DiscardPile(side));
                discarded.push(board.describe(id));
            }
        }
        let opponent = board.player_mut(side.opponent());
        if !opponent.controlled.contains(&planet) {
            opponent.controlled.push(planet);
        }
        self.result.conceded = Some(planet.name().to_string());
        self.pending.emit(
            RemedyEvent::Conceded {
                side,
                planet: planet.name().to_string(),
                discarded,
            },
            cites,
            Vec::new(),
            moves,
        );
        self.conceding = Some((side, Conceding::ShuffleBack));
        true
    }

    fn decision(&self, board: &Board) -> Option<Decision> {
        let (side, step) = self.conceding?;
        let option = |label: String, name: Option<String>, declines: bool| DecisionOption {
            label: label.into(),
            card: None,
            name: name.map(Into::into),
            aliases: Vec::new(),
            destiny: None,
            declines,
            cites: vec![HIDDEN_OVER_SIX].into(),
        };
        let planet = board.current_planet?;
        match step {
            Conceding::ShuffleBack => Some(Decision {
                kind: super::decisions::SHUFFLE_BACK,
                who: side.opponent(),
                prompt: format!(
                    "{} player: shuffle the cards you deployed on {planet} back into your draw deck, or leave them",
                    side.opponent()
                ),
                options: vec![
                    option("shuffle them back".to_string(), Some("true".into()), false),
                    option("leave them".to_string(), Some("false".into()), true),
                ],
                more: crate::engine::Repeats::default(),
            }),
            Conceding::NextPlanet => Some(Decision {
                kind: super::decisions::NEXT_PLANET,
                who: side,
                prompt: format!(
                    "{side} player: choose the next planet, where you take the first turn"
                ),
                options: PLANETS
                    .iter()
                    .filter(|name| **name != planet.name())
                    .map(|name| option(name.to_string(), Some((*name).to_string()), false))
                    .collect(),
                more: crate::engine::Repeats::default(),
            }),
        }
    }

    /// The offender evens up: draws until his hand holds the hand size.
    fn even_up(&mut self, board: &mut Board, side: Side) {
        let mut moves = Vec::new();
        let short = HAND_SIZE.saturating_sub(board.zone(Zone::Hand(side)).len());
        let taken = crate::engine::damage::draw(
            board,
            side,
            short,
            self.laps_rule,
            &mut moves,
            self.pending.words,
        );
        let mut cites = vec![HIDDEN_OVER_SIX];
        cites.extend(taken.lap_cards_cited());
        self.pending.emit(
            RemedyEvent::EvenedUp {
                side,
                drawn: taken.lost,
                hand_size: board.zone(Zone::Hand(side)).len(),
                deck_left: taken.deck_left,
                lap_cards: taken.lap_cards,
            },
            cites,
            vec![EVEN_UP_HAND],
            moves,
        );
        if taken.lost > 0 && taken.ran_out {
            let winner = side.opponent();
            self.result.deck_victory = Some(winner);
            self.pending.emit(
                RemedyEvent::DeckVictory { winner },
                vec![crate::rules::cite("even-up.deck-victory-first")],
                Vec::new(),
                Vec::new(),
            );
            self.conceding = None;
            self.findings.clear();
        }
    }
}

impl Procedure for RemedyEngine {
    type Table = Board;
    type Event = RemedyEvent;
    type Result = RemedyResult;

    fn result(&self) -> &RemedyResult {
        &self.result
    }

    fn pending(&mut self) -> &mut Pending<RemedyEvent> {
        &mut self.pending
    }

    fn step(&mut self, board: &mut Board) -> Result<Next, MissingFact> {
        if !self.started {
            self.started = true;
            if self.findings.is_empty() {
                self.pending.emit(
                    RemedyEvent::NothingToRemedy,
                    Vec::new(),
                    Vec::new(),
                    Vec::new(),
                );
            }
            return Ok(Next::Continue);
        }
        if let Some(decision) = self.decision(board) {
            return Ok(Next::Decide(decision));
        }
        let Some(finding) = self.findings.pop_front() else {
            return Ok(Next::Done);
        };
        self.remedy(board, finding);
        Ok(Next::Continue)
    }

    fn answer(&mut self, board: &mut Board, decision: &Decision, choice: usize) {
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let Some((side, step)) = self.conceding else {
            return;
        };
        match step {
            Conceding::ShuffleBack => {
                let opponent = side.opponent();
                if option.declines {
                    self.pending.emit(
                        RemedyEvent::KeptThere { side: opponent },
                        &[HIDDEN_OVER_SIX],
                        Vec::new(),
                        Vec::new(),
                    );
                } else if let Some(planet) = board.current_planet {
                    let mut moves = Vec::new();
                    let mut cards = Vec::new();
                    for id in board.zone(Zone::InPlay(planet, opponent)).to_vec() {
                        moves.push(describe_move(
                            board,
                            id,
                            Zone::InPlay(planet, opponent),
                            Zone::DrawDeck(opponent),
                        ));
                        board.move_to(id, Zone::DrawDeck(opponent));
                        cards.push(board.describe(id));
                    }
                    let deck_size = crate::engine::shuffle_deck(board, opponent, &mut self.random);
                    self.pending.emit(
                        RemedyEvent::ShuffledBack {
                            side: opponent,
                            cards,
                            deck_size,
                        },
                        &[HIDDEN_OVER_SIX],
                        Vec::new(),
                        moves,
                    );
                }
                self.conceding = Some((side, Conceding::NextPlanet));
                self.even_up(board, side);
            }
            Conceding::NextPlanet => {
                let chosen = option.name.as_deref().and_then(Planet::parse);
                if let Some(planet) = chosen {
                    board.current_planet = Some(planet);
                    board.turn = Some(side);
                    self.result.next_planet = Some(planet.name().to_string());
                    self.pending.emit(
                        RemedyEvent::NextPlanet {
                            side,
                            planet: planet.name().to_string(),
                        },
                        &[HIDDEN_OVER_SIX],
                        Vec::new(),
                        Vec::new(),
                    );
                }
                self.conceding = None;
            }
        }
    }
}
