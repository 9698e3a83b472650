//! Since the last report: the previous run's report.json read back, and
//! what changed against it — the findings that are new, those resolved, and
//! the games with a move since. A finding is the same finding when its code,
//! game, player and date are the same.

use chrono::NaiveDate;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::finding::{Code, Finding, Severity};
use crate::game::GameReport;

/// What a game was at the previous report.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreviousGame {
    pub rows: usize,
    pub moves: usize,
    pub last_move: Option<NaiveDate>,
}

/// The previous report, as far as the comparison needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Previous {
    pub as_of: NaiveDate,
    pub findings: Vec<Finding>,
    pub games: BTreeMap<String, PreviousGame>,
}

/// Where the previous report of tournament `id` lies under `out`: in the
/// arbiter's tree, else where a version with one tree wrote it.
pub fn previous_report_path(out: &Path, id: &str) -> PathBuf {
    let arbiter = out.join("arbiter").join(id).join("report.json");
    if arbiter.is_file() {
        arbiter
    } else {
        out.join(id).join("report.json")
    }
}

/// Reads the previous report of tournament `id`, if there is one that can
/// be read; called before the new report replaces it.
pub fn previous_findings(out: &Path, id: &str) -> Option<Previous> {
    let text = std::fs::read_to_string(previous_report_path(out, id)).ok()?;
    parse_previous(&text)
}

/// The parts of a report.json the comparison reads; the rest is skipped
/// unread (a nightly run reads every tournament's previous report).
#[derive(Deserialize)]
struct RawReport {
    as_of: NaiveDate,
    #[serde(default)]
    findings: Vec<RawFinding>,
    #[serde(default)]
    games: Vec<RawGame>,
}

#[derive(Deserialize)]
struct RawGame {
    id: String,
    #[serde(default)]
    findings: Vec<RawFinding>,
    #[serde(default)]
    rows: Vec<IgnoredAny>,
    #[serde(default)]
    moves: Vec<IgnoredAny>,
    last_move: Option<NaiveDate>,
}

#[derive(Deserialize)]
struct RawFinding {
    code: String,
    #[serde(default)]
    message: String,
    date: Option<NaiveDate>,
    due: Option<NaiveDate>,
    game: Option<String>,
    player: Option<String>,
    severity: Option<String>,
    file: Option<String>,
    line: Option<usize>,
}

/// One finding of a report.json, `None` when its code is unknown.
fn finding(v: RawFinding) -> Option<Finding> {
    let code = Code::ALL.into_iter().find(|c| c.as_str() == v.code)?;
    let mut f = Finding::new(code, v.message).date(v.date).due(v.due);
    f.game = v.game;
    f.player = v.player;
    f.severity = match v.severity.as_deref() {
        Some("error") => Severity::Error,
        Some("warning") => Severity::Warning,
        Some("info") => Severity::Info,
        _ => code.severity(),
    };
    f.file = v.file;
    f.line = v.line;
    Some(f)
}

/// Parses a report.json; `None` when it is not one.
pub fn parse_previous(text: &str) -> Option<Previous> {
    let v: RawReport = serde_json::from_str(text).ok()?;
    let mut findings: Vec<Finding> = v.findings.into_iter().filter_map(finding).collect();
    let mut games = BTreeMap::new();
    for g in v.games {
        findings.extend(g.findings.into_iter().filter_map(finding));
        games.insert(
            g.id,
            PreviousGame {
                rows: g.rows.len(),
                moves: g.moves.len(),
                last_move: g.last_move,
            },
        );
    }
    Some(Previous {
        as_of: v.as_of,
        findings,
        games,
    })
}

/// What makes two findings the same finding from one report to the next.
pub type Key<'a> = (Code, Option<&'a str>, Option<&'a str>, Option<NaiveDate>);

pub fn key(f: &Finding) -> Key<'_> {
    (f.code, f.game.as_deref(), f.player.as_deref(), f.date)
}

/// What changed since the previous report (report.json `changes`).
#[derive(Debug, Clone, Serialize)]
pub struct Changes {
    /// The previous report's as-of date.
    #[serde(serialize_with = "crate::dates::serialize_date")]
    pub since: NaiveDate,
    /// Findings now that the previous report did not have, one per key.
    pub new: Vec<Finding>,
    /// Findings of the previous report that are gone, one per key.
    pub resolved: Vec<Finding>,
}

/// Compares the findings now with the previous report's.
pub fn changes<'a>(previous: &Previous, now: impl Iterator<Item = &'a Finding>) -> Changes {
    let now: Vec<&Finding> = now.collect();
    let before: BTreeSet<Key<'_>> = previous.findings.iter().map(key).collect();
    let after: BTreeSet<Key<'_>> = now.iter().map(|f| key(f)).collect();
    let mut seen = BTreeSet::new();
    let new = now
        .iter()
        .filter(|f| !before.contains(&key(f)) && seen.insert(key(f)))
        .map(|f| (*f).clone())
        .collect();
    let mut seen = BTreeSet::new();
    let resolved = previous
        .findings
        .iter()
        .filter(|f| !after.contains(&key(f)) && seen.insert(key(f)))
        .cloned()
        .collect();
    Changes {
        since: previous.as_of,
        new,
        resolved,
    }
}

/// Whether a game has had a move (or any new row) since the previous report.
pub fn moved_since(previous: Option<&Previous>, g: &GameReport) -> bool {
    let Some(previous) = previous else { return false };
    match previous.games.get(&g.id) {
        Some(p) => p.rows != g.rows.len() || p.moves != g.moves.len() || p.last_move != g.last_move,
        None => !g.rows.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(code: Code, game: &str, date: &str) -> Finding {
        Finding::new(code, "x").game(game).date(date.parse().ok())
    }

    #[test]
    fn new_and_resolved_are_the_set_differences_by_code_game_player_and_date() {
        let json = serde_json::json!({
            "as_of": "2026-03-01",
            "findings": [{"code": "bad-input", "message": "m", "game": null, "player": null, "date": null, "due": null, "severity": "error"}],
            "games": [{"id": "g1", "rows": [1, 2], "moves": [1], "last_move": "2026-02-20",
                       "findings": [{"code": "low-time", "message": "m", "game": "g1", "player": "A", "date": "2026-02-25", "due": "2026-03-03", "severity": "warning"},
                                    {"code": "no-such-code", "message": "m"}]}]
        });
        let previous = parse_previous(&json.to_string()).unwrap();
        assert_eq!(previous.findings.len(), 2);
        assert_eq!(previous.games["g1"].rows, 2);
        let mut low = f(Code::LowTime, "g1", "2026-02-25");
        low.player = Some("A".into());
        // The same low-time with another message is the same finding.
        low.message = "another sentence".into();
        let now = [
            low,
            f(Code::Silence, "g1", "2026-03-05"),
            f(Code::Silence, "g1", "2026-03-05"),
        ];
        let c = changes(&previous, now.iter());
        assert_eq!(c.since, "2026-03-01".parse::<NaiveDate>().unwrap());
        assert_eq!(c.new.iter().map(|f| f.code).collect::<Vec<_>>(), vec![Code::Silence]);
        assert_eq!(
            c.resolved.iter().map(|f| f.code).collect::<Vec<_>>(),
            vec![Code::BadInput]
        );
    }

    #[test]
    fn a_missing_or_broken_previous_report_is_none() {
        let dir = tempfile::tempdir().unwrap();
        assert!(previous_findings(dir.path(), "t").is_none());
        std::fs::create_dir_all(dir.path().join("t")).unwrap();
        std::fs::write(previous_report_path(dir.path(), "t"), "{ not json").unwrap();
        assert!(previous_findings(dir.path(), "t").is_none());
    }
}
