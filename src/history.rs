//! Since the last report: what changed against the previous report — the
//! findings that are new, those resolved, and the games with a move since.
//! A finding is the same finding when its code, game, player and date are
//! the same. Pure: the previous report is read back by
//! [`crate::output::previous`].

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use crate::finding::{Code, Finding, Severity};
use crate::game::GameReport;

/// What a game was at the previous report.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreviousGame {
    pub rows: usize,
    pub last_move: Option<NaiveDate>,
}

/// The previous report, as far as the comparison needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Previous {
    pub as_of: NaiveDate,
    pub findings: Vec<Finding>,
    pub games: BTreeMap<String, PreviousGame>,
    /// The report it was itself compared against, of an earlier date (its
    /// own `base` is not kept): a second run on the same date compares
    /// against that one, not against the first run of the night.
    pub base: Option<Box<Previous>>,
}

impl Previous {
    /// The report a run as of `as_of` compares against: the last one of
    /// an earlier date. After a run on the same date (a typo fixed and run
    /// again) that is the one it was compared against, so that the night's
    /// changes and new moves stay what they were; `None` when there is no
    /// such report.
    pub fn before(self, as_of: NaiveDate) -> Option<Previous> {
        if self.as_of < as_of {
            return Some(self);
        }
        self.base.map(|b| *b).filter(|b| b.as_of < as_of)
    }
}

/// What makes two findings the same finding from one report to the next:
/// code, game, player and date; for a finding with none of the last three
/// (a bad row of players.csv, a file that cannot be read), also its file
/// and line, so that two of them are two findings.
pub type Key<'a> = (
    Code,
    Option<&'a str>,
    Option<&'a str>,
    Option<NaiveDate>,
    Option<(&'a str, Option<usize>)>,
);

pub fn key(f: &Finding) -> Key<'_> {
    let place = if f.game.is_none() && f.player.is_none() && f.date.is_none() {
        f.file.as_deref().map(|file| (file, f.line))
    } else {
        None
    };
    (f.code, f.game.as_deref(), f.player.as_deref(), f.date, place)
}

/// What changed since the previous report (report.json `changes`).
#[derive(Debug, Clone)]
pub struct Changes {
    /// The previous report's as-of date.
    pub since: NaiveDate,
    /// Findings now that the previous report did not have, one per key.
    pub new: Vec<Finding>,
    /// Findings of the previous report that are gone, one per key.
    pub resolved: Vec<Finding>,
    /// Findings the previous report had as notes that are warnings or
    /// errors now, one per key: a record awaited whose term has passed
    /// (51.9.1). Not new, but their letters go out with this report.
    pub now_due: Vec<Finding>,
}

impl Changes {
    /// The changes of a tournament not computed (its core files could not
    /// be read): none known, neither new nor resolved.
    pub fn not_computed(previous: &Previous) -> Changes {
        Changes {
            since: previous.as_of,
            new: Vec::new(),
            resolved: Vec::new(),
            now_due: Vec::new(),
        }
    }
}

/// Whether a finding of the previous report became one of `now`, graver,
/// for the same game and side (the side's player, as report.json keeps
/// it): low time (51.4.10) that is now an overstep (51.4.3). It is not
/// resolved; the overstep, new, says what became of it.
fn became_graver(before: &Finding, now: &[&Finding]) -> bool {
    before.code == Code::LowTime
        && before.game.is_some()
        && before.player.is_some()
        && now
            .iter()
            .any(|f| f.code == Code::Overstep && f.game == before.game && f.player == before.player)
}

/// Compares the findings now with the previous report's: new are those
/// the previous report did not have; resolved, those gone, but for those
/// that became a graver finding ([`became_graver`]); now due, those that
/// were notes and are warnings or errors now.
pub fn changes<'a>(previous: &Previous, now: impl Iterator<Item = &'a Finding>) -> Changes {
    let now: Vec<&Finding> = now.collect();
    let before: BTreeSet<Key<'_>> = previous.findings.iter().map(key).collect();
    let after: BTreeSet<Key<'_>> = now.iter().map(|f| key(f)).collect();
    let mut seen = BTreeSet::new();
    let new = now
        .iter()
        .filter(|f| !before.contains(&key(f)) && seen.insert(key(f)))
        .map(|f| (*f).clone())
        .collect();
    let mut seen = BTreeSet::new();
    let resolved = previous
        .findings
        .iter()
        .filter(|f| !after.contains(&key(f)) && !became_graver(f, &now) && seen.insert(key(f)))
        .cloned()
        .collect();
    let notes: BTreeSet<Key<'_>> = previous
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Info)
        .map(key)
        .collect();
    let mut seen = BTreeSet::new();
    let now_due = now
        .iter()
        .filter(|f| f.severity != Severity::Info && notes.contains(&key(f)) && seen.insert(key(f)))
        .map(|f| (*f).clone())
        .collect();
    Changes {
        since: previous.as_of,
        new,
        resolved,
        now_due,
    }
}

/// Whether a game has had a move (or any new row) since the previous report.
pub fn moved_since(previous: Option<&Previous>, g: &GameReport) -> bool {
    let Some(previous) = previous else { return false };
    match previous.games.get(&g.id) {
        Some(p) => p.rows != g.rows.len() || p.last_move != g.last_move,
        None => !g.rows.is_empty(),
    }
}

/// The arbiter's counts of one tournament's findings, for the folder-wide
/// index: new and resolved since the previous report, overdue, open.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingCounts {
    /// `None` on the first report: nothing to compare with.
    pub new: Option<usize>,
    pub resolved: Option<usize>,
    pub overdue: usize,
    pub open: usize,
    /// The previous report's as-of date.
    pub since: Option<NaiveDate>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Side;

    fn f(code: Code, game: &str, date: &str) -> Finding {
        Finding::worded(code, "x").game(game).date(date.parse().ok())
    }

    #[test]
    fn new_and_resolved_are_the_set_differences_by_code_game_player_and_date() {
        let mut old_low = f(Code::LowTime, "g1", "2026-02-25");
        old_low.player = Some("A".into());
        let previous = Previous {
            as_of: "2026-03-01".parse().unwrap(),
            findings: vec![Finding::worded(Code::BadInput, "m"), old_low.clone()],
            games: BTreeMap::new(),
            base: None,
        };
        // The same low-time with another message is the same finding.
        let mut low = old_low;
        low.facts = "another sentence".into();
        let now = [
            low,
            f(Code::Silence, "g1", "2026-03-05"),
            f(Code::Silence, "g1", "2026-03-05"),
        ];
        let c = changes(&previous, now.iter());
        assert_eq!(c.since, "2026-03-01".parse::<NaiveDate>().unwrap());
        assert_eq!(c.new.iter().map(|f| f.code).collect::<Vec<_>>(), vec![Code::Silence]);
        assert_eq!(
            c.resolved.iter().map(|f| f.code).collect::<Vec<_>>(),
            vec![Code::BadInput]
        );
    }

    // Two findings about no game, player or date (bad rows of one file)
    // are two findings: both are resolved when both are gone.
    #[test]
    fn findings_about_no_game_are_told_apart_by_file_and_line() {
        let bad = |line: usize| Finding::worded(Code::BadInput, "m").at("t/players.csv", Some(line));
        let previous = Previous {
            as_of: "2026-03-01".parse().unwrap(),
            findings: vec![
                bad(3),
                bad(5),
                Finding::worded(Code::BadInput, "m").at("t/breaks.csv", None),
            ],
            games: BTreeMap::new(),
            base: None,
        };
        let now = [bad(5)];
        let c = changes(&previous, now.iter());
        assert!(c.new.is_empty(), "{:?}", c.new);
        let gone: Vec<_> = c.resolved.iter().map(|f| (f.file.as_deref(), f.line)).collect();
        assert_eq!(
            gone,
            vec![(Some("t/players.csv"), Some(3)), (Some("t/breaks.csv"), None)]
        );
    }

    // 51.4.10, 51.4.3: low time that became an overstep of the same game
    // and side is not resolved; low time of the other side is.
    #[test]
    fn low_time_that_became_an_overstep_is_not_resolved() {
        let low = |side: Side, name: &str| f(Code::LowTime, "g1", "2026-02-25").player(side, name);
        let previous = Previous {
            as_of: "2026-03-01".parse().unwrap(),
            findings: vec![low(Side::White, "A"), low(Side::Black, "B")],
            games: BTreeMap::new(),
            base: None,
        };
        let now = [f(Code::Overstep, "g1", "2026-03-03").player(Side::White, "A")];
        let c = changes(&previous, now.iter());
        assert_eq!(c.new.iter().map(|f| f.code).collect::<Vec<_>>(), vec![Code::Overstep]);
        assert_eq!(
            c.resolved.iter().map(|f| (f.code, f.side)).collect::<Vec<_>>(),
            vec![(Code::LowTime, Some(Side::Black))]
        );
    }
}

/// What makes a letter's finding the same from one report to the next:
/// code, game, player and date.
pub type LetterKey = (Code, Option<String>, Option<String>, Option<NaiveDate>);

/// Every open finding's letter: its file and the date it was prepared,
/// read back by the next run.
pub const LEDGER: &str = "outbox/letters.json";

/// `outbox/letters.json`: every open finding's letter, its file and the
/// date it was prepared, for the next run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    pub letters: Vec<Entry>,
}

/// One letter of the [`Ledger`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub code: String,
    pub game: Option<String>,
    pub player: Option<String>,
    pub date: Option<NaiveDate>,
    pub file: String,
    pub prepared: NaiveDate,
    pub message_id: String,
}

impl Entry {
    /// The finding it is the letter of (code, game, player, date); `None`
    /// for a code not known.
    pub fn key(&self) -> Option<LetterKey> {
        let code = Code::ALL.into_iter().find(|c| c.as_str() == self.code)?;
        Some((code, self.game.clone(), self.player.clone(), self.date))
    }
}

impl Ledger {
    /// Parses a letters.json; `None` when it is not one.
    pub fn parse(text: &str) -> Option<Ledger> {
        serde_json::from_str(text).ok()
    }
}

/// The FNV-1a hash of `parts`, a separator between them that no part
/// holds: for identifiers that stay the same from report to report and
/// from version to version (a calendar event's UID, a letter's
/// Message-ID), which the standard library's hasher, whose output may
/// change, cannot give.
pub fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0x1f;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        for b in part.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod stable_hash_tests {
    use super::*;

    #[test]
    fn parts_are_kept_apart() {
        assert_eq!(stable_hash(&["g1", "Ivanov"]), stable_hash(&["g1", "Ivanov"]));
        assert_ne!(stable_hash(&["g1", "Ivanov"]), stable_hash(&["g1I", "vanov"]));
        // FNV-1a of "a": the published test vector.
        assert_eq!(stable_hash(&["a"]), 0xaf63_dc4c_8601_ec8c);
    }
}
