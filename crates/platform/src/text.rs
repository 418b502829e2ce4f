//! Text rules every crate shares: what counts as a visible character.
//!
//! `str::trim` keeps zero-width spaces, joiners, direction marks and the byte-order mark, so
//! a title made only of them would pass a "required" check while showing nothing. Required
//! fields are trimmed of these as well as of whitespace, and lengths count what is left.

/// Characters that take no visible space: whitespace, zero-width and formatting marks, and
/// the Hangul fillers that render as blanks.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
        )
}

/// `raw` without invisible characters at either end.
pub fn trim_visible(raw: &str) -> &str {
    raw.trim_matches(is_invisible)
}

/// Whether `raw` shows anything at all.
pub fn has_visible(raw: &str) -> bool {
    raw.chars().any(|c| !is_invisible(c))
}

/// Whether two secrets (hashes, tokens) are equal, in a time that does not depend on where
/// they first differ; only their lengths may show.
pub fn equal_in_constant_time(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_secret_is_equal() {
        assert!(equal_in_constant_time("secret-token", "secret-token"));
        assert!(!equal_in_constant_time("secret-token", "secret-tokem"));
        assert!(!equal_in_constant_time("secret-token", "secret"));
        assert!(!equal_in_constant_time("secret-token", ""));
    }

    #[test]
    fn zero_width_text_is_empty() {
        assert_eq!(trim_visible("\u{200B}\u{FEFF} \u{2060}"), "");
        assert!(!has_visible("\u{200B}\u{200C}\u{200D}\u{3164}"));
    }

    #[test]
    fn visible_text_keeps_its_inner_marks() {
        assert_eq!(
            trim_visible("\u{200B} 你好\u{200D}世界 \u{FEFF}"),
            "你好\u{200D}世界"
        );
        assert!(has_visible("\u{200B}a"));
    }
}
