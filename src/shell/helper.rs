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
use crate::scenario::GameName;

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

    /// Card names completing `fragment` (typed from `start`), settled so that a completion
    /// never drops a word typed: a quote typed before the name is kept (and closed round a
    /// whole name); where the names differ before the words typed, the one whose title and
    /// subtitle the words begin (`padme handm`: *Padmé Naberrie, Handmaiden*) is the
    /// completion, and without one the names are only listed (`listed`).
    fn settled_card_names(
        &self,
        start: usize,
        fragment: &str,
        names: impl Fn(&str) -> Vec<String>,
    ) -> Settled {
        let quote = fragment
            .chars()
            .next()
            .filter(|first| matches!(first, '"' | '\''));
        let inner = quote.map_or(fragment, |quote| &fragment[quote.len_utf8()..]);
        let mut candidates = names(inner);
        let keeps_the_words = |completion: &str| {
            !matching::names_completing([completion], inner).is_empty()
                || normalised_words(inner).is_empty()
        };
        let common = common_prefix(&candidates);
        let mut listed = false;
        if candidates.len() > 1 && !keeps_the_words(common) {
            let meant: Vec<String> = candidates
                .iter()
                .filter(|name| title_and_subtitle_begun(name, inner))
                .cloned()
                .collect();
            if let [one] = meant.as_slice() {
                candidates = vec![one.clone()];
            } else {
                listed = true;
            }
        }
        if let Some(quote) = quote {
            for name in &mut candidates {
                *name = if listed {
                    format!("{quote}{name}")
                } else {
                    format!("{quote}{name}{quote}")
                };
            }
        }
        Settled {
            start,
            candidates,
            listed,
        }
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
        let (start, candidates, _) = self.completion(text);
        (start, candidates)
    }

    /// [`Self::completions`], and whether the candidates are only listed, the text typed
    /// kept as it is: no completion keeps every word typed.
    pub fn completion(&self, text: &str) -> (usize, Vec<String>, bool) {
        let settled = self.completion_settled(text);
        (settled.start, settled.candidates, settled.listed)
    }

    fn completion_settled(&self, text: &str) -> Settled {
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
            return Settled::from((
                last_word_start,
                spaced(Self::words_starting(&commands, fragment)),
            ));
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
        Settled::from(match command.as_str() {
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
            "policy" => {
                let names: Vec<&str> = crate::procedures::policies_of(GameName::YoungJedi)
                    .into_iter()
                    .map(|policy| policy.name())
                    .chain(["off"])
                    .collect();
                simple(&names)
            }
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
                return self.settled_card_names(start, fragment, |inner| self.card_names(inner));
            }
            // Commands about a card on the table: its names, or if none is meant, the catalog's.
            "set" | "move" | "remove" | "hide" | "reveal" | "hits" | "thrust" | "deployed" => {
                let start = text.len() - after_command.len();
                return self.settled_card_names(start, after_command, |inner| {
                    let on_table = self.table_card_names(inner);
                    if on_table.is_empty() {
                        self.card_names(inner)
                    } else {
                        on_table
                    }
                });
            }
            _ => (last_word_start, Vec::new()),
        })
    }
}

/// Completions settled: where the replacement starts, the candidates, and whether they are
/// only listed, the text typed kept.
struct Settled {
    start: usize,
    candidates: Vec<String>,
    listed: bool,
}

impl From<(usize, Vec<String>)> for Settled {
    fn from((start, candidates): (usize, Vec<String>)) -> Settled {
        Settled {
            start,
            candidates,
            listed: false,
        }
    }
}

/// A text's words as names are compared: accents, case and punctuation aside.
fn normalised_words(text: &str) -> Vec<String> {
    matching::normalise(text)
        .split(' ')
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

/// The longest text every name begins with (at a character's boundary).
fn common_prefix(names: &[String]) -> &str {
    let Some(first) = names.first() else {
        return "";
    };
    let mut end = first.len();
    for name in &names[1..] {
        end = first
            .char_indices()
            .zip(name.chars())
            .find(|((_, a), b)| a != b)
            .map_or(end.min(name.len()), |((at, _), _)| at.min(end));
    }
    first.get(..end).unwrap_or_default()
}

/// Whether the words typed begin a name's title and then its subtitle, word by word in
/// order (`padme handm`: *Padmé Naberrie, Handmaiden*, not *Padmé Naberrie, Amidala's
/// Handmaiden*).
fn title_and_subtitle_begun(name: &str, typed: &str) -> bool {
    let typed = normalised_words(typed);
    let Some((title, subtitle)) = name.split_once(", ") else {
        return false;
    };
    let (title, subtitle) = (normalised_words(title), normalised_words(subtitle));
    let begins = |words: &[String], typed: &[String]| {
        typed.len() <= words.len()
            && typed
                .iter()
                .zip(words)
                .all(|(typed, word)| word.starts_with(typed.as_str()))
    };
    (1..typed.len()).any(|split| {
        let (in_title, in_subtitle) = typed.split_at(split);
        begins(&title, in_title) && begins(&subtitle, in_subtitle)
    })
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
        let (start, candidates, listed) = self.completion(text);
        let pairs = candidates
            .into_iter()
            .take(40)
            .map(|candidate| Pair {
                // A name the user gave may hold a control character: the list shows it
                // written out (`\u{1b}`), the completion puts in the name itself.
                display: crate::text::escaped_output(&candidate, false).into_owned(),
                // Only listed: nothing replaces what was typed.
                replacement: if listed { String::new() } else { candidate },
            })
            .collect();
        Ok((if listed { pos } else { start }, pairs))
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
