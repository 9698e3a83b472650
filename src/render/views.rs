//! The views of the public pages, made for the templates (never the domain
//! types): the tournament's head, a game's line with both clocks (51.4),
//! the standings with their crosstable cells, and a game's rows. Every
//! value is formatted here, with the addresses in players' names hidden.

use serde::Serialize;
use std::collections::BTreeMap;

use super::fmt_date;
use super::redact::public;
use crate::compute::TournamentReport;
use crate::finding::Code;
use crate::game::GameReport;
use crate::model::{Language, Side};

pub(super) fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else if (p.fract() - 0.5).abs() < 1e-9 {
        format!("{}½", p.trunc() as i64).replace("0½", "½")
    } else {
        format!("{p}")
    }
}

#[derive(Serialize)]
pub(super) struct Head {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) arbiter: String,
    pub(super) time_control: String,
    pub(super) tc_moves: u32,
    pub(super) tc_days: u32,
    pub(super) start: String,
    pub(super) end: String,
    pub(super) as_of: String,
    pub(super) lang: &'static str,
}

#[derive(Serialize)]
pub(super) struct ClockView {
    pub(super) used: i64,
    pub(super) penalty: i64,
    pub(super) running: i64,
    pub(super) left: i64,
    pub(super) allowance: i64,
    pub(super) next_control: u32,
    /// Per cent of the allowance used, 0–100, for the bar.
    pub(super) pct: i64,
    pub(super) low: bool,
    pub(super) over: bool,
    /// The move-by or repeat-by date of a game in play (51.4.3, 51.5.1), with its label.
    pub(super) deadline_label: String,
    pub(super) deadline: String,
}

#[derive(Serialize)]
pub(super) struct GameLine {
    pub(super) id: String,
    pub(super) round: String,
    pub(super) white: String,
    pub(super) black: String,
    pub(super) white_stem: String,
    pub(super) black_stem: String,
    pub(super) result: String,
    pub(super) status: String,
    pub(super) moves: u32,
    pub(super) last_move: String,
    pub(super) to_move: String,
    /// Who must send the next message, in a game in play (after a faulty
    /// message, the partner, who owes the request; 51.3.4).
    pub(super) owes: String,
    /// The last day that message can be sent without overstepping (51.4.3);
    /// empty while the game is under review.
    pub(super) move_by: String,
    /// `None` while the game is under review: no days left are shown.
    pub(super) white_clock: Option<ClockView>,
    pub(super) black_clock: Option<ClockView>,
    pub(super) trouble: Vec<String>,
    pub(super) provisional: bool,
    /// The game's records have an error: shown as "records under review by
    /// the arbiter", with no overstep, low-time or silence mark (51.6).
    pub(super) review: bool,
    /// A move (or any new row) since the previous report.
    pub(super) moved: bool,
}

#[derive(Serialize)]
pub(super) struct StandingLine {
    pub(super) place: String,
    pub(super) player: String,
    pub(super) points: String,
    pub(super) sb: String,
    pub(super) wins: u32,
    pub(super) direct: String,
    pub(super) played: u32,
    pub(super) to_play: u32,
    pub(super) provisional: bool,
    pub(super) stem: String,
    /// The crosstable's cells as text, for bulletin.txt.
    pub(super) cells: Vec<String>,
    /// The same cells for the HTML: each game's result and colour mark.
    pub(super) marks: Vec<Vec<Mark>>,
}

/// One game in a crosstable cell: the result only (a dot while unfinished)
/// and the row player's colour as a small mark.
#[derive(Serialize)]
pub(super) struct Mark {
    pub(super) text: String,
    pub(super) colour: &'static str,
    pub(super) game: String,
}

#[derive(Serialize)]
pub(super) struct RowLine<'a> {
    pub(super) no: u32,
    pub(super) side: &'static str,
    pub(super) mv: std::borrow::Cow<'a, str>,
    pub(super) san: &'a str,
    pub(super) received: String,
    pub(super) sent: String,
    pub(super) flag: &'static str,
    pub(super) flag_word: &'static str,
    pub(super) thinking: i64,
    pub(super) charged: i64,
    pub(super) why: String,
    pub(super) white_total: i64,
    pub(super) black_total: i64,
    pub(super) control_note: String,
    pub(super) assumed: bool,
}

pub(super) fn clock_view(g: &GameReport, side: Side, lang: Language, t: &BTreeMap<&str, &str>) -> ClockView {
    let c = g.clock.side(side);
    let dl = crate::render::player::deadline(g, side).filter(|_| !crate::finding::under_review(&g.findings));
    let spent = c.allowance - c.left;
    ClockView {
        used: c.used,
        penalty: c.penalty,
        running: c.running,
        left: c.left,
        allowance: c.allowance,
        next_control: c.next_control,
        pct: if c.allowance > 0 {
            (spent * 100 / c.allowance).clamp(0, 100)
        } else {
            100
        },
        low: (0..=crate::rules::LOW_TIME_DAYS).contains(&c.left),
        over: c.left < 0,
        deadline_label: dl.map(|(k, _)| t[k].to_string()).unwrap_or_default(),
        deadline: fmt_date(dl.map(|(_, d)| d), lang),
    }
}

impl Head {
    /// The head of a public file: addresses in its names hidden.
    pub(super) fn public(mut self) -> Head {
        self.name = public(&self.name);
        self.arbiter = public(&self.arbiter);
        self
    }
}

pub(super) fn head(r: &TournamentReport<'_>) -> Head {
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

pub(super) fn status(g: &GameReport, t: &BTreeMap<&str, &str>) -> String {
    if g.annulled {
        t["annulled"].to_string()
    } else if g.result.is_finished() {
        t["finished"].to_string()
    } else if g.interrupted {
        t["interrupted"].to_string()
    } else if g.awaiting_adjudication || !g.in_play {
        // A withdrawn player's game, or one past the tournament's end (51.9.4).
        t["awaiting_adjudication"].to_string()
    } else {
        t["in_progress"].to_string()
    }
}

pub(super) fn game_line(
    g: &GameReport,
    r: &TournamentReport<'_>,
    lang: Language,
    t: &BTreeMap<&str, &str>,
    stems: &BTreeMap<String, String>,
) -> GameLine {
    let review = crate::finding::under_review(&g.findings);
    let mut trouble = Vec::new();
    for f in g.findings.iter().filter(|_| !review) {
        let label = match f.code {
            Code::Overstep => t["overstep"],
            Code::LowTime => t["low_time"],
            Code::Silence => t["silence"],
            _ => continue,
        };
        let who = f.player.clone().unwrap_or_default();
        let text = public(&format!("{label}: {who}"));
        if !trouble.contains(&text) {
            trouble.push(text);
        }
    }
    GameLine {
        id: g.id.clone(),
        round: public(&g.round),
        white: public(&g.white),
        black: public(&g.black),
        white_stem: stems.get(&g.white).cloned().unwrap_or_default(),
        black_stem: stems.get(&g.black).cloned().unwrap_or_default(),
        result: g.result.as_str().to_string(),
        status: if review {
            t["under_review"].to_string()
        } else {
            status(g, t)
        },
        moves: g.moves.len().div_ceil(2) as u32,
        last_move: fmt_date(g.last_move, lang),
        to_move: g.to_move.map(|s| public(g.name(s))).unwrap_or_default(),
        owes: g
            .owing
            .filter(|_| g.in_play)
            .map(|s| public(g.name(s)))
            .unwrap_or_default(),
        move_by: if review {
            String::new()
        } else {
            fmt_date(g.owing.and_then(|s| g.clock.side(s).move_by), lang)
        },
        white_clock: (!review).then(|| clock_view(g, Side::White, lang, t)),
        black_clock: (!review).then(|| clock_view(g, Side::Black, lang, t)),
        trouble,
        provisional: g.provisional,
        review,
        moved: crate::history::moved_since(r.previous.as_ref(), g),
    }
}

/// A crosstable cell's text: the result, or a dot while the game is on.
pub(super) fn cell_text(c: &crate::standings::Cell) -> String {
    match c.text.as_str() {
        "*" | "" => "·".to_string(),
        "-" => "−".to_string(),
        x => x.to_string(),
    }
}

pub(super) fn colour_mark(c: &crate::standings::Cell, t: &BTreeMap<&'static str, &'static str>) -> &'static str {
    match c.colour.as_str() {
        "w" => t["white_mark"],
        "b" => t["black_mark"],
        _ => "",
    }
}

pub(super) fn standing_lines(
    r: &TournamentReport<'_>,
    t: &BTreeMap<&'static str, &'static str>,
    stems: &BTreeMap<String, String>,
) -> Vec<StandingLine> {
    r.standings
        .iter()
        .enumerate()
        .map(|(i, s)| StandingLine {
            place: s.place.clone(),
            player: public(&s.player),
            points: fmt_points(s.points),
            sb: format!("{:.2}", s.sb),
            wins: s.wins,
            direct: fmt_points(s.direct),
            played: s.played,
            to_play: s.to_play,
            provisional: s.provisional,
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
                        .map(|c| Mark {
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

pub(super) fn why(row: &crate::game::RowReport, t: &BTreeMap<&str, &str>) -> String {
    let mut out = String::new();
    push_why(&mut out, row, t);
    out
}

/// Appends a row's "why" column: what its charge leaves out or adds, and
/// the dates assumed, joined by "; ".
pub(super) fn push_why(out: &mut String, row: &crate::game::RowReport, t: &BTreeMap<&str, &str>) {
    use std::fmt::Write;
    let c = &row.charge;
    let start = out.len();
    let sep = |out: &mut String| {
        if out.len() > start {
            out.push_str("; ");
        }
    };
    if row.pending {
        out.push_str(t["pending"]);
    }
    // Writing into a String cannot fail.
    if c.break_days > 0 {
        sep(out);
        let _ = write!(out, "−{} {}", c.break_days, t["break_days"]);
    }
    if c.exempt > 0 {
        sep(out);
        let _ = write!(out, "−{} {}", c.exempt, t["exempt"]);
        if let Some(rule) = crate::rules::exempt_paragraph(row.flag) {
            let _ = write!(out, " {rule}");
        }
    }
    if c.penalty > 0 {
        sep(out);
        let rule = crate::rules::penalty_paragraph(row.flag);
        let _ = write!(out, "+{} {} {rule}", c.penalty, t["penalty"].to_lowercase());
    }
    if row.received_assumed || row.sent_assumed {
        sep(out);
        let _ = write!(out, "{} ({})", t["assumed"], crate::rules::ASSUMED_DATE_PARAGRAPH);
    }
}

/// Appends the note of the control a row completes, "{label} {control}:
/// {used}/{allowed}", and says whether there was one; none on a game under
/// review (no days left are shown from records with an error).
pub(super) fn push_control_note(out: &mut String, row: &crate::game::RowReport, review: bool, label: &str) -> bool {
    use super::html::push_int;
    match row.control.filter(|_| !review) {
        Some(c) => {
            // Pushed piece by piece: a `write!` cost ~900 instructions a note.
            out.push_str(label);
            out.push(' ');
            push_int(out, i64::from(c.control));
            out.push_str(": ");
            push_int(out, c.used);
            out.push('/');
            push_int(out, c.allowed);
            true
        }
        None => false,
    }
}

/// The rows of a game's public page; under review, without the control
/// notes (no days left are shown from records with an error).
pub(super) fn row_lines<'a>(
    g: &'a GameReport,
    review: bool,
    lang: Language,
    t: &BTreeMap<&'static str, &'static str>,
) -> Vec<RowLine<'a>> {
    let (white, black) = (t["white"], t["black"]);
    g.rows
        .iter()
        .map(|row| {
            let mut control_note = String::new();
            push_control_note(&mut control_note, row, review, t["next_control"]);
            RowLine {
                no: row.no,
                side: if row.side == Side::White { white } else { black },
                mv: super::redact_emails(&row.mv),
                san: row.san.as_deref().unwrap_or_default(),
                received: fmt_date(row.received, lang),
                sent: fmt_date(row.sent, lang),
                flag: row.flag.as_str(),
                flag_word: crate::render::labels::flag_word(row.flag, lang),
                thinking: row.charge.thinking,
                charged: row.charge.days,
                why: why(row, t),
                white_total: row.totals[0],
                black_total: row.totals[1],
                control_note,
                assumed: row.received_assumed || row.sent_assumed,
            }
        })
        .collect()
}
