//! The procedures and their registry: each procedure a scenario can walk is one folder here
//! and one line of [`registry!`]; `walk`, `check`, the shell and the scenario format find it
//! by the scenario's game and `action:`.
//!
//! A procedure keeps the contract of [`contract::Procedure`]; the one adapter
//! [`contract::Registered`] makes it a [`Door`], and [`contract::walk`] is the one walk
//! (ARCHITECTURE.md: "How to add a procedure").

pub mod contract;
pub mod odds;
pub mod outcome;
#[cfg(test)]
pub(crate) mod testing;
pub mod walkthrough;

use crate::board::Board;
use crate::engine::deciders::Policy;
use crate::legality::Violation;
use crate::rules::Corpus;
use crate::scenario::{GameName, Problem, ScenarioFile};
use walkthrough::{WalkError, Walkthrough};

/// Finds a card on a table by what the user wrote (a name or `#id`).
pub type FindCard<'a> = &'a dyn Fn(&Board, &str) -> Result<crate::board::CardId, WordsRefused>;

/// Why the shell's words stating a procedure were refused; the board is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordsRefused {
    /// The words are not what the command takes.
    #[error("{0}")]
    Words(String),
    /// A card the words name is not found, or not where the words need it.
    #[error("{0}")]
    Card(String),
}

impl WordsRefused {
    /// A stable code naming the kind of refusal.
    pub fn code(&self) -> &'static str {
        match self {
            WordsRefused::Words(_) => "words-not-understood",
            WordsRefused::Card(_) => "card-not-found",
        }
    }
}

impl From<&str> for WordsRefused {
    fn from(message: &str) -> WordsRefused {
        WordsRefused::Words(message.to_string())
    }
}

impl From<String> for WordsRefused {
    fn from(message: String) -> WordsRefused {
        WordsRefused::Words(message)
    }
}

impl From<crate::game::NotASide> for WordsRefused {
    fn from(error: crate::game::NotASide) -> WordsRefused {
        WordsRefused::Words(error.to_string())
    }
}

/// Declares the procedures, one line each (its folder and its type), in the order
/// `jedi-judge` lists them: the modules and the registry [`DOORS`].
macro_rules! registry {
    ($($folder:ident::$procedure:ident),* $(,)?) => {
        $(pub mod $folder;)*

        /// Every procedure, in the order `jedi-judge` lists them.
        pub static DOORS: &[&dyn Door] = &[$(&contract::Registered::<$folder::$procedure>::NEW),*];
    };
}

registry! {
    duel::DuelProcedure,
    battle::BattleProcedure,
    deploy::DeployProcedure,
    new_location::NewLocationProcedure,
    remedy::RemedyProcedure,
    podrace::PodraceProcedure,
    clash::ClashProcedure,
}

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
    /// Whether `odds` counts its endings (its procedure's [`contract::Procedure::ENDING`]
    /// reads them).
    pub odds: bool,
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

/// Reads the scenario's `assumptions:` against what its action declares: each name must be
/// one of them and each value one of its values.
pub fn read_choices(
    action: &ActionSpec,
    file: &ScenarioFile,
) -> Result<Choices, crate::scenario::Problems> {
    choices_of(action, &file.assumptions)
}

/// Reads choices of named assumptions against what `action` declares.
pub fn choices_of(
    action: &ActionSpec,
    written: &crate::scenario::AssumptionChoices,
) -> Result<Choices, crate::scenario::Problems> {
    let specs = action.assumptions;
    let mut problems = crate::scenario::Problems::new();
    let mut chosen = Vec::new();
    for (name, value) in &written.0.0 {
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

/// Every named assumption of every procedure, with the actions that make it, in registration
/// order.
pub fn assumptions() -> Vec<(&'static AssumptionSpec, Vec<&'static str>)> {
    let mut found: Vec<(&'static AssumptionSpec, Vec<&'static str>)> = Vec::new();
    for (_, action) in actions() {
        for spec in action.assumptions {
            match found
                .iter_mut()
                .find(|(known, _)| known.assumption.name == spec.assumption.name)
            {
                Some((_, actions)) => actions.push(action.name),
                None => found.push((spec, vec![action.name])),
            }
        }
    }
    found
}

/// A procedure as the rest of the program sees it: [`contract::Registered`] is the only
/// implementation.
pub trait Door: Sync {
    /// The game whose scenarios it walks.
    fn game(&self) -> GameName;

    /// The actions it answers, each with its named assumptions.
    fn actions(&self) -> &'static [ActionSpec];

    /// Findings about a Young Jedi position that this procedure's rules give (a procedure
    /// under way, tokens it leaves behind), whatever the scenario's action.
    fn check(&self, board: &Board, corpus: &Corpus) -> Vec<Violation>;

    /// Findings about whether `action` may be taken in the position (a refused evacuation,
    /// with its rule), for `check` of a scenario whose `action:` it is.
    fn check_action(
        &self,
        board: &Board,
        corpus: &Corpus,
        action: &str,
        choices: &Choices,
    ) -> Vec<Violation>;

    /// The shell's words after the action's name, stating the procedure in progress (`duel
    /// under-way …`); `find` finds a card on the table. `None`: it has none.
    fn shell_section(
        &self,
        board: &mut Board,
        corpus: &Corpus,
        action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, WordsRefused>>;

    /// What a scenario replaying a walk should expect of it, for the shell's `save`: its part
    /// of `expect:`.
    fn expectation(&self, walk: &Walkthrough) -> Option<Box<dyn crate::scenario::Part>>;

    /// The sections that state it under way in a scenario.
    fn sections(&self) -> &'static [&'static dyn crate::scenario::PartFormat];

    /// Its part of a scenario's `expect:`.
    fn expect_format(&self) -> &'static dyn crate::scenario::PartFormat;

    /// The kinds of decision it asks.
    fn decisions(&self) -> &'static [&'static crate::engine::DecisionKind];

    /// Walks one of its actions.
    fn walk(&self, request: contract::WalkRequest<'_>) -> Result<Walkthrough, WalkError>;

    /// Whether the odds count the endings of its actions.
    fn counts_endings(&self) -> bool;

    /// The odds of every ending of the procedure from a Young Jedi board ([`odds`]).
    fn odds(
        &self,
        table: &Board,
        request: odds::OddsRequest<'_>,
    ) -> Result<odds::OddsAnswer, odds::OddsRefusal>;

    /// Runs of an action from the board as it stands, each side by its policy and no word
    /// built, the engine started once ([`odds::Simulator`]): what the odds make of each way the
    /// cards fall, and what a benchmark counts as simulated runs.
    fn simulator<'a>(
        &self,
        table: &'a Board,
        corpus: &Corpus,
        action: &'static str,
        choices: &Choices,
        policies: odds::Policies,
    ) -> Result<Box<dyn odds::Simulator + 'a>, odds::OddsRefusal>;

    /// The JSON Schema of its own events, as a step of `walk --format json` gives them.
    fn event_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema;

    /// The JSON Schema of its result, as `walk --format json` gives it.
    fn result_schema(&self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema;
}

/// The scenario format with every procedure's sections, parts of `expect:`, actions and
/// named assumptions: what `scenario` reads, builds, writes and describes through.
pub fn format() -> &'static crate::scenario::Format {
    static FORMAT: std::sync::OnceLock<crate::scenario::Format> = std::sync::OnceLock::new();
    FORMAT.get_or_init(|| {
        crate::scenario::Format::new(
            DOORS
                .iter()
                .flat_map(|door| door.sections().iter().copied())
                .collect(),
            DOORS.iter().map(|door| door.expect_format()).collect(),
            actions()
                .map(|(game, spec)| (spec.name, game_title(game), spec.summary))
                .collect(),
            assumptions().into_iter().map(|(spec, _)| spec).collect(),
            script_keys(),
        )
    })
}

/// Every kind of decision a procedure asks, each once, in registration order: the one table
/// of the decision vocabulary.
pub fn decision_kinds() -> Vec<&'static crate::engine::DecisionKind> {
    let mut kinds: Vec<&'static crate::engine::DecisionKind> = Vec::new();
    for kind in DOORS
        .iter()
        .flat_map(|door| door.decisions().iter().copied())
    {
        if !kinds.iter().any(|known| known.name == kind.name) {
            kinds.push(kind);
        }
    }
    kinds
}

/// Every key of a scenario's `decisions: <side>:`, each once, in the order a file writes them.
pub fn script_keys() -> Vec<&'static crate::engine::decisions::ScriptKey> {
    let mut keys: Vec<&'static crate::engine::decisions::ScriptKey> = Vec::new();
    for kind in decision_kinds() {
        if !keys.iter().any(|known| known.key == kind.script.key) {
            keys.push(kind.script);
        }
    }
    keys
}

/// Reads a scenario text in the format of every registered procedure.
pub fn parse(text: &str) -> Result<ScenarioFile, crate::scenario::Problems> {
    let file = crate::scenario::parse(text, format())?;
    if let Some(policy) = &file.policy
        && let Some(problem) = policy_misfit(game_of(&file), policy.value, "policy: ", policy.span)
    {
        return Err(problem.into());
    }
    Ok(file)
}

/// The named policies that fit a game: those that answer some decision of its procedures
/// their own way ([`Policy::answers`]), in the order `--policy` lists them.
pub fn policies_of(game: GameName) -> Vec<Policy> {
    use clap::ValueEnum as _;
    Policy::value_variants()
        .iter()
        .copied()
        .filter(|policy| {
            DOORS
                .iter()
                .filter(|door| door.game() == game)
                .flat_map(|door| door.decisions().iter())
                .any(|kind| policy.answers(kind.policy))
        })
        .collect()
}

/// A policy named for a scenario of a game it does not fit, which would play there as another
/// policy: the problem, naming it as it was written (`prefix`: `--policy `, `policy: `) and
/// suggesting, written the same way, the policies that fit.
pub fn policy_misfit(
    game: GameName,
    policy: Policy,
    prefix: &str,
    span: Option<crate::board::Span>,
) -> Option<Problem> {
    let fitting = policies_of(game);
    if fitting.contains(&policy) {
        return None;
    }
    let games: Vec<&str> = [GameName::YoungJedi, GameName::Clash]
        .into_iter()
        .filter(|other| policies_of(*other).contains(&policy))
        .map(game_title)
        .collect();
    let names: Vec<String> = fitting.iter().map(|fits| fits.name().to_string()).collect();
    let suggestion = fitting
        .first()
        .map(|first| format!(": `{prefix}{}`", first.name()))
        .unwrap_or_default();
    Some(
        Problem::error(
            "policy-of-another-game",
            format!(
                "`{prefix}{}` is a {} policy, and this is a {} scenario",
                policy.name(),
                games.join(" and "),
                game_title(game)
            ),
            span,
            "here",
        )
        .with_help(format!(
            "a {} scenario is played by {}{suggestion}",
            game_title(game),
            crate::text::or_list(&names)
        )),
    )
}

/// Every finding about a Young Jedi position, in the order of the file: the board's own
/// (`legality`) and what each procedure's rules say of it.
pub fn check_board(board: &Board, corpus: &Corpus) -> Vec<Violation> {
    let mut found = crate::legality::check(board, corpus);
    for door in DOORS {
        found.extend(door.check(board, corpus));
    }
    crate::legality::in_file_order(&mut found);
    found
}

/// The walk of a scenario without an `action:`: its position checked, nothing walked.
pub fn walk_position(
    file: &ScenarioFile,
    corpus: &Corpus,
    catalog: &crate::cards::Catalog,
    rules_override: Option<&crate::rules::Ruleset>,
    policy: Option<crate::engine::deciders::Policy>,
) -> Result<walkthrough::Walkthrough, walkthrough::WalkError> {
    match game_of(file) {
        GameName::YoungJedi => {
            contract::position_only::<Board>(file, corpus, catalog, rules_override, policy)
        }
        GameName::Clash => contract::position_only::<crate::clash::ClashBoard>(
            file,
            corpus,
            catalog,
            rules_override,
            policy,
        ),
    }
}

/// The game a scenario is of: Young Jedi unless it says otherwise.
pub fn game_of(file: &ScenarioFile) -> GameName {
    file.game
        .as_ref()
        .map_or(GameName::YoungJedi, |game| game.value)
}

/// The Young Jedi actions whose endings the odds count, each with its door, in the
/// registry's order.
pub fn counted_actions() -> Vec<(&'static dyn Door, &'static ActionSpec)> {
    DOORS
        .iter()
        .filter(|door| door.game() == GameName::YoungJedi && door.counts_endings())
        .flat_map(|door| door.actions().iter().map(move |spec| (*door, spec)))
        .filter(|(_, spec)| spec.odds)
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_sections_and_parts_of_expect_stand_in_the_order_of_the_registry() {
        let file = parse(
            "new_location: {planet: Naboo}\ndeploy: {card: R2-D2}\n\
             expect:\n  new_location: {}\n  deploy: {}\n",
        )
        .expect("the file reads");
        let keys = |parts: &crate::scenario::Parts| -> Vec<&str> {
            parts.iter().map(|part| part.key()).collect()
        };
        assert_eq!(keys(&file.sections), ["deploy", "new_location"]);
        let expect = file.expect.expect("the file expects");
        assert_eq!(keys(&expect.value.procedures), ["deploy", "new_location"]);
    }

    #[test]
    fn a_kind_of_decision_is_one_kind_wherever_it_is_declared() {
        let all: Vec<&crate::engine::DecisionKind> = DOORS
            .iter()
            .flat_map(|door| door.decisions().iter().copied())
            .collect();
        for kind in &all {
            for other in &all {
                if kind.name == other.name {
                    assert_eq!(kind, other, "two kinds named {}", kind.name);
                }
            }
        }
        assert_eq!(decision_kinds().len(), 23);
    }

    #[test]
    fn kinds_that_share_a_key_of_decisions_share_how_it_is_written() {
        for kind in decision_kinds() {
            for other in decision_kinds() {
                if kind.script.key == other.script.key {
                    assert_eq!(kind.script, other.script, "{}", kind.script.key);
                }
            }
        }
        let keys: Vec<&str> = script_keys().iter().map(|key| key.key).collect();
        assert_eq!(
            keys,
            [
                "character",
                "weapon",
                "defender",
                "substitute",
                "plays",
                "effects",
                "plan",
                "starships",
                "intercept",
                "fetch",
                "discard_effect",
                "effect_card",
                "shuffle_back",
                "next_planet",
                "thrust",
                "lap_cards",
                "refuel"
            ]
        );
    }
}
