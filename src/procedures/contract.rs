//! The contract every procedure keeps, and the one adapter that turns any procedure into the
//! registry's door: the table it runs on, its engine, events, result and expectations, its
//! checks and shell words; and the one walk orchestration that `walk`, `check` and the shell
//! share.

use std::marker::PhantomData;

use super::walkthrough::{TableView, WalkError, WalkOutcome, Walkthrough};
use super::{ActionSpec, Door, FindCard};
use crate::board::{Board, CardId, Span};
use crate::cards::{Catalog, Side};
use crate::clash::ClashBoard;
use crate::engine::deciders::Policy;
use crate::engine::{Advance, Decider, DecisionKind, EventKind, Run, Step, Stop};
use crate::legality::{Verdict, Violation};
use crate::rules::{AssumptionSpec, Choices, Corpus, Ruleset};
use crate::scenario::{
    ExpectFile, ExpectFormat, Expected, GameName, Located, Part, PartFormat, Problem, Problems,
    ScenarioFile, Severity,
};

/// The table of a game, as a procedure runs on it: how a scenario builds it, what is wrong
/// with it before any procedure, and what a walkthrough asks of it.
pub trait Table: Clone + std::fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The game whose table it is.
    const GAME: GameName;

    /// The table a scenario describes with the warnings of its input, or its input problems
    /// where one is an error.
    fn build(
        file: &ScenarioFile,
        catalog: &Catalog,
        rules_override: Option<&Ruleset>,
    ) -> Result<(Self, Problems), Problems>;

    /// The illegal findings about the table that a walkthrough notes before its steps.
    fn findings(&self, corpus: &Corpus) -> Vec<Violation>;

    /// The table as a Young Jedi board, if it is one (the shell builds only those).
    fn as_board(&self) -> Option<&Board>;

    /// [`Table::as_board`], to change it.
    fn as_board_mut(&mut self) -> Option<&mut Board>;

    /// The table as the renderers show it.
    fn view(&self) -> TableView<'_>;

    /// A Young Jedi board as this table, if it is one.
    fn of_board(board: &Board) -> Option<&Self>;

    /// [`Table::of_board`], to change it.
    fn of_board_mut(board: &mut Board) -> Option<&mut Self>;

    fn ruleset(&self) -> &Ruleset;

    fn seed(&self) -> u64;

    /// Whether every card is in exactly one place.
    fn conservation_holds(&self) -> bool;

    /// Whether a walk follows its cards one by one ("where the cards went").
    fn tracks_cards(&self) -> bool;

    /// Whether the card with this id is known only by its destiny number.
    fn anonymous(&self, card: u32) -> bool;
}

impl Table for Board {
    const GAME: GameName = GameName::YoungJedi;

    fn build(
        file: &ScenarioFile,
        catalog: &Catalog,
        rules_override: Option<&Ruleset>,
    ) -> Result<(Board, Problems), Problems> {
        let built = crate::scenario::build(file, catalog, rules_override);
        if built.problems.has_errors() {
            return Err(built.problems);
        }
        Ok((built.board, built.problems))
    }

    fn findings(&self, corpus: &Corpus) -> Vec<Violation> {
        super::check_board(self, corpus)
            .into_iter()
            .filter(|violation| violation.verdict == Verdict::Illegal)
            .collect()
    }

    fn as_board(&self) -> Option<&Board> {
        Some(self)
    }

    fn as_board_mut(&mut self) -> Option<&mut Board> {
        Some(self)
    }

    fn view(&self) -> TableView<'_> {
        TableView::YoungJedi(self)
    }

    fn of_board(board: &Board) -> Option<&Board> {
        Some(board)
    }

    fn of_board_mut(board: &mut Board) -> Option<&mut Board> {
        Some(board)
    }

    fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn conservation_holds(&self) -> bool {
        Board::conservation_holds(self)
    }

    fn tracks_cards(&self) -> bool {
        true
    }

    fn anonymous(&self, card: u32) -> bool {
        self.card(CardId(card)).is_some_and(|card| card.anonymous)
    }
}

impl Table for ClashBoard {
    const GAME: GameName = GameName::Clash;

    fn build(
        file: &ScenarioFile,
        _catalog: &Catalog,
        rules_override: Option<&Ruleset>,
    ) -> Result<(ClashBoard, Problems), Problems> {
        let built = crate::scenario::build_clash(file, rules_override);
        if built.problems.has_errors() {
            return Err(built.problems);
        }
        Ok((built.board, built.problems))
    }

    fn findings(&self, _corpus: &Corpus) -> Vec<Violation> {
        crate::clash::check(self)
            .into_iter()
            .map(crate::clash::ClashFinding::into_violation)
            .collect()
    }

    fn as_board(&self) -> Option<&Board> {
        None
    }

    fn as_board_mut(&mut self) -> Option<&mut Board> {
        None
    }

    fn view(&self) -> TableView<'_> {
        TableView::Clash(self)
    }

    fn of_board(_board: &Board) -> Option<&ClashBoard> {
        None
    }

    fn of_board_mut(_board: &mut Board) -> Option<&mut ClashBoard> {
        None
    }

    fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn conservation_holds(&self) -> bool {
        ClashBoard::conservation_holds(self)
    }

    fn tracks_cards(&self) -> bool {
        false
    }

    fn anonymous(&self, _card: u32) -> bool {
        false
    }
}

/// A procedure: one folder under `src/procedures/`, registered once in the registry. Its
/// engine makes its own events; its result, verdict, expectations, checks and shell words are
/// its own; the adapter [`Registered`] does the rest.
pub trait Procedure: Sized + 'static {
    /// The table it runs on.
    type Table: Table;
    /// Its own events, as the JSON output gives them.
    type Event: EventKind + schemars::JsonSchema;
    /// Its engine: copied, for the odds, to run from the same start again.
    type Engine: crate::engine::Procedure<Table = Self::Table, Event = Self::Event, Result = Self::Result>
        + Clone;
    /// What a walk of it came to, as the JSON output gives it.
    type Result: Clone + std::fmt::Debug + serde::Serialize + schemars::JsonSchema + 'static;
    /// Its part of a scenario's `expect:`.
    type Expect: ExpectFile;

    /// The actions a scenario names it by, each with its named assumptions.
    const ACTIONS: &'static [ActionSpec];

    /// The kinds of decision it asks, each with the key of `decisions:` that answers it.
    const DECISIONS: &'static [&'static DecisionKind];

    /// The sections that state it under way in a scenario (`duel:`), if it has any.
    const SECTIONS: &'static [&'static dyn PartFormat] = &[];

    /// The title of a walk whose scenario has none.
    const TITLE: &'static str;

    /// The kinds of printed text that act in it: a walk names a card whose text it applies
    /// only in part when a kind it leaves out is one of these. `None`: every kind may.
    const TEXT_KINDS: Option<&'static [crate::cards::card_text::TextKind]> = None;

    /// The engine for `action` (one of [`Procedure::actions`]) on the table, with the
    /// scenario's choices of named assumptions. It reads no draw deck's order: the odds start
    /// it once and run a copy for each way the decks fall.
    fn start(table: &Self::Table, corpus: &Corpus, action: &str, choices: &Choices)
    -> Self::Engine;

    /// What was walked, for the heading.
    fn heading(walked: &Walked<Self>, ruleset: &Ruleset, seed: u64) -> String;

    /// The title of a walk whose scenario has none, if it depends on the walk.
    fn default_title(walked: &Walked<Self>) -> &'static str {
        let _ = walked;
        Self::TITLE
    }

    /// The verdict, a line each.
    fn verdict(walked: &Walked<Self>) -> Vec<String>;

    /// The differences between a walk that ran to its end and what the scenario expects.
    fn unmet(expect: &Self::Expect, walked: &Walked<Self>) -> Vec<String>;

    /// How a run that reached its end ended, as the odds count it; `None` for a procedure
    /// whose endings the odds do not count (they are refused before any run).
    const ENDING: Option<super::odds::EndingOf<Self::Result>> = None;

    /// What a scenario replaying a walk should expect of it, for the shell's `save`.
    fn expectation(result: &Self::Result) -> Option<Self::Expect> {
        let _ = result;
        None
    }

    /// Findings about a position that its rules give (a procedure under way, tokens it
    /// leaves behind), whatever the scenario's action.
    fn check(table: &Self::Table, corpus: &Corpus) -> Vec<Violation> {
        let _ = (table, corpus);
        Vec::new()
    }

    /// The code of the finding an event that refuses the action makes, if it refuses it.
    fn refusal(event: &Self::Event) -> Option<&'static str> {
        let _ = event;
        None
    }

    /// Whether the rules refused the action attempted, so that the scenario's answers describe
    /// the attempt rather than decisions never made.
    fn attempt_refused(result: &Self::Result) -> bool {
        let _ = result;
        false
    }

    /// Why an answer describing a refused attempt cannot describe it (it names a card that is
    /// not there), if it cannot: such an answer is refused, not heard.
    fn stray_attempt_answer(
        table: &Self::Table,
        side: Side,
        key: &str,
        given: &str,
    ) -> Option<String> {
        let _ = (table, side, key, given);
        None
    }

    /// What a refusal of the action underlines, and the cards it names.
    fn refusal_place(table: &Self::Table) -> (Vec<CardId>, Vec<(Span, String)>) {
        let _ = table;
        (Vec::new(), Vec::new())
    }

    /// Findings about the claims the scenario states for `action` (a stated plan the rules
    /// do not allow), for an action the rules do not refuse.
    fn claim_findings(
        table: &Self::Table,
        corpus: &Corpus,
        action: &str,
        choices: &Choices,
    ) -> Vec<Violation> {
        let _ = (table, corpus, action, choices);
        Vec::new()
    }

    /// Findings about whether `action` may be taken in the position: the refusals its engine
    /// reaches before the first decision, or else the claims the scenario states for it.
    /// A walk finds the same: the refusals as it meets them, the claims where none refuses.
    fn check_action(
        table: &Self::Table,
        corpus: &Corpus,
        action: &str,
        choices: &Choices,
    ) -> Vec<Violation> {
        let refused = refusals_before_deciding::<Self>(table, corpus, action, choices);
        if !refused.is_empty() {
            return refused;
        }
        Self::claim_findings(table, corpus, action, choices)
    }

    /// The help with which a walk is refused for a finding about the position, if the
    /// procedure cannot be walked with it.
    fn refuses(finding: &Violation) -> Option<&'static str> {
        let _ = finding;
        None
    }

    /// The shell's words after the action's name, stating the procedure in progress (`duel
    /// under-way …`); `find` finds a card on the table. `None`: it has none.
    fn shell(
        table: &mut Self::Table,
        corpus: &Corpus,
        action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        let _ = (table, corpus, action, args, find);
        None
    }
}

/// The refusals a procedure's engine reaches before its first decision, as findings.
pub fn refusals_before_deciding<P: Procedure>(
    table: &P::Table,
    corpus: &Corpus,
    action: &str,
    choices: &Choices,
) -> Vec<Violation> {
    use crate::engine::Procedure as _;
    let mut probe = table.clone();
    let mut engine = P::start(table, corpus, action, choices);
    let mut found = Vec::new();
    while let Advance::Event(event) = engine.advance(&mut probe) {
        let Some(code) = P::refusal(&event.kind) else {
            continue;
        };
        let (cards, labels) = P::refusal_place(table);
        found.push(refusal_finding(&event, code, cards, labels));
    }
    found
}

/// A walk of a procedure: the table before and after, its events, its result, and the action.
pub struct Walked<P: Procedure> {
    pub before: P::Table,
    pub after: P::Table,
    pub run: Run<P::Event>,
    pub result: P::Result,
    pub action: &'static str,
}

impl<P: Procedure> std::fmt::Debug for Walked<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Walked")
            .field("action", &self.action)
            .field("result", &self.result)
            .field("run", &self.run)
            .finish_non_exhaustive()
    }
}

impl<P: Procedure> WalkOutcome for Walked<P> {
    fn heading(&self, ruleset: &Ruleset, seed: u64) -> String {
        P::heading(self, ruleset, seed)
    }

    fn default_title(&self) -> &'static str {
        P::default_title(self)
    }

    fn verdict_lines(&self) -> Vec<String> {
        P::verdict(self)
    }

    fn tracks_cards(&self) -> bool {
        self.after.tracks_cards()
    }

    fn anonymous(&self, card: u32) -> bool {
        self.after.anonymous(card)
    }

    fn result(&self) -> &dyn erased_serde::Serialize {
        &self.result
    }

    fn step_count(&self) -> usize {
        self.run.events.len()
    }

    fn step(&self, index: usize) -> Option<&dyn Step> {
        self.run.events.get(index).map(|event| event as &dyn Step)
    }

    fn stop(&self) -> Option<&crate::engine::Stop> {
        self.run.stop.as_ref()
    }

    fn board_after(&self) -> Option<&Board> {
        self.after.as_board()
    }

    fn board_before(&self) -> Option<&Board> {
        self.before.as_board()
    }

    fn table_before(&self) -> TableView<'_> {
        self.before.view()
    }

    fn refusals(&self) -> Vec<Violation> {
        self.run
            .events
            .iter()
            .filter_map(|event| {
                let code = P::refusal(&event.kind)?;
                let (cards, labels) = P::refusal_place(&self.before);
                Some(refusal_finding(event, code, cards, labels))
            })
            .collect()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Where a walk starts.
pub enum Start<'a> {
    /// A scenario: its position is built, its findings noted, its title and `expect:` used.
    File {
        file: &'a ScenarioFile,
        rules_override: Option<&'a Ruleset>,
    },
    /// A Young Jedi board built elsewhere (the shell).
    Board(&'a Board),
}

/// Everything a walk needs.
pub struct WalkRequest<'a> {
    pub corpus: &'a Corpus,
    pub catalog: &'a Catalog,
    /// The action walked: one of the door's.
    pub action: &'static str,
    pub start: Start<'a>,
    /// Answers the decisions: the scenario's script, a policy, or the person at the prompt.
    pub decider: &'a mut dyn Decider,
    /// The policy that answers what a script leaves open, for the heading.
    pub policy: Option<Policy>,
    /// The choices of the procedure's named assumptions.
    pub choices: Choices,
    /// Told every event as it happens, with a question it may ask: whether every card is
    /// then in one place (a check of the whole table, made only when asked).
    pub observe: &'a mut EventWatch<'a>,
}

/// Told every event of a walk as it happens, with a question it may ask: whether every card
/// is then in one place.
pub type EventWatch<'a> = dyn FnMut(&dyn Step, &dyn Fn() -> bool) + 'a;

/// The one walk: build the table (input errors refuse it), note its illegal findings, refuse
/// the walk for a finding the procedure cannot be walked with, run the engine with the
/// decider, and compare the outcome with the procedure's part of `expect:`.
pub fn walk<P: Procedure>(request: WalkRequest<'_>) -> Result<Walkthrough, WalkError> {
    let WalkRequest {
        corpus,
        catalog,
        action,
        start,
        decider,
        policy,
        choices,
        observe,
    } = request;
    let decisions = match &start {
        Start::File { file, .. } => Some(&file.decisions),
        Start::Board(_) => None,
    };
    let (mut table, findings, title, expect, build_warnings) = match start {
        Start::File {
            file,
            rules_override,
        } => {
            let (table, warnings) =
                P::Table::build(file, catalog, rules_override).map_err(WalkError::Input)?;
            let findings = table.findings(corpus);
            let mut refusals = Problems::new();
            for finding in &findings {
                if let Some(help) = P::refuses(finding) {
                    refusals.push(Problem {
                        severity: Severity::Error,
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
            let expect = file
                .expect
                .as_ref()
                .and_then(|expect| expect.value.procedures.expected::<P::Expect>())
                .map(|expect| &expect.value);
            (
                table,
                findings,
                file.title
                    .as_deref()
                    .map(|title| crate::text::visible(title).into_owned()),
                expect,
                warnings,
            )
        }
        Start::Board(board) => {
            let Some(table) = P::Table::of_board(board) else {
                return Err(WalkError::Input(
                    Problem::error(
                        "not-this-game",
                        format!("`{action}` is not walked on a Young Jedi board"),
                        None,
                        "",
                    )
                    .into(),
                ));
            };
            (table.clone(), Vec::new(), None, None, Problems::new())
        }
    };
    let before = table.clone();
    let mut engine = P::start(&table, corpus, action, &choices);
    let run = crate::engine::run(&mut engine, &mut table, decider, &mut |table, event| {
        observe(event, &|| table.conservation_holds())
    });
    let result = crate::engine::Procedure::result(&engine).clone();
    let walked = Walked::<P> {
        before,
        after: table,
        run,
        result,
        action,
    };
    let mut unmet = Vec::new();
    let mut heard = decider.heard();
    // A claim of the scenario the rules refuse (a stated battle plan) ends the walk as a
    // refusal does: its outcome is compared with `expect:` as it stands.
    if let Some(Stop::Missing { fact }) = &walked.run.stop
        && fact.is_illegal()
        && let Some(expect) = expect
    {
        unmet = P::unmet(expect, &walked);
    }
    if walked.run.stop.is_none() {
        if let Some(expect) = expect {
            unmet = P::unmet(expect, &walked);
        }
        // Answers to an attempt the rules refuse before asking anything describe the attempt:
        // heard, not refused as answers to nothing.
        // The player whose turn it is makes the attempt.
        let attempting = walked.board_after().and_then(|board| board.turn);
        match attempting.filter(|_| P::attempt_refused(&walked.result)) {
            Some(side) => {
                let (described, unread) = decider.unread_of_a_refused_attempt(side);
                for answer in described {
                    match P::stray_attempt_answer(&walked.before, side, answer.key, &answer.given) {
                        Some(why) => unmet.push(format!(
                            "decisions: {}: {}: {} cannot describe the attempt: {why}",
                            answer.side.word(),
                            answer.key,
                            crate::text::quoted(&answer.given)
                        )),
                        None => heard.push(answer),
                    }
                }
                unmet.extend(unread);
            }
            None => unmet.extend(decider.unread()),
        }
    }
    // The claims the scenario states for the action, by the checks `check` runs, unless the
    // rules refused the action: the walk and `check` judge it from one set of checks.
    let action_findings = if WalkOutcome::refusals(&walked).is_empty() {
        P::claim_findings(&walked.before, corpus, action, &choices)
    } else {
        Vec::new()
    };
    let text_not_modelled = walked
        .board_after()
        .map(|board| board.text_not_modelled(P::TEXT_KINDS))
        .unwrap_or_default();
    // Where the file writes the answers heard, and the one refused, to underline them.
    let answer_spans = match decisions {
        Some(decisions) => super::walkthrough::AnswerSpans {
            heard: heard
                .iter()
                .map(|answer| decisions.span_of(answer.side, answer.key, answer.at))
                .collect(),
            refused: match &walked.run.stop {
                Some(Stop::Undecided {
                    decision,
                    why: crate::engine::Unanswered::NotLegal { .. },
                }) => decisions.span_of(
                    decision.who,
                    decision.kind.script.key,
                    decider.place_of_last(decision.who, decision.kind.script.key),
                ),
                _ => None,
            },
        },
        None => super::walkthrough::AnswerSpans::default(),
    };
    Ok(Walkthrough {
        title,
        game: <P::Table as Table>::GAME,
        ruleset: walked.before.ruleset().clone(),
        seed: walked.before.seed(),
        findings,
        action_findings,
        unmet,
        text_not_modelled,
        heard,
        answer_spans,
        policy,
        build_warnings,
        outcome: Box::new(walked),
    })
}

/// The "walk" of a scenario without an action: its table built (input errors refuse it) and
/// checked by the checks `check` runs, nothing walked.
pub fn position_only<T: Table>(
    file: &ScenarioFile,
    corpus: &Corpus,
    catalog: &Catalog,
    rules_override: Option<&Ruleset>,
    policy: Option<Policy>,
) -> Result<Walkthrough, WalkError> {
    let (table, build_warnings) =
        T::build(file, catalog, rules_override).map_err(WalkError::Input)?;
    let findings = table.findings(corpus);
    Ok(Walkthrough {
        title: file
            .title
            .as_deref()
            .map(|title| crate::text::visible(title).into_owned()),
        game: T::GAME,
        ruleset: table.ruleset().clone(),
        seed: table.seed(),
        action_findings: Vec::new(),
        unmet: Vec::new(),
        text_not_modelled: table
            .as_board()
            .map(|board| board.text_not_modelled(None))
            .unwrap_or_default(),
        heard: Vec::new(),
        answer_spans: Default::default(),
        policy,
        build_warnings,
        outcome: Box::new(super::walkthrough::PositionOnly {
            table,
            illegal: findings.iter().map(|finding| finding.code).collect(),
        }),
        findings,
    })
}

/// The door of a procedure: every procedure is registered through it, written once.
pub struct Registered<P>(PhantomData<fn() -> P>);

impl<P> Registered<P> {
    /// The door, for the registry.
    pub const NEW: Registered<P> = Registered(PhantomData);
}

impl<P: Procedure> Door for Registered<P> {
    fn game(&self) -> GameName {
        <P::Table as Table>::GAME
    }

    fn actions(&self) -> &'static [ActionSpec] {
        P::ACTIONS
    }

    fn check(&self, board: &Board, corpus: &Corpus) -> Vec<Violation> {
        P::Table::of_board(board).map_or_else(Vec::new, |table| P::check(table, corpus))
    }

    fn check_action(
        &self,
        board: &Board,
        corpus: &Corpus,
        action: &str,
        choices: &Choices,
    ) -> Vec<Violation> {
        P::Table::of_board(board).map_or_else(Vec::new, |table| {
            P::check_action(table, corpus, action, choices)
        })
    }

    fn shell_section(
        &self,
        board: &mut Board,
        corpus: &Corpus,
        action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        P::shell(P::Table::of_board_mut(board)?, corpus, action, args, find)
    }

    fn expectation(&self, walk: &Walkthrough) -> Option<Box<dyn Part>> {
        let expected = P::expectation(&walk.outcome_as::<Walked<P>>()?.result)?;
        Some(Box::new(Expected(Located::new(expected))))
    }

    fn sections(&self) -> &'static [&'static dyn PartFormat] {
        P::SECTIONS
    }

    fn decisions(&self) -> &'static [&'static DecisionKind] {
        P::DECISIONS
    }

    fn expect_format(&self) -> &'static dyn PartFormat {
        &ExpectFormat::<P::Expect>::NEW
    }

    fn walk(&self, request: WalkRequest<'_>) -> Result<Walkthrough, WalkError> {
        walk::<P>(request)
    }

    fn odds(
        &self,
        table: &Board,
        request: super::odds::OddsRequest<'_>,
    ) -> Result<super::odds::OddsAnswer, super::odds::OddsRefusal> {
        let ending = P::ENDING
            .filter(|_| {
                P::ACTIONS
                    .iter()
                    .any(|spec| spec.name == request.action && spec.odds)
            })
            .ok_or(super::odds::OddsRefusal::NoEnding(P::TITLE))?;
        let table = P::Table::of_board(table).ok_or(super::odds::OddsRefusal::NotYoungJedi)?;
        super::odds::odds::<P>(table, request, ending)
    }

    fn counts_endings(&self) -> bool {
        P::ENDING.is_some()
    }

    fn simulator<'a>(
        &self,
        table: &'a Board,
        corpus: &Corpus,
        action: &'static str,
        choices: &Choices,
        policies: super::odds::Policies,
    ) -> Result<Box<dyn super::odds::Simulator + 'a>, super::odds::OddsRefusal> {
        let ending = P::ENDING.ok_or(super::odds::OddsRefusal::NoEnding(P::TITLE))?;
        let table = P::Table::of_board(table).ok_or(super::odds::OddsRefusal::NotYoungJedi)?;
        super::odds::simulator::<P>(table, corpus, action, choices, policies, ending)
    }

    fn event_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<P::Event>()
    }

    fn result_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<P::Result>()
    }
}

/// The named assumptions of an action, by its name among a procedure's actions.
pub fn assumptions_of(actions: &[ActionSpec], action: &str) -> &'static [AssumptionSpec] {
    actions
        .iter()
        .find(|spec| spec.name == action)
        .map_or(&[], |spec| spec.assumptions)
}

/// The finding `check` makes of an event that refuses an action: what the event says, on the
/// rules and named assumptions it rests on.
pub fn refusal_finding<K: crate::engine::EventKind>(
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
