//! The invariants of ARCHITECTURE.md that the source itself must keep, read from the source:
//! imports between top-level modules run only downward in the layer order ARCHITECTURE.md
//! writes; a procedure is named only in its folder and on its registry line; every procedure
//! folder has the same parts; every module opens with a `//!` line; the core returns no
//! `String` errors, does no I/O, draws no unseeded randomness, and names a card only where a
//! rule names it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every `.rs` file under `dir`, sorted, as paths relative to the crate root.
fn rust_files(dir: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(ROOT).join(dir), &mut out);
    out.into_iter()
        .map(|path| {
            path.strip_prefix(ROOT)
                .expect("under the root")
                .to_path_buf()
        })
        .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(Path::new(ROOT).join(path))
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The top-level module a file under `src/` belongs to (`src/engine/deciders.rs` →
/// `engine`), or `None` for the crate root, `main.rs` and the programs under `src/bin`.
fn top_module(path: &Path) -> Option<String> {
    let mut parts = path.iter().skip(1).map(|part| part.to_string_lossy());
    let first = parts.next()?;
    if first == "bin" || first == "lib.rs" || first == "main.rs" {
        return None;
    }
    Some(first.trim_end_matches(".rs").to_string())
}

/// The code of a line: what comes before a `//` comment that is not inside a string.
fn code_of(line: &str) -> &str {
    let mut in_string = false;
    let mut previous = ' ';
    for (index, character) in line.char_indices() {
        match character {
            '"' if previous != '\\' => in_string = !in_string,
            '/' if !in_string && previous == '/' => return &line[..index - 1],
            _ => {}
        }
        previous = if previous == '\\' && character == '\\' {
            ' '
        } else {
            character
        };
    }
    line
}

/// The words of a line of code outside its string literals, each with the text just before
/// it.
fn words_outside_strings(code: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut in_string = false;
    let mut previous = ' ';
    let mut start: Option<usize> = None;
    for (index, character) in code.char_indices() {
        let word_character = character.is_alphanumeric() || character == '_';
        if let Some(begun) = start
            && !word_character
        {
            words.push((begun, &code[begun..index]));
            start = None;
        }
        if character == '"' && previous != '\\' {
            in_string = !in_string;
        } else if !in_string && word_character && start.is_none() {
            start = Some(index);
        }
        previous = character;
    }
    if let Some(begun) = start {
        words.push((begun, &code[begun..]));
    }
    words
}

/// The layers of ARCHITECTURE.md's "Layers" block, lowest first: each top-level module and
/// its rank.
fn layers() -> BTreeMap<String, usize> {
    let architecture = read(Path::new("ARCHITECTURE.md"));
    let after = architecture
        .split_once("\n## Layers\n")
        .expect("ARCHITECTURE.md has a section \"## Layers\"")
        .1;
    let block = after
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the Layers section holds a ```text block")
        .0;
    let mut rank = BTreeMap::new();
    for (index, line) in block.lines().enumerate() {
        for module in line.split_whitespace() {
            assert!(
                rank.insert(module.to_string(), index).is_none(),
                "ARCHITECTURE.md lists {module} in two layers"
            );
        }
    }
    rank
}

#[test]
fn imports_between_top_level_modules_run_only_downward() {
    let rank = layers();
    let mut modules: BTreeSet<String> = rust_files("src")
        .iter()
        .filter_map(|path| top_module(path))
        .collect();
    modules.retain(|module| !rank.contains_key(module));
    assert!(
        modules.is_empty(),
        "ARCHITECTURE.md's layers do not place {modules:?}"
    );
    let mut upward = Vec::new();
    for path in rust_files("src") {
        let Some(module) = top_module(&path) else {
            continue;
        };
        let own = rank[&module];
        for (number, line) in read(&path).lines().enumerate() {
            let code = code_of(line);
            for (at, _) in code.match_indices("crate::") {
                let target: String = code[at + "crate::".len()..]
                    .chars()
                    .take_while(|character| character.is_alphanumeric() || *character == '_')
                    .collect();
                match rank.get(&target) {
                    Some(&target_rank) if target_rank > own => upward.push(format!(
                        "{}:{}: {module} imports {target}, a higher layer",
                        path.display(),
                        number + 1
                    )),
                    Some(_) => {}
                    None => assert!(
                        target.is_empty() || target.chars().all(char::is_uppercase),
                        "{}:{}: crate::{target} is no top-level module ARCHITECTURE.md places",
                        path.display(),
                        number + 1
                    ),
                }
            }
        }
    }
    assert!(upward.is_empty(), "{}", upward.join("\n"));
}

/// The last part of a path, as text.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// The procedures' folders under `src/procedures`, sorted.
fn procedure_folders() -> Vec<String> {
    let mut folders: Vec<String> = fs::read_dir(Path::new(ROOT).join("src/procedures"))
        .expect("src/procedures")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_dir())
        .map(|path| file_name(&path))
        .collect();
    folders.sort();
    folders
}

/// The public types a folder's modules declare (`struct`, `enum`, `trait`, `type`).
fn declared_types(folder: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for path in rust_files(&format!("src/procedures/{folder}")) {
        for line in read(&path).lines() {
            // An item of the module itself starts its line; an associated type is indented.
            if line.starts_with(char::is_whitespace) {
                continue;
            }
            // What is private to a module cannot be named outside it, as the compiler sees.
            let mut words = code_of(line).split_whitespace();
            if !words.next().is_some_and(|word| word.starts_with("pub")) {
                continue;
            }
            let (Some(keyword), Some(name)) = (words.next(), words.next()) else {
                continue;
            };
            if matches!(keyword, "struct" | "enum" | "trait" | "type") {
                let name: String = name
                    .chars()
                    .take_while(|character| character.is_alphanumeric() || *character == '_')
                    .collect();
                names.insert(name);
            }
        }
    }
    names
}

/// The lines of `src/procedures/mod.rs` inside the `registry! { ... }` invocation.
fn registry_lines(text: &str) -> BTreeSet<usize> {
    let mut lines = BTreeSet::new();
    let mut inside = false;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("registry! {") {
            inside = true;
        } else if inside && line.starts_with('}') {
            inside = false;
        } else if inside {
            lines.insert(number);
        }
    }
    assert!(
        !lines.is_empty(),
        "src/procedures/mod.rs invokes registry! {{ ... }}"
    );
    lines
}

#[test]
fn a_procedure_is_named_only_in_its_folder_and_on_its_registry_line() {
    let folders = procedure_folders();
    assert!(!folders.is_empty(), "procedures have folders");
    let types: BTreeMap<&str, BTreeSet<String>> = folders
        .iter()
        .map(|folder| (folder.as_str(), declared_types(folder)))
        .collect();
    let mut owners: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (folder, names) in &types {
        for name in names {
            owners.entry(name).or_default().push(folder);
        }
    }
    let mut named = Vec::new();
    for path in rust_files("src") {
        let text = read(&path);
        let own_folder = folders
            .iter()
            .find(|folder| path.starts_with(format!("src/procedures/{folder}")));
        let exempt = if path == Path::new("src/procedures/mod.rs") {
            registry_lines(&text)
        } else {
            BTreeSet::new()
        };
        for (number, line) in text.lines().enumerate() {
            if exempt.contains(&number) {
                continue;
            }
            let code = code_of(line);
            for (at, word) in words_outside_strings(code) {
                let before = &code[..at];
                let named_folder = folders.iter().find(|folder| {
                    word == folder.as_str()
                        && (before.ends_with("procedures::") || before.ends_with("super::"))
                });
                let mut found: Vec<&str> = owners.get(word).cloned().unwrap_or_default();
                found.extend(named_folder.map(String::as_str));
                let declared_here =
                    own_folder.is_some_and(|own| types[own.as_str()].contains(word));
                for folder in found {
                    if own_folder.map(String::as_str) != Some(folder) && !declared_here {
                        named.push(format!(
                            "{}:{}: names {word} of the procedure {folder}",
                            path.display(),
                            number + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(named.is_empty(), "{}", named.join("\n"));
}

/// The parts every procedure folder has, each a file.
const PARTS: &[&str] = &[
    "check.rs",
    "decisions.rs",
    "engine.rs",
    "events.rs",
    "expect.rs",
    "mod.rs",
    "narrate.rs",
    "section.rs",
    "shell.rs",
    "tests.rs",
];

#[test]
fn every_procedure_folder_has_the_same_parts() {
    let parts: BTreeSet<String> = PARTS.iter().map(|part| part.to_string()).collect();
    for folder in procedure_folders() {
        let files: BTreeSet<String> = rust_files(&format!("src/procedures/{folder}"))
            .iter()
            .map(|path| file_name(path))
            .collect();
        assert_eq!(
            files, parts,
            "src/procedures/{folder} has other parts than every procedure's"
        );
        let registry = read(Path::new("src/procedures/mod.rs"));
        let registered = registry_lines(&registry)
            .iter()
            .filter_map(|number| registry.lines().nth(*number))
            .any(|line| line.trim_start().starts_with(&format!("{folder}::")));
        assert!(registered, "src/procedures/{folder} has no registry line");
    }
}

#[test]
fn every_module_opens_with_a_line_saying_what_it_is_for() {
    let mut silent = Vec::new();
    for path in rust_files("src")
        .into_iter()
        .chain([PathBuf::from("build.rs")])
    {
        let text = read(&path);
        let first = text.lines().next().unwrap_or_default();
        if !first.starts_with("//! ") || first.trim_end().len() <= "//! ".len() {
            silent.push(path.display().to_string());
        }
    }
    assert!(silent.is_empty(), "modules without a //! line: {silent:?}");
}

/// The type arguments of every `Result<...>` in a text, each split at its top-level commas.
fn result_arguments(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("Result<") {
        if text[..at].ends_with(|character: char| character.is_alphanumeric() || character == '_') {
            continue;
        }
        let mut depth = 1;
        let mut arguments = vec![String::new()];
        for character in text[at + "Result<".len()..].chars() {
            match character {
                '<' | '(' | '[' => depth += 1,
                '>' | ')' | ']' => depth -= 1,
                ',' if depth == 1 => {
                    arguments.push(String::new());
                    continue;
                }
                _ => {}
            }
            if depth == 0 {
                break;
            }
            if let Some(last) = arguments.last_mut() {
                last.push(character);
            }
        }
        let line = text[..at].lines().count().max(1);
        found.push((
            line,
            arguments
                .into_iter()
                .map(|argument| argument.split_whitespace().collect())
                .collect(),
        ));
    }
    found
}

#[test]
fn the_core_returns_no_string_errors() {
    let rank = layers();
    let edge = rank["render"];
    let mut stringly = Vec::new();
    for path in rust_files("src") {
        let Some(module) = top_module(&path) else {
            continue;
        };
        if rank[&module] >= edge {
            continue;
        }
        let code: String = read(&path)
            .lines()
            .map(|line| format!("{}\n", code_of(line)))
            .collect();
        for (line, arguments) in result_arguments(&code) {
            if arguments.get(1).is_some_and(|error| error == "String") {
                stringly.push(format!("{}:{line}", path.display()));
            }
        }
    }
    assert!(
        stringly.is_empty(),
        "Result<_, String> in the core (a thiserror type instead): {}",
        stringly.join(", ")
    );
}

#[test]
fn the_checks_themselves_find_what_they_look_for() {
    assert_eq!(
        result_arguments("fn f() -> Result<Vec<(u8, u8)>, String> {}"),
        [(1, vec!["Vec<(u8,u8)>".to_string(), "String".to_string()])]
    );
    assert_eq!(code_of("let a = \"//\"; // note"), "let a = \"//\"; ");
    let words: Vec<&str> = words_outside_strings("use super::duel::X; \"duel\"")
        .into_iter()
        .map(|(_, word)| word)
        .collect();
    assert_eq!(words, ["use", "super", "duel", "X"]);
    assert_eq!(
        top_module(Path::new("src/engine/deciders.rs")).as_deref(),
        Some("engine")
    );
    assert_eq!(
        top_module(Path::new("src/walk.rs")).as_deref(),
        Some("walk")
    );
    assert_eq!(top_module(Path::new("src/lib.rs")), None);
    assert_eq!(
        string_literals(r#"cite("a"); x("Darth \"Maul\"", 'c')"#),
        ["a", r#"Darth \"Maul\""#]
    );
}

/// The lines of a file's code outside its unit tests (a `#[cfg(test)]` item at the end of a
/// file, or a test module of its own), each with its number from 1.
fn code_outside_tests(path: &Path) -> Vec<(usize, String)> {
    if matches!(file_name(path).as_str(), "tests.rs" | "testing.rs") {
        return Vec::new();
    }
    read(path)
        .lines()
        .enumerate()
        .take_while(|(_, line)| !line.starts_with("#[cfg(test)]"))
        .map(|(number, line)| (number + 1, code_of(line).to_string()))
        .collect()
}

#[test]
fn the_core_does_no_io_and_draws_no_randomness_but_the_seeded_one() {
    let rank = layers();
    let edge = rank["render"];
    const IO: &[&str] = &[
        "std::fs",
        "std::env",
        "std::io::stdin",
        "std::io::stdout",
        "std::io::stderr",
        "std::process",
        "SystemTime",
        "Instant::now",
        "println!",
        "eprintln!",
        "print!(",
        "eprint!(",
        "dbg!",
    ];
    const RANDOMNESS: &[&str] = &["rand::", "rand_chacha", "rand_core", "getrandom"];
    let mut found = Vec::new();
    for path in rust_files("src") {
        let Some(module) = top_module(&path) else {
            continue;
        };
        if rank[&module] >= edge {
            continue;
        }
        for (number, code) in code_outside_tests(&path) {
            for word in IO {
                if code.contains(word) {
                    found.push(format!("{}:{number}: {word}", path.display()));
                }
            }
            if module != "random" {
                for word in RANDOMNESS {
                    if code.contains(word) {
                        found.push(format!("{}:{number}: {word}", path.display()));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The string literals of a line of code that fit on it.
fn string_literals(code: &str) -> Vec<&str> {
    let mut literals = Vec::new();
    let mut start = None;
    let mut previous = ' ';
    for (index, character) in code.char_indices() {
        if character == '"' && previous != '\\' {
            match start.take() {
                Some(begun) => literals.push(&code[begun..index]),
                None => start = Some(index + 1),
            }
        }
        previous = if previous == '\\' && character == '\\' {
            ' '
        } else {
            character
        };
    }
    literals
}

#[test]
fn card_names_in_the_rules_code_are_only_those_a_rule_names() {
    let catalog = jedi_judge::cards::Catalog::embedded();
    let mut titles = BTreeSet::new();
    for card in catalog.cards() {
        titles.insert(card.title.to_string());
        titles.insert(card.full_name());
    }
    let corpus = jedi_judge::rules::Corpus::embedded();
    let named_by_a_rule = |name: &str| corpus.items().iter().any(|item| item.text.contains(name));
    let rules_code = rust_files("src").into_iter().filter(|path| {
        matches!(
            top_module(path).as_deref(),
            Some("engine" | "legality" | "clash" | "procedures")
        ) || path == Path::new("src/cards/traits.rs")
    });
    let mut unnamed = Vec::new();
    let mut named = 0;
    for path in rules_code {
        for (number, code) in code_outside_tests(&path) {
            for literal in string_literals(&code) {
                if titles.contains(literal) {
                    named += 1;
                    if !named_by_a_rule(literal) {
                        unnamed.push(format!("{}:{number}: {literal}", path.display()));
                    }
                }
            }
        }
    }
    assert!(
        named > 0,
        "the dueling characters, at least, are named by the rules' code"
    );
    assert!(
        unnamed.is_empty(),
        "card names no rule text names (work from traits and game text instead):\n{}",
        unnamed.join("\n")
    );
}
