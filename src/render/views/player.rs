//! What a player needs next: the player's page (every game with its days
//! left and its move-by or repeat-by date, break days per calendar year by
//! 51.7.1, open findings), the player's calendar of deadlines and other dates (RFC 5545), and
//! the next message of the owing side of a game in play, as 51.2.1 asks
//! for it (header of 51.2.2, moves in the notation of 51.2.4, confirmation
//! of the partner's message, blanks for the move, how its thinking time is
//! counted, and the totals before it).

use chrono::NaiveDate;
use serde::Serialize;
use std::collections::BTreeMap;

use crate::compute::TournamentReport;
use crate::dates::days_between;
use crate::finding::Code;
use crate::game::GameReport;
use crate::game::facts::{BreakYear, DeadlineKind};
use crate::messages::said;
use crate::model::{Flag, GameResult, Language, Notation, Side};
use crate::render::calendar::AllDayEvent;
use crate::render::fmt_date;
use crate::render::labels::{Labels, code_word, severity_word};
use crate::render::redact_emails;
use crate::render::views::public::{DeadlineView, deadline_view, result_text, status_key, status_word};

/// The result of a game from one side's view: 1, ½, 0, + or −; empty while
/// the game is on.
pub fn score_for(result: GameResult, side: Side) -> &'static str {
    let forfeit = matches!(
        result,
        GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
    );
    match (result.half_points(side), forfeit) {
        (None, _) => "",
        (Some(2), true) => "+",
        (Some(_), true) => "−",
        (Some(2), false) => "1",
        (Some(1), _) => "½",
        (Some(_), false) => "0",
    }
}

#[derive(Serialize)]
pub(crate) struct PlayerGame {
    pub(crate) id: String,
    pub(crate) round: String,
    pub(crate) opponent: String,
    pub(crate) opponent_stem: String,
    pub(crate) colour: String,
    pub(crate) score: String,
    pub(crate) result: String,
    pub(crate) status: &'static str,
    pub(crate) status_key: &'static str,
    /// The moves made; `None` when the records hold none (no log, no PGN).
    pub(crate) moves: Option<u32>,
    /// `None` when the game's clocks are not shown (under review, no
    /// records): no days left or used.
    pub(crate) clock: Option<PlayerClock>,
    #[serde(flatten)]
    pub(crate) deadline: DeadlineView,
    pub(crate) owing: bool,
    pub(crate) low: bool,
    pub(crate) over: bool,
}

/// The player's clock in one game.
#[derive(Serialize)]
pub(crate) struct PlayerClock {
    pub(crate) used: i64,
    pub(crate) running: i64,
    pub(crate) left: i64,
    /// The days past the allowance when `left` is below zero (51.4.3),
    /// else 0: the pages say "over by", never a negative count left.
    pub(crate) over_by: i64,
    pub(crate) next_control: u32,
    pub(crate) allowance: i64,
}

#[derive(Serialize)]
pub(crate) struct BreakLine {
    pub(crate) from: String,
    pub(crate) to: String,
    pub(crate) days: i64,
    pub(crate) declared: String,
}

#[derive(Serialize)]
pub(crate) struct PlayerFinding {
    pub(crate) severity: &'static str,
    pub(crate) severity_word: &'static str,
    pub(crate) code: &'static str,
    pub(crate) code_word: &'static str,
    pub(crate) rule: &'static str,
    pub(crate) game: String,
    pub(crate) date: String,
    /// The finding's due date, and the label before it: a repeat's due
    /// date is the repeat-by date every other place shows (51.5.1), with
    /// the days of 51.4.9's grace left once it has passed.
    pub(crate) due_label: &'static str,
    pub(crate) due: String,
    pub(crate) grace: Option<i64>,
    pub(crate) message: String,
}

/// What a player's page shows, made for templates/player.html.
#[derive(Serialize)]
pub(crate) struct PlayerPage<'a> {
    pub(crate) player: &'a str,
    /// The date the player withdrew (51.8.1), or empty.
    pub(crate) withdrawn: String,
    pub(crate) stem: &'a str,
    pub(crate) games: Vec<PlayerGame>,
    pub(crate) years: &'a [BreakYear],
    pub(crate) breaks: Vec<BreakLine>,
    pub(crate) findings: Vec<PlayerFinding>,
}

/// A game of the player's on `side`, with its days left and its deadline
/// (51.4.3, 51.5.1) when its clocks are shown.
fn player_game(g: &GameReport, side: Side, stems: &BTreeMap<String, String>, t: &Labels, lang: Language) -> PlayerGame {
    let c = g.clock.side(side);
    let f = g.facts.side(side);
    let opponent = g.name(side.other()).to_string();
    PlayerGame {
        id: g.id.clone(),
        round: g.round.clone(),
        opponent_stem: stems.get(&opponent).cloned().unwrap_or_default(),
        opponent,
        colour: if side == Side::White { t.white } else { t.black }.to_string(),
        score: score_for(g.result, side).to_string(),
        result: result_text(g.result).to_string(),
        status: status_word(g.facts.status, t),
        status_key: status_key(g.facts.status),
        moves: g.moves_recorded().then(|| g.moves.len().div_ceil(2) as u32),
        clock: g.facts.clocks_shown().then_some(PlayerClock {
            used: c.used,
            running: c.running,
            left: c.left,
            over_by: (-c.left).max(0),
            next_control: c.next_control,
            allowance: c.allowance,
        }),
        deadline: deadline_view(f.deadline.as_ref(), lang, t),
        owing: g.facts.owes == Some(side),
        low: f.low_time,
        over: f.over,
    }
}

/// The date the records of `g` last changed as far as a deadline of the
/// game can tell: its last received or sent date, or the latest break
/// declared by either player by the report's date (a break moves a
/// deadline); the tournament's start when there is none.
fn records_changed(r: &TournamentReport<'_>, g: &GameReport) -> NaiveDate {
    let rows = g.rows.iter().flat_map(|row| [row.received, row.sent]).flatten();
    let breaks = [g.white.as_str(), g.black.as_str()]
        .into_iter()
        .flat_map(|p| r.tournament.breaks_of(p))
        .filter_map(|b| b.declared)
        .filter(|&d| d <= r.as_of);
    rows.chain(breaks).max().unwrap_or(r.tournament.settings.start)
}

/// The calendar's event of the deadline of `side` in `g`, when it has one:
/// its text holds no count of days (it would be true on the report's date
/// only), and it reminds before the date.
fn deadline_event(r: &TournamentReport<'_>, g: &GameReport, side: Side, t: &Labels) -> Option<AllDayEvent> {
    let d = g.facts.side(side).deadline?;
    let label = match d.kind {
        crate::game::facts::DeadlineKind::MoveBy => t.move_by,
        crate::game::facts::DeadlineKind::RepeatBy => t.repeat_by,
    };
    Some(AllDayEvent {
        uid: format!("ccbulletin-{}-{}-{}", r.tournament.id, g.id, side.as_str()),
        date: d.date,
        stamp: records_changed(r, g),
        summary: format!("{label}: {} {}, {}", t.game.to_lowercase(), g.id, g.name(side.other())),
        description: format!(
            "{} — {}. {}: {}.",
            g.white, g.black, t.nm_competition, r.tournament.settings.name,
        ),
        alarms: true,
    })
}

/// The player's other dates as one-day events: each public finding about
/// the player with a due date (adjudication materials due, 51.9.4; a
/// record owed, 51.9.2), with reminders; and the tournament's end (or, for
/// a calendar with nothing else in it and no end, its start: RFC 5545 3.6
/// asks for one component).
fn other_events(r: &TournamentReport<'_>, name: &str, t: &Labels, none_yet: bool) -> Vec<AllDayEvent> {
    let s = &r.tournament.settings;
    let lang = s.language;
    let mut events: Vec<AllDayEvent> = public_findings(r, name)
        .filter(|f| matches!(f.code, Code::AdjudicationDue | Code::RecordMissing | Code::RecordsNone))
        .filter_map(|f| {
            let due = f.due?;
            let game = f.game.as_deref().unwrap_or_default();
            let summary: Vec<&str> = [code_word(f.code, lang), game]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect();
            Some(AllDayEvent {
                uid: crate::render::calendar::stable_uid(&[&r.tournament.id, f.code.as_str(), game, name]),
                date: due,
                stamp: f.date.unwrap_or(s.start),
                summary: summary.join(" · "),
                description: format!("{}: {} ({}).", t.nm_competition, s.name, f.rule),
                alarms: true,
            })
        })
        .collect();
    let stem = crate::render::stems::transliterate(&redact_emails(name));
    let day = |date: NaiveDate, label: &str, key: &str| AllDayEvent {
        uid: format!("ccbulletin-{}-{stem}-{key}", r.tournament.id),
        date,
        stamp: s.start,
        summary: format!("{}: {label}", s.name),
        description: format!(
            "{}: {}. {label}: {}.",
            t.nm_competition,
            s.name,
            fmt_date(Some(date), lang)
        ),
        alarms: false,
    };
    match s.end {
        Some(end) => events.push(day(end, t.end, "end")),
        None if none_yet && events.is_empty() => events.push(day(s.start, t.start, "start")),
        None => {}
    }
    events
}

/// The player's declared breaks.
fn player_breaks(r: &TournamentReport<'_>, name: &str, lang: Language) -> Vec<BreakLine> {
    r.tournament
        .breaks_of(name)
        .map(|b| BreakLine {
            from: fmt_date(Some(b.from), lang),
            to: fmt_date(Some(b.to), lang),
            days: days_between(b.from, b.to) + 1,
            declared: fmt_date(b.declared, lang),
        })
        .collect()
}

/// The findings a player may read about itself: of its codes shown to
/// players, those its game's facts let a player read
/// ([`crate::game::facts::Facts::player_may_read`]).
fn public_findings<'r>(
    r: &'r TournamentReport<'_>,
    name: &'r str,
) -> impl Iterator<Item = &'r crate::finding::Finding> {
    r.all_findings()
        .filter(move |f| f.player.as_deref() == Some(name) && f.code.shown_to_player())
        .filter(move |f| {
            f.game.as_deref().is_none_or(|id| {
                r.games
                    .iter()
                    .find(|g| g.id == id)
                    .is_none_or(|g| g.facts.player_may_read(f.code))
            })
        })
}

/// The public findings about the player, those of games whose clocks are
/// not shown aside (docs/arbiter.md).
fn player_findings(r: &TournamentReport<'_>, name: &str, t: &Labels) -> Vec<PlayerFinding> {
    let lang = r.tournament.settings.language;
    public_findings(r, name)
        .map(|f| {
            // The game's repeat-by deadline, decided once in its facts.
            let repeat = (f.code == Code::RepeatDue)
                .then(|| r.games.iter().find(|g| Some(g.id.as_str()) == f.game.as_deref()))
                .flatten()
                .and_then(|g| g.side_of(name).and_then(|side| g.facts.side(side).deadline))
                .filter(|d| d.kind == DeadlineKind::RepeatBy);
            let (due_label, due, grace) = match repeat {
                Some(d) => {
                    let view = deadline_view(Some(&d), lang, t);
                    (t.repeat_by, view.deadline, view.grace)
                }
                None => (t.due, fmt_date(f.due, lang), None),
            };
            PlayerFinding {
                severity: f.severity.as_str(),
                severity_word: severity_word(f.severity, lang),
                code: f.code.as_str(),
                code_word: code_word(f.code, lang),
                rule: f.rule,
                game: f.game.clone().unwrap_or_default(),
                date: fmt_date(f.date, lang),
                due_label,
                due,
                grace,
                message: said(lang, f),
            }
        })
        .collect()
}

/// One player's page view and calendar events.
pub(crate) fn player_page<'a>(
    r: &'a TournamentReport<'_>,
    name: &'a str,
    stems: &'a BTreeMap<String, String>,
    t: &Labels,
) -> (PlayerPage<'a>, Vec<AllDayEvent>) {
    let lang = r.tournament.settings.language;
    let mut games = Vec::new();
    let mut events = Vec::new();
    for g in &r.games {
        let Some(side) = g.side_of(name) else { continue };
        games.push(player_game(g, side, stems, t, lang));
        events.extend(deadline_event(r, g, side, t));
    }
    let none_yet = events.is_empty();
    events.extend(other_events(r, name, t, none_yet));
    // Addresses hidden in one place, before the calendar folds its lines.
    for e in &mut events {
        for text in [&mut e.summary, &mut e.description] {
            if let std::borrow::Cow::Owned(hidden) = redact_emails(text) {
                *text = hidden;
            }
        }
    }
    let page = PlayerPage {
        player: name,
        withdrawn: fmt_date(
            r.standings.iter().find(|s| s.player == name).and_then(|s| s.withdrawn),
            lang,
        ),
        stem: &stems[name],
        games,
        years: r.break_years.get(name).map(Vec::as_slice).unwrap_or_default(),
        breaks: player_breaks(r, name, lang),
        findings: player_findings(r, name, t),
    };
    (page, events)
}

/// The moves so far, numbered, in the tournament's notation (51.2.4;
/// numeric is Article 53's), wrapped at 48 characters (a phone shows them whole).
pub fn numbered_moves(g: &GameReport, notation: Notation) -> String {
    // One token a move number with its moves, so a line never splits them.
    let mut out = String::with_capacity(g.moves.len() * 8);
    let mut filler = crate::render::text::Filler::new(&mut out, 48);
    let mut token = String::new();
    for (i, m) in g.moves.iter().enumerate() {
        let mv = crate::game::notation::in_notation(m, notation);
        if i % 2 == 1 {
            token.push(' ');
        } else {
            if !token.is_empty() {
                filler.push(&token);
            }
            token.clear();
            token.push_str(&m.no.to_string());
            token.push_str(". ");
        }
        token.push_str(&mv);
    }
    if !token.is_empty() {
        filler.push(&token);
    }
    out
}

#[derive(Serialize, Hash)]
pub(crate) struct NextMessage {
    pub(crate) from: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) game: String,
    pub(crate) round: String,
    pub(crate) moves: String,
    pub(crate) partner_sent: String,
    pub(crate) received: String,
    /// The day this move's thinking is counted from (51.4.4): the received
    /// date, or the one assumed (51.2.5) while none is recorded.
    pub(crate) counted_from: String,
    pub(crate) assumed: bool,
    /// Each side's days used before this move (51.4.4): the message is
    /// prepared before its sending date is known, so no count runs here.
    pub(crate) white_total: i64,
    pub(crate) black_total: i64,
    /// The owing side owes a request to correct a faulty message, not a move (51.3.4).
    pub(crate) request: bool,
}

/// The partner's last message the owing side answers: the partner's last
/// row with a sent date, `record` and `adjudication` rows aside.
fn partner_sent(g: &GameReport, owing: Side) -> Option<NaiveDate> {
    g.rows
        .iter()
        .rev()
        .filter(|r| r.side != owing && !matches!(r.flag, Flag::Record | Flag::Adjudication))
        .find_map(|r| r.sent)
}

/// The next message of a game in play, for its owing side (51.2.1); `None`
/// when no side owes one or the game is not in play as shown (under
/// review, no records: its moves may be wrong or absent).
pub(crate) fn next_message(r: &TournamentReport<'_>, g: &GameReport) -> Option<NextMessage> {
    let owing = g.facts.owes?;
    let lang: Language = r.tournament.settings.language;
    let pending = g.rows.last().filter(|row| row.pending && row.side == owing);
    let received = pending.and_then(|row| row.received);
    Some(NextMessage {
        from: g.name(owing).to_string(),
        white: g.white.clone(),
        black: g.black.clone(),
        game: g.id.clone(),
        round: g.round.clone(),
        moves: numbered_moves(g, r.tournament.settings.notation),
        partner_sent: fmt_date(partner_sent(g, owing), lang),
        received: fmt_date(received, lang),
        counted_from: fmt_date(g.thinking_from, lang),
        assumed: received.is_none() || received != g.thinking_from,
        white_total: g.clock.white.used,
        black_total: g.clock.black.used,
        request: g.to_move != Some(owing),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_each_side() {
        assert_eq!(score_for(GameResult::WhiteWins, Side::White), "1");
        assert_eq!(score_for(GameResult::WhiteWins, Side::Black), "0");
        assert_eq!(score_for(GameResult::Draw, Side::Black), "½");
        assert_eq!(score_for(GameResult::BlackForfeit, Side::Black), "+");
        assert_eq!(score_for(GameResult::BothLose, Side::White), "−");
        assert_eq!(score_for(GameResult::Unfinished, Side::White), "");
    }
}
