//! How the battle's and the evacuation's events read in a walkthrough: one sentence (or two) each.

use super::events::BattleResult;
use crate::engine::Run;
use std::fmt::Write;

use crate::cards::Side;
use crate::engine::damage::Taken;
use crate::procedures::battle::events::{BattleEvent, BattleRefusal, Mode};

impl crate::engine::EventKind for BattleEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            BattleEvent::Refused { .. }
                | BattleEvent::FightWon { .. }
                | BattleEvent::FightTied { .. }
                | BattleEvent::TieGame
                | BattleEvent::DeckVictory { .. }
                | BattleEvent::Breakthrough { .. }
                | BattleEvent::EvacuationSucceeded { .. }
                | BattleEvent::EvacuationFailed { .. }
        )
    }

    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        narrate(self)
    }
}

use crate::text::{and_list as list, capitalised as capital, sum};

fn player(side: Side) -> String {
    format!("the {} player", side.label())
}

fn refusal(mode: Mode, refusal: &BattleRefusal) -> String {
    let what = match mode {
        Mode::Battle => "battle",
        Mode::Evacuation => "evacuation",
    };
    match refusal {
        BattleRefusal::NotBattleStep { step } => format!(
            "No {what}: a battle is fought in the Battle step, and this is {}.",
            step.as_deref()
                .map_or("no step".to_string(), |step| format!("the {step}"))
        ),
        BattleRefusal::NoPlanet => {
            format!("No {what}: the position names no current planet and the battle names none.")
        }
        BattleRefusal::RulesNotHeld { ruleset } => format!(
            "No {what}: under {ruleset} the {} rules are the base rulebook's, which the rule corpus does not hold, so the program will not guess them.",
            match mode {
                Mode::Battle => "battle",
                Mode::Evacuation => "evacuation and starship",
            }
        ),
        BattleRefusal::NoTransport { side } => format!(
            "No evacuation: {} has no transport in his Hyperspace pile, and at least one is needed.",
            player(*side)
        ),
        BattleRefusal::NothingToEvacuate { side, planet } => format!(
            "No evacuation: {} has no Weapon or Character card on {planet}.",
            player(*side)
        ),
        BattleRefusal::PartialEvacuation { side, left } => format!(
            "No evacuation: {} would leave {} behind, and all his cards there must be evacuated at the same time.",
            player(*side),
            list(left)
        ),
        BattleRefusal::NotCurrentPlanet { planet } => {
            format!(
                "No battle on {planet}: the dueling rule below places the turn's battle on the current planet."
            )
        }
        BattleRefusal::StarshipBattleRulesNotHeld { ruleset } => format!(
            "The starship battle cannot be walked: it proceeds much like a character battle, and under {ruleset} the character battle's rules are the base rulebook's, which the rule corpus does not hold."
        ),
        BattleRefusal::PassedInDuel { side } => format!(
            "No {what}: {} passed in a duel this turn, and under the Players Committee's rules a player who has passed may not initiate a battle for the rest of the turn.",
            player(*side)
        ),
        BattleRefusal::Plan { problem, .. } => problem.clone(),
        BattleRefusal::NoCharacters { side } => format!(
            "No battle: {} has no character at the planet.",
            player(*side)
        ),
    }
}

fn narrate(event: &BattleEvent) -> String {
    match event {
        BattleEvent::Refused { mode, refusal: why, .. } => refusal(*mode, why),
        BattleEvent::EvacuationAttempted {
            side,
            planet,
            starships,
            transports,
            cards,
        } => format!(
            "{} attempts an evacuation of {planet}: {} ({} a transport). All his starships are used: {}.",
            capital(&player(*side)),
            list(cards),
            if transports.len() == 1 {
                format!("{} is", list(transports))
            } else {
                format!("{} are each", list(transports))
            },
            list(starships)
        ),
        BattleEvent::StarshipsAdded { side, cards } if cards.is_empty() => format!(
            "{} adds no more starships from his hand.",
            capital(&player(*side))
        ),
        BattleEvent::StarshipsAdded { side, cards } => format!(
            "{} adds {} from his hand to his Hyperspace pile.",
            capital(&player(*side)),
            list(cards)
        ),
        BattleEvent::Intercepted { side, starships } => format!(
            "{} intercepts with all his starships: {}. A space battle begins at the location of the evacuation.",
            capital(&player(*side)),
            list(starships)
        ),
        BattleEvent::NotIntercepted { side, could: true } => format!(
            "{} does not intercept.",
            capital(&player(*side))
        ),
        BattleEvent::NotIntercepted { side, could: false } => format!(
            "{} has no starship in his Hyperspace pile, so he cannot intercept.",
            capital(&player(*side))
        ),
        BattleEvent::BattleBegins {
            attacker,
            planet,
            starships,
        } => {
            if *starships {
                format!(
                    "Starship battle at {planet}: {} is the attacker, {} the defender.",
                    player(*attacker),
                    player(attacker.opponent())
                )
            } else {
                format!("Battle on {planet}: {} attacks.", player(*attacker))
            }
        }
        BattleEvent::PlanMade {
            side,
            entries,
            stated,
        } => {
            let mut text = format!(
                "{}'s battle plan{}: ",
                capital(&player(*side)),
                if *stated { " (as the position states it)" } else { "" }
            );
            let numbered: Vec<String> = entries
                .iter()
                .enumerate()
                .map(|(position, entry)| format!("{}. {entry}", position + 1))
                .collect();
            text.push_str(&numbered.join("; "));
            text.push('.');
            text
        }
        BattleEvent::BattleCardsDeclared {
            side,
            count,
            attacker,
        } => format!(
            "{} ({}) declares {count} Battle card{}{}.",
            capital(&player(*side)),
            if *attacker { "the attacker, first" } else { "the defender, second" },
            if *count == 1 { "" } else { "s" },
            if *count > 0 { ", put into his battle plan from his hand" } else { "" }
        ),
        BattleEvent::NotABattleCard { side, card } => format!(
            "{card} is not a Battle card: {} takes it back into his hand.",
            player(*side)
        ),
        BattleEvent::WeaponSetAside { side, card, reason } => format!(
            "{card} ({}) is moved to one side and not used: {reason}. It stays on the planet.",
            side.label()
        ),
        BattleEvent::Fight {
            number,
            light,
            dark,
            together,
        } => {
            let mut text = format!(
                "Fight {number}: {} (Light Side) against {} (Dark Side).",
                list(light),
                list(dark)
            );
            for (side, card) in together {
                let _ = write!(
                    text,
                    " The {} cards fight together, by the text of {card}.",
                    side.label()
                );
            }
            text
        }
        BattleEvent::BattleCardIdle { side, card, works } => format!(
            "{card} ({}) does not work in this fight: only one Battle card works in each fight, and {works} is the one.",
            side.label()
        ),
        BattleEvent::WeaponCancelled { side, card, by } => format!(
            "{by} is a Force push: {card} ({}) may not be used in this fight.",
            side.label()
        ),
        BattleEvent::DestinyDrawn {
            side,
            card,
            destiny,
            for_card,
        } => {
            if *card == crate::cards::anonymous_name(*destiny) {
                format!(
                    "{} draws destiny for {for_card}: a card with destiny {destiny}.",
                    capital(&player(*side))
                )
            } else {
                format!(
                    "{} draws destiny for {for_card}: {card}, destiny {destiny}.",
                    capital(&player(*side))
                )
            }
        }
        BattleEvent::NoCardToDraw { side, for_card } => format!(
            "{} has no card left to draw for {for_card}.",
            capital(&player(*side))
        ),
        BattleEvent::FightTotal {
            side,
            cards,
            parts,
            total,
        } => format!(
            "{} total ({}): {} = {total}.",
            side.label(),
            list(cards),
            sum(parts)
        ),
        BattleEvent::DestinyChanged {
            side,
            card,
            change,
            light,
            dark,
        } => {
            let did = match change {
                super::events::DestinyChange::DamageForDestiny {
                    user,
                    damage,
                    destiny,
                } => format!("{user}'s DAMAGE {damage} stands in for his destiny {destiny}"),
                super::events::DestinyChange::Switched { own, theirs } => format!(
                    "the {} destiny {own} and the {} destiny {theirs} are switched",
                    side.label(),
                    side.opponent().label()
                ),
                super::events::DestinyChange::GainedDifference { own, theirs } => format!(
                    "the {} destiny ({own}) is below the {} destiny ({theirs}), so the {} total gains the difference, {}",
                    side.label(),
                    side.opponent().label(),
                    side.label(),
                    theirs.saturating_sub(*own)
                ),
            };
            format!(
                "{card} ({}): {did}. The totals are now Light {light}, Dark {dark}.",
                side.label()
            )
        }
        BattleEvent::FightsNextFight {
            side,
            card,
            by,
            weapons,
        } => format!(
            "{card} ({}) defeated his opponent, and by {by} fights the next fight{}, in place of the next card of the plan.",
            side.label(),
            if weapons.is_empty() {
                String::new()
            } else {
                format!(" with the same weapon, {}", list(weapons))
            }
        ),
        BattleEvent::FightWon {
            number,
            winner,
            light,
            dark,
        } => format!(
            "The {} Side wins fight {number}, {} to {}.",
            match winner {
                Side::Light => "Light",
                Side::Dark => "Dark",
            },
            light.max(dark),
            light.min(dark)
        ),
        BattleEvent::FightTied {
            number,
            total,
            both_defeated,
        } => format!(
            "Fight {number} is tied at {total}: {}.",
            if *both_defeated { "both are defeated" } else { "neither is defeated" }
        ),
        BattleEvent::TieGame => {
            "Both players drew the last card of their draw decks in this fight: the game ends in a tie.".to_string()
        }
        BattleEvent::Defeated {
            side,
            cards,
            weapon_kept,
        } => {
            let mut text = format!("Defeated: {} ({}), discarded.", list(cards), side.label());
            if let Some(weapon) = weapon_kept {
                let _ = write!(text, " {weapon} is not lost: it was cancelled by a Force push.");
            }
            text
        }
        BattleEvent::DamageTaken {
            side,
            amount: 0,
            parts,
            ..
        } => format!(
            "{} takes no DAMAGE: {} = 0.",
            capital(&player(*side)),
            sum(parts)
        ),
        BattleEvent::DamageTaken {
            side,
            amount,
            parts,
            taken:
                Taken {
                    lost,
                    lap_cards: 0,
                    deck_left,
                    ..
                },
        } => format!(
            "{} takes {amount} DAMAGE: {} = {amount}. {lost} card{} from the top of his draw deck to his discard pile; {deck_left} left.",
            capital(&player(*side)),
            sum(parts),
            if *lost == 1 { "" } else { "s" }
        ),
        BattleEvent::DamageTaken {
            side,
            amount,
            parts,
            taken,
        } => format!(
            "{} takes {amount} DAMAGE: {} = {amount}. {}",
            capital(&player(*side)),
            sum(parts),
            taken.lap_cards_phrase()
        ),
        BattleEvent::DeckVictory { winner, by_destiny } => format!(
            "{} {}: {} wins by deck victory, at once.",
            capital(&player(winner.opponent())),
            if *by_destiny {
                "drew the last card of his draw deck for destiny"
            } else {
                "has no draw deck left"
            },
            player(*winner)
        ),
        BattleEvent::Unopposed { side, cards } => format!(
            "{} ({}) {} no opponent: not in a fight, so no destiny is drawn for {}.",
            list(cards),
            side.label(),
            if cards.len() == 1 { "has" } else { "have" },
            if cards.len() == 1 { "it" } else { "them" }
        ),
        BattleEvent::Breakthrough { side, card, amount } => format!(
            "{card} ({}) has no opponent and breaks through for {amount} DAMAGE.",
            side.label()
        ),
        BattleEvent::BreakthroughKept { side, card, user } => format!(
            "{user} was the last card of the {} battle plan and used {card}: {} loses no cards to breakthrough in this battle.",
            side.label(),
            player(*side)
        ),
        BattleEvent::NoBreakthrough => {
            "There is no breakthrough in a starship battle.".to_string()
        }
        BattleEvent::BattleCardsDiscarded { side, cards } => format!(
            "{}'s Battle cards go to his discard pile: {}.",
            capital(&player(*side)),
            list(cards)
        ),
        BattleEvent::SurvivorsToHyperspace { side, cards } => format!(
            "{}'s surviving starships go back to his Hyperspace pile: {}.",
            capital(&player(*side)),
            list(cards)
        ),
        BattleEvent::EvacuationSucceeded {
            side,
            transports,
            cards,
            deck_size,
        } => {
            let why = if transports.is_empty() {
                "the evacuation was not intercepted".to_string()
            } else {
                format!("{} survived", list(transports))
            };
            format!(
                "The evacuation succeeds ({why}): {} {} shuffled into {}'s draw deck ({}).",
                list(cards),
                if cards.len() == 1 { "is" } else { "are" },
                player(*side),
                crate::text::count(*deck_size as u64, "card")
            )
        }
        BattleEvent::EvacuationFailed { side, cards } => format!(
            "None of {}'s transports survived: the evacuation fails, and {} {} discarded.",
            player(*side),
            list(cards),
            if cards.len() == 1 { "is" } else { "are" }
        ),
    }
}

pub(super) fn verdict_lines(result: &BattleResult, run: &Run<BattleEvent>) -> Vec<String> {
    let what = match result.mode {
        Mode::Battle => "battle",
        Mode::Evacuation => "evacuation",
    };
    match &result.refusal {
        Some(refusal) if refusal.is_by_rule() => {
            return vec![format!("No {what}: it is refused (see above).")];
        }
        Some(_) => return vec![format!("The {what} is not walked (see above).")],
        None => {}
    }
    if run.stop.is_some() {
        return vec![format!("The walk stopped before the {what} ended.")];
    }
    let mut lines = Vec::new();
    if result.mode == Mode::Evacuation {
        match (result.intercepted, result.evacuated) {
            (Some(false), _) => lines.push("Not intercepted: the evacuation succeeds.".to_string()),
            (_, Some(true)) => lines.push(
                "Intercepted, and a transport survived: the evacuation succeeds; the characters and weapons are shuffled into the draw deck.".to_string(),
            ),
            (_, Some(false)) => lines.push(
                "Intercepted, and no transport survived: the evacuation fails; the characters and weapons are discarded.".to_string(),
            ),
            _ => {}
        }
    }
    for side in [Side::Light, Side::Dark] {
        let defeated = result.defeated(side);
        if !defeated.is_empty() {
            lines.push(format!(
                "Defeated ({}): {}.",
                side.label(),
                defeated.join(", ")
            ));
        }
    }
    if result.defeated_light.is_empty() && result.defeated_dark.is_empty() && result.fights > 0 {
        lines.push("Defeated: nothing.".to_string());
    }
    lines.push(format!(
        "Damage taken: Light Side {}, Dark Side {}.",
        result.damage_light, result.damage_dark
    ));
    if result.tie_game {
        lines.push(
            "The game ends in a tie: both players drew their last card in one fight.".to_string(),
        );
    }
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
    }
    lines
}
