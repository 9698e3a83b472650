//! Writing the report (SPEC 9, issue 7): each tournament's files go into a
//! temporary folder beside their place and are renamed into it, so a run
//! that fails or is killed leaves the previous report whole. Nothing is
//! written outside the output folder: every name is checked first.

use anyhow::{Context, bail};
use std::path::{Component, Path};

use crate::render::Files;

const TMP: &str = ".tmp-";
const OLD: &str = ".old-";

/// Makes sure the output folder exists and can be written, and removes
/// temporary folders that a killed run left behind.
///
/// # Errors
/// When the folder cannot be made or written: the run cannot be made.
pub fn prepare(out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("failed to create the output folder `{}`", out.display()))?;
    let probe = out.join(format!(".ccbulletin-probe-{}", std::process::id()));
    std::fs::write(&probe, b"").with_context(|| format!("the output folder `{}` cannot be written", out.display()))?;
    std::fs::remove_file(&probe).with_context(|| format!("failed to remove `{}`", probe.display()))?;
    if let Ok(entries) = std::fs::read_dir(out) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') && (name.contains(TMP) || name.contains(OLD)) {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    Ok(())
}

/// Whether a relative path stays inside the folder it is joined to.
fn is_contained(rel: &str) -> bool {
    let p = Path::new(rel);
    !rel.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Writes one tournament's files as `out/<id>/`, replacing what was there
/// in one rename. `fail_after` makes the write fail after that many files
/// (for the tests that prove a failed run leaves the old report).
///
/// # Errors
/// Any I/O error, naming its path; the previous `out/<id>` is then intact.
pub fn write_tournament(out: &Path, id: &str, files: &Files, fail_after: Option<usize>) -> anyhow::Result<()> {
    if !crate::model::is_valid_id(id) {
        bail!("`{id}` is not a tournament id: nothing written");
    }
    let pid = std::process::id();
    let tmp = out.join(format!(".{id}{TMP}{pid}"));
    let old = out.join(format!(".{id}{OLD}{pid}"));
    let dest = out.join(id);
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).with_context(|| format!("failed to remove `{}`", tmp.display()))?;
    }
    let result = (|| {
        let mut made: std::collections::BTreeSet<std::path::PathBuf> = Default::default();
        for (n, (rel, bytes)) in files.iter().enumerate() {
            if fail_after == Some(n) {
                bail!("failure injected after {n} files");
            }
            if !is_contained(rel) {
                bail!("`{rel}` would be written outside the tournament's folder");
            }
            let path = tmp.join(rel);
            if let Some(dir) = path.parent()
                && !made.contains(dir)
            {
                std::fs::create_dir_all(dir).with_context(|| format!("failed to create `{}`", dir.display()))?;
                made.insert(dir.to_path_buf());
            }
            std::fs::write(&path, bytes).with_context(|| format!("failed to write `{}`", path.display()))?;
        }
        Ok(())
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    if dest.exists() {
        std::fs::rename(&dest, &old).with_context(|| format!("failed to move `{}` aside", dest.display()))?;
    }
    if let Err(e) = std::fs::rename(&tmp, &dest) {
        // Put the previous report back.
        let _ = std::fs::rename(&old, &dest);
        return Err(e).with_context(|| format!("failed to move the new report into `{}`", dest.display()));
    }
    if old.exists() {
        std::fs::remove_dir_all(&old).with_context(|| format!("failed to remove `{}`", old.display()))?;
    }
    Ok(())
}

/// Writes one file by writing a temporary file beside it and renaming it.
///
/// # Errors
/// Any I/O error, naming its path.
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}{TMP}{}", std::process::id()));
    std::fs::write(&tmp, bytes).with_context(|| format!("failed to write `{}`", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("failed to write `{}`", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(text: &str) -> Files {
        let mut f = Files::new();
        f.insert("index.html".into(), text.as_bytes().to_vec());
        f.insert("games/a.html".into(), text.as_bytes().to_vec());
        f.insert("report.json".into(), text.as_bytes().to_vec());
        f
    }

    #[test]
    fn replaces_whole_and_a_failed_write_keeps_the_old_report() {
        let dir = tempfile::tempdir().unwrap();
        prepare(dir.path()).unwrap();
        write_tournament(dir.path(), "t1", &files("one"), None).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("t1/games/a.html")).unwrap(),
            "one"
        );
        // A failure in the middle of writing: the old report stays, no temp left.
        assert!(write_tournament(dir.path(), "t1", &files("two"), Some(2)).is_err());
        for f in ["index.html", "games/a.html", "report.json"] {
            assert_eq!(std::fs::read_to_string(dir.path().join("t1").join(f)).unwrap(), "one");
        }
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["t1".to_string()]);
        write_tournament(dir.path(), "t1", &files("three"), None).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("t1/index.html")).unwrap(),
            "three"
        );
    }

    #[test]
    fn names_that_leave_the_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(write_tournament(dir.path(), "..", &files("x"), None).is_err());
        let mut bad = Files::new();
        bad.insert("../escape.html".into(), b"x".to_vec());
        assert!(write_tournament(dir.path(), "t", &bad, None).is_err());
        assert!(!dir.path().join("escape.html").exists());
        assert!(!dir.path().join("t").exists());
    }
}
