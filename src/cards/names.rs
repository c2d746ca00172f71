//! Card names normalised for look-up: lower case, accents folded, punctuation ignored; shared with the build script, which normalises the catalog's names ahead of time.

/// Lower case, accents folded, apostrophes dropped, other punctuation made a space.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for ch in text.chars() {
        let ch = match ch {
            'é' | 'è' | 'ê' | 'É' => 'e',
            'á' | 'à' => 'a',
            'ó' | 'ö' => 'o',
            other => other,
        };
        if ch == '\'' || ch == '’' || ch == '™' {
            continue;
        }
        if ch.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            if ch.is_ascii() {
                out.push(ch.to_ascii_lowercase());
            } else {
                out.extend(ch.to_lowercase());
            }
        } else {
            pending_space = true;
        }
    }
    out
}

/// Whether the words of a card's name or alias are searched: a name that only adds a set to
/// another (`Darth Maul's Lightsaber (The Jedi Council)`) is found whole, so that a set's
/// name never finds a card.
pub fn words_searched(name: &str) -> bool {
    !(name.ends_with(')') && name.contains(" ("))
}

/// A name with a set after it, `Naboo Starfighter (The Jedi Council)`: the name and the set.
pub fn split_set(name: &str) -> Option<(&str, &str)> {
    let (base, set) = name.trim().strip_suffix(')')?.rsplit_once(" (")?;
    (!base.trim().is_empty() && !set.trim().is_empty()).then_some((base.trim(), set.trim()))
}
