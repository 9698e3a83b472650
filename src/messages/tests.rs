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
    messages(lang.file())
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
    for lang in Language::all() {
        assert!(FluentResource::try_new(lang.file().to_string()).is_ok(), "{lang:?}");
        let messages = file(lang);
        let ids: BTreeSet<&String> = messages.keys().collect();
        assert_eq!(ids, en.keys().collect::<BTreeSet<_>>(), "{lang:?}");
        // Every message is found by the bundle, with a value.
        for id in ids {
            assert!(bundle(lang).get_message(id).and_then(|m| m.value()).is_some(), "{id}");
        }
    }
}

// The labels are worded once a language, without arguments; a number's
// noun (`count-<noun>`) gets the number alone.
#[test]
fn labels_have_no_variables_and_counts_only_their_number() {
    let n: BTreeSet<String> = ["n".to_string()].into();
    for lang in Language::all() {
        let messages = file(lang);
        let mut labels = 0;
        for (id, source) in &messages {
            if LABELS.iter().any(|p| id.starts_with(p)) {
                assert!(
                    variables(source).is_empty(),
                    "the label {id} in {lang:?} names variables"
                );
                labels += 1;
            } else if id.starts_with("count-") {
                assert!(variables(source).is_subset(&n), "{id} in {lang:?} names more than $n");
            }
        }
        assert!(labels > 200, "{labels} labels in {lang:?}");
        // The labels the code words as its ids make them.
        assert_eq!(words(lang).len(), labels);
        assert_eq!(ids(lang).len(), messages.len());
    }
}

#[test]
fn every_kind_of_facts_has_its_message_in_every_language() {
    let kinds = kinds();
    assert!(kinds.len() > 100 && kinds["penalty"].contains("why"), "{kinds:?}");
    for lang in Language::all() {
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
    for lang in Language::all() {
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

#[test]
fn dates_are_shown_iso_in_english_and_day_first_in_russian() {
    let ymd = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
    assert_eq!(date(ymd(2026, 1, 5), Language::En), "2026-01-05");
    assert_eq!(date(ymd(2026, 1, 5), Language::Ru), "05.01.2026");
    let mut d = ymd(0, 1, 1);
    while d <= crate::dates::LAST {
        assert_eq!(date(d, Language::En), d.to_string());
        assert_eq!(date(d, Language::Ru), d.format("%d.%m.%Y").to_string());
        let step = if (1890..2110).contains(&chrono::Datelike::year(&d)) {
            1
        } else {
            13
        };
        d = d + chrono::Days::new(step);
    }
    let before = ymd(-1, 12, 31);
    assert_eq!(date(before, Language::En), before.to_string());
}

#[test]
fn a_day_past_9999_is_shown_as_after_it_never_with_five_digits() {
    let ymd = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
    assert_eq!(date(ymd(10_000, 2, 2), Language::En), "after 9999-12-31");
    assert_eq!(date(ymd(10_000, 2, 2), Language::Ru), "после 31.12.9999");
    assert_eq!(date(crate::dates::LAST, Language::En), "9999-12-31");
}

#[test]
fn each_language_writes_decimals_and_moves_in_its_forms() {
    assert_eq!(forms(Language::En).decimal_mark, ".");
    assert_eq!(forms(Language::Ru).decimal_mark, ",");
    assert_eq!(forms(Language::En).move_letters.join(" "), "K Q R B N O");
    assert_eq!(forms(Language::Ru).move_letters.join(" "), "Кр Ф Л С К О");
}
