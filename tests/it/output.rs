//! Issue 7: the same input gives the same bytes whatever --jobs is; a run
//! that cannot be made exits 2 and changes nothing; names and notes cannot
//! inject HTML or leak addresses into public files.

use crate::common::*;
use scraper::{Html, Selector};
use std::path::Path;

fn report(input: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    crate::common::report(input, out, "2026-12-02", extra)
}

#[test]
fn same_bytes_whatever_the_jobs_and_however_often() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two, again) = (dir.path().join("one"), dir.path().join("two"), dir.path().join("again"));
    report(&sample(), &one, &["--jobs", "1"]);
    report(&sample(), &two, &["--jobs", "2"]);
    report(&sample(), &again, &["--jobs", "2"]);
    report(&sample(), &again, &["--jobs", "2"]);
    let (a, b, c) = (tree(&one), tree(&two), tree(&again));
    assert!(a.len() > 40);
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (k, v) in &a {
        assert!(b[k] == *v, "{k} differs between --jobs 1 and --jobs 2");
        // The arbiter's files of a second run say what changed since the first.
        let since_last = k.starts_with("arbiter/")
            && ["arbiter.html", "arbiter.txt", "report.json", "index.html"]
                .iter()
                .any(|f| k.ends_with(f));
        assert!(since_last || c[k] == *v, "{k} differs between runs");
    }
    report(&sample(), &again, &["--jobs", "1"]);
    assert!(tree(&again) == c, "a third run differs from the second");
}

#[test]
fn a_run_that_cannot_be_made_exits_2_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    assert_eq!(report(&sample(), &out, &[]).status.code(), Some(1));
    let before = tree(&out);
    // No tournaments folder.
    let r = report(&dir.path().join("nowhere"), &out, &[]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("nowhere"));
    assert_eq!(tree(&out), before);
    // An output folder that cannot be written: a file stands in its place.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    assert_eq!(report(&sample(), &blocked, &[]).status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "not a folder");
    // A broken template: named with its line, nothing written.
    let tpl = dir.path().join("tpl");
    write(&tpl.join("index.html"), "<html>\n{% for x in %}\n</html>\n");
    let r = report(&sample(), &out, &["--templates", tpl.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("index.html:2"), "{err}");
    assert_eq!(tree(&out), before);
}

#[test]
fn leftovers_of_a_killed_run_are_cleared_and_the_old_report_stays_until_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, &[]);
    write(&out.join("public/.ec2026-sf3.new/index.html"), "half");
    write(&out.join("arbiter/.cup2025-ru.new/report.json"), "half");
    report(&sample(), &out, &[]);
    assert!(!out.join("public/.ec2026-sf3.new").exists());
    assert!(!out.join("arbiter/.cup2025-ru.new").exists());
    assert!(out.join("public/ec2026-sf3/index.html").is_file());
}

/// `templates DIR NAME…` writes the named files alone (an override pins its
/// page to this version, so a theme keeps only what it changes); a name
/// that is no template exits 2 naming the templates, and writes nothing.
#[test]
fn templates_writes_only_the_named_files() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    let w = ccbulletin(&["templates", tpl.to_str().unwrap(), "base.html", "macros.html"]);
    assert!(w.status.success(), "{}", String::from_utf8_lossy(&w.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&tpl)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["base.html", "macros.html"]);
    let embedded = ccbulletin::render::TEMPLATES
        .iter()
        .find(|(n, _)| *n == "macros.html")
        .unwrap()
        .1;
    assert_eq!(std::fs::read_to_string(tpl.join("macros.html")).unwrap(), embedded);
    let other = dir.path().join("other");
    let w = ccbulletin(&["templates", other.to_str().unwrap(), "index.html", "nope.html"]);
    assert_eq!(w.status.code(), Some(2));
    let err = String::from_utf8_lossy(&w.stderr);
    assert!(
        err.contains("`nope.html`") && err.contains("game.html") && err.contains("macros.html"),
        "{err}"
    );
    assert!(!other.exists());
}

#[test]
fn user_templates_override_file_by_file() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    let w = ccbulletin(&["templates", tpl.to_str().unwrap()]);
    assert!(w.status.success());
    assert!(tpl.join("index.html").is_file() && tpl.join("bulletin.txt").is_file());
    for entry in std::fs::read_dir(&tpl).unwrap() {
        let p = entry.unwrap().path();
        if p.file_name().unwrap() != "bulletin.txt" {
            std::fs::remove_file(p).unwrap();
        }
    }
    write(&tpl.join("bulletin.txt"), "CUSTOM {{ tournament.name }}\n");
    let out = dir.path().join("out");
    report(&sample(), &out, &["--templates", tpl.to_str().unwrap()]);
    assert!(
        std::fs::read_to_string(out.join("public/ec2026-sf3/bulletin.txt"))
            .unwrap()
            .trim_start_matches('\u{feff}')
            .starts_with("CUSTOM Email Championship")
    );
    assert!(
        std::fs::read_to_string(out.join("public/ec2026-sf3/index.html"))
            .unwrap()
            .contains("<table class=\"standings\">")
    );
}

/// A tournament whose names and notes try HTML and carry addresses.
fn hostile(root: &Path) {
    write_files(
        &root.join("h"),
        &[
            (
                "tournament.toml",
                "name = \"Cup <b>bold</b> x@evil.example.com\"\nstart = 2026-01-15\narbiter = \"Arb <arb@example.org>\"\narbiter_email = \"arb@example.org\"\n",
            ),
            (
                "players.csv",
                "name,email\n<script>alert(1)</script>,s@example.org\n\"Ivan (ivan.petrov@mail.example.ru)\",ivan@example.org\n",
            ),
            (
                "pairings.csv",
                "game,round,white,black\ng1,1,<script>alert(1)</script>,\"Ivan (ivan.petrov@mail.example.ru)\"\n",
            ),
            (
                "games/g1.csv",
                "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,<img src=x onerror=alert(2)> write to me@example.net\n1,black,<i>e5</i>,2026-01-16,2026-01-17,,\n",
            ),
            (
                "games/g1.pgn",
                "[White \"<script>alert(1)</script>\"]\n[Black \"Ivan (ivan.petrov@mail.example.ru)\"]\n[Result \"*\"]\n\n1. e4 {mail me@example.net} *\n",
            ),
        ],
    );
}

/// The [`hostile`] tournament reported: the temporary folder and the
/// output folder in it.
fn hostile_reported() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    hostile(&dir.path().join("in"));
    let out = dir.path().join("out");
    report(&dir.path().join("in"), &out, &[]);
    (dir, out)
}

#[test]
fn player_input_renders_as_text_in_every_html_file() {
    let (_dir, out) = hostile_reported();
    let script = Selector::parse("script").unwrap();
    let img = Selector::parse("img, i, b").unwrap();
    for (path, bytes) in tree(&out) {
        if !path.ends_with(".html") {
            continue;
        }
        let text = String::from_utf8(bytes).unwrap();
        let html = Html::parse_document(&text);
        assert!(html.select(&script).next().is_none(), "{path}: a script element");
        assert!(html.select(&img).next().is_none(), "{path}: an injected element");
        if path == "public/h/index.html" || path == "public/h/games/g1.html" {
            assert!(
                html.root_element()
                    .text()
                    .collect::<String>()
                    .contains("<script>alert(1)</script>"),
                "{path}: the name shows as text"
            );
        }
    }
}

#[test]
fn no_address_in_public_files_even_from_names_and_notes() {
    let (_dir, out) = hostile_reported();
    let files = tree(&out);
    for (path, bytes) in &files {
        if path.starts_with("public/") {
            assert!(!has_email(&String::from_utf8_lossy(bytes)), "{path} holds an address");
        }
    }
    let arbiter = String::from_utf8_lossy(&files["arbiter/h/arbiter.txt"]);
    assert!(
        arbiter.contains("ivan@example.org"),
        "the arbiter's report keeps the addresses"
    );
    let page = String::from_utf8_lossy(&files["public/h/games/g1.html"]);
    assert!(
        !page.contains("onerror") && !page.contains("write to"),
        "notes are not public"
    );
}

// Issue 6: a one-line summary on stderr at the end, silenced by --quiet.
#[test]
fn summary_line_and_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (sample(), dir.path().join("out"));
    let loud = ccbulletin(&[
        "report",
        "--tournaments",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--as-of",
        "2026-12-02",
    ]);
    let err = String::from_utf8_lossy(&loud.stderr);
    assert!(
        err.starts_with("ccbulletin: 2 tournaments, 39 games, ") && err.contains(" errors, "),
        "{err}"
    );
    // Then one line per code of error, counted from report.json, naming
    // the tournaments that have it; these stay under --quiet, for cron.
    let expected = error_lines(&out);
    assert!(expected.len() >= 3, "{expected:?}");
    assert_eq!(err.lines().skip(1).map(str::to_string).collect::<Vec<_>>(), expected);
    let quiet = report(&input, &out, &[]);
    let quiet = String::from_utf8_lossy(&quiet.stderr);
    assert_eq!(quiet.lines().map(str::to_string).collect::<Vec<_>>(), expected);
}

/// The lines `ccbulletin: N CODE error(s) in T1, T2` that the findings of
/// every arbiter/<t>/report.json call for.
fn error_lines(out: &Path) -> Vec<String> {
    let mut per_code: std::collections::BTreeMap<String, (usize, std::collections::BTreeSet<String>)> =
        Default::default();
    for entry in std::fs::read_dir(out.join("arbiter")).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("report.json")).unwrap()).unwrap();
        let id = json["tournament"].as_str().unwrap().to_string();
        let games = json["games"].as_array().unwrap().iter();
        let all = json["findings"]
            .as_array()
            .unwrap()
            .iter()
            .chain(games.flat_map(|g| g["findings"].as_array().unwrap().iter()));
        for f in all.filter(|f| f["severity"] == "error") {
            let e = per_code.entry(f["code"].as_str().unwrap().to_string()).or_default();
            e.0 += 1;
            e.1.insert(id.clone());
        }
    }
    per_code
        .into_iter()
        .map(|(code, (n, ids))| {
            let ids: Vec<String> = ids.into_iter().collect();
            format!(
                "ccbulletin: {n} {code} error{} in {}",
                if n == 1 { "" } else { "s" },
                ids.join(", ")
            )
        })
        .collect()
}

// The summary line counts in words that agree with the number: one
// tournament, not "1 tournaments".
#[test]
fn the_summary_line_says_one_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    worked_example(&input);
    let out = dir.path().join("out");
    let args = report_args(&input, &out, "2026-03-20", &[]);
    let args: Vec<&String> = args.iter().filter(|a| *a != "--quiet").collect();
    let r = bin().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("ccbulletin: 1 tournament, 1 game, "), "{err}");
}

/// Runs the report with `--templates tpl` over a report made before, and
/// checks the refusal: exit 2, stderr naming `names`, the output folder and
/// the inputs as they were.
fn template_refused(tpl: &Path, names: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    copy_sample(&input);
    assert_eq!(report(&input, &out, &[]).status.code(), Some(1));
    let (inputs, before) = (tree(&input), tree(&out));
    let r = report(&input, &out, &["--templates", tpl.to_str().unwrap(), "--force"]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(err.contains(names), "{err}");
    assert!(tree(&out) == before, "something was written");
    assert!(tree(&input) == inputs, "the inputs changed");
}

#[test]
fn a_template_includes_only_templates_of_its_set() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.txt");
    write(&secret, "the cron user's secret");
    let tpl = dir.path().join("deep/tpl");
    for include in [
        secret.display().to_string(),
        "../../secret.txt".to_string(),
        "../tpl/x.html".to_string(),
    ] {
        write(
            &tpl.join("tournaments.html"),
            format!("{{% include \"{include}\" %}}\n"),
        );
        template_refused(&tpl, "is not a template of the set");
    }
    // A link in the templates folder is not read either.
    std::fs::remove_file(tpl.join("tournaments.html")).unwrap();
    std::os::unix::fs::symlink(&secret, tpl.join("tournaments.html")).unwrap();
    template_refused(&tpl, "is a link");
    // A file of the folder is one of the set.
    std::fs::remove_file(tpl.join("tournaments.html")).unwrap();
    write(&tpl.join("part.html"), "PART\n");
    write(&tpl.join("tournaments.html"), "{% include \"part.html\" %}\n");
    let out = dir.path().join("out");
    assert_eq!(
        report(&sample(), &out, &["--templates", tpl.to_str().unwrap()])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("public/index.html")).unwrap(),
        "PART\n"
    );
}

#[test]
fn a_runaway_template_stops_with_exit_2_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    write(
        &tpl.join("index.html"),
        "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}\n",
    );
    template_refused(&tpl, "fuel");
    write(
        &tpl.join("index.html"),
        "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}\n",
    );
    template_refused(&tpl, "recursion");
}

/// docs/output.md, "Exit status 2 after a tournament failed": with
/// --templates, the dry run renders every tournament to be written, so that
/// a template that fails or runs away on one tournament's data alone (here
/// the second of the sample's two, in the order they are read) stops the
/// run before the first is replaced.
#[test]
fn a_template_that_fails_on_a_later_tournament_alone_stops_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    for fails in [
        "{{ no_such_value }}",
        "{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    ] {
        let default = ccbulletin::render::TEMPLATES
            .iter()
            .find(|t| t.0 == "index.html")
            .unwrap()
            .1;
        write(
            &tpl.join("index.html"),
            format!("{{% if tournament.id == \"ec2026-sf3\" %}}{fails}{{% endif %}}{default}"),
        );
        template_refused(&tpl, "index.html");
    }
}

/// docs/output.md, "Templates and the stylesheet": fuel bounds a render's
/// steps, not all the memory it takes; a template that doubles a text, a
/// list or a join in a loop, or repeats a text a hundred million times,
/// ends the run with exit status 2 at 64 MB, before anything is written
/// (it took 0.9 to 6 GB, or never ended, before).
#[test]
fn a_template_that_grows_without_end_stops_with_exit_2_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    for grow in [
        "{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
        "{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}{{ ns.l|length }}",
        "{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}{% set ns.s = [ns.s, ns.s]|join %}{% endfor %}{{ ns.s|length }}",
        "{{ (\"x\" * 100000000)|length }}",
    ] {
        // Each page: the first tournament's bulletin, or the index written last.
        for name in ["index.html", "tournaments.html"] {
            let _ = std::fs::remove_dir_all(&tpl);
            write(&tpl.join(name), format!("{grow}\n"));
            template_refused(&tpl, "over 64 MB");
        }
    }
}

#[test]
fn a_template_edited_during_the_run_is_never_stored_as_read() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("tpl");
    assert!(ccbulletin(&["templates", tpl.to_str().unwrap()]).status.success());
    let edited = dir.path().join("edited.txt");
    let default = std::fs::read_to_string(tpl.join("bulletin.txt")).unwrap();
    write(&edited, format!("{default}EDITED DURING THE RUN\n"));
    let out = dir.path().join("out");
    let args = report_args(&sample(), &out, "2026-12-02", &["--templates", tpl.to_str().unwrap()]);
    // The edit lands once the run has read its templates.
    let r = bin()
        .args(&args)
        .env("CCB_FAULT_EDIT_AT", "loaded")
        .env("CCB_FAULT_EDIT_FROM", &edited)
        .env("CCB_FAULT_EDIT_TO", tpl.join("bulletin.txt"))
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1));
    let bulletin = out.join("public/ec2026-sf3/bulletin.txt");
    assert!(
        !std::fs::read_to_string(&bulletin).unwrap().contains("EDITED"),
        "made from the template read"
    );
    // The next run sees the template as it is now.
    assert_eq!(bin().args(&args).output().unwrap().status.code(), Some(1));
    assert!(
        std::fs::read_to_string(&bulletin)
            .unwrap()
            .contains("EDITED DURING THE RUN")
    );
}
