//! Replaying a game's moves on the board (51.3.1, 51.2.4, 51.3.6).
//!
//! Every row of the log whose move enters the game is read in any notation
//! the partners may agree on (51.2.4; `src/game/notation.rs`) and played on the
//! board, ignoring check, mate and capture signs (51.3.6). A move that is
//! not legal in its position, fits two legal moves or is no move at all is
//! an `illegal-move` finding (51.3.1), and a row out of turn a `bad-input`
//! one; either way the replay stops there, while the clocks still count
//! every message. A move read only with look-alike letters is a `read-as`
//! note.
//!
//! What the replay gives the rest of the game stage: the moves played (with
//! SAN, UCI and ICCF numeric forms), the final position, whether the whole
//! log replayed, and — once it did — a mate or stalemate on the board as a
//! result (docs/rules.md, "Moves: 51.2.4, 51.3.1, 51.3.6").

use chrono::NaiveDate;
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

use super::PlayedMove;
use crate::finding::{Finding, MoveReadAs, ReplayFacts, Unplayable};
use crate::game::notation::{
    MoveError, NotationError, Reading, Unread, play_san, read_move, to_numeric, to_san, to_uci,
};
use crate::load::movelog::excerpt;
use crate::model::{GameResult, Row, Side};

/// The game replayed: the moves that were legal, the final position, and
/// whether the whole log replayed.
pub struct Replay {
    pub played: Vec<PlayedMove>,
    pub moves: Vec<Move>,
    /// The SAN of each move played, without its check sign.
    pub sans: Vec<San>,
    pub position: Chess,
    pub complete: bool,
    /// The SAN of each row whose move was played, indexed as the rows are
    /// (`None` for the others).
    pub san_of_row: Vec<Option<String>>,
    /// Index of the row whose move was played last.
    pub last_row: Option<usize>,
}

/// Replays the rows that enter the game, with a finding where the replay
/// stops. `derived` rows (made from the PGN) have no line of a log to cite.
/// `skipped` are the lines of the log that could not be read: a row out of
/// turn just after one stops the replay without a finding of its own, since
/// the row not read may be the move it seems to lack (its own finding
/// says so), and the player who wrote the next row did nothing wrong.
pub fn replay(rows: &[Row], findings: &mut Vec<Finding>, file: &str, (derived, skipped): (bool, &[usize])) -> Replay {
    let mut r = Replay::with_room(rows);
    let at = |row: &Row| if derived { None } else { Some(row.line) };
    let mut ply = 0u32;
    // The last sent date per side: a variant move was sent with its
    // proposer's earlier message (51.3.7), and is stamped so in the PGN.
    let mut last_sent: [Option<NaiveDate>; 2] = [None, None];
    // The moves read only with look-alike letters, per side: one `read-as`
    // finding a side lists them all (a game typed in another keyboard
    // layout is one note, not one a move).
    let mut looked_alike: [Vec<ReadAs<'_>>; 2] = [Vec::new(), Vec::new()];
    let mut last_line = 0;
    for (i, row) in rows.iter().enumerate() {
        if row.sent.is_some() {
            last_sent[row.side.index()] = row.sent;
        }
        if !row.enters_game() {
            continue;
        }
        let (side, no) = turn(ply);
        if row.side != side || row.no != no {
            // Not after a line not read: it may be the move this row lacks.
            if derived || !skipped.iter().any(|&l| (last_line..row.line).contains(&l)) {
                findings.push(out_of_turn(row, side, no).at(file, at(row)));
            }
            r.complete = false;
            break;
        }
        last_line = row.line;
        ply += 1;
        match read_move(&r.position, &row.mv) {
            Ok(Reading { mv: m, san, read_as }) => {
                if read_as.is_some() {
                    looked_alike[side.index()].push(ReadAs {
                        row,
                        no,
                        san: to_san(&r.position, m),
                    });
                }
                let uci = to_uci(&m);
                let numeric = to_numeric(&m);
                r.sans.push(san);
                let san = play_san(&mut r.position, m, san);
                r.san_of_row[i] = Some(san.clone());
                r.played.push(PlayedMove {
                    no,
                    side,
                    san,
                    uci,
                    numeric,
                    sent: row.sent.or(last_sent[row.side.index()]),
                });
                r.moves.push(m);
                r.last_row = Some(i);
            }
            Err(unread) => {
                findings.push(illegal_finding(row, side, no, &unread).at(file, at(row)));
                r.complete = false;
                break;
            }
        }
    }
    for (side, moves) in [Side::White, Side::Black].into_iter().zip(&looked_alike) {
        if let Some(first) = moves.first() {
            findings.push(read_as_finding(side, moves).at(file, at(first.row)));
        }
    }
    r
}

impl Replay {
    /// The start position, with room for every row that enters the game.
    fn with_room(rows: &[Row]) -> Replay {
        let most = rows.iter().filter(|r| r.enters_game()).count();
        Replay {
            played: Vec::with_capacity(most),
            moves: Vec::with_capacity(most),
            sans: Vec::with_capacity(most),
            position: Chess::default(),
            complete: true,
            san_of_row: vec![None; rows.len()],
            last_row: None,
        }
    }
}

/// The side to move and its move number after `ply` half-moves.
fn turn(ply: u32) -> (Side, u32) {
    let side = if ply.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    (side, ply / 2 + 1)
}

/// A move read only in a look-alike reading of its letters.
struct ReadAs<'a> {
    row: &'a Row,
    no: u32,
    san: String,
}

/// The `bad-input` finding of a row that enters the game out of turn.
fn out_of_turn(row: &Row, side: Side, no: u32) -> Finding {
    Finding::new(ReplayFacts::MovesDoNotAlternate {
        expected_side: side,
        expected_no: no,
        side: row.side,
        no: row.no,
    })
    .side(row.side)
    .move_no(row.no)
}

/// The `illegal-move` finding of a move that cannot be played (51.3.1),
/// with what else it was tried as.
fn illegal_finding(row: &Row, side: Side, no: u32, unread: &Unread) -> Finding {
    let Unread { error, tried } = unread;
    let why = match error {
        NotationError::Syntax(_) => Unplayable::Unreadable,
        NotationError::Position(MoveError::Illegal) => Unplayable::Illegal,
        NotationError::Position(MoveError::Ambiguous) => Unplayable::Ambiguous,
    };
    Finding::new(ReplayFacts::MoveNotPlayable {
        side,
        move_no: no,
        written: excerpt(&row.mv),
        why,
        tried: tried.iter().take(8).map(|t| excerpt(t)).collect(),
    })
    .side(row.side)
    .move_no(no)
    .date(row.sent)
}

/// The one `read-as` finding of a side's moves read only in a look-alike
/// reading (51.2.4), at its first such move.
fn read_as_finding(side: Side, moves: &[ReadAs<'_>]) -> Finding {
    let first = &moves[0];
    Finding::new(ReplayFacts::MovesReadAs {
        side,
        moves: moves
            .iter()
            .map(|m| MoveReadAs {
                no: m.no,
                written: excerpt(&m.row.mv),
                san: m.san.clone(),
            })
            .collect(),
    })
    .side(side)
    .move_no(first.no)
    .date(first.row.sent)
}

/// Mate or stalemate on the board, once the whole log has replayed, with
/// the date of the move that gave it.
pub fn board_result(rows: &[Row], replay: &Replay) -> Option<(GameResult, Option<NaiveDate>)> {
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
