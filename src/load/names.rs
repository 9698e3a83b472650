//! Matching a player's name as written in pairings.csv, breaks.csv,
//! decisions.csv or a PGN White/Black tag against players.csv
//! (docs/format.md, "Names"): exactly; else after folding case, spaces,
//! `ё`→`е` and the Latin letters that look like Cyrillic ones (`A`/`А`,
//! `K`/`К`, `e`/`е`…), with a `read-as` finding (51.2.4); else an error
//! that names the closest player ("did you mean").

use crate::address::{self, Scope};
use crate::finding::{Finding, NameFacts, TableFacts};
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
            let f = Finding::new(NameFacts::NameReadAsPlayer {
                written: shown,
                player: p.clone(),
            })
            .rule("—")
            .at(file, line);
            (Some(p), Some(f))
        }
        NameMatch::Ambiguous(ps) => {
            let f = Finding::new(NameFacts::NameAmbiguous {
                written: shown,
                players: ps,
            })
            .at(file, line);
            (None, Some(f))
        }
        NameMatch::Unknown { closest } => {
            let f = Finding::new(NameFacts::NameUnknown {
                written: shown,
                closest,
            })
            .at(file, line);
            (None, Some(f))
        }
    }
}

/// `text` without what reads as an address ([`crate::address`], in a text
/// an input gives: docs/format.md, "Names are names"), when it holds one:
/// `Kozlov (kozlov at gmail dot com)` is `Kozlov`, with the brackets,
/// commas and spaces the cut leaves trimmed; a text that is nothing but an
/// address is left empty (the caller names it). `None` when the text holds
/// nothing of the kind, as nearly every text does.
pub fn without_address(text: &str) -> Option<String> {
    let std::borrow::Cow::Owned(cut) = address::replace(text, Scope::Text, " ") else {
        return None;
    };
    let rest = without_empty_pairs(&cut);
    let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = rest.trim_matches(|c: char| c.is_whitespace() || ",;:-–—/|".contains(c));
    Some(if rest.chars().any(char::is_alphanumeric) {
        rest.to_string()
    } else {
        String::new()
    })
}

/// `text` without the brackets and quotes a cut left empty (`Kozlov ( )`,
/// `[ ( ) ]`), each as a space.
fn without_empty_pairs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let open = match c {
            ')' => '(',
            ']' => '[',
            '}' => '{',
            '>' => '<',
            '"' => '"',
            _ => {
                out.push(c);
                continue;
            }
        };
        let kept = out.trim_end().len();
        if out[..kept].ends_with(open) {
            out.truncate(kept - open.len_utf8());
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a name holds an email address or what reads as one
/// ([`without_address`]).
pub fn reads_as_address(name: &str) -> bool {
    address::holds(name, Scope::Text)
}

/// A text of an input file as the pages may show it: without what reads as
/// an address ([`without_address`]), with the `bad-input` finding that
/// names the file and line and quotes the text to the arbiter. A text that
/// was nothing but an address becomes `stand_in`.
pub fn shown_text(
    text: &str,
    stand_in: impl FnOnce() -> String,
    file: &str,
    line: Option<usize>,
) -> (String, Option<Finding>) {
    match without_address(text) {
        None => (text.to_string(), None),
        Some(rest) => {
            let shown = if rest.is_empty() { stand_in() } else { rest };
            // Whole, as the arbiter must find it in the file, unless huge.
            let whole = text.chars().count() <= 200;
            let facts = TableFacts::NameHoldsAddress {
                name: if whole { text.to_string() } else { excerpt(text) },
                shown: excerpt(&shown),
            };
            (shown, Some(Finding::new(facts).at(file, line)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Code;

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
            crate::messages::ru(&f).contains("прочитано как"),
            "{}",
            crate::messages::ru(&f)
        );
        let (p, f) = resolve("Петраков", PLAYERS, "t/pairings.csv", Some(3));
        assert_eq!(p, None);
        let f = f.unwrap();
        assert_eq!(f.code, Code::BadInput);
        assert!(
            crate::messages::en(&f).contains("did you mean `Петров, Пётр`"),
            "{}",
            crate::messages::en(&f)
        );
    }

    // docs/format.md, "Names are names": the name is kept, the address cut.
    #[test]
    fn a_name_is_loaded_without_its_address() {
        for (name, want) in [
            ("Kozlov (kozlov at gmail dot com)", "Kozlov"),
            ("Kozlov, kozlov at gmail dot com", "Kozlov"),
            ("Petrov ivan.petrov@example.org", "Petrov"),
            ("Petrov <ivan.petrov@example.org>", "Petrov"),
            ("Petrov, ivan.petrov@", "Petrov"),
            ("Olga S. (olga.s@)", "Olga S."),
            ("Smirnov [smirnov [at] yandex.ru]", "Smirnov"),
            ("Smirnov (smirnov (AT) yandex ru) Jr", "Smirnov Jr"),
            ("Иванов, Иван (иван собака mail точка ru)", "Иванов, Иван"),
            ("Ent ent&commat;ent.com", "Ent"),
            ("Lee lee%40x.org", "Lee"),
            ("Zed z\u{200B}@\u{2060}x.org", "Zed"),
            ("Max \"max doe\"@x.com", "Max"),
            ("ivan.petrov@example.org", ""),
            ("@", ""),
        ] {
            assert_eq!(without_address(name).as_deref(), Some(want), "{name:?}");
        }
        for name in ["Иванов, Алексей", "Mat Atkins", "We met at home", "O'Neil-Smith (jr.)"] {
            assert_eq!(without_address(name), None, "{name}");
        }
        let (shown, f) = shown_text("a@b.org", || "Player 4".into(), "t/players.csv", Some(4));
        assert_eq!(shown, "Player 4");
        let f = f.unwrap();
        assert_eq!(
            (f.code, f.file.as_deref(), f.line),
            (Code::BadInput, Some("t/players.csv"), Some(4))
        );
    }
}
