//! A Russian tournament's files are Russian throughout: every label, the
//! crosstable's legend and colour marks, flags, severities, finding codes
//! (as words, the code kept beside them for search) and the tournaments
//! index come from the Russian column of the label table.

use crate::common::*;

use ccbulletin::finding::{Code, Severity};
use ccbulletin::model::{Flag, Language};
use ccbulletin::render::labels::{code_word, flag_word, labels, severity_word};

/// The Russian cup alone, reported as of a day it is still on.
fn russian_only() -> (tempfile::TempDir, std::collections::BTreeMap<String, Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("tournaments");
    let src = sample().join("cup2025-ru");
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&src).unwrap();
            write(
                &input.join("cup2025-ru").join(rel),
                std::fs::read(entry.path()).unwrap(),
            );
        }
    }
    let out = dir.path().join("out");
    report(&input, &out, "2025-11-20", &[]);
    let files = tree(&out);
    (dir, files)
}

/// The text a reader sees: an HTML page's text nodes (not its style, not
/// its PGN record, whose tags are the PGN standard's), or a text file.
fn visible(path: &str, bytes: &[u8]) -> String {
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    if !path.ends_with(".html") {
        return text;
    }
    let doc = scraper::Html::parse_document(&text);
    let mut out = String::new();
    for node in doc.root_element().descendants() {
        if let Some(t) = node.value().as_text() {
            let parent = node.parent().and_then(|p| p.value().as_element().map(|e| e.name()));
            if matches!(parent, Some("style")) || t.trim_start().starts_with("[Event ") {
                continue;
            }
            out.push_str(t);
            out.push('\n');
        }
    }
    out
}

/// Whether `word` stands in `text` as a whole word (not inside another).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Every English label (that is not also the Russian one), and every
/// English code, severity and flag word, of three letters or more.
fn english_words() -> Vec<&'static str> {
    let as_map = |lang| match serde_json::to_value(labels(lang)).unwrap() {
        serde_json::Value::Object(m) => m,
        _ => unreachable!("labels serialise as a map"),
    };
    let (en, ru) = (as_map(Language::En), as_map(Language::Ru));
    let mut words: Vec<&str> = en
        .iter()
        .filter(|(k, v)| ru[k.as_str()] != **v)
        .map(|(_, v)| &*Box::leak(v.as_str().unwrap_or_default().to_string().into_boxed_str()))
        .collect();
    words.extend(Code::ALL.iter().map(|&c| code_word(c, Language::En)));
    words.extend([Severity::Error, Severity::Warning, Severity::Info].map(|s| severity_word(s, Language::En)));
    words.extend(Flag::ALL.iter().map(|&f| flag_word(f, Language::En)));
    // Words that are also finding codes stand, by design, in brackets beside
    // their Russian words ("мало времени [low-time]"): look for them outside.
    words.retain(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 3);
    words.sort();
    words.dedup();
    words
}

#[test]
fn a_russian_tournament_has_no_english_label_in_any_file() {
    let (_dir, files) = russian_only();
    let words = english_words();
    assert!(words.contains(&"Crosstable") && words.contains(&"low time") && words.contains(&"impossible"));
    let mut checked = 0;
    for (path, bytes) in &files {
        if !(path.ends_with(".html") || path.ends_with(".txt") || path.ends_with(".ics")) {
            continue;
        }
        // Codes kept for search stand in brackets; file paths name files.
        let text = visible(path, bytes);
        let text: String = text
            .split('[')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once(']').map_or(part, |(_, rest)| rest)
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        for w in &words {
            assert!(!has_word(&text, w), "{path} holds the English label `{w}`");
        }
        checked += 1;
    }
    assert!(files.contains_key("index.html") || files.contains_key("public/index.html"));
    assert!(checked >= 10, "{checked} files checked");
    // The same check finds the labels in an English bulletin.
    let dir = tempfile::tempdir().unwrap();
    report(&sample(), &dir.path().join("out"), "2026-12-02", &[]);
    let en = tree(&dir.path().join("out"));
    let (path, bytes) = en.iter().find(|(p, _)| p.ends_with("ec2026-sf3/index.html")).unwrap();
    let text = visible(path, bytes);
    assert!(words.iter().filter(|w| has_word(&text, w)).count() > 20);
}

#[test]
fn the_russian_bulletin_has_no_latin_letter() {
    let (_dir, files) = russian_only();
    let (path, bytes) = files
        .iter()
        .find(|(p, _)| p.ends_with("cup2025-ru/bulletin.txt"))
        .unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    // Names are Russian and the text bulletin holds no moves: every word is
    // the label table's or a name, so no Latin letter at all.
    // Game ids (b1, b2…) are the arbiter's file names, not words.
    let pairings = std::fs::read_to_string(sample().join("cup2025-ru/pairings.csv")).unwrap();
    let ids: Vec<&str> = pairings.lines().skip(1).filter_map(|l| l.split(',').next()).collect();
    let latin: Vec<&str> = text
        .split_whitespace()
        .filter(|tok| !ids.contains(tok))
        .flat_map(|tok| tok.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| !w.is_empty())
        .collect();
    assert!(latin.is_empty(), "{path}: {latin:?}");
    assert!(text.contains("Таблица результатов") && text.contains("б, ч: цвет"));
    insta::assert_snapshot!("cup2025-ru__bulletin-in-play.txt", text);
}

#[test]
fn the_tournaments_index_is_russian_when_every_tournament_is() {
    let (_dir, files) = russian_only();
    let (_, index) = files
        .iter()
        .find(|(p, _)| *p == "public/index.html" || *p == "index.html")
        .unwrap();
    let text = String::from_utf8(index.clone()).unwrap();
    assert!(text.contains("<html lang=\"ru\">") && text.contains("Турниры") && text.contains("Окончено"));
}

#[test]
/// The Russian pages call the arbiter «арбитр», as Article 51 does, in
/// every label and word: never «судья» beside it.
fn the_russian_labels_call_the_arbiter_arbitr() {
    let serde_json::Value::Object(ru) = serde_json::to_value(labels(Language::Ru)).unwrap() else {
        unreachable!("labels serialise as a map")
    };
    let mut words: Vec<&str> = ru.values().filter_map(|v| v.as_str()).collect();
    words.extend(Code::ALL.iter().map(|&c| code_word(c, Language::Ru)));
    words.extend([Severity::Error, Severity::Warning, Severity::Info].map(|s| severity_word(s, Language::Ru)));
    words.extend(Flag::ALL.iter().map(|&f| flag_word(f, Language::Ru)));
    let judge: Vec<&&str> = words.iter().filter(|w| w.to_lowercase().contains("судь")).collect();
    assert!(judge.is_empty(), "{judge:?}");
    assert!(words.iter().any(|w| w.contains("арбитр")));
    assert_eq!(labels(Language::Ru).word("records_held"), "Записи партии у арбитра");
}
