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
    let t = trim(text);
    parse_date_bytes(t.as_bytes()).ok_or_else(|| ParseDateError(t.to_string()))
}

/// [`parse_date`] of a text's bytes, already trimmed: `None` where it is an
/// error. For a date found in bytes (a PGN stamp), which need not be
/// checked as UTF-8 first: any byte that is not a digit or a separator makes
/// it no date.
///
/// A text of ten bytes (every date written in full: two a row of every
/// move log, one a move of every PGN) is looked up among the last ones
/// this thread read, one in each of 1024 slots: a tournament's few hundred
/// dates are read over and over, and reading one (the digits, then chrono's
/// calendar checks) costs ~120 instructions, the lookup ~20 (callgrind).
pub fn parse_date_bytes(t: &[u8]) -> Option<NaiveDate> {
    use std::cell::Cell;
    const SLOTS: usize = 1024;
    thread_local! {
        // An empty slot holds ten NUL bytes, which are no date: a true entry.
        static READ: [Cell<([u8; 10], Option<NaiveDate>)>; SLOTS] =
            const { [const { Cell::new(([0; 10], None)) }; SLOTS] };
    }
    let Ok(&key) = <&[u8; 10]>::try_from(t) else {
        return read_date_bytes(t);
    };
    // The bytes that change from date to date (month and day, in either
    // order) mixed into the top bits of one product.
    let [a, b, c, d, e, f, g, h, i, j] = key;
    let word = u64::from_le_bytes([a, b, c, d, e, f, g, h]) ^ u64::from(u16::from_le_bytes([i, j])) << 16;
    let slot = (word.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize % SLOTS;
    let (seen, date) = READ.with(|r| r[slot].get());
    if seen == key {
        return date;
    }
    let date = read_date_bytes(t);
    READ.with(|r| r[slot].set((key, date)));
    date
}

/// [`parse_date_bytes`] without the slots. A day outside [`FIRST`]..=[`LAST`]
/// is no date.
fn read_date_bytes(t: &[u8]) -> Option<NaiveDate> {
    fixed_places(t)
        .or_else(|| by_runs(t))
        .and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y as i32, m, d))
        .filter(|&d| in_range(d))
}

/// The first day a record may hold (docs/format.md, "Limits").
pub const FIRST: NaiveDate = NaiveDate::from_ymd_opt(1900, 1, 1).expect("a valid date");
/// The last day a record may hold: a year of four digits.
pub const LAST: NaiveDate = NaiveDate::from_ymd_opt(9999, 12, 31).expect("a valid date");

/// Whether a day lies in [`FIRST`]..=[`LAST`]; any other is bad input.
pub fn in_range(d: NaiveDate) -> bool {
    (FIRST..=LAST).contains(&d)
}

/// Year, month and day of a date written in full, `2026-01-15`,
/// `2026.01.15` or `15.01.2026`, read at their fixed places: nearly every
/// date is, and the dates of every row of every log are read. `None` for
/// any other text, which [`by_runs`] reads (as it reads these).
fn fixed_places(t: &[u8]) -> Option<(u32, u32, u32)> {
    let &[a, b, c, d, e, f, g, h, i, j] = t else {
        return None;
    };
    let n = |x: u8, y: u8| u32::from(x - b'0') * 10 + u32::from(y - b'0');
    let digits = |s: [u8; 8]| s.iter().all(u8::is_ascii_digit);
    match (e, h, c, f) {
        (b'-', b'-', ..) | (b'.', b'.', ..) if digits([a, b, c, d, f, g, i, j]) => {
            Some((n(a, b) * 100 + n(c, d), n(f, g), n(i, j)))
        }
        (.., b'.', b'.') if digits([a, b, d, e, g, h, i, j]) => Some((n(g, h) * 100 + n(i, j), n(d, e), n(a, b))),
        _ => None,
    }
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
    let t = trim(text);
    if t.is_empty() {
        Ok(None)
    } else {
        parse_date(t).map(Some)
    }
}

/// `text.trim()`, with no look at the characters of a text that starts and
/// ends with a digit (every date of a table, whose fields come trimmed):
/// the dates of every row of every log are read.
fn trim(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_digit() && last.is_ascii_digit() => text,
        _ => text.trim(),
    }
}

/// A date as people read it: ISO (`2026-01-15`) in English, `15.01.2026`
/// in Russian.
pub fn show(d: NaiveDate, language: crate::model::Language) -> String {
    let mut out = String::with_capacity(10);
    push_show(&mut out, d, language);
    out
}

/// Appends [`show`]`(d, language)` to `out`, without a String in between.
pub fn push_show(out: &mut String, d: NaiveDate, language: crate::model::Language) {
    use crate::model::Language::{En, Ru};
    use chrono::Datelike;
    match (language, four_digit_year(d)) {
        (En, _) => {
            if !push_ymd(out, d, "-") {
                out.push_str(&d.to_string());
            }
        }
        (Ru, Some(y)) => out.push_str(&format!("{:02}.{:02}.{y:04}", d.day(), d.month())),
        (Ru, None) => out.push_str(&format!("{:02}.{:02}.{:04}", d.day(), d.month(), d.year())),
    }
}

/// The year of `d` when it is written in four digits, 0 to 9999 (chrono
/// writes the others with a sign, or more digits).
fn four_digit_year(d: NaiveDate) -> Option<u32> {
    use chrono::Datelike;
    u32::try_from(d.year()).ok().filter(|&y| y <= 9999)
}

/// Appends year, month and day with `sep` between them (`2026-01-15`,
/// `2026.01.15`, `20260115` with none) and says so, for a year of four
/// digits; appends nothing for the others (`false`), which each caller
/// writes its own way. Inlined: the separator is then a constant (every
/// date of every page is written here).
#[inline]
pub fn push_ymd(out: &mut String, d: NaiveDate, sep: &str) -> bool {
    use chrono::Datelike;
    let Some(y) = four_digit_year(d) else {
        return false;
    };
    out.push_str(&format!("{y:04}{sep}{:02}{sep}{:02}", d.month(), d.day()));
    true
}

/// `d` as chrono writes it, `YYYY-MM-DD`, for a year from 0 to 9999
/// (pages and report.json are full of dates: no formatter for each);
/// `None` for the other years, which chrono writes with a sign.
///
/// A tournament's few hundred dates are written hundreds of thousands of
/// times (two a row on its page, three in report.json, one a move in the
/// PGN): each thread keeps the last date written in each of 512 slots, so
/// that most dates are looked up rather than worked out (month and day
/// from chrono, six divisions).
pub fn iso(d: NaiveDate) -> Option<[u8; 10]> {
    use chrono::Datelike;
    use std::cell::Cell;
    const SLOTS: usize = 512;
    thread_local! {
        static WRITTEN: [Cell<(NaiveDate, [u8; 10])>; SLOTS] =
            const { [const { Cell::new((NaiveDate::MIN, [0; 10])) }; SLOTS] };
    }
    // Year and day of the year are fields of a NaiveDate: cheap to read.
    let slot = (d.ordinal() as usize).wrapping_add((d.year() as usize).wrapping_mul(366)) % SLOTS;
    let (seen, text) = WRITTEN.with(|w| w[slot].get());
    // NaiveDate::MIN marks an empty slot (and has no ISO text of its own).
    if seen == d && d != NaiveDate::MIN {
        return Some(text);
    }
    let text = iso_worked_out(d)?;
    WRITTEN.with(|w| w[slot].set((d, text)));
    Some(text)
}

/// [`iso`] without the slots.
fn iso_worked_out(d: NaiveDate) -> Option<[u8; 10]> {
    let mut text = String::with_capacity(10);
    push_ymd(&mut text, d, "-")
        .then(|| text.as_bytes().try_into().ok())
        .flatten()
}

/// Serialises a date as [`serialize_opt`] does one that is there.
///
/// # Errors
/// The serializer's.
pub fn serialize_date<S: serde::Serializer>(d: &NaiveDate, s: S) -> Result<S::Ok, S::Error> {
    match iso(*d) {
        Some(b) => s.serialize_str(std::str::from_utf8(&b).unwrap_or_default()),
        None => serde::Serialize::serialize(d, s),
    }
}

/// Serialises a date as chrono does (a string, `YYYY-MM-DD`), without its
/// formatter: for `#[serde(serialize_with)]` on the dates of every row.
///
/// # Errors
/// The serializer's.
pub fn serialize_opt<S: serde::Serializer>(d: &Option<NaiveDate>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => serialize_date(d, s),
        None => s.serialize_none(),
    }
}

/// Days from `a` to `b` (`b - a`), negative when `b` is earlier.
///
/// Told from the days' numbers since the Common Era (a division by 100
/// each), not chrono's `b - a` (two divisions by 400, a `TimeDelta` in
/// seconds, then a division by 86,400): the clocks take it for every row.
pub fn days_between(a: NaiveDate, b: NaiveDate) -> i64 {
    use chrono::Datelike;
    i64::from(b.num_days_from_ce()) - i64::from(a.num_days_from_ce())
}

/// `d` plus `n` days (n may be negative), held at the ends of chrono's
/// calendar (years −262,143 and 262,142) rather than past them: a date
/// that far is "never" to every caller, and no sum of days may panic.
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
    // The slots of `parse_date_bytes` give what reading gives: texts of ten
    // bytes (dates in the three forms, days that do not exist, stray bytes)
    // read twice over in a random order, so that most come from a slot and
    // slots are taken over by other texts.
    #[test]
    fn remembered_dates_are_the_dates_read() {
        let mut rng = crate::testing::Lcg::new(0x2026_0115);
        let mut next = |n: u64| rng.below(n);
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for _ in 0..20_000 {
            let (y, m, d) = (1990 + next(50), next(14), next(33));
            let text = match next(4) {
                0 => format!("{y:04}-{m:02}-{d:02}"),
                1 => format!("{y:04}.{m:02}.{d:02}"),
                2 => format!("{d:02}.{m:02}.{y:04}"),
                _ => format!("{y:04}-{m}-{d:02}x"),
            };
            let mut bytes = text.into_bytes();
            if next(8) == 0 {
                let at = next(bytes.len() as u64) as usize;
                bytes[at] = b"0123456789-./ a\0"[next(16) as usize];
            }
            texts.push(bytes);
        }
        let mut valid = 0;
        for _ in 0..2 {
            for _ in 0..texts.len() {
                let t = &texts[next(texts.len() as u64) as usize];
                assert_eq!(
                    super::parse_date_bytes(t),
                    super::read_date_bytes(t),
                    "{:?}",
                    String::from_utf8_lossy(t)
                );
                valid += usize::from(super::read_date_bytes(t).is_some());
            }
        }
        assert!(valid > 10_000, "{valid}");
        assert_eq!(super::parse_date_bytes(&[0; 10]), None);
    }

    // `days_between` is chrono's difference in days, across its whole range
    // of years (before the Common Era too).
    #[test]
    fn days_between_is_chronos_difference() {
        let mut rng = crate::testing::Lcg::new(51);
        let mut next = |n: i64| rng.below(n as u64) as i64;
        let (lo, hi) = (NaiveDate::MIN.num_days_from_ce(), NaiveDate::MAX.num_days_from_ce());
        let day = |n: i64| NaiveDate::from_num_days_from_ce_opt(n as i32).unwrap();
        use chrono::Datelike;
        for _ in 0..100_000 {
            let a = day(i64::from(lo) + next(i64::from(hi) - i64::from(lo)));
            let b = match next(3) {
                0 => day(i64::from(lo) + next(i64::from(hi) - i64::from(lo))),
                _ => day((i64::from(a.num_days_from_ce()) + next(1000) - 500).clamp(i64::from(lo), i64::from(hi))),
            };
            assert_eq!(super::days_between(a, b), (b - a).num_days(), "{a} {b}");
        }
        let (min, max) = (NaiveDate::MIN, NaiveDate::MAX);
        assert_eq!(super::days_between(min, max), (max - min).num_days());
        assert_eq!(super::days_between(max, min), (min - max).num_days());
    }

    #[test]
    fn dates_are_shown_as_chrono_and_format_show_them() {
        use crate::model::Language;
        use chrono::Datelike;
        for (y, m, d) in [
            (2026, 1, 5),
            (1, 12, 31),
            (0, 2, 29),
            (9999, 12, 31),
            (10000, 1, 1),
            (-5, 3, 7),
            (262_000, 1, 1),
        ] {
            let date = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            assert_eq!(show(date, Language::En), date.to_string());
            assert_eq!(
                show(date, Language::Ru),
                format!("{:02}.{:02}.{:04}", date.day(), date.month(), date.year())
            );
            let json = |v: &Option<NaiveDate>| {
                let mut out = Vec::new();
                serialize_opt(v, &mut serde_json::Serializer::new(&mut out)).unwrap();
                String::from_utf8(out).unwrap()
            };
            assert_eq!(json(&Some(date)), serde_json::to_string(&date).unwrap());
            assert_eq!(json(&None), "null");
            let mut out = Vec::new();
            serialize_date(&date, &mut serde_json::Serializer::new(&mut out)).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&date).unwrap());
        }
    }

    use super::*;

    // The slots of `iso` hold the last date written in each: dates that
    // share a slot (a year apart by day of the year, or 512 days apart),
    // written in turn and again, are each their own.
    #[test]
    fn iso_from_its_slots_is_iso_worked_out() {
        let days: Vec<NaiveDate> = ymd(2024, 1, 1).iter_days().take(4 * 366).collect();
        for pass in 0..3 {
            for (i, &d) in days.iter().enumerate() {
                // Forwards, backwards, then leaping across slots.
                let d = match pass {
                    0 => d,
                    1 => days[days.len() - 1 - i],
                    _ => days[(i * 512 + i / 3) % days.len()],
                };
                let text = iso(d).unwrap();
                assert_eq!(std::str::from_utf8(&text).unwrap(), d.to_string());
            }
        }
        assert_eq!(iso(NaiveDate::MIN), None);
        assert_eq!(iso(ymd(10_000, 1, 1)), None);
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

    // The fixed places read a date in full as the runs of digits read it.
    #[test]
    fn fixed_places_read_as_runs_of_digits() {
        let mut rng = crate::testing::Lcg::new(7);
        let mut read = 0;
        for _ in 0..200_000 {
            let t: Vec<u8> = (0..10).map(|_| b"0123456789-.-.x"[rng.below(15) as usize]).collect();
            if let Some(ymd) = fixed_places(&t) {
                assert_eq!(Some(ymd), by_runs(&t), "{}", String::from_utf8_lossy(&t));
                read += 1;
            }
        }
        assert!(read > 100, "{read}");
        for t in ["2026-01-15", "2026.01.15", "15.01.2026"] {
            assert_eq!(fixed_places(t.as_bytes()), by_runs(t.as_bytes()));
            assert!(fixed_places(t.as_bytes()).is_some());
        }
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
