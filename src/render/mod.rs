//! The render stage: one view struct per page, made for the templates
//! (never the domain types), rendered by minijinja from the embedded
//! templates of `templates/` (each HTML page extends base.html), overridden
//! file by file from `--templates DIR`; and the PGN, calendars and
//! report.json. Views format the facts the game stage decided and decide
//! nothing. Every public file passes through [`redact_emails`] last.

pub mod calendar;
mod json;
pub mod labels;
mod pages;
mod records;
mod redact;
mod text;
mod views;

pub use json::report_json;
pub use pages::{
    Files, IndexLine, Rendered, Since, render_arbiter_index, render_game_pages, render_index, render_tournament,
    render_tournament_since, render_unavailable,
};
pub use redact::redact_emails;
use text::pad;
pub use text::{TEXT_WIDTH, wrap_lines};
pub use views::arbiter::{FindingCounts, finding_counts};
pub use views::player;

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::Environment;
use std::path::{Path, PathBuf};

use crate::model::Language;

/// The default templates, embedded in the binary.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("index.html", include_str!("../../templates/index.html")),
    ("game.html", include_str!("../../templates/game.html")),
    ("bulletin.txt", include_str!("../../templates/bulletin.txt")),
    ("arbiter.html", include_str!("../../templates/arbiter.html")),
    ("arbiter.txt", include_str!("../../templates/arbiter.txt")),
    ("tournaments.html", include_str!("../../templates/tournaments.html")),
    ("arbiter-index.html", include_str!("../../templates/arbiter-index.html")),
    ("style.css", include_str!("../../templates/style.css")),
    ("player.html", include_str!("../../templates/player.html")),
    ("next.txt", include_str!("../../templates/next.txt")),
];

/// The public tree seen from a tournament's arbiter folder
/// (`out/arbiter/<t>/` → `out/public/`).
pub const PUBLIC_FROM_ARBITER: &str = "../../public";

/// The templates of a run: the minijinja environment with every template
/// parsed. Dereferences to the environment.
pub struct Templates {
    env: Environment<'static>,
}

impl std::ops::Deref for Templates {
    type Target = Environment<'static>;
    fn deref(&self) -> &Environment<'static> {
        &self.env
    }
}

/// Builds the template environment: the user's folder first, then the
/// embedded defaults.
///
/// # Errors
/// A user template that does not parse: the error names it and its line.
pub fn environment(user: Option<&Path>) -> anyhow::Result<Templates> {
    let mut env = Environment::new();
    // A misspelt name in a template is an error, not an empty string.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    let user: Option<PathBuf> = user.map(Path::to_path_buf);
    if let Some(dir) = &user
        && !dir.is_dir()
    {
        return Err(anyhow!("the templates folder `{}` does not exist", dir.display()));
    }
    env.set_loader(move |name| {
        if let Some(dir) = &user {
            let path = dir.join(name);
            if path.is_file() {
                return std::fs::read_to_string(&path).map(Some).map_err(|e| {
                    minijinja::Error::new(
                        minijinja::ErrorKind::InvalidOperation,
                        format!("failed to read `{}`: {e}", path.display()),
                    )
                });
            }
        }
        Ok(TEMPLATES.iter().find(|(n, _)| *n == name).map(|(_, s)| s.to_string()))
    });
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .map_err(|e| anyhow!("template syntax: {e}"))?,
    );
    env.add_filter("ljust", |s: String, n: usize| pad(&s, n, false));
    env.add_filter("rjust", |s: String, n: usize| pad(&s, n, true));
    // `{{ n|count("day") }}`: the number with its noun in the page's
    // language (`lang` of the context), in the form the number asks for.
    env.add_filter("count", |state: &minijinja::State, n: i64, noun: String| {
        let noun = labels::Noun::from_name(&noun).ok_or_else(|| {
            minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!("count: no noun `{noun}`"),
            )
        })?;
        let lang = match state.lookup("lang").as_ref().and_then(|v| v.as_str()) {
            Some("ru") => Language::Ru,
            _ => Language::En,
        };
        Ok::<_, minijinja::Error>(labels::count(n, noun, lang))
    });
    // Parse every template now, so that a broken one stops the run before
    // anything is written.
    for (name, _) in TEMPLATES {
        env.get_template(name).map_err(|e| anyhow!("template {name}: {e:#}"))?;
    }
    Ok(Templates { env })
}

/// The stylesheet every page links, written once into each tree
/// (`out/public/style.css`, `out/arbiter/style.css`).
///
/// # Errors
/// A `--templates` style.css that cannot be read.
pub fn style(env: &Templates) -> anyhow::Result<Vec<u8>> {
    env.get_template("style.css")
        .and_then(|tpl| tpl.render(()))
        .map(String::into_bytes)
        .map_err(|e| anyhow!("template style.css: {e:#}"))
}

/// The files of a `--templates` folder that match no template (and so
/// change nothing), each named in a warning.
pub fn unknown_templates(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && !TEMPLATES.iter().any(|(t, _)| t == n))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let known: Vec<&str> = TEMPLATES.iter().map(|(t, _)| *t).collect();
            format!(
                "the template file `{}` matches no template and is not used (the templates are {})",
                dir.join(&n).display(),
                known.join(", ")
            )
        })
        .collect()
}

pub fn fmt_date(d: Option<NaiveDate>, lang: Language) -> String {
    d.map(|d| crate::dates::show(d, lang)).unwrap_or_default()
}
