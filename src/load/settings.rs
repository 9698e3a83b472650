//! tournament.toml: its keys and values (docs/format.md, "tournament.toml"),
//! its syntax errors with their line and a hint for the usual mistakes, in
//! the tournament's language. Parsing only: no I/O.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::dates::{in_range, parse_date};
use crate::load::text::clean_owned;
use crate::model::{Language, Notation, Settings, Tiebreak, TimeControl};

/// The time control when tournament.toml names none: 51.4.3's.
pub const DEFAULT_TIME_CONTROL: TimeControl = crate::rules::DEFAULT_TIME_CONTROL;

/// The break days a player has per calendar year when tournament.toml
/// names no other number (51.7.1).
pub const DEFAULT_BREAK_DAYS_PER_YEAR: u32 = crate::rules::DEFAULT_BREAK_DAYS_PER_YEAR;

/// The tie-breaks, in order, when tournament.toml names none.
pub const DEFAULT_TIEBREAKS: [Tiebreak; 3] = [Tiebreak::Sb, Tiebreak::Wins, Tiebreak::Direct];

/// The settings used when tournament.toml cannot be read: the tournament is
/// still listed, with its findings, but no game is analysed; in the
/// language the file names, if it names one (its findings are in it).
pub(super) fn fallback(id: &str, as_of: NaiveDate, language: Language) -> Settings {
    Settings {
        name: id.to_string(),
        start: as_of,
        end: None,
        arbiter: String::new(),
        arbiter_email: String::new(),
        time_control: DEFAULT_TIME_CONTROL,
        break_days_per_year: DEFAULT_BREAK_DAYS_PER_YEAR,
        tiebreaks: DEFAULT_TIEBREAKS.to_vec(),
        language,
        notation: Notation::Numeric,
    }
}

/// tournament.toml as written (docs/format.md, "tournament.toml").
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSettings {
    name: String,
    start: toml::Value,
    end: Option<toml::Value>,
    #[serde(default)]
    arbiter: String,
    #[serde(default)]
    arbiter_email: String,
    time_control: Option<String>,
    break_days_per_year: Option<u32>,
    tiebreaks: Option<Vec<Tiebreak>>,
    language: Option<Language>,
    notation: Option<Notation>,
}

/// The moves and the days a time control may name (docs/format.md,
/// "Limits"): a longer control is no tournament's, and its sums of days
/// would leave the calendar.
pub const CONTROL_RANGE: std::ops::RangeInclusive<u32> = 1..=1000;

/// The date `key` of tournament.toml holds, or why it holds none, in the
/// tournament's language.
fn toml_date(key: &str, v: &toml::Value, lang: Language) -> Result<NaiveDate, String> {
    let not_a_date = |shown: &dyn std::fmt::Display| {
        crate::tr!(lang, "settings-key-not-a-date", key = key, value = shown.to_string())
    };
    match v {
        toml::Value::Datetime(dt) => match (dt.date, dt.time) {
            (Some(d), None) => NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day))
                .filter(|&d| in_range(d))
                .ok_or_else(|| not_a_date(dt)),
            _ => Err(crate::tr!(
                lang,
                "settings-not-a-calendar-date",
                key = key,
                value = dt.to_string()
            )),
        },
        toml::Value::String(s) => parse_date(s).map_err(|_| not_a_date(&s.trim())),
        other => Err(not_a_date(other)),
    }
}

/// Why tournament.toml cannot be read: the message (for a syntax error,
/// the TOML parser's own lines with the caret under the place, and a hint
/// for the usual mistakes) and the line it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    pub message: String,
    pub line: Option<usize>,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for SettingsError {
    fn from(message: String) -> Self {
        SettingsError { message, line: None }
    }
}

/// The hint for the usual mistake on a line of tournament.toml: a value
/// that needs quotes (a `15.01.2026` date, text, `10/60`).
pub(super) fn toml_hint(line: &str, lang: Language) -> Option<String> {
    let (key, value) = line.split_once('=')?;
    let _ = key;
    let value = value.split('#').next().unwrap_or("").trim();
    if value.is_empty() || value.starts_with(['"', '\'', '[', '{']) {
        return None;
    }
    let dotted = value.split('.').count() == 3
        && value
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if dotted {
        return Some(crate::tr!(lang, "settings-hint-date"));
    }
    if value.parse::<f64>().is_err() && !matches!(value, "true" | "false") {
        return Some(crate::tr!(lang, "settings-hint-quotes"));
    }
    None
}

/// Parses tournament.toml.
///
/// # Errors
/// What is wrong, with its line: a syntax error (with the parser's caret
/// and a hint), an unknown key, a missing key, a bad date.
pub fn parse_settings(text: &str) -> Result<Settings, SettingsError> {
    let raw: RawSettings = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        let mut message = e.to_string().trim_end().to_string();
        let lang = language_of(text);
        if let Some(hint) = line
            .and_then(|l| text.lines().nth(l - 1))
            .and_then(|l| toml_hint(l, lang))
        {
            message.push_str(&crate::tr!(lang, "settings-hint", hint = &hint));
        }
        SettingsError { message, line }
    })?;
    let lang = raw.language.unwrap_or_default();
    let time_control = match raw.time_control {
        Some(tc) => TimeControl::parse(&tc)
            .filter(|c| CONTROL_RANGE.contains(&c.moves) && CONTROL_RANGE.contains(&c.days))
            .ok_or_else(|| crate::tr!(lang, "settings-bad-time-control", time_control = &tc))?,
        None => DEFAULT_TIME_CONTROL,
    };
    Ok(Settings {
        name: clean_owned(raw.name),
        start: toml_date("start", &raw.start, lang)?,
        end: raw.end.as_ref().map(|v| toml_date("end", v, lang)).transpose()?,
        arbiter: clean_owned(raw.arbiter),
        arbiter_email: clean_owned(raw.arbiter_email),
        time_control,
        break_days_per_year: raw.break_days_per_year.unwrap_or(DEFAULT_BREAK_DAYS_PER_YEAR),
        tiebreaks: raw.tiebreaks.unwrap_or_else(|| DEFAULT_TIEBREAKS.to_vec()),
        language: raw.language.unwrap_or_default(),
        notation: raw.notation.unwrap_or_default(),
    })
}

/// The language a tournament.toml asks for, read without parsing it, so
/// that its own syntax errors are in that language too.
/// The language a tournament.toml's text names (English when there is
/// none).
pub(super) fn language_named(text: Option<&str>) -> Language {
    text.map_or(Language::default(), language_of)
}

/// The error of a tournament.toml that is not UTF-8, in `lang`.
pub(super) fn not_utf8(lang: Language) -> SettingsError {
    SettingsError::from(crate::tr!(lang, "file-not-utf8"))
}

pub(super) fn language_of(text: &str) -> Language {
    text.lines()
        .filter_map(|l| l.split_once('='))
        .filter(|(k, _)| k.trim() == "language")
        .find_map(|(_, v)| Language::from_code(v.trim().trim_matches(['"', '\''])))
        .unwrap_or_default()
}
