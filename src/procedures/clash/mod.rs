//! Clash of the Lightsabers as procedures a scenario walks with `action: battle`, `round` or
//! `game`.

pub mod narrate;

use super::{ActionSpec, Door, Setting};
use crate::cards::Side;
use crate::clash::battle::{Clash, ClashAction, ClashResult};
use crate::clash::{ClashBoard, player_name};
use crate::engine::deciders::Scripted;
use crate::engine::run;
use crate::procedures::walkthrough::{WalkError, WalkOutcome, Walkthrough};
use crate::render::output::WalkResult;
use crate::rules::Ruleset;
use crate::scenario::{self, ClashExpectation, ClashSideName, GameName, ScenarioFile};
use crate::walk::{script_of, unasked_answers};

/// Clash of the Lightsabers' door.
pub struct ClashDoor;

/// The one instance [`super::DOORS`] registers.
pub static CLASH: ClashDoor = ClashDoor;

static ACTIONS: &[ActionSpec] = &[
    ActionSpec {
        name: "battle",
        summary: "the battle under way (`clash: battle:`)",
        shell: None,
        assumptions: &[],
    },
    ActionSpec {
        name: "round",
        summary: "the rest of the round, to its scoring",
        shell: None,
        assumptions: &[],
    },
    ActionSpec {
        name: "game",
        summary: "the whole game, to the fifth Final Duel card",
        shell: None,
        assumptions: &[],
    },
];

impl Door for ClashDoor {
    fn game(&self) -> GameName {
        GameName::Clash
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn walk(
        &self,
        file: &ScenarioFile,
        action: &str,
        setting: Setting<'_, '_>,
    ) -> Result<Walkthrough, WalkError> {
        let action = match action {
            "battle" => ClashAction::Battle,
            "round" => ClashAction::Round,
            "game" => ClashAction::Game,
            other => {
                return Err(WalkError::Input(
                    scenario::Problem::error(
                        "unknown-action",
                        format!("Clash of the Lightsabers has no action `{other}`"),
                        None,
                        "",
                    )
                    .into(),
                ));
            }
        };
        walk_clash(file, action, setting)
    }
}

fn clash_name(side: Option<Side>) -> ClashSideName {
    match side {
        Some(Side::Light) => ClashSideName::QuiGon,
        Some(Side::Dark) => ClashSideName::DarthMaul,
        None => ClashSideName::Draw,
    }
}

fn clash_label(name: ClashSideName) -> &'static str {
    match name {
        ClashSideName::QuiGon => "qui-gon",
        ClashSideName::DarthMaul => "darth-maul",
        ClashSideName::Draw => "draw",
    }
}

/// The differences between a Clash walk's result and what the scenario expects.
pub fn unmet_clash_expectations(expect: &ClashExpectation, result: &ClashResult) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(battles) = &expect.battles {
        let actual: Vec<ClashSideName> = result
            .battles
            .iter()
            .map(|battle| clash_name(battle.winner))
            .collect();
        if *battles != actual {
            unmet.push(format!(
                "battles: expected [{}], got [{}]",
                battles
                    .iter()
                    .map(|b| clash_label(*b))
                    .collect::<Vec<_>>()
                    .join(", "),
                actual
                    .iter()
                    .map(|b| clash_label(*b))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    if let Some(track) = expect.track
        && (track.qui_gon.get(), track.darth_maul.get())
            != (i64::from(result.track_light), i64::from(result.track_dark))
    {
        unmet.push(format!(
            "track: expected Qui-Gon on {} and Darth Maul on {}, got {} and {}",
            track.qui_gon, track.darth_maul, result.track_light, result.track_dark
        ));
    }
    if let Some(winner) = expect.game_winner {
        let actual = clash_name(result.game_winner);
        if winner != actual {
            unmet.push(format!(
                "game winner: expected {}, got {}",
                clash_label(winner),
                clash_label(actual)
            ));
        }
    }
    unmet
}

fn walk_clash(
    file: &ScenarioFile,
    action: ClashAction,
    setting: Setting<'_, '_>,
) -> Result<Walkthrough, WalkError> {
    let Setting {
        rules_override,
        policy,
        mut observe,
        ..
    } = setting;
    let built = scenario::build_clash(file, rules_override);
    if built.problems.has_errors() {
        return Err(WalkError::Input(built.problems));
    }
    let mut board = built.board;
    let before = board.clone();
    let mut decider = Scripted::new(script_of(file), policy);
    let mut clash = Clash::new(&board, action);
    let run = run(&mut clash, &mut board, &mut decider, &mut |board, _| {
        if let Some(observe) = observe.as_mut() {
            observe(board.conservation_holds());
        }
    });
    let result = clash.result().clone();
    let mut unmet = match (
        &run.stop,
        file.expect.as_ref().and_then(|e| e.value.clash.as_ref()),
    ) {
        (None, Some(expect)) => unmet_clash_expectations(expect, &result),
        _ => Vec::new(),
    };
    if run.stop.is_none() {
        unmet.extend(unasked_answers(&decider));
    }
    Ok(Walkthrough {
        title: file.title.clone(),
        game: GameName::Clash,
        ruleset: before.ruleset.clone(),
        seed: before.seed,
        findings: Vec::new(),
        unmet,
        policy,
        outcome: Box::new(ClashWalk {
            before,
            after: board,
            run,
            result,
            action,
        }),
    })
}

/// A Clash of the Lightsabers walk: the table before and after, and what came of it.
#[derive(Debug)]
pub struct ClashWalk {
    pub before: ClashBoard,
    pub after: ClashBoard,
    pub run: crate::engine::Run<crate::clash::battle::ClashEvent>,
    pub result: ClashResult,
    pub action: ClashAction,
}

impl WalkOutcome for ClashWalk {
    fn heading(&self, _ruleset: &Ruleset, seed: u64) -> String {
        let what = match self.action {
            ClashAction::Battle => "a battle",
            ClashAction::Round => "a round",
            ClashAction::Game => "a game",
        };
        format!("Clash of the Lightsabers, {what} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "Clash of the Lightsabers"
    }

    fn verdict_lines(&self) -> Vec<String> {
        if self.run.stop.is_some() {
            return vec!["The walk stopped before it ended.".to_string()];
        }
        clash_verdict_lines(self)
    }

    fn tracks_cards(&self) -> bool {
        false
    }

    fn anonymous(&self, _card: u32) -> bool {
        false
    }

    fn result_output(&self) -> WalkResult {
        WalkResult::Clash(self.result.clone())
    }

    fn step_count(&self) -> usize {
        self.run.events.len()
    }

    fn step(&self, index: usize) -> Option<&dyn crate::engine::Step> {
        self.run
            .events
            .get(index)
            .map(|event| event as &dyn crate::engine::Step)
    }

    fn stop(&self) -> Option<&crate::engine::Stop> {
        self.run.stop.as_ref()
    }

    fn board_after(&self) -> Option<&crate::board::Board> {
        None
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn clash_verdict_lines(clash: &ClashWalk) -> Vec<String> {
    let result = &clash.result;
    let mut lines = Vec::new();
    for battle in &result.battles {
        lines.push(match battle.winner {
            Some(side) => format!(
                "Round {}, battle {}: won by {}.",
                battle.round,
                battle.battle,
                player_name(side)
            ),
            None => format!("Round {}, battle {}: a draw.", battle.round, battle.battle),
        });
    }
    for (round, mover, steps) in &result.moves {
        lines.push(match mover {
            Some(side) => format!(
                "Round {round}: {} moves {steps} Final Duel card{}.",
                player_name(*side),
                if *steps == 1 { "" } else { "s" }
            ),
            None => format!("Round {round}: neither figure moves."),
        });
    }
    lines.push(format!(
        "Final Duel track: Qui-Gon on card {}, Darth Maul on card {}.",
        result.track_light, result.track_dark
    ));
    if let Some(winner) = result.game_winner {
        lines.push(format!("{} wins the game.", player_name(winner)));
    }
    let piles = |side: Side| {
        use crate::clash::Pile;
        let after = &clash.after;
        format!(
            "{}: {} in the draw pile, {} in hand, {} in the discard pile, {} on the table",
            player_name(side),
            after.pile(Pile::Draw(side)).len(),
            after.pile(Pile::Hand(side)).len(),
            after.pile(Pile::Discard(side)).len(),
            after.pile(Pile::Won(side)).len()
                + after.pile(Pile::Battle(side)).len()
                + (1..=3)
                    .map(|b| after.pile(Pile::Planned(side, b)).len())
                    .sum::<usize>()
        )
    };
    lines.push(format!(
        "Where the cards are: {}; {}.",
        piles(Side::Light),
        piles(Side::Dark)
    ));
    lines
}
