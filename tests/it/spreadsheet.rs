//! A tournament saved by a Russian spreadsheet reads as the same tournament
//! saved as plain UTF-8 CSV (docs/format.md, "Saving from Excel /
//! LibreOffice"): the sample tournaments are written out `;`-separated,
//! with CRLF line ends, partly in Windows-1251, partly in UTF-16 with a BOM,
//! with upper-case `.CSV` names, DD.MM.YYYY dates, PGN records in
//! Windows-1251 or UTF-16, Cyrillic look-alike
//! letters in some moves and a folded name in pairings.csv; both are
//! reported, and their report.json files are compared field by field.

use crate::common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const AS_OF: &str = "2026-12-02";

fn sample(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments").join(id)
}

fn copy_dir(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from).into_iter().filter_map(Result::ok) {
        if e.file_type().is_file() {
            write(
                &to.join(e.path().strip_prefix(from).unwrap()),
                std::fs::read(e.path()).unwrap(),
            );
        }
    }
}

/// A date field as Russian Excel shows it: 15.01.2026.
fn dmy(field: &str) -> String {
    match ccbulletin::dates::parse_date(field) {
        Ok(d) => d.format("%d.%m.%Y").to_string(),
        _ => field.to_string(),
    }
}

/// The bytes of a text in the encoding a spreadsheet might save it in.
fn encode(text: &str, how: usize) -> Vec<u8> {
    match how % 4 {
        0 => encoding_rs::WINDOWS_1251.encode(text).0.into_owned(),
        1 => [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect(),
        2 => [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect(),
        _ => [0xEF, 0xBB, 0xBF].into_iter().chain(text.bytes()).collect(),
    }
}

/// What the rewrite changed that the report must show as `read-as`.
#[derive(Default)]
struct Changes {
    /// (file as findings name it, line) of each move written with a
    /// Cyrillic look-alike, and of the folded name.
    read_as: BTreeSet<(String, u64)>,
}

/// Rewrites one CSV table as a Russian spreadsheet saves it.
fn rewrite_table(src: &Path, id: &str, rel: &str, how: usize, changes: &mut Changes) -> Vec<u8> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(src)
        .unwrap();
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .flexible(true)
        .from_writer(Vec::new());
    let is_log = rel.starts_with("games/");
    let mut renamed = false;
    for (i, rec) in reader.records().enumerate() {
        let rec = rec.unwrap();
        let line = i as u64 + 1;
        let mut fields: Vec<String> = rec.iter().map(dmy).collect();
        if i == 0 {
            // Header names in capitals, padded: as typed by hand.
            fields = fields.iter().map(|f| format!(" {} ", f.to_uppercase())).collect();
        } else if is_log && fields.len() > 5 && fields[5].is_empty() && i % 3 == 0 {
            // A pawn move typed with a Cyrillic а, с or е for its file.
            let mv = &fields[2];
            let mut chars = mv.chars();
            if let (Some(c @ ('a' | 'c' | 'e')), Some(next)) = (chars.next(), chars.next())
                && (next.is_ascii_digit() || next == 'x')
            {
                let cyr = match c {
                    'a' => 'а',
                    'c' => 'с',
                    _ => 'е',
                };
                fields[2] = format!("{cyr}{}", &mv[1..]);
                changes.read_as.insert((format!("{id}/{rel}"), line));
            }
        } else if rel == "pairings.csv" && !renamed && i >= 2 {
            // A name with other case and spaces, and е for ё.
            fields[2] = fields[2].to_uppercase().replace(", ", " ,  ").replace('Ё', "Е");
            changes.read_as.insert((format!("{id}/{rel}"), line));
            renamed = true;
        }
        writer.write_record(&fields).unwrap();
    }
    let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    encode(&text, how)
}

/// The tournament as a Russian spreadsheet saves it.
fn as_spreadsheet(src: &Path, to: &Path, id: &str) -> Changes {
    let mut changes = Changes::default();
    let mut how = 0;
    for e in walkdir::WalkDir::new(src)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
    {
        if !e.file_type().is_file() {
            continue;
        }
        let rel = e.path().strip_prefix(src).unwrap().to_string_lossy().into_owned();
        if let Some(stem) = rel.strip_suffix(".csv") {
            let bytes = rewrite_table(e.path(), id, &rel, how, &mut changes);
            let name = if how % 2 == 0 {
                format!("{stem}.CSV")
            } else {
                rel.clone()
            };
            write(&to.join(name), bytes);
            how += 1;
        } else if rel.ends_with(".pgn") {
            // PGN records exported by Russian software: Windows-1251 or UTF-16.
            let text = std::fs::read_to_string(e.path()).unwrap();
            write(&to.join(&rel), encode(&text, how));
            how += 1;
        } else {
            write(&to.join(&rel), std::fs::read(e.path()).unwrap());
        }
    }
    changes
}

/// Every finding of a report, with where it sits.
fn findings(json: &Value) -> Vec<Value> {
    let mut all: Vec<Value> = json["findings"].as_array().unwrap().clone();
    for g in json["games"].as_array().unwrap() {
        all.extend(g["findings"].as_array().unwrap().iter().cloned());
    }
    all
}

/// Drops the `read-as` findings of a report, and returns them.
fn take_read_as(json: &mut Value) -> Vec<Value> {
    let mut taken = Vec::new();
    let mut strip = |list: &mut Value| {
        let arr = list.as_array_mut().unwrap();
        taken.extend(arr.iter().filter(|f| f["code"] == "read-as").cloned());
        arr.retain(|f| f["code"] != "read-as");
    };
    strip(&mut json["findings"]);
    for g in json["games"].as_array_mut().unwrap() {
        strip(&mut g["findings"]);
    }
    taken
}

/// The first difference between two JSON values, with its path.
fn diff(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => diff(p, q, &format!("{path}.{k}")),
                _ => Some(format!("{path}.{k}: only on one side")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| diff(p, q, &format!("{path}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{path}: {a} vs {b}")),
    }
}

fn same_report_from_a_spreadsheet(id: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (plain, sheet) = (dir.path().join("plain"), dir.path().join("sheet"));
    copy_dir(&sample(id), &plain.join(id));
    let changes = as_spreadsheet(&sample(id), &sheet.join(id), id);
    assert!(
        changes.read_as.len() >= 3,
        "too few look-alikes written: {:?}",
        changes.read_as
    );
    assert!(
        tree(&sheet).keys().any(|k| k.ends_with(".CSV")),
        "upper-case extensions written"
    );
    let (out_plain, out_sheet) = (dir.path().join("out-plain"), dir.path().join("out-sheet"));
    let r1 = report(&plain, &out_plain, AS_OF, &[]);
    let r2 = report(&sheet, &out_sheet, AS_OF, &[]);
    assert_eq!(r1.status.code(), r2.status.code());
    let mut a = report_json(&out_plain, id);
    let mut b = report_json(&out_sheet, id);
    let bad = |j: &Value| -> Vec<Value> { findings(j).into_iter().filter(|f| f["code"] == "bad-input").collect() };
    assert_eq!(bad(&b), bad(&a), "no bad-input but the plain files' own");

    // The read-as findings: the plain files' own, and one for each look-alike
    // move that was replayed and for the folded name.
    let plain_read_as: BTreeSet<(String, u64)> = take_read_as(&mut a)
        .iter()
        .map(|f| (f["file"].as_str().unwrap().to_string(), f["line"].as_u64().unwrap()))
        .collect();
    let sheet_read_as: BTreeSet<(String, u64)> = take_read_as(&mut b)
        .iter()
        .map(|f| (f["file"].as_str().unwrap().to_string(), f["line"].as_u64().unwrap()))
        .collect();
    assert!(sheet_read_as.is_superset(&plain_read_as));
    let new: BTreeSet<_> = sheet_read_as.difference(&plain_read_as).cloned().collect();
    assert!(new.is_subset(&changes.read_as), "{new:?} not written");
    assert!(
        new.iter().any(|(f, _)| f.ends_with("pairings.csv")),
        "the folded name is read as: {new:?}"
    );
    assert!(
        new.iter().filter(|(f, _)| f.contains("/games/")).count() >= 2,
        "look-alike moves read as: {new:?}"
    );

    // The moves as written differ where a look-alike was typed; the rest of
    // each row, and everything else, is the same.
    for (g1, g2) in a["games"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .zip(b["games"].as_array_mut().unwrap())
    {
        for (r1, r2) in g1["rows"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .zip(g2["rows"].as_array_mut().unwrap())
        {
            let (m1, m2) = (r1["move"].as_str().unwrap(), r2["move"].as_str().unwrap());
            if m1 != m2 {
                assert_eq!(ccbulletin::load::names::fold(m1), ccbulletin::load::names::fold(m2));
                r2["move"] = r1["move"].clone();
            }
        }
    }
    if let Some(d) = diff(&a, &b, "report") {
        panic!("{id}: the spreadsheet's report differs at {d}");
    }
}

#[test]
fn russian_spreadsheet_gives_the_same_report_cup() {
    same_report_from_a_spreadsheet("cup2025-ru");
}

#[test]
fn russian_spreadsheet_gives_the_same_report_championship() {
    same_report_from_a_spreadsheet("ec2026-sf3");
}
