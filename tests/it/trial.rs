//! What a new user's trial of the tool found, each fixed and kept fixed:
//! decisions worded in the reader's language, Article 51 quoted word for
//! word, the arbiter's list opening with what needs him, "since the last
//! report" telling only what happened, and `new` not losing the emails of a
//! misspelt column.

use crate::common::*;
use ccbulletin::messages::tr;
use ccbulletin::model::Language;
use ccbulletin::rules::{ADJUDICATION_DAYS, REPEAT_DAYS, SILENCE_DAYS};
use mail_parser::MessageParser;
use std::collections::BTreeMap;

/// Article 51 in Russian, the law the letters quote: paragraph number →
/// its text (`tests/data/article-51.ru.txt`, one paragraph a line).
fn article() -> BTreeMap<String, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/article-51.ru.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let (no, text) = line.split_once(". ")?;
            no.starts_with("51.").then(|| (no.to_string(), text.trim().to_string()))
        })
        .collect()
}

/// Every quotation `51.x.y: «…»` of a text: (paragraph, quoted words).
fn quotations(text: &str) -> Vec<(String, String)> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find(": «") {
        let no: String = rest[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let quoted = &rest[at + ": «".len()..];
        let end = quoted.find('»').expect("a quotation closes");
        if no.starts_with("51.") {
            found.push((no, quoted[..end].to_string()));
        }
        rest = &quoted[end..];
    }
    found
}

/// Each quotation is the paragraph's words exactly.
fn assert_quoted_word_for_word(what: &str, text: &str) -> usize {
    let article = article();
    let quotes = quotations(text);
    for (no, quoted) in &quotes {
        let law = article
            .get(no)
            .unwrap_or_else(|| panic!("{what}: no paragraph {no} in Article 51"));
        assert_eq!(quoted, law, "{what}: the quotation of {no} is not the Article's words");
    }
    quotes.len()
}

/// 51.1.10, 51.9.9: the appeal line names the decision in the report's
/// language, not by the program's name for its kind.
#[test]
fn appeal_open_names_the_decision_in_russian() {
    let mut t = TournamentTest::sample_one("cup2025-ru", "cup");
    t.edit("cup/decisions.csv", |s| {
        format!("{s}2026-11-20,withdrawal,,\"Соколов, Виктор\",forfeit,withdrew\n")
    });
    let run = t.run();
    run.check_file("arbiter/cup/arbiter.txt", |txt| {
        let line = txt.lines().find(|l| l.contains("обжаловано")).expect("the appeal line");
        assert!(
            line.contains(
                "решение о выходе из турнира (Соколов, Виктор) от 20.11.2026 может быть обжаловано до 04.12.2026"
            ),
            "{line}"
        );
        assert!(!line.contains("withdrawal"), "{line}");
    });
}

/// 51.4.10 and every paragraph the letters quote: the words inside «» are
/// Article 51's, word for word ("пять", not "5"), in the letters written.
#[test]
fn article_51_4_10_quoted_word_for_word_in_the_letters() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    t.edit("ec/tournament.toml", |s| {
        s.replace("language = \"en\"", "language = \"ru\"")
    });
    let run = t.run();
    let letters: BTreeMap<String, Vec<u8>> = tree(&run.out().join("arbiter/ec/outbox"))
        .into_iter()
        .filter(|(k, _)| k.ends_with(".eml"))
        .collect();
    let mut low_time = 0;
    for (name, bytes) in &letters {
        let m = MessageParser::default().parse(bytes).unwrap();
        let body = m.body_text(0).unwrap();
        let n = assert_quoted_word_for_word(name, &body);
        if name.contains("low-time") {
            assert!(body.contains("осталось пять или менее дней"), "{name}\n{body}");
            low_time += n;
        }
    }
    assert!(low_time > 0, "a low-time letter quoting 51.4.10: {:?}", letters.keys());
}

/// Every quotation of the Article in the Russian letters, filled with the
/// numbers the letters are written with, is the Article's words.
#[test]
fn every_quotation_of_article_51_in_russian_is_word_for_word() {
    let days = |n: i64| vec![("days", n.into())];
    let how = |h: &str| vec![("how", h.to_string().into())];
    let rules: [(&str, Vec<(&str, ccbulletin::messages::Value)>); 9] = [
        ("letter-repeat-due-rule", days(REPEAT_DAYS)),
        ("letter-low-time-rule", vec![]),
        ("letter-silence-rule", days(SILENCE_DAYS)),
        ("letter-record-rule", vec![]),
        ("letter-records-none-rule", vec![]),
        ("letter-withdrawal-rule", how("forfeit")),
        ("letter-ruling-rule", vec![]),
        ("letter-adjudication-rule", days(ADJUDICATION_DAYS)),
        ("letter-break-notice-rule", vec![]),
    ];
    for (id, args) in rules {
        let text = tr(Language::Ru, id, &args);
        let n = assert_quoted_word_for_word(id, &text);
        assert!(n > 0, "{id} quotes the Article: {text}");
    }
}

/// `ccbulletin new DIR --players FILE` in the temporary folder `w`.
fn new_from_list(w: &std::path::Path, list: &[u8]) -> std::process::Output {
    write(&w.join("entrants.csv"), list);
    bin()
        .current_dir(w)
        .args(["new", "club", "--players", "entrants.csv"])
        .output()
        .unwrap()
}

/// A players list whose email column's name is misspelt is refused (exit
/// 2), naming the near miss, and nothing is written: its emails are never
/// dropped without a word.
#[test]
fn new_refuses_a_list_whose_email_column_is_misspelt() {
    let w = tempfile::tempdir().unwrap();
    let out = new_from_list(
        w.path(),
        b"name;emial\n\"Ivanov, Ivan\";ivanov@example.org\n\"Petrov, Petr\";petrov@example.org\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the column `emial`: did you mean `email`?"), "{err}");
    assert!(!w.path().join("club").exists(), "nothing written");

    // As Russian Excel saves it (windows-1251), `Пoчта` with a Latin o.
    let (bytes, _, _) = encoding_rs::WINDOWS_1251
        .encode("ФИО;Пoчта\r\n\"Иванов, Иван\";ivanov@example.org\r\n\"Петров, Пётр\";petrov@example.org\r\n");
    let w = tempfile::tempdir().unwrap();
    let out = new_from_list(w.path(), &bytes);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the column `пoчта`: did you mean `почта`?"), "{err}");
    assert!(err.contains("mixes Latin and Cyrillic"), "{err}");
    assert!(!w.path().join("club").exists(), "nothing written");
}

/// `Эл.почта`, without the space, names the email column too.
#[test]
fn new_reads_el_pochta_without_a_space_as_the_emails() {
    let w = tempfile::tempdir().unwrap();
    let (bytes, _, _) = encoding_rs::WINDOWS_1251
        .encode("ФИО;Эл.почта\r\n\"Иванов, Иван\";ivanov@example.org\r\n\"Петров, Пётр\";petrov@example.org\r\n");
    let out = new_from_list(w.path(), &bytes);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let players = std::fs::read_to_string(w.path().join("club/players.csv")).unwrap();
    assert_eq!(
        players,
        "name,email\n\"Иванов, Иван\",ivanov@example.org\n\"Петров, Пётр\",petrov@example.org\n"
    );
}

/// A list of names alone is still a list: its emails wait to be filled in.
#[test]
fn new_takes_a_list_of_names_alone() {
    let w = tempfile::tempdir().unwrap();
    let out = new_from_list(w.path(), "ФИО\n\"Иванов, Иван\"\nПетров Пётр\n".as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let players = std::fs::read_to_string(w.path().join("club/players.csv")).unwrap();
    assert_eq!(players, "name,email\n\"Иванов, Иван\",\nПетров Пётр,\n");
}

/// The arbiter's list opens with what needs him this week: a note due in
/// 3 days (an appeal period ending, 51.1.10) asks nothing of him and stands
/// in its usual part, after a new overstep (51.4.3) that can decide a game,
/// in arbiter.txt and in arbiter.html alike.
#[test]
fn arbiter_list_puts_a_new_overstep_before_a_note_due_this_week() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    t.as_of("2026-12-01");
    let run = t.run();
    let json = run.json("ec");
    let appeal = run
        .findings("ec")
        .into_iter()
        .find(|f| f["code"] == "appeal-open")
        .expect("an appeal period open");
    assert_eq!(appeal["due"], "2026-12-04", "due in 3 days: {appeal}");
    assert_eq!(json["as_of"], "2026-12-01");

    let txt = run.read("arbiter/ec/arbiter.txt");
    let line_of = |code: &str| {
        txt.lines()
            .position(|l| l.starts_with('[') && l.contains(&format!("[{code}]")))
            .unwrap_or_else(|| panic!("no {code} in\n{txt}"))
    };
    let week = txt.lines().position(|l| l.starts_with("== This week")).unwrap();
    let next_part = week + 1 + txt.lines().skip(week + 1).position(|l| l.starts_with("== ")).unwrap();
    let (overstep, note) = (line_of("overstep"), line_of("appeal-open"));
    assert!(
        week < overstep && overstep < next_part,
        "the new overstep is this week's\n{txt}"
    );
    assert!(note > next_part, "the note stands after this week's part\n{txt}");

    let html = scraper::Html::parse_document(&run.read("arbiter/ec/arbiter.html"));
    let rows: Vec<_> = html.select(&scraper::Selector::parse("tr.finding").unwrap()).collect();
    let row_of = |code: &str| {
        rows.iter()
            .position(|r| r.text().any(|t| t == format!("[{code}]")))
            .unwrap_or_else(|| panic!("no {code} row"))
    };
    let (overstep, note) = (row_of("overstep"), row_of("appeal-open"));
    assert!(overstep < note, "the overstep's row comes first");
    assert!(
        rows[overstep]
            .value()
            .has_class("week", scraper::CaseSensitivity::CaseSensitive)
    );
    assert!(
        !rows[note]
            .value()
            .has_class("week", scraper::CaseSensitivity::CaseSensitive)
    );
}

/// The "since the last report" part of a run: arbiter.txt's lines from
/// its heading to the next part, arbiter.html's `#changes` section as
/// text, and report.json's `changes`.
fn since_last(run: &Run, id: &str) -> (String, String, serde_json::Value) {
    let txt = run.read(&format!("arbiter/{id}/arbiter.txt"));
    let part: Vec<&str> = txt
        .lines()
        .skip_while(|l| !l.starts_with("== Since the last report"))
        .take_while(|l| {
            !l.starts_with("== This week")
                && !l.starts_with("== Overdue")
                && !l.starts_with("== Due")
                && !l.starts_with("== Errors")
        })
        .collect();
    assert!(!part.is_empty(), "a part since the last report\n{txt}");
    let html = scraper::Html::parse_document(&run.read(&format!("arbiter/{id}/arbiter.html")));
    let changes = html
        .select(&scraper::Selector::parse("section#changes").unwrap())
        .next()
        .expect("the changes section")
        .text()
        .collect::<String>();
    (part.join("\n"), changes, run.json(id)["changes"].clone())
}

fn codes_of(list: &serde_json::Value) -> Vec<(String, String)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["game"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

/// 51.4.10 → 51.4.3: low time in g08 on 2 December is an overstep on
/// 6 December, its move not sent. The low time is not "resolved": the
/// overstep is new, in arbiter.txt, arbiter.html and report.json alike.
#[test]
fn low_time_that_became_an_overstep_is_not_listed_as_resolved() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    let first = t.run();
    let low: Vec<_> = first
        .findings("ec")
        .into_iter()
        .filter(|f| f["code"] == "low-time" && f["game"] == "g08")
        .collect();
    assert_eq!(low.len(), 1, "low time in g08 on 2 December");
    let run = t.as_of("2026-12-06").run();
    let (txt, html, json) = since_last(&run, "ec");
    let new = codes_of(&json["new"]);
    assert!(new.contains(&("overstep".to_string(), "g08".to_string())), "{new:?}");
    let resolved = codes_of(&json["resolved"]);
    assert!(!resolved.iter().any(|(c, _)| c == "low-time"), "{resolved:?}");
    assert!(txt.contains("[overstep]") && !txt.contains("[low-time]"), "{txt}");
    assert!(html.contains("[overstep]") && !html.contains("[low-time]"), "{html}");
}

/// A tournament whose tournament.toml cannot be read is not computed: its
/// previous findings are not "resolved", nor is anything "new".
#[test]
fn a_tournament_not_computed_resolves_nothing() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    let first = t.run();
    assert!(first.findings("ec").len() > 10);
    let good = std::fs::read_to_string(t.path("ec/tournament.toml")).unwrap();
    t.file("ec/tournament.toml", "name = \n").as_of("2026-12-03");
    let run = t.run();
    assert!(run.json("ec")["stale"].is_string(), "the public report is kept, stale");
    // The public list of tournaments, as of 3 December, says the kept
    // bulletin is the one of 2 December.
    let index = scraper::Html::parse_document(&run.read("public/index.html"));
    let row: String = index
        .select(&scraper::Selector::parse("table.tournaments tbody tr").unwrap())
        .next()
        .unwrap()
        .text()
        .collect();
    assert!(row.contains("(as of 2026-12-02)"), "{row}");
    let (txt, html, json) = since_last(&run, "ec");
    assert_eq!(json["new"], serde_json::json!([]), "{json}");
    assert_eq!(json["resolved"], serde_json::json!([]), "{json}");
    assert!(!txt.contains("Resolved") && !txt.contains("New:"), "{txt}");
    assert!(!html.contains("Resolved") && !html.contains("New:"), "{html}");
    // Said as what it is: not compared, rather than "no change".
    assert!(txt.contains("Not compared") && !txt.contains("No change"), "{txt}");
    assert!(html.contains("Not compared") && !html.contains("No change"), "{html}");
    // Mended the next night, the report compares against the last one that
    // was computed (2 December), as if the stale night had not been: not
    // every finding "new".
    t.file("ec/tournament.toml", &good).as_of("2026-12-04");
    let mended = t.run().json("ec")["changes"].clone();
    let mut straight = TournamentTest::sample_one("ec2026-sf3", "ec");
    straight.run();
    let straight = straight.as_of("2026-12-04").run().json("ec")["changes"].clone();
    assert_eq!(mended, straight);
    assert_eq!(mended["since"], "2026-12-02", "{mended}");
}

// 51.9.1: a record awaited (a note, no letter) whose term passes becomes a
// warning with its letter; "since the last report" lists it as now due, so
// that the letters of the night are all accounted for there.
#[test]
fn a_note_that_became_a_warning_is_listed_as_now_due() {
    let mut t = TournamentTest::record_held_from_one_side();
    t.as_of("2026-01-10");
    let first = t.run();
    let awaited: Vec<serde_json::Value> = first
        .findings("t")
        .into_iter()
        .filter(|f| f["code"] == "record-missing" && f["player"] == "Brown, Bob")
        .collect();
    assert_eq!(awaited.len(), 1);
    assert_eq!(awaited[0]["severity"], "info", "{awaited:?}");
    let run = t.as_of("2026-01-20").run();
    let changes = run.json("t")["changes"].clone();
    let now_due: Vec<&str> = changes["now_due"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(now_due.contains(&"record-missing"), "{changes}");
    assert!(
        changes["new"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["code"] != "record-missing"),
        "not new: {changes}"
    );
    let txt = run.read("arbiter/t/arbiter.txt");
    assert!(txt.contains("-- Now due (notes that became warnings"), "{txt}");
    let html = scraper::Html::parse_document(&run.read("arbiter/t/arbiter.html"));
    assert!(
        html.select(&scraper::Selector::parse("section#changes h3#now-due").unwrap())
            .next()
            .is_some()
    );
    let letters: Vec<String> = std::fs::read_dir(run.out().join("arbiter/t/outbox/2026-01-20"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        letters.iter().any(|l| l.starts_with("record-missing-g1")),
        "{letters:?}"
    );
}

// A pairings.csv holding only its header keeps the bulletin, stale, with
// the one finding that says why; the decisions about its games are not each
// another error ("a claim decision needs a paired game").
#[test]
fn a_header_only_pairings_file_is_one_finding_not_one_per_decision() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    t.run();
    t.file("ec/pairings.csv", "game,round,white,black\n")
        .as_of("2026-12-03");
    let run = t.run();
    assert!(run.json("ec")["stale"].is_string());
    let noise: Vec<serde_json::Value> = run
        .findings("ec")
        .into_iter()
        .filter(|f| f["facts"]["kind"] == "decision-needs-paired-game")
        .collect();
    assert!(noise.is_empty(), "{noise:?}");
}

// A second run on the same date (a typo fixed and run again) compares
// against the last report of an earlier date, as the first run of the
// night did: the night's changes, its letters and the public marks of new
// moves stay what they were, instead of "no change" against itself.
#[test]
fn a_second_run_on_the_same_date_keeps_the_nights_changes() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    t.as_of("2026-11-01").run();
    let night = t.as_of("2026-12-02").run();
    let changes = night.json("ec")["changes"].clone();
    assert_eq!(changes["since"], "2026-11-01", "{changes}");
    assert!(!changes["new"].as_array().unwrap().is_empty(), "{changes}");
    let bulletin = night.read("public/ec/index.html");
    let arbiter = night.read("arbiter/ec/arbiter.txt");
    let letters = tree(&night.out().join("arbiter/ec/outbox/2026-12-02"));
    // An edit that changes nothing shown, so that the tournament is made again.
    t.edit("ec/tournament.toml", |text| text + "\n# checked\n");
    let again = t.run();
    assert_eq!(again.json("ec")["changes"], changes);
    assert_eq!(again.read("public/ec/index.html"), bulletin);
    assert_eq!(again.read("arbiter/ec/arbiter.txt"), arbiter);
    assert_eq!(tree(&again.out().join("arbiter/ec/outbox/2026-12-02")), letters);
    // And a third time: still against 1 November.
    t.edit("ec/tournament.toml", |text| text + "# again\n");
    assert_eq!(t.run().json("ec")["changes"], changes);
}

// A tournament whose players.csv fails keeps its public bulletin, but its
// games are computed: it is compared with the last report as usual, so a
// new finding is new and leads the arbiter's list.
#[test]
fn a_tournament_whose_players_fail_is_still_compared() {
    let mut t = TournamentTest::sample_one("ec2026-sf3", "ec");
    t.as_of("2026-11-01").run();
    t.edit("ec/players.csv", |text| text.replacen("name,email", "name,emial", 1));
    let run = t.as_of("2026-12-02").run();
    let json = run.json("ec");
    assert!(json["stale"].is_string(), "the public report is kept");
    assert!(
        !json["changes"]["new"].as_array().unwrap().is_empty(),
        "{}",
        json["changes"]
    );
    let (txt, html, _) = since_last(&run, "ec");
    assert!(!txt.contains("Not compared") && txt.contains("New"), "{txt}");
    assert!(!html.contains("Not compared"), "{html}");
}

#[test]
/// 51.4.3: a balance run below zero is worded as the days over the
/// allowance, never as a negative count of days left.
fn a_running_overstep_says_over_by_not_a_negative_left() {
    let mut test = TournamentTest::empty();
    for (id, language) in [("en", "en"), ("ru", "ru")] {
        test.typed(
            id,
            "Cup",
            "2026-09-01",
            &format!("language = \"{language}\"\n"),
            &["Adams, Anna", "Brown, Bob"],
        )
        .file(
            &format!("{id}/pairings.csv"),
            "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\n",
        )
        // Brown has had 1.e4 since 2026-09-02: 61 days of 60 on 2026-11-02.
        .file(
            &format!("{id}/games/g1.csv"),
            "no,side,move,received,sent,flag,note\n1,white,e4,,2026-09-01,,\n",
        );
    }
    let run = test.as_of("2026-11-02").run();
    for (id, over) in [
        ("en", "Brown, Bob is over the allowance by 1 day before move 10"),
        ("ru", "Brown, Bob: до 10-го хода лимит превышен на 1 дн."),
    ] {
        let overstep: Vec<_> = run
            .findings(id)
            .into_iter()
            .filter(|f| f["code"] == "overstep")
            .collect();
        assert_eq!(overstep.len(), 1, "{id}: {overstep:?}");
        assert_eq!(overstep[0]["facts"]["left"], -1);
        let said = overstep[0]["message"].as_str().unwrap();
        assert!(said.starts_with(over) && !said.contains("-1"), "{id}: {said}");
        // The player's page and the arbiter's list say the same.
        for page in [
            public_dir(run.out(), id).join("players/brown-bob.html"),
            arbiter_dir(run.out(), id).join("arbiter.txt"),
        ] {
            let text = std::fs::read_to_string(&page).unwrap();
            assert!(text.contains(over), "{}: {text}", page.display());
        }
        // Where a count of days left is shown, it says over by 1 day
        // instead: the card of the player's page, the bulletin's summary
        // of the clocks and bulletin.txt.
        let (over_by, day) = if id == "en" {
            ("over by", "1 day")
        } else {
            ("превышено на", "1 день")
        };
        let page = run.read(&format!("public/{id}/players/brown-bob.html"));
        assert!(page.contains(&format!("{over_by} <strong>{day}</strong>")), "{page}");
        let bulletin = run.read(&format!("public/{id}/index.html"));
        assert!(
            bulletin.contains(&format!("{over_by} <strong>{day}</strong>")),
            "{bulletin}"
        );
        let text = run.read(&format!("public/{id}/bulletin.txt"));
        assert!(text.contains(&format!("{over_by} 1 (")), "{text}");
        for shown in [&page, &bulletin, &text] {
            assert!(!shown.contains("-1 "), "{shown}");
        }
    }
}

// 51.9.1: a game finished before the switch, its records on paper with
// the arbiter (a `records` decision, no move log, the result a `result`
// decision), shows no count of moves: "0 moves" would be false.
#[test]
fn a_game_without_a_move_log_shows_no_count_of_moves() {
    let mut t = TournamentTest::record_held_from_one_side();
    t.as_of("2026-02-10");
    for (lang, moves) in [(Language::En, "0 moves"), (Language::Ru, "0 ходов")] {
        let language = lang.code();
        t.edit("t/tournament.toml", |toml| {
            format!(
                "language = \"{language}\"\n{}",
                toml.lines()
                    .filter(|l| !l.starts_with("language"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        let run = t.run();
        let json = run.json("t");
        let g1 = game_json(&json, "g1");
        assert_eq!(
            (g1["has_log"].as_bool(), g1["has_pgn"].as_bool()),
            (Some(false), Some(false))
        );
        assert_eq!(g1["result"], "1-0");

        let bulletin = run.read("public/t/bulletin.txt");
        let block = bulletin.split("\ng1 ").nth(1).unwrap().split("\n\n").next().unwrap();
        assert!(block.contains("1–0") && !block.contains(moves), "{language}: {block}");

        let sel = |s: &str| scraper::Selector::parse(s).unwrap();
        for page in [
            "public/t/index.html",
            "public/t/players/adams-anna.html",
            "public/t/players/brown-bob.html",
        ] {
            let html = scraper::Html::parse_document(&run.read(page));
            let label = ccbulletin::render::labels::labels(lang).word("moves");
            let cells: Vec<String> = html
                .select(&sel(&format!("td[data-label=\"{label}\"]")))
                .map(|td| td.text().collect())
                .collect();
            assert_eq!(cells, [""], "{language}: {page}");
        }
    }
}

// 51.8.1: a withdrawal is stated where a reader looks for the players: the
// bulletin's standings, bulletin.txt and the player's own page, with its
// date; report.json's standings carry the date.
#[test]
fn a_withdrawal_is_stated_on_the_bulletin_and_the_players_page() {
    let run = TournamentTest::sample_one("cup2025-ru", "cup").run();
    let json = run.json("cup");
    let mut withdrawn: Vec<(&str, &str)> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| Some((s["player"].as_str()?, s["withdrawn"].as_str()?)))
        .collect();
    withdrawn.sort();
    assert_eq!(
        withdrawn,
        [("Кузнецов, Павел", "2025-06-01"), ("Новикова, Мария", "2025-07-01")],
        "{}",
        json["standings"]
    );
    let said = "выбыл(а) из турнира (51.8.1) 01.06.2025";
    let bulletin = run.read("public/cup/index.html");
    assert!(bulletin.contains(said), "{bulletin}");
    let text = run.read("public/cup/bulletin.txt");
    assert!(text.contains(&format!("Кузнецов, Павел: {said}")), "{text}");
    let stems: Vec<String> = std::fs::read_dir(run.out().join("public/cup/players"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".html"))
        .collect();
    let pages: Vec<String> = stems
        .iter()
        .map(|n| run.read(&format!("public/cup/players/{n}")))
        .collect();
    let stated: Vec<&String> = pages.iter().filter(|p| p.contains("выбыл(а) из турнира")).collect();
    assert_eq!(stated.len(), 2, "{stems:?}");
    assert!(
        stated
            .iter()
            .any(|p| p.contains("<h1>Кузнецов, Павел</h1>") && p.contains(said))
    );
}
