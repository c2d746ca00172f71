//! The one way a name a player writes becomes a card, for the scenario reader and the shell alike: the cards in the position first, then exact names, then the catalog; versions whose numbers differ are asked for, never picked silently.

use super::catalog::Catalog;
use super::matching::{CardLookupError, NameIndex, normalise};
use super::model::{Card, Fact, Game, Printing, Side};

/// The cards in a position, each name once, with their names indexed as they are added.
#[derive(Clone, Debug, Default)]
pub struct Table {
    cards: Vec<Card>,
    index: NameIndex,
    /// Each card's normalised full name and printing: two versions of one name are both
    /// kept, so that a plain name of either is asked about, not picked.
    known: std::collections::HashSet<(String, Option<Printing>)>,
}

impl Table {
    pub fn new<'c>(cards: impl IntoIterator<Item = &'c Card>) -> Table {
        let mut table = Table::default();
        for card in cards {
            table.add(card);
        }
        table
    }

    /// Adds a card to those a name is looked for among first; a card known only by its
    /// destiny number, or one already there (its name and printing), adds nothing.
    pub fn add(&mut self, card: &Card) {
        let key = (
            normalise(&card.full_name()),
            card.printing.as_ref().map(|fact| fact.value.clone()),
        );
        if card.anonymous || !self.known.insert(key) {
            return;
        }
        self.index.push(card);
        self.cards.push(card.clone());
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}

/// Where and for whom a name is looked up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Looking<'t> {
    /// The cards in the position, looked at before the catalog.
    pub table: Option<&'t Table>,
    /// The side of the player whose card it is, where known: his version of a name both
    /// sides print.
    pub side: Option<Side>,
    /// The game whose cards the name means, where known.
    pub game: Option<Game>,
}

impl Looking<'_> {
    /// A look-up in the catalog alone.
    pub fn catalog(game: Option<Game>) -> Looking<'static> {
        Looking {
            table: None,
            side: None,
            game,
        }
    }
}

/// The card a name means.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolved<'a> {
    /// A card in the position.
    Table(&'a Card),
    /// A card of the catalog, and the printing the name asked for, if it named one.
    Catalog(&'a Card, Option<&'a Fact<Printing>>),
}

impl Resolved<'_> {
    /// The card as the position holds it: a catalog card with the printing named shown as its
    /// printing.
    pub fn card(&self) -> Card {
        match self {
            Resolved::Table(card) | Resolved::Catalog(card, None) => (*card).clone(),
            // A printing other than the card's first, named by its set.
            Resolved::Catalog(card, Some(printing)) => {
                let mut card = (*card).clone();
                card.reprints.retain(|known| known != *printing);
                card.reprints.extend(card.printing.take());
                card.printing = Some((*printing).clone());
                card
            }
        }
    }
}

impl Catalog {
    /// The card a name means: among the cards in the position first (one of them, even where
    /// the catalog has several of the name), then in the catalog, where an exact name beats
    /// words and a name both sides print is the player's version. A name with a set after it,
    /// `Naboo Starfighter (The Jedi Council)`, asks for the version printed in that set.
    /// Versions of one name whose numbers differ are refused with each of them listed. A name
    /// that means nothing is refused without suggestions: [`Catalog::with_suggestions`] adds
    /// them where the error is shown.
    pub fn resolve<'a>(
        &'a self,
        query: &str,
        looking: Looking<'a>,
    ) -> Result<Resolved<'a>, CardLookupError> {
        match self.lookup(query, looking)? {
            Found::One(found) => Ok(found),
            Found::Versions(versions) => Err(versions_error(query, &versions)),
        }
    }

    /// The card a name means, as [`Catalog::resolve`]; but where it means versions of one name,
    /// type and side whose numbers differ, one card with what they share and the rest unknown
    /// ([`merged`]), so that a position may name the card as the players do, and "which
    /// version?" is asked only at a step that reads a number in which they differ.
    pub fn resolve_card(&self, query: &str, looking: Looking<'_>) -> Result<Card, CardLookupError> {
        match self.lookup(query, looking)? {
            Found::One(found) => Ok(found.card()),
            Found::Versions(versions) => {
                merged(&versions).ok_or_else(|| versions_error(query, &versions))
            }
        }
    }

    /// What a name means: one card, or versions of one name whose numbers differ.
    fn lookup<'a>(
        &'a self,
        query: &str,
        looking: Looking<'a>,
    ) -> Result<Found<'a>, CardLookupError> {
        // Whole names first, on the table then in the catalog; then words, in the same order.
        if let Some(found) = on_table(query, looking, false) {
            return found;
        }
        if let Ok(versions) = self.catalog_versions(query, looking, false) {
            return Ok(one_version(versions, |card| Resolved::Catalog(card, None)));
        }
        if let Some(found) = on_table(query, looking, true) {
            return found;
        }
        // A name with the set it is printed in means that printing; its set's words are no
        // words of the name.
        if let Some(found) = self.with_set(query, looking) {
            return found.map(Found::One);
        }
        match self.catalog_versions(query, looking, true) {
            // The nearest names cost a comparison with every name: the caller that shows the
            // error asks for them ([`Catalog::with_suggestions`]).
            Err(CardLookupError::Unknown { .. }) => Err(CardLookupError::Unknown {
                given: query.to_string(),
                suggestions: Vec::new(),
            }),
            Err(error) => Err(error),
            Ok(versions) => Ok(one_version(versions, |card| Resolved::Catalog(card, None))),
        }
    }

    /// The nearest names of the game to a name that means none, best first.
    pub fn suggestions(&self, query: &str, game: Option<Game>) -> Vec<String> {
        self.remembered_suggestions(query, game, || {
            let of_game = |position: usize| {
                self.card(position)
                    .is_some_and(|card| game.is_none_or(|game| card.game == game))
            };
            self.index().suggest_where(query, &of_game)
        })
    }

    /// A failed look-up with the nearest names of the game filled in, to show it.
    pub fn with_suggestions(&self, error: CardLookupError, game: Option<Game>) -> CardLookupError {
        match error {
            CardLookupError::Unknown { given, .. } => CardLookupError::Unknown {
                suggestions: self.suggestions(&given, game),
                given,
            },
            error => error,
        }
    }

    /// The catalog's versions of the one name a query means, as [`Catalog::all_versions`],
    /// but a virtual card's plain name is Decipher's card's: the virtual one is found by its
    /// name with its set.
    fn catalog_versions<'a>(
        &'a self,
        query: &str,
        looking: Looking<'_>,
        by_words: bool,
    ) -> Result<Vec<&'a Card>, CardLookupError> {
        let found = self.all_versions(query, looking, by_words)?;
        Ok(if found.iter().any(|card| !card.virtual_card) {
            found
                .into_iter()
                .filter(|card| !card.virtual_card)
                .collect()
        } else {
            found
        })
    }

    /// The catalog's versions of the one name a query means, of the game, the player's side
    /// first where both sides print it.
    fn all_versions<'a>(
        &'a self,
        query: &str,
        looking: Looking<'_>,
        by_words: bool,
    ) -> Result<Vec<&'a Card>, CardLookupError> {
        let of_game = |card: &&Card| looking.game.is_none_or(|game| card.game == game);
        let found = if by_words {
            self.index().find(query)
        } else {
            self.index().find_exact(query)
        };
        let found: Vec<&Card> = match found {
            Ok(positions) => positions
                .into_iter()
                .filter_map(|position| self.card(position))
                .filter(of_game)
                .collect(),
            // Names of another game do not make a name ambiguous.
            Err(CardLookupError::Ambiguous { given, candidates }) => {
                let mut kept: Vec<(String, Vec<&Card>)> = Vec::new();
                for candidate in candidates {
                    let cards: Vec<&Card> = self
                        .index()
                        .find(&candidate)
                        .unwrap_or_default()
                        .into_iter()
                        .filter_map(|position| self.card(position))
                        .filter(of_game)
                        .collect();
                    if !cards.is_empty() {
                        kept.push((candidate, cards));
                    }
                }
                match kept.len() {
                    0 => Vec::new(),
                    1 => kept.into_iter().flat_map(|(_, cards)| cards).collect(),
                    _ => {
                        return Err(CardLookupError::Ambiguous {
                            given,
                            candidates: kept.into_iter().map(|(name, _)| name).collect(),
                        });
                    }
                }
            }
            Err(error) => return Err(error),
        };
        if found.is_empty() {
            return Err(CardLookupError::Unknown {
                given: query.to_string(),
                suggestions: Vec::new(),
            });
        }
        let players: Vec<&Card> = found
            .iter()
            .copied()
            .filter(|card| looking.side.is_some() && card.side() == looking.side)
            .collect();
        Ok(if players.is_empty() { found } else { players })
    }

    /// `Name (Set)` or `Name (Set, Light Side)`: the version of the name with a printing in
    /// that set (and of that side), and that printing.
    fn with_set<'a>(
        &'a self,
        query: &str,
        looking: Looking<'_>,
    ) -> Option<Result<Resolved<'a>, CardLookupError>> {
        let (name, qualifier) = super::names::split_set(query)?;
        let mut parts = qualifier.rsplitn(2, ',');
        let last = parts.next().unwrap_or_default();
        let (set, side) = match (parts.next(), side_named(last)) {
            (Some(set), Some(side)) => (set, Some(side)),
            _ => (qualifier, None),
        };
        if normalise(set).is_empty() {
            return None;
        }
        let looking = Looking {
            side: side.or(looking.side),
            ..looking
        };
        // A name several cards share (`Amidala's Starship`) with a set only one of them is
        // printed in means that one.
        let versions = match self.all_versions(name, looking, true) {
            Ok(versions) => versions,
            Err(CardLookupError::Ambiguous { candidates, .. }) => candidates
                .iter()
                .flat_map(|candidate| {
                    self.all_versions(candidate, looking, false)
                        .unwrap_or_default()
                })
                .collect(),
            Err(_) => return None,
        };
        // A name the rules give by title alone finds the card they mean; with a set after it,
        // any card of the title (`Amidala's Starship (Reflections)`).
        let of_game = |card: &&Card| looking.game.is_none_or(|game| card.game == game);
        let mut versions = versions;
        for card in self
            .index()
            .every_with_name(name)
            .into_iter()
            .filter_map(|position| self.card(position))
            .filter(of_game)
        {
            if !versions.iter().any(|known| std::ptr::eq(*known, card)) {
                versions.push(card);
            }
        }
        let mut found = versions.into_iter().filter_map(|card| {
            if side.is_some_and(|side| card.side() != Some(side)) {
                return None;
            }
            Some((card, card.printed_in(set)?))
        });
        let (card, printing) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        let named = (card.printing.as_ref() != Some(printing)).then_some(printing);
        Some(Ok(Resolved::Catalog(card, named)))
    }
}

/// The card of the position a name means, if it means one there; `None` to go on to the
/// catalog.
fn on_table<'a>(
    query: &str,
    looking: Looking<'a>,
    by_words: bool,
) -> Option<Result<Found<'a>, CardLookupError>> {
    let table = looking.table?;
    let fits = |card: &Card| {
        looking.game.is_none_or(|game| card.game == game)
            && card
                .side()
                .is_none_or(|side| looking.side.is_none_or(|wanted| side == wanted))
    };
    let fitting = |positions: Vec<usize>| -> Vec<&'a Card> {
        positions
            .into_iter()
            .filter_map(|position| table.cards.get(position))
            .filter(|card| fits(card))
            .collect()
    };
    let found = if by_words {
        table.index.find(query)
    } else {
        table.index.find_exact(query)
    };
    let kept: Vec<&'a Card> = match found {
        Ok(found) => fitting(found),
        // Names of the other side's cards do not make a name ambiguous.
        Err(CardLookupError::Ambiguous { candidates, .. }) => candidates
            .iter()
            .flat_map(|candidate| fitting(table.index.find_exact(candidate).unwrap_or_default()))
            .collect(),
        Err(_) => Vec::new(),
    };
    let mut names: Vec<String> = kept.iter().map(|card| card.full_name()).collect();
    names.sort_by_key(|name| normalise(name));
    names.dedup_by(|a, b| normalise(a) == normalise(b));
    match names.len() {
        0 => None,
        1 => Some(Ok(one_version(kept, Resolved::Table))),
        _ => Some(Err(CardLookupError::Ambiguous {
            given: query.to_string(),
            candidates: names,
        })),
    }
}

/// What a name means: one card, or versions of one name whose numbers differ.
enum Found<'a> {
    One(Resolved<'a>),
    Versions(Vec<&'a Card>),
}

/// The one version a name means, or the versions to choose from.
fn one_version<'a>(
    versions: Vec<&'a Card>,
    one: impl FnOnce(&'a Card) -> Resolved<'a>,
) -> Found<'a> {
    match versions.as_slice() {
        [only] => Found::One(one(only)),
        _ => Found::Versions(versions),
    }
}

/// The question of which version a name means: each version with what sets it apart.
fn versions_error(query: &str, versions: &[&Card]) -> CardLookupError {
    CardLookupError::Versions {
        given: query.to_string(),
        versions: versions
            .iter()
            .map(|card| version_named(card, versions))
            .collect(),
    }
}

/// A version by the name that finds it, with the facts in which it differs from the others.
fn version_named(card: &Card, versions: &[&Card]) -> String {
    let differing = differing_facts(card, versions);
    let name = card.unambiguous_name();
    let name = crate::text::yaml_scalar(&name);
    if differing.is_empty() {
        name.into_owned()
    } else {
        format!("{name} ({})", differing.join(", "))
    }
}

/// One card for versions of one name, type and side whose numbers differ: the facts every
/// version gives alike, and those in which they differ unknown (its printing among them), with
/// each version named in `versions` to say so where a step reads one. `None` where the
/// versions differ in type or side: no step could read them as one card.
pub fn merged(versions: &[&Card]) -> Option<Card> {
    let (first, others) = versions.split_first()?;
    if others.iter().any(|card| {
        card.card_type() != first.card_type()
            || card.side() != first.side()
            || card.game != first.game
    }) {
        return None;
    }
    let mut card = (*first).clone();
    /// Keeps a fact where every version gives the same value, else makes it unknown.
    fn alike<T: PartialEq + Clone>(
        slot: &mut Option<Fact<T>>,
        others: &[&Card],
        of: impl Fn(&Card) -> Option<&Fact<T>>,
    ) {
        let same = others.iter().all(|other| {
            of(other).map(|fact| &fact.value) == slot.as_ref().map(|fact| &fact.value)
        });
        if !same {
            *slot = None;
        }
    }
    alike(&mut card.stats.power, others, |c| c.stats.power.as_ref());
    alike(&mut card.stats.damage, others, |c| c.stats.damage.as_ref());
    alike(&mut card.stats.destiny, others, |c| {
        c.stats.destiny.as_ref()
    });
    alike(&mut card.stats.deploy, others, |c| c.stats.deploy.as_ref());
    alike(&mut card.stats.attack, others, |c| c.stats.attack.as_ref());
    alike(&mut card.rarity, others, |c| c.rarity.as_ref());
    alike(&mut card.game_text, others, |c| c.game_text.as_ref());
    alike(&mut card.weapon_boxes, others, |c| c.weapon_boxes.as_ref());
    alike(&mut card.battle_bonus, others, |c| c.battle_bonus.as_ref());
    alike(&mut card.dots, others, |c| c.dots.as_ref());
    alike(&mut card.identity, others, |c| c.identity.as_ref());
    alike(&mut card.location_bonuses, others, |c| {
        c.location_bonuses.as_ref()
    });
    alike(&mut card.halves, others, |c| c.halves.as_ref());
    if others.iter().any(|other| other.text != card.text) {
        card.text = super::model::GameText::default();
        card.text_source = None;
    }
    card.stated_traits.retain(|fact| {
        others
            .iter()
            .all(|other| other.stated_trait(fact.value.0).map(|f| f.value) == Some(fact.value))
    });
    card.corrections
        .retain(|item| others.iter().all(|other| other.corrections.contains(item)));
    card.named_in
        .retain(|item| others.iter().all(|other| other.named_in.contains(item)));
    card.printing = None;
    card.reprints = Vec::new();
    card.aliases = Vec::new();
    card.notes = Vec::new();
    card.clash = None;
    card.first_box_declaration = None;
    card.versions = versions
        .iter()
        .map(|version| version_named(version, versions))
        .collect();
    Some(card)
}

/// The facts in which a version differs from another of the same name, in a short phrase.
fn differing_facts(card: &Card, versions: &[&Card]) -> Vec<String> {
    let mut phrases = Vec::new();
    for (at, (label, fact)) in card.stats.named().into_iter().enumerate() {
        let value = |card: &Card| {
            card.stats
                .named()
                .get(at)
                .and_then(|(_, fact)| fact.as_ref().map(|fact| fact.value.to_string()))
        };
        if versions.iter().any(|other| value(other) != value(card)) {
            let shown = fact
                .as_ref()
                .map_or("unknown".to_string(), |fact| fact.value.to_string());
            phrases.push(format!("{label} {shown}"));
        }
    }
    let bonus = |card: &Card| {
        card.battle_bonus
            .as_ref()
            .map(|fact| fact.value.to_string())
    };
    if versions.iter().any(|other| bonus(other) != bonus(card)) {
        phrases.push(format!(
            "power bonus {}",
            bonus(card).unwrap_or_else(|| "unknown".to_string())
        ));
    }
    let boxes = |card: &Card| {
        card.weapon_boxes.as_ref().map(|fact| {
            fact.value
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
    };
    if versions.iter().any(|other| boxes(other) != boxes(card)) {
        phrases.push(format!(
            "boxes {}",
            boxes(card).unwrap_or_else(|| "unknown".to_string())
        ));
    }
    phrases
}

/// `Light Side`, `light`, `Dark Side`, `dark`.
fn side_named(text: &str) -> Option<Side> {
    let text = normalise(text);
    let text = text.strip_suffix(" side").unwrap_or(&text);
    Side::from_word(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> &'static Catalog {
        Catalog::embedded()
    }

    fn young_jedi(table: Option<&Table>, side: Option<Side>) -> Looking<'_> {
        Looking {
            table,
            side,
            game: Some(Game::YoungJedi),
        }
    }

    fn resolved_name(query: &str, looking: Looking<'_>) -> Result<String, CardLookupError> {
        catalog()
            .resolve(query, looking)
            .map(|found| found.card().full_name())
    }

    #[test]
    fn a_name_the_table_holds_once_means_that_card_though_the_catalog_has_many() {
        assert!(matches!(
            resolved_name("obi-wan", young_jedi(None, Some(Side::Light))),
            Err(CardLookupError::Ambiguous { .. })
        ));
        let knight = catalog()
            .resolve("Obi-Wan Kenobi, Jedi Knight", young_jedi(None, None))
            .map(|found| found.card())
            .expect("the card");
        let table = Table::new([&knight]);
        assert_eq!(
            resolved_name("obi-wan", young_jedi(Some(&table), Some(Side::Light))),
            Ok("Obi-Wan Kenobi, Jedi Knight".to_string())
        );
        // A card of the other side on the table is not the player's.
        assert!(resolved_name("obi-wan", young_jedi(Some(&table), Some(Side::Dark))).is_err());
    }

    #[test]
    fn a_name_both_sides_print_is_the_players_version() {
        for side in [Side::Light, Side::Dark] {
            let found = catalog()
                .resolve("Boonta Eve Classic", young_jedi(None, Some(side)))
                .map(|found| found.card())
                .expect("the player's version");
            assert_eq!(found.side(), Some(side));
        }
    }

    #[test]
    fn two_versions_of_one_name_on_the_table_are_asked_about_not_picked() {
        let version = |set: &str| {
            catalog()
                .resolve(
                    &format!("Darth Maul's Lightsaber ({set})"),
                    young_jedi(None, None),
                )
                .map(|found| found.card())
                .expect("a version")
        };
        let (council, naboo) = (version("The Jedi Council"), version("Battle of Naboo"));
        let one = Table::new([&council]);
        assert_eq!(
            catalog()
                .resolve(
                    "darth maul's lightsaber",
                    young_jedi(Some(&one), Some(Side::Dark))
                )
                .map(|found| found.card().printing),
            Ok(council.printing.clone())
        );
        let both = Table::new([&council, &naboo]);
        assert!(matches!(
            catalog().resolve(
                "darth maul's lightsaber",
                young_jedi(Some(&both), Some(Side::Dark))
            ),
            Err(CardLookupError::Versions { .. })
        ));
    }

    #[test]
    fn a_whole_name_in_the_catalog_beats_words_of_a_card_on_the_table() {
        let ben = catalog()
            .resolve("Ben Quadinaros, Podracer Pilot", young_jedi(None, None))
            .map(|found| found.card())
            .expect("the card");
        let table = Table::new([&ben]);
        assert_eq!(
            resolved_name(
                "Ben Quadinaros' Podracer",
                young_jedi(Some(&table), Some(Side::Dark))
            ),
            Ok("Ben Quadinaros' Podracer".to_string())
        );
    }

    #[test]
    fn a_set_name_never_finds_a_card() {
        let Err(CardLookupError::Ambiguous { candidates, .. }) =
            resolved_name("maul", young_jedi(None, None))
        else {
            panic!("maul means several cards");
        };
        assert!(
            candidates
                .iter()
                .all(|name| normalise(name).contains("maul")),
            "{candidates:?}"
        );
    }

    #[test]
    fn versions_whose_numbers_differ_are_listed_and_a_set_picks_one() {
        let Err(CardLookupError::Versions { versions, .. }) = resolved_name(
            "Darth Maul's Lightsaber",
            young_jedi(None, Some(Side::Dark)),
        ) else {
            panic!("two versions");
        };
        assert_eq!(versions.len(), 2);
        assert!(versions[0].starts_with("Darth Maul's Lightsaber (The Jedi Council) ("));
        assert!(versions[0].contains("power bonus +2"), "{versions:?}");
        let found = catalog()
            .resolve(
                "Darth Maul's Lightsaber (Battle of Naboo)",
                young_jedi(None, Some(Side::Dark)),
            )
            .map(|found| found.card())
            .expect("one version");
        assert_eq!(
            found.printing.map(|fact| fact.value.to_string()),
            Some("Battle of Naboo #109".to_string())
        );
    }

    #[test]
    fn a_reprint_named_by_its_set_is_its_card_shown_with_that_printing() {
        let found = catalog()
            .resolve("Amidala's Starship (Reflections)", young_jedi(None, None))
            .map(|found| found.card())
            .expect("the reprint");
        assert_eq!(found.full_name(), "Amidala's Starship, Queen's Transport");
        assert_eq!(
            found.printing.map(|fact| fact.value.to_string()),
            Some("Reflections (Boonta Eve Podrace #30)".to_string())
        );
        assert!(
            found
                .reprints
                .iter()
                .any(|fact| fact.value.to_string() == "Boonta Eve Podrace #30")
        );
    }

    #[test]
    fn a_rules_name_for_every_printing_of_a_title_finds_the_printed_card() {
        for (title, printed) in [
            ("Bravo 1", "Bravo 1, Naboo Starfighter"),
            ("Radiant VII", "Radiant VII, Republic Cruiser Transport"),
            (
                "Droid Control Ship",
                "Droid Control Ship, Trade Federation Transport",
            ),
            (
                "Darth Maul's Starfighter",
                "Darth Maul's Starfighter, Sith Infiltrator",
            ),
        ] {
            let card = catalog()
                .resolve(title, young_jedi(None, None))
                .map(|found| found.card())
                .expect("the printed card");
            assert_eq!(card.full_name(), printed);
            let unique = card
                .stated_trait(crate::cards::TraitKind::Unique)
                .expect("the FAQ's unique ruling");
            assert_eq!(unique.source.rule_id(), Some("faq.deploy.unique-starships"));
        }
    }

    #[test]
    fn a_name_printed_in_versions_that_differ_is_one_card_with_what_they_share() {
        let looking = young_jedi(None, Some(Side::Dark));
        // `resolve` still asks which version; `resolve_card` takes the name as one card.
        assert!(matches!(
            catalog().resolve("Darth Maul's Lightsaber", looking),
            Err(CardLookupError::Versions { .. })
        ));
        let card = catalog()
            .resolve_card("Darth Maul's Lightsaber", looking)
            .expect("one card for the versions");
        assert_eq!(card.full_name(), "Darth Maul's Lightsaber");
        // Shared: the type, the side, the destiny number. Differing: the deploy counters, the
        // boxes, the printing.
        assert_eq!(card.destiny(), Some(2));
        assert!(card.stats.deploy.is_none());
        assert!(card.weapon_boxes.is_none());
        assert!(card.printing.is_none());
        assert_eq!(card.versions.len(), 2);
        assert!(card.versions[0].contains("(The Jedi Council) (deploy counters 0"));
        assert!(card.versions[1].contains("(Battle of Naboo) (deploy counters 2"));
        // A card of one version is that card.
        let one = catalog()
            .resolve_card("Darth Maul's Lightsaber (Battle of Naboo)", looking)
            .expect("the version");
        assert!(one.versions.is_empty());
        assert_eq!(
            one.stats.deploy.map(|fact| fact.value),
            Some(super::super::model::StatValue::Number(2))
        );
    }

    #[test]
    fn versions_of_another_type_or_side_are_not_one_card() {
        let mut other = catalog()
            .resolve_card(
                "Darth Maul's Lightsaber (Battle of Naboo)",
                young_jedi(None, None),
            )
            .expect("the version");
        let first = catalog()
            .resolve_card(
                "Darth Maul's Lightsaber (The Jedi Council)",
                young_jedi(None, None),
            )
            .expect("the version");
        other.side = Some(Fact::new(
            Side::Light,
            super::super::model::Source::Scenario,
        ));
        assert!(merged(&[&first, &other]).is_none());
        other.side = first.side.clone();
        assert!(merged(&[&first, &other]).is_some());
    }

    #[test]
    fn the_name_the_faq_gives_a_starship_by_title_alone_finds_the_card_it_means() {
        let looking = young_jedi(None, Some(Side::Light));
        let meant = catalog()
            .resolve_card("Amidala's Starship", looking)
            .expect("the card the FAQ means");
        assert_eq!(meant.full_name(), "Amidala's Starship, Royal Transport");
        // The other card of the title is still found with its set or subtitle.
        assert_eq!(
            resolved_name("Amidala's Starship (Reflections)", looking),
            Ok("Amidala's Starship, Queen's Transport".to_string())
        );
        assert_eq!(
            resolved_name("Amidala's Starship, Queen's Transport", looking),
            Ok("Amidala's Starship, Queen's Transport".to_string())
        );
    }
}
