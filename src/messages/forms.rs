//! The forms a language writes things in besides its words, read from its
//! file once: a date (`date-form`, `date-after-last`), a decimal mark
//! (`decimal-mark`) and the letters of the pieces in a move
//! (`move-letters`).

use std::sync::OnceLock;

use chrono::NaiveDate;

use crate::dates::{LAST, iso_digits};
use crate::model::Language;

/// A piece of a date's form: text as written, or one of the date's numbers.
#[derive(Debug)]
enum Part {
    Text(String),
    Year,
    Month,
    Day,
}

/// How a language writes dates, decimals and moves.
#[derive(Debug)]
pub struct Forms {
    date: Vec<Part>,
    /// A day past [`LAST`], as the language says it.
    after_last: String,
    /// The mark between a number's whole part and its decimals.
    pub decimal_mark: String,
    /// The letters of the king, queen, rook, bishop, knight and of
    /// castling's O, in the moves the pages show.
    pub move_letters: [String; 6],
}

/// What stands for each number of a date while its form is read: private
/// use characters, which no form holds.
const YEAR: &str = "\u{e000}";
const MONTH: &str = "\u{e001}";
const DAY: &str = "\u{e002}";

/// The forms of `lang`, read once.
pub fn forms(lang: Language) -> &'static Forms {
    static ALL: OnceLock<Vec<Forms>> = OnceLock::new();
    &ALL.get_or_init(|| Language::all().map(read).collect())[lang.index()]
}

/// Reads the forms from the language's file. The files are embedded and
/// tested: a form that is not one is a bug, not input.
fn read(lang: Language) -> Forms {
    let form = crate::tr!(lang, "date-form", year = YEAR, month = MONTH, day = DAY);
    let mut date = Vec::new();
    let mut text = String::new();
    for c in form.chars() {
        let part = match c {
            '\u{e000}' => Part::Year,
            '\u{e001}' => Part::Month,
            '\u{e002}' => Part::Day,
            c => {
                text.push(c);
                continue;
            }
        };
        if !text.is_empty() {
            date.push(Part::Text(std::mem::take(&mut text)));
        }
        date.push(part);
    }
    if !text.is_empty() {
        date.push(Part::Text(text));
    }
    let letters: Vec<String> = crate::tr!(lang, "move-letters")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let move_letters: [String; 6] = letters
        .try_into()
        .unwrap_or_else(|l| panic!("move-letters in languages/{lang}.ftl is not six letters: {l:?}"));
    let last = write(&date, LAST);
    Forms {
        after_last: crate::tr!(lang, "date-after-last", date = &last),
        date,
        decimal_mark: crate::tr!(lang, "decimal-mark"),
        move_letters,
    }
}

/// A date as people read it, in the language's form (`2026-01-15`,
/// `15.01.2026`); a day past [`LAST`] is said to be after it, never
/// written with a year of five digits.
pub fn date(d: NaiveDate, lang: Language) -> String {
    let forms = forms(lang);
    if d > LAST {
        return forms.after_last.clone();
    }
    write(&forms.date, d)
}

/// `d` in the form `parts`: from the digits [`iso_digits`] writes, without
/// the formatting machinery (every row of a game has two dates).
fn write(parts: &[Part], d: NaiveDate) -> String {
    let mut out = String::with_capacity(16);
    let Some(b) = iso_digits(d) else {
        // Before the year 0: the year as chrono writes it, with its sign.
        use chrono::Datelike;
        for part in parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Year => out.push_str(&format!("{:+05}", d.year())),
                Part::Month => out.push_str(&format!("{:02}", d.month())),
                Part::Day => out.push_str(&format!("{:02}", d.day())),
            }
        }
        return out;
    };
    for part in parts {
        let digits = match part {
            Part::Text(t) => {
                out.push_str(t);
                continue;
            }
            Part::Year => &b[0..4],
            Part::Month => &b[5..7],
            Part::Day => &b[8..10],
        };
        out.extend(digits.iter().map(|&c| char::from(c)));
    }
    out
}
