//! Builds a Clash of the Lightsabers table from a scenario file, collecting every input problem.

use crate::ranged::StatInput;
use std::collections::BTreeMap;

use super::file::{ClashCardInput, ClashPlayerFile, ScenarioFile};
use super::located::Located;
use super::problems::{Problem, Problems, Severity};
use crate::cards::Side;
use crate::clash::{ClashBoard, ClashCard, EffectSource, Pile, SPECIAL_COUNTS};
use crate::random::Random;
use crate::rules::Ruleset;

/// The table a Clash scenario describes, and what was wrong with its input.
#[derive(Debug)]
pub struct BuiltClash {
    pub board: ClashBoard,
    pub problems: Problems,
}

fn problem(
    code: &'static str,
    message: String,
    span: Option<crate::board::Span>,
    help: Option<String>,
) -> Problem {
    Problem {
        severity: Severity::Error,
        code,
        message,
        labels: span
            .map(|span| (span, "here".to_string()))
            .into_iter()
            .collect(),
        help,
    }
}

/// Every Special card name of both decks.
fn all_special_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = SPECIAL_COUNTS
        .iter()
        .flat_map(|(a, b, _)| [*a, *b])
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The card an entry means.
fn card(entry: &Located<ClashCardInput>, problems: &mut Problems) -> Option<ClashCard> {
    match &*entry.value {
        StatInput::Number(value) if (1..=5).contains(value) => Some(ClashCard::Power(*value)),
        StatInput::Number(value) => {
            problems.push(problem(
                "bad-attack-value",
                format!("{value} is not an Attack Value of a Power card"),
                entry.span,
                Some("Power cards are worth 1, 2, 3, 4 or 5".to_string()),
            ));
            None
        }
        StatInput::Symbol(name) => {
            let wanted = crate::cards::matching::normalise(name);
            let names = all_special_names();
            if let Some(known) = names
                .iter()
                .find(|known| crate::cards::matching::normalise(known) == wanted)
            {
                return Some(ClashCard::Special((*known).to_string()));
            }
            let nearest = names
                .iter()
                .max_by(|a, b| {
                    crate::text::similarity(&crate::cards::matching::normalise(a), &wanted)
                        .total_cmp(&crate::text::similarity(
                            &crate::cards::matching::normalise(b),
                            &wanted,
                        ))
                })
                .copied()
                .unwrap_or("Block");
            problems.push(problem(
                "unknown-special-card",
                format!("there is no Special card {:?}", crate::text::quoted(name)),
                entry.span,
                Some(format!(
                    "did you mean {nearest}? The Special cards are {}",
                    names.join(", ")
                )),
            ));
            None
        }
    }
}

/// Builds the table of a `game: clash` scenario.
pub fn build_clash(file: &ScenarioFile, rules_override: Option<&Ruleset>) -> BuiltClash {
    let mut problems = Problems::new();
    let ruleset = rules_override.cloned().unwrap_or_default();
    let seed = file.seed.unwrap_or(0);
    let mut board = ClashBoard::new(seed, ruleset);
    let table = file
        .clash
        .as_ref()
        .map(|table| table.value.clone())
        .unwrap_or_default();
    if let Some(battle) = &table.battle {
        board.battle = u8::try_from(battle.value.get()).unwrap_or(1);
    }
    board.round = table.round.map_or(1, crate::ranged::Ranged::u32);
    for (name, effect) in &table.specials.0 {
        let wanted = crate::cards::matching::normalise(&name.value);
        match all_special_names()
            .into_iter()
            .find(|known| crate::cards::matching::normalise(known) == wanted)
        {
            Some(known) => {
                board
                    .effects
                    .insert(known.to_string(), (effect.clone(), EffectSource::Scenario));
            }
            None => problems.push(problem(
                "unknown-special-card",
                format!(
                    "there is no Special card {:?}",
                    crate::text::quoted(&name.value)
                ),
                name.span,
                Some(format!(
                    "the Special cards are {}",
                    all_special_names().join(", ")
                )),
            )),
        }
    }
    let mut random = Random::seeded(seed);
    for (side, player) in [
        (Side::Light, &table.qui_gon),
        (Side::Dark, &table.darth_maul),
    ] {
        let player = player.clone().unwrap_or_default();
        place_player(&mut board, side, &player, &mut problems, &mut random);
    }
    problems.in_file_order();
    BuiltClash { board, problems }
}

fn place_player(
    board: &mut ClashBoard,
    side: Side,
    player: &ClashPlayerFile,
    problems: &mut Problems,
    random: &mut Random,
) {
    let mut used: BTreeMap<ClashCard, u16> = BTreeMap::new();
    let mut put = |board: &mut ClashBoard,
                   pile: Pile,
                   entry: &Located<ClashCardInput>,
                   problems: &mut Problems| {
        if let Some(card) = card(entry, problems) {
            *used.entry(card.clone()).or_default() += 1;
            let id = board.add(pile, side, card);
            if let Some(instance) = board.cards.get_mut(id.0 as usize) {
                instance.span = entry.span;
            }
        }
    };
    for entry in &player.hand {
        put(board, Pile::Hand(side), entry, problems);
    }
    if player.planned.len() > 3 {
        problems.push(problem(
            "too-many-planned",
            format!(
                "{} plans {} cards; a round has three battles",
                crate::clash::player_name(side),
                player.planned.len()
            ),
            player
                .planned
                .get(3)
                .and_then(|entry| entry.as_ref())
                .and_then(|entry| entry.span),
            None,
        ));
    }
    for (index, entry) in player.planned.iter().take(3).enumerate() {
        if let Some(entry) = entry {
            put(board, Pile::Planned(side, index as u8 + 1), entry, problems);
        }
    }
    for entry in &player.discard {
        put(board, Pile::Discard(side), entry, problems);
    }
    for entry in &player.won {
        put(board, Pile::Won(side), entry, problems);
    }
    match &player.deck {
        Some(deck) => {
            for entry in deck {
                put(board, Pile::Draw(side), entry, problems);
            }
        }
        None => {
            // The rest of the rulebook's deck, shuffled from the seed.
            let mut rest = Vec::new();
            let mut remaining = used.clone();
            for card in ClashBoard::full_deck(side) {
                match remaining.get_mut(&card) {
                    Some(count) if *count > 0 => *count -= 1,
                    _ => rest.push(card),
                }
            }
            random.shuffle(&mut rest);
            for card in rest {
                board.add(Pile::Draw(side), side, card);
            }
        }
    }
    if let Some(track) = &player.track {
        *board.track_mut(side) = u8::try_from(track.value.get()).unwrap_or(1);
        board.track_spans[usize::from(side == Side::Dark)] = track.span;
    }
    if let Some(won) = player.battles_won {
        *board.won_mut(side) = u8::try_from(won.get()).unwrap_or(0);
    }
}
