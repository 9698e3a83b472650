//! The views of the public pages, made for the templates (never the domain
//! types): the tournament's head, a game's line with both clocks (51.4),
//! the standings with their crosstable cells, and a game's rows. Every
//! value is formatted here from the facts the game stage decided
//! (`crate::game::facts`), with the addresses in players' names hidden.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::compute::TournamentReport;
use crate::game::facts::{Deadline, DeadlineKind, MarkKind, Status};
use crate::game::result::ResultSource;
use crate::game::{GameReport, RowReport};
use crate::model::{GameResult, Language, Side};
use crate::render::fmt_date;
use crate::render::labels::Labels;

pub(crate) fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else if (p.fract() - 0.5).abs() < 1e-9 {
        format!("{}½", p.trunc() as i64).replace("0½", "½")
    } else {
        format!("{p}")
    }
}

/// A tie-break figure with two decimals, with the language's decimal
/// mark (`0.50`, `0,50`).
pub(crate) fn fmt_decimal(x: f64, lang: Language) -> String {
    let text = format!("{x:.2}");
    match crate::messages::forms(lang).decimal_mark.as_str() {
        "." => text,
        mark => text.replace('.', mark),
    }
}

/// A move in SAN as the pages show it: with the language's letters of the
/// pieces (К Ф Л С Кр and О-О on Russian pages).
pub(crate) fn shown_move(san: &str, lang: Language) -> String {
    crate::game::notation::with_letters(san, &crate::messages::forms(lang).move_letters)
}

#[derive(Serialize, Hash)]
pub(crate) struct Head {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) arbiter: String,
    pub(crate) time_control: String,
    pub(crate) tc_moves: u32,
    pub(crate) tc_days: u32,
    pub(crate) start: String,
    pub(crate) end: String,
    pub(crate) as_of: String,
    pub(crate) lang: &'static str,
}

#[derive(Serialize)]
pub(crate) struct ClockView {
    pub(crate) used: i64,
    pub(crate) penalty: i64,
    pub(crate) running: i64,
    pub(crate) left: i64,
    /// The days past the allowance when `left` is below zero (51.4.3),
    /// else 0.
    pub(crate) over_by: i64,
    pub(crate) allowance: i64,
    pub(crate) next_control: u32,
    /// Per cent of the allowance used, 0–100, for the bar.
    pub(crate) pct: i64,
    /// `pct` to the nearest 5: the bar's width class (`p0` … `p100`).
    pub(crate) bar: i64,
    /// The days counted against the allowance: the allowance less what is
    /// left (used, running and penalties).
    pub(crate) spent: i64,
    pub(crate) low: bool,
    pub(crate) over: bool,
    #[serde(flatten)]
    pub(crate) deadline: DeadlineView,
}

/// A side's move-by or repeat-by date (51.4.3, 51.5.1) as shown: empty
/// when it has none.
#[derive(Serialize, Default)]
pub(crate) struct DeadlineView {
    pub(crate) deadline_label: &'static str,
    pub(crate) deadline: String,
    /// `move-by YYYY-MM-DD` or `repeat-by YYYY-MM-DD`, for the pages' data
    /// attributes.
    pub(crate) deadline_key: String,
    /// Past a repeat-by date, the days without penalty left (51.4.9);
    /// none before it or for a move-by date.
    pub(crate) grace: Option<i64>,
}

pub(crate) fn deadline_view(d: Option<&Deadline>, lang: Language, t: &Labels) -> DeadlineView {
    let Some(d) = d else {
        return DeadlineView::default();
    };
    let (label, key) = match d.kind {
        DeadlineKind::MoveBy => (t.move_by, "move-by"),
        DeadlineKind::RepeatBy => (t.repeat_by, "repeat-by"),
    };
    DeadlineView {
        deadline_label: label,
        deadline: fmt_date(Some(d.date), lang),
        deadline_key: format!("{key} {}", d.date),
        grace: d.grace_left,
    }
}

/// A result as a reader reads it: typographic dashes and halves, nothing
/// for a game still on (its status says so).
pub(crate) fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1–0",
        GameResult::BlackWins => "0–1",
        GameResult::Draw => "½–½",
        GameResult::WhiteForfeit => "+/−",
        GameResult::BlackForfeit => "−/+",
        GameResult::BothLose => "−/−",
        GameResult::Unfinished => "",
    }
}

/// A status as words.
pub(crate) fn status_word(s: Status, t: &Labels) -> &'static str {
    match s {
        Status::InPlay => t.in_progress,
        Status::Finished => t.finished,
        Status::Annulled => t.annulled,
        Status::Interrupted => t.interrupted,
        Status::AwaitingAdjudication => t.awaiting_adjudication,
        Status::UnderReview => t.under_review,
        Status::NoRecords => t.no_records,
    }
}

/// A status as its key, for the pages' data attributes.
pub(crate) fn status_key(s: Status) -> &'static str {
    match s {
        Status::InPlay => "in-play",
        Status::Finished => "finished",
        Status::Annulled => "annulled",
        Status::Interrupted => "interrupted",
        Status::AwaitingAdjudication => "awaiting-adjudication",
        Status::UnderReview => "under-review",
        Status::NoRecords => "no-records",
    }
}

/// A trouble mark as shown: its kind (the CSS class) and its text.
#[derive(Serialize, Hash)]
pub(crate) struct Trouble {
    pub(crate) kind: MarkKind,
    /// The mark in words (`overstepped`, `low time`, …).
    pub(crate) word: &'static str,
    /// The player it is about.
    pub(crate) player: String,
}

#[derive(Serialize)]
pub(crate) struct GameLine {
    pub(crate) id: String,
    pub(crate) round: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) white_stem: String,
    pub(crate) black_stem: String,
    pub(crate) result: String,
    /// No result yet (`*`): the bulletin's summary shows the clocks.
    pub(crate) ongoing: bool,
    /// The result as a reader reads it (`1–0`, `½–½`, `+/−`); empty while
    /// the game is on.
    pub(crate) result_text: &'static str,
    /// The legal sealed move of an adjudication (51.9.4.4), in SAN (with
    /// Russian letters on Russian pages): the move that counts as made.
    pub(crate) sealed_move: Option<String>,
    pub(crate) status: &'static str,
    pub(crate) status_key: &'static str,
    /// Finished or annulled: its page shows nothing that changes with the
    /// as-of date.
    pub(crate) settled: bool,
    /// The moves made; `None` when the records hold none (no log, no PGN).
    pub(crate) moves: Option<u32>,
    pub(crate) last_move: String,
    pub(crate) to_move: String,
    /// Who must send the next message, in a game in play (after a faulty
    /// message, the partner, who owes the request; 51.3.4).
    pub(crate) owes: String,
    /// The last day that message can be sent without overstepping (51.4.3);
    /// empty while the game is under review.
    pub(crate) move_by: String,
    /// Whether the clocks are shown (not under review, not without records).
    pub(crate) clocks: bool,
    /// `None` when the clocks are not shown: no days left.
    pub(crate) white_clock: Option<ClockView>,
    pub(crate) black_clock: Option<ClockView>,
    pub(crate) trouble: Vec<Trouble>,
    pub(crate) provisional: bool,
    /// The game's records are under review by the arbiter: no overstep,
    /// low-time or silence mark (51.6).
    pub(crate) review: bool,
    /// A move (or any new row) since the previous report.
    pub(crate) moved: bool,
}

/// A game as its own page shows it: the records and what follows from
/// them (each side's days used up to the last message, the move-by or
/// repeat-by date, the status), and no count that runs with the report's
/// date, so that the page changes only when they do (docs/output.md).
#[derive(Serialize, Hash)]
pub(crate) struct GamePage {
    pub(crate) id: String,
    pub(crate) round: String,
    pub(crate) white: String,
    pub(crate) black: String,
    pub(crate) white_stem: String,
    pub(crate) black_stem: String,
    pub(crate) result: String,
    pub(crate) result_text: &'static str,
    pub(crate) sealed_move: Option<String>,
    pub(crate) status: &'static str,
    pub(crate) status_key: &'static str,
    pub(crate) moves: Option<u32>,
    pub(crate) to_move: String,
    pub(crate) owes: String,
    /// The date of the last message the records hold (received or sent).
    pub(crate) last_message: String,
    pub(crate) clocks: bool,
    pub(crate) white_clock: Option<RecordClock>,
    pub(crate) black_clock: Option<RecordClock>,
    pub(crate) trouble: Vec<Trouble>,
    pub(crate) provisional: bool,
    pub(crate) review: bool,
    /// For a finished game: what its result comes from (a decision, the
    /// log, the board, the PGN, a withdrawal); empty otherwise.
    pub(crate) ended_by: &'static str,
    /// The players whose game record the arbiter holds by a `records`
    /// decision (51.9.1), joined; empty when none.
    pub(crate) records_held: String,
}

/// A side's clock on a game page: up to the last message, without the
/// days running since.
#[derive(Serialize, Hash)]
pub(crate) struct RecordClock {
    pub(crate) used: i64,
    pub(crate) penalty: i64,
    /// allowance − used up to the next control: what was left when the
    /// last message was received.
    pub(crate) left: i64,
    pub(crate) allowance: i64,
    pub(crate) next_control: u32,
    pub(crate) deadline_label: &'static str,
    pub(crate) deadline: String,
    pub(crate) deadline_key: String,
}

fn record_clock(g: &GameReport, side: Side, lang: Language, t: &Labels) -> RecordClock {
    let c = g.clock.side(side);
    // The grace count past a repeat-by date runs with the report's date:
    // the bulletin and the player's page show it, not the game page.
    let DeadlineView {
        deadline_label,
        deadline,
        deadline_key,
        ..
    } = deadline_view(g.facts.side(side).deadline.as_ref(), lang, t);
    RecordClock {
        used: c.used,
        penalty: c.penalty,
        left: c.left + c.running,
        allowance: c.allowance,
        next_control: c.next_control,
        deadline_label,
        deadline,
        deadline_key,
    }
}

/// The view of a game's own page ([`GamePage`]), from the game's line of
/// the bulletin (what both show is formatted once, there) and its clocks
/// up to the last message.
pub(crate) fn game_page(g: &GameReport, line: &GameLine, lang: Language, t: &Labels) -> GamePage {
    let last_message = g.rows.iter().flat_map(|row| [row.received, row.sent]).flatten().max();
    GamePage {
        id: line.id.clone(),
        round: line.round.clone(),
        white: line.white.clone(),
        black: line.black.clone(),
        white_stem: line.white_stem.clone(),
        black_stem: line.black_stem.clone(),
        result: line.result.clone(),
        result_text: line.result_text,
        sealed_move: line.sealed_move.clone(),
        status: line.status,
        status_key: line.status_key,
        moves: line.moves,
        to_move: line.to_move.clone(),
        owes: line.owes.clone(),
        last_message: fmt_date(last_message, lang),
        clocks: line.clocks,
        white_clock: line.clocks.then(|| record_clock(g, Side::White, lang, t)),
        black_clock: line.clocks.then(|| record_clock(g, Side::Black, lang, t)),
        trouble: line
            .trouble
            .iter()
            .map(|x| Trouble {
                kind: x.kind,
                word: x.word,
                player: x.player.clone(),
            })
            .collect(),
        provisional: line.provisional,
        review: line.review,
        ended_by: match g.result_source {
            _ if !g.result.is_finished() => "",
            ResultSource::Decision => t.ended_by_decision,
            ResultSource::Log => t.ended_by_log,
            ResultSource::Board => t.ended_by_board,
            ResultSource::Pgn => t.ended_by_pgn,
            ResultSource::Withdrawal => t.ended_by_withdrawal,
            ResultSource::None => "",
        },
        records_held: g
            .records_held
            .iter()
            .map(|&side| g.name(side))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[derive(Serialize)]
pub(crate) struct StandingLine {
    pub(crate) place: String,
    pub(crate) player: String,
    pub(crate) points: String,
    pub(crate) sb: String,
    pub(crate) wins: u32,
    pub(crate) direct: String,
    pub(crate) played: u32,
    pub(crate) to_play: u32,
    pub(crate) provisional: bool,
    /// The date the player withdrew (51.8.1), or empty.
    pub(crate) withdrawn: String,
    pub(crate) stem: String,
    /// The crosstable's cells as text, for bulletin.txt.
    pub(crate) cells: Vec<String>,
    /// The same cells for the HTML: each game's result and colour mark.
    pub(crate) marks: Vec<Vec<CrossMark>>,
}

/// One game in a crosstable cell: the result only (a dot while unfinished)
/// and the row player's colour as a small mark.
#[derive(Serialize)]
pub(crate) struct CrossMark {
    pub(crate) text: String,
    pub(crate) colour: &'static str,
    pub(crate) game: String,
}

/// A row of a game's log as its page shows it.
#[derive(Debug, Serialize, Hash)]
pub(crate) struct RowLine {
    pub(crate) no: u32,
    pub(crate) side: &'static str,
    /// The move in the page's notation (SAN, or Russian on Russian pages),
    /// or as the log writes it when it did not enter the game.
    pub(crate) shown: String,
    /// The move as the log writes it, beside `shown` when that differs.
    pub(crate) written: Option<String>,
    pub(crate) received: String,
    pub(crate) sent: String,
    pub(crate) flag_word: &'static str,
    /// The row's thinking days, the days charged and each side's days used
    /// after it: none when the clocks are not shown (a game under review
    /// shows no used or left days, docs/arbiter.md).
    pub(crate) thinking: Option<i64>,
    pub(crate) charged: Option<i64>,
    /// What the charge leaves out or adds; when the clocks are not shown,
    /// only the dates assumed.
    pub(crate) why: Vec<WhyPart>,
    pub(crate) white_total: Option<i64>,
    pub(crate) black_total: Option<i64>,
    /// The control this row's move completes, when the clocks are shown:
    /// game.html notes it under the row.
    pub(crate) control: Option<ControlNote>,
    /// The move as the log writes it, in SAN, the flag's name, whether a
    /// date was assumed: not on the page, for a theme's own template
    /// (docs/format.md). Last, as a template's fields are looked for in
    /// order.
    pub(crate) mv: String,
    pub(crate) san: String,
    pub(crate) flag: &'static str,
    pub(crate) assumed: bool,
}

/// A control a row completes: its number (a multiple of M), the days its
/// side used in it and the days allowed (51.4.3).
#[derive(Debug, Serialize, Hash)]
pub(crate) struct ControlNote {
    pub(crate) control: u32,
    pub(crate) used: i64,
    pub(crate) allowed: i64,
}

pub(crate) fn clock_view(g: &GameReport, side: Side, lang: Language, t: &Labels) -> ClockView {
    let c = g.clock.side(side);
    let f = g.facts.side(side);
    let spent = c.allowance - c.left;
    let pct = if c.allowance > 0 {
        (spent * 100 / c.allowance).clamp(0, 100)
    } else {
        100
    };
    ClockView {
        used: c.used,
        penalty: c.penalty,
        running: c.running,
        left: c.left,
        over_by: (-c.left).max(0),
        allowance: c.allowance,
        next_control: c.next_control,
        pct,
        bar: (pct + 2) / 5 * 5,
        spent,
        low: f.low_time,
        over: f.over,
        deadline: deadline_view(f.deadline.as_ref(), lang, t),
    }
}

pub(crate) fn head(r: &TournamentReport<'_>) -> Head {
    let s = &r.tournament.settings;
    let lang = s.language;
    Head {
        id: r.tournament.id.clone(),
        name: s.name.clone(),
        arbiter: s.arbiter.clone(),
        time_control: s.time_control.to_string(),
        tc_moves: s.time_control.moves,
        tc_days: s.time_control.days,
        start: fmt_date(Some(s.start), lang),
        end: fmt_date(s.end, lang),
        as_of: fmt_date(Some(r.as_of), lang),
        lang: lang.code(),
    }
}

/// A trouble mark's words.
fn mark_word(kind: MarkKind, t: &Labels) -> &'static str {
    match kind {
        MarkKind::Overstep => t.overstep,
        MarkKind::LowTime => t.low_time,
        MarkKind::Silence => t.silence,
    }
}

pub(crate) fn game_line(
    g: &GameReport,
    r: &TournamentReport<'_>,
    lang: Language,
    t: &Labels,
    stems: &BTreeMap<String, String>,
) -> GameLine {
    let facts = &g.facts;
    let clocks = facts.clocks_shown();
    let trouble = facts
        .marks
        .iter()
        .map(|m| Trouble {
            kind: m.kind,
            word: mark_word(m.kind, t),
            player: m.player.clone(),
        })
        .collect();
    GameLine {
        id: g.id.clone(),
        round: g.round.clone(),
        white: g.white.clone(),
        black: g.black.clone(),
        white_stem: stems.get(&g.white).cloned().unwrap_or_default(),
        black_stem: stems.get(&g.black).cloned().unwrap_or_default(),
        result: g.result.as_str().to_string(),
        ongoing: g.result == GameResult::Unfinished,
        result_text: result_text(g.result),
        sealed_move: g.sealed_move.as_deref().map(|san| shown_move(san, lang)),
        status: status_word(facts.status, t),
        status_key: status_key(facts.status),
        settled: matches!(facts.status, Status::Finished | Status::Annulled),
        moves: g.moves_recorded().then(|| g.moves.len().div_ceil(2) as u32),
        last_move: fmt_date(g.last_move, lang),
        to_move: g
            .to_move
            .filter(|_| facts.status != Status::NoRecords)
            .map(|s| g.name(s).to_string())
            .unwrap_or_default(),
        owes: facts.owes.map(|s| g.name(s).to_string()).unwrap_or_default(),
        move_by: match facts.owes.and_then(|s| facts.side(s).deadline) {
            Some(d) if d.kind == DeadlineKind::MoveBy => fmt_date(Some(d.date), lang),
            _ => String::new(),
        },
        clocks,
        white_clock: clocks.then(|| clock_view(g, Side::White, lang, t)),
        black_clock: clocks.then(|| clock_view(g, Side::Black, lang, t)),
        trouble,
        provisional: g.provisional,
        review: facts.under_review,
        moved: crate::history::moved_since(r.previous.as_ref(), g),
    }
}

/// A crosstable cell's text: the result, or a dot while the game is on.
pub(crate) fn cell_text(c: &crate::standings::Cell) -> String {
    match c.text.as_str() {
        "*" | "" => "·".to_string(),
        "-" => "−".to_string(),
        x => x.to_string(),
    }
}

pub(crate) fn colour_mark(c: &crate::standings::Cell, t: &Labels) -> &'static str {
    match c.colour.as_str() {
        "w" => t.white_mark,
        "b" => t.black_mark,
        _ => "",
    }
}

pub(crate) fn standing_lines(
    r: &TournamentReport<'_>,
    t: &Labels,
    stems: &BTreeMap<String, String>,
) -> Vec<StandingLine> {
    let lang = r.tournament.settings.language;
    r.standings
        .iter()
        .enumerate()
        .map(|(i, s)| StandingLine {
            place: s.place.clone(),
            player: s.player.clone(),
            points: fmt_points(s.points),
            sb: fmt_decimal(s.sb, lang),
            wins: s.wins,
            direct: fmt_points(s.direct),
            played: s.played,
            to_play: s.to_play,
            provisional: s.provisional,
            withdrawn: fmt_date(s.withdrawn, lang),
            stem: stems.get(&s.player).cloned().unwrap_or_default(),
            cells: r.crosstable.cells[i]
                .iter()
                .enumerate()
                .map(|(j, cs)| {
                    if i == j {
                        "×".to_string()
                    } else {
                        cs.iter()
                            .map(|c| format!("{}{}", cell_text(c), colour_mark(c, t)))
                            .collect::<Vec<_>>()
                            .join(" ")
                    }
                })
                .collect(),
            marks: r.crosstable.cells[i]
                .iter()
                .map(|cs| {
                    cs.iter()
                        .map(|c| CrossMark {
                            text: cell_text(c),
                            colour: colour_mark(c, t),
                            game: c.game.clone(),
                        })
                        .collect()
                })
                .collect(),
        })
        .collect()
}

/// One part of a row's "why" column: what its charge leaves out or adds,
/// or a date assumed; game.html words each by its `kind` and joins them
/// with "; ".
#[derive(Debug, Serialize, Hash)]
pub(crate) struct WhyPart {
    /// `pending` (no charge yet), `break` (break days left out), `exempt`
    /// (days not charged), `penalty` (days added), `assumed` (a date
    /// assumed).
    pub(crate) kind: &'static str,
    pub(crate) days: i64,
    /// The paragraph of Article 51 it follows from, or empty.
    pub(crate) rule: &'static str,
}

/// A row's "why" column, part by part, in the order shown.
pub(crate) fn why(row: &RowReport) -> Vec<WhyPart> {
    let c = &row.charge;
    let part = |kind, days, rule| WhyPart { kind, days, rule };
    let mut parts = Vec::new();
    if row.pending {
        parts.push(part("pending", 0, ""));
    }
    if c.break_days > 0 {
        parts.push(part("break", c.break_days, ""));
    }
    if c.exempt > 0 {
        parts.push(part(
            "exempt",
            c.exempt,
            crate::rules::exempt_paragraph(row.flag).unwrap_or_default(),
        ));
    }
    if c.penalty > 0 {
        parts.push(part("penalty", c.penalty, crate::rules::penalty_paragraph(row.flag)));
    }
    if row.received_assumed || row.sent_assumed {
        parts.push(part("assumed", 0, crate::rules::ASSUMED_DATE_PARAGRAPH));
    }
    parts
}

/// The rows of a game's public page, made from its records alone (the
/// next night's fingerprint of the page hashes these instead of the
/// view); without the days, the charges and the control notes when the
/// clocks are not shown.
pub(crate) fn row_lines(rows: &[RowReport], clocks: bool, lang: Language) -> Rows {
    let t = crate::render::labels::labels(lang);
    let days = |n: i64| clocks.then_some(n);
    rows.iter()
        .map(|row| {
            // The pages show SAN in their language's letters (К Ф Л С Кр,
            // О-О on Russian pages).
            let shown = match row.san.as_deref() {
                Some(san) => shown_move(san, lang),
                None => row.mv.clone(),
            };
            RowLine {
                no: row.no,
                side: if row.side == Side::White { t.white } else { t.black },
                written: (shown != row.mv).then(|| row.mv.clone()),
                shown,
                received: fmt_date(row.received, lang),
                sent: fmt_date(row.sent, lang),
                flag_word: crate::render::labels::flag_word(row.flag, lang),
                thinking: days(row.charge.thinking),
                charged: days(row.charge.days),
                why: why(row).into_iter().filter(|w| clocks || w.kind == "assumed").collect(),
                white_total: days(row.totals[0]),
                black_total: days(row.totals[1]),
                control: row.control.filter(|_| clocks).map(|c| ControlNote {
                    control: c.control,
                    used: c.used,
                    allowed: c.allowed,
                }),
                mv: row.mv.clone(),
                san: row.san.as_deref().unwrap_or_default().to_string(),
                flag: row.flag.as_str(),
                assumed: row.received_assumed || row.sent_assumed,
            }
        })
        .collect::<Vec<_>>()
        .into()
}

/// A game's rows, for its page (a template value through serde: a
/// hand-made per-field `Object` saved 2% of a full run's CPU, under the 5%
/// that would earn its 90 lines).
#[derive(Debug, Serialize, Hash)]
pub(crate) struct Rows(Vec<RowLine>);

impl From<Vec<RowLine>> for Rows {
    fn from(rows: Vec<RowLine>) -> Rows {
        Rows(rows)
    }
}
