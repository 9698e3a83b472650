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
        .filter(|&d| in_range(d))
        .ok_or_else(|| ParseDateError(t.to_string()))
}

/// The first day a record may hold (docs/format.md, "Limits").
pub const FIRST: NaiveDate = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a valid date");
/// The last day a record may hold: a year of four digits.
pub const LAST: NaiveDate = NaiveDate::from_ymd_opt(9999, 12, 31).expect("a valid date");

/// Whether a day lies in [`FIRST`]..=[`LAST`]; any other is bad input.
pub fn in_range(d: NaiveDate) -> bool {
    (FIRST..=LAST).contains(&d)
}

/// Year, month and day of a date as three runs of digits split by one kind
/// of separator (`2026-1-5`, `5.1.2026`), without allocating; `None` for
/// anything else. Hand-written: chrono's `parse_from_str` with the three
/// formats is 8 times slower and its `%Y` and `%m` take signs, five digits
/// and spaces that the formats refuse.
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

/// The digits of `d` as `YYYY-MM-DD`, the very bytes chrono writes, without
/// the formatting machinery: dates are much of what a report writes (every
/// row has two). `None` outside the years 0 to 9999, which chrono writes
/// with a sign.
pub fn iso_digits(d: NaiveDate) -> Option<[u8; 10]> {
    use chrono::Datelike;
    let (y, m, day) = (u32::try_from(d.year()).ok().filter(|y| *y <= 9999)?, d.month(), d.day());
    let digit = |n: u32| b'0' + (n % 10) as u8;
    Some([
        digit(y / 1000),
        digit(y / 100),
        digit(y / 10),
        digit(y),
        b'-',
        digit(m / 10),
        digit(m),
        b'-',
        digit(day / 10),
        digit(day),
    ])
}

/// `d` as `YYYY-MM-DD` (chrono's `to_string`).
pub fn iso(d: NaiveDate) -> String {
    iso_digits(d).map_or_else(|| d.to_string(), |b| b.iter().map(|&c| char::from(c)).collect())
}

/// A date of a report.json row as chrono writes it (`2026-01-15`), or null.
///
/// # Errors
/// Only the serializer's own.
pub fn serialize_opt<S: serde::Serializer>(d: &Option<NaiveDate>, s: S) -> Result<S::Ok, S::Error> {
    match d.map(|d| (d, iso_digits(d))) {
        None => s.serialize_none(),
        Some((_, Some(b))) => s.serialize_str(std::str::from_utf8(&b).unwrap_or_default()),
        Some((d, None)) => s.collect_str(&d),
    }
}

/// Days from `a` to `b` (`b - a`), negative when `b` is earlier.
pub fn days_between(a: NaiveDate, b: NaiveDate) -> i64 {
    (b - a).num_days()
}

/// `d` plus `n` days (n may be negative).
pub fn add_days(d: NaiveDate, n: i64) -> NaiveDate {
    checked_add_days(d, n).unwrap_or(if n < 0 { NaiveDate::MIN } else { NaiveDate::MAX })
}

/// `d` plus `n` days (n may be negative); `None` past the ends of chrono's
/// calendar.
pub fn checked_add_days(d: NaiveDate, n: i64) -> Option<NaiveDate> {
    let days = chrono::Days::new(n.unsigned_abs());
    if n < 0 {
        d.checked_sub_days(days)
    } else {
        d.checked_add_days(days)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_written_as_chrono_writes_them() {
        let mut d = chrono::NaiveDate::from_ymd_opt(0, 1, 1).unwrap();
        while d <= super::LAST {
            assert_eq!(super::iso(d), d.to_string());
            let json = |v: Option<chrono::NaiveDate>| {
                let mut out = Vec::new();
                super::serialize_opt(&v, &mut serde_json::Serializer::new(&mut out)).unwrap();
                out
            };
            assert_eq!(json(Some(d)), serde_json::to_vec(&d).unwrap());
            d = d + chrono::Days::new(if (1890..2110).contains(&chrono::Datelike::year(&d)) {
                1
            } else {
                13
            });
        }
        let before = chrono::NaiveDate::from_ymd_opt(-1, 12, 31).unwrap();
        assert_eq!(super::iso(before), before.to_string());
    }

    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    // docs/format.md, "Limits": a day before 1900 is bad input in every
    // form; the ends themselves are read.
    #[test]
    fn dates_outside_1900_to_9999_are_errors() {
        for bad in ["0000-01-01", "1899-12-31", "31.12.1899", "0001.01.01", "1-1-1"] {
            assert!(parse_date(bad).is_err(), "{bad} should be rejected");
        }
        assert_eq!(parse_date("1900-01-01"), Ok(FIRST));
        assert_eq!(parse_date("31.12.9999"), Ok(LAST));
    }

    // Sums of days never panic: past chrono's ends they are held there.
    #[test]
    fn adding_days_never_panics() {
        assert_eq!(add_days(LAST, 1), ymd(10_000, 1, 1));
        assert_eq!(add_days(LAST, i64::MAX), NaiveDate::MAX);
        assert_eq!(add_days(FIRST, i64::MIN), NaiveDate::MIN);
        assert_eq!(add_days(NaiveDate::MAX, 1), NaiveDate::MAX);
        assert_eq!(checked_add_days(NaiveDate::MAX, 1), None);
        assert_eq!(checked_add_days(FIRST, -1), Some(ymd(1899, 12, 31)));
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

    // The edges of the three forms: short runs are read, a run too long, a
    // sign, a space or another separator inside, a fourth run or a time
    // after the day are not.
    #[test]
    fn the_edges_of_the_three_forms() {
        for (good, day) in [
            ("2026.1.5", ymd(2026, 1, 5)),
            ("5.1.2026", ymd(2026, 1, 5)),
            ("05.01.2026", ymd(2026, 1, 5)),
            ("\t2026-01-05\n", ymd(2026, 1, 5)),
            ("2024-02-29", ymd(2024, 2, 29)),
            ("29.02.2024", ymd(2024, 2, 29)),
        ] {
            assert_eq!(parse_date(good), Ok(day), "{good:?}");
        }
        for bad in [
            "+2026-01-15",
            "-2026-01-15",
            "2026-+1-15",
            "2026- 1-15",
            "2026 -01-15",
            "2026-01-15 10:00",
            "2026-01-15T10:00",
            "12026-01-15",
            "026-01-15",
            "26-01-15",
            "2026-001-15",
            "2026-01-015",
            "2026.01-15",
            "2026-01.15",
            "2026-01-15-",
            "2026--01-15",
            "-2026-01",
            "2026-01-",
            "2026-1",
            "15.01.26",
            "15.01.02026",
            "015.01.2026",
            "1.1.1.2026",
            "15.01.2026.",
            "２０２６-01-15",
            "2026-0x1-15",
            "2025-02-29",
            "2026-00-10",
            "2026-01-00",
            "0015.01.2026",
        ] {
            assert!(parse_date(bad).is_err(), "{bad:?} should be rejected");
        }
    }
}
