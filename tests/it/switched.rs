//! A tournament switched to the tool in mid-season (docs/arbiter.md, "A
//! tournament switched to the tool"): a Russian 8-player round robin whose
//! six games finished before the switch are entered with a `result` and a
//! `records` decision and no move log; a withdrawal (51.8.1, 51.8.2); a
//! declared break; a silence; a player with 5 days left; a draw entered on
//! the second night. Reported on two nights into one out/, every letter of
//! both nights read back by a real mail parser.

use crate::common::{RUSSIAN_PLAYERS, all_findings, game_json, report, tree, write};
use mail_parser::{Address, MessageParser};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const ID: &str = "switched";
const NIGHT1: &str = "2026-03-10";
const NIGHT2: &str = "2026-03-11";

/// Eight of the Russian players: all but Фёдорова and Морозов.
const PLAYERS: [(&str, &str); 8] = {
    let p = RUSSIAN_PLAYERS;
    [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[8]]
};

/// The player who withdrew on 15 February with his games forfeited.
const WITHDRAWN: usize = 7;

/// A legal game (the closed Ruy Lopez), as far as any game here goes.
const MOVES: [&str; 30] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
    "Na5", "Bc2", "c5", "d4", "Qc7", "Nbd2", "cxd4", "cxd4", "Nc6", "Nb3", "a5", "Be3", "a4",
];

/// The games of the round robin: id, White, Black (indexes of [`PLAYERS`]).
fn pairings() -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for i in 0..8 {
        for j in i + 1..8 {
            // Colours alternate so that each player has White in about half.
            let (w, b) = if (i + j) % 2 == 1 { (i, j) } else { (j, i) };
            out.push((format!("g{}{}", i + 1, j + 1), w, b));
        }
    }
    out
}

/// The six games finished before the switch: game, result, the day the
/// arbiter ruled it.
const FINISHED: [(&str, &str, &str); 6] = [
    ("g12", "1-0", "2026-01-20"),
    ("g13", "0-1", "2026-02-05"),
    ("g24", "1/2-1/2", "2026-01-10"),
    ("g34", "1/2-1/2", "2026-02-18"),
    ("g56", "1-0", "2026-02-12"),
    ("g57", "0-1", "2026-01-28"),
];

fn date(s: &str) -> chrono::NaiveDate {
    s.parse().unwrap()
}

/// A move log of `plies` moves from `first`, each answered after `transit`
/// days in transit and `think` days of thought.
fn log(first: &str, plies: usize, think: i64) -> String {
    let mut out = String::from("no,side,move,received,sent,flag,note\n");
    let mut sent = date(first);
    for (i, mv) in MOVES.iter().take(plies).enumerate() {
        let side = if i % 2 == 0 { "white" } else { "black" };
        let received = if i == 0 {
            String::new()
        } else {
            let r = sent + chrono::Days::new(1);
            sent = r + chrono::Days::new(think as u64);
            r.to_string()
        };
        out.push_str(&format!("{},{side},{mv},{received},{sent},,\n", i / 2 + 1));
    }
    out
}

/// The last sent date of a log made by [`log`].
fn last_sent(log: &str) -> String {
    log.lines().last().unwrap().split(',').nth(4).unwrap().to_string()
}

/// Writes the tournament as it stands on night `night` (1 or 2).
fn tournament(root: &Path, night: u8) {
    let t = root.join(ID);
    write(
        &t.join("tournament.toml"),
        "name = \"Первенство клуба 2025/26\"\nstart = 2025-12-15\narbiter = \"Петров, Николай\"\n\
         arbiter_email = \"arbiter@example.ru\"\ntime_control = \"10/60\"\nlanguage = \"ru\"\n",
    );
    let mut players = String::from("name,email\n");
    for (name, email) in PLAYERS {
        players.push_str(&format!("\"{name}\",{email}\n"));
    }
    write(&t.join("players.csv"), players);
    let mut csv = String::from("game,round,white,black\n");
    for (id, w, b) in pairings() {
        csv.push_str(&format!("{id},1,\"{}\",\"{}\"\n", PLAYERS[w].0, PLAYERS[b].0));
    }
    write(&t.join("pairings.csv"), csv);
    // Попов's break, declared ahead: Смирнова's move of 5 February waits
    // 33 days, 19 of them not his break (51.5.1: a repeat is due).
    write(
        &t.join("breaks.csv"),
        format!(
            "player,from,to,declared,approved\n\"{}\",2026-02-20,2026-03-05,2026-02-10,\n",
            PLAYERS[2].0
        ),
    );
    let mut decisions = String::from("date,kind,game,player,result,note\n");
    for (game, result, on) in FINISHED {
        decisions.push_str(&format!("{on},result,{game},,{result},finished before the switch\n"));
        decisions.push_str(&format!(
            "2026-03-01,records,{game},,,\"paper records, kept by the arbiter\"\n"
        ));
    }
    decisions.push_str(&format!(
        "2026-02-15,withdrawal,,\"{}\",forfeit,\n",
        PLAYERS[WITHDRAWN].0
    ));
    write(&t.join("decisions.csv"), decisions);
    for (id, w, b) in pairings() {
        if FINISHED.iter().any(|f| f.0 == id) {
            continue;
        }
        if let Some(text) = game_log(&id, w, b, night) {
            write(&t.join("games").join(format!("{id}.csv")), text);
        }
    }
}

/// The move log of game `id` (White `w`, Black `b`, indexes of
/// [`PLAYERS`]) on night `night`, if it has one.
fn game_log(id: &str, w: usize, b: usize, night: u8) -> Option<String> {
    let text = match id {
        // Смирнова (White) sent 11...cxd4's reply on 5 February; Попов
        // on his break since 20 February.
        "g23" => {
            assert_eq!((w, b), (1, 2));
            log("2025-12-15", 27, 1)
        }
        // No move since 20 January: a silence, Black to move (51.5.3).
        "g45" => log("2025-12-15", 21, 1),
        // Black has 5 days left on night one (51.4.10).
        "g67" => log67(),
        // Played on; drawn on the second night.
        "g46" => {
            let mut l = log("2025-12-15", 26, 2);
            if night == 2 {
                let last = date(&last_sent(&l));
                l.push_str(&format!("14,white,,{},{},draw,\n", last + chrono::Days::new(1), NIGHT2));
            }
            l
        }
        // The withdrawn player's games: some with a log.
        _ if w == WITHDRAWN || b == WITHDRAWN => {
            let partner = if w == WITHDRAWN { b } else { w };
            match partner {
                0 => {
                    // Иванов sent his record of the forfeited game.
                    let mut l = log("2025-12-16", 12, 4);
                    let partner_side = if w == 0 { "white" } else { "black" };
                    l.push_str(&format!("6,{partner_side},,,2026-02-20,record,\n"));
                    l
                }
                1..=3 => log("2025-12-16", 12, 4),
                _ => return None,
            }
        }
        // Every other game in play, its last move a few days ago.
        _ => log("2025-12-15", 20, 3),
    };
    Some(text)
}

/// g67: Black thinks long over his moves: 55 of 60 days used by night one.
fn log67() -> String {
    let mut out = String::from("no,side,move,received,sent,flag,note\n");
    let mut sent = date("2025-12-15");
    for (i, mv) in MOVES.iter().take(19).enumerate() {
        let side = if i % 2 == 0 { "white" } else { "black" };
        // White once takes 3 days: Black has 5 left.
        let think = match i {
            2 => 3,
            _ if i % 2 == 0 => 1,
            _ => 5,
        };
        let received = if i == 0 {
            String::new()
        } else {
            let r = sent + chrono::Days::new(1);
            sent = r + chrono::Days::new(think);
            r.to_string()
        };
        out.push_str(&format!("{},{side},{mv},{received},{sent},,\n", i / 2 + 1));
    }
    out
}

/// Every letter in `outbox/<night>/` of the tournament, file → bytes.
fn letters(out: &Path, night: &str) -> BTreeMap<String, Vec<u8>> {
    let dir = out.join("arbiter").join(ID).join("outbox").join(night);
    tree(&dir).into_iter().filter(|(k, _)| k.ends_with(".eml")).collect()
}

/// A letter read back: its addressees' names, subject, body, Message-ID,
/// In-Reply-To.
struct Mail {
    to: Vec<String>,
    subject: String,
    body: String,
    id: String,
    reply_to: Option<String>,
}

fn parse(raw: &[u8]) -> Mail {
    let m = MessageParser::default()
        .parse(raw)
        .expect("a letter a mail parser reads");
    let names = |a: Option<&Address<'_>>| -> Vec<String> {
        a.map(|a| a.iter().filter_map(|x| x.name().map(String::from)).collect())
            .unwrap_or_default()
    };
    Mail {
        to: names(m.to()),
        subject: m.subject().unwrap_or_default().to_string(),
        body: m.body_text(0).unwrap_or_default().to_string(),
        id: m.message_id().expect("a Message-ID").to_string(),
        reply_to: m.in_reply_to().as_text().map(String::from),
    }
}

fn ok(o: &std::process::Output) {
    assert!(
        o.status.success() || o.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Both nights, into one out/: the out folder and each night's report.json.
fn two_nights(root: &Path) -> (std::path::PathBuf, serde_json::Value, serde_json::Value) {
    let (input, out) = (root.join("in"), root.join("out"));
    tournament(&input, 1);
    ok(&report(&input, &out, NIGHT1, &[]));
    let first = crate::common::report_json(&out, ID);
    tournament(&input, 2);
    ok(&report(&input, &out, NIGHT2, &[]));
    let second = crate::common::report_json(&out, ID);
    (out, first, second)
}

// 51.9.1, 51.9.2, 51.1.4: a game whose records the arbiter holds (a
// `records` decision) owes no record and no move log, and shows no clock.
#[test]
fn a_game_finished_before_the_switch_has_no_record_finding_missing_log_or_clock() {
    let dir = tempfile::tempdir().unwrap();
    let (out, first, second) = two_nights(dir.path());
    for report in [&first, &second] {
        for (id, result, _) in FINISHED {
            let g = game_json(report, id);
            assert_eq!(g["result"], result, "{id}");
            let codes: Vec<&str> = all_findings(report)
                .iter()
                .filter(|f| f["game"] == id)
                .map(|f| f["code"].as_str().unwrap().to_string())
                .map(|c| Box::leak(c.into_boxed_str()) as &str)
                .collect();
            for code in ["record-missing", "records-none", "missing-log", "overstep", "silence"] {
                assert!(!codes.contains(&code), "{id}: {codes:?}");
            }
            assert_eq!(g["records_held"], serde_json::json!(["white", "black"]), "{id}");
        }
    }
    // No clock in any file: not "0 used / 60 left" on the bulletin, the
    // player's page or the game page.
    let public = out.join("public").join(ID);
    let bulletin = std::fs::read_to_string(public.join("bulletin.txt")).unwrap();
    for (id, _, _) in FINISHED {
        // The game's block of bulletin.txt: its line and those under it.
        let block: Vec<&str> = bulletin
            .lines()
            .skip_while(|l| l.split_whitespace().next().map(|w| w.trim_end_matches('+')) != Some(id))
            .take_while(|l| !l.trim().is_empty())
            .collect();
        assert!(!block.is_empty(), "{id} in bulletin.txt:\n{bulletin}");
        for word in ["затрачено", "осталось"] {
            assert!(block.iter().all(|l| !l.contains(word)), "{id}: {block:?}");
        }
        // A game in play has them, so the words are the clock's.
        let g14 = bulletin
            .lines()
            .skip_while(|l| !l.starts_with("g14"))
            .take(4)
            .collect::<String>();
        assert!(g14.contains("затрачено") && g14.contains("осталось"), "{g14}");
        let page = std::fs::read_to_string(public.join("games").join(format!("{id}.html"))).unwrap();
        let html = scraper::Html::parse_document(&page);
        let clocks = scraper::Selector::parse(".clock, .clocks").unwrap();
        assert_eq!(html.select(&clocks).count(), 0, "{id}: a clock on its page");
        // What it shows instead: the result, what it comes from and whose
        // records the arbiter holds (both players', by the decision).
        let meta: String = html
            .select(&scraper::Selector::parse(".meta span").unwrap())
            .map(|e| e.text().collect::<String>())
            .collect::<Vec<_>>()
            .join(" | ");
        assert!(meta.contains("Результат по: решению арбитра"), "{id}: {meta}");
        let held = meta
            .split(" | ")
            .find(|s| s.starts_with("Записи партии у арбитра: "))
            .unwrap_or_else(|| panic!("{id}: {meta}"));
        let g = game_json(&second, id);
        for name in [&g["white"], &g["black"]] {
            assert!(held.contains(name.as_str().unwrap()), "{id}: {name} in {held}");
        }
    }
}

// 51.8.2, 51.9.1: no letter says the arbiter has a record that was not
// entered; none asks a player twice for one thing about one game.
#[test]
fn no_letter_claims_a_record_not_entered_nor_asks_one_player_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _, _) = two_nights(dir.path());
    for night in [NIGHT1, NIGHT2] {
        let mut asked: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for (file, raw) in letters(&out, night) {
            let m = parse(&raw);
            // "У меня есть запись партии от X": X's record must be entered,
            // and the withdrawn player's never is.
            assert!(
                !m.body.contains(PLAYERS[WITHDRAWN].0) || !m.body.contains("запись партии от"),
                "{night}/{file}: {}",
                m.body
            );
            let game = m
                .subject
                .split("] ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap()
                .to_string();
            for to in &m.to {
                asked.entry((to.clone(), game.clone())).or_default().push(file.clone());
            }
            for (id, _, _) in FINISHED {
                assert_ne!(game, id, "{night}/{file}: a letter about a game whose records are held");
            }
        }
        for ((to, game), files) in asked {
            assert_eq!(files.len(), 1, "{night}: {to} gets {files:?} about {game}");
        }
    }
}

// 51.4.10: the one real deadline stands among the first five entries of the
// arbiter's list on both nights, not under a wall of record reminders.
#[test]
fn the_five_day_deadline_is_among_the_first_five_entries_of_arbiter_txt() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    for (night, as_of) in [(1, NIGHT1), (2, NIGHT2)] {
        tournament(&input, night);
        ok(&report(&input, &out, as_of, &[]));
        let report = crate::common::report_json(&out, ID);
        let low: Vec<serde_json::Value> = all_findings(&report)
            .into_iter()
            .filter(|f| f["code"] == "low-time")
            .collect();
        assert_eq!(low.len(), 1, "{low:?}");
        assert_eq!(low[0]["game"], "g67");
        assert_eq!(low[0]["due"], "2026-03-15");
        let txt = std::fs::read_to_string(out.join("arbiter").join(ID).join("arbiter.txt")).unwrap();
        // Each entry's first line opens with its severity in brackets.
        let entries: Vec<&str> = txt.lines().filter(|l| l.starts_with('[')).collect();
        let at = entries
            .iter()
            .position(|l| l.contains("[low-time]"))
            .unwrap_or(usize::MAX);
        assert!(at < 5, "{as_of}: the low-time entry is number {}:\n{txt}", at + 1);
    }
}

// 51.9.1: a game drawn tonight gets no record letter tonight: its records
// are awaited until 14 days after the draw.
#[test]
fn a_game_drawn_on_the_second_night_gets_no_letter_that_night() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _, second) = two_nights(dir.path());
    assert_eq!(game_json(&second, "g46")["result"], "1/2-1/2");
    for f in all_findings(&second).iter().filter(|f| f["game"] == "g46") {
        assert_eq!(f["severity"], "info", "{f}");
        assert_eq!(f["due"], "2026-03-25", "{f}");
    }
    for (file, raw) in letters(&out, NIGHT2) {
        assert!(!parse(&raw).subject.contains("g46"), "{file}");
    }
}

// RFC 5322 3.6.4: every letter of both nights has its own Message-ID, and
// night one's letters are still there after night two.
#[test]
fn every_message_id_differs_and_the_first_nights_letters_stay() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    tournament(&input, 1);
    ok(&report(&input, &out, NIGHT1, &[]));
    let before = letters(&out, NIGHT1);
    assert!(!before.is_empty());
    tournament(&input, 2);
    ok(&report(&input, &out, NIGHT2, &[]));
    assert_eq!(letters(&out, NIGHT1), before, "night one's letters after night two");
    let mut ids = BTreeSet::new();
    for night in [NIGHT1, NIGHT2] {
        let earlier = ids.clone();
        for (file, raw) in letters(&out, night) {
            let m = parse(&raw);
            assert!(ids.insert(m.id.clone()), "{night}/{file}: {} again", m.id);
            if let Some(r) = m.reply_to {
                assert!(earlier.contains(&r), "{night}/{file} replies to {r}, no earlier letter");
            }
        }
    }
    // The arbiter's files name only letters that are there.
    let arbiter = out.join("arbiter").join(ID);
    let txt = std::fs::read_to_string(arbiter.join("arbiter.txt")).unwrap();
    let files: BTreeSet<String> = tree(&arbiter.join("outbox"))
        .keys()
        .filter_map(|k| Path::new(k).file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    for word in txt.split_whitespace() {
        let word = word.trim_matches(|c: char| c == ',' || c == '(' || c == ')');
        if word.ends_with(".eml") {
            let name = Path::new(word).file_name().unwrap().to_string_lossy().into_owned();
            assert!(files.contains(&name), "arbiter.txt names {word}, not in outbox/");
        }
    }
}

// RFC 5322 3.6.4: a later letter about a game threads under the earlier
// one: g23's silence (51.5.3) on 5 April replies to its repeat letter of
// night one (51.5.1), and refers to it.
#[test]
fn a_later_letter_about_a_game_replies_to_the_earlier_one() {
    const LATER: &str = "2026-04-05";
    let dir = tempfile::tempdir().unwrap();
    let (out, _, _) = two_nights(dir.path());
    ok(&report(&dir.path().join("in"), &out, LATER, &[]));
    let first = parse(&letters(&out, NIGHT1)["repeat-due-g23-white.eml"]);
    let later = letters(&out, LATER);
    let silence = parse(&later["silence-g23-black.eml"]);
    assert_eq!(silence.reply_to.as_deref(), Some(first.id.as_str()));
    let raw = String::from_utf8_lossy(&later["silence-g23-black.eml"]).into_owned();
    let references = raw
        .lines()
        .find(|l| l.starts_with("References:"))
        .expect("a References header");
    assert!(references.contains(&first.id), "{references}");
    // The records of the game drawn on night two are overdue now: their
    // letter is written, to both players, asking once.
    let drawn: Vec<&String> = later.keys().filter(|k| k.contains("g46")).collect();
    assert_eq!(drawn, vec!["records-none-g46-both.eml"], "{:?}", later.keys());
    // No letter of this night shares a Message-ID with one of the first two.
    let mut ids: BTreeSet<String> = BTreeSet::new();
    for night in [NIGHT1, NIGHT2, LATER] {
        for (file, raw) in letters(&out, night) {
            assert!(ids.insert(parse(&raw).id), "{night}/{file}");
        }
    }
}

// 51.5.1: a repeat is due when the partner's declared break is not
// counted, and its letter is written.
#[test]
fn the_repeat_due_letter_is_written_when_the_partner_had_a_declared_break() {
    let dir = tempfile::tempdir().unwrap();
    let (out, first, _) = two_nights(dir.path());
    let repeat: Vec<serde_json::Value> = all_findings(&first)
        .into_iter()
        .filter(|f| f["code"] == "repeat-due" && f["game"] == "g23")
        .collect();
    assert_eq!(repeat.len(), 1, "{repeat:?}");
    let raw = &letters(&out, NIGHT1)["repeat-due-g23-white.eml"];
    let m = parse(raw);
    assert_eq!(m.to, vec![PLAYERS[1].0.to_string()]);
    assert!(m.body.contains("05.02.2026"), "{}", m.body);
    // The 14 days of Попов's break (20.02–05.03) said, and not counted.
    assert!(m.body.contains("Из них 14 дн."), "{}", m.body);
    assert_eq!(repeat[0]["facts"]["partner_break_days"], 14, "{}", repeat[0]);
}

// 51.9.1: a game finished before the switch, whose records the arbiter holds
// from one side only, owes the other side's record: that player reads the
// finding on its own page and in its calendar, though the game shows no
// clock; the side whose record is held reads nothing about it.
#[test]
fn the_record_owed_for_a_game_finished_before_the_switch_is_on_the_players_page() {
    let mut t = crate::common::TournamentTest::record_held_from_one_side();
    t.as_of("2026-02-10");
    let run = t.run();
    let owed: Vec<serde_json::Value> = run
        .findings("t")
        .into_iter()
        .filter(|f| f["code"] == "record-missing" && f["game"] == "g1" && !f["player"].is_null())
        .collect();
    assert_eq!(owed.len(), 1, "{owed:?}");
    assert_eq!(owed[0]["player"], "Brown, Bob");
    assert_eq!(game_json(&run.json("t"), "g1")["facts"]["clocks"], false);
    let players = run.out().join("public/t/players");
    let page = |who: &str| {
        let stem = std::fs::read_dir(&players)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .find(|n| n.starts_with(who) && n.ends_with(".html"))
            .unwrap();
        let html = std::fs::read_to_string(players.join(&stem)).unwrap();
        let ics = std::fs::read_to_string(players.join(stem.replace(".html", ".ics"))).unwrap();
        (html, ics)
    };
    let message = owed[0]["message"].as_str().unwrap();
    let (html, ics) = page("brown");
    let doc = scraper::Html::parse_document(&html);
    let text: String = doc.root_element().text().collect();
    assert!(text.contains(message), "Brown's page lacks «{message}»:\n{text}");
    assert!(ics.contains("g1"), "Brown's calendar lacks g1:\n{ics}");
    let (html, _) = page("adams");
    let text: String = scraper::Html::parse_document(&html).root_element().text().collect();
    assert!(!text.contains(message), "Adams owes nothing:\n{text}");
}
