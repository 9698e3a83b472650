//! The views of the arbiter's files: the findings in the parts of
//! [`crate::finding::arbiter_list`] (what can decide a result, what is due,
//! errors, warnings, notes; docs/arbiter.md), each game's slow deliveries
//! (51.2.5) of one side as one entry,
//! with the players' addresses, the changes since the previous report, the
//! stale notice, deadlines.ics, and each tournament's counts for the
//! arbiter's index.

use serde::Serialize;

use crate::compute::TournamentReport;
use crate::finding::Finding;
pub use crate::history::FindingCounts;
use crate::model::Language;
use crate::render::labels::Labels;
use crate::render::{PUBLIC_FROM_ARBITER, fmt_date};

#[derive(Serialize)]
pub(in crate::render) struct Contact {
    pub(in crate::render) name: String,
    pub(in crate::render) email: String,
}

#[derive(Serialize)]
pub(in crate::render) struct FindingLine {
    pub(in crate::render) severity: &'static str,
    pub(in crate::render) severity_word: &'static str,
    pub(in crate::render) code: &'static str,
    pub(in crate::render) code_word: &'static str,
    pub(in crate::render) rule: &'static str,
    pub(in crate::render) urgency: &'static str,
    /// Whether its due date has passed.
    pub(in crate::render) overdue: bool,
    pub(in crate::render) game: String,
    /// The game's public page, relative to the arbiter's files.
    pub(in crate::render) game_link: String,
    /// "White – Black" of the game.
    pub(in crate::render) game_players: String,
    pub(in crate::render) player: String,
    /// The player it concerns, or both players of its game, with emails.
    pub(in crate::render) players: Vec<Contact>,
    pub(in crate::render) emails: Vec<String>,
    pub(in crate::render) date: String,
    pub(in crate::render) due: String,
    pub(in crate::render) overdue_by: i64,
    pub(in crate::render) message: String,
    pub(in crate::render) file: String,
    /// The finding's letter in the outbox (src/outbox.rs), if it has one.
    pub(in crate::render) letter: Option<crate::outbox::LetterLink>,
    /// The findings an entry stands for when it lists several (each slow
    /// delivery of one game and side); empty for a single finding.
    pub(in crate::render) items: Vec<Item>,
}

/// One finding of an entry that lists several.
#[derive(Serialize)]
pub(in crate::render) struct Item {
    pub(in crate::render) date: String,
    pub(in crate::render) message: String,
    pub(in crate::render) file: String,
}

/// One part of the arbiter's list.
#[derive(Serialize)]
pub(in crate::render) struct Section {
    pub(in crate::render) key: &'static str,
    pub(in crate::render) title: &'static str,
    pub(in crate::render) findings: Vec<FindingLine>,
}

#[derive(Serialize)]
pub(in crate::render) struct ChangesView {
    pub(in crate::render) since: String,
    pub(in crate::render) new: Vec<FindingLine>,
    pub(in crate::render) resolved: Vec<FindingLine>,
}

pub(in crate::render) fn finding_line(
    f: &Finding,
    r: &TournamentReport<'_>,
    lang: Language,
    outbox: &crate::outbox::Outbox,
) -> FindingLine {
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
        urgency: f.urgency().as_str(),
        overdue: f.is_overdue(r.as_of),
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
        file: file_line(f),
        letter: outbox.link(f),
        items: Vec::new(),
    }
}

fn file_line(f: &Finding) -> String {
    match (&f.file, f.line) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        (Some(file), None) => file.clone(),
        _ => String::new(),
    }
}

/// The entries of a list of findings, in its order: one per finding, but
/// one for all the slow deliveries (transit, 51.2.5) of a game and side,
/// where the first of them stands, listing each message with its days.
pub(in crate::render) fn entries(
    findings: &[&Finding],
    r: &TournamentReport<'_>,
    lang: Language,
    outbox: &crate::outbox::Outbox,
) -> Vec<FindingLine> {
    let mut lines: Vec<FindingLine> = Vec::new();
    let mut transit: std::collections::HashMap<(&str, Option<crate::model::Side>), usize> =
        std::collections::HashMap::new();
    for f in findings {
        let item = || Item {
            date: fmt_date(f.date, lang),
            message: f.message.clone(),
            file: file_line(f),
        };
        match f.game.as_deref() {
            Some(game) if f.code == crate::finding::Code::Transit => match transit.get(&(game, f.side)) {
                Some(&i) => lines[i].items.push(item()),
                None => {
                    transit.insert((game, f.side), lines.len());
                    let mut line = finding_line(f, r, lang, outbox);
                    line.message.clear();
                    line.file.clear();
                    line.items.push(item());
                    lines.push(line);
                }
            },
            _ => lines.push(finding_line(f, r, lang, outbox)),
        }
    }
    lines
}

/// The arbiter's list in the parts of [`crate::finding::arbiter_list`],
/// as [`entries`].
pub(in crate::render) fn sections(
    r: &TournamentReport<'_>,
    lang: Language,
    t: &Labels,
    outbox: &crate::outbox::Outbox,
) -> Vec<Section> {
    use crate::finding::Urgency;
    crate::finding::arbiter_list(r.all_findings(), r.as_of)
        .into_iter()
        .map(|(u, findings)| Section {
            key: u.as_str(),
            title: match u {
                Urgency::Result => t.decides_result,
                Urgency::Due => t.due_by_date,
                Urgency::Error => t.errors,
                Urgency::Warning => t.warnings,
                Urgency::Info => t.notes,
            },
            findings: entries(&findings, r, lang, outbox),
        })
        .collect()
}

/// deadlines.ics: one all-day event per finding with a due date, on that
/// date, with a UID made from its tournament, code, game, player and date.
pub(in crate::render) fn deadlines_ics(r: &TournamentReport<'_>) -> String {
    let id = &r.tournament.id;
    let mut due: Vec<&Finding> = r.all_findings().filter(|f| f.due.is_some()).collect();
    due.sort_by(|a, b| a.arbiter_key(r.as_of).cmp(&b.arbiter_key(r.as_of)));
    let mut seen = std::collections::BTreeSet::new();
    let events: Vec<crate::render::calendar::AllDayEvent> = due
        .into_iter()
        .filter_map(|f| {
            let date = f.date.map(|d| d.to_string()).unwrap_or_default();
            let game = f.game.as_deref().unwrap_or_default();
            let player = f.player.as_deref().unwrap_or_default();
            let uid = crate::render::calendar::stable_uid(&[id, f.code.as_str(), game, player, &date]);
            seen.insert(uid.clone()).then(|| crate::render::calendar::AllDayEvent {
                uid,
                date: f.due.unwrap_or(r.as_of),
                // The day the finding arose: its event changes only with it.
                stamp: f.date.unwrap_or(r.tournament.settings.start),
                alarms: false,
                summary: [
                    crate::render::labels::code_word(f.code, r.tournament.settings.language),
                    game,
                    player,
                ]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" · "),
                description: format!("{} ({}): {}", r.tournament.settings.name, f.rule, f.message),
            })
        })
        .collect();
    crate::render::calendar::write_calendar(&r.tournament.settings.name, &events)
}

/// The stale notice of the arbiter's files.
#[derive(Serialize)]
pub(in crate::render) struct StaleView {
    pub(in crate::render) reason: String,
    /// The as-of date of the report now public; none if none ever was.
    pub(in crate::render) since: Option<String>,
}

/// The [`FindingCounts`] of one tournament's report.
pub fn finding_counts(r: &TournamentReport<'_>) -> FindingCounts {
    let changes = r.changes();
    FindingCounts {
        new: changes.as_ref().map(|c| c.new.len()),
        resolved: changes.as_ref().map(|c| c.resolved.len()),
        overdue: r.all_findings().filter(|f| f.is_overdue(r.as_of)).count(),
        open: r.all_findings().count(),
        since: changes.map(|c| c.since),
    }
}
