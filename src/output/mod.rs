//! Writing the report: two trees, `out/public/` (what may be published) and
//! `out/arbiter/` (the arbiter's files, with the players' addresses), so that
//! publishing one can never leak the other.
//!
//! Each tournament's folder in either tree is replaced without a window
//! (docs/output.md): the new folder is written beside it as `.<id>.new` and
//! swapped with the old one in one `renameat2(RENAME_EXCHANGE)`, so that at
//! every instant `<id>` is either the whole old folder or the whole new one,
//! a `kill -9` included. Where the filesystem refuses the exchange, two
//! renames are made instead, the old folder standing as `.<id>.old` between
//! them, and the next run puts it back if it was killed there.
//!
//! A lock ([`lock`]) makes sure one run at a time writes into an output
//! folder; only the run holding it clears what a killed run left
//! ([`sweep`]). Nothing is written outside the output folder: every name is
//! checked first, and the output folder may not overlap the tournaments
//! folder ([`check_apart`]).

pub mod fingerprint;
pub mod incremental;
pub mod previous;
pub mod snapshot;

use anyhow::{Context, bail};
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Component, Path, PathBuf};

use std::collections::BTreeMap;

/// The files of one tournament in one tree: name → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The public tree, inside the output folder.
pub const PUBLIC: &str = "public";
/// The arbiter's tree, inside the output folder.
pub const ARBITER: &str = "arbiter";
/// The lock file, inside the output folder.
pub const LOCK: &str = ".ccbulletin.lock";
/// Names the tool writes beside the tournaments' folders: no tournament may
/// be named so (matched whatever the case, as Windows and macOS do).
pub const RESERVED: &[&str] = &[
    "index.html",
    "style.css",
    "deadlines.ics",
    "report.json",
    PUBLIC,
    ARBITER,
    LOCK,
];

const NEW: &str = ".new";
const OLD: &str = ".old";

/// Whether a tournament id collides with a name the tool writes.
pub fn is_reserved(id: &str) -> bool {
    RESERVED.iter().any(|r| r.eq_ignore_ascii_case(id))
}

/// A step of the run where the tests may stop it or change an input (cargo
/// feature `fault-injection`): with `CCB_FAULT_ABORT_AT=N` the process
/// aborts, as a `kill -9` would stop it, at the N-th step; with
/// `CCB_FAULT_TRACE` set each step is named on stderr; with
/// `CCB_FAULT_HOLD=PATH` the run stops at its first step, with the lock
/// held, makes `PATH.held`, and goes on once `PATH` exists (so that a test
/// runs a second run while the first holds the lock, whatever the timing);
/// at the step named by `CCB_FAULT_EDIT_AT`, the bytes of the file
/// `CCB_FAULT_EDIT_FROM` are written over `CCB_FAULT_EDIT_TO`, as an
/// arbiter saving a file during the run would. Without the feature this
/// does nothing.
#[cfg(feature = "fault-injection")]
pub fn fault_point(step: &str, path: &Path) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst) + 1;
    if std::env::var_os("CCB_FAULT_TRACE").is_some() {
        let _ = writeln!(std::io::stderr(), "fault point {n}: {step} {}", path.display());
    }
    if let Some(release) = std::env::var_os("CCB_FAULT_HOLD").map(std::path::PathBuf::from)
        && n == 1
    {
        let mut held = release.clone().into_os_string();
        held.push(".held");
        std::fs::write(&held, b"").expect("the test's folder is writable");
        while !release.exists() {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
    if std::env::var("CCB_FAULT_EDIT_AT").is_ok_and(|at| at == step)
        && let (Some(from), Some(to)) = (
            std::env::var_os("CCB_FAULT_EDIT_FROM"),
            std::env::var_os("CCB_FAULT_EDIT_TO"),
        )
    {
        let bytes = std::fs::read(&from).unwrap_or_default();
        let _ = std::fs::write(&to, bytes);
    }
    if std::env::var("CCB_FAULT_ABORT_AT").ok().and_then(|s| s.parse().ok()) == Some(n) {
        std::process::abort();
    }
}

/// Does nothing: the tests' steps are built with `fault-injection` only.
#[cfg(not(feature = "fault-injection"))]
#[inline(always)]
pub fn fault_point(_step: &str, _path: &Path) {}

/// Whether the tests ask for the two-rename swap (feature `fault-injection`,
/// `CCB_FAULT_NO_EXCHANGE` set), to prove the fallback too.
fn exchange_disabled() -> bool {
    cfg!(feature = "fault-injection") && std::env::var_os("CCB_FAULT_NO_EXCHANGE").is_some()
}

/// A path made absolute and free of `.`, `..` and symbolic links, even where
/// its last components do not exist yet: the nearest existing ancestor is
/// resolved and the rest appended.
///
/// # Errors
/// When the working folder cannot be known or an existing part cannot be
/// resolved.
pub fn resolve(path: &Path) -> anyhow::Result<PathBuf> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .context("failed to know the working folder")?
            .join(path)
    };
    let mut cur = PathBuf::new();
    let mut exists = true;
    for c in abs.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => cur.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                cur.pop();
                exists = cur.exists();
            }
            Component::Normal(name) => {
                let next = cur.join(name);
                if exists && std::fs::symlink_metadata(&next).is_ok() {
                    cur = next
                        .canonicalize()
                        .with_context(|| format!("failed to resolve `{}`", next.display()))?;
                } else {
                    exists = false;
                    cur = next;
                }
            }
        }
    }
    Ok(cur)
}

/// Refuses an output folder that is the tournaments folder, or inside it, or
/// holds it, and trees inside it that lead there through a link
/// (`out/public` or `out/arbiter` a link to the tournaments or into them), or
/// that lead into each other (`out/public` a link to `out/arbiter` would
/// publish the addresses): writing there could replace or delete the inputs
/// or leak the private tree. Returns the output folder resolved, free of
/// `..` (`t/new/../../out` is the folder `out`, and the caller makes that
/// one, never `t/new`).
///
/// # Errors
/// When they overlap, or a path cannot be resolved.
pub fn check_apart(tournaments: &Path, out: &Path) -> anyhow::Result<PathBuf> {
    let t = resolve(tournaments)?;
    let o = resolve(out)?;
    let overlap = |a: &Path, b: &Path| a.starts_with(b) || b.starts_with(a);
    if overlap(&t, &o) {
        bail!(
            "the output folder `{}` and the tournaments folder `{}` overlap ({} and {}): \
             nothing is read or written; choose an output folder outside the tournaments",
            out.display(),
            tournaments.display(),
            o.display(),
            t.display()
        );
    }
    let public = resolve(&o.join(PUBLIC))?;
    let arbiter = resolve(&o.join(ARBITER))?;
    for (name, tree) in [(PUBLIC, &public), (ARBITER, &arbiter)] {
        if overlap(&t, tree) {
            bail!(
                "`{}` leads to `{}`, which overlaps the tournaments folder `{}`: \
                 nothing is read or written; make it a folder of its own",
                o.join(name).display(),
                tree.display(),
                t.display()
            );
        }
    }
    if overlap(&public, &arbiter) {
        bail!(
            "`{}` and `{}` lead to the same place (`{}` and `{}`): the arbiter's files would be \
             published; nothing is read or written",
            o.join(PUBLIC).display(),
            o.join(ARBITER).display(),
            public.display(),
            arbiter.display()
        );
    }
    Ok(o)
}

/// The lock on an output folder, held until dropped (the file is closed and
/// the kernel releases the lock, also when the process is killed).
#[derive(Debug)]
pub struct Lock {
    file: File,
}

impl Drop for Lock {
    /// Empties the lock file, so that a finished run leaves the same bytes
    /// whoever ran it (the lock itself goes with the file's closing).
    fn drop(&mut self) {
        let _ = self.file.set_len(0);
    }
}

/// Makes the output folder and takes its lock: a file
/// `out/.ccbulletin.lock` locked with `flock`, holding the process id and
/// start time of the run that holds it.
///
/// # Errors
/// When the folder cannot be made or written, or another run holds the lock
/// (the message names it): the run cannot be made.
pub fn lock(out: &Path) -> anyhow::Result<Lock> {
    std::fs::create_dir_all(out).with_context(|| format!("failed to create the output folder `{}`", out.display()))?;
    let path = out.join(LOCK);
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    // A link in the lock's place is never followed: truncating the lock
    // would empty whatever file it leads to.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    let is_link = || std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
    let mut file = match options.open(&path) {
        Ok(f) => f,
        Err(_) if is_link() => bail!(
            "`{}` is a link: it is not followed, and nothing is written; remove it",
            path.display()
        ),
        Err(e) => {
            return Err(e).with_context(|| format!("the output folder `{}` cannot be written", out.display()));
        }
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        bail!(
            "`{}` is not a regular file: nothing is written; remove it",
            path.display()
        );
    }
    if let Err(e) = rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        if e == rustix::io::Errno::WOULDBLOCK {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = holder.trim();
            bail!(
                "another run is writing into `{}` ({}): this one stops without writing",
                out.display(),
                if holder.is_empty() {
                    "its lock file is being written"
                } else {
                    holder
                }
            );
        }
        return Err(std::io::Error::from(e)).with_context(|| format!("failed to lock `{}`", path.display()));
    }
    let me = format!(
        "pid {}, started {}\n",
        std::process::id(),
        chrono::Local::now().format("%Y-%m-%d %H:%M:%S %z")
    );
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(me.as_bytes()))
        .with_context(|| format!("failed to write `{}`", path.display()))?;
    Ok(Lock { file })
}

/// Makes the two trees and clears what a killed run left in them: a `.<id>.new` folder is
/// removed (it never holds the only copy); a `.<id>.old` one is put back as
/// `<id>` when `<id>` is missing (a run killed between the two renames of
/// the fallback swap), removed otherwise. Needs the lock, which the caller
/// proves by passing it. Returns what could not be removed, for a warning.
///
/// # Errors
/// When a tree cannot be made.
pub fn sweep(out: &Path, _lock: &Lock) -> anyhow::Result<Vec<String>> {
    let mut left = Vec::new();
    for tree in [PUBLIC, ARBITER] {
        let dir = out.join(tree);
        std::fs::create_dir_all(&dir).with_context(|| format!("failed to create `{}`", dir.display()))?;
        let Ok(entries) = std::fs::read_dir(out.join(tree)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_prefix('.') else {
                continue;
            };
            let path = e.path();
            if let Some(id) = stem.strip_suffix(OLD)
                && crate::model::is_valid_id(id)
            {
                let dest = out.join(tree).join(id);
                if std::fs::symlink_metadata(&dest).is_err() && std::fs::rename(&path, &dest).is_ok() {
                    continue;
                }
            } else if !stem.strip_suffix(NEW).is_some_and(crate::model::is_valid_id) {
                continue;
            }
            if let Err(e) = remove_all(&path) {
                left.push(format!("{e:#}"));
            }
        }
    }
    Ok(left)
}

/// Removes a folder and everything in it, making read-only folders
/// writable first (a folder whose mode forbids writing keeps its files).
fn remove_all(path: &Path) -> anyhow::Result<()> {
    match std::fs::symlink_metadata(path) {
        Err(_) => return Ok(()),
        Ok(m) if !m.is_dir() => {
            return std::fs::remove_file(path).with_context(|| format!("failed to remove `{}`", path.display()));
        }
        Ok(_) => {}
    }
    if std::fs::remove_dir_all(path).is_ok() {
        return Ok(());
    }
    #[cfg(unix)]
    for e in walkdir::WalkDir::new(path).follow_links(false).into_iter().flatten() {
        if e.file_type().is_dir() {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(e.path(), std::fs::Permissions::from_mode(0o700));
        }
    }
    std::fs::remove_dir_all(path).with_context(|| format!("failed to remove `{}`", path.display()))
}

/// Whether a relative path stays inside the folder it is joined to.
fn is_contained(rel: &str) -> bool {
    let p = Path::new(rel);
    !rel.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Writes one tournament's files as `tree/<id>/`, replacing what was there
/// without a window (see the module's documentation). Needs the lock.
///
/// Returns a warning when the new folder is in place but the previous one
/// could not be removed (the next run's [`sweep`] tries again).
///
/// # Errors
/// Any I/O error, naming its path; the previous `tree/<id>` is then intact.
/// An id that is not one, or is one of [`RESERVED`], is refused.
pub fn write_tournament(tree: &Path, id: &str, files: &Files, lock: &Lock) -> anyhow::Result<Option<String>> {
    write_tournament_keeping(tree, id, files, &std::collections::BTreeSet::new(), lock)
}

/// As [`write_tournament`], and the files named in `kept`, not rendered
/// again because what they show did not change, are carried over from the
/// folder replaced (linked, keeping their inode and times).
///
/// # Errors
/// As [`write_tournament`]; and a kept file that the folder replaced does
/// not hold (nothing is replaced then).
pub fn write_tournament_keeping(
    tree: &Path,
    id: &str,
    files: &Files,
    kept: &std::collections::BTreeSet<String>,
    _lock: &Lock,
) -> anyhow::Result<Option<String>> {
    if !crate::model::is_valid_id(id) || is_reserved(id) {
        bail!("`{id}` cannot name a tournament's folder: nothing written");
    }
    if let Some(rel) = files.keys().chain(kept).find(|rel| !is_contained(rel)) {
        bail!("`{rel}` would be written outside the tournament's folder");
    }
    let tmp = tree.join(format!(".{id}{NEW}"));
    let old = tree.join(format!(".{id}{OLD}"));
    let dest = tree.join(id);
    if std::fs::symlink_metadata(&tmp).is_ok() {
        remove_all(&tmp)?;
    }
    // Unchanged files are carried over from the folder replaced, when it is
    // one (never through a link).
    let previous = std::fs::symlink_metadata(&dest)
        .is_ok_and(|m| m.is_dir())
        .then_some(dest.as_path());
    if let Err(e) = write_files(&tmp, files, kept, previous) {
        let _ = remove_all(&tmp);
        return Err(e);
    }
    fault_point("written", &tmp);
    if std::fs::symlink_metadata(&dest).is_err() {
        std::fs::rename(&tmp, &dest)
            .with_context(|| format!("failed to move the new report into `{}`", dest.display()))?;
        return Ok(None);
    }
    // Where the previous report stands once the new one is in place.
    let previous = match exchange(&tmp, &dest) {
        Ok(()) => {
            fault_point("exchanged", &dest);
            tmp
        }
        Err(_) => {
            // The filesystem cannot exchange: two renames, the old folder
            // standing as `.<id>.old` in between ([`sweep`] puts it back).
            if std::fs::symlink_metadata(&old).is_ok() {
                remove_all(&old)?;
            }
            std::fs::rename(&dest, &old).with_context(|| format!("failed to move `{}` aside", dest.display()))?;
            fault_point("moved aside", &old);
            if let Err(e) = std::fs::rename(&tmp, &dest) {
                let _ = std::fs::rename(&old, &dest);
                let _ = remove_all(&tmp);
                return Err(e).with_context(|| format!("failed to move the new report into `{}`", dest.display()));
            }
            fault_point("renamed", &dest);
            old
        }
    };
    let left = remove_all(&previous).err().map(|e| {
        format!(
            "the new report is in `{}`, but {e:#}; the next run tries again",
            dest.display()
        )
    });
    fault_point("removed", &dest);
    Ok(left)
}

/// Writes `files` into a new folder `dir`. A file whose bytes are those of
/// the same file in `previous` (the folder `dir` is to replace) is not
/// written but linked to it (a hard link): it keeps its inode and times
/// once the folders are swapped, so a nightly run leaves every unchanged
/// page as it was for rsync and the web server.
///
/// The files named in `kept` are linked to `previous` whatever their bytes:
/// the caller knows them unchanged.
fn write_files(
    dir: &Path,
    files: &Files,
    kept: &std::collections::BTreeSet<String>,
    previous: Option<&Path>,
) -> anyhow::Result<()> {
    std::fs::create_dir(dir).with_context(|| format!("failed to create `{}`", dir.display()))?;
    let mut made: std::collections::BTreeSet<PathBuf> = Default::default();
    for rel in kept {
        let path = dir.join(rel);
        if let Some(parent) = path.parent()
            && parent != dir
            && !made.contains(parent)
        {
            std::fs::create_dir_all(parent).with_context(|| format!("failed to create `{}`", parent.display()))?;
            made.insert(parent.to_path_buf());
        }
        let from = previous.map(|p| p.join(rel));
        let linked = from.as_deref().is_some_and(|from| {
            std::fs::symlink_metadata(from).is_ok_and(|m| m.is_file()) && std::fs::hard_link(from, &path).is_ok()
        });
        if !linked {
            bail!("`{rel}` was to be kept from the previous report, which does not hold it");
        }
    }
    for (n, (rel, bytes)) in files.iter().enumerate() {
        if n == files.len() / 2 {
            fault_point("half written", dir);
        }
        let path = dir.join(rel);
        if let Some(parent) = path.parent()
            && parent != dir
            && !made.contains(parent)
        {
            std::fs::create_dir_all(parent).with_context(|| format!("failed to create `{}`", parent.display()))?;
            made.insert(parent.to_path_buf());
        }
        if !previous.is_some_and(|p| carried_over(&p.join(rel), &path, bytes)) {
            std::fs::write(&path, bytes).with_context(|| format!("failed to write `{}`", path.display()))?;
        }
    }
    Ok(())
}

/// Links `to` to the regular file `from` when it holds exactly `bytes`;
/// whether it did.
fn carried_over(from: &Path, to: &Path, bytes: &[u8]) -> bool {
    let same = std::fs::symlink_metadata(from).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && std::fs::read(from).is_ok_and(|old| old == bytes);
    same && std::fs::hard_link(from, to).is_ok()
}

/// Swaps two folders in one step (Linux `renameat2(RENAME_EXCHANGE)`).
///
/// # Errors
/// When the system or the filesystem cannot (the caller falls back).
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    if exchange_disabled() {
        return Err(std::io::Error::from(std::io::ErrorKind::Unsupported));
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        rustix::fs::renameat_with(
            rustix::fs::CWD,
            a,
            rustix::fs::CWD,
            b,
            rustix::fs::RenameFlags::EXCHANGE,
        )
        .map_err(std::io::Error::from)
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = (a, b);
        Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
    }
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
    let tmp = path.with_file_name(format!(".{name}{NEW}"));
    std::fs::write(&tmp, bytes).with_context(|| format!("failed to write `{}`", tmp.display()))?;
    fault_point("file written", &tmp);
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
    fn replaces_whole_and_leaves_nothing_beside() {
        let dir = tempfile::tempdir().unwrap();
        let lock = lock(dir.path()).unwrap();
        sweep(dir.path(), &lock).unwrap();
        let tree = dir.path().join(PUBLIC);
        write_tournament(&tree, "t1", &files("one"), &lock).unwrap();
        assert_eq!(std::fs::read_to_string(tree.join("t1/games/a.html")).unwrap(), "one");
        write_tournament(&tree, "t1", &files("two"), &lock).unwrap();
        for f in ["index.html", "games/a.html", "report.json"] {
            assert_eq!(std::fs::read_to_string(tree.join("t1").join(f)).unwrap(), "two");
        }
        let names: Vec<String> = std::fs::read_dir(&tree)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["t1".to_string()]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_previous_report_is_replaced_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let lock = lock(dir.path()).unwrap();
        sweep(dir.path(), &lock).unwrap();
        let tree = dir.path().join(ARBITER);
        write_tournament(&tree, "t1", &files("one"), &lock).unwrap();
        for d in ["t1/games", "t1"] {
            std::fs::set_permissions(tree.join(d), std::fs::Permissions::from_mode(0o555)).unwrap();
        }
        assert_eq!(write_tournament(&tree, "t1", &files("two"), &lock).unwrap(), None);
        assert_eq!(std::fs::read_to_string(tree.join("t1/games/a.html")).unwrap(), "two");
        let names: Vec<String> = std::fs::read_dir(&tree)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["t1".to_string()], "no copy of the old report is left");
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock(dir.path()).unwrap();
        let err = format!("{:#}", lock(dir.path()).unwrap_err());
        assert!(err.contains(&format!("pid {}", std::process::id())), "{err}");
        drop(first);
        assert!(lock(dir.path()).is_ok());
    }

    #[test]
    fn sweep_puts_back_an_old_folder_whose_place_is_empty_and_removes_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let lock = lock(dir.path()).unwrap();
        let tree = dir.path().join(ARBITER);
        std::fs::create_dir_all(tree.join(".a.old")).unwrap();
        std::fs::write(tree.join(".a.old/report.json"), "old a").unwrap();
        std::fs::create_dir_all(tree.join(".b.old")).unwrap();
        std::fs::create_dir_all(tree.join("b")).unwrap();
        std::fs::create_dir_all(tree.join(".c.new/games")).unwrap();
        std::fs::create_dir_all(tree.join(".keep")).unwrap();
        assert!(sweep(dir.path(), &lock).unwrap().is_empty());
        assert_eq!(std::fs::read_to_string(tree.join("a/report.json")).unwrap(), "old a");
        assert!(!tree.join(".b.old").exists() && tree.join("b").is_dir());
        assert!(!tree.join(".c.new").exists());
        assert!(tree.join(".keep").is_dir(), "a folder the tool did not make is left");
    }

    #[test]
    fn names_that_leave_the_folder_or_are_reserved_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let lock = lock(dir.path()).unwrap();
        sweep(dir.path(), &lock).unwrap();
        let tree = dir.path().join(PUBLIC);
        assert!(write_tournament(&tree, "..", &files("x"), &lock).is_err());
        assert!(write_tournament(&tree, "Index.HTML", &files("x"), &lock).is_err());
        let mut bad = Files::new();
        bad.insert("../escape.html".into(), b"x".to_vec());
        assert!(write_tournament(&tree, "t", &bad, &lock).is_err());
        assert!(!tree.join("escape.html").exists());
        assert!(!tree.join("t").exists());
    }

    #[test]
    fn overlapping_folders_are_found_through_links_and_missing_parts() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("in");
        std::fs::create_dir_all(t.join("t1")).unwrap();
        assert!(check_apart(&t, &t).is_err());
        assert!(check_apart(&t, dir.path()).is_err());
        assert!(check_apart(&t, &t.join("not-yet/out")).is_err());
        assert!(check_apart(&t, &dir.path().join("x/../in")).is_err());
        assert!(check_apart(&t, &dir.path().join("in-out")).is_ok());
        assert!(check_apart(&t, &dir.path().join("out")).is_ok());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&t, dir.path().join("link")).unwrap();
            assert!(check_apart(&t, &dir.path().join("link/out")).is_err());
        }
    }
}
