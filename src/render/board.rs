//! Renders a board for the shell: both sides at a glance, cards with their ids, stats and tokens.

use std::fmt::Write as _;

use super::{Palette, wrap};
use crate::board::{Board, CardId, Zone};
use crate::cards::{Card, Side, StatValue};

/// A card's short annotation: what the position knows of its numbers and state.
pub fn annotation(board: &Board, id: CardId) -> String {
    let mut notes = Vec::new();
    let Some(card) = board.card(id) else {
        return String::new();
    };
    let Some(instance) = board.instance(id) else {
        return String::new();
    };
    if instance.face_down {
        notes.push("face down".to_string());
    }
    if instance.deployed_this_turn {
        notes.push("deployed this turn".to_string());
    }
    if instance.fought_this_turn {
        notes.push("fought this turn".to_string());
    }
    for (label, stat) in [
        ("power", &card.stats.power),
        ("DAMAGE", &card.stats.damage),
        ("destiny", &card.stats.destiny),
        ("deploy", &card.stats.deploy),
    ] {
        if card.anonymous {
            continue;
        }
        if let Some(fact) = stat {
            let value = match &fact.value {
                StatValue::Number(number) => number.to_string(),
                other => other.to_string(),
            };
            notes.push(format!("{label} {value}"));
        }
    }
    if let Some(declared) = &card.first_box_declaration {
        if let Some(bonus) = declared.bonus {
            notes.push(format!("+{bonus} power"));
        }
        if let Some(users) = &declared.users {
            notes.push(format!("usable by {}", users.join(", ")));
        }
    }
    notes.extend(card.text.phrases());
    if instance.hits > 0 {
        notes.push(format!(
            "{} hit{}",
            instance.hits,
            if instance.hits == 1 { "" } else { "s" }
        ));
    }
    if instance.thrust > 0 {
        notes.push(format!("{} Thrust", instance.thrust));
    }
    if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    }
}

/// The numbers the shell shows the cards by, `#0` on: the cards known by name, in the order
/// they came to the table. A card known only by its destiny number (a draw deck set by
/// numbers) is shown by that number and takes none, so that a deck takes no number from the
/// cards built after it, and a card keeps its number while others are added.
pub struct CardNumbers {
    numbers: std::collections::BTreeMap<CardId, u32>,
    ids: Vec<CardId>,
}

impl CardNumbers {
    pub fn of(board: &Board) -> CardNumbers {
        let ids: Vec<CardId> = board
            .cards
            .iter()
            .map(|instance| instance.id)
            .filter(|id| board.card(*id).is_some_and(|card| !card.anonymous))
            .collect();
        let numbers = ids
            .iter()
            .enumerate()
            .map(|(number, id)| (*id, u32::try_from(number).unwrap_or(u32::MAX)))
            .collect();
        CardNumbers { numbers, ids }
    }

    /// The number a card is shown by; none for a card known only by its destiny.
    pub fn number(&self, id: CardId) -> Option<u32> {
        self.numbers.get(&id).copied()
    }

    /// The card shown by a number.
    pub fn card(&self, number: u32) -> Option<CardId> {
        self.ids.get(usize::try_from(number).ok()?).copied()
    }

    /// `#3 ` as the shell shows it before a card's name; nothing for a card without a number.
    pub fn label(&self, id: CardId) -> String {
        self.number(id)
            .map(|number| format!("#{number} "))
            .unwrap_or_default()
    }
}

fn card_line(board: &Board, numbers: &CardNumbers, id: CardId, palette: Palette) -> String {
    let name = board.card(id).map(Card::full_name).unwrap_or_default();
    format!(
        "{}{name}{}",
        palette.dim(&numbers.label(id)),
        annotation(board, id)
    )
}

fn pile(board: &Board, numbers: &CardNumbers, zone: Zone, palette: Palette) -> String {
    let ids = board.zone(zone);
    if ids.is_empty() {
        return "—".to_string();
    }
    ids.iter()
        .map(|id| pile_entry(board, *id, Some((palette, numbers))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A card of a pile: its id (with a palette) and full name, or only its destiny number if it
/// is known by nothing else; a lap card played as a handling card says the number it stands
/// for.
pub fn pile_entry(board: &Board, id: CardId, shell: Option<(Palette, &CardNumbers)>) -> String {
    let shown = match board.card(id) {
        Some(card) if card.anonymous => format!("{}", card.destiny().unwrap_or(0)),
        Some(card) => match shell {
            Some((palette, numbers)) => {
                format!("{}{}", palette.dim(&numbers.label(id)), card.full_name())
            }
            None => card.full_name(),
        },
        None => String::new(),
    };
    match board
        .instance(id)
        .and_then(|instance| instance.handling_for)
    {
        Some(number) => format!("{shown} (handling card for the {number})"),
        None => shown,
    }
}

/// The whole position.
pub fn board(board: &Board, palette: Palette) -> String {
    let numbers = CardNumbers::of(board);
    let mut out = String::new();
    let turn = board
        .turn
        .map_or("not set".to_string(), |side| side.label().to_string());
    let step = board.step.map_or("not set", |step| step.label());
    let planet = board
        .current_planet
        .map_or("not set".to_string(), |planet| planet.to_string());
    let _ = writeln!(
        out,
        "{}",
        palette.dim(&format!(
            "rules: {} · turn: {turn} · step: {step} · current planet: {planet} · seed {}",
            board.ruleset, board.seed
        ))
    );
    for planet in board.planets_shown() {
        let current = if Some(planet) == board.current_planet {
            " (current)"
        } else {
            ""
        };
        let _ = writeln!(out, "\n{}", palette.heading(&format!("{planet}{current}")));
        for side in [Side::Light, Side::Dark] {
            let ids = board.zone(Zone::InPlay(planet, side));
            if ids.is_empty() {
                let _ = writeln!(out, "  {:<12}—", side.label());
                continue;
            }
            for (index, id) in ids.iter().enumerate() {
                let label = if index == 0 { side.label() } else { "" };
                let first = format!("  {label:<12}");
                let _ = writeln!(
                    out,
                    "{}",
                    super::wrap_hanging(
                        &card_line(board, &numbers, *id, palette),
                        palette.width,
                        &first,
                        "                "
                    )
                );
            }
        }
    }
    for side in [Side::Light, Side::Dark] {
        let _ = writeln!(out, "\n{}", palette.heading(side.label()));
        let state = board.player(side);
        let deck = board.zone(Zone::DrawDeck(side));
        let rows = [
            (
                format!("draw deck ({}, top first)", deck.len()),
                pile(board, &numbers, Zone::DrawDeck(side), palette),
            ),
            (
                "hand".to_string(),
                pile(board, &numbers, Zone::Hand(side), palette),
            ),
            (
                "discard pile".to_string(),
                pile(board, &numbers, Zone::DiscardPile(side), palette),
            ),
            (
                "Hyperspace".to_string(),
                pile(board, &numbers, Zone::Hyperspace(side), palette),
            ),
        ];
        for (label, value) in rows {
            let line = wrap(&format!("{label}: {value}"), palette.width, "    ");
            let _ = writeln!(out, "  {}", line.trim_start());
        }
        for zone in [
            Zone::Objective(side),
            Zone::AtObjective(side),
            Zone::PodracingPile(side),
            Zone::BattlePlan(side),
        ] {
            if !board.zone(zone).is_empty() {
                let line = wrap(
                    &format!("{}: {}", zone.label(), pile(board, &numbers, zone, palette)),
                    palette.width,
                    "    ",
                );
                let _ = writeln!(out, "  {}", line.trim_start());
            }
        }
        let mut extras = vec![format!("counters spent {}", state.counters_spent)];
        if state.laps > 0 {
            extras.push(format!("{} laps", state.laps));
        }
        if state.passed_in_duel {
            extras.push("passed in a duel this turn".to_string());
        }
        if state.dueled_this_turn {
            extras.push("has dueled this turn".to_string());
        }
        let _ = writeln!(out, "  {}", extras.join(" · "));
    }
    out
}
