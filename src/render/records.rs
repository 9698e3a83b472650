//! The machine-readable writers: the tournament's PGN (the Seven Tag
//! Roster, `[Mode "EM"]` and a `[%ccsnt]` stamp on every move, 51.9.1) and
//! report.json (its fields in docs/format.md).

use super::html::push_int;
use super::json::Json;
use super::text::Filler;
use crate::compute::{Published, TournamentReport};
use crate::finding::Finding;
use crate::game::GameReport;
use crate::model::GameResult;
use crate::standings::Standing;
use anyhow::Context;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;

/// A date as PGN writes it: `2026.01.15`.
pub(super) fn pgn_date(d: NaiveDate) -> String {
    let mut out = String::with_capacity(10);
    push_pgn_date(&mut out, d);
    out
}

fn push_pgn_date(out: &mut String, d: NaiveDate) {
    match crate::dates::iso(d) {
        Some(b) => {
            let dots = b.map(|c| if c == b'-' { b'.' } else { c });
            out.push_str(std::str::from_utf8(&dots).unwrap_or_default());
        }
        None => out.push_str(&format!("{:04}.{:02}.{:02}", d.year(), d.month(), d.day())),
    }
}

/// Appends a tag's value escaped as PGN wants it: `\\` and `\"`, and a line
/// break as a space.
fn push_pgn_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// One game in PGN: the Seven Tag Roster, `[Mode "EM"]`, and every move with
/// its `[%ccsnt]` stamp, written straight into one String.
pub(super) fn game_pgn(r: &TournamentReport<'_>, g: &GameReport) -> String {
    let s = &r.tournament.settings;
    let date = pgn_date(s.start);
    let result = g.result.pgn_str();
    let mut out = String::with_capacity(256 + s.name.len() + g.moves.len() * 30);
    for (tag, value) in [
        ("Event", s.name.as_str()),
        ("Site", "Email"),
        ("Date", &date),
        ("Round", g.round.as_str()),
        ("White", g.white.as_str()),
        ("Black", g.black.as_str()),
        ("Result", result),
        ("Mode", "EM"),
    ] {
        out.push('[');
        out.push_str(tag);
        out.push_str(" \"");
        push_pgn_escaped(&mut out, value);
        out.push_str("\"]\n");
    }
    if matches!(
        g.result,
        GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
    ) {
        out.push_str(&format!("[Termination \"forfeit {}\"]\n", g.result.as_str()));
    }
    out.push('\n');
    let mut filler = Filler::new(&mut out, 79);
    let mut token = String::with_capacity(24);
    for (i, m) in g.moves.iter().enumerate() {
        // The moves replayed start with White's: a number before each of them.
        if i.is_multiple_of(2) {
            token.clear();
            push_int(&mut token, i64::from(m.no));
            token.push('.');
            filler.push(&token);
        }
        filler.push(&m.san);
        if let Some(d) = m.sent {
            token.clear();
            token.push_str("{[%ccsnt ");
            push_pgn_date(&mut token, d);
            token.push_str("]}");
            filler.push(&token);
        }
    }
    filler.push(result);
    out.push_str("\n\n");
    out
}

/// report.json's fields, in their order (docs/format.md): serialised
/// whole by serde as the reference ([`report_json_serde`]); written by
/// src/render/json.rs, the games natively.
#[derive(Serialize)]
pub(super) struct ReportJson<'a> {
    tournament: &'a str,
    name: &'a str,
    #[serde(serialize_with = "crate::dates::serialize_date")]
    as_of: NaiveDate,
    #[serde(serialize_with = "crate::dates::serialize_date")]
    start: NaiveDate,
    #[serde(serialize_with = "crate::dates::serialize_opt")]
    end: Option<NaiveDate>,
    time_control: String,
    games: &'a [GameReport],
    standings: &'a [Standing],
    findings: &'a [Finding],
    /// Since the previous report; null on the first.
    changes: Option<crate::render::changes::Changes>,
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

    /// The fields before `games`.
    pub(super) fn write_head(&self, j: &mut Json) {
        j.field_str("tournament", self.tournament, true);
        j.field_str("name", self.name, false);
        j.field_date("as_of", Some(self.as_of));
        j.field_date("start", Some(self.start));
        j.field_date("end", self.end);
        j.field_str("time_control", &self.time_control, false);
    }

    /// The fields after `games`.
    pub(super) fn write_tail(&self, j: &mut Json) {
        j.field("standings", self.standings);
        j.field("findings", self.findings);
        j.field("changes", &self.changes);
        j.field("published", &self.published);
        j.field("stale", &self.stale);
    }
}

/// report.json: everything computed (its fields in docs/format.md),
/// written by src/render/json.rs.
///
/// # Errors
/// None today: kept for a writer that may fail.
pub fn report_json(r: &TournamentReport<'_>) -> anyhow::Result<Vec<u8>> {
    Ok(super::json::write_report(r, &ReportJson::new(r)))
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
