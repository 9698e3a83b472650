//! docs/format.md, "Bad input": every kind of bad input becomes a `bad-input` finding naming the
//! file, the line and what is wrong; the rest of the game, the tournament and
//! the run is still reported; the exit status is 1; inputs are not changed.

use crate::common::*;
use std::path::Path;

const GOOD: &str =
    "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-18,,\n";

/// A two-game tournament `t1`: game `a` is the one the test breaks, `b` is fine.
fn fixture() -> TournamentTest {
    let mut t = TournamentTest::empty();
    t.file(
        "t1/tournament.toml",
        "name = \"T1\"\nstart = 2026-01-15\narbiter = \"Arb\"\narbiter_email = \"arb@example.org\"\n",
    )
    .file(
        "t1/players.csv",
        "name,email\nAnna,anna@example.org\nBoris,boris@example.org\nVera,vera@example.org\n",
    )
    .file(
        "t1/pairings.csv",
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anna\n",
    )
    .file("t1/games/a.csv", GOOD)
    .file("t1/games/b.csv", GOOD);
    t
}

/// A run on `t1` with its report.json and all its findings.
struct Report {
    code: Option<i32>,
    json: serde_json::Value,
    findings: Vec<serde_json::Value>,
}

fn run(t: &TournamentTest) -> Report {
    let r = t.run();
    Report {
        code: r.code(),
        json: r.json("t1"),
        findings: r.findings("t1"),
    }
}

/// The bad-input findings of a run, as (file, line, message).
fn bad(r: &Report) -> Vec<(String, Option<u64>, String)> {
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
fn rest_is_reported(r: &Report) {
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
    let mut t = fixture();
    t.file("t1/games/a.csv", format!("{GOOD}2,white,Nf3,2026-13-45,2026-01-19,,\n"));
    let r = run(&t);
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
    let mut t = fixture();
    t.file("t1/games/a.csv",
        format!(
            "{GOOD}2,white,Nf3,2026-01-19,2026-01-19,blitz,\n2,grey,Nf3,2026-01-19,2026-01-19,,\nzwei,white,Nf3,2026-01-19,2026-01-19,,\n"
        ),
    );
    t.file(
        "t1/games/b.csv",
        "no,side,move,sent,flag,note\n1,white,e4,2026-01-15,,\n",
    );
    let r = run(&t);
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
    let mut t = fixture();
    // Not UTF-8, no BOM: Windows-1251, as Russian Excel saves it.
    let mut bytes = GOOD.as_bytes().to_vec();
    bytes.extend_from_slice(b"2,white,Nf3,2026-01-19,2026-01-19,,\xcf\xf0\xe8\xe2\xe5\xf2\n");
    t.file("t1/games/a.csv", &bytes);
    // UTF-16 with a BOM, broken by a lone surrogate: one finding, no rows.
    let mut broken = vec![0xFF, 0xFE];
    broken.extend(
        format!("{GOOD}2,white,Nf3,2026-01-19,2026-01-19,,\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    broken.extend([0x00, 0xD8, b'x', 0x00]);
    t.file("t1/games/b.csv", &broken);
    let mut seed = 7u64;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            (seed >> 56) as u8
        })
        .collect();
    t.file("t1/games/a.pgn", &noise);
    let r = run(&t);
    let b = bad(&r);
    assert!(!b.iter().any(|(f, _, _)| f == "t1/games/a.csv"), "{b:?}");
    let a = &r.json["games"][0];
    assert_eq!(a["rows"][2]["note"], "Привет");
    assert_eq!(moves_played(a), 3);
    let in_b: Vec<_> = b.iter().filter(|(f, _, _)| f == "t1/games/b.csv").collect();
    assert_eq!(in_b.len(), 1, "{b:?}");
    assert!(in_b[0].2.contains("UTF-16LE"), "{b:?}");
    assert!(b.iter().any(|(f, _, _)| f == "t1/games/a.pgn"), "{b:?}");
    assert_eq!(r.code, Some(1));
}

#[test]
fn broken_pgn_unclosed_comment_and_nul() {
    let mut t = fixture();
    t.file(
        "t1/games/a.pgn",
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 { a comment that never ends e5\n",
    );
    t.file("t1/games/b.pgn", "[White \"Vera\"]\n[Black \"Anna\"]\n\n1. e4\0 e5 *\n");
    let r = run(&t);
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
    let mut t = fixture();
    t.file(
        "t1/games/a.csv",
        format!("{GOOD}2,white,{},2026-01-19,2026-01-19,,\n", "N".repeat(1 << 20)),
    );
    t.file(
        "t1/games/a.pgn",
        format!(
            "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {{{}}} e5 *\n",
            "x".repeat(1 << 20)
        ),
    );
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/games/a.csv");
    std::os::unix::fs::symlink(t.path("t1/games/a.csv"), t.path("t1/games/a.csv")).unwrap();
    write(
        &t.root().join("secret.pgn"),
        "[White \"Anna\"]\n[Black \"Boris\"]\n\n1. e4 *\n",
    );
    std::os::unix::fs::symlink(t.root().join("secret.pgn"), t.path("t1/games/a.pgn")).unwrap();
    std::os::unix::fs::symlink(t.path("t1"), t.path("t1/games/loop")).unwrap();
    // A table that is a link to a file outside: not read.
    write(
        &t.root().join("outside.csv"),
        "player,from,to,declared,approved\nAnna,2026-02-01,2026-02-03,2026-01-20,\n",
    );
    std::os::unix::fs::symlink(t.root().join("outside.csv"), t.path("t1/breaks.csv")).unwrap();
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/games/a.csv");
    std::fs::create_dir_all(t.path("t1/games/a.csv")).unwrap();
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/players.csv");
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/pairings.csv");
    let r = run(&t);
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
    let mut t = fixture();
    t.file(
        "t1/pairings.csv",
        "game,round,white,black\na,1,Anna,Borys\nb,1,Vera,Anna\n",
    );
    t.file(
        "t1/breaks.csv",
        "player,from,to,declared,approved\nVerra,2026-02-01,2026-02-03,2026-01-20,\n",
    );
    t.file(
        "t1/decisions.csv",
        "date,kind,game,player,result,note\n2026-01-19,claim,b,Boris,,\n",
    );
    t.file(
        "t1/games/b.pgn",
        "[White \"Vera\"]\n[Black \"Ana\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let r = run(&t);
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
    let mut t = fixture();
    t.file(
        "t1/tournament.toml",
        "name = \"T1\"\nstart = 2026-01-15\ntime_controll = \"10/60\"\n",
    );
    let r = t.run();
    assert_eq!(r.code(), Some(1));
    r.check_file("arbiter/t1/arbiter.txt", |arbiter| {
        assert!(arbiter.contains("time_controll"), "{arbiter}")
    });
}

#[test]
fn odd_folder_and_file_names_are_skipped_not_followed() {
    let mut t = fixture();
    t.file("bad name!/tournament.toml", "name = \"x\"\nstart = 2026-01-15\n");
    t.file("t1/games/..x.csv", GOOD);
    t.file(
        "t1/pairings.csv",
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anna\n../../evil,1,Anna,Vera\n",
    );
    let r = run(&t);
    assert!(
        bad(&r)
            .iter()
            .any(|(_, l, m)| *l == Some(4) && m.contains("not a game id")),
        "{:?}",
        bad(&r)
    );
    let out = tree(&t.root().join("out"));
    assert!(
        out.keys().all(|k| {
            k.starts_with("public/t1/")
                || k.starts_with("arbiter/t1/")
                || k.ends_with("index.html")
                || k.ends_with("style.css")
                || k == ".ccbulletin.lock"
        }),
        "{:?}",
        out.keys().collect::<Vec<_>>()
    );
    assert!(!t.root().join("evil.html").exists());
    // The arbiter's trouble, in the arbiter's index only.
    let arbiter = std::fs::read_to_string(t.root().join("out/arbiter/index.html")).unwrap();
    assert!(
        arbiter.contains("bad name!"),
        "the skipped folder is named in out/arbiter/index.html"
    );
    no_folder_notes_in_public(&t.root().join("out"), &["bad name!"]);
}

/// No public file names a skipped folder or says why it was skipped.
fn no_folder_notes_in_public(out: &Path, names: &[&str]) {
    for (name, bytes) in tree(&out.join("public")) {
        let text = String::from_utf8_lossy(&bytes);
        for n in names.iter().chain(&["it is skipped", "is not an id", "not followed"]) {
            assert!(!text.contains(n), "{name} holds `{n}`");
        }
    }
}

// SPEC 9.1: a folder skipped for its name (`осень 2026` is not an id) is the
// arbiter's trouble: named in out/arbiter/index.html, never in public.
#[test]
fn a_skipped_folder_is_named_to_the_arbiter_only() {
    let mut t = fixture();
    t.file(
        "осень 2026/tournament.toml",
        "name = \"Осень\"\nstart = 2026-01-15\nlanguage = \"ru\"\n",
    );
    let r = run(&t);
    assert_eq!(r.code, Some(1));
    rest_is_reported(&r);
    let out = t.root().join("out");
    let arbiter = std::fs::read_to_string(out.join("arbiter/index.html")).unwrap();
    assert!(arbiter.contains("осень 2026"), "{arbiter}");
    no_folder_notes_in_public(&out, &["осень"]);
}

/// All findings of a run with their code, file, line and message.
fn all(r: &Report) -> Vec<(String, String, Option<u64>, String)> {
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
    let mut t = fixture();
    let players = "Name;Email\r\nAnna;anna@example.org\r\nBoris;boris@example.org\r\nVera;vera@example.org\r\n";
    t.file("t1/players.csv", encoding_rs::WINDOWS_1251.encode(players).0);
    let pairings = "GAME;ROUND;WHITE;BLACK\r\na;1;Anna;Boris\r\nb;1;Vera;Anna\r\n";
    t.file("t1/pairings.csv", encoding_rs::WINDOWS_1251.encode(pairings).0);
    let r = run(&t);
    assert!(bad(&r).is_empty(), "{:?}", bad(&r));
    assert_eq!(r.json["games"].as_array().unwrap().len(), 2);
    assert_eq!(r.code, Some(0));
}

// 51.2.4: moves typed with Cyrillic look-alikes are read, with one read-as
// info a side listing them, at the first one's line; Kf6 meaning the Russian
// К is a knight. Russian notation as written (Кf3, О-О with the Cyrillic О)
// is no look-alike.
#[test]
fn look_alike_moves_are_read_with_one_read_as_a_side() {
    let mut t = fixture();
    t.file("t1/games/a.csv",
        "no,side,move,received,sent,flag,note\n1,white,е4,,2026-01-15,,\n1,black,с5,2026-01-16,2026-01-17,,\n2,white,Kf3,2026-01-18,2026-01-18,,\n2,black,Кс6,2026-01-19,2026-01-19,,\n",
    );
    let r = run(&t);
    let read_as: Vec<_> = all(&r).into_iter().filter(|f| f.0 == "read-as").collect();
    let lines: Vec<Option<u64>> = read_as.iter().map(|f| f.2).collect();
    assert_eq!(lines, vec![Some(2), Some(3)], "{read_as:?}");
    assert!(
        read_as[0].3.contains("`Nf3`") && read_as[0].3.contains("`e4`"),
        "{read_as:?}"
    );
    assert!(
        read_as[1].3.contains("`Nc6`") && read_as[1].3.contains("`c5`"),
        "{read_as:?}"
    );
    let sans: Vec<&str> = r.json["games"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["san"].as_str())
        .collect();
    assert_eq!(sans, vec!["e4", "c5", "Nf3", "Nc6"]);
    assert!(bad(&r).is_empty(), "{:?}", bad(&r));
}

// 51.2.4: a game in Russian notation as written has no read-as at all.
#[test]
fn russian_notation_as_written_is_never_read_as() {
    let mut t = fixture();
    t.file("t1/games/a.csv",
        "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-17,,\n2,white,Кf3,2026-01-18,2026-01-18,,\n2,black,Кc6,2026-01-19,2026-01-19,,\n3,white,Сc4,2026-01-20,2026-01-20,,\n3,black,Сc5,2026-01-21,2026-01-21,,\n4,white,О-О,2026-01-22,2026-01-22,,\n4,black,Фe7,2026-01-23,2026-01-23,,\n5,white,Лe1,2026-01-24,2026-01-24,,\n",
    );
    let r = run(&t);
    let read_as: Vec<_> = all(&r).into_iter().filter(|f| f.0 == "read-as").collect();
    assert!(read_as.is_empty(), "{read_as:?}");
    let sans: Vec<&str> = r.json["games"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, vec!["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Qe7", "Re1"]);
    assert!(bad(&r).is_empty(), "{:?}", bad(&r));
}

// A look-alike move that fits nothing says what was tried.
#[test]
fn unreadable_look_alike_says_what_was_tried() {
    let mut t = fixture();
    t.file(
        "t1/games/a.csv",
        "no,side,move,received,sent,flag,note\n1,white,Kс5,,2026-01-15,,\n",
    );
    let r = run(&t);
    let ill: Vec<_> = all(&r).into_iter().filter(|f| f.0 == "illegal-move").collect();
    assert_eq!(ill.len(), 1, "{ill:?}");
    assert!(ill[0].3.contains("`Nc5`") && ill[0].3.contains("`Kc5`"), "{ill:?}");
}

// Names: a folded match is read-as; a near miss names the closest player;
// the game stays in the report.
#[test]
fn near_miss_names() {
    let mut t = fixture();
    t.file("t1/players.csv",
        "name,email\n\"Петров, Пётр\",p@example.org\nBoris,boris@example.org\nVera,vera@example.org\nAnna,anna@example.org\n",
    );
    t.file(
        "t1/pairings.csv",
        "game,round,white,black\na,1,\"петров,  Петр\",Boris\nb,1,Vera,Ana\n",
    );
    t.file(
        "t1/games/a.pgn",
        "[White \"Петров, Петр\"]\n[Black \"BORIS\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let r = run(&t);
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
        let mut t = fixture();
        let log = [
            "no,side,move,received,sent,flag,note",
            "1,white,e4,,2026-01-15,,",
            "1,black,e5,2026-01-16,2026-01-18,,",
            "2,white,Nf3,2026-13-45,2026-01-19,,",
            "",
        ]
        .join(end);
        t.file("t1/games/a.csv", log);
        let r = run(&t);
        let b = bad(&r);
        assert_eq!(b.len(), 1, "{end:?}: {b:?}");
        assert_eq!(b[0].1, Some(4), "{end:?}");
    }
}

// Extensions in any case are read; every other file of games/ is named.
#[test]
fn every_file_in_games_is_read_or_named() {
    let mut t = fixture();
    std::fs::rename(t.path("t1/games/a.csv"), t.path("t1/games/a.CSV")).unwrap();
    std::fs::rename(t.path("t1/games/b.csv"), t.path("t1/games/b.csv ")).unwrap();
    t.file("t1/games/b.txt", GOOD);
    let r = run(&t);
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
    let t = fixture();
    let outside = t.root().join("elsewhere");
    std::fs::rename(t.path("t1/games"), &outside).unwrap();
    std::os::unix::fs::symlink(&outside, t.path("t1/games")).unwrap();
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/players.csv");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(t.path("t1/players.csv"))
            .status()
            .unwrap()
            .success()
    );
    let out = t.root().join("out");
    let mut child = t.command().spawn().unwrap();
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
    let mut t = fixture();
    t.file(
        "t1/tournament.toml",
        "name = \"T1\"\nstart = 2026-01-15\nend = 2025-01-15\n",
    );
    let r = run(&t);
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
    let mut t = fixture();
    t.file(
        "t1/games/a.csv",
        format!("{GOOD}4294967295,white,Nf3,2026-01-19,2026-01-19,,\n"),
    );
    let r = run(&t);
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
    let mut t = fixture();
    t.remove("t1/games/a.csv");
    t.file("t1/games/a.pgn",
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.15]} e5 {[%ccsnt 2026.02.30,10:00]} 2. Nf3 {[%ccsnt 9999.12.31]} *\n",
    );
    let r = run(&t);
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
    let mut t = fixture();
    t.file("t1/tournament.toml", "name = \"T1\"\nstart = 01.09.2026\n");
    let r = run(&t);
    let f: Vec<_> = bad(&r).into_iter().filter(|x| x.0 == "t1/tournament.toml").collect();
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Some(2));
    assert!(f[0].2.contains("start = 01.09.2026") && f[0].2.contains('^'), "{f:?}");
    assert!(f[0].2.contains("hint: a date is written 2026-01-15"), "{f:?}");
}

// The bad-input messages of a Russian tournament are in Russian.
#[test]
fn bad_input_of_a_russian_tournament_is_in_russian() {
    let mut t = fixture();
    t.file(
        "t1/tournament.toml",
        "name = \"Т1\"\nstart = 2026-01-15\nlanguage = \"ru\"\n",
    );
    t.file(
        "t1/games/a.csv",
        format!("{GOOD}2,white,Nf3,2026-13-45,2026-01-19,,\nзвонок,white,Nf3,,,,\n"),
    );
    t.file(
        "t1/pairings.csv",
        "game,round,white,black\na,1,Anna,Boris\nb,1,Vera,Anya\n",
    );
    t.file(
        "t1/games/b.pgn",
        "[White \"Vera\"]\n[Black \"Anya\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.02.30]} *\n",
    );
    let r = run(&t);
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
    t.file(
        "t1/tournament.toml",
        "name = \"Т1\"\nlanguage = \"ru\"\nstart = 01.09.2026\n",
    );
    let r = run(&t);
    assert!(
        bad(&r).iter().any(|(_, _, m)| m.contains("подсказка: дата пишется")),
        "{:?}",
        bad(&r)
    );
}

// PGN stamps out of order are date-order, as a log's dates are.
#[test]
fn pgn_stamps_out_of_order() {
    let mut t = fixture();
    t.remove("t1/games/a.csv");
    t.file("t1/games/a.pgn",
        "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.17]} e5 {[%ccsnt 2026.01.16]} *\n",
    );
    let r = run(&t);
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
    let t = fixture();
    let elsewhere = t.root().join("elsewhere/t2");
    write(
        &elsewhere.join("tournament.toml"),
        "name = \"T2\"\nstart = 2026-01-15\n",
    );
    std::os::unix::fs::symlink(&elsewhere, t.path("t2")).unwrap();
    let r = t.run();
    let out = r.out();
    assert_eq!(r.code(), Some(1));
    let index = r.read("arbiter/index.html");
    assert!(index.contains("is a link: it is not followed"), "{index}");
    no_folder_notes_in_public(out, &[]);
    assert!(!tree(out).keys().any(|k| k.contains("t2/")));
}

// Stray files in games/: a spreadsheet's lock files are one info note; a
// copy and a name in another case are warnings that say which game they
// look like; the game's own log is still read.
#[test]
fn stray_files_in_games_are_warnings_and_lock_files_one_note() {
    let mut t = fixture();
    let log = "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n";
    t.file("t1/games/a.csv", log);
    for stray in ["~$a.csv", ".~lock.a.csv#", "a (копия).csv", "A.CSV"] {
        write(&t.path("t1/games").join(stray), log);
    }
    let r = run(&t);
    let of = |name: &str| all(&r).into_iter().filter(|f| f.1.ends_with(name)).collect::<Vec<_>>();
    let notes = of("t1/games");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].3.contains("~$a.csv") && notes[0].3.contains(".~lock.a.csv#"),
        "{notes:?}"
    );
    for stray in ["a (копия).csv", "A.CSV"] {
        let f = of(stray);
        assert_eq!(f.len(), 1, "{stray}: {f:?}");
        assert!(f[0].3.contains("did you mean `a`"), "{stray}: {f:?}");
    }
    let sev: Vec<String> = r
        .findings
        .iter()
        .filter(|f| {
            f["file"]
                .as_str()
                .is_some_and(|x| x.contains("/games/") || x.ends_with("/games"))
        })
        .map(|f| format!("{} {}", f["severity"], f["file"]))
        .collect();
    assert!(sev.iter().all(|s| !s.starts_with("\"error\"")), "{sev:?}");
    assert!(sev.iter().any(|s| s.starts_with("\"info\"")), "{sev:?}");
    assert_eq!(r.json["games"][0]["rows"].as_array().unwrap().len(), 1);
    assert_eq!(r.code, Some(0), "{:?}", bad(&r));
}

/// A clean tournament `t0` beside the broken one: it is reported whatever
/// `t1` holds.
fn clean_beside(t: &mut TournamentTest) {
    t.file("t0/tournament.toml", "name = \"T0\"\nstart = 2026-01-15\n")
        .file(
            "t0/players.csv",
            "name,email\nAnna,anna@example.org\nBoris,boris@example.org\n",
        )
        .file("t0/pairings.csv", "game,round,white,black\na,1,Anna,Boris\n")
        .file("t0/games/a.csv", GOOD);
}

/// The clean tournament `t0` is reported in full: its game page is public.
fn clean_is_reported(out: &Path) {
    assert!(out.join("public/t0/games/a.html").is_file(), "t0 reported");
    let json: serde_json::Value = report_json(out, "t0");
    assert_eq!(json["games"][0]["clock"]["black"]["used"], 2);
}

/// No public file holds an overstep, low-time or silence mark.
fn no_public_marks(out: &Path) {
    for (name, bytes) in tree(&out.join("public")) {
        let text = String::from_utf8_lossy(&bytes).to_lowercase();
        for mark in [
            "overstepped",
            "low time",
            "no move for",
            "просрочка",
            "мало времени",
            "нет ходов",
        ] {
            assert!(!text.contains(mark), "{name} holds `{mark}`");
        }
    }
}

// A typo in a date of breaks.csv or decisions.csv is a finding on its line
// that names the player and the game the row concerns, so that those games
// are put under review; the row is not silently dropped.
#[test]
fn a_typo_in_a_break_or_decision_date_names_its_player_and_game() {
    let mut t = fixture();
    t.file(
        "t1/breaks.csv",
        "player,from,to,declared,approved\nBoris,2026-03-1O,2026-03-20,,\nvera,2026-03-10,2026-03-2O,,\n",
    );
    t.file("t1/decisions.csv",
        "date,kind,game,player,result,note\n2026-03-1O,result,a,,1-0,\n2026-01-1O,overstep,b,vera,,\n2026-01-1O,withdrawal,,Anna,forfeit,\n2026-01-1O,claim,zz,Nobody,,\n",
    );
    let r = run(&t);
    let at = |file: &str, line: u64| {
        r.findings
            .iter()
            .find(|f| f["code"] == "bad-input" && f["file"] == file && f["line"] == line)
            .unwrap_or_else(|| panic!("no finding at {file}:{line}: {:?}", r.findings))
            .clone()
    };
    let f = at("t1/breaks.csv", 2);
    assert!(f["message"].as_str().unwrap().contains("2026-03-1O"), "{f}");
    assert_eq!((&f["player"], &f["game"]), (&"Boris".into(), &serde_json::Value::Null));
    // The player as read, not as written.
    assert_eq!(at("t1/breaks.csv", 3)["player"], "Vera");
    let f = at("t1/decisions.csv", 2);
    assert!(f["message"].as_str().unwrap().contains("2026-03-1O"), "{f}");
    assert_eq!((&f["game"], &f["player"]), (&"a".into(), &serde_json::Value::Null));
    let f = at("t1/decisions.csv", 3);
    assert_eq!((&f["game"], &f["player"]), (&"b".into(), &"Vera".into()));
    let f = at("t1/decisions.csv", 4);
    assert_eq!((&f["game"], &f["player"]), (&serde_json::Value::Null, &"Anna".into()));
    // Neither a paired game nor a player: every game may be concerned.
    let f = at("t1/decisions.csv", 5);
    assert_eq!(
        (&f["game"], &f["player"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
    rest_is_reported(&r);
}

// docs/format.md, "Limits": a start in year 0 is refused with a finding on
// tournament.toml; the tournament is listed, its games are not published
// from it, and the clean tournament beside it is reported.
#[test]
fn start_in_year_zero_is_refused() {
    let mut t = fixture();
    clean_beside(&mut t);
    for start in ["0000-01-01", "\"01.01.0000\"", "1899-12-31", "\"10000-01-01\""] {
        t.file("t1/tournament.toml", format!("name = \"T1\"\nstart = {start}\n"));
        let r = t.run();
        let out = r.out();
        assert_eq!(r.code(), Some(1), "{start}");
        let f = r.findings("t1");
        assert!(
            f.iter().any(|f| f["code"] == "bad-input"
                && f["file"] == "t1/tournament.toml"
                && f["message"].as_str().unwrap().contains("1900-01-01")),
            "{start}: {f:?}"
        );
        assert!(!out.join("public/t1/games").exists(), "{start}");
        clean_is_reported(out);
        no_public_marks(out);
    }
}

// Dates before 1900 in a move log or a PGN stamp are bad input on their
// line; the rest is reported.
#[test]
fn dates_before_1900_in_a_log_or_a_stamp() {
    let mut t = fixture();
    t.file("t1/games/a.csv", format!("{GOOD}2,white,Nf3,1899-12-31,2026-01-19,,\n"));
    t.file("t1/games/b.pgn",
        "[White \"Vera\"]\n[Black \"Anna\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.15]} e5 {[%ccsnt 0001.01.18]} *\n",
    );
    let r = run(&t);
    let f = all(&r);
    assert!(
        f.iter()
            .any(|x| x.0 == "bad-input" && x.1 == "t1/games/a.csv" && x.2 == Some(4) && x.3.contains("1899-12-31")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|x| x.0 == "bad-input" && x.1 == "t1/games/b.pgn" && x.3.contains("0001.01.18")),
        "{f:?}"
    );
    assert_eq!(r.code, Some(1));
}

// A time control outside 1..=1000 moves or days is refused with a finding
// (1/100000000 once panicked on a date past chrono's calendar).
#[test]
fn time_control_outside_1_to_1000_is_refused() {
    for tc in ["1/100000000", "0/60", "1001/60", "10/1001", "10/0"] {
        let mut t = fixture();
        clean_beside(&mut t);
        t.file(
            "t1/tournament.toml",
            format!("name = \"T1\"\nstart = 2026-01-15\ntime_control = \"{tc}\"\n"),
        );
        let r = t.run();
        let out = r.out();
        assert_eq!(r.code(), Some(1), "{tc}: {}", String::from_utf8_lossy(&r.output.stderr));
        let f = r.findings("t1");
        assert!(
            f.iter().any(|f| f["file"] == "t1/tournament.toml"
                && f["message"].as_str().unwrap().contains(&format!("`{tc}`"))
                && f["message"].as_str().unwrap().contains("1 to 1000")),
            "{tc}: {f:?}"
        );
        clean_is_reported(out);
        no_public_marks(out);
    }
}

// The extremes the limits allow run through: controls 1/1 and 1000/1000,
// the first and last years, breaks at the ends of the calendar.
#[test]
fn the_extremes_the_limits_allow_are_reported() {
    for (start, tc, sent, as_of) in [
        ("1900-01-01", "1/1", "1900-01-01", "1900-03-01"),
        ("9999-01-01", "1000/1000", "9999-12-30", "9999-12-31"),
        ("1900-01-01", "1/1000", "1900-01-02", "9999-12-31"),
    ] {
        let mut t = fixture();
        t.file(
            "t1/tournament.toml",
            format!("name = \"T1\"\nstart = {start}\ntime_control = \"{tc}\"\n"),
        );
        t.file(
            "t1/games/a.csv",
            format!("no,side,move,received,sent,flag,note\n1,white,e4,,{sent},,\n9999,black,e5,{sent},{sent},,\n"),
        );
        t.file(
            "t1/breaks.csv",
            format!(
                "player,from,to,declared,approved\nAnna,{start},9999-12-31,{start},yes\nBoris,9999-12-31,9999-12-31,,\n"
            ),
        );
        let r = t.as_of(as_of).run();
        let out = r.out();
        assert!(
            matches!(r.code(), Some(0 | 1)),
            "{tc} {start}: {}",
            String::from_utf8_lossy(&r.output.stderr)
        );
        assert!(out.join("public/t1/games/b.html").is_file());
    }
}

/// Runs the binary with a time limit: a hang is a failure, not a stuck test.
fn within_a_minute(cmd: &mut std::process::Command) -> std::process::Output {
    let mut child = cmd
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("the run hangs: {cmd:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    assert!(
        std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap()
            .success()
    );
}

// A tournament.toml that is a folder, a FIFO, a dangling link or spelt in
// another case keeps its tournament listed: named to the arbiter (its
// files and stderr), its public page "not available", the clean one beside
// it reported.
#[cfg(unix)]
#[test]
fn tournament_toml_that_cannot_be_read_is_named_not_skipped() {
    for (kind, expect) in [
        ("folder", "folder"),
        ("fifo", "not a regular file"),
        ("dangling link", "link"),
        ("tournament.TOML", "tournament.TOML"),
        ("tournament.toml ", "named exactly tournament.toml"),
    ] {
        let mut t = fixture();
        clean_beside(&mut t);
        let toml = t.path("t1/tournament.toml");
        std::fs::remove_file(&toml).unwrap();
        match kind {
            "folder" => std::fs::create_dir(&toml).unwrap(),
            "fifo" => mkfifo(&toml),
            "dangling link" => std::os::unix::fs::symlink(t.path("t1/nothing.toml"), &toml).unwrap(),
            _ => {
                t.file(&format!("t1/{kind}"), "name = \"T1\"\nstart = 2026-01-15\n");
            }
        }
        let r = t.ran(within_a_minute(&mut t.command()));
        let out = r.out();
        assert_eq!(r.code(), Some(1), "{kind}");
        let stderr = String::from_utf8_lossy(&r.output.stderr);
        assert!(stderr.contains("t1"), "{kind}: {stderr}");
        let f = r.findings("t1");
        assert!(
            f.iter().any(|f| f["code"] == "bad-input"
                && f["file"].as_str().unwrap().starts_with("t1/tournament.")
                && f["message"].as_str().unwrap().contains(expect)),
            "{kind}: {f:?}"
        );
        let arbiter = r.read("arbiter/t1/arbiter.txt");
        assert!(arbiter.contains("tournament."), "{kind}: {arbiter}");
        assert!(out.join("public/t1/index.html").is_file(), "{kind}: t1 listed");
        let index = r.read("public/index.html");
        // Listed by its id (its name cannot be read), as not available.
        assert!(index.contains(">t1"), "{kind}: {index}");
        clean_is_reported(out);
        no_public_marks(out);
    }
}

// `ccbulletin templates DIR` never opens a FIFO there (it waited forever
// for a writer): a warning names it, the other templates are written.
#[cfg(unix)]
#[test]
fn templates_beside_a_fifo_do_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.html");
    mkfifo(&fifo);
    let r = within_a_minute(
        std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
            .arg("templates")
            .arg(dir.path()),
    );
    assert_eq!(r.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(
        stderr.contains("game.html") && stderr.contains("not a regular file"),
        "{stderr}"
    );
    assert!(dir.path().join("index.html").is_file());
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // With --force as well.
    let r = within_a_minute(
        std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
            .args(["templates", "--force"])
            .arg(dir.path()),
    );
    assert_eq!(r.status.code(), Some(1));
}

// An input file over 16 MB is refused from its size, never read; the rest
// of the tournament is reported.
#[test]
fn a_file_over_16_mb_is_refused() {
    let t = fixture();
    let big = std::fs::File::create(t.path("t1/games/a.csv")).unwrap();
    // Sparse: 17 MB that take no room on the disk.
    big.set_len(17 * 1024 * 1024).unwrap();
    drop(big);
    let big = std::fs::File::create(t.path("t1/breaks.csv")).unwrap();
    big.set_len(16 * 1024 * 1024 + 1).unwrap();
    drop(big);
    let r = run(&t);
    let b = bad(&r);
    for file in ["t1/games/a.csv", "t1/breaks.csv"] {
        assert!(
            b.iter()
                .any(|(f, _, m)| f == file && m.contains("over the limit of 16 MB")),
            "{file}: {b:?}"
        );
    }
    rest_is_reported(&r);
}

/// The first raw control character or bidi override of a file, if any: a
/// C0 control but tab and LF (CR only before LF in a calendar, whose lines
/// end so), DEL, a C1 control, U+2028/U+2029, U+202A–U+202E, U+2066–U+2069.
fn raw_control(name: &str, bytes: &[u8]) -> Option<usize> {
    let ics = name.ends_with(".ics");
    (0..bytes.len()).find(|&i| match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
        (b'\r', Some(b'\n'), _) => !ics,
        (b'\t' | b'\n', ..) => false,
        (0..0x20 | 0x7f, ..) => true,
        (0xc2, Some(0x80..=0x9f), _) => true,
        (0xe2, Some(0x80), Some(0xa8..=0xae)) | (0xe2, Some(0x81), Some(0xa6..=0xa9)) => true,
        _ => false,
    })
}

// No control character reaches an output file raw: ESC, CR/LF and a bidi
// override in a player's name, the title and the arbiter's name, a move's
// note and a PGN tag come out as stand-ins (docs/format.md, "Limits").
#[test]
fn control_characters_never_reach_an_output_file() {
    let mut t = fixture();
    clean_beside(&mut t);
    t.file(
        "t1/tournament.toml",
        "name = \"T1\\u001b[2J\\r\\nFAKE LINE \\u202e evil\"\nstart = 2026-01-15\narbiter = \"Arb\\u001b[0m\\u2066\"\n",
    );
    let boris = "Bo\r\nris \u{202e}x\u{2069}";
    t.file(
        "t1/players.csv",
        format!("name,email\nAnna,anna@example.org\n\"{boris}\",boris@example.org\nVera,vera@example.org\n"),
    );
    t.file(
        "t1/pairings.csv",
        format!("game,round,white,black\na,1,Anna,\"{boris}\"\nb,1,Vera,Anna\n"),
    );
    t.file(
        "t1/games/a.csv",
        format!("{GOOD}2,white,Nf3,2026-01-19,2026-01-19,,\"call me\r\nFAKE \u{202d}\"\n"),
    );
    t.file("t1/games/b.pgn",
        "[White \"Vera\"]\n[Black \"Anna\"]\n[Event \"E\u{1b}[31m\"]\n[Result \"*\"]\n\n1. e4 {[%ccsnt 2026.01.15]} e5 {[%ccsnt 2026.0\u{1b}1.18]} *\n",
    );
    let r = t.run();
    let out = r.out();
    assert!(
        matches!(r.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&r.output.stderr)
    );
    clean_is_reported(out);
    let files = tree(out);
    assert!(files.keys().any(|k| k.starts_with("public/t1/games/")), "t1 published");
    for (name, bytes) in &files {
        if let Some(at) = raw_control(name, bytes) {
            let from = at.saturating_sub(40);
            panic!(
                "{name}: raw control at byte {at}: {:?}",
                String::from_utf8_lossy(&bytes[from..(at + 40).min(bytes.len())])
            );
        }
    }
    // The name is shown, its line break as a space and the override as U+FFFD.
    let bulletin = String::from_utf8_lossy(&files["public/t1/bulletin.txt"]).into_owned();
    assert!(bulletin.contains("Bo ris \u{fffd}x\u{fffd}"), "{bulletin}");
    assert!(!bulletin.lines().any(|l| l.starts_with("FAKE")), "{bulletin}");
}

// A player's name longer than a file name may be gets a shortened file
// stem; the run goes on, and the tournament beside it is reported.
#[test]
fn a_name_too_long_for_a_file_gets_a_shorter_stem() {
    let mut t = fixture();
    clean_beside(&mut t);
    let long = format!("Anna {}", "Very-Long-Name ".repeat(17).trim_end());
    assert!(long.len() > 250, "{}", long.len());
    t.file(
        "t1/players.csv",
        format!("name,email\n\"{long}\",anna@example.org\nBoris,boris@example.org\nVera,vera@example.org\n"),
    );
    t.file(
        "t1/pairings.csv",
        format!("game,round,white,black\na,1,\"{long}\",Boris\nb,1,Vera,\"{long}\"\n"),
    );
    let r = t.run();
    let out = r.out();
    assert!(r.code().is_some_and(|c| c <= 1), "{:?}", r.output);
    clean_is_reported(out);
    let pages: Vec<String> = std::fs::read_dir(out.join("public/t1/players"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(pages.iter().all(|p| p.len() <= 255), "{pages:?}");
    let page = pages
        .iter()
        .find(|p| p.starts_with("anna-") && p.ends_with(".html"))
        .unwrap_or_else(|| panic!("{pages:?}"));
    let html = std::fs::read_to_string(out.join("public/t1/players").join(page)).unwrap();
    assert!(html.contains(&long), "the page names the player in full");
}

/// The sample, changed by `change`, reported on as of 2026-12-02.
fn sample_changed(change: impl FnOnce(&mut TournamentTest)) -> Run {
    let mut t = TournamentTest::sample();
    change(&mut t);
    let run = t.run();
    assert!(run.code().is_some_and(|c| c <= 1), "{:?}", run.output);
    run
}

/// docs/format.md's header row of a table, with each name replaced.
fn with_header(t: &mut TournamentTest, table: &str, header: &str) {
    t.edit(table, |text| {
        let (_, rows) = text.split_once('\n').unwrap();
        format!("{header}\n{rows}")
    });
}

// docs/arbiter.md, "What bad input may never do": a move log whose header
// cannot be read charges nobody, in no file (the arbiter's included) and in
// no letter; its finding names the column meant. g10 has a repeat-due and a
// silence, with their letters, when its header is right.
#[test]
fn a_misspelt_header_charges_nobody_and_says_which_column_was_meant() {
    let r = sample_changed(|t| with_header(t, "ec2026-sf3/games/g10.csv", "no,side,move,recieved,sent,flag,note"));
    let out = r.out();
    let json = r.json("ec2026-sf3");
    let g = game_json(&json, "g10");
    assert_eq!(g["facts"]["status"], "under-review");
    assert!(g["facts"]["owes"].is_null());
    let charges = [
        "overstep",
        "low-time",
        "silence",
        "repeat-due",
        "claim-late",
        "claim-unfounded",
        "claim-repeated",
        "penalty",
        "stated-time",
    ];
    let all: Vec<&serde_json::Value> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .chain(g["findings"].as_array().unwrap())
        .filter(|f| f["game"] == "g10")
        .collect();
    for f in &all {
        assert!(!charges.contains(&f["code"].as_str().unwrap()), "{f}");
    }
    let header = all
        .iter()
        .find(|f| f["code"] == "bad-input" && f["line"] == 1)
        .expect("the header's finding");
    assert_eq!(header["facts"]["near"][0][0], "recieved");
    assert_eq!(header["facts"]["near"][0][1], "received");
    assert!(
        header["message"].as_str().unwrap().contains("did you mean `received`?"),
        "{header}"
    );
    // No letter about g10, and the arbiter's list charges nobody in it.
    for e in walkdir::WalkDir::new(out).into_iter().filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy();
        assert!(!(name.ends_with(".eml") && name.contains("-g10-")), "{name}");
    }
    let arbiter = r.read("arbiter/ec2026-sf3/arbiter.txt");
    for line in arbiter.lines().filter(|l| l.contains("game g10 ")) {
        for code in charges {
            assert!(!line.contains(&format!("[{code}]")), "{line}");
        }
    }
}

// docs/format.md: the column names may be written in Russian; a log, a
// players.csv and a pairings.csv so written read as the English ones.
#[test]
fn russian_column_names_read_as_the_english_ones() {
    let english = sample_changed(|_| {}).json("ec2026-sf3");
    let russian = sample_changed(|t| {
        for g in ["g08", "g10"] {
            with_header(
                t,
                &format!("ec2026-sf3/games/{g}.csv"),
                "№,Цвет,Ход,Дата получения,Дата отправки,Отметка,Примечание",
            );
        }
        with_header(t, "ec2026-sf3/players.csv", "Игрок,Эл. почта");
        with_header(t, "ec2026-sf3/pairings.csv", "Партия,Тур,Белые,Чёрные");
    })
    .json("ec2026-sf3");
    for id in ["g08", "g10"] {
        assert_eq!(game_json(&russian, id), game_json(&english, id), "{id}");
    }
    assert_eq!(russian["standings"], english["standings"]);
    assert_eq!(russian["findings"], english["findings"]);
}

// One `read-as` note per name variant, however many lines use it, citing
// no paragraph (51.2.4 is about move notation, not names).
#[test]
fn a_name_variant_is_one_read_as_note() {
    let json = sample_changed(|t| {
        t.edit("ec2026-sf3/pairings.csv", |text| {
            assert!(text.matches("\"Kuznetsova, Anna\"").count() > 3);
            text.replace("\"Kuznetsova, Anna\"", "\"KUZNETSOVA,  Anna\"")
        });
    })
    .json("ec2026-sf3");
    let notes: Vec<&serde_json::Value> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .chain(
            json["games"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["findings"].as_array().unwrap()),
        )
        .filter(|f| f["facts"]["kind"] == "name-read-as-player")
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["rule"], "—");
    assert_eq!(notes[0]["facts"]["player"], "Kuznetsova, Anna");
    // The games are Kuznetsova's, as the pairings meant.
    let hers = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["white"] == "Kuznetsova, Anna" || g["black"] == "Kuznetsova, Anna");
    assert!(hers.count() > 3);
}

/// A file's bad rows are findings up to a hundred, then one finding that
/// counts the rest: a log of thousands of bad rows is one file to fix, and
/// its report stays small (memory bounded: bench/bad_rows.sh).
#[test]
fn a_files_bad_rows_are_listed_up_to_a_hundred_and_the_rest_counted() {
    let run = TournamentTest::sample()
        .edit("ec2026-sf3/games/g01.csv", |mut text| {
            for i in 0..5000 {
                text.push_str(&format!("x{i},white,e4,,2026-01-19,,\n"));
            }
            text
        })
        .run();
    let about: Vec<serde_json::Value> = run
        .findings("ec2026-sf3")
        .into_iter()
        .filter(|f| f["file"] == "ec2026-sf3/games/g01.csv")
        .collect();
    assert!(about.len() <= 101, "{} findings about the file", about.len());
    let counted: Vec<&serde_json::Value> = about
        .iter()
        .filter(|f| f["message"].as_str().unwrap().contains("more findings"))
        .collect();
    assert_eq!(counted.len(), 1, "{about:?}");
    assert!(
        counted[0]["message"].as_str().unwrap().contains("4900 more"),
        "{:?}",
        counted[0]
    );
    let arbiter = run.read("arbiter/ec2026-sf3/arbiter.txt");
    assert!(arbiter.len() < 400_000, "arbiter.txt is {} bytes", arbiter.len());
}

/// Dates in output have four-digit years: on the last day a record may
/// hold, every deadline past it is shown as "after 9999-12-31" and left out
/// of the calendars, never written as `+10000-01-07` or `DTSTART:+100000202`.
#[test]
fn no_output_date_has_a_year_of_five_digits() {
    let run = TournamentTest::sample().as_of("9999-12-31").run();
    let all = tree(run.out());
    assert!(all.len() > 40);
    for (rel, bytes) in &all {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains("+1000"), "{rel} writes a year of five digits");
        for line in text
            .lines()
            .filter(|l| l.starts_with("DTSTART") || l.starts_with("DTEND"))
        {
            let value = line.rsplit(':').next().unwrap().trim_end();
            assert_eq!(value.len(), 8, "{rel}: {line}");
        }
    }
}

/// A game played in the last days a date may have: its move-by and
/// repeat-by dates would fall past 9999-12-31, so no page, calendar or
/// report.json shows them (none has a four-digit year), and no deadline
/// reads "after 9999-12-31".
#[test]
fn a_deadline_past_9999_is_shown_nowhere() {
    let mut t = TournamentTest::empty();
    t.typed(
        "t",
        "Last Cup",
        "9999-12-20",
        "end = 9999-12-31\n",
        &["Adams, Anna", "Brown, Bob"],
    )
    .file(
        "t/pairings.csv",
        "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\n",
    )
    .file(
        "t/breaks.csv",
        "player,from,to,declared,approved\n\"Brown, Bob\",9999-12-25,9999-12-31,9999-12-21,\n",
    )
    .file(
        "t/games/g1.csv",
        "no,side,move,received,sent,flag,note\n1,white,e4,,9999-12-20,,\n1,black,e5,9999-12-21,9999-12-22,,\n",
    )
    .as_of("9999-12-31");
    let run = t.run();
    let json = run.json("t");
    let g = game_json(&json, "g1");
    for side in ["white", "black"] {
        assert!(g["clock"][side]["move_by"].is_null(), "{}", g["clock"]);
        assert!(g["clock"][side]["repeat_by"].is_null(), "{}", g["clock"]);
    }
    for (rel, bytes) in tree(run.out()) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("+1000"), "{rel} writes a year of five digits");
        assert!(
            !text.contains("after 9999-12-31"),
            "{rel} shows a deadline past the last day"
        );
    }
}

/// A row whose date cannot be read is one bad-input finding: the row after
/// it, which then seems out of turn, is not a second one. The row not read
/// may be the very move it seems to lack, and its writer did nothing wrong.
#[test]
fn a_row_not_read_is_not_followed_by_a_false_out_of_turn_finding() {
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];
    let mut log = String::from("no,side,move,received,sent,flag,note\n");
    for (k, mv) in moves.iter().enumerate() {
        let side = if k % 2 == 0 { "white" } else { "black" };
        let received = if k == 0 {
            String::new()
        } else {
            format!("2026-10-{:02}", 2 + 2 * k)
        };
        // Black's third move (line 7) has a letter O for a zero.
        let sent = if k == 5 {
            "2026-1O-13".to_string()
        } else {
            format!("2026-10-{:02}", 3 + 2 * k)
        };
        log += &format!("{},{side},{mv},{received},{sent},,\n", k / 2 + 1);
    }
    let mut t = TournamentTest::empty();
    t.typed("t", "Cup", "2026-10-01", "", &["Adams, Anna", "Brown, Bob"])
        .file(
            "t/pairings.csv",
            "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\n",
        )
        .file("t/games/g1.csv", &log)
        .as_of("2026-10-30");
    let findings = t.run().findings("t");
    let of_g1: Vec<_> = findings.iter().filter(|f| f["game"] == "g1").collect();
    assert!(
        of_g1.iter().any(|f| f["code"] == "bad-input" && f["line"] == 7),
        "the date not read: {of_g1:#?}"
    );
    assert!(
        of_g1.iter().all(|f| f["facts"]["kind"] != "moves-do-not-alternate"),
        "{of_g1:#?}"
    );
}
