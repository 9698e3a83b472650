//! The folder-wide lists: the public list of tournaments
//! (`out/public/index.html`) and the arbiter's one with each tournament's
//! counts of findings (`out/arbiter/index.html`; docs/output.md).

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::Environment;
use serde::Serialize;

use super::arbiter::FindingCounts;
use super::labels::labels;
use super::{fmt_date, redact_emails};
use crate::finding::Finding;
use crate::model::Language;

/// A line of the folder-wide indexes.
#[derive(Serialize)]
pub struct IndexLine {
    /// For the arbiter's index only.
    pub counts: FindingCounts,
    pub id: String,
    pub name: String,
    pub games: usize,
    pub finished: usize,
    pub errors: usize,
    pub warnings: usize,
    /// Whether a public report is there (not so for a tournament whose
    /// inputs fail and that was never published).
    pub available: bool,
    /// The as-of date of the public report when it is stale (its inputs
    /// failed in this run).
    pub stale_since: Option<String>,
    /// The tournament's language: the list is in Russian when all are.
    #[serde(skip)]
    pub language: Language,
}

/// Renders `out/arbiter/index.html`: every tournament with its counts of
/// findings, and which public reports are stale.
///
/// # Errors
/// A template that fails to render.
pub fn render_arbiter_index(
    env: &Environment<'_>,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<Vec<u8>> {
    Ok(render_list(env, "arbiter-index.html", as_of, lines, findings)?.into_bytes())
}

/// Renders `out/public/index.html`, listing the tournaments.
///
/// # Errors
/// A template that fails to render.
pub fn render_index(
    env: &Environment<'_>,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<Vec<u8>> {
    let text = render_list(env, "tournaments.html", as_of, lines, findings)?;
    Ok(redact_emails(&text).into_owned().into_bytes())
}

/// A list of the tournaments (`template`: the public or the arbiter's one),
/// with the findings about the folder itself.
fn render_list(
    env: &Environment<'_>,
    template: &str,
    as_of: NaiveDate,
    lines: &[IndexLine],
    findings: &[Finding],
) -> anyhow::Result<String> {
    let lang = index_language(lines);
    let t = labels(lang);
    let findings: Vec<String> = findings
        .iter()
        .map(|f| format!("{}: {}", f.file.clone().unwrap_or_default(), f.message))
        .collect();
    let ctx = minijinja::context! {
        t => super::v(t),
        as_of => fmt_date(Some(as_of), lang),
        lang => lang.code(),
        root => "",
        tournaments => super::v(lines),
        findings => findings,
    };
    env.get_template(template)
        .and_then(|tpl| tpl.render(ctx))
        .map_err(|e| anyhow!("template {template}: {e:#}"))
}

/// The language of a list of tournaments: Russian when every one is.
fn index_language(lines: &[IndexLine]) -> Language {
    if !lines.is_empty() && lines.iter().all(|l| l.language == Language::Ru) {
        Language::Ru
    } else {
        Language::En
    }
}
