//! Renders a walkthrough: numbered steps with their rules quoted, then the verdict, as text, Markdown or JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{
    Format, Palette, document_label, json as to_json, markdown_escape, wrap, wrap_hanging_into,
};
use crate::cards::Side;
use crate::clash::battle::ClashEvent;
use crate::engine::duel::DuelEvent;
use crate::engine::{Decision, Event, EventKind, Place, Refusal, Stop, Unanswered};
use crate::render::output::{
    DecisionOutput, OptionOutput, PositionFinding, RuleText, StepOutput, StopOutput, WalkOutput,
};
use crate::rules::{Corpus, Item, Ruleset, lookup};
use crate::walk::Walkthrough;

fn side_name(side: Side) -> &'static str {
    side.label()
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn sum(parts: &[(String, i32)]) -> String {
    let mut text = String::new();
    for (index, (what, amount)) in parts.iter().enumerate() {
        if index > 0 {
            text.push_str(if *amount < 0 { " − " } else { " + " });
            let _ = write!(text, "{} {}", amount.unsigned_abs(), what);
        } else {
            let _ = write!(text, "{amount} ({what})");
        }
    }
    text
}

/// One sentence (or two) saying what an event did.
pub fn narrate(event: &Event) -> String {
    match &event.kind {
        EventKind::Duel(kind) => narrate_duel(kind),
        EventKind::Clash(kind) => narrate_clash(kind),
    }
}

fn narrate_duel(kind: &DuelEvent) -> String {
    match kind {
        DuelEvent::DuelInitiated { initiator, planet } => format!(
            "The {} player initiates a duel on {planet}, in his Battle step, before any battle there; the duel does not replace the battle.",
            side_name(*initiator)
        ),
        DuelEvent::DuelResumed {
            initiator,
            planet,
            light,
            dark,
            light_weapon,
            dark_weapon,
            next,
            pending,
        } => {
            let armed = |fighter: &str, weapon: &Option<String>| match weapon {
                Some(weapon) => format!("{fighter} with {weapon}"),
                None => format!("{fighter} with no weapon"),
            };
            let what = match *pending {
                "block" => format!("the {} player may block the attack card on top of the {} dueling pile", side_name(*next), side_name(next.opponent())),
                "defeat" => format!("the hits just scored on the {} character are held against his printed DAMAGE", side_name(*next)),
                _ => format!("the {} player makes a fresh attack", side_name(*next)),
            };
            format!(
                "The duel the {} player initiated{} is under way: {} for the Light Side, {} for the Dark Side. Next, {what}.",
                side_name(*initiator),
                planet.as_ref().map(|planet| format!(" on {planet}")).unwrap_or_default(),
                armed(light, light_weapon),
                armed(dark, dark_weapon),
            )
        }
        DuelEvent::DuelRefused { initiator, refusal } => {
            let who = initiator.map(|side| format!("The {} player", side_name(side))).unwrap_or_else(|| "No one".to_string());
            match refusal {
                Refusal::NoTurn => "No duel: the position does not say whose turn it is, and only the player whose turn it is may initiate one.".to_string(),
                Refusal::NotBattleStep { step } => format!(
                    "{who} may not initiate a duel now: a duel is initiated during his Battle step, and this is {}.",
                    step.as_ref().map(|s| format!("his {s}")).unwrap_or_else(|| "no step the scenario names".to_string())
                ),
                Refusal::AlreadyDueled => format!("{who} has already initiated a duel this turn; only one is allowed each turn."),
                Refusal::NoCurrentPlanet => "No duel: the position names no current planet, where a duel takes place.".to_string(),
                Refusal::NoDuelingCharacter { side } if Some(*side) == *initiator => {
                    format!("{who} may not initiate a duel: he has no dueling character at the current planet.")
                }
                Refusal::NoDuelingCharacter { side } => format!(
                    "{who} may not initiate a duel: the {} player has no dueling character at the current planet, and under these rules both players need one.",
                    side_name(*side)
                ),
                Refusal::NoDefender { side } => format!(
                    "{who} may not initiate a duel: the {} player has no character at the current planet, and the initiator must choose one of his opponent's characters there to defend.",
                    side_name(*side)
                ),
                Refusal::NoUsableLightsaber => format!(
                    "{who} may not initiate a duel: none of his dueling characters at the current planet has a lightsaber there that he can use."
                ),
            }
        }
        DuelEvent::FighterChosen { side, card, by, role } => {
            if role == "initiator" {
                format!("The {} player chooses {card} to duel.", side_name(*side))
            } else {
                format!("The {} player chooses the {} player's {card} to defend.", side_name(*by), side_name(*side))
            }
        }
        DuelEvent::DefenderSubstituted { side, from, to } => {
            format!("The {} player chooses {to} to defend instead of {from}.", side_name(*side))
        }
        DuelEvent::SubstitutionDeclined { side, could } => format!(
            "The {} player keeps the chosen defender; he could have chosen {} instead.",
            side_name(*side),
            list(could)
        ),
        DuelEvent::NoSubstituteAvailable { side, other_versions } => {
            let mut text = format!(
                "The {} player has no other dueling character there to defend instead",
                side_name(*side)
            );
            match other_versions.as_slice() {
                [] => text.push('.'),
                [one] => {
                    let _ = write!(text, ": {one}, another version of the chosen defender, is not a dueling character.");
                }
                many => {
                    let _ = write!(text, ": {}, other versions of the chosen defender, are not dueling characters.", list(many));
                }
            }
            text
        }
        DuelEvent::WeaponChosen { side, card, lightsaber } => match card {
            Some(card) if *lightsaber => format!("The {} duelist uses the lightsaber {card}.", side_name(*side)),
            Some(card) => format!("The {} duelist uses {card}, which is not a lightsaber.", side_name(*side)),
            None => format!("The {} duelist uses no weapon.", side_name(*side)),
        },
        DuelEvent::DamageZeroDiscarded { side, card } => format!(
            "{card} ({}) has a printed DAMAGE of 0: it is simply discarded. No dueling hands are drawn; the duel is over.",
            side_name(*side)
        ),
        DuelEvent::AnakinDestiny { side, card, destiny } => {
            let drawn = if card_phrase(card, *destiny) == "a card" {
                format!("a {destiny}")
            } else {
                format!("{card}, a {destiny}")
            };
            format!(
                "For Anakin's power the {} player draws destiny: {drawn}. The card goes into his hand.",
                side_name(*side)
            )
        }
        DuelEvent::PowerTotalled { side, card, parts, total, weapon } => {
            let mut text = format!("{card} ({}) fights with power {total}: {} = {total}.", side_name(*side), sum(parts));
            if let Some(weapon) = weapon {
                let _ = write!(text, " No destiny is drawn for {weapon}, as it would be in a battle.");
            }
            text
        }
        DuelEvent::DuelingHandDrawn { side, wanted, drawn, deck_left } => {
            let mut text = format!(
                "The {} player puts his hand face down aside and draws {drawn} card{} for his dueling hand",
                side_name(*side),
                if *drawn == 1 { "" } else { "s" }
            );
            if i64::try_from(*drawn).unwrap_or(0) < i64::from(*wanted) {
                let _ = write!(text, ", not {wanted}: his draw deck had no more");
            }
            let _ = write!(text, "; {deck_left} left in his draw deck.");
            if *deck_left == 0 {
                text.push_str(" Drawing the last card for a dueling hand is no deck victory: the cards are still part of the draw deck.");
            }
            text
        }
        DuelEvent::Attack { side, card, destiny } => {
            format!("The {} player attacks with {} (destiny {destiny}).", side_name(*side), card_phrase(card, *destiny))
        }
        DuelEvent::Block { side, card, destiny } => format!(
            "The {} player blocks with {} (destiny {destiny}); the block becomes his attack, which must be blocked in turn.",
            side_name(*side),
            card_phrase(card, *destiny)
        ),
        DuelEvent::NoBlock { side, destiny, could_have } => {
            if *could_have {
                format!("The {} player chooses not to block the {destiny}.", side_name(*side))
            } else {
                format!("The {} player has no card of destiny {destiny} to block with.", side_name(*side))
            }
        }
        DuelEvent::Hit { side, card, by, hits, damage } => format!(
            "The attack of {by} scores a hit: {card} ({}) has {hits} hit token{} against a printed DAMAGE of {damage}.",
            side_name(*side),
            if *hits == 1 { "" } else { "s" }
        ),
        DuelEvent::DuelingText { side, card, effect, applied, detail } => {
            if *applied {
                format!(
                    "{card} scored the hit for the {} player, whose character is using a lightsaber, so its dueling text applies: {detail}.",
                    side_name(*side)
                )
            } else if detail.contains("chooses not") {
                format!("{card} could {}, but {detail}.", effect.label().replace("this card", "it"))
            } else {
                format!(
                    "{card} has dueling text ({}), but it does not apply: {detail}.",
                    effect.label()
                )
            }
        }
        DuelEvent::CannotAttack {
            side,
            exchange_ends: true,
        } => format!(
            "The {} player's dueling hand is empty, so he cannot attack, and the exchange of attacks ends.",
            side_name(*side)
        ),
        DuelEvent::CannotAttack { side, .. } => format!(
            "The {} player's dueling hand is empty, so he cannot attack; the {} player makes the next attack.",
            side_name(*side),
            side_name(side.opponent())
        ),
        DuelEvent::Defeated { side, card, hits, damage } => format!(
            "{card} ({}) has {hits} hits, at least its printed DAMAGE of {damage}: it is defeated.",
            side_name(*side)
        ),
        DuelEvent::HandsEmpty => "Both dueling hands are empty: the duel ends with neither character defeated.".to_string(),
        DuelEvent::ExchangeEnded => "The exchange of attacks has ended with neither character defeated: the duel ends as when both dueling hands run out, the player with more hit tokens taking damage.".to_string(),
        DuelEvent::CardsDiscarded { side, cards } => match cards.as_slice() {
            [character] => format!(
                "The {} player discards the defeated {character}; it was using no weapon.",
                side_name(*side)
            ),
            _ => format!(
                "The {} player discards {}: the defeated character and the weapon it was using.",
                side_name(*side),
                list(cards)
            ),
        },
        DuelEvent::Reshuffled { side, returned, deck_size } => format!(
            "The {} player shuffles his {returned} dueling card{} back into his draw deck, now {deck_size} cards.",
            side_name(*side),
            if *returned == 1 { "" } else { "s" }
        ),
        DuelEvent::DamageTaken { side, amount, parts, lost, deck_left } => {
            let mut text = format!(
                "The {} player takes {amount} damage: {}",
                side_name(*side),
                sum(parts)
            );
            let _ = write!(
                text,
                ". {lost} card{} go{} from the top of his draw deck to his discard pile; {deck_left} left.",
                if *lost == 1 { "" } else { "s" },
                if *lost == 1 { "es" } else { "" }
            );
            text
        }
        DuelEvent::NoDamage { reason } => format!("Neither player takes damage: {reason}."),
        DuelEvent::DeckVictory { winner } => format!(
            "The {} player's draw deck is empty: deck victory for the {} player, at once.",
            side_name(winner.opponent()),
            side_name(*winner)
        ),
        DuelEvent::HitsRemoved { side, count } => format!(
            "The remaining {count} hit token{} on the {} character {} removed.",
            if *count == 1 { "" } else { "s" },
            side_name(*side),
            if *count == 1 { "is" } else { "are" }
        ),
        DuelEvent::BattleStepContinues => {
            "The duel is over and the Battle step continues: the characters and weapons that took part may also battle this turn.".to_string()
        }
    }
}

fn narrate_clash(kind: &ClashEvent) -> String {
    match kind {
        ClashEvent::ClashDealt { side, count } => format!(
            "{} shuffles his Battle Deck and deals himself a {count}-card hand.",
            clash_name(*side)
        ),
        ClashEvent::ClashPlanned { side, battle, card } => {
            format!(
                "{} plans {card} face down for battle {battle}.",
                clash_name(*side)
            )
        }
        ClashEvent::ClashBattleBegins { round, battle } => {
            format!(
                "Round {round}, battle {battle}: both players flip their planned cards at the same time."
            )
        }
        ClashEvent::ClashFlip { side, card } => match card {
            Some(card) => format!("{} flips {card}.", clash_name(*side)),
            None => format!("{} has no planned card for this battle.", clash_name(*side)),
        },
        ClashEvent::ClashPlay {
            side,
            card,
            simultaneous,
        } => {
            if *simultaneous {
                format!(
                    "{} plays {card}, at the same time as his opponent.",
                    clash_name(*side)
                )
            } else {
                format!("{} plays {card}.", clash_name(*side))
            }
        }
        ClashEvent::ClashSpecialsCancel { light, dark } => format!(
            "Two Special cards played at once, {light} and {dark}, cancel each other: their directions are ignored and both are discarded. Play goes on with new cards from the hands."
        ),
        ClashEvent::ClashSpecialEffect {
            side,
            card,
            effect,
            source,
        } => {
            format!("{}'s {card}: {effect} ({source}).", clash_name(*side))
        }
        ClashEvent::ClashStatus {
            light_total,
            dark_total,
            light_cards,
            dark_cards,
            winning,
        } => {
            let totals = format!(
                "Qui-Gon {light_total} with {light_cards} card{}, Darth Maul {dark_total} with {dark_cards} card{}",
                if *light_cards == 1 { "" } else { "s" },
                if *dark_cards == 1 { "" } else { "s" }
            );
            match winning {
                Some(side) if light_total == dark_total => {
                    format!(
                        "{totals}: the totals are equal, so {}, with more cards played, is winning.",
                        clash_name(*side)
                    )
                }
                Some(side) => format!("{totals}: {} is winning.", clash_name(*side)),
                None => format!("{totals}: a Standoff."),
            }
        }
        ClashEvent::ClashMustPlay { side } => format!(
            "In the Standoff {} is out of cards, so {} must play a card.",
            clash_name(side.opponent()),
            clash_name(*side)
        ),
        ClashEvent::ClashConcede { side, forced } => {
            if *forced {
                format!(
                    "{} is losing and has no cards in his hand: he must concede the battle.",
                    clash_name(*side)
                )
            } else {
                format!("{} concedes the battle.", clash_name(*side))
            }
        }
        ClashEvent::ClashConcessionRefused { side, standoff } => format!(
            "{} tries to concede, but may not: no one concedes {}.",
            clash_name(*side),
            if *standoff {
                "during a Standoff"
            } else {
                "while winning the battle"
            }
        ),
        ClashEvent::ClashBattleEnd {
            round,
            battle,
            winner,
        } => match winner {
            Some(side) => format!(
                "{} wins battle {battle} of round {round}: the conceded cards go to the discard pile, and the winner's stay on the table.",
                clash_name(*side)
            ),
            None => format!(
                "Battle {battle} of round {round} is a draw: a Standoff with no cards left. Both players discard the cards they played in it."
            ),
        },
        ClashEvent::ClashReshuffle { side, count } => format!(
            "{} has drawn the last card of his deck: he shuffles his {count}-card discard pile into a new draw pile.",
            clash_name(*side)
        ),
        ClashEvent::ClashRoundEnd {
            round,
            light_won,
            dark_won,
            mover,
            steps,
            light_track,
            dark_track,
        } => {
            let score = format!(
                "Round {round} ends: Qui-Gon won {light_won} battle{}, Darth Maul {dark_won}",
                if *light_won == 1 { "" } else { "s" }
            );
            let movement = match mover {
                Some(side) => format!(
                    "{} moves his figure {} Final Duel card{}",
                    clash_name(*side),
                    if *steps == 2 { "two" } else { "one" },
                    if *steps == 2 { "s" } else { "" }
                ),
                None => "neither figure moves".to_string(),
            };
            format!(
                "{score}; {movement}. The figures stand on card {light_track} (Qui-Gon) and card {dark_track} (Darth Maul). All played cards on the table go to the discard piles."
            )
        }
        ClashEvent::ClashNewRound {
            round,
            light_drew,
            dark_drew,
        } => format!(
            "Round {round} begins: unplayed cards stay in hand; Qui-Gon draws {light_drew} new cards and Darth Maul {dark_drew}."
        ),
        ClashEvent::ClashGameWon { winner, round } => format!(
            "{} has reached his fifth Final Duel card in round {round}: he wins the game.",
            clash_name(*winner)
        ),
    }
}

fn clash_name(side: Side) -> &'static str {
    crate::clash::player_name(side)
}

fn card_phrase(card: &str, destiny: i32) -> String {
    if card == format!("a card with destiny {destiny}") {
        "a card".to_string()
    } else {
        card.to_string()
    }
}

/// Whether the tally is worth showing after this event (once the hands exist).
fn shows_tally(event: &Event) -> bool {
    matches!(
        event.kind,
        EventKind::Duel(
            DuelEvent::DuelResumed { .. }
                | DuelEvent::DuelingHandDrawn { .. }
                | DuelEvent::Attack { .. }
                | DuelEvent::Block { .. }
                | DuelEvent::NoBlock { .. }
                | DuelEvent::Hit { .. }
                | DuelEvent::DuelingText { .. }
                | DuelEvent::CannotAttack { .. }
        )
    )
}

fn tally(event: &Event) -> String {
    let t = event.tally;
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
}

/// Where a card went in all: its first place and its last.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Journey {
    /// The card instance's id on the board.
    pub card: u32,
    pub name: String,
    /// Known only by its destiny number.
    pub anonymous: bool,
    pub from: Place,
    pub to: Place,
}

/// The cards that ended somewhere other than where they started, in id order.
pub fn journeys(walk: &Walkthrough) -> Vec<Journey> {
    if walk.outcome.anonymous(0).is_none() {
        return Vec::new();
    }
    let mut journeys: BTreeMap<u32, Journey> = BTreeMap::new();
    for event in &walk.run.events {
        for moved in &event.moves {
            journeys
                .entry(moved.card)
                .and_modify(|journey| journey.to = moved.to.clone())
                .or_insert_with(|| Journey {
                    card: moved.card,
                    name: moved.name.to_string(),
                    anonymous: walk.outcome.anonymous(moved.card).unwrap_or(false),
                    from: moved.from.clone(),
                    to: moved.to.clone(),
                });
        }
    }
    journeys
        .into_values()
        .filter(|journey| journey.from != journey.to)
        .collect()
}

fn where_cards_went(walk: &Walkthrough) -> Vec<String> {
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
            why: Unanswered::NotLegal { given },
        } => format!(
            "the answer {} is not a legal choice: {}",
            crate::text::quoted(given),
            decision.prompt
        ),
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
        Unanswered::NotLegal { given } => lines.push(format!(
            "The scenario's answer {:?} is not a legal choice: {}.",
            crate::text::quoted(given),
            decision.prompt
        )),
    }
    lines.push("Legal options:".to_string());
    for (index, option) in decision.options.iter().enumerate() {
        let rules: Vec<String> = option
            .cites
            .iter()
            .filter_map(|cite| quotes.resolve(cite.id()).map(|item| item.id.to_string()))
            .collect();
        lines.push(format!(
            "  {}. {}  [{}]",
            index + 1,
            option.label,
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

fn render_text(walk: &Walkthrough, quotes: &mut Quotes<'_>, palette: Palette) -> String {
    // About what a step takes, so that the text is seldom copied as it grows.
    let mut out = String::with_capacity(walk.run.events.len().saturating_mul(192) + 1024);
    if let Some(title) = &walk.title {
        let _ = writeln!(out, "{}", palette.heading(&wrap(title, palette.width, "")));
    }
    let _ = writeln!(
        out,
        "{}",
        palette.dim(&wrap(&heading(walk, &quotes.ruleset), palette.width, ""))
    );
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
    for (index, event) in walk.run.events.iter().enumerate() {
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
    event: &Event,
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
    for cite in &event.cites {
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
            None => document_label(quotes.corpus, item),
        };
        label.push_str(&palette.dim(&source));
        wrap_hanging_into(out, &label, palette.width, "    ", "      ");
        out.push('\n');
        if !quotes.first_step.contains_key(&*item.id) {
            quotes.first_step.insert(item.id.to_string(), step);
            wrap_hanging_into(
                out,
                &format!("\"{}\"", item.text.replace('\n', " ")),
                palette.width,
                "      ",
                "      ",
            );
            out.push('\n');
        }
    }
    for assumption in &event.assumptions {
        let _ = writeln!(
            out,
            "{}",
            palette.warn(&wrap(
                &format!(
                    "Assumption ({}), not rule text: {}",
                    assumption.name, assumption.text
                ),
                palette.width,
                "    "
            ))
        );
    }
}

/// The end of a text walkthrough: the stop, or the verdict; and unmet expectations.
fn text_ending(walk: &Walkthrough, quotes: &mut Quotes<'_>, palette: Palette) -> String {
    let mut out = String::new();
    let _ = writeln!(out);
    match &walk.run.stop {
        Some(Stop::Undecided { decision, why }) => {
            let _ = writeln!(
                out,
                "{}",
                palette.bad(&format!("Stopped after step {}.", walk.run.events.len()))
            );
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
            let _ = writeln!(
                out,
                "{}",
                palette.bad(&format!(
                    "Stopped after step {}: the scenario lacks a fact.",
                    walk.run.events.len()
                ))
            );
            let _ = writeln!(out, "{}", wrap(fact, palette.width, ""));
        }
        None => {
            let _ = writeln!(out, "{}", palette.heading("Verdict"));
            for line in walk.outcome.verdict_lines(&walk.run) {
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
    pub fn step(&mut self, step: usize, event: &Event) -> String {
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
        for (index, option) in decision.options.iter().enumerate() {
            let rules: Vec<String> = option
                .cites
                .iter()
                .filter_map(|cite| {
                    self.quotes
                        .resolve(cite.id())
                        .map(|item| item.id.to_string())
                })
                .collect();
            let _ = writeln!(
                out,
                "  {}. {}  {}",
                index + 1,
                option.label,
                self.palette.dim(&format!("[{}]", rules.join(", ")))
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
    for finding in &walk.findings {
        let _ = writeln!(
            out,
            "> **Note:** the position is illegal (`{}`): {}.\n",
            finding.code,
            markdown_escape(&finding.message)
        );
    }
    for (index, event) in walk.run.events.iter().enumerate() {
        let step = index + 1;
        let marker = format!("{step}. ");
        let indent = " ".repeat(marker.len());
        let mut blocks: Vec<String> = vec![markdown_escape(&narrate(event))];
        if shows_tally(event) {
            blocks.push(format!("*{}*", markdown_escape(&tally(event))));
        }
        for cite in &event.cites {
            let Some(item) = quotes.resolve(cite.id()) else {
                continue;
            };
            match quotes.first_step.get(&*item.id) {
                Some(first) => blocks.push(format!("`{}` (quoted at step {first})", item.id)),
                None => {
                    quotes.first_step.insert(item.id.to_string(), step);
                    blocks.push(format!(
                        "> `{}`: *{}*\\\n> {}",
                        item.id,
                        markdown_escape(&document_label(quotes.corpus, item)),
                        markdown_escape(&item.text.replace('\n', " "))
                    ));
                }
            }
        }
        for assumption in &event.assumptions {
            blocks.push(format!(
                "**Assumption** (`{}`), not rule text: {}",
                assumption.name,
                markdown_escape(assumption.text)
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
    match &walk.run.stop {
        Some(Stop::Undecided { decision, why }) => {
            let _ = writeln!(out, "**Stopped after step {}.**\n", walk.run.events.len());
            let lines = decision_lines(decision, why, quotes);
            let (options, text): (Vec<&String>, Vec<&String>) =
                lines.iter().partition(|line| line.starts_with("  "));
            let mut text = text.into_iter();
            if let Some(first) = text.next() {
                let _ = writeln!(out, "{}\n", markdown_escape(first));
            }
            let rest: Vec<&String> = text.collect();
            if let Some(legal) = rest.first() {
                let _ = writeln!(out, "{}\n", markdown_escape(legal));
            }
            for option in &options {
                let option = option.trim_start();
                let (number, label) = option.split_once(". ").unwrap_or(("", option));
                let _ = writeln!(out, "{number}. {}", markdown_escape(label));
            }
            out.push('\n');
            for line in rest.iter().skip(1) {
                let _ = writeln!(out, "{}\n", markdown_escape(line));
            }
        }
        Some(Stop::Missing { fact }) => {
            let _ = writeln!(
                out,
                "**Stopped after step {}:** {}",
                walk.run.events.len(),
                markdown_escape(fact)
            );
        }
        None => {
            let _ = writeln!(out, "### Verdict\n");
            for line in walk.outcome.verdict_lines(&walk.run) {
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
    for line in &walk.unmet {
        let _ = writeln!(out, "\n**Expected otherwise:** {}", markdown_escape(line));
    }
    out
}

/// The walk as its JSON output.
pub fn output(walk: &Walkthrough, corpus: &Corpus) -> WalkOutput {
    let quotes = Quotes::new(corpus, walk.ruleset.clone());
    let mut rules = BTreeMap::new();
    let mut full_ids = |cites: &[crate::rules::Citation]| -> Vec<String> {
        cites
            .iter()
            .filter_map(|cite| quotes.resolve(cite.id()))
            .map(|item| {
                rules
                    .entry(item.id.to_string())
                    .or_insert_with(|| RuleText::of(corpus, item));
                item.id.to_string()
            })
            .collect()
    };
    let events = walk
        .run
        .events
        .iter()
        .enumerate()
        .map(|(index, event)| StepOutput {
            step: index + 1,
            text: narrate(event),
            kind: event.kind.clone(),
            cites: full_ids(&event.cites),
            assumptions: event.assumptions.clone(),
            moves: event.moves.clone(),
            tally: event.tally,
        })
        .collect();
    let stop = walk.run.stop.as_ref().map(|stop| match stop {
        Stop::Undecided { decision, why } => StopOutput::Undecided {
            decision: DecisionOutput {
                kind: decision.kind,
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
            why: why.clone(),
        },
        Stop::Missing { fact } => StopOutput::Missing { fact: fact.clone() },
    });
    let (game, seed, result) = (walk.game, walk.seed, walk.outcome.result_output());
    WalkOutput {
        format: Default::default(),
        version: crate::render::output::VERSION,
        game,
        title: walk.title.clone(),
        ruleset: quotes.ruleset.to_string(),
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
        events,
        stop,
        result,
        card_journeys: journeys(walk),
        expectation_unmet: walk.unmet.clone(),
        rules,
    }
}
