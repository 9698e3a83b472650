//! Helpers shared by the integration tests: tournaments built in memory or
//! written to temporary folders, and the report run on them.
#![allow(dead_code)]

use ccbulletin::dates::parse_date;
use ccbulletin::finding::{Code, Finding};
use ccbulletin::game::{GameContext, GameReport, analyze_parsed};
use ccbulletin::load::movelog::MoveLog;
use ccbulletin::load::pgn::PgnFile;
use ccbulletin::model::*;
use chrono::NaiveDate;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub fn d(s: &str) -> NaiveDate {
    parse_date(s).unwrap()
}

pub const WHITE: &str = "White, W";
pub const BLACK: &str = "Black, B";

/// A one-game tournament in memory.
pub fn tournament(start: &str, tc: &str) -> Tournament {
    Tournament {
        id: "t".into(),
        dir: PathBuf::from("t"),
        settings: Settings {
            name: "Test".into(),
            start: d(start),
            end: None,
            arbiter: "Arbiter".into(),
            arbiter_email: "arbiter@example.org".into(),
            time_control: TimeControl::parse(tc).unwrap(),
            break_days_per_year: 30,
            tiebreaks: vec![Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct],
            language: Language::En,
            notation: Notation::Numeric,
        },
        players: vec![
            Player {
                name: WHITE.into(),
                email: "w@example.org".into(),
            },
            Player {
                name: BLACK.into(),
                email: "b@example.org".into(),
            },
        ],
        pairings: vec![Pairing {
            game: "g".into(),
            round: "1".into(),
            white: WHITE.into(),
            black: BLACK.into(),
            line: 2,
        }],
        breaks: vec![],
        decisions: vec![],
        files: BTreeMap::new(),
    }
}

pub fn add_break(t: &mut Tournament, side: Side, from: &str, to: &str, declared: &str) {
    let player = if side == Side::White { WHITE } else { BLACK };
    t.breaks.push(Break {
        player: player.into(),
        from: d(from),
        to: d(to),
        declared: if declared.is_empty() { None } else { Some(d(declared)) },
        approved: false,
        extra: false,
        line: t.breaks.len() + 2,
    });
}

/// Runs the game stage on a move log (with the header added) as of a date.
pub fn game(t: &Tournament, log: &str, as_of: &str) -> GameReport {
    game_with_pgn(t, Some(log), None, as_of)
}

pub fn game_with_pgn(t: &Tournament, log: Option<&str>, pgn: Option<&str>, as_of: &str) -> GameReport {
    let ctx = GameContext {
        tournament: t,
        pairing: &t.pairings[0],
        as_of: d(as_of),
        file_prefix: "t/games/".into(),
    };
    let log = log.map(|l| {
        (
            MoveLog::parse(
                "t/games/g.csv",
                format!("no,side,move,received,sent,flag,note\n{l}").as_bytes(),
            ),
            None,
        )
    });
    let pgn = pgn.map(|p| (PgnFile::parse("t/games/g.pgn", p.as_bytes()), None));
    analyze_parsed(&ctx, log, pgn)
}

pub fn codes(g: &GameReport) -> Vec<Code> {
    g.findings.iter().map(|f| f.code).collect()
}

pub fn find(g: &GameReport, code: Code) -> Vec<&Finding> {
    g.findings.iter().filter(|f| f.code == code).collect()
}

/// Writes a file, creating its folder.
pub fn write(path: &Path, text: impl AsRef<[u8]>) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The complete example of docs/format.md as a tournament folder.
pub fn worked_example(root: &Path) {
    let t = root.join("spec13");
    write(
        &t.join("tournament.toml"),
        "name = \"Worked example\"\nstart = 2026-01-15\narbiter = \"Sidorov, Petr\"\narbiter_email = \"arbiter@example.org\"\n",
    );
    write(
        &t.join("players.csv"),
        format!("name,email\n\"{WHITE}\",w@example.org\n\"{BLACK}\",b@example.org\n"),
    );
    write(
        &t.join("pairings.csv"),
        format!("game,round,white,black\ng,1,\"{WHITE}\",\"{BLACK}\"\n"),
    );
    write(
        &t.join("breaks.csv"),
        format!("player,from,to,declared,approved\n\"{WHITE}\",2026-02-17,2026-02-22,2026-02-10,\n"),
    );
    write(
        &t.join("games/g.csv"),
        format!("no,side,move,received,sent,flag,note\n{WORKED_LOG}"),
    );
}

pub const WORKED_LOG: &str = "1,white,e4,,2026-01-15,,
1,black,c5,2026-01-16,2026-01-18,,
2,white,Nf3,2026-01-19,2026-01-23,,
2,black,d6,2026-01-24,2026-01-24,,
3,white,d4,2026-01-26,2026-01-27,,
3,black,cxd4,2026-01-28,2026-02-03,,
4,white,Nxd4,2026-02-04,2026-02-04,,
4,black,Nf6,2026-02-05,2026-02-07,,
5,white,Nc3,2026-02-08,2026-02-10,,
5,black,a6,2026-02-11,2026-02-12,,
6,white,Be3,2026-02-13,2026-02-15,,proposes 6...e5 7.Nb3
6,black,e5,2026-02-16,2026-02-20,accepted,
7,white,Nb3,,,variant,
7,black,Be6,2026-02-16,2026-02-20,,
8,white,O-O-O,2026-02-21,2026-02-23,impossible,
8,black,,2026-02-24,2026-02-28,request,
8,white,f3,2026-03-01,2026-03-02,,
8,black,Be7,2026-03-03,2026-03-05,,
";

/// The sample tournaments of the repository.
pub fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments")
}

/// The arguments of `ccbulletin report` on a folder as of a date, quietly,
/// with extra options.
pub fn report_args(input: &Path, out: &Path, as_of: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["report", "--tournaments"].map(String::from).to_vec();
    args.push(input.to_str().unwrap().to_string());
    args.push("--out".into());
    args.push(out.to_str().unwrap().to_string());
    args.extend(["--as-of", as_of, "--quiet"].map(String::from));
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

/// `ccbulletin report` on a folder as of a date, quietly, with extra options.
pub fn report(input: &Path, out: &Path, as_of: &str, extra: &[&str]) -> std::process::Output {
    bin().args(report_args(input, out, as_of, extra)).output().unwrap()
}

/// The built binary, to give arguments and an environment.
pub fn bin() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_ccbulletin"))
}

/// Runs the built binary.
pub fn ccbulletin(args: &[&str]) -> std::process::Output {
    bin().args(args).output().unwrap()
}

/// A copy of the sample tournaments, to change.
pub fn copy_sample(to: &Path) {
    for (rel, bytes) in tree(&sample()) {
        write(&to.join(rel), bytes);
    }
}

/// Where a tournament's report.json is written under `out`.
pub fn report_json_path(out: &Path, id: &str) -> PathBuf {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.file_name() == "report.json" && e.path().parent().and_then(Path::file_name) == Some(id.as_ref()))
        .unwrap_or_else(|| panic!("no report.json of {id} under {}", out.display()))
        .into_path()
}

/// A tournament's report.json, parsed.
pub fn report_json(out: &Path, id: &str) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(report_json_path(out, id)).unwrap()).unwrap()
}

/// Every file under a folder, relative path → bytes.
pub fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(root).unwrap().display().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Whether text holds something shaped like an email address (the same
/// pattern the project's before-stop check greps for).
pub fn has_email(text: &str) -> bool {
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c != b'@' || i == 0 {
            continue;
        }
        let local = |c: u8| c.is_ascii_alphanumeric() || b"._%+-".contains(&c);
        if !local(b[i - 1]) {
            continue;
        }
        let rest: Vec<u8> = b[i + 1..]
            .iter()
            .copied()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'.' || *c == b'-')
            .collect();
        for (k, &c) in rest.iter().enumerate() {
            if c == b'.' && k > 0 && rest[k + 1..].iter().take_while(|c| c.is_ascii_alphabetic()).count() >= 2 {
                return true;
            }
        }
    }
    false
}

/// A finding's sentence in English, as an English tournament's pages show it.
pub fn en(f: &ccbulletin::finding::Finding) -> String {
    ccbulletin::messages::said(ccbulletin::model::Language::En, f)
}

/// A finding's sentence in Russian, as a Russian tournament's pages show it.
pub fn ru(f: &ccbulletin::finding::Finding) -> String {
    ccbulletin::messages::said(ccbulletin::model::Language::Ru, f)
}
