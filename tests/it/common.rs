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

/// Ten players of a Russian tournament: name, address.
pub const RUSSIAN_PLAYERS: [(&str, &str); 10] = [
    ("Иванов, Алексей", "ivanov@example.ru"),
    ("Смирнова, Ольга", "smirnova@example.ru"),
    ("Попов, Игорь", "popov@example.ru"),
    ("Соколов, Виктор", "sokolov@example.ru"),
    ("Кузнецова, Анна", "kuznetsova@example.ru"),
    ("Орлов, Дмитрий", "orlov@example.ru"),
    ("Белов, Сергей", "belov@example.ru"),
    ("Фёдорова, Ирина", "fedorova@example.ru"),
    ("Лебедев, Михаил", "lebedev@example.ru"),
    ("Морозов, Павел", "morozov@example.ru"),
];

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

/// Writes files of a folder, each a path relative to it and its text.
pub fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        write(&dir.join(path), text);
    }
}

/// The complete example of docs/format.md as a tournament folder.
pub fn worked_example(root: &Path) {
    write_files(
        &root.join("spec13"),
        &[
            (
                "tournament.toml",
                "name = \"Worked example\"\nstart = 2026-01-15\narbiter = \"Sidorov, Petr\"\narbiter_email = \"arbiter@example.org\"\n",
            ),
            (
                "players.csv",
                &format!("name,email\n\"{WHITE}\",w@example.org\n\"{BLACK}\",b@example.org\n"),
            ),
            (
                "pairings.csv",
                &format!("game,round,white,black\ng,1,\"{WHITE}\",\"{BLACK}\"\n"),
            ),
            (
                "breaks.csv",
                &format!("player,from,to,declared,approved\n\"{WHITE}\",2026-02-17,2026-02-22,2026-02-10,\n"),
            ),
            (
                "games/g.csv",
                &format!("no,side,move,received,sent,flag,note\n{WORKED_LOG}"),
            ),
        ],
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

/// A copy of the sample in a temporary folder: the test that holds the
/// folder (keep it while the folder is used) and the tournaments folder.
pub fn sample_copy() -> (TournamentTest, PathBuf) {
    let test = TournamentTest::sample();
    let input = test.input();
    (test, input)
}

/// Where a tournament's report.json is written under `out`.
pub fn report_json_path(out: &Path, id: &str) -> PathBuf {
    report_files(out)
        .find(|e| e.file_name() == "report.json" && e.path().parent().and_then(Path::file_name) == Some(id.as_ref()))
        .unwrap_or_else(|| panic!("no report.json of {id} under {}", out.display()))
        .into_path()
}

/// Every entry under `root`, in name order, but the tool's spare folders
/// (`out/.ccbulletin.spare`: the folders replaced last, kept to be made
/// into the next ones, not part of the report).
pub fn report_files(root: &Path) -> impl Iterator<Item = walkdir::DirEntry> {
    walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() != 1 || e.file_name() != ".ccbulletin.spare")
        .filter_map(Result::ok)
}

/// A tournament's report.json, parsed.
pub fn report_json(out: &Path, id: &str) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(report_json_path(out, id)).unwrap()).unwrap()
}

/// A tournament's arbiter folder: `out/arbiter/<t>` with two trees, else
/// `out/<t>`.
pub fn arbiter_dir(out: &Path, t: &str) -> PathBuf {
    either_tree(out, "arbiter", t)
}

/// A tournament's public folder: `out/public/<t>` with two trees, else
/// `out/<t>`.
pub fn public_dir(out: &Path, t: &str) -> PathBuf {
    either_tree(out, "public", t)
}

fn either_tree(out: &Path, tree: &str, t: &str) -> PathBuf {
    let two = out.join(tree);
    if two.join(t).is_dir() { two.join(t) } else { out.join(t) }
}

/// The string `field` of each element of a JSON array (the ids of
/// `json["games"]`, the codes of a game's `["findings"]`).
pub fn each_str<'a>(array: &'a serde_json::Value, field: &str) -> Vec<&'a str> {
    array
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v[field].as_str().unwrap())
        .collect()
}

/// Game `id` of a parsed report.json.
pub fn game_json<'a>(json: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no game {id}"))
}

/// How many rows of a report.json game carry a move.
pub fn moves_played(game: &serde_json::Value) -> usize {
    game["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.get("san").is_some())
        .count()
}

/// Every finding of a parsed report.json: the tournament's, then each
/// game's.
pub fn all_findings(json: &serde_json::Value) -> Vec<serde_json::Value> {
    let mut findings = json["findings"].as_array().unwrap().clone();
    for g in json["games"].as_array().unwrap() {
        findings.extend(g["findings"].as_array().unwrap().iter().cloned());
    }
    findings
}

/// Every file under a folder, relative path → bytes.
pub fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    report_files(root)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(root).unwrap().display().to_string(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Whether text holds an email address, or what reads as one in a public
/// file, by the grammar the tool itself hides them by
/// (`ccbulletin::address`).
pub fn has_email(text: &str) -> bool {
    ccbulletin::address::holds(text, ccbulletin::address::Scope::File)
}

/// A finding's sentence in English, as an English tournament's pages show it.
pub fn en(f: &ccbulletin::finding::Finding) -> String {
    ccbulletin::messages::said(ccbulletin::model::Language::En, f)
}

/// A finding's sentence in Russian, as a Russian tournament's pages show it.
pub fn ru(f: &ccbulletin::finding::Finding) -> String {
    ccbulletin::messages::said(ccbulletin::model::Language::Ru, f)
}

/// A tournaments folder in a temporary directory, set up by a test and
/// reported on (mdBook's `BookTest` is the model):
/// `TournamentTest::sample().file("ec2026-sf3/games/g10.csv", text)
/// .as_of("2026-12-02").run().check_file("public/index.html", |t| ...)`.
/// Paths given to it are relative to the tournaments folder, as the
/// findings name them (`t1/games/a.csv`); those of a [`Run`] are relative
/// to the output folder. Every run checks that the inputs were left as
/// they were.
pub struct TournamentTest {
    root: std::rc::Rc<tempfile::TempDir>,
    as_of: String,
    args: Vec<String>,
}

impl TournamentTest {
    /// A copy of the sample tournaments of the repository, as of 2026-12-02.
    pub fn sample() -> TournamentTest {
        let mut t = TournamentTest::empty();
        copy_sample(&t.input());
        t.as_of("2026-12-02");
        t
    }

    /// One tournament of the sample, in the folder `as_id`, as of 2026-12-02.
    pub fn sample_one(id: &str, as_id: &str) -> TournamentTest {
        let mut t = TournamentTest::empty();
        for (rel, bytes) in tree(&sample().join(id)) {
            t.file(&format!("{as_id}/{rel}"), bytes);
        }
        t.as_of("2026-12-02");
        t
    }

    /// The complete example of docs/format.md (folder `spec13`), as of
    /// 2026-01-20.
    pub fn worked_example() -> TournamentTest {
        let t = TournamentTest::empty();
        worked_example(&t.input());
        t
    }

    /// An empty tournaments folder, as of 2026-01-20.
    pub fn empty() -> TournamentTest {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("in")).unwrap();
        TournamentTest {
            root: std::rc::Rc::new(root),
            as_of: "2026-01-20".into(),
            args: vec![],
        }
    }

    /// A tournament typed by hand in folder `id`: its tournament.toml (the
    /// name, the start, 10 moves in 60 days, the arbiter Ann Arbiter and her
    /// address) with the lines `more` added, and its players.csv of
    /// `players`, each with an address made of its first name
    /// (`"Adams, Anna"`: anna@example.org).
    pub fn typed(&mut self, id: &str, name: &str, start: &str, more: &str, players: &[&str]) -> &mut Self {
        self.file(
            &format!("{id}/tournament.toml"),
            format!(
                "name = \"{name}\"\nstart = {start}\n{more}arbiter = \"Arbiter, Ann\"\n\
                 arbiter_email = \"arbiter@example.org\"\ntime_control = \"10/60\"\n"
            ),
        );
        let mut csv = String::from("name,email\n");
        for p in players {
            let first = p.rsplit(", ").next().unwrap().to_lowercase();
            csv.push_str(&format!("\"{p}\",{first}@example.org\n"));
        }
        self.file(&format!("{id}/players.csv"), csv)
    }

    /// Folder `t`: one game, g1 (Adams, Anna – Brown, Bob), finished 1-0 on
    /// 2026-01-05 before the switch to the tool, the arbiter holding Adams'
    /// record on paper from 2026-01-10 (a `records` decision) and not
    /// Brown's: Brown owes it (51.9.1).
    pub fn record_held_from_one_side() -> TournamentTest {
        let mut t = TournamentTest::empty();
        t.typed("t", "Switch Cup", "2025-10-01", "", &["Adams, Anna", "Brown, Bob"])
            .file(
                "t/pairings.csv",
                "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\n",
            )
            .file(
                "t/decisions.csv",
                "date,kind,game,player,result,note\n2026-01-05,result,g1,,1-0,finished before the switch\n\
                 2026-01-10,records,g1,\"Adams, Anna\",,on paper\n",
            );
        t
    }

    /// Writes a file of the tournaments folder, making its folder.
    pub fn file(&mut self, path: &str, text: impl AsRef<[u8]>) -> &mut Self {
        write(&self.path(path), text);
        self
    }

    /// Rewrites a file of the tournaments folder with `change` of its text.
    pub fn edit(&mut self, path: &str, change: impl FnOnce(String) -> String) -> &mut Self {
        let text = std::fs::read_to_string(self.path(path)).unwrap();
        self.file(path, change(text))
    }

    /// Removes a file of the tournaments folder.
    pub fn remove(&mut self, path: &str) -> &mut Self {
        std::fs::remove_file(self.path(path)).unwrap();
        self
    }

    /// The date the report is made as of.
    pub fn as_of(&mut self, date: &str) -> &mut Self {
        self.as_of = date.into();
        self
    }

    /// More options for `ccbulletin report`.
    pub fn arg(&mut self, arg: &str) -> &mut Self {
        self.args.push(arg.into());
        self
    }

    /// The temporary directory: the tournaments folder `in/` and the
    /// output folder `out/` are in it, and room for anything beside them.
    pub fn root(&self) -> &Path {
        self.root.path()
    }

    /// The tournaments folder.
    pub fn input(&self) -> PathBuf {
        self.root().join("in")
    }

    /// Where a file of the tournaments folder lies.
    pub fn path(&self, path: &str) -> PathBuf {
        self.input().join(path)
    }

    /// The command `run` runs, to run another way (with a time limit).
    pub fn command(&self) -> std::process::Command {
        let out = self.root().join("out");
        let extra: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let mut cmd = bin();
        cmd.args(report_args(&self.input(), &out, &self.as_of, &extra));
        cmd
    }

    /// `ccbulletin report` on the folder into `out/`, quietly; the inputs
    /// must not change.
    pub fn run(&self) -> Run {
        let before = tree(&self.input());
        let output = self.command().output().unwrap();
        assert_eq!(before, tree(&self.input()), "inputs must not change");
        self.ran(output)
    }

    /// A [`Run`] of `output`, a run made with [`TournamentTest::command`].
    pub fn ran(&self, output: std::process::Output) -> Run {
        Run {
            _root: self.root.clone(),
            out: self.root().join("out"),
            output,
        }
    }
}

/// A finished run of a [`TournamentTest`]: its status and its output folder.
pub struct Run {
    _root: std::rc::Rc<tempfile::TempDir>,
    out: PathBuf,
    pub output: std::process::Output,
}

impl Run {
    /// The exit status.
    pub fn code(&self) -> Option<i32> {
        self.output.status.code()
    }

    /// What it printed on stderr.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// The output folder.
    pub fn out(&self) -> &Path {
        &self.out
    }

    /// A file of the output folder as text.
    pub fn read(&self, path: &str) -> String {
        let p = self.out.join(path);
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    /// Runs `check` on a file of the output folder, as text.
    pub fn check_file(&self, path: &str, check: impl FnOnce(&str)) -> &Self {
        check(&self.read(path));
        self
    }

    /// Tournament `id`'s report.json, parsed.
    pub fn json(&self, id: &str) -> serde_json::Value {
        report_json(&self.out, id)
    }

    /// Every finding of tournament `id`'s report.json: the tournament's,
    /// then each game's.
    pub fn findings(&self, id: &str) -> Vec<serde_json::Value> {
        all_findings(&self.json(id))
    }
}
