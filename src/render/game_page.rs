//! The built-in game page (`templates/game.html`) written natively: the
//! same bytes as minijinja renders from the template, with the same HTML
//! escaping (`& < > " ' /`), at a fraction of the cost. Used only while the
//! user has not overridden game.html with `--templates DIR`; then minijinja
//! renders theirs (docs/output.md). tests/native_pages.rs proves the bytes
//! equal on the sample tournaments and a generated federation.
//!
//! The parts of the page that are the same for every game of a tournament
//! (the labels, the head, the style) are escaped once into [`GamePageParts`].

use std::collections::BTreeMap;

use super::html::{after_title, escaped, page_top, push_escaped, push_int};
use super::views::{ClockView, GameLine, Head, push_control_note, push_why};
use crate::game::RowReport;
use crate::model::Language;

/// The parts of a game page that every game of a tournament shares,
/// escaped once.
pub(super) struct GamePageParts {
    /// `<!DOCTYPE html>` through `<title>`.
    top: String,
    /// From the end of the players in the title to the `<h1>`'s players.
    after_title: String,
    tournament_name: String,
    as_of: String,
    /// The labels the page uses, escaped, by their key in labels.rs.
    t: BTreeMap<&'static str, String>,
    /// "White" and "Black", escaped, by [`Side::index`].
    sides: [String; 2],
    /// All labels as they are, for the rows' "why" column (escaped whole).
    raw: BTreeMap<&'static str, &'static str>,
    /// The control note's label as it is (escaped with the note), looked up
    /// once rather than on every row.
    next_control: &'static str,
    lang: Language,
    /// The head row of the clocks' table, through `<tbody>`.
    clocks_head: String,
    /// The head row of the moves' table, through `<tbody>`.
    log_head: String,
}

/// The labels game.html uses.
const KEYS: [&str; 30] = [
    "back",
    "game",
    "round",
    "status",
    "moved",
    "to_move",
    "as_of",
    "under_review",
    "left",
    "used",
    "penalty",
    "running",
    "next_control",
    "allowance",
    "white",
    "black",
    "next_message",
    "next_message_note",
    "moves",
    "no",
    "side",
    "move",
    "received",
    "sent",
    "flag",
    "thinking",
    "charged",
    "why",
    "total",
    "clock_note",
];

impl GamePageParts {
    pub(super) fn new(
        t: &BTreeMap<&'static str, &'static str>,
        lang: Language,
        head: &Head,
        style: &str,
    ) -> GamePageParts {
        let raw = t.clone();
        let t: BTreeMap<&'static str, String> = KEYS
            .iter()
            .chain(&["record"])
            .map(|&k| (k, escaped(t.get(k).copied().unwrap_or_default())))
            .collect();
        let name = escaped(&head.name);
        let after_title = after_title(&name, style, &t["back"]);
        let num = |k: &str| format!("<th class=\"num\">{}</th>", t[k]);
        let clocks_head = format!(
            "<div class=\"scroll\">\n<table class=\"clocks\">\n<thead><tr><th></th>{}{}{}{}{}{}</tr></thead>\n<tbody>\n",
            num("left"),
            num("used"),
            num("penalty"),
            num("running"),
            num("next_control"),
            num("allowance")
        );
        let log_head = format!(
            "<h2>{}</h2>\n<div class=\"scroll\">\n<table class=\"log\">\n<thead><tr>{}<th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>{}{}<th>{}</th><th class=\"num\">{} {}</th><th class=\"num\">{} {}</th></tr></thead>\n<tbody>\n",
            t["moves"],
            num("no"),
            t["side"],
            t["move"],
            t["received"],
            t["sent"],
            t["flag"],
            num("thinking"),
            num("charged"),
            t["why"],
            t["total"],
            t["white"],
            t["total"],
            t["black"],
        );
        GamePageParts {
            top: page_top(head),
            after_title,
            tournament_name: name,
            as_of: escaped(&head.as_of),
            clocks_head,
            log_head,
            sides: [t["white"].clone(), t["black"].clone()],
            t,
            next_control: raw.get("next_control").copied().unwrap_or_default(),
            raw,
            lang,
        }
    }
}

/// Writes the game page of `game` as templates/game.html renders it with
/// `head`, `rows`, `pgn` and `next` (the head, labels and style are in
/// `parts`).
pub(super) fn write_game_page(
    parts: &GamePageParts,
    game: &GameLine,
    rows: &[RowReport],
    pgn: &str,
    next: Option<&str>,
) -> String {
    let t = &parts.t;
    let mut out = String::with_capacity(parts.after_title.len() + 600 * rows.len() + pgn.len() * 2 + 4096);
    let o = &mut out;
    o.push_str(&parts.top);
    push_escaped(o, &game.white);
    o.push_str(" – ");
    push_escaped(o, &game.black);
    o.push_str(&parts.after_title);
    push_escaped(o, &game.white);
    o.push_str(" – ");
    push_escaped(o, &game.black);
    o.push_str(" <span class=\"note\">");
    push_escaped(o, &game.result);
    o.push_str("</span></h1>\n");
    meta(o, parts, game);
    clocks(o, parts, game);
    next_message(o, parts, game, next);
    o.push('\n');
    o.push_str(&parts.log_head);
    let mut scratch = String::new();
    for r in rows {
        row(o, parts, r, game.review, &mut scratch);
    }
    o.push_str("</tbody>\n</table>\n</div>\n<p class=\"note\">");
    o.push_str(&t["clock_note"]);
    o.push_str("</p>\n\n\n<h2>");
    o.push_str(&t["record"]);
    o.push_str("</h2>\n<pre>");
    push_escaped(o, pgn);
    o.push_str("</pre>\n</body>\n</html>\n");
    out
}

/// The line under the title: tournament, game, round, status, who moves.
fn meta(o: &mut String, parts: &GamePageParts, game: &GameLine) {
    let t = &parts.t;
    o.push_str("<p class=\"meta\">\n<span>");
    o.push_str(&parts.tournament_name);
    o.push_str("</span>\n<span>");
    o.push_str(&t["game"]);
    o.push(' ');
    push_escaped(o, &game.id);
    o.push_str(", ");
    o.push_str(&t["round"]);
    o.push(' ');
    push_escaped(o, &game.round);
    o.push_str("</span>\n<span>");
    o.push_str(&t["status"]);
    o.push_str(": ");
    push_escaped(o, &game.status);
    o.push_str("</span>\n");
    if game.moved {
        o.push_str("<span class=\"flag moved\">");
        o.push_str(&t["moved"]);
        o.push_str("</span>");
    }
    if !game.to_move.is_empty() {
        o.push_str("<span>");
        o.push_str(&t["to_move"]);
        o.push_str(": ");
        push_escaped(o, &game.to_move);
        o.push_str("</span>");
    }
    o.push_str("<span>");
    o.push_str(&t["as_of"]);
    o.push_str(": ");
    o.push_str(&parts.as_of);
    o.push_str("</span>\n</p>\n");
}

/// Both clocks, or the notice of records under review, and the marks of trouble.
fn clocks(o: &mut String, parts: &GamePageParts, game: &GameLine) {
    let t = &parts.t;
    match (&game.white_clock, &game.black_clock) {
        (Some(w), Some(b)) if !game.review => {
            o.push_str(&parts.clocks_head);
            clock_row(o, &t["white"], &game.white, w);
            clock_row(o, &t["black"], &game.black, b);
            o.push_str("</tbody>\n</table>\n</div>\n");
        }
        _ => {
            o.push_str("<p class=\"review\"><strong>");
            o.push_str(&t["under_review"]);
            o.push_str("</strong></p>\n");
        }
    }
    for x in &game.trouble {
        o.push_str("<span class=\"flag\">");
        push_escaped(o, x);
        o.push_str("</span>");
    }
    o.push('\n');
}

/// The next message to copy, when there is one.
fn next_message(o: &mut String, parts: &GamePageParts, game: &GameLine, next: Option<&str>) {
    let t = &parts.t;
    if let Some(next) = next.filter(|n| !n.is_empty()) {
        o.push_str("<h2 id=\"next\">");
        o.push_str(&t["next_message"]);
        o.push_str("</h2>\n<p class=\"note\">");
        o.push_str(&t["next_message_note"]);
        o.push_str(" <a href=\"");
        push_escaped(o, &game.id);
        o.push_str(".txt\">");
        push_escaped(o, &game.id);
        o.push_str(".txt</a></p>\n<pre class=\"next\">");
        push_escaped(o, next);
        o.push_str("</pre>\n");
    }
}

/// A side's row of the clocks' table.
fn clock_row(o: &mut String, side: &str, name: &str, c: &ClockView) {
    o.push_str("<tr><th>");
    o.push_str(side);
    o.push_str(": ");
    push_escaped(o, name);
    o.push_str("</th><td class=\"num\"><strong>");
    push_int(o, c.left);
    o.push_str("</strong>");
    if !c.deadline.is_empty() {
        o.push_str("<br><span class=\"date note\">");
        push_escaped(o, &c.deadline_label);
        o.push(' ');
        push_escaped(o, &c.deadline);
        o.push_str("</span>");
    }
    for n in [c.used, c.penalty, c.running, i64::from(c.next_control), c.allowance] {
        o.push_str("</td><td class=\"num\">");
        push_int(o, n);
    }
    o.push_str("</td></tr>\n");
}

/// A row of the moves' table, and its control note: what
/// [`super::views::row_lines`] and game.html's loop make of it, written
/// from the game's row without the view in between.
///
/// `scratch` holds the texts escaped whole (the why column, the control
/// note), reused from row to row.
fn row(o: &mut String, parts: &GamePageParts, row: &RowReport, review: bool, scratch: &mut String) {
    o.push_str("<tr class=\"row\"><td class=\"num\">");
    push_int(o, i64::from(row.no));
    o.push_str("</td><td>");
    o.push_str(&parts.sides[row.side.index()]);
    o.push_str("</td><td>");
    let mv = super::redact_emails(&row.mv);
    let san = row.san.as_deref().unwrap_or_default();
    push_escaped(o, if san.is_empty() { &mv } else { san });
    if !san.is_empty() && san != mv {
        o.push_str(" <span class=\"note\">(");
        push_escaped(o, &mv);
        o.push_str(")</span>");
    }
    o.push_str("</td><td class=\"date\">");
    // Dates need no escaping: digits, and `-`, `.` or a sign.
    push_date(o, row.received, parts.lang);
    o.push_str("</td><td class=\"date\">");
    push_date(o, row.sent, parts.lang);
    o.push_str("</td><td>");
    push_escaped(o, crate::render::labels::flag_word(row.flag, parts.lang));
    o.push_str("</td><td class=\"num\">");
    push_int(o, row.charge.thinking);
    o.push_str("</td><td class=\"num\">");
    push_int(o, row.charge.days);
    o.push_str("</td><td class=\"note\">");
    scratch.clear();
    push_why(scratch, row, &parts.raw);
    push_escaped(o, scratch);
    o.push_str("</td><td class=\"num\">");
    push_int(o, row.totals[0]);
    o.push_str("</td><td class=\"num\">");
    push_int(o, row.totals[1]);
    o.push_str("</td></tr>\n");
    scratch.clear();
    if push_control_note(scratch, row, review, parts.next_control) {
        o.push_str("<tr><td></td><td colspan=\"10\" class=\"note\">");
        push_escaped(o, scratch);
        o.push_str("</td></tr>");
    }
}

fn push_date(o: &mut String, d: Option<chrono::NaiveDate>, lang: Language) {
    if let Some(d) = d {
        o.push_str(&crate::dates::show(d, lang));
    }
}
