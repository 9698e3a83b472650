//! Text as it is read from a tournament's files, made harmless once, where
//! it is read: a control character (ESC, CR, LF, the other C0 and C1
//! controls) or a bidi override (U+202A–U+202E, U+2066–U+2069) never
//! reaches an output file raw (docs/format.md, "Limits"). A line break or a
//! tab inside a name, a title, a note or a move becomes a space, so that
//! no field makes a line of its own in a text file; every other such
//! character becomes U+FFFD, the replacement character, which shows where
//! it was.

use std::borrow::Cow;

/// What stands for a control character or a bidi override.
pub const STAND_IN: char = '\u{FFFD}';

/// The stand-in for `c`, if it may not be written as it is.
fn stand_in(c: char) -> Option<char> {
    match c {
        '\t' | '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}' => Some(' '),
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => Some(STAND_IN),
        c if c.is_control() => Some(STAND_IN),
        _ => None,
    }
}

/// Whether a byte of UTF-8 text may start a character [`clean`] replaces:
/// a C0 control or DEL, `C2` (the C1 controls and U+0085), `E2` (the line
/// and paragraph separators and the bidi controls). Most text holds none.
fn suspect(b: u8) -> bool {
    b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xe2
}

/// `text` with each control character and bidi override replaced (see the
/// module's note); borrowed when it holds none, as nearly all text does.
pub fn clean(text: &str) -> Cow<'_, str> {
    if !text.bytes().any(suspect) || !text.chars().any(|c| stand_in(c).is_some()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| stand_in(c).unwrap_or(c)).collect())
}

/// [`clean`] of an owned text, without a copy when it holds nothing to
/// replace.
pub fn clean_owned(text: String) -> String {
    match clean(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(t) => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_overrides_are_replaced_line_breaks_by_a_space() {
        assert_eq!(clean("An\u{1b}[2Jna"), "An\u{FFFD}[2Jna");
        assert_eq!(clean("Bo\r\nris"), "Bo  ris");
        assert_eq!(clean("a\u{202E}b\u{2066}c\u{2069}"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}");
        assert_eq!(clean("x\u{85}y\u{9b}z\u{7f}"), "x y\u{FFFD}z\u{FFFD}");
        assert_eq!(clean("line\u{2028}sep"), "line sep");
    }

    #[test]
    fn ordinary_text_is_borrowed() {
        for t in ["Иванов, Пётр", "Müller – Straße “x”", "", "é€", "Nf3"] {
            assert!(matches!(clean(t), Cow::Borrowed(_)), "{t}");
        }
        assert_eq!(clean_owned("Иванов".to_string()), "Иванов");
    }
}
