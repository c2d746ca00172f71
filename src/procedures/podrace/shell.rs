//! The shell's words for stating a Podrace Deploy step: `podrace deploy CARD [/ CARD]`,
//! `podrace thrusted`, `podrace refueled`, `podrace off`.

use super::section::{PodraceFile, PodraceSetup};
use crate::board::{Board, Zone};
use crate::procedures::FindCard;
use crate::scenario::SectionFile;

/// States the Podrace step (the words after `podrace`), and describes it.
pub fn state(
    board: &mut Board,
    args: &[&str],
    find: FindCard<'_>,
) -> Result<String, crate::procedures::WordsRefused> {
    let words = args.join(" ");
    let words = words.trim();
    let (first, rest) = words.split_once(' ').unwrap_or((words, ""));
    match first.to_ascii_lowercase().as_str() {
        "off" => {
            PodraceFile::set_stated(board, None);
            return Ok("No Podrace step is stated.\n".to_string());
        }
        "thrusted" | "thrust" => {
            let mut setup = PodraceFile::stated(board).cloned().unwrap_or_default();
            setup.thrusted = true;
            PodraceFile::set_stated(board, Some(setup));
        }
        "refueled" | "refuelled" | "refuel" => {
            let mut setup = PodraceFile::stated(board).cloned().unwrap_or_default();
            setup.refueled = true;
            PodraceFile::set_stated(board, Some(setup));
        }
        "deploy" => {
            let side = board
                .turn
                .ok_or("say whose turn it is first (`turn light` or `turn dark`): he deploys")?;
            let mut cards = Vec::new();
            for name in rest
                .split('/')
                .map(str::trim)
                .filter(|name| !name.is_empty())
            {
                let card = find(board, &format!("{} {name}", side.word()))?;
                if board.zone_of(card) != Some(Zone::Hand(side)) {
                    return Err((format!(
                        "{} is not in the {side} hand: the player whose turn it is deploys from his hand",
                        board.describe(card)
                    )).into());
                }
                if cards.contains(&card) {
                    return Err(format!("{} is named twice", board.describe(card)).into());
                }
                cards.push(card);
            }
            if cards.is_empty() {
                return Err("name the cards: podrace deploy CARD [/ CARD]"
                    .to_string()
                    .into());
            }
            let mut setup: PodraceSetup = PodraceFile::stated(board).cloned().unwrap_or_default();
            setup.deploy = cards;
            PodraceFile::set_stated(board, Some(setup));
        }
        _ => {
            return Err(
                "say `podrace deploy CARD [/ CARD]`, `podrace thrusted`, `podrace refueled` or `podrace off`; `podrace` alone walks the step"
                    .into(),
            );
        }
    }
    Ok(describe(board))
}

/// The stated step in a sentence.
fn describe(board: &Board) -> String {
    let Some(setup) = PodraceFile::stated(board) else {
        return "No Podrace step is stated.\n".to_string();
    };
    let mut parts = Vec::new();
    if !setup.deploy.is_empty() {
        let names: Vec<String> = setup.deploy.iter().map(|id| board.describe(*id)).collect();
        parts.push(format!(
            "deploys {} to his Objective",
            crate::text::and_list(&names)
        ));
    }
    if setup.thrusted {
        parts.push("has thrust already".to_string());
    }
    if setup.refueled {
        parts.push("has refuelled already".to_string());
    }
    let who = board
        .turn
        .map_or("the player whose turn it is".to_string(), |side| {
            format!("the {} player", side.label())
        });
    if parts.is_empty() {
        return format!(
            "{} walks his Podrace Deploy step; `podrace` walks it.\n",
            crate::text::capitalised(&who)
        );
    }
    format!(
        "In this Deploy step, {who} {}; `podrace` walks it.\n",
        crate::text::and_list(&parts)
    )
}
