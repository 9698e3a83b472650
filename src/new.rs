//! `ccbulletin new DIR`: a tournament folder made from a list of players
//! (README, "Starting a tournament"): tournament.toml with every setting
//! and its comment, players.csv, pairings.csv from the FIDE Berger tables
//! (FIDE Handbook C.05, Annex 1), breaks.csv and decisions.csv with their
//! headers only, and games/ with each game's move log, its header alone.
//! Nothing already there is overwritten.

use anyhow::{Context, bail};
use chrono::NaiveDate;
use std::path::{Path, PathBuf};

use crate::finding::{Facts, Finding, TableFacts};
use crate::load::table::Table;
use crate::messages::said;
use crate::model::Language;

/// One round's games, each `(white, black)` as numbers of the draw, 1-based.
pub type Round = Vec<(usize, usize)>;

/// The Berger table of `n` players, `n` even and at least 2: `n - 1` rounds
/// of `n / 2` games each, in the table's order (board 1 first). Player `n`
/// stays on board 1, Black in odd rounds and White in even ones; the
/// others move on by `n / 2` places (counted modulo `n - 1`) a round, which
/// is how the Handbook's tables are built (round 1: 1–n, 2–(n−1), …;
/// round 2: n–(n/2+1), …, 1–2).
pub fn berger(n: usize) -> Vec<Round> {
    assert!(
        n >= 2 && n.is_multiple_of(2),
        "a Berger table is for an even number of players"
    );
    let m = n - 1;
    // Player k of round 1 moved on `shift` places, within 1..=m.
    let moved = |k: usize, shift: usize| (k - 1 + shift) % m + 1;
    (0..m)
        .map(|r| {
            let shift = r * (n / 2) % m;
            let first = moved(1, shift);
            let mut round = vec![if r % 2 == 0 { (first, n) } else { (n, first) }];
            round.extend((2..=n / 2).map(|k| (moved(k, shift), moved(n + 1 - k, shift))));
            round
        })
        .collect()
}

/// The rounds of a round robin of `players` players (at least 2): the
/// Berger table of `players` (or of `players + 1`, the highest number being
/// the bye, for an odd count) without the bye's games. A double round
/// robin plays the table twice, the second time with the colours reversed,
/// and exchanges the last two rounds of the first cycle, as the Handbook
/// recommends, so that nobody has the same colour three times running.
pub fn round_robin(players: usize, double: bool) -> Vec<Round> {
    assert!(players >= 2, "a round robin needs two players");
    let n = players + players % 2;
    let table: Vec<Round> = berger(n)
        .into_iter()
        .map(|round| {
            round
                .into_iter()
                .filter(|&(w, b)| w <= players && b <= players)
                .collect()
        })
        .collect();
    if !double {
        return table;
    }
    let mut first = table.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = table
        .into_iter()
        .map(|round| round.into_iter().map(|(w, b)| (b, w)).collect());
    first.into_iter().chain(second).collect()
}

/// What `ccbulletin new` is asked to make.
#[derive(Debug, Clone)]
pub struct NewTournament {
    /// The tournament's folder, made here; its name is the tournament's id.
    pub dir: PathBuf,
    /// The players in the order of the draw: name and email (may be empty).
    pub players: Vec<(String, String)>,
    /// A double round robin (each pair plays twice, once with each colour).
    pub double: bool,
    /// The tournament's name (default: the folder's name).
    pub name: Option<String>,
    /// The official start (51.4.5).
    pub start: NaiveDate,
    pub language: Language,
}

/// The players of a players list as a spreadsheet saves it (any encoding,
/// `,` or `;`, read by the crate's one table reader): name and email, in
/// the list's order, which is the draw's. A list of names alone gives
/// empty emails; a list with other columns but none of emails is refused,
/// naming the column that is a slip of the keyboard for it (`emial`), for
/// its emails would otherwise be lost without a word.
///
/// # Errors
/// A list that cannot be read, has no name column, other columns but no
/// email column, a row without a name, or a name twice; the message names
/// the file and line.
pub fn players_from_csv(file: &str, bytes: &[u8]) -> anyhow::Result<Vec<(String, String)>> {
    let mut table = Table::parse(file, bytes);
    if let Some(f) = table.findings.first() {
        bail!("{file}: {}", said(Language::En, f));
    }
    // The header's names are the table reader's, its Russian ones too
    // (`ФИО`, `Почта`; `Игрок` as players.csv's `name`).
    if let Some(f) = table.missing(file, &["name"]) {
        bail!(
            "{file}: the header ({}) has no column of names: name it `name` (and the emails `email`){}",
            table.columns.join(", "),
            near_misses(&f)
        );
    }
    let others = table.columns.iter().any(|c| c != "name" && !c.is_empty());
    if others && let Some(f) = table.missing(file, &["email"]) {
        bail!(
            "{file}: the header ({}) has no column of emails: name it `email` (or `почта`, `эл. почта`, `e-mail`, `адрес`), or leave only the names' column for a list without emails{}",
            table.columns.join(", "),
            near_misses(&f)
        );
    }
    let mut players = Vec::new();
    for (line, row) in table.iter() {
        let name = row.get("name");
        if name.is_empty() {
            bail!("{file}, line {line}: a row without a name");
        }
        players.push((name.to_string(), row.get("email").to_string()));
    }
    Ok(players)
}

/// The table reader's "did you mean" for the header names near a missing
/// column's, each with a word when its letters mix Latin and Cyrillic (a
/// Latin `o` in `Пoчта` looks like the Cyrillic one).
fn near_misses(f: &Finding) -> String {
    let Facts::Table(TableFacts::HeaderLacksColumns { near, .. }) = &f.facts else {
        return String::new();
    };
    let mut s = String::new();
    for (written, meant) in near {
        s += &crate::tr!(Language::En, "column-did-you-mean", written = written, meant = meant);
        let latin = written.chars().any(|c| c.is_ascii_alphabetic());
        let cyrillic = written.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
        if latin && cyrillic {
            s += " (it mixes Latin and Cyrillic letters)";
        }
    }
    s
}

/// The files `new` writes, in the order written, relative to its folder.
pub const FILES: [&str; 5] = [
    "tournament.toml",
    "players.csv",
    "pairings.csv",
    "breaks.csv",
    "decisions.csv",
];

/// Makes the tournament's folder and its files; returns the paths written
/// (the files, then games/).
///
/// # Errors
/// Fewer than two players, a name twice, a folder already there and not
/// empty (nothing is overwritten), a folder name that is not a tournament
/// id, or an I/O error naming its path.
pub fn create(t: &NewTournament) -> anyhow::Result<Vec<PathBuf>> {
    let id = t.dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !crate::model::is_valid_id(id) {
        bail!(
            "`{}`: a tournament's folder is named by letters, digits, `-`, `_` and `.`, not starting with `.`",
            t.dir.display()
        );
    }
    if t.players.len() < 2 {
        bail!("a round robin needs at least two players, {} given", t.players.len());
    }
    for (i, (name, _)) in t.players.iter().enumerate() {
        if name.trim().is_empty() {
            bail!("player {} has no name", i + 1);
        }
        if t.players[..i].iter().any(|(n, _)| n == name) {
            bail!("`{name}` is in the list twice");
        }
    }
    match std::fs::read_dir(&t.dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!("`{}` is already there and not empty: nothing written", t.dir.display());
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(&t.dir).with_context(|| format!("failed to create `{}`", t.dir.display()))?;
        }
        Err(e) => return Err(e).with_context(|| format!("failed to read `{}`", t.dir.display())),
    }
    let name = t.name.clone().unwrap_or_else(|| id.to_string());
    let contents = [
        settings_text(&name, t.start, t.language, t.double),
        table_text(
            &["name", "email"],
            t.players.iter().map(|(n, e)| vec![n.clone(), e.clone()]),
        ),
        pairings_text(&t.players, t.double),
        "player,from,to,declared,approved\n".to_string(),
        "date,kind,game,player,result,note\n".to_string(),
    ];
    let mut written = Vec::new();
    for (file, text) in FILES.iter().zip(contents) {
        let path = t.dir.join(file);
        write_new(&path, text.as_bytes())?;
        written.push(path);
    }
    let games = t.dir.join("games");
    std::fs::create_dir(&games).with_context(|| format!("failed to create `{}`", games.display()))?;
    // Each game's move log with its header row: a game without a move yet,
    // its clock running from the start, never a missing log (51.1.4).
    let pairings = std::fs::read_to_string(t.dir.join("pairings.csv")).unwrap_or_default();
    for id in pairings.lines().skip(1).filter_map(|l| l.split(',').next()) {
        write_new(&games.join(format!("{id}.csv")), LOG_HEADER.as_bytes())?;
    }
    written.push(games);
    Ok(written)
}

/// The header row of a move log (docs/format.md, "The move log").
pub const LOG_HEADER: &str = "no,side,move,received,sent,flag,note\n";

/// Writes a file that must not be there yet (never overwrites one).
fn write_new(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("failed to create `{}`", path.display()))?;
    f.write_all(bytes)
        .with_context(|| format!("failed to write `{}`", path.display()))
}

/// A CSV table with its header, quoted where a field needs it.
fn table_text(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing into memory cannot fail.
    let _ = w.write_record(header);
    for row in rows {
        let _ = w.write_record(&row);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// pairings.csv: a game a row, `g01`, `g02`, … in the order of the rounds
/// and the table's boards, the round's number, White and Black.
fn pairings_text(players: &[(String, String)], double: bool) -> String {
    let rounds = round_robin(players.len(), double);
    let total: usize = rounds.iter().map(Vec::len).sum();
    let width = total.to_string().len().max(2);
    let mut rows = Vec::with_capacity(total);
    for (r, round) in rounds.iter().enumerate() {
        for &(w, b) in round {
            rows.push(vec![
                format!("g{:0width$}", rows.len() + 1),
                (r + 1).to_string(),
                players[w - 1].0.clone(),
                players[b - 1].0.clone(),
            ]);
        }
    }
    table_text(&["game", "round", "white", "black"], rows.into_iter())
}

/// tournament.toml with every key and what it means (docs/format.md,
/// "tournament.toml"); the optional ones that have no default are left
/// commented out.
fn settings_text(name: &str, start: NaiveDate, language: Language, double: bool) -> String {
    let quoted = toml::Value::String(name.to_string()).to_string();
    let language = language.code();
    let languages: Vec<String> = Language::codes().iter().map(|c| format!("\"{c}\"")).collect();
    let languages = format!("{}: labels, dates, findings", languages.join(" or "));
    let kind = if double { "double" } else { "single" };
    let end = start.checked_add_months(chrono::Months::new(12)).unwrap_or(start);
    let lines = [
        (format!("name = {quoted}"), "shown on every page"),
        (format!("start = {start}"), "official start (51.4.5)"),
        (
            format!("# end = {end}"),
            "official end (51.9.4): set it when it is known",
        ),
        ("arbiter = \"\"".to_string(), "the arbiter's name, shown publicly"),
        ("arbiter_email = \"\"".to_string(), "never in public output"),
        (
            "time_control = \"10/60\"".to_string(),
            "moves/days, cumulative (51.4.3)",
        ),
        (
            "break_days_per_year = 30".to_string(),
            "break days a player has a year (51.7.1)",
        ),
        (
            "tiebreaks = [\"sb\", \"wins\", \"direct\"]".to_string(),
            "the order of the tie-breaks",
        ),
        (format!("language = \"{language}\""), &languages),
        (
            "notation = \"numeric\"".to_string(),
            "of the next message: \"numeric\" (51.2.4), \"san\", \"russian\"",
        ),
    ];
    let mut text = format!(
        "# Made by `ccbulletin new`: a {kind} round robin, pairings from the FIDE\n\
         # Berger tables. Fill in the arbiter; docs/format.md says what each key means.\n"
    );
    for (line, comment) in lines {
        text.push_str(&format!("{line:<38} # {comment}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of the Berger tables as the FIDE Handbook (C.05, Annex 1)
    /// prints them, typed from the Handbook: `"1-8, 2-7, 3-6, 4-5"` is round
    /// 1 for 7 or 8 players.
    fn published(rows: &str) -> Round {
        rows.split(',')
            .map(|g| {
                let (w, b) = g.trim().split_once('-').expect("a game is white-black");
                (w.parse().expect("a number"), b.parse().expect("a number"))
            })
            .collect()
    }

    #[test]
    fn berger_tables_are_the_handbooks() {
        let expected: [(usize, &[(usize, &str)]); 6] = [
            (4, &[(1, "1-4, 2-3"), (2, "4-3, 1-2"), (3, "2-4, 3-1")]),
            (
                6,
                &[
                    (1, "1-6, 2-5, 3-4"),
                    (2, "6-4, 5-3, 1-2"),
                    (4, "6-5, 1-4, 2-3"),
                    (5, "3-6, 4-2, 5-1"),
                ],
            ),
            (
                8,
                &[
                    (1, "1-8, 2-7, 3-6, 4-5"),
                    (2, "8-5, 6-4, 7-3, 1-2"),
                    (5, "3-8, 4-2, 5-1, 6-7"),
                    (7, "4-8, 5-3, 6-2, 7-1"),
                ],
            ),
            (
                10,
                &[
                    (2, "10-6, 7-5, 8-4, 9-3, 1-2"),
                    (7, "4-10, 5-3, 6-2, 7-1, 8-9"),
                    (9, "5-10, 6-4, 7-3, 8-2, 9-1"),
                ],
            ),
            (
                12,
                &[
                    (4, "12-8, 9-7, 10-6, 11-5, 1-4, 2-3"),
                    (9, "5-12, 6-4, 7-3, 8-2, 9-1, 10-11"),
                    (11, "6-12, 7-5, 8-4, 9-3, 10-2, 11-1"),
                ],
            ),
            (
                14,
                &[
                    (2, "14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2"),
                    (3, "2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9"),
                    (6, "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4"),
                    (13, "7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1"),
                ],
            ),
        ];
        for (n, rounds) in expected {
            let table = berger(n);
            for &(r, row) in rounds {
                assert_eq!(table[r - 1], published(row), "{n} players, round {r}");
            }
        }
    }

    /// Every pair meets once a cycle, nobody plays twice in a round, the
    /// bye of an odd count is gone, and the colours are the table's: over
    /// a cycle nobody's whites and blacks differ by more than one; in a
    /// double round robin each pair has one White each, and nobody has the
    /// same colour three rounds running.
    #[test]
    fn every_pair_meets_once_a_cycle() {
        for players in 3..=16 {
            for double in [false, true] {
                let rounds = round_robin(players, double);
                let cycles = if double { 2 } else { 1 };
                let even = players + players % 2;
                assert_eq!(rounds.len(), cycles * (even - 1), "{players} players");
                let mut met = std::collections::HashMap::new();
                let mut colours = vec![Vec::new(); players + 1];
                for round in &rounds {
                    let mut seen = std::collections::HashSet::new();
                    for &(w, b) in round {
                        assert!(w <= players && b <= players && w != b);
                        assert!(seen.insert(w) && seen.insert(b), "{players}: twice in a round");
                        *met.entry((w.min(b), w.max(b))).or_insert(0) += 1;
                        colours[w].push('W');
                        colours[b].push('B');
                    }
                    assert_eq!(seen.len(), players - players % 2, "{players}: one bye at most");
                }
                assert_eq!(met.len(), players * (players - 1) / 2);
                assert!(
                    met.values().all(|&k| k == cycles),
                    "{players} players: pairs meet {cycles}×"
                );
                for (p, c) in colours.iter().enumerate().skip(1) {
                    let whites = c.iter().filter(|&&x| x == 'W').count();
                    let blacks = c.len() - whites;
                    assert!(
                        whites.abs_diff(blacks) <= 1,
                        "{players} players, #{p}: {whites} W, {blacks} B"
                    );
                    if double {
                        assert_eq!(whites, blacks, "{players} players, #{p}");
                    }
                }
                if double {
                    for (w, b) in met.keys() {
                        let games: Vec<_> = rounds
                            .iter()
                            .flatten()
                            .filter(|g| **g == (*w, *b) || **g == (*b, *w))
                            .collect();
                        assert_eq!(games.len(), 2);
                        assert_ne!(games[0], games[1], "{players}: {w}-{b} once with each colour");
                    }
                    // In rounds played (a bye skipped), no colour three times running.
                    if players % 2 == 0 {
                        for (p, c) in colours.iter().enumerate().skip(1) {
                            let s: String = c.iter().collect();
                            assert!(!s.contains("WWW") && !s.contains("BBB"), "{players}, #{p}: {s}");
                        }
                    }
                }
            }
        }
    }

    /// 7 players: the table of 8 with 8 as the bye (Handbook: "if there is
    /// an odd number of players, the highest number counts as a bye").
    #[test]
    fn odd_count_drops_the_bye() {
        let rounds = round_robin(7, false);
        assert_eq!(rounds[0], published("2-7, 3-6, 4-5"));
        assert_eq!(rounds[1], published("6-4, 7-3, 1-2"));
    }

    #[test]
    fn double_swaps_the_first_cycles_last_two_rounds() {
        let rounds = round_robin(4, true);
        let expected = ["1-4, 2-3", "2-4, 3-1", "4-3, 1-2", "4-1, 3-2", "3-4, 2-1", "4-2, 1-3"];
        for (r, row) in expected.iter().enumerate() {
            assert_eq!(rounds[r], published(row), "round {}", r + 1);
        }
    }

    #[test]
    fn players_from_excel_csv() {
        let bytes = "\u{feff}ФИО;Почта\r\n\"Иванов, Иван\";ivanov@example.org\r\nПетров Пётр;\r\n;;\r\n".as_bytes();
        let players = players_from_csv("players.csv", bytes).expect("read");
        assert_eq!(
            players,
            vec![
                ("Иванов, Иван".to_string(), "ivanov@example.org".to_string()),
                ("Петров Пётр".to_string(), String::new())
            ]
        );
        // Every name docs/format.md gives players.csv's columns.
        for header in [
            "name,email",
            "Имя,E-mail",
            "Игрок,Адрес",
            "участник,эл. почта",
            "ФИО,Эл.почта",
            "ФИО,почта",
        ] {
            let text = format!("{header}\n\"A, a\",a@example.org\n");
            let players = players_from_csv("p.csv", text.as_bytes()).expect(header);
            assert_eq!(
                players,
                vec![("A, a".to_string(), "a@example.org".to_string())],
                "{header}"
            );
        }
        let err = players_from_csv("p.csv", b"who,where\nA,B\n").expect_err("no name column");
        assert!(err.to_string().contains("no column of names"), "{err}");
    }

    #[test]
    fn create_writes_every_file_and_never_overwrites() {
        let dir = tempfile::tempdir().expect("temp");
        let players = |names: &[&str]| names.iter().map(|n| (n.to_string(), String::new())).collect();
        let t = NewTournament {
            dir: dir.path().join("cup"),
            players: players(&["A", "B, b", "C"]),
            double: false,
            name: None,
            start: NaiveDate::from_ymd_opt(2027, 1, 15).expect("date"),
            language: Language::En,
        };
        let written = create(&t).expect("made");
        assert_eq!(written.len(), FILES.len() + 1);
        let read = |f: &str| std::fs::read_to_string(t.dir.join(f)).expect("written");
        // 3 players: the table of 4, 4 the bye: 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1.
        assert_eq!(
            read("pairings.csv"),
            "game,round,white,black\ng01,1,\"B, b\",C\ng02,2,A,\"B, b\"\ng03,3,C,A\n"
        );
        assert_eq!(read("players.csv"), "name,email\nA,\n\"B, b\",\nC,\n");
        assert_eq!(read("breaks.csv"), "player,from,to,declared,approved\n");
        assert!(t.dir.join("games").is_dir());
        // 51.1.4: every game's log is there, its header alone.
        for g in ["g01", "g02", "g03"] {
            assert_eq!(read(&format!("games/{g}.csv")), LOG_HEADER);
        }
        let before = read("tournament.toml");
        let err = create(&t).expect_err("there already");
        assert!(err.to_string().contains("not empty"), "{err}");
        assert_eq!(read("tournament.toml"), before);
        let twice = NewTournament {
            dir: dir.path().join("b"),
            players: players(&["A", "A"]),
            ..t.clone()
        };
        assert!(create(&twice).expect_err("a name twice").to_string().contains("twice"));
        let one = NewTournament {
            dir: dir.path().join("c"),
            players: players(&["A"]),
            ..t.clone()
        };
        assert!(create(&one).is_err());
        let hidden = NewTournament {
            dir: dir.path().join(".x"),
            ..t
        };
        assert!(create(&hidden).is_err());
        assert!(!dir.path().join("b").exists() && !dir.path().join(".x").exists());
    }

    #[test]
    fn settings_text_parses_with_its_comments() {
        let start = NaiveDate::from_ymd_opt(2027, 1, 15).expect("date");
        let text = settings_text("Cup \"A\", 2027", start, Language::Ru, true);
        let s = crate::load::parse_settings(&text).expect("parses");
        assert_eq!(s.name, "Cup \"A\", 2027");
        assert_eq!(s.start, start);
        assert_eq!(s.end, None);
        assert_eq!(s.language, Language::Ru);
        assert!(text.contains("# end = 2028-01-15"));
    }
}
