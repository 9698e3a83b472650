//! The whole run: load → analyse every game in parallel → standings and
//! tournament findings → render every tournament in parallel → write.

use anyhow::{Context, bail};
use chrono::NaiveDate;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use crate::compute::{TournamentReport, compute_from};
use crate::finding::{FileFacts, Finding, Severity};
use crate::load::{Catalog, Inputs, Loaded, load};
use crate::messages::said;
use crate::output::fingerprint::Fingerprint;
use crate::output::incremental::Stored;
use crate::output::snapshot::Snapshot;
use crate::output::{Files, Output, is_reserved};
use crate::render::{
    IndexLine, environment, render_arbiter_index, render_index, render_tournament, render_tournament_since,
};

/// The `report` command's settings, validated.
#[derive(Debug, Clone)]
pub struct Options {
    pub tournaments: PathBuf,
    pub out: PathBuf,
    pub as_of: NaiveDate,
    pub templates: Option<PathBuf>,
    /// Threads, within [`JOBS`]; `None` for all cores.
    pub jobs: Option<usize>,
    /// Write every tournament's files, even those whose inputs are as they
    /// were at their last report (which are otherwise reused).
    pub force: bool,
}

/// The accepted numbers of worker threads.
pub const JOBS: std::ops::RangeInclusive<usize> = 1..=256;

/// What a run did, for the one-line summary and the exit status.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub tournaments: usize,
    /// Tournaments not written again: their inputs were as at their last
    /// report (src/output/incremental.rs).
    pub reused: usize,
    pub games: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Wall-clock milliseconds of the whole run and of its stages.
    pub millis: u128,
    pub stages: Stages,
    /// Error findings per code: how many, and the tournaments (or folder
    /// entries) that have them, for the last lines of stderr.
    pub errors_by_code: BTreeMap<String, (usize, BTreeSet<String>)>,
    /// Warnings about the run itself (a template file that matches no
    /// template, a leftover that could not be removed), for stderr.
    pub notes: Vec<String>,
    /// The tournaments whose public bulletin this run left as it was,
    /// because their core files could not be read: said on stderr even
    /// with `--quiet`, so that cron's mail tells the arbiter.
    pub stale: Vec<StaleBulletin>,
}

/// A tournament whose public bulletin was not replaced in this run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleBulletin {
    pub id: String,
    /// What could not be read, in a sentence.
    pub reason: String,
    /// The as-of date of the bulletin still public; none if none ever was.
    pub since: Option<NaiveDate>,
}

/// Milliseconds per stage, for the summary line and the benchmark.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stages {
    pub load: u128,
    pub games: u128,
    pub render: u128,
    pub write: u128,
}

/// Counts of findings by severity: error, warning, info.
fn counts<'a>(findings: impl Iterator<Item = &'a Finding>) -> [usize; 3] {
    let mut counts = [0usize; 3];
    for f in findings {
        counts[f.severity.index()] += 1;
    }
    counts
}

/// Runs the report, calling `progress(done, total)` after each tournament
/// is written (from worker threads), for the command line's progress bar.
/// Each tournament is computed, rendered and written in turn (tournaments
/// and their games in parallel), so memory holds only the tournaments in
/// flight.
///
/// # Errors
/// When the run cannot be made (overlapping folders, no tournament found,
/// an unwritable output folder, a broken template, another run holding the
/// output folder, `jobs` outside 1..=256): nothing is written then.
pub fn run_with_progress(opts: &Options, progress: &(dyn Fn(usize, usize) + Sync)) -> anyhow::Result<Summary> {
    let started = Instant::now();
    if let Some(jobs) = opts.jobs
        && !JOBS.contains(&jobs)
    {
        bail!("--jobs {jobs}: it must be between 1 and 256");
    }
    // Before anything is read or written: the output folder and its two
    // trees opened, never through a link, checked apart from the
    // tournaments by device and inode, and locked (a second run stops here
    // at once, naming the first). Everything is written through them.
    let output = Output::open(&opts.tournaments, &opts.out)?;
    let _runaway = crate::render::on_runaway(output.lock_remover()?);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .context("failed to start the worker threads")?;
    let env = environment(opts.templates.as_deref())?;
    let mut notes: Vec<String> = opts
        .templates
        .as_deref()
        .map(crate::render::unknown_templates)
        .unwrap_or_default();
    // What the inputs look like before they are read: a tournament edited
    // during the run is told by it ([`Snapshot`]).
    let snapshot = pool.install(|| Snapshot::take(&opts.tournaments));
    // The tool's fingerprint (its executable hashed) beside the loading.
    let (catalog, _) =
        pool.install(|| rayon::join(|| load_catalog(opts), crate::output::fingerprint::tool_fingerprint));
    let catalog = catalog?;
    crate::output::fault_point("loaded", &opts.tournaments);
    // The tool and the templates, as read once: what every page's
    // fingerprint holds.
    let run_fp = crate::output::incremental::run_fingerprint(
        &opts.tournaments,
        opts.templates.as_deref().map(|dir| (dir, env.sources())),
    );
    let prints = pool.install(|| fingerprints(opts, run_fp, &output, &catalog.tournaments));
    pool.install(|| check_templates(opts, &env, &catalog.tournaments, &prints))?;
    notes.extend(output.sweep());
    let load_ms = started.elapsed().as_millis();
    let writer = Writer {
        opts,
        env: &env,
        output: &output,
        snapshot: &snapshot,
        run_fp,
    };
    let turns = pool.install(|| writer.write_all(&catalog.tournaments, prints, progress));
    let done = finished(turns)?;
    let (mut summary, index) = summarize(done, &catalog.findings, &opts.tournaments);
    summary.stages.load = load_ms;
    notes.extend(write_indexes(opts, &env, &output, &index, &catalog.findings)?);
    drop(output);
    notes.append(&mut summary.notes);
    summary.notes = notes;
    summary.millis = started.elapsed().as_millis();
    Ok(summary)
}

/// A dry run of the tournaments to be written (every one with
/// `--templates`, else the first), so that a template that fails at render
/// time (or runs away) stops the run before anything is written; and
/// of the two indexes and the stylesheet, written last (an include refused,
/// fuel run out), before the first tournament is replaced.
///
/// # Errors
/// The template that fails.
fn check_templates(
    opts: &Options,
    env: &crate::render::Templates,
    tournaments: &[Loaded],
    prints: &[Print],
) -> anyhow::Result<()> {
    // Every tournament to be written when --templates overrides them (a
    // user's template may fail on one tournament's data alone), else the
    // first (the embedded templates are the tested ones; rendering every
    // tournament twice would cost every run).
    let dry: Vec<_> = tournaments
        .iter()
        .zip(prints)
        .filter(|(_, p)| p.stored.is_none())
        .take(if opts.templates.is_some() { usize::MAX } else { 1 })
        .collect();
    dry.par_iter().try_for_each(|(t, p)| {
        let r = compute_from(t, opts.as_of, p.inputs.as_ref(), Default::default());
        render_tournament(env, &r).map(drop)
    })?;
    render_index(env, opts.as_of, &[], &[])?;
    render_arbiter_index(env, opts.as_of, &[], &[])?;
    crate::render::style(env)?;
    Ok(())
}

/// Writes what stands beside the tournaments' folders, once they are
/// written: the two indexes, the stylesheet of both trees and a theme's
/// own files; each only when it changed, so that a run that changed
/// nothing leaves every file as it was. Returns the warnings about the
/// theme's files.
///
/// # Errors
/// A template that fails, or any I/O error.
fn write_indexes(
    opts: &Options,
    env: &crate::render::Templates,
    output: &Output,
    index: &[IndexLine],
    folder: &[Finding],
) -> anyhow::Result<Vec<String>> {
    let mut notes = Vec::new();
    // The folder's own troubles (a folder skipped, a link not followed) are
    // the arbiter's: the public index never receives them.
    let page = render_index(env, opts.as_of, index, &[])?;
    output.public().write_if_changed("index.html", &page, opts.force)?;
    // The stylesheet every page links, once per tree.
    let style = crate::render::style(env)?;
    output.public().write_if_changed("style.css", &style, opts.force)?;
    output.arbiter().write_if_changed("style.css", &style, opts.force)?;
    // A theme's own files, in `static/` of both trees; a run without a
    // theme clears what an earlier theme left.
    let theme = opts.templates.as_ref().map(|t| t.join(STATIC));
    let (public_static, arbiter_static, theme_notes) = theme_files(theme.as_deref())?;
    notes.extend(theme_notes);
    notes.extend(output.public().write_static(&public_static, opts.force)?);
    notes.extend(output.arbiter().write_static(&arbiter_static, opts.force)?);
    let page = render_arbiter_index(env, opts.as_of, index, folder)?;
    output.arbiter().write_if_changed("index.html", &page, opts.force)?;
    Ok(notes)
}

/// The folder of a theme's own files (`--templates DIR/static/`: a logo, a
/// font), copied as it is into `static/` of both trees, so that
/// `{{ root }}static/logo.svg` works on every page of both.
pub const STATIC: &str = "static";

/// The regular files under `from` (none without a theme), subfolders kept,
/// for `static/` of both trees: the public tree's without a text file that
/// holds an email address. A link or any other entry that is not a regular
/// file or a folder is not followed nor copied; each thing left out is a
/// warning naming it.
///
/// # Errors
/// A file that cannot be read, naming its path.
fn theme_files(from: Option<&Path>) -> anyhow::Result<(Files, Files, Vec<String>)> {
    let mut notes = Vec::new();
    let (mut public, mut arbiter) = (Files::new(), Files::new());
    let Some(from) = from.filter(|f| f.is_dir()) else {
        return Ok((public, arbiter, notes));
    };
    for entry in walkdir::WalkDir::new(from).follow_links(false).sort_by_file_name() {
        let entry = entry.with_context(|| format!("failed to read `{}`", from.display()))?;
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        if !kind.is_file() {
            notes.push(format!(
                "`{}` is not a regular file (a link, a FIFO, a device): not copied",
                entry.path().display()
            ));
            continue;
        }
        let bytes =
            std::fs::read(entry.path()).with_context(|| format!("failed to read `{}`", entry.path().display()))?;
        let rel = entry.path().strip_prefix(from).unwrap_or(entry.path());
        let rel: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let rel = rel.join("/");
        let holds_address = std::str::from_utf8(&bytes)
            .is_ok_and(|t| matches!(crate::render::redact_emails(t), std::borrow::Cow::Owned(_)));
        if holds_address {
            notes.push(format!(
                "`{}` holds an email address: not copied into the public tree",
                entry.path().display()
            ));
        } else {
            public.insert(rel.clone(), bytes.clone());
        }
        arbiter.insert(rel, bytes);
    }
    Ok((public, arbiter, notes))
}

/// Every tournament's turn, or the run's error when one failed: it names
/// the tournaments whose folders were replaced before the failure (each
/// whole), the others and the two indexes being as they were.
///
/// # Errors
/// The first tournament's failure, with that list.
fn finished(turns: Vec<Option<anyhow::Result<Done>>>) -> anyhow::Result<Vec<Done>> {
    if turns.iter().all(|t| matches!(t, Some(Ok(_)))) {
        return Ok(turns.into_iter().flatten().flatten().collect());
    }
    let mut replaced = Vec::new();
    let mut first = None;
    for turn in turns.into_iter().flatten() {
        match turn {
            Ok(d) if !d.reused => replaced.push(d.line.id),
            Ok(_) => {}
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    let e = first.unwrap_or_else(|| anyhow::anyhow!("a tournament was not written"));
    let replaced = if replaced.is_empty() {
        "no tournament's folders were replaced".to_string()
    } else {
        format!(
            "the folders of {} were replaced before it, each whole",
            replaced.join(", ")
        )
    };
    Err(e.context(format!(
        "the run stopped: {replaced}; every other tournament's folders and both indexes are as they were"
    )))
}

/// The tournaments folder, loaded; a tournament whose folder has the name
/// of a file the tool writes is skipped with a finding.
///
/// # Errors
/// When the folder cannot be read, or holds no tournament.
fn load_catalog(opts: &Options) -> anyhow::Result<Catalog> {
    let mut catalog = load(&opts.tournaments, opts.as_of)?;
    let (kept, refused): (Vec<Loaded>, Vec<Loaded>) = std::mem::take(&mut catalog.tournaments)
        .into_iter()
        .partition(|l| !is_reserved(&l.tournament.id));
    catalog.tournaments = kept;
    for l in refused {
        let id = &l.tournament.id;
        catalog
            .findings
            .push(Finding::new(FileFacts::FolderReserved { id: id.clone() }).at(id, None));
    }
    if catalog.tournaments.is_empty() {
        let why: Vec<String> = catalog
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{}: {}",
                    f.file.clone().unwrap_or_default(),
                    said(crate::model::Language::En, f)
                )
            })
            .collect();
        bail!(
            "no tournament found in `{}` (a tournament is a folder holding a tournament.toml){}",
            opts.tournaments.display(),
            if why.is_empty() {
                String::new()
            } else {
                format!("; {}", why.join("; "))
            }
        );
    }
    Ok(catalog)
}

/// What the run knows of a tournament before its turn: its fingerprint,
/// what was stored at its last report when that was made from the same
/// inputs (not with --force), and the bytes of its files as the
/// fingerprint read them, when it is to be written and they fit in
/// [`KEPT_INPUTS`].
struct Print {
    fp: Option<Fingerprint>,
    stored: Option<Stored>,
    inputs: Option<Inputs>,
}

/// The most input bytes kept from the fingerprints for the game stage, all
/// tournaments together: within it each file is read once; a federation
/// whose inputs are larger reads the rest again, memory bounded.
const KEPT_INPUTS: usize = 64 << 20;

/// Each tournament's [`Print`].
fn fingerprints(opts: &Options, run_fp: Fingerprint, output: &Output, tournaments: &[Loaded]) -> Vec<Print> {
    let budget = std::sync::atomic::AtomicUsize::new(KEPT_INPUTS);
    tournaments
        .par_iter()
        .map(|l| {
            let mut inputs = Inputs::new();
            let fp = crate::output::incremental::tournament_fingerprint(run_fp, l, Some(&mut inputs));
            let stored = fp
                .filter(|_| !opts.force)
                .and_then(|fp| crate::output::incremental::reusable(output, &l.tournament.id, fp, opts.as_of));
            let size: usize = inputs.values().map(Vec::len).sum();
            let fits = || {
                budget
                    .fetch_update(Relaxed, Relaxed, |left| left.checked_sub(size))
                    .is_ok()
            };
            let inputs = (stored.is_none() && fits()).then_some(inputs);
            Print { fp, stored, inputs }
        })
        .collect()
}

/// What one tournament's turn gave the run.
struct Done {
    line: IndexLine,
    /// Findings by severity: error, warning, info.
    counts: [usize; 3],
    stages: Stages,
    /// The code of each error finding.
    errors: Vec<String>,
    games: usize,
    /// Leftovers that could not be removed, for the notes.
    left: Vec<String>,
    reused: bool,
    stale: Option<StaleBulletin>,
}

impl Done {
    /// A tournament whose inputs are as at its last report: its files stay.
    fn reused(s: &Stored, id: &str) -> Self {
        Done {
            line: stored_line(s, id),
            counts: s.counts,
            stages: Stages::default(),
            errors: s.errors.clone(),
            games: s.analysed,
            left: Vec::new(),
            reused: true,
            stale: s.stale.clone().map(|reason| StaleBulletin {
                id: id.to_string(),
                reason,
                since: s.stale_since.as_deref().and_then(|d| d.parse().ok()),
            }),
        }
    }
}

/// The folder-wide indexes' line of tournament `id`, from what its last
/// report stored.
fn stored_line(s: &Stored, id: &str) -> IndexLine {
    IndexLine {
        counts: s.findings.clone(),
        language: s.language,
        id: id.to_string(),
        name: s.name.clone(),
        games: s.games,
        finished: s.finished,
        errors: s.counts[0],
        warnings: s.counts[1],
        available: s.available,
        stale_since: s.stale_since.clone(),
    }
}

/// What every tournament's turn needs: the run's settings, templates, lock
/// and the two trees it writes.
struct Writer<'a> {
    opts: &'a Options,
    env: &'a crate::render::Templates,
    output: &'a Output,
    snapshot: &'a Snapshot,
    run_fp: Fingerprint,
}

impl Writer<'_> {
    /// Every tournament's turn, in parallel: reused when its inputs are as
    /// at its last report, else written; `progress(done, total)` after
    /// each. After a failure no further tournament is begun (`None`);
    /// those already written stay written, and the error names them.
    fn write_all(
        &self,
        tournaments: &[Loaded],
        prints: Vec<Print>,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<Option<anyhow::Result<Done>>> {
        let total = tournaments.len();
        let written = std::sync::atomic::AtomicUsize::new(0);
        let failed = std::sync::atomic::AtomicBool::new(false);
        tournaments
            .par_iter()
            .zip(prints)
            .map(|(loaded, p)| {
                if failed.load(Relaxed) {
                    return None;
                }
                let done = match &p.stored {
                    Some(s) => Ok(Done::reused(s, &loaded.tournament.id)),
                    None => self.write(loaded, p.fp, p.inputs.as_ref()),
                };
                if done.is_err() {
                    failed.store(true, Relaxed);
                }
                progress(written.fetch_add(1, Relaxed) + 1, total);
                Some(done)
            })
            .collect()
    }

    /// One tournament's turn: what its last report left is read, then it
    /// is computed, rendered (a game's files only when what they show
    /// changed since that report) and written; with its fingerprint (of
    /// its inputs without the date), its summary is stored for the next
    /// run, unless the inputs changed while they were read.
    fn write(&self, loaded: &Loaded, fp: Option<Fingerprint>, inputs: Option<&Inputs>) -> anyhow::Result<Done> {
        let (opts, id) = (self.opts, &loaded.tournament.id);
        let t0 = Instant::now();
        let before = crate::output::tournament::before(self.output, id, opts.as_of);
        let r = compute_from(loaded, opts.as_of, inputs, before);
        let t1 = Instant::now();
        let since = crate::output::tournament::rendered_before(self.output, id, self.run_fp, opts.force);
        let files = render_tournament_since(self.env, &r, &since)?;
        let t2 = Instant::now();
        // Edited since the snapshot: the report may mix the bytes before and
        // after, so no fingerprint vouches for it.
        let fp = fp.filter(|_| self.snapshot.unchanged(&loaded.tournament.dir));
        let c = counts(r.all_findings());
        let line = index_line(&r, id, c);
        let left = crate::output::tournament::write(self.output, self.env, &r, files, fp, &line)?;
        let stages = Stages {
            load: 0,
            games: (t1 - t0).as_millis(),
            render: (t2 - t1).as_millis(),
            write: t2.elapsed().as_millis(),
        };
        Ok(Done {
            line,
            counts: c,
            stages,
            errors: r
                .all_findings()
                .filter(|f| f.severity == Severity::Error)
                .map(|f| f.code.as_str().to_string())
                .collect(),
            games: r.games.len(),
            left,
            reused: false,
            stale: r.stale.as_ref().map(|s| StaleBulletin {
                id: id.clone(),
                reason: s.reason.clone(),
                since: s.published.as_ref().map(|p| p.as_of),
            }),
        })
    }
}

/// A tournament's line in the two indexes, from its report and the counts
/// of its findings by severity.
fn index_line(r: &TournamentReport<'_>, id: &str, c: [usize; 3]) -> IndexLine {
    let shown = r.published();
    IndexLine {
        counts: crate::render::finding_counts(r),
        id: id.to_string(),
        name: shown.as_ref().map_or_else(|| id.to_string(), |p| p.name.clone()),
        games: shown.as_ref().map_or(0, |p| p.games),
        finished: shown.as_ref().map_or(0, |p| p.finished),
        errors: c[0],
        warnings: c[1],
        language: r.tournament.settings.language,
        available: shown.is_some(),
        stale_since: r
            .stale
            .as_ref()
            .and_then(|s| s.published.as_ref())
            .map(|p| p.as_of.to_string()),
    }
}

/// The run's counts from every tournament's turn and the folder's own
/// findings, with the index lines in the tournaments' order. The notes are
/// the leftovers that could not be removed.
fn summarize(done: Vec<Done>, folder: &[Finding], tournaments: &Path) -> (Summary, Vec<IndexLine>) {
    let mut summary = Summary {
        tournaments: done.len(),
        ..Summary::default()
    };
    let mut index = Vec::new();
    for d in done {
        summary.reused += usize::from(d.reused);
        summary.games += d.games;
        summary.notes.extend(d.left);
        summary.stale.extend(d.stale);
        summary.errors += d.counts[0];
        summary.warnings += d.counts[1];
        summary.infos += d.counts[2];
        // Busy time summed over threads, not wall-clock.
        summary.stages.games += d.stages.games;
        summary.stages.render += d.stages.render;
        summary.stages.write += d.stages.write;
        for code in d.errors {
            let e = summary.errors_by_code.entry(code).or_default();
            e.0 += 1;
            e.1.insert(d.line.id.clone());
        }
        index.push(d.line);
    }
    let c = counts(folder.iter());
    summary.errors += c[0];
    summary.warnings += c[1];
    summary.infos += c[2];
    for f in folder.iter().filter(|f| f.severity == Severity::Error) {
        let e = summary.errors_by_code.entry(f.code.as_str().to_string()).or_default();
        e.0 += 1;
        e.1.insert(f.file.clone().unwrap_or_else(|| tournaments.display().to_string()));
    }
    (summary, index)
}

/// What `ccbulletin templates DIR` did: the files written, and the names in
/// `dir` that are not regular files (a FIFO, a device, a folder, a link),
/// which are never opened and so not written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenTemplates {
    pub written: Vec<PathBuf>,
    pub not_files: Vec<PathBuf>,
}

/// Writes the embedded templates named in `names` (all of them when it is
/// empty; every name one of [`crate::render::TEMPLATES`]) into `dir` for
/// editing (`ccbulletin templates DIR [NAME…]`). A file already there that differs from the default (an
/// edited template) is not overwritten unless `force`: then nothing is
/// written and the error names the files. A name there that is not a
/// regular file is never opened (a FIFO would block the run forever): it
/// is left as it is and named in [`WrittenTemplates::not_files`].
///
/// # Errors
/// Edited files in the way, or any I/O error, naming its path.
pub fn write_templates(dir: &std::path::Path, names: &[String], force: bool) -> anyhow::Result<WrittenTemplates> {
    // `None` for a name that is free, else whether it is a regular file.
    let regular = |path: &Path| std::fs::symlink_metadata(path).ok().map(|m| m.file_type().is_file());
    let chosen: Vec<&(&str, &str)> = crate::render::TEMPLATES
        .iter()
        .filter(|(name, _)| names.is_empty() || names.iter().any(|n| n == name))
        .collect();
    let edited: Vec<String> = chosen
        .iter()
        .map(|(name, text)| (dir.join(name), text))
        .filter(|(path, text)| {
            regular(path) == Some(true) && std::fs::read(path).ok().as_deref() != Some(text.as_bytes())
        })
        .map(|(path, _)| format!("`{}`", path.display()))
        .collect();
    if !force && !edited.is_empty() {
        bail!(
            "{} already there and not the default: nothing written (--force overwrites)",
            edited.join(", ")
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("failed to create `{}`", dir.display()))?;
    let mut done = WrittenTemplates::default();
    for (name, text) in chosen {
        let path = dir.join(name);
        if regular(&path) == Some(false) {
            done.not_files.push(path);
            continue;
        }
        std::fs::write(&path, text).with_context(|| format!("failed to write `{}`", path.display()))?;
        done.written.push(path);
    }
    Ok(done)
}
