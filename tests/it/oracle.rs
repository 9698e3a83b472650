//! The clocks against an independent, deliberately naive reading of Article
//! 51.4 as docs/rules.md states it: random games (every charging flag,
//! breaks, pending rows, any dates, faulty messages waiting for their
//! request, lost letters after corrections, overstep claims, a tournament
//! end before the report's date) are computed day by day here and by the
//! library, and must agree on used, penalty, running, next control,
//! allowance, left, move-by and repeat-by for both sides, on the owing side,
//! on whether the game is in play, and on which games get low-time and
//! repeat-due findings.

use crate::common::*;
use ccbulletin::finding::Code;
use ccbulletin::model::{Decision, DecisionKind, GameResult, Side};
use chrono::{Duration, NaiveDate};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Msg {
    flag: &'static str,
    gap: i64,
    think: i64,
    other_side: bool,
}

fn msg() -> impl Strategy<Value = Msg> {
    (
        prop_oneof![
            6 => Just(""),
            1 => Just("impossible"),
            1 => Just("illegible"),
            1 => Just("request"),
            1 => Just("repeat"),
            1 => Just("lost"),
            1 => Just("accepted"),
            1 => Just("correction"),
        ],
        0i64..4,
        0i64..12,
        any::<bool>(),
    )
        .prop_map(|(flag, gap, think, other_side)| Msg {
            flag,
            gap,
            think,
            other_side,
        })
}

struct Row {
    no: u32,
    side: Side,
    received: Option<NaiveDate>,
    sent: Option<NaiveDate>,
    flag: &'static str,
    pending: bool,
}

fn in_breaks(breaks: &[(NaiveDate, NaiveDate)], d: NaiveDate) -> bool {
    breaks.iter().any(|&(a, b)| a <= d && d <= b)
}

/// 51.4.4 and docs/rules.md "Thinking time", one day at a time.
fn thinking(r: NaiveDate, s: NaiveDate, start: NaiveDate, breaks: &[(NaiveDate, NaiveDate)]) -> i64 {
    let mut d = r.max(start) + Duration::days(1);
    let mut n = 0;
    while d <= s {
        if !in_breaks(breaks, d) {
            n += 1;
        }
        d += Duration::days(1);
    }
    n
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("CCB_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn clocks_agree_with_a_day_by_day_reading_of_spec_7(
        msgs in prop::collection::vec(msg(), 0..45),
        breaks_w in prop::collection::vec((0i64..300, 0i64..25), 0..3),
        breaks_b in prop::collection::vec((0i64..300, 0i64..25), 0..3),
        pending in any::<bool>(),
        extra in 0i64..60,
        tc in prop_oneof![Just((10u32, 60i64)), Just((10, 50)), Just((5, 20))],
        faulty_tail in prop::option::weighted(0.15, prop_oneof![Just("impossible"), Just("no-move")]),
        claim in prop::option::weighted(0.2, (0i64..3, 0i64..400, prop::option::of(0i64..60))),
        end in prop::option::weighted(0.2, 0i64..400),
    ) {
        let start = d("2026-01-15");
        let day = |n: i64| start + Duration::days(n);
        let mut t = tournament("2026-01-15", &format!("{}/{}", tc.0, tc.1));
        let spans = |b: &[(i64, i64)]| b.iter().map(|&(o, l)| (day(o), day(o + l))).collect::<Vec<_>>();
        let (bw, bb) = (spans(&breaks_w), spans(&breaks_b));
        for &(a, b) in &bw { add_break(&mut t, Side::White, &a.to_string(), &b.to_string(), "2026-01-01"); }
        for &(a, b) in &bb { add_break(&mut t, Side::Black, &a.to_string(), &b.to_string(), "2026-01-01"); }

        // Build a log: entering rows alternate; other messages go to either side.
        let mut rows: Vec<Row> = Vec::new();
        let mut ply = 0u32;
        let mut clock = start;
        for m in &msgs {
            let to_move = if ply.is_multiple_of(2) { Side::White } else { Side::Black };
            let side = if m.flag.is_empty() || m.flag == "accepted" || !m.other_side { to_move } else { to_move.other() };
            let first = rows.is_empty() && side == Side::White && ply == 0;
            let received = if first { None } else { Some(clock + Duration::days(m.gap)) };
            let sent = received.unwrap_or(clock) + Duration::days(m.think);
            clock = sent;
            let no = ply / 2 + 1;
            if m.flag == "correction" {
                // A faulty move, the partner's request, the correction, and
                // perhaps the correction's repeat as a lost letter (51.4.9).
                let side = to_move;
                let r1 = if first { None } else { Some(clock + Duration::days(m.gap)) };
                let s1 = r1.unwrap_or(clock) + Duration::days(m.think % 4);
                let s2 = s1 + Duration::days(1 + m.think % 5);
                let s3 = s2 + Duration::days(1 + m.gap);
                rows.push(Row { no, side, received: r1, sent: Some(s1), flag: "illegible", pending: false });
                rows.push(Row { no, side: side.other(), received: Some(s1 + Duration::days(1)), sent: Some(s2), flag: "request", pending: false });
                rows.push(Row { no, side, received: Some(s2 + Duration::days(1)), sent: Some(s3), flag: "", pending: false });
                ply += 1;
                clock = s3;
                if m.other_side {
                    let s4 = s3 + Duration::days(14 + m.think / 2);
                    rows.push(Row { no, side, received: None, sent: Some(s4), flag: "lost", pending: false });
                    clock = s4;
                }
                continue;
            }
            if m.flag == "accepted" {
                // The accepted move, then the sender's own reply with the same dates.
                rows.push(Row { no, side, received, sent: Some(sent), flag: "accepted", pending: false });
                ply += 1;
                let no2 = ply / 2 + 1;
                rows.push(Row { no: no2, side: side.other(), received: None, sent: None, flag: "variant", pending: false });
                ply += 1;
                let no3 = ply / 2 + 1;
                rows.push(Row { no: no3, side, received, sent: Some(sent), flag: "", pending: false });
                ply += 1;
                continue;
            }
            rows.push(Row { no, side, received, sent: Some(sent), flag: m.flag, pending: false });
            if m.flag.is_empty() {
                ply += 1;
            }
        }
        let to_move = if ply.is_multiple_of(2) { Side::White } else { Side::Black };
        if let Some(flag) = faulty_tail {
            // The side to move's faulty move, waiting for the partner's request.
            let received = (!rows.is_empty()).then(|| clock + Duration::days(1));
            let sent = received.unwrap_or(clock) + Duration::days(2);
            rows.push(Row { no: ply / 2 + 1, side: to_move, received, sent: Some(sent), flag, pending: false });
            clock = sent;
        }
        if pending && !rows.is_empty() && faulty_tail.is_none() {
            rows.push(Row { no: ply / 2 + 1, side: to_move, received: Some(clock + Duration::days(1)), sent: None, flag: "", pending: true });
        }
        let as_of = rows.iter().filter_map(|r| r.sent.or(r.received)).max().unwrap_or(start) + Duration::days(extra);

        let mut log = String::new();
        for r in &rows {
            let f = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
            let mv = if r.pending || matches!(r.flag, "request") { "" } else { "e4" };
            log.push_str(&format!("{},{},{mv},{},{},{},\n", r.no, r.side, f(r.received), f(r.sent), r.flag));
        }
        // An overstep claim (51.6.3), perhaps reopened later by a `*` result.
        let mut claim_open = None;
        if let Some((who, at, reopen)) = claim {
            let date = day(at);
            let player = match who { 0 => WHITE, 1 => BLACK, _ => "Nobody, N" };
            let decide = |date: NaiveDate, kind: DecisionKind, result: Option<GameResult>, line: usize| Decision {
                date, kind, game: Some("g".into()), player: Some(player.into()), result, withdrawal: None, note: String::new(), line,
            };
            t.decisions.push(decide(date, DecisionKind::Claim, None, 2));
            let reopened = reopen.map(|r| date + Duration::days(r + 1)).filter(|&r| r <= as_of);
            if let Some(r) = reopened {
                t.decisions.push(decide(r, DecisionKind::Result, Some(GameResult::Unfinished), 3));
            }
            if date <= as_of && reopened.is_none() {
                claim_open = Some(date);
            }
        }
        t.settings.end = end.map(day);
        let g = game(&t, &log, &as_of.to_string());

        // The oracle.
        let breaks_of = |s: Side| if s == Side::White { &bw } else { &bb };
        let charge = |i: usize| -> (i64, i64) {
            let r = &rows[i];
            if r.pending { return (0, 0); }
            let th = match (r.received.or(if r.side == Side::White && r.no == 1 { Some(start) } else { None }), r.sent) {
                (Some(a), Some(b)) => thinking(a, b, start, breaks_of(r.side)),
                _ => 0,
            };
            match r.flag {
                "" => (th, 0),
                "impossible" | "illegible" | "no-move" => (th + 2, 2),
                "request" => ((th - 3).max(0), 0),
                "lost" => {
                    // The message it repeats: the side's previous message, never a request.
                    let first = rows[..i].iter().rev().find(|x| x.side == r.side && x.flag != "request" && x.sent.is_some()).and_then(|x| x.sent);
                    match (first, r.sent) {
                        (Some(f), Some(s)) => { let delay = (s - f).num_days() - 14; if delay > 3 { (delay, delay) } else { (0, 0) } }
                        _ => (0, 0),
                    }
                }
                _ => (0, 0),
            }
        };
        let charges: Vec<(i64, i64)> = (0..rows.len()).map(charge).collect();

        // Who owes the next message, from when, and up to when it runs.
        let counted = rows.iter().rev().find(|x| x.sent.is_some() && !matches!(x.flag, "repeat" | "lost"));
        let (owing, from) = match (rows.last().filter(|x| x.pending), counted) {
            (Some(p), _) => (p.side, p.received.unwrap()),
            (None, Some(c)) => (c.side.other(), c.sent.unwrap() + Duration::days(1)),
            (None, None) => (Side::White, start),
        };
        let request = counted.is_some_and(|c| matches!(c.flag, "impossible" | "illegible" | "no-move") && c.side != owing);
        let free = if request { 3 } else { 0 };
        let mut stop = as_of;
        for d in [t.settings.end, claim_open].into_iter().flatten() {
            if d < stop { stop = d; }
        }
        let in_play = claim_open.is_none() && t.settings.end.is_none_or(|e| as_of <= e);
        let last_message = rows.iter().rev().find_map(|x| x.sent);

        for side in [Side::White, Side::Black] {
            let mine: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].side == side).collect();
            let used: i64 = mine.iter().map(|&i| charges[i].0).sum();
            let penalty: i64 = mine.iter().map(|&i| charges[i].1).sum();
            let moves = mine.iter().filter(|&&i| !rows[i].pending && matches!(rows[i].flag, "" | "accepted" | "variant")).count() as u32;
            let nc = (moves + 1).div_ceil(tc.0) * tc.0;
            let allowance = i64::from(nc / tc.0) * tc.1;
            let used_nc: i64 = mine.iter().filter(|&&i| rows[i].no <= nc).map(|&i| charges[i].0).sum();
            let running = if side == owing { (thinking(from, stop, start, breaks_of(side)) - free).max(0) } else { 0 };
            let left = allowance - used_nc - running;
            // Move-by: the last day D with used + thinking(from, D) <= allowance (+3 for a request).
            let move_by = (in_play && side == owing && left >= 0).then(|| {
                let mut d = from.max(start);
                while used_nc + thinking(from, d + Duration::days(1), start, breaks_of(side)) <= allowance + free {
                    d += Duration::days(1);
                }
                d
            });
            let repeat_by = (in_play && side != owing)
                .then(|| rows.iter().rev().filter(|x| x.side == side).find_map(|x| x.sent).map(|s| s + Duration::days(14)))
                .flatten();
            let c = g.clock.side(side);
            prop_assert_eq!(
                (c.used, c.penalty, c.running, c.next_control, c.allowance, c.left, c.move_by, c.repeat_by),
                (used, penalty, running, nc, allowance, left, move_by, repeat_by),
                "{:?} in\n{}as of {}, end {:?}, claim {:?}", side, log, as_of, t.settings.end, claim_open
            );
            let low_time = g.findings.iter().any(|f| f.code == Code::LowTime && f.side == Some(side));
            prop_assert_eq!(low_time, in_play && (0..=5).contains(&left), "low time of {:?} in\n{}as of {}", side, log, as_of);
        }
        let repeat_due = g.findings.iter().any(|f| f.code == Code::RepeatDue);
        prop_assert_eq!(repeat_due, in_play && last_message.is_some_and(|s| (as_of - s).num_days() > 14), "repeat due in\n{}as of {}", log, as_of);
        prop_assert_eq!(g.to_move, Some(to_move));
        prop_assert_eq!((g.owing, g.in_play), (Some(owing), in_play));
    }
}
