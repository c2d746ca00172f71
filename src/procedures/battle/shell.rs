//! The shell's words for stating a battle or an evacuation by hand: where, the cards
//! evacuated, and each side's battle plan entry by entry (`battle plan light qui-gon / with
//! lightsaber / card force push`), shown after each change with what still keeps the plan
//! from being one the rules allow.

use super::engine::BattleEngine;
use super::section::{BattleFile, BattleSetup, PlanEntry};
use crate::board::{Board, CardId, Planet, Zone};
use crate::cards::Side;
use crate::procedures::FindCard;
use crate::procedures::battle::events::Mode;
use crate::rules::Corpus;
use crate::scenario::SectionFile;

/// The usage line of the battle commands' words.
pub const USAGE: &str = "at PLANET | plan SIDE FIGHTER [/ together FIGHTER] [/ with WEAPON] [/ card CARD]… | plan SIDE clear | evacuating CARD [/ CARD]… | evacuating all | show | off";

/// What a part of a plan entry is, and where the rules put it.
#[derive(Clone, Copy)]
enum Role {
    Fighter,
    Weapon,
    BattleCard,
    Evacuated,
}

impl Role {
    fn word(self) -> &'static str {
        match self {
            Role::Fighter => "a fighter",
            Role::Weapon => "a weapon",
            Role::BattleCard => "a Battle card",
            Role::Evacuated => "an evacuated card",
        }
    }

    /// The zones a card of this role may be in, in the order a name is looked up, and the
    /// places in words.
    fn zones(self, planet: Planet, side: Side) -> (Vec<Zone>, String) {
        let at = format!("at {planet}");
        match self {
            Role::Fighter => (
                vec![
                    Zone::InPlay(planet, side),
                    Zone::Hyperspace(side),
                    Zone::Hand(side),
                ],
                format!("{at}, in his Hyperspace pile or in his hand"),
            ),
            Role::Weapon | Role::Evacuated => (vec![Zone::InPlay(planet, side)], at),
            Role::BattleCard => (
                vec![Zone::Hand(side), Zone::BattlePlan(side)],
                "in his hand or his battle plan".to_string(),
            ),
        }
    }
}

/// States or changes the battle of the position (the words after `battle` or `evacuate`),
/// and describes it.
pub fn state(
    board: &mut Board,
    corpus: &Corpus,
    mode: Mode,
    args: &[&str],
    find: FindCard<'_>,
) -> Result<String, crate::procedures::WordsRefused> {
    let usage = || format!("write one of: {USAGE}");
    let (what, rest) = args.split_first().ok_or_else(usage)?;
    let rest = rest.join(" ");
    match what.to_ascii_lowercase().as_str() {
        "show" => {}
        "off" => BattleFile::set_stated(board, None),
        "at" => {
            let planet = Planet::parse(&rest)
                .ok_or_else(|| format!("{} is not a planet", crate::text::quoted(&rest)))?;
            let mut setup = BattleFile::stated(board).cloned().unwrap_or_default();
            setup.planet = Some(planet);
            BattleFile::set_stated(board, Some(setup));
        }
        "plan" => {
            let (side, entry) = rest.split_once(' ').unwrap_or((rest.as_str(), ""));
            let side = Side::from_word(side)?;
            if entry.trim().eq_ignore_ascii_case("clear") {
                if let Some(setup) = BattleFile::stated_mut(board) {
                    *plan_mut(setup, side) = None;
                }
            } else {
                let entry = parse_entry(board, side, entry, find)?;
                let mut setup: BattleSetup = BattleFile::stated(board).cloned().unwrap_or_default();
                plan_mut(&mut setup, side)
                    .get_or_insert_with(Vec::new)
                    .push(entry);
                BattleFile::set_stated(board, Some(setup));
            }
        }
        "evacuating" => {
            if rest.trim().eq_ignore_ascii_case("all") {
                if let Some(setup) = BattleFile::stated_mut(board) {
                    setup.evacuating = None;
                }
            } else {
                let side = board.turn.ok_or(
                    "say whose turn it is first (`turn light` or `turn dark`): he evacuates",
                )?;
                let mut cards = Vec::new();
                for name in rest.split('/') {
                    let id = place_among(
                        board,
                        side,
                        Role::Evacuated,
                        name,
                        find,
                        &Default::default(),
                    )?;
                    if cards.contains(&id) {
                        return Err(format!("{} is named twice", board.describe(id)).into());
                    }
                    cards.push(id);
                }
                let mut setup = BattleFile::stated(board).cloned().unwrap_or_default();
                setup.evacuating = Some(cards);
                BattleFile::set_stated(board, Some(setup));
            }
        }
        other => {
            return Err((format!(
                "{} is not a part of a battle: {}",
                crate::text::quoted(other),
                usage()
            ))
            .into());
        }
    }
    Ok(describe(board, corpus, mode))
}

fn plan_mut(setup: &mut BattleSetup, side: Side) -> &mut Option<Vec<PlanEntry>> {
    match side {
        Side::Light => &mut setup.light,
        Side::Dark => &mut setup.dark,
    }
}

/// One plan entry from `FIGHTER [/ together FIGHTER] [/ with WEAPON] [/ card CARD]…`.
fn parse_entry(
    board: &Board,
    side: Side,
    words: &str,
    find: FindCard<'_>,
) -> Result<PlanEntry, crate::procedures::WordsRefused> {
    let mut parts = words.split('/').map(str::trim);
    let fighter = parts
        .next()
        .filter(|part| !part.is_empty())
        .ok_or_else(|| {
            format!(
                "name the fighter: plan {} FIGHTER [/ with WEAPON]…",
                side.word()
            )
        })?;
    let mut entry = PlanEntry::default();
    entry.fighters.push(place_new(
        board,
        side,
        Role::Fighter,
        fighter,
        find,
        &entry,
    )?);
    for part in parts {
        let (keyword, name) = part.split_once(' ').unwrap_or((part, ""));
        match keyword.to_ascii_lowercase().as_str() {
            "together" => {
                if entry.fighters.len() > 2 {
                    return Err("an entry has at most three cards that fight together"
                        .to_string()
                        .into());
                }
                let id = place_new(board, side, Role::Fighter, name, find, &entry)?;
                entry.fighters.push(id);
            }
            "with" => {
                // A second `with` is the second weapon a Battle card may let its user use.
                if entry.second_weapon.is_some() {
                    return Err("an entry has at most two weapons".to_string().into());
                }
                let id = place_new(board, side, Role::Weapon, name, find, &entry)?;
                if entry.weapon.is_some() {
                    entry.second_weapon = Some(id);
                } else {
                    entry.weapon = Some(id);
                }
            }
            "card" => {
                let id = place_new(board, side, Role::BattleCard, name, find, &entry)?;
                entry.battle_cards.push(id);
            }
            other => {
                return Err((format!(
                    "{} is not a part of a plan entry: together, with or card",
                    crate::text::quoted(other)
                ))
                .into());
            }
        }
    }
    Ok(entry)
}

/// The card `name` means for a role in a new entry: one that neither the battle stated nor
/// the entry so far has taken.
fn place_new(
    board: &Board,
    side: Side,
    role: Role,
    name: &str,
    find: FindCard<'_>,
    entry: &PlanEntry,
) -> Result<CardId, crate::procedures::WordsRefused> {
    place_among(board, side, role, name, find, &taken(board, entry))
}

/// The cards the stated battle and `entry` already name.
fn taken(board: &Board, entry: &PlanEntry) -> std::collections::BTreeSet<CardId> {
    let mut taken = std::collections::BTreeSet::new();
    let entries = BattleFile::stated(board)
        .into_iter()
        .flat_map(|setup| setup.light.iter().chain(setup.dark.iter()).flatten())
        .chain(std::iter::once(entry));
    for planned in entries {
        taken.extend(planned.fighters.iter().copied());
        taken.extend(planned.weapons());
        taken.extend(planned.battle_cards.iter().copied());
    }
    taken
}

/// The first card of `side` in the role's zones, in order, that `name` means and that is
/// not taken (as a scenario's `battle:` section finds it); `#N` names one card outright.
fn place_among(
    board: &Board,
    side: Side,
    role: Role,
    name: &str,
    find: FindCard<'_>,
    taken: &std::collections::BTreeSet<CardId>,
) -> Result<CardId, crate::procedures::WordsRefused> {
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("name {}", role.word()).into());
    }
    let planet = BattleFile::stated(board)
        .and_then(|setup| setup.planet)
        .or(board.current_planet)
        .ok_or("say where the battle is first: `battle at PLANET` or `planet PLANET`")?;
    let (zones, places) = role.zones(planet, side);
    let within = |id: CardId| board.zone_of(id).is_some_and(|zone| zones.contains(&zone));
    let chosen = if name.starts_with('#') {
        Some(find(board, name)?)
    } else {
        let candidates: Vec<CardId> = zones
            .iter()
            .flat_map(|zone| board.zone(*zone).iter().copied())
            .filter(|id| !taken.contains(id))
            .collect();
        let cards: Vec<crate::cards::Card> = candidates
            .iter()
            .filter_map(|id| board.card(*id).cloned())
            .collect();
        crate::cards::matching::find(&cards, name)
            .ok()
            .and_then(|found| found.first().map(|card| card.full_name()))
            .and_then(|wanted| {
                candidates.into_iter().find(|id| {
                    board
                        .card(*id)
                        .is_some_and(|card| card.full_name() == wanted)
                })
            })
    };
    let id = match chosen {
        Some(id) => id,
        // Not where the rules put it: the usual look-up says whether it is on the table
        // at all, and where; failing that, whether the other player has it.
        None => match find(board, &format!("{} {name}", side.word())) {
            Ok(id) => id,
            Err(error) => match find(board, &format!("{} {name}", side.opponent().word())) {
                Ok(id) => id,
                Err(_) => return Err(error),
            },
        },
    };
    if taken.contains(&id) {
        return Err((format!("{} is already in the battle as stated", board.describe(id))).into());
    }
    if !within(id) {
        let zone = board
            .zone_of(id)
            .map_or_else(|| "off the table".into(), Zone::label);
        let role = role.word();
        return Err((format!(
            "{} ({zone}) may not be {role} of the {side} plan: {role} must be {places}",
            board.describe(id),
        ))
        .into());
    }
    Ok(id)
}

/// The stated battle in a few lines, with what keeps its plans from being ones the rules
/// allow.
fn describe(board: &Board, corpus: &Corpus, mode: Mode) -> String {
    let (what, command, made) = match mode {
        Mode::Battle => ("Battle on", "battle", "when the battle is walked"),
        Mode::Evacuation => (
            "Evacuation of",
            "evacuate",
            "if the evacuation is intercepted",
        ),
    };
    let Some(setup) = BattleFile::stated(board) else {
        return format!(
            "No {} is stated: `{command}` alone takes the current planet, and each plan is made by decisions {made}.\n",
            match mode {
                Mode::Battle => "battle",
                Mode::Evacuation => "evacuation",
            }
        );
    };
    let mut out = match setup.planet.or(board.current_planet) {
        Some(planet) if setup.planet.is_some() => format!("{what} {planet}.\n"),
        Some(planet) => format!("{what} {planet} (the current planet).\n"),
        None => format!("{what}: no planet yet (`{command} at PLANET`).\n"),
    };
    if let Some(cards) = &setup.evacuating {
        let names: Vec<String> = cards.iter().map(|id| board.describe(*id)).collect();
        out.push_str(&format!(
            "  Evacuating: {}.\n",
            crate::text::and_list(&names)
        ));
    }
    for side in [Side::Light, Side::Dark] {
        match setup.plan(side) {
            None => out.push_str(&format!("  {side} plan: made by decisions {made}.\n")),
            Some(plan) => {
                out.push_str(&format!("  {side} plan:\n"));
                for (position, entry) in plan.iter().enumerate() {
                    out.push_str(&format!(
                        "    {}. {}\n",
                        position.saturating_add(1),
                        entry_words(board, entry)
                    ));
                }
            }
        }
    }
    let problems = BattleEngine::new(board, corpus, mode).stated_plan_problems(board);
    if !problems.is_empty() {
        out.push_str("  Still to settle before it is walked:\n");
        for (_, _, problem) in problems {
            out.push_str(&format!("  - {problem}\n"));
        }
    }
    out
}

/// `Qui-Gon Jinn, Jedi Master with Qui-Gon Jinn's Lightsaber; Battle cards: Jedi Force Push`.
fn entry_words(board: &Board, entry: &PlanEntry) -> String {
    let fighters: Vec<String> = entry
        .fighters
        .iter()
        .map(|id| board.describe(*id))
        .collect();
    let mut words = crate::text::and_list(&fighters);
    let weapons: Vec<String> = entry.weapons().map(|id| board.describe(id)).collect();
    if !weapons.is_empty() {
        words.push_str(&format!(" with {}", weapons.join(" and ")));
    }
    if !entry.battle_cards.is_empty() {
        let cards: Vec<String> = entry
            .battle_cards
            .iter()
            .map(|id| board.describe(*id))
            .collect();
        words.push_str(&format!("; Battle cards: {}", cards.join(", ")));
    }
    words
}
