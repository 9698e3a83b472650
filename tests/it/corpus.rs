//! Real records made by other people and programs: every game of two large
//! files replays legally through our PGN reader and our notation reader;
//! every odd little file reads without a panic; the two ICCF server games get
//! the clocks computed by hand from their stamps.
//!
//! The small files live in tests/data/corpus (origins and licences in
//! tests/data/README.md), so these tests run on a plain clone. The large
//! files and the full folders of odd files are read from the folder named by
//! `CCB_CORPUS` (.ci/run sets it to ../shared/corpus when that exists); the
//! tests that need them are ignored otherwise, and run with
//! `CCB_CORPUS=DIR cargo test --test it corpus:: -- --ignored`.

use crate::common::*;
use ccbulletin::finding::Code;
use ccbulletin::game::notation::{parse_move, to_numeric};
use ccbulletin::load::pgn::PgnFile;
use ccbulletin::model::GameResult;
use shakmaty::{Chess, Position};
use std::path::{Path, PathBuf};

/// A file or folder of the small corpus in the repository.
fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .join(rel)
}

/// A file or folder of the full corpus named by `CCB_CORPUS`. Only the
/// ignored tests call this, so a run that asks for them without the variable
/// fails here rather than passing on nothing.
fn full(rel: &str) -> PathBuf {
    let dir = std::env::var_os("CCB_CORPUS").unwrap_or_else(|| {
        panic!("set CCB_CORPUS to the folder of the full corpus (../shared/corpus) to run this test")
    });
    let path = Path::new(&dir).join(rel);
    assert!(path.exists(), "CCB_CORPUS has no {rel}: {}", path.display());
    path
}

/// Replays every game of a file: (games, plies), panicking on the first
/// move that does not replay.
fn replay_all(rel: &str) -> (usize, usize) {
    let file = PgnFile::from_file(&full(rel), rel).unwrap();
    assert!(file.findings.is_empty(), "{rel}: {:?}", file.findings);
    let mut plies = 0;
    for (i, g) in file.games.iter().enumerate() {
        let mut pos = Chess::default();
        for san in &g.moves {
            // Through our own notation reader, from the SAN text as written.
            let m = parse_move(&pos, &san.to_string()).unwrap_or_else(|e| panic!("{rel} game {}: {san}: {e}", i + 1));
            assert_eq!(Ok(m), san.san.to_move(&pos), "{rel} game {}: {san}", i + 1);
            // The same move in numeric and UCI notation reads back the same.
            assert_eq!(
                parse_move(&pos, &to_numeric(&m)),
                Ok(m),
                "{rel} game {}: {san} as numeric",
                i + 1
            );
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            assert_eq!(parse_move(&pos, &uci), Ok(m), "{rel} game {}: {san} as {uci}", i + 1);
            pos.play_unchecked(m);
            plies += 1;
        }
    }
    (file.games.len(), plies)
}

// python-chess 1.11 reads the same files as 1,110 games / 101,487 plies and
// 438 games / 28,538 plies, none with errors (tools: `chess.pgn.read_game`).
#[test]
#[ignore = "needs the full corpus: set CCB_CORPUS=../shared/corpus and pass --ignored"]
fn twic_games_all_replay() {
    assert_eq!(replay_all("pgn/twic1599.pgn"), (1110, 101_487));
}

#[test]
#[ignore = "needs the full corpus: set CCB_CORPUS=../shared/corpus and pass --ignored"]
fn lichess_games_all_replay() {
    assert_eq!(replay_all("pgn/lichess_db.pgn"), (438, 28_538));
}

/// Reads every file of the folders as a game's PGN, beside a log and alone,
/// and returns how many files it read; a panic anywhere fails the test.
fn read_each_file(dirs: &[PathBuf]) -> usize {
    let t = tournament("2026-01-15", "10/60");
    let mut n = 0;
    for dir in dirs {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            // As the game's record beside a log, and as the only record.
            let with_log = game_with_pgn(&t, Some("1,white,e4,,2026-01-15,,\n"), Some(&text), "2026-02-01");
            let alone = game_with_pgn(&t, None, Some(&text), "2026-02-01");
            assert!(
                alone.findings.iter().any(|f| f.code == Code::MissingLog),
                "{}",
                path.display()
            );
            assert_eq!(with_log.id, "g");
            n += 1;
        }
    }
    n
}

const ODD_DIRS: [&str; 3] = ["pgn-extract", "python-chess", "iccf"];

#[test]
fn every_odd_file_in_the_repository_reads_without_panic() {
    let n = read_each_file(&ODD_DIRS.map(data));
    assert!(n >= 20, "{n} files");
}

#[test]
#[ignore = "needs the full corpus: set CCB_CORPUS=../shared/corpus and pass --ignored"]
fn every_odd_file_of_the_full_corpus_reads_without_panic() {
    let n = read_each_file(&ODD_DIRS.map(full));
    assert!(n >= 70, "{n} files");
}

fn iccf(file: &str, start: &str) -> ccbulletin::game::GameReport {
    let text = std::fs::read_to_string(data(&format!("iccf/{file}"))).unwrap();
    let pgn = PgnFile::parse(file, text.as_bytes());
    let mut t = tournament(start, "10/60");
    t.pairings[0].white = pgn.games[0].tag("White").unwrap().to_string();
    t.pairings[0].black = pgn.games[0].tag("Black").unwrap().to_string();
    game_with_pgn(&t, None, Some(&text), "2020-01-01")
}

// FIN/WS/47, started 2018-10-01 (its Date tag). Each move is taken as received
// the day after the partner's stamp (as docs/rules.md says under 51.1.4), so a reply stamped the same day
// as the move it answers costs 0. Days per move, from the stamps:
// White (66 moves): 1.d4 02.10 − start 01.10 = 1; 5.e3 13.10 − (11.10+1) = 1;
// 17.b3 01.01 − (29.12+1) = 2; 24. 1; 44. 1; 52. 1; all others 0: total 7.
// Black (66 moves): 2...c6 06.10 − 04.10 = 2; 4...Nc6 11.10 − 07.10 = 4;
// 6...Nf6 23.10 − 15.10 = 8; 7...a6 30.10 − 24.10 = 6; 8...e6 23.11 − 01.11 = 22;
// 9...Be7 25.11 − 24.11 = 1; 10...Qd8 04.12 − 26.11 = 8; 11...Nb4 26.12 − 06.12 = 20;
// 17...Nd6 03.01 − 02.01 = 1; 45. 4; all others 0: total 76 (51 by move 10, under 60).
#[test]
fn iccf_ws47_clock_from_stamps() {
    let g = iccf("iccf-1049523.pgn", "2018-10-01");
    assert_eq!((g.clock.white.used, g.clock.black.used), (7, 76));
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.moves.len(), 132);
    assert_eq!(
        codes(&g),
        vec![Code::RecordsNone, Code::MissingLog],
        "no log, so no `record` row"
    );
}

// FIN/AC/4, started 2019-04-10 (its Date tag); the first stamps (2 April on)
// are before the start and cost nothing (51.4.5). White (73 moves), days per
// move: 6.O-O 11.04 − 10.04 = 1; 7.b3 07.05 − 12.04 = 25; 8.Na4 20.05 − 08.05 = 12;
// 10.Bxf6 28.05 − 24.05 = 4; 14. 1; 16. 1; 17. 1; 20. 5; 21. 3; 22. 19; 23. 1;
// 24. 7; 26. 13; 27. 7; 30. 5; 32. 3; 33. 3; 37. 2; 38.–43. 1 each (6); 61. 1:
// total 120 (42 by move 10, 50 by 20, 105 by 30: all within 60/120/180).
// Black: 23... 6, all others 0: total 6.
#[test]
fn iccf_ac4_clock_from_stamps() {
    let g = iccf("iccf-1086957.pgn", "2019-04-10");
    assert_eq!((g.clock.white.used, g.clock.black.used), (120, 6));
    assert_eq!(g.result, GameResult::WhiteWins);
    assert_eq!(
        codes(&g),
        vec![Code::RecordsNone, Code::MissingLog],
        "no log, so no `record` row"
    );
}

// Issue 3: a ChessBase blank line inside the tags and a UTF-8 byte-order
// mark are normal input.
#[test]
fn chessbase_blank_line_and_bom_are_normal_input() {
    let file = PgnFile::from_file(&data("python-chess/chessbase-empty-line.pgn"), "cb.pgn").unwrap();
    assert!(file.findings.is_empty(), "{:?}", file.findings);
    assert_eq!(
        file.games.len(),
        1,
        "one game, not split at the blank line: {:?}",
        file.games.iter().map(|g| &g.tags).collect::<Vec<_>>()
    );
    assert_eq!(file.games.last().unwrap().tag("White"), Some("Stockfish 8"));
    let bom = PgnFile::from_file(&data("python-chess/utf8-bom.pgn"), "bom.pgn").unwrap();
    assert!(bom.findings.is_empty(), "{:?}", bom.findings);
    assert_eq!(bom.games.len(), 2);
    assert!(bom.games[0].tags.iter().all(|(name, _)| !name.starts_with('\u{feff}')));
    assert!(bom.games[0].tag("Event").is_some());
}
