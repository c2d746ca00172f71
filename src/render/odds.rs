//! The odds as text (a table with a bar per ending), Markdown and JSON (`jedi-judge schema odds`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::output::{AssumptionApplied, OddsFormat, OddsRefusedFormat, RuleText, VERSION};
use super::{Format, Palette};
use crate::cards::Side;
use crate::procedures::odds::{
    BestAnswer, ChoiceMade, DeckModel, Distribution, Ending, Estimate, Expected, GoalKind,
    HowChosen, OddsReport, Reached, fraction_text, readable_fraction,
};
use crate::rules::Corpus;

/// The odds in a format.
pub fn render(report: &OddsReport, corpus: &Corpus, format: Format, palette: Palette) -> String {
    match format {
        Format::Text => text(report, corpus, palette),
        Format::Markdown => markdown(report, corpus),
        Format::Json => super::json(&output(report, corpus)),
    }
}

/// One row of a table of chances: what ends so, and its chance.
struct Row {
    what: String,
    chance: Estimate,
}

/// The tables every format shows, each a heading and its rows.
fn tables(distribution: &Distribution) -> Vec<(String, Vec<Row>)> {
    let side_rows = |of: fn(&Ending) -> Option<Side>, whose: &str| -> Vec<Row> {
        [Some(Side::Light), Some(Side::Dark), None]
            .into_iter()
            .map(|side| Row {
                what: match side {
                    Some(side) => format!("the {}{whose}", side.label()),
                    None => "neither".to_string(),
                },
                chance: distribution.chance(|ending| of(ending) == side),
            })
            .collect()
    };
    let goal = goal_of(distribution);
    let mut tables = match goal {
        Some((side, kind)) => vec![(
            format!("Whether {}", kind.reached_words(side)),
            [true, false]
                .into_iter()
                .map(|reached| Row {
                    what: if reached { "yes" } else { "no" }.to_string(),
                    chance: distribution
                        .chance(|ending| ending.goal.is_some_and(|goal| goal.reached == reached)),
                })
                .collect(),
        )],
        None => vec![(
            "Whose character is defeated".to_string(),
            side_rows(|ending| ending.defeated, "'s character"),
        )],
    };
    for side in [Side::Light, Side::Dark] {
        let values: std::collections::BTreeSet<i32> = distribution
            .endings()
            .iter()
            .map(|(ending, _)| ending.damage(side))
            .collect();
        tables.push((
            format!("Damage the {} takes", side.label()),
            values
                .into_iter()
                .map(|value| Row {
                    what: crate::text::count(u64::from(value.unsigned_abs()), "card"),
                    chance: distribution.chance(|ending| ending.damage(side) == value),
                })
                .collect(),
        ));
    }
    for side in [Side::Light, Side::Dark]
        .into_iter()
        .filter(|_| goal.is_none())
    {
        let values: std::collections::BTreeSet<u32> = distribution
            .endings()
            .iter()
            .map(|(ending, _)| ending.hits(side))
            .collect();
        tables.push((
            format!(
                "Hits on the {}'s character when the exchange ends",
                side.label()
            ),
            values
                .into_iter()
                .map(|value| Row {
                    what: crate::text::count(u64::from(value), "hit"),
                    chance: distribution.chance(|ending| ending.hits(side) == value),
                })
                .collect(),
        ));
    }
    tables.push((
        "Deck victory".to_string(),
        side_rows(|ending| ending.deck_victory, ""),
    ));
    tables
}

/// The goal the endings count (an evacuation, a lap), and whose it is; `None` for a duel.
fn goal_of(distribution: &Distribution) -> Option<(Side, GoalKind)> {
    distribution
        .endings()
        .iter()
        .find_map(|(ending, _)| ending.goal.map(|goal| (goal.side, *goal.kind)))
}

/// The chance the goal is reached, where the endings count one.
fn goal_chance(distribution: &Distribution) -> Option<Estimate> {
    goal_of(distribution)
        .map(|_| distribution.chance(|ending| ending.goal.is_some_and(|goal| goal.reached)))
}

/// An option's numbers for the best answer in words: its margin, and either the chance the
/// goal is reached or each side's chance that its character is defeated.
fn option_words(side: Side, distribution: &Distribution) -> String {
    let margin = expected_words(&BestAnswer::margin(side, distribution));
    match (goal_of(distribution), goal_chance(distribution)) {
        (Some((whose, kind)), Some(chance)) => format!(
            "{} {}; margin {margin}",
            kind.reached_words(whose),
            chance_words(&chance)
        ),
        _ => format!(
            "margin {margin}; the {}'s character defeated {}; the {}'s {}",
            side.label(),
            chance_words(&distribution.chance(|ending| ending.defeated == Some(side))),
            side.opponent().label(),
            chance_words(&distribution.chance(|ending| ending.defeated == Some(side.opponent())))
        ),
    }
}

/// A bar of `width` cells for a chance, in eighths of a cell.
fn bar(value: f64, width: usize) -> String {
    const PARTS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    let eighths = (value.clamp(0.0, 1.0) * (width * 8) as f64).round() as usize;
    let mut out = "█".repeat(eighths / 8);
    out.push_str(PARTS[eighths % 8]);
    out
}

/// A chance in words: `3/8 · 37.5%` (a fraction too long to read left out), `37.5% (95%
/// interval 36.6–38.4%)` sampled, `at least 37.5% (at most 41.0%)` stopped part way.
fn chance_words(chance: &Estimate) -> String {
    let percent = format!("{:.1}%", chance.value() * 100.0);
    if let Some(most) = chance.at_most() {
        return format!("at least {percent} (at most {:.1}%)", most * 100.0);
    }
    match (chance.fraction(), chance.interval()) {
        (Some(fraction), _) => {
            let fraction = fraction_text(fraction);
            if readable_fraction(&fraction) {
                format!("{fraction} · {percent}")
            } else {
                percent
            }
        }
        (None, Some((low, high))) => {
            format!(
                "{percent} (95% interval {:.1}–{:.1}%)",
                low * 100.0,
                high * 100.0
            )
        }
        (None, None) => percent,
    }
}

/// An expected value in words: `3/2 ≈ 1.50`, `2`, or `≈ 1.36` (sampled, or a fraction too
/// long to read).
fn expected_words(expected: &Expected) -> String {
    match expected.fraction() {
        Some(fraction) if !fraction.contains('/') => fraction,
        Some(fraction) if readable_fraction(&fraction) => {
            format!("{fraction} ≈ {:.2}", expected.value())
        }
        _ => format!("≈ {:.2}", expected.value()),
    }
}

/// `at least ` before an expected damage of an answer stopped part way: damage is never
/// less than 0, so the cases not reached can only add to it.
fn at_least(distribution: &Distribution) -> &'static str {
    if distribution.is_part() {
        "at least "
    } else {
        ""
    }
}

/// The heading: the scenario's title, or what is answered.
fn heading(report: &OddsReport) -> String {
    match &report.title {
        Some(title) => format!("Odds: {title}"),
        None => "Odds of the position".to_string(),
    }
}

/// A number of things, with separators: `1 case`, `59,867 cases`.
fn counted(number: u64, noun: &str) -> String {
    let digits = crate::text::thousands(usize::try_from(number).unwrap_or(usize::MAX));
    if number == 1 {
        format!("1 {noun}")
    } else {
        format!("{digits} {noun}s")
    }
}

/// How the answer was reached, in a sentence.
fn method_line(report: &OddsReport) -> String {
    let answer = &report.answer;
    let mut line = match answer.reached {
        Reached::Exact { cases } => match &answer.best {
            Some(best) => format!(
                "Exact: summed over every distinguishable draw after each of the {} options, {} in all ({}).",
                best.options.len(),
                counted(cases, "case"),
                counted(answer.runs, "run")
            ),
            None if answer
                .choices
                .iter()
                .any(|choice| matches!(choice.how, HowChosen::Weighed { .. })) =>
            {
                format!(
                    "Exact: summed over every distinguishable draw after each way the open choices can fall, {} in all ({}).",
                    counted(cases, "case"),
                    counted(answer.runs, "run")
                )
            }
            None => format!(
                "Exact: summed over every distinguishable draw, {} ({}).",
                counted(cases, "case"),
                counted(answer.runs, "run")
            ),
        },
        Reached::Sampled { samples, seed } => format!(
            "Sampled: {} random orders of the draw decks from seed {seed}; each chance has its 95% interval.",
            crate::text::thousands(usize::try_from(samples).unwrap_or(usize::MAX))
        ),
    };
    if let Some(why) = &answer.why_sampled {
        line.push_str(&format!(" Sampled because the tree is too large: {why}."));
    }
    if answer.partial {
        let covered = answer.distribution.covered();
        match covered.at_most() {
            Some(_) => line.push_str(&format!(
                " PARTIAL: stopped before the end, with {:.1}% of the cases (by their chance) summed; each chance is at least the part reached, and at most that and every case not reached.",
                covered.value() * 100.0
            )),
            None => line.push_str(
                " PARTIAL: stopped before the end; the chances are of the samples taken.",
            ),
        }
    }
    line
}

fn policy_line(report: &OddsReport) -> String {
    let policies = report.answer.policies;
    format!(
        "Play: the Light Side by the policy {}, the Dark Side by {}.",
        policies.light.name(),
        policies.dark.name()
    )
}

fn deck_line(deck: &DeckModel) -> String {
    if deck.counted {
        return format!(
            "The {} draw deck: {}, given only as a count; {}.",
            deck.side.label(),
            crate::text::count(deck.cards as u64, "card"),
            if deck.drawn_from {
                "drawn from"
            } else {
                "not drawn from before cards go back into it"
            }
        );
    }
    if deck.cards == 0 {
        return format!("The {} draw deck is empty.", deck.side.label());
    }
    let kinds: Vec<String> = deck
        .kinds
        .iter()
        .map(|kind| format!("{} × {}", kind.count, kind.name))
        .collect();
    format!(
        "The {} draw deck: {} ({}), {}.",
        deck.side.label(),
        crate::text::count(deck.cards as u64, "card"),
        kinds.join(", "),
        if deck.drawn_from {
            "in an order unknown: summed over"
        } else {
            "not drawn from before cards go back into it, so its order changes nothing counted here"
        }
    )
}

/// What is known and what is summed over, a sentence each.
pub fn information_model(report: &OddsReport) -> Vec<String> {
    let mut lines: Vec<String> = report.answer.decks.iter().map(deck_line).collect();
    lines.push(
        "Everything else the position states is known: the cards in play, and any hand or dueling hand it lists.".to_string(),
    );
    lines.push(
        "Cards drawn together are a set: identical cards (the same card in the same state) are one case, and a policy reads a hand highest destiny first, as it does in a walk, so the order cards are drawn in changes no play.".to_string(),
    );
    if goal_of(&report.answer.distribution).is_some() {
        lines.push(
            "After cards go back into a deck (a reshuffle), what is drawn from it counts cards, not which: the odds count how many.".to_string(),
        );
        lines.push(
            "Each choice made in the open, before any hidden card is seen (whether to intercept, whether to thrust, how many cards to refuel), is a fact where the scenario states it (`decisions:`); else its side takes the option best for it by these odds, the opponent choosing to win at his own. Past that, the policies play.".to_string(),
        );
        return lines;
    }
    lines.push(
        "After cards go back into a deck (the duel's reshuffle), damage takes cards from it whatever they are: the odds count how many.".to_string(),
    );
    lines.push(
        "Each choice made in the open, before any hidden card is seen (who duels, with what, who defends), is a fact where the scenario states it (`decisions:`); else its side takes the option best for it by these odds, the opponent choosing to win at his own. Inside the exchange, where hands are hidden, the policies play.".to_string(),
    );
    lines
}

/// How an open choice was made, in words.
fn how_words(choice: &ChoiceMade, policies: crate::procedures::odds::Policies) -> String {
    match choice.how {
        HowChosen::Stated => "stated by the scenario, in `decisions:`".to_string(),
        HowChosen::Weighed { options } => format!(
            "the best of {options} options for the {} by these odds",
            choice.side.label()
        ),
        HowChosen::Policy => format!(
            "by the policy {} (more open choices than the odds weigh)",
            policies.of(choice.side).name()
        ),
    }
}

/// An open choice in a sentence: `The Light Side: choose a dueling character to defend
/// instead: Obi-Wan Kenobi, Jedi Padawan (the best of 2 options for the Light Side by these
/// odds).`
/// A prompt that names its player (`the Light Side player may choose …`) stands alone.
fn choice_line(choice: &ChoiceMade, policies: crate::procedures::odds::Policies) -> String {
    let prompt = choice.prompt.trim_end_matches(['.', '?', ':']);
    let who = if prompt.starts_with(&format!("the {} player ", choice.side.label())) {
        crate::text::capitalised(prompt)
    } else {
        format!("The {}: {prompt}", choice.side.label())
    };
    format!(
        "{who}: {} ({}).",
        choice.chosen,
        how_words(choice, policies)
    )
}

fn best_heading(best: &BestAnswer) -> String {
    format!(
        "The {}'s best answer to the decision pending: {}",
        best.side.label(),
        best.prompt
    )
}

const LINEUP_HEADING: &str = "As the odds play it, before any hidden card is used";
const CHOICES_HEADING: &str = "The choices made in the open";

const BEST_MEASURE: &str = "Best: the largest expected damage to the opponent less damage to the side; among equals, the first by name. Each option is played; then each side takes its best at its open choices, and the policies play the exchange.";

/// How the best option is chosen where the endings count a goal (an evacuation, a lap).
const BEST_MEASURE_GOAL: &str = "Best: for the side whose goal it is, the largest chance of reaching it; for his opponent, the smallest; then the largest expected damage to the opponent less damage to the side; among equals, the first by name. Each option is played; then each side takes its best at its open choices, and the policies play what is hidden.";

/// How the best option is chosen, for these options.
fn best_measure(best: &BestAnswer) -> &'static str {
    if best
        .options
        .iter()
        .any(|option| goal_of(&option.distribution).is_some())
    {
        BEST_MEASURE_GOAL
    } else {
        BEST_MEASURE
    }
}

fn option_label(label: &str, stands_for: usize) -> String {
    if stands_for > 1 {
        format!("{label} (any of {stands_for})")
    } else {
        label.to_string()
    }
}

/// A paragraph wrapped with hanging indents, and its line's end.
fn line(out: &mut String, text: &str, width: usize, first: &str, rest: &str) {
    super::wrap_hanging_into(out, text, width, first, rest);
    out.push('\n');
}

fn text(report: &OddsReport, corpus: &Corpus, palette: Palette) -> String {
    let width = palette.width;
    let mut out = String::new();
    out.push_str(&format!("{}\n", palette.heading(&heading(report))));
    out.push_str(&format!(
        "{}\n\n",
        palette.dim(&format!(
            "action {} · {} · seed {}",
            report.action, report.ruleset, report.seed
        ))
    ));
    line(&mut out, &method_line(report), width, "", "");
    line(&mut out, &policy_line(report), width, "", "");
    if !report.illegal.is_empty() {
        line(
            &mut out,
            &format!(
                "The position is illegal ({}); the odds answer it as it stands.",
                report.illegal.join(", ")
            ),
            width,
            "",
            "",
        );
    }
    let answer = &report.answer;
    if !answer.lineup.is_empty() {
        out.push('\n');
        out.push_str(&format!("{}\n", palette.heading(LINEUP_HEADING)));
        for sentence in &answer.lineup {
            line(&mut out, sentence, width, "  - ", "    ");
        }
    }
    if !answer.choices.is_empty() {
        out.push('\n');
        out.push_str(&format!("{}\n", palette.heading(CHOICES_HEADING)));
        for choice in &answer.choices {
            line(
                &mut out,
                &choice_line(choice, answer.policies),
                width,
                "  - ",
                "    ",
            );
        }
    }
    out.push('\n');
    out.push_str(&format!(
        "{}\n",
        palette.heading("What is known, and what is summed over")
    ));
    for sentence in information_model(report) {
        line(&mut out, &sentence, width, "  - ", "    ");
    }
    for (heading, rows) in tables(&answer.distribution) {
        out.push('\n');
        out.push_str(&format!("{}\n", palette.heading(&heading)));
        let what_width = rows
            .iter()
            .map(|row| super::visible_width(&row.what))
            .max()
            .unwrap_or(0);
        let words: Vec<String> = rows.iter().map(|row| chance_words(&row.chance)).collect();
        let words_width = words
            .iter()
            .map(|word| super::visible_width(word))
            .max()
            .unwrap_or(0);
        for (row, words) in rows.iter().zip(&words) {
            let row = format!(
                "  {}  {}  {}",
                super::pad(&row.what, what_width),
                super::pad(words, words_width),
                bar(row.chance.value(), 20)
            );
            out.push_str(row.trim_end());
            out.push('\n');
        }
    }
    out.push('\n');
    for side in [Side::Light, Side::Dark] {
        out.push_str(&format!(
            "Expected damage to the {}: {}{}\n",
            side.label(),
            at_least(&answer.distribution),
            expected_words(
                &answer
                    .distribution
                    .expected(|ending| i64::from(ending.damage(side)))
            )
        ));
    }
    if let Some(best) = &answer.best {
        out.push('\n');
        line(
            &mut out,
            &palette.heading(&best_heading(best)),
            width,
            "",
            "",
        );
        line(&mut out, best_measure(best), width, "", "");
        for (at, option) in best.options.iter().enumerate() {
            let mark = if at == best.best {
                "▶ best "
            } else {
                "       "
            };
            line(
                &mut out,
                &format!(
                    "{}: {}",
                    option_label(&option.label, option.stands_for),
                    option_words(best.side, &option.distribution)
                ),
                width,
                &format!("  {mark}"),
                "         ",
            );
        }
    }
    let rules: Vec<&crate::rules::Item> = answer
        .cites
        .iter()
        .filter_map(|cite| cite.resolve(corpus, &report.ruleset))
        .collect();
    if !rules.is_empty() {
        out.push('\n');
        out.push_str(&format!(
            "{}\n",
            palette.heading("The rules that shaped the options, as the runs applied them")
        ));
        for item in rules {
            line(
                &mut out,
                &format!(
                    "{} — {}",
                    palette.id(&item.id),
                    super::document_label(corpus, item)
                ),
                width,
                "  ",
                "    ",
            );
            line(
                &mut out,
                &super::quoted_or_paraphrased(item),
                width,
                "    ",
                "    ",
            );
        }
    }
    let assumptions: Vec<String> = answer
        .assumptions
        .iter()
        .map(|assumption| format!("{}: {}", assumption.name, assumption.text))
        .collect();
    listed(
        &mut out,
        &palette.heading("Named assumptions (not rule text) the runs rested on"),
        &assumptions,
        width,
    );
    listed(
        &mut out,
        &palette.bad("Not as the scenario expects (expect: odds:)"),
        &report.unmet,
        width,
    );
    out
}

/// A heading and its items, one a line, after a blank line; nothing for no items.
fn listed(out: &mut String, heading: &str, items: &[String], width: usize) {
    if items.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(heading);
    out.push('\n');
    for item in items {
        line(out, item, width, "  - ", "    ");
    }
}

fn markdown(report: &OddsReport, corpus: &Corpus) -> String {
    use super::markdown_escape as esc;
    let mut out = String::new();
    out.push_str(&format!("# {}\n\n", esc(&heading(report))));
    out.push_str(&format!(
        "Action `{}` · {} · seed {}\n\n",
        report.action,
        esc(&report.ruleset.to_string()),
        report.seed
    ));
    out.push_str(&format!("{}\n\n", esc(&method_line(report))));
    out.push_str(&format!("{}\n\n", esc(&policy_line(report))));
    if !report.illegal.is_empty() {
        out.push_str(&format!(
            "The position is illegal ({}); the odds answer it as it stands.\n\n",
            esc(&report.illegal.join(", "))
        ));
    }
    if !report.answer.lineup.is_empty() {
        out.push_str(&format!("## {LINEUP_HEADING}\n\n"));
        for sentence in &report.answer.lineup {
            out.push_str(&format!("- {}\n", esc(sentence)));
        }
        out.push('\n');
    }
    if !report.answer.choices.is_empty() {
        out.push_str(&format!("## {CHOICES_HEADING}\n\n"));
        for choice in &report.answer.choices {
            out.push_str(&format!(
                "- {}\n",
                esc(&choice_line(choice, report.answer.policies))
            ));
        }
        out.push('\n');
    }
    out.push_str("## What is known, and what is summed over\n\n");
    for sentence in information_model(report) {
        out.push_str(&format!("- {}\n", esc(&sentence)));
    }
    let answer = &report.answer;
    for (heading, rows) in tables(&answer.distribution) {
        out.push_str(&format!("\n## {}\n\n", esc(&heading)));
        out.push_str("| ending | chance | |\n|---|---|---|\n");
        for row in rows {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                esc(&row.what),
                esc(&chance_words(&row.chance)),
                bar(row.chance.value(), 20)
            ));
        }
    }
    out.push('\n');
    for side in [Side::Light, Side::Dark] {
        out.push_str(&format!(
            "- Expected damage to the {}: {}{}\n",
            side.label(),
            at_least(&answer.distribution),
            esc(&expected_words(
                &answer
                    .distribution
                    .expected(|ending| i64::from(ending.damage(side)))
            ))
        ));
    }
    if let Some(best) = &answer.best {
        out.push_str(&format!("\n## {}\n\n", esc(&best_heading(best))));
        out.push_str(&format!("{}\n\n", esc(best_measure(best))));
        let side = best.side;
        let goal = best
            .options
            .iter()
            .find_map(|option| goal_of(&option.distribution));
        match goal {
            Some((whose, kind)) => out.push_str(&format!(
                "| option | {} | margin |\n|---|---|---|\n",
                kind.reached_words(whose)
            )),
            None => out.push_str(&format!(
                "| option | margin | the {}'s character defeated | the {}'s character defeated |\n|---|---|---|---|\n",
                side.label(),
                side.opponent().label()
            )),
        }
        for (at, option) in best.options.iter().enumerate() {
            let label = esc(&option_label(&option.label, option.stands_for));
            let label = if at == best.best {
                format!("**{label}** (best)")
            } else {
                label
            };
            let margin = esc(&expected_words(&BestAnswer::margin(
                side,
                &option.distribution,
            )));
            if let Some(chance) = goal.and_then(|_| goal_chance(&option.distribution)) {
                out.push_str(&format!(
                    "| {label} | {} | {margin} |\n",
                    esc(&chance_words(&chance))
                ));
                continue;
            }
            out.push_str(&format!(
                "| {label} | {margin} | {} | {} |\n",
                esc(&chance_words(
                    &option
                        .distribution
                        .chance(|ending| ending.defeated == Some(side))
                )),
                esc(&chance_words(
                    &option
                        .distribution
                        .chance(|ending| ending.defeated == Some(side.opponent()))
                )),
            ));
        }
    }
    let rules: Vec<&crate::rules::Item> = answer
        .cites
        .iter()
        .filter_map(|cite| cite.resolve(corpus, &report.ruleset))
        .collect();
    if !rules.is_empty() {
        out.push_str("\n## The rules that shaped the options\n\n");
        for item in rules {
            out.push_str(&format!(
                "**{}**, {}\n\n",
                esc(&item.id),
                esc(&super::document_label(corpus, item))
            ));
            if let Some(source) = super::paraphrase_source(item) {
                out.push_str(&format!(
                    "{} {}\n\n",
                    esc(super::PARAPHRASE),
                    esc(&item.text.replace('\n', " "))
                ));
                out.push_str(&format!("{}\n\n", esc(&source)));
            } else {
                out.push_str(&format!("{}\n\n", super::markdown_quote(&item.text)));
            }
        }
    }
    if !answer.assumptions.is_empty() {
        out.push_str("\n## Named assumptions (not rule text)\n\n");
        for assumption in &answer.assumptions {
            out.push_str(&format!(
                "- `{}`: {}\n",
                assumption.name,
                esc(assumption.text)
            ));
        }
    }
    if !report.unmet.is_empty() {
        out.push_str("\n## Not as the scenario expects\n\n");
        for unmet in &report.unmet {
            out.push_str(&format!("- {}\n", esc(unmet)));
        }
    }
    out
}

/// `odds --format json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OddsOutput {
    pub format: OddsFormat,
    pub version: u32,
    pub title: Option<String>,
    /// The action whose endings are counted.
    pub action: String,
    /// The ruleset: `latest`, or `rules as of YYYY-MM-DD`.
    pub ruleset: String,
    pub seed: u64,
    /// `exact` or `sampled`.
    pub method: String,
    /// Exact: the distinguishable draws summed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cases: Option<u64>,
    /// Sampled: the samples taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
    /// Why the answer is sampled though not asked to be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_sampled: Option<String>,
    /// Stopped before the end: the chances cover only what was reached.
    pub partial: bool,
    /// The share of the cases the chances cover: 1, less for an exact answer stopped part
    /// way (whose every chance is then a bound: `value` at least, `at_most` at most).
    pub covered: ChanceOutput,
    /// Runs of the procedure made.
    pub runs: u64,
    /// The policy each side plays by.
    pub policies: PoliciesOutput,
    /// What is known and what is summed over, a sentence each.
    pub information_model: Vec<String>,
    /// What is played before any hidden card is used, as the answer plays it: a sentence an
    /// event (who fights whom, with what, at what power, drawing how many cards).
    pub lineup: Vec<String>,
    /// The choices made in the open, and how each was made.
    pub choices: Vec<ChoiceOutput>,
    pub decks: Vec<DeckOutput>,
    /// Every ending, with its chance.
    pub endings: Vec<EndingOutput>,
    /// What one side sets out to do (an evacuation, a lap), and the chance it does; absent
    /// for a duel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<GoalOutput>,
    /// The chance each side's character is defeated, and neither's; absent where the
    /// endings count a goal (no character duels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defeated: Option<BySideOutput>,
    pub deck_victory: BySideOutput,
    pub expected_damage: DamageOutput,
    /// The pending decision answered option by option (`--best`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<BestOutput>,
    /// The rules the runs applied, by full id.
    pub rules: BTreeMap<String, RuleText>,
    /// Named assumptions the runs rested on: not rule text.
    pub assumptions: Vec<AssumptionApplied>,
    /// The codes of the findings that make the position illegal.
    pub illegal_position: Vec<String>,
    /// The differences from the scenario's `expect: odds:`.
    pub expectation_unmet: Vec<String>,
}

/// Every output of `odds --format json`, for its schema: an answer, or why there is none.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum OddsJson {
    Answer(Box<OddsOutput>),
    Refused(OddsRefusedOutput),
}

/// `odds --format json` where no odds can be given: why, in words and as a code.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OddsRefusedOutput {
    pub format: OddsRefusedFormat,
    pub version: u32,
    /// The scenario file asked.
    pub file: String,
    /// Why no odds are given, in words.
    pub refused: String,
    /// The kind of refusal: `exact-too-large`, `too-large`, `stops`, `illegal`, `refused`,
    /// `counted-deck`, `counted-hand`, `no-decision`, `decision-after-draw`, `no-ending`,
    /// `not-young-jedi`.
    pub code: String,
    /// `exact-too-large`: the distinguishable draws an exact answer was estimated to sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<u64>,
    /// `exact-too-large`: the most it may sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub most: Option<u64>,
    /// Where the scenario states the refusal it expects (`expect: odds: refused:`): the
    /// differences from it (none: refused as expected, exit 0).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expectation_unmet: Vec<String>,
}

/// The JSON of a refusal to give odds.
pub fn refused(
    file: &str,
    refusal: &crate::procedures::odds::OddsRefusal,
    said: &str,
    unmet: &[String],
) -> String {
    use crate::procedures::odds::OddsRefusal;
    let (estimate, most) = match refusal {
        OddsRefusal::ExactTooLarge { estimate, most } => (Some(*estimate), Some(*most)),
        _ => (None, None),
    };
    let code = refusal.code();
    super::json(&OddsRefusedOutput {
        format: OddsRefusedFormat::Name,
        version: VERSION,
        file: file.to_string(),
        refused: said.to_string(),
        code: code.to_string(),
        estimate,
        most,
        expectation_unmet: unmet.to_vec(),
    })
}

/// A choice made in the open.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChoiceOutput {
    pub side: Side,
    pub prompt: String,
    pub chosen: String,
    /// `stated` (the scenario's `decisions:`), `weighed` (the best of `options` for the side
    /// by these odds) or `policy` (more open choices than the odds weigh).
    pub how: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<usize>,
}

/// The policies of the two sides.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PoliciesOutput {
    pub light: String,
    pub dark: String,
}

/// A side's draw deck as the odds know it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DeckOutput {
    pub side: Side,
    pub cards: usize,
    /// Given only as a count: its cards are unknown.
    pub counted: bool,
    /// Whether the runs drew from it before cards went back into it.
    pub drawn_from: bool,
    pub kinds: Vec<DeckKindOutput>,
}

/// Identical cards of a deck, counted.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DeckKindOutput {
    pub name: String,
    pub destiny: Option<i32>,
    pub count: usize,
}

/// A chance: exact as a fraction, or sampled with its interval.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChanceOutput {
    /// The exact fraction (`3/8`), where exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction: Option<String>,
    /// The chance in 0..=1; of an answer stopped part way (`partial`), the least it can be:
    /// its share of the cases reached.
    pub value: f64,
    /// Of an exact answer stopped part way: the most the chance can be, `value` and every
    /// case not reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    /// Sampled: how many samples ended so, of how many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hits: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
    /// Sampled: the 95 % interval (Wilson's score interval).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_95: Option<[f64; 2]>,
}

impl ChanceOutput {
    fn of(estimate: &Estimate) -> ChanceOutput {
        let (hits, samples) = match estimate {
            Estimate::Sampled { hits, samples } => (Some(*hits), Some(*samples)),
            Estimate::Exact(_) | Estimate::AtLeast { .. } => (None, None),
        };
        ChanceOutput {
            fraction: estimate.fraction().map(fraction_text),
            value: estimate.value(),
            at_most: estimate.at_most(),
            hits,
            samples,
            interval_95: estimate.interval().map(|(low, high)| [low, high]),
        }
    }
}

/// An expected value: exact as a fraction, or estimated.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExpectedOutput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction: Option<String>,
    pub value: f64,
}

impl ExpectedOutput {
    fn of(expected: &Expected) -> ExpectedOutput {
        ExpectedOutput {
            fraction: expected.fraction(),
            value: expected.value(),
        }
    }
}

/// A chance for each side, and for neither.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BySideOutput {
    pub light: ChanceOutput,
    pub dark: ChanceOutput,
    pub none: ChanceOutput,
}

impl BySideOutput {
    fn of(distribution: &Distribution, of: fn(&Ending) -> Option<Side>) -> BySideOutput {
        let chance = |side| ChanceOutput::of(&distribution.chance(|ending| of(ending) == side));
        BySideOutput {
            light: chance(Some(Side::Light)),
            dark: chance(Some(Side::Dark)),
            none: chance(None),
        }
    }
}

/// The damage each side is expected to take.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DamageOutput {
    pub light: ExpectedOutput,
    pub dark: ExpectedOutput,
}

impl DamageOutput {
    fn of(distribution: &Distribution) -> DamageOutput {
        let of = |side: Side| {
            ExpectedOutput::of(&distribution.expected(|ending| i64::from(ending.damage(side))))
        };
        DamageOutput {
            light: of(Side::Light),
            dark: of(Side::Dark),
        }
    }
}

/// What one side sets out to do, and the chance it does.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GoalOutput {
    pub side: Side,
    pub kind: GoalKind,
    /// The chance it is reached.
    pub reached: ChanceOutput,
}

impl GoalOutput {
    fn of(distribution: &Distribution) -> Option<GoalOutput> {
        let (side, kind) = goal_of(distribution)?;
        Some(GoalOutput {
            side,
            kind,
            reached: ChanceOutput::of(&goal_chance(distribution)?),
        })
    }
}

/// One ending with its chance.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EndingOutput {
    #[serde(flatten)]
    pub ending: Ending,
    pub chance: ChanceOutput,
}

/// The pending decision, answered option by option.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BestOutput {
    pub side: Side,
    pub prompt: String,
    /// How the best option is chosen.
    pub measure: String,
    pub options: Vec<BestOptionOutput>,
}

/// One option of the pending decision.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BestOptionOutput {
    pub label: String,
    /// How many of the decision's options it stands for (identical cards).
    pub stands_for: usize,
    pub best: bool,
    /// Expected damage to the opponent less damage to the side.
    pub margin: ExpectedOutput,
    /// Where the endings count a goal: the chance it is reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<ChanceOutput>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defeated: Option<BySideOutput>,
    pub expected_damage: DamageOutput,
}

/// The JSON output of an odds answer.
pub fn output(report: &OddsReport, corpus: &Corpus) -> OddsOutput {
    let answer = &report.answer;
    let (method, cases, samples) = match answer.reached {
        Reached::Exact { cases } => ("exact", Some(cases), None),
        Reached::Sampled { samples, .. } => ("sampled", None, Some(samples)),
    };
    OddsOutput {
        format: OddsFormat::Name,
        version: VERSION,
        title: report.title.clone(),
        action: report.action.to_string(),
        ruleset: report.ruleset.to_string(),
        seed: report.seed,
        method: method.to_string(),
        cases,
        samples,
        why_sampled: answer.why_sampled.clone(),
        partial: answer.partial,
        covered: ChanceOutput::of(&answer.distribution.covered()),
        runs: answer.runs,
        policies: PoliciesOutput {
            light: answer.policies.light.name().to_string(),
            dark: answer.policies.dark.name().to_string(),
        },
        information_model: information_model(report),
        lineup: answer.lineup.clone(),
        choices: answer
            .choices
            .iter()
            .map(|choice| ChoiceOutput {
                side: choice.side,
                prompt: choice.prompt.clone(),
                chosen: choice.chosen.clone(),
                how: match choice.how {
                    HowChosen::Stated => "stated",
                    HowChosen::Weighed { .. } => "weighed",
                    HowChosen::Policy => "policy",
                }
                .to_string(),
                options: match choice.how {
                    HowChosen::Weighed { options } => Some(options),
                    HowChosen::Stated | HowChosen::Policy => None,
                },
            })
            .collect(),
        decks: answer
            .decks
            .iter()
            .map(|deck| DeckOutput {
                side: deck.side,
                cards: deck.cards,
                counted: deck.counted,
                drawn_from: deck.drawn_from,
                kinds: deck
                    .kinds
                    .iter()
                    .map(|kind| DeckKindOutput {
                        name: kind.name.clone(),
                        destiny: kind.destiny,
                        count: kind.count,
                    })
                    .collect(),
            })
            .collect(),
        endings: answer
            .distribution
            .endings()
            .into_iter()
            .map(|(ending, chance)| EndingOutput {
                ending,
                chance: ChanceOutput::of(&chance),
            })
            .collect(),
        goal: GoalOutput::of(&answer.distribution),
        defeated: goal_of(&answer.distribution)
            .is_none()
            .then(|| BySideOutput::of(&answer.distribution, |ending| ending.defeated)),
        deck_victory: BySideOutput::of(&answer.distribution, |ending| ending.deck_victory),
        expected_damage: DamageOutput::of(&answer.distribution),
        best: answer.best.as_ref().map(|best| BestOutput {
            side: best.side,
            prompt: best.prompt.clone(),
            measure: best_measure(best).to_string(),
            options: best
                .options
                .iter()
                .enumerate()
                .map(|(at, option)| BestOptionOutput {
                    label: option.label.clone(),
                    stands_for: option.stands_for,
                    best: at == best.best,
                    margin: ExpectedOutput::of(&BestAnswer::margin(
                        best.side,
                        &option.distribution,
                    )),
                    goal: goal_chance(&option.distribution).map(|chance| ChanceOutput::of(&chance)),
                    defeated: goal_of(&option.distribution)
                        .is_none()
                        .then(|| BySideOutput::of(&option.distribution, |ending| ending.defeated)),
                    expected_damage: DamageOutput::of(&option.distribution),
                })
                .collect(),
        }),
        rules: answer
            .cites
            .iter()
            .filter_map(|cite| cite.resolve(corpus, &report.ruleset))
            .map(|item| (item.id.to_string(), RuleText::of(corpus, item)))
            .collect(),
        assumptions: answer
            .assumptions
            .iter()
            .map(|assumption| AssumptionApplied {
                name: assumption.name,
                text: assumption.text,
            })
            .collect(),
        illegal_position: report.illegal.iter().map(|code| code.to_string()).collect(),
        expectation_unmet: report.unmet.clone(),
    }
}
