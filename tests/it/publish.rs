//! Safe to publish every night (docs/output.md): the output never overlaps
//! the inputs, a tournament whose core files fail keeps its public report,
//! one run at a time writes, a run killed at any step of the swap leaves
//! every folder whole, and the command line says what is wrong.
//!
//! The kill tests need the `fault-injection` feature, which the
//! dev-dependency on this crate turns on in every test build.

use crate::common::*;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;

const AS_OF: &str = "2026-12-02";
const BEFORE: &str = "2026-11-01";

/// The files of one tournament's folder in one tree, or `None` if the
/// folder is not there.
fn folder(out: &Path, tree_name: &str, id: &str) -> Option<BTreeMap<String, Vec<u8>>> {
    let dir = out.join(tree_name).join(id);
    dir.is_dir().then(|| tree(&dir))
}

#[test]
fn overlapping_folders_exit_2_and_leave_the_inputs_as_they_were() {
    let (dir, input) = sample_copy();
    let before = tree(&input);
    assert!(before.len() > 40);
    let inside_new = input.join("not-yet").join("out");
    let cases: Vec<(&Path, &Path)> = vec![(&input, &input), (&input, dir.root()), (&input, &inside_new)];
    for (t, o) in cases {
        let r = report(t, o, AS_OF, &[]);
        assert_eq!(r.status.code(), Some(2), "--tournaments {t:?} --out {o:?}");
        assert!(String::from_utf8_lossy(&r.stderr).contains("overlap"));
        assert_eq!(
            tree(&input),
            before,
            "--tournaments {t:?} --out {o:?} changed the inputs"
        );
    }
    assert!(!input.join("not-yet").exists(), "nothing is made");
    // `cd cup && ccbulletin report --tournaments t1 --out .`
    let r = bin()
        .current_dir(&input)
        .args(["report", "--tournaments", "ec2026-sf3", "--out", ".", "--as-of", AS_OF])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(tree(&input), before);
    // Side by side is fine.
    let out = dir.root().join("out");
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
    assert_eq!(tree(&input), before);
}

#[test]
fn a_broken_core_file_leaves_the_public_report_byte_identical() {
    let (dir, input) = sample_copy();
    let out = dir.root().join("out");
    report(&input, &out, BEFORE, &[]);
    let public_before = folder(&out, "public", "ec2026-sf3").unwrap();
    // players.csv saved with the wrong header, tournament.toml broken.
    write(&input.join("ec2026-sf3/players.csv"), "Фамилия;Телефон\nx;y\n");
    write(&input.join("cup2025-ru/tournament.toml"), "name = \n");
    let cup_before = folder(&out, "public", "cup2025-ru").unwrap();
    for as_of in [AS_OF, "2026-12-03"] {
        let r = report(&input, &out, as_of, &[]);
        assert_eq!(r.status.code(), Some(1));
        assert_eq!(folder(&out, "public", "ec2026-sf3").unwrap(), public_before);
        assert_eq!(folder(&out, "public", "cup2025-ru").unwrap(), cup_before);
        // The arbiter's files are rewritten, say why and since which report.
        let text = std::fs::read_to_string(out.join("arbiter/ec2026-sf3/arbiter.txt")).unwrap();
        assert!(text.contains("not replaced") && text.contains("players.csv"), "{text}");
        assert!(text.contains("01.11.2026") || text.contains("2026-11-01"), "{text}");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("arbiter/ec2026-sf3/report.json")).unwrap()).unwrap();
        assert_eq!(json["as_of"], as_of);
        assert_eq!(json["published"]["as_of"], BEFORE);
        assert!(json["stale"].as_str().unwrap().contains("players.csv"));
    }
    // The public list still links both, with their published counts.
    let index = std::fs::read_to_string(out.join("public/index.html")).unwrap();
    assert!(index.contains("ec2026-sf3/index.html") && index.contains("cup2025-ru/index.html"));
    // Fixed: the public report is replaced again.
    copy_sample(&input);
    report(&input, &out, AS_OF, &[]);
    assert_ne!(folder(&out, "public", "ec2026-sf3").unwrap(), public_before);
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter/ec2026-sf3/report.json")).unwrap()).unwrap();
    assert_eq!(json["published"]["as_of"], AS_OF);
    assert!(json["stale"].is_null());
}

// Cron mails what a quiet run prints on stderr: a bulletin left stale must
// be named there, with why and since when, on the run that fails and on the
// reruns that reuse it.
#[test]
fn a_quiet_run_names_each_stale_bulletin_on_stderr() {
    let (dir, input) = sample_copy();
    let out = dir.root().join("out");
    let first = report(&input, &out, BEFORE, &[]);
    assert!(!String::from_utf8_lossy(&first.stderr).contains("stale"));
    write(&input.join("ec2026-sf3/players.csv"), "Фамилия;Телефон\nx;y\n");
    for _ in 0..2 {
        let r = report(&input, &out, AS_OF, &[]);
        assert_eq!(r.status.code(), Some(1));
        let stderr = String::from_utf8(r.stderr).unwrap();
        let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("stale")).collect();
        assert_eq!(lines.len(), 1, "{stderr}");
        let public = out.join("public").join("ec2026-sf3");
        assert!(lines[0].contains("public bulletin of ec2026-sf3 is stale"), "{stderr}");
        assert!(lines[0].contains("players.csv"), "{stderr}");
        assert!(lines[0].contains(&public.display().to_string()), "{stderr}");
        assert!(lines[0].contains(BEFORE), "{stderr}");
    }
    // A tournament never published: says so.
    let fresh = dir.root().join("fresh");
    let r = report(&input, &fresh, AS_OF, &[]);
    let stderr = String::from_utf8(r.stderr).unwrap();
    assert!(
        stderr.contains("ec2026-sf3 has no public bulletin") && stderr.contains("players.csv"),
        "{stderr}"
    );
}

// `--help` calls `report` the default command: its options work without it.
#[test]
fn report_options_work_without_the_word_report() {
    let (dir, input) = sample_copy();
    let (named, bare) = (dir.root().join("named"), dir.root().join("bare"));
    let with = report(&input, &named, AS_OF, &[]);
    let args = [
        "--tournaments",
        input.to_str().unwrap(),
        "--out",
        bare.to_str().unwrap(),
        "--as-of",
        AS_OF,
        "--quiet",
    ];
    let without = ccbulletin(&args);
    assert_eq!(
        without.status.code(),
        with.status.code(),
        "{}",
        String::from_utf8_lossy(&without.stderr)
    );
    assert_eq!(without.stderr, with.stderr);
    assert_eq!(tree(&bare), tree(&named));
    // A command and the bare options together are refused, not half-read.
    let mixed = ccbulletin(&[
        "--out",
        bare.to_str().unwrap(),
        "templates",
        dir.root().join("t").to_str().unwrap(),
    ]);
    assert_eq!(mixed.status.code(), Some(2));
}

#[test]
fn a_tournament_never_published_gets_a_one_line_page() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    write(&input.join("t1/tournament.toml"), "name = \"T\"\nstart = 2026-01-15\n");
    write(&input.join("t1/pairings.csv"), "game,round,white,black\n");
    let out = dir.path().join("out");
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
    let public = folder(&out, "public", "t1").unwrap();
    assert_eq!(public.keys().collect::<Vec<_>>(), ["index.html"]);
    let page = String::from_utf8_lossy(&public["index.html"]);
    assert!(page.contains("report not available"), "{page}");
    let text = std::fs::read_to_string(out.join("arbiter/t1/arbiter.txt")).unwrap();
    assert!(
        text.contains("was ever published") && text.contains("players.csv"),
        "{text}"
    );
}

#[test]
fn ids_that_are_the_tools_own_names_are_refused() {
    let (dir, input) = sample_copy();
    for id in ["index.html", "public", "Arbiter", "static"] {
        for (rel, bytes) in tree(&input.join("cup2025-ru")) {
            write(&input.join(id).join(rel), bytes);
        }
    }
    let out = dir.root().join("out");
    let r = report(&input, &out, AS_OF, &[]);
    assert_eq!(r.status.code(), Some(1));
    for id in ["index.html", "public", "Arbiter", "static"] {
        assert!(!out.join("public").join(id).is_dir(), "{id}");
        assert!(!out.join("arbiter").join(id).is_dir(), "{id}");
    }
    assert!(out.join("public/index.html").is_file() && out.join("public/ec2026-sf3/index.html").is_file());
    let arbiter = std::fs::read_to_string(out.join("arbiter/index.html")).unwrap();
    // Worded where shown, in the list's language, as every folder finding.
    assert!(
        arbiter.contains("the tournament folder `index.html` has the name of a file the tool writes"),
        "{arbiter}"
    );
    // And again: the run is not made impossible by them.
    assert_eq!(report(&input, &out, AS_OF, &[]).status.code(), Some(1));
}

#[test]
fn two_runs_at_once_the_second_exits_2_naming_the_first_which_completes() {
    let dir = tempfile::tempdir().unwrap();
    let (reference, out) = (dir.path().join("reference"), dir.path().join("out"));
    report(&sample(), &reference, AS_OF, &[]);
    // The first run stops at its first step of the swap, the lock held,
    // until the test lets it go on.
    let release = dir.path().join("release");
    let mut first = bin()
        .args(report_args(&sample(), &out, AS_OF, &["--jobs", "1"]))
        .env("CCB_FAULT_HOLD", &release)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let held = dir.path().join("release.held");
    while !held.exists() {
        assert!(
            first.try_wait().unwrap().is_none(),
            "the first run ended before it held the lock"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let second = bin()
        .args(report_args(&sample(), &out, AS_OF, &["--jobs", "1"]))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("pid {}", first.id())) && err.contains("started"),
        "{err}"
    );
    write(&release, "");
    let status = first.wait().unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(tree(&out), tree(&reference), "the first run's report is whole");
}

/// How many fault points a run passes, in order.
fn fault_points(input: &Path, out: &Path, extra_env: &[(&str, &str)]) -> usize {
    let r = bin()
        .args(report_args(input, out, AS_OF, &["--jobs", "1"]))
        .env("CCB_FAULT_TRACE", "1")
        .envs(extra_env.iter().copied())
        .output()
        .unwrap();
    String::from_utf8_lossy(&r.stderr)
        .lines()
        .filter(|l| l.starts_with("fault point "))
        .count()
}

/// After a run killed at `step`: every tournament's public and arbiter
/// folder is the old report's or the new one's (`refs`), or, with the
/// two-rename fallback (not `exchange`), put aside whole. How many were
/// old, new and put aside.
fn whole_after_kill(out: &Path, refs: [&Path; 2], step: usize, exchange: bool) -> (usize, usize, usize) {
    let (mut olds, mut news, mut asides) = (0, 0, 0);
    for tree_name in ["public", "arbiter"] {
        for id in ["cup2025-ru", "ec2026-sf3"] {
            let old = folder(refs[0], tree_name, id);
            let new = folder(refs[1], tree_name, id);
            match folder(out, tree_name, id) {
                Some(now) => {
                    assert!(
                        Some(&now) == old.as_ref() || Some(&now) == new.as_ref(),
                        "step {step}: {tree_name}/{id} is half-written"
                    );
                    olds += usize::from(Some(&now) == old.as_ref());
                    news += usize::from(Some(&now) == new.as_ref());
                }
                None => {
                    asides += 1;
                    assert!(!exchange, "step {step}: {tree_name}/{id} is missing");
                    let aside = folder(out, tree_name, &format!(".{id}.old"));
                    assert_eq!(aside, old, "step {step}: {tree_name}/{id} is gone, with no whole copy");
                }
            }
        }
    }
    (olds, news, asides)
}

/// The next run after a kill cleans up and writes the new report. What it
/// says changed since the last report depends on which report the killed
/// run left (old or new), so one more full run makes both trees the new
/// report's, compared with the reference made the same way (`again_ref`).
fn cleaned_by_the_next_runs(out: &Path, again_ref: &Path, step: usize) {
    assert_eq!(report(&sample(), out, AS_OF, &[]).status.code(), Some(1));
    assert_eq!(report(&sample(), out, AS_OF, &["--force"]).status.code(), Some(1));
    assert!(tree(out) == tree(again_ref), "step {step}: after the next runs");
    for tree_name in ["public", "arbiter"] {
        let hidden: Vec<String> = std::fs::read_dir(out.join(tree_name))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "step {step}: {tree_name} keeps {hidden:?}");
    }
}

/// Every regular file under `root`, the spares included.
fn every_file(root: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(root).unwrap().display().to_string();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// A report as of BEFORE in `base`, made twice, so that the folders
/// replaced stand as spares (with the exchange, a run brings them to the
/// new report in place): its files, the spares' included.
fn base_with_spares(base: &Path) -> BTreeMap<String, Vec<u8>> {
    report(&sample(), base, BEFORE, &[]);
    report(&sample(), base, BEFORE, &["--force"]);
    let files = every_file(base);
    let spare = ".ccbulletin.spare/public/cup2025-ru/";
    assert!(files.keys().any(|rel| rel.starts_with(spare)), "no spares");
    files
}

/// Kills a run (abort, as `kill -9`) at every step of the swap in turn; after
/// each, every tournament's public and arbiter folder is whole, the old
/// report or the new one (or, with the two-rename fallback, put back by the
/// next run), and the next run leaves nothing behind.
fn killed_at_every_step(extra_env: &[(&str, &str)], exchange: bool) {
    let dir = tempfile::tempdir().unwrap();
    let (old_ref, new_ref) = (dir.path().join("old"), dir.path().join("new"));
    report(&sample(), &old_ref, BEFORE, &[]);
    // The new report is made over the old one, as in every step below, so
    // that its arbiter's files say what changed since it.
    report(&sample(), &new_ref, BEFORE, &[]);
    report(&sample(), &new_ref, AS_OF, &[]);
    let again_ref = dir.path().join("again");
    report(&sample(), &again_ref, BEFORE, &[]);
    report(&sample(), &again_ref, AS_OF, &[]);
    report(&sample(), &again_ref, AS_OF, &["--force"]);
    // A run over an existing report, as every step below is: each step
    // starts from a copy of this one.
    let base_files = base_with_spares(&dir.path().join("base"));
    let count = dir.path().join("count");
    for (rel, bytes) in &base_files {
        write(&count.join(rel), bytes);
    }
    let n = fault_points(&sample(), &count, extra_env);
    // Once loaded; per tree and tournament: half written, written, then the
    // swap's steps (exchanged; or moved aside, renamed and removed); and
    // the two indexes.
    let per_tournament = 2 * if exchange { 3 } else { 5 };
    assert_eq!(n, 1 + 2 * per_tournament + 2, "fault points");
    // The second tournament's steps are the first's over again, with one
    // tournament already replaced: `.ci/run` kills there too
    // (CCB_KILL_EVERY_STEP=1); a plain `cargo test` skips them, to stay quick.
    let every = std::env::var_os("CCB_KILL_EVERY_STEP").is_some();
    let second = 2 + per_tournament..=1 + 2 * per_tournament;
    // How often a folder was found old, new, and (fallback) put aside.
    let (mut olds, mut news, mut asides) = (0, 0, 0);
    for step in (1..=n).filter(|s| every || !second.contains(s)) {
        let out = dir.path().join(format!("out{step}"));
        for (rel, bytes) in &base_files {
            write(&out.join(rel), bytes);
        }
        let step_s = step.to_string();
        let r = bin()
            .args(report_args(&sample(), &out, AS_OF, &["--jobs", "1"]))
            .env("CCB_FAULT_ABORT_AT", &step_s)
            .envs(extra_env.iter().copied())
            .output()
            .unwrap();
        assert_eq!(r.status.code(), None, "step {step}: the run was not stopped");
        let (old, new, aside) = whole_after_kill(&out, [&old_ref, &new_ref], step, exchange);
        (olds, news, asides) = (olds + old, news + new, asides + aside);
        cleaned_by_the_next_runs(&out, &again_ref, step);
    }
    // Every kill point was between the first and the last swap.
    assert!(olds > 0 && news > 0, "old {olds}, new {news}");
    assert_eq!(
        asides,
        if exchange {
            0
        } else if every {
            4
        } else {
            2
        },
        "folders put aside at a kill"
    );
}

#[test]
fn killed_at_every_step_of_the_exchange_no_folder_is_ever_missing() {
    killed_at_every_step(&[], true);
}

#[test]
fn killed_at_every_step_of_the_two_rename_fallback_the_next_run_restores() {
    killed_at_every_step(&[("CCB_FAULT_NO_EXCHANGE", "1")], false);
}

// Where a spare folder cannot be swapped with a tournament's folder (the
// spares on another filesystem), the folder is written anew and swapped
// the usual way: the same report as with the spares, and no spare left.
#[test]
fn where_the_spares_cannot_be_swapped_in_the_folders_are_written_anew() {
    let dir = tempfile::tempdir().unwrap();
    let (with, without) = (dir.path().join("with"), dir.path().join("without"));
    for night in ["2026-12-01", "2026-12-02", "2026-12-03"] {
        assert_eq!(report(&sample(), &with, night, &[]).status.code(), Some(1));
        let r = bin()
            .args(report_args(&sample(), &without, night, &[]))
            .env("CCB_FAULT_NO_SPARE_EXCHANGE", "1")
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(1), "{}", String::from_utf8_lossy(&r.stderr));
    }
    assert!(
        every_file(&with)
            .keys()
            .any(|rel| rel.starts_with(".ccbulletin.spare/"))
    );
    assert_eq!(tree(&without), tree(&with));
    let left: Vec<String> = every_file(&without)
        .into_keys()
        .filter(|rel| rel.starts_with(".ccbulletin.spare/"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn the_command_line_refuses_what_cannot_be_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for jobs in ["0", "257", "100000"] {
        let r = report(&sample(), &out, AS_OF, &["--jobs", jobs]);
        assert_eq!(r.status.code(), Some(2), "--jobs {jobs}");
    }
    assert!(!out.exists(), "nothing written");
    assert_eq!(
        report(&sample(), &out, AS_OF, &["--jobs", "256", "--force"])
            .status
            .code(),
        Some(1)
    );
    // No tournament found.
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let r = report(&empty, &dir.path().join("out2"), AS_OF, &[]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("no tournament found"));
}

#[test]
fn templates_are_not_overwritten_unless_forced_and_strays_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    let tpl_s = tpl.to_str().unwrap();
    assert!(ccbulletin(&["templates", tpl_s]).status.success());
    // Unedited: writing again is fine.
    assert!(ccbulletin(&["templates", tpl_s]).status.success());
    write(&tpl.join("bulletin.txt"), "MINE {{ tournament.name }}\n");
    let r = ccbulletin(&["templates", tpl_s]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("bulletin.txt"));
    assert_eq!(
        std::fs::read_to_string(tpl.join("bulletin.txt")).unwrap(),
        "MINE {{ tournament.name }}\n"
    );
    // A file that matches no template is a warning naming it.
    write(&tpl.join("bulletin.text"), "typo\n");
    let out = dir.path().join("out");
    let r = report(&sample(), &out, AS_OF, &["--templates", tpl_s]);
    assert_eq!(r.status.code(), Some(1));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("warning:") && err.contains("bulletin.text"), "{err}");
    assert!(
        std::fs::read_to_string(out.join("public/ec2026-sf3/bulletin.txt"))
            .unwrap()
            .trim_start_matches('\u{feff}')
            .starts_with("MINE ")
    );
    assert!(ccbulletin(&["templates", tpl_s, "--force"]).status.success());
    assert_ne!(
        std::fs::read_to_string(tpl.join("bulletin.txt")).unwrap(),
        "MINE {{ tournament.name }}\n"
    );
}

/// Exit statuses stay 0, 1 or 2 whatever becomes of stderr: a reader gone
/// (`2>&1 | true`), stderr closed (`2>&-`) or on a full disk (`/dev/full`).
#[test]
fn the_exit_status_holds_whatever_stderr_is() {
    let (dir, input) = sample_copy();
    let out = dir.root().join("out");
    let args = |as_of: &str, out: &Path| {
        let mut a = report_args(&input, out, as_of, &[]);
        a.retain(|x| x != "--quiet");
        a
    };
    // A pipe whose reader is gone before the run writes.
    let mut child = bin()
        .args(args(AS_OF, &out))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    assert_eq!(child.wait().unwrap().code(), Some(1), "a closed pipe");
    assert!(out.join("public/ec2026-sf3/index.html").is_file());
    for as_of in ["2026-12-03", "2026-12-04"] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let r = bin().args(args(as_of, &out)).stderr(full).output().unwrap();
        assert_eq!(r.status.code(), Some(1), "stderr on /dev/full");
        // The same through a shell: `2>&-`.
        let r = std::process::Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 2>&-")
            .arg(env!("CARGO_BIN_EXE_ccbulletin"))
            .args(args(as_of, &out))
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(1), "stderr closed");
    }
    // A run that cannot be made says so by its status alone.
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let r = bin().args(args(AS_OF, &input)).stderr(full).output().unwrap();
    assert_eq!(r.status.code(), Some(2));
    let mut child = bin().args(args(AS_OF, &input)).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stderr.take());
    assert_eq!(child.wait().unwrap().code(), Some(2));
}

/// A template that fails on a later tournament than the first: with
/// `--templates` the dry run renders every tournament to be written, so the
/// run stops with exit 2, naming the template, before the first is
/// replaced; every folder and both indexes are as they were
/// (docs/output.md, "Exit status 2 after a tournament failed").
#[test]
fn a_template_failing_on_a_later_tournament_exits_2_and_replaces_nothing() {
    let (dir, input) = sample_copy();
    let out = dir.root().join("out");
    assert_eq!(report(&input, &out, BEFORE, &["--jobs", "1"]).status.code(), Some(1));
    let before_cup = folder(&out, "public", "cup2025-ru").unwrap();
    let before_sf3 = (
        folder(&out, "public", "ec2026-sf3").unwrap(),
        folder(&out, "arbiter", "ec2026-sf3").unwrap(),
    );
    let indexes = |out: &Path| {
        [
            std::fs::read(out.join("public/index.html")).unwrap(),
            std::fs::read(out.join("arbiter/index.html")).unwrap(),
        ]
    };
    let index_before = indexes(&out);
    let templates = dir.root().join("tpl");
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/index.html")).unwrap();
    write(
        &templates.join("index.html"),
        format!("{{% if \"semi-final\" in tournament.name %}}{{{{ 1 // 0 }}}}{{% endif %}}{page}"),
    );
    let inputs = tree(&input);
    let r = report(
        &input,
        &out,
        AS_OF,
        &["--jobs", "1", "--templates", templates.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("template index.html"), "{stderr}");
    assert!(!stderr.contains("were replaced before it"), "{stderr}");
    assert_eq!(folder(&out, "public", "cup2025-ru").unwrap(), before_cup, "as it was");
    assert_eq!(
        (
            folder(&out, "public", "ec2026-sf3").unwrap(),
            folder(&out, "arbiter", "ec2026-sf3").unwrap()
        ),
        before_sf3,
        "as it was"
    );
    assert_eq!(indexes(&out), index_before);
    assert_eq!(tree(&input), inputs);
}

// SPEC 9.1: a misnamed or header-only core file never blanks a published
// bulletin: the public folder stays byte for byte, the arbiter's files say
// why (naming the near-miss name with what was meant), stderr names the
// stale bulletin; the inputs keep their bytes.
#[test]
fn a_misnamed_or_header_only_core_file_never_blanks_the_bulletin() {
    // The name the file is given (tournament.toml renamed so), or a core
    // table written with its header only.
    let cases: [(&str, Option<&str>); 8] = [
        ("tournament.TOML", None),
        ("tournament.Toml", None),
        ("tournament.toml ", None),
        ("tournament.toml~", None),
        ("tournament.toml.txt", None),
        ("tournament.txt", None),
        ("pairings.csv", Some("game,round,white,black\n")),
        ("players.csv", Some("name,email\n")),
    ];
    for (named, header) in cases {
        let (dir, input) = sample_copy();
        let out = dir.root().join("out");
        assert_eq!(report(&input, &out, BEFORE, &[]).status.code(), Some(1));
        let public_before = folder(&out, "public", "ec2026-sf3").unwrap();
        let t = input.join("ec2026-sf3");
        match header {
            Some(text) => write(&t.join(named), text),
            None => std::fs::rename(t.join("tournament.toml"), t.join(named)).unwrap(),
        }
        let inputs = tree(&input);
        let r = report(&input, &out, AS_OF, &[]);
        assert_eq!(r.status.code(), Some(1), "{named}");
        assert_eq!(tree(&input), inputs, "{named}: the inputs changed");
        assert!(
            folder(&out, "public", "ec2026-sf3").unwrap() == public_before,
            "{named}: the public bulletin was replaced"
        );
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert!(
            stderr.contains("public bulletin of ec2026-sf3 is stale"),
            "{named}: {stderr}"
        );
        let text = std::fs::read_to_string(out.join("arbiter/ec2026-sf3/arbiter.txt")).unwrap();
        assert!(text.contains(named), "{named}: the arbiter is not told: {text}");
        if named.starts_with("tournament.") {
            assert!(text.contains("tournament.toml"), "{named}: what was meant is not said");
        }
        let index = std::fs::read_to_string(out.join("public/index.html")).unwrap();
        assert!(
            index.contains("ec2026-sf3/index.html"),
            "{named}: gone from the public index"
        );
    }
}
