//! The built-in bulletin page (`templates/index.html`) written natively:
//! the same bytes as minijinja renders from the template, escaped by
//! [`push_escaped`] as the game page is (src/render/html.rs). Used only
//! while the user has not overridden index.html with `--templates DIR`;
//! then minijinja renders theirs (docs/output.md). tests/native_pages.rs
//! proves the bytes equal on the sample tournaments, a folder of varied
//! games and a generated federation.
//!
//! The page shows the standings (provisional ones marked, 51.9.2), the
//! crosstable, and every game with both clocks: days used and left, the
//! next control and the deadline (51.4); what it shows is made in
//! src/render/views.rs.

use std::collections::BTreeMap;

use super::html::{escaped, push_escaped, push_int, push_link};
use super::views::{ClockView, GameLine, Head, StandingLine};

/// The labels index.html uses, escaped, by their key in labels.rs.
struct Labels(BTreeMap<&'static str, String>);

impl Labels {
    fn new(t: &BTreeMap<&'static str, &'static str>) -> Labels {
        const KEYS: [&str; 36] = [
            "bulletin",
            "arbiter",
            "time_control",
            "moves_in_days",
            "start",
            "end",
            "as_of",
            "standings",
            "place",
            "player",
            "points",
            "sb",
            "wins",
            "played",
            "to_play",
            "provisional",
            "crosstable",
            "cross_legend",
            "games",
            "game",
            "round",
            "white",
            "black",
            "result",
            "moves",
            "last_move",
            "owes",
            "used",
            "left",
            "moved",
            "moved_mark",
            "under_review",
            "days_short",
            "by",
            "next_control",
            "clock_note",
        ];
        Labels(
            KEYS.iter()
                .map(|&k| (k, escaped(t.get(k).copied().unwrap_or_default())))
                .collect(),
        )
    }
}

impl std::ops::Index<&str> for Labels {
    type Output = str;
    fn index(&self, key: &str) -> &str {
        &self.0[key]
    }
}

/// What index.html is rendered from: the labels `t`, the tournament's
/// `head` with its addresses hidden, the `style`, the standings, the
/// games, and the date of the previous report when a game moved since
/// (`moved_since`, `None` when none did).
pub(super) struct IndexPage<'a> {
    pub(super) t: &'a BTreeMap<&'static str, &'static str>,
    pub(super) head: &'a Head,
    pub(super) style: &'a str,
    pub(super) standings: &'a [StandingLine],
    pub(super) games: &'a [GameLine],
    pub(super) moved_since: Option<&'a str>,
}

/// Writes the bulletin page as templates/index.html renders it.
pub(super) fn write_index_page(p: &IndexPage<'_>) -> String {
    let t = Labels::new(p.t);
    let mut out = String::with_capacity(p.style.len() + 2500 * p.games.len() + 600 * p.standings.len() + 4096);
    let o = &mut out;
    top(o, &t, p.head, p.style);
    standings(o, &t, p.standings);
    crosstable(o, &t, p.standings);
    o.push_str("<h2 id=\"games\">");
    o.push_str(&t["games"]);
    o.push_str("</h2>\n<div class=\"scroll\">\n<table class=\"games cards\">\n<thead><tr>");
    for (class, key) in [
        ("", "game"),
        (" class=\"hide-narrow\"", "round"),
        ("", "white"),
        ("", "black"),
        ("", "result"),
        (" class=\"num\"", "moves"),
        (" class=\"hide-narrow\"", "last_move"),
        ("", "owes"),
    ] {
        o.push_str("<th");
        o.push_str(class);
        o.push('>');
        o.push_str(&t[key]);
        o.push_str("</th>");
    }
    // `White: Used / Left`, the head of a clock's column and its cells' label.
    let clock_labels = ["white", "black"].map(|side| format!("{}: {} / {}", &t[side], &t["used"], &t["left"]));
    for label in &clock_labels {
        o.push_str("<th>");
        o.push_str(label);
        o.push_str("</th>");
    }
    o.push_str("</tr></thead>\n<tbody>\n");
    // `{{ moved_since }}` of a missing date is minijinja's "none".
    let since = p.moved_since.map_or_else(|| "none".to_string(), escaped);
    for g in p.games {
        game(o, &t, g, &since, &clock_labels);
    }
    o.push_str("</tbody>\n</table>\n</div>\n");
    if let Some(since) = p.moved_since.filter(|s| !s.is_empty()) {
        o.push_str("<p class=\"note\"><span class=\"flag moved\">");
        o.push_str(&t["moved_mark"]);
        o.push_str("</span> ");
        o.push_str(&t["moved"]);
        o.push_str(" (");
        push_escaped(o, since);
        o.push_str(")</p>");
    }
    o.push_str("<p class=\"note\">");
    o.push_str(&t["clock_note"]);
    o.push_str("</p>\n</body>\n</html>\n");
    out
}

/// `<!DOCTYPE html>` through the meta line under the `<h1>`.
fn top(o: &mut String, t: &Labels, head: &Head, style: &str) {
    let name = escaped(&head.name);
    o.push_str("<!DOCTYPE html>\n<html lang=\"");
    push_escaped(o, head.lang);
    o.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    o.push_str(&name);
    o.push_str(" — ");
    o.push_str(&t["bulletin"]);
    o.push_str("</title>\n<style>");
    o.push_str(style);
    o.push_str("</style>\n</head>\n<body>\n<h1>");
    o.push_str(&name);
    o.push_str("</h1>\n<p class=\"meta\">\n<span>");
    o.push_str(&t["arbiter"]);
    o.push_str(": ");
    push_escaped(o, &head.arbiter);
    o.push_str("</span>\n<span>");
    o.push_str(&t["time_control"]);
    o.push_str(": ");
    push_int(o, i64::from(head.tc_moves));
    o.push(' ');
    o.push_str(&t["moves_in_days"]);
    o.push(' ');
    push_int(o, i64::from(head.tc_days));
    o.push(' ');
    o.push_str(&t["days_short"]);
    o.push_str("</span>\n<span>");
    o.push_str(&t["start"]);
    o.push_str(": ");
    push_escaped(o, &head.start);
    o.push_str("</span>\n");
    if !head.end.is_empty() {
        o.push_str("<span>");
        o.push_str(&t["end"]);
        o.push_str(": ");
        push_escaped(o, &head.end);
        o.push_str("</span>");
    }
    o.push_str("<span>");
    o.push_str(&t["as_of"]);
    o.push_str(": <strong>");
    push_escaped(o, &head.as_of);
    o.push_str("</strong></span>\n</p>\n\n");
}

/// A player's name, linked to their page when they have one.
fn player_link(o: &mut String, stem: &str, name: &str, dir: &str) {
    if stem.is_empty() {
        push_escaped(o, name);
    } else {
        push_link(o, dir, stem, ".html", name);
    }
}

/// The mark of a provisional score (51.9.2): ` <span class="prov" …>*</span>`.
fn provisional_mark(o: &mut String, t: &Labels) {
    o.push_str(" <span class=\"prov\" title=\"");
    o.push_str(&t["provisional"]);
    o.push_str("\">*</span>");
}

/// The standings' table and, when a score is provisional, its note.
fn standings(o: &mut String, t: &Labels, standings: &[StandingLine]) {
    o.push_str("<h2 id=\"standings\">");
    o.push_str(&t["standings"]);
    o.push_str("</h2>\n<div class=\"scroll\">\n<table class=\"standings\">\n<thead><tr><th class=\"num\">");
    o.push_str(&t["place"]);
    o.push_str("</th><th>");
    o.push_str(&t["player"]);
    o.push_str("</th>");
    for key in ["points", "sb", "wins", "played", "to_play"] {
        o.push_str("<th class=\"num\">");
        o.push_str(&t[key]);
        o.push_str("</th>");
    }
    o.push_str("</tr></thead>\n<tbody>\n");
    for s in standings {
        o.push_str("<tr><td class=\"num\">");
        push_escaped(o, &s.place);
        o.push_str("</td><td>");
        player_link(o, &s.stem, &s.player, "players/");
        if s.provisional {
            provisional_mark(o, t);
        }
        o.push_str("</td><td class=\"num\">");
        push_escaped(o, &s.points);
        o.push_str("</td><td class=\"num\">");
        push_escaped(o, &s.sb);
        for n in [s.wins, s.played, s.to_play] {
            o.push_str("</td><td class=\"num\">");
            push_int(o, i64::from(n));
        }
        o.push_str("</td></tr>\n");
    }
    o.push_str("</tbody>\n</table>\n</div>\n");
    if standings.iter().any(|s| s.provisional) {
        o.push_str("<p class=\"note\"><span class=\"prov\">*</span> ");
        o.push_str(&t["provisional"]);
        o.push_str("</p>");
    }
    o.push_str("\n<h2 id=\"crosstable\">");
    o.push_str(&t["crosstable"]);
    o.push_str("</h2>\n");
}

/// The crosstable: each game's result with the row player's colour, linked
/// to the game's page.
fn crosstable(o: &mut String, t: &Labels, standings: &[StandingLine]) {
    o.push_str("<div class=\"scroll\">\n<table class=\"cross\">\n<thead><tr><th class=\"name\">");
    o.push_str(&t["player"]);
    o.push_str("</th>");
    for n in 1..=standings.len() {
        o.push_str("<th>");
        push_int(o, n as i64);
        o.push_str("</th>");
    }
    o.push_str("<th class=\"num\">");
    o.push_str(&t["points"]);
    o.push_str("</th></tr></thead>\n<tbody>\n");
    for (i, s) in standings.iter().enumerate() {
        o.push_str("<tr><th class=\"name\">");
        push_int(o, i as i64 + 1);
        o.push_str(". ");
        player_link(o, &s.stem, &s.player, "players/");
        o.push_str("</th>");
        for (j, cs) in s.marks.iter().enumerate() {
            if j == i {
                o.push_str("<td class=\"self\">×</td>");
                continue;
            }
            o.push_str("<td>");
            for (k, c) in cs.iter().enumerate() {
                if k > 0 {
                    o.push(' ');
                }
                o.push_str("<a class=\"res\" href=\"games/");
                push_escaped(o, &c.game);
                o.push_str(".html\">");
                push_escaped(o, &c.text);
                o.push_str("<sub class=\"c\">");
                push_escaped(o, c.colour);
                o.push_str("</sub></a>");
            }
            o.push_str("</td>");
        }
        o.push_str("<td class=\"num\">");
        push_escaped(o, &s.points);
        o.push_str("</td></tr>\n");
    }
    o.push_str("</tbody>\n</table>\n</div>\n<p class=\"note\">");
    o.push_str(&t["cross_legend"]);
    o.push_str("</p>\n\n");
}

/// The link to a game's page and, when it moved since the last report,
/// its mark.
fn game_link(o: &mut String, t: &Labels, g: &GameLine, since: &str) {
    push_link(o, "games/", &g.id, ".html", &g.id);
    if g.moved {
        o.push_str(" <span class=\"flag moved\" title=\"");
        o.push_str(&t["moved"]);
        o.push(' ');
        o.push_str(since);
        o.push_str("\">");
        o.push_str(&t["moved_mark"]);
        o.push_str("</span>");
    }
}

/// Opens a cell with its label for narrow screens: `<td data-label="…"`.
fn cell(o: &mut String, t: &Labels, key: &str) {
    o.push_str("<td data-label=\"");
    o.push_str(&t[key]);
    o.push('"');
}

/// A game's row of the games' table (a card on a narrow screen).
fn game(o: &mut String, t: &Labels, g: &GameLine, since: &str, clock_labels: &[String; 2]) {
    let clocks = g.white_clock.as_ref().zip(g.black_clock.as_ref());
    o.push_str("<tr class=\"game");
    if !g.trouble.is_empty() {
        o.push_str(" trouble");
    }
    if g.review {
        o.push_str(" review");
    } else if clocks.is_some_and(|(w, b)| w.over || b.over) {
        o.push_str(" over");
    }
    if g.moved {
        o.push_str(" moved");
    }
    o.push_str("\" id=\"game-");
    push_escaped(o, &g.id);
    o.push_str("\">\n<td class=\"card-head\">");
    game_link(o, t, g, since);
    if g.review {
        o.push_str(" · ");
        o.push_str(&t["under_review"]);
    } else if g.result == "*" {
        if let Some((w, b)) = clocks {
            for (side, c) in [("white", w), ("black", b)] {
                o.push_str(" · ");
                o.push_str(&t[side]);
                o.push_str(": <strong>");
                push_int(o, c.left);
                o.push_str("</strong> ");
                o.push_str(&t["days_short"]);
                if !c.deadline.is_empty() {
                    o.push_str(", ");
                    push_escaped(o, &c.deadline_label.to_lowercase());
                    o.push_str(" <strong>");
                    push_escaped(o, &c.deadline);
                    o.push_str("</strong>");
                }
            }
        }
    } else {
        o.push_str(" · <strong>");
        push_escaped(o, &g.result);
        o.push_str("</strong>");
    }
    o.push_str("</td>\n");
    cell(o, t, "game");
    o.push_str(" class=\"hide-narrow\">");
    game_link(o, t, g, since);
    o.push_str("</td>\n<td class=\"hide-narrow\">");
    push_escaped(o, &g.round);
    o.push_str("</td>\n");
    cell(o, t, "white");
    o.push('>');
    player_link(o, &g.white_stem, &g.white, "players/");
    o.push_str("</td>\n");
    cell(o, t, "black");
    o.push('>');
    player_link(o, &g.black_stem, &g.black, "players/");
    o.push_str("</td>\n");
    cell(o, t, "result");
    o.push('>');
    push_escaped(o, &g.result);
    if g.provisional {
        provisional_mark(o, t);
    }
    o.push_str("<br><span class=\"note\">");
    push_escaped(o, &g.status);
    o.push_str("</span>");
    for x in &g.trouble {
        o.push_str("<br><span class=\"flag");
        if x.contains("overstep") || x.contains("просрочка") {
            o.push_str(" over");
        }
        o.push_str("\">");
        push_escaped(o, x);
        o.push_str("</span>");
    }
    o.push_str("</td>\n");
    cell(o, t, "moves");
    o.push_str(" class=\"num\">");
    push_int(o, i64::from(g.moves));
    o.push_str("</td>\n<td class=\"hide-narrow date\">");
    push_escaped(o, &g.last_move);
    o.push_str("</td>\n");
    cell(o, t, "owes");
    o.push_str(" class=\"owes\">");
    push_escaped(o, &g.owes);
    if !g.move_by.is_empty() {
        o.push_str("<br><span class=\"note\">");
        o.push_str(&t["by"]);
        o.push_str(" <span class=\"date\">");
        push_escaped(o, &g.move_by);
        o.push_str("</span></span>");
    }
    o.push_str("</td>\n");
    if g.review {
        o.push_str("<td colspan=\"2\" class=\"review\" title=\"");
        o.push_str(&t["under_review"]);
        o.push_str("\">—</td>\n");
    } else if let Some((w, b)) = clocks {
        clock_cell(o, t, &clock_labels[0], w);
        clock_cell(o, t, &clock_labels[1], b);
    }
    o.push_str("</tr>\n");
}

/// A side's clock: the bar of the allowance used, days used (and running)
/// and left, the next control, and the deadline (51.4).
fn clock_cell(o: &mut String, t: &Labels, label: &str, c: &ClockView) {
    o.push_str("<td data-label=\"");
    o.push_str(label);
    o.push_str("\" class=\"clock\"><span class=\"bar\" title=\"");
    match c.allowance.checked_sub(c.left) {
        Some(spent) => push_int(o, spent),
        None => o.push_str(&(i128::from(c.allowance) - i128::from(c.left)).to_string()),
    }
    o.push_str(" / ");
    push_int(o, c.allowance);
    o.push_str("\"><span class=\"");
    if c.over {
        o.push_str("over");
    } else if c.low {
        o.push_str("low");
    }
    o.push_str("\" style=\"width:");
    push_int(o, c.pct);
    o.push_str("%\"></span></span> ");
    push_int(o, c.used);
    if c.running != 0 {
        o.push('+');
        push_int(o, c.running);
    }
    o.push_str(" / <strong>");
    push_int(o, c.left);
    o.push_str("</strong> <span class=\"note\">(");
    o.push_str(&t["next_control"]);
    o.push(' ');
    push_int(o, i64::from(c.next_control));
    o.push_str(": ");
    push_int(o, c.allowance);
    o.push_str(")</span>");
    if !c.deadline.is_empty() {
        o.push_str("<br><span class=\"date\">");
        push_escaped(o, &c.deadline_label);
        o.push(' ');
        push_escaped(o, &c.deadline);
        o.push_str("</span>");
    }
    o.push_str("</td>\n");
}
