//! What every page says about a game, decided once: its status, each side's
//! deadline (move-by or repeat-by), low time and overstep, whether its
//! records are under review, and the trouble marks shown beside it. The
//! pages, texts and calendars format these and decide nothing; so the
//! bulletin, a game's page and its players' pages cannot disagree.

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

use super::GameReport;
use crate::dates::days_between;
use crate::finding::{Code, Finding, TableFacts};
use crate::model::{Side, Tournament};
use crate::rules::LOST_GRACE_DAYS;
use crate::rules::clock::Breaks;

/// Where a game stands on the as-of date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Unfinished, both clocks shown, deadlines running.
    InPlay,
    Finished,
    /// Struck out of the standings by an `annul` withdrawal (51.8.1).
    Annulled,
    /// Interrupted by an overstep claim awaiting the arbiter (51.6.3).
    Interrupted,
    /// A withdrawn player's game, or one unfinished past the tournament's
    /// end (51.8.1, 51.9.4).
    AwaitingAdjudication,
    /// Its records hold an error, or a tournament-wide input that may
    /// concern it does: nothing is shown from its clocks (docs/arbiter.md).
    UnderReview,
    /// Paired, but neither a move log nor a PGN record is there yet: no
    /// clock is run against anyone.
    NoRecords,
}

/// Which date a side must act by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadlineKind {
    /// The owing side's last day to send its message (51.4.3).
    MoveBy,
    /// The waiting side's day to repeat its unanswered message (51.5.1).
    RepeatBy,
}

/// A side's deadline in a game in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Deadline {
    pub kind: DeadlineKind,
    pub date: NaiveDate,
    /// Past a repeat-by date: the days of the 3 of 51.4.9 still left before
    /// a lost letter's repeat is penalised (0 once they are used up).
    pub grace_left: Option<i64>,
}

/// The kind of a trouble mark, which also names its CSS class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarkKind {
    Overstep,
    LowTime,
    Silence,
}

/// A trouble mark against a player, from the game's findings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub kind: MarkKind,
    pub player: String,
}

/// What is shown of one side's clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SideFacts {
    pub deadline: Option<Deadline>,
    /// In play, with 0 to [`crate::rules::LOW_TIME_DAYS`] days left (51.4.10,
    /// [`crate::rules::is_low_time`]).
    pub low_time: bool,
    /// Fewer than 0 days left.
    pub over: bool,
}

/// The decided facts of one game, carried in its [`GameReport`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub status: Status,
    pub under_review: bool,
    /// Whether its clocks are shown: not for a game under review, one
    /// without records, nor a finished game with no record of its moves
    /// (finished by a decision, a forfeit or a withdrawal, or before the
    /// switch to the tool: its result is shown, no "0 used").
    pub clocks: bool,
    /// The side said to owe the next message, on every page, in the next
    /// message and in the calendars: the owing side of a game in play as
    /// shown (not under review, with records, not awaiting a ruling);
    /// `None` otherwise.
    pub owes: Option<Side>,
    /// White's, then Black's.
    pub sides: [SideFacts; 2],
    pub marks: Vec<Mark>,
}

impl Default for Facts {
    fn default() -> Facts {
        Facts {
            status: Status::InPlay,
            under_review: false,
            clocks: true,
            owes: None,
            sides: [SideFacts::default(); 2],
            marks: Vec::new(),
        }
    }
}

impl Facts {
    /// Whether the clocks are shown ([`Facts::clocks`]).
    pub fn clocks_shown(&self) -> bool {
        self.clocks
    }

    /// Whether a player may read a finding of `code` about this game on
    /// its public page and calendar (given [`Code::shown_to_player`]): none
    /// of a game under review (no public accusation from records the tool
    /// could not read), and of a game whose clocks are not shown only those
    /// not made from the clocks, such as the record a player owes for a game
    /// finished before the switch to the tool (51.9.1).
    pub fn player_may_read(&self, code: Code) -> bool {
        !self.under_review && (self.clocks || !code.charges_from_clock())
    }

    pub fn side(&self, side: Side) -> &SideFacts {
        &self.sides[side.index()]
    }
}

/// Decides the facts of `g` on `as_of`; `review` puts it under review
/// whatever its own findings (a player it names is not in players.csv, or
/// a tournament-wide input that may concern it is unreadable).
pub fn decide(g: &GameReport, review: bool, as_of: NaiveDate) -> Facts {
    let under_review = review || crate::finding::under_review(&g.findings);
    let finished = g.result.is_finished();
    let status = if under_review {
        Status::UnderReview
    } else if g.annulled {
        Status::Annulled
    } else if finished {
        Status::Finished
    } else if !g.moves_recorded() {
        Status::NoRecords
    } else if g.interrupted {
        Status::Interrupted
    } else if g.awaiting_adjudication || !g.in_play {
        Status::AwaitingAdjudication
    } else {
        Status::InPlay
    };
    let no_moves = status == Status::Finished && !g.moves_recorded();
    let shown = !matches!(status, Status::UnderReview | Status::NoRecords) && !no_moves;
    let owes = g.owing.filter(|_| status == Status::InPlay);
    let side_facts = |side: Side| {
        let c = g.clock.side(side);
        SideFacts {
            deadline: (status == Status::InPlay)
                .then(|| deadline(g, side, owes, as_of))
                .flatten(),
            low_time: shown && crate::rules::is_low_time(c.left, g.in_play),
            over: shown && c.left < 0,
        }
    };
    let mut marks: Vec<Mark> = Vec::new();
    for f in g.findings.iter().filter(|_| shown) {
        let kind = match f.code {
            Code::Overstep => MarkKind::Overstep,
            Code::LowTime => MarkKind::LowTime,
            Code::Silence => MarkKind::Silence,
            _ => continue,
        };
        let mark = Mark {
            kind,
            player: f.player.clone().unwrap_or_default(),
        };
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    }
    Facts {
        status,
        under_review,
        clocks: shown,
        owes,
        sides: [side_facts(Side::White), side_facts(Side::Black)],
        marks,
    }
}

/// The deadline of `side` in a game in play: its move-by date when it owes
/// the next message, else its repeat-by date (51.4.3, 51.5.1).
fn deadline(g: &GameReport, side: Side, owing: Option<Side>, as_of: NaiveDate) -> Option<Deadline> {
    let c = g.clock.side(side);
    let owes = owing == Some(side);
    match (c.move_by, c.repeat_by) {
        (Some(date), _) if owes => Some(Deadline {
            kind: DeadlineKind::MoveBy,
            date,
            grace_left: None,
        }),
        (_, Some(date)) if !owes => Some(Deadline {
            kind: DeadlineKind::RepeatBy,
            date,
            grace_left: (as_of > date).then(|| (LOST_GRACE_DAYS - days_between(date, as_of)).max(0)),
        }),
        _ => None,
    }
}

/// Whether a tournament-wide finding may concern game `g`: a `bad-input`
/// finding on breaks.csv or decisions.csv concerns the game it names, else
/// the games of the player it names, else every game.
pub fn concerns(f: &Finding, g: &GameReport) -> bool {
    concerns_game(f, &g.id, [&g.white, &g.black])
}

fn concerns_game(f: &Finding, game: &str, players: [&str; 2]) -> bool {
    let on_file = f
        .file
        .as_deref()
        .is_some_and(|file| file.ends_with("breaks.csv") || file.ends_with("decisions.csv"));
    // A name that held an address was read without it: its row was read.
    let row_read = matches!(
        f.facts,
        crate::finding::Facts::Table(TableFacts::NameHoldsAddress { .. })
    );
    if f.code != Code::BadInput || !on_file || row_read {
        return false;
    }
    match (&f.game, &f.player) {
        (Some(named), _) => named == game,
        (None, Some(player)) => players.contains(&player.as_str()),
        (None, None) => true,
    }
}

/// Whether a pairing names a player who is not in players.csv.
pub fn names_unknown_player(t: &Tournament, g: &GameReport) -> bool {
    [&g.white, &g.black]
        .iter()
        .any(|name| !t.players.iter().any(|p| p.name == **name))
}

/// Break days of one calendar year (51.7.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BreakYear {
    pub year: i32,
    pub used: i64,
    pub left: i64,
}

/// A player's break days per calendar year (51.7.1), from the tournament's
/// start year to its end year (or the as-of year, or a break's last year).
pub fn break_years(t: &Tournament, name: &str, as_of: NaiveDate) -> Vec<BreakYear> {
    let s = &t.settings;
    let breaks = Breaks::new(t.breaks_of(name));
    let last = s.end.unwrap_or(as_of).max(as_of).year();
    let last = breaks.spans().iter().map(|&(_, to)| to.year()).fold(last, i32::max);
    (s.start.year()..=last.max(s.start.year()))
        .map(|year| {
            let before = NaiveDate::from_ymd_opt(year - 1, 12, 31).unwrap_or(s.start);
            let until = NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or(s.start);
            let used = breaks.days_in(before, until);
            BreakYear {
                year,
                used,
                left: i64::from(s.break_days_per_year) - used,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_row_of_breaks_or_decisions_concerns_the_games_it_may_touch() {
        let on = |file: &str| Finding::worded(Code::BadInput, "a date that does not read").at(file, Some(3));
        let players = ["White, W", "Black, B"];
        // Naming no game and no player: every game.
        assert!(concerns_game(&on("t/breaks.csv"), "g1", players));
        assert!(concerns_game(&on("t/decisions.csv"), "g1", players));
        // Naming a player: that player's games only.
        let mut f = on("t/breaks.csv");
        f.player = Some("Black, B".into());
        assert!(concerns_game(&f, "g1", players));
        assert!(!concerns_game(&f, "g2", ["Other, O", "White, W"]));
        // Naming a game: that game only, whoever the player.
        f.game = Some("g2".into());
        assert!(!concerns_game(&f, "g1", players));
        assert!(concerns_game(&f, "g2", ["Other, O", "White, W"]));
        // Other files and other codes concern no game.
        assert!(!concerns_game(&on("t/players.csv"), "g1", players));
        let mut late = on("t/breaks.csv");
        late.code = Code::BreakNotice;
        assert!(!concerns_game(&late, "g1", players));
    }
}
