//! Calendar dates as the records write them (SPEC 2): `2026-01-15`,
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

/// Parses one of the three date forms of SPEC 2.
///
/// # Errors
/// Anything else, or a day that does not exist (`2026-13-45`, `2026-02-30`).
pub fn parse_date(text: &str) -> Result<NaiveDate, ParseDateError> {
    let t = text.trim();
    let err = || ParseDateError(t.to_string());
    let parts: Vec<&str> = if t.contains('-') {
        t.split('-').collect()
    } else {
        t.split('.').collect()
    };
    if parts.len() != 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(err());
    }
    let (y, m, d) = if parts[0].len() == 4 && parts[1].len() <= 2 && parts[2].len() <= 2 {
        (parts[0], parts[1], parts[2])
    } else if parts[2].len() == 4 && parts[0].len() <= 2 && parts[1].len() <= 2 && t.contains('.') {
        (parts[2], parts[1], parts[0])
    } else {
        return Err(err());
    };
    let (y, m, d) = (
        y.parse::<i32>().map_err(|_| err())?,
        m.parse::<u32>().map_err(|_| err())?,
        d.parse::<u32>().map_err(|_| err())?,
    );
    NaiveDate::from_ymd_opt(y, m, d).ok_or_else(err)
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

    // SPEC 2: the three accepted forms.
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
