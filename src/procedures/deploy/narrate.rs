//! How a deploy's events read in a walkthrough: one sentence (or two) each.

use super::engine::NotFetched;
use super::events::DeployResult;
use super::events::{DeployEvent, DeployRefusal};
use crate::cards::Side;
use crate::engine::Run;
use crate::engine::damage::Taken;
use crate::text::{and_list as list, capitalised as capital, count};

impl crate::engine::EventKind for DeployEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            DeployEvent::Refused { .. }
                | DeployEvent::Deployed { .. }
                | DeployEvent::Fetched { .. }
                | DeployEvent::NotFetched { .. }
                | DeployEvent::DeckVictory { .. }
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

fn counters(number: u32) -> String {
    count(number, "counter")
}

fn left(left: Option<u32>) -> String {
    match left {
        Some(left) => format!("; {} left this turn", counters(left)),
        None => String::new(),
    }
}

/// ", as the text of EFFECT sets it", where an Effect at the planet set what a card cost.
fn set_by(effect: Option<&str>, with: Option<&str>) -> String {
    match (effect, with) {
        (Some(_), Some(with)) => format!(", as its own text sets it with {with} in play there"),
        (Some(effect), None) => format!(", as the text of {effect} sets it"),
        _ => String::new(),
    }
}

fn narrate(event: &DeployEvent) -> String {
    match event {
        DeployEvent::Refused { refusal, .. } => match refusal {
            DeployRefusal::NotEnoughCounters { cost, left } => format!(
                "No deploy: the card costs {} and {} this turn.",
                counters(*cost),
                crate::text::only_left(*left, "counter")
            ),
        },
        DeployEvent::Deployed {
            side,
            card,
            planet,
            hidden,
            cost,
            counters_left,
            cost_set_by,
            cost_with,
        } => format!(
            "{} deploys {card} to {planet}{}, using {}{}{}.",
            capital(&player(*side)),
            if *hidden { " hidden (face down)" } else { "" },
            counters(*cost),
            set_by(cost_set_by.as_deref(), cost_with.as_deref()),
            left(*counters_left)
        ),
        DeployEvent::CountersAllowed {
            side,
            counters: allowed,
            effect,
        } => format!(
            "The text of {effect} gives {} {} this turn, instead of 6.",
            player(*side),
            counters(*allowed)
        ),
        DeployEvent::EffectTriggered {
            side,
            effect,
            card,
            wanted,
            discarded: true,
        } => format!(
            "{card} deployed, so the text of {effect} lets {} give it up for a {wanted} out of his draw deck: he gives it up, to his discard pile.",
            player(*side)
        ),
        DeployEvent::EffectTriggered {
            side,
            effect,
            card,
            wanted,
            discarded: false,
        } => format!(
            "{card} deployed, so the text of {effect} lets {} give it up for a {wanted} out of his draw deck: he keeps it.",
            player(*side)
        ),
        DeployEvent::TextOff { card, .. } => format!(
            "{card} is hidden: its game text cannot be used until it is turned face up, so it deploys nothing from the draw deck; no penalty follows (a named assumption)."
        ),
        DeployEvent::TextNotHere {
            card, planet, only, ..
        } => format!(
            "{card}'s text deploys a card from the draw deck only when he deploys to {only}; he deployed to {planet}, so the text does nothing here."
        ),
        DeployEvent::Searched {
            side,
            card,
            wanted,
            by_trait,
            found,
            too_dear,
            into_hand,
        } => {
            let what = if *by_trait {
                format!("one {wanted} (a card whose title or subtitle says so)")
            } else {
                format!("one {wanted}")
            };
            let mut text = format!(
                "{card}'s text lets {} search his draw deck for {what}. ",
                player(*side)
            );
            if found.is_empty() {
                text.push_str("He finds none.");
            } else {
                let found: Vec<String> = found
                    .iter()
                    .map(|(name, copies)| {
                        let mut said = name.clone();
                        if *copies > 1 {
                            said.push_str(&format!(
                                " ({copies} copies; he may {} one)",
                                if *into_hand { "take" } else { "deploy" }
                            ));
                        }
                        if let Some((_, cost)) = too_dear.iter().find(|(dear, _)| dear == name) {
                            said.push_str(&format!(
                                " (which costs {}, more than he has left)",
                                counters(*cost)
                            ));
                        }
                        said
                    })
                    .collect();
                text.push_str(&format!("He finds {}.", list(&found)));
            }
            text
        }
        DeployEvent::Fetched {
            side,
            card,
            planet,
            cost,
            free,
            hidden,
            counters_left,
            cost_set_by,
            cost_with,
        } => format!(
            "{} deploys {card} from his draw deck to {planet}{} {} (one copy, as the rule allows){}.",
            capital(&player(*side)),
            if *hidden { " face down" } else { "" },
            if *free {
                "for free, as the text says".to_string()
            } else {
                format!(
                    "for {}{}",
                    counters(*cost),
                    set_by(cost_set_by.as_deref(), cost_with.as_deref())
                )
            },
            left(*counters_left)
        ),
        DeployEvent::TakenIntoHand { side, card } => format!(
            "{} takes {card} from his draw deck into his hand (one card, as the text says); it is not deployed, so it costs no counters.",
            capital(&player(*side)),
        ),
        DeployEvent::NotFetched {
            side,
            why,
            into_hand,
        } => format!(
            "{} {} no card from his draw deck{}: {}.",
            capital(&player(*side)),
            if *into_hand { "takes" } else { "deploys" },
            if *into_hand { " into his hand" } else { "" },
            match why {
                NotFetched::NoneFound => "he found none",
                NotFetched::CannotPay => "every card he found costs more than his counters left",
                NotFetched::ChangedHisMind => "he changed his mind",
            }
        ),
        DeployEvent::Reshuffled { side, deck_size } => format!(
            "{} reshuffles his draw deck ({}), as he must after searching it.",
            capital(&player(*side)),
            count(*deck_size as u64, "card")
        ),
        DeployEvent::Penalty { side, taken } if taken.lap_cards > 0 => format!(
            "{} did not deploy the card from his draw deck, so he takes 1 DAMAGE as the penalty, after the reshuffle: {} He need not show his deck to prove it.",
            capital(&player(*side)),
            taken.lap_cards_phrase()
        ),
        DeployEvent::Penalty {
            side,
            taken: Taken {
                lost, deck_left, ..
            },
        } => format!(
            "{} did not deploy the card from his draw deck, so he takes 1 DAMAGE as the penalty, after the reshuffle: {} from the top of his draw deck to his discard pile; {deck_left} left. He need not show his deck to prove it.",
            capital(&player(*side)),
            count(*lost as u64, "card")
        ),
        DeployEvent::TextDraws { side, card, drawn } => format!(
            "By the text of {card}, {} draws {}.",
            player(*side),
            count(*drawn as u64, "card")
        ),
        DeployEvent::DrawDeclined { side, card } => format!(
            "{} does not draw the card the text of {card} lets him draw.",
            capital(&player(*side))
        ),
        DeployEvent::TextDamage {
            side,
            card,
            damage,
            taken,
        } => format!(
            "By the text of {card}, {} takes {damage} DAMAGE: {}",
            player(*side),
            if taken.lap_cards > 0 {
                taken.lap_cards_phrase()
            } else {
                format!(
                    "{} from the top of his draw deck to his discard pile; {} left.",
                    count(taken.lost as u64, "card"),
                    taken.deck_left
                )
            }
        ),
        DeployEvent::DeckVictory { winner } => format!(
            "{} has no draw deck left: deck victory for {}, at once.",
            capital(&player(winner.opponent())),
            player(*winner)
        ),
    }
}

pub(super) fn verdict_lines(result: &DeployResult, run: &Run<DeployEvent>) -> Vec<String> {
    if result.refusal.is_some() {
        return vec!["No deploy: it is refused (see above).".to_string()];
    }
    if run.stop.is_some() {
        return vec!["The walk stopped before the deploy ended.".to_string()];
    }
    let mut lines = Vec::new();
    if let Some(card) = &result.card {
        let planet = result.planet.as_deref().unwrap_or("the planet");
        lines.push(format!(
            "Deployed: {card} to {planet}{}.",
            if result.hidden { ", hidden" } else { "" }
        ));
    }
    match (&result.fetched, result.not_fetched) {
        (Some(card), _) if result.into_hand => {
            lines.push(format!("From the draw deck into the hand: {card}."))
        }
        (Some(card), _) => lines.push(format!("From the draw deck: {card}.")),
        (None, Some(why)) => lines.push(format!(
            "From the draw deck: nothing ({}){}.",
            match why {
                NotFetched::NoneFound => "none found",
                NotFetched::CannotPay => "none he could pay for",
                NotFetched::ChangedHisMind => "he changed his mind",
            },
            if !result.into_hand || result.damage > 0 {
                "; 1 DAMAGE as the penalty"
            } else {
                ""
            }
        )),
        (None, None) => {}
    }
    if let Some(left) = result.counters_left {
        lines.push(format!("Deploy counters left this turn: {left}."));
    }
    if result.opponent_damage > 0
        && let Some(side) = result.side
    {
        lines.push(format!(
            "DAMAGE by game text: the {} player takes {}.",
            side.opponent().label(),
            result.opponent_damage
        ));
    }
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
    }
    lines
}
