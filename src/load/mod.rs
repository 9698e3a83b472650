//! The load stage: walk `--tournaments`, read each tournament's settings and
//! tables (docs/format.md) and find its games' files. The games themselves are read
//! in the parallel per-game stage. What cannot be read becomes a `bad-input`
//! finding; only a missing tournaments folder stops the run.

pub mod movelog;
pub mod names;
pub mod pgn;
pub mod table;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::dates::{parse_date, parse_opt_date, show};
use crate::finding::{Code, Finding, Severity};
use crate::load::movelog::excerpt;
use crate::load::names::resolve;
use crate::load::table::{Fields, Table, regular_file};
use crate::model::{
    Break, Decision, DecisionKind, GameFiles, GameResult, Language, Notation, Pairing, Player, Settings, Tiebreak,
    TimeControl, Tournament, Withdrawal, is_valid_id,
};

/// A tournament as loaded, with what was wrong with its files.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub tournament: Tournament,
    pub findings: Vec<Finding>,
}

/// Everything the load stage found.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub tournaments: Vec<Loaded>,
    /// Findings about the folder itself (a tournament that cannot be named).
    pub findings: Vec<Finding>,
}

/// Walks the tournaments folder: each folder holding a `tournament.toml` is
/// a tournament. Symbolic links are not followed.
///
/// # Errors
/// When the folder does not exist or cannot be listed.
pub fn load(root: &Path, as_of: NaiveDate) -> anyhow::Result<Catalog> {
    if !root.is_dir() {
        bail!(
            "the tournaments folder `{}` does not exist or is not a folder",
            root.display()
        );
    }
    std::fs::read_dir(root).with_context(|| format!("failed to read `{}`", root.display()))?;
    let mut catalog = Catalog::default();
    let mut seen = BTreeSet::new();
    let mut dirs = Vec::new();
    for entry in walkdir::WalkDir::new(root).follow_links(false).sort_by_file_name() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                catalog
                    .findings
                    .push(Finding::new(Code::BadInput, format!("a folder cannot be read: {e}")));
                continue;
            }
        };
        // A folder that is a link is not walked into; say so, unless it is
        // a tournament's games/ (checked with the tournament).
        if entry.path_is_symlink()
            && entry.path().is_dir()
            && !(entry.file_name() == "games" && entry.path().with_file_name("tournament.toml").is_file())
        {
            let shown = entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .display()
                .to_string();
            catalog.findings.push(
                Finding::new(
                    Code::BadInput,
                    format!("the folder `{}` is a link: it is not followed", excerpt(&shown)),
                )
                .at(&shown, None),
            );
            continue;
        }
        if entry.file_type().is_file()
            && entry.file_name() == "tournament.toml"
            && let Some(dir) = entry.path().parent()
        {
            dirs.push(dir.to_path_buf());
        }
    }
    for dir in dirs {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = dir.strip_prefix(root).unwrap_or(&dir).display().to_string();
        if !is_valid_id(&id) {
            catalog.findings.push(
                Finding::new(Code::BadInput, format!("the tournament folder `{}` has a name that is not an id (letters, digits, -, _, .): it is skipped", excerpt(&shown)))
                    .at(&shown, None),
            );
            continue;
        }
        if !seen.insert(id.clone()) {
            catalog.findings.push(
                Finding::new(
                    Code::BadInput,
                    format!("a second tournament folder is named `{id}`: it is skipped (ids must be unique)"),
                )
                .at(&shown, None),
            );
            continue;
        }
        catalog.tournaments.push(load_tournament(root, &dir, &id, as_of));
    }
    Ok(catalog)
}

/// tournament.toml as written (docs/format.md, "tournament.toml").
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    name: String,
    start: toml::Value,
    end: Option<toml::Value>,
    #[serde(default)]
    arbiter: String,
    #[serde(default)]
    arbiter_email: String,
    time_control: Option<String>,
    break_days_per_year: Option<u32>,
    tiebreaks: Option<Vec<Tiebreak>>,
    language: Option<Language>,
    notation: Option<Notation>,
}

fn toml_date(v: &toml::Value) -> Result<NaiveDate, String> {
    match v {
        toml::Value::Datetime(dt) => match (dt.date, dt.time) {
            (Some(d), None) => NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day))
                .ok_or_else(|| format!("`{dt}` is not a date")),
            _ => Err(format!("`{dt}` is not a calendar date (no times)")),
        },
        toml::Value::String(s) => parse_date(s).map_err(|e| e.to_string()),
        other => Err(format!("`{other}` is not a date")),
    }
}

/// Why tournament.toml cannot be read: the message (for a syntax error,
/// the TOML parser's own lines with the caret under the place, and a hint
/// for the usual mistakes) and the line it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    pub message: String,
    pub line: Option<usize>,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for SettingsError {
    fn from(message: String) -> Self {
        SettingsError { message, line: None }
    }
}

/// The hint for the usual mistake on a line of tournament.toml: a value
/// that needs quotes (a `15.01.2026` date, text, `10/60`).
fn toml_hint(line: &str, lang: Language) -> Option<String> {
    let (key, value) = line.split_once('=')?;
    let _ = key;
    let value = value.split('#').next().unwrap_or("").trim();
    if value.is_empty() || value.starts_with(['"', '\'', '[', '{']) {
        return None;
    }
    let dotted = value.split('.').count() == 3
        && value
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if dotted {
        return Some(say!(
            lang,
            "a date is written 2026-01-15 (no quotes), or as text in quotes: \"15.01.2026\"",
            "дата пишется 2026-01-15 (без кавычек) или текстом в кавычках: \"15.01.2026\"",
        ));
    }
    if value.parse::<f64>().is_err() && !matches!(value, "true" | "false") {
        return Some(say!(
            lang,
            "text is written in quotes: name = \"…\", time_control = \"10/60\"",
            "текст пишется в кавычках: name = \"…\", time_control = \"10/60\"",
        ));
    }
    None
}

/// Parses tournament.toml.
///
/// # Errors
/// What is wrong, with its line: a syntax error (with the parser's caret
/// and a hint), an unknown key, a missing key, a bad date.
pub fn parse_settings(text: &str) -> Result<Settings, SettingsError> {
    let raw: RawSettings = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        let mut message = e.to_string().trim_end().to_string();
        let lang = language_of(text);
        if let Some(hint) = line
            .and_then(|l| text.lines().nth(l - 1))
            .and_then(|l| toml_hint(l, lang))
        {
            message.push_str(&say!(lang, "\nhint: {}", "\nподсказка: {}", hint));
        }
        SettingsError { message, line }
    })?;
    let time_control = match raw.time_control {
        Some(tc) => {
            TimeControl::parse(&tc).ok_or_else(|| format!("time_control `{tc}` is not moves/days like 10/60"))?
        }
        None => TimeControl::default(),
    };
    Ok(Settings {
        name: raw.name,
        start: toml_date(&raw.start).map_err(|e| format!("start: {e}"))?,
        end: raw
            .end
            .as_ref()
            .map(toml_date)
            .transpose()
            .map_err(|e| format!("end: {e}"))?,
        arbiter: raw.arbiter,
        arbiter_email: raw.arbiter_email,
        time_control,
        break_days_per_year: raw
            .break_days_per_year
            .unwrap_or(crate::rules::DEFAULT_BREAK_DAYS_PER_YEAR),
        tiebreaks: raw
            .tiebreaks
            .unwrap_or_else(|| vec![Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct]),
        language: raw.language.unwrap_or_default(),
        notation: raw.notation.unwrap_or_default(),
    })
}

/// The language a tournament.toml asks for, read without parsing it, so
/// that its own syntax errors are in that language too.
fn language_of(text: &str) -> Language {
    let ru = text.lines().any(|l| {
        l.split_once('=')
            .is_some_and(|(k, v)| k.trim() == "language" && v.trim().trim_matches(['"', '\'']) == "ru")
    });
    if ru { Language::Ru } else { Language::En }
}

/// Whether `path`, if it is a symbolic link, leads to a file inside `root`.
fn link_stays_inside(root: &Path, path: &Path) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            let root_real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
            path.canonicalize().is_ok_and(|real| real.starts_with(&root_real))
        }
        _ => true,
    }
}

fn read_file(
    root: &Path,
    path: &Path,
    file: &str,
    required: bool,
    lang: Language,
    findings: &mut Vec<Finding>,
) -> Option<Vec<u8>> {
    let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, None);
    if !link_stays_inside(root, path) {
        findings.push(bad(say!(
            lang,
            "the file is a link that leads out of the tournaments folder (or to nothing): it is not followed",
            "файл — ссылка за пределы папки турниров (или в никуда): она не читается",
        )));
        return None;
    }
    if std::fs::symlink_metadata(path).is_err() {
        if required {
            findings.push(bad(say!(
                lang,
                "the required file {file} is missing",
                "нет обязательного файла {file}",
            )));
        }
        return None;
    }
    if let Err(why) = regular_file(path, lang) {
        findings.push(bad(why));
        return None;
    }
    match std::fs::read(path).with_context(|| format!("failed to read `{}`", path.display())) {
        Ok(b) => Some(b),
        Err(e) => {
            findings.push(bad(say!(
                lang,
                "the file cannot be read: {e:#}",
                "файл не читается: {e:#}",
            )));
            None
        }
    }
}

/// The settings used when tournament.toml cannot be read: the tournament is
/// still listed, with its findings, but no game is analysed.
fn fallback_settings(id: &str, as_of: NaiveDate) -> Settings {
    Settings {
        name: id.to_string(),
        start: as_of,
        end: None,
        arbiter: String::new(),
        arbiter_email: String::new(),
        time_control: TimeControl::default(),
        break_days_per_year: crate::rules::DEFAULT_BREAK_DAYS_PER_YEAR,
        tiebreaks: vec![Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct],
        language: Language::En,
        notation: Notation::Numeric,
    }
}

/// tournament.toml, read and checked; the fallback settings when it cannot
/// be read (then `false`: no game is computed).
fn read_settings(root: &Path, dir: &Path, id: &str, as_of: NaiveDate, findings: &mut Vec<Finding>) -> (Settings, bool) {
    let settings_file = format!("{id}/tournament.toml");
    let toml_bytes = read_file(
        root,
        &dir.join("tournament.toml"),
        &settings_file,
        true,
        Language::En,
        findings,
    );
    let toml_text = toml_bytes.as_deref().map(String::from_utf8_lossy);
    let lang = toml_text.as_deref().map_or(Language::En, language_of);
    let settings = toml_bytes.as_deref().and_then(|b| {
        let parsed = std::str::from_utf8(b)
            .map_err(|_| SettingsError::from(say!(lang, "the file is not valid UTF-8", "файл не в кодировке UTF-8")))
            .and_then(|t| parse_settings(t.strip_prefix('\u{feff}').unwrap_or(t)));
        match parsed {
            Ok(s) => Some(s),
            Err(e) => {
                findings.push(
                    Finding::new(
                        Code::BadInput,
                        say!(
                            lang,
                            "tournament.toml: {}\nno game of this tournament is computed until it is fixed",
                            "tournament.toml: {}\nпартии турнира не рассчитываются, пока ошибка не исправлена",
                            e.message
                        ),
                    )
                    .at(&settings_file, e.line),
                );
                None
            }
        }
    });
    let settings_ok = settings.is_some();
    let mut settings = settings.unwrap_or_else(|| fallback_settings(id, as_of));
    let lang = settings.language;
    if let Some(end) = settings.end.filter(|&e| e < settings.start) {
        findings.push(
            Finding::new(
                Code::BadInput,
                say!(
                    lang,
                    "tournament.toml: end ({}) is before start ({}); the end is not used until it is fixed",
                    "tournament.toml: окончание ({}) раньше начала ({}); окончание не учитывается, пока это не исправлено",
                    show(end, lang),
                    show(settings.start, lang)
                ),
            )
            .at(&settings_file, None),
        );
        settings.end = None;
    }
    (settings, settings_ok)
}

/// A tournament's folder, as its tables are read.
#[derive(Clone, Copy)]
struct Folder<'a> {
    root: &'a Path,
    dir: &'a Path,
    id: &'a str,
    lang: Language,
}

/// One table of the folder (its name in any case), read and checked for
/// its required columns: `None` when it is missing (a finding if `must`),
/// `Some(None)` when it cannot be used, with its findings.
fn read_table(
    folder: &Folder<'_>,
    name: &str,
    required: &[&str],
    must: bool,
    findings: &mut Vec<Finding>,
) -> Option<Option<Table>> {
    let Folder { root, dir, id, lang } = *folder;
    let path = in_any_case(dir, name);
    let shown = path
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
    let file = format!("{id}/{shown}");
    let bytes = read_file(root, &path, &file, must, lang, findings)?;
    let t = Table::parse(&file, &bytes, lang);
    findings.extend(t.findings.iter().cloned());
    if t.unreadable {
        return Some(None);
    }
    if let Some(f) = t.missing(&file, required, lang) {
        findings.push(f);
        return Some(None);
    }
    Some(Some(t))
}

/// Loads one tournament folder. Never fails: problems become findings.
pub fn load_tournament(root: &Path, dir: &Path, id: &str, as_of: NaiveDate) -> Loaded {
    let mut findings = Vec::new();
    let rel = |name: &str| format!("{id}/{name}");
    let (settings, settings_ok) = read_settings(root, dir, id, as_of, &mut findings);
    let lang = settings.language;
    let read_table = |name: &str, required: &[&str], must: bool, findings: &mut Vec<Finding>| {
        read_table(&Folder { root, dir, id, lang }, name, required, must, findings)
    };

    let players_table = read_table("players.csv", &["name", "email"], true, &mut findings);
    let players = match &players_table {
        Some(Some(t)) => read_players(t, &rel("players.csv"), lang, &mut findings),
        _ => Vec::new(),
    };
    // Without a readable players.csv the names elsewhere cannot be checked:
    // one finding says so, not one per row.
    let known: Option<Vec<&str>> =
        matches!(players_table, Some(Some(_))).then(|| players.iter().map(|p| p.name.as_str()).collect());
    if known.is_none() {
        findings.push(
            Finding::new(
                Code::BadInput,
                say!(
                    lang,
                    "players.csv cannot be read: the names in pairings, breaks and decisions are not checked",
                    "players.csv не читается: имена в pairings, breaks и decisions не проверяются",
                ),
            )
            .at(&rel("players.csv"), None),
        );
    }
    let names = Names {
        known: known.as_deref(),
        lang,
    };
    let pairings = read_table(
        "pairings.csv",
        &["game", "round", "white", "black"],
        true,
        &mut findings,
    )
    .flatten()
    .map(|t| read_pairings(&t, &rel("pairings.csv"), &names, &mut findings))
    .unwrap_or_default();
    let breaks = read_table("breaks.csv", &["player", "from", "to"], false, &mut findings)
        .flatten()
        .map(|t| read_breaks(&t, &rel("breaks.csv"), &names, &mut findings))
        .unwrap_or_default();
    let decisions = read_table("decisions.csv", &["date", "kind"], false, &mut findings)
        .flatten()
        .map(|t| read_decisions(&t, &rel("decisions.csv"), &names, &pairings, &mut findings))
        .unwrap_or_default();
    let files = find_game_files(root, dir, id, &pairings, lang, &mut findings);

    Loaded {
        tournament: Tournament {
            id: id.to_string(),
            dir: dir.to_path_buf(),
            settings,
            players,
            pairings: if settings_ok { pairings } else { Vec::new() },
            breaks,
            decisions,
            files,
        },
        findings,
    }
}

/// `dir/name`, or the entry of `dir` whose name differs from it only in
/// case (`players.CSV`, as Windows may save it).
fn in_any_case(dir: &Path, name: &str) -> PathBuf {
    let exact = dir.join(name);
    if std::fs::symlink_metadata(&exact).is_ok() {
        return exact;
    }
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(name))
        })
        .min()
        .unwrap_or(exact)
}

fn field<'a>(row: Fields<'a>, name: &str) -> &'a str {
    row.get(name)
}

/// The players' names, when players.csv could be read, and the language of
/// the findings about names.
struct Names<'a> {
    known: Option<&'a [&'a str]>,
    lang: Language,
}

impl Names<'_> {
    /// The player `written` means: as written when players.csv could not be
    /// read, else as [`resolve`] finds it (its finding pushed).
    fn player(&self, written: &str, file: &str, line: usize, findings: &mut Vec<Finding>) -> Option<String> {
        let Some(known) = self.known else {
            return Some(written.to_string());
        };
        let (name, finding) = resolve(written, known.iter().copied(), file, Some(line), self.lang);
        findings.extend(finding);
        name
    }
}

fn read_players(t: &Table, file: &str, lang: Language, findings: &mut Vec<Finding>) -> Vec<Player> {
    let mut players: Vec<Player> = Vec::new();
    for (line, row) in t.iter() {
        let name = field(row, "name");
        if name.is_empty() {
            findings.push(
                Finding::new(
                    Code::BadInput,
                    say!(lang, "a player row has no name", "в строке участника нет имени"),
                )
                .at(file, Some(*line)),
            );
        } else if players.iter().any(|p| p.name == name) {
            findings.push(
                Finding::new(
                    Code::BadInput,
                    say!(
                        lang,
                        "the player `{}` is listed twice",
                        "участник «{}» указан дважды",
                        excerpt(name)
                    ),
                )
                .at(file, Some(*line)),
            );
        } else {
            players.push(Player {
                name: name.to_string(),
                email: field(row, "email").to_string(),
            });
        }
    }
    players
}

fn read_pairings(t: &Table, file: &str, names: &Names<'_>, findings: &mut Vec<Finding>) -> Vec<Pairing> {
    let lang = names.lang;
    let mut out: Vec<Pairing> = Vec::new();
    for (line, row) in t.iter() {
        let (game, white, black) = (field(row, "game"), field(row, "white"), field(row, "black"));
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(*line));
        if !is_valid_id(game) {
            findings.push(bad(say!(
                lang,
                "`{}` is not a game id (letters, digits, -, _, .)",
                "«{}» — не номер партии (буквы, цифры, -, _, .)",
                excerpt(game)
            )));
            continue;
        }
        if out.iter().any(|p| p.game == game) {
            findings.push(bad(say!(
                lang,
                "the game `{game}` is paired twice",
                "партия «{game}» указана в жеребьёвке дважды",
            )));
            continue;
        }
        // A name that matches no player keeps the game in the report, as
        // written, with the error about it on the game.
        let mut resolved = [white, black].map(|name| {
            let mut own = Vec::new();
            let found = names.player(name, file, *line, &mut own);
            findings.extend(own.into_iter().map(|f| f.game(game)));
            found.unwrap_or_else(|| name.to_string())
        });
        if resolved[0] == resolved[1] {
            findings.push(bad(say!(
                lang,
                "`{}` is paired against themself",
                "«{}» играет сам с собой",
                excerpt(white)
            )));
            continue;
        }
        let [w, b] = std::mem::take(&mut resolved);
        out.push(Pairing {
            game: game.to_string(),
            round: field(row, "round").to_string(),
            white: w,
            black: b,
            line: *line,
        });
    }
    out.sort_by(|a, b| a.game.cmp(&b.game));
    out
}

fn read_breaks(t: &Table, file: &str, names: &Names<'_>, findings: &mut Vec<Finding>) -> Vec<Break> {
    let lang = names.lang;
    let mut out = Vec::new();
    for (line, row) in t.iter() {
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(*line));
        let Some(player) = names.player(field(row, "player"), file, *line, findings) else {
            continue;
        };
        let dates = (
            parse_date(field(row, "from")),
            parse_date(field(row, "to")),
            parse_opt_date(field(row, "declared")),
        );
        let (from, to, declared) = match dates {
            (Ok(f), Ok(t), Ok(d)) => (f, t, d),
            (f, t, d) => {
                let e = [f.err(), t.err(), d.err()]
                    .into_iter()
                    .flatten()
                    .next()
                    .map(|e| date_error(&e, lang))
                    .unwrap_or_default();
                findings.push(bad(e));
                continue;
            }
        };
        if to < from {
            findings.push(bad(say!(
                lang,
                "the break ends ({}) before it starts ({})",
                "отпуск кончается ({}) раньше, чем начинается ({})",
                show(to, lang),
                show(from, lang)
            )));
            continue;
        }
        let approved = match field(row, "approved").to_lowercase().as_str() {
            "yes" | "y" | "true" | "да" | "+" => true,
            "" | "no" | "n" | "false" | "нет" | "-" => false,
            other => {
                findings.push(bad(say!(
                    lang,
                    "`approved` must be yes or empty, not `{}`",
                    "`approved` должно быть yes (да) или пусто, а не «{}»",
                    excerpt(other)
                )));
                false
            }
        };
        out.push(Break {
            player,
            from,
            to,
            declared,
            approved,
            line: *line,
        });
    }
    out
}

/// A date that cannot be read, in the tournament's language.
pub fn date_error(e: &crate::dates::ParseDateError, lang: Language) -> String {
    say!(
        lang,
        "{}",
        "«{}» — не дата (пишите 2026-01-15, 2026.01.15 или 15.01.2026)",
        if lang == Language::Ru {
            excerpt(&e.0)
        } else {
            e.to_string()
        }
    )
}

fn read_decisions(
    t: &Table,
    file: &str,
    names: &Names<'_>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> Vec<Decision> {
    t.iter()
        .filter_map(|(line, row)| read_decision(*line, row, file, names, pairings, findings))
        .collect()
}

/// One row of decisions.csv, or `None` with a `bad-input` finding: the game
/// and the player must be paired, and the result fit the kind.
fn read_decision(
    line: usize,
    row: Fields<'_>,
    file: &str,
    names: &Names<'_>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> Option<Decision> {
    let lang = names.lang;
    let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(line));
    let date = match parse_date(field(row, "date")) {
        Ok(d) => d,
        Err(e) => {
            findings.push(bad(date_error(&e, lang)));
            return None;
        }
    };
    let kind = match decision_kind(field(row, "kind"), lang) {
        Ok(kind) => kind,
        Err(msg) => {
            findings.push(bad(msg));
            return None;
        }
    };
    let game = Some(field(row, "game")).filter(|g| !g.is_empty());
    let written = Some(field(row, "player")).filter(|p| !p.is_empty());
    let result_text = field(row, "result");
    let pairing = game.and_then(|g| pairings.iter().find(|p| p.game == g));
    let needs_game = matches!(
        kind,
        DecisionKind::Result | DecisionKind::Overstep | DecisionKind::Claim
    );
    if needs_game && pairing.is_none() {
        findings.push(bad(say!(
            lang,
            "a {} decision needs a paired game; `{}` is not one",
            "решению {} нужна партия из жеребьёвки; «{}» — не она",
            field(row, "kind"),
            excerpt(game.unwrap_or(""))
        )));
        return None;
    }
    // An unknown name is named in a finding by `names.player`.
    let player = match written {
        Some(w) => Some(names.player(w, file, line, findings)?),
        None => None,
    };
    if let Err(msg) = check_player(kind, field(row, "kind"), player.as_deref(), pairing, lang) {
        findings.push(bad(msg));
        return None;
    }
    let (result, withdrawal) = match ruling(kind, result_text, lang) {
        Ok(r) => r,
        Err(msg) => {
            findings.push(bad(msg));
            return None;
        }
    };
    Some(Decision {
        date,
        kind,
        game: game.map(str::to_string),
        player,
        result,
        withdrawal,
        note: field(row, "note").to_string(),
        line,
    })
}

/// An overstep, a claim or a withdrawal names its player, who must play the
/// decision's game when it has one.
fn check_player(
    kind: DecisionKind,
    kind_text: &str,
    player: Option<&str>,
    pairing: Option<&Pairing>,
    lang: Language,
) -> Result<(), String> {
    if matches!(
        kind,
        DecisionKind::Overstep | DecisionKind::Claim | DecisionKind::Withdrawal
    ) && player.is_none()
    {
        return Err(say!(
            lang,
            "a {} decision needs the player",
            "в решении {} нужен участник",
            kind_text
        ));
    }
    if let (Some(p), Some(pair)) = (player, pairing)
        && pair.white != p
        && pair.black != p
    {
        return Err(say!(
            lang,
            "`{}` does not play the game `{}`",
            "«{}» не играет в партии «{}»",
            excerpt(p),
            pair.game
        ));
    }
    Ok(())
}

/// The `kind` column of decisions.csv, in any case.
fn decision_kind(text: &str, lang: Language) -> Result<DecisionKind, String> {
    match text.to_lowercase().as_str() {
        "result" => Ok(DecisionKind::Result),
        "overstep" => Ok(DecisionKind::Overstep),
        "withdrawal" => Ok(DecisionKind::Withdrawal),
        "claim" => Ok(DecisionKind::Claim),
        other => Err(say!(
            lang,
            "unknown decision kind `{}` (result, overstep, withdrawal, claim)",
            "неизвестный вид решения «{}» (result, overstep, withdrawal, claim)",
            excerpt(other)
        )),
    }
}

/// The `result` column for the kind: a game result for `result`, forfeit,
/// adjudicate or annul for `withdrawal` (51.8.1), nothing for the others.
fn ruling(kind: DecisionKind, text: &str, lang: Language) -> Result<(Option<GameResult>, Option<Withdrawal>), String> {
    match kind {
        DecisionKind::Result => match GameResult::parse(text) {
            Some(r) => Ok((Some(r), None)),
            None => Err(say!(
                lang,
                "`{}` is not a result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)",
                "«{}» — не результат (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)",
                excerpt(text)
            )),
        },
        DecisionKind::Withdrawal => match text.to_lowercase().as_str() {
            "forfeit" => Ok((None, Some(Withdrawal::Forfeit))),
            "adjudicate" => Ok((None, Some(Withdrawal::Adjudicate))),
            "annul" => Ok((None, Some(Withdrawal::Annul))),
            other => Err(say!(
                lang,
                "a withdrawal's result must be forfeit, adjudicate or annul, not `{}`",
                "результат выбытия — forfeit, adjudicate или annul, а не «{}»",
                excerpt(other)
            )),
        },
        _ => Ok((None, None)),
    }
}

/// Lists `games/`: each paired game's `.csv` and `.pgn`, the extension in
/// any case. A link that loops, dangles or leads out of the tournaments
/// folder is not followed, nor is anything but a regular file opened; every
/// other entry that is not read gets a warning naming it.
fn find_game_files(
    root: &Path,
    dir: &Path,
    id: &str,
    pairings: &[Pairing],
    lang: Language,
    findings: &mut Vec<Finding>,
) -> BTreeMap<String, GameFiles> {
    let mut files: BTreeMap<String, GameFiles> = pairings
        .iter()
        .map(|p| (p.game.clone(), GameFiles { log: None, pgn: None }))
        .collect();
    let games = dir.join("games");
    let root_real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    if !games_folder_inside(&games, &root_real) {
        findings.push(
            Finding::new(
                Code::BadInput,
                say!(
                    lang,
                    "games is a link out of the tournaments folder, or not a folder: it is not read",
                    "games — ссылка за пределы папки турниров или не папка: она не читается",
                ),
            )
            .at(&format!("{id}/games"), None),
        );
        return files;
    }
    let Ok(entries) = std::fs::read_dir(&games) else {
        return files;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("{id}/games/{name}");
        let (stem, ext) = match game_file(&path, &name, &shown, &root_real, lang) {
            Ok(found) => found,
            Err(f) => {
                findings.push(*f);
                continue;
            }
        };
        findings.extend(place(&mut files, &stem, &ext, path, &name, &shown, lang));
    }
    files
}

/// Puts a file of games/ in its game's slot; the finding when the game has
/// that file already, or is not paired.
fn place(
    files: &mut BTreeMap<String, GameFiles>,
    stem: &str,
    ext: &str,
    path: PathBuf,
    name: &str,
    shown: &str,
    lang: Language,
) -> Option<Finding> {
    match files.get_mut(stem) {
        Some(f) => {
            let slot = if ext == "csv" { &mut f.log } else { &mut f.pgn };
            match slot {
                Some(first) => {
                    let first = first
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    Some(not_read(
                        name,
                        shown,
                        say!(
                            lang,
                            "the game {stem} already has games/{first}",
                            "у партии {stem} уже есть games/{first}",
                        ),
                        lang,
                    ))
                }
                None => {
                    *slot = Some(path);
                    None
                }
            }
        }
        None => Some(
            Finding::new(
                Code::BadInput,
                say!(
                    lang,
                    "games/{name} belongs to no game of pairings.csv: it is ignored",
                    "games/{name} не относится ни к одной партии из pairings.csv: файл не читается",
                ),
            )
            .at(shown, None)
            .severity(Severity::Warning),
        ),
    }
}

/// Whether `games` may be read: a folder, or a link to a folder inside the
/// tournaments folder (or absent: then there is nothing to read).
fn games_folder_inside(games: &Path, root_real: &Path) -> bool {
    match std::fs::symlink_metadata(games) {
        Ok(m) if m.file_type().is_symlink() || !m.is_dir() => games
            .canonicalize()
            .is_ok_and(|real| real.starts_with(root_real) && real.is_dir()),
        _ => true,
    }
}

/// The warning that a file of games/ is not read, and why.
fn not_read(name: &str, shown: &str, why: String, lang: Language) -> Finding {
    Finding::new(
        Code::BadInput,
        say!(
            lang,
            "games/{} is not read: {}",
            "games/{} не читается: {}",
            excerpt(name),
            why
        ),
    )
    .at(shown, None)
    .severity(Severity::Warning)
}

/// A file of games/ that may be read, as its stem and its extension in
/// lower case; else the finding that says why it is not read: not a
/// `.csv` or `.pgn`, not a regular file, a link out of the tournaments
/// folder, or a name that is no game id.
fn game_file(
    path: &Path,
    name: &str,
    shown: &str,
    root_real: &Path,
    lang: Language,
) -> Result<(String, String), Box<Finding>> {
    let bad = |msg: String| Box::new(Finding::new(Code::BadInput, msg).at(shown, None));
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if e.eq_ignore_ascii_case("csv") || e.eq_ignore_ascii_case("pgn") => {
            (s.to_string(), e.to_ascii_lowercase())
        }
        _ => {
            return Err(Box::new(not_read(
                name,
                shown,
                say!(
                    lang,
                    "only <game>.csv and <game>.pgn files are (a space or a stray letter in the name?)",
                    "читаются только файлы <партия>.csv и <партия>.pgn (лишний пробел или буква в имени?)",
                ),
                lang,
            )));
        }
    };
    let meta = std::fs::symlink_metadata(path)
        .map_err(|e| bad(say!(lang, "the file cannot be read: {e}", "файл не читается: {e}")))?;
    if meta.file_type().is_symlink() {
        match path.canonicalize() {
            Ok(real) if real.starts_with(root_real) && real.is_file() => {}
            Ok(_) => {
                return Err(bad(say!(
                    lang,
                    "the file is a link that leads out of the tournaments folder (or to no file): it is not followed",
                    "файл — ссылка за пределы папки турниров (или не на файл): она не читается",
                )));
            }
            Err(e) => {
                return Err(bad(say!(
                    lang,
                    "the file is a link that cannot be followed (a loop, or nothing behind it): {e}",
                    "файл — ссылка, по которой не пройти (петля или пустота): {e}",
                )));
            }
        }
    } else if !meta.is_file() {
        return Err(bad(say!(
            lang,
            "the file cannot be read: it is a folder or a device, not a file",
            "файл не читается: это папка или устройство, а не файл",
        )));
    }
    if !is_valid_id(&stem) {
        return Err(bad(say!(
            lang,
            "the file name is not a game id (letters, digits, -, _, .): it is ignored",
            "имя файла — не номер партии (буквы, цифры, -, _, .): файл не читается",
        )));
    }
    Ok((stem, ext))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_key_is_named() {
        let e = parse_settings("name = \"x\"\nstart = 2026-01-15\ntime_controll = \"10/60\"\n").unwrap_err();
        assert!(e.message.contains("time_controll"), "{e}");
    }

    #[test]
    fn settings_defaults_and_forms() {
        let s = parse_settings("name = \"x\"\nstart = 2026-01-15\nend = \"15.01.2027\"\n").unwrap();
        assert_eq!(s.time_control, TimeControl { moves: 10, days: 60 });
        assert_eq!(s.break_days_per_year, 30);
        assert_eq!(s.tiebreaks, vec![Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct]);
        assert_eq!(s.end.unwrap().to_string(), "2027-01-15");
        let s = parse_settings("name = \"x\"\nstart = 2026-01-15\ntime_control = \"10/50\"\ntiebreaks = [\"wins\", \"sb\", \"direct\"]\nlanguage = \"ru\"\n").unwrap();
        assert_eq!(s.time_control.days, 50);
        assert_eq!(s.tiebreaks[0], Tiebreak::Wins);
        assert_eq!(s.language, Language::Ru);
        assert!(parse_settings("name = \"x\"\nstart = 2026-13-45\n").is_err());
    }

    #[test]
    fn toml_syntax_error_keeps_line_and_caret_and_hints_the_date() {
        let e = parse_settings("name = \"x\"\nstart = 01.09.2026\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("start = 01.09.2026"), "{e}");
        assert!(
            e.message
                .lines()
                .any(|l| l.trim_start().starts_with('|') && l.contains('^')),
            "{e}"
        );
        assert!(e.message.contains("\"15.01.2026\""), "{e}");
        let e = parse_settings("name = Кубок\nstart = 2026-01-15\n").unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.message.contains("text is written in quotes"), "{e}");
    }

    #[test]
    fn language_is_read_before_the_toml_parses() {
        assert_eq!(
            language_of("name = x\nlanguage = \"ru\"\nstart = 01.09.2026"),
            Language::Ru
        );
        assert_eq!(language_of("name = \"x\""), Language::En);
    }
}
