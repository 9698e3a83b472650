//! The render stage: one view struct per page, made for the templates
//! (never the domain types), rendered by minijinja from the embedded
//! templates of `templates/` (each HTML page extends base.html), overridden
//! file by file from `--templates DIR`; and the PGN, calendars and
//! report.json. Views format the facts the game stage decided and decide
//! nothing. The public pages are rendered by [`Templates::public`], whose
//! formatter hides the addresses in every value a template prints; every
//! public file passes through [`redact_emails`] last.

mod budget;
pub mod calendar;
mod json;
pub mod labels;
mod pages;
mod records;
mod redact;
pub mod stems;
mod text;
mod views;

pub use budget::{Budgeted, RunawayGuard, on_runaway};
pub use json::{FindingWire, GameWire, report_json};
pub use pages::{
    Files, IndexLine, Rendered, Since, render_arbiter_index, render_game_pages, render_index, render_tournament,
    render_tournament_since, render_unavailable,
};
pub use redact::redact_emails;
use text::pad;
pub use text::{TEXT_WIDTH, wrap_lines};
pub use views::arbiter::{FindingCounts, finding_counts};

use anyhow::anyhow;
use chrono::NaiveDate;
use minijinja::Environment;
use std::collections::BTreeMap;
use std::path::Path;

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
    ("macros.html", include_str!("../../templates/macros.html")),
    ("unavailable.html", include_str!("../../templates/unavailable.html")),
];

/// The public tree seen from a tournament's arbiter folder
/// (`out/arbiter/<t>/` → `out/public/`).
pub const PUBLIC_FROM_ARBITER: &str = "../../public";

/// The templates of a run: the minijinja environment with every template
/// parsed, for the arbiter's files, and the same environment for the
/// public files, whose formatter and padding filters hide addresses.
/// Dereferences to the arbiter's environment.
pub struct Templates {
    env: Environment<'static>,
    public: Environment<'static>,
    sources: std::sync::Arc<BTreeMap<String, String>>,
}

/// Renders template `name` with `ctx`, its memory bounded
/// ([`budget::PAGE_BYTES`]) as its steps are ([`FUEL`]).
///
/// # Errors
/// A template that does not render (minijinja's error).
pub(crate) fn render_page(
    env: &Environment<'_>,
    name: &str,
    ctx: impl Into<minijinja::Value>,
) -> Result<String, minijinja::Error> {
    budget::render(name, || env.get_template(name).and_then(|tpl| tpl.render(ctx)))
}

impl Templates {
    /// The files of `--templates` as they were read, once, at the start of
    /// the run: the very text every page is rendered from, for the run's
    /// fingerprint (a file edited during the run is never stored as read).
    pub fn sources(&self) -> &BTreeMap<String, String> {
        &self.sources
    }

    /// The environment of the public files: every `{{ … }}` of a template
    /// prints its value with the addresses in it hidden ([`redact_emails`],
    /// before HTML escaping), and `ljust`/`rjust` hide them before they pad,
    /// so that the views and templates never call the filter value by value.
    /// The whole file still passes it last.
    pub fn public(&self) -> &Environment<'static> {
        &self.public
    }
}

impl std::ops::Deref for Templates {
    type Target = Environment<'static>;
    fn deref(&self) -> &Environment<'static> {
        &self.env
    }
}

/// The fuel of one page's render (minijinja's `fuel`: about one an
/// instruction or an item iterated): the bulletin of a 40-player round robin
/// (780 games, 1.1 MB of HTML) needs between 0.3 and 0.5 million, so this
/// leaves a hundred times that; a template that runs away (nested
/// `range(100000)` loops) stops at it, with an error, in seconds.
pub const FUEL: u64 = 50_000_000;

/// How deep templates may nest (includes, macros, blocks).
const RECURSION: usize = 64;

/// The largest template file read.
const MAX_TEMPLATE_BYTES: u64 = 1 << 20;

/// Whether `name` may name a template: a plain file name, neither a path
/// (absolute, with a `/` or `\\`, `..`) nor a hidden file.
fn is_template_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\', '\0'])
}

/// Reads every regular file of a `--templates` folder, once, without
/// following a link: name → text.
///
/// # Errors
/// A folder that cannot be read, a template name that is a link, or a file
/// that cannot be read, is not UTF-8 or is over 1 MB.
fn read_sources(dir: &Path) -> anyhow::Result<BTreeMap<String, String>> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| anyhow!("failed to read the templates folder `{}`: {e}", dir.display()))?;
    let mut sources = BTreeMap::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_symlink() && TEMPLATES.iter().any(|(t, _)| *t == name) {
            return Err(anyhow!(
                "the template `{}` is a link: templates are read only from the files of the folder, never through a link",
                path.display()
            ));
        }
        if !kind.is_file() || !is_template_name(&name) {
            continue;
        }
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, rustix::fs::OFlags::NOFOLLOW.bits() as i32);
        let mut text = String::new();
        use std::io::Read;
        options
            .open(&path)
            .and_then(|f| f.take(MAX_TEMPLATE_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| anyhow!("failed to read the template `{}`: {e}", path.display()))?;
        if text.len() as u64 > MAX_TEMPLATE_BYTES {
            return Err(anyhow!("the template `{}` is over 1 MB", path.display()));
        }
        sources.insert(name, text);
    }
    Ok(sources)
}

/// Builds the template environment: the files of the user's folder first
/// (each read once, here), then the embedded defaults. A template includes
/// or extends only these, by name: an absolute path, `..` or any other
/// path is refused. Every render runs on [`FUEL`] with a recursion limit,
/// so a runaway template is an error, not a hang or an abort.
///
/// # Errors
/// A user template that does not parse (the error names it and its line),
/// or that cannot be read.
pub fn environment(user: Option<&Path>) -> anyhow::Result<Templates> {
    let mut env = Environment::new();
    // A misspelt name in a template is an error, not an empty string.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    env.set_fuel(Some(FUEL));
    env.set_recursion_limit(RECURSION);
    if let Some(dir) = user
        && !dir.is_dir()
    {
        return Err(anyhow!("the templates folder `{}` does not exist", dir.display()));
    }
    let sources = std::sync::Arc::new(match user {
        Some(dir) => read_sources(dir)?,
        None => BTreeMap::new(),
    });
    set_loader(&mut env, sources.clone());
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .map_err(|e| anyhow!("template syntax: {e}"))?,
    );
    add_filters(&mut env);
    // Parse every template now, so that a broken one stops the run before
    // anything is written.
    for (name, _) in TEMPLATES {
        env.get_template(name).map_err(|e| anyhow!("template {name}: {e:#}"))?;
    }
    let public = public_environment(&env);
    Ok(Templates { env, public, sources })
}

/// Serves the user's templates (`served`), then the embedded ones, by
/// name; any other name is refused.
fn set_loader(env: &mut Environment<'static>, served: std::sync::Arc<BTreeMap<String, String>>) {
    env.set_loader(move |name| {
        if !is_template_name(name) {
            return Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!(
                    "`{name}` is not a template of the set: a template includes or extends only \
                     the embedded templates and the files of --templates, by their name"
                ),
            ));
        }
        if let Some(text) = served.get(name) {
            return Ok(Some(text.clone()));
        }
        Ok(TEMPLATES.iter().find(|(n, _)| *n == name).map(|(_, s)| s.to_string()))
    });
}

/// The filters every template may use: `ljust`, `rjust`, `keep_with`,
/// `truncate` and `count`.
fn add_filters(env: &mut Environment<'static>) {
    env.add_filter("ljust", |s: String, n: usize| pad(&s, n, false));
    env.add_filter("rjust", |s: String, n: usize| pad(&s, n, true));
    // `{{ t.by|keep_with(g.move_by) }}`: a label and its date joined by
    // no-break spaces (U+00A0, between the label's words too), so that the
    // wrapping of the text files never leaves the date without its label.
    env.add_filter("keep_with", |label: String, date: String| keep_with(&label, &date));
    // `{% filter truncate(70) %}`: a page's title kept short enough for a
    // tab and a search result (html-validate's `long-title`).
    // A filter block's text comes already escaped (safe), and stays so.
    env.add_filter("truncate", |v: minijinja::Value, n: usize| {
        let short = truncate(&v.to_string(), n);
        if v.is_safe() {
            minijinja::Value::from_safe_string(short)
        } else {
            minijinja::Value::from(short)
        }
    });
    // `{{ n|count("day") }}`: the number with its noun in the page's
    // language (`lang` of the context), in the form the number asks for:
    // the message `count-day` of the language's file.
    env.add_filter("count", |state: &minijinja::State, n: i64, noun: String| {
        let code = state.lookup("lang");
        let lang = code
            .as_ref()
            .and_then(|v| v.as_str())
            .and_then(Language::from_code)
            .ok_or_else(|| {
                minijinja::Error::new(
                    minijinja::ErrorKind::InvalidOperation,
                    format!("count: the page's `lang` is no language ({code:?})"),
                )
            })?;
        labels::try_count(n, &noun, lang).ok_or_else(|| {
            minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!("count: no noun `{noun}` (no message count-{noun} in languages/{lang}.ftl)"),
            )
        })
    });
}

/// `env` for the public pages: every value printed and padded with its
/// addresses hidden.
fn public_environment(env: &Environment<'static>) -> Environment<'static> {
    let mut public = env.clone();
    // A safe value is a macro's output, whose values were printed through
    // this formatter already, or one a template marked safe: the whole
    // file's pass hides what it holds.
    public.set_formatter(|out, state, value| {
        let text = value.as_str().filter(|_| !value.is_safe());
        match text.map(redact_emails) {
            Some(std::borrow::Cow::Owned(hidden)) => {
                minijinja::escape_formatter(out, state, &minijinja::Value::from(hidden))
            }
            _ => minijinja::escape_formatter(out, state, value),
        }
    });
    public.add_filter("ljust", |s: String, n: usize| pad(&redact_emails(&s), n, false));
    public.add_filter("rjust", |s: String, n: usize| pad(&redact_emails(&s), n, true));
    public
}

/// The no-break space: [`wrap_lines`] never breaks a line at it.
pub const NO_BREAK: char = '\u{a0}';

/// `label` and `date` as one word for [`wrap_lines`]: every space of the
/// label and the one between them a [`NO_BREAK`] space.
pub fn keep_with(label: &str, date: &str) -> String {
    let mut out = label.replace(' ', "\u{a0}");
    out.push(NO_BREAK);
    out.push_str(date);
    out
}

/// `text` cut to at most `n` characters at a space, with `…` added, when
/// it is longer. Cut only at a space, so that an escaped `&amp;` is never
/// split (a text without a space is cut at `n - 1` characters).
pub fn truncate(text: &str, n: usize) -> String {
    if text.chars().count() <= n || n == 0 {
        return text.to_string();
    }
    let limit = text.char_indices().nth(n - 1).map_or(text.len(), |(i, _)| i);
    let cut = text[..limit].rfind(' ').filter(|&i| i > 0).unwrap_or(limit);
    format!(
        "{}…",
        text[..cut].trim_end_matches([' ', '·', '—', '–', ',']).trim_end()
    )
}

/// The stylesheet every page links, written once into each tree
/// (`out/public/style.css`, `out/arbiter/style.css`).
///
/// # Errors
/// A `--templates` style.css that cannot be read.
pub fn style(env: &Templates) -> anyhow::Result<Vec<u8>> {
    render_page(env, "style.css", ())
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
        .filter(|n| !n.starts_with('.') && n != "static" && !TEMPLATES.iter().any(|(t, _)| t == n))
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

/// A date in the language's form ([`crate::messages::date`]); empty for
/// none.
pub fn fmt_date(d: Option<NaiveDate>, lang: Language) -> String {
    d.map(|d| crate::messages::date(d, lang)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{TEMPLATES, keep_with, truncate};

    /// A template a user overrides reads in any editor: no line over 120
    /// bytes (the long ones break with `{##}`, which the output drops).
    #[test]
    fn no_template_line_is_over_120() {
        for (name, text) in TEMPLATES {
            for (i, line) in text.lines().enumerate() {
                assert!(line.len() <= 120, "{name}:{} is {} bytes", i + 1, line.len());
            }
        }
    }

    /// The public environment hides an address in every value it prints,
    /// before escaping, before padding and before a title is cut; the
    /// arbiter's prints it.
    #[test]
    fn the_public_formatter_and_padding_hide_addresses() {
        let env = super::environment(None).unwrap();
        let ctx = minijinja::context! { x => "Ivan ivan@example.org", y => "a@b.org" };
        let public = |src: &str| env.public().render_str(src, ctx.clone()).unwrap();
        assert_eq!(public("{{ x }}"), "Ivan [address hidden]");
        assert_eq!(public("[{{ y|ljust(18) }}]"), "[[address hidden]  ]");
        assert_eq!(
            public("{% filter truncate(30) %}{{ x }} · {{ x }}{% endfilter %}"),
            "Ivan [address hidden] · Ivan…"
        );
        assert_eq!(env.render_str("{{ x }}", ctx.clone()).unwrap(), "Ivan ivan@example.org");
    }

    #[test]
    fn keep_with_joins_a_label_and_its_date_by_no_break_spaces() {
        assert_eq!(keep_with("last move", "2026-12-01"), "last\u{a0}move\u{a0}2026-12-01");
        assert_eq!(keep_with("до", "1 дек."), "до\u{a0}1 дек.");
    }

    #[test]
    fn truncate_cuts_at_a_space() {
        assert_eq!(truncate("short", 70), "short");
        let t = "Kuznetsova, Anna – Zaitsev, Nikolai · Email Championship 2026, semi-final 3";
        let cut = truncate(t, 70);
        assert!(cut.chars().count() <= 70, "{cut}");
        assert_eq!(cut, "Kuznetsova, Anna – Zaitsev, Nikolai · Email Championship 2026…");
        assert_eq!(truncate("A &amp; B and more", 9), "A &amp;…");
        assert_eq!(truncate("A &amp; B and more", 8), "A…");
    }
}
