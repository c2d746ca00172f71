//! Clash of the Lightsabers as procedures a scenario walks with `action: battle`, `round` or
//! `game`.

pub mod decisions;
pub mod engine;
pub mod events;
pub mod expect;
pub mod narrate;

use super::ActionSpec;
use super::contract::{Procedure, Walked};
use crate::cards::Side;
use crate::clash::{ClashBoard, player_name};
use crate::rules::{Choices, Corpus, Ruleset};
use expect::{ClashExpectation, ClashSideName};
use engine::{Clash};
use events::{ClashAction, ClashEvent, ClashResult};

/// Clash of the Lightsabers, as the registry knows it.
pub struct ClashProcedure;

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

/// A Clash of the Lightsabers walk: the table before and after, its events and what came of
/// it.
pub type ClashWalk = Walked<ClashProcedure>;

/// How far the action plays.
fn action_of(action: &str) -> ClashAction {
    match action {
        "round" => ClashAction::Round,
        "game" => ClashAction::Game,
        _ => ClashAction::Battle,
    }
}

impl Procedure for ClashProcedure {
    type Table = ClashBoard;
    type Event = ClashEvent;
    type Engine = Clash;
    type Result = ClashResult;
    type Expect = ClashExpectation;

    fn actions() -> &'static [ActionSpec] {
        ACTIONS
    }

    fn decisions() -> &'static [&'static crate::engine::DecisionKind] {
        decisions::KINDS
    }

    fn start(board: &ClashBoard, _corpus: &Corpus, action: &str, _choices: &Choices) -> Clash {
        Clash::new(board, action_of(action))
    }

    fn result(engine: &Clash) -> ClashResult {
        engine.result().clone()
    }

    fn heading(walked: &ClashWalk, _ruleset: &Ruleset, seed: u64) -> String {
        let what = match action_of(walked.action) {
            ClashAction::Battle => "a battle",
            ClashAction::Round => "a round",
            ClashAction::Game => "a game",
        };
        format!("Clash of the Lightsabers, {what} · seed {seed}")
    }

    fn default_title(_walked: &ClashWalk) -> &'static str {
        "Clash of the Lightsabers"
    }

    fn verdict(walked: &ClashWalk) -> Vec<String> {
        if walked.run.stop.is_some() {
            return vec!["The walk stopped before it ended.".to_string()];
        }
        clash_verdict_lines(walked)
    }



    fn unmet(expect: &ClashExpectation, walked: &ClashWalk) -> Vec<String> {
        unmet_clash_expectations(expect, &walked.result)
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
