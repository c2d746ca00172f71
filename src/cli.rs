//! The command line: parses arguments, runs the command over the core, and returns what to print and the exit code.

use crate::diagnostics::render_diagnostic;
use std::ffi::OsString;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use miette::Diagnostic;
use thiserror::Error;

use crate::cards::filter::CardFilter;
use crate::cards::{CardLookupError, CardRow, Catalog, RowTable, matching};
use crate::render::{self, Format, Palette, WalkFormat};
use crate::rules::{self, Corpus, ItemKind, ListFilter, LookupError, Ruleset};

/// Exit code: success.
pub const EXIT_OK: i32 = 0;
/// Exit code: the position is illegal, or a walkthrough needs a decision the scenario lacks.
pub const EXIT_FAILED: i32 = 1;
/// Exit code: bad usage or unreadable input.
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "jedi-judge",
    version,
    about = "A judge's assistant for the Young Jedi CCG and Clash of the Lightsabers: positions, walkthroughs and cited rulings",
    after_help = ROOT_EXAMPLES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// When to colour text output.
    #[arg(long, value_enum, global = true, default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    Always,
    Never,
}

/// Options every adjudicating or look-up command takes.
#[derive(Args, Debug, Clone)]
pub struct Common {
    #[arg(
        long = "rules-as-of",
        value_name = "DATE|NAME",
        help = rules_as_of_help(""),
        default_value = "latest",
        add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset)
    )]
    pub rules_as_of: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// What every help ends with: examples, then the exit codes.
const ROOT_EXAMPLES: &str = "Examples:
  jedi-judge walk scenarios/duel/revised-example-1-r2-d2-qui-gon-defends.yaml
  jedi-judge check scenarios/check/*.yaml
  jedi-judge repl
  jedi-judge rules show duel.block
  jedi-judge cards show maul student

Each command's --help has more. Exit codes: 0 success; 1 illegal position, refused claim or
missing decision; 2 bad usage or unreadable input.";

/// The help of a ruleset argument: `what`, then what it may be, every named ruleset listed
/// as `rules::NAMED_RULESETS` holds them.
fn ruleset_help(what: &str) -> String {
    let names: Vec<&str> = rules::NAMED_RULESETS
        .iter()
        .map(|(name, _, _)| *name)
        .collect();
    format!(
        "{what}: a date (YYYY-MM-DD) or a ruleset name ({})",
        names.join(", ")
    )
}

/// The help of `--rules-as-of`, with what it overrides (`overriding …`, or nothing).
fn rules_as_of_help(overriding: &str) -> String {
    ruleset_help(&format!("The rules in force{overriding}"))
}

/// The help of `schema`: whose schemas it prints, every one `SchemaOf` names.
fn schema_long_about() -> String {
    use clap::ValueEnum as _;
    let commands: Vec<String> = render::output::SchemaOf::value_variants()
        .iter()
        .filter_map(|of| of.command())
        .map(|command| format!("`{command}`"))
        .collect();
    let others: Vec<String> = render::output::SchemaOf::value_variants()
        .iter()
        .filter(|of| of.command().is_none() && **of != render::output::SchemaOf::Scenario)
        .filter_map(|of| {
            let value = of.to_possible_value()?;
            let help = value
                .get_help()
                .map(|help| help.to_string())
                .unwrap_or_default();
            let mut letters = help.chars();
            let help = match letters.next() {
                Some(first) => format!("{}{}", first.to_lowercase(), letters.as_str()),
                None => help,
            };
            Some(format!("`{}` gives that of {help}", value.get_name()))
        })
        .collect();
    format!(
        "Prints a JSON Schema (draft 7) of the scenario format or of a JSON output.\n\nWithout an argument, the scenario format, for editors; otherwise the JSON that {} print with `--format json` (docs/json.md){}.",
        match commands.as_slice() {
            [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
            _ => commands.join(""),
        },
        others
            .iter()
            .map(|other| format!("; {other}"))
            .collect::<String>()
    )
}

/// What a FILE argument may be.
const SCENARIO_FILE: &str = "A scenario: a YAML file (docs/scenario-format.md) of at most 1 MiB";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The rule corpus: look up, search, list and compare rulesets.
    #[command(
        subcommand,
        after_help = "Examples:
  jedi-judge rules show duel.block
  jedi-judge rules search lightsaber duel
  jedi-judge rules diff 2000-12-01 latest
  jedi-judge rules assumptions"
    )]
    Rules(RulesCommand),
    /// The card catalog and the traits derived from each card.
    #[command(
        subcommand,
        after_help = "Examples:
  jedi-judge cards show maul student
  jedi-judge cards search dark weapon
  jedi-judge cards list --set reflections 'power>=5'
  jedi-judge cards disagreements"
    )]
    Cards(CardsCommand),
    /// Checks that positions are legal.
    ///
    /// Reports every problem at once, underlined in the file, with the rule quoted and the FAQ
    /// remedy. A scenario with an `action:` is walked too, so that its claims are judged as
    /// `walk` judges them.
    #[command(after_help = "Examples:
  jedi-judge check scenarios/check/deck-over-sixty.yaml
  jedi-judge check --format json scenarios/check/*.yaml
  jedi-judge check --rules-as-of 2000-12-01 my-position.yaml

Exit codes: 0 legal; 1 illegal; 2 unreadable.")]
    Check {
        /// Scenarios: YAML files (docs/scenario-format.md) of at most 1 MiB each.
        #[arg(required = true, num_args = 1.., add = clap_complete::engine::ArgValueCompleter::new(scenario_files()))]
        files: Vec<std::path::PathBuf>,
        #[arg(long = "rules-as-of", value_name = "DATE|NAME", help = rules_as_of_help(", overriding each scenario's `rules:`"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        rules_as_of: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Walks through the scenario's `action:` step by step, the rules quoted.
    ///
    /// Each step cites the rules it applies (quoted in full the first time) and names any
    /// assumption it takes; the verdict follows. The scenario's `decisions:` answer what the
    /// players chose, and `--policy` what they leave open. A scenario without an `action:` is
    /// checked as a position. An unknown action lists them all.
    #[command(after_help = "Examples:
  jedi-judge walk scenarios/duel/revised-example-1-r2-d2-qui-gon-defends.yaml
  jedi-judge walk --policy never-block scenarios/duel/hands-empty-tied.yaml
  jedi-judge walk --format markdown scenarios/disputes/duel-block-five-on-four-refused.yaml
  jedi-judge walk --format json --seed 7 scenarios/clash/whole-game-from-a-seed.yaml
  jedi-judge walk --format html scenarios/duel/hands-empty-tied.yaml > ruling.html

Exit codes: 0 done as expected; 1 a decision the scenario does not give, a claim the rules
refuse, or an outcome other than its `expect:`; 2 unreadable input or a missing fact.")]
    Walk {
        #[arg(help = SCENARIO_FILE, add = clap_complete::engine::ArgValueCompleter::new(scenario_files()))]
        file: std::path::PathBuf,
        #[arg(long = "rules-as-of", value_name = "DATE|NAME", help = rules_as_of_help(", overriding the scenario's `rules:`"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        rules_as_of: Option<String>,
        /// Answers the decisions the script leaves open.
        #[arg(long, value_enum)]
        policy: Option<crate::engine::deciders::Policy>,
        /// The seed of shuffles, overriding the scenario's `seed:`.
        #[arg(long)]
        seed: Option<u64>,
        /// Output format. `html` is one self-contained page to share or print: the position
        /// as a table, each step's rules on demand, the rules cited and their sources.
        #[arg(long, value_enum, default_value_t = WalkFormat::Text)]
        format: WalkFormat,
    },
    /// The chance of every ending of a duel, over every way the draw decks can fall.
    ///
    /// The choices made before any card is drawn (who duels, with what, who defends) are the
    /// scenario's `decisions:` where it states them, else each side's best by the odds, the
    /// opponent choosing too; the answer names them. Inside the exchange each side plays by a
    /// policy (`--policy`, `--light`, `--dark`, else the scenario's `policy:`, else
    /// block-when-able). Exact where the distinguishable draws are few enough (fractions and
    /// percentages), else a seeded sample with 95 % intervals, on every core. `--best SIDE`
    /// answers that side's pending decision option by option. The rules the runs applied are
    /// quoted. Ctrl-C stops a long answer and prints what was reached, labelled partial, its
    /// chances as bounds.
    #[command(after_help = "Examples:
  jedi-judge odds scenarios/odds/one-card-each-checked-by-hand.yaml
  jedi-judge odds --best light scenarios/odds/lead-low-to-keep-the-block.yaml
  jedi-judge odds --format json scenarios/odds/full-decks-sampled.yaml
  jedi-judge odds --samples 20000 --light never-block scenarios/duel/hands-empty-tied.yaml

Exit codes: 0 answered (as the scenario's `expect: odds:` says, if it says); 1 not as it
expects; 2 unreadable, or no odds for it; 130 stopped (partial).")]
    Odds {
        #[arg(help = SCENARIO_FILE, add = clap_complete::engine::ArgValueCompleter::new(scenario_files()))]
        file: std::path::PathBuf,
        #[arg(long = "rules-as-of", value_name = "DATE|NAME", help = rules_as_of_help(", overriding the scenario's `rules:`"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        rules_as_of: Option<String>,
        /// The policy both sides play by.
        #[arg(long, value_enum)]
        policy: Option<crate::engine::deciders::Policy>,
        /// The policy of the Light Side, over `--policy`.
        #[arg(long, value_enum)]
        light: Option<crate::engine::deciders::Policy>,
        /// The policy of the Dark Side, over `--policy`.
        #[arg(long, value_enum)]
        dark: Option<crate::engine::deciders::Policy>,
        /// Answer this side's pending decision: each option, then each side's best at its
        /// open choices and the policies in the exchange.
        #[arg(long, value_name = "SIDE", value_parser = parse_side)]
        best: Option<crate::cards::Side>,
        /// Sum every distinguishable draw. Their number is estimated first, and an answer
        /// past 10,000,000 of them (or `--max-cases`) is refused at once, with how long it
        /// would take.
        #[arg(long, conflicts_with = "samples")]
        exact: bool,
        /// With `--exact`: the most distinguishable draws it may sum (1 to 10^15).
        #[arg(long, value_name = "N", requires = "exact", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000_000))]
        max_cases: Option<u64>,
        /// Sample this many random deck orders (1 to 10,000,000) instead.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::procedures::odds::MAX_SAMPLES)))]
        samples: Option<u32>,
        /// The seed of the samples, overriding the scenario's `seed:`.
        #[arg(long)]
        seed: Option<u64>,
        /// How many threads sample (1 to 256; default: one per core). The answer is the same
        /// whatever the number.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The interactive shell: build a position by commands and adjudicate it.
    ///
    /// With tab completion, undo and redo, and `save` to write the position as a scenario.
    /// When input is not a terminal, runs it as a script, one command a line.
    #[command(after_help = "Examples:
  jedi-judge repl
  jedi-judge repl scenarios/duel/hands-empty-tied.yaml
  jedi-judge repl < session.txt

Inside, `help` lists the commands (docs/repl.md).")]
    Repl {
        /// A scenario to start from: a YAML file (docs/scenario-format.md) of at most 1 MiB.
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(scenario_files()))]
        file: Option<std::path::PathBuf>,
        #[arg(long = "rules-as-of", value_name = "DATE|NAME", help = rules_as_of_help(", overriding the file's `rules:`"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        rules_as_of: Option<String>,
        /// Answers decisions by a policy instead of asking.
        #[arg(long, value_enum)]
        policy: Option<crate::engine::deciders::Policy>,
    },
    /// Prints a JSON Schema (draft 7) of the scenario format or of a JSON output.
    #[command(long_about = schema_long_about(), after_help = "Examples:
  jedi-judge schema > jedi-judge-scenario.schema.json
  jedi-judge schema walk
  jedi-judge schema odds")]
    Schema {
        /// Whose schema: the scenario format (the default), or the JSON of a command.
        #[arg(value_enum)]
        of: Option<render::output::SchemaOf>,
    },
    /// Prints a shell completion script.
    ///
    /// The script completes commands and options. For names too (cards, rule ids), register
    /// the dynamic completion instead: `source <(COMPLETE=bash jedi-judge)`.
    #[command(after_help = "Examples:
  jedi-judge completions bash > ~/.local/share/bash-completion/completions/jedi-judge
  source <(COMPLETE=bash jedi-judge)
  jedi-judge completions zsh > ~/.zfunc/_jedi-judge")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Prints a manual page (roff), of the program or of one of its commands.
    #[command(after_help = "Examples:
  jedi-judge man | man -l -
  jedi-judge man walk
  jedi-judge man rules search
  jedi-judge man --dir ~/.local/share/man/man1

`--dir` writes every page, named as `man` finds it: `man jedi-judge-walk` after it.")]
    Man {
        /// The command whose page to print (`walk`, `rules search`, ...); none for the
        /// program's own page.
        command: Vec<String>,
        /// Write every page into this folder instead (it must exist): jedi-judge.1,
        /// jedi-judge-walk.1, jedi-judge-rules-show.1 and so on, each replaced whole.
        #[arg(long, value_name = "DIR", conflicts_with = "command")]
        dir: Option<std::path::PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// Quotes a rule with its document, section and date.
    ///
    /// Also says what it supersedes or is superseded by. ID is a full id
    /// (revised.duel.initiation) or a key (duel.initiation), which gives the item in force
    /// under the ruleset.
    #[command(after_help = "Examples:
  jedi-judge rules show duel.block
  jedi-judge rules show revised.duel.initiation
  jedi-judge rules show --rules-as-of 2000-12-01 duel.initiation")]
    Show {
        /// A full id (revised.duel.initiation) or a key (duel.initiation).
        #[arg(add = clap_complete::engine::ArgValueCompleter::new(complete_rule_id))]
        id: String,
        #[command(flatten)]
        common: Common,
    },
    /// Ranked search of the items in force; the words found are marked.
    #[command(after_help = "Examples:
  jedi-judge rules search lightsaber duel
  jedi-judge rules search --game clash concede
  jedi-judge rules search --all --limit 20 evacuation")]
    Search {
        /// Words to find, in any of their forms (survived finds survivors).
        #[arg(required = true, num_args = 1..)]
        words: Vec<String>,
        /// Search superseded items too.
        #[arg(long)]
        all: bool,
        /// Search the rules of one game only: young-jedi or clash. Without it, both games'
        /// rules are searched, the Young Jedi rules ranked before the Clash rulebook's.
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(rules::GAMES))]
        game: Option<String>,
        /// How many results to show, 1 to 1000.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=1000))]
        limit: u16,
        #[command(flatten)]
        common: Common,
    },
    /// Lists items: what is in force (each text once), or one document's items.
    #[command(after_help = "Examples:
  jedi-judge rules list --topic podrace
  jedi-judge rules list --document faq --kind ruling")]
    List {
        /// A document: sheet, faq, revised, boonta, clash.
        #[arg(long, add = clap_complete::engine::ArgValueCompleter::new(complete_document))]
        document: Option<String>,
        /// A topic such as duel, starships, podrace, clash, corrections.
        #[arg(long, add = clap_complete::engine::ArgValueCompleter::new(complete_topic))]
        topic: Option<String>,
        /// An item kind.
        #[arg(long, value_enum)]
        kind: Option<KindArg>,
        /// Every item, superseded ones and copies included.
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        common: Common,
    },
    /// What changed between two rulesets, old and new text side by side.
    #[command(after_help = "Examples:
  jedi-judge rules diff 2000-12-01 latest
  jedi-judge rules diff rulesheet faq-2000-12-01 --format markdown")]
    Diff {
        #[arg(help = ruleset_help("The older ruleset"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        old: String,
        #[arg(help = ruleset_help("The newer ruleset"), add = clap_complete::engine::ArgValueCompleter::new(complete_ruleset))]
        new: String,
        /// List every item of a newly added document rather than one line for it.
        #[arg(long)]
        expand: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The named rulesets.
    #[command(after_help = "Examples:
  jedi-judge rules rulesets
  jedi-judge rules rulesets --format json")]
    Rulesets {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Every named assumption the procedures make where the sources are silent.
    ///
    /// With its default, the values a scenario may choose under `assumptions:`, and the
    /// actions that make it.
    #[command(after_help = "Examples:
  jedi-judge rules assumptions
  jedi-judge rules assumptions --format markdown")]
    Assumptions {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    Rule,
    Ruling,
    Example,
    Correction,
    CardList,
    Tip,
    Figure,
    FrontMatter,
    Notice,
    Paraphrase,
}

impl From<KindArg> for ItemKind {
    fn from(kind: KindArg) -> ItemKind {
        match kind {
            KindArg::Rule => ItemKind::Rule,
            KindArg::Ruling => ItemKind::Ruling,
            KindArg::Example => ItemKind::Example,
            KindArg::Correction => ItemKind::Correction,
            KindArg::CardList => ItemKind::CardList,
            KindArg::Tip => ItemKind::Tip,
            KindArg::Figure => ItemKind::Figure,
            KindArg::FrontMatter => ItemKind::FrontMatter,
            KindArg::Notice => ItemKind::Notice,
            KindArg::Paraphrase => ItemKind::Paraphrase,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum CardsCommand {
    /// Shows a card: its facts with their sources, and traits derived by rule.
    ///
    /// Also its corrections and printings. The name is forgiving: "maul student" finds Darth
    /// Maul, Student of the Dark Side; `Name (Set)` asks for one printing.
    #[command(after_help = "Examples:
  jedi-judge cards show maul student
  jedi-judge cards show 'Naboo Starfighter (The Jedi Council)'
  jedi-judge cards show --format json qui-gon mentor")]
    Show {
        /// The card's name, or words of it.
        #[arg(
            required = true,
            num_args = 1..,
            add = clap_complete::engine::ArgValueCompleter::new(complete_card_name)
        )]
        name: Vec<String>,
        #[command(flatten)]
        common: Common,
    },
    /// Lists the cards whose name, type or side holds every word, best matches first.
    ///
    /// Cards whose title and subtitle hold the words come first; `--notes` reads the notes
    /// too. A word such as `power>=5` or
    /// `destiny=6` compares a printed number instead (quote it in the shell: `>` redirects).
    /// With no words, it lists the cards the filters keep.
    #[command(after_help = "Examples:
  jedi-judge cards search dark weapon
  jedi-judge cards search jedi 'power>=5'
  jedi-judge cards search --notes reflections placeholder
  jedi-judge cards search --trait 'podracer pilot'")]
    Search {
        /// Words of the name, type or side, and comparisons of printed numbers.
        words: Vec<String>,
        /// Search the cards' notes too (what the sources say of a card, corrections, reprints).
        #[arg(long)]
        notes: bool,
        #[command(flatten)]
        filter: FilterArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Lists the catalog: every card, or those the filters keep.
    ///
    /// COMPARISONS compare printed numbers: `power>=5`, `damage<3`, `destiny=6`, `deploy!=0`
    /// (quote them in the shell: `>` and `<` redirect).
    #[command(after_help = "Examples:
  jedi-judge cards list --set reflections
  jedi-judge cards list --side dark --type weapon
  jedi-judge cards list 'power>=5' 'damage<3'")]
    List {
        /// Comparisons of printed numbers: power, damage, destiny, deploy with =, !=, <, <=,
        /// >, >=.
        comparisons: Vec<String>,
        #[command(flatten)]
        filter: FilterArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Lists every fact on which the card sources disagree.
    ///
    /// With the reading the catalog took and why. `--format markdown` writes the report
    /// docs/card-data.md holds.
    #[command(after_help = "Examples:
  jedi-judge cards disagreements
  jedi-judge cards disagreements --format markdown > card-data.md")]
    Disagreements {
        #[command(flatten)]
        common: Common,
    },
}

/// What narrows `cards list` and `cards search`.
#[derive(Args, Debug)]
pub struct FilterArgs {
    /// Cards printed in a set (words of its name: `reflections`, `boonta`, `jedi council`);
    /// the list shows each card's printing in that set.
    #[arg(long)]
    pub set: Option<String>,
    /// The cards of one game: young-jedi or clash.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(rules::GAMES))]
    pub game: Option<String>,
    /// `light` or `dark`.
    #[arg(long)]
    pub side: Option<String>,
    /// A card type: character, weapon, battle, effect, location, starship, objective; power or
    /// special (Clash of the Lightsabers).
    #[arg(long = "type")]
    pub card_type: Option<String>,
    /// A trait, derived by rule: jedi, podracer pilot, dueling character, lightsaber, ...
    #[arg(long = "trait")]
    pub with_trait: Option<String>,
    /// How far the printed text is applied: modelled, partial, flavour, unknown (no source
    /// gives it), or unread (the card text files do not record it yet).
    #[arg(long, value_name = "STATUS", value_parser = status_parser())]
    pub status: Option<crate::cards::card_text::StatusKind>,
    /// What the list is sorted by. `cards list` sorts by set (in the order the sets were
    /// printed, then by collector number); `cards search` keeps the best matches first.
    #[arg(long, value_name = "COLUMN", value_parser = sort_key_parser())]
    pub sort: Option<crate::cards::filter::SortKey>,
}

/// `--sort`: a column's name, read as the key the catalog sorts by.
fn sort_key_parser() -> impl clap::builder::TypedValueParser<Value = crate::cards::filter::SortKey>
{
    use crate::cards::filter::SortKey;
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(SortKey::NAMED.map(|(name, _)| name))
        .map(|name: String| SortKey::named(&name).unwrap_or(SortKey::Set))
}

/// `--status`: a text status by its word.
fn status_parser()
-> impl clap::builder::TypedValueParser<Value = crate::cards::card_text::StatusKind> {
    use crate::cards::card_text::StatusKind;
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(StatusKind::ALL.map(StatusKind::word))
        .map(|word: String| StatusKind::named(&word).unwrap_or(StatusKind::Unread))
}

impl FilterArgs {
    /// The filter these options and the comparisons among `words` give, and the words left.
    fn read(&self, words: &[String]) -> Result<(CardFilter, Vec<String>), CliError> {
        let bad = |message: String| CliError::BadFilter { message };
        if let Some(set) = &self.set
            && set.chars().nth(matching::MAX_NAME_CHARS).is_some()
        {
            return Err(bad(format!(
                "{} is longer than any set's name ({} characters at most)",
                crate::text::quoted(set),
                matching::MAX_NAME_CHARS
            )));
        }
        let mut filter = CardFilter {
            set: self.set.clone(),
            game: self.game.as_deref().and_then(crate::cards::Game::named),
            status: self.status,
            ..CardFilter::default()
        };
        if let Some(side) = &self.side {
            filter.side =
                Some(crate::cards::Side::from_word(side).map_err(|error| bad(error.to_string()))?);
        }
        if let Some(kind) = &self.card_type {
            filter.card_type =
                Some(crate::cards::filter::parse_type(kind).map_err(|e| bad(e.to_string()))?);
        }
        if let Some(kind) = &self.with_trait {
            filter.with_trait =
                Some(crate::cards::filter::parse_trait(kind).map_err(|e| bad(e.to_string()))?);
        }
        let mut rest = Vec::new();
        for word in words {
            match crate::cards::filter::Condition::parse(word) {
                Some(condition) => filter
                    .conditions
                    .push(condition.map_err(|e| bad(e.to_string()))?),
                None => rest.push(word.clone()),
            }
        }
        Ok((filter, rest))
    }
}

/// A user-facing error of the command line.
#[derive(Debug, Error, Diagnostic)]
pub enum CliError {
    #[error("there is no command `{given}`")]
    #[diagnostic(code(jedi_judge::no_such_command), help("its commands are: {known}"))]
    NoSuchCommand { given: String, known: String },
    #[error("the manual page could not be written: {message}")]
    #[diagnostic(code(jedi_judge::manual_page))]
    ManualPage { message: String },
    #[error(transparent)]
    #[diagnostic(code(jedi_judge::ruleset), help("a ruleset is a date YYYY-MM-DD or one of: {}", rules::NAMED_RULESETS.iter().map(|(n, _, _)| *n).collect::<Vec<_>>().join(", ")))]
    Ruleset(#[from] rules::RulesetError),
    #[error("the corpus has no rule {given:?}")]
    #[diagnostic(code(jedi_judge::unknown_rule), help("{hint}"))]
    UnknownRule { given: String, hint: String },
    #[error("{message}")]
    #[diagnostic(
        code(jedi_judge::bad_filter),
        help("see `jedi-judge cards list --help`")
    )]
    BadFilter { message: String },
    #[error("no card is named {given:?}")]
    #[diagnostic(code(jedi_judge::unknown_card), help("{hint}"))]
    UnknownCard { given: String, hint: String },
    #[error("{given:?} could be any of {count} cards")]
    #[diagnostic(
        code(jedi_judge::ambiguous_card),
        help("be more specific; the candidates are:\n{candidates}")
    )]
    AmbiguousCard {
        given: String,
        count: usize,
        candidates: String,
    },
    #[error(transparent)]
    #[diagnostic(code(jedi_judge::list))]
    List(#[from] rules::ListError),
    #[error(
        "`--policy {given}` is no Young Jedi policy, and the shell builds Young Jedi positions"
    )]
    #[diagnostic(code(jedi_judge::policy_of_another_game), help("{hint}"))]
    ShellPolicy { given: String, hint: String },
}

impl CliError {
    fn from_lookup(error: LookupError) -> CliError {
        match error {
            LookupError::Unknown { given, suggestions } => CliError::UnknownRule {
                given: crate::text::quoted(&given),
                hint: if suggestions.is_empty() {
                    "search the corpus with `jedi-judge rules search WORDS`".to_string()
                } else {
                    format!("did you mean {}?", suggestions.join(", "))
                },
            },
        }
    }

    fn from_card_lookup(error: CardLookupError) -> CliError {
        match error {
            CardLookupError::Unknown { given, suggestions } => CliError::UnknownCard {
                given: crate::text::quoted(&given),
                hint: if suggestions.is_empty() {
                    "list cards with `jedi-judge cards search WORDS`".to_string()
                } else {
                    format!("did you mean {}?", suggestions.join("; "))
                },
            },
            CardLookupError::Ambiguous { given, candidates }
            | CardLookupError::Versions {
                given,
                versions: candidates,
            } => CliError::AmbiguousCard {
                given: crate::text::quoted(&given),
                count: candidates.len(),
                candidates: candidates
                    .iter()
                    .map(|name| format!("  {name}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            },
        }
    }
}

/// What a command printed and its exit code.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    /// An exit code, its output written already.
    fn with_code(code: i32) -> Outcome {
        Outcome {
            code,
            ..Outcome::default()
        }
    }
}

/// Parses the arguments and runs the command. `palette_for` decides colour from `--color`.
pub fn execute<I, T>(args: I, palette_for: impl Fn(ColorWhen) -> Palette) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut stdout = Vec::new();
    let outcome = execute_into(args, palette_for, &mut stdout);
    Outcome {
        stdout: String::from_utf8(stdout)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
        ..outcome
    }
}

/// [`execute`], its standard output written to `out` as it is made (the JSON of a walk is
/// not held whole): the outcome's `stdout` is empty. An output that cannot be written (a
/// closed pipe: `jedi-judge walk … | head`) ends the writing, and is not an error.
pub fn execute_into<I, T>(
    args: I,
    palette_for: impl Fn(ColorWhen) -> Palette,
    out: &mut dyn std::io::Write,
) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = Cli::try_parse_from(args);
    // Whether the program colours its text: its own colour sequences are then kept, and every
    // other control character is written out at the edge.
    let colours = parsed
        .as_ref()
        .is_ok_and(|cli| palette_for(cli.color).enabled);
    let mut edge = OutputEdge::new(out, colours);
    let mut outcome = execute_command(parsed, palette_for, &mut edge);
    let stdout = std::mem::take(&mut outcome.stdout);
    let _ = std::io::Write::write_all(&mut edge, stdout.as_bytes());
    let _ = std::io::Write::flush(&mut edge);
    outcome.stderr = crate::text::escaped_output(&outcome.stderr, colours).into_owned();
    outcome
}

/// The last writer before the terminal or a file: what passes through it has every control
/// character but the line break and the tab written out (`crate::text::escaped_output`),
/// whichever text it came from, a user's file names and card names included. It holds back a
/// character cut between two writes, and a colour sequence not yet whole.
struct OutputEdge<'a> {
    inner: &'a mut dyn std::io::Write,
    colours: bool,
    pending: Vec<u8>,
}

impl<'a> OutputEdge<'a> {
    fn new(inner: &'a mut dyn std::io::Write, colours: bool) -> OutputEdge<'a> {
        OutputEdge {
            inner,
            colours,
            pending: Vec::new(),
        }
    }

    /// Writes what is whole of the pending bytes, escaped; `all` writes the rest too.
    fn drain(&mut self, all: bool) -> std::io::Result<()> {
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(error) if error.error_len().is_none() && !all => error.valid_up_to(),
            Err(_) => {
                // Bytes that are no text: written as text would show them.
                let text = String::from_utf8_lossy(&self.pending).into_owned();
                self.pending.clear();
                return self
                    .inner
                    .write_all(crate::text::escaped_output(&text, self.colours).as_bytes());
            }
        };
        let text =
            std::str::from_utf8(self.pending.get(..whole).unwrap_or_default()).unwrap_or_default();
        let mut cut = text.len();
        // A colour sequence cut by the end of this write waits for the rest.
        if self.colours
            && !all
            && let Some(at) = text.rfind('\u{1b}')
            && text.len() - at < 32
            && crate::text::colour_sequence_length(text.get(at..).unwrap_or_default()) == 0
        {
            cut = at;
        }
        let written =
            crate::text::escaped_output(text.get(..cut).unwrap_or_default(), self.colours);
        self.inner.write_all(written.as_bytes())?;
        self.pending.drain(..cut);
        Ok(())
    }
}

/// How many of the bytes are whole UTF-8 characters: all of them but a character cut by
/// their end.
fn whole_characters(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let at = bytes.len() - back;
        let byte = bytes[at];
        if byte >= 0xc0 {
            let length = if byte >= 0xf0 {
                4
            } else if byte >= 0xe0 {
                3
            } else {
                2
            };
            return if back < length { at } else { bytes.len() };
        }
        if byte < 0x80 {
            return bytes.len();
        }
    }
    bytes.len()
}

/// Whether bytes of whole characters hold nothing the edge writes out
/// ([`crate::text::is_written_out`]): such bytes go out as they are.
fn clean_bytes(bytes: &[u8]) -> bool {
    // A byte that may start something to write out (a C0 control but the line break and the
    // tab, DEL, a C1 character's first byte), looked for a block at a time without stopping at
    // each byte (the compiler makes it a vector loop); most text has none.
    let suspect = |byte: u8| {
        (byte < 0x20 && byte != b'\n' && byte != b'\t') | (byte == 0x7f) | (byte == 0xc2)
    };
    if !bytes.chunks(256).any(|block| {
        block
            .iter()
            .fold(false, |found, &byte| found | suspect(byte))
    }) {
        return true;
    }
    std::str::from_utf8(bytes).is_ok_and(|text| !text.chars().any(crate::text::is_written_out))
}

impl std::io::Write for OutputEdge<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // Most of what is written (a walk's JSON, a rendered walkthrough) holds nothing to
        // write out: it passes straight through.
        if self.pending.is_empty() {
            let whole = whole_characters(buf);
            if let (Some(head), Some(tail)) = (buf.get(..whole), buf.get(whole..))
                && clean_bytes(head)
            {
                self.inner.write_all(head)?;
                // A character cut by the end of this write waits for the rest.
                self.pending.extend_from_slice(tail);
                return Ok(buf.len());
            }
        }
        self.pending.extend_from_slice(buf);
        self.drain(false)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.drain(true)?;
        self.inner.flush()
    }
}

/// [`execute_into`] of the arguments as parsed, but for what the command gives as text
/// rather than writing it.
fn execute_command(
    parsed: Result<Cli, clap::Error>,
    palette_for: impl Fn(ColorWhen) -> Palette,
    out: &mut dyn std::io::Write,
) -> Outcome {
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_OK
            };
            let text = error.render().to_string();
            return if error.use_stderr() {
                Outcome {
                    code,
                    stdout: String::new(),
                    stderr: text,
                }
            } else {
                Outcome {
                    code,
                    stdout: text,
                    stderr: String::new(),
                }
            };
        }
    };
    let palette = palette_for(cli.color);
    if let Command::Check {
        files,
        rules_as_of,
        format,
    } = &cli.command
    {
        return match run_check(files, rules_as_of.as_deref(), *format, palette) {
            Ok((code, stdout)) => Outcome {
                code,
                stdout,
                stderr: String::new(),
            },
            Err(error) => Outcome {
                code: EXIT_USAGE,
                stdout: String::new(),
                stderr: render_diagnostic(&error, palette),
            },
        };
    }
    if let Command::Repl {
        file,
        rules_as_of,
        policy,
    } = &cli.command
    {
        return run_repl(file.as_deref(), rules_as_of.as_deref(), *policy, palette);
    }
    if let Command::Walk {
        file,
        rules_as_of,
        policy,
        seed,
        format,
    } = &cli.command
    {
        return run_walk(
            file,
            rules_as_of.as_deref(),
            *policy,
            *seed,
            *format,
            palette,
            out,
        );
    }
    if let Command::Odds {
        file,
        rules_as_of,
        policy,
        light,
        dark,
        best,
        exact,
        max_cases,
        samples,
        seed,
        threads,
        format,
    } = &cli.command
    {
        let method = match (exact, samples) {
            (true, _) => Some(crate::procedures::odds::Method::Exact),
            (false, Some(samples)) => Some(crate::procedures::odds::Method::Sampled(*samples)),
            (false, None) => None,
        };
        let ask = crate::odds::OddsAsk {
            rules_override: None,
            policy: *policy,
            light: *light,
            dark: *dark,
            method,
            max_cases: *max_cases,
            best: *best,
            seed: *seed,
            with_words: false,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.map_or(0, usize::from))
            .build();
        return match pool {
            Ok(pool) => {
                pool.install(|| run_odds(file, rules_as_of.as_deref(), ask, *format, palette))
            }
            // No pool of one's own: the global one, as many threads as cores.
            Err(_) => run_odds(file, rules_as_of.as_deref(), ask, *format, palette),
        };
    }
    match run(cli.command, palette) {
        Ok(stdout) => Outcome {
            code: EXIT_OK,
            stdout,
            stderr: String::new(),
        },
        Err(error) => Outcome {
            code: EXIT_USAGE,
            stdout: String::new(),
            stderr: render_diagnostic(&error, palette),
        },
    }
}

fn ruleset(common: &Common) -> Result<Ruleset, CliError> {
    Ok(Ruleset::parse(&common.rules_as_of)?)
}

fn run_check(
    files: &[std::path::PathBuf],
    rules_as_of: Option<&str>,
    format: Format,
    palette: Palette,
) -> Result<(i32, String), CliError> {
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let rules_override = rules_as_of.map(Ruleset::parse).transpose()?;
    let mut out = String::new();
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let report = match crate::files::read_scenario(path) {
            Ok(text) => {
                crate::check::check_text(&name, &text, corpus, catalog, rules_override.as_ref())
            }
            Err(message) => crate::check::FileReport::unreadable(&name, message),
        };
        code = code.max(report.verdict.exit_code());
        reports.push(report);
    }
    match format {
        Format::Json => {
            out = render::json(&render::output::CheckOutput {
                format: Default::default(),
                version: render::output::VERSION,
                files: reports.iter().map(|report| report.output(corpus)).collect(),
            });
        }
        Format::Text | Format::Markdown => {
            // Markdown: the diagnostics as a preformatted block, their layout kept.
            let palette = if format == Format::Markdown {
                out.push_str("```text\n");
                Palette::plain()
            } else {
                palette
            };
            for report in &reports {
                for diagnostic in report.diagnostics(corpus) {
                    out.push_str(&render_diagnostic(&diagnostic, palette));
                    out.push('\n');
                }
                let (errors, warnings) = report.counts();
                let verdict = match report.verdict {
                    crate::check::FileVerdict::Legal => "legal",
                    crate::check::FileVerdict::Illegal => "illegal",
                    crate::check::FileVerdict::Unreadable => "unreadable",
                };
                let mut counts = Vec::new();
                if errors > 0 {
                    counts.push(format!(
                        "{} error{}",
                        render::thousands(errors),
                        if errors == 1 { "" } else { "s" }
                    ));
                }
                if warnings > 0 {
                    counts.push(format!(
                        "{} warning{}",
                        render::thousands(warnings),
                        if warnings == 1 { "" } else { "s" }
                    ));
                }
                let mut said = verdict.to_string();
                if !counts.is_empty() {
                    said.push_str(&format!(" ({})", counts.join(", ")));
                }
                // A file name too long for the line keeps the verdict whole on the next.
                let summary = format!("{}: {said}", report.file);
                let summary = if render::visible_width(&summary) > palette.width {
                    format!("{}:\n  {said}", report.file)
                } else {
                    summary
                };
                let summary = if report.verdict == crate::check::FileVerdict::Legal {
                    palette.good(&summary)
                } else {
                    palette.bad(&summary)
                };
                out.push_str(&format!("{summary}\n"));
            }
            if format == Format::Markdown {
                out.push_str("```\n");
            }
        }
    }
    Ok((code, out))
}

fn run_walk(
    path: &std::path::Path,
    rules_as_of: Option<&str>,
    policy: Option<crate::engine::deciders::Policy>,
    seed: Option<u64>,
    format: WalkFormat,
    palette: Palette,
    out: &mut dyn std::io::Write,
) -> Outcome {
    let usage = |error: CliError| Outcome {
        code: EXIT_USAGE,
        stdout: String::new(),
        stderr: render_diagnostic(&error, palette),
    };
    let rules_override = match rules_as_of.map(Ruleset::parse).transpose() {
        Ok(rules) => rules,
        Err(error) => return usage(error.into()),
    };
    let name = path.display().to_string();
    let text = match crate::files::read_scenario(path) {
        Ok(text) => text,
        Err(message) => {
            let report = crate::check::FileReport::unreadable(&name, message);
            let corpus = Corpus::embedded();
            let stderr = report
                .diagnostics(corpus)
                .iter()
                .map(|d| render_diagnostic(d, palette))
                .collect::<Vec<_>>()
                .join("\n");
            return Outcome {
                code: EXIT_USAGE,
                stdout: String::new(),
                stderr,
            };
        }
    };
    let corpus = Corpus::embedded();
    match crate::walk::walk_text_seeded(
        &text,
        corpus,
        Catalog::embedded(),
        rules_override.as_ref(),
        policy,
        seed,
        None,
    ) {
        Ok(walk) => {
            let code = walk.exit_code();
            match format.common() {
                Some(format) => match render::walk::write(out, &walk, corpus, format, palette) {
                    // A closed pipe ends the writing; it is not an error.
                    Err(error) if error.is_io() => Outcome::with_code(code),
                    Err(error) => Outcome {
                        code: EXIT_USAGE,
                        stdout: String::new(),
                        stderr: format!("error: the walkthrough could not be written: {error}\n"),
                    },
                    Ok(()) => Outcome::with_code(code),
                },
                None => Outcome {
                    code,
                    stdout: render::walk::html_page(&walk, corpus),
                    stderr: String::new(),
                },
            }
        }
        Err(crate::walk::WalkError::Input(problems)) => {
            let source = crate::diagnostics::SourceFile::new(&name, &text);
            let stderr = crate::diagnostics::from_problems(&problems, problems.omitted(), &source)
                .iter()
                .map(|diagnostic| render_diagnostic(diagnostic, palette))
                .collect::<Vec<_>>()
                .join("\n");
            Outcome {
                code: EXIT_USAGE,
                stdout: String::new(),
                stderr,
            }
        }
    }
}

/// A side as `--best` takes it.
fn parse_side(text: &str) -> Result<crate::cards::Side, String> {
    crate::cards::Side::from_word(text).map_err(|error| error.to_string())
}

/// Exit code of an odds answer stopped by Ctrl-C (as a shell reports an interrupt).
pub const EXIT_INTERRUPTED: i32 = 130;

/// Set by Ctrl-C while an odds answer runs: it stops at its next report of progress.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A progress bar on stderr for an answer that runs more than a second, and Ctrl-C to stop
/// it: the callback the odds report to.
fn odds_progress() -> impl FnMut(crate::procedures::odds::Progress) -> crate::procedures::odds::Flow
{
    use std::sync::atomic::Ordering;
    INTERRUPTED.store(false, Ordering::SeqCst);
    // A second handler cannot be set (the shell asks twice): the first one still sets the flag.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let started = std::time::Instant::now();
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
    let mut shown = false;
    move |progress| {
        if !shown && started.elapsed() > std::time::Duration::from_secs(1) {
            shown = true;
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} odds: {runs} runs of about {expected} ({rate}, {eta} left); Ctrl-C stops with what is reached",
                )
                .map(|style| {
                    // Whole numbers with separators: `41,841 runs a second`.
                    style
                        .with_key("runs", move |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                            let _ = write!(out, "{}", whole_number(state.pos() as f64));
                        })
                        .with_key("expected", move |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                            let _ = write!(out, "{}", whole_number(state.len().unwrap_or(0) as f64));
                        })
                        .with_key("rate", move |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                            let _ = write!(out, "{} runs a second", whole_number(state.per_sec()));
                        })
                })
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
        }
        if let Some(expected) = progress.expected {
            bar.set_length(expected.max(progress.runs));
        }
        bar.set_position(progress.runs);
        if INTERRUPTED.load(Ordering::SeqCst) {
            bar.finish_and_clear();
            return crate::procedures::odds::Flow::Stop;
        }
        crate::procedures::odds::Flow::Go
    }
}

/// How many sampled runs measure the rate that sizes a refused exact answer in time.
const RATE_SAMPLES: u32 = 2_048;

/// How long summing `cases` distinguishable draws would take, at the rate runs are made here,
/// measured by a short sample of the same position on one thread, as an exact answer runs: `At the 41,841 runs a second measured
/// here, that is about 3 days.` (nothing where the sample cannot be taken).
fn measured_time(text: &str, corpus: &Corpus, ask: &crate::odds::OddsAsk, cases: u64) -> String {
    let sampling = crate::odds::OddsAsk {
        method: Some(crate::procedures::odds::Method::Sampled(RATE_SAMPLES)),
        ..ask.clone()
    };
    // An exact answer runs on one thread: so does the sample that measures its rate.
    let measure = || {
        let started = std::time::Instant::now();
        let answered =
            crate::odds::odds_text(text, corpus, Catalog::embedded(), &sampling, &mut |_| {
                crate::procedures::odds::Flow::Go
            });
        (answered, started.elapsed().as_secs_f64())
    };
    let (answered, seconds) = match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(measure),
        Err(_) => measure(),
    };
    let Ok(report) = answered else {
        return String::new();
    };
    if seconds <= 0.0 || report.answer.runs == 0 {
        return String::new();
    }
    let rate = report.answer.runs as f64 / seconds;
    format!(
        "At the {} runs a second measured here, that is about {}.",
        whole_number(rate),
        duration_words(cases as f64 / rate)
    )
}

/// A length of time in the unit that reads best: `40 seconds`, `12 minutes`, `5 hours`,
/// `3 days`, `2 years`.
fn duration_words(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (1.0, "second"),
        (60.0, "minute"),
        (3_600.0, "hour"),
        (86_400.0, "day"),
        (31_557_600.0, "year"),
    ];
    let (size, unit) = UNITS
        .iter()
        .rev()
        .find(|(size, _)| seconds >= size * 1.5)
        .copied()
        .unwrap_or(UNITS[0]);
    let count = (seconds / size).round().max(1.0);
    format!(
        "{} {unit}{}",
        whole_number(count),
        if count == 1.0 { "" } else { "s" }
    )
}

/// A count or a rate as a whole number with separators (`41,841`): what a progress line
/// shows; 0 for a rate not yet measured.
fn whole_number(number: f64) -> String {
    crate::text::thousands(if number.is_finite() && number > 0.0 {
        number.round() as usize
    } else {
        0
    })
}

fn run_odds(
    path: &std::path::Path,
    rules_as_of: Option<&str>,
    mut ask: crate::odds::OddsAsk,
    format: Format,
    palette: Palette,
) -> Outcome {
    let usage = |stderr: String| Outcome {
        code: EXIT_USAGE,
        stdout: String::new(),
        stderr,
    };
    match rules_as_of.map(Ruleset::parse).transpose() {
        Ok(rules) => ask.rules_override = rules,
        Err(error) => return usage(render_diagnostic(&CliError::from(error), palette)),
    }
    let name = path.display().to_string();
    let corpus = Corpus::embedded();
    let text = match crate::files::read_scenario(path) {
        Ok(text) => text,
        Err(message) => {
            let report = crate::check::FileReport::unreadable(&name, message);
            return usage(
                report
                    .diagnostics(corpus)
                    .iter()
                    .map(|d| render_diagnostic(d, palette))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
    };
    let mut progress = odds_progress();
    match crate::odds::odds_text(&text, corpus, Catalog::embedded(), &ask, &mut progress) {
        Ok(report) => Outcome {
            code: if report.answer.partial {
                EXIT_INTERRUPTED
            } else if report.unmet.is_empty() {
                EXIT_OK
            } else {
                EXIT_FAILED
            },
            stdout: render::odds::render(&report, corpus, format, palette),
            stderr: String::new(),
        },
        Err(crate::odds::OddsError::Input(problems)) => {
            let source = crate::diagnostics::SourceFile::new(&name, &text);
            usage(
                crate::diagnostics::from_problems(&problems, problems.omitted(), &source)
                    .iter()
                    .map(|diagnostic| render_diagnostic(diagnostic, palette))
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        }
        Err(crate::odds::OddsError::Refused(refusal)) => {
            let how_long = match &refusal {
                crate::procedures::odds::OddsRefusal::ExactTooLarge { estimate, .. } => {
                    measured_time(&text, corpus, &ask, *estimate)
                }
                _ => String::new(),
            };
            let how_long = if how_long.is_empty() {
                how_long
            } else {
                format!(". {how_long}")
            };
            let said = format!("{refusal}{how_long}");
            // A refusal the scenario states (`expect: odds: refused:`) is its answer.
            let Some(unmet) = crate::odds::refusal_unmet(&text, &refusal) else {
                let mut outcome = usage(format!("{}: no odds: {said}\n", name));
                if format == Format::Json {
                    outcome.stdout = render::odds::refused(&name, &refusal, &said, &[]);
                }
                return outcome;
            };
            let stdout = match format {
                Format::Json => render::odds::refused(&name, &refusal, &said, &unmet),
                Format::Text | Format::Markdown => {
                    let mut out = format!("{name}: no odds: {said}\n");
                    if unmet.is_empty() {
                        out.push_str(&format!(
                            "The scenario expects this refusal (`expect: odds: refused: {}`).\n",
                            refusal.code()
                        ));
                    } else {
                        out.push_str("\nThe scenario expected otherwise:\n");
                        for line in &unmet {
                            out.push_str(&format!("  {line}\n"));
                        }
                    }
                    out
                }
            };
            Outcome {
                code: if unmet.is_empty() {
                    EXIT_OK
                } else {
                    EXIT_FAILED
                },
                stdout,
                stderr: String::new(),
            }
        }
    }
}

fn run_repl(
    path: Option<&std::path::Path>,
    rules_as_of: Option<&str>,
    policy: Option<crate::engine::deciders::Policy>,
    palette: Palette,
) -> Outcome {
    let usage = |stderr: String| Outcome {
        code: EXIT_USAGE,
        stdout: String::new(),
        stderr,
    };
    let ruleset = match rules_as_of.map(Ruleset::parse).transpose() {
        Ok(ruleset) => ruleset,
        Err(error) => return usage(render_diagnostic(&CliError::from(error), palette)),
    };
    let young_jedi = crate::procedures::policies_of(crate::scenario::GameName::YoungJedi);
    if let Some(given) = policy.filter(|given| !young_jedi.contains(given)) {
        let names: Vec<String> = young_jedi
            .iter()
            .map(|fits| fits.name().to_string())
            .collect();
        let hint = format!(
            "the shell plays by {}: `--policy {}`",
            crate::text::or_list(&names),
            names.first().map(String::as_str).unwrap_or_default()
        );
        return usage(render_diagnostic(
            &CliError::ShellPolicy {
                given: given.name().to_string(),
                hint,
            },
            palette,
        ));
    }
    let board = match path {
        Some(path) => {
            let name = path.display().to_string();
            let text = match crate::files::read_scenario(path) {
                Ok(text) => text,
                Err(message) => return usage(format!("{message}\n")),
            };
            let report = crate::check::check_text(
                &name,
                &text,
                Corpus::embedded(),
                Catalog::embedded(),
                ruleset.as_ref(),
            );
            match report.board {
                Some(board) if report.verdict != crate::check::FileVerdict::Unreadable => board,
                _ => {
                    let stderr = report
                        .diagnostics(Corpus::embedded())
                        .iter()
                        .map(|d| render_diagnostic(d, palette))
                        .collect::<Vec<_>>()
                        .join("\n");
                    return usage(stderr);
                }
            }
        }
        None => crate::board::Board::new(ruleset.unwrap_or_default(), 0),
    };
    let code = crate::shell::terminal::run(board, path, policy, palette);
    Outcome {
        code,
        stdout: String::new(),
        stderr: String::new(),
    }
}

/// Answers a shell's request for completions when it runs the program with `COMPLETE` set
/// (`source <(COMPLETE=bash jedi-judge)` registers it), and exits; otherwise returns.
pub fn complete_from_environment() {
    clap_complete::CompleteEnv::with_factory(Cli::command).complete();
}

/// How many candidates a Tab offers at most.
const MOST_COMPLETIONS: usize = 50;

/// Card names of either game that the word being typed could complete to.
fn complete_card_name(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let Some(fragment) = current.to_str() else {
        return Vec::new();
    };
    let names = Catalog::embedded().names_to_complete(None);
    matching::names_completing(names.iter().map(String::as_str), fragment)
        .into_iter()
        .take(MOST_COMPLETIONS)
        .map(clap_complete::CompletionCandidate::new)
        .collect()
}

/// Ruleset names that start with the word being typed, each with what it is.
fn complete_ruleset(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let Some(fragment) = current.to_str() else {
        return Vec::new();
    };
    rules::NAMED_RULESETS
        .iter()
        .filter(|(name, _, _)| name.starts_with(fragment))
        .map(|(name, _, about)| {
            clap_complete::CompletionCandidate::new(*name).help(Some((*about).into()))
        })
        .collect()
}

/// Scenario files: the YAML files and the folders below the word being typed.
fn scenario_files() -> clap_complete::engine::PathCompleter {
    clap_complete::engine::PathCompleter::any().filter(|path| {
        path.is_file()
            && path
                .extension()
                .is_some_and(|extension| extension == "yaml" || extension == "yml")
    })
}

/// The corpus's documents whose id starts with the word being typed, each with its title.
fn complete_document(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let Some(fragment) = current.to_str() else {
        return Vec::new();
    };
    Corpus::embedded()
        .documents()
        .iter()
        .filter(|document| document.id.starts_with(fragment))
        .map(|document| {
            clap_complete::CompletionCandidate::new(&*document.id)
                .help(Some(document.title.to_string().into()))
        })
        .collect()
}

/// The corpus's topics that start with the word being typed, each once.
fn complete_topic(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let Some(fragment) = current.to_str() else {
        return Vec::new();
    };
    let topics: std::collections::BTreeSet<&str> = Corpus::embedded()
        .items()
        .iter()
        .map(|item| &*item.topic)
        .filter(|topic| !topic.is_empty() && topic.starts_with(fragment))
        .collect();
    topics
        .into_iter()
        .map(clap_complete::CompletionCandidate::new)
        .collect()
}

/// Rule ids and keys that start with the word being typed.
fn complete_rule_id(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let Some(fragment) = current.to_str() else {
        return Vec::new();
    };
    Corpus::embedded()
        .ids_and_keys()
        .into_iter()
        .filter(|id| id.starts_with(fragment))
        .take(MOST_COMPLETIONS)
        .map(clap_complete::CompletionCandidate::new)
        .collect()
}

/// The commands that print and exit; each loads only the data it needs (`schema` and
/// `completions` none).
fn run(command: Command, palette: Palette) -> Result<String, CliError> {
    match command {
        Command::Check { .. }
        | Command::Walk { .. }
        | Command::Odds { .. }
        | Command::Repl { .. } => Ok(String::new()),
        Command::Schema { of } => Ok(render::output::published_schema(
            of.unwrap_or(render::output::SchemaOf::Scenario),
        )
        .to_string()),
        Command::Rules(command) => run_rules(Corpus::embedded(), command, palette),
        Command::Cards(command) => run_cards(Corpus::embedded(), command, palette),
        Command::Completions { shell } => {
            let mut buffer = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), BIN_NAME, &mut buffer);
            let script = String::from_utf8_lossy(&buffer).into_owned();
            Ok(match shell {
                clap_complete::Shell::Bash => bash_script_mended(&script),
                _ => script,
            })
        }
        Command::Man { command, dir: None } => manual_page(&command),
        Command::Man {
            dir: Some(dir),
            command: _,
        } => write_manual_pages(&dir),
    }
}

/// The program's name, as a shell runs it.
const BIN_NAME: &str = "jedi-judge";

/// clap_complete's bash script for a name with a hyphen (clap-rs/clap#6421): its loop spells
/// the state of a subcommand `jedi__judge__subcmd__rules`, but its case arms
/// `jedi__subcmd__judge__subcmd__rules`, so that no arm below the first word matches and a
/// subcommand's words never complete. The arms are spelt as the loop spells them.
fn bash_script_mended(script: &str) -> String {
    let loop_spelling = format!("{}__subcmd__", BIN_NAME.replace('-', "__"));
    let arm_spelling = format!("{}__subcmd__", BIN_NAME.replace('-', "__subcmd__"));
    script.replace(&arm_spelling, &loop_spelling)
}

/// The command whose manual page these words name (none: the program's), built, its page
/// named as `man` finds it (`jedi-judge-rules-show`).
fn page_command(words: &[String]) -> Result<clap::Command, CliError> {
    /// No `help` subcommand has a page of its own, so none is listed.
    fn without_help(command: clap::Command) -> clap::Command {
        command
            .disable_help_subcommand(true)
            .mut_subcommands(without_help)
    }
    let mut page = without_help(Cli::command());
    page.build();
    let mut name = BIN_NAME.to_string();
    for word in words {
        let Some(sub) = page.find_subcommand(word).cloned() else {
            let known: Vec<String> = page
                .get_subcommands()
                .map(|sub| sub.get_name().to_string())
                .collect();
            return Err(CliError::NoSuchCommand {
                given: format!("{name} {word}"),
                known: known.join(", "),
            });
        };
        name = format!("{name}-{}", sub.get_name());
        page = sub
            .display_name(name.clone())
            .version(env!("CARGO_PKG_VERSION"));
    }
    Ok(page)
}

/// The manual page of the program, or of the command these words name.
fn manual_page(words: &[String]) -> Result<String, CliError> {
    render_manual_page(page_command(words)?)
}

/// A command's manual page: clap_mangen's sections, then what the help ends with, its
/// examples a literal block (no filling, justifying or hyphenation, so that each is shown as
/// it is typed), its exit codes under EXIT STATUS and any other paragraph under NOTES.
fn render_manual_page(page: clap::Command) -> Result<String, CliError> {
    use clap_mangen::roff::{Roff, roman};
    let ending = page
        .get_after_help()
        .map(|text| text.to_string())
        .unwrap_or_default();
    let page = page.after_help(None::<&'static str>);
    let mut buffer = Vec::new();
    clap_mangen::Man::new(page)
        .source(format!("{BIN_NAME} {}", env!("CARGO_PKG_VERSION")))
        .render(&mut buffer)
        .map_err(|error| CliError::ManualPage {
            message: error.to_string(),
        })?;
    let rendered = String::from_utf8_lossy(&buffer).into_owned();
    let mut examples = Roff::new();
    let mut exit_status = Roff::new();
    let mut notes = Roff::new();
    for paragraph in ending.split("\n\n") {
        let mut lines = paragraph.lines();
        if paragraph.starts_with("Examples:") {
            lines.next();
            examples
                .control("PP", [])
                .control("RS", ["4"])
                .control("nf", []);
            for line in lines {
                examples.text([roman(line.trim())]);
            }
            examples.control("fi", []).control("RE", []);
        } else if let Some(codes) = paragraph.strip_prefix("Exit codes:") {
            exit_status.control("PP", []).text([roman(
                codes.split_whitespace().collect::<Vec<_>>().join(" "),
            )]);
        } else {
            notes.control("PP", []).text([roman(
                paragraph.split_whitespace().collect::<Vec<_>>().join(" "),
            )]);
        }
    }
    let mut sections = String::new();
    for (heading, body) in [
        ("EXAMPLES", examples),
        ("EXIT STATUS", exit_status),
        ("NOTES", notes),
    ] {
        let body = body.render();
        // Each rendering begins with the page's preamble, which the page has once already.
        let body = body
            .split_once("\n.el .ds Aq '\n")
            .map_or(body.as_str(), |(_, body)| body);
        if !body.trim().is_empty() {
            sections.push_str(&format!(".SH {heading}\n{body}"));
        }
    }
    Ok(match rendered.find(".SH VERSION") {
        Some(at) => format!("{}{sections}{}", &rendered[..at], &rendered[at..]),
        None => format!("{rendered}{sections}"),
    })
}

/// Writes the manual page of the program and of every command into `dir`, each under the name
/// `man` finds it by (`jedi-judge.1`, `jedi-judge-walk.1`, `jedi-judge-rules-show.1`), and says
/// which.
fn write_manual_pages(dir: &std::path::Path) -> Result<String, CliError> {
    fn every(page: &clap::Command, words: Vec<String>, found: &mut Vec<Vec<String>>) {
        for sub in page.get_subcommands() {
            let mut below = words.clone();
            below.push(sub.get_name().to_string());
            every(sub, below.clone(), found);
            found.push(below);
        }
    }
    let mut pages = vec![Vec::new()];
    every(&page_command(&[])?, Vec::new(), &mut pages);
    pages.sort();
    let mut written = Vec::new();
    for words in &pages {
        let name = std::iter::once(BIN_NAME)
            .chain(words.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        let file = format!("{name}.1");
        crate::files::write_atomically(&dir.join(&file), &manual_page(words)?).map_err(
            |error| CliError::ManualPage {
                message: format!("{}: {error}", dir.join(&file).display()),
            },
        )?;
        written.push(file);
    }
    Ok(format!(
        "Wrote {} manual pages to {}: {}.\n",
        written.len(),
        dir.display(),
        written.join(", ")
    ))
}

fn run_rules(corpus: &Corpus, command: RulesCommand, palette: Palette) -> Result<String, CliError> {
    match command {
        RulesCommand::Show { id, common } => {
            let ruleset = ruleset(&common)?;
            let found = rules::lookup(corpus, &ruleset, &id).map_err(CliError::from_lookup)?;
            Ok(render::rules::show(
                corpus,
                &ruleset,
                &found,
                common.format,
                palette,
            ))
        }
        RulesCommand::Search {
            words,
            all,
            game,
            limit,
            common,
        } => {
            let ruleset = ruleset(&common)?;
            let query = words.join(" ");
            let results = rules::search(
                corpus,
                &ruleset,
                &query,
                rules::SearchScope {
                    include_superseded: all,
                    game: game.as_deref(),
                    // A question is about Young Jedi unless `--game` says which game.
                    first: Some(game.as_deref().unwrap_or(rules::YOUNG_JEDI)),
                    limit: usize::from(limit),
                },
            );
            Ok(render::rules::search(
                corpus,
                &ruleset,
                &query,
                &results,
                common.format,
                palette,
            ))
        }
        RulesCommand::List {
            document,
            topic,
            kind,
            all,
            common,
        } => {
            let ruleset = ruleset(&common)?;
            let filter = ListFilter {
                document,
                topic,
                kind: kind.map(ItemKind::from),
                all,
            };
            let listed = rules::list(corpus, &ruleset, &filter)?;
            Ok(render::rules::list(
                corpus,
                &ruleset,
                &listed,
                common.format,
                palette,
            ))
        }
        RulesCommand::Diff {
            old,
            new,
            expand,
            format,
        } => {
            let old = Ruleset::parse(&old)?;
            let new = Ruleset::parse(&new)?;
            let difference = rules::diff(corpus, &old, &new, expand);
            Ok(render::rules::diff(corpus, &difference, format, palette))
        }
        RulesCommand::Rulesets { format } => Ok(render::rules::rulesets(format, palette)),
        RulesCommand::Assumptions { format } => Ok(render::rules::assumptions(format, palette)),
    }
}

fn run_cards(corpus: &Corpus, command: CardsCommand, palette: Palette) -> Result<String, CliError> {
    let catalog = Catalog::embedded();
    match command {
        CardsCommand::Show { name, common } => {
            let ruleset = ruleset(&common)?;
            let cards = catalog
                .find_to_show(&name.join(" "))
                .map_err(CliError::from_card_lookup)?;
            Ok(render::cards::show(
                corpus,
                &ruleset,
                &cards,
                common.format,
                palette,
            ))
        }
        CardsCommand::Search {
            words,
            notes,
            filter,
            common,
        } => {
            let ruleset = ruleset(&common)?;
            let sort = filter.sort;
            let (filter, words) = filter.read(&words)?;
            if words.is_empty() && filter.is_empty() {
                return Err(CliError::BadFilter {
                    message: "give words to find, or a filter such as --trait or --set; `cards list` lists every card".to_string(),
                });
            }
            let query = words.join(" ");
            let found_rows: RowTable;
            let kept = if query.is_empty() {
                filter.keep(
                    catalog.rows().rows().enumerate(),
                    |at| catalog.card(at),
                    corpus,
                    &ruleset,
                )
            } else {
                let found = catalog.search(&query, notes);
                found_rows = RowTable::of(found.iter().copied());
                filter.keep(
                    found_rows.rows().enumerate(),
                    |at| found.get(at).copied(),
                    corpus,
                    &ruleset,
                )
            };
            let mut cards: Vec<CardRow<'_>> = kept.into_iter().map(|(_, row)| row).collect();
            // Without words nothing matches better: the cards in print order, as a list.
            let print_order = query
                .is_empty()
                .then_some(crate::cards::filter::SortKey::Set);
            if let Some(sort) = sort.or(print_order) {
                crate::cards::filter::sort(&mut cards, sort);
            }
            let heading = [
                query,
                if notes {
                    "--notes".to_string()
                } else {
                    String::new()
                },
                filter.describe(),
            ]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
            Ok(render::cards::list(
                &heading,
                &cards,
                filter.set_words().as_deref(),
                common.format,
                palette,
            ))
        }
        CardsCommand::List {
            comparisons,
            filter,
            common,
        } => {
            let ruleset = ruleset(&common)?;
            let sort = filter.sort.unwrap_or(crate::cards::filter::SortKey::Set);
            let (filter, rest) = filter.read(&comparisons)?;
            if let Some(word) = rest.first() {
                return Err(CliError::BadFilter {
                    message: format!(
                        "{} is not a comparison such as power>=5; `cards search` finds cards by words",
                        crate::text::quoted(word)
                    ),
                });
            }
            let kept = filter.keep(
                catalog.rows().rows().enumerate(),
                |at| catalog.card(at),
                corpus,
                &ruleset,
            );
            let mut cards: Vec<CardRow<'_>> = kept.into_iter().map(|(_, row)| row).collect();
            crate::cards::filter::sort(&mut cards, sort);
            Ok(render::cards::list(
                &filter.describe(),
                &cards,
                filter.set_words().as_deref(),
                common.format,
                palette,
            ))
        }
        CardsCommand::Disagreements { common } => {
            let ruleset = ruleset(&common)?;
            Ok(render::cards::disagreements(
                corpus,
                &ruleset,
                catalog.cards(),
                common.format,
                palette,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// The progress line shows counts and rates as whole numbers with separators.
    #[test]
    fn a_progress_rate_is_a_whole_number() {
        assert_eq!(whole_number(41_840.768_7), "41,841");
        assert_eq!(whole_number(0.4), "0");
        assert_eq!(whole_number(f64::NAN), "0");
        assert_eq!(whole_number(2_944_656.0), "2,944,656");
    }

    /// A refused exact answer says how long it would take in the unit that reads best.
    #[test]
    fn a_length_of_time_reads_in_its_best_unit() {
        assert_eq!(duration_words(0.2), "1 second");
        assert_eq!(duration_words(40.0), "40 seconds");
        assert_eq!(duration_words(720.0), "12 minutes");
        assert_eq!(duration_words(5.0 * 3_600.0), "5 hours");
        assert_eq!(duration_words(3.0 * 86_400.0), "3 days");
        assert_eq!(duration_words(1e10), "317 years");
    }

    #[test]
    fn the_output_edge_holds_back_a_character_or_colour_sequence_cut_between_writes() {
        let mut out = Vec::new();
        let mut edge = OutputEdge::new(&mut out, true);
        let text = "\u{1b}[31mé\u{1b}[0m\u{7}".as_bytes();
        for byte in text {
            edge.write_all(std::slice::from_ref(byte)).expect("written");
        }
        edge.flush().expect("flushed");
        drop(edge);
        assert_eq!(
            String::from_utf8(out).expect("text"),
            "\u{1b}[31mé\u{1b}[0m\\u{7}"
        );
        // A C1 character cut between two clean writes is still written out.
        for cut in 0..5 {
            let text = "é\u{85}ü\u{1b}".as_bytes();
            let mut out = Vec::new();
            let mut edge = OutputEdge::new(&mut out, false);
            edge.write_all(&text[..cut]).expect("written");
            edge.write_all(&text[cut..]).expect("written");
            edge.flush().expect("flushed");
            drop(edge);
            assert_eq!(
                String::from_utf8(out).expect("text"),
                "é\\u{85}ü\\u{1b}",
                "cut at {cut}"
            );
        }
        let mut out = Vec::new();
        let mut edge = OutputEdge::new(&mut out, false);
        edge.write_all(b"\x1b[31m\xff").expect("written");
        edge.flush().expect("flushed");
        drop(edge);
        assert_eq!(String::from_utf8(out).expect("text"), "\\u{1b}[31m\u{fffd}");
    }
}
