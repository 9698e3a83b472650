//! The table of clock cases (tests/data/clock_cases.csv): each row a small
//! game, the clocks written by hand from Article 51.4 (docs/rules.md), and the findings it must
//! give. The expected figures are the table's, never the code's.

use crate::common::*;
use ccbulletin::model::Side;

#[derive(serde::Deserialize)]
struct Case {
    case: String,
    tc: String,
    start: String,
    as_of: String,
    breaks: String,
    log: String,
    w_used: i64,
    w_penalty: i64,
    w_running: i64,
    w_left: i64,
    b_used: i64,
    b_penalty: i64,
    b_running: i64,
    b_left: i64,
    findings: String,
}

#[test]
fn clock_table() {
    let mut n = 0;
    let mut failures = Vec::new();
    for case in csv::Reader::from_path(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/clock_cases.csv"))
        .unwrap()
        .deserialize::<Case>()
    {
        let c = case.unwrap();
        let mut t = tournament(&c.start, &c.tc);
        for b in c.breaks.split(';').map(str::trim).filter(|b| !b.is_empty()) {
            let f: Vec<&str> = b.split_whitespace().collect();
            let side = if f[0] == "white" { Side::White } else { Side::Black };
            add_break(&mut t, side, f[1], f[2], f[3]);
        }
        let log: String = c.log.split('|').map(|r| format!("{},\n", r.trim())).collect();
        let g = game(&t, &log, &c.as_of);
        let w = g.clock.white;
        let b = g.clock.black;
        let got = (
            w.used, w.penalty, w.running, w.left, b.used, b.penalty, b.running, b.left,
        );
        let want = (
            c.w_used,
            c.w_penalty,
            c.w_running,
            c.w_left,
            c.b_used,
            c.b_penalty,
            c.b_running,
            c.b_left,
        );
        let mut codes: Vec<&str> = g.findings.iter().map(|f| f.code.as_str()).collect();
        codes.sort();
        let mut want_codes: Vec<&str> = c.findings.split_whitespace().collect();
        want_codes.sort();
        if got != want || codes != want_codes {
            failures.push(format!(
                "{}:\n  clocks {got:?}, want {want:?}\n  findings {codes:?}, want {want_codes:?}\n  {:#?}",
                c.case,
                g.findings.iter().map(en).collect::<Vec<_>>()
            ));
        }
        n += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 15, "{n} cases");
}
