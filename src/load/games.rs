//! The games/ folder: each paired game's move log and PGN, found whatever
//! the case of their extension; links that lead out and anything that is not
//! a regular file are never opened, and every entry not read is named.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::finding::{Facts, FileFacts, Finding, GameFileWhy, ReadFacts, Severity};
use crate::load::movelog::excerpt;
use crate::load::text::clean_owned;
use crate::model::{GameFiles, Pairing, is_valid_id};

/// Lists `games/`: each paired game's `.csv` and `.pgn`, the extension in
/// any case. A link that loops, dangles or leads out of the tournaments
/// folder is not followed, nor is anything but a regular file opened; every
/// other entry that is not read gets a warning naming it.
pub(super) fn find_game_files(
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
    let root_real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    if !games_folder_inside(&games, &root_real) {
        findings.push(Finding::new(FileFacts::GamesFolderNotFollowed).at(&format!("{id}/games"), None));
        return files;
    }
    let Ok(entries) = std::fs::read_dir(&games) else {
        return files;
    };
    // Each entry with its kind as the listing gives it (no stat a file).
    let mut paths: Vec<(PathBuf, std::io::Result<std::fs::FileType>)> = entries
        .filter_map(|e| e.ok().map(|e| (e.path(), e.file_type())))
        .collect();
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    let mut locks: Vec<String> = Vec::new();
    for (path, kind) in paths {
        // As shown in findings: a file's name may hold control characters.
        let name = clean_owned(
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
        if is_editor_lock(&name) {
            locks.push(excerpt(&name));
            continue;
        }
        let shown = format!("{id}/games/{name}");
        let not_read = match game_file(&path, kind, &name, &shown, &root_real) {
            Ok((stem, ext)) => place(&mut files, &stem, &ext, path, &name, &shown),
            Err(f) => Some(*f),
        };
        if let Some(f) = not_read {
            findings.push(with_hint(f, &name, pairings));
        }
    }
    if !locks.is_empty() {
        findings.push(
            Finding::new(FileFacts::EditorLockFiles { files: locks })
                .at(&format!("{id}/games"), None)
                .severity(Severity::Info),
        );
    }
    files
}

/// The lock and temporary files a spreadsheet keeps beside a file it has
/// open: Excel's `~$g06.csv`, LibreOffice's `.~lock.g06.csv#`.
fn is_editor_lock(name: &str) -> bool {
    name.starts_with("~$") || (name.starts_with(".~lock.") && name.ends_with('#'))
}

/// A stray file of games/ (a copy, another case, a typo) is a warning: the
/// game's records are not touched by it. When its name is near a paired
/// game's, the warning says which ("did you mean").
fn with_hint(f: Finding, name: &str, pairings: &[Pairing]) -> Finding {
    if f.severity != Severity::Warning {
        return f;
    }
    let stem = name.split('.').next().unwrap_or(name).to_lowercase();
    let near = pairings
        .iter()
        .map(|p| p.game.as_str())
        .filter(|g| *g != name.rsplit_once('.').map_or(name, |(s, _)| s))
        .map(|g| {
            let lower = g.to_lowercase();
            let copy = stem.starts_with(&lower) && !stem[lower.len()..].starts_with(|c: char| c.is_alphanumeric());
            let distance = if copy { 0 } else { strsim::levenshtein(&stem, &lower) };
            (distance, g)
        })
        .filter(|(d, _)| *d <= 2)
        .min();
    let mut f = f;
    if let Some((_, game)) = near
        && let Facts::File(
            FileFacts::GameFileNotRead { near, .. }
            | FileFacts::GameFileUnpaired { near, .. }
            | FileFacts::GameFileNameNotAnId { near },
        ) = &mut f.facts
    {
        *near = Some(game.to_string());
    }
    f
}

/// Puts a file of games/ in its game's slot; the finding when the game has
/// that file already, or is not paired.
pub(super) fn place(
    files: &mut BTreeMap<String, GameFiles>,
    stem: &str,
    ext: &str,
    path: PathBuf,
    name: &str,
    shown: &str,
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
                        GameFileWhy::Twice {
                            stem: stem.to_string(),
                            first,
                        },
                    ))
                }
                None => {
                    *slot = Some(path);
                    None
                }
            }
        }
        None => Some(
            Finding::new(FileFacts::GameFileUnpaired {
                name: name.to_string(),
                near: None,
            })
            .at(shown, None)
            .severity(Severity::Warning),
        ),
    }
}

/// Whether `games` may be read: a folder, or a link to a folder inside the
/// tournaments folder (or absent: then there is nothing to read).
pub(super) fn games_folder_inside(games: &Path, root_real: &Path) -> bool {
    match std::fs::symlink_metadata(games) {
        Ok(m) if m.file_type().is_symlink() || !m.is_dir() => games
            .canonicalize()
            .is_ok_and(|real| real.starts_with(root_real) && real.is_dir()),
        _ => true,
    }
}

/// The warning that a file of games/ is not read, and why.
pub(super) fn not_read(name: &str, shown: &str, why: GameFileWhy) -> Finding {
    Finding::new(FileFacts::GameFileNotRead {
        name: excerpt(name),
        why,
        near: None,
    })
    .at(shown, None)
    .severity(Severity::Warning)
}

/// A file of games/ that may be read, as its stem and its extension in
/// lower case; else the finding that says why it is not read: not a
/// `.csv` or `.pgn`, not a regular file, a link out of the tournaments
/// folder, or a name that is no game id.
pub(super) fn game_file(
    path: &Path,
    kind: std::io::Result<std::fs::FileType>,
    name: &str,
    shown: &str,
    root_real: &Path,
) -> Result<(String, String), Box<Finding>> {
    let bad = |facts: Facts| Box::new(Finding::new(facts).at(shown, None));
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if e.eq_ignore_ascii_case("csv") || e.eq_ignore_ascii_case("pgn") => {
            (s.to_string(), e.to_ascii_lowercase())
        }
        _ => {
            return Err(Box::new(not_read(name, shown, GameFileWhy::NameUnknown)));
        }
    };
    // The entry's own kind (a link is not followed here).
    let kind = kind.map_err(|e| bad(ReadFacts::FileUnreadable { error: e.to_string() }.into()))?;
    if kind.is_symlink() {
        match path.canonicalize() {
            Ok(real) if real.starts_with(root_real) && real.is_file() => {}
            Ok(_) => {
                return Err(bad(FileFacts::GameFileLinkLeadsOut.into()));
            }
            Err(e) => {
                return Err(bad(FileFacts::FileLinkBroken { error: e.to_string() }.into()));
            }
        }
    } else if !kind.is_file() {
        return Err(bad(FileFacts::GameFileNotAFile.into()));
    }
    if !is_valid_id(&stem) {
        // A stray name (a copy, a typo): a warning, as an unpaired file is.
        let f = Finding::new(FileFacts::GameFileNameNotAnId { near: None }).at(shown, None);
        return Err(Box::new(f.severity(Severity::Warning)));
    }
    Ok((stem, ext))
}
