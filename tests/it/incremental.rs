//! Incremental runs (docs/output.md): a tournament whose inputs, templates,
//! as-of date and tool are as they were at its last report is not written
//! again, and every real change to any of them writes it again.

use crate::common::*;
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

const AS_OF: &str = "2026-12-02";
const CUP: &str = "cup2025-ru";
const SF3: &str = "ec2026-sf3";

/// Every file and folder of both trees: relative path (a folder's ending
/// with `/`) → (bytes, modification time, inode). A file written again has
/// another inode than the night before (written beside and swapped in)
/// even where the clock is coarse; one whose bytes stay the same keeps its
/// inode, linked into the new folder.
type Files = BTreeMap<String, (Vec<u8>, std::time::SystemTime, u64)>;

fn files(out: &Path) -> Files {
    let mut all = Files::new();
    for tree_name in ["public", "arbiter"] {
        let root = out.join(tree_name);
        for e in walkdir::WalkDir::new(&root).into_iter().filter_map(Result::ok) {
            let m = std::fs::metadata(e.path()).unwrap();
            let rel = format!("{tree_name}/{}", e.path().strip_prefix(&root).unwrap().display());
            if e.file_type().is_dir() {
                all.insert(format!("{rel}/"), (Vec::new(), m.modified().unwrap(), m.ino()));
            } else if e.file_type().is_file() {
                all.insert(rel, (std::fs::read(e.path()).unwrap(), m.modified().unwrap(), m.ino()));
            }
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

/// Whether the folder of `id` in `tree_name` was replaced (a new inode or
/// a new time: a folder removed by hand frees its inode for the new one;
/// or, the folders replaced being kept as spares to be made into the next
/// ones, a file in it written again), holding at least one file. Its files
/// whose bytes did not change may be the same files, carried over
/// ([`unchanged_files_rewritten`]).
fn rewritten(before: &Files, after: &Files, tree_name: &str, id: &str) -> bool {
    let dir = format!("{tree_name}/{id}/");
    let Some(now) = after.get(&dir) else {
        return false;
    };
    of(after, tree_name, id).len() > 1
        && (before.get(&dir).is_none_or(|b| b.2 != now.2 || b.1 != now.1)
            || of(before, tree_name, id) != of(after, tree_name, id))
}

/// The files of both trees whose bytes are the same before and after but
/// which were written again (another inode or another time).
fn unchanged_files_rewritten(before: &Files, after: &Files) -> Vec<String> {
    after
        .iter()
        .filter(|(k, v)| !k.ends_with('/') && before.get(*k).is_some_and(|b| b.0 == v.0 && (b.1 != v.1 || b.2 != v.2)))
        .map(|(k, _)| k.clone())
        .collect()
}

fn run(input: &Path, out: &Path, as_of: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["--jobs", "1"];
    args.extend_from_slice(extra);
    report(input, out, as_of, &args)
}

/// The sample of the repository reported once (one job, as of [`AS_OF`]):
/// the temporary folder, the output folder in it and the files written.
fn reported_in_place() -> (tempfile::TempDir, PathBuf, Files) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run(&sample(), &out, AS_OF, &[]);
    let written = files(&out);
    (dir, out, written)
}

/// The sample copied and reported once (one job, as of [`AS_OF`]): the
/// test's folders, its tournaments folder, the output folder and the files
/// written.
fn reported_sample() -> (TournamentTest, PathBuf, PathBuf, Files) {
    let test = TournamentTest::sample();
    let (input, out) = (test.input(), test.root().join("out"));
    run(&input, &out, AS_OF, &[]);
    let written = files(&out);
    (test, input, out, written)
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
    let (dir, out, before) = reported_in_place();
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
        let (dir, input, out, before) = reported_sample();
        let forced = dir.root().join("forced");
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
    let (_dir, input, out, published) = reported_sample();
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
    let (_dir, out, before) = reported_in_place();
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
    let (dir, input, out, first) = reported_sample();
    let log = input.join(CUP).join("games/b1.csv");
    let original = std::fs::read(&log).unwrap();
    edit(&log, "1,white,Кf3,,02.02.2025,,", "1,white,Кf3,,03.02.2025,,");
    // On a copy of the first output: the next run writes only CUP, so its
    // steps are CUP's public swap, then its arbiter swap.
    let probe = dir.root().join("probe2");
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
    let test = TournamentTest::worked_example();
    let root = test.input();
    let as_of = "2026-03-10".parse().unwrap();
    let catalog = ccbulletin::load::load(&root, as_of).unwrap();
    let loaded = &catalog.tournaments[0];
    let mut kept = ccbulletin::load::Inputs::new();
    let run = ccbulletin::output::incremental::run_fingerprint(&root, None);
    let fp = ccbulletin::output::incremental::tournament_fingerprint(run, loaded, Some(&mut kept));
    assert_eq!(
        fp,
        ccbulletin::output::incremental::tournament_fingerprint(run, loaded, None),
        "keeping the bytes does not change the fingerprint"
    );
    let log = loaded.tournament.dir.join("games/g.csv");
    assert_eq!(kept[&log], std::fs::read(&log).unwrap());
    let moves = |inputs: Option<&ccbulletin::load::Inputs>| {
        ccbulletin::compute::compute_from(loaded, as_of, inputs, Default::default()).games[0]
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

/// An input edited between the load and the fingerprint (the step
/// `loaded`): the report may be made from the old bytes, so no fingerprint
/// is stored for it and the next run makes it again, from the new ones.
#[test]
fn an_input_edited_during_the_run_is_made_again_by_the_next() {
    let (dir, input, out, _) = reported_sample();
    let log = input.join(CUP).join("games/b1.csv");
    let edited = dir.root().join("b1.csv");
    let text = std::fs::read_to_string(&log).unwrap();
    let changed = text.replacen("1,white,Кf3,,02.02.2025,,", "1,white,Кf3,,03.02.2025,,", 1);
    assert_ne!(changed, text);
    std::fs::write(&edited, changed).unwrap();
    // The run after an edit of the folder: it writes CUP, whose log the
    // arbiter saves again while the run is between the load and the
    // fingerprint.
    std::fs::write(input.join(CUP).join("notes.txt"), "x").unwrap();
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
        .args(["report", "--tournaments", input.to_str().unwrap(), "--out"])
        .arg(&out)
        .args(["--as-of", AS_OF, "--quiet", "--jobs", "1"])
        .env("CCB_FAULT_EDIT_AT", "loaded")
        .env("CCB_FAULT_EDIT_FROM", &edited)
        .env("CCB_FAULT_EDIT_TO", &log)
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(std::fs::read(&log).unwrap(), std::fs::read(&edited).unwrap(), "edited");
    assert!(
        !out.join("arbiter").join(CUP).join("fingerprint").exists(),
        "no fingerprint vouches for a report made while its inputs changed"
    );
    assert!(out.join("arbiter").join(SF3).join("fingerprint").exists());
    let during = files(&out);
    // The next run makes CUP again, and stores its fingerprint then.
    run(&input, &out, AS_OF, &[]);
    let next = files(&out);
    assert!(rewritten(&during, &next, "arbiter", CUP));
    assert_eq!(
        of(&next, "arbiter", SF3),
        of(&during, "arbiter", SF3),
        "{SF3} is reused"
    );
    assert!(out.join("arbiter").join(CUP).join("fingerprint").exists());
    // And the one after reuses it: made from the bytes it fingerprinted.
    run(&input, &out, AS_OF, &[]);
    assert_eq!(files(&out), next);
}

/// The next night (as-of + 1 day, the same inputs): the folders of a
/// tournament still in play are replaced, but every file whose bytes stay
/// the same is the same file (its inode and time kept).
#[test]
fn the_next_night_rewrites_no_file_whose_bytes_stay_the_same() {
    let (_dir, out, before) = reported_in_place();
    let next = "2026-12-03";
    run(&sample(), &out, next, &[]);
    let after = files(&out);
    assert!(rewritten(&before, &after, "public", SF3), "{SF3} is made again");
    assert_eq!(unchanged_files_rewritten(&before, &after), Vec::<String>::new());
    let kept = after
        .iter()
        .filter(|(k, v)| k.starts_with("public/") && !k.ends_with('/') && before.get(*k) == Some(v))
        .count();
    assert!(kept > 0, "some pages do not change with the date");
    assert_ne!(
        after[&format!("arbiter/{SF3}/report.json")].0,
        before[&format!("arbiter/{SF3}/report.json")].0
    );
}

/// The worked example's tournament finished: ended 2026-03-31, mate on
/// move 2 with both records sent, no break.
fn finished_tournament(input: &Path) -> std::path::PathBuf {
    worked_example(input);
    let t = input.join("spec13");
    let toml = std::fs::read_to_string(t.join("tournament.toml")).unwrap();
    write(&t.join("tournament.toml"), format!("{toml}end = 2026-03-31\n"));
    std::fs::remove_file(t.join("breaks.csv")).unwrap();
    // Mate on move 2, both records sent.
    write(
        &t.join("games/g.csv"),
        "no,side,move,received,sent,flag,note\n1,white,f3,,2026-01-15,,\n\
         1,black,e5,2026-01-16,2026-01-18,,\n2,white,g4,2026-01-19,2026-01-20,,\n\
         2,black,Qh4#,2026-01-21,2026-01-22,,\n2,white,,,2026-01-24,record,\n2,black,,,2026-01-24,record,\n",
    );
    write(
        &t.join("games/g.pgn"),
        format!(
            "[White \"{WHITE}\"]\n[Black \"{BLACK}\"]\n[Result \"0-1\"]\n\n\
             1. f3 {{[%ccsnt 2026.01.15]}} e5 {{[%ccsnt 2026.01.18]}} 2. g4 {{[%ccsnt 2026.01.20]}} \
             Qh4# {{[%ccsnt 2026.01.22]}} 0-1\n"
        ),
    );
    t
}

/// SPEC 11 v4: a tournament is settled only when nothing in its inputs is
/// dated after the as-of date: a decision dated later is counted once its
/// date comes, as a clean run counts it.
#[test]
fn a_tournament_with_a_decision_dated_later_is_not_settled() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    let t = finished_tournament(&input);
    write(
        &t.join("decisions.csv"),
        "date,kind,game,player,result,note\n2027-01-10,result,g,,1-0,\n",
    );
    let inputs = tree(&input);
    run(&input, &out, "2026-12-02", &[]);
    let stored: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter/spec13/summary.json")).unwrap()).unwrap();
    assert!(stored["settled"].is_null(), "a decision is dated after 2026-12-02");
    run(&input, &out, "2027-02-01", &[]);
    let clean = dir.path().join("clean");
    run(&input, &clean, "2027-02-01", &[]);
    let json = |o: &Path| report_json(o, "spec13")["games"][0]["result"].clone();
    assert_eq!(json(&out), json(&clean));
    assert_eq!(json(&out), "1-0", "the decision counts from its date");
    assert_eq!(
        std::fs::read(out.join("public/spec13/index.html")).unwrap(),
        std::fs::read(clean.join("public/spec13/index.html")).unwrap()
    );
    assert_eq!(tree(&input), inputs, "the inputs changed");
}

/// A finished tournament (every game over with its records, nothing due,
/// more than 14 days after its end): no later date can change its report,
/// so the next nights neither make nor write it while its inputs stay the
/// same; an edit, or an earlier date, makes it again.
#[test]
fn a_finished_tournament_is_not_made_again_the_next_nights() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    let t = finished_tournament(&input);
    copy_sample(&input);
    let summary = |r: &std::process::Output| String::from_utf8_lossy(&r.stderr).into_owned();
    let first = run(&input, &out, "2026-12-02", &[]);
    let stored: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter/spec13/summary.json")).unwrap()).unwrap();
    assert_eq!(stored["settled"]["from"], "2026-12-02", "{}", summary(&first));
    assert!(stored.get("settled").is_some_and(|s| !s.is_null()));
    let cup: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join(format!("arbiter/{SF3}/summary.json"))).unwrap()).unwrap();
    assert!(cup["settled"].is_null(), "{SF3} is still in play");
    let before = files(&out);
    for next in ["2026-12-03", "2027-06-30"] {
        let r = report(&input, &out, next, &["--jobs", "1"]);
        assert!(summary(&r).is_empty() || r.status.code() == Some(1));
        let after = files(&out);
        assert_eq!(
            of(&after, "public", "spec13"),
            of(&before, "public", "spec13"),
            "{next}"
        );
        assert_eq!(
            of(&after, "arbiter", "spec13"),
            of(&before, "arbiter", "spec13"),
            "{next}"
        );
        assert!(rewritten(&before, &after, "arbiter", SF3));
    }
    // Run without --quiet: the summary line counts it as reused.
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
        .args(["report", "--tournaments", input.to_str().unwrap(), "--out"])
        .arg(&out)
        .args(["--as-of", "2027-07-01", "--jobs", "1"])
        .output()
        .unwrap();
    assert!(summary(&r).contains("1 reused"), "{}", summary(&r));
    // An earlier date than the one it was made on: made again.
    run(&input, &out, "2026-11-30", &[]);
    assert!(rewritten(&before, &files(&out), "arbiter", "spec13"));
    // An edit makes it again too.
    let before = files(&out);
    write(
        &t.join("players.csv"),
        format!("name,email\n\"{WHITE}\",w2@example.org\n\"{BLACK}\",b@example.org\n"),
    );
    run(&input, &out, "2027-07-02", &[]);
    assert!(rewritten(&before, &files(&out), "arbiter", "spec13"));
}

/// The next night with no new records, then one new move (SPEC 11, "The
/// next night"): the game pages, next messages, calendars and the PGN of
/// a tournament keep their bytes and inodes from one night to the next
/// (none shows a count that runs with the date); one new move changes
/// exactly that game's files, both players' pages and calendars, the
/// bulletin and the arbiter's files.
#[test]
fn the_next_night_changes_only_the_bulletin_and_the_players_pages_and_one_move_only_its_game() {
    let (dir, input, out, before) = reported_sample();
    let next = "2026-12-03";
    run(&input, &out, next, &[]);
    let after = files(&out);
    only_dated_pages_change_overnight(&before, &after);
    // One new move in g23 (Lebedev – Zaitsev, White thinking on move 33
    // since 2026-11-26, no PGN file to disagree with): a legal one from the
    // position report.json gives, sent on the new date.
    let mv = a_legal_move(game_json(&report_json(&out, SF3), "g23"));
    let log = input.join(SF3).join("games/g23.csv");
    let text = std::fs::read_to_string(&log).unwrap();
    let pending = "33,white,,2026.11.26,,,";
    assert!(text.contains(pending), "{text}");
    write(
        &log,
        text.replace(pending, &format!("33,white,{mv},2026.11.26,{next},,")),
    );
    run(&input, &out, next, &[]);
    let moved = files(&out);
    let mut changed = changed_in_public_sf3(&after, &moved);
    changed.sort();
    assert_eq!(
        changed,
        [
            ".fingerprint",
            "bulletin.txt",
            &format!("{SF3}.pgn"),
            "games/g23.html",
            "games/g23.txt",
            "index.html",
            "players/lebedev-mikhail.html",
            "players/lebedev-mikhail.ics",
            "players/zaitsev-nikolai.html",
            "players/zaitsev-nikolai.ics",
        ],
        "one move: its game, both players, the bulletin"
    );
    assert!(
        rewritten(&after, &moved, "arbiter", SF3),
        "the arbiter's files are made again"
    );
    assert_eq!(unchanged_files_rewritten(&after, &moved), Vec::<String>::new());
    // What was carried over is what a full render makes (the bulletin
    // aside: a fresh folder has no previous report to mark moves since).
    let forced = dir.root().join("forced");
    run(&input, &forced, next, &["--force"]);
    carried_over_as_rendered(&moved, &files(&forced));
}

/// From one night to the next with no new records, [`SF3`]'s game pages,
/// next messages, calendars and PGN keep their bytes: only what shows days
/// left as of the date changes.
fn only_dated_pages_change_overnight(before: &Files, after: &Files) {
    let changed = changed_in_public_sf3;
    assert!(
        after
            .keys()
            .filter(|k| k.starts_with(&format!("public/{SF3}/games/")))
            .count()
            > 20
    );
    let moved: Vec<String> = changed(before, after).into_iter().filter(|k| stable(k)).collect();
    assert_eq!(
        moved,
        Vec::<String>::new(),
        "no game page, next message, calendar or PGN changes overnight"
    );
    let kinds: std::collections::BTreeSet<String> = changed(before, after)
        .iter()
        .map(|k| {
            if k.starts_with("players/") {
                "players/*.html".to_string()
            } else {
                k.clone()
            }
        })
        .collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [".fingerprint", "bulletin.txt", "index.html", "players/*.html"],
        "what shows days left as of the date changes"
    );
}

/// The files of [`SF3`]'s public folder whose bytes a night keeps (game
/// pages, next messages, calendars, the PGN), relative to that folder.
fn stable(k: &str) -> bool {
    k.starts_with("games/") || k.ends_with(".ics") || k.ends_with(".pgn")
}

/// The files of [`SF3`]'s public folder new or changed from `a` to `b`,
/// relative to that folder.
fn changed_in_public_sf3(a: &Files, b: &Files) -> Vec<String> {
    let prefix = format!("public/{SF3}/");
    b.iter()
        .filter(|(k, _)| k.starts_with(&prefix) && !k.ends_with('/'))
        .filter(|(k, v)| a.get(*k).is_none_or(|x| x != *v))
        .map(|(k, _)| k.strip_prefix(&prefix).unwrap().to_string())
        .collect()
}

/// The SAN of the first legal move in a report.json game's position.
fn a_legal_move(game: &serde_json::Value) -> String {
    use shakmaty::Position;
    let pos: shakmaty::Chess = game["fen"]
        .as_str()
        .unwrap()
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    shakmaty::san::San::from_move(&pos, pos.legal_moves()[0]).to_string()
}

/// Every stable file of [`SF3`]'s public folder carried over (`moved`) has
/// the bytes a full render (`full`) gives it; there are more than 40.
fn carried_over_as_rendered(moved: &Files, full: &Files) {
    let prefix = format!("public/{SF3}/");
    let kept = moved
        .iter()
        .filter(|(k, _)| k.strip_prefix(&prefix).is_some_and(stable) && !k.ends_with('/'));
    assert!(kept.clone().count() > 40);
    for (k, v) in kept {
        assert!(
            full.get(k).is_some_and(|f| f.0 == v.0),
            "{k} differs from a full render"
        );
    }
}

/// Every folder under `out`, the spares included, by inode.
fn folders(out: &Path) -> BTreeMap<u64, String> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_dir())
        .map(|e| {
            (
                e.metadata().unwrap().ino(),
                e.path().strip_prefix(out).unwrap().display().to_string(),
            )
        })
        .collect()
}

// From the third night on, a nightly run makes no folder (but the night's
// own outbox folder of letters): each tournament's new folder is its spare,
// the folder replaced the night before last, brought to the new report in
// place; a file whose bytes changed both nights is written over there,
// keeping that inode, and a file whose bytes stay the same is not touched.
#[test]
fn a_nightly_run_makes_no_folder_and_writes_over_the_spares_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for night in ["2026-11-30", "2026-12-01", "2026-12-02"] {
        run(&sample(), &out, night, &[]);
    }
    let (dirs, before) = (folders(&out), files(&out));
    let report = format!("arbiter/{SF3}/report.json");
    let spares = std::fs::metadata(out.join(".ccbulletin.spare").join(&report))
        .unwrap()
        .ino();
    run(&sample(), &out, "2026-12-03", &[]);
    let made: Vec<String> = folders(&out)
        .into_iter()
        .filter(|(ino, _)| !dirs.contains_key(ino))
        .map(|(_, path)| path)
        .filter(|path| !path.ends_with("/outbox/2026-12-03"))
        .collect();
    assert!(made.is_empty(), "{made:?}");
    let after = files(&out);
    assert_ne!(after[&report].0, before[&report].0, "report.json changed");
    assert_eq!(after[&report].2, spares, "written over the spare's own file");
    assert_ne!(after[&report].2, before[&report].2);
    assert_eq!(unchanged_files_rewritten(&before, &after), Vec::<String>::new());
}
