//! What a finding says, as data ([`Facts`]): one family of findings a
//! variant, each an enum of one variant per thing said, with the moves,
//! dates, days, sides and names it rests on. The finding stages (load,
//! game, rules) make them; `crate::messages::said` words them.

use chrono::NaiveDate;
use serde::Serialize;

use super::{Addressees, Kind, Severity};
use crate::model::{DecisionKind, Flag, GameResult, Side, Withdrawal};

// Every finding code, one line each: its name, the paragraph of Article 51
// it enforces, its severity, who gets its letter, what it is
// (`Kind`: `Clock`, `Public`, `Result`, `Records`). A
// new code is a line here and the facts that make it (below); the
// compiler then asks for its facts' `code`, and a test for its letter's
// writer when it has addressees.
codes! {
    Overstep = "overstep", "51.4.3", Error, None, [Clock, Public, Result];
    LowTime = "low-time", "51.4.10", Warning, Some(BothPlayers), [Clock, Public];
    RepeatDue = "repeat-due", "51.5.1", Warning, Some(Player), [Clock, Public];
    Silence = "silence", "51.5.3", Warning, Some(PlayerCcPartner), [Clock, Public, Result];
    Transit = "transit", "51.2.5", Info, None, [];
    MissingDate = "missing-date", "51.2.3", Warning, None, [];
    IllegalMove = "illegal-move", "51.3.1", Error, None, [Records];
    DateOrder = "date-order", "51.2.3", Error, None, [Records];
    Penalty = "penalty", "51.4.7", Info, None, [Public];
    BreakLimit = "break-limit", "51.7.1", Error, None, [Public];
    BreakNotice = "break-notice", "51.7.2", Warning, Some(Player), [Public];
    RecordMissing = "record-missing", "51.9.2", Warning, Some(Owing), [Public];
    RecordsNone = "records-none", "51.9.3", Warning, Some(Owing), [Public, Result];
    AdjudicationDue = "adjudication-due", "51.9.4", Warning, Some(BothPlayers), [Public, Result];
    AdjudicationLate = "adjudication-late", "51.9.7", Warning, None, [Result];
    SealedMove = "sealed-move", "51.9.4.4", Error, None, [Result];
    // Claim letters (51.6.1) go to the claimant, the player the finding
    // names.
    ClaimLate = "claim-late", "51.6.1", Warning, Some(Player), [Clock, Result];
    ClaimUnfounded = "claim-unfounded", "51.6.1", Warning, Some(Player), [Clock, Result];
    ClaimRepeated = "claim-repeated", "51.6.7", Warning, None, [Clock, Result];
    ClaimOpen = "claim-open", "51.6.5", Warning, None, [Result];
    Ruling = "ruling", "51.6.5", Info, Some(BothPlayers), [];
    Withdrawal = "withdrawal", "51.8.2", Info, Some(Player), [];
    ProtestOpen = "protest-open", "51.6.4", Info, None, [Result];
    AppealOpen = "appeal-open", "51.1.10", Info, None, [];
    StatedTime = "stated-time", "51.2.1", Warning, None, [];
    PgnMismatch = "pgn-mismatch", "51.9.1", Error, None, [Records];
    ResultConflict = "result-conflict", "51.1.7", Error, None, [Records];
    MissingLog = "missing-log", "51.1.4", Warning, None, [];
    ReadAs = "read-as", "51.2.4", Info, None, [];
    NoAccess = "no-access", "51.1.6", Warning, None, [];
    // 51.1.5: the partner the finding names is asked for the
    // correspondence of its game.
    Correspondence = "correspondence", "51.1.5", Info, Some(Player), [];
    AddressChange = "address-change", "51.1.2", Info, None, [];
    LostLetter = "lost-letter", "51.5.2", Info, None, [];
    BadInput = "bad-input", "—", Error, None, [Records];
}

/// What a finding says, as data: a family of findings, and in it one
/// variant per thing said, with the moves, dates, days, sides and names it
/// rests on (report.json: `facts`). The finding stages (load, game, rules)
/// make these and never word them; `crate::messages::said` words them in
/// the tournament's language where a finding is shown (a page, the
/// arbiter's files, a letter).
///
/// report.json writes only the family's variant, tagged with its `kind`
/// (`{"kind": "penalty", "days": 2, ...}`): the family is no part of it.
/// The families stand in the order of their sections, so that findings
/// equal in all else order by family, then by variant (the findings of one
/// row, [`RowFacts`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Facts {
    /// A sentence already worded: a finding read back from a previous
    /// report.json (its `message`), or one the report stage words itself
    /// (a tournament folder with a reserved name).
    Text(Worded),

    // --- rules: dates and clocks (51.2, 51.4, 51.5, 51.6, 51.9) ---
    /// 51.2.3, 51.2.5, 51.4.7: one row of a move log, its penalty days and
    /// its dates.
    Row(RowFacts),
    /// 51.4, 51.5: a side's thinking time and its silences.
    Clock(ClockFacts),
    /// 51.8.2, 51.9: the records and adjudication materials due.
    Record(RecordFacts),
    /// 51.2.1, 51.6.1, 51.6.7: overstep claims and stated totals.
    Claim(ClaimFacts),
    /// 51.1.10, 51.6.4: the days to protest and to appeal.
    Appeal(AppealFacts),
    /// 51.7: the breaks.
    Break(BreakFacts),

    // --- game: the records (51.1.4, 51.2.3, 51.2.4, 51.3.1, 51.9) ---
    /// 51.1.4, 51.2.3: a game's files and the dates assumed in them.
    Read(ReadFacts),
    /// 51.9.1: the PGN against the move log.
    Pgn(PgnFacts),
    /// 51.2.4, 51.3.1: the moves as replayed.
    Replay(ReplayFacts),
    /// 51.1.7, 51.9.4.4: the result and the sealed move.
    Result(ResultFacts),
    /// 51.1.2, 51.1.5, 51.1.6, 51.5.2: addresses, access and letters.
    Post(PostFacts),

    // --- load: the files and tables (docs/format.md; bad input, section 9) ---
    /// The folders and files of the tournaments folder.
    File(FileFacts),
    /// tournament.toml and the tables as files.
    Table(TableFacts),
    /// A row of a move log that cannot be read.
    Log(LogFacts),
    /// A name as written against players.csv.
    Name(NameFacts),
    /// A PGN file that cannot be read.
    PgnFile(PgnFileFacts),
    /// A row of players.csv, pairings.csv, breaks.csv or decisions.csv.
    Entry(EntryFacts),
}

/// A sentence already worded (report.json: `{"kind": "text", "text": ...}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename = "text")]
pub struct Worded {
    pub text: String,
}

/// What the clock finds of one row of a move log: the penalty days charged
/// for it (51.4.7, 51.4.9), its dates out of order (51.2.3) and its days in
/// transit (51.2.5).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum RowFacts {
    /// 51.4.7, 51.4.9: penalty days charged for a row.
    Penalty {
        days: i64,
        move_no: u32,
        side: Side,
        why: PenaltyWhy,
    },
    // (The findings of one row, equal in all else, stand in this order.)
    /// 51.2.3: a row's date after the report's date.
    DateAfterReportDate {
        move_no: u32,
        side: Side,
        which: DateKind,
        date: NaiveDate,
        as_of: NaiveDate,
    },
    /// 51.2.3: received before the partner sent anything it could answer.
    ReceivedBeforePartnerSent {
        move_no: u32,
        side: Side,
        received: NaiveDate,
        partner_sent: Option<NaiveDate>,
    },
    /// 51.2.3: a row sent before it was received.
    SentBeforeReceived {
        move_no: u32,
        side: Side,
        sent: NaiveDate,
        received: NaiveDate,
    },
    /// 51.2.5: a message over a day in transit.
    SlowTransit {
        sent: NaiveDate,
        days: i64,
        received: NaiveDate,
    },
}

/// A side's thinking time: over its allowance (51.4.3), short of it (51.4.10),
/// a reply awaited (51.5.1) and no move at all (51.5.3).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ClockFacts {
    /// 51.4.3: a completed control over its allowance.
    Overstep {
        player: String,
        used: i64,
        control: u32,
        allowance: i64,
        /// The arbiter's ruling on the game since (51.6.5): the overstep is
        /// a note from then on.
        ruled: Option<NaiveDate>,
    },
    /// 51.4.3: the days left at the current control below zero, the
    /// running days counted.
    OverstepRunning {
        player: String,
        left: i64,
        control: u32,
        used: i64,
        running: i64,
        allowance: i64,
        /// As for [`ClockFacts::Overstep`].
        ruled: Option<NaiveDate>,
    },
    /// 51.4.10: 0 to 5 days left to the next control, for the moves from
    /// `next_move` to `control`; the next one due by `move_by` when the
    /// side owes it.
    LowTime {
        player: String,
        left: i64,
        control: u32,
        next_move: u32,
        move_by: Option<NaiveDate>,
    },
    /// 51.5.1: no reply for over 14 days, the partner's break days not
    /// counted.
    RepeatDue {
        player: String,
        side: Side,
        move_no: u32,
        /// The sent date of the move unanswered.
        sent: NaiveDate,
        /// Days since `sent`, the partner's declared breaks not counted.
        waited: i64,
        /// The days of the partner's declared breaks since `sent`.
        partner_break_days: i64,
    },
    /// 51.5.3: no move for over 40 days.
    Silence {
        player: String,
        /// The sent date of the last row that entered the game (the start
        /// when none did).
        last_move: NaiveDate,
        /// Days since, the breaks of the side to move not counted.
        quiet: i64,
        break_days: i64,
    },
}

/// The records a finished game is owed (51.8.2, 51.9.1, 51.9.3) and the
/// adjudication materials due at the end of play (51.9.4, 51.9.7).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum RecordFacts {
    /// 51.8.2: the partner of a withdrawn player has not sent its record.
    WithdrawalRecordMissing { partner: String, withdrawn: String },
    /// 51.9.3: a finished game with a record from neither side.
    RecordsNone,
    /// 51.9.1: one side has not sent its record.
    RecordNotSent { player: String },
    /// 51.9.1: a finished game without its PGN file.
    PgnRecordMissing { game: String },
    /// 51.9.7: adjudication materials sent after they were due.
    AdjudicationLate {
        player: String,
        sent: NaiveDate,
        due: NaiveDate,
    },
    /// 51.9.4: past the end, a side's adjudication materials are due.
    AdjudicationDue {
        end: NaiveDate,
        player: String,
        due: NaiveDate,
        /// The due date has passed: the right of appeal is lost (51.9.7).
        appeal_lost: bool,
    },
}

/// What a player claims or states of the clock: an overstep claim that
/// cannot stand (51.6.1, 51.6.7), totals a message states that differ from
/// the records' (51.2.1).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ClaimFacts {
    /// 51.6.1: a claim after the claimant's reply to the control move.
    ClaimLate {
        claimant: String,
        claimed: NaiveDate,
        accused: String,
        control: u32,
        reply: NaiveDate,
    },
    /// 51.6.1: a claim the records do not bear out.
    ClaimUnfounded {
        claimant: String,
        claimed: NaiveDate,
        accused: String,
        left: i64,
        control: u32,
    },
    /// 51.6.7: a claim after a rejected one, before the next control move.
    ClaimRepeated {
        claimant: String,
        claimed: NaiveDate,
        rejected_on: NaiveDate,
        control: u32,
    },
    /// 51.6.3, 51.6.5: a claim the arbiter has not ruled on yet; the
    /// protest period (51.6.4) ends on `due`.
    ClaimOpen {
        claimant: String,
        claimed: NaiveDate,
        accused: String,
        due: NaiveDate,
    },
    /// 51.6.5, 51.6.6: the arbiter ruled on a claim on `ruled`, giving
    /// `result` (`*`: rejected, the game goes on).
    Ruling {
        claimant: String,
        claimed: NaiveDate,
        accused: String,
        ruled: NaiveDate,
        result: GameResult,
    },
    /// 51.2.1: the totals a message states differ from the records'.
    StatedTime {
        move_no: u32,
        side: Side,
        /// White's and Black's totals as stated, where stated.
        stated: [Option<i64>; 2],
        /// White's and Black's totals as the records give them.
        totals: [i64; 2],
    },
}

/// The days running for a player to protest against a claim (51.6.4) or
/// to appeal a decision (51.1.10, 51.9.9).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum AppealFacts {
    /// 51.6.4: the days to protest against a claim run.
    ProtestOpen {
        accused: String,
        claimant: String,
        date: NaiveDate,
        due: NaiveDate,
    },
    /// 51.1.10, 51.9.9: the days to appeal a decision run.
    AppealOpen {
        decision: DecisionKind,
        result: Option<GameResult>,
        player: Option<String>,
        date: NaiveDate,
        due: NaiveDate,
    },
}

/// A player's breaks against 51.7.1 and 51.7.2.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BreakFacts {
    /// 51.7.1: a player's break days in a year over the limit.
    BreakOverLimit {
        player: String,
        days: i64,
        year: i32,
        limit: i64,
    },
    /// 51.7.2: a break declared on or after its first day, not approved.
    BreakNotInAdvance {
        player: String,
        from: NaiveDate,
        to: NaiveDate,
        declared: Option<NaiveDate>,
    },
}

/// A game's files as read: the dates assumed where a row left one out
/// (51.2.3), a file that cannot be read, a PGN of no game or of many, no
/// move log (51.1.4).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ReadFacts {
    /// 51.2.3: a received date assumed the day after the partner's sent one.
    ReceivedDateAssumed {
        date: NaiveDate,
        partner_sent: NaiveDate,
    },
    /// 51.2.3: a sent date assumed.
    SentDateAssumed {
        date: NaiveDate,
        why: SentAssumed,
    },
    /// A game's file that cannot be read.
    FileUnreadable {
        error: String,
    },
    PgnHoldsNoGame,
    PgnHoldsManyGames {
        games: usize,
    },
    /// 51.1.4: no move log; `stamped` when the PGN's stamps give a clock.
    MissingLog {
        stamped: bool,
    },
}

/// The PGN file against the move log (51.9.1). A tag differing stands
/// after a move differing, past the log or from a set-up position, and
/// before a move illegal or the PGN short (as the sentences did in both
/// languages).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PgnFacts {
    PgnDiffersFromLog {
        move_no: u32,
        side: Side,
        san: String,
        logged: String,
    },
    PgnLongerThanLog {
        move_no: u32,
        side: Side,
        san: String,
    },
    PgnFromSetUpPosition,
    /// The PGN's White or Black tag read as the paired name.
    PgnTagReadAsPaired {
        tag: String,
        value: String,
        paired: String,
    },
    PgnTagDiffersFromPairing {
        tag: String,
        value: String,
        paired: String,
    },
    PgnMoveIllegal {
        move_no: u32,
        side: Side,
        san: String,
    },
    PgnShorterThanLog {
        pgn_plies: usize,
        log_plies: usize,
        move_no: u32,
        side: Side,
    },
    PgnStampBeforePrevious {
        move_no: u32,
        side: Side,
        date: NaiveDate,
        previous_no: u32,
        previous_side: Side,
        previous: NaiveDate,
    },
    PgnStampAfterReportDate {
        move_no: u32,
        side: Side,
        date: NaiveDate,
        as_of: NaiveDate,
    },
}

/// The moves of a game as replayed on the board: out of turn, not playable
/// (51.3.1), read only after folding look-alike letters (51.2.4).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ReplayFacts {
    /// A row out of turn: the move expected, and the row's.
    MovesDoNotAlternate {
        expected_side: Side,
        expected_no: u32,
        side: Side,
        no: u32,
    },
    /// 51.3.1: a move that cannot be played, and what else it was tried as.
    MoveNotPlayable {
        side: Side,
        move_no: u32,
        written: String,
        why: Unplayable,
        tried: Vec<String>,
    },
    /// 51.2.4: a side's moves read only after folding look-alike letters.
    MovesReadAs { side: Side, moves: Vec<MoveReadAs> },
}

/// A game's result: disputed between its records (51.1.7), or a sealed move
/// that cannot stand (51.9.4.4).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ResultFacts {
    /// 51.1.7: the log, the board and the PGN disagree on the result.
    ResultDisputed { said: Vec<(GameResult, ResultWitness)> },
    /// 51.9.4.4: a sealed move not legal in the final position.
    SealedMoveIllegal { player: String, written: String },
    /// 51.9.4.4: a sealed move from the side not to move.
    SealedMoveNotToMove { player: String, written: String },
}

/// The post between the players: access lost (51.1.5, 51.1.6), an address
/// changed (51.1.2), a letter lost (51.5.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PostFacts {
    /// 51.1.5, 51.1.6: a player reported its email lost or its equipment
    /// broken; unless access is restored by `due`, it counts as withdrawn.
    NoAccess {
        player: String,
        reported: NaiveDate,
        due: NaiveDate,
        /// It asked the arbiter for its lost correspondence (51.1.5).
        correspondence: bool,
        /// `due` has passed without an `email` or `access` decision.
        withdrawn: bool,
    },
    /// 51.1.5: the arbiter asks a partner for the correspondence of a game
    /// in play that a player lost with its email or equipment.
    Correspondence {
        partner: String,
        player: String,
        reported: NaiveDate,
    },
    /// 51.1.2: a player's new address, in force from `from`.
    AddressChange {
        player: String,
        old: String,
        new: String,
        from: NaiveDate,
    },
    /// 51.8.1, 51.8.2: `withdrawn` withdrew on `date`; its unfinished game
    /// with `partner` is forfeited, adjudicated or struck out (`how`).
    Withdrawal {
        withdrawn: String,
        partner: String,
        how: Withdrawal,
        date: NaiveDate,
    },
    /// 51.5.2: a repeat revealed that a letter was lost: its receiver
    /// tells the partner and the arbiter within 3 days.
    LostLetter {
        receiver: String,
        sender: String,
        move_no: u32,
        side: Side,
        repeated: NaiveDate,
        due: NaiveDate,
    },
}

/// The folders and files of the tournaments folder (docs/format.md): what
/// is not read, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum FileFacts {
    /// A folder of the tournaments folder that cannot be read.
    FolderUnreadable {
        error: String,
    },
    /// A folder that is a link: not followed.
    FolderIsALink {
        folder: String,
    },
    /// A tournament folder whose name is not an id.
    FolderNameNotAnId {
        folder: String,
    },
    /// A tournament folder named as a file the tool writes beside the
    /// tournaments (`index.html`, `static`): skipped.
    FolderReserved {
        id: String,
    },
    /// A second tournament folder of the same id.
    FolderIdTwice {
        id: String,
    },
    GamesFolderNotFollowed,
    /// The games/ entry `name` is not read: `why`; `near` is the paired
    /// game its name is near, if any.
    GameFileNotRead {
        name: String,
        why: GameFileWhy,
        near: Option<String>,
    },
    /// A file of games/ that belongs to no paired game.
    GameFileUnpaired {
        name: String,
        near: Option<String>,
    },
    /// A link in games/ that cannot be followed.
    FileLinkBroken {
        error: String,
    },
    GameFileLinkLeadsOut,
    GameFileNotAFile,
    /// A file of games/ whose name is not a game id.
    GameFileNameNotAnId {
        near: Option<String>,
    },
    /// Lock and temporary files of a spreadsheet that has a log open.
    EditorLockFiles {
        files: Vec<String>,
    },
    FileLinkLeadsOut,
    RequiredFileMissing {
        file: String,
    },
    /// A file not opened: what it is instead.
    Refused {
        why: FileRefusal,
    },
    /// A file that cannot be opened as a regular file; `path` as the
    /// error names it.
    FileRefused {
        path: String,
        why: FileRefusal,
    },
}

/// tournament.toml and the CSV tables as files: unreadable, in a wrong
/// encoding, a header short of its columns, an address missing or out of
/// place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TableFacts {
    /// tournament.toml cannot be read: `error` says why, worded by the
    /// settings reader in the language the file names.
    SettingsUnreadable {
        error: String,
    },
    SettingsEndBeforeStart {
        end: NaiveDate,
        start: NaiveDate,
    },
    /// The settings file is spelt in another case.
    SettingsFileMisspelt {
        name: String,
    },
    PlayersUnreadable,
    /// A table's bytes are not text in its encoding.
    TableNotDecodable {
        encoding: String,
    },
    TableHoldsControlBytes,
    /// A CSV error that ends a table (the csv crate's sentence).
    TableUnreadable {
        error: String,
    },
    RowFieldCount {
        fields: usize,
        columns: usize,
    },
    TableEmpty {
        required: Vec<String>,
    },
    /// A table the tournament needs (players.csv, pairings.csv) holds its
    /// header and no row.
    TableNoRows,
    /// An email cell that is not one address (RFC 5322 addr-spec): what it
    /// holds.
    EmailNotOneAddress {
        text: String,
    },
    /// A player with an empty email cell and no `email` decision: no letter
    /// goes to them.
    EmailMissing {
        player: String,
    },
    /// A tournament.toml without an `arbiter_email`: no letter is prepared.
    ArbiterEmailMissing,
    /// A name or other shown text that holds an address or what reads as
    /// one (an at sign, written out or hidden, `… at … dot …`): the text as
    /// written, and as the report shows it, without the address.
    NameHoldsAddress {
        name: String,
        shown: String,
    },
    /// More findings about one file's rows than are listed ([`MAX_PER_FILE`]):
    /// how many more.
    FindingsCapped {
        more: usize,
    },
    HeaderLacksColumns {
        missing: Vec<String>,
        required: Vec<String>,
        /// Header names that name no column, each with the missing
        /// column's name it is nearest: (as written, the name meant).
        near: Vec<(String, String)>,
    },
}

/// A row of a move log that cannot be read (docs/format.md, "Move logs").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LogFacts {
    ThinkingRowNotLast,
    MoveNoTooHigh {
        no: String,
        max: u32,
    },
    NotAMoveNo {
        text: String,
    },
    BadSide {
        text: String,
    },
    UnknownFlag {
        text: String,
    },
    /// A date column of a move log that is not a date.
    ColumnNotADate {
        column: String,
        text: String,
        short: String,
    },
    RowWithoutMove,
    StatedNotDays {
        column: String,
        text: String,
    },
}

/// A player's name as written in a table or a PGN tag, against players.csv
/// (docs/format.md, "Names").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NameFacts {
    NameReadAsPlayer { written: String, player: String },
    NameAmbiguous { written: String, players: Vec<String> },
    NameUnknown { written: String, closest: Option<String> },
}

/// A PGN file that cannot be read to its end.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PgnFileFacts {
    PgnHoldsNul,
    PgnStampNotADate { move_no: u32, side: Side, text: String },
    PgnUnreadableToEnd { error: String },
}

/// A row of players.csv, pairings.csv, breaks.csv or decisions.csv that
/// cannot stand.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EntryFacts {
    PlayerWithoutName,
    PlayerTwice {
        name: String,
    },
    NotAGameId {
        game: String,
    },
    GamePairedTwice {
        game: String,
    },
    PairedAgainstThemself {
        player: String,
    },
    BreakEndsBeforeStart {
        from: NaiveDate,
        to: NaiveDate,
    },
    BadApproved {
        text: String,
    },
    /// A date that is not one, as written and shortened (the Russian
    /// shows it shortened).
    NotADate {
        text: String,
        short: String,
    },
    DecisionNeedsPairedGame {
        decision: String,
        game: String,
    },
    DecisionNeedsPlayer {
        decision: String,
    },
    PlayerNotInGame {
        player: String,
        game: String,
    },
    UnknownDecisionKind {
        text: String,
    },
    NotAResult {
        text: String,
    },
    BadWithdrawalResult {
        text: String,
    },
    /// A `no-access` decision's result that is neither empty nor
    /// `correspondence`.
    BadNoAccessResult {
        text: String,
    },
    /// An `email` decision whose note is not an address.
    EmailDecisionNeedsAddress {
        text: String,
    },
}

impl Facts {
    /// The code of a finding that says this: one code a variant, so that a
    /// finding's code is never chosen apart from what it says. A sentence
    /// already worded has no facts to tell its code by: it is `bad-input`
    /// unless made with [`Finding::worded`](super::Finding::worded).
    pub fn code(&self) -> Code {
        match self {
            Facts::Text(_) => Code::BadInput,
            Facts::Row(f) => f.code(),
            Facts::Clock(f) => f.code(),
            Facts::Record(f) => f.code(),
            Facts::Claim(f) => f.code(),
            Facts::Appeal(f) => f.code(),
            Facts::Break(f) => f.code(),
            Facts::Read(f) => f.code(),
            Facts::Pgn(f) => f.code(),
            Facts::Replay(f) => f.code(),
            Facts::Result(f) => f.code(),
            Facts::Post(f) => f.code(),
            Facts::Name(NameFacts::NameReadAsPlayer { .. }) => Code::ReadAs,
            Facts::File(_) | Facts::Table(_) | Facts::Log(_) | Facts::Name(_) | Facts::PgnFile(_) | Facts::Entry(_) => {
                Code::BadInput
            }
        }
    }
}

impl RowFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            RowFacts::Penalty { .. } => Code::Penalty,
            RowFacts::DateAfterReportDate { .. }
            | RowFacts::ReceivedBeforePartnerSent { .. }
            | RowFacts::SentBeforeReceived { .. } => Code::DateOrder,
            RowFacts::SlowTransit { .. } => Code::Transit,
        }
    }
}

impl ClockFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            ClockFacts::Overstep { .. } | ClockFacts::OverstepRunning { .. } => Code::Overstep,
            ClockFacts::LowTime { .. } => Code::LowTime,
            ClockFacts::RepeatDue { .. } => Code::RepeatDue,
            ClockFacts::Silence { .. } => Code::Silence,
        }
    }
}

impl RecordFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            RecordFacts::WithdrawalRecordMissing { .. }
            | RecordFacts::RecordNotSent { .. }
            | RecordFacts::PgnRecordMissing { .. } => Code::RecordMissing,
            RecordFacts::RecordsNone => Code::RecordsNone,
            RecordFacts::AdjudicationLate { .. } => Code::AdjudicationLate,
            RecordFacts::AdjudicationDue { .. } => Code::AdjudicationDue,
        }
    }
}

impl ClaimFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            ClaimFacts::ClaimLate { .. } => Code::ClaimLate,
            ClaimFacts::ClaimUnfounded { .. } => Code::ClaimUnfounded,
            ClaimFacts::ClaimRepeated { .. } => Code::ClaimRepeated,
            ClaimFacts::ClaimOpen { .. } => Code::ClaimOpen,
            ClaimFacts::Ruling { .. } => Code::Ruling,
            ClaimFacts::StatedTime { .. } => Code::StatedTime,
        }
    }
}

impl AppealFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            AppealFacts::ProtestOpen { .. } => Code::ProtestOpen,
            AppealFacts::AppealOpen { .. } => Code::AppealOpen,
        }
    }
}

impl BreakFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            BreakFacts::BreakOverLimit { .. } => Code::BreakLimit,
            BreakFacts::BreakNotInAdvance { .. } => Code::BreakNotice,
        }
    }
}

impl ReadFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            ReadFacts::ReceivedDateAssumed { .. } | ReadFacts::SentDateAssumed { .. } => Code::MissingDate,
            ReadFacts::FileUnreadable { .. } | ReadFacts::PgnHoldsNoGame | ReadFacts::PgnHoldsManyGames { .. } => {
                Code::BadInput
            }
            ReadFacts::MissingLog { .. } => Code::MissingLog,
        }
    }
}

impl PgnFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            PgnFacts::PgnTagReadAsPaired { .. } => Code::ReadAs,
            PgnFacts::PgnStampBeforePrevious { .. } | PgnFacts::PgnStampAfterReportDate { .. } => Code::DateOrder,
            PgnFacts::PgnDiffersFromLog { .. }
            | PgnFacts::PgnLongerThanLog { .. }
            | PgnFacts::PgnFromSetUpPosition
            | PgnFacts::PgnTagDiffersFromPairing { .. }
            | PgnFacts::PgnMoveIllegal { .. }
            | PgnFacts::PgnShorterThanLog { .. } => Code::PgnMismatch,
        }
    }
}

impl ReplayFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            ReplayFacts::MovesDoNotAlternate { .. } => Code::BadInput,
            ReplayFacts::MoveNotPlayable { .. } => Code::IllegalMove,
            ReplayFacts::MovesReadAs { .. } => Code::ReadAs,
        }
    }
}

impl ResultFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            ResultFacts::ResultDisputed { .. } => Code::ResultConflict,
            ResultFacts::SealedMoveIllegal { .. } | ResultFacts::SealedMoveNotToMove { .. } => Code::SealedMove,
        }
    }
}

impl PostFacts {
    /// The code of a finding that says this.
    pub fn code(&self) -> Code {
        match self {
            PostFacts::NoAccess { .. } => Code::NoAccess,
            PostFacts::Correspondence { .. } => Code::Correspondence,
            PostFacts::AddressChange { .. } => Code::AddressChange,
            PostFacts::LostLetter { .. } => Code::LostLetter,
            PostFacts::Withdrawal { .. } => Code::Withdrawal,
        }
    }
}

/// `From<family> for Facts`: a family's facts are a finding's facts.
macro_rules! families {
    ($($family:ident($facts:ident)),* $(,)?) => {$(
        impl From<$facts> for Facts {
            fn from(facts: $facts) -> Facts {
                Facts::$family(facts)
            }
        }
    )*};
}

families!(
    Row(RowFacts),
    Clock(ClockFacts),
    Record(RecordFacts),
    Claim(ClaimFacts),
    Appeal(AppealFacts),
    Break(BreakFacts),
    Read(ReadFacts),
    Pgn(PgnFacts),
    Replay(ReplayFacts),
    Result(ResultFacts),
    Post(PostFacts),
    File(FileFacts),
    Table(TableFacts),
    Log(LogFacts),
    Name(NameFacts),
    PgnFile(PgnFileFacts),
    Entry(EntryFacts),
);

impl From<String> for Facts {
    fn from(text: String) -> Facts {
        Facts::Text(Worded { text })
    }
}

impl From<&str> for Facts {
    fn from(text: &str) -> Facts {
        Facts::Text(Worded { text: text.to_string() })
    }
}

/// Why penalty days were charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PenaltyWhy {
    /// 51.4.9: a move repeated late after it was lost.
    RepeatLate { repeat_days: i64, grace_days: i64 },
    /// 51.4.7: a faulty message, by its flag.
    Faulty { flag: Flag },
}

/// Why a file of games/ is not read (with [`FileFacts::GameFileNotRead`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum GameFileWhy {
    /// The game already has a file of this kind.
    Twice { stem: String, first: String },
    /// Not a `.csv` or `.pgn`.
    NameUnknown,
}

/// Why a path is not opened as a file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum FileRefusal {
    TooBig { bytes: u64, limit_mb: u64 },
    Folder,
    NotRegular,
    Unreadable { error: String },
}

/// Which of a row's dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DateKind {
    Received,
    Sent,
}

/// How a missing sent date was assumed (51.2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SentAssumed {
    /// The day before the partner received it.
    DayBeforePartnerReceived,
    /// The day the move was received.
    OnDayReceived,
}

/// Why a move cannot be played (51.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unplayable {
    Unreadable,
    Illegal,
    Ambiguous,
}

/// One move read only after folding look-alike letters (51.2.4).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct MoveReadAs {
    pub no: u32,
    pub written: String,
    pub san: String,
}

/// Which record says a result (51.1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultWitness {
    Log,
    Position,
    PgnTag,
}

#[cfg(test)]
mod tests {
    use super::*;

    // report.json (docs/format.md, `facts`): a finding's facts are its
    // variant tagged with its kind; the family is no part of them.
    #[test]
    fn facts_are_written_with_their_kind_and_without_their_family() {
        let json = |facts: Facts| serde_json::to_string(&facts).unwrap();
        let penalty = RowFacts::Penalty {
            days: 2,
            move_no: 9,
            side: Side::White,
            why: PenaltyWhy::Faulty { flag: Flag::Impossible },
        };
        assert_eq!(
            json(penalty.into()),
            r#"{"kind":"penalty","days":2,"move_no":9,"side":"white","why":{"kind":"faulty","flag":"impossible"}}"#
        );
        assert_eq!(json(RecordFacts::RecordsNone.into()), r#"{"kind":"records-none"}"#);
        assert_eq!(json("as worded".into()), r#"{"kind":"text","text":"as worded"}"#);
    }

    // The findings of one row, equal in all else, stand in the order of
    // the families, then of their variants.
    #[test]
    fn facts_order_by_family_then_by_variant() {
        let text: Facts = "z".into();
        let penalty: Facts = RowFacts::Penalty {
            days: 2,
            move_no: 9,
            side: Side::White,
            why: PenaltyWhy::Faulty { flag: Flag::Impossible },
        }
        .into();
        let transit: Facts = RowFacts::SlowTransit {
            sent: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
            days: 3,
            received: NaiveDate::from_ymd_opt(2026, 3, 4).unwrap(),
        }
        .into();
        let low_time: Facts = ClockFacts::LowTime {
            player: "A".into(),
            left: 3,
            control: 10,
            next_move: 8,
            move_by: None,
        }
        .into();
        let unread: Facts = EntryFacts::PlayerWithoutName.into();
        assert!(text < penalty && penalty < transit && transit < low_time && low_time < unread);
    }
}
