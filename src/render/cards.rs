//! Renders cards of the catalog with their facts, sources and derived traits.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::output::{
    CardListed, CardShown, CardsDisagreementsOutput, CardsSearchOutput, CardsShowOutput,
    DisagreementOutput, TraitOutput, VERSION,
};

use super::{Format, Palette, json as to_json, markdown_escape, wrap};
use crate::cards::traits::derive_all;
use crate::cards::{
    Card, CardRow, CardType, DerivedTrait, Disagreement, Fact, Game, Half, LocationBonus, Source,
    TraitValue, disagreement_kind,
};
use crate::rules::{Corpus, Ruleset, lookup};

/// The indent of values and citations under a label.
const INDENT: &str = "                      ";

/// `  label:  value`, the value wrapped under itself.
fn labelled(label: &str, value: &str, width: usize) -> String {
    let wrapped = wrap(value, width, INDENT);
    let head = format!("  {:<20}", format!("{label}:"));
    match wrapped.strip_prefix(INDENT) {
        Some(rest) => format!("{head}{rest}"),
        None => wrapped,
    }
}

/// A source as a short bracketed reference: the corpus id (resolved for a key) or where.
fn source_label(corpus: &Corpus, ruleset: &Ruleset, source: &Source) -> String {
    match source {
        Source::Rule(id) => citation_label(corpus, ruleset, id),
        Source::Outside(place) => format!("outside the rules: {place}"),
        Source::Scenario => "scenario".to_string(),
    }
}

/// A citation resolved under the ruleset, marked when not in force there.
fn citation_label(corpus: &Corpus, ruleset: &Ruleset, id: &str) -> String {
    match lookup(corpus, ruleset, id) {
        Ok(found) if found.in_force => found.item.id.to_string(),
        Ok(found) => format!("{}, not in force under {ruleset}", found.item.id),
        Err(_) => id.to_string(),
    }
}

fn trait_value(value: TraitValue) -> String {
    match value {
        TraitValue::Yes => "yes".to_string(),
        TraitValue::No => "no".to_string(),
        TraitValue::Unknown => "unknown".to_string(),
        TraitValue::Number(number) => number.to_string(),
        TraitValue::Unusable(number) => format!("{number} (unusable)"),
    }
}

/// The rows of a card being listed: each a label, the value shown, and its source.
struct Rows<'a> {
    corpus: &'a Corpus,
    ruleset: &'a Ruleset,
    rows: Vec<(String, String, String)>,
}

impl Rows<'_> {
    fn push(&mut self, label: &str, value: String, source: String) {
        self.rows.push((label.to_string(), value, source));
    }

    /// A fact's row: its value as `show` words it, its note, and its source.
    fn fact<T>(&mut self, label: &str, fact: &Fact<T>, show: impl FnOnce(&T) -> String) {
        let mut value = show(&fact.value);
        if let Some(note) = &fact.note {
            value.push_str(&format!(" ({note})"));
        }
        let source = source_label(self.corpus, self.ruleset, &fact.source);
        self.push(label, value, source);
    }

    /// A fact's row if the card has the fact.
    fn known<T>(&mut self, label: &str, fact: &Option<Fact<T>>, show: impl FnOnce(&T) -> String) {
        if let Some(fact) = fact {
            self.fact(label, fact, show);
        }
    }

    /// A fact's row, or "unknown" where the card lacks it.
    fn or_unknown<T>(
        &mut self,
        label: &str,
        fact: &Option<Fact<T>>,
        show: impl FnOnce(&T) -> String,
    ) {
        match fact {
            Some(fact) => self.fact(label, fact, show),
            None => self.push(label, "unknown".to_string(), String::new()),
        }
    }
}

/// The facts of a card as (label, value, source) rows, unknown stats included.
fn rows(corpus: &Corpus, ruleset: &Ruleset, card: &Card) -> Vec<(String, String, String)> {
    let mut out = Rows {
        corpus,
        ruleset,
        rows: Vec::new(),
    };
    out.or_unknown("type", &card.card_type, |kind| kind.label().to_string());
    if let Some(clash) = &card.clash {
        let deck = match clash.deck.as_str() {
            "both" => "both Battle Decks".to_string(),
            "qui-gon" => "the Qui-Gon Jinn Battle Deck".to_string(),
            "darth-maul" => "the Darth Maul Battle Deck".to_string(),
            other => other.to_string(),
        };
        let source = card
            .card_type
            .as_ref()
            .map(|fact| source_label(corpus, ruleset, &fact.source))
            .unwrap_or_default();
        out.push(
            "copies",
            format!("{} in {deck}", clash.count),
            source.clone(),
        );
        if let Some(counterpart) = &clash.counterpart {
            out.push("other deck's card", counterpart.clone(), source);
        }
        out.known("Attack Value", &card.stats.attack, ToString::to_string);
        return out.rows;
    }
    out.known("halves", &card.halves, |halves| Half::list(halves));
    out.or_unknown("side", &card.side, |side| side.label().to_string());
    out.known("printing", &card.printing, ToString::to_string);
    if card.virtual_card
        && let Some(printing) = &card.printing
    {
        out.fact("virtual card", printing, |_| {
            "a Players Committee card; its plain name means Decipher's".to_string()
        });
    }
    for fact in &card.reprints {
        out.fact("also printed", fact, ToString::to_string);
    }
    out.known("rarity", &card.rarity, |rarity| rarity.to_string());
    let mut unknown = Vec::new();
    // The numbers a card of its type carries: characters fight and take hits, starships
    // fight, every card deploys and is drawn for destiny.
    let applicable: &[&str] = match card.card_type() {
        Some(CardType::Character) => &["power", "DAMAGE", "destiny", "deploy counters"],
        Some(CardType::Starship) => &["power", "destiny", "deploy counters"],
        _ => &["destiny", "deploy counters"],
    };
    for (label, stat) in card.stats.named() {
        match stat {
            Some(fact) => out.fact(label, fact, ToString::to_string),
            None if applicable.contains(&label) => unknown.push(label),
            None => {}
        }
    }
    out.known("power bonus", &card.battle_bonus, |bonus| {
        format!("+{bonus}")
    });
    if let Some(fact) = &card.weapon_boxes {
        for (index, weapon_box) in fact.value.iter().enumerate() {
            out.fact(&format!("box {}", index + 1), fact, |_| {
                weapon_box.to_string()
            });
        }
    }
    out.known("dots", &card.dots, |dots| dots.join(", "));
    out.known("icons", &card.icons, |icons| {
        if icons.is_empty() {
            "none".to_string()
        } else {
            icons
                .iter()
                .map(|icon| format!("[{icon}]"))
                .collect::<Vec<_>>()
                .join(" ")
        }
    });
    out.known("identity", &card.identity, ToString::to_string);
    out.known("location bonuses", &card.location_bonuses, |bonuses| {
        LocationBonus::list(bonuses)
    });
    out.known("game text", &card.game_text, |text| format!("\"{text}\""));
    if card.game == Game::YoungJedi && !card.anonymous {
        match &card.text_source {
            Some(source) if !card.text.is_empty() => out.push(
                "text does",
                card.text.phrases().join("; "),
                source_label(corpus, ruleset, source),
            ),
            _ if card
                .printed_text
                .as_ref()
                .is_some_and(|printed| printed.battle_halves.len() > 1) =>
            {
                let halves = card
                    .printed_text
                    .as_ref()
                    .map(|printed| printed.battle_halves.join(" or "))
                    .unwrap_or_default();
                out.push(
                    "text does",
                    format!(
                        "that of the half it is played as, {halves}: a position declares `played_as:`"
                    ),
                    String::new(),
                )
            }
            _ if card.printed_text.as_ref().is_some_and(|printed| {
                printed.status() == crate::cards::card_text::TextStatus::Flavour
            }) =>
            {
                out.push(
                    "text does",
                    "nothing: the card has no game text".to_string(),
                    String::new(),
                )
            }
            _ if card.printed_text.is_some() => out.push(
                "text does",
                "nothing the procedures apply yet".to_string(),
                String::new(),
            ),
            _ => out.push(
                "text does",
                "game text not modelled".to_string(),
                String::new(),
            ),
        }
        if let Some(printed) = &card.printed_text {
            let status = match printed.status() {
                crate::cards::card_text::TextStatus::Partial { missing } => format!(
                    "partial: not yet applied: {}",
                    missing
                        .iter()
                        .map(|kind| kind.word())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                other => other.word().to_string(),
            };
            out.push("text status", status, String::new());
            out.push(
                "text in our words",
                printed.note.clone(),
                source_label(corpus, ruleset, &printed.source),
            );
        }
    }
    if !unknown.is_empty() {
        out.push(
            "unknown",
            format!("{} (no source gives them)", unknown.join(", ")),
            String::new(),
        );
    }
    out.rows
}

/// Why a character is a kind the Battle cards' users name.
const USER_KIND_REASON: &str =
    "its title or subtitle says so, and Battle cards name the kind as their users (`any KIND`)";

fn trait_reason(corpus: &Corpus, ruleset: &Ruleset, derived: &DerivedTrait) -> (String, String) {
    let cites: Vec<String> = derived
        .cites
        .iter()
        .map(|id| citation_label(corpus, ruleset, id))
        .collect();
    let mut reason = derived.reason.clone();
    if let Some(Source::Outside(place)) = &derived.stated_by {
        reason.push_str(&format!(" ({place})"));
    }
    (reason, cites.join("; "))
}

/// `cards show`: every version of the card found.
pub fn show(
    corpus: &Corpus,
    ruleset: &Ruleset,
    cards: &[&Card],
    format: Format,
    palette: Palette,
) -> String {
    match format {
        Format::Json => to_json(&CardsShowOutput {
            format: Default::default(),
            version: VERSION,
            ruleset: ruleset.to_string(),
            cards: cards
                .iter()
                .map(|card| CardShown {
                    name: card.full_name(),
                    card: (*card).clone(),
                    traits: derive_all(card, corpus, ruleset)
                        .into_iter()
                        .map(|derived| {
                            let resolved: Vec<String> = derived
                                .cites
                                .iter()
                                .map(|id| {
                                    lookup(corpus, ruleset, id)
                                        .map(|found| found.item.id.to_string())
                                        .unwrap_or_else(|_| id.clone())
                                })
                                .collect();
                            TraitOutput::new(derived, resolved)
                        })
                        .collect(),
                })
                .collect(),
        }),
        Format::Markdown => {
            let mut out = String::new();
            for card in cards {
                let _ = writeln!(out, "### {}\n", markdown_escape(&card.full_name()));
                if !card.name_complete {
                    let _ = writeln!(out, "*The sources give only part of this card's name.*\n");
                }
                let _ = writeln!(out, "| | | source |\n|---|---|---|");
                for (label, value, source) in rows(corpus, ruleset, card) {
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} |",
                        label,
                        markdown_escape(&value),
                        if source.is_empty() {
                            String::new()
                        } else {
                            format!("`{source}`")
                        }
                    );
                }
                let traits = derive_all(card, corpus, ruleset);
                let kinds = if card.is(CardType::Character) {
                    crate::cards::users::battle_user_kinds(card)
                } else {
                    Vec::new()
                };
                if !traits.is_empty() {
                    let _ = writeln!(out, "\n**Traits** ({ruleset})\n");
                    for derived in &traits {
                        let (reason, cites) = trait_reason(corpus, ruleset, derived);
                        let _ = writeln!(
                            out,
                            "- **{}**: {} — {} (`{}`)",
                            derived.kind.label(),
                            trait_value(derived.value),
                            markdown_escape(&reason),
                            cites
                        );
                    }
                    // The kinds the Battle cards' users name that it is.
                    if !kinds.is_empty() {
                        let _ = writeln!(
                            out,
                            "- **Battle card user**: {} — {} (`faq.general.title-traits`)",
                            markdown_escape(&kinds.join(", ")),
                            USER_KIND_REASON
                        );
                    }
                }
                if !card.notes.is_empty() {
                    let _ = writeln!(out, "\n**What the sources say**\n");
                    for note in &card.notes {
                        let _ = writeln!(
                            out,
                            "- {} (`{}`)",
                            markdown_escape(&note.value),
                            source_label(corpus, ruleset, &note.source)
                        );
                    }
                }
                if card.named_in.is_empty() {
                    out.push('\n');
                    continue;
                }
                let _ = writeln!(
                    out,
                    "\nNamed in: {}.\n",
                    card.named_in
                        .iter()
                        .map(|id| format!("`{id}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            out
        }
        Format::Text => {
            let mut out = String::new();
            for (index, card) in cards.iter().enumerate() {
                if index > 0 {
                    out.push('\n');
                }
                let _ = writeln!(out, "{}", palette.id(&card.full_name()));
                if !card.name_complete {
                    let _ = writeln!(
                        out,
                        "{}",
                        palette.warn("  (the sources give only part of this card's name)")
                    );
                }
                if !card.aliases.is_empty() {
                    let _ = writeln!(
                        out,
                        "{}",
                        palette.dim(&super::wrap_hanging(
                            &card.aliases.join("; "),
                            palette.width,
                            "  also written: ",
                            "                "
                        ))
                    );
                }
                // Each source once, numbered in the order the facts first name it.
                let mut sources: Vec<String> = Vec::new();
                for (label, value, source) in rows(corpus, ruleset, card) {
                    let value = if label == "unknown" || value == "unknown" {
                        palette.warn(&value).into_owned()
                    } else {
                        value
                    };
                    let value = if source.is_empty() {
                        value
                    } else {
                        let number = match sources.iter().position(|known| *known == source) {
                            Some(at) => at + 1,
                            None => {
                                sources.push(source);
                                sources.len()
                            }
                        };
                        format!("{value} {}", palette.dim(&format!("[{number}]")))
                    };
                    let _ = writeln!(out, "{}", labelled(&label, &value, palette.width));
                }
                if !sources.is_empty() {
                    let _ = writeln!(out, "\n  {}", palette.heading("Sources"));
                    for (index, source) in sources.iter().enumerate() {
                        let number = format!("  [{}] ", index + 1);
                        let rest = " ".repeat(number.len());
                        let _ = writeln!(
                            out,
                            "{}",
                            palette.dim(&super::wrap_hanging(
                                source,
                                palette.width,
                                &number,
                                &rest
                            ))
                        );
                    }
                }
                let traits = derive_all(card, corpus, ruleset);
                let kinds = if card.is(CardType::Character) {
                    crate::cards::users::battle_user_kinds(card)
                } else {
                    Vec::new()
                };
                if !traits.is_empty() {
                    let _ = writeln!(
                        out,
                        "\n  {}",
                        palette.heading(&format!("Traits ({ruleset})"))
                    );
                    for derived in &traits {
                        let (reason, cites) = trait_reason(corpus, ruleset, derived);
                        let value = trait_value(derived.value);
                        let value = match derived.value {
                            TraitValue::Yes | TraitValue::Number(_) => palette.good(&value),
                            TraitValue::No | TraitValue::Unusable(_) => palette.bad(&value),
                            TraitValue::Unknown => palette.warn(&value),
                        };
                        let _ =
                            writeln!(out, "  {:<20}{value}", format!("{}:", derived.kind.label()));
                        let _ = writeln!(out, "{}", wrap(&reason, palette.width, INDENT));
                        // A trait a source states, rather than a rule derives, cites no rule.
                        if !cites.is_empty() {
                            let _ = writeln!(
                                out,
                                "{}",
                                palette.dim(&wrap(&format!("[{cites}]"), palette.width, INDENT))
                            );
                        }
                    }
                    // The kinds the Battle cards' users name that it is.
                    if !kinds.is_empty() {
                        let _ = writeln!(
                            out,
                            "  {:<20}{}",
                            "Battle card user:",
                            palette.good(&kinds.join(", "))
                        );
                        let _ = writeln!(out, "{}", wrap(USER_KIND_REASON, palette.width, INDENT));
                        let _ = writeln!(
                            out,
                            "{}",
                            palette.dim(&wrap("[faq.general.title-traits]", palette.width, INDENT))
                        );
                    }
                }
                if !card.notes.is_empty() {
                    let _ = writeln!(out, "\n  {}", palette.heading("What the sources say"));
                    for note in &card.notes {
                        write_note(&mut out, note, corpus, ruleset, palette);
                    }
                }
                if !card.named_in.is_empty() {
                    let _ = writeln!(
                        out,
                        "\n  {}",
                        palette.dim(&format!("Named in: {}", card.named_in.join(", ")))
                    );
                }
            }
            out
        }
    }
}

/// What `cards disagreements` says first: where the facts come from and how the catalog
/// chooses where its sources disagree.
const DISAGREEMENTS_PREAMBLE: &[&str] = &[
    "The catalog takes each card's facts from three sources: the rule documents' card lists and corrections, which win over both others; a community transcription of every printed card (its first source); and the card data of an online Young Jedi server (its second source), which fills what the transcription lacks.",
    "Where the transcription and the second source disagree, the catalog keeps the transcription's reading and notes the other, unless the transcription's row is not to be trusted: its text columns hold junk, or it disagrees with the second source in two numbers or more, a sign its columns slid. Then it takes the second source's reading and says why.",
    "Where two printings of one card disagree in the transcription (a reprint and the card it reprints), the catalog keeps the earlier printing's reading and notes the other.",
    "Where a card's image has been read (a Battle card's power bonus where the others disagree, a character's icons), the image wins over both, and the reading it replaces is noted.",
];

/// A printed number as a list shows it; a dash for one the sources do not give.
fn number(printed: Option<crate::cards::PrintedNumber<'_>>) -> &str {
    printed.map_or("—", |printed| printed.shown)
}

/// The cards as a table whose columns line up: name, type, side, the printed numbers and the
/// printing shown ([`shown_printing`]); `None` where the terminal is too narrow for it.
fn table(cards: &[CardRow<'_>], set: Option<&[String]>, palette: Palette) -> Option<String> {
    const HEADINGS: [&str; 8] = [
        "card", "type", "side", "deploy", "power", "DAMAGE", "destiny", "printing",
    ];
    // What a row holds is borrowed, not written anew.
    let rows: Vec<[Cow<'_, str>; 8]> = cards
        .iter()
        .map(|card| {
            [
                Cow::Borrowed(card.name()),
                card.type_label().unwrap_or(Cow::Borrowed("—")),
                Cow::Borrowed(card.side().map_or("—", |side| match side {
                    crate::cards::Side::Light => "Light",
                    crate::cards::Side::Dark => "Dark",
                })),
                Cow::Borrowed(number(card.deploy())),
                Cow::Borrowed(number(card.power())),
                Cow::Borrowed(number(card.damage())),
                Cow::Borrowed(number(card.destiny())),
                shown_printing(card, set).unwrap_or(Cow::Borrowed("—")),
            ]
        })
        .collect();
    let mut widths: [usize; 8] = HEADINGS.map(|heading| heading.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let total = 2 + widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
    // Too wide with the names in a column: each name on its own line with its printing, the
    // rest under it.
    let stacked = total > palette.width;
    if stacked {
        widths[0] = 2;
        widths[7] = 0;
        if 2 + widths.iter().sum::<usize>() + 2 * (widths.len() - 1) > palette.width {
            return None;
        }
    }
    // Words to the left, numbers to the right; written into `out`, the line's trailing spaces
    // left out.
    let line = |out: &mut String, cells: [&str; 8]| {
        let start = out.len();
        out.push_str("  ");
        for (index, (cell, width)) in cells.iter().zip(widths).enumerate() {
            if index > 0 {
                out.push_str("  ");
            }
            let pad = width.saturating_sub(cell.chars().count());
            if (3..7).contains(&index) {
                push_spaces(out, pad);
                out.push_str(cell);
            } else {
                out.push_str(cell);
                if index < 7 {
                    push_spaces(out, pad);
                }
            }
        }
        let kept = out[start..].trim_end().len();
        out.truncate(start + kept);
        out.push('\n');
    };
    let mut out = String::with_capacity(rows.len() * (2 * total + 8));
    let mut headings = HEADINGS;
    if stacked {
        headings[0] = "";
        headings[7] = "";
        let _ = writeln!(out, "{}", palette.dim("  card · printing"));
    }
    let mut heading = String::new();
    line(&mut heading, headings);
    let _ = writeln!(out, "{}", palette.dim(heading.trim_end()));
    // The room of a stacked card's first line and of its printing, kept from row to row.
    let (mut entry, mut printing) = (String::new(), String::new());
    for row in &rows {
        let mut cells: [&str; 8] = std::array::from_fn(|index| &*row[index]);
        if stacked {
            printing.clear();
            printing.push_str("· ");
            printing.push_str(cells[7]);
            entry.clear();
            entry.push_str(&palette.id(cells[0]));
            entry.push(' ');
            entry.push_str(&palette.dim(&printing));
            super::wrap_hanging_into(&mut out, &entry, palette.width, "  ", "    ");
            out.push('\n');
            cells[0] = "";
            cells[7] = "";
        }
        line(&mut out, cells);
    }
    Some(out)
}

/// Puts `count` spaces at the end of `out`, a slice at a time.
fn push_spaces(out: &mut String, count: usize) {
    const SPACES: &str = "                                                                ";
    let mut left = count;
    while left > 0 {
        let now = left.min(SPACES.len());
        out.push_str(&SPACES[..now]);
        left -= now;
    }
}

/// `cards disagreements`: every fact on which the catalog's sources disagree, with what the
/// catalog took and why.
pub fn disagreements(
    corpus: &Corpus,
    ruleset: &Ruleset,
    cards: &[Card],
    format: Format,
    palette: Palette,
) -> String {
    let found: Vec<(&Card, &Fact<String>, Disagreement)> = cards
        .iter()
        .flat_map(|card| {
            card.notes.iter().filter_map(move |note| {
                disagreement_kind(&note.value).map(|kind| (card, note, kind))
            })
        })
        .collect();
    // The disagreements of one card stand together.
    let same_card = |a: &(&Card, _, _), b: &(&Card, _, _)| std::ptr::eq(a.0, b.0);
    let card_count = found.chunk_by(same_card).count();
    let overruled = found
        .iter()
        .filter(|(_, _, kind)| *kind == Disagreement::Overruled)
        .count();
    let summary = format!(
        "{} fact{} of {} card{} on which the sources disagree; the catalog took the second source's reading {} time{}.",
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        card_count,
        if card_count == 1 { "" } else { "s" },
        overruled,
        if overruled == 1 { "" } else { "s" }
    );
    match format {
        Format::Json => to_json(&CardsDisagreementsOutput {
            format: Default::default(),
            version: VERSION,
            cards: card_count,
            overruled,
            disagreements: found
                .iter()
                .map(|(card, note, kind)| DisagreementOutput {
                    card: card.full_name(),
                    printings: printing_labels(card),
                    kind: *kind,
                    note: note.value.clone(),
                    source: note.source.clone(),
                })
                .collect(),
        }),
        Format::Markdown => {
            let mut out = String::from("# Where the card sources disagree\n\n");
            for paragraph in DISAGREEMENTS_PREAMBLE {
                let _ = writeln!(out, "{}\n", markdown_escape(paragraph));
            }
            let _ = writeln!(out, "{}\n", markdown_escape(&summary));
            out.push_str("| Card | Printings | What the sources say | Noted from |\n");
            out.push_str("|---|---|---|---|\n");
            for (card, note, _) in &found {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} |",
                    markdown_escape(&card.full_name()),
                    markdown_escape(&printing_labels(card).join("; ")),
                    markdown_escape(&note.value),
                    markdown_escape(&source_label(corpus, ruleset, &note.source))
                );
            }
            out
        }
        Format::Text => {
            let mut out = String::new();
            for paragraph in DISAGREEMENTS_PREAMBLE {
                let _ = writeln!(out, "{}\n", wrap(paragraph, palette.width, ""));
            }
            let _ = writeln!(out, "{}", wrap(&summary, palette.width, ""));
            for group in found.chunk_by(same_card) {
                let Some((card, _, _)) = group.first() else {
                    continue;
                };
                let _ = writeln!(
                    out,
                    "\n{}",
                    palette.heading(&format!(
                        "{} ({})",
                        card.full_name(),
                        printing_labels(card).join("; ")
                    ))
                );
                for (_, note, _) in group {
                    write_note(&mut out, note, corpus, ruleset, palette);
                }
            }
            out
        }
    }
}

/// A note of what the sources say, as a list item with its source under it.
fn write_note(
    out: &mut String,
    note: &Fact<String>,
    corpus: &Corpus,
    ruleset: &Ruleset,
    palette: Palette,
) {
    let _ = writeln!(
        out,
        "{}",
        wrap(&note.value, palette.width, "  - ").replace("\n  - ", "\n    ")
    );
    let _ = writeln!(
        out,
        "{}",
        palette.dim(&wrap(
            &format!("[{}]", source_label(corpus, ruleset, &note.source)),
            palette.width,
            "    "
        ))
    );
}

/// Every printing of a card as written (`Battle of Naboo #115`), its own first.
fn printing_labels(card: &Card) -> Vec<String> {
    card.printing
        .iter()
        .chain(&card.reprints)
        .map(|fact| fact.value.to_string())
        .collect()
}

/// The printing a list shows of a card: its printing in the set asked for (`set`, the words of
/// its name normalised), else its own; with how many more it has.
fn shown_printing<'t>(card: &CardRow<'t>, set: Option<&[String]>) -> Option<Cow<'t, str>> {
    let shown = set
        .and_then(|words| crate::cards::filter::printing_in(card, words))
        .or_else(|| card.printing())?;
    Some(match card.printing_count().saturating_sub(1) {
        0 => Cow::Borrowed(shown),
        more => Cow::Owned(format!("{shown} (+{more} more)")),
    })
}

/// `cards search` and `cards list`: one line per card, with its printing in `set` (the words
/// of a set's name, normalised) where the list asked for one.
pub fn list(
    query: &str,
    cards: &[CardRow<'_>],
    set: Option<&[String]>,
    format: Format,
    palette: Palette,
) -> String {
    let printings = |card: &CardRow<'_>| card.printings().map(str::to_string).collect::<Vec<_>>();
    let printing_count: usize = cards.iter().map(|card| card.printing_count()).sum();
    match format {
        Format::Json => to_json(&CardsSearchOutput {
            format: Default::default(),
            version: VERSION,
            query: crate::text::quoted(query),
            printings: printing_count,
            cards: cards
                .iter()
                .map(|card| CardListed {
                    name: card.name().to_string(),
                    game: card.game(),
                    card_type: card.card_type(),
                    side: card.side(),
                    printing: card.printing().map(str::to_string),
                    printings: if card.reprints().next().is_none() {
                        Vec::new()
                    } else {
                        printings(card)
                    },
                })
                .collect(),
        }),
        Format::Markdown => {
            let mut out = String::from(
                "| card | type | side | deploy | power | DAMAGE | destiny | printing |\n|---|---|---|--:|--:|--:|--:|---|\n",
            );
            for card in cards {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} | {} | {} |",
                    markdown_escape(card.name()),
                    card.type_label().as_deref().unwrap_or("unknown"),
                    card.side().map(|s| s.label()).unwrap_or("unknown"),
                    number(card.deploy()),
                    number(card.power()),
                    number(card.damage()),
                    number(card.destiny()),
                    markdown_escape(&printings(card).join("; "))
                );
            }
            out
        }
        Format::Text => {
            let mut out = format!(
                "{} card{}, {} printing{}\n",
                cards.len(),
                if cards.len() == 1 { "" } else { "s" },
                printing_count,
                if printing_count == 1 { "" } else { "s" }
            );
            if let Some(table) = table(cards, set, palette) {
                out.push_str(&table);
                return out;
            }
            // The names in a column as wide as the longest (at most half the line); a longer
            // name has its own line.
            let described = |card: &CardRow<'_>| {
                let kind = match (card.side(), card.type_label()) {
                    (Some(side), Some(kind)) => format!("{side} {kind}"),
                    (None, Some(kind)) => kind.into_owned(),
                    (Some(side), None) => side.label().to_string(),
                    (None, None) => String::new(),
                };
                let printing = shown_printing(card, set)
                    .map(|p| format!(" · {p}"))
                    .unwrap_or_default();
                format!("{kind}{printing}")
            };
            let widest_what = cards
                .iter()
                .map(|card| described(card).chars().count())
                .max()
                .unwrap_or(0);
            let column = cards
                .iter()
                .map(|card| card.name().chars().count() + 4)
                .max()
                .unwrap_or(0)
                .min(palette.width.saturating_sub(widest_what))
                .max(palette.width / 3);
            // Too narrow for two columns: each card on two lines.
            let stacked = column + widest_what > palette.width;
            for card in cards {
                let full_name = card.name();
                // A name longer than the line is wrapped under itself.
                let name = if full_name.chars().count() + 2 > palette.width {
                    super::wrap_hanging(full_name, palette.width, "  ", "    ")
                        .lines()
                        .map(|line| {
                            let indent = line.len() - line.trim_start().len();
                            format!("{}{}", &line[..indent], palette.id(line.trim_start()))
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                } else {
                    format!("  {}", palette.id(full_name))
                };
                let what = palette.dim(&described(card)).into_owned();
                if stacked {
                    // What it is, wrapped under the name where even that is too long.
                    let what =
                        super::wrap_hanging(&described(card), palette.width, "    ", "      ")
                            .lines()
                            .map(|line| palette.dim(line).into_owned())
                            .collect::<Vec<_>>()
                            .join("\n");
                    let _ = writeln!(out, "{name}\n{what}");
                } else if super::visible_width(&name) + 2 <= column {
                    let _ = writeln!(out, "{}{what}", super::pad(&name, column));
                } else {
                    let _ = writeln!(out, "{name}\n{}{what}", " ".repeat(column));
                }
            }
            out
        }
    }
}
