//! The load stage: walk `--tournaments`, read each tournament's settings and
//! tables (SPEC 2–4) and find its games' files. The games themselves are read
//! in the parallel per-game stage. What cannot be read becomes a `bad-input`
//! finding; only a missing tournaments folder stops the run.

use anyhow::{Context, bail};
use chrono::NaiveDate;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::dates::{parse_date, parse_opt_date};
use crate::finding::{Code, Finding, Severity};
use crate::model::{
    Break, Decision, DecisionKind, GameFiles, GameResult, Language, Notation, Pairing, Player, Settings, Tiebreak,
    TimeControl, Tournament, Withdrawal, is_valid_id,
};
use crate::movelog::excerpt;

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

/// tournament.toml as written (SPEC 3).
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

/// Parses tournament.toml.
///
/// # Errors
/// A sentence naming what is wrong: an unknown key, a missing key, a bad date.
pub fn parse_settings(text: &str) -> Result<Settings, String> {
    let raw: RawSettings = toml::from_str(text).map_err(|e| e.to_string().trim().replace('\n', " "))?;
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

/// A CSV table read by column name: each row's line and fields.
pub struct Table {
    pub rows: Vec<(usize, BTreeMap<String, String>)>,
}

/// Reads a CSV table that must have `required` columns.
pub fn parse_table(file: &str, bytes: &[u8], required: &[&str], findings: &mut Vec<Finding>) -> Table {
    let mut table = Table { rows: Vec::new() };
    let bad = |line: Option<usize>, msg: String| Finding::new(Code::BadInput, msg).at(file, line);
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.contains(&0) {
        findings.push(bad(None, "the file holds NUL bytes: it is not a text file".into()));
        return table;
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(false)
        .from_reader(bytes);
    let mut records = reader.byte_records();
    let header: Vec<String> = match records.next() {
        Some(Ok(h)) => h
            .iter()
            .map(|f| String::from_utf8_lossy(f).trim().to_ascii_lowercase())
            .collect(),
        _ => {
            findings.push(bad(
                Some(1),
                format!(
                    "the file is empty or unreadable; it needs the header row {}",
                    required.join(",")
                ),
            ));
            return table;
        }
    };
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|c| !header.iter().any(|h| h == c))
        .collect();
    if !missing.is_empty() {
        findings.push(bad(
            Some(1),
            format!(
                "the header row lacks the column(s) {} (expected {})",
                missing.join(", "),
                required.join(",")
            ),
        ));
        return table;
    }
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                findings.push(bad(
                    e.position().map(|p| p.line() as usize),
                    format!("the row cannot be read: {e}"),
                ));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.iter().all(|f| f.iter().all(u8::is_ascii_whitespace)) {
            continue;
        }
        if std::str::from_utf8(record.as_slice()).is_err() {
            findings.push(bad(
                Some(line),
                "the row is not valid UTF-8 text (save the file as UTF-8)".into(),
            ));
            continue;
        }
        if record.len() > header.len() {
            findings.push(bad(
                Some(line),
                format!("the row has {} fields, the header {}", record.len(), header.len()),
            ));
            continue;
        }
        let fields = header
            .iter()
            .cloned()
            .zip(record.iter().map(|f| String::from_utf8_lossy(f).trim().to_string()))
            .collect();
        table.rows.push((line, fields));
    }
    table
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

fn read_file(root: &Path, path: &Path, file: &str, required: bool, findings: &mut Vec<Finding>) -> Option<Vec<u8>> {
    if !link_stays_inside(root, path) {
        findings.push(
            Finding::new(
                Code::BadInput,
                "the file is a link that leads out of the tournaments folder (or to nothing): it is not followed",
            )
            .at(file, None),
        );
        return None;
    }
    if !path.exists() {
        if required {
            findings.push(Finding::new(Code::BadInput, format!("the required file {file} is missing")).at(file, None));
        }
        return None;
    }
    match std::fs::read(path).with_context(|| format!("failed to read `{}`", path.display())) {
        Ok(b) => Some(b),
        Err(e) => {
            findings.push(Finding::new(Code::BadInput, format!("the file cannot be read: {e:#}")).at(file, None));
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

/// Loads one tournament folder. Never fails: problems become findings.
pub fn load_tournament(root: &Path, dir: &Path, id: &str, as_of: NaiveDate) -> Loaded {
    let mut findings = Vec::new();
    let rel = |name: &str| format!("{id}/{name}");
    let settings_file = rel("tournament.toml");
    let settings = read_file(root, &dir.join("tournament.toml"), &settings_file, true, &mut findings).and_then(|b| {
        match std::str::from_utf8(&b)
            .map_err(|_| "the file is not valid UTF-8".to_string())
            .and_then(parse_settings)
        {
            Ok(s) => Some(s),
            Err(e) => {
                findings.push(
                    Finding::new(
                        Code::BadInput,
                        format!("tournament.toml: {e}; no game of this tournament is computed until it is fixed"),
                    )
                    .at(&settings_file, None),
                );
                None
            }
        }
    });
    let settings_ok = settings.is_some();
    let settings = settings.unwrap_or_else(|| fallback_settings(id, as_of));

    let players = read_table(
        root,
        dir,
        &rel("players.csv"),
        "players.csv",
        &["name", "email"],
        true,
        &mut findings,
    )
    .map(|t| read_players(&t, &rel("players.csv"), &mut findings))
    .unwrap_or_default();
    let names: BTreeSet<&str> = players.iter().map(|p| p.name.as_str()).collect();
    let pairings = read_table(
        root,
        dir,
        &rel("pairings.csv"),
        "pairings.csv",
        &["game", "round", "white", "black"],
        true,
        &mut findings,
    )
    .map(|t| read_pairings(&t, &rel("pairings.csv"), &names, &mut findings))
    .unwrap_or_default();
    let breaks = read_table(
        root,
        dir,
        &rel("breaks.csv"),
        "breaks.csv",
        &["player", "from", "to"],
        false,
        &mut findings,
    )
    .map(|t| read_breaks(&t, &rel("breaks.csv"), &names, &mut findings))
    .unwrap_or_default();
    let decisions = read_table(
        root,
        dir,
        &rel("decisions.csv"),
        "decisions.csv",
        &["date", "kind"],
        false,
        &mut findings,
    )
    .map(|t| read_decisions(&t, &rel("decisions.csv"), &names, &pairings, &mut findings))
    .unwrap_or_default();
    let files = find_game_files(root, dir, id, &pairings, &mut findings);

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

fn read_table(
    root: &Path,
    dir: &Path,
    file: &str,
    name: &str,
    required: &[&str],
    must: bool,
    findings: &mut Vec<Finding>,
) -> Option<Table> {
    read_file(root, &dir.join(name), file, must, findings).map(|b| parse_table(file, &b, required, findings))
}

fn field<'a>(row: &'a BTreeMap<String, String>, name: &str) -> &'a str {
    row.get(name).map_or("", String::as_str)
}

fn read_players(t: &Table, file: &str, findings: &mut Vec<Finding>) -> Vec<Player> {
    let mut players: Vec<Player> = Vec::new();
    for (line, row) in &t.rows {
        let name = field(row, "name");
        if name.is_empty() {
            findings.push(Finding::new(Code::BadInput, "a player row has no name").at(file, Some(*line)));
        } else if players.iter().any(|p| p.name == name) {
            findings.push(
                Finding::new(
                    Code::BadInput,
                    format!("the player `{}` is listed twice", excerpt(name)),
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

fn unknown_player(file: &str, line: usize, name: &str) -> Finding {
    Finding::new(
        Code::BadInput,
        format!(
            "`{}` is not a player of players.csv (names must match exactly)",
            excerpt(name)
        ),
    )
    .at(file, Some(line))
}

fn read_pairings(t: &Table, file: &str, names: &BTreeSet<&str>, findings: &mut Vec<Finding>) -> Vec<Pairing> {
    let mut out: Vec<Pairing> = Vec::new();
    for (line, row) in &t.rows {
        let (game, white, black) = (field(row, "game"), field(row, "white"), field(row, "black"));
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(*line));
        if !is_valid_id(game) {
            findings.push(bad(format!(
                "`{}` is not a game id (letters, digits, -, _, .)",
                excerpt(game)
            )));
            continue;
        }
        if out.iter().any(|p| p.game == game) {
            findings.push(bad(format!("the game `{game}` is paired twice")));
            continue;
        }
        if white == black {
            findings.push(bad(format!("`{}` is paired against themself", excerpt(white))));
            continue;
        }
        let mut ok = true;
        for name in [white, black] {
            if !names.contains(name) {
                findings.push(unknown_player(file, *line, name));
                ok = false;
            }
        }
        if ok {
            out.push(Pairing {
                game: game.to_string(),
                round: field(row, "round").to_string(),
                white: white.to_string(),
                black: black.to_string(),
                line: *line,
            });
        }
    }
    out.sort_by(|a, b| a.game.cmp(&b.game));
    out
}

fn read_breaks(t: &Table, file: &str, names: &BTreeSet<&str>, findings: &mut Vec<Finding>) -> Vec<Break> {
    let mut out = Vec::new();
    for (line, row) in &t.rows {
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(*line));
        let player = field(row, "player");
        if !names.contains(player) {
            findings.push(unknown_player(file, *line, player));
            continue;
        }
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
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                findings.push(bad(e));
                continue;
            }
        };
        if to < from {
            findings.push(bad(format!("the break ends ({to}) before it starts ({from})")));
            continue;
        }
        let approved = match field(row, "approved").to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" | "да" => true,
            "" | "no" | "n" | "false" | "нет" => false,
            other => {
                findings.push(bad(format!(
                    "`approved` must be yes or empty, not `{}`",
                    excerpt(other)
                )));
                false
            }
        };
        out.push(Break {
            player: player.to_string(),
            from,
            to,
            declared,
            approved,
            line: *line,
        });
    }
    out
}

fn read_decisions(
    t: &Table,
    file: &str,
    names: &BTreeSet<&str>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> Vec<Decision> {
    let mut out = Vec::new();
    for (line, row) in &t.rows {
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(file, Some(*line));
        let date = match parse_date(field(row, "date")) {
            Ok(d) => d,
            Err(e) => {
                findings.push(bad(e.to_string()));
                continue;
            }
        };
        let kind = match field(row, "kind").to_ascii_lowercase().as_str() {
            "result" => DecisionKind::Result,
            "overstep" => DecisionKind::Overstep,
            "withdrawal" => DecisionKind::Withdrawal,
            "claim" => DecisionKind::Claim,
            other => {
                findings.push(bad(format!(
                    "unknown decision kind `{}` (result, overstep, withdrawal, claim)",
                    excerpt(other)
                )));
                continue;
            }
        };
        let game = Some(field(row, "game")).filter(|g| !g.is_empty());
        let player = Some(field(row, "player")).filter(|p| !p.is_empty());
        let result_text = field(row, "result");
        let pairing = game.and_then(|g| pairings.iter().find(|p| p.game == g));
        let needs_game = matches!(
            kind,
            DecisionKind::Result | DecisionKind::Overstep | DecisionKind::Claim
        );
        if needs_game && pairing.is_none() {
            findings.push(bad(format!(
                "a {} decision needs a paired game; `{}` is not one",
                field(row, "kind"),
                excerpt(game.unwrap_or(""))
            )));
            continue;
        }
        if let Some(p) = player
            && !names.contains(p)
        {
            findings.push(unknown_player(file, *line, p));
            continue;
        }
        if matches!(
            kind,
            DecisionKind::Overstep | DecisionKind::Claim | DecisionKind::Withdrawal
        ) && player.is_none()
        {
            findings.push(bad(format!("a {} decision needs the player", field(row, "kind"))));
            continue;
        }
        if let (Some(p), Some(pair)) = (player, pairing)
            && pair.white != p
            && pair.black != p
        {
            findings.push(bad(format!("`{}` does not play the game `{}`", excerpt(p), pair.game)));
            continue;
        }
        let (result, withdrawal) = match kind {
            DecisionKind::Result => match GameResult::parse(result_text) {
                Some(r) => (Some(r), None),
                None => {
                    findings.push(bad(format!(
                        "`{}` is not a result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, *)",
                        excerpt(result_text)
                    )));
                    continue;
                }
            },
            DecisionKind::Withdrawal => match result_text.to_ascii_lowercase().as_str() {
                "forfeit" => (None, Some(Withdrawal::Forfeit)),
                "adjudicate" => (None, Some(Withdrawal::Adjudicate)),
                "annul" => (None, Some(Withdrawal::Annul)),
                other => {
                    findings.push(bad(format!(
                        "a withdrawal's result must be forfeit, adjudicate or annul, not `{}`",
                        excerpt(other)
                    )));
                    continue;
                }
            },
            _ => (None, None),
        };
        out.push(Decision {
            date,
            kind,
            game: game.map(str::to_string),
            player: player.map(str::to_string),
            result,
            withdrawal,
            note: field(row, "note").to_string(),
            line: *line,
        });
    }
    out
}

/// Lists `games/`: each paired game's `.csv` and `.pgn`. A link that loops,
/// dangles or leads out of the tournaments folder is not followed.
fn find_game_files(
    root: &Path,
    dir: &Path,
    id: &str,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> BTreeMap<String, GameFiles> {
    let mut files: BTreeMap<String, GameFiles> = pairings
        .iter()
        .map(|p| (p.game.clone(), GameFiles { log: None, pgn: None }))
        .collect();
    let games = dir.join("games");
    let Ok(entries) = std::fs::read_dir(&games) else {
        return files;
    };
    let root_real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = format!("{id}/games/{name}");
        let bad = |msg: String| Finding::new(Code::BadInput, msg).at(&shown, None);
        let (stem, ext) = match name.rsplit_once('.') {
            Some((s, e)) if e == "csv" || e == "pgn" => (s.to_string(), e.to_string()),
            _ => continue,
        };
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                findings.push(bad(format!("the file cannot be read: {e}")));
                continue;
            }
        };
        if meta.file_type().is_symlink() {
            match path.canonicalize() {
                Ok(real) if real.starts_with(&root_real) && real.is_file() => {}
                Ok(_) => {
                    findings.push(bad("the file is a link that leads out of the tournaments folder (or to no file): it is not followed".into()));
                    continue;
                }
                Err(e) => {
                    findings.push(bad(format!(
                        "the file is a link that cannot be followed (a loop, or nothing behind it): {e}"
                    )));
                    continue;
                }
            }
        } else if !meta.is_file() {
            findings.push(bad(
                "the file cannot be read: it is a folder or a device, not a file".into()
            ));
            continue;
        }
        if !is_valid_id(&stem) {
            findings.push(bad(
                "the file name is not a game id (letters, digits, -, _, .): it is ignored".into(),
            ));
            continue;
        }
        match files.get_mut(&stem) {
            Some(f) if ext == "csv" => f.log = Some(path),
            Some(f) => f.pgn = Some(path),
            None => findings.push(
                Finding::new(
                    Code::BadInput,
                    format!("games/{name} belongs to no game of pairings.csv: it is ignored"),
                )
                .at(&shown, None)
                .severity(Severity::Warning),
            ),
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_key_is_named() {
        let e = parse_settings("name = \"x\"\nstart = 2026-01-15\ntime_controll = \"10/60\"\n").unwrap_err();
        assert!(e.contains("time_controll"), "{e}");
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
}
