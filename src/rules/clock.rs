//! Clocks (Article 51.4 and 51.7): thinking days per row, the days charged
//! per flag, the side that owes the next message and its running days, and
//! each side's used, running, allowance, left, move-by and repeat-by dates.

use chrono::NaiveDate;
use serde::Serialize;
use std::cmp::max;

use crate::dates::{add_days, days_between};
use crate::model::{Break, Flag, Row, Side, TimeControl};
use crate::rules::{LOST_GRACE_DAYS, PENALTY_DAYS, REPEAT_DAYS, REQUEST_FREE_DAYS, TRANSIT_DAYS};

/// One player's breaks, merged into disjoint, sorted day ranges (both ends
/// included), so that overlapping rows of breaks.csv never count a day twice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Breaks(Vec<(NaiveDate, NaiveDate)>);

impl Breaks {
    pub fn new<'a>(breaks: impl IntoIterator<Item = &'a Break>) -> Breaks {
        Breaks::from_spans(breaks.into_iter().map(|b| (b.from, b.to)).collect())
    }

    /// These days and `spans` (an interruption of the game, which counts
    /// for neither side: 51.6.3), merged.
    pub fn with(&self, spans: &[(NaiveDate, NaiveDate)]) -> Breaks {
        if spans.is_empty() {
            return self.clone();
        }
        Breaks::from_spans(self.0.iter().chain(spans).copied().collect())
    }

    fn from_spans(mut spans: Vec<(NaiveDate, NaiveDate)>) -> Breaks {
        spans.retain(|(from, to)| from <= to);
        spans.sort();
        let mut merged: Vec<(NaiveDate, NaiveDate)> = Vec::new();
        for (from, to) in spans {
            match merged.last_mut() {
                Some(last) if from <= add_days(last.1, 1) => last.1 = max(last.1, to),
                _ => merged.push((from, to)),
            }
        }
        Breaks(merged)
    }

    /// Break days d with `after < d <= until`.
    pub fn days_in(&self, after: NaiveDate, until: NaiveDate) -> i64 {
        self.0
            .iter()
            .map(|&(from, to)| {
                let lo = max(from, add_days(after, 1));
                let hi = to.min(until);
                max(0, days_between(lo, hi) + 1)
            })
            .sum()
    }

    pub fn contains(&self, d: NaiveDate) -> bool {
        self.0.iter().any(|&(from, to)| from <= d && d <= to)
    }

    pub fn spans(&self) -> &[(NaiveDate, NaiveDate)] {
        &self.0
    }
}

/// Thinking days for a message received on `received` and sent on `sent`
/// (51.4.4): the days d with `max(received, start) < d <= sent` that are
/// not break days of the sender. This one formula is 51.4.4 (sent minus
/// received), 51.4.5 (nothing before the start), 51.7.4–51.7.6 (break days
/// do not count). Returns the days counted and the break days left out.
pub fn thinking_days(received: NaiveDate, sent: NaiveDate, start: NaiveDate, breaks: &Breaks) -> (i64, i64) {
    let lo = max(received, start);
    if sent <= lo {
        return (0, 0);
    }
    let off = breaks.days_in(lo, sent);
    (days_between(lo, sent) - off, off)
}

/// The first day d after `after` (up to `until`) on which the thinking days
/// counted from `after` exceed `limit`; `None` if they never do by `until`.
pub fn first_day_over(
    after: NaiveDate,
    limit: i64,
    start: NaiveDate,
    breaks: &Breaks,
    until: NaiveDate,
) -> Option<NaiveDate> {
    let lo = max(after, start);
    if limit < 0 {
        return Some(lo);
    }
    // Counted a stretch between breaks at a time: a control of 1000 days
    // a move allows millions of days.
    let mut need = limit + 1;
    let mut counted_to = lo;
    for &(from, to) in breaks.spans() {
        if to <= counted_to {
            continue;
        }
        let free = days_between(counted_to, max(from, add_days(counted_to, 1))) - 1;
        if free >= need {
            break;
        }
        need -= free;
        counted_to = to;
    }
    Some(add_days(counted_to, need)).filter(|&d| d <= until)
}

/// The `n`-th day after `from` that is not in `breaks` (n >= 1): the end of
/// a wait of `n` days that leaves the breaks out (51.5.1, 51.5.3).
pub fn nth_day_after(from: NaiveDate, n: i64, breaks: &Breaks) -> NaiveDate {
    let break_days = breaks.days_in(from, NaiveDate::MAX);
    let far = add_days(from, n + break_days + 1);
    first_day_over(from, n - 1, from, breaks, far).unwrap_or(far)
}

/// Days after `from` up to `until` that are not in `breaks`.
pub fn days_waited(from: NaiveDate, until: NaiveDate, breaks: &Breaks) -> i64 {
    if until <= from {
        return 0;
    }
    days_between(from, until) - breaks.days_in(from, until)
}

/// What one row costs its sender, and why (51.4.1, 51.4.6–51.4.9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Charge {
    /// Thinking days by the formula of 51.4.4 (`thinking_days`).
    pub thinking: i64,
    /// Days inside the sender's breaks, left out of `thinking`.
    #[serde(skip_serializing_if = "is_zero")]
    pub break_days: i64,
    /// Thinking days not charged: the first 3 of a request (51.4.8), or all
    /// of an accepted, variant, repeat… row (51.4.6).
    #[serde(skip_serializing_if = "is_zero")]
    pub exempt: i64,
    /// Penalty days: 2 for a faulty message (51.4.7), the repeat's delay for
    /// a lost letter (51.4.9).
    #[serde(skip_serializing_if = "is_zero")]
    pub penalty: i64,
    /// Days charged: thinking − exempt + penalty.
    pub days: i64,
    /// The move the days are charged on: the row's `no`, except for a
    /// request and a lost letter's repeat, which arise after the side's
    /// move `no` was sent and go on the move it makes next (51.4.3, 51.4.8,
    /// 51.4.9). Not in report.json.
    #[serde(skip)]
    pub on: u32,
}

/// report.json leaves a charge's zero parts out (most rows have none).
fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The days each row of a game costs its sender. `rows` have had their
/// missing dates filled in (see the game stage); `breaks` is per side.
pub fn charges(rows: &[Row], start: NaiveDate, breaks: &[Breaks; 2]) -> Vec<Charge> {
    // Each side's moves that entered the game before the row.
    let mut completed = [0u32; 2];
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let done = completed[row.side.index()];
            completed[row.side.index()] += u32::from(row.enters_game());
            let (thinking, break_days) = match (
                row.received.or(if row.side == Side::White && row.no == 1 {
                    Some(start)
                } else {
                    None
                }),
                row.sent,
            ) {
                (Some(r), Some(s)) if !row.pending => thinking_days(r, s, start, &breaks[row.side.index()]),
                _ => (0, 0),
            };
            let (exempt, penalty) = match row.flag {
                Flag::Ordinary => (0, 0),
                f if f.is_faulty() => (0, PENALTY_DAYS),
                Flag::Request => (thinking.min(REQUEST_FREE_DAYS), 0),
                Flag::Lost => (thinking, lost_penalty(rows, i)),
                _ => (thinking, 0),
            };
            Charge {
                thinking,
                break_days,
                exempt,
                penalty,
                days: thinking - exempt + penalty,
                on: match row.flag {
                    Flag::Request | Flag::Lost => done.saturating_add(1),
                    _ => row.no,
                },
            }
        })
        .collect()
}

/// 51.4.9: delay = sent(lost row) − sent(the message it repeats) − 14; when
/// the delay is over 3 days, it is the penalty. The message it repeats is
/// the same side's previous row with a sent date (after a first repeat, that
/// repeat); a `request` is never it, since it carries the partner's move
/// number, not a move of its own side.
pub fn lost_penalty(rows: &[Row], i: usize) -> i64 {
    let row = &rows[i];
    let repeated = rows[..i]
        .iter()
        .rev()
        .find(|r| r.side == row.side && r.sent.is_some() && r.flag != Flag::Request)
        .and_then(|r| r.sent);
    match (repeated, row.sent) {
        (Some(first), Some(sent)) => {
            let delay = days_between(first, sent) - REPEAT_DAYS;
            if delay > LOST_GRACE_DAYS { delay } else { 0 }
        }
        _ => 0,
    }
}

/// The side that must send a game's next message, and from when it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owing {
    pub side: Side,
    /// The day its thinking is counted from (the received date of 51.4.4).
    pub from: NaiveDate,
    /// It owes a request for a faulty message: its first 3 days are free
    /// (51.4.8).
    pub request: bool,
}

/// The owing side of an unfinished game (51.2.1, 51.3.4, 51.5.1): the side
/// of a pending row; else the partner of the last row with a sent date,
/// repeats, lost letters, records and adjudication materials aside (a repeat
/// repeats a message still owed an answer); White when there is none. After
/// a faulty message the partner owes the request (51.3.4).
///
/// It runs from the pending row's received date, else from the day after
/// that last message (the standard transit, 51.2.5), else from the start.
pub fn owing(rows: &[Row], start: NaiveDate) -> Owing {
    let last_at = rows.iter().rposition(|r| {
        r.sent.is_some() && !matches!(r.flag, Flag::Repeat | Flag::Lost | Flag::Record | Flag::Adjudication)
    });
    let last = last_at.map(|i| &rows[i]);
    let pending = rows.last().filter(|r| r.pending);
    let side = match (pending, last) {
        (Some(p), _) => p.side,
        (None, Some(l)) => l.side.other(),
        (None, None) => Side::White,
    };
    let from = match (pending, last.and_then(|l| l.sent)) {
        (Some(p), _) => p.received.unwrap_or(start),
        (None, Some(sent)) => {
            // 51.4.4, 51.4.9: a message followed by its sender's lost
            // letters never arrived before the last of them; the sender
            // pays for the delay, the receiver never does.
            let sender = last.map(|l| l.side);
            let lost = last_at.map_or(&rows[..0], |i| &rows[i + 1..]).iter();
            let lost = lost
                .filter(|r| Some(r.side) == sender && r.flag == Flag::Lost)
                .filter_map(|r| r.sent)
                .max();
            add_days(lost.map_or(sent, |l| l.max(sent)), TRANSIT_DAYS)
        }
        (None, None) => start,
    };
    let request = last.is_some_and(|l| l.flag.is_faulty() && l.side != side);
    Owing { side, from, request }
}

/// Running days of the owing side (51.4.4, 51.4.8): its thinking days from
/// `owing.from` up to `stop`, less the 3 free days of a request.
pub fn running(owing: &Owing, stop: NaiveDate, start: NaiveDate, breaks: &Breaks) -> i64 {
    let days = thinking_days(owing.from, stop, start, breaks).0;
    if owing.request {
        (days - REQUEST_FREE_DAYS).max(0)
    } else {
        days
    }
}

/// The move-by date (51.4.3): the last day on which a side running since
/// `from` can send its next message without overstepping at its next
/// control, where `room` = allowance − used(moves 1..next control). Its
/// declared breaks are not counted (51.7.4), and a request has 3 days more
/// (51.4.8). `None` when no such day is left.
pub fn move_by(from: NaiveDate, room: i64, request: bool, start: NaiveDate, breaks: &Breaks) -> Option<NaiveDate> {
    let room = room + if request { REQUEST_FREE_DAYS } else { 0 };
    if room < 0 {
        return None;
    }
    let lo = max(from, start);
    let break_days: i64 = breaks.spans().iter().map(|&(a, b)| days_between(a, b) + 1).sum();
    let far = add_days(lo, room + break_days + 1);
    first_day_over(from, room, start, breaks, far)
        .map(|d| add_days(d, -1))
        .filter(|&d| writable(d))
}

/// Whether a deadline can be written: a day past 9999-12-31 has no
/// four-digit year (ISO 8601, RFC 5545), and no game will meet or miss it,
/// so no page, calendar or report.json shows it.
fn writable(d: NaiveDate) -> bool {
    d <= crate::dates::LAST
}

/// The repeat-by date of a side waiting for a reply (51.5.1): the sent date
/// of its last message (records and adjudication materials aside; after a
/// repeat, the repeat) + 14 days, the days of `partner`'s breaks (its
/// declared breaks and any interruption of the game) not counted: the last
/// day before `repeat-due` would be made, by the same count.
pub fn repeat_by(rows: &[Row], side: Side, partner: &Breaks) -> Option<NaiveDate> {
    rows.iter()
        .rev()
        .filter(|r| r.side == side && !matches!(r.flag, Flag::Record | Flag::Adjudication))
        .find_map(|r| r.sent)
        // The day before the 15th counted day, when `repeat-due` is made:
        // break days right after the 14th counted day push both alike.
        .map(|sent| add_days(nth_day_after(sent, REPEAT_DAYS + 1, partner), -1))
        .filter(|&d| writable(d))
}

/// One side's clock (51.4.3), as report.json names its fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SideClock {
    /// Everything charged to the side: thinking plus penalty (51.4.1).
    pub used: i64,
    /// Of `used`, the penalty days.
    pub penalty: i64,
    /// Days the owing side has been thinking since it received the
    /// partner's message, up to the as-of date, the end or an open claim;
    /// 0 for the other side.
    pub running: i64,
    /// The control move the side plays towards (10, 20, …).
    pub next_control: u32,
    /// The days allowed up to that control.
    pub allowance: i64,
    /// allowance − used(moves 1..next control) − running.
    pub left: i64,
    /// Moves the side has made (its rows that entered the game).
    pub moves: u32,
    /// For the owing side of a game in play: the last day it can send its
    /// next message without overstepping (51.4.3).
    pub move_by: Option<NaiveDate>,
    /// For the other side of a game in play: the day after which its
    /// unanswered message must be repeated (51.5.1).
    pub repeat_by: Option<NaiveDate>,
}

/// The next control for a side that has made `moves` moves: the first
/// multiple of M at or after the move it makes next, and its allowance.
pub fn next_control(tc: TimeControl, moves: u32) -> (u32, i64) {
    let next = moves + 1;
    let control = next.div_ceil(tc.moves) * tc.moves;
    (control, i64::from(control / tc.moves) * i64::from(tc.days))
}

/// Days charged to `side` on its moves 1..=`upto` (each row's days on the
/// move of [`Charge::on`]).
pub fn used_upto(rows: &[Row], charges: &[Charge], side: Side, upto: u32) -> i64 {
    rows.iter()
        .zip(charges)
        .filter(|(r, c)| r.side == side && c.on <= upto)
        .map(|(_, c)| c.days)
        .sum()
}

/// A control completed by a row (51.4.3): its move number k·M, the days
/// charged to the row's side on its moves up to it, in the rows up to this
/// one, and the allowance k·D of that control. Shown beside the move on the
/// game's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ControlTotal {
    pub control: u32,
    pub used: i64,
    pub allowed: i64,
}

/// Each row's [`ControlTotal`]: `Some` for a row whose move enters the game
/// with the number of a control (a multiple of M), `None` for the others.
/// One pass, each side's charges summed as it goes: a control's days are
/// the sum of the side's rows so far when no row so far had a later control
/// (rows come in order: nearly always); otherwise they are the side's days on
/// its moves up to the control in the rows so far ([`used_upto`]).
pub fn control_totals(rows: &[Row], charges: &[Charge], tc: TimeControl) -> Vec<Option<ControlTotal>> {
    // Each side's days so far, and its latest control so far.
    let mut total = [0i64; 2];
    let mut latest = [0u32; 2];
    rows.iter()
        .zip(charges)
        .enumerate()
        .map(|(i, (row, c))| {
            let side = row.side.index();
            // Saturating: a move number near u32::MAX has no control after it.
            let control = row.no.div_ceil(tc.moves).saturating_mul(tc.moves);
            total[side] += c.days;
            latest[side] = latest[side].max(c.on.div_ceil(tc.moves).saturating_mul(tc.moves));
            (row.no == control && row.flag.enters_game()).then(|| ControlTotal {
                control,
                used: if latest[side] <= control {
                    total[side]
                } else {
                    used_upto(&rows[..=i], charges, row.side, control)
                },
                allowed: i64::from(control / tc.moves) * i64::from(tc.days),
            })
        })
        .collect()
}

/// A side's clock from its rows' charges and its running days.
pub fn side_clock(rows: &[Row], charges: &[Charge], side: Side, tc: TimeControl, running: i64) -> SideClock {
    let moves = rows.iter().filter(|r| r.side == side && r.enters_game()).count() as u32;
    let mine = || rows.iter().zip(charges).filter(|(r, _)| r.side == side);
    let used = mine().map(|(_, c)| c.days).sum();
    let penalty = mine().map(|(_, c)| c.penalty).sum();
    let (next_control, allowance) = next_control(tc, moves);
    let left = allowance - used_upto(rows, charges, side, next_control) - running;
    SideClock {
        used,
        penalty,
        running,
        next_control,
        allowance,
        left,
        moves,
        move_by: None,
        repeat_by: None,
    }
}

/// A completed control that was overstepped (51.4.3): after the side's move
/// k·M the days charged on its moves 1..k·M are over k·D. The first one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ControlOverstep {
    pub control: u32,
    pub used: i64,
    pub allowance: i64,
    /// The date the control move was sent.
    pub date: Option<NaiveDate>,
}

/// The side's first overstepped control (51.4.3), if any.
///
/// The days up to each control are summed in one pass over the rows (each
/// row's days in the bucket of the first control at or after its number,
/// then summed bucket by bucket), not in a pass a control
/// ([`used_upto`]): the findings look at every game's every control.
pub fn control_overstep(rows: &[Row], charges: &[Charge], side: Side, tc: TimeControl) -> Option<ControlOverstep> {
    let moves = rows.iter().filter(|r| r.side == side && r.enters_game()).count();
    // The controls k·M reached by the side's moves, k from 1 to `last`.
    let last = moves / tc.moves as usize;
    let mut days = vec![0i64; last + 1];
    for (_, c) in rows.iter().zip(charges).filter(|(r, _)| r.side == side) {
        // A row charged on move n counts for every control c with n <= c.
        let k = (c.on.div_ceil(tc.moves) as usize).max(1);
        if k <= last {
            days[k] += c.days;
        }
    }
    let mut used = 0;
    (1..=last)
        .map(|k| {
            used += days[k];
            (k as u32 * tc.moves, used)
        })
        .find_map(|(control, used)| {
            let allowance = i64::from(control / tc.moves) * i64::from(tc.days);
            (used > allowance).then(|| {
                // The message that completed the control: the last row of
                // the side with that number that has a sent date.
                let date = rows
                    .iter()
                    .filter(|r| r.side == side && r.no == control && r.sent.is_some())
                    .filter_map(|r| r.sent)
                    .max();
                ControlOverstep {
                    control,
                    used,
                    allowance,
                    date,
                }
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    // 51.4.4, 51.7.4: the first day over a limit, counted a stretch between
    // breaks at a time, is the day counting day by day finds.
    #[test]
    fn first_day_over_by_stretches_is_the_day_by_day_count() {
        fn day_by_day(
            after: NaiveDate,
            limit: i64,
            start: NaiveDate,
            breaks: &Breaks,
            until: NaiveDate,
        ) -> Option<NaiveDate> {
            let lo = max(after, start);
            if limit < 0 {
                return Some(lo);
            }
            let (mut d, mut count) = (lo, 0);
            while d < until {
                d = add_days(d, 1);
                if !breaks.contains(d) {
                    count += 1;
                    if count > limit {
                        return Some(d);
                    }
                }
            }
            None
        }
        let mut rng = crate::load::testing::Lcg::new(5147);
        let at = |n: u64| add_days(day(1), n as i64);
        for _ in 0..5000 {
            let spans: Vec<Break> = (0..rng.below(5))
                .map(|_| {
                    let from = rng.below(80);
                    Break {
                        from: at(from),
                        to: at(from + rng.below(15)),
                        ..brk(1, 1)
                    }
                })
                .collect();
            let breaks = Breaks::new(&spans);
            let (after, start, until) = (at(rng.below(60)), at(rng.below(30)), at(rng.below(120)));
            let limit = rng.below(60) as i64 - 2;
            assert_eq!(
                first_day_over(after, limit, start, &breaks, until),
                day_by_day(after, limit, start, &breaks, until),
                "{after} {limit} {start} {until} {breaks:?}"
            );
        }
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 1, d).unwrap()
    }

    fn brk(from: u32, to: u32) -> Break {
        Break {
            player: "A".into(),
            from: day(from),
            to: day(to),
            declared: None,
            approved: true,
            extra: false,
            line: 2,
        }
    }

    /// A row of `side`'s move `no`, received and sent on those days of
    /// January 2026.
    fn row(side: Side, no: u32, received: Option<u32>, sent: Option<u32>, flag: Flag) -> Row {
        Row {
            line: 0,
            no,
            side,
            mv: Default::default(),
            received: received.map(day),
            sent: sent.map(day),
            flag,
            note: String::new(),
            pending: false,
            stated: [None; 2],
        }
    }

    fn no_breaks() -> [Breaks; 2] {
        [Breaks::default(), Breaks::default()]
    }

    // 51.4.4
    #[test]
    fn thinking_time_is_sent_minus_received() {
        assert_eq!(
            thinking_days(day(10), day(15), day(1), &Breaks::default()),
            (15 - 10, 0)
        );
        assert_eq!(thinking_days(day(10), day(10), day(1), &Breaks::default()), (0, 0));
    }

    // 51.4.5
    #[test]
    fn no_thinking_time_is_counted_before_the_start() {
        assert_eq!(thinking_days(day(2), day(9), day(5), &Breaks::default()), (9 - 5, 0));
    }

    // 51.7.4
    #[test]
    fn break_days_are_not_counted() {
        let breaks = Breaks::new(&[brk(12, 13)]);
        assert_eq!(thinking_days(day(10), day(15), day(1), &breaks), (5 - 2, 2));
    }

    // 51.7.6
    #[test]
    fn break_received_during_break_counts_from_next_day() {
        // Received on the 12th, inside a break of the 11th to the 14th: only
        // the 15th and 16th count.
        let breaks = Breaks::new(&[brk(11, 14)]);
        assert_eq!(thinking_days(day(12), day(16), day(1), &breaks), (2, 2));
    }

    // 51.7.4
    #[test]
    fn overlapping_breaks_never_count_a_day_twice() {
        let breaks = Breaks::new(&[brk(12, 14), brk(13, 16), brk(17, 18), brk(25, 20)]);
        assert_eq!(breaks.spans(), &[(day(12), day(18))]);
        assert_eq!(breaks.days_in(day(10), day(31)), 7);
    }

    // 51.4.3
    #[test]
    fn controls_are_cumulative() {
        let tc = TimeControl { moves: 10, days: 60 };
        assert_eq!(next_control(tc, 0), (10, 60));
        assert_eq!(next_control(tc, 9), (10, 60));
        assert_eq!(next_control(tc, 10), (20, 120));
    }

    // 51.4.3
    #[test]
    fn a_control_move_carries_the_days_charged_up_to_it() {
        // Two moves in 10 days: each side's move 2 completes the first
        // control, with the days of its moves 1 and 2 against 10.
        let tc = TimeControl { moves: 2, days: 10 };
        let rows = [
            row(Side::White, 1, None, Some(3), Flag::Ordinary),
            row(Side::Black, 1, Some(4), Some(6), Flag::Ordinary),
            row(Side::White, 2, Some(7), Some(11), Flag::Ordinary),
            row(Side::Black, 2, Some(12), Some(13), Flag::Request),
            row(Side::Black, 2, Some(14), Some(15), Flag::Ordinary),
        ];
        let charges = charges(&rows, day(1), &no_breaks());
        let totals = control_totals(&rows, &charges, tc);
        let total = |control, used| {
            Some(ControlTotal {
                control,
                used,
                allowed: 10,
            })
        };
        assert_eq!(totals[0], None);
        assert_eq!(totals[1], None);
        assert_eq!(totals[2], total(2, (3 - 1) + (11 - 7)));
        // A request does not enter the game: no control note on it.
        assert_eq!(totals[3], None);
        assert_eq!(totals[4], total(2, charges[1].days + charges[3].days + charges[4].days));
    }

    /// `control_overstep` as it was written first: a pass over the rows a
    /// control.
    fn control_overstep_by_passes(
        rows: &[Row],
        charges: &[Charge],
        side: Side,
        tc: TimeControl,
    ) -> Option<ControlOverstep> {
        let moves: Vec<&Row> = rows.iter().filter(|r| r.side == side && r.enters_game()).collect();
        (1..)
            .map(|k| k * tc.moves)
            .take_while(|&c| c as usize <= moves.len())
            .find_map(|control| {
                let used = used_upto(rows, charges, side, control);
                let allowance = i64::from(control / tc.moves) * i64::from(tc.days);
                (used > allowance).then(|| ControlOverstep {
                    control,
                    used,
                    allowance,
                    date: rows
                        .iter()
                        .filter(|r| r.side == side && r.no == control && r.sent.is_some())
                        .filter_map(|r| r.sent)
                        .max(),
                })
            })
    }

    /// A generated log of `n` rows for the tests against the first versions
    /// of the sums: mostly two rows a move number, some moved back (to a
    /// move up to `back`) or numbered near u32::MAX, any side and flag; a
    /// sent day from 1 to 28 on each row when `sent`; -1 to `days` - 2 days
    /// charged.
    fn random_log(
        next: &mut impl FnMut(u32) -> u32,
        n: usize,
        back: u32,
        sent: bool,
        days: u32,
    ) -> (Vec<Row>, Vec<Charge>) {
        let mut rows = Vec::new();
        let mut charges = Vec::new();
        for k in 0..n {
            let no = match next(10) {
                0 => 1 + next(back),
                1 => u32::MAX - next(3),
                _ => 1 + k as u32 / 2,
            };
            let side = if next(2) == 0 { Side::White } else { Side::Black };
            let flag = [Flag::Ordinary, Flag::Request, Flag::Ordinary, Flag::Accepted][next(4) as usize];
            rows.push(row(side, no, None, sent.then(|| 1 + next(28)), flag));
            let days = i64::from(next(days)) - 1;
            charges.push(Charge {
                thinking: days,
                break_days: 0,
                exempt: 0,
                penalty: 0,
                days,
                on: no,
            });
        }
        (rows, charges)
    }

    // 51.4.3: the days summed bucket by bucket give the overstep the passes
    // gave, on logs in order and out of order.
    #[test]
    fn control_overstep_is_the_one_of_the_passes() {
        let mut rng = crate::load::testing::Lcg::new(5143);
        let mut next = |n: u32| rng.below(u64::from(n)) as u32;
        let mut found = 0;
        for _ in 0..3000 {
            let tc = TimeControl {
                moves: 1 + next(12),
                days: 1 + next(30),
            };
            let n = next(80) as usize;
            let (rows, charges) = random_log(&mut next, n, 60, true, 12);
            for side in [Side::White, Side::Black] {
                let expected = control_overstep_by_passes(&rows, &charges, side, tc);
                found += usize::from(expected.is_some());
                assert_eq!(control_overstep(&rows, &charges, side, tc), expected, "{tc:?}");
            }
        }
        assert!(found > 500, "{found}");
    }

    /// `control_totals` as it was written first: a map of each side's
    /// controls to their days, summed up to the control.
    fn control_totals_by_map(rows: &[Row], charges: &[Charge], tc: TimeControl) -> Vec<Option<ControlTotal>> {
        let mut by_control: [std::collections::BTreeMap<u32, i64>; 2] = Default::default();
        rows.iter()
            .zip(charges)
            .map(|(row, c)| {
                let mine = &mut by_control[row.side.index()];
                let control = row.no.div_ceil(tc.moves).saturating_mul(tc.moves);
                *mine.entry(control).or_default() += c.days;
                (row.no == control && row.flag.enters_game()).then(|| ControlTotal {
                    control,
                    used: mine.range(..=control).map(|(_, d)| d).sum(),
                    allowed: i64::from(control / tc.moves) * i64::from(tc.days),
                })
            })
            .collect()
    }

    // 51.4.3: the running sums give what the map gave, on logs in order and
    // out of order (rows repeated, moved back, numbers near u32::MAX).
    #[test]
    fn control_totals_are_the_sums_by_control() {
        let mut rng = crate::load::testing::Lcg::new(514);
        let mut next = |n: u32| rng.below(u64::from(n)) as u32;
        let mut out_of_order = 0;
        for _ in 0..3000 {
            let tc = TimeControl {
                moves: 1 + next(12),
                days: 1 + next(60),
            };
            let n = next(60) as usize;
            let (rows, charges) = random_log(&mut next, n, 40, false, 9);
            out_of_order += usize::from(rows.windows(2).any(|w| w[1].no < w[0].no));
            assert_eq!(
                control_totals(&rows, &charges, tc),
                control_totals_by_map(&rows, &charges, tc),
                "{tc:?} {:?}",
                rows.iter().map(|r| (r.side, r.no)).collect::<Vec<_>>()
            );
        }
        assert!(out_of_order > 1000, "{out_of_order}");
    }

    // 51.4.3: a move number near u32::MAX has no control after it.
    #[test]
    fn a_huge_move_number_does_not_overflow_the_control() {
        let tc = TimeControl { moves: 10, days: 60 };
        let rows = [row(Side::White, u32::MAX - 3, None, Some(3), Flag::Ordinary)];
        let charges = charges(&rows, day(1), &no_breaks());
        assert_eq!(control_totals(&rows, &charges, tc), [None]);
    }

    // 51.4.3
    #[test]
    fn overstep_is_more_days_than_the_control_allows() {
        // One move in 5 days: White's first move, sent 6 days after the
        // start, oversteps; Black's, sent 5 days after receiving, does not.
        let tc = TimeControl { moves: 1, days: 5 };
        let rows = [
            row(Side::White, 1, None, Some(7), Flag::Ordinary),
            row(Side::Black, 1, Some(8), Some(13), Flag::Ordinary),
        ];
        let charges = charges(&rows, day(1), &no_breaks());
        assert_eq!(
            control_overstep(&rows, &charges, Side::White, tc),
            Some(ControlOverstep {
                control: 1,
                used: 7 - 1,
                allowance: 5,
                date: Some(day(7)),
            })
        );
        assert_eq!(control_overstep(&rows, &charges, Side::Black, tc), None);
    }

    // 51.4.7
    #[test]
    fn faulty_message_costs_its_thinking_and_the_penalty() {
        let rows = [row(Side::White, 1, None, Some(4), Flag::Illegible)];
        let c = charges(&rows, day(1), &no_breaks())[0];
        assert_eq!((c.thinking, c.penalty, c.days), (3, PENALTY_DAYS, 3 + PENALTY_DAYS));
    }

    // 51.4.8
    #[test]
    fn request_first_three_days_are_free() {
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Illegible),
            row(Side::Black, 1, Some(3), Some(8), Flag::Request),
        ];
        let c = charges(&rows, day(1), &no_breaks())[1];
        assert_eq!(
            (c.thinking, c.exempt, c.days),
            (5, REQUEST_FREE_DAYS, 5 - REQUEST_FREE_DAYS)
        );
    }

    // 51.4.9
    #[test]
    fn lost_letter_repeat_late_by_more_than_grace_is_penalised_by_its_delay() {
        let late = REPEAT_DAYS + LOST_GRACE_DAYS + 1;
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(Side::White, 1, None, Some(2 + late as u32), Flag::Lost),
        ];
        assert_eq!(lost_penalty(&rows, 1), LOST_GRACE_DAYS + 1);
        let c = charges(&rows, day(1), &no_breaks())[1];
        assert_eq!((c.exempt, c.penalty), (c.thinking, LOST_GRACE_DAYS + 1));
    }

    // 51.4.9
    #[test]
    fn lost_letter_repeat_within_grace_is_free() {
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(
                Side::White,
                1,
                None,
                Some(2 + (REPEAT_DAYS + LOST_GRACE_DAYS) as u32),
                Flag::Lost,
            ),
        ];
        assert_eq!(lost_penalty(&rows, 1), 0);
    }

    // 51.4.9
    #[test]
    fn lost_letter_never_repeats_a_request() {
        // White's request of the 10th carries Black's move number: the lost
        // letter repeats White's move of the 2nd.
        let late = REPEAT_DAYS + LOST_GRACE_DAYS + 2;
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(Side::Black, 1, Some(3), Some(5), Flag::Illegible),
            row(Side::White, 1, Some(6), Some(10), Flag::Request),
            row(Side::White, 1, None, Some(2 + late as u32), Flag::Lost),
        ];
        assert_eq!(lost_penalty(&rows, 3), late - REPEAT_DAYS);
    }

    // 51.5.1, 51.6.3: a wait leaves out the breaks of the side waited for,
    // and an interruption is a break of both sides.
    #[test]
    fn a_wait_leaves_out_break_days() {
        let partner = Breaks::new(&[brk(5, 8)]).with(&[(day(20), day(21))]);
        assert_eq!(partner.spans(), &[(day(5), day(8)), (day(20), day(21))]);
        assert_eq!(days_waited(day(2), day(10), &partner), 8 - 4);
        assert_eq!(days_waited(day(10), day(2), &partner), 0);
        // 14 counted days after the 2nd: the 3rd, 4th, then the 9th onwards.
        assert_eq!(nth_day_after(day(2), REPEAT_DAYS, &partner), day(2 + 14 + 4 + 2));
        assert_eq!(nth_day_after(day(2), 1, &Breaks::default()), day(3));
    }

    // 51.4.8, 51.4.9: a request and a lost letter's repeat go on the move
    // their side makes next; every other row on its own number.
    #[test]
    fn request_and_lost_go_on_the_next_move() {
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(Side::Black, 1, Some(3), Some(4), Flag::Impossible),
            row(Side::White, 1, Some(5), Some(9), Flag::Request),
            row(Side::Black, 1, Some(10), Some(11), Flag::Ordinary),
            row(Side::White, 1, None, Some(30), Flag::Lost),
        ];
        let on: Vec<u32> = charges(&rows, day(1), &no_breaks()).iter().map(|c| c.on).collect();
        assert_eq!(on, [1, 1, 2, 1, 2]);
    }

    // 51.4.4, 51.4.9: after the sender's own lost letters, the receiver runs
    // from the day after the last of them.
    #[test]
    fn a_lost_letter_moves_the_receivers_start() {
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(Side::White, 1, None, Some(20), Flag::Lost),
        ];
        let o = owing(&rows, day(1));
        assert_eq!((o.side, o.from), (Side::Black, day(21)));
    }

    // 51.5.1
    #[test]
    fn repeat_is_due_fourteen_days_after_the_last_message() {
        let rows = [
            row(Side::White, 1, None, Some(2), Flag::Ordinary),
            row(Side::White, 1, None, Some(16), Flag::Repeat),
        ];
        let none = Breaks::default();
        assert_eq!(
            repeat_by(&rows, Side::White, &none),
            Some(add_days(day(16), REPEAT_DAYS))
        );
        assert_eq!(repeat_by(&rows, Side::Black, &none), None);
    }
}
