//! Path tricks around the output folder (docs/output.md, "Links"): a tree
//! of `out/` that leads to the tournaments or to the other tree, a link in
//! the lock's place, an `--out` that walks out through `..`. Each exits 2
//! before anything is written or deleted: the inputs keep their bytes and
//! nothing private reaches the public tree.

use crate::common::*;
use std::collections::BTreeMap;
use std::os::unix::fs::symlink;
use std::path::Path;

const AS_OF: &str = "2026-12-02";

/// A copy of the sample tournaments in `dir/in`, and its files' bytes.
fn inputs(dir: &Path) -> (std::path::PathBuf, BTreeMap<String, Vec<u8>>) {
    let input = dir.join("in");
    for (rel, bytes) in tree(&sample()) {
        write(&input.join(rel), bytes);
    }
    let before = tree(&input);
    assert!(before.len() > 40);
    (input, before)
}

/// Nothing under `public` holds an address, the arbiter's files, or the
/// inputs' tables.
fn nothing_private_in(public: &Path) {
    for (rel, bytes) in tree(public) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(!has_email(&text), "{rel} holds an address");
        for private in ["arbiter.html", "report.json", "players.csv", "summary.json"] {
            assert!(!rel.ends_with(private), "{rel} is under the public tree");
        }
    }
}

/// Runs the report into `out` and checks the refusal: exit 2, the message
/// naming `names`, the inputs as they were, nothing private in public.
fn refused(input: &Path, out: &Path, before: &BTreeMap<String, Vec<u8>>, names: &str) {
    let r = report(input, out, AS_OF, &[]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(names), "{stderr}");
    assert_eq!(&tree(input), before, "the inputs changed");
    // A public tree that is a link to the inputs shows them: their bytes
    // unchanged is the check there.
    let public = out.join("public");
    if !std::fs::symlink_metadata(&public).is_ok_and(|m| m.file_type().is_symlink()) {
        nothing_private_in(&public);
    }
}

#[test]
fn a_tree_that_leads_to_the_tournaments_is_refused_and_nothing_deleted() {
    for tree_name in ["public", "arbiter"] {
        for target in ["in", "in/ec2026-sf3", "in/ec2026-sf3/games"] {
            let dir = tempfile::tempdir().unwrap();
            let (input, before) = inputs(dir.path());
            let out = dir.path().join("out");
            std::fs::create_dir(&out).unwrap();
            symlink(dir.path().join(target), out.join(tree_name)).unwrap();
            refused(&input, &out, &before, tree_name);
            assert!(
                !out.join(".ccbulletin.lock").exists(),
                "checked before the lock is made"
            );
        }
    }
}

#[test]
fn a_tree_that_leads_to_the_other_is_refused() {
    for (link, target) in [("public", "arbiter"), ("arbiter", "public"), ("public", "arbiter/x")] {
        let dir = tempfile::tempdir().unwrap();
        let (input, before) = inputs(dir.path());
        let out = dir.path().join("out");
        std::fs::create_dir_all(out.join("arbiter")).unwrap();
        std::fs::create_dir_all(out.join("public")).unwrap();
        std::fs::remove_dir(out.join(link)).unwrap();
        std::fs::create_dir_all(out.join(target)).unwrap();
        symlink(out.join(target), out.join(link)).unwrap();
        refused(&input, &out, &before, "published");
        assert!(tree(&out).is_empty(), "{link} → {target}: nothing is written");
    }
    // A public tree that is a link elsewhere, outside both, is fine.
    let dir = tempfile::tempdir().unwrap();
    let (input, before) = inputs(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir_all(dir.path().join("www")).unwrap();
    std::fs::create_dir(&out).unwrap();
    symlink(dir.path().join("www"), out.join("public")).unwrap();
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
    assert!(dir.path().join("www/ec2026-sf3/index.html").is_file());
    nothing_private_in(&dir.path().join("www"));
    assert_eq!(tree(&input), before);
}

#[test]
fn a_link_in_the_locks_place_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let (input, before) = inputs(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let players = input.join("ec2026-sf3/players.csv");
    symlink(&players, out.join(".ccbulletin.lock")).unwrap();
    refused(&input, &out, &before, ".ccbulletin.lock");
    assert!(!out.join("public").exists() && !out.join("arbiter").exists());
    // A dangling link is not made into a file either.
    std::fs::remove_file(out.join(".ccbulletin.lock")).unwrap();
    let gone = dir.path().join("gone");
    symlink(&gone, out.join(".ccbulletin.lock")).unwrap();
    refused(&input, &out, &before, ".ccbulletin.lock");
    assert!(!gone.exists());
}

#[test]
fn an_out_that_walks_out_of_the_tournaments_makes_nothing_in_them() {
    let dir = tempfile::tempdir().unwrap();
    let (_, before) = inputs(dir.path());
    // `--out in/nonexist/../../zz`, run from beside the tournaments.
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
        .current_dir(dir.path())
        .args(["report", "--tournaments", "in", "--out", "in/nonexist/../../zz"])
        .args(["--as-of", AS_OF, "--quiet"])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(
        !dir.path().join("in/nonexist").exists(),
        "a folder was made in the tournaments"
    );
    assert_eq!(tree(&dir.path().join("in")), before);
    assert!(dir.path().join("zz/public/ec2026-sf3/index.html").is_file());
    // Into the tournaments through `..`: refused, nothing made.
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
        .current_dir(dir.path())
        .args(["report", "--tournaments", "in", "--out", "zz/new/../../in/new"])
        .args(["--as-of", AS_OF, "--quiet"])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(!dir.path().join("zz/new").exists() && !dir.path().join("in/new").exists());
    assert_eq!(tree(&dir.path().join("in")), before);
}
