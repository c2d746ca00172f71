//! Builds a board from a scenario file, collecting every problem with the input rather than stopping at the first.

use crate::board::{Board, CardId, PLANETS, Planet, Provenance, Span, Zone};
use crate::cards::{
    Card, CardLookupError, CardType, Catalog, Fact, Game, Printing, Side, Source, StatValue,
    TraitKind, find, matching, split_name,
};
use crate::random::Random;
use crate::rules::Ruleset;

use super::file::{
    CardEntry, DeckFile, Declaration, Entry, ObjectiveFile, PlayerFile, ScenarioFile, StatInput,
};
use super::located::Located;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The input cannot be read as meant (exit 2).
    Error,
    /// Unusual but not wrong.
    Warning,
}

/// A problem with the scenario's input: an unknown card, a bad value.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub severity: Severity,
    /// A short code such as `unknown-card`.
    pub code: &'static str,
    pub message: String,
    /// Spans to underline, each with its label.
    pub labels: Vec<(Span, String)>,
    pub help: Option<String>,
}

impl Problem {
    fn error(
        code: &'static str,
        message: impl Into<String>,
        span: Option<Span>,
        label: &str,
    ) -> Problem {
        Problem {
            severity: Severity::Error,
            code,
            message: message.into(),
            labels: span
                .map(|span| (span, label.to_string()))
                .into_iter()
                .collect(),
            help: None,
        }
    }

    fn warning(
        code: &'static str,
        message: impl Into<String>,
        span: Option<Span>,
        label: &str,
    ) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message, span, label)
        }
    }

    fn with_help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// The board a scenario describes, and what was wrong with its input.
#[derive(Debug)]
pub struct Built {
    pub board: Board,
    pub problems: Vec<Problem>,
}

/// A declared card: its name as written and the card it resolved to.
struct Declared {
    name: Located<String>,
    card: Card,
}

struct Builder<'a> {
    catalog: &'a Catalog,
    declared: Vec<Declared>,
    /// Declarations that failed, already reported: their uses are not reported again.
    failed: Vec<String>,
    board: Board,
    problems: Vec<Problem>,
    random: Random,
}

/// Builds the board of a scenario. `rules_override` (from `--rules-as-of`) replaces the
/// scenario's own `rules:`.
pub fn build(file: &ScenarioFile, catalog: &Catalog, rules_override: Option<&Ruleset>) -> Built {
    let mut problems = Vec::new();
    let ruleset = match (rules_override, &file.rules) {
        (Some(ruleset), _) => ruleset.clone(),
        (None, Some(rules)) => match Ruleset::parse(&rules.value) {
            Ok(ruleset) => ruleset,
            Err(error) => {
                problems.push(
                    Problem::error("bad-rules", error.to_string(), rules.span, "not a ruleset")
                        .with_help("a date YYYY-MM-DD, or latest, rulesheet, faq-2000-12-01, boonta-eve-printed"),
                );
                Ruleset::latest()
            }
        },
        (None, None) => Ruleset::latest(),
    };
    let seed = file.seed.unwrap_or(0);
    let mut builder = Builder {
        catalog,
        declared: Vec::new(),
        failed: Vec::new(),
        board: Board::new(ruleset, seed),
        problems,
        random: Random::seeded(seed),
    };
    builder.board.turn = file.turn.as_ref().map(|turn| turn.value);
    builder.board.step = file.step.as_ref().map(|step| step.value);
    if let Some(planet) = &file.current_planet {
        builder.board.current_planet = builder.planet(planet);
    }
    for (name, declaration) in &file.cards.0 {
        builder.declare(name, declaration);
    }
    for (side, player) in [(Side::Light, &file.light), (Side::Dark, &file.dark)] {
        if let Some(player) = player {
            builder.board.player_mut(side).section_span.0 = player.span;
            builder.player(side, &player.value);
        }
    }
    for (name, planet_file) in &file.planets.0 {
        let Some(planet) = builder.planet(name) else {
            continue;
        };
        if builder.board.planets.contains(&planet) {
            builder.problems.push(Problem::error(
                "duplicate-planet",
                format!("{planet} is listed twice"),
                name.span,
                "listed again here",
            ));
            continue;
        }
        builder.board.planets.push(planet);
        for (side, entries) in [
            (Side::Light, &planet_file.light),
            (Side::Dark, &planet_file.dark),
        ] {
            builder.place_all(Zone::InPlay(planet, side), side, entries);
        }
    }
    Built {
        board: builder.board,
        problems: builder.problems,
    }
}

fn stat(input: &Located<StatInput>) -> Fact<StatValue> {
    let value = match &input.value {
        StatInput::Number(number) => StatValue::Number(*number),
        StatInput::Symbol(symbol) if symbol == "none" => StatValue::None,
        StatInput::Symbol(symbol) => StatValue::Symbol(symbol.clone()),
    };
    Fact::new(value, Source::Scenario)
}

impl Builder<'_> {
    fn planet(&mut self, name: &Located<String>) -> Option<Planet> {
        let planet = Planet::parse(&name.value);
        if planet.is_none() {
            let nearest = PLANETS
                .iter()
                .max_by(|a, b| {
                    strsim::jaro_winkler(&a.to_lowercase(), &name.value.to_lowercase()).total_cmp(
                        &strsim::jaro_winkler(&b.to_lowercase(), &name.value.to_lowercase()),
                    )
                })
                .copied()
                .unwrap_or("Naboo");
            self.problems.push(
                Problem::error(
                    "unknown-planet",
                    format!("there is no planet {:?}", name.value),
                    name.span,
                    "not a planet",
                )
                .with_help(format!(
                    "the planets are Tatooine, Coruscant and Naboo; did you mean {nearest}?"
                )),
            );
        }
        planet
    }

    /// Resolves a declaration: stats for a catalog card, or a new card.
    fn declare(&mut self, name: &Located<String>, declaration: &Declaration) {
        let wanted = matching::normalise(&name.value);
        let exact = self.catalog.cards().iter().find(|card| {
            matching::normalise(&card.full_name()) == wanted
                || card
                    .aliases
                    .iter()
                    .any(|alias| matching::normalise(alias) == wanted)
        });
        let base = match exact {
            Some(card) => Some(card.clone()),
            None if declaration.card_type.is_some() => None,
            None => match find(self.catalog.cards(), &name.value) {
                Ok(found) => found.first().map(|card| (*card).clone()),
                Err(error) => {
                    self.problems.push(self.lookup_problem(name, error, true));
                    self.failed.push(wanted);
                    return;
                }
            },
        };
        let mut card = match base {
            Some(card) => card,
            None => {
                let card_type = declaration.card_type.as_ref().map(|t| t.value);
                let mut card = Card::named(&name.value, Game::YoungJedi);
                if !matches!(
                    card_type,
                    Some(CardType::Character) | Some(CardType::Weapon)
                ) {
                    card.title = name.value.trim().to_string();
                    card.subtitle = None;
                } else {
                    let (title, subtitle) = split_name(&name.value);
                    card.title = title;
                    card.subtitle = subtitle;
                }
                card
            }
        };
        if let Some(card_type) = &declaration.card_type {
            self.warn_if_differs("declared-type-differs", &card, card.card_type(), card_type);
            card.card_type = Some(Fact::new(card_type.value, Source::Scenario));
        }
        if let Some(side) = &declaration.side {
            self.warn_if_differs("declared-side-differs", &card, card.side(), side);
            card.side = Some(Fact::new(side.value, Source::Scenario));
        }
        for (slot, input) in [
            (&mut card.stats.power, &declaration.power),
            (&mut card.stats.damage, &declaration.damage),
            (&mut card.stats.destiny, &declaration.destiny),
            (&mut card.stats.deploy, &declaration.deploy),
        ] {
            if let Some(input) = input {
                *slot = Some(stat(input));
            }
        }
        if declaration.set.is_some() || declaration.number.is_some() {
            card.printing = Some(Fact::new(
                Printing {
                    set: declaration.set.clone().unwrap_or_default(),
                    number: declaration.number.clone().unwrap_or_default(),
                },
                Source::Scenario,
            ));
        }
        let traits = &declaration.traits;
        for (kind, value) in [
            (TraitKind::Jedi, traits.jedi),
            (TraitKind::DuelingCharacter, traits.dueling_character),
            (TraitKind::PodracerPilot, traits.podracer_pilot),
            (TraitKind::Lightsaber, traits.lightsaber),
            (TraitKind::PodracerWeapon, traits.podracer_weapon),
            (TraitKind::Unique, traits.unique),
        ] {
            if let Some(value) = value {
                card.stated_traits.retain(|fact| fact.value.0 != kind);
                card.stated_traits
                    .push(Fact::new((kind, value), Source::Scenario));
            }
        }
        let text = &mut card.text;
        if let Some(users) = &declaration.usable_by {
            text.usable_by = Some(users.clone());
        }
        if let Some(bonus) = declaration.power_bonus {
            text.weapon_bonus = Some(bonus);
        }
        if !declaration.location_bonus.is_empty() {
            text.location_bonus.clear();
        }
        for (planet, bonus) in &declaration.location_bonus.0 {
            match Planet::parse(&planet.value) {
                Some(planet) => text
                    .location_bonus
                    .push((planet.name().to_string(), *bonus)),
                None => self.problems.push(
                    Problem::error(
                        "unknown-planet",
                        format!("there is no planet {:?}", planet.value),
                        planet.span,
                        "not a planet",
                    )
                    .with_help("the planets are Tatooine, Coruscant and Naboo"),
                ),
            }
        }
        if let Some(bonus) = declaration.text_bonus {
            text.text_bonus = Some(bonus);
        }
        if let Some(effect) = &declaration.dueling {
            text.dueling = Some(effect.value);
        }
        if let Some(modifier) = declaration.damage_modifier {
            text.damage_modifier = Some(modifier);
        }
        if card.card_type().is_none() {
            self.problems.push(
                Problem::error(
                    "type-needed",
                    format!("the catalog lacks {:?}, so the scenario must give its type", name.value),
                    name.span,
                    "a card the catalog lacks",
                )
                .with_help("add `type:` (character, weapon, battle, effect, location, starship or objective)"),
            );
        }
        if self.declared.iter().any(|known| {
            matching::normalise(&known.card.full_name()) == matching::normalise(&card.full_name())
        }) {
            self.problems.push(Problem::error(
                "declared-twice",
                format!("{} is declared twice", card.full_name()),
                name.span,
                "declared again here",
            ));
            return;
        }
        self.declared.push(Declared {
            name: name.clone(),
            card,
        });
    }

    /// A warning when the scenario declares a fact other than the catalog's.
    fn warn_if_differs<T: PartialEq + std::fmt::Display>(
        &mut self,
        code: &'static str,
        card: &Card,
        known: Option<T>,
        declared: &Located<T>,
    ) {
        if let Some(known) = known
            && known != declared.value
        {
            self.problems.push(Problem::warning(
                code,
                format!(
                    "the catalog has {}: {known}; the scenario's {} is used",
                    card.full_name(),
                    declared.value
                ),
                declared.span,
                "differs from the catalog",
            ));
        }
    }

    fn lookup_problem(
        &self,
        name: &Located<String>,
        error: CardLookupError,
        declaring: bool,
    ) -> Problem {
        match error {
            CardLookupError::Unknown {
                given,
                mut suggestions,
            } => {
                let declared_names: Vec<String> =
                    self.declared.iter().map(|d| d.card.full_name()).collect();
                for name in declared_names {
                    if strsim::jaro_winkler(
                        &matching::normalise(&given),
                        &matching::normalise(&name),
                    ) > 0.8
                        && !suggestions.contains(&name)
                    {
                        suggestions.insert(0, name);
                    }
                }
                let mut help = if suggestions.is_empty() {
                    String::new()
                } else {
                    format!("did you mean {}? ", suggestions.join("; "))
                };
                help.push_str(if declaring {
                    "To declare a card the catalog lacks, give its `type:`."
                } else {
                    "A card the catalog lacks must be declared under `cards:` with its type."
                });
                Problem::error(
                    "unknown-card",
                    format!("no card is named {given:?}"),
                    name.span,
                    "unknown card",
                )
                .with_help(help)
            }
            CardLookupError::Ambiguous { given, candidates } => Problem::error(
                "ambiguous-card",
                format!("{given:?} could be any of {} cards", candidates.len()),
                name.span,
                "ambiguous",
            )
            .with_help(format!("write more of the name: {}", candidates.join("; "))),
        }
    }

    /// The card a name in a zone means: a declared card first, then the catalog.
    fn resolve(&mut self, name: &Located<String>) -> Option<Card> {
        let wanted = matching::normalise(&name.value);
        if let Some(declared) = self.declared.iter().find(|declared| {
            matching::normalise(&declared.name.value) == wanted
                || matching::normalise(&declared.card.full_name()) == wanted
        }) {
            return Some(declared.card.clone());
        }
        let declared_cards: Vec<Card> = self.declared.iter().map(|d| d.card.clone()).collect();
        if let Ok(found) = find(&declared_cards, &name.value)
            && let Some(card) = found.first()
        {
            return Some((*card).clone());
        }
        match find(self.catalog.cards(), &name.value) {
            Ok(found) => {
                let card = found.first().map(|card| (*card).clone())?;
                // A declaration of the same catalog card applies to it.
                let full = matching::normalise(&card.full_name());
                Some(
                    self.declared
                        .iter()
                        .find(|declared| matching::normalise(&declared.card.full_name()) == full)
                        .map(|declared| declared.card.clone())
                        .unwrap_or(card),
                )
            }
            Err(_) if self.failed.contains(&wanted) => None,
            Err(error) => {
                let problem = self.lookup_problem(name, error, false);
                self.problems.push(problem);
                None
            }
        }
    }

    /// Adds a list of entries to a zone, catching a name that a comma split in two.
    fn place_all(&mut self, zone: Zone, owner: Side, entries: &[Located<Entry>]) {
        let mut previous: Option<&Located<Entry>> = None;
        for entry in entries {
            if let (Some(before), Entry::Card(this)) = (previous, &entry.value)
                && let Entry::Card(first) = &before.value
                && first.is_bare()
                && this.is_bare()
            {
                let joined = format!("{}, {}", first.card.value, this.card.value);
                let wanted = matching::normalise(&joined);
                let is_a_name = self
                    .catalog
                    .cards()
                    .iter()
                    .chain(self.declared.iter().map(|declared| &declared.card))
                    .any(|card| matching::normalise(&card.full_name()) == wanted);
                if is_a_name {
                    let span = match (before.span, entry.span) {
                        (Some(a), Some(b)) if b.offset >= a.offset => Some(Span {
                            offset: a.offset,
                            len: b.offset + b.len - a.offset,
                        }),
                        (a, b) => a.or(b),
                    };
                    // Undo the first half, placed a moment ago.
                    if let Some(ids) = self.board.zones.get_mut(&zone) {
                        ids.pop();
                    }
                    self.board.zones.retain(|_, ids| !ids.is_empty());
                    self.problems.push(
                        Problem::error(
                            "name-split-by-comma",
                            format!("\"{joined}\" was read as two cards, \"{}\" and \"{}\"", first.card.value, this.card.value),
                            span,
                            "one name, split at its comma",
                        )
                        .with_help(format!("inside [ ] a comma separates entries: quote the name, \"{joined}\", or put each card on its own line")),
                    );
                    previous = None;
                    continue;
                }
            }
            self.place(zone, owner, entry);
            previous = Some(entry);
        }
    }

    /// Adds one entry to a zone.
    fn place(&mut self, zone: Zone, owner: Side, entry: &Located<Entry>) -> Option<CardId> {
        let (card, card_entry) = match &entry.value {
            Entry::Destiny(number) => {
                if !(0..=9).contains(number) {
                    self.problems.push(Problem::error(
                        "bad-destiny",
                        format!("{number} is not a destiny number"),
                        entry.span,
                        "not a destiny number",
                    ));
                    return None;
                }
                (Card::anonymous(*number), None)
            }
            Entry::Card(card_entry) => {
                let name = Located {
                    value: card_entry.card.value.clone(),
                    span: card_entry.card.span.or(entry.span),
                };
                (self.resolve(&name)?, Some(card_entry))
            }
        };
        if let Some(side) = card.side()
            && side != owner
        {
            self.problems.push(Problem::warning(
                "other-side-card",
                format!(
                    "{} is a {side} card, among the {owner} player's cards",
                    card.full_name()
                ),
                entry.span,
                "the other side's card",
            ));
        }
        let definition = self.board.define(card);
        let id = self.board.add(zone, definition, owner);
        if let Some(instance) = self.board.instance_mut(id) {
            instance.provenance = Provenance {
                entry: entry.span,
                name: card_entry.and_then(|c| c.card.span).or(entry.span),
                ..Provenance::default()
            };
            if let Some(CardEntry {
                hidden,
                deployed_this_turn,
                hits,
                thrust,
                ..
            }) = card_entry
            {
                if let Some(hidden) = hidden {
                    instance.face_down = hidden.value;
                    instance.provenance.hidden = hidden.span;
                }
                instance.deployed_this_turn = *deployed_this_turn;
                if let Some(hits) = hits {
                    instance.hits = hits.value;
                    instance.provenance.hits = hits.span;
                }
                if let Some(thrust) = thrust {
                    instance.thrust = thrust.value;
                    instance.provenance.thrust = thrust.span;
                }
            }
        }
        Some(id)
    }

    fn player(&mut self, side: Side, player: &PlayerFile) {
        if let Some(deck) = &player.deck {
            self.board.player_mut(side).deck_span.0 = deck.span;
            match &deck.value {
                DeckFile::Cards(entries) => self.place_all(Zone::DrawDeck(side), side, entries),
                DeckFile::Count(count) => {
                    if count.count.span.is_some() {
                        self.board.player_mut(side).deck_span.0 = count.count.span;
                    }
                    if count.count.value > 1000 {
                        self.problems.push(Problem::error(
                            "deck-too-large",
                            format!(
                                "a draw deck of {} cards is not a game of Young Jedi",
                                count.count.value
                            ),
                            count.count.span,
                            "too many cards",
                        ));
                    } else {
                        for _ in 0..count.count.value {
                            let destiny = self.random.between(1, 6);
                            let definition = self.board.define(Card::anonymous(destiny));
                            self.board.add(Zone::DrawDeck(side), definition, side);
                        }
                    }
                }
            }
        }
        for (zone, entries) in [
            (Zone::Hand(side), &player.hand),
            (Zone::DiscardPile(side), &player.discard),
            (Zone::Hyperspace(side), &player.hyperspace),
            (Zone::PodracingPile(side), &player.podracing),
            (Zone::BattlePlan(side), &player.battle_plan),
        ] {
            self.place_all(zone, side, entries);
        }
        if let Some(objective) = &player.objective {
            let ObjectiveFile { card, laps, cards } = &objective.value;
            self.place(Zone::Objective(side), side, card);
            if let Some(laps) = laps {
                self.board.player_mut(side).laps = laps.value;
            }
            self.place_all(Zone::AtObjective(side), side, cards);
        }
        if let Some(counters) = &player.counters_spent {
            self.board.player_mut(side).counters_spent = counters.value;
        }
        self.board.player_mut(side).dueled_this_turn = player.dueled_this_turn;
    }
}
