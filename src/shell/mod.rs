//! The interactive shell: builds a position by commands, adjudicates it with decisions asked at the prompt, and undoes any command.

pub mod helper;
pub mod terminal;

use std::cell::RefCell;
use std::fmt::Write as _;

use crate::board::{Board, CardId, Planet, Step, Zone};
use crate::cards::{
    Card, CardLookupError, CardType, Catalog, DamageModifier, DuelingEffect, Fact, Game,
    ModifierTarget, Side, Source, StatValue, find, split_name,
};
use crate::engine::deciders::{Policy, answer_text};
use crate::engine::{Decider, Decision, Stop, Unanswered};
use crate::procedures;
use crate::procedures::contract::{Start, WalkRequest};
use crate::render::walk::TextStepper;
use crate::render::{self, Palette};
use crate::rules::{self, Corpus, Ruleset};
use crate::scenario::{self, ActionName, Decisions, GameName, Located};

/// The most characters of one error the shell prints.
const MAX_ERROR_CHARS: usize = 16_000;

/// What the user typed back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Line(String),
    /// Ctrl-C: cancel what is under way.
    Cancelled,
    /// Ctrl-D or the end of the script.
    End,
}

/// Where the shell writes and from where it reads answers to its questions.
pub trait Console {
    fn print(&mut self, text: &str);
    /// The error of a command that failed, already placed (see [`Console::place`]); a
    /// script shows it on standard error.
    fn error(&mut self, text: &str) {
        self.print(text);
    }
    /// Where the command being run stands, to begin its error with: a script's line.
    fn place(&self) -> Option<String> {
        None
    }
    fn ask(&mut self, prompt: &str) -> Answer;
    /// Whether a person answers questions (a terminal), rather than a script's next line.
    fn interactive(&self) -> bool {
        false
    }
}

/// How many commands `undo` can take back: the oldest beyond these are forgotten, so that a
/// long session's memory stays bounded.
pub const UNDO_LIMIT: usize = 100;

/// Whether the shell goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// An adjudication made in the shell, kept so that `save` can write it as a scenario that
/// `walk` replays.
#[derive(Clone, Debug)]
struct Adjudication {
    /// The action adjudicated, as a scenario writes it.
    action: &'static str,
    /// What it adjudicated, as a noun (`evacuation`).
    noun: &'static str,
    before: Board,
    decisions: Decisions,
    policy: Option<Policy>,
    expect: Option<scenario::Expectation>,
}

/// One entry of the operation log: a command and the position before it.
#[derive(Clone, Debug)]
struct Snapshot {
    command: String,
    /// The board before the command; `None` where the entry before replays to it (its
    /// command [`replays`]): a run of `add`s keeps one board, not one a command.
    board: Option<Board>,
    last: Option<Adjudication>,
    /// The position state of the board before the command.
    state: PositionState,
}

/// Which position the session's board is, as changes made it: equal states are the same
/// position, reached again by `undo` or `redo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionState(u64);

/// Whether a command's line, run again on the board it ran on, makes the same board, reading
/// nothing but the board and its words, and changes nothing where it fails: the log keeps the
/// board before such a command's successor as this command's line alone.
fn replays(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("add"))
}

/// A command: name, usage, what it does, an example.
pub type Command = (&'static str, &'static str, &'static str, &'static str);

/// The shell's own commands; [`commands`] adds those of the procedures after `check`.
const BUILT_IN: [Command; 33] = [
    (
        "add",
        "add SIDE CARD [to ZONE] [hidden] [deployed] [hits N] [thrust N]",
        "put a card on the table (ZONE: a planet, deck, hand, discard, hyperspace, objective, at-objective, podracing, battle-plan; default the current planet)",
        "add dark maul student to Naboo",
    ),
    (
        "deck",
        "deck SIDE N N N… | deck SIDE count N",
        "set a draw deck by destiny numbers, top first",
        "deck light 4 1 3 5 2 6",
    ),
    (
        "move",
        "move CARD to ZONE",
        "move a card (by name or #id)",
        "move #3 to discard",
    ),
    (
        "remove",
        "remove CARD",
        "take a card off the table",
        "remove r2-d2",
    ),
    (
        "set",
        "set CARD FIELD VALUE…",
        "declare a card's facts (power, damage, destiny, deploy, type, side, power_bonus, text_bonus, usable_by, location_bonus PLANET N, dueling EFFECT, damage_modifier N own|opponent|any, battle_text force-push|fight-together, battle_bonus N, destiny_draws N, thrust_on_deploy N, podrace_handling N, first_pass_draws N, may_not_pass true|false, negates_dueling_text true|false, text none)",
        "set maul student power 4 damage 3",
    ),
    ("hide", "hide CARD", "turn a card face down", "hide #4"),
    ("reveal", "reveal CARD", "turn a card face up", "reveal #4"),
    (
        "hits",
        "hits CARD N",
        "put N hit tokens on a card",
        "hits qui-gon 1",
    ),
    (
        "thrust",
        "thrust CARD N",
        "put N Thrust tokens on a pilot",
        "thrust sebulba 3",
    ),
    (
        "deployed",
        "deployed CARD [yes|no]",
        "mark a card deployed this turn",
        "deployed #5",
    ),
    ("turn", "turn SIDE", "whose turn it is", "turn dark"),
    (
        "step",
        "step deploy|battle|even-up",
        "the step of the turn",
        "step battle",
    ),
    (
        "planet",
        "planet NAME",
        "the current planet",
        "planet Naboo",
    ),
    (
        "rules",
        "rules DATE|NAME",
        "the rules in force",
        "rules 2000-12-01",
    ),
    ("seed", "seed N", "the seed of shuffles", "seed 7"),
    (
        "counters",
        "counters SIDE N",
        "deploy counters spent this turn",
        "counters dark 4",
    ),
    (
        "dueled",
        "dueled SIDE [yes|no]",
        "whether he has initiated a duel this turn",
        "dueled dark",
    ),
    (
        "passed",
        "passed SIDE [yes|no]",
        "under players-committee: whether he passed in a duel this turn",
        "passed dark",
    ),
    ("show", "show", "the board, both sides", "show"),
    (
        "check",
        "check",
        "every legality problem of the position",
        "check",
    ),
    (
        "policy",
        "policy NAME|off",
        "answer decisions by a policy (block-when-able, never-block, first-option)",
        "policy block-when-able",
    ),
    (
        "decisions",
        "decisions [off]",
        "the loaded file's scripted decisions, which an adjudication answers from before the prompt asks; off drops them",
        "decisions off",
    ),
    (
        "odds",
        "odds [best SIDE] [exact|samples N]",
        "the chance of every ending of the duel from this position, over every way the draw decks can fall, each side playing the policy (block-when-able if none is set), as `jedi-judge odds` gives it; `best SIDE` answers that side's pending decision option by option",
        "odds best light",
    ),
    (
        "rule",
        "rule ID",
        "quote a rule (a full id or a key)",
        "rule duel.initiation",
    ),
    (
        "search",
        "search WORDS",
        "search the rules",
        "search dueling hand",
    ),
    (
        "card",
        "card NAME",
        "a card of the catalog, its traits and sources",
        "card maul student",
    ),
    (
        "undo",
        "undo",
        "take back the last command (up to the last 100)",
        "undo",
    ),
    ("redo", "redo", "do again what undo took back", "redo"),
    (
        "walk",
        "walk FILE",
        "walk through the procedure a scenario file's `action:` names, Clash of the Lightsabers included, as `jedi-judge walk` does",
        "walk scenarios/clash/battle-drawn.yaml",
    ),
    (
        "save",
        "save [--force] FILE",
        "write the position as scenario YAML (after a duel: the position before it, the duel and its decisions); a file this session did not load or save is overwritten only after asking, or with --force",
        "save duel.yaml",
    ),
    (
        "load",
        "load [--force] FILE",
        "read a scenario; with unsaved changes, only after asking, or with --force",
        "load scenarios/duel/hands-empty-tied.yaml",
    ),
    (
        "help",
        "help [COMMAND]",
        "the commands, or one in detail",
        "help add",
    ),
    (
        "quit",
        "quit",
        "leave (asks first when there are unsaved changes)",
        "quit",
    ),
];

/// Every command, in the order `help` lists them: the shell's own, with each procedure's
/// command (`duel`, `battle`, …) after `check`, as the procedure registry describes it.
pub fn commands() -> Vec<Command> {
    let procedures = procedures::DOORS
        .iter()
        .filter(|door| door.game() == GameName::YoungJedi)
        .flat_map(|door| door.actions())
        .filter_map(|spec| {
            spec.shell
                .map(|shell| (spec.name, shell.usage, shell.what, shell.example))
        });
    let split = BUILT_IN
        .iter()
        .position(|(name, _, _, _)| *name == "check")
        .map_or(BUILT_IN.len(), |at| at.saturating_add(1));
    let (before, after) = BUILT_IN.split_at(split);
    before
        .iter()
        .copied()
        .chain(procedures)
        .chain(after.iter().copied())
        .collect()
}

/// Zone words of `add` and `move`.
pub const ZONE_WORDS: [&str; 10] = [
    "deck",
    "hand",
    "discard",
    "hyperspace",
    "objective",
    "at-objective",
    "podracing",
    "battle-plan",
    "dueling-hand",
    "dueling-pile",
];

/// Fields of `set`.
pub const SET_FIELDS: [&str; 23] = [
    "power",
    "damage",
    "destiny",
    "deploy",
    "type",
    "side",
    "power_bonus",
    "text_bonus",
    "usable_by",
    "location_bonus",
    "dueling",
    "damage_modifier",
    "battle_text",
    "battle_bonus",
    "destiny_draws",
    "thrust_on_deploy",
    "podrace_handling",
    "first_pass_draws",
    "may_not_pass",
    "negates_dueling_text",
    "number",
    "text",
    "played_as",
];

/// The shell's state: the position, the operation log, and what was last adjudicated.
pub struct Session<'a> {
    pub corpus: &'a Corpus,
    pub catalog: &'a Catalog,
    pub board: Board,
    pub palette: Palette,
    pub policy: Option<Policy>,
    undo: std::collections::VecDeque<Snapshot>,
    redo: Vec<Snapshot>,
    /// The position as it stands, and as it was last saved or loaded: each change makes a
    /// new one, and `undo` and `redo` bring back the one of the board they restore, so that a
    /// session back at the saved position has no unsaved changes.
    state: PositionState,
    saved: PositionState,
    /// The last [`PositionState`] made.
    made: PositionState,
    last: Option<Adjudication>,
    /// The action the position is being set up for: the procedure command last given words
    /// (`battle plan …`), or the loaded file's `action:`. `check` includes whether it may be
    /// taken and what its stated section lacks.
    intended: Option<(
        &'static dyn procedures::Door,
        &'static procedures::ActionSpec,
    )>,
    /// The loaded scenario's choices of named assumptions (`assumptions:`): every walk and
    /// `check` here honours them, and `save` writes them back.
    assumptions: scenario::AssumptionChoices,
    /// The loaded scenario's `decisions:` and its file: an adjudication here answers from them
    /// first, as `walk FILE` replays them, and asks what they leave open; `decisions off`
    /// drops them.
    script: Option<(String, Decisions)>,
    /// The files this session loaded or saved: `save` overwrites them without asking.
    known_files: std::collections::BTreeSet<std::path::PathBuf>,
    /// How many commands failed.
    failures: usize,
    /// Whether commands older than [`UNDO_LIMIT`] were forgotten.
    undo_dropped: bool,
    /// Set by Ctrl-C (the terminal's handler) while a command runs: the odds stop with what
    /// they reached, and an adjudication at its next decision is cancelled, the board as it
    /// was. Cleared as each line begins.
    pub stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

fn parse_side(word: &str) -> Result<Side, String> {
    Ok(Side::from_word(word)?)
}

fn parse_number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, String> {
    word.parse::<T>()
        .map_err(|_| format!("{word:?} is not a number ({what})"))
}

/// A number typed for a field, within the range the scenario format gives that field.
fn ranged<const MIN: i64, const MAX: i64>(
    word: &str,
    what: &str,
) -> Result<crate::ranged::Ranged<MIN, MAX>, String> {
    crate::ranged::Ranged::parse(word).map_err(|refused| format!("{what}: {refused}"))
}

fn yes_no(word: Option<&str>) -> Result<bool, String> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        None | Some("yes") | Some("y") | Some("true") | Some("on") => Ok(true),
        Some("no") | Some("n") | Some("false") | Some("off") => Ok(false),
        Some(other) => Err(format!("{other:?}: write yes or no")),
    }
}

impl<'a> Session<'a> {
    pub fn new(
        corpus: &'a Corpus,
        catalog: &'a Catalog,
        board: Board,
        palette: Palette,
    ) -> Session<'a> {
        Session {
            corpus,
            catalog,
            board,
            palette,
            policy: None,
            undo: std::collections::VecDeque::new(),
            redo: Vec::new(),
            state: PositionState(0),
            saved: PositionState(0),
            made: PositionState(0),
            last: None,
            intended: None,
            assumptions: scenario::AssumptionChoices::default(),
            script: None,
            known_files: std::collections::BTreeSet::new(),
            failures: 0,
            undo_dropped: false,
            stop: std::sync::Arc::default(),
        }
    }

    /// How many commands have failed so far.
    pub fn failures(&self) -> usize {
        self.failures
    }

    /// Remembers a file the session started from, so that `save` may overwrite it.
    pub fn remember_file(&mut self, path: &std::path::Path) {
        if let Ok(path) = std::fs::canonicalize(path) {
            self.known_files.insert(path);
        }
    }

    fn knows_file(&self, path: &std::path::Path) -> bool {
        std::fs::canonicalize(path).is_ok_and(|path| self.known_files.contains(&path))
    }

    /// Whether there are changes not saved.
    pub fn dirty(&self) -> bool {
        self.state != self.saved
    }

    /// A new position state for a change that was made.
    fn changed(&mut self) {
        self.made = PositionState(self.made.0.saturating_add(1));
        self.state = self.made;
    }

    /// The log's entry for `command` about to run: the board as it stands, unless the entry
    /// before replays to it and `command` changes nothing where it fails.
    fn snapshot(&self, command: &str) -> Snapshot {
        let replayed =
            replays(command) && self.undo.back().is_some_and(|last| replays(&last.command));
        Snapshot {
            command: command.to_string(),
            board: (!replayed).then(|| self.board.clone()),
            last: self.last.clone(),
            state: self.state,
        }
    }

    /// Puts an entry at the end of the log, forgetting the oldest beyond [`UNDO_LIMIT`]: the
    /// entry after it gets its board, replayed from the one forgotten.
    fn log(&mut self, snapshot: Snapshot) {
        if self.undo.len() == UNDO_LIMIT
            && let Some(oldest) = self.undo.pop_front()
        {
            self.undo_dropped = true;
            if self.undo.front().is_some_and(|next| next.board.is_none())
                && let Some(mut board) = oldest.board
            {
                self.replay(&mut board, &oldest.command);
                if let Some(next) = self.undo.front_mut() {
                    next.board = Some(board);
                }
            }
        }
        self.undo.push_back(snapshot);
    }

    /// Runs `line`, a command that [`replays`], on `board` rather than the session's.
    fn replay(&mut self, board: &mut Board, line: &str) {
        std::mem::swap(&mut self.board, board);
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let replayed = self.add(&words);
        std::mem::swap(&mut self.board, board);
        debug_assert!(replayed.is_ok(), "a logged `{line}` replays: {replayed:?}");
    }

    /// The board after every command of the log, rebuilt: the last board it keeps, with the
    /// commands from there on replayed (each replays: the entry taken back had no board).
    fn board_after_the_log(&mut self) -> Option<Board> {
        let kept = self.undo.iter().rposition(|entry| entry.board.is_some())?;
        let mut board = self.undo.get(kept)?.board.clone()?;
        let commands: Vec<String> = self
            .undo
            .range(kept..)
            .map(|entry| entry.command.clone())
            .collect();
        for command in &commands {
            self.replay(&mut board, command);
        }
        Some(board)
    }

    /// Runs one line. Errors are printed and leave the board as it was.
    pub fn run_line(&mut self, line: &str, console: &mut dyn Console) -> Flow {
        self.stop.store(false, std::sync::atomic::Ordering::SeqCst);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Flow::Continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let command = words[0].to_ascii_lowercase();
        let args = &words[1..];
        let rest = line[words[0].len()..].trim();
        // Only a command that may change the board is worth a copy of it for `undo`.
        let read_only = matches!(
            command.as_str(),
            "help"
                | "?"
                | "show"
                | "board"
                | "check"
                | "rule"
                | "search"
                | "card"
                | "save"
                | "policy"
                | "decisions"
                | "walk"
                | "odds"
        );
        let before = (!read_only).then(|| self.snapshot(line));
        let result: Result<Option<String>, String> = match command.as_str() {
            "help" | "?" => Ok(Some(help(args.first().copied(), self.palette.width))),
            "quit" | "exit" | "q" => return self.quit(console),
            "show" | "board" => Ok(Some(render::board::board(&self.board, self.palette))),
            "check" => Ok(Some(self.check())),
            "rule" => self.rule(rest),
            "search" => Ok(Some(self.search(rest))),
            "card" => self.card(rest),
            "undo" => return self.undo_redo(true, console),
            "redo" => return self.undo_redo(false, console),
            "save" => self.save(rest, console),
            "policy" => self.set_policy(rest),
            "decisions" => self.decisions_command(rest),
            action if procedures::find(GameName::YoungJedi, action).is_some() => {
                match procedures::find(GameName::YoungJedi, action) {
                    Some((door, spec)) if args.is_empty() => self.adjudicate(door, spec, console),
                    Some((door, spec)) => {
                        let find = |board: &Board, words: &str| {
                            reference_on(board, words).map_err(procedures::WordsRefused::Card)
                        };
                        let mut board = self.board.clone();
                        match door.shell_section(&mut board, self.corpus, spec.name, args, &find) {
                            Some(Ok(said)) => {
                                self.board = board;
                                self.intended = Some((door, spec));
                                Ok(Some(wrap_lines(&said, self.palette.width)))
                            }
                            Some(Err(error)) => Err(error.to_string()),
                            None => Err(format!("`{}` takes no words after it", spec.name)),
                        }
                    }
                    None => Err(format!("no procedure is called {action}")),
                }
            }
            "load" => self.load(rest, console),
            "walk" => self.walk_file(rest),
            "odds" => self.odds(args),
            _ => self.mutate(&command, args, rest),
        };
        match result {
            Ok(output) => {
                // A procedure's command keeps its adjudication for `save`, found through the
                // registry like the command itself.
                let adjudicated = procedures::find(GameName::YoungJedi, &command).is_some();
                // A command logged without the board before it (an `add`) changed it.
                if let Some(before) = before
                    && (before
                        .board
                        .as_ref()
                        .is_none_or(|board| self.board != *board)
                        || command == "load"
                        || adjudicated)
                {
                    if !adjudicated && command != "load" {
                        self.last = None;
                    }
                    if command != "load" {
                        self.changed();
                    }
                    self.log(before);
                    self.redo.clear();
                }
                if let Some(text) = output {
                    console.print(&text);
                }
            }
            Err(message) => {
                // A command logged without the board before it changes nothing where it fails.
                if let Some(board) = before.and_then(|before| before.board) {
                    self.board = board;
                }
                // The first line is the message, wrapped; what follows (a file's diagnostics)
                // is laid out already.
                let message = crate::text::clip(&message, MAX_ERROR_CHARS);
                let (first, rest) = message.split_once('\n').unwrap_or((&message, ""));
                let place = console
                    .place()
                    .map(|place| format!("{place}: "))
                    .unwrap_or_default();
                let text = format!("{place}{} {first}", self.palette.bad("error:"));
                let mut shown = render::wrap(&text, self.palette.width, "")
                    .trim_end()
                    .to_string();
                if !rest.is_empty() {
                    shown.push('\n');
                    shown.push_str(rest.trim_end());
                }
                self.failures = self.failures.saturating_add(1);
                console.error(&format!("{shown}\n"));
            }
        }
        Flow::Continue
    }

    fn quit(&mut self, console: &mut dyn Console) -> Flow {
        if !self.dirty() {
            return Flow::Quit;
        }
        match console.ask("There are unsaved changes. Quit anyway? [y/N] ") {
            Answer::Line(answer)
                if matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") =>
            {
                Flow::Quit
            }
            Answer::End => Flow::Quit,
            _ => {
                console.print("Not quitting.\n");
                Flow::Continue
            }
        }
    }

    /// What to do at the end of input (Ctrl-D): ask first if there are unsaved changes.
    pub fn end_of_input(&mut self, console: &mut dyn Console) -> Flow {
        self.quit(console)
    }

    fn undo_redo(&mut self, undo: bool, console: &mut dyn Console) -> Flow {
        let popped = if undo {
            // An entry without its board (an `add` after an `add`) has the board the log
            // before it replays to.
            let mut popped = self.undo.pop_back();
            if let Some(snapshot) = popped.as_mut()
                && snapshot.board.is_none()
            {
                snapshot.board = self.board_after_the_log();
            }
            popped
        } else {
            self.redo.pop()
        };
        // The oldest entry keeps its board, so every entry has one, its own or replayed.
        let popped = popped.and_then(|snapshot| {
            Some((
                snapshot.command,
                snapshot.board?,
                snapshot.last,
                snapshot.state,
            ))
        });
        match popped {
            Some((command, board, last, state)) => {
                let current = Snapshot {
                    command: command.clone(),
                    board: Some(self.board.clone()),
                    last: self.last.clone(),
                    state: self.state,
                };
                if undo {
                    self.redo.push(current);
                } else {
                    self.log(current);
                }
                self.board = board;
                self.last = last;
                self.state = state;
                console.print(&format!(
                    "{} {command}\n",
                    if undo { "Undone:" } else { "Redone:" }
                ));
            }
            None if undo && self.forgotten() => console.print(&format!(
                "Nothing more to undo: undo takes back at most the last {UNDO_LIMIT} commands.\n"
            )),
            None => console.print(if undo {
                "Nothing to undo.\n"
            } else {
                "Nothing to redo.\n"
            }),
        }
        Flow::Continue
    }

    /// Whether older commands were forgotten by the undo limit.
    /// The session's choices of named assumptions, as `action` reads them (a choice it does not
    /// make is left to its default).
    fn choices(&self, action: &procedures::ActionSpec) -> procedures::Choices {
        procedures::Choices(
            self.assumptions
                .0
                .0
                .iter()
                .filter_map(|(name, value)| {
                    let spec = action
                        .assumptions
                        .iter()
                        .find(|spec| spec.assumption.name == name.value)?;
                    let (allowed, _) = spec
                        .values
                        .iter()
                        .find(|(allowed, _)| *allowed == value.value)?;
                    Some((spec.assumption.name, *allowed))
                })
                .collect(),
        )
    }

    fn forgotten(&self) -> bool {
        self.undo_dropped
    }

    fn check(&self) -> String {
        let mut violations = procedures::check_board(&self.board, self.corpus);
        if let Some((door, action)) = self.intended {
            let choices = self.choices(action);
            violations.extend(door.check_action(&self.board, self.corpus, action.name, &choices));
        }
        if violations.is_empty() {
            return format!("{}\n", self.palette.good("The position is legal."));
        }
        let mut out = String::new();
        for violation in &violations {
            let verdict = match violation.verdict {
                crate::legality::Verdict::Illegal => self.palette.bad("illegal:"),
                crate::legality::Verdict::Warning => self.palette.warn("warning:"),
            };
            let _ = writeln!(
                out,
                "{}",
                render::wrap(
                    &format!("{verdict} {}", violation.message),
                    self.palette.width,
                    ""
                )
            );
            let help = crate::diagnostics::rule_help(violation, self.corpus, &self.board.ruleset);
            let _ = writeln!(out, "{}\n", render::wrap(&help, self.palette.width, "  "));
        }
        out
    }

    fn rule(&self, query: &str) -> Result<Option<String>, String> {
        let found =
            rules::lookup(self.corpus, &self.board.ruleset, query).map_err(
                |error| match error {
                    rules::LookupError::Unknown { given, suggestions } => {
                        if suggestions.is_empty() {
                            format!("the corpus has no rule {given:?}; try `search WORDS`")
                        } else {
                            format!(
                                "the corpus has no rule {given:?}; did you mean {}?",
                                suggestions.join(", ")
                            )
                        }
                    }
                },
            )?;
        Ok(Some(render::rules::show(
            self.corpus,
            &self.board.ruleset,
            &found,
            render::Format::Text,
            self.palette,
        )))
    }

    fn search(&self, words: &str) -> String {
        // The shell builds Young Jedi positions: that game's rules first.
        let results = rules::search(
            self.corpus,
            &self.board.ruleset,
            words,
            rules::SearchScope {
                include_superseded: false,
                game: None,
                first: Some(rules::YOUNG_JEDI),
                limit: 5,
            },
        );
        render::rules::search(
            self.corpus,
            &self.board.ruleset,
            words,
            &results,
            render::Format::Text,
            self.palette,
        )
    }

    fn card(&self, name: &str) -> Result<Option<String>, String> {
        let cards = self
            .catalog
            .find_to_show(unquoted(name))
            .map_err(lookup_message)?;
        Ok(Some(render::cards::show(
            self.corpus,
            &self.board.ruleset,
            &cards,
            render::Format::Text,
            self.palette,
        )))
    }

    fn set_policy(&mut self, name: &str) -> Result<Option<String>, String> {
        let name = name.trim().to_ascii_lowercase();
        let fitting = procedures::policies_of(GameName::YoungJedi);
        self.policy = match name.as_str() {
            "off" | "none" | "" => None,
            other => match fitting.iter().find(|policy| policy.name() == other) {
                Some(policy) => Some(*policy),
                None => {
                    let names: Vec<&str> = fitting.iter().map(|policy| policy.name()).collect();
                    return Err(format!(
                        "{other:?} is not a Young Jedi policy: {}, or off",
                        names.join(", ")
                    ));
                }
            },
        };
        Ok(Some(match self.policy {
            Some(policy) => format!(
                "Decisions are now answered by the policy {}.\n",
                policy.name()
            ),
            None => "Decisions are now asked at the prompt.\n".to_string(),
        }))
    }

    fn save(&mut self, rest: &str, console: &mut dyn Console) -> Result<Option<String>, String> {
        let (force, path) = forced(rest);
        if path.is_empty() {
            return Err("save needs a file name: save FILE".to_string());
        }
        let target = std::path::Path::new(path);
        crate::files::writable(target)
            .map_err(|error| format!("cannot write {path}: {error}; nothing was written"))?;
        if target.exists() && !force && !self.knows_file(target) {
            let question = format!(
                "{path} exists, and this session did not load or save it. Overwrite it? [y/N] "
            );
            if !console.interactive() {
                return Err(format!(
                    "{path} exists, and this session did not load or save it: `save --force {path}` overwrites it"
                ));
            }
            if !confirmed(console, &question) {
                return Ok(Some("Not saved.\n".to_string()));
            }
        }
        let mut file = match &self.last {
            Some(adjudication) => {
                let mut file = scenario::to_file(&adjudication.before, procedures::format());
                file.action = Some(Located::new(ActionName(adjudication.action.to_string())));
                file.decisions = adjudication.decisions.clone();
                file.policy = adjudication.policy.map(Located::new);
                file.expect = adjudication.expect.clone().map(Located::new);
                file
            }
            None => {
                let mut file = scenario::to_file(&self.board, procedures::format());
                // The action the position is set up for (the loaded file's, or the one its
                // section words name) stays with it.
                file.action = self
                    .intended
                    .map(|(_, spec)| Located::new(ActionName(spec.name.to_string())));
                file
            }
        };
        file.assumptions = self.assumptions.clone();
        file.title = Some(match &self.last {
            Some(adjudication) => format!(
                "A {} adjudicated in the jedi-judge shell",
                adjudication.noun
            ),
            None => "A position built in the jedi-judge shell".to_string(),
        });
        crate::files::write_atomically(target, &scenario::to_yaml(&file))
            .map_err(|error| format!("cannot write {path}: {error}; nothing was written"))?;
        self.remember_file(target);
        self.saved = self.state;
        let said = match &self.last {
            Some(adjudication) => format!(
                "Saved the position before the {0}, the {0} and its decisions to {path}; `jedi-judge walk {path}` replays it.",
                adjudication.noun
            ),
            None => format!("Saved the position to {path}."),
        };
        Ok(Some(format!(
            "{}\n",
            render::wrap(&said, self.palette.width, "")
        )))
    }

    fn walk_file(&self, path: &str) -> Result<Option<String>, String> {
        if path.is_empty() {
            return Err("walk needs a file name: walk FILE".to_string());
        }
        let text = crate::files::read_scenario(std::path::Path::new(path))?;
        let cannot = |problems: &scenario::Problems| {
            format!(
                "{path} cannot be walked:\n{}",
                self.file_problems(path, &text, problems)
            )
        };
        let file = procedures::parse(&text).map_err(|problems| cannot(&problems))?;
        // The session's policy plays the Young Jedi decisions it was set for; another game's
        // file is played by its own `policy:`.
        let policy = self
            .policy
            .filter(|policy| procedures::policies_of(procedures::game_of(&file)).contains(policy));
        let walked = crate::walk::walk_file(&file, self.corpus, self.catalog, None, policy, None)
            .map_err(|crate::walk::WalkError::Input(problems)| cannot(&problems))?;
        Ok(Some(render::walk::render(
            &walked,
            self.corpus,
            render::Format::Text,
            self.palette,
        )))
    }

    /// `odds [best SIDE] [exact|samples N]`: the odds of the duel (or the procedure set up
    /// under way) from the board.
    fn odds(&self, args: &[&str]) -> Result<Option<String>, String> {
        const USAGE: &str = "odds [best SIDE] [exact|samples N]";
        let mut ask = crate::odds::OddsAsk {
            policy: self.policy,
            ..crate::odds::OddsAsk::default()
        };
        let mut words = args.iter().map(|word| word.trim_start_matches('-'));
        while let Some(word) = words.next() {
            match word.to_ascii_lowercase().as_str() {
                "best" => {
                    let side = words
                        .next()
                        .ok_or_else(|| format!("best needs a side: {USAGE}"))?;
                    ask.best = Some(Side::from_word(side).map_err(|error| error.to_string())?);
                }
                "exact" => ask.method = Some(crate::procedures::odds::Method::Exact),
                "samples" => {
                    let count = words
                        .next()
                        .and_then(|count| count.replace(',', "").parse::<u32>().ok())
                        .filter(|count| (1..=crate::procedures::odds::MAX_SAMPLES).contains(count))
                        .ok_or_else(|| {
                            format!(
                                "samples needs a number from 1 to {}: {USAGE}",
                                crate::text::thousands(
                                    crate::procedures::odds::MAX_SAMPLES as usize
                                )
                            )
                        })?;
                    ask.method = Some(crate::procedures::odds::Method::Sampled(count));
                }
                other => {
                    return Err(format!(
                        "odds does not take {}: {USAGE}",
                        crate::text::quoted(other)
                    ));
                }
            }
        }
        let (door, action) = match self.intended {
            Some(intended) => intended,
            None => procedures::counted_actions()
                .into_iter()
                .next()
                .ok_or_else(|| "no procedure has endings the odds count".to_string())?,
        };
        let on = crate::odds::OnBoard {
            door,
            action,
            choices: self.choices(action),
            script: self
                .script
                .as_ref()
                .map(|(_, decisions)| decisions.script())
                .unwrap_or_default(),
        };
        let report = crate::odds::odds_board(&self.board, on, self.corpus, &ask, &mut |_| {
            if self.stop.load(std::sync::atomic::Ordering::SeqCst) {
                crate::procedures::odds::Flow::Stop
            } else {
                crate::procedures::odds::Flow::Go
            }
        })
        .map_err(|error| match error {
            crate::odds::OddsError::Refused(refusal) => format!("no odds: {refusal}"),
            crate::odds::OddsError::Input(problems) => format!(
                "no odds: {}",
                problems
                    .iter()
                    .map(|problem| problem.message.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        })?;
        Ok(Some(render::odds::render(
            &report,
            self.corpus,
            render::Format::Text,
            self.palette,
        )))
    }

    fn load(&mut self, rest: &str, console: &mut dyn Console) -> Result<Option<String>, String> {
        let (force, path) = forced(rest);
        if path.is_empty() {
            return Err("load needs a file name: load FILE".to_string());
        }
        if self.dirty() && !force {
            if !console.interactive() {
                return Err(format!(
                    "there are unsaved changes: `save FILE` keeps them, `load --force {path}` drops them"
                ));
            }
            if !confirmed(
                console,
                &format!("There are unsaved changes. Load {path} anyway? [y/N] "),
            ) {
                return Ok(Some("Not loaded.\n".to_string()));
            }
        }
        let text = crate::files::read_scenario(std::path::Path::new(path))?;
        let file = procedures::parse(&text).map_err(|problems| {
            format!(
                "{path} is not readable:\n{}",
                self.file_problems(path, &text, &problems)
            )
        })?;
        if file
            .game
            .as_ref()
            .is_some_and(|game| game.value == scenario::GameName::Clash)
        {
            return Err(format!(
                "{path} is a Clash of the Lightsabers scenario; the shell builds Young Jedi positions. `walk {path}` walks it"
            ));
        }
        let built = scenario::build(&file, self.catalog, None);
        if built.problems.has_errors() {
            return Err(format!(
                "{path} is not readable:\n{}",
                self.file_problems(path, &text, &built.problems)
            ));
        }
        let intended = crate::walk::door_of(&file).ok().flatten();
        if let Some((_, action)) = intended
            && let Err(problems) = procedures::read_choices(action, &file)
        {
            return Err(format!(
                "{path} is not readable:\n{}",
                self.file_problems(path, &text, &problems)
            ));
        }
        self.board = built.board;
        self.last = None;
        self.changed();
        self.saved = self.state;
        self.remember_file(std::path::Path::new(path));
        let note = self.take_up(path, &file);
        Ok(Some(format!("Loaded {path}.\n{note}")))
    }

    /// What a loaded scenario says beside its position: the action it is set up for, its
    /// choices of named assumptions, its policy and its decisions, which the shell's
    /// adjudications answer from as `walk` does. Says so, where it has decisions.
    pub fn take_up(&mut self, path: &str, file: &scenario::ScenarioFile) -> String {
        let intended = crate::walk::door_of(file).ok().flatten();
        if intended.is_some_and(|(_, action)| procedures::read_choices(action, file).is_ok()) {
            self.intended = intended;
        }
        self.assumptions = file.assumptions.clone();
        if let Some(policy) = &file.policy {
            self.policy = Some(policy.value);
        }
        if file.decisions.is_empty() {
            self.script = None;
            return String::new();
        }
        self.script = Some((path.to_string(), file.decisions.clone()));
        let mut note = render::wrap(
            &format!(
                "Its `decisions:` answer what they script, as `walk {path}` replays them; the prompt asks what they leave open. `decisions` shows them, `decisions off` drops them."
            ),
            self.palette.width,
            "",
        );
        note.push('\n');
        note
    }

    /// `decisions`: the scripted answers a loaded file gave; `decisions off` drops them.
    fn decisions_command(&mut self, rest: &str) -> Result<Option<String>, String> {
        match rest.trim() {
            "" => Ok(Some(match &self.script {
                Some((path, decisions)) => {
                    let written = serde_saphyr::to_string(decisions)
                        .map_err(|error| format!("the decisions cannot be written: {error}"))?;
                    format!(
                        "The decisions of {path}, answered before the prompt asks:\n{}",
                        crate::text::visible(&written)
                    )
                }
                None => {
                    "No scripted decisions: the prompt (or the policy) answers every decision.\n"
                        .to_string()
                }
            })),
            "off" => Ok(Some(match self.script.take() {
                Some((path, _)) => format!(
                    "The decisions of {path} are dropped: the prompt (or the policy) answers every decision.\n"
                ),
                None => "There were no scripted decisions.\n".to_string(),
            })),
            other => Err(format!(
                "{}: `decisions` shows the loaded file's decisions, `decisions off` drops them",
                crate::text::quoted(other)
            )),
        }
    }

    /// A file's input problems, each underlined where it is, as `check` shows them.
    fn file_problems(&self, path: &str, text: &str, problems: &scenario::Problems) -> String {
        let source = crate::diagnostics::SourceFile::new(path, text);
        crate::diagnostics::from_problems(problems, problems.omitted(), &source)
            .iter()
            .map(|diagnostic| crate::diagnostics::render_diagnostic(diagnostic, self.palette))
            .collect::<Vec<_>>()
            .join("")
            .trim_end()
            .to_string()
    }

    /// Commands that change the position.
    fn mutate(
        &mut self,
        command: &str,
        args: &[&str],
        rest: &str,
    ) -> Result<Option<String>, String> {
        match command {
            "add" => self.add(args),
            "deck" => self.deck(args),
            "move" => self.move_card(rest),
            "remove" => {
                let id = self.reference(rest)?;
                let name = self.board.describe(id);
                self.board
                    .zones
                    .values_mut()
                    .for_each(|ids| ids.retain(|other| *other != id));
                self.board.zones.retain(|_, ids| !ids.is_empty());
                // The instance stays in the list with no zone; compact the ids.
                self.compact();
                Ok(Some(format!("Removed {name}.\n")))
            }
            "set" => self.set(rest),
            "hide" | "reveal" => {
                let id = self.reference(rest)?;
                if let Some(instance) = self.board.instance_mut(id) {
                    instance.face_down = command == "hide";
                }
                Ok(Some(format!(
                    "{} is now face {}.\n",
                    self.board.describe(id),
                    if command == "hide" { "down" } else { "up" }
                )))
            }
            "hits" | "thrust" => {
                let (reference, count) = rest
                    .rsplit_once(' ')
                    .ok_or_else(|| format!("{command} CARD N"))?;
                let count = ranged::<0, 99>(count, "tokens")?.u32();
                let id = self.reference(reference)?;
                if let Some(instance) = self.board.instance_mut(id) {
                    if command == "hits" {
                        instance.hits = count;
                    } else {
                        instance.thrust = count;
                    }
                }
                Ok(Some(format!(
                    "{} has {count} {} token{}.\n",
                    self.board.describe(id),
                    if command == "hits" { "hit" } else { "Thrust" },
                    if count == 1 { "" } else { "s" }
                )))
            }
            "deployed" => {
                let (reference, flag) = match rest.rsplit_once(' ') {
                    Some((reference, flag)) if yes_no(Some(flag)).is_ok() => {
                        (reference, yes_no(Some(flag))?)
                    }
                    _ => (rest, true),
                };
                let id = self.reference(reference)?;
                if let Some(instance) = self.board.instance_mut(id) {
                    instance.deployed_this_turn = flag;
                }
                Ok(Some(format!(
                    "{} {} deployed this turn.\n",
                    self.board.describe(id),
                    if flag { "was" } else { "was not" }
                )))
            }
            "turn" => {
                let side = parse_side(args.first().copied().unwrap_or_default())?;
                self.board.turn = Some(side);
                Ok(Some(format!("It is the {side} player's turn.\n")))
            }
            "step" => {
                let step = match args
                    .first()
                    .map(|word| word.to_ascii_lowercase())
                    .as_deref()
                {
                    Some("deploy") => Step::Deploy,
                    Some("battle") => Step::Battle,
                    Some("even-up") | Some("evenup") => Step::EvenUp,
                    _ => return Err("step deploy, step battle or step even-up".to_string()),
                };
                self.board.step = Some(step);
                Ok(Some(format!("It is the {}.\n", step.label())))
            }
            "planet" => {
                let planet = Planet::parse(rest).ok_or_else(|| {
                    format!("{rest:?} is not a planet: Tatooine, Coruscant or Naboo")
                })?;
                self.board.current_planet = Some(planet);
                if !self.board.planets.contains(&planet) {
                    self.board.planets.push(planet);
                }
                Ok(Some(format!("The current planet is {planet}.\n")))
            }
            "rules" => {
                let ruleset = Ruleset::parse(rest).map_err(|error| error.to_string())?;
                self.board.ruleset = ruleset;
                Ok(Some(format!(
                    "The rules in force: {}.\n",
                    self.board.ruleset
                )))
            }
            "seed" => {
                self.board.seed = parse_number(rest, "seed")?;
                Ok(Some(format!("The seed is {}.\n", self.board.seed)))
            }
            "counters" => {
                let side = parse_side(args.first().copied().unwrap_or_default())?;
                let count =
                    ranged::<0, 999>(args.get(1).copied().unwrap_or_default(), "counters")?.u32();
                self.board.player_mut(side).counters_spent = count;
                Ok(Some(format!(
                    "The {side} player has spent {count} deploy counters this turn.\n"
                )))
            }
            "dueled" => {
                let side = parse_side(args.first().copied().unwrap_or_default())?;
                let flag = yes_no(args.get(1).copied())?;
                self.board.player_mut(side).dueled_this_turn = flag;
                Ok(Some(format!(
                    "The {side} player {} initiated a duel this turn.\n",
                    if flag { "has" } else { "has not" }
                )))
            }
            "passed" => {
                let side = parse_side(args.first().copied().unwrap_or_default())?;
                let flag = yes_no(args.get(1).copied())?;
                self.board.player_mut(side).passed_in_duel = flag;
                Ok(Some(format!(
                    "The {side} player {} passed in a duel this turn.\n",
                    if flag { "has" } else { "has not" }
                )))
            }
            other => {
                let nearest = commands()
                    .into_iter()
                    .map(|(name, _, _, _)| (crate::text::similarity(other, name), name))
                    .filter(|(score, _)| *score > 0.8)
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, name)| format!("did you mean `{name}`? "))
                    .unwrap_or_default();
                Err(format!(
                    "there is no command {other:?}; {nearest}`help` lists them all"
                ))
            }
        }
    }

    /// Removes instances that are in no zone and renumbers the rest.
    fn compact(&mut self) {
        let kept: Vec<CardId> = self
            .board
            .cards
            .iter()
            .map(|instance| instance.id)
            .filter(|id| self.board.zone_of(*id).is_some())
            .collect();
        let mut cards = Vec::new();
        let mut renumber = std::collections::BTreeMap::new();
        for (index, id) in kept.iter().enumerate() {
            if let Some(mut instance) = self.board.instance(*id).cloned() {
                let new = CardId(index as u32);
                renumber.insert(*id, new);
                instance.id = new;
                cards.push(instance);
            }
        }
        for ids in self.board.zones.values_mut() {
            for id in ids.iter_mut() {
                if let Some(new) = renumber.get(id) {
                    *id = *new;
                }
            }
        }
        self.board.cards = cards;
    }

    /// A zone from its words (and the side whose it is).
    fn zone(&self, words: &str, side: Side) -> Result<Zone, String> {
        let words = words.trim().to_ascii_lowercase();
        if let Some(planet) = Planet::parse(&words) {
            return Ok(Zone::InPlay(planet, side));
        }
        Ok(match words.as_str() {
            "deck" | "draw deck" => Zone::DrawDeck(side),
            "hand" => Zone::Hand(side),
            "discard" | "discard pile" => Zone::DiscardPile(side),
            "hyperspace" => Zone::Hyperspace(side),
            "objective" => Zone::Objective(side),
            "at-objective" | "at objective" => Zone::AtObjective(side),
            "podracing" | "podracing pile" => Zone::PodracingPile(side),
            "battle-plan" | "battle plan" => Zone::BattlePlan(side),
            "dueling-hand" | "dueling hand" => Zone::DuelingHand(side),
            "dueling-pile" | "dueling pile" => Zone::DuelingPile(side),
            other => {
                return Err(format!(
                    "{other:?} is not a zone: a planet (Tatooine, Coruscant, Naboo), {}",
                    ZONE_WORDS.join(", ")
                ));
            }
        })
    }

    /// The card a name means: a definition on the board first, then the catalog.
    fn resolve_card(&self, name: &str) -> Result<Card, String> {
        self.resolve_card_of(name, None)
    }

    /// [`Self::resolve_card`], preferring the version of `side` where a name means one card
    /// of each side (Boonta Eve Classic).
    fn resolve_card_of(&self, name: &str, side: Option<Side>) -> Result<Card, String> {
        let name = unquoted(name);
        // The one resolver the scenario reader uses: the cards on the table first.
        let table = crate::cards::Table::new(self.board.definitions.iter());
        let looking = crate::cards::Looking {
            table: Some(&table),
            side,
            game: Some(Game::YoungJedi),
        };
        self.catalog.resolve_card(name, looking).map_err(|error| {
            lookup_message(self.catalog.with_suggestions(error, Some(Game::YoungJedi)))
        })
    }

    fn add(&mut self, args: &[&str]) -> Result<Option<String>, String> {
        let side = parse_side(args.first().copied().ok_or("add SIDE CARD [to ZONE]")?)?;
        let mut words: Vec<&str> = args[1..].to_vec();
        // Options at the end.
        let mut hidden = false;
        let mut deployed = false;
        let mut hits = 0;
        let mut thrust = 0;
        loop {
            match words.as_slice() {
                [.., "hidden"] => {
                    hidden = true;
                    words.pop();
                }
                [.., "deployed"] => {
                    deployed = true;
                    words.pop();
                }
                [.., "hits", count] => {
                    hits = ranged::<0, 99>(count, "hits")?.u32();
                    words.truncate(words.len() - 2);
                }
                [.., "thrust", count] => {
                    thrust = ranged::<0, 99>(count, "Thrust tokens")?.u32();
                    words.truncate(words.len() - 2);
                }
                _ => break,
            }
        }
        let split = words
            .iter()
            .rposition(|word| matches!(*word, "to" | "on" | "in" | "at"));
        let (name_words, zone) = match split {
            Some(index) if index > 0 => {
                let zone_words = words[index + 1..].join(" ");
                (words[..index].to_vec(), self.zone(&zone_words, side)?)
            }
            _ => {
                let planet = self
                    .board
                    .current_planet
                    .ok_or("say where: add SIDE CARD to ZONE (no current planet is set)")?;
                (words.clone(), Zone::InPlay(planet, side))
            }
        };
        if name_words.is_empty() {
            return Err("add SIDE CARD [to ZONE]: which card?".to_string());
        }
        // Everything is read before the board changes: an `add` that fails changes nothing,
        // which `undo` relies on ([`replays`]).
        let cards: Vec<Card> = if name_words.iter().all(|word| word.parse::<i32>().is_ok()) {
            name_words
                .iter()
                .map(|word| Ok(Card::anonymous(ranged::<0, 9>(word, "destiny")?.i32())))
                .collect::<Result<_, String>>()?
        } else {
            vec![self.resolve_card_of(&name_words.join(" "), Some(side))?]
        };
        let mut added = Vec::new();
        for card in cards {
            let definition = self.board.define(card);
            added.push(self.board.add(zone, definition, side));
        }
        for id in &added {
            if let Some(instance) = self.board.instance_mut(*id) {
                instance.face_down = hidden;
                instance.deployed_this_turn = deployed;
                instance.hits = hits;
                instance.thrust = thrust;
            }
        }
        if let Zone::InPlay(planet, _) = zone
            && !self.board.planets.contains(&planet)
        {
            self.board.planets.push(planet);
        }
        let numbers = render::board::CardNumbers::of(&self.board);
        let names: Vec<String> = added
            .iter()
            .map(|id| format!("{}{}", numbers.label(*id), self.board.describe(*id)))
            .collect();
        Ok(Some(format!(
            "Added {} to the {}.\n",
            names.join(", "),
            zone.label()
        )))
    }

    fn deck(&mut self, args: &[&str]) -> Result<Option<String>, String> {
        let side = parse_side(
            args.first()
                .copied()
                .ok_or("deck SIDE N N N… or deck SIDE count N")?,
        )?;
        let old: Vec<CardId> = self.board.zone(Zone::DrawDeck(side)).to_vec();
        self.board.zones.remove(&Zone::DrawDeck(side));
        let _ = old;
        self.compact();
        let numbers: Vec<i32> = match args.get(1..) {
            Some(["count", count]) => {
                let count = ranged::<0, 1000>(count, "cards in a draw deck")?.u32();
                let mut random = crate::random::Random::seeded(self.board.seed);
                (0..count).map(|_| random.between(1, 6)).collect()
            }
            Some(words) => words
                .iter()
                .map(|word| ranged::<0, 9>(word, "destiny").map(crate::ranged::Ranged::i32))
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
        };
        for destiny in &numbers {
            let definition = self.board.define(Card::anonymous(*destiny));
            self.board.add(Zone::DrawDeck(side), definition, side);
        }
        Ok(Some(format!(
            "The {side} draw deck has {} cards.\n",
            numbers.len()
        )))
    }

    /// A card on the table by `#id` or forgiving name, optionally after a side.
    fn reference(&self, text: &str) -> Result<CardId, String> {
        reference_on(&self.board, text)
    }

    fn move_card(&mut self, rest: &str) -> Result<Option<String>, String> {
        let (reference, zone_words) = rest.rsplit_once(" to ").ok_or("move CARD to ZONE")?;
        let id = self.reference(reference)?;
        let owner = self
            .board
            .instance(id)
            .map(|instance| instance.owner)
            .unwrap_or(Side::Light);
        let zone = self.zone(zone_words, owner)?;
        let from = self.board.zone_of(id).map(Zone::label).unwrap_or_default();
        self.board.move_to(id, zone);
        if let Zone::InPlay(planet, _) = zone
            && !self.board.planets.contains(&planet)
        {
            self.board.planets.push(planet);
        }
        Ok(Some(format!(
            "Moved {} from the {from} to the {}.\n",
            self.board.describe(id),
            zone.label()
        )))
    }

    /// `set CARD FIELD VALUE…`. A card name may contain a field's word ("Dark Side"), so
    /// each place a field word could begin the fields is tried in turn; the first that
    /// reads as fields wins.
    fn set(&mut self, rest: &str) -> Result<Option<String>, String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let candidates: Vec<usize> = words
            .iter()
            .enumerate()
            .filter(|(index, word)| {
                *index > 0 && SET_FIELDS.contains(&word.to_ascii_lowercase().as_str())
            })
            .map(|(index, _)| index)
            .collect();
        if candidates.is_empty() {
            return Err(format!(
                "set CARD FIELD VALUE: which card, and which field? The fields are {}",
                SET_FIELDS.join(", ")
            ));
        }
        let mut first_error = None;
        for first_field in candidates {
            match self.set_from(&words, first_field) {
                Ok(output) => return Ok(output),
                Err(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        Err(first_error.unwrap_or_default())
    }

    fn set_from(&mut self, words: &[&str], first_field: usize) -> Result<Option<String>, String> {
        let name = words[..first_field].join(" ");
        // The card: one on the board (its definition), the catalog, or a new one.
        let existing = if name.starts_with('#') {
            Some(self.reference(&name)?)
        } else {
            None
        };
        let mut card = match existing {
            Some(id) => self.board.card(id).cloned().ok_or("no card")?,
            None => match self.resolve_card(&name) {
                Ok(card) => card,
                Err(_) => {
                    let mut card = Card::named(&name, Game::YoungJedi);
                    card.name_complete = true;
                    card
                }
            },
        };
        let before = card.clone();
        let mut index = first_field;
        let mut changes = Vec::new();
        while index < words.len() {
            let field = words[index].to_ascii_lowercase();
            let mut values = Vec::new();
            index += 1;
            while index < words.len()
                && !SET_FIELDS.contains(&words[index].to_ascii_lowercase().as_str())
            {
                values.push(words[index]);
                index += 1;
            }
            let value = values.join(" ");
            let number =
                |value: &str| -> Result<StatValue, String> {
                    match value {
                        "?" => Ok(StatValue::Symbol("?".to_string())),
                        "none" => Ok(StatValue::None),
                        other if field == "destiny" => ranged::<0, 9>(other, &field)
                            .map(|number| StatValue::Number(number.i32())),
                        other => ranged::<0, 20>(other, &field)
                            .map(|number| StatValue::Number(number.i32())),
                    }
                };
            match field.as_str() {
                "power" => card.stats.power = Some(Fact::new(number(&value)?, Source::Scenario)),
                "damage" => card.stats.damage = Some(Fact::new(number(&value)?, Source::Scenario)),
                "destiny" => {
                    card.stats.destiny = Some(Fact::new(number(&value)?, Source::Scenario))
                }
                "deploy" => card.stats.deploy = Some(Fact::new(number(&value)?, Source::Scenario)),
                "type" => {
                    let card_type = CardType::from_word(&value)
                        .ok_or_else(|| format!("{value:?} is not a card type"))?;
                    if matches!(card_type, CardType::Character | CardType::Weapon) {
                        let (title, subtitle) = split_name(&card.full_name());
                        card.title = title;
                        card.subtitle = subtitle;
                    }
                    card.card_type = Some(Fact::new(card_type, Source::Scenario));
                }
                "side" => card.side = Some(Fact::new(parse_side(&value)?, Source::Scenario)),
                "power_bonus" => card
                    .declare_first_box(None, Some(ranged::<-20, 20>(&value, "power bonus")?.i32())),
                "text_bonus" => {
                    card.text.text_bonus = Some(ranged::<-20, 20>(&value, "power bonus")?.i32())
                }
                "usable_by" => card.declare_first_box(
                    Some(
                        value
                            .split(',')
                            .map(|user| user.trim().to_string())
                            .filter(|user| !user.is_empty())
                            .collect(),
                    ),
                    None,
                ),
                "location_bonus" => {
                    let (planet, amount) =
                        value.rsplit_once(' ').ok_or("location_bonus PLANET N")?;
                    let planet = Planet::parse(planet)
                        .ok_or_else(|| format!("{planet:?} is not a planet"))?;
                    card.text
                        .location_bonus
                        .retain(|(known, _)| known != planet.name());
                    card.text.location_bonus.push((
                        planet.name().to_string(),
                        ranged::<-20, 20>(amount, "power bonus")?.i32(),
                    ));
                }
                "text" => {
                    if !value.eq_ignore_ascii_case("none") {
                        return Err(format!(
                            "{value:?}: `text none` switches the card's text off; other text is declared by its own field"
                        ));
                    }
                    card.switch_text_off();
                }
                "dueling" => {
                    let effect = match value.to_ascii_lowercase().as_str() {
                        "extra-hit" => DuelingEffect::ExtraHit,
                        "remove-hit" => DuelingEffect::RemoveHit,
                        "discard-for-two-extra-hits" => DuelingEffect::DiscardForTwoExtraHits,
                        "draw-one" => DuelingEffect::DrawOne,
                        "discard-to-draw-two" => DuelingEffect::DiscardToDrawTwo,
                        other => {
                            return Err(format!(
                                "{other:?} is not dueling text: extra-hit, remove-hit, discard-for-two-extra-hits, draw-one, discard-to-draw-two"
                            ));
                        }
                    };
                    card.text.dueling = Some(effect);
                    card.text_source = Some(Source::Scenario);
                }
                "thrust_on_deploy" => {
                    let extra = ranged::<0, 4>(&value, "extra Thrust tokens")?.i32();
                    let podrace = card.text.podrace.get_or_insert_with(Default::default);
                    podrace.thrust_on_deploy = u8::try_from(extra).ok();
                    card.text_source = Some(Source::Scenario);
                }
                "first_pass_draws" => {
                    let draws = ranged::<1, 9>(&value, "cards drawn on the first pass")?.i32();
                    let duelist = card.text.duelist.get_or_insert_with(Default::default);
                    duelist.first_pass_draws = u8::try_from(draws).ok();
                    card.text_source = Some(Source::Scenario);
                }
                "may_not_pass" | "negates_dueling_text" => {
                    let holds = yes_no(Some(&value))?;
                    let duelist = card.text.duelist.get_or_insert_with(Default::default);
                    if field == "may_not_pass" {
                        duelist.may_not_pass = holds;
                    } else {
                        duelist.negates_dueling_text = holds;
                    }
                    card.text_source = Some(Source::Scenario);
                }
                "podrace_handling" => {
                    let number = ranged::<0, 9>(&value, "handling number")?.i32();
                    let podrace = card.text.podrace.get_or_insert_with(Default::default);
                    podrace.handling = u8::try_from(number).ok();
                    card.text_source = Some(Source::Scenario);
                }
                "damage_modifier" => {
                    let (amount, target) = value
                        .split_once(' ')
                        .ok_or("damage_modifier N own|opponent|any")?;
                    let applies_to = match target {
                        "own" => ModifierTarget::Own,
                        "opponent" => ModifierTarget::Opponent,
                        "any" => ModifierTarget::Any,
                        other => return Err(format!("{other:?}: own, opponent or any")),
                    };
                    card.text.damage_modifier = Some(DamageModifier {
                        amount: ranged::<-20, 20>(amount, "damage")?.i32(),
                        applies_to,
                        of: crate::cards::ModifiedCards::Characters,
                        at_current_planet: false,
                        only: Vec::new(),
                        own_card: false,
                        defeated_by_it: false,
                        while_using: None,
                    });
                }
                "battle_text" => {
                    card.text.battle = Some(match value.to_ascii_lowercase().as_str() {
                        "force-push" => crate::cards::BattleEffect::ForcePush,
                        "fight-together" => crate::cards::BattleEffect::FightTogether,
                        other => {
                            return Err(format!(
                                "{other:?} is not Battle card text: force-push or fight-together"
                            ));
                        }
                    });
                    card.text_source = Some(Source::Scenario);
                }
                "played_as" => {
                    // A Double Impact card played as one of its Battle halves: that card's text
                    // and power bonus.
                    let written = value.trim().trim_matches('"');
                    self.catalog
                        .play_as_half(&mut card, written)
                        .map_err(|error| match error {
                            crate::cards::NotAHalf::Unknown {
                                ref halves,
                                ref nearest,
                                ..
                            } => format!(
                                "{error}: its Battle halves are {halves} (`played_as {nearest}`)"
                            ),
                            other => other.to_string(),
                        })?;
                }
                "battle_bonus" => {
                    card.battle_bonus = Some(Fact::new(
                        StatValue::Number(ranged::<-20, 20>(&value, "power bonus")?.i32()),
                        Source::Scenario,
                    ));
                }
                "destiny_draws" => {
                    card.text.destiny_draws = Some(ranged::<0, 9>(&value, "destiny draws")?.i32());
                }
                "number" => {
                    card.printing = Some(Fact::new(
                        crate::cards::Printing::new(String::new(), value.clone()),
                        Source::Scenario,
                    ));
                }
                _ => {}
            }
            changes.push(format!("{field} {value}"));
        }
        if card.card_type().is_none() {
            return Err(format!(
                "the catalog lacks {name:?}: give its type (and side) too, for example `set {name} type character side light`"
            ));
        }
        // Every instance of the card takes the new facts.
        let replaced = self
            .board
            .definitions
            .iter()
            .position(|known| *known == before);
        match replaced {
            Some(index) => {
                if let Some(slot) = self.board.definitions_mut().get_mut(index) {
                    *slot = card.clone();
                }
            }
            None => {
                self.board.define(card.clone());
            }
        }
        Ok(Some(format!(
            "{}: {}.\n",
            card.shown_name(),
            changes.join(", ")
        )))
    }

    /// Runs a procedure on the board (`duel`), printing each step as it happens and asking
    /// its decisions at the prompt (or answering them by the policy).
    fn adjudicate(
        &mut self,
        door: &'static dyn procedures::Door,
        spec: &'static procedures::ActionSpec,
        console: &mut dyn Console,
    ) -> Result<Option<String>, String> {
        let (action, noun) = (spec.name, spec.shell.map_or(spec.name, |shell| shell.noun));
        let console = RefCell::new(console);
        let stepper = RefCell::new(TextStepper::new(
            self.corpus,
            &self.board.ruleset,
            self.palette,
        ));
        let mut decider = PromptDecider {
            noun,
            stop: &self.stop,
            console: &console,
            stepper: &stepper,
            policy: self.policy,
            decisions: Decisions::default(),
            script: self.script.as_ref().map(|(_, decisions)| {
                crate::engine::deciders::Scripted::new(decisions.script(), None)
            }),
        };
        let mut step = 0;
        let walked = door.walk(WalkRequest {
            corpus: self.corpus,
            catalog: self.catalog,
            action,
            start: Start::Board(&self.board),
            decider: &mut decider,
            policy: self.policy,
            choices: self.choices(spec),
            observe: &mut |event, _| {
                step += 1;
                let text = stepper.borrow_mut().step(step, event);
                console.borrow_mut().print(&text);
            },
        });
        let walk = match walked {
            Ok(walk) => walk,
            Err(_) => {
                return Err(format!(
                    "the shell does not run `{action}`; `walk FILE` does"
                ));
            }
        };
        let after = walk
            .outcome
            .board_after()
            .cloned()
            .unwrap_or_else(|| self.board.clone());
        let decisions = decider.decisions;
        let ending = stepper.borrow_mut().ending(&walk);
        match walk.stop() {
            Some(Stop::Undecided { .. }) if self.stop.load(std::sync::atomic::Ordering::SeqCst) => {
                return Err(format!("Ctrl-C stopped the {noun}; the board is as it was"));
            }
            Some(Stop::Undecided { .. }) => {
                return Err(format!("the {noun} was cancelled; the board is as it was"));
            }
            Some(Stop::Missing { fact }) => {
                console.borrow_mut().print(&ending);
                return Err(format!(
                    "the {noun} needs a fact the position lacks: {fact}"
                ));
            }
            None => {}
        }
        let changed = after != self.board;
        self.last = Some(Adjudication {
            action,
            noun,
            before: self.board.clone(),
            decisions,
            policy: self.policy,
            expect: door.expectation(&walk).map(|part| {
                let mut expect = scenario::Expectation::default();
                expect.procedures.put(part);
                expect
            }),
        });
        self.board = after;
        if !changed {
            return Ok(Some(ending));
        }
        Ok(Some(format!(
            "{ending}(The board now shows the position after the {noun}; `undo` takes it back.)\n"
        )))
    }
}

/// Answers decisions at the prompt, or by the policy, and records each answer so that `save`
/// can write them as the scenario's script.
struct PromptDecider<'a, 'c> {
    /// What is adjudicated, as a noun (`duel`).
    noun: &'static str,
    /// Ctrl-C: the next decision is not answered, and the adjudication is cancelled.
    stop: &'a std::sync::atomic::AtomicBool,
    console: &'a RefCell<&'c mut dyn Console>,
    stepper: &'a RefCell<TextStepper<'a>>,
    policy: Option<Policy>,
    decisions: Decisions,
    /// A loaded file's decisions, answered first, as `walk` answers them.
    script: Option<crate::engine::deciders::Scripted>,
}

impl Decider for PromptDecider<'_, '_> {
    fn shows_every_option(&self) -> bool {
        true
    }

    /// The person at the prompt is asked every optional decision (adding a starship from
    /// the hand); a policy takes its first option ("do nothing").
    fn volunteers(&mut self, decision: &Decision) -> bool {
        if let Some(script) = self.script.as_mut()
            && script.volunteers(decision)
        {
            return true;
        }
        self.policy.is_none()
    }

    /// A decision the rules leave one answer to: the file's answer to it is heard or refused
    /// as `walk` hears or refuses it.
    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        match self.script.as_mut() {
            Some(script) => script.forced(decision),
            None => Ok(()),
        }
    }

    fn heard(&self) -> Vec<crate::engine::deciders::HeardAnswer> {
        self.script.as_ref().map(Decider::heard).unwrap_or_default()
    }

    fn decide(&mut self, decision: &Decision, board: Option<&Board>) -> Result<usize, Unanswered> {
        if self.stop.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Unanswered::NotScripted);
        }
        // The file's answer first, as `walk` takes it: an answer the rules refuse is refused.
        if let Some(script) = self.script.as_mut() {
            match script.decide(decision, board) {
                Ok(choice) => {
                    self.decisions
                        .record(decision, choice, procedures::format());
                    return Ok(choice);
                }
                Err(Unanswered::NotScripted) => {}
                Err(refused) => return Err(refused),
            }
        }
        let choice = match self.policy {
            Some(policy) => policy.choose(decision, board),
            None => {
                let mut console = self.console.borrow_mut();
                ask_decision(&mut **console, &self.stepper.borrow(), decision, self.noun)
                    .ok_or(Unanswered::NotScripted)?
            }
        };
        self.decisions
            .record(decision, choice, procedures::format());
        Ok(choice)
    }
}

/// Text of indented lines, each wrapped to `width` under its own indent, a list item's
/// (`- `, `1. `) under its text.
fn wrap_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let content = line.trim_start();
        let leading = line.len().saturating_sub(content.len());
        let numbered = content
            .split_once(". ")
            .filter(|(number, _)| !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
            .map(|(number, _)| number.len().saturating_add(2));
        let marker = if content.starts_with("- ") {
            2
        } else {
            numbered.unwrap_or(2)
        };
        let first = " ".repeat(leading);
        let rest = " ".repeat(leading.saturating_add(marker));
        out.push_str(&render::wrap_hanging(content, width, &first, &rest));
        out.push('\n');
    }
    out
}

/// `--force` before or after a file name, and the name.
fn forced(rest: &str) -> (bool, &str) {
    let rest = rest.trim();
    if let Some(path) = rest.strip_prefix("--force") {
        return (true, path.trim());
    }
    if let Some(path) = rest.strip_suffix("--force") {
        return (true, path.trim());
    }
    (false, rest)
}

/// Whether the person at the terminal answers yes.
fn confirmed(console: &mut dyn Console, question: &str) -> bool {
    matches!(
        console.ask(question),
        Answer::Line(answer) if matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
    )
}

fn lookup_message(error: CardLookupError) -> String {
    let clip = |given: String| crate::text::quoted(&given);
    match error {
        CardLookupError::Unknown { given, suggestions } if suggestions.is_empty() => {
            format!("no card is named {:?}", clip(given))
        }
        CardLookupError::Unknown { given, suggestions } => {
            format!(
                "no card is named {:?}; did you mean {}?",
                clip(given),
                suggestions.join("; ")
            )
        }
        CardLookupError::Ambiguous { given, candidates } => {
            format!("{:?} could be {}", clip(given), candidates.join("; "))
        }
        CardLookupError::Versions { given, versions } => format!(
            "{:?} is printed in {} versions whose numbers differ; name one: {}",
            clip(given),
            versions.len(),
            versions.join("; ")
        ),
    }
}

/// Whether a line typed is a command of the shell (`undo`, `quit`, `show …`).
fn is_a_command(line: &str) -> bool {
    let word = line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    matches!(word.as_str(), "exit" | "q" | "?" | "board")
        || commands().iter().any(|(name, _, _, _)| *name == word)
}

/// Asks a decision until the answer is a legal option; `None` if cancelled.
fn ask_decision(
    console: &mut dyn Console,
    stepper: &TextStepper<'_>,
    decision: &Decision,
    noun: &str,
) -> Option<usize> {
    console.print(&format!("\n{}", stepper.decision(decision)));
    let choices = crate::engine::deciders::distinct_choices(decision).len();
    let lettered = crate::engine::deciders::lettered(decision);
    let prompt = if lettered {
        format!(
            "choice [a-{}, or a number]: ",
            crate::engine::deciders::marker(decision, choices.saturating_sub(1))
        )
    } else {
        format!("choice [1-{choices}]: ")
    };
    loop {
        let answer = match console.ask(&prompt) {
            Answer::Line(line) => line,
            Answer::Cancelled | Answer::End => return None,
        };
        let answer = answer.trim();
        // The option's marker; where options carry numbers, a number is that number.
        if let Some(choice) = crate::engine::deciders::by_marker(decision, answer) {
            return Some(choice);
        }
        // A name, a destiny number, `pass` or yes/no, as in a script.
        match answer_text(decision, answer) {
            Some(choice) => return Some(choice),
            None if is_a_command(answer) => {
                let leave = if console.interactive() {
                    format!(
                        "answer it, or press Ctrl-C to leave the {noun} with the board as it was, then type {answer}"
                    )
                } else {
                    format!(
                        "the script's next line answers it, and its end leaves the {noun} with the board as it was"
                    )
                };
                console.print(&format!(
                    "{answer:?} is a command, not an answer to this decision: {leave}.\n"
                ));
            }
            None => console.print(&format!(
                "{answer:?} is not one of the options: type its {}.\n",
                if lettered {
                    "letter, or a number an option has"
                } else {
                    "number"
                }
            )),
        }
    }
}

/// The help text: every command, or one with its example.
pub fn help(command: Option<&str>, width: usize) -> String {
    match command {
        Some(name) => match commands()
            .into_iter()
            .find(|(known, _, _, _)| known.eq_ignore_ascii_case(name))
        {
            Some((_, usage, what, example)) => format!(
                "{}\n{}\n{}\n",
                render::wrap(usage, width, ""),
                render::wrap(what, width, "  "),
                render::wrap(&format!("example: {example}"), width, "  ")
            ),
            None => format!("there is no command {name:?}; `help` lists them all\n"),
        },
        None => {
            let mut out = String::from("Commands (`help COMMAND` for one in detail):\n");
            for (_, usage, what, _) in commands() {
                let _ = writeln!(out, "{}", render::wrap(usage, width, "  "));
                let _ = writeln!(out, "{}", render::wrap(what, width, "      "));
            }
            out
        }
    }
}

/// A name as typed, without the quotes round it that Tab completion keeps
/// (`"Padmé Naberrie, Handmaiden"`).
fn unquoted(name: &str) -> &str {
    let name = name.trim();
    for quote in ['"', '\''] {
        if let Some(inner) = name
            .strip_prefix(quote)
            .and_then(|rest| rest.strip_suffix(quote))
        {
            return inner.trim();
        }
    }
    name
}

/// The card on the table that a name or `#id` means (the side first narrows it).
fn reference_on(board: &Board, text: &str) -> Result<CardId, String> {
    let text = unquoted(text);
    let numbers = render::board::CardNumbers::of(board);
    if let Some(number) = text.strip_prefix('#') {
        let number: u32 = parse_number(number, "card number")?;
        return match numbers
            .card(number)
            .filter(|id| board.zone_of(*id).is_some())
        {
            Some(id) => Ok(id),
            None => Err(format!(
                "there is no card #{number}: `show` gives each its number"
            )),
        };
    }
    let (side, name) = match text.split_once(' ') {
        Some((first, rest)) if parse_side(first).is_ok() => (parse_side(first).ok(), rest),
        _ => (None, text),
    };
    let candidates: Vec<CardId> = board
        .cards
        .iter()
        .filter(|instance| side.is_none_or(|side| instance.owner == side))
        .map(|instance| instance.id)
        .filter(|id| board.zone_of(*id).is_some())
        .collect();
    let cards: Vec<Card> = candidates
        .iter()
        .filter_map(|id| board.card(*id).cloned())
        .collect();
    let found = find(&cards, name).map_err(lookup_message)?;
    let wanted = found
        .first()
        .map(|card| card.full_name())
        .unwrap_or_default();
    let matching_ids: Vec<CardId> = candidates
        .into_iter()
        .filter(|id| {
            board
                .card(*id)
                .is_some_and(|card| card.full_name() == wanted)
        })
        .collect();
    match matching_ids.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("no card {name:?} is on the table")),
        many => Err(format!(
            "{name:?} could be {}: use its number",
            many.iter()
                .map(|id| format!(
                    "{}({})",
                    numbers.label(*id),
                    board.zone_of(*id).map(Zone::label).unwrap_or_default()
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
