//! The Young Jedi lightsaber duel as a procedure a scenario walks with `action: duel`.

use super::{ActionSpec, Door, Setting};
use crate::cards::Side;
use crate::engine::deciders::Scripted;
use crate::engine::duel::{Duel, DuelResult};
use crate::engine::run;
use crate::legality::{self, Verdict, Violation};
use crate::scenario::{self, DuelExpectation, GameName, ScenarioFile, SideOrNone};
use crate::walk::{WalkError, Walkthrough, script_of, side_or_none, unasked_answers};

/// The duel's door.
pub struct DuelDoor;

/// The one instance [`super::DOORS`] registers.
pub static DUEL: DuelDoor = DuelDoor;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "duel",
    summary: "the player whose turn it is initiates a lightsaber duel at the current planet",
}];

impl Door for DuelDoor {
    fn game(&self) -> GameName {
        GameName::YoungJedi
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn walk(
        &self,
        file: &ScenarioFile,
        _action: &str,
        setting: Setting<'_, '_>,
    ) -> Result<Walkthrough, WalkError> {
        let Setting {
            corpus,
            catalog,
            rules_override,
            policy,
            mut observe,
        } = setting;
        let built = scenario::build(file, catalog, rules_override);
        if built.problems.has_errors() {
            return Err(WalkError::Input(built.problems));
        }
        let findings: Vec<Violation> = legality::check(&built.board, corpus)
            .into_iter()
            .filter(|violation| violation.verdict == Verdict::Illegal)
            .collect();
        let mut board = built.board;
        let board_before = board.clone();
        let mut decider = Scripted::new(script_of(file), policy);
        let mut duel = Duel::new(&board, corpus);
        let run = run(&mut duel, &mut board, &mut decider, &mut |board, _| {
            if let Some(observe) = observe.as_mut() {
                observe(board.conservation_holds());
            }
        });
        let result = duel.result().clone();
        let mut unmet = match (
            &run.stop,
            file.expect.as_ref().and_then(|e| e.value.duel.as_ref()),
        ) {
            (None, Some(expect)) => unmet_duel_expectations(expect, &result),
            _ => Vec::new(),
        };
        if run.stop.is_none() {
            unmet.extend(unasked_answers(&decider));
        }
        Ok(Walkthrough {
            title: file.title.clone(),
            board_before,
            board_after: board,
            run,
            result,
            findings,
            unmet,
            policy,
            clash: None,
        })
    }
}

fn label(value: SideOrNone) -> &'static str {
    match value {
        SideOrNone::Light => "light",
        SideOrNone::Dark => "dark",
        SideOrNone::None => "none",
    }
}

/// The differences between a duel's result and what the scenario expects.
pub fn unmet_duel_expectations(expect: &DuelExpectation, result: &DuelResult) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(refused) = expect.refused
        && refused != result.refusal.is_some()
    {
        unmet.push(format!(
            "refused: expected {refused}, but the duel was {}",
            if result.refusal.is_some() {
                "refused"
            } else {
                "initiated"
            }
        ));
    }
    if let Some(defender) = &expect.defender {
        let actual = result.defender.clone().unwrap_or_default();
        if crate::cards::matching::normalise(defender) != crate::cards::matching::normalise(&actual)
        {
            unmet.push(format!(
                "defender: expected {defender}, got {}",
                if actual.is_empty() { "none" } else { &actual }
            ));
        }
    }
    if let Some(defeated) = expect.defeated {
        let actual = side_or_none(result.defeated);
        if defeated != actual {
            unmet.push(format!(
                "defeated: expected {}, got {}",
                label(defeated),
                label(actual)
            ));
        }
    }
    if let Some(damage) = expect.damage {
        for (side, wanted) in [(Side::Light, damage.light), (Side::Dark, damage.dark)] {
            let actual = result.damage(side);
            if wanted.get() != i64::from(actual) {
                unmet.push(format!(
                    "damage to the {side} player: expected {wanted}, got {actual}"
                ));
            }
        }
    }
    if let Some(victory) = expect.deck_victory {
        let actual = side_or_none(result.deck_victory);
        if victory != actual {
            unmet.push(format!(
                "deck victory: expected {}, got {}",
                label(victory),
                label(actual)
            ));
        }
    }
    unmet
}
