//! The whole run: load → analyse every game in parallel → standings and
//! tournament findings → render every tournament in parallel → write.

use anyhow::Context;
use chrono::NaiveDate;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

use crate::finding::{Finding, Severity};
use crate::findings::break_findings;
use crate::game::{GameContext, GameReport, analyze};
use crate::load::{Catalog, load};
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
    pub millis: u128,
}

/// Analyses every game of every tournament (in parallel) and adds the
/// standings and tournament-wide findings. Pure: no I/O but reading the
/// games' files.
pub fn compute(catalog: &Catalog, as_of: NaiveDate) -> Vec<TournamentReport<'_>> {
    let tasks: Vec<(usize, usize)> = catalog
        .tournaments
        .iter()
        .enumerate()
        .flat_map(|(ti, l)| (0..l.tournament.pairings.len()).map(move |pi| (ti, pi)))
        .collect();
    let games: Vec<GameReport> = tasks
        .par_iter()
        .map(|&(ti, pi)| {
            let t = &catalog.tournaments[ti].tournament;
            analyze(&GameContext {
                tournament: t,
                pairing: &t.pairings[pi],
                as_of,
                file_prefix: format!("{}/games/", t.id),
            })
        })
        .collect();
    let mut games = games.into_iter();
    catalog
        .tournaments
        .iter()
        .map(|loaded| {
            let t = &loaded.tournament;
            let mine: Vec<GameReport> = games.by_ref().take(t.pairings.len()).collect();
            let players: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
            let annulled: Vec<String> = t
                .decisions
                .iter()
                .filter(|d| d.kind == DecisionKind::Withdrawal && d.withdrawal == Some(Withdrawal::Annul))
                .filter_map(|d| d.player.clone())
                .collect();
            let (table, cross) = standings(&players, &annulled, &mine, &t.settings.tiebreaks);
            let mut findings: Vec<Finding> = loaded.findings.clone();
            findings.extend(break_findings(t));
            findings.sort_by(|a, b| a.urgency_key().cmp(&b.urgency_key()));
            TournamentReport {
                tournament: t,
                as_of,
                games: mine,
                standings: table,
                crosstable: cross,
                findings,
            }
        })
        .collect()
}

/// Runs the report.
///
/// # Errors
/// When the run cannot be made (no tournaments folder, an unwritable output
/// folder, a broken template): nothing is written then.
pub fn run(opts: &Options) -> anyhow::Result<Summary> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .context("failed to start the worker threads")?;
    let env = environment(opts.templates.as_deref())?;
    let catalog = load(&opts.tournaments, opts.as_of)?;
    crate::output::prepare(&opts.out)?;
    pool.install(|| {
        let reports = compute(&catalog, opts.as_of);
        let rendered: Vec<_> = reports
            .par_iter()
            .map(|r| render_tournament(&env, r))
            .collect::<anyhow::Result<_>>()?;
        let mut summary = Summary {
            tournaments: reports.len(),
            ..Summary::default()
        };
        let mut index = Vec::new();
        for (r, files) in reports.iter().zip(&rendered) {
            crate::output::write_tournament(&opts.out, &r.tournament.id, files, None)?;
            summary.games += r.games.len();
            let mut counts = [0usize; 3];
            for f in r.all_findings() {
                counts[f.severity as usize] += 1;
            }
            summary.errors += counts[0];
            summary.warnings += counts[1];
            summary.infos += counts[2];
            index.push(IndexLine {
                id: r.tournament.id.clone(),
                name: r.tournament.settings.name.clone(),
                games: r.games.len(),
                finished: r.games.iter().filter(|g| g.result.is_finished()).count(),
                errors: counts[0],
                warnings: counts[1],
            });
        }
        for f in &catalog.findings {
            match f.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        let page = render_index(&env, opts.as_of, &index, &catalog.findings)?;
        crate::output::write_file(&opts.out.join("index.html"), &page)?;
        summary.millis = started.elapsed().as_millis();
        Ok(summary)
    })
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
