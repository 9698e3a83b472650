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
//! A decision or claim dated after the as-of date has not been made yet:
//! it is not applied. A `*` decision reopens the game (a rejected claim, a
//! result taken back): a resignation, a draw or a mate after it decides the
//! game again. The days from the day after a claim to the decision that
//! ends it are an interruption, counted for neither side (51.6.3).
//!
//! This module takes plain values — the pairing, the tournament's
//! decisions, the language — not the game stage's context.

use chrono::NaiveDate;

use crate::finding::{Finding, ResultFacts, ResultWitness};
use crate::load::pgn::PgnGame;
use crate::model::{Decision, DecisionKind, Flag, GameResult, Pairing, Row, Side, Withdrawal};
use crate::rules::findings::ClaimRuling;

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
    /// Struck out by an `annul` withdrawal: unfinished when its player
    /// withdrew (51.8.1); a finished game stands.
    pub annulled: bool,
    /// The date a withdrawal with `adjudicate` or `annul` took this
    /// unfinished game out of play (51.8.1): no clock runs after it.
    pub withdrawn_on: Option<NaiveDate>,
    /// The interruptions of the game (51.6.3): from the day after a claim to
    /// the decision that ends it, or to the as-of date while it is open,
    /// both days included.
    pub interruptions: Vec<(NaiveDate, NaiveDate)>,
    /// The overstep claims made on this game by the as-of date, in date order.
    pub claims: Vec<ClaimRuling>,
    /// The dates of the arbiter's rulings on this game (`result`, `overstep`
    /// or `*` decisions, 51.6.5) by the as-of date, in date order.
    pub ruled_on: Vec<NaiveDate>,
    /// Per side: withdrawn with its unfinished games forfeited (51.8.1).
    pub withdrawn: [bool; 2],
    /// The withdrawal that decided this game while it was unfinished: the
    /// side that withdrew, how, and its date (51.8.1, 51.8.2).
    pub withdrawal: Option<(Side, Withdrawal, NaiveDate)>,
}

/// A result with the date it came about.
type Dated<D> = Option<(GameResult, D)>;

/// What the arbiter's decisions say of one game, in date order.
#[derive(Default)]
struct Rulings<'a> {
    /// The game's decisions and withdrawals, by date (decisions.csv order on
    /// a tie).
    decisions: Vec<&'a Decision>,
    decided: Dated<NaiveDate>,
    /// The date of the last `*` decision: only what comes after it decides
    /// the game again.
    reopened_on: Option<NaiveDate>,
    interrupted_on: Option<NaiveDate>,
    interruptions: Vec<(NaiveDate, NaiveDate)>,
    claims: Vec<ClaimRuling>,
    ruled_on: Vec<NaiveDate>,
    awaiting_adjudication: bool,
    annulled: bool,
    /// The first withdrawal with `adjudicate` or `annul` of either player.
    withdrawn_on: Option<NaiveDate>,
    /// Per side: withdrawn with its games forfeited.
    forfeits: [bool; 2],
    /// The first withdrawal of a player of the game.
    withdrawal: Option<(Side, Withdrawal, NaiveDate)>,
}

impl Rulings<'_> {
    /// A result ruled on `date`: it ends the open claims, and with them the
    /// interruption; `*` reopens the game.
    fn rule(&mut self, date: NaiveDate, result: GameResult) {
        self.ruled_on.push(date);
        if let Some(claimed) = self.interrupted_on.take() {
            self.interruptions.push((claimed.succ_opt().unwrap_or(claimed), date));
        }
        for c in self.claims.iter_mut().filter(|c| c.ended.is_none()) {
            c.ended = Some((date, result));
        }
        if result == GameResult::Unfinished {
            self.decided = None;
            self.reopened_on = Some(date);
        } else {
            self.decided = Some((result, date));
        }
    }

    /// A withdrawal of `side`'s player on `date` (51.8.1).
    fn withdraw(&mut self, side: Side, how: Option<Withdrawal>, date: NaiveDate) {
        if let Some(how) = how {
            self.withdrawal = self.withdrawal.or(Some((side, how, date)));
        }
        match how {
            Some(Withdrawal::Forfeit) => self.forfeits[side.index()] = true,
            Some(Withdrawal::Adjudicate) => {
                self.awaiting_adjudication = true;
                self.withdrawn_on = self.withdrawn_on.or(Some(date));
            }
            Some(Withdrawal::Annul) => {
                self.annulled = true;
                self.withdrawn_on = self.withdrawn_on.or(Some(date));
            }
            None => {}
        }
    }
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
#[allow(clippy::too_many_arguments)]
pub fn settle(
    p: &Pairing,
    decisions: &[Decision],
    as_of: NaiveDate,
    rows: &[Row],
    board_result: Dated<Option<NaiveDate>>,
    pgn: Option<&PgnGame>,
    findings: &mut Vec<Finding>,
) -> Settled {
    let rulings = rulings(p, decisions, as_of);
    let reopened_on = rulings.reopened_on;
    let last_sent = rows.iter().filter_map(|r| r.sent).max();
    let log_result = log_result(rows, last_sent, reopened_on);
    let pgn_result = pgn_result(pgn, last_sent, reopened_on);
    let board_result = board_result.filter(|(_, date)| after_reopen(reopened_on, *date));
    if rulings.decided.is_none() {
        findings.extend(conflict(log_result, board_result, pgn_result));
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
        interruptions,
        claims,
        ruled_on,
        ..
    } = rulings;
    if !result.is_finished() && (forfeits[0] || forfeits[1]) {
        (result, finished_on) = forfeited(p, &rulings.decisions, forfeits);
        source = ResultSource::Withdrawal;
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
        // 51.8.1: «без учёта всех его неоконченных партий» — only the
        // unfinished games are struck out.
        annulled: rulings.annulled && !result.is_finished(),
        withdrawn_on: rulings.withdrawn_on.filter(|_| !result.is_finished()),
        interruptions,
        claims,
        ruled_on,
        withdrawal: rulings
            .withdrawal
            .filter(|_| source == ResultSource::Withdrawal || rulings.withdrawn_on.is_some() && !result.is_finished()),
        withdrawn: if source == ResultSource::Withdrawal {
            forfeits
        } else {
            [false; 2]
        },
    }
}

/// Whether a result dated `date` counts after the last `*` decision: only
/// what came later decides the game again.
fn after_reopen(reopened_on: Option<NaiveDate>, date: Option<NaiveDate>) -> bool {
    match (reopened_on, date) {
        (None, _) => true,
        (Some(reopened), Some(date)) => date > reopened,
        (Some(_), None) => false,
    }
}

/// The log's result: a resignation or an accepted draw, dated when sent
/// (else on the last date sent).
fn log_result(rows: &[Row], last_sent: Option<NaiveDate>, reopened_on: Option<NaiveDate>) -> Dated<Option<NaiveDate>> {
    rows.iter()
        .find(|r| matches!(r.flag, Flag::Resign | Flag::Draw) && after_reopen(reopened_on, r.sent.or(last_sent)))
        .map(|r| {
            let result = if r.flag == Flag::Resign {
                GameResult::loss_for(r.side)
            } else {
                GameResult::Draw
            };
            (result, r.sent.or(last_sent))
        })
}

/// The PGN's Result tag, when it says the game is over.
fn pgn_result(
    pgn: Option<&PgnGame>,
    last_sent: Option<NaiveDate>,
    reopened_on: Option<NaiveDate>,
) -> Dated<Option<NaiveDate>> {
    pgn.and_then(|g| g.tag("Result").and_then(GameResult::parse))
        .filter(|r| r.is_finished())
        .map(|r| (r, last_sent))
        .filter(|(_, date)| after_reopen(reopened_on, *date))
}

/// The result of a game its players' withdrawals forfeit (51.8.1), dated
/// on the last of those withdrawals.
fn forfeited(p: &Pairing, decisions: &[&Decision], forfeits: [bool; 2]) -> (GameResult, Option<NaiveDate>) {
    let result = match forfeits {
        [true, true] => GameResult::BothLose,
        [true, false] => GameResult::forfeit_for(Side::White),
        _ => GameResult::forfeit_for(Side::Black),
    };
    let on = decisions
        .iter()
        .filter(|d| d.kind == DecisionKind::Withdrawal && d.player.as_deref().and_then(|n| side_of(p, n)).is_some())
        .map(|d| d.date)
        .max();
    (result, on)
}

/// The arbiter's decisions on this game and its players' withdrawals made
/// by `as_of`, taken in date order: a later result or overstep ruling
/// replaces an earlier one and ends an open claim (51.6.3, 51.6.6); `*`
/// reopens the game; a withdrawal forfeits, adjourns for adjudication or
/// annuls (51.8.1). A decision dated after `as_of` is not made yet.
fn rulings<'a>(p: &Pairing, decisions: &'a [Decision], as_of: NaiveDate) -> Rulings<'a> {
    let mut sorted: Vec<&Decision> = decisions.iter().filter(|d| d.date <= as_of).collect();
    sorted.sort_by_key(|d| (d.date, d.line));
    let mut r = Rulings::default();
    for d in &sorted {
        let this_game = d.game.as_deref() == Some(p.game.as_str());
        let side = d.player.as_deref().and_then(|n| side_of(p, n));
        let ruled = match d.kind {
            DecisionKind::Result if this_game => d.result,
            DecisionKind::Overstep if this_game => side.map(GameResult::loss_for),
            _ => None,
        };
        if let Some(result) = ruled {
            r.rule(d.date, result);
            continue;
        }
        match d.kind {
            DecisionKind::Claim if this_game => {
                r.interrupted_on = r.interrupted_on.or(Some(d.date));
                r.claims.push(ClaimRuling {
                    date: d.date,
                    claimant: side,
                    ended: None,
                });
            }
            DecisionKind::Withdrawal => {
                if let Some(side) = side {
                    r.withdraw(side, d.withdrawal, d.date);
                }
            }
            _ => {}
        }
    }
    if let Some(claimed) = r.interrupted_on {
        r.interruptions.push((claimed.succ_opt().unwrap_or(claimed), as_of));
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
) -> Option<Finding> {
    let said: Vec<(GameResult, ResultWitness)> = [
        log.map(|r| (r.0, ResultWitness::Log)),
        board.map(|r| (r.0, ResultWitness::Position)),
        pgn.map(|r| (r.0, ResultWitness::PgnTag)),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !said.windows(2).any(|w| w[0].0 != w[1].0) {
        return None;
    }
    Some(Finding::new(ResultFacts::ResultDisputed { said }))
}
