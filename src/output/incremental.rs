//! Incremental runs: a tournament whose report would be made from the same
//! inputs as its last one is not written again (docs/output.md).
//!
//! Beside the arbiter's files of each tournament stand two files of the
//! tool's own: `fingerprint` (see [`crate::output::fingerprint`]: the tournament's
//! folder, the template overrides, the tool, and the as-of date: [`dated`]) and
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
use std::collections::BTreeMap;
use std::path::Path;

use crate::history::FindingCounts;
use crate::load::{Inputs, Loaded};
use crate::model::Language;
use crate::output::fingerprint::{Fingerprint, FingerprintBuilder, tool_fingerprint};
use crate::output::{Output, Tree};

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
    /// Why the public report was kept, when it was (the core files failed).
    #[serde(default)]
    pub stale: Option<String>,
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
    /// Set when no later as-of date can change the report ([`settled`]).
    #[serde(default)]
    pub settled: Option<Settled>,
}

/// The parts of every tournament's fingerprint that are the same for the
/// whole run, but the as-of date ([`dated`]): the tool, the template
/// overrides (every file of the folder, as the run read it) and the tournaments folder
/// (resolved: whether a link stays inside it depends on where it is).
pub fn run_fingerprint(tournaments: &Path, templates: Option<(&Path, &BTreeMap<String, String>)>) -> Fingerprint {
    let mut b = FingerprintBuilder::new();
    b.part("tool", &tool_fingerprint().0.to_le_bytes());
    let root = crate::output::resolve(tournaments).unwrap_or_else(|_| tournaments.to_path_buf());
    b.part("tournaments", root.as_os_str().as_encoded_bytes());
    match templates {
        Some((dir, files)) => {
            // The template files as the run read them, once: an edit made
            // while it runs is seen by the next run.
            b.part("templates", dir.as_os_str().as_encoded_bytes());
            for (name, text) in files {
                b.part(name, text.as_bytes());
            }
        }
        None => {
            b.part("templates", b"embedded");
        }
    }
    b.finish()
}

/// A tournament's fingerprint ([`tournament_fingerprint`]) with the as-of
/// date: the fingerprint of its report on that date, stored beside it.
pub fn dated(fp: Fingerprint, as_of: NaiveDate) -> Fingerprint {
    let mut b = FingerprintBuilder::new();
    b.part("inputs", &fp.0.to_le_bytes());
    b.part("as-of", as_of.to_string().as_bytes());
    b.finish()
}

/// A report that no later as-of date can change (a finished tournament:
/// [`TournamentReport::settled`](crate::compute::TournamentReport::settled)),
/// reused on every later date while
/// its inputs stay as they were.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settled {
    /// The fingerprint of its inputs, without the date.
    pub inputs: String,
    /// The as-of date it was made on; an earlier date makes it again.
    pub from: NaiveDate,
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
/// was made from inputs with fingerprint `fp` (without the date) on
/// `as_of`, or on an earlier date and settled then ([`Settled`]), and
/// both its folders are still there. Read through the output's open
/// folders, never through a link.
pub fn reusable(out: &Output, id: &str, fp: Fingerprint, as_of: NaiveDate) -> Option<Stored> {
    let arbiter = out.arbiter();
    let text = String::from_utf8(arbiter.read(&format!("{id}/{FINGERPRINT}"))?).ok()?;
    let stored = Fingerprint::parse(&text)?;
    arbiter.size(&format!("{id}/report.json"))?;
    let s: Stored = serde_json::from_slice(&arbiter.read(&format!("{id}/{SUMMARY}"))?).ok()?;
    let settled = s
        .settled
        .as_ref()
        .is_some_and(|x| x.inputs == fp.to_string() && x.from <= as_of);
    if stored != dated(fp, as_of) && !settled {
        return None;
    }
    let public = public_fingerprint(out.public(), id);
    (public.is_some() && public == s.public).then_some(s)
}

/// What tells the public folder `id` apart: the fingerprint it holds, or,
/// for a folder without one (the one-line page of a tournament never
/// published, a report kept from before), the hash of its regular files.
/// `None` when it is not there (or is not a folder: a link is not
/// followed).
pub fn public_fingerprint(public: &Tree, id: &str) -> Option<String> {
    let held = public
        .read(&format!("{id}/{PUBLIC_FINGERPRINT}"))
        .and_then(|b| String::from_utf8(b).ok());
    if let Some(f) = held.as_deref().and_then(Fingerprint::parse) {
        return Some(f.to_string());
    }
    let mut b = FingerprintBuilder::new();
    for (rel, bytes) in &public.files(id)? {
        b.part(rel, bytes);
    }
    Some(format!("files {}", b.finish()))
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
            stale: Some("pairings.csv: no rows".into()),
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
            settled: None,
        };
        let json = serde_json::to_vec(&s).unwrap();
        assert_eq!(serde_json::from_slice::<Stored>(&json).unwrap(), s);
    }

    #[test]
    fn a_public_folder_is_told_apart_by_its_fingerprint_or_its_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("in")).unwrap();
        let out = Output::open(&dir.path().join("in"), &dir.path().join("out")).unwrap();
        let d = dir.path().join("out/public/t");
        assert_eq!(public_fingerprint(out.public(), "t"), None);
        std::fs::create_dir(&d).unwrap();
        std::fs::write(d.join("index.html"), "one").unwrap();
        let one = public_fingerprint(out.public(), "t").unwrap();
        std::fs::write(d.join("index.html"), "two").unwrap();
        let two = public_fingerprint(out.public(), "t").unwrap();
        assert!(one.starts_with("files ") && one != two);
        std::fs::write(d.join(PUBLIC_FINGERPRINT), "00000000000000ff\n").unwrap();
        assert_eq!(
            public_fingerprint(out.public(), "t").as_deref(),
            Some("00000000000000ff")
        );
    }

    #[test]
    fn run_fingerprint_changes_with_templates_and_the_dated_one_with_as_of() {
        let dir = tempfile::tempdir().unwrap();
        let d1 = NaiveDate::from_ymd_opt(2026, 3, 20).unwrap();
        let d2 = NaiveDate::from_ymd_opt(2026, 3, 21).unwrap();
        let base = run_fingerprint(dir.path(), None);
        assert_eq!(base, run_fingerprint(dir.path(), None));
        assert_eq!(dated(base, d1), dated(base, d1));
        assert_ne!(dated(base, d1), dated(base, d2));
        assert_ne!(dated(base, d1), base);
        let tpl = tempfile::tempdir().unwrap();
        let mut files = BTreeMap::new();
        let with = run_fingerprint(dir.path(), Some((tpl.path(), &files)));
        assert_ne!(base, with);
        files.insert("style.css".to_string(), "body{}".to_string());
        assert_ne!(with, run_fingerprint(dir.path(), Some((tpl.path(), &files))));
    }
}
