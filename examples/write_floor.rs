//! The floor of writing a report's files on a disk: reads every file of an
//! output tree a report made into memory, then writes a tree with the same
//! folders, the same number of files and the same bytes into another folder,
//! and prints how long the writing took. Nothing else is done between the
//! writes: no reading, no parsing, no rendering.
//!
//! `cargo run --release --example write_floor -- [--jobs N] SOURCE_TREE TARGET`
//!
//! TARGET is removed first (not timed) when it exists, so every run writes
//! into an empty folder, as a first report does. The files are written by N
//! threads (default: one a core), one top-level folder at a time per
//! thread, as the report writes one tournament at a time per thread.
//! Prints one line: `write floor: F files, D folders, B bytes, S s`.

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The files of one top-level entry of the tree, as (relative path, bytes).
type Group = Vec<(PathBuf, Vec<u8>)>;

fn fail(msg: String) -> ! {
    eprintln!("write_floor: {msg}");
    std::process::exit(2)
}

/// Every regular file under `root`, grouped by its first path component.
fn read_tree(root: &Path) -> Vec<Group> {
    let mut groups: std::collections::BTreeMap<PathBuf, Group> = Default::default();
    for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
        let entry = entry.unwrap_or_else(|e| fail(format!("{}: {e}", root.display())));
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(root)
            .expect("walkdir yields paths under its root")
            .to_path_buf();
        let first = rel
            .components()
            .next()
            .map(|c| PathBuf::from(c.as_os_str()))
            .unwrap_or_default();
        let bytes = std::fs::read(entry.path()).unwrap_or_else(|e| fail(format!("{}: {e}", entry.path().display())));
        groups.entry(first).or_default().push((rel, bytes));
    }
    groups.into_values().collect()
}

/// Writes one group under `target`, making each folder once.
fn write_group(target: &Path, group: &Group) {
    let mut made = std::collections::BTreeSet::new();
    for (rel, bytes) in group {
        let path = target.join(rel);
        if let Some(dir) = path.parent()
            && made.insert(dir.to_path_buf())
        {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| fail(format!("{}: {e}", dir.display())));
        }
        std::fs::write(&path, bytes).unwrap_or_else(|e| fail(format!("{}: {e}", path.display())));
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let mut paths = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--jobs" => {
                jobs = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| fail("--jobs takes a number of threads, at least 1".into()));
            }
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let [source, target] = <[PathBuf; 2]>::try_from(paths)
        .unwrap_or_else(|_| fail("usage: write_floor [--jobs N] SOURCE_TREE TARGET".into()));
    if !source.is_dir() {
        fail(format!("{} is not a folder", source.display()));
    }
    let groups = read_tree(&source);
    let files: usize = groups.iter().map(Vec::len).sum();
    let bytes: usize = groups.iter().flatten().map(|(_, b)| b.len()).sum();
    let folders: std::collections::BTreeSet<&Path> = groups
        .iter()
        .flatten()
        .filter_map(|(rel, _)| rel.parent())
        .filter(|d| !d.as_os_str().is_empty())
        .collect();
    let folders = folders.len();
    if files == 0 {
        fail(format!("{} holds no files", source.display()));
    }
    if target.exists() {
        std::fs::remove_dir_all(&target).unwrap_or_else(|e| fail(format!("{}: {e}", target.display())));
    }
    std::fs::create_dir_all(&target).unwrap_or_else(|e| fail(format!("{}: {e}", target.display())));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap_or_else(|e| fail(format!("thread pool: {e}")));
    let t = Instant::now();
    pool.install(|| groups.par_iter().for_each(|g| write_group(&target, g)));
    let secs = t.elapsed().as_secs_f64();
    println!("write floor: {files} files, {folders} folders, {bytes} bytes, {secs:.3} s");
}
