//! The labels of every output, as the language files word them
//! (languages/<code>.ftl, "Pages"): the templates read every label as
//! `t.<name>` — the message `t-<name>`, and a code, severity or flag in
//! words as `t.code_<code>`, `t.sev_<severity>`, `t.flag_<flag>` — and a
//! number with its noun through the filter `count` (the message
//! `count-<noun>`, in the language's plural forms). The views read the
//! labels they word themselves as the fields of [`Labels`]. A label
//! missing from a language fails when the language is first used (and so
//! a test), never renders empty: a template's `t` is strict too.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Serialize;

use crate::finding::{Code, Severity};
use crate::messages::{label, words};
use crate::model::{Flag, Language};

/// Declares [`Labels`] with the fields the views read, each the message
/// `t-<field>`.
macro_rules! labels {
    ($($name:ident),* $(,)?) => {
        /// The labels of one language: every one by its name, for the
        /// templates (a `Labels` serialises as that map), and those the
        /// views word themselves as fields.
        #[derive(Debug)]
        pub struct Labels {
            $(pub $name: &'static str,)*
            /// Every label by its name in the templates (`t.as_of`).
            all: BTreeMap<String, &'static str>,
        }

        impl Labels {
            /// The labels of `lang`, from its file.
            ///
            /// # Panics
            /// A label the code reads missing from the file.
            fn of(lang: Language) -> Labels {
                Labels {
                    $($name: label(lang, concat!("t-", stringify!($name))),)*
                    all: template_names(lang),
                }
            }
        }
    };
}

labels! {
    annulled,
    awaiting_adjudication,
    black,
    black_mark,
    decides_result,
    due,
    due_by_date,
    end,
    ended_by_board,
    ended_by_decision,
    ended_by_log,
    ended_by_pgn,
    ended_by_withdrawal,
    errors,
    finished,
    game,
    in_progress,
    interrupted,
    low_time,
    move_by,
    nm_competition,
    no_records,
    notes,
    overdue_part,
    overstep,
    repeat_by,
    silence,
    start,
    this_week,
    under_review,
    warnings,
    white,
    white_mark,
}

impl Serialize for Labels {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.all.serialize(s)
    }
}

impl Labels {
    /// The label a template reads as `t.<name>`, if there is one.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        self.all.get(name).copied()
    }

    /// The label a template reads as `t.<name>`.
    ///
    /// # Panics
    /// A name that is no label.
    pub fn word(&self, name: &str) -> &'static str {
        self.get(name).unwrap_or_else(|| panic!("no label t.{name}"))
    }
}

/// Every label of `lang` by the name templates read it by: `t-as_of` as
/// `as_of`, `code-low-time` as `code_low_time`.
fn template_names(lang: Language) -> BTreeMap<String, &'static str> {
    words(lang)
        .iter()
        .map(|(id, said)| {
            let name = id.strip_prefix("t-").unwrap_or(id).replace('-', "_");
            (name, said.as_str())
        })
        .collect()
}

/// The labels of a language, read once; every code, severity and flag is
/// checked to have its words then too.
pub fn labels(language: Language) -> &'static Labels {
    static ALL: OnceLock<Vec<Labels>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        Language::all()
            .map(|lang| {
                for &c in &Code::ALL {
                    code_word(c, lang);
                }
                for s in [Severity::Error, Severity::Warning, Severity::Info] {
                    severity_word(s, lang);
                }
                for &f in &Flag::ALL {
                    flag_word(f, lang);
                }
                Labels::of(lang)
            })
            .collect()
    });
    &all[language.index()]
}

/// `n` and the noun in the form the number asks for, in the language's
/// plural forms: the message `count-<noun>` ("1 day", "2 days"; "1 день",
/// "3 дня", "5 дней", "21 день"); `None` for a noun the language has no
/// message for.
pub fn try_count(n: i64, noun: &str, language: Language) -> Option<String> {
    let id = format!("count-{noun}");
    crate::messages::has_message(language, &id).then(|| crate::messages::tr(language, &id, &[("n", n.into())]))
}

/// As [`try_count`], for a noun every language has (`day`, `move`,
/// `tournament`, `game`, `break-day`).
///
/// # Panics
/// A noun without its message.
pub fn count(n: i64, noun: &str, language: Language) -> String {
    try_count(n, noun, language).unwrap_or_else(|| panic!("no message count-{noun} in languages/{language}.ftl"))
}

/// A finding's code as words (the code itself is kept beside it, for
/// search): the message `code-<code>`.
pub fn code_word(code: Code, language: Language) -> &'static str {
    label(language, &format!("code-{}", code.as_str()))
}

/// A severity as a word: the message `sev-<severity>`.
pub fn severity_word(severity: Severity, language: Language) -> &'static str {
    label(language, &format!("sev-{}", severity.as_str()))
}

/// A move-log flag as a word: the message `flag-<flag>`; empty for an
/// ordinary move.
pub fn flag_word(flag: Flag, language: Language) -> &'static str {
    match flag {
        Flag::Ordinary => "",
        _ => label(language, &format!("flag-{}", flag.as_str())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_language_has_every_label_the_code_reads() {
        for lang in Language::all() {
            let t = labels(lang);
            assert!(!t.white.is_empty() && t.get("as_of").is_some_and(|s| !s.is_empty()));
            assert_eq!(t.get("move"), t.all.get("move").copied());
            assert!(Code::ALL.iter().all(|&c| !code_word(c, lang).is_empty()));
            for s in [Severity::Error, Severity::Warning, Severity::Info] {
                assert!(!severity_word(s, lang).is_empty());
            }
            assert!(Flag::ALL[1..].iter().all(|&f| !flag_word(f, lang).is_empty()));
            // A template reads the words of codes by the names it always did.
            assert_eq!(t.get("code_low_time"), Some(code_word(Code::LowTime, lang)));
            assert_eq!(t.get("sev_error"), Some(severity_word(Severity::Error, lang)));
            assert_eq!(t.get("flag_no_move"), Some(flag_word(Flag::NoMove, lang)));
        }
        assert_eq!(labels(Language::Ru).white, "Белые");
        assert_eq!(code_word(Code::LowTime, Language::Ru), "мало времени");
        assert_eq!(flag_word(Flag::NoMove, Language::Ru), "нет хода");
    }

    /// The `t.<name>` and `count("<noun>")` of a template's source.
    fn read_by(source: &str) -> (BTreeSet<String>, BTreeSet<String>) {
        let ident = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        };
        let mut names = BTreeSet::new();
        for (i, _) in source.match_indices("t.") {
            let before = source[..i].chars().next_back();
            if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                names.insert(ident(&source[i + 2..]));
            }
        }
        let nouns = source
            .split("count(\"")
            .skip(1)
            .filter_map(|rest| rest.split_once('"').map(|(noun, _)| noun.to_string()))
            .collect();
        names.remove("");
        (names, nouns)
    }

    // Every label and noun a default template reads is in every language:
    // a theme's template reads the same `t`.
    #[test]
    fn every_label_and_noun_the_templates_read_is_in_every_language() {
        let (mut names, mut nouns) = (BTreeSet::new(), BTreeSet::new());
        for (_, source) in crate::render::TEMPLATES {
            let (n, c) = read_by(source);
            names.extend(n);
            nouns.extend(c);
        }
        assert!(
            names.len() > 100 && names.contains("as_of") && names.contains("move"),
            "{names:?}"
        );
        assert!(nouns.contains("day") && nouns.contains("break-day"), "{nouns:?}");
        for lang in Language::all() {
            let t = labels(lang);
            for name in &names {
                assert!(t.get(name).is_some(), "t.{name} is no label of {lang:?}");
            }
            for noun in &nouns {
                assert!(try_count(2, noun, lang).is_some(), "no count-{noun} in {lang:?}");
            }
        }
    }

    #[test]
    fn a_number_takes_the_plural_form_its_language_asks_for() {
        let ru = |n| count(n, "move", Language::Ru);
        assert_eq!(
            [
                ru(1),
                ru(2),
                ru(4),
                ru(5),
                ru(11),
                ru(12),
                ru(15),
                ru(21),
                ru(22),
                ru(111),
                ru(0)
            ],
            [
                "1 ход",
                "2 хода",
                "4 хода",
                "5 ходов",
                "11 ходов",
                "12 ходов",
                "15 ходов",
                "21 ход",
                "22 хода",
                "111 ходов",
                "0 ходов"
            ]
        );
        assert_eq!(count(31, "day", Language::Ru), "31 день");
        assert_eq!(count(-3, "day", Language::Ru), "-3 дня");
        assert_eq!(count(1, "tournament", Language::Ru), "1 турнир");
        assert_eq!(count(1, "tournament", Language::En), "1 tournament");
        assert_eq!(count(0, "day", Language::En), "0 days");
        assert_eq!(count(2, "game", Language::En), "2 games");
        // A break's days (game.html): "−1 break day", not "−1 break days".
        assert_eq!(count(1, "break-day", Language::En), "1 break day");
        assert_eq!(count(3, "break-day", Language::Ru), "3 дня перерыва");
        assert_eq!(count(5, "break-day", Language::Ru), "5 дней перерыва");
        assert_eq!(try_count(1, "parsec", Language::En), None);
    }
}
