//! report.json (its fields in docs/format.md): serde_json of [`ReportJson`].

use chrono::NaiveDate;
use serde::Serialize;

use crate::compute::{Published, TournamentReport};
use crate::finding::Finding;
use crate::game::GameReport;
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
    let mut buf = serde_json::to_vec(&ReportJson::new(r))?;
    buf.push(b'\n');
    Ok(buf)
}
