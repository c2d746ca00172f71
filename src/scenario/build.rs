//! Builds a board from a scenario file, collecting every problem with the input rather than stopping at the first.

use crate::cards::card_text::BattleUser;
use crate::ranged::StatInput;
use std::collections::{BTreeMap, BTreeSet};

use crate::board::{
    Board, CardId, DefinitionIndex, PLANETS, Planet, Provenance, ProvenanceSlot, Span, Zone,
};
use crate::cards::matching::{self, NameIndex};
use crate::cards::{
    Card, CardLookupError, CardType, Catalog, Fact, Game, Printing, Side, Source, StatValue,
    TraitKind, split_name,
};
use crate::random::Random;
use crate::rules::Ruleset;

use super::file::{
    CardEntry, DeckFile, Declaration, Entry, ObjectiveFile, PlayerFile, ScenarioFile,
};
use super::located::Located;
use super::problems::{Problem, Problems};

/// The board a scenario describes, and what was wrong with its input.
#[derive(Debug)]
pub struct Built {
    pub board: Board,
    pub problems: Problems,
}

/// What builds a board from a scenario: the catalog, the cards declared, the names already
/// found, and the problems found so far. A procedure's section is built onto the board
/// through it.
pub struct Builder<'a> {
    catalog: &'a Catalog,
    /// The cards the scenario declares, in the order of the file.
    declared: Vec<Card>,
    /// The declared cards' names, normalised once.
    declared_index: NameIndex,
    /// A declared card by its name as written, normalised.
    declared_by_written_name: BTreeMap<String, usize>,
    /// A declared card by its full name, normalised.
    declared_by_full_name: BTreeMap<String, usize>,
    /// Declarations that failed, already reported: their uses are not reported again.
    failed: BTreeSet<String>,
    /// The problem each name that found no card made (its suggestions cost a comparison with
    /// every name), by the name normalised: the name written again makes it again.
    failed_lookups: BTreeMap<String, Problem>,
    /// The zones a card was meant for whose name found no card (reported): a name another
    /// part of the file looks for there may be that card, so its absence is not reported
    /// again.
    unplaced: BTreeSet<Zone>,
    /// The definitions made so far, by content.
    definitions: DefinitionIndex,
    /// The definition each name in a zone resolved to, so that a name written many times
    /// is looked up once.
    resolved: std::collections::HashMap<(Side, String), crate::board::DefinitionId>,
    /// The cards placed so far, each name once: a name is looked for among them first.
    table: crate::cards::Table,
    /// The board built so far.
    pub board: Board,
    /// Every problem found so far.
    pub problems: Problems,
    random: Random,
    /// The text the scenario was read from, if it was.
    source: super::file::SourceText,
}

/// A name's parts between its commas, each read as names are compared.
fn comma_parts(name: &str) -> Vec<String> {
    name.split(',').map(matching::normalise).collect()
}

/// Builds the board of a scenario. `rules_override` (from `--rules-as-of`) replaces the
/// scenario's own `rules:`.
pub fn build(file: &ScenarioFile, catalog: &Catalog, rules_override: Option<&Ruleset>) -> Built {
    let mut problems = Problems::new();
    let ruleset = match (rules_override, &file.rules) {
        (Some(ruleset), _) => ruleset.clone(),
        (None, Some(rules)) => match Ruleset::parse(&rules.value) {
            Ok(ruleset) => ruleset,
            Err(error) => {
                problems.push(
                    Problem::error("bad-rules", error.to_string(), rules.span, "not a ruleset")
                        .with_help(format!(
                            "a date YYYY-MM-DD, or {}",
                            crate::rules::NAMED_RULESETS
                                .iter()
                                .map(|(name, _, _)| *name)
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
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
        declared_index: NameIndex::default(),
        declared_by_written_name: BTreeMap::new(),
        declared_by_full_name: BTreeMap::new(),
        failed: BTreeSet::new(),
        unplaced: BTreeSet::new(),
        failed_lookups: BTreeMap::new(),
        definitions: DefinitionIndex::default(),
        resolved: std::collections::HashMap::new(),
        table: crate::cards::Table::default(),
        board: Board::new(ruleset, seed),
        problems,
        random: Random::seeded(seed),
        source: file.source.clone(),
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
    for part in file.sections.iter() {
        if let Some(stated) = part.build(&mut builder) {
            builder.board.stated.put(part.key(), stated);
        }
    }
    let mut problems = builder.problems;
    problems.in_file_order();
    Built {
        board: builder.board,
        problems,
    }
}

/// The code of a failed look-up's problem.
fn lookup_code(error: &CardLookupError) -> &'static str {
    match error {
        CardLookupError::Unknown { .. } => "unknown-card",
        CardLookupError::Ambiguous { .. } => "ambiguous-card",
        CardLookupError::Versions { .. } => "card-versions-differ",
    }
}

fn stat(input: &StatInput) -> Fact<StatValue> {
    let value = match input {
        StatInput::Number(number) => StatValue::Number(*number),
        StatInput::Symbol(symbol) if symbol == "none" => StatValue::None,
        StatInput::Symbol(symbol) => StatValue::Symbol(symbol.clone()),
    };
    Fact::new(value, Source::Scenario)
}

impl Builder<'_> {
    pub fn planet(&mut self, name: &Located<String>) -> Option<Planet> {
        let planet = Planet::parse(&name.value);
        if planet.is_none() {
            let nearest = PLANETS
                .iter()
                .max_by(|a, b| {
                    matching::similarity(&a.to_lowercase(), &name.value.to_lowercase()).total_cmp(
                        &matching::similarity(&b.to_lowercase(), &name.value.to_lowercase()),
                    )
                })
                .copied()
                .unwrap_or("Naboo");
            self.problems.push(
                Problem::error(
                    "unknown-planet",
                    format!("there is no planet {:?}", crate::text::quoted(&name.value)),
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
    /// A Double Impact card played as one of its Battle halves: the half's text and power
    /// bonus, those of the earlier card it is.
    fn play_as_half(&mut self, card: &mut Card, half: &Located<String>) {
        match self.catalog.play_as_half(card, &half.value) {
            Ok(()) => {}
            Err(error @ crate::cards::NotAHalf::Unrecorded { .. }) => {
                self.problems.push(Problem::warning(
                    "half-text-unknown",
                    error.to_string(),
                    half.span,
                    "a half whose text is not recorded",
                ))
            }
            Err(error) => {
                let help = match &error {
                    crate::cards::NotAHalf::Unknown {
                        halves, nearest, ..
                    } => format!("its Battle halves are {halves}: write `played_as: {nearest}`"),
                    _ => {
                        "only a Double Impact card with a Battle half is played as one".to_string()
                    }
                };
                self.problems.push(
                    Problem::error(
                        "unknown-half",
                        error.to_string(),
                        half.span,
                        "not a Battle half",
                    )
                    .with_help(help),
                );
            }
        }
    }

    fn declare(&mut self, name: &Located<String>, declaration: &Declaration) {
        if name.value.chars().any(crate::text::is_hidden_control) {
            self.problems.push(Problem::warning(
                "control-character",
                format!(
                    "the name {} holds a control character; it is shown written out",
                    crate::text::quoted(&crate::text::visible(&name.value))
                ),
                name.span,
                "a control character",
            ));
        }
        let wanted = matching::normalise(&name.value);
        // A name that is no card's exact name, declared with a type, is a card the catalog
        // lacks.
        let exact = self.catalog.index().exact(&name.value).is_some();
        let base = if declaration.card_type.is_some() && !exact {
            None
        } else {
            let looking = crate::cards::Looking::catalog(Some(Game::YoungJedi));
            match self.catalog.resolve_card(&name.value, looking) {
                Ok(card) => Some(card),
                Err(error) => {
                    let kept = ["unknown-card", "ambiguous-card", "card-versions-differ"];
                    if kept.iter().any(|code| self.problems.keeps(code)) {
                        let problem = self.lookup_problem(name, error, true);
                        self.problems.push(problem);
                    } else {
                        self.problems
                            .count_only(lookup_code(&error), super::problems::Severity::Error);
                    }
                    self.failed.insert(wanted);
                    return;
                }
            }
        };
        let mut card = match base {
            Some(card) => card,
            None => {
                let card_type = declaration.card_type.as_ref().map(|t| t.value);
                let written = crate::text::visible(&name.value);
                let mut card = Card::named(&written, Game::YoungJedi);
                if !matches!(
                    card_type,
                    Some(CardType::Character) | Some(CardType::Weapon)
                ) {
                    card.title = written.trim().to_string();
                    card.subtitle = None;
                } else {
                    let (title, subtitle) = split_name(&written);
                    card.title = title;
                    card.subtitle = subtitle;
                }
                card
            }
        };
        if let Some(card_type) = &declaration.card_type {
            self.warn_if_differs(
                "declared-type-differs",
                &card,
                "type",
                card.card_type(),
                card_type,
            );
            card.card_type = Some(Fact::new(card_type.value, Source::Scenario));
        }
        if let Some(side) = &declaration.side {
            self.warn_if_differs("declared-side-differs", &card, "side", card.side(), side);
            card.side = Some(Fact::new(side.value, Source::Scenario));
        }
        let full_name = card.full_name();
        for (label, slot, input) in [
            (
                "power",
                &mut card.stats.power,
                declaration.power.as_ref().map(|p| (&p.value.0, p.span)),
            ),
            (
                "DAMAGE",
                &mut card.stats.damage,
                declaration.damage.as_ref().map(|d| (&d.value.0, d.span)),
            ),
            (
                "destiny",
                &mut card.stats.destiny,
                declaration.destiny.as_ref().map(|d| (&d.value.0, d.span)),
            ),
            (
                "deploy",
                &mut card.stats.deploy,
                declaration.deploy.as_ref().map(|d| (&d.value.0, d.span)),
            ),
        ] {
            let Some((input, span)) = input else { continue };
            let mut declared = stat(input);
            if let Some(known) = slot.as_ref()
                && known.value != declared.value
            {
                declared.note = Some(format!("the catalog says {}", known.value));
                self.differs_from_catalog(
                    "declared-stat-differs",
                    &full_name,
                    (label, &declared.value, span),
                    &known.value,
                );
            }
            *slot = Some(declared);
        }
        if declaration.set.is_some() || declaration.number.is_some() {
            card.printing = Some(Fact::new(
                Printing::new(
                    declaration.set.clone().unwrap_or_default(),
                    declaration.number.clone().unwrap_or_default(),
                ),
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
            (TraitKind::Stackable, traits.stackable),
            (TraitKind::Starfighter, traits.starfighter),
            (TraitKind::Transport, traits.transport),
        ] {
            if let Some(value) = value {
                card.stated_traits.retain(|fact| fact.value.0 != kind);
                card.stated_traits
                    .push(Fact::new((kind, value), Source::Scenario));
            }
        }
        card.declare_first_box(
            declaration
                .usable_by
                .as_ref()
                .map(|users| users.value.clone()),
            declaration
                .power_bonus
                .as_ref()
                .map(|bonus| bonus.value.i32()),
        );
        if let Some(icons) = &declaration.icons {
            card.icons = Some(Fact::new(
                icons
                    .value
                    .iter()
                    .take(4)
                    .map(|icon| crate::text::clip(icon, crate::cards::matching::MAX_NAME_CHARS))
                    .collect(),
                Source::Scenario,
            ));
        }
        if let Some(half) = &declaration.played_as {
            self.play_as_half(&mut card, half);
        }
        self.warn_of_a_differing_box(&card, declaration);
        self.warn_of_catalog_text(name, &card, declaration);
        if declaration.text.is_some() {
            card.switch_text_off();
        }
        let text = &mut card.text;
        if !declaration.location_bonus.is_empty() {
            text.location_bonus.clear();
        }
        for (planet, bonus) in &declaration.location_bonus.0 {
            match Planet::parse(&planet.value) {
                Some(planet) => text
                    .location_bonus
                    .push((planet.name().to_string(), bonus.i32())),
                None => self.problems.push(
                    Problem::error(
                        "unknown-planet",
                        format!(
                            "there is no planet {:?}",
                            crate::text::quoted(&planet.value)
                        ),
                        planet.span,
                        "not a planet",
                    )
                    .with_help("the planets are Tatooine, Coruscant and Naboo"),
                ),
            }
        }
        if let Some(bonus) = declaration.text_bonus {
            text.text_bonus = Some(bonus.i32());
        }
        if !declaration.bonuses.is_empty() {
            // Declared bonuses are the card's, in place of the catalog's.
            text.conditional_bonuses.clear();
        }
        for bonus in &declaration.bonuses {
            if let crate::cards::Condition::Controlled(planet) = &bonus.when.value
                && Planet::parse(planet).is_none()
            {
                self.problems.push(
                    Problem::error(
                        "unknown-planet",
                        format!("{} is not a planet", crate::text::quoted(planet)),
                        bonus.when.span,
                        "not a planet",
                    )
                    .with_help("the planets are Tatooine, Coruscant and Naboo"),
                );
                continue;
            }
            text.conditional_bonuses
                .push(crate::cards::ConditionalBonus {
                    amount: bonus.amount.i32(),
                    when: bonus.when.value.clone(),
                });
        }
        if let Some(effect) = &declaration.dueling {
            if let Some(known) = text.dueling
                && known != effect.value
            {
                self.differs_from_catalog(
                    "declared-text-differs",
                    &full_name,
                    (
                        "dueling text",
                        &format!("\"{}\"", effect.value.label()),
                        effect.span,
                    ),
                    &format!("\"{}\"", known.label()),
                );
            }
            text.dueling = Some(effect.value);
        }
        if let Some(modifier) = declaration.damage_modifier {
            text.damage_modifier = Some(crate::cards::DamageModifier {
                amount: modifier.amount.i32(),
                applies_to: modifier.applies_to,
                of: modifier.of,
                at_current_planet: modifier.at_current_planet,
                only: Vec::new(),
                own_card: false,
                defeated_by_it: false,
                while_using: None,
            });
        }
        if let Some(effect) = &declaration.battle_text {
            text.battle = Some(effect.value);
        }
        if let Some(users) = &declaration.battle_users {
            let clip = |word: &str| crate::text::clip(word, crate::cards::matching::MAX_NAME_CHARS);
            let mut read = Vec::new();
            for user in &users.value {
                read.push(match user {
                    BattleUser::Word(word) => BattleUser::Word(clip(word)),
                    BattleUser::Qualified(qualified) => {
                        if qualified
                            .count
                            .is_some_and(|count| !(1..=3).contains(&count))
                        {
                            self.problems.push(
                                Problem::error(
                                    "value-out-of-range",
                                    "a Battle card's users are one to three cards of a kind"
                                        .to_string(),
                                    users.span,
                                    "a count from 1 to 3",
                                )
                                .with_help("write `count: 2` for \"use with two\""),
                            );
                        }
                        BattleUser::Qualified(crate::cards::card_text::QualifiedUser {
                            any: clip(&qualified.any),
                            icon: qualified.icon.as_deref().map(clip),
                            at: qualified.at.as_deref().map(clip),
                            first_in_plan: qualified.first_in_plan,
                            count: qualified.count,
                        })
                    }
                });
            }
            text.battle_users = Some(read);
        }
        if let Some(fetch) = &declaration.deploy_fetch {
            let fetch = &fetch.value;
            let to = match &fetch.to {
                Some(planet) => self.planet(planet).map(|planet| planet.name().to_string()),
                None => None,
            };
            text.deploy_fetch = Some(crate::cards::DeployFetch {
                card: crate::text::clip(&fetch.card.value, crate::cards::matching::MAX_NAME_CHARS),
                to,
                counters: fetch.counters.as_ref().map(|counters| counters.value.i32()),
                into_hand: fetch.into_hand,
                or: Vec::new(),
                icon: None,
            });
        }
        if let Some(podrace) = &declaration.podrace {
            let podrace = &podrace.value;
            text.podrace = Some(crate::cards::PodraceText {
                thrust_on_deploy: podrace
                    .thrust_on_deploy
                    .as_ref()
                    .and_then(|extra| u8::try_from(extra.value.get()).ok()),
                handling: podrace
                    .handling
                    .as_ref()
                    .and_then(|number| u8::try_from(number.value.get()).ok()),
            });
        }
        if let Some(duelist) = &declaration.duelist {
            let duelist = &duelist.value;
            text.duelist = Some(crate::cards::DuelistText {
                first_pass_draws: duelist
                    .first_pass_draws
                    .as_ref()
                    .and_then(|draws| u8::try_from(draws.value.get()).ok()),
                may_not_pass: duelist.may_not_pass,
                negates_dueling_text: duelist.negates_dueling_text,
            });
        }
        if declaration.dueling.is_some()
            || declaration.duelist.is_some()
            || declaration.battle_text.is_some()
            || declaration.battle_users.is_some()
            || declaration.deploy_fetch.is_some()
            || declaration.podrace.is_some()
            || !declaration.bonuses.is_empty()
        {
            card.text_source = Some(Source::Scenario);
        }
        if let Some(draws) = &declaration.destiny_draws {
            card.text.destiny_draws = Some(draws.value.i32());
        }
        if let Some(bonus) = &declaration.battle_bonus {
            let declared = Fact::new(StatValue::Number(bonus.value.i32()), Source::Scenario);
            if let Some(known) = card.battle_bonus.as_ref()
                && known.value != declared.value
            {
                let known = known.value.clone();
                self.differs_from_catalog(
                    "declared-stat-differs",
                    &full_name,
                    ("Battle card bonus", &declared.value, bonus.span),
                    &known,
                );
            }
            card.battle_bonus = Some(declared);
        }
        if card.card_type().is_none() {
            self.problems.push(
                Problem::error(
                    "type-needed",
                    format!("the catalog lacks {:?}, so the scenario must give its type", crate::text::quoted(&name.value)),
                    name.span,
                    "a card the catalog lacks",
                )
                .with_help("add `type:` (character, weapon, battle, effect, location, starship or objective)"),
            );
        }
        let full_name = matching::normalise(&card.full_name());
        if self.declared_by_full_name.contains_key(&full_name) {
            self.problems.push(Problem::error(
                "declared-twice",
                format!("{} is declared twice", card.full_name()),
                name.span,
                "declared again here",
            ));
            return;
        }
        let position = self.declared.len();
        self.declared_index.push(&card);
        self.declared_by_full_name.insert(full_name, position);
        self.declared_by_written_name
            .entry(wanted)
            .or_insert(position);
        self.declared.push(card);
    }

    /// A warning for each of `power_bonus` and `usable_by` that gives the weapon's first box
    /// other than the catalog's.
    fn warn_of_a_differing_box(&mut self, card: &Card, declaration: &Declaration) {
        let Some(declared) = &card.first_box_declaration else {
            return;
        };
        let full_name = card.full_name();
        if let (Some(Some(catalog)), Some(bonus)) =
            (declared.catalog_bonus_differing(), &declaration.power_bonus)
        {
            self.differs_from_catalog(
                "declared-stat-differs",
                &full_name,
                ("power bonus", &bonus.value.i32(), bonus.span),
                &format!("{catalog} in box 1"),
            );
        }
        if let (Some(Some(catalog)), Some(users)) =
            (declared.catalog_users_differing(), &declaration.usable_by)
        {
            self.differs_from_catalog(
                "declared-stat-differs",
                &full_name,
                ("users", &users.value.join(", "), users.span),
                &format!("{} in box 1", catalog.join(", ")),
            );
        }
    }

    /// The warning for a declared fact other than the catalog's known one, if it is.
    fn warn_if_differs<T: PartialEq + std::fmt::Display>(
        &mut self,
        code: &'static str,
        card: &Card,
        what: &str,
        known: Option<T>,
        declared: &Located<T>,
    ) {
        if let Some(known) = known.filter(|known| *known != declared.value) {
            self.differs_from_catalog(
                code,
                &card.full_name(),
                (what, &declared.value, declared.span),
                &known,
            );
        }
    }

    /// A declaration without `text: none` of a card whose catalog text the procedures apply:
    /// text declared beside it adds to what the catalog's still does, and numbers of the
    /// scenario's own leave it on. Either way the walk applies the catalog's text, which the
    /// judge may not have meant: a warning says which, and how to switch it off.
    fn warn_of_catalog_text(
        &mut self,
        name: &Located<String>,
        card: &Card,
        declaration: &Declaration,
    ) {
        if declaration.text.is_some()
            || card.text.is_empty()
            || card.text_source.as_ref() == Some(&Source::Scenario)
        {
            return;
        }
        // Each field of text a declaration may give, whether it gives it, and the part of
        // the catalog's text it then replaces.
        type Replaced = fn(&mut crate::cards::GameText);
        let fields: [(&str, bool, Replaced); 10] = [
            ("battle_users", declaration.battle_users.is_some(), |text| {
                text.battle_users = None
            }),
            ("text_bonus", declaration.text_bonus.is_some(), |text| {
                text.text_bonus = None
            }),
            ("bonuses", !declaration.bonuses.is_empty(), |text| {
                text.conditional_bonuses.clear()
            }),
            ("dueling", declaration.dueling.is_some(), |text| {
                text.dueling = None
            }),
            (
                "damage_modifier",
                declaration.damage_modifier.is_some(),
                |text| text.damage_modifier = None,
            ),
            ("battle_text", declaration.battle_text.is_some(), |text| {
                text.battle = None
            }),
            ("deploy_fetch", declaration.deploy_fetch.is_some(), |text| {
                text.deploy_fetch = None
            }),
            ("podrace", declaration.podrace.is_some(), |text| {
                text.podrace = None
            }),
            ("duelist", declaration.duelist.is_some(), |text| {
                text.duelist = None
            }),
            (
                "destiny_draws",
                declaration.destiny_draws.is_some(),
                |text| text.destiny_draws = None,
            ),
        ];
        let mut kept = card.text.clone();
        let mut declared_text = Vec::new();
        for (key, declared, replaced) in fields {
            if declared {
                replaced(&mut kept);
                declared_text.push(key);
            }
        }
        let kept = kept.phrases();
        if kept.is_empty() {
            return;
        }
        // Numbers of its own: a declared number other than the catalog's, which the declared
        // fact notes (one the catalog lacks only fills it in).
        let numbers = [
            &card.stats.power,
            &card.stats.damage,
            &card.stats.destiny,
            &card.stats.deploy,
        ]
        .into_iter()
        .flatten()
        .any(|fact| fact.source == Source::Scenario && fact.note.is_some());
        let full_name = card.full_name();
        let kept = kept.join("; ");
        let (code, message) = if !declared_text.is_empty() {
            (
                "declared-text-beside-catalog-text",
                format!(
                    "{} declared for {full_name} adds to its catalog text, which still applies ({kept}); write `text: none` beside it to give the card the declared text alone",
                    declared_text
                        .iter()
                        .map(|key| format!("`{key}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        } else if numbers {
            (
                "catalog-text-applies",
                format!(
                    "{full_name} is declared with numbers of its own, and its catalog text still applies ({kept}); write `text: none` if the card of this position has none"
                ),
            )
        } else {
            return;
        };
        self.problems.push(
            Problem::warning(code, message, name.span, "catalog text still applies").with_help(
                format!(
                    "add `text: none` to the declaration of {}, beside what it declares",
                    crate::text::quoted(&name.value)
                ),
            ),
        );
    }

    /// The warning for a declared fact other than the catalog's: "declared power 1 for Darth
    /// Maul, Student of the Dark Side; the catalog says 6, and the scenario's is used".
    fn differs_from_catalog(
        &mut self,
        code: &'static str,
        full_name: &str,
        (what, declared, span): (&str, &dyn std::fmt::Display, Option<Span>),
        known: &dyn std::fmt::Display,
    ) {
        self.problems.push(Problem::warning(
            code,
            format!(
                "declared {what} {declared} for {full_name}; the catalog says {known}, and the scenario's is used"
            ),
            span,
            "differs from the catalog",
        ));
    }

    fn lookup_problem(
        &self,
        name: &Located<String>,
        error: CardLookupError,
        declaring: bool,
    ) -> Problem {
        match error {
            CardLookupError::Unknown { given, .. } => {
                let mut suggestions = self.catalog.suggestions(&given, Some(Game::YoungJedi));
                for name in self.declared_index.suggest(&given).into_iter().rev() {
                    if !suggestions.contains(&name) {
                        suggestions.insert(0, name);
                    }
                }
                suggestions.truncate(3);
                let mut help = if suggestions.is_empty() {
                    String::new()
                } else {
                    format!(
                        "did you mean {}? ",
                        suggestions
                            .iter()
                            .map(|name| crate::text::yaml_scalar(name))
                            .collect::<Vec<_>>()
                            .join("; ")
                    )
                };
                help.push_str(if declaring {
                    "To declare a card the catalog lacks, give its `type:`."
                } else {
                    "A card the catalog lacks must be declared under `cards:` with its type."
                });
                Problem::error(
                    "unknown-card",
                    format!("no card is named {:?}", crate::text::quoted(&given)),
                    name.span,
                    "unknown card",
                )
                .with_help(help)
            }
            CardLookupError::Ambiguous { given, candidates } => Problem::error(
                "ambiguous-card",
                format!(
                    "{:?} could be any of {} cards",
                    crate::text::quoted(&given),
                    candidates.len()
                ),
                name.span,
                "ambiguous",
            )
            .with_help(format!(
                "write more of the name: {}",
                candidates
                    .iter()
                    .map(|name| crate::text::yaml_scalar(name))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            CardLookupError::Versions { given, versions } => Problem::error(
                "card-versions-differ",
                format!(
                    "{:?} is printed in {} versions whose numbers differ",
                    crate::text::quoted(&given),
                    versions.len()
                ),
                name.span,
                "which version?",
            )
            .with_help(format!("name one: {}", versions.join("; "))),
        }
    }

    /// The card a name in a zone means: a declared card first, then the catalog.
    fn resolve(&mut self, name: &Located<String>, owner: Option<Side>) -> Option<Card> {
        let wanted = matching::normalise(&name.value);
        if let Some(position) = self
            .declared_by_written_name
            .get(&wanted)
            .or_else(|| self.declared_by_full_name.get(&wanted))
        {
            return self.declared.get(*position).cloned();
        }
        if let Ok(found) = self.declared_index.find(&name.value)
            && let Some(declared) = found
                .first()
                .and_then(|position| self.declared.get(*position))
        {
            return Some(declared.clone());
        }
        // A Young Jedi position names Young Jedi cards: a Clash of the Lightsabers card of the
        // name is no match.
        let looking = crate::cards::Looking {
            table: Some(&self.table),
            side: owner,
            game: Some(Game::YoungJedi),
        };
        match self.catalog.resolve_card(&name.value, looking) {
            Ok(card) => {
                // A declaration of the same catalog card applies to it.
                let full = matching::normalise(&card.full_name());
                Some(
                    self.declared_by_full_name
                        .get(&full)
                        .and_then(|position| self.declared.get(*position))
                        .map_or(card, Card::clone),
                )
            }
            Err(_) if self.failed.contains(&wanted) => None,
            Err(error) => {
                let code = lookup_code(&error);
                if let Some(known) = self.failed_lookups.get(&wanted) {
                    // The same name again: the same problem, at this place too.
                    let mut again = known.clone();
                    again.labels = known
                        .labels
                        .first()
                        .zip(name.span)
                        .map(|((_, label), span)| (span, label.clone()))
                        .into_iter()
                        .collect();
                    self.problems.push(again);
                } else if self.problems.keeps(code) {
                    let problem = self.lookup_problem(name, error, false);
                    self.failed_lookups.insert(wanted, problem.clone());
                    self.problems.push(problem);
                } else {
                    self.problems
                        .count_only(code, super::problems::Severity::Error);
                }
                None
            }
        }
    }

    /// Whether two entries in a row were written unquoted in one `[ ]`, a comma between them on
    /// one line: the only way a comma splits a name. Without the file's text, no.
    fn split_in_a_flow_list(&self, first: Option<Span>, second: Option<Span>) -> bool {
        let (Some(first), Some(second)) = (first, second) else {
            return false;
        };
        let unquoted = |span| {
            self.source
                .at(span)
                .is_some_and(|text| !text.starts_with(['"', '\'']))
        };
        self.source
            .between(first, second)
            .is_some_and(|between| between.trim() == "," && !between.contains('\n'))
            && unquoted(first)
            && unquoted(second)
    }

    /// Adds a list of entries to a zone, catching a name that a comma split in two.
    pub fn place_all(&mut self, zone: Zone, owner: Side, entries: &[Located<Entry>]) {
        self.place_all_indexed(zone, owner, entries);
    }

    /// [`Self::place_all`], giving each card placed with the index of its entry.
    fn place_all_indexed(
        &mut self,
        zone: Zone,
        owner: Side,
        entries: &[Located<Entry>],
    ) -> Vec<(usize, CardId)> {
        let mut placed = Vec::with_capacity(entries.len());
        let mut index = 0;
        while let Some(entry) = entries.get(index) {
            // Two bare names in a row that make one card's name: a comma inside [ ] split it.
            if let (Entry::Card(first), Some(next)) = (&entry.value, entries.get(index + 1))
                && let Entry::Card(this) = &next.value
                && first.is_bare()
                && this.is_bare()
                && self.split_in_a_flow_list(entry.span, next.span)
            {
                let joined = format!("{}, {}", first.card.value, this.card.value);
                // A card's full name with a comma where the entries were split: the name index
                // reads punctuation away, so "A & B" alone is no such name.
                let same_parts = |name: &str| comma_parts(name) == comma_parts(&joined);
                let catalog_name = self.catalog.index().has_full_name(&joined)
                    && self.catalog.find(&joined).is_ok_and(|cards| {
                        cards.iter().any(|card| {
                            same_parts(&card.full_name())
                                || card.aliases.iter().any(|alias| same_parts(alias))
                        })
                    });
                let is_a_name = catalog_name
                    || self
                        .declared_by_full_name
                        .contains_key(&matching::normalise(&joined));
                if is_a_name {
                    let span = match (entry.span, next.span) {
                        (Some(a), Some(b)) if b.offset >= a.offset => Some(Span {
                            offset: a.offset,
                            len: b.offset + b.len - a.offset,
                        }),
                        (a, b) => a.or(b),
                    };
                    self.problems.push(
                        Problem::error(
                            "name-split-by-comma",
                            format!("\"{joined}\" was read as two cards, \"{}\" and \"{}\"", first.card.value, this.card.value),
                            span,
                            "one name, split at its comma",
                        )
                        .with_help(format!("inside [ ] a comma separates entries: quote the name, \"{joined}\", or put each card on its own line")),
                    );
                    index += 2;
                    continue;
                }
            }
            if let Some(id) = self.place(zone, owner, entry) {
                placed.push((index, id));
            }
            index += 1;
        }
        placed
    }

    /// Adds one entry to a zone.
    fn place(&mut self, zone: Zone, owner: Side, entry: &Located<Entry>) -> Option<CardId> {
        let (definition, card_entry) = match &entry.value {
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
                let card = Card::anonymous(*number);
                (self.board.define_indexed(card, &mut self.definitions), None)
            }
            Entry::Card(card_entry) => {
                let key = (owner, card_entry.card.value.clone());
                let definition = match self.resolved.get(&key) {
                    Some(definition) => *definition,
                    None => {
                        let name = Located {
                            value: card_entry.card.value.clone(),
                            span: card_entry.card.span.or(entry.span),
                        };
                        let Some(card) = self.resolve(&name, Some(owner)) else {
                            self.unplaced.insert(zone);
                            return None;
                        };
                        self.table.add(&card);
                        let definition = self.board.define_indexed(card, &mut self.definitions);
                        self.resolved.insert(key, definition);
                        definition
                    }
                };
                (definition, Some(card_entry))
            }
        };
        if let Some(card) = self.board.definitions.get(definition.0 as usize)
            && let Some(side) = card.side()
            && side != owner
        {
            let message = format!(
                "{} is a {side} card, among the {owner} player's cards",
                card.full_name()
            );
            self.problems.push(Problem::warning(
                "other-side-card",
                message,
                entry.span,
                "the other side's card",
            ));
        }
        let id = self.board.add(zone, definition, owner);
        if let Some(instance) = self.board.instance_mut(id) {
            instance.provenance = ProvenanceSlot::from(Provenance {
                entry: entry.span,
                name: card_entry.and_then(|c| c.card.span).or(entry.span),
                ..Provenance::default()
            });
            if let Some(CardEntry {
                hidden,
                deployed_this_turn,
                fought_this_turn,
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
                instance.fought_this_turn = *fought_this_turn;
                if let Some(hits) = hits {
                    instance.hits = hits.value.u32();
                    instance.provenance.hits = hits.span;
                }
                if let Some(thrust) = thrust {
                    instance.thrust = thrust.value.u32();
                    instance.provenance.thrust = thrust.span;
                }
            }
        }
        Some(id)
    }

    /// Cards known only by number, their destiny numbers drawn from the seed.
    pub fn seeded_cards(&mut self, zone: Zone, side: Side, count: u32) {
        for _ in 0..count {
            let destiny = self.random.between(1, 6);
            let definition = self
                .board
                .define_indexed(Card::anonymous(destiny), &mut self.definitions);
            let id = self.board.add(zone, definition, side);
            if let Some(instance) = self.board.instance_mut(id) {
                instance.provenance.counted = true;
            }
        }
    }

    /// The card of `side` in play that a name in the duel section means: at the current
    /// planet if it is there, else at another planet (which `check` reports).
    pub fn in_play(&mut self, side: Side, name: &Located<String>, role: &str) -> Option<CardId> {
        let card = self.resolve(name, Some(side))?;
        let full_name = card.full_name();
        let planets: Vec<Planet> = self
            .board
            .current_planet
            .into_iter()
            .chain(self.board.planets.iter().copied())
            .collect();
        let found = planets.into_iter().find_map(|planet| {
            self.board
                .zone(Zone::InPlay(planet, side))
                .iter()
                .copied()
                .find(|id| {
                    self.board
                        .card(*id)
                        .is_some_and(|card| card.full_name() == full_name)
                })
        });
        let after_unknown = self
            .unplaced
            .iter()
            .any(|zone| matches!(zone, Zone::InPlay(_, owner) if *owner == side));
        if found.is_none() && !after_unknown {
            self.problems.push(
                Problem::error(
                    "duelist-not-in-play",
                    format!(
                        "the {side} {role} {} is not among the {side} player's cards in play",
                        full_name
                    ),
                    name.span,
                    "not in play",
                )
                .with_help(format!(
                    "put {full_name} under `planets:` with the {side} player's cards at the current planet"
                )),
            );
        }
        found
    }

    /// The first card of `side` in the zones, in order, that a name means and that no other
    /// name has taken.
    pub fn find_in(
        &mut self,
        zones: &[Zone],
        side: Side,
        name: &Located<String>,
        role: &str,
        code: &'static str,
        taken: &mut BTreeSet<CardId>,
    ) -> Option<CardId> {
        let card = self.resolve(name, Some(side))?;
        let full_name = card.full_name();
        // The printing the name means first, in every zone, so that a plan naming the copy of
        // one set is not matched with another set's copy of the name found earlier; then, for a
        // name that names no set, any card of the name.
        let printing = card.printing.as_ref().map(|fact| &fact.value);
        let find = |same_printing: bool| {
            zones.iter().find_map(|zone| {
                self.board.zone(*zone).iter().copied().find(|id| {
                    !taken.contains(id)
                        && self.board.card(*id).is_some_and(|card| {
                            card.full_name() == full_name
                                && (!same_printing
                                    || card.printing.as_ref().map(|fact| &fact.value) == printing)
                        })
                })
            })
        };
        let found = find(true).or_else(|| {
            crate::cards::matching::split_set(&name.value)
                .is_none()
                .then(|| find(false))
                .flatten()
        });
        match found {
            Some(id) => {
                taken.insert(id);
                Some(id)
            }
            // A card meant for one of these zones had a name that found nothing: reported.
            None if zones.iter().any(|zone| self.unplaced.contains(zone)) => None,
            None => {
                let places: Vec<String> = zones
                    .iter()
                    .map(|zone| format!("the {}", zone.label()))
                    .collect();
                let places = match places.as_slice() {
                    [init @ .., last] if !init.is_empty() => {
                        format!("{} or {last}", init.join(", "))
                    }
                    _ => places.join(""),
                };
                self.problems.push(
                    Problem::error(
                        code,
                        format!(
                            "the {side} {role} {full_name} is not among {places}"
                        ),
                        name.span,
                        "not there",
                    )
                    .with_help(format!(
                        "put {full_name} in the {side} player's cards where it is, once for each time the plan names it"
                    )),
                );
                None
            }
        }
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
                    self.seeded_cards(Zone::DrawDeck(side), side, count.count.value.u32());
                }
            }
        }
        for (zone, entries) in [
            (Zone::Hand(side), &player.hand),
            (Zone::DiscardPile(side), &player.discard),
            (Zone::Hyperspace(side), &player.hyperspace),
            (Zone::BattlePlan(side), &player.battle_plan),
        ] {
            self.place_all(zone, side, entries);
        }
        let laps: Vec<Located<Entry>> = player
            .podracing
            .iter()
            .map(|lap| Located {
                value: lap.value.card.value.clone(),
                span: lap.value.card.span.or(lap.span),
            })
            .collect();
        for (index, id) in self.place_all_indexed(Zone::PodracingPile(side), side, &laps) {
            let Some(lap) = player.podracing.get(index) else {
                continue;
            };
            if let Some(handling) = &lap.value.handling
                && let Some(instance) = self.board.instance_mut(id)
            {
                instance.handling_for = u8::try_from(handling.value.get()).ok();
                instance.provenance.handling = handling.span;
                if instance.provenance.entry.is_none() {
                    instance.provenance.entry = lap.span;
                }
            }
        }
        if let Some(objective) = &player.objective {
            let ObjectiveFile { card, laps, cards } = &objective.value;
            self.place(Zone::Objective(side), side, card);
            if let Some(laps) = laps {
                self.board.player_mut(side).laps = laps.value.u32();
                self.board.player_mut(side).laps_span.0 = laps.span;
            }
            self.place_all(Zone::AtObjective(side), side, cards);
        }
        if let Some(counters) = &player.counters_spent {
            self.board.player_mut(side).counters_spent = counters.value.u32();
        }
        self.board.player_mut(side).dueled_this_turn = player.dueled_this_turn;
        self.board.player_mut(side).deck_list_partial = player.deck_list_partial;
        self.board.player_mut(side).passed_in_duel = player.passed_in_duel;
        for line in &player.deck_list {
            // A card of the list is looked up as any other, but it is put in no zone.
            let Some(card) = self.resolve(&line.value.card, Some(side)) else {
                continue;
            };
            let entry = crate::board::DeckListEntry {
                name: card.unambiguous_name(),
                title: card.title.clone(),
                side: card.side(),
                card_type: card.card_type(),
                dot: line.value.dot.value,
                copies: line
                    .value
                    .copies
                    .as_ref()
                    .map_or(1, |copies| copies.value.u32()),
                span: crate::board::SpanNote(line.span),
            };
            self.board.player_mut(side).deck_list.push(entry);
        }
        for planet in &player.controlled {
            if let Some(planet) = self.planet(planet) {
                self.board.player_mut(side).controlled.push(planet);
            }
        }
        for planet in &player.surrendered {
            if let Some(planet) = self.planet(planet) {
                self.board.player_mut(side).surrendered.push(planet);
            }
        }
    }
}
