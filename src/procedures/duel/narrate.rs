//! How the duel's events read in a walkthrough: one sentence (or two) each.

use super::events::DuelResult;
use crate::engine::Run;
use std::fmt::Write;

use super::events::Refusal;
use super::section::PendingMove;
use crate::cards::Side;
use crate::procedures::duel::events::DuelEvent;

impl crate::engine::EventKind for DuelEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            DuelEvent::DuelRefused { .. }
                | DuelEvent::Defeated { .. }
                | DuelEvent::HandsEmpty
                | DuelEvent::BothPassed
                | DuelEvent::DeckVictory { .. }
        )
    }

    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        narrate_duel(self)
    }

    /// Whether the tally is worth showing after it (once the hands exist).
    fn shows_tally(&self) -> bool {
        matches!(
            self,
            DuelEvent::DuelResumed { .. }
                | DuelEvent::DuelingHandDrawn { .. }
                | DuelEvent::Attack { .. }
                | DuelEvent::Block { .. }
                | DuelEvent::NoBlock { .. }
                | DuelEvent::Passed { .. }
                | DuelEvent::PassDraws { .. }
                | DuelEvent::Hit { .. }
                | DuelEvent::DuelingText { .. }
                | DuelEvent::CannotAttack { .. }
        )
    }
}

fn side_name(side: Side) -> &'static str {
    side.label()
}

use crate::text::{and_list as list, sum};

/// Items joined as a choice: "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => list(items),
    }
}

fn card_phrase(card: &str, destiny: i32) -> String {
    if card == crate::cards::anonymous_name(destiny) {
        "a card".to_string()
    } else {
        card.to_string()
    }
}

fn narrate_duel(kind: &DuelEvent) -> String {
    match kind {
        DuelEvent::DuelInitiated { initiator, planet } => format!(
            "The {} player initiates a duel on {planet}, in his Battle step, before any battle there; the duel does not replace the battle.",
            side_name(*initiator)
        ),
        DuelEvent::DuelResumed {
            initiator,
            planet,
            light,
            dark,
            light_weapon,
            dark_weapon,
            next,
            pending,
        } => {
            let armed = |fighter: &str, weapon: &Option<String>| match weapon {
                Some(weapon) => format!("{fighter} with {weapon}"),
                None => format!("{fighter} with no weapon"),
            };
            let what = match pending {
                PendingMove::Block => format!("the {} player may block the attack card on top of the {} dueling pile", side_name(*next), side_name(next.opponent())),
                PendingMove::Defeat => format!("the hits just scored on the {} character are held against his printed DAMAGE", side_name(*next)),
                PendingMove::Attack => {
                    format!("the {} player makes a fresh attack", side_name(*next))
                }
            };
            format!(
                "The duel the {} player initiated{} is under way: {} for the Light Side, {} for the Dark Side. Next, {what}.",
                side_name(*initiator),
                planet.as_ref().map(|planet| format!(" on {planet}")).unwrap_or_default(),
                armed(light, light_weapon),
                armed(dark, dark_weapon),
            )
        }
        DuelEvent::DuelRefused { initiator, refusal } => {
            let who = initiator.map(|side| format!("The {} player", side_name(side))).unwrap_or_else(|| "No one".to_string());
            match refusal {
                Refusal::NotBattleStep { step } => format!(
                    "{who} may not initiate a duel now: a duel is initiated during his Battle step, and this is {}.",
                    step.as_ref().map(|s| format!("his {s}")).unwrap_or_else(|| "no step the scenario names".to_string())
                ),
                Refusal::AlreadyDueled => format!("{who} has already initiated a duel this turn; only one is allowed each turn."),
                Refusal::NoCurrentPlanet => "No duel: the position names no current planet, where a duel takes place.".to_string(),
                Refusal::NoDuelingCharacter { side } if Some(*side) == *initiator => {
                    format!("{who} may not initiate a duel: he has no dueling character at the current planet.")
                }
                Refusal::NoDuelingCharacter { side } => format!(
                    "{who} may not initiate a duel: the {} player has no dueling character at the current planet, and under these rules both players need one.",
                    side_name(*side)
                ),
                Refusal::NoDefender { side } => format!(
                    "{who} may not initiate a duel: the {} player has no character at the current planet, and the initiator must choose one of his opponent's characters there to defend.",
                    side_name(*side)
                ),
                Refusal::NoUsableLightsaber => format!(
                    "{who} may not initiate a duel: none of his dueling characters at the current planet has a lightsaber there that he can use."
                ),
                Refusal::RulesNotApplied { ruleset, rules } => format!(
                    "The duel is not walked: under {ruleset} it follows rules that change the Decipher duel ({}), and this program does not apply them yet, so it will not answer with the rules they change.",
                    rules.join(", ")
                ),
            }
        }
        DuelEvent::FighterChosen { side, card, by, role } => {
            if role == "initiator" {
                format!("The {} player chooses {card} to duel.", side_name(*side))
            } else {
                format!("The {} player chooses the {} player's {card} to defend.", side_name(*by), side_name(*side))
            }
        }
        DuelEvent::DefenderSubstituted { side, from, to } => {
            format!("The {} player chooses {to} to defend instead of {from}.", side_name(*side))
        }
        DuelEvent::SubstitutionDeclined { side, could } => format!(
            "The {} player keeps the chosen defender; he could have chosen {} instead.",
            side_name(*side),
            list(could)
        ),
        DuelEvent::NoSubstituteAvailable { side, other_versions } => {
            let mut text = format!(
                "The {} player has no other dueling character there to defend instead",
                side_name(*side)
            );
            match other_versions.as_slice() {
                [] => text.push('.'),
                [one] => {
                    let _ = write!(text, ": {one}, another version of the chosen defender, is not a dueling character.");
                }
                many => {
                    let _ = write!(text, ": {}, other versions of the chosen defender, are not dueling characters.", list(many));
                }
            }
            text
        }
        DuelEvent::WeaponChosen { side, card, lightsaber, passed_over } => match card {
            Some(card) if *lightsaber => format!("The {} duelist uses the lightsaber {card}.", side_name(*side)),
            Some(card) => format!("The {} duelist uses {card}, which is not a lightsaber.", side_name(*side)),
            None if passed_over.is_empty() => format!("The {} duelist uses no weapon.", side_name(*side)),
            None => format!(
                "The {} duelist uses no weapon, though he could use {}; \"no weapon\" is the first option of the defender's choice of weapon, the one the policy `first-option` takes.",
                side_name(*side),
                or_list(passed_over)
            ),
        },
        DuelEvent::DamageZeroDiscarded { side, card } => format!(
            "{card} ({}) has a printed DAMAGE of 0: it is simply discarded. No dueling hands are drawn; the duel is over.",
            side_name(*side)
        ),
        DuelEvent::DamageZeroFights { side, card } => format!(
            "{card} ({}) has a printed DAMAGE of 0. No rule in force discards him for it (the revised rule that does is later): he fights, and his hits are held against his DAMAGE of 0 after each hit.",
            side_name(*side)
        ),
        DuelEvent::AnakinDestiny { side, card, destiny } => {
            let drawn = if card_phrase(card, *destiny) == "a card" {
                format!("a {destiny}")
            } else {
                format!("{card}, a {destiny}")
            };
            format!(
                "For Anakin's power the {} player draws destiny: {drawn}. The card goes into his hand.",
                side_name(*side)
            )
        }
        DuelEvent::PowerTotalled { side, card, parts, total, weapon } => {
            let mut text = format!("{card} ({}) fights with power {total}: {} = {total}.", side_name(*side), sum(parts));
            if let Some(weapon) = weapon {
                let _ = write!(text, " No destiny is drawn for {weapon}, as it would be in a battle.");
            }
            text
        }
        DuelEvent::DuelingHandDrawn { side, wanted, drawn, deck_left } => {
            let mut text = format!(
                "The {} player puts his hand face down aside and draws {drawn} card{} for his dueling hand",
                side_name(*side),
                if *drawn == 1 { "" } else { "s" }
            );
            if i64::try_from(*drawn).unwrap_or(0) < i64::from(*wanted) {
                let _ = write!(text, ", not {wanted}: his draw deck had no more");
            }
            let _ = write!(text, "; {deck_left} left in his draw deck.");
            if *deck_left == 0 {
                text.push_str(" Drawing the last card for a dueling hand is no deck victory: the cards are still part of the draw deck.");
            }
            text
        }
        DuelEvent::Attack { side, card, destiny } => {
            format!("The {} player attacks with {} (destiny {destiny}).", side_name(*side), card_phrase(card, *destiny))
        }
        DuelEvent::Block { side, card, destiny } => format!(
            "The {} player blocks with {} (destiny {destiny}); the block becomes his attack, which must be blocked in turn.",
            side_name(*side),
            card_phrase(card, *destiny)
        ),
        DuelEvent::Passed { side, again: false } => format!(
            "The {} player passes instead of attacking: from now on he may only block in this duel, and he may not initiate a battle this turn. The {} player leads.",
            side_name(*side),
            side_name(side.opponent())
        ),
        DuelEvent::Passed { side, again: true } => format!(
            "The {} player, who has passed, passes again instead of attacking; the {} player leads.",
            side_name(*side),
            side_name(side.opponent())
        ),
        DuelEvent::NoAttackLeft { passed } => format!(
            "The {} player has passed and may only block, and the {} player has no card left to attack with: no attack can be made, so the duel ends with neither character defeated.",
            side_name(*passed),
            side_name(passed.opponent())
        ),
        DuelEvent::MayNotPass { side, card } => format!(
            "The game text of {card} says he may not pass: the {} player attacks at each of his turns to lead.",
            side_name(*side)
        ),
        DuelEvent::PassDraws { side, card, wanted, drawn, dueling_hand } => {
            let into = if *dueling_hand { "dueling hand" } else { "hand" };
            let cards = |n: u8| if n == 1 { "card" } else { "cards" };
            if drawn == wanted {
                format!(
                    "The game text of {card} draws {wanted} {} on his player's first pass: the {} player draws them into his {into}.",
                    cards(*wanted),
                    side_name(*side)
                )
            } else {
                format!(
                    "The game text of {card} draws {wanted} {} on his player's first pass: the {} player draws {drawn} into his {into}, all his draw deck holds.",
                    cards(*wanted),
                    side_name(*side)
                )
            }
        }
        DuelEvent::BothPassed => {
            "Both players have passed: the duel ends, and neither character is defeated.".to_string()
        }
        DuelEvent::NoBlock { side, destiny, could_have } => {
            if *could_have {
                format!("The {} player chooses not to block the {destiny}.", side_name(*side))
            } else {
                format!("The {} player has no card of destiny {destiny} to block with.", side_name(*side))
            }
        }
        DuelEvent::Hit { side, card, by, hits, damage } => format!(
            "The attack of {by} scores a hit: {card} ({}) has {hits} hit token{} against a printed DAMAGE of {damage}.",
            side_name(*side),
            if *hits == 1 { "" } else { "s" }
        ),
        DuelEvent::DuelingText { side, card, effect, applied, detail, without_lightsaber } => {
            if *applied && *without_lightsaber {
                format!(
                    "{card} scored the hit for the {} player, whose character uses no lightsaber; under the Players Committee's rules its dueling text applies all the same: {detail}.",
                    side_name(*side)
                )
            } else if *applied {
                format!(
                    "{card} scored the hit for the {} player, whose character is using a lightsaber, so its dueling text applies: {detail}.",
                    side_name(*side)
                )
            } else if detail.contains("chooses not") {
                format!("{card} could {}, but {detail}.", effect.label().replace("this card", "it"))
            } else {
                format!(
                    "{card} has dueling text ({}), but it does not apply: {detail}.",
                    effect.label()
                )
            }
        }
        DuelEvent::CannotAttack {
            side,
            exchange_ends: true,
        } => format!(
            "The {} player's dueling hand is empty, so he cannot attack, and the exchange of attacks ends.",
            side_name(*side)
        ),
        DuelEvent::CannotAttack { side, .. } => format!(
            "The {} player's dueling hand is empty, so he cannot attack; the {} player makes the next attack.",
            side_name(*side),
            side_name(side.opponent())
        ),
        DuelEvent::Defeated { side, card, hits, damage, at_once: true } => format!(
            "{card} ({}) has {hits} hits, already at least its printed DAMAGE of {damage}: it is defeated at once. No dueling hands are drawn.",
            side_name(*side)
        ),
        DuelEvent::Defeated { side, card, hits, damage, .. } => format!(
            "{card} ({}) has {hits} hits, at least its printed DAMAGE of {damage}: it is defeated.",
            side_name(*side)
        ),
        DuelEvent::HandsEmpty => "Both dueling hands are empty: the duel ends with neither character defeated.".to_string(),
        DuelEvent::ExchangeEnded { no_damage: false } => "The exchange of attacks has ended with neither character defeated: the duel ends as when both dueling hands run out, the player with more hit tokens taking damage.".to_string(),
        DuelEvent::ExchangeEnded { no_damage: true } => "The exchange of attacks has ended with neither character defeated and a card still in a dueling hand: the duel ends, and no one takes damage for hit tokens.".to_string(),
        DuelEvent::CardsDiscarded { side, cards } => match cards.as_slice() {
            [character] => format!(
                "The {} player discards the defeated {character}; it was using no weapon.",
                side_name(*side)
            ),
            _ => format!(
                "The {} player discards {}: the defeated character and the weapon it was using.",
                side_name(*side),
                list(cards)
            ),
        },
        DuelEvent::Reshuffled { side, returned, deck_size } => format!(
            "The {} player shuffles his {returned} dueling card{} back into his draw deck, now {deck_size} cards.",
            side_name(*side),
            if *returned == 1 { "" } else { "s" }
        ),
        DuelEvent::DamageTaken {
            side,
            amount,
            parts,
            taken,
        } => {
            let crate::engine::damage::Taken {
                lost, deck_left, ..
            } = taken;
            let mut text = format!(
                "The {} player takes {amount} damage: {}",
                side_name(*side),
                sum(parts)
            );
            if taken.lap_cards > 0 {
                let _ = write!(text, ". {}", taken.lap_cards_phrase());
                return text;
            }
            let _ = write!(
                text,
                ". {lost} card{} go{} from the top of his draw deck to his discard pile; {deck_left} left.",
                if *lost == 1 { "" } else { "s" },
                if *lost == 1 { "es" } else { "" }
            );
            text
        }
        DuelEvent::NoDamage { reason } => format!("Neither player takes damage: {reason}."),
        DuelEvent::DeckVictory { winner } => format!(
            "The {} player's draw deck is empty: deck victory for the {} player, at once.",
            side_name(winner.opponent()),
            side_name(*winner)
        ),
        DuelEvent::HitsRemoved { side, count } => format!(
            "The remaining {count} hit token{} on the {} character {} removed.",
            if *count == 1 { "" } else { "s" },
            side_name(*side),
            if *count == 1 { "is" } else { "are" }
        ),
        DuelEvent::BattleStepContinues => {
            "The duel is over and the Battle step continues: the characters and weapons that took part may also battle this turn.".to_string()
        }
    }
}

/// A duel's verdict, a line each.
pub(super) fn verdict_lines(result: &DuelResult, run: &Run<DuelEvent>) -> Vec<String> {
    let mut lines = Vec::new();
    match &result.refusal {
        Some(refusal) if !refusal.is_by_rule() => {
            lines.push("The duel is not walked (see above).".to_string());
            return lines;
        }
        Some(_) => {
            lines.push("No duel: initiating it is refused (see above).".to_string());
            return lines;
        }
        None => {}
    }
    if run.stop.is_some() {
        lines.push("The walk stopped before the duel ended.".to_string());
        return lines;
    }
    let zero = run.events.iter().find_map(|event| match &event.kind {
        DuelEvent::DamageZeroDiscarded { side, card } => Some((*side, card.clone())),
        _ => None,
    });
    let at_once: Vec<String> = run
        .events
        .iter()
        .filter_map(|event| match &event.kind {
            DuelEvent::Defeated {
                side,
                card,
                at_once: true,
                ..
            } => Some(format!("{card} ({})", side.label())),
            _ => None,
        })
        .collect();
    match result.defeated {
        Some(_) if !at_once.is_empty() => lines.push(format!(
            "Defeated at once for a printed DAMAGE of 0: {}. No hands were drawn.",
            list(&at_once)
        )),
        Some(side) if zero.is_some() => {
            let card = zero.map(|(_, card)| card).unwrap_or_default();
            lines.push(format!(
                "Discarded for its printed DAMAGE of 0: {card} ({}). No hands were drawn.",
                side.label()
            ));
        }
        Some(side) => {
            let card = if Some(side) == result.initiator {
                result.attacker.clone()
            } else {
                result.defender.clone()
            };
            lines.push(format!(
                "Defeated: {} ({}).",
                card.unwrap_or_default(),
                side.label()
            ));
        }
        None => lines.push("Defeated: neither character.".to_string()),
    }
    lines.push(format!(
        "Damage taken: Light Side {}, Dark Side {}.",
        result.damage_light, result.damage_dark
    ));
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
    }
    lines
}
