//! The load stage: walk `--tournaments`, read each tournament's settings and
//! tables (docs/format.md) and find its games' files. The games themselves are read
//! in the parallel per-game stage. What cannot be read becomes a `bad-input`
//! finding; only a missing tournaments folder stops the run.

mod games;
pub mod movelog;
pub mod names;
pub mod pgn;
mod settings;
pub mod table;
mod tables;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;

use games::find_game_files;
pub use settings::{SettingsError, parse_settings};
pub use tables::date_error;
use tables::{Names, read_breaks, read_decisions, read_pairings, read_players};

use anyhow::{Context, bail};
use chrono::NaiveDate;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::finding::{Facts, FileFacts, Finding, ReadFacts, TableFacts};
use crate::load::movelog::excerpt;
use crate::load::table::{Table, regular_file};
use crate::model::{Break, Decision, Language, Pairing, Settings, Tournament, is_valid_id};

/// The bytes of a tournament's files as its fingerprint read them, by path
/// (the folder's path joined with the file's).
pub type Inputs = std::collections::HashMap<PathBuf, Vec<u8>>;

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
    let dirs = tournament_folders(root, &mut catalog.findings);
    let valid = with_valid_ids(root, dirs, &mut catalog.findings);
    // Each tournament's files, in parallel (in the caller's thread pool),
    // in the folders' order.
    catalog.tournaments = valid
        .par_iter()
        .map(|(dir, id)| load_tournament(root, dir, id, as_of))
        .collect();
    Ok(catalog)
}

/// The folders under `root` that hold a `tournament.toml` (or a near miss
/// of its name), in the walk's order; a folder that cannot be read or is a
/// link is a finding.
fn tournament_folders(root: &Path, findings: &mut Vec<Finding>) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for entry in walkdir::WalkDir::new(root).follow_links(false).sort_by_file_name() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                findings.push(Finding::new(FileFacts::FolderUnreadable { error: e.to_string() }));
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
            findings.push(
                Finding::new(FileFacts::FolderIsALink {
                    folder: excerpt(&shown),
                })
                .at(&shown, None),
            );
            continue;
        }
        // A folder holding tournament.toml is a tournament, whatever that
        // entry is (a folder, a FIFO, a link, the name in another case):
        // its settings then cannot be read, and the arbiter is told why.
        if entry.depth() > 0
            && is_settings_name(&entry.file_name().to_string_lossy())
            && let Some(dir) = entry.path().parent()
            && !dirs.iter().any(|d: &PathBuf| d == dir)
        {
            dirs.push(dir.to_path_buf());
        }
    }
    dirs
}

/// The tournament folders whose names are ids, each id once: (folder, id).
/// Any other is a finding.
fn with_valid_ids(root: &Path, dirs: Vec<PathBuf>, findings: &mut Vec<Finding>) -> Vec<(PathBuf, String)> {
    let mut seen = BTreeSet::new();
    let mut valid = Vec::new();
    for dir in dirs {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let shown = dir.strip_prefix(root).unwrap_or(&dir).display().to_string();
        if !is_valid_id(&id) {
            findings.push(
                Finding::new(FileFacts::FolderNameNotAnId {
                    folder: excerpt(&shown),
                })
                .at(&shown, None),
            );
            continue;
        }
        if !seen.insert(id.clone()) {
            findings.push(Finding::new(FileFacts::FolderIdTwice { id: id.clone() }).at(&shown, None));
            continue;
        }
        valid.push((dir, id));
    }
    valid
}

/// The settings file of a tournament folder.
const SETTINGS: &str = "tournament.toml";

/// Whether a file name is tournament.toml or a near miss of it, as an
/// editor or a download may leave it: another case (`tournament.TOML`),
/// spaces or a `~` at the end, another extension after it or instead
/// (`tournament.toml.txt`, `tournament.txt`). A folder holding one is a
/// tournament whose settings file is named to the arbiter with what was
/// meant, never silently skipped.
fn is_settings_name(name: &str) -> bool {
    let n = name
        .trim_end_matches(|c: char| c.is_whitespace() || c == '~')
        .trim_start()
        .to_ascii_lowercase();
    n == SETTINGS || n.starts_with("tournament.toml.") || n == "tournament.txt" || n == "tournament.tml"
}

/// The settings file of `dir`: tournament.toml, else the first near miss
/// of it ([`is_settings_name`]), else tournament.toml (missing).
fn settings_path(dir: &Path) -> PathBuf {
    exact_or_first(dir, SETTINGS, is_settings_name)
}

/// The largest input file read, in MB (docs/format.md, "Limits"): no real
/// move log, table or one-game PGN comes near it, and memory stays bounded.
pub const MAX_FILE_MB: u64 = 16;

/// [`MAX_FILE_MB`] in bytes.
pub const MAX_FILE_BYTES: u64 = MAX_FILE_MB * 1024 * 1024;

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
    let bad = |facts: Facts| Finding::new(facts).at(file, None);
    if !link_stays_inside(root, path) {
        findings.push(bad(FileFacts::FileLinkLeadsOut.into()));
        return None;
    }
    if std::fs::symlink_metadata(path).is_err() {
        if required {
            findings.push(bad(FileFacts::RequiredFileMissing { file: file.to_string() }.into()));
        }
        return None;
    }
    if let Err(why) = regular_file(path) {
        findings.push(bad(FileFacts::Refused { why }.into()));
        return None;
    }
    match std::fs::read(path).with_context(|| format!("failed to read `{}`", path.display())) {
        Ok(b) => Some(b),
        Err(e) => {
            findings.push(bad(ReadFacts::FileUnreadable {
                error: format!("{e:#}"),
            }
            .into()));
            None
        }
    }
}

/// tournament.toml, read and checked; the fallback settings when it cannot
/// be read (then `false`: no game is computed).
fn read_settings(root: &Path, dir: &Path, id: &str, as_of: NaiveDate, findings: &mut Vec<Finding>) -> (Settings, bool) {
    let settings_file = format!("{id}/{SETTINGS}");
    let toml_bytes = settings_bytes(root, dir, id, &settings_file, findings);
    let toml_text = toml_bytes.as_deref().map(String::from_utf8_lossy);
    // The language the file names, read before (and whether) it parses.
    let language = settings::language_named(toml_text.as_deref());
    let settings = toml_bytes
        .as_deref()
        .and_then(|b| parsed_settings(b, language, &settings_file, findings));
    let settings_ok = settings.is_some();
    let mut settings = settings.unwrap_or_else(|| settings::fallback(id, as_of, language));
    check_settings(
        &mut settings,
        settings_ok,
        id,
        &settings_file,
        toml_text.as_deref(),
        findings,
    );
    (settings, settings_ok)
}

/// The bytes of tournament.toml (`settings_file`) in `dir`; `None`, with
/// a finding, when it is missing, unreadable or misspelt.
fn settings_bytes(
    root: &Path,
    dir: &Path,
    id: &str,
    settings_file: &str,
    findings: &mut Vec<Finding>,
) -> Option<Vec<u8>> {
    let path = settings_path(dir);
    match path.file_name().map(|n| n.to_string_lossy()) {
        Some(name) if name != SETTINGS => {
            findings.push(
                Finding::new(TableFacts::SettingsFileMisspelt { name: excerpt(&name) })
                    .at(&format!("{id}/{name}"), None),
            );
            None
        }
        _ => read_file(root, &path, settings_file, true, findings),
    }
}

/// The settings parsed from `bytes`; `None`, with a finding (in
/// `language`), when they are not UTF-8 or do not parse.
fn parsed_settings(
    bytes: &[u8],
    language: Language,
    settings_file: &str,
    findings: &mut Vec<Finding>,
) -> Option<Settings> {
    let parsed = std::str::from_utf8(bytes)
        .map_err(|_| settings::not_utf8(language))
        .and_then(|t| parse_settings(t.strip_prefix('\u{feff}').unwrap_or(t)));
    match parsed {
        Ok(s) => Some(s),
        Err(e) => {
            findings.push(Finding::new(TableFacts::SettingsUnreadable { error: e.message }).at(settings_file, e.line));
            None
        }
    }
}

/// Checks the settings read (`settings_ok`) or fallen back to: names that
/// are names, an arbiter's address that is one address, an end not before
/// the start. What is wrong is a finding at its line of `toml_text`, and
/// is replaced or cleared.
fn check_settings(
    settings: &mut Settings,
    settings_ok: bool,
    id: &str,
    settings_file: &str,
    toml_text: Option<&str>,
    findings: &mut Vec<Finding>,
) {
    let line_of = |key: &str| {
        toml_text.and_then(|t| {
            t.lines()
                .position(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == key))
                .map(|n| n + 1)
        })
    };
    // The name and the arbiter are shown in public: a name is a name
    // (docs/format.md, "Names are names").
    for (key, text, stand_in) in [
        ("name", &mut settings.name, id.to_string()),
        ("arbiter", &mut settings.arbiter, String::new()),
    ] {
        let (shown, found) = names::shown_text(text, || stand_in, settings_file, line_of(key));
        if let Some(found) = found {
            findings.push(found);
            *text = shown;
        }
    }
    // The letters' From: one address, else no letter (docs/format.md).
    if settings_ok && settings.arbiter_email.trim().is_empty() {
        findings.push(
            Finding::new(TableFacts::ArbiterEmailMissing)
                .severity(crate::finding::Severity::Warning)
                .at(settings_file, line_of("arbiter_email")),
        );
    } else if !settings.arbiter_email.is_empty() && !crate::model::is_one_address(&settings.arbiter_email) {
        findings.push(
            Finding::new(TableFacts::EmailNotOneAddress {
                text: excerpt(&settings.arbiter_email),
            })
            .at(settings_file, line_of("arbiter_email")),
        );
        settings.arbiter_email.clear();
    }
    if let Some(end) = settings.end.filter(|&e| e < settings.start) {
        findings.push(
            Finding::new(TableFacts::SettingsEndBeforeStart {
                end,
                start: settings.start,
            })
            .at(settings_file, None),
        );
        settings.end = None;
    }
}

/// A tournament's folder, as its tables are read.
#[derive(Clone, Copy)]
struct Folder<'a> {
    root: &'a Path,
    dir: &'a Path,
    id: &'a str,
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
    let Folder { root, dir, id } = *folder;
    let path = in_any_case(dir, name);
    let shown = path
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
    let file = format!("{id}/{shown}");
    let bytes = read_file(root, &path, &file, must, findings)?;
    let mut t = Table::parse(&file, &bytes);
    findings.extend(t.findings.iter().cloned());
    if t.unreadable {
        return Some(None);
    }
    if let Some(f) = t.missing(&file, required) {
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
    let read_table = |name: &str, required: &[&str], must: bool, findings: &mut Vec<Finding>| {
        read_table(&Folder { root, dir, id }, name, required, must, findings)
    };

    let players_table = read_table("players.csv", &["name", "email"], true, &mut findings);
    let mut renamed = std::collections::BTreeMap::new();
    let players = match &players_table {
        Some(Some(t)) => read_players(t, &rel("players.csv"), settings.language, &mut renamed, &mut findings),
        _ => Vec::new(),
    };
    // Without a readable players.csv the names elsewhere cannot be checked:
    // one finding says so, not one per row.
    let known: Option<Vec<&str>> =
        matches!(players_table, Some(Some(_))).then(|| players.iter().map(|p| p.name.as_str()).collect());
    if known.is_none() {
        findings.push(Finding::new(TableFacts::PlayersUnreadable).at(&rel("players.csv"), None));
    }
    let names = Names {
        known: known.as_deref(),
        noted: Default::default(),
        renamed: &renamed,
        addressed: Default::default(),
    };
    let pairings_table = read_table(
        "pairings.csv",
        &["game", "round", "white", "black"],
        true,
        &mut findings,
    )
    .flatten();
    no_rows(
        id,
        players_table.as_ref().and_then(Option::as_ref),
        pairings_table.as_ref(),
        &mut findings,
    );
    let pairings = pairings_table
        .map(|t| read_pairings(&t, &rel("pairings.csv"), &names, &mut findings))
        .unwrap_or_default();
    let (breaks, decisions) = read_dated(&Folder { root, dir, id }, &names, &pairings, &mut findings);
    let files = find_game_files(root, dir, id, &pairings, &mut findings);
    drop_given_emails(&mut findings, &decisions);
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

/// A tournament's breaks.csv and decisions.csv, their names read against
/// the players'. With no pairing read (pairings.csv unreadable or holding
/// only its header, so the tournament is not computed), decisions.csv is
/// not read either: every decision about a game would only repeat that
/// finding.
fn read_dated(
    folder: &Folder<'_>,
    names: &Names<'_>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> (Vec<Break>, Vec<Decision>) {
    let rel = |name: &str| format!("{}/{name}", folder.id);
    let breaks = read_table(folder, "breaks.csv", &["player", "from", "to"], false, findings)
        .flatten()
        .map(|t| read_breaks(&t, &rel("breaks.csv"), names, findings))
        .unwrap_or_default();
    let decisions = if pairings.is_empty() {
        Vec::new()
    } else {
        read_table(folder, "decisions.csv", &["date", "kind"], false, findings)
            .flatten()
            .map(|t| read_decisions(&t, &rel("decisions.csv"), names, pairings, findings))
            .unwrap_or_default()
    };
    (breaks, decisions)
}

/// A table the tournament needs that holds only its header: nothing can
/// be reported from it (the public bulletin is kept: compute::core_failure).
fn no_rows(id: &str, players: Option<&Table>, pairings: Option<&Table>, findings: &mut Vec<Finding>) {
    for (name, table) in [("players.csv", players), ("pairings.csv", pairings)] {
        if table.is_some_and(|t| t.is_empty() && !t.unreadable && t.findings.is_empty()) {
            findings.push(Finding::new(TableFacts::TableNoRows).at(&format!("{id}/{name}"), None));
        }
    }
}

/// A player whom an `email` decision gives an address is not missing one.
fn drop_given_emails(findings: &mut Vec<Finding>, decisions: &[crate::model::Decision]) {
    findings.retain(|f| match &f.facts {
        Facts::Table(TableFacts::EmailMissing { player }) => !decisions
            .iter()
            .any(|d| d.kind == crate::model::DecisionKind::Email && d.player.as_ref() == Some(player)),
        _ => true,
    });
}

/// `dir/name`, or the entry of `dir` whose name differs from it only in
/// case (`players.CSV`, as Windows may save it).
fn in_any_case(dir: &Path, name: &str) -> PathBuf {
    exact_or_first(dir, name, |n| n.eq_ignore_ascii_case(name))
}

/// `dir/name` when it is there (of any kind), else the first entry of `dir`
/// by name whose name `near` accepts, else `dir/name` (missing).
fn exact_or_first(dir: &Path, name: &str, near: impl Fn(&str) -> bool) -> PathBuf {
    let exact = dir.join(name);
    if std::fs::symlink_metadata(&exact).is_ok() {
        return exact;
    }
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| near(&n.to_string_lossy())))
        .min()
        .unwrap_or(exact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Language, Tiebreak, TimeControl};

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

    // A Russian tournament's settings are complained of in Russian, an
    // English one's in English (the TOML parser's own words aside).
    #[test]
    fn settings_errors_are_in_the_tournaments_language() {
        for (toml, en, ru) in [
            (
                "time_control = \"10-60\"",
                "time_control `10-60` is not moves/days like 10/60",
                "time_control «10-60» — не ходы/дни, как 10/60",
            ),
            (
                "end = \"31.13.2026\"",
                "end: `31.13.2026` is not a date",
                "end: «31.13.2026» — не дата",
            ),
            (
                "end = 2026-09-01T10:00:00",
                "end: `2026-09-01T10:00:00` is not a calendar date",
                "end: «2026-09-01T10:00:00» — не календарная дата",
            ),
        ] {
            let e = parse_settings(&format!("name = \"x\"\nstart = 2026-01-15\n{toml}\n")).unwrap_err();
            assert!(e.message.starts_with(en), "{e}");
            let e = parse_settings(&format!(
                "name = \"x\"\nstart = 2026-01-15\nlanguage = \"ru\"\n{toml}\n"
            ))
            .unwrap_err();
            assert!(e.message.starts_with(ru), "{e}");
        }
    }

    // Settings that cannot be read leave the tournament listed in the
    // language the file names: its pages and findings agree.
    #[test]
    fn unreadable_settings_keep_the_language_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("kubok");
        std::fs::create_dir_all(t.join("games")).unwrap();
        std::fs::write(
            t.join("tournament.toml"),
            "name = \"Кубок\"\nstart = 2026-09-01\nlanguage = \"ru\"\ntime_control = \"10-60\"\n",
        )
        .unwrap();
        let mut findings = Vec::new();
        let (settings, ok) = read_settings(
            dir.path(),
            &t,
            "kubok",
            NaiveDate::from_ymd_opt(2026, 10, 1).unwrap(),
            &mut findings,
        );
        assert!(!ok);
        assert_eq!(settings.language, Language::Ru);
        assert!(
            crate::messages::ru(&findings[0]).contains("не ходы/дни"),
            "{:?}",
            findings
        );
    }

    #[test]
    fn language_is_read_before_the_toml_parses() {
        assert_eq!(
            settings::language_of("name = x\nlanguage = \"ru\"\nstart = 01.09.2026"),
            Language::Ru
        );
        assert_eq!(settings::language_of("name = \"x\""), Language::En);
    }
}
