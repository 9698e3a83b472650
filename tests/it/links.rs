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

/// Every entry under `root`, folders included, in name order.
fn entries(root: &Path) -> Vec<String> {
    let all = walkdir::WalkDir::new(root).sort_by_file_name().into_iter();
    all.map(|e| e.unwrap().path().display().to_string()).collect()
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
fn a_tree_that_is_a_link_is_refused_wherever_it_leads() {
    for (link, target) in [
        ("public", "arbiter"),
        ("arbiter", "public"),
        ("public", "arbiter/x"),
        ("public", "www"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (input, before) = inputs(dir.path());
        let out = dir.path().join("out");
        std::fs::create_dir_all(out.join("arbiter")).unwrap();
        std::fs::create_dir_all(out.join("public")).unwrap();
        std::fs::remove_dir(out.join(link)).unwrap();
        let target = if target == "www" {
            dir.path().join(target)
        } else {
            out.join(target)
        };
        std::fs::create_dir_all(&target).unwrap();
        symlink(&target, out.join(link)).unwrap();
        refused(&input, &out, &before, "is a link: it is not followed");
        assert!(tree(&out).is_empty(), "{link} → {target:?}: nothing is written");
        assert!(tree(&target).is_empty(), "{link} → {target:?}: nothing is written");
    }
}

/// Every file under `root` by device and inode.
fn inodes(root: &Path) -> BTreeMap<(u64, u64), String> {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let m = e.metadata().unwrap();
            ((m.dev(), m.ino()), e.path().display().to_string())
        })
        .collect()
}

#[test]
fn a_link_or_a_hard_link_in_the_locks_place_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let (input, before) = inputs(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let players = input.join("ec2026-sf3/players.csv");
    let lock = out.join(".ccbulletin.lock");
    symlink(&players, &lock).unwrap();
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
    assert_eq!(tree(&input), before, "the inputs changed");
    assert!(
        std::fs::symlink_metadata(&lock).is_err(),
        "the lock's name goes with the run"
    );
    // A dangling link is not made into a file.
    let gone = dir.path().join("gone");
    symlink(&gone, &lock).unwrap();
    assert_eq!(report(&input, &out, AS_OF, &["--force"]).status.code(), Some(1));
    assert!(!gone.exists());
    // A hard link to an input: the lock is the folder's own, and the name
    // is unlinked, never written into.
    std::fs::hard_link(&players, &lock).unwrap();
    assert_eq!(report(&input, &out, AS_OF, &["--force"]).status.code(), Some(1));
    assert_eq!(tree(&input), before, "the inputs changed");
    nothing_private_in(&out.join("public"));
}

#[test]
fn a_link_planted_in_the_previous_public_folder_never_makes_an_input_published() {
    let dir = tempfile::tempdir().unwrap();
    let (input, _) = inputs(dir.path());
    let out = dir.path().join("out");
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
    // The game pages copied among the inputs, and the previous report's
    // games folder replaced by a link to the copies: same names, same bytes.
    let games = out.join("public/ec2026-sf3/games");
    let copies = input.join("copies");
    for (rel, bytes) in tree(&games) {
        write(&copies.join(rel), bytes);
    }
    std::fs::remove_dir_all(&games).unwrap();
    symlink(&copies, &games).unwrap();
    let before = tree(&input);
    let r = report(&input, &out, AS_OF, &["--force"]);
    assert_eq!(r.status.code(), Some(1), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(tree(&input), before, "the inputs changed");
    assert!(
        std::fs::symlink_metadata(&games).unwrap().is_dir(),
        "a folder of its own again"
    );
    let inputs = inodes(&input);
    for (id, path) in inodes(&out.join("public")) {
        assert!(!inputs.contains_key(&id), "{path} is the input {}", inputs[&id]);
    }
}

/// Runs `script` with `sh -e` in a mount namespace of its own (`unshare
/// -rm`), where it may bind-mount; `None`, with a note, where this system
/// does not allow it.
fn in_mount_namespace(script: &str, envs: &[(&str, &Path)]) -> Option<std::process::Output> {
    let can = std::process::Command::new("unshare")
        .args([
            "-rm",
            "sh",
            "-c",
            "d=$(mktemp -d) && mount --bind \"$d\" \"$d\" && umount \"$d\" && rmdir \"$d\"",
        ])
        .output()
        .is_ok_and(|o| o.status.success());
    if !can {
        println!("note: skipped: no mount namespace can be made here (unshare -rm)");
        return None;
    }
    let r = std::process::Command::new("unshare")
        .args(["-rm", "sh", "-ec", script])
        .env("BIN", env!("CARGO_BIN_EXE_ccbulletin"))
        .env("AS_OF", AS_OF)
        .envs(envs.iter().map(|(k, v)| (*k, v.as_os_str())))
        .output()
        .unwrap();
    Some(r)
}

#[test]
fn a_tree_that_is_a_bind_mount_of_the_tournaments_is_refused() {
    for tree_name in ["public", "arbiter"] {
        let dir = tempfile::tempdir().unwrap();
        let (input, before) = inputs(dir.path());
        let out = dir.path().join("out");
        std::fs::create_dir_all(out.join(tree_name)).unwrap();
        let script = format!(
            "mount --bind \"$IN\" \"$OUT/{tree_name}\"\n\
             \"$BIN\" report --tournaments \"$IN\" --out \"$OUT\" --as-of \"$AS_OF\" --quiet || echo \"exit $?\""
        );
        let Some(r) = in_mount_namespace(&script, &[("IN", &input), ("OUT", &out)]) else {
            return;
        };
        let stdout = String::from_utf8_lossy(&r.stdout);
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert!(stdout.contains("exit 2"), "{stdout}{stderr}");
        assert!(stderr.contains("is the tournaments folder"), "{stderr}");
        assert_eq!(tree(&input), before, "the inputs changed");
        assert!(tree(&out).is_empty(), "nothing written");
    }
}

/// The runs of a script that made `nights` reports (each exit 1: the
/// sample's errors) left the inputs' bytes as they were and made or removed
/// no entry of them (`listed`, folders included).
fn nights_left_inputs_alone(
    r: &std::process::Output,
    nights: usize,
    input: &Path,
    (before, listed): (&BTreeMap<String, Vec<u8>>, &[String]),
    what: &str,
) {
    let stdout = String::from_utf8_lossy(&r.stdout);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(stdout.matches("exit 1").count(), nights, "{what}: {stdout}{stderr}");
    assert_eq!(&tree(input), before, "{what}: the inputs changed");
    assert_eq!(entries(input), listed, "{what}: an entry of the inputs made or removed");
}

// The spare folders bind-mounted to the tournaments folder, or to the
// public tree: the run never writes there (nor into a public folder in
// place) and makes the same report as without spares, night after night.
#[test]
fn a_spare_folder_that_is_a_bind_mount_is_never_written_into() {
    for (target, spares) in [
        ("$IN", ".ccbulletin.spare"),
        ("$OUT/public", ".ccbulletin.spare/public"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (input, before) = inputs(dir.path());
        let listed = entries(&input);
        let (out, reference) = (dir.path().join("out"), dir.path().join("reference"));
        std::fs::create_dir_all(out.join(spares)).unwrap();
        std::fs::create_dir_all(out.join("public")).unwrap();
        let script = format!(
            "mount --bind \"{target}\" \"$OUT/{spares}\"\n\
             for d in 2026-11-01 \"$AS_OF\" 2026-12-03; do\n\
             \"$BIN\" report --tournaments \"$IN\" --out \"$OUT\" --as-of $d --quiet || echo \"exit $?\"\n\
             done"
        );
        let Some(r) = in_mount_namespace(&script, &[("IN", &input), ("OUT", &out)]) else {
            return;
        };
        nights_left_inputs_alone(&r, 3, &input, (&before, &listed), target);
        for d in ["2026-11-01", AS_OF, "2026-12-03"] {
            report(&input, &reference, d, &[]);
        }
        assert!(tree(&out) == tree(&reference), "{target}: another report");
    }
}

// A folder and a file of the inputs bind-mounted inside the spares (a
// tournament's spare folder, a spare report.json) after two nights: the
// next nights neither write into them nor remove what they hold, and make
// the same report as without the mounts.
#[test]
fn what_is_mounted_inside_a_spare_is_never_written_into_nor_removed() {
    let dir = tempfile::tempdir().unwrap();
    let (input, before) = inputs(dir.path());
    let listed = entries(&input);
    let (out, reference) = (dir.path().join("out"), dir.path().join("reference"));
    let nights = ["2026-11-01", AS_OF, "2026-12-03", "2026-12-04"];
    for (i, d) in nights.iter().enumerate() {
        report(&input, &reference, d, &[]);
        if i < 2 {
            report(&input, &out, d, &[]);
        }
    }
    let spares = out.join(".ccbulletin.spare");
    assert!(spares.join("public/cup2025-ru").is_dir() && spares.join("arbiter/ec2026-sf3/report.json").is_file());
    let script = "mount --bind \"$IN/cup2025-ru\" \"$OUT/.ccbulletin.spare/public/cup2025-ru\"\n\
         mount --bind \"$IN/ec2026-sf3/players.csv\" \"$OUT/.ccbulletin.spare/arbiter/ec2026-sf3/report.json\"\n\
         for d in 2026-12-03 2026-12-04; do\n\
         \"$BIN\" report --tournaments \"$IN\" --out \"$OUT\" --as-of $d --quiet || echo \"exit $?\"\n\
         done";
    let Some(r) = in_mount_namespace(script, &[("IN", &input), ("OUT", &out)]) else {
        return;
    };
    nights_left_inputs_alone(&r, 2, &input, (&before, &listed), "mounts in the spares");
    assert!(tree(&out) == tree(&reference), "another report");
}

/// A report made into `out`, then a run stopped at its first step (the
/// folders opened, checked and locked) while `how` replaces a tree (moved
/// aside first), then let go on: the inputs keep their bytes, and the
/// report is written into the folder opened, wherever it now is.
fn swapped_mid_run(tree_name: &str, how: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (input, before) = inputs(dir.path());
    let out = dir.path().join("out");
    assert_eq!(report(&input, &out, "2026-11-01", &[]).status.code(), Some(1));
    let release = dir.path().join("release");
    let moved = dir.path().join("moved");
    let how = how.replace("TREE", tree_name);
    let script = format!(
        "CCB_FAULT_HOLD=\"$REL\" \"$BIN\" report --tournaments \"$IN\" --out \"$OUT\" --as-of \"$AS_OF\" --quiet --jobs 1 &\n\
         pid=$!\n\
         while [ ! -e \"$REL.held\" ]; do kill -0 $pid; sleep 0.02; done\n\
         mv \"$OUT/{tree_name}\" \"$MOVED\"\n\
         {how}\n\
         touch \"$REL\"\n\
         wait $pid || echo \"exit $?\""
    );
    let envs = [
        ("IN", input.as_path()),
        ("OUT", &out),
        ("REL", &release),
        ("MOVED", &moved),
    ];
    let r = if how.contains("mount") {
        match in_mount_namespace(&script, &envs) {
            Some(r) => r,
            None => return,
        }
    } else {
        std::process::Command::new("sh")
            .args(["-ec", &script])
            .env("BIN", env!("CARGO_BIN_EXE_ccbulletin"))
            .env("AS_OF", AS_OF)
            .envs(envs.iter().map(|(k, v)| (*k, v.as_os_str())))
            .output()
            .unwrap()
    };
    let stdout = String::from_utf8_lossy(&r.stdout);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(stdout.contains("exit 1"), "{tree_name}, {how}: {stdout}{stderr}");
    assert_eq!(tree(&input), before, "{tree_name}, {how}: the inputs changed");
    // Written where the tree opened now stands.
    let json = moved.join("ec2026-sf3/report.json");
    let written = if tree_name == "public" {
        moved.join("ec2026-sf3/index.html").is_file()
    } else {
        std::fs::read_to_string(&json)
            .unwrap()
            .contains("\"as_of\":\"2026-12-02\"")
    };
    assert!(
        written,
        "{tree_name}, {how}: the new report is not in the folder opened"
    );
    if tree_name == "public" {
        nothing_private_in(&moved);
    }
}

#[test]
fn a_tree_replaced_by_a_link_to_the_tournaments_during_the_run_is_never_written_through() {
    for tree_name in ["public", "arbiter"] {
        swapped_mid_run(tree_name, "ln -s \"$IN\" \"$OUT/TREE\"");
    }
}

#[test]
fn a_tree_replaced_by_a_bind_mount_of_the_tournaments_during_the_run_is_never_written_through() {
    for tree_name in ["public", "arbiter"] {
        swapped_mid_run(tree_name, "mkdir \"$OUT/TREE\" && mount --bind \"$IN\" \"$OUT/TREE\"");
    }
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
