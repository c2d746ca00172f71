//! The FAQ's misplay remedies, applied to a position: each finding of `check` whose remedy
//! the engine can carry out, in the order of the file, and the board after them.

use std::collections::VecDeque;

use serde::Serialize;

use crate::board::{Board, CardId, Zone};
use crate::cards::Side;
use crate::legality::{Basis, Violation};
use crate::rules::{Citation, Corpus};

use super::{Advance, Decision, Event, Move, Procedure, Tally, describe_move};

/// What happened as the remedies were applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum RemedyEvent {
    /// The position breaks no rule whose remedy the FAQ gives.
    NothingToRemedy,
    /// A finding, whose remedy follows; `assumed` names the assumptions it rests on.
    Finding {
        code: String,
        message: String,
        assumed: Vec<String>,
    },
    /// The remedy takes cards back into their owner's hand.
    ReturnedToHand {
        side: Side,
        cards: Vec<String>,
        /// A stack left where it is, if the remedy keeps one.
        kept: Option<String>,
    },
    /// The position does not tell which cards the remedy takes back.
    CannotTell { code: String },
    /// A remedy the engine does not carry out.
    NotWalked { code: String },
}

/// What came of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RemedyResult {
    /// The codes of the findings remedied, in order.
    pub remedied: Vec<String>,
    /// The codes of the findings whose remedy was not carried out.
    pub not_remedied: Vec<String>,
    /// The cards taken back into a hand.
    pub returned: Vec<String>,
}

/// The procedure.
pub struct Remedies {
    /// Each finding with a remedy, and the cards its remedy takes back into the hand.
    findings: VecDeque<(Violation, Option<Vec<CardId>>)>,
    started: bool,
    pending: VecDeque<Event>,
    result: RemedyResult,
}

impl Remedies {
    pub fn new(board: &Board, corpus: &Corpus) -> Remedies {
        let findings = crate::legality::check(board, corpus)
            .into_iter()
            .filter(|finding| finding.remedy.is_some())
            .map(|finding| {
                let back = crate::legality::back_to_hand(board, corpus, &finding);
                (finding, back)
            })
            .collect();
        Remedies {
            findings,
            started: false,
            pending: VecDeque::new(),
            result: RemedyResult::default(),
        }
    }

    pub fn result(&self) -> &RemedyResult {
        &self.result
    }

    fn emit(
        &mut self,
        kind: RemedyEvent,
        cites: Vec<Citation>,
        assumptions: Vec<super::Assumption>,
        moves: Vec<Move>,
    ) {
        self.pending.push_back(Event {
            kind: kind.into(),
            cites,
            assumptions,
            moves,
            tally: Tally::default(),
        });
    }

    fn remedy(&mut self, board: &mut Board, finding: Violation, back: Option<Vec<CardId>>) {
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
        self.emit(
            RemedyEvent::Finding {
                code: code.clone(),
                message: finding.message.clone(),
                assumed,
            },
            rules,
            Vec::new(),
            Vec::new(),
        );
        let remedy: Vec<Citation> = finding.remedy.into_iter().collect();
        match back {
            Some(cards) if !cards.is_empty() => {
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
                    self.emit(
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
            Some(_) => self.result.remedied.push(code),
            None if finding.code == "stack-on-two-planets" => {
                self.result.not_remedied.push(code.clone());
                self.emit(
                    RemedyEvent::CannotTell { code },
                    remedy,
                    Vec::new(),
                    Vec::new(),
                );
            }
            None => {
                self.result.not_remedied.push(code.clone());
                self.emit(
                    RemedyEvent::NotWalked { code },
                    remedy,
                    Vec::new(),
                    Vec::new(),
                );
            }
        }
    }
}

impl Procedure<Board> for Remedies {
    fn advance(&mut self, board: &mut Board) -> Advance {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Advance::Event(event);
            }
            if !self.started {
                self.started = true;
                if self.findings.is_empty() {
                    self.emit(
                        RemedyEvent::NothingToRemedy,
                        Vec::new(),
                        Vec::new(),
                        Vec::new(),
                    );
                }
                continue;
            }
            let Some((finding, back)) = self.findings.pop_front() else {
                return Advance::Done;
            };
            self.remedy(board, finding, back);
        }
    }

    fn answer(&mut self, _board: &mut Board, _decision: &Decision, _choice: usize) {}
}
