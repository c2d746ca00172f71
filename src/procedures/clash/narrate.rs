//! How Clash of the Lightsabers' events read in a walkthrough: one sentence (or two) each.

use super::ClashWalk;
use crate::cards::Side;
use crate::clash::player_name;
use crate::procedures::clash::events::ClashEvent;

impl crate::engine::EventKind for ClashEvent {
    fn decides(&self) -> bool {
        matches!(
            self,
            ClashEvent::ClashBattleEnd { .. }
                | ClashEvent::ClashRoundEnd { .. }
                | ClashEvent::ClashGameWon { .. }
        )
    }

    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        narrate_clash(self)
    }
}

fn clash_name(side: Side) -> &'static str {
    crate::clash::player_name(side)
}

fn narrate_clash(kind: &ClashEvent) -> String {
    match kind {
        ClashEvent::ClashDealt { side, count } => format!(
            "{} shuffles his Battle Deck and deals himself a {count}-card hand.",
            clash_name(*side)
        ),
        ClashEvent::ClashPlanned { side, battle, card } => {
            format!(
                "{} plans {card} face down for battle {battle}.",
                clash_name(*side)
            )
        }
        ClashEvent::ClashBattleBegins { round, battle } => {
            format!(
                "Round {round}, battle {battle}: both players flip their planned cards at the same time."
            )
        }
        ClashEvent::ClashFlip { side, card } => match card {
            Some(card) => format!("{} flips {card}.", clash_name(*side)),
            None => format!("{} has no planned card for this battle.", clash_name(*side)),
        },
        ClashEvent::ClashPlay {
            side,
            card,
            simultaneous,
        } => {
            if *simultaneous {
                format!(
                    "{} plays {card}, at the same time as his opponent.",
                    clash_name(*side)
                )
            } else {
                format!("{} plays {card}.", clash_name(*side))
            }
        }
        ClashEvent::ClashSpecialsCancel { light, dark } => format!(
            "Two Special cards played at once, {light} and {dark}, cancel each other: their directions are ignored and both are discarded. Play goes on with new cards from the hands."
        ),
        ClashEvent::ClashSpecialEffect {
            side,
            card,
            effect,
            source,
        } => {
            // A card whose name is already its player's ("Qui-Gon's Fury") is not said twice.
            let whose = format!("{}'s ", clash_name(*side));
            if card.starts_with(&whose) {
                format!("{card}: {effect} ({source}).")
            } else {
                format!("{whose}{card}: {effect} ({source}).")
            }
        }
        ClashEvent::ClashStatus {
            light_total,
            dark_total,
            light_cards,
            dark_cards,
            winning,
        } => {
            let totals = format!(
                "Qui-Gon {light_total} with {light_cards} card{}, Darth Maul {dark_total} with {dark_cards} card{}",
                if *light_cards == 1 { "" } else { "s" },
                if *dark_cards == 1 { "" } else { "s" }
            );
            match winning {
                Some(side) if light_total == dark_total => {
                    format!(
                        "{totals}: the totals are equal, so {}, with more cards played, is winning.",
                        clash_name(*side)
                    )
                }
                Some(side) => format!("{totals}: {} is winning.", clash_name(*side)),
                None => format!("{totals}: a Standoff."),
            }
        }
        ClashEvent::ClashMustPlay { side } => format!(
            "In the Standoff {} is out of cards, so {} must play a card.",
            clash_name(side.opponent()),
            clash_name(*side)
        ),
        ClashEvent::ClashConcede { side, forced } => {
            if *forced {
                format!(
                    "{} is losing and has no cards in his hand: he must concede the battle.",
                    clash_name(*side)
                )
            } else {
                format!("{} concedes the battle.", clash_name(*side))
            }
        }
        ClashEvent::ClashConcessionRefused { side, standoff } => format!(
            "{} tries to concede, but may not: no one concedes {}.",
            clash_name(*side),
            if *standoff {
                "during a Standoff"
            } else {
                "while winning the battle"
            }
        ),
        ClashEvent::ClashBattleEnd {
            round,
            battle,
            winner,
        } => match winner {
            Some(side) => format!(
                "{} wins battle {battle} of round {round}: the conceded cards go to the discard pile, and the winner's stay on the table.",
                clash_name(*side)
            ),
            None => format!(
                "Battle {battle} of round {round} is a draw: a Standoff with no cards left. Both players discard the cards they played in it."
            ),
        },
        ClashEvent::ClashReshuffle { side, count } => format!(
            "{} has drawn the last card of his deck: he shuffles his {count}-card discard pile into a new draw pile.",
            clash_name(*side)
        ),
        ClashEvent::ClashRoundEnd {
            round,
            light_won,
            dark_won,
            mover,
            steps,
            light_track,
            dark_track,
        } => {
            let score = format!(
                "Round {round} ends: Qui-Gon won {light_won} battle{}, Darth Maul {dark_won}",
                if *light_won == 1 { "" } else { "s" }
            );
            let movement = match mover {
                Some(side) => format!(
                    "{} moves his figure {} Final Duel card{}",
                    clash_name(*side),
                    if *steps == 2 { "two" } else { "one" },
                    if *steps == 2 { "s" } else { "" }
                ),
                None => "neither figure moves".to_string(),
            };
            format!(
                "{score}; {movement}. The figures stand on card {light_track} (Qui-Gon) and card {dark_track} (Darth Maul). All played cards on the table go to the discard piles."
            )
        }
        ClashEvent::ClashNewRound {
            round,
            light_drew,
            dark_drew,
        } => format!(
            "Round {round} begins: unplayed cards stay in hand; Qui-Gon draws {light_drew} new cards and Darth Maul {dark_drew}."
        ),
        ClashEvent::ClashGameWon { winner, round } => format!(
            "{} has reached his fifth Final Duel card in round {round}: he wins the game.",
            clash_name(*winner)
        ),
    }
}

pub(super) fn clash_verdict_lines(clash: &ClashWalk) -> Vec<String> {
    let result = &clash.result;
    let mut lines = Vec::new();
    for battle in &result.battles {
        lines.push(match battle.winner {
            Some(side) => format!(
                "Round {}, battle {}: won by {}.",
                battle.round,
                battle.battle,
                player_name(side)
            ),
            None => format!("Round {}, battle {}: a draw.", battle.round, battle.battle),
        });
    }
    for (round, mover, steps) in &result.moves {
        lines.push(match mover {
            Some(side) => format!(
                "Round {round}: {} moves {steps} Final Duel card{}.",
                player_name(*side),
                if *steps == 1 { "" } else { "s" }
            ),
            None => format!("Round {round}: neither figure moves."),
        });
    }
    lines.push(format!(
        "Final Duel track: Qui-Gon on card {}, Darth Maul on card {}.",
        result.track_light, result.track_dark
    ));
    if let Some(winner) = result.game_winner {
        lines.push(format!("{} wins the game.", player_name(winner)));
    }
    let piles = |side: Side| {
        use crate::clash::Pile;
        let after = &clash.after;
        format!(
            "{}: {} in the draw pile, {} in hand, {} in the discard pile, {} on the table",
            player_name(side),
            after.pile(Pile::Draw(side)).len(),
            after.pile(Pile::Hand(side)).len(),
            after.pile(Pile::Discard(side)).len(),
            after.pile(Pile::Won(side)).len()
                + after.pile(Pile::Battle(side)).len()
                + (1..=3)
                    .map(|b| after.pile(Pile::Planned(side, b)).len())
                    .sum::<usize>()
        )
    };
    lines.push(format!(
        "Where the cards are: {}; {}.",
        piles(Side::Light),
        piles(Side::Dark)
    ));
    lines
}
