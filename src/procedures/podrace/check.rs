//! What the Boonta Eve rules say of a position's Podrace: the Podracing pile (its sequence,
//! handling cards, no Locations, a lap left unfinished at six), the lap tokens and the Thrust
//! tokens, each finding with its line.

use crate::board::{Board, CardId, Span, Zone};
use crate::cards::traits::{podracer_matches, podracer_pilot, podracer_weapon};
use crate::cards::{CardType, Side, TraitValue};
use crate::legality::{Basis, Verdict, Violation};
use crate::procedures::podrace::engine::{
    HANDLING, HANDLING_CARDS_A_LAP, HANDLING_LIMIT_AS_PLAYED, HANDLING_UNUSABLE, LAP_FINISH,
    LAP_LENGTH, LAPS_PLAY, LAPS_TO_WIN, THRUST, THRUST_CAP, THRUST_TOKENS_CAP, handling_numbers,
};
use crate::rules::Corpus;

/// Every Podrace finding about the position.
pub fn podrace_findings(board: &Board, corpus: &Corpus) -> Vec<Violation> {
    let mut found = Vec::new();
    let check = Check { board, corpus };
    for side in [Side::Light, Side::Dark] {
        check.pile(side, &mut found);
        check.laps(side, &mut found);
    }
    check.thrust_tokens(&mut found);
    found
}

struct Check<'a> {
    board: &'a Board,
    corpus: &'a Corpus,
}

/// The pilot at a player's Objective, what his handling lets him use, and whether his
/// Podracer matches him.
struct PilotAtObjective {
    name: String,
    /// Usable handling numbers: his own and those other cards lend him.
    usable: Vec<u8>,
    /// His own handling, if it cannot be used (0 or 7).
    unusable: Option<u8>,
    /// His collector number is not known.
    unknown: bool,
    /// His matching Podracer is at the Objective.
    matched: bool,
}

impl Check<'_> {
    fn span(&self, id: CardId) -> Option<Span> {
        self.board
            .instance(id)
            .and_then(|instance| instance.provenance.card())
    }

    fn label(&self, id: CardId, text: impl Into<String>) -> Vec<(Span, String)> {
        crate::legality::card_label(self.board, id, text)
    }

    fn pilot_at(&self, side: Side) -> Option<PilotAtObjective> {
        let at = self.board.zone(Zone::AtObjective(side));
        let (pilot_id, pilot) = at.iter().find_map(|id| {
            let card = self.board.card(*id)?;
            (card.card_type() == Some(CardType::Character)
                && podracer_pilot(card, self.corpus, &self.board.ruleset).value == TraitValue::Yes)
                .then_some((*id, card))
        })?;
        let matched = at.iter().any(|id| {
            *id != pilot_id
                && self.board.card(*id).is_some_and(|weapon| {
                    podracer_weapon(weapon).value == TraitValue::Yes
                        && podracer_matches(weapon, pilot)
                })
        });
        let (numbers, unknown) = handling_numbers(self.board, side, pilot);
        let usable = numbers
            .iter()
            .filter(|source| !source.unusable)
            .map(|source| source.number)
            .collect();
        let unusable = numbers
            .iter()
            .find(|source| source.unusable)
            .map(|source| source.number);
        Some(PilotAtObjective {
            name: pilot.full_name(),
            usable,
            unusable,
            unknown,
            matched,
        })
    }

    /// The Podracing pile: a pilot and his Podracer to play it, the sequence from 1, handling
    /// cards, no Locations, and no finished lap left in it.
    fn pile(&self, side: Side, found: &mut Vec<Violation>) {
        let pile = self.board.zone(Zone::PodracingPile(side));
        let Some(&first) = pile.first() else {
            return;
        };
        let pilot = self.pilot_at(side);
        if !pilot.as_ref().is_some_and(|pilot| pilot.matched) {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "lap-cards-without-podracer",
                message: format!(
                    "the {side} player has lap cards, but no Podracer pilot with his matching Podracer Weapon card at his Objective{}",
                    pilot
                        .as_ref()
                        .map(|pilot| format!(" ({} has none)", pilot.name))
                        .unwrap_or_default()
                ),
                basis: vec![Basis::Rule(LAPS_PLAY)],
                remedy: None,
                cards: pile.to_vec(),
                labels: self.label(first, "lap cards need a pilot and his Podracer"),
            });
        }
        if pile.len() >= LAP_LENGTH {
            let sixth = pile.get(LAP_LENGTH - 1).copied().unwrap_or(first);
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "lap-left-in-pile",
                message: format!(
                    "the {side} Podracing pile holds {} cards: the sixth finishes a lap, whose six cards go back into the draw deck as a lap token goes on the Objective",
                    pile.len()
                ),
                basis: vec![Basis::Rule(LAP_FINISH)],
                remedy: None,
                cards: pile.to_vec(),
                labels: self.label(sixth, "the lap ends here"),
            });
        }
        let mut handling_cards: Vec<CardId> = Vec::new();
        for (index, &id) in pile.iter().enumerate() {
            let number = index % LAP_LENGTH + 1;
            if number == 1 {
                handling_cards.clear();
            }
            let Some(card) = self.board.card(id) else {
                continue;
            };
            if card.card_type() == Some(CardType::Location) {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "location-lap-card",
                    message: format!(
                        "{} is a Location card, played as a lap card",
                        card.full_name()
                    ),
                    basis: vec![Basis::Rule(LAPS_PLAY)],
                    remedy: None,
                    cards: vec![id],
                    labels: self.label(id, "a Location"),
                });
                continue;
            }
            let Some(destiny) = card.destiny() else {
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "lap-card-destiny-unknown",
                    message: format!(
                        "the destiny number of {} is not known, so its place in the lap cannot be checked: declare it under `cards:`",
                        card.full_name()
                    ),
                    basis: vec![Basis::Rule(LAPS_PLAY)],
                    remedy: None,
                    cards: vec![id],
                    labels: self.label(id, "destiny?"),
                });
                continue;
            };
            let marked = self.board.instance(id).and_then(|card| card.handling_for);
            let handling_span = self
                .board
                .instance(id)
                .and_then(|card| card.provenance.handling)
                .or(self.span(id));
            let usable = |destiny: i32| {
                pilot.as_ref().is_some_and(|pilot| {
                    u8::try_from(destiny).is_ok_and(|d| pilot.usable.contains(&d))
                })
            };
            if let Some(stands_for) = marked {
                if usize::from(stands_for) != number {
                    found.push(Violation {
                        verdict: Verdict::Illegal,
                        code: "handling-card-wrong-number",
                        message: format!(
                            "{} is the {} card of its lap, so it stands for {number}, not {stands_for}",
                            self.board.describe(id),
                            crate::text::ordinal(number as u64)
                        ),
                        basis: vec![Basis::Rule(LAPS_PLAY), Basis::Rule(HANDLING)],
                        remedy: None,
                        cards: vec![id],
                        labels: handling_span
                            .map(|span| (span, format!("should be {number}")))
                            .into_iter()
                            .collect(),
                    });
                }
                if !usable(destiny) && pilot.as_ref().is_some_and(|pilot| !pilot.unknown) {
                    found.push(self.not_handling(id, destiny, pilot.as_ref(), handling_span));
                    continue;
                }
                handling_cards.push(id);
                continue;
            }
            if destiny == i32::try_from(number).unwrap_or(0) {
                continue;
            }
            if usable(destiny) {
                handling_cards.push(id);
                continue;
            }
            let handling_note = match &pilot {
                Some(pilot) if !pilot.usable.is_empty() => {
                    let numbers: Vec<String> = pilot
                        .usable
                        .iter()
                        .map(|number| number.to_string())
                        .collect();
                    format!(
                        " {} a handling card ({}'s handling: {})",
                        if number == 1 { "or" } else { "or is" },
                        pilot.name,
                        crate::text::and_list(&numbers)
                    )
                }
                _ => String::new(),
            };
            let mut basis = vec![Basis::Rule(LAPS_PLAY)];
            if !handling_note.is_empty() {
                basis.push(Basis::Rule(HANDLING));
            }
            if pilot.as_ref().is_some_and(|pilot| pilot.unusable.is_some()) {
                basis.push(Basis::Rule(HANDLING_UNUSABLE));
            }
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "lap-card-out-of-sequence",
                message: if number == 1 {
                    format!(
                        "a Podracing pile starts with a card of destiny 1{handling_note}; this one has destiny {destiny}"
                    )
                } else {
                    format!(
                        "the {} card of a lap has destiny {number}{handling_note}; this one has destiny {destiny}",
                        crate::text::ordinal(number as u64)
                    )
                },
                basis,
                remedy: None,
                cards: vec![id],
                labels: self.label(id, format!("destiny {destiny}, not {number}")),
            });
        }
        if handling_cards.len() > HANDLING_CARDS_A_LAP {
            let mut labels = Vec::new();
            for id in &handling_cards {
                labels.extend(self.label(*id, "a handling card"));
            }
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "too-many-handling-cards",
                message: format!(
                    "the {side} player's lap has {} handling cards; no more than {HANDLING_CARDS_A_LAP} may be played in a completed lap, so this one can never be completed",
                    handling_cards.len()
                ),
                basis: vec![
                    Basis::Rule(HANDLING),
                    Basis::Assumption(format!(
                        "{}: {}",
                        HANDLING_LIMIT_AS_PLAYED.name, HANDLING_LIMIT_AS_PLAYED.text
                    )),
                ],
                remedy: None,
                cards: handling_cards,
                labels,
            });
        }
    }

    fn not_handling(
        &self,
        id: CardId,
        destiny: i32,
        pilot: Option<&PilotAtObjective>,
        span: Option<Span>,
    ) -> Violation {
        let (message, basis) = match pilot {
            Some(pilot) if pilot.usable.is_empty() => (
                format!(
                    "{} is played as a handling card, but {}'s handling of {} cannot be used",
                    self.board.describe(id),
                    pilot.name,
                    pilot
                        .unusable
                        .map_or_else(|| "?".to_string(), |number| number.to_string())
                ),
                vec![Basis::Rule(HANDLING), Basis::Rule(HANDLING_UNUSABLE)],
            ),
            Some(pilot) => {
                let numbers: Vec<String> = pilot
                    .usable
                    .iter()
                    .map(|number| number.to_string())
                    .collect();
                (
                    format!(
                        "{} is played as a handling card, but its destiny {destiny} is not {}'s handling ({})",
                        self.board.describe(id),
                        pilot.name,
                        crate::text::and_list(&numbers)
                    ),
                    vec![Basis::Rule(HANDLING)],
                )
            }
            None => (
                format!(
                    "{} is played as a handling card, but there is no Podracer pilot at the Objective",
                    self.board.describe(id)
                ),
                vec![Basis::Rule(HANDLING)],
            ),
        };
        Violation {
            verdict: Verdict::Illegal,
            code: "not-a-handling-card",
            message,
            basis,
            remedy: None,
            cards: vec![id],
            labels: span
                .map(|span| (span, format!("destiny {destiny}")))
                .into_iter()
                .collect(),
        }
    }

    /// Lap tokens: on an Objective, at most three, and three mean the game is over.
    fn laps(&self, side: Side, found: &mut Vec<Violation>) {
        let state = self.board.player(side);
        if state.laps == 0 {
            return;
        }
        let labels = |text: String| -> Vec<(Span, String)> {
            state
                .laps_span
                .0
                .map(|span| (span, text))
                .into_iter()
                .collect()
        };
        if self.board.zone(Zone::Objective(side)).is_empty() {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "laps-without-objective",
                message: format!("the {side} player has lap tokens but no Objective card"),
                basis: vec![Basis::Rule(LAP_FINISH)],
                remedy: None,
                cards: Vec::new(),
                labels: labels("lap tokens".to_string()),
            });
        }
        if state.laps > LAPS_TO_WIN {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "too-many-laps",
                message: format!(
                    "the {side} player has {} lap tokens; the third finishes the Podrace and the game",
                    state.laps
                ),
                basis: vec![Basis::Rule(LAP_FINISH)],
                remedy: None,
                cards: Vec::new(),
                labels: labels(format!("{} laps", state.laps)),
            });
        } else if state.laps == LAPS_TO_WIN {
            found.push(Violation {
                verdict: Verdict::Warning,
                code: "podrace-won",
                message: format!(
                    "the {side} player has 3 lap tokens: he has won the Podrace and the game, and his opponent's draw deck is in his discard pile"
                ),
                basis: vec![Basis::Rule(LAP_FINISH)],
                remedy: None,
                cards: Vec::new(),
                labels: labels("3 laps: the game is over".to_string()),
            });
        }
    }

    /// Thrust tokens: on a Podracer pilot at the Objective, and no more than 4 where that
    /// later line is in force; where it is not, why.
    fn thrust_tokens(&self, found: &mut Vec<Violation>) {
        let cap_in_force = self.board.ruleset.in_force_id(self.corpus, THRUST_CAP.id());
        let zones = self.board.zones_by_card();
        for instance in &self.board.cards {
            if instance.thrust == 0 {
                continue;
            }
            let span = instance.provenance.thrust.or(instance.provenance.card());
            let Some(card) = self.board.card(instance.id) else {
                continue;
            };
            let labels = |text: String| -> Vec<(Span, String)> {
                span.map(|span| (span, text)).into_iter().collect()
            };
            let zone = zones.get(instance.id.0 as usize).copied().flatten();
            let pilot = podracer_pilot(card, self.corpus, &self.board.ruleset).value;
            if !matches!(zone, Some(Zone::AtObjective(_))) || pilot == TraitValue::No {
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "thrust-off-objective",
                    message: format!(
                        "{} has Thrust tokens but is not a Podracer pilot at the Objective",
                        card.full_name()
                    ),
                    basis: vec![Basis::Rule(THRUST)],
                    remedy: None,
                    cards: vec![instance.id],
                    labels: labels("Thrust tokens".to_string()),
                });
            }
            if instance.thrust <= THRUST_TOKENS_CAP {
                continue;
            }
            // The corpus's note on the cap: the printed rule cards of 2001 do not have it.
            let added_later = self
                .corpus
                .item(THRUST_CAP.id())
                .and_then(|item| item.later_addition.as_deref())
                .map(|note| {
                    let note = note.trim_end_matches('.');
                    let mut chars = note.chars();
                    let first = chars.next().map(|first| first.to_lowercase().to_string());
                    format!(" ({}{})", first.unwrap_or_default(), chars.as_str())
                })
                .unwrap_or_default();
            if cap_in_force {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "thrust-over-four",
                    message: format!(
                        "{} has {} Thrust tokens; a Podracer pilot may not have more than {THRUST_TOKENS_CAP} under `{}`, whose rules have the cap, a line added to the Boonta Eve rules later{added_later}; under `boonta-eve-printed` the tokens are legal",
                        card.full_name(),
                        instance.thrust,
                        self.board.ruleset
                    ),
                    basis: vec![Basis::Rule(THRUST_CAP)],
                    remedy: None,
                    cards: vec![instance.id],
                    labels: labels(format!("{} Thrust tokens", instance.thrust)),
                });
            } else {
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "thrust-cap-not-in-force",
                    message: format!(
                        "{} has {} Thrust tokens: legal under {}, since the cap of {THRUST_TOKENS_CAP} tokens is a line added to the Boonta Eve rules later{added_later}, and is in force only under `latest`",
                        card.full_name(),
                        instance.thrust,
                        self.board.ruleset
                    ),
                    basis: vec![Basis::Rule(THRUST_CAP)],
                    remedy: None,
                    cards: vec![instance.id],
                    labels: labels(format!("{} Thrust tokens", instance.thrust)),
                });
            }
        }
    }
}
