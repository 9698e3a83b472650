//! Issue 7: random bytes and randomly mutated real files never panic the
//! move-log parser, the PGN reader or the game stage, and always come out as
//! data or a finding. Cases per property: 512, or CCB_FUZZ_CASES (the
//! whole-pipeline property: 16, or CCB_PIPELINE_CASES; .ci/run sets 64).

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
        // Read as the parser may (a spreadsheet's single-byte encoding): a
        // header alone, whatever bytes it holds, is a log with no move yet.
        let text = String::from_utf8_lossy(log);
        let header_only = text.lines().filter(|l| !l.trim().is_empty()).count() <= 1 && text.contains("no,side,move");
        assert!(header_only || !parsed_log.findings.is_empty(), "no rows and no finding");
    }
    let report = analyze_parsed(&ctx, Some((parsed_log, None)), Some((parsed_pgn, None)));
    assert_eq!(report.id, "g");
    // Serialising the result never fails either.
    serde_json::to_string(&ccbulletin::render::GameWire::new(
        &report,
        ccbulletin::model::Language::En,
    ))
    .unwrap();
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

/// A date in the range the records may hold, near one of its ends or in
/// between (docs/format.md, "Limits").
fn extreme_date() -> impl Strategy<Value = chrono::NaiveDate> {
    let first = d("1900-01-01");
    let last = d("9999-12-31");
    let span = (last - first).num_days();
    prop_oneof![
        (0i64..400).prop_map(move |n| first + chrono::Days::new(n as u64)),
        (0i64..400).prop_map(move |n| last - chrono::Days::new(n as u64)),
        (0i64..=span).prop_map(move |n| first + chrono::Days::new(n as u64)),
        Just(first),
        Just(last),
    ]
}

fn control_part() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), Just(1000u32), 1u32..=1000]
}

fn move_no() -> impl Strategy<Value = u64> {
    prop_oneof![1u64..40, 9990u64..10_010, Just(u64::from(u32::MAX)), Just(u64::MAX)]
}

/// A generated row of a log: move number, White's, received, sent, flag.
type LogRow = (
    u64,
    bool,
    Option<chrono::NaiveDate>,
    Option<chrono::NaiveDate>,
    &'static str,
);

/// One generated tournament: settings at the limits, a log with huge move
/// numbers and dates at the ends of the calendar, breaks and decisions there.
#[derive(Debug, Clone)]
struct Extreme {
    start: chrono::NaiveDate,
    tc: (u32, u32),
    as_of: chrono::NaiveDate,
    rows: Vec<LogRow>,
    breaks: Vec<(bool, chrono::NaiveDate, chrono::NaiveDate)>,
    decisions: Vec<(chrono::NaiveDate, &'static str)>,
}

fn extreme() -> impl Strategy<Value = Extreme> {
    (
        extreme_date(),
        (control_part(), control_part()),
        extreme_date(),
        prop::collection::vec(
            (
                move_no(),
                any::<bool>(),
                prop::option::of(extreme_date()),
                prop::option::of(extreme_date()),
                prop_oneof![
                    Just(""),
                    Just("request"),
                    Just("repeat"),
                    Just("lost"),
                    Just("impossible"),
                    Just("resign")
                ],
            ),
            0..12,
        ),
        prop::collection::vec((any::<bool>(), extreme_date(), extreme_date()), 0..4),
        prop::collection::vec(
            (
                extreme_date(),
                prop_oneof![
                    Just("result,a,,1-0"),
                    Just("overstep,a,Anna,"),
                    Just("withdrawal,,Boris,annul")
                ],
            ),
            0..3,
        ),
    )
        .prop_map(|(start, tc, as_of, rows, breaks, decisions)| Extreme {
            start,
            tc,
            as_of,
            rows,
            breaks,
            decisions,
        })
}

/// The players list of both generated tournaments.
const ANNA_BORIS: &str = "name,email\nAnna,a@example.org\nBoris,b@example.org\n";

/// Writes the tournament and runs the whole report on it (load, compute,
/// render, write) through the library: it must not panic, and the
/// tournament beside it must be reported.
fn run_extreme(x: &Extreme) {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("in/x");
    let toml = format!(
        "name = \"X\"\nstart = {}\ntime_control = \"{}/{}\"\n",
        x.start, x.tc.0, x.tc.1
    );
    write_files(
        &t,
        &[
            ("tournament.toml", &toml),
            ("players.csv", ANNA_BORIS),
            (
                "pairings.csv",
                "game,round,white,black\na,1,Anna,Boris\nb,1,Boris,Anna\n",
            ),
        ],
    );
    let date = |d: &Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    let mut log = String::from("no,side,move,received,sent,flag,note\n");
    for (i, (no, white, received, sent, flag)) in x.rows.iter().enumerate() {
        let side = if *white { "white" } else { "black" };
        let mv = ["e4", "e5", "Nf3", "Nc6"][i % 4];
        log.push_str(&format!("{no},{side},{mv},{},{},{flag},\n", date(received), date(sent)));
    }
    write(&t.join("games/a.csv"), log);
    let mut breaks = String::from("player,from,to,declared,approved\n");
    for (anna, from, to) in &x.breaks {
        let who = if *anna { "Anna" } else { "Boris" };
        breaks.push_str(&format!("{who},{from},{to},{from},yes\n"));
    }
    write(&t.join("breaks.csv"), breaks);
    let mut decisions = String::from("date,kind,game,player,result\n");
    for (on, rest) in &x.decisions {
        decisions.push_str(&format!("{on},{rest}\n"));
    }
    write(&t.join("decisions.csv"), decisions);
    write_files(
        &dir.path().join("in/clean"),
        &[
            ("tournament.toml", "name = \"Clean\"\nstart = 2026-01-15\n"),
            ("players.csv", ANNA_BORIS),
            ("pairings.csv", "game,round,white,black\na,1,Anna,Boris\n"),
            (
                "games/a.csv",
                "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n",
            ),
        ],
    );
    let opts = ccbulletin::report::Options {
        tournaments: dir.path().join("in"),
        out: dir.path().join("out"),
        as_of: x.as_of,
        templates: None,
        jobs: Some(1),
        force: false,
    };
    ccbulletin::report::run_with_progress(&opts, &|_, _| {}).unwrap();
    assert!(dir.path().join("out/arbiter/x/report.json").is_file());
    assert!(dir.path().join("out/public/clean/index.html").is_file());
}

/// Cases of the whole-pipeline property: 16, or CCB_PIPELINE_CASES (64 in
/// `.ci/run`). Each is a whole report in a temporary folder (up to a second
/// in a debug build, the most of a plain `cargo test`'s time), so it does
/// not follow CCB_FUZZ_CASES, which CI raises to 8,000.
fn pipeline_cases() -> u32 {
    std::env::var("CCB_PIPELINE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: pipeline_cases(), failure_persistence: None, ..ProptestConfig::default() })]

    // Issue 23: settings and dates at the limits (years 1900 and 9999,
    // controls 1/1 and 1000/1000, huge move numbers, breaks at the ends of
    // the calendar) never panic anywhere from load to write.
    #[test]
    fn extreme_settings_and_dates_never_panic(x in extreme()) {
        run_extreme(&x);
    }
}

/// A case the fuzzer found: a header alone whose last byte is not UTF-8
/// (read as Windows-1251) is a log with no move yet, not an error.
#[test]
fn a_header_alone_in_a_single_byte_encoding_is_a_log_without_moves() {
    check(b"no,side,move,received,sent,flag,note,\xf2", b"");
}
