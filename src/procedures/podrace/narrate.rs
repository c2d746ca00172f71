//! How a Podrace Deploy step's events read in a walkthrough: one sentence (or two) each.

use super::events::PodraceResult;
use crate::cards::Side;
use crate::engine::Run;
use crate::engine::damage::Taken;
use crate::engine::from_deck::NotFetched;
use crate::procedures::podrace::engine::THRUST_TOKENS_CAP;
use crate::procedures::podrace::events::{
    HandlingSource, LapsEnd, ObjectiveDeployRefusal, PodraceEvent, PodraceRefusal,
};
use crate::text::{and_list as list, capitalised as capital, count};

impl crate::engine::EventKind for PodraceEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            PodraceEvent::Refused { .. }
                | PodraceEvent::DeployRefused { .. }
                | PodraceEvent::LapFinished { .. }
                | PodraceEvent::PodraceWon { .. }
                | PodraceEvent::DeckVictory { .. }
        )
    }

    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        narrate(self)
    }
}

fn player(side: Side) -> String {
    format!("the {} player", side.label())
}

fn tokens(number: u32) -> String {
    count(number, "Thrust token")
}

fn handling_sources(numbers: &[HandlingSource]) -> String {
    let parts: Vec<String> = numbers
        .iter()
        .map(|source| match (source.lent, source.unusable) {
            (false, false) => format!(
                "{}'s Handling is {} (the last digit of his collector number)",
                source.card, source.number
            ),
            (false, true) => format!(
                "{}'s Handling is {}, which he cannot use",
                source.card, source.number
            ),
            (true, _) => format!(
                "{} lets him use {} as a handling number as well (its game text)",
                source.card, source.number
            ),
        })
        .collect();
    list(&parts)
}

fn narrate(event: &PodraceEvent) -> String {
    match event {
        PodraceEvent::Refused { refusal, side } => match refusal {
            PodraceRefusal::NotDeployStep { step } => format!(
                "No Podrace step: lap cards are played during the player's Deploy step, and this is the {step}."
            ),
            PodraceRefusal::NoObjective => format!(
                "No Podrace step: {} has no Objective card in play.",
                side.map_or_else(|| "the player".to_string(), player)
            ),
        },
        PodraceEvent::DeployRefused { card, refusal, .. } => match refusal {
            ObjectiveDeployRefusal::NotPodracerCard => format!(
                "{card} may not deploy to the Objective: only a Podracer pilot and a Podracer Weapon card go there."
            ),
            ObjectiveDeployRefusal::AlreadyOne { there } => format!(
                "{card} may not deploy to the Objective: {there} is there already, and he may have only one copy of the character and of the weapon card there for the whole game."
            ),
            ObjectiveDeployRefusal::InPlayElsewhere { planet } => format!(
                "{card} may not deploy to the Objective: a version of him is in play on {planet}, and cards at the Objective are in play too."
            ),
            ObjectiveDeployRefusal::NotEnoughCounters { cost, left } => format!(
                "{card} may not deploy to the Objective: it costs {} and {} this turn.",
                count(*cost, "counter"),
                crate::text::only_left(*left, "counter")
            ),
        },
        PodraceEvent::Deployed {
            side,
            card,
            cost,
            counters_left,
            from_deck,
        } => format!(
            "{} deploys {card} {}to his Objective, face up, using {}{}.",
            capital(&player(*side)),
            if *from_deck {
                "from his draw deck "
            } else {
                ""
            },
            count(*cost, "counter"),
            counters_left
                .map(|left| format!("; {} left this turn", count(left, "counter")))
                .unwrap_or_default()
        ),
        PodraceEvent::ExtraThrust {
            card,
            extra,
            tokens: now,
            capped,
        } => format!(
            "{card}'s game text places {} on him as he deploys to the Objective{}: he has {}.",
            count(*extra, "additional Thrust token"),
            if *capped {
                format!(", but no more than {THRUST_TOKENS_CAP} are allowed")
            } else {
                String::new()
            },
            tokens(*now)
        ),
        PodraceEvent::MatchFromHand { card, match_card } => format!(
            "{match_card}, the match of {card}, deploys from his hand next, so he does not search his draw deck for it."
        ),
        PodraceEvent::Searched {
            side,
            wanted,
            found,
            too_dear,
        } => {
            let found_text = if found.is_empty() {
                "finds none".to_string()
            } else {
                let named: Vec<String> = found
                    .iter()
                    .map(|(name, copies)| match copies {
                        1 => name.clone(),
                        _ => format!("{name} ({copies} copies)"),
                    })
                    .collect();
                format!("finds {}", list(&named))
            };
            let dear = if too_dear.is_empty() {
                String::new()
            } else {
                let named: Vec<String> = too_dear
                    .iter()
                    .map(|(name, cost)| format!("{name} ({})", count(*cost, "counter")))
                    .collect();
                format!(
                    "; he cannot pay for {} with the counters he has left",
                    list(&named)
                )
            };
            format!(
                "The Objective lets {} deploy a {wanted} from his draw deck: he searches it and {found_text}{dear}.",
                player(*side)
            )
        }
        PodraceEvent::NotFetched { side, why } => format!(
            "{} deploys nothing from his draw deck ({}).",
            capital(&player(*side)),
            match why {
                NotFetched::NoneFound => "there is none",
                NotFetched::CannotPay => "he cannot pay for any",
                NotFetched::ChangedHisMind => "he changed his mind",
            }
        ),
        PodraceEvent::Reshuffled { side, deck_size } => format!(
            "{} reshuffles his draw deck ({}).",
            capital(&player(*side)),
            count(*deck_size as u64, "card")
        ),
        PodraceEvent::Penalty { side, taken } if taken.lap_cards > 0 => format!(
            "As the penalty, {} takes 1 DAMAGE after the reshuffle: {}",
            player(*side),
            taken.lap_cards_phrase()
        ),
        PodraceEvent::Penalty {
            side,
            taken: Taken {
                lost, deck_left, ..
            },
        } => format!(
            "As the penalty, {} takes 1 DAMAGE after the reshuffle: {} from the top of his draw deck to his discard pile; {} left.",
            player(*side),
            count(*lost as u64, "card"),
            count(*deck_left as u64, "card")
        ),
        PodraceEvent::DeckVictory { winner } => format!(
            "The {} player's draw deck is exhausted: the {} player wins by deck victory.",
            winner.opponent().label(),
            winner.label()
        ),
        PodraceEvent::NoPilot { side } => format!(
            "{} has no Podracer pilot at his Objective: he has no Thrust, so no lap cards and no Refuel.",
            capital(&player(*side))
        ),
        PodraceEvent::AlreadyRefueled { side } => format!(
            "{} has refuelled in this Deploy step already: he may not thrust again in it.",
            capital(&player(*side))
        ),
        PodraceEvent::AlreadyThrust { side } => format!(
            "{} has thrust in this Deploy step already, and may thrust only once in it: no Thrust token and no lap cards now.",
            capital(&player(*side))
        ),
        PodraceEvent::NoThrust { side } => format!(
            "{} does not thrust in this Deploy step: no Thrust token, no lap cards, and no Refuel, which needs a Thrust first.",
            capital(&player(*side))
        ),
        PodraceEvent::ThrustToken {
            pilot,
            tokens: now,
            cap_in_force,
        } => {
            let cap = match (*now >= THRUST_TOKENS_CAP, cap_in_force) {
                (false, _) => String::new(),
                (true, true) if *now == THRUST_TOKENS_CAP => {
                    ", the most he may have under this ruleset (a cap added to the Boonta Eve rules later: the rules printed in 2001 have none)".to_string()
                }
                (true, true) => String::new(),
                (true, false) => format!(
                    "; the cap of {THRUST_TOKENS_CAP} tokens is a later addition to the rules, not in force under this ruleset"
                ),
            };
            format!(
                "Before thrusting, a Thrust token goes on {pilot}: he has {}{cap}. His Thrust is {now}: he may play up to {} this Deploy step.",
                tokens(*now),
                count(*now, "lap card")
            )
        }
        PodraceEvent::ThrustCapped { pilot, tokens: now } => format!(
            "{pilot} has {} already, the most a Podracer pilot may have under this ruleset: no token is added. His Thrust stays {now}.",
            tokens(*now)
        ),
        PodraceEvent::NoLapCards { pilot, weapon } => match weapon {
            Some(weapon) => format!(
                "{weapon} is not {pilot}'s matching Podracer (its title does not have his name): no lap cards."
            ),
            None => format!("{pilot} has no Podracer Weapon card at the Objective: no lap cards."),
        },
        PodraceEvent::Handling {
            pilot,
            numbers,
            unknown,
        } => {
            if *unknown && numbers.is_empty() {
                format!(
                    "{pilot}'s Handling is not known (his collector number is not): every lap card must have the number needed; declare `number:` under `cards:` to use handling."
                )
            } else if numbers.iter().all(|source| source.unusable) {
                format!(
                    "{}: he plays every lap card as its own number.",
                    handling_sources(numbers)
                )
            } else {
                format!(
                    "{}: a card of that destiny may stand for any number he needs in a lap.",
                    handling_sources(numbers)
                )
            }
        }
        PodraceEvent::LapCard {
            side,
            card,
            number,
            handling,
            thrust_left,
            ..
        } => {
            let how = if *handling {
                format!("as a handling card standing for the {number}")
            } else {
                format!("as the {number}")
            };
            let left = match thrust_left {
                0 => "his Thrust is used up".to_string(),
                left => format!("{} of his Thrust left", count(*left, "lap card")),
            };
            format!(
                "{} plays {card} from his hand to his Podracing pile {how}, using no counters; {left}.",
                capital(&player(*side))
            )
        }
        PodraceEvent::HandlingLimit { number } => format!(
            "Three handling cards are in this lap already: no other may stand for the {number}."
        ),
        PodraceEvent::LapFinished {
            side,
            laps,
            thrust_left,
            deck_size,
        } => format!(
            "The 6 finishes the {} lap: a lap token goes on {}'s Objective ({} in all) and the six lap cards are shuffled back into his draw deck ({}).{}",
            crate::text::ordinal(u64::from(*laps)),
            player(*side),
            count(*laps, "lap token"),
            count(*deck_size as u64, "card"),
            if *thrust_left > 0 && *laps < crate::procedures::podrace::engine::LAPS_TO_WIN {
                format!(
                    " He still has {} of Thrust for the next lap.",
                    count(*thrust_left, "lap card")
                )
            } else {
                String::new()
            }
        ),
        PodraceEvent::PodraceWon { winner, discarded } => format!(
            "That is the third lap: the {} player must put the {} left in his draw deck into his discard pile, and the {} player wins the Podrace, and the game.",
            winner.opponent().label(),
            count(*discarded as u64, "card"),
            winner.label()
        ),
        PodraceEvent::LapsEnd {
            played,
            thrust,
            why,
            next,
        } => {
            let none = *played == 0;
            let played = count(*played, "lap card");
            match (why, none) {
                (LapsEnd::ThrustUsed, _) => {
                    format!("He has played {played}, as many as his Thrust of {thrust} allows.")
                }
                (LapsEnd::Stopped, true) => format!(
                    "He plays no lap card, though his Thrust of {thrust} allows {}.",
                    count(*thrust, "lap card")
                ),
                (LapsEnd::Stopped, false) => {
                    format!("He stops after {played} (his Thrust of {thrust} allows more).")
                }
                (LapsEnd::NoCardFits, true) => format!(
                    "No card in his hand can be the {next} the lap needs next: he plays no lap card."
                ),
                (LapsEnd::NoCardFits, false) => format!(
                    "No card in his hand can be the {next} the lap needs next: he stops after {played}."
                ),
                (LapsEnd::NoCardFitsBeforeRefuel, _) => format!(
                    "No card in his hand can be the {next} the lap needs next: after {played}, he goes on to Refuel, and may play lap cards after it."
                ),
            }
        }
        PodraceEvent::Refueled {
            side,
            drawn,
            refuel,
            thrust,
            deck_had,
        } => {
            let rule = format!("his Refuel is {refuel}, half his Thrust of {thrust} rounded up");
            let short = if (*deck_had as u64) < u64::from(*refuel) {
                format!(" (his draw deck has {})", count(*deck_had as u64, "card"))
            } else {
                String::new()
            };
            if *drawn == 0 {
                format!(
                    "{} does not refuel ({rule}){short}.",
                    capital(&player(*side))
                )
            } else {
                format!(
                    "{} refuels: {rule}, and he draws {}{short}. He may not thrust again in this Deploy step.",
                    capital(&player(*side)),
                    count(*drawn, "card")
                )
            }
        }
        PodraceEvent::NoRefuel { side, .. } => format!(
            "{} played no lap card, so he has not thrust: no Refuel.",
            capital(&player(*side))
        ),
    }
}

pub(super) fn verdict_lines(
    result: &PodraceResult,
    run: &Run<PodraceEvent>,
    after: &crate::board::Board,
) -> Vec<String> {
    use crate::text::{and_list, count};
    if result.refusal.is_some() {
        return vec!["No Podrace step: it is refused (see above).".to_string()];
    }
    if run.stop.is_some() {
        return vec!["The walk stopped before the Deploy step ended.".to_string()];
    }
    let mut lines = Vec::new();
    if !result.deployed.is_empty() {
        lines.push(format!(
            "Deployed to the Objective: {}.",
            and_list(&result.deployed)
        ));
    }
    for (card, _) in &result.refused_deploys {
        lines.push(format!("Refused at the Objective: {card}."));
    }
    if result.damage > 0 {
        lines.push(format!(
            "Penalty for searching the draw deck and deploying nothing from it: {} DAMAGE.",
            result.damage
        ));
    }
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
        return lines;
    }
    if let Some(pilot) = &result.pilot {
        lines.push(format!(
            "{pilot}: {}, {}.",
            count(result.thrust, "Thrust token"),
            count(result.laps, "lap token")
        ));
    }
    if !result.lap_cards.is_empty() {
        let played: Vec<String> = result.lap_cards.iter().map(i32::to_string).collect();
        lines.push(format!("Lap cards played: {}.", played.join(", ")));
    }
    if result.pilot.is_some() && result.game_won.is_none() {
        // Each card of the pile by its destiny number, a handling card with the number it
        // stands for.
        let pile: Vec<String> = match result.side {
            Some(side) => after
                .zone(crate::board::Zone::PodracingPile(side))
                .iter()
                .map(|id| {
                    let destiny = after
                        .card(*id)
                        .and_then(crate::cards::Card::destiny)
                        .unwrap_or(0);
                    match after
                        .instance(*id)
                        .and_then(|instance| instance.handling_for)
                    {
                        Some(number) => format!("{destiny} (handling card for the {number})"),
                        None => destiny.to_string(),
                    }
                })
                .collect(),
            None => result.pile.iter().map(i32::to_string).collect(),
        };
        lines.push(if pile.is_empty() {
            "Podracing pile: empty.".to_string()
        } else {
            format!("Podracing pile: {}.", pile.join(", "))
        });
    }
    if let Some(drawn) = result.refuel_drawn {
        lines.push(format!("Refuel: {} drawn.", count(drawn, "card")));
    }
    if let Some(winner) = result.game_won {
        lines.push(format!(
            "The {} player finished his third lap: he wins the Podrace and the game.",
            winner.label()
        ));
    }
    lines
}
