//! Renders a walkthrough: numbered steps with their rules quoted, then the verdict, as text, Markdown or JSON.

mod html;

pub use html::page as html_page;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{
    Format, Palette, document_label, json as to_json, markdown_escape, wrap, wrap_hanging_into,
};
use crate::cards::Side;
use crate::engine::deciders::HeardAnswer;
use crate::engine::{Decision, Place, Step, Stop, Unanswered};
use crate::procedures::walkthrough::Walkthrough;
use crate::render::output::{
    DecisionOutput, OptionOutput, PositionFinding, RuleText, RuledOutOutput, StepOutput,
    StopOutput, UnansweredOutput, WalkOutput,
};
use crate::render::rules::standing;
use crate::rules::{Corpus, Item, Ruleset, lookup};

/// One sentence (or two) saying what an event did.
pub fn narrate(event: &dyn Step) -> String {
    event.narrate()
}

/// Whether the tally is worth showing after this event (once the hands exist).
fn shows_tally(event: &dyn Step) -> bool {
    event.shows_tally()
}

fn tally(event: &dyn Step) -> String {
    let t = event.tally();
    format!(
        "hits: Light {}, Dark {} · dueling hands: Light {}, Dark {}",
        t.light_hits, t.dark_hits, t.light_cards, t.dark_cards
    )
}

/// Quoted rules: the item each citation resolves to under the ruleset, first use numbered.
struct Quotes<'a> {
    corpus: &'a Corpus,
    ruleset: Ruleset,
    first_step: BTreeMap<String, usize>,
    /// What each cited id resolved to, looked up once.
    resolved: std::cell::RefCell<BTreeMap<String, Option<&'a Item>>>,
}

impl<'a> Quotes<'a> {
    fn new(corpus: &'a Corpus, ruleset: Ruleset) -> Quotes<'a> {
        Quotes {
            corpus,
            ruleset,
            first_step: BTreeMap::new(),
            resolved: Default::default(),
        }
    }

    fn resolve(&self, id: &str) -> Option<&'a Item> {
        if let Some(known) = self.resolved.borrow().get(id) {
            return *known;
        }
        let item = lookup(self.corpus, &self.ruleset, id)
            .ok()
            .map(|found| found.item);
        self.resolved.borrow_mut().insert(id.to_string(), item);
        item
    }

    /// The full ids of the rules cited, those the corpus holds, in order.
    fn ids<'c>(&self, cites: impl IntoIterator<Item = &'c crate::rules::Citation>) -> Vec<String> {
        cites
            .into_iter()
            .filter_map(|cite| self.resolve(cite.id()))
            .map(|item| item.id.to_string())
            .collect()
    }
}

/// Where a card went in all: its first place and its last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journey {
    /// The card instance's id on the board.
    pub card: u32,
    pub name: String,
    /// Known only by its destiny number.
    pub anonymous: bool,
    pub from: Place,
    pub to: Place,
}

/// The cards that ended somewhere other than where they started, in the order they first
/// moved (which does not depend on how the position numbered its cards).
pub fn journeys(walk: &Walkthrough) -> Vec<Journey> {
    let mut journeys: Vec<Journey> = Vec::new();
    let mut position_of: BTreeMap<u32, usize> = BTreeMap::new();
    for event in walk.steps() {
        for moved in event.moves() {
            match position_of
                .get(&moved.card)
                .and_then(|at| journeys.get_mut(*at))
            {
                Some(journey) => journey.to = moved.to.clone(),
                None => {
                    position_of.insert(moved.card, journeys.len());
                    journeys.push(Journey {
                        card: moved.card,
                        name: moved.name.to_string(),
                        anonymous: walk.outcome.anonymous(moved.card),
                        from: moved.from.clone(),
                        to: moved.to.clone(),
                    });
                }
            }
        }
    }
    journeys
        .into_iter()
        .filter(|journey| journey.from != journey.to)
        .collect()
}

fn where_cards_went(walk: &Walkthrough) -> Vec<String> {
    if !walk.outcome.tracks_cards() {
        return Vec::new();
    }
    let mut named: Vec<String> = Vec::new();
    let mut counted: BTreeMap<(String, String), usize> = BTreeMap::new();
    for journey in journeys(walk) {
        if journey.anonymous {
            *counted
                .entry((journey.from.label.to_string(), journey.to.label.to_string()))
                .or_default() += 1;
        } else {
            named.push(format!(
                "{}: from the {} to the {}",
                journey.name, journey.from.label, journey.to.label
            ));
        }
    }
    for ((from, to), count) in counted {
        named.push(format!(
            "{count} card{} known by destiny: from the {from} to the {to}",
            if count == 1 { "" } else { "s" }
        ));
    }
    named
}

/// A stop in one clause, for messages about a walk that did not end.
pub fn stop_summary(stop: &Stop) -> String {
    match stop {
        Stop::Undecided {
            decision,
            why: Unanswered::NotScripted,
        } => format!(
            "a decision the scenario does not script: {}",
            decision.prompt
        ),
        Stop::Undecided {
            decision,
            why: Unanswered::NotLegal { given, ruled_out },
        } => format!(
            "the answer {} is not a legal choice: {}{}",
            crate::text::quoted(given),
            decision.prompt,
            ruled_out
                .as_ref()
                .map(|ruled_out| format!(" ({})", ruled_out.why))
                .unwrap_or_default()
        ),
        Stop::Missing { fact } if fact.is_illegal() => {
            format!("the rules refuse what the scenario states: {fact}")
        }
        Stop::Missing { fact } => format!("the scenario lacks a fact: {fact}"),
    }
}

fn decision_lines(decision: &Decision, why: &Unanswered, quotes: &Quotes<'_>) -> Vec<String> {
    let mut lines = Vec::new();
    match why {
        Unanswered::NotScripted => lines.push(format!(
            "A decision is needed that the scenario does not script: {}.",
            decision.prompt
        )),
        Unanswered::NotLegal { given, ruled_out } => {
            lines.push(format!(
                "The scenario's answer {:?} is not a legal choice: {}.",
                crate::text::quoted(given),
                decision.prompt
            ));
            if let Some(ruled_out) = ruled_out {
                let rules = quotes.ids(&ruled_out.cites);
                lines.push(format!(
                    "The rules rule it out: {}  [{}]",
                    crate::text::capitalised(&ruled_out.why),
                    rules.join(", ")
                ));
                for assumption in &ruled_out.assumptions {
                    lines.push(format!(
                        "Assumption ({}), not rule text: {}",
                        assumption.name, assumption.text
                    ));
                }
            }
        }
    }
    lines.push("Legal options:".to_string());
    // One line a distinct choice: identical cards are one, with their count.
    for (index, (first, count)) in crate::engine::deciders::distinct_choices(decision)
        .into_iter()
        .enumerate()
    {
        let Some(option) = decision.options.get(first) else {
            continue;
        };
        let rules = quotes.ids(option.cites.iter());
        lines.push(format!(
            "  {}. {}{}  [{}]",
            index + 1,
            option.label,
            alike(count),
            rules.join(", ")
        ));
    }
    lines.push(format!(
        "Script it under `decisions: {}: {}:` in the scenario, or pass --policy.",
        match decision.who {
            Side::Light => "light",
            Side::Dark => "dark",
        },
        decision.kind.script_key()
    ));
    lines
}

/// What a choice that stands for several identical options says of them: " (3 alike)".
fn alike(count: usize) -> String {
    if count > 1 {
        format!(" ({count} alike)")
    } else {
        String::new()
    }
}

/// What the rules in force say of themselves before any step: a fan update that survives
/// only in part says what its readable text covers, once.
fn ruleset_notes(corpus: &Corpus, ruleset: &Ruleset) -> Vec<String> {
    ruleset
        .brought(corpus)
        .into_iter()
        .filter_map(|document| document.partial.as_deref())
        .map(|partial| format!("Under {ruleset}: {partial}"))
        .collect()
}

/// What a page says first, above the position and the steps: how the walk ended (the verdict,
/// or why it stopped) and the step that decided it, with its rules.
struct Summary<'w> {
    /// The verdict's lines, or the one line of a stop.
    outcome: Vec<String>,
    stopped: bool,
    /// The step that settled the outcome (its number from 1, and the step): the last that
    /// decides ([`crate::engine::Step::decides`]), else the last that cites a rule.
    deciding: Option<(usize, &'w dyn Step)>,
}

fn summary(walk: &Walkthrough) -> Summary<'_> {
    let (outcome, stopped) = match walk.stop() {
        Some(stop) => (
            vec![format!(
                "after step {}, {}.",
                walk.step_count(),
                stop_summary(stop)
            )],
            true,
        ),
        None => (walk.outcome.verdict_lines(), false),
    };
    let steps: Vec<&dyn Step> = walk.steps().collect();
    // A walk that stopped was decided by nothing but a step that decides; one that ended,
    // else by the last rule it applied.
    let deciding = steps
        .iter()
        .rposition(|step| step.decides())
        .or_else(|| {
            (!stopped)
                .then(|| steps.iter().rposition(|step| !step.cites().is_empty()))
                .flatten()
        })
        .map(|at| (at + 1, steps[at]));
    Summary {
        outcome,
        stopped,
        deciding,
    }
}

fn heading(walk: &Walkthrough, ruleset: &Ruleset) -> String {
    let mut text = walk.outcome.heading(ruleset, walk.seed);
    if let Some(policy) = walk.policy {
        let _ = write!(text, " · policy: {}", policy.name());
    }
    text
}

/// A walkthrough in the chosen format.
pub fn render(walk: &Walkthrough, corpus: &Corpus, format: Format, palette: Palette) -> String {
    let mut quotes = Quotes::new(corpus, walk.ruleset.clone());
    match format {
        Format::Json => to_json(&output(walk, corpus)),
        Format::Markdown => render_markdown(walk, &mut quotes),
        Format::Text => render_text(walk, &mut quotes, palette),
    }
}

/// [`render`], written to `out`; the JSON as it is made ([`super::json_to`]).
pub fn write(
    out: &mut dyn std::io::Write,
    walk: &Walkthrough,
    corpus: &Corpus,
    format: Format,
    palette: Palette,
) -> Result<(), serde_json::Error> {
    match format {
        Format::Json => super::json_to(out, &output(walk, corpus)),
        _ => out
            .write_all(render(walk, corpus, format, palette).as_bytes())
            .map_err(serde_json::Error::io),
    }
}

fn render_text(walk: &Walkthrough, quotes: &mut Quotes<'_>, palette: Palette) -> String {
    // About what a step takes, so that the text is seldom copied as it grows.
    let mut out = String::with_capacity(walk.step_count().saturating_mul(192) + 1024);
    if let Some(title) = &walk.title {
        let _ = writeln!(out, "{}", palette.heading(&wrap(title, palette.width, "")));
    }
    let _ = writeln!(
        out,
        "{}",
        palette.dim(&wrap(&heading(walk, &quotes.ruleset), palette.width, ""))
    );
    for note in ruleset_notes(quotes.corpus, &quotes.ruleset) {
        let _ = writeln!(out, "\n{}", palette.warn(&wrap(&note, palette.width, "")));
    }
    if !walk.findings.is_empty() {
        let _ = writeln!(out);
        for finding in &walk.findings {
            let _ = writeln!(
                out,
                "{}",
                palette.warn(&wrap(
                    &format!(
                        "Note: the position is illegal ({}): {}. See `jedi-judge check`.",
                        finding.code, finding.message
                    ),
                    palette.width,
                    ""
                ))
            );
        }
    }
    let not_met = walk.findings_not_met();
    if !not_met.is_empty() {
        let _ = writeln!(out);
        for finding in not_met {
            let _ = writeln!(
                out,
                "{}",
                palette.warn(&wrap(
                    &format!(
                        "Note: the scenario states what the rules do not allow ({}): {}. See `jedi-judge check`.",
                        finding.code, finding.message
                    ),
                    palette.width,
                    ""
                ))
            );
        }
    }
    for (index, event) in walk.steps().enumerate() {
        text_step(&mut out, quotes, index + 1, event, palette);
    }
    out.push_str(&text_ending(walk, quotes, palette));
    out
}

/// One step of a text walkthrough: the narration, the tally, the rules quoted (in full the
/// first time) and any assumption.
fn text_step(
    out: &mut String,
    quotes: &mut Quotes<'_>,
    step: usize,
    event: &dyn Step,
    palette: Palette,
) {
    const SPACES: &str = "                ";
    out.push('\n');
    let mut number = String::with_capacity(8);
    if step < 10 {
        number.push(' ');
    }
    let _ = write!(number, "{step}. ");
    let rest = SPACES.get(..number.len().max(4)).unwrap_or(SPACES);
    wrap_hanging_into(
        out,
        &narrate(event),
        palette.width,
        &palette.heading(&number),
        rest,
    );
    out.push('\n');
    if shows_tally(event) {
        let _ = writeln!(out, "    {}", palette.dim(&tally(event)));
    }
    for cite in event.cites() {
        let Some(item) = quotes.resolve(cite.id()) else {
            continue;
        };
        let mut label = String::with_capacity(item.id.len() + 96);
        label.push_str(&palette.id(&item.id));
        label.push(' ');
        let source = match quotes.first_step.get(&*item.id) {
            Some(first) => {
                let mut note = String::with_capacity(24);
                let _ = write!(note, "(quoted at step {first})");
                note
            }
            None => {
                let mut source = document_label(quotes.corpus, item);
                if !quotes.ruleset.in_force(quotes.corpus, item) {
                    source.push_str(" — ");
                    source.push_str(&standing(quotes.corpus, &quotes.ruleset, item));
                }
                source
            }
        };
        label.push_str(&palette.dim(&source));
        wrap_hanging_into(out, &label, palette.width, "    ", "      ");
        out.push('\n');
        if !quotes.first_step.contains_key(&*item.id) {
            quotes.first_step.insert(item.id.to_string(), step);
            wrap_hanging_into(
                out,
                &super::quoted_or_paraphrased(item),
                palette.width,
                "      ",
                "      ",
            );
            out.push('\n');
        }
    }
    for assumption in event.assumptions() {
        let _ = writeln!(
            out,
            "{}",
            palette.warn(&wrap(
                &format!(
                    "Assumption ({}), not rule text: {}{}",
                    assumption.name,
                    assumption.text,
                    readings(assumption.name)
                        .map(|readings| format!(" {readings}"))
                        .unwrap_or_default()
                ),
                palette.width,
                "    "
            ))
        );
    }
}

/// How a scenario chooses among the readings of a named assumption that has more than one:
/// "A scenario chooses its reading under `assumptions: NAME:` (`a`, the default; `b`)." The
/// same words in text and Markdown, whose code spans they are.
fn readings(name: &str) -> Option<String> {
    let (spec, _) = crate::procedures::assumptions()
        .into_iter()
        .find(|(spec, _)| spec.assumption.name == name)?;
    if spec.values.len() < 2 {
        return None;
    }
    let values: Vec<String> = spec
        .values
        .iter()
        .enumerate()
        .map(|(index, (value, _))| {
            if index == 0 {
                format!("`{value}`, the default")
            } else {
                format!("`{value}`")
            }
        })
        .collect();
    Some(format!(
        "A scenario chooses its reading under `assumptions: {name}:` ({}).",
        values.join("; ")
    ))
}

/// The end of a text walkthrough: the stop, or the verdict; and unmet expectations.
fn text_ending(walk: &Walkthrough, quotes: &mut Quotes<'_>, palette: Palette) -> String {
    let mut out = String::new();
    let bad = |text: &str| palette.bad(&wrap(text, palette.width, "")).into_owned();
    let _ = writeln!(out);
    match walk.stop() {
        Some(Stop::Undecided { decision, why }) => {
            let _ = writeln!(out, "{}", bad(&stopped_undecided(why, walk.step_count())));
            for line in decision_lines(decision, why, quotes) {
                let indent = if line.starts_with("  ") { "     " } else { "" };
                let wrapped = wrap(line.trim_start(), palette.width, indent);
                let wrapped = if indent.is_empty() {
                    wrapped
                } else {
                    format!("  {}", wrapped.trim_start())
                };
                let _ = writeln!(out, "{wrapped}");
            }
        }
        Some(Stop::Missing { fact }) => {
            let _ = writeln!(out, "{}", bad(&stopped_because(fact, walk.step_count())));
            let _ = writeln!(out, "{}", wrap(&fact.to_string(), palette.width, ""));
        }
        None => {
            let _ = writeln!(out, "{}", palette.heading("Verdict"));
            for line in walk.outcome.verdict_lines() {
                let _ = writeln!(out, "{}", wrap(&line, palette.width, "  "));
            }
            let moves = where_cards_went(walk);
            if !moves.is_empty() {
                let _ = writeln!(out, "  Where the cards went:");
                for line in moves {
                    let _ = writeln!(out, "{}", wrap(&line, palette.width, "    "));
                }
            }
        }
    }
    if !walk.heard.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "Answers not asked, and heard:");
        for heard in &walk.heard {
            let line = heard.said(&rules_of(heard, quotes));
            let _ = writeln!(out, "{}", wrap(&line, palette.width, "  "));
        }
    }
    if let Some(line) = text_not_modelled_line(walk) {
        let _ = writeln!(out);
        let _ = writeln!(out, "{}", wrap(&line, palette.width, ""));
    }
    if !walk.unmet.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "{}", palette.bad("The scenario expected otherwise:"));
        for line in &walk.unmet {
            let _ = writeln!(out, "  {}", palette.bad(line));
        }
    }
    out
}

/// Prints a walkthrough one step at a time, for the interactive shell.
pub struct TextStepper<'a> {
    quotes: Quotes<'a>,
    palette: Palette,
}

impl<'a> TextStepper<'a> {
    pub fn new(corpus: &'a Corpus, ruleset: &Ruleset, palette: Palette) -> TextStepper<'a> {
        TextStepper {
            quotes: Quotes::new(corpus, ruleset.clone()),
            palette,
        }
    }

    /// The text of step `step`.
    pub fn step(&mut self, step: usize, event: &dyn Step) -> String {
        let mut out = String::new();
        text_step(&mut out, &mut self.quotes, step, event, self.palette);
        out
    }

    /// A decision with its numbered legal options and the rules behind them.
    pub fn decision(&self, decision: &Decision) -> String {
        let mut out = format!(
            "{}\n",
            wrap(
                &format!("Decision: {}.", decision.prompt),
                self.palette.width,
                ""
            )
        );
        // One line a distinct choice: identical cards are one, with their count.
        let choices = crate::engine::deciders::distinct_choices(decision);
        for (index, (first, count)) in choices.into_iter().enumerate() {
            let Some(option) = decision.options.get(first) else {
                continue;
            };
            let rules = self.quotes.ids(option.cites.iter());
            let marker = format!("  {}. ", crate::engine::deciders::marker(decision, index));
            let rest = " ".repeat(marker.len());
            let copies = alike(count);
            let _ = writeln!(
                out,
                "{}",
                super::wrap_hanging(
                    &format!(
                        "{}{copies}  {}",
                        option.label,
                        self.palette.dim(&format!("[{}]", rules.join(", ")))
                    ),
                    self.palette.width,
                    &marker,
                    &rest
                )
            );
        }
        out
    }

    /// The stop or verdict at the end.
    pub fn ending(&mut self, walk: &Walkthrough) -> String {
        text_ending(walk, &mut self.quotes, self.palette)
    }
}

/// A Markdown walkthrough: one ordered list, each step an item whose blocks (the tally, the
/// rules quoted, the assumptions) are indented to the width of its number, so that every
/// CommonMark renderer keeps them inside it; no raw HTML.
fn render_markdown(walk: &Walkthrough, quotes: &mut Quotes<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## {}\n",
        markdown_escape(
            walk.title
                .as_deref()
                .unwrap_or(walk.outcome.default_title())
        )
    );
    let _ = writeln!(
        out,
        "*{}*\n",
        markdown_escape(&heading(walk, &quotes.ruleset))
    );
    for note in ruleset_notes(quotes.corpus, &quotes.ruleset) {
        let _ = writeln!(out, "> **Note:** {}\n", markdown_escape(&note));
    }
    for finding in &walk.findings {
        let _ = writeln!(
            out,
            "> **Note:** the position is illegal (`{}`): {}.\n",
            finding.code,
            markdown_escape(&finding.message)
        );
    }
    for finding in walk.findings_not_met() {
        let _ = writeln!(
            out,
            "> **Note:** the scenario states what the rules do not allow (`{}`): {}.\n",
            finding.code,
            markdown_escape(&finding.message)
        );
    }
    markdown_summary(walk, quotes, &mut out);
    for (index, event) in walk.steps().enumerate() {
        let step = index + 1;
        let marker = format!("{step}. ");
        let indent = " ".repeat(marker.len());
        let mut blocks: Vec<String> = vec![markdown_escape(&narrate(event))];
        if shows_tally(event) {
            blocks.push(format!("*{}*", markdown_escape(&tally(event))));
        }
        for cite in event.cites() {
            let Some(item) = quotes.resolve(cite.id()) else {
                continue;
            };
            match quotes.first_step.get(&*item.id) {
                Some(first) => blocks.push(format!("`{}` (quoted at step {first})", item.id)),
                None => {
                    quotes.first_step.insert(item.id.to_string(), step);
                    let standing = if quotes.ruleset.in_force(quotes.corpus, item) {
                        String::new()
                    } else {
                        format!(
                            " — {}",
                            markdown_escape(&standing(quotes.corpus, &quotes.ruleset, item))
                        )
                    };
                    let text = markdown_escape(&item.text.replace('\n', " "));
                    let text = match super::paraphrase_source(item) {
                        Some(_) => format!("*{}* {text}", super::PARAPHRASE),
                        None => text,
                    };
                    blocks.push(format!(
                        "> `{}`: *{}*{standing}\\\n> {text}",
                        item.id,
                        markdown_escape(&document_label(quotes.corpus, item)),
                    ));
                }
            }
        }
        for assumption in event.assumptions() {
            blocks.push(format!(
                "**Assumption** (`{}`), not rule text: {}{}",
                assumption.name,
                markdown_escape(assumption.text),
                readings(assumption.name)
                    .map(|readings| format!(" {readings}"))
                    .unwrap_or_default()
            ));
        }
        for (position, block) in blocks.iter().enumerate() {
            if position > 0 {
                out.push('\n');
            }
            for (line_number, line) in block.lines().enumerate() {
                if position == 0 && line_number == 0 {
                    out.push_str(&marker);
                } else {
                    out.push_str(&indent);
                }
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push('\n');
    }
    match walk.stop() {
        Some(Stop::Undecided { decision, why }) => {
            let _ = writeln!(out, "**{}**\n", stopped_undecided(why, walk.step_count()));
            let lines = decision_lines(decision, why, quotes);
            let (options, text): (Vec<&String>, Vec<&String>) =
                lines.iter().partition(|line| line.starts_with("  "));
            // The lines up to "Legal options:" go before the list of options, the rest after.
            let before = text
                .iter()
                .position(|line| line.starts_with("Legal options"))
                .map_or(text.len(), |at| at + 1);
            let (head, rest) = text.split_at(before);
            for line in head {
                let _ = writeln!(out, "{}\n", markdown_escape(line));
            }
            for option in &options {
                let option = option.trim_start();
                let (number, label) = option.split_once(". ").unwrap_or(("", option));
                let _ = writeln!(out, "{number}. {}", markdown_escape(label));
            }
            out.push('\n');
            for line in rest {
                let _ = writeln!(out, "{}\n", markdown_escape(line));
            }
        }
        Some(Stop::Missing { fact }) => {
            let _ = writeln!(
                out,
                "**{}** {}",
                stopped_because(fact, walk.step_count()),
                markdown_escape(&fact.to_string())
            );
        }
        None => {
            let _ = writeln!(out, "### Verdict\n");
            for line in walk.outcome.verdict_lines() {
                let _ = writeln!(out, "- {}", markdown_escape(&line));
            }
            let moves = where_cards_went(walk);
            if !moves.is_empty() {
                let _ = writeln!(out, "- Where the cards went:");
                for line in moves {
                    let _ = writeln!(out, "  - {}", markdown_escape(&line));
                }
            }
        }
    }
    if !walk.heard.is_empty() {
        let _ = writeln!(out, "\nAnswers not asked, and heard:\n");
        for heard in &walk.heard {
            let line = heard.said(&rules_of(heard, quotes));
            let _ = writeln!(out, "- {}", markdown_escape(&line));
        }
    }
    if let Some(line) = text_not_modelled_line(walk) {
        let _ = writeln!(out, "\n{}", markdown_escape(&line));
    }
    for line in &walk.unmet {
        let _ = writeln!(out, "\n**Expected otherwise:** {}", markdown_escape(line));
    }
    out
}

/// The rules that left an answer heard its one choice, as a walk writes them after it:
/// ` [revised.duel.who-fights]`.
/// The summary above the steps, in Markdown: the verdict or the stop, and the deciding step
/// with its rules' ids.
fn markdown_summary(walk: &Walkthrough, quotes: &Quotes<'_>, out: &mut String) {
    let summary = summary(walk);
    let label = if summary.stopped {
        "Stopped"
    } else {
        "Verdict"
    };
    let _ = writeln!(
        out,
        "**In short.** {label}: {}\n",
        markdown_escape(&summary.outcome.join(" "))
    );
    if let Some((number, step)) = summary.deciding {
        let ids: Vec<String> = step
            .cites()
            .iter()
            .filter_map(|cite| quotes.resolve(cite.id()))
            .map(|item| format!("`{}`", item.id))
            .collect();
        let rules = if ids.is_empty() {
            String::new()
        } else {
            format!(" ({})", ids.join(", "))
        };
        let _ = writeln!(
            out,
            "Decided at step {number}: {}{rules}\n",
            markdown_escape(&narrate(step))
        );
    }
    if !walk.unmet.is_empty() {
        let _ = writeln!(
            out,
            "**The scenario expected otherwise** ({}): see the end.\n",
            crate::text::count(walk.unmet.len() as u64, "difference")
        );
    }
    if walk.step_count() > 0 {
        let _ = writeln!(
            out,
            "The walk, step by step ({}):\n",
            crate::text::count(walk.step_count() as u64, "step")
        );
    }
}

fn rules_of(heard: &HeardAnswer, quotes: &Quotes<'_>) -> String {
    let ids = quotes.ids(heard.only_choice.iter().flat_map(|only| &only.cites));
    if ids.is_empty() {
        String::new()
    } else {
        format!(" [{}]", ids.join(", "))
    }
}

/// Why a walk stopped at a decision after `steps` steps: one the scenario does not answer, or
/// an answer the rules refuse.
fn stopped_undecided(why: &Unanswered, steps: usize) -> String {
    match why {
        Unanswered::NotScripted => format!("Stopped after step {steps}."),
        Unanswered::NotLegal { .. } => {
            format!("Refused after step {steps}: the scenario's answer is not legal.")
        }
    }
}

/// Why a walk stopped for a fact after `steps` steps: one the scenario lacks, or a claim of
/// it the rules refuse.
fn stopped_because(fact: &crate::engine::MissingFact, steps: usize) -> String {
    if fact.is_illegal() {
        format!("Refused after step {steps}: the scenario states what the rules do not allow.")
    } else {
        format!("Stopped after step {steps}: the scenario lacks a fact.")
    }
}

/// What a walk says of the cards whose printed text it does not apply, if any.
fn text_not_modelled_line(walk: &Walkthrough) -> Option<String> {
    (!walk.text_not_modelled.is_empty()).then(|| {
        format!(
            "Printed text not modelled, so not applied by this walk (the judge applies any of it that bears on the position): {}.",
            walk.text_not_modelled.join("; ")
        )
    })
}

/// The walk as its JSON output.
pub fn output<'a>(walk: &'a Walkthrough, corpus: &'a Corpus) -> WalkOutput<'a> {
    let quotes = Quotes::new(corpus, walk.ruleset.clone());
    // Every rule cited anywhere is quoted once, under `rules`.
    let mut rules = BTreeMap::new();
    let mut quote = |cites: &[crate::rules::Citation]| {
        for item in cites.iter().filter_map(|cite| quotes.resolve(cite.id())) {
            rules
                .entry(item.id.to_string())
                .or_insert_with(|| RuleText::of(corpus, item));
        }
    };
    // The steps' rules here; the steps themselves are made as they are written (below).
    for event in walk.steps() {
        quote(event.cites());
    }
    let mut full_ids = |cites: &[crate::rules::Citation]| -> Vec<String> {
        quote(cites);
        quotes.ids(cites)
    };
    let stop = walk.stop().map(|stop| match stop {
        Stop::Undecided { decision, why } => StopOutput::Undecided {
            decision: DecisionOutput {
                kind: crate::render::output::DecisionKindName(decision.kind.name),
                who: decision.who,
                prompt: decision.prompt.clone(),
                options: decision
                    .options
                    .iter()
                    .map(|option| OptionOutput {
                        label: option.label.to_string(),
                        card: option.card.map(|card| card.0),
                        name: option.name.as_deref().map(str::to_string),
                        destiny: option.destiny,
                        declines: option.declines,
                        rules: full_ids(&option.cites),
                    })
                    .collect(),
            },
            why: match why {
                Unanswered::NotScripted => UnansweredOutput::NotScripted,
                Unanswered::NotLegal { given, ruled_out } => UnansweredOutput::NotLegal {
                    given: given.clone(),
                    ruled_out: ruled_out.as_ref().map(|ruled_out| RuledOutOutput {
                        why: ruled_out.why.clone(),
                        rules: full_ids(&ruled_out.cites),
                        assumptions: ruled_out.assumptions.iter().map(Into::into).collect(),
                    }),
                },
            },
        },
        Stop::Missing { fact } => StopOutput::Missing {
            fact: fact.to_string(),
            illegal: fact.is_illegal(),
            code: fact.code().to_string(),
            card: fact.card().map(str::to_string),
            field: fact.field().map(str::to_string),
        },
    });
    let illegal: Vec<String> = walk
        .illegal_findings()
        .into_iter()
        .map(str::to_string)
        .collect();
    let (game, seed, result) = (
        walk.game,
        walk.seed,
        crate::render::output::ResultOutput(walk.outcome.result()),
    );
    let answers_not_asked = walk
        .heard
        .iter()
        .map(|heard| {
            let rules = heard
                .only_choice
                .as_ref()
                .map(|only| full_ids(&only.cites))
                .unwrap_or_default();
            crate::render::output::HeardOutput {
                answer: heard.written(),
                said: heard.said(""),
                rules,
            }
        })
        .collect();
    let ruleset = quotes.ruleset.to_string();
    let events = crate::render::output::StepsOutput::new(walk, move |index, event| StepOutput {
        step: index + 1,
        text: narrate(event),
        kind: crate::render::output::EventOutput(event.kind()),
        cites: quotes.ids(event.cites()),
        assumptions: event.assumptions().iter().map(Into::into).collect(),
        moves: event.moves().iter().map(Into::into).collect(),
        tally: event.tally(),
    });
    WalkOutput {
        format: Default::default(),
        version: crate::render::output::VERSION,
        game,
        title: walk.title.clone(),
        ruleset,
        seed,
        policy: walk.policy.map(|policy| policy.name().to_string()),
        illegal_position: walk
            .findings
            .iter()
            .map(|finding| PositionFinding {
                code: finding.code.to_string(),
                message: finding.message.clone(),
            })
            .collect(),
        legal: illegal.is_empty(),
        findings: illegal,
        ruleset_notes: ruleset_notes(corpus, &walk.ruleset),
        events,
        stop,
        result,
        card_journeys: journeys(walk).iter().map(Into::into).collect(),
        expectation_unmet: walk.unmet.clone(),
        text_not_modelled: walk.text_not_modelled.clone(),
        answers_not_asked,
        rules,
    }
}
