//! The per-game stage: a pure function of the tournament and one pairing,
//! run in parallel over all games (a map and a collect).
//!
//! The pipeline of one game, in the order `analyze_parsed` runs it:
//!
//! 1. **Read** the move log and the PGN record; what cannot be read is a
//!    finding, never a panic. Without a log, the PGN's `%ccsnt` stamps
//!    stand in for it (51.1.4; [`records`]).
//! 2. **Dates**: fill in the dates a log leaves out (51.2.3; [`dates`]).
//! 3. **Replay** the moves on the board (51.3.1; [`replay`]).
//! 4. **Result**: from the decisions, the log, the board and the PGN
//!    (51.1.7, 51.6.3, 51.8.1; [`result`]).
//! 5. **Clocks**: charge every message, run the owing side's clock to the
//!    as-of date, the end or an open claim (51.4, 51.7, 51.9.4;
//!    `crate::rules::clock`).
//! 6. **Records**: the PGN against the log (51.9.1; [`records`]).
//! 7. **Findings**: the checks and deadlines of the dates and clocks
//!    (`crate::rules::findings`), each finding named with its game and player.
//!
//! The result is a [`GameReport`]: plain values that the standings, the
//! render and the output stages read and never recompute. docs/rules.md
//! says, paragraph by paragraph, what each step computes.

pub mod dates;
pub mod facts;
pub mod notation;
pub mod records;
pub mod replay;
pub mod result;

use chrono::NaiveDate;
use serde::Serialize;
use shakmaty::fen::Fen;
use std::path::Path;

use self::result::{ResultSource, Settled};
use crate::finding::{Code, Facts, Finding, ReadFacts};
use crate::load::movelog::MoveLog;
use crate::load::pgn::{PgnFile, PgnGame};
use crate::model::{DecisionKind, Flag, GameResult, Pairing, Row, Side, Tournament};
use crate::rules::clock::{self, Breaks, Charge, ControlTotal, Owing, SideClock};
use crate::rules::findings;

/// A row of the log with what the tool made of it. In report.json a key at
/// its default (no date, no note, false, no SAN) is left out: a federation's
/// report.json is mostly rows, and most rows are plain moves.
#[derive(Debug, Clone, Hash, Serialize)]
pub struct RowReport {
    pub line: usize,
    pub no: u32,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::dates::serialize_opt"
    )]
    pub received: Option<NaiveDate>,
    #[serde(serialize_with = "crate::dates::serialize_opt")]
    pub sent: Option<NaiveDate>,
    pub flag: Flag,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub note: String,
    #[serde(skip_serializing_if = "is_false")]
    pub pending: bool,
    /// The dates the tool assumed (51.2.3, `missing-date`).
    #[serde(skip_serializing_if = "is_false")]
    pub received_assumed: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub sent_assumed: bool,
    /// The move in SAN, where it entered the game and replayed legally.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    pub charge: Charge,
    /// The control this row completes, with the days charged up to it
    /// (51.4.3); not in report.json.
    #[serde(skip)]
    pub control: Option<ControlTotal>,
    /// Days charged to White and to Black up to and including this row
    /// (51.4.3, cumulative); not in report.json.
    #[serde(skip)]
    pub totals: [i64; 2],
}

fn is_false(b: &bool) -> bool {
    !b
}

/// A move of the game as replayed.
#[derive(Debug, Clone, Serialize)]
pub struct PlayedMove {
    pub no: u32,
    pub side: Side,
    pub san: String,
    pub uci: String,
    pub numeric: String,
    pub sent: Option<NaiveDate>,
}

#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Clocks {
    pub white: SideClock,
    pub black: SideClock,
}

impl Clocks {
    pub fn side(&self, side: Side) -> &SideClock {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

/// Everything computed for one game (report.json writes it through
/// `crate::render::GameWire`).
#[derive(Debug, Clone)]
pub struct GameReport {
    pub id: String,
    pub round: String,
    pub white: String,
    pub black: String,
    pub result: GameResult,
    pub result_source: ResultSource,
    pub finished_on: Option<NaiveDate>,
    /// The result stands, but its records are incomplete (51.9.2).
    pub provisional: bool,
    pub to_move: Option<Side>,
    /// The side that must send the next message (after a faulty message,
    /// the partner, who owes the request); `None` for a finished game.
    pub owing: Option<Side>,
    /// The day the owing side's thinking on its next message is counted
    /// from (the received date of 51.4.4, or the assumed one of 51.2.5);
    /// `None` for a finished game.
    pub thinking_from: Option<NaiveDate>,
    /// Unfinished, not interrupted by an open claim (51.6.3), and not past
    /// the tournament's end (51.9.4) on the as-of date.
    pub in_play: bool,
    pub clock: Clocks,
    /// The moves as replayed; not in report.json, whose `rows` hold them.
    pub moves: Vec<PlayedMove>,
    pub rows: Vec<RowReport>,
    /// The date of the last move that entered the game.
    pub last_move: Option<NaiveDate>,
    pub has_log: bool,
    pub has_pgn: bool,
    /// The sides whose game record the arbiter holds by a `records`
    /// decision (51.9.1), White first: each counts as that side's `record`
    /// row, and both as the PGN file (51.9.2).
    pub records_held: Vec<Side>,
    /// Interrupted by an overstep claim awaiting the arbiter (51.6.3).
    pub interrupted: bool,
    /// A withdrawn player's game left for the arbiter to adjudicate (51.8.1).
    pub awaiting_adjudication: bool,
    /// Struck out of the standings by an `annul` withdrawal (51.8.1).
    pub annulled: bool,
    /// The legal move the side to move sealed with its adjudication
    /// materials, in SAN: it counts as made (51.9.4.4).
    pub sealed_move: Option<String>,
    pub fen: String,
    pub findings: Vec<Finding>,
    /// Its status, deadlines, low time, review and marks, as every page
    /// shows them ([`facts::decide`]).
    pub facts: facts::Facts,
}

impl GameReport {
    /// Whether the records hold the game's moves: a move log or a PGN. A
    /// game without either (finished before the switch, its record on
    /// paper; decided; not begun in the records) has no count of moves.
    pub fn moves_recorded(&self) -> bool {
        self.has_log || self.has_pgn
    }

    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub fn side_of(&self, player: &str) -> Option<Side> {
        if self.white == player {
            Some(Side::White)
        } else if self.black == player {
            Some(Side::Black)
        } else {
            None
        }
    }
}

/// What a game needs from its tournament.
pub struct GameContext<'a> {
    pub tournament: &'a Tournament,
    pub pairing: &'a Pairing,
    pub as_of: NaiveDate,
    /// How file names appear in findings: `<tournament-id>/games/`.
    pub file_prefix: String,
}

/// Reads and analyses one game. Never fails: what cannot be read becomes a
/// finding.
pub fn analyze(ctx: &GameContext<'_>) -> GameReport {
    analyze_from(ctx, None)
}

/// [`analyze`], its files' bytes taken from `inputs` where they are there
/// (read once, for the fingerprint: [`crate::compute::compute_from`]).
pub fn analyze_from(ctx: &GameContext<'_>, inputs: Option<&crate::load::Inputs>) -> GameReport {
    let files = ctx.tournament.files.get(&ctx.pairing.game);
    let log_path = files.and_then(|f| f.log.as_deref());
    let pgn_path = files.and_then(|f| f.pgn.as_deref());
    let (log_name, pgn_name) = (&file_name(ctx, "csv"), &file_name(ctx, "pgn"));
    let kept = |p: &Path| inputs.and_then(|i| i.get(p));
    let log = log_path.map(|p| match kept(p) {
        Some(bytes) => (MoveLog::parse(log_name, bytes), None),
        None => read(p, log_name, MoveLog::from_file),
    });
    let pgn = pgn_path.map(|p| match kept(p) {
        Some(bytes) => (PgnFile::parse(pgn_name, bytes), None),
        None => read(p, pgn_name, PgnFile::from_file),
    });
    analyze_parsed(ctx, log, pgn)
}

/// How a game's file appears in findings: `<tournament-id>/games/<game>.<ext>`.
fn file_name(ctx: &GameContext<'_>, ext: &str) -> String {
    format!("{}{}.{ext}", ctx.file_prefix, ctx.pairing.game)
}

fn read<T: Default>(path: &Path, name: &str, f: impl Fn(&Path, &str) -> Result<T, Facts>) -> (T, Option<Finding>) {
    match f(path, name) {
        Ok(t) => (t, None),
        Err(facts) => (T::default(), Some(Finding::new(facts).at(name, None))),
    }
}

/// The game stage after the files are read (tests feed it parsed text).
pub fn analyze_parsed(
    ctx: &GameContext<'_>,
    log: Option<(MoveLog, Option<Finding>)>,
    pgn: Option<(PgnFile, Option<Finding>)>,
) -> GameReport {
    let (t, p) = (ctx.tournament, ctx.pairing);
    let mut findings: Vec<Finding> = Vec::new();
    // 1.–3. The records, their missing dates and their replay.
    let records = read_records(ctx, log, pgn, &mut findings);
    // 4. The result.
    let (settled, sealed) = settle_result(
        ctx,
        &records.rows,
        &records.replay,
        records.pgn_game.as_ref(),
        &mut findings,
    );
    // 5. The clocks (51.4, 51.7).
    let run = run_clocks(t, p, &records.rows, &settled, ctx.as_of);
    let held = records_held(t, p, ctx.as_of);
    let by_decision = matches!(settled.source, ResultSource::Decision | ResultSource::Withdrawal);
    if (settled.result.is_finished() && by_decision) || held == [true, true] {
        // 51.1.4: a game finished by a decision (a result, a forfeit, a
        // withdrawal) or whose records the arbiter holds owes no move log.
        findings.retain(|f| f.code != Code::MissingLog);
    }
    // 6. The PGN against the log (51.9.1).
    compare_records(ctx, &records, settled.result.is_finished(), &mut findings);
    // 7. The findings of the dates and clocks, each named with its game.
    let log_name = &file_name(ctx, "csv");
    findings.extend(clock_findings(
        ctx,
        &records.rows,
        &run,
        &settled,
        records.has_pgn,
        records.derived,
        log_name,
    ));
    charge_only_from_records_read(&mut findings, records.has_log || records.has_pgn, records.log_unread);
    name_findings(&mut findings, p);
    let mut report = game_report(p, records, settled, run, held, sealed.map(|s| s.san), findings);
    let unknown = facts::names_unknown_player(t, &report);
    report.facts = facts::decide(&report, unknown, ctx.as_of);
    report
}

/// The game's report from what the steps decided; its facts are decided
/// from it after.
fn game_report(
    p: &Pairing,
    records: Records,
    settled: Settled,
    run: ClockRun,
    held: [bool; 2],
    sealed_move: Option<String>,
    findings: Vec<Finding>,
) -> GameReport {
    let Records {
        rows,
        assumed,
        mut replay,
        has_log,
        has_pgn,
        ..
    } = records;
    let last_move = rows.iter().filter(|r| r.enters_game()).filter_map(|r| r.sent).max();
    let fen = Fen::from_position(&replay.position, shakmaty::EnPassantMode::Legal).to_string();
    GameReport {
        id: p.game.clone(),
        round: p.round.clone(),
        white: p.white.clone(),
        black: p.black.clone(),
        result: settled.result,
        result_source: settled.source,
        finished_on: settled.finished_on,
        provisional: provisional(&settled, &findings),
        to_move: run.to_move,
        owing: run.owing.map(|o| o.side),
        thinking_from: run.owing.map(|o| o.from),
        in_play: run.in_play,
        clock: run.clocks,
        rows: row_reports(rows, &run, &assumed, std::mem::take(&mut replay.san_of_row)),
        last_move,
        has_log,
        has_pgn,
        records_held: [Side::White, Side::Black]
            .into_iter()
            .filter(|s| held[s.index()])
            .collect(),
        interrupted: run.open_claim.is_some(),
        awaiting_adjudication: settled.awaiting_adjudication,
        annulled: settled.annulled,
        sealed_move,
        fen,
        moves: replay.played,
        findings,
        facts: facts::Facts::default(),
    }
}

/// Step 6 of the game stage: the PGN against the log (51.9.1), or only its
/// players when the rows came from it.
fn compare_records(ctx: &GameContext<'_>, records: &Records, finished: bool, findings: &mut Vec<Finding>) {
    let (p, pgn_name) = (ctx.pairing, &file_name(ctx, "pgn"));
    if let Some(pgn) = &records.pgn_game {
        if !records.derived {
            records::compare_pgn(pgn, p, &records.replay, finished, pgn_name, findings);
        } else {
            records::check_pgn_players(pgn, p, pgn_name, findings);
        }
    }
}

/// The records of a game as read: the PGN's first game, the rows (the
/// log's, or the PGN's when `derived`), the dates assumed in each row, the
/// replay, which files there were, and whether the log could not be read.
struct Records {
    pgn_game: Option<PgnGame>,
    rows: Vec<Row>,
    derived: bool,
    assumed: Vec<(bool, bool)>,
    replay: replay::Replay,
    has_log: bool,
    has_pgn: bool,
    /// A move log whose header, encoding or rows cannot be read: its
    /// clocks would run on what was left of it.
    log_unread: bool,
}

/// Steps 1–3 of the game stage: the records, their missing dates (51.2.3)
/// and their replay (51.3.1).
fn read_records(
    ctx: &GameContext<'_>,
    log: Option<(MoveLog, Option<Finding>)>,
    pgn: Option<(PgnFile, Option<Finding>)>,
    findings: &mut Vec<Finding>,
) -> Records {
    let (log_name, pgn_name) = (&file_name(ctx, "csv"), &file_name(ctx, "pgn"));
    let (has_log, has_pgn) = (log.is_some(), pgn.is_some());
    let log_unread = log
        .as_ref()
        .is_some_and(|(log, err)| err.is_some() || log.findings.iter().any(|f| f.code == Code::BadInput));
    // The lines of the log that could not be read (no row was made of them).
    let skipped: Vec<usize> = log
        .iter()
        .flat_map(|(log, _)| &log.findings)
        .filter(|f| f.code == Code::BadInput)
        .filter_map(|f| f.line)
        .collect();
    // 1. The records: the PGN's first game, the log's rows or the PGN's.
    let mut pgn_game = pgn.and_then(|file| first_game(file, pgn_name, findings));
    let (mut rows, derived) = match log {
        Some(log) => (log_rows(log, findings), false),
        None => rows_without_log(pgn_game.as_mut(), ctx.as_of, pgn_name, findings),
    };
    // 2. Missing dates (51.2.3): the stamps of a PGN were checked above.
    let assumed = if derived {
        vec![(false, false); rows.len()]
    } else {
        dates::fill_dates(&mut rows, findings, log_name)
    };
    // 3. Replay (51.3.1).
    let replay = replay::replay(&rows, findings, log_name, (derived, &skipped));
    Records {
        pgn_game,
        rows,
        derived,
        assumed,
        replay,
        has_log,
        has_pgn,
        log_unread,
    }
}

/// Step 4 of the game stage: the result, and the sealed move if any.
fn settle_result(
    ctx: &GameContext<'_>,
    rows: &[Row],
    replay: &replay::Replay,
    pgn_game: Option<&PgnGame>,
    findings: &mut Vec<Finding>,
) -> (Settled, Option<records::Sealed>) {
    let log_name = &file_name(ctx, "csv");
    // A sealed move counts as made (51.9.4.4): one that mates or
    // stalemates finishes the game as the board would.
    let sealed = records::sealed_move(rows, replay, ctx.pairing, log_name, findings);
    let board = replay::board_result(rows, replay).or_else(|| sealed.as_ref().and_then(|s| s.result));
    let settled = result::settle(
        ctx.pairing,
        &ctx.tournament.decisions,
        ctx.as_of,
        rows,
        board,
        pgn_game,
        findings,
    );
    (settled, sealed)
}

/// Drops the findings that charge a player when no records were entered
/// (no clock runs against anyone; the arbiter sees the missing log) or
/// the log could not be read (the game is under review, its findings are
/// about its records): docs/arbiter.md, "What bad input may never do".
fn charge_only_from_records_read(findings: &mut Vec<Finding>, has_records: bool, log_unread: bool) {
    if !has_records {
        findings.retain(|f| !matches!(f.code, Code::Overstep | Code::LowTime | Code::RepeatDue | Code::Silence));
    }
    if log_unread {
        findings.retain(|f| !f.code.charges_from_clock());
    }
}

/// The PGN record: the first game of the file, with a `bad-input` finding
/// when the file holds none or more than one.
fn first_game((file, err): (PgnFile, Option<Finding>), pgn_name: &str, findings: &mut Vec<Finding>) -> Option<PgnGame> {
    findings.extend(err);
    findings.extend(file.findings);
    match file.games.len() {
        0 => {
            findings.push(Finding::new(ReadFacts::PgnHoldsNoGame).at(pgn_name, None));
            None
        }
        1 => file.games.into_iter().next(),
        n => {
            findings.push(Finding::new(ReadFacts::PgnHoldsManyGames { games: n }).at(pgn_name, None));
            file.games.into_iter().next()
        }
    }
}

/// The move log's rows, its findings kept.
fn log_rows((log, err): (MoveLog, Option<Finding>), findings: &mut Vec<Finding>) -> Vec<Row> {
    findings.extend(err);
    findings.extend(log.findings);
    log.rows
}

/// A game with no move log (51.1.4): a `missing-log` finding, and the rows
/// made from the PGN's `%ccsnt` stamps, checked first (51.2.3). Returns the
/// rows and `true`: they are derived, not read.
fn rows_without_log(
    pgn: Option<&mut PgnGame>,
    as_of: NaiveDate,
    pgn_name: &str,
    findings: &mut Vec<Finding>,
) -> (Vec<Row>, bool) {
    let stamped = pgn.as_deref().is_some_and(PgnGame::has_stamps);
    findings.push(Finding::new(ReadFacts::MissingLog { stamped }));
    match pgn {
        Some(pgn) => {
            records::check_stamps(pgn, as_of, pgn_name, findings);
            (records::rows_from_pgn(pgn), true)
        }
        None => (Vec::new(), true),
    }
}

/// The clocks of a game on the as-of date, and what they were run with.
struct ClockRun {
    breaks: [Breaks; 2],
    charges: Vec<Charge>,
    /// Each row's completed control ([`clock::control_totals`]).
    controls: Vec<Option<ControlTotal>>,
    to_move: Option<Side>,
    owing: Option<Owing>,
    /// A claim made on or before the as-of date and not yet ruled (51.6.3).
    open_claim: Option<NaiveDate>,
    /// The last day the owing side's clock runs to.
    stop: NaiveDate,
    in_play: bool,
    clocks: Clocks,
}

/// Charges every message and runs the owing side's clock up to the as-of
/// date, the end (51.9.4) or an open claim (51.6.3), whichever comes first;
/// the other side never runs. A game in play gets its move-by and
/// repeat-by dates (51.4.8, 51.5.1).
fn run_clocks(t: &Tournament, p: &Pairing, rows: &[Row], settled: &Settled, as_of: NaiveDate) -> ClockRun {
    let start = t.settings.start;
    // An interruption counts for neither side (51.6.3): a break of both.
    let both = &settled.interruptions;
    let breaks = [
        Breaks::new(t.breaks_of(&p.white)).with(both),
        Breaks::new(t.breaks_of(&p.black)).with(both),
    ];
    let charges = clock::charges(rows, start, &breaks);
    let finished = settled.result.is_finished();
    let last_entered = rows.iter().rev().find(|r| r.enters_game());
    let to_move = (!finished).then(|| last_entered.map_or(Side::White, |r| r.side.other()));
    let owing = (!finished).then(|| clock::owing(rows, start));
    let open_claim = settled.interrupted_on.filter(|&d| d <= as_of);
    // A withdrawal with `adjudicate` or `annul` takes the game out of play
    // from its date (51.8.1): no clock runs after it.
    let withdrawn_on = settled.withdrawn_on.filter(|&d| d <= as_of);
    let stop = [Some(as_of), t.settings.end, open_claim, withdrawn_on]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(as_of);
    let in_play = in_play(finished, open_claim, t.settings.end, as_of) && withdrawn_on.is_none();
    let tc = t.settings.time_control;
    let clock_of = |side: Side| {
        let mine = owing.filter(|o| o.side == side);
        let running = mine.map_or(0, |o| clock::running(&o, stop, start, &breaks[side.index()]));
        let mut c = clock::side_clock(rows, &charges, side, tc, running);
        if in_play {
            match mine {
                Some(o) if c.left >= 0 => {
                    let room = c.allowance - clock::used_upto(rows, &charges, side, c.next_control);
                    c.move_by = clock::move_by(o.from, room, o.request, start, &breaks[side.index()]);
                }
                Some(_) => {}
                None => c.repeat_by = clock::repeat_by(rows, side, &breaks[side.other().index()]),
            }
        }
        c
    };
    let clocks = Clocks {
        white: clock_of(Side::White),
        black: clock_of(Side::Black),
    };
    ClockRun {
        breaks,
        controls: clock::control_totals(rows, &charges, tc),
        charges,
        to_move,
        owing,
        open_claim,
        stop,
        in_play,
        clocks,
    }
}

/// The findings of the dates and clocks (`crate::rules::findings`), from the
/// steps before.
fn clock_findings(
    ctx: &GameContext<'_>,
    rows: &[Row],
    run: &ClockRun,
    settled: &Settled,
    has_pgn: bool,
    derived: bool,
    log_name: &str,
) -> Vec<Finding> {
    let t = ctx.tournament;
    let p = ctx.pairing;
    findings::game_findings(&findings::GameFacts {
        game: &p.game,
        names: [&p.white, &p.black],
        rows,
        charges: &run.charges,
        clocks: [&run.clocks.white, &run.clocks.black],
        to_move: run.to_move,
        owing: run.owing,
        stop: run.stop,
        in_play: run.in_play,
        breaks: &run.breaks,
        start: t.settings.start,
        end: t.settings.end,
        as_of: ctx.as_of,
        tc: t.settings.time_control,
        finished: settled.result.is_finished(),
        forfeit: matches!(
            settled.result,
            GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
        ),
        finished_on: settled.finished_on,
        quiet: run.open_claim.is_some() || settled.awaiting_adjudication,
        withdrawn_on: settled.withdrawn_on,
        claims: &settled.claims,
        ruled_on: &settled.ruled_on,
        withdrawal: settled.withdrawal,
        withdrawn: settled.withdrawn,
        has_pgn,
        records_held: records_held(t, p, ctx.as_of),
        derived,
        log_name,
    })
}

/// White's and Black's: whether the arbiter holds that side's game record
/// by a `records` decision on the game made by `as_of` (no player named:
/// both sides').
fn records_held(t: &Tournament, p: &Pairing, as_of: NaiveDate) -> [bool; 2] {
    let mut held = [false; 2];
    for d in t
        .decisions
        .iter()
        .filter(|d| d.kind == DecisionKind::Records && d.game.as_deref() == Some(p.game.as_str()) && d.date <= as_of)
    {
        match d.player.as_deref() {
            None => held = [true, true],
            Some(name) if name == p.white => held[0] = true,
            Some(name) if name == p.black => held[1] = true,
            Some(_) => {}
        }
    }
    held
}

/// A finished game whose records are incomplete: its result stands, but is
/// not official yet (51.9.2).
fn provisional(settled: &Settled, findings: &[Finding]) -> bool {
    settled.result.is_finished()
        && findings
            .iter()
            .any(|f| matches!(f.code, Code::RecordMissing | Code::RecordsNone))
}

/// Names each finding with its game, and a finding about a side with that
/// side's player; then puts them in the order of urgency.
fn name_findings(findings: &mut [Finding], p: &Pairing) {
    for f in findings.iter_mut() {
        if f.game.is_none() {
            f.game = Some(p.game.clone());
        }
        if let (Some(side), None) = (f.side, &f.player) {
            f.player = Some([&p.white, &p.black][side.index()].to_string());
        }
    }
    findings.sort_by(|a, b| a.urgency_key().cmp(&b.urgency_key()));
}

/// The rows as reported: each with its charge, the dates assumed and the
/// SAN of its move where it was played (`san_of_row`, [`replay::Replay::san_of_row`]).
/// The rows' texts and the SANs are moved in, not copied.
fn row_reports(
    rows: Vec<Row>,
    run: &ClockRun,
    assumed: &[(bool, bool)],
    san_of_row: Vec<Option<String>>,
) -> Vec<RowReport> {
    let mut totals = [0i64; 2];
    rows.into_iter()
        .zip(&run.charges)
        .zip(&run.controls)
        .zip(assumed)
        .zip(san_of_row)
        .map(|((((r, c), control), a), san)| {
            totals[r.side.index()] += c.days;
            RowReport {
                line: r.line,
                no: r.no,
                side: r.side,
                mv: r.mv,
                received: r.received,
                sent: r.sent,
                flag: r.flag,
                note: r.note,
                pending: r.pending,
                received_assumed: a.0,
                sent_assumed: a.1,
                san,
                charge: *c,
                control: *control,
                totals,
            }
        })
        .collect()
}

/// A game is in play on the as-of date when it is unfinished, not
/// interrupted by an open claim (51.6.3), and the as-of date is on or before
/// the tournament's end (51.9.4). Only a game in play has low-time,
/// repeat-due and silence findings, move-by and repeat-by dates.
pub fn in_play(finished: bool, open_claim: Option<NaiveDate>, end: Option<NaiveDate>, as_of: NaiveDate) -> bool {
    !finished && open_claim.is_none() && end.is_none_or(|end| as_of <= end)
}
