//! The game's records: the PGN file checked against the move log (51.9.1),
//! and the PGN standing in for a missing log (51.1.4).
//!
//! Article 51 has each player keep the record of the game and send it to
//! the arbiter once the game is over (51.9.1). Where the tournament has
//! both a move log and a PGN, the PGN must agree with the log: the same
//! players as paired, from the initial position, its moves a prefix of the
//! log's, and all of them once the game is finished; the first difference
//! is a `pgn-mismatch` finding. Where there is no move log (51.1.4), the
//! PGN's `%ccsnt` stamps stand in for the dates: they are checked as the
//! log's dates are (51.2.3) and turned into rows the clocks can run on
//! (docs/rules.md, "Results and records"; docs/format.md, "The PGN record").

use chrono::NaiveDate;
use shakmaty::san::{San, SanError};
use shakmaty::{Chess, Move, Position};

use super::replay::Replay;
use crate::dates::add_days;
use crate::finding::{Finding, PgnFacts, ResultFacts, Severity};
use crate::game::notation::read_move;
use crate::game::notation::to_san;
use crate::load::movelog::excerpt;
use crate::load::pgn::PgnGame;
use crate::model::{Flag, GameResult, Pairing, Row, Side};

/// The PGN's White and Black tags must name the paired players (51.9.1); a
/// name that differs only in letters or spaces is a `read-as` note.
pub fn check_pgn_players(pgn: &PgnGame, p: &Pairing, pgn_name: &str, findings: &mut Vec<Finding>) {
    for (tag, paired) in [("White", &p.white), ("Black", &p.black)] {
        let value = pgn.tag(tag).unwrap_or("");
        match crate::load::names::match_name(value, [paired.as_str()]) {
            crate::load::names::NameMatch::Exact(_) => {}
            crate::load::names::NameMatch::Folded(_) => findings.push(
                Finding::new(PgnFacts::PgnTagReadAsPaired {
                    tag: tag.to_string(),
                    value: excerpt(value),
                    paired: paired.to_string(),
                })
                .rule("—")
                .at(pgn_name, None),
            ),
            _ => findings.push(
                Finding::new(PgnFacts::PgnTagDiffersFromPairing {
                    tag: tag.to_string(),
                    value: excerpt(value),
                    paired: paired.to_string(),
                })
                .at(pgn_name, None),
            ),
        }
    }
}

/// The PGN record against the log (51.9.1): its moves must be a prefix of
/// the log's (all of them once the game is finished), from the initial
/// position, and its White/Black as paired.
pub fn compare_pgn(
    pgn: &PgnGame,
    p: &Pairing,
    replay: &Replay,
    finished: bool,
    pgn_name: &str,
    findings: &mut Vec<Finding>,
) {
    check_pgn_players(pgn, p, pgn_name, findings);
    let mismatch = |facts: PgnFacts| Finding::new(facts).at(pgn_name, None);
    if pgn.tag("FEN").is_some() || pgn.tag("SetUp") == Some("1") {
        findings.push(mismatch(PgnFacts::PgnFromSetUpPosition));
        return;
    }
    let mut pos = Chess::default();
    // The move number and side of the `i`-th half-move.
    let no = |i: usize| (i / 2 + 1) as u32;
    let side = |i: usize| if i.is_multiple_of(2) { Side::White } else { Side::Black };
    for (i, san) in pgn.moves.iter().enumerate() {
        let m = match pgn_move(replay, i, &san.san, &pos) {
            Ok(m) => m,
            Err(_) => {
                findings.push(mismatch(PgnFacts::PgnMoveIllegal {
                    move_no: no(i),
                    side: side(i),
                    san: san.to_string(),
                }));
                return;
            }
        };
        match replay.moves.get(i) {
            Some(&logged) if logged == m => {}
            Some(&logged) => {
                findings.push(mismatch(PgnFacts::PgnDiffersFromLog {
                    move_no: no(i),
                    side: side(i),
                    san: san.to_string(),
                    logged: to_san(&pos, logged),
                }));
                return;
            }
            None => {
                if replay.complete {
                    findings.push(mismatch(PgnFacts::PgnLongerThanLog {
                        move_no: no(i),
                        side: side(i),
                        san: san.to_string(),
                    }));
                }
                return;
            }
        }
        pos.play_unchecked(m);
    }
    if finished && replay.complete && pgn.moves.len() < replay.moves.len() {
        let i = pgn.moves.len();
        findings.push(mismatch(PgnFacts::PgnShorterThanLog {
            pgn_plies: i,
            log_plies: replay.moves.len(),
            move_no: no(i),
            side: side(i),
        }));
    }
}

/// The PGN's `i`-th move on `pos`. The log's move written as SAN writes it
/// is that move: found without generating the position's moves. Any other
/// writing is read against the position.
fn pgn_move(replay: &Replay, i: usize, san: &San, pos: &Chess) -> Result<Move, SanError> {
    match (replay.moves.get(i), replay.sans.get(i)) {
        (Some(&logged), Some(&written)) if written == *san => Ok(logged),
        _ => san.to_move(pos),
    }
}

/// The `%ccsnt` stamps a clock is computed from are checked as the move
/// log's dates are (51.2.3): a stamp before the previous move's is
/// `date-order`; one after the as-of date (`9999-12-31`) is `date-order` and
/// is not used.
pub fn check_stamps(pgn: &mut PgnGame, as_of: NaiveDate, pgn_name: &str, findings: &mut Vec<Finding>) {
    let side_of = |i: usize| if i.is_multiple_of(2) { Side::White } else { Side::Black };
    let mut previous: Option<(usize, NaiveDate)> = None;
    for (i, stamp) in pgn.stamps.iter_mut().enumerate() {
        // Stamps alternate White, Black from the first move.
        let side = side_of(i);
        if let (Some(d), Some((j, p))) = (*stamp, previous)
            && d < p
            && d <= as_of
        {
            findings.push(
                Finding::new(PgnFacts::PgnStampBeforePrevious {
                    move_no: (i / 2 + 1) as u32,
                    side,
                    date: d,
                    previous_no: (j / 2 + 1) as u32,
                    previous_side: side_of(j),
                    previous: p,
                })
                .side(side)
                .move_no((i / 2 + 1) as u32)
                .date(Some(d))
                .at(pgn_name, None),
            );
        }
        if let Some(d) = stamp.filter(|d| *d > as_of) {
            findings.push(
                Finding::new(PgnFacts::PgnStampAfterReportDate {
                    move_no: (i / 2 + 1) as u32,
                    side,
                    date: d,
                    as_of,
                })
                .side(side)
                .move_no((i / 2 + 1) as u32)
                .date(Some(d))
                .at(pgn_name, None),
            );
            *stamp = None;
        }
        if let Some(d) = *stamp {
            previous = Some((i, d));
        }
    }
}

/// Rows made from a PGN's moves and %ccsnt stamps (docs/format.md, "The PGN
/// record"; 51.1.4): each move sent on its stamp, received the day after
/// the partner's stamp.
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
            stated: [None; 2],
        })
        .collect()
}

/// A legal sealed move (51.9.4.4): its SAN, and the result it gives when
/// it mates or stalemates.
pub struct Sealed {
    pub san: String,
    /// The result of the position after it, dated the day it was sent:
    /// the move counts as made, so a mate or a stalemate finishes the game.
    pub result: Option<(GameResult, Option<NaiveDate>)>,
}

/// 51.9.4.4: the move the side to move sends the arbiter with its
/// adjudication materials (the `move` of its last `adjudication` row)
/// «рассматривается как сделанный», counts as made. A legal one is
/// returned, in SAN, to be shown as that move, with the result it gives
/// when it mates or stalemates; one that is not legal in the final position
/// is a `sealed-move` error; one from the side not to move, a `sealed-move`
/// warning (only the side to move seals a move). The side to move is the
/// board's, whatever result the arbiter then gave. No check when the replay
/// stopped short of the final position.
pub fn sealed_move(
    rows: &[Row],
    replay: &Replay,
    p: &Pairing,
    log_name: &str,
    findings: &mut Vec<Finding>,
) -> Option<Sealed> {
    let side = rows
        .iter()
        .rev()
        .find(|r| r.enters_game())
        .map_or(Side::White, |r| r.side.other());
    let sealed = |r: &&Row| r.flag == Flag::Adjudication && !r.mv.trim().is_empty();
    let player = |side: Side| [&p.white, &p.black][side.index()].to_string();
    if replay.complete {
        for row in rows.iter().filter(sealed).filter(|r| r.side != side) {
            findings.push(
                Finding::new(ResultFacts::SealedMoveNotToMove {
                    player: player(row.side),
                    written: excerpt(&row.mv),
                })
                .severity(Severity::Warning)
                .side(row.side)
                .move_no(row.no)
                .date(row.sent)
                .at(log_name, Some(row.line)),
            );
        }
    }
    let row = rows.iter().rev().filter(sealed).find(|r| r.side == side)?;
    if !replay.complete {
        return None;
    }
    match read_move(&replay.position, row.mv.trim()) {
        Ok(reading) => {
            let mut after = replay.position.clone();
            after.play_unchecked(reading.mv);
            let result = if after.is_checkmate() {
                Some(GameResult::loss_for(side.other()))
            } else if after.is_stalemate() {
                Some(GameResult::Draw)
            } else {
                None
            };
            Some(Sealed {
                san: to_san(&replay.position, reading.mv),
                result: result.map(|r| (r, row.sent)),
            })
        }
        Err(_) => {
            findings.push(
                Finding::new(ResultFacts::SealedMoveIllegal {
                    player: player(side),
                    written: excerpt(&row.mv),
                })
                .side(side)
                .move_no(row.no)
                .date(row.sent)
                .at(log_name, Some(row.line)),
            );
            None
        }
    }
}
