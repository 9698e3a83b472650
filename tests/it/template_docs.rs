//! docs/format.md, "What each template can use": every variable a default
//! template reads, and every field it reads of one, is listed under that
//! template's heading (or is a label, `t.…`, or a name of the template's
//! own: a loop variable, a macro, a `set`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The words in backquotes of each template's part of the docs, by
/// template name, with those of the part's preamble, and of the parts
/// before it where it says "as above" or "as in".
fn documented() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("docs/format.md")).unwrap();
    let part = docs
        .split("## What each template can use")
        .nth(1)
        .expect("docs/format.md has the part");
    let part = part.split("\n## ").next().unwrap();
    let quoted = |text: &str| -> BTreeSet<String> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .flat_map(|w| w.split(['.', '[', ']', '…']).map(str::to_string).collect::<Vec<_>>())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let mut sections = part.split("\n### ");
    let common = quoted(sections.next().unwrap());
    let mut by_template = BTreeMap::new();
    let mut above = BTreeSet::new();
    for s in sections {
        let (heading, body) = s.split_once('\n').unwrap();
        let mut names = quoted(body);
        above.extend(names.iter().cloned());
        if body.contains("as above") || body.contains("as in") {
            names.extend(above.iter().cloned());
        }
        names.extend(common.iter().cloned());
        for t in heading
            .split([',', ' '])
            .filter(|w| w.ends_with(".html") || w.ends_with(".txt"))
        {
            by_template.insert(t.to_string(), names.clone());
        }
    }
    by_template
}

/// `x.y` pairs of a template's tags, string literals left out.
fn dotted(source: &str) -> BTreeSet<(String, String)> {
    let mut pairs = BTreeSet::new();
    for tag in source.split(['{']).skip(1) {
        let tag = tag.split(['}']).next().unwrap_or_default();
        let mut code = String::new();
        let mut quote = None;
        for c in tag.chars() {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == '"' || c == '\'' => quote = Some(c),
                None => code.push(c),
            }
        }
        let words: Vec<&str> = code
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .collect();
        for w in words {
            let parts: Vec<&str> = w.split('.').collect();
            for pair in parts.windows(2) {
                if !pair[0].is_empty() && !pair[1].is_empty() {
                    pairs.insert((pair[0].to_string(), pair[1].to_string()));
                }
            }
        }
    }
    pairs
}

#[test]
fn every_variable_and_field_a_template_uses_is_documented() {
    let docs = documented();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut env = minijinja::Environment::new();
    let mut sources = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if name.ends_with(".html") || name.ends_with(".txt") {
            sources.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    for (name, source) in &sources {
        env.add_template_owned(name.clone(), source.clone()).unwrap();
    }
    let mut missing = Vec::new();
    for (name, source) in &sources {
        if name == "base.html" {
            continue;
        }
        let listed = docs
            .get(name)
            .unwrap_or_else(|| panic!("docs/format.md lists no variables for {name}"));
        let tpl = env.get_template(name).unwrap();
        let top = tpl.undeclared_variables(false);
        for v in &top {
            if !listed.contains(v) {
                missing.push(format!("{name}: `{v}`"));
            }
        }
        // Fields: of a given variable, of a loop variable over one, or of
        // a macro's argument; a label (`t.…`) and `loop.…` are not fields.
        for (owner, field) in dotted(source) {
            if owner == "t" || owner == "loop" || owner.ends_with("html") {
                continue;
            }
            if !listed.contains(&field) {
                missing.push(format!("{name}: `{owner}.{field}`"));
            }
        }
        assert!(!top.is_empty(), "{name} reads variables");
    }
    assert!(missing.is_empty(), "not in docs/format.md: {missing:#?}");
}
