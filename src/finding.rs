//! The finding: one thing the arbiter should know of (docs/rules.md), with its code,
//! rule paragraph, game, player, dates, severity and the facts it says
//! ([`Facts`]), worded only where it is shown.

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

/// Declares the finding codes once: for each, its name, the paragraph of
/// Article 51 it enforces, its severity, who gets its letter and what it
/// is. Everything a code is follows from its line, and a new code is one
/// line here plus what the compiler then asks for (its facts' `code`, its
/// letter's writer when it has one).
macro_rules! codes {
    ($(
        $(#[$doc:meta])*
        $code:ident = $name:literal, $rule:literal, $severity:ident, $letter:expr, [$($is:ident),*];
    )*) => {
        /// The finding codes, each under its paragraph in docs/rules.md.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Code {
            $($(#[$doc])* $code,)*
        }

        impl Code {
            /// Every code, in the order declared.
            pub const ALL: [Code; [$(Code::$code),*].len()] = [$(Code::$code),*];

            /// The code as report.json and the arbiter's files write it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => $name,)*
                }
            }

            /// The paragraph of Article 51 the finding enforces (docs/rules.md).
            pub fn rule(self) -> &'static str {
                match self {
                    $(Code::$code => $rule,)*
                }
            }

            /// How urgent a finding of this code is.
            pub fn severity(self) -> Severity {
                match self {
                    $(Code::$code => Severity::$severity,)*
                }
            }

            /// Who gets the letter of a finding of this code (docs/outbox.md);
            /// `None` for the codes that are the arbiter's own business.
            pub fn letter(self) -> Option<Addressees> {
                #[allow(unused_imports)]
                use Addressees::*;
                match self {
                    $(Code::$code => $letter,)*
                }
            }

            /// What a finding of this code is ([`Kind`]).
            pub(super) fn kinds(self) -> &'static [Kind] {
                match self {
                    $(Code::$code => &[$(Kind::$is),*],)*
                }
            }
        }
    };
}

/// What a finding of a code is, beside its severity and its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// It charges a player from the clocks of a game's records: never made
    /// from a move log that could not be read.
    Clock,
    /// A player may read it about itself on its public page: the clock's
    /// and the deadlines' findings, not the arbiter's notes on the records
    /// (docs/arbiter.md, "What bad input may never do").
    Public,
    /// The arbiter's ruling on it may decide the game's result
    /// (`records-none` only once overdue: [`Finding::decides_result`]).
    Result,
    /// As an error, it is about the game's own records, and keeps the game
    /// "under review by the arbiter" in public.
    Records,
}

/// Who gets a finding's letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Addressees {
    /// To the player the finding names.
    Player,
    /// To the player the finding names, with a copy to the partner.
    PlayerCcPartner,
    /// To both players of the game, the one the finding names first.
    BothPlayers,
    /// To the player the finding names, the side that owes; to both
    /// players when it names none (the record neither side sent, or the
    /// PGN file that is missing).
    Owing,
}

// The codes are declared beside the facts that make them (finding/facts.rs).
mod facts;
pub use facts::{
    AppealFacts, BreakFacts, ClaimFacts, ClockFacts, Code, DateKind, EntryFacts, Facts, FileFacts, FileRefusal,
    GameFileWhy, LogFacts, MoveReadAs, NameFacts, PenaltyWhy, PgnFacts, PgnFileFacts, PostFacts, ReadFacts,
    RecordFacts, ReplayFacts, ResultFacts, ResultWitness, RowFacts, SentAssumed, TableFacts, Unplayable, Worded,
};

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding. Built with [`Finding::new`] and the `with_*` setters.
/// report.json writes it with its sentence (`crate::render::json`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    pub rule: &'static str,
    pub game: Option<String>,
    pub player: Option<String>,
    pub side: Option<Side>,
    /// The move number it concerns, where one does (report.json: `move`).
    pub move_no: Option<u32>,
    pub date: Option<NaiveDate>,
    pub due: Option<NaiveDate>,
    pub severity: Severity,
    /// What it says, worded only where it is shown.
    pub facts: Facts,
    /// The input file it concerns, relative to the tournaments folder.
    pub file: Option<String>,
    pub line: Option<usize>,
}

impl Finding {
    /// A finding that says `facts`, of the code they are ([`Facts::code`]).
    pub fn new(facts: impl Into<Facts>) -> Finding {
        let facts = facts.into();
        Finding::of(facts.code(), facts)
    }

    /// A finding of `code` whose sentence is already worded: one read back
    /// from a previous report.json (its `message`).
    pub fn worded(code: Code, text: impl Into<String>) -> Finding {
        Finding::of(code, Facts::Text(Worded { text: text.into() }))
    }

    fn of(code: Code, facts: Facts) -> Finding {
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
            facts,
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
    /// Its due date; none past 9999-12-31, which has no four-digit year to
    /// be written with and which no game reaches.
    pub fn due(mut self, due: Option<NaiveDate>) -> Self {
        self.due = due.filter(|&d| d <= crate::dates::LAST);
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
            &self.facts,
        )
    }
}

/// The part of the arbiter's list a finding stands in (docs/arbiter.md):
/// what needs the arbiter this week, what is overdue, then what can decide
/// a game's result, what has a due date, the other errors, warnings and
/// notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Urgency {
    /// Due within [`WEEK_DAYS`] days, or new since the last report and
    /// able to decide a game's result.
    Week,
    /// Its due date has passed.
    Overdue,
    /// An overstep (51.4.3), a silence (51.5.3), no records at the end of
    /// play once overdue (51.9.3), an adjudication (51.9.4, 51.9.7), a
    /// sealed move (51.9.4.4) or a claim or protest (51.6): the arbiter's
    /// ruling may score the game.
    Result,
    /// Anything else with a due date.
    Due,
    Error,
    Warning,
    Info,
}

/// The days ahead the first part of the arbiter's list looks: what is due
/// before the next week is out.
pub const WEEK_DAYS: i64 = 7;

/// Findings of one code in one part of the list from this many on are one
/// entry listing their games (a dozen record reminders).
pub const MANY: usize = 3;

impl Urgency {
    pub const ALL: [Urgency; 7] = [
        Urgency::Week,
        Urgency::Overdue,
        Urgency::Result,
        Urgency::Due,
        Urgency::Error,
        Urgency::Warning,
        Urgency::Info,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Urgency::Week => "week",
            Urgency::Overdue => "overdue",
            Urgency::Result => "result",
            Urgency::Due => "due",
            Urgency::Error => "error",
            Urgency::Warning => "warning",
            Urgency::Info => "info",
        }
    }
}

impl Code {
    /// Whether a finding of this code charges a player from the clocks
    /// of a game's records: never made from a move log that could not be
    /// read.
    pub fn charges_from_clock(self) -> bool {
        self.kinds().contains(&Kind::Clock)
    }

    /// Whether a player may read a finding of this code about itself on
    /// its public page.
    pub fn shown_to_player(self) -> bool {
        self.kinds().contains(&Kind::Public)
    }

    /// Whether a finding of this code is one the arbiter's ruling on may
    /// decide the game's result by (`records-none` only once overdue:
    /// [`Finding::decides_result`]).
    pub fn decides_result(self) -> bool {
        self.kinds().contains(&Kind::Result)
    }
}

impl Finding {
    /// Whether the arbiter's ruling on it may decide the game's result on
    /// `as_of`: no record from either side only once its term has passed
    /// (51.9.3; section "Record letters wait for their term").
    pub fn decides_result(&self, as_of: NaiveDate) -> bool {
        // A finding made a note although its code is not one is settled
        // for now: an overstep the arbiter has ruled on (51.6.5).
        let settled = self.severity == Severity::Info && self.code.severity() != Severity::Info;
        self.code.decides_result() && !settled && (self.code != Code::RecordsNone || self.is_overdue(as_of))
    }

    /// Whether it is due within [`WEEK_DAYS`] of `as_of`, that day included.
    pub fn due_this_week(&self, as_of: NaiveDate) -> bool {
        self.due
            .is_some_and(|due| due >= as_of && (due - as_of).num_days() <= WEEK_DAYS)
    }

    /// Whether it asks something of the arbiter within [`WEEK_DAYS`] of
    /// `as_of`: an error or a warning due this week. A note (an appeal
    /// period running, a record awaited) asks nothing of him.
    pub fn asks_this_week(&self, as_of: NaiveDate) -> bool {
        self.severity != Severity::Info && self.due_this_week(as_of)
    }

    /// The finding's part of the arbiter's list on `as_of`; `new`: it is new
    /// since the last report (every finding is at the first).
    pub fn part(&self, as_of: NaiveDate, new: bool) -> Urgency {
        if self.asks_this_week(as_of) || (new && self.decides_result(as_of)) {
            Urgency::Week
        } else if self.is_overdue(as_of) {
            Urgency::Overdue
        } else if self.decides_result(as_of) {
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
}

/// The order of the arbiter's list within part `part` on `as_of`: this
/// week's due this week first, soonest first, then the new findings that
/// can decide a result; the overdue errors first,
/// then the most recently due first; what is due by its due date; then
/// [`Finding::urgency_key`] (errors first).
fn order_in(part: Urgency, f: &Finding, as_of: NaiveDate) -> impl Ord + '_ {
    let overdue = match part {
        Urgency::Overdue => (Some(f.severity), f.due.map(std::cmp::Reverse)),
        _ => (None, None),
    };
    let soon = match part {
        Urgency::Week => (!f.asks_this_week(as_of), f.due),
        Urgency::Due => (false, f.due),
        _ => (false, None),
    };
    (overdue, soon, f.urgency_key())
}

/// One entry of the arbiter's list: one finding, or several shown as one.
pub type Entry<'a> = Vec<&'a Finding>;

/// The entries of findings in list order: one per finding, except that
/// [`MANY`] or more of one code are one entry where the first stands, the
/// slow deliveries (transit, 51.2.5) are one entry however few, and a
/// game's other findings follow its first at once.
pub fn entries<'a>(findings: &[&'a Finding]) -> Vec<Entry<'a>> {
    use std::collections::HashMap;
    let mut count: HashMap<Code, usize> = HashMap::new();
    for f in findings {
        *count.entry(f.code).or_default() += 1;
    }
    // Slow deliveries (51.2.5) are notes for the arbiter: all of a part
    // are one entry, however few.
    let many = |c: Code| c == Code::Transit || count.get(&c).is_some_and(|&n| n >= MANY);
    #[derive(PartialEq, Eq, Hash)]
    enum Slot<'s> {
        Code(Code),
        Game(&'s str),
    }
    // Groups of entries, each where its first finding stands.
    let mut groups: Vec<Vec<Entry<'a>>> = Vec::new();
    let mut at: HashMap<Slot<'a>, usize> = HashMap::new();
    for &f in findings {
        let slot = if many(f.code) {
            Some(Slot::Code(f.code))
        } else {
            f.game.as_deref().map(Slot::Game)
        };
        let Some(slot) = slot else {
            groups.push(vec![vec![f]]);
            continue;
        };
        let code_slot = matches!(slot, Slot::Code(_));
        let i = *at.entry(slot).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        let group = &mut groups[i];
        if code_slot {
            match group.first_mut() {
                Some(entry) => entry.push(f),
                None => group.push(vec![f]),
            }
        } else {
            group.push(vec![f]);
        }
    }
    groups.into_iter().flatten().collect()
}

/// The arbiter's list on `as_of`: every part of [`Urgency::ALL`] with its
/// entries ([`entries`]) in the order of the part. `is_new` says whether a
/// finding is new since the last report (every finding at the first).
pub fn arbiter_list<'a>(
    findings: impl IntoIterator<Item = &'a Finding>,
    as_of: NaiveDate,
    is_new: impl Fn(&Finding) -> bool,
) -> Vec<(Urgency, Vec<Entry<'a>>)> {
    let all: Vec<(Urgency, &Finding)> = findings
        .into_iter()
        .filter(|f| f.listed_on(as_of))
        .map(|f| (f.part(as_of, is_new(f)), f))
        .collect();
    Urgency::ALL
        .into_iter()
        .map(|part| {
            let mut of_part: Vec<&Finding> = all.iter().filter(|(p, _)| *p == part).map(|(_, f)| *f).collect();
            of_part.sort_by(|a, b| order_in(part, a, as_of).cmp(&order_in(part, b, as_of)));
            (part, entries(&of_part))
        })
        .collect()
}

/// Days a slow delivery (51.2.5) stays in the arbiter's list after its
/// date: a note to read, not a task that waits.
pub const TRANSIT_LISTED_DAYS: i64 = 14;

impl Finding {
    /// Whether the arbiter's list shows it on `as_of`: every finding, but a
    /// slow delivery only for [`TRANSIT_LISTED_DAYS`] after its date
    /// (report.json keeps it).
    pub fn listed_on(&self, as_of: NaiveDate) -> bool {
        self.code != Code::Transit || self.date.is_none_or(|d| (as_of - d).num_days() <= TRANSIT_LISTED_DAYS)
    }

    /// Whether the due date has passed on `as_of`.
    pub fn is_overdue(&self, as_of: NaiveDate) -> bool {
        self.due.is_some_and(|due| due < as_of)
    }

    /// Days past the due date on `as_of`; 0 when not overdue.
    pub fn overdue_by(&self, as_of: NaiveDate) -> i64 {
        self.due.map_or(0, |due| (as_of - due).num_days().max(0))
    }

    /// A record finding before its due date: the record is awaited, no
    /// letter asks for it yet (51.9.1; docs/arbiter.md, "Record letters
    /// wait for their term").
    pub fn is_awaited(&self, as_of: NaiveDate) -> bool {
        matches!(self.code, Code::RecordMissing | Code::RecordsNone) && !self.is_overdue(as_of)
    }

    /// The order of the arbiter's list on `as_of`, every finding taken as
    /// not new (deadlines.ics): by part, then as within it.
    pub fn arbiter_key(&self, as_of: NaiveDate) -> impl Ord + '_ {
        let part = self.part(as_of, false);
        (part, order_in(part, self, as_of))
    }

    /// Whether this finding is an error about the game's own records, which
    /// keeps the game "under review by the arbiter" in public: no overstep,
    /// low-time or silence mark and no days left are shown from such records.
    pub fn is_record_error(&self) -> bool {
        self.severity == Severity::Error && self.code.kinds().contains(&Kind::Records)
    }
}

/// Whether a game with these findings is shown in public as "records under
/// review by the arbiter".
pub fn under_review(findings: &[Finding]) -> bool {
    findings.iter().any(Finding::is_record_error)
}

/// The most findings listed about the rows of one file: the first ones,
/// then one [`TableFacts::FindingsCapped`] counting the rest (a log of a
/// hundred thousand bad rows is one file to fix, not a report of a hundred
/// thousand lines, and memory stays bounded).
pub const MAX_PER_FILE: usize = 100;

/// Findings about one file's rows as they are found: the first
/// [`MAX_PER_FILE`] kept, the rest only counted.
#[derive(Debug, Default)]
pub struct Capped {
    pub kept: Vec<Finding>,
    pub more: usize,
}

impl Capped {
    /// Keeps `f` if fewer than [`MAX_PER_FILE`] are kept, else counts it.
    pub fn push(&mut self, f: Finding) {
        if self.kept.len() < MAX_PER_FILE {
            self.kept.push(f);
        } else {
            self.more += 1;
        }
    }

    /// The findings kept, and the one counting the rest (about `file`)
    /// when some were only counted.
    pub fn finish(mut self, file: &str) -> Vec<Finding> {
        if self.more > 0 {
            self.kept
                .push(Finding::new(TableFacts::FindingsCapped { more: self.more }).at(file, None));
        }
        self.kept
    }
}

/// Caps `findings` per file: of the findings about each file, in their
/// order, the first [`MAX_PER_FILE`] stay and the rest become one
/// [`TableFacts::FindingsCapped`] (added to any such count already there).
/// Findings about no file are all kept.
pub fn cap_per_file(findings: &mut Vec<Finding>) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut more: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    findings.retain(|f| {
        let Some(file) = &f.file else { return true };
        if let Facts::Table(TableFacts::FindingsCapped { more: n }) = f.facts {
            *more.entry(file.clone()).or_default() += n;
            return false;
        }
        let n = seen.entry(file.clone()).or_default();
        *n += 1;
        if *n > MAX_PER_FILE {
            *more.entry(file.clone()).or_default() += 1;
            return false;
        }
        true
    });
    for (file, n) in more {
        findings.push(Finding::new(TableFacts::FindingsCapped { more: n }).at(&file, None));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn due(code: Code, due: Option<&str>) -> Finding {
        Finding::worded(code, "x").due(due.map(|d| d.parse().unwrap()))
    }

    fn of_game(code: Code, game: &str, due_on: Option<&str>) -> Finding {
        due(code, due_on).game(game)
    }

    /// Findings of every part of the arbiter's list as of 2026-03-10.
    fn findings_of_every_urgency() -> [Finding; 21] {
        [
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
            of_game(Code::RecordsNone, "g7", Some("2026-03-05")),
            of_game(Code::RecordsNone, "g8", Some("2026-03-30")),
            of_game(Code::RepeatDue, "g9", Some("2026-03-01")),
            of_game(Code::RepeatDue, "g10", Some("2026-03-05")),
            due(Code::BreakLimit, Some("2026-02-01")),
            of_game(Code::RecordMissing, "g11", Some("2026-03-02")),
            of_game(Code::RecordMissing, "g12", Some("2026-03-03")),
            of_game(Code::RecordMissing, "g13", Some("2026-03-04")),
        ]
    }

    /// Each part of an arbiter's list as (code, game or `-`) of its entries.
    type Entries<'a> = Vec<Vec<(Code, &'a str)>>;
    fn entries<'a>(list: &[(Urgency, Vec<Vec<&'a Finding>>)]) -> Vec<(Urgency, Entries<'a>)> {
        list.iter()
            .map(|(u, entries)| {
                (
                    *u,
                    entries
                        .iter()
                        .map(|e| e.iter().map(|f| (f.code, f.game.as_deref().unwrap_or("-"))).collect())
                        .collect(),
                )
            })
            .collect()
    }

    // 51.4.10, 51.9.3, 51.9.4: the list opens with the errors and warnings
    // due within the week, soonest first, and the new findings that can decide a result;
    // then what is overdue (errors first, the most recently due first);
    // then what can decide a result, what is due, errors, warnings, notes.
    // A game's findings stand together within a part; three or more of one
    // code in a part are one entry.
    #[test]
    fn arbiter_list_opens_with_the_week_then_the_overdue_then_the_rest() {
        let as_of: NaiveDate = "2026-03-10".parse().unwrap();
        let list = findings_of_every_urgency();
        let is_new = |f: &Finding| f.game.as_deref() == Some("g7");
        let got = entries(&arbiter_list(&list, as_of, is_new));
        let one = |c: Code, g: &'static str| vec![(c, g)];
        assert_eq!(
            got,
            vec![
                (
                    Urgency::Week,
                    vec![
                        one(Code::LowTime, "g4"),
                        one(Code::AdjudicationDue, "g3"),
                        one(Code::RecordsNone, "g7"),
                    ]
                ),
                (
                    Urgency::Overdue,
                    vec![
                        one(Code::BreakLimit, "-"),
                        one(Code::Silence, "g2"),
                        one(Code::RepeatDue, "g10"),
                        vec![
                            (Code::RecordMissing, "g13"),
                            (Code::RecordMissing, "g12"),
                            (Code::RecordMissing, "g11")
                        ],
                        one(Code::RepeatDue, "g9"),
                    ]
                ),
                (Urgency::Result, vec![one(Code::Overstep, "g1")]),
                (
                    Urgency::Due,
                    vec![
                        // A note due this week asks nothing of the arbiter.
                        one(Code::AppealOpen, "g6"),
                        one(Code::LowTime, "g2"),
                        one(Code::RepeatDue, "g2"),
                        one(Code::RecordMissing, "g5"),
                        one(Code::RecordsNone, "g8"),
                    ]
                ),
                (
                    Urgency::Error,
                    vec![
                        one(Code::BadInput, "-"),
                        one(Code::PgnMismatch, "g1"),
                        one(Code::ResultConflict, "g2")
                    ]
                ),
                (Urgency::Warning, vec![]),
                (Urgency::Info, vec![one(Code::Transit, "g1"), one(Code::ReadAs, "g2")]),
            ]
        );
        assert_eq!(list[5].overdue_by(as_of), 1);
        assert!(list[5].is_overdue(as_of) && !list[4].is_overdue(as_of));
        // 51.9.3: no record from either side decides a result only once
        // its term has passed; until then it is awaited.
        assert!(list[13].decides_result(as_of) && !list[14].decides_result(as_of));
        assert!(list[14].is_awaited(as_of) && !list[13].is_awaited(as_of));
    }

    // docs/arbiter.md: a player's page shows the clock's and deadlines'
    // findings, never the arbiter's notes on the records.
    #[test]
    fn a_player_is_shown_no_finding_about_the_records() {
        for code in Code::ALL {
            let about_records = Finding::worded(code, "x").severity(Severity::Error).is_record_error();
            assert!(!(about_records && code.shown_to_player()), "{code}");
        }
        assert!(Code::RepeatDue.shown_to_player() && Code::Overstep.shown_to_player());
        assert!(!Code::ReadAs.shown_to_player() && !Code::Transit.shown_to_player());
    }

    // 51.2.5: slow deliveries are notes: all of them one entry among the
    // notes, whatever their games and sides, and each listed for 14 days
    // after its date only.
    #[test]
    fn slow_deliveries_are_one_note_for_two_weeks() {
        let as_of: NaiveDate = "2026-03-20".parse().unwrap();
        let transit = |game: &str, date: &str| of_game(Code::Transit, game, None).date(date.parse().ok());
        let list = [
            transit("g1", "2026-03-10"),
            transit("g2", "2026-03-06"),
            transit("g3", "2026-03-05"),
            of_game(Code::ReadAs, "g2", None),
        ];
        let got = entries(&arbiter_list(&list, as_of, |_| true));
        let info = &got.iter().find(|(u, _)| *u == Urgency::Info).unwrap().1;
        // g3's of 2026-03-05 is 15 days old: out of the list.
        assert_eq!(
            info,
            &vec![
                vec![(Code::ReadAs, "g2")],
                vec![(Code::Transit, "g2"), (Code::Transit, "g1")]
            ]
        );
        assert_eq!(list[0].severity, Severity::Info);
    }

    #[test]
    fn only_errors_about_records_put_a_game_under_review() {
        assert!(under_review(&[due(Code::Overstep, None), due(Code::IllegalMove, None)]));
        assert!(!under_review(&[due(Code::Overstep, None), due(Code::LowTime, None)]));
        assert!(!under_review(&[due(Code::DateOrder, None).severity(Severity::Warning)]));
    }
}
