//! The complete example of docs/format.md, computed end to end: through the game
//! stage, and through the binary into report.json.

use crate::common::*;
use ccbulletin::finding::Code;
use ccbulletin::model::Side;

fn example() -> ccbulletin::game::GameReport {
    let mut t = tournament("2026-01-15", "10/60");
    add_break(&mut t, Side::White, "2026-02-17", "2026-02-22", "2026-02-10");
    game(&t, WORKED_LOG, "2026-03-20")
}

#[test]
fn worked_example_clocks() {
    let g = example();
    let w = g.clock.white;
    let b = g.clock.black;
    assert_eq!(
        (w.used, w.penalty, w.running, w.next_control, w.allowance, w.left),
        (13, 2, 14, 10, 60, 33)
    );
    assert_eq!(
        (b.used, b.penalty, b.running, b.next_control, b.allowance, b.left),
        (18, 0, 0, 10, 60, 42)
    );
    assert_eq!(g.to_move, Some(Side::White));
    // 51.4.3, 51.5.1: White owes the move; 47 days of room from the 6th of
    // March, no break ahead: by the 22nd of April. Black repeats after the
    // 19th of March (its message of the 5th + 14).
    assert_eq!((g.owing, g.in_play), (Some(Side::White), true));
    assert_eq!((w.move_by, w.repeat_by), (Some(d("2026-04-22")), None));
    assert_eq!((b.move_by, b.repeat_by), (None, Some(d("2026-03-19"))));
    // The days of each row, as docs/format.md lists them.
    let days: Vec<i64> = g.rows.iter().map(|r| r.charge.days).collect();
    assert_eq!(days, vec![0, 2, 4, 0, 1, 6, 0, 2, 2, 1, 2, 0, 0, 4, 3, 1, 1, 2]);
    // Row 8 (White's impossible O-O-O): one day (the 22nd is a break day) + 2.
    assert_eq!(g.rows[14].charge.break_days, 1);
    assert_eq!(g.rows[14].charge.penalty, 2);
    // The request: 4 days, the first 3 free.
    assert_eq!((g.rows[15].charge.thinking, g.rows[15].charge.exempt), (4, 3));
}

#[test]
fn worked_example_findings() {
    let g = example();
    let mut got: Vec<(Code, Option<Side>, Option<u32>)> =
        g.findings.iter().map(|f| (f.code, f.side, f.move_no)).collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            (Code::RepeatDue, Some(Side::Black), Some(8)),
            (Code::Transit, Some(Side::White), Some(3)),
            (Code::Penalty, Some(Side::White), Some(8)),
        ]
        .into_iter()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect::<Vec<_>>()
    );
    let repeat = &find(&g, Code::RepeatDue)[0];
    assert!(en(repeat).contains("15 days"), "{}", en(repeat));
    assert_eq!(repeat.player.as_deref(), Some(BLACK));
}

#[test]
fn worked_example_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    worked_example(&dir.path().join("in"));
    let out = dir.path().join("out");
    let run = report(&dir.path().join("in"), &out, "2026-03-20", &[]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter/spec13/report.json")).unwrap()).unwrap();
    assert_eq!(json["as_of"], "2026-03-20");
    let g = &json["games"][0];
    assert_eq!(g["to_move"], "white");
    assert_eq!(g["owing"], "white");
    assert_eq!(g["in_play"], true);
    assert_eq!(g["clock"]["white"]["move_by"], "2026-04-22");
    assert_eq!(g["clock"]["white"]["repeat_by"], serde_json::Value::Null);
    assert_eq!(g["clock"]["black"]["move_by"], serde_json::Value::Null);
    assert_eq!(g["clock"]["black"]["repeat_by"], "2026-03-19");
    assert_eq!(g["result"], "*");
    assert_eq!(g["clock"]["white"]["used"], 13);
    assert_eq!(g["clock"]["white"]["penalty"], 2);
    assert_eq!(g["clock"]["white"]["running"], 14);
    assert_eq!(g["clock"]["white"]["left"], 33);
    assert_eq!(g["clock"]["black"]["used"], 18);
    assert_eq!(g["clock"]["black"]["left"], 42);
    let codes = each_str(&g["findings"], "code");
    assert!(
        codes.contains(&"transit") && codes.contains(&"penalty") && codes.contains(&"repeat-due"),
        "{codes:?}"
    );
    for f in g["findings"].as_array().unwrap() {
        for key in ["code", "rule", "game", "player", "date", "due", "severity"] {
            assert!(f.get(key).is_some(), "finding lacks {key}: {f}");
        }
    }
}
