//! The position a walk starts from as the rows of a table: the table's facts, then each place
//! with each side's cards, for the HTML page.

use crate::board::{Board, Zone};
use crate::cards::Side;
use crate::clash::{ClashBoard, Pile, player_name};
use crate::procedures::walkthrough::TableView;

/// A position as a table: facts above, then a row a place, a column a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionTable {
    /// What the table states beside its cards: the rules, whose turn, the seed.
    pub facts: Vec<(&'static str, String)>,
    /// The headings of the two side columns, Light Side first.
    pub sides: [String; 2],
    pub rows: Vec<PositionRow>,
}

/// One place of the table and the cards of each side there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    pub place: String,
    /// Whether the order of the cards matters (a draw deck, top first).
    pub ordered: bool,
    /// Whether the cards are shown on one line (`2 · 4 · 3`), not a line each: a draw deck,
    /// and any pile of cards known only by their numbers.
    pub compact: bool,
    /// The Light Side's cards, then the Dark Side's, a line each.
    pub cards: [Vec<String>; 2],
}

const SIDES: [Side; 2] = [Side::Light, Side::Dark];

/// A row of piles: its words, the pile of each side, and whether its order matters.
type PileRow<P> = (&'static str, fn(Side) -> P, bool);

/// The table of a position of either game.
pub fn position_table(view: TableView<'_>) -> PositionTable {
    match view {
        TableView::YoungJedi(board) => young_jedi(board),
        TableView::Clash(board) => clash(board),
    }
}

fn young_jedi(board: &Board) -> PositionTable {
    let not_set = || "not set".to_string();
    let facts = vec![
        ("Rules", board.ruleset.to_string()),
        (
            "Turn",
            board
                .turn
                .map_or_else(not_set, |side| side.label().to_string()),
        ),
        (
            "Step",
            board
                .step
                .map_or_else(not_set, |step| step.label().to_string()),
        ),
        (
            "Current planet",
            board
                .current_planet
                .map_or_else(not_set, |planet| planet.to_string()),
        ),
        ("Seed", board.seed.to_string()),
    ];
    let mut rows = Vec::new();
    for planet in board.planets_shown() {
        let place = if Some(planet) == board.current_planet {
            format!("{planet} (current planet)")
        } else {
            planet.to_string()
        };
        rows.push(PositionRow {
            place,
            ordered: false,
            compact: false,
            cards: SIDES.map(|side| {
                board
                    .zone(Zone::InPlay(planet, side))
                    .iter()
                    .map(|id| {
                        let name = board
                            .card(*id)
                            .map(crate::cards::Card::full_name)
                            .unwrap_or_default();
                        format!("{name}{}", super::board::annotation(board, *id))
                    })
                    .collect()
            }),
        });
    }
    let piles: [PileRow<Zone>; 10] = [
        ("Draw deck (top first)", Zone::DrawDeck, true),
        ("Hand", Zone::Hand, false),
        ("Discard pile", Zone::DiscardPile, false),
        ("Hyperspace", Zone::Hyperspace, false),
        ("Objective", Zone::Objective, false),
        ("At the Objective", Zone::AtObjective, false),
        ("Podracing pile", Zone::PodracingPile, true),
        ("Battle plan", Zone::BattlePlan, true),
        ("Dueling hand", Zone::DuelingHand, false),
        ("Dueling pile", Zone::DuelingPile, true),
    ];
    for (index, (place, zone, ordered)) in piles.into_iter().enumerate() {
        let deck = index == 0;
        // A draw deck, and a pile of cards known only by their numbers, on one line.
        let compact = deck
            || SIDES.iter().all(|side| {
                board.zone(zone(*side)).iter().all(|id| {
                    board.card(*id).is_some_and(|card| card.anonymous)
                        || board
                            .instance(*id)
                            .is_some_and(|instance| instance.provenance.counted)
                })
            });
        // Cards beside the planets that fight or race (at the Objective, in Hyperspace, in a
        // battle plan) show their numbers and tokens, as cards on a planet do.
        let annotated = matches!(
            zone(Side::Light),
            Zone::Hyperspace(_) | Zone::AtObjective(_) | Zone::BattlePlan(_)
        );
        let cards = SIDES.map(|side| pile_lines(board, zone(side), compact, annotated));
        // The draw deck and the hand always; any other pile where either side has a card.
        if index < 2 || cards.iter().any(|cards| !cards.is_empty()) {
            rows.push(PositionRow {
                place: place.to_string(),
                ordered,
                compact,
                cards,
            });
        }
    }
    rows.push(PositionRow {
        place: "Player".to_string(),
        ordered: false,
        compact: false,
        cards: SIDES.map(|side| {
            let state = board.player(side);
            let mut lines = vec![format!(
                "{} deploy counter{} spent",
                state.counters_spent,
                if state.counters_spent == 1 { "" } else { "s" }
            )];
            if state.laps > 0 {
                lines.push(format!(
                    "{} lap{}",
                    state.laps,
                    if state.laps == 1 { "" } else { "s" }
                ));
            }
            if state.passed_in_duel {
                lines.push("passed in a duel this turn".to_string());
            }
            if state.dueled_this_turn {
                lines.push("has dueled this turn".to_string());
            }
            lines
        }),
    });
    PositionTable {
        facts,
        sides: SIDES.map(|side| side.label().to_string()),
        rows,
    }
}

/// The cards of a pile, a line each or one entry each for a compact row: a card known only by
/// its number as that number (`4`, or `a card of destiny 4` on a line of its own), a named
/// card by its name (with its numbers and tokens where `annotated`), and the cards a scenario
/// gave only as a count as that many unknown cards, not as the numbers the build drew for
/// them.
fn pile_lines(board: &Board, zone: Zone, compact: bool, annotated: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut unknown = 0usize;
    for id in board.zone(zone) {
        if board
            .instance(*id)
            .is_some_and(|instance| instance.provenance.counted)
        {
            unknown += 1;
            continue;
        }
        let line = match board.card(*id) {
            Some(card) if card.anonymous && !compact => {
                format!("a card of destiny {}", card.destiny().unwrap_or(0))
            }
            Some(card) if annotated && !card.anonymous => {
                format!(
                    "{}{}",
                    card.full_name(),
                    super::board::annotation(board, *id)
                )
            }
            _ => super::board::pile_entry(board, *id, None),
        };
        lines.push(line);
    }
    if unknown > 0 {
        lines.push(format!(
            "{} not known (given as a count)",
            crate::text::count(unknown as u64, "card")
        ));
    }
    lines
}

/// A fact of each Clash player, by name: "Qui-Gon on card 2, Darth Maul on card 1".
fn each_player(fact: impl Fn(Side) -> String) -> String {
    SIDES
        .map(|side| format!("{} {}", player_name(side), fact(side)))
        .join(", ")
}

fn clash(board: &ClashBoard) -> PositionTable {
    let facts = vec![
        ("Rules", board.ruleset.to_string()),
        ("Round", board.round.to_string()),
        ("Battle of the round", board.battle.to_string()),
        (
            "Final Duel track",
            each_player(|side| {
                let card = if side == Side::Light {
                    board.track_light
                } else {
                    board.track_dark
                };
                format!("on card {card}")
            }),
        ),
        (
            "Battles won this round",
            each_player(|side| {
                if side == Side::Light {
                    board.won_light
                } else {
                    board.won_dark
                }
                .to_string()
            }),
        ),
        ("Seed", board.seed.to_string()),
    ];
    let piles: [PileRow<Pile>; 8] = [
        ("Draw pile (as stated, top first)", Pile::Draw, true),
        ("Hand", Pile::Hand, false),
        ("Discard pile", Pile::Discard, false),
        ("Planned for battle 1", |side| Pile::Planned(side, 1), false),
        ("Planned for battle 2", |side| Pile::Planned(side, 2), false),
        ("Planned for battle 3", |side| Pile::Planned(side, 3), false),
        ("In the battle under way", Pile::Battle, true),
        ("Won battles", Pile::Won, false),
    ];
    let rows = piles
        .into_iter()
        .enumerate()
        .filter_map(|(index, (place, pile, ordered))| {
            let cards = SIDES.map(|side| {
                board
                    .pile(pile(side))
                    .iter()
                    .filter_map(|id| board.card(*id))
                    .map(|card| card.name().into_owned())
                    .collect::<Vec<_>>()
            });
            (index < 2 || cards.iter().any(|cards| !cards.is_empty())).then_some(PositionRow {
                place: place.to_string(),
                ordered,
                // The draw pile on one line.
                compact: index == 0,
                cards,
            })
        })
        .collect();
    PositionTable {
        facts,
        sides: SIDES.map(|side| format!("{} ({})", player_name(side), side.label())),
        rows,
    }
}
