//! No address reaches a public file in any of the forms written to dodge a
//! filter (docs/output.md, "Addresses"): each form carried by a player's
//! name through the whole run, every public file and file name checked.

use crate::common::*;
use std::collections::BTreeMap;

/// Each form, with a local part and a domain that appear nowhere else.
const FORMS: &[&str] = &[
    "qzloc01.petrov@qzdom01",
    "qzloc02 [at] qzdom02.ru",
    "qzloc03 (at) qzdom03 ru",
    "qzloc04%40qzdom04.com",
    "qzloc05&#64;qzdom05.ru",
    "qzloc06&#x40;qzdom06.ru",
    "qzloc07\n@qzdom07.ru",
    "qzloc08 @ qzdom08.ru",
    "\"qzloc09 doe\"@qzdom09.com",
    "qzloc10@qzdom10",
    "qzloc11@[192.168.0.11]",
    "щзлок12@почтаqzdom12.рф",
    "qzloc13@\nqzdom13.ru",
];

#[test]
fn every_written_form_of_an_address_is_hidden_in_every_public_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("in/t");
    write(
        &t.join("tournament.toml"),
        "name = \"Cup\"\nstart = 2026-01-15\narbiter = \"Arb\"\narbiter_email = \"arb@example.org\"\n",
    );
    let names: Vec<String> = FORMS
        .iter()
        .enumerate()
        .map(|(k, f)| format!("Player {k} {f}"))
        .collect();
    let quoted = |n: &str| format!("\"{}\"", n.replace('"', "\"\""));
    let mut players = String::from("name,email\n");
    for (k, n) in names.iter().enumerate() {
        players.push_str(&format!("{},p{k}@example.org\n", quoted(n)));
    }
    players.push_str("\"Player last\",last@example.org\n");
    write(&t.join("players.csv"), players);
    let mut pairings = String::from("game,round,white,black\n");
    for (k, n) in names.iter().enumerate() {
        pairings.push_str(&format!("g{k},1,{},\"Player last\"\n", quoted(n)));
    }
    write(&t.join("pairings.csv"), pairings);
    write(
        &t.join("games/g0.csv"),
        "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-17,,\n",
    );
    let out = dir.path().join("out");
    let r = report(&dir.path().join("in"), &out, "2026-02-01", &[]);
    assert!(
        r.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let files = tree(&out.join("public"));
    assert!(files.len() > 20, "{:?}", files.keys());
    for (path, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        for bit in [
            "qzloc",
            "qzdom",
            "щзлок",
            "почтаqzdom",
            "192.168.0.11",
            "shchzlok",
            "pochtaqzdom",
        ] {
            assert!(!path.contains(bit), "{path}: its name holds {bit}");
            assert!(!text.contains(bit), "{path} holds {bit}");
        }
        assert!(!has_email(&text), "{path} holds an address");
    }
    // The players are there, their names without the address: cut at
    // load, not hidden by the public filter.
    let bulletin = String::from_utf8_lossy(&files["t/index.html"]);
    for k in 0..FORMS.len() {
        assert!(bulletin.contains(&format!("Player {k}<")), "Player {k}");
    }
    assert!(!bulletin.contains("[address hidden]"));
    // The arbiter's files keep every address as written.
    let arbiter = String::from_utf8_lossy(&std::fs::read(out.join("arbiter/t/report.json")).unwrap()).into_owned();
    assert!(arbiter.contains("qzloc01.petrov@qzdom01"));
}

/// SPEC 9.1 v4: an email cell that is not one address (a second address,
/// `<>`, `,`, `?`, a space, letters outside ASCII) is a bad-input finding, and no letter or
/// mailto: link goes to it; a letter never goes out without a valid From.
#[test]
fn an_email_cell_that_is_not_one_address_gets_no_letter_and_no_link() {
    for (cell, arbiter) in [
        ("\"a@e.org>, <evil@x.y\"", "arbiter@example.org"),
        ("\"x, y\"", "arbiter@example.org"),
        ("b@e.org?bcc=evil@x.y", "arbiter@example.org"),
        ("notanemail", "arbiter@example.org"),
        ("иван@почта.рф", "arbiter@example.org"),
        ("ok@example.org", "a@example.org, b@example.org"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (input, out) = (dir.path().join("in"), dir.path().join("out"));
        copy_sample(&input);
        let t = input.join("ec2026-sf3");
        let players = std::fs::read_to_string(t.join("players.csv")).unwrap();
        let mut lines: Vec<String> = players.lines().map(String::from).collect();
        // Every player's cell replaced, so that every letter is concerned.
        for line in lines.iter_mut().skip(1) {
            let name = line.rsplit_once(',').unwrap().0.to_string();
            *line = format!("{name},{cell}");
        }
        write(&t.join("players.csv"), lines.join("\n") + "\n");
        // The sample's `email` decision gives one player a valid address
        // from its date (51.1.2): without it, no player has one.
        let decisions = std::fs::read_to_string(t.join("decisions.csv")).unwrap();
        let kept: Vec<&str> = decisions.lines().filter(|l| !l.contains(",email,")).collect();
        write(&t.join("decisions.csv"), kept.join("\n") + "\n");
        let toml = std::fs::read_to_string(t.join("tournament.toml")).unwrap();
        write(
            &t.join("tournament.toml"),
            toml.replace(
                "arbiter_email = \"arbiter@example.org\"",
                &format!("arbiter_email = \"{arbiter}\""),
            ),
        );
        let inputs = tree(&input);
        let r = report(&input, &out, "2026-12-02", &[]);
        assert_eq!(r.status.code(), Some(1));
        assert_eq!(tree(&input), inputs);
        let arbiter = std::fs::read_to_string(out.join("arbiter/ec2026-sf3/arbiter.txt")).unwrap();
        assert!(arbiter.contains("is not one address"), "{cell} / {arbiter}: not told");
        for (rel, bytes) in tree(&out.join("arbiter/ec2026-sf3")) {
            let text = String::from_utf8_lossy(&bytes);
            // The finding quotes the cell to the arbiter; no link goes to it.
            for part in text.split("mailto:").skip(1) {
                let target: String = part.chars().take_while(|c| !"\"'> ".contains(*c)).collect();
                assert!(
                    has_email(&target) && !target.contains("evil") && !target.contains("notanemail"),
                    "{rel}: mailto:{target}"
                );
            }
            // Every cell or the From is not one address: no letter at all.
            assert!(!rel.ends_with(".eml"), "{rel}: a letter for {cell} from {arbiter}");
        }
        // The bulletin is made all the same.
        assert!(out.join("public/ec2026-sf3/index.html").is_file());
    }
}

/// SPEC 9.1 v4: an address with invisible characters beside its at sign,
/// typed in a public value (here the tournament's name), is not published.
#[test]
fn an_address_split_by_invisible_characters_is_never_published() {
    for split in ["\u{200b}@", "@\u{200b}", "\u{2060}@\u{feff}", "\u{ad}@"] {
        let dir = tempfile::tempdir().unwrap();
        let (input, out) = (dir.path().join("in"), dir.path().join("out"));
        copy_sample(&input);
        let toml = input.join("ec2026-sf3/tournament.toml");
        let text = std::fs::read_to_string(&toml).unwrap();
        let name_line = text.lines().find(|l| l.starts_with("name")).unwrap().to_string();
        write(
            &toml,
            text.replace(&name_line, &format!("name = \"Cup ivan.petrov{split}mail.ru\"")),
        );
        report(&input, &out, "2026-12-02", &[]);
        let public = tree(&out.join("public"));
        assert!(public.len() > 20);
        for (rel, bytes) in public {
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                !text.contains("mail.ru") && !text.contains("ivan.petrov"),
                "{split:?}: {rel}"
            );
        }
    }
}

/// docs/format.md: a name is a name. One that holds an address, or what
/// reads as one, is a finding at load naming the file and line, for the
/// arbiter to move the address to the email column.
#[test]
fn a_name_that_reads_as_an_address_is_a_finding_at_load() {
    let run = TournamentTest::sample()
        .edit("ec2026-sf3/players.csv", |mut text| {
            text.push_str("\"Smith, John john at mail dot ru\",john@example.org\n");
            text.push_str("\"Ivanov ivan.petrov@\",\n");
            text
        })
        .run();
    let mut lines: Vec<usize> = run
        .findings("ec2026-sf3")
        .iter()
        .filter(|f| f["facts"]["kind"] == "name-holds-address")
        .inspect(|f| assert_eq!(f["file"], "ec2026-sf3/players.csv", "{f}"))
        .map(|f| f["line"].as_u64().unwrap() as usize)
        .collect();
    lines.sort();
    // The two rows added after the sample's (the header is line 1).
    let rows = std::fs::read_to_string(sample().join("ec2026-sf3/players.csv"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(lines, vec![rows + 1, rows + 2]);
    run.check_file("arbiter/ec2026-sf3/arbiter.txt", |text| {
        assert!(text.contains("holds an email address or what reads as one"), "{text}");
    });
}

/// Each form of an address in a name: the name as written, the name kept,
/// the address's parts.
type NameForm = (&'static str, &'static str, &'static [&'static str]);

/// The names, each holding an address in one form.
const NAME_FORMS: &[NameForm] = &[
    ("Kozlov (kzloc at kzdom dot com)", "Kozlov", &["kzloc", "kzdom"]),
    ("Petrov, pvloc.petrov@", "Petrov", &["pvloc"]),
    ("Olga S. olgaloc.s@", "Olga S.", &["olgaloc"]),
    ("Ent entloc&commat;entdom.com", "Ent", &["entloc", "entdom", "&commat;"]),
    ("Lee leeloc%40leedom.org", "Lee", &["leeloc", "leedom", "%40"]),
    ("Zed zedloc\u{200B}@\u{2060}zeddom.org", "Zed", &["zedloc", "zeddom"]),
    ("Smirnov smloc [at] smdom.ru", "Smirnov", &["smloc", "smdom", "[at]"]),
    (
        "Иванов (ивлок собака ивдом точка ru)",
        "Иванов",
        &["ивлок", "ивдом", "собака"],
    ),
    ("soleloc@soledom.org", "Player 10", &["soleloc", "soledom"]),
];

/// SPEC 9.1 v4 (docs/format.md, "Names are names"): a name, the
/// tournament's name, the arbiter's, a round, a move or a PGN tag that holds an
/// address, whole, cut or spelt to look like one, is loaded without it:
/// a bad-input finding names the file and line, and no public file holds
/// the address in any form; the name around it is kept, and a name that
/// was nothing but an address is shown as "Player N" (its line).
#[test]
fn a_text_that_holds_an_address_is_loaded_without_it() {
    let run = names_holding_addresses(NAME_FORMS).run();
    assert_eq!(run.code(), Some(1), "{}", run.stderr());
    let public = tree(&run.out().join("public"));
    assert!(
        public.len() > 20,
        "{:?} {}",
        public.keys(),
        run.read("arbiter/t/arbiter.txt")
    );
    no_part_of_an_address_in(&public, NAME_FORMS);
    // The names kept, read in the bulletin's HTML.
    let bulletin = scraper::Html::parse_document(&String::from_utf8_lossy(&public["t/index.html"]));
    let shown: String = bulletin.root_element().text().collect();
    for (_, kept, _) in NAME_FORMS {
        assert!(shown.contains(kept), "{kept} not shown");
    }
    assert!(shown.contains("Cup") && shown.contains("Sidorov"));
    the_arbiter_is_told_each_with_its_line(&run);
    run.check_file("arbiter/t/arbiter.txt", |text| {
        assert!(text.contains("t/players.csv:10"), "{text}");
        assert!(text.contains("the report shows it as `Player 10`"), "{text}");
        assert!(text.contains("t/tournament.toml:3"), "{text}");
    });
}

/// A tournament whose players are named by `forms`, each playing `Last`
/// in a round whose name holds an address, as do the tournament's name,
/// the arbiter's, a move and a PGN tag.
fn names_holding_addresses(forms: &[NameForm]) -> TournamentTest {
    let quoted = |n: &str| format!("\"{}\"", n.replace('"', "\"\""));
    let mut players = String::from("name,email\n");
    for (k, (name, _, _)) in forms.iter().enumerate() {
        players.push_str(&format!("{},p{k}@example.org\n", quoted(name)));
    }
    players.push_str("Last,last@example.org\n");
    let mut pairings = String::from("game,round,white,black\n");
    for (k, (name, _, _)) in forms.iter().enumerate() {
        pairings.push_str(&format!("g{k},r{k} rndloc@rnddom.org,{},Last\n", quoted(name)));
    }
    let mut t = TournamentTest::empty();
    t.file(
        "t/tournament.toml",
        "name = \"Cup (cuploc at cupdom dot org)\"\nstart = 2026-01-15\n\
         arbiter = \"Sidorov arbloc%40arbdom.org\"\narbiter_email = \"arb@example.org\"\n",
    )
    .file("t/players.csv", players)
    .file("t/pairings.csv", pairings)
    .file(
        "t/games/g0.csv",
        "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n\
         1,black,e5 mvloc at mvdom dot org,2026-01-16,2026-01-17,,\n",
    )
    .file(
        "t/games/g0.pgn",
        "[Event \"Cup evloc@evdom.org\"]\n[White \"Kozlov (kzloc at kzdom dot com)\"]\n[Black \"Last\"]\n\
         [Result \"*\"]\n\n1. e4 e5 *\n",
    )
    .as_of("2026-02-01");
    t
}

/// No public file, by its name or its text, holds a part of the addresses
/// of `forms` or of [`names_holding_addresses`]'s other texts, nor an
/// address, nor the filter's mark (the load, not the filter, hides them).
fn no_part_of_an_address_in(public: &BTreeMap<String, Vec<u8>>, forms: &[NameForm]) {
    let mut bits: Vec<&str> = forms.iter().flat_map(|f| f.2.iter().copied()).collect();
    bits.extend([
        "rndloc", "rnddom", "cuploc", "cupdom", "arbloc", "arbdom", "evloc", "mvloc", " dot ",
    ]);
    for (path, bytes) in public {
        let text = String::from_utf8_lossy(bytes);
        for bit in &bits {
            assert!(!path.contains(bit), "{path}: its name holds {bit}");
            assert!(!text.contains(bit), "{path} holds {bit}");
        }
        assert!(!has_email(&text), "{path} holds an address");
        assert!(
            !text.contains("[address hidden]"),
            "{path}: the filter, not the load, hid it"
        );
    }
}

/// The arbiter is told of each text of [`names_holding_addresses`] that
/// held an address, with its file and line.
fn the_arbiter_is_told_each_with_its_line(run: &Run) {
    let mut at: Vec<(String, Option<u64>)> = run
        .findings("t")
        .iter()
        .filter(|f| f["facts"]["kind"] == "name-holds-address")
        .map(|f| (f["file"].as_str().unwrap().to_string(), f["line"].as_u64()))
        .collect();
    at.sort();
    let mut want: Vec<(String, Option<u64>)> = (2..=10)
        .map(|l| ("t/players.csv".to_string(), Some(l)))
        .chain((2..=10).map(|l| ("t/pairings.csv".to_string(), Some(l))))
        .chain([
            ("t/tournament.toml".to_string(), Some(1)),
            ("t/tournament.toml".to_string(), Some(3)),
        ])
        .chain([
            ("t/games/g0.pgn".to_string(), Some(1)),
            ("t/games/g0.pgn".to_string(), Some(2)),
            ("t/games/g0.csv".to_string(), Some(3)),
        ])
        .collect();
    want.sort();
    assert_eq!(at, want);
}

/// Every letter of a run, parsed: its file and its To and From addresses.
fn letters(run: &Run) -> Vec<(String, Vec<String>, Vec<String>)> {
    let list = |a: Option<&mail_parser::Address<'_>>| -> Vec<String> {
        a.map(|a| a.iter().filter_map(|m| m.address().map(String::from)).collect())
            .unwrap_or_default()
    };
    tree(&run.out().join("arbiter"))
        .into_iter()
        .filter(|(rel, _)| rel.ends_with(".eml"))
        .map(|(rel, bytes)| {
            let m = mail_parser::MessageParser::default().parse(&bytes).unwrap();
            (rel, list(m.to()), list(m.from()))
        })
        .collect()
}

/// SPEC 9.1 v4 (docs/format.md, players.csv): an empty email cell is one
/// warning for the player, at its line, however many letters would have
/// gone to them; no letter goes out without a valid To and From.
#[test]
fn an_empty_email_cell_is_one_finding_and_no_letter_to_it() {
    let run = TournamentTest::sample()
        .edit("ec2026-sf3/players.csv", |t| {
            t.replace("\"Volkova, Elena\",volkova.elena@example.net", "\"Volkova, Elena\",")
        })
        .run();
    let missing: Vec<_> = run
        .findings("ec2026-sf3")
        .into_iter()
        .filter(|f| f["facts"]["kind"] == "email-missing")
        .collect();
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(missing[0]["facts"]["player"], "Volkova, Elena");
    assert_eq!(
        (missing[0]["file"].as_str(), missing[0]["line"].as_u64()),
        (Some("ec2026-sf3/players.csv"), Some(8))
    );
    run.check_file("arbiter/ec2026-sf3/arbiter.txt", |text| {
        assert_eq!(
            text.matches("`Volkova, Elena` has no email address").count(),
            1,
            "{text}"
        );
        assert!(text.contains("ec2026-sf3/players.csv:8"), "{text}");
    });
    let letters = letters(&run);
    assert!(letters.len() >= 5, "{letters:?}");
    for (rel, to, from) in &letters {
        assert!(!to.is_empty() && to.iter().all(|a| a.contains('@')), "{rel}: To {to:?}");
        assert!(
            from.len() == 1 && from[0].contains("arbiter@example."),
            "{rel}: From {from:?}"
        );
        assert!(!to.iter().any(|a| a.contains("volkova")), "{rel}");
    }
    // A player whom an `email` decision gives an address is not missing one.
    let run = TournamentTest::sample()
        .edit("ec2026-sf3/players.csv", |t| {
            t.replace("\"Orlov, Dmitri\",d.orlov@example.net", "\"Orlov, Dmitri\",")
        })
        .run();
    assert!(
        !run.findings("ec2026-sf3")
            .iter()
            .any(|f| f["facts"]["kind"] == "email-missing")
    );
}

/// SPEC 9.1 v4: a tournament.toml without `arbiter_email` (or with an empty
/// one) is one warning at its file (and line), and no letter is written;
/// the bulletin is made all the same.
#[test]
fn no_arbiter_email_is_one_finding_and_no_letter() {
    for (toml_line, line) in [("", None), ("arbiter_email = \"\"", Some(5))] {
        let run = TournamentTest::sample()
            .edit("ec2026-sf3/tournament.toml", |t| {
                t.replace("arbiter_email = \"arbiter@example.org\"", toml_line)
            })
            .run();
        let missing: Vec<_> = run
            .findings("ec2026-sf3")
            .into_iter()
            .filter(|f| f["facts"]["kind"] == "arbiter-email-missing")
            .collect();
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert_eq!(missing[0]["file"], "ec2026-sf3/tournament.toml");
        assert_eq!(missing[0]["line"].as_u64(), line);
        let letters: Vec<_> = letters(&run)
            .into_iter()
            .filter(|(rel, _, _)| rel.starts_with("ec2026-sf3/"))
            .collect();
        assert!(letters.is_empty(), "{letters:?}");
        run.check_file("arbiter/ec2026-sf3/arbiter.txt", |text| {
            assert_eq!(text.matches("names no `arbiter_email`").count(), 1, "{text}");
        });
        assert!(run.out().join("public/ec2026-sf3/index.html").is_file());
        // The other tournament still has its letters.
        assert!(
            tree(&run.out().join("arbiter/cup2025-ru"))
                .keys()
                .any(|k| k.ends_with(".eml"))
        );
    }
}

/// Three players without an email are one entry of the arbiter's list
/// listing them, each line its message with the file and line, never a
/// line that opens with an empty label (`- : …`).
#[test]
fn three_empty_email_cells_are_one_entry_each_line_readable() {
    let run = TournamentTest::sample()
        .edit("ec2026-sf3/players.csv", |t| {
            t.replace("\"Volkova, Elena\",volkova.elena@example.net", "\"Volkova, Elena\",")
                .replace("\"Belov, Sergei\",belov.s@example.com", "\"Belov, Sergei\",")
                .replace("\"Zaitsev, Nikolai\",zaitsev.n@example.com", "\"Zaitsev, Nikolai\",")
        })
        .run();
    let missing = run
        .findings("ec2026-sf3")
        .into_iter()
        .filter(|f| f["facts"]["kind"] == "email-missing")
        .count();
    assert_eq!(missing, 3);
    run.check_file("arbiter/ec2026-sf3/arbiter.txt", |text| {
        assert!(!text.lines().any(|l| l.trim_start().starts_with("- :")), "{text}");
        assert_eq!(text.matches("has no email address").count(), 3, "{text}");
    });
}
