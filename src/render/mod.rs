//! The render stage: view structs made for the templates (never the domain
//! types), minijinja with the embedded templates of `templates/` overridden
//! file by file from `--templates DIR`, and the PGN and JSON writers. Every
//! public file passes through [`redact_emails`] last.

pub mod changes;
pub mod ical;
pub mod labels;
pub mod player;
mod records;
mod redact;
mod text;

use records::game_pgn;
pub use records::report_json;
pub use redact::redact_emails;
use redact::{public, public_owned};
use text::pad;
pub use text::{TEXT_WIDTH, wrap_lines};

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::Environment;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::compute::TournamentReport;
use crate::finding::{Code, Finding, Severity};
use crate::game::GameReport;
use crate::model::{Flag, Language, Side};
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

/// Builds the template environment: the user's folder first, then the
/// embedded defaults.
///
/// # Errors
/// A user template that does not parse: the error names it and its line.
pub fn environment(user: Option<&Path>) -> anyhow::Result<Environment<'static>> {
    let mut env = Environment::new();
    let user: Option<PathBuf> = user.map(Path::to_path_buf);
    if let Some(dir) = &user
        && !dir.is_dir()
    {
        return Err(anyhow!("the templates folder `{}` does not exist", dir.display()));
    }
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
    Ok(env)
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

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else if (p.fract() - 0.5).abs() < 1e-9 {
        format!("{}½", p.trunc() as i64).replace("0½", "½")
    } else {
        format!("{p}")
    }
}

#[derive(Serialize)]
struct Head {
    id: String,
    name: String,
    arbiter: String,
    time_control: String,
    tc_moves: u32,
    tc_days: u32,
    start: String,
    end: String,
    as_of: String,
    lang: &'static str,
}

#[derive(Serialize)]
struct ClockView {
    used: i64,
    penalty: i64,
    running: i64,
    left: i64,
    allowance: i64,
    next_control: u32,
    /// Per cent of the allowance used, 0–100, for the bar.
    pct: i64,
    low: bool,
    over: bool,
    /// The move-by or repeat-by date of a game in play (51.4.3, 51.5.1), with its label.
    deadline_label: String,
    deadline: String,
}

#[derive(Serialize)]
struct GameLine {
    id: String,
    round: String,
    white: String,
    black: String,
    white_stem: String,
    black_stem: String,
    result: String,
    status: String,
    moves: u32,
    last_move: String,
    to_move: String,
    /// Who must send the next message, in a game in play (after a faulty
    /// message, the partner, who owes the request; 51.3.4).
    owes: String,
    /// The last day that message can be sent without overstepping (51.4.3);
    /// empty while the game is under review.
    move_by: String,
    /// `None` while the game is under review: no days left are shown.
    white_clock: Option<ClockView>,
    black_clock: Option<ClockView>,
    trouble: Vec<String>,
    provisional: bool,
    /// The game's records have an error: shown as "records under review by
    /// the arbiter", with no overstep, low-time or silence mark (51.6).
    review: bool,
    /// A move (or any new row) since the previous report.
    moved: bool,
}

#[derive(Serialize)]
struct StandingLine {
    place: String,
    player: String,
    points: String,
    sb: String,
    wins: u32,
    direct: String,
    played: u32,
    to_play: u32,
    provisional: bool,
    stem: String,
    /// The crosstable's cells as text, for bulletin.txt.
    cells: Vec<String>,
    /// The same cells for the HTML: each game's result and colour mark.
    marks: Vec<Vec<Mark>>,
}

/// One game in a crosstable cell: the result only (a dot while unfinished)
/// and the row player's colour as a small mark.
#[derive(Serialize)]
struct Mark {
    text: String,
    colour: &'static str,
    game: String,
}

#[derive(Serialize)]
struct RowLine {
    no: u32,
    side: String,
    mv: String,
    san: String,
    received: String,
    sent: String,
    flag: &'static str,
    flag_word: &'static str,
    thinking: i64,
    charged: i64,
    why: String,
    white_total: i64,
    black_total: i64,
    control_note: String,
    assumed: bool,
}

#[derive(Serialize)]
struct Contact {
    name: String,
    email: String,
}

#[derive(Serialize)]
struct FindingLine {
    severity: &'static str,
    severity_word: &'static str,
    code: &'static str,
    code_word: &'static str,
    rule: &'static str,
    urgency: &'static str,
    game: String,
    /// The game's public page, relative to the arbiter's files.
    game_link: String,
    /// "White – Black" of the game.
    game_players: String,
    player: String,
    /// The player it concerns, or both players of its game, with emails.
    players: Vec<Contact>,
    emails: Vec<String>,
    date: String,
    due: String,
    overdue_by: i64,
    message: String,
    file: String,
}

/// One part of the arbiter's list.
#[derive(Serialize)]
struct Section {
    key: &'static str,
    title: &'static str,
    findings: Vec<FindingLine>,
}

#[derive(Serialize)]
struct ChangesView {
    since: String,
    new: Vec<FindingLine>,
    resolved: Vec<FindingLine>,
}

fn clock_view(g: &GameReport, side: Side, lang: Language, t: &BTreeMap<&str, &str>) -> ClockView {
    let c = g.clock.side(side);
    let dl = crate::render::player::deadline(g, side).filter(|_| !crate::finding::under_review(&g.findings));
    let spent = c.allowance - c.left;
    ClockView {
        used: c.used,
        penalty: c.penalty,
        running: c.running,
        left: c.left,
        allowance: c.allowance,
        next_control: c.next_control,
        pct: if c.allowance > 0 {
            (spent * 100 / c.allowance).clamp(0, 100)
        } else {
            100
        },
        low: (0..=crate::rules::LOW_TIME_DAYS).contains(&c.left),
        over: c.left < 0,
        deadline_label: dl.map(|(k, _)| t[k].to_string()).unwrap_or_default(),
        deadline: fmt_date(dl.map(|(_, d)| d), lang),
    }
}

impl Head {
    /// The head of a public file: addresses in its names hidden.
    fn public(mut self) -> Head {
        self.name = public(&self.name);
        self.arbiter = public(&self.arbiter);
        self
    }
}

fn head(r: &TournamentReport<'_>) -> Head {
    let s = &r.tournament.settings;
    let lang = s.language;
    Head {
        id: r.tournament.id.clone(),
        name: s.name.clone(),
        arbiter: s.arbiter.clone(),
        time_control: s.time_control.to_string(),
        tc_moves: s.time_control.moves,
        tc_days: s.time_control.days,
        start: fmt_date(Some(s.start), lang),
        end: fmt_date(s.end, lang),
        as_of: fmt_date(Some(r.as_of), lang),
        lang: if lang == Language::Ru { "ru" } else { "en" },
    }
}

fn status(g: &GameReport, t: &BTreeMap<&str, &str>) -> String {
    if g.annulled {
        t["annulled"].to_string()
    } else if g.result.is_finished() {
        t["finished"].to_string()
    } else if g.interrupted {
        t["interrupted"].to_string()
    } else if g.awaiting_adjudication || !g.in_play {
        // A withdrawn player's game, or one past the tournament's end (51.9.4).
        t["awaiting_adjudication"].to_string()
    } else {
        t["in_progress"].to_string()
    }
}

fn game_line(
    g: &GameReport,
    r: &TournamentReport<'_>,
    lang: Language,
    t: &BTreeMap<&str, &str>,
    stems: &BTreeMap<String, String>,
) -> GameLine {
    let review = crate::finding::under_review(&g.findings);
    let mut trouble = Vec::new();
    for f in g.findings.iter().filter(|_| !review) {
        let label = match f.code {
            Code::Overstep => t["overstep"],
            Code::LowTime => t["low_time"],
            Code::Silence => t["silence"],
            _ => continue,
        };
        let who = f.player.clone().unwrap_or_default();
        let text = public(&format!("{label}: {who}"));
        if !trouble.contains(&text) {
            trouble.push(text);
        }
    }
    GameLine {
        id: g.id.clone(),
        round: public(&g.round),
        white: public(&g.white),
        black: public(&g.black),
        white_stem: stems.get(&g.white).cloned().unwrap_or_default(),
        black_stem: stems.get(&g.black).cloned().unwrap_or_default(),
        result: g.result.as_str().to_string(),
        status: if review {
            t["under_review"].to_string()
        } else {
            status(g, t)
        },
        moves: g.moves.len().div_ceil(2) as u32,
        last_move: fmt_date(g.last_move, lang),
        to_move: g.to_move.map(|s| public(g.name(s))).unwrap_or_default(),
        owes: g
            .owing
            .filter(|_| g.in_play)
            .map(|s| public(g.name(s)))
            .unwrap_or_default(),
        move_by: if review {
            String::new()
        } else {
            fmt_date(g.owing.and_then(|s| g.clock.side(s).move_by), lang)
        },
        white_clock: (!review).then(|| clock_view(g, Side::White, lang, t)),
        black_clock: (!review).then(|| clock_view(g, Side::Black, lang, t)),
        trouble,
        provisional: g.provisional,
        review,
        moved: crate::render::changes::moved_since(r.previous.as_ref(), g),
    }
}

/// A crosstable cell's text: the result, or a dot while the game is on.
fn cell_text(c: &crate::standings::Cell) -> String {
    match c.text.as_str() {
        "*" | "" => "·".to_string(),
        "-" => "−".to_string(),
        x => x.to_string(),
    }
}

fn colour_mark(c: &crate::standings::Cell, t: &BTreeMap<&'static str, &'static str>) -> &'static str {
    match c.colour.as_str() {
        "w" => t["white_mark"],
        "b" => t["black_mark"],
        _ => "",
    }
}

fn standing_lines(
    r: &TournamentReport<'_>,
    t: &BTreeMap<&'static str, &'static str>,
    stems: &BTreeMap<String, String>,
) -> Vec<StandingLine> {
    r.standings
        .iter()
        .enumerate()
        .map(|(i, s)| StandingLine {
            place: s.place.clone(),
            player: public(&s.player),
            points: fmt_points(s.points),
            sb: format!("{:.2}", s.sb),
            wins: s.wins,
            direct: fmt_points(s.direct),
            played: s.played,
            to_play: s.to_play,
            provisional: s.provisional,
            stem: stems.get(&s.player).cloned().unwrap_or_default(),
            cells: r.crosstable.cells[i]
                .iter()
                .enumerate()
                .map(|(j, cs)| {
                    if i == j {
                        "×".to_string()
                    } else {
                        cs.iter()
                            .map(|c| format!("{}{}", cell_text(c), colour_mark(c, t)))
                            .collect::<Vec<_>>()
                            .join(" ")
                    }
                })
                .collect(),
            marks: r.crosstable.cells[i]
                .iter()
                .map(|cs| {
                    cs.iter()
                        .map(|c| Mark {
                            text: cell_text(c),
                            colour: colour_mark(c, t),
                            game: c.game.clone(),
                        })
                        .collect()
                })
                .collect(),
        })
        .collect()
}

fn why(row: &crate::game::RowReport, t: &BTreeMap<&str, &str>) -> String {
    let c = &row.charge;
    let mut parts = Vec::new();
    if row.pending {
        parts.push(t["pending"].to_string());
    }
    if c.break_days > 0 {
        parts.push(format!("−{} {}", c.break_days, t["break_days"]));
    }
    if c.exempt > 0 {
        let rule = match row.flag {
            Flag::Request => "51.4.8",
            Flag::Accepted | Flag::Variant => "51.4.6",
            _ => "",
        };
        parts.push(format!("−{} {} {rule}", c.exempt, t["exempt"]).trim_end().to_string());
    }
    if c.penalty > 0 {
        let rule = if row.flag == Flag::Lost { "51.4.9" } else { "51.4.7" };
        parts.push(format!("+{} {} {rule}", c.penalty, t["penalty"].to_lowercase()));
    }
    if row.received_assumed || row.sent_assumed {
        parts.push(format!("{} (51.2.3)", t["assumed"]));
    }
    parts.join("; ")
}

/// The rows of a game's public page; under review, without the control
/// notes (no days left are shown from records with an error).
fn row_lines(
    g: &GameReport,
    tc: crate::model::TimeControl,
    review: bool,
    lang: Language,
    t: &BTreeMap<&str, &str>,
) -> Vec<RowLine> {
    let mut totals = [0i64; 2];
    let mut by_control: [BTreeMap<u32, i64>; 2] = Default::default();
    g.rows
        .iter()
        .map(|row| {
            let i = row.side.index();
            totals[i] += row.charge.days;
            let control = row.no.div_ceil(tc.moves).saturating_mul(tc.moves);
            *by_control[i].entry(control).or_default() += row.charge.days;
            let upto: i64 = by_control[i].range(..=control).map(|(_, d)| d).sum();
            let allowed = i64::from(control / tc.moves) * i64::from(tc.days);
            let control_note = if row.no == control && row.flag.enters_game() && !review {
                format!("{} {control}: {upto}/{allowed}", t["next_control"])
            } else {
                String::new()
            };
            RowLine {
                no: row.no,
                side: if row.side == Side::White {
                    t["white"]
                } else {
                    t["black"]
                }
                .to_string(),
                mv: public(&row.mv),
                san: row.san.clone().unwrap_or_default(),
                received: fmt_date(row.received, lang),
                sent: fmt_date(row.sent, lang),
                flag: row.flag.as_str(),
                flag_word: crate::render::labels::flag_word(row.flag, lang),
                thinking: row.charge.thinking,
                charged: row.charge.days,
                why: why(row, t),
                white_total: totals[0],
                black_total: totals[1],
                control_note,
                assumed: row.received_assumed || row.sent_assumed,
            }
        })
        .collect()
}

fn finding_line(f: &Finding, r: &TournamentReport<'_>, lang: Language) -> FindingLine {
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
fn sections(r: &TournamentReport<'_>, lang: Language, t: &BTreeMap<&str, &'static str>) -> Vec<Section> {
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
fn deadlines_ics(r: &TournamentReport<'_>) -> String {
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

/// The rendered files of one tournament: path inside its folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// One tournament's files for each of the two trees: `out/public/<t>/` and
/// `out/arbiter/<t>/`. Only `arbiter` may hold an address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub public: Files,
    pub arbiter: Files,
}

/// Renders every output file of one tournament (docs/format.md), sorted
/// into the public and the arbiter's tree.
///
/// # Errors
/// A template that fails to render (named, with its line).
pub fn render_tournament(env: &Environment<'_>, r: &TournamentReport<'_>) -> anyhow::Result<Rendered> {
    let lang = r.tournament.settings.language;
    let t = labels(lang);
    let public_head = head(r).public();
    let head = head(r);
    let stems = crate::render::player::stems(r);
    let games: Vec<GameLine> = r.games.iter().map(|g| game_line(g, r, lang, &t, &stems)).collect();
    let standings = standing_lines(r, &t, &stems);
    let style = env
        .get_template("style.css")
        .and_then(|tpl| tpl.render(()))
        .map_err(|e| anyhow!("template style.css: {e:#}"))?;
    // Values shared by every page of the tournament, made once (a
    // minijinja Value is reference-counted: cloning it is cheap).
    let (t_val, head_val, style_val) = (v(&t), v(&public_head), minijinja::Value::from(style));
    let crosstable_players: Vec<String> = r.crosstable.players.iter().map(|p| public(p)).collect();
    // The date of the previous report, for the mark of the games moved since.
    let moved = r
        .previous
        .as_ref()
        .filter(|_| games.iter().any(|g| g.moved))
        .map(|p| fmt_date(Some(p.as_of), lang));
    let bulletin = minijinja::context! { t => t_val.clone(), tournament => head_val.clone(), standings => v(&standings), games => v(&games), crosstable_players => v(&crosstable_players), moved_since => v(&moved), style => style_val.clone() };
    let common = minijinja::context! { t => t_val.clone(), tournament => head_val.clone(), style => style_val.clone() };
    let mut files = Rendered::default();
    // The next messages, players' pages and calendars (docs/format.md).
    let mut extra: Vec<(String, Vec<u8>)> = Vec::new();
    let mut render = |name: &str, out: String, ctx: &minijinja::Value, is_public: bool| -> anyhow::Result<()> {
        let text = env
            .get_template(name)
            .and_then(|tpl| tpl.render(ctx))
            .map_err(|e| anyhow!("template {name}: {e:#}"))?;
        // Addresses go before anything is cut to the width.
        let text = if is_public { public_owned(text) } else { text };
        let text = if name == "bulletin.txt" {
            wrap_lines(&text, TEXT_WIDTH)
        } else {
            text
        };
        if is_public {
            files.public.insert(out, public_owned(text).into_bytes());
        } else {
            files.arbiter.insert(out, text.into_bytes());
        }
        Ok(())
    };
    render("index.html", "index.html".into(), &bulletin, true)?;
    render("bulletin.txt", "bulletin.txt".into(), &bulletin, true)?;
    let pgns: Vec<String> = r.games.iter().map(|g| public(&game_pgn(r, g))).collect();
    for ((g, line), pgn) in r.games.iter().zip(&games).zip(&pgns) {
        let rows = row_lines(g, r.tournament.settings.time_control, line.review, lang, &t);
        let next = crate::render::player::next_message(env, r, g, &common)?;
        let ctx = minijinja::context! { t => t_val.clone(), tournament => head_val.clone(), game => v(line), rows => v(rows), pgn => pgn, next => next.clone(), style => style_val.clone() };
        render("game.html", format!("games/{}.html", g.id), &ctx, true)?;
        if let Some(next) = next {
            extra.push((format!("games/{}.txt", g.id), next.into_bytes()));
        }
    }
    for name in stems.keys() {
        extra.extend(crate::render::player::render_player(env, r, name, &stems, &common)?);
    }
    let sections = sections(r, lang, &t);
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
    let arbiter = minijinja::context! { t => t_val, tournament => v(&head), sections => v(&sections), total => v(total), overdue => v(overdue), changes => v(&changes), per_code => v(&per_code), code_words => v(&code_words), errors => v(errors), arbiter_email => v(&r.tournament.settings.arbiter_email), stale => v(&stale), style => style_val };
    render("arbiter.html", "arbiter.html".into(), &arbiter, false)?;
    render("arbiter.txt", "arbiter.txt".into(), &arbiter, false)?;
    files
        .arbiter
        .insert("deadlines.ics".into(), deadlines_ics(r).into_bytes());
    // Every public file passes the address filter, these as much as the rest.
    files.public.extend(
        extra
            .into_iter()
            .map(|(k, b)| (k, public(&String::from_utf8_lossy(&b)).into_bytes())),
    );
    files
        .public
        .insert(format!("{}.pgn", r.tournament.id), public(&pgns.concat()).into_bytes());
    files.arbiter.insert("report.json".into(), report_json(r)?.into_bytes());
    Ok(files)
}

/// The stale notice of the arbiter's files.
#[derive(Serialize)]
struct StaleView {
    reason: String,
    /// The as-of date of the report now public; none if none ever was.
    since: Option<String>,
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
    let code = if lang == Language::Ru { "ru" } else { "en" };
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
        .map(|f| format!("{}: {}", f.file.clone().unwrap_or_default(), f.message))
        .collect();
    let style = env
        .get_template("style.css")
        .and_then(|tpl| tpl.render(()))
        .unwrap_or_default();
    env.get_template(template)
        .and_then(|tpl| tpl.render(minijinja::context! { t => v(&t), as_of => v(fmt_date(Some(as_of), lang)), lang => if lang == Language::Ru { "ru" } else { "en" }, tournaments => v(lines), findings => v(findings), style => v(style) }))
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

/// A tournament's counts of findings for the arbiter's index: new since
/// the previous report, overdue, and open (every finding of the report).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct FindingCounts {
    /// `None` on the first report: nothing to compare with.
    pub new: Option<usize>,
    pub resolved: Option<usize>,
    pub overdue: usize,
    pub open: usize,
    /// The previous report's as-of date.
    pub since: Option<NaiveDate>,
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

#[cfg(test)]
mod tests {
    use super::redact::*;
    use super::*;

    /// The first, char-by-char form of [`redact_emails`]: the fast one must
    /// give the same text for any input.
    fn redact_emails_reference(text: &str) -> std::borrow::Cow<'_, str> {
        if !text.chars().any(is_at) {
            return std::borrow::Cow::Borrowed(text);
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let byte = |k: usize| chars.get(k).map_or(text.len(), |c| c.0);
        let mut out = String::with_capacity(text.len());
        let mut copied = 0; // first char not yet copied
        let mut i = 0;
        while i < chars.len() {
            if !is_at(chars[i].1) {
                i += 1;
                continue;
            }
            let at = i;
            let mut l = at;
            while l > copied && is_local(chars[l - 1].1) {
                l -= 1;
            }
            let mut r = at + 1;
            while r < chars.len() && is_domain(chars[r].1) {
                r += 1;
            }
            // Cut short: an ellipsis after it, or the dots of one ending it.
            let cut =
                chars.get(r).is_some_and(|c| c.1 == '…') || (r >= at + 3 && chars[r - 2..r].iter().all(|c| c.1 == '.'));
            // Without a cut, a dot or hyphen that ends the run ends the sentence.
            let mut end = r;
            if !cut {
                while end > at + 1 && (is_dot(chars[end - 1].1) || chars[end - 1].1 == '-') {
                    end -= 1;
                }
            }
            let domain = &chars[at + 1..end];
            let has_tld = domain.iter().enumerate().any(|(k, c)| {
                is_dot(c.1) && k > 0 && domain[k + 1..].iter().take_while(|c| c.1.is_alphabetic()).count() >= 2
            });
            if l < at && (has_tld || cut) {
                out.push_str(&text[byte(copied)..byte(l)]);
                out.push_str("[address hidden]");
                // A cut address loses its ellipsis too.
                let stop = if chars.get(r).is_some_and(|c| c.1 == '…') {
                    r + 1
                } else {
                    end
                };
                copied = stop;
                i = stop;
            } else {
                i = at + 1;
            }
        }
        out.push_str(&text[byte(copied)..]);
        std::borrow::Cow::Owned(out)
    }

    #[test]
    fn the_fast_redaction_gives_the_reference_text() {
        let parts = [
            "a", "Zz", "я", "中", "1", "@", "＠", "﹫", ".", "。", "．", "-", "…", " ", "_", "+", "'", "%", "<", "com",
            "рф",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut hidden = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for k in 0..(seed % 24) {
                text.push_str(parts[((seed >> (k * 2 % 50)) as usize + k as usize * 7) % parts.len()]);
            }
            let fast = redact_emails(&text);
            assert_eq!(fast, redact_emails_reference(&text), "{text:?}");
            hidden += usize::from(fast.contains("[address hidden]"));
        }
        assert!(hidden > 100, "only {hidden} of the strings held an address");
        let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/style.css")).unwrap();
        assert_eq!(redact_emails(&page), redact_emails_reference(&page));
    }

    #[test]
    fn addresses_are_hidden_and_other_text_kept() {
        assert_eq!(
            redact_emails("Ivan <ivan.petrov+cc@mail.example.org>, 2 moves"),
            "Ivan <[address hidden]>, 2 moves"
        );
        assert_eq!(redact_emails("a@b.cd x@y z@ @q.rs"), "[address hidden] x@y z@ @q.rs");
        assert_eq!(redact_emails("Крg1 — ok"), "Крg1 — ok");
        assert_eq!(redact_emails("mailto:a_b@c-d.museum?"), "mailto:[address hidden]?");
    }

    #[test]
    fn addresses_in_any_script_and_cut_ones_are_hidden() {
        for (text, want) in [
            ("Иван (иван@почта.рф)", "Иван ([address hidden])"),
            ("petrov@почта.рф.", "[address hidden]."),
            ("王@例子.中国", "[address hidden]"),
            ("ivan＠mail.example.org", "[address hidden]"),
            ("a@b\u{3002}com", "[address hidden]"),
            ("Petrov p.petrov@gmail.…", "Petrov [address hidden]"),
            ("p.petrov@gm…  1½", "[address hidden]  1½"),
            ("p.petrov@…", "[address hidden]"),
            ("p.petrov@gmail...", "[address hidden]"),
            ("x@y z@ @q.rs", "x@y z@ @q.rs"),
        ] {
            assert_eq!(redact_emails(text), want, "{text}");
        }
    }

    #[test]
    fn a_name_is_hidden_before_its_column_cuts_it() {
        let name = public("p.petrov@gmail.com");
        let cell = pad(&name, 12, false);
        assert_eq!(cell.chars().count(), 12);
        assert!(cell.starts_with("[address") && !cell.contains("petrov") && !cell.contains('@'));
    }

    #[test]
    fn long_lines_wrap_at_the_width() {
        let line = format!("   {}\nshort\n", "word ".repeat(60));
        let wrapped = wrap_lines(&line, 40);
        assert!(wrapped.lines().all(|l| l.chars().count() <= 40), "{wrapped}");
        assert_eq!(wrapped.matches("word").count(), 60);
        assert!(wrapped.ends_with("short\n"));
        let long_word = wrap_lines(&"x".repeat(95), 40);
        assert!(long_word.lines().all(|l| l.chars().count() <= 40));
        assert_eq!(long_word.matches('x').count(), 95);
    }

    #[test]
    fn a_wrapped_indented_line_keeps_its_indent() {
        let line = format!("         прервана: {}\n", "заявление ".repeat(20));
        let wrapped = wrap_lines(&line, 60);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("         прервана: "), "{wrapped}");
        assert!(
            lines[1..].iter().all(|l| l.starts_with("             заявление")),
            "{wrapped}"
        );
        assert_eq!(wrapped.matches("заявление").count(), 20);
    }

    #[test]
    fn pad_cuts_and_fills() {
        assert_eq!(pad("abc", 5, false), "abc  ");
        assert_eq!(pad("abc", 5, true), "  abc");
        assert_eq!(pad("abcdef", 4, false), "abc…");
    }
}
