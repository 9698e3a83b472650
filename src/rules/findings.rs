//! Article 51's checks and deadlines: from a game's rows, charges and
//! clocks, the findings an arbiter acts on; and the tournament-wide checks
//! of breaks (51.7.1, 51.7.2). Low time, repeats and silence are checked
//! only in a game in play (docs/rules.md).

use crate::messages::{Msg, msg, text};
use chrono::{Datelike, NaiveDate};
use std::collections::BTreeMap;

use crate::dates::show;
use crate::dates::{add_days, days_between};
use crate::finding::{Code, Finding, Severity};
use crate::model::{Flag, Language, Row, Side, TimeControl, Tournament};
use crate::rules::clock::{self, Breaks, Charge, Owing, SideClock};
use crate::rules::{
    ADJUDICATION_DAYS, LOST_GRACE_DAYS, LOW_TIME_DAYS, RECORD_DAYS, REPEAT_DAYS, REPEAT_DUE_DAYS, REQUEST_FREE_DAYS,
    SILENCE_DAYS,
};

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
    /// The rows were made from PGN stamps: their received dates are
    /// assumptions, not statements, so no date checks.
    pub derived: bool,
    pub log_name: &'a str,
    /// The language of the findings' sentences.
    pub lang: Language,
}

fn fmt_move(no: u32, side: Side) -> String {
    format!("{no}{}", if side == Side::White { "." } else { "..." })
}

/// All findings of one game that come from its dates and clocks.
pub fn game_findings(g: &GameFacts<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let at = |row: &Row| (g.log_name, (!g.derived).then_some(row.line));
    penalties(g, &mut out, &at);
    if !g.derived {
        dates(g, &mut out, &at);
    }
    for side in [Side::White, Side::Black] {
        time(g, side, &mut out);
    }
    if g.in_play && !g.quiet {
        no_reply(g, &mut out);
    }
    records(g, &mut out);
    adjudication(g, &mut out);
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
                msg(g.lang, Msg::RepeatLate, &[&c.penalty, &REPEAT_DAYS, &LOST_GRACE_DAYS]),
            )
        } else {
            ("51.4.7", msg(g.lang, Msg::FaultyMessage, &[&row.flag.as_str()]))
        };
        out.push(
            Finding::new(
                Code::Penalty,
                msg(
                    g.lang,
                    Msg::PenaltyDays,
                    &[&c.penalty, &fmt_move(row.no, row.side), &why],
                ),
            )
            .rule(rule)
            .player(row.side, g.names[row.side.index()])
            .move_no(row.no)
            .date(row.sent)
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
        for (code, message, date) in row_order(g, row).into_iter().chain(answer(g, i)) {
            out.push(
                Finding::new(code, message)
                    .player(row.side, who)
                    .move_no(row.no)
                    .date(Some(date))
                    .at(file, line),
            );
        }
    }
}

/// A finding of [`dates`] before it is placed on its row: its code, its
/// message and the date it is about.
type RowFinding = (Code, String, NaiveDate);

/// A row's own dates: sent before it was received, or received or sent
/// after the report's date.
fn row_order(g: &GameFacts<'_>, row: &Row) -> Vec<RowFinding> {
    let mut out = Vec::new();
    if let (Some(r), Some(s)) = (row.received, row.sent)
        && s < r
    {
        out.push((
            Code::DateOrder,
            msg(
                g.lang,
                Msg::SentBeforeReceived,
                &[&fmt_move(row.no, row.side), &show(s, g.lang), &show(r, g.lang)],
            ),
            s,
        ));
    }
    for (what, d) in [(Msg::DateKindReceived, row.received), (Msg::DateKindSent, row.sent)] {
        if let Some(d) = d.filter(|d| *d > g.as_of) {
            out.push((
                Code::DateOrder,
                msg(
                    g.lang,
                    Msg::DateAfterReportDate,
                    &[
                        &fmt_move(row.no, row.side),
                        &text(g.lang, what),
                        &show(d, g.lang),
                        &show(g.as_of, g.lang),
                    ],
                ),
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
            (transit > 1).then(|| {
                (
                    Code::Transit,
                    msg(
                        g.lang,
                        Msg::SlowTransit,
                        &[&show(sent, g.lang), &transit, &show(received, g.lang)],
                    ),
                    received,
                )
            })
        }
        None => Some((
            Code::DateOrder,
            msg(
                g.lang,
                Msg::ReceivedBeforePartnerSent,
                &[
                    &fmt_move(row.no, row.side),
                    &show(received, g.lang),
                    &last_sent.map_or_else(String::new, |d| show(d, g.lang)),
                ],
            ),
            received,
        )),
    }
}

/// 51.4.3, 51.6 and 51.4.10: overstep and low time.
fn time(g: &GameFacts<'_>, side: Side, out: &mut Vec<Finding>) {
    let c = g.clocks[side.index()];
    let who = g.names[side.index()];
    let last_sent = g.rows.iter().filter(|r| r.side == side).filter_map(|r| r.sent).max();
    if let Some(o) = clock::control_overstep(g.rows, g.charges, side, g.tc) {
        let (used, control, allowance) = (o.used, o.control, o.allowance);
        out.push(
            Finding::new(
                Code::Overstep,
                msg(g.lang, Msg::Overstepped, &[&who, &used, &control, &allowance]),
            )
            .player(side, who)
            .move_no(o.control)
            .date(o.date),
        );
    }
    let control_overstepped = out.iter().any(|f| f.code == Code::Overstep && f.side == Some(side));
    if g.finished {
        return;
    }
    let owing = g.owing.filter(|o| o.side == side);
    let running = owing.is_some() && c.running > 0;
    let before_running = c.left + c.running;
    let from = owing.map_or(g.start, |o| o.from);
    // A request's first 3 days are free (51.4.8): its balance falls 3 days later.
    let free = if owing.is_some_and(|o| o.request) {
        REQUEST_FREE_DAYS
    } else {
        0
    };
    let crossing = |limit: i64| {
        if running && limit + free >= 0 {
            clock::first_day_over(from, limit + free, g.start, &g.breaks[side.index()], g.stop)
        } else {
            last_sent
        }
    };
    let (left, next, used, running_days, allowance) = (c.left, c.next_control, c.used, c.running, c.allowance);
    if c.left < 0 {
        if control_overstepped {
            return;
        }
        out.push(
            Finding::new(
                Code::Overstep,
                msg(
                    g.lang,
                    Msg::OversteppedRunning,
                    &[&who, &left, &next, &used, &running_days, &allowance],
                ),
            )
            .player(side, who)
            .move_no(c.next_control)
            .date(crossing(before_running)),
        );
    } else if c.left <= LOW_TIME_DAYS && g.in_play {
        // Due: the last day the move can be sent without overstepping.
        let runs_out = c.move_by;
        out.push(
            Finding::new(Code::LowTime, msg(g.lang, Msg::LowTime, &[&who, &left, &next]))
                .player(side, who)
                .move_no(c.next_control)
                .date(crossing(before_running - LOW_TIME_DAYS - 1))
                .due(runs_out),
        );
    }
}

/// 51.5.1 and 51.5.3: a move unanswered for 14 days, a game without a move
/// for 40.
fn no_reply(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let last = g
        .rows
        .iter()
        .rev()
        .find(|r| r.sent.is_some() && !matches!(r.flag, Flag::Record | Flag::Adjudication));
    if let Some(row) = last
        && let Some(sent) = row.sent
    {
        let waited = days_between(sent, g.as_of);
        if waited > REPEAT_DAYS {
            out.push(
                Finding::new(
                    Code::RepeatDue,
                    msg(
                        g.lang,
                        Msg::RepeatMove,
                        &[
                            &waited,
                            &show(sent, g.lang),
                            &g.names[row.side.index()],
                            &fmt_move(row.no, row.side),
                        ],
                    ),
                )
                .player(row.side, g.names[row.side.index()])
                .move_no(row.no)
                .date(Some(add_days(sent, REPEAT_DAYS + 1)))
                .due(Some(add_days(sent, REPEAT_DUE_DAYS))),
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
    let quiet = days_between(last_move, g.as_of);
    if quiet > SILENCE_DAYS
        && let Some(side) = g.to_move
    {
        out.push(
            Finding::new(
                Code::Silence,
                msg(
                    g.lang,
                    Msg::Silence,
                    &[&quiet, &show(last_move, g.lang), &g.names[side.index()]],
                ),
            )
            .player(side, g.names[side.index()])
            .date(Some(add_days(last_move, SILENCE_DAYS + 1))),
        );
    }
}

/// 51.9.1–51.9.3: the records of a finished game.
fn records(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    if !g.finished || g.forfeit {
        return;
    }
    let due = g.finished_on.map(|d| add_days(d, RECORD_DAYS));
    let sent = |side: Side| g.rows.iter().any(|r| r.side == side && r.flag == Flag::Record);
    match (sent(Side::White), sent(Side::Black)) {
        (false, false) => out.push(
            Finding::new(Code::RecordsNone, msg(g.lang, Msg::RecordSentByNeither, &[]))
                .date(g.finished_on)
                .due(due),
        ),
        (true, false) | (false, true) => {
            let side = if sent(Side::White) { Side::Black } else { Side::White };
            out.push(
                Finding::new(
                    Code::RecordMissing,
                    msg(g.lang, Msg::RecordNotSent, &[&g.names[side.index()]]),
                )
                .rule("51.9.1")
                .player(side, g.names[side.index()])
                .date(g.finished_on)
                .due(due),
            );
        }
        _ => {}
    }
    if !g.has_pgn {
        out.push(
            Finding::new(Code::RecordMissing, msg(g.lang, Msg::PgnRecordMissing, &[&g.game]))
                .date(g.finished_on)
                .due(due),
        );
    }
}

/// 51.9.4, 51.9.7: past the end, an unfinished game's adjudication materials.
fn adjudication(g: &GameFacts<'_>, out: &mut Vec<Finding>) {
    let Some(end) = g.end else { return };
    if g.finished || g.as_of <= end {
        return;
    }
    let due = add_days(end, ADJUDICATION_DAYS);
    for side in [Side::White, Side::Black] {
        if g.rows.iter().any(|r| r.side == side && r.flag == Flag::Adjudication) {
            continue;
        }
        let late = g.as_of > due;
        out.push(
            Finding::new(
                Code::AdjudicationDue,
                msg(
                    g.lang,
                    Msg::RecordDueAtEnd,
                    &[
                        &show(end, g.lang),
                        &g.names[side.index()],
                        &show(due, g.lang),
                        &if late { text(g.lang, Msg::AppealLost) } else { "" },
                    ],
                ),
            )
            .player(side, g.names[side.index()])
            .date(Some(end))
            .due(Some(due))
            .severity(if late { Severity::Error } else { Severity::Warning }),
        );
    }
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
    let lang = t.settings.language;
    for player in players {
        let merged = Breaks::new(t.breaks_of(player));
        let mut per_year: BTreeMap<i32, (i64, Option<NaiveDate>)> = BTreeMap::new();
        // Counted a calendar year of a span at a time, so that a break of
        // centuries costs what a short one does.
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
        for (year, (days, over_on)) in per_year {
            if days > limit {
                out.push(
                    Finding::new(
                        Code::BreakLimit,
                        msg(lang, Msg::BreakOverLimit, &[&player, &days, &year, &limit]),
                    )
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
                let when = match b.declared {
                    None => msg(lang, Msg::BreakDeclaredUndated, &[]),
                    Some(d) => msg(lang, Msg::BreakDeclaredOn, &[&show(d, lang)]),
                };
                out.push(
                    Finding::new(
                        Code::BreakNotice,
                        msg(
                            lang,
                            Msg::BreakNotInAdvance,
                            &[&player, &show(b.from, lang), &show(b.to, lang), &when],
                        ),
                    )
                    .named_player(player)
                    .date(Some(b.from))
                    .at(&file, Some(b.line)),
                );
            }
        }
    }
    out
}
