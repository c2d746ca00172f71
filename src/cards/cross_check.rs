//! The second source of card facts (`second-source.yaml`): merges what it alone gives
//! (uniqueness, stacking, persona, location bonuses) into the catalog's cards, and notes on a
//! card each number where it and the catalog disagree.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use serde::Deserialize;

use super::assemble::StatField;
use super::model::{
    Card, CardType, Fact, Half, Identity, JUNK_TEXT_NOTE, LocationBonus, Printing, Side, Source,
    StatValue, Text, WeaponBox, disagreement, overruled,
};

/// The second source's file, as `second-source.yaml` holds it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondSourceFile {
    source: String,
    /// A planet's key and its three locations, in the order of a character's bonuses.
    locations: BTreeMap<String, [String; 3]>,
    sets: Vec<SetEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetEntry {
    set: String,
    file: String,
    commit: String,
    /// The planet a character's bonuses are for unless the card says otherwise.
    at: String,
    cards: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// The collector number as printed: `30`, or `P1` for a set numbered so.
    no: String,
    side: Side,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, rename = "trait")]
    character_kind: Option<String>,
    #[serde(default)]
    persona: Option<String>,
    #[serde(default)]
    cost: Option<i32>,
    #[serde(default)]
    power: Option<StatField>,
    #[serde(default)]
    damage: Option<i32>,
    #[serde(default)]
    destiny: Option<i32>,
    #[serde(default)]
    bonus: Option<[i32; 3]>,
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    unique: Option<bool>,
    #[serde(default)]
    stackable: Option<bool>,
    #[serde(default)]
    add: Option<Vec<i32>>,
    #[serde(default)]
    draws: Option<Vec<i32>>,
    #[serde(default)]
    battle_bonus: Option<i32>,
    /// A two-in-one card's halves, by type, in the order of the names its title joins with
    /// " & ".
    #[serde(default)]
    halves: Option<Vec<String>>,
}

/// A record of the second source that cannot be merged.
#[derive(Debug, PartialEq, Eq)]
pub enum SecondSourceError {
    /// The catalog has no printing at the record's set, number and side.
    NoPrinting {
        set: String,
        number: String,
        name: String,
    },
    /// The record's bonuses are for a planet `locations` does not list.
    UnknownPlanet {
        set: String,
        number: String,
        planet: String,
    },
    /// The record gives one of `unique` and `stackable` without the other.
    HalfIdentity { set: String, number: String },
    /// The record's halves are not card types, or not as many as the names the card joins.
    Halves {
        set: String,
        number: String,
        name: String,
    },
}

impl fmt::Display for SecondSourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SecondSourceError::NoPrinting { set, number, name } => write!(
                f,
                "the second source's {name:?} ({set} {number}) is no printing the catalog has"
            ),
            SecondSourceError::UnknownPlanet {
                set,
                number,
                planet,
            } => write!(
                f,
                "the second source's {set} {number} has bonuses at {planet:?}, which `locations` does not list"
            ),
            SecondSourceError::HalfIdentity { set, number } => write!(
                f,
                "the second source's {set} {number} gives one of `unique` and `stackable` without the other"
            ),
            SecondSourceError::Halves { set, number, name } => write!(
                f,
                "the second source's {set} {number} ({name}) gives halves that are not card types, or not one for each name the card joins with \" & \""
            ),
        }
    }
}

/// The printings the first source numbers otherwise than it prints them (the Reflections
/// reprints, by row), by (set, number as the source gives it, side): the second source
/// numbers them so too.
pub type Rows = HashMap<(Text, Text, Side), Printing>;

/// Merges the second source into the cards (see the module's documentation).
pub fn merge(
    cards: &mut [Card],
    file: SecondSourceFile,
    rows: &Rows,
) -> Result<(), SecondSourceError> {
    let mut by_printing: HashMap<(Printing, Side), usize> = HashMap::new();
    for (position, card) in cards.iter().enumerate() {
        let Some(side) = card.side() else { continue };
        for printing in card.printing.iter().chain(&card.reprints) {
            by_printing
                .entry((printing.value.clone(), side))
                .or_insert(position);
        }
    }
    for set in file.sets {
        let short_commit = set.commit.get(..7).unwrap_or(&set.commit);
        for entry in set.cards {
            let given = (
                Text::from(set.set.clone()),
                Text::from(entry.no.clone()),
                entry.side,
            );
            let printing = rows.get(&given).cloned().unwrap_or_else(|| {
                let (set, number, _) = given;
                Printing::new(set, number)
            });
            let key = (printing, entry.side);
            let Some(card) = by_printing
                .get(&key)
                .and_then(|position| cards.get_mut(*position))
            else {
                return Err(SecondSourceError::NoPrinting {
                    set: set.set.clone(),
                    number: entry.no,
                    name: entry.name,
                });
            };
            if entry.unique.is_some() != entry.stackable.is_some() {
                return Err(SecondSourceError::HalfIdentity {
                    set: set.set.clone(),
                    number: entry.no,
                });
            }
            let source = Source::Outside(
                format!(
                    "{SECOND_SOURCE} {}@{short_commit} ({}): {} {} {}",
                    file.source,
                    set.file,
                    set.set,
                    entry.side.label(),
                    entry.no
                )
                .into(),
            );
            let planet = entry.at.as_deref().unwrap_or(&set.at);
            let locations = match (entry.bonus, file.locations.get(planet)) {
                (None, _) => None,
                (Some(_), Some(locations)) => Some(locations),
                (Some(_), None) => {
                    return Err(SecondSourceError::UnknownPlanet {
                        set: set.set.clone(),
                        number: entry.no,
                        planet: planet.to_string(),
                    });
                }
            };
            if let Some(types) = &entry.halves {
                let halves = halves_of(card, types).ok_or_else(|| SecondSourceError::Halves {
                    set: set.set.clone(),
                    number: entry.no.clone(),
                    name: entry.name.clone(),
                })?;
                card.halves = Some(Fact::new(halves.into(), source.clone()));
            }
            merge_entry(card, &entry, locations, &source);
        }
    }
    Ok(())
}

/// A two-in-one card's halves: the names its full name joins with " & ", each with its type;
/// `None` if a type is unknown or the counts differ.
fn halves_of(card: &Card, types: &[String]) -> Option<Vec<Half>> {
    let full_name = card.full_name();
    let names: Vec<&str> = full_name.split(" & ").collect();
    if names.len() != types.len() {
        return None;
    }
    names
        .iter()
        .zip(types)
        .map(|(name, kind)| {
            CardType::from_word(kind).map(|card_type| Half {
                name: Text::from(name.trim().to_string()),
                card_type,
            })
        })
        .collect()
}

/// How every source of this module's facts begins, so that a fact from an earlier printing
/// of the second source is told from one of the first source.
const SECOND_SOURCE: &str = "second source";

/// Where the fact the catalog keeps comes from, and why it is kept over the second source.
fn kept_from(source: &Source) -> String {
    let described = source.described();
    match source {
        Source::Rule(_) => format!("{described}, which win over both sources"),
        Source::Outside(place) if place.starts_with(SECOND_SOURCE) => {
            format!("{described}, an earlier printing in the second source")
        }
        Source::Outside(_) => format!("{described}, the catalog's first source"),
        Source::Scenario => described,
    }
}

/// Where the second source and the catalog disagree: a note that gives both readings and
/// says which the catalog keeps.
fn second_reading(
    what: &str,
    given: &dyn fmt::Display,
    known: &dyn fmt::Display,
    kept: &Source,
    source: &Source,
) -> Fact<String> {
    Fact::new(
        disagreement(what, "the second source", given, known, &kept_from(kept)),
        source.clone(),
    )
}

/// Where the catalog's facts come from rows of the transcription that are not to be trusted:
/// each row's source, and why. A row is suspect where its text columns hold junk, or where it
/// disagrees with the second source in two numbers or more (its columns slid).
type SuspectRows = Vec<(Source, String)>;

/// The fewest numbers a transcription row must disagree in with the second source to be
/// taken as slid.
const SLID_ROW_DISAGREEMENTS: usize = 2;

/// Whether a fact comes from the catalog's first source, the transcription.
fn from_transcription(source: &Source) -> bool {
    matches!(source, Source::Outside(place) if !place.starts_with(SECOND_SOURCE))
}

/// Where a card keeps one of the numbers the second source gives.
type NumberSlot = fn(&mut Card) -> &mut Option<Fact<StatValue>>;

/// The numbers of a record, each with what it is and where the card keeps it.
fn numbers(entry: &Entry) -> [(&'static str, Option<StatValue>, NumberSlot); 5] {
    [
        ("deploy", entry.cost.map(StatValue::Number), |card| {
            &mut card.stats.deploy
        }),
        ("power", entry.power.clone().map(StatValue::from), |card| {
            &mut card.stats.power
        }),
        ("DAMAGE", entry.damage.map(StatValue::Number), |card| {
            &mut card.stats.damage
        }),
        ("destiny", entry.destiny.map(StatValue::Number), |card| {
            &mut card.stats.destiny
        }),
        (
            "power bonus",
            entry.battle_bonus.map(StatValue::Number),
            |card| &mut card.battle_bonus,
        ),
    ]
}

/// One of a weapon box's numbers.
#[derive(Clone, Copy)]
enum BoxNumber {
    Bonus,
    Draws,
}

impl BoxNumber {
    fn label(self) -> &'static str {
        match self {
            BoxNumber::Bonus => "power bonus",
            BoxNumber::Draws => "destiny draws",
        }
    }

    fn of(self, weapon_box: &mut WeaponBox) -> &mut Option<i32> {
        match self {
            BoxNumber::Bonus => &mut weapon_box.bonus,
            BoxNumber::Draws => &mut weapon_box.draws,
        }
    }
}

/// A weapon's numbers both the record and the card give: the box (from 0), which number,
/// the record's and the card's.
fn box_numbers(entry: &Entry, boxes: &[WeaponBox]) -> Vec<(usize, BoxNumber, i32, i32)> {
    let (Some(adds), Some(draws)) = (&entry.add, &entry.draws) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (index, weapon_box) in boxes.iter().enumerate() {
        let pairs = [
            (BoxNumber::Bonus, adds.get(index), weapon_box.bonus),
            (BoxNumber::Draws, draws.get(index), weapon_box.draws),
        ];
        for (number, given, known) in pairs {
            if let (Some(given), Some(known)) = (given, known) {
                found.push((index, number, *given, known));
            }
        }
    }
    found
}

/// The rows of the transcription behind this card's facts that are not to be trusted, given
/// the second source's record.
fn suspect_rows(card: &mut Card, entry: &Entry) -> SuspectRows {
    let mut rows: SuspectRows = card
        .notes
        .iter()
        .filter(|note| note.value == JUNK_TEXT_NOTE && from_transcription(&note.source))
        .map(|note| {
            (
                note.source.clone(),
                "its text columns hold junk".to_string(),
            )
        })
        .collect();
    let mut disagreeing: Vec<(Source, usize)> = Vec::new();
    let mut count = |known: &Source| {
        if !from_transcription(known) {
            return;
        }
        match disagreeing.iter_mut().find(|(source, _)| source == known) {
            Some((_, count)) => *count += 1,
            None => disagreeing.push((known.clone(), 1)),
        }
    };
    for (_, given, slot) in numbers(entry) {
        if let (Some(given), Some(known)) = (given, slot(card).as_ref())
            && given != known.value
        {
            count(&known.source);
        }
    }
    if let Some(boxes) = &card.weapon_boxes {
        for (_, _, given, known) in box_numbers(entry, &boxes.value) {
            if given != known {
                count(&boxes.source);
            }
        }
    }
    for (source, count) in disagreeing {
        if count >= SLID_ROW_DISAGREEMENTS && !rows.iter().any(|(row, _)| *row == source) {
            rows.push((
                source,
                format!("it disagrees with the second source in {count} numbers, a sign its columns slid"),
            ));
        }
    }
    rows
}

/// What merging one record of the second source needs: its source, the suspect rows of the
/// transcription, and the notes it makes.
struct Merging<'a> {
    source: &'a Source,
    suspect: SuspectRows,
    notes: Vec<Fact<String>>,
}

impl Merging<'_> {
    /// Why the row behind a fact is not to be trusted, if it is not.
    fn suspect(&self, known: &Source) -> Option<&str> {
        self.suspect
            .iter()
            .find(|(row, _)| row == known)
            .map(|(_, why)| why.as_str())
    }

    /// Fills a fact the card lacks with the second source's reading; where the card's reading
    /// differs, takes the second source's over a suspect row's, or notes it. `show` writes a
    /// reading for the note.
    fn fill_or_note<T: PartialEq>(
        &mut self,
        slot: &mut Option<Fact<T>>,
        given: T,
        (what, show): (&str, &dyn Fn(&T) -> String),
    ) {
        match slot {
            None => *slot = Some(Fact::new(given, self.source.clone())),
            Some(known) if known.value != given => {
                if let Some(why) = self.suspect(&known.source) {
                    let note = taken_over_suspect(
                        what,
                        &show(&given),
                        &show(&known.value),
                        why,
                        &known.source,
                    );
                    self.notes.push(Fact::new(note, self.source.clone()));
                    *slot = Some(Fact::new(given, self.source.clone()));
                } else {
                    self.notes.push(second_reading(
                        what,
                        &show(&given),
                        &show(&known.value),
                        &known.source,
                        self.source,
                    ));
                }
            }
            Some(_) => {}
        }
    }
}

/// The note where the catalog takes the second source's reading over a suspect row's.
fn taken_over_suspect(what: &str, given: &str, known: &str, why: &str, row: &Source) -> String {
    overruled(what, given, known, &row.described(), why)
}

fn merge_entry(card: &mut Card, entry: &Entry, locations: Option<&[String; 3]>, source: &Source) {
    let mut merging = Merging {
        source,
        suspect: suspect_rows(card, entry),
        notes: Vec::new(),
    };
    let show_number = |value: &StatValue| value.to_string();
    for (what, given, slot) in numbers(entry) {
        if let Some(given) = given {
            merging.fill_or_note(slot(card), given, (what, &show_number));
        }
    }
    if let Some(boxes) = &mut card.weapon_boxes {
        let why = merging.suspect(&boxes.source).map(str::to_string);
        for (index, number, given, known) in box_numbers(entry, &boxes.value) {
            if given == known {
                continue;
            }
            let what = format!("box {} {}", index + 1, number.label());
            let note = match &why {
                Some(why) => {
                    if let Some(weapon_box) = boxes.value.get_mut(index) {
                        *number.of(weapon_box) = Some(given);
                    }
                    Fact::new(
                        taken_over_suspect(
                            &what,
                            &given.to_string(),
                            &known.to_string(),
                            why,
                            &boxes.source,
                        ),
                        source.clone(),
                    )
                }
                None => second_reading(&what, &given, &known, &boxes.source, source),
            };
            merging.notes.push(note);
        }
    }
    if let (Some(unique), Some(stackable)) = (entry.unique, entry.stackable) {
        let identity = Identity {
            unique,
            stackable,
            persona: entry
                .persona
                .clone()
                .filter(|persona| !persona.is_empty())
                .map(Text::from),
            kind: entry
                .character_kind
                .clone()
                .filter(|kind| !kind.is_empty())
                .map(Text::from),
        };
        merging.fill_or_note(
            &mut card.identity,
            identity,
            ("identity", &|identity: &Identity| identity.to_string()),
        );
    }
    if let (Some(bonuses), Some(locations)) = (entry.bonus, locations) {
        let bonuses: Vec<LocationBonus> = locations
            .iter()
            .zip(bonuses)
            .map(|(location, bonus)| LocationBonus {
                location: location.clone().into(),
                bonus,
            })
            .collect();
        merging.fill_or_note(
            &mut card.location_bonuses,
            bonuses.into(),
            ("location bonuses", &|bonuses: &std::borrow::Cow<
                'static,
                [LocationBonus],
            >| {
                LocationBonus::list(bonuses)
            }),
        );
    }
    // The name is not compared (the second source writes names without their punctuation);
    // the type is, and given where the first source has none (a two-in-one card).
    if let Some(given) = CardType::from_word(&entry.kind) {
        merging.fill_or_note(
            &mut card.card_type,
            given,
            ("type", &|card_type: &CardType| {
                card_type.label().to_string()
            }),
        );
    }
    card.notes.extend(merging.notes);
}

#[cfg(test)]
mod tests {
    use super::super::model::{Game, StatValue};
    use super::*;

    fn file(cards: &str) -> SecondSourceFile {
        let text = format!(
            "source: example/server\nlocations:\n  naboo: [A, B, C]\nsets:\n  - set: Made Up\n    file: made-up.json\n    commit: 0123456789abcdef\n    at: naboo\n    cards:\n{cards}"
        );
        serde_saphyr::from_str(&text).expect("a valid second source")
    }

    fn card() -> Card {
        let mut card = Card::named("Made Up, Person", Game::YoungJedi);
        card.side = Some(Fact::new(Side::Dark, Source::Scenario));
        card.printing = Some(Fact::new(
            Printing::new("Made Up", "7"),
            Source::Outside("first".into()),
        ));
        card.stats.power = Some(Fact::new(
            StatValue::Number(4),
            Source::Outside("first".into()),
        ));
        card
    }

    #[test]
    fn a_card_gets_what_only_the_second_source_gives_and_a_note_where_they_disagree() {
        let mut cards = vec![card()];
        let entry = "      - {no: 7, side: dark, name: Made Up Person, type: character, persona: madeup, power: 5, damage: 3, bonus: [0, 2, 1], unique: true, stackable: true}\n";
        assert_eq!(merge(&mut cards, file(entry), &Rows::new()), Ok(()));
        let card = &cards[0];
        assert_eq!(
            card.stats.power.as_ref().map(|fact| &fact.value),
            Some(&StatValue::Number(4)),
            "the first source's number stays"
        );
        assert_eq!(
            card.stats.damage.as_ref().map(|fact| &fact.value),
            Some(&StatValue::Number(3)),
            "a number the first source lacks is taken"
        );
        let notes: Vec<&str> = card.notes.iter().map(|note| note.value.as_str()).collect();
        assert_eq!(
            notes,
            [
                "power: the second source says 5; the catalog keeps 4, from first, the catalog's first source"
            ]
        );
        assert_eq!(
            card.identity.as_ref().map(|fact| fact.value.to_string()),
            Some("unique, stacks; persona madeup".to_string())
        );
        assert_eq!(
            card.location_bonuses
                .as_ref()
                .map(|fact| LocationBonus::list(&fact.value)),
            Some("+0 A, +2 B, +1 C".to_string())
        );
        assert!(matches!(
            &card.identity.as_ref().map(|fact| &fact.source),
            Some(Source::Outside(place)) if place.starts_with("second source example/server@0123456 (made-up.json): Made Up Dark Side 7")
        ));
    }

    #[test]
    fn a_row_with_junk_text_or_two_disagreements_is_overruled_and_one_disagreement_is_kept() {
        let entry = "      - {no: 7, side: dark, name: Made Up Person, type: character, power: 5, damage: 3}\n";
        let taken = |card: &Card| {
            card.stats
                .power
                .as_ref()
                .map(|fact| (fact.value.clone(), fact.source.described()))
        };
        let merged = |card: Card| {
            let mut cards = vec![card];
            assert_eq!(merge(&mut cards, file(entry), &Rows::new()), Ok(()));
            cards.remove(0)
        };
        // One disagreement, a row with nothing else wrong: the first source's reading stays.
        let kept = merged(card());
        assert_eq!(
            taken(&kept),
            Some((StatValue::Number(4), "first".to_string()))
        );
        // The same row with junk in its text columns: the second source's reading is taken.
        let mut junk = card();
        junk.notes.push(Fact::new(
            JUNK_TEXT_NOTE.to_string(),
            Source::Outside("first".into()),
        ));
        let junk = merged(junk);
        assert_eq!(
            taken(&junk).map(|(value, _)| value),
            Some(StatValue::Number(5))
        );
        assert!(junk.notes.iter().any(|note| note.value
            == "power: the catalog takes the second source's 5 over 4 from first, a row not to be trusted: its text columns hold junk"));
        // Two disagreements in one row: it slid, and both readings are taken.
        let mut slid = card();
        slid.stats.damage = Some(Fact::new(
            StatValue::Number(1),
            Source::Outside("first".into()),
        ));
        let slid = merged(slid);
        assert_eq!(
            taken(&slid).map(|(value, _)| value),
            Some(StatValue::Number(5))
        );
        assert_eq!(
            slid.stats.damage.as_ref().map(|fact| &fact.value),
            Some(&StatValue::Number(3))
        );
        assert!(slid.notes.iter().all(|note| note.value.ends_with(
            "it disagrees with the second source in 2 numbers, a sign its columns slid"
        )));
    }

    #[test]
    fn a_record_at_a_printing_the_catalog_lacks_is_an_error() {
        let mut cards = vec![card()];
        let entry = "      - {no: 7, side: light, name: Other Side, type: character}\n";
        assert_eq!(
            merge(&mut cards, file(entry), &Rows::new()),
            Err(SecondSourceError::NoPrinting {
                set: "Made Up".into(),
                number: "7".to_string(),
                name: "Other Side".to_string()
            })
        );
    }

    #[test]
    fn a_reading_kept_from_an_earlier_printing_of_the_second_source_says_so() {
        let mut reprinted = card();
        reprinted.reprints.push(Fact::new(
            Printing::new("Made Up", "8"),
            Source::Outside("first".into()),
        ));
        let mut cards = vec![reprinted];
        let entries = "      - {no: 7, side: dark, name: X, type: character, destiny: 2, unique: true, stackable: true}\n      - {no: 8, side: dark, name: X, type: character, destiny: 3, unique: false, stackable: true}\n";
        assert_eq!(merge(&mut cards, file(entries), &Rows::new()), Ok(()));
        let notes: Vec<&str> = cards[0]
            .notes
            .iter()
            .map(|note| note.value.as_str())
            .collect();
        let earlier = "second source example/server@0123456 (made-up.json): Made Up Dark Side 7, an earlier printing in the second source";
        assert_eq!(
            notes,
            [
                format!("destiny: the second source says 3; the catalog keeps 2, from {earlier}"),
                format!(
                    "identity: the second source says not unique, stacks; the catalog keeps unique, stacks, from {earlier}"
                ),
            ]
        );
    }

    #[test]
    fn bonuses_at_an_unlisted_planet_or_half_an_identity_are_errors() {
        let mut cards = vec![card()];
        let entry =
            "      - {no: 7, side: dark, name: X, type: character, bonus: [1, 1, 1], at: hoth}\n";
        assert_eq!(
            merge(&mut cards, file(entry), &Rows::new()),
            Err(SecondSourceError::UnknownPlanet {
                set: "Made Up".into(),
                number: "7".to_string(),
                planet: "hoth".to_string()
            })
        );
        let entry = "      - {no: 7, side: dark, name: X, type: character, unique: true}\n";
        assert_eq!(
            merge(&mut cards, file(entry), &Rows::new()),
            Err(SecondSourceError::HalfIdentity {
                set: "Made Up".into(),
                number: "7".to_string()
            })
        );
    }
}
