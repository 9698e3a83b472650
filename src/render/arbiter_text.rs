//! The built-in list of findings for the arbiter as text
//! (`templates/arbiter.txt`) written natively: the same bytes as minijinja
//! renders from the template (a `.txt` template, so nothing is escaped).
//! Used only while the user has not overridden arbiter.txt with
//! `--templates DIR`; then minijinja renders theirs (docs/output.md).
//! tests/native_pages.rs proves the bytes equal.
//!
//! It holds what arbiter.html does (src/render/arbiter_page.rs): the changes
//! since the previous report, the findings in their sections (docs/arbiter.md)
//! with the players' addresses, and the count of each code.

use std::fmt::Write;

use super::arbiter::FindingLine;
use super::arbiter_page::ArbiterPage;
use super::text::pad;

/// Writes the arbiter's list of findings as templates/arbiter.txt renders
/// it.
pub(super) fn write_arbiter_text(p: &ArbiterPage<'_>) -> String {
    let l = |k: &str| p.label(k);
    let lower = |k: &str| l(k).to_lowercase();
    let words = Words {
        game: lower("game"),
        date: lower("date"),
        due: lower("due"),
        overdue_by: l("overdue_by"),
        days_short: l("days_short"),
    };
    let findings: usize = p.sections.iter().map(|s| s.findings.len() + 1).sum();
    let mut out = String::with_capacity(400 * findings + 2048);
    let o = &mut out;
    // Writing to a String does not fail.
    let _ = write!(
        o,
        "{}: {}\n{} {}; {}: {}; {}: {}",
        l("arbiter_report"),
        p.head.name,
        l("as_of"),
        p.head.as_of,
        lower("errors"),
        p.errors,
        lower("overdue"),
        p.overdue
    );
    if !p.arbiter_email.is_empty() {
        let _ = write!(o, "; {}: {}", lower("arbiter"), p.arbiter_email);
    }
    o.push_str("\n\n");
    if let Some(stale) = p.stale {
        let _ = write!(o, "!! {} {}\n!! ", l("stale_public"), stale.reason);
        match ArbiterPage::stale_since(stale) {
            Some(since) => {
                let _ = write!(o, "{} {since}.", l("stale_since"));
            }
            None => o.push_str(l("never_published")),
        }
        o.push('\n');
    }
    match p.changes {
        Some(c) => {
            let _ = writeln!(o, "== {} {} ==", l("since_last"), c.since);
            if c.new.is_empty() && c.resolved.is_empty() {
                let _ = writeln!(o, "{}", l("no_changes"));
            } else {
                for (key, findings) in [("new", &c.new), ("resolved", &c.resolved)] {
                    let _ = writeln!(o, "-- {}: {} --", l(key), findings.len());
                    list(o, &words, findings);
                    o.push('\n');
                }
            }
        }
        None => {
            let _ = writeln!(o, "{}", l("first_report"));
        }
    }
    o.push('\n');
    if p.total != 0 {
        for s in p.sections.iter().filter(|s| !s.findings.is_empty()) {
            let _ = writeln!(o, "== {}: {} ==", s.title, s.findings.len());
            list(o, &words, &s.findings);
            o.push('\n');
        }
    } else {
        let _ = writeln!(o, "== {} ==\n{}", l("findings"), l("none"));
    }
    let _ = writeln!(o, "\n== {} ==", l("per_code"));
    for (code, n) in p.per_code {
        o.push_str(&pad(&format!("{} [{code}]", p.code_word(code)), 56, false));
        o.push_str(&pad(&n.to_string(), 5, true));
        o.push('\n');
    }
    out
}

/// The labels of a finding's first line, in the case the template shows
/// them.
struct Words {
    game: String,
    date: String,
    due: String,
    overdue_by: &'static str,
    days_short: &'static str,
}

/// The findings one after another: a line of what and when, the players
/// with their addresses (the one it concerns marked), the message, the file.
fn list(o: &mut String, w: &Words, findings: &[FindingLine]) {
    for f in findings {
        let _ = write!(o, "[{}] {} [{}] ({})", f.severity_word, f.code_word, f.code, f.rule);
        if !f.game.is_empty() {
            let _ = write!(o, "  {} {}", w.game, f.game);
        }
        if !f.game_players.is_empty() {
            let _ = write!(o, " ({})", f.game_players);
        }
        if !f.date.is_empty() {
            let _ = write!(o, "  {} {}", w.date, f.date);
        }
        if !f.due.is_empty() {
            let _ = write!(o, "  {} {}", w.due, f.due);
        }
        if f.overdue_by != 0 {
            let _ = write!(o, ", {} {} {}", w.overdue_by, f.overdue_by, w.days_short);
        }
        o.push('\n');
        for c in &f.players {
            let mark = if c.name == f.player { "* " } else { "  " };
            let _ = write!(o, "    {mark}{}", c.name);
            if !c.email.is_empty() {
                let _ = write!(o, " <{}>", c.email);
            }
            o.push('\n');
        }
        let _ = writeln!(o, "    {}", f.message);
        if !f.file.is_empty() {
            let _ = writeln!(o, "    {}", f.file);
        }
    }
}
