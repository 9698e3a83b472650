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

use crate::messages::{Msg, msg, text};
use chrono::NaiveDate;

use crate::dates::{add_days, show};
use crate::finding::{Code, Finding};
use crate::model::{Flag, Language, Row, Side};

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
pub fn fill_dates(rows: &mut [Row], findings: &mut Vec<Finding>, file: &str, lang: Language) -> Vec<(bool, bool)> {
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
                    Finding::new(
                        Code::MissingDate,
                        msg(lang, Msg::ReceivedDateAssumed, &[&show(d, lang), &show(prev, lang)]),
                    )
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
                let why = text(
                    lang,
                    if next.is_some() {
                        Msg::SentDayBeforePartnerReceived
                    } else {
                        Msg::SentOnDayReceived
                    },
                );
                findings.push(
                    Finding::new(
                        Code::MissingDate,
                        msg(lang, Msg::SentDateAssumed, &[&show(d, lang), &why]),
                    )
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
