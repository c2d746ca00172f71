//! The help a new user reads: every command has examples that are valid commands, every
//! argument and option says what it takes, and the command list gives one short line each.

use clap::{CommandFactory, Parser};
use jedi_judge::cli::Cli;

/// Every command under `command`, with its full name, `help` left out.
fn commands(command: &clap::Command, path: &str) -> Vec<(String, clap::Command)> {
    let mut found = Vec::new();
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = format!("{path} {}", sub.get_name());
        found.push((name.clone(), sub.clone()));
        found.extend(commands(sub, &name));
    }
    found
}

/// A shell line's words, single quotes kept together, up to a redirection.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            '>' | '<' | '|' if !quoted => break,
            _ => word.push(ch),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn every_command_has_examples_that_are_valid_commands() {
    let root = Cli::command();
    let mut examples = 0;
    for (name, command) in std::iter::once(("jedi-judge".to_string(), root.clone()))
        .chain(commands(&root, "jedi-judge"))
    {
        let after = command
            .get_after_help()
            .map(|text| text.to_string())
            .unwrap_or_default();
        assert!(after.contains("Examples:"), "{name} --help has no examples");
        for line in after
            .lines()
            .filter(|line| line.starts_with("  jedi-judge "))
        {
            let words = words(line.trim());
            if let Err(error) = Cli::try_parse_from(&words) {
                panic!(
                    "{name}: the example `{}` does not parse: {error}",
                    line.trim()
                );
            }
            examples += 1;
        }
    }
    assert!(examples >= 40, "{examples} examples");
}

#[test]
fn every_argument_and_option_says_what_it_takes() {
    let root = Cli::command();
    for (name, command) in commands(&root, "jedi-judge") {
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if matches!(id, "help" | "version") {
                continue;
            }
            assert!(
                arg.get_help().is_some() || arg.get_long_help().is_some(),
                "{name}: {id} has no help"
            );
        }
    }
}

#[test]
fn the_command_list_gives_one_short_line_each() {
    let root = Cli::command();
    for (name, command) in commands(&root, "jedi-judge") {
        let about = command
            .get_about()
            .map(|text| text.to_string())
            .unwrap_or_default();
        assert!(!about.is_empty(), "{name} has no summary");
        assert!(
            !about.contains('\n') && about.chars().count() <= 80,
            "{name}: the summary is long: {about}"
        );
    }
}

/// The manual page of the program and of every command renders as roff, with its name, its
/// summary and its examples; an unknown command is refused with the commands there are.
#[test]
fn every_command_has_a_manual_page_with_its_examples() {
    let root = Cli::command();
    let mut pages = 0;
    for (name, command) in std::iter::once(("jedi-judge".to_string(), root.clone()))
        .chain(commands(&root, "jedi-judge"))
    {
        let mut argv: Vec<&str> = vec!["jedi-judge", "man"];
        argv.extend(name.split(' ').skip(1));
        let outcome = jedi_judge::cli::execute(argv, |_| jedi_judge::render::Palette::plain());
        assert_eq!(outcome.code, 0, "{name}: {}", outcome.stderr);
        let page = &outcome.stdout;
        let title = name.replace(' ', "-");
        assert!(page.contains(&format!(".TH {title} 1")), "{name}:\n{page}");
        assert!(page.contains(".SH NAME"), "{name}");
        assert!(
            page.contains(&format!("\"jedi-judge {}\"", env!("CARGO_PKG_VERSION"))),
            "{name}: the page's source is the program's"
        );
        assert!(
            !page.contains("help(1)"),
            "{name}: a page for `help` is listed"
        );
        // Every example is a line of its own in a literal block, as it is typed.
        let block = page
            .split_once(".SH EXAMPLES\n")
            .and_then(|(_, rest)| rest.split_once("\n.nf\n"))
            .and_then(|(_, rest)| rest.split_once("\n.fi\n"))
            .map(|(block, _)| block)
            .unwrap_or_else(|| panic!("{name}: no literal block of examples:\n{page}"));
        let after = command
            .get_after_help()
            .map(|text| text.to_string())
            .unwrap_or_default();
        let typed: Vec<String> = after
            .lines()
            .skip_while(|line| *line != "Examples:")
            .skip(1)
            .take_while(|line| line.starts_with("  "))
            .map(|line| line.trim().replace('-', "\\-").replace('\'', "\\*(Aq"))
            .collect();
        assert!(!typed.is_empty(), "{name}");
        assert_eq!(block.lines().collect::<Vec<_>>(), typed, "{name}");
        let about = command
            .get_about()
            .map(|a| a.to_string())
            .unwrap_or_default();
        let first_word = about.split_whitespace().next().unwrap_or_default();
        assert!(page.contains(first_word), "{name}: no summary");
        pages += 1;
    }
    assert!(pages >= 18, "{pages} pages");
    let outcome = jedi_judge::cli::execute(["jedi-judge", "man", "walkk"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(outcome.code, 2);
    assert!(
        outcome.stderr.contains("walk, odds, repl"),
        "{}",
        outcome.stderr
    );
}

/// `man --dir` writes every page under the name `man` finds it by: the program's, each
/// command's (`jedi-judge-walk.1`) and each subcommand's (`jedi-judge-rules-show.1`), each the
/// page `man COMMAND` prints; `man` itself renders an example unbroken, neither justified nor
/// hyphenated.
#[test]
fn man_dir_writes_every_page_under_its_name() {
    let dir = std::env::temp_dir().join(format!("jedi-judge-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let folder = dir.display().to_string();
    let outcome = jedi_judge::cli::execute(["jedi-judge", "man", "--dir", &folder], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(outcome.code, 0, "{}", outcome.stderr);
    let root = Cli::command();
    let mut wanted: Vec<String> = std::iter::once("jedi-judge.1".to_string())
        .chain(
            commands(&root, "jedi-judge")
                .into_iter()
                .map(|(name, _)| format!("{}.1", name.replace(' ', "-"))),
        )
        .collect();
    wanted.sort();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert_eq!(files, wanted);
    assert!(files.contains(&"jedi-judge-walk.1".to_string()));
    assert!(files.contains(&"jedi-judge-rules-show.1".to_string()));
    let written = std::fs::read_to_string(dir.join("jedi-judge-rules-show.1")).expect("a page");
    let printed = jedi_judge::cli::execute(["jedi-judge", "man", "rules", "show"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(written, printed.stdout);
    assert!(written.contains(".TH jedi-judge-rules-show 1"));
    // As `man` shows it, where man is installed, on a narrow terminal.
    let shown = std::process::Command::new("man")
        .args(["-l", &dir.join("jedi-judge-walk.1").display().to_string()])
        .env("MANWIDTH", "60")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .output();
    if let Some(shown) = shown.ok().filter(|shown| shown.status.success()) {
        let text = String::from_utf8_lossy(&shown.stdout).replace("\u{2010}", "-");
        let line = "jedi-judge walk --policy never-block scenarios/duel/hands-empty-tied.yaml";
        assert!(
            text.lines().any(|shown| shown.trim() == line),
            "man breaks the example:\n{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bash completion script `completions bash` writes completes below the first word, as a
/// user's bash runs it: a subcommand's own subcommands, its options, and an option's values.
#[test]
fn the_bash_completion_script_completes_a_subcommands_words_in_bash() {
    let script = jedi_judge::cli::execute(["jedi-judge", "completions", "bash"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(script.code, 0);
    let dir = std::env::temp_dir().join(format!("jedi-judge-completion-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("jedi-judge.bash");
    std::fs::write(&path, &script.stdout).expect("the script written");
    // Each line: the words typed (the last one being completed), and what must be offered.
    let cases: [(&[&str], &[&str]); 4] = [
        (&["rules", "s"], &["show", "search"]),
        (&["cards", "l"], &["list"]),
        (&["walk", "--po"], &["--policy"]),
        (&["walk", "--policy", "n"], &["never-block"]),
    ];
    for (words, wanted) in cases {
        let typed: Vec<String> = std::iter::once("jedi-judge")
            .chain(words.iter().copied())
            .map(|word| format!("'{word}'"))
            .collect();
        let current = words.last().copied().unwrap_or_default();
        let previous = words
            .len()
            .checked_sub(2)
            .and_then(|at| words.get(at))
            .copied()
            .unwrap_or("jedi-judge");
        let run = format!(
            "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; _jedi__judge jedi-judge '{current}' '{previous}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            path.display(),
            typed.join(" "),
            words.len()
        );
        let output = std::process::Command::new("bash")
            .arg("-c")
            .arg(&run)
            .output()
            .expect("bash runs");
        let offered = String::from_utf8_lossy(&output.stdout);
        let offered: Vec<&str> = offered.lines().collect();
        for word in wanted {
            assert!(
                offered.contains(word),
                "jedi-judge {}<Tab> offers {offered:?}, not {word}\n{}",
                words.join(" "),
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every argument that takes a ruleset (`--rules-as-of`, `rules diff OLD NEW`) lists every
/// named ruleset in its help, `players-committee` included.
#[test]
fn the_help_of_every_ruleset_argument_names_every_ruleset() {
    let root = Cli::command();
    let mut arguments = 0;
    for (name, command) in commands(&root, "jedi-judge") {
        for arg in command.get_arguments() {
            let takes_a_ruleset = arg.get_long() == Some("rules-as-of")
                || (name == "jedi-judge rules diff" && arg.get_long().is_none());
            if !takes_a_ruleset {
                continue;
            }
            arguments += 1;
            let help = arg
                .get_help()
                .map(|help| help.to_string())
                .unwrap_or_default();
            for (ruleset, _, _) in jedi_judge::rules::NAMED_RULESETS {
                assert!(
                    help.contains(ruleset),
                    "{name}: the help of {} leaves out {ruleset}: {help}",
                    arg.get_id()
                );
            }
        }
    }
    // check, walk, odds, repl, rules show, search and list, cards show, search, list and
    // disagreements, and the two of rules diff.
    assert_eq!(arguments, 13);
    let help = jedi_judge::cli::execute(["jedi-judge", "walk", "--help"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert!(
        help.stdout
            .contains("boonta-eve-printed, players-committee)"),
        "{}",
        help.stdout
    );
}

/// `schema --help` names every schema it prints: each command's JSON, `odds` among them, and
/// the card text files.
#[test]
fn the_help_of_schema_names_every_schema() {
    let help = jedi_judge::cli::execute(["jedi-judge", "schema", "--help"], |_| {
        jedi_judge::render::Palette::plain()
    });
    assert_eq!(help.code, 0);
    let about: String = help
        .stdout
        .split("\nUsage:")
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        about.contains(
            "the JSON that `walk`, `check`, `odds`, `rules` or `cards` print with `--format json`"
        ),
        "{about}"
    );
    assert!(
        about.contains("`card-text` gives that of a card text file"),
        "{about}"
    );
    for of in [
        "scenario",
        "walk",
        "check",
        "odds",
        "rules",
        "cards",
        "card-text",
    ] {
        let schema = jedi_judge::cli::execute(["jedi-judge", "schema", of], |_| {
            jedi_judge::render::Palette::plain()
        });
        assert_eq!(schema.code, 0, "schema {of}: {}", schema.stderr);
    }
}
