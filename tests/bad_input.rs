//! SPEC 9: every kind of bad input becomes a `bad-input` finding naming the
//! file, the line and what is wrong; the rest of the game, the tournament and
//! the run is still reported; the exit status is 1; inputs are not changed.

mod common;
use common::*;
use std::path::{Path, PathBuf};

const GOOD: &str =
    "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-18,,\n";

/// A two-game tournament: game `a` is the one the test breaks, `b` is fine.
fn fixture(root: &Path) -> PathBuf {
    let t = root.join("in/t1");
    write(
        &t.join("tournament.toml"),
        "name = \"T1\"\nstart = 2026-01-15\narbiter = \"Arb\"\narbiter_email = \"arb@example.org\"\n",
    );
    write(
        &t.join("players.csv"),
        "name,email\nAnna,anna@example.org\nBoris,boris@example.org\nVera,vera@example.org\n",
    );
    write(
        &t.join("pairings.csv"),
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anna\n",
    );
    write(&t.join("games/a.csv"), GOOD);
    write(&t.join("games/b.csv"), GOOD);
    t
}

struct Run {
    code: Option<i32>,
    json: serde_json::Value,
    findings: Vec<serde_json::Value>,
}

fn run(root: &Path) -> Run {
    let out = root.join("out");
    let before = tree(&root.join("in"));
    let r = report(&root.join("in"), &out, "2026-01-20", &[]);
    assert_eq!(before, tree(&root.join("in")), "inputs must not change");
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter/t1/report.json")).unwrap()).unwrap();
    let mut findings: Vec<serde_json::Value> = json["findings"].as_array().unwrap().clone();
    for g in json["games"].as_array().unwrap() {
        findings.extend(g["findings"].as_array().unwrap().iter().cloned());
    }
    Run {
        code: r.status.code(),
        json,
        findings,
    }
}

/// The bad-input findings of a run, as (file, line, message).
fn bad(r: &Run) -> Vec<(String, Option<u64>, String)> {
    r.findings
        .iter()
        .filter(|f| f["code"] == "bad-input")
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Game b is still reported in full.
fn rest_is_reported(r: &Run) {
    let b = r.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "b")
        .expect("game b reported");
    assert_eq!(b["clock"]["black"]["used"], 2);
    assert_eq!(r.code, Some(1));
}

#[test]
fn bad_date_in_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        format!("{GOOD}2,white,Nf3,2026-13-45,2026-01-19,,\n"),
    );
    let r = run(dir.path());
    assert_eq!(
        bad(&r),
        vec![(
            "t1/games/a.csv".into(),
            Some(4),
            "`received`: `2026-13-45` is not a date (write 2026-01-15, 2026.01.15 or 15.01.2026)".into()
        )]
    );
    rest_is_reported(&r);
    // The good rows of game a are still counted.
    assert_eq!(r.json["games"][0]["clock"]["black"]["used"], 2);
}

#[test]
fn unknown_flag_unknown_side_missing_column_and_bad_number() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        format!(
            "{GOOD}2,white,Nf3,2026-01-19,2026-01-19,blitz,\n2,grey,Nf3,2026-01-19,2026-01-19,,\nzwei,white,Nf3,2026-01-19,2026-01-19,,\n"
        ),
    );
    write(
        &t.join("games/b.csv"),
        "no,side,move,sent,flag,note\n1,white,e4,2026-01-15,,\n",
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/games/a.csv" && *l == Some(4) && m.contains("blitz")),
        "{b:?}"
    );
    assert!(b.iter().any(|(_, l, m)| *l == Some(5) && m.contains("grey")), "{b:?}");
    assert!(b.iter().any(|(_, l, m)| *l == Some(6) && m.contains("zwei")), "{b:?}");
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/games/b.csv" && *l == Some(1) && m.contains("received")),
        "{b:?}"
    );
    assert_eq!(r.code, Some(1));
}

#[test]
fn invalid_utf8_and_random_bytes_and_nul() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    let mut bytes = GOOD.as_bytes().to_vec();
    bytes.extend_from_slice(b"2,white,Nf3,2026-01-19,2026-01-19,,\xc3\x28\n");
    write(&t.join("games/a.csv"), &bytes);
    let mut seed = 7u64;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            (seed >> 56) as u8
        })
        .collect();
    write(&t.join("games/a.pgn"), &noise);
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/games/a.csv" && *l == Some(4) && m.contains("UTF-8")),
        "{b:?}"
    );
    assert!(b.iter().any(|(f, _, _)| f == "t1/games/a.pgn"), "{b:?}");
    rest_is_reported(&r);
}

#[test]
fn broken_pgn_unclosed_comment_and_nul() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.pgn"),
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 { a comment that never ends e5\n",
    );
    write(
        &t.join("games/b.pgn"),
        "[White \"Vera\"]\n[Black \"Anna\"]\n\n1. e4\0 e5 *\n",
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter().any(|(f, _, m)| f == "t1/games/a.pgn" && m.contains("comment")),
        "{b:?}"
    );
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/games/b.pgn" && *l == Some(4) && m.contains("NUL")),
        "{b:?}"
    );
    assert_eq!(r.code, Some(1));
}

#[test]
fn a_line_of_a_megabyte() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        format!("{GOOD}2,white,{},2026-01-19,2026-01-19,,\n", "N".repeat(1 << 20)),
    );
    write(
        &t.join("games/a.pgn"),
        format!(
            "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {{{}}} e5 *\n",
            "x".repeat(1 << 20)
        ),
    );
    let r = run(dir.path());
    let ill: Vec<&serde_json::Value> = r.findings.iter().filter(|f| f["code"] == "illegal-move").collect();
    assert_eq!(ill.len(), 1);
    assert!(
        ill[0]["message"].as_str().unwrap().len() < 300,
        "the message quotes an excerpt"
    );
    rest_is_reported(&r);
}

#[cfg(unix)]
#[test]
fn symlink_loop_and_link_out_of_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("games/a.csv")).unwrap();
    std::os::unix::fs::symlink(t.join("games/a.csv"), t.join("games/a.csv")).unwrap();
    write(
        &dir.path().join("secret.pgn"),
        "[White \"Anna\"]\n[Black \"Boris\"]\n\n1. e4 *\n",
    );
    std::os::unix::fs::symlink(dir.path().join("secret.pgn"), t.join("games/a.pgn")).unwrap();
    std::os::unix::fs::symlink(&t, t.join("games/loop")).unwrap();
    // A table that is a link to a file outside: not read.
    write(
        &dir.path().join("outside.csv"),
        "player,from,to,declared,approved\nAnna,2026-02-01,2026-02-03,2026-01-20,\n",
    );
    std::os::unix::fs::symlink(dir.path().join("outside.csv"), t.join("breaks.csv")).unwrap();
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter().any(|(f, _, m)| f == "t1/games/a.csv" && m.contains("loop")),
        "{b:?}"
    );
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/games/a.pgn" && m.contains("out of the tournaments folder")),
        "{b:?}"
    );
    rest_is_reported(&r);
}

#[test]
fn unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("games/a.csv")).unwrap();
    std::fs::create_dir_all(t.join("games/a.csv")).unwrap();
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/games/a.csv" && m.contains("cannot be read")),
        "{b:?}"
    );
    rest_is_reported(&r);
}

#[test]
fn missing_players_or_pairings() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("players.csv")).unwrap();
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter().any(|(f, _, m)| f == "t1/players.csv" && m.contains("missing")),
        "{b:?}"
    );
    assert!(
        b.iter().filter(|(f, _, _)| f == "t1/pairings.csv").count() >= 2,
        "pairings name unknown players: {b:?}"
    );
    assert_eq!(r.code, Some(1));
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("pairings.csv")).unwrap();
    let r = run(dir.path());
    assert!(
        bad(&r)
            .iter()
            .any(|(f, _, m)| f == "t1/pairings.csv" && m.contains("missing"))
    );
    assert!(
        bad(&r)
            .iter()
            .any(|(f, _, m)| f == "t1/games/a.csv" && m.contains("no game of pairings.csv"))
    );
}

#[test]
fn names_that_do_not_match_between_files() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("pairings.csv"),
        "game,round,white,black\na,1,Anna,Borys\nb,1,Vera,Anna\n",
    );
    write(
        &t.join("breaks.csv"),
        "player,from,to,declared,approved\nVerra,2026-02-01,2026-02-03,2026-01-20,\n",
    );
    write(
        &t.join("decisions.csv"),
        "date,kind,game,player,result,note\n2026-01-19,claim,b,Boris,,\n",
    );
    write(
        &t.join("games/b.pgn"),
        "[White \"Vera\"]\n[Black \"Ana\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/pairings.csv" && *l == Some(2) && m.contains("Borys")),
        "{b:?}"
    );
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/breaks.csv" && *l == Some(2) && m.contains("Verra")),
        "{b:?}"
    );
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/decisions.csv" && m.contains("does not play")),
        "{b:?}"
    );
    assert!(
        r.findings
            .iter()
            .any(|f| f["code"] == "pgn-mismatch" && f["message"].as_str().unwrap().contains("Ana"))
    );
    assert_eq!(r.code, Some(1));
}

#[test]
fn unknown_key_in_tournament_toml_names_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("tournament.toml"),
        "name = \"T1\"\nstart = 2026-01-15\ntime_controll = \"10/60\"\n",
    );
    let out = dir.path().join("out");
    let r = report(&dir.path().join("in"), &out, "2026-01-20", &[]);
    assert_eq!(r.status.code(), Some(1));
    let arbiter = std::fs::read_to_string(out.join("arbiter/t1/arbiter.txt")).unwrap();
    assert!(arbiter.contains("time_controll"), "{arbiter}");
}

#[test]
fn odd_folder_and_file_names_are_skipped_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &dir.path().join("in/bad name!/tournament.toml"),
        "name = \"x\"\nstart = 2026-01-15\n",
    );
    write(&t.join("games/..x.csv"), GOOD);
    write(
        &t.join("pairings.csv"),
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anna\n../../evil,1,Anna,Vera\n",
    );
    let r = run(dir.path());
    assert!(
        bad(&r)
            .iter()
            .any(|(_, l, m)| *l == Some(4) && m.contains("not a game id")),
        "{:?}",
        bad(&r)
    );
    let out = tree(&dir.path().join("out"));
    assert!(
        out.keys().all(|k| {
            k.starts_with("public/t1/")
                || k.starts_with("arbiter/t1/")
                || k.ends_with("index.html")
                || k == ".ccbulletin.lock"
        }),
        "{:?}",
        out.keys().collect::<Vec<_>>()
    );
    assert!(!dir.path().join("evil.html").exists());
    let index = std::fs::read_to_string(dir.path().join("out/public/index.html")).unwrap();
    assert!(
        index.contains("bad name!"),
        "the skipped folder is named in out/public/index.html"
    );
}
