//! docs/format.md, "Bad input": every kind of bad input becomes a `bad-input` finding naming the
//! file, the line and what is wrong; the rest of the game, the tournament and
//! the run is still reported; the exit status is 1; inputs are not changed.

use crate::common::*;
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
    let json = report_json(&out, "t1");
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
fn not_utf8_is_windows_1251_and_an_undecodable_file_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    // Not UTF-8, no BOM: Windows-1251, as Russian Excel saves it.
    let mut bytes = GOOD.as_bytes().to_vec();
    bytes.extend_from_slice(b"2,white,Nf3,2026-01-19,2026-01-19,,\xcf\xf0\xe8\xe2\xe5\xf2\n");
    write(&t.join("games/a.csv"), &bytes);
    // UTF-16 with a BOM, broken by a lone surrogate: one finding, no rows.
    let mut broken = vec![0xFF, 0xFE];
    broken.extend(
        format!("{GOOD}2,white,Nf3,2026-01-19,2026-01-19,,\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    broken.extend([0x00, 0xD8, b'x', 0x00]);
    write(&t.join("games/b.csv"), &broken);
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
    assert!(!b.iter().any(|(f, _, _)| f == "t1/games/a.csv"), "{b:?}");
    let a = &r.json["games"][0];
    assert_eq!(a["rows"][2]["note"], "Привет");
    assert_eq!(a["moves"].as_array().unwrap().len(), 3);
    let in_b: Vec<_> = b.iter().filter(|(f, _, _)| f == "t1/games/b.csv").collect();
    assert_eq!(in_b.len(), 1, "{b:?}");
    assert!(in_b[0].2.contains("UTF-16LE"), "{b:?}");
    assert!(b.iter().any(|(f, _, _)| f == "t1/games/a.pgn"), "{b:?}");
    assert_eq!(r.code, Some(1));
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
    // One finding says the names are not checked; the games are still
    // computed, with their names as written.
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/players.csv" && m.contains("not checked")),
        "{b:?}"
    );
    assert!(!b.iter().any(|(f, _, _)| f == "t1/pairings.csv"), "{b:?}");
    assert_eq!(r.json["games"].as_array().unwrap().len(), 2);
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

/// All findings of a run with their code, file, line and message.
fn all(r: &Run) -> Vec<(String, String, Option<u64>, String)> {
    r.findings
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

// docs/format.md: Russian Excel's `;`-separated Windows-1251 tables read
// as the plain ones; no follow-on errors.
#[test]
fn semicolon_windows_1251_tables() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    let players = "Name;Email\r\nAnna;anna@example.org\r\nBoris;boris@example.org\r\nVera;vera@example.org\r\n";
    write(&t.join("players.csv"), encoding_rs::WINDOWS_1251.encode(players).0);
    let pairings = "GAME;ROUND;WHITE;BLACK\r\na;1;Anna;Boris\r\nb;1;Vera;Anna\r\n";
    write(&t.join("pairings.csv"), encoding_rs::WINDOWS_1251.encode(pairings).0);
    let r = run(dir.path());
    assert!(bad(&r).is_empty(), "{:?}", bad(&r));
    assert_eq!(r.json["games"].as_array().unwrap().len(), 2);
    assert_eq!(r.code, Some(0));
}

// 51.2.4: a move typed with Cyrillic look-alikes is read, with a read-as
// info on its line; Kf6 meaning the Russian К is a knight.
#[test]
fn look_alike_moves_are_read_with_read_as() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        "no,side,move,received,sent,flag,note\n1,white,е4,,2026-01-15,,\n1,black,с5,2026-01-16,2026-01-17,,\n2,white,Kf3,2026-01-18,2026-01-18,,\n2,black,Кс6,2026-01-19,2026-01-19,,\n",
    );
    let r = run(dir.path());
    let read_as: Vec<_> = all(&r).into_iter().filter(|f| f.0 == "read-as").collect();
    let lines: Vec<Option<u64>> = read_as.iter().map(|f| f.2).collect();
    assert_eq!(lines, vec![Some(2), Some(3), Some(4), Some(5)], "{read_as:?}");
    assert!(read_as[2].3.contains("`Nf3`"), "{read_as:?}");
    let sans: Vec<&str> = r.json["games"][0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, vec!["e4", "c5", "Nf3", "Nc6"]);
    assert!(bad(&r).is_empty(), "{:?}", bad(&r));
}

// A look-alike move that fits nothing says what was tried.
#[test]
fn unreadable_look_alike_says_what_was_tried() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        "no,side,move,received,sent,flag,note\n1,white,Kс5,,2026-01-15,,\n",
    );
    let r = run(dir.path());
    let ill: Vec<_> = all(&r).into_iter().filter(|f| f.0 == "illegal-move").collect();
    assert_eq!(ill.len(), 1, "{ill:?}");
    assert!(ill[0].3.contains("`Nc5`") && ill[0].3.contains("`Kc5`"), "{ill:?}");
}

// Names: a folded match is read-as; a near miss names the closest player;
// the game stays in the report.
#[test]
fn near_miss_names() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("players.csv"),
        "name,email\n\"Петров, Пётр\",p@example.org\nBoris,boris@example.org\nVera,vera@example.org\nAnna,anna@example.org\n",
    );
    write(
        &t.join("pairings.csv"),
        "game,round,white,black\na,1,\"петров,  Петр\",Boris\nb,1,Vera,Ana\n",
    );
    write(
        &t.join("games/a.pgn"),
        "[White \"Петров, Петр\"]\n[Black \"BORIS\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let r = run(dir.path());
    let f = all(&r);
    assert!(
        f.iter()
            .any(|x| x.0 == "read-as" && x.1 == "t1/pairings.csv" && x.2 == Some(2) && x.3.contains("Петров, Пётр")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|x| x.0 == "bad-input" && x.2 == Some(3) && x.3.contains("did you mean `Anna`")),
        "{f:?}"
    );
    assert_eq!(
        f.iter().filter(|x| x.0 == "read-as" && x.1 == "t1/games/a.pgn").count(),
        2,
        "{f:?}"
    );
    assert!(!f.iter().any(|x| x.0 == "pgn-mismatch"), "{f:?}");
    let games = r.json["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "no game is dropped");
    assert_eq!(games[0]["white"], "Петров, Пётр");
    assert_eq!(games[1]["black"], "Ana");
}

// The line of a finding is the editor's, whatever the line ends.
#[test]
fn line_numbers_in_lf_crlf_and_cr_files() {
    for end in ["\n", "\r\n", "\r"] {
        let dir = tempfile::tempdir().unwrap();
        let t = fixture(dir.path());
        let log = [
            "no,side,move,received,sent,flag,note",
            "1,white,e4,,2026-01-15,,",
            "1,black,e5,2026-01-16,2026-01-18,,",
            "2,white,Nf3,2026-13-45,2026-01-19,,",
            "",
        ]
        .join(end);
        write(&t.join("games/a.csv"), log);
        let r = run(dir.path());
        let b = bad(&r);
        assert_eq!(b.len(), 1, "{end:?}: {b:?}");
        assert_eq!(b[0].1, Some(4), "{end:?}");
    }
}

// Extensions in any case are read; every other file of games/ is named.
#[test]
fn every_file_in_games_is_read_or_named() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::rename(t.join("games/a.csv"), t.join("games/a.CSV")).unwrap();
    std::fs::rename(t.join("games/b.csv"), t.join("games/b.csv ")).unwrap();
    write(&t.join("games/b.txt"), GOOD);
    let r = run(dir.path());
    let f = all(&r);
    assert_eq!(r.json["games"][0]["has_log"], true, "a.CSV is read");
    for name in ["b.csv ", "b.txt"] {
        assert!(
            f.iter()
                .any(|x| x.1 == format!("t1/games/{name}") && x.3.contains(&format!("games/{name} is not read"))),
            "{name}: {f:?}"
        );
    }
    let warned = r
        .findings
        .iter()
        .filter(|x| x["file"] == "t1/games/b.csv " || x["file"] == "t1/games/b.txt")
        .all(|x| x["severity"] == "warning");
    assert!(warned);
    assert!(f.iter().any(|x| x.0 == "missing-log"), "b has no log now: {f:?}");
}

#[cfg(unix)]
#[test]
fn games_folder_linking_out_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    let outside = dir.path().join("elsewhere");
    std::fs::rename(t.join("games"), &outside).unwrap();
    std::os::unix::fs::symlink(&outside, t.join("games")).unwrap();
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter().any(|(f, _, m)| f == "t1/games" && m.contains("not read")),
        "{b:?}"
    );
    assert!(
        r.json["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["has_log"] == false)
    );
}

// A FIFO as players.csv is a finding, and the run does not hang on it.
#[cfg(unix)]
#[test]
fn fifo_as_players_csv_does_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("players.csv")).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(t.join("players.csv"))
            .status()
            .unwrap()
            .success()
    );
    let out = dir.path().join("out");
    let mut child = bin()
        .args(["report", "--tournaments"])
        .arg(dir.path().join("in"))
        .arg("--out")
        .arg(&out)
        .args(["--as-of", "2026-01-20", "--quiet"])
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("the run hangs on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(1));
    let json = report_json(&out, "t1");
    let msgs: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["file"] == "t1/players.csv")
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert!(msgs.iter().any(|m| m.contains("not a regular file")), "{msgs:?}");
}

#[test]
fn end_before_start_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("tournament.toml"),
        "name = \"T1\"\nstart = 2026-01-15\nend = 2025-01-15\n",
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/tournament.toml" && m.contains("end (2025-01-15) is before start (2026-01-15)")),
        "{b:?}"
    );
    rest_is_reported(&r);
}

#[test]
fn move_number_of_four_billion() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("games/a.csv"),
        format!("{GOOD}4294967295,white,Nf3,2026-01-19,2026-01-19,,\n"),
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, l, m)| f == "t1/games/a.csv" && *l == Some(4) && m.contains("over 10000")),
        "{b:?}"
    );
    rest_is_reported(&r);
}

// Dates in PGN stamps are checked as the log's are.
#[test]
fn impossible_and_far_future_pgn_stamps() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("games/a.csv")).unwrap();
    write(
        &t.join("games/a.pgn"),
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.15]} e5 {[%ccsnt 2026.02.30,10:00]} 2. Nf3 {[%ccsnt 9999.12.31]} *\n",
    );
    let r = run(dir.path());
    let f = all(&r);
    assert!(
        f.iter()
            .any(|x| x.0 == "bad-input" && x.1 == "t1/games/a.pgn" && x.3.contains("2026.02.30")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|x| x.0 == "date-order" && x.1 == "t1/games/a.pgn" && x.3.contains("9999-12-31")),
        "{f:?}"
    );
    let text = r.json.to_string();
    assert!(!text.contains("+10000"), "no date past year 9999 in report.json");
}

#[test]
fn unquoted_date_in_tournament_toml_gets_line_caret_and_hint() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(&t.join("tournament.toml"), "name = \"T1\"\nstart = 01.09.2026\n");
    let r = run(dir.path());
    let f: Vec<_> = bad(&r).into_iter().filter(|x| x.0 == "t1/tournament.toml").collect();
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Some(2));
    assert!(f[0].2.contains("start = 01.09.2026") && f[0].2.contains('^'), "{f:?}");
    assert!(f[0].2.contains("hint: a date is written 2026-01-15"), "{f:?}");
}

// The bad-input messages of a Russian tournament are in Russian.
#[test]
fn bad_input_of_a_russian_tournament_is_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    write(
        &t.join("tournament.toml"),
        "name = \"Т1\"\nstart = 2026-01-15\nlanguage = \"ru\"\n",
    );
    write(
        &t.join("games/a.csv"),
        format!("{GOOD}2,white,Nf3,2026-13-45,2026-01-19,,\nзвонок,white,Nf3,,,,\n"),
    );
    write(
        &t.join("pairings.csv"),
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anya\n",
    );
    write(
        &t.join("games/b.pgn"),
        "[White \"Vera\"]\n[Black \"Anya\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.02.30]} *\n",
    );
    let r = run(dir.path());
    let b = bad(&r);
    assert!(
        b.iter()
            .any(|(f, _, m)| f == "t1/games/b.pgn" && m.contains("— не дата")),
        "{b:?}"
    );
    assert!(
        b.iter().any(|(_, l, m)| *l == Some(4) && m.contains("не дата")),
        "{b:?}"
    );
    assert!(
        b.iter().any(|(_, l, m)| *l == Some(5) && m.contains("номером хода")),
        "{b:?}"
    );
    assert!(b.iter().any(|(_, _, m)| m.contains("может быть, «Anna»")), "{b:?}");
    write(
        &t.join("tournament.toml"),
        "name = \"Т1\"\nlanguage = \"ru\"\nstart = 01.09.2026\n",
    );
    let r = run(dir.path());
    assert!(
        bad(&r).iter().any(|(_, _, m)| m.contains("подсказка: дата пишется")),
        "{:?}",
        bad(&r)
    );
}

// PGN stamps out of order are date-order, as a log's dates are.
#[test]
fn pgn_stamps_out_of_order() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    std::fs::remove_file(t.join("games/a.csv")).unwrap();
    write(
        &t.join("games/a.pgn"),
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.17]} e5 {[%ccsnt 2026.01.16]} *\n",
    );
    let r = run(dir.path());
    let f = all(&r);
    assert!(
        f.iter()
            .any(|x| x.0 == "date-order" && x.3.contains("move 1... is 2026-01-16, before the stamp of move 1.")),
        "{f:?}"
    );
}

// A tournament folder that is a link is not followed, and says so.
#[cfg(unix)]
#[test]
fn tournament_folder_link_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let t = fixture(dir.path());
    let elsewhere = dir.path().join("elsewhere/t2");
    write(
        &elsewhere.join("tournament.toml"),
        "name = \"T2\"\nstart = 2026-01-15\n",
    );
    std::os::unix::fs::symlink(&elsewhere, t.parent().unwrap().join("t2")).unwrap();
    let out = dir.path().join("out");
    let r = report(&dir.path().join("in"), &out, "2026-01-20", &[]);
    assert_eq!(r.status.code(), Some(1));
    let index = std::fs::read_to_string(out.join("public/index.html")).unwrap();
    assert!(index.contains("is a link: it is not followed"), "{index}");
    assert!(!tree(&out).keys().any(|k| k.contains("t2/")));
}
