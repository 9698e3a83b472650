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
use crate::messages::said;
use crate::model::Language;
use crate::render::labels::Labels;
use crate::render::{PUBLIC_FROM_ARBITER, fmt_date};

#[derive(Serialize)]
pub(crate) struct Contact {
    pub(crate) name: String,
    pub(crate) email: String,
}

#[derive(Serialize)]
pub(crate) struct FindingLine {
    pub(crate) severity: &'static str,
    pub(crate) severity_word: &'static str,
    pub(crate) code: &'static str,
    pub(crate) code_word: &'static str,
    pub(crate) rule: &'static str,
    pub(crate) urgency: &'static str,
    /// Whether its due date has passed.
    pub(crate) overdue: bool,
    /// A record not yet due: awaited until its due date (51.9.1).
    pub(crate) awaited: bool,
    pub(crate) game: String,
    /// The game's public page, relative to the arbiter's files.
    pub(crate) game_link: String,
    /// "White – Black" of the game.
    pub(crate) game_players: String,
    pub(crate) player: String,
    /// The player it concerns, or both players of its game, with emails.
    pub(crate) players: Vec<Contact>,
    pub(crate) emails: Vec<String>,
    pub(crate) date: String,
    pub(crate) due: String,
    pub(crate) overdue_by: i64,
    pub(crate) message: String,
    pub(crate) file: String,
    /// The finding's letter in the outbox (src/outbox.rs), if it has one.
    pub(crate) letter: Option<crate::outbox::LetterLink>,
    /// The findings an entry stands for when it lists several (each slow
    /// delivery of one game and side); empty for a single finding.
    pub(crate) items: Vec<Item>,
}

/// One finding of an entry that lists several: its date, what it says and
/// its file; for an entry of several games (many findings of one code),
/// also its game, players, due date and letter.
#[derive(Serialize)]
pub(crate) struct Item {
    /// Its rule, when the items of its entry have different ones (the
    /// entry then names none).
    pub(crate) rule: &'static str,
    pub(crate) date: String,
    pub(crate) message: String,
    pub(crate) file: String,
    pub(crate) game: String,
    pub(crate) game_link: String,
    pub(crate) game_players: String,
    pub(crate) player: String,
    pub(crate) players: Vec<Contact>,
    pub(crate) due: String,
    pub(crate) awaited: bool,
    pub(crate) overdue_by: i64,
    pub(crate) letter: Option<crate::outbox::LetterLink>,
}

impl Item {
    /// The item of finding `f` in an entry of one game (its slow
    /// deliveries): date, what it says, file.
    fn of_game(line: FindingLine) -> Item {
        Item {
            rule: "",
            date: line.date,
            message: line.message,
            file: line.file,
            game: String::new(),
            game_link: String::new(),
            game_players: String::new(),
            player: String::new(),
            players: Vec::new(),
            due: String::new(),
            awaited: false,
            overdue_by: 0,
            letter: None,
        }
    }

    /// The item of a finding in an entry of several games: all of its line
    /// but what the entry says once (code, rule, severity).
    fn of_many(line: FindingLine) -> Item {
        Item {
            rule: line.rule,
            date: line.date,
            message: line.message,
            file: line.file,
            game: line.game,
            game_link: line.game_link,
            game_players: line.game_players,
            player: line.player,
            players: line.players,
            due: line.due,
            awaited: line.awaited,
            overdue_by: line.overdue_by,
            letter: line.letter,
        }
    }
}

/// One part of the arbiter's list.
#[derive(Serialize)]
pub(crate) struct Section {
    pub(crate) key: &'static str,
    pub(crate) title: &'static str,
    pub(crate) findings: Vec<FindingLine>,
    /// The findings of the part (an entry listing many counts each).
    pub(crate) count: usize,
}

#[derive(Serialize)]
pub(crate) struct ChangesView {
    pub(crate) since: String,
    pub(crate) new: Vec<FindingLine>,
    pub(crate) resolved: Vec<FindingLine>,
    pub(crate) now_due: Vec<FindingLine>,
}

pub(crate) fn finding_line(
    f: &Finding,
    r: &TournamentReport<'_>,
    lang: Language,
    outbox: &crate::outbox::Outbox,
) -> FindingLine {
    let t = r.tournament;
    let contact = |name: &str| Contact {
        name: name.to_string(),
        // 51.1.2: the address in force on the report's date.
        email: t.email_on(name, r.as_of).unwrap_or_default().to_string(),
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
        urgency: f.part(r.as_of, false).as_str(),
        overdue: f.is_overdue(r.as_of),
        awaited: f.is_awaited(r.as_of),
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
        message: said(lang, f),
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

/// The lines of a list of findings, in its order, as
/// [`crate::finding::entries`] makes them entries: one line per entry; an
/// entry of several findings is one line listing them as items (each slow
/// delivery of one game and side; many findings of one code, with their
/// games, players, dates and letters).
pub(crate) fn entries(
    findings: &[&Finding],
    r: &TournamentReport<'_>,
    lang: Language,
    outbox: &crate::outbox::Outbox,
) -> Vec<FindingLine> {
    lines(&crate::finding::entries(findings), r, lang, outbox)
}

fn lines(
    entries: &[crate::finding::Entry<'_>],
    r: &TournamentReport<'_>,
    lang: Language,
    outbox: &crate::outbox::Outbox,
) -> Vec<FindingLine> {
    entries
        .iter()
        .filter_map(|entry| {
            let (first, rest) = entry.split_first()?;
            let mut line = finding_line(first, r, lang, outbox);
            if rest.is_empty() && first.code != crate::finding::Code::Transit {
                return Some(line);
            }
            let one_game = rest.iter().all(|f| f.game == first.game);
            let mut items: Vec<Item> = entry
                .iter()
                .map(|f| {
                    let l = finding_line(f, r, lang, outbox);
                    if one_game { Item::of_game(l) } else { Item::of_many(l) }
                })
                .collect();
            line.message.clear();
            line.file.clear();
            if !one_game {
                // What the entry says once: the code, and the rule and due
                // date when every item shares them; each game is an item
                // with its own.
                if rest.iter().any(|f| f.rule != first.rule) {
                    line.rule = "";
                } else {
                    items.iter_mut().for_each(|i| i.rule = "");
                }
                if rest.iter().any(|f| f.due != first.due) {
                    line.due.clear();
                    line.overdue_by = 0;
                    line.awaited = false;
                }
                line.game.clear();
                line.game_link.clear();
                line.game_players.clear();
                line.player.clear();
                line.players.clear();
                line.emails.clear();
                line.date.clear();
                line.letter = None;
            }
            line.items.append(&mut items);
            Some(line)
        })
        .collect()
}

/// The arbiter's list in the parts of [`crate::finding::arbiter_list`]
/// (a finding is new when the last report did not have it; every finding
/// is at the first), each entry a line ([`entries`]).
pub(crate) fn sections(
    r: &TournamentReport<'_>,
    lang: Language,
    t: &Labels,
    outbox: &crate::outbox::Outbox,
) -> Vec<Section> {
    use crate::finding::Urgency;
    let new: Option<std::collections::BTreeSet<crate::outbox::Key>> =
        r.changes().map(|c| c.new.iter().map(crate::outbox::key).collect());
    let is_new = |f: &Finding| new.as_ref().is_none_or(|n| n.contains(&crate::outbox::key(f)));
    crate::finding::arbiter_list(r.all_findings(), r.as_of, is_new)
        .into_iter()
        .map(|(u, entries)| Section {
            key: u.as_str(),
            title: match u {
                Urgency::Week => t.this_week,
                Urgency::Overdue => t.overdue_part,
                Urgency::Result => t.decides_result,
                Urgency::Due => t.due_by_date,
                Urgency::Error => t.errors,
                Urgency::Warning => t.warnings,
                Urgency::Info => t.notes,
            },
            count: entries.iter().map(|e| e.len()).sum(),
            findings: lines(&entries, r, lang, outbox)
                .into_iter()
                .map(|mut l| {
                    l.urgency = u.as_str();
                    l
                })
                .collect(),
        })
        .collect()
}

/// deadlines.ics: one all-day event per finding with a due date, on that
/// date, with a UID made from its tournament, code, game, player and date.
pub(crate) fn deadlines_ics(r: &TournamentReport<'_>) -> String {
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
                description: format!(
                    "{} ({}): {}",
                    r.tournament.settings.name,
                    f.rule,
                    said(r.tournament.settings.language, f)
                ),
            })
        })
        .collect();
    crate::render::calendar::write_calendar(&r.tournament.settings.name, &events)
}

/// The stale notice of the arbiter's files.
#[derive(Serialize)]
pub(crate) struct StaleView {
    pub(crate) reason: String,
    /// The as-of date of the report now public; none if none ever was.
    pub(crate) since: Option<String>,
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

/// A finding about the folder itself (a tournament folder that cannot be
/// read, a stray file), as the two indexes list it: the file it is about
/// and what is wrong, worded in the list's language.
#[derive(Serialize)]
pub(crate) struct FolderFinding {
    /// The file, or empty.
    pub(crate) file: String,
    pub(crate) message: String,
}

pub(crate) fn folder_findings(findings: &[Finding], lang: Language) -> Vec<FolderFinding> {
    findings
        .iter()
        .map(|f| FolderFinding {
            file: f.file.clone().unwrap_or_default(),
            message: said(lang, f),
        })
        .collect()
}
