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
use super::text::pad;
use super::views::ClockView;

/// Writes the text bulletin as templates/bulletin.txt renders it.
pub(super) fn write_bulletin_text(p: &IndexPage<'_>) -> String {
    let t = |k: &str| p.t.get(k).copied().unwrap_or_default();
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
        t("days"),
        t("start"),
        h.start
    );
    if !h.end.is_empty() {
        let _ = write!(o, "; {} {}", t("end"), h.end);
    }
    let _ = writeln!(
        o,
        "\n\n{}\n{} {} {} {} {} {} {}",
        t("standings"),
        pad(t("place"), 6, false),
        pad(t("player"), 30, false),
        pad(t("points"), 6, true),
        pad(t("sb_short"), 7, true),
        pad(t("wins"), 7, true),
        pad(t("played"), 8, true),
        pad(t("to_play"), 8, true),
    );
    for s in p.standings {
        let player = if s.provisional {
            format!("{} *", s.player)
        } else {
            s.player.clone()
        };
        let _ = writeln!(
            o,
            "{} {} {} {} {} {} {}",
            pad(&s.place, 6, false),
            pad(&player, 30, false),
            pad(&s.points, 6, true),
            pad(&s.sb, 7, true),
            pad(&s.wins.to_string(), 7, true),
            pad(&s.played.to_string(), 8, true),
            pad(&s.to_play.to_string(), 8, true),
        );
    }
    if p.standings.iter().any(|s| s.provisional) {
        let _ = writeln!(o, "* {}", t("provisional"));
    }
    let _ = write!(o, "\n\n{}\n{}", t("crosstable"), pad("", 26, false));
    for n in 1..=p.standings.len() {
        o.push_str(&pad(&n.to_string(), 4, true));
    }
    o.push('\n');
    for (i, s) in p.standings.iter().enumerate() {
        o.push_str(&pad(&(i + 1).to_string(), 2, true));
        o.push(' ');
        o.push_str(&pad(&s.player, 23, false));
        for c in &s.cells {
            o.push_str(&pad(if c.is_empty() { "·" } else { c }, 4, true));
        }
        o.push('\n');
    }
    let _ = write!(o, "{}\n\n\n{}\n", t("cross_legend"), t("games"));
    let lower = |k: &str| t(k).to_lowercase();
    let (owes, last_move) = (lower("owes"), lower("last_move"));
    let indent = pad("", 8, false);
    for g in games {
        let id = if g.moved { format!("{} +", g.id) } else { g.id.clone() };
        let _ = writeln!(
            o,
            "{} {} {} {} {}",
            pad(&id, 8, false),
            pad(&format!("{} - {}", g.white, g.black), 56, false),
            pad(&g.result, 8, false),
            pad(&g.moves.to_string(), 3, true),
            t("moves_count"),
        );
        let _ = write!(o, "{indent} {}", g.status);
        if !g.owes.is_empty() {
            let _ = write!(o, "; {owes}: {}", g.owes);
            if !g.move_by.is_empty() {
                let _ = write!(o, ", {} {}", t("by"), g.move_by);
            }
        }
        if !g.last_move.is_empty() {
            let _ = write!(o, "; {last_move} {}", g.last_move);
        }
        o.push('\n');
        if !g.review {
            for (side, c) in [("white", &g.white_clock), ("black", &g.black_clock)] {
                clock_line(o, &t, &indent, t(side), c.as_ref());
            }
        }
        for x in &g.trouble {
            let _ = writeln!(o, "{indent} !! {x}");
        }
        o.push('\n');
    }
    if let Some(since) = p.moved_since.filter(|s| !s.is_empty()) {
        let _ = writeln!(o, "+ {} ({since})", t("moved"));
    }
    o.push_str(t("clock_note"));
    o.push('\n');
    out
}

/// A side's days used (running, penalty) and left, next control and
/// deadline (51.4): one line under its game.
fn clock_line<'t>(o: &mut String, t: &impl Fn(&str) -> &'t str, indent: &str, side: &str, c: Option<&ClockView>) {
    // Under review the template shows no clocks; a line in play has both.
    let Some(c) = c else { return };
    let lower = |k: &str| t(k).to_lowercase();
    let _ = write!(o, "{indent} {} {} {}", pad(side, 6, false), lower("used"), c.used);
    if c.running != 0 {
        let _ = write!(o, " + {} {}", c.running, lower("running"));
    }
    if c.penalty != 0 {
        let _ = write!(o, " ({} {})", lower("penalty"), c.penalty);
    }
    let _ = write!(
        o,
        "; {} {} ({} {}: {} {})",
        lower("left"),
        c.left,
        lower("next_control"),
        c.next_control,
        c.allowance,
        t("days")
    );
    if !c.deadline.is_empty() {
        let _ = write!(o, "; {} {}", c.deadline_label.to_lowercase(), c.deadline);
    }
    o.push('\n');
}
