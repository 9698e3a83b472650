//! A small iCalendar writer (RFC 5545) for all-day events: CRLF line ends,
//! lines folded at 75 octets, text escaped, `DTSTAMP` and `DTSTART;VALUE=DATE`.

use chrono::NaiveDate;

/// One all-day event.
pub struct Event {
    /// Stable from report to report for the same thing, so that a
    /// subscribed calendar updates the event rather than adding one.
    pub uid: String,
    pub date: NaiveDate,
    pub summary: String,
    pub description: String,
}

fn ical_date(d: NaiveDate) -> String {
    d.format("%Y%m%d").to_string()
}

/// Escapes a TEXT value (RFC 5545 3.3.11).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Folds one content line at 75 octets, never inside a UTF-8 character
/// (RFC 5545 3.1), and ends it with CRLF.
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
}

/// A whole calendar. `stamp` is the report's as-of date, so the same input
/// gives the same bytes.
pub fn calendar(name: &str, stamp: NaiveDate, events: &[Event]) -> String {
    let mut out = String::new();
    let stamp = format!("{}T000000Z", ical_date(stamp));
    for line in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//ccbulletin//EN",
        "CALSCALE:GREGORIAN",
    ] {
        fold(line, &mut out);
    }
    fold(&format!("X-WR-CALNAME:{}", escape(name)), &mut out);
    for e in events {
        fold("BEGIN:VEVENT", &mut out);
        fold(&format!("UID:{}", escape(&e.uid)), &mut out);
        fold(&format!("DTSTAMP:{stamp}"), &mut out);
        fold(&format!("DTSTART;VALUE=DATE:{}", ical_date(e.date)), &mut out);
        fold(
            &format!("DTEND;VALUE=DATE:{}", ical_date(crate::dates::add_days(e.date, 1))),
            &mut out,
        );
        fold(&format!("SUMMARY:{}", escape(&e.summary)), &mut out);
        fold(&format!("DESCRIPTION:{}", escape(&e.description)), &mut out);
        fold("TRANSP:TRANSPARENT", &mut out);
        fold("END:VEVENT", &mut out);
    }
    fold("END:VCALENDAR", &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_letter() {
        let mut out = String::new();
        fold(&format!("SUMMARY:{}", "Ход ".repeat(40)), &mut out);
        assert!(out.split("\r\n").all(|l| l.len() <= 75), "{out}");
        let unfolded = out.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, format!("SUMMARY:{}", "Ход ".repeat(40)));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a, b; c\\d\ne"), "a\\, b\\; c\\\\d\\ne");
    }
}
