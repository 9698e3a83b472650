//! What is published: no address in any script, whole or cut, anywhere in
//! the public files; and no public accusation from records with an error —
//! such a game shows as "records under review by the arbiter".

use crate::common::*;
use ccbulletin::model::Language;
use scraper::{Html, Selector};
use std::collections::BTreeMap;
use std::path::Path;

const AS_OF: &str = "2026-06-01";

/// Every public file: all of `out/public/` with two trees, else all but the
/// arbiter's files.
fn public_files(out: &Path) -> BTreeMap<String, String> {
    let two = out.join("public");
    let root = if two.is_dir() { two } else { out.to_path_buf() };
    tree(&root)
        .into_iter()
        .filter(|(path, _)| {
            !["arbiter.html", "arbiter.txt", "report.json", "deadlines.ics"]
                .iter()
                .any(|p| path.ends_with(p))
                && !path.starts_with("arbiter/")
        })
        .map(|(p, b)| (p, String::from_utf8(b).unwrap()))
        .collect()
}

/// The first address in the text (`ccbulletin::address`, as in a public
/// file), with the text around it.
fn first_address(text: &str) -> Option<String> {
    let found = ccbulletin::address::find(text, ccbulletin::address::Scope::File);
    let r = found.first()?;
    let from = text.floor_char_boundary(r.start.saturating_sub(20));
    Some(text[from..text.ceil_char_boundary(r.end + 20)].to_string())
}

/// The tournaments `write` makes in English (`en`) and in Russian (`ru`),
/// reported.
fn both_languages(write: fn(&Path, &str, &str)) -> Run {
    let mut test = TournamentTest::empty();
    write(&test.input(), "en", "en");
    write(&test.input(), "ru", "ru");
    test.as_of(AS_OF).run()
}

/// A tournament whose names, rounds and title are full of addresses in
/// several scripts, some long enough to be cut by the text columns.
fn addresses(root: &Path, id: &str, language: &str) {
    let log = "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,mail иван@почта.рф\n1,black,e5,2026-01-16,2026-01-17,,\n";
    write_files(
        &root.join(id),
        &[
            (
                "tournament.toml",
                &format!(
                    "name = \"Кубок petrov@почта.рф\"\nstart = 2026-01-15\narbiter = \"Арбитр p.petrov@gmail.com\"\narbiter_email = \"arb@example.org\"\nlanguage = \"{language}\"\n"
                ),
            ),
            (
                "players.csv",
                "name,email\n\"Petrov-Vodkin, Kuzma k.petrovvodkin@почта.рф\",k@example.org\nиван@почта.рф,iv@example.org\n王@例子.中国,w@example.org\np.petrov@gmail.com,pp@example.org\n",
            ),
            (
                "pairings.csv",
                "game,round,white,black\ng1,1 petrov@почта.рф,\"Petrov-Vodkin, Kuzma k.petrovvodkin@почта.рф\",иван@почта.рф\ng2,1,王@例子.中国,p.petrov@gmail.com\n",
            ),
            ("games/g1.csv", log),
            ("games/g2.csv", log),
        ],
    );
}

#[test]
fn no_address_in_any_script_nor_cut_anywhere_in_public() {
    let run = both_languages(addresses);
    let out = run.out().to_path_buf();
    let files = public_files(&out);
    assert!(files.len() >= 10, "{:?}", files.keys());
    assert!(files.keys().any(|p| p.ends_with("bulletin.txt")));
    for (path, text) in &files {
        if let Some(around) = first_address(text) {
            panic!("{path} holds an address: …{around}…");
        }
        // Nothing left of one either, cut or whole.
        for piece in ["p.pet", "petrovvodkin", "почта", "gmail", "例子", "иван@", "k.petrov"] {
            assert!(!text.contains(piece), "{path} holds `{piece}`");
        }
    }
    // The names are loaded without their addresses (docs/format.md, "Names
    // are names"): the text columns never see one to cut.
    let bulletin = &files[files.keys().find(|p| p.ends_with("bulletin.txt")).unwrap()];
    assert!(bulletin.contains("Petrov-Vodkin, Kuzma "), "{bulletin}");
    assert!(!bulletin.contains("[addr"), "{bulletin}");
    // The arbiter's files keep everything.
    let arbiter = std::fs::read_to_string(arbiter_dir(&out, "en").join("arbiter.txt")).unwrap();
    assert!(arbiter.contains("иван@почта.рф") && arbiter.contains("k.petrovvodkin@почта.рф"));
}

/// A tournament with a log the tool misread (a misspelt header: no move read),
/// long past its clock, beside a game whose log reads well.
fn misread(root: &Path, id: &str, language: &str) {
    write_files(
        &root.join(id),
        &[
            (
                "tournament.toml",
                &format!("name = \"Misread\"\nstart = 2026-01-15\nlanguage = \"{language}\"\n"),
            ),
            (
                "players.csv",
                "name,email\nA,a@example.org\nB,b@example.org\nC,c@example.org\nD,d@example.org\n",
            ),
            ("pairings.csv", "game,round,white,black\ng1,1,A,B\ng2,1,C,D\n"),
            (
                "games/g1.csv",
                "no,side,move,received,sent,flag,note\n1,white,e4,,2026-01-15,,\n1,black,e5,2026-01-16,2026-01-17,,\n",
            ),
            (
                "games/g2.csv",
                "no,side,mvoe,received,sent\n1,white,e4,,2026-01-15\n1,black,e5,2026-01-16,2026-01-17\n",
            ),
        ],
    );
}

#[test]
fn a_misread_log_shows_under_review_in_public_and_charges_nobody() {
    let run = both_languages(misread);
    let out = run.out().to_path_buf();
    let sel = |s: &str| Selector::parse(s).unwrap();
    for (id, lang) in [("en", Language::En), ("ru", Language::Ru)] {
        let t = ccbulletin::render::labels::labels(lang);
        let (review, overstep, left) = (t.under_review, t.overstep, t.word("left").to_lowercase());
        let public = public_dir(&out, id);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(arbiter_dir(&out, id).join("report.json")).unwrap()).unwrap();
        let g2 = &report["games"][1];
        assert_eq!(g2["id"], "g2");
        assert_eq!(moves_played(g2), 0, "the log was misread");
        let codes = each_str(&g2["findings"], "code");
        // A log that could not be read charges nobody, in no file.
        assert!(
            codes.contains(&"bad-input") && !codes.contains(&"overstep"),
            "{codes:?}"
        );

        let index = Html::parse_document(&std::fs::read_to_string(public.join("index.html")).unwrap());
        let row = |g: &str| index.select(&sel(&format!("tr#game-{g}"))).next().unwrap();
        let (r1, r2) = (row("g1"), row("g2"));
        let t2: String = r2.text().collect();
        assert!(t2.contains(review) && !t2.contains(overstep), "{id}: {t2}");
        assert!(
            r2.select(&sel(".flag, .clock, .bar")).next().is_none(),
            "{id}: no mark, no days left"
        );
        // The game read well is still marked: the test tells the two apart.
        let t1: String = r1.text().collect();
        assert!(
            t1.contains(overstep) && r1.select(&sel(".clock")).count() == 2,
            "{id}: {t1}"
        );

        let bulletin = std::fs::read_to_string(public.join("bulletin.txt")).unwrap();
        let block = bulletin.split("\ng2 ").nth(1).unwrap().split("\n\n").next().unwrap();
        assert!(
            block.contains(review) && !block.contains(overstep) && !block.contains("!!"),
            "{id}: {block}"
        );
        assert!(!block.contains(&left), "{id}: no days left: {block}");

        let page = Html::parse_document(&std::fs::read_to_string(public.join("games/g2.html")).unwrap());
        let page_text: String = page.root_element().text().collect();
        assert!(page_text.contains(review) && !page_text.contains(overstep));
        assert!(page.select(&sel("table.clocks, .flag")).next().is_none());

        // The arbiter is told what could not be read, the column meant
        // named, and no overstep of the misread game.
        let arbiter = std::fs::read_to_string(arbiter_dir(&out, id).join("arbiter.txt")).unwrap();
        assert!(
            !arbiter.lines().any(|l| l.contains("[overstep]") && l.contains(" g2 ")),
            "{arbiter}"
        );
        assert!(arbiter.contains("mvoe") && arbiter.contains("move"), "{arbiter}");
    }
}

#[test]
/// A game under review shows its moves but no days: no thinking, charged
/// or running totals in its rows, nor what a charge leaves out or adds
/// (docs/arbiter.md: "no used or left days"); its table stays whole, a
/// cell a column. A game read well beside it shows them.
fn a_game_under_review_shows_no_days_in_its_moves() {
    let rows = "no,side,move,received,sent,flag,note\n1,white,e4,,2026-09-01,,\n\
                1,black,e5,2026-09-02,2026-09-10,,\n2,white,Nf3,2026-09-11,2026-10-13,,\n\
                2,black,Nc6,2026-10-14,2026-10-20,,\n";
    let mut test = TournamentTest::empty();
    test.typed(
        "t",
        "Кубок",
        "2026-09-01",
        "language = \"ru\"\n",
        &["Адамов, Антон", "Борисов, Борис", "Волков, Вадим", "Глебов, Глеб"],
    )
    .file(
        "t/pairings.csv",
        "game,round,white,black\ng1,1,\"Адамов, Антон\",\"Борисов, Борис\"\ng2,1,\"Волков, Вадим\",\"Глебов, Глеб\"\n",
    )
    .file("t/games/g1.csv", rows.replace("2026-10-20", "2026-1O-20"))
    .file("t/games/g2.csv", rows)
    .as_of("2026-11-01");
    let run = test.run();
    let json = run.json("t");
    assert_eq!(game_json(&json, "g1")["facts"]["status"], "under-review");
    assert_eq!(game_json(&json, "g2")["facts"]["status"], "in-play");
    let t = ccbulletin::render::labels::labels(Language::Ru);
    let sel = |s: &str| Selector::parse(s).unwrap();
    let page = |g: &str| {
        Html::parse_document(
            &std::fs::read_to_string(public_dir(run.out(), "t").join(format!("games/{g}.html"))).unwrap(),
        )
    };
    // (header cells, each row's cells, each row's figures, the rows' text)
    let table = |g: &str| {
        let page = page(g);
        let heads: Vec<String> = page
            .select(&sel("table.log thead th"))
            .map(|th| th.text().collect())
            .collect();
        let rows: Vec<_> = page.select(&sel("table.log tr.row")).collect();
        let cells: Vec<usize> = rows.iter().map(|r| r.select(&sel("td")).count()).collect();
        let figures: Vec<usize> = rows.iter().map(|r| r.select(&sel("td.num")).count()).collect();
        let text: String = rows.iter().flat_map(|r| r.text()).collect();
        (heads, cells, figures, text)
    };

    let (heads, cells, figures, text) = table("g1");
    assert_eq!(cells.len(), 3, "the rows read are shown: {text}");
    assert!(cells.iter().all(|&n| n == heads.len()), "{heads:?} {cells:?}");
    assert!(
        !heads
            .iter()
            .any(|h| h.contains(t.word("thinking")) || h.contains(t.word("charged")) || h.contains(t.word("total"))),
        "{heads:?}"
    );
    // The move's number is the only figure of a row: 32 days thought over
    // 2.Nf3, and so 32 used, are not shown.
    assert!(figures.iter().all(|&n| n == 1), "{figures:?}");
    assert!(!text.contains("32") && !text.contains(t.word("pending")), "{text}");

    let (heads, cells, figures, text) = table("g2");
    assert!(cells.iter().all(|&n| n == heads.len()), "{heads:?} {cells:?}");
    assert!(
        heads.iter().any(|h| h.contains(t.word("thinking"))) && figures.iter().all(|&n| n == 5),
        "{figures:?}"
    );
    assert!(text.contains("32"), "{text}");
}
