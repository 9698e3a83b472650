//! `ccbulletin.toml`, the run's settings file (README, "Every night"): the
//! folders and options of `ccbulletin report` kept beside the tournaments,
//! so that the cron line needs no flags and cannot forget the theme. Read
//! from the working folder; a flag given on the command line wins over the
//! file, the file over the defaults. Parsing only, and one read.

use anyhow::{Context, bail};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The settings file's name, looked for in the working folder.
pub const FILE: &str = "ccbulletin.toml";

/// The run's settings as the file gives them; a key left out is `None`.
/// A relative path is taken from the folder the file is in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSettings {
    /// The folder of tournaments (`--tournaments`).
    pub tournaments: Option<PathBuf>,
    /// The output folder (`--out`).
    pub out: Option<PathBuf>,
    /// The theme: templates overriding the embedded ones, and its
    /// `static/` files (`--templates`).
    pub templates: Option<PathBuf>,
    /// Worker threads, 1 to 256 (`--jobs`).
    pub jobs: Option<u16>,
}

/// Parses a settings file's text; `dir` is the folder it is in, which
/// relative paths are taken from.
///
/// # Errors
/// A syntax error or an unknown key (named, with the line: a typo must not
/// be ignored), a value of the wrong type, `jobs` outside 1..=256.
pub fn parse(text: &str, dir: &Path) -> anyhow::Result<RunSettings> {
    let mut s: RunSettings = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| format!("line {}: ", 1 + text[..s.start.min(text.len())].matches('\n').count()))
            .unwrap_or_default();
        anyhow::anyhow!("{line}{}", e.message())
    })?;
    if let Some(j) = s.jobs
        && !(1..=256).contains(&j)
    {
        bail!("jobs = {j}: it must be between 1 and 256");
    }
    for p in [&mut s.tournaments, &mut s.out, &mut s.templates].into_iter().flatten() {
        if p.is_relative() && dir != Path::new("") {
            *p = dir.join(&*p);
        }
    }
    Ok(s)
}

/// Reads `ccbulletin.toml` in `dir` when it is there: its path and settings.
///
/// # Errors
/// A file that is there but cannot be read or parsed; the error names it.
pub fn read(dir: &Path) -> anyhow::Result<Option<(PathBuf, RunSettings)>> {
    let path = dir.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("failed to read `{}`", path.display())),
    };
    let settings = parse(&text, dir).with_context(|| format!("`{}`", path.display()))?;
    Ok(Some((path, settings)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_relative_paths() {
        let s = parse(
            "tournaments = \"t\"\nout = \"/srv/out\"\ntemplates = \"theme\"\njobs = 2\n",
            Path::new("/srv/cc"),
        )
        .expect("parses");
        assert_eq!(s.tournaments.as_deref(), Some(Path::new("/srv/cc/t")));
        assert_eq!(s.out.as_deref(), Some(Path::new("/srv/out")));
        assert_eq!(s.templates.as_deref(), Some(Path::new("/srv/cc/theme")));
        assert_eq!(s.jobs, Some(2));
        assert_eq!(parse("", Path::new("")).expect("empty"), RunSettings::default());
    }

    #[test]
    fn unknown_key_is_named_with_its_line() {
        let e = parse("out = \"o\"\ntemplate = \"theme\"\n", Path::new("")).expect_err("typo");
        let e = format!("{e:#}");
        assert!(e.contains("line 2") && e.contains("`template`"), "{e}");
    }

    #[test]
    fn jobs_out_of_range() {
        let e = parse("jobs = 0\n", Path::new("")).expect_err("0 jobs");
        assert!(e.to_string().contains("between 1 and 256"), "{e}");
    }
}
