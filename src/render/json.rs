//! report.json (its fields in docs/format.md), written natively: the same
//! bytes as serde_json writes from [`ReportJson`], the games' moves and rows
//! — nearly all of the file — without serde's machinery for each key and
//! value; the small parts (clocks, findings, standings, changes) still go
//! through serde_json. [`report_json_serde`] is the reference:
//! tests/native_pages.rs proves the bytes equal.

use anyhow::Context;
use chrono::NaiveDate;
use serde::Serialize;

use super::html::decimal;
use crate::compute::{Published, TournamentReport};
use crate::finding::Finding;
use crate::game::{GameReport, PlayedMove, RowReport};
use crate::model::Flag;
use crate::standings::Standing;

/// report.json's fields, in their order: serialised whole by serde as the
/// reference ([`report_json_serde`]); written by [`report_json`], the games
/// natively.
#[derive(Serialize)]
struct ReportJson<'a> {
    tournament: &'a str,
    name: &'a str,
    as_of: NaiveDate,
    start: NaiveDate,
    end: Option<NaiveDate>,
    time_control: String,
    games: &'a [GameReport],
    standings: &'a [Standing],
    findings: &'a [Finding],
    /// Since the previous report; null on the first.
    changes: Option<crate::history::Changes>,
    /// The report the public files show (docs/output.md).
    published: Option<Published>,
    /// Why the public files were not replaced, when they were not.
    stale: Option<&'a str>,
}

impl<'a> ReportJson<'a> {
    fn new(r: &'a TournamentReport<'_>) -> ReportJson<'a> {
        let s = &r.tournament.settings;
        ReportJson {
            tournament: &r.tournament.id,
            name: &s.name,
            as_of: r.as_of,
            start: s.start,
            end: s.end,
            time_control: s.time_control.to_string(),
            games: &r.games,
            standings: &r.standings,
            findings: &r.findings,
            changes: r.changes(),
            published: r.published(),
            stale: r.stale.as_ref().map(|s| s.reason.as_str()),
        }
    }
}

/// report.json: everything computed, as serde_json writes [`ReportJson`]
/// (followed by a newline).
///
/// # Errors
/// None today: kept for a writer that may fail.
pub fn report_json(r: &TournamentReport<'_>) -> anyhow::Result<Vec<u8>> {
    let head = ReportJson::new(r);
    // Over the file's size: some 150 bytes a row, 90 a move.
    let size: usize = r
        .games
        .iter()
        .map(|g| g.rows.len() * 160 + g.moves.len() * 100 + 1024)
        .sum();
    let mut j = Json {
        buf: Vec::with_capacity(size + 4096),
    };
    j.raw(b"{\"tournament\":");
    j.str(head.tournament);
    j.field_str("name", head.name);
    j.field_date("as_of", Some(head.as_of));
    j.field_date("start", Some(head.start));
    j.field_date("end", head.end);
    j.field_str("time_control", &head.time_control);
    list(&mut j, "games", head.games, game);
    j.field("standings", head.standings);
    j.field("findings", head.findings);
    j.field("changes", &head.changes);
    j.field("published", &head.published);
    j.field("stale", &head.stale);
    j.raw(b"}\n");
    Ok(j.buf)
}

/// report.json as serde_json writes it from [`ReportJson`]: the reference
/// the native writer's bytes are tested against (tests/native_pages.rs).
///
/// # Errors
/// Only if serialisation fails, which plain data does not.
#[doc(hidden)]
pub fn report_json_serde(r: &TournamentReport<'_>) -> anyhow::Result<Vec<u8>> {
    let mut buf = Vec::new();
    serde_json::to_writer(&mut buf, &ReportJson::new(r)).context("failed to write report.json")?;
    buf.push(b'\n');
    Ok(buf)
}

/// A JSON document being written into a byte buffer.
struct Json {
    buf: Vec<u8>,
}

impl Json {
    /// Bytes as they are: punctuation, and keys with their quotes.
    fn raw(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// A string that holds nothing to escape (a side, SAN, UCI or numeric
    /// notation, all made by the tool): quoted, not looked over.
    fn plain(&mut self, s: &str) {
        debug_assert!(s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\'), "{s:?}");
        self.buf.push(b'"');
        self.buf.extend_from_slice(s.as_bytes());
        self.buf.push(b'"');
    }

    /// A row's flag as serde names it (`"no-move"`), from a table made once.
    fn flag(&mut self, f: Flag) {
        static NAMES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
        let names = NAMES.get_or_init(|| {
            let mut names = vec![Vec::new(); Flag::ALL.len()];
            for f in Flag::ALL {
                names[f as usize] = serde_json::to_vec(&f).unwrap_or_default();
            }
            names
        });
        match names.get(f as usize) {
            Some(name) => self.buf.extend_from_slice(name),
            None => self.value(&f),
        }
    }

    /// `,"k":` (every key but an object's first, written with its `{`);
    /// the keys are plain ASCII, nothing to escape.
    fn next_key(&mut self, k: &str) {
        self.buf.extend_from_slice(b",\"");
        self.buf.extend_from_slice(k.as_bytes());
        self.buf.extend_from_slice(b"\":");
    }

    /// A string, escaped as serde_json escapes it: `"` and `\`, the control
    /// characters as `\b \t \n \f \r` or `\u00xx`; the rest as it is.
    fn str(&mut self, s: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.buf.push(b'"');
        let bytes = s.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            self.buf.extend_from_slice(&bytes[start..i]);
            match b {
                b'"' => self.buf.extend_from_slice(b"\\\""),
                b'\\' => self.buf.extend_from_slice(b"\\\\"),
                0x08 => self.buf.extend_from_slice(b"\\b"),
                0x0C => self.buf.extend_from_slice(b"\\f"),
                b'\n' => self.buf.extend_from_slice(b"\\n"),
                b'\r' => self.buf.extend_from_slice(b"\\r"),
                b'\t' => self.buf.extend_from_slice(b"\\t"),
                _ => self.buf.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 0xF)],
                ]),
            }
            start = i + 1;
        }
        self.buf.extend_from_slice(&bytes[start..]);
        self.buf.push(b'"');
    }

    fn int(&mut self, n: i64) {
        match crate::digits::small(n) {
            Some(text) => self.buf.extend_from_slice(text.as_bytes()),
            None => self.buf.extend_from_slice(decimal(n, &mut [0; 20])),
        }
    }

    fn bool(&mut self, b: bool) {
        self.buf.extend_from_slice(if b { b"true" } else { b"false" });
    }

    /// A date as chrono serialises it: ISO, or null.
    fn date(&mut self, d: Option<NaiveDate>) {
        match d {
            None => self.buf.extend_from_slice(b"null"),
            Some(d) => self.value(&d),
        }
    }

    /// Any other value, through serde_json. Plain data does not fail to
    /// serialise; were it to, the reference path reports it.
    fn value<T: Serialize + ?Sized>(&mut self, v: &T) {
        let _ = serde_json::to_writer(&mut self.buf, v);
    }

    fn field_str(&mut self, k: &str, v: &str) {
        self.next_key(k);
        self.str(v);
    }

    fn field_date(&mut self, k: &str, d: Option<NaiveDate>) {
        self.next_key(k);
        self.date(d);
    }

    fn field<T: Serialize + ?Sized>(&mut self, k: &str, v: &T) {
        self.next_key(k);
        self.value(v);
    }
}

/// `,"k":[…]`, each item written by `write`.
fn list<T>(j: &mut Json, k: &str, items: &[T], write: fn(&mut Json, &T)) {
    j.next_key(k);
    j.buf.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            j.buf.push(b',');
        }
        write(j, item);
    }
    j.buf.push(b']');
}

fn game(j: &mut Json, g: &GameReport) {
    j.raw(b"{\"id\":");
    j.str(&g.id);
    j.field_str("round", &g.round);
    j.field_str("white", &g.white);
    j.field_str("black", &g.black);
    j.field("result", &g.result);
    j.field("result_source", &g.result_source);
    j.field_date("finished_on", g.finished_on);
    j.next_key("provisional");
    j.bool(g.provisional);
    j.field("to_move", &g.to_move);
    j.field("owing", &g.owing);
    j.next_key("in_play");
    j.bool(g.in_play);
    j.field("clock", &g.clock);
    list(j, "moves", &g.moves, played);
    list(j, "rows", &g.rows, row);
    j.field_date("last_move", g.last_move);
    for (k, b) in [
        ("has_log", g.has_log),
        ("has_pgn", g.has_pgn),
        ("interrupted", g.interrupted),
        ("awaiting_adjudication", g.awaiting_adjudication),
        ("annulled", g.annulled),
    ] {
        j.next_key(k);
        j.bool(b);
    }
    j.field_str("fen", &g.fen);
    j.field("findings", &g.findings);
    j.buf.push(b'}');
}

/// A move replayed, as `PlayedMove`'s Serialize writes it.
fn played(j: &mut Json, m: &PlayedMove) {
    j.raw(b"{\"no\":");
    j.int(i64::from(m.no));
    j.raw(b",\"side\":");
    j.plain(m.side.as_str());
    j.raw(b",\"san\":");
    j.plain(&m.san);
    j.raw(b",\"uci\":");
    j.plain(&m.uci);
    j.raw(b",\"numeric\":");
    j.plain(&m.numeric);
    j.raw(b",\"sent\":");
    j.date(m.sent);
    j.raw(b"}");
}

/// A row of the log, as `RowReport`'s Serialize writes it: the keys at
/// their default left out.
fn row(j: &mut Json, r: &RowReport) {
    j.raw(b"{\"line\":");
    j.int(i64::try_from(r.line).unwrap_or(i64::MAX));
    j.raw(b",\"no\":");
    j.int(i64::from(r.no));
    j.raw(b",\"side\":");
    j.plain(r.side.as_str());
    j.raw(b",\"move\":");
    j.str(&r.mv);
    if r.received.is_some() {
        j.raw(b",\"received\":");
        j.date(r.received);
    }
    j.raw(b",\"sent\":");
    j.date(r.sent);
    j.raw(b",\"flag\":");
    j.flag(r.flag);
    if !r.note.is_empty() {
        j.raw(b",\"note\":");
        j.str(&r.note);
    }
    if r.pending {
        j.raw(b",\"pending\":true");
    }
    if r.received_assumed {
        j.raw(b",\"received_assumed\":true");
    }
    if r.sent_assumed {
        j.raw(b",\"sent_assumed\":true");
    }
    if let Some(san) = &r.san {
        j.raw(b",\"san\":");
        j.plain(san);
    }
    let c = &r.charge;
    j.raw(b",\"charge\":{\"thinking\":");
    j.int(c.thinking);
    if c.break_days != 0 {
        j.raw(b",\"break_days\":");
        j.int(c.break_days);
    }
    if c.exempt != 0 {
        j.raw(b",\"exempt\":");
        j.int(c.exempt);
    }
    if c.penalty != 0 {
        j.raw(b",\"penalty\":");
        j.int(c.penalty);
    }
    j.raw(b",\"days\":");
    j.int(c.days);
    j.raw(b"}}");
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut texts: Vec<String> = (0u8..=0x7F).map(|b| format!("a{}b", char::from(b))).collect();
        texts.extend(
            [
                "",
                "плохо \"x\" \\ y",
                "\u{7f}\u{80}\u{2028}😀",
                "\u{1}\u{1f}\n\r\t\u{8}\u{c}",
            ]
            .map(String::from),
        );
        for s in texts {
            let mut j = Json { buf: Vec::new() };
            j.str(&s);
            assert_eq!(j.buf, serde_json::to_vec(&s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn integers_and_dates_are_written_as_serde_json_writes_them() {
        for n in [0, 7, -7, 10, 99, -100, i64::MAX, i64::MIN] {
            let mut j = Json { buf: Vec::new() };
            j.int(n);
            assert_eq!(j.buf, serde_json::to_vec(&n).unwrap(), "{n}");
        }
        for d in ["2026-01-15", "0001-02-03", "9999-12-31"] {
            let mut j = Json { buf: Vec::new() };
            j.date(d.parse().ok());
            assert_eq!(j.buf, format!("\"{d}\"").into_bytes());
        }
        let far = NaiveDate::from_ymd_opt(12345, 1, 1).unwrap();
        let mut j = Json { buf: Vec::new() };
        j.date(Some(far));
        assert_eq!(j.buf, serde_json::to_vec(&far).unwrap());
        let mut j = Json { buf: Vec::new() };
        j.date(None);
        assert_eq!(j.buf, b"null");
    }
}
