//! The shell's commands for a duel under way: `duel under-way LIGHT / DARK`, then `duel
//! next`, `pending`, `weapon`, `initiator`, `drawn`, and `duel off`.

use super::section::{DuelFile, DuelInProgress, Duelist, PendingMove};
use crate::board::{Board, SpanNote};
use crate::cards::Side;
use crate::procedures::FindCard;
use crate::scenario::SectionFile;

/// States a duel under way, or changes or ends the one stated (the shell's `duel
/// under-way …`, `duel next …`, …).
pub fn under_way(
    board: &mut Board,
    args: &[&str],
    find: FindCard<'_>,
) -> Result<String, crate::procedures::WordsRefused> {
    let usage = "duel under-way LIGHT-FIGHTER / DARK-FIGHTER";
    let words = args
        .get(1..)
        .map(|words| words.join(" "))
        .unwrap_or_default();
    match args.first().copied().unwrap_or_default() {
        "under-way" => {
            let (light, dark) = words.split_once('/').ok_or(usage)?;
            let light = find(board, &format!("light {}", light.trim()))?;
            let dark = find(board, &format!("dark {}", dark.trim()))?;
            // The player whose turn it is initiated it (`duel initiator` changes that).
            let initiator = board.turn.ok_or(
                "say whose turn it is first (`turn light` or `turn dark`): he initiated the duel",
            )?;
            let duelist = |fighter| Duelist {
                fighter,
                weapon: None,
                drawn: None,
                passed: false,
                span: SpanNote::default(),
            };
            DuelFile::set_stated(
                board,
                Some(DuelInProgress {
                    initiator,
                    light: duelist(light),
                    dark: duelist(dark),
                    next: initiator,
                    pending: PendingMove::Attack,
                    span: SpanNote::default(),
                }),
            );
        }
        "off" => {
            DuelFile::set_stated(board, None);
            return Ok("No duel is under way.\n".to_string());
        }
        what => {
            let duel = DuelFile::stated_mut(board)
                .ok_or_else(|| format!("no duel is under way: state one with `{usage}`"))?;
            let value = args.get(1).copied().unwrap_or_default();
            match what {
                "next" => duel.next = Side::from_word(value)?,
                "initiator" => duel.initiator = Side::from_word(value)?,
                "pending" => {
                    duel.pending = PendingMove::from_key(value).ok_or_else(|| {
                        format!(
                            "{} is not attack, block or defeat",
                            crate::text::quoted(value)
                        )
                    })?;
                }
                "passed" => duel.side_mut(Side::from_word(value)?).passed = true,
                "drawn" => {
                    let side = Side::from_word(value)?;
                    let count = args.get(2).copied().ok_or("duel drawn SIDE N")?;
                    let count = crate::ranged::DeckSize::parse(count)
                        .map_err(|error| format!("cards drawn: {error}"))?
                        .u32();
                    duel.side_mut(side).drawn = Some(count);
                }
                "weapon" => {
                    let side = Side::from_word(value)?;
                    let name = args
                        .get(2..)
                        .map(|words| words.join(" "))
                        .unwrap_or_default();
                    let weapon = if name.is_empty() || name == "none" {
                        None
                    } else {
                        Some(find(board, &format!("{} {name}", side.word()))?)
                    };
                    if let Some(duel) = DuelFile::stated_mut(board) {
                        duel.side_mut(side).weapon = weapon;
                    }
                }
                other => {
                    return Err((format!(
                        "{} is not a part of a duel under way: under-way, weapon, next, pending, initiator, drawn, passed or off",
                        crate::text::quoted(other)
                    )).into());
                }
            }
        }
    }
    Ok(describe(board))
}

/// The duel under way in one paragraph.
fn describe(board: &Board) -> String {
    let Some(duel) = DuelFile::stated(board) else {
        return "No duel is under way.\n".to_string();
    };
    let armed = |side: Side| {
        let duelist = duel.side(side);
        let fighter = board.describe(duelist.fighter);
        match duelist.weapon {
            Some(weapon) => format!("{fighter} with {}", board.describe(weapon)),
            None => format!("{fighter} with no weapon"),
        }
    };
    format!(
        "Duel under way, initiated by the {} player: {} for the Light Side, {} for the Dark Side; next, the {} player: {}.\n",
        duel.initiator,
        armed(Side::Light),
        armed(Side::Dark),
        duel.next,
        duel.pending.key()
    )
}
