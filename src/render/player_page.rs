//! The built-in player page (`templates/player.html`) written natively: the
//! same bytes as minijinja renders from the template, escaped by
//! [`push_escaped`] as the game page is (src/render/html.rs). Used only
//! while the user has not overridden player.html with `--templates DIR`;
//! then minijinja renders theirs (docs/output.md). tests/native_pages.rs
//! proves the bytes equal on the sample tournaments and a generated
//! federation.
//!
//! The page shows a player's games with their days left and deadlines
//! (51.4.3, 51.5.1), break days per calendar year (51.7.1) and the open
//! findings; what it shows is made in src/render/player.rs. The parts that
//! are the same for every player of a tournament (labels, head, style) are
//! escaped once into [`PlayerPageParts`].

use std::collections::BTreeMap;

use super::html::{after_title, escaped, page_top, push_escaped, push_int, push_link};
use super::player::{BreakLine, BreakYear, PlayerFinding, PlayerGame, PlayerPage};
use super::views::Head;

/// The labels player.html uses.
const KEYS: [&str; 27] = [
    "back",
    "as_of",
    "calendar",
    "games",
    "game",
    "opponent",
    "colour",
    "result",
    "moves",
    "used",
    "left",
    "next_control",
    "deadline",
    "days_short",
    "breaks",
    "year",
    "break_used",
    "break_left",
    "from",
    "to",
    "days",
    "declared",
    "no_breaks",
    "open_findings",
    "due",
    "no_findings",
    "clock_note",
];

/// The parts of a player page that every player of a tournament shares,
/// escaped once.
pub(super) struct PlayerPageParts {
    /// `<!DOCTYPE html>` through `<title>`.
    top: String,
    /// From the end of the player's name in the title to the `<h1>`.
    after_title: String,
    /// From the end of the `<h1>` to the calendar's link.
    meta: String,
    /// From the calendar's file name to the games' `<tbody>`.
    games_head: String,
    /// From the games' `</tbody>` to the years' `<tbody>`.
    years_head: String,
    /// The head of the table of breaks, through `<tbody>`.
    breaks_head: String,
    /// The labels the page uses, escaped, by their key in labels.rs.
    t: BTreeMap<&'static str, String>,
}

impl PlayerPageParts {
    pub(super) fn new(t: &BTreeMap<&'static str, &'static str>, head: &Head, style: &str) -> PlayerPageParts {
        let t: BTreeMap<&'static str, String> = KEYS
            .iter()
            .map(|&k| (k, escaped(t.get(k).copied().unwrap_or_default())))
            .collect();
        let name = escaped(&head.name);
        let top = page_top(head);
        let after_title = after_title(&name, style, &t["back"]);
        let meta = format!(
            "</h1>\n<p class=\"meta\">\n<span>{name}</span>\n<span>{}: <strong>{}</strong></span>\n<span><a href=\"",
            t["as_of"],
            escaped(&head.as_of)
        );
        let th = |k: &str| format!("<th>{}</th>", t[k]);
        let num = |k: &str| format!("<th class=\"num\">{}</th>", t[k]);
        let games_head = format!(
            ".ics\">{}</a></span>\n</p>\n\n<h2 id=\"games\">{}</h2>\n<div class=\"scroll\">\n<table class=\"games cards\">\n<thead><tr>{}{}{}{}{}{}{}{}{}</tr></thead>\n<tbody>\n",
            t["calendar"],
            t["games"],
            th("game"),
            th("opponent"),
            th("colour"),
            th("result"),
            num("moves"),
            num("used"),
            num("left"),
            num("next_control"),
            th("deadline"),
        );
        let years_head = format!(
            "</tbody>\n</table>\n</div>\n\n<h2 id=\"breaks\">{}</h2>\n<table class=\"years\">\n<thead><tr>{}{}{}</tr></thead>\n<tbody>\n",
            t["breaks"],
            th("year"),
            num("break_used"),
            num("break_left"),
        );
        let breaks_head = format!(
            "<table class=\"breaks\">\n<thead><tr>{}{}{}{}</tr></thead>\n<tbody>\n",
            th("from"),
            th("to"),
            num("days"),
            th("declared"),
        );
        PlayerPageParts {
            top,
            after_title,
            meta,
            games_head,
            years_head,
            breaks_head,
            t,
        }
    }
}

/// Writes the page of the player `name` (file stem `stem`) as
/// templates/player.html renders it (the head, labels and style are in
/// `parts`).
pub(super) fn write_player_page(parts: &PlayerPageParts, name: &str, stem: &str, page: &PlayerPage) -> String {
    let t = &parts.t;
    let mut out = String::with_capacity(parts.after_title.len() + 1500 * page.games.len() + 4096);
    let o = &mut out;
    o.push_str(&parts.top);
    push_escaped(o, name);
    o.push_str(&parts.after_title);
    push_escaped(o, name);
    o.push_str(&parts.meta);
    push_escaped(o, stem);
    o.push_str(&parts.games_head);
    for g in &page.games {
        game(o, t, g);
    }
    o.push_str(&parts.years_head);
    for y in &page.years {
        year(o, y);
    }
    o.push_str("</tbody>\n</table>\n");
    if page.breaks.is_empty() {
        o.push_str("<p class=\"note\">");
        o.push_str(&t["no_breaks"]);
        o.push_str("</p>");
    } else {
        o.push_str(&parts.breaks_head);
        for b in &page.breaks {
            break_row(o, b);
        }
        o.push_str("</tbody>\n</table>\n");
    }
    o.push_str("\n<h2 id=\"findings\">");
    o.push_str(&t["open_findings"]);
    o.push_str("</h2>\n");
    if page.findings.is_empty() {
        o.push_str("<p class=\"note\">");
        o.push_str(&t["no_findings"]);
        o.push_str("</p>");
    } else {
        o.push_str("<ul class=\"findings\">\n");
        for f in &page.findings {
            finding(o, t, f);
        }
        o.push_str("</ul>\n");
    }
    o.push_str("<p class=\"note\">");
    o.push_str(&t["clock_note"]);
    o.push_str("</p>\n</body>\n</html>\n");
    out
}

/// The score and result of a finished game: `<strong>1</strong> (1-0)`.
fn score(o: &mut String, g: &PlayerGame) {
    o.push_str("<strong>");
    push_escaped(o, &g.score);
    o.push_str("</strong> (");
    push_escaped(o, &g.result);
    o.push(')');
}

/// Opens a cell with its label for narrow screens: `<td data-label="…"`.
fn cell(o: &mut String, t: &BTreeMap<&'static str, String>, key: &str) {
    o.push_str("<td data-label=\"");
    o.push_str(&t[key]);
    o.push('"');
}

/// A game's row of the games' table (a card on a narrow screen).
fn game(o: &mut String, t: &BTreeMap<&'static str, String>, g: &PlayerGame) {
    o.push_str("<tr class=\"game");
    if g.over {
        o.push_str(" over");
    } else if g.low {
        o.push_str(" trouble");
    }
    o.push_str("\" id=\"game-");
    push_escaped(o, &g.id);
    o.push_str("\">\n<td class=\"card-head\">");
    game_link(o, g);
    o.push_str(" · ");
    if g.score.is_empty() {
        o.push_str(&t["left"]);
        o.push_str(" <strong>");
        push_int(o, g.left);
        o.push_str("</strong> ");
        o.push_str(&t["days_short"]);
        if !g.deadline.is_empty() {
            o.push_str(" · ");
            push_escaped(o, &g.deadline_label.to_lowercase());
            o.push_str(" <strong>");
            push_escaped(o, &g.deadline);
            o.push_str("</strong>");
        }
    } else {
        score(o, g);
    }
    o.push_str("</td>\n");
    cell(o, t, "game");
    o.push_str(" class=\"hide-narrow\">");
    game_link(o, g);
    o.push_str("</td>\n");
    cell(o, t, "opponent");
    o.push('>');
    if g.opponent_stem.is_empty() {
        push_escaped(o, &g.opponent);
    } else {
        push_link(o, "", &g.opponent_stem, ".html", &g.opponent);
    }
    o.push_str("</td>\n");
    cell(o, t, "colour");
    o.push('>');
    push_escaped(o, &g.colour);
    o.push_str("</td>\n");
    cell(o, t, "result");
    o.push('>');
    if g.score.is_empty() {
        push_escaped(o, &g.status);
    } else {
        score(o, g);
    }
    o.push_str("</td>\n");
    clock_cells(o, t, g);
    o.push_str("</tr>\n");
}

/// The link to a game's page: `<a href="../games/g.html">g</a>`.
fn game_link(o: &mut String, g: &PlayerGame) {
    push_link(o, "../games/", &g.id, ".html", &g.id);
}

/// A game's moves, days used and left, next control and deadline.
fn clock_cells(o: &mut String, t: &BTreeMap<&'static str, String>, g: &PlayerGame) {
    cell(o, t, "moves");
    o.push_str(" class=\"num\">");
    push_int(o, i64::from(g.moves));
    o.push_str("</td>\n");
    cell(o, t, "used");
    o.push_str(" class=\"num\">");
    push_int(o, g.used);
    if g.running != 0 {
        o.push('+');
        push_int(o, g.running);
    }
    o.push_str("</td>\n");
    cell(o, t, "left");
    o.push_str(" class=\"num\"><strong>");
    push_int(o, g.left);
    o.push_str("</strong></td>\n");
    cell(o, t, "next_control");
    o.push_str(" class=\"num\">");
    push_int(o, i64::from(g.next_control));
    o.push_str(": ");
    push_int(o, g.allowance);
    o.push_str("</td>\n");
    cell(o, t, "deadline");
    o.push_str(" class=\"date\">");
    if !g.deadline.is_empty() {
        push_escaped(o, &g.deadline_label);
        o.push(' ');
        push_escaped(o, &g.deadline);
    }
    o.push_str("</td>\n");
}

/// A calendar year's break days used and left (51.7.1).
fn year(o: &mut String, y: &BreakYear) {
    o.push_str("<tr><td>");
    push_int(o, i64::from(y.year));
    o.push_str("</td><td class=\"num\">");
    push_int(o, y.used);
    o.push_str("</td><td class=\"num\">");
    push_int(o, y.left);
    o.push_str("</td></tr>\n");
}

/// A declared break.
fn break_row(o: &mut String, b: &BreakLine) {
    o.push_str("<tr><td class=\"date\">");
    push_escaped(o, &b.from);
    o.push_str("</td><td class=\"date\">");
    push_escaped(o, &b.to);
    o.push_str("</td><td class=\"num\">");
    push_int(o, b.days);
    o.push_str("</td><td class=\"date\">");
    push_escaped(o, &b.declared);
    o.push_str("</td></tr>\n");
}

/// An open finding about the player.
fn finding(o: &mut String, t: &BTreeMap<&'static str, String>, f: &PlayerFinding) {
    o.push_str("<li class=\"");
    push_escaped(o, f.severity);
    o.push_str("\"><strong>");
    push_escaped(o, f.code_word);
    o.push_str("</strong> <span class=\"note\">[");
    push_escaped(o, f.code);
    o.push_str(", ");
    push_escaped(o, f.rule);
    o.push_str("]</span>");
    if !f.game.is_empty() {
        o.push_str(" · ");
        push_link(o, "../games/", &f.game, ".html", &f.game);
    }
    if !f.due.is_empty() {
        o.push_str(" · ");
        o.push_str(&t["due"]);
        o.push(' ');
        push_escaped(o, &f.due);
    }
    o.push_str("<br>");
    push_escaped(o, &f.message);
    o.push_str("</li>\n");
}
