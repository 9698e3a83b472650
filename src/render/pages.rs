//! The pages of a run: each tournament's public and arbiter's files, and the
//! folder-wide lists of tournaments (`out/public/index.html`,
//! `out/arbiter/index.html`; docs/output.md), each rendered from its view
//! by its template. Every public file passes the address filter.

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::{Environment, Value, context};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

use super::json::report_json;
use super::labels::{self, Labels, labels};
use super::records::game_pgn;
use super::redact::{public, public_owned};
use super::views::arbiter::{ChangesView, FindingCounts, StaleView, deadlines_ics, entries, folder_findings, sections};
use super::views::player;
use super::views::public::{GameLine, Head, game_line, game_page, head, row_lines, standing_lines};
use super::{TEXT_WIDTH, Templates, calendar, fmt_date, redact_emails, wrap_lines};
use crate::compute::TournamentReport;
use crate::finding::{Code, Finding, Severity};
use crate::model::Language;

/// The rendered files of one tournament: path inside its folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// One tournament's files for each of the two trees: `out/public/<t>/` and
/// `out/arbiter/<t>/`. Only `arbiter` may hold an address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub public: Files,
    pub arbiter: Files,
    /// The public files not rendered again because what they show is as
    /// at the previous report ([`Since`]): carried over from the folder
    /// they replace, unchanged.
    pub kept: BTreeSet<String>,
    /// Each game's fingerprint of what its files show ([`Since::before`]
    /// of the next run).
    pub games: BTreeMap<String, u64>,
}

/// What the previous report rendered, for rendering only what changed:
/// the run's fingerprint (the tool and the templates) and each game's
/// fingerprint of what its page, next message and PGN showed. A game
/// whose fingerprint is the same is not rendered again: its files are
/// carried over. Empty: everything is rendered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Since {
    pub run: u64,
    /// Game id → fingerprint, as the previous report stored it (in the
    /// folder now public).
    pub before: BTreeMap<String, u64>,
}

/// The fingerprint of what a page shows: its views hashed field by field
/// (the standard hasher, fixed keys: the same binary gives the same value,
/// and the run's fingerprint holds the binary's). The views are what the
/// template reads, so a page whose views hash alike renders alike; a view
/// may be stood for by all it is made from (a game's rows by its records).
fn fingerprint(seed: u64, views: &impl std::hash::Hash) -> u64 {
    use std::hash::{Hash, Hasher};
    /// The bytes the views feed a hasher, gathered and hashed in one
    /// piece: the standard hasher takes as long for each of the many small
    /// pieces of a game's rows as for a long one.
    struct Gathered(Vec<u8>);
    impl Hasher for Gathered {
        fn write(&mut self, bytes: &[u8]) {
            self.0.extend_from_slice(bytes);
        }
        fn finish(&self) -> u64 {
            let mut h = std::hash::DefaultHasher::new();
            h.write(&self.0);
            h.finish()
        }
    }
    let mut h = Gathered(Vec::with_capacity(16 << 10));
    seed.hash(&mut h);
    views.hash(&mut h);
    h.finish()
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
    /// The tournament's head (the public environment's formatter hides
    /// the addresses in its names).
    head_val: Value,
    /// The same without the as-of date, for the pages that show nothing
    /// that runs with it (a game's page and next message).
    stable_head_val: Value,
    /// The fingerprint of the stable head and the language.
    stable_head_print: u64,
}

impl Shared {
    fn new(r: &TournamentReport<'_>) -> Shared {
        let lang = r.tournament.settings.language;
        let t = labels(lang);
        let stable = Head {
            as_of: String::new(),
            ..head(r)
        };
        Shared {
            lang,
            t,
            t_val: v(t),
            stems: super::stems::stems(r),
            head_val: v(head(r)),
            stable_head_print: fingerprint(0, &(&stable, lang.code())),
            stable_head_val: v(stable),
        }
    }
}

/// Renders the pages of a tournament, one after another.
struct Renderer<'e> {
    env: &'e Templates,
}

impl Renderer<'_> {
    /// Renders template `name`; a public file has its addresses hidden
    /// (bulletin.txt before it is cut to the width, and again after).
    fn render(&mut self, name: &str, ctx: Value, is_public: bool) -> anyhow::Result<Vec<u8>> {
        let env = if is_public { self.env.public() } else { self.env };
        let text = crate::render::render_page(env, name, ctx).map_err(|e| anyhow!("template {name}: {e:#}"))?;
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
    render_tournament_since(env, r, &Since::default())
}

/// Renders the files of one tournament as [`render_tournament`] does,
/// but a game's page, next message and PGN only when what they show
/// changed since the report `since` describes: the others are named in
/// [`Rendered::kept`]. The bulletin, the players' pages and calendars and
/// the arbiter's files are rendered every time.
///
/// # Errors
/// As [`render_tournament`].
pub fn render_tournament_since(env: &Templates, r: &TournamentReport<'_>, since: &Since) -> anyhow::Result<Rendered> {
    let shared = Shared::new(r);
    let mut out = Renderer { env };
    let mut rendered = Rendered::default();
    rendered.public = public_files(&mut out, r, &shared, since, &mut rendered.kept, &mut rendered.games)?;
    rendered.arbiter = arbiter_files(&mut out, r, &shared)?;
    Ok(rendered)
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
    let mut out = Renderer { env };
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, s.lang, s.t, &s.stems)).collect();
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    let mut files = Files::new();
    let (mut kept, mut prints) = Default::default();
    let since = Since::default();
    game_pages(
        &mut out,
        r,
        &s,
        &games,
        &pgns,
        &since,
        &mut files,
        (&mut kept, &mut prints),
    )?;
    Ok(files)
}

/// The public tree of a tournament: the bulletin (index.html and
/// bulletin.txt), the game pages with their next messages, the players'
/// pages and calendars, and the PGN of every game.
fn public_files(
    out: &mut Renderer<'_>,
    r: &TournamentReport<'_>,
    s: &Shared,
    since: &Since,
    kept: &mut BTreeSet<String>,
    prints: &mut BTreeMap<String, u64>,
) -> anyhow::Result<Files> {
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
    game_pages(out, r, s, &games, &pgns, since, &mut files, (kept, prints))?;
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
        let ics = calendar::write_calendar(&cal_name, &events);
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
/// `files`, past the address filter: the one place that decides which
/// games are rendered again. A game whose fingerprint of what its files
/// show (its page's view, the records its rows are made from, its PGN and
/// next message, the tournament's head without the as-of date, the run's
/// tool and templates) is the one `since` holds is not rendered: its files
/// go into `kept`. Every game's fingerprint goes into `prints`.
#[allow(clippy::too_many_arguments)]
fn game_pages(
    out: &mut Renderer<'_>,
    r: &TournamentReport<'_>,
    s: &Shared,
    games: &[GameLine],
    pgns: &[String],
    since: &Since,
    files: &mut Files,
    (kept, prints): (&mut BTreeSet<String>, &mut BTreeMap<String, u64>),
) -> anyhow::Result<()> {
    let lang = s.lang.code();
    for ((g, line), pgn) in r.games.iter().zip(games).zip(pgns) {
        let page = game_page(g, line, s.lang, s.t);
        let message = player::next_message(r, g);
        // The rows by the records their view is made from (`row_lines`
        // reads nothing else): making and hashing the view of every row of
        // every game cost 6% of a next night's CPU.
        let clocks = g.facts.clocks_shown();
        let made_from = (&g.rows, clocks);
        let print = fingerprint(since.run ^ s.stable_head_print, &(&page, made_from, pgn, &message));
        prints.insert(g.id.clone(), print);
        if since.before.get(&g.id) == Some(&print) {
            kept.insert(format!("games/{}.html", g.id));
            if message.is_some() {
                kept.insert(format!("games/{}.txt", g.id));
            }
            continue;
        }
        let rows = row_lines(&g.rows, clocks, s.lang);
        let next = match message {
            Some(m) => {
                let ctx = context! { t => s.t_val.clone(), tournament => s.stable_head_val.clone(), lang => lang, m => v(&m) };
                Some(out.render("next.txt", ctx, true)?)
            }
            None => None,
        };
        let next_text = next.as_deref().map(String::from_utf8_lossy);
        let ctx = context! {
            t => s.t_val.clone(),
            tournament => s.stable_head_val.clone(),
            lang => lang,
            root => "../../",
            game => v(&page),
            rows => v(&rows),
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
        now_due: entries(&c.now_due.iter().collect::<Vec<_>>(), r, lang, &outbox),
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
            computed => r.computed(),
        };
        files.insert(name.into(), out.render(name, ctx, false)?);
    }
    files.insert("deadlines.ics".into(), deadlines_ics(r).into_bytes());
    files.insert("report.json".into(), report_json(r)?);
    files.extend(outbox.files());
    Ok(files)
}

/// The one-line page that stands in `out/public/<t>/index.html` for a
/// tournament whose inputs fail and that was never published
/// (unavailable.html).
///
/// # Errors
/// A template that fails to render.
pub fn render_unavailable(env: &Templates, r: &TournamentReport<'_>) -> anyhow::Result<Files> {
    let lang = r.tournament.settings.language;
    let id = &r.tournament.id;
    let ctx = context! {
        lang => lang.code(),
        id => id,
        message => crate::tr!(lang, "report-not-available", name = id),
    };
    let page = crate::render::render_page(env.public(), "unavailable.html", ctx)
        .map_err(|e| anyhow!("template unavailable.html: {e:#}"))?;
    let mut files = Files::new();
    files.insert("index.html".into(), redact_emails(&page).into_owned().into_bytes());
    Ok(files)
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
    /// The tournament's language: the list is in it when all are.
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
    env: &Templates,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<Vec<u8>> {
    let text = render_list(env.public(), "tournaments.html", as_of, lines, findings)?;
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
    let findings = folder_findings(findings, lang);
    let ctx = minijinja::context! {
        t => v(t),
        as_of => fmt_date(Some(as_of), lang),
        lang => lang.code(),
        root => "",
        tournaments => v(lines),
        findings => v(findings),
    };
    crate::render::render_page(env, template, ctx).map_err(|e| anyhow!("template {template}: {e:#}"))
}

/// The language of a list of tournaments: the tournaments' when they all
/// have one, else the default.
fn index_language(lines: &[IndexLine]) -> Language {
    match lines.first() {
        Some(first) if lines.iter().all(|l| l.language == first.language) => first.language,
        _ => Language::default(),
    }
}
