//! The rules' findings worded: a row's penalty and dates, the clock, the
//! records due, the claims and appeals, the breaks (Article 51).

use super::move_label;
use crate::dates::show;
use crate::finding::{AppealFacts, BreakFacts, ClaimFacts, ClockFacts, DateKind, PenaltyWhy, RecordFacts, RowFacts};
use crate::messages::{Msg, msg, text};
use crate::model::{DecisionKind, GameResult, Language};
use chrono::NaiveDate;

/// The sentence of a row's penalty days (51.4.7), its dates (51.2.3) or its
/// days in transit (51.2.5).
pub(super) fn row(lang: Language, facts: &RowFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        RowFacts::Penalty {
            days,
            move_no,
            side,
            why,
        } => {
            let why = match why {
                PenaltyWhy::RepeatLate {
                    repeat_days,
                    grace_days,
                } => msg(lang, Msg::RepeatLate, &[days, repeat_days, grace_days]),
                PenaltyWhy::Faulty { flag } => msg(lang, Msg::FaultyMessage, &[&flag.as_str()]),
            };
            msg(lang, Msg::PenaltyDays, &[days, &move_label(*move_no, *side), &why])
        }
        RowFacts::SentBeforeReceived {
            move_no,
            side,
            sent,
            received,
        } => msg(
            lang,
            Msg::SentBeforeReceived,
            &[&move_label(*move_no, *side), &d(*sent), &d(*received)],
        ),
        RowFacts::DateAfterReportDate {
            move_no,
            side,
            which,
            date,
            as_of,
        } => {
            let what = match which {
                DateKind::Received => Msg::DateKindReceived,
                DateKind::Sent => Msg::DateKindSent,
            };
            msg(
                lang,
                Msg::DateAfterReportDate,
                &[&move_label(*move_no, *side), &text(lang, what), &d(*date), &d(*as_of)],
            )
        }
        RowFacts::SlowTransit { sent, days, received } => {
            msg(lang, Msg::SlowTransit, &[&d(*sent), days, &d(*received)])
        }
        RowFacts::ReceivedBeforePartnerSent {
            move_no,
            side,
            received,
            partner_sent,
        } => msg(
            lang,
            Msg::ReceivedBeforePartnerSent,
            &[
                &move_label(*move_no, *side),
                &d(*received),
                &partner_sent.map_or_else(String::new, d),
            ],
        ),
    }
}

/// The sentence of a side's thinking time (51.4) or its silence (51.5).
pub(super) fn clock(lang: Language, facts: &ClockFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        ClockFacts::Overstep {
            player,
            used,
            control,
            allowance,
        } => msg(lang, Msg::Overstepped, &[player, used, control, allowance]),
        ClockFacts::OverstepRunning {
            player,
            left,
            control,
            used,
            running,
            allowance,
        } => msg(
            lang,
            Msg::OversteppedRunning,
            // Worded as the days over: `left` is below 0 here (51.4.3).
            &[player, &-left, control, used, running, allowance],
        ),
        ClockFacts::LowTime { player, left, control } => msg(lang, Msg::LowTime, &[player, left, control]),
        ClockFacts::RepeatDue {
            player,
            side,
            move_no,
            sent,
            waited,
            ..
        } => msg(
            lang,
            Msg::RepeatMove,
            &[waited, &d(*sent), player, &move_label(*move_no, *side)],
        ),
        ClockFacts::Silence {
            player,
            last_move,
            quiet,
            ..
        } => msg(lang, Msg::Silence, &[quiet, &d(*last_move), player]),
    }
}

/// The sentence of the records and adjudication materials due (51.8.2,
/// 51.9).
pub(super) fn record(lang: Language, facts: &RecordFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        RecordFacts::WithdrawalRecordMissing { partner, withdrawn } => {
            msg(lang, Msg::WithdrawalRecordMissing, &[partner, withdrawn])
        }
        RecordFacts::RecordsNone => msg(lang, Msg::RecordSentByNeither, &[]),
        RecordFacts::RecordNotSent { player } => msg(lang, Msg::RecordNotSent, &[player]),
        RecordFacts::PgnRecordMissing { game } => msg(lang, Msg::PgnRecordMissing, &[game]),
        RecordFacts::AdjudicationLate { player, sent, due } => {
            msg(lang, Msg::AdjudicationLate, &[player, &d(*sent), &d(*due)])
        }
        RecordFacts::AdjudicationDue {
            end,
            player,
            due,
            appeal_lost,
        } => msg(
            lang,
            Msg::RecordDueAtEnd,
            &[
                &d(*end),
                player,
                &d(*due),
                &if *appeal_lost { text(lang, Msg::AppealLost) } else { "" },
            ],
        ),
    }
}

/// The sentence of an overstep claim (51.6) or stated totals (51.2.1).
pub(super) fn claim(lang: Language, facts: &ClaimFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        ClaimFacts::ClaimLate {
            claimant,
            claimed,
            accused,
            control,
            reply,
        } => msg(
            lang,
            Msg::ClaimLate,
            &[claimant, &d(*claimed), accused, control, &d(*reply)],
        ),
        ClaimFacts::ClaimUnfounded {
            claimant,
            claimed,
            accused,
            left,
            control,
        } => msg(
            lang,
            Msg::ClaimUnfounded,
            &[claimant, &d(*claimed), accused, left, control],
        ),
        ClaimFacts::ClaimRepeated {
            claimant,
            claimed,
            rejected_on,
            control,
        } => msg(
            lang,
            Msg::ClaimRepeated,
            &[claimant, &d(*claimed), &d(*rejected_on), control],
        ),
        ClaimFacts::StatedTime {
            move_no,
            side,
            stated,
            totals,
        } => {
            let said = |k: usize| stated[k].map_or_else(|| "—".to_string(), |s| s.to_string());
            msg(
                lang,
                Msg::StatedTime,
                &[&move_label(*move_no, *side), &said(0), &said(1), &totals[0], &totals[1]],
            )
        }
    }
}

/// The sentence of the days to protest (51.6.4) or to appeal (51.1.10).
pub(super) fn appeal(lang: Language, facts: &AppealFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        AppealFacts::ProtestOpen {
            accused,
            claimant,
            date,
            due,
        } => msg(lang, Msg::ProtestOpen, &[accused, claimant, &d(*date), &d(*due)]),
        AppealFacts::AppealOpen {
            decision,
            result,
            player,
            date,
            due,
        } => msg(
            lang,
            Msg::AppealOpen,
            &[
                &appealed(lang, *decision, *result, player.as_deref()),
                &d(*date),
                &d(*due),
            ],
        ),
    }
}

/// The sentence of a break against 51.7.
pub(super) fn breaks(lang: Language, facts: &BreakFacts) -> String {
    let d = |date: NaiveDate| show(date, lang);
    match facts {
        BreakFacts::BreakOverLimit {
            player,
            days,
            year,
            limit,
        } => msg(lang, Msg::BreakOverLimit, &[player, days, year, limit]),
        BreakFacts::BreakNotInAdvance {
            player,
            from,
            to,
            declared,
        } => {
            let when = match declared {
                None => msg(lang, Msg::BreakDeclaredUndated, &[]),
                Some(on) => msg(lang, Msg::BreakDeclaredOn, &[&d(*on)]),
            };
            msg(lang, Msg::BreakNotInAdvance, &[player, &d(*from), &d(*to), &when])
        }
    }
}

/// What an appealed decision is about, then its result and player:
/// "о результате (*)".
fn appealed(lang: Language, decision: DecisionKind, result: Option<GameResult>, player: Option<&str>) -> String {
    let mut what = text(lang, decision_on(decision)).to_string();
    let details: Vec<&str> = [result.map(|r| r.as_str()), player].into_iter().flatten().collect();
    if !details.is_empty() {
        what.push_str(&format!(" ({})", details.join("; ")));
    }
    what
}

/// What a decision is about, for the appeal line.
fn decision_on(kind: DecisionKind) -> Msg {
    match kind {
        DecisionKind::Result => Msg::DecisionOnResult,
        DecisionKind::Overstep => Msg::DecisionOnOverstep,
        DecisionKind::Withdrawal => Msg::DecisionOnWithdrawal,
        DecisionKind::Claim => Msg::DecisionOnClaim,
        DecisionKind::Records => Msg::DecisionOnRecords,
        DecisionKind::Email => Msg::DecisionOnEmail,
        DecisionKind::NoAccess { .. } => Msg::DecisionOnNoAccess,
        DecisionKind::Access => Msg::DecisionOnAccess,
    }
}
