//! The one door to the procedures: each procedure a scenario can walk registers here once,
//! and `walk`, `check` and the scenario format find it by the scenario's game and `action:`.
//!
//! A procedure's door knows how to build its position from a scenario, run its engine with
//! the scenario's decider, and compare the outcome with the scenario's `expect:`. Adding one
//! is a module beside [`duel`] and [`clash`] and one line in [`DOORS`].

pub mod clash;
pub mod duel;

use crate::board::Board;
use crate::cards::Catalog;
use crate::engine::deciders::Policy;
use crate::legality::Violation;
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{GameName, ScenarioFile};
use crate::walk::{ConservationWatch, WalkError, Walkthrough};

/// Every procedure, in the order `jedi-judge` lists them.
pub static DOORS: &[&dyn Door] = &[&duel::DUEL, &clash::CLASH];

/// An `action:` a procedure answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpec {
    /// The name a scenario writes after `action:`.
    pub name: &'static str,
    /// What walking it does, for the scenario format and messages.
    pub summary: &'static str,
}

/// What walking a scenario needs besides the scenario.
pub struct Setting<'a, 'w> {
    pub corpus: &'a Corpus,
    pub catalog: &'a Catalog,
    /// Replaces the scenario's `rules:`.
    pub rules_override: Option<&'a Ruleset>,
    /// Answers what the script leaves open.
    pub policy: Option<Policy>,
    pub observe: ConservationWatch<'w>,
}

/// A procedure as the rest of the program sees it.
pub trait Door: Sync {
    /// The game whose scenarios it walks.
    fn game(&self) -> GameName;

    /// The actions it answers.
    fn actions(&self) -> &'static [ActionSpec];

    /// Findings about a Young Jedi position that this procedure's rules give (a procedure
    /// under way, tokens it leaves behind); `legality::check` includes them.
    fn check(&self, board: &Board) -> Vec<Violation> {
        let _ = board;
        Vec::new()
    }

    /// Walks `action` (one of [`Door::actions`]) from the scenario's position.
    fn walk(
        &self,
        file: &ScenarioFile,
        action: &str,
        setting: Setting<'_, '_>,
    ) -> Result<Walkthrough, WalkError>;
}

/// The game a scenario is of: Young Jedi unless it says otherwise.
pub fn game_of(file: &ScenarioFile) -> GameName {
    file.game
        .as_ref()
        .map_or(GameName::YoungJedi, |game| game.value)
}

/// The door of a game's action, and the action.
pub fn find(game: GameName, action: &str) -> Option<(&'static dyn Door, &'static ActionSpec)> {
    DOORS
        .iter()
        .filter(|door| door.game() == game)
        .find_map(|door| {
            door.actions()
                .iter()
                .find(|spec| spec.name == action)
                .map(|spec| (*door, spec))
        })
}

/// Every action of every procedure, with its game, in registration order.
pub fn actions() -> impl Iterator<Item = (GameName, &'static ActionSpec)> {
    DOORS
        .iter()
        .flat_map(|door| door.actions().iter().map(move |spec| (door.game(), spec)))
}

/// The names of a game's actions, for messages: `battle`, `round` or `game`.
pub fn action_names(game: GameName) -> String {
    let names: Vec<String> = actions()
        .filter(|(of, _)| *of == game)
        .map(|(_, spec)| format!("`{}`", spec.name))
        .collect();
    match names.as_slice() {
        [] => "no action".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The actions of a game as a sentence: "the only action is `duel`".
pub fn actions_sentence(game: GameName) -> String {
    let count = actions().filter(|(of, _)| *of == game).count();
    if count == 1 {
        format!("the only action is {}", action_names(game))
    } else {
        format!("the actions are {}", action_names(game))
    }
}

/// A game's name as a scenario writes it after `game:`.
pub fn game_key(game: GameName) -> &'static str {
    match game {
        GameName::YoungJedi => "young-jedi",
        GameName::Clash => "clash",
    }
}

/// A game's name in words.
pub fn game_title(game: GameName) -> &'static str {
    match game {
        GameName::YoungJedi => "Young Jedi",
        GameName::Clash => "Clash of the Lightsabers",
    }
}
