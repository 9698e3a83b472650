//! The binary on the sample in tournaments/: every file of docs/output.md's "What appears in out/", a
//! report.json that names every paired game, HTML that parses, and no email
//! address in any public file.

use crate::common::*;
use scraper::{Html, Selector};
use std::path::Path;

const AS_OF: &str = "2026-12-02";

fn run_sample(out: &Path) -> std::process::Output {
    report(&sample(), out, AS_OF, &[])
}

fn sample_ids() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments");
    let mut ids: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().join("tournament.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    ids
}

fn paired_games(id: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tournaments")
        .join(id)
        .join("pairings.csv");
    let mut r = csv::Reader::from_path(path).unwrap();
    r.records().map(|rec| rec.unwrap()[0].to_string()).collect()
}

#[test]
fn sample_report_is_complete() {
    let dir = tempfile::tempdir().unwrap();
    let run = run_sample(dir.path());
    // The sample holds errors on purpose (an overstep, an illegal move…).
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(dir.path().join("public/index.html").is_file());
    assert!(dir.path().join("arbiter/index.html").is_file());
    let ids = sample_ids();
    assert!(ids.len() >= 2);
    for id in &ids {
        let (t, a) = (dir.path().join("public").join(id), dir.path().join("arbiter").join(id));
        for f in ["index.html", "bulletin.txt", &format!("{id}.pgn")] {
            assert!(t.join(f).is_file(), "public/{id}/{f} missing");
        }
        for f in ["arbiter.html", "arbiter.txt", "report.json"] {
            assert!(a.join(f).is_file(), "arbiter/{id}/{f} missing");
            assert!(!t.join(f).exists(), "public/{id}/{f} must not be there");
        }
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(a.join("report.json")).unwrap()).unwrap();
        assert_eq!(json["as_of"], AS_OF);
        let games = each_str(&json["games"], "id");
        let paired = paired_games(id);
        assert_eq!(games.len(), paired.len());
        for g in &paired {
            assert!(games.contains(&g.as_str()), "{id}: game {g} not in report.json");
            assert!(
                t.join("games").join(format!("{g}.html")).is_file(),
                "{id}: games/{g}.html missing"
            );
        }
        for g in json["games"].as_array().unwrap() {
            for side in ["white", "black"] {
                for k in ["used", "penalty", "running", "next_control", "allowance", "left"] {
                    assert!(g["clock"][side][k].is_i64(), "{id} {}: clock.{side}.{k}", g["id"]);
                }
            }
            assert!(g["result"].is_string());
            if g["result"] != "*" {
                assert!(g["to_move"].is_null());
            } else {
                assert!(g["to_move"] == "white" || g["to_move"] == "black");
            }
        }
        for s in json["standings"].as_array().unwrap() {
            assert!(s["player"].is_string() && s["points"].is_number() && s["sb"].is_number() && s["wins"].is_number());
        }
    }
}

#[test]
fn no_email_in_public_files() {
    let dir = tempfile::tempdir().unwrap();
    run_sample(dir.path());
    let files = tree(dir.path());
    let mut checked = 0;
    let mut private_with_email = 0;
    for (path, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        let private = path.starts_with("arbiter/");
        if private {
            private_with_email += usize::from(has_email(&text));
        } else {
            assert!(!has_email(&text), "{path} holds an email address");
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} public files");
    // The arbiter's report does carry the players' addresses.
    assert!(private_with_email >= 2);
}

#[test]
fn html_has_the_bulletin_structure() {
    let dir = tempfile::tempdir().unwrap();
    run_sample(dir.path());
    for id in sample_ids() {
        let html = Html::parse_document(
            &std::fs::read_to_string(dir.path().join("public").join(&id).join("index.html")).unwrap(),
        );
        let sel = |s: &str| Selector::parse(s).unwrap();
        let players = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tournaments")
                .join(&id)
                .join("players.csv"),
        )
        .unwrap()
        .lines()
        .count()
            - 1;
        assert_eq!(
            html.select(&sel("table.standings tbody tr")).count(),
            players,
            "{id}: standings rows"
        );
        let cross_rows: Vec<_> = html.select(&sel("table.cross tbody tr")).collect();
        assert_eq!(cross_rows.len(), players);
        for row in cross_rows {
            // The number and name (held in place when the box scrolls), one
            // cell per player, the points; the name links to the player's page.
            assert_eq!(row.select(&sel("th.name")).count(), 1, "{id}: crosstable name");
            assert_eq!(row.select(&sel("td")).count(), players + 1, "{id}: crosstable cells");
            let link = row
                .select(&sel("th.name a"))
                .next()
                .unwrap()
                .value()
                .attr("href")
                .unwrap();
            assert!(dir.path().join("public").join(&id).join(link).is_file(), "{id}: {link}");
        }
        assert_eq!(
            html.select(&sel("table.games tbody tr.game")).count(),
            paired_games(&id).len(),
            "{id}: one row per game"
        );
        assert!(html.select(&sel("script")).next().is_none(), "no JavaScript");
        // One stylesheet, the tree's own, by a relative path.
        let links: Vec<&str> = html
            .select(&sel("link[rel=stylesheet]"))
            .map(|l| l.value().attr("href").unwrap())
            .collect();
        assert_eq!(links, ["../style.css"], "{id}");
        assert!(dir.path().join("public/style.css").is_file());
        let arbiter = Html::parse_document(
            &std::fs::read_to_string(dir.path().join("arbiter").join(&id).join("arbiter.html")).unwrap(),
        );
        assert!(arbiter.select(&sel("table.findings tr.finding")).count() > 0);
        assert!(arbiter.select(&sel("a[href^='mailto:']")).count() > 0);
    }
}

#[test]
fn text_bulletin_fits_an_email() {
    let dir = tempfile::tempdir().unwrap();
    run_sample(dir.path());
    for id in sample_ids() {
        let text = std::fs::read_to_string(dir.path().join("public").join(&id).join("bulletin.txt")).unwrap();
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{id}: a line of {} characters: {line}",
                line.chars().count()
            );
        }
    }
}
