//! The shell's words for stating the card being deployed: `deploy CARD [to PLANET] [hidden]`,
//! `deploy off`.

use super::section::{DeployFile, DeploySetup};
use crate::board::{Board, Planet, SpanNote, Zone};
use crate::procedures::FindCard;
use crate::scenario::SectionFile;

/// States the card being deployed (the words after `deploy`), and describes it.
pub fn state(
    board: &mut Board,
    args: &[&str],
    find: FindCard<'_>,
) -> Result<String, crate::procedures::WordsRefused> {
    let words = args.join(" ");
    if words.trim().eq_ignore_ascii_case("off") {
        DeployFile::set_stated(board, None);
        return Ok("No card is being deployed.\n".to_string());
    }
    let side = board
        .turn
        .ok_or("say whose turn it is first (`turn light` or `turn dark`): he deploys")?;
    let (words, hidden) = match words.trim().strip_suffix(" hidden") {
        Some(rest) => (rest.to_string(), true),
        None => (words.trim().to_string(), false),
    };
    let (name, to) = match words.rsplit_once(" to ") {
        Some((name, planet)) => {
            let planet = Planet::parse(planet)
                .ok_or_else(|| format!("{} is not a planet", crate::text::quoted(planet)))?;
            (name.trim().to_string(), Some(planet))
        }
        None => (words, None),
    };
    if name.is_empty() {
        return Err("name the card: deploy CARD [to PLANET] [hidden]"
            .to_string()
            .into());
    }
    let card = find(board, &format!("{} {name}", side.word()))?;
    if board.zone_of(card) != Some(Zone::Hand(side)) {
        return Err((format!(
            "{} is not in the {side} hand: the player whose turn it is deploys from his hand",
            board.describe(card)
        ))
        .into());
    }
    DeployFile::set_stated(
        board,
        Some(DeploySetup {
            card,
            to,
            hidden,
            span: SpanNote::default(),
        }),
    );
    let planet = to.or(board.current_planet).map_or_else(
        || "no planet yet (`deploy CARD to PLANET` or `planet NAME`)".to_string(),
        |planet| planet.name().to_string(),
    );
    Ok(format!(
        "Deploying {} from the {side} hand to {planet}{}; `deploy` walks it.\n",
        board.describe(card),
        if hidden { ", hidden" } else { "" }
    ))
}
