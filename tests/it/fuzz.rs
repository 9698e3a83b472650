//! Issue 7: random bytes and randomly mutated real files never panic the
//! move-log parser, the PGN reader or the game stage, and always come out as
//! data or a finding. Cases per property: 512, or CCB_FUZZ_CASES.

use crate::common::*;
use ccbulletin::game::{GameContext, analyze_parsed};
use ccbulletin::load::movelog::MoveLog;
use ccbulletin::load::pgn::PgnFile;
use proptest::prelude::*;
use std::sync::OnceLock;

fn cases() -> u32 {
    std::env::var("CCB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(512)
}

/// Real inputs to mutate: logs of the sample, the PGN files of the small
/// corpus in tests/data/corpus and, when `CCB_CORPUS` names the full corpus,
/// its folders of odd files too.
fn seeds() -> &'static Vec<Vec<u8>> {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs: Vec<std::path::PathBuf> = [
            "tournaments/ec2026-sf3/games",
            "tournaments/cup2025-ru/games",
            "tests/data/corpus/pgn-extract",
            "tests/data/corpus/python-chess",
            "tests/data/corpus/iccf",
        ]
        .iter()
        .map(|d| root.join(d))
        .collect();
        if let Some(full) = std::env::var_os("CCB_CORPUS") {
            let full = std::path::Path::new(&full);
            dirs.extend(["pgn-extract", "python-chess", "iccf"].map(|d| full.join(d)));
        }
        let mut out = Vec::new();
        for dir in dirs {
            let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
            paths.sort();
            for p in paths {
                let bytes = std::fs::read(&p).unwrap();
                if bytes.len() < 200_000 {
                    out.push(bytes);
                }
            }
        }
        assert!(out.len() > 50);
        out
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (
            any::<usize>(),
            prop::collection::vec(
                prop_oneof![
                    Just(b','),
                    Just(b'\n'),
                    Just(b'"'),
                    Just(b'{'),
                    Just(b'}'),
                    Just(b'['),
                    Just(b'-'),
                    Just(0u8),
                    Just(0xff),
                    any::<u8>()
                ],
                1..8
            )
        )
            .prop_map(|(i, v)| Mutation::Insert(i, v)),
        (any::<usize>(), 1usize..50).prop_map(|(i, n)| Mutation::Delete(i, n)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1usize..400).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
    ]
}

fn apply(mut b: Vec<u8>, muts: &[Mutation]) -> Vec<u8> {
    for m in muts {
        let len = b.len().max(1);
        match m {
            Mutation::Flip(i, x) if !b.is_empty() => b[i % len] ^= x | 1,
            Mutation::Insert(i, v) => {
                let at = i % (b.len() + 1);
                b.splice(at..at, v.iter().copied());
            }
            Mutation::Delete(i, n) if !b.is_empty() => {
                let at = i % len;
                let end = (at + n).min(b.len());
                b.drain(at..end);
            }
            Mutation::Truncate(i) => b.truncate(i % (b.len() + 1)),
            Mutation::Duplicate(i, n) if !b.is_empty() => {
                let at = i % len;
                let end = (at + n).min(b.len());
                let copy = b[at..end].to_vec();
                b.splice(at..at, copy);
            }
            _ => {}
        }
    }
    b
}

/// Runs the whole game stage on a log and a PGN; it must not panic, and
/// what it cannot read must be reported.
fn check(log: &[u8], pgn: &[u8]) {
    let t = tournament("2026-01-15", "10/60");
    let ctx = GameContext {
        tournament: &t,
        pairing: &t.pairings[0],
        as_of: d("2026-12-02"),
        file_prefix: "t/games/".into(),
    };
    let parsed_log = MoveLog::parse("t/games/g.csv", log);
    let parsed_pgn = PgnFile::parse("t/games/g.pgn", pgn);
    // Data or a finding: a log that yields no row says why.
    if parsed_log.rows.is_empty() && !log.is_empty() && log.iter().any(|b| !b.is_ascii_whitespace()) {
        let header_only = std::str::from_utf8(log)
            .is_ok_and(|s| s.lines().filter(|l| !l.trim().is_empty()).count() <= 1 && s.contains("no,side,move"));
        assert!(header_only || !parsed_log.findings.is_empty(), "no rows and no finding");
    }
    let report = analyze_parsed(&ctx, Some((parsed_log, None)), Some((parsed_pgn, None)));
    assert_eq!(report.id, "g");
    // Serialising the result never fails either.
    serde_json::to_string(&report).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(log in prop::collection::vec(any::<u8>(), 0..2000), pgn in prop::collection::vec(any::<u8>(), 0..2000)) {
        check(&log, &pgn);
    }

    #[test]
    fn random_csv_shaped_text_never_panics(rows in prop::collection::vec(
        (0u32..200, prop_oneof![Just("white"), Just("black"), Just("grey")], "[a-hKQRBNКФЛСx0-9=+#-]{0,7}", "(20[0-9]{2}-[01][0-9]-[0-3][0-9])?", "(20[0-9]{2}\\.[01][0-9]\\.[0-3][0-9])?",
         prop_oneof![Just(""), Just("accepted"), Just("variant"), Just("impossible"), Just("request"), Just("repeat"), Just("lost"), Just("resign"), Just("draw"), Just("record"), Just("adjudication"), Just("bogus")]),
        0..60)) {
        let mut log = String::from("no,side,move,received,sent,flag,note\n");
        for (no, side, mv, r, s, flag) in rows {
            log.push_str(&format!("{no},{side},{mv},{r},{s},{flag},\n"));
        }
        check(log.as_bytes(), b"");
    }

    #[test]
    fn mutated_real_files_never_panic(seed in any::<prop::sample::Index>(), other in any::<prop::sample::Index>(), muts in prop::collection::vec(mutation(), 1..6)) {
        let seeds = seeds();
        let a = apply(seeds[seed.index(seeds.len())].clone(), &muts);
        let b = apply(seeds[other.index(seeds.len())].clone(), &muts);
        // Each mutated file as the log and as the PGN.
        check(&a, &b);
        check(&b, &a);
    }
}
