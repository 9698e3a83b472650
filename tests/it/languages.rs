//! A language is its file alone (issue 42): a test language, `xx`, which
//! the test writes from English's file with every letter of its words
//! replaced by its full-width form (`Ｂｕｌｌｅｔｉｎ`) and dates written
//! `day/month/year`, is loaded by the binary like the embedded ones
//! (`CCB_TEST_LANGUAGE`, feature `test-language`: src/language.rs). The
//! sample tournaments reported in it have no English word left in any
//! page, text, calendar or letter: every word comes from the language's
//! file, or is the tournament's own data (names, game ids, moves, file
//! names, finding codes, what an input file says).

use crate::common::*;
use fluent_syntax::ast;
use std::collections::BTreeSet;
use std::path::Path;

/// A letter of a word in the test language: ASCII letters become their
/// full-width forms, anything else stays.
fn pseudo(c: char) -> char {
    match c {
        'a'..='z' => char::from_u32(c as u32 - 'a' as u32 + 0xFF41).unwrap(),
        'A'..='Z' => char::from_u32(c as u32 - 'A' as u32 + 0xFF21).unwrap(),
        c => c,
    }
}

/// Every text of a pattern, in its variants too, in the test language.
fn pseudo_pattern(p: &mut ast::Pattern<String>) {
    for element in &mut p.elements {
        match element {
            ast::PatternElement::TextElement { value } => *value = value.chars().map(pseudo).collect(),
            ast::PatternElement::Placeable { expression } => pseudo_expression(expression),
        }
    }
}

fn pseudo_expression(e: &mut ast::Expression<String>) {
    match e {
        ast::Expression::Select { variants, .. } => {
            for v in variants {
                pseudo_pattern(&mut v.value);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => pseudo_expression(expression),
        ast::Expression::Inline(_) => {}
    }
}

/// The test language's file, written from English's: every message's
/// words in full-width letters, and its own form of a date.
fn test_language_file() -> String {
    let en = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("languages/en.ftl")).unwrap();
    let mut resource = fluent_syntax::parser::parse(en).expect("en.ftl parses");
    let mut messages = 0;
    for entry in &mut resource.body {
        if let ast::Entry::Message(m) = entry {
            if m.id.name == "date-form" {
                let form = fluent_syntax::parser::parse("date-form = { $day }/{ $month }/{ $year }\n".to_string());
                let Ok(ast::Resource { body }) = form else {
                    unreachable!("a message")
                };
                let Some(ast::Entry::Message(form)) = body.into_iter().next() else {
                    unreachable!("a message")
                };
                m.value = form.value;
            } else if let Some(value) = &mut m.value {
                pseudo_pattern(value);
            }
            messages += 1;
        }
    }
    assert!(messages > 400, "{messages}");
    fluent_syntax::serializer::serialize(&resource)
}

/// What a reader reads of a file: an HTML page's text nodes and the texts
/// of its attributes meant for people (not its style, nor its PGN record,
/// whose tags are the PGN standard's); a letter's subject and body; a
/// calendar's names, summaries and descriptions; report.json's sentences;
/// a text file whole. `None` for a file with no words (a PGN, CSS, the
/// tool's own records).
fn readable(path: &str, bytes: &[u8]) -> Option<String> {
    let text = || String::from_utf8(bytes.to_vec()).unwrap();
    let ext = path.rsplit('.').next().unwrap_or_default();
    Some(match ext {
        "html" => {
            let doc = scraper::Html::parse_document(&text());
            let mut out = String::new();
            for node in doc.root_element().descendants() {
                if let Some(t) = node.value().as_text() {
                    let parent = node.parent().and_then(|p| p.value().as_element().map(|e| e.name()));
                    if !matches!(parent, Some("style")) && !t.trim_start().starts_with("[Event ") {
                        out.push_str(t);
                        out.push('\n');
                    }
                }
                if let Some(e) = node.value().as_element() {
                    for attr in ["aria-label", "title", "alt", "placeholder"] {
                        if let Some(v) = e.attr(attr) {
                            out.push_str(v);
                            out.push('\n');
                        }
                    }
                }
            }
            out
        }
        "txt" => text(),
        "ics" => text()
            .replace("\r\n ", "")
            .lines()
            .filter_map(|l| {
                ["SUMMARY:", "DESCRIPTION:", "X-WR-CALNAME:"]
                    .iter()
                    .find_map(|k| l.strip_prefix(k))
                    .map(|v| v.replace("\\,", ",").replace("\\;", ";").replace("\\n", "\n"))
            })
            .collect::<Vec<_>>()
            .join("\n"),
        "eml" => {
            let message = mail_parser::MessageParser::default().parse(bytes).unwrap();
            format!(
                "{}\n{}",
                message.subject().unwrap_or_default(),
                message.body_text(0).unwrap_or_default()
            )
        }
        "json" if path.ends_with("report.json") => {
            let json: serde_json::Value = serde_json::from_slice(bytes).unwrap();
            let mut out = String::new();
            sentences(&json, &mut out);
            out
        }
        _ => return None,
    })
}

/// The `message` strings of a JSON value: report.json's sentences.
fn sentences(json: &serde_json::Value, out: &mut String) {
    match json {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                match v.as_str() {
                    Some(s) if k == "message" => {
                        out.push_str(s);
                        out.push('\n');
                    }
                    _ => sentences(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| sentences(v, out)),
        _ => {}
    }
}

/// The sample tournaments' own words, as their files write them: their
/// names, arbiters and players (taken out of a text wherever they stand),
/// and the ids of the tournaments and their games (taken out as whole
/// tokens: `b4` is in the move `axb4`).
fn data_words(input: &Path) -> (Vec<String>, BTreeSet<String>) {
    let (mut names, mut ids) = (Vec::new(), BTreeSet::new());
    for entry in std::fs::read_dir(input).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        ids.insert(dir.file_name().unwrap().to_str().unwrap().to_string());
        let toml: toml::Table = std::fs::read_to_string(dir.join("tournament.toml"))
            .unwrap()
            .parse()
            .unwrap();
        names.extend(["name", "arbiter"].map(|k| toml[k].as_str().unwrap().to_string()));
        for file in ["players.csv", "pairings.csv"] {
            let mut rows = csv::Reader::from_path(dir.join(file)).unwrap();
            for row in rows.records() {
                let row = row.unwrap();
                match file {
                    "players.csv" => names.extend(row.get(0).map(str::to_string)),
                    _ => ids.extend(row.get(0).map(str::to_string)),
                }
            }
        }
    }
    names.retain(|w| !w.trim().is_empty());
    // Longest first, so that a name is taken out before a part of it.
    names.sort_by_key(|w| std::cmp::Reverse(w.len()));
    names.dedup();
    (names, ids)
}

/// Whether a token names a file or an address: a path, a file name, an
/// address (`games/g05.csv:12`, `b4.txt`, `arbiter@example.org`).
fn is_path(token: &str) -> bool {
    token.contains('@')
        || token.contains('/')
        || [".html", ".txt", ".pgn", ".ics", ".eml", ".csv", ".toml", ".json"]
            .iter()
            .any(|e| token.contains(e))
}

/// Whether a token is a move as the records write it (`Nf3`, `exd5`,
/// `O-O`, `e7e8q`, `Кxc5`, `Kx?`; with the test language's letters of the
/// pieces, `Ｎf3`), an id or a finding's code kept for search
/// (`[low-time]`).
fn is_move_or_id(token: &str, ids: &BTreeSet<String>) -> bool {
    let t = token.trim_matches(|c: char| ",.;:()[]«»`'\"".contains(c));
    let san = t
        .chars()
        .all(|c| "KQRBNOＫＱＲＢＮＯКрФЛСОabcdefghx12345678=+#-!?.".contains(c))
        && t.chars()
            .any(|c| c.is_ascii_digit() || "KQRBNOＫＱＲＢＮＯКФЛСО".contains(c));
    let uci = t.len() >= 4 && t.chars().all(|c| c.is_ascii_digit() || "abcdefghqrbn".contains(c));
    san || uci || ids.contains(t)
}

/// `text` without the tokens `drop` picks, its spaces kept.
fn drop_tokens(text: &str, drop: impl Fn(&str) -> bool) -> String {
    text.split_inclusive(char::is_whitespace)
        .map(|piece| {
            let token = piece.trim_end_matches(char::is_whitespace);
            if drop(token) { &piece[token.len()..] } else { piece }
        })
        .collect()
}

/// `text` with the data taken out: paths and addresses; every data string,
/// also where a title cut it short (`Email Championship 2026,…`); a PGN
/// tag's name (the PGN standard's); moves and codes; and what a finding
/// quotes of an input file in backquotes.
fn without_data(text: &str, (data, ids): &(Vec<String>, BTreeSet<String>)) -> String {
    let mut text = drop_tokens(text, is_path);
    for w in data {
        text = text.replace(w.as_str(), " ");
    }
    for w in data {
        let cuts: Vec<String> = (3..w.len())
            .filter(|&k| w.is_char_boundary(k))
            .map(|k| format!("{}…", w[..k].trim_end_matches([' ', '·', '—', '–', ','])))
            .collect();
        for cut in cuts.iter().rev() {
            text = text.replace(cut.as_str(), " ");
        }
    }
    let tag: String = "tag".chars().map(pseudo).collect();
    for name in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        text = text.replace(&format!("{name} {tag}"), " ");
    }
    // `why-faulty` names the row's flag as the move log writes it (a
    // keyword of the file, as a code is), not in words: in every language.
    let faulty: String = "faulty message".chars().map(pseudo).collect();
    for flag in ccbulletin::model::Flag::ALL {
        text = text.replace(&format!("{faulty} ({})", flag.as_str()), " ");
    }
    let text = drop_tokens(&text, |t| is_move_or_id(t, ids));
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The English words left in a reader's text once the data is taken out:
/// every run of two ASCII letters or more, each with where it stands.
fn english_left(text: &str, data: &(Vec<String>, BTreeSet<String>)) -> Vec<String> {
    let text = without_data(text, data);
    let mut left: Vec<String> = text
        .split_whitespace()
        .filter(|tok| tok.split(|c: char| !c.is_ascii_alphabetic()).any(|w| w.len() >= 2))
        .map(|tok| {
            let at = text.find(tok).unwrap_or_default();
            let from = text.floor_char_boundary(at.saturating_sub(40));
            let to = text.ceil_char_boundary((at + tok.len() + 40).min(text.len()));
            format!("{tok:?} in {:?}", &text[from..to])
        })
        .collect();
    left.sort();
    left.dedup();
    left
}

#[test]
fn a_test_language_from_its_file_alone_words_every_page_and_letter() {
    let dir = tempfile::tempdir().unwrap();
    let language = dir.path().join("xx.ftl");
    write(&language, test_language_file());
    let input = dir.path().join("tournaments");
    copy_sample(&input);
    for entry in std::fs::read_dir(&input).unwrap() {
        let toml = entry.unwrap().path().join("tournament.toml");
        if let Ok(text) = std::fs::read_to_string(&toml) {
            let lines: Vec<String> = text
                .lines()
                .map(|l| {
                    if l.starts_with("language") {
                        "language = \"xx\"".to_string()
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            write(&toml, lines.join("\n") + "\n");
        }
    }
    let mut data = data_words(&input);
    data.1
        .extend(ccbulletin::finding::Code::ALL.iter().map(|c| c.as_str().to_string()));
    let out = dir.path().join("out");
    let (mut files, mut letters) = (0, 0);
    // Three reports into one folder: each later one has a previous report
    // to tell its changes from.
    for as_of in ["2026-03-01", "2026-09-15", "2026-12-02"] {
        let run = bin()
            .env("CCB_TEST_LANGUAGE", &language)
            .args(report_args(&input, &out, as_of, &["--force"]))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.code() == Some(1) && !stderr.contains("panicked"),
            "{as_of}: {stderr}"
        );
        let mut left = Vec::new();
        for (path, bytes) in tree(&out) {
            let Some(text) = readable(&path, &bytes) else { continue };
            files += 1;
            letters += usize::from(path.ends_with(".eml"));
            left.extend(english_left(&text, &data).into_iter().map(|w| format!("{path}: {w}")));
            // The language's own form of a date, never the ISO one.
            if path.ends_with("index.html") && !path.contains("arbiter") {
                let (d, m, y) = (&as_of[8..], &as_of[5..7], &as_of[..4]);
                assert!(
                    text.contains(&format!("{d}/{m}/{y}")),
                    "{path}: no date in the test language's form"
                );
            }
        }
        assert!(left.is_empty(), "{as_of}: English left in\n{}", left.join("\n"));
    }
    assert!(files > 200 && letters > 10, "{files} files, {letters} letters");
    // The pages are the test language's: its code, its words, its letters
    // of the pieces.
    let bulletin = std::fs::read_to_string(public_dir(&out, "ec2026-sf3").join("index.html")).unwrap();
    assert!(bulletin.contains("<html lang=\"xx\">") && bulletin.contains("Ｃｒｏｓｓｔａｂｌｅ"));
    let game = std::fs::read_to_string(public_dir(&out, "ec2026-sf3").join("games/g01.html")).unwrap();
    assert!(game.contains("Ｎf3"), "the pieces' letters are the language's");
}
