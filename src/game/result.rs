//! A game's result (51.1.7, 51.6.3, 51.6.6, 51.8.1, 51.9.1–51.9.4).
//!
//! Where a result comes from, strongest first: the arbiter's decisions
//! (a result, or an overstep ruled, 51.6.6); else a resignation or an
//! accepted draw in the log, or a mate or stalemate on the board; else the
//! PGN's Result tag. An open overstep claim interrupts the game until the
//! arbiter rules (51.6.3). A withdrawal (51.8.1) forfeits the player's
//! unfinished games, leaves them to the arbiter to adjudicate, or annuls
//! them. When the log, the board and the PGN disagree and no decision
//! settles it, the result is disputed: a `result-conflict` finding, for
//! the arbiter to rule on (51.1.7). See docs/rules.md, "Results and
//! records" and "Claims and the arbiter's decisions".
//!
//! This module takes plain values — the pairing, the tournament's
//! decisions, the language — not the game stage's context.

use crate::messages::{Msg, msg};
use chrono::NaiveDate;

use crate::finding::{Code, Finding};
use crate::load::pgn::PgnGame;
use crate::model::{Decision, DecisionKind, Flag, GameResult, Language, Pairing, Row, Side, Withdrawal};

/// Where the result came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultSource {
    Decision,
    Log,
    Board,
    Pgn,
    Withdrawal,
    None,
}

/// The result and how it came about.
pub struct Settled {
    pub result: GameResult,
    pub source: ResultSource,
    pub finished_on: Option<NaiveDate>,
    pub interrupted_on: Option<NaiveDate>,
    pub awaiting_adjudication: bool,
    pub annulled: bool,
}

/// A result with the date it came about.
type Dated<D> = Option<(GameResult, D)>;

/// What the arbiter's decisions say of one game, in date order.
struct Rulings<'a> {
    /// The game's decisions and withdrawals, by date (decisions.csv order on
    /// a tie).
    decisions: Vec<&'a Decision>,
    decided: Dated<NaiveDate>,
    interrupted_on: Option<NaiveDate>,
    awaiting_adjudication: bool,
    annulled: bool,
    /// Per side: withdrawn with its games forfeited.
    forfeits: [bool; 2],
}

/// The side a name plays in the pairing, if it plays.
fn side_of(p: &Pairing, name: &str) -> Option<Side> {
    if name == p.white {
        Some(Side::White)
    } else if name == p.black {
        Some(Side::Black)
    } else {
        None
    }
}

/// Settles a game's result from the decisions, the log, the board (mate or
/// stalemate, found by the replay) and the PGN; adds a `result-conflict`
/// finding when they disagree and no decision rules.
pub fn settle(
    p: &Pairing,
    decisions: &[Decision],
    lang: Language,
    rows: &[Row],
    board_result: Dated<Option<NaiveDate>>,
    pgn: Option<&PgnGame>,
    findings: &mut Vec<Finding>,
) -> Settled {
    let last_sent = rows.iter().filter_map(|r| r.sent).max();
    // The log: a resignation or an accepted draw.
    let log_result = rows
        .iter()
        .find(|r| matches!(r.flag, Flag::Resign | Flag::Draw))
        .map(|r| {
            let result = if r.flag == Flag::Resign {
                GameResult::loss_for(r.side)
            } else {
                GameResult::Draw
            };
            (result, r.sent.or(last_sent))
        });
    // The PGN's Result tag, when it says the game is over.
    let pgn_result = pgn
        .and_then(|g| g.tag("Result").and_then(GameResult::parse))
        .filter(|r| r.is_finished())
        .map(|r| (r, last_sent));
    let rulings = rulings(p, decisions);
    if rulings.decided.is_none() {
        findings.extend(conflict(log_result, board_result, pgn_result, lang));
    }

    let (mut result, mut source, mut finished_on) = if let Some((r, date)) = rulings.decided {
        (r, ResultSource::Decision, Some(date))
    } else if let Some((r, date)) = log_result {
        (r, ResultSource::Log, date)
    } else if let Some((r, date)) = board_result {
        (r, ResultSource::Board, date)
    } else if let Some((r, date)) = pgn_result {
        (r, ResultSource::Pgn, date)
    } else {
        (GameResult::Unfinished, ResultSource::None, None)
    };
    let Rulings {
        mut interrupted_on,
        mut awaiting_adjudication,
        forfeits,
        ..
    } = rulings;
    if !result.is_finished() && (forfeits[0] || forfeits[1]) {
        result = match forfeits {
            [true, true] => GameResult::BothLose,
            [true, false] => GameResult::forfeit_for(Side::White),
            _ => GameResult::forfeit_for(Side::Black),
        };
        source = ResultSource::Withdrawal;
        finished_on = rulings
            .decisions
            .iter()
            .filter(|d| d.kind == DecisionKind::Withdrawal && d.player.as_deref().and_then(|n| side_of(p, n)).is_some())
            .map(|d| d.date)
            .max();
    }
    if result.is_finished() {
        interrupted_on = None;
        awaiting_adjudication = false;
    }
    Settled {
        result,
        source,
        finished_on,
        interrupted_on,
        awaiting_adjudication,
        annulled: rulings.annulled,
    }
}

/// The arbiter's decisions on this game and its players' withdrawals, taken
/// in date order: a later result or overstep ruling replaces an earlier one
/// and ends an open claim (51.6.3, 51.6.6); a withdrawal forfeits,
/// adjourns for adjudication or annuls (51.8.1).
fn rulings<'a>(p: &Pairing, decisions: &'a [Decision]) -> Rulings<'a> {
    let mut sorted: Vec<&Decision> = decisions.iter().collect();
    sorted.sort_by_key(|d| (d.date, d.line));
    let mut r = Rulings {
        decisions: Vec::new(),
        decided: None,
        interrupted_on: None,
        awaiting_adjudication: false,
        annulled: false,
        forfeits: [false; 2],
    };
    for d in &sorted {
        let this_game = d.game.as_deref() == Some(p.game.as_str());
        let side = d.player.as_deref().and_then(|n| side_of(p, n));
        match d.kind {
            DecisionKind::Result if this_game => {
                r.decided = d.result.map(|res| (res, d.date));
                r.interrupted_on = None;
            }
            DecisionKind::Overstep if this_game => {
                if let Some(side) = side {
                    r.decided = Some((GameResult::loss_for(side), d.date));
                    r.interrupted_on = None;
                }
            }
            DecisionKind::Claim if this_game => r.interrupted_on = Some(d.date),
            DecisionKind::Withdrawal => {
                if let Some(side) = side {
                    match d.withdrawal {
                        Some(Withdrawal::Forfeit) => r.forfeits[side.index()] = true,
                        Some(Withdrawal::Adjudicate) => r.awaiting_adjudication = true,
                        Some(Withdrawal::Annul) => r.annulled = true,
                        None => {}
                    }
                }
            }
            _ => {}
        }
    }
    r.decisions = sorted;
    r
}

/// The `result-conflict` finding when the log, the board and the PGN's
/// Result disagree (51.1.7).
fn conflict(
    log: Dated<Option<NaiveDate>>,
    board: Dated<Option<NaiveDate>>,
    pgn: Dated<Option<NaiveDate>>,
    lang: Language,
) -> Option<Finding> {
    let evidence: Vec<(GameResult, String)> = [
        log.map(|r| (r.0, msg(lang, Msg::ResultByLog, &[]))),
        board.map(|r| (r.0, msg(lang, Msg::ResultByPosition, &[]))),
        pgn.map(|r| (r.0, msg(lang, Msg::ResultByPgnTag, &[]))),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !evidence.windows(2).any(|w| w[0].0 != w[1].0) {
        return None;
    }
    let said: Vec<String> = evidence.iter().map(|(r, s)| format!("{s} {}", r.as_str())).collect();
    Some(Finding::new(
        Code::ResultConflict,
        msg(lang, Msg::ResultDisputed, &[&said.join(", ")]),
    ))
}
