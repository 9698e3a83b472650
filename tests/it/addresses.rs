//! No address reaches a public file in any of the forms written to dodge a
//! filter (docs/output.md, "Addresses"): each form carried by a player's
//! name through the whole run, every public file and file name checked.

use crate::common::*;

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
    // The players are there, their names but the address shown.
    let bulletin = String::from_utf8_lossy(&files["t/index.html"]);
    for k in 0..FORMS.len() {
        assert!(bulletin.contains(&format!("Player {k} ")), "Player {k}");
    }
    assert!(bulletin.contains("[address hidden]"));
    // The arbiter's files keep every address as written.
    let arbiter = String::from_utf8_lossy(&std::fs::read(out.join("arbiter/t/report.json")).unwrap()).into_owned();
    assert!(arbiter.contains("qzloc01.petrov@qzdom01"));
}
