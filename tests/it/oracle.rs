//! The clocks against an independent, deliberately naive reading of Article
//! 51.4 as docs/rules.md states it: random games (every charging flag,
//! breaks, extra breaks, pending rows, any dates, faulty messages waiting
//! for their request, requests at a control, lost letters after corrections
//! and lost letters still waiting for their reply, overstep claims rejected
//! or open and claimed again, claims between a move's received and sent
//! dates, decisions dated after the report, withdrawals of each kind, a tournament end
//! before the report's date and adjudication materials sent late, messages
//! stating both totals) are computed day by day here and by the library,
//! and must agree on used, penalty, running, next control, allowance, left,
//! move-by and repeat-by for both sides, on the owing side, on whether the
//! game is in play, and on which games get low-time, repeat-due, silence,
//! stated-time, adjudication-due, adjudication-late, break-limit,
//! record-missing, claim-late, claim-unfounded and claim-repeated findings.

use crate::common::*;
use ccbulletin::finding::Code;
use ccbulletin::game::GameReport;
use ccbulletin::model::{Decision, DecisionKind, GameResult, Side, Withdrawal};
use chrono::{Datelike, Duration, NaiveDate};
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

#[derive(Clone)]
struct Row {
    no: u32,
    side: Side,
    received: Option<NaiveDate>,
    sent: Option<NaiveDate>,
    flag: &'static str,
    pending: bool,
}

/// A row that is not a pending move.
fn row(no: u32, side: Side, received: Option<NaiveDate>, sent: Option<NaiveDate>, flag: &'static str) -> Row {
    Row {
        no,
        side,
        received,
        sent,
        flag,
        pending: false,
    }
}

/// The game stage on a move log that brings its own header.
fn game_with_header(t: &ccbulletin::model::Tournament, log: &str, as_of: &str) -> ccbulletin::game::GameReport {
    let ctx = ccbulletin::game::GameContext {
        tournament: t,
        pairing: &t.pairings[0],
        as_of: d(as_of),
        file_prefix: "t/games/".into(),
    };
    let parsed = ccbulletin::load::movelog::MoveLog::parse("t/games/g.csv", log.as_bytes());
    ccbulletin::game::analyze_parsed(&ctx, Some((parsed, None)), None)
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

type Span = (NaiveDate, NaiveDate);

/// Each claim made by the report's date: its date, its claimant and the
/// date of the `*` that rejected it, when made by then.
type Claims = Vec<(NaiveDate, Option<Side>, Option<NaiveDate>)>;

/// A generated game as the oracle reads it.
struct Case {
    start: NaiveDate,
    tc: (u32, i64),
    end: Option<NaiveDate>,
    as_of: NaiveDate,
    rows: Vec<Row>,
    /// White's breaks and Black's, the interruptions among them.
    breaks: [Vec<Span>; 2],
    /// Each row's days, penalty and the move they go on.
    charges: Vec<(i64, i64, u32)>,
    log: String,
    withdrawn: Option<Side>,
    out_of_play: Option<NaiveDate>,
    claim_open: Option<NaiveDate>,
}

impl Case {
    fn breaks_of(&self, s: Side) -> &[Span] {
        &self.breaks[s.index()]
    }

    /// The oracle: row `i`'s days, penalty and the move they go on.
    fn charge(&self, rows: &[Row], i: usize) -> (i64, i64, u32) {
        let r = &rows[i];
        // A request and a lost letter arise after the side's move was
        // sent: they go on its next move (51.4.8, 51.4.9).
        let done = rows[..i]
            .iter()
            .filter(|x| x.side == r.side && !x.pending && matches!(x.flag, "" | "accepted" | "variant"))
            .count() as u32;
        let on = if matches!(r.flag, "request" | "lost") {
            done + 1
        } else {
            r.no
        };
        if r.pending {
            return (0, 0, on);
        }
        let th = match (
            r.received.or(if r.side == Side::White && r.no == 1 {
                Some(self.start)
            } else {
                None
            }),
            r.sent,
        ) {
            (Some(a), Some(b)) => thinking(a, b, self.start, self.breaks_of(r.side)),
            _ => 0,
        };
        let (days, penalty) = match r.flag {
            "" => (th, 0),
            "impossible" | "illegible" | "no-move" => (th + 2, 2),
            "request" => ((th - 3).max(0), 0),
            "lost" => {
                // The message it repeats: the side's previous message, never a request.
                let first = rows[..i]
                    .iter()
                    .rev()
                    .find(|x| x.side == r.side && x.flag != "request" && x.sent.is_some())
                    .and_then(|x| x.sent);
                match (first, r.sent) {
                    (Some(f), Some(s)) => {
                        let delay = (s - f).num_days() - 14;
                        if delay > 3 { (delay, delay) } else { (0, 0) }
                    }
                    _ => (0, 0),
                }
            }
            _ => (0, 0),
        };
        (days, penalty, on)
    }

    /// Who owes the next message, from when, and the free days of a request.
    fn owing_of(&self, rows: &[Row]) -> (Side, NaiveDate, i64) {
        let skip = |x: &Row| matches!(x.flag, "repeat" | "lost" | "record" | "adjudication");
        let counted_at = rows.iter().rposition(|x| x.sent.is_some() && !skip(x));
        let counted = counted_at.map(|i| &rows[i]);
        let (owing, from) = match (rows.last().filter(|x| x.pending), counted) {
            (Some(p), _) => (p.side, p.received.unwrap()),
            (None, Some(c)) => {
                // After the sender's own lost letters, its message arrived
                // only with the last of them (51.4.4).
                let lost = rows[counted_at.unwrap() + 1..]
                    .iter()
                    .filter(|x| x.side == c.side && x.flag == "lost")
                    .filter_map(|x| x.sent)
                    .max();
                (
                    c.side.other(),
                    lost.unwrap_or(c.sent.unwrap()).max(c.sent.unwrap()) + Duration::days(1),
                )
            }
            (None, None) => (Side::White, self.start),
        };
        let request =
            counted.is_some_and(|c| matches!(c.flag, "impossible" | "illegible" | "no-move") && c.side != owing);
        (owing, from, if request { 3 } else { 0 })
    }

    /// The day the clocks stop: the report's, or an earlier end, open claim
    /// or withdrawal.
    fn stop(&self) -> NaiveDate {
        let mut stop = self.as_of;
        for d in [self.end, self.claim_open, self.out_of_play].into_iter().flatten() {
            if d < stop {
                stop = d;
            }
        }
        stop
    }

    fn in_play(&self) -> bool {
        self.withdrawn.is_none()
            && self.out_of_play.is_none()
            && self.claim_open.is_none()
            && self.end.is_none_or(|e| self.as_of <= e)
    }
}

/// The generated breaks added to `t`, an extra one granted by the arbiter
/// among them (51.7.7: it stops the clock and counts toward no limit):
/// each side's spans.
fn add_breaks(
    t: &mut ccbulletin::model::Tournament,
    start: NaiveDate,
    breaks_w: &[(i64, i64)],
    breaks_b: &[(i64, i64)],
    extra_break: Option<(bool, i64, i64)>,
) -> [Vec<Span>; 2] {
    let day = |n: i64| start + Duration::days(n);
    let spans = |b: &[(i64, i64)]| b.iter().map(|&(o, l)| (day(o), day(o + l))).collect::<Vec<_>>();
    let (bw, bb) = (spans(breaks_w), spans(breaks_b));
    for &(a, b) in &bw {
        add_break(t, Side::White, &a.to_string(), &b.to_string(), "2026-01-01");
    }
    for &(a, b) in &bb {
        add_break(t, Side::Black, &a.to_string(), &b.to_string(), "2026-01-01");
    }
    // An extra break granted by the arbiter (51.7.7): it stops the clock
    // and counts toward no limit.
    let (mut bw, mut bb) = (bw, bb);
    if let Some((white, from, len)) = extra_break {
        let (side, span) = (
            if white { Side::White } else { Side::Black },
            (day(from), day(from + len)),
        );
        add_break(t, side, &span.0.to_string(), &span.1.to_string(), "2026-01-01");
        let b = t.breaks.last_mut().unwrap();
        (b.approved, b.extra) = (true, true);
        if white { bw.push(span) } else { bb.push(span) }
    }
    [bw, bb]
}

/// The log's rows from the generated messages: the rows, the plies played
/// and the last date.
fn log_rows(msgs: &[Msg], start: NaiveDate) -> (Vec<Row>, u32, NaiveDate) {
    // Build a log: entering rows alternate; other messages go to either side.
    let mut rows: Vec<Row> = Vec::new();
    let mut ply = 0u32;
    let mut clock = start;
    for m in msgs {
        let to_move = if ply.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        let side = if m.flag.is_empty() || m.flag == "accepted" || !m.other_side {
            to_move
        } else {
            to_move.other()
        };
        let first = rows.is_empty() && side == Side::White && ply == 0;
        let received = if first {
            None
        } else {
            Some(clock + Duration::days(m.gap))
        };
        let sent = received.unwrap_or(clock) + Duration::days(m.think);
        clock = sent;
        let no = ply / 2 + 1;
        if m.flag == "correction" {
            // A faulty move, the partner's request, the correction, and
            // perhaps the correction's repeat as a lost letter (51.4.9).
            let side = to_move;
            let r1 = if first {
                None
            } else {
                Some(clock + Duration::days(m.gap))
            };
            let s1 = r1.unwrap_or(clock) + Duration::days(m.think % 4);
            let s2 = s1 + Duration::days(1 + m.think % 5);
            let s3 = s2 + Duration::days(1 + m.gap);
            rows.push(row(no, side, r1, Some(s1), "illegible"));
            rows.push(row(no, side.other(), Some(s1 + Duration::days(1)), Some(s2), "request"));
            rows.push(row(no, side, Some(s2 + Duration::days(1)), Some(s3), ""));
            ply += 1;
            clock = s3;
            if m.other_side {
                let s4 = s3 + Duration::days(14 + m.think / 2);
                rows.push(row(no, side, None, Some(s4), "lost"));
                clock = s4;
            }
            continue;
        }
        if m.flag == "accepted" {
            // The accepted move, then the sender's own reply with the same dates.
            rows.push(row(no, side, received, Some(sent), "accepted"));
            ply += 1;
            let no2 = ply / 2 + 1;
            rows.push(row(no2, side.other(), None, None, "variant"));
            ply += 1;
            let no3 = ply / 2 + 1;
            rows.push(row(no3, side, received, Some(sent), ""));
            ply += 1;
            continue;
        }
        rows.push(row(no, side, received, Some(sent), m.flag));
        if m.flag.is_empty() {
            ply += 1;
        }
    }
    (rows, ply, clock)
}

/// The log's last rows: a lost letter still waiting for its reply, a faulty
/// move waiting for its request, or a pending move. The last date.
fn add_tails(
    rows: &mut Vec<Row>,
    ply: u32,
    mut clock: NaiveDate,
    lost_tail: Option<i64>,
    faulty_tail: Option<&'static str>,
    pending: bool,
) -> NaiveDate {
    let to_move = if ply.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    // A lost letter still waiting for its reply: the last message's
    // sender repeats it 14 + k days later (51.5.2).
    if let (Some(k), Some(last)) = (
        lost_tail,
        rows.last().filter(|r| r.sent.is_some()).map(|r| (r.no, r.side)),
    ) {
        let sent = clock + Duration::days(14 + k);
        rows.push(row(last.0, last.1, None, Some(sent), "lost"));
        clock = sent;
    }
    if let Some(flag) = faulty_tail {
        // The side to move's faulty move, waiting for the partner's request.
        let received = (!rows.is_empty()).then(|| clock + Duration::days(1));
        let sent = received.unwrap_or(clock) + Duration::days(2);
        rows.push(row(ply / 2 + 1, to_move, received, Some(sent), flag));
        clock = sent;
    }
    if pending && !rows.is_empty() && faulty_tail.is_none() {
        rows.push(Row {
            no: ply / 2 + 1,
            side: to_move,
            received: Some(clock + Duration::days(1)),
            sent: None,
            flag: "",
            pending: true,
        });
    }
    clock
}

/// Rows after the end and after a withdrawal.
fn add_records(
    rows: &mut Vec<Row>,
    end: Option<NaiveDate>,
    ply: u32,
    clock: NaiveDate,
    adjudication: &[(bool, i64)],
    withdraw: Option<(bool, i64, bool)>,
) {
    // Adjudication materials, k days after the end (51.9.4, 51.9.7).
    if let Some(e) = end {
        for &(white, k) in adjudication {
            let side = if white { Side::White } else { Side::Black };
            rows.push(row(
                ply / 2 + 1,
                side,
                None,
                Some(e + Duration::days(k)),
                "adjudication",
            ));
        }
    }
    // The partner of a withdrawn player, perhaps with its game record.
    if let Some((white, _, true)) = withdraw {
        let partner = if white { Side::Black } else { Side::White };
        rows.push(row(
            ply / 2 + 1,
            partner,
            None,
            Some(clock + Duration::days(1)),
            "record",
        ));
    }
}

/// The claims made and what they interrupt: the claim open on the report's
/// date, the interruptions and the claims made by then.
fn add_claims(
    t: &mut ccbulletin::model::Tournament,
    rows: &[Row],
    start: NaiveDate,
    as_of: NaiveDate,
    claim: Option<(i64, i64, Option<i64>)>,
    claim_anchor: Option<(prop::sample::Index, i64)>,
    claim_again: Option<i64>,
) -> (Option<NaiveDate>, Vec<Span>, Claims) {
    let day = |n: i64| start + Duration::days(n);
    // An overstep claim (51.6.3), perhaps reopened later by a `*` result
    // and then made again by the same claimant (51.6.7). A claim may fall
    // between a row's received and sent dates: on the claim's date that
    // row is a pending move (51.4.4).
    let mut claim_open = None;
    let mut interruptions = Vec::new();
    // Each claim made by the report's date: its date, its claimant and
    // the date of the `*` that rejected it, when made by then.
    let mut claims_made: Vec<(NaiveDate, Option<Side>, Option<NaiveDate>)> = Vec::new();
    if let Some((who, at, reopen)) = claim {
        let date = anchored(rows, claim_anchor).unwrap_or(day(at));
        let (player, claimant) = match who {
            0 => (WHITE, Some(Side::White)),
            1 => (BLACK, Some(Side::Black)),
            _ => ("Nobody, N", None),
        };
        let decide = |date, kind, result, line| decision(player, date, kind, result, line);
        t.decisions.push(decide(date, DecisionKind::Claim, None, 2));
        // The `*` is pushed even when dated after the report: it is not
        // made yet then, and the claim is still open.
        let reopen = reopen.map(|r| date + Duration::days(r + 1));
        let again = reopen.zip(claim_again).map(|(r, g)| r + Duration::days(g + 1));
        if let Some(r) = reopen {
            t.decisions
                .push(decide(r, DecisionKind::Result, Some(GameResult::Unfinished), 3));
        }
        if let Some(a) = again {
            t.decisions.push(decide(a, DecisionKind::Claim, None, 5));
        }
        if date <= as_of {
            // The interruption counts for neither side (51.6.3).
            match reopen.filter(|&r| r <= as_of) {
                Some(r) => {
                    interruptions.push((date + Duration::days(1), r));
                    claims_made.push((date, claimant, Some(r)));
                    if let Some(a) = again.filter(|&a| a <= as_of) {
                        claim_open = Some(a);
                        interruptions.push((a + Duration::days(1), as_of));
                        claims_made.push((a, claimant, None));
                    }
                }
                None => {
                    claim_open = Some(date);
                    interruptions.push((date + Duration::days(1), as_of));
                    claims_made.push((date, claimant, None));
                }
            }
        }
    }
    (claim_open, interruptions, claims_made)
}

/// A claim's date between a row's received and sent dates, when anchored
/// there and there is such a row.
fn anchored(rows: &[Row], claim_anchor: Option<(prop::sample::Index, i64)>) -> Option<NaiveDate> {
    claim_anchor.and_then(|(ix, u)| {
        let spans: Vec<(NaiveDate, NaiveDate)> = rows
            .iter()
            .filter_map(|r| r.received.zip(r.sent))
            .filter(|(r, s)| s > r)
            .collect();
        (!spans.is_empty()).then(|| {
            let (r, s) = spans[ix.index(spans.len())];
            r + Duration::days(u % (s - r).num_days())
        })
    })
}

/// A decision on game `g` naming `player`, at row `line` of decisions.csv.
fn decision(player: &str, date: NaiveDate, kind: DecisionKind, result: Option<GameResult>, line: usize) -> Decision {
    Decision {
        date,
        kind,
        game: Some("g".into()),
        player: Some(player.into()),
        result,
        withdrawal: None,
        note: String::new(),
        line,
    }
}

/// A withdrawal: the side whose game it forfeits, or the date it took the
/// game out of play.
fn add_withdrawal(
    t: &mut ccbulletin::model::Tournament,
    start: NaiveDate,
    as_of: NaiveDate,
    withdraw: Option<(bool, i64, bool)>,
    withdraw_kind: Withdrawal,
) -> (Option<Side>, Option<NaiveDate>) {
    let day = |n: i64| start + Duration::days(n);
    // 51.8.1: a withdrawal forfeits the player's unfinished game, or
    // takes it out of play from its date (adjudicate, annul).
    let mut withdrawn = None;
    let mut out_of_play = None;
    if let Some((white, at, _)) = withdraw {
        let (side, date) = (if white { Side::White } else { Side::Black }, day(at));
        t.decisions.push(Decision {
            date,
            kind: DecisionKind::Withdrawal,
            game: None,
            player: Some((if white { WHITE } else { BLACK }).into()),
            result: None,
            withdrawal: Some(withdraw_kind),
            note: String::new(),
            line: 4,
        });
        if date <= as_of {
            match withdraw_kind {
                Withdrawal::Forfeit => withdrawn = Some(side),
                _ => out_of_play = Some(date),
            }
        }
    }
    (withdrawn, out_of_play)
}

/// The move log of the rows, each message stating the totals it was
/// generated to state (51.2.1); how many state them wrong.
fn written_log(rows: &[Row], charges: &[(i64, i64, u32)], stated: &[Option<i64>]) -> (String, usize) {
    let mut log = String::from("no,side,move,received,sent,flag,note,stated_white,stated_black\n");
    let mut totals = [0i64; 2];
    let mut misstated = 0;
    for (i, r) in rows.iter().enumerate() {
        let f = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        let mv = if r.pending || matches!(r.flag, "request") {
            ""
        } else {
            "e4"
        };
        totals[r.side.index()] += charges[i].0;
        let says = match stated.get(i).copied().flatten() {
            Some(delta) if !r.pending => {
                misstated += usize::from(delta != 0);
                format!("{},{}", totals[0] + delta, totals[1])
            }
            _ => ",".to_string(),
        };
        log.push_str(&format!(
            "{},{},{mv},{},{},{},,{says}\n",
            r.no,
            r.side,
            f(r.received),
            f(r.sent),
            r.flag
        ));
    }
    (log, misstated)
}

/// Adjudication due, annulled or awaiting adjudication, and no overstep out
/// of play.
fn check_state(case: &Case, g: &GameReport, withdraw_kind: Withdrawal) -> Result<(), TestCaseError> {
    // Past the end, the adjudication materials of each side that sent
    // none, unless a withdrawal left the game to the arbiter alone.
    let adjudication_due =
        case.end.is_some_and(|e| case.as_of > e) && case.out_of_play.is_none() && case.withdrawn.is_none();
    let sent_materials = |s: Side| case.rows.iter().any(|x| x.side == s && x.flag == "adjudication");
    let due_sides: Vec<Side> = [Side::White, Side::Black]
        .into_iter()
        .filter(|&s| adjudication_due && !sent_materials(s))
        .collect();
    let mut reported_due: Vec<Side> = g
        .findings
        .iter()
        .filter(|f| f.code == Code::AdjudicationDue)
        .filter_map(|f| f.side)
        .collect();
    reported_due.sort_by_key(|s| s.index());
    prop_assert_eq!(
        reported_due,
        due_sides,
        "adjudication due in\n{}as of {}",
        case.log,
        case.as_of
    );
    prop_assert_eq!(
        g.annulled,
        case.out_of_play.is_some() && withdraw_kind == Withdrawal::Annul
    );
    prop_assert_eq!(
        g.awaiting_adjudication,
        case.out_of_play.is_some() && withdraw_kind == Withdrawal::Adjudicate
    );
    if case.out_of_play.is_some() {
        prop_assert!(
            !g.findings.iter().any(|f| f.code == Code::Overstep),
            "no overstep out of play in\n{}",
            case.log
        );
    }
    Ok(())
}

/// Days after `from` up to `to` outside `breaks`.
fn waited(from: NaiveDate, to: NaiveDate, breaks: &[Span]) -> i64 {
    thinking(from, to, from, breaks)
}

/// The `n`-th day after `from` outside `breaks`.
fn nth(from: NaiveDate, n: i64, breaks: &[Span]) -> NaiveDate {
    let mut d = from;
    let mut k = 0;
    while k < n {
        d += Duration::days(1);
        if !in_breaks(breaks, d) {
            k += 1;
        }
    }
    d
}

/// 51.6.1, 51.6.7: each claim against the records as they stood on its
/// date.
fn check_claims(case: &Case, g: &GameReport, claims_made: &Claims) -> Result<(), TestCaseError> {
    let mut expected_claims = Vec::new();
    for (k, &(on, claimant, _)) in claims_made.iter().enumerate() {
        let Some(claimant) = claimant else { continue };
        expected_claims.extend(unfounded_or_late(case, claimant, on).map(|code| (code, on)));
        if repeated(case, &claims_made[..k], claimant, on) {
            expected_claims.push((Code::ClaimRepeated, on));
        }
    }
    let mut reported: Vec<(Code, NaiveDate)> = g
        .findings
        .iter()
        .filter(|f| matches!(f.code, Code::ClaimLate | Code::ClaimUnfounded | Code::ClaimRepeated))
        .filter_map(|f| f.date.map(|d| (f.code, d)))
        .collect();
    reported.sort_by_key(|&(c, d)| (d, c));
    expected_claims.sort_by_key(|&(c, d)| (d, c));
    // A log with a row that cannot be read charges nobody, claims
    // included (see below).
    if case
        .rows
        .iter()
        .enumerate()
        .any(|(i, x)| x.pending && i + 1 != case.rows.len())
    {
        expected_claims.clear();
    }
    prop_assert_eq!(
        reported,
        expected_claims,
        "claims {:?} in\n{}as of {}",
        claims_made,
        case.log,
        case.as_of
    );
    Ok(())
}

/// Whether a row enters the game: a move made.
fn entering(x: &Row) -> bool {
    !x.pending && matches!(x.flag, "" | "accepted" | "variant")
}

/// The rows as they stood on a claim's date `on`. A row received by then
/// and sent after it is a pending move, counted from its received date
/// (51.4.4); a later one is not there.
fn rows_on(case: &Case, on: NaiveDate) -> Vec<Row> {
    let cut = case
        .rows
        .iter()
        .position(|x| x.sent.or(x.received).is_some_and(|x| x > on))
        .unwrap_or(case.rows.len());
    let mut then: Vec<Row> = case.rows[..cut].to_vec();
    if let Some(x) = case.rows.get(cut).filter(|x| x.received.is_some_and(|r| r <= on)) {
        then.push(Row {
            flag: "",
            sent: None,
            pending: true,
            ..x.clone()
        });
    }
    then
}

/// 51.6.1: `claimant`'s claim of `on` against the records as they stood
/// then: unfounded, late, or neither.
fn unfounded_or_late(case: &Case, claimant: Side, on: NaiveDate) -> Option<Code> {
    let accused = claimant.other();
    let then = rows_on(case, on);
    let charged: Vec<(i64, i64, u32)> = (0..then.len()).map(|i| case.charge(&then, i)).collect();
    let mine: Vec<usize> = (0..then.len()).filter(|&i| then[i].side == accused).collect();
    let upto = |c: u32| -> i64 { mine.iter().filter(|&&i| charged[i].2 <= c).map(|&i| charged[i].0).sum() };
    let moves = mine.iter().filter(|&&i| entering(&then[i])).count() as u32;
    let over_at = (1..=moves / case.tc.0)
        .map(|k| k * case.tc.0)
        .find(|&c| upto(c) > i64::from(c / case.tc.0) * case.tc.1);
    let (owes, from, free) = case.owing_of(&then);
    let running = if owes == accused {
        (thinking(from, on, case.start, case.breaks_of(accused)) - free).max(0)
    } else {
        0
    };
    let nc = (moves + 1).div_ceil(case.tc.0) * case.tc.0;
    let left = i64::from(nc / case.tc.0) * case.tc.1 - upto(nc) - running;
    // Over at the current control: the claim is about it, never late.
    if left < 0 {
        return None;
    }
    let Some(c) = over_at else {
        return Some(Code::ClaimUnfounded);
    };
    let control_row = then.iter().rposition(|x| x.side == accused && x.no == c && entering(x));
    let reply = control_row.and_then(|j| {
        case.rows[j + 1..]
            .iter()
            .find(|x| x.side == claimant && entering(x) && x.sent.is_some())
            .and_then(|x| x.sent)
    });
    reply.is_some_and(|r| on > r).then_some(Code::ClaimLate)
}

/// 51.6.7: whether `claimant`'s claim of `on` repeats one of its `earlier`
/// claims rejected before its next control move.
fn repeated(
    case: &Case,
    earlier: &[(NaiveDate, Option<Side>, Option<NaiveDate>)],
    claimant: Side,
    on: NaiveDate,
) -> bool {
    // The claimant's moves by a date, counted by their place in the
    // log: an accepted variant's undated rows are moves made.
    let moved = |by: NaiveDate| {
        let cut = case
            .rows
            .iter()
            .position(|x| x.sent.is_some_and(|s| s > by))
            .unwrap_or(case.rows.len());
        case.rows[..cut]
            .iter()
            .filter(|x| x.side == claimant && entering(x))
            .count() as u32
    };
    let rejected = earlier
        .iter()
        .filter(|c| c.1 == Some(claimant))
        .filter_map(|c| c.2)
        .filter(|&r| r < on)
        .max();
    rejected.is_some_and(|r| moved(on) < (moved(r) + 1).div_ceil(case.tc.0) * case.tc.0)
}

/// Adjudication materials sent late, and the break limit.
fn check_records_and_breaks(
    case: &Case,
    g: &GameReport,
    t: &ccbulletin::model::Tournament,
    declared: &[(Side, NaiveDate, NaiveDate, bool)],
) -> Result<(), TestCaseError> {
    let late = case.end.map_or(0, |e| {
        case.rows
            .iter()
            .filter(|x| x.flag == "adjudication" && x.sent.is_some_and(|s| s > e + Duration::days(14)))
            .count()
    });
    prop_assert_eq!(
        g.findings.iter().filter(|f| f.code == Code::AdjudicationLate).count(),
        late
    );
    let mut per_year = std::collections::BTreeMap::new();
    for side in [Side::White, Side::Black] {
        let mut d = case.start - Duration::days(400);
        while d < case.start + Duration::days(800) {
            if declared
                .iter()
                .any(|&(s, a, b, extra)| s == side && !extra && a <= d && d <= b)
            {
                *per_year.entry((side, d.year())).or_insert(0) += 1;
            }
            d += Duration::days(1);
        }
    }
    let over = per_year.values().filter(|&&n| n > 30).count();
    let limit = ccbulletin::rules::findings::break_findings(t)
        .iter()
        .filter(|f| f.code == Code::BreakLimit)
        .count();
    prop_assert_eq!(limit, over, "break limit of {:?}", declared);

    Ok(())
}

/// 51.8.1, 51.8.2: a withdrawal forfeits the game, registered for the
/// partner only with the partner's record.
fn check_forfeit(case: &Case, g: &GameReport, side: Side) -> Result<(), TestCaseError> {
    prop_assert_eq!(g.result, GameResult::forfeit_for(side));
    let recorded = case.rows.iter().any(|x| x.side == side.other() && x.flag == "record");
    let missing: Vec<_> = g
        .findings
        .iter()
        .filter(|f| f.code == Code::RecordMissing)
        .map(|f| f.side)
        .collect();
    prop_assert_eq!(missing, if recorded { vec![] } else { vec![Some(side.other())] });
    for s in [Side::White, Side::Black] {
        let used: i64 = (0..case.rows.len())
            .filter(|&i| case.rows[i].side == s)
            .map(|i| case.charges[i].0)
            .sum();
        prop_assert_eq!(g.clock.side(s).used, used);
    }
    Ok(())
}

/// One side's clock against the oracle's.
fn check_clock(
    case: &Case,
    g: &GameReport,
    side: Side,
    owing_from: (Side, NaiveDate, i64),
) -> Result<(), TestCaseError> {
    let (owing, from, free) = owing_from;
    let (stop, in_play) = (case.stop(), case.in_play());
    let mine: Vec<usize> = (0..case.rows.len()).filter(|&i| case.rows[i].side == side).collect();
    let used: i64 = mine.iter().map(|&i| case.charges[i].0).sum();
    let penalty: i64 = mine.iter().map(|&i| case.charges[i].1).sum();
    let moves = mine.iter().filter(|&&i| entering(&case.rows[i])).count() as u32;
    let nc = (moves + 1).div_ceil(case.tc.0) * case.tc.0;
    let allowance = i64::from(nc / case.tc.0) * case.tc.1;
    let used_nc: i64 = mine
        .iter()
        .filter(|&&i| case.charges[i].2 <= nc)
        .map(|&i| case.charges[i].0)
        .sum();
    let first_over = first_control_over(case, &mine, moves);
    prop_assert_eq!(
        control_over(g, side, moves),
        first_over,
        "control overstep of {:?} in\n{}",
        side,
        case.log
    );
    let running = if side == owing {
        (thinking(from, stop, case.start, case.breaks_of(side)) - free).max(0)
    } else {
        0
    };
    let left = allowance - used_nc - running;
    let (move_by, repeat_by) = deadlines(case, side, owing_from, used_nc, allowance, left);
    let c = g.clock.side(side);
    prop_assert_eq!(
        (
            c.used,
            c.penalty,
            c.running,
            c.next_control,
            c.allowance,
            c.left,
            c.move_by,
            c.repeat_by
        ),
        (used, penalty, running, nc, allowance, left, move_by, repeat_by),
        "{:?} in\n{}as of {}, end {:?}, claim {:?}",
        side,
        case.log,
        case.as_of,
        case.end,
        case.claim_open
    );
    let low_time = g
        .findings
        .iter()
        .any(|f| f.code == Code::LowTime && f.side == Some(side));
    prop_assert_eq!(
        low_time,
        in_play && (0..=5).contains(&left),
        "low time of {:?} in\n{}as of {}",
        side,
        case.log,
        case.as_of
    );
    Ok(())
}

/// 51.4.3: the first completed control whose moves (`mine`, `moves` of
/// them) carry more days than it allows (a request or a lost letter's
/// penalty on the move after the one it arose on). None at all for a game
/// a withdrawal took out of play (51.8.1).
fn first_control_over(case: &Case, mine: &[usize], moves: u32) -> Option<u32> {
    (1..=moves / case.tc.0)
        .map(|k| k * case.tc.0)
        .filter(|_| case.out_of_play.is_none())
        .find(|&c| {
            let upto: i64 = mine
                .iter()
                .filter(|&&i| case.charges[i].2 <= c)
                .map(|&i| case.charges[i].0)
                .sum();
            upto > i64::from(c / case.tc.0) * case.tc.1
        })
}

/// The control the library found `side` over at, among its `moves`.
fn control_over(g: &GameReport, side: Side, moves: u32) -> Option<u32> {
    g.findings
        .iter()
        .filter(|f| f.code == Code::Overstep && f.side == Some(side))
        .filter_map(|f| f.move_no)
        .find(|&m| m <= moves)
}

/// A side's move-by and repeat-by dates.
fn deadlines(
    case: &Case,
    side: Side,
    (owing, from, free): (Side, NaiveDate, i64),
    used_nc: i64,
    allowance: i64,
    left: i64,
) -> (Option<NaiveDate>, Option<NaiveDate>) {
    let in_play = case.in_play();
    // Move-by: the last day D with used + thinking(from, D) <= allowance (+3 for a request).
    let move_by = (in_play && side == owing && left >= 0).then(|| {
        let mut d = from.max(case.start);
        while used_nc + thinking(from, d + Duration::days(1), case.start, case.breaks_of(side)) <= allowance + free {
            d += Duration::days(1);
        }
        d
    });
    // The day before the 15th day without a reply, the partner's break
    // days (and the interruption) left out: the day before repeat-due.
    let repeat_by = (in_play && side != owing)
        .then(|| {
            case.rows
                .iter()
                .rev()
                .filter(|x| x.side == side && !matches!(x.flag, "record" | "adjudication"))
                .find_map(|x| x.sent)
                .map(|s| nth(s, 15, case.breaks_of(side.other())) - Duration::days(1))
        })
        .flatten();
    (move_by, repeat_by)
}

/// 51.5.1, 51.5.3: repeat due and silence; who moves and who owes.
fn check_waits(case: &Case, g: &GameReport, to_move: Side, owing: Side) -> Result<(), TestCaseError> {
    let in_play = case.in_play();
    let last_message = case
        .rows
        .iter()
        .rev()
        .filter(|x| !matches!(x.flag, "record" | "adjudication"))
        .find_map(|x| x.sent.map(|s| (s, x.side)));
    let repeat_due = g.findings.iter().any(|f| f.code == Code::RepeatDue);
    let waiting = last_message.is_some_and(|(s, side)| waited(s, case.as_of, case.breaks_of(side.other())) > 14);
    prop_assert_eq!(
        repeat_due,
        in_play && waiting,
        "repeat due in\n{}as of {}",
        case.log,
        case.as_of
    );
    // 51.5.3: 40 days without a move, the side to move's breaks left out.
    let last_move = case
        .rows
        .iter()
        .rev()
        .filter(|x| !x.pending && matches!(x.flag, "" | "accepted" | "variant"))
        .find_map(|x| x.sent)
        .unwrap_or(case.start);
    let silence = g.findings.iter().any(|f| f.code == Code::Silence);
    prop_assert_eq!(
        silence,
        in_play && waited(last_move, case.as_of, case.breaks_of(to_move)) > 40,
        "silence in\n{}as of {}",
        case.log,
        case.as_of
    );
    prop_assert_eq!(g.to_move, Some(to_move));
    prop_assert_eq!((g.owing, g.in_play), (Some(owing), in_play));
    Ok(())
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
        tc in prop_oneof![Just((10u32, 60i64)), Just((10, 50)), Just((5, 20)), Just((1, 6)), Just((2, 9))],
        faulty_tail in prop::option::weighted(0.15, prop_oneof![Just("impossible"), Just("no-move")]),
        claim in prop::option::weighted(0.3, (0i64..3, 0i64..400, prop::option::of(0i64..60))),
        claim_anchor in prop::option::weighted(0.5, (any::<prop::sample::Index>(), 0i64..40)),
        claim_again in prop::option::weighted(0.6, 0i64..60),
        end in prop::option::weighted(0.2, 0i64..400),
        lost_tail in prop::option::weighted(0.15, 0i64..30),
        extra_break in prop::option::weighted(0.2, (any::<bool>(), 0i64..300, 0i64..40)),
        withdraw in prop::option::weighted(0.15, (any::<bool>(), 0i64..400, any::<bool>())),
        withdraw_kind in prop_oneof![Just(Withdrawal::Forfeit), Just(Withdrawal::Adjudicate), Just(Withdrawal::Annul)],
        adjudication in prop::collection::vec((any::<bool>(), 0i64..30), 0..3),
        stated in prop::collection::vec(prop_oneof![3 => Just(None), 2 => Just(Some(0i64)), 1 => Just(Some(1i64)), 1 => Just(Some(3i64))], 0..60),
    ) {
        let start = d("2026-01-15");
        let mut t = tournament("2026-01-15", &format!("{}/{}", tc.0, tc.1));
        let [mut bw, mut bb] = add_breaks(&mut t, start, &breaks_w, &breaks_b, extra_break);
        let declared: Vec<(Side, NaiveDate, NaiveDate, bool)> = t.breaks.iter().map(|b| (if b.player == WHITE { Side::White } else { Side::Black }, b.from, b.to, b.extra)).collect();
        let (mut rows, ply, clock) = log_rows(&msgs, start);
        let to_move = if ply.is_multiple_of(2) { Side::White } else { Side::Black };
        let clock = add_tails(&mut rows, ply, clock, lost_tail, faulty_tail, pending);
        let as_of = rows.iter().filter_map(|r| r.sent.or(r.received)).max().unwrap_or(start) + Duration::days(extra);
        t.settings.end = end.map(|n| start + Duration::days(n));
        add_records(&mut rows, t.settings.end, ply, clock, &adjudication, withdraw);
        let (claim_open, interruptions, claims_made) = add_claims(&mut t, &rows, start, as_of, claim, claim_anchor, claim_again);
        let (withdrawn, out_of_play) = add_withdrawal(&mut t, start, as_of, withdraw, withdraw_kind);
        for &span in &interruptions {
            bw.push(span);
            bb.push(span);
        }
        let mut case = Case { start, tc, end: t.settings.end, as_of, rows, breaks: [bw, bb], charges: Vec::new(), log: String::new(), withdrawn, out_of_play, claim_open };
        case.charges = (0..case.rows.len()).map(|i| case.charge(&case.rows, i)).collect();
        let (log, misstated) = written_log(&case.rows, &case.charges, &stated);
        case.log = log;
        let g = game_with_header(&t, &case.log, &as_of.to_string());
        let owing = case.owing_of(&case.rows);
        check_state(&case, &g, withdraw_kind)?;
        // 51.2.1, 51.9.7, 51.7.1 and 51.7.7: whatever the game's state.
        prop_assert_eq!(g.findings.iter().filter(|f| f.code == Code::StatedTime).count(), misstated, "stated totals in\n{}", case.log);
        check_claims(&case, &g, &claims_made)?;
        check_records_and_breaks(&case, &g, &t, &declared)?;
        if let Some(side) = withdrawn {
            check_forfeit(&case, &g, side)?;
            return Ok(());
        }
        // docs/arbiter.md: a log with a row that cannot be read (a
        // "thinking" row that is not the last) charges nobody.
        if case.rows.iter().enumerate().any(|(i, x)| x.pending && i + 1 != case.rows.len()) {
            let charged: Vec<Code> = g.findings.iter().map(|f| f.code).filter(|c| c.charges_from_clock()).collect();
            prop_assert!(charged.is_empty(), "{:?} from an unread log\n{}", charged, case.log);
            return Ok(());
        }
        for side in [Side::White, Side::Black] {
            check_clock(&case, &g, side, owing)?;
        }
        check_waits(&case, &g, to_move, owing.0)?;
    }
}
