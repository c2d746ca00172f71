//! The one door to the procedures: each procedure a scenario can walk registers here once,
//! and `walk`, `check` and the scenario format find it by the scenario's game and `action:`.
//!
//! A procedure's door knows how to build its position from a scenario, run its engine with
//! the scenario's decider, and compare the outcome with the scenario's `expect:`. Adding one
//! is a module beside [`duel`] and [`clash`], one line in [`DOORS`], and a variant each in
//! `engine::EventKind` and `render::output::WalkResult` (ARCHITECTURE.md: "How to add a
//! procedure").

pub mod battle;
pub mod clash;
pub mod contract;
pub mod deploy;
pub mod duel;
pub mod new_location;
pub mod podrace;
pub mod remedy;
pub mod walkthrough;

use crate::board::Board;
use crate::cards::Catalog;
use crate::engine::deciders::Policy;
use crate::legality::Violation;
use crate::rules::{Corpus, Ruleset};
use crate::scenario::{GameName, ScenarioFile};
use walkthrough::{ConservationWatch, WalkError, WalkOutcome, Walkthrough};

/// Finds a card on a table by what the user wrote (a name or `#id`).
pub type FindCard<'a> = &'a dyn Fn(&Board, &str) -> Result<crate::board::CardId, String>;

/// Every procedure, in the order `jedi-judge` lists them.
pub static DOORS: &[&dyn Door] = &[
    &contract::Registered::<duel::DuelProcedure>::NEW,
    &battle::BATTLE,
    &battle::EVACUATE,
    &contract::Registered::<deploy::DeployProcedure>::NEW,
    &contract::Registered::<new_location::NewLocationProcedure>::NEW,
    &contract::Registered::<remedy::RemedyProcedure>::NEW,
    &contract::Registered::<podrace::PodraceProcedure>::NEW,
    &contract::Registered::<clash::ClashProcedure>::NEW,
];

/// An `action:` a procedure answers.
#[derive(Clone, Copy, Debug)]
pub struct ActionSpec {
    /// The name a scenario writes after `action:`.
    pub name: &'static str,
    /// What walking it does, for the scenario format and messages.
    pub summary: &'static str,
    /// The shell's command of the same name, if the shell runs it: its usage, what it does
    /// and an example, for `help` and completion.
    pub shell: Option<ShellCommand>,
    /// The named assumptions it makes, each with the values a scenario may choose.
    pub assumptions: &'static [AssumptionSpec],
}

/// A shell command as `help` describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShellCommand {
    /// What the command adjudicates, as a noun: `duel`, `evacuation`.
    pub noun: &'static str,
    pub usage: &'static str,
    pub what: &'static str,
    pub example: &'static str,
}

pub use crate::rules::{AssumptionSpec, Choices};

/// Reads the scenario's `assumptions:` against what `door` declares: each name must be one
/// of them and each value one of its values.
pub fn read_choices(
    door: &dyn Door,
    file: &ScenarioFile,
) -> Result<Choices, crate::scenario::Problems> {
    let specs = door.assumptions();
    let mut problems = crate::scenario::Problems::new();
    let mut chosen = Vec::new();
    for (name, value) in &file.assumptions.0.0 {
        let Some(spec) = specs.iter().find(|spec| spec.assumption.name == name.value) else {
            let names: Vec<&str> = specs.iter().map(|spec| spec.assumption.name).collect();
            let help = match crate::cards::matching::suggest_among(&name.value, &names) {
                Some(near) => {
                    format!("did you mean `{near}`? `jedi-judge rules assumptions` lists them")
                }
                None => "`jedi-judge rules assumptions` lists every named assumption".to_string(),
            };
            problems.push(
                crate::scenario::Problem::error(
                    "unknown-assumption",
                    format!(
                        "this procedure makes no assumption called {}",
                        crate::text::quoted(&name.value)
                    ),
                    name.span,
                    "no such assumption",
                )
                .with_help(help),
            );
            continue;
        };
        match spec
            .values
            .iter()
            .find(|(allowed, _)| *allowed == value.value)
        {
            Some((allowed, _)) => chosen.push((spec.assumption.name, *allowed)),
            None => problems.push(
                crate::scenario::Problem::error(
                    "assumption-value",
                    format!(
                        "{} is not a value of the assumption `{}`",
                        crate::text::quoted(&value.value),
                        spec.assumption.name
                    ),
                    value.span,
                    "not one of its values",
                )
                .with_help(format!(
                    "its values are {}",
                    spec.values
                        .iter()
                        .map(|(allowed, _)| format!("`{allowed}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            ),
        }
    }
    if problems.has_errors() {
        Err(problems)
    } else {
        Ok(Choices(chosen))
    }
}

/// Every named assumption of every procedure, with the doors that make it, in registration
/// order.
pub fn assumptions() -> Vec<(&'static AssumptionSpec, Vec<&'static dyn Door>)> {
    let mut found: Vec<(&'static AssumptionSpec, Vec<&'static dyn Door>)> = Vec::new();
    for door in DOORS {
        for spec in door.assumptions() {
            match found
                .iter_mut()
                .find(|(known, _)| known.assumption.name == spec.assumption.name)
            {
                Some((_, doors)) => doors.push(*door),
                None => found.push((spec, vec![*door])),
            }
        }
    }
    found
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
    /// The scenario's choices of the procedure's named assumptions.
    pub choices: Choices,
}

/// A procedure as the rest of the program sees it.
pub trait Door: Sync {
    /// The game whose scenarios it walks.
    fn game(&self) -> GameName;

    /// The actions it answers.
    fn actions(&self) -> &'static [ActionSpec];

    /// The named assumptions it makes, each with the values a scenario may choose.
    fn assumptions(&self) -> &'static [AssumptionSpec] {
        &[]
    }

    /// Findings about a Young Jedi position that this procedure's rules give (a procedure
    /// under way, tokens it leaves behind); `legality::check` includes them.
    fn check(&self, board: &Board, corpus: &Corpus) -> Vec<Violation> {
        let _ = (board, corpus);
        Vec::new()
    }

    /// Findings about whether the procedure may be taken in the position, for `check` of a
    /// scenario whose `action:` is one of this door's (a refused evacuation, with its rule).
    fn check_action(&self, board: &Board, corpus: &Corpus) -> Vec<Violation> {
        let _ = (board, corpus);
        Vec::new()
    }

    /// Runs the procedure on a Young Jedi board built elsewhere (the shell), the decider
    /// answering at the prompt and `observe` seeing every event as it happens: the walk and
    /// the board after it; `None` for a procedure the shell does not run.
    fn run_board(
        &self,
        board: &Board,
        corpus: &Corpus,
        decider: &mut dyn crate::engine::Decider,
        observe: &mut dyn FnMut(&dyn crate::engine::Step),
    ) -> Option<(Walkthrough, Board)> {
        let _ = (board, corpus, decider, observe);
        None
    }

    /// The shell's command for stating the procedure in progress (the action's name with
    /// words after it, as `duel under-way …`); `find` finds a card on the table by name.
    /// `None`: the procedure has none.
    fn shell_section(
        &self,
        board: &mut Board,
        corpus: &Corpus,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, String>> {
        let _ = (board, corpus, args, find);
        None
    }

    /// What a scenario replaying a walk should expect of it, for the shell's `save`.
    fn expectation(&self, walk: &Walkthrough) -> Option<crate::scenario::Expectation> {
        let _ = walk;
        None
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

/// What a Young Jedi procedure's result says of itself in a walkthrough.
pub trait BoardResult: std::fmt::Debug + 'static {
    /// The procedure's own events.
    type Event: crate::engine::EventKind;
    /// What was walked, for the heading (`before`: the board the walk started from).
    fn heading(&self, before: &Board, ruleset: &crate::rules::Ruleset, seed: u64) -> String;
    /// The title of a walk whose scenario has none.
    fn default_title(&self) -> &'static str;
    /// The verdict, a line each.
    fn verdict_lines(&self, run: &crate::engine::Run<Self::Event>) -> Vec<String>;
    /// The result as `walk --format json` gives it.
    fn output(&self) -> crate::render::output::WalkResult;
}

/// A Young Jedi walk's outcome: the board before and after, the procedure's events and its
/// result.
#[derive(Debug)]
pub struct BoardWalk<R: BoardResult> {
    pub before: Board,
    pub after: Board,
    pub run: crate::engine::Run<R::Event>,
    pub result: R,
}

impl<R: BoardResult> WalkOutcome for BoardWalk<R> {
    fn heading(&self, ruleset: &crate::rules::Ruleset, seed: u64) -> String {
        self.result.heading(&self.before, ruleset, seed)
    }

    fn default_title(&self) -> &'static str {
        self.result.default_title()
    }

    fn verdict_lines(&self) -> Vec<String> {
        self.result.verdict_lines(&self.run)
    }

    fn tracks_cards(&self) -> bool {
        true
    }

    fn anonymous(&self, card: u32) -> bool {
        self.after
            .card(crate::board::CardId(card))
            .is_some_and(|card| card.anonymous)
    }

    fn result_output(&self) -> crate::render::output::WalkResult {
        self.result.output()
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

    fn board_after(&self) -> Option<&Board> {
        Some(&self.after)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The outcome of a Young Jedi walk, boxed for a [`Walkthrough`].
pub(crate) fn board_walk<R: BoardResult>(
    before: Board,
    after: Board,
    run: crate::engine::Run<R::Event>,
    result: R,
) -> Box<dyn WalkOutcome> {
    Box::new(BoardWalk {
        before,
        after,
        run,
        result,
    })
}

/// A Young Jedi walk whose outcome is a [`BoardWalk`] of the procedure's result: `start`
/// makes the procedure, `result` reads its result, and `unmet` compares it with the door's
/// own section of `expect:`, if `expected` finds one.
pub(crate) fn walk_to_result<P, R, E>(
    file: &ScenarioFile,
    setting: Setting<'_, '_>,
    start: impl FnOnce(&Board, &Corpus, &Choices) -> P,
    result: impl FnOnce(&P) -> R,
    expected: impl FnOnce(&crate::scenario::Expectation) -> Option<&E>,
    unmet: impl FnOnce(&E, &R, &Board) -> Vec<String>,
) -> Result<Walkthrough, WalkError>
where
    P: crate::engine::Procedure<Table = Board>,
    R: BoardResult<Event = P::Event>,
{
    walk_young_jedi(
        file,
        setting,
        |_| None,
        start,
        |procedure, before, after, run| {
            let result = result(procedure);
            let differences = file
                .expect
                .as_ref()
                .and_then(|expect| expected(&expect.value))
                .map(|expect| unmet(expect, &result, &after))
                .unwrap_or_default();
            (differences, board_walk(before, after, run, result))
        },
    )
}

/// [`run_on_board`] for a procedure whose outcome is a [`BoardWalk`] of its result.
pub(crate) fn run_to_result<P, R>(
    board: &Board,
    procedure: P,
    decider: &mut dyn crate::engine::Decider,
    observe: &mut dyn FnMut(&dyn crate::engine::Step),
    result: impl FnOnce(&P) -> R,
) -> Option<(Walkthrough, Board)>
where
    P: crate::engine::Procedure<Table = Board>,
    R: BoardResult<Event = P::Event>,
{
    Some(run_on_board(
        board,
        procedure,
        decider,
        observe,
        |procedure, before, after, run| board_walk(before, after, run, result(procedure)),
    ))
}

/// What a Young Jedi door's `finish` gives: the differences from the scenario's expectation
/// (used only if the walk ran to its end) and the walk's outcome.
pub(crate) type Finished = (Vec<String>, Box<dyn WalkOutcome>);

/// A Young Jedi walk over one procedure: build the position (input errors refuse it), keep
/// its illegal findings for the walkthrough, refuse the walk for a finding `refuse` gives a
/// help for, run the procedure `start` makes with the scenario's script, and let `finish`
/// compare the door's own expectations (given the procedure, the board before and after,
/// and the run).
pub(crate) fn walk_young_jedi<P: crate::engine::Procedure<Table = Board>>(
    file: &ScenarioFile,
    setting: Setting<'_, '_>,
    refuse: impl Fn(&Violation) -> Option<&'static str>,
    start: impl FnOnce(&Board, &Corpus, &Choices) -> P,
    finish: impl FnOnce(&P, Board, Board, crate::engine::Run<P::Event>) -> Finished,
) -> Result<Walkthrough, WalkError> {
    let Setting {
        corpus,
        catalog,
        rules_override,
        policy,
        mut observe,
        choices,
    } = setting;
    let built = crate::scenario::build(file, catalog, rules_override);
    if built.problems.has_errors() {
        return Err(WalkError::Input(built.problems));
    }
    let findings: Vec<Violation> = crate::legality::check(&built.board, corpus)
        .into_iter()
        .filter(|violation| violation.verdict == crate::legality::Verdict::Illegal)
        .collect();
    let mut refusals = crate::scenario::Problems::new();
    for finding in &findings {
        if let Some(help) = refuse(finding) {
            refusals.push(crate::scenario::Problem {
                severity: crate::scenario::Severity::Error,
                code: finding.code,
                message: finding.message.clone(),
                labels: finding.labels.clone(),
                help: Some(help.to_string()),
            });
        }
    }
    if refusals.has_errors() {
        return Err(WalkError::Input(refusals));
    }
    let mut board = built.board;
    let before = board.clone();
    let mut decider = crate::engine::deciders::Scripted::new(crate::walk::script_of(file), policy);
    let mut procedure = start(&board, corpus, &choices);
    let run = crate::engine::run(&mut procedure, &mut board, &mut decider, &mut |board, _| {
        if let Some(observe) = observe.as_mut() {
            observe(board.conservation_holds());
        }
    });
    let ruleset = before.ruleset.clone();
    let seed = before.seed;
    let stopped = run.stop.is_some();
    let (expected, outcome) = finish(&procedure, before, board, run);
    let mut unmet = Vec::new();
    if !stopped {
        unmet = expected;
        unmet.extend(crate::walk::unasked_answers(&decider));
    }
    Ok(Walkthrough {
        title: file.title.clone(),
        game: GameName::YoungJedi,
        ruleset,
        seed,
        findings,
        unmet,
        policy,
        outcome,
    })
}

/// A procedure run on a board built elsewhere (the shell): the walk, and the board after it.
pub(crate) fn run_on_board<P: crate::engine::Procedure<Table = Board>>(
    board: &Board,
    mut procedure: P,
    decider: &mut dyn crate::engine::Decider,
    observe: &mut dyn FnMut(&dyn crate::engine::Step),
    outcome: impl FnOnce(&P, Board, Board, crate::engine::Run<P::Event>) -> Box<dyn WalkOutcome>,
) -> (Walkthrough, Board) {
    let mut after = board.clone();
    let run = crate::engine::run(&mut procedure, &mut after, decider, &mut |_, event| {
        observe(event)
    });
    let walk = Walkthrough {
        title: None,
        game: GameName::YoungJedi,
        ruleset: board.ruleset.clone(),
        seed: board.seed,
        findings: Vec::new(),
        unmet: Vec::new(),
        policy: None,
        outcome: outcome(&procedure, board.clone(), after.clone(), run),
    };
    (walk, after)
}

/// The finding `check` makes of an event that refuses an action: what the event says, on the
/// rules and named assumptions it rests on.
pub(crate) fn refusal_finding<K: crate::engine::EventKind>(
    event: &crate::engine::Event<K>,
    code: &'static str,
    cards: Vec<crate::board::CardId>,
    labels: Vec<(crate::board::Span, String)>,
) -> Violation {
    Violation {
        verdict: crate::legality::Verdict::Illegal,
        code,
        message: event.kind.narrate(),
        basis: crate::legality::Basis::of(&event.cites, &event.assumptions),
        remedy: None,
        cards,
        labels,
    }
}

/// The differences between the DAMAGE each player took and what a scenario expects.
pub(crate) fn unmet_damage(
    wanted: crate::scenario::DamageBySide,
    actual: impl Fn(crate::cards::Side) -> i32,
) -> Vec<String> {
    let mut unmet = Vec::new();
    for (side, wanted) in [
        (crate::cards::Side::Light, wanted.light),
        (crate::cards::Side::Dark, wanted.dark),
    ] {
        let actual = actual(side);
        if wanted.get() != i64::from(actual) {
            unmet.push(format!(
                "damage to the {side} player: expected {wanted}, got {actual}"
            ));
        }
    }
    unmet
}

/// The difference between the winner by deck victory and what a scenario expects.
pub(crate) fn unmet_deck_victory(
    wanted: crate::scenario::SideOrNone,
    actual: Option<crate::cards::Side>,
) -> Option<String> {
    let actual = crate::walk::side_or_none(actual);
    (wanted != actual).then(|| {
        format!(
            "deck victory: expected {}, got {}",
            wanted.key(),
            actual.key()
        )
    })
}
