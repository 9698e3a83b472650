//! Matching a player's name as written in pairings.csv, breaks.csv,
//! decisions.csv or a PGN White/Black tag against players.csv
//! (docs/format.md, "Names"): exactly; else after folding case, spaces,
//! `ё`→`е` and the Latin letters that look like Cyrillic ones (`A`/`А`,
//! `K`/`К`, `e`/`е`…), with a `read-as` finding (51.2.4); else an error
//! that names the closest player ("did you mean").

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

/// The name rule (docs/format.md, "Names are names"): a name, a title or
/// any other text the pages show never needs an email address. An at sign
/// in any form (`@`, its full-width forms, `&commat;`, `&#64;`, `&#x40;`,
/// `%40`, `[at]`, `(at)`, `{at}`, `<at>`), with a local part or a domain
/// beside it or only one of them (a cut `ivan.petrov@`), or a written-out
/// `… at … dot …` (`kozlov at gmail dot com`, `собака` and `точка` too),
/// reads as one; so it does with invisible format characters (zero-width
/// space and joiners, word joiner, BOM, soft hyphen, bidi marks) anywhere
/// in the text. Regular expressions: a name is short and read once, and
/// the forms read better as patterns than as a scanner.
struct AddressForms {
    /// An at sign written as a sign, with what stands beside it.
    signed: regex::Regex,
    /// `at` or `собака` written as a word, between a local part and a
    /// domain of at least two labels.
    worded: regex::Regex,
    /// What is left of brackets or quotes emptied by the cut.
    empty_pair: regex::Regex,
}

fn forms() -> &'static AddressForms {
    static FORMS: std::sync::OnceLock<AddressForms> = std::sync::OnceLock::new();
    FORMS.get_or_init(|| {
        let local = r#"(?:"[^"]{0,64}"|[\p{L}\p{N}._%+'\-]+)"#;
        let label = r"[\p{L}\p{N}\-]+";
        let dot = r"(?:[.\x{3002}\x{FF0E}\x{FF61}]|\s*[\[({]\s*dot\s*[\])}]\s*|\s+dot\s+|\s+точка\s+)";
        let sign = r"(?:@|\x{FF20}|\x{FE6B}|&commat;|&#0*64;|&#x0*40;|%40|[\[({<]\s*at\s*[\])}>]|&lt;\s*at\s*&gt;)";
        // A last label after a space, as in `smirnov (at) yandex ru`: a
        // country's two small letters or a common generic one.
        let spaced = r"(?:\s+(?-i:[a-z]{2}|com|org|net|edu|gov|info)\b)?";
        let domain = format!(r"(?:\[[^\]\s]{{1,64}}\]|{label}(?:{dot}{label})*{spaced})");
        let signed = format!(r"(?i){local}?\s*{sign}\s*(?:{domain})?(?:…|\.{{2,}})?");
        let worded = format!(r"(?i){local}\s+(?:at|собака)\s+{label}(?:{dot}{label})+");
        AddressForms {
            signed: regex::Regex::new(&signed).expect("the at-sign pattern is valid"),
            worded: regex::Regex::new(&worded).expect("the written-out pattern is valid"),
            empty_pair: regex::Regex::new(r#"\(\s*\)|\[\s*\]|\{\s*\}|<\s*>|"\s*""#).expect("valid"),
        }
    })
}

/// An invisible format character: written beside an at sign it hides an
/// address from a filter but not from a reader.
fn is_format(c: char) -> bool {
    matches!(c, '\u{AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Whether `text` holds what each of [`AddressForms`] needs: a sign (`@`,
/// its full-width and small forms, whose UTF-8 begins with 0xEF, or an
/// HTML or percent escape, which begins with `&` or `%`) or `at` or
/// `собака` written as a word, in any case.
fn may_match_forms(text: &str) -> bool {
    text.bytes().any(|b| matches!(b, b'@' | b'&' | b'%' | 0xEF))
        || text
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.eq_ignore_ascii_case("at") || (w.len() == "собака".len() && w.to_lowercase() == "собака"))
}

/// `text` without what reads as an address (the name rule above), when it
/// holds one: `Kozlov (kozlov at gmail dot com)` is `Kozlov`, with the
/// brackets, commas and spaces the cut leaves trimmed; a text that is
/// nothing but an address is left empty (the caller names it). `None`
/// when the text holds nothing of the kind, as nearly every text does.
pub fn without_address(text: &str) -> Option<String> {
    // Most text holds no character an address form needs: no regex run.
    let suspect = text
        .bytes()
        .any(|b| matches!(b, b'@' | b'&' | b'%' | b'[' | b'(' | b'{' | b'<' | b' ' | 0xEF));
    if !suspect {
        return None;
    }
    let joined: std::borrow::Cow<'_, str> = if text.chars().any(is_format) {
        text.chars().filter(|&c| !is_format(c)).collect::<String>().into()
    } else {
        text.into()
    };
    // Nor what every form needs, as nearly every name with a space: the
    // patterns, whose Unicode classes are costly to compile, are compiled
    // only for a text that may match them.
    if !may_match_forms(&joined) {
        return None;
    }
    let f = forms();
    if !f.signed.is_match(&joined) && !f.worded.is_match(&joined) {
        return None;
    }
    let cut = f.worded.replace_all(&joined, " ");
    let cut = f.signed.replace_all(&cut, " ");
    let mut rest = cut.into_owned();
    loop {
        let emptied = f.empty_pair.replace_all(&rest, " ");
        if emptied.len() == rest.len() {
            break;
        }
        rest = emptied.into_owned();
    }
    let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = rest.trim_matches(|c: char| c.is_whitespace() || ",;:-–—/|".contains(c));
    Some(if rest.chars().any(char::is_alphanumeric) {
        rest.to_string()
    } else {
        String::new()
    })
}

/// Whether a name holds an email address or what reads as one
/// ([`without_address`]).
pub fn reads_as_address(name: &str) -> bool {
    without_address(name).is_some()
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

    // The patterns are run only on what `may_match_forms` lets through: no
    // text of the pieces every form is made of (and of its near misses)
    // matches a pattern without it.
    #[test]
    fn no_text_the_patterns_match_is_left_unsuspected() {
        let pieces = [
            "at",
            "AT",
            "At",
            "aT",
            "собака",
            "Собака",
            "СОБАКА",
            "@",
            "\u{FF20}",
            "\u{FE6B}",
            "&commat;",
            "&#64;",
            "&#x40;",
            "%40",
            "&lt;",
            "&gt;",
            " ",
            "\u{A0}",
            "(",
            ")",
            "[",
            "]",
            "<",
            ">",
            "{",
            "}",
            "\"",
            "dot",
            "точка",
            ".",
            "mail",
            "ru",
            "x",
            "a",
            "t",
            "_",
            "\u{200B}",
            "\u{AD}",
            "com",
            "Ivan",
        ];
        let f = forms();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut matched = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..1 + seed % 9 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let joined: String = text.chars().filter(|&c| !is_format(c)).collect();
            if f.signed.is_match(&joined) || f.worded.is_match(&joined) {
                matched += 1;
                assert!(may_match_forms(&joined), "{text:?}");
            }
        }
        // The pieces do make texts the patterns match, many of them.
        assert!(matched > 1_000, "{matched}");
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
