//! The converter from the community transcription of the Young Jedi cards (one `|`-separated
//! file per set) to the project's own list of printings: facts only, each transcription
//! defect that is known fixed or marked with a note, and no text of the cards.
//!
//! `cargo run --bin convert-cards -- FOLDER src/cards/young-jedi.yaml` writes it; the
//! catalog reads what it writes.

use std::collections::BTreeMap;
use std::fmt::Write;

use thiserror::Error;

/// Where the transcription comes from, as the converted file says: the repository at its
/// commit (folder `cards/`, 2023-09-16).
pub const TRANSCRIPTION: &str = "DevoKun/youngjedi@0342837";

/// The eight Decipher sets, by the transcription's file name, in the order of their release.
pub const SETS: [(&str, &str); 8] = [
    ("menaceofdarthmaul", "Menace of Darth Maul"),
    ("thejedicouncil", "The Jedi Council"),
    ("battleofnaboo", "Battle of Naboo"),
    ("enhancedmenaceofdarthmaul", "Enhanced Menace of Darth Maul"),
    ("duelofthefates", "Duel of the Fates"),
    ("enhancedbattleofnaboo", "Enhanced Battle of Naboo"),
    ("reflections", "Reflections"),
    ("boontaevepodrace", "Boonta Eve Podrace"),
];

/// The columns the converter reads; any others (the text columns among them) are ignored.
const COLUMNS: [&str; 22] = [
    "side",
    "type",
    "id",
    "title",
    "rarity",
    "row1color",
    "row2color",
    "row3color",
    "row4color",
    "row5color",
    "row6color",
    "counters",
    "damage",
    "destiny",
    "power",
    "powercubes1",
    "powercubes2",
    "powerdots1",
    "powerdots2",
    "whoCanUseTheCard1",
    "whoCanUseTheCard2",
    "lore",
];

/// Why a set's file could not be converted.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConvertError {
    #[error("{file}: no header row")]
    NoHeader { file: String },
    #[error("{file}: the header lacks the column {column}")]
    MissingColumn { file: String, column: &'static str },
    #[error("{file}, row {row}: {message}")]
    BadRow {
        file: String,
        row: usize,
        message: String,
    },
    #[error("{file} is not one of the eight sets ({known})")]
    UnknownSet { file: String, known: String },
}

/// One printed card as the converter reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printing {
    pub set: &'static str,
    pub number: String,
    pub side: String,
    /// `character`, `weapon`, `battle`, `effect`, `location`, `starship`, `objective`; for the
    /// Battle of Naboo foils `foil` (a reprint, its type that of the card reprinted); for the
    /// Reflections two-in-one cards `armed-and-dangerous`, `combo-battle`, `double-impact`.
    pub kind: String,
    pub title: String,
    pub subtitle: Option<String>,
    /// A Reflections reprint: the set whose collector number it keeps (its `number`).
    pub numbered_as: Option<&'static str>,
    /// The transcription's own number for the row where it is not the printed one (the
    /// second source numbers the Reflections cards so too).
    pub row: Option<String>,
    pub rarity: String,
    /// The six deck-construction dots, top first: `red`, `white` or `none`.
    pub dots: Vec<String>,
    pub counters: Option<Value>,
    pub power: Option<Value>,
    pub damage: Option<Value>,
    pub destiny: Option<Value>,
    /// A weapon's two boxes: destiny draws (cubes) and power bonus (dots).
    pub boxes: Vec<WeaponBox>,
    /// A Battle card's power bonus.
    pub battle_bonus: Option<Value>,
    /// What the converter corrected or marked, each with its reason.
    pub notes: Vec<String>,
}

/// A number as printed: a number or `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Number(i32),
    Unknown,
}

impl Value {
    fn write(&self, out: &mut String) {
        match self {
            Value::Number(number) => {
                let _ = write!(out, "{number}");
            }
            Value::Unknown => out.push_str("\"?\""),
        }
    }
}

/// One box of a weapon: who may use it, destiny draws and power bonus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeaponBox {
    /// The users in the catalog's words (`users::read_users`); `None` when the text is not
    /// a list of users, or before the names are resolved.
    pub users: Option<Vec<String>>,
    /// The transcription's text of the box, read only to find the users; never written.
    users_text: String,
    pub cubes: Option<i32>,
    pub dots: Option<i32>,
}

/// The cards the printed Boonta Eve rule cards list under other numbers than the
/// transcription (title, the number printed).
const BOONTA_EVE_NUMBERS: [(&str, &str); 3] = [
    ("Bounty Hunter", "52"),
    ("Colo Claw Fish", "53"),
    ("He Always Wins!", "54"),
];

/// The Boonta Eve cards the transcription types as Battle cards that the Boonta Eve rules'
/// card list gives as Effects.
const BOONTA_EVE_EFFECTS: [&str; 3] = ["All-Out Defense", "Bravo Squadron", "Hologram Projector"];

/// The last column of a set's file, which has no name in the header: the Reflections file
/// keeps each card's printed number there.
const UNNAMED_COLUMN: &str = "(unnamed)";

/// The abbreviations by which the transcription gives the set a Reflections reprint keeps the
/// number of (in its last, unnamed column, for the Reflections cards).
const REFLECTIONS_ORIGINAL_SETS: [(&str, &str); 9] = [
    ("MDM", "Menace of Darth Maul"),
    ("MODM", "Menace of Darth Maul"),
    ("TJC", "The Jedi Council"),
    ("JC", "The Jedi Council"),
    ("BON", "Battle of Naboo"),
    ("EMDM", "Enhanced Menace of Darth Maul"),
    ("DOTF", "Duel of the Fates"),
    ("EBON", "Enhanced Battle of Naboo"),
    ("BEP", "Boonta Eve Podrace"),
];

/// A Reflections card's printed number, from the column where the transcription keeps it
/// (`['74 (MDM)']`, `['A1']`): the number and, for a reprint, the set whose number it keeps.
/// `None` where the column gives no number.
fn reflections_number(text: &str) -> Option<(String, Option<&'static str>)> {
    let inner = text.trim().strip_prefix("['")?.strip_suffix("']")?.trim();
    if inner.is_empty() || inner.chars().count() > 40 {
        return None;
    }
    if let Some((number, rest)) = inner.split_once(" (")
        && let Some(abbreviation) = rest.strip_suffix(')')
        && !number.contains(' ')
        && let Some((_, set)) = REFLECTIONS_ORIGINAL_SETS
            .iter()
            .find(|(known, _)| *known == abbreviation)
    {
        return Some((number.to_string(), Some(*set)));
    }
    Some((inner.to_string(), None))
}

/// The Reflections Starships the transcription types as characters (side, number).
const REFLECTIONS_STARSHIPS: [(&str, &str); 2] = [("light", "29"), ("dark", "59")];

/// The Reflections rows that all carry one placeholder instead of the card's numbers (side,
/// first and last number), and that placeholder: counters, power, DAMAGE, destiny.
const REFLECTIONS_PLACEHOLDER_ROWS: [(&str, i32, i32); 3] =
    [("light", 29, 29), ("dark", 30, 41), ("dark", 45, 47)];
const REFLECTIONS_PLACEHOLDER: [(&str, &str); 4] = [
    ("counters", "3"),
    ("power", "5"),
    ("damage", "3"),
    ("destiny", "3"),
];

/// The note on a placeholder row, written from the two tables above.
fn placeholder_note() -> String {
    let numbers: Vec<String> = REFLECTIONS_PLACEHOLDER
        .iter()
        .map(|(column, value)| {
            let column = if *column == "damage" {
                "DAMAGE"
            } else {
                column
            };
            format!("{column} {value}")
        })
        .collect();
    let rows: Vec<String> = REFLECTIONS_PLACEHOLDER_ROWS
        .iter()
        .map(|(side, first, last)| {
            let side = if *side == "light" { "Light" } else { "Dark" };
            if first == last {
                format!("{side} {first}")
            } else {
                format!("{side} {first} to {last}")
            }
        })
        .collect();
    format!(
        "numbers and dots: the transcription gives {} for every one of Reflections {}, and one dot pattern for most of them, a placeholder rather than the card's; none of them is taken",
        numbers.join(", "),
        rows.join(", ")
    )
}

/// The Duel of the Fates Battle cards printed as Light/Dark mirror pairs with the same text
/// (Light number, Dark number).
const DUEL_OF_THE_FATES_MIRRORS: [(&str, &str); 7] = [
    ("14", "51"),
    ("16", "46"),
    ("22", "47"),
    ("19", "53"),
    ("21", "45"),
    ("18", "52"),
    ("20", "48"),
];

/// Marks where the two cards of a mirror pair disagree: one of them is mistranscribed, and
/// the transcription does not say which.
fn mark_mirror_gaps(printings: &mut [Printing]) {
    for (light, dark) in DUEL_OF_THE_FATES_MIRRORS {
        let find = |side: &str, number: &str| {
            printings
                .iter()
                .position(|printing| printing.side == side && printing.number == number)
        };
        let (Some(a), Some(b)) = (find("light", light), find("dark", dark)) else {
            continue;
        };
        for (what, left, right) in [
            ("counters", &printings[a].counters, &printings[b].counters),
            ("destiny", &printings[a].destiny, &printings[b].destiny),
            (
                "power bonus",
                &printings[a].battle_bonus,
                &printings[b].battle_bonus,
            ),
        ] {
            if left != right {
                let say = |value: &Option<Value>| match value {
                    Some(Value::Number(number)) => number.to_string(),
                    Some(Value::Unknown) => "?".to_string(),
                    None => "nothing".to_string(),
                };
                let (left, right) = (say(left), say(right));
                let (title_a, title_b) = (printings[a].title.clone(), printings[b].title.clone());
                printings[a].notes.push(format!(
                    "{what}: the transcription says {left}, but its Dark Side mirror {title_b} (Dark {dark}) has {right}; one of them is mistranscribed"
                ));
                printings[b].notes.push(format!(
                    "{what}: the transcription says {right}, but its Light Side mirror {title_a} (Light {light}) has {left}; one of them is mistranscribed"
                ));
            }
        }
    }
}

/// Reads one set's file. `stem` is its file name without `.csv`.
pub fn read_set(stem: &str, text: &str) -> Result<Vec<Printing>, ConvertError> {
    let file = format!("{stem}.csv");
    let Some((_, set)) = SETS.iter().find(|(name, _)| *name == stem) else {
        return Err(ConvertError::UnknownSet {
            file,
            known: SETS.map(|(name, _)| name).join(", "),
        });
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'|')
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|_| ConvertError::NoHeader { file: file.clone() })?
        .clone();
    let mut at = BTreeMap::new();
    for column in COLUMNS {
        let index = header
            .iter()
            .position(|name| name == column)
            .ok_or_else(|| ConvertError::MissingColumn {
                file: file.clone(),
                column,
            })?;
        at.insert(column, index);
    }
    // The Reflections file keeps each card's printed number in a last column with no name.
    if let Some(index) = header.iter().position(str::is_empty) {
        at.insert(UNNAMED_COLUMN, index);
    }
    let mut printings = Vec::new();
    for (row, record) in reader.records().enumerate() {
        let record = record.map_err(|error| ConvertError::BadRow {
            file: file.clone(),
            row: row + 2,
            message: error.to_string(),
        })?;
        printings.push(printing(
            set,
            &Row {
                record: &record,
                at: &at,
            },
        ));
    }
    if *set == "Duel of the Fates" {
        mark_mirror_gaps(&mut printings);
    }
    Ok(printings)
}

/// A number column: a number, or nothing (empty, or text that is no number, noted).
fn number(text: &str, column: &str, notes: &mut Vec<String>) -> Option<i32> {
    if text.is_empty() {
        return None;
    }
    match text.parse::<i32>() {
        Ok(number) if (0..=20).contains(&number) => Some(number),
        _ => {
            notes.push(format!(
                "the transcription's {column} is not a number; left unknown"
            ));
            None
        }
    }
}

/// One row of a set's file, its fields found by column name.
struct Row<'a> {
    record: &'a csv::StringRecord,
    at: &'a BTreeMap<&'static str, usize>,
}

impl Row<'_> {
    /// A column's text, trimmed; empty when the row is short.
    fn get(&self, column: &str) -> &str {
        self.at
            .get(column)
            .and_then(|index| self.record.get(*index))
            .unwrap_or_default()
            .trim()
    }
}

fn printing(set: &'static str, row: &Row<'_>) -> Printing {
    let field = |column: &str| row.get(column);
    let mut notes = Vec::new();
    // Names are compared as written: runs of spaces (no-break spaces among them) are one.
    let full = field("title")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let full = full.as_str();
    let (title, subtitle) = match full.split_once(", ") {
        // The two-in-one Reflections cards join two names with " & "; a name before it
        // with a comma has its subtitle after.
        Some((title, subtitle)) if !title.contains(" & ") => {
            (title.to_string(), Some(subtitle.to_string()))
        }
        _ => (full.to_string(), None),
    };
    let mut kind = match field("type").to_ascii_lowercase().as_str() {
        "combobattle" => "combo-battle".to_string(),
        "doubleimpact" => "double-impact".to_string(),
        "armedanddangerous" => "armed-and-dangerous".to_string(),
        other => other.to_string(),
    };
    let side = field("side").to_ascii_lowercase();
    // The transcription's own number: for Reflections its row, which the tables below use.
    let row_id = field("id").to_string();
    let mut number_printed = row_id.clone();
    let mut numbered_as = None;
    if set == "Reflections" {
        match reflections_number(field(UNNAMED_COLUMN)) {
            Some((number, original)) => {
                numbered_as = original;
                if original.is_none() && !number.chars().all(|ch| ch.is_ascii_alphanumeric()) {
                    notes.push(format!(
                        "number: the transcription gives {number:?}, not one collector number; it stands as given"
                    ));
                }
                number_printed = number;
            }
            None => notes.push(format!(
                "number: the transcription gives no printed number; {number_printed} is its row"
            )),
        }
    }
    if set == "Menace of Darth Maul" && side == "light" && kind == "weapon" {
        let id: i32 = number_printed.parse().unwrap_or_default();
        if (47..=64).contains(&id) {
            kind = "battle".to_string();
            notes.push(
                "type: the transcription says weapon; Menace of Darth Maul Light Side 47 to 64 are Battle cards".to_string(),
            );
        }
    }
    if set == "Reflections"
        && kind == "character"
        && REFLECTIONS_STARSHIPS.contains(&(side.as_str(), row_id.as_str()))
    {
        kind = "starship".to_string();
        notes.push(
            "type: the transcription says character; the card is a Starship, as the second source gives it"
                .to_string(),
        );
    }
    let placeholder = set == "Reflections"
        && row_id.parse::<i32>().is_ok_and(|id| {
            REFLECTIONS_PLACEHOLDER_ROWS
                .iter()
                .any(|(rows_side, first, last)| {
                    *rows_side == side && (*first..=*last).contains(&id)
                })
        })
        && REFLECTIONS_PLACEHOLDER
            .iter()
            .all(|(column, value)| field(column) == *value);
    if placeholder {
        notes.push(placeholder_note());
    }
    // A placeholder row's numbers and dots are read from no column.
    let field = |column: &str| {
        if placeholder
            && (REFLECTIONS_PLACEHOLDER
                .iter()
                .any(|(placeholder_column, _)| *placeholder_column == column)
                || column.ends_with("color"))
        {
            ""
        } else {
            row.get(column)
        }
    };
    if set == "Boonta Eve Podrace" && BOONTA_EVE_EFFECTS.contains(&full) && kind == "battle" {
        kind = "effect".to_string();
        notes.push(
            "type: the transcription says battle; the Boonta Eve rules' card list gives an Effect"
                .to_string(),
        );
    }
    if set == "Boonta Eve Podrace"
        && side == "dark"
        && let Some((_, printed)) = BOONTA_EVE_NUMBERS.iter().find(|(name, _)| *name == full)
        && *printed != number_printed
    {
        notes.push(format!(
            "number: the transcription says {number_printed}; the printed Boonta Eve rule cards' card list gives {printed}"
        ));
        number_printed = (*printed).to_string();
    }
    let dots = (1..=6)
        .map(|row| match field(&format!("row{row}color")) {
            "" => "none".to_string(),
            colour => colour.to_ascii_lowercase(),
        })
        .collect();
    let counters = number(field("counters"), "counters", &mut notes).map(Value::Number);
    let destiny = number(field("destiny"), "destiny", &mut notes).map(Value::Number);
    let mut power = None;
    let mut damage = None;
    let mut boxes = Vec::new();
    let mut battle_bonus = None;
    match kind.as_str() {
        "character" => {
            power = number(field("power"), "power", &mut notes).map(Value::Number);
            damage = number(field("damage"), "DAMAGE", &mut notes).map(Value::Number);
            if title == "Anakin Skywalker" {
                if power != Some(Value::Unknown) {
                    notes.push(format!(
                        "power: Anakin Skywalker's printed power is \"?\"; the transcription says {}",
                        field("power")
                    ));
                }
                power = Some(Value::Unknown);
            }
        }
        "weapon" => {
            for (users, cubes, dots) in [
                ("whoCanUseTheCard1", "powercubes1", "powerdots1"),
                ("whoCanUseTheCard2", "powercubes2", "powerdots2"),
            ] {
                let weapon_box = WeaponBox {
                    users: None,
                    users_text: field(users).to_string(),
                    cubes: number(field(cubes), "destiny draws", &mut notes),
                    dots: number(field(dots), "power bonus", &mut notes),
                };
                if weapon_box.cubes.is_some() || weapon_box.dots.is_some() {
                    boxes.push(weapon_box);
                }
            }
            if boxes
                .iter()
                .any(|weapon_box| weapon_box.cubes == Some(1) || weapon_box.dots == Some(1))
            {
                notes.push(
                    "a 1 in a weapon box may be a printed \"?\": the transcription writes every \"?\" there as 1"
                        .to_string(),
                );
            }
        }
        "battle" => {
            battle_bonus =
                number(field("powerdots1"), "power bonus", &mut notes).map(Value::Number);
            if battle_bonus == Some(Value::Number(1)) {
                notes.push(
                    "power bonus: a 1 may be a printed \"?\": the transcription writes every \"?\" there as 1"
                        .to_string(),
                );
            }
        }
        _ => {}
    }
    if ["lore", "whoCanUseTheCard1"].iter().any(|column| {
        field(column).starts_with("http") || field(column).eq_ignore_ascii_case("heroku")
    }) {
        notes.push(super::model::JUNK_TEXT_NOTE.to_string());
    }
    let row = (row_id != number_printed).then_some(row_id);
    Printing {
        set,
        number: number_printed,
        side,
        kind,
        title,
        subtitle,
        numbered_as,
        row,
        rarity: rarity(field("rarity")),
        dots,
        counters,
        power,
        damage,
        destiny,
        boxes,
        battle_bonus,
        notes,
    }
}

fn rarity(text: &str) -> String {
    match text.to_ascii_lowercase().as_str() {
        "pm" => "premium".to_string(),
        "starter set" => "starter".to_string(),
        other => other.replace(' ', "-"),
    }
}

/// A YAML double-quoted string.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ch if ch.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(ch));
            }
            ch => out.push(ch),
        }
    }
    out.push('"');
    out
}

/// The converted file: a header naming the transcription, then one line per printing in the
/// order of the sets and of the files, and its notes under it.
pub fn write(printings: &[Printing]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# The printed Young Jedi cards, one printing per entry, converted from the community\n\
         # transcription {TRANSCRIPTION} (its folder cards/, commit of 2023-09-16) by\n\
         # `cargo run --bin convert-cards`.\n\
         # Facts only: no text of the cards. A fact the transcription lacks is left out (unknown);\n\
         # each correction or doubt is a note. Do not edit: change the converter and run it again.\n\
         transcription: {}\n\
         printings:",
        quoted(TRANSCRIPTION)
    );
    for printing in printings {
        let _ = write!(
            out,
            "  - {{set: {}, number: {}, side: {}, type: {}, title: {}",
            quoted(printing.set),
            quoted(&printing.number),
            printing.side,
            printing.kind,
            quoted(&printing.title)
        );
        if let Some(subtitle) = &printing.subtitle {
            let _ = write!(out, ", subtitle: {}", quoted(subtitle));
        }
        if let Some(original) = printing.numbered_as {
            let _ = write!(out, ", numbered_as: {}", quoted(original));
        }
        if let Some(row) = &printing.row {
            let _ = write!(out, ", row: {}", quoted(row));
        }
        let _ = write!(
            out,
            ", rarity: {}, dots: [{}]",
            printing.rarity,
            printing.dots.join(", ")
        );
        for (key, value) in [
            ("counters", &printing.counters),
            ("power", &printing.power),
            ("damage", &printing.damage),
            ("destiny", &printing.destiny),
            ("battle_bonus", &printing.battle_bonus),
        ] {
            if let Some(value) = value {
                let _ = write!(out, ", {key}: ");
                value.write(&mut out);
            }
        }
        if !printing.boxes.is_empty() {
            out.push_str(", boxes: [");
            for (index, weapon_box) in printing.boxes.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                out.push('{');
                let mut parts = Vec::new();
                if let Some(users) = &weapon_box.users {
                    let users: Vec<String> = users.iter().map(|user| quoted(user)).collect();
                    parts.push(format!("users: [{}]", users.join(", ")));
                }
                if let Some(cubes) = weapon_box.cubes {
                    parts.push(format!("draws: {cubes}"));
                }
                if let Some(dots) = weapon_box.dots {
                    parts.push(format!("bonus: {dots}"));
                }
                out.push_str(&parts.join(", "));
                out.push('}');
            }
            out.push(']');
        }
        if printing.notes.is_empty() {
            out.push_str("}\n");
        } else {
            out.push_str(", notes: [");
            let notes: Vec<String> = printing.notes.iter().map(|note| quoted(note)).collect();
            out.push_str(&notes.join(", "));
            out.push_str("]}\n");
        }
    }
    out
}

/// Reads who may use each weapon box, now that every character's title is known: a box that
/// names nobody and adds nothing is no box; a box whose text is not a list of users keeps
/// its numbers, its users unknown, with a note.
fn resolve_weapon_users(printings: &mut [Printing]) {
    let mut titles: Vec<String> = printings
        .iter()
        .filter(|printing| printing.kind == "character")
        .map(|printing| printing.title.clone())
        .collect();
    titles.sort();
    titles.dedup();
    let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
    for printing in printings.iter_mut() {
        let mut notes = Vec::new();
        let mut kept = Vec::new();
        for (index, mut weapon_box) in std::mem::take(&mut printing.boxes).into_iter().enumerate() {
            let users = super::users::read_users(&weapon_box.users_text, &titles);
            let adds_nothing =
                weapon_box.cubes.unwrap_or(0) == 0 && weapon_box.dots.unwrap_or(0) == 0;
            match users {
                Some(users) if users.is_empty() && adds_nothing && index > 0 => continue,
                Some(users) if !users.is_empty() => weapon_box.users = Some(users),
                _ => notes.push(format!(
                    "box {}: who may use it is not a list of users in the transcription; left unknown",
                    index + 1
                )),
            }
            kept.push(weapon_box);
        }
        printing.boxes = kept;
        printing.notes.extend(notes);
    }
}

/// Converts every set, given as (file stem, text), into the converted file.
pub fn convert(files: &[(String, String)]) -> Result<String, ConvertError> {
    let mut by_set: Vec<(usize, Vec<Printing>)> = Vec::new();
    for (stem, text) in files {
        let order = SETS
            .iter()
            .position(|(name, _)| name == stem)
            .unwrap_or(SETS.len());
        by_set.push((order, read_set(stem, text)?));
    }
    by_set.sort_by_key(|(order, _)| *order);
    let mut printings: Vec<Printing> = by_set.into_iter().flat_map(|(_, set)| set).collect();
    resolve_weapon_users(&mut printings);
    Ok(write(&printings))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "side|set|type|id|title|image|rarity|gempId|setId|gempid|imageUrl|row1color|row2color|row3color|row4color|row5color|row6color|counters|damage|destiny|lore|power|powercubes1|powercubes2|powerdots1|powerdots2|whoCanUseTheCard1|whoCanUseTheCard2|";

    /// A row in the transcription's layout, made up for the test.
    fn row(
        side: &str,
        kind: &str,
        id: &str,
        title: &str,
        numbers: [&str; 8],
        lore: &str,
    ) -> String {
        let [
            counters,
            damage,
            destiny,
            power,
            cubes1,
            cubes2,
            dots1,
            dots2,
        ] = numbers;
        format!(
            "{side}|x|{kind}|{id}|{title}|img|Common|g|1|g|url|red|none|none|none|none|WHITE|{counters}|{damage}|{destiny}|{lore}|{power}|{cubes1}|{cubes2}|{dots1}|{dots2}|||"
        )
    }

    fn read(stem: &str, rows: &[String]) -> Vec<Printing> {
        let text = format!("{HEADER}\n{}\n", rows.join("\n"));
        read_set(stem, &text).expect("reads")
    }

    #[test]
    fn a_character_keeps_its_numbers_and_its_name_splits_at_the_comma() {
        let printings = read(
            "thejedicouncil",
            &[row(
                "dark",
                "Character",
                "7",
                "Test Pilot, Made Up",
                ["3", "2", "5", "4", "", "", "", ""],
                "flavour",
            )],
        );
        let printing = &printings[0];
        assert_eq!(printing.set, "The Jedi Council");
        assert_eq!(
            (printing.title.as_str(), printing.subtitle.as_deref()),
            ("Test Pilot", Some("Made Up"))
        );
        assert_eq!(printing.kind, "character");
        assert_eq!(printing.power, Some(Value::Number(4)));
        assert_eq!(printing.damage, Some(Value::Number(2)));
        assert_eq!(printing.destiny, Some(Value::Number(5)));
        assert_eq!(
            printing.dots,
            ["red", "none", "none", "none", "none", "white"]
        );
        assert!(printing.notes.is_empty(), "{:?}", printing.notes);
    }

    #[test]
    fn who_may_use_a_weapon_box_is_read_as_users_or_left_unknown() {
        let users = |first: &str, second: &str| {
            row(
                "dark",
                "Weapon",
                "9",
                "Made-Up Saber",
                ["1", "", "2", "", "1", "1", "2", "0"],
                "",
            )
            .replace("|||", &format!("|{first}|{second}|"))
        };
        let character = row(
            "dark",
            "Character",
            "8",
            "Darth Maul, Made Up",
            ["6", "5", "1", "6", "", "", "", ""],
            "",
        );
        let file = |weapon: String| {
            vec![(
                "menaceofdarthmaul".to_string(),
                format!("{HEADER}\n{character}\n{weapon}\n"),
            )]
        };
        let written = convert(&file(users("Darth maul", "Any other Jedi"))).expect("converts");
        assert!(
            written.contains(
                "boxes: [{users: [\"Darth Maul\"], draws: 1, bonus: 2}, {users: [\"any other Jedi\"], draws: 1, bonus: 0}]"
            ),
            "{written}"
        );
        let written =
            convert(&file(users("Use with two cards. They add up.", "na"))).expect("converts");
        assert!(
            written.contains("boxes: [{draws: 1, bonus: 2}, {draws: 1, bonus: 0}]"),
            "{written}"
        );
        assert!(written.contains("box 1: who may use it is not a list of users"));
        assert!(
            !written.contains("They add up"),
            "no text of the card is written"
        );
    }

    #[test]
    fn the_known_defects_come_out_fixed_or_marked() {
        let anakin = read(
            "menaceofdarthmaul",
            &[
                row(
                    "light",
                    "Character",
                    "4",
                    "Anakin Skywalker, Made Up",
                    ["3", "4", "4", "0", "", "", "", ""],
                    "",
                ),
                row(
                    "light",
                    "Weapon",
                    "50",
                    "A Battle Card",
                    ["0", "", "3", "", "0", "0", "0", "0"],
                    "",
                ),
                row(
                    "light",
                    "Weapon",
                    "30",
                    "A Real Weapon",
                    ["1", "", "2", "", "1", "", "2", ""],
                    "https://example.invalid/junk",
                ),
            ],
        );
        assert_eq!(anakin[0].power, Some(Value::Unknown));
        assert!(anakin[0].notes[0].contains("printed power is \"?\""));
        assert_eq!(anakin[1].kind, "battle");
        assert_eq!(anakin[1].boxes, []);
        assert_eq!(anakin[2].kind, "weapon");
        let boxes: Vec<(Option<i32>, Option<i32>)> = anakin[2]
            .boxes
            .iter()
            .map(|weapon_box| (weapon_box.cubes, weapon_box.dots))
            .collect();
        assert_eq!(boxes, [(Some(1), Some(2))]);
        assert!(
            anakin[2]
                .notes
                .iter()
                .any(|note| note.contains("every \"?\" there as 1"))
        );
        assert!(anakin[2].notes.iter().any(|note| note.contains("junk")));
        let boonta = read(
            "boontaevepodrace",
            &[
                row(
                    "light",
                    "battle",
                    "26",
                    "All-Out Defense",
                    ["2", "", "5", "", "", "", "1", ""],
                    "",
                ),
                row(
                    "dark",
                    "battle",
                    "52",
                    "Colo Claw Fish",
                    ["1", "", "5", "", "", "", "2", ""],
                    "",
                ),
                row(
                    "dark",
                    "battle",
                    "54",
                    "Bounty Hunter",
                    ["0", "", "5", "", "", "", "4", ""],
                    "",
                ),
            ],
        );
        assert_eq!(boonta[0].kind, "effect");
        assert_eq!(boonta[0].battle_bonus, None);
        assert_eq!(boonta[1].number, "53");
        assert_eq!(boonta[2].number, "52");
        assert!(boonta[2].notes[0].contains("the transcription says 54"));
        // numbers: counters, damage, destiny, power, cubes 1 and 2, dots 1 and 2.
        let reflections = read(
            "reflections",
            &[
                row(
                    "light",
                    "character",
                    "29",
                    "A Starship, Made Up",
                    ["3", "3", "3", "5", "", "", "", ""],
                    "",
                ),
                row(
                    "dark",
                    "character",
                    "31",
                    "A Placeholder, Made Up",
                    ["3", "3", "3", "5", "", "", "", ""],
                    "",
                ),
                row(
                    "dark",
                    "character",
                    "32",
                    "Real Numbers, Made Up",
                    ["2", "4", "2", "5", "", "", "", ""],
                    "",
                ),
            ],
        );
        assert_eq!(reflections[0].kind, "starship");
        let noted = |printing: &Printing, words: &str| {
            printing.notes.iter().any(|note| note.contains(words))
        };
        assert!(noted(&reflections[0], "the transcription says character"));
        assert_eq!(
            (
                reflections[1].counters.clone(),
                reflections[1].power.clone()
            ),
            (None, None)
        );
        assert_eq!(
            (
                reflections[1].damage.clone(),
                reflections[1].destiny.clone()
            ),
            (None, None)
        );
        assert!(reflections[1].dots.iter().all(|dot| dot == "none"));
        assert!(noted(
            &reflections[1],
            "a placeholder rather than the card's"
        ));
        // A row in the range whose numbers are not the placeholder keeps them.
        assert_eq!(reflections[2].power, Some(Value::Number(5)));
        assert_eq!(reflections[2].counters, Some(Value::Number(2)));
        assert!(!noted(&reflections[2], "placeholder"));
        // Without the number the card keeps, the row's own stands, and a note says so.
        assert!(noted(&reflections[2], "no printed number; 32 is its row"));
    }

    #[test]
    fn a_reflections_reprint_keeps_the_number_of_the_set_it_reprints() {
        let with_number = |id: &str, kept: &str| {
            row(
                "dark",
                "character",
                id,
                "Reprinted, Made Up",
                ["2", "4", "2", "5", "", "", "", ""],
                "",
            )
            .strip_suffix('|')
            .map(|start| format!("{start}|{kept}"))
            .unwrap_or_default()
        };
        let printings = read(
            "reflections",
            &[
                with_number("30", "['74 (MDM)']"),
                with_number("60", "['A1']"),
                with_number("85", "['54 (JC) and 59 (GOOD)']"),
            ],
        );
        let numbers: Vec<(&str, Option<&str>, Option<&str>)> = printings
            .iter()
            .map(|printing| {
                (
                    printing.number.as_str(),
                    printing.numbered_as,
                    printing.row.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            numbers,
            [
                ("74", Some("Menace of Darth Maul"), Some("30")),
                ("A1", None, Some("60")),
                ("54 (JC) and 59 (GOOD)", None, Some("85")),
            ]
        );
        assert!(printings[2].notes[0].contains("not one collector number"));
        let written = write(&printings[..1]);
        assert!(written.contains(
            "number: \"74\", side: dark, type: character, title: \"Reprinted\", subtitle: \"Made Up\", numbered_as: \"Menace of Darth Maul\", row: \"30\""
        ));
    }

    #[test]
    fn text_that_is_no_number_is_left_unknown_with_a_note() {
        let printings = read(
            "reflections",
            &[row(
                "dark",
                "character",
                "44",
                "Odd Row, Made Up",
                ["Lore", "3", "6", "4", "", "", "", ""],
                "",
            )],
        );
        assert_eq!(printings[0].counters, None);
        assert!(
            printings[0]
                .notes
                .iter()
                .any(|note| note.contains("counters is not a number"))
        );
    }

    #[test]
    fn the_written_file_is_yaml_with_one_entry_per_printing() {
        let text = format!(
            "{HEADER}\n{}\n",
            row(
                "light",
                "Character",
                "1",
                "Quote \"Me\", Made Up",
                ["1", "2", "3", "4", "", "", "", ""],
                ""
            )
        );
        let written = convert(&[("duelofthefates".to_string(), text)]).expect("converts");
        let value: serde_json::Value = serde_saphyr::from_str(&written).expect("YAML");
        let entry = &value["printings"][0];
        assert_eq!(entry["title"], "Quote \"Me\"");
        assert_eq!(entry["set"], "Duel of the Fates");
        assert_eq!(entry["power"], 4);
        assert_eq!(value["transcription"], TRANSCRIPTION);
    }

    #[test]
    fn an_unknown_set_or_a_missing_column_is_an_error() {
        assert!(matches!(
            read_set("vset1", HEADER),
            Err(ConvertError::UnknownSet { .. })
        ));
        assert_eq!(
            read_set("reflections", "side|type\n"),
            Err(ConvertError::MissingColumn {
                file: "reflections.csv".to_string(),
                column: "id"
            })
        );
    }
}
