//! The pages of a run: each tournament's public and arbiter's files, and the
//! folder-wide lists of tournaments (`out/public/index.html`,
//! `out/arbiter/index.html`; docs/output.md), each rendered from its view
//! by its template. Every public file passes the address filter.

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::{Environment, Value, context};
use serde::Serialize;
use std::collections::BTreeMap;

use super::json::report_json;
use super::labels::{self, Labels, labels};
use super::records::game_pgn;
use super::redact::{public, public_owned};
use super::views::arbiter::{ChangesView, FindingCounts, StaleView, deadlines_ics, entries, sections};
use super::views::player;
use super::views::public::{GameLine, game_line, head, row_lines, standing_lines};
use super::{TEXT_WIDTH, Templates, calendar, fmt_date, redact_emails, wrap_lines};
use crate::compute::TournamentReport;
use crate::finding::{Code, Finding, Severity};
use crate::messages::said;
use crate::model::Language;

/// The rendered files of one tournament: path inside its folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// One tournament's files for each of the two trees: `out/public/<t>/` and
/// `out/arbiter/<t>/`. Only `arbiter` may hold an address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub public: Files,
    pub arbiter: Files,
}

/// A serialisable view as a template value.
fn v<T: serde::Serialize>(x: T) -> Value {
    Value::from(minijinja::value::Serde(x))
}

/// What every page of a tournament shares, made once: the labels and the
/// tournament's head as template values (cloning a Value is cheap), and
/// the players' file stems.
struct Shared {
    lang: Language,
    t: &'static Labels,
    stems: BTreeMap<String, String>,
    t_val: Value,
    /// The tournament's head with the addresses in its names hidden.
    head_val: Value,
}

impl Shared {
    fn new(r: &TournamentReport<'_>) -> Shared {
        let lang = r.tournament.settings.language;
        let t = labels(lang);
        Shared {
            lang,
            t,
            t_val: v(t),
            stems: player::stems(r),
            head_val: v(head(r).public()),
        }
    }
}

/// Renders the pages of a tournament, one after another.
struct Renderer<'e> {
    env: &'e Environment<'static>,
}

impl Renderer<'_> {
    /// Renders template `name`; a public file has its addresses hidden
    /// (bulletin.txt before it is cut to the width, and again after).
    fn render(&mut self, name: &str, ctx: Value, is_public: bool) -> anyhow::Result<Vec<u8>> {
        let text = self
            .env
            .get_template(name)
            .and_then(|tpl| tpl.render(ctx))
            .map_err(|e| anyhow!("template {name}: {e:#}"))?;
        let text = if is_public { public_owned(text) } else { text };
        // The public texts people forward by email: cut to the width
        // email clients keep.
        let text = if matches!(name, "bulletin.txt" | "next.txt") {
            public(&wrap_lines(&text, TEXT_WIDTH))
        } else {
            text
        };
        Ok(text.into_bytes())
    }
}

/// Renders every output file of one tournament (docs/format.md), sorted
/// into the public and the arbiter's tree.
///
/// # Errors
/// A template that fails to render (named, with its line).
pub fn render_tournament(env: &Templates, r: &TournamentReport<'_>) -> anyhow::Result<Rendered> {
    let shared = Shared::new(r);
    let mut out = Renderer { env: &env.env };
    Ok(Rendered {
        public: public_files(&mut out, r, &shared)?,
        arbiter: arbiter_files(&mut out, r, &shared)?,
    })
}

/// The game pages of one tournament alone, each with all it is made of
/// (the game's line, its PGN, its next message; both files of each game):
/// what `examples/render_stage.rs` times as the cost of a game page.
///
/// # Errors
/// As [`render_tournament`].
#[doc(hidden)]
pub fn render_game_pages(env: &Templates, r: &TournamentReport<'_>) -> anyhow::Result<Files> {
    let s = Shared::new(r);
    let mut out = Renderer { env: &env.env };
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, s.lang, s.t, &s.stems)).collect();
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    let mut files = Files::new();
    game_pages(&mut out, r, &s, &games, &pgns, &mut files)?;
    Ok(files)
}

/// The public tree of a tournament: the bulletin (index.html and
/// bulletin.txt), the game pages with their next messages, the players'
/// pages and calendars, and the PGN of every game.
fn public_files(out: &mut Renderer<'_>, r: &TournamentReport<'_>, s: &Shared) -> anyhow::Result<Files> {
    let (lang, t) = (s.lang, s.t);
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, lang, t, &s.stems)).collect();
    let standings = standing_lines(r, t, &s.stems);
    // The date of the previous report, for the mark of the games moved since.
    let moved = r
        .previous
        .as_ref()
        .filter(|_| games.iter().any(|g| g.moved))
        .map(|p| fmt_date(Some(p.as_of), lang));
    let mut files = Files::new();
    // The bulletin's values, made once for its two files.
    let (standings, games_val) = (v(&standings), v(&games));
    for name in ["index.html", "bulletin.txt"] {
        let ctx = context! {
            t => s.t_val.clone(),
            tournament => s.head_val.clone(),
            lang => lang.code(),
            root => "../",
            standings => standings.clone(),
            games => games_val.clone(),
            moved_since => moved.clone(),
        };
        let mut bytes = out.render(name, ctx, true)?;
        if name.ends_with(".txt") {
            bytes = with_bom(bytes);
        }
        files.insert(name.into(), bytes);
    }
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    game_pages(out, r, s, &games, &pgns, &mut files)?;
    for name in s.stems.keys() {
        let (page, events) = player::player_page(r, name, &s.stems, t);
        let ctx = context! {
            t => s.t_val.clone(),
            tournament => s.head_val.clone(),
            lang => lang.code(),
            root => "../../",
            ..v(&page)
        };
        files.insert(
            format!("players/{}.html", page.stem),
            out.render("player.html", ctx, true)?,
        );
        let cal_name = redact_emails(&format!("{} — {}", r.tournament.settings.name, name)).into_owned();
        let ics = if events.is_empty() {
            let (span, last) = player::no_deadline_event(r, name, t);
            calendar::write_span_calendar(&cal_name, r.as_of, &span, last)
        } else {
            calendar::write_calendar(&cal_name, r.as_of, &events)
        };
        files.insert(format!("players/{}.ics", page.stem), public(&ics).into_bytes());
    }
    files.insert(format!("{}.pgn", r.tournament.id), public(&pgns.concat()).into_bytes());
    Ok(files)
}

/// A public text file with a UTF-8 byte order mark: a web server that
/// sends `text/plain` with no charset still shows Russian right, and an
/// email client shows nothing of it.
fn with_bom(text: Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 3);
    out.extend_from_slice("\u{feff}".as_bytes());
    out.extend(text);
    out
}

/// Each game's page and next message (`games/<id>.html`, `.txt`) into
/// `files`, past the address filter.
fn game_pages(
    out: &mut Renderer<'_>,
    r: &TournamentReport<'_>,
    s: &Shared,
    games: &[GameLine],
    pgns: &[String],
    files: &mut Files,
) -> anyhow::Result<()> {
    let lang = s.lang.code();
    for ((g, line), pgn) in r.games.iter().zip(games).zip(pgns) {
        let next = match player::next_message(r, g) {
            Some(m) => {
                let ctx = context! { t => s.t_val.clone(), tournament => s.head_val.clone(), lang => lang, m => v(&m) };
                Some(out.render("next.txt", ctx, true)?)
            }
            None => None,
        };
        let next_text = next.as_deref().map(String::from_utf8_lossy);
        let ctx = context! {
            t => s.t_val.clone(),
            tournament => s.head_val.clone(),
            lang => lang,
            root => "../../",
            game => v(line),
            rows => row_lines(g, s.lang, s.t).into_value(),
            pgn => pgn,
            next => next_text.as_deref(),
        };
        files.insert(format!("games/{}.html", g.id), out.render("game.html", ctx, true)?);
        if let Some(next) = next {
            files.insert(format!("games/{}.txt", g.id), with_bom(next));
        }
    }
    Ok(())
}

/// The arbiter's tree of a tournament: the list of findings (arbiter.html,
/// arbiter.txt; docs/arbiter.md), deadlines.ics and report.json.
fn arbiter_files(out: &mut Renderer<'_>, r: &TournamentReport<'_>, s: &Shared) -> anyhow::Result<Files> {
    let lang = s.lang;
    let outbox = crate::outbox::Outbox::new(r);
    let sections = sections(r, lang, s.t, &outbox);
    let total = r.all_findings().count();
    let mut per_code: BTreeMap<&str, usize> = BTreeMap::new();
    for f in r.all_findings() {
        *per_code.entry(f.code.as_str()).or_default() += 1;
    }
    let errors = r.all_findings().filter(|f| f.severity == Severity::Error).count();
    let overdue = r.all_findings().filter(|f| f.is_overdue(r.as_of)).count();
    let changes = r.changes().map(|c| ChangesView {
        since: fmt_date(Some(c.since), lang),
        new: entries(&c.new.iter().collect::<Vec<_>>(), r, lang, &outbox),
        resolved: entries(&c.resolved.iter().collect::<Vec<_>>(), r, lang, &outbox),
    });
    let code_words: BTreeMap<&str, &str> = Code::ALL
        .iter()
        .map(|&c| (c.as_str(), labels::code_word(c, lang)))
        .collect();
    let stale = r.stale.as_ref().map(|s| StaleView {
        reason: s.reason.clone(),
        since: s.published.as_ref().map(|p| fmt_date(Some(p.as_of), lang)),
    });
    let head = v(head(r));
    let mut files = Files::new();
    for name in ["arbiter.html", "arbiter.txt"] {
        let ctx = context! {
            t => s.t_val.clone(),
            tournament => head.clone(),
            lang => lang.code(),
            root => "../",
            sections => v(&sections),
            total => total,
            overdue => overdue,
            changes => v(&changes),
            per_code => v(&per_code),
            code_words => v(&code_words),
            errors => errors,
            arbiter_email => &r.tournament.settings.arbiter_email,
            stale => v(&stale),
        };
        files.insert(name.into(), out.render(name, ctx, false)?);
    }
    files.insert("deadlines.ics".into(), deadlines_ics(r).into_bytes());
    files.insert("report.json".into(), report_json(r)?);
    files.extend(outbox.files());
    Ok(files)
}

/// The one-line page that stands in `out/public/<t>/index.html` for a
/// tournament whose inputs fail and that was never published.
pub fn render_unavailable(r: &TournamentReport<'_>) -> Files {
    let lang = r.tournament.settings.language;
    let name = r
        .tournament
        .id
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let line = crate::messages::msg(lang, crate::messages::Msg::ReportNotAvailable, &[&name]);
    let code = lang.code();
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\"><title>{name}</title></head><body><p>{line}</p></body></html>\n"
    );
    let mut files = Files::new();
    files.insert("index.html".into(), redact_emails(&page).into_owned().into_bytes());
    files
}

/// A line of the folder-wide indexes.
#[derive(Serialize)]
pub struct IndexLine {
    /// For the arbiter's index only.
    pub counts: FindingCounts,
    pub id: String,
    pub name: String,
    pub games: usize,
    pub finished: usize,
    pub errors: usize,
    pub warnings: usize,
    /// Whether a public report is there (not so for a tournament whose
    /// inputs fail and that was never published).
    pub available: bool,
    /// The as-of date of the public report when it is stale (its inputs
    /// failed in this run).
    pub stale_since: Option<String>,
    /// The tournament's language: the list is in Russian when all are.
    #[serde(skip)]
    pub language: Language,
}

/// Renders `out/arbiter/index.html`: every tournament with its counts of
/// findings, and which public reports are stale.
///
/// # Errors
/// A template that fails to render.
pub fn render_arbiter_index(
    env: &Environment<'_>,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<Vec<u8>> {
    Ok(render_list(env, "arbiter-index.html", as_of, lines, findings)?.into_bytes())
}

/// Renders `out/public/index.html`, listing the tournaments.
///
/// # Errors
/// A template that fails to render.
pub fn render_index(
    env: &Environment<'_>,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<Vec<u8>> {
    let text = render_list(env, "tournaments.html", as_of, lines, findings)?;
    Ok(redact_emails(&text).into_owned().into_bytes())
}

/// A list of the tournaments (`template`: the public or the arbiter's one),
/// with the findings about the folder itself.
fn render_list(
    env: &Environment<'_>,
    template: &str,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<String> {
    let lang = index_language(lines);
    let t = labels(lang);
    let findings: Vec<String> = findings
        .iter()
        .map(|f| format!("{}: {}", f.file.clone().unwrap_or_default(), said(lang, f)))
        .collect();
    let ctx = minijinja::context! {
        t => v(t),
        as_of => fmt_date(Some(as_of), lang),
        lang => lang.code(),
        root => "",
        tournaments => v(lines),
        findings => findings,
    };
    env.get_template(template)
        .and_then(|tpl| tpl.render(ctx))
        .map_err(|e| anyhow!("template {template}: {e:#}"))
}

/// The language of a list of tournaments: Russian when every one is.
fn index_language(lines: &[IndexLine]) -> Language {
    if !lines.is_empty() && lines.iter().all(|l| l.language == Language::Ru) {
        Language::Ru
    } else {
        Language::En
    }
}
