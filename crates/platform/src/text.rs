//! Text rules every crate shares: what counts as a visible character, and which control
//! characters no request may carry.
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

/// What the site answers when a request carries a refused control character.
pub const CONTROL_CHARACTER_REFUSED: &str = "内容不能包含空字符或控制字符";

/// C0 control characters no member text needs: all of them but tab, line feed and carriage
/// return (which long texts may hold). NUL is among them: SQLite would store it and
/// PostgreSQL refuses it, so one rule for every request keeps the two engines alike.
pub fn is_refused_control(c: char) -> bool {
    c < ' ' && !matches!(c, '\t' | '\n' | '\r')
}

/// Finds refused control characters in a JSON text fed in pieces (a request body as it
/// arrives). A JSON string cannot hold a raw control character (the parser refuses those), so
/// they arrive as escapes: `\u0000`…`\u001f`, `\b` and `\f`.
#[derive(Debug, Default)]
pub struct JsonEscapes {
    state: EscapeState,
}

#[derive(Debug, Default, Clone, Copy)]
enum EscapeState {
    #[default]
    Text,
    /// After a backslash.
    Escape,
    /// In `\uXXXX`: the value so far and how many hex digits were read.
    Unicode(u32, u8),
}

impl JsonEscapes {
    /// Reads the next piece; `false` once a refused control character was escaped.
    pub fn accepts(&mut self, piece: &[u8]) -> bool {
        for &byte in piece {
            self.state = match (self.state, byte) {
                (EscapeState::Text, b'\\') => EscapeState::Escape,
                (EscapeState::Text, _) => EscapeState::Text,
                (EscapeState::Escape, b'u') => EscapeState::Unicode(0, 0),
                (EscapeState::Escape, b'b' | b'f') => return false,
                (EscapeState::Escape, _) => EscapeState::Text,
                (EscapeState::Unicode(value, read), _) => {
                    // Not a hex digit: malformed JSON, which the parser refuses itself.
                    let Some(digit) = char::from(byte).to_digit(16) else {
                        self.state = EscapeState::Text;
                        continue;
                    };
                    let value = value * 16 + digit;
                    if read < 3 {
                        EscapeState::Unicode(value, read + 1)
                    } else if char::from_u32(value).is_some_and(is_refused_control) {
                        return false;
                    } else {
                        EscapeState::Text
                    }
                }
            };
        }
        true
    }
}

/// Whether a raw query string (`a=1&b=%00`) decodes to a refused control character.
pub fn query_has_refused_control(query: &str) -> bool {
    let bytes = query.as_bytes();
    bytes.iter().enumerate().any(|(at, byte)| {
        if *byte != b'%' {
            return char::from(*byte).is_ascii_control() && is_refused_control(char::from(*byte));
        }
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|pair| std::str::from_utf8(pair).ok());
        hex.and_then(|pair| u8::from_str_radix(pair, 16).ok())
            .is_some_and(|value| is_refused_control(char::from(value)))
    })
}

/// What a name with a character that hides inside it is answered.
pub const NAME_HIDDEN_CHARACTER_REFUSED: &str = "名称不能包含不可见字符或文字方向控制符";
/// What a member's name that passes for the site's staff is answered.
pub const NAME_RESERVED_FOR_STAFF: &str = "名称不能包含“管理员”“客服”“官方”“心桥”等官方用字";

/// Words only staff may carry in a name, matched in any spacing, punctuation or letter width.
const STAFF_WORDS: &[&str] = &[
    "管理员",
    "管理員",
    "客服",
    "官方",
    "心桥",
    "心橋",
    "站长",
    "站長",
];
/// The same in Latin letters, matched as whole runs of letters (so `admin_01` passes for
/// staff and `badminton` does not).
const STAFF_RUNS: &[&str] = &[
    "admin",
    "administrator",
    "superadmin",
    "sysadmin",
    "root",
    "xinqiao",
    "official",
    "kefu",
    "guanfang",
    "guanliyuan",
];

/// Characters a name may not hold anywhere: every invisible one but the plain space
/// (zero-width spaces and joiners, direction marks, embeddings, overrides and isolates, the
/// byte-order mark, fillers, unusual spaces), tag characters, and control characters. Each
/// lets two names that read the same differ, or one read other than it is.
pub fn hides_in_names(c: char) -> bool {
    (is_invisible(c) && c != ' ')
        || c.is_control()
        || matches!(c, '\u{061C}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// A fullwidth Latin letter or digit as its ASCII twin (ａｄｍｉｎ reads as admin).
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Whether `name` passes for the site's staff (系统管理员, 客服, 心桥官方, admin_01…).
pub fn passes_for_staff(name: &str) -> bool {
    let letters: String = name
        .chars()
        .map(narrow)
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if STAFF_WORDS.iter().any(|word| letters.contains(word)) {
        return true;
    }
    let latin: String = name
        .chars()
        .map(narrow)
        .flat_map(char::to_lowercase)
        .collect();
    latin
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|run| STAFF_RUNS.contains(&run))
}

/// What is wrong with a member's display name or username, in the site's words: a character
/// that hides inside it, or, for members who are not staff, a name that passes for staff.
pub fn name_problem(name: &str, staff: bool) -> Option<&'static str> {
    if name.chars().any(hides_in_names) {
        Some(NAME_HIDDEN_CHARACTER_REFUSED)
    } else if !staff && passes_for_staff(name) {
        Some(NAME_RESERVED_FOR_STAFF)
    } else {
        None
    }
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
    fn escaped_controls_are_found_across_pieces() {
        let refused = |pieces: &[&str]| {
            let mut scan = JsonEscapes::default();
            !pieces.iter().all(|piece| scan.accepts(piece.as_bytes()))
        };
        assert!(refused(&[r#"{"content":"a\u0000b"}"#]));
        assert!(refused(&[r#"{"content":"a\u00"#, r#"1Fb"}"#]));
        assert!(refused(&[r#"{"content":"a\"#, r#"u0007"}"#]));
        assert!(refused(&[r#"{"a":"\b"}"#]));
        assert!(refused(&[r#"{"a":"\f"}"#]));
        for accepted in [
            r#"{"a":"line\nnext\ttab\r\n"}"#,
            r#"{"a":"\u0009\u000A\u000d\u0020\u4F60"}"#,
            r#"{"a":"back\\u0000slash"}"#,
            r#"{"a":"\"quoted\" \/ \\"}"#,
        ] {
            assert!(!refused(&[accepted]), "{accepted}");
        }
    }

    #[test]
    fn queries_are_read_percent_decoded() {
        assert!(query_has_refused_control("keyword=a%00b"));
        assert!(query_has_refused_control("keyword=%1b"));
        assert!(!query_has_refused_control("keyword=%E4%BD%A0%0A%09&page=1"));
        assert!(!query_has_refused_control("keyword=100%25"));
    }

    #[test]
    fn names_may_not_hide_characters() {
        for disguised in [
            "小\u{200B}美",
            "小\u{200D}美",
            "\u{202E}美小",
            "小美\u{2066}",
            "\u{FEFF}小美",
            "小\u{3164}美",
            "小\u{00A0}美",
            "小\u{0000}美",
            "小\u{E0041}美",
        ] {
            assert_eq!(
                name_problem(disguised, true),
                Some(NAME_HIDDEN_CHARACTER_REFUSED),
                "{disguised:?}"
            );
        }
        assert_eq!(name_problem("小 美", false), None);
    }

    #[test]
    fn staff_words_are_for_staff() {
        for posing in [
            "系统管理员",
            "管 理 员",
            "心桥官方",
            "心橋小助手",
            "客服-小王",
            "admin",
            "Admin_01",
            "ＡＤＭＩＮ",
            "xinqiao客服",
            "root",
        ] {
            assert_eq!(
                name_problem(posing, false),
                Some(NAME_RESERVED_FOR_STAFF),
                "{posing}"
            );
            assert_eq!(name_problem(posing, true), None, "{posing}");
        }
        for plain in ["小美", "badminton", "rooted_tree", "心灵之桥", "管理学"] {
            assert_eq!(name_problem(plain, false), None, "{plain}");
        }
    }

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
