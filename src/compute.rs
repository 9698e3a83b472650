//! The compute stage of one tournament: every game analysed (in parallel),
//! then the standings and crosstable (withdrawals and annulment, 51.8.1),
//! and the tournament-wide findings (breaks, 51.7; unreadable files). Its
//! result, [`TournamentReport`], is what every output is rendered from;
//! rendering derives nothing from the rules.

use chrono::NaiveDate;
use rayon::prelude::*;
use serde::Serialize;

use crate::finding::{Facts, Finding, TableFacts};
use crate::game::{GameContext, GameReport, analyze_from};
use crate::history::{Changes, Previous, changes};
use crate::load::{Catalog, Inputs, Loaded};
use crate::messages::said;
use crate::model::Tournament;
use crate::rules::findings::{break_findings, correspondence_findings, decision_findings};
use crate::standings::{Crosstable, Standing, standings};

/// One tournament, computed: what every output is rendered from.
pub struct TournamentReport<'a> {
    pub tournament: &'a Tournament,
    pub as_of: NaiveDate,
    pub games: Vec<GameReport>,
    pub standings: Vec<Standing>,
    pub crosstable: Crosstable,
    /// Each player's break days per calendar year (51.7.1), by name: the
    /// players of players.csv and any other name the pairings hold.
    pub break_years: std::collections::BTreeMap<String, Vec<crate::game::facts::BreakYear>>,
    /// Tournament-wide findings (files, breaks).
    pub findings: Vec<Finding>,
    /// The previous report, read before this one replaces it
    /// ([`Before::previous`]); `None` on the first run.
    pub previous: Option<Previous>,
    /// The letters of the findings open at the previous report, read with
    /// it (`outbox/letters.json`, [`crate::output::previous::earlier_letters`]); empty on
    /// the first run.
    pub earlier_letters: crate::history::Ledger,
    /// Set when tournament.toml, players.csv or pairings.csv could not be
    /// read: the public files are then not replaced (docs/output.md).
    pub stale: Option<Stale>,
}

/// Why a tournament's public files were left as they were, and which
/// report they are.
#[derive(Debug, Clone, Serialize)]
pub struct Stale {
    /// What could not be read, in a sentence.
    pub reason: String,
    /// The report now public, if one ever was.
    pub published: Option<Published>,
}

/// What the public files of a tournament show: kept in report.json as
/// `published`, so that a run whose inputs fail can still say since when
/// the public report is stale and list it in the public index.
#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq, Eq)]
pub struct Published {
    pub as_of: NaiveDate,
    pub name: String,
    pub games: usize,
    pub finished: usize,
}

impl TournamentReport<'_> {
    /// The report the public files show after this run: this one, or, when
    /// its inputs failed, the one published before (if any).
    pub fn published(&self) -> Option<Published> {
        match &self.stale {
            Some(s) => s.published.clone(),
            None => Some(Published {
                as_of: self.as_of,
                name: self.tournament.settings.name.clone(),
                games: self.games.len(),
                finished: self.games.iter().filter(|g| g.result.is_finished()).count(),
            }),
        }
    }
}

impl TournamentReport<'_> {
    pub fn all_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .chain(self.games.iter().flat_map(|g| g.findings.iter()))
    }

    /// Whether its games were computed: not when no pairing could be read
    /// (tournament.toml or pairings.csv failed). A tournament whose public
    /// files are kept for another reason (players.csv failed) is computed.
    pub fn computed(&self) -> bool {
        !self.games.is_empty()
    }

    /// What changed since the previous report, when there is one. A
    /// tournament not computed ([`Self::computed`]): nothing of it is known
    /// to be new or resolved.
    pub fn changes(&self) -> Option<Changes> {
        self.previous.as_ref().map(|p| match self.computed() {
            false => Changes::not_computed(p),
            true => changes(p, self.all_findings()),
        })
    }

    /// Whether no later as-of date can change this report, so that it is
    /// not made again while its inputs stay the same: the tournament ended
    /// more than 14 days before `as_of` (the days for the adjudication
    /// materials, 51.9.4, and for the records are over), every game is
    /// finished with its result standing and its records entered, none is
    /// interrupted or awaits adjudication, no finding has a due date (none
    /// is due, none overdue by a count of days that grows), its public
    /// report is this one, and nothing in its inputs is dated after
    /// `as_of` — no decision or claim, no break, no message of a game — since
    /// a later date would count it.
    pub fn settled(&self) -> bool {
        let t = self.tournament;
        let over = t
            .settings
            .end
            .and_then(|end| {
                let days = crate::rules::ADJUDICATION_DAYS.max(crate::rules::RECORD_DAYS);
                end.checked_add_days(chrono::Days::new(days.unsigned_abs()))
            })
            .is_some_and(|last| self.as_of > last);
        let games_done = self.games.iter().all(|g| {
            g.result.is_finished()
                && !g.provisional
                && !g.interrupted
                && !g.awaiting_adjudication
                && !g.in_play
                && g.owing.is_none()
                && (g.has_log || g.has_pgn)
        });
        let later = |d: Option<NaiveDate>| d.is_some_and(|d| d > self.as_of);
        let dated_later = t.decisions.iter().any(|d| later(Some(d.date)))
            || t.breaks
                .iter()
                .any(|b| later(Some(b.from)) || later(Some(b.to)) || later(b.declared))
            || self
                .games
                .iter()
                .flat_map(|g| &g.rows)
                .any(|r| later(r.received) || later(r.sent));
        over && games_done && !dated_later && self.stale.is_none() && self.all_findings().all(|f| f.due.is_none())
    }
}

/// What the report this one replaces left for it, read before it is
/// computed (`crate::output::tournament::before`): nothing on the first
/// run.
#[derive(Debug, Clone, Default)]
pub struct Before {
    /// Its findings, for "since the last report".
    pub previous: Option<Previous>,
    /// The letters of its open findings (`outbox/letters.json`).
    pub earlier_letters: crate::history::Ledger,
    /// What its public files show, kept public when this run's core files
    /// fail.
    pub published: Option<Published>,
}

/// Analyses every game of one tournament (in parallel) and adds its
/// standings and tournament-wide findings, as a first report. Pure but for
/// reading the games' files.
pub fn compute_one(loaded: &Loaded, as_of: NaiveDate) -> TournamentReport<'_> {
    compute_from(loaded, as_of, None, Before::default())
}

/// [`compute_one`] after the report `before` describes, its games read
/// from `inputs` where they hold the file (the bytes its fingerprint was
/// made from), from the disk otherwise.
pub fn compute_from<'a>(
    loaded: &'a Loaded,
    as_of: NaiveDate,
    inputs: Option<&Inputs>,
    before: Before,
) -> TournamentReport<'a> {
    let t = &loaded.tournament;
    let mut games: Vec<GameReport> = t
        .pairings
        .par_iter()
        .map(|pairing| {
            let ctx = GameContext {
                tournament: t,
                pairing,
                as_of,
                file_prefix: format!("{}/games/", t.id),
            };
            let mut g = analyze_from(&ctx, inputs);
            crate::finding::cap_per_file(&mut g.findings);
            g
        })
        .collect();
    let players: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
    let (mut table, cross) = standings(&players, &games, &t.settings.tiebreaks);
    for s in &mut table {
        s.withdrawn = withdrawn_on(t, &s.player, as_of);
    }
    let mut findings: Vec<Finding> = loaded.findings.clone();
    findings.extend(break_findings(t));
    findings.extend(decision_findings(t, as_of));
    let in_play: Vec<(&str, &str, &str, bool)> = games
        .iter()
        .map(|g| (g.id.as_str(), g.white.as_str(), g.black.as_str(), g.in_play))
        .collect();
    findings.extend(correspondence_findings(t, &in_play, as_of));
    crate::finding::cap_per_file(&mut findings);
    findings.sort_by(|a, b| a.urgency_key().cmp(&b.urgency_key()));
    // A tournament-wide input that may concern a game puts it under review.
    for g in &mut games {
        if !g.facts.under_review && findings.iter().any(|f| crate::game::facts::concerns(f, g)) {
            g.facts = crate::game::facts::decide(g, true, as_of);
        }
    }
    let break_years = names(t)
        .map(|name| (name.to_string(), crate::game::facts::break_years(t, name, as_of)))
        .collect();
    TournamentReport {
        break_years,
        tournament: t,
        as_of,
        games,
        standings: table,
        crosstable: cross,
        findings,
        stale: core_failure(loaded).map(|reason| Stale {
            reason,
            published: before.published,
        }),
        previous: before.previous,
        earlier_letters: before.earlier_letters,
    }
}

/// The date `player` withdrew (51.8.1): the first `withdrawal` decision
/// about them made by `as_of`.
fn withdrawn_on(t: &Tournament, player: &str, as_of: NaiveDate) -> Option<NaiveDate> {
    t.decisions
        .iter()
        .filter(|d| d.kind == crate::model::DecisionKind::Withdrawal && d.player.as_deref() == Some(player))
        .map(|d| d.date)
        .filter(|&date| date <= as_of)
        .min()
}

/// The players of players.csv in their order, then any other name the
/// pairings hold.
pub fn names(t: &Tournament) -> impl Iterator<Item = &str> {
    let mut names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    for p in &t.pairings {
        for n in [&p.white, &p.black] {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
    }
    names.into_iter()
}

/// [`compute_one`] for every tournament of the catalog, in parallel.
pub fn compute(catalog: &Catalog, as_of: NaiveDate) -> Vec<TournamentReport<'_>> {
    catalog.tournaments.par_iter().map(|l| compute_one(l, as_of)).collect()
}

/// Why a tournament's core files (tournament.toml, players.csv,
/// pairings.csv) cannot be used, if they cannot: a file missing or
/// unreadable, a header that lacks its columns, a tournament.toml that does
/// not parse, or a table of which no row could be read. Its public files
/// are then left as they were (docs/output.md).
pub fn core_failure(loaded: &Loaded) -> Option<String> {
    let t = &loaded.tournament;
    let file = |name: &str| format!("{}/{name}", t.id);
    let (toml, players, pairings) = (file("tournament.toml"), file("players.csv"), file("pairings.csv"));
    let empty = |f: &str| (f == players && t.players.is_empty()) || (f == pairings && t.pairings.is_empty());
    let why: Vec<String> = loaded
        .findings
        .iter()
        .filter(|f| f.code == crate::finding::Code::BadInput)
        // An address that is not one stops its letters, not the bulletin;
        // a name that held one is loaded without it.
        .filter(|f| {
            !matches!(
                f.facts,
                Facts::Table(
                    TableFacts::EmailNotOneAddress { .. }
                        | TableFacts::EmailMissing { .. }
                        | TableFacts::ArbiterEmailMissing
                        | TableFacts::NameHoldsAddress { .. }
                )
            )
        })
        .filter_map(|f| Some((f, f.file.as_deref()?)))
        .filter(|(f, file)| {
            *file == toml
                || matches!(f.facts, Facts::Table(TableFacts::SettingsFileMisspelt { .. }))
                || ((*file == players || *file == pairings) && (f.line.is_none() || empty(file)))
        })
        .map(|(f, file)| match f.line {
            Some(l) => format!("{file}:{l}: {}", said(t.settings.language, f)),
            None => format!("{file}: {}", said(t.settings.language, f)),
        })
        .collect();
    (!why.is_empty()).then(|| why.join("; "))
}
