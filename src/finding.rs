//! The finding: one thing the arbiter should know of (docs/rules.md), with its code,
//! rule paragraph, game, player, dates, severity and a plain sentence.

use chrono::NaiveDate;
use serde::Serialize;
use std::fmt;

use crate::model::Side;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    /// The place of the severity in a count `[errors, warnings, notes]`.
    pub fn index(self) -> usize {
        match self {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        }
    }
}

/// The finding codes, each under its paragraph in docs/rules.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    Overstep,
    LowTime,
    RepeatDue,
    Silence,
    Transit,
    MissingDate,
    IllegalMove,
    DateOrder,
    Penalty,
    BreakLimit,
    BreakNotice,
    RecordMissing,
    RecordsNone,
    AdjudicationDue,
    AdjudicationLate,
    SealedMove,
    ClaimLate,
    ClaimUnfounded,
    ClaimRepeated,
    ProtestOpen,
    AppealOpen,
    StatedTime,
    PgnMismatch,
    ResultConflict,
    MissingLog,
    ReadAs,
    BadInput,
}

impl Code {
    pub const ALL: [Code; 27] = [
        Code::Overstep,
        Code::LowTime,
        Code::RepeatDue,
        Code::Silence,
        Code::Transit,
        Code::MissingDate,
        Code::IllegalMove,
        Code::DateOrder,
        Code::Penalty,
        Code::BreakLimit,
        Code::BreakNotice,
        Code::RecordMissing,
        Code::RecordsNone,
        Code::AdjudicationDue,
        Code::AdjudicationLate,
        Code::SealedMove,
        Code::ClaimLate,
        Code::ClaimUnfounded,
        Code::ClaimRepeated,
        Code::ProtestOpen,
        Code::AppealOpen,
        Code::StatedTime,
        Code::PgnMismatch,
        Code::ResultConflict,
        Code::MissingLog,
        Code::ReadAs,
        Code::BadInput,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::Overstep => "overstep",
            Code::LowTime => "low-time",
            Code::RepeatDue => "repeat-due",
            Code::Silence => "silence",
            Code::Transit => "transit",
            Code::MissingDate => "missing-date",
            Code::IllegalMove => "illegal-move",
            Code::DateOrder => "date-order",
            Code::Penalty => "penalty",
            Code::BreakLimit => "break-limit",
            Code::BreakNotice => "break-notice",
            Code::RecordMissing => "record-missing",
            Code::RecordsNone => "records-none",
            Code::AdjudicationDue => "adjudication-due",
            Code::AdjudicationLate => "adjudication-late",
            Code::SealedMove => "sealed-move",
            Code::ClaimLate => "claim-late",
            Code::ClaimUnfounded => "claim-unfounded",
            Code::ClaimRepeated => "claim-repeated",
            Code::ProtestOpen => "protest-open",
            Code::AppealOpen => "appeal-open",
            Code::StatedTime => "stated-time",
            Code::PgnMismatch => "pgn-mismatch",
            Code::ResultConflict => "result-conflict",
            Code::MissingLog => "missing-log",
            Code::ReadAs => "read-as",
            Code::BadInput => "bad-input",
        }
    }

    /// The paragraph of Article 51 the finding enforces (docs/rules.md).
    pub fn rule(self) -> &'static str {
        match self {
            Code::Overstep => "51.4.3",
            Code::LowTime => "51.4.10",
            Code::RepeatDue => "51.5.1",
            Code::Silence => "51.5.3",
            Code::Transit => "51.2.5",
            Code::MissingDate | Code::DateOrder => "51.2.3",
            Code::IllegalMove => "51.3.1",
            Code::Penalty => "51.4.7",
            Code::BreakLimit => "51.7.1",
            Code::BreakNotice => "51.7.2",
            Code::RecordMissing => "51.9.2",
            Code::RecordsNone => "51.9.3",
            Code::AdjudicationDue => "51.9.4",
            Code::AdjudicationLate => "51.9.7",
            Code::SealedMove => "51.9.4.4",
            Code::ClaimLate => "51.6.1",
            Code::ClaimUnfounded => "51.6.1",
            Code::ClaimRepeated => "51.6.7",
            Code::ProtestOpen => "51.6.4",
            Code::AppealOpen => "51.1.10",
            Code::StatedTime => "51.2.1",
            Code::PgnMismatch => "51.9.1",
            Code::ResultConflict => "51.1.7",
            Code::MissingLog => "51.1.4",
            Code::ReadAs => "51.2.4",
            Code::BadInput => "—",
        }
    }

    /// How urgent a finding of this code is.
    pub fn severity(self) -> Severity {
        match self {
            Code::Overstep
            | Code::IllegalMove
            | Code::DateOrder
            | Code::BadInput
            | Code::PgnMismatch
            | Code::ResultConflict
            | Code::BreakLimit
            | Code::SealedMove => Severity::Error,
            Code::LowTime
            | Code::RepeatDue
            | Code::Silence
            | Code::Transit
            | Code::MissingDate
            | Code::BreakNotice
            | Code::RecordMissing
            | Code::RecordsNone
            | Code::AdjudicationDue
            | Code::MissingLog
            | Code::AdjudicationLate
            | Code::ClaimLate
            | Code::ClaimUnfounded
            | Code::ClaimRepeated
            | Code::StatedTime => Severity::Warning,
            Code::Penalty | Code::ReadAs | Code::ProtestOpen | Code::AppealOpen => Severity::Info,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding. Built with [`Finding::new`] and the `with_*` setters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: Code,
    pub rule: &'static str,
    pub game: Option<String>,
    pub player: Option<String>,
    pub side: Option<Side>,
    /// The move number it concerns, where one does.
    #[serde(rename = "move")]
    pub move_no: Option<u32>,
    pub date: Option<NaiveDate>,
    pub due: Option<NaiveDate>,
    pub severity: Severity,
    pub message: String,
    /// The input file it concerns, relative to the tournaments folder.
    pub file: Option<String>,
    pub line: Option<usize>,
}

impl Finding {
    pub fn new(code: Code, message: impl Into<String>) -> Finding {
        Finding {
            code,
            rule: code.rule(),
            game: None,
            player: None,
            side: None,
            move_no: None,
            date: None,
            due: None,
            severity: code.severity(),
            message: message.into(),
            file: None,
            line: None,
        }
    }

    pub fn rule(mut self, rule: &'static str) -> Self {
        self.rule = rule;
        self
    }
    pub fn game(mut self, game: &str) -> Self {
        self.game = Some(game.to_string());
        self
    }
    pub fn player(mut self, side: Side, name: &str) -> Self {
        self.side = Some(side);
        self.player = Some(name.to_string());
        self
    }
    /// The side it concerns; the game stage fills in the player's name.
    pub fn side(mut self, side: Side) -> Self {
        self.side = Some(side);
        self
    }
    pub fn named_player(mut self, name: &str) -> Self {
        self.player = Some(name.to_string());
        self
    }
    pub fn move_no(mut self, no: u32) -> Self {
        self.move_no = Some(no);
        self
    }
    pub fn date(mut self, date: Option<NaiveDate>) -> Self {
        self.date = date;
        self
    }
    pub fn due(mut self, due: Option<NaiveDate>) -> Self {
        self.due = due;
        self
    }
    pub fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }
    pub fn at(mut self, file: &str, line: Option<usize>) -> Self {
        self.file = Some(file.to_string());
        self.line = line;
        self
    }

    /// The order of the arbiter's report: errors first, then by due date
    /// (none last), then by date, game and code.
    pub fn urgency_key(&self) -> impl Ord + '_ {
        (
            self.severity,
            self.due.is_none(),
            self.due,
            self.date,
            self.game.as_deref(),
            self.code,
            self.side,
            self.move_no,
            self.line,
            self.message.as_str(),
        )
    }
}

/// The part of the arbiter's list a finding stands in (docs/arbiter.md):
/// first what can decide a game's result, then what has a due date, then
/// the other errors, warnings and notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Urgency {
    /// An overstep (51.4.3), a silence (51.5.3), no records at the end of
    /// play (51.9.3), an adjudication (51.9.4, 51.9.7), a sealed move
    /// (51.9.4.4) or a claim or protest (51.6): the arbiter's ruling may
    /// score the game.
    Result,
    /// Anything else with a due date.
    Due,
    Error,
    Warning,
    Info,
}

impl Urgency {
    pub const ALL: [Urgency; 5] = [
        Urgency::Result,
        Urgency::Due,
        Urgency::Error,
        Urgency::Warning,
        Urgency::Info,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Urgency::Result => "result",
            Urgency::Due => "due",
            Urgency::Error => "error",
            Urgency::Warning => "warning",
            Urgency::Info => "info",
        }
    }
}

impl Code {
    /// Whether a finding of this code is one the arbiter's ruling on may
    /// decide the game's result by.
    pub fn decides_result(self) -> bool {
        matches!(
            self,
            Code::Overstep
                | Code::Silence
                | Code::RecordsNone
                | Code::AdjudicationDue
                | Code::AdjudicationLate
                | Code::SealedMove
                | Code::ClaimLate
                | Code::ClaimUnfounded
                | Code::ClaimRepeated
                | Code::ProtestOpen
        )
    }
}

impl Finding {
    /// The finding's part of the arbiter's list.
    pub fn urgency(&self) -> Urgency {
        if self.code.decides_result() {
            Urgency::Result
        } else if self.due.is_some() {
            Urgency::Due
        } else {
            match self.severity {
                Severity::Error => Urgency::Error,
                Severity::Warning => Urgency::Warning,
                Severity::Info => Urgency::Info,
            }
        }
    }

    /// Whether the due date has passed on `as_of`.
    pub fn is_overdue(&self, as_of: NaiveDate) -> bool {
        self.due.is_some_and(|due| due < as_of)
    }

    /// Days past the due date on `as_of`; 0 when not overdue.
    pub fn overdue_by(&self, as_of: NaiveDate) -> i64 {
        self.due.map_or(0, |due| (as_of - due).num_days().max(0))
    }

    /// The order of the arbiter's list on `as_of`: by part
    /// ([`Finding::urgency`]), overdue first; in the part of what is due, by
    /// due date; then by [`Finding::urgency_key`] (errors first).
    pub fn arbiter_key(&self, as_of: NaiveDate) -> impl Ord + '_ {
        let urgency = self.urgency();
        let by_due = if urgency == Urgency::Due { self.due } else { None };
        (urgency, !self.is_overdue(as_of), by_due, self.urgency_key())
    }

    /// Whether this finding is an error about the game's own records, which
    /// keeps the game "under review by the arbiter" in public: no overstep,
    /// low-time or silence mark and no days left are shown from such records.
    pub fn is_record_error(&self) -> bool {
        self.severity == Severity::Error
            && matches!(
                self.code,
                Code::BadInput | Code::IllegalMove | Code::DateOrder | Code::PgnMismatch | Code::ResultConflict
            )
    }
}

/// Whether a game with these findings is shown in public as "records under
/// review by the arbiter".
pub fn under_review(findings: &[Finding]) -> bool {
    findings.iter().any(Finding::is_record_error)
}

/// The arbiter's list on `as_of`: every part of [`Urgency::ALL`] with its
/// findings in the order of [`Finding::arbiter_key`], except that a game's
/// findings in a part stand together, where its most urgent one stands.
pub fn arbiter_list<'a>(
    findings: impl IntoIterator<Item = &'a Finding>,
    as_of: NaiveDate,
) -> Vec<(Urgency, Vec<&'a Finding>)> {
    let mut all: Vec<&Finding> = findings.into_iter().collect();
    all.sort_by(|a, b| a.arbiter_key(as_of).cmp(&b.arbiter_key(as_of)));
    Urgency::ALL
        .into_iter()
        .map(|part| {
            // One group per game, in the order of its first finding; a
            // finding of no game is a group of its own.
            let mut groups: Vec<Vec<&Finding>> = Vec::new();
            let mut of_game: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
            for f in all.iter().copied().filter(|f| f.urgency() == part) {
                match f.game.as_deref() {
                    Some(g) => {
                        let i = *of_game.entry(g).or_insert_with(|| {
                            groups.push(Vec::new());
                            groups.len() - 1
                        });
                        groups[i].push(f);
                    }
                    None => groups.push(vec![f]),
                }
            }
            (part, groups.into_iter().flatten().collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn due(code: Code, due: Option<&str>) -> Finding {
        Finding::new(code, "x").due(due.map(|d| d.parse().unwrap()))
    }

    fn of_game(code: Code, game: &str, due_on: Option<&str>) -> Finding {
        due(code, due_on).game(game)
    }

    // 51.4.3, 51.5.3, 51.9.4, 51.6: what can decide a result comes first,
    // overdue first; then what is due, by date; then errors, warnings,
    // notes; a game's findings stand together within a part.
    #[test]
    fn arbiter_list_puts_results_then_due_then_errors_warnings_notes_a_game_together() {
        let as_of: NaiveDate = "2026-03-10".parse().unwrap();
        let list = [
            of_game(Code::PgnMismatch, "g1", None),
            of_game(Code::ReadAs, "g2", None),
            of_game(Code::RepeatDue, "g2", Some("2026-04-30")),
            due(Code::BadInput, None),
            of_game(Code::AdjudicationDue, "g3", Some("2026-03-17")),
            of_game(Code::Silence, "g2", Some("2026-03-09")),
            of_game(Code::LowTime, "g4", Some("2026-03-12")),
            of_game(Code::Transit, "g1", None),
            of_game(Code::Overstep, "g1", None),
            of_game(Code::LowTime, "g2", Some("2026-03-20")),
            of_game(Code::ResultConflict, "g2", None),
            of_game(Code::RecordMissing, "g5", Some("2026-03-25")),
            of_game(Code::AppealOpen, "g6", Some("2026-03-11")),
        ];
        let got: Vec<(Urgency, Vec<(Code, &str)>)> = arbiter_list(&list, as_of)
            .into_iter()
            .map(|(u, fs)| {
                (
                    u,
                    fs.iter().map(|f| (f.code, f.game.as_deref().unwrap_or("-"))).collect(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    Urgency::Result,
                    vec![
                        (Code::Silence, "g2"),
                        (Code::Overstep, "g1"),
                        (Code::AdjudicationDue, "g3")
                    ]
                ),
                (
                    Urgency::Due,
                    vec![
                        (Code::AppealOpen, "g6"),
                        (Code::LowTime, "g4"),
                        (Code::LowTime, "g2"),
                        (Code::RepeatDue, "g2"),
                        (Code::RecordMissing, "g5")
                    ]
                ),
                (
                    Urgency::Error,
                    vec![
                        (Code::BadInput, "-"),
                        (Code::PgnMismatch, "g1"),
                        (Code::ResultConflict, "g2")
                    ]
                ),
                (Urgency::Warning, vec![(Code::Transit, "g1")]),
                (Urgency::Info, vec![(Code::ReadAs, "g2")]),
            ]
        );
        assert_eq!(list[5].overdue_by(as_of), 1);
        assert!(list[5].is_overdue(as_of) && !list[4].is_overdue(as_of));
    }

    #[test]
    fn only_errors_about_records_put_a_game_under_review() {
        assert!(under_review(&[due(Code::Overstep, None), due(Code::IllegalMove, None)]));
        assert!(!under_review(&[due(Code::Overstep, None), due(Code::LowTime, None)]));
        assert!(!under_review(&[due(Code::DateOrder, None).severity(Severity::Warning)]));
    }
}
