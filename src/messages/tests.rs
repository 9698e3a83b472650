//! The language files agree with each other and with the code: every kind
//! of facts and every message the code calls is in each, with variables
//! the facts or the call give.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::*;

/// A language file's messages: id → its source text.
fn messages(text: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with(|c: char| c.is_ascii_lowercase())
            && let Some((id, rest)) = line.split_once(" =")
        {
            out.insert(id.to_string(), rest.to_string());
            current = Some(id.to_string());
            continue;
        }
        if line.starts_with('#') || line.is_empty() {
            if line.starts_with('#') {
                current = None;
            }
            continue;
        }
        if let Some(id) = &current {
            let entry = out.get_mut(id).expect("the entry begun");
            entry.push('\n');
            entry.push_str(line);
        }
    }
    out
}

/// The variables a message's source names (`$player`).
fn variables(source: &str) -> BTreeSet<String> {
    source
        .split('$')
        .skip(1)
        .map(|v| {
            v.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect()
        })
        .collect()
}

fn file(lang: Language) -> BTreeMap<String, String> {
    let (_, text) = FILES.iter().find(|(l, _)| *l == lang).expect("a file");
    messages(text)
}

/// The kinds of facts.rs with their fields: the variants of every enum
/// serde tags with `kind`.
fn kinds() -> BTreeMap<String, BTreeSet<String>> {
    let src = include_str!("../finding/facts.rs");
    let kebab = |name: &str| {
        let mut out = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    let mut kinds = BTreeMap::new();
    let mut lines = src.lines();
    while let Some(line) = lines.next() {
        if !line.trim().starts_with("#[serde(tag = \"kind\", rename_all") {
            continue;
        }
        let mut depth = 0;
        let mut variant: Option<String> = None;
        for line in lines.by_ref() {
            let code = line.split("//").next().unwrap_or_default().trim();
            if depth == 1 && code.starts_with(|c: char| c.is_ascii_uppercase()) {
                let name: String = code.chars().take_while(char::is_ascii_alphanumeric).collect();
                let kind = kebab(&name);
                let mut fields = BTreeSet::new();
                // Fields on the variant's own line: `Name { a: T, b: U },`.
                if let Some(inline) = code.split_once('{').map(|(_, f)| f) {
                    for field in inline.split(',') {
                        if let Some((f, _)) = field.split_once(':') {
                            fields.insert(f.trim().to_string());
                        }
                    }
                }
                // Two enums may share a kind (`name-unknown`): their fields
                // together.
                kinds.entry(kind.clone()).or_insert_with(BTreeSet::new).extend(fields);
                variant = Some(kind);
            } else if depth == 2
                && let (Some(v), Some((field, _))) = (&variant, code.split_once(':'))
            {
                kinds
                    .get_mut(v)
                    .expect("the variant")
                    .insert(field.trim_start_matches("pub ").to_string());
            }
            depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            if depth == 0 && code.contains('}') {
                break;
            }
        }
    }
    kinds
}

/// The variables a kind's fields give: each field, and `<field>-N` for
/// the items of a list (a pair for White and Black).
fn given(fields: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = fields.clone();
    for f in fields {
        out.extend((1..=2).map(|i| format!("{f}-{i}")));
    }
    out
}

#[test]
fn every_language_file_parses_and_has_the_same_messages() {
    let en = file(Language::En);
    for &(lang, text) in &FILES {
        assert!(FluentResource::try_new(text.to_string()).is_ok(), "{lang:?}");
        let messages = file(lang);
        let ids: BTreeSet<&String> = messages.keys().collect();
        assert_eq!(ids, en.keys().collect::<BTreeSet<_>>(), "{lang:?}");
        // Every message is found by the bundle, with a value.
        for id in ids {
            assert!(bundle(lang).get_message(id).and_then(|m| m.value()).is_some(), "{id}");
        }
    }
}

#[test]
fn every_kind_of_facts_has_its_message_in_every_language() {
    let kinds = kinds();
    assert!(kinds.len() > 100 && kinds["penalty"].contains("why"), "{kinds:?}");
    for &(lang, _) in &FILES {
        let messages = file(lang);
        for (kind, fields) in &kinds {
            // A kind within the facts (`why`) is worded as `why-<kind>`.
            let Some(source) = messages.get(kind).or_else(|| messages.get(&format!("why-{kind}"))) else {
                // A kind of choice selected on, inside its parent's message.
                continue;
            };
            // A `why` may read its parent's fields too.
            let mut known = given(fields);
            if !messages.contains_key(kind) {
                known.extend(kinds.values().flat_map(given));
            }
            let stray: Vec<String> = variables(source).difference(&known).cloned().collect();
            assert!(
                stray.is_empty(),
                "{kind} in {lang:?} names {stray:?}, not a field of {fields:?}"
            );
        }
        // Every kind of a family of `Facts` is a message of its own.
        for kind in [
            "penalty",
            "overstep-running",
            "folder-reserved",
            "pgn-holds-no-game",
            "refused",
        ] {
            assert!(messages.contains_key(kind), "{kind} in {lang:?}");
        }
    }
}

/// The messages the code calls by id (`tr!(lang, "id", ...)`), with the
/// names it gives them.
fn calls() -> Vec<(String, BTreeSet<String>)> {
    let mut out = Vec::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let text: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for call in text.split("tr!(").skip(1) {
            let Some(id) = call.split('"').nth(1) else { continue };
            if !id.starts_with(|c: char| c.is_ascii_lowercase()) {
                continue;
            }
            // The names up to the call's closing parenthesis.
            let mut depth = 1;
            let end = call
                .char_indices()
                .find(|&(_, c)| {
                    depth += i32::from(c == '(') - i32::from(c == ')');
                    depth == 0
                })
                .map_or(call.len(), |(i, _)| i);
            let names = call[..end]
                .split(',')
                .filter_map(|a| a.trim().split_once(" = ").map(|(n, _)| n.trim().to_string()))
                .collect();
            out.push((id.to_string(), names));
        }
    }
    out
}

#[test]
fn every_message_called_is_in_every_language_with_the_names_given() {
    let calls = calls();
    assert!(calls.len() > 50, "{calls:?}");
    for &(lang, _) in &FILES {
        let messages = file(lang);
        for (id, names) in &calls {
            let source = messages.get(id).unwrap_or_else(|| panic!("{id} missing in {lang:?}"));
            let stray: Vec<_> = variables(source).difference(names).cloned().collect();
            assert!(
                stray.is_empty(),
                "{id} in {lang:?} names {stray:?}; the code gives {names:?}"
            );
        }
    }
}

#[test]
fn no_message_is_empty_and_every_one_is_translated() {
    let (en, ru) = (file(Language::En), file(Language::Ru));
    for (id, source) in &en {
        assert!(!source.trim().is_empty(), "{id}");
        // Messages that are only their variables are the same everywhere.
        let only_variables =
            source.trim().starts_with("{ $") && source.trim().ends_with('}') && variables(source).len() == 1;
        assert!(only_variables || ru[id] != *source, "{id} is not translated");
    }
}

#[test]
fn russian_messages_call_the_arbiter_arbitr_as_article_51_does() {
    for (id, source) in file(Language::Ru) {
        assert!(!source.to_lowercase().contains("судь"), "{id}: {source:?}");
    }
}

#[test]
fn tr_picks_the_language() {
    let (en, ru) = (
        crate::tr!(Language::En, "report-not-available", name = "Cup"),
        crate::tr!(Language::Ru, "report-not-available", name = "Cup"),
    );
    assert_eq!(en, "Cup: report not available.");
    assert_eq!(ru, "Cup: бюллетень пока недоступен.");
}

#[test]
fn arguments_are_written_as_they_are() {
    // An argument that looks like a placeable is not filled again, and no
    // isolation mark is put around it.
    let said = crate::tr!(Language::En, "report-not-available", name = "{ $name } {0}");
    assert_eq!(said, "{ $name } {0}: report not available.");
}

#[test]
fn the_functions_write_dates_moves_and_lists() {
    let facts = crate::finding::RowFacts::DateAfterReportDate {
        move_no: 12,
        side: crate::model::Side::Black,
        which: crate::finding::DateKind::Sent,
        date: "2026-03-05".parse().unwrap(),
        as_of: "2026-03-01".parse().unwrap(),
    };
    assert_eq!(
        word(Language::En, &facts.clone().into()),
        "move 12... has a sent date 2026-03-05 after the report's date 2026-03-01"
    );
    assert_eq!(
        word(Language::Ru, &facts.into()),
        "у хода 12... дата отправки 05.03.2026 позже даты отчёта 01.03.2026"
    );
    let names = crate::finding::NameFacts::NameAmbiguous {
        written: "Ivanov".into(),
        players: vec!["Ivanov, A".into(), "Ivanov, B".into()],
    };
    assert!(word(Language::En, &names.into()).contains("any of `Ivanov, A`, `Ivanov, B`"));
}

// 51.4.10: "1 day left", not "1 days"; the forms come from the language's
// plural rules, not from code.
#[test]
fn numbers_take_their_plural_form_from_the_language() {
    let low = |left: i64| {
        word(
            Language::En,
            &crate::finding::ClockFacts::LowTime {
                player: "A".into(),
                left,
                control: 10,
                next_move: 8,
                move_by: None,
            }
            .into(),
        )
    };
    assert!(low(1).starts_with("A has 1 day left"), "{}", low(1));
    assert!(low(3).starts_with("A has 3 days left"), "{}", low(3));
    // 51.7.1: "не более 21 дня", "не более 30 дней".
    let limit = |limit: i64| {
        word(
            Language::Ru,
            &crate::finding::BreakFacts::BreakOverLimit {
                player: "Б".into(),
                days: 35,
                year: 2026,
                limit,
            }
            .into(),
        )
    };
    assert!(limit(21).contains("не более 21 дня за"), "{}", limit(21));
    assert!(limit(30).contains("не более 30 дней за"), "{}", limit(30));
    assert!(limit(24).contains("не более 24 дней за"), "{}", limit(24));
}
