//! What players read and forward (issue 25): pages that read on a phone and
//! to assistive technology, one date for one repeat, Russian text in
//! Russian, and the files people download (text width, BOM, calendars).

use crate::common::*;
use scraper::{ElementRef, Html, Selector};
use std::collections::BTreeMap;
use std::path::Path;

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

/// The sample's public files as of 2026-12-02 (the bulletins in play).
fn sample_public(out: &Path) -> BTreeMap<String, Vec<u8>> {
    report(&sample(), out, "2026-12-02", &[]);
    tree(&out.join("public"))
}

/// The number of columns a row's cells span.
fn span(row: ElementRef, cells: &Selector) -> usize {
    row.select(cells)
        .map(|c| c.value().attr("colspan").map_or(1, |n| n.parse().unwrap()))
        .sum()
}

#[test]
fn every_page_holds_its_content_in_landmarks_with_one_main() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let pages: Vec<_> = files.iter().filter(|(p, _)| p.ends_with(".html")).collect();
    assert!(pages.len() > 20, "{}", pages.len());
    for (path, bytes) in pages {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        assert_eq!(html.select(&sel("main")).count(), 1, "{path}");
        let body = html.select(&sel("body")).next().unwrap();
        for child in body.children().filter_map(ElementRef::wrap) {
            assert!(
                ["header", "main", "footer"].contains(&child.value().name()),
                "{path}: <{}> outside a landmark",
                child.value().name()
            );
        }
        assert!(html.select(&sel("main h1")).next().is_some(), "{path}");
    }
}

#[test]
fn every_scroll_box_is_a_named_focusable_region() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let mut boxes = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        // A <section> with a name is a region (no `div role=region`).
        assert_eq!(html.select(&sel("div.scroll, [role=region]")).count(), 0, "{path}");
        for b in html.select(&sel("section.scroll")) {
            let v = b.value();
            assert_eq!(v.attr("tabindex"), Some("0"), "{path}");
            assert!(!v.attr("aria-label").unwrap_or("").is_empty(), "{path}");
            boxes += 1;
        }
        // The crosstable, the clocks and the move log are in such a box.
        for wide in ["table.cross", "table.clocks", "table.log"] {
            for t in html.select(&sel(wide)) {
                let parent = ElementRef::wrap(t.parent().unwrap()).unwrap();
                assert!(parent.value().classes().any(|c| c == "scroll"), "{path}: {wide}");
            }
        }
        // No header cell is empty.
        for th in html.select(&sel("th")) {
            assert!(
                !th.text().collect::<String>().trim().is_empty(),
                "{path}: an empty header cell"
            );
            // Each says what it heads (WCAG H63): its column or its row.
            let scope = th.value().attr("scope");
            assert!(matches!(scope, Some("col" | "row")), "{path}: a <th> scope {scope:?}");
        }
    }
    assert!(boxes > 30, "{boxes}");
}

#[test]
fn a_card_table_read_without_css_has_a_header_over_every_cell() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let (head, cells, rows) = (sel("thead th"), sel("td"), sel("tbody tr"));
    let mut seen = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        for table in html.select(&sel("table.cards")) {
            let headers: Vec<String> = table.select(&head).map(|h| h.text().collect()).collect();
            // The card's summary cell has its own header, in the same place.
            assert_eq!(
                table.select(&head).next().unwrap().value().attr("class"),
                Some("card-head"),
                "{path}"
            );
            for row in table.select(&rows) {
                assert_eq!(span(row, &cells), headers.len(), "{path}: {}", row.html());
                assert_eq!(
                    row.select(&cells).next().unwrap().value().attr("class"),
                    Some("card-head"),
                    "{path}"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 50, "{seen}");
}

/// The sample's semifinal (in play on 2026-12-02) with its tournament.toml
/// saying `language = "ru"`: every public and arbiter file, in Russian.
fn russian_semifinal(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let src = sample().join("ec2026-sf3");
    let input = dir.join("in");
    for entry in walkdir::WalkDir::new(&src).into_iter().filter_map(Result::ok) {
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&src).unwrap();
            let mut bytes = std::fs::read(entry.path()).unwrap();
            if rel == Path::new("tournament.toml") {
                let text = String::from_utf8(bytes).unwrap();
                assert!(text.contains("language = \"en\""));
                bytes = text.replace("language = \"en\"", "language = \"ru\"").into_bytes();
            }
            write(&input.join("ec2026-sf3").join(rel), bytes);
        }
    }
    let out = dir.join("out");
    report(&input, &out, "2026-12-02", &[]);
    tree(&out)
}

fn text(files: &BTreeMap<String, Vec<u8>>, path: &str) -> String {
    String::from_utf8(files[path].clone()).unwrap()
}

/// The dd.mm.yyyy dates in a text.
fn ru_dates(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(10)
        .map(|w| w.iter().collect::<String>())
        .filter(|w| {
            w.char_indices()
                .all(|(i, c)| if i == 2 || i == 5 { c == '.' } else { c.is_ascii_digit() })
        })
        .collect()
}

/// 2026-10-27 as a Russian page writes it.
fn ru_date(iso: &str) -> String {
    let d = chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d").unwrap();
    d.format("%d.%m.%Y").to_string()
}

// 51.5.1, 51.4.9
#[test]
fn a_repeat_shows_one_date_on_every_page_and_its_grace_once_past() {
    let dir = tempfile::tempdir().unwrap();
    let files = russian_semifinal(dir.path());
    let base = "public/ec2026-sf3";
    let bulletin = Html::parse_document(&text(&files, &format!("{base}/index.html")));
    let mut past = 0;
    let mut findings_checked = 0;
    for (path, bytes) in files
        .iter()
        .filter(|(p, _)| p.starts_with(&format!("{base}/players/")) && p.ends_with(".html"))
    {
        let page = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        for row in page.select(&sel("tr.game")) {
            let Some(iso) = row
                .value()
                .attr("data-deadline")
                .and_then(|d| d.strip_prefix("repeat-by "))
            else {
                continue;
            };
            let id = row.value().attr("id").unwrap().strip_prefix("game-").unwrap();
            let date = ru_date(iso);
            // The row: that date and no other.
            let row_text: String = row.text().collect();
            assert!(
                ru_dates(&row_text).iter().all(|d| *d == date),
                "{path} {id}: {row_text}"
            );
            // The bulletin and the game page hold the same repeat-by date.
            let side_cells = format!("#game-{id} td[data-deadline=\"repeat-by {iso}\"]");
            assert_eq!(bulletin.select(&sel(&side_cells)).count(), 1, "{id}");
            let game = Html::parse_document(&text(&files, &format!("{base}/games/{id}.html")));
            assert_eq!(
                game.select(&sel(&format!("td[data-deadline=\"repeat-by {iso}\"]")))
                    .count(),
                1,
                "{id}"
            );
            // Once the date has passed: the days of grace left on the
            // bulletin and the player's page; never on the game page, which
            // shows no count that runs with the report's date.
            let game_text: String = game.root_element().text().collect();
            assert!(!game_text.contains("без штрафа осталось"), "{id}");
            if iso < "2026-12-02" {
                past += 1;
                assert!(
                    row_text.contains("без штрафа осталось (51.4.9)"),
                    "{path} {id}: {row_text}"
                );
            }
            // The player's findings on that game: the same date, no other
            // deadline (the message's own dates follow the line break).
            for li in page.select(&sel("ul.findings li")) {
                let html = li.inner_html();
                if !html.contains(&format!("games/{id}.html")) || !html.contains("repeat-due") {
                    continue;
                }
                let head = html.split("<br>").next().unwrap();
                assert_eq!(ru_dates(head), vec![date.clone()], "{path} {id}: {head}");
                assert!(head.contains("повтор до"), "{head}");
                findings_checked += 1;
            }
        }
    }
    assert!(past > 0 && findings_checked > 0, "{past} {findings_checked}");
}

#[test]
fn a_russian_game_page_shows_russian_moves_first() {
    let dir = tempfile::tempdir().unwrap();
    let ru = russian_semifinal(&dir.path().join("ru"));
    let en = sample_public(&dir.path().join("en"));
    let moves = |html: &str| -> Vec<String> {
        let doc = Html::parse_document(html);
        doc.select(&sel("table.log tr.row td:nth-child(3)"))
            .map(|td| td.text().next().unwrap_or_default().trim().to_string())
            .collect()
    };
    let ru_moves = moves(&text(&ru, "public/ec2026-sf3/games/g01.html"));
    let en_moves = moves(std::str::from_utf8(&en["ec2026-sf3/games/g01.html"]).unwrap());
    assert_eq!(ru_moves.len(), en_moves.len());
    let mut pieces = 0;
    for (r, e) in ru_moves.iter().zip(&en_moves) {
        // The same move, its pieces and castling in Russian letters.
        assert_eq!(*r, ccbulletin::game::notation::russian(e), "{e}");
        assert!(!r.contains(['N', 'B', 'R', 'Q', 'K']), "{r}");
        pieces += usize::from(e.contains(['N', 'B', 'R', 'Q', 'K', 'O']));
    }
    assert!(pieces > 5, "{en_moves:?}");
    assert!(
        ru_moves
            .iter()
            .any(|m| m.starts_with('К') || m.starts_with('Ф') || m.starts_with('С'))
    );
}

#[test]
fn russian_text_reads_as_russian() {
    let dir = tempfile::tempdir().unwrap();
    let files = russian_semifinal(dir.path());
    let bulletin = text(&files, "public/ec2026-sf3/bulletin.txt");
    // Plural forms, not "ход." or "дн." after a number.
    assert!(!bulletin.contains(" ход.") && !bulletin.contains(" дн."), "{bulletin}");
    assert!(bulletin.contains("33 хода") && bulletin.contains("60 дней") && bulletin.contains("240 дней"));
    // A decimal comma in the tie-breaks; a result's provisional mark in words.
    let index = Html::parse_document(&text(&files, "public/ec2026-sf3/index.html"));
    let sb: Vec<String> = index
        .select(&sel("table.standings tbody td:nth-child(4)"))
        .map(|td| td.text().collect())
        .collect();
    assert!(
        sb.len() == 8 && sb.iter().all(|s| s.contains(',') && !s.contains('.')),
        "{sb:?}"
    );
    assert!(bulletin.contains("0,50") && !bulletin.contains("0.50"));
    assert!(bulletin.contains("½–½ (предварительно)"), "{bulletin}");
    for cell in index.select(&sel("td[data-label=\"Результат\"]")) {
        let t: String = cell.text().collect();
        assert!(!t.contains('*') && !t.contains("1/2"), "{t}");
    }
    // No capital letter after a dash in mid-line.
    assert!(
        bulletin.lines().nth(1).unwrap().contains("— по состоянию на"),
        "{bulletin}"
    );
    // The players' calendars: no double period, days in their plural form.
    let mut calendars = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".ics")) {
        let ics = String::from_utf8(bytes.clone()).unwrap();
        let unfolded = icalendar::parser::unfold(&ics);
        let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
        for c in cal.components.iter().filter(|c| c.name.as_str() == "VEVENT") {
            let summary = c.find_prop("SUMMARY").unwrap().val.as_str().to_string();
            let description = c
                .find_prop("DESCRIPTION")
                .map(|p| p.val.as_str().to_string())
                .unwrap_or_default();
            assert!(!description.contains(".."), "{path}: {description}");
            if path.contains("/players/") {
                assert!(!description.contains("дн."), "{path}: {description}");
            }
            // The arbiter's deadlines in words of the tournament's language.
            assert!(summary.chars().any(|c| ('а'..='я').contains(&c)), "{path}: {summary}");
            calendars += 1;
        }
    }
    assert!(calendars > 20, "{calendars}");
}

#[test]
fn a_number_takes_its_plural_form_in_both_languages() {
    use ccbulletin::model::Language;
    use ccbulletin::render::labels::count;
    let (en, ru) = (Language::En, Language::Ru);
    assert_eq!(count(1, "tournament", en), "1 tournament");
    assert_eq!(count(2, "tournament", en), "2 tournaments");
    assert_eq!(count(1, "tournament", ru), "1 турнир");
    assert_eq!(count(3, "tournament", ru), "3 турнира");
    assert_eq!(count(15, "move", ru), "15 ходов");
    assert_eq!(count(1, "move", ru), "1 ход");
    assert_eq!(count(2, "move", ru), "2 хода");
    assert_eq!(count(31, "day", ru), "31 день");
}

/// The text of a public text file, past its byte order mark.
fn without_bom(bytes: &[u8]) -> &str {
    let text = std::str::from_utf8(bytes).unwrap();
    text.strip_prefix('\u{feff}')
        .unwrap_or_else(|| panic!("no BOM: {:?}", &text[..20.min(text.len())]))
}

#[test]
fn public_texts_fit_78_columns_and_open_with_a_bom() {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<(String, Vec<u8>)> = sample_public(&dir.path().join("en")).into_iter().collect();
    files.extend(
        russian_semifinal(&dir.path().join("ru"))
            .into_iter()
            .filter(|(p, _)| p.starts_with("public/")),
    );
    let mut texts = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".txt")) {
        let text = without_bom(bytes);
        for line in text.lines() {
            assert!(
                line.chars().count() <= 78,
                "{path}: {} columns: {line}",
                line.chars().count()
            );
        }
        assert!(!text.contains('\u{feff}'));
        texts += 1;
    }
    assert!(
        files.iter().any(|(p, _)| p.ends_with("bulletin.txt")) && texts > 10,
        "{texts}"
    );
}

#[test]
fn pages_link_the_bulletin_text_the_pgn_and_the_games_text() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let hrefs = |path: &str| -> Vec<String> {
        let doc = Html::parse_document(std::str::from_utf8(&files[path]).unwrap());
        doc.select(&sel("a[href]"))
            .map(|a| a.value().attr("href").unwrap().to_string())
            .collect()
    };
    for t in ["ec2026-sf3", "cup2025-ru"] {
        let links = hrefs(&format!("{t}/index.html"));
        assert!(
            links.contains(&"bulletin.txt".to_string()) && links.contains(&format!("{t}.pgn")),
            "{links:?}"
        );
        // Every link from a bulletin or a game page leads to a file.
        for l in &links {
            assert!(
                l.starts_with("../") || files.contains_key(&format!("{t}/{l}")),
                "{t}: {l}"
            );
        }
    }
    let game = hrefs("ec2026-sf3/games/g01.html");
    for l in ["g01.txt", "../ec2026-sf3.pgn", "../bulletin.txt"] {
        assert!(game.contains(&l.to_string()), "{l} in {game:?}");
    }
    assert!(files.contains_key("ec2026-sf3/games/g01.txt"));
}

/// A player's calendar event is one day long, has an id and a stamp, holds
/// no count of days, and an adjudication deadline reminds 5 days and 1
/// day before: its day.
fn checked_event_day(path: &str, e: &icalendar::Event) -> String {
    use icalendar::{Component, DatePerhapsTime};
    let day = |x: Option<DatePerhapsTime>| match x {
        Some(DatePerhapsTime::Date(d)) => d,
        other => panic!("{path}: {other:?} is not a date"),
    };
    let (start, end) = (day(e.get_start()), day(e.get_end()));
    assert_eq!(end, start.succ_opt().unwrap(), "{path}: one day long");
    assert!(e.get_uid().is_some() && e.get_timestamp().is_some(), "{path}");
    let text = format!(
        "{} {}",
        e.get_summary().unwrap_or(""),
        e.get_description().unwrap_or("")
    );
    for count in ["days", "дней", "дня", "Left", "Осталось"] {
        assert!(!text.contains(count), "{path}: a count in {text:?}");
    }
    let summary = e.get_summary().unwrap();
    if summary.contains("adjudication") || summary.contains("присуждение") {
        let triggers: Vec<&str> = e
            .components()
            .iter()
            .filter(|c| c.component_kind() == "VALARM")
            .filter_map(|c| c.property_value("TRIGGER"))
            .collect();
        assert_eq!(triggers, ["-P5D", "-P1D"], "{path}");
    }
    start.to_string()
}

// 51.9.4, 51.9.2: past the end a player's calendar holds the dates its
// page lists (adjudication materials due, a record owed) and the
// tournament's end, each one day long; a deadline reminds 5 days before
// (51.4.10's low time) and 1 day before (RFC 5545 3.6.6); no event's text
// holds a count of days.
#[test]
fn every_players_calendar_holds_the_adjudication_due_date_each_event_one_day_long() {
    use icalendar::Component;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, "2027-01-20", &[]);
    let files = tree(&out.join("public"));
    let due = |id: &str| -> Vec<(String, String)> {
        all_findings(&report_json(&out, id))
            .iter()
            .filter(|f| f["code"] == "adjudication-due")
            .map(|f| {
                (
                    f["player"].as_str().unwrap().to_string(),
                    f["due"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let mut calendars = 0;
    for id in ["ec2026-sf3", "cup2025-ru"] {
        let due = due(id);
        assert!(
            !due.is_empty(),
            "{id}: the sample has adjudication findings as of 2027-01-20"
        );
        let mut with_due = std::collections::BTreeSet::new();
        for (path, bytes) in files
            .iter()
            .filter(|(p, _)| p.starts_with(&format!("{id}/players/")) && p.ends_with(".ics"))
        {
            calendars += 1;
            let ics = std::str::from_utf8(bytes).unwrap();
            let cal: icalendar::Calendar = ics.parse().unwrap();
            let events: Vec<_> = cal
                .components
                .iter()
                .filter_map(icalendar::CalendarComponent::as_event)
                .collect();
            assert!(!events.is_empty(), "{path}");
            let dates: Vec<String> = events.iter().map(|e| checked_event_day(path, e)).collect();
            for (player, date) in &due {
                let stem = ccbulletin::render::stems::transliterate(player);
                if path.ends_with(&format!("/{stem}.ics")) {
                    assert!(
                        dates.contains(date),
                        "{path}: {player}'s adjudication due {date} not in {dates:?}"
                    );
                    with_due.insert(stem);
                }
            }
            // The tournament's end, one day.
            assert!(events.iter().any(|e| e.get_uid().unwrap().ends_with("-end")), "{path}");
        }
        let players: std::collections::BTreeSet<&String> = due.iter().map(|(p, _)| p).collect();
        assert_eq!(
            with_due.len(),
            players.len(),
            "{id}: every player with an adjudication due date has it"
        );
    }
    // Eight players in the semi-final, six in the cup.
    assert_eq!(calendars, 14);
    // Every player of the semi-final has a game left for adjudication.
    let due = due("ec2026-sf3");
    let players: std::collections::BTreeSet<&String> = due.iter().map(|(p, _)| p).collect();
    assert_eq!(players.len(), 8, "{due:?}");
}

// 51.2.4: partners who agreed on Russian notation get the next message in
// it: piece letters Кр Ф Л С К, castling О-О.
#[test]
fn the_next_message_is_written_in_russian_notation_when_agreed() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("in/ru");
    crate::common::write(
        &t.join("tournament.toml"),
        "name = \"Кубок\"\nstart = 2026-01-15\narbiter = \"Арбитр\"\narbiter_email = \"a@example.org\"\nlanguage = \"ru\"\nnotation = \"russian\"\n",
    );
    crate::common::write(
        &t.join("players.csv"),
        "name,email\nАнна,anna@example.org\nБорис,boris@example.org\n",
    );
    crate::common::write(&t.join("pairings.csv"), "game,round,white,black\ng1,1,Анна,Борис\n");
    crate::common::write(
        &t.join("games/g1.csv"),
        "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-17,,\n2,white,Nf3,2026-01-18,2026-01-18,,\n2,black,Nc6,2026-01-19,2026-01-19,,\n3,white,Bc4,2026-01-20,2026-01-20,,\n3,black,Bc5,2026-01-21,2026-01-21,,\n4,white,O-O,2026-01-22,2026-01-22,,\n",
    );
    let out = dir.path().join("out");
    let r = crate::common::report(&dir.path().join("in"), &out, "2026-01-25", &[]);
    assert!(r.status.code().is_some_and(|c| c <= 1), "{r:?}");
    let next = std::fs::read_to_string(out.join("public/ru/games/g1.txt")).unwrap();
    for mv in ["Кf3", "Кc6", "Сc4", "Сc5", "О-О"] {
        assert!(next.contains(mv), "{mv} not in\n{next}");
    }
    assert!(!next.contains("Nf3") && !next.contains("O-O"), "{next}");
}
