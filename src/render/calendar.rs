//! Calendars of all-day events in iCalendar (RFC 5545): the arbiter's
//! `deadlines.ics` and any other list of due dates. Lines end in CRLF and
//! are folded at 75 octets; text is escaped; every event has a UID that
//! stays the same from report to report, so that a subscribed calendar
//! updates its events rather than duplicating them. Every event is one day
//! long, and its DTSTAMP is the date its content last changed (never the
//! report's date), so that a calendar whose events did not change keeps
//! its bytes from one report to the next.

use chrono::NaiveDate;

/// One all-day event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllDayEvent {
    /// Stable identifier, see [`stable_uid`].
    pub uid: String,
    pub date: NaiveDate,
    /// The date the event's content last changed (its DTSTAMP): the record
    /// or finding it follows from.
    pub stamp: NaiveDate,
    pub summary: String,
    pub description: String,
    /// A deadline: reminders [`ALARM_DAYS`] before it (RFC 5545 3.6.6).
    pub alarms: bool,
}

/// The days before a deadline on which its event reminds: 5 (the low-time
/// threshold of 51.4.10, [`crate::rules::LOW_TIME_DAYS`]) and 1.
pub const ALARM_DAYS: [i64; 2] = [crate::rules::LOW_TIME_DAYS, 1];

/// A UID made from the parts that identify an event, stable across runs
/// and versions.
pub fn stable_uid(parts: &[&str]) -> String {
    format!("{:016x}@ccbulletin", crate::history::stable_hash(parts))
}

/// Escapes a TEXT value (RFC 5545 3.3.11).
fn escape(text: &str) -> String {
    // Most texts (names, dates, words) hold nothing to escape.
    if text
        .bytes()
        .all(|b| (0x20..0x7f).contains(&b) && !matches!(b, b'\\' | b';' | b','))
    {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Appends one content line, folded so that no line exceeds 75 octets
/// (RFC 5545 3.1), never inside a UTF-8 character.
fn push_line(out: &mut String, line: &str) {
    if line.len() <= 75 {
        out.push_str(line);
        out.push_str("\r\n");
        return;
    }
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        // A continuation line starts with one space, which counts.
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
}

/// `YYYYMMDD`, as chrono's `%Y%m%d` writes it.
fn ics_date(d: NaiveDate) -> String {
    d.format("%Y%m%d").to_string()
}

/// Writes a calendar of one-day events, each stamped with the date its
/// content last changed: the same events give the same bytes.
pub fn write_calendar(name: &str, events: &[AllDayEvent]) -> String {
    let mut out = begin(name);
    for e in events {
        push_event(&mut out, e);
    }
    push_line(&mut out, "END:VCALENDAR");
    out
}

/// A calendar's opening lines.
fn begin(name: &str) -> String {
    let mut out = String::new();
    push_line(&mut out, "BEGIN:VCALENDAR");
    push_line(&mut out, "VERSION:2.0");
    push_line(&mut out, "PRODID:-//ccbulletin//EN");
    push_line(&mut out, "CALSCALE:GREGORIAN");
    push_line(&mut out, &format!("X-WR-CALNAME:{}", escape(name)));
    out
}

/// One all-day event on `e.date` (DTEND is the day after, exclusive), with
/// its reminders when it is a deadline. A calendar's dates have four-digit
/// years (RFC 5545, 3.3.4): an event that would start after 9999-12-31 is
/// left out, and one on that day gets no DTEND (it lasts its day).
fn push_event(out: &mut String, e: &AllDayEvent) {
    let fits = |d: NaiveDate| d <= crate::dates::LAST;
    if !fits(e.date) || !fits(e.stamp) {
        return;
    }
    push_line(out, "BEGIN:VEVENT");
    push_line(out, &format!("UID:{}", escape(&e.uid)));
    push_line(out, &format!("DTSTAMP:{}T000000Z", ics_date(e.stamp)));
    push_line(out, &format!("DTSTART;VALUE=DATE:{}", ics_date(e.date)));
    if let Some(next) = e.date.succ_opt().filter(|&d| fits(d)) {
        push_line(out, &format!("DTEND;VALUE=DATE:{}", ics_date(next)));
    }
    let summary = escape(&e.summary);
    push_line(out, &format!("SUMMARY:{summary}"));
    if !e.description.is_empty() {
        push_line(out, &format!("DESCRIPTION:{}", escape(&e.description)));
    }
    push_line(out, "TRANSP:TRANSPARENT");
    if e.alarms {
        // RFC 5545 3.6.6: a DISPLAY alarm needs its DESCRIPTION; the
        // trigger counts back from the start of the deadline's day.
        for days in ALARM_DAYS {
            push_line(out, "BEGIN:VALARM");
            push_line(out, "ACTION:DISPLAY");
            push_line(out, &format!("TRIGGER;RELATED=START:-P{days}D"));
            push_line(out, &format!("DESCRIPTION:{summary}"));
            push_line(out, "END:VALARM");
        }
    }
    push_line(out, "END:VEVENT");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_crlf_folded_at_75_octets_and_text_escaped() {
        let long = "Срок присуждения; партия g1, Иванов — Петров ".repeat(4);
        let cal = write_calendar(
            "Кубок",
            &[AllDayEvent {
                uid: stable_uid(&["adjudication-due", "g1", "", "2026-03-01"]),
                date: "2026-03-15".parse().unwrap(),
                stamp: "2026-03-01".parse().unwrap(),
                summary: long.clone(),
                description: "a\nb".into(),
                alarms: true,
            }],
        );
        assert!(cal.ends_with("END:VCALENDAR\r\n"));
        for line in cal.split("\r\n") {
            assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
            assert!(!line.contains('\n') && !line.contains('\r'));
        }
        assert!(cal.contains("DTSTART;VALUE=DATE:20260315\r\n"));
        assert!(cal.contains("DTSTAMP:20260301T000000Z\r\n"));
        assert!(cal.contains("DESCRIPTION:a\\nb\r\n"));
        assert!(cal.contains("DTEND;VALUE=DATE:20260316\r\n"), "one day long");
        assert_eq!(cal.matches("BEGIN:VALARM").count(), 2);
        assert!(cal.contains("TRIGGER;RELATED=START:-P5D\r\n") && cal.contains("TRIGGER;RELATED=START:-P1D\r\n"));
        let unfolded = cal.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("SUMMARY:{}", escape(&long))));
        assert!(escape(&long).contains("\\;") && escape(&long).contains("\\,"));
    }

    #[test]
    fn no_date_of_a_calendar_has_more_than_four_digits_of_year() {
        let event = |date: &str| AllDayEvent {
            uid: "u".into(),
            date: date.parse().unwrap(),
            stamp: "9999-12-01".parse().unwrap(),
            summary: "s".into(),
            description: String::new(),
            alarms: false,
        };
        let cal = write_calendar("c", &[event("9999-12-31"), event("+10000-02-02")]);
        assert!(cal.contains("DTSTART;VALUE=DATE:99991231\r\n"), "{cal}");
        assert_eq!(
            cal.matches("BEGIN:VEVENT").count(),
            1,
            "the event past 9999 is left out"
        );
        assert!(!cal.contains("DTEND"), "its end would be 10000-01-01: {cal}");
        assert!(!cal.contains('+') && !cal.contains("10000"), "{cal}");
    }

    #[test]
    fn dates_and_escapes_as_the_slow_ways_make_them() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        for d in [
            day(2026, 1, 5),
            day(1, 12, 31),
            day(9999, 12, 31),
            day(10_000, 1, 1),
            day(-5, 3, 7),
        ] {
            assert_eq!(ics_date(d), d.format("%Y%m%d").to_string());
        }
        // The quick path (nothing to escape) and the char-by-char one.
        assert_eq!(escape("Ivanov 2026-03-01"), "Ivanov 2026-03-01");
        assert_eq!(escape("a;b,c\\d\r\ne\u{7}f\u{85}g"), "a\\;b\\,c\\\\d\\ne f g");
        assert_eq!(escape("Иванов"), "Иванов");
        let mut out = String::new();
        push_line(&mut out, &"x".repeat(75));
        assert_eq!(out, format!("{}\r\n", "x".repeat(75)));
        out.clear();
        push_line(&mut out, &"x".repeat(76));
        assert_eq!(out, format!("{}\r\n x\r\n", "x".repeat(75)));
    }

    #[test]
    fn uids_are_stable_and_differ_by_part() {
        let a = stable_uid(&["overstep", "g1", "Ivanov", "2026-03-01"]);
        assert_eq!(a, stable_uid(&["overstep", "g1", "Ivanov", "2026-03-01"]));
        assert_ne!(a, stable_uid(&["overstep", "g1I", "vanov", "2026-03-01"]));
        assert_ne!(a, stable_uid(&["overstep", "g2", "Ivanov", "2026-03-01"]));
    }
}
