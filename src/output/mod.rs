//! Writing the report: two trees, `out/public/` (what may be published) and
//! `out/arbiter/` (the arbiter's files, with the players' addresses), so that
//! publishing one can never leak the other.
//!
//! Everything is written through folders opened once ([`Output::open`]):
//! `out/`, `out/public` and `out/arbiter` are opened as folders, never
//! through a link (`O_DIRECTORY | O_NOFOLLOW`), compared with the
//! tournaments folder and its ancestors by device and inode (a bind mount of
//! the tournaments is the same folder), and locked (`flock` on the open
//! `out/` itself). Every file is then made, every folder swapped and every
//! leftover removed relative to those open folders (`openat`, `mkdirat`,
//! `renameat2`, `unlinkat`, through rustix): a tree replaced by a link or a
//! mount while the run goes on is never written through, and no name under
//! them is ever followed as a link.
//!
//! Each tournament's folder in either tree is replaced without a window
//! (docs/output.md): the new folder is made in its spare folder (the one
//! the run before replaced, src/output/spare.rs), or else written beside it
//! as `.<id>.new`, and swapped with the old one in one
//! `renameat2(RENAME_EXCHANGE)`, so that at every instant `<id>` is either
//! the whole old folder or the whole new one, a `kill -9` included. Where
//! the filesystem refuses the exchange, two renames are made instead, the
//! old folder standing as `.<id>.old` between them, and the next run puts
//! it back if it was killed there.

pub mod fingerprint;
pub mod incremental;
pub mod previous;
pub mod snapshot;
mod spare;
pub mod tournament;

pub use spare::SPARE;

use anyhow::{Context, bail};
use rustix::fd::{AsFd, BorrowedFd, OwnedFd};
use rustix::fs::{AtFlags, FileType, FlockOperation, Mode, OFlags, RenameFlags};
use rustix::io::Errno;
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use std::collections::{BTreeMap, BTreeSet};

/// The files of one tournament in one tree: name → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The public tree, inside the output folder.
pub const PUBLIC: &str = "public";
/// The arbiter's tree, inside the output folder.
pub const ARBITER: &str = "arbiter";
/// The file naming the run that holds the lock, inside the output folder
/// while a run goes on.
pub const LOCK: &str = ".ccbulletin.lock";
/// Names the tool writes beside the tournaments' folders: no tournament may
/// be named so (matched whatever the case, as Windows and macOS do).
pub const RESERVED: &[&str] = &[
    "index.html",
    "style.css",
    "deadlines.ics",
    "report.json",
    "static",
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

/// Whether the tests ask for a fallback to be taken, by setting `var`
/// (feature `fault-injection`; never in a release build).
fn fault_asked(var: &str) -> bool {
    cfg!(feature = "fault-injection") && std::env::var_os(var).is_some()
}

/// Whether the tests ask for the two-rename swap (`CCB_FAULT_NO_EXCHANGE`),
/// to prove the fallback too.
fn exchange_disabled() -> bool {
    fault_asked("CCB_FAULT_NO_EXCHANGE")
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

/// Opening a folder under an open one: never through a link, never a FIFO
/// or a device.
const DIR: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::NOFOLLOW)
    .union(OFlags::CLOEXEC);

/// A folder's identity: device and inode (a bind mount has those of the
/// folder mounted).
type Ident = (u64, u64);

fn ident(fd: impl AsFd) -> std::io::Result<Ident> {
    let s = rustix::fs::fstat(fd)?;
    Ok((s.st_dev, s.st_ino))
}

/// The identities of an open folder and of every folder above it, up to
/// the root (each parent opened through `..` of the one below).
fn ancestry(fd: BorrowedFd<'_>) -> std::io::Result<Vec<Ident>> {
    let mut ids = vec![ident(fd)?];
    let mut cur = rustix::fs::openat(
        fd,
        "..",
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    // The root is its own parent; a depth no real path has ends the walk.
    while ids.len() < 4096 {
        let id = ident(&cur)?;
        if ids.last() == Some(&id) {
            break;
        }
        ids.push(id);
        cur = rustix::fs::openat(
            &cur,
            "..",
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
    }
    Ok(ids)
}

/// Whether two open folders overlap: the same, or one inside the other.
fn overlap(a: &[Ident], b: &[Ident]) -> bool {
    b.contains(&a[0]) || a.contains(&b[0])
}

/// One of the output folder's trees, open: everything written there is made
/// relative to `fd`, never by its path, which is kept for messages only.
#[derive(Debug)]
pub struct Tree {
    fd: OwnedFd,
    path: PathBuf,
    /// Where the tree's folders replaced are kept to be made into the
    /// next ones (src/output/spare.rs); none for the output folder itself.
    spare: Option<Box<spare::Spare>>,
}

/// The output folder, open and locked: the run holding it is the only one
/// writing there (the kernel drops the lock when the process ends, a `kill
/// -9` included). Dropping it removes the file that named the holder.
#[derive(Debug)]
pub struct Output {
    root: Tree,
    public: Tree,
    arbiter: Tree,
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = rustix::fs::unlinkat(&self.root.fd, LOCK, AtFlags::empty());
    }
}

/// Opens the folder `name` of `parent`, never through a link: `None` when
/// there is none.
///
/// # Errors
/// When it is a link or not a folder (named so), or cannot be opened.
fn open_dir(parent: &Tree, name: &str) -> anyhow::Result<Option<OwnedFd>> {
    let path = parent.path.join(name);
    match rustix::fs::openat(&parent.fd, name, DIR, Mode::empty()) {
        Ok(fd) => Ok(Some(fd)),
        Err(Errno::NOENT) => Ok(None),
        Err(Errno::LOOP | Errno::NOTDIR) => {
            let link = rustix::fs::statat(&parent.fd, name, AtFlags::SYMLINK_NOFOLLOW)
                .is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Symlink);
            bail!(
                "`{}` is {}: it is not followed, and nothing is written; make it a folder of its own",
                path.display(),
                if link { "a link" } else { "not a folder" }
            )
        }
        Err(e) => Err(std::io::Error::from(e)).with_context(|| format!("failed to open `{}`", path.display())),
    }
}

/// Makes the folder `name` in `parent` unless it is there, and opens it,
/// never through a link.
fn make_dir(parent: &Tree, name: &str) -> anyhow::Result<Tree> {
    let path = parent.path.join(name);
    match rustix::fs::mkdirat(&parent.fd, name, Mode::from_raw_mode(0o777)) {
        Ok(()) | Err(Errno::EXIST) => {}
        Err(e) => {
            return Err(std::io::Error::from(e)).with_context(|| format!("failed to create `{}`", path.display()));
        }
    }
    let fd = open_dir(parent, name)?.with_context(|| format!("`{}` vanished as it was made", path.display()))?;
    Ok(Tree { fd, path, spare: None })
}

impl Output {
    /// Opens the output folder `out` (made if need be) and its two trees,
    /// checks them against the tournaments folder, and locks it.
    ///
    /// Refused, before anything is made or written: an output folder that is
    /// the tournaments folder, lies inside it or holds it, and a tree that
    /// is a link, is not a folder, or is the tournaments folder, inside it
    /// or holding it (a bind mount included), or the other tree or inside
    /// it (the arbiter's files would be published). Folders are compared by
    /// device and inode, each with every folder above it.
    ///
    /// # Errors
    /// Any of these, a folder that cannot be made or opened, or another run
    /// holding the lock (the message names it by pid and start time).
    pub fn open(tournaments: &Path, out: &Path) -> anyhow::Result<Output> {
        let t_ids = tournaments_ancestry(tournaments)?;
        let root = make_root(tournaments, out, &t_ids)?;
        lock(&root, out)?;
        let (mut public, mut arbiter) = open_trees(&root, tournaments, &t_ids)?;
        let apart = [t_ids, ancestry(public.fd.as_fd())?, ancestry(arbiter.fd.as_fd())?];
        let [p, a] = spare::open(&root, [PUBLIC, ARBITER], &apart);
        (public.spare, arbiter.spare) = (p.map(Box::new), a.map(Box::new));
        let output = Output { root, public, arbiter };
        output.name_holder()?;
        Ok(output)
    }

    /// Writes the process id and start time of this run in [`LOCK`], made
    /// anew (whatever stood there, a link or a hard link to another file
    /// included, is unlinked, never written through), for a second run's
    /// message.
    fn name_holder(&self) -> anyhow::Result<()> {
        let path = self.root.path.join(LOCK);
        remove_entry(self.root.fd.as_fd(), LOCK, &path, 0)?;
        let me = format!(
            "pid {}, started {}\n",
            std::process::id(),
            chrono::Local::now().format("%Y-%m-%d %H:%M:%S %z")
        );
        create_file(self.root.fd.as_fd(), LOCK, me.as_bytes())
            .with_context(|| format!("the output folder `{}` cannot be written", self.root.path.display()))
    }

    /// The output folder, for messages.
    /// What removes the lock file, for a run that must end at once (a
    /// template run away: render::on_runaway), where `Drop` does not run.
    ///
    /// # Errors
    /// When the folder's descriptor cannot be duplicated.
    pub fn lock_remover(&self) -> std::io::Result<impl Fn() + Send + Sync + 'static> {
        let fd = self.root.fd.try_clone()?;
        Ok(move || {
            let _ = rustix::fs::unlinkat(&fd, LOCK, AtFlags::empty());
        })
    }

    pub fn path(&self) -> &Path {
        &self.root.path
    }

    /// The public tree.
    pub fn public(&self) -> &Tree {
        &self.public
    }

    /// The arbiter's tree.
    pub fn arbiter(&self) -> &Tree {
        &self.arbiter
    }

    /// The output folder itself, for reading what versions with one tree
    /// left there.
    pub fn root(&self) -> &Tree {
        &self.root
    }

    /// Clears what a killed run left in the two trees: a `.<id>.new` folder
    /// is removed (it never holds the only copy); a `.<id>.old` one is put
    /// back as `<id>` when `<id>` is missing (a run killed between the two
    /// renames of the fallback swap), removed otherwise. Returns what could
    /// not be removed, for a warning.
    pub fn sweep(&self) -> Vec<String> {
        let mut left = Vec::new();
        for tree in [&self.public, &self.arbiter] {
            for name in tree.names() {
                let Some(stem) = name.strip_prefix('.') else {
                    continue;
                };
                if let Some(id) = stem.strip_suffix(OLD)
                    && crate::model::is_valid_id(id)
                {
                    if !tree.has(id) && rustix::fs::renameat(&tree.fd, name.as_str(), &tree.fd, id).is_ok() {
                        continue;
                    }
                } else if !stem.strip_suffix(NEW).is_some_and(crate::model::is_valid_id) {
                    continue;
                }
                if let Err(e) = tree.remove(&name) {
                    left.push(format!("{e:#}"));
                }
            }
            if let Some(spare) = &tree.spare {
                spare.sweep(tree);
            }
        }
        left
    }
}

/// The identities of the tournaments folder and every folder above it.
fn tournaments_ancestry(tournaments: &Path) -> anyhow::Result<Vec<Ident>> {
    let t = rustix::fs::open(
        tournaments,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(std::io::Error::from)
    .with_context(|| format!("failed to open the tournaments folder `{}`", tournaments.display()))?;
    ancestry(t.as_fd()).with_context(|| format!("failed to know where `{}` is", tournaments.display()))
}

/// The error of an output folder that overlaps the tournaments folder at
/// `what`.
fn overlapping(tournaments: &Path, out: &Path, what: &Path) -> anyhow::Error {
    anyhow::anyhow!(
        "the output folder `{}` and the tournaments folder `{}` overlap (`{}` is the same \
         folder as the tournaments, inside them or holding them): nothing is read or written; \
         choose an output folder outside the tournaments",
        out.display(),
        tournaments.display(),
        what.display()
    )
}

/// The output folder opened, made with its missing parents when needed,
/// once checked not to overlap the tournaments folder (`t_ids`).
fn make_root(tournaments: &Path, out: &Path, t_ids: &[Ident]) -> anyhow::Result<Tree> {
    // The output folder free of `..` (`t/new/../../out` is the folder
    // `out`, and `t/new` is never made); its nearest existing ancestor
    // is opened and checked before a folder is made in it.
    let o = resolve(out)?;
    let mut base = o.clone();
    let mut missing = Vec::new();
    while std::fs::symlink_metadata(&base).is_err() {
        let Some(name) = base.file_name() else { break };
        missing.push(name.to_os_string());
        base.pop();
    }
    let fd = rustix::fs::open(
        &base,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(std::io::Error::from)
    .with_context(|| {
        format!(
            "the output folder `{}` cannot be made: `{}` is not a folder",
            out.display(),
            base.display()
        )
    })?;
    let mut cur = Tree {
        fd,
        path: base,
        spare: None,
    };
    // A folder about to be made in it is inside the tournaments when
    // it is (it cannot hold them, being new).
    let ids = ancestry(cur.fd.as_fd()).with_context(|| format!("failed to know where `{}` is", cur.path.display()))?;
    if ids.contains(&t_ids[0]) {
        return Err(overlapping(tournaments, out, &cur.path));
    }
    for name in missing.iter().rev() {
        let name = name.to_string_lossy().into_owned();
        cur =
            make_dir(&cur, &name).with_context(|| format!("failed to create the output folder `{}`", out.display()))?;
    }
    let root = cur;
    let ids = ancestry(root.fd.as_fd()).with_context(|| format!("failed to know where `{}` is", o.display()))?;
    if overlap(&ids, t_ids) {
        return Err(overlapping(tournaments, out, &root.path));
    }
    Ok(root)
}

/// Locks the output folder; a second run stops here at once, naming the
/// first.
fn lock(root: &Tree, out: &Path) -> anyhow::Result<()> {
    if let Err(e) = rustix::fs::flock(&root.fd, FlockOperation::NonBlockingLockExclusive) {
        if e == Errno::WOULDBLOCK {
            bail!(
                "another run is writing into `{}` ({}): this one stops without writing",
                out.display(),
                holder(root).as_deref().unwrap_or("its lock file is being written")
            );
        }
        return Err(std::io::Error::from(e)).with_context(|| format!("failed to lock `{}`", root.path.display()));
    }
    Ok(())
}

/// The public and the arbiter's trees, opened or made, each checked to be
/// neither the tournaments folder (`t_ids`) nor the other tree. Both are
/// checked before either is made.
fn open_trees(root: &Tree, tournaments: &Path, t_ids: &[Ident]) -> anyhow::Result<(Tree, Tree)> {
    let mut trees = Vec::new();
    for name in [PUBLIC, ARBITER] {
        trees.push(open_dir(root, name)?);
    }
    let mut opened: Vec<Tree> = Vec::new();
    for (name, fd) in [PUBLIC, ARBITER].into_iter().zip(trees) {
        let tree = match fd {
            Some(fd) => Tree {
                fd,
                path: root.path.join(name),
                spare: None,
            },
            None => make_dir(root, name)?,
        };
        let ids =
            ancestry(tree.fd.as_fd()).with_context(|| format!("failed to know where `{}` is", tree.path.display()))?;
        if overlap(&ids, t_ids) {
            bail!(
                "`{}` is the tournaments folder `{}`, lies inside it or holds it (a link, a mount or \
                 the same folder): nothing is read or written; make it a folder of its own",
                tree.path.display(),
                tournaments.display()
            );
        }
        if let Some(other) = opened.first() {
            let other_ids = ancestry(other.fd.as_fd())?;
            if overlap(&ids, &other_ids) {
                bail!(
                    "`{}` and `{}` are the same folder or one lies inside the other: the arbiter's \
                     files would be published; nothing is read or written",
                    other.path.display(),
                    tree.path.display()
                );
            }
        }
        opened.push(tree);
    }
    let arbiter = opened.pop().expect("two trees");
    let public = opened.pop().expect("two trees");
    Ok((public, arbiter))
}

/// The holder named in the lock file of a locked output folder: read without
/// following a link, only from a regular file, and shown only when it reads
/// as the line a run writes there.
fn holder(root: &Tree) -> Option<String> {
    let bytes = read_at(root.fd.as_fd(), LOCK, 256)?;
    let text = String::from_utf8(bytes).ok()?;
    let line = text.trim();
    (line.starts_with("pid ") && !line.contains(['\n', '\r'])).then(|| line.to_string())
}

/// Opens the regular file `name` of an open folder for reading, never
/// through a link and never a FIFO or a device; with its status.
fn open_file(dir: BorrowedFd<'_>, name: &str) -> Option<(OwnedFd, rustix::fs::Stat)> {
    let fd = rustix::fs::openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .ok()?;
    let st = rustix::fs::fstat(&fd).ok()?;
    (FileType::from_raw_mode(st.st_mode) == FileType::RegularFile).then_some((fd, st))
}

/// The bytes of the regular file `name` of an open folder, when it has at
/// most `max` of them.
fn read_at(dir: BorrowedFd<'_>, name: &str, max: u64) -> Option<Vec<u8>> {
    let (fd, st) = open_file(dir, name)?;
    let len = u64::try_from(st.st_size).ok().filter(|&l| l <= max)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).ok()?);
    std::fs::File::from(fd).take(max + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= max).then_some(bytes)
}

/// Makes the file `name` in an open folder, which must not be there yet
/// (`O_EXCL`: nothing is ever written through a link or into a file that
/// stood there), and writes `bytes` into it.
fn create_file(dir: BorrowedFd<'_>, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let fd = rustix::fs::openat(
        dir,
        name,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o666),
    )?;
    std::fs::File::from(fd).write_all(bytes)
}

/// Whether the entry `name` of an open folder is the root of a mount (a
/// bind mount of a folder or of a file included): nothing is ever written
/// into one, nor removed from it. Where the system cannot tell (Linux
/// before 5.8), `false`.
fn is_mount(dir: BorrowedFd<'_>, name: &str) -> bool {
    use rustix::fs::{StatxAttributes, StatxFlags};
    rustix::fs::statx(dir, name, AtFlags::SYMLINK_NOFOLLOW, StatxFlags::empty()).is_ok_and(|s| {
        s.stx_attributes_mask.contains(StatxAttributes::MOUNT_ROOT)
            && s.stx_attributes.contains(StatxAttributes::MOUNT_ROOT)
    })
}

/// Whether the system tells a mount root from other entries under the open
/// folder `dir` (`statx`, Linux 5.8 and later): where it cannot, no spare
/// folder is used, since they write into files that stand there.
fn mounts_told(dir: BorrowedFd<'_>) -> bool {
    use rustix::fs::{StatxAttributes, StatxFlags};
    rustix::fs::statx(dir, "", AtFlags::EMPTY_PATH, StatxFlags::empty())
        .is_ok_and(|s| s.stx_attributes_mask.contains(StatxAttributes::MOUNT_ROOT))
}

/// How deep a folder removed may go: the tool's own are two levels deep.
const MAX_DEPTH: usize = 64;

/// Removes the entry `name` of an open folder: a file or link by itself
/// (never what a link leads to), a folder with everything in it, making
/// read-only folders writable first. Nothing there is `Ok`.
fn remove_entry(dir: BorrowedFd<'_>, name: &str, path: &Path, depth: usize) -> anyhow::Result<()> {
    let st = match rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(st) => st,
        Err(Errno::NOENT) => return Ok(()),
        Err(e) => {
            return Err(std::io::Error::from(e)).with_context(|| format!("failed to remove `{}`", path.display()));
        }
    };
    let failed =
        |e: Errno| Err(std::io::Error::from(e)).with_context(|| format!("failed to remove `{}`", path.display()));
    if FileType::from_raw_mode(st.st_mode) != FileType::Directory {
        return rustix::fs::unlinkat(dir, name, AtFlags::empty()).or_else(failed);
    }
    if depth > MAX_DEPTH {
        bail!("failed to remove `{}`: folders too deep", path.display());
    }
    if is_mount(dir, name) {
        bail!("`{}` is a mount point: nothing in it is removed", path.display());
    }
    let sub = match rustix::fs::openat(dir, name, DIR, Mode::empty()) {
        Ok(fd) => fd,
        Err(e) => return failed(e),
    };
    if st.st_mode & 0o700 != 0o700 {
        let _ = rustix::fs::fchmod(&sub, Mode::from_raw_mode(0o700));
    }
    for entry in names_of(sub.as_fd()) {
        remove_entry(sub.as_fd(), &entry, &path.join(&entry), depth + 1)?;
    }
    rustix::fs::unlinkat(dir, name, AtFlags::REMOVEDIR).or_else(failed)
}

/// The names in an open folder, but `.` and `..`, in no order; names that
/// are not UTF-8 are left out (the tool makes none).
fn names_of(dir: BorrowedFd<'_>) -> Vec<String> {
    let Ok(mut d) = rustix::fs::Dir::read_from(dir) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    while let Some(Ok(e)) = d.read() {
        let Ok(name) = e.file_name().to_str() else { continue };
        if name != "." && name != ".." {
            names.push(name.to_string());
        }
    }
    names
}

/// Whether a relative path stays inside the folder it is joined to.
fn is_contained(rel: &str) -> bool {
    let p = Path::new(rel);
    !rel.is_empty() && p.components().all(|c| matches!(c, Component::Normal(_)))
}

impl Tree {
    /// Where it is, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the tree holds an entry `name` (of any kind: a link is not
    /// followed).
    pub fn has(&self, name: &str) -> bool {
        rustix::fs::statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW).is_ok()
    }

    /// The names in the tree, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names = names_of(self.fd.as_fd());
        names.sort();
        names
    }

    /// The bytes of the regular file `rel` (a path of `/`-separated names)
    /// of this tree, read without following a link at any step; `None`
    /// when there is none, or it is over 64 MB.
    pub fn read(&self, rel: &str) -> Option<Vec<u8>> {
        let (dir, name) = self.folder_of(rel)?;
        read_at(dir.as_ref().map_or(self.fd.as_fd(), AsFd::as_fd), name, 64 << 20)
    }

    /// The length of the regular file `rel` of this tree, reached as
    /// [`Tree::read`] reaches it, unread; `None` when there is none.
    pub fn size(&self, rel: &str) -> Option<u64> {
        let (dir, name) = self.folder_of(rel)?;
        let (_, st) = open_file(dir.as_ref().map_or(self.fd.as_fd(), AsFd::as_fd), name)?;
        u64::try_from(st.st_size).ok()
    }

    /// The folder holding `rel` (`None` inside: this tree itself), opened
    /// without following a link at any step, and the file's name.
    fn folder_of<'r>(&self, rel: &'r str) -> Option<(Option<OwnedFd>, &'r str)> {
        if !is_contained(rel) {
            return None;
        }
        let (dirs, name) = match rel.rsplit_once('/') {
            Some((d, n)) => (Some(d), n),
            None => (None, rel),
        };
        let mut held: Option<OwnedFd> = None;
        for part in dirs.into_iter().flat_map(|d| d.split('/')) {
            let at = held.as_ref().map_or(self.fd.as_fd(), AsFd::as_fd);
            held = Some(rustix::fs::openat(at, part, DIR, Mode::empty()).ok()?);
        }
        Some((held, name))
    }

    /// The regular files under the folder `id` of this tree, every one read
    /// without following a link, as relative path → bytes, in name order.
    /// `None` when there is no such folder.
    pub fn files(&self, id: &str) -> Option<Files> {
        fn walk(dir: BorrowedFd<'_>, prefix: &str, depth: usize, into: &mut Files) {
            for name in names_of(dir) {
                let rel = format!("{prefix}{name}");
                if let Some(bytes) = read_at(dir, &name, 64 << 20) {
                    into.insert(rel, bytes);
                } else if depth < MAX_DEPTH
                    && let Ok(sub) = rustix::fs::openat(dir, name.as_str(), DIR, Mode::empty())
                {
                    walk(sub.as_fd(), &format!("{rel}/"), depth + 1, into);
                }
            }
        }
        let fd = rustix::fs::openat(&self.fd, id, DIR, Mode::empty()).ok()?;
        let mut files = Files::new();
        walk(fd.as_fd(), "", 0, &mut files);
        Some(files)
    }

    /// Removes the entry `name` of this tree and everything in it.
    fn remove(&self, name: &str) -> anyhow::Result<()> {
        remove_entry(self.fd.as_fd(), name, &self.path.join(name), 0)
    }

    /// Writes one tournament's files as `<id>/` in this tree, replacing
    /// what was there without a window (see the module's documentation).
    ///
    /// Returns a warning when the new folder is in place but the previous
    /// one could not be removed (the next run's [`Output::sweep`] tries
    /// again).
    ///
    /// # Errors
    /// Any I/O error, naming its path; the previous `<id>` is then intact.
    /// An id that is not one, or is one of [`RESERVED`], is refused.
    pub fn write_tournament(&self, id: &str, files: &Files) -> anyhow::Result<Option<String>> {
        if !crate::model::is_valid_id(id) || is_reserved(id) {
            bail!("`{id}` cannot name a tournament's folder: nothing written");
        }
        self.replace_folder(id, files, &BTreeSet::new())
    }

    /// As [`Tree::write_tournament`], and the files named in `kept`, not
    /// rendered again because what they show did not change, are carried
    /// over from the folder replaced by a hard link, unread: each keeps
    /// its inode and times.
    ///
    /// # Errors
    /// As [`Tree::write_tournament`]; and a kept file that the folder
    /// replaced does not hold as a regular file with no other link
    /// (nothing is replaced then).
    pub fn write_tournament_keeping(
        &self,
        id: &str,
        files: &Files,
        kept: &BTreeSet<String>,
    ) -> anyhow::Result<Option<String>> {
        if !crate::model::is_valid_id(id) || is_reserved(id) {
            bail!("`{id}` cannot name a tournament's folder: nothing written");
        }
        if let Some(rel) = kept.iter().find(|rel| !is_contained(rel)) {
            bail!("`{rel}` would be kept from outside the tournament's folder");
        }
        self.replace_folder(id, files, kept)
    }

    /// Makes the folder `static/` of this tree hold `files` (a theme's own
    /// files; none: no folder), replaced as a tournament's folder is, and
    /// left as it is when it already holds them (unless `force`).
    ///
    /// # Errors
    /// Any I/O error, naming its path.
    pub fn write_static(&self, files: &Files, force: bool) -> anyhow::Result<Option<String>> {
        const STATIC: &str = "static";
        if files.is_empty() {
            if self.has(STATIC) {
                self.remove(STATIC)?;
            }
            return Ok(None);
        }
        if !force && self.files(STATIC).as_ref() == Some(files) {
            return Ok(None);
        }
        self.replace_folder(STATIC, files, &BTreeSet::new())
    }

    /// Replaces the folder `id` of this tree by one holding `files` and the
    /// files `kept` of the folder replaced, without a window (see the
    /// module's documentation).
    fn replace_folder(&self, id: &str, files: &Files, kept: &BTreeSet<String>) -> anyhow::Result<Option<String>> {
        if let Some(rel) = files.keys().find(|rel| !is_contained(rel)) {
            bail!("`{rel}` would be written outside the tournament's folder");
        }
        // The folder replaced the last time, made into the new one.
        if let Some(spare) = &self.spare
            && spare.replace(self, id, files, kept)
        {
            return Ok(None);
        }
        let tmp = format!(".{id}{NEW}");
        let old = format!(".{id}{OLD}");
        let (tmp_path, dest) = (self.path.join(&tmp), self.path.join(id));
        self.remove(&tmp)?;
        // Unchanged files are carried over from the folder replaced, when
        // it is one (never through a link).
        let previous = rustix::fs::openat(&self.fd, id, DIR, Mode::empty()).ok();
        let new = make_dir(self, &tmp)?;
        if let Err(e) = write_files(&new, files, kept, previous.as_ref(), false) {
            let _ = self.remove(&tmp);
            return Err(e);
        }
        drop(new);
        fault_point("written", &tmp_path);
        if !self.has(id) {
            rustix::fs::renameat(&self.fd, tmp.as_str(), &self.fd, id)
                .map_err(std::io::Error::from)
                .with_context(|| format!("failed to move the new report into `{}`", dest.display()))?;
            return Ok(None);
        }
        // Where the previous report stands once the new one is in place.
        let previous = match self.exchange(&tmp, id) {
            Ok(()) => {
                fault_point("exchanged", &dest);
                tmp
            }
            Err(_) => {
                // The filesystem cannot exchange: two renames, the old
                // folder standing as `.<id>.old` in between ([`Output::sweep`]
                // puts it back).
                self.remove(&old)?;
                rustix::fs::renameat(&self.fd, id, &self.fd, old.as_str())
                    .map_err(std::io::Error::from)
                    .with_context(|| format!("failed to move `{}` aside", dest.display()))?;
                fault_point("moved aside", &self.path.join(&old));
                if let Err(e) = rustix::fs::renameat(&self.fd, tmp.as_str(), &self.fd, id) {
                    let _ = rustix::fs::renameat(&self.fd, old.as_str(), &self.fd, id);
                    let _ = self.remove(&tmp);
                    return Err(std::io::Error::from(e))
                        .with_context(|| format!("failed to move the new report into `{}`", dest.display()));
                }
                fault_point("renamed", &dest);
                old
            }
        };
        let left = self.remove(&previous).err().map(|e| {
            format!(
                "the new report is in `{}`, but {e:#}; the next run tries again",
                dest.display()
            )
        });
        fault_point("removed", &dest);
        Ok(left)
    }

    /// Swaps two entries of this tree in one step (Linux
    /// `renameat2(RENAME_EXCHANGE)`).
    ///
    /// # Errors
    /// When the system or the filesystem cannot (the caller falls back).
    fn exchange(&self, a: &str, b: &str) -> std::io::Result<()> {
        if exchange_disabled() {
            return Err(std::io::Error::from(std::io::ErrorKind::Unsupported));
        }
        rustix::fs::renameat_with(&self.fd, a, &self.fd, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
    }

    /// Writes one file of this tree by writing a temporary file beside it
    /// and renaming it over.
    ///
    /// # Errors
    /// Any I/O error, naming its path.
    pub fn write_file(&self, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
        if !is_contained(name) || name.contains('/') {
            bail!("`{name}` is not a file of `{}`", self.path.display());
        }
        let tmp = format!(".{name}{NEW}");
        let tmp_path = self.path.join(&tmp);
        self.remove(&tmp)?;
        create_file(self.fd.as_fd(), &tmp, bytes)
            .with_context(|| format!("failed to write `{}`", tmp_path.display()))?;
        fault_point("file written", &tmp_path);
        rustix::fs::renameat(&self.fd, tmp.as_str(), &self.fd, name)
            .map_err(std::io::Error::from)
            .with_context(|| format!("failed to write `{}`", self.path.join(name).display()))
    }

    /// Writes the file `name` of this tree unless it already holds `bytes`
    /// (so that an unchanged page keeps its time), or always when `force`.
    ///
    /// # Errors
    /// Any I/O error, naming its path.
    pub fn write_if_changed(&self, name: &str, bytes: &[u8], force: bool) -> anyhow::Result<()> {
        if !force && self.read(name).as_deref() == Some(bytes) {
            return Ok(());
        }
        self.write_file(name, bytes)
    }
}

/// Writes `files` into the folder `dir`, and links the files `kept` of
/// `previous` (the folder `dir` is to replace) into it unread. A file of
/// `files` whose bytes are those of the same file in `previous` is not
/// written but linked to it (a hard link): it keeps its inode and times
/// once the folders are swapped, so a nightly run leaves every unchanged
/// page as it was for rsync and the web server. Only a regular file of the
/// previous folder's own tree with no other link (but, in a `spare`, the
/// spare's same file) is carried so, reached without a link. `dir` is new
/// and empty, or a `spare` folder (src/output/spare.rs) whose entries are
/// made right one by one.
///
/// # Errors
/// A file that cannot be written, or a kept file that cannot be linked.
fn write_files(
    dir: &Tree,
    files: &Files,
    kept: &BTreeSet<String>,
    previous: Option<&OwnedFd>,
    spare: bool,
) -> anyhow::Result<()> {
    let all = every_name(files, kept);
    // The subfolders made, and those of the previous folder (`None`: not
    // there as a folder), by relative path.
    let mut made: BTreeMap<String, OwnedFd> = BTreeMap::new();
    let mut before: BTreeMap<String, Option<OwnedFd>> = BTreeMap::new();
    for (n, &(rel, bytes)) in all.iter().enumerate() {
        if n == all.len() / 2 {
            fault_point("half written", &dir.path);
        }
        let (parent, name) = rel.rsplit_once('/').unwrap_or(("", rel));
        make_folders(dir, parent, previous, &mut made, &mut before)?;
        let target = if parent.is_empty() {
            dir.fd.as_fd()
        } else {
            made[parent].as_fd()
        };
        let source = if parent.is_empty() {
            previous.map(AsFd::as_fd)
        } else {
            before.get(parent).and_then(Option::as_ref).map(AsFd::as_fd)
        };
        write_file(dir, rel, name, bytes, target, source, spare)?;
    }
    Ok(())
}

/// Every name, the kept ones without bytes, in path order (a folder's
/// files together).
fn every_name<'a>(files: &'a Files, kept: &'a BTreeSet<String>) -> Vec<(&'a str, Option<&'a [u8]>)> {
    let mut all: Vec<(&str, Option<&[u8]>)> = files
        .iter()
        .map(|(rel, b)| (rel.as_str(), Some(b.as_slice())))
        .collect();
    all.extend(
        kept.iter()
            .filter(|rel| !files.contains_key(*rel))
            .map(|rel| (rel.as_str(), None)),
    );
    all.sort_unstable_by_key(|(rel, _)| *rel);
    all
}

/// Makes the folders of `parent` (a relative path) not yet in `made`, one
/// part at a time, and opens the same folders of the previous folder into
/// `before` (`None`: not there as a folder).
fn make_folders(
    dir: &Tree,
    parent: &str,
    previous: Option<&OwnedFd>,
    made: &mut BTreeMap<String, OwnedFd>,
    before: &mut BTreeMap<String, Option<OwnedFd>>,
) -> anyhow::Result<()> {
    let mut at = String::new();
    for part in parent.split('/').filter(|p| !p.is_empty()) {
        let above = if at.is_empty() { None } else { Some(at.clone()) };
        at = if at.is_empty() {
            part.to_string()
        } else {
            format!("{at}/{part}")
        };
        if made.contains_key(&at) {
            continue;
        }
        let above_fd = above.as_ref().map_or(dir.fd.as_fd(), |a| made[a].as_fd());
        let path = dir.path.join(&at);
        let mut made_now = rustix::fs::mkdirat(above_fd, part, Mode::from_raw_mode(0o777));
        if made_now == Err(Errno::EXIST)
            && rustix::fs::statat(above_fd, part, AtFlags::SYMLINK_NOFOLLOW)
                .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) != FileType::Directory)
        {
            // Not a folder, in a spare: whatever it is goes.
            remove_entry(above_fd, part, &path, 0)?;
            made_now = rustix::fs::mkdirat(above_fd, part, Mode::from_raw_mode(0o777));
        }
        if made_now == Err(Errno::EXIST) && is_mount(above_fd, part) {
            bail!("`{}` is a mount point: nothing is written into it", path.display());
        }
        match made_now {
            Ok(()) | Err(Errno::EXIST) => {}
            Err(e) => {
                return Err(std::io::Error::from(e)).with_context(|| format!("failed to create `{}`", path.display()));
            }
        }
        let fd = rustix::fs::openat(above_fd, part, DIR, Mode::empty())
            .map_err(std::io::Error::from)
            .with_context(|| format!("failed to create `{}`", path.display()))?;
        made.insert(at.clone(), fd);
        let prev = match (&above, previous) {
            (_, None) => None,
            (None, Some(p)) => rustix::fs::openat(p, part, DIR, Mode::empty()).ok(),
            (Some(a), Some(_)) => before
                .get(a)
                .and_then(Option::as_ref)
                .and_then(|p| rustix::fs::openat(p, part, DIR, Mode::empty()).ok()),
        };
        before.insert(at.clone(), prev);
    }
    Ok(())
}

/// Writes `name` (`rel` in `dir`) into folder `target`, linked from
/// folder `source` of the previous report when it holds the same file;
/// a kept file (no bytes) must be linked. In a `spare` folder, what stands
/// there is made right (src/output/spare.rs).
fn write_file(
    dir: &Tree,
    rel: &str,
    name: &str,
    bytes: Option<&[u8]>,
    target: BorrowedFd<'_>,
    source: Option<BorrowedFd<'_>>,
    spare: bool,
) -> anyhow::Result<()> {
    let carried = source.is_some_and(|s| linked(s, target, name, bytes, spare));
    match bytes {
        None if !carried => bail!("`{rel}` was to be kept from the previous report, which does not hold it"),
        Some(bytes) if !carried => if spare {
            spare::write_over(target, name, bytes)
        } else {
            create_file(target, name, bytes)
        }
        .with_context(|| format!("failed to write `{}`", dir.path.join(rel).display()))?,
        _ => {}
    }
    Ok(())
}

/// Links `name` of folder `to` to `name` of folder `from` when that is a
/// regular file with no other link (holding exactly `bytes`, when given);
/// whether it did. In a `spare` folder `to`, the other link may be `to`'s
/// own `name`: then it is there already; another file standing there is
/// replaced. The link made is checked to be the very file looked at (a
/// name replaced in between is unlinked again).
fn linked(from: BorrowedFd<'_>, to: BorrowedFd<'_>, name: &str, bytes: Option<&[u8]>, spare: bool) -> bool {
    // The file's other link, in a spare, is the spare's own name.
    let ours = |st: &rustix::fs::Stat| {
        st.st_nlink == 1
            || spare
                && st.st_nlink == 2
                && rustix::fs::statat(to, name, AtFlags::SYMLINK_NOFOLLOW)
                    .is_ok_and(|t| (t.st_dev, t.st_ino) == (st.st_dev, st.st_ino))
    };
    let st = match bytes {
        Some(bytes) => {
            let Some((fd, st)) = open_file(from, name) else {
                return false;
            };
            if !ours(&st) || u64::try_from(st.st_size).ok() != Some(bytes.len() as u64) {
                return false;
            }
            let mut old = Vec::with_capacity(bytes.len());
            if std::fs::File::from(fd).read_to_end(&mut old).is_err() || old != bytes {
                return false;
            }
            st
        }
        None => match rustix::fs::statat(from, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) if FileType::from_raw_mode(st.st_mode) == FileType::RegularFile && ours(&st) => st,
            _ => return false,
        },
    };
    if st.st_nlink == 2 {
        // Shared with the spare already.
        return true;
    }
    if spare && remove_entry(to, name, Path::new(name), 0).is_err() {
        return false;
    }
    if rustix::fs::linkat(from, name, to, name, AtFlags::empty()).is_err() {
        return false;
    }
    let same = rustix::fs::statat(to, name, AtFlags::SYMLINK_NOFOLLOW)
        .is_ok_and(|s| s.st_dev == st.st_dev && s.st_ino == st.st_ino);
    if !same {
        let _ = rustix::fs::unlinkat(to, name, AtFlags::empty());
    }
    same
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

    /// A tournaments folder and an output folder beside it, opened.
    fn opened() -> (tempfile::TempDir, Output) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("in")).unwrap();
        let out = Output::open(&dir.path().join("in"), &dir.path().join("out")).unwrap();
        (dir, out)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_whole_and_leaves_nothing_beside() {
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(PUBLIC);
        out.public().write_tournament("t1", &files("one")).unwrap();
        assert_eq!(std::fs::read_to_string(tree.join("t1/games/a.html")).unwrap(), "one");
        out.public().write_tournament("t1", &files("two")).unwrap();
        for f in ["index.html", "games/a.html", "report.json"] {
            assert_eq!(std::fs::read_to_string(tree.join("t1").join(f)).unwrap(), "two");
        }
        assert_eq!(names(&tree), vec!["t1".to_string()]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_previous_report_is_replaced_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(ARBITER);
        out.arbiter().write_tournament("t1", &files("one")).unwrap();
        for d in ["t1/games", "t1"] {
            std::fs::set_permissions(tree.join(d), std::fs::Permissions::from_mode(0o555)).unwrap();
        }
        assert_eq!(out.arbiter().write_tournament("t1", &files("two")).unwrap(), None);
        assert_eq!(std::fs::read_to_string(tree.join("t1/games/a.html")).unwrap(), "two");
        assert_eq!(
            names(&tree),
            vec!["t1".to_string()],
            "no copy of the old report is left"
        );
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_first() {
        let (dir, first) = opened();
        let (t, o) = (dir.path().join("in"), dir.path().join("out"));
        let err = format!("{:#}", Output::open(&t, &o).unwrap_err());
        assert!(err.contains(&format!("pid {}", std::process::id())), "{err}");
        drop(first);
        assert!(!o.join(LOCK).exists(), "the holder's name goes with it");
        assert!(Output::open(&t, &o).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_or_a_link_in_the_locks_place_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let (t, o) = (dir.path().join("in"), dir.path().join("out"));
        std::fs::create_dir_all(&o).unwrap();
        std::fs::create_dir_all(&t).unwrap();
        std::fs::write(t.join("players.csv"), "name,email\n").unwrap();
        std::fs::hard_link(t.join("players.csv"), o.join(LOCK)).unwrap();
        let out = Output::open(&t, &o).unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(t.join("players.csv")).unwrap(), "name,email\n");
        std::os::unix::fs::symlink(t.join("players.csv"), o.join(LOCK)).unwrap();
        drop(Output::open(&t, &o).unwrap());
        assert_eq!(std::fs::read_to_string(t.join("players.csv")).unwrap(), "name,email\n");
    }

    #[test]
    fn sweep_puts_back_an_old_folder_whose_place_is_empty_and_removes_the_rest() {
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(ARBITER);
        std::fs::create_dir_all(tree.join(".a.old")).unwrap();
        std::fs::write(tree.join(".a.old/report.json"), "old a").unwrap();
        std::fs::create_dir_all(tree.join(".b.old")).unwrap();
        std::fs::create_dir_all(tree.join("b")).unwrap();
        std::fs::create_dir_all(tree.join(".c.new/games")).unwrap();
        std::fs::create_dir_all(tree.join(".keep")).unwrap();
        assert!(out.sweep().is_empty());
        assert_eq!(std::fs::read_to_string(tree.join("a/report.json")).unwrap(), "old a");
        assert!(!tree.join(".b.old").exists() && tree.join("b").is_dir());
        assert!(!tree.join(".c.new").exists());
        assert!(tree.join(".keep").is_dir(), "a folder the tool did not make is left");
    }

    #[test]
    fn names_that_leave_the_folder_or_are_reserved_are_refused() {
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(PUBLIC);
        assert!(out.public().write_tournament("..", &files("x")).is_err());
        assert!(out.public().write_tournament("Index.HTML", &files("x")).is_err());
        let mut bad = Files::new();
        bad.insert("../escape.html".into(), b"x".to_vec());
        assert!(out.public().write_tournament("t", &bad).is_err());
        assert!(!tree.join("escape.html").exists());
        assert!(!tree.join("t").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_kept_file_is_linked_unread_and_only_when_it_is_the_reports_own() {
        use std::os::unix::fs::MetadataExt;
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(PUBLIC);
        out.public().write_tournament("t1", &files("one")).unwrap();
        let page = tree.join("t1/games/a.html");
        let ino = std::fs::metadata(&page).unwrap().ino();
        let mut new = files("two");
        new.remove("games/a.html");
        let kept: BTreeSet<String> = ["games/a.html".to_string()].into();
        out.public().write_tournament_keeping("t1", &new, &kept).unwrap();
        assert_eq!(std::fs::metadata(&page).unwrap().ino(), ino, "the same file");
        assert_eq!(std::fs::read_to_string(&page).unwrap(), "one");
        assert_eq!(std::fs::read_to_string(tree.join("t1/index.html")).unwrap(), "two");
        assert_eq!(names(&tree), vec!["t1".to_string()]);
        // A kept file with another link to it (a hard link to an input), or
        // a link in its place, is not carried over: nothing is replaced.
        let input = dir.path().join("in/secret.txt");
        std::fs::write(&input, "secret").unwrap();
        let plants: [fn(&Path, &Path); 2] = [
            |from, to| std::fs::hard_link(from, to).unwrap(),
            |from, to| std::os::unix::fs::symlink(from, to).unwrap(),
        ];
        for plant in plants {
            std::fs::remove_file(&page).unwrap();
            plant(&input, &page);
            assert!(out.public().write_tournament_keeping("t1", &new, &kept).is_err());
            assert_eq!(std::fs::read_to_string(tree.join("t1/index.html")).unwrap(), "two");
            assert_eq!(names(&tree), vec!["t1".to_string()]);
        }
        // A missing one neither.
        std::fs::remove_file(&page).unwrap();
        assert!(out.public().write_tournament_keeping("t1", &new, &kept).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_of_the_previous_folder_itself_are_carried_over() {
        use std::os::unix::fs::MetadataExt;
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(PUBLIC);
        out.public().write_tournament("t1", &files("one")).unwrap();
        let kept = std::fs::metadata(tree.join("t1/index.html")).unwrap().ino();
        // A folder of the previous report replaced by a link to a folder of
        // the inputs holding a file with the same bytes.
        let input = dir.path().join("in/games");
        std::fs::create_dir_all(&input).unwrap();
        std::fs::write(input.join("a.html"), "one").unwrap();
        std::fs::remove_dir_all(tree.join("t1/games")).unwrap();
        std::os::unix::fs::symlink(&input, tree.join("t1/games")).unwrap();
        out.public().write_tournament("t1", &files("one")).unwrap();
        let a = std::fs::symlink_metadata(tree.join("t1/games/a.html")).unwrap();
        assert!(a.is_file());
        assert_ne!(a.ino(), std::fs::metadata(input.join("a.html")).unwrap().ino());
        assert_eq!(
            std::fs::metadata(tree.join("t1/index.html")).unwrap().ino(),
            kept,
            "carried over"
        );
        assert_eq!(std::fs::read_to_string(input.join("a.html")).unwrap(), "one");
    }

    #[test]
    fn the_folder_replaced_is_the_spare_made_into_the_next_one() {
        use std::os::unix::fs::MetadataExt;
        let (dir, out) = opened();
        let tree = dir.path().join("out").join(PUBLIC).join("t1");
        let spare = dir.path().join("out").join(SPARE).join(PUBLIC).join("t1");
        let ino = |p: PathBuf| std::fs::symlink_metadata(p).unwrap().ino();
        let with_report = |text: &str| {
            let mut f = files("one");
            f.insert("report.json".into(), text.as_bytes().to_vec());
            f
        };
        let mut first = with_report("one");
        first.insert("games/gone.html".into(), b"gone".to_vec());
        out.public().write_tournament("t1", &first).unwrap();
        assert!(!spare.exists(), "no spare before a folder is replaced");
        out.public().write_tournament("t1", &with_report("two")).unwrap();
        assert_eq!(out.public().files("t1").unwrap(), with_report("two"));
        assert_eq!(std::fs::read_to_string(spare.join("games/gone.html")).unwrap(), "gone");
        let shared = ino(tree.join("games/a.html"));
        assert_eq!(ino(spare.join("games/a.html")), shared, "an unchanged file is shared");
        let spares_own = ino(spare.join("report.json"));
        out.public().write_tournament("t1", &with_report("three")).unwrap();
        assert_eq!(out.public().files("t1").unwrap(), with_report("three"));
        assert_eq!(ino(tree.join("games/a.html")), shared, "unchanged: the same file");
        assert_eq!(
            ino(tree.join("report.json")),
            spares_own,
            "changed: the spare's own file, written over"
        );
        assert_eq!(std::fs::read_to_string(spare.join("report.json")).unwrap(), "two");
        assert!(!spare.join("games/gone.html").exists());
    }

    #[cfg(unix)]
    #[test]
    fn nothing_linked_into_a_spare_is_written_through() {
        let (dir, out) = opened();
        out.public().write_tournament("t1", &files("one")).unwrap();
        out.public().write_tournament("t1", &files("two")).unwrap();
        let spare = dir.path().join("out").join(SPARE).join(PUBLIC).join("t1");
        // An input hard-linked as the spare's report.json, its games folder
        // a link to a folder of the inputs, its index.html a FIFO.
        let input = dir.path().join("in");
        std::fs::write(input.join("report.json"), "input").unwrap();
        std::fs::remove_file(spare.join("report.json")).unwrap();
        std::fs::hard_link(input.join("report.json"), spare.join("report.json")).unwrap();
        std::fs::create_dir(input.join("games")).unwrap();
        std::fs::write(input.join("games/a.html"), "input").unwrap();
        std::fs::remove_dir_all(spare.join("games")).unwrap();
        std::os::unix::fs::symlink(input.join("games"), spare.join("games")).unwrap();
        std::fs::remove_file(spare.join("index.html")).unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            spare.join("index.html"),
            FileType::Fifo,
            Mode::from_raw_mode(0o666),
            0,
        )
        .unwrap();
        out.public().write_tournament("t1", &files("three")).unwrap();
        assert_eq!(out.public().files("t1").unwrap(), files("three"));
        assert_eq!(std::fs::read_to_string(input.join("report.json")).unwrap(), "input");
        assert_eq!(names(&input.join("games")), vec!["a.html".to_string()]);
        assert_eq!(std::fs::read_to_string(input.join("games/a.html")).unwrap(), "input");
    }

    #[test]
    fn the_spare_of_a_folder_gone_is_swept() {
        let (dir, out) = opened();
        out.arbiter().write_tournament("t1", &files("one")).unwrap();
        out.arbiter().write_tournament("t1", &files("two")).unwrap();
        let spare = dir.path().join("out").join(SPARE).join(ARBITER);
        assert_eq!(names(&spare), vec!["t1".to_string()]);
        std::fs::remove_dir_all(dir.path().join("out").join(ARBITER).join("t1")).unwrap();
        assert!(out.sweep().is_empty());
        assert!(names(&spare).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn overlapping_folders_are_found_by_identity_through_links_and_missing_parts() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("in");
        std::fs::create_dir_all(t.join("t1")).unwrap();
        let refused = |o: &Path| Output::open(&t, o).is_err();
        assert!(refused(&t));
        assert!(refused(dir.path()));
        assert!(refused(&t.join("not-yet/out")));
        assert!(!t.join("not-yet").exists(), "nothing is made");
        assert!(refused(&dir.path().join("x/../in")));
        std::os::unix::fs::symlink(&t, dir.path().join("link")).unwrap();
        assert!(refused(&dir.path().join("link/out")));
        assert!(!refused(&dir.path().join("in-out")));
        assert!(!refused(&dir.path().join("out")));
        // A tree that is a link is never followed, wherever it leads.
        let o = dir.path().join("o2");
        std::fs::create_dir_all(dir.path().join("www")).unwrap();
        std::fs::create_dir_all(&o).unwrap();
        std::os::unix::fs::symlink(dir.path().join("www"), o.join(PUBLIC)).unwrap();
        let err = format!("{:#}", Output::open(&t, &o).unwrap_err());
        assert!(err.contains("a link"), "{err}");
        assert!(
            !o.join(ARBITER).exists() && !o.join(LOCK).exists(),
            "checked before anything is made"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_tree_swapped_for_a_link_after_opening_is_never_written_through() {
        let (dir, out) = opened();
        let public = dir.path().join("out").join(PUBLIC);
        std::fs::rename(&public, dir.path().join("moved")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("in"), &public).unwrap();
        out.public().write_tournament("t1", &files("one")).unwrap();
        out.public().write_if_changed("index.html", b"index", false).unwrap();
        assert!(
            names(&dir.path().join("in")).is_empty(),
            "nothing written in the inputs"
        );
        assert_eq!(
            names(&dir.path().join("moved")),
            vec!["index.html".to_string(), "t1".to_string()]
        );
    }
}
