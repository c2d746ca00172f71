//! Tab completion and hints for the shell: commands, card names (forgiving), rule ids, zones, planets, sides and steps.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use rustyline::Context;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;

use super::{SET_FIELDS, ZONE_WORDS, commands};
use crate::board::PLANETS;
use crate::cards::{Catalog, Game, matching};
use crate::rules::{Corpus, NAMED_RULESETS};

/// What the completer offers; card names on the board change as the position does.
pub struct ShellHelper {
    catalog_names: Vec<String>,
    rule_ids: Vec<String>,
    /// Names of the cards on the board and declared in the session.
    pub board_names: Rc<RefCell<Vec<String>>>,
    /// Whether hints are shown dimmed.
    pub colour: bool,
}

impl ShellHelper {
    pub fn new(corpus: &Corpus, catalog: &Catalog, colour: bool) -> ShellHelper {
        ShellHelper {
            catalog_names: catalog.names_to_complete(Some(Game::YoungJedi)),
            rule_ids: corpus
                .ids_and_keys()
                .into_iter()
                .map(str::to_string)
                .collect(),
            board_names: Rc::new(RefCell::new(Vec::new())),
            colour,
        }
    }

    /// Card names that the fragment could mean: those of the cards on the table first, then
    /// the catalog's; in each, the names it begins first, then those with every word begun.
    pub fn card_names(&self, fragment: &str) -> Vec<String> {
        let mut names = self.table_card_names(fragment);
        let catalog =
            matching::names_completing(self.catalog_names.iter().map(String::as_str), fragment);
        for name in catalog {
            if !names.iter().any(|known| known == name) {
                names.push(name.to_string());
            }
        }
        names
    }

    /// The names of the cards on the table that the fragment could mean.
    fn table_card_names(&self, fragment: &str) -> Vec<String> {
        let board_names = self.board_names.borrow();
        matching::names_completing(board_names.iter().map(String::as_str), fragment)
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    fn words_starting(options: &[&str], fragment: &str) -> Vec<String> {
        let fragment = fragment.to_ascii_lowercase();
        options
            .iter()
            .filter(|option| option.to_ascii_lowercase().starts_with(&fragment))
            .map(|option| option.to_string())
            .collect()
    }

    /// Completions of the text before the cursor: where the replacement starts, and the
    /// candidates.
    pub fn completions(&self, text: &str) -> (usize, Vec<String>) {
        let last_word_start = text.rfind(' ').map_or(0, |index| index + 1);
        let fragment = &text[last_word_start..];
        let words: Vec<&str> = text.split_whitespace().collect();
        let finished = text.ends_with(' ');
        let commands: Vec<&str> = commands().iter().map(|(name, _, _, _)| *name).collect();
        // A completed command or side is followed by a space, ready for what comes next.
        let spaced = |names: Vec<String>| -> Vec<String> {
            names.into_iter().map(|name| format!("{name} ")).collect()
        };
        if words.len() <= 1 && !finished {
            return (
                last_word_start,
                spaced(Self::words_starting(&commands, fragment)),
            );
        }
        let command = words
            .first()
            .map(|word| word.to_ascii_lowercase())
            .unwrap_or_default();
        let argument_index = if finished {
            words.len()
        } else {
            words.len() - 1
        };
        let sides = ["light", "dark"];
        let planets: Vec<&str> = PLANETS.to_vec();
        let mut zones: Vec<&str> = planets.clone();
        zones.extend(ZONE_WORDS);
        // Text after the command word, and after a side if the command takes one first.
        let after_command = text.split_once(' ').map_or("", |(_, rest)| rest);
        let simple = |options: &[&str]| (last_word_start, Self::words_starting(options, fragment));
        match command.as_str() {
            "help" => simple(&commands),
            "turn" | "counters" | "dueled" | "passed" | "deck" if argument_index == 1 => (
                last_word_start,
                spaced(Self::words_starting(&sides, fragment)),
            ),
            "step" => simple(&["deploy", "battle", "even-up"]),
            "planet" => simple(&planets),
            "rules" => {
                let names: Vec<&str> = NAMED_RULESETS.iter().map(|(name, _, _)| *name).collect();
                simple(&names)
            }
            "policy" => simple(&["block-when-able", "never-block", "first-option", "off"]),
            "rule" => {
                let ids: Vec<&str> = self.rule_ids.iter().map(String::as_str).collect();
                simple(&ids)
            }
            "add" if argument_index == 1 => (
                last_word_start,
                spaced(Self::words_starting(&sides, fragment)),
            ),
            "add" | "move" if after_command.contains(" to ") => simple(&zones),
            "set" if words.iter().skip(1).any(|word| SET_FIELDS.contains(word)) => {
                simple(&SET_FIELDS)
            }
            "add" | "card" => {
                let (start, fragment) = if command == "add" {
                    match after_command.split_once(' ') {
                        Some((_, name)) => (text.len() - name.len(), name),
                        None => (text.len(), ""),
                    }
                } else {
                    (text.len() - after_command.len(), after_command)
                };
                (start, self.card_names(fragment))
            }
            // Commands about a card on the table: its names, or if none is meant, the catalog's.
            "set" | "move" | "remove" | "hide" | "reveal" | "hits" | "thrust" | "deployed" => {
                let start = text.len() - after_command.len();
                let on_table = self.table_card_names(after_command);
                if on_table.is_empty() {
                    (start, self.card_names(after_command))
                } else {
                    (start, on_table)
                }
            }
            _ => (last_word_start, Vec::new()),
        }
    }
}

impl Completer for ShellHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let text = line.get(..pos).unwrap_or(line);
        let (start, candidates) = self.completions(text);
        let pairs = candidates
            .into_iter()
            .take(40)
            .map(|candidate| Pair {
                // A name the user gave may hold a control character: the list shows it
                // written out (`\u{1b}`), the completion puts in the name itself.
                display: crate::text::escaped_output(&candidate, false).into_owned(),
                replacement: candidate,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for ShellHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.is_empty() {
            return None;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        // A command and a space: its usage.
        if words.len() == 1 && line.ends_with(' ') {
            let (_, usage, _, _) = commands()
                .into_iter()
                .find(|(name, _, _, _)| name.eq_ignore_ascii_case(words[0]))?;
            let rest = usage.split_once(' ').map_or("", |(_, rest)| rest);
            return (!rest.is_empty()).then(|| rest.to_string());
        }
        // One completion left: the rest of it.
        let (start, candidates) = self.completions(line);
        match candidates.as_slice() {
            [only] => {
                let typed = &line[start..];
                // Shown, not typed: a control character in it is written out.
                only.strip_prefix(typed)
                    .map(|rest| crate::text::escaped_output(rest, false).into_owned())
                    .filter(|rest| !rest.is_empty())
            }
            _ => None,
        }
    }
}

impl Highlighter for ShellHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            Cow::Owned(format!("\u{1b}[2m{hint}\u{1b}[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

impl Validator for ShellHelper {}

impl rustyline::Helper for ShellHelper {}
