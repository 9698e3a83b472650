//! A game's result (SPEC 8 "finished", 51.1.7, 51.6.3, 51.6.6, 51.8.1): the
//! arbiter's decisions, else a resignation or an accepted draw in the log or
//! a mate or stalemate on the board, else the PGN's Result tag; withdrawals;
//! a `result-conflict` when the sources disagree.

use chrono::NaiveDate;

use crate::finding::{Code, Finding};
use crate::game::GameContext;
use crate::model::{DecisionKind, Flag, GameResult, Row, Side, Withdrawal};
use crate::pgn::PgnGame;

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

/// Settles a game's result from the decisions, the log, the board (mate or
/// stalemate, found by the game stage) and the PGN; adds a `result-conflict`
/// finding when they disagree and no decision rules.
pub fn settle(
    ctx: &GameContext<'_>,
    rows: &[Row],
    board_result: Option<(GameResult, Option<NaiveDate>)>,
    pgn: Option<&PgnGame>,
    findings: &mut Vec<Finding>,
) -> Settled {
    let p = ctx.pairing;
    let lang = ctx.tournament.settings.language;
    let side_of = |name: &str| {
        if name == p.white {
            Some(Side::White)
        } else if name == p.black {
            Some(Side::Black)
        } else {
            None
        }
    };
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
    // The board: mate or stalemate after the whole log replayed.
    let pgn_result = pgn
        .and_then(|g| g.tag("Result").and_then(GameResult::parse))
        .filter(|r| r.is_finished())
        .map(|r| (r, last_sent));

    // The arbiter's decisions, in date order (decisions.csv order on a tie).
    let mut decisions: Vec<_> = ctx.tournament.decisions.iter().collect();
    decisions.sort_by_key(|d| (d.date, d.line));
    let mut decided: Option<(GameResult, NaiveDate)> = None;
    let mut interrupted_on = None;
    let mut awaiting_adjudication = false;
    let mut annulled = false;
    let mut forfeits = [false; 2];
    for d in &decisions {
        let this_game = d.game.as_deref() == Some(p.game.as_str());
        match d.kind {
            DecisionKind::Result if this_game => {
                decided = d.result.map(|r| (r, d.date));
                interrupted_on = None;
            }
            DecisionKind::Overstep if this_game => {
                if let Some(side) = d.player.as_deref().and_then(side_of) {
                    decided = Some((GameResult::loss_for(side), d.date));
                    interrupted_on = None;
                }
            }
            DecisionKind::Claim if this_game => interrupted_on = Some(d.date),
            DecisionKind::Withdrawal => {
                if let Some(side) = d.player.as_deref().and_then(side_of) {
                    match d.withdrawal {
                        Some(Withdrawal::Forfeit) => forfeits[side.index()] = true,
                        Some(Withdrawal::Adjudicate) => awaiting_adjudication = true,
                        Some(Withdrawal::Annul) => annulled = true,
                        None => {}
                    }
                }
            }
            _ => {}
        }
    }

    let evidence: Vec<(GameResult, String)> = [
        log_result.map(|r| (r.0, say!(lang, "the log says", "по записи ходов"))),
        board_result.map(|r| (r.0, say!(lang, "the position says", "по позиции на доске"))),
        pgn_result.map(|r| (r.0, say!(lang, "the PGN Result tag says", "по тегу Result в PGN"))),
    ]
    .into_iter()
    .flatten()
    .collect();
    if decided.is_none() && evidence.windows(2).any(|w| w[0].0 != w[1].0) {
        let said: Vec<String> = evidence.iter().map(|(r, s)| format!("{s} {}", r.as_str())).collect();
        findings.push(Finding::new(
            Code::ResultConflict,
            say!(
                lang,
                "the result is disputed: {}; the arbiter must rule (51.1.7)",
                "результат спорный: {}; решение за арбитром (51.1.7)",
                said.join(", ")
            ),
        ));
    }

    let (mut result, mut source, mut finished_on) = if let Some((r, date)) = decided {
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
    if !result.is_finished() && (forfeits[0] || forfeits[1]) {
        result = match forfeits {
            [true, true] => GameResult::BothLose,
            [true, false] => GameResult::forfeit_for(Side::White),
            _ => GameResult::forfeit_for(Side::Black),
        };
        source = ResultSource::Withdrawal;
        finished_on = decisions
            .iter()
            .filter(|d| d.kind == DecisionKind::Withdrawal && d.player.as_deref().and_then(side_of).is_some())
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
        annulled,
    }
}
