//! How the remedies' events read in a walkthrough: one sentence (or two) each.

use super::events::RemedyEvent;
use crate::text::and_list;

impl crate::engine::EventKind for RemedyEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            RemedyEvent::NothingToRemedy
                | RemedyEvent::ReturnedToHand { .. }
                | RemedyEvent::CannotTell { .. }
                | RemedyEvent::Conceded { .. }
                | RemedyEvent::ShuffledBack { .. }
                | RemedyEvent::KeptThere { .. }
                | RemedyEvent::EvenedUp { .. }
                | RemedyEvent::DeckVictory { .. }
        )
    }

    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        match self {
            RemedyEvent::NothingToRemedy => {
                "The position breaks no rule whose remedy the FAQ gives: nothing to remedy."
                    .to_string()
            }
            RemedyEvent::Finding {
                code,
                message,
                assumed,
            } => {
                let resting = if assumed.is_empty() {
                    String::new()
                } else {
                    let names: Vec<String> =
                        assumed.iter().map(|name| format!("`{name}`")).collect();
                    format!(
                        " (resting on the named assumption{} {})",
                        if names.len() == 1 { "" } else { "s" },
                        and_list(&names)
                    )
                };
                format!("Finding `{code}`: {}{resting}.", crate::text::capitalised(message))
            }
            RemedyEvent::ReturnedToHand { side, cards, kept } => format!(
                "The remedy: the {} player takes {} back into his hand{}.",
                side.label(),
                and_list(cards),
                kept.as_ref()
                    .map(|planet| format!("; the stack on {planet}, deployed first, stays"))
                    .unwrap_or_default()
            ),
            RemedyEvent::CannotTell { .. } => "The remedy keeps the stack deployed first, and the position does not tell which that is: nothing is moved. Mark the later stack's cards `deployed_this_turn`.".to_string(),
            RemedyEvent::NotWalked { code } => format!(
                "The remedy of `{code}` is quoted above; this program does not carry it out on the board."
            ),
            RemedyEvent::Conceded {
                side,
                planet,
                discarded,
            } => format!(
                "The remedy: the {} player concedes {planet}, the current planet. His deployed cards stay there{}.",
                side.label(),
                if discarded.is_empty() {
                    String::new()
                } else {
                    format!(", but for his Battle cards and starships, discarded: {}", and_list(discarded))
                }
            ),
            RemedyEvent::ShuffledBack {
                side,
                cards,
                deck_size,
            } => format!(
                "The {} player takes the cards she deployed there, {}, and shuffles them back into her draw deck ({}).",
                side.label(),
                and_list(cards),
                crate::text::count(*deck_size as u64, "card")
            ),
            RemedyEvent::KeptThere { side } => format!(
                "The {} player leaves the cards she deployed there where they are.",
                side.label()
            ),
            RemedyEvent::EvenedUp {
                side,
                drawn,
                hand_size,
                lap_cards,
                ..
            } if *lap_cards > 0 => format!(
                "The {} player evens up: he draws {}, the last {} from his Podracing pile, the last played first, since his draw deck is exhausted; his hand holds {hand_size}.",
                side.label(),
                crate::text::count(*drawn as u64, "card"),
                crate::text::count(*lap_cards as u64, "lap card")
            ),
            RemedyEvent::EvenedUp {
                side,
                drawn,
                hand_size,
                deck_left,
                ..
            } => format!(
                "The {} player evens up: he draws {}, and his hand holds {hand_size}; {deck_left} left in his draw deck.",
                side.label(),
                crate::text::count(*drawn as u64, "card")
            ),
            RemedyEvent::DeckVictory { winner } => format!(
                "The {} player has no draw deck left: deck victory for the {} player, at once.",
                winner.opponent().label(),
                winner.label()
            ),
            RemedyEvent::NextPlanet { side, planet } => format!(
                "The {} player chooses {planet} as the next planet and takes the first turn there.",
                side.label()
            ),
        }
    }
}
