//! Calendar dates as the records write them (docs/format.md, "The folder"): `2026-01-15`,
//! `2026.01.15` and `15.01.2026`. No times: a time after a date (as in an ICCF
//! `%ccsnt` stamp) is read by the PGN stage, which passes the date part here.

use chrono::NaiveDate;
use std::fmt;

/// A date that could not be read, with the text as it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseDateError(pub String);

impl fmt::Display for ParseDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)",
            self.0
        )
    }
}

impl std::error::Error for ParseDateError {}

/// Parses one of the three date forms of docs/format.md ("The folder").
///
/// # Errors
/// Anything else, or a day that does not exist (`2026-13-45`, `2026-02-30`).
pub fn parse_date(text: &str) -> Result<NaiveDate, ParseDateError> {
    let t = text.trim();
    let err = || ParseDateError(t.to_string());
    let sep = if t.contains('-') { b'-' } else { b'.' };
    // Three runs of digits split by one kind of separator, without allocating.
    let mut parts = [0u32; 3];
    let mut lens = [0usize; 3];
    let mut n = 0;
    for &b in t.as_bytes() {
        if b == sep {
            n += 1;
            if n > 2 {
                return Err(err());
            }
        } else if b.is_ascii_digit() && lens[n] < 4 {
            parts[n] = parts[n] * 10 + u32::from(b - b'0');
            lens[n] += 1;
        } else {
            return Err(err());
        }
    }
    if n != 2 || lens.contains(&0) {
        return Err(err());
    }
    let (y, m, d) = if lens[0] == 4 && lens[1] <= 2 && lens[2] <= 2 {
        (parts[0], parts[1], parts[2])
    } else if lens[2] == 4 && lens[0] <= 2 && lens[1] <= 2 && sep == b'.' {
        (parts[2], parts[1], parts[0])
    } else {
        return Err(err());
    };
    NaiveDate::from_ymd_opt(y as i32, m, d).ok_or_else(err)
}

/// Parses an optional date: empty text is `None`.
///
/// # Errors
/// As [`parse_date`].
pub fn parse_opt_date(text: &str) -> Result<Option<NaiveDate>, ParseDateError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse_date(text).map(Some)
    }
}

/// A date as people read it: ISO (`2026-01-15`) in English, `15.01.2026`
/// in Russian.
pub fn show(d: NaiveDate, language: crate::model::Language) -> String {
    let mut out = String::with_capacity(10);
    push_date(&mut out, d, language);
    out
}

/// Appends `d` as [`show`] writes it. Every page shows hundreds of dates:
/// the digits are written directly, not through chrono's formatter, which
/// writes a date character by character (the year is four digits in any
/// record; another year falls back to chrono).
pub fn push_date(out: &mut String, d: NaiveDate, language: crate::model::Language) {
    use chrono::Datelike;
    let Ok(year) = u16::try_from(d.year()) else {
        return push_chrono(out, d, language);
    };
    if year > 9999 {
        return push_chrono(out, d, language);
    }
    let two = |n: u32| [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
    let y = [year / 1000, year / 100 % 10, year / 10 % 10, year % 10].map(|n| b'0' + n as u8);
    let (m, day) = (two(d.month()), two(d.day()));
    let bytes = match language {
        crate::model::Language::Ru => [day[0], day[1], b'.', m[0], m[1], b'.', y[0], y[1], y[2], y[3]],
        crate::model::Language::En => [y[0], y[1], y[2], y[3], b'-', m[0], m[1], b'-', day[0], day[1]],
    };
    out.push_str(std::str::from_utf8(&bytes).unwrap_or_default());
}

fn push_chrono(out: &mut String, d: NaiveDate, language: crate::model::Language) {
    use chrono::Datelike;
    use std::fmt::Write;
    let _ = match language {
        crate::model::Language::Ru => write!(out, "{:02}.{:02}.{:04}", d.day(), d.month(), d.year()),
        crate::model::Language::En => write!(out, "{d}"),
    };
}

/// Serialises dates as chrono does (`2026-01-15`), through [`push_date`]:
/// for `#[serde(serialize_with = "crate::dates::iso::date")]` on the dates
/// of report.json, which holds thousands.
pub mod iso {
    use chrono::NaiveDate;
    use serde::Serializer;

    pub fn date<S: Serializer>(d: &NaiveDate, s: S) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(10);
        super::push_date(&mut text, *d, crate::model::Language::En);
        s.serialize_str(&text)
    }

    pub fn opt<S: Serializer>(d: &Option<NaiveDate>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => date(d, s),
            None => s.serialize_none(),
        }
    }
}

/// Days from `a` to `b` (`b - a`), negative when `b` is earlier.
pub fn days_between(a: NaiveDate, b: NaiveDate) -> i64 {
    (b - a).num_days()
}

/// `d` plus `n` days (n may be negative).
pub fn add_days(d: NaiveDate, n: i64) -> NaiveDate {
    d + chrono::Duration::days(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_shown_as_chrono_writes_them() {
        use crate::model::Language;
        for (y, m, d) in [
            (2026, 1, 5),
            (1999, 12, 31),
            (1, 2, 3),
            (9999, 9, 9),
            (10000, 1, 1),
            (-5, 6, 7),
        ] {
            let date = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            assert_eq!(show(date, Language::En), date.to_string());
            assert_eq!(show(date, Language::Ru), format!("{d:02}.{m:02}.{y:04}"));
            let json = serde_json::to_string(&Some(date)).unwrap();
            let mut ser = serde_json::Serializer::new(Vec::new());
            iso::opt(&Some(date), &mut ser).unwrap();
            assert_eq!(String::from_utf8(ser.into_inner()).unwrap(), json);
        }
    }

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    // docs/format.md: the three accepted forms.
    #[test]
    fn three_forms_read_the_same_day() {
        assert_eq!(parse_date("2026-01-15"), Ok(ymd(2026, 1, 15)));
        assert_eq!(parse_date("2026.01.15"), Ok(ymd(2026, 1, 15)));
        assert_eq!(parse_date("15.01.2026"), Ok(ymd(2026, 1, 15)));
        assert_eq!(parse_date(" 2026-1-5 "), Ok(ymd(2026, 1, 5)));
    }

    #[test]
    fn impossible_and_foreign_dates_are_errors() {
        for bad in [
            "2026-13-45",
            "2026-02-30",
            "15/01/2026",
            "01-15-2026",
            "2026",
            "",
            "x.y.z",
            "15-01-2026",
        ] {
            assert!(parse_date(bad).is_err(), "{bad} should be rejected");
        }
        assert!(parse_date("2026-13-45").unwrap_err().to_string().contains("2026-13-45"));
    }
}
