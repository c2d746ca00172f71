//! Card names normalised for look-up: lower case, accents folded, punctuation ignored; shared with the build script, which normalises the catalog's names ahead of time.

/// Lower case, accents folded, apostrophes dropped, other punctuation made a space.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rule = Normaliser::default();
    for ch in text.chars() {
        if let Some((space, ch)) = rule.take(ch) {
            if space {
                out.push(' ');
            }
            // Most names are ASCII: lower case without the general case's iterator.
            if ch.is_ascii() {
                out.push(ch.to_ascii_lowercase());
            } else {
                out.extend(ch.to_lowercase());
            }
        }
    }
    out
}

/// The characters of [`normalise`], one by one, without building the text: a name compared
/// whenever a card is matched is compared this way ([`same_normalised`]).
pub fn normalised(text: impl Iterator<Item = char>) -> impl Iterator<Item = char> {
    let mut rule = Normaliser::default();
    text.flat_map(move |ch| {
        let taken = rule.take(ch);
        let space = taken.and_then(|(space, _)| space.then_some(' '));
        let lower = taken.map(|(_, ch)| ch.to_lowercase());
        space.into_iter().chain(lower.into_iter().flatten())
    })
}

/// The rule of [`normalise`], a character at a time: whether a space has been seen since the
/// last letter or digit, and whether any has been written.
#[derive(Default)]
struct Normaliser {
    pending_space: bool,
    started: bool,
}

impl Normaliser {
    /// What a character adds to the text: a space before it (where punctuation parted it from
    /// the letters before), and itself, accents folded but not yet in lower case; nothing for
    /// an apostrophe or other punctuation.
    fn take(&mut self, ch: char) -> Option<(bool, char)> {
        let ch = match ch {
            'é' | 'è' | 'ê' | 'É' => 'e',
            'á' | 'à' => 'a',
            'ó' | 'ö' => 'o',
            other => other,
        };
        if ch == '\'' || ch == '’' || ch == '™' {
            return None;
        }
        if !ch.is_alphanumeric() {
            self.pending_space = true;
            return None;
        }
        let space = self.pending_space && self.started;
        self.pending_space = false;
        self.started = true;
        Some((space, ch))
    }
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
    /// apostrophes, punctuation and accents: the text built ([`normalise`]) is the text
    /// compared ([`normalised`]), ASCII or not.
    #[test]
    fn a_name_built_is_the_name_compared() {
        const ALPHABET: [char; 10] = ['a', 'Q', '7', ' ', '\'', '-', ',', 'Å', 'é', '’'];
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
                checked += 1;
            }
        }
        assert_eq!(checked, 11_111);
    }
}
