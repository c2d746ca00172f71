//! The shell's words for stating a new location: `new-location [by SIDE] [PLANET]
//! [start-of-game | took-control]`, `new-location off`.

use super::events::Occasion;
use super::section::NewLocationFile;
use crate::board::Board;
use crate::cards::Side;
use crate::scenario::SectionFile;

/// States the new location from the shell's words: `by SIDE`, a planet, an occasion.
pub fn state(board: &mut Board, args: &[&str]) -> Result<String, crate::procedures::WordsRefused> {
    let mut setup = NewLocationFile::stated(board).cloned().unwrap_or_default();
    let mut words = args.iter().copied();
    while let Some(word) = words.next() {
        match word.to_ascii_lowercase().as_str() {
            "off" => {
                NewLocationFile::set_stated(board, None);
                return Ok("No new location is stated.\n".to_string());
            }
            "by" => {
                let side = words.next().ok_or("by light or by dark")?;
                setup.by = Some(Side::from_word(side)?);
            }
            "start-of-game" => setup.occasion = Occasion::StartOfGame,
            "took-control" => setup.occasion = Occasion::TookControl,
            "new-planet" => setup.occasion = Occasion::NewPlanet,
            other => {
                setup.planet = Some(crate::board::Planet::parse(other).ok_or_else(|| {
                    format!(
                        "{} is not a side, a planet or an occasion (start-of-game, took-control)",
                        crate::text::quoted(other)
                    )
                })?);
            }
        }
    }
    NewLocationFile::set_stated(board, Some(setup.clone()));
    let first = setup
        .by
        .or(board.turn)
        .map_or("the player whose turn it is".to_string(), |side| {
            format!("the {side} player")
        });
    let planet = setup
        .planet
        .or(board.current_planet)
        .map_or("the current planet".to_string(), |planet| {
            planet.name().to_string()
        });
    Ok(format!(
        "New location on {planet}, put down by {first}; `new-location` walks the Effects.\n"
    ))
}
