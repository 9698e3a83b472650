//! What the tournaments folder looked like before the run read it: every
//! entry's kind, size, inode and modification and change times. A
//! tournament whose entries are not the same once its report is made was
//! edited while the run read it (between the load and the fingerprint, or
//! while a game's file was read): its report may mix old and new bytes, so
//! its fingerprint is not stored, and the next run makes it again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each entry under a folder, by path, with what tells it from itself
/// rewritten.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Snapshot(BTreeMap<PathBuf, [i64; 7]>);

/// What changes when a file is written, renamed over, or replaced: kind,
/// size, inode, and modification and change times to the nanosecond.
fn identity(m: &std::fs::Metadata) -> [i64; 7] {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        [
            i64::from(m.mode()),
            m.size() as i64,
            m.ino() as i64,
            m.mtime(),
            m.mtime_nsec(),
            m.ctime(),
            m.ctime_nsec(),
        ]
    }
    #[cfg(not(unix))]
    {
        let t = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .unwrap_or_default();
        [
            i64::from(m.is_dir()),
            m.len() as i64,
            0,
            t.as_secs() as i64,
            i64::from(t.subsec_nanos()),
            0,
            0,
        ]
    }
}

/// The entries under `dir` from `min_depth` to `max_depth`, links not
/// followed; what cannot be read is left out.
fn entries(dir: &Path, min_depth: usize, max_depth: usize) -> impl Iterator<Item = walkdir::DirEntry> {
    walkdir::WalkDir::new(dir)
        .follow_links(false)
        .min_depth(min_depth)
        .max_depth(max_depth)
        .into_iter()
        .flatten()
}

/// An entry by its path, with its identity; none when it cannot be read.
fn seen(e: &walkdir::DirEntry) -> Option<(PathBuf, [i64; 7])> {
    Some((e.path().to_path_buf(), identity(&e.metadata().ok()?)))
}

impl Snapshot {
    /// Every entry under `root` (links not followed); what cannot be read
    /// is left out, and then differs from any later look.
    ///
    /// The folders in `root` are walked side by side (on rayon's threads):
    /// one walk of a federation's 14,000 entries took 40 ms before anything
    /// else could start.
    pub fn take(root: &Path) -> Snapshot {
        use rayon::prelude::*;
        let top: Vec<walkdir::DirEntry> = entries(root, 0, 1).collect();
        let below: Vec<Vec<_>> = top
            .par_iter()
            .filter(|e| e.depth() == 1 && e.file_type().is_dir())
            .map(|e| entries(e.path(), 1, usize::MAX).filter_map(|e| seen(&e)).collect())
            .collect();
        Snapshot(top.iter().filter_map(seen).chain(below.into_iter().flatten()).collect())
    }

    /// Whether the entries under `dir` (one of the snapshot's folders) are
    /// still the same, none added and none gone. Walked on this thread
    /// alone: it runs in a tournament's turn.
    pub fn unchanged(&self, dir: &Path) -> bool {
        let now: BTreeMap<_, _> = entries(dir, 0, usize::MAX).filter_map(|e| seen(&e)).collect();
        let before = self
            .0
            .range(dir.to_path_buf()..)
            .take_while(|(p, _)| p.starts_with(dir));
        now.len() == before.clone().count() && before.zip(&now).all(|(a, b)| a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_added_or_removed_is_a_change_and_a_read_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("t");
        std::fs::create_dir_all(t.join("games")).unwrap();
        std::fs::write(t.join("players.csv"), "a").unwrap();
        std::fs::create_dir_all(dir.path().join("u")).unwrap();
        let snap = Snapshot::take(dir.path());
        let _ = std::fs::read(t.join("players.csv")).unwrap();
        assert!(snap.unchanged(&t));
        // The same bytes written again: the change time moves on.
        std::thread::sleep(std::time::Duration::from_millis(5));
        std::fs::write(t.join("players.csv"), "a").unwrap();
        assert!(!snap.unchanged(&t));
        assert!(snap.unchanged(&dir.path().join("u")), "another folder is not concerned");
        let snap = Snapshot::take(dir.path());
        std::fs::write(t.join("games/g.csv"), "").unwrap();
        assert!(!snap.unchanged(&t));
        let snap = Snapshot::take(dir.path());
        std::fs::remove_file(t.join("games/g.csv")).unwrap();
        assert!(!snap.unchanged(&t));
    }

    // The folders walked side by side make the snapshot one walk makes: the
    // root, its files, every folder's entries at every depth, a link by
    // itself and never what it points at.
    #[test]
    fn the_snapshot_is_every_entry_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("t/games/old")).unwrap();
        std::fs::create_dir_all(root.join("u")).unwrap();
        std::fs::write(root.join("t/games/old/g.pgn"), "1. e4").unwrap();
        std::fs::write(root.join("t/players.csv"), "a").unwrap();
        std::fs::write(root.join("notes.txt"), "n").unwrap();
        std::os::unix::fs::symlink(root.join("t"), root.join("link")).unwrap();
        let one_walk: BTreeMap<_, _> = entries(root, 0, usize::MAX).filter_map(|e| seen(&e)).collect();
        let snap = Snapshot::take(root);
        assert_eq!(snap.0, one_walk);
        assert_eq!(snap.0.len(), 9, "{:?}", snap.0.keys());
        assert!(!snap.0.contains_key(&root.join("link/players.csv")));
    }
}
