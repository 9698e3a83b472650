//! The spare folders: `out/.ccbulletin.spare/public/<id>` and
//! `out/.ccbulletin.spare/arbiter/<id>` hold the folder each tournament had
//! before its last replacement, so that the next run makes its new folder
//! there, changing only what changed, instead of making every folder and
//! file anew and removing the old ones (docs/output.md, "The spare
//! folders").
//!
//! A spare folder is brought to the new report in place: a file whose
//! bytes are those of the folder now public is made a hard link to it (the
//! two folders then share it), a file of its own with other bytes is
//! written over, and whatever the new report does not hold is removed.
//! Then the spare and the public folder are swapped in one
//! `renameat2(RENAME_EXCHANGE)`, as a folder made anew would be: at every
//! instant `<id>` is the whole old folder or the whole new one, and the
//! folder replaced becomes the spare of the next run. A night that changes
//! a few thousand files therefore makes no folder and, in the steady
//! state, no file (no inode to allocate), and removes nothing.
//!
//! Nothing in the public folder is ever written into: only a spare's file
//! with no other link (its own, never one it shares with the public folder
//! or one linked from anywhere else) is written over. Where anything of
//! this fails (the spare cannot be made or opened, the two folders cannot
//! be exchanged across folders, a file cannot be written), the spare
//! folder is removed and the tournament's folder is replaced the usual way.

use rustix::fd::{AsFd, BorrowedFd, OwnedFd};
use rustix::fs::{AtFlags, FileType, Mode, OFlags, RenameFlags};
use std::collections::BTreeSet;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::{DIR, Files, Ident, MAX_DEPTH, Tree, ancestry, make_dir, names_of, overlap, remove_entry};

/// The folder of the spares, inside the output folder.
pub const SPARE: &str = ".ccbulletin.spare";

/// The spare folders of one tree.
#[derive(Debug)]
pub struct Spare {
    dir: Tree,
    /// Cleared when the spares cannot be swapped with the tree's folders
    /// (another filesystem, no exchange): the rest of the run replaces
    /// folders the usual way.
    usable: AtomicBool,
}

/// The spares of the two trees (`names`), made in `root` unless they are
/// there; none where they cannot be made or opened as folders of their
/// own, where one is, holds or lies inside a tree or the tournaments
/// folder (`apart`: the identities of each, with their ancestors), or
/// where the system cannot tell a mount (a bind mount of an input placed
/// inside a spare would be written into).
pub fn open(root: &Tree, names: [&str; 2], apart: &[Vec<Ident>]) -> [Option<Spare>; 2] {
    let own = |dir: &Tree| ancestry(dir.fd.as_fd()).is_ok_and(|ids| !apart.iter().any(|other| overlap(&ids, other)));
    // Each folder is checked before anything is made in it: a bind mount
    // of the tournaments folder in a spare's place is never written into.
    if !super::mounts_told(root.fd.as_fd()) {
        return [None, None];
    }
    let Some(base) = make_dir(root, SPARE).ok().filter(own) else {
        return [None, None];
    };
    names.map(|name| {
        let dir = make_dir(&base, name).ok().filter(own)?;
        Some(Spare {
            dir,
            usable: AtomicBool::new(true),
        })
    })
}

impl Spare {
    /// Replaces the folder `id` of `tree` by its spare brought to `files`
    /// and the files `kept` of the folder replaced. `false`: it could not
    /// be (the spare is removed then) and the folder is as it was.
    pub fn replace(&self, tree: &Tree, id: &str, files: &Files, kept: &BTreeSet<String>) -> bool {
        let usable = self.usable.load(Relaxed) && !super::exchange_disabled();
        let made = usable
            && rustix::fs::openat(&tree.fd, id, DIR, Mode::empty())
                .is_ok_and(|now| self.refresh(id, files, kept, &now));
        if !made {
            // No spare left beside a folder replaced the usual way: the
            // files it shares with it would not count as the folder's own.
            let _ = remove_entry(self.dir.fd.as_fd(), id, &self.dir.path.join(id), 0);
            return false;
        }
        super::fault_point("written", &self.dir.path.join(id));
        let swapped = if refused() {
            Err(rustix::io::Errno::XDEV)
        } else {
            rustix::fs::renameat_with(&self.dir.fd, id, &tree.fd, id, RenameFlags::EXCHANGE)
        };
        if swapped.is_err() {
            self.usable.store(false, Relaxed);
            let _ = remove_entry(self.dir.fd.as_fd(), id, &self.dir.path.join(id), 0);
            return false;
        }
        super::fault_point("exchanged", &tree.path.join(id));
        true
    }

    /// Brings the spare of `id` to `files` and `kept`, linking from `now`,
    /// the tree's folder it is to replace; whether it did.
    fn refresh(&self, id: &str, files: &Files, kept: &BTreeSet<String>, now: &OwnedFd) -> bool {
        let Ok(spare) = open_or_make(&self.dir, id) else {
            return false;
        };
        if super::write_files(&spare, files, kept, Some(now), true).is_err() {
            return false;
        }
        let wanted: BTreeSet<&str> = files
            .keys()
            .map(String::as_str)
            .chain(kept.iter().map(String::as_str))
            .collect();
        prune(spare.fd.as_fd(), "", &wanted, 0)
    }

    /// Removes the spares whose folder is gone from `tree` (a tournament
    /// no longer reported on, a run killed before its swap left a spare
    /// that is only that), and anything else in there.
    pub fn sweep(&self, tree: &Tree) {
        for name in self.dir.names() {
            let live = rustix::fs::statat(&tree.fd, name.as_str(), AtFlags::SYMLINK_NOFOLLOW)
                .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) == FileType::Directory);
            if !live {
                let _ = remove_entry(self.dir.fd.as_fd(), &name, &self.dir.path.join(&name), 0);
            }
        }
    }
}

/// Whether the tests ask for the exchange across folders to be refused, as
/// where the spares are on another filesystem than the trees
/// (`CCB_FAULT_NO_SPARE_EXCHANGE`).
fn refused() -> bool {
    super::fault_asked("CCB_FAULT_NO_SPARE_EXCHANGE")
}

/// The folder `name` of `parent`, made unless it is there; whatever else
/// stands under that name (a file, a link) is removed first.
fn open_or_make(parent: &Tree, name: &str) -> anyhow::Result<Tree> {
    if super::is_mount(parent.fd.as_fd(), name) {
        anyhow::bail!(
            "`{}` is a mount point: nothing is written into it",
            parent.path.join(name).display()
        );
    }
    if let Ok(st) = rustix::fs::statat(&parent.fd, name, AtFlags::SYMLINK_NOFOLLOW)
        && FileType::from_raw_mode(st.st_mode) != FileType::Directory
    {
        remove_entry(parent.fd.as_fd(), name, &parent.path.join(name), 0)?;
    }
    make_dir(parent, name)
}

/// Removes from the open folder `dir` (at `prefix` in the spare) every
/// entry that is not a file of `wanted` nor a folder holding one; whether
/// all went.
fn prune(dir: BorrowedFd<'_>, prefix: &str, wanted: &BTreeSet<&str>, depth: usize) -> bool {
    let mut ok = true;
    for name in names_of(dir) {
        let rel = format!("{prefix}{name}");
        if wanted.contains(rel.as_str()) {
            continue;
        }
        let folder = format!("{rel}/");
        let holds = wanted
            .range(folder.as_str()..)
            .next()
            .is_some_and(|w| w.starts_with(&folder));
        if holds
            && depth < MAX_DEPTH
            && let Ok(sub) = rustix::fs::openat(dir, name.as_str(), DIR, Mode::empty())
        {
            ok &= prune(sub.as_fd(), &folder, wanted, depth + 1);
        } else {
            ok &= remove_entry(dir, &name, std::path::Path::new(&rel), 0).is_ok();
        }
    }
    ok
}

/// Writes `bytes` as the file `name` of the spare folder `dir`: over the
/// file there when it is a regular file with no other link and not a
/// mount (its inode kept), else as a new file in place of whatever stood
/// there (a mount is not removed: an error).
///
/// # Errors
/// When the file can be neither written over nor made.
pub(super) fn write_over(dir: BorrowedFd<'_>, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let regular = |st: &rustix::fs::Stat| FileType::from_raw_mode(st.st_mode) == FileType::RegularFile;
    // Looked at before it is opened: a FIFO or a device is never opened.
    if rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).is_ok_and(|st| regular(&st) && st.st_nlink == 1)
        && !super::is_mount(dir, name)
        && let Ok(fd) = rustix::fs::openat(
            dir,
            name,
            OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        )
        && rustix::fs::fstat(&fd).is_ok_and(|st| regular(&st) && st.st_nlink == 1)
    {
        let file = std::fs::File::from(fd);
        file.write_all_at(bytes, 0)?;
        return file.set_len(bytes.len() as u64);
    }
    remove_entry(dir, name, std::path::Path::new(name), 0).map_err(std::io::Error::other)?;
    super::create_file(dir, name, bytes)
}
