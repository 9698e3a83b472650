//! Matching a player's name as written in pairings.csv, breaks.csv,
//! decisions.csv or a PGN White/Black tag against players.csv
//! (docs/format.md, "Names"): exactly; else after folding case, spaces,
//! `ё`→`е` and the Latin letters that look like Cyrillic ones (`A`/`А`,
//! `K`/`К`, `e`/`е`…), with a `read-as` finding (51.2.4); else an error
//! that names the closest player ("did you mean").

use crate::finding::{Code, Facts, Finding};
use crate::load::movelog::excerpt;

/// A name folded for comparison: no spaces, lower case, `ё` as `е`, and
/// the Cyrillic letters that look like Latin ones (in either case: `Н` and
/// `H`, `М` and `M`, `е` and `e`) as those Latin letters.
pub fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'а' => 'a',
            'в' => 'b',
            'е' | 'ё' => 'e',
            'к' => 'k',
            'м' => 'm',
            'н' => 'h',
            'о' => 'o',
            'р' => 'p',
            'с' => 'c',
            'т' => 't',
            'у' => 'y',
            'х' => 'x',
            other => other,
        })
        .collect()
}

/// How a written name matched a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameMatch {
    /// Exactly as in players.csv.
    Exact(String),
    /// Only after folding: the player's name as in players.csv.
    Folded(String),
    /// No player; the closest name, if there are players at all.
    Unknown { closest: Option<String> },
    /// Folding makes it several players' name.
    Ambiguous(Vec<String>),
}

/// Matches `written` against the players' names.
pub fn match_name<'a>(written: &str, players: impl IntoIterator<Item = &'a str> + Clone) -> NameMatch {
    if let Some(p) = players.clone().into_iter().find(|p| *p == written) {
        return NameMatch::Exact(p.to_string());
    }
    let key = fold(written);
    let folded: Vec<&str> = players.clone().into_iter().filter(|p| fold(p) == key).collect();
    match folded.as_slice() {
        [one] => return NameMatch::Folded(one.to_string()),
        [] => {}
        many => return NameMatch::Ambiguous(many.iter().map(|s| s.to_string()).collect()),
    }
    let closest = players
        .into_iter()
        .map(|p| (strsim::normalized_levenshtein(&fold(p), &key), p))
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, p)| p.to_string());
    NameMatch::Unknown { closest }
}

/// The player a name in `file` at `line` means, with its finding: a
/// `read-as` info for a folded match, a `bad-input` error otherwise.
pub fn resolve<'a>(
    written: &str,
    players: impl IntoIterator<Item = &'a str> + Clone,
    file: &str,
    line: Option<usize>,
) -> (Option<String>, Option<Finding>) {
    let shown = excerpt(written);
    match match_name(written, players) {
        NameMatch::Exact(p) => (Some(p), None),
        NameMatch::Folded(p) => {
            // A name read as a player is no move notation (51.2.4): no
            // paragraph of Article 51 is about it.
            let f = Finding::new(
                Code::ReadAs,
                Facts::NameReadAsPlayer {
                    written: shown,
                    player: p.clone(),
                },
            )
            .rule("—")
            .at(file, line);
            (Some(p), Some(f))
        }
        NameMatch::Ambiguous(ps) => {
            let f = Finding::new(
                Code::BadInput,
                Facts::NameAmbiguous {
                    written: shown,
                    players: ps,
                },
            )
            .at(file, line);
            (None, Some(f))
        }
        NameMatch::Unknown { closest } => {
            let f = Finding::new(
                Code::BadInput,
                Facts::NameUnknown {
                    written: shown,
                    closest,
                },
            )
            .at(file, line);
            (None, Some(f))
        }
    }
}

/// Whether a name holds an email address or what reads as one: an at sign
/// (`@`, its full-width forms, `&commat;`, `&#64;`, `%40`, with invisible
/// characters beside it or not, a cut address such as `ivan.petrov@`
/// included), an `at` in brackets (`[at]`, `(at)`), or the written-out
/// `… at … dot …` (`kozlov at gmail dot com`, `собака` and `точка` too).
/// A name never needs one; the arbiter is told (docs/format.md).
pub fn reads_as_address(name: &str) -> bool {
    let lower: String = name
        .chars()
        .filter(|c| !matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{00AD}'))
        .flat_map(char::to_lowercase)
        .collect();
    let signs = [
        "@", "\u{FF20}", "\u{FE6B}", "&commat;", "&#64;", "&#x40;", "%40", "[at]", "(at)", "{at}",
    ];
    if signs.iter().any(|s| lower.contains(s)) {
        return true;
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let at = words.iter().position(|w| matches!(*w, "at" | "собака"));
    at.is_some_and(|i| i > 0 && words[i + 1..].iter().skip(1).any(|w| matches!(*w, "dot" | "точка")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAYERS: [&str; 3] = ["Петров, Пётр", "Anna Kowalska", "Сидоров, Иван"];

    #[test]
    fn exact_then_folded_then_closest() {
        assert_eq!(
            match_name("Anna Kowalska", PLAYERS),
            NameMatch::Exact("Anna Kowalska".into())
        );
        for written in ["Петров, Петр", "петров,пётр", " ПЕТРОВ,  ПЕТР", "Пeтpoв, Пётp"]
        {
            assert_eq!(
                match_name(written, PLAYERS),
                NameMatch::Folded("Петров, Пётр".into()),
                "{written}"
            );
        }
        // Latin `A`, `o`, `a` typed in Cyrillic.
        assert_eq!(
            match_name("Аnnа Kоwalskа", PLAYERS),
            NameMatch::Folded("Anna Kowalska".into())
        );
        assert_eq!(
            match_name("Петраков, Пётр", PLAYERS),
            NameMatch::Unknown {
                closest: Some("Петров, Пётр".into())
            }
        );
        assert_eq!(fold("LEBEDEV, MIKHAIL"), fold("Lebedev,Mikhail"));
        assert_eq!(fold("Мikhail"), fold("Mikhail"));
        assert_eq!(
            match_name("x", std::iter::empty::<&str>()),
            NameMatch::Unknown { closest: None }
        );
        assert_eq!(
            match_name("ann", ["Ann", "ANN"]),
            NameMatch::Ambiguous(vec!["Ann".into(), "ANN".into()])
        );
    }

    #[test]
    fn findings_say_what_was_read_in_the_tournament_language() {
        let (p, f) = resolve("Петров, Петр", PLAYERS, "t/pairings.csv", Some(3));
        assert_eq!(p.as_deref(), Some("Петров, Пётр"));
        let f = f.unwrap();
        assert_eq!(
            (f.code, f.severity, f.rule),
            (Code::ReadAs, crate::finding::Severity::Info, "—")
        );
        assert!(
            crate::load::testing::ru(&f).contains("прочитано как"),
            "{}",
            crate::load::testing::ru(&f)
        );
        let (p, f) = resolve("Петраков", PLAYERS, "t/pairings.csv", Some(3));
        assert_eq!(p, None);
        let f = f.unwrap();
        assert_eq!(f.code, Code::BadInput);
        assert!(
            crate::load::testing::en(&f).contains("did you mean `Петров, Пётр`"),
            "{}",
            crate::load::testing::en(&f)
        );
    }

    // docs/format.md: a name is a name; an address in it, written out or
    // hidden, is the arbiter's to move.
    #[test]
    fn a_name_that_reads_as_an_address_is_found() {
        for name in [
            "Petrov ivan.petrov@example.org",
            "ivan.petrov@",
            "Ivan\u{200B}@\u{200B}x.org",
            "Kozlov, kozlov at gmail dot com",
            "Ivan [at] mail.ru",
            "ent&commat;ent.com",
            "a&#64;b.org",
            "a%40b.org",
            "Иван собака mail точка ru",
            "Olga\u{FF20}mail.ru",
        ] {
            assert!(reads_as_address(name), "{name}");
        }
        for name in [
            "Иванов, Алексей",
            "Kuznetsova, Anna",
            "Mat Atkins",
            "Dot Cotton",
            "At, Dot",
            "Ng, Mei-at",
        ] {
            assert!(!reads_as_address(name), "{name}");
        }
    }
}
