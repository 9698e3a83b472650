//! Incremental runs: a tournament whose report would be made from the same
//! inputs as its last one is not written again (docs/output.md).
//!
//! Beside the arbiter's files of each tournament stand two files of the
//! tool's own: `fingerprint` (see [`crate::output::fingerprint`]: the tournament's
//! folder, the template overrides, the as-of date, the tool) and
//! `summary.json` (what the folder-wide indexes, the summary line and the
//! exit status need of the tournament, so that a reused tournament is
//! neither computed nor rendered). Both are written with the arbiter's
//! files, in the same swap, so they are there only when both trees were
//! replaced. The public folder holds the fingerprint of the inputs it was
//! made from too (`.fingerprint`), and the summary records which one the
//! public folder held when the arbiter's files were written: a run stopped
//! between the two swaps leaves a new public folder beside the old
//! arbiter's files, and the next run, finding them apart, writes both again.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::path::Path;

use crate::history::FindingCounts;
use crate::load::{Inputs, Loaded};
use crate::model::Language;
use crate::output::fingerprint::{Fingerprint, FingerprintBuilder, tool_fingerprint};
use crate::output::{ARBITER, PUBLIC};

/// The fingerprint's file, in `out/arbiter/<t>/`.
pub const FINGERPRINT: &str = "fingerprint";
/// The stored summary's file, in `out/arbiter/<t>/`.
pub const SUMMARY: &str = "summary.json";
/// The fingerprint of the inputs a public folder was made from, in
/// `out/public/<t>/`.
pub const PUBLIC_FINGERPRINT: &str = ".fingerprint";

/// What a run needs of a tournament it does not compute again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub name: String,
    pub games: usize,
    pub finished: usize,
    /// Whether a public report is there.
    pub available: bool,
    pub stale_since: Option<String>,
    /// Findings by severity: errors, warnings, notes.
    pub counts: [usize; 3],
    /// The arbiter's index counts (new, resolved, overdue, open).
    pub findings: FindingCounts,
    pub language: Language,
    /// The code of every error finding, one entry per finding.
    pub errors: Vec<String>,
    /// Games analysed (for the summary line).
    pub analysed: usize,
    /// What told the public folder apart ([`public_fingerprint`]) when
    /// these arbiter's files were written: the same fingerprint, or another
    /// when the public report was kept (stale).
    pub public: Option<String>,
}

/// The parts of every tournament's fingerprint that are the same for the
/// whole run: the tool, the as-of date, the template overrides (every file
/// of the folder) and the tournaments folder (resolved: whether a link
/// stays inside it depends on where it is).
pub fn run_fingerprint(tournaments: &Path, as_of: NaiveDate, templates: Option<&Path>) -> Fingerprint {
    let mut b = FingerprintBuilder::new();
    b.part("tool", &tool_fingerprint().0.to_le_bytes());
    b.part("as-of", as_of.to_string().as_bytes());
    let root = crate::output::resolve(tournaments).unwrap_or_else(|_| tournaments.to_path_buf());
    b.part("tournaments", root.as_os_str().as_encoded_bytes());
    match templates {
        Some(dir) => {
            b.part("templates", dir.as_os_str().as_encoded_bytes());
            b.tree("template files", dir);
        }
        None => {
            b.part("templates", b"embedded");
        }
    }
    b.finish()
}

/// The fingerprint of one tournament's report, or `None` when it cannot be
/// trusted: its folder holds a link to a folder, whose entries the loader
/// would read but the fingerprint does not follow. Such a tournament is
/// written every run. With `keep`, the bytes of its files read are kept
/// there, for the report to be made from.
pub fn tournament_fingerprint(run: Fingerprint, loaded: &Loaded, keep: Option<&mut Inputs>) -> Option<Fingerprint> {
    let t = &loaded.tournament;
    let links_to_folders = walkdir::WalkDir::new(&t.dir)
        .follow_links(false)
        .into_iter()
        .flatten()
        .any(|e| e.file_type().is_symlink() && std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir()));
    if links_to_folders {
        return None;
    }
    let mut b = FingerprintBuilder::new();
    b.part("run", &run.0.to_le_bytes());
    b.part("id", t.id.as_bytes());
    b.tree_keeping("tournament", &t.dir, keep);
    Some(b.finish())
}

/// What was stored for tournament `id` at its last report, if that report
/// was made from inputs with fingerprint `fp` and both its folders are
/// still there.
pub fn reusable(out: &Path, id: &str, fp: Fingerprint) -> Option<Stored> {
    let dir = out.join(ARBITER).join(id);
    let stored = Fingerprint::parse(&std::fs::read_to_string(dir.join(FINGERPRINT)).ok()?)?;
    if stored != fp || !dir.join("report.json").is_file() {
        return None;
    }
    let s: Stored = serde_json::from_slice(&std::fs::read(dir.join(SUMMARY)).ok()?).ok()?;
    let public = public_fingerprint(&out.join(PUBLIC).join(id));
    (public.is_some() && public == s.public).then_some(s)
}

/// What tells a public folder apart: the fingerprint it holds, or, for a
/// folder without one (the one-line page of a tournament never published, a
/// report kept from before), the hash of its files. `None` when it is not
/// there.
pub fn public_fingerprint(dir: &Path) -> Option<String> {
    if !dir.is_dir() {
        return None;
    }
    let held = std::fs::read_to_string(dir.join(PUBLIC_FINGERPRINT)).ok();
    Some(match held.as_deref().and_then(Fingerprint::parse) {
        Some(f) => f.to_string(),
        None => format!("files {}", FingerprintBuilder::new().tree("public", dir).finish()),
    })
}

/// Writes `bytes` to `path` unless it already holds them (so that an
/// unchanged page keeps its time), or always when `force`.
///
/// # Errors
/// Any I/O error, naming its path.
pub fn write_if_changed(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    if !force && std::fs::read(path).ok().as_deref() == Some(bytes) {
        return Ok(());
    }
    crate::output::write_file(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_summary_reads_back() {
        let s = Stored {
            name: "Cup".into(),
            games: 3,
            finished: 1,
            available: true,
            stale_since: Some("2026-01-02".into()),
            counts: [2, 1, 0],
            findings: FindingCounts {
                new: Some(1),
                resolved: Some(0),
                overdue: 1,
                open: 3,
                since: None,
            },
            language: Language::Ru,
            errors: vec!["overstep".into(), "bad-input".into()],
            analysed: 3,
            public: Some("00000000000000ff".into()),
        };
        let json = serde_json::to_vec(&s).unwrap();
        assert_eq!(serde_json::from_slice::<Stored>(&json).unwrap(), s);
    }

    #[test]
    fn a_public_folder_is_told_apart_by_its_fingerprint_or_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("t");
        assert_eq!(public_fingerprint(&d), None);
        std::fs::create_dir(&d).unwrap();
        std::fs::write(d.join("index.html"), "one").unwrap();
        let one = public_fingerprint(&d).unwrap();
        std::fs::write(d.join("index.html"), "two").unwrap();
        let two = public_fingerprint(&d).unwrap();
        assert!(one.starts_with("files ") && one != two);
        std::fs::write(d.join(PUBLIC_FINGERPRINT), "00000000000000ff\n").unwrap();
        assert_eq!(public_fingerprint(&d).as_deref(), Some("00000000000000ff"));
    }

    #[test]
    fn run_fingerprint_changes_with_as_of_and_templates() {
        let dir = tempfile::tempdir().unwrap();
        let d1 = NaiveDate::from_ymd_opt(2026, 3, 20).unwrap();
        let d2 = NaiveDate::from_ymd_opt(2026, 3, 21).unwrap();
        let base = run_fingerprint(dir.path(), d1, None);
        assert_eq!(base, run_fingerprint(dir.path(), d1, None));
        assert_ne!(base, run_fingerprint(dir.path(), d2, None));
        let tpl = tempfile::tempdir().unwrap();
        let with = run_fingerprint(dir.path(), d1, Some(tpl.path()));
        assert_ne!(base, with);
        std::fs::write(tpl.path().join("style.css"), "body{}").unwrap();
        assert_ne!(with, run_fingerprint(dir.path(), d1, Some(tpl.path())));
    }
}
