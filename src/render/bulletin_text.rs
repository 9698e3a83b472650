//! The built-in text bulletin (`templates/bulletin.txt`) written natively:
//! the same bytes as minijinja renders from the template (a `.txt`
//! template, so nothing is escaped), before the addresses are hidden and
//! the long lines wrapped, as they are after either (src/render/mod.rs).
//! Used only while the user has not overridden bulletin.txt with
//! `--templates DIR`; then minijinja renders theirs (docs/output.md).
//! tests/native_pages.rs proves the bytes equal.
//!
//! The bulletin is index.html's content in fixed-width columns for an
//! email: the standings (51.9.2's provisional mark), the crosstable, and
//! every game with both clocks (51.4); what it shows is made in
//! src/render/views.rs.

use std::fmt::Write;

use super::index_page::IndexPage;
use super::text::push_pad;
use super::views::{ClockView, GameLine};

/// The labels the games' lines use, in the case the template shows them.
struct Words {
    white: &'static str,
    black: &'static str,
    days: &'static str,
    moves_count: &'static str,
    by: &'static str,
    owes: String,
    last_move: String,
    used: String,
    running: String,
    penalty: String,
    left: String,
    next_control: String,
}

/// Writes the text bulletin as templates/bulletin.txt renders it.
pub(super) fn write_bulletin_text(p: &IndexPage<'_>) -> String {
    let t = |k: &str| p.t.get(k).copied().unwrap_or_default();
    let lower = |k: &str| t(k).to_lowercase();
    let (h, games) = (p.head, p.games);
    let mut out = String::with_capacity(400 * games.len() + 150 * p.standings.len() + 2048);
    let o = &mut out;
    // Writing to a String does not fail.
    let _ = write!(
        o,
        "{}\n{} — {} {}\n{}: {}\n{}: {} {} {} {}; {} {}",
        h.name,
        t("bulletin"),
        t("as_of"),
        h.as_of,
        t("arbiter"),
        h.arbiter,
        t("time_control"),
        h.tc_moves,
        t("moves_in_days"),
        h.tc_days,
        t("days_short"),
        t("start"),
        h.start
    );
    if !h.end.is_empty() {
        let _ = write!(o, "; {} {}", t("end"), h.end);
    }
    let _ = write!(o, "\n\n{}\n", t("standings"));
    for (key, n, right) in [
        ("place", 6, false),
        ("player", 30, false),
        ("points", 6, true),
        ("sb_short", 7, true),
        ("wins", 7, true),
        ("played", 8, true),
        ("to_play", 8, true),
    ] {
        if key != "place" {
            o.push(' ');
        }
        push_pad(o, t(key), n, right);
    }
    o.push('\n');
    for s in p.standings {
        push_pad(o, &s.place, 6, false);
        o.push(' ');
        if s.provisional {
            push_pad(o, &format!("{} *", s.player), 30, false);
        } else {
            push_pad(o, &s.player, 30, false);
        }
        o.push(' ');
        push_pad(o, &s.points, 6, true);
        o.push(' ');
        push_pad(o, &s.sb, 7, true);
        for (n, width) in [(s.wins, 7), (s.played, 8), (s.to_play, 8)] {
            o.push(' ');
            push_pad(o, &n.to_string(), width, true);
        }
        o.push('\n');
    }
    if p.standings.iter().any(|s| s.provisional) {
        let _ = writeln!(o, "* {}", t("provisional"));
    }
    let _ = write!(o, "\n\n{}\n", t("crosstable"));
    push_pad(o, "", 26, false);
    for n in 1..=p.standings.len() {
        push_pad(o, &n.to_string(), 4, true);
    }
    o.push('\n');
    for (i, s) in p.standings.iter().enumerate() {
        push_pad(o, &(i + 1).to_string(), 2, true);
        o.push(' ');
        push_pad(o, &s.player, 23, false);
        for c in &s.cells {
            push_pad(o, if c.is_empty() { "·" } else { c }, 4, true);
        }
        o.push('\n');
    }
    let _ = write!(o, "{}\n\n\n{}\n", t("cross_legend"), t("games"));
    let w = Words {
        white: t("white"),
        black: t("black"),
        days: t("days_short"),
        moves_count: t("moves_count"),
        by: t("by"),
        owes: lower("owes"),
        last_move: lower("last_move"),
        used: lower("used"),
        running: lower("running"),
        penalty: lower("penalty"),
        left: lower("left"),
        next_control: lower("next_control"),
    };
    for g in games {
        game(o, &w, g);
    }
    if let Some(since) = p.moved_since.filter(|s| !s.is_empty()) {
        let _ = writeln!(o, "+ {} ({since})", t("moved"));
    }
    o.push_str(t("clock_note"));
    o.push('\n');
    out
}

/// The eight spaces under a game's number that its other lines begin with,
/// and the space after them.
const INDENT: &str = "         ";

/// A game's lines: players, result and moves; status, who owes a move and
/// by when, and the last move; each side's clock (51.4) unless the game is
/// under review; its trouble; a blank line.
fn game(o: &mut String, w: &Words, g: &GameLine) {
    if g.moved {
        push_pad(o, &format!("{} +", g.id), 8, false);
    } else {
        push_pad(o, &g.id, 8, false);
    }
    o.push(' ');
    push_pad(o, &format!("{} - {}", g.white, g.black), 56, false);
    o.push(' ');
    push_pad(o, &g.result, 8, false);
    o.push(' ');
    push_pad(o, &g.moves.to_string(), 3, true);
    o.push(' ');
    o.push_str(w.moves_count);
    o.push('\n');
    o.push_str(INDENT);
    o.push_str(&g.status);
    if !g.owes.is_empty() {
        let _ = write!(o, "; {}: {}", w.owes, g.owes);
        if !g.move_by.is_empty() {
            let _ = write!(o, ", {} {}", w.by, g.move_by);
        }
    }
    if !g.last_move.is_empty() {
        let _ = write!(o, "; {} {}", w.last_move, g.last_move);
    }
    o.push('\n');
    if !g.review {
        for (side, c) in [(w.white, &g.white_clock), (w.black, &g.black_clock)] {
            // Under review the template shows no clocks; a line in play has both.
            if let Some(c) = c {
                clock_line(o, w, side, c);
            }
        }
    }
    for x in &g.trouble {
        let _ = writeln!(o, "{INDENT}!! {x}");
    }
    o.push('\n');
}

/// A side's days used (running, penalty) and left, next control and
/// deadline (51.4): one line under its game.
fn clock_line(o: &mut String, w: &Words, side: &str, c: &ClockView) {
    o.push_str(INDENT);
    push_pad(o, side, 6, false);
    let _ = write!(o, " {} {}", w.used, c.used);
    if c.running != 0 {
        let _ = write!(o, " + {} {}", c.running, w.running);
    }
    if c.penalty != 0 {
        let _ = write!(o, " ({} {})", w.penalty, c.penalty);
    }
    let _ = write!(
        o,
        "; {} {} ({} {}: {} {})",
        w.left, c.left, w.next_control, c.next_control, c.allowance, w.days
    );
    if !c.deadline.is_empty() {
        let _ = write!(o, "; {} {}", c.deadline_label.to_lowercase(), c.deadline);
    }
    o.push('\n');
}
