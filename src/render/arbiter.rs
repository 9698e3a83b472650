//! The views of the arbiter's files: the findings in their sections
//! (overdue, due within 7 days, the other errors, the rest; docs/arbiter.md)
//! with the players' addresses, the changes since the previous report, the
//! stale notice, deadlines.ics, and each tournament's counts for the
//! arbiter's index.

use serde::Serialize;
use std::collections::BTreeMap;

use super::{PUBLIC_FROM_ARBITER, fmt_date};
use crate::compute::TournamentReport;
use crate::finding::Finding;
pub use crate::history::FindingCounts;
use crate::model::Language;

#[derive(Serialize)]
pub(super) struct Contact {
    pub(super) name: String,
    pub(super) email: String,
}

#[derive(Serialize)]
pub(super) struct FindingLine {
    pub(super) severity: &'static str,
    pub(super) severity_word: &'static str,
    pub(super) code: &'static str,
    pub(super) code_word: &'static str,
    pub(super) rule: &'static str,
    pub(super) urgency: &'static str,
    pub(super) game: String,
    /// The game's public page, relative to the arbiter's files.
    pub(super) game_link: String,
    /// "White – Black" of the game.
    pub(super) game_players: String,
    pub(super) player: String,
    /// The player it concerns, or both players of its game, with emails.
    pub(super) players: Vec<Contact>,
    pub(super) emails: Vec<String>,
    pub(super) date: String,
    pub(super) due: String,
    pub(super) overdue_by: i64,
    pub(super) message: String,
    pub(super) file: String,
}

/// One part of the arbiter's list.
#[derive(Serialize)]
pub(super) struct Section {
    pub(super) key: &'static str,
    pub(super) title: &'static str,
    pub(super) findings: Vec<FindingLine>,
}

#[derive(Serialize)]
pub(super) struct ChangesView {
    pub(super) since: String,
    pub(super) new: Vec<FindingLine>,
    pub(super) resolved: Vec<FindingLine>,
}

pub(super) fn finding_line(f: &Finding, r: &TournamentReport<'_>, lang: Language) -> FindingLine {
    let t = r.tournament;
    let contact = |name: &str| Contact {
        name: name.to_string(),
        email: t.email(name).unwrap_or_default().to_string(),
    };
    let game = f.game.as_deref().and_then(|g| r.games.iter().find(|x| x.id == g));
    let players: Vec<Contact> = match (&f.player, game) {
        (_, Some(g)) => vec![contact(&g.white), contact(&g.black)],
        (Some(p), None) => vec![contact(p)],
        (None, None) => Vec::new(),
    };
    let mut emails: Vec<String> = Vec::new();
    for c in &players {
        if f.player.as_ref().is_none_or(|p| *p == c.name) && !c.email.is_empty() && !emails.contains(&c.email) {
            emails.push(c.email.clone());
        }
    }
    FindingLine {
        severity: f.severity.as_str(),
        severity_word: crate::render::labels::severity_word(f.severity, lang),
        code: f.code.as_str(),
        code_word: crate::render::labels::code_word(f.code, lang),
        rule: f.rule,
        urgency: f.urgency(r.as_of).as_str(),
        game: f.game.clone().unwrap_or_default(),
        game_link: game
            .map(|g| format!("{PUBLIC_FROM_ARBITER}/{}/games/{}.html", t.id, g.id))
            .unwrap_or_default(),
        game_players: game.map(|g| format!("{} – {}", g.white, g.black)).unwrap_or_default(),
        player: f.player.clone().unwrap_or_default(),
        players,
        emails,
        date: fmt_date(f.date, lang),
        due: fmt_date(f.due, lang),
        overdue_by: f.overdue_by(r.as_of),
        message: f.message.clone(),
        file: match (&f.file, f.line) {
            (Some(file), Some(line)) => format!("{file}:{line}"),
            (Some(file), None) => file.clone(),
            _ => String::new(),
        },
    }
}

/// The arbiter's list in its parts (overdue, due within 7 days, the other
/// errors, the rest), each in the order of [`Finding::arbiter_key`].
pub(super) fn sections(r: &TournamentReport<'_>, lang: Language, t: &BTreeMap<&str, &'static str>) -> Vec<Section> {
    use crate::finding::Urgency;
    let mut all: Vec<&Finding> = r.all_findings().collect();
    all.sort_by(|a, b| a.arbiter_key(r.as_of).cmp(&b.arbiter_key(r.as_of)));
    Urgency::ALL
        .into_iter()
        .map(|u| Section {
            key: u.as_str(),
            title: t[match u {
                Urgency::Overdue => "overdue",
                Urgency::DueSoon => "due_soon",
                Urgency::Error => "other_errors",
                Urgency::Other => "the_rest",
            }],
            findings: all
                .iter()
                .filter(|f| f.urgency(r.as_of) == u)
                .map(|f| finding_line(f, r, lang))
                .collect(),
        })
        .collect()
}

/// deadlines.ics: one all-day event per finding with a due date, on that
/// date, with a UID made from its tournament, code, game, player and date.
pub(super) fn deadlines_ics(r: &TournamentReport<'_>) -> String {
    let id = &r.tournament.id;
    let mut due: Vec<&Finding> = r.all_findings().filter(|f| f.due.is_some()).collect();
    due.sort_by(|a, b| a.arbiter_key(r.as_of).cmp(&b.arbiter_key(r.as_of)));
    let mut seen = std::collections::BTreeSet::new();
    let events: Vec<crate::render::ical::AllDayEvent> = due
        .into_iter()
        .filter_map(|f| {
            let date = f.date.map(|d| d.to_string()).unwrap_or_default();
            let game = f.game.as_deref().unwrap_or_default();
            let player = f.player.as_deref().unwrap_or_default();
            let uid = crate::render::ical::stable_uid(&[id, f.code.as_str(), game, player, &date]);
            seen.insert(uid.clone()).then(|| crate::render::ical::AllDayEvent {
                uid,
                date: f.due.unwrap_or(r.as_of),
                summary: [f.code.as_str(), game, player]
                    .iter()
                    .filter(|s| !s.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" · "),
                description: format!("{} ({}): {}", r.tournament.settings.name, f.rule, f.message),
            })
        })
        .collect();
    crate::render::ical::write_calendar(&r.tournament.settings.name, r.as_of, &events)
}

/// The stale notice of the arbiter's files.
#[derive(Serialize)]
pub(super) struct StaleView {
    pub(super) reason: String,
    /// The as-of date of the report now public; none if none ever was.
    pub(super) since: Option<String>,
}

/// The [`FindingCounts`] of one tournament's report.
pub fn finding_counts(r: &TournamentReport<'_>) -> FindingCounts {
    let changes = r.changes();
    FindingCounts {
        new: changes.as_ref().map(|c| c.new.len()),
        resolved: changes.as_ref().map(|c| c.resolved.len()),
        overdue: r
            .all_findings()
            .filter(|f| f.urgency(r.as_of) == crate::finding::Urgency::Overdue)
            .count(),
        open: r.all_findings().count(),
        since: changes.map(|c| c.since),
    }
}
