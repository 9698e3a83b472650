//! The languages ccbulletin speaks, as data: each one a file,
//! `languages/<code>.ftl` (Project Fluent), embedded in the binary, named
//! in [`FILES`] — the one list a new language is added to. Everything a
//! language decides is in its file: its words and sentences, its plural
//! rules (by its code), the form of a date, the decimal mark, the letters
//! of the pieces; [`crate::messages`] reads them. No code matches on a
//! language. The tests add one of their own, read from a file they write
//! ([`test_language`]).

use std::fmt;

/// Each language's code and file. A code is the file's name and the
/// language's tag (CLDR plural rules, `<html lang>`, `language = "…"` of
/// tournament.toml). The first is the default.
const FILES: [(&str, &str); 2] = [
    ("en", include_str!("../languages/en.ftl")),
    ("ru", include_str!("../languages/ru.ftl")),
];

/// A language of [`FILES`]: of the pages, the findings and the letters of
/// a tournament (tournament.toml's `language`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Language(u8);

/// English and Russian by name, for the code that names a language (the
/// command line's own messages are English; the tests name both). Named
/// as the variants of the enum they replace, so that code written against
/// it reads the same.
#[allow(non_upper_case_globals)]
impl Language {
    /// English: the first of [`FILES`], the default.
    pub const En: Language = Language(0);
    /// Russian.
    pub const Ru: Language = Language(1);
}

impl Language {
    /// Every language, in the order of [`FILES`].
    pub fn all() -> impl Iterator<Item = Language> {
        (0..count()).map(|i| Language(i as u8))
    }

    /// The codes of every language, in the order of [`FILES`].
    pub fn codes() -> Vec<&'static str> {
        Language::all().map(Language::code).collect()
    }

    /// The language of a code (`en`, `ru`), if it is one.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::all().find(|l| l.code() == code)
    }

    /// The language's code, as `<html lang="…">` takes it.
    pub fn code(self) -> &'static str {
        entry(self.0 as usize).0
    }

    /// The text of the language's file.
    pub fn file(self) -> &'static str {
        entry(self.0 as usize).1
    }

    /// The language's place in [`Language::all`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The languages' number: [`FILES`], and the test language when there is one.
fn count() -> usize {
    FILES.len() + usize::from(test_language().is_some())
}

/// The code and file text of the `i`-th language.
fn entry(i: usize) -> (&'static str, &'static str) {
    match FILES.get(i) {
        Some(&e) => e,
        None => test_language()
            .map(|(code, text)| (code.as_str(), text.as_str()))
            .expect("a language is one of the list"),
    }
}

/// A language the tests add after [`FILES`] (cargo feature
/// `test-language`, which the dev-dependency on this crate turns on in
/// every test build, never a release build): with
/// `CCB_TEST_LANGUAGE=DIR/<code>.ftl` set, that file is one more language,
/// read like the others, so that a test proves a language to be its file
/// alone. Without the feature there is none.
#[cfg(feature = "test-language")]
fn test_language() -> Option<&'static (String, String)> {
    static EXTRA: std::sync::OnceLock<Option<(String, String)>> = std::sync::OnceLock::new();
    EXTRA
        .get_or_init(|| {
            let path = std::path::PathBuf::from(std::env::var_os("CCB_TEST_LANGUAGE")?);
            let code = path.file_stem()?.to_str()?.to_string();
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("CCB_TEST_LANGUAGE: cannot read `{}`: {e}", path.display()));
            Some((code, text))
        })
        .as_ref()
}

/// None: the test language is the tests' alone.
#[cfg(not(feature = "test-language"))]
#[inline(always)]
fn test_language() -> Option<&'static (String, String)> {
    None
}

impl fmt::Debug for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A code that is no language's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLanguageError(pub String);

impl fmt::Display for ParseLanguageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<String> = Language::codes().iter().map(|c| format!("`{c}`")).collect();
        write!(f, "unknown language `{}`, expected {}", self.0, codes.join(" or "))
    }
}

impl std::error::Error for ParseLanguageError {}

impl std::str::FromStr for Language {
    type Err = ParseLanguageError;

    fn from_str(code: &str) -> Result<Language, ParseLanguageError> {
        Language::from_code(code).ok_or_else(|| ParseLanguageError(code.to_string()))
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Language, D::Error> {
        let code = String::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_its_code_in_the_list() {
        assert_eq!(Language::codes()[..2], ["en", "ru"]);
        assert_eq!((Language::En.code(), Language::Ru.code()), ("en", "ru"));
        assert_eq!(Language::default(), Language::En);
        assert_eq!("ru".parse::<Language>(), Ok(Language::Ru));
        assert!(
            "fr".parse::<Language>()
                .unwrap_err()
                .to_string()
                .contains("expected `en` or `ru`")
        );
        assert_eq!(serde_json::to_string(&Language::Ru).unwrap(), "\"ru\"");
        assert_eq!(serde_json::from_str::<Language>("\"ru\"").unwrap(), Language::Ru);
        assert!(Language::all().all(|l| l.file().contains("## Pages")));
    }
}
