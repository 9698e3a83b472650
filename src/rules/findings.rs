//! Article 51's checks and deadlines: from a game's rows, charges and
//! clocks, the findings an arbiter acts on; and the tournament-wide checks
//! of breaks (51.7.1, 51.7.2). Low time, repeats and silence are checked
//! only in a game in play (docs/rules.md).

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
                say!(
                    g.lang,
                    "the repeat of a lost message was sent {} days late (over the {REPEAT_DAYS} days and {LOST_GRACE_DAYS} of grace)",
                    "повтор потерянного письма отправлен с опозданием на {} дн. (сверх {REPEAT_DAYS} дней и {LOST_GRACE_DAYS} дней допуска)",
                    c.penalty
                ),
            )
        } else {
            (
                "51.4.7",
                say!(
                    g.lang,
                    "a faulty message ({})",
                    "ошибочное сообщение ({})",
                    row.flag.as_str()
                ),
            )
        };
        out.push(
            Finding::new(
                Code::Penalty,
                say!(
                    g.lang,
                    "{} penalty days on move {}: {why}",
                    "{} штрафных дн. за ход {}: {why}",
                    c.penalty,
                    fmt_move(row.no, row.side)
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
        // A finding about this row: its side, move, file and line.
        let about = |code: Code, message: String, date: NaiveDate| {
            Finding::new(code, message)
                .player(row.side, who)
                .move_no(row.no)
                .date(Some(date))
                .at(file, line)
        };
        if let (Some(r), Some(s)) = (row.received, row.sent)
            && s < r
        {
            out.push(about(
                Code::DateOrder,
                say!(
                    g.lang,
                    "move {} was sent on {}, before it was received on {}",
                    "ход {} отправлен {}, раньше, чем получен ({})",
                    fmt_move(row.no, row.side),
                    show(s, g.lang),
                    show(r, g.lang)
                ),
                s,
            ));
        }
        let kinds = if g.lang == Language::Ru {
            ["получения", "отправки"]
        } else {
            ["received", "sent"]
        };
        for (what, d) in [(kinds[0], row.received), (kinds[1], row.sent)] {
            if let Some(d) = d.filter(|d| *d > g.as_of) {
                out.push(about(
                    Code::DateOrder,
                    say!(
                        g.lang,
                        "move {} has a {what} date {} after the report's date {}",
                        "у хода {} дата {what} {} позже даты отчёта {}",
                        fmt_move(row.no, row.side),
                        show(d, g.lang),
                        show(g.as_of, g.lang)
                    ),
                    d,
                ));
            }
        }
        let Some(received) = row.received else { continue };
        let prev_own = g.rows[..i]
            .iter()
            .rposition(|r| r.side == row.side)
            .map_or(0, |p| p + 1);
        let candidates: Vec<&Row> = g.rows[prev_own..i]
            .iter()
            .filter(|r| r.side != row.side && r.sent.is_some())
            .collect();
        if candidates.is_empty() {
            continue;
        }
        match candidates.iter().rev().find(|r| r.sent.is_some_and(|s| s <= received)) {
            Some(answered) => {
                let sent = answered.sent.unwrap_or(received);
                let transit = days_between(sent, received);
                if transit > 1 {
                    out.push(
                        about(
                            Code::Transit,
                            say!(
                                g.lang,
                                "the partner's message of {} took {transit} days to arrive (received {}; the standard is one day): the player should tell the arbiter",
                                "письмо партнёра от {} шло {transit} дн. (получено {}; стандарт — один день): участнику следует обратиться к арбитру",
                                show(sent, g.lang),
                                show(received, g.lang)
                            ),
                            received,
                        ),
                    );
                }
            }
            None => out.push(about(
                Code::DateOrder,
                say!(
                    g.lang,
                    "move {} says received {}, but the partner's message it answers was sent later, on {}",
                    "ход {}: указано получение {}, но письмо партнёра, на которое он отвечает, отправлено позже — {}",
                    fmt_move(row.no, row.side),
                    show(received, g.lang),
                    candidates
                        .last()
                        .and_then(|r| r.sent)
                        .map_or_else(String::new, |d| show(d, g.lang))
                ),
                received,
            )),
        }
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
                say!(
                    g.lang,
                    "{who} overstepped the time control: {used} days used by move {control}, {allowance} allowed. The partner may claim no later than the reply to that move (51.6.1); the arbiter rules (51.6.5–51.6.6)",
                    "{who}: просрочка времени — к {control}-му ходу затрачено {used} дн. при лимите {allowance}. Партнёр может заявить о просрочке не позднее ответа на этот ход (51.6.1); решение за арбитром (51.6.5–51.6.6)",
                ),
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
                say!(
                    g.lang,
                    "{who} has {left} days left before move {next}: the time is overstepped ({used} used, {running_days} running, {allowance} allowed). The partner may claim (51.6.1); the arbiter rules (51.6.6)",
                    "{who}: до {next}-го хода осталось {left} дн. — время просрочено (затрачено {used}, идёт {running_days}, лимит {allowance}). Партнёр может заявить о просрочке (51.6.1); решение за арбитром (51.6.6)",
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
            Finding::new(
                Code::LowTime,
                say!(
                    g.lang,
                    "{who} has {left} days left before move {next}: all correspondence of this game must now be copied to the arbiter",
                    "{who}: до {next}-го хода осталось {left} дн. — вся переписка по партии теперь ведётся с копией арбитру",
                ),
            )
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
                    say!(
                        g.lang,
                        "no reply for {waited} days to the message of {}: {} must repeat move {} with all its information, copied to the arbiter (51.5.1)",
                        "нет ответа {waited} дн. на письмо от {}: {} — повторить ход {} со всей информацией, с копией арбитру (51.5.1)",
                        show(sent, g.lang),
                        g.names[row.side.index()],
                        fmt_move(row.no, row.side)
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
                say!(
                    g.lang,
                    "no move for {quiet} days (since {}): {} is to move; a loss may be scored to a player who did not tell the arbiter of the delay (51.5.3)",
                    "{quiet} дн. без ходов (с {}); очередь хода: {}. Участнику, не сообщившему арбитру о задержке, может быть засчитано поражение (51.5.3)",
                    show(last_move, g.lang),
                    g.names[side.index()]
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
            Finding::new(
                Code::RecordsNone,
                say!(
                    g.lang,
                    "the game is over but neither player has sent the game record to the arbiter: both may be scored a loss (51.9.3)",
                    "партия окончена, но ни один из участников не выслал арбитру запись партии: обоим может быть засчитано поражение (51.9.3)",
                ),
            )
            .date(g.finished_on)
            .due(due),
        ),
        (true, false) | (false, true) => {
            let side = if sent(Side::White) { Side::Black } else { Side::White };
            out.push(
                Finding::new(
                    Code::RecordMissing,
                    say!(
                        g.lang,
                        "{} has not sent the game record: the result is not official until it arrives (51.9.1–51.9.2)",
                        "{}: запись партии не выслана; результат не регистрируется до её получения (51.9.1–51.9.2)",
                        g.names[side.index()]
                    ),
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
            Finding::new(
                Code::RecordMissing,
                say!(
                    g.lang,
                    "the game is over but there is no PGN record games/{}.pgn: the result is not official until it arrives (51.9.2)",
                    "партия окончена, но нет записи PGN games/{}.pgn: результат не регистрируется до её получения (51.9.2)",
                    g.game
                ),
            )
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
                say!(
                    g.lang,
                    "the tournament ended on {}: {} must send the record, final position, claimed result with analysis and the move to be made to the arbiter by {}{}",
                    "турнир окончен {}: {} — до {} выслать арбитру запись партии, заключительную позицию, обоснование результата с анализом и ход, если очередь хода за ним (51.9.4){}",
                    show(end, g.lang),
                    g.names[side.index()],
                    show(due, g.lang),
                    match (late, g.lang) {
                        (false, _) => "",
                        (true, Language::Ru) => "; срок прошёл — право на апелляцию утрачено (51.9.7)",
                        (true, Language::En) => "; that date has passed, so the right of appeal is lost (51.9.7)",
                    }
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
        for &(from, to) in merged.spans() {
            let mut d = from;
            while d <= to {
                let e = per_year.entry(d.year()).or_insert((0, None));
                e.0 += 1;
                if e.0 == limit + 1 {
                    e.1 = Some(d);
                }
                d = add_days(d, 1);
            }
        }
        for (year, (days, over_on)) in per_year {
            if days > limit {
                out.push(
                    Finding::new(
                        Code::BreakLimit,
                        say!(
                            lang,
                            "{player} has {days} break days in {year}; at most {limit} are allowed in a calendar year (51.7.1)",
                            "{player}: {days} дн. перерыва в {year} году; допускается не более {limit} дней за календарный год (51.7.1)",
                        ),
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
                    None => say!(lang, "with no declaration date", "объявлен без даты"),
                    Some(d) => say!(lang, "declared on {}", "объявлен {}", show(d, lang)),
                };
                out.push(
                    Finding::new(
                        Code::BreakNotice,
                        say!(
                            lang,
                            "{player}'s break {}–{} was {when}, not in advance, and the arbiter has not approved it (51.7.2, 51.7.7)",
                            "{player}: перерыв {}–{} {when}, а не заранее, и не разрешён арбитром (51.7.2, 51.7.7)",
                            show(b.from, lang),
                            show(b.to, lang)
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
