//! The arbiter's outbox (docs/arbiter.md, "The outbox"): a generated folder
//! with a finding of every code that asks something of a player, in English
//! and in Russian, reported; every letter read back by a real mail parser
//! (mail-parser) and checked against the table of who gets which letter.

use crate::common::{RUSSIAN_PLAYERS, report, tree, write};
use mail_parser::{Address, MessageParser, MimeHeaders};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const AS_OF: &str = "2026-06-01";
const NEXT_DAY: &str = "2026-06-02";

/// The players of a generated tournament: name, address.
fn players(lang: &str) -> [(&'static str, &'static str); 10] {
    if lang == "ru" {
        RUSSIAN_PLAYERS
    } else {
        [
            ("Adams, Alice", "alice@example.org"),
            ("Brown, Bob", "bob@example.org"),
            ("Clark, Carol", "carol@example.org"),
            ("Davis, Dan", "dan@example.org"),
            ("Evans, Eve", "eve@example.org"),
            ("Fox, Frank", "frank@example.org"),
            ("Green, Grace", "grace@example.org"),
            ("Hill, Henry", "henry@example.org"),
            ("King, Irene", "irene@example.org"),
            ("Lee, Jack", "jack@example.org"),
        ]
    }
}

fn arbiter(lang: &str) -> (&'static str, &'static str) {
    if lang == "ru" {
        ("Петров, Николай", "arbiter@example.ru")
    } else {
        ("Sidorov, Petr", "arbiter@example.org")
    }
}

/// The name of a generated tournament.
fn title(id: &str) -> String {
    match id {
        "ru" => "Кубок лета 2026".into(),
        "ru-end" => "Кубок лета 2026, доигрывание".into(),
        other => format!("Summer Cup 2026 ({other})"),
    }
}

/// Writes tournament `id` in language `lang`: with `end` past the as-of
/// date its one game is to be adjudicated; without, its games in play show
/// repeat-due, silence, low-time, the records and a late break.
fn tournament(root: &Path, id: &str, lang: &str, end: bool) {
    let t = root.join(id);
    let (arbiter, arbiter_email) = arbiter(lang);
    let end_line = if end { "end = 2026-05-20\n" } else { "" };
    write(
        &t.join("tournament.toml"),
        format!(
            "name = \"{}\"\nstart = 2026-03-30\n{end_line}arbiter = \"{arbiter}\"\narbiter_email = \"{arbiter_email}\"\ntime_control = \"10/60\"\nlanguage = \"{lang}\"\n",
            title(id)
        ),
    );
    let p = players(lang);
    let mut csv = String::from("name,email\n");
    for (name, email) in p {
        csv.push_str(&format!("\"{name}\",{email}\n"));
    }
    write(&t.join("players.csv"), csv);
    let games = games(end);
    let mut pairings = String::from("game,round,white,black\n");
    for (game, w, b, log) in games {
        pairings.push_str(&format!("{game},1,\"{}\",\"{}\"\n", p[*w].0, p[*b].0));
        write(
            &t.join(format!("games/{game}.csv")),
            format!("no,side,move,received,sent,flag,note\n{log}"),
        );
    }
    write(&t.join("pairings.csv"), pairings);
    if !end {
        write_in_play_inputs(&t, &p);
    }
}

/// The games of a generated tournament: id, White and Black (indices into
/// [`players`]), its move log's rows. With `end`, its one game is to be
/// adjudicated.
fn games(end: bool) -> &'static [(&'static str, usize, usize, &'static str)] {
    if end {
        // White sent the adjudication materials, Black did not.
        &[(
            "ad",
            0,
            1,
            "1,white,e4,,2026-04-01,,\n1,black,e5,2026-04-02,2026-04-03,,\n2,white,Nf3,2026-04-04,2026-04-05,,\n2,white,,,2026-05-25,adjudication,\n",
        )]
    } else {
        &[
            // White's move of 12 May unanswered: repeat-due (51.5.1).
            ("rp", 0, 1, "1,white,e4,,2026-05-12,,\n"),
            // No move since 17 April: silence, Black to move (51.5.3).
            ("sl", 2, 3, "1,white,e4,,2026-04-17,,\n"),
            // Black used 55 of 60 days and runs 2 more: low-time (51.4.10).
            (
                "lt",
                4,
                5,
                "1,white,e4,,2026-04-01,,\n1,black,e5,2026-04-02,2026-05-27,,\n2,white,Nf3,2026-05-28,2026-05-29,,\n",
            ),
            // White resigned; Black sent the record, White did not (51.9.1).
            (
                "rm",
                6,
                7,
                "1,white,e4,,2026-04-01,,\n1,black,e5,2026-04-02,2026-04-03,,\n2,white,,2026-04-04,2026-04-05,resign,\n2,black,,,2026-04-08,record,\n",
            ),
            // White resigned; no record from either side and no PGN (51.9.3).
            (
                "rn",
                8,
                9,
                "1,white,e4,,2026-04-01,,\n1,black,e5,2026-04-02,2026-04-03,,\n2,white,,2026-04-04,2026-04-05,resign,\n",
            ),
            // White's move of 18 May: 14 days on the as-of date, 15 the day after.
            ("nx", 1, 2, "1,white,d4,,2026-05-18,,\n"),
            // Black claims on 1 May that White overstepped; White has used
            // 27 of 60 days: claim-unfounded, to the claimant (51.6.1).
            (
                "cl",
                8,
                9,
                "1,white,e4,,2026-04-01,,\n1,black,e5,2026-04-02,2026-04-03,,\n",
            ),
        ]
    }
}

/// The inputs of the tournament in play besides its tables: a PGN record,
/// a claim, a break declared late.
fn write_in_play_inputs(t: &Path, p: &[(&str, &str); 10]) {
    write(
        &t.join("games/rm.pgn"),
        format!(
            "[White \"{}\"]\n[Black \"{}\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n",
            p[6].0, p[7].0
        ),
    );
    write(
        &t.join("decisions.csv"),
        format!(
            "date,kind,game,player,result,note\n2026-05-01,claim,cl,\"{}\",,\n",
            p[9].0
        ),
    );
    // Declared on its second day, not approved: break-notice (51.7.2).
    write(
        &t.join("breaks.csv"),
        format!(
            "player,from,to,declared,approved\n\"{}\",2026-03-20,2026-03-25,2026-03-21,\n",
            p[0].0
        ),
    );
}

/// The generated folder: `en`, `en-end`, `ru`, `ru-end`.
fn folder(root: &Path) {
    for lang in ["en", "ru"] {
        tournament(root, lang, lang, false);
        tournament(root, &format!("{lang}-end"), lang, true);
    }
}

/// One expected letter: file, code's paragraph, the game, the players it
/// goes to and is copied to (indices into [`players`]).
struct Expected {
    file: &'static str,
    paragraph: &'static str,
    game: Option<&'static str>,
    to: &'static [usize],
    cc: &'static [usize],
}

/// docs/arbiter.md's table of letters, for the generated folder as of [`AS_OF`].
fn expected(end: bool) -> Vec<Expected> {
    let e = |file, paragraph, game, to, cc| Expected {
        file,
        paragraph,
        game,
        to,
        cc,
    };
    if end {
        // adjudication-due: both players; the finding is Black's.
        return vec![e("adjudication-due-ad-black.eml", "51.9.4", Some("ad"), &[1, 0], &[])];
    }
    vec![
        // repeat-due: the side that must repeat.
        e("repeat-due-rp-white.eml", "51.5.1", Some("rp"), &[0], &[]),
        e("repeat-due-sl-white.eml", "51.5.1", Some("sl"), &[2], &[]),
        // silence: the side to move, copy to the partner.
        e("silence-sl-black.eml", "51.5.3", Some("sl"), &[3], &[2]),
        // low-time: both players, the short side first.
        e("low-time-lt-black.eml", "51.4.10", Some("lt"), &[5, 4], &[]),
        // record-missing: the side that owes it (the missing PGN file's
        // finding rides along: Black's record is in, Black is not asked).
        e("record-missing-rm-white.eml", "51.9.1", Some("rm"), &[6], &[]),
        // records-none: both players, one letter for it and the missing PGN.
        e("records-none-rn-both.eml", "51.9.3", Some("rn"), &[8, 9], &[]),
        // break-notice: the player.
        e("break-notice-2026-03-20-tournament.eml", "51.7.2", None, &[0], &[]),
        // claim-unfounded: the claimant.
        e("claim-unfounded-cl-black.eml", "51.6.1", Some("cl"), &[9], &[]),
    ]
}

/// Each tournament's outbox letters, file name → bytes.
/// The letters of the report of `date`: the files of `outbox/<date>/`.
fn outbox(out: &Path, id: &str, date: &str) -> BTreeMap<String, Vec<u8>> {
    tree(&out.join("arbiter").join(id).join("outbox").join(date))
        .into_iter()
        .filter(|(k, _)| k.ends_with(".eml"))
        .collect()
}

/// The addresses of a header as (name, address) pairs.
fn mailboxes(a: Option<&Address<'_>>) -> Vec<(String, String)> {
    a.map(|a| {
        a.iter()
            .map(|m| {
                (
                    m.name().unwrap_or_default().to_string(),
                    m.address().unwrap_or_default().to_string(),
                )
            })
            .collect()
    })
    .unwrap_or_default()
}

fn ok(out: &std::process::Output) {
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
}

#[test]
fn every_code_has_its_letter_in_english_and_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    folder(&input);
    ok(&report(&input, &out, AS_OF, &[]));
    for id in ["en", "en-end", "ru", "ru-end"] {
        let letters = outbox(&out, id, AS_OF);
        let want = expected(id.ends_with("-end"));
        assert_eq!(
            letters.keys().cloned().collect::<BTreeSet<_>>(),
            want.iter().map(|e| e.file.to_string()).collect::<BTreeSet<_>>(),
            "{id}"
        );
        index_lists_the_letters(&out, id, &letters);
        for e in &want {
            letter_is_as_expected(id, e, &letters[e.file]);
        }
    }
    // Nothing of the outbox in public.
    assert!(
        tree(&out.join("public"))
            .keys()
            .all(|k| !k.contains("outbox") && !k.ends_with(".eml"))
    );
}

/// The outbox's index.txt of tournament `id` lists exactly `letters`.
fn index_lists_the_letters(out: &Path, id: &str, letters: &BTreeMap<String, Vec<u8>>) {
    let index = std::fs::read_to_string(out.join("arbiter").join(id).join("outbox/index.txt")).unwrap();
    let listed: BTreeSet<String> = index
        .lines()
        .map(|l| {
            l.split('\t')
                .next()
                .unwrap()
                .trim_start_matches(&format!("{AS_OF}/"))
                .to_string()
        })
        .collect();
    assert_eq!(listed, letters.keys().cloned().collect(), "{id} index.txt");
}

/// Letter `raw` of tournament `id`, parsed, is the one `e` expects: its
/// headers, its body in the tournament's language, and no address but
/// the arbiter's and the addressees'.
fn letter_is_as_expected(id: &str, e: &Expected, raw: &[u8]) {
    let lang = &id[..2];
    let p = players(lang);
    let (arbiter, arbiter_email) = arbiter(lang);
    let what = format!("{id}/{}", e.file);
    // Headers are 7-bit: Cyrillic names and subjects are encoded words.
    let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    assert!(raw[..head_end].is_ascii(), "{what}: raw 8-bit header");
    let m = MessageParser::default().parse(raw).unwrap();
    headers_are_as_expected(id, e, &m, &what);
    let body = m.body_text(0).unwrap();
    assert!(body.contains(e.paragraph), "{what}: no {}\n{body}", e.paragraph);
    if let Some(g) = e.game {
        assert!(body.contains(&format!(" {g}:")), "{what}: the game\n{body}");
    }
    // Addressed to the first addressee, signed by the arbiter.
    assert!(body.lines().next().unwrap().contains(p[e.to[0]].0), "{what}\n{body}");
    assert!(body.trim_end().lines().rev().nth(1) == Some(arbiter), "{what}\n{body}");
    // In the tournament's language.
    let cyrillic = body.chars().filter(|c| ('а'..='я').contains(c)).count();
    assert_eq!(lang == "ru", cyrillic > 100, "{what}: language\n{body}");
    // No address but the arbiter's and the addressees', in the raw
    // bytes or the decoded text.
    let allowed: BTreeSet<&str> =
        e.to.iter()
            .chain(e.cc)
            .map(|&i| p[i].1)
            .chain([arbiter_email])
            .collect();
    let raw_text = String::from_utf8_lossy(raw);
    for (_, email) in p.iter().filter(|(_, a)| !allowed.contains(a)) {
        assert!(
            !raw_text.contains(email) && !body.contains(email),
            "{what} holds {email}"
        );
    }
}

/// The headers of letter `m` (`what`) of tournament `id`: From the
/// arbiter, To and Cc as `e` expects, the subject naming the tournament
/// and the game, the as-of date, a Message-ID of ours, plain UTF-8 text.
fn headers_are_as_expected(id: &str, e: &Expected, m: &mail_parser::Message<'_>, what: &str) {
    let lang = &id[..2];
    let p = players(lang);
    let (arbiter, arbiter_email) = arbiter(lang);
    assert_eq!(
        mailboxes(m.from()),
        vec![(arbiter.to_string(), arbiter_email.to_string())],
        "{what}"
    );
    let who = |list: &[usize]| -> Vec<(String, String)> {
        list.iter().map(|&i| (p[i].0.to_string(), p[i].1.to_string())).collect()
    };
    assert_eq!(mailboxes(m.to()), who(e.to), "{what}: To");
    assert_eq!(mailboxes(m.cc()), who(e.cc), "{what}: Cc");
    assert!(m.bcc().is_none() && m.reply_to().is_none(), "{what}");
    let subject = m.subject().unwrap();
    let prefix = match e.game {
        Some(g) => format!("[{}] {g}: ", title(id)),
        None => format!("[{}] ", title(id)),
    };
    assert!(
        subject.starts_with(&prefix) && subject.len() > prefix.len(),
        "{what}: {subject}"
    );
    assert_eq!(m.date().unwrap().to_rfc3339(), format!("{AS_OF}T00:00:00Z"), "{what}");
    let id_header = m.message_id().unwrap();
    assert!(id_header.ends_with("@ccbulletin"), "{what}: {id_header}");
    let part = m.part(m.text_body[0]).unwrap();
    let ct = part.content_type().unwrap();
    assert_eq!((ct.ctype(), ct.subtype()), ("text", Some("plain")), "{what}");
    assert_eq!(
        ct.attribute("charset").map(str::to_lowercase).as_deref(),
        Some("utf-8"),
        "{what}"
    );
}

#[test]
fn the_next_day_writes_letters_only_for_the_new_findings_and_keeps_the_first_days() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    folder(&input);
    ok(&report(&input, &out, AS_OF, &[]));
    let first: BTreeMap<String, BTreeMap<String, Vec<u8>>> = ["en", "ru"]
        .iter()
        .map(|id| (id.to_string(), outbox(&out, id, AS_OF)))
        .collect();
    ok(&report(&input, &out, NEXT_DAY, &[]));
    // A fresh report of the next day, with no previous report: every letter.
    let fresh = dir.path().join("fresh");
    ok(&report(&input, &fresh, NEXT_DAY, &[]));
    for id in ["en", "ru"] {
        let next = outbox(&out, id, NEXT_DAY);
        assert_eq!(outbox(&out, id, AS_OF), first[id], "{id}: the first day's letters stay");
        assert_eq!(
            next.keys().collect::<Vec<_>>(),
            vec!["repeat-due-nx-white.eml"],
            "{id}: only the finding new on {NEXT_DAY}"
        );
        let all = outbox(&fresh, id, NEXT_DAY);
        assert!(all.contains_key("repeat-due-nx-white.eml"));
        // A fresh report prepares its letters anew: each its own Message-ID
        // (RFC 5322 3.6.4).
        for (file, raw) in &first[id] {
            assert_ne!(message_id(raw), message_id(&all[file]), "{id}/{file}");
        }
        // letters.json: the old letters keep their date, the new one has today's.
        let dates = prepared_dates(&out, id);
        for file in first[id].keys() {
            assert_eq!(dates[file], AS_OF, "{id}/{file}");
        }
        assert_eq!(dates["repeat-due-nx-white.eml"], NEXT_DAY);
        arbiter_page_links_each_letter(&out, id, &dates);
    }
}

/// The date each letter of tournament `id` was prepared on, by file, as
/// its outbox's letters.json says.
fn prepared_dates(out: &Path, id: &str) -> BTreeMap<String, String> {
    let ledger: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("arbiter").join(id).join("outbox/letters.json")).unwrap())
            .unwrap();
    ledger["letters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["file"].as_str().unwrap().into(),
                l["prepared"].as_str().unwrap().into(),
            )
        })
        .collect()
}

/// The arbiter's page of tournament `id`: each finding's letter, its date
/// (as the tournament's language writes it), its link to where it lies.
fn arbiter_page_links_each_letter(out: &Path, id: &str, dates: &BTreeMap<String, String>) {
    let html = std::fs::read_to_string(out.join("arbiter").join(id).join("arbiter.html")).unwrap();
    let page = scraper::Html::parse_document(&html);
    let sel = scraper::Selector::parse(".letter").unwrap();
    let lines: Vec<String> = page.select(&sel).map(|e| e.text().collect()).collect();
    let files: BTreeSet<&str> = lines
        .iter()
        .map(|l| l.split(',').next().unwrap().split('/').next_back().unwrap())
        .collect();
    assert_eq!(
        files,
        dates.keys().map(String::as_str).collect(),
        "{id}: a letter line per open finding with a letter"
    );
    let shown = |d: &str| {
        if id == "ru" {
            format!("{}.{}.{}", &d[8..], &d[5..7], &d[..4])
        } else {
            d.to_string()
        }
    };
    for (file, date) in dates {
        let line = lines.iter().find(|l| l.starts_with(&format!("{date}/{file}"))).unwrap();
        assert!(line.contains(&shown(date)), "{id}: {line}");
    }
    let a = scraper::Selector::parse(".letter a[href^=\"outbox/\"]").unwrap();
    let linked: BTreeSet<String> = page
        .select(&a)
        .map(|e| e.value().attr("href").unwrap().to_string())
        .collect();
    assert_eq!(
        linked,
        dates
            .iter()
            .map(|(file, date)| format!("outbox/{date}/{file}"))
            .collect(),
        "{id}: every letter is linked where it lies"
    );
}

/// The Message-ID of letter `raw`.
fn message_id(raw: &[u8]) -> String {
    MessageParser::default()
        .parse(raw)
        .unwrap()
        .message_id()
        .unwrap()
        .to_string()
}

/// Decodes a percent-encoded string.
fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn each_mailto_link_holds_the_letters_addressees_subject_and_body() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    folder(&input);
    ok(&report(&input, &out, AS_OF, &[]));
    let mut checked = 0;
    for id in ["en", "en-end", "ru", "ru-end"] {
        let html = std::fs::read_to_string(out.join("arbiter").join(id).join("arbiter.html")).unwrap();
        let page = scraper::Html::parse_document(&html);
        let letters = outbox(&out, id, AS_OF);
        let span = scraper::Selector::parse(".letter").unwrap();
        let a = scraper::Selector::parse("a").unwrap();
        let mut linked = BTreeSet::new();
        for line in page.select(&span) {
            let links: Vec<&str> = line.select(&a).map(|e| e.value().attr("href").unwrap()).collect();
            let [file, mailto] = links[..] else {
                panic!("{id}: {links:?}")
            };
            let m = MessageParser::default()
                .parse(&letters[file.trim_start_matches(&format!("outbox/{AS_OF}/"))])
                .unwrap();
            let (to, query) = mailto.trim_start_matches("mailto:").split_once('?').unwrap();
            let fields: BTreeMap<&str, String> = query
                .split('&')
                .map(|kv| kv.split_once('=').unwrap())
                .map(|(k, v)| (k, decode(v)))
                .collect();
            let emails =
                |a: Option<&Address<'_>>| mailboxes(a).into_iter().map(|(_, e)| e).collect::<Vec<_>>().join(",");
            assert_eq!(decode(to), emails(m.to()), "{id} {file}");
            assert_eq!(
                fields.get("cc").cloned().unwrap_or_default(),
                emails(m.cc()),
                "{id} {file}"
            );
            assert_eq!(fields["subject"], m.subject().unwrap(), "{id} {file}");
            assert_eq!(fields["body"], m.body_text(0).unwrap(), "{id} {file}");
            linked.insert(file.trim_start_matches(&format!("outbox/{AS_OF}/")).to_string());
            checked += 1;
        }
        // Every letter linked, some from more than one finding (a missing
        // PGN's finding shows the letter that asks for the records).
        assert_eq!(linked, letters.keys().cloned().collect(), "{id}");
    }
    assert!(checked >= 2 * (expected(false).len() + expected(true).len()));
}

#[test]
fn a_second_run_on_the_same_day_writes_the_same_letters() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    folder(&input);
    ok(&report(&input, &out, AS_OF, &[]));
    let before = tree(&out.join("arbiter"));
    ok(&report(&input, &out, AS_OF, &["--force"]));
    let after = tree(&out.join("arbiter"));
    for (k, v) in before.iter().filter(|(k, _)| k.contains("/outbox/")) {
        assert_eq!(Some(v), after.get(k), "{k}");
    }
    assert!(before.keys().filter(|k| k.ends_with(".eml")).count() >= 18);
}

/// A four-player cup, "t", with its two games' logs: g1 Adams–Brown and
/// g2 Clark–Dunn.
fn two_games(name: &str, g1: &str, g2: &str) -> crate::common::TournamentTest {
    let mut t = crate::common::TournamentTest::empty();
    let header = "no,side,move,received,sent,flag,note\n";
    t.typed(
        "t",
        name,
        "2026-01-01",
        "",
        &["Adams, Anna", "Brown, Bob", "Clark, Cy", "Dunn, Di"],
    )
    .file(
        "t/pairings.csv",
        "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\ng2,1,\"Clark, Cy\",\"Dunn, Di\"\n",
    )
    .file("t/games/g1.csv", format!("{header}{g1}"))
    .file("t/games/g2.csv", format!("{header}{g2}"));
    t
}

/// The text of letter `name` among `letters`.
fn body(letters: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    let bytes = letters
        .get(name)
        .unwrap_or_else(|| panic!("{name} in {:?}", letters.keys()));
    let m = MessageParser::default().parse(bytes).unwrap();
    m.body_text(0).unwrap().into_owned()
}

/// 51.5.3 and 51.4.3: the silence letter to a player whose time has run out
/// says so and asks only for an explanation of the delay, never for a move
/// by a date after the time ran out; one within its time is asked to move.
#[test]
fn the_silence_letter_to_a_player_over_the_time_asks_no_move() {
    // g1: no move since 6 January, Adams thinking since 8 January: 1 + 66
    // days, over the 60 up to move 10. g2: no move since 20 January, Clark
    // thinking since 22 January: 1 + 52 days, within them.
    let mut t = two_games(
        "Silent Cup",
        "1,white,e4,,2026-01-02,,\n1,black,e5,2026-01-04,2026-01-06,,\n",
        "1,white,d4,,2026-01-02,,\n1,black,d5,2026-01-04,2026-01-20,,\n",
    );
    let run = t.as_of("2026-03-15").run();
    let letters = outbox(run.out(), "t", "2026-03-15");
    let body = |name: &str| body(&letters, name);
    let over = body("silence-g1-white.eml");
    assert!(over.contains("Article 51.4.3"), "{over}");
    assert!(over.contains("please explain the delay to me by"), "{over}");
    assert!(!over.contains("make your move"), "{over}");
    let within = body("silence-g2-white.eml");
    assert!(within.contains("please make your move"), "{within}");
    assert!(!within.contains("51.4.3"), "{within}");
}

/// 51.5.1, 51.4.9: a repeat whose term (14 days and 3 of grace) has passed
/// is asked for at once, with what the delay may cost; one still in its
/// term is asked for by that term.
#[test]
fn a_repeat_past_its_term_is_asked_for_at_once() {
    // g1: Adams's move of 1 February unanswered for 30 days; g2: Clark's of
    // 14 February for 16 days, within the 3 days of grace.
    let mut t = two_games("Repeat Cup", "1,white,e4,,2026-02-01,,\n", "1,white,d4,,2026-02-14,,\n");
    let run = t.as_of("2026-03-03").run();
    let letters = outbox(run.out(), "t", "2026-03-03");
    let body = |name: &str| body(&letters, name);
    let late = body("repeat-due-g1-white.eml");
    assert!(late.contains("at once") && late.contains("(51.4.9)"), "{late}");
    assert!(!late.contains("with a copy to me, by"), "{late}");
    let due = run
        .findings("t")
        .into_iter()
        .find(|f| f["code"] == "repeat-due" && f["game"] == "g1")
        .unwrap();
    assert!(
        late.contains(&format!("The repeat was due by {}", due["due"].as_str().unwrap())),
        "{late}"
    );
    let within = body("repeat-due-g2-white.eml");
    assert!(
        within.contains("with a copy to me, by") && !within.contains("at once"),
        "{within}"
    );
}

/// The letters of one night in `run`'s outbox for tournament `t`: file
/// name → (To addresses, Subject, body).
fn night_letters(out: &Path, date: &str) -> BTreeMap<String, (Vec<String>, String, String)> {
    tree(&out.join("arbiter/t/outbox").join(date))
        .into_iter()
        .filter(|(name, _)| name.ends_with(".eml"))
        .map(|(name, raw)| {
            let m = MessageParser::default().parse(&raw[..]).unwrap();
            let to = match m.to() {
                Some(Address::List(list)) => list.iter().filter_map(|a| a.address()).map(String::from).collect(),
                _ => Vec::new(),
            };
            let subject = m.subject().unwrap_or_default().to_string();
            let body = m.body_text(0).unwrap_or_default().to_string();
            (name, (to, subject, body))
        })
        .collect()
}

// 51.6.5, 51.8.2 (a season of nights): the night the arbiter enters a
// ruling on a claim, both players get a letter stating it and what follows;
// the night a withdrawal is entered, the partner of each unfinished game
// gets one saying what becomes of it, under `forfeit` asking for the
// record. Neither is written again on the next night.
#[test]
fn rulings_and_withdrawals_are_lettered_the_night_they_are_entered() {
    let mut t = crate::common::TournamentTest::empty();
    t.typed(
        "t",
        "Cup",
        "2026-01-15",
        "",
        &["Adams, Anna", "Brown, Bob", "Clark, Carl", "Dunn, Dora"],
    )
    .file(
        "t/pairings.csv",
        "game,round,white,black\ng1,1,\"Adams, Anna\",\"Brown, Bob\"\ng2,1,\"Clark, Carl\",\"Dunn, Dora\"\n",
    )
    .file(
        "t/games/g1.csv",
        "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-16,,\n1,black,e5,2026-01-17,2026-01-18,,\n",
    )
    .file(
        "t/games/g2.csv",
        "no,side,move,received,sent,flag,note\n1,white,d4,,2026-01-16,,\n1,black,d5,2026-01-17,2026-01-18,,\n",
    )
    .file(
        "t/decisions.csv",
        "date,kind,game,player,result,note\n2026-02-20,claim,g1,\"Brown, Bob\",,\n\
         2026-02-25,result,g1,,*,claim rejected\n2026-02-25,withdrawal,,\"Dunn, Dora\",forfeit,\n",
    );
    for night in ["2026-02-24", "2026-02-25", "2026-02-26"] {
        t.as_of(night).run();
    }
    let out = t.root().join("out");
    let before = night_letters(&out, "2026-02-24");
    assert!(
        before
            .keys()
            .all(|k| !k.starts_with("ruling") && !k.starts_with("withdrawal")),
        "{before:?}"
    );
    let night = night_letters(&out, "2026-02-25");
    let (to, subject, body) = night
        .iter()
        .find(|(k, _)| k.starts_with("ruling-g1"))
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("a ruling letter: {:?}", night.keys()));
    assert_eq!(
        to.iter().collect::<BTreeSet<_>>(),
        ["anna@example.org", "bob@example.org"]
            .iter()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>()
            .iter()
            .collect()
    );
    assert!(subject.contains("g1"), "{subject}");
    assert!(
        body.contains("On 2026-02-25 I ruled on Brown, Bob's claim of 2026-02-20 that Adams, Anna overstepped")
            && body.contains("the claim is rejected, and the game goes on from 2026-02-26 (51.6.3)")
            && body.contains("by 2026-03-11"),
        "{body}"
    );
    let (to, _, body) = night
        .iter()
        .find(|(k, _)| k.starts_with("withdrawal-g2"))
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("a withdrawal letter: {:?}", night.keys()));
    assert_eq!(to, &["carl@example.org".to_string()]);
    assert!(
        body.contains("Dunn, Dora withdrew from the tournament on 2026-02-25")
            && body.contains("Please send me the full record of the game"),
        "{body}"
    );
    let after = night_letters(&out, "2026-02-26");
    assert!(
        after
            .keys()
            .all(|k| !k.starts_with("ruling") && !k.starts_with("withdrawal")),
        "written once: {after:?}"
    );
}
