//! report.json (its fields in docs/format.md): serde_json of [`ReportJson`].

use chrono::NaiveDate;
use serde::Serialize;
use serde::ser::SerializeStruct;
use std::cell::Cell;

use crate::compute::{Published, TournamentReport};
use crate::finding::Finding;
use crate::game::GameReport;
use crate::messages::said;
use crate::model::Language;
use crate::standings::Standing;

/// report.json's fields, in their order.
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

/// report.json: everything computed, followed by a newline.
///
/// # Errors
/// Only if serialisation fails, which plain data does not.
pub fn report_json(r: &TournamentReport<'_>) -> anyhow::Result<Vec<u8>> {
    let mut buf = in_language(r.tournament.settings.language, || {
        serde_json::to_vec(&ReportJson::new(r))
    })?;
    buf.push(b'\n');
    Ok(buf)
}

thread_local! {
    /// The language findings are worded in while a report.json is written.
    static WORDED_IN: Cell<Language> = const { Cell::new(Language::En) };
}

/// Runs `f` with findings serialised in `lang`: their `message` worded
/// in it (report.json, and the digest of summary.json read back from it).
pub fn in_language<T>(lang: Language, f: impl FnOnce() -> T) -> T {
    let before = WORDED_IN.replace(lang);
    let out = f();
    WORDED_IN.set(before);
    out
}

/// A finding in report.json: its fields, its sentence in the tournament's
/// language (`message`) and its facts (`facts`).
impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let lang = WORDED_IN.get();
        let mut s = serializer.serialize_struct("Finding", 13)?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("rule", &self.rule)?;
        s.serialize_field("game", &self.game)?;
        s.serialize_field("player", &self.player)?;
        s.serialize_field("side", &self.side)?;
        s.serialize_field("move", &self.move_no)?;
        s.serialize_field("date", &self.date)?;
        s.serialize_field("due", &self.due)?;
        s.serialize_field("severity", &self.severity)?;
        s.serialize_field("message", &said(lang, self))?;
        s.serialize_field("file", &self.file)?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("facts", &self.facts)?;
        s.end()
    }
}
