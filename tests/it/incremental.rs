//! Incremental runs (docs/output.md): a tournament whose inputs, templates,
//! as-of date and tool are as they were at its last report is not written
//! again, and every real change to any of them writes it again.

use crate::common::*;
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

const AS_OF: &str = "2026-12-02";
const CUP: &str = "cup2025-ru";
const SF3: &str = "ec2026-sf3";

/// Every file of both trees: relative path → (bytes, modification time,
/// inode). A file written again has a new inode (written beside and
/// swapped in) even where the clock is coarse.
type Files = BTreeMap<String, (Vec<u8>, std::time::SystemTime, u64)>;

fn files(out: &Path) -> Files {
    let mut all = Files::new();
    for tree_name in ["public", "arbiter"] {
        let root = out.join(tree_name);
        for e in walkdir::WalkDir::new(&root).into_iter().filter_map(Result::ok) {
            if !e.file_type().is_file() {
                continue;
            }
            let m = std::fs::metadata(e.path()).unwrap();
            let rel = format!("{tree_name}/{}", e.path().strip_prefix(&root).unwrap().display());
            all.insert(rel, (std::fs::read(e.path()).unwrap(), m.modified().unwrap(), m.ino()));
        }
    }
    all
}

/// The files of one tournament in one tree.
fn of(all: &Files, tree_name: &str, id: &str) -> Files {
    let prefix = format!("{tree_name}/{id}/");
    all.iter()
        .filter(|(k, _)| k.starts_with(&prefix))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Whether every file of `id` in `tree_name` was written again (a new
/// inode or a new time each: a folder removed by hand frees its inodes for
/// the new files), and there is at least one.
fn rewritten(before: &Files, after: &Files, tree_name: &str, id: &str) -> bool {
    let now = of(after, tree_name, id);
    !now.is_empty()
        && now
            .iter()
            .all(|(k, v)| before.get(k).is_none_or(|b| b.2 != v.2 || b.1 != v.1))
}

fn run(input: &Path, out: &Path, as_of: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["--jobs", "1"];
    args.extend_from_slice(extra);
    report(input, out, as_of, &args)
}

#[test]
fn a_rerun_with_nothing_changed_keeps_every_file_and_says_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let first = run(&sample(), &out, AS_OF, &[]);
    assert_eq!(first.status.code(), Some(1), "the sample has errors");
    let before = files(&out);
    assert!(before.contains_key("public/index.html") && before.contains_key("arbiter/index.html"));
    assert!(before.contains_key(&format!("arbiter/{CUP}/fingerprint")));
    assert!(before.contains_key(&format!("arbiter/{SF3}/summary.json")));
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = run(&sample(), &out, AS_OF, &[]);
    assert_eq!(files(&out), before, "bytes, times and inodes of both trees");
    assert_eq!(again.status.code(), first.status.code());
    let lines = String::from_utf8_lossy(&first.stderr).into_owned();
    assert!(lines.contains(" error") && lines.contains(CUP), "{lines}");
    assert_eq!(String::from_utf8_lossy(&again.stderr), lines, "the same error lines");
    // The summary line says so.
    let loud = ccbulletin(&[
        "report",
        "--tournaments",
        sample().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--as-of",
        AS_OF,
    ]);
    let err = String::from_utf8_lossy(&loud.stderr);
    assert!(err.lines().next().unwrap().contains(", 2 reused → "), "{err}");
    assert!(err.ends_with(&lines), "{err}");
    assert_eq!(files(&out), before);
}

#[test]
fn force_writes_everything_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run(&sample(), &out, AS_OF, &[]);
    let before = files(&out);
    let forced = run(&sample(), &out, AS_OF, &["--force"]);
    assert_eq!(forced.status.code(), Some(1));
    let after = files(&out);
    for tree_name in ["public", "arbiter"] {
        for id in [CUP, SF3] {
            assert!(rewritten(&before, &after, tree_name, id), "{tree_name}/{id}");
        }
        let index = format!("{tree_name}/index.html");
        assert_ne!(before[&index].2, after[&index].2, "{index} written again");
    }
    // The same bytes as the same two runs make elsewhere (the second
    // run's arbiter files say what changed since the first).
    let reference = dir.path().join("reference");
    run(&sample(), &reference, AS_OF, &[]);
    run(&sample(), &reference, AS_OF, &["--force"]);
    assert_eq!(bytes(&after), bytes(&files(&reference)));
}

/// Every file's bytes, without times and inodes.
fn bytes(f: &Files) -> BTreeMap<String, Vec<u8>> {
    f.iter().map(|(k, v)| (k.clone(), v.0.clone())).collect()
}

/// A copy of an output folder, to run on again.
fn copy_out(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for (rel, bytes) in tree(from) {
        write(&to.join(rel), bytes);
    }
}

/// Replaces `from` by `to` in a file of the copy, which must hold it.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn every_kind_of_input_change_writes_the_tournament_again() {
    type Change = (&'static str, fn(&Path));
    let changes: [Change; 6] = [
        ("a move log row", |t| {
            edit(
                &t.join(CUP).join("games/b1.csv"),
                "1,white,Кf3,,02.02.2025,,",
                "1,white,Кf3,,03.02.2025,,",
            )
        }),
        ("a break", |t| {
            edit(&t.join(CUP).join("breaks.csv"), "09.08.2025", "08.08.2025")
        }),
        ("a decision", |t| {
            edit(
                &t.join(CUP).join("decisions.csv"),
                "adjudicated a draw",
                "adjudicated: a draw",
            )
        }),
        ("players.csv", |t| {
            edit(
                &t.join(CUP).join("players.csv"),
                "sokolov.v@example.net",
                "sokolov@example.net",
            )
        }),
        ("a new file in games/", |t| {
            std::fs::write(t.join(CUP).join("games/b9.txt"), "a note\n").unwrap()
        }),
        ("a deleted file", |t| {
            std::fs::remove_file(t.join(CUP).join("games/b1.pgn")).unwrap()
        }),
    ];
    for (what, change) in changes {
        let dir = tempfile::tempdir().unwrap();
        let (input, out) = (dir.path().join("in"), dir.path().join("out"));
        copy_sample(&input);
        run(&input, &out, AS_OF, &[]);
        let before = files(&out);
        let forced = dir.path().join("forced");
        copy_out(&out, &forced);
        change(&input);
        run(&input, &out, AS_OF, &[]);
        let after = files(&out);
        for tree_name in ["public", "arbiter"] {
            assert!(rewritten(&before, &after, tree_name, CUP), "{what}: {tree_name}/{CUP}");
            assert_eq!(
                of(&after, tree_name, SF3),
                of(&before, tree_name, SF3),
                "{what}: {SF3} untouched"
            );
        }
        let fp = format!("arbiter/{CUP}/fingerprint");
        assert_ne!(before[&fp].0, after[&fp].0, "{what}: a new fingerprint");
        // What is there is what a forced run over the same previous report
        // and the changed inputs makes.
        run(&input, &forced, AS_OF, &["--force"]);
        let fresh = forced;
        for tree_name in ["public", "arbiter"] {
            assert_eq!(
                tree(&out.join(tree_name).join(CUP)),
                tree(&fresh.join(tree_name).join(CUP)),
                "{what}: {tree_name}/{CUP} is the changed report"
            );
        }
    }
}

#[test]
fn another_as_of_date_or_template_writes_every_tournament_again() {
    let dir = tempfile::tempdir().unwrap();
    let (templates, out) = (dir.path().join("templates"), dir.path().join("out"));
    std::fs::create_dir(&templates).unwrap();
    write(&templates.join("style.css"), "body { color: black; }\n");
    let tpl = templates.to_str().unwrap();
    run(&sample(), &out, AS_OF, &["--templates", tpl]);
    let mut before = files(&out);
    // (what, --as-of, the override's new text, whether --templates is given)
    let steps: [(&str, &str, Option<&str>, bool); 3] = [
        ("another --as-of", "2026-12-03", None, true),
        (
            "a changed template override",
            "2026-12-03",
            Some("body { color: navy; }\n"),
            true,
        ),
        ("the template overrides left out", "2026-12-03", None, false),
    ];
    for (what, as_of, css, with_templates) in steps {
        if let Some(css) = css {
            write(&templates.join("style.css"), css);
        }
        let extra = if with_templates {
            vec!["--templates", tpl]
        } else {
            vec![]
        };
        run(&sample(), &out, as_of, &extra);
        let after = files(&out);
        for tree_name in ["public", "arbiter"] {
            for id in [CUP, SF3] {
                assert!(rewritten(&before, &after, tree_name, id), "{what}: {tree_name}/{id}");
            }
        }
        before = after;
    }
}

#[test]
fn a_stale_public_report_is_kept_and_then_reused_until_the_inputs_are_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    copy_sample(&input);
    run(&input, &out, AS_OF, &[]);
    let published = files(&out);
    // A broken header: the core files fail, the public report stays.
    let players = input.join(CUP).join("players.csv");
    let good = std::fs::read(&players).unwrap();
    std::fs::write(&players, "nom,courriel\nx,y\n").unwrap();
    let broken = run(&input, &out, AS_OF, &[]);
    let stale = files(&out);
    assert_eq!(
        of(&stale, "public", CUP),
        of(&published, "public", CUP),
        "the public report is kept"
    );
    assert!(rewritten(&published, &stale, "arbiter", CUP));
    // Nothing changed since: nothing written, the same status and lines.
    let again = run(&input, &out, AS_OF, &[]);
    assert_eq!(files(&out), stale);
    assert_eq!(again.status.code(), broken.status.code());
    assert_eq!(again.stderr, broken.stderr);
    assert!(String::from_utf8_lossy(&again.stderr).contains("bad-input"));
    // Fixed: written again, as the first time.
    std::fs::write(&players, good).unwrap();
    run(&input, &out, AS_OF, &[]);
    let fixed = files(&out);
    assert!(rewritten(&stale, &fixed, "public", CUP) && rewritten(&stale, &fixed, "arbiter", CUP));
    let bytes = |f: &Files| {
        f.iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect::<BTreeMap<_, _>>()
    };
    assert_eq!(bytes(&of(&fixed, "public", CUP)), bytes(&of(&published, "public", CUP)));
}

#[test]
fn a_missing_public_folder_is_written_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run(&sample(), &out, AS_OF, &[]);
    let before = files(&out);
    std::fs::remove_dir_all(out.join("public").join(CUP)).unwrap();
    run(&sample(), &out, AS_OF, &[]);
    let after = files(&out);
    assert!(rewritten(&before, &after, "public", CUP) && rewritten(&before, &after, "arbiter", CUP));
    assert_eq!(of(&after, "public", SF3), of(&before, "public", SF3));
}

/// A run killed after a tournament's public folder was replaced but before
/// its arbiter folder was: the two folders hold different fingerprints, so
/// a next run over the first inputs does not take the new public folder for
/// theirs.
#[test]
fn a_run_killed_between_the_two_swaps_is_not_taken_for_a_whole_report() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    copy_sample(&input);
    run(&input, &out, AS_OF, &[]);
    let first = files(&out);
    let log = input.join(CUP).join("games/b1.csv");
    let original = std::fs::read(&log).unwrap();
    edit(&log, "1,white,Кf3,,02.02.2025,,", "1,white,Кf3,,03.02.2025,,");
    // On a copy of the first output: the next run writes only CUP, so its
    // steps are CUP's public swap, then its arbiter swap.
    let probe = dir.path().join("probe2");
    std::fs::create_dir(&probe).unwrap();
    for (rel, bytes) in tree(&out) {
        write(&probe.join(rel), bytes);
    }
    let r = bin()
        .args(report_args(&input, &probe, AS_OF, &["--jobs", "1"]))
        .env("CCB_FAULT_TRACE", "1")
        .output()
        .unwrap();
    let steps: Vec<String> = String::from_utf8_lossy(&r.stderr)
        .lines()
        .filter(|l| l.starts_with("fault point "))
        .map(str::to_string)
        .collect();
    let public_cup = probe.join("public").join(CUP).display().to_string();
    let at = steps
        .iter()
        .position(|l| l.contains("exchanged") && l.ends_with(&public_cup))
        .unwrap_or_else(|| panic!("{steps:?}"))
        + 2; // the step after it, counted from 1
    let killed = bin()
        .args(report_args(&input, &out, AS_OF, &["--jobs", "1"]))
        .env("CCB_FAULT_ABORT_AT", at.to_string())
        .output()
        .unwrap();
    assert_eq!(killed.status.code(), None, "the run was stopped");
    let mid = files(&out);
    assert!(
        rewritten(&first, &mid, "public", CUP),
        "the public folder is the new one"
    );
    let public_fp = &mid[&format!("public/{CUP}/.fingerprint")];
    let arbiter_fp = &mid[&format!("arbiter/{CUP}/fingerprint")];
    assert_ne!(public_fp.0, arbiter_fp.0, "the two folders are from different inputs");
    assert_eq!(
        arbiter_fp,
        &first[&format!("arbiter/{CUP}/fingerprint")],
        "the arbiter's folder is the old one"
    );
    // Back to the first inputs: the public folder must not stay the new one.
    std::fs::write(&log, original).unwrap();
    run(&input, &out, AS_OF, &[]);
    // The public files are the first report's again; of the arbiter's, all
    // but what changed since the last report.
    let public = |f: &Files| -> BTreeMap<String, Vec<u8>> {
        bytes(f).into_iter().filter(|(k, _)| k.starts_with("public/")).collect()
    };
    let now = files(&out);
    assert_eq!(public(&now), public(&first));
    let fp = format!("arbiter/{CUP}/fingerprint");
    assert_eq!(now[&fp].0, first[&fp].0);
}

/// A link to a folder inside a tournament's folder: the fingerprint does not
/// follow it, so the tournament is written every run.
#[test]
fn a_tournament_holding_a_link_to_a_folder_is_never_reused() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out, elsewhere) = (dir.path().join("in"), dir.path().join("out"), dir.path().join("else"));
    copy_sample(&input);
    std::fs::create_dir(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, input.join(CUP).join("linked")).unwrap();
    run(&input, &out, AS_OF, &[]);
    let before = files(&out);
    assert!(!before.contains_key(&format!("arbiter/{CUP}/fingerprint")));
    run(&input, &out, AS_OF, &[]);
    let after = files(&out);
    assert!(rewritten(&before, &after, "public", CUP) && rewritten(&before, &after, "arbiter", CUP));
    assert_eq!(
        of(&after, "arbiter", SF3),
        of(&before, "arbiter", SF3),
        "{SF3} is reused"
    );
}

/// The report is made from the bytes the fingerprint read (each input read
/// once): the game stage takes a file's bytes from what the fingerprint
/// kept, and reads the disk only for a file not kept.
#[test]
fn the_game_stage_reads_the_bytes_the_fingerprint_kept() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("in");
    worked_example(&root);
    let as_of = "2026-03-10".parse().unwrap();
    let catalog = ccbulletin::load::load(&root, as_of).unwrap();
    let loaded = &catalog.tournaments[0];
    let mut kept = ccbulletin::load::Inputs::new();
    let run = ccbulletin::output::incremental::run_fingerprint(&root, as_of, None);
    let fp = ccbulletin::output::incremental::tournament_fingerprint(run, loaded, Some(&mut kept));
    assert_eq!(
        fp,
        ccbulletin::output::incremental::tournament_fingerprint(run, loaded, None),
        "keeping the bytes does not change the fingerprint"
    );
    let log = loaded.tournament.dir.join("games/g.csv");
    assert_eq!(kept[&log], std::fs::read(&log).unwrap());
    let moves = |inputs: Option<&ccbulletin::load::Inputs>| {
        ccbulletin::compute::compute_from(loaded, as_of, inputs).games[0]
            .moves
            .len()
    };
    let on_disk = moves(None);
    assert_eq!(moves(Some(&kept)), on_disk);
    // Bytes kept that differ from the disk's: those are the ones read.
    kept.insert(
        log.clone(),
        b"no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n".to_vec(),
    );
    assert_eq!(moves(Some(&kept)), 1);
    kept.remove(&log);
    assert_eq!(moves(Some(&kept)), on_disk, "a file not kept is read from the disk");
    assert!(on_disk > 1);
}
