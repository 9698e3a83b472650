//! The built-in list of findings for the arbiter (`templates/arbiter.html`)
//! written natively: the same bytes as minijinja renders from the template,
//! escaped by [`push_escaped`] as the public pages are (src/render/html.rs).
//! Used only while the user has not overridden arbiter.html with
//! `--templates DIR`; then minijinja renders theirs (docs/output.md).
//! tests/native_pages.rs proves the bytes equal.
//!
//! The page shows the changes since the previous report, the findings in
//! their sections (overdue, due within 7 days, the other errors, the rest;
//! docs/arbiter.md) with the players' addresses, and the count of each
//! code; what it shows is made in src/render/arbiter.rs. [`ArbiterPage`] is
//! also what arbiter.txt is written from (src/render/arbiter_text.rs).

use std::collections::BTreeMap;

use super::arbiter::{ChangesView, FindingLine, Section, StaleView};
use super::html::{escaped, push_escaped, push_int, push_link};
use super::views::Head;

/// What arbiter.html and arbiter.txt are rendered from.
pub(super) struct ArbiterPage<'a> {
    pub(super) t: &'a BTreeMap<&'static str, &'static str>,
    /// The tournament's head, addresses kept (the arbiter's files are not
    /// public).
    pub(super) head: &'a Head,
    pub(super) style: &'a str,
    pub(super) sections: &'a [Section],
    /// The number of findings in all the sections.
    pub(super) total: usize,
    pub(super) overdue: usize,
    pub(super) errors: usize,
    pub(super) changes: Option<&'a ChangesView>,
    pub(super) per_code: &'a BTreeMap<&'a str, usize>,
    pub(super) code_words: &'a BTreeMap<&'a str, &'a str>,
    pub(super) arbiter_email: &'a str,
    pub(super) stale: Option<&'a StaleView>,
}

impl ArbiterPage<'_> {
    /// The label `key`, as the template's `t.key` (empty when there is none).
    pub(super) fn label(&self, key: &str) -> &'static str {
        self.t.get(key).copied().unwrap_or_default()
    }

    /// The word of a code, as the template's `code_words[code]`.
    pub(super) fn code_word(&self, code: &str) -> &str {
        self.code_words.get(code).copied().unwrap_or_default()
    }

    /// The date of the report now public, when the stale notice has one.
    pub(super) fn stale_since(stale: &StaleView) -> Option<&str> {
        stale.since.as_deref().filter(|s| !s.is_empty())
    }
}

/// Writes the arbiter's list of findings as templates/arbiter.html renders
/// it.
pub(super) fn write_arbiter_page(p: &ArbiterPage<'_>) -> String {
    let l = |k: &str| escaped(p.label(k));
    let th: String = ["severity", "code", "rule", "game", "players", "date", "due", "what"]
        .iter()
        .map(|k| format!("<th>{}</th>", l(k)))
        .collect();
    let table_head =
        format!("<div class=\"scroll\">\n<table class=\"findings\">\n<thead><tr>{th}</tr></thead>\n<tbody>\n");
    let overdue_by = (l("overdue_by"), l("days_short"));
    let table = |o: &mut String, findings: &[FindingLine]| {
        o.push_str(&table_head);
        for f in findings {
            row(o, f, &overdue_by);
        }
        o.push_str("</tbody>\n</table>\n</div>\n");
    };
    let findings: usize = p.sections.iter().map(|s| s.findings.len() + 1).sum();
    let mut out = String::with_capacity(p.style.len() + 1200 * findings + 4096);
    let o = &mut out;
    let (name, report) = (escaped(&p.head.name), l("arbiter_report"));
    o.push_str("<!DOCTYPE html>\n<html lang=\"");
    push_escaped(o, p.head.lang);
    o.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"robots\" content=\"noindex\">\n<title>");
    o.push_str(&report);
    o.push_str(" — ");
    o.push_str(&name);
    o.push_str("</title>\n<style>");
    o.push_str(p.style);
    o.push_str("</style>\n</head>\n<body>\n<h1>");
    o.push_str(&report);
    o.push_str("</h1>\n<p class=\"meta\"><span>");
    o.push_str(&name);
    o.push_str("</span><span>");
    o.push_str(&l("as_of"));
    o.push_str(": <strong>");
    push_escaped(o, &p.head.as_of);
    o.push_str("</strong></span><span>");
    o.push_str(&l("errors"));
    o.push_str(": ");
    push_int(o, p.errors as i64);
    o.push_str("</span><span>");
    o.push_str(&l("overdue"));
    o.push_str(": ");
    push_int(o, p.overdue as i64);
    o.push_str("</span>");
    if !p.arbiter_email.is_empty() {
        o.push_str("<span>");
        o.push_str(&l("arbiter"));
        o.push_str(": <a href=\"mailto:");
        push_escaped(o, p.arbiter_email);
        o.push_str("\">");
        push_escaped(o, p.arbiter_email);
        o.push_str("</a></span>");
    }
    o.push_str("<span><a href=\"deadlines.ics\">");
    o.push_str(&l("calendar"));
    o.push_str("</a></span></p>\n\n");
    if let Some(stale) = p.stale {
        o.push_str("<p class=\"stale\"><strong>");
        o.push_str(&l("stale_public"));
        o.push_str("</strong> ");
        push_escaped(o, &stale.reason);
        o.push(' ');
        match ArbiterPage::stale_since(stale) {
            Some(since) => {
                o.push_str(&l("stale_since"));
                o.push_str(" <strong>");
                push_escaped(o, since);
                o.push_str("</strong>.");
            }
            None => o.push_str(&l("never_published")),
        }
        o.push_str("</p>\n");
    }
    o.push_str("<section id=\"changes\">\n");
    match p.changes {
        Some(c) => {
            o.push_str("<h2>");
            o.push_str(&l("since_last"));
            o.push(' ');
            push_escaped(o, &c.since);
            o.push_str("</h2>\n");
            if c.new.is_empty() && c.resolved.is_empty() {
                o.push_str("<p>");
                o.push_str(&l("no_changes"));
                o.push_str("</p>");
            } else {
                for (id, key, findings) in [("new", "new", &c.new), ("resolved", "resolved", &c.resolved)] {
                    o.push_str("<h3 id=\"");
                    o.push_str(id);
                    o.push_str("\">");
                    o.push_str(&l(key));
                    o.push_str(": ");
                    push_int(o, findings.len() as i64);
                    o.push_str("</h3>\n");
                    if !findings.is_empty() {
                        table(o, findings);
                    }
                }
            }
        }
        None => {
            o.push_str("<p class=\"note\">");
            o.push_str(&l("first_report"));
            o.push_str("</p>");
        }
    }
    o.push_str("</section>\n\n");
    if p.total != 0 {
        for s in p.sections.iter().filter(|s| !s.findings.is_empty()) {
            o.push_str("<h2 id=\"");
            push_escaped(o, s.key);
            o.push_str("\">");
            push_escaped(o, s.title);
            o.push_str(": ");
            push_int(o, s.findings.len() as i64);
            o.push_str("</h2>\n");
            table(o, &s.findings);
            o.push('\n');
        }
    } else {
        o.push_str("<h2>");
        o.push_str(&l("findings"));
        o.push_str("</h2>\n<p>");
        o.push_str(&l("none"));
        o.push_str("</p>\n");
    }
    o.push_str("\n<h2>");
    o.push_str(&l("per_code"));
    o.push_str("</h2>\n<table class=\"per-code\"><tbody>\n");
    for (code, n) in p.per_code {
        o.push_str("<tr><td>");
        push_escaped(o, p.code_word(code));
        o.push_str(" <span class=\"note\">[");
        push_escaped(o, code);
        o.push_str("]</span></td><td class=\"num\">");
        push_int(o, *n as i64);
        o.push_str("</td></tr>\n");
    }
    o.push_str("</tbody></table>\n</body>\n</html>\n");
    out
}

/// A finding's row: severity, code, rule, game, players with their
/// addresses, date, due date (and days overdue), and what it says.
fn row(o: &mut String, f: &FindingLine, (overdue_by, days_short): &(String, String)) {
    o.push_str("<tr class=\"finding ");
    push_escaped(o, f.severity);
    o.push(' ');
    push_escaped(o, f.urgency);
    o.push_str("\"><td>");
    push_escaped(o, f.severity_word);
    o.push_str("</td><td>");
    push_escaped(o, f.code_word);
    o.push_str(" <span class=\"note\">[");
    push_escaped(o, f.code);
    o.push_str("]</span></td><td>");
    push_escaped(o, f.rule);
    o.push_str("</td><td>");
    if f.game_link.is_empty() {
        push_escaped(o, &f.game);
    } else {
        push_link(o, "", &f.game_link, "", &f.game);
    }
    if !f.game_players.is_empty() {
        o.push_str("<br><span class=\"note\">");
        push_escaped(o, &f.game_players);
        o.push_str("</span>");
    }
    o.push_str("</td><td>");
    for (i, c) in f.players.iter().enumerate() {
        if i > 0 {
            o.push_str("<br>");
        }
        if c.name == f.player {
            o.push_str("<strong>");
            push_escaped(o, &c.name);
            o.push_str("</strong>");
        } else {
            push_escaped(o, &c.name);
        }
        if !c.email.is_empty() {
            o.push_str(" <a href=\"mailto:");
            push_escaped(o, &c.email);
            o.push_str("\">");
            push_escaped(o, &c.email);
            o.push_str("</a>");
        }
    }
    o.push_str("</td><td class=\"date\">");
    push_escaped(o, &f.date);
    o.push_str("</td><td class=\"date\">");
    push_escaped(o, &f.due);
    if f.overdue_by != 0 {
        o.push_str("<br><strong class=\"overdue\">");
        o.push_str(overdue_by);
        o.push(' ');
        push_int(o, f.overdue_by);
        o.push(' ');
        o.push_str(days_short);
        o.push_str("</strong>");
    }
    o.push_str("</td><td>");
    push_escaped(o, &f.message);
    if !f.file.is_empty() {
        o.push_str("<br><span class=\"note\">");
        push_escaped(o, &f.file);
        o.push_str("</span>");
    }
    if let Some(l) = &f.letter {
        o.push_str("<br><span class=\"note letter\">");
        if l.href.is_empty() {
            push_escaped(o, &l.file);
        } else {
            push_link(o, "", &l.href, "", &l.file);
        }
        o.push_str(", ");
        push_escaped(o, &l.note);
        o.push_str(" · ");
        push_link(o, "", &l.mailto, "", l.write);
        o.push_str("</span>");
    }
    o.push_str("</td></tr>\n");
}
