//! Filling in the dates a move log leaves out (51.2.3).
//!
//! Article 51 dates every message twice: the day it was received and the
//! day the answer was sent (51.2.3). A log often leaves one of them blank.
//! The game stage cannot run a clock on a blank, so this module assumes the
//! date the records make likely and says so: a missing received date is the
//! day after the partner's message was sent; a missing sent date is the day
//! before the partner received it, or else the day the move was received.
//! Each assumption is a `missing-date` finding and is marked on the row, so
//! the bulletin can show which dates are the tool's (docs/rules.md, "Dates:
//! 51.2.3, 51.2.5").
//!
//! Only ordinary rows are filled: a row that only says "received,
//! thinking" or a claim carries no move to date.

use chrono::NaiveDate;

use crate::dates::add_days;
use crate::finding::{Finding, ReadFacts, SentAssumed};
use crate::model::{Flag, Row, Side};

/// The fields of a row that filling in dates needs (so the row is not cloned).
struct RowKey {
    side: Side,
    no: u32,
    line: usize,
    received: Option<NaiveDate>,
    sent: Option<NaiveDate>,
    pending: bool,
}

impl RowKey {
    fn of(r: &Row) -> RowKey {
        RowKey {
            side: r.side,
            no: r.no,
            line: r.line,
            received: r.received,
            sent: r.sent,
            pending: r.pending,
        }
    }
}

/// Fills in missing dates as docs/rules.md reads 51.2.3, with a
/// `missing-date` finding for each; returns which dates were assumed, per
/// row, as (received, sent).
pub fn fill_dates(rows: &mut [Row], findings: &mut Vec<Finding>, file: &str) -> Vec<(bool, bool)> {
    let mut assumed = vec![(false, false); rows.len()];
    let needs_dates = |r: &Row| r.flag == Flag::Ordinary;
    let side_ix = |s: Side| usize::from(s == Side::Black);
    // For each row, the received date of the first later row of each side
    // that has one, as the log gives it (rows after the one being filled
    // are not filled yet); and, as the rows are filled, the sent date of
    // the last row of each side so far. One pass each way, whatever the
    // log's length.
    let mut next_received = vec![[None, None]; rows.len()];
    let mut ahead: [Option<NaiveDate>; 2] = [None, None];
    for (i, r) in rows.iter().enumerate().rev() {
        next_received[i] = ahead;
        if r.received.is_some() {
            ahead[side_ix(r.side)] = r.received;
        }
    }
    let mut last_sent: [Option<NaiveDate>; 2] = [None, None];
    let mut first_white = true;
    for i in 0..rows.len() {
        let row = RowKey::of(&rows[i]);
        let other = side_ix(row.side.other());
        let is_first_white = row.side == Side::White && first_white;
        if row.side == Side::White {
            first_white = false;
        }
        if needs_dates(&rows[i]) {
            fill_row(
                &mut rows[i],
                &row,
                is_first_white,
                last_sent[other],
                next_received[i][other],
                &mut assumed[i],
                findings,
                file,
            );
        }
        if let Some(sent) = rows[i].sent {
            last_sent[side_ix(row.side)] = Some(sent);
        }
    }
    assumed
}

/// Fills one row's missing dates from the partner's last sent date before
/// it (`prev`) and first received date after it (`next`).
#[allow(clippy::too_many_arguments)]
fn fill_row(
    target: &mut Row,
    row: &RowKey,
    is_first_white: bool,
    prev: Option<NaiveDate>,
    next: Option<NaiveDate>,
    assumed: &mut (bool, bool),
    findings: &mut Vec<Finding>,
    file: &str,
) {
    if row.received.is_none()
        && !is_first_white
        && let Some(prev) = prev
    {
        let d = add_days(prev, 1);
        target.received = Some(d);
        assumed.0 = true;
        findings.push(
            Finding::new(ReadFacts::ReceivedDateAssumed {
                date: d,
                partner_sent: prev,
            })
            .side(row.side)
            .move_no(row.no)
            .date(Some(d))
            .at(file, Some(row.line)),
        );
    }
    if row.sent.is_none() && !row.pending {
        let d = match next {
            Some(n) => Some(add_days(n, -1)),
            None => target.received,
        };
        if let Some(d) = d {
            target.sent = Some(d);
            assumed.1 = true;
            let why = if next.is_some() {
                SentAssumed::DayBeforePartnerReceived
            } else {
                SentAssumed::OnDayReceived
            };
            findings.push(
                Finding::new(ReadFacts::SentDateAssumed { date: d, why })
                    .side(row.side)
                    .move_no(row.no)
                    .date(Some(d))
                    .at(file, Some(row.line)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The same dates and findings as a search back and forth from each
    // row, the way they were first filled, on random logs with gaps.
    #[test]
    fn filled_in_one_pass_as_by_searching_each_row() {
        let mut rng = crate::load::testing::Lcg::new(5123);
        let day = |n: u64| NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(n);
        for _ in 0..500 {
            let len = rng.below(30) as usize;
            let mut rows: Vec<Row> = (0..len)
                .map(|i| {
                    let date = |rng: &mut crate::load::testing::Lcg| (rng.below(3) > 0).then(|| day(rng.below(60)));
                    Row {
                        line: i + 2,
                        no: i as u32 / 2 + 1,
                        side: if rng.below(5) == 0 || i % 2 == 1 {
                            Side::Black
                        } else {
                            Side::White
                        },
                        mv: "e4".into(),
                        received: date(&mut rng),
                        sent: date(&mut rng),
                        flag: if rng.below(6) == 0 {
                            Flag::Repeat
                        } else {
                            Flag::Ordinary
                        },
                        note: String::new(),
                        pending: false,
                        stated: [None, None],
                    }
                })
                .collect();
            if let Some(last) = rows.last_mut() {
                last.pending = rng.below(4) == 0;
            }
            let mut searched = rows.clone();
            let (mut f1, mut f2) = (Vec::new(), Vec::new());
            let a = fill_dates(&mut rows, &mut f1, "g.csv");
            let b = fill_dates_by_search(&mut searched, &mut f2, "g.csv");
            assert_eq!(a, b);
            assert_eq!(f1, f2);
            assert_eq!(
                rows.iter().map(|r| (r.received, r.sent)).collect::<Vec<_>>(),
                searched.iter().map(|r| (r.received, r.sent)).collect::<Vec<_>>()
            );
        }
    }

    fn fill_dates_by_search(rows: &mut [Row], findings: &mut Vec<Finding>, file: &str) -> Vec<(bool, bool)> {
        let mut assumed = vec![(false, false); rows.len()];
        let needs_dates = |r: &Row| r.flag == Flag::Ordinary;
        let mut first_white = true;
        for i in 0..rows.len() {
            let row = RowKey::of(&rows[i]);
            let is_first_white = row.side == Side::White && first_white;
            if row.side == Side::White {
                first_white = false;
            }
            if !needs_dates(&rows[i]) {
                continue;
            }
            if row.received.is_none() && !is_first_white {
                let prev = rows[..i]
                    .iter()
                    .rev()
                    .find(|r| r.side != row.side && r.sent.is_some())
                    .and_then(|r| r.sent);
                if let Some(prev) = prev {
                    let d = add_days(prev, 1);
                    rows[i].received = Some(d);
                    assumed[i].0 = true;
                    findings.push(
                        Finding::new(ReadFacts::ReceivedDateAssumed {
                            date: d,
                            partner_sent: prev,
                        })
                        .side(row.side)
                        .move_no(row.no)
                        .date(Some(d))
                        .at(file, Some(row.line)),
                    );
                }
            }
            if row.sent.is_none() && !row.pending {
                let next = rows[i + 1..]
                    .iter()
                    .find(|r| r.side != row.side && r.received.is_some())
                    .and_then(|r| r.received);
                let d = match next {
                    Some(n) => Some(add_days(n, -1)),
                    None => rows[i].received,
                };
                if let Some(d) = d {
                    rows[i].sent = Some(d);
                    assumed[i].1 = true;
                    let why = if next.is_some() {
                        SentAssumed::DayBeforePartnerReceived
                    } else {
                        SentAssumed::OnDayReceived
                    };
                    findings.push(
                        Finding::new(ReadFacts::SentDateAssumed { date: d, why })
                            .side(row.side)
                            .move_no(row.no)
                            .date(Some(d))
                            .at(file, Some(row.line)),
                    );
                }
            }
        }
        assumed
    }
}
