//! Article 51's checks and deadlines: from a game's rows, charges and
//! clocks, the findings an arbiter acts on; and the tournament-wide checks
//! of breaks (51.7.1, 51.7.2). Low time, repeats and silence are checked
//! only in a game in play (docs/rules.md).

use chrono::{Datelike, NaiveDate};
use std::collections::BTreeMap;

use crate::dates::{add_days, days_between};
use crate::finding::{
    AppealFacts, BreakFacts, ClaimFacts, ClockFacts, Code, DateKind, Facts, Finding, PenaltyWhy, PostFacts,
    RecordFacts, RowFacts, Severity,
};
use crate::model::{DecisionKind, Flag, GameResult, Row, Side, TimeControl, Tournament, Withdrawal};
use crate::rules::clock::{self, Breaks, Charge, Owing, SideClock};
use crate::rules::{
    ADJUDICATION_DAYS, APPEAL_DAYS, LOST_GRACE_DAYS, LOST_NOTICE_DAYS, LOW_TIME_DAYS, NO_ACCESS_DAYS, RECORD_DAYS,
    REPEAT_DAYS, REPEAT_DUE_DAYS, SILENCE_DAYS, TRANSIT_DAYS,
};

/// An overstep claim (51.6.1, 51.6.3) and the decision that ended it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimRuling {
    pub date: NaiveDate,
    /// The claimant, when it plays the game.
    pub claimant: Option<Side>,
    /// The `result` or `overstep` decision that ended the claim: its date
    /// and the result it gave (`*` for a rejected claim).
    pub ended: Option<(NaiveDate, GameResult)>,
}

/// What the checks of one game look at.
pub struct GameFacts<'a> {
    pub game: &'a str,
    pub names: [&'a str; 2],
    pub rows: &'a [Row],
    pub charges: &'a [Charge],
    pub clocks: [&'a SideClock; 2],
    pub to_move: Option<Side>,
    /// The side that owes the next message, in an unfinished game.
    pub owing: Option<Owing>,
    /// The last day the owing side's running days are counted to: the
    /// as-of date, the end or an open claim, whichever is first.
    pub stop: NaiveDate,
    /// Unfinished, no open claim, not past the end (see `game::in_play`).
    pub in_play: bool,
    pub breaks: &'a [Breaks; 2],
    pub start: NaiveDate,
    pub end: Option<NaiveDate>,
    pub as_of: NaiveDate,
    pub tc: TimeControl,
    pub finished: bool,
    /// Scored by forfeit: no game was played out to record.
    pub forfeit: bool,
    pub finished_on: Option<NaiveDate>,
    /// No repeat or silence alarms: a claim awaits the arbiter (51.6.3), or
    /// a withdrawn player's game awaits adjudication (51.8.1). A game not
    /// in play has none either.
    pub quiet: bool,
    pub has_pgn: bool,
    /// White's and Black's: the arbiter holds that side's record by a
    /// `records` decision (51.9.1): it counts as its `record` row, and both
    /// as the PGN file.
    pub records_held: [bool; 2],
    /// The rows were made from PGN stamps: their received dates are
    /// assumptions, not statements, so no date checks.
    pub derived: bool,
    pub log_name: &'a str,
    /// The overstep claims on the game made by the as-of date (51.6).
    pub claims: &'a [ClaimRuling],
    /// The dates of the arbiter's rulings on the game (51.6.5), in order.
    pub ruled_on: &'a [NaiveDate],
    /// The withdrawal that decided the game while it was unfinished: the
    /// side that withdrew, how, its date (51.8.1).
    pub withdrawal: Option<(Side, Withdrawal, NaiveDate)>,
    /// Per side: withdrawn with its unfinished games forfeited (51.8.1).
    pub withdrawn: [bool; 2],
    /// The date a withdrawal with `adjudicate` or `annul` took the game
    /// out of play (51.8.1): no clock finding and no adjudication
    /// materials are asked of its players for it.
    pub withdrawn_on: Option<NaiveDate>,
}

/// All findings of one game that come from its dates and clocks.
pub fn game_findings(g: &GameFacts<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let at = |row: &Row| (g.log_name, (!g.derived).then_some(row.line));
    penalties(g, &mut out, &at);
    lost_letters(g, &mut out, &at);
    if !g.derived {
        dates(g, &mut out, &at);
    }
    if g.withdrawn_on.is_none() {
        for side in [Side::White, Side::Black] {
            time(g, side, &mut out);
        }
    }
    if g.in_play && !g.quiet {
        no_reply(g, &mut out);
    }
    records(g, &mut out);
    adjudication(g, &mut out);
    claims(g, &mut out);
    withdrawal(g, &mut out);
    if !g.derived {
        stated_time(g, &mut out, &at);
    }
    out
}

type At<'a> = dyn Fn(&Row) -> (&'a str, Option<usize>) + 'a;

/// 51.4.7, 51.4.9: each penalty charged.
fn penalties(g: &GameFacts<'_>, out: &mut Vec<Finding>, at: &At<'_>) {
    for (row, c) in g.rows.iter().zip(g.charges) {
        if c.penalty == 0 {
            continue;
        }
        let (file, line) = at(row);
        let (rule, why) = if row.flag == Flag::Lost {
            (
                "51.4.9",
                PenaltyWhy::RepeatLate {
                    repeat_days: REPEAT_DAYS,
                    grace_days: LOST_GRACE_DAYS,
                },
            )
        } else {
            ("51.4.7", PenaltyWhy::Faulty { flag: row.flag })
        };
        out.push(
            Finding::new(RowFacts::Penalty {
                days: c.penalty,
                move_no: row.no,
                side: row.side,
                why,
            })
            .rule(rule)
            .player(row.side, g.names[row.side.index()])
            .move_no(row.no)
            .date(row.sent)
            .at(file, line),
        );
    }
}

/// 51.5.2: each repeat that revealed a lost letter (a `lost` row): its
/// receiver, who got it the day after it was sent (51.2.5), tells the
/// partner and the arbiter within 3 days: a note for the arbiter (the
/// records cannot show whether it did), with that last day among its facts.
fn lost_letters(g: &GameFacts<'_>, out: &mut Vec<Finding>, at: &At<'_>) {
    for row in g.rows.iter().filter(|r| r.flag == Flag::Lost) {
        let Some(repeated) = row.sent else { continue };
        let receiver = row.side.other();
        let got = add_days(repeated, TRANSIT_DAYS);
        let due = add_days(got, LOST_NOTICE_DAYS);
        let (file, line) = at(row);
        out.push(
            Finding::new(PostFacts::LostLetter {
                receiver: g.names[receiver.index()].to_string(),
                sender: g.names[row.side.index()].to_string(),
                move_no: row.no,
                side: row.side,
                repeated,
                due,
            })
            .player(receiver, g.names[receiver.index()])
            .move_no(row.no)
            .date(Some(got))
            .at(file, line),
        );
    }
}

/// 51.2.3, 51.2.5: which message a row answers (docs/rules.md), transit over a
/// day, dates out of order or after the as-of date.
fn dates(g: &GameFacts<'_>, out: &mut Vec<Finding>, at: &At<'_>) {
    for (i, row) in g.rows.iter().enumerate() {
        let (file, line) = at(row);
        let who = g.names[row.side.index()];
        // Pushed one by one: most rows have none, and this runs for each.
        for (facts, date) in row_order(g, row).into_iter().chain(answer(g, i)) {
            out.push(
                Finding::new(facts)
                    .player(row.side, who)
                    .move_no(row.no)
                    .date(Some(date))
                    .at(file, line),
            );
        }
    }
}

/// A finding of [`dates`] before it is placed on its row: its facts and
/// the date it is about.
type RowFinding = (RowFacts, NaiveDate);

/// A row's own dates: sent before it was received, or received or sent
/// after the report's date.
fn row_order(g: &GameFacts<'_>, row: &Row) -> Vec<RowFinding> {
    let mut out = Vec::new();
    if let (Some(r), Some(s)) = (row.received, row.sent)
        && s < r
    {
        out.push((
            RowFacts::SentBeforeReceived {
                move_no: row.no,
                side: row.side,
                sent: s,
                received: r,
            },
            s,
        ));
    }
    for (which, d) in [(DateKind::Received, row.received), (DateKind::Sent, row.sent)] {
        if let Some(d) = d.filter(|d| *d > g.as_of) {
            out.push((
                RowFacts::DateAfterReportDate {
                    move_no: row.no,
                    side: row.side,
                    which,
                    date: d,
                    as_of: g.as_of,
                },
                d,
            ));
        }
    }
    out
}

/// 51.2.3, 51.2.5: the partner's message that row `i` answers is the latest
/// one sent since the player's own previous move and no later than the row's
/// received date (docs/rules.md). Over a day in transit is a `transit`
/// finding; no such message at all, a `date-order` one.
fn answer(g: &GameFacts<'_>, i: usize) -> Option<RowFinding> {
    let row = &g.rows[i];
    let received = row.received?;
    let prev_own = g.rows[..i]
        .iter()
        .rposition(|r| r.side == row.side)
        .map_or(0, |p| p + 1);
    // Walked, not collected: this runs for every row of every log.
    let candidates = g.rows[prev_own..i]
        .iter()
        .filter(|r| r.side != row.side && r.sent.is_some());
    let last_sent = candidates.clone().next_back()?.sent;
    match candidates.rev().find(|r| r.sent.is_some_and(|s| s <= received)) {
        Some(answered) => {
            let sent = answered.sent.unwrap_or(received);
            let transit = days_between(sent, received);
            (transit > 1).then_some((
                RowFacts::SlowTransit {
                    sent,
                    days: transit,
                    received,
                },
                received,
            ))
        }
        None => Some((
            RowFacts::ReceivedBeforePartnerSent {
                move_no: row.no,
                side: row.side,
                received,
                partner_sent: last_sent,
            },
            received,
        )),
    }
}

/// 51.4.3: a control the records show was reached over its days.
fn overstep_at_control(g: &GameFacts<'_>, side: Side) -> Option<Finding> {
    let who = g.names[side.index()];
    let o = clock::control_overstep(g.rows, g.charges, side, g.tc)?;
    // Over before the control move was made (51.4.3, cumulative time):
    // the overstep began the first day its balance fell below 0.
    let date = first_day(g, side, o.control, -1).or(o.date);
    let ruled = ruled_on(g, date);
    Some(
        Finding::new(ClockFacts::Overstep {
            player: who.to_string(),
            used: o.used,
            control: o.control,
            allowance: o.allowance,
            ruled,
        })
        .player(side, who)
        .move_no(o.control)
        .date(date)
        .severity(overstep_severity(ruled)),
    )
}

/// 51.6.5: the first ruling of the arbiter on the game on or after an
/// overstep's date: the overstep was ruled on then.
fn ruled_on(g: &GameFacts<'_>, date: Option<NaiveDate>) -> Option<NaiveDate> {
    let date = date?;
    g.ruled_on.iter().copied().find(|&r| r >= date)
}

/// An overstep is an error until the arbiter has ruled on it; then a note
/// that says when (51.6.5): it no longer asks anything of anyone.
fn overstep_severity(ruled: Option<NaiveDate>) -> Severity {
    if ruled.is_some() {
        Severity::Info
    } else {
        Code::Overstep.severity()
    }
}

/// 51.4.3, 51.6 and 51.4.10: overstep and low time.
fn time(g: &GameFacts<'_>, side: Side, out: &mut Vec<Finding>) {
    let c = g.clocks[side.index()];
    let who = g.names[side.index()];
    out.extend(overstep_at_control(g, side));
    let control_overstepped = out.iter().any(|f| f.code == Code::Overstep && f.side == Some(side));
    if g.finished {
        return;
    }
    if c.left < 0 {
        if control_overstepped {
            return;
        }
        let date = first_day(g, side, c.next_control, -1);
        let ruled = ruled_on(g, date);
        out.push(
            Finding::new(ClockFacts::OverstepRunning {
                player: who.to_string(),
                left: c.left,
                control: c.next_control,
                used: c.used,
                running: c.running,
                allowance: c.allowance,
                ruled,
            })
            .player(side, who)
            .move_no(c.next_control)
            .date(date)
            .severity(overstep_severity(ruled)),
        );
    } else if crate::rules::is_low_time(c.left, g.in_play) {
        out.push(
            Finding::new(ClockFacts::LowTime {
                player: who.to_string(),
                left: c.left,
                control: c.next_control,
                next_move: c.moves + 1,
                move_by: c.move_by,
            })
            .player(side, who)
            .move_no(c.next_control)
            .date(first_day(g, side, c.next_control, LOW_TIME_DAYS))
            // Due: the last day the next move can be sent without
            // overstepping, when the side owes it.
            .due(c.move_by),
        );
    }
}

/// The first day on which, by the records known that day, `side` was at
/// control `control` with `limit` days or fewer left (below 0 for an
/// overstep: `limit` −1): the day its low time or overstep at that control
/// began, which later rows never move (a finding keeps the date it was
/// first made, so that the night it began and any later report agree).
/// `None` when no day before the as-of date shows it.
fn first_day(g: &GameFacts<'_>, side: Side, control: u32, limit: i64) -> Option<NaiveDate> {
    // The days the records change on: a row sent or received.
    let mut events: Vec<NaiveDate> = g.rows.iter().flat_map(|r| [r.sent, r.received]).flatten().collect();
    events.sort_unstable();
    let mut day = g.start;
    while day <= g.as_of {
        let c = clock_on(g, side, day, day.min(g.stop));
        let at_control = c.next_control == control;
        if at_control && c.left <= limit {
            return Some(day);
        }
        // Nothing but the running days changes between two rows, and they
        // take one day a day: the limit is not reached sooner.
        let steps = if at_control { (c.left - limit).max(1) } else { i64::MAX };
        let next_event = events.iter().copied().find(|&e| e > day);
        let by_days = crate::dates::add_days(day, steps.min(100_000));
        day = next_event.map_or(by_days, |e| e.min(by_days));
        if next_event.is_none() && !at_control {
            break;
        }
    }
    None
}

/// `side`'s clock as the records known on `date` give it (a row sent or
/// received after it not yet known), its running days counted to `stop`.
fn clock_on(g: &GameFacts<'_>, side: Side, date: NaiveDate, stop: NaiveDate) -> clock::SideClock {
    let (rows, charges) = records_on(g.rows, g.charges, date);
    let owing = clock::owing(&rows, g.start);
    let running = if owing.side == side {
        clock::running(&owing, stop, g.start, &g.breaks[side.index()])
    } else {
        0
    };
    clock::side_clock(&rows, &charges, side, g.tc, running)
}

/// 51.5.1 and 51.5.3: a move unanswered for 14 days, a game without a move
/// for 40, the days of the declared breaks of the side waited for (and of
/// an interruption, part of each side's breaks here) not counted.
fn no_reply(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let last = g
        .rows
        .iter()
        .rev()
        .find(|r| r.sent.is_some() && !matches!(r.flag, Flag::Record | Flag::Adjudication));
    if let Some(row) = last
        && let Some(sent) = row.sent
    {
        let partner = &g.breaks[row.side.other().index()];
        let waited = clock::days_waited(sent, g.as_of, partner);
        if waited > REPEAT_DAYS {
            out.push(
                Finding::new(ClockFacts::RepeatDue {
                    player: g.names[row.side.index()].to_string(),
                    side: row.side,
                    move_no: row.no,
                    sent,
                    waited,
                    partner_break_days: days_between(sent, g.as_of) - waited,
                })
                .player(row.side, g.names[row.side.index()])
                .move_no(row.no)
                .date(Some(clock::nth_day_after(sent, REPEAT_DAYS + 1, partner)))
                .due(Some(clock::nth_day_after(sent, REPEAT_DUE_DAYS, partner))),
            );
        }
    }
    let last_move = g
        .rows
        .iter()
        .rev()
        .filter(|r| r.enters_game())
        .find_map(|r| r.sent)
        .unwrap_or(g.start);
    if let Some(side) = g.to_move {
        let breaks = &g.breaks[side.index()];
        let quiet = clock::days_waited(last_move, g.as_of, breaks);
        if quiet > SILENCE_DAYS {
            out.push(
                Finding::new(ClockFacts::Silence {
                    player: g.names[side.index()].to_string(),
                    last_move,
                    quiet,
                    break_days: days_between(last_move, g.as_of) - quiet,
                })
                .player(side, g.names[side.index()])
                .date(Some(clock::nth_day_after(last_move, SILENCE_DAYS + 1, breaks))),
            );
        }
    }
}

/// 51.9.1–51.9.3: the records of a finished game, each finding dated the
/// day it finished and due 14 days later: a note (the record awaited) until
/// then, a warning once the due date has passed.
fn records(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let due = g.finished_on.map(|d| add_days(d, RECORD_DAYS));
    let severity = if due.is_some_and(|d| g.as_of > d) {
        Severity::Warning
    } else {
        Severity::Info
    };
    let mut found = Vec::new();
    records_owed(g, due, &mut found);
    out.extend(found.into_iter().map(|f| f.severity(severity)));
}

/// The record findings of [`records`], before their severity: a side's
/// record is in when it sent its `record` row or the arbiter holds it (a
/// `records` decision); both held stand for the PGN file.
fn records_owed(g: &GameFacts<'_>, due: Option<NaiveDate>, out: &mut Vec<Finding>) {
    let sent =
        |side: Side| g.records_held[side.index()] || g.rows.iter().any(|r| r.side == side && r.flag == Flag::Record);
    if g.finished && (g.withdrawn[0] != g.withdrawn[1]) {
        // 51.8.2: a withdrawn player's unfinished game is registered for the
        // partner only when the partner's record of it arrives.
        let partner = if g.withdrawn[0] { Side::Black } else { Side::White };
        if !sent(partner) {
            out.push(
                Finding::new(RecordFacts::WithdrawalRecordMissing {
                    partner: g.names[partner.index()].to_string(),
                    withdrawn: g.names[partner.other().index()].to_string(),
                })
                .rule("51.8.2")
                .player(partner, g.names[partner.index()])
                .date(g.finished_on)
                .due(due),
            );
        }
        return;
    }
    if !g.finished || g.forfeit {
        return;
    }
    match (sent(Side::White), sent(Side::Black)) {
        (false, false) => out.push(Finding::new(RecordFacts::RecordsNone).date(g.finished_on).due(due)),
        (true, false) | (false, true) => {
            let side = if sent(Side::White) { Side::Black } else { Side::White };
            out.push(
                Finding::new(RecordFacts::RecordNotSent {
                    player: g.names[side.index()].to_string(),
                })
                .rule("51.9.1")
                .player(side, g.names[side.index()])
                .date(g.finished_on)
                .due(due),
            );
        }
        _ => {}
    }
    if !g.has_pgn && g.records_held != [true, true] {
        out.push(
            Finding::new(RecordFacts::PgnRecordMissing {
                game: g.game.to_string(),
            })
            .date(g.finished_on)
            .due(due),
        );
    }
}

/// 51.9.4, 51.9.7: past the end, an unfinished game's adjudication materials.
fn adjudication(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let Some(end) = g.end else { return };
    let due = add_days(end, ADJUDICATION_DAYS);
    // 51.9.7: materials sent after the 14 days lose the right of appeal.
    for row in g.rows.iter().filter(|r| r.flag == Flag::Adjudication) {
        if let Some(sent) = row.sent.filter(|&s| s > due) {
            let who = g.names[row.side.index()];
            out.push(
                Finding::new(RecordFacts::AdjudicationLate {
                    player: who.to_string(),
                    sent,
                    due,
                })
                .player(row.side, who)
                .date(Some(sent))
                .at(g.log_name, Some(row.line)),
            );
        }
    }
    // A game a withdrawal took out of play awaits the arbiter alone (51.8.1).
    if g.finished || g.as_of <= end || g.withdrawn_on.is_some() {
        return;
    }
    for side in [Side::White, Side::Black] {
        if g.rows.iter().any(|r| r.side == side && r.flag == Flag::Adjudication) {
            continue;
        }
        let late = g.as_of > due;
        out.push(
            Finding::new(RecordFacts::AdjudicationDue {
                end,
                player: g.names[side.index()].to_string(),
                due,
                appeal_lost: late,
            })
            .player(side, g.names[side.index()])
            .date(Some(end))
            .due(Some(due))
            .severity(if late { Severity::Error } else { Severity::Warning }),
        );
    }
}

/// 51.6.1, 51.6.7: each overstep claim against the records. A claim
/// against a player within every completed control and with days left on
/// the claim's date is unfounded; one about an overstepped control made
/// after the claimant's reply to that control's move is late; one by a
/// player whose earlier claim was rejected (`*`), before the claimant's next
/// control move, is repeated.
fn claims(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    for (k, claim) in g.claims.iter().enumerate() {
        let Some(claimant) = claim.claimant else { continue };
        out.extend(claim_open(g, claim, claimant));
        out.extend(ruling(g, claim, claimant));
        out.extend(claim_unfounded_or_late(g, claim, claimant));
        out.extend(claim_repeated(g, &g.claims[..k], claim, claimant));
    }
}

/// 51.8.2: the partner of a player who withdrew is told, the night the
/// withdrawal is entered, what becomes of their unfinished game — under
/// `forfeit` it is scored once the partner's record arrives, which it asks
/// for. A note for the arbiter while the game waits for that record or for
/// the arbiter's adjudication, and at least while the 14 days to appeal
/// run (51.1.10).
fn withdrawal(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let Some((side, how, date)) = g.withdrawal else { return };
    let partner = side.other();
    // What the game still waits for: the partner's record (51.8.2), the
    // arbiter's adjudication (51.8.1); a struck-out game, nothing.
    let awaiting = match how {
        Withdrawal::Forfeit => {
            !g.records_held[partner.index()] && !g.rows.iter().any(|r| r.side == partner && r.flag == Flag::Record)
        }
        Withdrawal::Adjudicate => !g.finished,
        Withdrawal::Annul => false,
    };
    if !awaiting && g.as_of > add_days(date, APPEAL_DAYS) {
        return;
    }
    let due = (how != Withdrawal::Annul).then(|| add_days(date, RECORD_DAYS));
    out.push(
        Finding::new(PostFacts::Withdrawal {
            withdrawn: g.names[side.index()].to_string(),
            partner: g.names[partner.index()].to_string(),
            how,
            date,
        })
        .player(partner, g.names[partner.index()])
        .date(Some(date))
        .due(due),
    );
}

/// 51.6.5, 51.6.6: the arbiter's ruling on a claim, written to both
/// players the night it is entered; a note while the 14 days to appeal
/// it run (51.1.10).
fn ruling(g: &GameFacts<'_>, claim: &ClaimRuling, claimant: Side) -> Option<Finding> {
    let (ruled, result) = claim.ended?;
    let due = add_days(ruled, APPEAL_DAYS);
    if g.as_of > due {
        return None;
    }
    let facts = ClaimFacts::Ruling {
        claimant: g.names[claimant.index()].to_string(),
        claimed: claim.date,
        accused: g.names[claimant.other().index()].to_string(),
        ruled,
        result,
    };
    Some(
        claim_finding(g, claim, claimant, facts)
            .date(Some(ruled))
            .due(Some(due)),
    )
}

/// 51.6.3, 51.6.5: a claim with no ruling yet (no later `result`,
/// `overstep` or `*` decision) is the arbiter's to rule on, due when the
/// accused's 14 days to protest end (51.6.4); overdue after.
fn claim_open(g: &GameFacts<'_>, claim: &ClaimRuling, claimant: Side) -> Option<Finding> {
    if claim.ended.is_some() {
        return None;
    }
    let due = add_days(claim.date, APPEAL_DAYS);
    let facts = ClaimFacts::ClaimOpen {
        claimant: g.names[claimant.index()].to_string(),
        claimed: claim.date,
        accused: g.names[claimant.other().index()].to_string(),
        due,
    };
    Some(claim_finding(g, claim, claimant, facts).due(Some(due)))
}

/// A finding about `claimant`'s claim, on the claim's date.
fn claim_finding(g: &GameFacts<'_>, claim: &ClaimRuling, claimant: Side, facts: ClaimFacts) -> Finding {
    Finding::new(facts)
        .player(claimant, g.names[claimant.index()])
        .date(Some(claim.date))
}

/// 51.6.1: a claim against a player within every completed control and
/// with days left on the claim's date is unfounded; one about an
/// overstepped control made after the claimant's reply to that control's
/// move is late.
fn claim_unfounded_or_late(g: &GameFacts<'_>, claim: &ClaimRuling, claimant: Side) -> Option<Finding> {
    let accused = claimant.other();
    let (who, whom) = (g.names[claimant.index()], g.names[accused.index()]);
    let (rows, charges) = records_on(g.rows, g.charges, claim.date);
    let c = clock_on(g, accused, claim.date, claim.date);
    // 51.4.3: time is cumulative, so a balance below 0 at the current
    // control is an overstep before its control move is made: a claim
    // then is about that control, founded and never late (51.6.1).
    if c.left < 0 {
        return None;
    }
    let Some(o) = clock::control_overstep(&rows, &charges, accused, g.tc) else {
        let facts = ClaimFacts::ClaimUnfounded {
            claimant: who.to_string(),
            claimed: claim.date,
            accused: whom.to_string(),
            left: c.left,
            control: c.next_control,
        };
        return Some(claim_finding(g, claim, claimant, facts).move_no(c.next_control));
    };
    // The accused's control move, and the claimant's reply to it: its
    // first move sent after it (an accepted variant's undated rows are not
    // a reply).
    let control_at = rows
        .iter()
        .rposition(|r| r.side == accused && r.no == o.control && r.enters_game());
    let reply = control_at.and_then(|j| {
        g.rows[j + 1..]
            .iter()
            .find(|r| r.side == claimant && r.enters_game() && r.sent.is_some())
            .and_then(|r| r.sent)
    });
    let reply = reply.filter(|&r| claim.date > r)?;
    let facts = ClaimFacts::ClaimLate {
        claimant: who.to_string(),
        claimed: claim.date,
        accused: whom.to_string(),
        control: o.control,
        reply,
    };
    Some(claim_finding(g, claim, claimant, facts).move_no(o.control))
}

/// 51.6.7: a claim by a player whose earlier claim was rejected (`*`),
/// before the claimant's next control move after the rejection, is
/// repeated.
fn claim_repeated(g: &GameFacts<'_>, earlier: &[ClaimRuling], claim: &ClaimRuling, claimant: Side) -> Option<Finding> {
    let on = earlier
        .iter()
        .filter(|c| c.claimant == Some(claimant))
        .filter_map(|c| c.ended)
        .filter(|&(on, result)| result == GameResult::Unfinished && on < claim.date)
        .map(|(on, _)| on)
        .max()?;
    let (control, _) = clock::next_control(g.tc, moves_made(g.rows, claimant, on));
    if moves_made(g.rows, claimant, claim.date) >= control {
        return None;
    }
    let facts = ClaimFacts::ClaimRepeated {
        claimant: g.names[claimant.index()].to_string(),
        claimed: claim.date,
        rejected_on: on,
        control,
    };
    Some(claim_finding(g, claim, claimant, facts).move_no(control))
}

/// The records as they stood on `date` (51.6.1), with their charges: the
/// rows up to the first one sent (or, undated, received) after it; an
/// undated row counts by its place. A row received by `date` and sent
/// after it is a move still being thought over on that date: a pending
/// row, its thinking counted from its received date (51.4.4), not from an
/// assumed day of transit.
fn records_on(rows: &[Row], charges: &[Charge], date: NaiveDate) -> (Vec<Row>, Vec<Charge>) {
    let n = rows
        .iter()
        .position(|r| r.sent.or(r.received).is_some_and(|d| d > date))
        .unwrap_or(rows.len());
    let (mut then, mut charged) = (rows[..n].to_vec(), charges[..n].to_vec());
    if let Some(r) = rows.get(n).filter(|r| r.received.is_some_and(|d| d <= date)) {
        then.push(Row {
            mv: String::new(),
            sent: None,
            flag: Flag::Ordinary,
            pending: true,
            ..r.clone()
        });
        charged.push(Charge::default());
    }
    (then, charged)
}

/// The moves `side` had made by `date`, counted by their place in the log:
/// its rows that entered the game before the first row sent after `date`.
/// An accepted variant's undated rows are moves made (51.3.7, 51.4.6).
fn moves_made(rows: &[Row], side: Side, date: NaiveDate) -> u32 {
    let n = rows
        .iter()
        .position(|r| r.sent.is_some_and(|s| s > date))
        .unwrap_or(rows.len());
    rows[..n].iter().filter(|r| r.side == side && r.enters_game()).count() as u32
}

/// 51.2.1: the totals a message states for both sides against the days the
/// records charge each side up to and including that message.
fn stated_time(g: &GameFacts<'_>, out: &mut Vec<Finding>, at: &At<'_>) {
    let mut totals = [0i64; 2];
    for (row, c) in g.rows.iter().zip(g.charges) {
        totals[row.side.index()] += c.days;
        let differs = (0..2).any(|k| row.stated[k].is_some_and(|s| s != totals[k]));
        if !differs {
            continue;
        }
        let (file, line) = at(row);
        out.push(
            Finding::new(ClaimFacts::StatedTime {
                move_no: row.no,
                side: row.side,
                stated: row.stated,
                totals,
            })
            .player(row.side, g.names[row.side.index()])
            .move_no(row.no)
            .date(row.sent)
            .at(file, line),
        );
    }
}

/// 51.6.4, 51.1.10, 51.9.9: the 14 days to protest against a claim, and to
/// appeal a ruling (a result, an overstep, a withdrawal), while they run on
/// the as-of date: notes for the arbiter, due on the last day. Decisions
/// dated after the as-of date are not made yet.
pub fn decision_findings(t: &Tournament, as_of: NaiveDate) -> Vec<Finding> {
    let file = format!("{}/decisions.csv", t.id);
    let mut out = access_findings(t, as_of);
    for d in t.decisions.iter().filter(|d| d.date <= as_of) {
        // Only a ruling on a game or a withdrawal can be appealed.
        if !matches!(
            d.kind,
            DecisionKind::Claim | DecisionKind::Result | DecisionKind::Overstep | DecisionKind::Withdrawal
        ) {
            continue;
        }
        let due = add_days(d.date, APPEAL_DAYS);
        if as_of > due {
            continue;
        }
        let pairing = d.game.as_deref().and_then(|g| t.pairings.iter().find(|p| p.game == g));
        let finding = match d.kind {
            // Records received are no ruling: nothing to appeal.
            DecisionKind::Records => continue,
            DecisionKind::Claim => {
                let Some(p) = pairing else { continue };
                let claimant = d.player.as_deref().unwrap_or("");
                let accused = if claimant == p.white { &p.black } else { &p.white };
                Finding::new(AppealFacts::ProtestOpen {
                    accused: accused.to_string(),
                    claimant: claimant.to_string(),
                    date: d.date,
                    due,
                })
                .named_player(accused)
            }
            kind => {
                let f = Finding::new(AppealFacts::AppealOpen {
                    decision: kind,
                    result: d.result,
                    player: d.player.clone(),
                    date: d.date,
                    due,
                });
                match (&d.player, kind) {
                    (Some(player), DecisionKind::Withdrawal) => f.named_player(player),
                    _ => f,
                }
            }
        };
        let finding = match &d.game {
            Some(game) => finding.game(game),
            None => finding,
        };
        out.push(finding.date(Some(d.date)).due(Some(due)).at(&file, Some(d.line)));
    }
    out
}

/// 51.1.2, 51.1.5, 51.1.6: a player's new address (for the arbiter, with
/// the old one and the date), and a reported loss of email access: due 30
/// days later, when the player counts as withdrawn unless an `email` or
/// `access` decision for the player came first.
fn access_findings(t: &Tournament, as_of: NaiveDate) -> Vec<Finding> {
    let file = format!("{}/decisions.csv", t.id);
    let made = || t.decisions.iter().filter(|d| d.date <= as_of);
    let mut out = Vec::new();
    for d in made() {
        let Some(player) = d.player.as_deref() else { continue };
        let finding = match d.kind {
            DecisionKind::Email => {
                let old = t.email_on(player, add_days(d.date, -1)).unwrap_or_default();
                Finding::new(PostFacts::AddressChange {
                    player: player.to_string(),
                    old: old.to_string(),
                    new: d.note.trim().to_string(),
                    from: d.date,
                })
            }
            DecisionKind::NoAccess { correspondence } => {
                let due = add_days(d.date, NO_ACCESS_DAYS);
                let restored = made().any(|r| {
                    matches!(r.kind, DecisionKind::Email | DecisionKind::Access)
                        && r.player.as_deref() == Some(player)
                        && (d.date..=due).contains(&r.date)
                });
                if restored {
                    continue;
                }
                let withdrawn = as_of > due;
                Finding::new(PostFacts::NoAccess {
                    player: player.to_string(),
                    reported: d.date,
                    due,
                    correspondence,
                    withdrawn,
                })
                .due(Some(due))
                .severity(if withdrawn { Severity::Error } else { Severity::Warning })
            }
            _ => continue,
        };
        out.push(finding.named_player(player).date(Some(d.date)).at(&file, Some(d.line)));
    }
    out
}

/// 51.1.5: for a player who lost its correspondence and asked the arbiter
/// for it (`no-access` with `correspondence`, not yet restored), one note
/// per game in play — `games` gives each game's id, White, Black and
/// whether it is in play — whose letter asks the partner for it.
pub fn correspondence_findings(t: &Tournament, games: &[(&str, &str, &str, bool)], as_of: NaiveDate) -> Vec<Finding> {
    let asked: Vec<(&str, NaiveDate)> = access_findings(t, as_of)
        .into_iter()
        .filter_map(|f| match f.facts {
            Facts::Post(PostFacts::NoAccess {
                correspondence: true,
                withdrawn: false,
                reported,
                ..
            }) => f.player.and_then(|p| {
                t.players
                    .iter()
                    .find(|q| q.name == p)
                    .map(|q| (q.name.as_str(), reported))
            }),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (player, reported) in asked {
        for &(game, white, black, in_play) in games {
            let (side, partner) = if white == player {
                (Side::Black, black)
            } else if black == player {
                (Side::White, white)
            } else {
                continue;
            };
            if in_play {
                out.push(
                    Finding::new(PostFacts::Correspondence {
                        partner: partner.to_string(),
                        player: player.to_string(),
                        reported,
                    })
                    .game(game)
                    .player(side, partner)
                    .date(Some(reported)),
                );
            }
        }
    }
    out
}

/// A player's break days in each calendar year, with the day the count
/// first exceeds `limit` in that year. Counted a calendar year of a span at
/// a time, so that a break of centuries costs what a short one does.
fn break_days_per_year(merged: &Breaks, limit: i64) -> BTreeMap<i32, (i64, Option<NaiveDate>)> {
    let mut per_year: BTreeMap<i32, (i64, Option<NaiveDate>)> = BTreeMap::new();
    for &(from, to) in merged.spans() {
        let mut d = from;
        loop {
            let year_end = NaiveDate::from_ymd_opt(d.year(), 12, 31).map_or(to, |e| e.min(to));
            let days = days_between(d, year_end) + 1;
            let e = per_year.entry(d.year()).or_insert((0, None));
            // The day its count first exceeds the limit, when in here.
            if e.0 <= limit && e.0 + days > limit {
                e.1 = Some(add_days(d, limit - e.0));
            }
            e.0 += days;
            if year_end >= to {
                break;
            }
            d = add_days(year_end, 1);
        }
    }
    per_year
}

/// 51.7.1, 51.7.2, 51.7.7: each player's breaks in a calendar year, and
/// breaks not announced in advance.
pub fn break_findings(t: &Tournament) -> Vec<Finding> {
    let mut out = Vec::new();
    let limit = i64::from(t.settings.break_days_per_year);
    let mut players: Vec<&str> = t.breaks.iter().map(|b| b.player.as_str()).collect();
    players.sort();
    players.dedup();
    let file = format!("{}/breaks.csv", t.id);
    for player in players {
        // 51.7.7: an extra break granted by the arbiter is not counted.
        let merged = Breaks::new(t.breaks_of(player).filter(|b| !b.extra));
        for (year, (days, over_on)) in break_days_per_year(&merged, limit) {
            if days > limit {
                out.push(
                    Finding::new(BreakFacts::BreakOverLimit {
                        player: player.to_string(),
                        days,
                        year,
                        limit,
                    })
                    .named_player(player)
                    .date(over_on)
                    .at(&file, None),
                );
            }
        }
        for b in t.breaks_of(player) {
            if b.approved {
                continue;
            }
            let late = match b.declared {
                Some(d) => d >= b.from,
                None => true,
            };
            if late {
                out.push(
                    Finding::new(BreakFacts::BreakNotInAdvance {
                        player: player.to_string(),
                        from: b.from,
                        to: b.to,
                        declared: b.declared,
                    })
                    .named_player(player)
                    .date(Some(b.from))
                    .at(&file, Some(b.line)),
                );
            }
        }
    }
    out
}
