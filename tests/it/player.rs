//! What a player opens the bulletin for (51.2.1, 51.4.3, 51.5.1): a page
//! and a calendar for every player of the sample, and the next message of
//! every game in play, checked against report.json, the move logs and a
//! real iCalendar parser.

use crate::common::*;

use icalendar::{Calendar, CalendarComponent, Component, DatePerhapsTime};
use serde_json::Value;
use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A tournament's public folder (`out/public/<t>` once the trees are split,
/// `out/<t>` before).
fn public(out: &Path, t: &str) -> PathBuf {
    let split = out.join("public").join(t);
    if split.is_dir() { split } else { out.join(t) }
}

/// Player name → stem, read from the links of the bulletin's standings.
fn stems(out: &Path, t: &str) -> BTreeMap<String, String> {
    let html = std::fs::read_to_string(public(out, t).join("index.html")).unwrap();
    let doc = scraper::Html::parse_document(&html);
    let sel = scraper::Selector::parse("table.standings a").unwrap();
    doc.select(&sel)
        .map(|a| {
            let href = a.value().attr("href").unwrap();
            let stem = href.strip_prefix("players/").unwrap().strip_suffix(".html").unwrap();
            (a.text().collect::<String>(), stem.to_string())
        })
        .collect()
}

/// The events of a calendar, parsed: UID → start date.
fn events(ics: &str) -> BTreeMap<String, chrono::NaiveDate> {
    assert!(
        ics.contains("\r\n") && !ics.replace("\r\n", "").contains('\n'),
        "CRLF line ends"
    );
    assert!(ics.split("\r\n").all(|l| l.len() <= 75), "folded at 75 octets");
    let cal: Calendar = ics.parse().unwrap();
    cal.components
        .iter()
        .filter_map(CalendarComponent::as_event)
        .map(|e| {
            assert!(e.get_timestamp().is_some(), "DTSTAMP");
            let Some(DatePerhapsTime::Date(date)) = e.get_start() else {
                panic!("DTSTART;VALUE=DATE")
            };
            (e.get_uid().unwrap().to_string(), date)
        })
        .collect()
}

/// A game with an error about its own records shows no deadline and no next
/// message in public: its records are under review by the arbiter.
fn under_review(g: &Value) -> bool {
    g["findings"].as_array().unwrap().iter().any(|f| {
        f["severity"] == "error"
            && [
                "bad-input",
                "illegal-move",
                "date-order",
                "pgn-mismatch",
                "result-conflict",
            ]
            .contains(&f["code"].as_str().unwrap())
    })
}

fn run(as_of: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, as_of, &[]);
    (dir, out)
}

#[test]
fn every_player_has_a_page_and_a_calendar_on_the_clocks_dates() {
    // 2026-12-02: the English semi-final is on; 2025-11-20: the Russian cup.
    let mut total_events = 0;
    for (t, as_of) in [("ec2026-sf3", "2026-12-02"), ("cup2025-ru", "2025-11-20")] {
        let (_dir, out) = run(as_of);
        let json = report_json(&out, t);
        let stems = stems(&out, t);
        let players = each_str(&json["standings"], "player");
        assert!(!players.is_empty());
        let mut events_seen = 0;
        for player in &players {
            let stem = &stems[*player];
            assert!(stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{stem}");
            let page = std::fs::read_to_string(public(&out, t).join(format!("players/{stem}.html"))).unwrap();
            assert!(!has_email(&page));
            let doc = scraper::Html::parse_document(&page);
            let rows = scraper::Selector::parse("table.games tr.game").unwrap();
            let ids: Vec<String> = doc
                .select(&rows)
                .map(|r| r.value().attr("id").unwrap().to_string())
                .collect();
            let ics = std::fs::read_to_string(public(&out, t).join(format!("players/{stem}.ics"))).unwrap();
            assert!(!has_email(&ics));
            let all = events(&ics);
            // The deadline events (the other dates: the end, a due date,
            // have UIDs of their own).
            let got: BTreeMap<String, chrono::NaiveDate> = all
                .iter()
                .filter(|(uid, _)| uid.starts_with(&format!("ccbulletin-{t}-g")))
                .map(|(k, v)| (k.clone(), *v))
                .collect();
            let mut expected = BTreeMap::new();
            for g in json["games"].as_array().unwrap() {
                let side = if g["white"] == *player {
                    "white"
                } else if g["black"] == *player {
                    "black"
                } else {
                    continue;
                };
                let id = g["id"].as_str().unwrap();
                assert!(ids.contains(&format!("game-{id}")), "{player}'s page lists {id}");
                if g["in_play"] != true || under_review(g) {
                    continue;
                }
                let clock = &g["clock"][side];
                let date = if g["owing"] == side {
                    &clock["move_by"]
                } else {
                    &clock["repeat_by"]
                };
                if let Some(date) = date.as_str() {
                    expected.insert(format!("ccbulletin-{t}-{id}-{side}"), d(date));
                }
            }
            // The tournament's end, one day, in every calendar (both have one).
            assert!(all.keys().any(|uid| uid.ends_with("-end")), "{t}: {player}: {all:?}");
            assert_eq!(got, expected, "{t}: {player}'s calendar");
            events_seen += got.len();
        }
        total_events += events_seen;
    }
    assert!(total_events > 0, "the sample has deadlines");
}

#[test]
fn calendar_uids_stay_the_same_a_day_later() {
    let (_a, one) = run("2026-12-02");
    let (_b, two) = run("2026-12-03");
    let t = "ec2026-sf3";
    let stems = stems(&one, t);
    let mut same = 0;
    for stem in stems.values() {
        let read =
            |out: &Path| events(&std::fs::read_to_string(public(out, t).join(format!("players/{stem}.ics"))).unwrap());
        let (a, b) = (read(&one), read(&two));
        // The games in play on both days keep their UIDs.
        assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>(), "{stem}");
        same += a.len();
    }
    assert!(same > 0);
}

/// Article 53's numeric notation of a UCI move, made here from the move
/// itself: files a–h and ranks 1–8 as digits, a fifth digit promotes.
fn numeric(uci: &str) -> String {
    uci.chars()
        .enumerate()
        .map(|(i, c)| match (i, c) {
            (4, 'q') => '1',
            (4, 'r') => '2',
            (4, 'b') => '3',
            (4, 'n') => '4',
            (_, 'a'..='h') => char::from(b'1' + (c as u8 - b'a')),
            (_, c) => c,
        })
        .collect()
}

/// The log's moves that entered the game, replayed with shakmaty: (SAN,
/// numeric). A move shakmaty's SAN cannot read (numeric notation, Russian
/// or look-alike letters) is taken as the SAN report.json gives that line.
fn log_moves(path: &Path, game: Option<&Value>) -> Vec<(String, String)> {
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for (i, rec) in rdr.records().enumerate() {
        let rec = rec.unwrap();
        let (mv, flag) = (&rec[2], &rec[5]);
        if mv.is_empty() || !matches!(flag, "" | "accepted" | "variant") {
            continue;
        }
        let line = i + 2;
        let read = |text: &str| {
            SanPlus::from_ascii(text.as_bytes())
                .ok()
                .and_then(|san| san.san.to_move(&pos).ok())
        };
        let m = read(mv).unwrap_or_else(|| {
            let row = game
                .and_then(|g| g["rows"].as_array().unwrap().iter().find(|r| r["line"] == line))
                .unwrap_or_else(|| panic!("{}:{line}: {mv}", path.display()));
            assert_eq!(row["move"], mv);
            read(row["san"].as_str().unwrap()).unwrap()
        });
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        out.push((san, numeric(&m.to_uci(CastlingMode::Standard).to_string())));
        pos.play_unchecked(m);
    }
    out
}

/// The moves of a next message: the tokens after "N." numbers.
fn message_moves(text: &str, heading: &str) -> Vec<String> {
    let block = text.split(heading).nth(1).unwrap().split("\n\n").next().unwrap();
    block
        .split_whitespace()
        .filter(|tok| !tok.ends_with('.') && !tok.ends_with(':'))
        .map(str::to_string)
        .collect()
}

/// A number of days as the English texts write it.
fn days(n: i64) -> String {
    ccbulletin::render::labels::count(n, "day", ccbulletin::model::Language::En)
}

/// A next message holds all the moves of game `g`'s log (51.2.4) and
/// confirms the partner's last message by its sent date in the log.
fn check_moves_and_last_message(text: &str, g: &Value, log_path: &Path) {
    let (id, owing) = (g["id"].as_str().unwrap(), g["owing"].as_str().unwrap());
    let log = log_moves(log_path, Some(g));
    let numeric: Vec<String> = log.iter().map(|(_, n)| n.clone()).collect();
    assert_eq!(message_moves(text, "Moves so far:"), numeric, "{id}");
    let mut rdr = csv::Reader::from_path(log_path).unwrap();
    let partner_sent = rdr
        .records()
        .map(Result::unwrap)
        .filter(|r| &r[1] != owing && !r[4].is_empty() && !matches!(&r[5], "record" | "adjudication"))
        .last()
        .map(|r| d(&r[4]).to_string())
        .unwrap();
    assert!(
        text.contains(&format!("your message sent on {partner_sent}")),
        "{id}: {text}"
    );
}

/// A next message's blanks for the move, its date and the signature: the
/// owing side's move, or its request after a faulty message (51.3.4).
fn check_blanks(text: &str, g: &Value) {
    let id = g["id"].as_str().unwrap();
    if g["owing"] == g["to_move"] {
        assert!(text.contains("My move: ___"), "{id}");
    } else {
        assert!(
            text.contains("please correct it (51.3.4)") && !text.contains("My move"),
            "{id}"
        );
    }
    assert!(text.contains("Sent on: ___") && text.contains("Signature: ___"));
}

#[test]
fn next_message_holds_the_logs_moves_and_the_clocks_days() {
    let (_dir, out) = run("2026-12-02");
    let t = "ec2026-sf3";
    let json = report_json(&out, t);
    let mut checked = 0;
    for g in json["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        let path = public(&out, t).join(format!("games/{id}.txt"));
        if g["in_play"] != true || under_review(g) {
            assert!(!path.exists(), "{id} is not in play or under review: no next message");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!has_email(&text) && !text.contains('@'));
        assert!(g["owing"].is_string(), "{id}: a game in play owes a message");
        // 51.2.2: the header.
        assert!(text.contains(&format!("White: {}", g["white"].as_str().unwrap())));
        assert!(text.contains(&format!("Black: {}", g["black"].as_str().unwrap())));
        assert!(text.contains("Start: 2026-01-15"));
        // 51.2.4: all moves so far, numeric by default. (A game with no
        // move log, its clock read from the PGN's stamps, is checked by its
        // header and totals only.)
        // The totals before this move: the days used, none running (the
        // message is prepared before its sending date is known, 51.4.4).
        let c = &g["clock"];
        let total = |side: &str| c[side]["used"].as_i64().unwrap();
        assert!(
            text.contains(&format!(
                "Time used in total before this move: White {}, Black {}",
                days(total("white")),
                days(total("black"))
            )),
            "{id}: {text}"
        );
        let log_path = sample().join(t).join("games").join(format!("{id}.csv"));
        if !log_path.is_file() {
            continue;
        }
        check_moves_and_last_message(&text, g, &log_path);
        // How the thinking time of this move is counted: from the
        // received date (a pending row's, else the one assumed) to the
        // date of sending; no count that runs with the report's date.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("Thinking time of this move: the days from the received date, 2026-")
                && flat.contains("to the date of sending, break days not counted (51.4.4)")
                && !flat.contains("this move so far"),
            "{id}: {text}"
        );
        check_blanks(&text, g);
        // Also on the game page, as a block to copy.
        let page = std::fs::read_to_string(public(&out, t).join(format!("games/{id}.html"))).unwrap();
        let doc = scraper::Html::parse_document(&page);
        let pre = doc
            .select(&scraper::Selector::parse("pre.next").unwrap())
            .next()
            .unwrap();
        // The file opens with a byte order mark (a web server shows it
        // right); the page's block does not.
        assert_eq!(pre.text().collect::<String>(), text.strip_prefix('\u{feff}').unwrap());
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn next_message_in_san_when_the_tournament_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("tournaments");
    for entry in walkdir::WalkDir::new(sample().join("ec2026-sf3")) {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(sample()).unwrap();
        if entry.file_type().is_file() {
            write(&input.join(rel), std::fs::read(entry.path()).unwrap());
        }
    }
    let toml = input.join("ec2026-sf3/tournament.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    write(&toml, format!("{text}notation = \"san\"\n"));
    let out = dir.path().join("out");
    report(&input, &out, "2026-12-02", &[]);
    let text = std::fs::read_to_string(public(&out, "ec2026-sf3").join("games/g01.txt")).unwrap();
    let san: Vec<String> = log_moves(&input.join("ec2026-sf3/games/g01.csv"), None)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert_eq!(message_moves(&text, "Moves so far:"), san);
}

#[test]
fn break_days_per_calendar_year_on_the_players_page() {
    // 51.7.1: Popov's break of 20.07–09.08.2025 is 21 days of 2025.
    let (_dir, out) = run("2025-11-20");
    let stems = stems(&out, "cup2025-ru");
    let page =
        std::fs::read_to_string(public(&out, "cup2025-ru").join(format!("players/{}.html", stems["Попов, Игорь"])))
            .unwrap();
    let doc = scraper::Html::parse_document(&page);
    let rows: Vec<Vec<String>> = doc
        .select(&scraper::Selector::parse("table.years tbody tr").unwrap())
        .map(|r| {
            r.select(&scraper::Selector::parse("td").unwrap())
                .map(|td| td.text().collect())
                .collect()
        })
        .collect();
    let breaks = std::fs::read_to_string(sample().join("cup2025-ru/breaks.csv")).unwrap();
    let row = breaks.lines().nth(1).unwrap();
    let field = |i: usize| row.rsplit(',').nth(i).unwrap();
    let (from, to) = (d(field(3)), d(field(2)));
    let days = (to - from).num_days() + 1;
    assert_eq!(
        rows,
        vec![vec!["2025".to_string(), days.to_string(), (30 - days).to_string()]]
    );
}
