//! How the Effects of a new planet read in a walkthrough: one sentence (or two) each.

use crate::cards::Side;
use crate::procedures::new_location::events::{EffectsEvent, Occasion};
use crate::text::capitalised as capital;

impl crate::engine::EventKind for EffectsEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            EffectsEvent::NoOneFirst
                | EffectsEvent::EffectTaken { .. }
                | EffectsEvent::NoEffect { .. }
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

fn narrate(event: &EffectsEvent) -> String {
    match event {
        EffectsEvent::NoOneFirst => "No one gets an Effect yet: the position says neither who put the location into play (`new_location: by:`) nor whose turn it is, and that player goes first.".to_string(),
        EffectsEvent::Occasion {
            first,
            planet,
            occasion,
        } => {
            let planet = planet.as_deref().unwrap_or("the planet");
            let when = match occasion {
                Occasion::NewPlanet => format!(
                    "{} puts the first location into play on {planet}",
                    capital(&player(*first))
                ),
                Occasion::StartOfGame => format!(
                    "The game starts on {planet}, both players having drawn their starting hands; {} put its first location down",
                    player(*first)
                ),
                Occasion::TookControl => format!(
                    "A player takes control of a planet, and {} puts the first location into play on {planet}",
                    player(*first)
                ),
            };
            format!(
                "{when}. Each player may get one Effect from his draw deck, {} first.",
                player(*first)
            )
        }
        EffectsEvent::EffectTaken {
            side,
            card,
            hand_size,
            occasion,
        } => {
            let cards = crate::text::count(*hand_size as u64, "card");
            let hand = if *occasion == Occasion::StartOfGame {
                format!(" He starts the game with {cards} in his hand.")
            } else {
                format!(" His hand now holds {cards}.")
            };
            format!(
                "{} gets {card} from his draw deck, shows it to his opponent and puts it in his hand.{hand}",
                capital(&player(*side))
            )
        }
        EffectsEvent::NoEffect { side, had_one } => format!(
            "{} gets no Effect{}.",
            capital(&player(*side)),
            if *had_one {
                ""
            } else {
                ": his draw deck holds none"
            }
        ),
        EffectsEvent::Reshuffled { side, deck_size } => format!(
            "{} reshuffles his draw deck ({}).",
            capital(&player(*side)),
            crate::text::count(*deck_size as u64, "card")
        ),
    }
}
