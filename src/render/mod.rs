//! The render stage: view structs made for the templates (never the domain
//! types), minijinja with the embedded templates of `templates/` overridden
//! file by file from `--templates DIR`, and the PGN and JSON writers. Every
//! public file passes through [`redact_emails`] last.

mod arbiter;
mod arbiter_page;
mod arbiter_text;
mod bulletin_text;
mod game_page;
mod html;
pub mod ical;
mod index_page;
mod json;
pub mod labels;
mod lists;
mod next_text;
pub mod player;
mod player_page;
mod records;
mod redact;
mod text;
mod views;

pub use json::{report_json, report_json_serde};
use records::game_pgn;
pub use redact::redact_emails;
use redact::{public, public_owned};
use text::pad;
pub use text::{TEXT_WIDTH, wrap_lines};

use arbiter::{ChangesView, StaleView, deadlines_ics, finding_line, sections};
pub use arbiter::{FindingCounts, finding_counts};
use arbiter_page::{ArbiterPage, write_arbiter_page};
use arbiter_text::write_arbiter_text;
use bulletin_text::write_bulletin_text;
use game_page::{GamePageParts, write_game_page};
use index_page::{IndexPage, write_index_page};
pub use lists::{IndexLine, render_arbiter_index, render_index};
use next_text::NextTextParts;
use player_page::PlayerPageParts;
use views::{GameLine, Head, game_line, head, row_lines, standing_lines};

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::Environment;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::compute::TournamentReport;
use crate::finding::{Code, Severity};
use crate::model::Language;
use crate::render::labels::labels;

/// A serialisable value for a template context.
pub(crate) fn v<T: Serialize>(x: T) -> minijinja::Value {
    minijinja::Value::from(minijinja::value::Serde(x))
}

/// The default templates, embedded in the binary.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("index.html", include_str!("../../templates/index.html")),
    ("game.html", include_str!("../../templates/game.html")),
    ("bulletin.txt", include_str!("../../templates/bulletin.txt")),
    ("arbiter.html", include_str!("../../templates/arbiter.html")),
    ("arbiter.txt", include_str!("../../templates/arbiter.txt")),
    ("tournaments.html", include_str!("../../templates/tournaments.html")),
    ("arbiter-index.html", include_str!("../../templates/arbiter-index.html")),
    ("style.css", include_str!("../../templates/style.css")),
    ("player.html", include_str!("../../templates/player.html")),
    ("next.txt", include_str!("../../templates/next.txt")),
];

/// The public tree seen from a tournament's arbiter folder
/// (`out/arbiter/<t>/` → `out/public/`).
pub const PUBLIC_FROM_ARBITER: &str = "../../public";

/// The templates of a run: the minijinja environment, and whether the game
/// page, the player page, the next message, the bulletin (index.html,
/// bulletin.txt) and the arbiter's list (arbiter.html, arbiter.txt) are the
/// built-in ones, which are then written natively (src/render/game_page.rs,
/// player_page.rs, next_text.rs, index_page.rs, bulletin_text.rs,
/// arbiter_page.rs, arbiter_text.rs) with the same bytes. Dereferences to
/// the environment.
pub struct Templates {
    env: Environment<'static>,
    /// No `game.html` in the user's `--templates` folder.
    builtin_game_page: bool,
    /// No `player.html` in the user's `--templates` folder.
    builtin_player_page: bool,
    /// No `next.txt` in the user's `--templates` folder.
    builtin_next_text: bool,
    /// No `index.html` in the user's `--templates` folder.
    builtin_index_page: bool,
    /// No `bulletin.txt` in the user's `--templates` folder.
    builtin_bulletin_text: bool,
    /// No `arbiter.html` in the user's `--templates` folder.
    builtin_arbiter_page: bool,
    /// No `arbiter.txt` in the user's `--templates` folder.
    builtin_arbiter_text: bool,
}

impl std::ops::Deref for Templates {
    type Target = Environment<'static>;
    fn deref(&self) -> &Environment<'static> {
        &self.env
    }
}

/// Builds the template environment: the user's folder first, then the
/// embedded defaults.
///
/// # Errors
/// A user template that does not parse: the error names it and its line.
pub fn environment(user: Option<&Path>) -> anyhow::Result<Templates> {
    let mut env = Environment::new();
    let user: Option<PathBuf> = user.map(Path::to_path_buf);
    if let Some(dir) = &user
        && !dir.is_dir()
    {
        return Err(anyhow!("the templates folder `{}` does not exist", dir.display()));
    }
    let builtin = |name: &str| user.as_ref().is_none_or(|dir| !dir.join(name).is_file());
    let (builtin_game_page, builtin_player_page) = (builtin("game.html"), builtin("player.html"));
    let builtin_next_text = builtin("next.txt");
    let (builtin_index_page, builtin_bulletin_text) = (builtin("index.html"), builtin("bulletin.txt"));
    let (builtin_arbiter_page, builtin_arbiter_text) = (builtin("arbiter.html"), builtin("arbiter.txt"));
    env.set_loader(move |name| {
        if let Some(dir) = &user {
            let path = dir.join(name);
            if path.is_file() {
                return std::fs::read_to_string(&path).map(Some).map_err(|e| {
                    minijinja::Error::new(
                        minijinja::ErrorKind::InvalidOperation,
                        format!("failed to read `{}`: {e}", path.display()),
                    )
                });
            }
        }
        Ok(TEMPLATES.iter().find(|(n, _)| *n == name).map(|(_, s)| s.to_string()))
    });
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .map_err(|e| anyhow!("template syntax: {e}"))?,
    );
    env.add_filter("ljust", |s: String, n: usize| pad(&s, n, false));
    env.add_filter("rjust", |s: String, n: usize| pad(&s, n, true));
    // Parse every template now, so that a broken one stops the run before
    // anything is written.
    for (name, _) in TEMPLATES {
        env.get_template(name).map_err(|e| anyhow!("template {name}: {e:#}"))?;
    }
    Ok(Templates {
        env,
        builtin_game_page,
        builtin_player_page,
        builtin_next_text,
        builtin_index_page,
        builtin_bulletin_text,
        builtin_arbiter_page,
        builtin_arbiter_text,
    })
}

/// The files of a `--templates` folder that match no template (and so
/// change nothing), each named in a warning.
pub fn unknown_templates(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && !TEMPLATES.iter().any(|(t, _)| t == n))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let known: Vec<&str> = TEMPLATES.iter().map(|(t, _)| *t).collect();
            format!(
                "the template file `{}` matches no template and is not used (the templates are {})",
                dir.join(&n).display(),
                known.join(", ")
            )
        })
        .collect()
}

pub fn fmt_date(d: Option<NaiveDate>, lang: Language) -> String {
    d.map(|d| crate::dates::show(d, lang)).unwrap_or_default()
}

/// The rendered files of one tournament: path inside its folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// One tournament's files for each of the two trees: `out/public/<t>/` and
/// `out/arbiter/<t>/`. Only `arbiter` may hold an address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub public: Files,
    pub arbiter: Files,
}

/// What every page of a tournament shares, made once (a minijinja Value is
/// reference-counted: cloning it is cheap).
struct Shared {
    lang: Language,
    t: &'static BTreeMap<&'static str, &'static str>,
    /// The players' file stems (src/render/player.rs).
    stems: BTreeMap<String, String>,
    t_val: minijinja::Value,
    /// The tournament's head with the addresses in its names hidden.
    public_head: Head,
    head_val: minijinja::Value,
    style: String,
    style_val: minijinja::Value,
    /// The shared parts of the built-in game page, when it is not
    /// overridden.
    game_parts: Option<GamePageParts>,
    /// The shared parts of the built-in player page, when it is not
    /// overridden.
    player_parts: Option<PlayerPageParts>,
    /// The shared parts of the built-in next message, when it is not
    /// overridden.
    next_parts: Option<NextTextParts>,
}

impl Shared {
    fn new(env: &Templates, r: &TournamentReport<'_>) -> anyhow::Result<Shared> {
        let lang = r.tournament.settings.language;
        let t = labels(lang);
        let style = env
            .get_template("style.css")
            .and_then(|tpl| tpl.render(()))
            .map_err(|e| anyhow!("template style.css: {e:#}"))?;
        let public_head = head(r).public();
        Ok(Shared {
            lang,
            t_val: v(t),
            game_parts: env
                .builtin_game_page
                .then(|| GamePageParts::new(t, lang, &public_head, &style)),
            player_parts: env
                .builtin_player_page
                .then(|| PlayerPageParts::new(t, &public_head, &style)),
            next_parts: env.builtin_next_text.then(|| NextTextParts::new(t, &public_head)),
            t,
            stems: crate::render::player::stems(r),
            head_val: v(&public_head),
            public_head,
            style_val: minijinja::Value::from(style.as_str()),
            style,
        })
    }

    /// The context of the pages that need nothing else: labels, head, style.
    fn common(&self) -> minijinja::Value {
        minijinja::context! { t => self.t_val.clone(), tournament => self.head_val.clone(), style => self.style_val.clone() }
    }
}

/// Renders the template `name`; a public file has its addresses hidden
/// (before bulletin.txt is cut to the width, and again after).
fn render_file(env: &Environment<'_>, name: &str, ctx: &minijinja::Value, is_public: bool) -> anyhow::Result<String> {
    let text = env
        .get_template(name)
        .and_then(|tpl| tpl.render(ctx))
        .map_err(|e| anyhow!("template {name}: {e:#}"))?;
    Ok(finish_file(name, text, is_public))
}

/// A rendered file made ready to write: a public file has its addresses
/// hidden (before bulletin.txt is cut to the width, and again after).
fn finish_file(name: &str, text: String, is_public: bool) -> String {
    // Addresses go before anything is cut to the width.
    let text = if is_public { public_owned(text) } else { text };
    let text = if name == "bulletin.txt" {
        wrap_lines(&text, TEXT_WIDTH)
    } else {
        text
    };
    if is_public { public_owned(text) } else { text }
}

/// Renders every output file of one tournament (docs/format.md), sorted
/// into the public and the arbiter's tree.
///
/// # Errors
/// A template that fails to render (named, with its line).
pub fn render_tournament(env: &Templates, r: &TournamentReport<'_>) -> anyhow::Result<Rendered> {
    let shared = Shared::new(env, r)?;
    Ok(Rendered {
        public: public_files(env, r, &shared)?,
        arbiter: arbiter_files(env, r, &shared)?,
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
    let s = Shared::new(env, r)?;
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, s.lang, s.t, &s.stems)).collect();
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    let mut files = Files::new();
    game_pages(env, r, &s, &games, &pgns, &mut files)?;
    Ok(files)
}

/// The public tree of a tournament: the bulletin (index.html and
/// bulletin.txt), the game pages with their next messages, the players'
/// pages and calendars, and the PGN of every game.
fn public_files(env: &Templates, r: &TournamentReport<'_>, s: &Shared) -> anyhow::Result<Files> {
    let (lang, t) = (s.lang, &s.t);
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, lang, t, &s.stems)).collect();
    let standings = standing_lines(r, t, &s.stems);
    let crosstable_players: Vec<String> = r.crosstable.players.iter().map(|p| public(p)).collect();
    // The date of the previous report, for the mark of the games moved since.
    let moved = r
        .previous
        .as_ref()
        .filter(|_| games.iter().any(|g| g.moved))
        .map(|p| fmt_date(Some(p.as_of), lang));
    let bulletin = || minijinja::context! { t => s.t_val.clone(), tournament => s.head_val.clone(), standings => v(&standings), games => v(&games), crosstable_players => v(&crosstable_players), moved_since => v(&moved), style => s.style_val.clone() };
    let page = IndexPage {
        t,
        head: &s.public_head,
        style: &s.style,
        standings: &standings,
        games: &games,
        moved_since: moved.as_deref(),
    };
    let mut files = Files::new();
    for (name, native) in [
        ("index.html", env.builtin_index_page.then(|| write_index_page(&page))),
        (
            "bulletin.txt",
            env.builtin_bulletin_text.then(|| write_bulletin_text(&page)),
        ),
    ] {
        let text = match native {
            Some(text) => finish_file(name, text, true),
            None => render_file(env, name, &bulletin(), true)?,
        };
        files.insert(name.into(), text.into_bytes());
    }
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    game_pages(env, r, s, &games, &pgns, &mut files)?;
    // The players' pages and calendars (docs/format.md).
    let common = s.common();
    for name in s.stems.keys() {
        let player = crate::render::player::render_player(env, r, name, &s.stems, &common, s.player_parts.as_ref())?;
        // Every public file passes the address filter, these as much as the rest.
        files.extend(player.map(|(k, text)| (k, public_owned(text).into_bytes())));
    }
    files.insert(format!("{}.pgn", r.tournament.id), public(&pgns.concat()).into_bytes());
    Ok(files)
}

/// Each game's page and next message (`games/<id>.html`, `.txt`) into
/// `files`, past the address filter.
fn game_pages(
    env: &Environment<'_>,
    r: &TournamentReport<'_>,
    s: &Shared,
    games: &[GameLine],
    pgns: &[String],
    files: &mut Files,
) -> anyhow::Result<()> {
    let common = s.common();
    for ((g, line), pgn) in r.games.iter().zip(games).zip(pgns) {
        let next = crate::render::player::next_message(env, r, g, &common, s.next_parts.as_ref())?;
        let page = match &s.game_parts {
            // One pass of the address filter: a second changes nothing
            // (redact.rs's tests).
            Some(parts) => public_owned(write_game_page(parts, line, &g.rows, pgn, next.as_deref())),
            None => {
                let rows = row_lines(g, line.review, s.lang, s.t);
                let ctx = minijinja::context! { t => s.t_val.clone(), tournament => s.head_val.clone(), game => v(line), rows => v(rows), pgn => pgn, next => next.clone(), style => s.style_val.clone() };
                render_file(env, "game.html", &ctx, true)?
            }
        };
        files.insert(format!("games/{}.html", g.id), page.into_bytes());
        if let Some(next) = next {
            files.insert(format!("games/{}.txt", g.id), public_owned(next).into_bytes());
        }
    }
    Ok(())
}

/// The arbiter's tree of a tournament: the list of findings (arbiter.html,
/// arbiter.txt; docs/arbiter.md), deadlines.ics and report.json.
fn arbiter_files(env: &Templates, r: &TournamentReport<'_>, s: &Shared) -> anyhow::Result<Files> {
    let lang = s.lang;
    let sections = sections(r, lang, s.t);
    let total: usize = sections.iter().map(|s| s.findings.len()).sum();
    let mut per_code: BTreeMap<&str, usize> = BTreeMap::new();
    for f in r.all_findings() {
        *per_code.entry(f.code.as_str()).or_default() += 1;
    }
    let errors = r.all_findings().filter(|f| f.severity == Severity::Error).count();
    let overdue = sections[0].findings.len();
    let changes = r.changes().map(|c| ChangesView {
        since: fmt_date(Some(c.since), lang),
        new: c.new.iter().map(|f| finding_line(f, r, lang)).collect(),
        resolved: c.resolved.iter().map(|f| finding_line(f, r, lang)).collect(),
    });
    let code_words: BTreeMap<&str, &str> = Code::ALL
        .iter()
        .map(|&c| (c.as_str(), crate::render::labels::code_word(c, lang)))
        .collect();
    let stale = r.stale.as_ref().map(|s| StaleView {
        reason: s.reason.clone(),
        since: s.published.as_ref().map(|p| fmt_date(Some(p.as_of), lang)),
    });
    let head = head(r);
    let arbiter_email = &r.tournament.settings.arbiter_email;
    let arbiter = || minijinja::context! { t => s.t_val.clone(), tournament => v(&head), sections => v(&sections), total => v(total), overdue => v(overdue), changes => v(&changes), per_code => v(&per_code), code_words => v(&code_words), errors => v(errors), arbiter_email => v(arbiter_email), stale => v(&stale), style => s.style_val.clone() };
    let page = ArbiterPage {
        t: s.t,
        head: &head,
        style: &s.style,
        sections: &sections,
        total,
        overdue,
        errors,
        changes: changes.as_ref(),
        per_code: &per_code,
        code_words: &code_words,
        arbiter_email,
        stale: stale.as_ref(),
    };
    let mut files = Files::new();
    for (name, native) in [
        (
            "arbiter.html",
            env.builtin_arbiter_page.then(|| write_arbiter_page(&page)),
        ),
        (
            "arbiter.txt",
            env.builtin_arbiter_text.then(|| write_arbiter_text(&page)),
        ),
    ] {
        let text = match native {
            Some(text) => finish_file(name, text, false),
            None => render_file(env, name, &arbiter(), false)?,
        };
        files.insert(name.into(), text.into_bytes());
    }
    files.insert("deadlines.ics".into(), deadlines_ics(r).into_bytes());
    files.insert("report.json".into(), report_json(r)?);
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
