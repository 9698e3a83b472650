//! The previous report of a tournament, read back from the output folder
//! before this run replaces it: from the digest stored in summary.json
//! beside its report.json when that digest was made with that very file,
//! else from report.json itself.

use chrono::NaiveDate;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::compute::TournamentReport;
use crate::finding::{Code, Finding, Severity};
use crate::history::{LEDGER, Ledger, Previous, PreviousGame};
use crate::output::Output;
use crate::output::incremental::SUMMARY;
use crate::render::FindingWire;

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
/// be read; called before the new report replaces it. The digest stored
/// beside it in summary.json ([`Digest`]) is read when it is there and was
/// made with that very report.json (the same length); else report.json
/// itself is parsed, a megabyte for a tournament of a few dozen games.
pub fn previous_findings(out: &Path, id: &str) -> Option<Previous> {
    let path = previous_report_path(out, id);
    let report = std::fs::read(&path).ok().filter(|_| path.is_file())?;
    let summary = std::fs::read(path.with_file_name(SUMMARY)).ok();
    from_bytes(&report, summary.as_deref())
}

/// [`previous_findings`] read through the output folder's open folders,
/// never through a link: the arbiter's tree, else where a version with one
/// tree wrote it.
pub fn previous_findings_in(out: &Output, id: &str) -> Option<Previous> {
    let tree = match out.arbiter().size(&format!("{id}/report.json")) {
        Some(_) => out.arbiter(),
        None => out.root(),
    };
    let report = format!("{id}/report.json");
    let summary = tree.read(&format!("{id}/{SUMMARY}"));
    // report.json itself is read only when no digest made with it is there.
    if let Some(p) = summary
        .as_deref()
        .zip(tree.size(&report))
        .and_then(|(s, len)| parse_digest(s, len))
    {
        return Some(p);
    }
    parse_previous(std::str::from_utf8(&tree.read(&report)?).ok()?)
}

/// The previous report from its report.json and the summary.json beside it.
fn from_bytes(report: &[u8], summary: Option<&[u8]>) -> Option<Previous> {
    if let Some(p) = summary.and_then(|b| parse_digest(b, report.len() as u64)) {
        return Some(p);
    }
    parse_previous(std::str::from_utf8(report).ok()?)
}

/// What the next run compares against, stored in summary.json (key
/// `compare`) beside the report.json it was made with: that report's
/// as-of date, all its findings, and each game's count of rows and its
/// last move. It spares the next run parsing report.json, whose rows are
/// most of its bytes and of no use to the comparison.
#[derive(Serialize)]
pub struct Digest<'a> {
    /// The length of the report.json it was made with.
    report_len: u64,
    /// The report to compare against: this one, or the one carried on.
    #[serde(flatten)]
    now: Base<'a>,
    /// The report.json's `published`: the report the public files show.
    published: Option<crate::compute::Published>,
    /// The report this one was compared against (an earlier date's), for a
    /// second run on the same date ([`Previous::before`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<Base<'a>>,
}

/// A report as a digest keeps it to compare against.
#[derive(Serialize)]
struct Base<'a> {
    as_of: NaiveDate,
    findings: Vec<FindingWire<'a>>,
    games: Vec<DigestGame<'a>>,
}

impl<'a> Base<'a> {
    /// A report read back from an earlier run.
    fn of(p: &'a Previous, lang: crate::model::Language) -> Base<'a> {
        Base {
            as_of: p.as_of,
            findings: p.findings.iter().map(|f| FindingWire::new(f, lang)).collect(),
            games: p
                .games
                .iter()
                .map(|(id, g)| DigestGame {
                    id: id.as_str().into(),
                    rows: g.rows,
                    last_move: g.last_move,
                })
                .collect(),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct DigestGame<'a> {
    #[serde(borrow)]
    id: std::borrow::Cow<'a, str>,
    rows: usize,
    last_move: Option<NaiveDate>,
}

impl<'a> Digest<'a> {
    /// The digest of a report whose report.json is `report_len` bytes: of
    /// the report itself, or, when it was not computed (no pairing could be
    /// read), the previous report's carried on, so that the first run that
    /// computes again compares against the last report that was computed,
    /// not against an empty one.
    pub fn new(r: &'a TournamentReport<'_>, report_len: usize) -> Digest<'a> {
        let lang = r.tournament.settings.language;
        let (now, base) = match (r.computed(), &r.previous) {
            (false, Some(previous)) => (Base::of(previous, lang), previous.base.as_deref()),
            _ => (Base::of_report(r, lang), r.previous.as_ref()),
        };
        Digest {
            report_len: report_len as u64,
            now,
            published: r.published(),
            base: base.map(|b| Base::of(b, lang)),
        }
    }
}

impl<'a> Base<'a> {
    /// A report computed now.
    fn of_report(r: &'a TournamentReport<'_>, lang: crate::model::Language) -> Base<'a> {
        Base {
            as_of: r.as_of,
            findings: r.all_findings().map(|f| FindingWire::new(f, lang)).collect(),
            games: r
                .games
                .iter()
                .map(|g| DigestGame {
                    id: g.id.as_str().into(),
                    rows: g.rows.len(),
                    last_move: g.last_move,
                })
                .collect(),
        }
    }
}

/// The `published` of the report.json of `report_len` bytes, from the
/// digest made with it in summary.json; `None` when there is no such
/// digest or it holds no `published` (serde reads a `null` as absent):
/// then report.json itself tells.
pub fn published_in_digest(summary: &[u8], report_len: u64) -> Option<Option<crate::compute::Published>> {
    #[derive(Deserialize)]
    struct Summary {
        compare: Option<Raw>,
    }
    #[derive(Deserialize)]
    struct Raw {
        report_len: u64,
        #[serde(default)]
        published: Option<Option<crate::compute::Published>>,
    }
    let d = serde_json::from_slice::<Summary>(summary).ok()?.compare?;
    (d.report_len == report_len).then_some(d.published?)
}

/// The previous report from a summary.json's digest, if it has one made
/// with a report.json of `report_len` bytes.
fn parse_digest(summary: &[u8], report_len: u64) -> Option<Previous> {
    #[derive(Deserialize)]
    struct Summary<'a> {
        #[serde(borrow)]
        compare: Option<RawDigest<'a>>,
    }
    #[derive(Deserialize)]
    struct RawDigest<'a> {
        report_len: u64,
        as_of: NaiveDate,
        findings: Vec<RawFinding>,
        #[serde(borrow)]
        games: Vec<DigestGame<'a>>,
        #[serde(default, borrow)]
        base: Option<RawBase<'a>>,
    }
    #[derive(Deserialize)]
    struct RawBase<'a> {
        as_of: NaiveDate,
        findings: Vec<RawFinding>,
        #[serde(borrow)]
        games: Vec<DigestGame<'a>>,
    }
    fn previous(d: RawBase<'_>) -> Previous {
        let games = d
            .games
            .into_iter()
            .map(|g| {
                let game = PreviousGame {
                    rows: g.rows,
                    last_move: g.last_move,
                };
                (g.id.into_owned(), game)
            })
            .collect();
        Previous {
            as_of: d.as_of,
            findings: d.findings.into_iter().filter_map(finding).collect(),
            games,
            base: None,
        }
    }
    let d = serde_json::from_slice::<Summary<'_>>(summary).ok()?.compare?;
    if d.report_len != report_len {
        return None;
    }
    let now = RawBase {
        as_of: d.as_of,
        findings: d.findings,
        games: d.games,
    };
    Some(Previous {
        base: d.base.map(|b| Box::new(previous(b))),
        ..previous(now)
    })
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
    let mut f = Finding::worded(code, v.message).date(v.date).due(v.due);
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
                last_move: g.last_move,
            },
        );
    }
    Some(Previous {
        as_of: v.as_of,
        findings,
        games,
        base: None,
    })
}

/// The letters ledger the previous run left in a tournament's arbiter
/// folder (`out/arbiter/<t>/`); empty when there is none or it cannot be
/// read (its findings' letters are then written again).
/// Only the letters still there are read (`outbox/<prepared>/<file>`): a
/// letter whose file is gone is written again.
pub fn earlier_letters(arbiter_dir: &Path) -> Ledger {
    let mut ledger = std::fs::read_to_string(arbiter_dir.join(LEDGER))
        .ok()
        .and_then(|t| Ledger::parse(&t))
        .unwrap_or_default();
    let outbox = arbiter_dir.join(outbox_folder());
    ledger.letters.retain(|e| {
        is_plain_name(&e.file)
            && std::fs::symlink_metadata(outbox.join(e.prepared.to_string()).join(&e.file)).is_ok_and(|m| m.is_file())
    });
    ledger
}

/// The outbox's folder in an arbiter's tree (where the ledger lies).
fn outbox_folder() -> &'static Path {
    Path::new(LEDGER).parent().unwrap_or(Path::new(""))
}

fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\'])
}

/// The letters of the earlier reports in a tournament's arbiter folder,
/// path in that folder → bytes: every file of `outbox/<date>/` for a date
/// before `as_of`. Each report's letters stay in the outbox: the new folder
/// that replaces this one carries them over.
pub fn earlier_outboxes(arbiter_dir: &Path, as_of: NaiveDate) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let outbox = arbiter_dir.join(outbox_folder());
    let Ok(days) = std::fs::read_dir(&outbox) else {
        return out;
    };
    for day in days.filter_map(Result::ok) {
        let name = day.file_name().to_string_lossy().into_owned();
        let is_dir = day.file_type().is_ok_and(|t| t.is_dir());
        if !is_dir || name.parse::<NaiveDate>().ok().is_none_or(|d| d >= as_of) {
            continue;
        }
        let Ok(files) = std::fs::read_dir(day.path()) else {
            continue;
        };
        for f in files.filter_map(Result::ok) {
            let file = f.file_name().to_string_lossy().into_owned();
            if !f.file_type().is_ok_and(|t| t.is_file()) || !is_plain_name(&file) {
                continue;
            }
            if let Ok(bytes) = std::fs::read(f.path()) {
                out.insert(format!("{}/{name}/{file}", outbox_folder().display()), bytes);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_is_read_from_the_digest_made_with_that_report_json() {
        let summary = |compare: serde_json::Value| serde_json::json!({ "compare": compare }).to_string();
        let published = serde_json::json!({"as_of": "2026-03-01", "name": "Cup", "games": 6, "finished": 2});
        let with = summary(serde_json::json!({"report_len": 900, "published": published}));
        let read = published_in_digest(with.as_bytes(), 900).expect("the digest tells");
        assert_eq!(
            read.map(|p| (p.as_of.to_string(), p.games)),
            Some(("2026-03-01".into(), 6))
        );
        // Made with another report.json, or before digests held it: report.json tells.
        assert!(published_in_digest(with.as_bytes(), 901).is_none());
        let without = summary(serde_json::json!({"report_len": 900}));
        assert!(published_in_digest(without.as_bytes(), 900).is_none());
    }

    #[test]
    fn a_report_json_reads_back_its_findings_and_games() {
        let json = serde_json::json!({
            "as_of": "2026-03-01",
            "findings": [{"code": "bad-input", "message": "m", "game": null, "player": null, "date": null, "due": null, "severity": "error"}],
            "games": [{"id": "g1", "rows": [1, 2], "moves": [1], "last_move": "2026-02-20",
                       "findings": [{"code": "low-time", "message": "m", "game": "g1", "player": "A", "date": "2026-02-25", "due": "2026-03-03", "severity": "warning"},
                                    {"code": "no-such-code", "message": "m"}]}]
        });
        let previous = parse_previous(&json.to_string()).unwrap();
        assert_eq!(previous.as_of, "2026-03-01".parse::<NaiveDate>().unwrap());
        assert_eq!(
            previous.findings.iter().map(|f| f.code).collect::<Vec<_>>(),
            vec![Code::BadInput, Code::LowTime]
        );
        assert_eq!(previous.findings[1].player.as_deref(), Some("A"));
        let g1 = &previous.games["g1"];
        assert_eq!(g1.rows, 2);
    }
    #[test]
    fn the_digest_is_read_only_with_the_report_it_was_made_with() {
        let json = serde_json::json!({
            "name": "T", "games": 1,
            "compare": {"report_len": 1234, "as_of": "2026-03-01",
                        "findings": [{"code": "low-time", "message": "m", "game": "g1", "player": "A", "date": "2026-02-25", "due": null, "severity": "warning"}],
                        "games": [{"id": "g1", "rows": 2, "moves": 1, "last_move": "2026-02-20"}]}
        })
        .to_string();
        let p = parse_digest(json.as_bytes(), 1234).unwrap();
        assert_eq!(p.as_of, "2026-03-01".parse::<NaiveDate>().unwrap());
        assert_eq!(p.findings.len(), 1);
        assert_eq!(p.findings[0].player.as_deref(), Some("A"));
        let g1 = &p.games["g1"];
        assert_eq!(g1.rows, 2);
        assert_eq!(g1.last_move, "2026-02-20".parse().ok());
        assert!(parse_digest(json.as_bytes(), 1235).is_none(), "another report.json");
        assert!(parse_digest(b"{\"name\": \"T\"}", 1234).is_none(), "no digest");
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
