//! Clocks (SPEC 7, Article 51.4 and 51.7): thinking days per row, the days
//! charged per flag, and each side's used, running, allowance and left.

use chrono::NaiveDate;
use serde::Serialize;
use std::cmp::max;

use crate::dates::{add_days, days_between};
use crate::model::{Break, Flag, Row, Side, TimeControl};

/// One player's breaks, merged into disjoint, sorted day ranges (both ends
/// included), so that overlapping rows of breaks.csv never count a day twice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Breaks(Vec<(NaiveDate, NaiveDate)>);

impl Breaks {
    pub fn new<'a>(breaks: impl IntoIterator<Item = &'a Break>) -> Breaks {
        let mut spans: Vec<(NaiveDate, NaiveDate)> = breaks
            .into_iter()
            .filter(|b| b.from <= b.to)
            .map(|b| (b.from, b.to))
            .collect();
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
/// (SPEC 7.1): the days d with `max(received, start) < d <= sent` that are
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
    let mut d = lo;
    let mut count = 0;
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

/// What one row costs its sender, and why (SPEC 7.2, 7.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Charge {
    /// Thinking days by the formula of 7.1.
    pub thinking: i64,
    /// Days inside the sender's breaks, left out of `thinking`.
    pub break_days: i64,
    /// Thinking days not charged: the first 3 of a request (51.4.8), or all
    /// of an accepted, variant, repeat… row (51.4.6).
    pub exempt: i64,
    /// Penalty days: 2 for a faulty message (51.4.7), the repeat's delay for
    /// a lost letter (51.4.9).
    pub penalty: i64,
    /// Days charged: thinking − exempt + penalty.
    pub days: i64,
}

/// The days each row of a game costs its sender. `rows` have had their
/// missing dates filled in (see the game stage); `breaks` is per side.
pub fn charges(rows: &[Row], start: NaiveDate, breaks: &[Breaks; 2]) -> Vec<Charge> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
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
                f if f.is_faulty() => (0, 2),
                Flag::Request => (thinking.min(3), 0),
                Flag::Lost => (thinking, lost_penalty(rows, i)),
                _ => (thinking, 0),
            };
            Charge {
                thinking,
                break_days,
                exempt,
                penalty,
                days: thinking - exempt + penalty,
            }
        })
        .collect()
}

/// 51.4.9 (SPEC 7.3): delay = sent(lost row) − sent(the first message of
/// that move) − 14; when the delay is over 3 days, it is the penalty.
pub fn lost_penalty(rows: &[Row], i: usize) -> i64 {
    let row = &rows[i];
    let first = rows[..i]
        .iter()
        .find(|r| r.side == row.side && r.no == row.no && r.sent.is_some())
        .and_then(|r| r.sent);
    match (first, row.sent) {
        (Some(first), Some(sent)) => {
            let delay = days_between(first, sent) - 14;
            if delay > 3 { delay } else { 0 }
        }
        _ => 0,
    }
}

/// One side's clock (SPEC 7.4), as report.json names its fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SideClock {
    /// Everything charged to the side: thinking plus penalty (51.4.1).
    pub used: i64,
    /// Of `used`, the penalty days.
    pub penalty: i64,
    /// Days the side to move has been thinking since it received the
    /// partner's move, up to the as-of date.
    pub running: i64,
    /// The control move the side plays towards (10, 20, …).
    pub next_control: u32,
    /// The days allowed up to that control.
    pub allowance: i64,
    /// allowance − used(moves 1..next control) − running.
    pub left: i64,
    /// Moves the side has made (its rows that entered the game).
    pub moves: u32,
    /// The owing side's last day to send its next message without
    /// overstepping at its next control (51.4.3).
    pub move_by: Option<NaiveDate>,
    /// The waiting side's last day before it must repeat its move (51.5.1).
    pub repeat_by: Option<NaiveDate>,
}

/// The next control for a side that has made `moves` moves: the first
/// multiple of M at or after the move it makes next, and its allowance.
pub fn next_control(tc: TimeControl, moves: u32) -> (u32, i64) {
    let next = moves + 1;
    let control = next.div_ceil(tc.moves) * tc.moves;
    (control, i64::from(control / tc.moves) * i64::from(tc.days))
}

/// Days charged to `side` on its moves 1..=`upto`.
pub fn used_upto(rows: &[Row], charges: &[Charge], side: Side, upto: u32) -> i64 {
    rows.iter()
        .zip(charges)
        .filter(|(r, _)| r.side == side && r.no <= upto)
        .map(|(_, c)| c.days)
        .sum()
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

pub fn control_overstep(rows: &[Row], charges: &[Charge], side: Side, tc: TimeControl) -> Option<ControlOverstep> {
    let moves: Vec<&Row> = rows.iter().filter(|r| r.side == side && r.enters_game()).collect();
    (1..)
        .map(|k| k * tc.moves)
        .take_while(|&c| c as usize <= moves.len())
        .find_map(|control| {
            let used = used_upto(rows, charges, side, control);
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
