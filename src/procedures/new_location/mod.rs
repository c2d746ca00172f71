//! Effects on a new planet as a procedure a scenario walks with `action: new-location`: each
//! player may get one Effect from his draw deck, the player who put the location down first.

pub mod narrate;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{ActionSpec, AssumptionSpec, Door, Setting};
use crate::board::Board;
use crate::cards::Side;
use crate::engine::Run;
use crate::engine::effects::{self as engine_effects, EffectsResult, NewLocation, Occasion};
use crate::procedures::walkthrough::{WalkError, Walkthrough};
use crate::render::output::WalkResult;
use crate::rules::Corpus;
use crate::scenario::{self, GameName, Located, NewLocationExpectation, ScenarioFile};

/// The `new_location:` section: where, who put the location down, and when.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLocationFile {
    /// The planet; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planet: Option<Located<String>>,
    /// The player who put the first location into play, and gets his Effect first; left
    /// out, the player whose turn it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Located<Side>>,
    /// `new-planet` (the default), `start-of-game` (right after both players draw their
    /// starting hands) or `took-control` (a player takes control of a planet).
    #[serde(default, skip_serializing_if = "is_new_planet")]
    pub occasion: Occasion,
}

fn is_new_planet(occasion: &Occasion) -> bool {
    *occasion == Occasion::NewPlanet
}

/// The door.
pub struct NewLocationDoor;

/// The one instance [`super::DOORS`] registers.
pub static NEW_LOCATION: NewLocationDoor = NewLocationDoor;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "new-location",
    summary: "the first location of a planet goes into play: each player may get one Effect from his draw deck, the player who put it down first",
    shell: Some(super::ShellCommand {
        noun: "new location's Effects",
        usage: "new-location [by SIDE] [PLANET] [start-of-game | took-control]",
        what: "with words: who put the first location of a planet down (by default the player whose turn it is), on which planet, and when; alone: each player may get one Effect from his draw deck, show it and reshuffle, that player first, asked at the prompt",
        example: "new-location by dark Naboo",
    }),
    assumptions: &[],
}];

static ASSUMPTIONS: &[AssumptionSpec] = &[AssumptionSpec {
    assumption: engine_effects::NO_EFFECT_NO_RESHUFFLE,
    values: &[(
        "no-reshuffle",
        "a player who gets no Effect keeps his draw deck as it is",
    )],
}];

impl Door for NewLocationDoor {
    fn game(&self) -> GameName {
        GameName::YoungJedi
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn assumptions(&self) -> &'static [AssumptionSpec] {
        ASSUMPTIONS
    }

    fn shell_section(
        &self,
        board: &mut Board,
        _corpus: &Corpus,
        args: &[&str],
        _find: super::FindCard<'_>,
    ) -> Option<Result<String, String>> {
        Some(state(board, args))
    }

    fn run_board(
        &self,
        board: &Board,
        _corpus: &Corpus,
        decider: &mut dyn crate::engine::Decider,
        observe: &mut dyn FnMut(&dyn crate::engine::Step),
    ) -> Option<(Walkthrough, Board)> {
        super::run_to_result(
            board,
            NewLocation::new(board),
            decider,
            observe,
            |procedure| procedure.result().clone(),
        )
    }

    fn expectation(&self, walk: &Walkthrough) -> Option<scenario::Expectation> {
        let result = &walk.outcome_as::<NewLocationWalk>()?.result;
        let named = |side| {
            Some(
                result
                    .effect(side)
                    .cloned()
                    .unwrap_or_else(|| "none".into()),
            )
        };
        Some(scenario::Expectation {
            new_location: Some(NewLocationExpectation {
                effects: Some(scenario::EffectsBySide {
                    light: named(Side::Light),
                    dark: named(Side::Dark),
                }),
                zones: None,
            }),
            ..scenario::Expectation::default()
        })
    }

    fn walk(
        &self,
        file: &ScenarioFile,
        _action: &str,
        setting: Setting<'_, '_>,
    ) -> Result<Walkthrough, WalkError> {
        super::walk_to_result(
            file,
            setting,
            |board, _corpus, _choices| NewLocation::new(board),
            |procedure| procedure.result().clone(),
            |expect| expect.new_location.as_ref(),
            unmet_expectations,
        )
    }
}

/// States the new location from the shell's words: `by SIDE`, a planet, an occasion.
fn state(board: &mut Board, args: &[&str]) -> Result<String, String> {
    let mut setup = board.new_location.clone().unwrap_or_default();
    let mut words = args.iter().copied();
    while let Some(word) = words.next() {
        match word.to_ascii_lowercase().as_str() {
            "off" => {
                board.new_location = None;
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
    board.new_location = Some(setup.clone());
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

/// A new location's walk: the board before and after, and the Effects got.
pub type NewLocationWalk = super::BoardWalk<EffectsResult>;

impl super::BoardResult for EffectsResult {
    type Event = crate::engine::effects::EffectsEvent;

    fn heading(&self, _before: &Board, ruleset: &crate::rules::Ruleset, seed: u64) -> String {
        let on = self
            .planet
            .as_ref()
            .map(|planet| format!(" on {planet}"))
            .unwrap_or_default();
        format!("New location{on} · rules: {ruleset} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "New location"
    }

    fn verdict_lines(&self, run: &Run<crate::engine::effects::EffectsEvent>) -> Vec<String> {
        if run.stop.is_some() {
            return vec!["The walk stopped before both players chose.".to_string()];
        }
        if self.first.is_none() {
            return vec!["No Effects: it is not known who goes first.".to_string()];
        }
        [Side::Light, Side::Dark]
            .into_iter()
            .map(|side| {
                format!(
                    "{}: {}.",
                    side.label(),
                    self.effect(side)
                        .map_or("no Effect".to_string(), |card| format!("gets {card}"))
                )
            })
            .collect()
    }

    fn output(&self) -> WalkResult {
        WalkResult::NewLocation(self.clone())
    }
}

fn unmet_expectations(
    expect: &NewLocationExpectation,
    result: &EffectsResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(effects) = &expect.effects {
        for (side, wanted) in [(Side::Light, &effects.light), (Side::Dark, &effects.dark)] {
            let Some(wanted) = wanted else { continue };
            let actual = result.effect(side).map_or("none", String::as_str);
            if crate::cards::matching::normalise(wanted)
                != crate::cards::matching::normalise(actual)
            {
                unmet.push(format!(
                    "Effect of the {side} player: expected {wanted}, got {actual}"
                ));
            }
        }
    }
    if let Some(zones) = &expect.zones {
        unmet.extend(super::duel::unmet_zone_counts(zones, board));
    }
    unmet
}
