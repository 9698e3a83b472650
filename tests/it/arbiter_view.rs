//! The arbiter's nightly view: the list in its order (what can decide a
//! result, what is due, errors, warnings, notes; a game's findings together,
//! slow deliveries of one game and side as one entry) with game links,
//! players and mailto links; what changed since the last report; deadlines.ics; the counts of
//! the arbiter's index.

use crate::common::*;
use chrono::NaiveDate;
use scraper::{Html, Selector};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const AS_OF: &str = "2026-12-02";

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every finding of a report.json, top-level and per game.
/// Whether the arbiter's list shows a finding of report.json on `as_of`:
/// a slow delivery (51.2.5) only for 14 days after its date.
fn in_list(f: &Value, as_of: NaiveDate) -> bool {
    let date = f["date"].as_str().and_then(|d| d.parse::<NaiveDate>().ok());
    f["code"] != "transit" || date.is_none_or(|d| (as_of - d).num_days() <= 14)
}

fn findings(report: &Value) -> Vec<Value> {
    let mut all: Vec<Value> = report["findings"].as_array().unwrap().clone();
    for g in report["games"].as_array().unwrap() {
        all.extend(g["findings"].as_array().unwrap().iter().cloned());
    }
    all
}

type Key = (String, Option<String>, Option<String>, Option<String>);

fn key(f: &Value) -> Key {
    let s = |k: &str| f[k].as_str().map(str::to_string);
    (s("code").unwrap(), s("game"), s("player"), s("date"))
}

fn keys<'a>(fs: impl IntoIterator<Item = &'a Value>) -> BTreeSet<Key> {
    fs.into_iter().map(key).collect()
}

fn emails(tournament: &Path) -> BTreeMap<String, String> {
    let mut r = csv::Reader::from_path(tournament.join("players.csv")).unwrap();
    let mut emails: BTreeMap<String, String> = r
        .records()
        .map(|x| {
            let x = x.unwrap();
            (x[0].to_string(), x[1].to_string())
        })
        .collect();
    // 51.1.2: a player's new address (decision `email`, note = the
    // address), in force on the sample's report date.
    if let Ok(mut r) = csv::Reader::from_path(tournament.join("decisions.csv")) {
        for x in r.records().map(Result::unwrap).filter(|x| &x[1] == "email") {
            emails.insert(x[3].to_string(), x[5].to_string());
        }
    }
    emails
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

fn text(e: scraper::ElementRef<'_>) -> String {
    e.text().collect()
}

/// The codes whose findings can decide a game's result (docs/arbiter.md).
const DECIDES: [&str; 11] = [
    "overstep",
    "silence",
    "records-none",
    "adjudication-due",
    "adjudication-late",
    "sealed-move",
    "claim-late",
    "claim-unfounded",
    "claim-repeated",
    "claim-open",
    "protest-open",
];

const PARTS: [&str; 7] = ["week", "overdue", "result", "due", "error", "warning", "info"];

/// One row of the arbiter's list: its part, code, game, whether overdue,
/// its due date and the findings it stands for (its items, or 1).
struct Row {
    part: &'static str,
    code: String,
    game: String,
    late: bool,
    due: Option<NaiveDate>,
    items: usize,
}

fn rows(html: &Html) -> Vec<Row> {
    html.select(&sel("h2[id] + div tr.finding"))
        .map(|row| {
            let class = row.value().attr("class").unwrap();
            // `finding <severity> <urgency>`, the urgency left out where it
            // is the severity (no class twice).
            let part = class
                .split(' ')
                .skip(1)
                .filter_map(|c| PARTS.into_iter().find(|p| *p == c))
                .last()
                .unwrap();
            let cells: Vec<_> = row.select(&sel("td")).collect();
            let code = text(cells[1]);
            let code = code[code.find('[').unwrap() + 1..code.find(']').unwrap()].to_string();
            let due = text(cells[6]);
            Row {
                part,
                code,
                game: cells[3].select(&sel("a")).next().map(text).unwrap_or_default(),
                late: class.split(' ').any(|c| c == "late"),
                due: due.get(..10).and_then(|d| {
                    NaiveDate::parse_from_str(d, "%Y-%m-%d")
                        .or_else(|_| NaiveDate::parse_from_str(d, "%d.%m.%Y"))
                        .ok()
                }),
                items: row.select(&sel("ul.items li")).count().max(1),
            }
        })
        .collect()
}

/// The parts run in order: this week's (due within 7 days, soonest first,
/// then what is new and can decide a result), the overdue (errors first,
/// the most recently due first), what can decide a result, what is due (by
/// date); a game's rows in a part stand together.
fn assert_order(id: &str, rows: &[Row], as_of: NaiveDate) {
    let rank = |p: &str| PARTS.iter().position(|x| *x == p).unwrap();
    let week = |r: &Row| r.due.is_some_and(|d| d >= as_of && (d - as_of).num_days() <= 7);
    for w in rows.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(rank(a.part) <= rank(b.part), "{id}: {} after {}", a.part, b.part);
    }
    for part in PARTS {
        let of_part: Vec<&Row> = rows.iter().filter(|r| r.part == part).collect();
        let mut left: BTreeSet<&str> = BTreeSet::new();
        for w in of_part.windows(2) {
            if w[0].game != w[1].game {
                left.insert(&w[0].game);
            }
            assert!(
                w[1].game.is_empty() || !left.contains(w[1].game.as_str()),
                "{id}: game {} comes back in {part}",
                w[1].game
            );
        }
        // By due date, but a game's rows together: each game's first row
        // is in the order of due dates (the overdue: the most recent first).
        let mut firsts: Vec<NaiveDate> = Vec::new();
        let mut seen = BTreeSet::new();
        for r in of_part.iter().filter(|r| part != "week" || week(r)) {
            if let Some(due) = r.due
                && seen.insert(&r.game)
            {
                firsts.push(due);
            }
        }
        match part {
            "week" | "due" => assert!(firsts.is_sorted(), "{id}: {part} not by date"),
            _ => {}
        }
    }
    for r in rows {
        if r.part == "result" {
            assert!(DECIDES.contains(&r.code.as_str()), "{id}: {}", r.code);
        }
        if r.part == "week" && !week(r) {
            assert!(DECIDES.contains(&r.code.as_str()), "{id}: {} this week", r.code);
        }
        assert_eq!(r.late, r.due.is_some_and(|d| d < as_of), "{id}: {}", r.code);
        assert_eq!(r.part == "overdue", r.late && r.part != "week", "{id}: {}", r.code);
        if r.part == "due" {
            assert!(r.due.is_some(), "{id}: {} without a due date among the due", r.code);
        }
    }
}

#[test]
fn the_list_runs_results_due_errors_warnings_notes_with_links_players_and_mailto() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, AS_OF, &[]);
    let as_of: NaiveDate = AS_OF.parse().unwrap();
    let mut seen_overdue = 0;
    for id in ["ec2026-sf3", "cup2025-ru"] {
        let arbiter = arbiter_dir(&out, id);
        let report = json(&arbiter.join("report.json"));
        let all = findings(&report);
        let players = emails(&sample().join(id));
        let html = Html::parse_document(&std::fs::read_to_string(arbiter.join("arbiter.html")).unwrap());
        let listed = rows(&html);
        assert_eq!(
            listed.iter().map(|r| r.items).sum::<usize>(),
            all.iter().filter(|f| in_list(f, as_of)).count(),
            "{id}: every finding once in the list"
        );
        assert_order(id, &listed, as_of);
        seen_overdue += listed.iter().filter(|r| r.late).count();
        for row in html.select(&sel("h2[id] + div tr.finding")) {
            let cells: Vec<_> = row.select(&sel("td")).collect();
            let severity = text(cells[0]);
            let class = row.value().attr("class").unwrap();
            if class.contains(" late") {
                let due = text(cells[6]);
                let d = NaiveDate::parse_from_str(&due[..10], "%Y-%m-%d")
                    .or_else(|_| NaiveDate::parse_from_str(&due[..10], "%d.%m.%Y"))
                    .unwrap();
                let n = (as_of - d).num_days();
                assert!(due.contains(&format!(" {n} ")), "{id}: `{due}` says overdue by {n}");
            }
            if class.split(' ').nth(2) == Some("error") {
                assert!(matches!(severity.as_str(), "error" | "ошибка"), "{id}: {severity}");
            }
            // The game, linked to its public page; both players with mailto.
            if let Some(link) = cells[3].select(&sel("a")).next() {
                let game = text(link);
                let href = link.value().attr("href").unwrap();
                assert_eq!(href, format!("../../public/{id}/games/{game}.html"));
                assert!(public_dir(&out, id).join(format!("games/{game}.html")).is_file());
                let g = report["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|g| g["id"] == game.as_str())
                    .unwrap();
                let mailto: BTreeSet<String> = cells[4]
                    .select(&sel("a[href^='mailto:']"))
                    .map(|a| a.value().attr("href").unwrap()["mailto:".len()..].to_string())
                    .collect();
                let want: BTreeSet<String> = [&g["white"], &g["black"]]
                    .iter()
                    .map(|p| players[p.as_str().unwrap()].clone())
                    .collect();
                assert_eq!(mailto, want, "{id} {game}");
                let names = text(cells[4]);
                assert!(names.contains(g["white"].as_str().unwrap()) && names.contains(g["black"].as_str().unwrap()));
            }
        }
        let txt = std::fs::read_to_string(arbiter.join("arbiter.txt")).unwrap();
        assert!(!txt.contains("Nothing needs action") && !txt.contains("Замечаний нет"));
    }
    assert!(seen_overdue >= 2, "the sample has overdue findings");
}

/// A tournament of four games from the sample and one of its own: g06 drawn
/// with its PGN late, g09 overstepped and silent, g10 silent, gT with three
/// slow deliveries to White.
fn mixed(root: &Path) {
    let (from, to) = (sample().join("ec2026-sf3"), root.join("mix"));
    for f in [
        "tournament.toml",
        "players.csv",
        "games/g06.csv",
        "games/g06.pgn",
        "games/g09.csv",
        "games/g10.csv",
    ] {
        write(&to.join(f), std::fs::read(from.join(f)).unwrap());
    }
    write(
        &to.join("pairings.csv"),
        "game,round,white,black
g06,2,\"Zaitsev, Nikolai\",\"Morozov, Pavel\"
g09,3,\"Kuznetsova, Anna\",\"Morozov, Pavel\"
g10,3,\"Volkova, Elena\",\"Lebedev, Mikhail\"
gT,5,\"Belov, Sergei\",\"Fedorova, Irina\"
",
    );
    write(
        &to.join("games/gT.csv"),
        "no,side,move,received,sent,flag,note
1,white,e4,,2026-01-15,,
1,black,e5,2026-01-16,2026-01-17,,
2,white,Nf3,2026-01-20,2026-01-21,,
2,black,Nc6,2026-01-22,2026-01-23,,
3,white,Bb5,2026-01-26,2026-01-27,,
3,black,a6,2026-01-28,2026-01-29,,
4,white,Ba4,2026-02-01,2026-02-02,,
4,black,,2026-02-03,2026-02-04,resign,
",
    );
}

// 51.4.3, 51.5.3, 51.9.2, 51.2.5: the overstep and the silences come before
// the late PGN of a drawn game; a game's findings stand together; the three
// slow deliveries to gT's White are one entry, in the page and in the text.
#[test]
fn what_can_decide_a_result_comes_first_and_slow_deliveries_are_one_entry() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    mixed(&input);
    report(&input, &out, AS_OF, &[]);
    let arbiter = arbiter_dir(&out, "mix");
    let all = findings(&json(&arbiter.join("report.json")));
    let count = |code: &str, game: &str| all.iter().filter(|f| f["code"] == code && f["game"] == game).count();
    assert_eq!(count("overstep", "g09"), 1);
    assert_eq!(count("silence", "g10"), 1);
    assert_eq!(count("record-missing", "g06"), 1);
    assert_eq!(count("transit", "gT"), 3, "report.json keeps one finding per message");
    let html = Html::parse_document(&std::fs::read_to_string(arbiter.join("arbiter.html")).unwrap());
    let listed = rows(&html);
    assert_order("mix", &listed, AS_OF.parse().unwrap());
    let as_of: NaiveDate = AS_OF.parse().unwrap();
    assert_eq!(
        listed.iter().map(|r| r.items).sum::<usize>(),
        all.iter().filter(|f| in_list(f, as_of)).count()
    );
    let at = |code: &str, game: &str| {
        listed
            .iter()
            .position(|r| r.code == code && r.game == game)
            .unwrap_or_else(|| panic!("{code} {game} listed"))
    };
    let late_pgn = at("record-missing", "g06");
    for (code, game) in [("overstep", "g09"), ("silence", "g09"), ("silence", "g10")] {
        assert!(at(code, game) < late_pgn, "{code} of {game} before the late PGN");
    }
    assert_eq!(
        at("silence", "g09"),
        at("overstep", "g09") + 1,
        "g09's two side by side"
    );
    // gT's slow deliveries of 20 and 26 January and 1 February are out of
    // the list of 2 December (14 days after their dates), kept in
    // report.json; on 3 February they are one entry of three, a note.
    assert!(listed.iter().all(|r| r.code != "transit"));
    let early = dir.path().join("early");
    report(&input, &early, "2026-02-03", &[]);
    let html = Html::parse_document(&std::fs::read_to_string(arbiter_dir(&early, "mix").join("arbiter.html")).unwrap());
    let early_rows = rows(&html);
    let transits: Vec<&Row> = early_rows.iter().filter(|r| r.code == "transit").collect();
    assert_eq!(transits.len(), 1);
    assert_eq!((transits[0].game.as_str(), transits[0].items), ("gT", 3));
    assert_eq!(transits[0].part, "info");
    // The text in the same order; on 3 February the transits one entry of
    // three lines.
    let txt = std::fs::read_to_string(arbiter.join("arbiter.txt")).unwrap();
    let heads: Vec<&str> = txt.lines().filter(|l| l.starts_with('[')).collect();
    let head_at = |code: &str, game: &str| {
        heads
            .iter()
            .position(|l| l.contains(&format!("[{code}]")) && l.contains(&format!("game {game} ")))
            .unwrap()
    };
    assert!(head_at("overstep", "g09") < head_at("record-missing", "g06"));
    assert!(head_at("silence", "g10") < head_at("record-missing", "g06"));
    assert_eq!(heads.iter().filter(|l| l.contains("[transit]")).count(), 0);
    let txt = std::fs::read_to_string(arbiter_dir(&early, "mix").join("arbiter.txt")).unwrap();
    let heads: Vec<&str> = txt.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(heads.iter().filter(|l| l.contains("[transit]")).count(), 1);
    let entry = txt.split("[transit]").nth(1).unwrap();
    let items: Vec<&str> = entry.lines().filter(|l| l.starts_with("    - ")).collect();
    assert_eq!(items.len(), 3, "{entry}");
    for (item, line) in items.iter().zip([4, 6, 8]) {
        assert!(
            item.contains("3 days") && item.contains(&format!("gT.csv:{line}")),
            "{item}"
        );
    }
}

#[test]
fn a_broken_toml_is_an_error_to_act_on_not_nothing() {
    let run = TournamentTest::worked_example()
        .file("spec13/tournament.toml", "name = \"Broken\nstart = 2026-01-15\n")
        .as_of(AS_OF)
        .run();
    let txt = std::fs::read_to_string(arbiter_dir(run.out(), "spec13").join("arbiter.txt")).unwrap();
    assert!(!txt.contains("Nothing needs action"), "{txt}");
    let part = txt.split("== Errors").nth(1).expect("an errors part");
    assert!(part.contains("bad-input") && part.contains("tournament.toml"), "{txt}");
}

/// A two-game tournament, for two runs with a move between them.
fn two_games(root: &Path) -> PathBuf {
    let t = root.join("t");
    write(&t.join("tournament.toml"), "name = \"Two\"\nstart = 2026-01-15\n");
    write(
        &t.join("players.csv"),
        "name,email\nA,a@example.org\nB,b@example.org\nC,c@example.org\nD,d@example.org\n",
    );
    write(&t.join("pairings.csv"), "game,round,white,black\ng1,1,A,B\ng2,1,C,D\n");
    let log = "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-17,,\n";
    write(&t.join("games/g1.csv"), log);
    write(&t.join("games/g2.csv"), log);
    t
}

#[test]
fn since_the_last_report_is_the_set_difference_of_the_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    let t = two_games(&input);
    let out = dir.path().join("out");
    report(&input, &out, "2026-03-01", &[]);
    let first = json(&arbiter_dir(&out, "t").join("report.json"));
    assert!(
        first["changes"].is_null(),
        "the first report has nothing to compare with"
    );
    // A move in g1, and the nights pass.
    let mut log = std::fs::read_to_string(t.join("games/g1.csv")).unwrap();
    log.push_str("2,white,Nf3,2026-01-18,2026-03-10,,\n");
    write(&t.join("games/g1.csv"), log);
    // What the arbiter's index will count, from the library, before the run.
    let catalog = ccbulletin::load::load(&input, "2026-03-20".parse().unwrap()).unwrap();
    let mut r = ccbulletin::compute::compute_one(&catalog.tournaments[0], "2026-03-20".parse().unwrap());
    r.previous = ccbulletin::output::previous::previous_findings(&out, "t");
    let counts = ccbulletin::render::finding_counts(&r);
    report(&input, &out, "2026-03-20", &[]);
    let second = json(&arbiter_dir(&out, "t").join("report.json"));

    let (before, after) = (keys(&findings(&first)), keys(&findings(&second)));
    let changes = &second["changes"];
    assert_eq!(changes["since"], "2026-03-01");
    let new = keys(changes["new"].as_array().unwrap());
    let resolved = keys(changes["resolved"].as_array().unwrap());
    assert_eq!(new, after.difference(&before).cloned().collect());
    assert_eq!(resolved, before.difference(&after).cloned().collect());
    assert!(
        !new.is_empty() && !resolved.is_empty(),
        "new {new:?}, resolved {resolved:?}"
    );
    assert_eq!(counts.new, Some(new.len()));
    assert_eq!(counts.resolved, Some(resolved.len()));
    assert_eq!(counts.open, findings(&second).len());

    // The arbiter's files begin with it.
    let txt = std::fs::read_to_string(arbiter_dir(&out, "t").join("arbiter.txt")).unwrap();
    let body: Vec<&str> = txt.lines().skip(2).filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(body[0], "== Since the last report of 2026-03-01 ==");
    assert_eq!(body[1], format!("-- New: {} --", new.len()));
    let html = Html::parse_document(&std::fs::read_to_string(arbiter_dir(&out, "t").join("arbiter.html")).unwrap());
    let first_h2 = html.select(&sel("h2")).next().unwrap();
    assert_eq!(text(first_h2), "Since the last report of 2026-03-01");
    let new_rows = html.select(&sel("#changes #new + div tr.finding")).count();
    assert_eq!(new_rows, new.len());

    // The public bulletin marks g1, which moved, and not g2.
    let public = public_dir(&out, "t");
    let index = Html::parse_document(&std::fs::read_to_string(public.join("index.html")).unwrap());
    let moved = |g: &str| {
        let row = index.select(&sel(&format!("tr#game-{g}"))).next().unwrap();
        row.value().attr("class").unwrap().split(' ').any(|c| c == "moved")
    };
    assert!(moved("g1") && !moved("g2"));
    let bulletin = std::fs::read_to_string(public.join("bulletin.txt")).unwrap();
    assert!(bulletin.lines().any(|l| l.starts_with("g1 +")), "{bulletin}");
    assert!(bulletin.lines().any(|l| l.starts_with("g2 ") && !l.starts_with("g2 +")));
    assert!(bulletin.contains("+ moved since the last report (2026-03-01)"));
}

/// The comparison reads the digest stored in summary.json instead of
/// parsing report.json; both must give the same files, and a report.json
/// other than the one the digest was made with is read itself.
#[test]
fn the_stored_digest_compares_as_report_json_does() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    let t = two_games(&input);
    let (with, without, edited) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("c"));
    report(&input, &with, "2026-03-01", &[]);
    let summary = std::fs::read_to_string(arbiter_dir(&with, "t").join("summary.json")).unwrap();
    assert!(summary.contains("\"compare\""), "{summary}");
    for copy in [&without, &edited] {
        for (rel, bytes) in tree(&with) {
            write(&copy.join(rel), bytes);
        }
    }
    std::fs::remove_file(arbiter_dir(&without, "t").join("summary.json")).unwrap();
    // A report.json put back by hand, of another date (and length).
    let report_json = arbiter_dir(&edited, "t").join("report.json");
    let text = std::fs::read_to_string(&report_json).unwrap();
    write(
        &report_json,
        text.replacen("\"as_of\":\"2026-03-01\"", "\"as_of\":\"2026-02-01\" ", 1),
    );

    let mut log = std::fs::read_to_string(t.join("games/g1.csv")).unwrap();
    log.push_str("2,white,Nf3,2026-01-18,2026-03-10,,\n");
    write(&t.join("games/g1.csv"), log);
    for out in [&with, &without, &edited] {
        report(&input, out, "2026-03-20", &[]);
    }
    let made = |out: &Path| {
        tree(out)
            .into_iter()
            .filter(|(k, _)| !k.ends_with("fingerprint") && !k.ends_with("summary.json"))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let a = made(&with);
    assert!(a.keys().any(|k| k.ends_with("report.json")));
    assert_eq!(a, made(&without));
    let second = json(&arbiter_dir(&with, "t").join("report.json"));
    assert_eq!(second["changes"]["since"], "2026-03-01");
    assert!(!second["changes"]["new"].as_array().unwrap().is_empty());
    let third = json(&arbiter_dir(&edited, "t").join("report.json"));
    assert_eq!(third["changes"]["since"], "2026-02-01");
}

#[test]
fn the_arbiter_index_shows_new_overdue_and_open_counts() {
    let env = ccbulletin::render::environment(None).unwrap();
    let counts = ccbulletin::render::FindingCounts {
        new: Some(3),
        resolved: Some(1),
        overdue: 2,
        open: 9,
        since: Some("2026-03-01".parse().unwrap()),
    };
    let line = serde_json::json!({
        "id": "t", "name": "Two", "games": 2, "finished": 0, "errors": 4, "warnings": 5,
        "available": true, "counts": counts, "stale_since": null,
    });
    let first = serde_json::json!({
        "id": "u", "name": "First", "games": 1, "finished": 0, "errors": 0, "warnings": 0,
        "available": true, "counts": ccbulletin::render::FindingCounts::default(), "stale_since": null,
    });
    let page = env
        .get_template("arbiter-index.html")
        .unwrap()
        .render(minijinja::Value::from(minijinja::value::Serde(serde_json::json!({
            "t": ccbulletin::render::labels::labels(ccbulletin::model::Language::En),
            "as_of": "2026-03-20", "tournaments": [line, first], "findings": [], "lang": "en", "root": "",
        }))))
        .unwrap();
    let html = Html::parse_document(&page);
    let cell = |row: usize, class: &str| {
        let r = html.select(&sel("tbody tr")).nth(row).unwrap();
        text(r.select(&sel(&format!("td.{class}"))).next().unwrap())
    };
    assert_eq!(
        (cell(0, "new"), cell(0, "overdue"), cell(0, "open")),
        ("3".into(), "2".into(), "9".into())
    );
    assert_eq!(cell(1, "new"), "—", "the first report has nothing new to count");
    let link = html.select(&sel("tbody tr a")).next().unwrap();
    assert_eq!(link.value().attr("href"), Some("t/arbiter.html"));
}

/// Every VEVENT of a parsed calendar.
fn events<'a>(cs: &'a [icalendar::parser::Component<'a>], out: &mut Vec<&'a icalendar::parser::Component<'a>>) {
    for c in cs {
        if c.name.as_str() == "VEVENT" {
            out.push(c);
        }
        events(&c.components, out);
    }
}

#[test]
fn deadlines_ics_has_one_event_per_due_date_and_parses() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, AS_OF, &[]);
    let mut total = 0;
    for id in ["ec2026-sf3", "cup2025-ru"] {
        let arbiter = arbiter_dir(&out, id);
        let ics = std::fs::read_to_string(arbiter.join("deadlines.ics")).unwrap();
        assert!(
            ics.ends_with("\r\n") && !ics.replace("\r\n", "").contains('\n'),
            "CRLF only"
        );
        assert!(ics.split("\r\n").all(|l| l.len() <= 75), "lines folded at 75 octets");
        let unfolded = icalendar::parser::unfold(&ics);
        let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
        let mut evs = Vec::new();
        events(&cal.components, &mut evs);
        let report = json(&arbiter.join("report.json"));
        let due: BTreeMap<Key, String> = findings(&report)
            .iter()
            .filter(|f| f["due"].is_string())
            .map(|f| (key(f), f["due"].as_str().unwrap().replace('-', "")))
            .collect();
        assert_eq!(evs.len(), due.len(), "{id}: one event per finding with a due date");
        let mut uids = BTreeSet::new();
        let mut dates: Vec<String> = Vec::new();
        for e in &evs {
            let start = e.find_prop("DTSTART").unwrap();
            assert!(
                start
                    .params
                    .iter()
                    .any(|p| p.key.as_str() == "VALUE" && p.val.as_ref().map(|v| v.as_str()) == Some("DATE"))
            );
            dates.push(start.val.as_str().to_string());
            assert!(e.find_prop("DTSTAMP").is_some() && e.find_prop("SUMMARY").is_some());
            assert!(
                uids.insert(e.find_prop("UID").unwrap().val.as_str().to_string()),
                "UIDs are unique"
            );
        }
        let mut want: Vec<String> = due.values().cloned().collect();
        want.sort();
        dates.sort();
        assert_eq!(dates, want, "{id}: each event on its finding's due date");
        total += evs.len();
    }
    assert!(total >= 5);
    // The same report gives the same calendar.
    let again = dir.path().join("again");
    report(&sample(), &again, AS_OF, &[]);
    for id in ["ec2026-sf3", "cup2025-ru"] {
        assert_eq!(
            std::fs::read(arbiter_dir(&out, id).join("deadlines.ics")).unwrap(),
            std::fs::read(arbiter_dir(&again, id).join("deadlines.ics")).unwrap()
        );
    }
}

// Each part of the arbiter's list is headed by its count of findings (an
// entry listing many counts each), and an entry of several games names a
// rule or a due date only when all of its items share it.
#[test]
fn parts_count_findings_and_entries_claim_only_what_their_items_share() {
    for as_of in ["2026-12-02", "2027-01-20", "2027-03-01"] {
        let run = TournamentTest::sample().as_of(as_of).run();
        for id in ["ec2026-sf3", "cup2025-ru"] {
            let txt = run.read(&format!("arbiter/{id}/arbiter.txt"));
            let json = run.json(id);
            let as_of_date: NaiveDate = as_of.parse().unwrap();
            let total = all_findings(&json).iter().filter(|f| in_list(f, as_of_date)).count();
            // The parts' headings: `== <title>: <count> ==`.
            let counted: usize = txt
                .lines()
                .filter_map(|l| l.strip_prefix("== ")?.strip_suffix(" ==")?.rsplit_once(": "))
                .filter_map(|(_, n)| n.parse::<usize>().ok())
                .sum();
            assert_eq!(counted, total, "{id} as of {as_of}:\n{txt}");
            // Entry headers and their items, as written.
            let mut entry: Option<(&str, Vec<&str>)> = None;
            let check = |e: Option<(&str, Vec<&str>)>| {
                let Some((head, items)) = e else { return };
                let due = |l: &str| {
                    let words = ["due ", "срок ", "awaited until ", "ожидается до "];
                    words
                        .iter()
                        .find_map(|w| l.find(w).map(|k| l[k..].split([',', ':']).next().unwrap().to_string()))
                };
                let dues: std::collections::BTreeSet<Option<String>> = items.iter().map(|i| due(i)).collect();
                if dues.len() > 1 {
                    assert!(due(head).is_none(), "{id} as of {as_of}: {head}\n{items:#?}");
                }
            };
            for line in txt.lines() {
                if line.starts_with('[') {
                    check(entry.take());
                    entry = Some((line, Vec::new()));
                } else if let (Some((_, items)), true) = (entry.as_mut(), line.starts_with("    - ")) {
                    items.push(line);
                } else if line.starts_with("==") || line.starts_with("--") {
                    check(entry.take());
                }
            }
            check(entry.take());
        }
    }
}
