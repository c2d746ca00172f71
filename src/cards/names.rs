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
