//! The per-game stage: read a game's move log and PGN, fill in missing dates,
//! replay the moves, settle the result, run the clocks and make the game's
//! findings. A pure function of the tournament and one pairing, run in
//! parallel over all games (STYLE: a map and a collect).

use chrono::NaiveDate;
use serde::Serialize;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, fen::Fen};
use std::path::Path;

use crate::clock::{self, Breaks, Charge, SideClock};
use crate::dates::{add_days, show};
use crate::finding::{Code, Finding};
use crate::findings;
use crate::model::{Flag, GameResult, Language, Pairing, Row, Side, Tournament};
use crate::movelog::{MoveLog, excerpt};
use crate::notation::{NotationError, parse_move, san_and_play, to_numeric, to_san};
use crate::pgn::{PgnFile, PgnGame};
use crate::result;
pub use crate::result::ResultSource;

/// A row of the log with what the tool made of it.
#[derive(Debug, Clone, Serialize)]
pub struct RowReport {
    pub line: usize,
    pub no: u32,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    pub received: Option<NaiveDate>,
    pub sent: Option<NaiveDate>,
    pub flag: Flag,
    pub note: String,
    pub pending: bool,
    /// The dates the tool assumed (SPEC 7.4, `missing-date`).
    pub received_assumed: bool,
    pub sent_assumed: bool,
    /// The move in SAN, where it entered the game and replayed legally.
    pub san: Option<String>,
    pub charge: Charge,
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

/// Everything computed for one game.
#[derive(Debug, Clone, Serialize)]
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
    /// Unfinished, not interrupted by an open claim (51.6.3), and not past
    /// the tournament's end (51.9.4) on the as-of date.
    pub in_play: bool,
    pub clock: Clocks,
    pub moves: Vec<PlayedMove>,
    pub rows: Vec<RowReport>,
    /// The date of the last move that entered the game.
    pub last_move: Option<NaiveDate>,
    pub has_log: bool,
    pub has_pgn: bool,
    /// Interrupted by an overstep claim awaiting the arbiter (51.6.3).
    pub interrupted: bool,
    /// A withdrawn player's game left for the arbiter to adjudicate (51.8.1).
    pub awaiting_adjudication: bool,
    /// Struck out of the standings by an `annul` withdrawal (51.8.1).
    pub annulled: bool,
    pub fen: String,
    pub findings: Vec<Finding>,
}

impl GameReport {
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
    let files = ctx.tournament.files.get(&ctx.pairing.game);
    let log_path = files.and_then(|f| f.log.as_deref());
    let pgn_path = files.and_then(|f| f.pgn.as_deref());
    let log_name = format!("{}{}.csv", ctx.file_prefix, ctx.pairing.game);
    let pgn_name = format!("{}{}.pgn", ctx.file_prefix, ctx.pairing.game);
    let log = log_path.map(|p| read(p, &log_name, MoveLog::from_file));
    let pgn = pgn_path.map(|p| read(p, &pgn_name, PgnFile::from_file));
    analyze_parsed(ctx, log, pgn)
}

fn read<T: Default>(path: &Path, name: &str, f: impl Fn(&Path, &str) -> anyhow::Result<T>) -> (T, Option<Finding>) {
    match f(path, name) {
        Ok(t) => (t, None),
        Err(e) => (
            T::default(),
            Some(Finding::new(Code::BadInput, format!("the file cannot be read: {e:#}")).at(name, None)),
        ),
    }
}

/// The game stage after the files are read (tests feed it parsed text).
pub fn analyze_parsed(
    ctx: &GameContext<'_>,
    log: Option<(MoveLog, Option<Finding>)>,
    pgn: Option<(PgnFile, Option<Finding>)>,
) -> GameReport {
    let t = ctx.tournament;
    let p = ctx.pairing;
    let start = t.settings.start;
    let mut findings: Vec<Finding> = Vec::new();
    let has_log = log.is_some();
    let has_pgn = pgn.is_some();

    // The PGN record: the first game of the file.
    let pgn_game: Option<PgnGame> = pgn.and_then(|(file, err)| {
        findings.extend(err);
        findings.extend(file.findings);
        let pgn_name = format!("{}{}.pgn", ctx.file_prefix, p.game);
        match file.games.len() {
            0 => {
                findings.push(Finding::new(Code::BadInput, "the PGN file holds no game").at(&pgn_name, None));
                None
            }
            1 => file.games.into_iter().next(),
            n => {
                findings.push(
                    Finding::new(
                        Code::BadInput,
                        format!("the PGN file holds {n} games; one game a file is expected, the first is used"),
                    )
                    .at(&pgn_name, None),
                );
                file.games.into_iter().next()
            }
        }
    });

    // The rows: from the log, or else from the PGN's %ccsnt stamps (SPEC 6).
    let (mut rows, derived) = match log {
        Some((log, err)) => {
            findings.extend(err);
            findings.extend(log.findings);
            (log.rows, false)
        }
        None => {
            let stamped = pgn_game.as_ref().is_some_and(PgnGame::has_stamps);
            let lang = t.settings.language;
            let what = if stamped {
                say!(
                    lang,
                    "no move log: the clock is computed from the PGN's %ccsnt stamps, each move taken as received the day after the partner's",
                    "нет записи ходов с датами: время рассчитано по отметкам %ccsnt в PGN, каждый ход считается полученным на следующий день после отправки партнёром",
                )
            } else {
                say!(
                    lang,
                    "no move log: the players must keep and send the record of moves with dates (51.1.4)",
                    "нет записи ходов с датами: участники обязаны сохранять её и высылать арбитру (51.1.4)",
                )
            };
            findings.push(Finding::new(Code::MissingLog, what));
            (pgn_game.as_ref().map(rows_from_pgn).unwrap_or_default(), true)
        }
    };
    let log_name = format!("{}{}.csv", ctx.file_prefix, p.game);

    // Missing dates (SPEC 7.4).
    let assumed = if derived {
        vec![(false, false); rows.len()]
    } else {
        fill_dates(&mut rows, &mut findings, &log_name, t.settings.language)
    };

    // Replay (51.3.1).
    let replay = replay(&rows, &mut findings, &log_name, derived, t.settings.language);

    // The clocks (51.4, 51.7).
    let breaks = [Breaks::new(t.breaks_of(&p.white)), Breaks::new(t.breaks_of(&p.black))];
    let charges = clock::charges(&rows, start, &breaks);

    // The result (SPEC 8: finished).
    let board = board_result(&rows, &replay);
    let settled = result::settle(ctx, &rows, board, pgn_game.as_ref(), &mut findings);

    let last_entered = rows.iter().rev().find(|r| r.enters_game());
    let finished = settled.result.is_finished();
    let to_move = (!finished).then(|| last_entered.map_or(Side::White, |r| r.side.other()));
    // The owing side runs up to the as-of date, the end (51.9.4) or an open
    // claim (51.6.3), whichever comes first; the other side never runs.
    let owing = (!finished).then(|| clock::owing(&rows, start));
    let open_claim = settled.interrupted_on.filter(|&d| d <= ctx.as_of);
    let stop = [Some(ctx.as_of), t.settings.end, open_claim]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(ctx.as_of);
    let in_play = in_play(finished, open_claim, t.settings.end, ctx.as_of);
    let tc = t.settings.time_control;
    let clock_of = |side: Side| {
        let mine = owing.filter(|o| o.side == side);
        let running = mine.map_or(0, |o| clock::running(&o, stop, start, &breaks[side.index()]));
        let mut c = clock::side_clock(&rows, &charges, side, tc, running);
        if in_play {
            match mine {
                Some(o) if c.left >= 0 => {
                    let room = c.allowance - clock::used_upto(&rows, &charges, side, c.next_control);
                    c.move_by = clock::move_by(o.from, room, o.request, start, &breaks[side.index()]);
                }
                Some(_) => {}
                None => c.repeat_by = clock::repeat_by(&rows, side),
            }
        }
        c
    };
    let clocks = Clocks {
        white: clock_of(Side::White),
        black: clock_of(Side::Black),
    };

    if let Some(pgn) = &pgn_game {
        if !derived {
            compare_pgn(ctx, pgn, &replay, settled.result.is_finished(), &mut findings);
        } else {
            check_pgn_players(ctx, pgn, &mut findings);
        }
    }

    let facts = findings::GameFacts {
        game: &p.game,
        names: [&p.white, &p.black],
        rows: &rows,
        charges: &charges,
        clocks: [&clocks.white, &clocks.black],
        to_move,
        owing,
        stop,
        in_play,
        breaks: &breaks,
        start,
        end: t.settings.end,
        as_of: ctx.as_of,
        tc,
        finished,
        forfeit: matches!(
            settled.result,
            GameResult::WhiteForfeit | GameResult::BlackForfeit | GameResult::BothLose
        ),
        finished_on: settled.finished_on,
        quiet: open_claim.is_some() || settled.awaiting_adjudication,
        has_pgn,
        derived,
        log_name: &log_name,
        lang: t.settings.language,
    };
    findings.extend(findings::game_findings(&facts));

    let provisional = settled.result.is_finished()
        && findings
            .iter()
            .any(|f| matches!(f.code, Code::RecordMissing | Code::RecordsNone));
    for f in &mut findings {
        if f.game.is_none() {
            f.game = Some(p.game.clone());
        }
        if let (Some(side), None) = (f.side, &f.player) {
            f.player = Some([&p.white, &p.black][side.index()].to_string());
        }
    }
    findings.sort_by(|a, b| a.urgency_key().cmp(&b.urgency_key()));

    let rows_out = rows
        .iter()
        .zip(&charges)
        .zip(&assumed)
        .enumerate()
        .map(|(i, ((r, c), a))| RowReport {
            line: r.line,
            no: r.no,
            side: r.side,
            mv: r.mv.clone(),
            received: r.received,
            sent: r.sent,
            flag: r.flag,
            note: r.note.clone(),
            pending: r.pending,
            received_assumed: a.0,
            sent_assumed: a.1,
            san: replay.san_of_row.get(&i).cloned(),
            charge: *c,
        })
        .collect();

    GameReport {
        id: p.game.clone(),
        round: p.round.clone(),
        white: p.white.clone(),
        black: p.black.clone(),
        result: settled.result,
        result_source: settled.source,
        finished_on: settled.finished_on,
        provisional,
        to_move,
        owing: owing.map(|o| o.side),
        in_play,
        clock: clocks,
        moves: replay.played,
        rows: rows_out,
        last_move: rows.iter().filter(|r| r.enters_game()).filter_map(|r| r.sent).max(),
        has_log,
        has_pgn,
        interrupted: open_claim.is_some(),
        awaiting_adjudication: settled.awaiting_adjudication,
        annulled: settled.annulled,
        fen: Fen::from_position(&replay.position, shakmaty::EnPassantMode::Legal).to_string(),
        findings,
    }
}

/// Rows made from a PGN's moves and %ccsnt stamps (SPEC 6): each move sent
/// on its stamp, received the day after the partner's stamp.
pub fn rows_from_pgn(pgn: &PgnGame) -> Vec<Row> {
    pgn.moves
        .iter()
        .enumerate()
        .map(|(i, san)| Row {
            line: 0,
            no: (i / 2 + 1) as u32,
            side: if i.is_multiple_of(2) { Side::White } else { Side::Black },
            mv: san.to_string(),
            received: i.checked_sub(1).and_then(|j| pgn.stamps[j]).map(|d| add_days(d, 1)),
            sent: pgn.stamps[i],
            flag: Flag::Ordinary,
            note: String::new(),
            pending: false,
        })
        .collect()
}

/// The fields of a row that filling in dates needs (so the row is not cloned).
struct RowKey {
    side: Side,
    no: u32,
    line: usize,
    received: Option<NaiveDate>,
    sent: Option<NaiveDate>,
    pending: bool,
}

impl RowKey {
    fn of(r: &Row) -> RowKey {
        RowKey {
            side: r.side,
            no: r.no,
            line: r.line,
            received: r.received,
            sent: r.sent,
            pending: r.pending,
        }
    }
}

/// Fills in missing dates as SPEC 7.4 says, with a `missing-date` finding
/// for each; returns which dates were assumed, per row.
fn fill_dates(rows: &mut [Row], findings: &mut Vec<Finding>, file: &str, lang: Language) -> Vec<(bool, bool)> {
    let mut assumed = vec![(false, false); rows.len()];
    let needs_dates = |r: &Row| r.flag == Flag::Ordinary;
    let mut first_white = true;
    for i in 0..rows.len() {
        let row = RowKey::of(&rows[i]);
        let is_first_white = row.side == Side::White && first_white;
        if row.side == Side::White {
            first_white = false;
        }
        if !needs_dates(&rows[i]) {
            continue;
        }
        if row.received.is_none() && !is_first_white {
            let prev = rows[..i]
                .iter()
                .rev()
                .find(|r| r.side != row.side && r.sent.is_some())
                .and_then(|r| r.sent);
            if let Some(prev) = prev {
                let d = add_days(prev, 1);
                rows[i].received = Some(d);
                assumed[i].0 = true;
                findings.push(
                    Finding::new(
                        Code::MissingDate,
                        say!(
                            lang,
                            "no received date: taken as {}, the day after the partner's message of {}",
                            "нет даты получения: принята {}, следующий день после письма партнёра от {}",
                            show(d, lang),
                            show(prev, lang)
                        ),
                    )
                    .side(row.side)
                    .move_no(row.no)
                    .date(Some(d))
                    .at(file, Some(row.line)),
                );
            }
        }
        if row.sent.is_none() && !row.pending {
            let next = rows[i + 1..]
                .iter()
                .find(|r| r.side != row.side && r.received.is_some())
                .and_then(|r| r.received);
            let d = match next {
                Some(n) => Some(add_days(n, -1)),
                None => rows[i].received,
            };
            if let Some(d) = d {
                rows[i].sent = Some(d);
                assumed[i].1 = true;
                let why = match (next.is_some(), lang) {
                    (true, Language::Ru) => "накануне получения партнёром",
                    (false, Language::Ru) => "в день получения",
                    (true, Language::En) => "the day before the partner received it",
                    (false, Language::En) => "the day it was received",
                };
                findings.push(
                    Finding::new(
                        Code::MissingDate,
                        say!(
                            lang,
                            "no sent date: taken as {}, {why}",
                            "нет даты отправки: принята {}, {why}",
                            show(d, lang)
                        ),
                    )
                    .side(row.side)
                    .move_no(row.no)
                    .date(Some(d))
                    .at(file, Some(row.line)),
                );
            }
        }
    }
    assumed
}

/// The game replayed: the moves that were legal, the final position, and
/// whether the whole log replayed.
struct Replay {
    played: Vec<PlayedMove>,
    moves: Vec<Move>,
    position: Chess,
    complete: bool,
    /// Index of the row whose move ended the game by mate or stalemate.
    san_of_row: std::collections::HashMap<usize, String>,
    last_row: Option<usize>,
}

fn replay(rows: &[Row], findings: &mut Vec<Finding>, file: &str, derived: bool, lang: Language) -> Replay {
    let mut r = Replay {
        played: Vec::new(),
        moves: Vec::new(),
        position: Chess::default(),
        complete: true,
        san_of_row: Default::default(),
        last_row: None,
    };
    let at = |row: &Row| if derived { None } else { Some(row.line) };
    let mut ply = 0u32;
    // The last sent date per side: a variant move was sent with its
    // proposer's earlier message (51.3.7), and is stamped so in the PGN.
    let mut last_sent: [Option<NaiveDate>; 2] = [None, None];
    for (i, row) in rows.iter().enumerate() {
        if row.sent.is_some() {
            last_sent[row.side.index()] = row.sent;
        }
        if !row.enters_game() {
            continue;
        }
        let side = if ply.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        let no = ply / 2 + 1;
        if row.side != side || row.no != no {
            findings.push(
                Finding::new(
                    Code::BadInput,
                    format!(
                        "moves must alternate: this should be {}'s move {no}, the row says {}'s move {}; the replay stops here",
                        side, row.side, row.no
                    ),
                )
                .side(row.side)
                .move_no(row.no)
                .at(file, at(row)),
            );
            r.complete = false;
            break;
        }
        ply += 1;
        match parse_move(&r.position, &row.mv) {
            Ok(m) => {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                let numeric = to_numeric(&m);
                let san = san_and_play(&mut r.position, m);
                r.played.push(PlayedMove {
                    no,
                    side,
                    san: san.clone(),
                    uci,
                    numeric,
                    sent: row.sent.or(last_sent[row.side.index()]),
                });
                r.san_of_row.insert(i, san);
                r.moves.push(m);
                r.last_row = Some(i);
            }
            Err(e) => {
                let why = match (e, lang) {
                    (NotationError::Syntax, Language::En) => "cannot be read as a move in any agreed notation",
                    (NotationError::Illegal, Language::En) => "is not a legal move in the position",
                    (NotationError::Ambiguous, Language::En) => "fits more than one legal move",
                    (NotationError::Syntax, Language::Ru) => "не читается ни в одной принятой нотации",
                    (NotationError::Illegal, Language::Ru) => "невозможен в данной позиции",
                    (NotationError::Ambiguous, Language::Ru) => "подходит под несколько возможных ходов",
                };
                findings.push(
                    Finding::new(
                        Code::IllegalMove,
                        say!(
                            lang,
                            "{}'s move {no} `{}` {why}; the replay stops here",
                            "ход {no} {} «{}» {why}; проверка партии остановлена",
                            if lang == Language::Ru {
                                if side == Side::White {
                                    "белых"
                                } else {
                                    "чёрных"
                                }
                            } else {
                                side.as_str()
                            },
                            excerpt(&row.mv)
                        ),
                    )
                    .side(row.side)
                    .move_no(no)
                    .date(row.sent)
                    .at(file, at(row)),
                );
                r.complete = false;
                break;
            }
        }
    }
    r
}

/// Mate or stalemate on the board, once the whole log has replayed, with
/// the date of the move that gave it.
fn board_result(rows: &[Row], replay: &Replay) -> Option<(GameResult, Option<NaiveDate>)> {
    if replay.complete && !replay.moves.is_empty() {
        let pos = &replay.position;
        let date = replay.last_row.and_then(|i| rows[i].sent);
        if pos.is_checkmate() {
            let loser = if pos.turn() == Color::White {
                Side::White
            } else {
                Side::Black
            };
            Some((GameResult::loss_for(loser), date))
        } else if pos.is_stalemate() {
            Some((GameResult::Draw, date))
        } else {
            None
        }
    } else {
        None
    }
}

/// A game is in play on the as-of date when it is unfinished, not
/// interrupted by an open claim (51.6.3), and the as-of date is on or before
/// the tournament's end (51.9.4). Only a game in play has low-time,
/// repeat-due and silence findings, move-by and repeat-by dates.
pub fn in_play(finished: bool, open_claim: Option<NaiveDate>, end: Option<NaiveDate>, as_of: NaiveDate) -> bool {
    !finished && open_claim.is_none() && end.is_none_or(|end| as_of <= end)
}

fn check_pgn_players(ctx: &GameContext<'_>, pgn: &PgnGame, findings: &mut Vec<Finding>) {
    let p = ctx.pairing;
    let lang = ctx.tournament.settings.language;
    let pgn_name = format!("{}{}.pgn", ctx.file_prefix, p.game);
    for (tag, paired) in [("White", &p.white), ("Black", &p.black)] {
        let value = pgn.tag(tag).unwrap_or("");
        if value != paired.as_str() {
            findings.push(
                Finding::new(
                    Code::PgnMismatch,
                    say!(
                        lang,
                        "the PGN's {tag} tag is `{}`, pairings.csv says `{paired}`",
                        "в PGN тег {tag} — «{}», а в pairings.csv — «{paired}»",
                        excerpt(value)
                    ),
                )
                .at(&pgn_name, None),
            );
        }
    }
}

/// SPEC 6: the PGN's moves must be a prefix of the log's (all of them once
/// the game is finished) and its White/Black as paired.
fn compare_pgn(ctx: &GameContext<'_>, pgn: &PgnGame, replay: &Replay, finished: bool, findings: &mut Vec<Finding>) {
    check_pgn_players(ctx, pgn, findings);
    let pgn_name = format!("{}{}.pgn", ctx.file_prefix, ctx.pairing.game);
    let mismatch = |msg: String| Finding::new(Code::PgnMismatch, msg).at(&pgn_name, None);
    let lang = ctx.tournament.settings.language;
    if pgn.tag("FEN").is_some() || pgn.tag("SetUp") == Some("1") {
        findings.push(mismatch(say!(
            lang,
            "the PGN starts from a set-up position (FEN tag); the game starts from the initial position",
            "PGN начинается с заданной позиции (тег FEN), а партия — с начальной",
        )));
        return;
    }
    let mut pos = Chess::default();
    for (i, san) in pgn.moves.iter().enumerate() {
        let label = format!("{}{}", i / 2 + 1, if i.is_multiple_of(2) { "." } else { "..." });
        let m = match san.san.to_move(&pos) {
            Ok(m) => m,
            Err(_) => {
                findings.push(mismatch(say!(
                    lang,
                    "the PGN's move {label}{san} is not legal in its position",
                    "ход PGN {label}{san} невозможен в своей позиции",
                )));
                return;
            }
        };
        match replay.moves.get(i) {
            Some(&logged) if logged == m => {}
            Some(&logged) => {
                findings.push(mismatch(say!(
                    lang,
                    "the PGN differs from the log at move {label}: {san} in the PGN, {} in the log",
                    "PGN расходится с записью ходов на ходу {label}: в PGN {san}, в записи {}",
                    to_san(&pos, logged)
                )));
                return;
            }
            None => {
                if replay.complete {
                    findings.push(mismatch(say!(
                        lang,
                        "the PGN goes on past the log: move {label}{san} is not in the log",
                        "PGN длиннее записи ходов: хода {label}{san} в записи нет",
                    )));
                }
                return;
            }
        }
        pos.play_unchecked(m);
    }
    if finished && replay.complete && pgn.moves.len() < replay.moves.len() {
        let i = pgn.moves.len();
        findings.push(mismatch(say!(
            lang,
            "the game is finished but the PGN stops after {} half-moves; the log has {} (move {}{})",
            "партия окончена, но PGN обрывается после {} полуходов; в записи их {} (ход {}{})",
            i,
            replay.moves.len(),
            i / 2 + 1,
            if i.is_multiple_of(2) { "." } else { "..." }
        )));
    }
}
