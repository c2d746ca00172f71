//! The `walk` command over one scenario text: build the board, run its action with the scripted decisions, and compare the outcome with the expectation.

use crate::board::Board;
use crate::cards::{Catalog, Side};
use crate::clash::ClashBoard;
use crate::clash::battle::{Clash, ClashAction, ClashResult};
use crate::engine::deciders::{PlayAnswer, Policy, Script, Scripted, SideScript};
use crate::engine::duel::{Duel, DuelResult};
use crate::engine::{Run, Stop, run};
use crate::legality::{self, Verdict, Violation};
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{
    self, Action, ClashExpectation, ClashSideName, DuelExpectation, GameName, Problem, Problems,
    ScenarioFile, Severity, SideDecisions, SideOrNone, StatInput,
};

/// Everything a walk produced.
#[derive(Debug)]
pub struct Walkthrough {
    pub title: Option<String>,
    pub board_before: Board,
    pub board_after: Board,
    pub run: Run,
    pub result: DuelResult,
    /// Legality findings about the position, reported before the walk.
    pub findings: Vec<Violation>,
    /// Differences from the scenario's expectation.
    pub unmet: Vec<String>,
    pub policy: Option<Policy>,
    /// A Clash of the Lightsabers walk (then the Young Jedi fields are empty).
    pub clash: Option<ClashWalk>,
}

impl Walkthrough {
    /// The exit code: 0 done as expected; 1 a decision is missing or an expectation is not
    /// met; 2 a fact the procedure needs is missing.
    pub fn exit_code(&self) -> i32 {
        match &self.run.stop {
            Some(Stop::Missing { .. }) => 2,
            Some(Stop::Undecided { .. }) => 1,
            None if !self.unmet.is_empty() => 1,
            None => 0,
        }
    }
}

/// Why a scenario could not be walked at all.
#[derive(Debug)]
pub enum WalkError {
    /// The scenario's input has errors (exit 2); the problems say which.
    Input(Problems),
}

fn play_answer(play: &StatInput) -> PlayAnswer {
    match play {
        StatInput::Number(number) => PlayAnswer::Destiny(*number),
        StatInput::Symbol(word) if crate::cards::matching::normalise(word) == "pass" => {
            PlayAnswer::Pass
        }
        StatInput::Symbol(name) => PlayAnswer::Name(name.clone()),
    }
}

fn side_script(decisions: &Option<SideDecisions>) -> SideScript {
    let Some(decisions) = decisions else {
        return SideScript::default();
    };
    let text = |value: &Option<scenario::Located<String>>| value.as_ref().map(|v| v.value.clone());
    SideScript {
        character: text(&decisions.character),
        weapon: text(&decisions.weapon),
        defender: text(&decisions.defender),
        substitute: text(&decisions.substitute),
        plays: decisions
            .plays
            .iter()
            .map(|play| play_answer(&play.value))
            .collect(),
        effects: decisions.effects.iter().map(|yes| yes.value).collect(),
        plan: decisions
            .plan
            .iter()
            .map(|play| play_answer(&play.value))
            .collect(),
    }
}

/// The script of a scenario's `decisions:`.
pub fn script_of(file: &ScenarioFile) -> Script {
    Script {
        light: side_script(&file.decisions.light),
        dark: side_script(&file.decisions.dark),
    }
}

/// A side as an expectation writes it.
pub fn side_or_none(side: Option<Side>) -> SideOrNone {
    match side {
        Some(Side::Light) => SideOrNone::Light,
        Some(Side::Dark) => SideOrNone::Dark,
        None => SideOrNone::None,
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

/// Whoever watches a walk's card conservation: told after every event whether every card is
/// in exactly one place. `None` skips the check.
pub type ConservationWatch<'a> = Option<&'a mut dyn FnMut(bool)>;

/// Walks a scenario text. `rules_override` replaces the scenario's `rules:`; `policy`
/// answers what the script leaves open.
pub fn walk_text(
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    walk_text_seeded(text, corpus, catalog, rules_override, policy, None, observe)
}

/// [`walk_text`] with the scenario's seed replaced (`--seed`).
pub fn walk_text_seeded(
    text: &str,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    seed: Option<u64>,
    mut observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    let mut file = scenario::parse(text).map_err(WalkError::Input)?;
    if seed.is_some() {
        file.seed = seed;
    }
    let policy = policy.or(file.policy.as_ref().map(|policy| policy.value));
    if file
        .game
        .as_ref()
        .is_some_and(|game| game.value == GameName::Clash)
    {
        return walk_clash(&file, rules_override, policy, observe);
    }
    if let Some(action) = &file.action
        && action.value != Action::Duel
    {
        return Err(WalkError::Input(
            Problem {
                severity: Severity::Error,
                code: "action-of-another-game",
                message: "`battle`, `round` and `game` are Clash of the Lightsabers actions"
                    .to_string(),
                labels: action
                    .span
                    .map(|span| (span, "here".to_string()))
                    .into_iter()
                    .collect(),
                help: Some("add `game: clash`, or use `action: duel` for Young Jedi".to_string()),
            }
            .into(),
        ));
    }
    let built = scenario::build(&file, catalog, rules_override);
    if built.problems.has_errors() {
        return Err(WalkError::Input(built.problems));
    }
    let Some(action) = &file.action else {
        return Err(WalkError::Input(
            Problem {
            severity: Severity::Error,
            code: "no-action",
            message: "the scenario has no `action:` to walk through".to_string(),
            labels: Vec::new(),
            help: Some("add `action: duel` (the player whose turn it is initiates a duel at the current planet); `check` checks a position without an action".to_string()),
        }
            .into(),
        ));
    };
    let findings: Vec<Violation> = legality::check(&built.board, corpus)
        .into_iter()
        .filter(|violation| violation.verdict == Verdict::Illegal)
        .collect();
    let mut board = built.board;
    let board_before = board.clone();
    let mut decider = Scripted::new(script_of(&file), policy);
    let _ = action;
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

/// The script's named answers that no decision read: the script says something the rules
/// never let the player choose, which is an error rather than something to ignore.
fn unasked_answers(decider: &Scripted) -> Vec<String> {
    decider
        .unread()
        .into_iter()
        .map(|unread| {
            format!(
                "decisions: {}: {}: {} answers a decision the rules never asked",
                match unread.side {
                    Side::Light => "light",
                    Side::Dark => "dark",
                },
                unread.answer.key(),
                crate::text::quoted(&unread.given)
            )
        })
        .collect()
}

/// A Clash of the Lightsabers walk: the table before and after, and what came of it.
#[derive(Debug)]
pub struct ClashWalk {
    pub before: ClashBoard,
    pub after: ClashBoard,
    pub result: ClashResult,
    pub action: ClashAction,
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
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
    mut observe: ConservationWatch<'_>,
) -> Result<Walkthrough, WalkError> {
    let built = scenario::build_clash(file, rules_override);
    if built.problems.has_errors() {
        return Err(WalkError::Input(built.problems));
    }
    let action = match file.action.as_ref().map(|action| action.value) {
        Some(Action::Battle) => ClashAction::Battle,
        Some(Action::Round) => ClashAction::Round,
        Some(Action::Game) => ClashAction::Game,
        other => {
            return Err(WalkError::Input(
            Problem {
                severity: Severity::Error,
                code: if other.is_some() {
                    "action-of-another-game"
                } else {
                    "no-action"
                },
                message:
                    "a Clash of the Lightsabers scenario walks `action: battle`, `round` or `game`"
                        .to_string(),
                labels: file
                    .action
                    .as_ref()
                    .and_then(|a| a.span)
                    .map(|span| (span, "here".to_string()))
                    .into_iter()
                    .collect(),
                help: None,
            }
            .into(),
        ));
        }
    };
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
    let unmet = match (
        &run.stop,
        file.expect.as_ref().and_then(|e| e.value.clash.as_ref()),
    ) {
        (None, Some(expect)) => unmet_clash_expectations(expect, &result),
        _ => Vec::new(),
    };
    let ruleset = before.ruleset.clone();
    Ok(Walkthrough {
        title: file.title.clone(),
        board_before: Board::new(ruleset.clone(), before.seed),
        board_after: Board::new(ruleset, before.seed),
        run,
        result: DuelResult::default(),
        findings: Vec::new(),
        unmet,
        policy,
        clash: Some(ClashWalk {
            before,
            after: board,
            result,
            action,
        }),
    })
}
