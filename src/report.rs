//! The whole run: load → analyse every game in parallel → standings and
//! tournament findings → render every tournament in parallel → write.

use anyhow::Context;
use chrono::NaiveDate;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

use crate::finding::Finding;
use crate::findings::break_findings;
use crate::game::{GameContext, GameReport, analyze};
use crate::load::{Catalog, Loaded, load};
use crate::model::{DecisionKind, Withdrawal};
use crate::render::{IndexLine, TournamentReport, environment, render_index, render_tournament};
use crate::standings::standings;

/// The `report` command's settings, validated.
#[derive(Debug, Clone)]
pub struct Options {
    pub tournaments: PathBuf,
    pub out: PathBuf,
    pub as_of: NaiveDate,
    pub templates: Option<PathBuf>,
    /// Threads; `None` for all cores.
    pub jobs: Option<usize>,
}

/// What a run did, for the one-line summary and the exit status.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub tournaments: usize,
    pub games: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Wall-clock milliseconds of the whole run and of its stages.
    pub millis: u128,
    pub stages: Stages,
}

/// Milliseconds per stage, for the summary line and the benchmark.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stages {
    pub load: u128,
    pub games: u128,
    pub render: u128,
    pub write: u128,
}

/// Analyses every game of one tournament (in parallel) and adds its
/// standings and tournament-wide findings. Pure but for reading the games'
/// files.
pub fn compute_one(loaded: &Loaded, as_of: NaiveDate) -> TournamentReport<'_> {
    let t = &loaded.tournament;
    let games: Vec<GameReport> = t
        .pairings
        .par_iter()
        .map(|pairing| {
            analyze(&GameContext {
                tournament: t,
                pairing,
                as_of,
                file_prefix: format!("{}/games/", t.id),
            })
        })
        .collect();
    let players: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
    let annulled: Vec<String> = t
        .decisions
        .iter()
        .filter(|d| d.kind == DecisionKind::Withdrawal && d.withdrawal == Some(Withdrawal::Annul))
        .filter_map(|d| d.player.clone())
        .collect();
    let (table, cross) = standings(&players, &annulled, &games, &t.settings.tiebreaks);
    let mut findings: Vec<Finding> = loaded.findings.clone();
    findings.extend(break_findings(t));
    findings.sort_by(|a, b| a.urgency_key().cmp(&b.urgency_key()));
    TournamentReport {
        tournament: t,
        as_of,
        games,
        standings: table,
        crosstable: cross,
        findings,
    }
}

/// [`compute_one`] for every tournament of the catalog, in parallel.
pub fn compute(catalog: &Catalog, as_of: NaiveDate) -> Vec<TournamentReport<'_>> {
    catalog.tournaments.par_iter().map(|l| compute_one(l, as_of)).collect()
}

/// Counts of findings by severity: error, warning, info.
fn counts<'a>(findings: impl Iterator<Item = &'a Finding>) -> [usize; 3] {
    let mut counts = [0usize; 3];
    for f in findings {
        counts[f.severity as usize] += 1;
    }
    counts
}

/// Runs the report. Each tournament is computed, rendered and written in
/// turn (tournaments and their games in parallel), so memory holds only the
/// tournaments in flight.
///
/// # Errors
/// When the run cannot be made (no tournaments folder, an unwritable output
/// folder, a broken template): nothing is written then.
pub fn run(opts: &Options) -> anyhow::Result<Summary> {
    run_with_progress(opts, &|_, _| {})
}

/// [`run`], calling `progress(done, total)` after each tournament is
/// written (from worker threads), for the command line's progress bar.
///
/// # Errors
/// As [`run`].
pub fn run_with_progress(opts: &Options, progress: &(dyn Fn(usize, usize) + Sync)) -> anyhow::Result<Summary> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .context("failed to start the worker threads")?;
    let env = environment(opts.templates.as_deref())?;
    let catalog = load(&opts.tournaments, opts.as_of)?;
    crate::output::prepare(&opts.out)?;
    let load_ms = started.elapsed().as_millis();
    let total = catalog.tournaments.len();
    let written = std::sync::atomic::AtomicUsize::new(0);
    let done: Vec<(IndexLine, [usize; 3], Stages)> = pool.install(|| {
        // A dry run of the first tournament's templates, so that a template
        // that fails at render time stops the run before anything is written.
        if let Some(first) = catalog.tournaments.first() {
            render_tournament(&env, &compute_one(first, opts.as_of))?;
        }
        catalog
            .tournaments
            .par_iter()
            .map(|loaded| {
                let t0 = Instant::now();
                let r = compute_one(loaded, opts.as_of);
                let t1 = Instant::now();
                let files = render_tournament(&env, &r)?;
                let t2 = Instant::now();
                crate::output::write_tournament(&opts.out, &r.tournament.id, &files, None)?;
                progress(written.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, total);
                let c = counts(r.all_findings());
                let line = IndexLine {
                    id: r.tournament.id.clone(),
                    name: r.tournament.settings.name.clone(),
                    games: r.games.len(),
                    finished: r.games.iter().filter(|g| g.result.is_finished()).count(),
                    errors: c[0],
                    warnings: c[1],
                    language: r.tournament.settings.language,
                };
                let stages = Stages {
                    load: 0,
                    games: (t1 - t0).as_millis(),
                    render: (t2 - t1).as_millis(),
                    write: t2.elapsed().as_millis(),
                };
                Ok((line, c, stages))
            })
            .collect::<anyhow::Result<_>>()
    })?;
    let mut summary = Summary {
        tournaments: done.len(),
        ..Summary::default()
    };
    summary.stages.load = load_ms;
    let mut index = Vec::new();
    for (line, c, st) in done {
        summary.games += line.games;
        summary.errors += c[0];
        summary.warnings += c[1];
        summary.infos += c[2];
        // Busy time summed over threads, not wall-clock.
        summary.stages.games += st.games;
        summary.stages.render += st.render;
        summary.stages.write += st.write;
        index.push(line);
    }
    let c = counts(catalog.findings.iter());
    summary.errors += c[0];
    summary.warnings += c[1];
    summary.infos += c[2];
    let page = render_index(&env, opts.as_of, &index, &catalog.findings)?;
    crate::output::write_file(&opts.out.join("index.html"), &page)?;
    summary.millis = started.elapsed().as_millis();
    Ok(summary)
}

/// Writes the embedded templates into `dir` for editing (`ccbulletin templates DIR`).
///
/// # Errors
/// Any I/O error, naming its path.
pub fn write_templates(dir: &std::path::Path) -> anyhow::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("failed to create `{}`", dir.display()))?;
    crate::render::TEMPLATES
        .iter()
        .map(|(name, text)| {
            let path = dir.join(name);
            std::fs::write(&path, text).with_context(|| format!("failed to write `{}`", path.display()))?;
            Ok(path)
        })
        .collect()
}
