//! The docs run as written: every `tests/…` and `tools/…` path that
//! README.md, docs/*.md, tournaments/README.md (and the integration tests'
//! own comments) name exists, and every `cargo test` command there names a
//! test target, module or library path that exists.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files whose paths and commands are checked, with their text.
fn docs() -> Vec<(PathBuf, String)> {
    let mut files = vec![root().join("README.md"), root().join("tournaments/README.md")];
    for dir in ["docs", "tests/it"] {
        let mut more: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md" || x == "rs"))
            // This file's own examples of wrong commands.
            .filter(|p| !p.ends_with("doc_paths.rs"))
            .collect();
        more.sort();
        files.extend(more);
    }
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-')
}

/// Every path beginning with `prefix` in `text` (not inside a longer word),
/// without a trailing `.` or `/`.
fn paths<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        if text[..at].chars().next_back().is_some_and(path_char) {
            continue;
        }
        let len = text[at..].find(|c: char| !path_char(c)).unwrap_or(text.len() - at);
        let p = text[at..at + len].trim_end_matches(['.', '/']);
        if p.len() > prefix.len() {
            out.push(p);
        }
    }
    out
}

#[test]
fn every_tests_and_tools_path_in_the_docs_exists() {
    let mut missing = Vec::new();
    let mut seen = 0;
    for (file, text) in docs() {
        for prefix in ["tests/", "tools/"] {
            for p in paths(&text, prefix) {
                // Generated names and the corpus kept beside the repository.
                if p.contains("snapshots/") || p.starts_with("tests/data/corpus/") && !root().join(p).exists() {
                    continue;
                }
                seen += 1;
                if !root().join(p).exists() {
                    missing.push(format!("{}: {p}", file.strip_prefix(root()).unwrap().display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(seen > 20, "{seen}");
}

/// The `cargo test …` commands of a text: from `cargo test` to the end of
/// the code span or line.
fn cargo_tests(text: &str) -> Vec<&str> {
    text.match_indices("cargo test")
        .map(|(at, _)| {
            let rest = &text[at..];
            let end = rest.find(['`', '\n', '"', ')']).unwrap_or(rest.len());
            rest[..end].trim()
        })
        .collect()
}

/// Why a `cargo test` command would not run as written, if it would not.
fn wrong(cmd: &str) -> Option<String> {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let mut i = 2;
    let mut target: Option<&str> = None;
    let mut lib = false;
    while i < words.len() {
        match words[i] {
            "--" => break,
            "--test" => {
                let name = words.get(i + 1)?;
                if !(root().join(format!("tests/{name}.rs")).is_file()
                    || root().join(format!("tests/{name}/main.rs")).is_file())
                {
                    return Some(format!("no test target `{name}`"));
                }
                target = Some(name);
                i += 2;
                continue;
            }
            "--lib" => lib = true,
            w if w.ends_with("::") || w.contains("::") => {
                // A filter: its first module must be a module of the target.
                let module = w.split("::").next().unwrap_or("");
                let base = match (target, lib) {
                    (Some(t), _) => format!("tests/{t}"),
                    (None, true) => "src".to_string(),
                    (None, false) => String::new(),
                };
                if !base.is_empty()
                    && !root().join(format!("{base}/{module}.rs")).is_file()
                    && !root().join(format!("{base}/{module}/mod.rs")).is_file()
                {
                    return Some(format!("no module `{module}` in {base}"));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[test]
fn every_cargo_test_command_in_the_docs_names_what_exists() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for (file, text) in docs() {
        for cmd in cargo_tests(&text) {
            seen += 1;
            if let Some(why) = wrong(cmd) {
                bad.push(format!(
                    "{}: `{cmd}`: {why}",
                    file.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "commands in the docs that do not run as written:\n{}",
        bad.join("\n")
    );
    assert!(seen > 5, "{seen}");
}

#[test]
fn the_checker_finds_what_is_wrong() {
    assert_eq!(
        wrong("cargo test --test phone -- --ignored").as_deref(),
        Some("no test target `phone`")
    );
    assert_eq!(
        wrong("cargo test --test it nothere:: -- --ignored").as_deref(),
        Some("no module `nothere` in tests/it")
    );
    assert_eq!(wrong("cargo test --test it corpus:: -- --ignored"), None);
    assert_eq!(wrong("cargo test --lib new::"), None);
    assert_eq!(
        paths("see `tests/it/phone.rs`, and contests/x.", "tests/"),
        vec!["tests/it/phone.rs"]
    );
}

/// Every key of report.json, at every depth (`games[].sealed_move` as
/// `sealed_move`), with the path it was first met at.
fn keys(v: &serde_json::Value, path: &str, out: &mut std::collections::BTreeMap<String, String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                out.entry(k.clone()).or_insert_with(|| p.clone());
                keys(x, &p, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| keys(x, &format!("{path}[]"), out)),
        _ => {}
    }
}

#[test]
fn every_report_json_field_of_the_sample_is_documented() {
    let format = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    // The report.json section and the next, the kinds of `facts` and their
    // fields.
    let at = format.find("## report.json").unwrap();
    let kinds = format.find("\n## The kinds of `facts`").unwrap();
    assert!(kinds > at && !format[at + 3..kinds].contains("\n## "));
    let end = format[kinds + 4..]
        .find("\n## ")
        .map_or(format.len(), |e| kinds + 4 + e);
    // The kinds' fields are documented in languages/en.ftl, in the comment
    // above each kind's message (docs/format.md says so).
    let en = std::fs::read_to_string(root().join("languages/en.ftl")).unwrap();
    let comments: String = en.lines().filter(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
    let section = format!("{}\n{comments}", &format[at..end]);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut found = std::collections::BTreeMap::new();
    // Two runs, so that the second has `changes`.
    for as_of in ["2026-11-01", "2026-12-02"] {
        let run = crate::common::bin()
            .args(crate::common::report_args(&crate::common::sample(), &out, as_of, &[]))
            .output()
            .unwrap();
        assert!(matches!(run.status.code(), Some(0 | 1)));
        for t in ["ec2026-sf3", "cup2025-ru"] {
            let json = std::fs::read(out.join("arbiter").join(t).join("report.json")).unwrap();
            keys(&serde_json::from_slice(&json).unwrap(), "", &mut found);
        }
    }
    assert!(
        found.contains_key("sealed_move") && found.contains_key("since"),
        "{found:?}"
    );
    // The names in the section's code spans: `games[].clock.white` names
    // games, clock and white.
    let named: std::collections::BTreeSet<&str> = section
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|span| span.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .collect();
    let undocumented: Vec<&String> = found
        .iter()
        .filter(|(k, _)| !named.contains(k.as_str()))
        .map(|(_, p)| p)
        .collect();
    assert!(
        undocumented.is_empty(),
        "report.json fields not in docs/format.md: {undocumented:?}"
    );
}

/// The `kind`s src/finding/facts.rs can write: the variants, kebab-cased,
/// of every enum serde tags with `kind` (the families of `Facts` and the
/// `why`s in them), and the `rename` of a struct so tagged (`text`).
fn facts_kinds() -> std::collections::BTreeSet<String> {
    let src = std::fs::read_to_string(root().join("src/finding/facts.rs")).unwrap();
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
    let mut kinds = std::collections::BTreeSet::new();
    let mut lines = src.lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if !line.starts_with("#[serde(tag = \"kind\"") {
            continue;
        }
        if let Some(renamed) = line.split("rename = \"").nth(1) {
            kinds.insert(renamed.split('"').next().unwrap().to_string());
            continue;
        }
        assert!(line.contains("rename_all = \"kebab-case\""), "{line}");
        // The enum's body: a variant is a line at depth 1 that begins with
        // a capital (fields begin with a small letter, comments with `/`).
        let mut depth = 0;
        for line in lines.by_ref() {
            let code = line.split("//").next().unwrap().trim();
            if depth == 1 && code.starts_with(|c: char| c.is_ascii_uppercase()) {
                let name: String = code.chars().take_while(char::is_ascii_alphanumeric).collect();
                kinds.insert(kebab(&name));
            }
            depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            if depth == 0 && code.contains('}') {
                break;
            }
        }
    }
    kinds
}

/// docs/format.md, "The kinds of `facts`": languages/en.ftl documents every
/// kind the code can write, and no other: each is a message (`why-<kind>`
/// for a kind within the facts) with a comment above it saying what it is.
#[test]
fn every_facts_kind_is_in_the_list_of_kinds() {
    let en = std::fs::read_to_string(root().join("languages/en.ftl")).unwrap();
    let lines: Vec<&str> = en.lines().collect();
    // Each message with a comment line right above it.
    let listed: std::collections::BTreeSet<String> = lines
        .windows(2)
        .filter(|w| w[0].starts_with("# ") && !w[1].starts_with('#'))
        .filter_map(|w| w[1].split_once(" =").map(|(id, _)| id))
        .map(|id| id.strip_prefix("why-").unwrap_or(id).to_string())
        .filter(|id| !id.contains('$'))
        .collect();
    let mut kinds = facts_kinds();
    for k in [
        "text",
        "penalty",
        "missing-log",
        "pgn-record-missing",
        "folder-is-a-link",
        "faulty",
        "too-big",
    ] {
        assert!(kinds.contains(k), "{k} not read from src/finding/facts.rs: {kinds:?}");
    }
    // Already worded: no message (docs/format.md says so).
    kinds.remove("text");
    let format = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    assert!(format.contains("One kind has no message: `text`"));
    let unlisted: Vec<_> = kinds.difference(&listed).collect();
    let stray: Vec<_> = listed.difference(&kinds).collect();
    assert!(
        unlisted.is_empty(),
        "kinds without a commented message in languages/en.ftl: {unlisted:?}"
    );
    // Messages with a comment that are no kind: the item messages of lists.
    assert!(
        stray.iter().all(|s| s.ends_with("-item")),
        "commented messages in languages/en.ftl that are no kind: {stray:?}"
    );
}
