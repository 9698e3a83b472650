//! A finding's facts worded in a language: the one place a
//! [`Facts`](crate::finding::Facts) becomes a sentence, for the pages, the
//! arbiter's files, the letters and report.json's `message`.
//!
//! Nothing here knows a kind of facts: the message is the one of the
//! facts' `kind` in the language's file, and its variables are the facts'
//! fields as report.json writes them (languages/en.ftl says how each kind
//! of field is passed). A new kind of facts is worded by its lines in the
//! language files alone.

use fluent_bundle::{FluentArgs, FluentValue};
use serde_json::{Map, Value as Json};

use super::{format, list};
use crate::finding::{Facts, Finding, Worded};
use crate::model::Language;

/// The finding's sentence in `lang`.
pub fn said(lang: Language, f: &Finding) -> String {
    word(lang, &f.facts)
}

/// The sentence of `facts` in `lang`.
pub fn word(lang: Language, facts: &Facts) -> String {
    if let Facts::Text(Worded { text }) = facts {
        return text.clone();
    }
    match serde_json::to_value(facts) {
        Ok(Json::Object(fields)) => object(lang, kind(&fields).unwrap_or_default(), &fields, &FluentArgs::new()),
        // Facts are written as an object with their kind (report.json).
        _ => unreachable!("facts serialise to an object"),
    }
}

fn kind(fields: &Map<String, Json>) -> Option<&str> {
    fields.get("kind").and_then(Json::as_str)
}

/// The message `id` with the fields of `fields` (and those of `parent`
/// that they do not name) as its variables.
fn object(lang: Language, id: &str, fields: &Map<String, Json>, parent: &FluentArgs<'_>) -> String {
    let mut args = FluentArgs::new();
    for (name, value) in parent.iter() {
        args.set(name.to_string(), value.clone());
    }
    // The plain fields first: a kind within the facts may read them.
    for (name, value) in fields.iter().filter(|(n, v)| *n != "kind" && !v.is_object()) {
        match value {
            Json::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if !item.is_object() && !item.is_array() {
                        args.set(format!("{name}-{}", i + 1), scalar(item));
                    }
                }
                let worded: Vec<String> = items.iter().map(|item| element(lang, name, item)).collect();
                args.set(name.clone(), list(worded));
            }
            _ => args.set(name.clone(), scalar(value)),
        }
    }
    for (name, value) in fields.iter() {
        if let Json::Object(inner) = value {
            let said = match kind(inner) {
                Some(k) => object(lang, &format!("{name}-{k}"), inner, &args),
                // An enum variant with fields of its own, written by its tag
                // (a `no-access` decision): the tag is what a sentence names.
                None => inner.keys().next().cloned().unwrap_or_default(),
            };
            args.set(name.clone(), FluentValue::from(said));
        }
    }
    format(lang, id, &args)
}

/// One item of a list: as written, or, for records and pairs, worded by
/// the message `<field>-item`.
fn element(lang: Language, field: &str, item: &Json) -> String {
    match item {
        Json::Object(fields) => object(lang, &format!("{field}-item"), fields, &FluentArgs::new()),
        Json::Array(parts) => {
            let names = pair_names(field);
            let fields: Map<String, Json> = names.iter().map(|n| n.to_string()).zip(parts.iter().cloned()).collect();
            object(lang, &format!("{field}-item"), &fields, &FluentArgs::new())
        }
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The names of the parts of a list's pairs, by the list's field.
fn pair_names(field: &str) -> &'static [&'static str] {
    match field {
        // ResultFacts::ResultDisputed: (the result, who says it).
        "said" => &["result", "by"],
        // TableFacts::HeaderLacksColumns: (the name as written, the column meant).
        "near" => &["written", "meant"],
        _ => &["first", "second"],
    }
}

/// A plain field as a variable: numbers as numbers, yes or no as `true`
/// or `false`, nothing as no value.
fn scalar(value: &Json) -> FluentValue<'static> {
    match value {
        Json::Null => FluentValue::None,
        Json::Bool(b) => b.to_string().into(),
        Json::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64().unwrap_or_default().into(),
        },
        Json::String(s) => s.clone().into(),
        other => other.to_string().into(),
    }
}
