//! Card names normalised for look-up: lower case, accents folded, punctuation ignored; shared with the build script, which normalises the catalog's names ahead of time.

/// Lower case, accents folded, apostrophes dropped, other punctuation made a space.
pub fn normalise(text: &str) -> String {
    if !text.is_ascii() {
        return normalised(text.chars()).collect();
    }
    // Most names are ASCII: the same rule, a byte at a time.
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for byte in text.bytes() {
        if byte == b'\'' {
            continue;
        }
        if byte.is_ascii_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(char::from(byte.to_ascii_lowercase()));
        } else {
            pending_space = true;
        }
    }
    out
}

/// The characters of [`normalise`], one by one, without building the text: a name compared
/// whenever a card is matched is compared this way ([`same_normalised`]).
pub fn normalised(text: impl Iterator<Item = char>) -> impl Iterator<Item = char> {
    let mut pending_space = false;
    let mut started = false;
    text.flat_map(move |ch| {
        let ch = match ch {
            'é' | 'è' | 'ê' | 'É' => 'e',
            'á' | 'à' => 'a',
            'ó' | 'ö' => 'o',
            other => other,
        };
        let mut space = None;
        let mut lower = None;
        if ch == '\'' || ch == '’' || ch == '™' {
            // Dropped.
        } else if ch.is_alphanumeric() {
            if pending_space && started {
                space = Some(' ');
            }
            pending_space = false;
            started = true;
            lower = Some(ch.to_lowercase());
        } else {
            pending_space = true;
        }
        space.into_iter().chain(lower.into_iter().flatten())
    })
}

/// Whether two texts are the same once normalised ([`normalise`]).
pub fn same_normalised(a: &str, b: &str) -> bool {
    normalised(a.chars()).eq(normalised(b.chars()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_normalised_without_being_built() {
        assert_eq!(
            normalise("  Padmé  Naberrie's   -- Ship™ "),
            "padme naberries ship"
        );
        assert_eq!(normalise("ÅNGSTRÖM"), "ångström");
        assert!(same_normalised("Qui-Gon Jinn", "qui gon  JINN"));
        assert!(same_normalised("Obi-Wan's", "obi wans"));
        assert!(!same_normalised(
            "Darth Maul",
            "Darth Maul, Sith Apprentice"
        ));
        assert!(same_normalised("", " -- "));
    }

    /// Every text of up to four characters from an alphabet of letters, digits, spaces,
    /// apostrophes, punctuation and accents: an ASCII text is normalised a byte at a time, and
    /// that gives what the rule gives a character at a time.
    #[test]
    fn an_ascii_name_is_normalised_as_any_other() {
        const ALPHABET: [char; 10] = ['a', 'Q', '7', ' ', '\'', '-', ',', '(', 'é', '’'];
        let mut checked = 0;
        for length in 0..=4u32 {
            for mut code in 0..ALPHABET.len().pow(length) {
                let mut text = String::new();
                for _ in 0..length {
                    text.push(ALPHABET[code % ALPHABET.len()]);
                    code /= ALPHABET.len();
                }
                let by_rule: String = normalised(text.chars()).collect();
                assert_eq!(normalise(&text), by_rule, "{text:?}");
                checked += usize::from(text.is_ascii());
            }
        }
        // 8 ASCII characters: 1 + 8 + 64 + 512 + 4096 texts took the byte path.
        assert_eq!(checked, 4681);
    }
}
