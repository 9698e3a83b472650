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
    by_runs(t.as_bytes())
        .and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y as i32, m, d))
        .ok_or_else(|| ParseDateError(t.to_string()))
}

/// Year, month and day of a date as three runs of digits split by one kind
/// of separator (`2026-1-5`, `5.1.2026`), without allocating; `None` for
/// anything else.
fn by_runs(t: &[u8]) -> Option<(u32, u32, u32)> {
    // The separator is the first byte that is not a digit: any other one
    // is an error, as a `-` is among dots and a `.` among dashes.
    let sep = match t.iter().find(|b| !b.is_ascii_digit()) {
        Some(b'-') => b'-',
        _ => b'.',
    };
    let mut parts = [0u32; 3];
    let mut lens = [0usize; 3];
    let mut n = 0;
    for &b in t {
        if b == sep {
            n += 1;
            if n > 2 {
                return None;
            }
        } else if b.is_ascii_digit() && lens[n] < 4 {
            parts[n] = parts[n] * 10 + u32::from(b - b'0');
            lens[n] += 1;
        } else {
            return None;
        }
    }
    if n != 2 || lens.contains(&0) {
        return None;
    }
    if lens[0] == 4 && lens[1] <= 2 && lens[2] <= 2 {
        Some((parts[0], parts[1], parts[2]))
    } else if lens[2] == 4 && lens[0] <= 2 && lens[1] <= 2 && sep == b'.' {
        Some((parts[2], parts[1], parts[0]))
    } else {
        None
    }
}

/// Parses an optional date: empty text is `None`.
///
/// # Errors
/// As [`parse_date`].
pub fn parse_opt_date(text: &str) -> Result<Option<NaiveDate>, ParseDateError> {
    let t = text.trim();
    if t.is_empty() {
        Ok(None)
    } else {
        parse_date(t).map(Some)
    }
}

/// A date as people read it: ISO (`2026-01-15`) in English, `15.01.2026`
/// in Russian.
pub fn show(d: NaiveDate, language: crate::model::Language) -> String {
    use chrono::Datelike;
    match language {
        crate::model::Language::En => d.to_string(),
        crate::model::Language::Ru => format!("{:02}.{:02}.{:04}", d.day(), d.month(), d.year()),
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

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn dates_are_shown_iso_in_english_and_day_first_in_russian() {
        use crate::model::Language;
        assert_eq!(show(ymd(2026, 1, 5), Language::En), "2026-01-05");
        assert_eq!(show(ymd(2026, 1, 5), Language::Ru), "05.01.2026");
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
