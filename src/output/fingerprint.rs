//! The fingerprint of a tournament's report: one hash over everything its
//! files are made from — every file of the tournament's folder (names, kinds
//! and bytes), the user's template overrides, the options that change the
//! output (the as-of date among them) and the tool itself (its version and
//! its executable file's identity, so that a rebuilt tool never reuses an
//! old report).
//!
//! A nightly rerun compares it with the one stored beside the arbiter's
//! files of the last report: when they are equal, the tournament is not
//! written again and its files keep their bytes and times. Any change to an
//! input changes the fingerprint, so a stale report cannot survive it.
//!
//! Reading for the hash follows the loader's rules: links are hashed as
//! links (their target's name), never followed, and a file that is not a
//! regular file (a FIFO, a device) is hashed by its kind, never opened.

use std::hash::{DefaultHasher, Hasher};
use std::path::Path;

use crate::load::Inputs;

/// A 64-bit fingerprint, written as 16 hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub u64);

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Fingerprint {
    /// Reads a fingerprint as [`Display`](std::fmt::Display) writes it.
    pub fn parse(text: &str) -> Option<Fingerprint> {
        let t = text.trim();
        (t.len() == 16)
            .then(|| u64::from_str_radix(t, 16).ok())
            .flatten()
            .map(Fingerprint)
    }
}

/// Accumulates the parts of a fingerprint. Every part is written with its
/// length first, so that two different sequences of parts never hash alike
/// by running into each other.
#[derive(Default)]
pub struct FingerprintBuilder(DefaultHasher);

impl FingerprintBuilder {
    pub fn new() -> FingerprintBuilder {
        FingerprintBuilder::default()
    }

    /// Adds a labelled part (an option, a version).
    pub fn part(&mut self, label: &str, bytes: &[u8]) -> &mut Self {
        self.bytes(label.as_bytes());
        self.bytes(bytes);
        self
    }

    fn bytes(&mut self, b: &[u8]) {
        self.0.write_u64(b.len() as u64);
        self.0.write(b);
    }

    /// Adds every entry under `dir`, in name order, with its path relative
    /// to `dir`: a regular file by its bytes, a link by its target's name (and
    /// its bytes when it points at a regular file), a
    /// folder by its entries, anything else by its kind. An entry that cannot
    /// be read is hashed as unreadable (so it differs from any content).
    pub fn tree(&mut self, label: &str, dir: &Path) -> &mut Self {
        self.tree_keeping(label, dir, None)
    }

    /// [`tree`](Self::tree), keeping the bytes of every regular file read
    /// in `keep` by its path (`dir` joined with the entry's): the report is
    /// then made from the very bytes fingerprinted, each file read once.
    pub fn tree_keeping(&mut self, label: &str, dir: &Path, mut keep: Option<&mut Inputs>) -> &mut Self {
        self.bytes(label.as_bytes());
        for entry in walkdir::WalkDir::new(dir).follow_links(false).sort_by_file_name() {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    self.part("unreadable", e.to_string().as_bytes());
                    continue;
                }
            };
            let rel = entry.path().strip_prefix(dir).unwrap_or(entry.path());
            let name = rel.as_os_str().as_encoded_bytes();
            let kind = entry.file_type();
            let big = kind.is_file().then(|| entry.metadata().ok()).flatten();
            if let Some(m) = big.filter(|m| m.len() > crate::load::MAX_FILE_BYTES) {
                let (len, modified) = (m.len(), m.modified().ok());
                // Never read (the loader refuses it): its size and time stand for it.
                self.part("file too big", name)
                    .bytes(format!("{len} {modified:?}").as_bytes());
            } else if kind.is_file() {
                match std::fs::read(entry.path()) {
                    Ok(bytes) => {
                        self.part("file", name).bytes(&bytes);
                        if let Some(keep) = keep.as_deref_mut() {
                            keep.insert(entry.path().to_path_buf(), bytes);
                        }
                    }
                    Err(e) => {
                        self.part("unreadable file", name).bytes(e.to_string().as_bytes());
                    }
                }
            } else if kind.is_symlink() {
                let target = std::fs::read_link(entry.path()).unwrap_or_default();
                self.part("link", name).bytes(target.as_os_str().as_encoded_bytes());
                // A link the loader may follow: what it points at counts too.
                if std::fs::metadata(entry.path()).is_ok_and(|m| m.is_file() && m.len() <= crate::load::MAX_FILE_BYTES)
                {
                    let bytes = std::fs::read(entry.path()).unwrap_or_default();
                    self.bytes(&bytes);
                }
            } else if kind.is_dir() {
                self.part("folder", name);
            } else {
                self.part("other", name);
            }
        }
        self
    }

    pub fn finish(&self) -> Fingerprint {
        Fingerprint(self.0.finish())
    }
}

/// The fingerprint of the running program: its version and the identity of
/// its executable file (device, inode, size, and the times it was last
/// modified and last changed). A rebuilt or replaced program is a new file
/// or a changed one, so it never reuses an old report; the change time
/// cannot be set back by hand. When the file cannot be looked at, the part
/// is empty and the version alone tells builds apart.
///
/// Made once a process. Hashing the executable's bytes instead (tens of
/// megabytes, most of it debugging information) cost about 5% of a full
/// report's CPU time.
pub fn tool_fingerprint() -> Fingerprint {
    static TOOL: std::sync::OnceLock<Fingerprint> = std::sync::OnceLock::new();
    *TOOL.get_or_init(|| {
        let mut b = FingerprintBuilder::new();
        b.part("version", env!("CARGO_PKG_VERSION").as_bytes());
        let exe = std::env::current_exe().and_then(std::fs::metadata);
        b.part("executable", &exe.map(|m| file_identity(&m)).unwrap_or_default());
        b.finish()
    })
}

/// What tells one file on disk from another, and a file from itself once
/// rewritten: on Unix the device, inode, size and modification and change
/// times to the nanosecond; elsewhere the size and modification time.
fn file_identity(m: &std::fs::Metadata) -> Vec<u8> {
    #[cfg(unix)]
    let fields = {
        use std::os::unix::fs::MetadataExt;
        [
            m.dev(),
            m.ino(),
            m.size(),
            m.mtime() as u64,
            m.mtime_nsec() as u64,
            m.ctime() as u64,
            m.ctime_nsec() as u64,
        ]
    };
    #[cfg(not(unix))]
    let fields = {
        let modified = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        [
            m.len(),
            modified.map_or(0, |d| d.as_secs()),
            modified.map_or(0, |d| u64::from(d.subsec_nanos())),
        ]
    };
    fields.iter().flat_map(|f| f.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(dir: &Path) -> Fingerprint {
        FingerprintBuilder::new().tree("t", dir).finish()
    }

    #[test]
    fn every_kind_of_change_changes_the_fingerprint() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("games")).unwrap();
        std::fs::write(d.join("players.csv"), "name,email\nA,a@x.org\n").unwrap();
        std::fs::write(d.join("games/g1.csv"), "no,side,move\n").unwrap();
        let first = of(d);
        assert_eq!(first, of(d), "the same tree hashes the same");

        let mut seen = vec![first];
        let expect_new = |seen: &mut Vec<Fingerprint>, what: &str| {
            let now = of(d);
            assert!(!seen.contains(&now), "{what} did not change the fingerprint");
            seen.push(now);
        };
        std::fs::write(d.join("games/g1.csv"), "no,side,move\n1,white,e4\n").unwrap();
        expect_new(&mut seen, "a changed row");
        std::fs::write(d.join("games/g2.pgn"), "").unwrap();
        expect_new(&mut seen, "a new empty file");
        std::fs::rename(d.join("games/g2.pgn"), d.join("games/g3.pgn")).unwrap();
        expect_new(&mut seen, "a renamed file");
        std::fs::remove_file(d.join("games/g3.pgn")).unwrap();
        // Back to a tree seen before: the same fingerprint as then.
        assert_eq!(of(d), seen[1]);
        std::fs::create_dir(d.join("games/sub")).unwrap();
        expect_new(&mut seen, "a new folder");
        std::os::unix::fs::symlink("/etc/passwd", d.join("games/link.csv")).unwrap();
        expect_new(&mut seen, "a new link");
    }

    #[test]
    fn a_rewritten_or_copied_program_is_another_program() {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("ccbulletin");
        std::fs::write(&exe, b"the same bytes").unwrap();
        let id = |p: &Path| file_identity(&std::fs::metadata(p).unwrap());
        let first = id(&exe);
        assert_eq!(first, id(&exe), "a file looked at twice is the same file");
        // The same bytes written again (a rebuild that happens to produce
        // them): its change time moves on, whatever its modification time.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&exe, b"the same bytes").unwrap();
        assert_ne!(first, id(&exe), "a rewritten executable");
        let copy = dir.path().join("copy");
        std::fs::copy(&exe, &copy).unwrap();
        assert_ne!(id(&exe), id(&copy), "a copy is another file");
        assert_ne!(tool_fingerprint(), Fingerprint(0));
    }

    #[test]
    fn parts_do_not_run_into_each_other() {
        let a = FingerprintBuilder::new().part("x", b"ab").part("y", b"c").finish();
        let b = FingerprintBuilder::new().part("x", b"a").part("y", b"bc").finish();
        assert_ne!(a, b);
    }

    #[test]
    fn written_and_read_back() {
        let f = FingerprintBuilder::new().part("as-of", b"2026-12-02").finish();
        assert_eq!(Fingerprint::parse(&f.to_string()), Some(f));
        assert_eq!(Fingerprint::parse("not hex"), None);
    }
}
