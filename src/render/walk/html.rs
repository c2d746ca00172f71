//! A walkthrough as one self-contained HTML page to share: the position as a table, each step
//! with its rules on demand (`<details>`), the verdict, the rules cited and their sources; no
//! script, nothing fetched, and print styles.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{
    Quotes, heading, narrate, readings, shows_tally, stopped_because, stopped_undecided, tally,
    text_not_modelled_line, where_cards_went,
};
use crate::engine::{Decision, Stop, Unanswered};
use crate::procedures::walkthrough::Walkthrough;
use crate::render::document_label;
use crate::render::position::{PositionTable, position_table};
use crate::render::rules::standing;
use crate::rules::{Citation, Corpus, Item};

/// The page's styles: readable on a screen, compact on paper.
const STYLE: &str = "
:root { color-scheme: light; --ink: #1d1d1f; --soft: #5b5b66; --line: #d7d7de; --tint: #f4f4f8;
  --warn: #8a4b00; --bad: #a4161a; --good: #1b6b2f; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 52rem; padding: 1.5rem 1rem 3rem; color: var(--ink);
  font: 1rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); }
.heading, .tally, .source, footer { color: var(--soft); }
.tally { font-size: .9rem; margin: .25rem 0; }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a { color: inherit; text-decoration-color: var(--soft); }
.note { border-left: 4px solid var(--warn); padding: .25rem .75rem; background: #fff8ec; }
.assumption { border-left: 4px solid var(--warn); padding: .1rem .75rem; margin: .5rem 0; }
.stop, .unmet { color: var(--bad); font-weight: 600; }
.verdict li:first-child { font-weight: 600; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; vertical-align: top; text-align: left; }
thead th { background: var(--tint); }
tbody th { white-space: nowrap; font-weight: 600; }
td ul, td ol { margin: 0; padding-left: 1.2rem; }
td .pile { margin: 0; }
#summary { border: 1px solid var(--line); border-left: 4px solid var(--ink); padding: .5rem .9rem;
  margin: 1rem 0; background: var(--tint); }
.summary { margin: 0; }
.summary div { margin: .2rem 0; }
.summary dt { font-weight: 600; display: inline; }
.summary dt::after { content: ': '; }
.summary dd { display: inline; margin: 0; }
#summary p { margin: .4rem 0 0; }
.facts { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: 0 0 .75rem; }
.facts div { display: flex; gap: .4rem; }
.facts dt { color: var(--soft); }
.facts dd { margin: 0; }
ol.steps { padding-left: 3rem; }
td { overflow-wrap: anywhere; }
@media (max-width: 600px) {
  body { padding: 1rem .6rem 2rem; }
  table, thead, tbody, tr, th, td { display: block; width: auto; }
  thead { position: absolute; left: -9999px; }
  tbody tr { border: 1px solid var(--line); margin: 0 0 .5rem; }
  tbody th, td { border: none; }
  tbody th { background: var(--tint); }
  td::before { content: attr(data-side); display: block; color: var(--soft); font-size: .85rem; }
  ol.steps { padding-left: 2.4rem; }
}
ol.steps > li { margin: 0 0 1rem; }
ol.steps > li > p:first-child { margin: 0; }
details { margin: .25rem 0; }
summary { cursor: pointer; color: var(--soft); font-size: .9rem; }
blockquote { margin: .4rem 0 .6rem; padding: .25rem .75rem; border-left: 3px solid var(--line);
  background: var(--tint); }
blockquote p { margin: .2rem 0; }
.rules dt { margin-top: .6rem; }
.rules dd { margin: 0; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  h2 { break-after: avoid; }
  ol.steps > li, tr, blockquote, .rules dd { break-inside: avoid; }
  details > :not(summary) { display: none; }
  ol.steps { padding-left: 3.2rem; }
  #summary { background: none; }
  summary { list-style: none; cursor: auto; }
  summary::-webkit-details-marker { display: none; }
  a { text-decoration: none; }
  .note, blockquote, thead th { background: none; }
}
";

/// The whole page.
pub fn page(walk: &Walkthrough, corpus: &Corpus) -> String {
    let mut page = Page {
        quotes: Quotes::new(corpus, walk.ruleset.clone()),
        cited: Vec::new(),
        cited_set: BTreeSet::new(),
        out: String::with_capacity(walk.step_count().saturating_mul(640) + 8192),
    };
    page.write(walk);
    page.out
}

struct Page<'a> {
    quotes: Quotes<'a>,
    /// The rules linked, in the order first linked, for the list of rules cited.
    cited: Vec<&'a Item>,
    cited_set: BTreeSet<String>,
    out: String,
}

impl<'a> Page<'a> {
    fn write(&mut self, walk: &Walkthrough) {
        let title = walk
            .title
            .as_deref()
            .unwrap_or(walk.outcome.default_title());
        let _ = write!(
            self.out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"jedi-judge\">\n<title>{}</title>\n\
             <style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{}</h1>\n\
             <p class=\"heading\">{}</p>\n</header>\n<main>\n",
            escape(title),
            escape(title),
            inline(&heading(walk, &self.quotes.ruleset))
        );
        self.summary(walk);
        self.notes(walk);
        self.position(walk);
        self.steps(walk);
        self.ending(walk);
        self.rules_cited();
        self.sources();
        self.out.push_str(
            "</main>\n<footer>\n<p>Made by jedi-judge. Rule text is quoted from the documents \
             under Sources; what the rules leave open is named as an assumption, never as rule \
             text.</p>\n</footer>\n</body>\n</html>\n",
        );
    }

    /// What the page says first: the verdict or the stop, the step that decided it with its
    /// rules linked, and whether the scenario expected otherwise.
    fn summary(&mut self, walk: &Walkthrough) {
        let summary = super::summary(walk);
        let (label, class) = if summary.stopped {
            ("Stopped", " class=\"stop\"")
        } else {
            ("Verdict", "")
        };
        let _ = write!(
            self.out,
            "<section id=\"summary\" aria-label=\"In short\">\n<dl class=\"summary\">\n\
             <div><dt>{label}</dt><dd{class}>"
        );
        for (at, line) in summary.outcome.iter().enumerate() {
            if at > 0 {
                self.out.push_str("<br>");
            }
            self.out.push_str(&inline(line));
        }
        self.out.push_str("</dd></div>\n");
        if let Some((number, step)) = summary.deciding {
            let rules = self.rule_links(step.cites());
            let _ = writeln!(
                self.out,
                "<div><dt>Decided at</dt><dd><a href=\"#step-{number}\">step {number}</a>: {}{rules}</dd></div>",
                inline(&super::narrate(step))
            );
        }
        if !walk.unmet.is_empty() {
            let _ = writeln!(
                self.out,
                "<div><dt>Expected</dt><dd class=\"unmet\"><a href=\"#unmet\">the scenario expected otherwise</a> ({})</dd></div>",
                escape(&crate::text::count(walk.unmet.len() as u64, "difference"))
            );
        }
        self.out.push_str("</dl>\n");
        if walk.step_count() > 0 {
            let _ = writeln!(
                self.out,
                "<p><a href=\"#walkthrough\">The walk, step by step</a> ({}), is below the position.</p>",
                escape(&crate::text::count(walk.step_count() as u64, "step"))
            );
        }
        self.out.push_str("</section>\n");
    }

    fn notes(&mut self, walk: &Walkthrough) {
        let mut notes: Vec<String> = super::ruleset_notes(self.quotes.corpus, &walk.ruleset)
            .iter()
            .map(|note| format!("<strong>Note:</strong> {}", inline(note)))
            .collect();
        for finding in &walk.findings {
            notes.push(format!(
                "<strong>Note:</strong> the position is illegal (<code>{}</code>): {}. See \
                 <code>jedi-judge check</code>.",
                escape(finding.code),
                inline(&finding.message)
            ));
        }
        for finding in walk.findings_not_met() {
            notes.push(format!(
                "<strong>Note:</strong> the scenario states what the rules do not allow \
                 (<code>{}</code>): {}. See <code>jedi-judge check</code>.",
                escape(finding.code),
                inline(&finding.message)
            ));
        }
        if notes.is_empty() {
            return;
        }
        self.out
            .push_str("<section id=\"notes\" aria-label=\"Notes\">\n");
        for note in notes {
            let _ = writeln!(self.out, "<p class=\"note\">{note}</p>");
        }
        self.out.push_str("</section>\n");
    }

    fn position(&mut self, walk: &Walkthrough) {
        let table: PositionTable = position_table(walk.outcome.table_before());
        self.out
            .push_str("<section id=\"position\">\n<h2>Position</h2>\n<dl class=\"facts\">\n");
        for (fact, value) in &table.facts {
            let _ = writeln!(
                self.out,
                "<div><dt>{}</dt><dd>{}</dd></div>",
                escape(fact),
                escape(value)
            );
        }
        let _ = write!(
            self.out,
            "</dl>\n<table>\n<thead>\n<tr><th scope=\"col\">Place</th>\
             <th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr>\n</thead>\n<tbody>\n",
            escape(&table.sides[0]),
            escape(&table.sides[1])
        );
        for row in &table.rows {
            let _ = write!(
                self.out,
                "<tr><th scope=\"row\">{}</th>",
                escape(&row.place)
            );
            for (side, cards) in table.sides.iter().zip(&row.cards) {
                let side = attribute(side);
                if cards.is_empty() {
                    let _ = write!(self.out, "<td data-side=\"{side}\">—</td>");
                    continue;
                }
                if row.compact {
                    let _ = write!(
                        self.out,
                        "<td data-side=\"{side}\"><p class=\"pile\">{}</p></td>",
                        escape(&cards.join(" · "))
                    );
                    continue;
                }
                let list = if row.ordered { "ol" } else { "ul" };
                let _ = write!(self.out, "<td data-side=\"{side}\"><{list}>");
                for card in cards {
                    let _ = write!(self.out, "<li>{}</li>", escape(card));
                }
                let _ = write!(self.out, "</{list}></td>");
            }
            self.out.push_str("</tr>\n");
        }
        self.out.push_str("</tbody>\n</table>\n</section>\n");
    }

    fn steps(&mut self, walk: &Walkthrough) {
        self.out
            .push_str("<section id=\"walkthrough\">\n<h2>Walkthrough</h2>\n");
        if walk.step_count() == 0 {
            self.out.push_str("<p>No step is walked.</p>\n</section>\n");
            return;
        }
        self.out.push_str("<ol class=\"steps\">\n");
        for (index, event) in walk.steps().enumerate() {
            let _ = write!(
                self.out,
                "<li id=\"step-{}\">\n<p>{}</p>\n",
                index + 1,
                inline(&narrate(event))
            );
            if shows_tally(event) {
                let _ = writeln!(self.out, "<p class=\"tally\">{}</p>", escape(&tally(event)));
            }
            let items: Vec<&'a Item> = event
                .cites()
                .iter()
                .filter_map(|cite| self.quotes.resolve(cite.id()))
                .collect();
            if !items.is_empty() {
                let ids: Vec<String> = items
                    .iter()
                    .map(|item| format!("<code>{}</code>", escape(&item.id)))
                    .collect();
                let _ = writeln!(
                    self.out,
                    "<details>\n<summary>Rules: {}</summary>",
                    ids.join(", ")
                );
                for item in items {
                    self.quote(item);
                }
                self.out.push_str("</details>\n");
            }
            for assumption in event.assumptions() {
                let _ = writeln!(
                    self.out,
                    "<p class=\"assumption\"><strong>Assumption</strong> (<code>{}</code>), not \
                     rule text: {}{}</p>",
                    escape(assumption.name),
                    inline(assumption.text),
                    readings(assumption.name)
                        .map(|readings| format!(" {}", inline(&readings)))
                        .unwrap_or_default()
                );
            }
            self.out.push_str("</li>\n");
        }
        self.out.push_str("</ol>\n</section>\n");
    }

    /// A rule quoted in a step: its id linked to the list of rules cited, its document linked
    /// to the sources.
    fn quote(&mut self, item: &'a Item) {
        let corpus = self.quotes.corpus;
        let standing = if self.quotes.ruleset.in_force(corpus, item) {
            String::new()
        } else {
            format!(
                " — {}",
                escape(&standing(corpus, &self.quotes.ruleset, item))
            )
        };
        let link = self.rule_link(item);
        let _ = writeln!(
            self.out,
            "<blockquote>\n<p class=\"source\">{link} · <a href=\"#source-{}\">{}</a>{standing}</p>\n\
             <p>{}</p>\n</blockquote>",
            attribute(&item.document),
            escape(&document_label(corpus, item)),
            text_html(item)
        );
    }

    /// The rule's id, linked to its entry in the list of rules cited, which then holds it.
    fn rule_link(&mut self, item: &'a Item) -> String {
        if self.cited_set.insert(item.id.to_string()) {
            self.cited.push(item);
        }
        format!(
            "<a href=\"#rule-{}\"><code>{}</code></a>",
            attribute(&item.id),
            escape(&item.id)
        )
    }

    /// The ids of rules cited, each linked.
    fn rule_links(&mut self, cites: &[Citation]) -> String {
        let items: Vec<&'a Item> = cites
            .iter()
            .filter_map(|cite| self.quotes.resolve(cite.id()))
            .collect();
        let links: Vec<String> = items.into_iter().map(|item| self.rule_link(item)).collect();
        if links.is_empty() {
            String::new()
        } else {
            format!(" <span class=\"source\">[{}]</span>", links.join(", "))
        }
    }

    fn ending(&mut self, walk: &Walkthrough) {
        match walk.stop() {
            Some(Stop::Undecided { decision, why }) => {
                let _ = writeln!(
                    self.out,
                    "<section id=\"verdict\">\n<h2>Stopped</h2>\n<p class=\"stop\">{}</p>",
                    escape(&stopped_undecided(why, walk.step_count()))
                );
                self.decision(decision, why);
                self.out.push_str("</section>\n");
            }
            Some(Stop::Missing { fact }) => {
                let _ = writeln!(
                    self.out,
                    "<section id=\"verdict\">\n<h2>Stopped</h2>\n<p class=\"stop\">{}</p>\n\
                     <p>{}</p>\n</section>",
                    escape(&stopped_because(fact, walk.step_count())),
                    inline(&fact.to_string())
                );
            }
            None => {
                self.out.push_str(
                    "<section id=\"verdict\">\n<h2>Verdict</h2>\n<ul class=\"verdict\">\n",
                );
                for line in walk.outcome.verdict_lines() {
                    let _ = writeln!(self.out, "<li>{}</li>", inline(&line));
                }
                let moves = where_cards_went(walk);
                if !moves.is_empty() {
                    self.out.push_str("<li>Where the cards went:\n<ul>\n");
                    for line in moves {
                        let _ = writeln!(self.out, "<li>{}</li>", escape(&line));
                    }
                    self.out.push_str("</ul>\n</li>\n");
                }
                self.out.push_str("</ul>\n</section>\n");
            }
        }
        if !walk.heard.is_empty() {
            self.out
                .push_str("<section id=\"heard\">\n<h2>Answers not asked, and heard</h2>\n<ul>\n");
            for heard in &walk.heard {
                let cites: Vec<Citation> = heard
                    .only_choice
                    .iter()
                    .flat_map(|only| only.cites.iter().copied())
                    .collect();
                let rules = self.rule_links(&cites);
                let _ = writeln!(self.out, "<li>{}{rules}</li>", inline(&heard.said("")));
            }
            self.out.push_str("</ul>\n</section>\n");
        }
        if let Some(line) = text_not_modelled_line(walk) {
            let _ = writeln!(self.out, "<p>{}</p>", inline(&line));
        }
        if !walk.unmet.is_empty() {
            self.out.push_str(
                "<section id=\"unmet\">\n<h2>The scenario expected otherwise</h2>\n<ul>\n",
            );
            for line in &walk.unmet {
                let _ = writeln!(self.out, "<li class=\"unmet\">{}</li>", inline(line));
            }
            self.out.push_str("</ul>\n</section>\n");
        }
    }

    /// The decision a walk stopped at: why, the legal options with their rules, and how to
    /// script one.
    fn decision(&mut self, decision: &Decision, why: &Unanswered) {
        match why {
            Unanswered::NotScripted => {
                let _ = writeln!(
                    self.out,
                    "<p>A decision is needed that the scenario does not script: {}.</p>",
                    inline(&decision.prompt)
                );
            }
            Unanswered::NotLegal { given, ruled_out } => {
                let _ = writeln!(
                    self.out,
                    "<p>The scenario's answer <code>{}</code> is not a legal choice: {}.</p>",
                    escape(given),
                    inline(&decision.prompt)
                );
                if let Some(ruled_out) = ruled_out {
                    let rules = self.rule_links(&ruled_out.cites);
                    let _ = writeln!(
                        self.out,
                        "<p>The rules rule it out: {}{rules}</p>",
                        inline(&crate::text::capitalised(&ruled_out.why))
                    );
                    for assumption in &ruled_out.assumptions {
                        let _ = writeln!(
                            self.out,
                            "<p class=\"assumption\"><strong>Assumption</strong> \
                             (<code>{}</code>), not rule text: {}</p>",
                            escape(assumption.name),
                            inline(assumption.text)
                        );
                    }
                }
            }
        }
        self.out.push_str("<p>Legal options:</p>\n<ol>\n");
        for (first, count) in crate::engine::deciders::distinct_choices(decision) {
            let Some(option) = decision.options.get(first) else {
                continue;
            };
            let rules = self.rule_links(&option.cites);
            let _ = writeln!(
                self.out,
                "<li>{}{}{rules}</li>",
                inline(&option.label),
                escape(&super::alike(count))
            );
        }
        let _ = writeln!(
            self.out,
            "</ol>\n<p>Script it under <code>decisions: {}: {}:</code> in the scenario, or pass \
             <code>--policy</code>.</p>",
            decision.who.word(),
            escape(decision.kind.script_key())
        );
    }

    /// Every rule linked, quoted once in full, for reading on paper.
    fn rules_cited(&mut self) {
        if self.cited.is_empty() {
            return;
        }
        self.out
            .push_str("<section id=\"rules\">\n<h2>Rules cited</h2>\n<dl class=\"rules\">\n");
        let corpus = self.quotes.corpus;
        for item in &self.cited {
            let section = if item.section.is_empty() {
                String::new()
            } else {
                format!(", section “{}”", escape(&item.section))
            };
            let _ = writeln!(
                self.out,
                "<dt id=\"rule-{}\"><code>{}</code> · <a href=\"#source-{}\">{}</a>{section}</dt>\n\
                 <dd><blockquote><p>{}</p></blockquote></dd>",
                attribute(&item.id),
                escape(&item.id),
                attribute(&item.document),
                escape(&document_label(corpus, item)),
                text_html(item)
            );
        }
        self.out.push_str("</dl>\n</section>\n");
    }

    /// The documents of the rules cited, in the order first cited: what each is and how it is
    /// dated.
    fn sources(&mut self) {
        let mut documents: Vec<&str> = Vec::new();
        for item in &self.cited {
            if !documents.contains(&&*item.document) {
                documents.push(&item.document);
            }
        }
        if documents.is_empty() {
            return;
        }
        self.out
            .push_str("<section id=\"sources\">\n<h2>Sources</h2>\n<ul>\n");
        for id in documents {
            let Some(document) = self.quotes.corpus.document(id) else {
                continue;
            };
            let _ = writeln!(
                self.out,
                "<li id=\"source-{}\"><cite>{}</cite>, {}, {}. {}</li>",
                attribute(&document.id),
                escape(&document.title),
                escape(&document.publisher),
                escape(&document.date.to_string()),
                escape(&document.date_evidence)
            );
        }
        self.out.push_str("</ul>\n</section>\n");
    }
}

/// An item's text: a rule's words, or a paraphrase marked as ours, with where to check it.
fn text_html(item: &Item) -> String {
    let text = escape(&item.text.replace('\n', " "));
    match crate::render::paraphrase_source(item) {
        Some(source) => format!(
            "<em>{}</em> {text} <span class=\"source\">{}</span>",
            escape(crate::render::PARAPHRASE),
            escape(&source)
        ),
        None => text,
    }
}

/// Text with the characters HTML gives meaning to in text escaped.
fn escape(text: &str) -> String {
    escaped(text, false)
}

/// An attribute value, to stand in double quotes.
fn attribute(text: &str) -> String {
    escaped(text, true)
}

fn escaped(text: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Escaped text whose `code spans` (as the walkthrough writes them for Markdown too) become
/// `<code>`; a lone backtick stays a backtick.
fn inline(text: &str) -> String {
    if !text.matches('`').count().is_multiple_of(2) {
        return escape(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (index, part) in text.split('`').enumerate() {
        if index % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", escape(part));
        } else {
            out.push_str(&escape(part));
        }
    }
    out
}
