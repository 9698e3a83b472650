//! Short texts kept inline, without a heap allocation: a move in SAN
//! (`exd8=Q+`, `Qa1xb2#`: 7 letters at most), UCI (`e7e8q`: 5) or ICCF
//! numeric notation (`52541`: 5) is a [`Short`]; a move as a player wrote
//! it in the log (`Nf3`, `Кр:e2`, or a paragraph) is a [`Text`], inline
//! when it fits. A game stores three of the first for each of its ~80
//! half-moves and one more and a [`Text`] for each row of its log; as
//! `String`s they were the game stage's most frequent allocations and
//! frees.

use arrayvec::ArrayString;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// Up to [`Short::CAPACITY`] bytes of UTF-8, inline. Reads as a `&str`
/// (`Deref`), shows and serializes as one.
///
/// Kept in arrayvec's `ArrayString`, which reads as a `&str` without
/// checking its bytes again: the render stages read every move many times,
/// and `str::from_utf8` on each read cost more than the game stage saved
/// (callgrind).
#[derive(Clone, Copy, Default)]
pub struct Short(ArrayString<{ Short::CAPACITY }>);

impl Short {
    /// Twice the longest move it holds: 20 bytes with the length, less
    /// than a `String`'s 24 before its text.
    pub const CAPACITY: usize = 15;

    /// The empty text.
    pub const fn new() -> Short {
        Short(ArrayString::new_const())
    }

    /// The text `s`, when it fits.
    pub fn try_new(s: &str) -> Option<Short> {
        ArrayString::from(s).ok().map(Short)
    }

    /// Appends one ASCII character.
    ///
    /// # Panics
    /// When `c` is not ASCII or the text is full: the writers of moves push
    /// at most 7 ASCII letters, so neither happens.
    ///
    /// `#[inline]`: copied into each caller's codegen unit, where arrayvec's
    /// push is inlined too; called across units, whether it was depended on
    /// how the crate happened to be split (~7 M instructions of the game
    /// stage on /tmp/fed10 when it was not, callgrind).
    #[inline]
    pub fn push(&mut self, c: char) {
        assert!(c.is_ascii(), "Short::push takes ASCII only");
        self.0.push(c);
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl Deref for Short {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Short {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Short {
    fn eq(&self, other: &Short) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Short {}

impl std::hash::Hash for Short {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for Short {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Short {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Short {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Writing through a formatter (`write!`): an error, the text unchanged,
/// when what is written does not fit.
impl fmt::Write for Short {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.try_push_str(s).map_err(|_| fmt::Error)
    }
}

/// Serialized as the string it holds, as a `String` is.
impl Serialize for Short {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A text of any length, inline when it fits a [`Short`]: a move as
/// written in a log is nearly always short, but it is the player's own
/// text and may be of any length. Reads as a `&str` (`Deref`), shows and
/// serializes as one.
#[derive(Clone, Default)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Inline(Short),
    Heap(Box<str>),
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Inline(Short::new())
    }
}

impl Text {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(s) => s.as_str(),
            Repr::Heap(s) => s,
        }
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(Short::try_new(s).map_or_else(|| Repr::Heap(s.into()), Repr::Inline))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text(Short::try_new(&s).map_or_else(|| Repr::Heap(s.into_boxed_str()), Repr::Inline))
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Serialized as the string it holds, as a `String` is.
impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn reads_shows_and_serializes_as_its_text() {
        let mut s = Short::new();
        assert_eq!(s, "");
        for c in "exd8=Q+".chars() {
            s.push(c);
        }
        assert_eq!(s, "exd8=Q+");
        assert_eq!(s.len(), 7);
        assert_eq!(s.to_string(), "exd8=Q+");
        assert_eq!(format!("{s:?}"), "\"exd8=Q+\"");
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"exd8=Q+\"");
        assert_eq!(serde_json::to_string(&Some(s)).unwrap(), "\"exd8=Q+\"");
        assert_eq!(Short::default(), Short::new());
    }

    #[test]
    fn fills_to_its_capacity_through_write() {
        let mut s = Short::new();
        assert!(write!(s, "{}", "a".repeat(Short::CAPACITY)).is_ok());
        assert_eq!(s.len(), Short::CAPACITY);
        assert!(s.write_str("b").is_err());
        assert_eq!(s, "a".repeat(Short::CAPACITY).as_str());
    }

    #[test]
    fn holds_any_utf8_that_fits() {
        assert_eq!(Short::try_new("Кр:e2").unwrap(), "Кр:e2");
        assert_eq!(Short::try_new("яяяяяяя").unwrap().len(), 14);
        assert_eq!(Short::try_new("яяяяяяяя"), None);
        let mut s = Short::new();
        assert!(s.write_str("яяяяяяя").is_ok());
        assert!(s.write_str("я").is_err());
        s.push('x');
        assert_eq!(s, "яяяяяяяx");
    }

    #[test]
    fn text_of_any_length_reads_shows_and_serializes_as_its_text() {
        let long = "e".repeat(1 << 10);
        for t in ["", "e4", "Кр:e2", "fifteen letters", "sixteen letters!", &long] {
            for text in [Text::from(t), Text::from(t.to_string())] {
                assert_eq!(text, t);
                assert_eq!(text.len(), t.len());
                assert_eq!(text.to_string(), t);
                assert_eq!(format!("{text:?}"), format!("{t:?}"));
                assert_eq!(serde_json::to_string(&text).unwrap(), serde_json::to_string(t).unwrap());
            }
        }
        assert_eq!(Text::default(), "");
    }

    #[test]
    #[should_panic(expected = "ASCII")]
    fn push_refuses_what_is_not_ascii() {
        Short::new().push('е');
    }

    #[test]
    #[should_panic]
    fn push_past_capacity_panics() {
        let mut s = Short::new();
        for _ in 0..=Short::CAPACITY {
            s.push('a');
        }
    }
}
